/*
 * score.c -- the result of a finished game (4.1) and its settlement in
 * money (4.2) and tournament points (5.2.7).
 *
 * Money is computed per loser-winner pair: (base rate + Laufende +
 * Schneider/Schwarz) times the Tout/Sie factor times 2 per doubling.  In
 * a Sauspiel each loser pays one winner that amount; a soloist pays it
 * to, or receives it from, each of the three others (4.2.4).  Both money
 * and tournament points therefore always sum to zero.
 */
#include "schafkopf/core.h"
#include "core/bits.h"
#include "core/score_internal.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The steps of one price, inlined: random play scores every game, and
 * with two callers (a played game's outcome and skx_price) the compiler
 * would no longer inline them by itself (about 30 instructions more a
 * game, measured with cachegrind on `schafkopf bench`). */
#define HOT static inline __attribute__((always_inline))

/* The declarer's seat and side (a bit per seat): the one answer of
 * visibility.c. */
static unsigned declarer_side(const sk_game *g, int *declarer)
{
    *declarer = sk_game_declarer(g);
    return sk_game_side_mask(g);
}

/* Laufende (4.2.2): the unbroken run of top trumps, from the highest
 * down, that one side -- declarer's or defenders' -- was dealt. */
static int count_laufende(const sk_game *g, unsigned side)
{
    sk_cards mine = 0;
    for (unsigned m = side & ((1u << g->pub.nseats) - 1); m; m &= m - 1) {
        const uint8_t *dealt = g->dealt[__builtin_ctz(m)];
        if (g->pub.ntricks == 8) { /* the long deck: a loop without a count to keep */
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++)
                mine |= SK_BIT(dealt[i]);
        } else {
            for (int i = 0; i < g->pub.ntricks; i++)
                mine |= SK_BIT(dealt[i]);
        }
    }
    const sk_order *o = &g->pub.order;
    int n = o->ntrumps;
    assert(n <= 14);
    /* bit i: the side holds the i-th highest trump; the run is the
     * count of low bits equal to bit 0 -- gathered for all 14 places
     * (the places past n are masked off), as the run is random */
    unsigned held = 0;
#pragma GCC unroll 14
    for (int i = 0; i < 14; i++)
        held |= (mine >> o->trump_seq[i] & 1u) << i;
    unsigned end = 1u << n; /* a sentinel past the last trump */
    held &= end - 1;
    unsigned broken = (held & 1 ? ~held : held) | end;
    return n ? __builtin_ctz(broken) : 0;
}

/* How many Laufende are paid: from the minimum of the contract class on,
 * all of them or only those above the minimum minus one. */
HOT int laufende_paid(const sk_rules *r, sk_contract c, int run)
{
    int min;
    switch (c.type) {
    case SK_C_WENZ:
        min = r->laufende_min_wenz;
        break;
    case SK_C_GEIER:
        min = r->laufende_min_geier;
        break;
    case SK_C_FARBWENZ:
    case SK_C_FARBGEIER:
        min = r->laufende_min_farbwenz;
        break;
    case SK_C_BETTEL:
    case SK_C_BETTEL_OUVERT:
        return 0; /* no trumps, no Laufende */
    default:
        min = r->laufende_min;
        break;
    }
    int paid = r->laufende_count == SK_LAUF_ABOVE_MIN ? run - min + 1 : run;
    paid = r->laufende_max && paid > r->laufende_max ? r->laufende_max : paid;
    return paid & -(run >= min); /* no branch: the run is random */
}

/* Tournament points of the declarer's side per winner/loser (5.2.7). */
static bool partnership(int type)
{
    return type == SK_C_SAUSPIEL || type == SK_C_HOCHZEIT;
}

static int tournament_value(const sk_result *res)
{
    bool solo = !partnership(res->contract.type);
    if (res->contract.type == SK_C_SIE)
        return 8;
    if (res->contract.tout)
        return 6;
    if (res->contract.type == SK_C_BETTEL)
        return 2; /* priced as a plain Solo (002) */
    if (res->contract.type == SK_C_BETTEL_OUVERT)
        return 4;
    /* 5.2.15: a first-game Schwarz is rated without its Schwarz, as a
     * Schneider (it is one), so no trick more is ever worth less */
    int v = res->schwarz && !res->rated_plain ? 3 : res->schneider ? 2 : 1;
    return solo ? v + 1 : v;
}

