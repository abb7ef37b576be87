/*
 * presence.c -- who of a room's seated persons is connected, and what
 * follows from it (docs/server-protocol.md "presence", "absence",
 * "next"):
 *
 *  - the away mark: a seated person whose last connection following the
 *    room closed is marked away in the same pass of the loop that saw
 *    the close; every follower gets a `presence` message, and the state
 *    has the mark with the time the stand-in takes over (--away);
 *  - the absence report: while he is away, every decision made in his
 *    seat (his stand-in's cards and passes) and the money or points of
 *    the games that ended are noted, read from his own seat's event
 *    messages (so the report holds nothing his seat could not see); he
 *    gets it when he is back;
 *  - the idle table: with no seated person connected a table pauses
 *    completely -- no deal, no bot, no stand-in -- unless every seat is
 *    a bot or the room plays on (sk_room_play_on);
 *  - the settlement wait: after a result the next deal waits until
 *    every connected seated person sent `next`, or `settle` seconds.
 *
 * The rooms runtime calls in at a few places (pass.c's advance and ask,
 * the broadcast, the state); all of it is the loop's, no thread here.
 */
#include "server/runtime/runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether seat s holds a person the marks are about: a human who did
 * not leave during a game (a seat left is shown away by the room). */
static bool person(const sk_room_seat *st)
{
    return st && st->kind == SK_ROOM_HUMAN && !st->away;
}

/* Whether a live connection of `player` follows the room. */
static bool connected(const skx_room *rm, uint64_t player)
{
    for (int i = 0; i < rm->nsubs; i++)
        if (rm->subs[i]->player == player && !skx_conn_closing(rm->subs[i]->conn))
            return true;
    return false;
}

bool skx_room_idle(const skx_room *rm)
{
    if (sk_room_play_on(rm->room))
        return false;
    bool persons = false;
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        if (!st || st->kind != SK_ROOM_HUMAN)
            continue;
        persons = true; /* a seat left during a game is a person's too: his money */
        if (!st->away && connected(rm, st->player))
            return false;
    }
    return persons;
}

bool skx_room_may_deal(const skx_room *rm)
{
    if (skx_room_idle(rm))
        return false;
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        if (person(st) && connected(rm, st->player))
            return true;
    }
    /* a table of bots, or one that plays on: while someone watches --
     * with nobody at all it would deal forever for nobody */
    for (int i = 0; i < rm->nsubs; i++)
        if (!skx_conn_closing(rm->subs[i]->conn))
            return true;
    return false;
}

int64_t skx_presence_stand_in_at(const skx_room *rm, int seat)
{
    int64_t since = rm->pres.since[seat];
    if (since == 0) /* not marked yet (the pass marks before it asks) */
        since = skx_epoch_ms();
    return since + (int64_t)rm->pres.away_seconds * 1000;
}

/* Sends a JSON message to every live follower of the room (the object
 * is taken). */
static void to_followers(skx_room *rm, json_t *o)
{
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    if (!text)
        return;
    size_t n = strlen(text);
    for (int i = 0; i < rm->nsubs; i++)
        if (!skx_conn_closing(rm->subs[i]->conn))
            skx_send(rm->subs[i]->conn, text, n);
    free(text);
}

/* The `presence` message of seat s as marked now. */
static json_t *presence_json(const skx_room *rm, int s)
{
    bool away = rm->pres.since[s] != 0;
    json_t *o = json_pack("{s:s, s:s, s:i, s:b}", "type", "presence", "room", rm->code, "seat", s,
                          "away", away);
    if (o && away) {
        json_object_set_new(o, "since", json_integer(rm->pres.since[s]));
        json_object_set_new(o, "stand_in_at", json_integer(skx_presence_stand_in_at(rm, s)));
    }
    return o;
}

/* Forgets what was noted of seat s's absence. */
static void report_clear(skx_room *rm, int s)
{
    json_decref(rm->pres.report[s]);
    rm->pres.report[s] = NULL;
}

/* The report's entry for game `no` (made when missing); NULL when out
 * of memory. */
static json_t *report_game(skx_room *rm, int s, json_int_t no)
{
    if (!rm->pres.report[s] && !(rm->pres.report[s] = json_array()))
        return NULL;
    json_t *games = rm->pres.report[s];
    size_t n = json_array_size(games);
    json_t *last = n ? json_array_get(games, n - 1) : NULL;
    if (last && json_integer_value(json_object_get(last, "game")) == no)
        return last;
    json_t *g = json_pack("{s:I, s:n, s:[], s:n, s:n, s:b}", "game", no, "contract", "actions",
                          "money", "points", "finished", 0);
    if (!g || json_array_append_new(games, g) < 0)
        return NULL;
    return g;
}

