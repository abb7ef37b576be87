/*
 * dispatch.c -- the handlers' side of the transport's hooks: a client
 * for each WebSocket connection (who it is, what it follows, its chat
 * and book buckets), each message parsed (proto.c) and routed to its
 * handler, the client forgotten when its connection closes, and each
 * pass of the loop: the password thread's answers, then the room
 * runtime's part (apply, append, commit, send).  The transport calls
 * nothing else of this floor.
 */
#include "server/handlers/handlers.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>

/* A connection opened: its client, with full buckets. */
static void *on_open(void *ctx, skx_conn *conn)
{
    skx_client *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->srv = ctx;
    c->conn = conn;
    c->watch.conn = conn;
    c->chat_tokens = SKX_CHAT_BURST;
    c->create_tokens = SKX_BOOK_CREATE_BURST;
    c->refill_us = skx_now_us();
    skx_forget_opened(c); /* closed unless it says hello in time */
    snprintf(c->addr, sizeof c->addr, "%s", skx_conn_addr(conn));
    c->addr_key = skx_shares_addr_key(c->srv->shares, c->addr);
    return c;
}

/* A connection closes: its client leaves its rooms and books, its
 * password job is answered to nobody, and it is freed. */
static void on_close(void *ctx, skx_conn *conn)
{
    skx_server *srv = ctx;
    skx_client *c = skx_conn_user(conn);
    skx_rooms_drop_watcher(srv->rt, &c->watch);
    skx_books_drop_conn(c);
    skx_accounts_drop_conn(c);
    skx_forget_closed(c);
    free(c);
}

/* Refills the client's chat and book buckets for the time passed. */
static void refill(skx_client *c)
{
    int64_t now = skx_now_us();
    double dt = (double)(now - c->refill_us) / 1e6;
    c->refill_us = now;
    c->chat_tokens += dt * SKX_CHAT_RATE;
    if (c->chat_tokens > SKX_CHAT_BURST)
        c->chat_tokens = SKX_CHAT_BURST;
    c->create_tokens += dt * SKX_BOOK_CREATE_RATE;
    if (c->create_tokens > SKX_BOOK_CREATE_BURST)
        c->create_tokens = SKX_BOOK_CREATE_BURST;
}

/* One whole message (the transport checked its size and rate): parsed,
 * then handed to its handler. */
static void on_message(void *ctx, skx_conn *conn, const char *data, size_t len)
{
    skx_server *srv = ctx;
    skx_client *c = skx_conn_user(conn);
    refill(c);
    skx_msg m;
    sk_error err = {{0}, NULL};
    const char *code = NULL;
    if (skx_msg_parse(data, len, &m, &code, &err) < 0) {
        sodium_memzero(m.password, sizeof m.password);
        skx_send_error(conn, m.ref, code ? code : "bad_message", err.msg, NULL);
        return;
    }
    switch (m.type) {
    case SKX_MSG_PING:
        skx_send_json(conn, json_pack("{s:s}", "type", "pong"), m.ref);
        return;
    case SKX_MSG_HELLO:
        skx_ident_handle(c, &m);
        return;
    case SKX_MSG_REGISTER:
    case SKX_MSG_LOGIN:
    case SKX_MSG_LOGOUT:
    case SKX_MSG_HISTORY:
        skx_accounts_handle(c, &m);
        sodium_memzero(m.password, sizeof m.password);
        return;
    default:
        break;
    }
    if (!c->hello) {
        skx_send_error(conn, m.ref, "no_hello", "say hello first: {\"type\":\"hello\"}", NULL);
        return;
    }
    if (m.type == SKX_MSG_CHAT) {
        if (c->chat_tokens < 1.0) {
            skx_send_error(conn, m.ref, "rate", "chat: at most one line a second", NULL);
            return;
        }
        c->chat_tokens -= 1.0;
    }
    if (m.type >= SKX_MSG_BOOK_CREATE && m.type <= SKX_MSG_BOOK_UNDO) {
        skx_books_handle(c, &m);
        return;
    }
    if (m.type == SKX_MSG_LOBBY) { /* a page of the cached lobby: builds nothing */
        size_t n = 0;
        char *text = skx_lobby_reply(srv, m.page, true, m.ref, &n);
        if (text)
            skx_send(conn, text, n);
        else
            skx_send_error(conn, m.ref, "internal", "out of memory", NULL);
        free(text);
        return;
    }
    if (!skx_ident_save(c)) /* a new guest's first use: its session is written */
        return;
    skx_rooms_handle(c, &m);
}

/* The rate limit let the connection send again after refusing it: the
 * prompts its player waits on come again (the refused message may have
 * been his decision). */
static void on_resume(void *ctx, skx_conn *conn)
{
    (void)ctx;
    skx_client *c = skx_conn_user(conn);
    if (c->hello)
        skx_rooms_reprompt(&c->watch);
}

/* The end of a pass: the password thread's answers, then the rooms'
 * part; true after a store failure (the server stops). */
static bool on_pass(void *ctx)
{
    skx_server *srv = ctx;
    skx_accounts_advance(srv);
    skx_runtime_pass(srv->rt);
    return srv->rt->failed != 0;
}

/* Once a second the pass looks at every room: a net under
 * skx_room_touch. */
static void on_tick(void *ctx)
{
    skx_server *srv = ctx;
    skx_runtime_sweep(srv->rt);
    skx_forget_tick(srv); /* silent sockets closed, old guest sessions pruned */
}

/* The loop stops: the workers first (they wake the loop). */
static void on_stop(void *ctx)
{
    skx_server *srv = ctx;
    skx_runtime_stop(srv->rt);
}

/* A GET under /api/ (api.c). */
static int on_http(void *ctx, skx_http_req *req, const char *uri, char **body,
                   const char **ctype)
{
    return skx_api_route(ctx, req, uri, body, ctype);
}

/* The hooks this floor gives the transport, with the server as their
 * context. */
void skx_handlers_hooks(skx_server *srv, skx_transport_hooks *hooks)
{
    hooks->ctx = srv;
    hooks->open = on_open;
    hooks->message = on_message;
    hooks->resume = on_resume;
    hooks->close = on_close;
    hooks->pass = on_pass;
    hooks->tick = on_tick;
    hooks->stop = on_stop;
    hooks->http = on_http;
}
