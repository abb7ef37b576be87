/*
 * bench_store.c -- how fast the store appends journal entries: one
 * commit per entry against batches (sk_store_begin/commit), with the
 * sync modes NORMAL and FULL (docs/store.md).  A program, not a test:
 * `make bench-store`, or build/tests/bench_store [DIR] to measure the
 * disk under DIR (default $TMPDIR or /tmp).  Each case runs about a
 * second on a fresh database and prints entries per second and commits
 * per second.  `bench_store --pg` runs the same against a private
 * PostgreSQL server (tests/pg_fixture.h, fsync on) over its unix socket,
 * or against SK_TEST_PG_URI.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "schafkopf/store.h"
#include "pg_fixture.h"

/* Seconds on the monotonic clock. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Removes the database files of path. */
static void remove_db(const char *path)
{
    const char *suffix[] = {"", "-wal", "-shm", ".lock"};
    char p[4200];
    for (int i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s%s", path, suffix[i]);
        unlink(p);
    }
}

/* One case: entries of about 200 bytes appended `batch` to a commit for
 * about a second; prints the rates.  Returns 0 or 1 on an error. */
static int run(const char *path, enum sk_store_sync sync, int batch)
{
    sk_error err = {0};
    remove_db(path);
    sk_store *st = sk_store_open(path, &err);
    if (!st || sk_store_set_sync(st, sync, &err)) {
        fprintf(stderr, "bench_store: %s\n", err.msg);
        sk_store_close(st);
        return 1;
    }
    sk_store_room r = {.rules_json = "{\"preset\":\"official\"}", .title = "bench"};
    uint64_t room = 0;
    if (sk_store_room_create(st, &r, &room, &err)) {
        fprintf(stderr, "bench_store: %s\n", err.msg);
        sk_store_close(st);
        return 1;
    }
    char entry[256];
    uint64_t seq = 0, commits = 0;
    double start = now(), elapsed = 0;
    while (elapsed < 1.0) {
        if (batch > 1 && sk_store_begin(st, &err))
            break;
        for (int i = 0; i < batch; i++) {
            seq++;
            snprintf(entry, sizeof entry, "{\"type\":\"card\",\"seat\":%d,\"card\":\"GA\","
                     "\"seen\":%llu,\"at\":1764090000,\"note\":\"a decision of about two "
                     "hundred bytes, as the table's journal writes them\"}",
                     (int)(seq % 4), (unsigned long long)seq);
            if (sk_store_journal_append(st, room, seq, entry, &err))
                goto out;
        }
        if (batch > 1 && sk_store_commit(st, &err))
            break;
        commits++;
        elapsed = now() - start;
    }
out:
    sk_store_close(st);
    remove_db(path);
    if (elapsed < 1.0) {
        fprintf(stderr, "bench_store: %s\n", err.msg);
        return 1;
    }
    printf("%s %-6s batch %4d: %9.0f entries/s %8.0f commits/s (%llu entries)\n",
           sk_store_is_url(path) ? "pg   " : "store", sync == SK_STORE_SYNC_FULL ? "FULL" : "NORMAL", batch, (double)seq / elapsed,
           (double)commits / elapsed, (unsigned long long)seq);
    return 0;
}

/* Counts what a history walk gives. */
static int count_row(void *ctx, const sk_store_history_game *h)
{
    (void)h;
    ++*(int *)ctx;
    return 0;
}

/* The end of a game as the server commits it: its result's journal
 * entry and the game (a record of about 3 KiB and four seats) in one
 * transaction, for about a second; then how long one player's history
 * (his last 100 games) and statistics take over all those games. */
