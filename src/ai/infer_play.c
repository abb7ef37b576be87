/*
 * infer_play.c -- what the cards played say about the unseen hands
 * (policy-weighted sampling, issue 19).
 *
 * Every card another seat has played so far was chosen from the hand it
 * held then.  Under the model of people's card play (policy.c) that
 * choice is more or less likely depending on that hand: a defender who
 * schmiert an Ace onto an opponent's trick while holding a small card
 * of the suit is unlikely, one who had nothing else to play is not.  A
 * sampled deal gives every seat its hand now, and the hand it held at
 * an earlier card is that hand plus the cards it played from then on
 * (public), so a deal's likelihood is the product over the past card
 * decisions of the model's probability of the card played.
 *
 * Cost: the public state of each past decision does not depend on the
 * deal, so the seat's view then is built once per decision (replaying
 * the public actions, as the auction inference does) and each deal only
 * swaps the hand in and scores the legal cards of that hand (one call
 * of the model; sk_policy_scores).  A forced card says nothing
 * (probability 1).  The viewing seat's own cards are the same in every
 * deal and are skipped.
 *
 * The model is a model of people, sharper than any one player; so each
 * probability is tempered (raised to PLAY_ALPHA < 1) and floored at
 * PLAY_FLOOR, and one odd card does not rule a deal out.
 *
 * Only where the model was learned: a Sauspiel, Solo or Wenz at a table
 * of four (elsewhere no decisions are read and every deal weighs 1).
 */
#include "ai_internal.h"

#include <assert.h>
#include <math.h>
#include <string.h>

/*
 * The tempering exponent and the floor of one card's probability
 * (docs/ai.md, Sampling: chosen by measurement).  Logarithms: weights
 * of many cards multiply and are kept as their logarithm.
 */
#define PLAY_ALPHA 0.75
#define PLAY_FLOOR 0.02

/* Whether the policy model covers the game of the view. */
static bool modelled(const sk_public *p)
{
    int t = p->contract.type;
    return (t == SK_C_SAUSPIEL || t == SK_C_SOLO || t == SK_C_WENZ) &&
           (p->nseats == 0 || p->nseats == SK_NSEATS) && p->phase == SK_PHASE_PLAY;
}

/*
 * Reads the past card decisions of the seats other than the view's by
 * replaying the public actions on the deal `hands` (consistent with the
 * view): for each, the seat's view just before it, the card and the
 * cards the seat played from then on.  Keeps the last SKX_PLAY_MAX.
 * Leaves none when the replay fails, the game is not modelled or a
 * Hochzeit moved cards.
 */
void skx_play_init(skx_play *pl, const sk_view *v, const sk_cards hands[SK_NSEATS])
{
    const sk_public *p = &v->pub;
    pl->n = 0;
    if (!modelled(p))
        return;
    sk_game g, r;
    sk_sample_game(v, hands, &g);
    if (sk_game_init(&r, v->rules, p->dealer, g.dealt, p->first_game, NULL) < 0 ||
        sk_game_set_round(&r, p->bock, p->kreuzbock_round, NULL) < 0)
        return;
    int total = 0; /* card decisions of the other seats; the oldest skipped */
    for (int i = 0; i < p->nactions; i++)
        total += p->actions[i].type == SK_ACT_CARD && p->actions[i].seat != v->seat;
    int skip = total > SKX_PLAY_MAX ? total - SKX_PLAY_MAX : 0, seen = 0;
    for (int i = 0; i < p->nactions; i++) {
        sk_action a = p->actions[i];
        if (a.type == SK_ACT_ACCEPT) {
            pl->n = 0; /* a Hochzeit exchange (not modelled anyway) */
            return;
        }
        if (a.type == SK_ACT_CARD && a.seat != v->seat && a.seat < SK_NSEATS &&
            seen++ >= skip) {
            int k = pl->n++;
            sk_game_view(&r, a.seat, &pl->view[k]);
            pl->seat[k] = a.seat;
            pl->card[k] = a.card;
        }
        if (sk_game_apply(&r, a, NULL) < 0) {
            pl->n = 0;
            return;
        }
    }
    /* the cards each seat played from each decision on: newest first */
    sk_cards after[SK_NSEATS] = {0};
    for (int k = pl->n - 1; k >= 0; k--) {
        after[pl->seat[k]] |= SK_BIT(pl->card[k]);
        pl->later[k] = after[pl->seat[k]];
    }
}

/* The model's probability of `card` among `legal` from view pv. */
static double card_prob(const sk_view *pv, sk_cards legal, int card)
{
    double scores[SK_NCARDS], top = -1e300, sum = 0;
    sk_policy_scores(pv, legal, scores);
    for (sk_cards l = legal; l; l &= l - 1) {
        double s = scores[skx_cards_first(l)];
        if (s > top)
            top = s;
    }
    for (sk_cards l = legal; l; l &= l - 1)
        sum += exp(scores[skx_cards_first(l)] - top);
    return exp(scores[card] - top) / sum;
}

/*
 * The logarithm of a deal's weight by the past card play: the sum over
 * the decisions read of PLAY_ALPHA * log max(p, PLAY_FLOOR), p the
 * model's probability of the card played from the hand the deal gives
 * the seat then.  <= 0; 0 with no decisions.
 */
double skx_play_log_weight(skx_play *pl, const sk_cards hands[SK_NSEATS])
{
    double lw = 0;
    for (int k = 0; k < pl->n; k++) {
        sk_view *pv = &pl->view[k];
        int s = pl->seat[k], card = pl->card[k];
        sk_cards hand = hands[s] | pl->later[k];
        sk_cards legal = sk_public_legal_cards(&pv->pub, hand);
        if ((legal & (legal - 1)) == 0)
            continue; /* forced (or, were the deal inconsistent, none) */
        double prob = 0;
        if (legal & SK_BIT(card)) {
            pv->hand = hand;
            prob = card_prob(pv, legal, card);
        }
        lw += PLAY_ALPHA * log(prob > PLAY_FLOOR ? prob : PLAY_FLOOR);
    }
    return lw;
}
