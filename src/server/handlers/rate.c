/*
 * rate.c -- "how did I play?": a player who sat in a finished game of a
 * room asks for his decisions in it rated (docs/server-protocol.md,
 * `rate`).  A worker thread rates them with the ai layer's sk_rater,
 * with the samples and seed of `schafkopf analyze`, so the answer is
 * what `schafkopf analyze --seat S --game N` prints for the room's
 * games.jsonl; the loop sends the rows to the player's connections that
 * follow the room.  Only a stored, finished game is rated: its record
 * (every card of it) is the room's download already, so the rating
 * tells nothing a seat could not know.  A rating takes about a second
 * of one core, so a room has one at a time and the server at most one
 * fewer than its workers, which keeps a thread for the bots.
 */
#include "server/handlers/handlers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* As `schafkopf analyze` rates by default (src/term/analyze.c). */

/* A rating's work: the game, the seat, and the rows the worker made. */
struct skx_rate_work {
    sk_record rec;
    uint32_t game_no;
    int seat;      /* the seat in the game's numbering (the record's) */
    int room_seat; /* where it sat in the room */
    int rc;        /* 0, or the game did not replay (a record of an older build) */
    int n;
    int index[SK_MAX_ACTIONS];
    sk_rating rows[SK_MAX_ACTIONS];
};

/* Finding game N of a room in the store: its seats and its record. */
typedef struct find_ctx {
    uint32_t game_no;
    uint64_t player;
    int room_seat; /* where the player sat, -1: not in it */
    int found;
    char *record;
} find_ctx;

/* Notes where the player sat in game N (the list's seats are the
 * room's). */
static int find_seat(void *ctx, const sk_store_game *g)
{
    find_ctx *f = ctx;
    if (g->game_no != f->game_no)
        return 0;
    f->found = 1;
    for (int s = 0; s < g->nseats; s++)
        if (f->player && g->seats[s].player == f->player)
            f->room_seat = s;
    return 0;
}

/* Keeps game N's record. */
static int find_record(void *ctx, uint32_t game_no, const char *record)
{
    find_ctx *f = ctx;
    if (game_no == f->game_no && !f->record) {
        f->record = strdup(record);
        if (!f->record)
            return SK_ENOMEM;
    }
    return 0;
}

/* Ratings in flight in the whole server. */
static int rating_jobs(const skx_runtime *rt)
{
    int n = 0;
    for (size_t i = 0; i < rt->nrooms; i++)
        n += rt->rooms[i]->rating;
    return n;
}

/* The game seat of room seat `rs` in game N: the same at a table of
 * three or four; with five players the dealer sat out (table.h). */
static int game_seat(const skx_room *rm, uint32_t no, int rs)
{
    if (sk_room_seats(rm->room) <= SK_NSEATS)
        return rs;
    uint8_t at[SK_NSEATS];
    int n = sk_room_game_seats(rm->room, no, at);
    for (int s = 0; s < n; s++)
        if (at[s] == rs)
            return s;
    return -1;
}

static void rate_work(skx_job *j);
static void rate_done(skx_runtime *rt, skx_job *j);

