/*
 * server_headers.c -- what a server open to the internet adds to every
 * answer, end to end; included by test_server.c after server_rate.c
 * (it uses server_play.c's players and server_table.c's tables, and
 * server_books.c uses its HTTP request with a header or a form):
 *  - every HTTP answer (a page, a static file, the API, an error of the
 *    API or of libwebsockets) carries the Content-Security-Policy and
 *    the other headers of docs/server.md "Headers";
 *  - every error in answer to a message with a ref echoes the ref: a
 *    message refused while parsing, by a handler, by the rate limit;
 *  - a decision the rate limit refused is asked for again, so the
 *    table goes on (docs/server-protocol.md, "Errors").
 * Waits are bounded per step (a stall fails), never in total.
 */

/* One HTTP request of `method` for `path` with `headers` (lines ending
 * in \r\n, or "") and a urlencoded `form` (NULL: none): the status, the
 * body in *body and the status line and headers in *head (malloc'd,
 * when not NULL); -1 on a socket error or when nothing comes for 20 s. */
static int skh_http(int port, const char *method, const char *path, const char *headers,
                    const char *form, char **body, char **head)
{
    int fd = skt_connect(port);
    if (fd < 0)
        return -1;
    char req[2048];
    int n = form ? snprintf(req, sizeof req,
                            "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n%s"
                            "Content-Type: application/x-www-form-urlencoded\r\n"
                            "Content-Length: %zu\r\n\r\n%s",
                            method, path, port, headers, strlen(form), form)
                 : snprintf(req, sizeof req,
                            "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n%s\r\n",
                            method, path, port, headers);
    if (n < 0 || (size_t)n >= sizeof req || skt_write_all(fd, req, (size_t)n) < 0) {
        close(fd);
        return -1;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    assert_non_null(buf);
    for (;;) {
        struct pollfd pf = {fd, POLLIN, 0};
        int r = poll(&pf, 1, SKT_STALL); /* a stall, not a total time */
        if (r <= 0)
            break;
        if (len + 4096 > cap) {
            buf = realloc(buf, cap *= 2);
            assert_non_null(buf);
        }
        ssize_t k = read(fd, buf + len, cap - len - 1);
        if (k <= 0)
            break;
        len += (size_t)k;
        buf[len] = '\0';
        char *hend = strstr(buf, "\r\n\r\n");
        char *cl = hend ? strstr(buf, "content-length:") : NULL;
        if (hend && cl && cl < hend &&
            len >= (size_t)(hend + 4 - buf) + strtoul(cl + 15, NULL, 10))
            break;
    }
    close(fd);
    buf[len] = '\0';
    int status = -1;
    sscanf(buf, "HTTP/1.1 %d", &status);
    char *hend = strstr(buf, "\r\n\r\n");
    if (head)
        *head = strndup(buf, hend ? (size_t)(hend - buf) : len);
    if (body)
        *body = strdup(hend ? hend + 4 : "");
    free(buf);
    return status;
}

/* A GET with a book's key in the X-Book-Key header. */
static int skh_get_key(int port, const char *path, const char *key, char **body)
{
    char hdr[160];
    snprintf(hdr, sizeof hdr, "X-Book-Key: %s\r\n", key);
    return skh_http(port, "GET", path, hdr, NULL, body, NULL);
}

/* The headers of every answer (docs/server.md, "Headers"), lowercase as
 * libwebsockets writes them; the policy allows nothing inline. */
static void skh_check_safety(const char *head, const char *what)
{
    static const char *const want[] = {
        ("\r\ncontent-security-policy: default-src 'self'; script-src 'self'; "
         "style-src 'self'; img-src 'self' data:; connect-src 'self'"),
        "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'",
        "\r\nx-content-type-options: nosniff\r\n", "\r\nreferrer-policy: no-referrer\r\n",
        "\r\nx-frame-options: DENY\r\n"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!strstr(head, want[i]))
            fail_msg("%s: no \"%s\" in\n%s", what, want[i], head);
    if (strstr(head, "unsafe-inline") || strstr(head, "unsafe-eval"))
        fail_msg("%s: an unsafe source in\n%s", what, head);
}

/* Every HTTP answer carries the headers: a page, a static file, the
 * API's answer and its 404, libwebsockets' own 404 and a POST; the
 * policy names the WebSocket form of --origin. */
static void test_http_headers(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--origin", "https://schafkopf.example", NULL};
    start(&srv, dir, sizeof dir, extra);
    static const struct {
        const char *method, *path;
        int status;
    } reqs[] = {{"GET", "/hello.txt", 200},  {"GET", "/no-such-file.js", 404},
                {"GET", "/api/lobby", 200},  {"GET", "/api/no-such-thing", 404},
                {"POST", "/api/lobby", 200}, {"GET", "/api/print.css", 200}};
    for (size_t i = 0; i < sizeof reqs / sizeof reqs[0]; i++) {
        char *head = NULL, *body = NULL;
        int status = skh_http(srv.port, reqs[i].method, reqs[i].path, "",
                              strcmp(reqs[i].method, "POST") == 0 ? "a=b" : NULL, &body, &head);
        if (status != reqs[i].status)
            fail_msg("%s %s: %d, not %d", reqs[i].method, reqs[i].path, status, reqs[i].status);
        skh_check_safety(head, reqs[i].path);
        assert_non_null(strstr(head, "wss://schafkopf.example;"));
        free(head);
        free(body);
    }
    /* the printable pages' styles: the table layer's and the QR codes' */
    char *css = NULL;
    assert_int_equal(skh_http(srv.port, "GET", "/api/print.css", "", NULL, &css, NULL), 200);
    assert_non_null(strstr(css, "@page{size:A4"));
    assert_non_null(strstr(css, ".qr{"));
    free(css);
    finish(&srv, dir);
}

/* Sends `msg` and expects an error of kind `code` that echoes `ref`. */
static json_t *skh_error_ref(skt_ws *w, const char *msg, const char *code, const char *ref)
{
    assert_int_equal(skt_ws_send(w, msg), 0);
    json_t *e = expect(w, "error", SKT_STALL);
    assert_non_null(e);
    const char *c = json_string_value(json_object_get(e, "code"));
    const char *r = json_string_value(json_object_get(e, "ref"));
    if (!c || strcmp(c, code) != 0 || !r || strcmp(r, ref) != 0)
        fail_msg("for %s expected %s with ref %s, got %s with ref %s", msg, code, ref,
                 c ? c : "(none)", r ? r : "(none)");
    return e;
}

/* Every error in answer to a message with a ref echoes it: refused
 * while parsing (unknown type or field, a field missing, a bad value,
 * no type), by a handler (a refused rate, a room not found, chat too
 * fast) and by the connection's rate limit (with retry_ms). */
static void test_error_refs(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--rate", "2", NULL}; /* 2 a second, bursts of 4 */
    start(&srv, dir, sizeof dir, extra);
    skt_ws w;
    assert_int_equal(skt_ws_open(&w, srv.port, NULL), 0);
    json_decref(skh_error_ref(&w, "{\"type\":\"lobby\",\"ref\":\"h0\"}", "no_hello", "h0"));
    json_decref(say_hello(&w, "Vroni", NULL));
    static const struct {
        const char *msg, *code, *ref;
    } bad[] = {
        {"{\"ref\":\"p1\"}", "bad_message", "p1"},
        {"{\"type\":\"dance\",\"ref\":\"p2\"}", "bad_message", "p2"},
        {"{\"type\":\"ping\",\"ref\":\"p3\",\"extra\":1}", "bad_message", "p3"},
        {"{\"type\":\"join\",\"ref\":\"p4\",\"room\":\"aaaaaaaaaaaaaaaa\"}", "bad_message", "p4"},
        {"{\"type\":\"join\",\"ref\":\"p5\",\"room\":\"aaaaaaaaaaaaaaaa\",\"seat\":9}",
         "bad_message", "p5"},
        {"{\"type\":\"rate\",\"ref\":\"p6\",\"room\":\"aaaaaaaaaaaaaaaa\",\"game\":0}",
         "bad_message", "p6"},
        {"{\"type\":\"rate\",\"ref\":\"p7\",\"room\":\"aaaaaaaaaaaaaaaa\",\"game\":1}",
         "not_found", "p7"},
        {"{\"type\":\"join\",\"ref\":\"p8\",\"room\":\"aaaaaaaaaaaaaaaa\",\"seat\":0}",
         "not_found", "p8"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_decref(skh_error_ref(&w, bad[i].msg, bad[i].code, bad[i].ref));
        /* at most 2 a second: the limit is tested below, not here */
        json_t *o = expect(&w, "nothing", 600);
        json_decref(o);
    }
    /* a refused rate: the room has no finished game yet */
    assert_int_equal(skt_ws_send(&w, "{\"type\":\"create\",\"rules\":{\"preset\":\"official\"}}"),
                     0);
    json_t *made = expect(&w, "created", SKT_STALL);
    assert_non_null(made);
    char msg[160];
    snprintf(msg, sizeof msg, "{\"type\":\"rate\",\"ref\":\"p9\",\"room\":\"%s\",\"game\":1}",
             json_string_value(json_object_get(made, "room")));
    json_decref(made);
    json_decref(expect(&w, "nothing", 1000)); /* the bucket refills */
    json_decref(skh_error_ref(&w, msg, "refused", "p9"));
    json_decref(expect(&w, "nothing", 2000)); /* full again */
    /* A flood: every refusal of the limit names the message it refused
     * and when to send again; the others are answered. */
    int pongs = 0, limited = 0;
    bool seen[12] = {false};
    for (int i = 0; i < 12; i++) {
        snprintf(msg, sizeof msg, "{\"type\":\"ping\",\"ref\":\"f%d\"}", i);
        assert_int_equal(skt_ws_send(&w, msg), 0);
    }
    while (pongs + limited < 12) {
        json_t *o = expect(&w, NULL, SKT_STALL);
        assert_non_null(o);
        const char *t = json_string_value(json_object_get(o, "type"));
        const char *r = json_string_value(json_object_get(o, "ref"));
        int k = -1;
        assert_non_null(r);
        assert_int_equal(sscanf(r, "f%d", &k), 1);
        assert_true(k >= 0 && k < 12 && !seen[k]);
        seen[k] = true;
        if (strcmp(t, "pong") == 0) {
            pongs++;
        } else {
            assert_string_equal(t, "error");
            assert_string_equal(json_string_value(json_object_get(o, "code")), "rate");
            json_int_t ms = json_integer_value(json_object_get(o, "retry_ms"));
            assert_true(ms >= 1 && ms <= 1000);
            limited++;
        }
        json_decref(o);
    }
    assert_true(pongs >= 4 && limited >= 1);
    skt_ws_close(&w);
    finish(&srv, dir);
}

/* A player who decides too fast: each decision goes after a burst of
 * pings, so the rate limit refuses it (an error with its ref and
 * retry_ms); the server asks again (the same prompt) once the bucket
 * allows, he decides again, and the game goes on to its end.  Before,
 * the prompt never came again and the table waited for ever. */
static void test_decide_reprompt(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    const char *extra[] = {"--rate", "2", NULL}; /* 2 a second, bursts of 4 */
    start(&srv, dir, sizeof dir, extra);
    skt_player p;
    skt_player_open(&p, srv.port, "Hasti", 0, 7);
    /* the table: three bots beside him, within the limit */
    skt_create(&p, NULL);
    json_decref(skt_request(&p, "{\"type\":\"join\",\"room\":\"%s\",\"seat\":%d}", 0, "state"));
    for (int s = 1; s < 4; s++) {
        json_decref(expect(&p.w, "nothing", 700)); /* 2 a second */
        char msg[200];
        snprintf(msg, sizeof msg, "{\"type\":\"bot\",\"room\":\"%s\",\"seat\":%d,\"bot\":\"random\"}",
                 p.room, s);
        assert_int_equal(skt_ws_send(&p.w, msg), 0);
    }
    json_t *turn = expect(&p.w, "turn", SKT_STALL);
    assert_non_null(turn);
    int reprompts = 0;
    for (int k = 0; turn; k++) {
        json_int_t seq = json_integer_value(json_object_get(turn, "seq"));
        const char *a = json_string_value(json_array_get(json_object_get(turn, "legal"), 0));
        assert_non_null(a);
        char decide[300], ref[16];
        snprintf(ref, sizeof ref, "d%d", k);
        snprintf(decide, sizeof decide,
                 "{\"type\":\"decide\",\"ref\":\"%s\",\"room\":\"%s\",\"action\":\"%s\","
                 "\"seen\":%lld}",
                 ref, p.room, a, (long long)seq);
        for (int i = 0; i < 8; i++)
            assert_int_equal(skt_ws_send(&p.w, "{\"type\":\"ping\"}"), 0);
        assert_int_equal(skt_ws_send(&p.w, decide), 0);
        /* its refusal, then the prompt again at the same event */
        bool refused = false;
        json_t *again = NULL;
        while (!again) {
            json_t *o = expect(&p.w, NULL, SKT_STALL);
            if (!o)
                fail_msg("decision %d: no prompt again after the refusal (a stall)", k);
            const char *t = json_string_value(json_object_get(o, "type"));
            const char *r = json_string_value(json_object_get(o, "ref"));
            if (strcmp(t, "error") == 0 && r && strcmp(r, ref) == 0) {
                assert_string_equal(json_string_value(json_object_get(o, "code")), "rate");
                assert_true(json_integer_value(json_object_get(o, "retry_ms")) >= 1);
                refused = true;
            } else if (strcmp(t, "turn") == 0) {
                assert_true(refused);
                assert_int_equal(json_integer_value(json_object_get(o, "seq")), seq);
                again = o;
                continue;
            } else if (strcmp(t, "event") == 0) {
                fail_msg("decision %d: the table moved on without it", k);
            }
            json_decref(o);
        }
        json_decref(again);
        reprompts++;
        snprintf(decide, sizeof decide, /* the same decision again */
                 "{\"type\":\"decide\",\"ref\":\"e%d\",\"room\":\"%s\",\"action\":\"%s\","
                 "\"seen\":%lld}",
                 k, p.room, a, (long long)seq);
        assert_int_equal(skt_ws_send(&p.w, decide), 0);
        /* then the game goes on: our action, the others', our next
         * prompt or the end of the game */
        json_decref(turn);
        turn = NULL;
        bool result = false;
        while (!turn && !result) {
            json_t *o = expect(&p.w, NULL, SKT_STALL);
            if (!o)
                fail_msg("decision %d: the game stalled after it", k);
            const char *t = json_string_value(json_object_get(o, "type"));
            if (strcmp(t, "error") == 0)
                fail_msg("decision %d refused again: %s", k,
                         json_string_value(json_object_get(o, "message")));
            if (strcmp(t, "turn") == 0) {
                turn = o;
                continue;
            }
            const char *kind =
                json_string_value(json_object_get(json_object_get(o, "event"), "kind"));
            result = strcmp(t, "event") == 0 && kind && strcmp(kind, "result") == 0;
            json_decref(o);
        }
    }
    /* every decision of his was refused once and prompted again, to the
     * game's end: a whole game's cards, or fewer when the deal was
     * thrown in (the bots are random, the deal the OS's) */
    assert_true(reprompts >= 1);
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

#define SKT_HEADER_TESTS                                                                           \
    cmocka_unit_test(test_http_headers), cmocka_unit_test(test_error_refs),                        \
        cmocka_unit_test(test_decide_reprompt),
