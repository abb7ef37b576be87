/*
 * server_books.c -- score keeping and tournaments on the server
 * (docs/server-protocol.md "Score keeping"), included by
 * test_server.c: the book_* messages, who may write (edit key, table
 * key, none), refusals in the connection's language, a line stored
 * before anybody hears of it (told, then kill -9: still there), undo,
 * the HTTP pages, CSV and QR codes, and everything back after a restart.
 */

/* Sends a message and returns the next message of `type` (failing the
 * test when none comes). */
static json_t *bk_ask(skt_ws *w, const char *type, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    assert_int_equal(skt_ws_send(w, msg), 0);
    json_t *o = expect(w, type == NULL ? NULL : type, SKT_STALL);
    if (!o)
        fail_msg("no %s after %s", type, msg);
    return o;
}

/* Sends a message and expects an error of `code`; returns its message
 * (malloc'd). */
static char *bk_refused(skt_ws *w, const char *code, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    assert_int_equal(skt_ws_send(w, msg), 0);
    json_t *e = expect(w, "error", SKT_STALL);
    assert_non_null(e);
    const char *c = json_string_value(json_object_get(e, "code"));
    if (!c || strcmp(c, code) != 0)
        fail_msg("for %s expected error %s, got %s (%s)", msg, code, c ? c : "(none)",
                 json_string_value(json_object_get(e, "message")));
    char *text = strdup(json_string_value(json_object_get(e, "message")));
    json_decref(e);
    return text;
}

/* Receives until a `book` of `code` with last line `seq` comes; every
 * message received is checked not to contain `secret` (a key this
 * connection never presented).  Fails when no message comes for the
 * stall bound. */
static json_t *bk_update(skt_ws *w, const char *code, uint64_t seq, const char *secret)
{
    for (;;) {
        char *text = skt_ws_recv(w, SKT_STALL);
        if (!text)
            break;
        if (secret && secret[0] && strstr(text, secret))
            fail_msg("a key went to a connection that did not present it: %.200s", text);
        json_t *o = json_loads(text, 0, NULL);
        free(text);
        assert_non_null(o);
        const char *t = json_string_value(json_object_get(o, "type"));
        if (t && strcmp(t, "book") == 0 &&
            strcmp(json_string_value(json_object_get(o, "book")), code) == 0 &&
            (uint64_t)json_integer_value(json_object_get(o, "seq")) == seq)
            return o;
        json_decref(o);
    }
    fail_msg("no update of %s to line %llu: nothing came for %d s", code,
             (unsigned long long)seq, SKT_STALL / 1000);
    return NULL;
}

/* A connection that said hello in `lang`. */
static void bk_conn(skt_ws *w, int port, const char *name, const char *lang)
{
    assert_int_equal(skt_ws_open(w, port, NULL), 0);
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"hello\",\"name\":\"%s\",\"lang\":\"%s\"}", name, lang);
    assert_int_equal(skt_ws_send(w, msg), 0);
    json_t *o = expect(w, "welcome", SKT_STALL);
    assert_non_null(o);
    json_decref(o);
}

/* The table link of table `table` on a stage's printed sheets (with the
 * organiser key): "...#b=CODE&amp;k=KEY" -> the key. */
static void bk_table_key(int port, const char *code, const char *key, int stage, int table,
                         char out[33])
{
    char path[300], *body = NULL;
    snprintf(path, sizeof path, "/api/books/%s/sheets-%d.html", code, stage);
    assert_int_equal(skh_get_key(port, path, key, &body), 200);
    const char *p = body;
    for (int k = 0; k < table; k++) {
        p = strstr(p, "class=table-link");
        assert_non_null(p);
        p++;
    }
    p = strstr(p, "k=");
    assert_non_null(p);
    memcpy(out, p + 2, 32);
    out[32] = '\0';
    assert_int_equal(strspn(out, "0123456789abcdef"), 32);
    assert_non_null(strstr(body, "<svg")); /* the QR codes */
    free(body);
}

/* An evening: the creator's key writes, a reader cannot; refusals in
 * each connection's language; a stale line and undo; told implies
 * stored (kill -9 right after the update); the CSV. */