/* Notes in seat s's report what event `ev` (its own seat's message)
 * decided for it or booked: its action, or the result of a game in
 * which something was decided for it. */
static void note_event(skx_room *rm, int s, const json_t *ev)
{
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    json_t *seat = json_object_get(ev, "seat");
    if (!kind)
        return;
    bool mine = json_is_integer(seat) && json_integer_value(seat) == s;
    if (mine && (strcmp(kind, "action") == 0 || strcmp(kind, "decline") == 0)) {
        json_t *g = report_game(rm, s, json_integer_value(json_object_get(ev, "game")));
        if (!g)
            return;
        const char *a = strcmp(kind, "action") == 0
                            ? json_string_value(json_object_get(ev, "action"))
                            : "pass"; /* an offer declined */
        json_array_append_new(json_object_get(g, "actions"), json_string(a ? a : "?"));
        const char *code = json_string_value(
            json_object_get(json_object_get(json_object_get(ev, "table"), "contract"), "code"));
        if (code)
            json_object_set_new(g, "contract", json_string(code));
        return;
    }
    if (strcmp(kind, "result") != 0 || !rm->pres.report[s])
        return;
    const json_t *course = json_object_get(ev, "course");
    const json_t *res = json_object_get(course, "result");
    json_int_t no = json_integer_value(json_object_get(course, "game"));
    size_t i;
    json_t *g;
    json_array_foreach(rm->pres.report[s], i, g) {
        if (json_integer_value(json_object_get(g, "game")) != no)
            continue;
        bool points = sk_room_rules(rm->room)->score == SK_SCORE_POINTS;
        const char *key = points ? "tournament" : "money";
        json_t *v = json_array_get(json_object_get(res, key), (size_t)s);
        json_object_set_new(g, points ? "points" : "money",
                            json_integer(json_integer_value(v)));
        const char *code = json_string_value(json_object_get(res, "contract"));
        json_object_set_new(g, "contract", code ? json_string(code) : json_null());
        json_object_set_new(g, "finished", json_true());
    }
}

/* Reads seat s's messages of the events since it was last looked at
 * into its absence report. */
static void note_events(skx_room *rm, int s)
{
    uint64_t seq = sk_room_seq(rm->room);
    for (uint64_t ev = rm->pres.noted[s] + 1; ev <= seq; ev++) {
        char *text = sk_room_message(rm->room, ev, s);
        json_t *o = text ? json_loads(text, 0, NULL) : NULL;
        free(text);
        if (o)
            note_event(rm, s, o);
        json_decref(o);
    }
    rm->pres.noted[s] = seq;
}

/* Sends seat s's absence report (if something was decided for it) to
 * the connections of its player, and forgets it. */
static void send_report(skx_room *rm, int s, uint64_t player)
{
    if (rm->pres.report[s] && json_array_size(rm->pres.report[s]) > 0) {
        json_t *o = json_pack("{s:s, s:s, s:i, s:I, s:O}", "type", "absence", "room", rm->code,
                              "seat", s, "since", (json_int_t)rm->pres.since[s], "games",
                              rm->pres.report[s]);
        char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
        json_decref(o);
        for (int i = 0; text && i < rm->nsubs; i++)
            if (rm->subs[i]->player == player && !skx_conn_closing(rm->subs[i]->conn))
                skx_send(rm->subs[i]->conn, text, strlen(text));
        free(text);
    }
    report_clear(rm, s);
}

void skx_presence_update(skx_room *rm)
{
    skx_presence *p = &rm->pres;
    int64_t now = skx_epoch_ms();
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        uint64_t who = person(st) ? st->player : 0;
        bool here = who && connected(rm, who);
        if (who != p->who[s]) { /* another person, or none: a fresh start */
            bool marked = p->since[s] != 0;
            report_clear(rm, s);
            p->who[s] = who;
            p->since[s] = who && !here ? now : 0;
            p->noted[s] = sk_room_seq(rm->room);
            if (marked && p->since[s] == 0) /* a stale mark goes */
                to_followers(rm, presence_json(rm, s));
            continue;
        }
        if (!who)
            continue;
        if (!here && p->since[s] == 0) { /* gone: marked at once */
            p->since[s] = now;
            p->noted[s] = sk_room_seq(rm->room);
            to_followers(rm, presence_json(rm, s));
        } else if (!here) {
            note_events(rm, s);
        } else if (p->since[s] != 0) { /* back: told, and told what was done */
            note_events(rm, s);
            send_report(rm, s, who);
            p->since[s] = 0;
            to_followers(rm, presence_json(rm, s));
        }
    }
    if (p->next_told != p->next_until) {
        p->next_told = p->next_until;
        to_followers(rm, skx_settle_json(rm));
    }
}

