/*
 * room.c -- a table of the game server: seats, deals from published
 * seeds, the decisions in core's order, the score sheet, the events
 * and the journal that rebuilds it all (schafkopf/table.h).
 *
 * The room is a state machine like the game it holds: every change is
 * one event, numbered from 1, and every event has a journal entry (the
 * input that made it) and a message per recipient, made at once through
 * core's visibility (room_json.c).  A room fed its journal again passes
 * through the same code and so ends in the same state with the same
 * messages.  The room runs no bot and knows no socket, file, thread or
 * clock.  Who sits where is in room_seats.c, the turn timer and the
 * pause vote in room_clock.c, claims in room_claim.c, the journal's
 * reader in room_replay.c.
 */
#include "table/room_internal.h"

#include <assert.h>
#include <jansson.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sets the error (prefixed "room: ") and returns code; see
 * room_internal.h. */
int skx_room_fail(sk_error *err, int code, const char *rule, const char *fmt, ...)
{
    if (err) {
        int k = snprintf(err->msg, sizeof err->msg, "room: ");
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg + k, sizeof err->msg - (size_t)k, fmt, ap);
        va_end(ap);
        err->rule = rule;
    }
    return code;
}

/* Hex of n bytes into out (2n + 1 bytes). */
void skx_room_hex(const uint8_t *bytes, size_t n, char *out)
{
    sodium_bin2hex(out, 2 * n + 1, bytes, n);
}

/* The published hash of a seed: BLAKE2b-256 of its bytes, as hex. */
static void seed_hash(const uint8_t seed[SK_ROOM_SEED_BYTES], char out[SK_ROOM_HASH_HEX])
{
    uint8_t h[32];
    crypto_generichash(h, sizeof h, seed, SK_ROOM_SEED_BYTES, NULL, 0);
    skx_room_hex(h, sizeof h, out);
}

/* The deal of a seed: the generator's state is BLAKE2b-256 keyed with
 * the seed over a fixed text -- not the published hash, from which the
 * deal must not follow -- then the ruleset's deck is shuffled and dealt
 * as at the table (2.3.1).  A pure function of its inputs. */
void sk_room_deal_from_seed(const sk_rules *rules, int dealer,
                            const uint8_t seed[SK_ROOM_SEED_BYTES], uint8_t hands[4][8])
{
    static const char what[] = "schafkopf room deal 1";
    uint8_t key[32];
    if (sodium_init() < 0) { /* the portable code still hashes right */
    }
    crypto_generichash(key, sizeof key, (const uint8_t *)what, sizeof what - 1, seed,
                       SK_ROOM_SEED_BYTES);
    sk_rng rng;
    uint64_t any = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t w = 0;
        for (int b = 7; b >= 0; b--)
            w = w << 8 | key[8 * i + b];
        rng.s[i] = w;
        any |= w;
    }
    if (!any)
        rng.s[0] = 1; /* xoshiro's one forbidden state */
    sk_deck d;
    sk_deck_shuffle_rules(&d, rules, &rng);
    sk_deck_deal(&d, dealer, (enum sk_deal_mode)rules->deal_mode, hands);
}

