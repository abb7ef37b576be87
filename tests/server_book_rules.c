/*
 * server_book_rules.c -- house rules of a new book (book_create's
 * `rules`, docs/server-protocol.md "book_create") and the presets the
 * pages start from (GET /api/rules), included by test_server.c after
 * server_book_entry.c (its bk_* helpers): the options by the ruleset's
 * own names, kept in the book's head and its view; a bad option, value
 * or preset and options that cannot go together refused in the
 * connection's language.
 */

/* Fails unless a refusal of `rules` (bk_refused's text, freed here)
 * contains `needle`. */
static void rules_refusal_says(char *why, const char *rules, const char *needle)
{
    if (!strstr(why, needle))
        fail_msg("%s: expected \"%s\" in \"%s\"", rules, needle, why);
    free(why);
}

/* book_create's refusal (bad_message) of `rules` for an evening of
 * `players`, which must contain `needle`. */
static void bk_rules_refused(skt_ws *w, const char *players, const char *rules,
                             const char *needle)
{
    rules_refusal_says(bk_refused(w, "bad_message",
                                  "{\"type\":\"book_create\",\"kind\":\"sheet\",\"players\":%s,"
                                  "\"rules\":%s}",
                                  players, rules),
                       rules, needle);
}

/* An evening and a group with house rules; their views say them; bad
 * ones refused in each connection's language; a group's house rules
 * hold for its evenings. */
