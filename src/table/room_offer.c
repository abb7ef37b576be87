/*
 * room_offer.c -- offers, not questions (table.h, "Offers"): Kontra,
 * Retour (3.3.2, 3.3.3) and Klopfen (002 "Laying") are offered to a
 * person, who may take them or let them go, and never asked of him in a
 * turn; the table holds the action that would close such a window for a
 * few seconds while a connected person may still use it.
 *
 * Who the hold waits for follows from the PUBLIC state only -- who is
 * connected, who declares, who doubled -- never from who may really
 * double: in a Sauspiel the hidden partner may not give Kontra, and a
 * hold that ended early or never ran because of that would tell the
 * declarer who his partner is.  So the hold waits for every connected
 * person whom the public state does not exclude; one without a legal
 * offer (the partner) simply never answers and the hold runs to its
 * end, as it would for a defender who lets the offer go.
 *
 * Everything but the step's view of the clock and the connections (the
 * driver's, sk_room_offers_step) follows from the events, so a replayed
 * journal rebuilds it: declines and answers kept for a seat's place in
 * the laying round are events of their own.
 */
#include "table/room_internal.h"

#include <stdlib.h>
#include <string.h>

/* Whether a person sits in room seat `seat`: a seated human not away. */
static bool person(const sk_room *r, int seat)
{
    return seat >= 0 && seat < r->nseats && r->seats[seat].kind == SK_ROOM_HUMAN &&
           !r->seats[seat].away;
}

/* The game seats that may give the next doubling now as far as the
 * public state tells (3.3): the timing of the ruleset, the declarer and
 * a partner once known, those who doubled.  Core's own list (the
 * engine's, which knows the called ace's holder) is a subset. */
static unsigned public_doublers(const sk_game *g)
{
    const sk_public *p = &g->pub;
    const sk_rules *r = g->rules;
    int n = p->nseats, d = p->doublings, len = p->trick_len;
    if (p->phase != SK_PHASE_PLAY || p->trick_no != 0 || p->contract.type == SK_C_RAMSCH ||
        p->muss || d >= r->kontra_max || d >= 8)
        return 0;
    unsigned all = (1u << n) - 1, seats = all;
    bool answer = d > 0 && r->answer_one_card_later && len <= p->double_at + 1;
    if (answer) {
        /* 002: up to one card after the doubling, whatever the timing */
    } else if (r->kontra_timing == SK_KONTRA_BEFORE_PLAY) {
        if (len > 0)
            return 0;
    } else if (r->kontra_timing == SK_KONTRA_OWN_CARD) { /* not those who played */
        for (int s = 0; s < n; s++)
            if ((s - p->trick_leader + n) % n < len)
                seats &= ~(1u << s);
    } else if (len > 1) {
        return 0;
    }
    if (p->kreuzbock) /* either pair doubles, the other answers: seats are public */
        return d == 0 ? seats : seats & (p->kontra_seat[d - 1] & 1 ? 0x5u : 0xau);
    unsigned side = 1u << (p->declarer & 7);
    bool hidden = p->partner >= SK_NSEATS && p->called_ace != SK_NOCARD;
    if (p->partner < SK_NSEATS)
        side |= 1u << p->partner;
    if (d % 2 == 0) /* Kontra: anyone not publicly on the declarer's side */
        return seats & ~side;
    if (!r->retour_by_partner)
        return seats & 1u << (p->declarer & 7);
    unsigned defenders = hidden ? 0 : all & ~side;
    for (int i = 0; i < d; i += 2) /* who gave Kontra is a defender */
        defenders |= 1u << (p->kontra_seat[i] & 7);
    return seats & ~defenders;
}

/* The open window: the laying round, or a doubling round while the
 * public state lets someone double; a number that changes with each
 * window (the game, the phase, the doublings), 0 for none. */
