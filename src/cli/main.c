/*
 * main.c -- the `schafkopf` program: dispatches to a subcommand.
 */
#include "cli.h"
#include "lab/lab.h"
#include "term/term.h"

#include <sodium.h>
#include <string.h>
#include <unistd.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command COMMANDS[] = {
    {"check", skx_cmd_check, "replay game records, check every action, print results"},
    {"deal", skx_cmd_deal, "show a deal from a seed"},
    {"legal", skx_cmd_legal, "list the legal actions after a record prefix"},
    {"selfplay", skx_cmd_selfplay, "play random legal games and write records"},
    {"solve", skx_cmd_solve, "double-dummy values of a recorded position (all hands shown)"},
    {"bench", skx_cmd_bench, "benchmark: perft signature and random-game throughput"},
    {"rules", skx_cmd_rules, "list rule presets and options, print a preset"},
    {"play", skx_cmd_play, "play against three computer players (the default on a terminal)"},
    {"replay", skx_cmd_replay, "step through a saved game record"},
    {"stats", skx_cmd_stats, "statistics of a session of play: wins by contract, money over time"},
    {"arena", skx_cmd_arena, "duplicate matches between bots or external engines"},
    {"analyze", skx_cmd_analyze, "rate every decision of a recorded game (sampled and double dummy)"},
    {"agree", skx_cmd_agree, "how often a bot chooses what was recorded (human-move agreement)"},
    {"learn", skx_cmd_learn, "fit the bots' card-play model to the cards people played"},
    {"serve", skx_cmd_serve, "run the game server for online play (HTTP and WebSocket)"},
    {"sheet", skx_cmd_sheet, "keep the score of games played at a real table"},
    {"tournament", skx_cmd_tournament, "run a Preisschafkopf tournament: draws, sheets, standings"},
};
#define NCOMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

/* Prints the program's usage. */
static void usage(FILE *out)
{
    fprintf(out, "usage: schafkopf COMMAND [OPTIONS]\n\nBavarian Schafkopf (version %s).\n\n"
                 "commands:\n", SK_VERSION);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-10s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(out, "\n'schafkopf COMMAND --help' describes a command's options.\n");
}

int main(int argc, char **argv)
{
    if (sodium_init() < 0) { /* the engines' ids and seeds are keyed hashes */
        fprintf(stderr, "schafkopf: libsodium failed to start\n");
        return 1;
    }
    if (argc < 2) {
        if (isatty(0) && isatty(1)) {
            char *play_argv[] = {"play", NULL};
            return skx_cli_finish_output(skx_cmd_play(1, play_argv));
        }
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "help") == 0 && argc > 2) /* help COMMAND: its own --help */
        for (size_t i = 0; i < NCOMMANDS; i++)
            if (strcmp(argv[2], COMMANDS[i].name) == 0) {
                char help[] = "--help";
                char *help_argv[] = {argv[2], help, NULL};
                return skx_cli_finish_output(COMMANDS[i].run(2, help_argv));
            }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return skx_cli_finish_output(0);
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("schafkopf %s\n", SK_VERSION);
        return skx_cli_finish_output(0);
    }
    /* Every subcommand's output is checked once more at its end: a
     * write error buffered so far (a full disk) fails the command. */
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(argv[1], COMMANDS[i].name) == 0)
            return skx_cli_finish_output(COMMANDS[i].run(argc - 1, argv + 1));
    char q[SK_CLI_QUOTE];
    fprintf(stderr, "schafkopf: unknown command \"%s\"\n", skx_cli_quote(q, argv[1]));
    usage(stderr);
    return 2;
}
