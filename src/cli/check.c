/*
 * check.c -- `schafkopf check`: replays game records (JSON Lines),
 * checks every action against the rules and prints each game's result
 * as one JSON line.  An illegal action is reported with the game, the
 * action's index, the seat, the action and the rule; the exit status is
 * then 1.
 */
#include "cli.h"

#include <errno.h>
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
                 "A record's stored \"result\" is compared with the computed one, field by\n"
                 "field; each difference is reported (game, field, stored and computed).\n"
                 "A record line may have at most 1 MiB (SK_RECORD_MAX_LINE).\n"
                 "Exit status 1 if any record is malformed, has an illegal action or a\n"
                 "stored result that differs, or on a read or write error.\n\n"
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

/* A JSON value as short, escaped text for a message. */
static const char *value_text(const json_t *v, char buf[SK_CLI_QUOTE])
{
    if (!v)
        return skx_cli_quote(buf, "(none)");
    char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    skx_cli_quote(buf, text ? text : "?");
    free(text);
    return buf;
}

/*
 * Compares a record's stored "result" (if it has one) with the result
 * computed by replaying it: every stored field must equal the computed
 * field of that name (docs/record-format.md).  Prints one message per
 * difference; returns how many there were.
 */
static int compare_result(const char *where, const char *line, size_t len,
                          const char *computed_json)
{
    json_t *root = json_loadb(line, len, 0, NULL);
    const json_t *stored = json_object_get(root, "result");
    int diffs = 0;
    if (stored && !json_is_object(stored)) {
        fprintf(stderr, "%s: result: expected an object\n", where);
        diffs = 1;
    } else if (stored) {
        json_t *computed = json_loads(computed_json, 0, NULL);
        const char *key;
        const json_t *v;
        json_object_foreach((json_t *)stored, key, v) {
            const json_t *c = json_object_get(computed, key);
            if (c && json_equal((json_t *)v, (json_t *)c))
                continue;
            char qk[SK_CLI_QUOTE], qs[SK_CLI_QUOTE], qc[SK_CLI_QUOTE];
            fprintf(stderr, "%s: result.%s: stored %s, computed %s\n", where,
                    skx_cli_quote(qk, key), value_text(v, qs), value_text(c, qc));
            diffs++;
        }
        json_decref(computed);
    }
    json_decref(root);
    return diffs;
}

/* Checks one line holding one record; returns 0 when it is legal and its
 * stored result (if any) is the computed one. */
static int check_line(const char *file, long lineno, long game, const char *line, size_t len,
                      bool quiet)
{
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    sk_error err = {{0}, NULL};
    int bad = -1, status = 1;
    char qf[SK_CLI_QUOTE], qid[SK_CLI_QUOTE], where[3 * SK_CLI_QUOTE];
    skx_cli_quote(qf, file);
    if (!rec || !g) {
        fprintf(stderr, "schafkopf: out of memory\n");
        goto out;
    }
    if (sk_record_read(rec, line, len, &err) < 0) {
        fprintf(stderr, "%s:%ld: game %ld: bad record: %s\n", qf, lineno, game, err.msg);
        goto out;
    }
    skx_cli_quote(qid, rec->id);
    snprintf(where, sizeof where, "%s:%ld: game %ld%s%s%s", qf, lineno, game,
             rec->id[0] ? " (id " : "", rec->id[0] ? qid : "", rec->id[0] ? ")" : "");
    if (sk_record_replay(rec, g, &bad, &err) < 0) {
        char what[48] = "";
        if (bad >= 0 && bad < rec->nactions)
            sk_action_format(rec->actions[bad], what, sizeof what);
        fprintf(stderr, "%s: action %d (seat %d, %s): %s\n", where, bad,
                bad >= 0 && bad < rec->nactions ? rec->actions[bad].seat : -1, what, err.msg);
        goto out;
    }
    if (!sk_game_over(g)) {
        fprintf(stderr, "%s: the record ends before the game is over\n", where);
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
    status = compare_result(where, line, len, json) ? 1 : 0;
    free(json);
out:
    free(rec);
    free(g);
    return status;
}

/* Checks every record of one stream; returns how many failed.  A read
 * error or an overlong line ends the stream and sets *broken. */
static long check_stream(const char *name, FILE *in, long *game, bool quiet, bool *broken)
{
    char *line = NULL;
    size_t cap = 0;
    long len;
    long lineno = 0, failed = 0;
    char q[SK_CLI_QUOTE];
    while ((len = skx_cli_getline(in, &line, &cap, SK_RECORD_MAX_LINE)) >= 0) {
        lineno++;
        size_t i = 0;
        while (i < (size_t)len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            i++;
        if (i == (size_t)len)
            continue;
        ++*game;
        failed += check_line(name, lineno, *game, line, (size_t)len, quiet) != 0;
    }
    if (len == SK_CLI_TOO_LONG) {
        fprintf(stderr, "%s:%ld: a line longer than %d bytes (the most a record may have); "
                        "stopped reading\n", skx_cli_quote(q, name), lineno + 1,
                SK_RECORD_MAX_LINE);
        *broken = true;
    } else if (len == SK_CLI_READ_ERROR) {
        fprintf(stderr, "schafkopf: check: %s: read error: %s\n", skx_cli_quote(q, name),
                strerror(errno));
        *broken = true;
    }
    free(line);
    return failed;
}

int skx_cmd_check(int argc, char **argv)
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
    bool broken = false; /* a file could not be opened or read to its end */
    if (optind == argc)
        failed = check_stream("<stdin>", stdin, &game, quiet, &broken);
    for (int i = optind; i < argc; i++) {
        FILE *f = strcmp(argv[i], "-") == 0 ? stdin : fopen(argv[i], "r");
        if (!f) {
            char q[SK_CLI_QUOTE];
            fprintf(stderr, "schafkopf: check: cannot open %s: %s\n", skx_cli_quote(q, argv[i]),
                    strerror(errno));
            broken = true;
            continue;
        }
        failed += check_stream(argv[i], f, &game, quiet, &broken);
        if (f != stdin)
            fclose(f);
    }
    if (failed)
        fprintf(stderr, "schafkopf: check: %ld of %ld games failed\n", failed, game);
    return failed || broken ? 1 : 0;
}
