/*
 * room_msgs.c -- the messages that make and change rooms: create, join,
 * spectate, leave, seating a bot, decide, pause, chat, sync, next (the
 * settlement seen) and settings; a hint,
 * a claim and a rating are handed to hint.c, claim.c and rate.c.  Each
 * checks who asks, applies the change to the table layer's room, and
 * has the room runtime append it to the store (skx_room_persist); the
 * runtime's pass sends the events after the commit.
 */
#include "server/handlers/handlers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A fresh invitation code not in use. */
static void new_code(skx_server *srv, char code[SKX_CODE_LEN + 1])
{
    do
        skx_code_random(code);
    while (skx_room_find(srv->rt, code));
}

static int set_settings(skx_room *rm, const skx_msg *m, sk_error *err);

/* create: a room under the message's ruleset; its creator sits in seat
 * 0 (unless he asked to watch) and follows it. */
static void create(skx_client *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    const char *fallback = m->fallback[0] ? m->fallback : SK_BOT_TABLE_LEVEL;
    sk_error err = {{0}, NULL};
    if (!skx_shares_may_create(c, m->ref))
        return;
    sk_bot *probe = sk_bot_new(fallback, 1, &err);
    if (!probe) {
        char msg[300];
        snprintf(msg, sizeof msg, "create.fallback: %s", err.msg);
        skx_send_error(c->conn, m->ref, "bad_message", msg, NULL);
        return;
    }
    sk_bot_free(probe);
    /* the preset and house rules by the ruleset's own names, a refusal
     * in the connection's language naming the option (as a book's) */
    sk_rules rules;
    char why[300];
    if (sk_sheet_rules_read(m->rules_text, c->lang, &rules, why, sizeof why) < 0 ||
        sk_sheet_rules_check(&rules, c->lang, why, sizeof why) < 0) {
        skx_send_error(c->conn, m->ref, "bad_message", why, NULL);
        return;
    }
    sk_room *trial = sk_room_new(0, &rules, fallback, &err);
    if (!trial) {
        char msg[300];
        snprintf(msg, sizeof msg, "create.rules: %s", err.msg);
        skx_send_error(c->conn, m->ref, "refused", msg, err.rule);
        return;
    }
    sk_room_free(trial);
    char code[SKX_CODE_LEN + 1];
    new_code(srv, code);
    char *rules_json = sk_rules_json(&rules);
    if (!rules_json || skx_store_txn(srv->rt) < 0) {
        free(rules_json);
        return;
    }
    sk_store_room row = {.rules_json = rules_json, .title = (char *)m->title, .invite = code,
                         .listed = m->listed, .fallback = (char *)fallback,
                         .created = (int64_t)time(NULL)}; /* seconds since the epoch */
    uint64_t id = 0;
    int rc = sk_store_room_create(srv->store, &row, &id, &err);
    free(rules_json);
    if (rc < 0) {
        skx_runtime_fail(srv->rt, &err);
        return;
    }
    sk_room *room = sk_room_new(id, &rules, fallback, &err);
    skx_room *rm =
        room ? skx_room_add(srv->rt, room, id, code, m->title, m->listed, fallback) : NULL;
    if (!rm) {
        skx_send_error(c->conn, m->ref, "internal", "the room could not be made", NULL);
        return;
    }
    rm->stored = 0;
    rm->owner_addr = c->addr_key; /* fair shares: counted as its creator's */
    rm->owner_account = c->account;
    if (m->timer > 0 && sk_room_set_timer(room, m->timer, &err) < 0) {
        skx_send_error(c->conn, m->ref, "internal", "the room's timer could not be set", NULL);
        return;
    }
    if (m->hold != sk_room_hold(room) && sk_room_set_hold(room, m->hold, &err) < 0) {
        skx_send_error(c->conn, m->ref, "internal", "the room's hold could not be set", NULL);
        return;
    }
    if (set_settings(rm, m, &err) < 0) {
        skx_send_error(c->conn, m->ref, "internal", "the room's settings could not be set", NULL);
        return;
    }
    /* the creator sits down at once (issue 40), unless he watches */
    bool sits = !m->watch && sk_room_sit_human(room, 0, c->watch.player, c->name, &err) == 0;
    if (!skx_room_persist(srv->rt, rm))
        return;
    json_t *created = json_pack("{s:s, s:s}", "type", "created", "room", code);
    json_object_set_new(created, "seat", sits ? json_integer(0) : json_null());
    skx_send_json(c->conn, created, m->ref);
    skx_room_follow(c->srv->rt, &c->watch, rm, NULL);
}

