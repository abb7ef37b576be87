/*
 * room_clock.c -- the turn timer and the pause vote of a room
 * (table.h), and the driver's settings (the settlement wait, play-on):
 * room configuration and votes are events and journal
 * entries; the clock is the driver's, passed in (sk_room_clock), so the
 * room still knows no time of its own.  A deadline belongs to one
 * decision (the room's count of decisions asked), runs only for a
 * seated human who is not away and never while paused.
 */
#include "table/room_internal.h"

/* Sets the turn timer; see table.h. */
int sk_room_set_timer(sk_room *r, int seconds, sk_error *err)
{
    if (seconds < 0 || seconds > SK_ROOM_TIMER_MAX)
        return skx_room_fail(err, SK_ERANGE, NULL, "timer %d: seconds per decision must be 0..%d",
                    seconds, SK_ROOM_TIMER_MAX);
    r->timer = seconds;
    r->deadline_ms = 0;
    skx_room_change c = {.kind = SKX_EV_TIMER, .seat = -1};
    return skx_room_emit(r, &c, err);
}

int sk_room_timer(const sk_room *r)
{
    return r->timer;
}

/* Sets the settlement wait and play-on; see table.h. */
int sk_room_set_settings(sk_room *r, int settle, bool play_on, sk_error *err)
{
    if (settle < 0 || settle > SK_ROOM_SETTLE_MAX)
        return skx_room_fail(err, SK_ERANGE, NULL,
                             "settle %d: seconds the next deal waits must be 0..%d", settle,
                             SK_ROOM_SETTLE_MAX);
    r->settle = settle;
    r->play_on = play_on;
    skx_room_change c = {.kind = SKX_EV_SETTINGS, .seat = -1};
    return skx_room_emit(r, &c, err);
}

int sk_room_settle(const sk_room *r)
{
    return r->settle;
}

bool sk_room_play_on(const sk_room *r)
{
    return r->play_on;
}

/* Whether a deadline runs for the pending decision: a timer is set, the
 * table is not paused, and a seated human who is not away decides. */
static bool deadline_runs(const sk_room *r)
{
    if (r->timer <= 0 || r->paused || !r->playing)
        return false;
    int n, offer;
    int seat = skx_room_pending(r, NULL, &n, &offer);
    return seat >= 0 && r->seats[seat].kind == SK_ROOM_HUMAN && !r->seats[seat].away;
}

/* The pending decision's deadline, started at now_ms; see table.h. */
int64_t sk_room_clock(sk_room *r, int64_t now_ms)
{
    if (!deadline_runs(r))
        return 0;
    if (r->deadline_of != r->decisions || r->deadline_ms == 0) {
        r->deadline_of = r->decisions;
        r->deadline_ms = now_ms + (int64_t)r->timer * 1000;
    }
    return r->deadline_ms;
}

int64_t sk_room_deadline(const sk_room *r)
{
    return deadline_runs(r) && r->deadline_of == r->decisions ? r->deadline_ms : 0;
}

/* A pause vote; see table.h. */
int sk_room_pause(sk_room *r, int seat, bool pause, uint8_t present, sk_error *err)
{
    int rc = skx_room_check_seat(r, seat, err);
    if (rc < 0)
        return rc;
    const sk_room_seat *s = &r->seats[seat];
    if (s->kind != SK_ROOM_HUMAN || s->away)
        return skx_room_fail(err, SK_ESTATE, NULL, "seat %d: only a seated player votes for a pause",
                    seat);
    uint8_t bit = (uint8_t)(1u << seat);
    present |= bit; /* the voter is there */
    if (pause) {
        r->votes |= bit;
        uint8_t humans = 0;
        for (int i = 0; i < r->nseats; i++)
            if (r->seats[i].kind == SK_ROOM_HUMAN && !r->seats[i].away)
                humans |= (uint8_t)(1u << i);
        if ((humans & present & ~r->votes) == 0 && !r->paused) {
            r->paused = true;
            r->deadline_ms = 0; /* a fresh full period after the pause */
        }
    } else if (r->paused) {
        r->paused = false;
        r->votes = 0;
    } else {
        r->votes &= (uint8_t)~bit;
    }
    skx_room_change c = {.kind = SKX_EV_PAUSE, .seat = seat, .pause = pause,
                         .present = (uint8_t)(present & ((1u << r->nseats) - 1))};
    return skx_room_emit(r, &c, err);
}

bool sk_room_paused(const sk_room *r)
{
    return r->paused;
}
