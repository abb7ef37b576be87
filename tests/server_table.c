/*
 * server_table.c -- the server's table features end to end, included by
 * test_server.c after server_play.c: the turn timer (a 1-second timer
 * on the real server: the fallback bot decides when it runs out, the
 * player keeps the seat, a restart gives a fresh full period) and the
 * pause vote (no timer, no bot while paused), a room of five players,
 * hints, engines at a table, claims.
 * docs/server-protocol.md.
 */

/* Sends a text built from fmt and the player's room. */
static void skt_say(skt_player *p, const char *fmt)
{
    char msg[300];
    snprintf(msg, sizeof msg, fmt, p->room);
    assert_int_equal(skt_ws_send(&p->w, msg), 0);
}

static bool skt_offers(json_t *turn, const char *a);

/* Creates a room with `extra` fields, joins seat 0, seats bots of
 * `bot` in the other seats; returns the first prompt. */
static json_t *skt_table(skt_player *p, const char *extra, const char *bot)
{
    skt_create(p, extra);
    json_decref(skt_request(p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    char msg[200];
    for (int s = 1; s < 4; s++) {
        snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"%s\"}",
                 p->room, s, bot);
        assert_int_equal(skt_ws_send(&p->w, msg), 0);
    }
    json_t *turn = expect(&p->w, "turn", SKT_STALL);
    assert_non_null(turn);
    return turn;
}

/* The next event of `kind` (any kind: NULL) by `seat` (any: -1),
 * parsed (the whole message); NULL when none came within `window` ms
 * (window > 0: to see that nothing comes) or, for window 0, when no
 * message at all came for the stall bound. */
static json_t *skt_event_in(skt_player *p, const char *kind, int seat, int window)
{
    int64_t end = skt_ms() + window;
    for (;;) {
        int left = window > 0 ? (int)(end - skt_ms()) : SKT_STALL;
        if (left <= 0)
            return NULL;
        json_t *o = expect(&p->w, "event", left);
        if (!o)
            return NULL;
        json_t *ev = json_object_get(o, "event");
        const char *k = json_string_value(json_object_get(ev, "kind"));
        json_t *s = json_object_get(ev, "seat");
        if ((!kind || (k && strcmp(k, kind) == 0)) &&
            (seat < 0 || (json_is_integer(s) && json_integer_value(s) == seat)))
            return o;
        json_decref(o);
    }
}

/* The next event of `kind` by `seat` (see skt_event_in); fails the
 * test when the server stalls. */
static json_t *skt_event(skt_player *p, const char *kind, int seat)
{
    json_t *o = skt_event_in(p, kind, seat, 0);
    if (!o)
        fail_msg("no %s event of seat %d: nothing came for %d s", kind ? kind : "", seat,
                 SKT_STALL / 1000);
    return o;
}

/* Whether an event of `kind` by `seat` comes within ms: a window to see
 * that nothing does (a slow machine can only make it quieter). */
static bool skt_event_within(skt_player *p, const char *kind, int seat, int ms)
{
    json_t *o = skt_event_in(p, kind, seat, ms);
    bool came = o != NULL;
    json_decref(o);
    return came;
}

/* Epoch milliseconds, the clock of a prompt's deadline. */
static int64_t skt_epoch_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The deadline of a turn prompt, epoch ms: the timer's full period
 * from the moment the server asked, which lies between `since` (taken
 * before the test did what led to the prompt) and now.  Bounds by
 * those two moments, not by a guess of how fast the machine is. */
static void skt_check_deadline(json_t *turn, int seconds, int64_t since)
{
    json_t *d = json_object_get(turn, "deadline");
    assert_true(json_is_integer(d));
    int64_t deadline = json_integer_value(d), now = skt_epoch_ms();
    if (deadline < since + seconds * 1000 - 50 || deadline > now + seconds * 1000 + 50)
        fail_msg("a deadline %lld ms from now for a %d s timer, asked %lld ms ago at most",
                 (long long)(deadline - now), seconds, (long long)(now - since));
}

/* A 1-second timer: the prompt has a deadline; when it runs out the
 * fallback bot decides for the seat (the event says "stand_in"), which
 * stays the player's; the timer is in the state and survives kill -9
 * and a restart, which gives the decision pending a fresh full period. */
static void test_turn_timer(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p;
    skt_player_open(&p, srv.port, "Kathi", 0, 11);
    expect_error(&p.w,
                 "{\"type\":\"create\",\"rules\":{\"preset\":\"official\"},\"timer\":601}",
                 "bad_message");
    int64_t since = skt_epoch_ms();
    json_t *turn = skt_table(&p, ",\"listed\":false,\"timer\":1", "random");
    skt_check_deadline(turn, 1, since);
    json_decref(turn);
    /* nobody answers: within some seconds seat 0 has decided anyway, by
     * the fallback bot, which the event says; a bot's own decision does
     * not say it.  The first is in the laying round or the auction, where
     * a stand-in passes rather than commit the person to a stake or a
     * game (sk_room_stand_in_passes). */
    json_t *ev = skt_event(&p, "action", 0);
    assert_true(json_is_true(json_object_get(json_object_get(ev, "event"), "stand_in")));
    assert_string_equal(json_string_value(json_object_get(json_object_get(ev, "event"), "action")),
                        "pass");
    json_decref(ev);
    ev = skt_event(&p, "action", 1);
    assert_null(json_object_get(json_object_get(ev, "event"), "stand_in"));
    json_decref(ev);
    skt_say(&p, "{\"type\":\"spectate\",\"room\":\"%s\"}");
    json_t *st = expect(&p.w, "state", SKT_STALL);
    assert_non_null(st);
    assert_int_equal(json_integer_value(json_object_get(st, "seat")), 0);
    json_t *inner = json_object_get(st, "state");
    json_t *seat0 = json_array_get(json_object_get(inner, "seats"), 0);
    assert_string_equal(json_string_value(json_object_get(seat0, "kind")), "human");
    assert_false(json_is_true(json_object_get(seat0, "away")));
    assert_int_equal(json_integer_value(json_object_get(json_object_get(inner, "timer"),
                                                        "seconds")), 1);
    json_decref(st);
    /* kill -9, restart: the timer is restored, the prompt has a fresh
     * deadline, and it runs out again */
    skt_server_stop(&srv, SIGKILL);
    skt_ws_close(&p.w);
    char db[600];
    snprintf(db, sizeof db, "%s/server.db", dir);
    since = skt_epoch_ms(); /* the fresh period starts after this */
    assert_int_equal(skt_server_start_args(&srv, db, NULL), 0);
    assert_int_equal(skt_ws_open(&p.w, srv.port, NULL), 0);
    json_decref(say_hello(&p.w, "Kathi", p.token));
    st = expect(&p.w, "state", SKT_STALL);
    assert_non_null(st);
    inner = json_object_get(st, "state");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(inner, "timer"),
                                                        "seconds")), 1);
    json_decref(st);
    turn = expect(&p.w, "turn", SKT_STALL);
    assert_non_null(turn);
    skt_check_deadline(turn, 1, since);
    /* the decision pending may be a Kontra offered, which the stand-in
     * declines: a "decline" event, not an "action" */
    bool offer = skt_offers(turn, "kontra") || skt_offers(turn, "retour");
    json_decref(turn);
    json_decref(skt_event(&p, offer ? "decline" : "action", 0));
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

