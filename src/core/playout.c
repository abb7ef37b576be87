/*
 * playout.c -- random playouts: the rest of a game played with cards
 * chosen uniformly at random among the legal ones, and the random
 * player's play, which also gives Kontra and Retour in the first trick.
 *
 * This is the inner loop of random self-play and of the benchmark, so
 * whole tricks are a loop of their own that keeps the hands and the
 * trick in locals and writes the public state as game.c's play does:
 * the same actions, tricks, sets and counters, byte for byte
 * (test_fastpath replays every card through the referee).  One copy of
 * the loop per table size plays "follow, else any card"; another, for
 * four seats, adds the called ace's rules (2.5) and Stichzwang.  Only a
 * trick already begun when the playout starts goes card by card,
 * through sk_game_play_legal.
 */
#include "game_internal.h"
#include "core/legal.h"

#include <string.h>

/* Uniform in [0, n) for a rejected piece: a draw of its own (rare:
 * fewer than n in 65536 pieces are rejected). */
static __attribute__((noinline)) uint32_t redraw_below(sk_rng *rng, uint32_t n)
{
    return skx_rng_below(rng, n);
}

/*
 * A uniformly random card of a non-empty set from a 16-bit piece of a
 * draw: Lemire's multiply, rejecting the pieces that would favour some
 * cards (then a fresh draw decides).  Each card of a trick takes its
 * own piece of one 64-bit draw, so no pool is counted down.
 */
static inline __attribute__((always_inline)) int piece_card(uint64_t piece, sk_rng *rng,
                                                            sk_cards set)
{
    uint32_t n = (uint32_t)skx_cards_count(set), m = (uint32_t)(piece & 0xffff) * n, k = m >> 16;
    uint32_t low = m & 0xffff;
    if (__builtin_expect(low < n, 0) && low < 65536u % n)
        k = redraw_below(rng, n);
    return skx_cards_nth(set, k);
}

/* Gives the doubling of the first seat, in seat order, that may give
 * the next one now and is among `coins` (a seat mask); returns whether
 * one was given.  Rare (a quarter of the random player's moments), so
 * out of line. */
static __attribute__((noinline)) bool offer_doubling(sk_game *g, unsigned coins)
{
    unsigned seats = skx_doublers(g) & coins;
    if (!seats)
        return false;
    sk_action a = skx_action_make(g->pub.doublings % 2 ? SK_ACT_RETOUR : SK_ACT_KONTRA,
                                 __builtin_ctz(seats), SK_NOCARD,
                                 (sk_contract){SK_C_NONE, SK_NOSUIT, 0});
#ifdef SK_CHECKS
    sk_game copy = *g; /* the referee accepts it */
    SKX_CHECK(sk_game_apply(&copy, a, NULL) == SK_OK);
#endif
    skx_double_legal(g, a);
    return true;
}

/* The log entry of a card: sk_act_card without its byte casts, which
 * cost the play loop a few instructions a card (seat and card are
 * small already). */
static inline __attribute__((always_inline)) sk_action card_action(int seat, int card)
{
    static const sk_contract NONE = {SK_C_NONE, SK_NOSUIT, 0};
    uint64_t base, v;
    sk_action a = skx_action_make(SK_ACT_CARD, 0, 0, NONE);
    memcpy(&base, &a, sizeof base);
    v = base | (uint64_t)((unsigned)seat << 8 | (unsigned)card << 16);
    memcpy(&a, &v, sizeof a);
    return a;
}

/* The play kept in locals while whole tricks are played. */
typedef struct tricks_state {
    sk_cards hands[SK_NSEATS], shown[SK_NSEATS], won[SK_NSEATS], played;
    sk_action *log; /* where the next action goes */
    int leader;     /* of the trick being played */
    uint8_t cards[4];
    /* the called ace's rules (zero without one) and Stichzwang */
    sk_cards ace, ace_suit; /* its bit, and its suit without the trumps */
    unsigned called_led, ran_away, stich;
    int partner; /* the seat that played the ace (the public partner) */
} tricks_state;

/*
 * The random player's moment with `len` cards of the first trick out:
 * while doublings are left under the ruleset (`kmax`), one time in four
 * (two bits) it considers the doublings on offer, and four fair coins
 * (four bits) pick the first seat, in seat order, whose coin fell and
 * who may give the next one -- each seat on offer taken with
 * probability 1/2, as sk_game_random_action takes them.  Each round
 * takes six bits of *bits, one draw for the trick's moments (at most
 * kmax + 2 <= 10 rounds in all).  The public state the rule reads (the
 * cards out, the leader's hand, the partner, the log) is written
 * first; the loop writes the rest at its end.
 */