static void test_book_sheet(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64], db[600];
    start(&srv, dir, sizeof dir, NULL);
    snprintf(db, sizeof db, "%s/server.db", dir);
    skt_ws a, b;
    bk_conn(&a, srv.port, "Wirt", "en");
    bk_conn(&b, srv.port, "Gast", "de");
    json_t *o = bk_ask(&a, "book_created",
                       "{\"type\":\"book_create\",\"kind\":\"sheet\",\"title\":\"Freitag\","
                       "\"players\":[\"Anna\",\"Bert\",\"Carl\",\"Dora\"],\"first_dealer\":0,"
                       "\"rules\":{\"preset\":\"official\",\"overrides\":{}},\"ref\":\"c1\"}");
    char code[17], key[65];
    snprintf(code, sizeof code, "%s", json_string_value(json_object_get(o, "book")));
    snprintf(key, sizeof key, "%s", json_string_value(json_object_get(o, "key")));
    assert_string_equal(json_string_value(json_object_get(o, "ref")), "c1");
    assert_int_equal(strlen(key), 64);
    json_decref(o);
    o = expect(&a, "book", SKT_STALL);
    assert_string_equal(json_string_value(json_object_get(o, "may")), "edit");
    json_decref(o);
    /* a reader: the code alone */
    o = bk_ask(&b, "book", "{\"type\":\"book_open\",\"book\":\"%s\",\"ref\":\"o1\"}", code);
    assert_string_equal(json_string_value(json_object_get(o, "may")), "read");
    assert_string_equal(json_string_value(json_object_get(o, "title")), "Freitag");
    char *text = json_dumps(o, 0);
    assert_null(strstr(text, key)); /* never the key */
    free(text);
    json_decref(o);
    free(bk_refused(&b, "forbidden",
                    "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":0,\"line\":\"game "
                    "sauspiel:E declarer=Anna partner=Bert won\"}",
                    code));
    /* 3.3 (docs/rules.md "Score keeping"): a Sauspiel has a partner */
    char *en = bk_refused(&a, "refused",
                          "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":0,\"line\":\"game "
                          "sauspiel:E declarer=Anna won\"}",
                          code);
    char *de = bk_refused(&b, "refused",
                          "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":0,\"key\":\"%s\","
                          "\"line\":\"game sauspiel:E declarer=Anna won\"}",
                          code, key);
    assert_string_not_equal(en, de); /* the same refusal in two languages */
    free(en);
    free(de);
    o = bk_ask(&a, "book_done",
               "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":0,\"line\":\"game sauspiel:E "
               "declarer=Anna partner=Bert won\"}",
               code);
    assert_int_equal(json_integer_value(json_object_get(o, "seq")), 1);
    json_decref(o);
    o = bk_update(&b, code, 1, key);
    json_t *rows = json_object_get(json_object_get(o, "view"), "rows");
    assert_int_equal(json_array_size(rows), 1);
    json_t *money = json_object_get(json_array_get(rows, 0), "money");
    int64_t sum = 0;
    for (size_t i = 0; i < json_array_size(money); i++)
        sum += json_integer_value(json_array_get(money, i));
    assert_int_equal(sum, 0); /* 5.3.3: every deal sums to zero */
    assert_true(json_integer_value(json_array_get(money, 0)) > 0);
    json_decref(o);
    /* a stale line (seq 0 again) is refused, not booked twice */
    free(bk_refused(&a, "stale",
                    "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":0,\"line\":\"game "
                    "solo:H declarer=Bert points=80\"}",
                    code));
    /* undo (3.4.1) with the key, then a new line gets seq 3 */
    free(bk_refused(&b, "forbidden", "{\"type\":\"book_undo\",\"book\":\"%s\",\"seq\":1}", code));
    json_decref(bk_ask(&a, "book_done", "{\"type\":\"book_undo\",\"book\":\"%s\",\"seq\":1}", code));
    o = bk_update(&b, code, 1, key);
    assert_int_equal(json_array_size(json_object_get(json_object_get(o, "view"), "rows")), 0);
    json_decref(o);
    json_decref(bk_ask(&a, "book_done",
                       "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":1,\"line\":\"game "
                       "solo:H declarer=Bert points=80\"}",
                       code));
    o = bk_update(&b, code, 2, key);
    json_decref(o);
    /* told, so stored: kill -9 at once, restart, it is there */
    skt_ws_close(&a);
    skt_ws_close(&b);
    skt_server_stop(&srv, SIGKILL);
    assert_int_equal(skt_server_start_args(&srv, db, NULL), 0);
    bk_conn(&b, srv.port, "Gast", "de");
    o = bk_ask(&b, "book", "{\"type\":\"book_open\",\"book\":\"%s\"}", code);
    assert_int_equal(json_integer_value(json_object_get(o, "seq")), 2);
    json_t *lines = json_object_get(o, "lines");
    assert_int_equal(json_array_size(lines), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(lines, 0), "seq")), 2);
    json_decref(o);
    /* the key still writes after the restart */
    json_decref(bk_ask(&b, "book_done",
                       "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":2,\"key\":\"%s\","
                       "\"line\":\"zusammen\"}",
                       code, key));
    char path[200], *body = NULL;
    snprintf(path, sizeof path, "/api/books/%s/sheet.csv", code);
    assert_int_equal(skt_http_get(srv.port, path, &body, NULL), 200);
    assert_non_null(strstr(body, "Anna"));
    free(body);
    skt_ws_close(&b);
    finish(&srv, dir);
}

