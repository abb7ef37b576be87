/*
 * learn_people.c -- `schafkopf learn --people FILE...`: fits the model of
 * people's bidding (src/ai/people.c) to the real games and writes it as
 * C (src/ai/people_table.c).
 *
 * A real game (tests/data/README.md) shows the four hands, the declarer
 * and his contract, but no auction.  Seat 0 speaks first, so what the
 * auction must have been says (see people.c):
 *
 *   - a seat before a Sauspiel's declarer passed: it wanted nothing;
 *   - no seat of a Sauspiel game, its declarer included, wanted a Solo
 *     or Wenz (it would have outbid the Sauspiel, or named it instead);
 *   - the declarer wanted his contract.
 *
 * Of a Solo's or Wenz's other seats nothing is sure (a seat before may
 * have bid and been outbid), so they count nowhere.  Each kind gets a
 * logistic model of "declares it" (its declarers against the hands
 * known not to want it; a Sauspiel's against the seats that passed
 * before one and could have called a Sau), the called Sau a softmax
 * over the callable suits.  Fits are Newton's method on the
 * log-likelihood with a weak ridge (PEOPLE_L2), so the optimum is
 * unique and the weights printed to five places are the same on every
 * run.  A Solo hand that was not declared is read in the suit the model
 * would name (sk_people_solo), which needs the model: the fit is
 * repeated with the suits the last fit names until they stay the same.
 * Every K-th game is held out of the fit (--holdout, default 4); the
 * report gives the agreement with people on the fitted and held-out
 * games.
 */
#include "lab/lab.h"
#include "schafkopf/ai.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NF SK_PEOPLE_FEATURES
/* The ridge on the weights (added to the negative log-likelihood as
 * PEOPLE_L2 / 2 * |w|^2): keeps a fit finite when a feature separates
 * the examples, and is small next to hundreds of examples. */
#define PEOPLE_L2 1.0
/* Newton steps at most, and the passes over the Solo suits. */
#define PEOPLE_STEPS 100
#define PEOPLE_PASSES 10

/* One game: the hands by seat, the declarer and the contract. */
typedef struct lp_game {
    sk_cards hand[SK_NSEATS];
    sk_contract c;
    int declarer;
    bool holdout;
} lp_game;

/* The games read. */
typedef struct lp_set {
    lp_game *g;
    size_t n, cap;
    int holdout;
    sk_rules rules;
} lp_set;

/* One example of a softmax: up to 4 choices, each a feature vector. */
typedef struct lp_ex {
    int n, chosen;
    double f[4][NF];
} lp_ex;

/* A list of examples. */
typedef struct lp_exs {
    lp_ex *ex;
    size_t n, cap;
} lp_exs;

static void people_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf learn --people [--holdout K] [--out FILE] FILE...\n\n"
            "Fits the model of people's bidding (src/ai/people.c, the `people` bot) to\n"
            "the real games in FILE (tests/data/real-games.jsonl's format: the hands,\n"
            "the declarer and his contract) and writes it as C source to --out\n"
            "(default stdout).  Every K-th game is held out of the fit (default 4;\n"
            "0: none); the report on stderr gives how often the model declares what\n"
            "people declared and passes where they passed, on the fitted and the\n"
            "held-out games.\n\n"
            "  --holdout K  keep every K-th game out of the fit (default 4)\n"
            "  --out FILE   the model as C (default stdout)\n"
            "  -h, --help   this help\n");
}

