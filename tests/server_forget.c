/*
 * server_forget.c -- what nobody uses any more is forgotten, what people
 * played is kept (docs/server.md "Forgetting"), included by
 * test_server.c: a WebSocket that never says hello is closed with a
 * reason; a connect-hello-close loop writes no session and old guest
 * sessions are pruned; an idle room leaves the lobby, then memory,
 * while its games stay downloadable and in its player's history, also
 * after a restart; the lobby is built once per change and sent in
 * pages.  Waits poll the server's progress (GET /api/stats, the lobby)
 * with a bound on polls that see no change, never a total time.
 */

#include <sqlite3.h>

#define SKF_POLLS (SKT_STALL / 250) /* polls of 250 ms without the awaited change: a stall */

/* A number of GET /api/stats. */
static long long skf_stat(int port, const char *key)
{
    char *body = NULL;
    assert_int_equal(skt_http_get(port, "/api/stats", &body, NULL), 200);
    json_t *o = json_loads(body, 0, NULL);
    free(body);
    assert_non_null(o);
    long long v = json_integer_value(json_object_get(o, key));
    json_decref(o);
    return v;
}

/* Waits until the stat `key` reaches `want`; fails after SKF_POLLS
 * polls that saw it not move. */
static void skf_await_stat(int port, const char *key, long long want)
{
    long long last = -1;
    for (int still = 0; still < SKF_POLLS; still++) {
        long long v = skf_stat(port, key);
        if (v >= want)
            return;
        if (v != last)
            still = 0;
        last = v;
        usleep(250000);
    }
    fail_msg("%s stayed at %lld (waiting for %lld)", key, last, want);
}

/* A lobby page by message: the reply, parsed. */
static json_t *skf_lobby(skt_ws *w, int page)
{
    char msg[80];
    snprintf(msg, sizeof msg, "{\"type\":\"lobby\",\"page\":%d}", page);
    assert_int_equal(skt_ws_send(w, msg), 0);
    json_t *o = expect(w, "lobby", SKT_STALL);
    assert_non_null(o);
    assert_true(json_array_size(json_object_get(o, "rooms")) <= 50);
    return o;
}

/* The rows of a table of a stopped server's database. */
static long long skf_rows(const char *db, const char *sql)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *s = NULL;
    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &s, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(s), SQLITE_ROW);
    long long n = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(h);
    return n;
}

/* A WebSocket that never says hello is closed after --hello-timeout
 * with status 1008 and a reason; one that said hello stays. */
static void test_forget_silent_socket(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *args[] = {"--hello-timeout", "1", NULL};
    start(&srv, dir, sizeof dir, args);
    skt_ws silent, talker;
    assert_int_equal(skt_ws_open(&silent, srv.port, NULL), 0);
    assert_int_equal(skt_ws_open(&talker, srv.port, NULL), 0);
    json_decref(say_hello(&talker, "Resi", NULL));
    /* the close frame: read raw, each poll must bring bytes or time */
    unsigned char buf[256];
    size_t len = 0;
    int code = -1;
    char why[128] = "";
    for (int still = 0; still < SKF_POLLS && code < 0; still++) {
        struct pollfd pf = {silent.fd, POLLIN, 0};
        if (poll(&pf, 1, 250) <= 0)
            continue;
        ssize_t k = read(silent.fd, buf + len, sizeof buf - len);
        if (k <= 0)
            break;
        len += (size_t)k;
        still = 0;
        if (len >= 2 && (buf[0] & 0x0f) == 8 && len >= 2u + (buf[1] & 0x7f)) {
            size_t n = buf[1] & 0x7f;
            assert_true(n >= 2);
            code = buf[2] << 8 | buf[3];
            snprintf(why, sizeof why, "%.*s", (int)(n - 2), (const char *)buf + 4);
        }
    }
    assert_int_equal(code, 1008);
    assert_string_equal(why, "no hello in time");
    close(silent.fd);
    free(silent.buf);
    assert_true(skf_stat(srv.port, "hello_closed") >= 1);
    assert_int_equal(skt_ws_send(&talker, "{\"type\":\"ping\"}"), 0);
    json_t *pong = expect(&talker, "pong", SKT_STALL);
    assert_non_null(pong);
    json_decref(pong);
    skt_ws_close(&talker);
    finish(&srv, dir);
}

/* Sessions: a connect-hello-close loop leaves no rows (a new guest's
 * session waits for its first use); a used guest session is kept, and
 * pruned once older than --guest-forget: its token then brings a fresh
 * player. */
