/*
 * rng.c -- reproducible random numbers and dealing.
 *
 * Game logic draws every random choice from an sk_rng passed in by the
 * caller, so a seed reproduces a deal exactly; real deals seed it from
 * the operating system (getrandom).
 */
#include "schafkopf/core.h"

#include <sys/random.h>

/* splitmix64: expands one seed into well-mixed state words. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
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
            m = (uint64_t)(uint32_t)(sk_rng_next(rng) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

/* Fisher-Yates shuffle of a fresh deck (2.2: shuffled properly); each
 * 64-bit draw serves two swaps. */
void sk_deck_shuffle(sk_deck *d, sk_rng *rng)
{
    for (int i = 0; i < SK_NCARDS; i++)
        d->cards[i] = (uint8_t)i;
    for (int i = SK_NCARDS - 1; i > 0; i -= 2) {
        uint64_t r = sk_rng_next(rng);
        int j = (int)below32(rng, (uint32_t)(r >> 32), (uint32_t)i + 1);
        uint8_t t = d->cards[i];
        d->cards[i] = d->cards[j];
        d->cards[j] = t;
        if (i - 1 > 0) {
            j = (int)below32(rng, (uint32_t)r, (uint32_t)i);
            t = d->cards[i - 1];
            d->cards[i - 1] = d->cards[j];
            d->cards[j] = t;
        }
    }
}

/* Deals clockwise starting with forehand: 4+4 (2.3.1) or 2+2+2+2
 * (5.2.3).  Each hand keeps the order its cards were dealt in, so the
 * first packet is hands[seat][0..3]. */
void sk_deck_deal(const sk_deck *d, int dealer, int mode, uint8_t hands[4][8])
{
    int packet = mode == SK_DEAL_2_2_2_2 ? 2 : 4;
    int next = 0;
    for (int round = 0; round < 8 / packet; round++)
        for (int k = 1; k <= 4; k++) {
            int seat = (dealer + k) % 4;
            for (int i = 0; i < packet; i++)
                hands[seat][round * packet + i] = d->cards[next++];
        }
}
