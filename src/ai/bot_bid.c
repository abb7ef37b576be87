/*
 * bot_bid.c -- the PIMC bot's auction, declaration and doublings by
 * sampling.
 *
 * Auction and declaration.  Each contract the hand may declare is
 * priced over sampled deals of the unseen cards: a fresh game with the
 * deal is set up through the engine (every other seat passes, this one
 * bids and declares the contract), the solver finds which of the
 * game's thresholds (31/61/91, or 30/60/90 in a Muss) the declarer's
 * side reaches with best play, and the ruleset's tariff turns that into
 * the declarer's money: base rate, Laufende, Schneider, the Tout and
 * Bettel Brett factors, paid by every opponent when there is no
 * partner.  All contracts are tried on the same deals; after a first
 * round of deals only the most promising few go on (successive
 * halving).  In the auction the best contract is compared with passing
 * (0): the seat bids the lowest class that still lets it declare that
 * contract, else passes.  A node budget caps the whole decision.
 *
 * Doublings.  Over sampled deals of the play about to begin, drawn
 * following the auction (the declarer holds a hand people declare that
 * contract with), the solver says whether the declarer's side wins; a
 * seat gives Kontra when its own side wins in at least 70% of them
 * and its hand is near the rules of thumb's Kontra strength, Retour
 * at 80% with 10 card points to spare.
 *
 * Not modelled: what the others' bids say about their hands, Kontra's
 * effect on the price, Schwarz.  A Hochzeit is priced with the others
 * answering the offer by the rules of thumb; the bot itself answers an
 * offer by them too.
 */
#include "ai_internal.h"

#include <math.h>
#include <string.h>

#define MAX_CAND 48
#define FIRST_ROUND 4 /* deals every candidate is tried on */
#define KEEP 4        /* candidates that go on after the first round */
#define SECOND_ROUND 8 /* deals before the second cut */
#define KEEP2 2 /* candidates that go on after it: a close third rarely wins */
#define MAX_DEALS 128 /* the strongest level's; the default samples 24 */
#define SETTLE_MIN 8 /* deals before the pricing may stop early */
#define SETTLE_Z 2.0 /* standard errors that count as clear */
#define MISS 2.5 /* rough tricks below a contract's bar still priced */
/* The fewest trumps of a Sauspiel worth pricing: 764 of the 775 real
 * Sauspiele of tests/data/real-games.jsonl (98.6 %) had four or more,
 * while a PIMC bot that priced three-trump hands declared a quarter of
 * its Sauspiele with three or fewer and lost half of those with two or
 * fewer (issue 19): the double-dummy price of a thin hand is too rosy. */
#define SAUSPIEL_MIN_TRUMPS 4
/* The share of sampled deals the seat's side must win to double:
 * Kontra, and Retour (which answers a Kontra: the other side already
 * says it is strong).  Double-dummy defence is better than real
 * defence, so the shares carry a margin over even odds; see
 * docs/ai.md for how they were set. */
#define KONTRA_SHARE 0.7
#define RETOUR_SHARE 0.8
/* Card points the declarer's side must have to spare double dummy for
 * a Retour: it answers a Kontra, which says the other side is strong,
 * and the solved play sees every card, which real play does not. */
#define DD_MARGIN 10
/* How far below the rules of thumb's Kontra bar (rough tricks) a hand
 * may be and still give Kontra when the sampled deals say so: of
 * pimc's 405 Kontras with uniform deals in a 1-vs-3 match (docs/ai.md),
 * those with the hand within 1.0 of the bar won 61 %, all of them
 * 39.5 %, and a Kontra against a Solo or Wenz almost never reached it. */
#define KONTRA_MISS 1.0
/* Card points the declarer of a Solo, Wenz or Sauspiel (not a Tout) is
 * granted when his game is priced: the solved defence sees his hand and
 * plays as one, real defenders see neither his hand nor each other's.
 * Without it pimc declared a Solo in 2.9 % and a Wenz in 0.5 % of its
 * games and won 91 % and all of them, where people win 70.8 % and 76.6 %
 * (tests/data).  Measured 1-vs-3 against heuristic bots on the same 200
 * deals (docs/ai.md, "The declarer's edge"): 5, 10, 15, 20, 30 points
 * gained 0.7, 2.7, 4.3, 5.9 and 4.9 cents a game; at 20 its Solos win
 * 80 % and its Wenz 82 %.  For a Sauspiel (with four trumps or more, see
 * plausible()) 10, 20 and 30 points gained 0.4, 0.6 and 0.7 cents a game
 * over 800 deals; at 20 its Sauspiele win 77 % (people 81 %), and more
 * points add Sauspiele hardly any more.  The variants' games without a
 * partner (Geier, Farbwenz, Farbgeier) are priced without it:
 * unmeasured, and with it a table of four pimc:12 at the sauspiel preset
 * played them in 33 % of its games. */
