/*
 * conn.c -- WebSocket connections: reassembling messages (at most
 * SKX_MSG_MAX bytes), the rate limit (a token bucket per connection),
 * handing each whole message to the floor above (its message hook), and
 * the bounded outgoing queue (a connection that does not read is
 * dropped, never waited for).  A message queued while the store's
 * transaction is open waits for its commit.
 */
#include "server/transport/net.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Unlinks a connection from the transport's list. */
static void unlink_conn(skx_conn *c)
{
    skx_transport *tp = c->tp;
    if (c->prev)
        c->prev->next = c->next;
    else
        tp->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    tp->nconns--;
}

/* The bucket of an address in the transport's table: FNV-1a of its
 * text (an address is no secret and a long chain costs only its own
 * connections' opening). */
static skx_addrcount **addr_bucket(skx_transport *tp, const char *addr)
{
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)addr; *p; p++)
        h = (h ^ *p) * 16777619u;
    return &tp->by_addr[h % SKX_ADDR_BUCKETS];
}

/* Counts a connection of `addr`; its count, or NULL out of memory. */
static skx_addrcount *addr_join(skx_transport *tp, const char *addr)
{
    skx_addrcount **b = addr_bucket(tp, addr);
    for (skx_addrcount *a = *b; a; a = a->next)
        if (strcmp(a->addr, addr) == 0) {
            a->conns++;
            return a;
        }
    skx_addrcount *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    snprintf(a->addr, sizeof a->addr, "%s", addr);
    a->conns = 1;
    a->next = *b;
    *b = a;
    return a;
}

/* A connection of the address is gone; the count goes at zero. */
static void addr_leave(skx_transport *tp, skx_addrcount *gone)
{
    if (!gone || --gone->conns > 0)
        return;
    for (skx_addrcount **p = addr_bucket(tp, gone->addr); *p; p = &(*p)->next)
        if (*p == gone) {
            *p = gone->next;
            free(gone);
            return;
        }
}

/* A new connection from `addr`, linked into the transport's list; the
 * open hook gives it the floor above's state, or refuses it.  One over
 * --max-conns-per-addr is told so and closed, never handed up. */
skx_conn *skx_conn_new(skx_transport *tp, struct lws *wsi, const char *addr)
{
    skx_conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->tp = tp;
    c->wsi = wsi;
    snprintf(c->addr, sizeof c->addr, "%s", addr);
    c->tokens = tp->cfg->burst;
    c->refill_us = skx_now_us();
    c->share = addr_join(tp, c->addr);
    if (!c->share) {
        free(c);
        return NULL;
    }
    c->next = tp->conns;
    if (tp->conns)
        tp->conns->prev = c;
    tp->conns = c;
    tp->nconns++;
    int max = tp->cfg->max_conns_addr;
    if (max > 0 && c->share->conns > max) {
        char msg[240];
        snprintf(msg, sizeof msg,
                 "{\"type\":\"error\",\"code\":\"limit_conns\",\"message\":\"zu viele "
                 "Verbindungen von dieser Adresse (h\u00f6chstens %d) / too many connections "
                 "from this address (at most %d)\"}",
                 max, max);
        skx_transport_count_refusal(tp, "limit_conns");
        skx_conn_refuse(c, msg);
        return c; /* no user: nothing of it goes up */
    }
    c->user = tp->hooks.open(tp->hooks.ctx, c);
    if (!c->user) {
        unlink_conn(c);
        addr_leave(tp, c->share);
        free(c);
        return NULL;
    }
    return c;
}

/* The client's address; see transport.h. */
const char *skx_conn_addr(const skx_conn *c)
{
    return c->addr;
}

/* Takes the connection off the list of those waiting for the commit
 * (its place goes to the last one). */
static void unhold(skx_conn *c)
{
    skx_transport *tp = c->tp;
    if (!c->held_at)
        return;
    skx_conn *last = tp->held[--tp->nheld];
    tp->held[c->held_at - 1] = last;
    last->held_at = c->held_at;
    c->held_at = 0;
}

