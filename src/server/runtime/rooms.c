/*
 * rooms.c -- the rooms this process runs: creating, joining, watching
 * and leaving them, seating bots, decisions and chat, and the loop's
 * part of each pass: apply the bots' answers, deal, append every new
 * journal entry to the store (skx_rooms_advance, before the commit),
 * then send the events each follower may see and ask whoever must
 * decide next -- a human's connections, or a bot on a worker thread
 * (skx_rooms_broadcast, after the commit).
 *
 * Every game message comes from the table layer (sk_room_message,
 * sk_room_state), made for its recipient through core's visibility;
 * this file only wraps them in the protocol's envelope.
 */
#include "server/server_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The room with a store id, or NULL. */
skx_room *skx_room_by_id(skx_server *srv, uint64_t id)
{
    return skx_roomidx_id(srv, id);
}

skx_room *skx_room_find(skx_server *srv, const char *code)
{
    return skx_roomidx_code(srv, code);
}

/* The answer to one player's request worked out off the loop (a hint, a
 * claim, a rating): `o` (a reference is taken for each) or else an
 * error, to every connection of his that follows the room -- the one
 * that asked may be gone by now. */
void skx_room_tell_player(skx_room *rm, uint64_t player, const char *ref, json_t *o,
                          const char *code, const char *msg)
{
    for (int i = 0; i < rm->nsubs; i++) {
        skx_conn *c = rm->subs[i];
        if (c->player != player || c->doomed)
            continue;
        if (o)
            skx_send_json(c, json_incref(o), ref);
        else
            skx_send_error(c, ref, code, msg, NULL);
    }
}

/* Wraps a table room and adds it to the server; NULL when out of memory
 * (the table room is then freed). */
skx_room *skx_room_add(skx_server *srv, sk_room *room, uint64_t id, const char *code,
                          const char *title, int listed, const char *fallback)
{
    skx_room *rm = calloc(1, sizeof *rm);
    if (!rm || (srv->nrooms == srv->caprooms && srv->caprooms > SIZE_MAX / 4)) {
        free(rm);
        sk_room_free(room);
        return NULL;
    }
    if (srv->nrooms == srv->caprooms) {
        size_t cap = srv->caprooms ? 2 * srv->caprooms : 16;
        skx_room **rooms = realloc(srv->rooms, cap * sizeof *rooms);
        if (!rooms) {
            free(rm);
            sk_room_free(room);
            return NULL;
        }
        srv->rooms = rooms;
        srv->caprooms = cap;
    }
    rm->room = room;
    rm->id = id;
    snprintf(rm->code, sizeof rm->code, "%s", code);
    snprintf(rm->title, sizeof rm->title, "%s", title);
    rm->listed = listed;
    snprintf(rm->fallback, sizeof rm->fallback, "%s", fallback);
    rm->job_seat = -1;
    rm->recheck = 1;
    rm->stored = rm->sent = sk_room_seq(room);
    if (skx_roomidx_add(srv, rm) < 0) {
        free(rm);
        sk_room_free(room);
        return NULL;
    }
    srv->rooms[srv->nrooms++] = rm;
    skx_room_touch(srv, rm);
    return rm;
}

/* Frees one room and what it holds. */
static void room_free(skx_room *rm)
{
    sk_room_free(rm->room);
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        sk_bot_free(rm->bots[s]);
        skx_engseat_free(rm->engines[s]); /* teardown: the workers are gone */
    }
    free(rm->subs);
    for (skx_chat *ch = rm->chat_head, *n; ch; ch = n) {
        n = ch->next;
        free(ch->json);
        free(ch);
    }
    free(rm);
}

void skx_rooms_free(skx_server *srv)
{
    for (size_t i = 0; i < srv->nrooms; i++)
        room_free(srv->rooms[i]);
    free(srv->rooms);
    skx_roomidx_free(srv);
    srv->rooms = NULL;
    srv->nrooms = srv->caprooms = 0;
}

