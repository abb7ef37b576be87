/*
 * solver_tt.c -- the solver's transposition table: rank keys, bounds
 * from similar positions (see the essay before tt_entry in
 * solver_internal.h), storing, generations.
 */
#include "solver_internal.h"

#include <assert.h>
#include <string.h>

/*
 * Finds the rank groups of the loaded contract: the follow classes, with
 * the called card (its rules name it) taken out as a class of its own,
 * which splits its suit in two -- and leaves a group of one card above a
 * called Ten or King of a Muss (the Sau).  So the only card in play
 * outside the groups is the called card (the others, `singles`, are not
 * in the deck), which the key's count of each group relies on.
 */
void skx_solver_tt_groups(sk_solver *s)
{
    s->ngroups = 0;
    s->singles = ~(sk_cards)0;
    memset(s->gmask, 0, sizeof s->gmask);
    for (int i = 0; i < SK_NCARDS;) {
        int j = i + 1;
        while (j < SK_NCARDS && s->cls[j] == s->cls[i] && !(s->ace & (SK_BIT(i) | SK_BIT(j))))
            j++;
        if (s->cls[i] != SK_BIT(i) && !(s->ace & SK_BIT(i))) {
            sk_cards m = (((sk_cards)1 << (j - i)) - 1) << i;
            assert(s->ngroups < TT_MAXGROUPS);
            s->groups[s->ngroups++] = m;
            s->singles &= ~m;
            for (int k = i; k < j; k++)
                s->gmask[k] = m;
        }
        i = j;
    }
}

/*
 * The bits of *x and of *y at the set bits of m, each packed to the low
 * end in order: a parallel extract in software (the compress of Hacker's
 * Delight, 7-4), whose mask steps both planes share.
 */
static inline void compress2(uint32_t m, uint32_t *x, uint32_t *y)
{
    uint32_t a = *x & m, b = *y & m, mk = ~m << 1;
#define COMPRESS_STEP(sh)                                                                          \
    do {                                                                                           \
        uint32_t mp = mk ^ (mk << 1), mv, t;                                                       \
        mp ^= mp << 2;                                                                             \
        mp ^= mp << 4;                                                                             \
        mp ^= mp << 8;                                                                             \
        mp ^= mp << 16;                                                                            \
        mv = mp & m;                                                                               \
        m = (m ^ mv) | (mv >> (sh));                                                               \
        t = a & mv;                                                                                \
        a = (a ^ t) | (t >> (sh));                                                                 \
        t = b & mv;                                                                                \
        b = (b ^ t) | (t >> (sh));                                                                 \
        mk &= ~mp;                                                                                 \
    } while (0)
    COMPRESS_STEP(1);
    COMPRESS_STEP(2);
    COMPRESS_STEP(4);
    COMPRESS_STEP(8);
    COMPRESS_STEP(16);
#undef COMPRESS_STEP
    *x = a;
    *y = b;
}

/* The rank key of the current trick start: the owners of the remaining
 * cards in card order (group after group, each in power order) as two
 * extracted bit planes, and how many cards each group still has, four
 * bits a group, with the called card's presence in the top bit (the
 * only card in play outside the groups).  Equal keys mean equal owners
 * class by class in power order. */