/* A rating request: checked here, worked out by a worker. */
void skx_rate_request(skx_client *c, skx_room *rm, const skx_msg *m)
{
    skx_server *srv = c->srv;
    if (!skx_room_sub(&c->watch, rm)) {
        skx_send_error(c->conn, m->ref, "refused", "rate: join or watch the room first", NULL);
        return;
    }
    /* the cheap refusals first: a busy table or server reads no store */
    const char *why = rm->rating ? "rate: a rating is being worked out for this table"
                      : rating_jobs(srv->rt) >= (srv->rt->pool.n > 1 ? srv->rt->pool.n - 1 : 1)
                          ? "rate: the server is busy rating; ask again in a moment"
                          : NULL;
    if (why) {
        skx_send_error(c->conn, m->ref, "refused", why, NULL);
        return;
    }
    find_ctx f = {m->game, c->watch.player, -1, 0, NULL};
    sk_error err = {{0}, NULL};
    if (sk_store_game_list(srv->store, rm->id, find_seat, &f, &err) < 0 ||
        (f.found && f.room_seat >= 0 &&
         sk_store_games(srv->store, rm->id, find_record, &f, &err) < 0)) {
        free(f.record);
        skx_log(SKX_LOG_ERR, "server: room %s: reading game %u: %s\n", rm->code, (unsigned)m->game,
                err.msg);
        skx_send_error(c->conn, m->ref, "internal", "rate: the store could not be read", NULL);
        return;
    }
    int seat = f.room_seat >= 0 ? game_seat(rm, m->game, f.room_seat) : -1;
    why = !f.found          ? "rate: the room has no finished game of that number"
          : f.room_seat < 0 ? "rate: you did not play in that game"
          : seat < 0        ? "rate: you sat out that game (the dealer of five)"
                            : NULL;
    const char *code = "refused";
    skx_job *j = why ? NULL : calloc(1, sizeof *j);
    struct skx_rate_work *w = j ? calloc(1, sizeof *w) : NULL;
    if (!why && (!w || !f.record ||
                 sk_record_read(&w->rec, f.record, strlen(f.record), &err) < 0)) {
        if (w && f.record)
            skx_log(SKX_LOG_ERR, "server: room %s: game %u: %s\n", rm->code, (unsigned)m->game,
                    err.msg);
        why = "rate: the game's record cannot be read";
        code = "internal";
    }
    free(f.record);
    if (why) {
        free(w);
        free(j);
        skx_send_error(c->conn, m->ref, code, why, NULL);
        return;
    }
    w->game_no = m->game;
    w->seat = seat;
    w->room_seat = f.room_seat;
    j->kind = SKX_JOB_RATE;
    j->work = rate_work;
    j->done = rate_done;
    j->room = rm->id;
    j->data = w;
    j->player = c->watch.player;
    snprintf(j->ref, sizeof j->ref, "%s", m->ref);
    rm->rating = 1;
    j->lane = skx_room_lane(rm); /* fair shares: the table's creator's lane */
    j->heavy = true;             /* a second of a worker: shares strong_jobs */
    skx_pool_post(&srv->rt->pool, j);
}

/* On a worker: replays the game and rates each decision of the seat. */
static void rate_work(skx_job *j)
{
    struct skx_rate_work *w = j->data;
    sk_game *g = malloc(sizeof *g), *end = malloc(sizeof *end);
    sk_rater *r = sk_rater_new(SKX_RATE_SAMPLES, SKX_RATE_SEED, SKX_RATE_MARGIN, 1);
    sk_error err = {{0}, NULL};
    int bad = -1;
    w->rc = -1;
    if (g && end && r && sk_record_replay(&w->rec, end, &bad, &err) == 0) {
        sk_game_init(g, &w->rec.rules, w->rec.dealer, w->rec.hands, w->rec.first_game, NULL);
        w->rc = 0;
        for (int i = 0; i < w->rec.nactions && w->rc == 0; i++) {
            sk_action a = w->rec.actions[i];
            /* the key analyze gives decision i of game N of the file */
            uint64_t key = (uint64_t)w->game_no << 16 | (uint64_t)i;
            if (a.seat == w->seat) {
                if (sk_rater_rate(r, g, a, key, &w->rows[w->n]) < 0)
                    w->rc = -1;
                else if (w->rows[w->n].kind != SK_RATE_NONE)
                    w->index[w->n++] = i;
            }
            sk_game_apply(g, a, NULL); /* the replay checked it */
        }
    }
    sk_rater_free(r);
    free(g);
    free(end);
}

/* A measure of a rated card: the best cards, the played card's points
 * and money and what it lost. */
static json_t *card_json(const sk_rate_eval *e)
{
    char best[16], money_best[16];
    sk_action_format(e->best, best, sizeof best);
    sk_action_format(e->best_money, money_best, sizeof money_best);
    return json_pack("{s:s, s:f, s:f, s:s, s:f, s:f}", "best", best, "value", e->value, "lost",
                     e->lost, "best_by_money", money_best, "money", e->money, "money_lost",
                     e->money_lost);
}

/* A measure of a rated bid, pass or declaration: the best choice, the
 * game it is priced as, its money and the money of the choice made. */
