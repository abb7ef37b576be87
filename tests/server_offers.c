/*
 * server_offers.c -- offers, not questions (docs/server-protocol.md
 * "offer"), included by test_server.c after server_table.c: Kontra and
 * Retour (3.3.2, 3.3.3) and Klopfen (002 "Laying") are offers a person
 * may ignore; the table holds the card that would close the window for
 * at most the room's hold, a decline ends it early, a seat nobody is
 * connected to is never waited for, and who is waited for never tells
 * the hidden partner of a Sauspiel (2.5).
 */

/* Opens four people at one new table (p[0] creates it with `extra`) in
 * seats 0..3, each ignoring offers when `quiet`. */
static void ofs_table(skt_player *p, int port, const char *extra, bool quiet)
{
    static const char *const names[] = {"Anna", "Bert", "Chris", "Dora"};
    for (int s = 0; s < 4; s++) {
        skt_player_open(&p[s], port, names[s], s, (unsigned)(40 + s));
        p[s].quiet_offers = quiet;
    }
    skt_create(&p[0], extra);
    char code[sizeof p[0].room]; /* a copy: gcc sees p[s] overlap p[0] (-Wrestrict) */
    snprintf(code, sizeof code, "%s", p[0].room);
    for (int s = 0; s < 4; s++) {
        snprintf(p[s].room, sizeof p[s].room, "%s", code);
        json_decref(skt_request(&p[s], "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", s,
                                "state"));
    }
}

/* Pumps the four players until each saw `games` more results; fails on
 * a stall or a bad message.  Returns the milliseconds it took. */
static int64_t ofs_play(skt_player *p, int games)
{
    for (int s = 0; s < 4; s++)
        p[s].target = p[s].results + games;
    int64_t start_ms = skt_ms(), last = start_ms;
    long seen = -1;
    for (;;) {
        int done = 0;
        long now_seen = 0;
        for (int s = 0; s < 4; s++) {
            done += p[s].results >= p[s].target;
            now_seen += p[s].messages;
            if (p[s].bad[0])
                fail_msg("%s", p[s].bad);
        }
        if (done == 4)
            break;
        if (now_seen != seen) {
            seen = now_seen;
            last = skt_ms();
        }
        if (skt_ms() - last > SKT_STALL)
            fail_msg("stalled: no message for %d s", SKT_STALL / 1000);
        struct pollfd pf[4];
        for (int s = 0; s < 4; s++)
            pf[s] = (struct pollfd){p[s].w.fd, POLLIN, 0};
        if (poll(pf, 4, 500) <= 0)
            continue;
        for (int s = 0; s < 4; s++)
            if (pf[s].revents)
                skt_pump(&p[s]);
    }
    return skt_ms() - start_ms;
}

/* Four people who ignore every offer (Klopfen and Kontra) finish three
 * games at a table with Klopfen and a 1-second hold: nobody must click
 * to decline, the table never waits longer than the hold (002 "Laying",
 * 3.3.2).  Prints the time per game. */
static void test_offers_ignored(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p[4];
    ofs_table(p, srv.port,
              ",\"listed\":false,\"hold\":1,\"rules\":{\"preset\":\"stammtisch\","
              "\"overrides\":{\"klopfen\":\"all\"}}", true);
    int64_t ms = ofs_play(p, 3);
    int offers = 0;
    for (int s = 0; s < 4; s++)
        offers += p[s].offers;
    assert_true(offers >= 3 * 4); /* everyone was offered Klopfen in each game */
    printf("offers ignored: 3 games of 4 people, hold 1 s, %d offers: %.2f s per game\n", offers,
           (double)ms / 3000);
    for (int s = 0; s < 4; s++)
        skt_ws_close(&p[s].w);
    finish(&srv, dir);
}

/* Sends a decision of p's seat with `seen`. */
static void ofs_decide(skt_player *p, const char *action, json_int_t seen)
{
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"decide\",\"room\":\"%s\",\"action\":\"%s\",\"seen\":%lld}",
             p->room, action, (long long)seen);
    assert_int_equal(skt_ws_send(&p->w, msg), 0);
}

/* Answers a turn: a pass where it may, else the first choice. */
static void ofs_turn(skt_player *p, json_t *turn)
{
    assert_false(skt_offers(turn, "kontra") || skt_offers(turn, "retour") ||
                 skt_offers(turn, "klopfen")); /* offers are never in a turn */
    const char *a = skt_offers(turn, "pass")
                        ? "pass"
                        : json_string_value(json_array_get(json_object_get(turn, "legal"), 0));
    ofs_decide(p, a, json_integer_value(json_object_get(turn, "seq")));
}

/* One person (seat 0) and three bots, a 5-second hold.  When he is
 * offered Kontra and seat 2 leads, seat 3's second card is held (no
 * event); the first time his "kontra" is applied at once and then the
 * held card; the next time his "pass" declines (an event to him) and
 * the held card comes before the hold's end (3.3.2). */
