/*
 * server_book_entry.c -- what a book's entry form may offer (the view's
 * `entry`, docs/server-protocol.md "book"), included by test_server.c
 * after server_books.c (its bk_* helpers): the contracts and fields of
 * a ruleset, and every contract offered booked by a line.
 */

/* A new evening of `players` (a JSON array) under `rules` (a JSON
 * object): its code, and the `entry` of its first `book` (the caller's). */
static json_t *bk_evening(skt_ws *w, const char *players, const char *rules, char code[17])
{
    json_t *o = bk_ask(w, "book_created",
                       "{\"type\":\"book_create\",\"kind\":\"sheet\",\"players\":%s,"
                       "\"rules\":%s}",
                       players, rules);
    snprintf(code, 17, "%s", json_string_value(json_object_get(o, "book")));
    json_decref(o);
    o = expect(w, "book", SKT_STALL);
    assert_non_null(o);
    json_t *entry = json_incref(json_object_get(json_object_get(o, "view"), "entry"));
    json_decref(o);
    assert_non_null(entry);
    return entry;
}

/* Whether the entry's contracts list the code. */
static bool bk_offers(const json_t *entry, const char *code)
{
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(entry, "contracts"), i, c)
        if (strcmp(json_string_value(c), code) == 0)
            return true;
    return false;
}

/* An entry's flag `key` (true, false or missing). */
static bool bk_flag(const json_t *entry, const char *key)
{
    return json_is_true(json_object_get(entry, key));
}

/* An entry's number `key`. */
static int bk_most(const json_t *entry, const char *key)
{
    return (int)json_integer_value(json_object_get(entry, key));
}

/* Sends one line of an evening: true when booked, false when refused. */
static bool bk_line_taken(skt_ws *w, const char *code, uint64_t seq, const char *line)
{
    char msg[400];
    snprintf(msg, sizeof msg,
             "{\"type\":\"book_line\",\"book\":\"%s\",\"seq\":%llu,\"line\":\"%s\"}", code,
             (unsigned long long)seq, line);
    assert_int_equal(skt_ws_send(w, msg), 0);
    for (;;) {
        json_t *o = expect(w, NULL, SKT_STALL);
        assert_non_null(o);
        const char *t = json_string_value(json_object_get(o, "type"));
        bool done = t && strcmp(t, "book_done") == 0, error = t && strcmp(t, "error") == 0;
        if (error)
            assert_string_equal(json_string_value(json_object_get(o, "code")), "refused");
        json_decref(o);
        if (done || error)
            return done;
    }
}

/* What the entry form may offer (the view's `entry`) follows the
 * ruleset: the official rules play no Hochzeit, Farbgeier or Ramsch and
 * no lays; a Stammtisch with Schieberamsch and Klopfen all of them;
 * Muss and Kreuzbock where all passing plays one; three players no
 * Sauspiel; a tournament no Kontra (5.2.4).  Every contract offered is
 * one a line books. */
