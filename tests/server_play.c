/*
 * server_play.c -- the server's game tests, included by test_server.c:
 * rooms (create, join, bots, leave, lobby), decisions (refused, stale,
 * never played twice), reconnecting with the token, kill -9 and restart
 * on the same database, two servers on one database, and the secrecy
 * test: many games of client "bots" through real connections, every
 * message to a seat checked for cards it cannot know (docs/room-messages.md,
 * docs/architecture.md "The visibility rule").
 */

/* A client that plays a seat (or watches, seat -1) and checks what it
 * is told. */
typedef struct skt_player {
    skt_ws w;
    char token[80];
    char room[20];
    int seat;
    uint64_t seq;       /* the last event number received */
    sk_cards hand;      /* its hand as dealt in the game running */
    sk_cards got;       /* cards it got in a Hochzeit's exchange (not dealt) */
    sk_cards pub;       /* cards played in the game running */
    int synced;         /* it saw a deal or a state: it knows its hand */
    int results;        /* games seen to their end */
    int target;         /* stop deciding after this many games */
    int decisions;
    int refused;
    int chats;
    int messages;
    int outs;           /* games it sat out (five players) */
    int claims;         /* claims it saw held */
    int stand_ins[5];   /* actions the fallback bot made in place of a seat's player */
    bool quiet_offers;  /* ignores every offer (Kontra, Retour, Klopfen) */
    bool decline_offers; /* declines every offer at once ("pass") */
    int offers;         /* offers it was made */
    int offers_until;   /* ... with an end of the hold */
    unsigned rng;
    char bad[300];      /* the first secrecy or protocol failure */
} skt_player;

/* Notes a failure once. */
static void skt_bad(skt_player *p, const char *what, const char *detail)
{
    if (!p->bad[0])
        snprintf(p->bad, sizeof p->bad, "seat %d: %s: %.200s", p->seat, what, detail);
}

/* The card set of a JSON array of card codes. */
static sk_cards skt_cards(json_t *a)
{
    sk_cards set = 0;
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v) {
        int c = sk_card_parse(json_string_value(v) ? json_string_value(v) : "");
        if (c >= 0)
            set |= SK_BIT(c);
    }
    return set;
}

/* Checks every string in `j` for card codes the player may not know:
 * its own hand as dealt and the cards played are all it may see.  The
 * course of a finished game ("course", "last") is public by then; the
 * called ace ("called") names a card, not its holder.  A "seed" may not
 * appear at all before the game's end, a "hand" not for a spectator. */
static void skt_walk(skt_player *p, json_t *j, const char *key)
{
    if (json_is_object(j)) {
        const char *k;
        json_t *v;
        json_object_foreach(j, k, v) {
            if (strcmp(k, "course") == 0 || strcmp(k, "last") == 0 || strcmp(k, "called") == 0)
                continue;
            if (strcmp(k, "seed") == 0)
                skt_bad(p, "a seed before the game's end", json_string_value(v));
            const char *kind = json_string_value(json_object_get(j, "kind"));
            if (strcmp(k, "hand") == 0 && p->seat < 0 && json_array_size(v) > 0 &&
                !(kind && strcmp(kind, "claim") == 0)) /* a claimer shows his cards */
                skt_bad(p, "a spectator was sent a hand", key);
            skt_walk(p, v, k);
        }
    } else if (json_is_array(j)) {
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v) skt_walk(p, v, key);
    } else if (json_is_string(j)) {
        const char *s = json_string_value(j);
        size_t n = strlen(s);
        for (size_t i = 0; i < n;) {
            size_t k = i;
            while (k < n && ((s[k] >= 'A' && s[k] <= 'Z') || (s[k] >= '0' && s[k] <= '9') ||
                             (s[k] >= 'a' && s[k] <= 'z')))
                k++;
            if (k - i == 2) {
                char code[3] = {s[i], s[i + 1], 0};
                int c = sk_card_parse(code);
                if (c >= 0 && code[0] >= 'A' && code[0] <= 'Z' &&
                    !(SK_BIT(c) & (p->hand | p->got | p->pub)))
                    skt_bad(p, "a card it cannot know", s);
            }
            i = k > i ? k : i + 1;
        }
    }
}

