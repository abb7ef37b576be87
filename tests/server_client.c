/*
 * server_client.c -- what the server's tests use to talk to a real
 * `schafkopf serve`: start and stop it on a free loopback port, HTTP
 * GET, and a small WebSocket client (RFC 6455: handshake, masked text
 * frames out, frames in).  A hand-written client rather than
 * libwebsockets' client API so that a test can be a plain script
 * (send, wait for the answer) and can send what no library would: a
 * frame too big, bytes that are not JSON.  Included by the tests that
 * need it (tests/test_server.c), loopback only.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A running server started by a test. */
typedef struct skt_server {
    pid_t pid;
    int port;
    int out;        /* its stdout */
    char db[600];
} skt_server;

/* A WebSocket connection: the socket and the bytes received not yet
 * taken as messages. */
typedef struct skt_ws {
    int fd;
    unsigned char *buf;
    size_t len, cap;
    int closed;
} skt_ws;

/* The servers a test started and has not stopped: a failed test's
 * teardown (skt_cleanup) kills them, so none outlives the test run.
 * Test-only bookkeeping of this process's children. */
#define SKT_MAX_LIVE 8
static pid_t skt_live[SKT_MAX_LIVE];

static void skt_live_set(pid_t pid, pid_t to)
{
    for (int i = 0; i < SKT_MAX_LIVE; i++)
        if (skt_live[i] == pid) {
            skt_live[i] = to;
            return;
        }
}

/* Kills and reaps every server still running. */
static void skt_cleanup(void)
{
    for (int i = 0; i < SKT_MAX_LIVE; i++)
        if (skt_live[i] > 0) {
            kill(skt_live[i], SIGKILL);
            waitpid(skt_live[i], NULL, 0);
            skt_live[i] = 0;
        }
}

/* Where every message received is copied, one a line, when set: the
 * schema test validates them (tests/check_schema.py). */
static FILE *skt_dump;

/* Milliseconds of a monotonic clock. */
static int64_t skt_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The stall bound, in ms: how long a test waits for the next sign of
 * progress (a message, a byte, the server's exit) before it calls the
 * thing under test stuck.  No test has a bound on its total time: a
 * loaded machine only makes it slower (docs/architecture.md, "Tests").
 * SK_TEST_STALL_SECONDS sets it; the default, 120 s, holds on a
 * two-core machine at a load of 20, sanitizers included. */
static int skt_stall_ms(void)
{
    static int ms;
    if (ms == 0) {
        const char *e = getenv("SK_TEST_STALL_SECONDS");
        long s = e ? strtol(e, NULL, 10) : 0;
        ms = (int)((s > 0 && s <= 86400 ? s : 120) * 1000);
    }
    return ms;
}
#define SKT_STALL skt_stall_ms()

/* A port nobody listens on now (bound and released by the kernel's
 * choice on 127.0.0.1). */
static int skt_free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t n = sizeof a;
    if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) < 0 ||
        getsockname(fd, (struct sockaddr *)&a, &n) < 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    close(fd);
    return ntohs(a.sin_port);
}

/* Starts `SK_PROG serve` on a free port with the database `db` and the
 * extra arguments (NULL-terminated); waits for its "open http" line (it
 * prints nothing before: a stall bound on that one line).  0, or -1
 * when it did not start (then *srv->pid is reaped). */