bool skx_presence_pending(const skx_room *rm)
{
    return rm->pres.next_until != 0;
}

void skx_presence_free(skx_room *rm)
{
    for (int s = 0; s < SK_ROOM_SEATS; s++)
        report_clear(rm, s);
}

/* The seats of persons (not away) connected now. */
static uint8_t persons_here(const skx_room *rm)
{
    uint8_t mask = 0;
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        if (person(st) && connected(rm, st->player))
            mask |= (uint8_t)(1u << s);
    }
    return mask;
}

bool skx_settle_holds(skx_runtime *rt, skx_room *rm)
{
    skx_presence *p = &rm->pres;
    uint32_t game = sk_room_game_no(rm->room);
    if (game == 0 || p->settled == game)
        return false;
    int64_t now = skx_epoch_ms();
    if (p->next_until == 0) { /* the game just ended: the wait starts */
        int settle = sk_room_settle(rm->room);
        p->next_waiting = persons_here(rm);
        if (settle <= 0 || p->next_waiting == 0) {
            p->settled = game;
            p->next_waiting = 0;
            return false;
        }
        p->next_until = now + (int64_t)settle * 1000;
        skx_room_touch(rt, rm);
        return true;
    }
    p->next_waiting &= persons_here(rm); /* one who went is not waited for */
    if (p->next_waiting != 0 && now < p->next_until)
        return true;
    p->settled = game;
    p->next_until = 0;
    p->next_waiting = 0;
    skx_room_touch(rt, rm);
    return false;
}

int skx_settle_next(skx_runtime *rt, skx_room *rm, int seat)
{
    skx_presence *p = &rm->pres;
    uint8_t bit = (uint8_t)(1u << seat);
    if (p->next_until == 0 || !(p->next_waiting & bit))
        return 0;
    p->next_waiting &= (uint8_t)~bit;
    p->next_told = -1; /* the followers see who is still waited for */
    rm->recheck = 1;
    skx_room_touch(rt, rm);
    return 1;
}

/* The seats of a mask as a JSON array. */
static json_t *seats_json(uint8_t mask)
{
    json_t *a = json_array();
    for (int s = 0; a && s < SK_ROOM_SEATS; s++)
        if (mask & (1u << s))
            json_array_append_new(a, json_integer(s));
    return a;
}

json_t *skx_settle_json(const skx_room *rm)
{
    const skx_presence *p = &rm->pres;
    return json_pack("{s:s, s:s, s:o, s:o}", "type", "next", "room", rm->code, "until",
                     p->next_until ? json_integer(p->next_until) : json_null(), "waiting",
                     seats_json(p->next_until ? p->next_waiting : 0));
}

void skx_presence_state(const skx_room *rm, json_t *state)
{
    const skx_presence *p = &rm->pres;
    json_t *seats = json_object_get(state, "seats");
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        json_t *seat = json_array_get(seats, (size_t)s);
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        if (!seat || !person(st))
            continue;
        /* marked, or gone in this very pass (the mark follows with it) */
        int64_t since = p->who[s] == st->player ? p->since[s] : 0;
        if (!since && !connected(rm, st->player))
            since = skx_epoch_ms();
        json_object_set_new(seat, "away", json_boolean(since != 0));
        if (since) {
            json_object_set_new(seat, "away_since", json_integer(since));
            json_object_set_new(seat, "stand_in_at",
                                json_integer(since + (int64_t)p->away_seconds * 1000));
        }
    }
    json_object_set_new(state, "idle", json_boolean(skx_room_idle(rm)));
    if (p->next_until) {
        json_t *next = json_pack("{s:I, s:o}", "until", (json_int_t)p->next_until, "waiting",
                                 seats_json(p->next_waiting));
        json_object_set_new(state, "next", next);
    }
}
