/*
 * test_record.c -- game records (docs/record-format.md): writing and
 * reading give back the same record, a finished game replays to the same
 * result, and every malformed input is refused with a message that names
 * the field or the JSON position.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/core.h"

/* A small valid record: each seat holds one suit, everybody passes (the
 * game is thrown in, 2.4.13).  The error tests mutate it. */
static const char BASE[] =
    "{\"format\":\"schafkopf-record/1\",\"id\":\"base\","
    "\"rules\":{\"preset\":\"official\",\"overrides\":{}},\"dealer\":3,\"first_game\":false,"
    "\"hands\":[[\"EA\",\"EZ\",\"EK\",\"EO\",\"EU\",\"E9\",\"E8\",\"E7\"],"
    "[\"GA\",\"GZ\",\"GK\",\"GO\",\"GU\",\"G9\",\"G8\",\"G7\"],"
    "[\"HA\",\"HZ\",\"HK\",\"HO\",\"HU\",\"H9\",\"H8\",\"H7\"],"
    "[\"SA\",\"SZ\",\"SK\",\"SO\",\"SU\",\"S9\",\"S8\",\"S7\"]],"
    "\"actions\":[{\"seat\":0,\"action\":\"pass\"},{\"seat\":1,\"action\":\"pass\"},"
    "{\"seat\":2,\"action\":\"pass\"},{\"seat\":3,\"action\":\"pass\"}]}\n";

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* Fails the test with the message unless `msg` contains `needle`. */
static void assert_contains(const char *msg, const char *needle)
{
    if (!strstr(msg, needle)) {
        print_error("message \"%s\" lacks \"%s\"\n", msg, needle);
        fail();
    }
}

/* A ruleset from a preset plus "key=value" pairs (NULL-terminated). */
static void make_rules(sk_rules *r, const char *preset, const char *const *pairs)
{
    sk_error err;
    memset(r, 0, sizeof *r);
    assert_int_equal(sk_rules_preset(r, preset, &err), SK_OK);
    for (size_t i = 0; pairs && pairs[i]; i++)
        assert_int_equal(sk_rules_set_pair(r, pairs[i], &err), SK_OK);
}

/* Plays a seeded random game: at most `limit` actions, each chosen
 * uniformly among the legal ones (Kontra included). */
static void play_random(sk_game *g, const sk_rules *r, uint64_t seed, int limit)
{
    sk_rng rng;
    sk_action legal[SK_MAX_LEGAL];
    sk_error err;
    sk_rng_seed(&rng, seed);
    sk_game_deal(g, r, (int)(seed % 4), &rng, seed % 7 == 0);
    for (int i = 0; i < limit && !sk_game_over(g); i++) {
        int n = sk_game_legal(g, legal);
        assert_true(n > 0);
        sk_action a = legal[sk_rng_below(&rng, (uint32_t)n)];
        if (sk_game_apply(g, a, &err) != SK_OK) {
            print_error("seed %llu: %s\n", (unsigned long long)seed, err.msg);
            fail();
        }
    }
}

/* Two rulesets are the same when they format to the same file text. */
static void assert_rules_equal(const sk_rules *a, const sk_rules *b)
{
    char ta[4096], tb[4096];
    sk_rules_format(a, ta, sizeof ta);
    sk_rules_format(b, tb, sizeof tb);
    assert_string_equal(ta, tb);
    assert_int_equal(strncmp(a->preset, b->preset, sizeof a->preset), 0);
}

/* Field-by-field equality of two records (padding bytes aside). */
static void assert_records_equal(const sk_record *a, const sk_record *b)
{
    assert_rules_equal(&a->rules, &b->rules);
    assert_int_equal(a->dealer, b->dealer);
    assert_int_equal(a->first_game, b->first_game);
    assert_memory_equal(a->hands, b->hands, sizeof a->hands);
    assert_string_equal(a->id, b->id);
    assert_int_equal(a->nactions, b->nactions);
    for (int i = 0; i < a->nactions; i++) {
        const sk_action *x = &a->actions[i], *y = &b->actions[i];
        assert_int_equal(x->type, y->type);
        assert_int_equal(x->seat, y->seat);
        assert_int_equal(x->card, y->card);
        assert_int_equal(x->contract.type, y->contract.type);
        assert_int_equal(x->contract.suit, y->contract.suit);
        assert_int_equal(x->contract.tout, y->contract.tout);
    }
}

/* Equality of two results: the JSON fields and the money breakdown. */
static void assert_results_equal(const sk_result *a, const sk_result *b)
{
    char *ja = sk_result_json(a), *jb = sk_result_json(b);
    assert_non_null(ja);
    assert_non_null(jb);
    assert_string_equal(ja, jb);
    free(ja);
    free(jb);
    assert_int_equal(a->base_units, b->base_units);
    assert_int_equal(a->laufende_units, b->laufende_units);
    assert_int_equal(a->extra_units, b->extra_units);
    assert_int_equal(a->pair_units, b->pair_units);
}

/* Reads `text`, expecting success. */
static void read_ok(sk_record *rec, const char *text)
{
    sk_error err = {"", NULL};
    int rc = sk_record_read(rec, text, strlen(text), &err);
    if (rc != SK_OK)
        print_error("unexpected error: %s\n", err.msg);
    assert_int_equal(rc, SK_OK);
}

/* Reads `text`, expecting failure with `code` (any error if 0) and a
 * message containing `needle`. */
static void read_fails(const char *text, int code, const char *needle)
{
    sk_record rec;
    sk_error err = {"", NULL};
    int rc = sk_record_read(&rec, text, strlen(text), &err);
    if (rc == SK_OK)
        print_error("accepted: %s\n", text);
    assert_true(rc < 0);
    if (code)
        assert_int_equal(rc, code);
    assert_contains(err.msg, needle);
}

/* The base record as a JSON tree to mutate. */
static json_t *base(void)
{
    json_t *root = json_loads(BASE, 0, NULL);
    assert_non_null(root);
    return root;
}

/* Dumps a mutated tree and expects sk_record_read to refuse it. */
static void tree_fails(json_t *root, int code, const char *needle)
{
    char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    assert_non_null(text);
    read_fails(text, code, needle);
    free(text);
    json_decref(root);
}