static int skt_server_start_args(skt_server *srv, const char *db, const char *const *extra)
{
    const char *prog = getenv("SK_PROG");
    const char *root = getenv("SK_ROOT");
    if (!prog || !root)
        return -1;
    memset(srv, 0, sizeof *srv);
    snprintf(srv->db, sizeof srv->db, "%s", db);
    srv->port = skt_free_port();
    char port[16], web[512];
    snprintf(port, sizeof port, "%d", srv->port);
    snprintf(web, sizeof web, "%s/tests/data/web", root);
    const char *argv[40] = {prog, "serve", "--port", port, "--db", db, "--web", web, "--quiet"};
    int argc = 9;
    for (int i = 0; extra && extra[i] && argc < 38; i++)
        argv[argc++] = extra[i];
    argv[argc] = NULL;
    int p[2];
    if (pipe(p) < 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(p[1], 1);
        close(p[0]);
        close(p[1]);
        execv(prog, (char *const *)argv);
        _exit(127);
    }
    close(p[1]);
    srv->pid = pid;
    skt_live_set(0, pid);
    srv->out = p[0];
    char line[512];
    size_t n = 0;
    int64_t last = skt_ms();
    while (skt_ms() - last < SKT_STALL && n < sizeof line - 1) {
        struct pollfd pf = {p[0], POLLIN, 0};
        if (poll(&pf, 1, 100) <= 0)
            continue;
        ssize_t k = read(p[0], line + n, sizeof line - 1 - n);
        if (k <= 0)
            break;
        last = skt_ms();
        n += (size_t)k;
        line[n] = '\0';
        if (strstr(line, "open http"))
            return 0;
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    skt_live_set(pid, 0);
    close(p[0]);
    srv->pid = 0;
    return -1;
}


/* Stops the server with `sig` and reaps it (SIGKILL after the stall
 * bound: a clean stop is one step, however slow the machine); returns
 * its wait status. */
static int skt_server_stop(skt_server *srv, int sig)
{
    if (srv->pid <= 0)
        return -1;
    kill(srv->pid, sig);
    int status = 0;
    int64_t end = skt_ms() + SKT_STALL;
    while (waitpid(srv->pid, &status, WNOHANG) == 0) {
        if (skt_ms() > end) {
            kill(srv->pid, SIGKILL);
            waitpid(srv->pid, &status, 0);
            break;
        }
        usleep(10000);
    }
    skt_live_set(srv->pid, 0);
    close(srv->out);
    srv->pid = 0;
    return status;
}

/* A connected TCP socket to the loopback port, or -1. */
static int skt_connect(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

/* Writes all bytes; 0 or -1. */
static int skt_write_all(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0) {
        ssize_t k = send(fd, p, len, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        p += k;
        len -= (size_t)k;
    }
    return 0;
}

/* HTTP GET of `path`: the status, the body (malloc'd) in *body and,
 * when head is not NULL, the status line and headers (malloc'd) in
 * *head; -1 on a socket error.  It gives up when no byte came for the
 * stall bound. */
static int skt_http_get_head(int port, const char *path, char **body, size_t *blen, char **head)
{
    int fd = skt_connect(port);
    if (fd < 0)
        return -1;
    char req[600];
    int n = snprintf(req, sizeof req,
                     "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n", path,
                     port);
    if (skt_write_all(fd, req, (size_t)n) < 0) {
        close(fd);
        return -1;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    int64_t last = skt_ms();
    for (;;) {
        struct pollfd pf = {fd, POLLIN, 0};
        if (skt_ms() - last > SKT_STALL || poll(&pf, 1, 1000) < 0)
            break;
        if (!(pf.revents & (POLLIN | POLLHUP)))
            continue;
        if (len + 4096 > cap)
            buf = realloc(buf, cap *= 2);
        ssize_t k = read(fd, buf + len, cap - len - 1);
        if (k <= 0)
            break;
        last = skt_ms();
        len += (size_t)k;
        buf[len] = '\0';
        /* A complete response by its Content-Length. */
        char *hend = strstr(buf, "\r\n\r\n");
        char *cl = hend ? strstr(buf, "content-length:") : NULL; /* lws writes it lowercase */
        if (hend && cl && cl < hend &&
            len >= (size_t)(hend + 4 - buf) + strtoul(cl + 15, NULL, 10))
            break;
    }
    close(fd);
    buf[len] = '\0';
    int status = -1;
    sscanf(buf, "HTTP/1.1 %d", &status);
    char *hend = strstr(buf, "\r\n\r\n");
    if (head)
        *head = strndup(buf, hend ? (size_t)(hend - buf) : len);
    if (body) {
        size_t off = hend ? (size_t)(hend + 4 - buf) : len;
        *body = strdup(buf + off);
        if (blen)
            *blen = len - off;
    }
    free(buf);
    return status;
}

/* HTTP GET of `path`: the status, the body (malloc'd) in *body; -1 on
 * a socket error. */
static int skt_http_get(int port, const char *path, char **body, size_t *blen)
{
    return skt_http_get_head(port, path, body, blen, NULL);
}

/* Upgrades the connected socket fd to a WebSocket (Origin header when
 * origin is not NULL); w takes the socket.  0, the HTTP status when the
 * upgrade was refused, or -1 (also when the answer stalled). */
static int skt_ws_upgrade(skt_ws *w, int fd, int port, const char *origin)
{
    memset(w, 0, sizeof *w);
    w->fd = fd;
    if (w->fd < 0)
        return -1;
    char req[700], orig[300] = "";
    if (origin)
        snprintf(orig, sizeof orig, "Origin: %s\r\n", origin);
    int n = snprintf(req, sizeof req,
                     "GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: schafkopf\r\n%s\r\n",
                     port, orig);
    if (skt_write_all(w->fd, req, (size_t)n) < 0)
        return -1;
    /* The response head, byte by byte up to the blank line (what follows
     * is frames). */
    char head[2048];
    size_t len = 0;
    int64_t last = skt_ms();
    while (len < sizeof head - 1 && skt_ms() - last < SKT_STALL) {
        struct pollfd pf = {w->fd, POLLIN, 0};
        if (poll(&pf, 1, 200) <= 0)
            continue;
        ssize_t k = read(w->fd, head + len, 1);
        if (k <= 0)
            break;
        last = skt_ms();
        len++;
        head[len] = '\0';
        if (len >= 4 && memcmp(head + len - 4, "\r\n\r\n", 4) == 0)
            break;
    }
    head[len] = '\0';
    int status = -1;
    if (sscanf(head, "HTTP/1.1 %d", &status) != 1 || status != 101) {
        close(w->fd);
        w->fd = -1;
        return status > 0 ? status : -1;
    }
    fcntl(w->fd, F_SETFL, fcntl(w->fd, F_GETFL) | O_NONBLOCK);
    w->cap = 1 << 16;
    w->buf = malloc(w->cap);
    return 0;
}

/* Opens a WebSocket to the server; see skt_ws_upgrade. */
static int skt_ws_open(skt_ws *w, int port, const char *origin)
{
    return skt_ws_upgrade(w, skt_connect(port), port, origin);
}

static void skt_ws_close(skt_ws *w)
{
    if (w->fd >= 0)
        close(w->fd);
    w->fd = -1;
    free(w->buf);
    w->buf = NULL;
}

/* Sends one frame (opcode 1: text) with payload, masked as a client
 * must; 0 or -1. */
static int skt_ws_frame(skt_ws *w, int opcode, const void *data, size_t len)
{
    unsigned char *f = malloc(len + 14);
    size_t h = 0;
    f[h++] = (unsigned char)(0x80 | opcode);
    if (len < 126) {
        f[h++] = (unsigned char)(0x80 | len);
    } else if (len < 65536) {
        f[h++] = 0x80 | 126;
        f[h++] = (unsigned char)(len >> 8);
        f[h++] = (unsigned char)len;
    } else {
        f[h++] = 0x80 | 127;
        for (int i = 7; i >= 0; i--)
            f[h++] = (unsigned char)((uint64_t)len >> (8 * i));
    }
    unsigned char mask[4] = {0x12, 0x34, 0x56, 0x78};
    memcpy(f + h, mask, 4);
    h += 4;
    for (size_t i = 0; i < len; i++)
        f[h + i] = ((const unsigned char *)data)[i] ^ mask[i & 3];
    /* The socket is non-blocking: wait for room as needed, while the
     * server takes bytes (the stall bound). */
    size_t off = 0, total = h + len;
    int64_t last = skt_ms();
    while (off < total && skt_ms() - last < SKT_STALL) {
        ssize_t k = send(w->fd, f + off, total - off, MSG_NOSIGNAL);
        if (k > 0) {
            off += (size_t)k;
            last = skt_ms();
            continue;
        }
        if (k < 0 && (errno == EAGAIN || errno == EINTR)) {
            struct pollfd pf = {w->fd, POLLOUT, 0};
            poll(&pf, 1, 100);
            continue;
        }
        break;
    }
    free(f);
    return off == total ? 0 : -1;
}

static int skt_ws_send(skt_ws *w, const char *text)
{
    return skt_ws_frame(w, 1, text, strlen(text));
}

/* Reads what the socket has now into the buffer; -1 when it closed. */
static int skt_ws_fill(skt_ws *w)
{
    for (;;) {
        if (w->cap - w->len < 4096) { /* grows only for a backlog: 10,000 idle clients stay small */
            w->cap *= 2;
            w->buf = realloc(w->buf, w->cap);
        }
        ssize_t k = read(w->fd, w->buf + w->len, w->cap - w->len);
        if (k > 0) {
            w->len += (size_t)k;
            continue;
        }
        if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return 0;
        if (k < 0 && errno == EINTR)
            continue;
        w->closed = 1;
        return -1;
    }
}

/* The next whole message in the buffer (a text, malloc'd), or NULL.  A
 * close frame marks the connection closed; a ping is answered with its
 * pong (RFC 6455 5.5.2) -- libwebsockets pings a connection quiet in
 * that respect for 300 s and hangs up 10 s later, which ended every
 * connection of a test that ran longer than five minutes. */
static char *skt_ws_next(skt_ws *w)
{
    for (;;) {
        if (w->len < 2)
            return NULL;
        unsigned char *b = w->buf;
        int op = b[0] & 0x0f;
        uint64_t n = b[1] & 0x7f;
        size_t h = 2;
        if (n == 126) {
            if (w->len < 4)
                return NULL;
            n = ((uint64_t)b[2] << 8) | b[3];
            h = 4;
        } else if (n == 127) {
            if (w->len < 10)
                return NULL;
            n = 0;
            for (int i = 0; i < 8; i++)
                n = (n << 8) | b[2 + i];
            h = 10;
        }
        if (w->len < h + n)
            return NULL;
        char *msg = NULL;
        if (op == 1 || op == 0 || op == 2) {
            msg = malloc((size_t)n + 1);
            memcpy(msg, b + h, (size_t)n);
            msg[n] = '\0';
        } else if (op == 8) {
            w->closed = 1;
        } else if (op == 9) {
            skt_ws_frame(w, 10, b + h, (size_t)n);
        }
        memmove(w->buf, w->buf + h + n, w->len - h - (size_t)n);
        w->len -= h + (size_t)n;
        if (msg && skt_dump)
            fprintf(skt_dump, "%s\n", msg);
        if (msg)
            return msg;
        if (w->closed)
            return NULL;
    }
}

/* Waits up to ms for the next message (a test passes SKT_STALL, or a
 * short time to see that nothing comes); NULL on timeout or close. */
static char *skt_ws_recv(skt_ws *w, int ms)
{
    int64_t end = skt_ms() + ms;
    for (;;) {
        char *m = skt_ws_next(w);
        if (m || w->closed)
            return m;
        int64_t left = end - skt_ms();
        if (left <= 0)
            return NULL;
        struct pollfd pf = {w->fd, POLLIN, 0};
        if (poll(&pf, 1, (int)(left < 200 ? left : 200)) > 0 && skt_ws_fill(w) < 0)
            return skt_ws_next(w);
    }
}
