/*
 * classes.c -- the contract classes of the auction and what a ruleset
 * makes of them: their ranks (2.4.4 and the variants' rankings), which
 * ones it allows, their base rates (4.2.4), and the tables derived from
 * all that, which a ruleset carries so that a game need not rebuild
 * them from the options at every deal.
 *
 * The derived tables (sk_rules.derived) are owned by the ruleset: every
 * function that changes one -- sk_rules_preset, sk_rules_set,
 * sk_rules_set_pair, sk_rules_parse and the record reader built on
 * them -- ends with sk_rules_refresh(), and code that assigns fields
 * directly calls it itself.  They are never trusted blindly: they keep
 * a salted copy of the option bytes they were computed from, and
 * skx_rules_tables() uses them only when that copy equals the options
 * now; otherwise (a forgotten refresh, a struct filled by hand, garbage)
 * it computes them afresh, so a stale table costs time, never a wrong
 * game.  Builds with SK_CHECKS also compare every table used with a
 * fresh computation.
 */
#include "game_internal.h"

#include <stddef.h>
#include <string.h>

/* The class of each index (enum skx_class). */
const sk_contract skx_bid_classes[SKX_NCLASSES] = {
    [SKX_CL_SAUSPIEL] = {SK_C_SAUSPIEL, SK_NOSUIT, 0},
    [SKX_CL_WENZ] = {SK_C_WENZ, SK_NOSUIT, 0},
    [SKX_CL_SOLO] = {SK_C_SOLO, SK_NOSUIT, 0},
    [SKX_CL_WENZ_TOUT] = {SK_C_WENZ, SK_NOSUIT, 1},
    [SKX_CL_SOLO_TOUT] = {SK_C_SOLO, SK_NOSUIT, 1},
    [SKX_CL_SIE] = {SK_C_SIE, SK_NOSUIT, 0},
    [SKX_CL_GEIER] = {SK_C_GEIER, SK_NOSUIT, 0},
    [SKX_CL_FARBWENZ] = {SK_C_FARBWENZ, SK_NOSUIT, 0},
    [SKX_CL_FARBGEIER] = {SK_C_FARBGEIER, SK_NOSUIT, 0},
    [SKX_CL_BETTEL] = {SK_C_BETTEL, SK_NOSUIT, 0},
    [SKX_CL_BETTEL_OUVERT] = {SK_C_BETTEL_OUVERT, SK_NOSUIT, 0},
    [SKX_CL_GEIER_TOUT] = {SK_C_GEIER, SK_NOSUIT, 1},
    [SKX_CL_FARBWENZ_TOUT] = {SK_C_FARBWENZ, SK_NOSUIT, 1},
    [SKX_CL_FARBGEIER_TOUT] = {SK_C_FARBGEIER, SK_NOSUIT, 1},
    [SKX_CL_HOCHZEIT] = {SK_C_HOCHZEIT, SK_NOSUIT, 0},
};

/* The index of each type's class, plain and Tout; -1 where there is no
 * such class (a Sauspiel Tout, a Ramsch). */
const int8_t skx_class_of[SK_C_NTYPES][2] = {
    [SK_C_NONE] = {-1, -1},
    [SK_C_SAUSPIEL] = {SKX_CL_SAUSPIEL, -1},
    [SK_C_SOLO] = {SKX_CL_SOLO, SKX_CL_SOLO_TOUT},
    [SK_C_WENZ] = {SKX_CL_WENZ, SKX_CL_WENZ_TOUT},
    [SK_C_SIE] = {SKX_CL_SIE, -1},
    [SK_C_GEIER] = {SKX_CL_GEIER, SKX_CL_GEIER_TOUT},
    [SK_C_FARBWENZ] = {SKX_CL_FARBWENZ, SKX_CL_FARBWENZ_TOUT},
    [SK_C_FARBGEIER] = {SKX_CL_FARBGEIER, SKX_CL_FARBGEIER_TOUT},
    [SK_C_BETTEL] = {SKX_CL_BETTEL, -1},
    [SK_C_BETTEL_OUVERT] = {SKX_CL_BETTEL_OUVERT, -1},
    [SK_C_RAMSCH] = {-1, -1},
    [SK_C_HOCHZEIT] = {SKX_CL_HOCHZEIT, -1},
};

