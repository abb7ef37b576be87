/*
 * bench_server.c -- `make bench-server`: a load generator for `schafkopf
 * serve` on loopback.  It starts the server (SK_PROG) on a free port of
 * 127.0.0.1 with a temporary database and holds BENCH_CONNS connections
 * at once, all driven by one epoll loop:
 *
 *   - BENCH_ROOMS active tables of four client bots that answer every
 *     prompt at once with a random legal action (the measured load),
 *   - BENCH_WATCH spectators of each active table (the fan-out),
 *   - the rest sit in idle tables of four that never answer their turn
 *     (people thinking: a room held, a game dealt, nothing moving),
 *     and the last few (fewer than four) only say hello.
 *
 * It reports the connections held, actions a second on the active
 * tables, the latency from sending a decision to receiving its event
 * (p50, p99), the server's resident memory per connection (VmRSS before
 * and after), its CPU time and the machine's load average.  Every
 * follower checks that the events it receives run without a gap: a lost
 * message, an error reply, a connection refused or closed makes the run
 * fail (exit status 1), so a small run is a test (tests/test_load.sh).
 *
 * Bounded: BENCH_CONNS (default 10000, at most 60000), BENCH_ROOMS
 * (default 25), BENCH_WATCH (default 4), BENCH_SECONDS of play (default
 * 20) and, when set, at least BENCH_ACTIONS decisions answered (a test
 * bounds the count, not the time: BENCH_SECONDS=0 BENCH_ACTIONS=10000).
 * Connecting, seating and playing fail when nothing progresses for the
 * tests' stall bound (SK_TEST_STALL_SECONDS, server_client.c): no
 * connection opened, no room followed, no decision answered.  The fd
 * limit is raised to its hard limit; with more connections than one
 * source address has ephemeral ports, several source addresses of
 * 127.0.0.0/8 are used.
 *
 * The victim mode (BENCH_ATTACK=rooms, lobby, strong, a list of them
 * separated by commas, or all; default none: the above): the server at
 * its default shares, one table -- a client seat answering each prompt
 * at a person's pace (at once, at most one decision per 60 ms: under
 * the default --rate) and three BENCH_VICTIM_BOT bots (pimc) --
 * measured BENCH_SECONDS (and at least BENCH_ACTIONS of its decisions)
 * quiet, then as long under each attack while one address floods from
 * ATTACK_CONNS connections: rooms (creates as fast as answered),
 * lobby (lobby pages as fast as answered), strong (rooms with three
 * pimc:strong bots whose turns it answers at once).  It prints the
 * victim's decision -> its event and its bots' time (from the event
 * before to theirs), p50 and p99, and what the attacker got and was
 * refused, by code.  The k-th attack comes from 127.0.0.(2 + k).
 *
 * The target mode (BENCH_TARGET=PORT, `make bench-cluster`): no server
 * of its own; BENCH_CONNS connections to 127.0.0.1:PORT (nginx in front
 * of the cluster's processes), each a lobby connection that only says
 * hello -- a table's joins would reach other processes, nginx spreads
 * connections without a room over them.  They are held BENCH_SECONDS
 * more (default 20); it prints the connections held, the time to open
 * them and the resident memory per connection of the processes named by
 * BENCH_PIDS ("NAME:PID ...", summed by NAME: e.g. "serve:1234
 * serve:1240 nginx:1250"), before the first connection and after the
 * last was welcomed.  A connection refused, closed or answered with an
 * error fails the run.
 *
 * The client is server_client.c's small WebSocket client made
 * non-blocking (the handshake as a state), not libwebsockets': 10,000
 * connections of it cost the generator a few MiB, and it measures the
 * server, not a second event loop.
 */
#include "server_client.c"

#include <jansson.h>
#include <limits.h>
#include <stdbool.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/time.h>

#define BENCH_WINDOW 256        /* connections opening at once */
#define BENCH_PER_SOURCE 20000  /* connections from one source address */

enum { ST_CONNECTING, ST_HANDSHAKE, ST_HELLO, ST_READY, ST_DEAD };
enum { ROLE_LOBBY, ROLE_PLAYER, ROLE_WATCH, ROLE_IDLE, ROLE_ATTACK };
enum { ATK_ROOMS, ATK_LOBBY, ATK_STRONG, ATK_KINDS };
#define ATTACK_CONNS 16         /* an attacker's connections (its share is 64) */
#define ATTACK_CODES 8          /* refusal codes counted per attack */
#define VICTIM_GAP_US 60000     /* the victim's decisions at least this far apart:
                                 * under the server's --rate (20 a second) */

/* One client connection and what it does. */
typedef struct bconn {
    skt_ws w;
    int state, role;
    int table, seat;      /* its table (-1: none) and seat (-1: spectator) */
    int followed;         /* got the room's state */
    uint64_t last_seq;    /* the room's last event received */
    int64_t sent_us;      /* the decision in flight was sent, 0 for none */
    uint64_t want_seq;    /* ... and the event that answers it */
    int64_t last_ev_us;   /* the victim: when its last event came */
    unsigned rng;
    int src;              /* its source address: 127.0.0.1 + src */
    int attack;           /* an attacker's attack (index in bench.atk) */
} bconn;

/* A table: its room code and its first connection (seat 0, then seats
 * 1..3, then its spectators). */
typedef struct btable {
    char code[20];
    int first, n;
    int active;
} btable;

/* One attack of the victim mode and what its attacker got: rooms made,
 * lobby pages answered, its strong bots' decisions, refusals by code. */
typedef struct battack {
    int kind;
    long made, pages, bot_actions;
    char code[ATTACK_CODES][32];
    long refused[ATTACK_CODES];
    int ncodes;
} battack;

