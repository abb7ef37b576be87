/*
 * claim.c -- "Der Rest gehört mir" at a server table: a seated player
 * claims every remaining trick for his side (docs/server-protocol.md,
 * `claim`).  The ai layer judges the claim from the claimer's view and
 * finds the line to play (sk_claim_line); early in a game that takes up
 * to some hundred milliseconds (docs/server.md has the figures), so it
 * runs on a worker thread with a copy of the game, and the loop applies
 * the answer only if the room still stands at the event the claim saw:
 * the room plays the line out (sk_room_claim: a "claim" event, the cards
 * as actions, the result), or the claimer hears that it does not hold.
 */
#include "server/handlers/handlers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void claim_done(skx_runtime *rt, skx_job *j);

/* On a worker: whether the claim holds, and the line to play it out. */
static void claim_work(skx_job *j)
{
    sk_error err = {{0}, NULL};
    j->cur->rules = &j->rules;
    j->claim_rc = sk_claim_line(j->cur, j->gseat, j->line, SK_NCARDS, &err);
}

/* A claim request: a seated player (not away) during the play, on the
 * room's latest event; posted to a worker. */
void skx_claim_request(skx_client *c, skx_room *rm, const skx_msg *m)
{
    int seat = skx_room_seat_of(rm, c->watch.player);
    const sk_room_seat *st = seat >= 0 ? sk_room_seat_at(rm->room, seat) : NULL;
    const sk_game *g = sk_room_game(rm->room);
    const char *why = NULL;
    sk_view view;
    if (!st || st->away)
        why = "claim: you have no seat in this room";
    else if (!g || g->pub.phase != SK_PHASE_PLAY)
        why = "claim: only during the play of the cards";
    else if (m->seen != sk_room_seq(rm->room))
        why = "claim: stale: the table moved on; look again";
    else if (sk_room_offer(rm->room) >= 0)
        why = "claim: a doubling is on offer; it is answered first";
    else if (rm->claiming)
        why = "claim: one is being checked at this table";
    else if (sk_room_view(rm->room, seat, &view) < 0)
        why = "claim: you sit out this game";
    if (why) {
        skx_send_error(c->conn, m->ref, "refused", why, NULL);
        return;
    }
    skx_job *j = calloc(1, sizeof *j);
    sk_game *copy = j ? malloc(sizeof *copy) : NULL;
    if (!copy) {
        free(j);
        skx_send_error(c->conn, m->ref, "internal", "claim: out of memory", NULL);
        return;
    }
    *copy = *g;
    j->kind = SKX_JOB_CLAIM;
    j->work = claim_work;
    j->done = claim_done;
    j->room = rm->id;
    j->seat = seat;
    j->gseat = view.seat;
    j->seq = sk_room_seq(rm->room);
    j->rules = *sk_room_rules(rm->room);
    copy->rules = &j->rules;
    j->cur = copy;
    j->player = c->watch.player;
    snprintf(j->ref, sizeof j->ref, "%s", m->ref);
    rm->claiming = 1;
    j->lane = skx_room_lane(rm); /* fair shares: the table's creator's lane */
    skx_pool_post(&c->srv->rt->pool, j);
}

/* A finished claim check: the room plays the line out, or the claimer
 * hears that it does not hold (or that the table moved on). */
static void claim_done(skx_runtime *rt, skx_job *j)
{
    skx_room *rm = skx_room_by_id(rt, j->room);
    free(j->cur);
    j->cur = NULL;
    if (!rm)
        return;
    rm->claiming = 0;
    rm->recheck = 1;
    if (sk_room_seq(rm->room) != j->seq) {
        skx_room_tell_player(rm, j->player, j->ref, NULL, "refused",
                             "claim: the table moved on meanwhile; look again");
        return;
    }
    if (j->claim_rc == SK_ESTATE) { /* it does not hold: nothing changes */
        json_t *o = json_pack("{s:s, s:s, s:b}", "type", "claim", "room", rm->code, "holds", 0);
        skx_room_tell_player(rm, j->player, j->ref, o, NULL, NULL);
        json_decref(o);
        return;
    }
    if (j->claim_rc <= 0) {
        skx_room_tell_player(rm, j->player, j->ref, NULL, "refused",
                             j->claim_rc == SK_ERANGE
                                 ? "claim: too many ways the rest can go to check now; claim later"
                                 : "claim: it could not be checked");
        return;
    }
    uint8_t cards[SK_NCARDS];
    for (int i = 0; i < j->claim_rc; i++)
        cards[i] = j->line[i].card;
    sk_error err = {{0}, NULL};
    if (sk_room_claim(rm->room, j->seat, cards, j->claim_rc, j->seq, &err) < 0) {
        if (!rt->cfg->quiet)
            skx_log(SKX_LOG_WARN, "server: room %s: a claim's line was refused: %s\n", rm->code,
                    err.msg);
        skx_room_tell_player(rm, j->player, j->ref, NULL, "internal",
                             "claim: the line could not be played");
        return;
    }
    skx_room_persist(rt, rm);
}
