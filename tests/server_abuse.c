/*
 * server_abuse.c -- the fair shares under attack (docs/server.md "Fair
 * shares"), included by test_server.c after the account tests (it uses
 * their auth helpers).  Each attack of issue 41 is replayed from one
 * loopback address (127.0.0.x: the client socket's source is bound, so
 * the server sees different addresses): a room flood against the caps,
 * a flood of pimc:strong tables against a victim table of pimc bots, a
 * register flood against another address's register, and password
 * guessing against the owner's login.  Every wait is for progress (a
 * stall fails); nothing depends on how long the whole takes.
 */

/* Opens a WebSocket to the server from the loopback address `from`
 * (skt_ws_upgrade over a socket bound to it).  0, the HTTP status of a
 * refused upgrade, or -1. */
static int abuse_open(skt_ws *w, int port, const char *from)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in src = {0}, dst = {0};
    src.sin_family = dst.sin_family = AF_INET;
    inet_pton(AF_INET, from, &src.sin_addr);
    dst.sin_port = htons((uint16_t)port);
    dst.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || bind(fd, (struct sockaddr *)&src, sizeof src) < 0 ||
        connect(fd, (struct sockaddr *)&dst, sizeof dst) < 0) {
        if (fd >= 0)
            close(fd);
        memset(w, 0, sizeof *w);
        w->fd = -1;
        return -1;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return skt_ws_upgrade(w, fd, port, NULL);
}

/* A connection from `from` that said hello (in English when `en`). */
static void abuse_hello(skt_ws *w, int port, const char *from, bool en)
{
    assert_int_equal(abuse_open(w, port, from), 0);
    assert_int_equal(skt_ws_send(w, en ? "{\"type\":\"hello\",\"name\":\"x\",\"lang\":\"en\"}"
                                       : "{\"type\":\"hello\",\"name\":\"x\"}"),
                     0);
    json_decref(expect(w, "welcome", SKT_STALL));
}

/* Sends a message; the next reply of type `type` or an error: the
 * error's code, or "" for the reply (its room in `room` if wanted). */
static const char *abuse_ask(skt_ws *w, const char *msg, const char *type, char *room,
                             char *message, size_t msize)
{
    static char code[40];
    assert_int_equal(skt_ws_send(w, msg), 0);
    for (;;) {
        json_t *o = expect(w, NULL, SKT_STALL);
        if (!o)
            fail_msg("no answer to %s", msg);
        const char *t = json_string_value(json_object_get(o, "type"));
        if (t && strcmp(t, "error") == 0) {
            snprintf(code, sizeof code, "%s", err_code(o));
            if (message)
                snprintf(message, msize, "%s", str_of(o, "message"));
            json_decref(o);
            return code;
        }
        if (t && strcmp(t, type) == 0) {
            if (room)
                snprintf(room, 20, "%s", str_of(o, "room"));
            json_decref(o);
            return "";
        }
        json_decref(o);
    }
}

/* The creator watches (the test seats whom it wants); no hold and no
 * settlement wait: the bot flood measures the workers'
 * shares, and a table held for an offer its person never answers (issue
 * 40) would make the victim wait for the clock, not for the flood */
#define ABUSE_CREATE                                                                              \
    "{\"type\":\"create\",\"rules\":{\"preset\":\"official\"},\"title\":\"x\",\"watch\":true," \
    "\"hold\":0,\"settle\":0}"

/* A room flood from one address: the N+1th open room of an address is
 * refused (limit_rooms_addr, in the connection's language), so is the
 * room over the server's cap (limit_rooms), a bot over the address's
 * share (limit_bots), a connection over it (limit_conns, then closed),
 * and a room over the hourly rate (limit_create_rate); other addresses
 * go on. */
