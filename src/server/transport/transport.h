/*
 * transport.h -- the server's lowest floor (docs/architecture.md,
 * "src/server"): HTTP and WebSocket on one port, the connections with
 * their rate limit and bounded outgoing queues, and the one
 * libwebsockets loop (net.c, conn.c).  It knows nothing of rooms,
 * players, accounts or the store.  What it offers the floors above:
 *
 *  - skx_transport_hooks, which the floor above registers: the only way
 *    the transport calls up.  A connection opened or closing, a whole
 *    message within the rate limit, the limit's bucket refilled after a
 *    refusal, the end of each pass of the loop,
 *    the tick, the stop, a GET or POST under /api/.
 *  - sending to a connection (skx_send, skx_send_json, skx_send_error):
 *    a message queued while the store's transaction is open waits for
 *    its commit (skx_transport_hold, skx_transport_commit), so nobody
 *    hears of what the store does not have.
 *  - waking the loop from another thread (skx_transport_wake), the
 *    clocks and the log.
 */
#ifndef SKX_SERVER_TRANSPORT_H
#define SKX_SERVER_TRANSPORT_H

#include "schafkopf/server.h"
#include "server/proto/proto.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SKX_QUEUE_MAX_MSGS 4096        /* messages waiting for one connection */
#define SKX_QUEUE_MAX_BYTES (8u << 20) /* ... and their bytes */
#define SKX_HTTP_FORM_MAX 1024         /* bytes of a POST's form under /api/ */
#define SKX_ADDR_MAX 48                /* a client's address as text, with its NUL */

typedef struct skx_transport skx_transport;
typedef struct skx_conn skx_conn;
typedef struct skx_http_req skx_http_req;

/* What the floor above gives the transport to call, each with `ctx`.
 * All run on the loop's thread. */
typedef struct skx_transport_hooks {
    void *ctx;
    /* A WebSocket connection is open: the floor above's state for it
     * (skx_conn_user returns it), or NULL to refuse it. */
    void *(*open)(void *ctx, skx_conn *c);
    /* One whole message of the connection, within its rate limit and
     * SKX_MSG_MAX (the transport answered any other itself). */
    void (*message)(void *ctx, skx_conn *c, const char *data, size_t len);
    /* The rate limit refused a message of the connection (each refusal
     * says "rate" with the ref and retry_ms) and its bucket has a token
     * again: the floor above sends again what the connection waits for
     * (a decision's prompt), so a decision lost to the limit does not
     * stall a table.  May be NULL. */
    void (*resume)(void *ctx, skx_conn *c);
    /* The connection is closing: the floor above forgets it (and frees
     * its state); nothing may be sent to it any more. */
    void (*close)(void *ctx, skx_conn *c);
    /* The end of a pass of the loop: what arrived is handled, so the
     * floor above commits and sends.  true: the server must stop (its
     * store failed). */
    bool (*pass)(void *ctx);
    /* Once a second, before that pass. */
    void (*tick)(void *ctx);
    /* The loop is about to close every connection and stop: threads
     * that wake the loop end first. */
    void (*stop)(void *ctx);
    /* A GET or POST under /api/ (a POST's form read whole): the status,
     * with a malloc'd text body (NULL: out of memory, the request fails)
     * and its content type. */
    int (*http)(void *ctx, skx_http_req *req, const char *uri, char **body, const char **ctype);
} skx_transport_hooks;

/* net.c: the loop. */
/* A transport for `cfg` (kept, not copied) calling `hooks` (copied):
 * sets libwebsockets' logging and raises the open files limit; listens
 * only with skx_transport_listen.  NULL when out of memory. */
skx_transport *skx_transport_new(const sk_server_config *cfg, const skx_transport_hooks *hooks);
/* Listens on cfg's address and port (libuv's loop if lws has it, else
 * its poll loop); 0, or SK_EIO with a message. */
