/*
 * forget.c -- the handlers' part of forgetting (docs/server.md
 * "Forgetting"; the rooms' part is runtime/forget.c):
 *
 *  - a WebSocket that has not said hello within --hello-timeout seconds
 *    is closed (status 1008, "no hello in time"): the connections
 *    waiting for their hello are a list in the order they opened, so
 *    the tick looks only at those whose time is up;
 *  - guest sessions (no account) unused for --guest-forget seconds are
 *    deleted, a batch of SKX_PRUNE_BATCH per tick in the pass's
 *    transaction, never one long delete in the loop; a new guest's
 *    session is written only at its first use (ident.c), so a
 *    connect-hello-close loop leaves no rows;
 *  - the lobby's replies, page by page, from the runtime's cache
 *    (runtime/lobby.c), and GET /api/stats, the counters that show it.
 */
#include "server/handlers/handlers.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SKX_PRUNE_BATCH 256   /* guest sessions deleted at most per tick */
#define SKX_PRUNE_EVERY 60    /* seconds between looks when a batch was not full */

void skx_forget_opened(skx_client *c)
{
    skx_server *srv = c->srv;
    c->opened_us = skx_now_us();
    c->nh_prev = srv->nohello_tail;
    c->nh_next = NULL;
    if (srv->nohello_tail)
        srv->nohello_tail->nh_next = c;
    else
        srv->nohello_head = c;
    srv->nohello_tail = c;
}

/* Takes the client off the list of those without hello (if on it). */
static void unlist(skx_client *c)
{
    skx_server *srv = c->srv;
    if (!c->nh_prev && srv->nohello_head != c)
        return;
    if (c->nh_prev)
        c->nh_prev->nh_next = c->nh_next;
    else
        srv->nohello_head = c->nh_next;
    if (c->nh_next)
        c->nh_next->nh_prev = c->nh_prev;
    else
        srv->nohello_tail = c->nh_prev;
    c->nh_prev = c->nh_next = NULL;
}

void skx_forget_said_hello(skx_client *c)
{
    unlist(c);
}

void skx_forget_closed(skx_client *c)
{
    unlist(c);
}

/* Closes the connections that have waited longer than --hello-timeout
 * for their hello: the oldest first, stopping at the first still in
 * time. */
static void close_silent(skx_server *srv)
{
    if (srv->cfg.hello_timeout <= 0)
        return;
    int64_t due = skx_now_us() - srv->cfg.hello_timeout * 1000000;
    while (srv->nohello_head && srv->nohello_head->opened_us <= due) {
        skx_client *c = srv->nohello_head;
        unlist(c);
        skx_conn_close(c->conn, "no hello in time");
        srv->hello_closed++;
    }
}

/* Deletes a batch of guest sessions unused for --guest-forget seconds,
 * in the pass's transaction; again next tick while batches come full. */
static void prune_sessions(skx_server *srv)
{
    int64_t now = (int64_t)time(NULL);
    if (srv->cfg.guest_forget <= 0 || now < srv->prune_next || skx_store_txn(srv->rt) < 0)
        return;
    uint64_t n = 0;
    sk_error err = {{0}, NULL};
    if (sk_store_session_prune_guests(srv->store, now - srv->cfg.guest_forget, SKX_PRUNE_BATCH,
                                      &n, &err) < 0) {
        skx_runtime_fail(srv->rt, &err);
        return;
    }
    srv->sessions_pruned += n;
    int64_t every = srv->cfg.guest_forget < SKX_PRUNE_EVERY ? srv->cfg.guest_forget
                                                             : SKX_PRUNE_EVERY;
    srv->prune_next = n == SKX_PRUNE_BATCH ? now + 1 : now + every;
}

void skx_forget_tick(skx_server *srv)
{
    close_silent(srv);
    prune_sessions(srv);
}

char *skx_lobby_reply(skx_server *srv, uint32_t page, bool ws, const char *ref, size_t *len)
{
    skx_lobby_info info;
    const char *rooms = skx_lobby_page(srv->rt, page, &info);
    if (!rooms)
        return NULL;
    json_t *o = json_pack("{s:I, s:I, s:I, s:o, s:I, s:o}", "page", (json_int_t)page, "pages",
                          (json_int_t)info.pages, "total", (json_int_t)info.total, "next",
                          page + 1 < info.pages ? json_integer(page + 1) : json_null(),
                          "version", (json_int_t)info.version, "engines",
                          skx_engine_names(srv->rt));
    if (o && ws)
        json_object_set_new(o, "type", json_string("lobby"));
    if (o && ws && ref && ref[0])
        json_object_set_new(o, "ref", json_string(ref));
    char *head = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    if (!head)
        return NULL;
    /* the page's text goes in as it is cached: {...head..., "rooms": PAGE} */
    size_t hn = strlen(head), rn = strlen(rooms);
    static const char key[] = ",\"rooms\":";
    char *t = malloc(hn - 1 + sizeof key - 1 + rn + 2);
    if (t) {
        memcpy(t, head, hn - 1);
        memcpy(t + hn - 1, key, sizeof key - 1);
        memcpy(t + hn - 1 + sizeof key - 1, rooms, rn);
        *len = hn - 1 + sizeof key - 1 + rn + 1;
        t[*len - 1] = '}';
        t[*len] = '\0';
    }
    free(head);
    return t;
}

char *skx_forget_stats(skx_server *srv)
{
    const skx_runtime *rt = srv->rt;
    json_t *o = json_pack("{s:I, s:I, s:I, s:I, s:I}", "rooms", (json_int_t)rt->nrooms,
                          "rooms_archived", (json_int_t)rt->archived, "lobby_version",
                          (json_int_t)rt->lobby.version, "sessions_pruned",
                          (json_int_t)srv->sessions_pruned, "hello_closed",
                          (json_int_t)srv->hello_closed);
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return text;
}