static void test_abuse_room_flood(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64], codes[5][20], msg[300];
    const char *extra[] = {"--rate", "1000", "--max-rooms-per-addr", "5", "--max-rooms", "8",
                           "--rooms-per-hour", "0", "--max-conns-per-addr", "3",
                           "--max-bots-per-addr", "4", NULL};
    start(&srv, dir, sizeof dir, extra);
    skt_ws a, b, c[4];
    abuse_hello(&a, srv.port, "127.0.0.2", true);
    for (int i = 0; i < 5; i++)
        assert_string_equal(abuse_ask(&a, ABUSE_CREATE, "created", codes[i], NULL, 0), "");
    assert_string_equal(abuse_ask(&a, ABUSE_CREATE, "created", NULL, msg, sizeof msg),
                         "limit_rooms_addr");
    assert_non_null(strstr(msg, "too many open rooms")); /* English, as the hello said */
    abuse_hello(&b, srv.port, "127.0.0.3", false);
    for (int i = 0; i < 3; i++)
        assert_string_equal(abuse_ask(&b, ABUSE_CREATE, "created", NULL, NULL, 0), "");
    assert_string_equal(abuse_ask(&b, ABUSE_CREATE, "created", NULL, msg, sizeof msg),
                        "limit_rooms");
    assert_non_null(strstr(msg, "R\u00e4ume")); /* German by default */
    /* bots: 4 from 127.0.0.2 (the four seats of its first room), the
     * fifth refused in its second room */
    char bot[200];
    for (int s = 0; s < 4; s++) {
        snprintf(bot, sizeof bot, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"random\"}",
                 codes[0], s);
        assert_string_equal(abuse_ask(&a, bot, "event", NULL, NULL, 0), "");
    }
    /* a table of bots plays while someone watches (issue 40): its
     * events would answer the next request, so a stops watching it */
    snprintf(bot, sizeof bot, "{\"type\":\"leave\",\"room\":\"%s\"}", codes[0]);
    assert_string_equal(abuse_ask(&a, bot, "left", NULL, NULL, 0), "");
    snprintf(bot, sizeof bot, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":0,\"bot\":\"random\"}",
             codes[1]);
    assert_string_equal(abuse_ask(&a, bot, "event", NULL, msg, sizeof msg), "limit_bots");
    assert_non_null(strstr(msg, "too many bots"));
    /* connections: a has one from 127.0.0.2; two more pass, the fourth
     * is told and closed; 127.0.0.4 is not affected */
    for (int i = 0; i < 2; i++)
        abuse_hello(&c[i], srv.port, "127.0.0.2", false);
    assert_int_equal(abuse_open(&c[2], srv.port, "127.0.0.2"), 0);
    json_t *e = expect(&c[2], "error", SKT_STALL);
    assert_non_null(e);
    assert_string_equal(err_code(e), "limit_conns");
    json_decref(e);
    assert_null(expect(&c[2], NULL, SKT_STALL));
    assert_true(c[2].closed);
    skt_ws_close(&c[2]);
    abuse_hello(&c[3], srv.port, "127.0.0.4", false);
    skt_ws_close(&c[3]);
    for (int i = 0; i < 2; i++)
        skt_ws_close(&c[i]);
    skt_ws_close(&a);
    skt_ws_close(&b);
    finish(&srv, dir);

    /* the hourly rate: 3 rooms, then limit_create_rate naming the wait */
    const char *rate[] = {"--rate", "1000", "--rooms-per-hour", "3", NULL};
    start(&srv, dir, sizeof dir, rate);
    abuse_hello(&a, srv.port, "127.0.0.2", true);
    for (int i = 0; i < 3; i++)
        assert_string_equal(abuse_ask(&a, ABUSE_CREATE, "created", NULL, NULL, 0), "");
    assert_string_equal(abuse_ask(&a, ABUSE_CREATE, "created", NULL, msg, sizeof msg),
                        "limit_create_rate");
    assert_non_null(strstr(msg, "try again in"));
    abuse_hello(&b, srv.port, "127.0.0.3", true);
    assert_string_equal(abuse_ask(&b, ABUSE_CREATE, "created", NULL, NULL, 0), "");
    skt_ws_close(&a);
    skt_ws_close(&b);
    finish(&srv, dir);
}

