/*
 * server_presence.c -- presence at a table, included by test_server.c
 * after server_table.c (issue 40, docs/server-protocol.md "presence",
 * "absence", "next"): a seated person who drops off is marked away for
 * the others at once and unmarked when back; what his stand-in did is
 * reported to him on his return; a table with no person connected
 * pauses completely (no money moves) unless it is all bots or plays on;
 * the next deal waits for the settlement to be seen; the creator sits
 * at once.
 */

/* Closes a connection as a page does: a WebSocket close frame, then
 * the socket. */
static void skt_page_close(skt_ws *w)
{
    skt_ws_frame(w, 8, "\x03\xe8", 2);
    skt_ws_close(w);
}

/* Opens a player's connection again with his token: the rooms where
 * he sits follow (their states are left to the caller). */
static void skt_reopen(skt_player *p, int port, const char *name)
{
    assert_int_equal(skt_ws_open(&p->w, port, NULL), 0);
    json_t *wel = say_hello(&p->w, name, p->token);
    assert_true(json_is_true(json_object_get(wel, "resumed")));
    json_decref(wel);
}

/* Joins p to the room of `host` in `seat`. */
static void skt_join(skt_player *p, const skt_player *host, int seat)
{
    snprintf(p->room, sizeof p->room, "%s", host->room);
    json_decref(skt_request(p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", seat, "state"));
}

/* Seats bots of `bot` in seats from..3 of p's room. */
static void skt_bots(skt_player *p, int from, const char *bot)
{
    char msg[200];
    for (int s = from; s < 4; s++) {
        snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"%s\"}",
                 p->room, s, bot);
        assert_int_equal(skt_ws_send(&p->w, msg), 0);
    }
}

/* The next `presence` message of `seat` to p (others skipped); fails on
 * a stall. */
static json_t *skt_presence(skt_player *p, int seat)
{
    for (;;) {
        json_t *o = expect(&p->w, "presence", SKT_STALL);
        if (!o)
            fail_msg("no presence message of seat %d", seat);
        if (json_integer_value(json_object_get(o, "seat")) == seat)
            return o;
        json_decref(o);
    }
}

/* Plays the seats of a and b (a person each, bots elsewhere) until a
 * saw `games` more results, serving both sockets; b may be closed
 * (fd < 0).  Fails when nothing came on either for the stall bound. */
static void skt_play_two(skt_player *a, skt_player *b, int games)
{
    a->target = a->results + games;
    b->target = b->results + games;
    int64_t last = skt_ms();
    while (a->results < a->target) {
        bool got = false;
        skt_player *ps[2] = {a, b};
        for (int i = 0; i < 2; i++) {
            if (ps[i]->w.fd < 0)
                continue;
            char *text = skt_ws_recv(&ps[i]->w, 20);
            if (!text)
                continue;
            got = true;
            json_t *o = json_loads(text, 0, NULL);
            free(text);
            assert_non_null(o);
            skt_take(ps[i], o);
            json_decref(o);
        }
        if (got)
            last = skt_ms();
        else if (skt_ms() - last > SKT_STALL)
            fail_msg("stalled: no message for %d s", SKT_STALL / 1000);
    }
    if (a->bad[0] || b->bad[0])
        fail_msg("%s", a->bad[0] ? a->bad : b->bad);
}

/* The creator sits in seat 0 at once (`created` says so, the state has
 * him there); with "watch": true he follows as a spectator. */
static void test_creator_seated(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p;
    skt_player_open(&p, srv.port, "Anna", 0, 1);
    assert_int_equal(skt_ws_send(&p.w, "{\"type\":\"create\",\"rules\":{\"preset\":\"official\"}}"),
                     0);
    json_t *c = expect(&p.w, "created", SKT_STALL);
    assert_non_null(c);
    assert_int_equal(json_integer_value(json_object_get(c, "seat")), 0);
    snprintf(p.room, sizeof p.room, "%s", json_string_value(json_object_get(c, "room")));
    json_decref(c);
    json_t *st = expect(&p.w, "state", SKT_STALL);
    assert_int_equal(json_integer_value(json_object_get(st, "seat")), 0);
    json_t *seat0 = json_array_get(json_object_get(json_object_get(st, "state"), "seats"), 0);
    assert_string_equal(json_string_value(json_object_get(seat0, "kind")), "human");
    assert_string_equal(json_string_value(json_object_get(seat0, "name")), "Anna");
    assert_false(json_is_true(json_object_get(seat0, "away")));
    json_t *inner = json_object_get(st, "state");
    assert_int_equal(json_integer_value(json_object_get(inner, "settle")), 8); /* the default */
    assert_false(json_is_true(json_object_get(inner, "play_on")));
    assert_false(json_is_true(json_object_get(inner, "idle")));
    json_decref(st);
    /* join of his own seat: the state again; another seat: leave first */
    json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    char msg[120];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":2}", p.room);
    expect_error(&p.w, msg, "refused");
    json_decref(skt_request(&p, "{\"type\":\"leave\",\"room\":\"%s\"%.0d}", 0, "left"));
    st = skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 2, "state");
    assert_int_equal(json_integer_value(json_object_get(st, "seat")), 2);
    json_decref(st);
    /* watching */
    assert_int_equal(skt_ws_send(&p.w, "{\"type\":\"create\",\"rules\":{\"preset\":\"official\"},"
                                       "\"watch\":true,\"settle\":0,\"play_on\":true}"),
                     0);
    c = expect(&p.w, "created", SKT_STALL);
    assert_true(json_is_null(json_object_get(c, "seat")));
    json_decref(c);
    st = expect(&p.w, "state", SKT_STALL);
    assert_true(json_is_null(json_object_get(st, "seat")));
    inner = json_object_get(st, "state");
    assert_string_equal(
        json_string_value(json_object_get(json_array_get(json_object_get(inner, "seats"), 0), "kind")),
        "empty");
    assert_int_equal(json_integer_value(json_object_get(inner, "settle")), 0);
    assert_true(json_is_true(json_object_get(inner, "play_on")));
    json_decref(st);
    expect_error(&p.w, "{\"type\":\"create\",\"rules\":{\"preset\":\"official\"},\"settle\":61}",
                 "bad_message");
    expect_error(&p.w, "{\"type\":\"create\",\"rules\":{\"preset\":\"official\"},\"watch\":1}",
                 "bad_message");
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