/* Dumps a mutated tree and expects sk_record_read to accept it. */
static void tree_ok(json_t *root, sk_record *rec)
{
    char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    assert_non_null(text);
    read_ok(rec, text);
    free(text);
    json_decref(root);
}

/* The hand array of `seat` in a tree. */
static json_t *hand_of(json_t *root, int seat)
{
    return json_array_get(json_object_get(root, "hands"), (size_t)seat);
}

/* The action `i` of a tree. */
static json_t *action_of(json_t *root, size_t i)
{
    return json_array_get(json_object_get(root, "actions"), i);
}

/* An action object for a tree. */
static json_t *action_json(int seat, const char *action, const char *key, const char *value)
{
    json_t *a = json_pack("{s:i,s:s}", "seat", seat, "action", action);
    if (key)
        json_object_set_new(a, key, json_string(value));
    return a;
}

/* ------------------------------------------------------------------ */
/* Round trips                                                          */
/* ------------------------------------------------------------------ */

/* Writes rec, reads it back, checks equality and that writing the copy
 * gives the same text; returns the text (caller frees). */
static char *round_trip(const sk_record *rec, sk_record *copy)
{
    char *text = sk_record_write(rec);
    assert_non_null(text);
    size_t n = strlen(text);
    assert_true(n > 0 && text[n - 1] == '\n');
    assert_null(memchr(text, '\n', n - 1)); /* one line */
    read_ok(copy, text);
    assert_records_equal(rec, copy);
    char *again = sk_record_write(copy);
    assert_non_null(again);
    assert_string_equal(text, again);
    free(again);
    return text;
}

/* Finished random games under several rulesets: write -> read gives the
 * same record, and the replay gives the same result as the game. */
static void test_roundtrip_finished_games(void **state)
{
    (void)state;
    static const char *const pairs[] = {"kontra_max=4", "retour_by_partner=no",
                                        "rate_sauspiel=3", NULL};
    sk_rules rules[3];
    make_rules(&rules[0], "official", NULL);
    make_rules(&rules[1], "tournament", NULL);
    make_rules(&rules[2], "official", pairs);
    int played = 0, thrown_in = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        sk_game g, g2;
        sk_record rec, copy;
        sk_result r1, r2;
        sk_error err;
        char id[32];
        int bad = 99;
        play_random(&g, &rules[seed % 3], seed, 1000);
        assert_true(sk_game_over(&g));
        assert_int_equal(sk_game_result(&g, &r1, &err), SK_OK);
        snprintf(id, sizeof id, "game-%llu", (unsigned long long)seed);
        sk_record_from_game(&rec, &g, id);
        assert_int_equal(rec.nactions, g.pub.nactions);
        char *text = round_trip(&rec, &copy);
        assert_int_equal(sk_record_replay(&copy, &g2, &bad, &err), SK_OK);
        assert_int_equal(bad, -1);
        assert_true(sk_game_over(&g2));
        assert_ptr_equal(g2.rules, &copy.rules);
        assert_int_equal(sk_game_result(&g2, &r2, &err), SK_OK);
        assert_results_equal(&r1, &r2);
        /* the result written is sk_result_json's object */
        char *rj = sk_result_json(&r1);
        assert_non_null(rj);
        char *at = strstr(text, "\"result\":");
        assert_non_null(at);
        assert_int_equal(strncmp(at + 9, rj, strlen(rj)), 0);
        free(rj);
        free(text);
        played += !r1.thrown_in;
        thrown_in += r1.thrown_in;
    }
    assert_true(played > 50); /* the sample covers played games */
    assert_true(thrown_in > 0);
}

/* A game in progress: no result is written, the replay stops where the
 * game stopped. */
static void test_roundtrip_unfinished(void **state)
{
    (void)state;
    sk_rules r;
    make_rules(&r, "official", NULL);
    for (int limit = 0; limit < 30; limit += 3) {
        sk_game g, g2;
        sk_record rec, copy;
        sk_error err;
        int bad;
        play_random(&g, &r, 42 + (uint64_t)limit, limit);
        if (sk_game_over(&g))
            continue;
        sk_record_from_game(&rec, &g, NULL);
        assert_string_equal(rec.id, "");
        char *text = round_trip(&rec, &copy);
        assert_null(strstr(text, "\"result\""));
        assert_null(strstr(text, "\"id\""));
        free(text);
        assert_int_equal(sk_record_replay(&copy, &g2, &bad, &err), SK_OK);
        assert_false(sk_game_over(&g2));
        assert_int_equal(g2.pub.nactions, g.pub.nactions);
        assert_int_equal(g2.pub.phase, g.pub.phase);
        assert_int_equal(g2.pub.to_move, g.pub.to_move);
    }
}

/* Overrides are written as strings of the options that differ from the
 * preset, and read back to the same ruleset; id and first_game too. */
static void test_roundtrip_rules_and_fields(void **state)
{
    (void)state;
    static const char *const pairs[] = {"kontra_max=1", "deal_mode=2+2+2+2",
                                        "allow_sie=no", "unit_cents=50", NULL};
    sk_rules r;
    sk_game g;
    sk_record rec, copy;
    make_rules(&r, "official", pairs);
    play_random(&g, &r, 7, 1000);
    sk_record_from_game(&rec, &g, "Wirtshaus \xc3\x96" "d 2024-05-01 #3");
    rec.first_game = 1;
    char *text = round_trip(&rec, &copy);
    assert_contains(text, "{\"format\":\"schafkopf-record/1\",\"id\":\"Wirtshaus \xc3\x96"
                          "d 2024-05-01 #3\",\"rules\":{\"preset\":\"official\","
                          "\"overrides\":{\"deal_mode\":\"2+2+2+2\",\"allow_sie\":\"no\","
                          "\"kontra_max\":\"1\",\"unit_cents\":\"50\"}},\"dealer\":3,"
                          "\"first_game\":true,\"hands\":[[");
    assert_int_equal(copy.rules.kontra_max, 1);
    assert_int_equal(copy.rules.deal_mode, SK_DEAL_2_2_2_2);
    assert_int_equal(copy.rules.unit_cents, 50);
    assert_int_equal(copy.first_game, 1);
    free(text);
    /* a preset's own values are not overrides */
    sk_rules t;
    make_rules(&t, "tournament", NULL);
    sk_record_from_game(&rec, &g, "");
    rec.rules = t;
    text = round_trip(&rec, &copy);
    assert_contains(text, "\"rules\":{\"preset\":\"tournament\",\"overrides\":{}}");
    free(text);
}