static json_t *auction_json(const sk_rate_eval *e)
{
    char best[48], game[32] = "";
    sk_action_format(e->best, best, sizeof best);
    if (e->game.type != SK_C_NONE)
        sk_contract_code(e->game, game, sizeof game);
    return json_pack("{s:s, s:s?, s:f, s:f, s:f}", "best", best, "game",
                     game[0] ? game : NULL, "money", e->money, "best_money", e->alt,
                     "money_lost", e->money_lost);
}

/* One rated decision as the protocol has it. */
static json_t *row_json(const sk_rating *r, int index)
{
    static const char *const kinds[] = {"", "card", "doubling", "auction", "hint"};
    char action[48], hint[48];
    sk_action_format(r->action, action, sizeof action);
    const char *flag = r->question && r->bang ? "?!" : r->question ? "?" : r->bang ? "!" : "";
    json_t *o = json_pack("{s:i, s:s, s:s}", "index", index, "action", action, "kind",
                          kinds[r->kind]);
    if (!o)
        return NULL;
    if (r->kind == SK_RATE_HINT) {
        sk_action_format(r->hint, hint, sizeof hint);
        json_object_set_new(o, "hint", json_string(hint));
        return o;
    }
    json_object_set_new(o, "flag", json_string(flag));
    json_object_set_new(o, "deals", json_integer(r->deals));
    if (r->kind == SK_RATE_CARD) {
        json_object_set_new(o, "info", card_json(&r->info));
        json_object_set_new(o, "dd", card_json(&r->dd));
    } else if (r->kind == SK_RATE_DOUBLING) {
        json_object_set_new(o, "info", json_pack("{s:f, s:f}", "with", r->info.money, "without",
                                                 r->info.alt));
        json_object_set_new(o, "dd", json_pack("{s:f, s:f}", "with", r->dd.money, "without",
                                               r->dd.alt));
    } else {
        json_object_set_new(o, "info", auction_json(&r->info));
        json_object_set_new(o, "dd", auction_json(&r->dd));
    }
    return o;
}

/* The answer: every rated decision of the seat and its account. */
static json_t *rating_json(const skx_room *rm, const struct skx_rate_work *w)
{
    json_t *rows = json_array();
    int rated = 0, flagged = 0, dd_pts = 0;
    double lost_pts = 0, lost_money = 0;
    int64_t dd_money = 0;
    for (int i = 0; rows && i < w->n; i++) {
        const sk_rating *r = &w->rows[i];
        json_array_append_new(rows, row_json(r, w->index[i]));
        if (r->kind == SK_RATE_HINT)
            continue; /* not priced: not in the account */
        rated++;
        flagged += r->question;
        lost_pts += r->lost_pts;
        lost_money += r->lost_money;
        dd_pts += r->dd_lost_pts;
        dd_money += r->dd_lost_money;
    }
    bool pts = w->rec.rules.score == SK_SCORE_POINTS;
    json_t *account = json_pack("{s:i, s:i, s:f, s:f, s:i, s:I}", "rated", rated, "flagged",
                                flagged, "lost_points", lost_pts, "lost_money", lost_money,
                                "dd_lost_points", dd_pts, "dd_lost_money", (json_int_t)dd_money);
    return rows && account
               ? json_pack("{s:s, s:s, s:I, s:i, s:s, s:i, s:i, s:i, s:o, s:o}", "type", "rating",
                           "room", rm->code, "game", (json_int_t)w->game_no, "seat",
                           w->room_seat, "score", pts ? "points" : "money", "unit",
                           pts ? 1 : w->rec.rules.unit_cents, "margin", SKX_RATE_MARGIN, "samples",
                           SKX_RATE_SAMPLES, "decisions", rows, "account", account)
               : NULL;
}

/* A finished rating: to every connection of the player that follows the
 * room. */
static void rate_done(skx_runtime *rt, skx_job *j)
{
    struct skx_rate_work *w = j->data;
    j->data = NULL;
    skx_room *rm = skx_room_by_id(rt, j->room);
    if (rm) {
        rm->rating = 0;
        json_t *o = w->rc == 0 ? rating_json(rm, w) : NULL;
        skx_room_tell_player(rm, j->player, j->ref, o, "internal",
                             w->rc ? "rate: the game does not replay" : "rate: out of memory");
        json_decref(o);
    }
    free(w);
}
