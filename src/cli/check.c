/*
 * check.c -- `schafkopf check`: replays game records (JSON Lines),
 * checks every action against the rules and prints each game's result
 * as one JSON line.  An illegal action is reported with the game, the
 * action's index, the seat, the action and the rule; the exit status is
 * then 1.
 */
#include "cli.h"

#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* Prints the usage of `check`. */
static void check_usage(FILE *out)
{
    fprintf(out, "usage: schafkopf check [--quiet] [FILE...]\n\n"
                 "Replays every game record (JSON Lines; stdin when no FILE), checks each\n"
                 "action against the rules and prints one JSON line per game: contract,\n"
                 "declarer, partner, trick_winners, points, declarer_side_points, won,\n"
                 "schneider, schwarz, laufende, multiplier, money, tournament ...\n"
                 "Exit status 1 if any record is malformed or has an illegal action.\n\n"
                 "  -q, --quiet   print only errors\n"
                 "  -h, --help    this help\n");
}

/* Prints a result line with the game's number and id in front. */
static void print_result(long game, const char *id, const char *json)
{
    json_t *obj = json_object();
    json_t *res = json_loads(json, 0, NULL);
    json_object_set_new(obj, "game", json_integer(game));
    if (id[0])
        json_object_set_new(obj, "id", json_string(id));
    json_object_update(obj, res);
    char *line = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (line)
        puts(line);
    free(line);
    json_decref(res);
    json_decref(obj);
}

/* Checks one line holding one record; returns 0 when it is legal. */
static int check_line(const char *file, long lineno, long game, const char *line, size_t len,
                      bool quiet)
{
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    sk_error err = {{0}, NULL};
    int bad = -1, status = 1;
    if (!rec || !g) {
        fprintf(stderr, "schafkopf: out of memory\n");
        goto out;
    }
    if (sk_record_read(rec, line, len, &err) < 0) {
        fprintf(stderr, "%s:%ld: game %ld: bad record: %s\n", file, lineno, game, err.msg);
        goto out;
    }
    if (sk_record_replay(rec, g, &bad, &err) < 0) {
        char what[48] = "";
        if (bad >= 0 && bad < rec->nactions)
            sk_action_format(rec->actions[bad], what, sizeof what);
        fprintf(stderr, "%s:%ld: game %ld%s%s%s: action %d (seat %d, %s): %s\n", file, lineno,
                game, rec->id[0] ? " (id " : "", rec->id, rec->id[0] ? ")" : "", bad,
                bad >= 0 && bad < rec->nactions ? rec->actions[bad].seat : -1, what, err.msg);
        goto out;
    }
    if (!sk_game_over(g)) {
        fprintf(stderr, "%s:%ld: game %ld: the record ends before the game is over\n", file,
                lineno, game);
        goto out;
    }
    sk_result res;
    sk_game_result(g, &res, NULL);
    char *json = sk_result_json(&res);
    if (!json) {
        fprintf(stderr, "schafkopf: out of memory\n");
        goto out;
    }
    if (!quiet)
        print_result(game, rec->id, json);
    free(json);
    status = 0;
out:
    free(rec);
    free(g);
    return status;
}

/* Checks every record of one stream; returns how many failed. */
static long check_stream(const char *name, FILE *in, long *game, bool quiet)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0, failed = 0;
    while ((len = getline(&line, &cap, in)) >= 0) {
        lineno++;
        size_t i = 0;
        while (i < (size_t)len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' ||
                                   line[i] == '\n'))
            i++;
        if (i == (size_t)len)
            continue;
        ++*game;
        failed += check_line(name, lineno, *game, line, (size_t)len, quiet) != 0;
    }
    free(line);
    return failed;
}

int sk_cmd_check(int argc, char **argv)
{
    static const struct option opts[] = {
        {"quiet", no_argument, 0, 'q'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    bool quiet = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "qh", opts, NULL)) != -1) {
        if (c == 'q') {
            quiet = true;
        } else if (c == 'h') {
            check_usage(stdout);
            return 0;
        } else {
            check_usage(stderr);
            return 2;
        }
    }
    long game = 0, failed = 0;
    if (optind == argc)
        failed = check_stream("<stdin>", stdin, &game, quiet);
    for (int i = optind; i < argc; i++) {
        FILE *f = strcmp(argv[i], "-") == 0 ? stdin : fopen(argv[i], "r");
        if (!f) {
            fprintf(stderr, "schafkopf: check: cannot open %s\n", argv[i]);
            failed++;
            continue;
        }
        failed += check_stream(argv[i], f, &game, quiet);
        if (f != stdin)
            fclose(f);
    }
    if (failed)
        fprintf(stderr, "schafkopf: check: %ld of %ld games failed\n", failed, game);
    return failed ? 1 : 0;
}
