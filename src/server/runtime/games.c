/*
 * games.c -- finished games in the store, and what is read from them: a
 * room's downloads (GET /api/rooms/CODE/games.jsonl, the records; GET
 * /api/rooms/CODE/games, the list) and a player's history.
 *
 * When a game ends, its record (the table's record line, with the seed)
 * and a summary of it -- the contract, the declarer, who sat where and
 * what the game gave each seat -- go into the store in the same
 * transaction as the journal entry of its result: a game is kept
 * exactly when its result is, whatever happens to the process after.
 * The summary comes from replaying the record through core (its result,
 * its sides), never from a second reckoning.  Only finished games are
 * ever read back, so nothing here can show a running game's cards.
 */
#include "server/server_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* How many games a history message lists (the statistics count all). */
#define SKX_HISTORY_MAX 100

/* Fills the summary of game g->game_no from its record line: contract,
 * declarer, result, and each seat's money, points and whether its side
 * won.  0, or -1 when the record does not replay (then it is stored
 * without a summary). */
static int summarise(const char *line, sk_store_game *g,
                     char contract[SK_STORE_CONTRACT_MAX + 1])
{
    sk_record *rec = malloc(sizeof *rec);
    sk_game *game = malloc(sizeof *game);
    sk_error err = {{0}, NULL};
    int bad = -1, rc = -1;
    sk_result res;
    if (rec && game && sk_record_read(rec, line, strlen(line), &err) == 0 &&
        sk_record_replay(rec, game, &bad, &err) == 0 && sk_game_result(game, &res, &err) == 0) {
        unsigned side = sk_game_side_mask(game);
        int decl = sk_game_declarer(game);
        g->declarer = res.thrown_in || decl < 0 || decl >= SK_NSEATS ? -1 : decl;
        g->won = res.won != 0;
        g->nseats = rec->rules.players == 3 ? 3 : 4;
        /* at a table that plays for tournament points nobody pays:
         * the game gave no money (docs/rules.md, What a table plays for) */
        bool points = rec->rules.score == SK_SCORE_POINTS;
        for (int s = 0; s < g->nseats; s++) {
            g->seats[s].money = points ? 0 : res.money[s];
            g->seats[s].points = res.tournament[s];
            /* with sides: the seat's side won; without (a Ramsch, a game
             * thrown in): the seat gained money */
            g->seats[s].won = side ? (((side >> s) & 1u) != 0) == (res.won != 0)
                                   : res.money[s] > 0;
        }
        contract[0] = '\0';
        if (!res.thrown_in)
            sk_contract_code(res.contract, contract, SK_STORE_CONTRACT_MAX + 1);
        rc = 0;
    }
    free(rec);
    free(game);
    return rc;
}

/* Moves a summary from the game's seats to the room's (five players:
 * the dealer sat out, with nothing won or paid).  False when the room
 * no longer knows where the game was played. */
static bool to_room_seats(const skx_room *rm, uint32_t no, sk_store_game *g)
{
    int nroom = sk_room_seats(rm->room);
    if (nroom == g->nseats)
        return true;
    uint8_t at[SK_NSEATS];
    int n = sk_room_game_seats(rm->room, no, at);
    if (n != g->nseats || nroom > SK_STORE_SEATS_MAX)
        return false;
    sk_store_game_seat by_room[SK_STORE_SEATS_MAX];
    memset(by_room, 0, sizeof by_room);
    for (int s = 0; s < n; s++)
        if (at[s] < nroom)
            by_room[at[s]] = g->seats[s];
    if (g->declarer >= 0)
        g->declarer = g->declarer < n ? at[g->declarer] : -1;
    memcpy(g->seats, by_room, sizeof by_room);
    g->nseats = nroom;
    return true;
}

/* Writes finished game `no` of the room into the pass's transaction:
 * its record and summary; `seated`: the room's seats now are the ones
 * who played it (false for a game of an older store, whose players
 * are no longer known: its seats are stored without players). */
