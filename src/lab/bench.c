/*
 * bench.c -- `schafkopf bench`: a behaviour signature and speed figures.
 *
 * The signature counts the legal card sequences of the first two tricks
 * (perft, 8 plies) over a fixed set of seeded deals and contracts -- any
 * change to the rules of play changes it -- plus the solver's nodes over
 * fixed deals solved exactly from the first card, which any change to
 * the search changes.  The speed lines are the throughput of random
 * complete games (deal, auction, 32 cards, settlement) on one core, the
 * solver's median and p99 time per deal, and on request the time of
 * the default PIMC bot's decisions (mean, median, p99, max).
 */
#include "lab/lab.h"
#include "schafkopf/ai.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Counts the card sequences of `depth` more plies. */
static uint64_t perft(const sk_game *g, int depth)
{
    if (depth == 0 || sk_game_over(g))
        return 1;
    sk_cards legal = sk_game_legal_cards(g);
    if (depth == 1)
        return (uint64_t)sk_cards_count(legal);
    uint64_t n = 0;
    for (; legal; legal &= legal - 1) {
        sk_game child = *g;
        sk_action a = sk_act_card(g->pub.to_move, sk_cards_first(legal));
        sk_game_apply(&child, a, NULL);
        n += perft(&child, depth - 1);
    }
    return n;
}

/* Sets up bench deal i: forehand bids and declares the first valid
 * contract of a type cycling Sauspiel, Solo, Wenz, Solo Tout. */
static void bench_position(sk_game *g, const sk_rules *r, int i)
{
    static const sk_contract WANT[4] = {{SK_C_SAUSPIEL, 0, 0}, {SK_C_SOLO, 0, 0},
                                        {SK_C_WENZ, SK_NOSUIT, 0}, {SK_C_SOLO, 0, 1}};
    sk_rng rng;
    sk_rng_seed(&rng, 1000 + (uint64_t)i);
    sk_game_deal(g, r, 3, &rng, false);
    sk_game_apply(g, sk_act_bid(0, (sk_contract){SK_C_SAUSPIEL, SK_NOSUIT, 0}), NULL);
    for (int s = 1; s < 4; s++)
        sk_game_apply(g, sk_act_pass(s), NULL);
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal);
    for (int k = 0; k < 4; k++) {
        sk_contract w = WANT[(i + k) % 4];
        for (int j = 0; j < n; j++)
            if (legal[j].contract.type == w.type && legal[j].contract.tout == w.tout) {
                sk_game_apply(g, legal[j], NULL);
                return;
            }
    }
}

/* Sets up solver bench deal i: forehand declares a contract cycling
 * Sauspiel, Solo, Wenz (every 25th deal a Solo Tout, the next a Wenz
 * Tout), falling back to any valid contract of another type. */
static void solver_position(sk_game *g, const sk_rules *r, int i)
{
    static const sk_contract WANT[3] = {{SK_C_SAUSPIEL, 0, 0}, {SK_C_SOLO, 0, 0},
                                        {SK_C_WENZ, SK_NOSUIT, 0}};
    sk_rng rng;
    sk_rng_seed(&rng, 500000 + (uint64_t)i);
    sk_game_deal(g, r, i & 3, &rng, false);
    int fh = (i + 1) & 3;
    sk_game_apply(g, sk_act_bid(fh, (sk_contract){SK_C_SAUSPIEL, SK_NOSUIT, 0}), NULL);
    for (int s = 1; s < 4; s++)
        sk_game_apply(g, sk_act_pass((fh + s) & 3), NULL);
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal);
    int tout = i % 25 == 0 || i % 25 == 1;
    sk_contract first = tout ? (sk_contract){i % 25 ? SK_C_WENZ : SK_C_SOLO, 0, 1} : WANT[i % 3];
    for (int k = 0; k < 4; k++) {
        sk_contract w = k == 0 ? first : WANT[(i + k) % 3];
        /* a pseudo-random valid choice of suit among the matches */
        int match[16], m = 0;
        for (int j = 0; j < n; j++)
            if (legal[j].contract.type == w.type && legal[j].contract.tout == w.tout)
                match[m++] = j;
        if (m) {
            sk_game_apply(g, legal[match[sk_rng_below(&rng, (uint32_t)m)]], NULL);
            return;
        }
    }
}

/* Compares doubles for qsort. */
static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The CPU time of the process in seconds: what a decision costs no
 * matter how many other programs share the cores (the wall clock
 * counts their time slices too). */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Prints the usage of `bench`. */