/* Unlinks and frees a closed connection with its queue, after the floor
 * above forgot it (the close hook). */
void skx_conn_free(skx_conn *c)
{
    skx_transport *tp = c->tp;
    unhold(c);
    if (c->resume_due)
        lws_sul_cancel(&c->resume);
    if (c->user)
        tp->hooks.close(tp->hooks.ctx, c);
    unlink_conn(c);
    addr_leave(tp, c->share);
    for (skx_out *o = c->qhead, *n; o; o = n) {
        n = o->next;
        free(o);
    }
    free(c->rx);
    free(c);
}

/* What the open hook returned for the connection. */
void *skx_conn_user(const skx_conn *c)
{
    return c->user;
}

/* Whether the connection is being closed. */
bool skx_conn_closing(const skx_conn *c)
{
    return c->doomed != 0;
}

/* The first open connection, or NULL. */
skx_conn *skx_transport_conns(const skx_transport *tp)
{
    return tp->conns;
}

/* The open connection after c, or NULL. */
skx_conn *skx_conn_next(const skx_conn *c)
{
    return c->next;
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

/* Closes the connection with a reason; see transport.h. */
void skx_conn_close(skx_conn *c, const char *why)
{
    if (c->doomed)
        return;
    c->doomed = 3; /* the writeable callback sends the close frame */
    c->why = why;
    lws_callback_on_writable(c->wsi);
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_CLOSE_SEND, 2); /* if it never comes */
}

/* Whether the first queued message may go out: its transaction (if
 * any) is committed. */
static bool sendable(const skx_conn *c)
{
    return c->qhead && c->qhead->hold <= c->tp->committed;
}

