/*
 * session.c -- a table's sequence of games: dealer rotation and the
 * running score sheet.
 */
#include "schafkopf/core.h"

#include <stdio.h>
#include <string.h>

/* Starts an empty session; `first_dealer` deals the first game (2.2.2). */
void sk_session_init(sk_session *s, const sk_rules *rules, int first_dealer)
{
    memset(s, 0, sizeof *s);
    s->rules = *rules;
    s->dealer = (uint8_t)(first_dealer & 3);
}

/* Deals the next game; the first game of a session is marked, because a
 * Sie does not count there (2.9.1). */
void sk_session_deal(sk_session *s, sk_game *g, sk_rng *rng)
{
    sk_game_deal(g, &s->rules, s->dealer, rng, s->games == 0);
}

/* Starts the next game from given hands. */
int sk_session_start(sk_session *s, sk_game *g, const uint8_t hands[4][8], sk_error *err)
{
    return sk_game_init(g, &s->rules, s->dealer, hands, s->games == 0, err);
}

/* Books a finished game into the totals and passes the deal on: to the
 * next seat, except after a throw-in under "same dealer" (5.2.5). */
int sk_session_finish(sk_session *s, const sk_game *g, sk_result *res, sk_error *err)
{
    int rc = sk_game_result(g, res, err);
    if (rc < 0)
        return rc;
    for (int i = 0; i < SK_NSEATS; i++) {
        s->money[i] += res->money[i];
        s->tournament[i] += res->tournament[i];
    }
    s->games++;
    s->played += !res->thrown_in;
    if (!(res->thrown_in && s->rules.all_pass == SK_ALLPASS_SAME_DEALER))
        s->dealer = (uint8_t)((s->dealer + 1) % 4);
    return SK_OK;
}