/* A ruleset's "rules" JSON alone (sk_rules_json, also used by the arena
 * log) reads back to the same ruleset, and a bad one is refused naming
 * the field. */
static void test_rules_json(void **state)
{
    (void)state;
    static const char *const PRESETS[] = {"official", "tournament", "sauspiel", "kurz",
                                          "stammtisch"};
    for (size_t k = 0; k < sizeof PRESETS / sizeof PRESETS[0]; k++) {
        sk_rules r, back;
        assert_int_equal(sk_rules_preset(&r, PRESETS[k], NULL), SK_OK);
        assert_int_equal(sk_rules_set_pair(&r, "ramsch_schieben=yes", NULL), SK_OK);
        assert_int_equal(sk_rules_set_pair(&r, "rate_solo=7", NULL), SK_OK);
        char *text = sk_rules_json(&r);
        assert_non_null(text);
        sk_error err;
        assert_int_equal(sk_rules_from_json(&back, text, &err), SK_OK);
        char a[4096], b[4096];
        sk_rules_format(&r, a, sizeof a);
        sk_rules_format(&back, b, sizeof b);
        assert_string_equal(a, b);
        free(text);
    }
    sk_rules r;
    sk_error err;
    assert_int_equal(sk_rules_from_json(&r, "{\"preset\":\"official\",\"overrides\":"
                                            "{\"rate_solo\":\"x\"}}",
                                        &err),
                     SK_EINVAL);
    assert_non_null(strstr(err.msg, "rules.overrides.rate_solo"));
    assert_true(sk_rules_from_json(&r, "{\"preset\":\"nope\"}", &err) < 0);
    assert_non_null(strstr(err.msg, "rules.preset"));
    assert_true(sk_rules_from_json(&r, "[1,", &err) < 0);
    assert_non_null(strstr(err.msg, "not JSON"));
}

/* The id is cut to 63 bytes, never inside a UTF-8 character. */
static void test_from_game_id(void **state)
{
    (void)state;
    sk_rules r;
    sk_game g;
    sk_record rec, copy;
    char id[100];
    make_rules(&r, "official", NULL);
    play_random(&g, &r, 3, 5);
    memset(id, 'x', 62);
    memcpy(id + 62, "\xc3\xa4zz", 5); /* an umlaut across byte 63 */
    sk_record_from_game(&rec, &g, id);
    assert_int_equal(strlen(rec.id), 62);
    char *text = round_trip(&rec, &copy);
    free(text);
    memset(id, 'y', sizeof id - 1);
    id[sizeof id - 1] = '\0';
    sk_record_from_game(&rec, &g, id);
    assert_int_equal(strlen(rec.id), 63);
}

/* Bids keep only their class and the other actions their own field. */
static void test_actions_canonical(void **state)
{
    (void)state;
    sk_rules r;
    sk_game g;
    sk_record rec, copy;
    make_rules(&r, "official", NULL);
    play_random(&g, &r, 11, 1000);
    sk_record_from_game(&rec, &g, "x");
    for (int i = 0; i < rec.nactions; i++) {
        const sk_action *a = &rec.actions[i];
        if (a->type != SK_ACT_CARD)
            assert_int_equal(a->card, SK_NOCARD);
        if (a->type == SK_ACT_BID)
            assert_int_equal(a->contract.suit, SK_NOSUIT);
        if (a->type != SK_ACT_BID && a->type != SK_ACT_DECLARE)
            assert_int_equal(a->contract.type, SK_C_NONE);
    }
    char *text = round_trip(&rec, &copy);
    free(text);
}

/* ------------------------------------------------------------------ */
/* The result as JSON                                                   */
/* ------------------------------------------------------------------ */

/* The keys of sk_result_json, in this order and with these types. */
static void check_result_keys(const char *json, bool thrown_in)
{
    static const char *const keys[] = {
        "thrown_in", "contract", "declarer", "partner", "trick_winners", "points",
        "tricks", "declarer_side_points", "won", "schneider", "schwarz", "laufende",
        "laufende_paid", "doublings", "multiplier", "money", "tournament"};
    json_error_t jerr;
    json_t *o = json_loads(json, 0, &jerr);
    assert_non_null(o);
    assert_int_equal(json_object_size(o), sizeof keys / sizeof keys[0]);
    void *it = json_object_iter(o);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++, it = json_object_iter_next(o, it)) {
        assert_non_null(it);
        assert_string_equal(json_object_iter_key(it), keys[i]);
    }
    assert_true(json_is_boolean(json_object_get(o, "thrown_in")));
    assert_int_equal(json_array_size(json_object_get(o, "trick_winners")), 8);
    assert_int_equal(json_array_size(json_object_get(o, "points")), 4);
    assert_int_equal(json_array_size(json_object_get(o, "money")), 4);
    assert_int_equal(json_array_size(json_object_get(o, "tournament")), 4);
    if (thrown_in) {
        assert_true(json_is_null(json_object_get(o, "contract")));
        assert_true(json_is_null(json_object_get(o, "declarer")));
        assert_true(json_is_null(json_array_get(json_object_get(o, "trick_winners"), 0)));
    } else {
        assert_true(json_is_string(json_object_get(o, "contract")));
        assert_true(json_is_integer(json_object_get(o, "declarer")));
        assert_true(json_is_integer(json_array_get(json_object_get(o, "trick_winners"), 7)));
    }
    json_decref(o);
}

/* sk_result_json has exactly the documented fields, compact, in order;
 * a played game's values match the result struct. */
