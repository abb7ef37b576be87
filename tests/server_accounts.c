/*
 * server_accounts.c -- the server's account and history tests, included
 * by test_server.c (after server_play.c, whose players they use):
 * register, a name taken in any case, login with a wrong password and
 * with an unknown name (the same answer), login from a second
 * connection (the same player), tokens renewed at every change, logout,
 * the login limits; a history after games with bots that agrees with
 * the games' records; kill -9 and a restart keep accounts, history and
 * the complete downloads, which `schafkopf check`, `replay` and
 * `analyze` read.
 */

/* Sends a message and waits for a message of `type` (or an error):
 * the message, parsed; fails when the server stalls. */
static json_t *ask_for(skt_ws *w, const char *msg, const char *type)
{
    assert_int_equal(skt_ws_send(w, msg), 0);
    for (;;) {
        json_t *o = expect(w, NULL, SKT_STALL);
        if (!o)
            break;
        const char *t = json_string_value(json_object_get(o, "type"));
        if (t && (strcmp(t, type) == 0 || strcmp(t, "error") == 0))
            return o;
        json_decref(o);
    }
    fail_msg("no %s after %s", type, msg);
    return NULL;
}

/* The code of an error message ("" for another message). */
static const char *err_code(json_t *o)
{
    const char *c = json_string_value(json_object_get(o, "code"));
    return c ? c : "";
}

/* A string member, "" when missing. */
static const char *str_of(json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s ? s : "";
}

/* Sends register or login; the answer (welcome or error). */
static json_t *auth(skt_ws *w, const char *type, const char *name, const char *password)
{
    char msg[400];
    snprintf(msg, sizeof msg, "{\"type\":\"%s\",\"name\":\"%s\",\"password\":\"%s\",\"ref\":\"a\"}",
             type, name, password);
    json_t *o = ask_for(w, msg, "welcome");
    assert_string_equal(str_of(o, "ref"), "a");
    return o;
}

/* Expects an error of `code` for register or login. */
static void auth_refused(skt_ws *w, const char *type, const char *name, const char *password,
                         const char *code, char *message, size_t size)
{
    json_t *o = auth(w, type, name, password);
    if (strcmp(err_code(o), code) != 0)
        fail_msg("%s %s: expected error %s, got %s %s", type, name, code, str_of(o, "type"),
                 err_code(o));
    if (message)
        snprintf(message, size, "%s", str_of(o, "message"));
    json_decref(o);
}

/* Register, names in any case, login right and wrong, a second
 * connection, tokens, logout, the limits. */
