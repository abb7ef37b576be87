/*
 * room_seats.c -- who sits where (table.h): people and bots sitting
 * down and leaving, the checks of a seat and a name, and who the
 * room's opponent model takes each seat's player to be.
 */
#include "table/room_internal.h"

#include <stdio.h>
#include <string.h>

/* Whether a seat can be sat in: empty, or its player left (away). */
static int check_free(const sk_room *r, int seat, sk_error *err)
{
    const sk_room_seat *s = &r->seats[seat];
    if (s->kind != SK_ROOM_EMPTY && !s->away) {
        char q[SK_ESCAPE_SIZE(SK_ROOM_NAME_MAX)];
        return skx_room_fail(err, SK_ESTATE, NULL, "seat %d is taken by \"%s\"", seat,
                    sk_escape(q, sizeof q, s->name, strlen(s->name), SK_ROOM_NAME_MAX));
    }
    return SK_OK;
}

/* Checks a player's name: 1..31 bytes of visible UTF-8 (sk_utf8_visible:
 * no control, no bidirectional override or other invisible character). */
static int check_name(const char *name, sk_error *err)
{
    if (!name || !*name)
        return skx_room_fail(err, SK_EINVAL, NULL, "a player's name must not be empty");
    size_t n = strnlen(name, SK_ROOM_NAME_MAX);
    char q[SK_ESCAPE_SIZE(40)];
    if (n >= SK_ROOM_NAME_MAX)
        return skx_room_fail(err, SK_EINVAL, NULL, "name \"%s\" is longer than %d bytes",
                    sk_escape(q, sizeof q, name, strlen(name), 40), SK_ROOM_NAME_MAX - 1);
    for (size_t i = 0; i < n;) {
        size_t k = sk_utf8_visible(name + i, n - i);
        if (!k)
            return skx_room_fail(err, SK_EINVAL, NULL,
                        "name \"%s\": byte %zu is not a visible character (no control, "
                        "invisible or bidirectional one)",
                        sk_escape(q, sizeof q, name, n, 40), i + 1);
        i += k;
    }
    return SK_OK;
}

/* The opponent model's id of whoever plays room seat `seat` now: a
 * human's player id; a bot, or the fallback bot of an away seat, by a
 * hash (FNV-1a) of its kind, seat and spec, so a bot seated again in
 * the same seat is the same player. */
static uint64_t player_id(const sk_room *r, int seat)
{
    const sk_room_seat *st = &r->seats[seat];
    if (st->kind == SK_ROOM_HUMAN && !st->away)
        return st->player;
    char key[48];
    int n = snprintf(key, sizeof key, "%c%d:%s", st->away ? 'f' : 'b', seat,
                     st->away ? r->fallback : st->bot);
    uint64_t h = 0xcbf29ce484222325u;
    for (int i = 0; i < n && i < (int)sizeof key - 1; i++)
        h = (h ^ (uint8_t)key[i]) * 0x100000001b3u;
    return h == SK_OPPONENTS_NOBODY ? h - 1 : h;
}

/* The model's players of the running deal's game seats now; see
 * room_internal.h. */
void skx_room_players_now(const sk_room *r, uint64_t who[SK_NSEATS])
{
    for (int g = 0; g < SK_NSEATS; g++)
        who[g] = g < r->gseats ? player_id(r, r->deal.seat[g]) : SK_OPPONENTS_NOBODY;
}

/* See table.h: the model asked about the players of the running game. */
unsigned sk_room_rules_seats(const sk_room *r, int seat)
{
    if (!r->playing || seat < 0 || seat >= r->nseats)
        return 0;
    int me = skx_room_game_seat(r, seat);
    if (me == SK_NOSEAT)
        return 0;
    uint64_t who[SK_NSEATS];
    skx_room_players_now(r, who);
    return sk_opponents_rules_seats(&r->model, who, me);
}

/* Who sits in a seat changed: its pause vote ends, a deadline running
 * for it starts afresh for whoever decides there now, and the running
 * game teaches the opponent model nothing about that seat. */
static void seat_changed(sk_room *r, int seat)
{
    int n, offer;
    if (r->playing) {
        int g = skx_room_game_seat(r, seat);
        if (g != SK_NOSEAT)
            r->who[g] = SK_OPPONENTS_NOBODY;
    }
    r->votes &= (uint8_t)~(1u << seat);
    if (skx_room_pending(r, NULL, &n, &offer) == seat)
        r->deadline_ms = 0;
}

