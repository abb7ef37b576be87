/*
 * ai_internal.h -- helpers shared inside src/ai (not public).
 */
#ifndef SK_AI_INTERNAL_H
#define SK_AI_INTERNAL_H

#include "schafkopf/ai.h"

/* Strength of a hand for a contract in rough tricks (heuristic.c). */
double sk_heur_strength(sk_cards hand, sk_contract c);
/* Auction, declaration and Kontra/Retour by rules of thumb; fills
 * values[i] for legal[i] (higher is better); returns the choice (a pass
 * to decline an out-of-turn doubling). */
sk_action sk_heur_bidding(const sk_view *v, const sk_action *legal, int n, double *values);
/* A card by rules of thumb from the legal set. */
int sk_heur_card(const sk_view *v, sk_cards legal);

#endif
