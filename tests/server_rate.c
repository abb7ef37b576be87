/*
 * server_rate.c -- "how did I play?" end to end, included by
 * test_server.c after server_table.c: a player rates his decisions in a
 * finished game of the room and gets what the ai layer's sk_rater makes
 * of the room's own record of it (what `schafkopf analyze --seat S
 * --game N` prints for the room's games.jsonl); a spectator, a game
 * that does not exist, one he did not play and a second request while
 * one is worked out are refused.  docs/server-protocol.md, `rate`.
 */

/* The seat-0 ratings of the first record of a games.jsonl text, as
 * analyze makes them (20 samples, seed 1, margin 5, key game << 16 |
 * index); the number of rows (decisions rated or hinted). */
static int skt_rate_locally(const char *jsonl, sk_rating *rows, int *index)
{
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    assert_non_null(rec);
    assert_non_null(g);
    const char *nl = strchr(jsonl, '\n');
    assert_non_null(nl);
    assert_int_equal(sk_record_read(rec, jsonl, (size_t)(nl - jsonl), NULL), 0);
    sk_rater *r = sk_rater_new(20, 1, 5, 1);
    assert_non_null(r);
    sk_game_init(g, &rec->rules, rec->dealer, rec->hands, rec->first_game, NULL);
    int n = 0;
    for (int i = 0; i < rec->nactions; i++) {
        sk_action a = rec->actions[i];
        if (a.seat == 0) {
            assert_int_equal(sk_rater_rate(r, g, a, (uint64_t)1 << 16 | (uint64_t)i, &rows[n]), 0);
            if (rows[n].kind != SK_RATE_NONE)
                index[n++] = i;
        }
        assert_int_equal(sk_game_apply(g, a, NULL), 0);
    }
    sk_rater_free(r);
    free(g);
    free(rec);
    return n;
}

/* A number of an answer's object equals the local rating's. */
static void skt_same(json_t *o, const char *key, double want)
{
    json_t *v = json_object_get(o, key);
    assert_true(json_is_number(v));
    if (fabs(json_number_value(v) - want) > 1e-6)
        fail_msg("%s: %g, locally %g", key, json_number_value(v), want);
}

/* One row of the answer against the local rating of the same decision. */
static void skt_check_row(json_t *row, const sk_rating *r, int index)
{
    char action[48];
    sk_action_format(r->action, action, sizeof action);
    assert_int_equal(json_integer_value(json_object_get(row, "index")), index);
    assert_string_equal(json_string_value(json_object_get(row, "action")), action);
    const char *kind = json_string_value(json_object_get(row, "kind"));
    json_t *info = json_object_get(row, "info"), *dd = json_object_get(row, "dd");
    if (r->kind == SK_RATE_HINT) {
        assert_string_equal(kind, "hint");
        assert_null(info);
        return;
    }
    const char *flag = json_string_value(json_object_get(row, "flag"));
    assert_non_null(flag);
    assert_int_equal(strchr(flag, '?') != NULL, r->question);
    assert_int_equal(strchr(flag, '!') != NULL, r->bang);
    assert_int_equal(json_integer_value(json_object_get(row, "deals")), r->deals);
    if (r->kind == SK_RATE_CARD) {
        assert_string_equal(kind, "card");
        skt_same(info, "value", r->info.value);
        skt_same(info, "lost", r->info.lost);
        skt_same(info, "money", r->info.money);
        skt_same(info, "money_lost", r->info.money_lost);
        skt_same(dd, "value", r->dd.value);
        skt_same(dd, "money_lost", r->dd.money_lost);
        char best[16];
        sk_action_format(r->dd.best, best, sizeof best);
        assert_string_equal(json_string_value(json_object_get(dd, "best")), best);
    } else if (r->kind == SK_RATE_DOUBLING) {
        assert_string_equal(kind, "doubling");
        skt_same(info, "with", r->info.money);
        skt_same(dd, "without", r->dd.alt);
    } else {
        assert_string_equal(kind, "auction");
        skt_same(info, "money", r->info.money);
        skt_same(info, "best_money", r->info.alt);
        skt_same(dd, "money_lost", r->dd.money_lost);
        char best[48];
        sk_action_format(r->info.best, best, sizeof best);
        assert_string_equal(json_string_value(json_object_get(info, "best")), best);
    }
}

