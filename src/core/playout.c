/*
 * playout.c -- random playouts: the rest of a game played with cards
 * chosen uniformly at random among the legal ones.
 *
 * This is the inner loop of random self-play and of the benchmark, so
 * the common case -- whole tricks of a game played by "follow, else any
 * card" (no called ace, no Stichzwang) -- is a loop of its own that
 * keeps the hands and the trick in registers and writes the public
 * state as game.c's play does: the same actions, tricks, sets and
 * counters, byte for byte (test_fastpath checks it against the
 * referee).  Everything else (a trick already begun, a called ace,
 * Stichzwang) goes card by card through sk_game_play_legal.
 */
#include "game_internal.h"

#include <string.h>

/* The random numbers of a playout: 16-bit pieces of 64-bit draws. */
typedef struct pool {
    uint64_t bits;
    int left; /* pieces left in bits */
} pool;

/* Uniform in [0, n), 0 < n <= 65536, from the pool (Lemire's multiply
 * and reject; the rare rejection takes the next piece). */
static inline __attribute__((always_inline)) uint32_t pool_below(pool *bp, sk_rng *rng,
                                                                  uint32_t n)
{
    for (;;) {
        if (bp->left == 0) {
            bp->bits = sk_rng_next(rng);
            bp->left = 4;
        }
        uint32_t m = (uint32_t)(bp->bits & 0xffff) * n;
        bp->bits >>= 16;
        bp->left--;
        uint32_t low = m & 0xffff;
        if (low >= n || low >= 65536u % n) /* the second test is rarely reached */
            return m >> 16;
    }
}

/* A uniformly random card of a non-empty set (a single card draws too,
 * so the numbers drawn do not depend on the sets). */
static inline __attribute__((always_inline)) int pool_card(pool *bp, sk_rng *rng, sk_cards set)
{
    return skx_cards_nth(set, pool_below(bp, rng, (uint32_t)sk_cards_count(set)));
}

/*
 * Whole tricks of a plain game (no called ace, no Stichzwang), from a
 * trick's start to the end of the game.  Per trick: the leader plays
 * any card; each next seat follows the led card's set if it can, else
 * plays any card, and shows itself void when it does not follow; the
 * highest card takes the trick and leads the next.  The state the
 * per-card play writes is written here too, in the same end state.
 * `n` is the number of seats, a constant in each copy.
 */
static inline __attribute__((always_inline)) void plain_tricks(sk_game *g, sk_rng *rng, pool *bp,
                                                               int n)
{
    sk_public *p = &g->pub;
    const sk_order *o = &p->order;
    int t = p->trick_no, ntricks = p->ntricks;
    assert(n == p->nseats);
    assert(p->trick_len == 0 && t < ntricks);
    assert(p->nactions + (ntricks - t) * n <= SK_MAX_ACTIONS);
    sk_cards hands[SK_NSEATS], shown[SK_NSEATS], won[SK_NSEATS];
    memcpy(hands, g->hands, sizeof hands);
    memcpy(shown, p->shown_void, sizeof shown);
    memcpy(won, p->won, sizeof won);
    sk_cards played = p->played;
    sk_action *log = p->actions + p->nactions;
    uint8_t cards[4];
    memcpy(cards, p->trick, sizeof cards); /* a fourth place unused at three seats */
    int leader = p->trick_leader;
    for (; t < ntricks; t++) {
        int seat = leader;
        int c = pool_card(bp, rng, hands[seat]);
        sk_cards bit = SK_BIT(c), taken = bit;
        hands[seat] &= ~bit;
        *log++ = sk_act_card(seat, c);
        cards[0] = (uint8_t)c;
        sk_cards follow = o->follow[c];
#pragma GCC unroll 4
        for (int i = 1; i < n; i++) {
            seat = (seat + 1) & -(seat + 1 != n); /* the next seat clockwise */
            sk_cards h = hands[seat], f = follow & h;
            c = pool_card(bp, rng, f | (h & -(sk_cards)(f == 0)));
            bit = SK_BIT(c);
            hands[seat] = h & ~bit;
            shown[seat] |= follow & -(sk_cards)((follow & bit) == 0);
            *log++ = sk_act_card(seat, c);
            cards[i] = (uint8_t)c;
            taken |= bit;
        }
        int w = leader + skx_trick_winner(o, cards, n);
        w -= w >= n ? n : 0;
        memcpy(p->tricks[t], cards, 4);
        p->trick_leaders[t] = (uint8_t)leader;
        p->trick_winners[t] = (uint8_t)w;
        won[w] |= taken;
        played |= taken;
        leader = w;
    }
    memcpy(g->hands, hands, sizeof hands);
    memcpy(p->shown_void, shown, sizeof shown);
    memcpy(p->won, won, sizeof won);
    memcpy(p->trick, cards, sizeof cards);
    p->played = played;
    p->nactions = (uint16_t)(log - p->actions);
    p->trick_no = (uint8_t)ntricks;
    p->trick_len = 0;
    p->trick_leader = (uint8_t)leader;
    if (p->contract.type == SK_C_BETTEL_OUVERT)
        p->open_seat = p->declarer; /* laid open after the first trick */
    p->phase = SK_PHASE_DONE;
    p->to_move = SK_NOSEAT;
    g->legal = g->legal_hand = 0;
}

/* Plays the rest of the game with random legal cards: a trick already
 * begun and games with a called ace or Stichzwang card by card, then
 * the whole tricks of a plain game at once. */
void sk_game_play_random(sk_game *g, sk_rng *rng)
{
    sk_public *p = &g->pub;
    pool bp = {0, 0};
    bool plain = p->called_ace == SK_NOCARD && !p->stichzwang;
    while (p->phase == SK_PHASE_PLAY) {
        if (plain && p->trick_len == 0) { /* a copy for each table size */
            if (p->nseats == 4)
                plain_tricks(g, rng, &bp, 4);
            else
                plain_tricks(g, rng, &bp, 3);
            return;
        }
        sk_game_play_legal(g, pool_card(&bp, rng, sk_game_legal_cards(g)));
    }
}
