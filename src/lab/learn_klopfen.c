/*
 * learn_klopfen.c -- `schafkopf learn --klopfen`: measures the money a
 * seat makes given its first packet of four cards and writes the table
 * the bots lay by (src/ai/klopfen_table.c, src/ai/klopfen.c).
 *
 * Bots play N games of the sauspiel preset with laying off (deal g from
 * the seed, dealer g mod 4); every seat of every game is one example:
 * the cell of its first packet (sk_klopfen_cell), its place after the
 * dealer, and its money in units.  The table is each cell's mean per
 * place, shrunk toward a least-squares line in the four counts (a rare
 * cell -- four Obers -- says little by itself): (sum + K line) / (n + K).
 * A lay doubles the game and shows a strong hand, so seats after a lay
 * expect less: the mean difference of money and table of seats after
 * one, two or three lays by the table (laying as in the `all` mode)
 * is the correction per earlier lay, found in three rounds.  Every
 * K-th game is held out of the fit, and the report prices the lay of a
 * seat alone at a table of non-layers for several margins on those
 * games: what it lays, and what it gains (the seat's money again).
 * Sums are whole units, so the table is the same whatever --jobs.
 */
#include "lab/lab.h"
#include "schafkopf/ai.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define NC SK_KLOPFEN_CELLS
/* The weight of the line in a cell's mean, in examples. */
#define SHRINK 200.0
/* The weight of 0 in the correction per earlier lay, in examples. */
#define SHRINK_LAID 50.0

/* One game: per place after the dealer, the first packet's cell and
 * the money (cents, undoubled: whole numbers, so sums do not depend on
 * their order). */
typedef struct kl_game {
    uint8_t cell[4];
    int32_t money[4];
} kl_game;

/* A run: its options and the games played. */
typedef struct kl_run {
    sk_rules rules;
    const char *bot;
    uint64_t seed, games;
    int jobs, holdout;
    double margin;
    kl_game *g;
    int failed;
} kl_run;

/* A worker's share: games t, t + jobs, ... */
typedef struct kl_work {
    kl_run *run;
    int t;
} kl_work;

static void klopfen_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf learn --klopfen [--games N] [--seed S] [--bot SPEC] [--jobs J]\n"
            "                       [--holdout K] [--margin X] [--out FILE]\n\n"
            "Measures the money (units, without the doubling of a lay) a seat makes in\n"
            "games of the sauspiel preset with laying off, given the first packet of four\n"
            "cards it sees when it may lay, and writes the bots' laying table as C source\n"
            "(src/ai/klopfen_table.c) to --out (default stdout).  The report on stderr\n"
            "prices laying alone at several margins on the held-out games.\n\n"
            "  --games N    games played (default 400000)\n"
            "  --seed S     seed of the deals (default 19)\n"
            "  --bot SPEC   the four players (default heuristic)\n"
            "  --jobs J     worker threads (default 1; the table does not depend on it)\n"
            "  --holdout K  keep every K-th game out of the fit (default 4; 0: none)\n"
            "  --margin X   units above which the bots lay, for the correction after a\n"
            "               lay (default %.2f, SK_KLOPFEN_MARGIN)\n"
            "  --out FILE   the table as C (default stdout)\n"
            "  -h, --help   this help\n",
            SK_KLOPFEN_MARGIN);
}

/* Plays game g with four copies of the bot; 0, or -1 when a bot fails. */
static int kl_play(const kl_run *run, uint64_t g, kl_game *out)
{
    sk_rng rng;
    sk_rng_seed(&rng, run->seed ^ (0x9e3779b97f4a7c15ull * (g + 1)));
    sk_deck deck;
    sk_deck_shuffle_rules(&deck, &run->rules, &rng);
    uint8_t hands[4][8];
    int dealer = (int)(g % 4);
    sk_deck_deal(&deck, dealer, run->rules.deal_mode, hands);
    sk_game *game = malloc(sizeof *game);
    sk_bot *bot[SK_NSEATS] = {0};
    sk_error err = {{0}, NULL};
    int rc = game && sk_game_init(game, &run->rules, dealer, hands, false, &err) == 0 ? 0 : -1;
    for (int s = 0; rc == 0 && s < SK_NSEATS; s++)
        if (!(bot[s] = sk_bot_new(run->bot, sk_rng_next(&rng), &err)))
            rc = -1;
    sk_turn turn;
    sk_turn_init(&turn);
    while (rc == 0 && !sk_game_over(game)) {
        int offer, seat = sk_turn_next(&turn, game, &offer);
        sk_view v;
        sk_game_view(game, seat, &v);
        sk_action a = sk_bot_act(bot[seat], &v);
        a.seat = (uint8_t)seat;
        if (offer >= 0 && a.type != offer)
            sk_turn_decline(&turn, game, seat);
        else if (sk_game_apply(game, a, &err) < 0)
            rc = -1;
    }
    sk_result res;
    if (rc == 0 && sk_game_result(game, &res, &err) < 0)
        rc = -1;
    for (int s = 0; rc == 0 && s < SK_NSEATS; s++) {
        int place = (s - dealer + 3) % 4;
        sk_cards packet = 0;
        for (int i = 0; i < 4; i++)
            packet |= SK_BIT(hands[s][i]);
        out->cell[place] = (uint8_t)sk_klopfen_cell(packet);
        out->money[place] = (int32_t)(res.money[s] >> res.laid); /* cents */
    }
    for (int s = 0; s < SK_NSEATS; s++)
        sk_bot_free(bot[s]);
    free(game);
    return rc;
}

