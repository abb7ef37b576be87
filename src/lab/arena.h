/*
 * arena.h -- what the parts of `schafkopf arena` share: the report's
 * running totals, the per-deal results log, the command line and the
 * files a run appends to.  The match itself -- its identity, its
 * formats, one deal's outcome, the play -- is the table layer's
 * (table/arena.h).  Internal to src/lab.
 *
 *   arena.c          the command: a plan of table/arena.h from the
 *                    options, signals, each finished deal to the files
 *                    and the totals, the report
 *   arena_stats.c    merges deals into totals and prints the report
 *   arena_log.c      one deal as one JSON line and back (no I/O, so the
 *                    libFuzzer harness tests/fuzz/fuzz_arena_log.c can
 *                    include it with the library sources only)
 *   arena_combine.c  reads logs: `arena --combine` and --log's resume check
 *   arena_files.c    the files a run appends to: --out, --log, --info
 *
 * A run and `--combine` of its log print the same report because both
 * feed the same skx_arena_deal values, in deal order, through the same
 * skx_arena_stats_merge; the log stores exactly those values.
 */
#ifndef SKX_LAB_ARENA_H
#define SKX_LAB_ARENA_H

#include "table/arena.h"
#include "table/engine.h"
#include "schafkopf/core.h"

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

/* The log format, the first member of every line. */
#define SKX_ARENA_LOG_FORMAT "schafkopf-arena-log/1"
/* Contract classes of the statistics: type and tout. */
#define SKX_ARENA_NCLASSES (SK_C_NTYPES * 2)

/* Per-bot totals of a match. */
typedef struct skx_arena_bot_stats {
    uint64_t games;
    double money_mean, money_m2; /* Welford over per-deal means */
    double tp_mean, tp_m2;
    uint64_t declared[SKX_ARENA_NCLASSES], won[SKX_ARENA_NCLASSES];
    int64_t declarer_money[SKX_ARENA_NCLASSES];
    uint64_t fails[SKX_ENGINE_NFAIL];
    /* rates: games of the bot thrown in; games in which it laid, gave
     * Kontra, gave Retour (those three only from games with has_acts) */
    uint64_t thrown_in, laid, kontra, retour;
} skx_arena_bot_stats;

/* A running mean and sum of squared deviations (Welford) over deals. */
typedef struct skx_arena_mean {
    double mean, m2;
} skx_arena_mean;

/* 1-vs-3 figures, each per game of the lone bot: money, money without
 * doublings, tournament points. */
enum { SKX_ARENA_MONEY, SKX_ARENA_PLAIN, SKX_ARENA_TP, SKX_ARENA_NFIG };

/* How many deal ranges the report names ("deals 1-10, 21-30"). */
#define SKX_ARENA_SHOWN_RANGES 4

/* The running totals of a match; zero-initialise, then merge deals in
 * increasing index order. */
typedef struct skx_arena_stats {
    uint64_t deals, no_declarer;
    uint64_t nranges;                         /* runs of consecutive deals */
    uint64_t range_lo[SKX_ARENA_SHOWN_RANGES]; /* the first ranges... */
    uint64_t range_hi[SKX_ARENA_SHOWN_RANGES];
    uint64_t last_lo, last_hi;                /* ...and the last one */
    skx_arena_bot_stats bot[SKX_ARENA_MAX_BOTS];
    /* 1-vs-3: dir[0] A alone against three B, dir[1] B alone against
     * three A (the lone bot's mean per game in a deal), edge A's
     * advantage, (dir[0] - dir[1]) / 2 per deal */
    skx_arena_mean dir[2][SKX_ARENA_NFIG], edge[SKX_ARENA_NFIG];
    uint64_t no_plain; /* deals without plain money (old logs) */
    uint64_t no_acts;  /* deals without laid/kontra/retour (old logs) */
    /* per game (all seatings): games with a Klopfen, a Kontra, a Retour
     * (from games with has_acts), a Solo, a Wenz (Touts included) */
    uint64_t with_laid, with_kontra, with_retour, with_solo, with_wenz;
} skx_arena_stats;

/* ---- arena_stats.c ------------------------------------------------- */

/* The figures of one deal for the report's rows, per game: in 1-vs-3
 * the lone bot of each direction (row 0: A alone, row 1: B alone),
 * rotated each bot over its games; returns the number of rows.
 * *plain: every game knows its money without doublings. */
int skx_arena_deal_rows(const skx_arena_match *m, const skx_arena_deal *d,
                       double x[SKX_ARENA_MAX_BOTS][SKX_ARENA_NFIG], bool *plain);
/* Adds one deal to the totals; deals must come in increasing index order. */
void skx_arena_stats_merge(skx_arena_stats *st, const skx_arena_match *m, const skx_arena_deal *d);
/* Prints the match report: the same text for the same deals. */
void skx_arena_report(FILE *out, const skx_arena_match *m, const skx_arena_stats *st);
/* The command of an "ext:COMMAND" spec, else NULL. */
const char *skx_arena_bot_command(const char *spec);