static void test_book_entry(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64], code[17];
    const char *extra[] = {"--rate", "1000", NULL}; /* a line per contract, at once */
    start(&srv, dir, sizeof dir, extra);
    skt_ws w;
    bk_conn(&w, srv.port, "Wirt", "en");
    const char *four = "[\"Anna\",\"Bert\",\"Carl\",\"Dora\"]";
    json_t *e = bk_evening(&w, four, "{\"preset\":\"official\",\"overrides\":{}}", code);
    assert_true(bk_offers(e, "sauspiel:E") && bk_offers(e, "solo:H"));
    assert_true(bk_offers(e, "solo:H:tout") && bk_offers(e, "wenz:tout") && bk_offers(e, "sie"));
    assert_false(bk_offers(e, "sauspiel:H") || bk_offers(e, "hochzeit") || bk_offers(e, "geier"));
    assert_false(bk_offers(e, "farbgeier:E") || bk_offers(e, "bettel") || bk_offers(e, "sie:tout"));
    assert_true(bk_flag(e, "thrown_in"));
    assert_false(bk_flag(e, "ramsch") || bk_flag(e, "muss") || bk_flag(e, "kreuzbock"));
    assert_int_equal(bk_most(e, "kontra"), 2);
    assert_int_equal(bk_most(e, "laid"), 0);
    json_decref(e);

    e = bk_evening(&w, four,
                   "{\"preset\":\"stammtisch\",\"overrides\":{\"ramsch_schieben\":\"yes\","
                   "\"klopfen\":\"all\"}}",
                   code);
    assert_true(bk_offers(e, "hochzeit") && bk_offers(e, "geier"));
    assert_true(bk_offers(e, "farbgeier:S") && bk_offers(e, "farbgeier:S:tout"));
    assert_true(bk_offers(e, "bettel") && bk_offers(e, "bettel:ouvert"));
    assert_false(bk_offers(e, "hochzeit:tout") || bk_offers(e, "bettel:tout"));
    assert_true(bk_flag(e, "thrown_in") && bk_flag(e, "ramsch") && bk_flag(e, "winners"));
    assert_true(bk_flag(e, "jungfrau") && bk_flag(e, "durchmarsch"));
    assert_int_equal(bk_most(e, "laid"), 4);
    /* every contract offered books (alone, or with a partner) */
    uint64_t seq = 0;
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(e, "contracts"), i, c) {
        const char *cc = json_string_value(c);
        char line[200];
        snprintf(line, sizeof line, "game %s declarer=Anna won", cc);
        bool taken = bk_line_taken(&w, code, seq, line);
        if (!taken) {
            snprintf(line, sizeof line, "game %s declarer=Anna partner=Bert won", cc);
            taken = bk_line_taken(&w, code, seq, line);
        }
        if (!taken)
            fail_msg("%s offered but not booked", cc);
        seq++;
    }
    assert_true(bk_line_taken(&w, code, seq++, "ramsch losers=Carl winners=Anna,Bert jungfrau=1"));
    assert_true(bk_line_taken(&w, code, seq++,
                              "penalty 3.4.18 solo:H declarer=Anna offender=Bert revealer=Carl"));
    json_decref(e);

    e = bk_evening(&w, four, "{\"preset\":\"official\",\"overrides\":{\"all_pass\":\"muss\"}}",
                   code);
    assert_true(bk_flag(e, "muss"));
    assert_false(bk_flag(e, "thrown_in") || bk_flag(e, "ramsch"));
    json_decref(e);
    e = bk_evening(&w, four,
                   "{\"preset\":\"official\",\"overrides\":{\"all_pass\":\"kreuzbock\"}}", code);
    assert_true(bk_flag(e, "kreuzbock"));
    assert_false(bk_flag(e, "muss") || bk_flag(e, "thrown_in"));
    assert_true(bk_line_taken(&w, code, 0, "game kreuzbock declarer=Anna won"));
    json_decref(e);
    e = bk_evening(&w, "[\"Anna\",\"Bert\",\"Carl\"]", "{\"preset\":\"kurz\",\"overrides\":{}}",
                   code);
    assert_true(bk_offers(e, "solo:E") && bk_offers(e, "wenz"));
    assert_false(bk_offers(e, "sauspiel:E") || bk_offers(e, "geier"));
    json_decref(e);

    json_t *o = bk_ask(&w, "book_created",
                       "{\"type\":\"book_create\",\"kind\":\"tournament\",\"seed\":\"Entry\"}");
    json_decref(o);
    o = expect(&w, "book", SKT_STALL);
    e = json_object_get(json_object_get(o, "view"), "entry");
    assert_int_equal(bk_most(e, "kontra"), 0);
    assert_true(bk_offers(e, "sauspiel:G") && !bk_offers(e, "hochzeit"));
    json_decref(o);
    skt_ws_close(&w);
    finish(&srv, dir);
}

#define SKT_BOOK_ENTRY_TESTS cmocka_unit_test(test_book_entry),