/* A seated person's page closes: the others get the away mark in the
 * pass that saw the close (measured here, the e2e test wants 2 s), with
 * when the stand-in takes over; a state shows it; he comes back: the
 * mark goes, and with nothing decided for him no absence report. */
static void test_presence_marks(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL); /* --away 30 */
    skt_player a, b;
    skt_player_open(&a, srv.port, "Anna", 0, 1);
    skt_create(&a, ",\"listed\":false");
    skt_player_open(&b, srv.port, "Bert", 1, 2);
    skt_join(&b, &a, 1);
    int64_t t0 = skt_epoch_ms();
    skt_page_close(&b.w);
    int64_t closed = skt_ms();
    json_t *m = skt_presence(&a, 1);
    int64_t took = skt_ms() - closed;
    fprintf(stderr, "test_presence_marks: the away mark came %lld ms after the close\n",
            (long long)took);
    assert_true(json_is_true(json_object_get(m, "away")));
    int64_t since = json_integer_value(json_object_get(m, "since"));
    assert_true(since >= t0 - 50 && since <= skt_epoch_ms() + 50);
    assert_int_equal(json_integer_value(json_object_get(m, "stand_in_at")), since + 30000);
    assert_string_equal(json_string_value(json_object_get(m, "room")), a.room);
    json_decref(m);
    json_t *st = skt_request(&a, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state");
    json_t *seat1 = json_array_get(json_object_get(json_object_get(st, "state"), "seats"), 1);
    assert_true(json_is_true(json_object_get(seat1, "away")));
    assert_int_equal(json_integer_value(json_object_get(seat1, "away_since")), since);
    assert_int_equal(json_integer_value(json_object_get(seat1, "stand_in_at")), since + 30000);
    json_t *seat0 = json_array_get(json_object_get(json_object_get(st, "state"), "seats"), 0);
    assert_false(json_is_true(json_object_get(seat0, "away")));
    json_decref(st);
    skt_reopen(&b, srv.port, "Bert");
    m = skt_presence(&a, 1);
    assert_false(json_is_true(json_object_get(m, "away")));
    assert_null(json_object_get(m, "since"));
    json_decref(m);
    /* nothing was decided for him: no report (a ping's pong comes first) */
    assert_int_equal(skt_ws_send(&b.w, "{\"type\":\"ping\"}"), 0);
    for (;;) {
        json_t *o = expect(&b.w, NULL, SKT_STALL);
        assert_non_null(o);
        const char *t = json_string_value(json_object_get(o, "type"));
        assert_string_not_equal(t, "absence");
        bool done = strcmp(t, "pong") == 0;
        json_decref(o);
        if (done)
            break;
    }
    skt_ws_close(&a.w);
    skt_ws_close(&b.w);
    finish(&srv, dir);
}