/* A group: the roster, an evening of it written with the group's key. */
static void test_book_group(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_ws a;
    bk_conn(&a, srv.port, "Wirt", "de");
    json_t *o = bk_ask(&a, "book_created",
                       "{\"type\":\"book_create\",\"kind\":\"group\",\"title\":\"Stammtisch\","
                       "\"players\":[\"Anna\",\"Bert\",\"Carl\",\"Dora\",\"Emil\"]}");
    char group[17], key[65];
    snprintf(group, sizeof group, "%s", json_string_value(json_object_get(o, "book")));
    snprintf(key, sizeof key, "%s", json_string_value(json_object_get(o, "key")));
    json_decref(o);
    json_decref(expect(&a, "book", SKT_STALL));
    /* an evening needs the group's key (a second connection has none) */
    skt_ws b;
    bk_conn(&b, srv.port, "Gast", "en");
    free(bk_refused(&b, "forbidden",
                    "{\"type\":\"book_create\",\"kind\":\"sheet\",\"group\":\"%s\","
                    "\"players\":[\"Anna\",\"Bert\",\"Carl\",\"Dora\"]}",
                    group));
    free(bk_refused(&a, "bad_message",
                    "{\"type\":\"book_create\",\"kind\":\"sheet\",\"group\":\"%s\","
                    "\"players\":[\"Anna\",\"Bert\",\"Carl\",\"Xaver\"]}",
                    group));
    o = bk_ask(&a, "book_created",
               "{\"type\":\"book_create\",\"kind\":\"sheet\",\"group\":\"%s\","
               "\"players\":[\"Bert\",\"Carl\",\"Dora\",\"Emil\"],\"first_dealer\":1}",
               group);
    assert_null(json_object_get(o, "key")); /* the group's key writes it */
    char evening[17];
    snprintf(evening, sizeof evening, "%s", json_string_value(json_object_get(o, "book")));
    json_decref(o);
    json_decref(bk_ask(&b, "book", "{\"type\":\"book_open\",\"book\":\"%s\"}", evening));
    json_decref(bk_ask(&b, "book_done",
                       "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":0,\"key\":\"%s\","
                       "\"line\":\"game solo:G declarer=Emil points=70\"}",
                       evening, key));
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"book_open\",\"book\":\"%s\"}", group);
    assert_int_equal(skt_ws_send(&b, msg), 0);
    o = bk_update(&b, group, 0, NULL); /* (the evening's update may come first) */
    json_t *view = json_object_get(o, "view");
    assert_int_equal(json_array_size(json_object_get(view, "evenings")), 1);
    json_t *stats = json_object_get(view, "stats");
    assert_string_equal(json_string_value(json_object_get(json_array_get(stats, 4), "name")),
                        "Emil");
    assert_true(json_integer_value(json_object_get(json_array_get(stats, 4), "money")) > 0);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(stats, 0), "evenings")),
                     0); /* Anna sat out */
    /* the figures are the table layer's statistics (sheet_stats.c), as
     * `schafkopf sheet`'s stats prints them: Emil's Solo won, Bert defended */
    json_t *emil = json_array_get(stats, 4), *bert = json_array_get(stats, 1);
    assert_int_equal(json_integer_value(json_object_get(emil, "games")), 1);
    assert_int_equal(json_integer_value(json_object_get(emil, "declared")), 1);
    assert_int_equal(json_integer_value(json_object_get(emil, "won")), 1);
    json_t *solo = json_object_get(json_object_get(emil, "by_class"), "Solo");
    assert_int_equal(json_integer_value(json_object_get(solo, "played")), 1);
    assert_int_equal(json_integer_value(json_object_get(solo, "won")), 1);
    assert_int_equal(json_integer_value(json_object_get(bert, "defender")), 1);
    assert_int_equal(json_integer_value(json_object_get(bert, "defender_won")), 0);
    assert_int_equal(json_integer_value(json_object_get(bert, "declared")), 0);
    assert_int_equal(json_integer_value(json_object_get(view, "played_evenings")), 1);
    assert_int_equal(json_integer_value(json_object_get(view, "games")), 1);
    assert_int_equal(json_integer_value(json_object_get(emil, "money")),
                     -3 * json_integer_value(json_object_get(bert, "money")));
    json_decref(o);
    /* the money chart of the group and of the evening: the table layer's
     * SVG with the players' names (the group's in English on ?lang=en) */
    const char *const books[2] = {group, evening};
    for (int i = 0; i < 2; i++) {
        char path[120], *body = NULL, *head = NULL;
        snprintf(path, sizeof path, "/api/books/%s/chart.svg%s", books[i], i ? "" : "?lang=en");
        assert_int_equal(skt_http_get_head(srv.port, path, &body, NULL, &head), 200);
        for (char *c = head; *c; c++) /* header names are any case */
            *c = (char)tolower((unsigned char)*c);
        assert_non_null(strstr(head, "content-type: image/svg+xml"));
        assert_non_null(strstr(body, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_non_null(strstr(body, "</svg>"));
        assert_non_null(strstr(body, "Emil"));
        assert_non_null(strstr(body, "Bert"));
        assert_null(strstr(body, "Anna")); /* she sat at no evening */
        assert_non_null(strstr(body, i ? "Geld im Verlauf" : "Money over time"));
        free(body);
        free(head);
    }
    char *body = NULL;
    snprintf(msg, sizeof msg, "/api/books/%s/chart.png", group);
    assert_int_equal(skt_http_get(srv.port, msg, &body, NULL), 404);
    free(body);
    /* creating books is limited per connection: 10 attempts at once,
     * then one every 10 s (a has made 3); a connection follows 8 books,
     * the first it followed goes */
    for (int i = 0; i < 7; i++) {
        json_decref(bk_ask(&a, "book_created",
                           "{\"type\":\"book_create\",\"kind\":\"tournament\",\"seed\":\"s%d\"}", i));
        json_decref(expect(&a, "book", SKT_STALL));
    }
    free(bk_refused(&a, "rate", "{\"type\":\"book_create\",\"kind\":\"tournament\",\"seed\":\"x\"}"));
    skt_ws_close(&a);
    skt_ws_close(&b);
    finish(&srv, dir);
}

/* A tournament of 13 (5.2.2: a five-seat table): the organiser's key
 * registers and draws; a table key enters only its own table's games
 * and never approves; the standings follow live; QR codes need the
 * organiser key; kill -9 and a restart keep everything, table keys too. */
static void test_book_tournament(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64], db[600];
    start(&srv, dir, sizeof dir, NULL);
    snprintf(db, sizeof db, "%s/server.db", dir);
    skt_ws org, tab, look;
    bk_conn(&org, srv.port, "Leitung", "de");
    json_t *o = bk_ask(&org, "book_created",
                       "{\"type\":\"book_create\",\"kind\":\"tournament\",\"title\":\"Feldmoching\","
                       "\"seed\":\"Feldmoching 2026\"}");
    char code[17], key[65];
    snprintf(code, sizeof code, "%s", json_string_value(json_object_get(o, "book")));
    snprintf(key, sizeof key, "%s", json_string_value(json_object_get(o, "key")));
    json_decref(o);
    json_decref(expect(&org, "book", SKT_STALL));
    static const char *const names[] = {"Anna", "Bert", "Carl",  "Dora",  "Emil",
                                        "Fritz", "Gerti", "Hans", "Ida",   "Jakob",
                                        "Kathi", "Luise", "Max"};
    uint64_t seq = 0;
    char line[200];
    for (int i = 0; i < 13; i++) {
        snprintf(line, sizeof line, "anmelden %s bezahlt", names[i]);
        json_decref(bk_ask(&org, "book_done",
                           "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":%llu,\"line\":\"%s\"}",
                           code, (unsigned long long)seq++, line));
    }
    json_decref(bk_ask(&org, "book_done",
                       "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":%llu,\"line\":\"spiele 4\"}",
                       code, (unsigned long long)seq++));
    /* before the draw there is no table key: QR 404 */
    char path[300], *body = NULL;
    json_decref(bk_ask(&org, "book_done",
                       "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":%llu,"
                       "\"line\":\"auslosen 1 fuenf\"}",
                       code, (unsigned long long)seq++));
    snprintf(path, sizeof path, "/api/books/%s/qr/1-3.svg", code);
    assert_int_equal(skh_get_key(srv.port, path, key, &body), 200);
    assert_non_null(strstr(body, "<svg"));
    free(body);
    /* the key never in the address: an old ?key= link is refused, not
     * taken (docs/server.md, "Keys"); a POST's form carries it too */
    snprintf(path, sizeof path, "/api/books/%s/qr/1-3.svg?key=%s", code, key);
    assert_int_equal(skt_http_get(srv.port, path, &body, NULL), 400);
    assert_null(strstr(body, "<svg"));
    free(body);
    snprintf(path, sizeof path, "/api/books/%s/sheets-1.html?lang=en&key=%s", code, key);
    assert_int_equal(skt_http_get(srv.port, path, &body, NULL), 400);
    assert_null(strstr(body, "table-link"));
    free(body);
    char form[120];
    snprintf(form, sizeof form, "key=%s&lang=en", key);
    snprintf(path, sizeof path, "/api/books/%s/sheets-1.html", code);
    assert_int_equal(skh_http(srv.port, "POST", path, "", form, &body, NULL), 200);
    assert_non_null(strstr(body, "class=table-link"));
    assert_non_null(strstr(body, "<link rel=\"stylesheet\" href=\"/api/print.css\">"));
    assert_null(strstr(body, "<style")); /* the policy allows no inline style */
    assert_null(strstr(body, "style="));
    free(body);
    snprintf(form, sizeof form, "key=%.40s&lang=en", key); /* a wrong key: no table links */
    assert_int_equal(skh_http(srv.port, "POST", path, "", form, &body, NULL), 200);
    assert_null(strstr(body, "table-link"));
    free(body);
    snprintf(path, sizeof path, "/api/books/%s/qr/1-3.svg", code);
    assert_int_equal(skt_http_get(srv.port, path, &body, NULL), 403);
    free(body);
    snprintf(path, sizeof path, "/api/books/%s/sheets-1.html", code);
    assert_int_equal(skt_http_get(srv.port, path, &body, NULL), 200);
    assert_null(strstr(body, "table-link")); /* no keys without the organiser's */
    free(body);
    char tkey[33], tkey1[33];
    bk_table_key(srv.port, code, key, 1, 3, tkey);
    bk_table_key(srv.port, code, key, 1, 1, tkey1);
    assert_string_not_equal(tkey, tkey1);
    /* the five-seat table's phone: only its own games */
    bk_conn(&tab, srv.port, "Tisch3", "en");
    bk_conn(&look, srv.port, "Saal", "de");
    o = bk_ask(&look, "book", "{\"type\":\"book_open\",\"book\":\"%s\"}", code);
    json_t *tables = json_object_get(
        json_array_get(json_object_get(json_object_get(o, "view"), "stages"), 0), "tables");
    assert_int_equal(json_array_size(tables), 3);
    assert_int_equal(json_array_size(json_object_get(json_array_get(tables, 2), "start")), 5);
    json_decref(o);
    o = bk_ask(&tab, "book", "{\"type\":\"book_open\",\"book\":\"%s\",\"key\":\"%s\"}", code,
               tkey);
    assert_string_equal(json_string_value(json_object_get(o, "may")), "table");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(o, "table"), "table")), 3);
    json_decref(o);
    free(bk_refused(&tab, "forbidden",
                    "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":%llu,\"line\":\"table 1 game "
                    "sauspiel:E declarer=1 partner=2 won\"}",
                    code, (unsigned long long)seq));
    free(bk_refused(&tab, "forbidden",
                    "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":%llu,\"line\":\"anmelden "
                    "Xaver bezahlt\"}",
                    code, (unsigned long long)seq));
    /* 5.2.14: approval is the referee's, not the table's */
    free(bk_refused(&tab, "forbidden",
                    "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":%llu,\"line\":\"table 3 "
                    "approved game solo:E:tout declarer=2 won\"}",
                    code, (unsigned long long)seq));
    /* 5.2.15 (docs/tournament.md): game 1, the dealer (seat 1) sits out */
    o = bk_ask(&tab, "book_done",
               "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":%llu,\"line\":\"table 3 game "
               "sauspiel:E declarer=2 partner=3 won\"}",
               code, (unsigned long long)seq);
    assert_int_equal(json_integer_value(json_object_get(o, "seq")), (json_int_t)++seq);
    json_decref(o);
    o = bk_update(&look, code, seq, tkey);
    json_t *standings = json_object_get(json_object_get(o, "view"), "standings");
    assert_int_equal(json_array_size(standings), 13);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(standings, 0), "points")),
                     1);
    json_decref(o);
    /* kill -9, restart: the lines, the table key still enters */
    skt_ws_close(&org);
    skt_ws_close(&tab);
    skt_ws_close(&look);
    skt_server_stop(&srv, SIGKILL);
    assert_int_equal(skt_server_start_args(&srv, db, NULL), 0);
    bk_conn(&tab, srv.port, "Tisch3", "de");
    o = bk_ask(&tab, "book", "{\"type\":\"book_open\",\"book\":\"%s\",\"key\":\"%s\"}", code,
               tkey);
    assert_string_equal(json_string_value(json_object_get(o, "may")), "table");
    assert_int_equal(json_integer_value(json_object_get(o, "seq")), (json_int_t)seq);
    json_t *lines = json_object_get(o, "lines"); /* the audit: who entered it */
    assert_string_equal(
        json_string_value(json_object_get(json_array_get(lines, json_array_size(lines) - 1), "by")),
        "table 1/3");
    assert_string_equal(json_string_value(json_object_get(json_array_get(lines, 0), "by")),
                        "Leitung");
    json_decref(o);
    json_decref(bk_ask(&tab, "book_done",
                       "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":%llu,\"line\":\"tisch 3 "
                       "spiel wenz spieler=1 augen=70\"}",
                       code, (unsigned long long)seq++));
    snprintf(path, sizeof path, "/api/books/%s/standings.html?lang=en", code);
    assert_int_equal(skt_http_get(srv.port, path, &body, NULL), 200);
    assert_non_null(strstr(body, "Standings"));
    free(body);
    skt_ws_close(&tab);
    finish(&srv, dir);
}