void skx_solver_tt_key(const sk_solver *s, tt_key *k)
{
    sk_cards r = s->live; /* the table is empty */
    uint32_t a = s->hands[1] | s->hands[3], b = s->hands[2] | s->hands[3]; /* owner planes */
    compress2(r, &a, &b);
    uint32_t rem = r & s->ace ? 1u << 31 : 0;
    for (int i = 0; i < s->ngroups; i++)
        rem |= (uint32_t)skx_cards_count(r & s->groups[i]) << (4 * i);
    k->rem = rem;
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

/*
 * One entry as read.  Other threads may write the table while a search
 * reads it (solver_par.c), so the fields are loaded one by one, and the
 * owner planes are stored mixed with the other two fields: a read that
 * catches parts of two writes then fails to match any key (the lockless
 * table of Hyatt and Mann), rather than pair one position's key with
 * another's bounds.
 */
typedef struct tt_seen {
    uint64_t own;
    uint32_t live, data;
} tt_seen;

/* What the owner planes are mixed with in the table. */
static inline uint64_t tt_mix(uint32_t live, uint32_t data)
{
    return ((uint64_t)live << 32 | data) * 0x9e3779b97f4a7c15ull;
}

/* Reads an entry (see tt_seen). */
static inline tt_seen tt_read(const tt_entry *e)
{
    tt_seen r;
    r.data = __atomic_load_n(&e->data, __ATOMIC_RELAXED);
    r.live = __atomic_load_n(&e->live, __ATOMIC_RELAXED);
    r.own = __atomic_load_n(&e->own, __ATOMIC_RELAXED) ^ tt_mix(r.live, r.data);
    return r;
}

/* Writes an entry (see tt_seen). */
static inline void tt_write(tt_entry *e, uint64_t own, uint32_t live, uint32_t data)
{
    __atomic_store_n(&e->own, own ^ tt_mix(live, data), __ATOMIC_RELAXED);
    __atomic_store_n(&e->live, live, __ATOMIC_RELAXED);
    __atomic_store_n(&e->data, data, __ATOMIC_RELAXED);
}

/* The bounds an entry's data word holds. */
static inline int tt_lo(uint32_t data)
{
    return (int)(data & 127);
}
static inline int tt_hi(uint32_t data)
{
    return (int)((data >> 7) & 127);
}

/* The k-th (from 0) lowest set bit of a set, or -1. */
static inline int kth_bit(sk_cards set, int k)
{
    while (k-- > 0)
        set &= set - 1;
    return set ? skx_cards_first(set) : -1;
}

/*
 * Whether a stored position with cards in play `live` has the current
 * rank key, given equal owner planes and flags: the same cards outside
 * the groups and as many in each group.  Then *up and *dn get the most
 * the current value can lie above and below the stored one (the sums of
 * the essay; 0 under the trick objectives, where points do not count).
 * The sums stop growing once they pass `maxup` and `maxdn`, past which
 * the caller has no use for them.
 */
static inline int similar(const sk_solver *s, sk_cards live, int maxup, int maxdn, int *up,
                          int *dn)
{
    sk_cards diff = live ^ s->live;
    int u = 0, w = 0;
    *up = *dn = 0;
    if (!diff)
        return 1;
    if (diff & s->singles)
        return 0;
    for (sk_cards d = diff; d;) {
        sk_cards g = s->gmask[skx_cards_first(d)], dg = d & g;
        d &= ~g;
        /* the cards above the first difference and below the last are
         * the same in both and pair with themselves */
        uint64_t span = ((uint64_t)2 << ix_last(dg)) - (dg & -dg);
        sk_cards x = live & g & (sk_cards)span, y = s->live & g & (sk_cards)span;
        if (skx_cards_count(x) != skx_cards_count(y))
            return 0;
        if (s->obj || (u > maxup && w > maxdn))
            continue;
        for (; x; x &= x - 1, y &= y - 1) {
            int dd = s->pts[skx_cards_first(y)] - s->pts[skx_cards_first(x)];
            u += dd > 0 ? dd : 0;
            w += dd < 0 ? -dd : 0;
        }
    }
    *up = u;
    *dn = w;
    return 1;
}

/* The internal card of the current position that a packed move names:
 * the k-th remaining card of its group, k its place in the group. */
static int unpack_move(const sk_solver *s, unsigned m)
{
    sk_cards g = s->gmask[m];
    if (!g)
        return (int)m;
    return kth_bit(s->live & g, skx_cards_count(g & (SK_BIT(m) - 1)));
}

/* The packed name of internal card m at the current position: its
 * group's k-th card, k the remaining group cards above it. */
static unsigned pack_move(const sk_solver *s, int m)
{
    sk_cards g = s->gmask[m];
    if (!g)
        return (unsigned)m;
    return (unsigned)kth_bit(g, skx_cards_count(s->live & g & (SK_BIT(m) - 1)));
}

/* Bounds from the similar positions of the bucket; see the header.  The
 * first card comes from the closest of them. */
int skx_solver_tt_probe(const sk_solver *s, const tt_key *k, tt_hit *h)
{
    const tt_entry *b = bucket(s, k);
    int found = 0, near = 1 << 30;
    h->move = -1;
    for (int i = 0; i < TT_WAYS; i++) {
        tt_seen e = tt_read(&b[i]);
        if ((e.data >> 20) != k->tag || e.own != k->own)
            continue;
        int up, dn, lo = tt_lo(e.data), hi = tt_hi(e.data);
        if (!similar(s, e.live, h->hi - hi, lo - h->lo, &up, &dn))
            continue;
        found = 1;
        lo -= dn;
        hi += up;
        if (lo > h->lo)
            h->lo = lo;
        if (hi < h->hi)
            h->hi = hi;
        unsigned mv = (e.data >> 14) & 63u;
        if (mv != TT_NOMOVE && up + dn < near) {
            near = up + dn;
            h->move = unpack_move(s, mv);
        }
    }
    return found;
}

/* Stores bounds for the current trick start; see the header. */
void skx_solver_tt_store(sk_solver *s, const tt_key *k, int lo, int hi, int move)
{
    tt_entry *b = bucket(s, k), *e = NULL;
    tt_seen seen[TT_WAYS];
    for (int i = 0; i < TT_WAYS; i++)
        seen[i] = tt_read(&b[i]);
    unsigned mv = move < 0 ? TT_NOMOVE : pack_move(s, move);
    for (int i = 0; i < TT_WAYS && !e; i++) {
        if (seen[i].own != k->own || seen[i].live != s->live || (seen[i].data >> 20) != k->tag)
            continue;
        e = &b[i];
        if (lo < tt_lo(seen[i].data))
            lo = tt_lo(seen[i].data);
        if (hi > tt_hi(seen[i].data))
            hi = tt_hi(seen[i].data);
        if (mv == TT_NOMOVE)
            mv = (seen[i].data >> 14) & 63u;
    }
    if (!e) {
        /* a stale entry, else the one with the fewest cards left */
        int best = 0;
        for (int i = 0; i < TT_WAYS; i++) {
            int prio = ((seen[i].data >> 20) & 255u) != s->gen ? -1 : skx_cards_count(seen[i].live);
            if (!e || prio < best) {
                e = &b[i];
                best = prio;
            }
        }
    }
    tt_write(e, k->own, s->live, (uint32_t)lo | (uint32_t)hi << 7 | mv << 14 | k->tag << 20);
}

/* A new generation; the table is cleared only when the counter wraps. */
void skx_solver_tt_new_generation(sk_solver *s)
{
    if (++s->gen > 255) {
        memset(s->tt, 0, (s->tt_mask + 1) * TT_WAYS * sizeof(tt_entry));
        s->gen = 1;
    }
}