static void test_result_json(void **state)
{
    (void)state;
    sk_rules r;
    make_rules(&r, "official", NULL);
    bool seen_played = false;
    for (uint64_t seed = 1; seed < 100 && !seen_played; seed++) {
        sk_game g;
        sk_result res;
        play_random(&g, &r, seed, 1000);
        assert_int_equal(sk_game_result(&g, &res, NULL), SK_OK);
        if (res.thrown_in || res.contract.type == SK_C_SIE)
            continue;
        seen_played = true;
        char *j = sk_result_json(&res);
        assert_non_null(j);
        assert_null(strchr(j, ' ')); /* compact */
        assert_null(strchr(j, '\n'));
        check_result_keys(j, false);
        json_t *o = json_loads(j, 0, NULL);
        char code[32];
        sk_contract_code(res.contract, code, sizeof code);
        assert_string_equal(json_string_value(json_object_get(o, "contract")), code);
        assert_int_equal(json_integer_value(json_object_get(o, "declarer")), res.declarer);
        for (int s = 0; s < 4; s++) {
            assert_int_equal(json_integer_value(json_array_get(json_object_get(o, "money"),
                                                               (size_t)s)), res.money[s]);
            assert_int_equal(json_integer_value(json_array_get(json_object_get(o, "points"),
                                                               (size_t)s)), res.points[s]);
        }
        for (int t = 0; t < 8; t++)
            assert_int_equal(json_integer_value(json_array_get(
                                 json_object_get(o, "trick_winners"), (size_t)t)),
                             res.trick_winners[t]);
        if (res.contract.type == SK_C_SAUSPIEL)
            assert_int_equal(json_integer_value(json_object_get(o, "partner")), res.partner);
        else
            assert_true(json_is_null(json_object_get(o, "partner")));
        json_decref(o);
        free(j);
    }
    assert_true(seen_played);
}

/* All four pass (2.4.13): the result has no contract, declarer, partner
 * or trick winners. */
static void test_result_json_thrown_in(void **state)
{
    (void)state;
    sk_record rec;
    sk_game g;
    sk_result res;
    sk_error err;
    int bad;
    read_ok(&rec, BASE);
    assert_int_equal(sk_record_replay(&rec, &g, &bad, &err), SK_OK);
    assert_true(sk_game_over(&g));
    assert_int_equal(sk_game_result(&g, &res, &err), SK_OK);
    assert_true(res.thrown_in);
    char *j = sk_result_json(&res);
    assert_non_null(j);
    check_result_keys(j, true);
    assert_contains(j, "{\"thrown_in\":true,\"contract\":null,\"declarer\":null,"
                       "\"partner\":null,\"trick_winners\":[null,null,null,null,null,null,"
                       "null,null],");
    free(j);
    char *text = sk_record_write(&rec);
    assert_non_null(text);
    assert_contains(text, ",\"result\":{\"thrown_in\":true,");
    free(text);
}

/* ------------------------------------------------------------------ */
/* What the reader accepts                                              */
/* ------------------------------------------------------------------ */

/* The base record reads as written in the spec's example. */
static void test_read_base(void **state)
{
    (void)state;
    sk_record rec;
    read_ok(&rec, BASE);
    assert_string_equal(rec.id, "base");
    assert_string_equal(rec.rules.preset, "official");
    assert_int_equal(rec.dealer, 3);
    assert_int_equal(rec.first_game, 0);
    assert_int_equal(rec.hands[0][3], SK_CARD(SK_EICHEL, SK_OBER));
    assert_int_equal(rec.hands[3][7], SK_CARD(SK_SCHELLEN, SK_SIEBEN));
    assert_int_equal(rec.nactions, 4);
    assert_int_equal(rec.actions[2].type, SK_ACT_PASS);
    assert_int_equal(rec.actions[2].seat, 2);
    assert_int_equal(rec.actions[2].card, SK_NOCARD);
}

/* Forward compatibility: unknown members anywhere, any "result", no
 * "format", no "id", no "first_game", no "overrides", whitespace around
 * the object, override values as integers and booleans. */
static void test_read_lenient(void **state)
{
    (void)state;
    sk_record rec;
    json_t *root = base();
    json_object_set_new(root, "result", json_string("anything at all"));
    json_object_set_new(root, "venue", json_pack("{s:[i,i]}", "table", 1, 2));
    json_object_set_new(action_of(root, 0), "comment", json_string("weiter"));
    json_object_del(root, "format");
    json_object_del(root, "id");
    json_object_del(root, "first_game");
    json_object_set_new(json_object_get(root, "rules"), "overrides",
                        json_pack("{s:i,s:b,s:s}", "kontra_max", 1, "allow_wenz", 0,
                                  "laufende_count", "above_min"));
    tree_ok(root, &rec);
    assert_string_equal(rec.id, "");
    assert_int_equal(rec.rules.kontra_max, 1);
    assert_int_equal(rec.rules.allow_wenz, 0);
    assert_int_equal(rec.rules.laufende_count, SK_LAUF_ABOVE_MIN);

    root = base();
    json_object_del(json_object_get(root, "rules"), "overrides");
    json_object_set_new(root, "id", json_null());
    json_object_set_new(root, "first_game", json_true());
    tree_ok(root, &rec);
    assert_int_equal(rec.first_game, 1);

    /* whitespace, CRLF and a missing final newline */
    char buf[sizeof BASE + 16];
    snprintf(buf, sizeof buf, "  \r\n%.*s\r\n\t", (int)strlen(BASE) - 1, BASE);
    read_ok(&rec, buf);
    read_ok(&rec, BASE);
    /* the length is respected: trailing bytes beyond it are not read */
    sk_error err;
    assert_int_equal(sk_record_read(&rec, BASE, strlen(BASE) - 1, &err), SK_OK);
    assert_true(sk_record_read(&rec, BASE, strlen(BASE) - 2, &err) < 0);
}

/* Lowercase card names are read (and written back in capitals). */
static void test_read_lowercase_cards(void **state)
{
    (void)state;
    sk_record rec;
    json_t *root = base();
    json_array_set_new(hand_of(root, 0), 3, json_string("eo"));
    tree_ok(root, &rec);
    assert_int_equal(rec.hands[0][3], SK_CARD(SK_EICHEL, SK_OBER));
    char *text = sk_record_write(&rec);
    assert_contains(text, "\"EO\"");
    free(text);
}

/* ------------------------------------------------------------------ */
/* What the reader refuses                                              */
/* ------------------------------------------------------------------ */