static void test_book_rules(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64], code[17];
    start(&srv, dir, sizeof dir, NULL);
    skt_ws en, de;
    bk_conn(&en, srv.port, "Wirt", "en");
    bk_conn(&de, srv.port, "Wirtin", "de");
    const char *four = "[\"Anna\",\"Bert\",\"Carl\",\"Dora\"]",
               *three = "[\"Anna\",\"Bert\",\"Carl\"]";
    /* a Stammtisch's evening: Schieberamsch, Jungfrau, Hochzeit, Klopfen */
    json_t *o = bk_ask(&en, "book_created",
                       "{\"type\":\"book_create\",\"kind\":\"sheet\",\"players\":%s,"
                       "\"rules\":{\"preset\":\"stammtisch\",\"overrides\":{\"ramsch_schieben\":"
                       "true,\"klopfen\":\"all\",\"kontra_max\":4,\"unit_cents\":\"20\"}}}",
                       four);
    snprintf(code, sizeof code, "%s", json_string_value(json_object_get(o, "book")));
    json_decref(o);
    o = expect(&en, "book", SKT_STALL);
    json_t *view = json_object_get(o, "view"), *rules = json_object_get(view, "rules");
    json_t *ov = json_object_get(rules, "overrides"), *entry = json_object_get(view, "entry");
    assert_string_equal(json_string_value(json_object_get(rules, "preset")), "stammtisch");
    assert_string_equal(json_string_value(json_object_get(ov, "ramsch_schieben")), "yes");
    assert_string_equal(json_string_value(json_object_get(ov, "klopfen")), "all");
    assert_string_equal(json_string_value(json_object_get(ov, "unit_cents")), "20");
    assert_null(json_object_get(ov, "all_pass")); /* the preset's, not an override */
    assert_true(bk_flag(entry, "winners") && bk_flag(entry, "jungfrau"));
    assert_int_equal(bk_most(entry, "kontra"), 4);
    assert_int_equal(bk_most(entry, "laid"), 4);
    json_decref(o);
    /* its Schieberamsch: 2 units of 20 cents, Carl pays the three, each pays Anna */
    assert_true(bk_line_taken(&en, code, 0, "ramsch losers=Carl winners=Anna jungfrau=1"));
    o = bk_update(&en, code, 1, NULL);
    json_t *row = json_array_get(json_object_get(json_object_get(o, "view"), "rows"), 0);
    assert_string_equal(json_string_value(json_object_get(row, "what")),
                        "Ramsch, lost by: Carl; won by: Anna; 1 without a trick (Jungfrau)");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(row, "money"), 0)), 160);
    json_decref(o);

    /* refusals: the option, the value and what it takes, in words */
    bk_rules_refused(&de, four, "{\"preset\":\"official\",\"overrides\":{\"schiebe\":\"yes\"}}",
                     "Keine Hausregel \"schiebe\"");
    bk_rules_refused(&en, four, "{\"preset\":\"official\",\"overrides\":{\"schiebe\":\"yes\"}}",
                     "No rule option \"schiebe\"");
    bk_rules_refused(&de, four,
                     "{\"preset\":\"official\",\"overrides\":{\"klopfen\":\"manchmal\"}}",
                     "\"manchmal\" geht nicht, erlaubt ist off, all, chain, forehand, one");
    bk_rules_refused(&de, four, "{\"preset\":\"official\",\"overrides\":{\"kontra_max\":9}}",
                     "erlaubt ist 0 bis 8");
    bk_rules_refused(&en, four, "{\"preset\":\"wirtshaus\"}", "No preset \"wirtshaus\"");
    bk_rules_refused(&de, four, "{\"preset\":\"official\",\"overrides\":{\"x\":{}}}",
                     "Keine Hausregel \"x\"");
    /* options that cannot go together: a Muss needs four at the table */
    bk_rules_refused(&de, three, "{\"preset\":\"kurz\",\"overrides\":{\"all_pass\":\"muss\"}}",
                     "Muss und Kreuzbock brauchen vier Spieler");
    bk_rules_refused(&en, four, "{\"preset\":\"tournament\",\"overrides\":{\"bock_games\":4}}",
                     "Bock doubles money");
    free(bk_refused(&en, "bad_message",
                    "{\"type\":\"book_create\",\"kind\":\"sheet\",\"players\":%s,\"rules\":[]}",
                    four));
    free(bk_refused(&en, "bad_message",
                    "{\"type\":\"book_create\",\"kind\":\"tournament\",\"seed\":\"S\","
                    "\"rules\":{\"preset\":\"kurz\"}}"));

    /* a group's house rules hold for its evenings: a Muss group's
     * evening of three is refused, one of four plays the Muss */
    skt_ws g;
    bk_conn(&g, srv.port, "Kassier", "de");
    o = bk_ask(&g, "book_created",
               "{\"type\":\"book_create\",\"kind\":\"group\",\"players\":%s,"
               "\"rules\":{\"preset\":\"official\",\"overrides\":{\"all_pass\":\"muss\"}}}",
               four);
    char group[17];
    snprintf(group, sizeof group, "%s", json_string_value(json_object_get(o, "book")));
    json_decref(o);
    o = expect(&g, "book", SKT_STALL);
    ov = json_object_get(json_object_get(json_object_get(o, "view"), "rules"), "overrides");
    assert_string_equal(json_string_value(json_object_get(ov, "all_pass")), "muss");
    json_decref(o);
    char *why = bk_refused(&g, "bad_message",
                           "{\"type\":\"book_create\",\"kind\":\"sheet\",\"group\":\"%s\","
                           "\"players\":%s}",
                           group, three);
    assert_non_null(strstr(why, "Muss und Kreuzbock brauchen vier Spieler"));
    free(why);
    /* an evening of the group takes the group's rules: its own are
     * refused in words, never dropped unsaid */
    why = bk_refused(&g, "bad_message",
                     "{\"type\":\"book_create\",\"kind\":\"sheet\",\"group\":\"%s\","
                     "\"players\":%s,\"rules\":{\"preset\":\"official\"}}",
                     group, four);
    assert_non_null(strstr(why, "spielt nach den Regeln der Gruppe"));
    free(why);
    json_decref(bk_ask(&g, "book_created",
                       "{\"type\":\"book_create\",\"kind\":\"sheet\",\"group\":\"%s\","
                       "\"players\":%s}",
                       group, four));
    o = expect(&g, "book", SKT_STALL);
    assert_true(bk_flag(json_object_get(json_object_get(o, "view"), "entry"), "muss"));
    json_decref(o);

    /* GET /api/rules: every preset's every option, as text */
    char *body = NULL;
    assert_int_equal(skt_http_get(srv.port, "/api/rules", &body, NULL), 200);
    json_t *api = json_loads(body, 0, NULL);
    assert_non_null(api);
    json_t *presets = json_object_get(api, "presets");
    for (const char *const *p = sk_rules_preset_names(); *p; p++)
        assert_int_equal(json_object_size(json_object_get(presets, *p)), sk_rules_option_count());
    assert_string_equal(
        json_string_value(json_object_get(json_object_get(presets, "stammtisch"), "all_pass")),
        "ramsch");
    assert_string_equal(
        json_string_value(json_object_get(json_object_get(presets, "tournament"), "kontra_max")),
        "0");
    json_decref(api);
    char path[100], cmd[1400];
    snprintf(path, sizeof path, "%s/api_rules.json", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(body, f);
    fclose(f);
    free(body);
    snprintf(cmd, sizeof cmd,
             "python3 '%s/tests/check_schema.py' '%s/docs/server-protocol.schema.json' api_rules "
             "'%s' >/dev/null",
             getenv("SK_ROOT"), getenv("SK_ROOT"), path);
    assert_int_equal(system(cmd), 0);
    skt_ws_close(&en);
    skt_ws_close(&de);
    skt_ws_close(&g);
    finish(&srv, dir);
}