/* A new room; see table.h. */
sk_room *sk_room_new(uint64_t id, const sk_rules *rules, const char *fallback, sk_error *err)
{
    if (!rules) {
        skx_room_fail(err, SK_EINVAL, NULL, "no ruleset");
        return NULL;
    }
    if (sk_rules_validate(rules, err) < 0)
        return NULL;
    if (!fallback)
        fallback = "heuristic";
    sk_error berr = {{0}, NULL};
    sk_bot *probe = strlen(fallback) < 32 ? sk_bot_new(fallback, 0, &berr) : NULL;
    if (!probe) {
        char q[SK_ESCAPE_SIZE(40)];
        skx_room_fail(err, SK_EINVAL, NULL, "fallback bot \"%s\": %s",
             sk_escape(q, sizeof q, fallback, strlen(fallback), 40),
             berr.msg[0] ? berr.msg : "too long");
        return NULL;
    }
    sk_bot_free(probe);
    if (sodium_init() < 0) {
        skx_room_fail(err, SK_EIO, NULL, "libsodium could not start");
        return NULL;
    }
    sk_room *r = calloc(1, sizeof *r);
    if (!r) {
        skx_room_fail(err, SK_ENOMEM, NULL, "out of memory");
        return NULL;
    }
    r->id = id;
    r->rules = *rules;
    sk_rules_refresh(&r->rules);
    snprintf(r->fallback, sizeof r->fallback, "%s", fallback);
    r->gseats = sk_rules_seats(&r->rules);
    r->nseats = r->rules.players == 5 ? 5 : r->gseats;
    r->settle = SK_ROOM_SETTLE_DEFAULT;
    sk_session_init(&r->session, &r->rules, 0);
    sk_turn_init(&r->turn);
    r->offers.seconds = SK_ROOM_HOLD_DEFAULT;
    for (int s = 0; s < SK_ROOM_SEATS; s++)
        r->offers.early[s] = r->offers.type[s] = -1;
    char *rules_text = sk_rules_json(&r->rules);
    r->rules_json = rules_text ? json_loads(rules_text, 0, NULL) : NULL;
    free(rules_text);
    if (!r->rules_json) {
        free(r);
        skx_room_fail(err, SK_ENOMEM, NULL, "out of memory");
        return NULL;
    }
    return r;
}

/* Frees one kept event's texts. */
static void event_free(skx_room_event *e)
{
    free(e->journal);
    for (int v = 0; v < SKX_ROOM_VIEWERS; v++)
        free(e->msg[v]);
}

void sk_room_free(sk_room *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nev; i++)
        event_free(&r->ev[i]);
    free(r->ev);
    for (size_t i = 0; i < r->nrows; i++)
        json_decref(r->rows[i].json);
    free(r->rows);
    json_decref(r->last_course);
    json_decref(r->rules_json);
    free(r->records);
    free(r);
}

uint64_t sk_room_id(const sk_room *r)
{
    return r->id;
}

const sk_rules *sk_room_rules(const sk_room *r)
{
    return &r->rules;
}

const char *sk_room_fallback(const sk_room *r)
{
    return r->fallback;
}

int sk_room_seats(const sk_room *r)
{
    return r->nseats;
}

/* The seat sitting out the running game, or -1. */
int sk_room_out(const sk_room *r)
{
    return r->playing && r->deal.out < SK_ROOM_SEATS ? r->deal.out : -1;
}

/* The game seat of a room seat; see room_internal.h. */
int skx_room_game_seat_in(const sk_room *r, const skx_room_deal *d, int seat)
{
    if (seat < 0 || seat >= r->nseats)
        return SK_NOSEAT;
    if (r->nseats == r->gseats)
        return seat;
    for (int g = 0; g < r->gseats; g++)
        if (d->seat[g] == seat)
            return g;
    return SK_NOSEAT;
}

int skx_room_game_seat(const sk_room *r, int seat)
{
    return skx_room_game_seat_in(r, &r->deal, seat);
}

/* The room seat of a game seat; see room_internal.h. */
int skx_room_seat(const skx_room_deal *d, int gseat)
{
    return gseat >= 0 && gseat < SK_NSEATS ? d->seat[gseat] : SK_NOSEAT;
}

/* The seat's state, NULL for a seat the ruleset does not play. */
const sk_room_seat *sk_room_seat_at(const sk_room *r, int seat)
{
    return seat >= 0 && seat < r->nseats ? &r->seats[seat] : NULL;
}

uint64_t sk_room_seq(const sk_room *r)
{
    return r->seq;
}

const sk_game *sk_room_game(const sk_room *r)
{
    return r->playing ? &r->game : NULL;
}

const sk_session *sk_room_session(const sk_room *r)
{
    return &r->session;
}

uint32_t sk_room_game_no(const sk_room *r)
{
    return r->deal.no;
}

const sk_game *sk_room_last_game(const sk_room *r, uint32_t *no)
{
    if (no)
        *no = r->have_last ? r->last_deal.no : 0;
    return r->have_last ? &r->last : NULL;
}

