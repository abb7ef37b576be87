/*
 * server.c -- the libwebsockets context and its one event loop: static
 * files of the browser client (a mount of --web), a small HTTP API
 * (/api/lobby, /api/rooms/CODE/games.jsonl and /games, /api/books/...,
 * /api/rules) and the WebSocket protocol "schafkopf" on the same port.  Each pass of the loop handles what
 * arrived, then commits the store once and sends (skx_rooms_*).
 */
#include "server/server_internal.h"

#include "table/engine.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <time.h>

/* The one flag a signal handler may set: a process-wide fact by nature
 * (SIGINT, SIGTERM stop the server), read by the loop after each pass. */
static volatile sig_atomic_t skx_stop_signal;

/* Notes a stop request; the loop wakes within a second (its tick). */
static void on_signal(int sig)
{
    (void)sig;
    skx_stop_signal = 1;
}

void sk_server_config_init(sk_server_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->bind = "127.0.0.1";
    cfg->port = 8080;
    cfg->workers = 2;
    cfg->rate = 20;
    cfg->burst = 40;
    cfg->away_seconds = 30;
    cfg->engine_ms = 5000;
}

/* Monotonic microseconds, for buckets and timers. */
int64_t skx_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Milliseconds since the epoch, for deadlines that clients show. */
int64_t skx_epoch_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void skx_server_fail(skx_server *srv, const sk_error *err)
{
    if (!srv->failed) {
        srv->failed = 1;
        srv->fail_err = *err;
        lwsl_err("server: store failure, stopping: %s\n", err->msg);
    }
}

int skx_store_txn(skx_server *srv)
{
    if (srv->failed)
        return -1;
    if (srv->txn)
        return 0;
    sk_error err = {{0}, NULL};
    if (sk_store_begin(srv->store, &err) < 0) {
        skx_server_fail(srv, &err);
        return -1;
    }
    srv->txn = 1;
    srv->txn_no++;
    return 0;
}

/* The end of a pass: apply, deal and append; commit; then send. */
static void flush(skx_server *srv)
{
    skx_accounts_advance(srv);
    skx_rooms_advance(srv);
    if (srv->txn && !srv->failed) {
        sk_error err = {{0}, NULL};
        if (sk_store_commit(srv->store, &err) < 0) {
            skx_server_fail(srv, &err);
            return;
        }
        srv->txn = 0;
        srv->committed = srv->txn_no;
        skx_conns_wake(srv);
    }
    if (!srv->failed)
        skx_rooms_broadcast(srv);
}

/* With libuv's loop (srv->evlib) lws_service runs the loop until it
 * stops, and the end of a pass is a timer due at once: libuv runs it
 * after every callback of the loop's turn (its idle phase), so the
 * messages that arrived together are still handled, committed and sent
 * together.  A stop request or a store failure ends the loop there. */
static void pass_end(lws_sorted_usec_list_t *sul)
{
    skx_server *srv = lws_container_of(sul, skx_server, pass);
    srv->pass_due = 0;
    flush(srv);
    if ((skx_stop_signal || srv->failed) && !srv->stopping) {
        srv->stopping = 1;
        /* Workers first: they wake the loop.  Then lws closes every
         * connection and stops libuv's loop; lws_service returns. */
        if (srv->pool_started)
            skx_pool_stop(&srv->pool);
        srv->pool_started = 0;
        lws_context_destroy(srv->lws);
    }
}

/* Something happened (a message, a connection, a worker's answer, the
 * tick): with libuv's loop, end the pass after this turn of the loop.
 * The poll loop ends a pass after every lws_service anyway. */
static void pass_soon(skx_server *srv)
{
    if (!srv->evlib || srv->pass_due || srv->stopping)
        return;
    srv->pass_due = 1;
    lws_sul_schedule(srv->lws, 0, &srv->pass, pass_end, 1);
}

/* Whether a WebSocket upgrade's Origin is allowed: the same host the
 * request names, or one of --origin.  A request without Origin comes
 * from no browser (browsers always send it) and is let in. */
static bool origin_ok(const skx_server *srv, struct lws *wsi)
{
    char origin[256], host[256];
    int n = lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN);
    if (n == 0 && lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) == 0)
        return true;
    if (n <= 0)
        return false;
    for (int i = 0; i < srv->cfg.norigins; i++)
        if (strcasecmp(origin, srv->cfg.origins[i]) == 0)
            return true;
    if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
        return false;
    const char *rest = strncasecmp(origin, "http://", 7) == 0    ? origin + 7
                       : strncasecmp(origin, "https://", 8) == 0 ? origin + 8
                                                                 : NULL;
    return rest && strcasecmp(rest, host) == 0;
}