/* The seat where `player` sits in a room, or -1. */
int skx_room_seat_of(const skx_room *rm, uint64_t player)
{
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        if (st && st->kind == SK_ROOM_HUMAN && st->player == player)
            return s;
    }
    return -1;
}

/* The connection's subscription to a room, or NULL. */
skx_sub *skx_room_sub(skx_conn *c, const skx_room *rm)
{
    for (int i = 0; i < c->nsubs; i++)
        if (c->subs[i].room == rm)
            return &c->subs[i];
    return NULL;
}

/* Appends the room's new journal entries to the store (in the pass's
 * transaction); false after a store failure (the server stops). */
bool skx_room_persist(skx_server *srv, skx_room *rm)
{
    uint64_t seq = sk_room_seq(rm->room);
    if (rm->stored < seq)
        skx_room_touch(srv, rm);
    while (rm->stored < seq) {
        uint64_t n = rm->stored + 1;
        char *entry = sk_room_journal(rm->room, n);
        sk_error err = {{0}, NULL};
        if (!entry) {
            snprintf(err.msg, sizeof err.msg, "room %s: no journal entry for event %" PRIu64,
                     rm->code, n);
            skx_server_fail(srv, &err);
            return false;
        }
        int rc = skx_store_txn(srv);
        if (rc == 0 && sk_store_journal_append(srv->store, rm->id, n, entry, &err) < 0) {
            skx_server_fail(srv, &err);
            rc = -1;
        }
        free(entry);
        if (rc < 0)
            return false;
        rm->stored = n;
    }
    return skx_games_persist(srv, rm); /* a finished game: in the same transaction */
}

/* Sends the prompt to decide to one connection: the seat, the event
 * number to quote, and the actions on offer in core's notation. */
void skx_room_send_turn(skx_conn *c, const skx_room *rm, int seat, const sk_action *legal,
                        int n)
{
    json_t *acts = json_array();
    for (int i = 0; i < n; i++) {
        char text[64];
        sk_action_format(legal[i], text, sizeof text);
        json_array_append_new(acts, json_string(text));
    }
    json_t *o = json_pack("{s:s, s:s, s:i, s:I, s:o}", "type", "turn", "room", rm->code, "seat",
                          seat, "seq", (json_int_t)sk_room_seq(rm->room), "legal", acts);
    int64_t deadline = sk_room_deadline(rm->room);
    if (o && deadline > 0)
        json_object_set_new(o, "deadline", json_integer(deadline));
    skx_send_json(c, o, NULL);
}

/* Sends the whole room as the connection's player may see it (its seat,
 * or a spectator's), and the prompt if that seat must decide. */
static void send_state(skx_conn *c, skx_room *rm, const char *ref)
{
    int seat = skx_room_seat_of(rm, c->player);
    char *text = sk_room_state(rm->room, seat < 0 ? SK_ROOM_SPECTATOR : seat);
    json_t *state = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    if (!state) {
        skx_send_error(c, ref, "internal", "the room's state could not be made", NULL);
        return;
    }
    json_t *o = json_pack("{s:s, s:s, s:s, s:I, s:o}", "type", "state", "room", rm->code,
                          "title", rm->title, "seq", (json_int_t)sk_room_seq(rm->room),
                          "state", state);
    json_object_set_new(o, "seat", seat < 0 ? json_null() : json_integer(seat));
    skx_send_json(c, o, ref);
    skx_sub *sub = skx_room_sub(c, rm);
    if (sub)
        sub->sent = sk_room_seq(rm->room);
    sk_action legal[SK_MAX_LEGAL];
    int n = 0;
    if (seat >= 0 && rm->prompted == sk_room_seq(rm->room) &&
        sk_room_pending(rm->room, legal, &n) == seat)
        skx_room_send_turn(c, rm, seat, legal, n);
}

