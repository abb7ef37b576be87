/*
 * selfplay.c -- `schafkopf selfplay`: a session of random legal games
 * (auction, declaration, Kontra and cards all random), written as game
 * records, one JSON line per game.  Useful as test data and to exercise
 * the engine.
 */
#include "lab/lab.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* Prints the usage of `selfplay`. */
static void selfplay_usage(FILE *out)
{
    fprintf(out, "usage: schafkopf selfplay [--games N] [--seed S] [--out FILE] [RULE OPTIONS]\n\n"
                 "Plays a session of N random legal games (dealer rotating) and writes each\n"
                 "as a game record (JSON Lines) to stdout or FILE.\n\n"
                 "  --games N       number of games (default 10)\n"
                 "  --seed S        random seed (default: OS random source)\n"
                 "  --out FILE      write records to FILE instead of stdout\n"
                 "  --preset NAME   ruleset preset, before any --rule/--rules\n"
                 "  --rule K=V      set one rule option (repeatable)\n"
                 "  --rules FILE    read a ruleset file\n"
                 "  -h, --help      this help\n");
}

int skx_cmd_selfplay(int argc, char **argv)
{
    static const struct option opts[] = {{"games", required_argument, 0, 'n'},
                                         {"seed", required_argument, 0, 's'},
                                         {"out", required_argument, 0, 'o'},
                                         {"help", no_argument, 0, 'h'},
                                         {"preset", required_argument, 0, SKX_OPT_PRESET},
                                         {"rule", required_argument, 0, SKX_OPT_RULE},
                                         {"rules", required_argument, 0, SKX_OPT_RULES_FILE},
                                         {0, 0, 0, 0}};
    sk_rules rules;
    sk_rules_preset(&rules, "official", NULL);
    uint64_t games = 10, seed = 0;
    bool seeded = false;
    const char *out_path = NULL;
    int c;
    optind = 1;
    bool rules_seen = false;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'n') {
            if (skx_cli_number("games", optarg, 1000000000, &games) < 0)
                return 2;
        } else if (c == 's') {
            if (skx_cli_number("seed", optarg, UINT64_MAX, &seed) < 0)
                return 2;
            seeded = true;
        } else if (c == 'o') {
            out_path = optarg;
        } else if (c >= SKX_OPT_PRESET) {
            if (skx_cli_rules_option(&rules, c, optarg, &rules_seen) < 0)
                return 2;
        } else if (c == 'h') {
            selfplay_usage(stdout);
            return 0;
        } else {
            selfplay_usage(stderr);
            return 2;
        }
    }
    if (optind < argc) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: selfplay: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind]));
        return 2;
    }
    if (skx_cli_rules_check(&rules) < 0)
        return 2;
    sk_rng rng;
    if (seeded)
        sk_rng_seed(&rng, seed);
    else if (sk_rng_seed_os(&rng) < 0) {
        fprintf(stderr, "schafkopf: selfplay: no OS random source\n");
        return 1;
    }
    skx_cli_out file; /* --out is written whole, as every file (common.c) */
    char q[SK_CLI_QUOTE];
    if (out_path && skx_cli_out_open(&file, out_path) < 0) {
        fprintf(stderr, "schafkopf: selfplay: cannot write %s: %s\n", skx_cli_quote(q, out_path),
                skx_cli_write_error(errno));
        return 1;
    }
    FILE *out = out_path ? file.f : stdout;
    int error = 0; /* the errno of a failed write */
    sk_game *g = malloc(sizeof *g);
    sk_record *rec = malloc(sizeof *rec);
    int status = 0;
    sk_session session; /* dealer rotation, Bock and Kreuzbock rounds, five players */
    sk_session_init(&session, &rules, 3);
    for (uint64_t i = 0; g && rec && i < games; i++) {
        sk_session_deal(&session, g, &rng);
        sk_game_random_rest(g, &rng);
        char id[64];
        snprintf(id, sizeof id, "selfplay-%llu-%llu", (unsigned long long)seed,
                 (unsigned long long)i);
        sk_record_from_game(rec, g, seeded ? id : "");
        char *text = sk_record_write(rec);
        if (!text || fputs(text, out) < 0) {
            error = text ? errno : ENOMEM;
            status = 1;
            free(text);
            break;
        }
        free(text);
        sk_result res;
        sk_session_finish(&session, g, &res, NULL);
    }
    if (!g || !rec) {
        error = ENOMEM;
        status = 1;
    }
    free(g);
    free(rec);
    if (out_path && status) {
        skx_cli_out_abort(&file); /* a file named is written whole or not at all */
    } else if (out_path ? skx_cli_out_commit(&file) < 0 : fflush(out) != 0) {
        error = errno;
        status = 1;
    } else if (!out_path && ferror(out)) { /* a write failed before: its errno is gone */
        error = EIO;
        status = 1;
    }
    if (status)
        fprintf(stderr, "schafkopf: selfplay: failed to write records to %s: %s\n",
                out_path ? skx_cli_quote(q, out_path) : "stdout",
                skx_cli_write_error(error ? error : EIO));
    return status;
}