static void test_accounts(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_ws a, b, c;
    assert_int_equal(skt_ws_open(&a, srv.port, NULL), 0);
    expect_error(&a, "{\"type\":\"register\",\"name\":\"Sepp\",\"password\":\"12345678\"}",
                 "no_hello");
    expect_error(&a, "{\"type\":\"history\"}", "no_hello");
    json_t *wel = say_hello(&a, "Sepp", NULL);
    char token_a[80], player_a[40];
    snprintf(token_a, sizeof token_a, "%s", str_of(wel, "token"));
    snprintf(player_a, sizeof player_a, "%s", str_of(wel, "player"));
    assert_null(json_object_get(wel, "account"));
    json_decref(wel);
    /* bad names and passwords: the message names the field */
    expect_error(&a, "{\"type\":\"register\",\"name\":\"Se\",\"password\":\"12345678\"}",
                 "bad_message");
    expect_error(&a, "{\"type\":\"register\",\"name\":\" Sepp\",\"password\":\"12345678\"}",
                 "bad_message");
    expect_error(&a, "{\"type\":\"register\",\"name\":\"Se\\u200bpp\",\"password\":\"12345678\"}",
                 "bad_message");
    expect_error(&a, "{\"type\":\"register\",\"name\":\"Sepp\",\"password\":\"1234567\"}",
                 "bad_message");
    expect_error(&a, "{\"type\":\"login\",\"name\":\"Sepp\"}", "bad_message");
    expect_error(&a, "{\"type\":\"logout\",\"name\":\"Sepp\"}", "bad_message");
    expect_error(&a, "{\"type\":\"logout\"}", "state"); /* a guest */

    /* register: the same player, a new token, the account named */
    wel = auth(&a, "register", "Sepp Mäier", "Herz-Solo Tout");
    assert_string_equal(str_of(wel, "type"), "welcome");
    assert_string_equal(str_of(wel, "account"), "Sepp Mäier");
    assert_string_equal(str_of(wel, "name"), "Sepp Mäier");
    assert_string_equal(str_of(wel, "player"), player_a);
    assert_string_not_equal(str_of(wel, "token"), token_a);
    assert_true(json_is_true(json_object_get(wel, "resumed")));
    char token_acc[80];
    snprintf(token_acc, sizeof token_acc, "%s", str_of(wel, "token"));
    json_decref(wel);
    auth_refused(&a, "register", "Resi", "12345678", "state", NULL, 0);
    auth_refused(&a, "login", "Sepp Mäier", "Herz-Solo Tout", "state", NULL, 0);

    /* the token before the change is worth nothing; the new one brings
     * the account back */
    assert_int_equal(skt_ws_open(&c, srv.port, NULL), 0);
    wel = say_hello(&c, "x", token_a);
    assert_false(json_is_true(json_object_get(wel, "resumed")));
    assert_string_not_equal(str_of(wel, "player"), player_a);
    json_decref(wel);
    skt_ws_close(&c);
    assert_int_equal(skt_ws_open(&c, srv.port, NULL), 0);
    wel = say_hello(&c, "Anders", token_acc);
    assert_true(json_is_true(json_object_get(wel, "resumed")));
    assert_string_equal(str_of(wel, "player"), player_a);
    assert_string_equal(str_of(wel, "account"), "Sepp Mäier");
    assert_string_equal(str_of(wel, "name"), "Sepp Mäier");
    json_decref(wel);
    skt_ws_close(&c);

    /* a second connection: taken in any case; wrong password and
     * unknown name get the same answer; the right one the same player */
    assert_int_equal(skt_ws_open(&b, srv.port, NULL), 0);
    json_decref(say_hello(&b, "Resi", NULL));
    int64_t b_first = skt_ms(); /* its attempts' bucket starts to count */
    auth_refused(&b, "register", "SEPP MÄIER", "12345678", "taken", NULL, 0);
    char m1[200], m2[200];
    auth_refused(&b, "login", "Sepp Mäier", "Herz-Solo Tou", "bad_login", m1, sizeof m1);
    auth_refused(&b, "login", "Niemand", "Herz-Solo Tout", "bad_login", m2, sizeof m2);
    assert_string_equal(m1, m2);
    wel = auth(&b, "login", "sepp mäier", "Herz-Solo Tout");
    assert_string_equal(str_of(wel, "type"), "welcome");
    assert_string_equal(str_of(wel, "player"), player_a);
    assert_string_equal(str_of(wel, "account"), "Sepp Mäier");
    json_decref(wel);
    /* logout: a fresh guest, no account */
    assert_int_equal(skt_ws_send(&b, "{\"type\":\"logout\",\"ref\":\"o\"}"), 0);
    wel = expect(&b, "welcome", SKT_STALL);
    assert_non_null(wel);
    assert_null(json_object_get(wel, "account"));
    assert_false(json_is_true(json_object_get(wel, "resumed")));
    assert_string_not_equal(str_of(wel, "player"), player_a);
    json_decref(wel);
    expect_error(&b, "{\"type\":\"logout\"}", "state");
    json_t *h = ask_for(&b, "{\"type\":\"history\",\"ref\":\"h\"}", "history");
    assert_string_equal(str_of(h, "ref"), "h");
    assert_int_equal(json_array_size(json_object_get(h, "games")), 0);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(h, "stats"), "games")), 0);
    json_decref(h);

    /* the limits: 5 attempts on a connection (b made 4), then "rate" --
     * and one more every 12 s since the first: a slow machine may earn
     * b more, so the attempts taken are checked against the time b
     * took, not against 5 alone */
    int taken = 4;
    for (;;) {
        json_t *o = auth(&b, "login", "Niemand", "falsch-123");
        bool limited = strcmp(err_code(o), "rate") == 0;
        if (!limited && strcmp(err_code(o), "bad_login") != 0)
            fail_msg("login %d on a connection: %s %s", taken + 1, str_of(o, "type"), err_code(o));
        json_decref(o);
        if (limited)
            break;
        if (++taken > 5 + (skt_ms() - b_first) / 12000)
            fail_msg("%d attempts on a connection in %lld ms, and no \"rate\"", taken,
                     (long long)(skt_ms() - b_first));
    }
    assert_true(taken >= 5);
    /* ... and 5 failures on a name from one address, then it waits
     * (limit_login, 4 s after the fifth, doubling; the owner elsewhere
     * is not: tests/server_abuse.c) -- a failure past the fifth only
     * when the wait since the last one was over */
    int bad = 0, limited = 0;
    int64_t last_bad = skt_ms();
    while (!limited) {
        assert_int_equal(skt_ws_open(&c, srv.port, NULL), 0);
        json_decref(say_hello(&c, "x", NULL));
        for (int i = 0; i < 5 && !limited; i++) {
            int64_t asked = skt_ms();
            json_t *o = auth(&c, "login", "Wastl", "falsch-123");
            bool failed = strcmp(err_code(o), "bad_login") == 0;
            limited += strcmp(err_code(o), "limit_login") == 0;
            if (!failed && !limited)
                fail_msg("login on a name: %s %s", str_of(o, "type"), err_code(o));
            json_decref(o);
            /* the server saw at most this long between the two: from
             * the last failure's request to this answer */
            int64_t most = skt_ms() - last_bad;
            if (failed && bad >= 5 && most < 4000)
                fail_msg("failure %d on a name %lld ms after the last, and no limit_login",
                         bad + 1, (long long)most);
            if (failed) {
                bad++;
                last_bad = asked;
            }
        }
        skt_ws_close(&c);
    }
    assert_true(bad >= 5);
    assert_int_equal(limited, 1);
    /* An unknown name is checked against a dummy hash: it is answered
     * no sooner than a wrong password, within a wide margin (without
     * the dummy it would come back in a few milliseconds, against a
     * tenth of a second or more for a hash).  The fastest of four of
     * each: a loaded machine only adds time, so the minimum is what the
     * server's own work costs (a pair on a fresh connection each, within
     * the connection's 5 attempts). */
    int64_t wrong = INT64_MAX, unknown = INT64_MAX;
    for (int i = 0; i < 4; i++) {
        assert_int_equal(skt_ws_open(&c, srv.port, NULL), 0);
        json_decref(say_hello(&c, "x", NULL));
        int64_t t0 = skt_ms();
        auth_refused(&c, "login", "Sepp Mäier", "falsch-123", "bad_login", NULL, 0);
        int64_t t1 = skt_ms();
        auth_refused(&c, "login", "Niemand Anders", "falsch-123", "bad_login", NULL, 0);
        int64_t t2 = skt_ms();
        wrong = t1 - t0 < wrong ? t1 - t0 : wrong;
        unknown = t2 - t1 < unknown ? t2 - t1 : unknown;
        skt_ws_close(&c);
    }
    if (unknown * 5 < wrong)
        fail_msg("a login for an unknown name took %lld ms, a wrong password %lld ms",
                 (long long)unknown, (long long)wrong);
    skt_ws_close(&a);
    skt_ws_close(&b);
    finish(&srv, dir);
}