/* Sends one stored chat line (the room's last lines, on following). */
static int send_old_chat(void *ctx, const char *name, const char *text, int64_t at)
{
    void **pair = ctx;
    skx_conn *c = pair[0];
    const skx_room *rm = pair[1];
    skx_send_json(c, json_pack("{s:s, s:s, s:s, s:s, s:I, s:b}", "type", "chat", "room", rm->code,
                               "name", name, "text", text, "at", (json_int_t)at, "history", 1),
                  NULL);
    return 0;
}

/* Makes the connection follow a room and sends it the state; false
 * (with an error reply) when it follows too many. */
static bool follow(skx_conn *c, skx_room *rm, const char *ref)
{
    if (!skx_room_sub(c, rm)) {
        if (c->nsubs == SKX_SUBS_MAX) {
            skx_send_error(c, ref, "refused", "a connection follows at most 8 rooms: leave one",
                           NULL);
            return false;
        }
        if (rm->nsubs == rm->capsubs) {
            int cap = rm->capsubs ? 2 * rm->capsubs : 8;
            skx_conn **subs = realloc(rm->subs, (size_t)cap * sizeof *subs);
            if (!subs) {
                skx_send_error(c, ref, "internal", "out of memory", NULL);
                return false;
            }
            rm->subs = subs;
            rm->capsubs = cap;
        }
        rm->subs[rm->nsubs++] = c;
        c->subs[c->nsubs++] = (skx_sub){rm, 0};
        rm->recheck = 1; /* one who sits there may be back: deal, ask */
        skx_room_touch(c->srv, rm);
        send_state(c, rm, ref);
        void *pair[2] = {c, rm};
        sk_error err = {{0}, NULL};
        sk_store_chat(c->srv->store, rm->id, 20, send_old_chat, pair, &err);
        return true;
    }
    send_state(c, rm, ref);
    return true;
}

/* Stops the connection following a room. */
static void unfollow(skx_conn *c, skx_room *rm)
{
    for (int i = 0; i < rm->nsubs; i++)
        if (rm->subs[i] == c) {
            rm->subs[i] = rm->subs[--rm->nsubs];
            rm->recheck = 1;
            skx_room_touch(c->srv, rm);
            break;
        }
    for (int i = 0; i < c->nsubs; i++)
        if (c->subs[i].room == rm) {
            c->subs[i] = c->subs[--c->nsubs];
            break;
        }
}

void skx_rooms_drop_conn(skx_conn *c)
{
    while (c->nsubs > 0)
        unfollow(c, c->subs[0].room);
}

void skx_rooms_resume(skx_conn *c)
{
    skx_server *srv = c->srv;
    for (size_t i = 0; i < srv->nrooms && c->nsubs < SKX_SUBS_MAX; i++)
        if (skx_room_seat_of(srv->rooms[i], c->player) >= 0)
            follow(c, srv->rooms[i], NULL);
}

void skx_rooms_restate(skx_conn *c)
{
    for (int i = 0; i < c->nsubs; i++)
        send_state(c, c->subs[i].room, NULL);
}

bool skx_rooms_seated(skx_server *srv, uint64_t player)
{
    for (size_t i = 0; i < srv->nrooms; i++)
        if (skx_room_seat_of(srv->rooms[i], player) >= 0)
            return true;
    return false;
}

/* A fresh invitation code not in use. */
static void new_code(skx_server *srv, char code[SKX_CODE_LEN + 1])
{
    do
        skx_code_random(code);
    while (skx_room_find(srv, code));
}