/* Makes event r->seq + 1 from a change: its journal entry and its
 * message for every recipient.  Out of memory the change stands but
 * the event or its texts are missing (NULL): SK_ENOMEM. */
int skx_room_emit(sk_room *r, skx_room_change *c, sk_error *err)
{
    c->pending = skx_room_pending(r, c->legal, &c->nlegal, &c->offer);
    if (r->nev == r->ev_cap) {
        size_t cap = r->ev_cap ? 2 * r->ev_cap : 64;
        skx_room_event *more = realloc(r->ev, cap * sizeof *more);
        if (!more) /* the change stands without an event: kept events stay contiguous */
            return skx_room_fail(err, SK_ENOMEM, NULL, "out of memory for event %llu",
                        (unsigned long long)r->seq + 1);
        r->ev = more;
        r->ev_cap = cap;
    }
    r->seq++;
    skx_room_event *e = &r->ev[r->nev++];
    memset(e, 0, sizeof *e);
    e->seq = r->seq;
    e->game_no = r->games_dealt;
    e->kind = (uint8_t)c->kind;
    e->claimed = c->claimed;
    e->journal = skx_room_journal_json(r, c);
    bool ok = e->journal != NULL;
    for (int v = 0; v < SKX_ROOM_VIEWERS; v++) {
        if (v < SK_ROOM_SEATS && v >= r->nseats)
            continue;
        /* a result is the same for everyone (the game is public now) */
        e->msg[v] = c->kind == SKX_EV_RESULT && v > 0 && e->msg[0] ? strdup(e->msg[0])
                                                                   : skx_room_event_json(r, c, v);
        ok = ok && e->msg[v];
    }
    skx_room_offers_note(r);
    return ok ? SK_OK
              : skx_room_fail(err, SK_ENOMEM, NULL, "out of memory for the texts of event %llu",
                     (unsigned long long)r->seq);
}

/* Drops the events older than the last finished game's (game_no below
 * `keep`), before a new deal. */
static void drop_events(sk_room *r, uint32_t keep)
{
    size_t k = 0;
    while (k < r->nev && r->ev[k].game_no < keep)
        event_free(&r->ev[k++]);
    memmove(r->ev, r->ev + k, (r->nev - k) * sizeof *r->ev);
    r->nev -= k;
}

/* The kept event `seq`, or NULL; see room_internal.h. */
const skx_room_event *skx_room_event_at(const sk_room *r, uint64_t seq)
{
    if (r->nev == 0 || seq < r->ev[0].seq || seq > r->seq)
        return NULL;
    const skx_room_event *e = &r->ev[seq - r->ev[0].seq];
    assert(e->seq == seq);
    return e;
}

/* Checks a seat number: 0 or SK_ERANGE naming it. */
int skx_room_check_seat(const sk_room *r, int seat, sk_error *err)
{
    if (seat < 0 || seat >= r->nseats)
        return skx_room_fail(err, SK_ERANGE, NULL, "seat %d is not a seat of this table (0..%d)", seat,
                    r->nseats - 1);
    return SK_OK;
}

/* The pending decision; see room_internal.h.  Core's turn order asks
 * the doublings out of turn first (3.3); the seat to move then chooses
 * among its actions but the doublings (it was asked, or may not). */
int skx_room_pending(const sk_room *r, sk_action *legal, int *n, int *offer)
{
    sk_action buf[SK_MAX_LEGAL];
    if (!legal)
        legal = buf;
    *n = 0;
    *offer = -1;
    if (!r->playing)
        return -1;
    if (r->offers.on) /* persons are offered doublings and laying, not asked */
        return skx_room_offers_pending(r, legal, n, offer);
    sk_turn t = r->turn; /* sk_turn_next only catches up with the game */
    int seat = sk_turn_next(&t, &r->game, offer);
    if (seat >= SK_NSEATS)
        return -1;
    if (*offer >= 0) {
        legal[0] = sk_act_double(seat, (enum sk_action_type) * offer);
        legal[1] = sk_act_pass(seat);
        *n = 2;
        return skx_room_seat(&r->deal, seat);
    }
    sk_action all[SK_MAX_LEGAL];
    int m = sk_game_legal(&r->game, all);
    for (int i = 0; i < m; i++)
        if (all[i].seat == seat && all[i].type != SK_ACT_KONTRA && all[i].type != SK_ACT_RETOUR)
            legal[(*n)++] = all[i];
    return skx_room_seat(&r->deal, seat);
}