/* Seats bots at p's table (seat 0 taken) and pauses it at the first
 * prompt: the prompt after the pause event, or NULL when the turn timer
 * ran out before the pause came through (the stand-in decided for seat
 * 0 first: a machine slower than the timer), after leaving the room. */
static json_t *skt_pause_at_first_turn(skt_player *p)
{
    char msg[200];
    for (int s = 1; s < 4; s++) {
        snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"random\"}",
                 p->room, s);
        assert_int_equal(skt_ws_send(&p->w, msg), 0);
    }
    json_decref(expect(&p->w, "turn", SKT_STALL));
    skt_say(p, "{\"type\":\"pause\",\"room\":\"%s\",\"pause\":true}");
    bool raced = false;
    for (;;) {
        json_t *ev = skt_event(p, NULL, -1);
        json_t *e = json_object_get(ev, "event");
        const char *kind = json_string_value(json_object_get(e, "kind"));
        if (strcmp(kind, "action") == 0 && json_integer_value(json_object_get(e, "seat")) == 0 &&
            json_is_true(json_object_get(e, "stand_in")))
            raced = true;
        bool paused = strcmp(kind, "pause") == 0;
        if (paused)
            assert_true(json_is_true(json_object_get(e, "paused")));
        json_decref(ev);
        if (paused)
            break;
    }
    if (raced) {
        json_decref(skt_request(p, "{\"type\":\"leave\",\"room\":\"%s\"%.0d}", 0, "left"));
        return NULL;
    }
    return expect(&p->w, "turn", SKT_STALL);
}

/* The pause vote: the only player votes, the table pauses (event and
 * state); his own card still plays, but neither the bots nor the timer
 * move while paused; a vote against resumes and the bots play on.  The
 * pause must come before the first prompt's timer runs out: when a
 * loaded machine was slower, again at a new table with twice the time. */