#define DECLARER_EDGE 20

/* The game's pricing thresholds (see ai_internal.h): the settlement's
 * own bars. */
void skx_pimc_thresholds(const sk_public *p, int t[3])
{
    sk_point_bars(p, t);
}

/* Units of the tariff one tournament point counts for when a table plays
 * for points (score = points, 5.2.7): a won Sauspiel is 1 point there
 * and 2 units at 10/20/50, so the bots' margins in units (the human
 * margin of bot.c) keep their meaning. */
#define POINTS_UNITS 2.0

/* What a seat scores from a result, in tariff units: its money, or at a
 * table that plays for tournament points (5.2.7, 5.2.8) its points --
 * a bot there prices Schneider and Solos as that table pays them, and
 * Laufende not at all. */
double skx_pimc_score_units(const sk_rules *r, const sk_result *res, int seat)
{
    if (r->score == SK_SCORE_POINTS)
        return res->tournament[seat] * POINTS_UNITS;
    return (double)res->money[seat] / (r->unit_cents ? r->unit_cents : 1);
}

/* The factor to a seat's own money; see ai_internal.h. */
double skx_pimc_own_scale(const sk_game *g, int seat)
{
    if (sk_game_side(g, seat) == SK_SIDE_DECLARER)
        return 1;
    int decl = skx_cards_count(sk_game_side_mask(g)), def = g->pub.nseats - decl;
    return def > 0 ? (double)decl / def : 1;
}

/* The declarer's own score, in units, for a threshold level (see
 * ai_internal.h), settled by the engine itself (sk_game_settle_as) from a
 * representative outcome of that level: under 31, 31-60, 61-90, from 91
 * card points -- or for a Tout or Bettel, whether the tricks came out
 * as announced. */
double skx_pimc_declarer_units(const sk_game *g, int level)
{
    const sk_public *p = &g->pub;
    sk_contract c = p->contract;
    bool bettel = c.type == SK_C_BETTEL || c.type == SK_C_BETTEL_OUVERT;
    int n = p->ntricks, points, tricks;
    if (c.tout) { /* level >= 1: every trick */
        points = level >= 1 ? 120 : 100;
        tricks = level >= 1 ? n : n - 1;
    } else if (bettel) { /* level >= 1: no trick at all */
        points = level >= 1 ? 0 : 10;
        tricks = level >= 1 ? 0 : 1;
    } else {
        static const int POINTS[4] = {20, 45, 75, 100};
        static const int TRICKS[4] = {2, 3, 5, 6};
        points = POINTS[level < 0 ? 0 : level > 3 ? 3 : level];
        tricks = TRICKS[level < 0 ? 0 : level > 3 ? 3 : level] * n / 8;
    }
    sk_result res;
    if (sk_game_settle_as(g, points, tricks, &res, NULL) < 0)
        return 0;
    return skx_pimc_score_units(g->rules, &res, res.declarer);
}

/* A fresh game at the view's table with the deal `hands` (the view's
 * seat keeps its dealt order); false when the engine refuses it. */
static bool fresh_game(const sk_view *v, const sk_cards hands[SK_NSEATS], sk_game *g)
{
    uint8_t dealt[SK_NSEATS][8];
    memset(dealt, SK_NOCARD, sizeof dealt);
    for (int s = 0; s < SK_NSEATS; s++) {
        if (s == v->seat) {
            memcpy(dealt[s], v->dealt, sizeof dealt[s]);
            continue;
        }
        int k = 0;
        for (sk_cards c = hands[s]; c && k < 8; c &= c - 1)
            dealt[s][k++] = (uint8_t)skx_cards_first(c);
    }
    return sk_game_init(g, v->rules, v->pub.dealer, dealt, v->pub.first_game, NULL) == SK_OK;
}