/* Queues a text for the connection; see transport.h. */
void skx_send(skx_conn *c, const char *text, size_t len)
{
    if (c->doomed)
        return;
    if (c->qn >= SKX_QUEUE_MAX_MSGS || c->qbytes + len > SKX_QUEUE_MAX_BYTES) {
        if (!c->tp->cfg->quiet)
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
    o->hold = c->tp->hold;
    if (o->hold && !c->held_at) {
        /* Remembered for the commit's wake-up (skx_transport_commit). */
        skx_transport *tp = c->tp;
        if (tp->nheld == tp->capheld) {
            size_t cap = tp->capheld ? 2 * tp->capheld : 64;
            skx_conn **held = realloc(tp->held, cap * sizeof *held);
            if (!held) {
                free(o);
                doom(c);
                return;
            }
            tp->held = held;
            tp->capheld = cap;
        }
        tp->held[tp->nheld++] = c;
        c->held_at = tp->nheld;
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

/* Queues a JSON object (consumed), with "ref" when not "". */
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

/* Queues an error reply: its kind, message and optional rule. */
void skx_send_error(skx_conn *c, const char *ref, const char *code, const char *msg,
                    const char *rule)
{
    skx_transport_count_refusal(c->tp, code);
    json_t *o = json_pack("{s:s, s:s, s:s}", "type", "error", "code", code, "message", msg);
    if (o && rule)
        json_object_set_new(o, "rule", json_string(rule));
    skx_send_json(c, o, ref);
}

/* Refuses the connection: the text goes out, then it closes. */
void skx_conn_refuse(skx_conn *c, const char *text)
{
    if (c->doomed)
        return;
    skx_send(c, text, strlen(text));
    c->doomed = 2; /* nothing more is read or queued */
    c->close_status = LWS_CLOSE_STATUS_POLICY_VIOLATION;
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_CLOSE_SEND, 2);
}

/* Sends one queued message when the socket can take it; -1 closes. */
int skx_conn_writeable(skx_conn *c)
{
    if (c->doomed == 1)
        return -1;
    if (c->doomed == 3) { /* the close frame by hand (lws's opcode 4, which its
                           * header leaves unnamed): lws 4.1 closes without
                           * the frame lws_close_reason prepares when a
                           * writeable callback fails */
        unsigned char frame[LWS_PRE + 125];
        size_t n = strlen(c->why);
        n = n > 123 ? 123 : n;
        frame[LWS_PRE] = (unsigned char)(LWS_CLOSE_STATUS_POLICY_VIOLATION >> 8);
        frame[LWS_PRE + 1] = (unsigned char)(LWS_CLOSE_STATUS_POLICY_VIOLATION & 0xff);
        memcpy(frame + LWS_PRE + 2, c->why, n);
        lws_write(c->wsi, frame + LWS_PRE, n + 2, (enum lws_write_protocol)4);
        return -1;
    }
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
        lws_close_reason(c->wsi, (enum lws_close_status)c->close_status, NULL, 0);
        return -1;
    }
    if (sendable(c))
        lws_callback_on_writable(c->wsi);
    return 0;
}

/* The store's transaction `txn` is open: messages queued from now on
 * wait for it. */
void skx_transport_hold(skx_transport *tp, uint64_t txn)
{
    tp->hold = txn;
}

/* Transaction `txn` is committed: asks for writeable callbacks on the
 * connections whose messages waited for it (only those: not every
 * connection). */
void skx_transport_commit(skx_transport *tp, uint64_t txn)
{
    tp->hold = 0;
    tp->committed = txn;
    for (size_t i = 0; i < tp->nheld; i++) {
        skx_conn *c = tp->held[i];
        c->held_at = 0;
        if (sendable(c))
            lws_callback_on_writable(c->wsi);
    }
    tp->nheld = 0;
}

/* Refills the message bucket for the time passed and takes one token;
 * false when the connection sends too fast, with *wait_us until the
 * bucket has a token again. */
static bool rate_ok(skx_conn *c, int64_t *wait_us)
{
    int64_t now = skx_now_us();
    double dt = (double)(now - c->refill_us) / 1e6;
    c->refill_us = now;
    c->tokens += dt * c->tp->cfg->rate;
    if (c->tokens > c->tp->cfg->burst)
        c->tokens = c->tp->cfg->burst;
    if (c->tokens < 1.0) {
        *wait_us = (int64_t)((1.0 - c->tokens) / c->tp->cfg->rate * 1e6) + 1;
        return false;
    }
    c->tokens -= 1.0;
    return true;
}

/* The bucket of a connection refused before has a token again: the
 * floor above sends what the connection waits for (its resume hook). */
static void resume_due(lws_sorted_usec_list_t *sul)
{
    skx_conn *c = lws_container_of(sul, skx_conn, resume);
    c->resume_due = 0;
    if (!c->doomed && c->tp->hooks.resume)
        c->tp->hooks.resume(c->tp->hooks.ctx, c);
}

/* Refuses a message over the rate limit: "rate" with the message's ref
 * (the client knows which request was lost) and retry_ms, the time
 * until one more is let through; then, once, the resume hook at that
 * time, so that a decision lost here is asked for again. */
static void refuse_rate(skx_conn *c, const char *data, size_t len, int64_t wait_us)
{
    char ref[SKX_REF_MAX + 1];
    skx_msg_ref(data, len, ref);
    skx_transport_count_refusal(c->tp, "rate");
    json_t *o = json_pack("{s:s, s:s, s:s, s:I}", "type", "error", "code", "rate", "message",
                          "too many messages: slow down", "retry_ms",
                          (json_int_t)((wait_us + 999) / 1000));
    skx_send_json(c, o, ref);
    if (!c->resume_due) {
        c->resume_due = 1;
        lws_sul_schedule(c->tp->lws, 0, &c->resume, resume_due, wait_us);
    }
}

/* Hands one whole message to the floor above, if the rate limit lets
 * it through. */
static void handle(skx_conn *c, const char *data, size_t len)
{
    int64_t wait_us = 0;
    if (!rate_ok(c, &wait_us)) {
        refuse_rate(c, data, len, wait_us);
        return;
    }
    c->tp->hooks.message(c->tp->hooks.ctx, c, data, len);
}

/* A fragment of a received message; see net.h. */
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
        c->close_status = LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE;
        return;
    }
    handle(c, c->rx ? c->rx : "", c->rxlen);
    free(c->rx); /* fragments are rare: the buffer is not kept */
    c->rx = NULL;
}
