/*
 * bench_server.c -- `make bench-server`: a load generator for `schafkopf
 * serve` on loopback.  Starts the server (SK_PROG) on a free port with a
 * temporary database, holds idle connections to measure the memory per
 * connection (the server's resident size before and after), then lets
 * rooms of four client bots play for a while and reports actions a
 * second and the latency from sending a decision to receiving its
 * event (p50, p99).  Bounded: BENCH_ROOMS rooms (default 10),
 * BENCH_IDLE idle connections (default 500), BENCH_SECONDS (default 10).
 */
#include "server_client.c"

#include <jansson.h>

/* A client bot and its decision in flight. */
typedef struct bench_player {
    skt_ws w;
    char room[20];
    int seat;
    int64_t sent_us;    /* when the decision went out, 0 for none */
    uint64_t want_seq;  /* the event that answers it */
    unsigned rng;
} bench_player;

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

/* Waits for a message of `type`; parsed, or NULL. */
static json_t *bench_expect(skt_ws *w, const char *type)
{
    for (int i = 0; i < 200; i++) {
        char *t = skt_ws_recv(w, 10000);
        if (!t)
            return NULL;
        json_t *o = json_loads(t, 0, NULL);
        free(t);
        const char *ty = json_string_value(json_object_get(o, "type"));
        if (ty && strcmp(ty, type) == 0)
            return o;
        json_decref(o);
    }
    return NULL;
}

/* Opens a connection and says hello; 0 or -1. */
static int bench_open(skt_ws *w, int port)
{
    if (skt_ws_open(w, port, NULL) != 0 || skt_ws_send(w, "{\"type\":\"hello\",\"name\":\"b\"}"))
        return -1;
    json_t *o = bench_expect(w, "welcome");
    json_decref(o);
    return o ? 0 : -1;
}

/* Takes one message of a player: answers prompts, times answers. */
static void bench_take(bench_player *p, json_t *o, int64_t *lat, long *nlat, long cap,
                       long *actions)
{
    const char *type = json_string_value(json_object_get(o, "type"));
    if (!type)
        return;
    if (strcmp(type, "event") == 0 && p->sent_us &&
        (uint64_t)json_integer_value(json_object_get(o, "seq")) == p->want_seq) {
        if (*nlat < cap)
            lat[(*nlat)++] = bench_us() - p->sent_us;
        p->sent_us = 0;
        (*actions)++;
    } else if (strcmp(type, "turn") == 0) {
        json_t *legal = json_object_get(o, "legal");
        size_t n = json_array_size(legal);
        long long seq = json_integer_value(json_object_get(o, "seq"));
        char msg[200];
        snprintf(msg, sizeof msg,
                 "{\"type\":\"decide\",\"room\":\"%s\",\"action\":\"%s\",\"seen\":%lld}", p->room,
                 json_string_value(json_array_get(legal, (size_t)rand_r(&p->rng) % n)), seq);
        p->sent_us = bench_us();
        p->want_seq = (uint64_t)seq + 1;
        skt_ws_send(&p->w, msg);
    }
}

/* Sorts latencies. */
static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