/* Runs the laying and the auction of a fresh game: every seat passes
 * but `me`, who bids class `cls` -- or, when that is not on offer (a
 * fresh auction opens with the lowest class, and a class above it is a
 * challenge at the real table), the opening bid, which lets him declare
 * it all the same once the others pass (type NONE: he passes too, for a
 * Muss); true when `me` is then to declare. */
static bool script_auction(sk_game *g, int me, sk_contract cls)
{
    for (int guard = 0; guard < 64; guard++) {
        int phase = g->pub.phase, to = g->pub.to_move;
        if (phase == SK_PHASE_DECLARE)
            return to == me;
        if (phase != SK_PHASE_AUCTION && phase != SK_PHASE_KLOPFEN)
            return false;
        sk_action a[SK_MAX_LEGAL];
        int n = sk_game_legal(g, a), pick = -1, bid = -1;
        bool bids = to == me && phase == SK_PHASE_AUCTION && cls.type != SK_C_NONE;
        for (int i = 0; i < n; i++) {
            if (a[i].seat != to)
                continue;
            if (bids && a[i].type == SK_ACT_BID && a[i].contract.type == cls.type &&
                a[i].contract.tout == cls.tout) {
                pick = i;
                break;
            }
            if (bids && a[i].type == SK_ACT_BID && bid < 0)
                bid = i;
            if (a[i].type == SK_ACT_PASS && pick < 0)
                pick = i;
        }
        if (bid >= 0 && (pick < 0 || a[pick].type == SK_ACT_PASS))
            pick = bid;
        if (pick < 0 || sk_game_apply(g, a[pick], NULL) < 0)
            return false;
    }
    return false;
}

/* A priced contract: its declaration, the money summed over the deals
 * it was tried on and how many. */
typedef struct cand {
    sk_contract c;
    double sum, sq; /* money and its square, summed */
    int n;
    int live;
} cand;

/* Answers a Hochzeit offer in a sampled game: every seat asked decides
 * by the rules of thumb from its own view, as the bots at the table
 * would (take it with trumps, give the cheapest card).  Returns false if
 * an answer was refused. */
static bool answer_hochzeit(sk_game *h)
{
    while (h->pub.phase == SK_PHASE_HOCHZEIT) {
        sk_view v;
        sk_game_view(h, h->pub.to_move, &v);
        sk_action legal[SK_MAX_LEGAL];
        double vals[SK_MAX_LEGAL];
        int n = sk_view_legal(&v, legal);
        if (n <= 0 || sk_game_apply(h, skx_heur_bidding(&v, legal, n, vals), NULL) < 0)
            return false;
    }
    return true;
}

/* Whether a declared contract is priced with the declarer's edge: a
 * Solo, Wenz or Sauspiel (not a Kreuzbock game, whose pairs are fixed),
 * not a Tout (see DECLARER_EDGE). */
static bool with_edge(sk_contract c)
{
    bool sauspiel = c.type == SK_C_SAUSPIEL && c.suit < 4;
    return (c.type == SK_C_SOLO || c.type == SK_C_WENZ || sauspiel) && !c.tout;
}

/*
 * The money of `me`, the declarer of h (a game in the play, every hand
 * known), when the game is played out against opponents who play by
 * the rules of thumb from their own views (opponents.c): `me` plays the
 * card whose threshold level is highest on the deal (double dummy; ties
 * go to the rules' card), the others the rules' cards.  Against people
 * the solver's value stands instead (price).  *ok = 0 when the node
 * budget ran out.
 */
