/*
 * infer.c -- what the auction says about the unseen hands.
 *
 * The sampler (sample.c) draws the unseen cards uniformly among the
 * deals the cards alone allow.  The auction says more: a declarer chose
 * his game because his hand was good for it, a seat that passed had no
 * game it wanted to play, a defender who gave Kontra holds a strong
 * hand.  Taking every other seat for a club player (the heuristic bot's
 * hand strength and bars, heuristic.c), each such fact makes a deal
 * more or less likely: its factor is a logistic function of how far the
 * seat's hand as dealt (the cards it holds in the deal plus those it
 * has played) clears or misses the bar, soft enough that a player who
 * bids more boldly or timidly than the model still fits.  The
 * declarer of a Sauspiel, Solo or Wenz is weighed instead by what real
 * declarers of it held (the table below, from 1,000 games people
 * played): a Solo declarer with two trumps is about a thousandth as
 * likely as one with seven.  A deal's weight is the product of its
 * factors.
 *
 * A decision then draws INFER_POOL times the deals it will solve and
 * keeps as many by weighted sampling without replacement (Efraimidis-
 * Spirakis keys), so the deals solved follow the auction without
 * solving more of them.  The facts are read once per decision by
 * replaying the public actions through the engine on one drawn deal:
 * the course of the auction (who could bid which classes when) does
 * not depend on the unseen cards.
 *
 * Left out: a Hochzeit (the exchange changed the hands, so the dealt
 * hands are not the held cards plus the played ones), laying (Klopfen),
 * declined doublings, Retour.  What the cards played say is
 * infer_play.c's (the spec suffix ":pw"); its weights multiply these.
 */
#include "ai_internal.h"
#include "schafkopf/playout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define INFER_POOL 12    /* uniform deals drawn per deal kept */
#define INFER_TAU 1.0    /* the softness of a fact, in rough tricks */
#define INFER_FLOOR 0.02 /* the least factor of one fact */
#define POOL_MAX 512     /* the most deals drawn for one decision */

/* The logistic factor of a margin (>= 0: the fact fits the hand). */
static double factor(double margin)
{
    double f = 1.0 / (1.0 + exp(-margin / INFER_TAU));
    return f < INFER_FLOOR ? INFER_FLOOR : f;
}

/*
 * What real declarers held: of the 1,000 games people played online in
 * tests/data/real-games.jsonl, the declarers' dealt hands counted by
 * trumps (Ober, Unter and the trump suit) for the 775 Sauspiele and the
 * 161 Solos, by Unters and Aces together for the 64 Wenz (by Unters
 * alone they were 1, 3, 27, 29, 4 for 0-4 Unters: too loose, a Wenz
 * wants its Aces).  P(declares | k) is proportional to
 * P(k | declared) / P(k), P(k) the chance that an 8-card hand dealt
 * from the 32 holds k of the T cards counted (hypergeometric), so a
 * deal is weighed by that likelihood ratio.
 * Counts are smoothed by a half (a hand the data never saw is rare,
 * not impossible).
 */
static const int REAL_SAUSPIEL[9] = {0, 0, 0, 11, 187, 404, 159, 14, 0};
static const int REAL_SOLO[9] = {0, 0, 0, 1, 1, 8, 71, 75, 5};
static const int REAL_WENZ[9] = {0, 0, 0, 5, 26, 25, 8, 0, 0}; /* Unters and Aces */

/* The binomial coefficient n over k (small n). */
static double choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    double c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (n - k + i) / i;
    return c;
}

/*
 * The likelihood ratio of a declarer's dealt hand for his contract, by
 * the table above, scaled so that the likeliest count weighs 1; -1 when
 * the contract is not one the table covers (a Tout, the variants).
 */