/* create's refusal (bad_message) of a table's `rules`, which must
 * contain `needle`. */
static void table_rules_refused(skt_ws *w, const char *rules, const char *needle)
{
    rules_refusal_says(bk_refused(w, "bad_message",
                                  "{\"type\":\"create\",\"rules\":%s,\"listed\":false}", rules),
                       rules, needle);
}

/* A table of house rules (create's `rules`, as a book's): the options
 * by the ruleset's own names, a value given as number or yes/no too;
 * the lobby lists them as the room holds them; a bad option, value or
 * preset and options that cannot go together are refused in the
 * connection's language, naming the option; a refusal leaves no room. */
static void test_table_rules(void **state)
{
    (void)state;
    skt_server srv;
    char dir[64];
    start(&srv, dir, sizeof dir, NULL);
    skt_ws en, de;
    bk_conn(&en, srv.port, "Wirt", "en");
    bk_conn(&de, srv.port, "Wirtin", "de");
    table_rules_refused(&de, "{\"preset\":\"official\",\"overrides\":{\"schiebe\":\"yes\"}}",
                        "Keine Hausregel \"schiebe\"");
    table_rules_refused(&en, "{\"preset\":\"official\",\"overrides\":{\"klopfen\":\"often\"}}",
                        "Rule option \"klopfen\": \"often\" is not allowed; it takes off, all");
    table_rules_refused(&de, "{\"preset\":\"official\",\"overrides\":{\"players\":6}}",
                        "Hausregel \"players\": \"6\" geht nicht, erlaubt ist 3 bis 5");
    table_rules_refused(&en, "{\"preset\":\"wirtshaus\"}", "No preset \"wirtshaus\"");
    table_rules_refused(&de, "{\"overrides\":{}}", "Die Regeln: ein Objekt");
    table_rules_refused(&en, "{\"preset\":\"official\",\"overrides\":[1]}",
                        "The house rules (overrides): an object");
    /* options that cannot go together, in words */
    table_rules_refused(&de,
                        "{\"preset\":\"official\",\"overrides\":{\"players\":3,"
                        "\"all_pass\":\"muss\"}}",
                        "Muss und Kreuzbock brauchen vier Spieler");
    table_rules_refused(&en, "{\"preset\":\"tournament\",\"overrides\":{\"stock\":\"side\"}}",
                        "A Stock is money");
    free(bk_refused(&en, "bad_message", "{\"type\":\"create\",\"rules\":\"official\"}"));
    json_t *o = bk_ask(&en, "lobby", "{\"type\":\"lobby\"}");
    assert_int_equal(json_array_size(json_object_get(o, "rooms")), 0); /* none was made */
    json_decref(o);

    /* Klopfen and a Ramsch when all pass, a Durchmarsch's rate, values
     * as a number and yes/no: the room holds them as text */
    o = bk_ask(&de, "created",
               "{\"type\":\"create\",\"title\":\"Hausregeln\",\"rules\":{\"preset\":"
               "\"official\",\"overrides\":{\"klopfen\":\"all\",\"all_pass\":\"ramsch\","
               "\"ramsch_schieben\":true,\"rate_durchmarsch\":7}}}");
    json_decref(o);
    o = bk_ask(&en, "lobby", "{\"type\":\"lobby\"}");
    json_t *room = json_array_get(json_object_get(o, "rooms"), 0);
    assert_non_null(room);
    json_t *rules = json_object_get(room, "rules"), *ov = json_object_get(rules, "overrides");
    assert_string_equal(json_string_value(json_object_get(rules, "preset")), "official");
    assert_string_equal(json_string_value(json_object_get(ov, "klopfen")), "all");
    assert_string_equal(json_string_value(json_object_get(ov, "all_pass")), "ramsch");
    assert_string_equal(json_string_value(json_object_get(ov, "ramsch_schieben")), "yes");
    assert_string_equal(json_string_value(json_object_get(ov, "rate_durchmarsch")), "7");
    assert_null(json_object_get(ov, "players")); /* the preset's, not an override */
    json_decref(o);
    skt_ws_close(&en);
    skt_ws_close(&de);
    finish(&srv, dir);
}

#define SKT_BOOK_RULES_TESTS cmocka_unit_test(test_book_rules), cmocka_unit_test(test_table_rules),
