/*
 * store_lobby.c -- the shared lobby (store.h, docs/server.md "Cluster"):
 * on a shared store the owner of each listed room keeps its lobby entry
 * in the table `lobby`, fenced by the room's lease like a journal
 * append, and every change notifies the other processes (PostgreSQL
 * LISTEN/NOTIFY on the store's own connection, delivered at the
 * commit).  A process reads every entry again only after a notice, and
 * only when its lobby is asked for.
 *
 * On a store that is not shared (SQLite) the lobby is the one process's
 * rooms: nothing is written, nothing read, no notice ever comes.
 */
#include "store/store_internal.h"

#include <assert.h>
#include <stdio.h>

/* See store.h. */
int sk_store_lobby_put(sk_store *st, uint64_t room, const char *entry, sk_error *err)
{
    assert(st);
    if (!st->be->shared)
        return 0;
    skx_stmt_use u = {0};
    int rc = skx_store_check_id(st, err, "room", room, 1);
    if (rc == 0 && entry)
        rc = skx_store_check_text(st, err, "lobby entry", entry, SK_STORE_RULES_MAX * 2, false);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    if (rc == 0)
        rc = skx_store_get(st, entry ? SKX_LOBBY_PUT : SKX_LOBBY_DELETE, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)room);
    if (entry) {
        skx_store_bind_text(&u, 2, entry);
        skx_store_bind_text(&u, 3, st->owner);
    } else {
        skx_store_bind_text(&u, 2, st->owner);
    }
    rc = skx_store_step_done(st, &u, entry ? "writing a lobby entry" : "removing a lobby entry",
                             err);
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_lobby(sk_store *st, int (*fn)(void *ctx, uint64_t room, const char *entry),
                   void *ctx, sk_error *err)
{
    assert(st && fn);
    if (!st->be->shared)
        return 0;
    skx_stmt_use u = {0};
    int rc = skx_store_get(st, SKX_LOBBY_LIST, &u, err);
    if (rc)
        return rc;
    int row;
    while ((row = skx_store_next_row(st, &u, "reading the lobby", err)) == SKX_ROW) {
        int64_t room = 0;
        const char *entry = NULL;
        rc = skx_store_col_int(st, &u, 0, 1, INT64_MAX, &room, err);
        if (rc == 0)
            rc = skx_store_col_text(st, &u, 1, &entry, err);
        if (rc == 0)
            rc = fn(ctx, (uint64_t)room, entry);
        if (rc)
            break;
    }
    skx_store_put(st, &u);
    return rc ? rc : row < 0 ? row : 0;
}

/* See store.h. */
int sk_store_lobby_changed(sk_store *st, sk_error *err)
{
    assert(st);
    return st->be->shared ? skx_pg_lobby_changed(st, err) : 0;
}