static int run_games(const char *path, enum sk_store_sync sync)
{
    sk_error err = {0};
    remove_db(path);
    sk_store *st = sk_store_open(path, &err);
    sk_store_room r = {.rules_json = "{\"preset\":\"official\"}", .title = "bench"};
    uint64_t room = 0;
    if (!st || sk_store_set_sync(st, sync, &err) || sk_store_room_create(st, &r, &room, &err)) {
        fprintf(stderr, "bench_store: %s\n", err.msg);
        sk_store_close(st);
        return 1;
    }
    static char record[3072];
    memset(record, 'x', sizeof record - 1);
    record[0] = '{';
    record[sizeof record - 2] = '}';
    uint64_t seq = 0;
    uint32_t games = 0;
    double start = now(), elapsed = 0;
    while (elapsed < 1.0) {
        games++;
        sk_store_game g = {.room = room, .game_no = games, .record = record, .at = 1764090000,
                           .contract = "sauspiel:E", .declarer = (int)(games % 4), .won = 1,
                           .nseats = 4};
        for (int i = 0; i < 4; i++)
            g.seats[i] = (sk_store_game_seat){(uint64_t)i + 1, "Sepp", i % 2 ? 20 : -20,
                                              i % 2 ? 1 : -1, i % 2};
        if (sk_store_begin(st, &err) || sk_store_journal_append(st, room, ++seq, "{}", &err) ||
            sk_store_game_add(st, &g, &err) || sk_store_commit(st, &err))
            break;
        elapsed = now() - start;
    }
    int rows = 0, rc = 0;
    sk_store_stats sx;
    double q0 = now();
    rc = sk_store_history(st, 1, 100, count_row, &rows, &err);
    double q1 = now();
    if (rc == 0)
        rc = sk_store_stats_get(st, 1, &sx, NULL, NULL, &err);
    double q2 = now();
    sk_store_close(st);
    remove_db(path);
    if (elapsed < 1.0 || rc) {
        fprintf(stderr, "bench_store: %s\n", err.msg);
        return 1;
    }
    printf("%s %-6s games: %9.0f games/s (entry + record + 4 seats a commit); over %u games "
           "a history %.1f ms, statistics %.1f ms\n",
           sk_store_is_url(path) ? "pg   " : "store", sync == SK_STORE_SYNC_FULL ? "FULL" : "NORMAL", (double)games / elapsed, games,
           (q1 - q0) * 1e3, (q2 - q1) * 1e3);
    return 0;
}

int main(int argc, char **argv)
{
    static skt_pg pg;
    char path[4100];
    if (argc == 2 && strcmp(argv[1], "--pg") == 0) {
        pg.durable = 1;
        if (skt_pg_start(&pg) != 0 || skt_pg_schema(&pg, path, sizeof path) != 0) {
            fprintf(stderr, "bench_store: no PostgreSQL server: %s\n", pg.why);
            skt_pg_stop(&pg);
            return 1;
        }
        static const int batches[] = {1, 16, 256};
        int bad = 0;
        for (int s = 0; s < 2; s++)
            for (int b = 0; b < 3; b++)
                bad |= run(path, s ? SK_STORE_SYNC_FULL : SK_STORE_SYNC_NORMAL, batches[b]);
        bad |= run_games(path, SK_STORE_SYNC_NORMAL);
        skt_pg_stop(&pg);
        return bad;
    }
    const char *dir = argc > 1 ? argv[1] : getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    if (argc > 2 || strlen(dir) > 4000) {
        fprintf(stderr, "usage: bench_store [DIR | --pg]\n");
        return 2;
    }
    snprintf(path, sizeof path, "%s/bench_store_%ld.db", dir, (long)getpid());
    static const int batches[] = {1, 16, 256};
    int bad = 0;
    for (int s = 0; s < 2; s++)
        for (int b = 0; b < 3; b++)
            bad |= run(path, s ? SK_STORE_SYNC_FULL : SK_STORE_SYNC_NORMAL, batches[b]);
    for (int s = 0; s < 2; s++)
        bad |= run_games(path, s ? SK_STORE_SYNC_FULL : SK_STORE_SYNC_NORMAL);
    return bad;
}