static double playout(const skx_pimc *pc, sk_game *h, int me, uint64_t stop, int *ok)
{
    int t[3];
    skx_pimc_thresholds(&h->pub, t);
    while (h->pub.phase == SK_PHASE_PLAY) {
        int to = h->pub.to_move;
        sk_cards legal = sk_game_legal_cards(h);
        if (!legal)
            return 0; /* not a card to play: out of this model */
        sk_view v;
        sk_game_view(h, to, &v);
        int card;
        if (to == me && (legal & (legal - 1))) {
            uint64_t now = sk_solver_nodes(pc->solver);
            if (now >= stop) {
                *ok = 0;
                return 0;
            }
            sk_action cs[SK_NTRICKS];
            int lv[SK_NTRICKS];
            sk_solver_set_limit(pc->solver, stop - now);
            int k = sk_solver_levels(pc->solver, h, t, 3, cs, lv, SK_NTRICKS);
            sk_solver_set_limit(pc->solver, 0);
            if (k <= 0) {
                *ok = k != SK_ERANGE;
                return 0;
            }
            int best = lv[0];
            for (int i = 1; i < k; i++)
                best = lv[i] > best ? lv[i] : best;
            sk_cards top = 0;
            for (int i = 0; i < k; i++)
                if (lv[i] == best)
                    top |= SK_BIT(cs[i].card);
            card = skx_heur_card(&v, top);
        } else {
            card = skx_heur_card(&v, legal);
        }
        if (sk_game_apply(h, skx_act_card(to, card), NULL) < 0)
            return 0;
    }
    sk_result res;
    if (h->pub.phase != SK_PHASE_DONE || sk_game_result(h, &res, NULL) < 0)
        return 0;
    return skx_pimc_score_units(h->rules, &res, me);
}

/* Whether every seat but `me` is played by the rules of thumb. */
static bool all_by_rules(const skx_pimc *pc, const sk_game *g, int me)
{
    for (int s = 0; s < g->pub.nseats; s++)
        if (s != me && !(pc->rules_seats >> s & 1))
            return false;
    return true;
}

/* The declarer's money for declaring `c` in the game `g` (in the
 * declaration phase, `me` to declare); sets *ok = 0 when the node budget
 * ran out.  A solve is capped at pc->solve_nodes: past it the level the
 * finished tests allow counts (won or lost, no Schneider), or when they
 * allow both, NAN (the deal does not price `c`).  A Hochzeit is priced after the others answer the offer by
 * their rules of thumb (nobody takes it: thrown in). */
static double price(const skx_pimc *pc, const sk_game *g, int me, sk_contract c, uint64_t stop,
                    int *ok)
{
    sk_game h = *g;
    if (sk_game_apply(&h, skx_act_declare(me, c), NULL) < 0 || !answer_hochzeit(&h))
        return 0;
    if (h.pub.phase == SK_PHASE_DONE) { /* a Sie, or a Hochzeit thrown in */
        sk_result res;
        if (sk_game_result(&h, &res, NULL) < 0)
            return 0;
        return skx_pimc_score_units(h.rules, &res, me);
    }
    if (h.pub.phase != SK_PHASE_PLAY)
        return 0;
    /* against the rules of thumb, a game but the Sauspiel is played out
     * (docs/ai.md, "Opponent models"), without the declarer's edge:
     * the edge stands for double dummy's optimism, which a playout
     * against the opponents' own rules does not have */
    if (h.pub.contract.type != SK_C_SAUSPIEL && all_by_rules(pc, &h, me))
        return playout(pc, &h, me, stop, ok);
    uint64_t now = sk_solver_nodes(pc->solver);
    if (now >= stop) {
        *ok = 0;
        return 0;
    }
    int t[3], lo, hi;
    skx_pimc_thresholds(&h.pub, t);
    if (with_edge(h.pub.contract))
        for (int i = 0; i < 3; i++)
            t[i] -= DECLARER_EDGE;
    uint64_t room = stop - now, cap = pc->solve_nodes && pc->solve_nodes < room ? pc->solve_nodes : room;
    sk_solver_set_limit(pc->solver, cap);
    int rc = sk_solver_level_range(pc->solver, &h, t, 3, &lo, &hi);
    sk_solver_set_limit(pc->solver, 0);
    if (rc == SK_ERANGE && skx_pimc_late(pc)) { /* the time budget: decide on what is priced */
        *ok = 0;
        return 0;
    }
    if (rc == SK_ERANGE && cap < room) { /* this solve's cap: keep won or lost */
        sk_contract hc = h.pub.contract;
        bool trick = hc.tout || hc.type == SK_C_BETTEL || hc.type == SK_C_BETTEL_OUVERT;
        if (trick || (hi > 1 && lo < 2))
            return NAN; /* not even that is known: this deal does not price it */
        return skx_pimc_declarer_units(&h, hi <= 1 ? 1 : 2);
    }
    if (rc < 0) {
        *ok = rc != SK_ERANGE;
        return 0;
    }
    return skx_pimc_declarer_units(&h, lo);
}