static void test_forget_sessions(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    for (int i = 0; i < 100; i++) {
        skt_ws w;
        assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
        json_decref(say_hello(&w, "Churn", NULL));
        skt_ws_close(&w);
    }
    skt_ws w;
    assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
    json_t *wel = say_hello(&w, "Sepp", NULL);
    char token[80], player[40];
    snprintf(token, sizeof token, "%s", json_string_value(json_object_get(wel, "token")));
    snprintf(player, sizeof player, "%s", json_string_value(json_object_get(wel, "player")));
    json_decref(wel);
    expect_error(&w, "{\"type\":\"spectate\",\"room\":\"aaaaaaaaaaaaaaaa\"}", "not_found");
    skt_ws_close(&w);
    char db[600];
    snprintf(db, sizeof db, "%s", srv.db);
    int status = skt_server_stop(&srv, SIGTERM);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_int_equal(skf_rows(db, "SELECT count(*) FROM sessions"), 1); /* Sepp's only */

    /* Unused for a second: pruned, off the loop's hot path, by the tick. */
    const char *args[] = {"--guest-forget", "1", NULL};
    assert_int_equal(skt_server_start_args(&srv, db, args), 0);
    skf_await_stat(srv.port, "sessions_pruned", 1);
    assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
    wel = say_hello(&w, "Sepp", token);
    assert_false(json_is_true(json_object_get(wel, "resumed")));
    assert_string_not_equal(json_string_value(json_object_get(wel, "player")), player);
    json_decref(wel);
    skt_ws_close(&w);
    finish(&srv, dir);
}

/* Whether a lobby page lists the room `code`. */
static bool skf_listed(json_t *lobby, const char *code)
{
    json_t *rooms = json_object_get(lobby, "rooms");
    for (size_t i = 0; i < json_array_size(rooms); i++)
        if (strcmp(json_string_value(json_object_get(json_array_get(rooms, i), "room")), code) ==
            0)
            return true;
    return false;
}

/* An idle room: out of the lobby after --idle-unlist, archived after
 * --idle-archive (once its game is over) -- no longer joined, not
 * restored at start -- while its games stay downloadable and in the
 * history of the player who played them, before and after a restart. */
static void test_forget_rooms(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *args[] = {"--idle-unlist", "1", "--idle-archive", "3", "--away", "0", NULL};
    start(&srv, dir, sizeof dir, args);
    skt_player p;
    skt_player_open(&p, srv.port, "Sepp", 0, 7);
    skt_create(&p, ",\"fallback\":\"random\"");
    json_t *lb = skf_lobby(&p.w, 0);
    assert_true(skf_listed(lb, p.room));
    json_decref(lb);
    json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    for (int s = 1; s < 4; s++) {
        char msg[200];
        snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"random\"}",
                 p.room, s);
        assert_int_equal(skt_ws_send(&p.w, msg), 0);
    }
    skt_play(&p, 1);
    skt_ws_close(&p.w); /* the game after it, if dealt, pauses: nobody is there */

    /* a watcher of the lobby: the room leaves it, then memory */
    skt_ws w;
    assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
    json_decref(say_hello(&w, "Resi", NULL));
    bool gone = false;
    for (int still = 0; still < SKF_POLLS && !gone; still++) {
        lb = skf_lobby(&w, 0);
        gone = !skf_listed(lb, p.room);
        json_decref(lb);
        if (!gone)
            usleep(250000);
    }
    assert_true(gone);
    skf_await_stat(srv.port, "rooms_archived", 1);
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"spectate\",\"room\":\"%s\"}", p.room);
    expect_error(&w, msg, "not_found");
    skt_ws_close(&w);

    for (int round = 0; round < 2; round++) { /* archived, then after a restart */
        char path[120], *body = NULL;
        snprintf(path, sizeof path, "/api/rooms/%s/games.jsonl", p.room);
        assert_int_equal(skt_http_get(srv.port, path, &body, NULL), 200);
        assert_non_null(strchr(body, '\n'));
        free(body);
        snprintf(path, sizeof path, "/api/rooms/%s/games", p.room);
        assert_int_equal(skt_http_get(srv.port, path, &body, NULL), 200);
        json_t *list = json_loads(body, 0, NULL);
        free(body);
        assert_true(json_array_size(json_object_get(list, "games")) >= 1);
        json_decref(list);
        assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
        json_t *wel = say_hello(&w, "Sepp", p.token);
        assert_true(json_is_true(json_object_get(wel, "resumed")));
        json_decref(wel);
        assert_int_equal(skt_ws_send(&w, "{\"type\":\"history\"}"), 0);
        json_t *h = expect(&w, "history", SKT_STALL);
        assert_non_null(h);
        json_t *g0 = json_array_get(json_object_get(h, "games"), 0);
        assert_string_equal(json_string_value(json_object_get(g0, "room")), p.room);
        json_decref(h);
        expect_error(&w, msg, "not_found");
        skt_ws_close(&w);
        if (round == 0) {
            char db[600];
            snprintf(db, sizeof db, "%s", srv.db);
            int status = skt_server_stop(&srv, SIGTERM);
            assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
            assert_int_equal(skt_server_start_args(&srv, db, NULL), 0);
            assert_int_equal(skf_stat(srv.port, "rooms"), 0); /* nothing restored */
        }
    }
    finish(&srv, dir);
}

