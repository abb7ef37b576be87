/*
 * room_json.c -- the texts of a room: each event's message for each
 * recipient, the state for a (re)joining connection, and the journal
 * entries (docs/room-messages.md).
 *
 * Every card and every action a message names passes core's visibility
 * (src/core/visibility.c): a seat's own hand through
 * sk_game_seen_hand, actions through sk_game_seen_action, everything
 * else public through the seat's sk_view, sides through sk_view_side.
 * The only text that holds secrets is the journal (the seeds), which
 * goes to the store and never to a client.  A finished game is public:
 * its hands, actions and seed.
 */
#include "table/room_internal.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* Sets o[key] = v (stolen); false when v is NULL or out of memory. */
static bool set(json_t *o, const char *key, json_t *v)
{
    return v && json_object_set_new(o, key, v) == 0;
}

/* Appends v (stolen) to the array a. */
static bool push(json_t *a, json_t *v)
{
    return v && json_array_append_new(a, v) == 0;
}

/* A room seat number, or null for none. */
static json_t *seat_or_null(int seat)
{
    return seat >= 0 && seat < SK_ROOM_SEATS ? json_integer(seat) : json_null();
}

/* The room seat of game seat `gseat` in deal d, or null. */
static json_t *gseat_json(const skx_room_deal *d, int gseat)
{
    return seat_or_null(skx_room_seat(d, gseat));
}

/* A set of cards as names in index order. */
static json_t *cards_json(sk_cards set)
{
    json_t *a = json_array();
    for (; a && set; set &= set - 1)
        if (!push(a, json_string(sk_card_name(sk_cards_first(set))))) {
            json_decref(a);
            return NULL;
        }
    return a;
}

/* n cards in the order given, stopping at SK_NOCARD. */
static json_t *seq_json(const uint8_t *cards, int n)
{
    json_t *a = json_array();
    for (int i = 0; a && i < n && cards[i] < SK_NCARDS; i++)
        if (!push(a, json_string(sk_card_name(cards[i])))) {
            json_decref(a);
            return NULL;
        }
    return a;
}

/* n 64-bit integers. */
static json_t *ints_json(const int64_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; a && i < n; i++)
        if (!push(a, json_integer(v[i]))) {
            json_decref(a);
            return NULL;
        }
    return a;
}

/* Dumps and frees a JSON value. */
static char *dump(json_t *o)
{
    char *s = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return s;
}

/* Parses a JSON text made by core (a ruleset, a result). */
static json_t *parse_owned(char *text)
{
    json_t *v = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    return v;
}

static const char *const KIND_NAMES[] = {"empty", "human", "bot"};
static const char *const PHASE_NAMES[] = {"auction", "declare", "play", "done", "klopfen",
                                          "hochzeit"};
static const char *const SIDE_NAMES[] = {"none", "declarer", "defender", "unknown"};