/* A network that vanishes sends nothing: Bert's connection stays open
 * but reads nothing and so answers no ping.  With --ping 5 the server
 * pings it after 5 quiet seconds, hangs up 10 s later, and Anna gets
 * the away mark (docs/server.md "Presence"). */
static void test_presence_vanished(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *const extra[] = {"--ping", "5", NULL};
    start(&srv, dir, sizeof dir, extra);
    skt_player a, b;
    skt_player_open(&a, srv.port, "Anna", 0, 1);
    skt_create(&a, ",\"listed\":false");
    skt_player_open(&b, srv.port, "Bert", 1, 2);
    skt_join(&b, &a, 1);
    int64_t quiet = skt_ms(); /* from here b reads nothing */
    json_t *m = skt_presence(&a, 1); /* a's reads answer a's own pings */
    fprintf(stderr, "test_presence_vanished: the away mark came %lld ms after Bert went quiet\n",
            (long long)(skt_ms() - quiet));
    assert_true(json_is_true(json_object_get(m, "away")));
    json_decref(m);
    skt_ws_close(&a.w);
    skt_ws_close(&b.w);
    finish(&srv, dir);
}

/* While Bert is away (--away 1) his stand-in plays game 1 to its end
 * with Anna; back, he is told what it did: the game, his cards and
 * passes as the game's course has them, and the money it cost him. */