/* Reads one real game for skx_cli_game_lines; 0, or -1 after a message. */
static int lp_line(void *ctx, const char *name, long lineno, const char *line, size_t len)
{
    lp_set *s = ctx;
    sk_record *rec = malloc(sizeof *rec);
    char why[400], q[SK_CLI_QUOTE];
    int first = 0;
    if (!rec) {
        fprintf(stderr, "schafkopf: learn: out of memory\n");
        return -1;
    }
    if (skx_cli_realgame(line, len, &s->rules, rec, &first, why, sizeof why) < 0) {
        fprintf(stderr, "%s:%ld: %s\n", skx_cli_quote(q, name), lineno, why);
        free(rec);
        return -1;
    }
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        lp_game *g = realloc(s->g, cap * sizeof *g);
        if (!g) {
            free(rec);
            fprintf(stderr, "schafkopf: learn: out of memory\n");
            return -1;
        }
        s->g = g;
        s->cap = cap;
    }
    lp_game *g = &s->g[s->n++];
    memset(g, 0, sizeof *g);
    for (int seat = 0; seat < SK_NSEATS; seat++)
        for (int i = 0; i < 8; i++)
            g->hand[seat] |= (sk_cards)1 << rec->hands[seat][i];
    for (int i = 0; i < rec->nactions; i++)
        if (rec->actions[i].type == SK_ACT_DECLARE) {
            g->c = rec->actions[i].contract;
            g->declarer = rec->actions[i].seat;
        }
    g->holdout = s->holdout > 0 && s->n % (size_t)s->holdout == 0;
    free(rec);
    return 0;
}

/* Reads one file of real games; 0, or -1 after a message. */
static int lp_file(lp_set *s, const char *path)
{
    char q[SK_CLI_QUOTE];
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!in) {
        fprintf(stderr, "schafkopf: learn: %s: %s\n", skx_cli_quote(q, path),
                skx_cli_read_error(errno));
        return -1;
    }
    int rc = skx_cli_game_lines("learn", path, in, lp_line, s);
    if (in != stdin)
        fclose(in);
    return rc;
}

/* Appends an example; NULL when out of memory. */
static lp_ex *lp_add(lp_exs *e)
{
    if (e->n == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 1024;
        lp_ex *ex = realloc(e->ex, cap * sizeof *ex);
        if (!ex)
            return NULL;
        e->ex = ex;
        e->cap = cap;
    }
    lp_ex *x = &e->ex[e->n++];
    memset(x, 0, sizeof *x);
    return x;
}

/* Appends a binary example: declared c with the hand (1) or not (0). */
static int lp_binary(lp_exs *e, sk_cards hand, sk_contract c, int declared)
{
    lp_ex *x = lp_add(e);
    if (!x)
        return -1;
    x->n = 2; /* choice 0, not declaring: all features 0 */
    x->chosen = declared;
    sk_people_features(hand, c, x->f[1]);
    return 0;
}

/* Solves a x = b (n unknowns, partial pivoting) in place; -1 when
 * singular. */
static int lp_solve(int n, double a[NF][NF], double b[NF])
{
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(a[i][k]) > fabs(a[p][k]))
                p = i;
        if (fabs(a[p][k]) < 1e-300)
            return -1;
        for (int j = 0; j < n; j++) {
            double t = a[k][j];
            a[k][j] = a[p][j];
            a[p][j] = t;
        }
        double t = b[k];
        b[k] = b[p];
        b[p] = t;
        for (int i = k + 1; i < n; i++) {
            double f = a[i][k] / a[k][k];
            for (int j = k; j < n; j++)
                a[i][j] -= f * a[k][j];
            b[i] -= f * b[k];
        }
    }
    for (int k = n - 1; k >= 0; k--) {
        for (int j = k + 1; j < n; j++)
            b[k] -= a[k][j] * b[j];
        b[k] /= a[k][k];
    }
    return 0;
}

/* Fits the weights w[nf] of a softmax over each example's choices by
 * Newton's method, maximising the log-likelihood minus the ridge. */