/* The rank of a contract's class in the view's auction table. */
static int rank_of(const sk_view *v, sk_contract c)
{
    return c.type < SK_C_NTYPES ? v->pub.rank[c.type][c.tout ? 1 : 0] : -1;
}

/*
 * Drops the candidates a club player would not even consider: those
 * whose rules-of-thumb strength misses the contract's bar by more than
 * MISS (a Solo with three small trumps, a Wenz without Unters or
 * aces), a Sauspiel with fewer than SAUSPIEL_MIN_TRUMPS trumps, a Solo
 * in a suit shorter than his longest.  Solving them on sampled deals costs most of an auction
 * decision and never finds a game worth playing.  When the seat must
 * declare and none is left, the least bad one stays.  Returns the new
 * count (order kept).
 */
static int plausible(const sk_view *v, cand *cands, int nc, bool must)
{
    int kept = 0, best = -1;
    double bm = -1e18;
    sk_order o;
    for (int k = 0; k < nc; k++) {
        double m = skx_heur_margin(v->hand, cands[k].c);
        bool thin = false;
        if (cands[k].c.type == SK_C_SAUSPIEL) {
            sk_order_init(&o, cands[k].c);
            thin = skx_cards_count(v->hand & o.trumps) < SAUSPIEL_MIN_TRUMPS;
        }
        if (m > bm) {
            bm = m;
            best = k;
        }
        /* a Solo outside the longest trump suit: a club player does
         * not name it, and double dummy cannot tell the suits apart
         * (docs/ai.md, "The hint on a Solo hand") */
        if (m >= -MISS && !thin && skx_heur_solo_suit_ok(v->hand, cands[k].c))
            cands[kept++] = cands[k];
    }
    if (kept == 0 && must && best >= 0)
        cands[kept++] = cands[best];
    return kept;
}

/* The mean money of a candidate and the variance of that mean. */
static void cand_stats(const cand *c, double *mean, double *var)
{
    *mean = c->sum / c->n;
    double v = c->sq / c->n - *mean * *mean;
    *var = (v > 0 ? v : 0) / (c->n > 1 ? c->n - 1 : 1);
}

/*
 * Whether more deals would hardly change the decision (sequential
 * testing): the live candidate with the best mean leads every other by
 * SETTLE_Z standard errors of the difference, and in the auction its
 * mean is also that clearly above or below passing (0) -- or every
 * candidate is clearly below 0.  Clear hands are decided on a few deals;
 * close ones get them all.
 */
static bool settled(const sk_view *v, const cand *cands, int nc, bool auction)
{
    int b = -1;
    double bm = 0, bv = 0;
    bool all_below = true;
    for (int k = 0; k < nc; k++) {
        if (!cands[k].live || cands[k].n < 2)
            continue;
        double m, var;
        cand_stats(&cands[k], &m, &var);
        all_below &= m + SETTLE_Z * sqrt(var) < 0;
        if (b < 0 || m > bm) {
            b = k;
            bm = m;
            bv = var;
        }
    }
    if (b < 0)
        return false;
    if (auction && all_below)
        return true;
    if (auction && bm - SETTLE_Z * sqrt(bv) <= 0)
        return false;
    for (int k = 0; k < nc; k++) {
        if (k == b || !cands[k].live || cands[k].n < 2)
            continue;
        /* in the auction two games of one class make the same bid */
        if (auction && rank_of(v, cands[k].c) == rank_of(v, cands[b].c))
            continue;
        double m, var;
        cand_stats(&cands[k], &m, &var);
        if (bm - m <= SETTLE_Z * sqrt(bv + var))
            return false;
    }
    return true;
}

/* The declarations the engine offers the seat in a fresh game of the
 * deal `hands` after the scripted auction (`cls`: the class it bids,
 * NONE for a Muss); fills cands[] (all live, nothing priced) and
 * returns their number. */
static int candidates(const sk_view *v, sk_contract cls, const sk_cards hands[SK_NSEATS],
                      cand *cands)
{
    sk_game g;
    if (!fresh_game(v, hands, &g) || !script_auction(&g, v->seat, cls))
        return 0;
    sk_action a[SK_MAX_LEGAL];
    int n = sk_game_legal(&g, a), nc = 0;
    for (int i = 0; i < n && nc < MAX_CAND; i++)
        if (a[i].type == SK_ACT_DECLARE && a[i].seat == v->seat)
            cands[nc++] = (cand){a[i].contract, 0, 0, 0, 1};
    return nc;
}

