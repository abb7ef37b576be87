/*
 * schafkopf/server.h -- the game server: HTTP for the browser client's
 * files and a WebSocket protocol (docs/server-protocol.md) on one port,
 * one event loop (libwebsockets) that never waits for a bot or a disk
 * beyond one batched commit per pass, bots on worker threads, rooms
 * (schafkopf/table.h) kept in a store (schafkopf/store.h).
 *
 * Names: sk_server_ public, skx_ internal (src/server/).
 */
#ifndef SCHAFKOPF_SERVER_H
#define SCHAFKOPF_SERVER_H

#include "schafkopf/core.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SK_SERVER_MAX_ORIGINS 8
#define SK_SERVER_MAX_ENGINES 16

/* What `schafkopf serve` is told; sk_server_config_init fills the
 * defaults. */
typedef struct sk_server_config {
    const char *bind;       /* address to listen on, "127.0.0.1" */
    int port;               /* 8080; 0 picks a free one */
    const char *db;         /* the store's database file */
    const char *web;        /* directory of static files, NULL: none */
    const char *origins[SK_SERVER_MAX_ORIGINS]; /* extra allowed Origins */
    int norigins;
    int workers;            /* bot threads */
    double rate;            /* client messages a second per connection */
    double burst;           /* ... and the bucket's size */
    int away_seconds;       /* a disconnected human's turn goes to a bot after this */
    int quiet;              /* no log lines on stderr */
    /* the server's address as people reach it (https://skat.example),
     * for the links in QR codes; NULL: the request's Host header */
    const char *public_url;
    /* engines the operator offers (docs/engine-protocol.md): bot spec
     * "ext:NAME" runs COMMAND (/bin/sh -c) as a child process per seat;
     * clients choose among the names only, never a command */
    const char *engine_names[SK_SERVER_MAX_ENGINES];
    const char *engine_cmds[SK_SERVER_MAX_ENGINES];
    int nengines;
    int engine_ms;          /* an engine's time per decision, 5000 */
    /* forgetting (docs/server.md "Forgetting"), seconds, 0: never */
    int64_t idle_unlist;    /* a room idle this long leaves the lobby, 1800 */
    int64_t idle_archive;   /* ... and this long is archived (closed), 86400 */
    int64_t guest_forget;   /* a guest session unused this long is deleted, 30 days */
    int64_t hello_timeout;  /* a WebSocket without hello is closed after this, 10 */
    int64_t ping;           /* a quiet WebSocket is pinged after this, hung up 10 s later, 60 */
    int lease_seconds;      /* a room's lease on a shared store (PostgreSQL), 12 */
    /* Fair shares (docs/server.md "Fair shares"); 0: no limit.  An
     * address is the peer's, or behind --trust-proxy the client's as
     * the proxy says (X-Forwarded-For, X-Real-IP). */
    const char *trust_proxy; /* the reverse proxy's address, NULL: none */
    int max_conns_addr;     /* connections per address, 64 */
    int max_rooms_addr;     /* open rooms created from one address, 20 */
    int max_rooms_account;  /* open rooms created by one account, 20 */
    int max_rooms;          /* open rooms in all, 20000 */
    int rooms_per_hour;     /* rooms created per address an hour, 60 */
    int max_bots_addr;      /* bots seated from one address in open rooms, 60 */
    int strong_jobs;        /* heavy bot decisions (pimc:strong, pimc:N > 32,
                             * engines) and ratings on workers at once;
                             * -1: workers - 1, at least 1 */
    int bot_ms;             /* a bot decision's time budget (ms), 2000 */
    int auth_per_addr;      /* password jobs of one address waiting or hashing, 4 */
} sk_server_config;

void sk_server_config_init(sk_server_config *cfg);

/* Runs the server until SIGINT or SIGTERM; 0 after a clean stop, or a
 * negative sk_status with a message (cannot listen, the store is held
 * by another process, a commit failed). */
int sk_server_run(const sk_server_config *cfg, sk_error *err);

/* A new book's code (16 characters of the invitation alphabet), edit
 * key (64 hex digits, to show its maker once) and the key's hash as the
 * store keeps it (hex), for a book the terminal makes in the store
 * (`schafkopf sheet --db`, `schafkopf tournament --db`): the server's
 * pages then accept the key as if they had made the book. */
void sk_server_book_credentials(char code[17], char key[65], char hash[65]);

#ifdef __cplusplus
}
#endif

#endif
