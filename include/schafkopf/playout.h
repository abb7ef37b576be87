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
 * (a trusted path like sk_game_play_legal, and card by card the same
 * game).  Each choice takes 16 bits of a 64-bit draw of rng, uniform by
 * Lemire's multiply-and-reject; so four choices share a draw and the
 * cards are a function of the generator's state.  No Kontra or Retour
 * is given.  Does nothing outside the play phase. */
void sk_game_play_random(sk_game *g, sk_rng *rng);

/*
 * The random player, for self-play and the benchmark: every action a
 * uniformly random legal one, drawn from rng with sk_rng_below.  In the
 * auction a pass or one of the n bids (n + 1 choices; no draw when only
 * the pass is left); elsewhere one of sk_game_legal's n actions (no
 * draw when n is 1).  In the play's first moments (trick 0, at most the
 * lead out, doublings left under the ruleset) one draw in four
 * considers the Kontra/Retour actions on offer, in sk_game_legal's
 * order, and takes each with probability 1/2, so doubled games occur
 * but do not dominate; then the seat to move plays a random legal card.
 * sk_game_random_action is one such action of the game `g`.
 */
sk_action sk_game_random_action(const sk_game *g, sk_rng *rng);
/* Plays the game to its end as the random player: the actions of
 * sk_game_random_action, applied one by one, then -- from the first
 * moment without a doubling on offer -- the cards of
 * sk_game_play_random.  A trusted path: the same game and generator
 * state as that loop through the referee, without its checks. */
void sk_game_random_rest(sk_game *g, sk_rng *rng);

#endif
