/*
 * conn.c -- WebSocket connections: reassembling messages (at most
 * SKX_MSG_MAX bytes), the rate limit (a token bucket per connection),
 * dispatching parsed messages, and the bounded outgoing queue (a
 * connection that does not read is dropped, never waited for).
 */
#include "server/server_internal.h"

#include <assert.h>
#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A new connection, linked into the server's list. */
skx_conn *skx_conn_new(skx_server *srv, struct lws *wsi)
{
    skx_conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->srv = srv;
    c->wsi = wsi;
    c->tokens = srv->cfg.burst;
    c->chat_tokens = SKX_CHAT_BURST;
    c->create_tokens = SKX_BOOK_CREATE_BURST;
    c->refill_us = skx_now_us();
    c->next = srv->conns;
    if (srv->conns)
        srv->conns->prev = c;
    srv->conns = c;
    srv->nconns++;
    return c;
}

/* Takes the connection off the list of those waiting for the commit
 * (its place goes to the last one). */
static void unhold(skx_conn *c)
{
    skx_server *srv = c->srv;
    if (!c->held_at)
        return;
    skx_conn *last = srv->held[--srv->nheld];
    srv->held[c->held_at - 1] = last;
    last->held_at = c->held_at;
    c->held_at = 0;
}

/* Unlinks and frees a closed connection with its queue. */
void skx_conn_free(skx_conn *c)
{
    skx_server *srv = c->srv;
    unhold(c);
    skx_rooms_drop_conn(c);
    skx_books_drop_conn(c);
    skx_accounts_drop_conn(c);
    if (c->prev)
        c->prev->next = c->next;
    else
        srv->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    srv->nconns--;
    for (skx_out *o = c->qhead, *n; o; o = n) {
        n = o->next;
        free(o);
    }
    free(c->rx);
    free(c);
}

void skx_player_hex(uint64_t player, char *out)
{
    snprintf(out, SKX_PLAYER_HEX + 1, "%016" PRIx64, player);
}

/* Drops a connection that cannot keep up or misbehaves: lws closes it
 * on its next pass. */
static void doom(skx_conn *c)
{
    if (c->doomed)
        return;
    c->doomed = 1;
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
}

/* Whether the first queued message may go out: its transaction (if
 * any) is committed. */
static bool sendable(const skx_conn *c)
{
    return c->qhead && c->qhead->hold <= c->srv->committed;
}

void skx_send(skx_conn *c, const char *text, size_t len)
{
    if (c->doomed)
        return;
    if (c->qn >= SKX_QUEUE_MAX_MSGS || c->qbytes + len > SKX_QUEUE_MAX_BYTES) {
        if (!c->srv->cfg.quiet)
            lwsl_user("server: dropping a connection that does not read (%zu messages "
                      "waiting)\n", c->qn);
        doom(c);
        return;
    }
    skx_out *o = malloc(sizeof *o + LWS_PRE + len);
    if (!o) {
        doom(c);
        return;
    }
    o->next = NULL;
    o->hold = c->srv->txn ? c->srv->txn_no : 0;
    if (o->hold && !c->held_at) {
        /* Remembered for the commit's wake-up (skx_conns_wake). */
        skx_server *srv = c->srv;
        if (srv->nheld == srv->capheld) {
            size_t cap = srv->capheld ? 2 * srv->capheld : 64;
            skx_conn **held = realloc(srv->held, cap * sizeof *held);
            if (!held) {
                free(o);
                doom(c);
                return;
            }
            srv->held = held;
            srv->capheld = cap;
        }
        srv->held[srv->nheld++] = c;
        c->held_at = srv->nheld;
    }
    o->len = len;
    memcpy(o->buf + LWS_PRE, text, len);
    if (c->qtail)
        c->qtail->next = o;
    else
        c->qhead = o;
    c->qtail = o;
    c->qn++;
    c->qbytes += len;
    if (o == c->qhead && sendable(c))
        lws_callback_on_writable(c->wsi);
}

void skx_send_json(skx_conn *c, json_t *obj, const char *ref)
{
    if (!obj)
        return;
    if (ref && ref[0])
        json_object_set_new(obj, "ref", json_string(ref));
    char *text = json_dumps(obj, JSON_COMPACT);
    json_decref(obj);
    if (!text) {
        doom(c);
        return;
    }
    skx_send(c, text, strlen(text));
    free(text);
}

void skx_send_error(skx_conn *c, const char *ref, const char *code, const char *msg,
                    const char *rule)
{
    json_t *o = json_pack("{s:s, s:s, s:s}", "type", "error", "code", code, "message", msg);
    if (o && rule)
        json_object_set_new(o, "rule", json_string(rule));
    skx_send_json(c, o, ref);
}