/* The WebSocket protocol's callback (and protocols[0]'s HTTP default). */
static int ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                       size_t len)
{
    skx_conn **pc = user;
    skx_server *srv = lws_context_user(lws_get_context(wsi));
    if (reason == LWS_CALLBACK_ESTABLISHED || reason == LWS_CALLBACK_RECEIVE ||
        reason == LWS_CALLBACK_CLOSED || reason == LWS_CALLBACK_EVENT_WAIT_CANCELLED)
        pass_soon(srv);
    switch (reason) {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        if (!origin_ok(srv, wsi)) {
            if (!srv->cfg.quiet)
                lwsl_user("server: WebSocket refused: Origin not allowed\n");
            return -1;
        }
        return 0;
    case LWS_CALLBACK_ESTABLISHED:
        *pc = skx_conn_new(srv, wsi);
        return *pc ? 0 : -1;
    case LWS_CALLBACK_RECEIVE:
        if (*pc)
            skx_conn_receive(*pc, in, len, lws_is_first_fragment(wsi),
                             lws_is_final_fragment(wsi));
        return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return *pc ? skx_conn_writeable(*pc) : 0;
    case LWS_CALLBACK_CLOSED:
        if (*pc)
            skx_conn_free(*pc);
        *pc = NULL;
        return 0;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        return 0; /* a worker's answer: the pass's flush applies it */
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* A dynamic HTTP response being written. */
typedef struct skx_http {
    char *body;
    size_t len, off;
} skx_http;

/* Builds the body of an API request: 200 with JSON or JSON Lines, or
 * an error status with a short text. */
static int api_route(skx_server *srv, struct lws *wsi, const char *uri, skx_http *h,
                     const char **ctype)
{
    static const char prefix[] = "/api/rooms/";
    static const char suffix[] = "/games.jsonl", list[] = "/games";
    *ctype = "application/json";
    if (strcmp(uri, "/api/lobby") == 0) {
        json_t *o = json_pack("{s:o, s:o}", "rooms", skx_rooms_lobby(srv), "engines",
                              skx_engine_names(srv));
        h->body = o ? json_dumps(o, JSON_COMPACT) : NULL;
        json_decref(o);
        return h->body ? 200 : 500;
    }
    if (strcmp(uri, "/api/rules") == 0) { /* every preset's options: the create forms */
        json_t *o = json_pack("{s:o*}", "presets", sk_sheet_rules_presets());
        h->body = o ? json_dumps(o, JSON_COMPACT) : NULL;
        json_decref(o);
        return h->body ? 200 : 500;
    }
    if (strncmp(uri, "/api/books/", 11) == 0) {
        char key[80] = "", lang[8] = "", host[256] = "";
        size_t blen = 0;
        char arg[96];
        const char *v = lws_get_urlarg_by_name(wsi, "key=", arg, (int)sizeof arg);
        snprintf(key, sizeof key, "%s", v ? v : "");
        v = lws_get_urlarg_by_name(wsi, "lang=", arg, (int)sizeof arg);
        snprintf(lang, sizeof lang, "%s", v ? v : "");
        if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) < 0)
            host[0] = '\0';
        return skx_books_http(srv, uri, key, lang, host, &h->body, &blen, ctype);
    }
    size_t n = strlen(uri);
    if (strncmp(uri, prefix, sizeof prefix - 1) == 0 &&
        n == sizeof prefix - 1 + SKX_CODE_LEN + sizeof suffix - 1 &&
        strcmp(uri + n - (sizeof suffix - 1), suffix) == 0) {
        char code[SKX_CODE_LEN + 1];
        memcpy(code, uri + sizeof prefix - 1, SKX_CODE_LEN);
        code[SKX_CODE_LEN] = '\0';
        skx_room *rm = skx_room_find(srv, code);
        if (rm) {
            *ctype = "application/jsonl";
            h->body = skx_games_jsonl(srv, rm);
            return h->body ? 200 : 500;
        }
    }
    if (strncmp(uri, prefix, sizeof prefix - 1) == 0 &&
        n == sizeof prefix - 1 + SKX_CODE_LEN + sizeof list - 1 &&
        strcmp(uri + n - (sizeof list - 1), list) == 0) {
        char code[SKX_CODE_LEN + 1];
        memcpy(code, uri + sizeof prefix - 1, SKX_CODE_LEN);
        code[SKX_CODE_LEN] = '\0';
        skx_room *rm = skx_room_find(srv, code);
        if (rm) {
            h->body = skx_games_list(srv, rm);
            return h->body ? 200 : 500;
        }
    }
    *ctype = "text/plain";
    h->body = strdup("not found\n");
    return 404;
}

