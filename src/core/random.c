/*
 * random.c -- the random player: uniformly random legal actions, one at
 * a time through the legal lists, or a whole game the fast way.
 *
 * sk_game_random_action is the player's definition: it lists what the
 * referee allows and draws among it.  sk_game_random_rest plays a game
 * to its end with the same draws, for self-play and the benchmark.
 */
#include "game_internal.h"


/* A uniformly random card of a non-empty set; a single card draws a
 * random number too, so the numbers drawn do not depend on the sets. */
static inline int random_card(sk_cards cards, sk_rng *rng)
{
    return skx_cards_nth(cards, sk_rng_below(rng, (uint32_t)sk_cards_count(cards)));
}

/* Whether the random player considers a Kontra or Retour now: in the
 * play, while at most the opening lead lies, and doublings are left. */
static inline bool doubling_moment(const sk_game *g)
{
    return g->pub.phase == SK_PHASE_PLAY && g->pub.trick_no == 0 && g->pub.trick_len <= 1 &&
           g->pub.doublings < g->rules->kontra_max;
}

/* One action of the random player (see playout.h): a doubling or a card
 * in the play, a pass or a bid in the auction, else any legal action. */
sk_action sk_game_random_action(const sk_game *g, sk_rng *rng)
{
    if (g->pub.phase == SK_PHASE_PLAY) {
        if (doubling_moment(g) && sk_rng_below(rng, 4) == 0) {
            sk_action dbl[2 * SK_NSEATS];
            int n = sk_game_legal_doublings(g, dbl);
            for (int i = 0; i < n; i++)
                if (sk_rng_below(rng, 2) == 0)
                    return dbl[i];
        }
        return sk_act_card(g->pub.to_move, random_card(sk_game_legal_cards(g), rng));
    }
    if (g->pub.phase == SK_PHASE_AUCTION) { /* a pass or one of the bids */
        sk_contract bids[SK_MAX_BIDS];
        int n = sk_game_legal_bids(g, bids);
        uint32_t k = n ? sk_rng_below(rng, (uint32_t)n + 1) : 0;
        return k ? sk_act_bid(g->pub.to_move, bids[k - 1]) : sk_act_pass(g->pub.to_move);
    }
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal);
    if (n == 0) /* the game is over */
        return sk_act_pass(g->pub.to_move);
    return legal[n > 1 ? sk_rng_below(rng, (uint32_t)n) : 0];
}

/* Plays the game to its end as the random player: its actions one by
 * one until the play passes its first moments, then the playout's. */
void sk_game_random_rest(sk_game *g, sk_rng *rng)
{
    while (!sk_game_over(g)) {
        if (g->pub.phase == SK_PHASE_PLAY && !doubling_moment(g)) { /* the common case */
            /* Cards alone never lead back into a doubling moment: it
             * needs trick 0 with at most one card out, and no more
             * doublings than before.  So this plays to the end. */
            sk_game_play_random(g, rng);
            continue;
        }
        sk_action a = sk_game_random_action(g, rng);
        if (a.type == SK_ACT_CARD) {
            sk_game_play_legal(g, a.card);
            continue;
        }
        int rc = sk_game_apply(g, a, NULL); /* a legal action: accepted */
        assert(rc == SK_OK);
        (void)rc;
    }
}