static void test_pause_vote(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p, q;
    skt_player_open(&p, srv.port, "Loisl", 0, 12);
    json_t *turn = NULL;
    int timer = 2;
    for (int attempt = 0; !turn; attempt++, timer *= 2) {
        if (attempt == 8)
            fail_msg("the timer ran out before the pause in 8 tables (the last of %d s)",
                     timer / 2);
        char extra[80];
        snprintf(extra, sizeof extra, ",\"listed\":false,\"timer\":%d", timer);
        skt_create(&p, extra);
        json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
        if (attempt == 0) { /* a spectator may not vote */
            skt_player_open(&q, srv.port, "Zuschauer", -1, 13);
            snprintf(q.room, sizeof q.room, "%s", p.room);
            json_decref(skt_request(&q, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state"));
            char msg[200];
            snprintf(msg, sizeof msg, "{\"type\":\"pause\",\"room\":\"%s\",\"pause\":true}", q.room);
            expect_error(&q.w, msg, "refused");
            skt_ws_close(&q.w);
        }
        turn = skt_pause_at_first_turn(&p);
    }
    timer /= 2;
    /* the new prompt has no deadline, and more than the timer's time
     * passes without an action */
    assert_non_null(turn);
    assert_null(json_object_get(turn, "deadline"));
    assert_false(skt_event_within(&p, "action", -1, timer * 1000 + 1000));
    /* his own decision plays; then no bot moves */
    char msg[200];
    const char *a = json_string_value(json_array_get(json_object_get(turn, "legal"), 0));
    snprintf(msg, sizeof msg, "{\"type\":\"decide\",\"room\":\"%s\",\"action\":\"%s\",\"seen\":%lld}",
             p.room, a, (long long)json_integer_value(json_object_get(turn, "seq")));
    json_decref(turn);
    assert_int_equal(skt_ws_send(&p.w, msg), 0);
    json_decref(skt_event(&p, "action", 0));
    assert_false(skt_event_within(&p, "action", -1, 2000));
    skt_say(&p, "{\"type\":\"spectate\",\"room\":\"%s\"}");
    json_t *st = expect(&p.w, "state", SKT_STALL);
    assert_non_null(st);
    assert_true(json_is_true(json_object_get(json_object_get(st, "state"), "paused")));
    json_decref(st);
    /* resume: the bots play on */
    skt_say(&p, "{\"type\":\"pause\",\"room\":\"%s\",\"pause\":false}");
    json_t *ev = skt_event(&p, "pause", 0);
    assert_false(json_is_true(json_object_get(json_object_get(ev, "event"), "paused")));
    json_decref(ev);
    json_decref(skt_event(&p, "action", -1));
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

/* Five players (002): a room of five seats, seat 4 taken by a bot; the
 * player in seat 0 deals first and sits out (no hand, never asked),
 * plays the next games; every message checked as in the secrecy test
 * (skt_walk); the score sheet has five columns summing with the Stock
 * to zero (5.3.3). */
/* Ratings at a table of five (server-protocol.md `rate`): game 1, which
 * seat 0 dealt and sat out, is refused; in game 2 (dealt by seat 1) the
 * four after the dealer play, so room seat 0 is the record's seat 3,
 * and every decision rated is that seat's. */
static void skt_rate_five(skt_player *p, int port)
{
    char msg[200], *body = NULL, path[80];
    snprintf(msg, sizeof msg, "{\"type\":\"rate\",\"room\":\"%s\",\"game\":1}", p->room);
    expect_error(&p->w, msg, "refused");
    skt_say(p, "{\"type\":\"rate\",\"room\":\"%s\",\"game\":2}");
    json_t *a = expect(&p->w, "rating", SKT_STALL);
    assert_non_null(a);
    assert_int_equal(json_integer_value(json_object_get(a, "seat")), 0);
    snprintf(path, sizeof path, "/api/rooms/%s/games.jsonl", p->room);
    assert_int_equal(skt_http_get(port, path, &body, NULL), 200);
    const char *line = strchr(body, '\n');
    assert_non_null(line);
    line++;
    sk_record *rec = malloc(sizeof *rec);
    assert_non_null(rec);
    assert_int_equal(sk_record_read(rec, line, strcspn(line, "\n"), NULL), 0);
    json_t *list = json_object_get(a, "decisions");
    assert_true(json_array_size(list) > 0);
    size_t i;
    json_t *row;
    json_array_foreach(list, i, row) {
        json_int_t k = json_integer_value(json_object_get(row, "index"));
        assert_true(k >= 0 && k < rec->nactions);
        assert_int_equal(rec->actions[k].seat, 3);
    }
    free(rec);
    free(body);
    json_decref(a);
}

static void test_five_seats(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p;
    skt_player_open(&p, srv.port, "Fünfer", 0, 21);
    assert_int_equal(skt_ws_send(&p.w, "{\"type\":\"create\",\"rules\":{\"preset\":\"official\","
                                       "\"overrides\":{\"players\":\"5\"}},\"listed\":false}"),
                     0);
    json_t *c = expect(&p.w, "created", SKT_STALL);
    assert_non_null(c);
    snprintf(p.room, sizeof p.room, "%s", json_string_value(json_object_get(c, "room")));
    json_decref(c);
    json_t *st = expect(&p.w, "state", SKT_STALL);
    assert_non_null(st);
    assert_int_equal(json_array_size(json_object_get(json_object_get(st, "state"), "seats")), 5);
    json_decref(st);
    json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    char msg[200];
    for (int s = 1; s < 5; s++) {
        snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"%s\"}",
                 p.room, s, s % 2 ? "random" : "heuristic");
        assert_int_equal(skt_ws_send(&p.w, msg), 0);
    }
    skt_play(&p, 3);
    assert_int_equal(p.outs, 1); /* game 1: seat 0 deals and sits out */
    skt_say(&p, "{\"type\":\"spectate\",\"room\":\"%s\"}");
    st = expect(&p.w, "state", SKT_STALL);
    assert_non_null(st);
    json_t *sheet = json_object_get(json_object_get(st, "state"), "sheet");
    json_t *money = json_object_get(json_object_get(sheet, "totals"), "money");
    assert_int_equal(json_array_size(money), 5);
    json_int_t sum = json_integer_value(json_object_get(sheet, "stock"));
    for (size_t s = 0; s < 5; s++)
        sum += json_integer_value(json_array_get(money, s));
    assert_int_equal(sum, 0);
    json_decref(st);
    /* the stored games name the five room seats: the dealer sat out,
     * with nothing won or paid, and each game's money sums to zero */
    char *list = NULL, path[80];
    snprintf(path, sizeof path, "/api/rooms/%s/games", p.room);
    assert_int_equal(skt_http_get(srv.port, path, &list, NULL), 200);
    json_t *l = json_loads(list, 0, NULL);
    assert_non_null(l);
    json_t *games = json_object_get(l, "games");
    assert_true(json_array_size(games) >= 3);
    for (size_t i = 0; i < json_array_size(games); i++) {
        json_t *g = json_array_get(games, i);
        json_t *m = json_object_get(g, "money"), *names = json_object_get(g, "names");
        assert_int_equal(json_array_size(m), 5);
        assert_int_equal(json_array_size(names), 5);
        long long gsum = 0;
        for (size_t s = 0; s < 5; s++)
            gsum += json_integer_value(json_array_get(m, s));
        assert_int_equal(gsum, 0);
        /* game 1 is dealt by seat 0, who sits out (002) */
        if (json_integer_value(json_object_get(g, "game")) == 1) {
            assert_int_equal(json_integer_value(json_array_get(m, 0)), 0);
            assert_string_equal(json_string_value(json_array_get(names, 0)), "Fünfer");
        }
    }
    json_decref(l);
    free(list);
    skt_rate_five(&p, srv.port);
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

/* A hint: the seated player asked now gets every choice on offer priced
 * by the hint bot (pimc), best first, computed off the loop; a priced
 * bid may name the game its value is that of (`game`, a contract code);
 * one without a seat (or whose turn it is not) is refused. */
static void test_hint(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p, q;
    skt_player_open(&p, srv.port, "Hias", 0, 31);
    json_t *turn = skt_table(&p, ",\"listed\":false,\"fallback\":\"pimc:8\"", "random");
    skt_say(&p, "{\"type\":\"hint\",\"room\":\"%s\",\"ref\":\"h1\"}");
    json_t *h = expect(&p.w, "hint", SKT_STALL);
    assert_non_null(h);
    assert_string_equal(json_string_value(json_object_get(h, "ref")), "h1");
    assert_int_equal(json_integer_value(json_object_get(h, "seq")),
                     json_integer_value(json_object_get(turn, "seq")));
    json_t *hints = json_object_get(h, "hints"), *legal = json_object_get(turn, "legal");
    assert_true(json_array_size(hints) > 0);
    double last = HUGE_VAL;
    size_t i;
    json_t *v;
    json_array_foreach(hints, i, v) {
        const char *a = json_string_value(json_object_get(v, "action"));
        /* null: a bid the bot did not price; it comes last */
        json_t *jv = json_object_get(v, "value");
        assert_true(json_is_number(jv) || json_is_null(jv));
        double value = json_is_null(jv) ? -HUGE_VAL : json_number_value(jv);
        bool offered = false;
        size_t k;
        json_t *w;
        json_array_foreach(legal, k, w) offered = offered || strcmp(json_string_value(w), a) == 0;
        assert_true(offered);
        assert_true(value <= last); /* best first */
        last = value;
        json_t *game = json_object_get(v, "game");
        if (game) { /* only a priced bid, and a game one may declare */
            sk_contract c;
            assert_int_equal(strncmp(a, "bid ", 4), 0);
            assert_true(json_is_number(jv));
            assert_int_equal(sk_contract_parse(json_string_value(game), &c, NULL), 0);
            assert_true(c.type != SK_C_NONE);
            /* issue 40: a bid is hinted with its own game's value ("ich
             * hätt einen Wenz" never with a Solo's: the rater's prices,
             * the same the rating gives) -- here, at the first turn,
             * every class may be bid, so each bid names a game of its
             * own class */
            const char *g = json_string_value(game);
            size_t cls = strcspn(a + 4, ":");
            fprintf(stderr, "test_hint: %s priced as %s\n", a, g);
            assert_int_equal(strcspn(g, ":"), cls);
            assert_int_equal(strncmp(a + 4, g, cls), 0);
            assert_int_equal(strstr(a, "tout") != NULL, strstr(g, "tout") != NULL);
        }
    }
    json_decref(h);
    json_decref(turn);
    skt_player_open(&q, srv.port, "Zaungast", -1, 32);
    snprintf(q.room, sizeof q.room, "%s", p.room);
    json_decref(skt_request(&q, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state"));
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"hint\",\"room\":\"%s\"}", q.room);
    expect_error(&q.w, msg, "refused");
    skt_ws_close(&q.w);
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

/* Whether a turn prompt offers the action `a`. */
static bool skt_offers(json_t *turn, const char *a)
{
    size_t k;
    json_t *w;
    json_array_foreach(json_object_get(turn, "legal"), k, w) if (strcmp(json_string_value(w), a) == 0)
        return true;
    return false;
}

/* Answers a turn prompt as a cautious player: a pass (or the decline
 * of a doubling) where it may, else the first choice on offer. */
static void skt_pass_or_first(skt_player *p, json_t *turn)
{
    const char *a = skt_offers(turn, "pass")
                        ? "pass"
                        : json_string_value(json_array_get(json_object_get(turn, "legal"), 0));
    char msg[200];
    snprintf(msg, sizeof msg,
             "{\"type\":\"decide\",\"room\":\"%s\",\"action\":\"%s\",\"seen\":%lld}", p->room,
             a, (long long)json_integer_value(json_object_get(turn, "seq")));
    assert_int_equal(skt_ws_send(&p->w, msg), 0);
}

/* A hint while the table offers the seat a Kontra (3.3.1): the answer is
 * the bot's yes or no, the Kontra and the pass that declines it, in
 * the order of its advice -- not the Kontra alone, as every such hint
 * said before.  The player passes in every auction and plays its first
 * card until the heuristic bots declare a game it may double. */
static void test_hint_doubling_offer(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p;
    skt_player_open(&p, srv.port, "Vroni", 0, 41);
    json_t *turn = skt_table(&p, ",\"listed\":false", "heuristic");
    skt_pass_or_first(&p, turn);
    json_decref(turn);
    /* an offer is no turn (docs/server-protocol.md "offer"): asked when
     * one comes; the hold keeps the table still meanwhile */
    bool asked = false;
    for (int msgs = 0; !asked && msgs < 40000; msgs++) {
        json_t *o = expect(&p.w, NULL, SKT_STALL);
        assert_non_null(o);
        const char *t = json_string_value(json_object_get(o, "type"));
        const char *offer = json_string_value(json_object_get(o, "offer"));
        if (strcmp(t, "turn") == 0)
            skt_pass_or_first(&p, o);
        if (getenv("SKT_DEBUG")) {
            char *d = json_dumps(o, JSON_COMPACT);
            fprintf(stderr, "<< %.200s\n", d);
            free(d);
        }
        if (strcmp(t, "offer") == 0 && offer && strcmp(offer, "kontra") == 0) {
            skt_say(&p, "{\"type\":\"hint\",\"room\":\"%s\"}");
            json_t *h = NULL;
            bool open = true;
            while (!h) { /* the hint; "the table moved on": again while the offer stands */
                json_t *m = expect(&p.w, NULL, SKT_STALL);
                assert_non_null(m);
                const char *mt = json_string_value(json_object_get(m, "type"));
                if (strcmp(mt, "hint") == 0) {
                    h = m;
                    break;
                }
                if (strcmp(mt, "turn") == 0)
                    skt_pass_or_first(&p, m);
                if (strcmp(mt, "offer") == 0)
                    open = json_is_string(json_object_get(m, "offer"));
                bool refused = strcmp(mt, "error") == 0;
                json_decref(m);
                if (refused && !open)
                    break;
                if (refused)
                    skt_say(&p, "{\"type\":\"hint\",\"room\":\"%s\"}");
            }
            if (h) {
                json_t *hints = json_object_get(h, "hints");
                assert_int_equal(json_array_size(hints), 2);
                const char *first =
                    json_string_value(json_object_get(json_array_get(hints, 0), "action"));
                const char *second =
                    json_string_value(json_object_get(json_array_get(hints, 1), "action"));
                assert_true((strcmp(first, "kontra") == 0 && strcmp(second, "pass") == 0) ||
                            (strcmp(first, "pass") == 0 && strcmp(second, "kontra") == 0));
                json_decref(h);
                asked = true;
            }
        }
        json_decref(o);
    }
    assert_true(asked);
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

/* A person who leaves during the laying round or the auction: the
 * fallback bot finishes the game in his seat, and with his money it
 * passes rather than bid or lay (sk_room_stand_in_passes); a spectator
 * sees the seat's next decision, a pass not flagged as a stand-in's (the
 * seat is away: the bot plays it as itself). */
static void test_left_seat_passes(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    for (int k = 0; k < 3; k++) {
        skt_player p, q;
        skt_player_open(&p, srv.port, "Girgl", 0, 51 + (unsigned)k);
        /* play_on: with its only person gone the table would pause
         * (issue 40, no money moves while nobody is there) */
        json_t *turn = skt_table(&p, ",\"listed\":false,\"fallback\":\"pimc\",\"play_on\":true",
                                 "heuristic");
        skt_player_open(&q, srv.port, "Zaungast", -1, 61 + (unsigned)k);
        snprintf(q.room, sizeof q.room, "%s", p.room);
        json_decref(skt_request(&q, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state"));
        assert_true(skt_offers(turn, "pass")); /* the laying round or the auction */
        json_decref(turn);
        json_decref(skt_request(&p, "{\"type\":\"leave\",\"room\":\"%s\"%.0d}", 0, "left"));
        json_t *ev = skt_event(&q, "action", 0);
        json_t *e = json_object_get(ev, "event");
        assert_string_equal(json_string_value(json_object_get(e, "action")), "pass");
        assert_null(json_object_get(e, "stand_in"));
        json_decref(ev);
        skt_ws_close(&q.w);
        skt_ws_close(&p.w);
    }
    finish(&srv, dir);
}

/* Replays a finished game from its course (the result event) and checks
 * that each decision of a bot seat (all but seat 0) -- bid, declaration,
 * Kontra, Retour, card -- is what a heuristic bot decides on that seat's
 * view (the heuristic is deterministic); returns how many. */
static int skt_check_doublings(json_t *course, const char *preset)
{
    sk_rules r;
    sk_rules_preset(&r, preset, NULL);
    uint8_t hands[SK_NSEATS][8];
    size_t i, k;
    json_t *h, *c;
    json_array_foreach(json_object_get(course, "hands"), i, h) json_array_foreach(h, k, c)
        hands[i][k] = (uint8_t)sk_card_parse(json_string_value(c));
    sk_game g;
    sk_error err = {{0}, NULL};
    if (sk_game_init(&g, &r, (int)json_integer_value(json_object_get(course, "dealer")), hands,
                     json_is_true(json_object_get(course, "first_game")), &err) != SK_OK)
        fail_msg("the course's deal: %s", err.msg);
    int checked = 0;
    json_t *x;
    json_array_foreach(json_object_get(course, "actions"), i, x) {
        sk_action a;
        const char *text = json_string_value(json_object_get(x, "action"));
        if (sk_action_parse(text, &a, &err) != SK_OK)
            fail_msg("the course's action \"%s\": %s", text, err.msg);
        a.seat = (uint8_t)json_integer_value(json_object_get(x, "seat"));
        if (a.seat != 0) { /* the heuristic is deterministic: its own decision */
            sk_view v;
            sk_game_view(&g, a.seat, &v);
            sk_bot *bot = sk_bot_new("heuristic", 1, NULL);
            sk_action d = sk_bot_act(bot, &v);
            sk_bot_free(bot);
            d.seat = a.seat;
            char want[32];
            sk_action_format(d, want, sizeof want);
            if (!sk_action_equal(d, a))
                fail_msg("bot seat %d: %s, where the heuristic decides %s", a.seat, text, want);
            checked++;
        }
        if (sk_game_apply(&g, a, &err) != SK_OK)
            fail_msg("the course's action \"%s\" of seat %d: %s", text, a.seat, err.msg);
    }
    return checked;
}

static void skt_bots_by_judgement(skt_server *srv, const char *preset);

/* Bots at a table double by their own judgement (3.3.2: while only the
 * first card is out, so the seat to move is offered a doubling before
 * its card too).  A bot to move that declined answered with its card,
 * which the server took as not on offer and replaced by the first
 * choice that was: the doubling.  So every bot to move in the first
 * trick gave Kontra or Retour.  A person who passes and declines
 * everything plays with three heuristic bots; every bot decision of
 * each finished game is replayed against the heuristic's own: at the
 * official rules and at the sauspiel preset's (Klopfen, Geier,
 * Farbwenz). */
static void test_bots_double_by_judgement(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--rate", "1000000", NULL};
    start(&srv, dir, sizeof dir, extra);
    for (int k = 0; k < 2; k++)
        skt_bots_by_judgement(&srv, k ? "sauspiel" : "official");
    finish(&srv, dir);
}

/* test_bots_double_by_judgement at one preset. */
static void skt_bots_by_judgement(skt_server *srv, const char *preset)
{
    skt_player p;
    skt_player_open(&p, srv->port, "Vroni", 0, 43);
    /* no settlement wait and no Kontra hold: this client sends no `next`
     * and answers no offer, and the bots' doublings are what is checked
     * (with both on, each game waited 8 s and most 4 s more) */
    char rules[128];
    snprintf(rules, sizeof rules, ",\"listed\":false,\"settle\":0,\"hold\":0,\"rules\":{\"preset\":\"%s\"}",
             preset);
    json_t *turn = skt_table(&p, rules, "heuristic");
    int results = 0, played = 0, checked = 0;
    /* the deals come from the OS: a game is thrown in about a third of
     * the time, so play on past 12 until 4 were played (36 at most; a
     * stall ends it too) */
    while (turn && (results < 12 || played < 4) && results < 36) {
        const char *type = json_string_value(json_object_get(turn, "type"));
        if (strcmp(type, "turn") == 0) {
            skt_pass_or_first(&p, turn);
        } else if (strcmp(type, "event") == 0) {
            json_t *ev = json_object_get(turn, "event");
            const char *kind = json_string_value(json_object_get(ev, "kind"));
            if (kind && strcmp(kind, "result") == 0) {
                json_t *course = json_object_get(ev, "course");
                results++;
                played += !json_is_true(json_object_get(json_object_get(course, "result"), "thrown_in"));
                checked += skt_check_doublings(course, preset);
            }
        } else if (strcmp(type, "error") == 0) {
            fail_msg("error: %s", json_string_value(json_object_get(turn, "message")));
        }
        json_decref(turn);
        turn = expect(&p.w, NULL, SKT_STALL);
    }
    json_decref(turn);
    assert_true(results >= 12);
    assert_true(played >= 4);
    assert_true(checked >= 12); /* a bid or a pass at least in every game */
    skt_ws_close(&p.w);
}

/* Counts the lines of the files DIR/eng-*.log that start with `word`
 * and checks each "hand" line names at most 8 cards; -1 when none. */
static int skt_engine_lines(const char *dir, const char *word, int *logs)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    int count = 0;
    *logs = 0;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, "eng-", 4) != 0)
            continue;
        char path[600], line[1200];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        (*logs)++;
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, word, strlen(word)) == 0)
                count++;
            if (strncmp(line, "hand", 4) == 0) {
                int cards = 0;
                for (char *t = strtok(line + 4, " \n"); t; t = strtok(NULL, " \n"))
                    cards += sk_card_parse(t) >= 0;
                assert_true(cards <= 8);
            }
        }
        fclose(f);
    }
    closedir(d);
    return count;
}

/* Checks every "go" line of the files DIR/eng-*.log against the engine
 * protocol (docs/engine-protocol.md, "Decisions"): "go MS kind KIND",
 * then "forced" exactly when one "legal" line came before it; returns
 * how many were checked. */
static int skt_engine_go_lines(const char *dir, int ms)
{
    static const char *const kinds[] = {"klopfen", "auction", "declare", "hochzeit", "double",
                                        "card"};
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    int checked = 0;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, "eng-", 4) != 0)
            continue;
        char path[600], line[1200];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        int legal = 0;
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, "legal ", 6) == 0)
                legal++;
            if (strncmp(line, "go ", 3) != 0)
                continue;
            int got_ms = -1, end = 0;
            char kind[16] = "", forced[16] = "";
            int words = sscanf(line, "go %d kind %15s %15s %n", &got_ms, kind, forced, &end);
            assert_int_equal(got_ms, ms);
            assert_true(words == 2 || words == 3);
            bool known = false;
            for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
                known |= strcmp(kind, kinds[k]) == 0;
            if (!known)
                fail_msg("%s: a go line with kind \"%s\": %s", path, kind, line);
            if ((words == 3) != (legal == 1) || (words == 3 && strcmp(forced, "forced") != 0))
                fail_msg("%s: %d legal lines before \"%s\"", path, legal, line);
            legal = 0;
            checked++;
        }
        fclose(f);
    }
    closedir(d);
    return checked;
}