/* Sends a decision: a random choice of a turn prompt. */
static void skt_decide(skt_player *p, json_t *turn)
{
    json_t *legal = json_object_get(turn, "legal");
    size_t n = json_array_size(legal);
    if (n == 0)
        return;
    const char *a = json_string_value(json_array_get(legal, (size_t)rand_r(&p->rng) % n));
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"decide\",\"room\":\"%s\",\"action\":\"%s\",\"seen\":%lld}",
             p->room, a, (long long)json_integer_value(json_object_get(turn, "seq")));
    skt_ws_send(&p->w, msg);
    p->decisions++;
}

static void skt_say(skt_player *p, const char *fmt);

/* Takes one message: updates what the player knows, checks secrecy,
 * answers a prompt while it has games to play. */
static void skt_take(skt_player *p, json_t *o)
{
    p->messages++;
    const char *type = json_string_value(json_object_get(o, "type"));
    if (!type) {
        skt_bad(p, "a message without type", "");
        return;
    }
    if (strcmp(type, "event") == 0) {
        json_t *ev = json_object_get(o, "event");
        p->seq = (uint64_t)json_integer_value(json_object_get(o, "seq"));
        const char *kind = json_string_value(json_object_get(ev, "kind"));
        if (!kind)
            return skt_bad(p, "an event without kind", "");
        if (strcmp(kind, "deal") == 0) {
            json_t *out = json_object_get(ev, "out");
            if (p->seat >= 0 && json_is_integer(out) && json_integer_value(out) == p->seat) {
                p->outs++;
                if (json_object_get(ev, "hand"))
                    skt_bad(p, "the seat sitting out was sent a hand", "");
            }
            p->synced = 1;
            p->hand = p->seat >= 0 ? skt_cards(json_object_get(ev, "hand")) : 0;
            p->got = 0;
            p->pub = 0;
        } else if (strcmp(kind, "claim") == 0) { /* the claimer shows his cards to all */
            p->pub |= skt_cards(json_object_get(ev, "hand"));
            p->claims++;
        } else if (strcmp(kind, "action") == 0) {
            const char *a = json_string_value(json_object_get(ev, "action"));
            int c = a && strncmp(a, "card ", 5) == 0 ? sk_card_parse(a + 5) : -1;
            if (c >= 0)
                p->pub |= SK_BIT(c);
            /* the rest of a hand dealt in packets (Klopfen, 002); after a
             * Hochzeit's exchange the card got is known but not dealt */
            sk_cards now = skt_cards(json_object_get(ev, "hand"));
            if (p->seat >= 0 && a && strncmp(a, "accept", 6) == 0)
                p->got |= now & ~p->hand;
            else if (p->seat >= 0)
                p->hand |= now;
            json_int_t s = json_integer_value(json_object_get(ev, "seat"));
            if (json_is_true(json_object_get(ev, "stand_in")) && s >= 0 && s < 5)
                p->stand_ins[s]++;
        } else if (strcmp(kind, "result") == 0) {
            json_t *hands = json_object_get(json_object_get(ev, "course"), "hands");
            if (p->synced && p->seat >= 0 &&
                skt_cards(json_array_get(hands, (size_t)p->seat)) != p->hand) {
                char d[64];
                snprintf(d, sizeof d, "%08x, course %08x", (unsigned)p->hand,
                         (unsigned)skt_cards(json_array_get(hands, (size_t)p->seat)));
                skt_bad(p, "the hand it was dealt is not the one in the course", d);
            }
            p->results++;
            if (p->seat >= 0 && p->results < p->target) /* settlement seen: deal on */
                skt_say(p, "{\"type\":\"next\",\"room\":\"%s\"}");
        }
        /* a Bettel ouvert's hand, laid open: public (the house presets) */
        p->pub |= skt_cards(json_object_get(
            json_object_get(json_object_get(ev, "table"), "open"), "cards"));
        if (p->synced)
            skt_walk(p, ev, "event");
    } else if (strcmp(type, "turn") == 0) {
        if (p->synced)
            skt_walk(p, o, "turn");
        if (p->results < p->target && p->seat >= 0)
            skt_decide(p, o);
    } else if (strcmp(type, "error") == 0) {
        const char *code = json_string_value(json_object_get(o, "code"));
        if (code && strcmp(code, "refused") == 0)
            p->refused++;
        else
            skt_bad(p, "an error", json_string_value(json_object_get(o, "message")));
    } else if (strcmp(type, "offer") == 0) {
        /* an offer (Kontra, Retour, Klopfen), never a turn: taken about
         * one time in four, else let go as often by a decline as by
         * silence (the hold's end) */
        const char *offer = json_string_value(json_object_get(o, "offer"));
        int pick = (int)(rand_r(&p->rng) % 8);
        if (p->synced)
            skt_walk(p, o, "offer");
        if (offer) {
            p->offers++;
            p->offers_until += json_is_integer(json_object_get(o, "until"));
        }
        if (p->quiet_offers)
            pick = 7;
        else if (p->decline_offers)
            pick = 2;
        if (offer && p->seat >= 0 && p->results < p->target && pick < 5) {
            char msg[200];
            snprintf(msg, sizeof msg,
                     "{\"type\":\"decide\",\"room\":\"%s\",\"action\":\"%s\",\"seen\":%lld}",
                     p->room, pick < 2 ? offer : "pass",
                     (long long)json_integer_value(json_object_get(o, "seq")));
            skt_ws_send(&p->w, msg);
            p->decisions++;
        }
    } else if (strcmp(type, "chat") == 0) {
        p->chats++;
    } else if (strcmp(type, "state") == 0) {
        /* Joining mid-game: its hand now and the cards played so far. */
        json_t *game = json_object_get(json_object_get(o, "state"), "game");
        p->synced = 1;
        if (json_is_object(game)) {
            p->hand = p->seat >= 0 ? skt_cards(json_object_get(game, "hand")) : 0;
            p->got = 0;
            p->pub = 0;
            size_t i;
            json_t *v;
            json_array_foreach(json_object_get(game, "actions"), i, v) {
                const char *a = json_string_value(json_object_get(v, "action"));
                int c = a && strncmp(a, "card ", 5) == 0 ? sk_card_parse(a + 5) : -1;
                if (c >= 0)
                    p->pub |= SK_BIT(c);
                if (c >= 0 && json_integer_value(json_object_get(v, "seat")) == p->seat)
                    p->hand |= SK_BIT(c); /* its hand as dealt */
            }
        }
        p->pub |= skt_cards(json_object_get(json_object_get(json_object_get(game, "table"), "open"),
                                            "cards"));
        skt_walk(p, json_object_get(o, "state"), "state");
    }
}