/* Malformed JSON: the message carries jansson's line and column. */
static void test_bad_json(void **state)
{
    (void)state;
    read_fails("{\"format\":\"schafkopf-record/1\",\"dealer\":3,", SK_EINVAL,
               "line 1 column ");
    read_fails("{\"dealer\": 3 x}", SK_EINVAL, "line 1 column 14");
    read_fails("{\n\"dealer\": 3,\n\"hands\": [}", SK_EINVAL, "line 3 column ");
    read_fails("", SK_EINVAL, "line ");
    read_fails("{} {}", SK_EINVAL, "line 1 column ");
    read_fails("{\"dealer\":3,\"dealer\":2}", SK_EINVAL, "duplicate");
    read_fails("{\"id\":\"\\u0000\"}", SK_EINVAL, "line 1 column ");
    read_fails("{\"id\":\"\xff\"}", SK_EINVAL, "line 1 column ");
    read_fails("[]", SK_EINVAL, "record: expected an object, got an array");
    read_fails("3", SK_EINVAL, "line 1");
    sk_record rec;
    sk_error err;
    assert_true(sk_record_read(&rec, NULL, 0, &err) < 0);
    assert_contains(err.msg, "line ");
    assert_true(sk_record_read(&rec, "{}", 2, NULL) < 0); /* err is optional */
    char nul[] = "{\"dealer\":3}\0garbage";
    assert_true(sk_record_read(&rec, nul, sizeof nul - 1, &err) < 0);
}

/* Every required field, missing. */
static void test_missing_fields(void **state)
{
    (void)state;
    static const char *const required[] = {"rules", "dealer", "hands", "actions"};
    for (size_t i = 0; i < 4; i++) {
        json_t *root = base();
        char needle[32];
        json_object_del(root, required[i]);
        snprintf(needle, sizeof needle, "%s: missing", required[i]);
        tree_fails(root, SK_EINVAL, needle);
    }
    json_t *root = base();
    json_object_del(json_object_get(root, "rules"), "preset");
    tree_fails(root, SK_EINVAL, "rules.preset: missing");
    root = base();
    json_object_del(action_of(root, 1), "seat");
    tree_fails(root, SK_EINVAL, "actions[1].seat: missing");
    root = base();
    json_object_del(action_of(root, 3), "action");
    tree_fails(root, SK_EINVAL, "actions[3].action: missing");
    root = base();
    json_array_append_new(json_object_get(root, "actions"), action_json(0, "card", NULL, NULL));
    tree_fails(root, SK_EINVAL, "actions[4].card: missing");
    root = base();
    json_array_set_new(json_object_get(root, "actions"), 0, action_json(0, "bid", NULL, NULL));
    tree_fails(root, SK_EINVAL, "actions[0].contract: missing");
    root = base();
    json_array_set_new(json_object_get(root, "actions"), 0,
                       action_json(0, "declare", NULL, NULL));
    tree_fails(root, SK_EINVAL, "actions[0].contract: missing");
}

/* Fields of the wrong JSON type say what they got. */
static void test_wrong_types(void **state)
{
    (void)state;
    json_t *root = base();
    json_object_set_new(root, "dealer", json_string("3"));
    tree_fails(root, SK_EINVAL, "dealer: expected an integer, got a string");
    root = base();
    json_object_set_new(root, "dealer", json_real(3.0));
    tree_fails(root, SK_EINVAL, "dealer: expected an integer, got a real number");
    root = base();
    json_object_set_new(root, "hands", json_object());
    tree_fails(root, SK_EINVAL, "hands: expected an array of 4 hands, got an object");
    root = base();
    json_array_set_new(json_object_get(root, "hands"), 1, json_string("GA GZ"));
    tree_fails(root, SK_EINVAL, "hands[1]: expected an array of 8 cards, got a string");
    root = base();
    json_array_set_new(hand_of(root, 0), 0, json_integer(0));
    tree_fails(root, SK_EINVAL, "hands[0][0]: expected a card such as \"EO\", got an integer");
    root = base();
    json_object_set_new(root, "actions", json_null());
    tree_fails(root, SK_EINVAL, "actions: expected an array, got null");
    root = base();
    json_array_set_new(json_object_get(root, "actions"), 2, json_string("pass"));
    tree_fails(root, SK_EINVAL, "actions[2]: expected an object, got a string");
    root = base();
    json_object_set_new(action_of(root, 0), "action", json_integer(0));
    tree_fails(root, SK_EINVAL, "actions[0].action: expected an action name, got an integer");
    root = base();
    json_object_set_new(root, "rules", json_string("official"));
    tree_fails(root, SK_EINVAL, "rules: expected an object, got a string");
    root = base();
    json_object_set_new(json_object_get(root, "rules"), "overrides", json_array());
    tree_fails(root, SK_EINVAL, "rules.overrides: expected an object, got an array");
    root = base();
    json_object_set_new(root, "first_game", json_integer(1));
    tree_fails(root, SK_EINVAL, "first_game: expected true or false, got an integer");
    root = base();
    json_object_set_new(root, "id", json_integer(17));
    tree_fails(root, SK_EINVAL, "id: expected a string, got an integer");
    root = base();
    json_object_set_new(root, "format", json_integer(1));
    tree_fails(root, SK_EINVAL, "format: expected a string, got an integer");
}

/* A bad card names its place: `hands[2][5]: bad card "XX"`. */
static void test_bad_card(void **state)
{
    (void)state;
    json_t *root = base();
    json_array_set_new(hand_of(root, 2), 5, json_string("XX"));
    tree_fails(root, SK_EINVAL, "hands[2][5]: bad card \"XX\"");
    static const char *const bad[] = {"", "E", "EOX", "10", "E1", "ZE", " EO", "E\xc3\xa4"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        root = base();
        json_array_set_new(hand_of(root, 1), 0, json_string(bad[i]));
        tree_fails(root, SK_EINVAL, "hands[1][0]: bad card \"");
    }
    /* a card action too, at index 12 */
    root = base();
    json_t *acts = json_object_get(root, "actions");
    while (json_array_size(acts) < 12)
        json_array_append_new(acts, action_json(0, "pass", NULL, NULL));
    json_array_append_new(acts, action_json(1, "card", "card", "Q9"));
    tree_fails(root, SK_EINVAL, "actions[12].card: bad card \"Q9\"");
    /* a long bad card is quoted only in part */
    root = base();
    json_array_set_new(hand_of(root, 0), 7, json_string("EOEOEOEOEOEOEOEOEOEOEOEOEOEOEOEOEOEO"
                                                        "EOEOEOEOEOEOEOEOEOEOEOEOEOEOEOEO"));
    tree_fails(root, SK_EINVAL, "hands[0][7]: bad card \"EOEOEOEOEOEOEOEOEOEOEOEO...\"");
}

