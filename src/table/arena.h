/*
 * arena.h -- a duplicate match of bots and external engines over seeded
 * deals.  The table layer's, as the engines it seats are, so that any
 * front can run one: the `arena` command (src/lab/arena*.c) only reads
 * its options, keeps its files and logs and prints the report.
 *
 *   arena.c          plays the deals: worker threads, a fresh bot per
 *                    seat and game, engines (engine.h) kept per worker
 *                    and seat, the --session opponent model, every deal
 *                    handed back in deal order
 *   arena_format.c   the formats of a match: who sits where in each
 *                    seating, the games' record ids
 *
 * Card luck dominates a few hundred games of Schafkopf, so every deal is
 * played once per seating of the match's format: over one deal's
 * seatings every bot sits in every seat equally often, with the same
 * dealer and the same four hands (docs/arena.md).  What a match plays
 * depends on its seed only, never on the number of threads.
 */
#ifndef SKX_TABLE_ARENA_H
#define SKX_TABLE_ARENA_H

#include "table/engine.h"
#include "schafkopf/core.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SKX_ARENA_MAX_BOTS 8
/* The most seatings (games) of one deal: 8 bots rotated, or 1-vs-3. */
#define SKX_ARENA_MAX_SEATINGS 8
#define SKX_ARENA_SPEC_MAX 512   /* a bot spec, NUL included */
#define SKX_ARENA_TARIFF_MAX 64  /* the tariff as shown, NUL included */

/*
 * How the bots of a match are seated (docs/arena.md, "Formats"):
 * - SKX_ARENA_1V3, two bots only, the default for two: one bot alone
 *   against three copies of the other, the lone bot in each seat in turn
 *   -- ABBB BABB BBAB BBBA, then BAAA ABAA AABA AAAB: 8 games a deal.
 *   No copy of the measured bot ever sits at its table, so it cannot
 *   double or partner itself.
 * - SKX_ARENA_ROTATE: seating r puts bot (seat + r) mod k on each seat, k
 *   seatings a deal.  With two bots this is ABAB BABA ("abab"), where
 *   two copies of one bot sit on opposite sides and can double each
 *   other: their figures are inflated by that collusion.
 */
enum skx_arena_format { SKX_ARENA_ROTATE = 0, SKX_ARENA_1V3 = 1 };

/* What makes deals of different runs parts of one match: the bots in
 * order, the format, the seed, the ruleset (money included) and the
 * tariff text. */
typedef struct skx_arena_match {
    sk_rules rules;
    char bots[SKX_ARENA_MAX_BOTS][SKX_ARENA_SPEC_MAX];
    int nbots;
    int format; /* enum skx_arena_format */
    uint64_t seed;
    char tariff[SKX_ARENA_TARIFF_MAX]; /* "10/20/50" or "of the ruleset" */
    /* --session N: the table's opponent model (sk_opponents) is kept
     * over blocks of N deals, 1..N, N+1..2N, ...; 0: none (every bot
     * assumes people's play).  Part of the match: it changes the play,
     * not the deals (--pair compares across it). */
    uint64_t session;
} skx_arena_match;

/* One game (seating) of a deal: who sat where and the settlement fields
 * the report uses. */
typedef struct skx_arena_game {
    uint8_t bot_at[SK_NSEATS];   /* index into the match's bots */
    sk_contract contract;        /* type SK_C_NONE when thrown in */
    int8_t declarer;             /* -1: none (thrown in, Ramsch) */
    bool won;                    /* the declarer's side won */
    int64_t money[SK_NSEATS];    /* cents */
    bool has_plain;              /* plain[] is known (logs of older runs lack it) */
    int64_t plain[SK_NSEATS];    /* cents without Kontra, Retour and laying */
    int32_t tournament[SK_NSEATS];
    bool has_acts;               /* laid, kontra, retour are known (older logs lack them) */
    uint8_t laid;                /* seats that laid (Klopfen), a bit each */
    uint8_t kontra;              /* seats that gave Kontra (or Sub...), a bit each */
    uint8_t retour;              /* seats that gave Retour (or Resub...), a bit each */
} skx_arena_game;

