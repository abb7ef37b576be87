/*
 * store_games.c -- finished games, for every backend: each game's record with a
 * summary (contract, declarer, result) and its seats (who sat there, the
 * money and points the game gave), written in one go; the lists of a
 * room's games; and every player's history and statistics, computed
 * from those rows by queries -- nothing is counted twice, so the figures
 * can never disagree with the games.
 */
#include "store/store_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* Checks a finished game's summary before anything is written. */
static int check_game(sk_store *st, const sk_store_game *g, sk_error *err)
{
    if (!g)
        return skx_store_fail(st, err, SK_EINVAL, "adding a game: no game given");
    int rc = skx_store_check_id(st, err, "room", g->room, 1);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "game number", g->game_no, 1);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the game record", g->record, SK_STORE_RECORD_MAX,
                                  false);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the game's contract", g->contract,
                                  SK_STORE_CONTRACT_MAX, true);
    if (rc == 0 && (g->nseats < 0 || g->nseats > SK_STORE_SEATS_MAX))
        rc = skx_store_fail(st, err, SK_EINVAL, "adding a game: %d seats (0..%d)", g->nseats,
                            SK_STORE_SEATS_MAX);
    if (rc == 0 && (g->declarer < -1 || g->declarer >= SK_STORE_SEATS_MAX))
        rc = skx_store_fail(st, err, SK_EINVAL, "adding a game: declarer seat %d (-1..%d)",
                            g->declarer, SK_STORE_SEATS_MAX - 1);
    for (int i = 0; rc == 0 && i < g->nseats; i++) {
        rc = skx_store_check_id(st, err, "a seat's player", g->seats[i].player, 0);
        if (rc == 0)
            rc = skx_store_check_text(st, err, "a seat's name", g->seats[i].name,
                                      SK_STORE_NAME_MAX, true);
    }
    return rc;
}

/* Inserts the seats of a game just inserted. */
static int add_game_seats(sk_store *st, const sk_store_game *g, sk_error *err)
{
    int rc = 0;
    for (int i = 0; rc == 0 && i < g->nseats; i++) {
        skx_stmt_use u = {0};
        rc = skx_store_get(st, SKX_GAME_SEAT_INSERT, &u, err);
        if (rc)
            return rc;
        const sk_store_game_seat *gs = &g->seats[i];
        skx_bind_int(&u, 1, (int64_t)g->room);
        skx_bind_int(&u, 2, g->game_no);
        skx_bind_int(&u, 3, i);
        skx_bind_int(&u, 4, (int64_t)gs->player);
        skx_store_bind_text(&u, 5, gs->name);
        skx_bind_int(&u, 6, gs->money);
        skx_bind_int(&u, 7, gs->points);
        skx_bind_int(&u, 8, gs->won != 0);
        rc = skx_store_step_done(st, &u, "adding a game's seat", err);
        skx_store_put(st, &u);
    }
    return rc;
}

/* See store.h.  The game and its seats are one write: inside a
 * transaction a savepoint, else a transaction of its own, undoes the
 * game when a seat fails. */
int sk_store_game_add(sk_store *st, const sk_store_game *g, sk_error *err)
{
    assert(st);
    int rc = check_game(st, g, err);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    if (rc)
        return rc;
    rc = skx_store_write_begin(st, "game_add", "adding a game", err);
    if (rc)
        return rc;
    skx_stmt_use u = {0};
    rc = skx_store_get(st, SKX_GAME_INSERT, &u, err);
    if (rc == 0) {
        skx_bind_int(&u, 1, (int64_t)g->room);
        skx_bind_int(&u, 2, g->game_no);
        skx_store_bind_text(&u, 3, g->record);
        int step = skx_step(&u);
        if (step != SKX_DONE) {
            char what[80], taken[64];
            snprintf(what, sizeof what, "adding game %lu of room %llu", (unsigned long)g->game_no,
                     (unsigned long long)g->room);
            snprintf(taken, sizeof taken, "the room has a game %lu already",
                     (unsigned long)g->game_no);
            rc = skx_store_insert_fail(st, err, step, what, g->room, taken);
        }
        skx_store_put(st, &u);
    }
    if (rc == 0)
        rc = skx_store_get(st, SKX_GAME_RESULT_INSERT, &u, err);
    if (rc == 0) {
        skx_bind_int(&u, 1, (int64_t)g->room);
        skx_bind_int(&u, 2, g->game_no);
        skx_bind_int(&u, 3, g->at);
        skx_store_bind_text(&u, 4, g->contract);
        skx_bind_int(&u, 5, g->declarer);
        skx_bind_int(&u, 6, g->won != 0);
        rc = skx_store_step_done(st, &u, "adding a game's result", err);
        skx_store_put(st, &u);
    }
    if (rc == 0)
        rc = add_game_seats(st, g, err);
    return skx_store_write_end(st, "game_add", rc, "committing a game", err);
}