/*
 * Prices the candidates over the deals hands[0..deals-1], within the
 * pimc context's node budget.  `adaptive` (the bot): after a first
 * round only the best few go on (successive halving) and the pricing
 * stops once the decision is clear; otherwise (analysis) every
 * candidate is priced on every deal.
 */
static void price_deals(const skx_pimc *pc, const sk_view *v, sk_contract cls,
                        const sk_cards (*hands)[SK_NSEATS], int deals, cand *cands, int nc,
                        bool adaptive)
{
    uint64_t stop = sk_solver_nodes(pc->solver) + pc->bid_nodes;
    int ok = 1;
    sk_game g;
    for (int d = 0; d < deals && ok; d++) {
        if (d > 0 && skx_pimc_late(pc)) /* the time budget: decide on what is priced */
            break;
        if (adaptive && !pc->full && d >= SETTLE_MIN &&
            settled(v, cands, nc, v->pub.phase == SK_PHASE_AUCTION))
            break;
        if (adaptive && (d == FIRST_ROUND || (d == SECOND_ROUND && !pc->full))) {
            /* successive halving: the best few go on (a hint's second
             * cut is not made: it shows the values) */
            int keep = d == FIRST_ROUND ? KEEP : KEEP2;
            for (int k = 0; k < nc; k++) {
                int better = 0;
                for (int j = 0; j < nc; j++)
                    better += cands[j].n && (!cands[k].n || cands[j].sum / cands[j].n >
                                                                 cands[k].sum / cands[k].n);
                cands[k].live = cands[k].live && better < keep;
            }
        }
        if (!(fresh_game(v, hands[d], &g) && script_auction(&g, v->seat, cls)))
            continue;
        for (int k = 0; k < nc && ok; k++) {
            if (!cands[k].live)
                continue;
            double m = price(pc, &g, v->seat, cands[k].c, stop, &ok);
            if (ok && !isnan(m)) {
                cands[k].sum += m;
                cands[k].sq += m * m;
                cands[k].n++;
            }
        }
    }
}

/*
 * Prices the contracts the seat may declare over sampled deals (see the
 * essay above): those a club player would consider, adaptively.
 * `cls`: the class the seat bids in the scripted auction (NONE for a
 * Muss).  Fills cands[] and returns their number (0 when nothing could
 * be priced; *offered: how many the engine offered, so that "none worth
 * pricing" tells apart from "nothing could be priced").
 */
static int price_all(const skx_pimc *pc, const sk_view *v, sk_contract cls, cand *cands,
                     int *offered)
{
    *offered = 0;
    if (sk_sample_init(pc->sampler, v) < 0)
        return 0;
    int deals = pc->samples < MAX_DEALS ? pc->samples : MAX_DEALS;
    sk_cards hands[MAX_DEALS][SK_NSEATS];
    skx_pimc_draw(pc, v, deals, hands);
    int nc = candidates(v, cls, hands[0], cands);
    *offered = nc;
    nc = plausible(v, cands, nc, v->pub.phase == SK_PHASE_DECLARE);
    if (nc > 0)
        price_deals(pc, v, cls, (const sk_cards(*)[SK_NSEATS])hands, deals, cands, nc, true);
    return nc;
}

/* The index of the best priced candidate, or -1. */
static int best_cand(const cand *c, int nc)
{
    int b = -1;
    for (int k = 0; k < nc; k++)
        if (c[k].n && (b < 0 || c[k].sum / c[k].n > c[b].sum / c[b].n))
            b = k;
    return b;
}

/* The values of the auction's actions from priced candidates: a pass
 * 0, a bid the best contract it still allows (SK_BOT_UNPRICED, below
 * the pass and every priced one, if it allows none that was priced);
 * games (when not NULL) gets that contract of each bid. */
static void bid_values(const sk_view *v, const sk_action *legal, int n, const cand *cands, int nc,
                       double *values, sk_contract *games)
{
    for (int i = 0; i < n; i++) {
        values[i] = 0;
        if (legal[i].type != SK_ACT_BID)
            continue;
        values[i] = SK_BOT_UNPRICED;
        for (int k = 0; k < nc; k++)
            if (cands[k].n && rank_of(v, cands[k].c) >= rank_of(v, legal[i].contract) &&
                cands[k].sum / cands[k].n > values[i]) {
                values[i] = cands[k].sum / cands[k].n;
                if (games)
                    games[i] = cands[k].c;
            }
    }
}

