/*
 * arena.h -- what the parts of `schafkopf arena` share: the identity of a
 * match, one deal's outcome as the report sees it, the report's running
 * totals, and the per-deal results log.  Internal to src/cli.
 *
 *   arena.c          plays the deals (threads, engines, records)
 *   arena_stats.c    merges deals into totals and prints the report
 *   arena_log.c      one deal as one JSON line and back (no I/O, so the
 *                    libFuzzer harness tests/fuzz/fuzz_arena_log.c can
 *                    include it with the library sources only)
 *   arena_combine.c  reads logs: `arena --combine` and --log's resume check
 *
 * A run and `--combine` of its log print the same report because both
 * feed the same sk_arena_deal values, in deal order, through the same
 * sk_arena_stats_merge; the log stores exactly those values.
 */
#ifndef SK_CLI_ARENA_H
#define SK_CLI_ARENA_H

#include "cli/engine.h"
#include "schafkopf/core.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define SK_ARENA_MAX_BOTS 8
#define SK_ARENA_SPEC_MAX 512   /* a bot spec, NUL included */
#define SK_ARENA_TARIFF_MAX 64  /* the tariff as shown, NUL included */
/* The log format, the first member of every line. */
#define SK_ARENA_LOG_FORMAT "schafkopf-arena-log/1"
/* Contract classes of the statistics: type and tout. */
#define SK_ARENA_NCLASSES (SK_C_NTYPES * 2)

/* What makes deals of different runs parts of one match: the bots in
 * order, the seed, the ruleset (money included) and the tariff text. */
typedef struct sk_arena_match {
    sk_rules rules;
    char bots[SK_ARENA_MAX_BOTS][SK_ARENA_SPEC_MAX];
    int nbots;
    uint64_t seed;
    char tariff[SK_ARENA_TARIFF_MAX]; /* "10/20/50" or "of the ruleset" */
} sk_arena_match;

/* One game (seating) of a deal: who sat where and the settlement fields
 * the report uses. */
typedef struct sk_arena_game {
    uint8_t bot_at[SK_NSEATS];   /* index into the match's bots */
    sk_contract contract;        /* type SK_C_NONE when thrown in */
    int8_t declarer;             /* -1: none (thrown in, Ramsch) */
    bool won;                    /* the declarer's side won */
    int64_t money[SK_NSEATS];    /* cents */
    int32_t tournament[SK_NSEATS];
} sk_arena_game;

/* One deal: one game per seating and the engine failures it saw. */
typedef struct sk_arena_deal {
    uint64_t index; /* 1-based, as in record ids arena-SEED-DEAL-SEATING */
    sk_arena_game games[SK_ARENA_MAX_BOTS];
    uint32_t fails[SK_ARENA_MAX_BOTS][SK_ENGINE_NFAIL];
} sk_arena_deal;

/* Per-bot totals of a match. */
typedef struct sk_arena_bot_stats {
    uint64_t games;
    double money_mean, money_m2; /* Welford over per-deal means */
    double tp_mean, tp_m2;
    uint64_t declared[SK_ARENA_NCLASSES], won[SK_ARENA_NCLASSES];
    int64_t declarer_money[SK_ARENA_NCLASSES];
    uint64_t fails[SK_ENGINE_NFAIL];
} sk_arena_bot_stats;

/* How many deal ranges the report names ("deals 1-10, 21-30"). */
#define SK_ARENA_SHOWN_RANGES 4

/* The running totals of a match; zero-initialise, then merge deals in
 * increasing index order. */
typedef struct sk_arena_stats {
    uint64_t deals, no_declarer;
    uint64_t nranges;                         /* runs of consecutive deals */
    uint64_t range_lo[SK_ARENA_SHOWN_RANGES]; /* the first ranges... */
    uint64_t range_hi[SK_ARENA_SHOWN_RANGES];
    uint64_t last_lo, last_hi;                /* ...and the last one */
    sk_arena_bot_stats bot[SK_ARENA_MAX_BOTS];
} sk_arena_stats;

/* ---- arena_stats.c ------------------------------------------------- */

/* The game of seating `r` for the report, from a finished game's result. */
void sk_arena_game_from_result(sk_arena_game *g, const uint8_t bot_at[SK_NSEATS],
                               const sk_result *res);
/* Adds one deal to the totals; deals must come in increasing index order. */
void sk_arena_stats_merge(sk_arena_stats *st, int nbots, const sk_arena_deal *d);
/* Prints the match report: the same text for the same deals. */
void sk_arena_report(FILE *out, const sk_arena_match *m, const sk_arena_stats *st);
/* The command of an "ext:COMMAND" spec, else NULL. */
const char *sk_arena_bot_command(const char *spec);

/* ---- arena_log.c (no I/O) ------------------------------------------ */

/* Whether a bot spec can go into a log: UTF-8 text, as JSON wants. */
bool sk_arena_spec_ok(const char *spec);

/* One deal as a log line (JSON, '\n'-terminated, malloc'd); NULL when out
 * of memory. */
char *sk_arena_log_format(const sk_arena_match *m, const sk_arena_deal *d);
/* Parses one log line (without its '\n'): 0, or -1 with what is wrong in
 * `why` (naming the member, e.g. "games[1].money[2]: expected an integer"). */
int sk_arena_log_parse(const char *line, size_t len, sk_arena_match *m, sk_arena_deal *d,
                       char *why, size_t whysize);
/* The first member in which two matches differ ("seed", "bots", "rules",
 * "tariff"), or NULL when they are the same match. */
const char *sk_arena_match_diff(const sk_arena_match *a, const sk_arena_match *b);

/* ---- arena_combine.c ------------------------------------------------ */

/* `schafkopf arena --combine LOG...`: argc/argv as sk_cmd_arena got them. */
int sk_arena_combine(int argc, char **argv);
/*
 * Prepares appending to the log `path` for a run of deals first..last of
 * match `m`: an existing log must hold the same match and none of those
 * deals; an unfinished last line (a run killed while writing it) is cut
 * off with a warning, a complete one missing its '\n' gets it (through
 * `fd`, the log open for appending).  0, or -1
 * with a message naming file:line.
 */
int sk_arena_log_prepare(const char *path, int fd, const sk_arena_match *m, uint64_t first,
                         uint64_t last);


#define SK_ARENA_MAX_DEALS 100000000u
/* The highest deal index --first-deal may reach (exact in any JSON reader). */
#define SK_ARENA_MAX_INDEX (1ull << 50)

/* The command line, parsed.  The match (bots as given: "heuristic",
 * "ext:./my-engine --fast"; seed; rules; tariff) is what logs record. */
typedef struct arena_opts {
    sk_arena_match m;
    const char *command[SK_ARENA_MAX_BOTS]; /* the command of an ext: bot, else NULL */
    uint64_t deals, first, jobs, time_ms, start_ms;
    const char *out_path, *log_path;
} arena_opts;

/* Parses the arena's command line (arena_opts.c); -1 (exit 2), 1 (help
 * shown) or 0; *seeded tells whether --seed was given. */
int sk_arena_parse_opts(int argc, char **argv, arena_opts *o, bool *seeded);

#endif