/* Reads the seat columns (from `col`) of a game list's row into gs;
 * *present is false for a game without seats (the LEFT JOIN's NULLs). */
static int read_seat(sk_store *st, const skx_stmt_use *s, int col, sk_store_game_seat *gs,
                     int64_t *seat, bool *present, sk_error *err)
{
    *present = !skx_col_null(s, col);
    if (!*present)
        return 0;
    int64_t player = 0, won = 0;
    const char *name = NULL;
    int rc = skx_store_col_int(st, s, col, 0, SK_STORE_SEATS_MAX - 1, seat, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, col + 1, 0, INT64_MAX, &player, err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, col + 2, &name, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, col + 3, INT64_MIN, INT64_MAX, &gs->money, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, col + 4, INT64_MIN, INT64_MAX, &gs->points, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, col + 5, 0, 1, &won, err);
    gs->player = (uint64_t)player;
    gs->name = name;
    gs->won = (int)won;
    return rc;
}

/* Reads the game columns of a game list's row into g (seats cleared). */
static int read_game_head(sk_store *st, const skx_stmt_use *s, uint64_t room, sk_store_game *g,
                          sk_error *err)
{
    int64_t no = 0, declarer = 0, won = 0;
    const char *contract = NULL;
    memset(g, 0, sizeof *g);
    int rc = skx_store_col_int(st, s, 0, 1, UINT32_MAX, &no, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 1, INT64_MIN, INT64_MAX, &g->at, err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, 2, &contract, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 3, -1, SK_STORE_SEATS_MAX - 1, &declarer, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 4, 0, 1, &won, err);
    g->room = room;
    g->game_no = (uint32_t)no;
    g->contract = contract;
    g->declarer = (int)declarer;
    g->won = (int)won;
    return rc;
}

/* See store.h.  One row per seat (or one for a game without seats),
 * ordered by game and seat: a game is handed on when the next begins.
 * The strings of a game's rows must outlive the row they came from, so
 * each row's texts are copied into the walk's buffers. */