/* The account that created a book writes it without the key, from any
 * device where it is logged in; nobody else does. */
static void test_book_owner(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_ws a, b, g;
    bk_conn(&a, srv.port, "Wirt", "de");
    json_decref(bk_ask(&a, "welcome",
                       "{\"type\":\"register\",\"name\":\"Kronenwirt\",\"password\":\"Herz-Solo Tout\"}"));
    json_t *o = bk_ask(&a, "book_created",
                       "{\"type\":\"book_create\",\"kind\":\"sheet\",\"players\":[\"Anna\",\"Bert\","
                       "\"Carl\",\"Dora\"]}");
    char code[17];
    snprintf(code, sizeof code, "%s", json_string_value(json_object_get(o, "book")));
    json_decref(o);
    bk_conn(&b, srv.port, "Handy", "de");
    json_decref(bk_ask(&b, "welcome",
                       "{\"type\":\"login\",\"name\":\"kronenwirt\",\"password\":\"Herz-Solo Tout\"}"));
    o = bk_ask(&b, "book", "{\"type\":\"book_open\",\"book\":\"%s\"}", code);
    assert_string_equal(json_string_value(json_object_get(o, "may")), "edit");
    json_decref(o);
    json_decref(bk_ask(&b, "book_done",
                       "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":0,\"line\":\"zusammen\"}",
                       code));
    bk_conn(&g, srv.port, "Gast", "de");
    free(bk_refused(&g, "forbidden",
                    "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":1,\"line\":\"zusammen\"}",
                    code));
    skt_ws_close(&a);
    skt_ws_close(&b);
    skt_ws_close(&g);
    finish(&srv, dir);
}