/* Seats a human; see table.h. */
int sk_room_sit_human(sk_room *r, int seat, uint64_t player, const char *name, sk_error *err)
{
    int rc = skx_room_check_seat(r, seat, err);
    if (rc == SK_OK)
        rc = check_name(name, err);
    if (rc == SK_OK && player == 0)
        rc = skx_room_fail(err, SK_EINVAL, NULL, "player id 0 is no player");
    if (rc == SK_OK)
        rc = check_free(r, seat, err);
    for (int s = 0; rc == SK_OK && s < r->nseats; s++)
        if (s != seat && r->seats[s].kind == SK_ROOM_HUMAN && !r->seats[s].away &&
            r->seats[s].player == player)
            rc = skx_room_fail(err, SK_ESTATE, NULL, "player %llu already sits in seat %d",
                      (unsigned long long)player, s);
    if (rc < 0)
        return rc;
    sk_room_seat *s = &r->seats[seat];
    memset(s, 0, sizeof *s);
    seat_changed(r, seat);
    s->kind = SK_ROOM_HUMAN;
    s->player = player;
    snprintf(s->name, sizeof s->name, "%s", name);
    skx_room_change c = {.kind = SKX_EV_SIT, .seat = seat};
    return skx_room_emit(r, &c, err);
}

/* Whether a spec names an engine, "ext:NAME" (NAME: 1..27 letters,
 * digits, '_', '-', '.'): the driver runs it, the room only keeps it. */
bool skx_room_engine_spec(const char *spec)
{
    if (strncmp(spec, "ext:", 4) != 0)
        return false;
    size_t n = strlen(spec + 4);
    return n >= 1 && n <= 27 &&
           strspn(spec + 4, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") ==
               n;
}

/* Seats a bot; see table.h. */
int sk_room_sit_bot(sk_room *r, int seat, const char *spec, sk_error *err)
{
    int rc = skx_room_check_seat(r, seat, err);
    if (rc < 0)
        return rc;
    sk_error berr = {{0}, NULL};
    bool engine = spec && skx_room_engine_spec(spec);
    sk_bot *probe = !engine && spec && strlen(spec) < sizeof r->seats[0].bot
                        ? sk_bot_new(spec, 0, &berr)
                        : NULL;
    if (!probe && !engine) {
        char q[SK_ESCAPE_SIZE(40)];
        return skx_room_fail(err, SK_EINVAL, NULL, "seat %d: bot \"%s\": %s", seat,
                    spec ? sk_escape(q, sizeof q, spec, strlen(spec), 40) : "",
                    berr.msg[0] ? berr.msg : "no such bot (too long)");
    }
    sk_bot_free(probe);
    rc = check_free(r, seat, err);
    if (rc < 0)
        return rc;
    sk_room_seat *s = &r->seats[seat];
    memset(s, 0, sizeof *s);
    seat_changed(r, seat);
    s->kind = SK_ROOM_BOT;
    snprintf(s->bot, sizeof s->bot, "%s", spec);
    snprintf(s->name, sizeof s->name, "%s", spec);
    skx_room_change c = {.kind = SKX_EV_SIT, .seat = seat};
    return skx_room_emit(r, &c, err);
}

/* Empties a seat, or marks it away during a game; see table.h. */
int sk_room_leave(sk_room *r, int seat, sk_error *err)
{
    int rc = skx_room_check_seat(r, seat, err);
    if (rc < 0)
        return rc;
    sk_room_seat *s = &r->seats[seat];
    if (s->kind == SK_ROOM_EMPTY)
        return skx_room_fail(err, SK_ESTATE, NULL, "seat %d is empty", seat);
    if (r->playing) {
        if (s->away)
            return skx_room_fail(err, SK_ESTATE, NULL,
                        "seat %d has left already: the fallback bot plays it", seat);
        s->away = 1;
    } else {
        memset(s, 0, sizeof *s);
    }
    seat_changed(r, seat);
    skx_room_change c = {.kind = SKX_EV_LEAVE, .seat = seat};
    return skx_room_emit(r, &c, err);
}