static uint64_t window_key(const sk_room *r)
{
    if (!r->playing)
        return 0;
    const sk_public *p = &r->game.pub;
    uint64_t game = (uint64_t)r->deal.no << 16;
    if (p->phase == SK_PHASE_KLOPFEN)
        return game | 1u << 8;
    if (public_doublers(&r->game))
        return game | 2u << 8 | p->doublings;
    return 0;
}

/* A game seat's place in the laying round, from forehand (0). */
static int lay_place(const sk_public *p, int gseat)
{
    int n = p->nseats;
    return (gseat - (p->dealer + 1) % n + n) % n;
}

/* Whether game seat `gseat`, not yet spoken, may still lay as far as
 * the public state tells (002: anyone, only after all before laid, only
 * forehand, only one seat). */
static bool may_lay_public(const sk_room *r, int gseat)
{
    const sk_public *p = &r->game.pub;
    if (p->phase != SK_PHASE_KLOPFEN || lay_place(p, gseat) < p->klopf_spoken)
        return false;
    switch (r->rules.klopfen) {
    case SK_KLOPF_ALL:
        return true;
    case SK_KLOPF_CHAIN:
        return p->laid == p->klopf_spoken;
    case SK_KLOPF_FOREHAND:
        return lay_place(p, gseat) == 0;
    case SK_KLOPF_ONE:
        return p->laid == 0;
    default:
        return false;
    }
}

/* The doubling game seat `gseat` may really give now, or -1. */
static int doubling_of(const sk_room *r, int gseat)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(&r->game, legal);
    for (int i = 0; i < n; i++)
        if (legal[i].seat == gseat &&
            (legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR))
            return legal[i].type;
    return -1;
}

/* Whether room seat `seat` declined the doubling window open now. */
static bool declined_now(const sk_room *r, int seat)
{
    return r->offers.declined_key == window_key(r) && (r->offers.declined >> seat & 1);
}

/* The offer of room seat `seat` now, or -1. */
static int offer_of(const sk_room *r, int seat)
{
    if (!r->offers.on || !r->playing || !person(r, seat))
        return -1;
    int gs = skx_room_game_seat(r, seat);
    if (gs == SK_NOSEAT)
        return -1;
    if (r->game.pub.phase == SK_PHASE_KLOPFEN)
        return r->offers.early[seat] < 0 && may_lay_public(r, gs) ? SK_ACT_KLOPFEN : -1;
    if (r->game.pub.phase != SK_PHASE_PLAY || declined_now(r, seat))
        return -1;
    return doubling_of(r, gs);
}

/* The room seats the hold waits for: connected persons the public
 * state does not exclude, who have not answered yet. */
static uint8_t waited(const sk_room *r, uint8_t present)
{
    if (!r->playing)
        return 0;
    const sk_public *p = &r->game.pub;
    unsigned pub = p->phase == SK_PHASE_PLAY ? public_doublers(&r->game) : 0;
    uint8_t w = 0;
    for (int s = 0; s < r->nseats; s++) {
        int gs = skx_room_game_seat(r, s);
        if (!person(r, s) || !(present >> s & 1) || gs == SK_NOSEAT)
            continue;
        bool wait = p->phase == SK_PHASE_KLOPFEN
                        ? r->offers.early[s] < 0 && may_lay_public(r, gs)
                        : (pub >> gs & 1) && !declined_now(r, s);
        if (wait)
            w |= (uint8_t)(1u << s);
    }
    return w;
}

/* The step's look at the window: a new one opens now, the seats it
 * waits for, and the hold's end while one of them has not answered. */
static void refresh(sk_room *r, uint8_t present, int64_t now_ms)
{
    skx_room_offers *o = &r->offers;
    uint64_t key = window_key(r);
    if (key != o->key) {
        o->key = key;
        o->opened_ms = now_ms;
    }
    o->present = present;
    o->now_ms = now_ms;
    o->wait = key ? waited(r, present) : 0;
    int64_t end = o->opened_ms + (int64_t)o->seconds * 1000;
    o->until = key && o->wait && o->seconds > 0 && now_ms < end ? end : 0;
}