/* The doubling offered out of turn to the pending seat; see table.h. */
int sk_room_offer(const sk_room *r)
{
    int n, offer;
    skx_room_pending(r, NULL, &n, &offer);
    return offer;
}

/* A bot's decision as the answer to the room's question; see table.h. */
sk_action sk_room_answer(const sk_room *r, sk_action a)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = 0;
    int seat = sk_room_pending(r, legal, &n); /* room seats */
    if (seat < 0 || n == 0)
        return a;
    a.seat = (uint8_t)seat;
    int offer = sk_room_offer(r);
    if (offer >= 0) /* legal: the doubling, then its decline */
        return a.type == offer ? legal[0] : legal[1];
    for (int i = 0; i < n; i++)
        if (sk_action_equal(legal[i], a))
            return a;
    return legal[0];
}

/* Whether a stand-in for a person passes; see table.h. */
bool sk_room_stand_in_passes(const sk_room *r)
{
    sk_action legal[SK_MAX_LEGAL];
    int n, offer;
    if (skx_room_pending(r, legal, &n, &offer) < 0)
        return false;
    if (offer >= 0)
        return true;
    int phase = r->game.pub.phase;
    if (phase != SK_PHASE_AUCTION && phase != SK_PHASE_KLOPFEN && phase != SK_PHASE_HOCHZEIT)
        return false;
    for (int i = 0; i < n; i++)
        if (legal[i].type == SK_ACT_PASS)
            return true;
    return false;
}

/* The next decision; see table.h. */
int sk_room_pending(const sk_room *r, sk_action *legal, int *n)
{
    int offer, m;
    int seat = skx_room_pending(r, legal, &m, &offer);
    for (int i = 0; legal && i < m; i++)
        legal[i].seat = (uint8_t)seat; /* room seats outside */
    if (n)
        *n = m;
    return seat;
}

/* The view for a bot's decision; see table.h. */
int sk_room_view(const sk_room *r, int seat, sk_view *v)
{
    if (!r->playing)
        return SK_ESTATE;
    if (seat < 0 || seat >= r->nseats)
        return SK_ERANGE;
    int gseat = skx_room_game_seat(r, seat);
    if (gseat == SK_NOSEAT)
        return SK_ESTATE;
    sk_game_view(&r->game, gseat, v);
    return SK_OK;
}

/* Appends text to the records. */
static int records_add(sk_room *r, const char *line)
{
    size_t n = strlen(line);
    char *more = realloc(r->records, r->records_len + n + 1);
    if (!more)
        return SK_ENOMEM;
    memcpy(more + r->records_len, line, n + 1);
    r->records = more;
    r->records_len += n;
    return SK_OK;
}

/* The record line of the finished game, its id "room-R-game-N" and
 * its seed added (a "seed" member, which record readers ignore). */
static int keep_record(sk_room *r)
{
    sk_record *rec = malloc(sizeof *rec);
    if (!rec)
        return SK_ENOMEM;
    char id[64];
    snprintf(id, sizeof id, "room-%llu-game-%lu", (unsigned long long)r->id,
             (unsigned long)r->deal.no);
    sk_record_from_game(rec, &r->game, id);
    char *line = sk_record_write(rec);
    free(rec);
    json_t *o = line ? json_loads(line, 0, NULL) : NULL;
    free(line);
    char hex[2 * SK_ROOM_SEED_BYTES + 1];
    skx_room_hex(r->deal.seed, SK_ROOM_SEED_BYTES, hex);
    char *text = NULL;
    if (o && json_object_set_new(o, "seed", json_string(hex)) == 0)
        text = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    int rc = text ? records_add(r, text) : SK_ENOMEM;
    if (rc == SK_OK)
        rc = records_add(r, "\n");
    free(text);
    return rc;
}