static void bench_usage(FILE *out)
{
    fprintf(out, "usage: schafkopf bench [--deals N] [--games N] [--solves N] [--jobs N]\n"
                 "                       [--pimc N [--bot SPEC]] [--claims N]\n\n"
                 "Prints 'Bench: N', the sum of the number of legal card sequences of the\n"
                 "first two tricks over N fixed seeded deals (default 32) and of the\n"
                 "solver's nodes over N fixed deals solved exactly from the first card\n"
                 "(default 1000: Sauspiel, Solo, Wenz and a few Touts), with the median\n"
                 "and p99 solve time (on one thread the CPU time too, which other\n"
                 "programs do not stretch), and the throughput of random complete\n"
                 "games on one core (default 2000000 games).  --pimc N also plays N\n"
                 "seeded games of four PIMC bots (--bot SPEC, default pimc) and prints\n"
                 "the time of their card and auction decisions (mean, median, p99 and\n"
                 "max; default 0: none).  --claims N plays N seeded deals of heuristic bots and times\n"
                 "the claim check and its line (\"Der Rest gehoert mir\", the server's\n"
                 "claim) at every card, per trick (default 0: none).  --jobs N lets\n"
                 "each exact solve use N threads (default 1); the node counts then vary\n"
                 "from run to run, so no signature is printed.\n\n"
                 "  -h, --help    this help\n");
}

/* Solves `count` fixed deals exactly from the first card, each on
 * `threads` threads; prints the median and p99 time per deal -- on one
 * thread its CPU time too, which other programs on the machine do not
 * stretch -- and returns the total solver nodes. */
static uint64_t solver_bench(const sk_rules *rules, uint64_t count, int threads)
{
    sk_solver *s = sk_solver_new(16);
    if (s)
        sk_solver_set_threads(s, threads);
    double *times = malloc((count ? count : 1) * sizeof *times);
    double *cpu = malloc((count ? count : 1) * sizeof *cpu);
    if (!s || !times || !cpu) {
        fprintf(stderr, "schafkopf: bench: out of memory\n");
        sk_solver_free(s);
        free(times);
        free(cpu);
        return 0;
    }
    sk_game g;
    long sum = 0;
    double t0 = now();
    for (uint64_t i = 0; i < count; i++) {
        solver_position(&g, rules, (int)i);
        double a = now(), c = cpu_now();
        int pts = 0;
        sk_solver_solve(s, &g, &pts);
        times[i] = now() - a;
        cpu[i] = cpu_now() - c;
        sum += pts;
    }
    double total = now() - t0;
    qsort(times, count, sizeof *times, cmp_double);
    double med = count ? times[count / 2] : 0, p99 = count ? times[(count * 99) / 100] : 0;
    double max = count ? times[count - 1] : 0;
    uint64_t nodes = sk_solver_nodes(s);
    printf("solver: %llu deals solved from the first card on %d thread%s in %.2f s: "
           "median %.3f ms, p99 %.3f ms, max %.3f ms, %llu nodes (%.1f M nodes/s), "
           "points sum %ld\n",
           (unsigned long long)count, threads, threads > 1 ? "s" : "", total, med * 1e3,
           p99 * 1e3, max * 1e3, (unsigned long long)nodes, total > 0 ? (double)nodes / total / 1e6 : 0.0, sum);
    if (threads == 1 && count) {
        qsort(cpu, count, sizeof *cpu, cmp_double);
        printf("solver CPU time: median %.3f ms, p99 %.3f ms, max %.3f ms\n", cpu[count / 2] * 1e3,
               cpu[(count * 99) / 100] * 1e3, cpu[count - 1] * 1e3);
    }
    sk_solver_free(s);
    free(times);
    free(cpu);
    return nodes;
}

/* The times of one kind of decision: wall clock and CPU, grown as
 * decisions come. */
typedef struct bench_times {
    double *wall, *cpu;
    size_t n, cap;
} bench_times;

/* Adds one decision's times; -1 when out of memory. */
static int times_add(bench_times *t, double wall, double cpu)
{
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1024;
        double *w = realloc(t->wall, cap * sizeof *w);
        if (w)
            t->wall = w;
        double *c = w ? realloc(t->cpu, cap * sizeof *c) : NULL;
        if (!w || !c)
            return -1;
        t->cpu = c;
        t->cap = cap;
    }
    t->wall[t->n] = wall;
    t->cpu[t->n++] = cpu;
    return 0;
}

/* Prints the mean, median, p99 and largest of n times (sorted here), in
 * ms. */
static void times_print(const char *label, double *t, size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += t[i];
    if (n)
        qsort(t, n, sizeof *t, cmp_double);
    printf("%s mean %.1f ms, median %.1f ms, p99 %.1f ms, max %.1f ms", label,
           n ? sum / (double)n * 1e3 : 0.0, n ? t[n / 2] * 1e3 : 0.0,
           n ? t[(n * 99) / 100] * 1e3 : 0.0, n ? t[n - 1] * 1e3 : 0.0);
}

