/*
 * rooms.c -- the rooms this process runs: the table layer's room with
 * what the server keeps beside it, who follows each room (following,
 * leaving, the state sent on following, a sync's resend, chat lines
 * waiting for the pass), and appending each new journal entry to the
 * store.  The loop's part of each pass is pass.c's; the messages that
 * change a room (create, join, decide, ...) are the handlers'
 * (handlers/room_msgs.c).
 *
 * Every game message comes from the table layer (sk_room_message,
 * sk_room_state), made for its recipient through core's visibility;
 * this file only wraps them in the protocol's envelope.
 */
#include "server/runtime/runtime.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The room with a store id, or NULL. */
skx_room *skx_room_by_id(skx_runtime *rt, uint64_t id)
{
    return skx_roomidx_id(rt, id);
}

/* The room of a code: one this process runs, or on a shared store one
 * it may take over now (lease.c). */
skx_room *skx_room_find(skx_runtime *rt, const char *code)
{
    skx_room *rm = skx_roomidx_code(rt, code);
    return rm || !rt->leases ? rm : skx_lease_fetch(rt, code);
}

/* The answer to one player's request worked out off the loop (a hint, a
 * claim, a rating): `o` (a reference is taken for each) or else an
 * error, to every connection of his that follows the room -- the one
 * that asked may be gone by now. */
void skx_room_tell_player(skx_room *rm, uint64_t player, const char *ref, json_t *o,
                          const char *code, const char *msg)
{
    for (int i = 0; i < rm->nsubs; i++) {
        skx_watcher *w = rm->subs[i];
        if (w->player != player || skx_conn_closing(w->conn))
            continue;
        if (o)
            skx_send_json(w->conn, json_incref(o), ref);
        else
            skx_send_error(w->conn, ref, code, msg, NULL);
    }
}

/* Wraps a table room and adds it to the runtime; NULL when out of memory
 * (the table room is then freed). */
skx_room *skx_room_add(skx_runtime *rt, sk_room *room, uint64_t id, const char *code,
                       const char *title, int listed, const char *fallback)
{
    skx_room *rm = calloc(1, sizeof *rm);
    if (!rm || (rt->nrooms == rt->caprooms && rt->caprooms > SIZE_MAX / 4)) {
        free(rm);
        sk_room_free(room);
        return NULL;
    }
    if (rt->nrooms == rt->caprooms) {
        size_t cap = rt->caprooms ? 2 * rt->caprooms : 16;
        skx_room **rooms = realloc(rt->rooms, cap * sizeof *rooms);
        if (!rooms) {
            free(rm);
            sk_room_free(room);
            return NULL;
        }
        rt->rooms = rooms;
        rt->caprooms = cap;
    }
    rm->room = room;
    sk_room_set_offers(room, true); /* persons get offers, never questions (before a journal) */
    skx_offers_reset(rm);
    rm->id = id;
    snprintf(rm->code, sizeof rm->code, "%s", code);
    snprintf(rm->title, sizeof rm->title, "%s", title);
    rm->listed = listed;
    snprintf(rm->fallback, sizeof rm->fallback, "%s", fallback);
    rm->job_seat = -1;
    rm->recheck = 1;
    rm->pres.away_seconds = rt->cfg->away_seconds;
    rm->stored = rm->sent = sk_room_seq(room);
    rm->used = rm->used_stored = (int64_t)time(NULL); /* a restored room: its row's */
    if (skx_roomidx_add(rt, rm) < 0) {
        free(rm);
        sk_room_free(room);
        return NULL;
    }
    rt->rooms[rt->nrooms++] = rm;
    skx_room_touch(rt, rm);
    if (listed)
        skx_lobby_dirty(rt);
    return rm;
}

/* Frees one room and what it holds. */
static void room_free(skx_room *rm)
{
    skx_presence_free(rm);
    sk_room_free(rm->room);
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        sk_bot_free(rm->bots[s]);
        skx_engseat_free(rm->engines[s]); /* teardown: the workers are gone */
    }
    free(rm->subs);
    free(rm->lobby_text);
    for (skx_chat *ch = rm->chat_head, *n; ch; ch = n) {
        n = ch->next;
        free(ch->json);
        free(ch);
    }
    free(rm);
}

/* Takes an archived room out of the runtime and frees it: its place
 * in the list goes to the last room, it leaves the index, the pass's
 * list and the lobby.  The caller checked that nothing of it is out (a
 * job, a follower, an event or chat line not yet sent). */
