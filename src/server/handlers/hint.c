/*
 * hint.c -- "what would the bot do?": a seated player whose turn it is
 * asks for a hint; a worker thread prices a bid, pass or declaration
 * with the rater that rates the game later (so both agree), any other
 * choice with the table's level (SK_BOT_TABLE_LEVEL, sk_bot_hint),
 * whatever bot the room seats for absent players, on the seat's view --
 * the view only, as a bot's own decision (sk_room_view) -- and the loop
 * sends the answer,
 * best first, to the player's connections (docs/server-protocol.md,
 * `hint`).  The loop never computes a hint; one runs per room at a time.
 */
#include "server/handlers/handlers.h"

#include <math.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void hint_done(skx_runtime *rt, skx_job *j);

/* What a hint's work needs beside the view: the room's game number. */
struct skx_hint_work {
    uint32_t game_no;
};

/* On a worker: a bid, pass or declaration is priced by the rater that
 * rates the game afterwards (rate.c: its samples, seed and the key of
 * decision `nactions` of this game), so the hint names the game it
 * means and agrees with the rating's best; anything else (a card, an
 * offer) the bot prices on the seat's view. */
static void hint_work(skx_job *j)
{
    const struct skx_hint_work *w = j->data;
    sk_rater *r = sk_rater_new(SKX_RATE_SAMPLES, SKX_RATE_SEED, SKX_RATE_MARGIN, 1);
    uint64_t key = (uint64_t)w->game_no << 16 | (uint64_t)j->view.pub.nactions;
    int n = r ? sk_rater_hint_auction(r, &j->view, key, j->hints, j->values, j->games,
                                      SK_MAX_LEGAL)
              : 0;
    sk_rater_free(r);
    j->nhints = n > 0 ? n
                      : sk_bot_hint_games(j->bot, &j->view, j->hints, j->values, j->games,
                                          SK_MAX_LEGAL);
}

/* The choices a hint prices for `seat`: those of an offer it holds (the
 * doubling or laying, and the pass that lets it go), else those of its
 * turn; 0 when it is neither offered nor asked anything. */
static int hint_choices(const skx_room *rm, int seat, sk_action *legal)
{
    int offer = sk_room_seat_offer(rm->room, seat, NULL);
    if (offer >= 0) {
        legal[0] = sk_action_make((enum sk_action_type)offer, seat, SK_NOCARD,
                                  (sk_contract){SK_C_NONE, SK_NOSUIT, 0});
        legal[1] = sk_act_pass(seat);
        return 2;
    }
    int n = 0;
    return sk_room_pending(rm->room, legal, &n) == seat ? n : 0;
}

/* A hint request: only the seat asked now; posted to a worker. */
void skx_hint_request(skx_client *c, skx_room *rm, const skx_msg *m)
{
    int seat = skx_room_seat_of(rm, c->watch.player);
    sk_action legal[SK_MAX_LEGAL];
    if (seat < 0 || hint_choices(rm, seat, legal) == 0) {
        skx_send_error(c->conn, m->ref, "refused", "hint: it is not your turn", NULL);
        return;
    }
    if (rm->hinting) {
        skx_send_error(c->conn, m->ref, "refused", "hint: one is being worked out for this table",
                       NULL);
        return;
    }
    uint64_t seed;
    randombytes_buf(&seed, sizeof seed);
    sk_error err = {{0}, NULL};
    sk_bot *bot = sk_bot_new(SK_BOT_TABLE_LEVEL, seed, &err);
    if (!bot)
        bot = sk_bot_new("heuristic", seed, &err);
    skx_job *j = bot ? calloc(1, sizeof *j) : NULL;
    struct skx_hint_work *w = j ? malloc(sizeof *w) : NULL;
    if (!w || sk_room_view(rm->room, seat, &j->view) < 0) {
        sk_bot_free(bot);
        free(w);
        free(j);
        skx_send_error(c->conn, m->ref, "internal", "hint: no bot to ask", NULL);
        return;
    }
    w->game_no = sk_room_game_no(rm->room);
    j->data = w;
    j->kind = SKX_JOB_HINT;
    j->work = hint_work;
    j->done = hint_done;
    j->room = rm->id;
    j->seat = seat;
    j->seq = sk_room_seq(rm->room);
    j->bot = bot;
    sk_bot_set_rules_seats(bot, sk_room_rules_seats(rm->room, seat)); /* the table's model */
    snprintf(j->spec, sizeof j->spec, "%s", sk_bot_name(bot));
    j->rules = *sk_room_rules(rm->room);
    j->view.rules = &j->rules;
    j->player = c->watch.player;
    snprintf(j->ref, sizeof j->ref, "%s", m->ref);
    rm->hinting = 1;
    j->lane = skx_room_lane(rm); /* fair shares: the table's creator's lane */
    skx_pool_post(&c->srv->rt->pool, j);
}

/* The answer as the protocol has it: the choices on offer now that the
 * bot priced, best first.  NULL when out of memory. */
static json_t *hint_json(const skx_room *rm, const skx_job *j)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = hint_choices(rm, j->seat, legal);
    json_t *list = json_array();
    for (int i = 0; list && i < j->nhints; i++) {
        sk_action a = j->hints[i];
        a.seat = (uint8_t)j->seat; /* the room's seat, as its choices carry */
        bool on_offer = false;
        for (int k = 0; k < n; k++)
            on_offer = on_offer || sk_action_equal(legal[k], a);
        if (!on_offer) /* a doubling the room does not offer the seat to move */
            continue;
        char text[64];
        sk_action_format(a, text, sizeof text);
        /* a choice the bot did not price (SK_BOT_UNPRICED): null */
        double v = j->values[i];
        json_t *h = json_pack("{s:s, s:o}", "action", text, "value",
                              isfinite(v) ? json_real(v) : json_null());
        if (h && j->games[i].type != SK_C_NONE) { /* the game a bid's value is that of */
            char game[32];
            sk_contract_code(j->games[i], game, sizeof game);
            json_object_set_new(h, "game", json_string(game));
        }
        json_array_append_new(list, h);
    }
    return list ? json_pack("{s:s, s:s, s:I, s:o}", "type", "hint", "room", rm->code, "seq",
                            (json_int_t)j->seq, "hints", list)
                : NULL;
}

/* A finished hint: to every connection of the player that follows the
 * room; refused when the room moved on meanwhile (the choices changed). */
static void hint_done(skx_runtime *rt, skx_job *j)
{
    skx_room *rm = skx_room_by_id(rt, j->room);
    sk_bot_free(j->bot);
    j->bot = NULL;
    free(j->data);
    j->data = NULL;
    if (!rm)
        return;
    rm->hinting = 0;
    bool fresh = sk_room_seq(rm->room) == j->seq;
    json_t *o = fresh ? hint_json(rm, j) : NULL;
    skx_room_tell_player(rm, j->player, j->ref, o, fresh ? "internal" : "refused",
                         fresh ? "hint: out of memory"
                               : "hint: the table moved on meanwhile; ask again");
    json_decref(o);
}