/* Books the finished game: the score sheet's row, the record, the
 * result event; the game becomes the last one. */
static int finish_game(sk_room *r, sk_error *err)
{
    skx_room_row row;
    memset(&row, 0, sizeof row);
    int rc = sk_session_finish(&r->session, &r->game, &row.res, err);
    if (rc < 0)
        return rc;
    /* the opponent model learns, but not from a claimed game, whose
     * play-out is the claimer's line (a game that does not replay, -1,
     * teaches nothing either) */
    if (!r->claimed)
        sk_opponents_observe(&r->model, &r->game, r->who);
    row.game_no = r->deal.no;
    row.dealer = r->deal.dealer;
    memcpy(row.seat, r->deal.seat, sizeof row.seat);
    for (int s = 0; s < SK_NSEATS; s++)
        row.stock_flow[s] = r->session.stock_flow[s];
    for (int s = 0; s < r->nseats; s++) { /* the session keeps them per player */
        row.money[s] = r->session.money[s];
        row.tournament[s] = r->session.tournament[s];
    }
    row.stock = r->session.stock;
    row.json = skx_room_settlement(r, &row, &r->deal);
    if (!row.json)
        return skx_room_fail(err, SK_ENOMEM, NULL, "out of memory for the score sheet");
    if (r->nrows == r->rows_cap) {
        size_t cap = r->rows_cap ? 2 * r->rows_cap : 16;
        skx_room_row *more = realloc(r->rows, cap * sizeof *more);
        if (!more) {
            json_decref(row.json);
            return skx_room_fail(err, SK_ENOMEM, NULL, "out of memory for the score sheet");
        }
        r->rows = more;
        r->rows_cap = cap;
    }
    r->rows[r->nrows++] = row;
    if (keep_record(r) < 0)
        return skx_room_fail(err, SK_ENOMEM, NULL, "out of memory for the game's record");
    r->last = r->game;
    r->last_deal = r->deal;
    r->last_row = row;
    r->have_last = true;
    r->playing = false;
    json_decref(r->last_course);
    r->last_course = skx_room_course(r);
    if (!r->last_course)
        return skx_room_fail(err, SK_ENOMEM, NULL, "out of memory for the game's course");
    skx_room_change c = {.kind = SKX_EV_RESULT, .seat = -1};
    return skx_room_emit(r, &c, err);
}

/* Starts the deal of `hands` under `seed`: drops the events before the
 * last finished game, makes the deal event. */
static int start_deal(sk_room *r, const uint8_t seed[SK_ROOM_SEED_BYTES],
                      const uint8_t hands[4][8], sk_error *err)
{
    if (r->playing)
        return skx_room_fail(err, SK_ESTATE, NULL, "a game is running: game %lu",
                    (unsigned long)r->deal.no);
    for (int s = 0; s < r->nseats; s++)
        if (r->seats[s].kind == SK_ROOM_EMPTY)
            return skx_room_fail(err, SK_ESTATE, NULL, "seat %d is empty: no deal", s);
    int rc = sk_session_start(&r->session, &r->game, hands, err);
    if (rc < 0)
        return rc;
    drop_events(r, r->games_dealt);
    r->games_dealt++;
    r->deal.no = r->games_dealt;
    for (int g = 0; g < SK_NSEATS; g++) /* core's sk_session seats the game */
        r->deal.seat[g] = r->session.seat_player[g];
    skx_room_players_now(r, r->who);
    r->claimed = false;
    r->deal.out = r->nseats == 5 ? r->session.dealer : SK_NOSEAT;
    r->deal.dealer = r->nseats == 5 ? r->session.dealer : r->game.pub.dealer;
    memcpy(r->deal.seed, seed, SK_ROOM_SEED_BYTES);
    seed_hash(seed, r->deal.hash);
    r->playing = true;
    r->decisions++;
    sk_turn_init(&r->turn);
    for (int s = 0; s < SK_ROOM_SEATS; s++)
        r->offers.early[s] = -1;
    r->offers.has_held = false;
    skx_room_change c = {.kind = SKX_EV_DEAL, .seat = -1};
    rc = skx_room_emit(r, &c, err);
    if (rc == SK_OK && sk_game_over(&r->game))
        rc = finish_game(r, err);
    return rc;
}