void skx_room_remove(skx_runtime *rt, skx_room *rm)
{
    for (size_t i = 0; i < rt->nrooms; i++)
        if (rt->rooms[i] == rm) {
            rt->rooms[i] = rt->rooms[--rt->nrooms];
            break;
        }
    for (size_t i = 0; rm->touched && i < rt->ntouched; i++)
        if (rt->touched[i] == rm) {
            rt->touched[i] = rt->touched[--rt->ntouched];
            break;
        }
    skx_roomidx_remove(rt, rm);
    skx_lobby_forget(rt, rm);
    for (int s = 0; s < SK_ROOM_SEATS; s++)
        if (rm->engines[s]) { /* its process ends off the loop */
            skx_engine_retire(rt, rm->engines[s]);
            rm->engines[s] = NULL;
        }
    room_free(rm);
}

void skx_rooms_free(skx_runtime *rt)
{
    for (size_t i = 0; i < rt->nrooms; i++)
        room_free(rt->rooms[i]);
    free(rt->rooms);
    skx_roomidx_free(rt);
    rt->rooms = NULL;
    rt->nrooms = rt->caprooms = 0;
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

/* The watcher's subscription to a room, or NULL. */
skx_sub *skx_room_sub(skx_watcher *w, const skx_room *rm)
{
    for (int i = 0; i < w->nsubs; i++)
        if (w->subs[i].room == rm)
            return &w->subs[i];
    return NULL;
}

/* Appends the room's new journal entries to the store (in the pass's
 * transaction); false after a store failure (the server stops), or when
 * the fence refused them (the room is dropped after the commit). */
bool skx_room_persist(skx_runtime *rt, skx_room *rm)
{
    uint64_t seq = sk_room_seq(rm->room);
    if (rm->stored < seq)
        skx_room_touch(rt, rm);
    while (rm->stored < seq) {
        uint64_t n = rm->stored + 1;
        char *entry = sk_room_journal(rm->room, n);
        sk_error err = {{0}, NULL};
        if (!entry) {
            snprintf(err.msg, sizeof err.msg, "room %s: no journal entry for event %" PRIu64,
                     rm->code, n);
            skx_runtime_fail(rt, &err);
            return false;
        }
        int rc = skx_store_txn(rt);
        if (rc == 0)
            rc = sk_store_journal_append(rt->store, rm->id, n, entry, &err);
        if (rc == SK_STORE_FENCED) /* another process owns it now: dropped */
            skx_lease_lost(rt, rm);
        else if (rc < 0)
            skx_runtime_fail(rt, &err);
        free(entry);
        if (rc < 0)
            return false;
        rm->stored = n;
    }
    return skx_games_persist(rt, rm); /* a finished game: in the same transaction */
}

/* Sends the prompt to decide to one connection: the seat, the event
 * number to quote, and the actions on offer in core's notation. */
void skx_room_send_turn(skx_conn *c, const skx_room *rm, int seat, const sk_action *legal, int n)
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

/* Sends the prompt again in every room the watcher follows where its
 * player must decide and was asked (and has every event up to it): a
 * decision the rate limit refused is asked for again, rather than the
 * table waiting for a move that never comes. */
void skx_rooms_reprompt(skx_watcher *w)
{
    for (int i = 0; i < w->nsubs; i++) {
        skx_room *rm = w->subs[i].room;
        uint64_t seq = sk_room_seq(rm->room);
        int seat = skx_room_seat_of(rm, w->player);
        sk_action legal[SK_MAX_LEGAL];
        int n = 0;
        if (seat >= 0 && rm->prompted == seq && w->subs[i].sent == seq &&
            sk_room_pending(rm->room, legal, &n) == seat)
            skx_room_send_turn(w->conn, rm, seat, legal, n);
    }
}

/* Sends the whole room as the watcher's player may see it (its seat, or
 * a spectator's), and the prompt if that seat must decide. */
void skx_room_send_state(skx_watcher *w, skx_room *rm, const char *ref)
{
    skx_conn *c = w->conn;
    int seat = skx_room_seat_of(rm, w->player);
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
    if (o)
        skx_presence_state(rm, state); /* the away marks, idle, the settlement wait */
    skx_send_json(c, o, ref);
    skx_sub *sub = skx_room_sub(w, rm);
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

/* Makes the watcher follow a room and sends it the state; false (with
 * an error reply) when it follows too many. */
bool skx_room_follow(skx_runtime *rt, skx_watcher *w, skx_room *rm, const char *ref)
{
    skx_conn *c = w->conn;
    if (!skx_room_sub(w, rm)) {
        if (w->nsubs == SKX_SUBS_MAX) {
            skx_send_error(c, ref, "refused", "a connection follows at most 8 rooms: leave one",
                           NULL);
            return false;
        }
        if (rm->nsubs == rm->capsubs) {
            int cap = rm->capsubs ? 2 * rm->capsubs : 8;
            skx_watcher **subs = realloc(rm->subs, (size_t)cap * sizeof *subs);
            if (!subs) {
                skx_send_error(c, ref, "internal", "out of memory", NULL);
                return false;
            }
            rm->subs = subs;
            rm->capsubs = cap;
        }
        rm->subs[rm->nsubs++] = w;
        w->subs[w->nsubs++] = (skx_sub){rm, 0};
        skx_room_used_now(rt, rm); /* in use: back in the lobby if it was hidden */
        rm->recheck = 1; /* one who sits there may be back: deal, ask */
        skx_room_touch(rt, rm);
        skx_room_send_state(w, rm, ref);
        void *pair[2] = {c, rm};
        sk_error err = {{0}, NULL};
        sk_store_chat(rt->store, rm->id, 20, send_old_chat, pair, &err);
        return true;
    }
    skx_room_send_state(w, rm, ref);
    return true;
}

/* Stops the watcher following a room. */
void skx_room_unfollow(skx_runtime *rt, skx_watcher *w, skx_room *rm)
{
    for (int i = 0; i < rm->nsubs; i++)
        if (rm->subs[i] == w) {
            rm->subs[i] = rm->subs[--rm->nsubs];
            skx_room_used_now(rt, rm); /* the last to leave starts its idle time */
            rm->recheck = 1;
            skx_room_touch(rt, rm);
            break;
        }
    for (int i = 0; i < w->nsubs; i++)
        if (w->subs[i].room == rm) {
            w->subs[i] = w->subs[--w->nsubs];
            break;
        }
}

/* A closing connection's watcher leaves every room it follows. */
void skx_rooms_drop_watcher(skx_runtime *rt, skx_watcher *w)
{
    while (w->nsubs > 0)
        skx_room_unfollow(rt, w, w->subs[0].room);
}

/* The watcher follows the rooms where its player sits (after hello). */
void skx_rooms_resume(skx_runtime *rt, skx_watcher *w)
{
    for (size_t i = 0; i < rt->nrooms && w->nsubs < SKX_SUBS_MAX; i++)
        if (skx_room_seat_of(rt->rooms[i], w->player) >= 0)
            skx_room_follow(rt, w, rt->rooms[i], NULL);
}

/* The state of every room the watcher follows again, as its player sees
 * it now. */
void skx_rooms_restate(skx_watcher *w)
{
    for (int i = 0; i < w->nsubs; i++)
        skx_room_send_state(w, w->subs[i].room, NULL);
}

/* Whether `player` sits in any room. */
bool skx_rooms_seated(skx_runtime *rt, uint64_t player)
{
    for (size_t i = 0; i < rt->nrooms; i++)
        if (skx_room_seat_of(rt->rooms[i], player) >= 0)
            return true;
    return false;
}

/* Queues a chat line of the room (its JSON text, malloc'd: the room
 * takes it) to go to every follower with the pass's events, after the
 * commit that stored it. */
void skx_room_chat(skx_runtime *rt, skx_room *rm, char *json)
{
    skx_chat *ch = json ? calloc(1, sizeof *ch) : NULL;
    if (!ch) {
        free(json);
        return;
    }
    ch->json = json;
    if (rm->chat_tail)
        rm->chat_tail->next = ch;
    else
        rm->chat_head = ch;
    rm->chat_tail = ch;
    skx_room_touch(rt, rm);
}

/* sync: the watcher, which follows the room as `seat` (or a
 * spectator, -1), is sent the events after `after` with the next
 * broadcast; when the room no longer keeps one of them, the whole state
 * now instead. */
void skx_room_sync(skx_runtime *rt, skx_watcher *w, skx_room *rm, int seat, uint64_t after,
                   const char *ref)
{
    uint64_t seq = rm->sent;
    skx_sub *sub = skx_room_sub(w, rm);
    sub->sent = after < seq ? after : seq;
    for (uint64_t n = sub->sent + 1; n <= seq; n++) {
        char *text = sk_room_message(rm->room, n, seat < 0 ? SK_ROOM_SPECTATOR : seat);
        if (!text) {
            skx_room_send_state(w, rm, ref);
            return;
        }
        free(text);
    }
    rm->sent = sub->sent < rm->sent ? sub->sent : rm->sent;
    skx_room_touch(rt, rm);
}