static void lp_fit(const lp_exs *e, int nf, double *w)
{
    for (int i = 0; i < nf; i++)
        w[i] = 0;
    for (int step = 0; step < PEOPLE_STEPS; step++) {
        double g[NF] = {0}, h[NF][NF] = {{0}};
        for (size_t i = 0; i < e->n; i++) {
            const lp_ex *x = &e->ex[i];
            double z[4], zmax = -INFINITY, sum = 0, mean[NF] = {0};
            for (int k = 0; k < x->n; k++) {
                z[k] = 0;
                for (int j = 0; j < nf; j++)
                    z[k] += w[j] * x->f[k][j];
                zmax = z[k] > zmax ? z[k] : zmax;
            }
            for (int k = 0; k < x->n; k++)
                sum += (z[k] = exp(z[k] - zmax));
            for (int k = 0; k < x->n; k++)
                for (int j = 0; j < nf; j++)
                    mean[j] += z[k] / sum * x->f[k][j];
            for (int j = 0; j < nf; j++)
                g[j] += x->f[x->chosen][j] - mean[j];
            for (int k = 0; k < x->n; k++)
                for (int a = 0; a < nf; a++)
                    for (int b = 0; b < nf; b++)
                        h[a][b] += z[k] / sum * (x->f[k][a] - mean[a]) * (x->f[k][b] - mean[b]);
        }
        double step_max = 0;
        for (int j = 0; j < nf; j++) {
            g[j] -= PEOPLE_L2 * w[j];
            h[j][j] += PEOPLE_L2;
        }
        if (lp_solve(nf, h, g) < 0)
            break;
        for (int j = 0; j < nf; j++) {
            w[j] += g[j];
            step_max = fabs(g[j]) > step_max ? fabs(g[j]) : step_max;
        }
        if (step_max < 1e-12)
            break;
    }
}

/* A number rounded to the five places the table is written with, so
 * that the model reported on is the model written. */
static double lp_round(double x)
{
    return nearbyint(x * 1e5) / 1e5;
}