/* Deals the next game; see table.h. */
int sk_room_deal(sk_room *r, const uint8_t seed[SK_ROOM_SEED_BYTES], sk_error *err)
{
    uint8_t hands[4][8];
    sk_room_deal_from_seed(&r->rules, r->nseats == 5 ? 3 : r->session.dealer, seed, hands);
    return start_deal(r, seed, hands, err);
}

/* Deals chosen hands; see room_internal.h (tests only). */
int skx_room_deal_hands(sk_room *r, const uint8_t seed[SK_ROOM_SEED_BYTES],
                        const uint8_t hands[4][8], sk_error *err)
{
    return start_deal(r, seed, hands, err);
}

/* Why a decision that is not on offer is refused: the engine's rule
 * when it forbids it, else that the seat is not asked for it now. */
static int refuse(const sk_room *r, int seat, sk_action a, int pending, int offer,
                  sk_error *err)
{
    sk_game *probe = malloc(sizeof *probe); /* the engine's verdict, on a copy */
    if (!probe)
        return skx_room_fail(err, SK_ENOMEM, NULL, "out of memory");
    *probe = r->game;
    sk_error e = {{0}, NULL};
    int rc = sk_game_apply(probe, a, &e);
    free(probe);
    char text[48];
    sk_action_format(a, text, sizeof text);
    if (rc < 0)
        return skx_room_fail(err, rc, e.rule, "%s", e.msg);
    if (pending != seat && offer < 0)
        return skx_room_fail(err, SK_ESTATE, NULL, "seat %d is not asked now: seat %d decides", seat,
                    pending);
    return skx_room_fail(err, SK_ESTATE, "3.3", "seat %d: \"%s\" is not on offer now", seat, text);
}

/* A decision of `seat`, made by the fallback bot in place of a person
 * when stand_in is set; see table.h and room_internal.h. */
int skx_room_decide(sk_room *r, int seat, sk_action a, uint64_t seen, bool stand_in,
                    sk_error *err)
{
    if (!r->playing)
        return skx_room_fail(err, SK_ESTATE, NULL, "no game is running");
    if (r->offers.on) { /* an offer's answer comes out of turn (room_offer.c) */
        int rc = skx_room_offers_decide(r, seat, a, seen, stand_in, err);
        if (rc != 1)
            return rc;
    }
    if (seen != r->seq)
        return skx_room_fail(err, SK_ESTATE, NULL, "stale: the decision saw event %llu, the room is at %llu",
                    (unsigned long long)seen, (unsigned long long)r->seq);
    int rc = skx_room_check_seat(r, seat, err);
    if (rc < 0)
        return rc;
    int gseat = skx_room_game_seat(r, seat);
    if (gseat == SK_NOSEAT)
        return skx_room_fail(err, SK_ESTATE, "002", "seat %d deals and sits out this game", seat);
    a.seat = (uint8_t)gseat;
    sk_action legal[SK_MAX_LEGAL];
    int n, offer;
    int pending = skx_room_pending(r, legal, &n, &offer);
    int found = -1;
    for (int i = 0; pending == seat && i < n && found < 0; i++)
        if (sk_action_equal(legal[i], a))
            found = i;
    if (found < 0)
        return refuse(r, seat, a, pending, offer, err);
    if (r->offers.on && offer < 0 && skx_room_offers_hold(r, seat, gseat, a, stand_in))
        return SK_OK; /* kept until the hold ends (room_offer.c) */
    skx_room_change c = {.kind = SKX_EV_ACTION, .seat = seat, .a = a, .stand_in = stand_in};
    r->decisions++; /* the next decision's deadline starts afresh */
    if (stand_in)
        r->who[gseat] = SK_OPPONENTS_NOBODY; /* not all of this game is his */
    if (offer >= 0 && a.type == SK_ACT_PASS) { /* declines the doubling (3.3) */
        c.kind = SKX_EV_DECLINE;
        c.a = legal[0];
        sk_turn_decline(&r->turn, &r->game, gseat);
        return skx_room_emit(r, &c, err);
    }
    return skx_room_apply(r, &c, gseat, err);
}

