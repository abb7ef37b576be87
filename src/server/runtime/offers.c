/*
 * offers.c -- the runtime's part of offers, not questions (table.h,
 * "Offers"; docs/server-protocol.md "offer"): each pass tells a room
 * the time and who is connected (sk_room_offers_step), which applies
 * what is due -- answers kept for a seat's place in the laying round,
 * the passes of those not waited for or not answering in time, an
 * action held to the hold's end -- and asks the loop for a pass when
 * the hold ends; after the commit each person whose offer changed is
 * told so, on his own connections only.
 */
#include "server/runtime/runtime.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* The step of one room, before the commit (skx_rooms_advance): nothing
 * while the table is paused. */
void skx_offers_step(skx_runtime *rt, skx_room *rm)
{
    rm->offers_wait = 0;
    if (!sk_room_game(rm->room) || sk_room_paused(rm->room))
        return;
    int64_t now = skx_epoch_ms();
    sk_error err = {{0}, NULL};
    int rc = sk_room_offers_step(rm->room, skx_room_present(rm), now, &err);
    if (rc < 0 && !rt->cfg->quiet)
        skx_log(SKX_LOG_WARN, "server: room %s: a held or kept decision was refused: %s\n",
                rm->code, err.msg);
    if (rc > 0)
        skx_room_persist(rt, rm);
    int64_t until = sk_room_hold_until(rm->room);
    if (until > 0) { /* look again at the hold's end, and at every pass till then */
        rm->offers_wait = 1;
        skx_transport_wake_at(rt->tp, until);
    }
}

/* The name of an offer (an action type) in the protocol. */
static const char *offer_name(int type)
{
    return type == SK_ACT_KONTRA ? "kontra" : type == SK_ACT_RETOUR ? "retour" : "klopfen";
}

/* Tells each seated person whose offer changed since he was last told
 * (its kind, its event, the hold's end) -- only on his own connections:
 * who is offered a doubling tells who is not the declarer's partner. */
void skx_offers_send(skx_room *rm)
{
    int64_t until = sk_room_hold_until(rm->room);
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        skx_offer_sent *sent = &rm->offer_sent[s];
        uint64_t since = 0;
        int type = st && st->kind == SK_ROOM_HUMAN ? sk_room_seat_offer(rm->room, s, &since) : -1;
        int64_t u = type >= 0 ? until : 0;
        uint64_t player = st ? st->player : 0;
        if (type == sent->type && (type < 0 || (u == sent->until && since == sent->since)) &&
            player == sent->player)
            continue;
        bool was = sent->type >= 0 && player == sent->player;
        sent->type = type;
        sent->until = u;
        sent->since = since;
        sent->player = player;
        if (type < 0 && !was)
            continue;
        for (int i = 0; i < rm->nsubs; i++) {
            skx_watcher *w = rm->subs[i];
            if (w->player != player || !player || skx_conn_closing(w->conn))
                continue;
            json_t *o = json_pack("{s:s, s:s, s:i, s:I}", "type", "offer", "room", rm->code, "seat",
                                  s, "seq", (json_int_t)(type >= 0 ? since : sk_room_seq(rm->room)));
            if (!o)
                continue;
            json_object_set_new(o, "offer", type >= 0 ? json_string(offer_name(type)) : json_null());
            if (type >= 0)
                json_object_set_new(o, "until", u > 0 ? json_integer(u) : json_null());
            skx_send_json(w->conn, o, NULL);
        }
    }
}

/* Forgets what the seats were told (a room made or restored): the
 * first pass tells each person his offer anew. */
void skx_offers_reset(skx_room *rm)
{
    for (int s = 0; s < SK_ROOM_SEATS; s++)
        rm->offer_sent[s] = (skx_offer_sent){.type = -1};
}