/* Settles money and tournament points from the pair amount. */
HOT void settle(const sk_rules *r, sk_result *res, unsigned side, int seats)
{
    int sign = res->won ? 1 : -1;
    int64_t pair = (int64_t)res->pair_units * r->unit_cents;
    int tp = tournament_value(res);
    /* doubled points are our decision, not 5.2.7's: at a tournament
     * 5.2.4 allows no Kontra (docs/rules.md "Tournament points") */
    if (r->tournament_kontra)
        tp <<= res->doublings + res->laid;
    /* a soloist is paid by (or pays) each of the others, a partner by
     * one; written as a factor per seat, as who is on which side is as
     * random as the game */
    int mine_factor = partnership(res->contract.type) ? 1 : seats - 1;
    for (int s = 0; s < seats; s++) {
        int mine = side >> s & 1;
        int k = sign * (mine * (mine_factor + 1) - 1); /* mine_factor or -1 */
        res->money[s] = k * pair;
        res->tournament[s] = k * tp;
    }
}

/* The Ramsch tie-break key of a pile of tricks (002): card points, then
 * tricks, then trumps taken, then the highest trump taken -- more loses. */
static int64_t ramsch_key(const sk_order *o, sk_cards pile, int tricks)
{
    sk_cards won_trumps = pile & o->trumps;
    int highest = 0;
    for (int i = 0; i < o->ntrumps && !highest; i++)
        if (won_trumps & SK_BIT(o->trump_seq[i]))
            highest = o->ntrumps - i;
    return ((int64_t)sk_cards_points(pile) << 24) | (tricks << 16) |
           (skx_cards_count(won_trumps) << 8) | highest;
}

/* A Durchmarsch (002): the seat that took every trick itself wins
 * rate_durchmarsch from each other seat; in a Schieberamsch too, judged
 * before the tricks are passed. */
static void durchmarsch_price(const sk_rules *r, int n, sk_result *res)
{
    res->multiplier = 1 << res->laid;
    res->base_units = r->rate_durchmarsch;
    res->pair_units = ((int64_t)res->base_units * res->multiplier) << res->bock;
    res->schwarz = 1;
    for (int s = 0; s < n; s++) {
        bool w = s == res->durchmarsch;
        res->money[s] = (w ? n - 1 : -1) * res->pair_units * r->unit_cents;
        res->tournament[s] = (w ? n - 1 : -1) * res->multiplier;
    }
}

/* Prices a Ramsch from its losers, winners and Jungfrauen (see
 * score_internal.h): every loser pays each other player; in a
 * Schieberamsch each other player also pays every winner the same. */
void skx_price_ramsch(const sk_rules *r, int n, sk_result *res)
{
    if (res->durchmarsch != SK_NOSEAT) {
        durchmarsch_price(r, n, res);
        return;
    }
    res->multiplier = 1 << (res->jungfrau + res->laid);
    res->base_units = r->rate_ramsch;
    res->pair_units = ((int64_t)res->base_units * res->multiplier) << res->bock;
    int nlosers = skx_cards_count(res->losers), nwinners = skx_cards_count(res->winners);
    for (int s = 0; s < n; s++) {
        bool lost = res->losers >> s & 1, won = res->winners >> s & 1;
        int pairs = lost ? -(n - nlosers) : nlosers; /* pairs this seat is in */
        if (nwinners)
            pairs += won ? n - nwinners : -nwinners;
        res->money[s] = pairs * res->pair_units * r->unit_cents;
        res->tournament[s] = pairs * res->multiplier;
    }
}

/* Schieberamsch (002): "the tricks are passed on clockwise at the end of
 * the game" -- every seat counts the pile (points, tricks, trumps) of the
 * seat before it; piles[] receives the pile each seat counts. */
static void pass_tricks(const sk_game *g, sk_result *res, sk_cards piles[SK_NSEATS])
{
    int n = g->pub.nseats, points[SK_NSEATS], tricks[SK_NSEATS];
    for (int s = 0; s < n; s++) {
        int from = (s + n - 1) % n;
        piles[s] = g->pub.won[from];
        points[s] = res->points[from];
        tricks[s] = res->tricks[from];
    }
    memcpy(res->points, points, sizeof(int) * (size_t)n);
    memcpy(res->tricks, tricks, sizeof(int) * (size_t)n);
    res->passed = 1;
}

/* Scores a Ramsch (002): everyone for himself, the most card points
 * lose (ties as ramsch_key); a player taking every trick wins instead
 * (Durchmarsch); each player without a trick doubles (Jungfrau).  Every
 * loser pays each other player.  In a Schieberamsch the piles are
 * passed first and the fewest points also win: each other player pays
 * every such winner the same amount (see docs/rules.md). */