/* A table client of the bot flood: its connection, the rooms it sits
 * in (seat 0), and the bot decisions it has seen there. */
typedef struct abuse_table {
    skt_ws w;
    int bot_actions;
} abuse_table;

/* Takes what a table client has: answers each prompt with its first
 * choice, counts the bots' decisions (actions of seats 1-3); 1 when
 * anything came. */
static int abuse_pump(abuse_table *t)
{
    skt_ws_fill(&t->w);
    char *text;
    int any = 0;
    while ((text = skt_ws_next(&t->w))) {
        any = 1;
        json_t *o = json_loads(text, 0, NULL);
        free(text);
        const char *type = json_string_value(json_object_get(o, "type"));
        if (type && strcmp(type, "turn") == 0) {
            char msg[200];
            snprintf(msg, sizeof msg,
                     "{\"type\":\"decide\",\"room\":\"%s\",\"action\":\"%s\",\"seen\":%lld}",
                     str_of(o, "room"),
                     json_string_value(json_array_get(json_object_get(o, "legal"), 0)),
                     (long long)json_integer_value(json_object_get(o, "seq")));
            skt_ws_send(&t->w, msg);
        } else if (type && strcmp(type, "event") == 0) {
            json_t *ev = json_object_get(o, "event");
            const char *kind = json_string_value(json_object_get(ev, "kind"));
            json_int_t seat = json_integer_value(json_object_get(ev, "seat"));
            if (kind && (strcmp(kind, "action") == 0 || strcmp(kind, "decline") == 0) &&
                seat >= 1 && seat <= 3)
                t->bot_actions++;
        } else if (type && strcmp(type, "error") == 0) {
            fail_msg("a table client got an error: %s", str_of(o, "message"));
        }
        json_decref(o);
    }
    return any;
}

/* Sets a table up on t's connection: a room, seat 0 taken, `bot` at
 * seats 1-3 (the deal follows). */
static void abuse_table_up(abuse_table *t, const char *bot)
{
    char room[20], msg[200];
    assert_string_equal(abuse_ask(&t->w, ABUSE_CREATE, "created", room, NULL, 0), "");
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":0}", room);
    assert_string_equal(abuse_ask(&t->w, msg, "state", NULL, NULL, 0), "");
    for (int s = 1; s <= 3; s++) {
        snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"%s\"}",
                 room, s, bot);
        assert_int_equal(skt_ws_send(&t->w, msg), 0);
    }
}

/* Bots of 20 pimc:strong tables (one address, three connections) against
 * a victim table of one person and three pimc bots (another address):
 * the victim's bots keep being served between the flood's.  While the
 * victim's bots make VICTIM_N decisions the flood's make fewer than
 * three times as many -- with first come, first served the victim
 * waited behind every flood table's decision, some twenty for each of
 * its own -- and the test fails at once when the flood gets that far
 * ahead, or when nothing at all comes for a minute (a stall). */