/* Reads and takes what a player's socket has now. */
static void skt_pump(skt_player *p)
{
    skt_ws_fill(&p->w);
    char *text;
    while ((text = skt_ws_next(&p->w))) {
        json_t *o = json_loads(text, 0, NULL);
        if (!o)
            skt_bad(p, "a message that is not JSON", text);
        else
            skt_take(p, o);
        json_decref(o);
        free(text);
    }
}

/* Connects a player and says hello. */
static void skt_player_open(skt_player *p, int port, const char *name, int seat, unsigned seed)
{
    memset(p, 0, sizeof *p);
    p->seat = seat;
    p->rng = seed;
    assert_int_equal(skt_ws_open(&p->w, port, NULL), 0);
    json_t *wel = say_hello(&p->w, name, NULL);
    snprintf(p->token, sizeof p->token, "%s", json_string_value(json_object_get(wel, "token")));
    json_decref(wel);
}

/* Creates a room (official rules, unless `extra` has "rules"; settle 0
 * unless it has "settle") on p's connection; the code in p->room.  The
 * creator sits in seat 0 (unless "watch"). */
static void skt_create(skt_player *p, const char *extra)
{
    char msg[300];
    bool rules = extra && strstr(extra, "\"rules\"");
    /* no settlement wait unless the test asks for one: tests of other
     * things deal the next game at once, as before the wait came */
    bool settle = extra && strstr(extra, "\"settle\"");
    snprintf(msg, sizeof msg, "{\"type\":\"create\"%s,\"title\":\"test\"%s%s}",
             rules ? "" : ",\"rules\":{\"preset\":\"official\"}", settle ? "" : ",\"settle\":0",
             extra ? extra : "");
    assert_int_equal(skt_ws_send(&p->w, msg), 0);
    json_t *c = expect(&p->w, "created", SKT_STALL);
    assert_non_null(c);
    snprintf(p->room, sizeof p->room, "%s", json_string_value(json_object_get(c, "room")));
    json_decref(c);
    json_t *st = expect(&p->w, "state", SKT_STALL);
    assert_non_null(st);
    json_decref(st);
}