/* The whole run. */
typedef struct bench {
    int port, nconns, ntables, rooms, watch, seconds, min_actions;
    int64_t play_until;   /* the end of BENCH_SECONDS of play (us) */
    bconn *c;
    btable *t;
    int ep;
    int phase;            /* 0 open, 1 seat, 2 play */
    int next;             /* the next connection to open */
    int opened, followed, failed;
    long lost, errors;
    long actions, nlat, cap;
    int64_t *lat;
    long goal;            /* decisions answered before the play may end */
    /* The victim mode (BENCH_ATTACK): one table of a client seat and
     * three bots, quiet and then under each attack in turn. */
    int victim;
    int target;           /* BENCH_TARGET: the port of another server, 0: none */
    const char *victim_bot;
    int bots_sent;
    long nblat;           /* its bots: time from the event before to theirs */
    int64_t *blat;
    battack atk[ATK_KINDS];
    int natk, now_atk;    /* the attacks, the one running (-1: quiet) */
    char held[200];       /* the victim's decision waiting for its gap */
    int64_t held_at, last_decide;
} bench;

/* Microseconds of a monotonic clock. */
static int64_t bench_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The server's resident memory in KiB (from /proc), or 0. */
static long bench_rss(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return kb;
}

/* The server's CPU time (user + system) in clock ticks, or 0. */
static long bench_cpu(pid_t pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    char *p = strrchr(buf, ')'); /* the command may hold spaces */
    unsigned long ut = 0, st = 0;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2)
        return 0;
    return (long)(ut + st);
}

/* This process's CPU time in seconds. */
static double bench_self_cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* The machine's 1-minute load average, or -1. */
static double bench_load(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    double l = -1;
    if (f) {
        if (fscanf(f, "%lf", &l) != 1)
            l = -1;
        fclose(f);
    }
    return l;
}

/* Marks a connection failed (once) with what happened. */
static void bench_fail(bench *b, bconn *c, const char *what)
{
    if (c->state == ST_DEAD)
        return;
    if (b->failed < 5)
        fprintf(stderr, "bench_server: connection %d: %s\n", (int)(c - b->c), what);
    b->failed++;
    c->state = ST_DEAD;
    epoll_ctl(b->ep, EPOLL_CTL_DEL, c->w.fd, NULL);
}

/* Starts connecting connection i (non-blocking) from its source
 * address; 0 or -1. */
static int bench_connect(bench *b, int i)
{
    bconn *c = &b->c[i];
    c->w.fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (c->w.fd < 0)
        return -1;
    int one = 1;
    setsockopt(c->w.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (b->nconns > BENCH_PER_SOURCE || c->src) {
        /* 127.0.0.1, .2, ...: each has the whole ephemeral range (and
         * an attacker its own address: the server's shares see it). */
        struct sockaddr_in src = {0};
        src.sin_family = AF_INET;
        src.sin_addr.s_addr =
            htonl(INADDR_LOOPBACK + (uint32_t)(c->src ? c->src : i / BENCH_PER_SOURCE));
        setsockopt(c->w.fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
        if (bind(c->w.fd, (struct sockaddr *)&src, sizeof src) < 0)
            return -1;
    }
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)b->port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(c->w.fd, (struct sockaddr *)&a, sizeof a) < 0 && errno != EINPROGRESS)
        return -1;
    c->w.cap = 4096;
    c->w.buf = malloc(c->w.cap);
    c->state = ST_CONNECTING;
    struct epoll_event ev = {EPOLLIN | EPOLLOUT, {.u32 = (uint32_t)i}};
    return c->w.buf && epoll_ctl(b->ep, EPOLL_CTL_ADD, c->w.fd, &ev) == 0 ? 0 : -1;
}

/* Sends a text frame; a connection that cannot take it fails. */
static void bench_send(bench *b, bconn *c, const char *text)
{
    if (c->state != ST_DEAD && skt_ws_send(&c->w, text) < 0)
        bench_fail(b, c, "send failed");
}

/* The connection's socket is connected: send the upgrade request. */
static void bench_upgrade(bench *b, bconn *c)
{
    int err = 0;
    socklen_t n = sizeof err;
    if (getsockopt(c->w.fd, SOL_SOCKET, SO_ERROR, &err, &n) < 0 || err) {
        bench_fail(b, c, err ? strerror(err) : "connect failed");
        return;
    }
    char req[400];
    int len = snprintf(req, sizeof req,
                       "GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                       "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                       "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: schafkopf\r\n\r\n",
                       b->port);
    if (skt_write_all(c->w.fd, req, (size_t)len) < 0) {
        bench_fail(b, c, "upgrade request not sent");
        return;
    }
    struct epoll_event ev = {EPOLLIN, {.u32 = (uint32_t)(c - b->c)}};
    epoll_ctl(b->ep, EPOLL_CTL_MOD, c->w.fd, &ev);
    c->state = ST_HANDSHAKE;
}

/* The upgrade's response head, once whole: 101, then say hello; the
 * bytes after it are frames. */
static void bench_head(bench *b, bconn *c)
{
    unsigned char *end = NULL;
    for (size_t i = 3; i < c->w.len && !end; i++)
        if (memcmp(c->w.buf + i - 3, "\r\n\r\n", 4) == 0)
            end = c->w.buf + i + 1;
    if (!end) {
        if (c->w.len > 2048)
            bench_fail(b, c, "no end of the upgrade response");
        return;
    }
    if (c->w.len < 12 || memcmp(c->w.buf, "HTTP/1.1 101", 12) != 0) {
        bench_fail(b, c, "upgrade refused");
        return;
    }
    size_t rest = c->w.len - (size_t)(end - c->w.buf);
    memmove(c->w.buf, end, rest);
    c->w.len = rest;
    c->state = ST_HELLO;
    bench_send(b, c, "{\"type\":\"hello\",\"name\":\"b\"}");
}