/* A seat answered: the hold waits for it no more. */
static void answered(sk_room *r, int seat)
{
    r->offers.wait &= (uint8_t)~(1u << seat);
    if (!r->offers.wait)
        r->offers.until = 0;
}

/* Turns offers on; see table.h. */
void sk_room_set_offers(sk_room *r, bool on)
{
    r->offers.on = on;
}

/* Sets the hold; see table.h. */
int sk_room_set_hold(sk_room *r, int seconds, sk_error *err)
{
    if (seconds < 0 || seconds > SK_ROOM_HOLD_MAX)
        return skx_room_fail(err, SK_ERANGE, NULL, "hold %d: seconds must be 0..%d", seconds,
                             SK_ROOM_HOLD_MAX);
    r->offers.seconds = seconds;
    r->offers.key = 0; /* a window open now starts its hold afresh */
    skx_room_change c = {.kind = SKX_EV_HOLD, .seat = -1};
    return skx_room_emit(r, &c, err);
}

int sk_room_hold(const sk_room *r)
{
    return r->offers.seconds;
}

/* A seat's offer; see table.h. */
int sk_room_seat_offer(const sk_room *r, int seat, uint64_t *since)
{
    int t = seat >= 0 && seat < r->nseats ? offer_of(r, seat) : -1;
    if (since)
        *since = t >= 0 ? r->offers.since[seat] : 0;
    return t;
}

/* The hold's end; see table.h. */
int64_t sk_room_hold_until(const sk_room *r)
{
    const skx_room_offers *o = &r->offers;
    return o->on && o->until && o->key && o->key == window_key(r) ? o->until : 0;
}

bool sk_room_holding_action(const sk_room *r)
{
    return r->offers.on && r->offers.has_held;
}

/* The pending decision with offers on; see room_internal.h.  Bots are
 * asked for doublings in core's order as before (sk_turn_next), persons
 * -- present, absent or away -- never: they have offers.  In the laying
 * round a person at his place is not asked either (the step applies his
 * answer); while an action is held nobody but a bot offered a doubling
 * decides. */
int skx_room_offers_pending(const sk_room *r, sk_action *legal, int *n, int *offer)
{
    const sk_public *p = &r->game.pub;
    *n = 0;
    *offer = -1;
    if (p->phase == SK_PHASE_KLOPFEN && person(r, skx_room_seat(&r->deal, p->to_move)))
        return -1;
    sk_turn t = r->turn; /* a copy: the persons' offers are skipped on it */
    for (;;) {
        int seat = sk_turn_next(&t, &r->game, offer);
        if (seat >= SK_NSEATS)
            return -1;
        if (*offer < 0)
            break;
        int room_seat = skx_room_seat(&r->deal, seat);
        if (room_seat >= 0 && room_seat < r->nseats &&
            r->seats[room_seat].kind == SK_ROOM_HUMAN) {
            sk_turn_decline(&t, &r->game, seat);
            continue;
        }
        legal[0] = sk_act_double(seat, (enum sk_action_type) * offer);
        legal[1] = sk_act_pass(seat);
        *n = 2;
        return room_seat;
    }
    *offer = -1;
    if (r->offers.has_held)
        return -1;
    sk_action all[SK_MAX_LEGAL];
    int m = sk_game_legal(&r->game, all);
    for (int i = 0; i < m; i++)
        if (all[i].seat == p->to_move && all[i].type != SK_ACT_KONTRA &&
            all[i].type != SK_ACT_RETOUR)
            legal[(*n)++] = all[i];
    return skx_room_seat(&r->deal, p->to_move);
}

/* A person's answer to an offer; see room_internal.h.  A doubling he
 * may give now is applied at once; "pass" while he holds a doubling
 * offer declines it (an event to him alone); "klopfen" or "pass" in
 * the laying round is applied at his place or, before it, kept for it
 * (an "answer" event to him alone).  1 when the decision is none of
 * these (the usual way then checks it). */