/* A decision; see table.h. */
int sk_room_decide(sk_room *r, int seat, sk_action a, uint64_t seen, sk_error *err)
{
    return skx_room_decide(r, seat, a, seen, false, err);
}

/* A decision of the fallback bot for a person; see table.h. */
int sk_room_stand_in(sk_room *r, int seat, sk_action a, uint64_t seen, sk_error *err)
{
    int rc = skx_room_check_seat(r, seat, err);
    if (rc < 0)
        return rc;
    const sk_room_seat *s = &r->seats[seat];
    bool engine = s->kind == SK_ROOM_BOT && skx_room_engine_spec(s->bot);
    if ((s->kind != SK_ROOM_HUMAN && !engine) || s->away)
        return skx_room_fail(err, SK_ESTATE, NULL, "seat %d: no person or engine sits there for "
                             "the fallback bot to stand in for", seat);
    return skx_room_decide(r, seat, a, seen, true, err);
}

/* Applies an action of game seat `gseat` (c: its change, kind and room
 * seat set) and makes its event; books the game when it ends; see
 * room_internal.h. */
int skx_room_apply(sk_room *r, skx_room_change *c, int gseat, sk_error *err)
{
    for (int s = 0; s < SK_NSEATS; s++)
        c->seen_before[s] = sk_game_seen_hand(&r->game, s);
    c->partner_before = r->game.pub.partner;
    c->open_before = r->game.pub.open_seat;
    c->a.seat = (uint8_t)gseat;
    int rc = sk_game_apply(&r->game, c->a, err);
    if (rc < 0)
        return rc; /* on offer, so the engine's own list was wrong */
    rc = skx_room_emit(r, c, err);
    if (rc == SK_OK && sk_game_over(&r->game))
        rc = finish_game(r, err);
    return rc;
}

/* The message of event seq for a recipient; see table.h. */
char *sk_room_message(const sk_room *r, uint64_t seq, int seat)
{
    const skx_room_event *e = skx_room_event_at(r, seq);
    if (seat != SK_ROOM_SPECTATOR && (seat < 0 || seat >= r->nseats))
        return NULL;
    int v = seat == SK_ROOM_SPECTATOR ? SKX_ROOM_SPECTATOR : seat;
    if (!e || !e->msg[v])
        return NULL;
    return strdup(e->msg[v]);
}

/* The journal entry of event seq; see table.h. */
char *sk_room_journal(const sk_room *r, uint64_t seq)
{
    const skx_room_event *e = skx_room_event_at(r, seq);
    return e && e->journal ? strdup(e->journal) : NULL;
}

/* Where finished game `game_no` was played; see table.h. */
int sk_room_game_seats(const sk_room *r, uint32_t game_no, uint8_t room_seat[SK_NSEATS])
{
    for (size_t i = 0; i < r->nrows; i++)
        if (r->rows[i].game_no == game_no) {
            for (int g = 0; g < SK_NSEATS; g++)
                room_seat[g] = g < r->gseats ? r->rows[i].seat[g] : SK_NOSEAT;
            return r->gseats;
        }
    return -1;
}

/* The finished games' records; see table.h. */
char *sk_room_records(const sk_room *r)
{
    return strdup(r->records ? r->records : "");
}

/* One finished game's record; see table.h.  The records are lines in
 * the order of the games, one per finished game. */
char *sk_room_record(const sk_room *r, uint32_t game_no)
{
    const char *p = r->records;
    if (!p || game_no == 0)
        return NULL;
    for (uint32_t n = 1; n < game_no; n++) {
        p = strchr(p, '\n');
        if (!p)
            return NULL;
        p++;
    }
    const char *end = strchr(p, '\n');
    if (!end || end == p)
        return NULL;
    return strndup(p, (size_t)(end - p));
}