double skx_infer_declarer_ratio(sk_cards dealt, sk_contract c)
{
    const int *real;
    int top, total = 0, k;
    sk_order o;
    if (c.tout)
        return -1;
    if (c.type == SK_C_SAUSPIEL || c.type == SK_C_SOLO) {
        real = c.type == SK_C_SOLO ? REAL_SOLO : REAL_SAUSPIEL;
        top = 8;
    } else if (c.type == SK_C_WENZ) {
        real = REAL_WENZ;
        top = 8;
    } else {
        return -1;
    }
    sk_order_init(&o, c);
    sk_cards counted = o.trumps; /* 14 in a Sauspiel or Solo */
    if (c.type == SK_C_WENZ)     /* the 4 Unters and 4 Aces */
        counted |= SK_RANK_MASK(SK_ASS);
    int trumps = skx_cards_count(counted);
    k = skx_cards_count(dealt & counted);
    if (k > top)
        k = top;
    for (int i = 0; i <= top; i++)
        total += real[i];
    /* from the most trumps down, never rising: a hand with fewer trumps
     * is no likelier a declarer's (the smoothing alone would make a
     * hand without trumps likelier than one with two, as so few are
     * dealt) */
    double best = 0, low = 1e300, mine = 0;
    for (int i = top; i >= 0; i--) {
        double prior = choose(trumps, i) * choose(32 - trumps, 8 - i) / choose(32, 8);
        double r = prior > 0 ? (real[i] + 0.5) / (total + 0.5 * (top + 1)) / prior : 0;
        if (real[i] > 0 && r > best) /* above the data the likeliest seen counts */
            best = r;
        if (r < low)
            low = r;
        if (i == k)
            mine = low;
    }
    return best > 0 ? (mine < best ? mine / best : 1) : -1;
}

/* The lowest auction rank among the classes the seat to move may bid
 * now, or -1 when it may bid none. */
static int lowest_bid_rank(const sk_game *g)
{
    sk_contract bids[SK_MAX_LEGAL];
    int n = sk_game_legal_bids(g, bids), low = -1;
    for (int i = 0; i < n; i++) {
        int r = g->pub.rank[bids[i].type][bids[i].tout ? 1 : 0];
        if (low < 0 || r < low)
            low = r;
    }
    return low;
}

/* Adds a fact if there is room. */
static void add_fact(skx_infer *inf, int seat, int kind, int min_rank, sk_contract c)
{
    if (inf->n < SKX_INFER_MAX_FACTS)
        inf->f[inf->n++] = (skx_infer_fact){(uint8_t)seat, (uint8_t)kind, (int8_t)min_rank, c};
}

/*
 * Reads the facts of the view's public actions (see the essay above)
 * by replaying them on the deal `hands` (consistent with the view).
 * Also notes the cards each seat has played.  Leaves no facts when the
 * replay fails or the game is a Hochzeit.
 */
void skx_infer_init(skx_infer *inf, const sk_view *v, const sk_cards hands[SK_NSEATS])
{
    const sk_public *p = &v->pub;
    memset(inf, 0, sizeof *inf);
    if (p->contract.type == SK_C_HOCHZEIT || p->contract.type == SK_C_RAMSCH)
        return;
    sk_game g, r;
    sk_sample_game(v, hands, &g);
    for (int s = 0; s < SK_NSEATS; s++)
        inf->played[s] = g.hands[s];
    if (sk_game_init(&r, v->rules, p->dealer, g.dealt, p->first_game, NULL) < 0 ||
        sk_game_set_round(&r, p->bock, p->kreuzbock_round, NULL) < 0)
        return;
    for (int s = 0; s < SK_NSEATS; s++) /* dealt minus held now: played */
        inf->played[s] = r.hands[s] & ~inf->played[s];
    for (int i = 0; i < p->nactions; i++) {
        sk_action a = p->actions[i];
        int mine = a.seat == v->seat, decl = a.seat == p->declarer;
        if (a.type == SK_ACT_ACCEPT) {
            inf->n = 0; /* a Hochzeit exchange: the hands moved */
            return;
        }
        if (!mine && r.pub.phase == SK_PHASE_AUCTION && !decl &&
            (a.type == SK_ACT_PASS || a.type == SK_ACT_BID)) {
            int low = lowest_bid_rank(&r);
            if (low >= 0)
                add_fact(inf, a.seat, a.type == SK_ACT_BID ? SKX_FACT_BID : SKX_FACT_PASS, low,
                         a.contract);
        } else if (!mine && a.type == SK_ACT_DECLARE && !p->muss && !p->kreuzbock) {
            add_fact(inf, a.seat, SKX_FACT_DECLARED, -1, a.contract);
        } else if (!mine && a.type == SK_ACT_KONTRA && !p->kreuzbock) {
            add_fact(inf, a.seat, SKX_FACT_KONTRA, -1, p->contract);
        }
        if (sk_game_apply(&r, a, NULL) < 0) {
            inf->n = 0;
            return;
        }
    }
}