int skx_room_offers_decide(sk_room *r, int seat, sk_action a, uint64_t seen, bool stand_in,
                           sk_error *err)
{
    if (!person(r, seat))
        return 1;
    int gs = skx_room_game_seat(r, seat);
    if (gs == SK_NOSEAT)
        return 1;
    const sk_public *p = &r->game.pub;
    skx_room_offers *o = &r->offers;
    bool laying = p->phase == SK_PHASE_KLOPFEN &&
                  (a.type == SK_ACT_KLOPFEN || a.type == SK_ACT_PASS);
    int may = p->phase == SK_PHASE_PLAY ? doubling_of(r, gs) : -1;
    bool doubling = (a.type == SK_ACT_KONTRA || a.type == SK_ACT_RETOUR) && a.type == may;
    bool decline = a.type == SK_ACT_PASS && may >= 0;
    if (!laying && !doubling && !decline)
        return 1;
    if (seen > r->seq || seen < o->since[seat])
        return skx_room_fail(err, SK_ESTATE, NULL,
                             "stale: the answer saw event %llu, the offer is of event %llu and "
                             "the room is at %llu", (unsigned long long)seen,
                             (unsigned long long)o->since[seat], (unsigned long long)r->seq);
    a.seat = (uint8_t)gs;
    if (stand_in)
        r->who[gs] = SK_OPPONENTS_NOBODY; /* not all of this game is his */
    skx_room_change c = {.kind = SKX_EV_ACTION, .seat = seat, .a = a, .stand_in = stand_in};
    if (doubling) /* a new window opens: the step times its hold */
        return skx_room_apply(r, &c, gs, err);
    if (decline) { /* 3.3: the seat lets the doubling go until the next one */
        uint64_t key = window_key(r);
        if (o->declined_key != key) {
            o->declined_key = key;
            o->declined = 0;
        }
        o->declined |= (uint8_t)(1u << seat);
        answered(r, seat);
        c.kind = SKX_EV_DECLINE;
        c.a = sk_act_double(gs, (enum sk_action_type)may);
        return skx_room_emit(r, &c, err);
    }
    int place = lay_place(p, gs);
    if (place < p->klopf_spoken || (place > p->klopf_spoken && o->early[seat] >= 0))
        return skx_room_fail(err, SK_ESTATE, "002 Laying",
                             "seat %d answered the laying offer already", seat);
    if (place == p->klopf_spoken) { /* his place: applied now */
        if (a.type == SK_ACT_KLOPFEN && !may_lay_public(r, gs))
            c.a.type = SK_ACT_PASS; /* no longer allowed here (002) */
        o->early[seat] = -1;
        r->decisions++;
        return skx_room_apply(r, &c, gs, err);
    }
    o->early[seat] = (int8_t)a.type; /* kept for his place */
    answered(r, seat);
    c.kind = SKX_EV_ANSWER;
    return skx_room_emit(r, &c, err);
}

/* Whether a checked decision is held; see room_internal.h: while the
 * hold runs, an action after which a seat the hold waits for (but the
 * actor) could no longer double, as the public state tells, is kept
 * for the hold's end. */
bool skx_room_offers_hold(sk_room *r, int seat, int gseat, sk_action a, bool stand_in)
{
    skx_room_offers *o = &r->offers;
    if (o->has_held || r->game.pub.phase != SK_PHASE_PLAY)
        return false;
    if (window_key(r) != o->key) /* a window opened since the step looked */
        refresh(r, o->present, o->now_ms);
    if (!o->until)
        return false;
    sk_game *probe = malloc(sizeof *probe);
    if (!probe)
        return false;
    *probe = r->game;
    a.seat = (uint8_t)gseat;
    unsigned before = public_doublers(&r->game), after = before;
    if (sk_game_apply(probe, a, NULL) == SK_OK)
        after = public_doublers(probe);
    free(probe);
    unsigned wait = 0;
    for (int s = 0; s < r->nseats; s++) {
        int gs = skx_room_game_seat(r, s);
        if ((o->wait >> s & 1) && gs != SK_NOSEAT)
            wait |= 1u << gs;
    }
    if (!(before & ~after & ~(1u << gseat) & wait))
        return false;
    o->has_held = true;
    o->held = a;
    o->held_seat = seat;
    o->held_stand_in = stand_in;
    return true;
}