/* Contract ranks per type, plain and Tout, for each ranking (2.4.4, 001, online). */
static const int8_t RANKS[3][SK_C_NTYPES][2] = {
    [SK_RANK_OFFICIAL] = {[SK_C_SAUSPIEL] = {10, 10}, [SK_C_SOLO] = {30, 50},
                          [SK_C_WENZ] = {20, 40}, [SK_C_SIE] = {60, 60},
                          [SK_C_GEIER] = {20, 40}, [SK_C_FARBWENZ] = {20, 40},
                          [SK_C_FARBGEIER] = {20, 40}, [SK_C_BETTEL] = {20, 20},
                          [SK_C_BETTEL_OUVERT] = {40, 40}, [SK_C_HOCHZEIT] = {15, 15}},
    [SK_RANK_CARDGAME] = {[SK_C_SAUSPIEL] = {10, 10}, [SK_C_SOLO] = {30, 50},
                          [SK_C_WENZ] = {20, 40}, [SK_C_SIE] = {60, 60},
                          [SK_C_GEIER] = {20, 40}, [SK_C_FARBWENZ] = {18, 38},
                          [SK_C_FARBGEIER] = {18, 38}, [SK_C_BETTEL] = {18, 18},
                          [SK_C_BETTEL_OUVERT] = {38, 38}, [SK_C_HOCHZEIT] = {15, 15}},
    [SK_RANK_ONLINE] = {[SK_C_SAUSPIEL] = {10, 10}, [SK_C_SOLO] = {30, 50},
                        [SK_C_WENZ] = {25, 50}, [SK_C_SIE] = {60, 60},
                        [SK_C_GEIER] = {22, 50}, [SK_C_FARBWENZ] = {18, 50},
                        [SK_C_FARBGEIER] = {15, 50}, [SK_C_BETTEL] = {12, 12},
                        [SK_C_BETTEL_OUVERT] = {28, 28}, [SK_C_HOCHZEIT] = {11, 11}},
};

/*
 * Auction rank of a contract class (2.4.4): Sie > Solo Tout > Wenz Tout
 * > Solo > Wenz > Rufer (Sauspiel); 0 for no contract.  The suit does
 * not matter (a Herz-Solo does not outrank a Schellen-Solo).
 */
int sk_rules_contract_rank(const sk_rules *r, sk_contract c)
{
    int ranking = r->ranking < 3 ? r->ranking : 0;
    if (c.type >= SK_C_NTYPES)
        return 0;
    return RANKS[ranking][c.type][c.tout ? 1 : 0];
}

/* The whole rank table of the ruleset's ranking, for a game to copy. */
void sk_rules_rank_table(const sk_rules *r, int8_t out[SK_C_NTYPES][2])
{
    memcpy(out, RANKS[r->ranking < 3 ? r->ranking : 0], sizeof RANKS[0]);
}

/* Where each type's base rate lives in a ruleset (0: it has none).  A
 * Sie is priced from the Solo rate, a Bettel Brett from the Bettel's;
 * their factors are applied by the scoring. */
static const uint8_t RATE_AT[SK_C_NTYPES] = {
    [SK_C_SAUSPIEL] = offsetof(sk_rules, rate_sauspiel),
    [SK_C_SOLO] = offsetof(sk_rules, rate_solo),
    [SK_C_WENZ] = offsetof(sk_rules, rate_wenz),
    [SK_C_SIE] = offsetof(sk_rules, rate_solo),
    [SK_C_GEIER] = offsetof(sk_rules, rate_geier),
    [SK_C_FARBWENZ] = offsetof(sk_rules, rate_farbwenz),
    [SK_C_FARBGEIER] = offsetof(sk_rules, rate_farbgeier),
    [SK_C_BETTEL] = offsetof(sk_rules, rate_bettel),
    [SK_C_BETTEL_OUVERT] = offsetof(sk_rules, rate_bettel),
    [SK_C_RAMSCH] = offsetof(sk_rules, rate_ramsch),
    [SK_C_HOCHZEIT] = offsetof(sk_rules, rate_hochzeit),
};
_Static_assert(offsetof(sk_rules, rate_hochzeit) < 256, "rate offsets fit a byte");

/* Base rate in units of a contract class (4.2.4): a load through the
 * table above rather than a switch, as the settlement of every random
 * game asks it for a random contract. */
int sk_rules_base_rate(const sk_rules *r, sk_contract c)
{
    unsigned at = c.type < SK_C_NTYPES ? RATE_AT[c.type] : 0;
    if (at == 0)
        return 0;
    int32_t rate;
    memcpy(&rate, (const unsigned char *)r + at, sizeof rate);
    return rate;
}

/* Whether the contract class is enabled by the ruleset. */
bool skx_class_allowed(const sk_rules *r, sk_contract c, bool first_game)
{
    if (r->players == 3 && c.type != SK_C_SOLO && c.type != SK_C_WENZ && c.type != SK_C_SIE)
        return false; /* 002: three players play only Solo and Wenz */
    if (c.tout && first_game && r->first_game_limits)
        return false; /* 5.2.15: no Tout in the first game */
    switch (c.type) {
    case SK_C_SAUSPIEL:
        return !c.tout;
    case SK_C_SOLO:
        return r->allow_solo && (!c.tout || r->allow_tout);
    case SK_C_WENZ:
        return r->allow_wenz && (!c.tout || r->allow_tout);
    case SK_C_SIE:
        return r->allow_sie && (!first_game || r->sie_first_game);
    case SK_C_GEIER:
        return r->allow_geier && (!c.tout || r->allow_tout);
    case SK_C_FARBWENZ:
        return r->allow_farbwenz && (!c.tout || r->allow_tout);
    case SK_C_FARBGEIER:
        return r->allow_farbgeier && (!c.tout || r->allow_tout);
    case SK_C_BETTEL:
        return r->allow_bettel && !c.tout;
    case SK_C_BETTEL_OUVERT:
        return r->allow_bettel_ouvert && !c.tout;
    case SK_C_HOCHZEIT: /* with hochzeit_after_pass only in its own round */
        return r->allow_hochzeit && !c.tout && !r->hochzeit_after_pass;
    default:
        return false;
    }
}