/* The HTTP API's callback: GET only, small bodies written in chunks. */
static int api_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                        size_t len)
{
    skx_http *h = user;
    skx_server *srv = lws_context_user(lws_get_context(wsi));
    switch (reason) {
    case LWS_CALLBACK_HTTP: {
        char uri[256];
        const char *ctype;
        int status;
        memset(h, 0, sizeof *h);
        if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0) {
            status = 405;
            ctype = "text/plain";
            h->body = strdup("only GET\n");
        } else if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0) {
            status = 404;
            ctype = "text/plain";
            h->body = strdup("not found\n");
        } else {
            status = api_route(srv, wsi, uri, h, &ctype);
        }
        if (!h->body)
            return -1;
        h->len = strlen(h->body);
        unsigned char buf[LWS_PRE + 512], *start = &buf[LWS_PRE], *p = start,
                                          *end = &buf[sizeof buf - 1];
        if (lws_add_http_common_headers(wsi, (unsigned)status, ctype, h->len, &p, end) ||
            lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_CACHE_CONTROL,
                                         (const unsigned char *)"no-store", 8, &p, end) ||
            lws_finalize_write_http_header(wsi, start, &p, end))
            return 1;
        if (h->len == 0) {
            free(h->body);
            h->body = NULL;
            return lws_http_transaction_completed(wsi) ? -1 : 0;
        }
        lws_callback_on_writable(wsi);
        return 0;
    }
    case LWS_CALLBACK_HTTP_WRITEABLE: {
        if (!h->body)
            return 0;
        enum { CHUNK = 16384 };
        unsigned char buf[LWS_PRE + CHUNK];
        size_t n = h->len - h->off < CHUNK ? h->len - h->off : CHUNK;
        memcpy(buf + LWS_PRE, h->body + h->off, n);
        h->off += n;
        bool last = h->off == h->len;
        if (lws_write(wsi, buf + LWS_PRE, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) <
            (int)n)
            return -1;
        if (!last) {
            lws_callback_on_writable(wsi);
            return 0;
        }
        free(h->body);
        h->body = NULL;
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    case LWS_CALLBACK_CLOSED_HTTP:
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
        free(h->body);
        h->body = NULL;
        return 0;
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* Wakes the loop every second: timers (away humans) and the stop flag. */
static void tick(lws_sorted_usec_list_t *sul)
{
    skx_server *srv = lws_container_of(sul, skx_server, tick);
    if (srv->stopping)
        return;
    lws_sul_schedule(srv->lws, 0, &srv->tick, tick, LWS_US_PER_SEC);
    srv->sweep = 1; /* once a second the pass looks at every room: a net under skx_room_touch */
    pass_soon(srv);
}

/* Frees what the server holds, in an order where nothing is used after
 * it is gone: workers first (they wake the loop), the loop's
 * connections, the rooms, the store. */
static void teardown(skx_server *srv)
{
    if (srv->cfg.nengines > 0)
        skx_engine_kill_all(); /* an engine deciding now ends at once */
    if (srv->pool_started)
        skx_pool_stop(&srv->pool);
    skx_accounts_stop(srv);
    if (srv->lws)
        lws_context_destroy(srv->lws);
    skx_rooms_free(srv);
    skx_books_free(srv);
    if (srv->store)
        sk_store_close(srv->store);
    free(srv->held);
    free(srv->touched);
    free(srv);
}

/* Raises the soft limit of open files to the hard one: every connection
 * is a descriptor, and the usual soft limit (1024) would cap the server
 * at about a thousand people while the hard limit (systemd's
 * LimitNOFILE=, `ulimit -Hn`) allows many more.  libwebsockets sizes
 * its tables by the limit it finds at context creation.  Returns the
 * limit now in force. */
static long raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
        return -1;
    if (rl.rlim_cur < rl.rlim_max) {
        struct rlimit want = {rl.rlim_max, rl.rlim_max};
        if (setrlimit(RLIMIT_NOFILE, &want) == 0)
            rl = want;
    }
    return rl.rlim_cur == RLIM_INFINITY ? -1 : (long)rl.rlim_cur;
}

