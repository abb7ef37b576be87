/*
 * learn.c -- `schafkopf learn FILE...`: fits the card-play model of
 * src/ai/policy.c to the cards people played in recorded games and
 * writes its weights as C (src/ai/policy_weights.c).
 *
 * Every card decision with more than one legal card is one example: the
 * features of each legal card from the seat's view (sk_policy_features)
 * and the card played.  The model is a softmax over the legal cards of
 * a linear score with weights per situation (sk_policy_bucket), fitted
 * by full-batch gradient descent (Adam) on the log-likelihood with an
 * L2 penalty.  Every K-th game (--holdout K) is kept out of the fit and
 * the report gives the share of its decisions the model and the
 * rule-of-thumb player choose as people did: the honest figure, since
 * the fit has seen the other games.
 */
#include "lab/lab.h"
#include "schafkopf/ai.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NF SK_POLICY_FEATURES
#define NB SK_POLICY_BUCKETS

/* One decision: its situation, the legal cards' features, the choice. */
typedef struct ln_ex {
    uint8_t bucket, n, chosen, heur, holdout;
    float f[8][NF];
} ln_ex;

/* The examples of a run. */
typedef struct ln_set {
    ln_ex *ex;
    size_t n, cap;
    size_t forced, games;
    int holdout;
    sk_rules realrules;
} ln_set;

static void learn_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf learn [--holdout K] [--rounds N] [--l2 X] [--out FILE] FILE...\n\n"
            "Fits the card-play model of the bots (src/ai/policy.c) to the cards people\n"
            "played in FILE (game records or real games, as `schafkopf agree` reads them)\n"
            "and writes its weights as C source to --out (default stdout).  Every K-th\n"
            "game is held out of the fit (default 4; 0: none) and the report on stderr\n"
            "gives the share of its non-forced card decisions the model and the\n"
            "rule-of-thumb player choose as people did.\n\n"
            "  --holdout K  keep every K-th game out of the fit (default 4)\n"
            "  --rounds N   gradient steps (default 600)\n"
            "  --l2 X       L2 penalty per example (default 0)\n"
            "  --out FILE   the weights as C (default stdout)\n"
            "  -h, --help   this help\n\n"
            "schafkopf learn --klopfen ... measures the bots' laying table instead\n"
            "(`schafkopf learn --klopfen --help`); schafkopf learn --people ... fits\n"
            "people's bidding, the `people` bot's (`schafkopf learn --people --help`).\n");
}

/* Adds the card decisions of one valid record (game g) to the set. */
static int ln_game(ln_set *s, const sk_record *rec, int from, sk_game *g)
{
    sk_error err = {{0}, NULL};
    if (sk_game_init(g, &rec->rules, rec->dealer, rec->hands, rec->first_game != 0, &err) < 0 ||
        sk_game_set_round(g, rec->bock, rec->kreuzbock != 0, &err) < 0)
        return -1;
    s->games++;
    bool holdout = s->holdout > 0 && s->games % (size_t)s->holdout == 0;
    for (int i = 0; i < rec->nactions; i++) {
        sk_action a = rec->actions[i];
        if (i >= from && a.type == SK_ACT_CARD && g->pub.phase == SK_PHASE_PLAY &&
            a.seat == g->pub.to_move) {
            sk_view v;
            sk_game_view(g, a.seat, &v);
            sk_cards legal = sk_game_legal_cards(g);
            int n = sk_cards_count(legal);
            if (n <= 1) {
                s->forced++;
            } else {
                if (s->n == s->cap) {
                    size_t cap = s->cap ? 2 * s->cap : 4096;
                    ln_ex *ex = realloc(s->ex, cap * sizeof *ex);
                    if (!ex)
                        return -1;
                    s->ex = ex;
                    s->cap = cap;
                }
                ln_ex *e = &s->ex[s->n++];
                memset(e, 0, sizeof *e);
                e->bucket = (uint8_t)sk_policy_bucket(&v);
                e->holdout = holdout;
                int heur = sk_heuristic_card(&v, legal), k = 0;
                for (sk_cards l = legal; l; l &= l - 1, k++) {
                    int c = sk_cards_first(l);
                    sk_policy_features(&v, legal, c, heur, e->f[k]);
                    if (c == a.card)
                        e->chosen = (uint8_t)k;
                    if (c == heur)
                        e->heur = (uint8_t)k;
                }
                e->n = (uint8_t)k;
            }
        }
        if (sk_game_apply(g, a, &err) < 0)
            return -1;
    }
    return 0;
}

/* Reads one line (a record or a real game) of a file for
 * skx_cli_game_lines; 0, or -1 after a message. */