#define VICTIM_N 12
static void test_abuse_bot_flood(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--rate", "1000", NULL};
    start(&srv, dir, sizeof dir, extra);
    abuse_table flood[3], victim;
    memset(flood, 0, sizeof flood);
    memset(&victim, 0, sizeof victim);
    for (int i = 0; i < 3; i++) {
        abuse_hello(&flood[i].w, srv.port, "127.0.0.3", false);
        for (int k = 0; k < (i < 2 ? 8 : 4); k++)
            abuse_table_up(&flood[i], "pimc:strong");
    }
    /* the flood runs: its bots have decided some 20 times (the workers
     * are full of its jobs) */
    int64_t last = skt_ms();
    for (;;) {
        int any = 0, made = 0;
        for (int i = 0; i < 3; i++) {
            any |= abuse_pump(&flood[i]);
            made += flood[i].bot_actions;
        }
        if (made >= 20)
            break;
        if (any)
            last = skt_ms();
        else if (skt_ms() - last > SKT_STALL)
            fail_msg("the flood's bots stalled after %d decisions", made);
        usleep(2000);
    }
    abuse_hello(&victim.w, srv.port, "127.0.0.2", false);
    abuse_table_up(&victim, "pimc");
    int flood0 = 0;
    for (int i = 0; i < 3; i++)
        flood0 += flood[i].bot_actions;
    last = skt_ms();
    int during = 0;
    while (victim.bot_actions < VICTIM_N) {
        int any = abuse_pump(&victim);
        during = -flood0;
        for (int i = 0; i < 3; i++) {
            any |= abuse_pump(&flood[i]);
            during += flood[i].bot_actions;
        }
        if (during >= 3 * VICTIM_N)
            fail_msg("the victim's bots made %d decisions while the flood's made %d",
                     victim.bot_actions, during);
        if (any)
            last = skt_ms();
        else if (skt_ms() - last > SKT_STALL)
            fail_msg("stalled: the victim's bots made %d decisions", victim.bot_actions);
        usleep(2000);
    }
    print_message("bot flood: the victim's bots made %d decisions while the flood's made %d\n",
                  victim.bot_actions, during);
    for (int i = 0; i < 3; i++)
        skt_ws_close(&flood[i].w);
    skt_ws_close(&victim.w);
    finish(&srv, dir);
}

/* A register flood: 40 registers from one address on 40 connections;
 * --auth-per-addr (4) of them wait or hash, the others are refused at
 * once (limit_auth_addr); a register from another address sent after
 * them all is hashed before most of the flood's (round-robin across
 * addresses: at most one of the flood's goes before it besides the one
 * hashing). */
static void test_abuse_register_flood(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    enum { N = 40 };
    skt_ws f[N], o;
    for (int i = 0; i < N; i++)
        abuse_hello(&f[i], srv.port, "127.0.0.2", false);
    abuse_hello(&o, srv.port, "127.0.0.3", false);
    char msg[200];
    for (int i = 0; i < N; i++) {
        snprintf(msg, sizeof msg,
                 "{\"type\":\"register\",\"name\":\"flood%02d\",\"password\":\"password-%02d\"}",
                 i, i);
        assert_int_equal(skt_ws_send(&f[i], msg), 0);
    }
    /* the refusals come at once: then the other address registers, and
     * the order of completion says how many of the flood's went before */
    int refused = 0, before = 0, sent = 0, answered[N] = {0};
    json_t *w = NULL;
    while (!w) {
        struct pollfd pf[N + 1];
        int idx[N + 1], n = 0;
        for (int i = 0; i < N; i++)
            if (!answered[i]) {
                pf[n] = (struct pollfd){f[i].fd, POLLIN, 0};
                idx[n++] = i;
            }
        if (sent) {
            pf[n] = (struct pollfd){o.fd, POLLIN, 0};
            idx[n++] = -1;
        }
        if (poll(pf, (nfds_t)n, SKT_STALL) <= 0)
            fail_msg("stalled: %d refused, no welcome for the other address", refused);
        for (int k = 0; k < n; k++) {
            if (!(pf[k].revents & POLLIN))
                continue;
            if (idx[k] < 0) {
                w = expect(&o, "welcome", SKT_STALL);
                assert_non_null(w);
                continue;
            }
            json_t *x = expect(&f[idx[k]], NULL, SKT_STALL);
            assert_non_null(x);
            answered[idx[k]] = 1;
            if (strcmp(str_of(x, "type"), "error") == 0) {
                assert_string_equal(err_code(x), "limit_auth_addr");
                refused++;
            } else {
                assert_string_equal(str_of(x, "type"), "welcome");
                before += sent;
            }
            json_decref(x);
        }
        if (!sent && refused == N - 4) {
            assert_int_equal(skt_ws_send(&o, "{\"type\":\"register\",\"name\":\"Andere\","
                                             "\"password\":\"andere-123\"}"),
                             0);
            sent = 1;
        }
    }
    assert_int_equal(refused, N - 4);
    assert_string_equal(str_of(w, "account"), "Andere");
    json_decref(w);
    print_message("register flood: %d of %d refused at once; %d of the flood's before the "
                  "other address's\n",
                  refused, N, before);
    assert_true(before <= 2); /* the one hashing, and at most one more */
    for (int i = 0; i < N; i++)
        skt_ws_close(&f[i]);
    skt_ws_close(&o);
    finish(&srv, dir);
}