/* create: a room under the message's ruleset; its creator follows it. */
static void create(skx_conn *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    const char *fallback = m->fallback[0] ? m->fallback : SK_BOT_TABLE_LEVEL;
    sk_error err = {{0}, NULL};
    sk_bot *probe = sk_bot_new(fallback, 1, &err);
    if (!probe) {
        char msg[300];
        snprintf(msg, sizeof msg, "create.fallback: %s", err.msg);
        skx_send_error(c, m->ref, "bad_message", msg, NULL);
        return;
    }
    sk_bot_free(probe);
    /* the preset and house rules by the ruleset's own names, a refusal
     * in the connection's language naming the option (as a book's) */
    sk_rules rules;
    char why[300];
    if (sk_sheet_rules_read(m->rules_text, c->lang, &rules, why, sizeof why) < 0 ||
        sk_sheet_rules_check(&rules, c->lang, why, sizeof why) < 0) {
        skx_send_error(c, m->ref, "bad_message", why, NULL);
        return;
    }
    sk_room *trial = sk_room_new(0, &rules, fallback, &err);
    if (!trial) {
        char msg[300];
        snprintf(msg, sizeof msg, "create.rules: %s", err.msg);
        skx_send_error(c, m->ref, "refused", msg, err.rule);
        return;
    }
    sk_room_free(trial);
    char code[SKX_CODE_LEN + 1];
    new_code(srv, code);
    char *rules_json = sk_rules_json(&rules);
    if (!rules_json || skx_store_txn(srv) < 0) {
        free(rules_json);
        return;
    }
    sk_store_room row = {0, rules_json, (char *)m->title, code, m->listed, (char *)fallback,
                         (int64_t)time(NULL), 0}; /* seconds since the epoch */
    uint64_t id = 0;
    int rc = sk_store_room_create(srv->store, &row, &id, &err);
    free(rules_json);
    if (rc < 0) {
        skx_server_fail(srv, &err);
        return;
    }
    sk_room *room = sk_room_new(id, &rules, fallback, &err);
    skx_room *rm = room ? skx_room_add(srv, room, id, code, m->title, m->listed, fallback) : NULL;
    if (!rm) {
        skx_send_error(c, m->ref, "internal", "the room could not be made", NULL);
        return;
    }
    rm->stored = 0;
    if (m->timer > 0 && sk_room_set_timer(room, m->timer, &err) < 0) {
        skx_send_error(c, m->ref, "internal", "the room's timer could not be set", NULL);
        return;
    }
    if (!skx_room_persist(srv, rm))
        return;
    skx_send_json(c, json_pack("{s:s, s:s}", "type", "created", "room", code), m->ref);
    follow(c, rm, NULL);
}

/* The reply for an error of the table layer: its kind by status. */
static void table_error(skx_conn *c, const skx_msg *m, int rc, const sk_error *err)
{
    const char *code = rc == SK_EILLEGAL ? "illegal" : rc == SK_ESTATE ? "refused" : "refused";
    char msg[320];
    snprintf(msg, sizeof msg, "%s: %s", skx_msg_type_name(m->type), err->msg);
    skx_send_error(c, m->ref, code, msg, err->rule);
}

