/*
 * solver_tt.c -- the solver's transposition table: rank-normalised keys
 * (see the essay before tt_entry in solver_internal.h), probing and
 * storing, generations.
 */
#include "solver_internal.h"

#include <string.h>

/* PACK[r][x]: the bits of x at the set bits of r (r, x < 16) packed to
 * the low end in order -- a four-bit parallel extract, as a constant
 * table (shared by every solver and thread). */
static const uint8_t PACK[16][16] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1},
    {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1},
    {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3},
    {0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1},
    {0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 2, 3, 2, 3},
    {0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 2, 2, 3, 3},
    {0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7},
    {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1},
    {0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3},
    {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3},
    {0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7},
    {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3},
    {0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7},
    {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
};

/*
 * Finds the groups of the loaded contract: runs of internal cards of one
 * class with equal points (the called ace always alone), cut into
 * pieces of at most four for the pack table (a finer cut is still
 * exact).  Runs of one card need no packing and are not groups.
 */
void sk_solver_tt_groups(sk_solver *s)
{
    s->gtail = 0;
    memset(s->gmask, 0, sizeof s->gmask);
    for (int i = 0; i < SK_NCARDS;) {
        int j = i + 1;
        while (j < SK_NCARDS && j - i < 4 && s->cls[j] == s->cls[i] && s->pts[j] == s->pts[i] &&
               !(s->ace & (SK_BIT(i) | SK_BIT(j))))
            j++;
        if (j - i > 1) {
            sk_cards m = (((sk_cards)1 << (j - i)) - 1) << i;
            s->gtail |= m & ~SK_BIT(i);
            for (int k = i; k < j; k++)
                s->gmask[k] = m;
        }
        i = j;
    }
}

/* The normalised key of the current trick start: in every group the
 * remaining cards move to the top, their owners with them.  A group is
 * already packed unless one of its remaining cards follows a gone one;
 * one mask test finds those groups for all at once. */
void sk_solver_tt_key(const sk_solver *s, tt_key *k)
{
    sk_cards h1 = s->hands[1], h2 = s->hands[2], h3 = s->hands[3];
    sk_cards r = s->live; /* the table is empty */
    sk_cards a = h1 | h3, b = h2 | h3; /* owner planes */
    for (sk_cards gaps = r & ~(r << 1) & s->gtail; gaps;) {
        sk_cards g = s->gmask[sk_cards_first(gaps)];
        int p = sk_cards_first(g);
        unsigned rr = (r & g) >> p, aa = (a & g) >> p, bb = (b & g) >> p;
        r = (r & ~g) | (sk_cards)PACK[rr][rr] << p;
        a = (a & ~g) | (sk_cards)PACK[rr][aa] << p;
        b = (b & ~g) | (sk_cards)PACK[rr][bb] << p;
        gaps &= ~g;
    }
    k->rem = r;
    k->own = (uint64_t)a | (uint64_t)b << 32;
    k->tag = s->gen | (uint32_t)(s->leader | s->called_led << 2 | s->ran_away << 3) << 8;
}

/* The bucket of a key: a 64-bit mix of all key bits. */
static inline tt_entry *bucket(const sk_solver *s, const tt_key *k)
{
    uint64_t h = k->own * 0xff51afd7ed558ccdull ^ ((uint64_t)k->rem << 8 | (k->tag >> 8));
    h ^= h >> 32;
    h *= 0x9e3779b97f4a7c15ull;
    h ^= h >> 29;
    return &s->tt[(h & s->tt_mask) * TT_WAYS];
}

/* The entry of a key in its bucket, or NULL. */
tt_entry *sk_solver_tt_probe(sk_solver *s, const tt_key *k)
{
    tt_entry *b = bucket(s, k);
    for (int i = 0; i < TT_WAYS; i++)
        if (b[i].rem == k->rem && b[i].own == k->own && (b[i].data >> 20) == k->tag)
            return &b[i];
    return NULL;
}

/* The k-th (from 0) lowest set bit of a set, or -1. */
static inline int kth_bit(sk_cards set, int k)
{
    while (k-- > 0)
        set &= set - 1;
    return set ? sk_cards_first(set) : -1;
}

/* The normalised name of internal card m at the current position: its
 * group's k-th card, k the remaining group cards above it. */
static int canon_card(const sk_solver *s, int m)
{
    sk_cards g = s->gmask[m];
    if (!g)
        return m;
    sk_cards r = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    return kth_bit(g, sk_cards_count(r & g & (SK_BIT(m) - 1)));
}

/* The real (internal) card an entry's normalised move names now: the
 * k-th remaining card of its group, k its place in the group. */
int sk_solver_tt_move(const sk_solver *s, const tt_entry *e)
{
    unsigned m = (e->data >> 14) & 63u;
    if (m == TT_NOMOVE)
        return -1;
    sk_cards g = s->gmask[m];
    if (!g)
        return (int)m;
    sk_cards r = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    return kth_bit(r & g, sk_cards_count(g & (SK_BIT(m) - 1)));
}

/* Stores bounds for the current trick start; see the header. */
void sk_solver_tt_store(sk_solver *s, const tt_key *k, int lo, int hi, int move)
{
    tt_entry *b = bucket(s, k), *e = NULL;
    for (int i = 0; i < TT_WAYS && !e; i++)
        if (b[i].rem == k->rem && b[i].own == k->own && (b[i].data >> 20) == k->tag)
            e = &b[i];
    unsigned mv = move < 0 ? TT_NOMOVE : (unsigned)canon_card(s, move);
    if (e) {
        if (lo < tt_lo(e))
            lo = tt_lo(e);
        if (hi > tt_hi(e))
            hi = tt_hi(e);
        if (mv == TT_NOMOVE)
            mv = (e->data >> 14) & 63u;
    } else {
        /* a stale entry, else the one with the fewest cards left */
        int best = 0;
        for (int i = 0; i < TT_WAYS; i++) {
            int prio = ((b[i].data >> 20) & 255u) != s->gen ? -1 : sk_cards_count(b[i].rem);
            if (!e || prio < best) {
                e = &b[i];
                best = prio;
            }
        }
    }
    e->own = k->own;
    e->rem = k->rem;
    e->data = (uint32_t)lo | (uint32_t)hi << 7 | mv << 14 | k->tag << 20;
}

/* A new generation; the table is cleared only when the counter wraps. */
void sk_solver_tt_new_generation(sk_solver *s)
{
    if (++s->gen > 255) {
        memset(s->tt, 0, (s->tt_mask + 1) * TT_WAYS * sizeof(tt_entry));
        s->gen = 1;
    }
}