static inline __attribute__((always_inline)) void moment(sk_game *g, uint64_t *bits,
                                                         tricks_state *s, int len, int kmax)
{
    sk_public *p = &g->pub;
    while (p->doublings < kmax) {
        uint64_t b = *bits;
        *bits = b >> 6;
        if ((b & 3) != 0)
            break;
        p->trick_len = (uint8_t)len;
        g->hands[s->leader] = s->hands[s->leader];
        p->partner = (uint8_t)s->partner;
        p->nactions = (uint16_t)(s->log - p->actions);
        if (!offer_doubling(g, (unsigned)(b >> 2 & 15)))
            break;
        s->log = p->actions + p->nactions;
    }
}

/* Bettel with Stichzwang: of the cards that follow, those above the
 * trick's best power so far (game.c's must_beat). */
static inline sk_cards beating(const sk_order *o, sk_cards follow, int best)
{
    sk_cards higher = 0;
    for (sk_cards m = follow; m; m &= m - 1)
        higher |= (m & -m) & -(sk_cards)(o->power[skx_cards_first(m)] > best);
    return higher;
}

/*
 * One whole trick, number t, of n seats (a constant in each copy).  The
 * leader plays any card; each next seat follows the led card's set if
 * it can, else plays any card, and shows itself void when it does not
 * follow; the highest card takes the trick and leads the next.  `full`
 * adds the called ace's rules (legal_cards_full in game.c, without
 * branches: only the ace's holder is restricted, and a zero ace
 * restricts nobody) and Stichzwang.  `first`: the random player's
 * doubling moments before and after the lead.  `last`: every hand holds
 * one card, which is legal, so nothing is drawn.
 */
static inline __attribute__((always_inline)) void one_trick(sk_game *g, sk_rng *rng,
                                                            tricks_state *s, int t, int n,
                                                            bool full, bool first, bool last,
                                                            int kmax)
{
    sk_public *p = &g->pub;
    const sk_order *o = &p->order;
    int seat = s->leader;
    uint64_t r = last ? 0 : skx_rng_next(rng); /* a 16-bit piece for each card */
    uint64_t bits = first && p->doublings < kmax ? skx_rng_next(rng) : 0; /* the moments' */
    if (first)
        moment(g, &bits, s, 0, kmax);
    sk_cards h = s->hands[seat], legal = h;
    if (full) /* the ace's holder leads its suit only with it, unless he runs away */
        legal = skx_legal_lead(h, s->ace, s->ace_suit, s->called_led);
    int c = last ? skx_cards_first(h) : piece_card(r, rng, legal);
    sk_cards bit = SK_BIT(c), taken = bit;
    s->hands[seat] = h & ~bit;
    *s->log++ = card_action(seat, c);
    s->cards[0] = (uint8_t)c;
    sk_cards follow = o->follow[c];
    int best = o->power[c];
    if (full) { /* called_ace_play: the suit searched, a run away, the partner */
        unsigned led = (s->called_led ^ 1) & ((s->ace_suit & bit) != 0);
        s->ran_away |= led & ((h & s->ace) != 0) & (bit != s->ace);
        s->called_led |= led;
        s->partner ^= (s->partner ^ seat) & -(int)(bit == s->ace);
    }
    if (first)
        moment(g, &bits, s, 1, kmax);
#pragma GCC unroll 4
    for (int i = 1; i < n; i++) {
        seat = s->leader + i; /* the next seat clockwise */
        seat = n == 4 ? seat & 3 : seat - (seat >= n ? n : 0);
        h = s->hands[seat];
        sk_cards f = follow & h;
        /* a seat that cannot follow plays any card and shows itself void;
         * one that can follows (every rule's legal cards then follow) */
        sk_cards cannot = -(sk_cards)(f == 0);
        if (last) {
            c = skx_cards_first(h);
        } else if (full) { /* the library's kernel; the last trick is not here */
            sk_cards beat = s->stich ? beating(o, f, best) : SK_ALL_CARDS;
            c = piece_card(r >> 16 * i, rng,
                           skx_legal_follow(h, follow, s->ace, s->called_led, s->ran_away, 0,
                                            beat));
        } else {
            c = piece_card(r >> 16 * i, rng, f | (h & cannot));
        }
        bit = SK_BIT(c);
        s->hands[seat] = h & ~bit;
        s->shown[seat] |= follow & cannot;
        *s->log++ = card_action(seat, c);
        s->cards[i] = (uint8_t)c;
        taken |= bit;
        if (full) {
            s->partner ^= (s->partner ^ seat) & -(int)(bit == s->ace);
            int power = o->power[c] & -(int)((follow & bit) != 0);
            best = power > best ? power : best;
        }
    }
    int w = s->leader + skx_trick_winner(o, s->cards, n);
    w = n == 4 ? w & 3 : w - (w >= n ? n : 0);
    memcpy(p->tricks[t], s->cards, 4);
    p->trick_leaders[t] = (uint8_t)s->leader;
    p->trick_winners[t] = (uint8_t)w;
    s->won[w] |= taken;
    s->played |= taken;
    s->leader = w;
}

