/*
 * history.c -- what is read from the finished games in the store: a
 * room's downloads (GET /api/rooms/CODE/games.jsonl, the records; GET
 * /api/rooms/CODE/games, the list) and a player's history (the message
 * `history`).  The room runtime writes them (runtime/games.c); only
 * finished games are ever read, so nothing here can show a running
 * game's cards.
 */
#include "server/handlers/handlers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How many games a history message lists (the statistics count all). */
#define SKX_HISTORY_MAX 100

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

char *skx_games_jsonl(skx_server *srv, const skx_room_ref *rm)
{
    skx_text b = {0};
    sk_error err = {{0}, NULL};
    text_add(&b, "", 0);
    if (sk_store_games(srv->store, rm->id, add_record, &b, &err) < 0 || b.failed) {
        skx_log(SKX_LOG_ERR, "server: room %s: reading its games: %s\n", rm->code, err.msg);
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

char *skx_games_list(skx_server *srv, const skx_room_ref *rm)
{
    json_t *list = json_array();
    sk_error err = {{0}, NULL};
    if (!list || sk_store_game_list(srv->store, rm->id, add_listed, list, &err) < 0) {
        skx_log(SKX_LOG_ERR, "server: room %s: listing its games: %s\n", rm->code, err.msg);
        json_decref(list);
        return NULL;
    }
    json_t *o = json_pack("{s:s, s:s, s:o}", "room", rm->code, "score",
                          score_word(&rm->rules), "games", list);
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

void skx_history_handle(skx_client *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    json_t *games = json_array(), *by = json_object();
    sk_store_stats sx;
    sk_error err = {{0}, NULL};
    history_ctx hc = {games, NULL, NULL};
    int rc = !games || !by ? SK_ENOMEM
                           : sk_store_history(srv->store, c->watch.player, SKX_HISTORY_MAX,
                                              add_history, &hc, &err);
    free(hc.rules_json);
    if (rc < 0 || sk_store_stats_get(srv->store, c->watch.player, &sx, add_kind, by, &err) < 0) {
        json_decref(games);
        json_decref(by);
        skx_log(SKX_LOG_ERR, "server: reading a history: %s\n", err.msg);
        skx_send_error(c->conn, m->ref, "internal", "history: the store could not be read", NULL);
        return;
    }
    json_t *stats = json_pack("{s:I, s:I, s:I, s:I, s:I, s:o}", "games", (json_int_t)sx.games,
                              "declared", (json_int_t)sx.declared, "won_declared",
                              (json_int_t)sx.won_declared, "money", (json_int_t)sx.money,
                              "points", (json_int_t)sx.points, "by_contract", by);
    skx_send_json(c->conn,
                  json_pack("{s:s, s:o, s:o}", "type", "history", "games", games, "stats", stats),
                  m->ref);
}