/* Runs `SK_PROG ARGS` with `input` on stdin in the directory `dir` and
 * returns its output and errors (malloc'd) and its exit status. */
static char *bk_cli(const char *dir, const char *input, const char *args, int *status)
{
    char in[600], cmd[2000];
    snprintf(in, sizeof in, "%s/input.txt", dir);
    FILE *f = fopen(in, "w");
    assert_non_null(f);
    fputs(input, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s < '%s' 2>&1", dir, getenv("SK_PROG"), args, in);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap);
    assert_non_null(out);
    size_t k;
    while ((k = fread(out + len, 1, cap - len - 1, p)) > 0) {
        len += k;
        if (len + 1 == cap)
            out = realloc(out, cap *= 2);
    }
    out[len] = '\0';
    *status = pclose(p);
    return out;
}

/* The word after `after` in text (letters and digits) into out. */
static void bk_word_after(const char *text, const char *after, char *out, size_t size)
{
    const char *p = strstr(text, after);
    assert_non_null(p);
    p += strlen(after);
    size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789");
    assert_true(n > 0 && n < size);
    memcpy(out, p, n);
    out[n] = '\0';
}

/* The same store from both doors (issue 18): an evening of a group
 * begun in the terminal (`schafkopf sheet --db`) opens on the server
 * with its lines, takes a line there with the key the terminal printed,
 * and goes on in the terminal after the server stops. */
static void test_book_interop_sheet(void **state)
{
    (void)state;
    char dir[64], db[600], args[900];
    tmpdir_make(dir, sizeof dir);
    snprintf(db, sizeof db, "%s/server.db", dir);
    snprintf(args, sizeof args,
             "sheet --db '%s' --group Stammtisch --roster Anna,Bert,Carl,Dora,Emil "
             "--players Anna,Bert,Carl,Dora",
             db);
    int status;
    char *out = bk_cli(dir,
                       "game sauspiel:E declarer=Anna partner=Bert points=70\n"
                       "game solo:G declarer=Carl points=80\nquit\n",
                       args, &status);
    assert_int_equal(status, 0);
    char evening[24], key[80];
    bk_word_after(out, "Neuer Abend ", evening, sizeof evening);
    const char *ev = strstr(out, "Neuer Abend ");
    bk_word_after(ev, "Schlüssel für die Seiten des Servers: ", key, sizeof key);
    assert_int_equal(strlen(evening), 16);
    assert_int_equal(strlen(key), 64);
    free(out);
    out = bk_cli(dir, "", "sheet --db server.db --list", &status); /* --list shows the codes */
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, evening));
    assert_non_null(strstr(out, "Stammtisch"));
    free(out);

    skt_server srv;
    assert_int_equal(skt_server_start_args(&srv, db, NULL), 0);
    skt_ws w;
    bk_conn(&w, srv.port, "Wirt", "de");
    json_t *o = bk_ask(&w, "book", "{\"type\":\"book_open\",\"book\":\"%s\"}", evening);
    json_t *lines = json_object_get(o, "lines");
    assert_int_equal(json_array_size(lines), 2);
    assert_non_null(strstr(json_string_value(json_object_get(json_array_get(lines, 1), "line")),
                           "declarer=Carl"));
    assert_int_equal(json_array_size(json_object_get(json_object_get(o, "view"), "rows")), 2);
    json_int_t seq = json_integer_value(json_object_get(o, "seq"));
    json_decref(o);
    json_decref(bk_ask(&w, "book_done",
                       "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":%lld,\"key\":\"%s\","
                       "\"line\":\"game wenz declarer=Dora points=40\"}",
                       evening, (long long)seq, key));
    skt_ws_close(&w);
    status = skt_server_stop(&srv, SIGTERM);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);

    /* the terminal goes on with the evening (the group's of the last 12 hours) */
    snprintf(args, sizeof args, "sheet --db '%s' --group Stammtisch", db);
    out = bk_cli(dir,
                 "thrown_in\ngame sauspiel:S declarer=Bert partner=Anna points=61\n"
                 "game wenz declarer=Anna won\nshow\nquit\n",
                 args, &status);
    assert_int_equal(status, 0);
    char goes_on[80];
    snprintf(goes_on, sizeof goes_on, "Abend %s, 3 Spiele", evening); /* the same, with 3 */
    assert_non_null(strstr(out, goes_on));
    assert_null(strstr(out, "Neuer Abend"));
    assert_non_null(strstr(out, "Dora Wenz verloren (40)")); /* the server's line, shown */
    assert_non_null(strstr(out, "Spiel 6: Anna Wenz gewonnen"));
    assert_null(strstr(out, "Abgelehnt"));
    free(out);
    tmpdir_remove(dir);
}