/* The four hands must be the 32 cards: no card twice (2.3.1). */
static void test_duplicate_cards(void **state)
{
    (void)state;
    json_t *root = base();
    json_array_set_new(hand_of(root, 3), 7, json_string("EA"));
    tree_fails(root, SK_EINVAL, "hands[3][7]: duplicate card \"EA\" (also at hands[0][0])");
    root = base();
    json_array_set_new(hand_of(root, 2), 1, json_string("hk"));
    tree_fails(root, SK_EINVAL, "hands[2][2]: duplicate card \"HK\" (also at hands[2][1])");
}

/* Four hands of eight cards each (2.3.1). */
static void test_wrong_hand_sizes(void **state)
{
    (void)state;
    json_t *root = base();
    json_array_remove(hand_of(root, 1), 7);
    tree_fails(root, SK_EINVAL, "hands[1]: expected 8 cards, got 7");
    root = base();
    json_array_append_new(hand_of(root, 3), json_string("GA"));
    tree_fails(root, SK_EINVAL, "hands[3]: expected 8 cards, got 9");
    root = base();
    json_array_clear(hand_of(root, 0));
    tree_fails(root, SK_EINVAL, "hands[0]: expected 8 cards, got 0");
    root = base();
    json_array_remove(json_object_get(root, "hands"), 3);
    tree_fails(root, SK_EINVAL, "hands: expected 4 hands, got 3");
    root = base();
    json_array_append_new(json_object_get(root, "hands"), json_array());
    tree_fails(root, SK_EINVAL, "hands: expected 4 hands, got 5");
}

/* Actions are pass, bid, declare, kontra, retour, card; nothing else. */
static void test_unknown_action(void **state)
{
    (void)state;
    json_t *root = base();
    json_object_set_new(action_of(root, 0), "action", json_string("fold"));
    tree_fails(root, SK_EINVAL, "actions[0].action: unknown action \"fold\"");
    root = base();
    json_object_set_new(action_of(root, 2), "action", json_string("PASS"));
    tree_fails(root, SK_EINVAL, "actions[2].action: unknown action \"PASS\"");
    root = base();
    json_object_set_new(action_of(root, 1), "action", json_string("card EO"));
    tree_fails(root, SK_EINVAL, "actions[1].action: unknown action \"card EO\"");
}

/* Seats and the dealer are 0..3; out of range is SK_ERANGE. */
static void test_seat_out_of_range(void **state)
{
    (void)state;
    json_t *root = base();
    json_object_set_new(action_of(root, 0), "seat", json_integer(4));
    tree_fails(root, SK_ERANGE, "actions[0].seat: 4 out of range (0..3)");
    root = base();
    json_object_set_new(action_of(root, 3), "seat", json_integer(-1));
    tree_fails(root, SK_ERANGE, "actions[3].seat: -1 out of range (0..3)");
    root = base();
    json_object_set_new(action_of(root, 3), "seat", json_integer(4294967296LL));
    tree_fails(root, SK_ERANGE, "actions[3].seat: 4294967296 out of range (0..3)");
    root = base();
    json_object_set_new(root, "dealer", json_integer(7));
    tree_fails(root, SK_ERANGE, "dealer: 7 out of range (0..3)");
}

/* At most SK_MAX_ACTIONS actions; exactly that many is fine. */
static void test_too_many_actions(void **state)
{
    (void)state;
    json_t *root = base();
    json_t *acts = json_object_get(root, "actions");
    while (json_array_size(acts) < SK_MAX_ACTIONS)
        json_array_append_new(acts, action_json(0, "kontra", NULL, NULL));
    sk_record rec;
    tree_ok(json_incref(root), &rec);
    assert_int_equal(rec.nactions, SK_MAX_ACTIONS);
    json_array_append_new(acts, action_json(0, "kontra", NULL, NULL));
    tree_fails(root, SK_ERANGE, "actions: 97 actions, at most 96");
}

/* The ruleset: unknown preset, unknown option, bad value, wrong type. */
static void test_bad_rules(void **state)
{
    (void)state;
    json_t *root = base();
    json_object_set_new(json_object_get(root, "rules"), "overrides",
                        json_pack("{s:s}", "frobnicate", "1"));
    tree_fails(root, SK_EINVAL,
               "rules.overrides.frobnicate: unknown rule option \"frobnicate\"");
    root = base();
    json_object_set_new(json_object_get(root, "rules"), "overrides",
                        json_pack("{s:s}", "kontra_max", "lots"));
    tree_fails(root, SK_EINVAL, "rules.overrides.kontra_max: rule option \"kontra_max\"");
    root = base();
    json_object_set_new(json_object_get(root, "rules"), "overrides",
                        json_pack("{s:i}", "kontra_max", 99));
    tree_fails(root, SK_ERANGE, "rules.overrides.kontra_max: ");
    root = base();
    json_object_set_new(json_object_get(root, "rules"), "overrides",
                        json_pack("{s:f}", "kontra_max", 1.5));
    tree_fails(root, SK_EINVAL,
               "rules.overrides.kontra_max: expected a string, integer or boolean, got a real");
    root = base();
    json_object_set_new(json_object_get(root, "rules"), "overrides",
                        json_pack("{s:s}", "preset", "tournament"));
    tree_fails(root, SK_EINVAL, "rules.overrides.preset: the preset belongs in rules.preset");
    root = base();
    json_object_set_new(json_object_get(root, "rules"), "preset", json_string("skat"));
    tree_fails(root, SK_EINVAL, "rules.preset: unknown preset \"skat\"");
    root = base();
    json_object_set_new(json_object_get(root, "rules"), "preset", json_null());
    tree_fails(root, SK_EINVAL, "rules.preset: expected a string, got null");
}

/* Only this version of the format is read. */
static void test_bad_format(void **state)
{
    (void)state;
    json_t *root = base();
    json_object_set_new(root, "format", json_string("schafkopf-record/2"));
    tree_fails(root, SK_EINVAL, "format: unsupported \"schafkopf-record/2\"");
}