int sk_server_run(const sk_server_config *cfg, sk_error *err)
{
    skx_server *srv = calloc(1, sizeof *srv);
    if (!srv) {
        snprintf(err->msg, sizeof err->msg, "server: out of memory");
        return SK_ENOMEM;
    }
    srv->cfg = *cfg;
    lws_set_log_level(cfg->quiet ? LLL_ERR : LLL_ERR | LLL_WARN | LLL_USER, NULL);
    long fds = raise_fd_limit();
    if (fds >= 0 && fds < 4096 && !cfg->quiet)
        lwsl_warn("server: at most %ld open files (ulimit -Hn): about as many connections; "
                  "raise LimitNOFILE= (docs/server.md)\n", fds);
    srv->store = sk_store_open(cfg->db, err);
    if (!srv->store) {
        teardown(srv);
        return SK_EIO;
    }
    if (skx_rooms_restore(srv, err) < 0) {
        teardown(srv);
        return SK_EIO;
    }

    const struct lws_protocols protocols[] = {
        {"schafkopf", ws_callback, sizeof(skx_conn *), SKX_MSG_MAX, 0, NULL, 0},
        {"http-api", api_callback, sizeof(skx_http), 0, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0}};
    struct lws_http_mount web = {0};
    web.mountpoint = "/";
    web.mountpoint_len = 1;
    web.origin = cfg->web;
    web.def = "index.html";
    web.origin_protocol = LWSMPRO_FILE;
    struct lws_http_mount api = {0};
    api.mount_next = cfg->web ? &web : NULL;
    api.mountpoint = "/api";
    api.mountpoint_len = 4;
    api.origin = "http-api";
    api.origin_protocol = LWSMPRO_CALLBACK;

    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = cfg->port;
    info.iface = cfg->bind;
    info.protocols = protocols;
    info.mounts = &api;
    info.user = srv;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8 | LWS_SERVER_OPTION_DISABLE_IPV6;
    info.gid = (gid_t)-1;
    info.uid = (uid_t)-1;
    /* libuv's loop (epoll: a turn costs what is ready) from lws's event
     * library plugin; without the plugin (package libwebsockets-evlib-uv)
     * lws's own poll loop, whose every turn costs every connection: fine
     * for hundreds, not for 10,000 (docs/server.md). */
    info.options |= LWS_SERVER_OPTION_LIBUV;
    srv->lws = lws_create_context(&info);
    srv->evlib = srv->lws != NULL;
    if (!srv->lws) {
        info.options &= ~(uint64_t)LWS_SERVER_OPTION_LIBUV;
        srv->lws = lws_create_context(&info);
        if (srv->lws && !cfg->quiet)
            lwsl_warn("server: no libuv event library for libwebsockets: polling every "
                      "connection each turn (install libwebsockets-evlib-uv)\n");
    }
    if (!srv->lws) {
        snprintf(err->msg, sizeof err->msg, "server: cannot listen on %s port %d", cfg->bind,
                 cfg->port);
        teardown(srv);
        return SK_EIO;
    }
    srv->port = cfg->port;
    if (skx_pool_start(&srv->pool, cfg->workers, srv->lws, err) < 0) {
        teardown(srv);
        return SK_EIO;
    }
    srv->pool_started = 1;
    if (skx_accounts_start(srv, err) < 0) {
        teardown(srv);
        return SK_EIO;
    }
    lws_sul_schedule(srv->lws, 0, &srv->tick, tick, LWS_US_PER_SEC);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    printf("schafkopf serve: open http://%s:%d/ (WebSocket ws://%s:%d/, %zu rooms restored)\n",
           cfg->bind, srv->port, cfg->bind, srv->port, srv->nrooms);
    fflush(stdout);

    flush(srv); /* restored rooms: bots resume */
    if (srv->evlib) {
        while (!srv->stopping && lws_service(srv->lws, 0) >= 0)
            ; /* libuv's loop runs until pass_end stops it */
    } else {
        while (!skx_stop_signal && !srv->failed) {
            if (lws_service(srv->lws, 0) < 0)
                break;
            flush(srv);
        }
    }
    int rc = 0;
    if (srv->failed) {
        *err = srv->fail_err;
        rc = SK_EIO;
    }
    if (srv->txn && !srv->failed)
        sk_store_commit(srv->store, NULL);
    teardown(srv);
    return rc;
}