/* The lobby in pages of at most 50, newest first, built once per
 * change: many requests of every page leave its version (the builds)
 * as it was; a new room or a seat taken makes one build more. */
static void test_forget_lobby_pages(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    /* one address makes more rooms than the fair shares allow it */
    const char *args[] = {"--rate", "1000", "--max-rooms-per-addr", "0", "--rooms-per-hour", "0",
                          NULL};
    start(&srv, dir, sizeof dir, args);
    skt_player p;
    skt_player_open(&p, srv.port, "Sepp", -1, 3);
    enum { N = 60 };
    for (int i = 0; i < N; i++) {
        skt_create(&p, NULL);
        json_decref(skt_request(&p, "{\"type\":\"leave\",\"room\":\"%s\"}", 0, "left"));
    }
    json_t *a = skf_lobby(&p.w, 0);
    long long version = json_integer_value(json_object_get(a, "version"));
    assert_int_equal(json_integer_value(json_object_get(a, "total")), N);
    assert_int_equal(json_integer_value(json_object_get(a, "pages")), 2);
    assert_int_equal(json_integer_value(json_object_get(a, "next")), 1);
    assert_int_equal(json_array_size(json_object_get(a, "rooms")), 50);
    const char *newest = json_string_value(
        json_object_get(json_array_get(json_object_get(a, "rooms"), 0), "room"));
    assert_string_equal(newest, p.room); /* newest first */
    json_decref(a);
    for (int i = 0; i < 40; i++) {
        json_t *b = skf_lobby(&p.w, i % 3);
        assert_int_equal(json_integer_value(json_object_get(b, "version")), version);
        size_t n = json_array_size(json_object_get(b, "rooms"));
        assert_int_equal(n, i % 3 == 0 ? 50 : i % 3 == 1 ? N - 50 : 0);
        assert_true(json_is_null(json_object_get(b, "next")) == (i % 3 != 0));
        json_decref(b);
    }
    char *body = NULL;
    assert_int_equal(skt_http_get(srv.port, "/api/lobby?page=1", &body, NULL), 200);
    json_t *h = json_loads(body, 0, NULL);
    free(body);
    assert_int_equal(json_array_size(json_object_get(h, "rooms")), N - 50);
    assert_int_equal(json_integer_value(json_object_get(h, "version")), version);
    json_decref(h);
    assert_int_equal(skf_stat(srv.port, "lobby_version"), version);

    skt_create(&p, ",\"watch\":true"); /* a new room: one build (he sits down below) */
    a = skf_lobby(&p.w, 0);
    assert_int_equal(json_integer_value(json_object_get(a, "version")), version + 1);
    assert_int_equal(json_integer_value(json_object_get(a, "total")), N + 1);
    json_decref(a);
    json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 2, "state"));
    bool seen = false; /* a seat taken: the next look of the pass builds once more */
    for (int still = 0; still < SKF_POLLS && !seen; still++) {
        a = skf_lobby(&p.w, 0);
        json_t *seat = json_array_get(
            json_object_get(json_array_get(json_object_get(a, "rooms"), 0), "seats"), 2);
        seen = strcmp(json_string_value(json_object_get(seat, "kind")), "human") == 0;
        if (seen)
            assert_int_equal(json_integer_value(json_object_get(a, "version")), version + 2);
        json_decref(a);
        if (!seen)
            usleep(250000);
    }
    assert_true(seen);
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

#define SKT_FORGET_TESTS                                                                           \
    cmocka_unit_test(test_forget_silent_socket), cmocka_unit_test(test_forget_sessions),           \
        cmocka_unit_test(test_forget_rooms), cmocka_unit_test(test_forget_lobby_pages),