/* A worker thread: plays its share of the games. */
static void *kl_worker(void *arg)
{
    kl_work *w = arg;
    kl_run *run = w->run;
    for (uint64_t g = (uint64_t)w->t; g < run->games; g += (uint64_t)run->jobs)
        if (kl_play(run, g, &run->g[g]) < 0) {
            run->failed = 1; /* read only after the join */
            break;
        }
    return NULL;
}

/* Whether game g is held out of the fit. */
static bool kl_held(const kl_run *run, uint64_t g)
{
    return run->holdout > 0 && (g + 1) % (uint64_t)run->holdout == 0;
}

/* Solves the 8x8 system a x = b (Gaussian elimination, partial pivoting);
 * a singular column gets 0. */
static void kl_solve(double a[8][8], double b[8], double x[8])
{
    int n = 8;
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r][c]) > fabs(a[piv][c]))
                piv = r;
        for (int k = 0; k < n; k++) {
            double t = a[c][k];
            a[c][k] = a[piv][k];
            a[piv][k] = t;
        }
        double t = b[c];
        b[c] = b[piv];
        b[piv] = t;
        if (fabs(a[c][c]) < 1e-9)
            continue;
        for (int r = c + 1; r < n; r++) {
            double f = a[r][c] / a[c][c];
            for (int k = c; k < n; k++)
                a[r][k] -= f * a[c][k];
            b[r] -= f * b[c];
        }
    }
    for (int c = n - 1; c >= 0; c--) {
        double s = b[c];
        for (int k = c + 1; k < n; k++)
            s -= a[c][k] * x[k];
        x[c] = fabs(a[c][c]) < 1e-9 ? 0 : s / a[c][c];
    }
}

/* The features of the line: one per place, then the four counts. */
static void kl_features(int cell, int place, double x[8])
{
    int k[4];
    sk_klopfen_cell_counts(cell, k);
    for (int i = 0; i < 4; i++) {
        x[i] = i == place;
        x[4 + i] = k[i];
    }
}

/* Fits the table from the games not held out: money[cell][place] and
 * the correction after[laid]; n[cell][place] gets the examples. */
static void kl_fit(const kl_run *run, double money[NC][4], double after[4], int64_t n[NC][4])
{
    static int64_t sum[NC][4];
    memset(sum, 0, sizeof sum);
    memset(n, 0, sizeof(int64_t) * NC * 4);
    for (uint64_t g = 0; g < run->games; g++)
        for (int p = 0; p < 4 && !kl_held(run, g); p++) {
            sum[run->g[g].cell[p]][p] += run->g[g].money[p];
            n[run->g[g].cell[p]][p]++;
        }
    double unit = run->rules.unit_cents, a[8][8] = {{0}}, b[8] = {0}, beta[8] = {0};
    for (int c = 0; c < NC; c++)
        for (int p = 0; p < 4; p++) {
            double x[8];
            kl_features(c, p, x);
            for (int i = 0; i < 8; i++) {
                b[i] += x[i] * (double)sum[c][p] / unit;
                for (int j = 0; j < 8; j++)
                    a[i][j] += x[i] * x[j] * (double)n[c][p];
            }
        }
    kl_solve(a, b, beta);
    for (int c = 0; c < NC; c++)
        for (int p = 0; p < 4; p++) {
            double x[8], line = 0;
            kl_features(c, p, x);
            for (int i = 0; i < 8; i++)
                line += beta[i] * x[i];
            money[c][p] = ((double)sum[c][p] / unit + SHRINK * line) / ((double)n[c][p] + SHRINK);
        }
    for (int k = 0; k < 4; k++)
        after[k] = 0;
    for (int round = 0; round < 3; round++) {
        double r[4] = {0}, cnt[4] = {0};
        for (uint64_t g = 0; g < run->games; g++) {
            if (kl_held(run, g))
                continue;
            int laid = 0;
            for (int p = 0; p < 4; p++) {
                const kl_game *e = &run->g[g];
                double table = money[e->cell[p]][p];
                if (laid) {
                    r[laid] += e->money[p] / unit - table;
                    cnt[laid]++;
                }
                laid += table + after[laid] > run->margin;
            }
        }
        for (int k = 1; k < 4; k++)
            after[k] = r[k] / (cnt[k] + SHRINK_LAID);
    }
}

