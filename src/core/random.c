/*
 * random.c -- the random player: uniformly random legal actions, one at
 * a time through the legal lists, or a whole game the fast way.
 *
 * sk_game_random_action is the player's definition: it lists what the
 * referee allows and draws among it.  sk_game_random_rest plays a game
 * to its end with the same choices, for self-play and the benchmark:
 * the auction and the declaration with the same draws, the play with
 * draws of its own (playout.c) but the same distribution.
 */
#include "game_internal.h"

/* A uniformly random card of a non-empty set; a single card draws a
 * random number too, so the numbers drawn do not depend on the sets. */
static inline int random_card(sk_cards cards, sk_rng *rng)
{
    return skx_cards_nth(cards, skx_rng_below(rng, (uint32_t)skx_cards_count(cards)));
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
        if (doubling_moment(g) && skx_rng_below(rng, 4) == 0) {
            sk_action dbl[2 * SK_NSEATS];
            int n = sk_game_legal_doublings(g, dbl);
            for (int i = 0; i < n; i++)
                if (skx_rng_below(rng, 2) == 0)
                    return dbl[i];
        }
        return skx_act_card(g->pub.to_move, random_card(sk_game_legal_cards(g), rng));
    }
    if (g->pub.phase == SK_PHASE_AUCTION) { /* a pass or one of the bids */
        sk_contract bids[SK_MAX_BIDS];
        int n = sk_game_legal_bids(g, bids);
        uint32_t k = n ? skx_rng_below(rng, (uint32_t)n + 1) : 0;
        return k ? skx_act_bid(g->pub.to_move, bids[k - 1]) : skx_act_pass(g->pub.to_move);
    }
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal);
    if (n == 0) /* the game is over */
        return skx_act_pass(g->pub.to_move);
    return legal[n > 1 ? skx_rng_below(rng, (uint32_t)n) : 0];
}

#ifdef SK_CHECKS
/* Whether the referee accepts action `a` now (on a copy): the check of
 * the trusted steps below, in builds with SK_CHECKS. */
static bool referee_accepts(const sk_game *g, sk_action a)
{
    sk_game copy = *g;
    return sk_game_apply(&copy, a, NULL) == SK_OK;
}
#endif

/* The k-th lowest set bit of a mask of 16 bits (k below its count),
 * without a loop on k: the byte that holds it, then its place in the
 * byte from the table of sk_cards_nth. */
static inline int nth_bit(unsigned m, unsigned k)
{
    unsigned low = (unsigned)skx_cards_count(m & 0xffu), high = k >= low;
    return (int)(8 * high + (skx_nth_nibbles[m >> 8 * high & 0xffu] >> 4 * (k - (low & -high)) & 15u));
}

/* The random player's auction action, applied the trusted way: the bids
 * as a mask, and one draw among the pass and them (none when only the
 * pass is left), as sk_game_random_action. */
static void random_bid(sk_game *g, sk_rng *rng)
{
    sk_public *p = &g->pub;
    int seat = p->to_move;
    unsigned bids = skx_bid_mask(p, g->best_rank[seat], seat);
    int n = skx_cards_count(bids);
    uint32_t k = n ? skx_rng_below(rng, (uint32_t)n + 1) : 0;
    sk_action a = k ? skx_act_bid(seat, skx_bid_classes[nth_bit(bids, k - 1)]) : skx_act_pass(seat);
    SKX_CHECK(referee_accepts(g, a));
    skx_bid_legal(g, a);
    if (p->phase == SK_PHASE_PLAY)
        skx_cache_legal(g); /* all passed into a Ramsch or a Kreuzbock game */
}

/* The random player's declaration: one draw among the contracts
 * sk_game_legal lists (by class, then suit), named the trusted way. */
static void random_declaration(sk_game *g, sk_rng *rng)
{
    sk_public *p = &g->pub;
    int seat = p->to_move;
    uint8_t fit[SKX_NCLASSES];
    skx_fitting_suits(g->rules, p, g->hands[seat], fit);
    unsigned classes = skx_declare_mask(p);
    int n = 0;
    for (unsigned m = classes; m; m &= m - 1)
        n += skx_cards_count(fit[__builtin_ctz(m)]);
    assert(n > 0); /* a bid binds: the declarer can play his claim (2.4.10) */
    uint32_t k = n > 1 ? skx_rng_below(rng, (uint32_t)n) : 0;
    int cls = __builtin_ctz(classes);
    for (;;) { /* the class of the k-th contract */
        uint32_t count = (uint32_t)skx_cards_count(fit[cls]);
        if (k < count)
            break;
        k -= count;
        classes &= classes - 1;
        cls = __builtin_ctz(classes);
    }
    sk_contract c = skx_bid_classes[cls];
    int suit = nth_bit(fit[cls], k);
    c.suit = (uint8_t)(suit < 4 ? suit : SK_NOSUIT);
    SKX_CHECK(referee_accepts(g, skx_act_declare(seat, c)));
    skx_log_action(p, skx_act_declare(seat, c));
    skx_declare(g, c);
    skx_cache_legal(g);
}

/* Plays the game to its end as the random player, the trusted way: the
 * auction and the declaration with the draws of sk_game_random_action,
 * then the play with its doubling moments by skx_random_play (the same
 * distribution, other draws; test_fastpath checks both against the
 * referee).  The laying round and the Hochzeit's answers, rare, go
 * through the referee. */
void sk_game_random_rest(sk_game *g, sk_rng *rng)
{
    sk_public *p = &g->pub;
    for (;;) {
        switch (p->phase) {
        case SK_PHASE_AUCTION:
            random_bid(g, rng);
            break;
        case SK_PHASE_DECLARE:
            random_declaration(g, rng);
            break;
        case SK_PHASE_PLAY:
            skx_random_play(g, rng, true);
            return;
        case SK_PHASE_DONE:
            return;
        default: { /* laying, a Hochzeit's answers: a legal action, accepted */
            int rc = sk_game_apply(g, sk_game_random_action(g, rng), NULL);
            assert(rc == SK_OK);
            (void)rc;
        }
        }
    }
}