int skx_transport_listen(skx_transport *tp, sk_error *err);
/* Starts the tick and catches SIGINT and SIGTERM (a stop request). */
void skx_transport_arm(skx_transport *tp);
/* Runs the loop: a first pass, then until a stop request or until the
 * pass hook asks to stop. */
void skx_transport_run(skx_transport *tp);
/* Closes every connection (the close hook for each) and frees it all. */
void skx_transport_free(skx_transport *tp);
/* Wakes the loop for a pass; safe from any thread (workers). */
void skx_transport_wake(skx_transport *tp);
/* Asks for a pass at `epoch_ms` (ms since the epoch; a hold's end, the
 * rooms' timers), not only at the next second's tick: the earliest
 * time asked for wins until it is due.  Loop thread only. */
void skx_transport_wake_at(skx_transport *tp, int64_t epoch_ms);
/* Monotonic microseconds, for buckets and timers. */
int64_t skx_now_us(void);
/* Milliseconds since the epoch (deadlines of the turn timer). */
int64_t skx_epoch_ms(void);
/* The levels of skx_log. */
enum skx_log_level { SKX_LOG_ERR = 0, SKX_LOG_WARN = 1, SKX_LOG_USER = 2 };
/* A line of the server's log (stderr, through libwebsockets' logging at
 * the level --quiet set), at most 1 KiB. */
void skx_log(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A query argument of an HTTP request ("lang=": its value, "" if none),
 * and its Host header ("" if none), cut to `size`. */
void skx_http_arg(skx_http_req *req, const char *name, char *out, size_t size);
void skx_http_host(skx_http_req *req, char *out, size_t size);
/* Whether the query names argument `name` ("key"), with a value or not. */
bool skx_http_has_arg(skx_http_req *req, const char *name);
/* A header libwebsockets knows no token for ("x-book-key:", lowercase,
 * with its colon), "" if none or longer than `size` - 1. */
void skx_http_header(skx_http_req *req, const char *name, char *out, size_t size);
/* A field of a POST's urlencoded form (at most SKX_HTTP_FORM_MAX bytes;
 * a bigger one is answered 413 by the transport), "" if none. */
void skx_http_field(skx_http_req *req, const char *name, char *out, size_t size);

/* conn.c: connections and their queues. */
/* Queues a text for the connection (copied).  A connection that does
 * not read (SKX_QUEUE_MAX_*) is dropped. */
void skx_send(skx_conn *c, const char *text, size_t len);
/* Queues a JSON object (consumed), with "ref" when not "". */
void skx_send_json(skx_conn *c, json_t *obj, const char *ref);
/* Queues an error reply: its kind, message and optional rule. */
void skx_send_error(skx_conn *c, const char *ref, const char *code, const char *msg,
                    const char *rule);
/* The client's address (IPv4 text): the peer's, or behind
 * --trust-proxy the one the proxy names.  Shares are per address. */
const char *skx_conn_addr(const skx_conn *c);
/* Refuses the connection: the text (an error message) goes out, then it
 * closes (policy violation). */
void skx_conn_refuse(skx_conn *c, const char *text);
/* What the open hook returned for the connection. */
void *skx_conn_user(const skx_conn *c);
/* Closes the connection with status 1008 (policy violation) and `why`
 * as the close frame's reason (a literal, at most 123 bytes): what the
 * floor above gives up on (a connection that never said hello).
 * Nothing more goes out or comes in; the close hook follows. */
void skx_conn_close(skx_conn *c, const char *why);
/* Whether the connection is being closed (nothing more goes out). */
bool skx_conn_closing(const skx_conn *c);
/* The open connections: the first, and the one after c (NULL: none). */
skx_conn *skx_transport_conns(const skx_transport *tp);
skx_conn *skx_conn_next(const skx_conn *c);
/* The store's transaction `txn` is open: messages queued from now on
 * wait for its commit. */
void skx_transport_hold(skx_transport *tp, uint64_t txn);
/* Transaction `txn` is committed: what waited for it goes out. */
void skx_transport_commit(skx_transport *tp, uint64_t txn);

#endif