/* The values of the declarations from priced candidates, those not
 * priced SK_BOT_UNPRICED (below every priced one); returns the best
 * priced one's index, or -1. */
static int declare_values(const sk_action *legal, int n, const cand *cands, int nc,
                          double *values)
{
    int pick = -1;
    for (int i = 0; i < n; i++) {
        values[i] = SK_BOT_UNPRICED;
        for (int k = 0; k < nc; k++)
            if (cands[k].n && cands[k].c.type == legal[i].contract.type &&
                cands[k].c.suit == legal[i].contract.suit &&
                cands[k].c.tout == legal[i].contract.tout)
                values[i] = cands[k].sum / cands[k].n;
        if (isfinite(values[i]) && (pick < 0 || values[i] > values[pick]))
            pick = i;
    }
    return pick;
}

/* The class an auction or declaration decision prices (see
 * skx_pimc_bidding): in the auction the lowest class bid on offer, in the
 * declaration the class held (NONE for a Muss); false when there is none
 * (no bid on offer). */
static bool priced_class(const sk_view *v, const sk_action *legal, int n, sk_contract *cls)
{
    if (v->pub.phase == SK_PHASE_DECLARE) {
        *cls = v->pub.muss ? (sk_contract){SK_C_NONE, SK_NOSUIT, 0} : v->pub.holder_bid;
        return true;
    }
    int low = -1;
    for (int i = 0; i < n; i++)
        if (legal[i].type == SK_ACT_BID &&
            (low < 0 || rank_of(v, legal[i].contract) < rank_of(v, legal[low].contract)))
            low = i;
    if (low >= 0)
        *cls = legal[low].contract;
    return low >= 0;
}

/* Analysis (ai.h): every candidate priced on every given deal. */
int sk_price_actions(sk_solver *s, const sk_view *v, const sk_cards (*deals)[SK_NSEATS], int ndeals,
                     const sk_action *legal, int n, double *values, sk_contract *games)
{
    sk_contract cls;
    for (int i = 0; games && i < n; i++)
        games[i] = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
    cand cands[MAX_CAND];
    if ((v->pub.phase != SK_PHASE_AUCTION && v->pub.phase != SK_PHASE_DECLARE) || ndeals < 1 ||
        !priced_class(v, legal, n, &cls))
        return 0;
    int nc = candidates(v, cls, deals[0], cands);
    if (nc == 0)
        return 0;
    skx_pimc pc = {s, NULL, NULL, ndeals, 0, UINT64_MAX / 4, 0, 0, 0, 0, 1, 0, 0};
    price_deals(&pc, v, cls, deals, ndeals, cands, nc, false);
    if (best_cand(cands, nc) < 0)
        return 0;
    if (v->pub.phase == SK_PHASE_AUCTION)
        bid_values(v, legal, n, cands, nc, values, games);
    else
        declare_values(legal, n, cands, nc, values);
    return n;
}

/* The auction or declaration decision by sampling (see the essay at
 * the top); the rules of thumb when nothing could be priced. */