/* ---- arena_log.c (no I/O) ------------------------------------------ */

/* Whether a bot spec can go into a log: UTF-8 text, as JSON wants. */
bool skx_arena_spec_ok(const char *spec);

/* One deal as a log line (JSON, '\n'-terminated, malloc'd); NULL when out
 * of memory.  `info` (info_len bytes, may be NULL) holds the engines' info
 * lines of the deal as --info writes them, "GAME SEAT info ...\n": each
 * goes into the member games[r].info of the game whose record id is GAME
 * (lines of no game of the deal are left out).  The parser checks
 * games[r].info but does not keep it: the report does not need it. */
char *skx_arena_log_format(const skx_arena_match *m, const skx_arena_deal *d, const char *info,
                           size_t info_len);
/* Parses one log line (without its '\n'): 0, or -1 with what is wrong in
 * `why` (naming the member, e.g. "games[1].money[2]: expected an integer"). */
int skx_arena_log_parse(const char *line, size_t len, skx_arena_match *m, skx_arena_deal *d,
                       char *why, size_t whysize);
/* The first member in which two matches differ ("seed", "bots", "format",
 * "session", "rules", "tariff"), or NULL when they are the same match. */
const char *skx_arena_match_diff(const skx_arena_match *a, const skx_arena_match *b);

/* ---- arena_combine.c ------------------------------------------------ */

/* `schafkopf arena --combine LOG...`: argc/argv as skx_cmd_arena got them. */
int skx_arena_combine(int argc, char **argv);
/* `schafkopf arena --pair BEFORE AFTER`: the paired differences of two
 * matches on the same deals; argc/argv as skx_cmd_arena got them. */
int skx_arena_pair(int argc, char **argv);
/*
 * Prepares appending to the log `path` for a run of deals first..last of
 * match `m`: an existing log must hold the same match and none of those
 * deals; an unfinished last line (a run killed while writing it) is cut
 * off with a warning, a complete one missing its '\n' gets it (through
 * `fd`, the log open for appending).  0, or -1
 * with a message naming file:line.
 */
int skx_arena_log_prepare(const char *path, int fd, const skx_arena_match *m, uint64_t first,
                         uint64_t last);


#define SKX_ARENA_MAX_DEALS 100000000u
/* The longest --session block, in deals (a worker holds a whole block's
 * results until it is merged). */
#define SKX_ARENA_MAX_SESSION 10000u
/* The highest deal index --first-deal may reach (exact in any JSON reader). */
#define SKX_ARENA_MAX_INDEX (1ull << 50)

/* The command line, parsed.  The match (bots as given: "heuristic",
 * "ext:./my-engine --fast"; seed; rules; tariff) is what logs record. */
typedef struct arena_opts {
    skx_arena_match m;
    const char *command[SKX_ARENA_MAX_BOTS]; /* the command of an ext: bot, else NULL */
    uint64_t deals, first, jobs, time_ms, start_ms;
    const char *out_path, *log_path, *info_path;
} arena_opts;

/* ---- arena_files.c ------------------------------------------------ */

/* A record of this run's deals already in --out. */
typedef struct have_rec {
    uint64_t key;  /* deal * 16 + seating, from the id arena-SEED-DEAL-SEATING */
    uint64_t hash; /* of the whole line */
} have_rec;

/* The files a run appends to; set rec_fd, log_fd and info_fd to -1 and
 * signal to the run's stop flag before skx_arena_files_open. */
typedef struct arena_files {
    int rec_fd;             /* -1 without --out */
    int log_fd;             /* -1 without --log */
    int info_fd;            /* -1 without --info */
    const volatile sig_atomic_t *signal; /* nonzero: the run is being stopped */
    struct timespec synced; /* when they were last fsync'ed */
    have_rec *have;         /* sorted; records that are not written again */
    size_t nhave;
} arena_files;

/* Opens --log (checked against the match and this run's deals, locked),
 * --out (repaired, its records of this run noted) and --info, as the
 * options name them; 0, or -1 after a message. */
int skx_arena_files_open(const arena_opts *o, arena_files *f);
/* Writes a finished deal: its records, then its log line, then its
 * engines' info lines, then an fsync if the last is a second old.  0, or
 * -1 after a message. */
int skx_arena_files_deal(const arena_opts *o, arena_files *f, const char *records,
                        size_t records_len, const skx_arena_deal *d, const char *info,
                        size_t info_len);
/* fsyncs the files if the last sync is a second old, or now when
 * `force`; 0, or -1 after a message. */
int skx_arena_files_sync(const arena_opts *o, arena_files *f, bool force);
/* Closes the files (after a last fsync when `sync`); 0, or -1 after a
 * message. */
int skx_arena_files_close(const arena_opts *o, arena_files *f, bool sync);

/* Parses the arena's command line (arena_opts.c); -1 (exit 2), 1 (help
 * shown) or 0; *seeded tells whether --seed was given. */
int skx_arena_parse_opts(int argc, char **argv, arena_opts *o, bool *seeded);

#endif