/* Password guessing: a guesser at one address gets 5 wrong answers on
 * the owner's name, then limit_login naming the wait (no hashing for
 * it); the owner logs in with his password from another address, and
 * with his token from the guesser's own address. */
static void test_abuse_login_guessing(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_ws owner, g;
    abuse_hello(&owner, srv.port, "127.0.0.2", false);
    json_t *wel = auth(&owner, "register", "Besitzer", "richtig-123");
    assert_string_equal(str_of(wel, "type"), "welcome");
    char token[80];
    snprintf(token, sizeof token, "%s", str_of(wel, "token"));
    json_decref(wel);
    skt_ws_close(&owner);
    int bad = 0, limited = 0;
    for (int k = 0; k < 2 && !limited; k++) { /* 5 attempts a connection */
        abuse_hello(&g, srv.port, "127.0.0.3", true);
        for (int i = 0; i < 5 && !limited; i++) {
            json_t *o = auth(&g, "login", "Besitzer", "falsch-123");
            bad += strcmp(err_code(o), "bad_login") == 0;
            if (strcmp(err_code(o), "limit_login") == 0) {
                limited++;
                assert_non_null(strstr(str_of(o, "message"), "try again in"));
            }
            json_decref(o);
        }
        skt_ws_close(&g);
    }
    assert_int_equal(bad, 5);
    assert_int_equal(limited, 1);
    /* the owner, elsewhere: his password works */
    abuse_hello(&owner, srv.port, "127.0.0.4", false);
    wel = auth(&owner, "login", "Besitzer", "richtig-123");
    assert_string_equal(str_of(wel, "type"), "welcome");
    assert_string_equal(str_of(wel, "account"), "Besitzer");
    snprintf(token, sizeof token, "%s", str_of(wel, "token"));
    json_decref(wel);
    skt_ws_close(&owner);
    /* ... and his token even from the guesser's address */
    assert_int_equal(abuse_open(&owner, srv.port, "127.0.0.3"), 0);
    wel = say_hello(&owner, "x", token);
    assert_true(json_is_true(json_object_get(wel, "resumed")));
    assert_string_equal(str_of(wel, "account"), "Besitzer");
    json_decref(wel);
    /* the guesser is still refused, without a hash */
    json_t *o = auth(&owner, "login", "Besitzer", "falsch-456");
    assert_string_equal(err_code(o), "state"); /* logged in by the token */
    json_decref(o);
    skt_ws_close(&owner);
    abuse_hello(&g, srv.port, "127.0.0.3", true);
    o = auth(&g, "login", "Besitzer", "falsch-456");
    assert_string_equal(err_code(o), "limit_login");
    json_decref(o);
    skt_ws_close(&g);
    finish(&srv, dir);
}

#define SKT_ABUSE_TESTS                                                                          \
    cmocka_unit_test(test_abuse_room_flood), cmocka_unit_test(test_abuse_bot_flood),           \
        cmocka_unit_test(test_abuse_register_flood),                                           \
        cmocka_unit_test(test_abuse_login_guessing),