/*
 * The option bytes the derived tables depend on: the ruleset from
 * `players` on, 24 bytes.  Every option skx_class_allowed and the
 * ranks read must lie in that window (checked below); the others in it
 * only make the key stricter.  The copy is salted so that an all-zero
 * struct (options and tables alike) does not pass for a fresh one.
 */
#define KEY_AT offsetof(sk_rules, players)
#define IN_KEY(f) (offsetof(sk_rules, f) >= KEY_AT && offsetof(sk_rules, f) < KEY_AT + 24)
_Static_assert(IN_KEY(players) && IN_KEY(ranking) && IN_KEY(first_game_limits) &&
                   IN_KEY(sie_first_game) && IN_KEY(allow_solo) && IN_KEY(allow_wenz) &&
                   IN_KEY(allow_tout) && IN_KEY(allow_sie) && IN_KEY(allow_geier) &&
                   IN_KEY(allow_farbwenz) && IN_KEY(allow_farbgeier) &&
                   IN_KEY(allow_bettel) && IN_KEY(allow_bettel_ouvert) &&
                   IN_KEY(allow_hochzeit) && IN_KEY(hochzeit_after_pass),
               "the derived tables' key covers every option they depend on");
static const uint64_t KEY_SALT[3] = {0x9e3779b97f4a7c15ull, 0xbf58476d1ce4e5b9ull,
                                     0x94d049bb133111ebull};

/* Whether the salted key matches the options of r now. */
static inline bool key_matches(const sk_rules *r, const uint64_t key[3])
{
    uint64_t w[3];
    memcpy(w, (const unsigned char *)r + KEY_AT, sizeof w);
    return ((w[0] ^ KEY_SALT[0] ^ key[0]) | (w[1] ^ KEY_SALT[1] ^ key[1]) |
            (w[2] ^ KEY_SALT[2] ^ key[2])) == 0;
}

/* Computes the derived tables of r into d: the ranks, the classes
 * allowed in a first and in a later game with their lowest rank, and
 * those classes from the highest rank down (equal ranks keep the order
 * of skx_bid_classes). */
static void derive(const sk_rules *r, sk_rules_derived *d)
{
    memset(d, 0, sizeof *d);
    memcpy(d->key, (const unsigned char *)r + KEY_AT, sizeof d->key);
    for (int i = 0; i < 3; i++)
        d->key[i] ^= KEY_SALT[i];
    sk_rules_rank_table(r, d->rank);
    for (int i = 0; i < SKX_NCLASSES; i++)
        d->class_rank[i] = d->rank[skx_bid_classes[i].type][skx_bid_classes[i].tout];
    for (int fg = 0; fg < 2; fg++) {
        int n = 0;
        d->lowest[fg] = INT8_MAX;
        for (int i = 0; i < SKX_NCLASSES; i++) {
            if (!skx_class_allowed(r, skx_bid_classes[i], fg))
                continue;
            d->allowed[fg] |= (uint16_t)(1u << i);
            if (d->class_rank[i] < d->lowest[fg])
                d->lowest[fg] = d->class_rank[i];
            int j = n++;
            for (; j > 0 && d->class_rank[d->by_rank[fg][j - 1]] < d->class_rank[i]; j--)
                d->by_rank[fg][j] = d->by_rank[fg][j - 1];
            d->by_rank[fg][j] = (uint8_t)i;
        }
        d->nby_rank[fg] = (uint8_t)n;
    }
}

/* Recomputes the tables a ruleset carries from its options. */
void sk_rules_refresh(sk_rules *r)
{
    derive(r, &r->derived);
}

/* Whether the tables r carries are those of its options now. */
bool sk_rules_fresh(const sk_rules *r)
{
    return key_matches(r, r->derived.key);
}

/* The derived tables of r: its own when they are fresh, else computed
 * into *scratch.  With SK_CHECKS, fresh ones are compared with a new
 * computation too (scratch is then overwritten). */
const sk_rules_derived *skx_rules_tables(const sk_rules *r, sk_rules_derived *scratch)
{
    if (key_matches(r, r->derived.key)) {
#ifdef SK_CHECKS
        derive(r, scratch);
        assert(memcmp(scratch, &r->derived, sizeof *scratch) == 0);
#endif
        return &r->derived;
    }
    derive(r, scratch);
    return scratch;
}