static int ln_line(void *ctx, const char *name, long lineno, const char *line, size_t len)
{
    ln_set *s = ctx;
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    char why[400], q[SK_CLI_QUOTE];
    skx_cli_quote(q, name);
    int rc = -1, from = 0;
    if (!rec || !g)
        fprintf(stderr, "schafkopf: learn: out of memory\n");
    else if (skx_cli_game_line(line, len, &s->realrules, rec, g, &from, why, sizeof why) < 0)
        fprintf(stderr, "%s:%ld: %s\n", q, lineno, why);
    else if ((rc = ln_game(s, rec, from, g)) < 0)
        fprintf(stderr, "%s:%ld: the game could not be replayed\n", q, lineno);
    free(rec);
    free(g);
    return rc;
}

/* Reads one file of games; 0, or -1 after a message. */
static int ln_file(ln_set *s, const char *path)
{
    char q[SK_CLI_QUOTE];
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!in) {
        fprintf(stderr, "schafkopf: learn: %s: %s\n", skx_cli_quote(q, path),
                skx_cli_read_error(errno));
        return -1;
    }
    int rc = skx_cli_game_lines("learn", path, in, ln_line, s);
    if (in != stdin)
        fclose(in);
    return rc;
}

/* The model's score of legal card k of an example. */
static double ln_score(const float *w, const ln_ex *e, int k)
{
    double z = 0;
    for (int i = 0; i < NF; i++)
        z += (double)w[i] * (double)e->f[k][i];
    return z;
}

/* The model's choice of an example (the first of equal scores). */
static int ln_pick(const float *w, const ln_ex *e)
{
    int best = 0;
    double bz = ln_score(w, e, 0);
    for (int k = 1; k < e->n; k++) {
        double z = ln_score(w, e, k);
        if (z > bz + 1e-12) {
            best = k;
            bz = z;
        }
    }
    return best;
}

/* Fits the weights by Adam on the examples not held out. */
static void ln_fit(const ln_set *s, float w[NB][NF], int rounds, double l2)
{
    static double m[NB][NF], v[NB][NF], grad[NB][NF];
    memset(m, 0, sizeof m);
    memset(v, 0, sizeof v);
    const double rate = 0.05, b1 = 0.9, b2 = 0.999;
    size_t used = 0;
    for (size_t i = 0; i < s->n; i++)
        used += !s->ex[i].holdout;
    for (int r = 1; r <= rounds; r++) {
        memset(grad, 0, sizeof grad);
        for (size_t i = 0; i < s->n; i++) {
            const ln_ex *e = &s->ex[i];
            if (e->holdout)
                continue;
            const float *we = w[e->bucket];
            double z[8], zmax = -1e300, sum = 0;
            for (int k = 0; k < e->n; k++) {
                z[k] = ln_score(we, e, k);
                zmax = z[k] > zmax ? z[k] : zmax;
            }
            for (int k = 0; k < e->n; k++)
                sum += (z[k] = exp(z[k] - zmax));
            for (int k = 0; k < e->n; k++) {
                double d = z[k] / sum - (k == e->chosen);
                for (int j = 0; j < NF; j++)
                    grad[e->bucket][j] += d * (double)e->f[k][j];
            }
        }
        for (int b = 0; b < NB; b++)
            for (int j = 0; j < NF; j++) {
                double gr = grad[b][j] / (double)(used ? used : 1) + l2 * (double)w[b][j];
                m[b][j] = b1 * m[b][j] + (1 - b1) * gr;
                v[b][j] = b2 * v[b][j] + (1 - b2) * gr * gr;
                double mh = m[b][j] / (1 - pow(b1, r)), vh = v[b][j] / (1 - pow(b2, r));
                w[b][j] -= (float)(rate * mh / (sqrt(vh) + 1e-8));
            }
    }
}

/* Prints the shares of decisions chosen as people did. */
static void ln_report(const ln_set *s, float w[NB][NF])
{
    size_t n[2] = {0}, model[2] = {0}, heur[2] = {0};
    for (size_t i = 0; i < s->n; i++) {
        const ln_ex *e = &s->ex[i];
        n[e->holdout]++;
        model[e->holdout] += ln_pick(w[e->bucket], e) == e->chosen;
        heur[e->holdout] += e->heur == e->chosen;
    }
    fprintf(stderr, "%zu games, %zu card decisions with a choice, %zu forced\n", s->games,
            s->n, s->forced);
    const char *label[2] = {"fitted games", "held-out games"};
    for (int h = 0; h < 2; h++)
        if (n[h])
            fprintf(stderr, "%-15s %6zu decisions: model %.1f%%, rule of thumb %.1f%%\n",
                    label[h], n[h], 100.0 * (double)model[h] / (double)n[h],
                    100.0 * (double)heur[h] / (double)n[h]);
}

