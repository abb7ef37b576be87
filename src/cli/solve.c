/*
 * solve.c -- `schafkopf solve RECORD [--at N]`: the double-dummy value
 * of a position of a recorded game (all hands shown): the declarer
 * side's card points with best play, and the value of every legal card.
 */
#include "cli.h"
#include "schafkopf/ai.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Prints the usage of `solve`. */
static void solve_usage(FILE *out)
{
    fprintf(out, "usage: schafkopf solve [--at N] [--jobs N] [RECORD]\n\n"
                 "Replays the first N actions of a game record (default: up to the first\n"
                 "card, or the whole record if it ends earlier) and, with all four hands\n"
                 "shown, prints the declarer side's card points with best play by all and\n"
                 "the value of every legal card of the seat to move (in a Tout: 120 if the\n"
                 "declarer's side takes every trick, in a Bettel if it takes none, else 0;\n"
                 "in a Ramsch: the card points the seat to move ends with when it takes\n"
                 "as few as it can and the other three play against it).  RECORD '-' or\n"
                 "none: stdin.\n\n"
                 "  --at N        replay N actions\n"
                 "  --jobs N      threads of the search (default: the cores, at most 4)\n"
                 "  -h, --help    this help\n");
}

/* Index of the first card action of a record, or its action count. */
static int first_card(const sk_record *rec)
{
    for (int i = 0; i < rec->nactions; i++)
        if (rec->actions[i].type == SK_ACT_CARD)
            return i;
    return rec->nactions;
}

int skx_cmd_solve(int argc, char **argv)
{
    static const struct option opts[] = {{"at", required_argument, 0, 'a'},
                                         {"jobs", required_argument, 0, 'j'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    uint64_t at = 0;
    bool have_at = false;
    int c, jobs = skx_cli_solver_jobs_default();
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'a') {
            if (skx_cli_number("at", optarg, SK_MAX_ACTIONS, &at) < 0)
                return 2;
            have_at = true;
        } else if (c == 'j') {
            if (skx_cli_solver_jobs("solve", optarg, &jobs) < 0)
                return 2;
        } else if (c == 'h') {
            solve_usage(stdout);
            return 0;
        } else {
            solve_usage(stderr);
            return 2;
        }
    }
    const char *path = optind < argc ? argv[optind] : "-";
    size_t len;
    char *text = skx_cli_slurp(path, &len, SK_RECORD_MAX_LINE);
    char qp[SK_CLI_QUOTE];
    skx_cli_quote(qp, path);
    if (!text) {
        fprintf(stderr, "schafkopf: solve: cannot read %s: %s\n", qp, skx_cli_read_error(errno));
        return 1;
    }
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    sk_solver *s = sk_solver_new(64);
    sk_error err = {{0}, NULL};
    int status = 1;
    if (!rec || !g || !s) {
        fprintf(stderr, "schafkopf: solve: out of memory\n");
        goto out;
    }
    sk_solver_set_threads(s, jobs);
    if (sk_record_read(rec, text, len, &err) < 0) {
        fprintf(stderr, "schafkopf: solve: %s: %s\n", qp, err.msg);
        goto out;
    }
    int n = have_at ? (int)at : first_card(rec);
    if (n > rec->nactions) {
        fprintf(stderr, "schafkopf: solve: --at %d: the record has only %d actions\n", n,
                rec->nactions);
        goto out;
    }
    if (sk_game_init(g, &rec->rules, rec->dealer, rec->hands, rec->first_game, &err) < 0) {
        fprintf(stderr, "schafkopf: solve: %s: %s\n", qp, err.msg);
        goto out;
    }
    for (int i = 0; i < n; i++)
        if (sk_game_apply(g, rec->actions[i], &err) < 0) {
            fprintf(stderr, "schafkopf: solve: %s: action %d: %s\n", qp, i, err.msg);
            goto out;
        }
    if (g->pub.phase != SK_PHASE_PLAY) {
        fprintf(stderr, "schafkopf: solve: after %d actions the game is not in the play "
                        "phase\n", n);
        goto out;
    }
    char name[64];
    sk_contract_code(g->pub.contract, name, sizeof name);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int pts = 0;
    if (sk_solver_solve(s, g, &pts) < 0) {
        fprintf(stderr, "schafkopf: solve: a %s without a declarer cannot be solved\n", name);
        goto out;
    }
    sk_action acts[SK_NTRICKS];
    int vals[SK_NTRICKS];
    int k = sk_solver_values(s, g, acts, vals, SK_NTRICKS);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("contract %s, declarer %d, partner %d, trick %d, seat %d to move\n", name,
           g->pub.declarer < SK_NSEATS ? g->pub.declarer : -1,
           g->pub.contract.type == SK_C_SAUSPIEL ? g->partner : -1,
           g->pub.trick_no + 1, g->pub.to_move);
    if (g->pub.contract.type == SK_C_RAMSCH)
        printf("value %d (card points seat %d ends with, the other three against it; lower is "
               "better)\n", pts, g->pub.to_move);
    else
        printf("value %d (declarer side card points with best play)\n", pts);
    for (int i = 0; i < k; i++)
        printf("card %s %d\n", sk_card_name(acts[i].card), vals[i]);
    printf("nodes %llu, %.1f ms\n", (unsigned long long)sk_solver_nodes(s),
           ((double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9) * 1e3);
    status = 0;
out:
    free(text);
    free(rec);
    free(g);
    sk_solver_free(s);
    return status;
}