/* Sets the room's settle and play_on where the message gives them
 * (create, settings): one "settings" event; nothing when neither is
 * given or both stay as they are. */
static int set_settings(skx_room *rm, const skx_msg *m, sk_error *err)
{
    int settle = m->settle >= 0 ? m->settle : sk_room_settle(rm->room);
    bool play_on = m->play_on >= 0 ? m->play_on != 0 : sk_room_play_on(rm->room);
    if (settle == sk_room_settle(rm->room) && play_on == sk_room_play_on(rm->room))
        return 0;
    return sk_room_set_settings(rm->room, settle, play_on, err);
}

/* join by one who sits in the room already: his own seat answers the
 * state again (the creator sits at once, a client may still join);
 * another is refused -- he leaves first, then joins there. */
static void rejoin(skx_client *c, skx_room *rm, const skx_msg *m, int seat)
{
    if (m->seat == seat) {
        skx_room_follow(c->srv->rt, &c->watch, rm, m->ref);
        return;
    }
    char msg[96];
    snprintf(msg, sizeof msg, "join: you sit in seat %d of this room already (leave it first)",
             seat);
    skx_send_error(c->conn, m->ref, "refused", msg, NULL);
}

/* The reply for an error of the table layer: its kind by status. */
static void table_error(skx_client *c, const skx_msg *m, int rc, const sk_error *err)
{
    const char *code = rc == SK_EILLEGAL ? "illegal" : rc == SK_ESTATE ? "refused" : "refused";
    char msg[320];
    snprintf(msg, sizeof msg, "%s: %s", skx_msg_type_name(m->type), err->msg);
    skx_send_error(c->conn, m->ref, code, msg, err->rule);
}