/* A decision of an active player: a random legal action of its turn. */
static void bench_turn(bench *b, bconn *c, json_t *o)
{
    json_t *legal = json_object_get(o, "legal");
    size_t n = json_array_size(legal);
    long long seq = json_integer_value(json_object_get(o, "seq"));
    if (n == 0)
        return;
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"decide\",\"room\":\"%s\",\"action\":\"%s\",\"seen\":%lld}",
             b->t[c->table].code,
             json_string_value(json_array_get(legal, (size_t)rand_r(&c->rng) % n)), seq);
    c->want_seq = (uint64_t)seq + 1;
    if (b->victim) { /* a person's pace: not faster than the rate lets through */
        int64_t due = b->last_decide + VICTIM_GAP_US;
        if (due > bench_us()) {
            snprintf(b->held, sizeof b->held, "%s", msg);
            b->held_at = due;
            c->sent_us = 0;
            return;
        }
        b->last_decide = bench_us();
    }
    c->sent_us = b->phase == 2 ? bench_us() : 0;
    bench_send(b, c, msg);
}

/* Sends the victim's decision that waited for its gap, when due; the
 * milliseconds until it is (at most 100). */
static int victim_held(bench *b)
{
    if (!b->held_at)
        return 100;
    int64_t now = bench_us();
    if (now < b->held_at)
        return (int)((b->held_at - now) / 1000) + 1;
    b->held_at = 0;
    b->last_decide = now;
    b->c[0].sent_us = b->phase == 2 ? now : 0;
    bench_send(b, &b->c[0], b->held);
    return 100;
}

/* Seats a table whose room was created: its players join, its
 * spectators watch. */
static void bench_seat(bench *b, int t)
{
    btable *tb = &b->t[t];
    for (int k = 0; k < tb->n; k++) {
        bconn *c = &b->c[tb->first + k];
        char msg[120];
        if (c->seat >= 0)
            snprintf(msg, sizeof msg, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", tb->code,
                     c->seat);
        else
            snprintf(msg, sizeof msg, "{\"type\":\"spectate\",\"room\":\"%s\"}", tb->code);
        bench_send(b, c, msg);
    }
}

/* An attacker's next request, when its attack is the one running: a
 * room (rooms, strong) or a lobby page (lobby).  The `ref` says which
 * request an error refuses. */
static void attack_next(bench *b, bconn *c)
{
    if (c->attack != b->now_atk)
        return;
    if (b->atk[c->attack].kind == ATK_LOBBY)
        bench_send(b, c, "{\"type\":\"lobby\",\"ref\":\"l\"}");
    else
        bench_send(b, c, "{\"type\":\"create\",\"rules\":{\"preset\":\"official\"},\"ref\":\"c\"}");
}

/* Counts a refusal of an attacker's request by its code. */
static void attack_refused(battack *a, const char *code)
{
    int k = 0;
    while (k < a->ncodes && strcmp(a->code[k], code) != 0)
        k++;
    if (k == a->ncodes) {
        if (k == ATTACK_CODES)
            k--; /* the last slot takes the rest */
        else
            snprintf(a->code[a->ncodes++], sizeof a->code[0], "%s", code);
    }
    a->refused[k]++;
}

/* Takes one message of an attacker: each answer (a room, a page, a
 * refusal) sends the next request at once -- as fast as the server
 * answers.  The strong flood seats itself and three pimc:strong bots
 * at each room it gets and answers its own turns at once; once a room
 * is refused by a share (not by the rate) it makes no more. */
static void attack_take(bench *b, bconn *c, json_t *o, const char *type)
{
    battack *a = &b->atk[c->attack];
    const char *ref = json_string_value(json_object_get(o, "ref"));
    if (strcmp(type, "created") == 0) {
        a->made++;
        if (a->kind == ATK_STRONG) {
            const char *room = json_string_value(json_object_get(o, "room"));
            char msg[200];
            snprintf(msg, sizeof msg, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":0}", room);
            bench_send(b, c, msg);
            for (int s = 1; s <= 3; s++) {
                snprintf(msg, sizeof msg,
                         "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"pimc:strong\","
                         "\"ref\":\"b\"}",
                         room, s);
                bench_send(b, c, msg);
            }
        }
        attack_next(b, c);
    } else if (strcmp(type, "lobby") == 0) {
        a->pages++;
        attack_next(b, c);
    } else if (strcmp(type, "error") == 0) {
        const char *code = json_string_value(json_object_get(o, "code"));
        attack_refused(a, code ? code : "?");
        bool share = code && strcmp(code, "rate") != 0;
        if (ref && (strcmp(ref, "l") == 0 || (strcmp(ref, "c") == 0 &&
                                              !(a->kind == ATK_STRONG && share))))
            attack_next(b, c);
    } else if (strcmp(type, "turn") == 0 && a->kind == ATK_STRONG && c->attack == b->now_atk) {
        json_t *legal = json_object_get(o, "legal");
        size_t n = json_array_size(legal);
        if (n == 0)
            return;
        char msg[200];
        snprintf(msg, sizeof msg,
                 "{\"type\":\"decide\",\"room\":\"%s\",\"action\":\"%s\",\"seen\":%lld}",
                 json_string_value(json_object_get(o, "room")),
                 json_string_value(json_array_get(legal, (size_t)rand_r(&c->rng) % n)),
                 (long long)json_integer_value(json_object_get(o, "seq")));
        bench_send(b, c, msg);
    } else if (strcmp(type, "event") == 0) {
        json_t *ev = json_object_get(o, "event");
        const char *kind = json_string_value(json_object_get(ev, "kind"));
        json_int_t seat = json_integer_value(json_object_get(ev, "seat"));
        if (kind && (strcmp(kind, "action") == 0 || strcmp(kind, "decline") == 0) && seat >= 1)
            a->bot_actions++;
    }
}

