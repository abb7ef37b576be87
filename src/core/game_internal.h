/*
 * game_internal.h -- what game.c (the state machine and the play) and
 * auction.c (who may bid and declare what) share.  Internal to src/core:
 * names carry the `skx_` prefix and nothing here is public API.
 */
#ifndef SK_GAME_INTERNAL_H
#define SK_GAME_INTERNAL_H

#include "schafkopf/core.h"

#define SKX_LORDS (SK_RANK_MASK(SK_OBER) | SK_RANK_MASK(SK_UNTER))
/* The trumps of a Sauspiel, which decide who may offer a Hochzeit. */
#define SKX_SAUSPIEL_TRUMPS (SKX_LORDS | SK_SUIT_MASK(SK_HERZ))

/* Fills an error (naming the rule) and returns code. */
int skx_fail(sk_error *err, int code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Forehand: the seat after the dealer (2.4.1, 3.1.1). */
static inline int skx_forehand(const sk_public *p)
{
    return (p->dealer + 1) % p->nseats;
}

/* The seat after `seat`, clockwise. */
static inline int skx_next_seat(const sk_public *p, int seat)
{
    return seat + 1 == p->nseats ? 0 : seat + 1;
}

/* Stores one action (see sk_action_make on why not field by field). */
static inline void skx_put(sk_action *o, int type, int seat, int card, sk_contract c)
{
    *o = sk_action_make(type, seat, card, c);
}

/* game.c */
void skx_log_action(sk_public *p, sk_action a);
void skx_declare(sk_game *g, sk_contract c);
void skx_cache_legal(sk_game *g);
void skx_start_kreuzbock(sk_game *g);

/* auction.c */
void skx_auction_start(sk_game *g, const sk_rules *rules);
int skx_best_rank(const sk_public *p, sk_cards hand);
int skx_called_card(sk_cards hand, int suit);
int skx_auction_bids(const sk_public *p, int best, int seat, sk_contract *out);
int skx_auction_legal(const sk_rules *r, const sk_public *p, sk_cards hand, int best, int seat,
                      sk_action *out);
int skx_apply_klopfen(sk_game *g, sk_action a, sk_error *err);
int skx_apply_hochzeit(sk_game *g, sk_action a, sk_error *err);
int skx_apply_bidding(sk_game *g, sk_action a, sk_error *err);

#endif