/* What a game was for seat 0, from its record's result: the contract
 * (NULL: thrown in), whether seat 0 declared, whether its side won. */
static void seat0_view(json_t *result, const char **contract, int *declarer, int *won,
                       long long *money)
{
    *contract = json_string_value(json_object_get(result, "contract"));
    json_t *d = json_object_get(result, "declarer"), *p = json_object_get(result, "partner");
    *money = json_integer_value(json_array_get(json_object_get(result, "money"), 0));
    *declarer = json_is_integer(d) && json_integer_value(d) == 0;
    if (json_is_integer(d)) {
        int side = json_integer_value(d) == 0 || (json_is_integer(p) && json_integer_value(p) == 0);
        *won = side == json_is_true(json_object_get(result, "won"));
    } else {
        *won = *money > 0;
    }
}

/* Checks a history against the room's records: the same games, each
 * with what it was for seat 0.  `points`: the room plays for tournament
 * points, where a game gives no money (docs/rules.md, What a table
 * plays for). */
static void check_history(json_t *hist, const char *records, const char *room, int games,
                          bool points)
{
    json_t *list = json_object_get(hist, "games");
    assert_int_equal(json_array_size(list), games);
    long long total = 0, total_points = 0;
    const char *line = records;
    for (int n = 1; n <= games; n++) {
        const char *end = strchr(line, '\n');
        assert_non_null(end);
        json_t *rec = json_loadb(line, (size_t)(end - line), 0, NULL);
        assert_non_null(rec);
        const char *contract;
        int declarer, won;
        long long money;
        seat0_view(json_object_get(rec, "result"), &contract, &declarer, &won, &money);
        long long tp = json_integer_value(
            json_array_get(json_object_get(json_object_get(rec, "result"), "tournament"), 0));
        if (points)
            money = 0;
        total += money;
        total_points += tp;
        json_t *h = NULL;
        for (size_t i = 0; i < json_array_size(list); i++)
            if (json_integer_value(json_object_get(json_array_get(list, i), "game")) == n)
                h = json_array_get(list, i);
        assert_non_null(h);
        assert_string_equal(str_of(h, "room"), room);
        if (contract)
            assert_string_equal(str_of(h, "contract"), contract);
        else
            assert_true(json_is_null(json_object_get(h, "contract")));
        assert_int_equal(json_is_true(json_object_get(h, "declarer")), declarer);
        assert_int_equal(json_is_true(json_object_get(h, "won")), won);
        assert_int_equal(json_integer_value(json_object_get(h, "money")), money);
        assert_int_equal(json_integer_value(json_object_get(h, "points")), tp);
        assert_string_equal(str_of(h, "score"), points ? "points" : "money");
        assert_true(json_integer_value(json_object_get(h, "at")) > 1700000000);
        json_decref(rec);
        line = end + 1;
    }
    assert_int_equal(*line, '\0'); /* no more records than games: none of a running game */
    json_t *stats = json_object_get(hist, "stats");
    assert_int_equal(json_integer_value(json_object_get(stats, "games")), games);
    assert_int_equal(json_integer_value(json_object_get(stats, "money")), total);
    assert_int_equal(json_integer_value(json_object_get(stats, "points")), total_points);
}