int sk_store_game_list(sk_store *st, uint64_t room,
                       int (*fn)(void *ctx, const sk_store_game *g), void *ctx, sk_error *err)
{
    assert(st && fn);
    int rc = skx_store_check_id(st, err, "room", room, 1);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_GAME_LIST, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)room);
    sk_store_game g, row;
    char contract[SK_STORE_CONTRACT_MAX + 1];
    char names[SK_STORE_SEATS_MAX][SK_STORE_NAME_MAX + 1];
    bool have = false;
    while (rc == 0 && (rc = skx_store_next_row(st, &u, "reading the games", err)) == 1) {
        rc = read_game_head(st, &u, room, &row, err);
        if (rc)
            break;
        if (have && row.game_no != g.game_no) {
            rc = fn(ctx, &g);
            have = false;
            if (rc)
                break;
        }
        if (!have) {
            g = row;
            snprintf(contract, sizeof contract, "%s", row.contract);
            g.contract = contract;
            have = true;
        }
        sk_store_game_seat gs;
        int64_t seat = 0;
        bool present = false;
        rc = read_seat(st, &u, 5, &gs, &seat, &present, err);
        if (rc == 0 && present) {
            snprintf(names[seat], sizeof names[seat], "%s", gs.name);
            gs.name = names[seat];
            g.seats[seat] = gs;
            if (seat + 1 > g.nseats)
                g.nseats = (int)seat + 1;
        }
    }
    if (rc == 0 && have)
        rc = fn(ctx, &g);
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_game_last(sk_store *st, uint64_t room, uint32_t *game_no, sk_error *err)
{
    assert(st && game_no);
    int rc = skx_store_check_id(st, err, "room", room, 1);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_GAME_LAST, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)room);
    int64_t last = 0;
    rc = skx_store_next_row(st, &u, "reading the last game", err);
    if (rc == 1) {
        rc = 0;
        if (!skx_col_null(&u, 0))
            rc = skx_store_col_int(st, &u, 0, 1, UINT32_MAX, &last, err);
    } else if (rc == 0) {
        rc = skx_store_fail(st, err, SK_EIO, "reading the last game: no row");
    }
    if (rc == 0)
        *game_no = (uint32_t)last;
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_history(sk_store *st, uint64_t player, int max,
                     int (*fn)(void *ctx, const sk_store_history_game *h), void *ctx,
                     sk_error *err)
{
    assert(st && fn);
    int rc = skx_store_check_id(st, err, "player", player, 1);
    if (rc == 0 && max < 0)
        rc = skx_store_fail(st, err, SK_EINVAL, "reading a history: max %d is negative", max);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_HISTORY, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)player);
    skx_bind_int(&u, 2, max);
    while (rc == 0 && (rc = skx_store_next_row(st, &u, "reading a history", err)) == 1) {
        sk_store_history_game h = {0};
        int64_t no = 0, decl = 0, won = 0;
        rc = skx_store_col_text(st, &u, 0, &h.invite, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 1, 1, UINT32_MAX, &no, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 2, INT64_MIN, INT64_MAX, &h.at, err);
        if (rc == 0)
            rc = skx_store_col_text(st, &u, 3, &h.contract, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 4, 0, 1, &decl, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 5, 0, 1, &won, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 6, INT64_MIN, INT64_MAX, &h.money, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 7, INT64_MIN, INT64_MAX, &h.points, err);
        if (rc == 0)
            rc = skx_store_col_text(st, &u, 8, &h.rules_json, err);
        h.game_no = (uint32_t)no;
        h.declarer = (int)decl;
        h.won = (int)won;
        if (rc == 0)
            rc = fn(ctx, &h);
    }
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_stats_get(sk_store *st, uint64_t player, sk_store_stats *out,
                       int (*fn)(void *ctx, const char *kind, uint64_t played, uint64_t won),
                       void *ctx, sk_error *err)
{
    assert(st && out);
    memset(out, 0, sizeof *out);
    int rc = skx_store_check_id(st, err, "player", player, 1);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_STATS, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)player);
    rc = skx_store_next_row(st, &u, "reading statistics", err);
    if (rc == 1) {
        int64_t v[3] = {0};
        rc = 0;
        for (int i = 0; rc == 0 && i < 3; i++)
            rc = skx_store_col_int(st, &u, i, 0, INT64_MAX, &v[i], err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 3, INT64_MIN, INT64_MAX, &out->money, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 4, INT64_MIN, INT64_MAX, &out->points, err);
        out->games = (uint64_t)v[0];
        out->declared = (uint64_t)v[1];
        out->won_declared = (uint64_t)v[2];
    } else if (rc == 0) {
        rc = skx_store_fail(st, err, SK_EIO, "reading statistics: no row");
    }
    skx_store_put(st, &u);
    if (rc || !fn)
        return rc;
    rc = skx_store_get(st, SKX_STATS_KIND, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)player);
    while (rc == 0 && (rc = skx_store_next_row(st, &u, "reading statistics", err)) == 1) {
        const char *kind = NULL;
        int64_t played = 0, won = 0;
        rc = skx_store_col_text(st, &u, 0, &kind, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 1, 0, INT64_MAX, &played, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 2, 0, INT64_MAX, &won, err);
        if (rc == 0)
            rc = fn(ctx, kind, (uint64_t)played, (uint64_t)won);
    }
    skx_store_put(st, &u);
    return rc;
}