static int ramsch_result(const sk_game *g, sk_result *res)
{
    const sk_rules *r = g->rules;
    int n = g->pub.nseats;
    res->durchmarsch = SK_NOSEAT;
    for (int s = 0; s < n; s++)
        if (res->tricks[s] == g->pub.ntricks && r->ramsch_durchmarsch)
            res->durchmarsch = (uint8_t)s;
    res->doublings = g->pub.doublings;
    res->laid = g->pub.laid;
    res->bock = g->pub.bock;
    if (res->durchmarsch != SK_NOSEAT) {
        skx_price_ramsch(r, n, res);
        return SK_OK;
    }
    sk_cards piles[SK_NSEATS];
    for (int s = 0; s < n; s++)
        piles[s] = g->pub.won[s];
    if (r->ramsch_schieben)
        pass_tricks(g, res, piles);
    int64_t worst = -1, best = INT64_MAX;
    for (int s = 0; s < n; s++) {
        int64_t k = ramsch_key(&g->pub.order, piles[s], res->tricks[s]);
        if (k > worst) {
            worst = k;
            res->losers = 0;
        }
        if (k == worst)
            res->losers |= (uint8_t)(1u << s);
        if (k < best) {
            best = k;
            res->winners = 0;
        }
        if (k == best)
            res->winners |= (uint8_t)(1u << s);
        if (res->tricks[s] == 0 && r->ramsch_jungfrau)
            res->jungfrau++; /* passing moves the empty piles but keeps their number */
    }
    if (!r->ramsch_schieben)
        res->winners = 0;
    /* the trumps are somewhere, so the piles are never all equal */
    assert((res->winners & res->losers) == 0);
    skx_price_ramsch(r, n, res);
    return SK_OK;
}

static void outcome(const sk_game *g, sk_result *res, unsigned side, int side_tricks);

/* The bars of a declared game's card points; see core.h. */
static void bars_of(bool muss, int bars[3])
{
    int m = muss; /* 002: a Muss wins with 60, is Schneider-free with 30 */
    bars[0] = 31 - m; /* 4.1.3: Schneider with 30 or fewer */
    bars[1] = 61 - m; /* 4.1.2: won with 61 */
    bars[2] = 91 - m; /* 4.1.3: the defenders Schneider from 91 */
}

void sk_point_bars(const sk_public *p, int bars[3])
{
    bars_of(p->muss != 0, bars);
}

/* Starts a result: everything empty but the contract, the declarer and
 * his partner (the other seat of his side, if any); returns the side. */
static unsigned begin_result(const sk_game *g, sk_result *res)
{
    memset(res, 0, sizeof *res);
    memset(res->trick_winners, SK_NOSEAT, sizeof res->trick_winners);
    res->contract = g->pub.contract;
    int declarer;
    unsigned side = declarer_side(g, &declarer);
    res->declarer = (uint8_t)declarer;
    unsigned others = declarer < SK_NSEATS ? side & ~(1u << declarer) : 0;
    res->partner = others ? (uint8_t)__builtin_ctz(others) : SK_NOSEAT;
    return side;
}

/* Scores a finished game. */
int sk_game_result(const sk_game *g, sk_result *res, sk_error *err)
{
    const sk_public *p = &g->pub;
    if (p->phase != SK_PHASE_DONE) {
        if (err) {
            snprintf(err->msg, sizeof err->msg, "the game is not over");
            err->rule = NULL;
        }
        return SK_ESTATE;
    }
    unsigned side = begin_result(g, res);
    if (p->contract.type == SK_C_NONE) {
        res->thrown_in = 1; /* 2.4.13 */
        return SK_OK;
    }
    int side_tricks = 0;
    if (p->contract.type == SK_C_SIE) {
        /* 2.9.2: laid down, won at once; every trick counts as his. */
        for (int t = 0; t < p->ntricks; t++)
            res->trick_winners[t] = p->declarer;
        res->points[p->declarer] = 120;
        res->tricks[p->declarer] = p->ntricks;
        side_tricks = p->ntricks;
    } else {
        memcpy(res->trick_winners, p->trick_winners, p->ntricks);
        /* every trick gives its winner one card of each seat */
        for (int s = 0; s < g->pub.nseats; s++) {
            res->points[s] = sk_cards_points(p->won[s]);
            int cards = skx_cards_count(p->won[s]);
            res->tricks[s] = g->pub.nseats == 4 ? cards >> 2 : cards / 3; /* no division */
            side_tricks += res->tricks[s] & -(int)(side >> s & 1);
        }
    }
    if (p->contract.type == SK_C_RAMSCH)
        return ramsch_result(g, res);
    for (int s = 0; s < g->pub.nseats; s++) /* no branch: the side is random */
        res->declarer_side_points += res->points[s] & -(int)(side >> s & 1);
    outcome(g, res, side, side_tricks);
    return SK_OK;
}