/* Sends a request for the player's room and waits for `reply`. */
static json_t *skt_request(skt_player *p, const char *fmt, int seat, const char *reply)
{
    char msg[300];
    snprintf(msg, sizeof msg, fmt, p->room, seat);
    assert_int_equal(skt_ws_send(&p->w, msg), 0);
    json_t *o = expect(&p->w, reply, SKT_STALL);
    if (!o)
        fail_msg("no %s after %s", reply, msg);
    return o;
}

/* Plays p's seat (against the room's bots) until it saw `games` more
 * results; fails when no message came for the stall bound.  Returns
 * the last event number. */
static uint64_t skt_play(skt_player *p, int games)
{
    p->target = p->results + games;
    while (p->results < p->target) {
        char *text = skt_ws_recv(&p->w, SKT_STALL);
        if (!text) {
            assert_false(p->w.closed);
            fail_msg("stalled: no message for %d s after %d of %d games", SKT_STALL / 1000,
                     p->results - (p->target - games), games);
        }
        json_t *o = json_loads(text, 0, NULL);
        if (getenv("SKT_DEBUG"))
            fprintf(stderr, "<< %.300s\n", text);
        free(text);
        assert_non_null(o);
        skt_take(p, o);
        json_decref(o);
    }
    if (p->bad[0])
        fail_msg("%s", p->bad);
    return p->seq;
}

/* Create, join, bots, decisions refused and stale, a game to its end,
 * leave; the lobby lists listed rooms only. */
