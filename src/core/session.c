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
    s->players = rules->players == 5 || rules->players == 3 ? rules->players : 4;
    s->dealer = (uint8_t)((first_dealer < 0 ? 0 : first_dealer) % s->players);
    for (int i = 0; i < SK_NSEATS; i++)
        s->seat_player[i] = (uint8_t)i;
}

/* The game's dealer seat; with five players the dealer sits out, so the
 * seats are the four players after him and seat 3 "deals". */
static int game_dealer(sk_session *s)
{
    if (s->players <= 4) {
        for (int i = 0; i < SK_NSEATS; i++)
            s->seat_player[i] = (uint8_t)i;
        return s->dealer;
    }
    for (int i = 0; i < SK_NSEATS; i++)
        s->seat_player[i] = (uint8_t)((s->dealer + 1 + i) % 5);
    return 3;
}

/* Whether the next game is a first game (2.9.1: a Sie does not count;
 * 5.2.15: no Tout, no Schwarz premium): until a deal of the session --
 * or of its stage of stage_games games (5.2.1: "in all stages") -- is
 * played out.  A thrown-in deal is no game played, so the redeal is
 * still the first game (docs/rules.md). */
static bool first_game(const sk_session *s)
{
    unsigned stage = s->rules.stage_games;
    return stage ? s->played % stage == 0 : s->played == 0;
}

/* Deals the next game, its first-game mark set (first_game). */
void sk_session_deal(sk_session *s, sk_game *g, sk_rng *rng)
{
    sk_game_deal(g, &s->rules, game_dealer(s), rng, first_game(s));
    int slot = s->games % SK_SESSION_RING;
    sk_game_set_round(g, s->bock[slot], s->kreuzbock[slot] != 0, NULL);
}

/* Starts the next game from given hands. */
int sk_session_start(sk_session *s, sk_game *g, const uint8_t hands[4][8], sk_error *err)
{
    int rc = sk_game_init(g, &s->rules, game_dealer(s), hands, first_game(s), err);
    int slot = s->games % SK_SESSION_RING;
    if (rc == SK_OK)
        rc = sk_game_set_round(g, s->bock[slot], s->kreuzbock[slot] != 0, err);
    return rc;
}

/* Adds `levels` to the Bock level of the next `n` games (a Bock round
 * is the next four games; overlapping rounds double again, 002). */
static void add_rounds(uint8_t *ring, uint32_t after, int n, int levels)
{
    for (int k = 1; k <= n && k < SK_SESSION_RING; k++) {
        uint8_t *v = &ring[(after + (uint32_t)k) % SK_SESSION_RING];
        *v = (uint8_t)(*v + levels > 8 ? 8 : *v + levels);
    }
}

/* Whether a finished game triggers a Bock round under the ruleset:
 * a throw-in, a lost Solo, a Schwarz game or a Retour (002). */
static bool bock_trigger(const sk_rules *r, const sk_result *res)
{
    if (res->thrown_in)
        return r->bock_on_throw_in;
    bool solo = res->contract.type != SK_C_SAUSPIEL && res->contract.type != SK_C_RAMSCH &&
                res->contract.type != SK_C_HOCHZEIT;
    return (r->bock_on_lost_solo && solo && !res->won) || (r->bock_on_schwarz && res->schwarz) ||
           (r->bock_on_retour && res->doublings >= 2);
}

/* A safety limit: a pot that doubles at every lost game would overflow
 * after some sixty losses; no table plays that long, but random play
 * can.  Above the limit it stops doubling (the loser pays nothing). */
#define STOCK_LIMIT ((int64_t)1 << 50)

/* The Stock (002/003): a throw-in makes every seat pay into the pot; the
 * next declarer (or declarer's side) takes it with a won game or pays
 * its amount again into it with a lost one. */
static void settle_stock(sk_session *s, const sk_result *res)
{
    const sk_rules *r = &s->rules;
    memset(s->stock_flow, 0, sizeof s->stock_flow);
    if (r->stock == SK_STOCK_OFF)
        return;
    if (res->thrown_in) {
        int64_t each = (int64_t)r->stock_rate * r->unit_cents;
        for (int i = 0; i < SK_NSEATS; i++)
            s->stock_flow[i] = -each;
        s->stock += 4 * each;
        return;
    }
    if (s->stock == 0 || res->declarer >= SK_NSEATS)
        return; /* nothing in the pot, or a Ramsch */
    int64_t pot = s->stock;
    if (!res->won && pot > STOCK_LIMIT)
        return;
    int seats[2] = {res->declarer, res->partner};
    int n = r->stock == SK_STOCK_SIDE && res->partner < SK_NSEATS ? 2 : 1;
    for (int i = 0; i < n; i++) { /* the first seat takes an odd cent */
        int64_t share = pot / n + (i == 0 ? pot % n : 0);
        s->stock_flow[seats[i]] = res->won ? share : -share;
    }
    s->stock = res->won ? 0 : 2 * pot;
}

/* What the session's next game is (see core.h). */
void sk_session_next(sk_session *s, sk_session_round *round)
{
    int slot = s->games % SK_SESSION_RING;
    round->dealer = (uint8_t)game_dealer(s);
    round->first_game = first_game(s);
    round->bock = s->bock[slot];
    round->kreuzbock = s->kreuzbock[slot] != 0;
}

/* Books a priced result into the totals and passes the deal on: to the
 * next seat, except after a throw-in under "same dealer" (5.2.5).  A
 * game a mistake ended (res->penalty) moves no Stock and starts no Bock
 * round: no play decided it (docs/rules.md). */
int sk_session_book(sk_session *s, const sk_result *res, sk_error *err)
{
    int64_t money = 0, points = 0;
    for (int i = 0; i < SK_NSEATS; i++) {
        money += res->money[i];
        points += res->tournament[i];
    }
    if (money != 0 || points != 0) {
        if (err) {
            snprintf(err->msg, sizeof err->msg,
                     "the result does not sum to zero (money %lld, points %lld) (5.3.3)",
                     (long long)money, (long long)points);
            err->rule = "5.3.3";
        }
        return SK_EINVAL;
    }
    if (res->penalty)
        memset(s->stock_flow, 0, sizeof s->stock_flow);
    else
        settle_stock(s, res);
    for (int i = 0; i < SK_NSEATS; i++) {
        s->money[s->seat_player[i]] += res->money[i] + s->stock_flow[i];
        s->tournament[s->seat_player[i]] += res->tournament[i];
    }
    const sk_rules *r = &s->rules;
    if (r->bock_games && !res->penalty && bock_trigger(r, res))
        add_rounds(s->bock, s->games, r->bock_games, 1);
    if (r->kreuzbock_on_throw_in && res->thrown_in)
        add_rounds(s->kreuzbock, s->games, 4, 1);
    s->bock[s->games % SK_SESSION_RING] = 0;
    s->kreuzbock[s->games % SK_SESSION_RING] = 0;
    s->games++;
    s->played += !res->thrown_in;
    if (!(res->thrown_in && s->rules.all_pass == SK_ALLPASS_SAME_DEALER))
        s->dealer = (uint8_t)((s->dealer + 1) % s->players);
    return SK_OK;
}

/* Books a finished game: its result, then sk_session_book. */
int sk_session_finish(sk_session *s, const sk_game *g, sk_result *res, sk_error *err)
{
    int rc = sk_game_result(g, res, err);
    if (rc < 0)
        return rc;
    return sk_session_book(s, res, err);
}