/* Engines at a table (--engine NAME=COMMAND): the lobby names them; a
 * client may seat only those; two seats of examples/engine_random.py
 * (each its own process, its input logged) and one engine that cannot
 * start (the room's bot plays for it, its events say "stand_in") play
 * two games with the player in seat 0, every message checked as in the
 * secrecy test; every go line names the kind of decision and marks a
 * forced one. */
static void test_engines(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64], rnd[900];
    tmpdir_make(dir, sizeof dir);
    snprintf(rnd, sizeof rnd, "rnd=tee %s/eng-$$.log | python3 %s/examples/engine_random.py", dir,
             getenv("SK_ROOT"));
    /* the engines' time a decision: the stall bound (a Python start on
     * a loaded machine takes seconds; what counts here is the protocol) */
    int engine_ms = SKT_STALL < 600000 ? SKT_STALL : 600000;
    char engine_time[16];
    snprintf(engine_time, sizeof engine_time, "%d", engine_ms);
    const char *extra[] = {"--engine", rnd, "--engine", "broken=exit 3", "--engine-time",
                           engine_time, NULL};
    char db[600];
    snprintf(db, sizeof db, "%s/server.db", dir);
    assert_int_equal(skt_server_start_args(&srv, db, extra), 0);
    skt_player p;
    skt_player_open(&p, srv.port, "Wiggerl", 0, 41);
    json_t *lobby = skt_request(&p, "{\"type\":\"lobby\"%.0s%.0d}", 0, "lobby");
    json_t *engines = json_object_get(lobby, "engines");
    assert_int_equal(json_array_size(engines), 2);
    assert_string_equal(json_string_value(json_array_get(engines, 0)), "ext:rnd");
    json_decref(lobby);
    skt_create(&p, ",\"listed\":false");
    json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":1,\"bot\":\"ext:nope\"}",
             p.room);
    expect_error(&p.w, msg, "refused"); /* only the names offered */
    snprintf(msg, sizeof msg,
             "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":1,\"bot\":\"ext:python3 x.py\"}", p.room);
    expect_error(&p.w, msg, "refused"); /* never a command */
    const char *bots[] = {"ext:rnd", "ext:rnd", "ext:broken"};
    for (int s = 1; s < 4; s++) {
        snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"%s\"}",
                 p.room, s, bots[s - 1]);
        assert_int_equal(skt_ws_send(&p.w, msg), 0);
    }
    skt_play(&p, 2);
    /* the broken engine's decisions are the fallback's, and say so */
    assert_true(p.stand_ins[3] > 0);
    assert_int_equal(p.stand_ins[0] + p.stand_ins[1] + p.stand_ins[2], 0);
    int logs = 0;
    int games = skt_engine_lines(dir, "game ", &logs);
    int gos = skt_engine_lines(dir, "go ", &logs);
    assert_int_equal(logs, 2); /* one process per engine seat */
    assert_true(games >= 2 * 2 - 1 && gos >= 2 * 8);
    /* the go line says which decision it is and marks a forced one */
    assert_int_equal(skt_engine_go_lines(dir, engine_ms), gos);
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