/* One deal: one game per seating and the engine failures it saw. */
typedef struct skx_arena_deal {
    uint64_t index; /* 1-based, as in record ids arena-SEED-DEAL-SEATING */
    skx_arena_game games[SKX_ARENA_MAX_SEATINGS];
    uint32_t fails[SKX_ARENA_MAX_BOTS][SKX_ENGINE_NFAIL];
} skx_arena_deal;

/* ---- arena_format.c ------------------------------------------------ */

/* The games a deal of match m has: 8 for 1-vs-3, else one per bot. */
int skx_arena_seatings(const skx_arena_match *m);
/* The bot at each seat in seating r (0-based) of match m. */
void skx_arena_seating(const skx_arena_match *m, int r, uint8_t bot_at[SK_NSEATS]);
/* The record id of seating r (0-based) of deal `index` (1-based):
 * "arena-SEED-DEAL-SEATING", SEATING 1-based. */
void skx_arena_game_id(const skx_arena_match *m, uint64_t index, int r, char *buf, size_t size);
/* The format's name: "1v3", "abab" (rotation of two bots) or "rotate". */
const char *skx_arena_format_name(const skx_arena_match *m);
/* Sets m->format from a name for m->nbots bots; -1 with a reason in why
 * when the name is unknown or does not fit the number of bots. */
int skx_arena_format_set(skx_arena_match *m, const char *name, char *why, size_t whysize);

/* What a finished game gives its deal: who sat where and its settlement
 * (a game of skx_arena_deal), from the game's result. */
void skx_arena_game_from_result(skx_arena_game *g, const uint8_t bot_at[SK_NSEATS],
                               const sk_result *res);
/* Notes in g who laid, gave Kontra and gave Retour in the finished game. */
void skx_arena_game_acts(skx_arena_game *g, const sk_game *game);

/* ---- arena.c: playing a match ------------------------------------- */

/* What one deal produced, handed to the plan's deal() in deal order. */
typedef struct skx_arena_played {
    char *records; /* the seatings' record lines, or NULL unless kept */
    size_t records_len;
    char *info;    /* the engines' info lines, "GAME SEAT info ...", or NULL */
    size_t info_len;
    bool info_oom; /* some could not be kept */
    skx_arena_deal deal; /* what a report and a log need */
} skx_arena_played;

/* A match to play: which deals, on how many threads, what to keep of
 * each, and whom to tell. */
typedef struct skx_arena_plan {
    skx_arena_match m;
    const char *command[SKX_ARENA_MAX_BOTS]; /* the command of an ext: bot, else NULL */
    uint64_t first;   /* the index (1-based) of the first deal played */
    uint64_t deals;   /* how many deals from it */
    uint64_t jobs;    /* worker threads, at least 1 */
    uint64_t time_ms; /* an engine's time for a decision */
    uint64_t start_ms; /* an engine's time to start */
    bool records;     /* keep each game's record line (skx_arena_played.records) */
    bool info;        /* keep the engines' info lines */
    void *ctx;        /* passed to the three calls below */
    /* A finished deal, in deal order, on the thread of skx_arena_run: 0
     * goes on, -1 stops the match as failed (the caller said why). */
    int (*deal)(void *ctx, const skx_arena_played *played);
    /* Asked before each deal (with a session: before each block) and at
     * least every 100 ms while the next is awaited: a positive value (a
     * signal's number, say) stops the match.  NULL: never. */
    int (*stopped)(void *ctx);
    /* A message without a prefix or newline: an engine's failure, why
     * the match stops.  Called from any thread.  NULL: none. */
    void (*say)(void *ctx, const char *msg);
} skx_arena_plan;

/* The deals a worker takes at a time: a --session block, else one. */
uint64_t skx_arena_unit(const skx_arena_match *m);
/* Plays deals first..first+deals-1 of the plan's match on its worker
 * threads and hands each to deal() in deal order.  0 when every deal was
 * played, -1 when the match failed (after say(), or after deal()
 * returned -1), or the nonzero value of stopped() that ended it; *done:
 * the deals deal() accepted.  A match stopped early kills its engines
 * with skx_engine_kill_all, which ends every engine of the process and
 * any started later: a caller that runs other engines (a server) would
 * need a kill of the match's own first. */
int skx_arena_run(const skx_arena_plan *p, uint64_t *done);

#endif