/* Compares doubles for qsort, the larger first. */
static int lp_desc(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

/* The bar of a kind: the chance above which as many of the examples
 * are declared as people declared (halfway between the chances of the
 * last declared and the first passed, by the model's order).  0, or -1
 * when out of memory. */
static int lp_bar(const lp_exs *e, const double *w, double *bar)
{
    double *pr = malloc((e->n ? e->n : 1) * sizeof *pr);
    size_t pos = 0;
    if (!pr)
        return -1;
    for (size_t i = 0; i < e->n; i++) {
        double z = 0;
        for (int j = 0; j < NF; j++)
            z += w[j] * e->ex[i].f[1][j];
        pr[i] = 1.0 / (1.0 + exp(-z));
        pos += e->ex[i].chosen == 1;
    }
    qsort(pr, e->n, sizeof *pr, lp_desc);
    /* hands of equal features have equal chances: the bar goes between
     * two different ones, at the end of the block of equals nearer to
     * people's count */
    size_t cut = pos;
    if (pos > 0 && pos < e->n && pr[pos - 1] == pr[pos]) {
        size_t a = pos - 1, b = pos;
        while (a > 0 && pr[a - 1] == pr[pos])
            a--;
        while (b < e->n && pr[b] == pr[pos])
            b++;
        cut = pos - a <= b - pos ? a : b;
    }
    *bar = cut == 0 ? 1 : cut >= e->n ? 0 : lp_round((pr[cut - 1] + pr[cut]) / 2);
    free(pr);
    return 0;
}

/* Builds the examples of the fitted games and fits the model m; the
 * hands not declared as a Solo are read in the Solo `solo_model` names.
 * 0, or -1 when out of memory. */
static int lp_fit_all(const lp_set *s, const sk_people_model *solo_model, sk_people_model *m)
{
    lp_exs kinds[SK_PEOPLE_KINDS] = {{0}}, call = {0};
    int rc = 0;
    const sk_contract wenz = {SK_C_WENZ, SK_NOSUIT, 0};
    for (size_t i = 0; i < s->n && rc == 0; i++) {
        const lp_game *g = &s->g[i];
        if (g->holdout)
            continue;
        int kind = sk_people_kind(g->c);
        sk_cards dh = g->hand[g->declarer];
        if (kind < 0)
            continue;
        rc |= lp_binary(&kinds[kind], dh, g->c, 1);
        if (kind != SK_PEOPLE_SAUSPIEL)
            continue;
        for (int seat = 0; seat < SK_NSEATS && rc == 0; seat++) {
            sk_cards h = g->hand[seat];
            sk_contract solo = sk_people_solo(solo_model, h);
            if (solo.type != SK_C_NONE)
                rc |= lp_binary(&kinds[SK_PEOPLE_SOLO], h, solo, 0);
            rc |= lp_binary(&kinds[SK_PEOPLE_WENZ], h, wenz, 0);
            /* a seat that passed before the declarer, able to call */
            if (seat < g->declarer && sk_people_call(solo_model, h) != SK_NOSUIT)
                rc |= lp_binary(&kinds[SK_PEOPLE_SAUSPIEL], h, g->c, 0);
        }
        /* the Sau called among the callable suits (a choice of two or more) */
        lp_ex x = {0};
        for (int suit = 0; suit < 4; suit++)
            if (suit != SK_HERZ && !(dh & ((sk_cards)1 << SK_CARD(suit, SK_ASS))) &&
                (dh & SK_SUIT_MASK(suit) & ~(SK_RANK_MASK(SK_OBER) | SK_RANK_MASK(SK_UNTER)))) {
                if (suit == g->c.suit)
                    x.chosen = x.n;
                sk_people_call_features(dh, suit, x.f[x.n++]);
            }
        lp_ex *y = x.n > 1 ? lp_add(&call) : NULL;
        if (x.n > 1 && !y)
            rc = -1;
        else if (y)
            *y = x;
    }
    if (rc == 0) {
        memset(m, 0, sizeof *m);
        for (int k = 0; k < SK_PEOPLE_KINDS; k++) {
            lp_fit(&kinds[k], NF, m->bid[k]);
            for (int j = 0; j < NF; j++)
                m->bid[k][j] = lp_round(m->bid[k][j]);
            rc = lp_bar(&kinds[k], m->bid[k], &m->bar[k]);
        }
        lp_fit(&call, SK_PEOPLE_CALL_FEATURES, m->call);
        for (int j = 0; j < SK_PEOPLE_CALL_FEATURES; j++)
            m->call[j] = lp_round(m->call[j]);
    }
    for (int k = 0; k < SK_PEOPLE_KINDS; k++)
        free(kinds[k].ex);
    free(call.ex);
    return rc < 0 ? -1 : 0;
}

/* Whether two contracts are the same game (a Sauspiel's Sau included). */
static bool same_game(sk_contract a, sk_contract b)
{
    return a.type == b.type && a.tout == b.tout && (a.type == SK_C_WENZ || a.suit == b.suit);
}

/* Agreement counts of one part of the games (fitted or held out). */
typedef struct lp_agree {
    size_t declared, same, same_kind, said_play;
    size_t by_kind[SK_PEOPLE_KINDS], same_by_kind[SK_PEOPLE_KINDS];
    size_t passed, passes;       /* seats before a Sauspiel's declarer */
    size_t sau_hands, no_higher; /* every hand of a Sauspiel game */
    size_t calls, same_call;     /* Sauspiel declarers with two or more callable suits */
} lp_agree;

/* Counts how often the model m chooses as people did. */
static void lp_count(const lp_set *s, const sk_people_model *m, lp_agree out[2])
{
    memset(out, 0, 2 * sizeof *out);
    for (size_t i = 0; i < s->n; i++) {
        const lp_game *g = &s->g[i];
        lp_agree *a = &out[g->holdout];
        int kind = sk_people_kind(g->c);
        sk_cards dh = g->hand[g->declarer];
        sk_contract mine = sk_people_choice(m, &s->rules, NULL, dh, -1);
        a->declared++;
        a->said_play += mine.type != SK_C_NONE;
        a->same += same_game(mine, g->c);
        a->same_kind += mine.type == g->c.type;
        if (kind >= 0) {
            a->by_kind[kind]++;
            a->same_by_kind[kind] += same_game(mine, g->c);
        }
        if (g->c.type != SK_C_SAUSPIEL)
            continue;
        int callable = 0;
        for (int suit = 0; suit < 4; suit++)
            callable += suit != SK_HERZ && !(dh & ((sk_cards)1 << SK_CARD(suit, SK_ASS))) &&
                        (dh & SK_SUIT_MASK(suit) &
                         ~(SK_RANK_MASK(SK_OBER) | SK_RANK_MASK(SK_UNTER)));
        if (callable > 1) {
            a->calls++;
            a->same_call += sk_people_call(m, dh) == g->c.suit;
        }
        for (int seat = 0; seat < SK_NSEATS; seat++) {
            sk_contract c = sk_people_choice(m, &s->rules, NULL, g->hand[seat], -1);
            a->sau_hands++;
            a->no_higher += c.type == SK_C_NONE || c.type == SK_C_SAUSPIEL;
            if (seat < g->declarer) {
                a->passed++;
                a->passes += c.type == SK_C_NONE;
            }
        }
    }
}

/* A percentage, 0 of nothing. */
static double pct(size_t a, size_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0.0;
}

/* Prints the agreement of the model with people. */
static void lp_report(const lp_set *s, const sk_people_model *m, int passes)
{
    lp_agree a[2];
    lp_count(s, m, a);
    fprintf(stderr, "%zu games; the Solo suits settled after %d fit%s\n", s->n, passes,
            passes == 1 ? "" : "s");
    const char *label[2] = {"fitted games", "held-out games"};
    static const char *const kinds[SK_PEOPLE_KINDS] = {"Sauspiel", "Solo", "Wenz"};
    for (int h = 0; h < 2; h++) {
        const lp_agree *x = &a[h];
        if (!x->declared)
            continue;
        fprintf(stderr,
                "%-15s declarers %zu: the same game %.1f%%, the same kind %.1f%%, "
                "a game at all %.1f%%",
                label[h], x->declared, pct(x->same, x->declared), pct(x->same_kind, x->declared),
                pct(x->said_play, x->declared));
        for (int k = 0; k < SK_PEOPLE_KINDS; k++)
            fprintf(stderr, "; %s %.1f%% of %zu", kinds[k], pct(x->same_by_kind[k], x->by_kind[k]),
                    x->by_kind[k]);
        fprintf(stderr,
                "\n%-15s passed before a Sauspiel %zu: passes %.1f%%; hands of a Sauspiel game "
                "%zu: no Solo or Wenz %.1f%%; the Sau called %.1f%% of %zu\n",
                label[h], x->passed, pct(x->passes, x->passed), x->sau_hands,
                pct(x->no_higher, x->sau_hands), pct(x->same_call, x->calls), x->calls);
    }
}

/* Writes the model as the C source of people_table.c. */
static int lp_write(FILE *out, const sk_people_model *m, const lp_set *s)
{
    size_t fitted = 0;
    for (size_t i = 0; i < s->n; i++)
        fitted += !s->g[i].holdout;
    fprintf(out,
            "/*\n"
            " * people_table.c -- the model of people's bidding (people.c), written by\n"
            " * `schafkopf learn --people --holdout %d` from %zu real games (%zu fitted).\n"
            " * Do not edit: learn again.\n"
            " */\n"
            "#include \"ai_internal.h\"\n\n"
            "const sk_people_model skx_people_table = {\n"
            "    {\n",
            s->holdout, s->n, fitted);
    static const char *const kinds[SK_PEOPLE_KINDS] = {"Sauspiel", "Solo", "Wenz"};
    for (int k = 0; k < SK_PEOPLE_KINDS; k++) {
        fprintf(out, "        {");
        for (int j = 0; j < NF; j++)
            fprintf(out, "%s%.5f", j ? ", " : "", m->bid[k][j]);
        fprintf(out, "}, /* %s */\n", kinds[k]);
    }
    fprintf(out, "    },\n    {");
    for (int k = 0; k < SK_PEOPLE_KINDS; k++)
        fprintf(out, "%s%.5f", k ? ", " : "", m->bar[k]);
    fprintf(out, "}, /* the bars */\n    {");
    for (int j = 0; j < SK_PEOPLE_CALL_FEATURES; j++)
        fprintf(out, "%s%.5f", j ? ", " : "", m->call[j]);
    fprintf(out, "}, /* the called Sau */\n};\n");
    return ferror(out) ? -1 : 0;
}

/* Whether two models name the same Solo for every hand of the games. */
static bool lp_same_solos(const lp_set *s, const sk_people_model *a, const sk_people_model *b)
{
    for (size_t i = 0; i < s->n; i++)
        for (int seat = 0; seat < SK_NSEATS; seat++)
            if (sk_people_solo(a, s->g[i].hand[seat]).suit !=
                sk_people_solo(b, s->g[i].hand[seat]).suit)
                return false;
    return true;
}

int skx_cmd_learn_people(int argc, char **argv)
{
    static const struct option longopts[] = {{"people", no_argument, 0, 'p'},
                                             {"holdout", required_argument, 0, 'k'},
                                             {"out", required_argument, 0, 'o'},
                                             {"help", no_argument, 0, 'h'},
                                             {0, 0, 0, 0}};
    lp_set s = {0};
    s.holdout = 4;
    const char *out_path = NULL;
    char q[SK_CLI_QUOTE];
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        char *end = NULL;
        switch (c) {
        case 'p': break;
        case 'k':
            s.holdout = (int)strtol(optarg, &end, 10);
            if (*end || s.holdout < 0 || s.holdout > 1000) {
                fprintf(stderr, "schafkopf: learn: --holdout: a number 0..1000, not \"%s\"\n",
                        skx_cli_quote(q, optarg));
                return 2;
            }
            break;
        case 'o': out_path = optarg; break;
        case 'h': people_usage(stdout); return 0;
        default: people_usage(stderr); return 2;
        }
    }
    if (optind >= argc) {
        people_usage(stderr);
        return 2;
    }
    sk_rules_preset(&s.rules, "official", NULL);
    int rc = 0;
    for (int i = optind; rc == 0 && i < argc; i++)
        rc = lp_file(&s, argv[i]);
    if (rc == 0 && s.n == 0) {
        fprintf(stderr, "schafkopf: learn: no games\n");
        rc = -1;
    }
    if (rc == 0) {
        static sk_people_model last, m;
        memset(&last, 0, sizeof last); /* first fit: each hand's first longest suit */
        int passes = 0;
        while (rc == 0 && passes < PEOPLE_PASSES) {
            rc = lp_fit_all(&s, &last, &m);
            passes++;
            bool settled = lp_same_solos(&s, &last, &m);
            last = m;
            if (settled)
                break;
        }
        if (rc < 0)
            fprintf(stderr, "schafkopf: learn: out of memory\n");
        if (rc == 0) {
            lp_report(&s, &m, passes);
            sk_people_model half = m; /* the other bar: the likelier choice, hand by hand */
            for (int k = 0; k < SK_PEOPLE_KINDS; k++)
                half.bar[k] = 0.5;
            fprintf(stderr, "the same with every bar at 0.5 instead (not the model's):\n");
            lp_report(&s, &half, passes);
            FILE *out = out_path ? fopen(out_path, "w") : stdout;
            if (!out || lp_write(out, &m, &s) < 0 || (out_path && fclose(out) != 0)) {
                fprintf(stderr, "schafkopf: learn: %s: cannot write\n",
                        skx_cli_quote(q, out_path ? out_path : "stdout"));
                rc = -1;
            }
        }
    }
    free(s.g);
    return rc == 0 ? 0 : 1;
}