static bool store_game(skx_server *srv, skx_room *rm, uint32_t no, bool seated)
{
    sk_error err = {{0}, NULL};
    char *line = sk_room_record(rm->room, no);
    if (!line) {
        snprintf(err.msg, sizeof err.msg, "room %s: no record of finished game %" PRIu32,
                 rm->code, no);
        skx_server_fail(srv, &err);
        return false;
    }
    char contract[SK_STORE_CONTRACT_MAX + 1] = "";
    sk_store_game g = {.room = rm->id, .game_no = no, .record = line,
                       .at = (int64_t)time(NULL), .contract = contract, .declarer = -1};
    if (summarise(line, &g, contract) < 0)
        g.nseats = 0;
    if (g.nseats > 0 && !to_room_seats(rm, no, &g))
        g.nseats = 0;
    for (int s = 0; s < g.nseats; s++) {
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        bool human = seated && st && st->kind == SK_ROOM_HUMAN;
        g.seats[s].player = human ? st->player : 0;
        g.seats[s].name = seated && st ? st->name : "";
    }
    int rc = skx_store_txn(srv);
    if (rc == 0 && sk_store_game_add(srv->store, &g, &err) < 0) {
        skx_server_fail(srv, &err);
        rc = -1;
    }
    free(line);
    if (rc < 0)
        return false;
    rm->games_stored = no;
    return true;
}

bool skx_games_persist(skx_server *srv, skx_room *rm)
{
    uint32_t done = sk_room_session(rm->room)->games;
    while (rm->games_stored < done)
        if (!store_game(srv, rm, rm->games_stored + 1, rm->games_stored + 1 == done))
            return false;
    return true;
}

int skx_games_restore(skx_server *srv, skx_room *rm, sk_error *err)
{
    uint32_t last = 0;
    int rc = sk_store_game_last(srv->store, rm->id, &last, err);
    if (rc < 0)
        return rc;
    rm->games_stored = last;
    /* A store of an older program has the journal but not the games:
     * they are written now, without their players. */
    uint32_t done = sk_room_session(rm->room)->games;
    while (rm->games_stored < done)
        if (!store_game(srv, rm, rm->games_stored + 1, false)) {
            *err = srv->fail_err;
            return SK_EIO;
        }
    return 0;
}

/* A growing text (the records of a room). */
typedef struct skx_text {
    char *s;
    size_t len, cap;
    int failed;
} skx_text;

/* Appends n bytes of t. */
static void text_add(skx_text *b, const char *t, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *more = realloc(b->s, cap);
        if (!more) {
            b->failed = 1;
            return;
        }
        b->s = more;
        b->cap = cap;
    }
    memcpy(b->s + b->len, t, n);
    b->len += n;
    b->s[b->len] = '\0';
}

/* Adds one record line to the download. */
static int add_record(void *ctx, uint32_t game_no, const char *record)
{
    (void)game_no;
    skx_text *b = ctx;
    text_add(b, record, strlen(record));
    text_add(b, "\n", 1);
    return b->failed ? SK_ENOMEM : 0;
}

