/*
 * schafkopf/ai.h -- computer players: bots that decide from a seat's
 * view, the perfect-information solver, deal sampling and analysis.
 * Builds on core.h; knows nothing of the program or the server.
 */
#ifndef SCHAFKOPF_AI_H
#define SCHAFKOPF_AI_H

#include "schafkopf/core.h"

/*
 * A bot decides for one seat from that seat's sk_view only.  Specs:
 * "random", "heuristic", "pimc" (default level) or "pimc:N" (N sampled
 * deals).  A bot owns its random generator (seeded), so its play is
 * reproducible.
 */
typedef struct sk_bot sk_bot;

/* Creates a bot from a spec; NULL with a message on a bad spec. */
sk_bot *sk_bot_new(const char *spec, uint64_t seed, sk_error *err);
void sk_bot_free(sk_bot *bot);
/* The spec the bot was made from. */
const char *sk_bot_name(const sk_bot *bot);
/* The bot's decision for v->seat: one of sk_view_legal(v).  When the
 * seat is not to move and only a Kontra/Retour is on offer, it may
 * return sk_act_pass(seat) to decline. */
sk_action sk_bot_act(sk_bot *bot, const sk_view *v);
/* Hint: each legal action of the view's seat with the bot's estimated
 * value (card points for the seat's side in the play, expected money in
 * cents in the auction); returns the count, best first. */
int sk_bot_hint(sk_bot *bot, const sk_view *v, sk_action *acts, double *values, int max);
/* The bot specs this build knows, NULL-terminated. */
const char *const *sk_bot_names(void);

/* ------------------------------------------------------------------ */
/* Perfect-information solver                                           */
/* ------------------------------------------------------------------ */

/*
 * The double-dummy solver: all four hands known (an analysis tool, or a
 * sampled deal inside a bot).  Values are the declarer side's card
 * points with best play by everyone (the declarer's side maximises, the
 * defenders minimise; in a Sauspiel the partner is known to the solver).
 * In a Tout the objective is every trick: 120 when the declarer's side
 * takes them all, else 0.  Works from any point of the play, a partly
 * played trick included.  The context owns a preallocated transposition
 * table; the search allocates nothing.  Not thread-safe: one per thread.
 */
typedef struct sk_solver sk_solver;

/* Creates a solver whose table takes about tt_mb megabytes (rounded down
 * to a power of two, at least 128 KB); NULL when out of memory. */
sk_solver *sk_solver_new(size_t tt_mb);
void sk_solver_free(sk_solver *s);
/* The declarer side's total card points (won so far + best play from
 * here) of a game in the play phase; 0 or SK_ESTATE. */
int sk_solver_solve(sk_solver *s, const sk_game *g, int *declarer_points);
/* Whether the declarer side reaches `target` points (Tout: every trick)
 * with best play -- one zero-window search, cheaper than an exact solve
 * (thresholds 61, 91, 31...).  0 or SK_ESTATE. */
int sk_solver_reaches(sk_solver *s, const sk_game *g, int target, bool *yes);
/* Each legal card of the seat to move with its value: the declarer
 * side's total points after playing it, best play after.  Returns the
 * count written (<= max), in card index order, or SK_ESTATE. */
int sk_solver_values(sk_solver *s, const sk_game *g, sk_action *cards, int *values, int max);
/* Search nodes visited since creation or the last reset. */
uint64_t sk_solver_nodes(const sk_solver *s);
void sk_solver_reset_nodes(sk_solver *s);
/* The solver's own legal-card set for the seat to move (for tests: it
 * must equal sk_game_legal_cards). */
sk_cards sk_solver_legal(sk_solver *s, const sk_game *g);

#endif