/* Contracts: a bid names a class, a declaration a full contract. */
static void test_bad_contracts(void **state)
{
    (void)state;
    json_t *root = base();
    json_array_set_new(json_object_get(root, "actions"), 0,
                       action_json(0, "bid", "contract", "skat"));
    tree_fails(root, SK_EINVAL, "actions[0].contract: bad contract \"skat\"");
    root = base();
    json_array_set_new(json_object_get(root, "actions"), 0,
                       action_json(0, "bid", "contract", "solo:G"));
    tree_fails(root, SK_EINVAL, "actions[0].contract: a bid names a contract class");
    root = base();
    json_array_set_new(json_object_get(root, "actions"), 1,
                       action_json(1, "declare", "contract", "solo"));
    tree_fails(root, SK_EINVAL, "actions[1].contract: \"solo\" names no suit");
    root = base();
    json_array_set_new(json_object_get(root, "actions"), 1,
                       action_json(1, "declare", "contract", "sauspiel:G:tout"));
    tree_fails(root, SK_EINVAL, "actions[1].contract: bad contract");

    sk_record rec;
    root = base();
    json_array_set_new(json_object_get(root, "actions"), 0,
                       action_json(0, "bid", "contract", "wenz:tout"));
    json_array_set_new(json_object_get(root, "actions"), 1,
                       action_json(0, "declare", "contract", "solo:E:tout"));
    tree_ok(root, &rec);
    assert_int_equal(rec.actions[0].contract.type, SK_C_WENZ);
    assert_int_equal(rec.actions[0].contract.tout, 1);
    assert_int_equal(rec.actions[0].contract.suit, SK_NOSUIT);
    assert_int_equal(rec.actions[1].contract.type, SK_C_SOLO);
    assert_int_equal(rec.actions[1].contract.suit, SK_EICHEL);
}

/* The id fits sk_record.id (63 bytes). */
static void test_bad_id(void **state)
{
    (void)state;
    char id[65];
    memset(id, 'a', 64);
    id[64] = '\0';
    json_t *root = base();
    json_object_set_new(root, "id", json_string(id));
    tree_fails(root, SK_EINVAL, "id: 64 bytes, at most 63");
    id[63] = '\0';
    sk_record rec;
    root = base();
    json_object_set_new(root, "id", json_string(id));
    tree_ok(root, &rec);
    assert_string_equal(rec.id, id);
}

/* A NUL byte is refused where it is, with its line and column: a reader
 * that stopped there (strlen) would read part of a record, or lose the
 * records behind it. */
static void test_nul_byte(void **state)
{
    (void)state;
    sk_record rec;
    sk_error err;
    char nul[] = "{\"dealer\":3}\0garbage";
    assert_int_equal(sk_record_read(&rec, nul, sizeof nul - 1, &err), SK_EINVAL);
    assert_string_equal(err.msg, "line 1 column 13: a NUL byte");
    char nul2[] = "{\n\"dealer\":\0 3}";
    assert_int_equal(sk_record_read(&rec, nul2, sizeof nul2 - 1, &err), SK_EINVAL);
    assert_string_equal(err.msg, "line 2 column 10: a NUL byte");
}

/* A record longer than SK_RECORD_MAX_LINE (1 MiB) is refused before it
 * is parsed (docs/record-format.md): a record has at most 96 actions. */
static void test_record_too_long(void **state)
{
    (void)state;
    size_t n = SK_RECORD_MAX_LINE + 1;
    char *text = malloc(n);
    assert_non_null(text);
    memset(text, ' ', n);
    text[0] = '{';
    text[n - 1] = '}';
    sk_record rec;
    sk_error err;
    assert_int_equal(sk_record_read(&rec, text, n, &err), SK_EINVAL);
    assert_contains(err.msg, "at most 1048576");
    /* one byte less is parsed (and refused for its content only) */
    text[n - 2] = '}';
    assert_int_equal(sk_record_read(&rec, text, n - 1, &err), SK_EINVAL);
    assert_contains(err.msg, "rules: missing");
    free(text);
}

/* Quoted input is escaped (\x1b), never echoed raw: an override key or
 * an action name holding a terminal escape sequence. */
static void test_messages_escape_input(void **state)
{
    (void)state;
    json_t *root = base();
    json_object_set_new(json_object_get(json_object_get(root, "rules"), "overrides"),
                        "a\x1b[2Jb", json_string("1"));
    tree_fails(root, SK_EINVAL, "rules.overrides.a\\x1b[2Jb: unknown rule option \"a\\x1b[2Jb\"");
    root = base();
    json_object_set_new(action_of(root, 0), "action", json_string("\x1b]0;pwned\x07"));
    tree_fails(root, SK_EINVAL, "unknown action \"\\x1b]0;pwned\\x07\"");
    root = base();
    json_array_set_new(hand_of(root, 0), 0, json_string("\xc3\xa4"));
    tree_fails(root, SK_EINVAL, "bad card \"\\xc3\\xa4\"");
    /* jansson's syntax errors quote the bytes near the error raw */
    read_fails("{\"dealer\":3\x0c\x1b[2J}", SK_EINVAL,
               "line 1 column 12: '}' expected near '\\x0c'");
    sk_rules r;
    sk_error err;
    assert_int_equal(sk_rules_from_json(&r, "{\x1b}", &err), SK_EINVAL);
    assert_contains(err.msg, "rules: not JSON: ");
    assert_contains(err.msg, "\\x1b");
}

/* The ruleset of a record is checked as a whole, as files and the command
 * line are (sk_rules_validate): three players with neither Solo nor Wenz
 * could play no game. */
static void test_conflicting_rules(void **state)
{
    (void)state;
    json_t *root = base();
    json_t *ov = json_object_get(json_object_get(root, "rules"), "overrides");
    json_object_set_new(ov, "players", json_string("3"));
    json_object_set_new(ov, "allow_solo", json_false());
    json_object_set_new(ov, "allow_wenz", json_false());
    tree_fails(root, SK_EINVAL, "rules: players = 3 plays only Solo, Wenz and Sie, but "
                                "allow_solo and allow_wenz are both off");
    sk_rules r;
    sk_error err;
    assert_int_equal(sk_rules_from_json(&r,
                                        "{\"preset\":\"official\",\"overrides\":"
                                        "{\"players\":3,\"all_pass\":\"muss\"}}",
                                        &err),
                     SK_EINVAL);
    assert_contains(err.msg, "all_pass = muss needs four players");
}

/* ------------------------------------------------------------------ */
/* Replay                                                               */
/* ------------------------------------------------------------------ */

/* A finished game's record with one card changed: the replay stops at
 * that action with SK_EILLEGAL, the game as it was before it. */