/* The same for a tournament (`schafkopf tournament --db`): registered,
 * drawn and a game in the terminal; the server shows them and takes a
 * game with the organiser's key the terminal printed; the terminal goes
 * on after the server stops. */
static void test_book_interop_tournament(void **state)
{
    (void)state;
    char dir[64], db[600], args[900];
    tmpdir_make(dir, sizeof dir);
    snprintf(db, sizeof db, "%s/server.db", dir);
    snprintf(args, sizeof args, "tournament --db '%s' --name Feld --seed 'Feld 2026'", db);
    int status;
    char *out = bk_cli(dir,
                       "anmelden Anna bezahlt\nanmelden Bert bezahlt\nanmelden Carl bezahlt\n"
                       "anmelden Dora bezahlt\nanmelden Emil bezahlt\nanmelden Fritz bezahlt\n"
                       "anmelden Gerti bezahlt\nanmelden Hans bezahlt\nspiele 4\nauslosen 1\n"
                       "tisch 1 spiel sauspiel:E spieler=1 partner=2 gewonnen\nquit\n",
                       args, &status);
    assert_int_equal(status, 0);
    char code[24], key[80];
    bk_word_after(out, "Neues Turnier Feld (", code, sizeof code);
    bk_word_after(out, "Schlüssel für die Seiten des Servers: ", key, sizeof key);
    assert_int_equal(strlen(code), 16);
    assert_int_equal(strlen(key), 64);
    free(out);
    out = bk_cli(dir, "", "sheet --db server.db --list", &status);
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, code));
    free(out);

    skt_server srv;
    assert_int_equal(skt_server_start_args(&srv, db, NULL), 0);
    skt_ws w;
    bk_conn(&w, srv.port, "Leitung", "de");
    json_t *o = bk_ask(&w, "book", "{\"type\":\"book_open\",\"book\":\"%s\",\"key\":\"%s\"}",
                       code, key);
    assert_string_equal(json_string_value(json_object_get(o, "may")), "edit");
    assert_int_equal(json_array_size(json_object_get(o, "lines")), 11);
    json_t *view = json_object_get(o, "view");
    assert_int_equal(json_array_size(json_object_get(view, "players")), 8);
    json_t *tables = json_object_get(json_array_get(json_object_get(view, "stages"), 0), "tables");
    assert_int_equal(json_array_size(tables), 2);
    assert_int_equal(json_array_size(json_object_get(json_array_get(tables, 0), "games")), 1);
    json_int_t seq = json_integer_value(json_object_get(o, "seq"));
    json_decref(o);
    json_decref(bk_ask(&w, "book_done",
                       "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":%lld,\"key\":\"%s\","
                       "\"line\":\"tisch 1 spiel wenz spieler=3 augen=70\"}",
                       code, (long long)seq, key));
    skt_ws_close(&w);
    status = skt_server_stop(&srv, SIGTERM);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);

    snprintf(args, sizeof args, "tournament --db '%s' --name Feld", db);
    out = bk_cli(dir,
                 "tisch 2 spiel wenz spieler=1 augen=70\n"
                 "tisch 1 spiel solo:G spieler=4 augen=40\n"
                 "tisch 2 spiel sauspiel:S spieler=2 partner=3 verloren\nliste 1\nquit\n",
                 args, &status);
    assert_int_equal(status, 0);
    assert_null(strstr(out, "Neues Turnier"));
    assert_null(strstr(out, "Abgelehnt"));
    assert_non_null(strstr(out, "Tisch 1, Spiel 3:")); /* after the server's game 2 */
    assert_non_null(strstr(out, "Tisch 2, Spiel 2:"));
    const char *list = strstr(out, "Runde 1, Tisch 1"); /* `liste 1`, after the games */
    assert_non_null(list);
    assert_non_null(strstr(list, "Wenz")); /* the server's game on table 1's list */
    assert_non_null(strstr(list, "Gras-Solo"));
    free(out);
    tmpdir_remove(dir);
}

#define SKT_BOOK_TESTS                                                                           \
    cmocka_unit_test(test_book_sheet), cmocka_unit_test(test_book_group),                        \
        cmocka_unit_test(test_book_tournament), cmocka_unit_test(test_book_owner),           \
        cmocka_unit_test(test_book_interop_sheet), cmocka_unit_test(test_book_interop_tournament),