void skx_rooms_handle(skx_client *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    if (m->type == SKX_MSG_CREATE) {
        create(c, m);
        return;
    }
    skx_room *rm = skx_room_find(srv->rt, m->room);
    if (!rm && skx_lease_elsewhere(srv->rt)) {
        /* a cluster: another process runs the room now and is asked to
         * give it up; the connection closes (its reason says why), and
         * connecting again through nginx meets the room where its
         * table's connections go (docs/server.md "Cluster") */
        skx_conn_close(c->conn, "room moved to another server: connect again");
        return;
    }
    if (!rm) {
        skx_send_error(c->conn, m->ref, "not_found", "no room with that code", NULL);
        return;
    }
    sk_error err = {{0}, NULL};
    int seat = skx_room_seat_of(rm, c->watch.player), rc = 0;
    bool following = skx_room_sub(&c->watch, rm) != NULL;
    switch (m->type) {
    case SKX_MSG_SPECTATE:
        skx_room_follow(srv->rt, &c->watch, rm, m->ref);
        return;
    case SKX_MSG_JOIN:
        if (seat >= 0) {
            rejoin(c, rm, m, seat);
            return;
        }
        if (!following && c->watch.nsubs == SKX_SUBS_MAX) {
            skx_send_error(c->conn, m->ref, "refused", "a connection follows at most 8 rooms",
                           NULL);
            return;
        }
        if ((rc = sk_room_sit_human(rm->room, m->seat, c->watch.player, c->name, &err)) < 0)
            break;
        if (skx_room_persist(srv->rt, rm))
            skx_room_follow(srv->rt, &c->watch, rm, m->ref);
        return;
    case SKX_MSG_LEAVE:
        if (seat >= 0 && (rc = sk_room_leave(rm->room, seat, &err)) < 0)
            break;
        if (!skx_room_persist(srv->rt, rm))
            return;
        skx_room_unfollow(srv->rt, &c->watch, rm);
        skx_send_json(c->conn, json_pack("{s:s, s:s}", "type", "left", "room", rm->code), m->ref);
        return;
    case SKX_MSG_BOT:
        if (!following) {
            skx_send_error(c->conn, m->ref, "refused", "bot: join or watch the room first", NULL);
            return;
        }
        if (strncmp(m->bot, "ext:", 4) == 0 && !skx_engine_command(srv->rt, m->bot)) {
            skx_send_error(c->conn, m->ref, "refused",
                           "bot: no such engine on this server (the lobby lists them)", NULL);
            return;
        }
        if (m->bot[0]) {
            if (!skx_shares_may_seat_bot(c, rm, m->seat, m->ref))
                return;
            if ((rc = sk_room_sit_bot(rm->room, m->seat, m->bot, &err)) == 0)
                rm->bot_by[m->seat] = c->addr_key;
        } else {
            const sk_room_seat *st = sk_room_seat_at(rm->room, m->seat);
            if (!st || st->kind != SK_ROOM_BOT) {
                skx_send_error(c->conn, m->ref, "refused", "bot: no bot sits in that seat", NULL);
                return;
            }
            rc = sk_room_leave(rm->room, m->seat, &err);
        }
        if (rc < 0)
            break;
        skx_room_persist(srv->rt, rm);
        return;
    case SKX_MSG_DECIDE: {
        if (seat < 0) {
            skx_send_error(c->conn, m->ref, "refused", "decide: you have no seat in this room",
                           NULL);
            return;
        }
        sk_action a = m->act;
        a.seat = (uint8_t)seat;
        if ((rc = sk_room_decide(rm->room, seat, a, m->seen, &err)) < 0)
            break;
        skx_room_persist(srv->rt, rm);
        return;
    }
    case SKX_MSG_HINT:
        skx_hint_request(c, rm, m);
        return;
    case SKX_MSG_CLAIM:
        skx_claim_request(c, rm, m);
        return;
    case SKX_MSG_RATE:
        skx_rate_request(c, rm, m);
        return;
    case SKX_MSG_PAUSE:
        if (seat < 0) {
            skx_send_error(c->conn, m->ref, "refused", "pause: you have no seat in this room",
                           NULL);
            return;
        }
        if ((rc = sk_room_pause(rm->room, seat, m->pause, skx_room_present(rm), &err)) < 0)
            break;
        skx_room_persist(srv->rt, rm);
        return;
    case SKX_MSG_CHAT: {
        if (!following) {
            skx_send_error(c->conn, m->ref, "refused", "chat: join or watch the room first", NULL);
            return;
        }
        int64_t at = (int64_t)time(NULL); /* seconds since the epoch, not the loop's monotonic clock */
        if (skx_store_txn(srv->rt) < 0)
            return;
        if (sk_store_chat_add(srv->store, rm->id, c->name, m->text, at, &err) < 0) {
            skx_runtime_fail(srv->rt, &err);
            return;
        }
        char pid[SKX_PLAYER_HEX + 1];
        skx_player_hex(c->watch.player, pid);
        json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:I}", "type", "chat", "room", rm->code,
                              "name", c->name, "player", pid, "text", m->text, "at",
                              (json_int_t)at);
        skx_room_chat(srv->rt, rm, o ? json_dumps(o, JSON_COMPACT) : NULL);
        json_decref(o);
        return;
    }
    case SKX_MSG_NEXT: /* the settlement seen: the next deal need not wait for him */
        if (seat < 0) {
            skx_send_error(c->conn, m->ref, "refused", "next: you have no seat in this room",
                           NULL);
            return;
        }
        skx_settle_next(srv->rt, rm, seat);
        return;
    case SKX_MSG_SETTINGS:
        if (seat < 0) {
            skx_send_error(c->conn, m->ref, "refused", "settings: you have no seat in this room",
                           NULL);
            return;
        }
        if ((rc = set_settings(rm, m, &err)) < 0)
            break;
        rm->recheck = 1; /* playing on may deal or decide now */
        skx_room_persist(srv->rt, rm);
        return;
    case SKX_MSG_SYNC: {
        if (!following) {
            skx_send_error(c->conn, m->ref, "refused", "sync: join or watch the room first", NULL);
            return;
        }
        skx_room_sync(srv->rt, &c->watch, rm, seat, m->after, m->ref);
        return;
    }
    default:
        skx_send_error(c->conn, m->ref, "bad_message", "this message type is not handled here",
                       NULL);
        return;
    }
    table_error(c, m, rc, &err);
}