char *skx_games_jsonl(skx_server *srv, const skx_room *rm)
{
    skx_text b = {0};
    sk_error err = {{0}, NULL};
    text_add(&b, "", 0);
    if (sk_store_games(srv->store, rm->id, add_record, &b, &err) < 0 || b.failed) {
        lwsl_err("server: room %s: reading its games: %s\n", rm->code, err.msg);
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* What a table plays for, as the protocol says it: "points" or "money". */
static const char *score_word(const sk_rules *r)
{
    return r->score == SK_SCORE_POINTS ? "points" : "money";
}

/* Adds one game of the list: its number, when, the contract, the
 * declarer's name, the result, and each seat's name, money and points. */
static int add_listed(void *ctx, const sk_store_game *g)
{
    json_t *list = ctx;
    json_t *names = json_array(), *money = json_array(), *points = json_array();
    for (int s = 0; s < g->nseats; s++) {
        json_array_append_new(names, json_string(g->seats[s].name ? g->seats[s].name : ""));
        json_array_append_new(money, json_integer(g->seats[s].money));
        json_array_append_new(points, json_integer(g->seats[s].points));
    }
    const char *decl = g->declarer >= 0 && g->declarer < g->nseats && g->seats[g->declarer].name
                           ? g->seats[g->declarer].name
                           : NULL;
    json_t *o = json_pack("{s:I, s:I, s:o, s:o, s:b, s:o, s:o, s:o}", "game",
                          (json_int_t)g->game_no, "at", (json_int_t)g->at, "contract",
                          g->contract[0] ? json_string(g->contract) : json_null(), "declarer",
                          decl ? json_string(decl) : json_null(), "won", g->won, "names", names,
                          "money", money, "points", points);
    return o && json_array_append_new(list, o) == 0 ? 0 : SK_ENOMEM;
}

char *skx_games_list(skx_server *srv, const skx_room *rm)
{
    json_t *list = json_array();
    sk_error err = {{0}, NULL};
    if (!list || sk_store_game_list(srv->store, rm->id, add_listed, list, &err) < 0) {
        lwsl_err("server: room %s: listing its games: %s\n", rm->code, err.msg);
        json_decref(list);
        return NULL;
    }
    json_t *o = json_pack("{s:s, s:s, s:o}", "room", rm->code, "score",
                          score_word(sk_room_rules(rm->room)), "games", list);
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return text;
}

/* A history being built: the list, and the last room's ruleset (a
 * player's games come room by room, so most rows parse nothing). */
typedef struct history_ctx {
    json_t *list;
    char *rules_json;
    const char *score;
} history_ctx;

/* Adds one game of a player's history, with what its table plays for. */
static int add_history(void *ctx, const sk_store_history_game *h)
{
    history_ctx *hc = ctx;
    if (!hc->rules_json || strcmp(hc->rules_json, h->rules_json) != 0) {
        sk_rules r;
        free(hc->rules_json);
        hc->rules_json = strdup(h->rules_json);
        if (!hc->rules_json)
            return SK_ENOMEM;
        /* a room's stored ruleset was valid when the room was made */
        hc->score = sk_rules_from_json(&r, h->rules_json, NULL) == 0 ? score_word(&r) : "money";
    }
    json_t *o = json_pack("{s:s, s:I, s:I, s:o, s:b, s:b, s:I, s:I, s:s}", "room", h->invite,
                          "game", (json_int_t)h->game_no, "at", (json_int_t)h->at, "contract",
                          h->contract[0] ? json_string(h->contract) : json_null(), "declarer",
                          h->declarer, "won", h->won, "money", (json_int_t)h->money, "points",
                          (json_int_t)h->points, "score", hc->score);
    return o && json_array_append_new(hc->list, o) == 0 ? 0 : SK_ENOMEM;
}

/* Adds one contract kind to the statistics. */
static int add_kind(void *ctx, const char *kind, uint64_t played, uint64_t won)
{
    json_t *by = ctx;
    json_t *o = json_pack("{s:I, s:I}", "played", (json_int_t)played, "won", (json_int_t)won);
    return o && json_object_set_new(by, kind, o) == 0 ? 0 : SK_ENOMEM;
}

void skx_history_handle(skx_conn *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    json_t *games = json_array(), *by = json_object();
    sk_store_stats sx;
    sk_error err = {{0}, NULL};
    history_ctx hc = {games, NULL, NULL};
    int rc = !games || !by ? SK_ENOMEM
             : sk_store_history(srv->store, c->player, SKX_HISTORY_MAX, add_history, &hc, &err);
    free(hc.rules_json);
    if (rc < 0 || sk_store_stats_get(srv->store, c->player, &sx, add_kind, by, &err) < 0) {
        json_decref(games);
        json_decref(by);
        lwsl_err("server: reading a history: %s\n", err.msg);
        skx_send_error(c, m->ref, "internal", "history: the store could not be read", NULL);
        return;
    }
    json_t *stats = json_pack("{s:I, s:I, s:I, s:I, s:I, s:o}", "games", (json_int_t)sx.games,
                              "declared", (json_int_t)sx.declared, "won_declared",
                              (json_int_t)sx.won_declared, "money", (json_int_t)sx.money,
                              "points", (json_int_t)sx.points, "by_contract", by);
    skx_send_json(c, json_pack("{s:s, s:o, s:o}", "type", "history", "games", games, "stats",
                               stats),
                  m->ref);
}