/* The victim's event: the time its bots took, from the event before
 * (the table's last news: a deal, the victim's own card, another
 * bot's) to a bot's decision. */
static void victim_event(bench *b, bconn *c, json_t *o)
{
    int64_t now = bench_us();
    json_t *ev = json_object_get(o, "event");
    const char *kind = json_string_value(json_object_get(ev, "kind"));
    json_int_t seat = json_integer_value(json_object_get(ev, "seat"));
    if (b->phase == 2 && c->last_ev_us && kind && seat != c->seat &&
        (strcmp(kind, "action") == 0 || strcmp(kind, "decline") == 0) && b->nblat < b->cap)
        b->blat[b->nblat++] = now - c->last_ev_us;
    c->last_ev_us = now;
}

/* Takes one message of a connection. */
static void bench_take(bench *b, bconn *c, json_t *o)
{
    const char *type = json_string_value(json_object_get(o, "type"));
    if (!type)
        return;
    if (strcmp(type, "welcome") == 0 && c->state == ST_HELLO) {
        c->state = ST_READY;
        b->opened++;
    } else if (c->role == ROLE_ATTACK) {
        attack_take(b, c, o, type);
    } else if (strcmp(type, "created") == 0 && c->table >= 0) {
        snprintf(b->t[c->table].code, sizeof b->t[c->table].code, "%s",
                 json_string_value(json_object_get(o, "room")));
        bench_seat(b, c->table);
    } else if (strcmp(type, "state") == 0) {
        /* The creator follows its room before it joins: only the state
         * after the join (or spectate) counts, its events run on. */
        json_t *seat = json_object_get(o, "seat");
        if (c->seat >= 0 ? json_is_integer(seat) : json_is_null(seat)) {
            if (!c->followed)
                b->followed++;
            c->followed = 1;
            if (b->victim && !b->bots_sent) { /* the victim's three bots */
                b->bots_sent = 1;
                for (int s = 1; s <= 3; s++) {
                    char msg[200];
                    snprintf(msg, sizeof msg,
                             "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"%s\"}",
                             b->t[c->table].code, s, b->victim_bot);
                    bench_send(b, c, msg);
                }
            }
        }
        c->last_seq = (uint64_t)json_integer_value(json_object_get(o, "seq"));
    } else if (strcmp(type, "event") == 0) {
        uint64_t seq = (uint64_t)json_integer_value(json_object_get(o, "seq"));
        if (seq != c->last_seq + 1) {
            if (b->lost < 5)
                fprintf(stderr, "bench_server: connection %d: event %llu after %llu\n",
                        (int)(c - b->c), (unsigned long long)seq,
                        (unsigned long long)c->last_seq);
            b->lost++;
        }
        c->last_seq = seq;
        if (b->victim)
            victim_event(b, c, o);
        if (c->sent_us && seq == c->want_seq) {
            if (b->nlat < b->cap)
                b->lat[b->nlat++] = bench_us() - c->sent_us;
            b->actions++;
            c->sent_us = 0;
        }
    } else if (strcmp(type, "turn") == 0 && c->role == ROLE_PLAYER) {
        bench_turn(b, c, o);
    } else if (strcmp(type, "error") == 0) {
        if (b->errors < 5)
            fprintf(stderr, "bench_server: connection %d: error %s: %s\n", (int)(c - b->c),
                    json_string_value(json_object_get(o, "code")),
                    json_string_value(json_object_get(o, "message")));
        b->errors++;
    }
}

/* Reads what a connection has and takes its whole messages. */
static void bench_read(bench *b, bconn *c, uint32_t events)
{
    if (c->state == ST_CONNECTING) {
        if (events & (EPOLLOUT | EPOLLERR | EPOLLHUP))
            bench_upgrade(b, c);
        return;
    }
    if (skt_ws_fill(&c->w) < 0 && c->w.len == 0) {
        bench_fail(b, c, "closed by the server");
        return;
    }
    if (c->state == ST_HANDSHAKE)
        bench_head(b, c);
    char *t;
    while (c->state != ST_DEAD && c->state != ST_HANDSHAKE && (t = skt_ws_next(&c->w))) {
        json_t *o = json_loads(t, 0, NULL);
        free(t);
        if (o)
            bench_take(b, c, o);
        json_decref(o);
    }
    if (c->w.closed && c->state != ST_DEAD)
        bench_fail(b, c, "closed by the server");
}

/* What the run has done so far: connections opened or failed, rooms
 * followed, decisions answered by their events. */
static long bench_progress(const bench *b)
{
    return (long)b->opened + b->failed + b->followed + b->actions;
}

/* Runs the loop until `done` says so; false when nothing progressed for
 * the stall bound. */
static bool bench_loop(bench *b, bool (*done)(bench *))
{
    struct epoll_event ev[256];
    long seen = bench_progress(b);
    int64_t last = bench_us();
    while (!done(b)) {
        if (b->phase == 0) { /* keep BENCH_WINDOW connections opening */
            while (b->next < b->nconns && b->next - b->opened - b->failed < BENCH_WINDOW) {
                if (bench_connect(b, b->next) < 0)
                    bench_fail(b, &b->c[b->next], strerror(errno));
                b->next++;
            }
        }
        if (bench_progress(b) != seen) {
            seen = bench_progress(b);
            last = bench_us();
        } else if (bench_us() - last > (int64_t)SKT_STALL * 1000) {
            fprintf(stderr, "bench_server: nothing happened for %d s\n", SKT_STALL / 1000);
            return false;
        }
        int n = epoll_wait(b->ep, ev, 256, victim_held(b));
        for (int i = 0; i < n; i++)
            bench_read(b, &b->c[ev[i].data.u32], ev[i].events);
    }
    return true;
}