static void test_room_play(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p;
    skt_player_open(&p, srv.port, "Sepp", 0, 1);
    skt_create(&p, ",\"listed\":false");
    json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    expect_error(&p.w, "{\"type\":\"lobby\",\"extra\":0}", "bad_message");
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":1}", p.room);
    expect_error(&p.w, msg, "refused");
    snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":1,\"bot\":\"nobot\"}",
             p.room);
    expect_error(&p.w, msg, "refused");
    for (int s = 1; s < 4; s++) {
        snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"random\"}",
                 p.room, s);
        assert_int_equal(skt_ws_send(&p.w, msg), 0);
    }
    /* The first prompt: a refused action, then one decision sent twice. */
    json_t *turn = expect(&p.w, "turn", SKT_STALL);
    assert_non_null(turn);
    long long seq = json_integer_value(json_object_get(turn, "seq"));
    snprintf(msg, sizeof msg,
             "{\"type\":\"decide\",\"room\":\"%s\",\"action\":\"card EO\",\"seen\":%lld}", p.room,
             seq);
    assert_int_equal(skt_ws_send(&p.w, msg), 0);
    json_t *e = expect(&p.w, "error", SKT_STALL);
    assert_non_null(e);
    const char *code = json_string_value(json_object_get(e, "code"));
    assert_true(strcmp(code, "illegal") == 0 || strcmp(code, "refused") == 0);
    json_decref(e);
    const char *a = json_string_value(json_array_get(json_object_get(turn, "legal"), 0));
    snprintf(msg, sizeof msg, "{\"type\":\"decide\",\"room\":\"%s\",\"action\":\"%s\",\"seen\":%lld}",
             p.room, a, seq);
    assert_int_equal(skt_ws_send(&p.w, msg), 0);
    assert_int_equal(skt_ws_send(&p.w, msg), 0);
    json_decref(turn);
    /* Exactly one event of seat 0 at seq + 1, and one refusal. */
    int mine = 0, refused = 0;
    while (refused == 0 || mine == 0) {
        json_t *o = expect(&p.w, NULL, SKT_STALL);
        if (!o)
            break;
        const char *t = json_string_value(json_object_get(o, "type"));
        json_t *ev = json_object_get(o, "event");
        if (strcmp(t, "event") == 0 && json_integer_value(json_object_get(o, "seq")) == seq + 1 &&
            json_integer_value(json_object_get(ev, "seat")) == 0)
            mine++;
        if (strcmp(t, "error") == 0) {
            assert_string_equal(json_string_value(json_object_get(o, "code")), "refused");
            refused++;
        }
        json_decref(o);
    }
    assert_int_equal(mine, 1);
    assert_int_equal(refused, 1);
    /* Play on to the end of two games (the next prompt may have gone by
     * above: sync asks for the events again). */
    snprintf(msg, sizeof msg, "{\"type\":\"spectate\",\"room\":\"%s\"}", p.room);
    assert_int_equal(skt_ws_send(&p.w, msg), 0);
    skt_play(&p, 2);
    char *body = NULL;
    char path[80];
    snprintf(path, sizeof path, "/api/rooms/%s/games.jsonl", p.room);
    assert_int_equal(skt_http_get(srv.port, path, &body, NULL), 200);
    assert_non_null(strchr(body, '\n'));
    free(body);
    assert_int_equal(skt_http_get(srv.port, "/api/lobby", &body, NULL), 200);
    assert_null(strstr(body, p.room));
    free(body);
    json_decref(skt_request(&p, "{\"type\":\"chat\",\"room\":\"%s\",\"text\":\"Servus %d\"}", 1,
                            "chat"));
    /* One who comes to watch gets the state and the chat so far. */
    skt_player q;
    skt_player_open(&q, srv.port, "Vroni", -1, 3);
    snprintf(q.room, sizeof q.room, "%s", p.room);
    json_decref(skt_request(&q, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state"));
    json_t *old = expect(&q.w, "chat", SKT_STALL);
    assert_non_null(old);
    assert_true(json_is_true(json_object_get(old, "history")));
    assert_string_equal(json_string_value(json_object_get(old, "text")), "Servus 1");
    json_decref(old);
    skt_ws_close(&q.w);
    json_decref(skt_request(&p, "{\"type\":\"leave\",\"room\":\"%s\"%.0d}", 0, "left"));
    /* A listed room shows in the lobby with its free seats. */
    skt_create(&p, NULL);
    assert_int_equal(skt_http_get(srv.port, "/api/lobby", &body, NULL), 200);
    assert_non_null(strstr(body, p.room));
    assert_non_null(strstr(body, "\"free\":3")); /* its creator sits */
    free(body);
    json_decref(skt_request(&p, "{\"type\":\"lobby\"%.0s%.0d}", 0, "lobby"));
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

/* Collects the fallback spec of every open room of a store. */
static int skt_fallbacks(void *ctx, const sk_store_room *room)
{
    char *out = ctx;
    size_t n = strlen(out);
    snprintf(out + n, 200 - n, "%s;", room->fallback);
    return 0;
}

/* A room whose creator names no fallback gets the table's level
 * (docs/server-protocol.md, issue 19 item 6: the default opponents are
 * the strongest level within 100 ms a decision); a named one is kept. */
static void test_default_fallback(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p;
    skt_player_open(&p, srv.port, "Wastl", 0, 5);
    /* play_on: else, its only person gone, the table would pause
     * (issue 40; tests/server_presence.c test_idle_table) */
    skt_create(&p, ",\"listed\":false,\"play_on\":true");
    skt_create(&p, ",\"listed\":false,\"fallback\":\"heuristic\"");
    skt_ws_close(&p.w);
    int status = skt_server_stop(&srv, SIGTERM);
    assert_true(WIFEXITED(status));
    char db[600], seen[200] = "";
    snprintf(db, sizeof db, "%s/server.db", dir);
    sk_error err = {{0}, NULL};
    sk_store *st = sk_store_open(db, &err);
    assert_non_null(st);
    assert_int_equal(sk_store_rooms(st, skt_fallbacks, seen, &err), 0);
    sk_store_close(st);
    assert_string_equal(seen, SK_BOT_TABLE_LEVEL ";heuristic;");
    tmpdir_remove(dir);
}

/* Reconnecting with the token gives the seat and the view back; after a
 * kill -9 and a restart on the same database the game goes on at the
 * exact event, and the client plays it to its end. */
static void test_reconnect_restart(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p;
    skt_player_open(&p, srv.port, "Resi", 0, 7);
    skt_create(&p, ",\"listed\":false");
    json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    char msg[200];
    for (int s = 1; s < 4; s++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"heuristic\"}", p.room, s);
        assert_int_equal(skt_ws_send(&p.w, msg), 0);
    }
    skt_play(&p, 1);
    /* Reconnect: the same seat, the state. */
    skt_ws_close(&p.w);
    assert_int_equal(skt_ws_open(&p.w, srv.port, NULL), 0);
    json_decref(say_hello(&p.w, "Resi", p.token));
    json_t *st = expect(&p.w, "state", SKT_STALL);
    assert_non_null(st);
    assert_int_equal(json_integer_value(json_object_get(st, "seat")), 0);
    assert_string_equal(json_string_value(json_object_get(st, "room")), p.room);
    /* Into the next game, then kill -9. */
    skt_take(&p, st);
    p.seq = (uint64_t)json_integer_value(json_object_get(st, "seq"));
    uint64_t s0 = p.seq;
    /* keep answering through a deal thrown in (every seat passed: a
     * game of a few events) -- with one game to go the client stopped
     * at its result and the next deal waited for it forever */
    p.target = p.results + 3;
    while (p.seq < s0 + 8) {
        json_t *o = expect(&p.w, NULL, SKT_STALL);
        if (!o)
            fail_msg("stalled: no message for %d s at event %llu", SKT_STALL / 1000,
                     (unsigned long long)p.seq);
        if (getenv("SKT_DEBUG")) { char *t = json_dumps(o, JSON_COMPACT); fprintf(stderr, "<< %.400s\n", t); free(t); }
        skt_take(&p, o);
        json_decref(o);
    }
    json_decref(st);
    uint64_t seen = p.seq;
    assert_true(seen > 0);
    skt_server_stop(&srv, SIGKILL);
    skt_ws_close(&p.w);
    char db[600];
    snprintf(db, sizeof db, "%s/server.db", dir);
    assert_int_equal(skt_server_start_args(&srv, db, NULL), 0);
    assert_int_equal(skt_ws_open(&p.w, srv.port, NULL), 0);
    json_t *wel = say_hello(&p.w, "Resi", p.token);
    assert_true(json_is_true(json_object_get(wel, "resumed")));
    json_decref(wel);
    st = expect(&p.w, "state", SKT_STALL);
    assert_non_null(st);
    assert_int_equal(json_integer_value(json_object_get(st, "seat")), 0);
    uint64_t at = (uint64_t)json_integer_value(json_object_get(st, "seq"));
    assert_true(at >= seen);
    skt_take(&p, st);
    p.seq = at;
    json_decref(st);
    skt_play(&p, 1);
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

/* A player who is gone when his turn comes is waited for --away
 * seconds (from his away mark), then the room's fallback bot plays for
 * him at a table that plays on: a spectator sees the game end. */
static void test_away(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--away", "1", NULL};
    start(&srv, dir, sizeof dir, extra);
    skt_player p, q;
    skt_player_open(&p, srv.port, "Wastl", 0, 5);
    /* play_on: else, its only person gone, the table would pause
     * (issue 40; tests/server_presence.c test_idle_table) */
    skt_create(&p, ",\"listed\":false,\"play_on\":true");
    json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    char msg[200];
    for (int s = 1; s < 4; s++) {
        snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"random\"}",
                 p.room, s);
        assert_int_equal(skt_ws_send(&p.w, msg), 0);
    }
    json_t *turn = expect(&p.w, "turn", SKT_STALL);
    assert_non_null(turn);
    json_decref(turn);
    skt_ws_close(&p.w); /* gone at his turn */
    skt_player_open(&q, srv.port, "Zenzi", -1, 6);
    snprintf(q.room, sizeof q.room, "%s", p.room);
    json_decref(skt_request(&q, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state"));
    q.synced = 1;
    q.target = 1;
    while (q.results < 1) {
        json_t *o = expect(&q.w, NULL, SKT_STALL);
        if (!o)
            fail_msg("stalled: the spectator got no message for %d s", SKT_STALL / 1000);
        skt_take(&q, o);
        json_decref(o);
    }
    if (q.bad[0])
        fail_msg("%s", q.bad);
    assert_int_equal(q.results, 1);
    skt_ws_close(&q.w);
    finish(&srv, dir);
}

/* A second server on the same database refuses to start. */
static void test_two_servers(void **state)
{
    (void)state;
    skt_server a, b;
    char dir[64];
    start(&a, dir, sizeof dir, NULL);
    assert_int_equal(skt_server_start_args(&b, a.db, NULL), -1);
    finish(&a, dir);
}

/* The secrecy test: rooms of four client bots (five in every fourth
 * room: the dealer sits out, 002) and a spectator, many games through
 * real connections; every message each gets is checked (skt_walk), the
 * hands against the course at each game's end, no hand for the seat
 * sitting out; the records download and pass `schafkopf check`.  Issue
 * 16 asks for at least 10,000 games: the plain pass plays them all,
 * however long a loaded machine takes (about three minutes alone); the
 * sanitizer pass, many times slower, 200.  SK_SERVER_GAMES sets another
 * number.  It fails on a stall (no message to any client for the stall
 * bound), on a message that tells a seat what it may not know, and on
 * a game short: never on the time taken. */
static void test_secrecy(void **state)
{
    (void)state;
    const char *env = getenv("SK_SERVER_GAMES");
    int games_total = env ? atoi(env) : getenv("SK_SAN") ? 200 : 10000;
    enum { ROOMS = 20 };
    int per_room = (games_total + ROOMS - 1) / ROOMS;
    skt_server srv;
    char dir[64];
    FILE *dump = skt_dump;
    skt_dump = NULL; /* too many to validate: the other tests' messages are */
    /* 115 connections from 127.0.0.1: over its default share */
    const char *extra[] = {"--rate", "1000000", "--workers", "1", "--max-conns-per-addr", "0",
                           NULL};
    start(&srv, dir, sizeof dir, extra);
    /* Per room six slots: the seats (every fourth room plays five
     * players, 002), then the spectator who made the room (slot 5). */
    enum { SLOTS = 6 };
    skt_player *pl = calloc(ROOMS * SLOTS, sizeof *pl);
    for (int r = 0; r < ROOMS; r++) {
        skt_player *p = &pl[r * SLOTS];
        int n = r % 4 == 3 ? 5 : 4;
        char name[16];
        for (int s = 0; s < SLOTS; s++) {
            if (s >= n && s < SLOTS - 1) {
                p[s].w.fd = -1; /* no fifth seat here: poll skips it */
                p[s].results = per_room;
                continue;
            }
            snprintf(name, sizeof name, "p%d", s);
            skt_player_open(&p[s], srv.port, name, s < n ? s : -1,
                            (unsigned)(r * SLOTS + s + 1));
            p[s].target = per_room;
        }
        if (n == 5) {
            char msg[200];
            snprintf(msg, sizeof msg, "{\"type\":\"create\",\"rules\":{\"preset\":\"official\","
                                      "\"overrides\":{\"players\":\"5\"}},\"listed\":false,"
                                      "\"watch\":true,\"settle\":0,\"hold\":0}");
            assert_int_equal(skt_ws_send(&p[SLOTS - 1].w, msg), 0);
            json_t *c = expect(&p[SLOTS - 1].w, "created", SKT_STALL);
            assert_non_null(c);
            snprintf(p[SLOTS - 1].room, sizeof p[SLOTS - 1].room, "%s",
                     json_string_value(json_object_get(c, "room")));
            json_decref(c);
            json_decref(expect(&p[SLOTS - 1].w, "state", SKT_STALL));
        } else {
            /* every fourth room of four plays with Klopfen (the laying
             * round's offers); no hold: thousands of games of people */
            skt_create(&p[SLOTS - 1], r % 4 == 1 ? ",\"listed\":false,\"watch\":true,\"hold\":0,\"rules\":"
                                                   "{\"preset\":\"stammtisch\",\"overrides\":{\"klopfen\":\"all\"}}"
                                                 : ",\"listed\":false,\"watch\":true,\"hold\":0");
        }
        char code[sizeof p[0].room]; /* a copy: gcc -O0 sees p[s] overlap it */
        snprintf(code, sizeof code, "%s", p[SLOTS - 1].room);
        for (int s = 0; s < n; s++) {
            snprintf(p[s].room, sizeof p[s].room, "%s", code);
            json_decref(
                skt_request(&p[s], "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", s, "state"));
        }
        char msg[200];
        snprintf(msg, sizeof msg, "{\"type\":\"chat\",\"room\":\"%s\",\"text\":\"Servus\"}",
                 p[SLOTS - 1].room);
        skt_ws_send(&p[SLOTS - 1].w, msg);
    }
    /* Until every client saw its games: progress is a message to any of
     * them; a stall (none for the stall bound) ends the wait. */
    int64_t start_ms = skt_ms(), last = start_ms;
    long seen = 0;
    struct pollfd *pf = calloc(ROOMS * SLOTS, sizeof *pf);
    for (;;) {
        int done = 0;
        long now_seen = 0;
        for (int i = 0; i < ROOMS * SLOTS; i++) {
            done += pl[i].results >= per_room;
            now_seen += pl[i].messages;
        }
        if (now_seen != seen) {
            seen = now_seen;
            last = skt_ms();
        }
        if (done == ROOMS * SLOTS || skt_ms() - last > SKT_STALL)
            break;
        for (int i = 0; i < ROOMS * SLOTS; i++)
            pf[i] = (struct pollfd){pl[i].w.fd, POLLIN, 0};
        if (poll(pf, ROOMS * SLOTS, 1000) <= 0)
            continue;
        for (int i = 0; i < ROOMS * SLOTS; i++)
            if (pf[i].revents)
                skt_pump(&pl[i]);
    }
    int64_t ms = skt_ms() - start_ms;
    skt_dump = dump; /* the schema test runs whatever this one finds */
    long games = 0, msgs = 0, decisions = 0, chats = 0, outs = 0;
    for (int i = 0; i < ROOMS * SLOTS; i++) {
        if (pl[i].bad[0])
            fail_msg("room %d: %s", i / SLOTS, pl[i].bad);
        if (pl[i].results < per_room && pl[i].w.closed)
            fail_msg("room %d seat %d: the server closed the connection after %d of %d games",
                     i / SLOTS, pl[i].seat, pl[i].results, per_room);
        if (pl[i].results < per_room)
            fail_msg("room %d seat %d saw %d of %d games: no message to any client for %d s",
                     i / SLOTS, pl[i].seat, pl[i].results, per_room, SKT_STALL / 1000);
        games += i % SLOTS == SLOTS - 1 ? pl[i].results : 0;
        msgs += pl[i].messages;
        decisions += pl[i].decisions;
        chats += pl[i].chats;
        outs += pl[i].outs;
    }
    assert_true(chats >= ROOMS * 5);
    assert_true(outs > 0); /* the five-seat rooms' dealers sat out, and were checked */
    printf("secrecy: %ld games, %ld messages checked, %ld decisions, %d rooms (%d of five), "
           "%.1f s\n", games, msgs, decisions, ROOMS, ROOMS / 4, (double)ms / 1000);
    /* The records of a room of four and one of five: `check` accepts them. */
    for (int r = 0; r < 4; r += 3) {
        char *body = NULL, path[80], file[700], cmd[1600];
        snprintf(path, sizeof path, "/api/rooms/%s/games.jsonl", pl[r * SLOTS + SLOTS - 1].room);
        assert_int_equal(skt_http_get(srv.port, path, &body, NULL), 200);
        snprintf(file, sizeof file, "%s/games.jsonl", dir);
        FILE *f = fopen(file, "w");
        assert_non_null(f);
        fputs(body, f);
        fclose(f);
        free(body);
        snprintf(cmd, sizeof cmd, "'%s' check '%s' > /dev/null", getenv("SK_PROG"), file);
        assert_int_equal(system(cmd), 0);
    }
    for (int i = 0; i < ROOMS * SLOTS; i++)
        if (pl[i].w.fd >= 0)
            skt_ws_close(&pl[i].w);
    free(pl);
    free(pf);
    finish(&srv, dir);
}

/* Every message the tests received fits docs/server-protocol.schema.json,
 * and so do the valid client messages of the fuzz corpus. */
static void test_schema(void **state)
{
    (void)state;
    assert_non_null(skt_dump);
    fflush(skt_dump);
    const char *root = getenv("SK_ROOT");
    char cmd[2000];
    snprintf(cmd, sizeof cmd,
             "python3 '%s/tests/check_schema.py' '%s/docs/server-protocol.schema.json' server "
             "'%s' && python3 '%s/tests/check_schema.py' "
             "'%s/docs/server-protocol.schema.json' client '%s'/tests/fuzz/corpus/fuzz_server_msg/*",
             root, root, skt_dump_path, root, root, root);
    assert_int_equal(system(cmd), 0);
}

#define SKT_PLAY_TESTS                                                                            \
    cmocka_unit_test(test_room_play), cmocka_unit_test(test_default_fallback),                   \
        cmocka_unit_test(test_reconnect_restart),                  \
        cmocka_unit_test(test_away),                                                              \
        cmocka_unit_test(test_two_servers), cmocka_unit_test(test_secrecy),                      \
        cmocka_unit_test(test_schema),