/*
 * The whole tricks from a trick's start to the end of the game (n seats,
 * `full` as in one_trick; `moments`: the first trick has the random
 * player's doubling moments), then the state the per-card play writes,
 * in the same end state.
 */
static inline __attribute__((always_inline)) void play_tricks(sk_game *g, sk_rng *rng, int n,
                                                              bool full, bool moments)
{
    sk_public *p = &g->pub;
    int t = p->trick_no, last = p->ntricks - 1;
    assert(n == p->nseats && p->trick_len == 0 && t <= last && last >= 1);
    assert(p->nactions + (last + 1 - t) * n <= SK_MAX_ACTIONS);
    tricks_state s;
    memcpy(s.hands, g->hands, sizeof s.hands);
    memcpy(s.shown, p->shown_void, sizeof s.shown);
    memcpy(s.won, p->won, sizeof s.won);
    memcpy(s.cards, p->trick, sizeof s.cards); /* a fourth place unused at three seats */
    s.played = p->played;
    s.log = p->actions + p->nactions;
    s.leader = p->trick_leader;
    s.ace = p->called_ace != SK_NOCARD ? SK_BIT(p->called_ace) : 0;
    s.ace_suit = s.ace ? p->order.follow[p->called_ace] & ~p->order.trumps : 0;
    s.called_led = p->called_led;
    s.ran_away = p->ran_away;
    s.stich = p->stichzwang;
    s.partner = p->partner;
    if (moments && t == 0) {
        one_trick(g, rng, &s, t++, n, full, true, false, g->rules->kontra_max);
    }
    for (; t < last; t++)
        one_trick(g, rng, &s, t, n, full, false, false, 0);
    one_trick(g, rng, &s, last, n, full, false, true, 0);
    memcpy(g->hands, s.hands, sizeof s.hands);
    memcpy(p->shown_void, s.shown, sizeof s.shown);
    memcpy(p->won, s.won, sizeof s.won);
    memcpy(p->trick, s.cards, sizeof s.cards);
    p->played = s.played;
    p->nactions = (uint16_t)(s.log - p->actions);
    if (full) {
        p->called_led = (uint8_t)s.called_led;
        p->ran_away = (uint8_t)s.ran_away;
        p->partner = (uint8_t)s.partner;
    }
    p->trick_no = (uint8_t)(last + 1);
    p->trick_len = 0;
    p->trick_leader = (uint8_t)s.leader;
    if (p->contract.type == SK_C_BETTEL_OUVERT)
        p->open_seat = p->declarer; /* laid open after the first trick */
    p->phase = SK_PHASE_DONE;
    p->to_move = SK_NOSEAT;
    g->legal = g->legal_hand = 0;
}

/* The random player's moments in a game played card by card (see
 * moment()): the state is the game's own; a draw for the moments of
 * each card. */
static void moment_now(sk_game *g, sk_rng *rng)
{
    if (g->pub.doublings >= g->rules->kontra_max)
        return;
    uint64_t bits = skx_rng_next(rng);
    while (g->pub.doublings < g->rules->kontra_max) {
        uint64_t b = bits;
        bits >>= 6;
        if ((b & 3) != 0 || !offer_doubling(g, (unsigned)(b >> 2 & 15)))
            break;
    }
}

/*
 * The rest of the play with random legal cards; with `moments`, the
 * random player's doubling moments in the first trick (before the lead
 * and after it).  A trick already begun goes card by card, then whole
 * tricks.
 */
void skx_random_play(sk_game *g, sk_rng *rng, bool moments)
{
    sk_public *p = &g->pub;
    bool plain = p->called_ace == SK_NOCARD && !p->stichzwang;
    /* three seats play only Solo, Wenz and Ramsch: never a called ace or
     * Stichzwang; were they to, they would go card by card */
    while (p->phase == SK_PHASE_PLAY && (p->trick_len != 0 || (!plain && p->nseats != 4))) {
        if (moments && p->trick_no == 0 && p->trick_len <= 1)
            moment_now(g, rng);
        sk_game_play_legal(g, piece_card(skx_rng_next(rng), rng, sk_game_legal_cards(g)));
    }
    if (p->phase != SK_PHASE_PLAY)
        return;
    if (!plain) /* a copy for each kind of game */
        play_tricks(g, rng, 4, true, moments);
    else if (p->nseats == 4)
        play_tricks(g, rng, 4, false, moments);
    else
        play_tricks(g, rng, 3, false, moments);
}

/* Plays the rest of the game with random legal cards (see playout.h). */
void sk_game_play_random(sk_game *g, sk_rng *rng)
{
    skx_random_play(g, rng, false);
}