void skx_rooms_handle(skx_conn *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    if (m->type == SKX_MSG_CREATE) {
        create(c, m);
        return;
    }
    skx_room *rm = skx_room_find(srv, m->room);
    if (!rm) {
        skx_send_error(c, m->ref, "not_found", "no room with that code", NULL);
        return;
    }
    sk_error err = {{0}, NULL};
    int seat = skx_room_seat_of(rm, c->player), rc = 0;
    bool following = skx_room_sub(c, rm) != NULL;
    switch (m->type) {
    case SKX_MSG_SPECTATE:
        follow(c, rm, m->ref);
        return;
    case SKX_MSG_JOIN:
        if (seat >= 0) {
            char msg[64];
            snprintf(msg, sizeof msg, "join: you sit in seat %d of this room already", seat);
            skx_send_error(c, m->ref, "refused", msg, NULL);
            return;
        }
        if (!following && c->nsubs == SKX_SUBS_MAX) {
            skx_send_error(c, m->ref, "refused", "a connection follows at most 8 rooms", NULL);
            return;
        }
        if ((rc = sk_room_sit_human(rm->room, m->seat, c->player, c->name, &err)) < 0)
            break;
        if (skx_room_persist(srv, rm))
            follow(c, rm, m->ref);
        return;
    case SKX_MSG_LEAVE:
        if (seat >= 0 && (rc = sk_room_leave(rm->room, seat, &err)) < 0)
            break;
        if (!skx_room_persist(srv, rm))
            return;
        unfollow(c, rm);
        skx_send_json(c, json_pack("{s:s, s:s}", "type", "left", "room", rm->code), m->ref);
        return;
    case SKX_MSG_BOT:
        if (!following) {
            skx_send_error(c, m->ref, "refused", "bot: join or watch the room first", NULL);
            return;
        }
        if (strncmp(m->bot, "ext:", 4) == 0 && !skx_engine_command(srv, m->bot)) {
            skx_send_error(c, m->ref, "refused",
                           "bot: no such engine on this server (the lobby lists them)", NULL);
            return;
        }
        if (m->bot[0]) {
            rc = sk_room_sit_bot(rm->room, m->seat, m->bot, &err);
        } else {
            const sk_room_seat *st = sk_room_seat_at(rm->room, m->seat);
            if (!st || st->kind != SK_ROOM_BOT) {
                skx_send_error(c, m->ref, "refused", "bot: no bot sits in that seat", NULL);
                return;
            }
            rc = sk_room_leave(rm->room, m->seat, &err);
        }
        if (rc < 0)
            break;
        skx_room_persist(srv, rm);
        return;
    case SKX_MSG_DECIDE: {
        if (seat < 0) {
            skx_send_error(c, m->ref, "refused", "decide: you have no seat in this room", NULL);
            return;
        }
        sk_action a = m->act;
        a.seat = (uint8_t)seat;
        if ((rc = sk_room_decide(rm->room, seat, a, m->seen, &err)) < 0)
            break;
        skx_room_persist(srv, rm);
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
            skx_send_error(c, m->ref, "refused", "pause: you have no seat in this room", NULL);
            return;
        }
        if ((rc = sk_room_pause(rm->room, seat, m->pause, skx_room_present(rm), &err)) < 0)
            break;
        skx_room_persist(srv, rm);
        return;
    case SKX_MSG_CHAT: {
        if (!following) {
            skx_send_error(c, m->ref, "refused", "chat: join or watch the room first", NULL);
            return;
        }
        int64_t at = (int64_t)time(NULL); /* seconds since the epoch, not the loop's monotonic clock */
        if (skx_store_txn(srv) < 0)
            return;
        if (sk_store_chat_add(srv->store, rm->id, c->name, m->text, at, &err) < 0) {
            skx_server_fail(srv, &err);
            return;
        }
        char pid[SKX_PLAYER_HEX + 1];
        skx_player_hex(c->player, pid);
        json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:I}", "type", "chat", "room", rm->code,
                              "name", c->name, "player", pid, "text", m->text, "at",
                              (json_int_t)at);
        skx_chat *ch = calloc(1, sizeof *ch);
        if (ch && o && (ch->json = json_dumps(o, JSON_COMPACT))) {
            if (rm->chat_tail)
                rm->chat_tail->next = ch;
            else
                rm->chat_head = ch;
            rm->chat_tail = ch;
            skx_room_touch(srv, rm);
        } else {
            free(ch);
        }
        json_decref(o);
        return;
    }
    case SKX_MSG_SYNC: {
        if (!following) {
            skx_send_error(c, m->ref, "refused", "sync: join or watch the room first", NULL);
            return;
        }
        uint64_t seq = rm->sent;
        skx_sub *sub = skx_room_sub(c, rm);
        sub->sent = m->after < seq ? m->after : seq;
        /* The missing events are sent with the next broadcast; one the
         * room no longer keeps means the whole state instead. */
        for (uint64_t n = sub->sent + 1; n <= seq; n++) {
            char *text = sk_room_message(rm->room, n, seat < 0 ? SK_ROOM_SPECTATOR : seat);
            if (!text) {
                send_state(c, rm, m->ref);
                return;
            }
            free(text);
        }
        rm->sent = sub->sent < rm->sent ? sub->sent : rm->sent;
        skx_room_touch(srv, rm);
        return;
    }
    default:
        skx_send_error(c, m->ref, "bad_message", "this message type is not handled here", NULL);
        return;
    }
    table_error(c, m, rc, &err);
}