/* The weight of a deal of the hands now given the facts: the product of
 * one factor per fact. */
double skx_infer_weight(const skx_infer *inf, const sk_view *v, const sk_cards hands[SK_NSEATS])
{
    double w = 1;
    for (int i = 0; i < inf->n; i++) {
        const skx_infer_fact *f = &inf->f[i];
        sk_cards dealt = hands[f->seat] | inf->played[f->seat];
        double m;
        switch (f->kind) {
        case SKX_FACT_PASS:
            m = -skx_heur_best_margin(v->rules, &v->pub, dealt, f->min_rank);
            break;
        case SKX_FACT_BID:
            m = skx_heur_best_margin(v->rules, &v->pub, dealt, f->min_rank);
            break;
        case SKX_FACT_DECLARED: {
            double lr = skx_infer_declarer_ratio(dealt, f->c);
            if (lr >= 0) { /* what real declarers held (above) */
                w *= lr;
                continue;
            }
            m = skx_heur_margin(dealt, f->c);
            break;
        }
        default:
            m = skx_heur_kontra_margin(dealt, f->c);
            break;
        }
        w *= factor(m);
    }
    return w;
}

/* A uniform random number in (0, 1]. */
static double unit(sk_rng *rng)
{
    return ((double)(skx_rng_next(rng) >> 11) + 1.0) / 9007199254740992.0;
}

/*
 * Draws n deals for a PIMC decision (ai_internal.h): uniform draws, or
 * with inference (the auction's, the play's or both) INFER_POOL times
 * as many of which n are kept by weighted sampling without replacement,
 * highest key first.  The sampler must be prepared for the view.
 * Returns n.
 */
int skx_pimc_draw(const skx_pimc *pc, const sk_view *v, int n, sk_cards (*out)[SK_NSEATS])
{
    if (n <= 0)
        return 0;
    if (!pc->infer && !pc->play) {
        for (int d = 0; d < n; d++)
            sk_sample_draw(pc->sampler, pc->rng, out[d]);
        return n;
    }
    int pool = n * INFER_POOL > POOL_MAX ? POOL_MAX : n * INFER_POOL;
    sk_cards deals[POOL_MAX][SK_NSEATS];
    double key[POOL_MAX];
    sk_sample_draw(pc->sampler, pc->rng, deals[0]); /* pool >= n > 0 */
    for (int d = 1; d < pool; d++)
        sk_sample_draw(pc->sampler, pc->rng, deals[d]);
    skx_infer inf;
    inf.n = 0;
    if (pc->infer)
        skx_infer_init(&inf, v, deals[0]);
    skx_play *pl = pc->play ? malloc(sizeof *pl) : NULL;
    if (pl)
        skx_play_init(pl, v, deals[0]);
    for (int d = 0; d < pool; d++) {
        double w = inf.n ? skx_infer_weight(&inf, v, deals[d]) : 1;
        double u = unit(pc->rng);
        if (pl && pl->n) /* the play's weights can be tiny: keys as logarithms,
                          * log w - log(-log u), the same order as u^(1/w) */
            key[d] = log(w) + skx_play_log_weight(pl, deals[d]) -
                     log(u < 1 ? -log(u) : 1e-300);
        else
            key[d] = log(u) / w; /* u^(1/w), as a logarithm */
    }
    free(pl);
    /* the n highest keys, by selection (pool is small) */
    for (int k = 0; k < n && k < pool; k++) {
        int best = k;
        for (int d = k + 1; d < pool; d++)
            if (key[d] > key[best])
                best = d;
        memcpy(out[k], deals[best], sizeof out[k]);
        double kt = key[k];
        key[k] = key[best];
        key[best] = kt;
        sk_cards t[SK_NSEATS];
        memcpy(t, deals[k], sizeof t);
        memcpy(deals[k], deals[best], sizeof t);
        memcpy(deals[best], t, sizeof t);
    }
    return n < pool ? n : pool;
}