/* Writes a text to a file. */
static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A registered player's games with bots: the history agrees with the
 * records, the room's list names the seats; kill -9 and a restart keep
 * the account, the history and every record, which `schafkopf check`,
 * `replay` and `analyze` read. */
static void test_history_restart(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    /* the client answers every prompt at once: three games of fast bots
     * may pass the default message rate */
    const char *extra[] = {"--rate", "1000", NULL};
    start(&srv, dir, sizeof dir, extra);
    skt_player p;
    skt_player_open(&p, srv.port, "Resi", 0, 11);
    json_decref(auth(&p.w, "register", "Resi", "Eichel-Wenz"));
    skt_create(&p, ",\"listed\":false");
    json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    char msg[200];
    for (int s = 1; s < 4; s++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"heuristic\"}", p.room, s);
        assert_int_equal(skt_ws_send(&p.w, msg), 0);
    }
    enum { GAMES = 3 };
    skt_play(&p, GAMES);
    /* The next game is dealt and waits for seat 0: it is in no list. */
    char *records = NULL, *list = NULL, path[80];
    snprintf(path, sizeof path, "/api/rooms/%s/games.jsonl", p.room);
    assert_int_equal(skt_http_get(srv.port, path, &records, NULL), 200);
    json_t *h = ask_for(&p.w, "{\"type\":\"history\"}", "history");
    check_history(h, records, p.room, GAMES, false);
    json_decref(h);
    snprintf(path, sizeof path, "/api/rooms/%s/games", p.room);
    assert_int_equal(skt_http_get(srv.port, path, &list, NULL), 200);
    json_t *l = json_loads(list, 0, NULL);
    assert_non_null(l);
    assert_int_equal(json_array_size(json_object_get(l, "games")), GAMES);
    assert_string_equal(str_of(l, "score"), "money");
    json_t *g1 = json_array_get(json_object_get(l, "games"), 0);
    assert_int_equal(json_integer_value(json_object_get(g1, "game")), 1);
    assert_string_equal(json_string_value(json_array_get(json_object_get(g1, "names"), 0)),
                        "Resi");
    long long sum = 0;
    for (size_t i = 0; i < 4; i++)
        sum += json_integer_value(json_array_get(json_object_get(g1, "money"), i));
    assert_int_equal(sum, 0); /* 5.3.3: a game's money sums to zero */
    json_decref(l);
    /* the list fits its schema */
    char lfile[700], lcmd[2000];
    snprintf(lfile, sizeof lfile, "%s/games.json", dir);
    write_file(lfile, list);
    snprintf(lcmd, sizeof lcmd,
             "python3 '%s/tests/check_schema.py' '%s/docs/server-protocol.schema.json' api_games "
             "'%s' > /dev/null",
             getenv("SK_ROOT"), getenv("SK_ROOT"), lfile);
    assert_int_equal(system(lcmd), 0);
    free(list);

    /* kill -9, restart: the same downloads, the same history */
    skt_server_stop(&srv, SIGKILL);
    skt_ws_close(&p.w);
    char db[600];
    snprintf(db, sizeof db, "%s/server.db", dir);
    assert_int_equal(skt_server_start_args(&srv, db, extra), 0);
    char *again = NULL;
    snprintf(path, sizeof path, "/api/rooms/%s/games.jsonl", p.room);
    assert_int_equal(skt_http_get(srv.port, path, &again, NULL), 200);
    assert_string_equal(again, records);
    free(again);
    skt_ws w;
    assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
    json_decref(say_hello(&w, "Gast", NULL));
    json_t *wel = auth(&w, "login", "RESI", "Eichel-Wenz");
    assert_string_equal(str_of(wel, "account"), "Resi");
    json_decref(wel);
    h = ask_for(&w, "{\"type\":\"history\"}", "history");
    check_history(h, records, p.room, GAMES, false);
    json_decref(h);
    skt_ws_close(&w);

    /* the download is a record file the program reads */
    char file[700], cmd[2000];
    snprintf(file, sizeof file, "%s/games.jsonl", dir);
    write_file(file, records);
    snprintf(cmd, sizeof cmd, "'%s' check '%s' > /dev/null", getenv("SK_PROG"), file);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "'%s' replay --plain --game %d '%s' > /dev/null", getenv("SK_PROG"),
             GAMES, file);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "'%s' analyze --game 1 --samples 4 --jobs 1 '%s' > /dev/null",
             getenv("SK_PROG"), file);
    assert_int_equal(system(cmd), 0);
    free(records);
    finish(&srv, dir);
}

