/*
 * net.c -- the libwebsockets context and its one event loop: static
 * files of the browser client (a mount of --web), GET requests under
 * /api/ (answered by the floor above: its http hook) and the WebSocket
 * protocol "schafkopf" on the same port.  Each pass of the loop handles
 * what arrived; at its end the pass hook has the floor above commit
 * the store once and send.
 */
#include "server/transport/net.h"

#include <arpa/inet.h>
#include <signal.h>
#include <stdarg.h>
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

/* A line of the log; see transport.h. */
void skx_log(int level, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (level == SKX_LOG_ERR)
        lwsl_err("%s", line);
    else if (level == SKX_LOG_WARN)
        lwsl_warn("%s", line);
    else
        lwsl_user("%s", line);
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

/* Runs the pass hook and notes a slow one for the minute's summary. */
static bool run_pass(skx_transport *tp)
{
    int64_t t0 = skx_now_us();
    bool fail = tp->hooks.pass(tp->hooks.ctx);
    int64_t took = skx_now_us() - t0;
    if (took >= SKX_SLOW_PASS_US) {
        tp->counts.slow_passes++;
        if (took > tp->counts.slowest_us)
            tp->counts.slowest_us = took;
    }
    return fail;
}

/* With libuv's loop (tp->evlib) lws_service runs the loop until it
 * stops, and the end of a pass is a timer due at once: libuv runs it
 * after every callback of the loop's turn (its idle phase), so the
 * messages that arrived together are still handled, committed and sent
 * together.  A stop request or a store failure ends the loop there. */
static void pass_end(lws_sorted_usec_list_t *sul)
{
    skx_transport *tp = lws_container_of(sul, skx_transport, pass);
    tp->pass_due = 0;
    bool fail = run_pass(tp);
    if ((skx_stop_signal || fail) && !tp->stopping) {
        tp->stopping = 1;
        /* Workers first: they wake the loop.  Then lws closes every
         * connection and stops libuv's loop; lws_service returns. */
        tp->hooks.stop(tp->hooks.ctx);
        lws_context_destroy(tp->lws);
    }
}

/* Something happened (a message, a connection, a worker's answer, the
 * tick): with libuv's loop, end the pass after this turn of the loop.
 * The poll loop ends a pass after every lws_service anyway. */
static void pass_soon(skx_transport *tp)
{
    if (!tp->evlib || tp->pass_due || tp->stopping)
        return;
    tp->pass_due = 1;
    lws_sul_schedule(tp->lws, 0, &tp->pass, pass_end, 1);
}

/* Wakes the loop from another thread: its pass then takes what the
 * thread finished. */
void skx_transport_wake(skx_transport *tp)
{
    if (tp->lws)
        lws_cancel_service(tp->lws);
}

/* Whether a WebSocket upgrade's Origin is allowed: the same host the
 * request names, or one of --origin.  A request without Origin comes
 * from no browser (browsers always send it) and is let in. */
static bool origin_ok(const skx_transport *tp, struct lws *wsi)
{
    char origin[256], host[256];
    int n = lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN);
    if (n == 0 && lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) == 0)
        return true;
    if (n <= 0)
        return false;
    for (int i = 0; i < tp->cfg->norigins; i++)
        if (strcasecmp(origin, tp->cfg->origins[i]) == 0)
            return true;
    if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
        return false;
    const char *rest = strncasecmp(origin, "http://", 7) == 0    ? origin + 7
                       : strncasecmp(origin, "https://", 8) == 0 ? origin + 8
                                                                 : NULL;
    return rest && strcasecmp(rest, host) == 0;
}

/* The client's address: the peer's; when the peer is the trusted proxy
 * (--trust-proxy), the last address of X-Forwarded-For (the one the
 * proxy appended: what came before it the client may have written), or
 * else X-Real-IP.  Only a valid IPv4 address is believed. */
static void client_addr(const skx_transport *tp, struct lws *wsi, char out[SKX_ADDR_MAX])
{
    lws_get_peer_simple(wsi, out, SKX_ADDR_MAX);
    if (!tp->cfg->trust_proxy || strcmp(out, tp->cfg->trust_proxy) != 0)
        return;
    char hdr[512], *said = NULL;
    struct in_addr ok;
    if (lws_hdr_copy(wsi, hdr, sizeof hdr, WSI_TOKEN_X_FORWARDED_FOR) > 0) {
        said = strrchr(hdr, ',');
        said = said ? said + 1 : hdr;
    } else if (lws_hdr_copy(wsi, hdr, sizeof hdr, WSI_TOKEN_HTTP_X_REAL_IP) > 0) {
        said = hdr;
    }
    if (!said)
        return;
    said += strspn(said, " \t");
    said[strcspn(said, " \t")] = '\0';
    if (strlen(said) < SKX_ADDR_MAX && inet_pton(AF_INET, said, &ok) == 1)
        snprintf(out, SKX_ADDR_MAX, "%s", said);
}

