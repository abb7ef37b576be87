/*
 * rng.c -- reproducible random numbers and dealing.
 *
 * Game logic draws every random choice from an sk_rng passed in by the
 * caller, so a seed reproduces a deal exactly; real deals seed it from
 * the operating system (getrandom).
 */
#include "schafkopf/core.h"
#include "core/bits.h"

#include <string.h>
#include <sys/random.h>

/* One step of splitmix64 from x: a well-mixed word of any number (see
 * core.h). */
uint64_t sk_rng_mix(uint64_t x)
{
    uint64_t z = x + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* splitmix64: expands one seed into well-mixed state words. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = sk_rng_mix(*x);
    *x += 0x9e3779b97f4a7c15ull;
    return z;
}

/* Seeds the generator deterministically from one number. */
void sk_rng_seed(sk_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

/* Seeds from the OS random source, for real deals. */
int sk_rng_seed_os(sk_rng *rng)
{
    uint64_t seed;
    size_t got = 0;
    while (got < sizeof seed) {
        ssize_t n = getrandom((char *)&seed + got, sizeof seed - got, 0);
        if (n <= 0)
            return SK_EIO;
        got += (size_t)n;
    }
    sk_rng_seed(rng, seed);
    return SK_OK;
}

/* Uniform in [0, n) from 32 random bits, Lemire's method; `fresh`
 * supplies more bits when the rare rejection happens. */
static inline uint32_t below32(sk_rng *rng, uint32_t bits, uint32_t n)
{
    uint64_t m = (uint64_t)bits * n;
    if ((uint32_t)m < n) {
        uint32_t threshold = -n % n;
        while ((uint32_t)m < threshold)
            m = (uint64_t)(uint32_t)(skx_rng_next(rng) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

/* The step of the Fisher-Yates shuffle for place i: a card among places
 * 0..i from 32 random bits. */
static inline __attribute__((always_inline)) void shuffle_step(uint8_t *cards, sk_rng *rng, int i,
                                                                uint32_t bits)
{
    int j = (int)below32(rng, bits, (uint32_t)i + 1);
    uint8_t t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
}

/* Fisher-Yates shuffle of d->ncards cards (2.2: shuffled properly); each
 * 64-bit draw serves two steps, its high half the first.  The generator
 * works on a local copy: through the pointer its state would go to
 * memory and back at every step, as the byte stores to the deck might
 * alias it.  The long deck (every deal of the benchmark) has its steps
 * unrolled: 15 pairs, then place 1 alone -- the same swaps and draws
 * as the loop, without its count and its test for a lone last step. */
static void shuffle(sk_deck *d, sk_rng *rng_out)
{
    sk_rng local = *rng_out, *rng = &local;
    if (d->ncards == SK_NCARDS) {
#pragma GCC unroll 16
        for (int i = SK_NCARDS - 1; i > 1; i -= 2) {
            uint64_t r = skx_rng_next(rng);
            shuffle_step(d->cards, rng, i, (uint32_t)(r >> 32));
            shuffle_step(d->cards, rng, i - 1, (uint32_t)r);
        }
        shuffle_step(d->cards, rng, 1, (uint32_t)(skx_rng_next(rng) >> 32));
        *rng_out = local;
        return;
    }
    for (int i = d->ncards - 1; i > 0; i -= 2) {
        uint64_t r = skx_rng_next(rng);
        shuffle_step(d->cards, rng, i, (uint32_t)(r >> 32));
        if (i - 1 > 0)
            shuffle_step(d->cards, rng, i - 1, (uint32_t)r);
    }
    *rng_out = local;
}

/* A fresh long deck, shuffled. */
void sk_deck_shuffle(sk_deck *d, sk_rng *rng)
{
    d->ncards = SK_NCARDS;
    d->nseats = 4;
    for (int i = 0; i < SK_NCARDS; i++)
        d->cards[i] = (uint8_t)i;
    shuffle(d, rng);
}

/* The cards of a deck kind: all, or without the 7s and 8s, or without
 * the 9s too (002 "short cards"). */
sk_cards sk_deck_cards(enum sk_deck_kind kind)
{
    switch (kind) {
    case SK_DECK_SHORT:
        return SK_ALL_CARDS & ~SK_RANK_MASK(SK_SIEBEN) & ~SK_RANK_MASK(SK_ACHT);
    case SK_DECK_20:
        return SK_ALL_CARDS & ~SK_RANK_MASK(SK_SIEBEN) & ~SK_RANK_MASK(SK_ACHT) &
               ~SK_RANK_MASK(SK_NEUN);
    default:
        return SK_ALL_CARDS;
    }
}

/* Cards per player: a quarter of the deck. */
int sk_deck_hand_size(enum sk_deck_kind kind)
{
    return skx_cards_count(sk_deck_cards(kind)) / 4;
}

/* Seats in one game: three at a table of three, else four. */
int sk_rules_seats(const sk_rules *r)
{
    return r->players == 3 ? 3 : 4;
}

/* The cards in play: three players always use the short deck (002). */
sk_cards sk_rules_deck(const sk_rules *r)
{
    return sk_deck_cards(r->players == 3 ? SK_DECK_SHORT : r->deck);
}

/* Cards per hand: the deck shared by the seats (8 for three players). */
int sk_rules_hand_size(const sk_rules *r)
{
    return skx_cards_count(sk_rules_deck(r)) / sk_rules_seats(r);
}

/* Shuffles the deck of a ruleset for its seats. */
void sk_deck_shuffle_rules(sk_deck *d, const sk_rules *r, sk_rng *rng)
{
    sk_deck_shuffle_kind(d, r->players == 3 ? SK_DECK_SHORT : r->deck, rng);
    d->nseats = (uint8_t)sk_rules_seats(r);
}

/* Shuffles the cards of a deck kind. */
void sk_deck_shuffle_kind(sk_deck *d, enum sk_deck_kind kind, sk_rng *rng)
{
    if (kind == SK_DECK_LONG) {
        sk_deck_shuffle(d, rng);
        return;
    }
    d->ncards = 0;
    d->nseats = 4;
    for (sk_cards c = sk_deck_cards(kind); c; c &= c - 1)
        d->cards[d->ncards++] = (uint8_t)skx_cards_first(c);
    shuffle(d, rng);
}

/* Deals clockwise starting with forehand: 4+4 (2.3.1) or 2+2+2+2
 * (5.2.3).  Each hand keeps the order its cards were dealt in, so the
 * first packet is hands[seat][0..3]. */
void sk_deck_deal(const sk_deck *d, int dealer, enum sk_deal_mode mode, uint8_t hands[4][8])
{
    static const uint8_t PACKETS[3][4] = {{4, 4, 0, 0}, {2, 2, 2, 2}, {3, 3, 0, 0}};
    int seats = d->nseats == 3 ? 3 : 4;
    int n = (d->ncards ? d->ncards : SK_NCARDS) / seats;
    if (n == 8 && seats == 4 && mode != SK_DEAL_2_2_2_2) { /* the common case, 4+4 (2.3.1) */
        for (int k = 0; k < 4; k++) {
            int seat = (dealer + 1 + k) % 4;
            memcpy(hands[seat], d->cards + 4 * k, 4);
            memcpy(hands[seat] + 4, d->cards + 16 + 4 * k, 4);
        }
        return;
    }
    const uint8_t *packets = n == 8 ? PACKETS[mode == SK_DEAL_2_2_2_2] : PACKETS[2];
    uint8_t fill[4] = {0, 0, 0, 0};
    memset(hands, SK_NOCARD, 4 * 8);
    int next = 0;
    for (int round = 0; round < 4 && packets[round]; round++)
        for (int k = 1; k <= seats; k++) {
            int seat = (dealer + k) % seats;
            for (int i = 0; i < packets[round] && fill[seat] < n; i++)
                hands[seat][fill[seat]++] = d->cards[next++];
        }
}

/* The next 64 random bits: the public form of skx_rng_next. */
uint64_t sk_rng_next(sk_rng *rng)
{
    return skx_rng_next(rng);
}

/* Uniform integer in [0, n): the public form of skx_rng_below. */
uint32_t sk_rng_below(sk_rng *rng, uint32_t n)
{
    return skx_rng_below(rng, n);
}