/* The verdict of a declared game (see score_internal.h); static for
 * the play loop to inline, skx_verdict for outcome.c. */
HOT void verdict(sk_result *res, bool muss, bool all, bool none)
{
    int dsp = res->declarer_side_points, bars[3];
    bars_of(muss, bars);
    sk_contract c = res->contract;
    res->schwarz = all || none;                                      /* 4.1.4 */
    res->schneider = dsp >= bars[2] || dsp < bars[0] || res->schwarz; /* 4.1.3 */
    if (c.tout || c.type == SK_C_SIE)
        res->won = all; /* 2.8.1 */
    else if (c.type == SK_C_BETTEL || c.type == SK_C_BETTEL_OUVERT)
        res->won = none; /* the Bettel player takes no trick */
    else
        res->won = dsp >= bars[1]; /* 4.1.2 */
}

/* The price of a declared game from its verdict and facts (see
 * score_internal.h): (base + Laufende + Schneider/Schwarz) x factor x 2
 * per doubling and lay, x 2 per Bock level, per loser-winner pair.
 * Static for the play loop to inline, skx_price for outcome.c. */
HOT void price(const sk_rules *r, bool first_game, int nseats, unsigned side, sk_result *res)
{
    sk_contract c = res->contract;
    res->laufende_paid = laufende_paid(r, c, res->laufende);
    bool bettel = c.type == SK_C_BETTEL || c.type == SK_C_BETTEL_OUVERT;
    int factor = c.type == SK_C_SIE                ? r->sie_factor
                 : c.tout                           ? r->tout_factor
                 : c.type == SK_C_BETTEL_OUVERT ? r->bettel_ouvert_factor
                                                    : 1;
    res->multiplier = factor << (res->doublings + res->laid); /* 002: laying doubles too */
    res->base_units = sk_rules_base_rate(r, c);
    res->laufende_units = res->laufende_paid * r->rate_laufende;
    bool solo_type = !partnership(c.type);
    /* 5.2.15: a Solo or Wenz Schwarz in the first game is "rated as a simple
     * Solo or Wenz": without the Schwarz premium, but as the Schneider it
     * also is, so taking every trick never pays less than giving one away
     * (docs/rules.md) */
    res->rated_plain = solo_type && first_game && r->first_game_limits && res->schwarz;
    bool wenz_type = c.type == SK_C_WENZ || c.type == SK_C_GEIER;
    bool scored = solo_type ? r->schneider_solo && (!wenz_type || r->schneider_wenz)
                            : r->schneider_sauspiel; /* each class an option (002) */
    res->extra_units = 0;
    if (factor == 1 && !bettel && scored)
        /* Tout, Sie, Bettel: no Schneider/Schwarz (4.2.4) */
        res->extra_units = res->schwarz && !res->rated_plain ? r->rate_schwarz
                           : res->schneider                  ? r->rate_schneider
                                                             : 0;
    res->pair_units = (int64_t)(res->base_units + res->laufende_units + res->extra_units) *
                      ((int64_t)res->multiplier << res->bock); /* Bock doubles the money (002) */
    settle(r, res, side, nseats);
}

/* The outcome and settlement of a game once the declarer's side's card
 * points (res->declarer_side_points) and tricks are known: the verdict,
 * the Laufende and the game's doublings, then the one price. */
static void outcome(const sk_game *g, sk_result *res, unsigned side, int side_tricks)
{
    const sk_public *p = &g->pub;
    verdict(res, p->muss != 0, side_tricks == p->ntricks, side_tricks == 0);
    res->laufende = count_laufende(g, side);
    res->doublings = p->doublings;
    res->laid = p->laid;
    res->bock = p->bock;
    price(g->rules, p->first_game != 0, p->nseats, side, res);
}

void skx_verdict(sk_result *res, bool muss, bool all, bool none)
{
    verdict(res, muss, all, none);
}

void skx_price(const sk_rules *r, bool first_game, int nseats, sk_result *res)
{
    unsigned side = res->declarer < SK_NSEATS ? 1u << res->declarer : 0;
    if (res->partner < SK_NSEATS)
        side |= 1u << res->partner; /* the side of sk_game_side_mask (visibility.c) */
    price(r, first_game, nseats, side, res);
}