static void test_offers_kontra(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p;
    skt_player_open(&p, srv.port, "Kathi", 0, 7);
    json_t *turn = skt_table(&p, ",\"listed\":false,\"hold\":5", "random");
    ofs_turn(&p, turn);
    json_decref(turn);
    json_t *offer = NULL;
    int cards = 0, games = 0, kontras = 0, declines = 0;
    while (kontras == 0 || declines == 0) {
        if (games > 400)
            fail_msg("no Kontra offer with seat 2 leading in 400 games");
        json_t *o = expect(&p.w, NULL, SKT_STALL);
        assert_non_null(o);
        const char *t = json_string_value(json_object_get(o, "type"));
        json_t *ev = json_object_get(o, "event");
        const char *kind = json_string_value(json_object_get(ev, "kind"));
        const char *act = json_string_value(json_object_get(ev, "action"));
        if (strcmp(t, "turn") == 0)
            ofs_turn(&p, o);
        if (strcmp(t, "offer") == 0) {
            json_decref(offer);
            offer = json_is_string(json_object_get(o, "offer")) ? json_incref(o) : NULL;
        }
        if (kind && strcmp(kind, "result") == 0) {
            games++;
            cards = 0;
        }
        bool lead = kind && strcmp(kind, "action") == 0 && act && strncmp(act, "card ", 5) == 0 &&
                    cards++ == 0 && json_integer_value(json_object_get(ev, "seat")) == 2;
        json_decref(o);
        if (!lead || !offer)
            continue;
        assert_string_equal(json_string_value(json_object_get(offer, "offer")), "kontra");
        json_int_t until = json_integer_value(json_object_get(offer, "until"));
        assert_true(until > 0); /* the hold runs: a person may double */
        /* seat 3's second card waits for him: no card now (a bot may
         * double meanwhile, which withdraws his Kontra: not this case) */
        bool withdrawn = false;
        for (int64_t end = skt_ms() + 500; skt_ms() < end && !withdrawn;) {
            json_t *m = expect(&p.w, NULL, (int)(end - skt_ms()));
            if (!m)
                break;
            json_t *me = json_object_get(m, "event");
            const char *ma = json_string_value(json_object_get(me, "action"));
            if (ma && strncmp(ma, "card ", 5) == 0 &&
                json_integer_value(json_object_get(me, "seat")) == 3)
                fail_msg("the second card came during the hold: %s", ma);
            const char *mt = json_string_value(json_object_get(m, "type"));
            withdrawn = strcmp(mt, "offer") == 0 && json_is_null(json_object_get(m, "offer"));
            json_decref(m);
        }
        if (withdrawn) {
            json_decref(offer);
            offer = NULL;
            continue;
        }
        bool take = kontras == 0;
        ofs_decide(&p, take ? "kontra" : "pass", json_integer_value(json_object_get(offer, "seq")));
        json_decref(offer);
        offer = NULL;
        json_t *e = skt_event(&p, take ? "action" : "decline", 0);
        if (take)
            assert_string_equal(
                json_string_value(json_object_get(json_object_get(e, "event"), "action")), "kontra");
        json_decref(e);
        e = skt_event(&p, "action", 3); /* the held card, applied now */
        assert_true(strncmp(json_string_value(json_object_get(json_object_get(e, "event"),
                                                              "action")), "card ", 5) == 0);
        json_decref(e);
        if (!take) /* his decline ended the hold */
            assert_true(skt_epoch_ms() < until);
        cards++;
        kontras += take;
        declines += !take;
    }
    printf("offers: Kontra taken and declined during the hold within %d games\n", games + 1);
    json_decref(offer);
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

/* Hold 0: no hold -- the state says 0 seconds and never an end, no
 * offer has an end, and four people who ignore offers at a table with
 * Klopfen play on. */
static void test_offers_no_hold(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p[4];
    ofs_table(p, srv.port,
              ",\"listed\":false,\"hold\":0,\"rules\":{\"preset\":\"sauspiel\"}", true);
    ofs_play(p, 2);
    for (int s = 0; s < 4; s++) {
        assert_true(p[s].offers > 0);
        assert_int_equal(p[s].offers_until, 0);
        skt_say(&p[s], "{\"type\":\"spectate\",\"room\":\"%s\"}");
        json_t *st = expect(&p[s].w, "state", SKT_STALL);
        json_t *hold = json_object_get(json_object_get(st, "state"), "hold");
        assert_int_equal(json_integer_value(json_object_get(hold, "seconds")), 0);
        assert_true(json_is_null(json_object_get(hold, "until")));
        json_decref(st);
        skt_ws_close(&p[s].w);
    }
    finish(&srv, dir);
}

/* A seat whose person is not connected is never waited for, bots decide
 * at once: at a table with Klopfen and a 30-second hold, one person
 * declines every offer at once, the other has closed his connection;
 * each game ends long before one hold could have run out (002 "Laying",
 * 3.3.2). */
static void test_offers_absent(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--away", "1", NULL};
    start(&srv, dir, sizeof dir, extra);
    skt_player p[2];
    skt_player_open(&p[0], srv.port, "Anna", 0, 3);
    skt_player_open(&p[1], srv.port, "Bert", 1, 4);
    p[0].decline_offers = true;
    skt_create(&p[0], ",\"listed\":false,\"hold\":30,\"rules\":{\"preset\":\"sauspiel\"}");
    snprintf(p[1].room, sizeof p[1].room, "%s", p[0].room);
    json_decref(skt_request(&p[0], "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    json_decref(skt_request(&p[1], "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 1, "state"));
    skt_ws_close(&p[1].w); /* Bert stays seated, not connected */
    for (int s = 2; s < 4; s++) {
        char msg[200];
        snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"random\"}",
                 p[0].room, s);
        assert_int_equal(skt_ws_send(&p[0].w, msg), 0);
    }
    for (int g = 0; g < 2; g++) {
        int64_t ms = 0, t0 = skt_ms();
        skt_play(&p[0], 1);
        ms = skt_ms() - t0;
        if (ms >= 30000)
            fail_msg("a game took %lld ms: the table waited for someone not there", (long long)ms);
    }
    skt_ws_close(&p[0].w);
    finish(&srv, dir);
}

#define SKT_OFFER_TESTS                                                                           \
    cmocka_unit_test(test_offers_ignored), cmocka_unit_test(test_offers_kontra),                  \
        cmocka_unit_test(test_offers_no_hold), cmocka_unit_test(test_offers_absent),