int skx_conn_writeable(skx_conn *c)
{
    if (c->doomed == 1)
        return -1;
    if (!sendable(c))
        return 0;
    skx_out *o = c->qhead;
    int n = lws_write(c->wsi, o->buf + LWS_PRE, o->len, LWS_WRITE_TEXT);
    if (n < (int)o->len)
        return -1;
    c->qhead = o->next;
    if (!c->qhead)
        c->qtail = NULL;
    c->qn--;
    c->qbytes -= o->len;
    free(o);
    if (c->doomed == 2 && !c->qhead) {
        lws_close_reason(c->wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, NULL, 0);
        return -1;
    }
    if (sendable(c))
        lws_callback_on_writable(c->wsi);
    return 0;
}

void skx_conns_wake(skx_server *srv)
{
    for (size_t i = 0; i < srv->nheld; i++) {
        skx_conn *c = srv->held[i];
        c->held_at = 0;
        if (sendable(c))
            lws_callback_on_writable(c->wsi);
    }
    srv->nheld = 0;
}

/* Refills the buckets for the time passed; takes one token from the
 * message bucket.  false when the connection sends too fast. */
static bool rate_ok(skx_conn *c)
{
    int64_t now = skx_now_us();
    double dt = (double)(now - c->refill_us) / 1e6;
    c->refill_us = now;
    c->tokens += dt * c->srv->cfg.rate;
    if (c->tokens > c->srv->cfg.burst)
        c->tokens = c->srv->cfg.burst;
    c->chat_tokens += dt * SKX_CHAT_RATE;
    if (c->chat_tokens > SKX_CHAT_BURST)
        c->chat_tokens = SKX_CHAT_BURST;
    c->create_tokens += dt * SKX_BOOK_CREATE_RATE;
    if (c->create_tokens > SKX_BOOK_CREATE_BURST)
        c->create_tokens = SKX_BOOK_CREATE_BURST;
    if (c->tokens < 1.0)
        return false;
    c->tokens -= 1.0;
    return true;
}

/* Handles one whole message. */
static void handle(skx_conn *c, const char *data, size_t len)
{
    if (!rate_ok(c)) {
        skx_send_error(c, NULL, "rate", "too many messages: slow down", NULL);
        return;
    }
    skx_msg m;
    sk_error err = {{0}, NULL};
    const char *code = NULL;
    if (skx_msg_parse(data, len, &m, &code, &err) < 0) {
        sodium_memzero(m.password, sizeof m.password);
        skx_send_error(c, m.ref, code ? code : "bad_message", err.msg, NULL);
        return;
    }
    switch (m.type) {
    case SKX_MSG_PING:
        skx_send_json(c, json_pack("{s:s}", "type", "pong"), m.ref);
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
        skx_send_error(c, m.ref, "no_hello", "say hello first: {\"type\":\"hello\"}", NULL);
        return;
    }
    if (m.type == SKX_MSG_CHAT) {
        if (c->chat_tokens < 1.0) {
            skx_send_error(c, m.ref, "rate", "chat: at most one line a second", NULL);
            return;
        }
        c->chat_tokens -= 1.0;
    }
    if (m.type >= SKX_MSG_BOOK_CREATE && m.type <= SKX_MSG_BOOK_UNDO) {
        skx_books_handle(c, &m);
        return;
    }
    if (m.type == SKX_MSG_LOBBY) {
        json_t *o = json_pack("{s:s, s:o, s:o}", "type", "lobby", "rooms", skx_rooms_lobby(c->srv),
                              "engines", skx_engine_names(c->srv));
        skx_send_json(c, o, m.ref);
        return;
    }
    skx_rooms_handle(c, &m);
}

void skx_conn_receive(skx_conn *c, const void *data, size_t len, int first, int final)
{
    if (c->doomed)
        return;
    if (first) {
        c->rxlen = 0;
        c->rx_over = 0;
        if (final && len <= SKX_MSG_MAX) { /* whole: handled where lws holds it */
            handle(c, data, len);
            return;
        }
    }
    if (!c->rx_over) {
        if (c->rxlen + len > SKX_MSG_MAX) {
            c->rx_over = 1;
        } else if (!c->rx && !(c->rx = malloc(SKX_MSG_MAX))) {
            c->rx_over = 1; /* out of memory: refused as too big, the connection closes */
        } else {
            memcpy(c->rx + c->rxlen, data, len);
            c->rxlen += len;
        }
    }
    if (!final)
        return;
    if (c->rx_over) {
        /* Too big: said once, then the connection closes (a client
         * that sends such messages is broken or hostile). */
        char msg[96];
        snprintf(msg, sizeof msg, "message longer than %d bytes: closing", SKX_MSG_MAX);
        skx_send_error(c, NULL, "too_big", msg, NULL);
        c->rx_over = 0;
        lws_set_timeout(c->wsi, PENDING_TIMEOUT_CLOSE_SEND, 2);
        c->doomed = 2; /* nothing more is read or queued; the error still goes out */
        return;
    }
    handle(c, c->rx ? c->rx : "", c->rxlen);
    free(c->rx); /* fragments are rare: the buffer is not kept */
    c->rx = NULL;
}
