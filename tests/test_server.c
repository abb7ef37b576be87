/*
 * test_server.c -- the game server end to end: the real `schafkopf
 * serve` (SK_PROG) on a free loopback port with a temporary database,
 * driven by WebSocket clients (tests/server_client.c) as
 * docs/server-protocol.md describes them.  Every server a test starts
 * is stopped and reaped; all traffic stays on 127.0.0.1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "server_client.c"

/* The file of received messages (skt_dump) for the schema test. */
static char skt_dump_path[64];

#include "schafkopf/ai.h"
#include "schafkopf/core.h"
#include "schafkopf/store.h"

#include <jansson.h>
#include <dirent.h>
#include <math.h>

/* A temporary directory for a test's database, and its removal. */
static void tmpdir_make(char *dir, size_t size)
{
    snprintf(dir, size, "/tmp/sk-server-test-XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static void tmpdir_remove(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char p[600];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    closedir(d);
    rmdir(dir);
}

/* Receives until a message of `type` comes (others skipped; when
 * `type` is NULL, any); parsed, or NULL when the connection closed or
 * no message at all came for ms.  Every message is progress: ms bounds
 * a stall, not the wait (SKT_STALL, or a short time where a test wants
 * to see that nothing comes). */
static json_t *expect(skt_ws *w, const char *type, int ms)
{
    for (;;) {
        char *text = skt_ws_recv(w, ms);
        if (!text)
            return NULL;
        json_t *o = json_loads(text, 0, NULL);
        free(text);
        if (!o)
            return NULL;
        const char *t = json_string_value(json_object_get(o, "type"));
        if (!type || (t && strcmp(t, type) == 0))
            return o;
        json_decref(o);
    }
}

/* Sends a message and expects an error of kind `code`. */
static void expect_error(skt_ws *w, const char *msg, const char *code)
{
    assert_int_equal(skt_ws_send(w, msg), 0);
    json_t *e = expect(w, "error", SKT_STALL);
    if (!e)
        fail_msg("no error %s for %.200s", code, msg);
    const char *c = json_string_value(json_object_get(e, "code"));
    if (!c || strcmp(c, code) != 0)
        fail_msg("for %s expected error %s, got %s", msg, code, c ? c : "(none)");
    assert_non_null(json_string_value(json_object_get(e, "message")));
    json_decref(e);
}

/* hello on an open connection: the welcome (token, player). */
static json_t *say_hello(skt_ws *w, const char *name, const char *token)
{
    char msg[300];
    if (token)
        snprintf(msg, sizeof msg, "{\"type\":\"hello\",\"name\":\"%s\",\"token\":\"%s\"}", name,
                 token);
    else
        snprintf(msg, sizeof msg, "{\"type\":\"hello\",\"name\":\"%s\"}", name);
    assert_int_equal(skt_ws_send(w, msg), 0);
    json_t *o = expect(w, "welcome", SKT_STALL);
    assert_non_null(o);
    return o;
}

/* Starts a server on a fresh database in `dir`. */
static void start(skt_server *srv, char *dir, size_t size, const char *const *extra)
{
    tmpdir_make(dir, size);
    char db[600];
    snprintf(db, sizeof db, "%s/server.db", dir);
    assert_int_equal(skt_server_start_args(srv, db, extra), 0);
}

/* Stops the server cleanly (SIGTERM: exit 0) and removes its files. */
static void finish(skt_server *srv, const char *dir)
{
    int status = skt_server_stop(srv, SIGTERM);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    tmpdir_remove(dir);
}

/* Start, static files and the HTTP API, stop. */
static void test_start_http(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    char *body = NULL;
    assert_int_equal(skt_http_get(srv.port, "/hello.txt", &body, NULL), 200);
    assert_string_equal(body, "schafkopf test file\n");
    free(body);
    assert_int_equal(skt_http_get(srv.port, "/api/lobby", &body, NULL), 200);
    assert_string_equal(body, "{\"page\":0,\"pages\":1,\"total\":0,\"next\":null,\"version\":1,"
                              "\"engines\":[],\"rooms\":[]}");
    free(body);
    assert_int_equal(skt_http_get(srv.port, "/api/rooms/aaaaaaaaaaaaaaaa/games.jsonl", &body,
                                  NULL),
                     404);
    free(body);
    finish(&srv, dir);
}

/* hello gives a token and a player id; the token brings the same id
 * back; an unknown token gets a fresh one. */
static void test_hello_token(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_ws w;
    assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
    json_t *wel = say_hello(&w, "Sepp", NULL);
    char token[80], player[40];
    snprintf(token, sizeof token, "%s", json_string_value(json_object_get(wel, "token")));
    snprintf(player, sizeof player, "%s", json_string_value(json_object_get(wel, "player")));
    assert_int_equal(strlen(token), 64);
    assert_int_equal(strlen(player), 16);
    assert_false(json_is_true(json_object_get(wel, "resumed")));
    assert_null(strstr(token, player));
    json_decref(wel);
    expect_error(&w, "{\"type\":\"hello\"}", "state");
    /* a new guest's session is written at its first use (not at hello) */
    expect_error(&w, "{\"type\":\"spectate\",\"room\":\"aaaaaaaaaaaaaaaa\"}", "not_found");
    skt_ws_close(&w);

    assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
    wel = say_hello(&w, "Sepp", token);
    assert_true(json_is_true(json_object_get(wel, "resumed")));
    assert_string_equal(json_string_value(json_object_get(wel, "player")), player);
    assert_string_equal(json_string_value(json_object_get(wel, "token")), token);
    json_decref(wel);
    skt_ws_close(&w);

    assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
    token[0] = token[0] == 'a' ? 'b' : 'a';
    wel = say_hello(&w, "Sepp", token);
    assert_false(json_is_true(json_object_get(wel, "resumed")));
    assert_string_not_equal(json_string_value(json_object_get(wel, "player")), player);
    json_decref(wel);
    skt_ws_close(&w);
    finish(&srv, dir);
}

/* Bad messages get errors naming what is wrong; the connection lives
 * on, but for a message too big, after which it is closed. */
static void test_bad_messages(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_ws w;
    assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
    expect_error(&w, "{\"type\":\"lobby\"}", "no_hello");
    expect_error(&w, "not json", "bad_json");
    expect_error(&w, "[1,2]", "bad_message");
    expect_error(&w, "{\"type\":\"dance\"}", "bad_message");
    expect_error(&w, "{\"type\":\"ping\",\"extra\":1}", "bad_message");
    expect_error(&w, "{\"type\":\"hello\",\"name\":5}", "bad_message");
    expect_error(&w, "{\"type\":\"hello\",\"token\":\"xyz\"}", "bad_message");
    expect_error(&w, "{\"type\":\"hello\",\"name\":\"a\\u0001b\"}", "bad_message");
    json_decref(say_hello(&w, "Resi", NULL));
    expect_error(&w, "{\"type\":\"join\",\"room\":\"aaaaaaaaaaaaaaaa\"}", "bad_message");
    expect_error(&w, "{\"type\":\"join\",\"room\":\"aaaaaaaaaaaaaaaa\",\"seat\":5}",
                 "bad_message");
    expect_error(&w, "{\"type\":\"join\",\"room\":\"aaaaaaaaaaaaaaaa\",\"seat\":0}", "not_found");
    expect_error(&w, "{\"type\":\"join\",\"room\":\"AAAA\",\"seat\":0}", "bad_message");
    expect_error(&w, "{\"type\":\"decide\",\"room\":\"aaaaaaaaaaaaaaaa\",\"action\":\"fly\","
                     "\"seen\":1}",
                 "bad_message");
    expect_error(&w, "{\"type\":\"create\",\"rules\":{\"preset\":\"nope\"}}", "bad_message");
    expect_error(&w, "{\"type\":\"create\",\"rules\":{\"preset\":\"official\"},\"fallback\":\"x\"}",
                 "bad_message");
    /* A ref is echoed. */
    assert_int_equal(skt_ws_send(&w, "{\"type\":\"ping\",\"ref\":\"r1\"}"), 0);
    json_t *pong = expect(&w, "pong", SKT_STALL);
    assert_non_null(pong);
    assert_string_equal(json_string_value(json_object_get(pong, "ref")), "r1");
    json_decref(pong);
    /* Too big: an error, then the connection closes. */
    char *big = malloc(6000);
    memset(big, ' ', 5999);
    big[5999] = '\0';
    big[0] = '{';
    big[5998] = '}';
    assert_int_equal(skt_ws_send(&w, big), 0);
    free(big);
    json_t *e = expect(&w, "error", SKT_STALL);
    assert_non_null(e);
    assert_string_equal(json_string_value(json_object_get(e, "code")), "too_big");
    json_decref(e);
    assert_null(expect(&w, NULL, SKT_STALL));
    assert_true(w.closed);
    skt_ws_close(&w);
    /* The server lives on. */
    assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
    assert_int_equal(skt_ws_send(&w, "{\"type\":\"ping\"}"), 0);
    json_decref(expect(&w, "pong", SKT_STALL));
    skt_ws_close(&w);
    finish(&srv, dir);
}

/* The rate limit answers a flood with errors and the connection lives. */
static void test_rate_limit(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--rate", "5", NULL};
    start(&srv, dir, sizeof dir, extra);
    skt_ws w;
    assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
    for (int i = 0; i < 30; i++)
        assert_int_equal(skt_ws_send(&w, "{\"type\":\"ping\"}"), 0);
    int pongs = 0, limited = 0;
    json_t *o;
    while ((o = expect(&w, NULL, SKT_STALL))) {
        const char *t = json_string_value(json_object_get(o, "type"));
        pongs += strcmp(t, "pong") == 0;
        limited += strcmp(t, "error") == 0 &&
                   strcmp(json_string_value(json_object_get(o, "code")), "rate") == 0;
        json_decref(o);
        if (pongs + limited == 30)
            break;
    }
    assert_true(pongs >= 10 && pongs < 30);
    assert_int_equal(pongs + limited, 30);
    skt_ws_close(&w);
    finish(&srv, dir);
}

/* The WebSocket upgrade checks Origin: the server's own host and the
 * --origin ones pass, others are refused. */
static void test_origin(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--origin", "https://schafkopf.example", NULL};
    start(&srv, dir, sizeof dir, extra);
    skt_ws w;
    assert_int_not_equal(skt_ws_open(&w, srv.port, "http://evil.example"), 0);
    char own[64];
    snprintf(own, sizeof own, "http://127.0.0.1:%d", srv.port);
    assert_int_equal(skt_ws_open(&w, srv.port, own), 0);
    skt_ws_close(&w);
    assert_int_equal(skt_ws_open(&w, srv.port, "https://schafkopf.example"), 0);
    skt_ws_close(&w);
    assert_int_not_equal(skt_ws_open(&w, srv.port, "https://schafkopf.example.evil"), 0);
    finish(&srv, dir);
}

#include "server_play.c"
#include "server_accounts.c"
#include "server_table.c"
#include "server_presence.c"
#include "server_offers.c"
#include "server_rate.c"
#include "server_headers.c"
#include "server_books.c"
#include "server_book_entry.c"
#include "server_book_rules.c"
#include "server_forget.c"
#include "server_abuse.c"

/* After each test: no server of a failed test lives on. */
static int teardown(void **state)
{
    (void)state;
    skt_cleanup();
    return 0;
}

int main(void)
{
    if (!getenv("SK_PROG") || !getenv("SK_ROOT")) {
        fprintf(stderr, "test_server: SK_PROG and SK_ROOT must be set (make test sets them)\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_http),
        cmocka_unit_test(test_hello_token),
        cmocka_unit_test(test_bad_messages),
        cmocka_unit_test(test_rate_limit),
        cmocka_unit_test(test_origin),
        SKT_ACCOUNT_TESTS
        SKT_TABLE_TESTS
        SKT_PRESENCE_TESTS
        SKT_OFFER_TESTS
        SKT_RATE_TESTS
        SKT_HEADER_TESTS
        SKT_BOOK_TESTS
        SKT_BOOK_ENTRY_TESTS
        SKT_BOOK_RULES_TESTS
        SKT_FORGET_TESTS
        SKT_PLAY_TESTS
        SKT_ABUSE_TESTS
    };
    snprintf(skt_dump_path, sizeof skt_dump_path, "/tmp/sk-server-msgs-XXXXXX");
    int fd = mkstemp(skt_dump_path);
    if (fd < 0 || !(skt_dump = fdopen(fd, "w"))) {
        fprintf(stderr, "test_server: cannot make a temporary file\n");
        return 1;
    }
    if (getenv("SKT_ONLY")) /* one test by name, while debugging */
        cmocka_set_test_filter(getenv("SKT_ONLY"));
    int rc = cmocka_run_group_tests(tests, NULL, teardown);
    fclose(skt_dump);
    unlink(skt_dump_path);
    return rc;
}