/* 5.2.7: a registered player's games at a tournament table, which plays
 * for tournament points: the history and the room's list say so, book
 * the records' points and no money, and the statistics sum no money. */
static void test_history_points(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--rate", "1000", NULL};
    start(&srv, dir, sizeof dir, extra);
    skt_player p;
    skt_player_open(&p, srv.port, "Vroni", 0, 12);
    json_decref(auth(&p.w, "register", "Vroni", "Schellen-Sau"));
    assert_int_equal(skt_ws_send(&p.w, "{\"type\":\"create\",\"rules\":{\"preset\":\"tournament\"},"
                                       "\"title\":\"Rennen\",\"listed\":false}"), 0);
    json_t *c = expect(&p.w, "created", SKT_STALL);
    assert_non_null(c);
    snprintf(p.room, sizeof p.room, "%s", json_string_value(json_object_get(c, "room")));
    json_decref(c);
    json_decref(expect(&p.w, "state", SKT_STALL));
    json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    char msg[200];
    for (int s = 1; s < 4; s++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"heuristic\"}", p.room, s);
        assert_int_equal(skt_ws_send(&p.w, msg), 0);
    }
    enum { GAMES = 3 };
    skt_play(&p, GAMES);
    char *records = NULL, *list = NULL, path[80];
    snprintf(path, sizeof path, "/api/rooms/%s/games.jsonl", p.room);
    assert_int_equal(skt_http_get(srv.port, path, &records, NULL), 200);
    json_t *h = ask_for(&p.w, "{\"type\":\"history\"}", "history");
    check_history(h, records, p.room, GAMES, true);
    json_decref(h);
    snprintf(path, sizeof path, "/api/rooms/%s/games", p.room);
    assert_int_equal(skt_http_get(srv.port, path, &list, NULL), 200);
    json_t *l = json_loads(list, 0, NULL);
    assert_non_null(l);
    assert_string_equal(str_of(l, "score"), "points");
    const char *line = records;
    for (size_t i = 0; i < GAMES; i++) {
        json_t *g = json_array_get(json_object_get(l, "games"), i);
        const char *end = strchr(line, '\n');
        assert_non_null(end);
        json_t *rec = json_loadb(line, (size_t)(end - line), 0, NULL);
        assert_non_null(rec);
        json_t *tp = json_object_get(json_object_get(rec, "result"), "tournament");
        for (size_t s = 0; s < 4; s++) {
            assert_int_equal(json_integer_value(json_array_get(json_object_get(g, "money"), s)), 0);
            assert_int_equal(json_integer_value(json_array_get(json_object_get(g, "points"), s)),
                             json_integer_value(json_array_get(tp, s)));
        }
        json_decref(rec);
        line = end + 1;
    }
    json_decref(l);
    char lfile[700], lcmd[2000];
    snprintf(lfile, sizeof lfile, "%s/games.json", dir);
    write_file(lfile, list);
    snprintf(lcmd, sizeof lcmd,
             "python3 '%s/tests/check_schema.py' '%s/docs/server-protocol.schema.json' api_games "
             "'%s' > /dev/null",
             getenv("SK_ROOT"), getenv("SK_ROOT"), lfile);
    assert_int_equal(system(lcmd), 0);
    free(list);
    free(records);
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

#define SKT_ACCOUNT_TESTS cmocka_unit_test(test_accounts), cmocka_unit_test(test_history_restart), \
    cmocka_unit_test(test_history_points),
