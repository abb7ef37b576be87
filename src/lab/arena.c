/*
 * arena.c -- `schafkopf arena`: duplicate matches between bots.
 *
 * The match itself -- deals, seatings, bots, engines, threads -- is the
 * table layer's (table/arena.h): this command makes its plan from the
 * command line (arena_opts.c), hands every finished deal, in deal order,
 * to the report's totals (arena_stats.c) and to the files (arena_files.c:
 * a deal's records (--out) are appended before its log line, whole and
 * under the file's lock), and prints the report.  SIGINT, SIGTERM and
 * SIGHUP stop the run between deals; the match then kills every
 * engine's process group (docs/arena.md, "What survives what").  The log
 * lines are arena_log.c, --combine and --pair arena_combine.c.
 */
#include "lab/lab.h"
#include "lab/arena.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The signal (SIGINT, SIGTERM, SIGHUP) that asked the run to stop, or 0.
 * The handler only sets it; the match asks for it (run_stopped) at least
 * every 100 ms and does the stopping (engines) itself, the command then
 * closes the files. */
static volatile sig_atomic_t arena_signal;

/* What the match's calls back need: the options, the files, the totals,
 * and the progress shown on a terminal. */
typedef struct arena_run {
    const arena_opts *o;
    arena_files *f;
    skx_arena_stats *st;
    uint64_t merged; /* deals handed over so far */
    bool progress;   /* stderr is a terminal: "deal N/M" every ten deals */
} arena_run;

/* A finished deal, in deal order: into the totals, then its records, its
 * log line and its info lines into the files (records first: the log
 * never names a deal whose records are not written).  0, or -1 after a
 * message. */
static int run_deal(void *ctx, const skx_arena_played *out)
{
    arena_run *r = ctx;
    const arena_opts *o = r->o;
    int status = 0;
    skx_arena_stats_merge(r->st, &o->m, &out->deal);
    if (out->info_oom)
        fprintf(stderr, "schafkopf: arena: deal %llu: out of memory: info lines dropped\n",
                (unsigned long long)out->deal.index);
    if (skx_arena_files_deal(o, r->f, out->records, out->records_len, &out->deal, out->info,
                            out->info_len) < 0)
        status = -1;
    r->merged++;
    if (r->progress && r->merged % 10 == 0)
        fprintf(stderr, "\rdeal %llu/%llu", (unsigned long long)r->merged,
                (unsigned long long)o->deals);
    return status;
}

/* The signal that asks the match to stop, or 0. */
static int run_stopped(void *ctx)
{
    (void)ctx;
    return arena_signal;
}

/* A message of the match (an engine's failure, why it stops). */
static void run_say(void *ctx, const char *msg)
{
    (void)ctx;
    fprintf(stderr, "schafkopf: arena: %s\n", msg);
}

/* Plays the match of the options into the files and the totals: 0, -1
 * (failed) or the number of the signal that stopped it; *done: the deals
 * written. */
static int run(const arena_opts *o, arena_files *f, skx_arena_stats *st, uint64_t *done)
{
    skx_arena_plan *p = calloc(1, sizeof *p);
    if (!p) {
        fprintf(stderr, "schafkopf: arena: out of memory\n");
        return -1;
    }
    arena_run r = {.o = o, .f = f, .st = st, .progress = isatty(2)};
    p->m = o->m;
    memcpy(p->command, o->command, sizeof p->command);
    p->first = o->first;
    p->deals = o->deals;
    p->jobs = o->jobs;
    p->time_ms = o->time_ms;
    p->start_ms = o->start_ms;
    p->records = o->out_path != NULL;
    p->info = o->info_path || o->log_path;
    p->ctx = &r;
    p->deal = run_deal;
    p->stopped = run_stopped;
    p->say = run_say;
    int status = skx_arena_run(p, done);
    if (r.progress)
        fprintf(stderr, "\r%40s\r", "");
    free(p);
    return status;
}

/* The signal handler: notes the signal, nothing else (the match asks
 * run_stopped and stops the run). */