/* Plays `count` seeded games of four bots of one spec (a PIMC level)
 * and prints the mean, median, p99 and largest time of a card decision
 * (all, and those with two or more legal cards: a forced card costs
 * nothing and pulls the median down) and of an auction or declaration
 * decision (one core): the wall clock,
 * and the CPU time, which stays put when other programs load the
 * machine.  The tail is what a player waits for, so the p99 is the
 * figure to watch; the mean hides it. */
static void pimc_bench(const sk_rules *rules, uint64_t count, const char *spec)
{
    sk_bot *bots[SK_NSEATS];
    sk_error err = {0};
    for (int s = 0; s < SK_NSEATS; s++)
        bots[s] = sk_bot_new(spec, 77 + (uint64_t)s, &err);
    if (!bots[0] || !bots[1] || !bots[2] || !bots[3]) {
        fprintf(stderr, "schafkopf: bench: --bot: %s\n", err.msg[0] ? err.msg : "out of memory");
        for (int s = 0; s < SK_NSEATS; s++)
            sk_bot_free(bots[s]);
        return;
    }
    sk_rng rng;
    sk_rng_seed(&rng, 4242);
    bench_times cards = {0}, chosen = {0}, bids = {0};
    uint64_t played = 0;
    int oom = 0;
    for (uint64_t i = 0; i < count && !oom; i++) {
        sk_game g;
        sk_game_deal(&g, rules, (int)(i & 3), &rng, false);
        while (!sk_game_over(&g)) {
            int seat = g.pub.to_move;
            sk_view v;
            sk_game_view(&g, seat, &v);
            int choice = g.pub.phase == SK_PHASE_PLAY && sk_cards_count(sk_game_legal_cards(&g)) > 1;
            double a = now(), ac = cpu_now();
            sk_action act = sk_bot_act(bots[seat], &v);
            double t = now() - a, tc = cpu_now() - ac;
            if (act.type == SK_ACT_CARD)
                oom |= times_add(&cards, t, tc);
            if (act.type == SK_ACT_CARD && choice)
                oom |= times_add(&chosen, t, tc);
            else if (g.pub.phase == SK_PHASE_AUCTION || g.pub.phase == SK_PHASE_DECLARE)
                oom |= times_add(&bids, t, tc);
            if (sk_game_apply(&g, act, NULL) < 0)
                break;
        }
        played += g.pub.trick_no == g.pub.ntricks;
    }
    if (oom) {
        fprintf(stderr, "schafkopf: bench: out of memory\n");
    } else {
        printf("%s: %llu games (%llu played out), %zu card decisions (%zu with a choice), "
               "%zu auction and declaration decisions\n",
               spec, (unsigned long long)count, (unsigned long long)played, cards.n, chosen.n,
               bids.n);
        for (int cpu = 0; cpu < 2; cpu++) {
            printf("%s: %s:", spec, cpu ? "CPU time" : "wall clock");
            times_print(" card decisions", cpu ? cards.cpu : cards.wall, cards.n);
            times_print("; with a choice", cpu ? chosen.cpu : chosen.wall, chosen.n);
            times_print("; auction and declaration decisions", cpu ? bids.cpu : bids.wall, bids.n);
            printf("\n");
        }
    }
    free(cards.wall);
    free(cards.cpu);
    free(chosen.wall);
    free(chosen.cpu);
    free(bids.wall);
    free(bids.cpu);
    for (int s = 0; s < SK_NSEATS; s++)
        sk_bot_free(bots[s]);
}

/* Plays `count` seeded deals of four heuristic bots and times the claim
 * check with its line (sk_claim_line, what the server runs on a worker
 * for "Der Rest gehört mir") for the seat to move at every card, per
 * trick: mean, largest, how many held, how many were too rich. */