/* A seat as everyone sees it: who sits there (no player id). */
static json_t *seat_json(const sk_room_seat *s)
{
    json_t *o = json_object();
    bool ok = o && set(o, "kind", json_string(KIND_NAMES[s->kind % 3])) &&
              set(o, "name", json_string(s->name)) && set(o, "away", json_boolean(s->away));
    if (ok && s->kind == SK_ROOM_BOT)
        ok = set(o, "bot", json_string(s->bot));
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* A contract: its code and its long name, or null. */
static json_t *contract_json(sk_contract c)
{
    if (c.type == SK_C_NONE)
        return json_null();
    char code[32], name[80];
    sk_contract_code(c, code, sizeof code);
    sk_contract_name(c, name, sizeof name);
    json_t *o = json_object();
    if (o && set(o, "code", json_string(code)) && set(o, "name", json_string(name)))
        return o;
    json_decref(o);
    return NULL;
}

/* The recipient's game seat for core's visibility: SK_NOSEAT for the
 * spectator and for the seat sitting out (it sees what a spectator
 * sees). */
static int seat_of(const sk_room *r, int viewer)
{
    return skx_room_game_seat(r, viewer);
}

/* What is pending after the event, as `viewer` may know it: the seat
 * to decide, and its choices only in its own message.  A doubling
 * offered out of turn names its seat only to that seat: who is offered
 * a Kontra tells who is not the called ace's holder (3.3, 2.5). */
static json_t *pending_json(const skx_room_change *c, int viewer)
{
    int seat = c->pending, offer = c->offer, n = c->nlegal;
    const sk_action *legal = c->legal;
    if (seat < 0)
        return json_null();
    json_t *o = json_object();
    bool mine = seat == viewer;
    bool ok = o && set(o, "seat", offer >= 0 && !mine ? json_null() : json_integer(seat));
    if (ok && offer >= 0)
        ok = set(o, "offer", json_string(offer == SK_ACT_KONTRA ? "kontra" : "retour"));
    if (ok && mine) {
        json_t *a = json_array();
        ok = set(o, "choices", a);
        for (int i = 0; ok && i < n; i++) {
            char text[48];
            sk_action_format(legal[i], text, sizeof text);
            ok = push(a, json_string(text));
        }
    }
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* A finished trick k: number from 1, leader, cards in play order,
 * winner, card points. */
static json_t *trick_json(const sk_public *p, const skx_room_deal *d, int k)
{
    sk_cards cards = 0;
    for (int i = 0; i < p->nseats; i++)
        cards |= SK_BIT(p->tricks[k][i]);
    json_t *o = json_object();
    if (o && set(o, "no", json_integer(k + 1)) &&
        set(o, "leader", gseat_json(d, p->trick_leaders[k])) &&
        set(o, "cards", seq_json(p->tricks[k], p->nseats)) &&
        set(o, "winner", gseat_json(d, p->trick_winners[k])) &&
        set(o, "points", json_integer(sk_cards_points(cards))))
        return o;
    json_decref(o);
    return NULL;
}

/* The finished tricks of a game. */
static json_t *tricks_json(const sk_public *p, const skx_room_deal *d)
{
    json_t *a = json_array();
    for (int k = 0; a && k < p->trick_no; k++)
        if (!push(a, trick_json(p, d, k))) {
            json_decref(a);
            return NULL;
        }
    return a;
}

/* The public table after an action, as the viewer's sk_view has it:
 * phase, seat to move, contract, declarer, known partner, called ace,
 * doublings and who gave them, laying, an open hand, the sides as the
 * viewer knows them (sk_view_side). */
static json_t *table_json(const sk_room *r, int viewer)
{
    const sk_game *g = &r->game;
    const skx_room_deal *d = &r->deal;
    sk_view *v = malloc(sizeof *v);
    json_t *o = json_object(), *sides = json_array();
    bool ok = v && o && sides;
    if (ok) {
        sk_game_view(g, seat_of(r, viewer), v);
        const sk_public *p = &v->pub;
        ok = set(o, "phase", json_string(PHASE_NAMES[p->phase % 6])) &&
             set(o, "to_move", gseat_json(d, p->to_move)) &&
             set(o, "contract", contract_json(p->contract)) &&
             set(o, "declarer", gseat_json(d, p->contract.type == SK_C_NONE ||
                                                      p->contract.type == SK_C_RAMSCH
                                                  ? SK_NOSEAT
                                                  : p->declarer)) &&
             set(o, "partner", gseat_json(d, p->partner)) &&
             set(o, "called", p->called_ace < SK_NCARDS ? json_string(sk_card_name(p->called_ace))
                                                        : json_null()) &&
             set(o, "doublings", json_integer(p->doublings)) && set(o, "laid", json_integer(p->laid));
        json_t *by = ok ? json_array() : NULL;
        ok = ok && set(o, "doubled_by", by);
        for (int i = 0; ok && i < p->doublings && i < 8; i++)
            ok = push(by, gseat_json(d, p->kontra_seat[i]));
        if (ok && p->open_seat < SK_NSEATS) {
            json_t *open = json_object();
            ok = set(o, "open", open) && set(open, "seat", gseat_json(d, p->open_seat)) &&
                 set(open, "cards", cards_json(v->open_hand));
        }
        for (int s = 0; ok && s < r->nseats; s++) { /* per room seat: "none" sits out */
            int gs = skx_room_game_seat(r, s);
            ok = push(sides, json_string(gs == SK_NOSEAT ? SIDE_NAMES[0]
                                                         : SIDE_NAMES[sk_view_side(v, gs) & 3]));
        }
        ok = ok && set(o, "sides", json_incref(sides));
        if (ok && p->phase == SK_PHASE_PLAY && p->trick_no < p->ntricks) {
            json_t *t = json_object();
            ok = set(o, "trick", t) && set(t, "no", json_integer(p->trick_no + 1)) &&
                 set(t, "leader", gseat_json(d, p->trick_leader)) &&
                 set(t, "cards", seq_json(p->trick, p->trick_len));
        }
    }
    free(v);
    json_decref(sides);
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* The actions of a game as `viewer` sees them (sk_game_seen_action),
 * or all as they were (`all`: a finished game). */
static json_t *actions_json(const sk_game *g, const skx_room_deal *d, int gviewer, bool all)
{
    json_t *a = json_array();
    for (int i = 0; a && i < g->pub.nactions; i++) {
        sk_action x = all ? g->pub.actions[i] : sk_game_seen_action(g, i, gviewer);
        char text[48];
        sk_action_format(x, text, sizeof text);
        json_t *o = json_object();
        if (!push(a, o) || !set(o, "seat", gseat_json(d, x.seat)) ||
            !set(o, "action", json_string(text))) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

/* The fields of a deal every recipient gets: number, dealer, the seat
 * sitting out (five players; else null), forehand, first game, Bock
 * level, Kreuzbock, the seed's hash. */
static bool deal_fields(json_t *o, const sk_game *g, const skx_room_deal *d)
{
    int n = g->pub.nseats == 3 ? 3 : 4;
    return set(o, "game", json_integer(d->no)) && set(o, "dealer", json_integer(d->dealer)) &&
           set(o, "out", seat_or_null(d->out)) &&
           set(o, "forehand", gseat_json(d, (g->pub.dealer + 1) % n)) &&
           set(o, "first_game", json_boolean(g->pub.first_game)) &&
           set(o, "bock", json_integer(g->pub.bock)) &&
           set(o, "kreuzbock", json_boolean(g->pub.kreuzbock_round)) &&
           set(o, "seed_hash", json_string(d->hash));
}

/* The settlement of a row: core's result fields (sk_result_json), the
 * breakdown of the money, its explanation, the Stock, the totals. */
/* With five players, core's result (in the game's seats) in room
 * seats: every seat number mapped, every per-seat array five long with
 * 0 for the seat sitting out. */
static bool result_to_room(json_t *o, const sk_room *r, const skx_room_deal *d)
{
    static const char *const ONE[] = {"declarer", "partner", "durchmarsch"};
    static const char *const LISTS[] = {"trick_winners", "losers", "winners"};
    static const char *const PER_SEAT[] = {"points", "tricks", "money", "tournament"};
    for (size_t i = 0; i < sizeof ONE / sizeof *ONE; i++) {
        json_t *v = json_object_get(o, ONE[i]);
        if (json_is_integer(v) && !set(o, ONE[i], gseat_json(d, (int)json_integer_value(v))))
            return false;
    }
    for (size_t i = 0; i < sizeof LISTS / sizeof *LISTS; i++) {
        json_t *a = json_object_get(o, LISTS[i]), *v;
        size_t k;
        json_array_foreach(a, k, v)
            if (json_array_set_new(a, k, gseat_json(d, (int)json_integer_value(v))) < 0)
                return false;
    }
    for (size_t i = 0; i < sizeof PER_SEAT / sizeof *PER_SEAT; i++) {
        json_t *a = json_object_get(o, PER_SEAT[i]), *b = json_array();
        bool ok = b != NULL;
        for (int s = 0; ok && s < r->nseats; s++) {
            int gs = skx_room_game_seat_in(r, d, s);
            json_t *v = gs == SK_NOSEAT ? NULL : json_array_get(a, (size_t)gs);
            ok = push(b, v ? json_incref(v) : json_integer(0));
        }
        if (!ok || !set(o, PER_SEAT[i], b))
            return false;
    }
    return true;
}

/* Values kept per game seat, as an array per room seat (0 for the seat
 * sitting out). */
static json_t *game_ints_json(const sk_room *r, const skx_room_deal *d, const int64_t *v)
{
    int64_t out[SK_ROOM_SEATS] = {0};
    for (int s = 0; s < r->nseats; s++) {
        int gs = skx_room_game_seat_in(r, d, s);
        out[s] = gs == SK_NOSEAT ? 0 : v[gs];
    }
    return ints_json(out, r->nseats);
}

json_t *skx_room_settlement(const sk_room *r, const skx_room_row *row, const skx_room_deal *d)
{
    const sk_result *res = &row->res;
    json_t *o = parse_owned(sk_result_json(res));
    if (o && r->nseats != r->gseats && !result_to_room(o, r, d)) {
        json_decref(o);
        o = NULL;
    }
    char explain[256];
    sk_result_explain(&r->rules, res, explain, sizeof explain);
    json_t *totals = json_object();
    bool ok = o && totals && set(o, "bock", json_integer(res->bock)) &&
              set(o, "laid", json_integer(res->laid)) &&
              set(o, "base_units", json_integer(res->base_units)) &&
              set(o, "laufende_units", json_integer(res->laufende_units)) &&
              set(o, "extra_units", json_integer(res->extra_units)) &&
              set(o, "pair_units", json_integer(res->pair_units)) &&
              set(o, "unit_cents", json_integer(r->rules.unit_cents)) &&
              set(o, "explain", json_string(explain)) &&
              set(o, "stock_flow", game_ints_json(r, d, row->stock_flow)) &&
              set(o, "stock", json_integer(row->stock)) && set(o, "totals", json_incref(totals)) &&
              set(totals, "money", ints_json(row->money, r->nseats)) &&
              set(totals, "tournament", ints_json(row->tournament, r->nseats));
    json_decref(totals);
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* The course of a finished game, public now: its number, seed and hash,
 * dealer, the hands as dealt, every action, the tricks, the settlement. */
json_t *skx_room_course(const sk_room *r)
{
    const sk_game *g = &r->last;
    char seed[2 * SK_ROOM_SEED_BYTES + 1];
    skx_room_hex(r->last_deal.seed, SK_ROOM_SEED_BYTES, seed);
    json_t *o = json_object(), *hands = json_array();
    bool ok = o && hands && deal_fields(o, g, &r->last_deal) &&
              set(o, "seed", json_string(seed)) && set(o, "hands", json_incref(hands));
    for (int s = 0; ok && s < r->nseats; s++) { /* per room seat: [] sat out */
        int gs = skx_room_game_seat_in(r, &r->last_deal, s);
        ok = push(hands, gs == SK_NOSEAT ? json_array() : seq_json(g->dealt[gs], 8));
    }
    json_decref(hands);
    ok = ok && set(o, "actions", actions_json(g, &r->last_deal, SK_NOSEAT, true)) &&
         set(o, "tricks", tricks_json(&g->pub, &r->last_deal)) &&
         set(o, "result", json_incref(r->last_row.json));
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* The event-specific fields of an action. */
static bool action_fields(json_t *o, const sk_room *r, const skx_room_change *c, int viewer)
{
    const sk_game *g = &r->game;
    const sk_public *p = &g->pub;
    int gv = seat_of(r, viewer);
    sk_action a = sk_game_seen_action(g, p->nactions - 1, gv);
    char text[48];
    sk_action_format(a, text, sizeof text);
    bool ok = set(o, "game", json_integer(r->deal.no)) && set(o, "seat", json_integer(c->seat)) &&
              set(o, "action", json_string(text));
    if (ok && c->stand_in)
        ok = set(o, "stand_in", json_true());
    if (ok && gv != SK_NOSEAT) { /* its hand changed but by its own card */
        sk_cards before = c->seen_before[gv];
        if (a.type == SK_ACT_CARD && a.seat == gv)
            before &= ~SK_BIT(a.card);
        sk_cards now = sk_game_seen_hand(g, gv);
        if (now != before)
            ok = set(o, "hand", cards_json(now));
    }
    if (ok && a.type == SK_ACT_CARD && p->trick_len == 0 && p->trick_no > 0) {
        json_t *done = trick_json(p, &r->deal, p->trick_no - 1);
        ok = set(o, "trick_done", done);
        /* who took it and its card points, for every viewer at once */
        json_t *won = ok ? json_object() : NULL;
        ok = ok && set(o, "won", won) &&
             set(won, "seat", json_incref(json_object_get(done, "winner"))) &&
             set(won, "points", json_incref(json_object_get(done, "points")));
    }
    return ok && set(o, "table", table_json(r, viewer));
}

/* Whether the table is paused and the seats that want a pause. */
static bool pause_fields(json_t *o, const sk_room *r)
{
    json_t *votes = json_array();
    bool ok = set(o, "paused", json_boolean(r->paused)) && set(o, "votes", votes);
    for (int s = 0; ok && s < r->nseats; s++)
        if (r->votes & (1u << s))
            ok = push(votes, json_integer(s));
    return ok;
}

/* The driver's settings: the settlement wait and play-on. */
static bool settings_fields(json_t *o, const sk_room *r)
{
    return set(o, "settle", json_integer(r->settle)) && set(o, "play_on", json_boolean(r->play_on));
}

/* The message of the event just made; see room_internal.h. */
char *skx_room_event_json(const sk_room *r, const skx_room_change *c, int viewer)
{
    static const char *const NAMES[] = {"", "sit", "leave", "deal", "action", "decline",
                                        "result", "timer", "pause", "claim",
                                        "settings", "answer", "hold"};
    json_t *o = json_object();
    bool ok = o && set(o, "seq", json_integer((json_int_t)r->seq)) &&
              set(o, "kind", json_string(NAMES[c->kind]));
    switch (c->kind) {
    case SKX_EV_SIT:
    case SKX_EV_LEAVE:
        ok = ok && set(o, "seat", json_integer(c->seat)) &&
             set(o, "player", seat_json(&r->seats[c->seat]));
        break;
    case SKX_EV_DEAL:
        ok = ok && deal_fields(o, &r->game, &r->deal);
        if (ok && seat_of(r, viewer) != SK_NOSEAT)
            ok = set(o, "hand", cards_json(sk_game_seen_hand(&r->game, seat_of(r, viewer))));
        ok = ok && set(o, "table", table_json(r, viewer));
        break;
    case SKX_EV_ACTION:
        ok = ok && action_fields(o, r, c, viewer);
        break;
    case SKX_EV_DECLINE: /* the seat only to itself (see pending_json) */
        ok = ok && set(o, "game", json_integer(r->deal.no)) &&
             set(o, "offer", json_string(c->a.type == SK_ACT_KONTRA ? "kontra" : "retour"));
        if (ok && viewer == c->seat)
            ok = set(o, "seat", json_integer(c->seat));
        if (ok && viewer == c->seat && c->stand_in)
            ok = set(o, "stand_in", json_true());
        break;
    case SKX_EV_ANSWER: /* what and who only to the seat itself (room_offer.c) */
        ok = ok && set(o, "game", json_integer(r->deal.no));
        if (ok && viewer == c->seat)
            ok = set(o, "seat", json_integer(c->seat)) && set(o, "offer", json_string("klopfen")) &&
                 set(o, "answer", json_string(c->a.type == SK_ACT_KLOPFEN ? "klopfen" : "pass"));
        break;
    case SKX_EV_HOLD:
        ok = ok && set(o, "seconds", json_integer(r->offers.seconds));
        break;
    case SKX_EV_RESULT:
        ok = ok && set(o, "course", json_incref(r->last_course));
        break;
    case SKX_EV_TIMER:
        ok = ok && set(o, "seconds", json_integer(r->timer));
        break;
    case SKX_EV_SETTINGS:
        ok = ok && settings_fields(o, r);
        break;
    case SKX_EV_PAUSE:
        ok = ok && set(o, "seat", json_integer(c->seat)) &&
             set(o, "pause", json_boolean(c->pause)) && pause_fields(o, r);
        break;
    case SKX_EV_CLAIM: /* the claimer shows his cards to everyone */
        ok = ok && set(o, "game", json_integer(r->deal.no)) &&
             set(o, "seat", json_integer(c->seat)) && set(o, "hand", cards_json(c->claim_hand));
        break;
    default:
        ok = false;
    }
    ok = ok && set(o, "pending", pending_json(c, viewer));
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return dump(o);
}

/* The journal entry of the event just made; see room_internal.h. */
char *skx_room_journal_json(const sk_room *r, const skx_room_change *c)
{
    json_t *o = json_object();
    bool ok = o && set(o, "seq", json_integer((json_int_t)r->seq));
    const sk_room_seat *s = c->seat >= 0 ? &r->seats[c->seat] : NULL;
    char text[48], seed[2 * SK_ROOM_SEED_BYTES + 1], player[24];
    switch (c->kind) {
    case SKX_EV_SIT:
        ok = ok && set(o, "kind", json_string("sit")) && set(o, "seat", json_integer(c->seat));
        if (s->kind == SK_ROOM_BOT) {
            ok = ok && set(o, "bot", json_string(s->bot));
        } else {
            snprintf(player, sizeof player, "%llu", (unsigned long long)s->player);
            ok = ok && set(o, "player", json_string(player)) &&
                 set(o, "name", json_string(s->name));
        }
        break;
    case SKX_EV_LEAVE:
        ok = ok && set(o, "kind", json_string("leave")) && set(o, "seat", json_integer(c->seat));
        break;
    case SKX_EV_DEAL:
        skx_room_hex(r->deal.seed, SK_ROOM_SEED_BYTES, seed);
        ok = ok && set(o, "kind", json_string("deal")) && set(o, "seed", json_string(seed));
        break;
    case SKX_EV_ACTION:
    case SKX_EV_DECLINE:
    case SKX_EV_ANSWER:
        sk_action_format(c->kind == SKX_EV_DECLINE ? sk_act_pass(c->seat) : c->a, text,
                         sizeof text);
        ok = ok && set(o, "kind", json_string(c->claimed ? "played" : "decide")) &&
             set(o, "seat", json_integer(c->seat)) && set(o, "action", json_string(text));
        if (ok && c->stand_in)
            ok = set(o, "stand_in", json_true());
        break;
    case SKX_EV_RESULT:
        ok = ok && set(o, "kind", json_string("result"));
        break;
    case SKX_EV_TIMER:
        ok = ok && set(o, "kind", json_string("timer")) &&
             set(o, "seconds", json_integer(r->timer));
        break;
    case SKX_EV_SETTINGS:
        ok = ok && set(o, "kind", json_string("settings")) && settings_fields(o, r);
        break;
    case SKX_EV_HOLD:
        ok = ok && set(o, "kind", json_string("hold")) &&
             set(o, "seconds", json_integer(r->offers.seconds));
        break;
    case SKX_EV_CLAIM:
        ok = ok && set(o, "kind", json_string("claim")) && set(o, "seat", json_integer(c->seat)) &&
             set(o, "cards", seq_json(c->claim_cards, c->nclaim));
        break;
    case SKX_EV_PAUSE:
        ok = ok && set(o, "kind", json_string("pause")) &&
             set(o, "seat", json_integer(c->seat)) && set(o, "pause", json_boolean(c->pause)) &&
             set(o, "present", json_integer(c->present));
        break;
    default:
        ok = false;
    }
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return dump(o);
}

/* A row of the score sheet. */
static json_t *row_json(const skx_room_row *row)
{
    json_t *o = json_object();
    if (o && set(o, "game", json_integer(row->game_no)) &&
        set(o, "dealer", json_integer(row->dealer)) &&
        set(o, "settlement", json_incref(row->json)))
        return o;
    json_decref(o);
    return NULL;
}

/* The score sheet: every row and the totals now. */
static json_t *sheet_json(const sk_room *r)
{
    json_t *o = json_object(), *rows = json_array(), *totals = json_object();
    bool ok = o && rows && totals && set(o, "rows", json_incref(rows)) &&
              set(o, "totals", json_incref(totals)) &&
              set(totals, "money", ints_json(r->session.money, r->nseats)) &&
              set(totals, "tournament", ints_json(r->session.tournament, r->nseats)) &&
              set(o, "stock", json_integer(r->session.stock));
    for (size_t i = 0; ok && i < r->nrows; i++)
        ok = push(rows, row_json(&r->rows[i]));
    json_decref(rows);
    json_decref(totals);
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* The running game as `viewer` sees it. */
static json_t *game_json(const sk_room *r, int viewer)
{
    const sk_game *g = &r->game;
    int gv = seat_of(r, viewer);
    json_t *o = json_object();
    bool ok = o && deal_fields(o, g, &r->deal);
    if (ok && gv != SK_NOSEAT)
        ok = set(o, "hand", cards_json(sk_game_seen_hand(g, gv)));
    ok = ok && set(o, "actions", actions_json(g, &r->deal, gv, false)) &&
         set(o, "tricks", tricks_json(&g->pub, &r->deal)) && set(o, "table", table_json(r, viewer));
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* The turn timer: its seconds and the deadline running now (ms since
 * the epoch) or null.  A doubling offered out of turn names its seat
 * only to that seat (pending_json): so does its deadline, which runs
 * for humans only. */
static json_t *timer_json(const sk_room *r, const skx_room_change *now, int viewer)
{
    int64_t deadline = sk_room_deadline(r);
    bool shown = deadline > 0 && (now->offer < 0 || now->pending == viewer);
    json_t *o = json_object();
    if (o && set(o, "seconds", json_integer(r->timer)) &&
        set(o, "deadline", shown ? json_integer(deadline) : json_null()))
        return o;
    json_decref(o);
    return NULL;
}

/* The whole state for a recipient; see table.h. */
char *sk_room_state(const sk_room *r, int seat)
{
    if (seat != SK_ROOM_SPECTATOR && (seat < 0 || seat >= r->nseats))
        return NULL;
    int viewer = seat == SK_ROOM_SPECTATOR ? SKX_ROOM_SPECTATOR : seat;
    skx_room_change now;
    now.pending = skx_room_pending(r, now.legal, &now.nlegal, &now.offer);
    json_t *o = json_object(), *seats = json_array();
    bool ok = o && seats && set(o, "seq", json_integer((json_int_t)r->seq)) &&
              set(o, "kind", json_string("state")) &&
              set(o, "room", json_integer((json_int_t)r->id)) &&
              set(o, "you", seat_or_null(viewer)) &&
              set(o, "rules", json_incref(r->rules_json)) &&
              set(o, "fallback", json_string(r->fallback)) &&
              set(o, "seats", json_incref(seats));
    for (int s = 0; ok && s < r->nseats; s++)
        ok = push(seats, seat_json(&r->seats[s]));
    json_decref(seats);
    ok = ok && set(o, "sheet", sheet_json(r)) &&
         set(o, "game", r->playing ? game_json(r, viewer) : json_null()) &&
         set(o, "out", seat_or_null(sk_room_out(r))) &&
         set(o, "last", r->have_last ? json_incref(r->last_course) : json_null()) &&
         set(o, "pending", pending_json(&now, viewer)) && pause_fields(o, r) &&
         set(o, "timer", timer_json(r, &now, viewer)) && settings_fields(o, r) &&
         skx_room_offers_state(r, o, viewer);
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return dump(o);
}