/* Reports the lay of a seat alone among non-layers on the held-out
 * games, for several margins: how often it lays, the share of its lays
 * that won money, and its gain (its money again) a game in cents. */
static void kl_report(const kl_run *run, double money[NC][4])
{
    static const double margins[] = {-0.5, 0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3};
    fprintf(stderr, "%llu games (%d held out of every %d); a seat laying alone, held-out games:\n",
            (unsigned long long)run->games, run->holdout > 0 ? 1 : 0, run->holdout);
    fprintf(stderr, "margin  lays/seat-game  lays won  gain cents/seat-game  +- s.e.\n");
    for (size_t m = 0; m < sizeof margins / sizeof margins[0]; m++) {
        double seats = 0, lays = 0, won = 0, s = 0, s2 = 0;
        for (uint64_t g = 0; g < run->games; g++) {
            if (!kl_held(run, g))
                continue;
            for (int p = 0; p < 4; p++) {
                const kl_game *e = &run->g[g];
                double gain = 0;
                seats++;
                if (money[e->cell[p]][p] > margins[m]) {
                    lays++;
                    won += e->money[p] > 0;
                    gain = e->money[p]; /* cents */
                }
                s += gain;
                s2 += gain * gain;
            }
        }
        if (seats == 0)
            return;
        double mean = s / seats, se = sqrt((s2 / seats - mean * mean) / seats);
        fprintf(stderr, "%6.2f  %13.2f%%  %7.1f%%  %20.3f  %7.3f\n", margins[m],
                100 * lays / seats, lays ? 100 * won / lays : 0.0, mean, se);
    }
}

/* Writes the table as the C source of klopfen_table.c. */
static int kl_write(FILE *out, const kl_run *run, double money[NC][4], const double after[4],
                    int64_t n[NC][4])
{
    fprintf(out,
            "/*\n"
            " * klopfen_table.c -- the money a seat makes, in units without the\n"
            " * doubling of a lay, by the cell of its first packet (Obers, Unters,\n"
            " * other Herz, side Sauen) and its place after the dealer (forehand\n"
            " * first), from %llu games of four %s bots at the sauspiel preset\n"
            " * with laying off; and the correction per seat that laid before.\n"
            " * Written by `schafkopf learn --klopfen --games %llu --seed %llu\n"
            " * --bot %s --holdout %d --margin %.2f`.  Do not edit: learn again.\n"
            " */\n"
            "#include \"ai_internal.h\"\n\n"
            "const float skx_klopfen_money[SK_KLOPFEN_CELLS][4] = {\n",
            (unsigned long long)run->games, run->bot, (unsigned long long)run->games,
            (unsigned long long)run->seed, run->bot, run->holdout, run->margin);
    for (int c = 0; c < NC; c++) {
        int k[4];
        sk_klopfen_cell_counts(c, k);
        fprintf(out, "    {%.3ff, %.3ff, %.3ff, %.3ff}, /* O%d U%d H%d A%d: %lld %lld %lld %lld */\n",
                money[c][0], money[c][1], money[c][2], money[c][3], k[0], k[1], k[2], k[3],
                (long long)n[c][0], (long long)n[c][1], (long long)n[c][2], (long long)n[c][3]);
    }
    fprintf(out, "};\n\nconst float skx_klopfen_after_lay[4] = {%.3ff, %.3ff, %.3ff, %.3ff};\n",
            after[0], after[1], after[2], after[3]);
    return ferror(out) ? -1 : 0;
}