static bool all_open(bench *b)
{
    return b->opened + b->failed >= b->nconns;
}

/* Every connection at a table follows its room. */
static bool all_followed(bench *b)
{
    int seats = b->victim ? 1 : b->ntables * 4 + b->rooms * b->watch;
    return b->followed + b->failed >= seats || b->errors > 0;
}

/* BENCH_SECONDS of play are over and BENCH_ACTIONS decisions answered. */
static bool played(bench *b)
{
    return bench_us() >= b->play_until && b->actions >= b->goal;
}

/* Sorts latencies. */
static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* An environment variable's number within lo..hi, else def (and -1
 * when set but out of range). */
static int bench_env(const char *name, int def, int lo, int hi)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return def;
    char *end;
    long n = strtol(v, &end, 10);
    if (*end || n < lo || n > hi) {
        fprintf(stderr, "bench_server: %s must be %d..%d\n", name, lo, hi);
        return -1;
    }
    return (int)n;
}

/* Lays out the connections: active tables (four players, then their
 * spectators), idle tables, the rest in the lobby. */
static void bench_layout(bench *b)
{
    int i = 0;
    b->ntables = b->rooms + (b->nconns - b->rooms * (4 + b->watch)) / 4;
    for (int t = 0; t < b->ntables; t++) {
        btable *tb = &b->t[t];
        tb->active = t < b->rooms;
        tb->first = i;
        tb->n = 4 + (tb->active ? b->watch : 0);
        for (int k = 0; k < tb->n; k++, i++) {
            b->c[i].table = t;
            b->c[i].seat = k < 4 ? k : -1;
            b->c[i].role = k >= 4 ? ROLE_WATCH : tb->active ? ROLE_PLAYER : ROLE_IDLE;
        }
    }
    for (; i < b->nconns; i++) {
        b->c[i].table = b->c[i].seat = -1;
        b->c[i].role = ROLE_LOBBY;
    }
    for (i = 0; i < b->nconns; i++)
        b->c[i].rng = (unsigned)i + 1;
}

