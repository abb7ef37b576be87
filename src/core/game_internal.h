/*
 * game_internal.h -- what game.c (the state machine and the play) and
 * auction.c (who may bid and declare what) share.  Internal to src/core:
 * names carry the `skx_` prefix and nothing here is public API.
 */
#ifndef SK_GAME_INTERNAL_H
#define SK_GAME_INTERNAL_H

#include "schafkopf/core.h"
#include "core/bits.h"
#include "schafkopf/playout.h"

#include <assert.h>

/* An assert of the costly kind: only in builds with SK_CHECKS (see the
 * Makefile), for invariants of trusted fast paths. */
#ifdef SK_CHECKS
#define SKX_CHECK(x) assert(x)
#else
#define SKX_CHECK(x) ((void)0)
#endif

#define SKX_LORDS (SK_RANK_MASK(SK_OBER) | SK_RANK_MASK(SK_UNTER))
/* The trumps of a Sauspiel, which decide who may offer a Hochzeit. */
#define SKX_SAUSPIEL_TRUMPS (SKX_LORDS | SK_SUIT_MASK(SK_HERZ))

/* cards.c: for each byte, the positions of its set bits from the
 * lowest, four bits each. */
extern const uint32_t skx_nth_nibbles[256];

/*
 * The k-th lowest card of a set (k < its size).  Random play waits for
 * this: k comes from a random number, and the next seat's legal cards
 * from this card -- so no loop or branch on k (mispredicted), and a
 * short chain: the counts of the lowest one, two and three suits come
 * from the set alone, beside the random number; k then compares with
 * them to find the suit's byte (its index b and the cards below it),
 * and a table gives the position in the byte.
 */
static inline int skx_cards_nth(sk_cards set, unsigned k)
{
    unsigned c0 = (unsigned)skx_cards_count(set & 0xffu);
    unsigned c1 = (unsigned)skx_cards_count(set & 0xffffu);
    unsigned c2 = (unsigned)skx_cards_count(set & 0xffffffu);
    unsigned ge0 = k >= c0, ge1 = k >= c1, ge2 = k >= c2;
    unsigned b = ge0 + ge1 + ge2; /* the counts rise, so the tests are a prefix */
    /* the cards below byte b: byte b of (0, c0, c1, c2) -- picked by the
     * same shift as the byte itself; a chain of selects would become
     * mispredicted branches */
    unsigned counts = c0 << 8 | c1 << 16 | c2 << 24;
    unsigned below = counts >> (8 * b) & 0xffu;
    unsigned byte = set >> (8 * b) & 0xffu;
    return (int)(8 * b + (skx_nth_nibbles[byte] >> (4 * (k - below)) & 15u));
}

/* Fills an error (naming the rule) and returns code. */
int skx_fail(sk_error *err, int code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Forehand: the seat after the dealer (2.4.1, 3.1.1); no division, as
 * the auction asks this for every seat that speaks. */
static inline int skx_forehand(const sk_public *p)
{
    int next = p->dealer + 1;
    return next - (next >= p->nseats ? p->nseats : 0);
}

/* The seat after `seat`, clockwise (with a mask: who leads is random). */
static inline int skx_next_seat(const sk_public *p, int seat)
{
    int next = seat + 1;
    return next & -(next != p->nseats);
}

/* Stores one action (see sk_action_make on why not field by field). */
static inline void skx_put(sk_action *o, int type, int seat, int card, sk_contract c)
{
    *o = skx_action_make(type, seat, card, c);
}

/* The winner of a trick of n cards, as an offset from the leader
 * (3.1.2): a card counts with its power if it is a trump or follows the
 * led suit, else with none, and the highest count wins (two counting
 * cards never have the same power).  Inline and without branches for
 * the play loop, where the winner is random: the offset rides in the
 * low bits of each key and one maximum finds both. */
static inline int skx_trick_winner(const sk_order *o, const uint8_t *cards, int n)
{
    sk_cards counts = o->follow[cards[0]] | o->trumps;
    int best = o->power[cards[0]] << 2;
#pragma GCC unroll 4
    for (int i = 1; i < n; i++) {
        int c = cards[i];
        int key = ((o->power[c] & -(int)(counts >> c & 1)) << 2) | i;
        best ^= (best ^ key) & -(key > best);
    }
    return best & 3;
}

/* Records an applied action in the public history. */
static inline void skx_log_action(sk_public *p, sk_action a)
{
    assert(p->nactions < SK_MAX_ACTIONS);
    p->actions[p->nactions++] = a;
}

/* classes.c: the bid classes and the tables a ruleset derives */
/* The bid classes, an index each; the masks of the auction use these
 * bits.  The official ones in their rank order, then the variants (002);
 * the ruleset's ranking orders them all. */
enum skx_class {
    SKX_CL_SAUSPIEL, SKX_CL_WENZ, SKX_CL_SOLO, SKX_CL_WENZ_TOUT, SKX_CL_SOLO_TOUT, SKX_CL_SIE,
    SKX_CL_GEIER, SKX_CL_FARBWENZ, SKX_CL_FARBGEIER, SKX_CL_BETTEL, SKX_CL_BETTEL_OUVERT,
    SKX_CL_GEIER_TOUT, SKX_CL_FARBWENZ_TOUT, SKX_CL_FARBGEIER_TOUT, SKX_CL_HOCHZEIT,
    SKX_NCLASSES
};
extern const sk_contract skx_bid_classes[SKX_NCLASSES];
extern const int8_t skx_class_of[SK_C_NTYPES][2];
bool skx_class_allowed(const sk_rules *r, sk_contract c, bool first_game);
const sk_rules_derived *skx_rules_tables(const sk_rules *r, sk_rules_derived *scratch);
_Static_assert(sizeof(sk_rules_derived) == 104, "sk_rules_derived has no padding");

/* The index of a class (type and Tout) in skx_bid_classes, or -1. */
static inline int skx_class_index(sk_contract c)
{
    return c.type < SK_C_NTYPES ? skx_class_of[c.type][c.tout != 0] : -1;
}

/* game.c */
void skx_declare(sk_game *g, sk_contract c);
void skx_cache_legal(sk_game *g);
void skx_start_kreuzbock(sk_game *g);
void skx_double_legal(sk_game *g, sk_action a);
unsigned skx_doublers(const sk_game *g);

/* playout.c */
void skx_random_play(sk_game *g, sk_rng *rng, bool moments);

/* auction.c */
void skx_auction_start(sk_game *g, const sk_rules *rules);
int skx_best_rank(const sk_rules *r, const sk_public *p, sk_cards hand);
int skx_called_card(sk_cards hand, int suit);
int skx_auction_bids(const sk_public *p, int best, int seat, sk_contract *out);
unsigned skx_bid_mask(const sk_public *p, int best, int seat);
unsigned skx_declare_mask(const sk_public *p);
void skx_fitting_suits(const sk_rules *r, const sk_public *p, sk_cards hand,
                       uint8_t fit[SKX_NCLASSES]);
void skx_bid_legal(sk_game *g, sk_action a);
int skx_auction_legal(const sk_rules *r, const sk_public *p, sk_cards hand, int best, int seat,
                      sk_action *out);
int skx_apply_klopfen(sk_game *g, sk_action a, sk_error *err);
int skx_apply_hochzeit(sk_game *g, sk_action a, sk_error *err);
int skx_apply_bidding(sk_game *g, sk_action a, sk_error *err);

#endif