/* Claims on the real server: the player claims at each of his turns in
 * the play; a claim that does not hold is answered "holds": false and
 * the game goes on, one that holds is a "claim" event (seen by the
 * spectator too, every message checked as in the secrecy test) and the
 * cards played out to the result; a claim in the auction or on an old
 * event number is refused. */
static void test_claim_server(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--rate", "100000", NULL}; /* a claim and a decision a turn */
    start(&srv, dir, sizeof dir, extra);
    skt_player p, q;
    skt_player_open(&p, srv.port, "Vitus", 0, 51);
    json_t *turn = skt_table(&p, ",\"listed\":false", "random");
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"claim\",\"room\":\"%s\",\"seen\":%lld}", p.room,
             (long long)json_integer_value(json_object_get(turn, "seq")));
    expect_error(&p.w, msg, "refused"); /* the auction: not yet */
    json_decref(turn);
    skt_player_open(&q, srv.port, "Kiebitz", -1, 52);
    snprintf(q.room, sizeof q.room, "%s", p.room);
    json_decref(skt_request(&q, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state"));
    q.synced = 1;
    skt_say(&p, "{\"type\":\"spectate\",\"room\":\"%s\"}"); /* the prompt again */
    int held = 0, refused = 0;
    while ((held < 1 || refused < 1) && p.results < 30) {
        json_t *o = expect(&p.w, NULL, SKT_STALL);
        skt_pump(&q);
        if (!o)
            fail_msg("stalled: no message for %d s after %d games", SKT_STALL / 1000, p.results);
        if (getenv("SKT_DEBUG")) {
            char *d = json_dumps(o, JSON_COMPACT);
            fprintf(stderr, "<< %.200s\n", d);
            free(d);
        }
        const char *t = json_string_value(json_object_get(o, "type"));
        if (strcmp(t, "turn") == 0) {
            skt_walk(&p, o, "turn");
            /* claim in the play (a card on offer), else decide */
            const char *a0 = json_string_value(json_array_get(json_object_get(o, "legal"), 0));
            if (a0 && strncmp(a0, "card ", 5) == 0) {
                snprintf(msg, sizeof msg,
                         "{\"type\":\"claim\",\"room\":\"%s\",\"seen\":%lld}", p.room,
                         (long long)json_integer_value(json_object_get(o, "seq")));
                assert_int_equal(skt_ws_send(&p.w, msg), 0);
                json_t *ans = NULL;
                while (!ans) { /* the answer: "claim" (holds false) or the claim event */
                    json_t *x = expect(&p.w, NULL, SKT_STALL);
                    assert_non_null(x);
                    const char *xt = json_string_value(json_object_get(x, "type"));
                    if (strcmp(xt, "error") == 0) {
                        /* refused: too rich to check yet (the first tricks), or a
                         * prompt seen twice (stale): the card then (a stale one
                         * is refused in turn) */
                        assert_string_equal(json_string_value(json_object_get(x, "code")),
                                            "refused");
                        if (getenv("SKT_DEBUG"))
                            fprintf(stderr, "!! %s\n",
                                    json_string_value(json_object_get(x, "message")));
                        skt_decide(&p, o);
                        ans = x;
                    } else if (strcmp(xt, "claim") == 0) {
                        assert_false(json_is_true(json_object_get(x, "holds")));
                        refused++;
                        skt_decide(&p, o);
                        ans = x;
                    } else if (strcmp(xt, "event") == 0) {
                        skt_take(&p, x);
                        const char *xk =
                            json_string_value(json_object_get(json_object_get(x, "event"), "kind"));
                        if (strcmp(xk, "claim") == 0) {
                            held++;
                            ans = x;
                        } else {
                            json_decref(x);
                        }
                    } else {
                        json_decref(x); /* a prompt while waiting: answered below */
                    }
                }
                json_decref(ans);
            } else {
                skt_decide(&p, o);
            }
        } else {
            p.target = 0; /* skt_take: no decisions of its own */
            skt_take(&p, o);
        }
        json_decref(o);
    }
    if (p.bad[0])
        fail_msg("%s", p.bad);
    if (q.bad[0])
        fail_msg("%s", q.bad);
    print_message("claims: %d held, %d did not, in %d games\n", held, refused, p.results);
    assert_true(held >= 1 && refused >= 1);
    skt_ws_close(&q.w);
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

#define SKT_TABLE_TESTS                                                                           \
    cmocka_unit_test(test_turn_timer), cmocka_unit_test(test_pause_vote),                        \
        cmocka_unit_test(test_five_seats), cmocka_unit_test(test_hint),                          \
        cmocka_unit_test(test_hint_doubling_offer), cmocka_unit_test(test_bots_double_by_judgement), \
        cmocka_unit_test(test_left_seat_passes),                          \
        cmocka_unit_test(test_engines), cmocka_unit_test(test_claim_server),