/* Writes the weights as the C source of policy_weights.c. */
static int ln_write(FILE *out, float w[NB][NF], const ln_set *s, int rounds, double l2)
{
    fprintf(out,
            "/*\n"
            " * policy_weights.c -- the weights of the card-play model (policy.c),\n"
            " * written by `schafkopf learn --holdout %d --rounds %d --l2 %g` from\n"
            " * %zu games (%zu card decisions with a choice).  Do not edit: learn again.\n"
            " */\n"
            "#include \"ai_internal.h\"\n\n"
            "const float skx_policy_weights[SK_POLICY_BUCKETS][SK_POLICY_FEATURES] = {\n",
            s->holdout, rounds, l2, s->games, s->n);
    for (int b = 0; b < NB; b++) {
        fprintf(out, "    {");
        for (int j = 0; j < NF; j++)
            fprintf(out, "%s%s%.5ff", j ? "," : "", j && j % 6 == 0 ? "\n     " : " ",
                    (double)w[b][j]);
        fprintf(out, "},\n");
    }
    fprintf(out, "};\n");
    return ferror(out) ? -1 : 0;
}

int skx_cmd_learn(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"holdout", required_argument, 0, 'k'}, {"rounds", required_argument, 0, 'r'},
        {"l2", required_argument, 0, 'l'},      {"out", required_argument, 0, 'o'},
        {"help", no_argument, 0, 'h'},          {0, 0, 0, 0}};
    ln_set s = {0};
    s.holdout = 4;
    int rounds = 600, c;
    double l2 = 0;
    const char *out_path = NULL;
    char q[SK_CLI_QUOTE];
    for (int i = 1; i < argc; i++) /* the laying table is learned from self-play */
        if (strcmp(argv[i], "--klopfen") == 0)
            return skx_cmd_learn_klopfen(argc, argv);
    for (int i = 1; i < argc; i++) /* people's bidding: a model of its own */
        if (strcmp(argv[i], "--people") == 0)
            return skx_cmd_learn_people(argc, argv);
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        char *end = NULL;
        switch (c) {
        case 'k':
            s.holdout = (int)strtol(optarg, &end, 10);
            if (*end || s.holdout < 0 || s.holdout > 1000) {
                fprintf(stderr, "schafkopf: learn: --holdout: a number 0..1000, not \"%s\"\n",
                        skx_cli_quote(q, optarg));
                return 2;
            }
            break;
        case 'r':
            rounds = (int)strtol(optarg, &end, 10);
            if (*end || rounds < 1 || rounds > 100000) {
                fprintf(stderr, "schafkopf: learn: --rounds: a number 1..100000, not \"%s\"\n",
                        skx_cli_quote(q, optarg));
                return 2;
            }
            break;
        case 'l':
            l2 = strtod(optarg, &end);
            if (*end || !(l2 >= 0 && l2 <= 10)) {
                fprintf(stderr, "schafkopf: learn: --l2: a number 0..10, not \"%s\"\n",
                        skx_cli_quote(q, optarg));
                return 2;
            }
            break;
        case 'o': out_path = optarg; break;
        case 'h': learn_usage(stdout); return 0;
        default: learn_usage(stderr); return 2;
        }
    }
    if (optind >= argc) {
        learn_usage(stderr);
        return 2;
    }
    sk_rules_preset(&s.realrules, "official", NULL);
    int rc = 0;
    for (int i = optind; rc == 0 && i < argc; i++)
        rc = ln_file(&s, argv[i]);
    if (rc == 0 && s.n == 0) {
        fprintf(stderr, "schafkopf: learn: no card decision with a choice in the games\n");
        rc = -1;
    }
    if (rc == 0) {
        static float w[NB][NF];
        for (int b = 0; b < NB; b++)
            w[b][NF - 1] = 1; /* start from the rule of thumb (F_HEURISTIC, the last) */
        ln_fit(&s, w, rounds, l2);
        ln_report(&s, w);
        skx_cli_out file; /* --out is written whole, as every file (common.c) */
        FILE *out = stdout;
        errno = 0; /* a failed write sets it */
        int failed = out_path && skx_cli_out_open(&file, out_path) < 0;
        if (!failed && out_path)
            out = file.f;
        if (!failed && ln_write(out, w, &s, rounds, l2) < 0) {
            failed = 1;
            if (out_path)
                skx_cli_out_abort(&file);
        } else if (!failed && out_path && skx_cli_out_commit(&file) < 0) {
            failed = 1;
        }
        if (failed) {
            fprintf(stderr, "schafkopf: learn: %s: cannot write: %s\n",
                    skx_cli_quote(q, out_path ? out_path : "stdout"),
                    skx_cli_write_error(errno ? errno : EIO));
            rc = -1;
        }
    }
    free(s.ex);
    return rc == 0 ? 0 : 1;
}
