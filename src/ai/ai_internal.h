/*
 * ai_internal.h -- helpers shared inside src/ai (not public).
 */
#ifndef SK_AI_INTERNAL_H
#define SK_AI_INTERNAL_H

#include "schafkopf/ai.h"
#include "core/bits.h"

/* Strength of a hand for a contract in rough tricks (heuristic.c). */
double skx_heur_strength(sk_cards hand, sk_contract c);
/* How far a hand clears (>= 0) or misses (< 0) a contract's bar. */
double skx_heur_margin(sk_cards hand, sk_contract c);
/* Auction, declaration and Kontra/Retour by rules of thumb; fills
 * values[i] for legal[i] (higher is better); returns the choice (a pass
 * to decline an out-of-turn doubling). */
sk_action skx_heur_bidding(const sk_view *v, const sk_action *legal, int n, double *values);
/* A card by rules of thumb from the legal set. */
int skx_heur_card(const sk_view *v, sk_cards legal);
/* The largest margin of a dealt hand over the bar of any contract of
 * auction rank >= min_rank (-1: any) it may declare, without the
 * higher-class bonus (-1e9: none). */
double skx_heur_best_margin(const sk_rules *r, const sk_public *p, sk_cards hand, int min_rank);
/* Whether c is a contract a club player would name with the hand: a Solo
 * only in his longest trump suit (any other contract: true). */
bool skx_heur_solo_suit_ok(sk_cards hand, sk_contract c);
/* How far a hand clears (>= 0) or misses the heuristic's Kontra bar. */
double skx_heur_kontra_margin(sk_cards hand, sk_contract c);

/*
 * What the PIMC parts of a bot share: its solver and sampler, its random
 * generator, the number of deals to draw, and the node budgets of one
 * decision (cards, auction, doublings).  Budgets in nodes, not time,
 * keep the play reproducible.
 */
/* The most deals a PIMC bot solves for one decision (pimc:N, N <= it). */
#define SKX_PIMC_MAX_DEALS 256

typedef struct skx_pimc {
    sk_solver *solver;
    sk_sampler *sampler;
    sk_rng *rng;
    int samples;
    uint64_t card_nodes, bid_nodes, double_nodes;
    int infer; /* draw deals weighted by the auction (infer.c) */
} skx_pimc;

/*
 * Auction inference (infer.c): facts the public actions state about
 * other seats' hands, each weighing a sampled deal by how well the
 * seat's hand as dealt fits it under the heuristic bot's model.
 */
enum { SKX_FACT_PASS, SKX_FACT_BID, SKX_FACT_DECLARED, SKX_FACT_KONTRA };
#define SKX_INFER_MAX_FACTS 24
typedef struct skx_infer_fact {
    uint8_t seat, kind;
    int8_t min_rank; /* PASS, BID: the lowest rank it could bid then */
    sk_contract c;   /* DECLARED, KONTRA: the contract */
} skx_infer_fact;
typedef struct skx_infer {
    int n;
    skx_infer_fact f[SKX_INFER_MAX_FACTS];
    sk_cards played[SK_NSEATS]; /* cards each seat has played */
} skx_infer;

/* Reads the facts of a view, replaying its actions on a deal of the
 * hands now consistent with it (none when that fails, in a Hochzeit or
 * a Ramsch). */
void skx_infer_init(skx_infer *inf, const sk_view *v, const sk_cards hands[SK_NSEATS]);
/* The weight of a deal of the hands now: the product of the facts'
 * factors, each in [0.02, 1]. */
double skx_infer_weight(const skx_infer *inf, const sk_view *v, const sk_cards hands[SK_NSEATS]);
/* The likelihood ratio of a declarer's dealt hand for his contract
 * from what real declarers held (Sauspiel and Solo by trumps, Wenz by
 * Unters), the likeliest hand 1; -1 for the contracts it does not
 * cover. */
double skx_infer_declarer_ratio(sk_cards dealt, sk_contract c);
/* Draws n deals for a decision from a prepared sampler: uniform, or
 * with pc->infer following the auction; returns n. */
int skx_pimc_draw(const skx_pimc *pc, const sk_view *v, int n, sk_cards (*out)[SK_NSEATS]);

/* The point thresholds that price a game for its declarer: 31, 61, 91
 * (4.1.2, 4.1.3), or 30, 60, 90 in a Muss (002).  Level k of
 * sk_solver_level: 0 lost Schneider, 1 lost, 2 won, 3 won Schneider. */
void skx_pimc_thresholds(const sk_public *p, int t[3]);
/* The declarer's own money in units for a level of the thresholds (a
 * trick objective: 1 met, 0 not) in a game of `g` (its contract, deal
 * and partner), at the ruleset's tariff: base rate, Laufende, Schneider,
 * the Tout and Bettel Brett factors, paid by every opponent in a game
 * without partner (bot_bid.c). */
double skx_pimc_declarer_units(const sk_game *g, int level);
/* Auction and declaration by sampling (bot_bid.c): each contract the
 * hand may declare is priced over sampled deals; fills values[i] for
 * legal[i] (expected units) and returns the choice. */
sk_action skx_pimc_bidding(const skx_pimc *pc, const sk_view *v, const sk_action *legal, int n,
                          double *values);
/* Kontra/Retour by sampling: the declarer's chance to win over sampled
 * deals; returns the doubling or a pass. */
sk_action skx_pimc_double(const skx_pimc *pc, const sk_view *v, const sk_action *legal, int n,
                         double *values);

#endif
