/*
 * bits.h -- the inline helpers of the hot paths, shared by core and ai:
 * counting cards, the random generator (xoshiro256**) and the packing
 * of an action into one register.  Internal to the library (`skx_`
 * names); the public API offers the same as plain functions
 * (sk_cards_count, sk_rng_next, sk_action_make, ...).
 */
#ifndef SKX_BITS_H
#define SKX_BITS_H

#include "schafkopf/core.h"

/* The number of cards in a set. */
static inline int skx_cards_count(sk_cards set)
{
#ifdef __POPCNT__
    return __builtin_popcount(set);
#else /* SWAR count: avoids a library call on CPUs without POPCNT */
    set = set - ((set >> 1) & 0x55555555u);
    set = (set & 0x33333333u) + ((set >> 2) & 0x33333333u);
    return (int)((((set + (set >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
#endif
}
/* Lowest card index in a non-empty set. */
static inline int skx_cards_first(sk_cards set) { return __builtin_ctz(set); }

/* The next 64 random bits (xoshiro256**); inline, as the play loop and
 * the bots draw often. */
static inline uint64_t skx_rng_next(sk_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t x = s[1] * 5;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}
/* Uniform integer in [0, n), n > 0, without modulo bias (Lemire's
 * multiply-and-reject). */
static inline uint32_t skx_rng_below(sk_rng *rng, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(skx_rng_next(rng) >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t threshold = -n % n;
        while ((uint32_t)m < threshold)
            m = (uint64_t)(uint32_t)(skx_rng_next(rng) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

/* Builds an action.  On little-endian machines it is assembled in one
 * register: writing the bytes one by one and reading the struct back
 * whole stalls store forwarding, which the play loop would feel. */
static inline sk_action skx_action_make(int type, int seat, int card, sk_contract c)
{
    sk_action a;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v = (uint64_t)(uint8_t)type | (uint64_t)(uint8_t)seat << 8 |
                 (uint64_t)(uint8_t)card << 16 | (uint64_t)c.type << 24 |
                 (uint64_t)c.suit << 32 | (uint64_t)c.tout << 40;
    _Static_assert(sizeof(sk_action) == 8, "sk_action is 8 bytes");
    __builtin_memcpy(&a, &v, sizeof a);
#else
    a.type = (uint8_t)type;
    a.seat = (uint8_t)seat;
    a.card = (uint8_t)card;
    a.contract = c;
    a.reserved[0] = a.reserved[1] = 0;
#endif
    return a;
}
static inline sk_action skx_act_pass(int seat)
{
    return skx_action_make(SK_ACT_PASS, seat, SK_NOCARD, (sk_contract){SK_C_NONE, SK_NOSUIT, 0});
}
static inline sk_action skx_act_bid(int seat, sk_contract cls)
{
    return skx_action_make(SK_ACT_BID, seat, SK_NOCARD, (sk_contract){cls.type, SK_NOSUIT, cls.tout});
}
static inline sk_action skx_act_declare(int seat, sk_contract c)
{
    return skx_action_make(SK_ACT_DECLARE, seat, SK_NOCARD, c);
}
static inline sk_action skx_act_double(int seat, int type)
{
    return skx_action_make(type, seat, SK_NOCARD, (sk_contract){SK_C_NONE, SK_NOSUIT, 0});
}
static inline sk_action skx_act_card(int seat, int card)
{
    return skx_action_make(SK_ACT_CARD, seat, card, (sk_contract){SK_C_NONE, SK_NOSUIT, 0});
}


#endif