/* Raises the soft fd limit to the hard one; the limit. */
static long bench_nofile(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
        return 1024;
    if (rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    return rl.rlim_cur == RLIM_INFINITY ? 1L << 20 : (long)rl.rlim_cur;
}

/* Whether the fd limit (raised to the hard one) holds n connections
 * and the generator's own; says so when not. */
static bool bench_fds(int n)
{
    long nofile = bench_nofile();
    if (nofile >= n + 64)
        return true;
    fprintf(stderr, "bench_server: %d connections need an fd limit above %d (ulimit -Hn is %ld)\n",
            n, n + 64, nofile);
    return false;
}

/* The connections open and greeted. */
static int bench_held(const bench *b)
{
    int held = 0;
    for (int i = 0; i < b->nconns; i++)
        held += b->c[i].state == ST_READY;
    return held;
}

/* Closes every connection and frees them and the epoll set. */
static void bench_close(bench *b)
{
    for (int i = 0; i < b->nconns; i++)
        if (b->c[i].w.buf) {
            close(b->c[i].w.fd);
            free(b->c[i].w.buf);
        }
    close(b->ep);
    free(b->c);
}

/* The p50 and p99 of n latencies (sorted here) in ms, as text. */
static const char *victim_pcts(char *out, size_t size, int64_t *v, long n)
{
    qsort(v, (size_t)n, sizeof *v, cmp64);
    if (n == 0)
        snprintf(out, size, "p50 - p99 -");
    else
        snprintf(out, size, "p50 %.1f ms p99 %.1f ms", (double)v[n / 2] / 1000,
                 (double)v[n * 99 / 100] / 1000);
    return out;
}

static const char *const attack_names[ATK_KINDS] = {"rooms", "lobby", "strong"};

/* BENCH_ATTACK: none (the plain benchmark), or a list of rooms, lobby,
 * strong separated by commas, or all (the three in that order: the
 * strong flood last, its tables would play on).  The attacks, or -1
 * for a word it does not know. */
static int victim_attacks(bench *b, const char *v)
{
    if (!v || !*v || strcmp(v, "none") == 0)
        return 0;
    if (strcmp(v, "all") == 0)
        v = "rooms,lobby,strong";
    char list[100];
    snprintf(list, sizeof list, "%s", v);
    char *save = NULL;
    for (char *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        int k = 0;
        while (k < ATK_KINDS && strcmp(w, attack_names[k]) != 0)
            k++;
        if (k == ATK_KINDS || b->natk == ATK_KINDS)
            return -1;
        b->atk[b->natk++].kind = k;
    }
    return b->natk;
}

/* Lays out the victim mode: connection 0 the victim (seat 0 of table
 * 0, from 127.0.0.1), then ATTACK_CONNS for each attack, the k-th
 * attack from 127.0.0.(2 + k): a share of its own, as if each came from
 * another attacker (a room flood's 20 rooms would leave the strong
 * flood none). */
static void victim_layout(bench *b)
{
    b->ntables = 1;
    b->t[0] = (btable){.first = 0, .n = 1, .active = 1};
    b->c[0] = (bconn){.table = 0, .seat = 0, .role = ROLE_PLAYER, .attack = -1, .rng = 1};
    for (int i = 1; i < b->nconns; i++)
        b->c[i] = (bconn){.table = -1, .seat = -1, .role = ROLE_ATTACK,
                          .attack = (i - 1) / ATTACK_CONNS, .src = 1 + (i - 1) / ATTACK_CONNS,
                          .rng = (unsigned)i + 1};
}

/* The victim mode's play: BENCH_SECONDS (and at least BENCH_ACTIONS of
 * the victim's decisions) quiet, then as long under each attack while
 * its attacker floods; prints a line each.  False on a stall. */
static bool victim_play(bench *b)
{
    for (int k = -1; k < b->natk; k++) {
        b->now_atk = k;
        b->nlat = b->nblat = 0;
        long a0 = b->actions;
        b->goal = a0 + b->min_actions;
        if (k >= 0) /* each connection of the attacker starts its flood */
            for (int i = 1; i < b->nconns; i++)
                if (b->c[i].attack == k)
                    attack_next(b, &b->c[i]);
        int64_t t0 = bench_us();
        b->play_until = t0 + (int64_t)b->seconds * 1000000;
        double load0 = bench_load();
        if (!bench_loop(b, played)) {
            fprintf(stderr, "bench_server: the victim's decisions stalled (%s)\n",
                    k < 0 ? "quiet" : attack_names[b->atk[k].kind]);
            return false;
        }
        double secs = (double)(bench_us() - t0) / 1e6;
        char p[80], q[80];
        victim_pcts(p, sizeof p, b->lat, b->nlat);
        victim_pcts(q, sizeof q, b->blat, b->nblat);
        if (k < 0) {
            printf("victim: quiet %s (%ld decisions); its bots %s (%ld decisions); %.1f s, "
                   "load %.2f\n",
                   p, b->actions - a0, q, b->nblat, secs, load0);
            continue;
        }
        battack *a = &b->atk[k];
        char what[160], refused[400] = "";
        if (a->kind == ATK_LOBBY)
            snprintf(what, sizeof what, "%ld lobby pages", a->pages);
        else if (a->kind == ATK_ROOMS)
            snprintf(what, sizeof what, "%ld rooms made", a->made);
        else
            snprintf(what, sizeof what, "%ld rooms made, %ld strong-bot decisions", a->made,
                     a->bot_actions);
        for (int j = 0; j < a->ncodes; j++) {
            size_t n = strlen(refused);
            snprintf(refused + n, sizeof refused - n, ", %ld refused %s", a->refused[j],
                     a->code[j]);
        }
        printf("victim: under %s %s (%ld decisions); its bots %s (%ld decisions); %.1f s, "
               "load %.2f; the attacker (127.0.0.%d, %d connections): %s%s\n",
               attack_names[a->kind], p, b->actions - a0, q, b->nblat, secs, load0, 2 + k,
               ATTACK_CONNS, what, refused);
    }
    return true;
}

#define TARGET_GROUPS 4      /* names in BENCH_PIDS */
#define TARGET_PIDS 32       /* processes of one name */

/* The processes of one name in BENCH_PIDS and their resident memory
 * (summed, KiB) before, after opening and after holding. */
typedef struct bgroup {
    char name[24];
    pid_t pid[TARGET_PIDS];
    int n;
    long rss[3];
} bgroup;

/* Reads BENCH_PIDS ("NAME:PID" words separated by spaces; a bare PID is
 * named "pid") into groups by name, in the order first named; their
 * number, or -1 for a word it cannot read. */
static int target_groups(bgroup *g, const char *v)
{
    int ng = 0;
    char list[1000];
    snprintf(list, sizeof list, "%s", v ? v : "");
    char *save = NULL;
    for (char *w = strtok_r(list, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        char *colon = strrchr(w, ':');
        const char *name = colon ? w : "pid";
        char *num = colon ? colon + 1 : w, *end;
        if (colon)
            *colon = '\0';
        long pid = strtol(num, &end, 10);
        if (*end || pid <= 0 || pid > INT_MAX || !*name || strlen(name) >= sizeof g->name)
            return -1;
        int k = 0;
        while (k < ng && strcmp(g[k].name, name) != 0)
            k++;
        if (k == ng) {
            if (ng == TARGET_GROUPS)
                return -1;
            g[ng] = (bgroup){0};
            snprintf(g[ng++].name, sizeof g->name, "%s", name);
        }
        if (g[k].n == TARGET_PIDS)
            return -1;
        g[k].pid[g[k].n++] = (pid_t)pid;
    }
    return ng;
}

/* Notes the resident memory of each group's processes as figure i. */
static void target_rss(bgroup *g, int ng, int i)
{
    for (int k = 0; k < ng; k++) {
        g[k].rss[i] = 0;
        for (int j = 0; j < g[k].n; j++)
            g[k].rss[i] += bench_rss(g[k].pid[j]);
    }
}

/* Holds the open connections for secs seconds: reads what comes (a
 * ping, lobby news); one closed fails (bench_read). */
static void target_hold(bench *b, int secs)
{
    struct epoll_event ev[256];
    int64_t until = bench_us() + (int64_t)secs * 1000000, now;
    while ((now = bench_us()) < until) {
        int n = epoll_wait(b->ep, ev, 256, (int)((until - now) / 1000) + 1);
        for (int i = 0; i < n; i++)
            bench_read(b, &b->c[ev[i].data.u32], ev[i].events);
    }
}

/* The target mode (BENCH_TARGET): BENCH_CONNS lobby connections to
 * 127.0.0.1:BENCH_TARGET opened, held BENCH_SECONDS, and the memory of
 * the processes of BENCH_PIDS per connection; the exit status. */
static int target_run(bench *b)
{
    bgroup g[TARGET_GROUPS];
    int ng = target_groups(g, getenv("BENCH_PIDS"));
    if (ng < 0) {
        fprintf(stderr, "bench_server: BENCH_PIDS is NAME:PID words separated by spaces "
                        "(at most %d names, %d pids each)\n", TARGET_GROUPS, TARGET_PIDS);
        return 2;
    }
    if (!bench_fds(b->nconns))
        return 2;
    b->port = b->target;
    b->c = calloc((size_t)b->nconns, sizeof *b->c);
    b->ep = epoll_create1(0);
    if (!b->c || b->ep < 0)
        return 1;
    for (int i = 0; i < b->nconns; i++) /* hello only: the lobby */
        b->c[i] = (bconn){.table = -1, .seat = -1, .role = ROLE_LOBBY, .rng = (unsigned)i + 1};
    double load0 = bench_load();
    target_rss(g, ng, 0);
    int64_t t0 = bench_us();
    bool ok = bench_loop(b, all_open) && b->failed == 0;
    double open_s = (double)(bench_us() - t0) / 1e6;
    target_rss(g, ng, 1);
    if (!ok)
        fprintf(stderr, "bench_server: %d of %d connections opened in %.1f s\n", b->opened,
                b->nconns, open_s);
    else
        target_hold(b, b->seconds);
    target_rss(g, ng, 2);
    int held = bench_held(b);
    if (b->errors || b->failed || held != b->nconns) {
        fprintf(stderr, "bench_server: %ld errors, %d connections failed, %d of %d held\n",
                b->errors, b->failed, held, b->nconns);
        ok = false;
    }
    if (ok) {
        printf("target: %d connections held through 127.0.0.1:%d (opened in %.1f s, then "
               "held %d s)",
               held, b->port, open_s, b->seconds);
        for (int k = 0; k < ng; k++)
            printf("%s%s %.1f KiB", k ? ", " : "; memory per connection: ", g[k].name,
                   (double)(g[k].rss[1] - g[k].rss[0]) / b->nconns);
        printf("\ntarget: resident before, opened, held: ");
        for (int k = 0; k < ng; k++)
            printf("%s %d process(es) %ld -> %ld -> %ld KiB; ", g[k].name, g[k].n, g[k].rss[0],
                   g[k].rss[1], g[k].rss[2]);
        printf("load average %.2f before, %.2f after (%ld cores)\n", load0, bench_load(),
               sysconf(_SC_NPROCESSORS_ONLN));
    }
    bench_close(b);
    if (!ok)
        fprintf(stderr, "bench_server: failed\n");
    return ok ? 0 : 1;
}

int main(void)
{
    (void)skt_http_get; /* helpers of server_client.c the bench does not need */
    (void)skt_cleanup;
    (void)skt_ws_recv;
    (void)skt_ws_open;
    (void)skt_ws_close;
    bench b = {0};
    b.nconns = bench_env("BENCH_CONNS", 10000, 8, 60000);
    b.rooms = bench_env("BENCH_ROOMS", 25, 1, 1000);
    b.watch = bench_env("BENCH_WATCH", 4, 0, 1000);
    b.seconds = bench_env("BENCH_SECONDS", 20, 0, 600);
    b.min_actions = bench_env("BENCH_ACTIONS", 0, 0, 100000000);
    b.victim_bot = getenv("BENCH_VICTIM_BOT") && *getenv("BENCH_VICTIM_BOT")
                       ? getenv("BENCH_VICTIM_BOT") : "pimc";
    b.victim = victim_attacks(&b, getenv("BENCH_ATTACK"));
    if (b.nconns < 0 || b.rooms < 0 || b.watch < 0 || b.seconds < 0 || b.min_actions < 0)
        return 2;
    if (b.victim < 0) {
        fprintf(stderr, "bench_server: BENCH_ATTACK is none, all, or rooms, lobby, strong "
                        "separated by commas\n");
        return 2;
    }
    b.target = bench_env("BENCH_TARGET", 0, 1, 65535);
    if (b.target < 0 || (b.target && b.victim)) {
        fprintf(stderr, "bench_server: BENCH_TARGET is a port (1..65535), without BENCH_ATTACK\n");
        return 2;
    }
    if (b.target) /* another server's: lobby connections only */
        return target_run(&b);
    if (b.victim) { /* one table and the attackers: BENCH_CONNS, _ROOMS, _WATCH do not count */
        b.nconns = 1 + ATTACK_CONNS * b.natk;
        b.rooms = 1;
        b.watch = 0;
    }
    b.goal = b.min_actions;
    if (b.seconds == 0 && b.min_actions == 0) {
        fprintf(stderr, "bench_server: BENCH_SECONDS=0 needs BENCH_ACTIONS\n");
        return 2;
    }
    if (b.rooms * (4 + b.watch) > b.nconns) {
        fprintf(stderr, "bench_server: BENCH_ROOMS * (4 + BENCH_WATCH) is more than BENCH_CONNS\n");
        return 2;
    }
    if (!bench_fds(b.nconns))
        return 2;
    char dir[] = "/tmp/sk-bench-server-XXXXXX", db[600];
    if (!mkdtemp(dir))
        return 1;
    /* BENCH_DB: another store, e.g. a postgresql:// URI (docs/server.md,
     * "Cluster") */
    const char *bench_db = getenv("BENCH_DB");
    if (bench_db && *bench_db)
        snprintf(db, sizeof db, "%s", bench_db);
    else
        snprintf(db, sizeof db, "%s/server.db", dir);
    skt_server srv;
    const char *extra[] = {"--rate", "1000000", "--workers", "1", "--max-conns-per-addr", "0",
                           "--max-rooms-per-addr", "0", "--rooms-per-hour", "0", "--max-bots-per-addr", "0",
                           NULL};
    /* The victim mode: the server as it ships, every share at its default. */
    if (skt_server_start_args(&srv, db, b.victim ? NULL : extra) < 0) {
        fprintf(stderr, "bench_server: the server did not start (SK_PROG, SK_ROOT set?)\n");
        return 1;
    }
    b.port = srv.port;
    b.c = calloc((size_t)b.nconns, sizeof *b.c);
    b.t = calloc((size_t)b.nconns / 4 + 1, sizeof *b.t);
    b.cap = 4000000;
    b.lat = malloc((size_t)b.cap * sizeof *b.lat);
    b.blat = b.victim ? malloc((size_t)b.cap * sizeof *b.blat) : NULL;
    b.ep = epoll_create1(0);
    if (!b.c || !b.t || !b.lat || (b.victim && !b.blat) || b.ep < 0)
        return 1;
    if (b.victim)
        victim_layout(&b);
    else
        bench_layout(&b);
    double load0 = bench_load();
    long rss0 = bench_rss(srv.pid);

    /* Open every connection and say hello. */
    int64_t t0 = bench_us();
    bool ok = bench_loop(&b, all_open) && b.failed == 0;
    double open_s = (double)(bench_us() - t0) / 1e6;
    long rss1 = bench_rss(srv.pid);
    if (!ok)
        fprintf(stderr, "bench_server: %d of %d connections opened in %.1f s\n", b.opened,
                b.nconns, open_s);

    /* Seat the tables: each seat 0 creates its room, then all join. */
    b.phase = 1;
    int64_t t1 = bench_us();
    if (ok) {
        for (int t = 0; t < b.ntables; t++)
            bench_send(&b, &b.c[b.t[t].first],
                       "{\"type\":\"create\",\"rules\":{\"preset\":\"official\"},\"listed\":false,"
                       "\"settle\":0,\"hold\":0}"); /* no settlement wait, no Kontra hold (the
                                                 * clients ignore offers): the figures stay
                                                 * comparable with those before issue 40 */
        ok = bench_loop(&b, all_followed) && b.failed == 0 &&
             b.errors == 0;
        if (!ok)
            fprintf(stderr, "bench_server: %d of %d seats and spectators follow their rooms\n",
                    b.followed, b.ntables * 4 + b.rooms * b.watch);
    }
    double seat_s = (double)(bench_us() - t1) / 1e6;
    long rss2 = bench_rss(srv.pid);

    /* Play: the active tables answer every prompt; the rest is held. */
    b.phase = 2;
    long cpu0 = bench_cpu(srv.pid);
    double self0 = bench_self_cpu();
    int64_t t2 = bench_us();
    b.play_until = t2 + (int64_t)b.seconds * 1000000;
    if (ok && b.victim)
        ok = victim_play(&b);
    else if (ok && !bench_loop(&b, played)) {
        fprintf(stderr, "bench_server: %ld decisions answered, then none\n", b.actions);
        ok = false;
    }
    double secs = (double)(bench_us() - t2) / 1e6;
    long cpu1 = bench_cpu(srv.pid);
    double self1 = bench_self_cpu();
    double load1 = bench_load();
    long rss3 = bench_rss(srv.pid);
    int held = bench_held(&b);

    if (ok && !b.victim) {
        printf("server: %d connections held (%d playing in %d rooms, %d watching them, %d at "
               "%d idle tables, %d in the lobby); opened in %.1f s, seated in %.1f s\n",
               held, b.rooms * 4, b.rooms, b.rooms * b.watch, (b.ntables - b.rooms) * 4,
               b.ntables - b.rooms, b.nconns - b.ntables * 4 - b.rooms * b.watch, open_s,
               seat_s);
        printf("server: %.0f actions/s (%ld decisions in %.1f s)\n", (double)b.actions / secs,
               b.actions, secs);
        qsort(b.lat, (size_t)b.nlat, sizeof *b.lat, cmp64);
        if (b.nlat > 0)
            printf("server: latency decision -> its event: p50 %.2f ms, p99 %.2f ms, "
                   "max %.2f ms\n",
                   (double)b.lat[b.nlat / 2] / 1000, (double)b.lat[b.nlat * 99 / 100] / 1000,
                   (double)b.lat[b.nlat - 1] / 1000);
        printf("server: memory per connection: %.1f KiB after hello, %.1f KiB seated "
               "(resident %ld -> %ld -> %ld KiB, %ld KiB after play)\n",
               (double)(rss1 - rss0) / b.nconns, (double)(rss2 - rss0) / b.nconns, rss0, rss1,
               rss2, rss3);
        long hz = sysconf(_SC_CLK_TCK);
        printf("server: CPU %.0f%% of one core while playing (the generator %.0f%%); load "
               "average %.2f before, %.2f after (%ld cores)\n",
               100.0 * (double)(cpu1 - cpu0) / (double)hz / secs, 100.0 * (self1 - self0) / secs,
               load0, load1, sysconf(_SC_NPROCESSORS_ONLN));
    }
    if (b.lost || b.errors || b.failed || held != b.nconns || (ok && b.actions == 0)) {
        fprintf(stderr, "bench_server: %ld events lost, %ld errors, %d connections failed, "
                        "%d of %d held, %ld actions\n",
                b.lost, b.errors, b.failed, held, b.nconns, b.actions);
        ok = false;
    }
    bench_close(&b);
    free(b.t);
    free(b.lat);
    free(b.blat);
    int st = skt_server_stop(&srv, SIGTERM);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(stderr, "bench_server: the server did not stop cleanly (status %d)\n", st);
        ok = false;
    }
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, "bench_server: failed\n");
    return ok ? 0 : 1;
}