static void test_replay_illegal_card(void **state)
{
    (void)state;
    sk_rules r;
    make_rules(&r, "official", NULL);
    int tested = 0;
    for (uint64_t seed = 1; seed < 60; seed++) {
        sk_game g, g2;
        sk_record rec;
        sk_error err = {"", NULL};
        int bad = 99;
        play_random(&g, &r, seed, 1000);
        sk_record_from_game(&rec, &g, NULL);
        int i = 0;
        while (i < rec.nactions && rec.actions[i].type != SK_ACT_CARD)
            i++;
        if (i == rec.nactions)
            continue;
        /* 3.2: a card from the next seat's hand is not in this one */
        int seat = rec.actions[i].seat;
        rec.actions[i].card = rec.hands[(seat + 1) % 4][0];
        int rc = sk_record_replay(&rec, &g2, &bad, &err);
        assert_int_equal(rc, SK_EILLEGAL);
        assert_int_equal(bad, i);
        assert_non_null(err.rule);
        char prefix[32];
        snprintf(prefix, sizeof prefix, "actions[%d]: ", i);
        assert_int_equal(strncmp(err.msg, prefix, strlen(prefix)), 0);
        assert_int_equal(g2.pub.nactions, i);
        assert_int_equal(g2.pub.phase, SK_PHASE_PLAY);
        assert_int_equal(g2.pub.to_move, seat);
        assert_int_equal(sk_cards_count(g2.hands[seat]), 8);
        tested++;
    }
    assert_true(tested > 10);
}

/* Auction refusals: an opening bid above "ich spiele" (2.4.2), a
 * declaration the hand cannot play; out of turn is SK_ESTATE. */
static void test_replay_illegal_auction(void **state)
{
    (void)state;
    sk_record rec;
    sk_game g;
    sk_error err = {"", NULL};
    int bad = 99;
    json_t *root = base();
    json_array_set_new(json_object_get(root, "actions"), 0,
                       action_json(0, "bid", "contract", "solo"));
    tree_ok(root, &rec);
    assert_int_equal(sk_record_replay(&rec, &g, &bad, &err), SK_EILLEGAL);
    assert_int_equal(bad, 0);
    assert_contains(err.msg, "actions[0]: ");
    assert_int_equal(g.pub.nactions, 0);

    /* seat 0 holds all Eichel: no Sauspiel on its own suit's ace */
    root = base();
    json_t *acts = json_array();
    json_array_append_new(acts, action_json(0, "bid", "contract", "sauspiel"));
    for (int s = 1; s < 4; s++)
        json_array_append_new(acts, action_json(s, "pass", NULL, NULL));
    json_array_append_new(acts, action_json(0, "declare", "contract", "sauspiel:G"));
    json_object_set_new(root, "actions", acts);
    tree_ok(root, &rec);
    bad = 99;
    assert_int_equal(sk_record_replay(&rec, &g, &bad, &err), SK_EILLEGAL);
    assert_int_equal(bad, 4);
    assert_contains(err.msg, "actions[4]: ");
    assert_int_equal(g.pub.phase, SK_PHASE_DECLARE);

    root = base();
    json_object_set_new(action_of(root, 0), "seat", json_integer(2));
    tree_ok(root, &rec);
    bad = 99;
    assert_true(sk_record_replay(&rec, &g, &bad, &err) < 0);
    assert_int_equal(bad, 0);
    assert_contains(err.msg, "actions[0]: ");

    /* after the game is over nothing more happens */
    root = base();
    json_array_append_new(json_object_get(root, "actions"), action_json(0, "pass", NULL, NULL));
    tree_ok(root, &rec);
    assert_true(sk_record_replay(&rec, &g, NULL, &err) < 0); /* bad_index optional */
    assert_contains(err.msg, "actions[4]: ");
}

/* A record built in C with a broken deal: refused before any action. */
static void test_replay_bad_deal(void **state)
{
    (void)state;
    sk_record rec;
    sk_game g;
    sk_error err;
    int bad = 99;
    read_ok(&rec, BASE);
    rec.hands[1][1] = rec.hands[0][0];
    assert_true(sk_record_replay(&rec, &g, &bad, &err) < 0);
    assert_int_equal(bad, -1);
    assert_contains(err.msg, "hands: ");
    read_ok(&rec, BASE);
    rec.hands[2][2] = 200;
    assert_true(sk_record_replay(&rec, &g, &bad, &err) < 0);
    read_ok(&rec, BASE);
    rec.dealer = 9;
    assert_int_equal(sk_record_replay(&rec, &g, &bad, &err), SK_ERANGE);
    read_ok(&rec, BASE);
    rec.nactions = SK_MAX_ACTIONS + 1;
    assert_int_equal(sk_record_replay(&rec, &g, &bad, &err), SK_ERANGE);
    /* and the writer does not choke on it either */
    char *text = sk_record_write(&rec);
    assert_non_null(text);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip_finished_games),
        cmocka_unit_test(test_roundtrip_unfinished),
        cmocka_unit_test(test_roundtrip_rules_and_fields),
        cmocka_unit_test(test_from_game_id),
        cmocka_unit_test(test_actions_canonical),
        cmocka_unit_test(test_result_json),
        cmocka_unit_test(test_result_json_thrown_in),
        cmocka_unit_test(test_read_base),
        cmocka_unit_test(test_read_lenient),
        cmocka_unit_test(test_read_lowercase_cards),
        cmocka_unit_test(test_bad_json),
        cmocka_unit_test(test_missing_fields),
        cmocka_unit_test(test_wrong_types),
        cmocka_unit_test(test_bad_card),
        cmocka_unit_test(test_duplicate_cards),
        cmocka_unit_test(test_wrong_hand_sizes),
        cmocka_unit_test(test_unknown_action),
        cmocka_unit_test(test_seat_out_of_range),
        cmocka_unit_test(test_too_many_actions),
        cmocka_unit_test(test_bad_rules),
        cmocka_unit_test(test_bad_format),
        cmocka_unit_test(test_bad_contracts),
        cmocka_unit_test(test_bad_id),
        cmocka_unit_test(test_nul_byte),
        cmocka_unit_test(test_record_too_long),
        cmocka_unit_test(test_messages_escape_input),
        cmocka_unit_test(test_conflicting_rules),
        cmocka_unit_test(test_replay_illegal_card),
        cmocka_unit_test(test_replay_illegal_auction),
        cmocka_unit_test(test_replay_bad_deal),
        cmocka_unit_test(test_rules_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