static void test_absence_report(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--away", "1", NULL};
    start(&srv, dir, sizeof dir, extra);
    skt_player a, b;
    skt_player_open(&a, srv.port, "Anna", 0, 11);
    skt_create(&a, ",\"listed\":false,\"settle\":60");
    skt_player_open(&b, srv.port, "Bert", 1, 12);
    skt_join(&b, &a, 1);
    skt_bots(&a, 2, "heuristic");
    json_decref(skt_event(&b, "deal", -1));
    skt_page_close(&b.w);
    skt_play(&a, 1); /* Anna's next is not sent: game 2 waits for her */
    /* the course of game 1, from Anna's state */
    json_t *st = skt_request(&a, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state");
    json_t *course = json_object_get(json_object_get(st, "state"), "last");
    assert_int_equal(json_integer_value(json_object_get(course, "game")), 1);
    skt_reopen(&b, srv.port, "Bert");
    json_t *rep = expect(&b.w, "absence", SKT_STALL);
    assert_non_null(rep);
    assert_int_equal(json_integer_value(json_object_get(rep, "seat")), 1);
    assert_true(json_is_integer(json_object_get(rep, "since")));
    json_t *games = json_object_get(rep, "games");
    assert_int_equal(json_array_size(games), 1);
    json_t *g = json_array_get(games, 0);
    assert_int_equal(json_integer_value(json_object_get(g, "game")), 1);
    assert_true(json_is_true(json_object_get(g, "finished")));
    json_t *res = json_object_get(course, "result");
    json_t *contract = json_object_get(res, "contract");
    if (json_is_string(contract))
        assert_string_equal(json_string_value(json_object_get(g, "contract")),
                            json_string_value(contract));
    assert_int_equal(json_integer_value(json_object_get(g, "money")),
                     json_integer_value(json_array_get(json_object_get(res, "money"), 1)));
    assert_true(json_is_null(json_object_get(g, "points"))); /* a money table */
    /* his actions: those of seat 1 in the course, in order (he decided
     * none of them himself) */
    json_t *acts = json_object_get(g, "actions");
    size_t k = 0, i, n = 0;
    json_t *v;
    json_array_foreach(json_object_get(course, "actions"), i, v) {
        if (json_integer_value(json_object_get(v, "seat")) != 1)
            continue;
        const char *want = json_string_value(json_object_get(v, "action"));
        const char *got = json_string_value(json_array_get(acts, k));
        /* a Kontra declined (3.3.2) is a "pass" of the report that the
         * course, which lists actions applied, does not have */
        while (got && strcmp(got, want) != 0 && strcmp(got, "pass") == 0)
            got = json_string_value(json_array_get(acts, ++k));
        if (!got || strcmp(got, want) != 0)
            fail_msg("the report's action %zu is %s, the course has %s", k, got ? got : "none",
                     want);
        k++;
        n++;
    }
    assert_true(n > 0); /* a pass at least (a deal thrown in), else his cards too */
    for (; k < json_array_size(acts); k++)
        assert_string_equal(json_string_value(json_array_get(acts, k)), "pass");
    json_decref(rep);
    json_decref(st);
    skt_ws_close(&a.w);
    skt_ws_close(&b.w);
    finish(&srv, dir);
}

/* Both persons of a table close their pages after the deal: the table
 * pauses (idle) -- no stand-in, no bot decides, no money moves -- even
 * with --away 1, while a spectator watches; Anna comes back: the game
 * goes on (Bert's stand-in plays) to its end. */
static void test_idle_table(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--away", "1", NULL};
    start(&srv, dir, sizeof dir, extra);
    skt_player a, b, q;
    skt_player_open(&a, srv.port, "Anna", 0, 21);
    skt_create(&a, ",\"listed\":false,\"settle\":0");
    skt_player_open(&b, srv.port, "Bert", 1, 22);
    skt_join(&b, &a, 1);
    skt_bots(&a, 2, "random");
    json_decref(skt_event(&a, "deal", -1));
    skt_page_close(&a.w);
    skt_page_close(&b.w);
    skt_player_open(&q, srv.port, "Zenzi", -1, 23);
    snprintf(q.room, sizeof q.room, "%s", a.room);
    json_t *st = skt_request(&q, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state");
    json_t *inner = json_object_get(st, "state");
    assert_true(json_is_true(json_object_get(inner, "idle")));
    uint64_t at = (uint64_t)json_integer_value(json_object_get(st, "seq"));
    json_t *money = json_deep_copy(json_object_get(json_object_get(json_object_get(inner, "sheet"),
                                                                   "totals"), "money"));
    json_decref(st);
    /* three times --away: no event at all (4.1: nobody plays a person's
     * cards for him while no person is there) */
    assert_false(skt_event_within(&q, NULL, -1, 3000));
    st = skt_request(&q, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state");
    inner = json_object_get(st, "state");
    assert_int_equal((uint64_t)json_integer_value(json_object_get(st, "seq")), at);
    assert_true(json_equal(money, json_object_get(json_object_get(json_object_get(inner, "sheet"),
                                                                  "totals"), "money")));
    json_decref(st);
    json_decref(money);
    /* Anna back: the game goes on to its end */
    skt_reopen(&a, srv.port, "Anna");
    q.synced = 1;
    q.target = 1;
    a.target = a.results + 1;
    skt_play_two(&q, &a, 1);
    assert_true(q.stand_ins[1] > 0); /* Bert's stand-in played */
    skt_ws_close(&a.w);
    skt_ws_close(&q.w);
    finish(&srv, dir);
}

/* A table of bots (its creator watching) deals and plays game after
 * game; a table that plays on ("settings": play_on) goes on without its
 * only person. */
static void test_bots_and_play_on(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--away", "1", NULL};
    start(&srv, dir, sizeof dir, extra);
    skt_player q;
    skt_player_open(&q, srv.port, "Zenzi", -1, 31);
    skt_create(&q, ",\"listed\":false,\"watch\":true");
    skt_bots(&q, 0, "random");
    q.synced = 1;
    skt_play(&q, 2);
    skt_player a;
    skt_player_open(&a, srv.port, "Anna", 0, 32);
    skt_create(&a, ",\"listed\":false,\"settle\":0");
    skt_say(&a, "{\"type\":\"settings\",\"room\":\"%s\",\"play_on\":true}");
    json_t *ev = skt_event(&a, "settings", -1);
    json_t *e = json_object_get(ev, "event");
    assert_true(json_is_true(json_object_get(e, "play_on")));
    assert_int_equal(json_integer_value(json_object_get(e, "settle")), 0);
    json_decref(ev);
    skt_bots(&a, 1, "random");
    json_decref(skt_event(&a, "deal", -1));
    skt_page_close(&a.w);
    json_decref(skt_request(&q, "{\"type\":\"leave\",\"room\":\"%s\"%.0d}", 0, "left"));
    snprintf(q.room, sizeof q.room, "%s", a.room);
    json_decref(skt_request(&q, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state"));
    skt_play(&q, 1);
    assert_true(q.stand_ins[0] > 0);
    skt_ws_close(&q.w);
    finish(&srv, dir);
}

/* The next `next` message of p's that waits for `count` seats, reading
 * past the ones that wait for more (the wait's start, read late);
 * fails on one that waits for fewer or has ended (no `until`). */
static json_t *waiting_next(skt_player *p, size_t count)
{
    for (;;) {
        json_t *n = expect(&p->w, "next", SKT_STALL);
        assert_non_null(n);
        size_t have = json_array_size(json_object_get(n, "waiting"));
        if (!json_is_integer(json_object_get(n, "until")) || have < count)
            fail_msg("the settlement wait waits for %zu seats (until %s), not %zu", have,
                     json_is_integer(json_object_get(n, "until")) ? "set" : "null", count);
        if (have == count)
            return n;
        json_decref(n);
    }
}

/* The settlement (settle 60): after game 1's result the next deal
 * waits; the followers are told whom it waits for (`next`); when both
 * persons sent `next` the game is dealt.  With settle 1 and no `next`
 * the deal comes by the timer, not before. */
static void test_settle_wait(void **state)
{
    (void)state;
    /* Bert's `next` messages are read by waiting_next(): skt_play_two
     * stops at Anna's result, and Bert's client may by then have read
     * (and dropped) the wait's first one.  (The twenty-sixth session
     * took that race for a server defect and ran this test only when
     * asked.) */
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player a, b;
    skt_player_open(&a, srv.port, "Anna", 0, 41);
    skt_create(&a, ",\"listed\":false,\"settle\":60");
    skt_player_open(&b, srv.port, "Bert", 1, 42);
    skt_join(&b, &a, 1);
    skt_bots(&a, 2, "heuristic");
    skt_play_two(&a, &b, 1); /* one game each: no `next` sent after it */
    a.target = b.target = 0;
    json_t *n = expect(&a.w, "next", SKT_STALL);
    assert_non_null(n);
    assert_true(json_integer_value(json_object_get(n, "until")) > skt_epoch_ms() + 50000);
    assert_int_equal(json_array_size(json_object_get(n, "waiting")), 2);
    json_decref(n);
    assert_false(skt_event_within(&a, "deal", -1, 1500));
    json_t *st = skt_request(&a, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state");
    json_t *next = json_object_get(json_object_get(st, "state"), "next");
    assert_int_equal(json_array_size(json_object_get(next, "waiting")), 2);
    json_decref(st);
    skt_say(&a, "{\"type\":\"next\",\"room\":\"%s\"}");
    n = waiting_next(&b, 1); /* Anna's `next` seen: only Bert is waited for */
    assert_int_equal(json_integer_value(json_array_get(json_object_get(n, "waiting"), 0)), 1);
    json_decref(n);
    assert_false(skt_event_within(&a, "deal", -1, 500));
    skt_say(&b, "{\"type\":\"next\",\"room\":\"%s\"}");
    json_decref(skt_event(&a, "deal", -1));
    skt_ws_close(&a.w);
    skt_ws_close(&b.w);

    /* settle 1: the timer deals */
    skt_player_open(&a, srv.port, "Anna", 0, 43);
    skt_create(&a, ",\"listed\":false,\"settle\":1");
    skt_bots(&a, 1, "heuristic");
    skt_play(&a, 1); /* no `next` after the target's result */
    int64_t result = skt_ms();
    json_decref(skt_event(&a, "deal", -1));
    assert_true(skt_ms() - result >= 900);
    skt_ws_close(&a.w);
    finish(&srv, dir);
}

#define SKT_PRESENCE_TESTS                                                                        \
    cmocka_unit_test(test_creator_seated), cmocka_unit_test(test_presence_marks),                 \
        cmocka_unit_test(test_presence_vanished),                                                 \
        cmocka_unit_test(test_absence_report), cmocka_unit_test(test_idle_table),                 \
        cmocka_unit_test(test_bots_and_play_on), cmocka_unit_test(test_settle_wait),