/* Parses the options of `learn --klopfen`; 0, or 2 after a message. */
static int kl_options(kl_run *run, const char **out_path, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"klopfen", no_argument, 0, 'K'},       {"games", required_argument, 0, 'n'},
        {"seed", required_argument, 0, 's'},    {"bot", required_argument, 0, 'b'},
        {"jobs", required_argument, 0, 'j'},    {"holdout", required_argument, 0, 'k'},
        {"margin", required_argument, 0, 'm'},  {"out", required_argument, 0, 'o'},
        {"help", no_argument, 0, 'h'},          {0, 0, 0, 0}};
    char q[SK_CLI_QUOTE];
    uint64_t v;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        char *end = NULL;
        switch (c) {
        case 'K': break;
        case 'n':
            if (skx_cli_number("games", optarg, 100000000, &run->games) < 0 || !run->games)
                return fprintf(stderr, "schafkopf: learn: --games: at least 1\n"), 2;
            break;
        case 's':
            if (skx_cli_number("seed", optarg, UINT64_MAX, &run->seed) < 0)
                return 2;
            break;
        case 'b':
            if (!sk_bot_spec_valid(optarg)) {
                fprintf(stderr, "schafkopf: learn: --bot: unknown bot \"%s\"\n",
                        skx_cli_quote(q, optarg));
                return 2;
            }
            run->bot = optarg;
            break;
        case 'j':
            if (skx_cli_number("jobs", optarg, 64, &v) < 0 || !v)
                return fprintf(stderr, "schafkopf: learn: --jobs: 1..64\n"), 2;
            run->jobs = (int)v;
            break;
        case 'k':
            if (skx_cli_number("holdout", optarg, 1000, &v) < 0)
                return 2;
            run->holdout = (int)v;
            break;
        case 'm':
            run->margin = strtod(optarg, &end);
            if (*end || !(run->margin >= -100 && run->margin <= 100)) {
                fprintf(stderr, "schafkopf: learn: --margin: a number -100..100, not \"%s\"\n",
                        skx_cli_quote(q, optarg));
                return 2;
            }
            break;
        case 'o': *out_path = optarg; break;
        case 'h': klopfen_usage(stdout); return -1;
        default: klopfen_usage(stderr); return 2;
        }
    }
    if (optind < argc) {
        klopfen_usage(stderr);
        return 2;
    }
    return 0;
}

/* `schafkopf learn --klopfen ...`. */
int skx_cmd_learn_klopfen(int argc, char **argv)
{
    kl_run run = {.bot = "heuristic", .seed = 19, .games = 400000, .jobs = 1, .holdout = 4,
                  .margin = SK_KLOPFEN_MARGIN};
    const char *out_path = NULL;
    int rc = kl_options(&run, &out_path, argc, argv);
    if (rc)
        return rc < 0 ? 0 : rc;
    sk_rules_preset(&run.rules, "sauspiel", NULL);
    run.rules.klopfen = SK_KLOPF_OFF; /* the games priced: nobody lays */
    sk_rules_refresh(&run.rules);
    run.g = calloc(run.games, sizeof *run.g);
    pthread_t th[64];
    kl_work w[64];
    if (!run.g) {
        fprintf(stderr, "schafkopf: learn: out of memory\n");
        return 1;
    }
    int started = 0;
    for (int t = 0; t < run.jobs; t++) {
        w[t] = (kl_work){&run, t};
        if (pthread_create(&th[t], NULL, kl_worker, &w[t]) != 0) {
            run.failed = 1;
            break;
        }
        started++;
    }
    for (int t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    if (run.failed) {
        fprintf(stderr, "schafkopf: learn: a game could not be played\n");
        free(run.g);
        return 1;
    }
    static double money[NC][4];
    static int64_t n[NC][4];
    double after[4];
    kl_fit(&run, money, after, n);
    kl_report(&run, money);
    fprintf(stderr, "correction after 1, 2, 3 lays: %.3f %.3f %.3f units\n", after[1], after[2],
            after[3]);
    char q[SK_CLI_QUOTE];
    skx_cli_out file; /* --out is written whole, as every file (common.c) */
    FILE *out = stdout;
    errno = 0; /* a failed write sets it */
    int failed = out_path && skx_cli_out_open(&file, out_path) < 0;
    if (!failed && out_path)
        out = file.f;
    if (!failed && kl_write(out, &run, money, after, n) < 0) {
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
        rc = 1;
    }
    free(run.g);
    return rc;
}