static void on_signal(int sig)
{
    arena_signal = sig;
}

/* Plays the match of parsed options: log, records, report; exit status
 * (128 + the signal when SIGINT, SIGTERM or SIGHUP stopped it). */
static int arena_main(arena_opts *o)
{
    if (o->jobs > o->deals / skx_arena_unit(&o->m))
        o->jobs = o->deals / skx_arena_unit(&o->m);
    /* a dead engine must be a write error, not the end of the arena */
    struct sigaction sa, old[3];
    static const int SIGNALS[3] = {SIGINT, SIGTERM, SIGHUP};
    memset(&sa, 0, sizeof sa);
    memset(old, 0, sizeof old);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, NULL);
    /* a stopped arena ends its engines (each runs in its own process
     * group, so the terminal's SIGINT does not reach them); a signal
     * ignored at the start stays ignored (nohup, background jobs) */
    arena_signal = 0;
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++)
        if (sigaction(SIGNALS[i], NULL, &old[i]) == 0 && old[i].sa_handler != SIG_IGN)
            sigaction(SIGNALS[i], &sa, NULL);
    if (o->m.format == SKX_ARENA_ROTATE && o->m.nbots == 2)
        fprintf(stderr, "schafkopf: arena: warning: format abab: copies of one bot sit on "
                        "opposite sides and can double each other; the figures are inflated "
                        "by that collusion (the default, 1v3, is not)\n");
    arena_files f = {.rec_fd = -1, .log_fd = -1, .info_fd = -1, .signal = &arena_signal};
    int status = skx_arena_files_open(o, &f) < 0 ? 1 : 0;
    skx_arena_stats *st = status == 0 ? calloc(1, sizeof *st) : NULL;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t done = 0;
    int rc = st ? run(o, &f, st, &done) : -1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (rc != 0)
        status = 1;
    if (skx_arena_files_close(o, &f, st != NULL) < 0)
        status = 1;
    if (rc > 0) {
        fprintf(stderr, "schafkopf: arena: stopped by %s after %llu of %llu deals; engines "
                        "ended; to go on: --first-deal %llu --deals %llu\n",
                rc == SIGINT ? "SIGINT" : rc == SIGTERM ? "SIGTERM" : "SIGHUP",
                (unsigned long long)done, (unsigned long long)o->deals,
                (unsigned long long)(o->first + done),
                (unsigned long long)(o->deals - done));
        status = 128 + rc;
    }
    if (status == 0) {
        skx_arena_report(stdout, &o->m, st);
        fprintf(stderr, "arena: %llu jobs, %.1f s\n", (unsigned long long)o->jobs,
                (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "schafkopf: arena: cannot write the report: %s\n", strerror(errno));
            status = 1;
        }
    }
    for (int i = 0; i < 3; i++)
        sigaction(SIGNALS[i], &old[i], NULL);
    free(st);
    return status;
}

/* `schafkopf arena`: --combine or --pair of logs, else a match of the
 * options; the exit status. */
int skx_cmd_arena(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "--combine") == 0)
            return skx_arena_combine(argc, argv);
        if (strcmp(argv[i], "--pair") == 0)
            return skx_arena_pair(argc, argv);
    }
    arena_opts *o = calloc(1, sizeof *o);
    if (!o)
        return 1;
    sk_rules_preset(&o->m.rules, "official", NULL);
    o->deals = 100;
    o->first = 1;
    o->time_ms = 1000;
    o->start_ms = 5000;
    o->jobs = (uint64_t)skx_cli_cores();
    bool seeded = false;
    int rc = skx_arena_parse_opts(argc, argv, o, &seeded);
    if (rc != 0) {
        free(o);
        return rc < 0 ? 2 : 0;
    }
    if (!seeded) {
        sk_rng rng;
        if (sk_rng_seed_os(&rng) < 0) {
            fprintf(stderr, "schafkopf: arena: no OS random source\n");
            free(o);
            return 1;
        }
        o->m.seed = sk_rng_next(&rng) >> 1;
    }
    int status = arena_main(o);
    free(o);
    return status;
}