sk_action skx_pimc_bidding(const skx_pimc *pc, const sk_view *v, const sk_action *legal, int n,
                          double *values, sk_contract *games)
{
    const sk_public *p = &v->pub;
    cand cands[MAX_CAND];
    for (int i = 0; i < n; i++) {
        values[i] = 0;
        if (games)
            games[i] = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
    }
    if (p->phase == SK_PHASE_AUCTION) {
        /* price what the lowest class on offer lets the seat declare */
        sk_contract cls;
        int offered = 0;
        int nc = priced_class(v, legal, n, &cls) ? price_all(pc, v, cls, cands, &offered) : 0;
        if (nc == 0 && offered > 0) { /* nothing worth pricing: pass, every bid below it */
            bid_values(v, legal, n, cands, 0, values, games);
            for (int i = 0; i < n; i++)
                if (legal[i].type == SK_ACT_PASS)
                    return legal[i];
        }
        int b = nc > 0 ? best_cand(cands, nc) : -1;
        if (b < 0)
            return skx_heur_bidding(v, legal, n, values);
        bid_values(v, legal, n, cands, nc, values, games);
        int pick = -1;
        for (int i = 0; i < n; i++) {
            if (legal[i].type != SK_ACT_BID)
                continue;
            if (cands[b].sum / cands[b].n > 0 &&
                rank_of(v, legal[i].contract) <= rank_of(v, cands[b].c) &&
                (pick < 0 || rank_of(v, legal[i].contract) < rank_of(v, legal[pick].contract)))
                pick = i;
        }
        if (pick >= 0)
            return legal[pick];
        for (int i = 0; i < n; i++)
            if (legal[i].type == SK_ACT_PASS)
                return legal[i];
        return legal[0];
    }
    if (p->phase == SK_PHASE_DECLARE) {
        sk_contract cls;
        priced_class(v, legal, n, &cls);
        int offered;
        int nc = price_all(pc, v, cls, cands, &offered);
        int pick = declare_values(legal, n, cands, nc, values);
        if (pick >= 0)
            return legal[pick];
    }
    return skx_heur_bidding(v, legal, n, values);
}

/* Kontra/Retour by sampling: doubles when the seat's side wins in
 * KONTRA_SHARE (RETOUR_SHARE) of the deals solved (at least four, else
 * the rules of thumb).  The deals follow what the auction said
 * (infer.c) whatever the bot's setting for cards: a Kontra against a
 * Solo priced on deals that give the declarer a random hand is a
 * Kontra against a hand nobody declares. */
sk_action skx_pimc_double(const skx_pimc *pc, const sk_view *v, const sk_action *legal, int n,
                         double *values)
{
    int pick = -1;
    for (int i = 0; i < n; i++) {
        values[i] = 0;
        if (legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR)
            pick = i;
    }
    if (pick < 0 || sk_sample_init(pc->sampler, v) < 0)
        return skx_act_pass(v->seat);
    /* a Kontra a club player would hardly consider (a Solo defender
     * with three trumps, a Wenz defender without an Unter) is not
     * priced: double dummy, the defence beats too many contracts */
    sk_cards dealt = v->hand;
    for (int i = 0; i < 8; i++)
        if (v->dealt[i] < SK_NCARDS)
            dealt |= SK_BIT(v->dealt[i]);
    if (legal[pick].type == SK_ACT_KONTRA &&
        skx_heur_kontra_margin(dealt, v->pub.contract) < -KONTRA_MISS)
        return skx_act_pass(v->seat);
    skx_pimc believe = *pc;
    believe.infer = 1;
    pc = &believe;
    uint64_t stop = sk_solver_nodes(pc->solver) + pc->double_nodes;
    int deals = pc->samples < MAX_DEALS ? pc->samples : MAX_DEALS, done = 0, mine_won = 0;
    sk_cards hands[MAX_DEALS][SK_NSEATS];
    skx_pimc_draw(pc, v, deals, hands);
    for (int d = 0; d < deals; d++) {
        uint64_t now = sk_solver_nodes(pc->solver);
        if (now >= stop || (done >= 4 && skx_pimc_late(pc)))
            break;
        sk_game g;
        sk_sample_game(v, hands[d], &g);
        bool trick = g.pub.contract.tout || g.pub.contract.type == SK_C_BETTEL ||
                     g.pub.contract.type == SK_C_BETTEL_OUVERT;
        bool mine = sk_game_side(&g, v->seat) == SK_SIDE_DECLARER;
        int t[3], level;
        skx_pimc_thresholds(&g.pub, t);
        if (!trick && mine) /* the margin for double-dummy optimism */
            t[1] += DD_MARGIN;
        sk_solver_set_limit(pc->solver, stop - now);
        int rc = sk_solver_level(pc->solver, &g, t, 3, &level);
        sk_solver_set_limit(pc->solver, 0);
        if (rc < 0)
            break;
        bool decl_won = trick ? level >= 1 : level >= 2;
        mine_won += mine == decl_won;
        done++;
    }
    if (done < 4)
        return skx_heur_bidding(v, legal, n, values);
    double share = (double)mine_won / done;
    double bar = legal[pick].type == SK_ACT_RETOUR ? RETOUR_SHARE : KONTRA_SHARE;
    values[pick] = share - bar;
    return share >= bar ? legal[pick] : skx_act_pass(v->seat);
}
