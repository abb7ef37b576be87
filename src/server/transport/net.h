/*
 * net.h -- what the transport's own files share (net.c: the loop and
 * its HTTP and WebSocket callbacks; conn.c: connections and their
 * queues).  The floors above see only transport.h.
 */
#ifndef SKX_SERVER_NET_H
#define SKX_SERVER_NET_H

#include "server/transport/transport.h"

#include <libwebsockets.h>

/* One outgoing message: LWS_PRE bytes of room, then the text.  `hold`:
 * the store transaction it waits for (0: none). */
typedef struct skx_out {
    struct skx_out *next;
    uint64_t hold;
    size_t len;
    unsigned char buf[];
} skx_out;

/* A WebSocket connection: its buffers, its bucket, its outgoing queue,
 * and the state the floor above keeps for it (`user`). */
struct skx_conn {
    skx_transport *tp;
    struct lws *wsi;
    struct skx_conn *prev, *next;
    void *user;                      /* the open hook's */
    char *rx;                        /* a message arriving in fragments, NULL: none
                                      * (most arrive whole and are not copied) */
    size_t rxlen;
    int rx_over;                     /* the message in progress is too big */
    double tokens;                   /* the rate limit's bucket */
    int64_t refill_us;
    lws_sorted_usec_list_t resume;   /* after a refusal: when the bucket has a token */
    int resume_due;                  /* ... that timer is set */
    skx_out *qhead, *qtail;
    size_t qn, qbytes;
    int doomed;                      /* being closed (2: once its queue is sent,
                                      * 3: by skx_conn_close, with why) */
    const char *why;                 /* skx_conn_close's reason (a literal) */
    int close_status;                /* ... with this status (doomed 2) */
    char addr[SKX_ADDR_MAX];         /* the client's address (shares are per address) */
    struct skx_addrcount *share;     /* its address's count of connections */
    size_t held_at;                  /* 1 + its place in tp->held, 0: not there */
};

/* The connections of one address (a chain of a fixed table, freed at
 * zero): the transport's own share, --max-conns-per-addr. */
typedef struct skx_addrcount {
    struct skx_addrcount *next;
    int conns;
    char addr[SKX_ADDR_MAX];
} skx_addrcount;
#define SKX_ADDR_BUCKETS 1024

/* The loop and its connections.  One thread runs the loop and owns all
 * of it; another thread only wakes it (skx_transport_wake). */
/* What the log's summary line counts over a minute (net.c, log_minute):
 * the errors sent, by code, and the passes that held the loop long. */
#define SKX_LOG_CODES 32
#define SKX_SLOW_PASS_US 100000 /* a pass this long is slow (100 ms) */
typedef struct skx_log_counts {
    char code[SKX_LOG_CODES][24];
    uint64_t n[SKX_LOG_CODES];
    int ncodes;
    uint64_t other;              /* codes past the table's room */
    uint64_t slow_passes;
    int64_t slowest_us;
    int64_t since_us;            /* when these counts began */
} skx_log_counts;

struct skx_transport {
    const sk_server_config *cfg;
    skx_transport_hooks hooks;
    struct lws_context *lws;
    /* what the context was made with: lws keeps pointers to them */
    struct lws_protocols protocols[3];
    struct lws_http_mount web, api;
    lws_retry_bo_t idle; /* the ping policy (--ping), for the context's life */
    /* the headers of every HTTP answer (net.c, safety_headers) */
    struct lws_protocol_vhost_options headers[4];
    char csp[1024];
    skx_conn *conns;
    int nconns;
    skx_conn **held;             /* connections with messages waiting for the commit */
    size_t nheld, capheld;
    uint64_t hold;               /* the open transaction new messages wait for, 0: none */
    uint64_t committed;          /* the last transaction committed */
    lws_sorted_usec_list_t tick;
    lws_sorted_usec_list_t alarm;    /* a pass at a time the rooms asked for (wake_at) */
    int64_t alarm_ms;                /* when, ms since the epoch (0: none set) */
    int evlib;                   /* libwebsockets runs libuv's loop (epoll) */
    lws_sorted_usec_list_t pass; /* ... where a pass's end is a timer due now */
    int pass_due, stopping;
    skx_addrcount *by_addr[SKX_ADDR_BUCKETS]; /* connections per address */
    skx_log_counts counts;       /* the log's summary of the minute */
};

/* net.c: one refusal (an error sent) with this code, for the log's
 * summary line of the minute. */
void skx_transport_count_refusal(skx_transport *tp, const char *code);

/* conn.c, for net.c's callbacks */
/* A new connection from `addr`, linked into the transport's list (the
 * open hook gives it its user; one over its address's share of
 * connections gets none and is refused); NULL when refused by the hook
 * or out of memory. */
skx_conn *skx_conn_new(skx_transport *tp, struct lws *wsi, const char *addr);
/* Unlinks and frees a closed connection (the close hook first). */
void skx_conn_free(skx_conn *c);
/* A fragment of a received message; a whole one goes to the message
 * hook if the rate limit allows. */
void skx_conn_receive(skx_conn *c, const void *data, size_t len, int first, int final);
/* Sends one queued message when the socket can take it; -1 closes. */
int skx_conn_writeable(skx_conn *c);

#endif