/* The WebSocket protocol's callback (and protocols[0]'s HTTP default). */
static int ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                       size_t len)
{
    skx_conn **pc = user;
    skx_transport *tp = lws_context_user(lws_get_context(wsi));
    if (reason == LWS_CALLBACK_ESTABLISHED || reason == LWS_CALLBACK_RECEIVE ||
        reason == LWS_CALLBACK_CLOSED || reason == LWS_CALLBACK_EVENT_WAIT_CANCELLED)
        pass_soon(tp);
    switch (reason) {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        if (!origin_ok(tp, wsi)) {
            if (!tp->cfg->quiet)
                lwsl_user("server: WebSocket refused: Origin not allowed\n");
            return -1;
        }
        return 0;
    case LWS_CALLBACK_ESTABLISHED: {
        char addr[SKX_ADDR_MAX];
        client_addr(tp, wsi, addr);
        *pc = skx_conn_new(tp, wsi, addr);
        return *pc ? 0 : -1;
    }
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
        return 0; /* a worker's answer: the pass applies it */
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* A request under /api/ and its answer: a POST's form arriving, then
 * the answer being written. */
typedef struct skx_http {
    char uri[256];
    char form[SKX_HTTP_FORM_MAX + 1]; /* a POST's body (urlencoded), NUL-ended */
    size_t formlen;
    int post, form_over;
    char *body;
    size_t len, off;
} skx_http;

/* An HTTP request as the http hook sees it: its arguments, headers and
 * form through skx_http_arg, skx_http_host, skx_http_header and
 * skx_http_field. */
struct skx_http_req {
    struct lws *wsi;
    const skx_http *h;
};

/* A query argument of the request ("" if none), cut to `size`. */
void skx_http_arg(skx_http_req *req, const char *name, char *out, size_t size)
{
    char arg[96];
    const char *v = lws_get_urlarg_by_name(req->wsi, name, arg, (int)sizeof arg);
    snprintf(out, size, "%s", v ? v : "");
}

/* Whether the request's query has an argument `name` ("key"), with a
 * value or none: a credential there is refused, not ignored. */
bool skx_http_has_arg(skx_http_req *req, const char *name)
{
    size_t n = strlen(name);
    char frag[128];
    for (int i = 0; lws_hdr_copy_fragment(req->wsi, frag, (int)sizeof frag,
                                          WSI_TOKEN_HTTP_URI_ARGS, i) >= 0; i++)
        if (strncmp(frag, name, n) == 0 && (frag[n] == '=' || frag[n] == '\0'))
            return true;
    return false;
}

/* The request's Host header ("" if none), cut to `size`. */
void skx_http_host(skx_http_req *req, char *out, size_t size)
{
    if (lws_hdr_copy(req->wsi, out, (int)size, WSI_TOKEN_HOST) < 0)
        out[0] = '\0';
}

/* A header of the request that libwebsockets does not know by name
 * ("x-book-key:", lowercase with its colon): "" if none or longer than
 * `size` - 1. */
void skx_http_header(skx_http_req *req, const char *name, char *out, size_t size)
{
    if (lws_hdr_custom_copy(req->wsi, out, (int)size, name, (int)strlen(name)) < 0)
        out[0] = '\0';
}

/* A field of a POST's urlencoded form ("" if none, not a POST, or not
 * decodable), cut to `size`. */
void skx_http_field(skx_http_req *req, const char *name, char *out, size_t size)
{
    out[0] = '\0';
    if (!req->h || !req->h->post)
        return;
    size_t n = strlen(name);
    for (const char *f = req->h->form; *f;) {
        size_t flen = strcspn(f, "&");
        if (flen > n && strncmp(f, name, n) == 0 && f[n] == '=') {
            char enc[SKX_HTTP_FORM_MAX + 1];
            snprintf(enc, sizeof enc, "%.*s", (int)(flen - n - 1), f + n + 1);
            for (char *c = enc; *c; c++)
                if (*c == '+')
                    *c = ' ';
            if (lws_urldecode(enc, enc, (int)sizeof enc) != 0)
                return;
            snprintf(out, size, "%s", enc);
            return;
        }
        f += flen;
        if (*f == '&')
            f++;
    }
}

/* Writes the answer's status line and headers (the vhost's headers
 * among them: skx_safety_headers) and asks to write its body; 0, or
 * non-zero to close the connection. */
static int http_answer(struct lws *wsi, skx_http *h, int status, const char *ctype)
{
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

/* Answers a whole request: the http hook's answer for its URI. */
static int http_route(skx_transport *tp, struct lws *wsi, skx_http *h)
{
    const char *ctype = "text/plain";
    int status;
    if (h->form_over) {
        status = 413;
        char msg[64];
        snprintf(msg, sizeof msg, "a form of at most %d bytes\n", SKX_HTTP_FORM_MAX);
        h->body = strdup(msg);
    } else {
        skx_http_req req = {wsi, h};
        status = tp->hooks.http(tp->hooks.ctx, &req, h->uri, &h->body, &ctype);
    }
    return http_answer(wsi, h, status, ctype);
}

/* The HTTP API's callback: GET, and POST with a small urlencoded form
 * (a credential that must not travel in the address); small bodies
 * written in chunks. */
static int api_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                        size_t len)
{
    skx_http *h = user;
    skx_transport *tp = lws_context_user(lws_get_context(wsi));
    switch (reason) {
    case LWS_CALLBACK_HTTP: {
        memset(h, 0, sizeof *h);
        bool get = lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0;
        h->post = !get && lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) > 0;
        if (!get && !h->post) {
            h->body = strdup("only GET and POST\n");
            return http_answer(wsi, h, 405, "text/plain");
        }
        if (lws_hdr_copy(wsi, h->uri, sizeof h->uri,
                         get ? WSI_TOKEN_GET_URI : WSI_TOKEN_POST_URI) <= 0) {
            h->body = strdup("not found\n");
            return http_answer(wsi, h, 404, "text/plain");
        }
        if (h->post)
            return 0; /* the form comes in HTTP_BODY; the answer at its end */
        return http_route(tp, wsi, h);
    }
    case LWS_CALLBACK_HTTP_BODY:
        if (h->formlen + len > SKX_HTTP_FORM_MAX)
            h->form_over = 1;
        else {
            memcpy(h->form + h->formlen, in, len);
            h->formlen += len;
            h->form[h->formlen] = '\0';
        }
        return 0;
    case LWS_CALLBACK_HTTP_BODY_COMPLETION:
        if (memchr(h->form, '\0', h->formlen))
            h->form_over = 1; /* a NUL in a form: refused like a big one */
        return http_route(tp, wsi, h);
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

/* Counts a refusal for the minute's summary; see net.h. */
void skx_transport_count_refusal(skx_transport *tp, const char *code)
{
    skx_log_counts *lc = &tp->counts;
    for (int i = 0; i < lc->ncodes; i++)
        if (strcmp(lc->code[i], code) == 0) {
            lc->n[i]++;
            return;
        }
    if (lc->ncodes == SKX_LOG_CODES || strlen(code) >= sizeof lc->code[0]) {
        lc->other++;
        return;
    }
    snprintf(lc->code[lc->ncodes], sizeof lc->code[0], "%s", code);
    lc->n[lc->ncodes++] = 1;
}

/*
 * Once a minute, one line for the operator: the errors sent by code
 * ("refused in the last 60 s: rate 880000, limit_rooms_addr 7000") and
 * the passes that held the loop 100 ms or more, then the counts start
 * again.  Nothing when nothing was refused and no pass was slow, so a
 * quiet server logs nothing; a flood costs one line a minute, not one
 * a refusal.  Codes only: no address, name or message text.
 */
static void log_minute(skx_transport *tp)
{
    skx_log_counts *lc = &tp->counts;
    int64_t now = skx_now_us();
    if (!lc->since_us)
        lc->since_us = now;
    if (now - lc->since_us < 60 * LWS_US_PER_SEC)
        return;
    long secs = (long)((now - lc->since_us) / LWS_US_PER_SEC);
    if (!tp->cfg->quiet && (lc->ncodes || lc->other)) {
        char line[900];
        size_t n = (size_t)snprintf(line, sizeof line, "server: refused in the last %ld s:", secs);
        for (int i = 0; i < lc->ncodes && n < sizeof line; i++)
            n += (size_t)snprintf(line + n, sizeof line - n, "%s %s %llu", i ? "," : "",
                                  lc->code[i], (unsigned long long)lc->n[i]);
        if (lc->other && n < sizeof line)
            snprintf(line + n, sizeof line - n, ", other %llu", (unsigned long long)lc->other);
        skx_log(SKX_LOG_USER, "%s\n", line);
    }
    if (!tp->cfg->quiet && lc->slow_passes)
        skx_log(SKX_LOG_WARN, "server: %llu slow passes (%d ms or more) in the last %ld s, "
                "the slowest %lld ms\n",
                (unsigned long long)lc->slow_passes, SKX_SLOW_PASS_US / 1000, secs,
                (long long)(lc->slowest_us / 1000));
    memset(lc, 0, sizeof *lc);
    lc->since_us = now;
}

/* A time the rooms asked for has come: a pass now. */
static void alarm_due(lws_sorted_usec_list_t *sul)
{
    skx_transport *tp = lws_container_of(sul, skx_transport, alarm);
    tp->alarm_ms = 0;
    if (!tp->stopping)
        pass_soon(tp);
}

/* A pass at a time; see transport.h. */
void skx_transport_wake_at(skx_transport *tp, int64_t epoch_ms)
{
    if (!tp->lws || tp->stopping || (tp->alarm_ms && tp->alarm_ms <= epoch_ms))
        return;
    int64_t in_ms = epoch_ms - skx_epoch_ms();
    tp->alarm_ms = epoch_ms;
    lws_sul_schedule(tp->lws, 0, &tp->alarm, alarm_due,
                     (lws_usec_t)(in_ms > 0 ? in_ms : 0) * LWS_US_PER_MS + 1);
}

/* Wakes the loop every second: timers (away humans) and the stop flag. */
static void tick(lws_sorted_usec_list_t *sul)
{
    skx_transport *tp = lws_container_of(sul, skx_transport, tick);
    if (tp->stopping)
        return;
    log_minute(tp);
    lws_sul_schedule(tp->lws, 0, &tp->tick, tick, LWS_US_PER_SEC);
    tp->hooks.tick(tp->hooks.ctx); /* e.g. the pass looks at every room once a second */
    pass_soon(tp);
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

/* A transport for cfg and hooks, not listening yet; see transport.h. */
skx_transport *skx_transport_new(const sk_server_config *cfg, const skx_transport_hooks *hooks)
{
    lws_set_log_level(cfg->quiet ? LLL_ERR : LLL_ERR | LLL_WARN | LLL_USER, NULL);
    long fds = raise_fd_limit();
    if (fds >= 0 && fds < 4096 && !cfg->quiet)
        lwsl_warn("server: at most %ld open files (ulimit -Hn): about as many connections; "
                  "raise LimitNOFILE= (docs/server.md)\n", fds);
    skx_transport *tp = calloc(1, sizeof *tp);
    if (!tp)
        return NULL;
    tp->cfg = cfg;
    tp->hooks = *hooks;
    return tp;
}

/* Appends the WebSocket form of an http(s) origin ("https://h" gives
 * " wss://h") to the policy's connect-src; anything else, or a URL
 * with a character that could end the directive, is left out. */
static void csp_ws_source(char *csp, size_t size, const char *url)
{
    const char *scheme = strncmp(url, "https://", 8) == 0  ? "wss://"
                         : strncmp(url, "http://", 7) == 0 ? "ws://"
                                                           : NULL;
    if (!scheme)
        return;
    const char *host = strstr(url, "://") + 3;
    size_t n = strcspn(host, "/");
    if (n == 0 || n > 255 ||
        strspn(host, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]") < n)
        return;
    size_t len = strlen(csp);
    snprintf(csp + len, size - len, " %s%.*s", scheme, (int)n, host);
}

/* The headers every HTTP answer carries, whoever makes it (the static
 * files, the API, libwebsockets' own errors): libwebsockets adds a
 * vhost's headers to every status line it writes, so this is the one
 * place (docs/server.md, "Headers").  The policy allows nothing inline
 * (the pages load their scripts and styles from files, the printable
 * pages link /api/print.css, a QR code shown in a page is a data:
 * image); connect-src is 'self' -- which matches the page's own ws:
 * and wss: (CSP 3) -- and the WebSocket form of --public-url and of
 * each --origin, for browsers that still want it named.  No Referer
 * leaves a page (its address may name a book or a room: "no-referrer"
 * rather than "same-origin", which nothing here needs), no content
 * type is sniffed, no page is framed (X-Frame-Options for browsers
 * without frame-ancestors). */
static void skx_safety_headers(skx_transport *tp)
{
    const sk_server_config *cfg = tp->cfg;
    snprintf(tp->csp, sizeof tp->csp,
             "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
             "connect-src 'self'");
    if (cfg->public_url)
        csp_ws_source(tp->csp, sizeof tp->csp, cfg->public_url);
    for (int i = 0; i < cfg->norigins; i++)
        csp_ws_source(tp->csp, sizeof tp->csp, cfg->origins[i]);
    size_t len = strlen(tp->csp);
    snprintf(tp->csp + len, sizeof tp->csp - len,
             "; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    static const char *const names[4] = {"content-security-policy:", "x-content-type-options:",
                                         "referrer-policy:", "x-frame-options:"};
    const char *values[4] = {tp->csp, "nosniff", "no-referrer", "DENY"};
    for (int i = 0; i < 4; i++) {
        tp->headers[i].next = i < 3 ? &tp->headers[i + 1] : NULL;
        tp->headers[i].options = NULL;
        tp->headers[i].name = names[i];
        tp->headers[i].value = values[i];
    }
}

/* Listens: the libwebsockets context with its protocols and mounts. */
int skx_transport_listen(skx_transport *tp, sk_error *err)
{
    const sk_server_config *cfg = tp->cfg;
    const struct lws_protocols protocols[] = {
        {"schafkopf", ws_callback, sizeof(skx_conn *), SKX_MSG_MAX, 0, NULL, 0},
        {"http-api", api_callback, sizeof(skx_http), 0, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0}};
    memcpy(tp->protocols, protocols, sizeof protocols);
    struct lws_http_mount *web = &tp->web, *api = &tp->api;
    web->mountpoint = "/";
    web->mountpoint_len = 1;
    web->origin = cfg->web;
    web->def = "index.html";
    web->origin_protocol = LWSMPRO_FILE;
    api->mount_next = cfg->web ? web : NULL;
    api->mountpoint = "/api";
    api->mountpoint_len = 4;
    api->origin = "http-api";
    api->origin_protocol = LWSMPRO_CALLBACK;

    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = cfg->port;
    info.iface = cfg->bind;
    info.protocols = tp->protocols;
    info.mounts = api;
    skx_safety_headers(tp);
    info.headers = tp->headers;
    info.user = tp;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8 | LWS_SERVER_OPTION_DISABLE_IPV6;
    info.gid = (gid_t)-1;
    info.uid = (uid_t)-1;
    /* a quiet connection is pinged, and hung up when no pong follows: a
     * player whose network vanished is seen away (docs/server.md) */
    tp->idle.secs_since_valid_ping = (uint16_t)cfg->ping;
    tp->idle.secs_since_valid_hangup = (uint16_t)(cfg->ping + 10);
    info.retry_and_idle_policy = cfg->ping > 0 ? &tp->idle : NULL;
    /* libuv's loop (epoll: a turn costs what is ready) from lws's event
     * library plugin; without the plugin (package libwebsockets-evlib-uv)
     * lws's own poll loop, whose every turn costs every connection: fine
     * for hundreds, not for 10,000 (docs/server.md). */
    info.options |= LWS_SERVER_OPTION_LIBUV;
    tp->lws = lws_create_context(&info);
    tp->evlib = tp->lws != NULL;
    if (!tp->lws) {
        info.options &= ~(uint64_t)LWS_SERVER_OPTION_LIBUV;
        tp->lws = lws_create_context(&info);
        if (tp->lws && !cfg->quiet)
            lwsl_warn("server: no libuv event library for libwebsockets: polling every "
                      "connection each turn (install libwebsockets-evlib-uv)\n");
    }
    if (!tp->lws) {
        snprintf(err->msg, sizeof err->msg, "server: cannot listen on %s port %d", cfg->bind,
                 cfg->port);
        return SK_EIO;
    }
    return 0;
}

/* Starts the tick and catches the stop signals. */
void skx_transport_arm(skx_transport *tp)
{
    lws_sul_schedule(tp->lws, 0, &tp->tick, tick, LWS_US_PER_SEC);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

/* Runs the loop until a stop request or a failed pass. */
void skx_transport_run(skx_transport *tp)
{
    bool fail = run_pass(tp); /* restored rooms: bots resume */
    if (tp->evlib) {
        while (!tp->stopping && lws_service(tp->lws, 0) >= 0)
            ; /* libuv's loop runs until pass_end stops it */
    } else {
        while (!skx_stop_signal && !fail) {
            if (lws_service(tp->lws, 0) < 0)
                break;
            fail = run_pass(tp);
        }
    }
}

/* Closes what is still open (each connection's close hook) and frees
 * the transport. */
void skx_transport_free(skx_transport *tp)
{
    if (!tp)
        return;
    if (tp->lws)
        lws_context_destroy(tp->lws);
    free(tp->held);
    for (int i = 0; i < SKX_ADDR_BUCKETS; i++)
        for (skx_addrcount *a = tp->by_addr[i], *n; a; a = n) {
            n = a->next;
            free(a);
        }
    free(tp);
}