/* A player's decisions in game 1 rated, as the library rates the
 * room's record of it; the refusals around it. */
static void test_rate_game(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_player p, q;
    skt_player_open(&p, srv.port, "Kathi", 0, 41);
    json_decref(skt_table(&p, ",\"listed\":false", "heuristic"));
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"rate\",\"room\":\"%s\",\"game\":1}", p.room);
    expect_error(&p.w, msg, "refused"); /* no game finished yet */
    /* the first prompt went by above: spectate resends the state */
    skt_say(&p, "{\"type\":\"spectate\",\"room\":\"%s\"}");
    skt_play(&p, 1);
    char *body = NULL, path[80];
    snprintf(path, sizeof path, "/api/rooms/%s/games.jsonl", p.room);
    assert_int_equal(skt_http_get(srv.port, path, &body, NULL), 200);
    sk_rating *rows = calloc(SK_MAX_ACTIONS, sizeof *rows);
    int index[SK_MAX_ACTIONS];
    assert_non_null(rows);
    int n = skt_rate_locally(body, rows, index);
    free(body);
    assert_true(n > 0);
    /* twice at once: the second is refused while the first is worked out */
    skt_say(&p, "{\"type\":\"rate\",\"room\":\"%s\",\"game\":1,\"ref\":\"r1\"}");
    snprintf(msg, sizeof msg, "{\"type\":\"rate\",\"room\":\"%s\",\"game\":1}", p.room);
    expect_error(&p.w, msg, "refused");
    json_t *a = expect(&p.w, "rating", SKT_STALL);
    assert_non_null(a);
    assert_string_equal(json_string_value(json_object_get(a, "ref")), "r1");
    assert_string_equal(json_string_value(json_object_get(a, "room")), p.room);
    assert_int_equal(json_integer_value(json_object_get(a, "game")), 1);
    assert_int_equal(json_integer_value(json_object_get(a, "seat")), 0);
    assert_string_equal(json_string_value(json_object_get(a, "score")), "money");
    if (getenv("SKT_DEBUG")) { char *d = json_dumps(a, JSON_COMPACT); fprintf(stderr, "%s\n", d); free(d); }
    json_t *list = json_object_get(a, "decisions");
    assert_int_equal((int)json_array_size(list), n);
    int rated = 0, flagged = 0;
    for (int i = 0; i < n; i++) {
        skt_check_row(json_array_get(list, (size_t)i), &rows[i], index[i]);
        rated += rows[i].kind != SK_RATE_HINT;
        flagged += rows[i].kind != SK_RATE_HINT && rows[i].question;
    }
    json_t *acc = json_object_get(a, "account");
    assert_int_equal(json_integer_value(json_object_get(acc, "rated")), rated);
    assert_int_equal(json_integer_value(json_object_get(acc, "flagged")), flagged);
    json_decref(a);
    free(rows);
    /* a game that does not exist; one who watches did not play it */
    snprintf(msg, sizeof msg, "{\"type\":\"rate\",\"room\":\"%s\",\"game\":9}", p.room);
    expect_error(&p.w, msg, "refused");
    snprintf(msg, sizeof msg, "{\"type\":\"rate\",\"room\":\"%s\",\"game\":0}", p.room);
    expect_error(&p.w, msg, "bad_message");
    skt_player_open(&q, srv.port, "Zaungast", -1, 42);
    snprintf(q.room, sizeof q.room, "%s", p.room);
    snprintf(msg, sizeof msg, "{\"type\":\"rate\",\"room\":\"%s\",\"game\":1}", q.room);
    expect_error(&q.w, msg, "refused"); /* not following the room */
    json_decref(skt_request(&q, "{\"type\":\"spectate\",\"room\":\"%s\"%.0d}", 0, "state"));
    expect_error(&q.w, msg, "refused"); /* did not play game 1 */
    skt_ws_close(&q.w);
    skt_ws_close(&p.w);
    finish(&srv, dir);
}

#define SKT_RATE_TESTS cmocka_unit_test(test_rate_game),
