/*
 * schafkopf/playout.h -- the engine's shortcuts for trusted callers and
 * the random player.
 *
 * sk_game_legal() and sk_game_apply() (core.h) are the referee: they
 * list everything and explain every refusal.  Searches, samplers and
 * random self-play ask the same questions millions of times, so the
 * engine also answers them the short way: the bids or doublings alone,
 * a card played without the referee's explanations, and whole random
 * games.  Their callers promise what the referee would check; builds
 * with SK_CHECKS (the sanitizer half of `make test`) check the promises.
 */
#ifndef SCHAFKOPF_PLAYOUT_H
#define SCHAFKOPF_PLAYOUT_H

#include "schafkopf/core.h"

/* C++ programs link the C library: no name mangling. */
#ifdef __cplusplus
extern "C" {
#endif

/* The Kontra/Retour actions any seat may give now, in sk_game_legal's
 * order; returns the count (0 outside the first moments of the play). */
int sk_game_legal_doublings(const sk_game *g, sk_action *out);
/* The contract classes the seat to move may bid now (0 outside the
 * auction), in the order sk_game_legal lists the bids after the pass;
 * `out` holds SK_MAX_BIDS.  For choosing a bid without listing every
 * action. */
#define SK_MAX_BIDS 16
int sk_game_legal_bids(const sk_game *g, sk_contract *out);
/* Plays `card` for the seat to move WITHOUT the referee's checks: only
 * for trusted callers that took it from sk_game_legal_cards() (random
 * playouts, searches).  Outside input goes through sk_game_apply.
 * Builds with SK_CHECKS (the sanitizer tests) assert that the card is
 * legal; every build asserts it is a card.  Returns what
 * sk_game_legal_cards() returns now (0 once the game is over). */
sk_cards sk_game_play_legal(sk_game *g, int card);

/* Plays the rest of the game's cards, each chosen uniformly at random
 * among the legal ones: a random playout, as fast as the engine goes
 * (a trusted path like sk_game_play_legal; the referee accepts every
 * card).  Each choice takes 16 bits of a 64-bit draw of rng, uniform by
 * Lemire's multiply-and-reject, and a hand's last card takes none; so
 * the cards are a function of the generator's state.  No Kontra or
 * Retour is given.  Does nothing outside the play phase. */
void sk_game_play_random(sk_game *g, sk_rng *rng);

/*
 * The random player, for self-play and the benchmark.  Its policy:
 * - in the auction, a pass or one of the n bids, uniformly (n + 1
 *   choices; none when only the pass is left);
 * - in the play's first moments (trick 0, at most the lead out,
 *   doublings left under the ruleset), with probability 1/4 it
 *   considers the Kontra/Retour actions on offer, in sk_game_legal's
 *   order (by seat), and takes each with probability 1/2 -- so doubled
 *   games occur but do not dominate; otherwise, or if it takes none,
 *   the seat to move plays a card;
 * - every card uniformly among the legal ones;
 * - any other decision (the declaration, laying, a Hochzeit's answers)
 *   uniformly among sk_game_legal's actions.
 * sk_game_random_action is one such action of the game `g`, drawn with
 * sk_rng_below (no draw when there is one choice).
 */
sk_action sk_game_random_action(const sk_game *g, sk_rng *rng);
/* Plays the game to its end as the random player: the distribution of
 * sk_game_random_action at every decision, the trusted way (the referee
 * accepts every action; test_fastpath compares the distributions), but
 * with draws of its own -- the cards and the doubling moments take
 * 16-bit pieces of 64-bit draws as sk_game_play_random does -- so not
 * the game of the same generator state through sk_game_random_action.
 * Deterministic given the generator state. */
void sk_game_random_rest(sk_game *g, sk_rng *rng);

#ifdef __cplusplus
}
#endif

#endif