int main(void)
{
    (void)skt_http_get; /* helpers of server_client.c the bench does not need */
    (void)skt_cleanup;
    int rooms = getenv("BENCH_ROOMS") ? atoi(getenv("BENCH_ROOMS")) : 10;
    int idle = getenv("BENCH_IDLE") ? atoi(getenv("BENCH_IDLE")) : 500;
    int seconds = getenv("BENCH_SECONDS") ? atoi(getenv("BENCH_SECONDS")) : 10;
    if (rooms < 1 || rooms > 200 || idle < 0 || idle > 5000 || seconds < 1 || seconds > 600) {
        fprintf(stderr, "bench_server: BENCH_ROOMS 1..200, BENCH_IDLE 0..5000, "
                        "BENCH_SECONDS 1..600\n");
        return 2;
    }
    char dir[] = "/tmp/sk-bench-server-XXXXXX", db[600];
    if (!mkdtemp(dir))
        return 1;
    snprintf(db, sizeof db, "%s/server.db", dir);
    skt_server srv;
    const char *extra[] = {"--rate", "1000000", "--workers", "1", NULL};
    if (skt_server_start_args(&srv, db, extra) < 0) {
        fprintf(stderr, "bench_server: the server did not start (SK_PROG, SK_ROOT set?)\n");
        return 1;
    }
    int rc = 1;
    long rss0 = bench_rss(srv.pid);
    skt_ws *idles = calloc((size_t)idle + 1, sizeof *idles);
    for (int i = 0; i < idle; i++)
        if (bench_open(&idles[i], srv.port) < 0)
            goto out;
    long rss1 = bench_rss(srv.pid);
    bench_player *pl = calloc((size_t)rooms * 4, sizeof *pl);
    for (int r = 0; r < rooms; r++) {
        bench_player *p = &pl[r * 4];
        for (int s = 0; s < 4; s++) {
            p[s].seat = s;
            p[s].rng = (unsigned)(r * 4 + s + 1);
            if (bench_open(&p[s].w, srv.port) < 0)
                goto out;
        }
        skt_ws_send(&p[0].w, "{\"type\":\"create\",\"rules\":{\"preset\":\"official\"},"
                             "\"listed\":false}");
        json_t *c = bench_expect(&p[0].w, "created");
        if (!c)
            goto out;
        for (int s = 0; s < 4; s++)
            snprintf(p[s].room, sizeof p[s].room, "%s",
                     json_string_value(json_object_get(c, "room")));
        json_decref(c);
        for (int s = 0; s < 4; s++) {
            char msg[120];
            snprintf(msg, sizeof msg, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", p[s].room,
                     s);
            skt_ws_send(&p[s].w, msg);
        }
    }
    long cap = 4000000, nlat = 0, actions = 0;
    int64_t *lat = malloc((size_t)cap * sizeof *lat);
    struct pollfd *pf = calloc((size_t)rooms * 4, sizeof *pf);
    int64_t t0 = bench_us(), end = t0 + (int64_t)seconds * 1000000;
    while (bench_us() < end) {
        for (int i = 0; i < rooms * 4; i++)
            pf[i] = (struct pollfd){pl[i].w.fd, POLLIN, 0};
        if (poll(pf, (nfds_t)rooms * 4, 200) <= 0)
            continue;
        for (int i = 0; i < rooms * 4; i++) {
            if (!pf[i].revents)
                continue;
            skt_ws_fill(&pl[i].w);
            char *t;
            while ((t = skt_ws_next(&pl[i].w))) {
                json_t *o = json_loads(t, 0, NULL);
                free(t);
                if (o)
                    bench_take(&pl[i], o, lat, &nlat, cap, &actions);
                json_decref(o);
            }
        }
    }
    double secs = (double)(bench_us() - t0) / 1e6;
    qsort(lat, (size_t)nlat, sizeof *lat, cmp64);
    printf("server: %d connections held (%d idle, %d playing in %d rooms)\n", idle + rooms * 4,
           idle, rooms * 4, rooms);
    printf("server: %.0f actions/s (%ld decisions in %.1f s)\n", (double)actions / secs, actions,
           secs);
    if (nlat > 0)
        printf("server: latency decision -> its event: p50 %.2f ms, p99 %.2f ms\n",
               (double)lat[nlat / 2] / 1000, (double)lat[nlat * 99 / 100] / 1000);
    if (idle > 0)
        printf("server: memory per idle connection: %.1f KiB (resident %ld -> %ld KiB)\n",
               (double)(rss1 - rss0) / idle, rss0, rss1);
    rc = 0;
    free(lat);
    free(pf);
    for (int i = 0; i < rooms * 4; i++)
        skt_ws_close(&pl[i].w);
    free(pl);
out:
    for (int i = 0; i < idle; i++)
        if (idles[i].buf)
            skt_ws_close(&idles[i]);
    free(idles);
    skt_server_stop(&srv, SIGTERM);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        rc = 1;
    if (rc)
        fprintf(stderr, "bench_server: failed\n");
    return rc;
}