/* Settles a declared game as if the declarer's side ended with
 * `side_points` card points in `side_tricks` tricks: what a bot needs
 * to price an outcome it has only imagined.  Per-seat points and trick
 * winners stay empty. */
int sk_game_settle_as(const sk_game *g, int side_points, int side_tricks, sk_result *res,
                      sk_error *err)
{
    const sk_public *p = &g->pub;
    if (p->contract.type == SK_C_NONE || p->contract.type == SK_C_RAMSCH ||
        (p->phase != SK_PHASE_PLAY && p->phase != SK_PHASE_DONE) || side_points < 0 ||
        side_points > 120 || side_tricks < 0 || side_tricks > p->ntricks) {
        if (err) {
            snprintf(err->msg, sizeof err->msg, "no declared game, or an impossible outcome");
            err->rule = NULL;
        }
        return SK_EINVAL;
    }
    unsigned side = begin_result(g, res);
    res->declarer_side_points = side_points;
    outcome(g, res, side, side_tricks);
    return SK_OK;
}

/* Formats an amount of units in euros and cents or plain units. */
static int money_text(const sk_rules *r, int64_t units, char *buf, size_t size)
{
    return snprintf(buf, size, "%lld", (long long)(units * r->unit_cents));
}

/* Explains the settlement of one loser-winner pair in cents, e.g.
 * "Sauspiel 20 + 3 Laufende 30 = 50, Schneider +10, x 2 Kontra = 120". */
size_t sk_result_explain(const sk_rules *r, const sk_result *res, char *buf, size_t size)
{
    char name[48], a[24], b[24], c[24];
    if (res->thrown_in)
        return (size_t)snprintf(buf, size, "zusammengeworfen (alle weiter)");
    sk_contract_name(res->contract, name, sizeof name);
    if (res->contract.type == SK_C_SAUSPIEL)
        snprintf(name, sizeof name, "Sauspiel");
    if (res->passed && res->contract.type == SK_C_RAMSCH)
        snprintf(name, sizeof name, "Schieberamsch");
    if (res->durchmarsch != SK_NOSEAT && res->contract.type == SK_C_RAMSCH)
        snprintf(name, sizeof name, "Durchmarsch");
    money_text(r, res->base_units, a, sizeof a);
    size_t n = (size_t)snprintf(buf, size, "%s %s", name, a);
#define APPEND(...) n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, __VA_ARGS__)
    int sum = res->base_units;
    if (res->laufende_paid) {
        sum += res->laufende_units;
        money_text(r, res->laufende_units, b, sizeof b);
        money_text(r, sum, c, sizeof c);
        APPEND(" + %d Laufende %s = %s", res->laufende_paid, b, c);
    }
    if (res->extra_units) {
        sum += res->extra_units;
        money_text(r, res->extra_units, b, sizeof b);
        APPEND(", %s +%s", res->schwarz && !res->rated_plain ? "Schwarz" : "Schneider", b);
    }
    int factor = res->multiplier >> (res->doublings + res->laid);
    const char *why = res->contract.type == SK_C_SIE             ? "Sie"
                      : res->contract.type == SK_C_RAMSCH        ? "Jungfrau"
                      : res->contract.type == SK_C_BETTEL_OUVERT ? "Brett"
                                                                 : "Tout";
    if (factor > 1)
        APPEND(", x %d %s", factor, why);
    for (int d = 0; d < res->laid; d++)
        APPEND(", x 2 gelegt");
    static const char *const DOUBLE_NAMES[] = {"Kontra", "Retour", "Sub", "Resub"};
    for (int d = 0; d < res->doublings; d++)
        APPEND(", x 2 %s", d < 4 ? DOUBLE_NAMES[d] : "Doppelt");
    for (int d = 0; d < res->bock; d++)
        APPEND(", x 2 Bock");
    money_text(r, res->pair_units, c, sizeof c);
    APPEND(" = %s", c);
    if (res->contract.type == SK_C_RAMSCH && res->durchmarsch == SK_NOSEAT) {
        APPEND(" je Verlierer und Mitspieler");
        if (res->winners)
            APPEND(", je Gewinner und Mitspieler");
    } else if (!partnership(res->contract.type)) { /* the soloist against each other seat */
        int others = sk_rules_seats(r) - 1;
        money_text(r, others * res->pair_units, b, sizeof b);
        APPEND(" (x %d = %s)", others, b);
    }
#undef APPEND
    return n;
}