static void claim_bench(const sk_rules *rules, uint64_t count)
{
    sk_error err = {0};
    sk_bot *bot = sk_bot_new("heuristic", 5, &err);
    if (!bot)
        return;
    double sum[SK_NTRICKS] = {0}, max[SK_NTRICKS] = {0};
    uint64_t n[SK_NTRICKS] = {0}, held[SK_NTRICKS] = {0}, rich[SK_NTRICKS] = {0};
    sk_rng rng;
    sk_rng_seed(&rng, 7);
    for (uint64_t i = 0; i < count; i++) {
        sk_game g;
        sk_game_deal(&g, rules, (int)(i & 3), &rng, false);
        while (!sk_game_over(&g)) {
            int seat = g.pub.to_move;
            if (g.pub.phase == SK_PHASE_PLAY && seat < SK_NSEATS) {
                int k = g.pub.trick_no;
                sk_action line[SK_NCARDS];
                double a = now();
                int rc = sk_claim_line(&g, seat, line, SK_NCARDS, NULL);
                double t = now() - a;
                sum[k] += t;
                max[k] = t > max[k] ? t : max[k];
                n[k]++;
                held[k] += rc > 0;
                rich[k] += rc == SK_ERANGE;
            }
            sk_view v;
            sk_game_view(&g, seat < SK_NSEATS ? seat : 0, &v);
            sk_action act = sk_bot_act(bot, &v);
            if (sk_game_apply(&g, act, NULL) < 0) {
                sk_action legal[SK_MAX_LEGAL];
                if (sk_game_legal(&g, legal) < 1 || sk_game_apply(&g, legal[0], NULL) < 0)
                    break;
            }
        }
    }
    for (int k = 0; k < SK_NTRICKS; k++)
        printf("claims, trick %d: %llu checks, mean %.2f ms, max %.1f ms, %llu held, %llu too "
               "rich\n",
               k + 1, (unsigned long long)n[k], n[k] ? sum[k] / (double)n[k] * 1e3 : 0.0,
               max[k] * 1e3, (unsigned long long)held[k], (unsigned long long)rich[k]);
    sk_bot_free(bot);
}

int skx_cmd_bench(int argc, char **argv)
{
    static const struct option opts[] = {{"deals", required_argument, 0, 'd'},
                                         {"games", required_argument, 0, 'g'},
                                         {"solves", required_argument, 0, 's'},
                                         {"pimc", required_argument, 0, 'p'},
                                         {"bot", required_argument, 0, 'b'},
                                         {"jobs", required_argument, 0, 'j'},
                                         {"claims", required_argument, 0, 'c'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    uint64_t deals = 32, games = 2000000, solves = 1000, pimc = 0, claims = 0;
    int threads = 1;
    const char *spec = "pimc";
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'd') {
            if (skx_cli_number("deals", optarg, 100000, &deals) < 0)
                return 2;
        } else if (c == 'g') {
            if (skx_cli_number("games", optarg, 1000000000000ull, &games) < 0)
                return 2;
        } else if (c == 's') {
            if (skx_cli_number("solves", optarg, 10000000, &solves) < 0)
                return 2;
        } else if (c == 'b') {
            sk_error err = {0};
            sk_bot *probe = sk_bot_new(optarg, 1, &err);
            if (!probe) {
                fprintf(stderr, "schafkopf: bench: --bot: %s\n", err.msg);
                return 2;
            }
            sk_bot_free(probe);
            spec = optarg;
        } else if (c == 'j') {
            if (skx_cli_solver_jobs("bench", optarg, &threads) < 0)
                return 2;
        } else if (c == 'p') {
            if (skx_cli_number("pimc", optarg, 100000, &pimc) < 0)
                return 2;
        } else if (c == 'c') {
            if (skx_cli_number("claims", optarg, 100000, &claims) < 0)
                return 2;
        } else if (c == 'h') {
            bench_usage(stdout);
            return 0;
        } else {
            bench_usage(stderr);
            return 2;
        }
    }
    sk_rules rules;
    sk_rules_preset(&rules, "official", NULL);
    sk_game g;
    uint64_t nodes = 0;
    double t0 = now();
    for (uint64_t i = 0; i < deals; i++) {
        bench_position(&g, &rules, (int)i);
        nodes += perft(&g, 8);
    }
    double t1 = now();
    printf("perft: %llu deals, first two tricks, %.2f s\n", (unsigned long long)deals, t1 - t0);
    sk_rng rng;
    sk_rng_seed(&rng, 42);
    int64_t check = 0;
    uint64_t played = 0;
    for (uint64_t i = 0; i < games; i++) {
        sk_game_deal(&g, &rules, (int)(i & 3), &rng, false);
        sk_game_random_rest(&g, &rng);
        sk_result res;
        sk_game_result(&g, &res, NULL);
        check += res.money[0] + res.points[0];
        played += !res.thrown_in;
    }
    double t2 = now();
    double secs = t2 - t1;
    printf("random games: %llu (%llu played, checksum %lld) in %.3f s = %.0f games/s on one core\n",
           (unsigned long long)games, (unsigned long long)played, (long long)check, secs,
           secs > 0 ? (double)games / secs : 0.0);
    uint64_t solver_nodes = solver_bench(&rules, solves, threads);
    if (pimc)
        pimc_bench(&rules, pimc, spec);
    if (claims)
        claim_bench(&rules, claims);
    if (threads > 1) {
        printf("Bench: none (the solver ran on %d threads; its node count varies)\n",
               threads);
        return 0;
    }
    printf("Bench: %llu (perft %llu + solver %llu)\n",
           (unsigned long long)(nodes + solver_nodes), (unsigned long long)nodes,
           (unsigned long long)solver_nodes);
    return 0;
}