/* After each event: the offers that began with it; see
 * room_internal.h. */
void skx_room_offers_note(sk_room *r)
{
    skx_room_offers *o = &r->offers;
    for (int s = 0; s < r->nseats; s++) {
        int t = offer_of(r, s);
        if (t != o->type[s] && t >= 0)
            o->since[s] = r->seq;
        o->type[s] = (int8_t)t;
    }
}

/* The driver's step; see table.h. */
int sk_room_offers_step(sk_room *r, uint8_t present, int64_t now_ms, sk_error *err)
{
    skx_room_offers *o = &r->offers;
    int made = 0;
    for (;;) {
        refresh(r, present, now_ms);
        if (!o->on || !r->playing || r->paused)
            return made;
        const sk_public *p = &r->game.pub;
        int seat;
        bool stand_in = false;
        sk_action a;
        if (p->phase == SK_PHASE_KLOPFEN) {
            int gs = p->to_move;
            seat = skx_room_seat(&r->deal, gs);
            if (!person(r, seat))
                return made; /* a bot's or an away seat's: asked (sk_room_pending) */
            if (o->early[seat] >= 0) {
                a = sk_action_make((enum sk_action_type)o->early[seat], gs, SK_NOCARD,
                                   (sk_contract){SK_C_NONE, SK_NOSUIT, 0});
            } else if (!(present >> seat & 1)) { /* not there: never waited for */
                a = sk_act_pass(gs);
                stand_in = true;
            } else if (!(o->wait >> seat & 1) || !o->until) { /* excluded, or time is up */
                a = sk_act_pass(gs);
            } else {
                return made;
            }
        } else if (o->has_held && !o->until) {
            sk_action legal[SK_MAX_LEGAL];
            int n, offer;
            o->has_held = false;
            if (skx_room_pending(r, legal, &n, &offer) != o->held_seat) {
                o->has_held = true; /* a bot still answers a doubling first */
                return made;
            }
            seat = o->held_seat;
            a = o->held;
            stand_in = o->held_stand_in;
        } else {
            return made;
        }
        int rc = skx_room_decide(r, seat, a, r->seq, stand_in, err);
        if (rc < 0)
            return rc;
        made++;
    }
}

/* The offer and hold fields of a recipient's state; see
 * room_internal.h: the hold for everyone (public), the offer only in
 * the seat's own state. */
bool skx_room_offers_state(const sk_room *r, json_t *o, int viewer)
{
    if (!r->offers.on)
        return true;
    int64_t until = sk_room_hold_until(r);
    json_t *hold = json_object();
    if (!hold || json_object_set_new(o, "hold", hold) < 0 ||
        json_object_set_new(hold, "seconds", json_integer(r->offers.seconds)) < 0 ||
        json_object_set_new(hold, "until", until ? json_integer(until) : json_null()) < 0)
        return false;
    if (viewer < 0 || viewer >= r->nseats)
        return true;
    uint64_t since;
    int t = sk_room_seat_offer(r, viewer, &since);
    if (t < 0)
        return json_object_set_new(o, "offer", json_null()) == 0;
    json_t *of = json_pack("{s:s, s:o, s:I}", "offer",
                           t == SK_ACT_KONTRA ? "kontra" : t == SK_ACT_RETOUR ? "retour" : "klopfen",
                           "until", until ? json_integer(until) : json_null(), "seq",
                           (json_int_t)since);
    return of && json_object_set_new(o, "offer", of) == 0;
}
