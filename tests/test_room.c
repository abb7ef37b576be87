/*
 * test_room.c -- the room layer (src/table/room.c, room_json.c): seats
 * and their errors, whole games driven through sk_room_pending, stale
 * and illegal decisions, a player who leaves, the published seed, and
 * the journal reader's refusals.  The property tests over random
 * sessions -- the journal round trip and secrecy -- are in
 * tests/test_room_secrecy.c, the bots' answers and hints in
 * tests/test_room_bots.c; docs/room-messages.md describes the texts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table/room_internal.h"
#include "testlib.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                            */
/* ------------------------------------------------------------------ */


/* A call that must fail with `code`; the message is kept in *err. */
static void refused(int rc, int code, const sk_error *err, const char *what)
{
    if (rc != code)
        fail_msg("%s: expected %d, got %d (%s)", what, code, rc, err->msg);
    assert_true(strncmp(err->msg, "room: ", 6) == 0 || err->rule != NULL || rc == SK_EILLEGAL ||
                err->msg[0]);
}

/* Parses a JSON text that must be valid. */
static json_t *parse(const char *text)
{
    json_error_t je;
    json_t *v = text ? json_loads(text, 0, &je) : NULL;
    if (!v)
        fail_msg("not JSON (%s): %s", text ? je.text : "NULL", text ? text : "");
    return v;
}

/* The message of event seq for a recipient, parsed. */
static json_t *message(const sk_room *r, uint64_t seq, int seat)
{
    char *text = sk_room_message(r, seq, seat);
    json_t *v = parse(text);
    free(text);
    return v;
}

/* Plays the running game to its end with random decisions. */
static void play_out(sk_room *r, sk_rng *rng)
{
    while (sk_room_game(r))
        tl_room_decide_random(r, rng);
}

/* ------------------------------------------------------------------ */
/* Seats                                                              */
/* ------------------------------------------------------------------ */

static void test_seats_and_errors(void **state)
{
    (void)state;
    sk_error err = {{0}, NULL};
    sk_rules off = tl_preset("official");
    assert_null(sk_room_new(1, &off, "nonsense", &err));
    assert_non_null(strstr(err.msg, "nonsense"));

    sk_room *r = tl_room("official", "");
    assert_int_equal(sk_room_id(r), 7);
    assert_string_equal(sk_room_fallback(r), "heuristic");
    assert_null(sk_room_seat_at(r, 4));
    assert_int_equal(sk_room_seat_at(r, 0)->kind, SK_ROOM_EMPTY);
    assert_int_equal(sk_room_pending(r, NULL, NULL), -1);
    TL_OK(sk_room_sit_human(r, 0, 11, "Anna", TL_E));
    assert_int_equal(sk_room_seq(r), 1);
    refused(sk_room_sit_human(r, 0, 12, "Bert", &err), SK_ESTATE, &err, "seat taken");
    assert_non_null(strstr(err.msg, "Anna"));
    refused(sk_room_sit_human(r, 4, 12, "Bert", &err), SK_ERANGE, &err, "seat 4");
    refused(sk_room_sit_human(r, -1, 12, "Bert", &err), SK_ERANGE, &err, "seat -1");
    refused(sk_room_sit_human(r, 1, 11, "Anna", &err), SK_ESTATE, &err, "player twice");
    refused(sk_room_sit_human(r, 1, 0, "Bert", &err), SK_EINVAL, &err, "player 0");
    refused(sk_room_sit_human(r, 1, 12, "", &err), SK_EINVAL, &err, "empty name");
    refused(sk_room_sit_human(r, 1, 12, NULL, &err), SK_EINVAL, &err, "no name");
    refused(sk_room_sit_human(r, 1, 12, "0123456789012345678901234567890x", &err), SK_EINVAL,
            &err, "32 bytes");
    refused(sk_room_sit_human(r, 1, 12, "\x1b[31mred", &err), SK_EINVAL, &err, "escape");
    assert_null(strchr(err.msg, '\x1b')); /* quoted escaped */
    refused(sk_room_sit_human(r, 1, 12, "a\xff", &err), SK_EINVAL, &err, "bad UTF-8");
    refused(sk_room_sit_human(r, 1, 12, "a\xc2\x85", &err), SK_EINVAL, &err, "C1 control");
    refused(sk_room_sit_human(r, 1, 12, "a\xc0\xaf", &err), SK_EINVAL, &err, "overlong");
    refused(sk_room_sit_human(r, 1, 12, "a\xed\xa0\x80", &err), SK_EINVAL, &err, "surrogate");
    refused(sk_room_sit_human(r, 1, 12, "a\x7f", &err), SK_EINVAL, &err, "DEL");
    /* invisible characters: a name that reorders the text around it or
     * looks like another name with other bytes (issue 41) */
    refused(sk_room_sit_human(r, 1, 12, "Anna\xe2\x80\xae", &err), SK_EINVAL, &err,
            "U+202E right-to-left override");
    refused(sk_room_sit_human(r, 1, 12, "\xe2\x81\xa7" "Bert", &err), SK_EINVAL, &err,
            "U+2067 right-to-left isolate");
    refused(sk_room_sit_human(r, 1, 12, "An\xe2\x80\x8bna", &err), SK_EINVAL, &err,
            "U+200B zero width space");
    refused(sk_room_sit_human(r, 1, 12, "\xef\xbb\xbf" "Anna", &err), SK_EINVAL, &err,
            "U+FEFF byte order mark");
    refused(sk_room_sit_human(r, 1, 12, "A\xc2\xadnna", &err), SK_EINVAL, &err,
            "U+00AD soft hyphen");
    refused(sk_room_sit_human(r, 1, 12, "A\xf3\xa0\x80\x81", &err), SK_EINVAL, &err,
            "U+E0001 language tag");
    refused(sk_room_sit_human(r, 1, 12, "A\xee\x80\x80", &err), SK_EINVAL, &err,
            "U+E000 private use");
    assert_int_equal(sk_room_seq(r), 1); /* nothing refused is an event */
    TL_OK(sk_room_sit_human(r, 1, 12, "Müller Søren 😀", TL_E)); /* printable UTF-8 */
    TL_OK(sk_room_sit_human(r, 2, 13, "0123456789012345678901234567890", TL_E)); /* 31 bytes */
    refused(sk_room_sit_bot(r, 3, "nonsense", &err), SK_EINVAL, &err, "bad bot");
    refused(sk_room_sit_bot(r, 3, "pimc:999", &err), SK_EINVAL, &err, "pimc:999");
    refused(sk_room_sit_bot(r, 3, NULL, &err), SK_EINVAL, &err, "no bot");
    refused(sk_room_sit_bot(r, 1, "random", &err), SK_ESTATE, &err, "bot on a taken seat");
    uint8_t seed[SK_ROOM_SEED_BYTES];
    tl_room_seed(1, seed);
    refused(sk_room_deal(r, seed, &err), SK_ESTATE, &err, "deal with an empty seat");
    refused(sk_room_leave(r, 3, &err), SK_ESTATE, &err, "leave an empty seat");
    refused(sk_room_decide(r, 0, sk_act_pass(0), sk_room_seq(r), &err), SK_ESTATE, &err,
            "decide without a game");
    TL_OK(sk_room_sit_bot(r, 3, "pimc:strong", TL_E));
    assert_int_equal(sk_room_seat_at(r, 3)->kind, SK_ROOM_BOT);
    assert_string_equal(sk_room_seat_at(r, 3)->bot, "pimc:strong");
    TL_OK(sk_room_leave(r, 3, TL_E)); /* between games: empty again */
    assert_int_equal(sk_room_seat_at(r, 3)->kind, SK_ROOM_EMPTY);
    TL_OK(sk_room_sit_bot(r, 3, "pimc:16", TL_E));
    assert_int_equal(sk_room_seq(r), 6);
    json_t *m = message(r, 2, 0); /* the sit of seat 1 */
    assert_string_equal(json_string_value(json_object_get(m, "kind")), "sit");
    json_t *who = json_object_get(m, "player");
    assert_string_equal(json_string_value(json_object_get(who, "name")), "Müller Søren 😀");
    assert_null(json_object_get(who, "player")); /* no player id for clients */
    json_decref(m);
    assert_null(sk_room_message(r, 0, 0));
    assert_null(sk_room_message(r, 7, 0));
    assert_null(sk_room_message(r, 1, 4));
    TL_OK(sk_room_deal(r, seed, TL_E));
    refused(sk_room_deal(r, seed, &err), SK_ESTATE, &err, "deal while a game runs");
    refused(sk_room_sit_human(r, 3, 14, "Doris", &err), SK_ESTATE, &err, "sit on a bot");
    sk_room_free(r);

    /* three players (002 short cards): seats 0..2 */
    r = tl_room("official", "players=3");
    assert_null(sk_room_seat_at(r, 3));
    refused(sk_room_sit_human(r, 3, 1, "Anna", &err), SK_ERANGE, &err, "seat 3 of three");
    tl_room_fill_humans(r);
    TL_OK(sk_room_deal(r, seed, TL_E));
    assert_null(sk_room_message(r, sk_room_seq(r), 3));
    char *st = sk_room_state(r, 3);
    assert_null(st);
    sk_rng rng;
    sk_rng_seed(&rng, 3);
    play_out(r, &rng);
    sk_room_free(r);
}

/* ------------------------------------------------------------------ */
/* A whole game                                                       */
/* ------------------------------------------------------------------ */

static void test_full_game(void **state)
{
    (void)state;
    sk_room *r = tl_room("official", "");
    tl_room_fill_humans(r);
    uint8_t seed[SK_ROOM_SEED_BYTES];
    tl_room_seed(42, seed);
    TL_OK(sk_room_deal(r, seed, TL_E));
    uint64_t deal_seq = sk_room_seq(r);
    json_t *m = message(r, deal_seq, 2);
    assert_string_equal(json_string_value(json_object_get(m, "kind")), "deal");
    assert_int_equal(json_integer_value(json_object_get(m, "dealer")), 0);
    assert_int_equal(json_array_size(json_object_get(m, "hand")), 8);
    json_t *p = json_object_get(m, "pending");
    assert_int_equal(json_integer_value(json_object_get(p, "seat")), 1); /* forehand */
    assert_null(json_object_get(p, "choices")); /* only in seat 1's message */
    json_decref(m);
    m = message(r, deal_seq, 1);
    p = json_object_get(m, "pending");
    assert_true(json_array_size(json_object_get(p, "choices")) > 1);
    json_decref(m);
    m = message(r, deal_seq, SK_ROOM_SPECTATOR);
    assert_null(json_object_get(m, "hand"));
    json_decref(m);
    int guard = 0;
    while (sk_room_game(r) && guard++ < 200)
        tl_room_decide_scripted(r);
    assert_null(sk_room_game(r));
    /* the last two events: the last action, then the result */
    m = message(r, sk_room_seq(r), 0);
    assert_string_equal(json_string_value(json_object_get(m, "kind")), "result");
    assert_true(json_is_null(json_object_get(m, "pending")));
    json_t *course = json_object_get(m, "course");
    json_t *res = json_object_get(course, "result");
    assert_false(json_is_true(json_object_get(res, "thrown_in")));
    assert_non_null(json_object_get(res, "explain"));
    assert_non_null(json_object_get(res, "base_units"));
    int64_t sum = 0;
    json_t *money = json_object_get(json_object_get(res, "totals"), "money");
    for (size_t i = 0; i < json_array_size(money); i++)
        sum += json_integer_value(json_array_get(money, i));
    assert_int_equal(sum, 0); /* 5.3.3: the score sheet's rows sum to zero */
    assert_int_equal(json_string_length(json_object_get(course, "seed")), 64);
    assert_int_equal(json_array_size(json_object_get(course, "hands")), 4);
    json_decref(m);
    /* one record, with the seed */
    char *recs = sk_room_records(r);
    assert_non_null(strstr(recs, "\"seed\":\""));
    assert_int_equal(strchr(recs, '\n') - recs + 1, (long)strlen(recs));
    sk_record rec;
    sk_error err = {{0}, NULL};
    if (sk_record_read(&rec, recs, strlen(recs) - 1, &err) < 0)
        fail_msg("record: %s", err.msg);
    assert_string_equal(rec.id, "room-7-game-1");
    /* the same line alone, for the store; no game 2 yet */
    char *one = sk_room_record(r, 1);
    assert_non_null(one);
    assert_int_equal(strlen(one), strlen(recs) - 1);
    assert_memory_equal(one, recs, strlen(one));
    free(one);
    assert_null(sk_room_record(r, 2));
    assert_null(sk_room_record(r, 0));
    free(recs);
    /* the state between games: the score sheet and the last game */
    char *st = sk_room_state(r, 3);
    json_t *s = parse(st);
    free(st);
    assert_true(json_is_null(json_object_get(s, "game")));
    assert_int_equal(json_array_size(json_object_get(json_object_get(s, "sheet"), "rows")), 1);
    assert_non_null(json_object_get(json_object_get(s, "last"), "seed"));
    assert_int_equal(json_integer_value(json_object_get(s, "you")), 3);
    json_decref(s);
    /* the next deal: 2.2.2, the next seat deals */
    tl_room_seed(43, seed);
    TL_OK(sk_room_deal(r, seed, TL_E));
    assert_int_equal(sk_room_game(r)->pub.dealer, 1);
    char *kept = sk_room_message(r, deal_seq, 0); /* the last game's events stay */
    assert_non_null(kept);
    free(kept);
    sk_room_free(r);
}

/* ------------------------------------------------------------------ */
/* Stale, illegal and retried decisions                               */
/* ------------------------------------------------------------------ */

static void test_stale_illegal_retry(void **state)
{
    (void)state;
    sk_room *r = tl_room("official", "");
    tl_room_fill_humans(r);
    uint8_t seed[SK_ROOM_SEED_BYTES];
    tl_room_seed(5, seed);
    TL_OK(sk_room_deal(r, seed, TL_E));
    sk_error err = {{0}, NULL};
    int seat = sk_room_pending(r, NULL, NULL);
    uint64_t seq = sk_room_seq(r);
    refused(sk_room_decide(r, seat, sk_act_pass(seat), seq - 1, &err), SK_ESTATE, &err, "stale");
    assert_non_null(strstr(err.msg, "stale"));
    /* 2.4.1: out of turn, the engine's rule */
    refused(sk_room_decide(r, (seat + 1) % 4, sk_act_pass(0), seq, &err), SK_ESTATE, &err,
            "out of turn");
    assert_non_null(err.rule);
    TL_OK(sk_room_decide(r, seat, sk_act_pass(seat), seq, TL_E));
    /* the same message again: stale, not played twice */
    refused(sk_room_decide(r, seat, sk_act_pass(seat), seq, &err), SK_ESTATE, &err, "retry");
    assert_int_equal(sk_room_seq(r), seq + 1);
    assert_int_equal(sk_room_game(r)->pub.nactions, 1);
    /* into the play: a card against the rules is refused with its rule */
    sk_rng rng;
    sk_rng_seed(&rng, 9);
    int found = 0;
    for (int tries = 0; tries < 400 && !found; tries++) {
        const sk_game *g = sk_room_game(r);
        if (!g) {
            tl_room_seed(100 + (uint64_t)tries, seed);
            TL_OK(sk_room_deal(r, seed, TL_E));
            continue;
        }
        if (g->pub.phase == SK_PHASE_PLAY && g->pub.trick_len == 1) {
            int offer, n;
            sk_action legal[SK_MAX_LEGAL];
            int s = skx_room_pending(r, legal, &n, &offer);
            sk_cards bad = g->hands[s] & ~sk_game_legal_cards(g);
            if (offer < 0 && bad) {
                sk_action a = sk_act_card(s, sk_cards_first(bad));
                refused(sk_room_decide(r, s, a, sk_room_seq(r), &err), SK_EILLEGAL, &err,
                        "card against the rules");
                assert_non_null(err.rule); /* 3.4.x: must follow */
                found = 1;
                break;
            }
        }
        tl_room_decide_random(r, &rng);
    }
    assert_true(found);
    sk_room_free(r);
}

/* ------------------------------------------------------------------ */
/* Leaving during a game                                              */
/* ------------------------------------------------------------------ */

static void test_leave_away_fallback(void **state)
{
    (void)state;
    sk_room *r = tl_room("official", "");
    tl_room_fill_humans(r);
    uint8_t seed[SK_ROOM_SEED_BYTES];
    tl_room_seed(77, seed);
    TL_OK(sk_room_deal(r, seed, TL_E));
    sk_error err = {{0}, NULL};
    TL_OK(sk_room_leave(r, 2, TL_E));
    const sk_room_seat *s2 = sk_room_seat_at(r, 2);
    assert_true(s2->away);
    assert_int_equal(s2->kind, SK_ROOM_HUMAN);
    refused(sk_room_leave(r, 2, &err), SK_ESTATE, &err, "leave twice");
    json_t *m = message(r, sk_room_seq(r), 0);
    assert_string_equal(json_string_value(json_object_get(m, "kind")), "leave");
    assert_true(json_is_true(json_object_get(json_object_get(m, "player"), "away")));
    json_decref(m);
    /* the driver plays seat 2 with the fallback bot from its view */
    sk_bot *bot = sk_bot_new(sk_room_fallback(r), 1, &err);
    assert_non_null(bot);
    sk_rng rng;
    sk_rng_seed(&rng, 1);
    int bot_moves = 0;
    while (sk_room_game(r)) {
        int seat = sk_room_pending(r, NULL, NULL);
        if (sk_room_seat_at(r, seat)->away) {
            sk_view v;
            assert_int_equal(sk_room_view(r, seat, &v), SK_OK);
            sk_action a = sk_room_answer(r, sk_bot_act(bot, &v));
            TL_OK(sk_room_decide(r, seat, a, sk_room_seq(r), TL_E));
            bot_moves++;
        } else {
            tl_room_decide_random(r, &rng);
        }
        if (bot_moves == 3 && sk_room_seat_at(r, 2)->away) /* another human sits down */
            TL_OK(sk_room_sit_human(r, 2, 200, "Emil", TL_E));
    }
    assert_true(bot_moves >= 1);
    assert_false(sk_room_seat_at(r, 2)->away);
    /* away persists into the next game; between games leaving empties */
    TL_OK(sk_room_leave(r, 1, TL_E));
    assert_int_equal(sk_room_seat_at(r, 1)->kind, SK_ROOM_EMPTY);
    TL_OK(sk_room_sit_human(r, 1, 101, "Bert", TL_E));
    tl_room_seed(78, seed);
    TL_OK(sk_room_deal(r, seed, TL_E));
    TL_OK(sk_room_leave(r, 0, TL_E));
    play_out(r, &rng); /* the test decides for the away seat too */
    assert_true(sk_room_seat_at(r, 0)->away);
    tl_room_seed(79, seed);
    TL_OK(sk_room_deal(r, seed, TL_E)); /* an away seat counts as taken */
    assert_true(sk_room_seat_at(r, 0)->away);
    TL_OK(sk_room_sit_human(r, 0, 100, "Anna", TL_E)); /* back */
    assert_false(sk_room_seat_at(r, 0)->away);
    sk_bot_free(bot);
    sk_room_free(r);
}

/* ------------------------------------------------------------------ */
/* The published seed                                                 */
/* ------------------------------------------------------------------ */

static void test_seed_hash_and_deal(void **state)
{
    (void)state;
    sk_room *r = tl_room("official", "deal_mode=2+2+2+2");
    tl_room_fill_humans(r);
    sk_rng rng;
    sk_rng_seed(&rng, 11);
    for (int game = 0; game < 6; game++) {
        uint8_t seed[SK_ROOM_SEED_BYTES];
        tl_room_seed(500 + (uint64_t)game, seed);
        TL_OK(sk_room_deal(r, seed, TL_E));
        json_t *m = message(r, sk_room_seq(r), 1);
        char hash[SK_ROOM_HASH_HEX];
        snprintf(hash, sizeof hash, "%s", json_string_value(json_object_get(m, "seed_hash")));
        int dealer = (int)json_integer_value(json_object_get(m, "dealer"));
        json_decref(m);
        uint8_t dealt[4][8];
        memcpy(dealt, sk_room_game(r)->dealt, sizeof dealt);
        play_out(r, &rng);
        m = message(r, sk_room_seq(r), SK_ROOM_SPECTATOR);
        json_t *course = json_object_get(m, "course");
        const char *hex = json_string_value(json_object_get(course, "seed"));
        uint8_t back[SK_ROOM_SEED_BYTES], h[32];
        size_t got = 0;
        assert_int_equal(sodium_hex2bin(back, sizeof back, hex, strlen(hex), NULL, &got, NULL), 0);
        assert_int_equal(got, sizeof back);
        assert_memory_equal(back, seed, sizeof seed);
        crypto_generichash(h, sizeof h, back, sizeof back, NULL, 0);
        char mine[SK_ROOM_HASH_HEX];
        sodium_bin2hex(mine, sizeof mine, h, sizeof h);
        assert_string_equal(mine, hash); /* the hash published at the deal */
        uint8_t again[4][8];
        sk_room_deal_from_seed(sk_room_rules(r), dealer, back, again);
        assert_memory_equal(again, dealt, sizeof dealt);
        /* the course shows the same hands */
        json_t *hands = json_object_get(course, "hands");
        for (int s = 0; s < 4; s++)
            for (int i = 0; i < 8; i++)
                assert_int_equal(sk_card_parse(json_string_value(
                                     json_array_get(json_array_get(hands, (size_t)s), (size_t)i))),
                                 dealt[s][i]);
        json_decref(m);
    }
    /* a pure function; another seed, another deal; the hash is no key */
    uint8_t a[4][8], b[4][8], seed[SK_ROOM_SEED_BYTES];
    tl_room_seed(1, seed);
    sk_room_deal_from_seed(sk_room_rules(r), 2, seed, a);
    sk_room_deal_from_seed(sk_room_rules(r), 2, seed, b);
    assert_memory_equal(a, b, sizeof a);
    seed[0] ^= 1;
    sk_room_deal_from_seed(sk_room_rules(r), 2, seed, b);
    assert_memory_not_equal(a, b, sizeof a);
    sk_room_free(r);
}

/* Journal entries that must be refused, with a word of the message. */
static void test_replay_refuses(void **state)
{
    (void)state;
    static const char *const BAD[][2] = {
        {"[]", "not an object"},
        {"{\"seq\":1}", "kind"},
        {"{\"seq\":2,\"kind\":\"leave\",\"seat\":0}", "event 0"},
        {"{\"seq\":1,\"kind\":\"sit\",\"seat\":9,\"bot\":\"random\"}", "seat"},
        {"{\"seq\":1,\"kind\":\"sit\",\"seat\":0,\"bot\":\"nonsense\"}", "nonsense"},
        {"{\"seq\":1,\"kind\":\"sit\",\"seat\":0,\"name\":\"Anna\",\"player\":\"0\"}", "player"},
        {"{\"seq\":1,\"kind\":\"sit\",\"seat\":0,\"name\":\"Anna\",\"player\":\"1x\"}", "player"},
        {"{\"seq\":1,\"kind\":\"sit\",\"seat\":0,\"name\":\"An\\u0000na\",\"player\":\"1\"}",
         "JSON"},
        {"{\"seq\":1,\"kind\":\"deal\",\"seed\":\"00\"}", "seed"},
        {"{\"seq\":1,\"kind\":\"decide\",\"seat\":0,\"action\":\"pass\"}", "no game"},
        {"{\"seq\":1,\"kind\":\"decide\",\"seat\":0,\"action\":\"pass\",\"stand_in\":1}",
         "stand_in"},
        {"{\"seq\":1,\"kind\":\"decide\",\"seat\":0,\"action\":\"pass\",\"stand_in\":true}",
         "no person"},
        {"{\"seq\":1,\"kind\":\"result\"}", "result"},
        {"{\"seq\":1,\"kind\":\"dance\",\"seat\":0}", "unknown kind"},
        {"{\"seq\":1,\"seq\":1,\"kind\":\"leave\",\"seat\":0}", "JSON"},
        {"{\"seq\":-1,\"kind\":\"leave\",\"seat\":0}", "seq"},
        {"{\"seq\":1,\"kind\":\"settings\",\"settle\":61,\"play_on\":true}", "settle"},
        {"{\"seq\":1,\"kind\":\"settings\",\"settle\":8,\"play_on\":1}", "play_on"},
        {"{\"seq\":1,\"kind\":\"settings\",\"play_on\":true}", "settle"},
    };
    sk_room *r = tl_room("official", "");
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        sk_error err = {{0}, NULL};
        int rc = sk_room_replay(r, BAD[i][0], &err);
        if (rc >= 0 || !strstr(err.msg, BAD[i][1]))
            fail_msg("entry %s: %d \"%s\", expected \"%s\"", BAD[i][0], rc, err.msg, BAD[i][1]);
        assert_int_equal(sk_room_seq(r), 0);
    }
    sk_room_free(r);
}

/* The driver's settings (settle, play_on) are an event for everyone, a
 * journal entry a restored room has again, and in the state; a new
 * room waits 8 s and does not play on (issue 40). */
static void test_settings(void **state)
{
    (void)state;
    sk_error err = {{0}, NULL};
    sk_room *r = tl_room("official", "");
    assert_int_equal(sk_room_settle(r), SK_ROOM_SETTLE_DEFAULT);
    assert_false(sk_room_play_on(r));
    refused(sk_room_set_settings(r, 61, false, &err), SK_ERANGE, &err, "settle 61");
    refused(sk_room_set_settings(r, -1, false, &err), SK_ERANGE, &err, "settle -1");
    TL_OK(sk_room_set_settings(r, 0, true, TL_E));
    static const int VIEWERS[] = {0, 1, 2, 3, SK_ROOM_SPECTATOR};
    for (size_t v = 0; v < sizeof VIEWERS / sizeof VIEWERS[0]; v++) {
        json_t *ev = message(r, 1, VIEWERS[v]);
        assert_string_equal(json_string_value(json_object_get(ev, "kind")), "settings");
        assert_int_equal(json_integer_value(json_object_get(ev, "settle")), 0);
        assert_true(json_is_true(json_object_get(ev, "play_on")));
        json_decref(ev);
    }
    sk_room *copy = tl_room("official", "");
    char *entry = sk_room_journal(r, 1);
    TL_OK(sk_room_replay(copy, entry, TL_E));
    free(entry);
    assert_int_equal(sk_room_settle(copy), 0);
    assert_true(sk_room_play_on(copy));
    char *text = sk_room_state(copy, SK_ROOM_SPECTATOR);
    json_t *st = parse(text);
    free(text);
    assert_int_equal(json_integer_value(json_object_get(st, "settle")), 0);
    assert_true(json_is_true(json_object_get(st, "play_on")));
    json_decref(st);
    sk_room_free(copy);
    sk_room_free(r);
}

/* ------------------------------------------------------------------ */
/* The turn timer and the pause vote                                  */
/* ------------------------------------------------------------------ */

/* The state's timer deadline as `seat` sees it (0: null). */
static json_int_t state_deadline(const sk_room *r, int seat)
{
    char *text = sk_room_state(r, seat);
    json_t *st = parse(text);
    free(text);
    json_t *d = json_object_get(json_object_get(st, "timer"), "deadline");
    assert_true(json_is_integer(d) || json_is_null(d));
    json_int_t v = json_is_integer(d) ? json_integer_value(d) : 0;
    json_decref(st);
    return v;
}

/* The timer is an event and a journal entry; the driver's clock starts
 * a deadline per decision, for humans only, once; the deadline of a
 * doubling offered out of turn is shown only to the seat asked (3.3:
 * who is offered a Kontra tells who is not the called ace's holder). */
static void test_timer(void **state)
{
    (void)state;
    sk_error err = {{0}, NULL};
    sk_room *r = tl_room("official", "");
    refused(sk_room_set_timer(r, 601, &err), SK_ERANGE, &err, "timer 601");
    TL_OK(sk_room_set_timer(r, 5, TL_E));
    json_t *ev = message(r, 1, SK_ROOM_SPECTATOR);
    assert_string_equal(json_string_value(json_object_get(ev, "kind")), "timer");
    assert_int_equal(json_integer_value(json_object_get(ev, "seconds")), 5);
    json_decref(ev);
    sk_room *copy = tl_room("official", ""); /* the timer survives the journal */
    char *entry = sk_room_journal(r, 1);
    TL_OK(sk_room_replay(copy, entry, TL_E));
    free(entry);
    assert_int_equal(sk_room_timer(copy), 5);
    sk_room_free(copy);
    assert_int_equal(sk_room_clock(r, 1000), 0); /* no game: no deadline */
    tl_room_fill_humans(r);
    TL_OK(sk_room_leave(r, 3, TL_E));
    TL_OK(sk_room_sit_bot(r, 3, "random", TL_E));
    uint8_t seed[SK_ROOM_SEED_BYTES];
    sk_rng rng;
    sk_rng_seed(&rng, 77);
    int offers = 0, bots = 0, humans = 0;
    for (int k = 0; k < 60 && (offers == 0 || bots == 0); k++) {
        if (!sk_room_game(r)) {
            tl_room_seed(300 + (uint64_t)k, seed);
            TL_OK(sk_room_deal(r, seed, TL_E));
        }
        while (sk_room_game(r)) {
            int n, offer;
            int seat = skx_room_pending(r, NULL, &n, &offer);
            int64_t now = 1000 * (int64_t)sk_room_seq(r);
            if (seat == 3) { /* a bot: no deadline */
                assert_int_equal(sk_room_clock(r, now), 0);
                assert_int_equal(state_deadline(r, 3), 0);
                bots++;
            } else {
                assert_int_equal(sk_room_deadline(r), 0); /* not started yet */
                assert_int_equal(sk_room_clock(r, now), now + 5000);
                assert_int_equal(sk_room_clock(r, now + 4000), now + 5000); /* once */
                assert_int_equal(sk_room_deadline(r), now + 5000);
                assert_int_equal(state_deadline(r, seat), now + 5000);
                int other = (seat + 1) % 3;
                assert_int_equal(state_deadline(r, other), offer >= 0 ? 0 : now + 5000);
                offers += offer >= 0;
                humans++;
            }
            tl_room_decide_random(r, &rng);
        }
    }
    assert_true(offers > 0 && bots > 0 && humans > 0);
    /* a seat left mid-game (away) runs no deadline */
    tl_room_seed(999, seed);
    TL_OK(sk_room_deal(r, seed, TL_E));
    int seat = sk_room_pending(r, NULL, NULL);
    if (seat != 3) {
        TL_OK(sk_room_leave(r, seat, TL_E));
        assert_int_equal(sk_room_clock(r, 5), 0);
    }
    sk_room_free(r);
}

/* The pause vote: every present human must want it; one vote against
 * resumes and clears the votes; no deadline runs while paused and a
 * fresh full one after; bots and empty seats do not vote; the journal
 * restores it all. */
static void test_pause(void **state)
{
    (void)state;
    sk_error err = {{0}, NULL};
    sk_room *r = tl_room("official", "");
    TL_OK(sk_room_set_timer(r, 30, TL_E));
    tl_room_fill_humans(r);
    TL_OK(sk_room_leave(r, 3, TL_E));
    refused(sk_room_pause(r, 3, true, 0xf, &err), SK_ESTATE, &err, "empty seat votes");
    TL_OK(sk_room_sit_bot(r, 3, "random", TL_E));
    refused(sk_room_pause(r, 3, true, 0xf, &err), SK_ESTATE, &err, "bot votes");
    refused(sk_room_pause(r, 4, true, 0xf, &err), SK_ERANGE, &err, "no such seat");
    uint8_t seed[SK_ROOM_SEED_BYTES];
    tl_room_seed(41, seed);
    TL_OK(sk_room_deal(r, seed, TL_E));
    int seat = sk_room_pending(r, NULL, NULL);
    assert_int_equal(sk_room_clock(r, 1000), 31000);
    /* seats 0 and 1 are there, seat 2 is not: two votes pause */
    TL_OK(sk_room_pause(r, 0, true, 0x3, TL_E));
    assert_false(sk_room_paused(r));
    json_t *ev = message(r, sk_room_seq(r), 2);
    assert_false(json_is_true(json_object_get(ev, "paused")));
    assert_int_equal(json_array_size(json_object_get(ev, "votes")), 1);
    json_decref(ev);
    TL_OK(sk_room_pause(r, 1, true, 0x3, TL_E));
    assert_true(sk_room_paused(r));
    ev = message(r, sk_room_seq(r), SK_ROOM_SPECTATOR);
    assert_string_equal(json_string_value(json_object_get(ev, "kind")), "pause");
    assert_true(json_is_true(json_object_get(ev, "paused")));
    assert_int_equal(json_array_size(json_object_get(ev, "votes")), 2);
    json_decref(ev);
    assert_int_equal(sk_room_clock(r, 2000), 0); /* no deadline while paused */
    assert_int_equal(sk_room_deadline(r), 0);
    char *text = sk_room_state(r, 0);
    json_t *st = parse(text);
    free(text);
    assert_true(json_is_true(json_object_get(st, "paused")));
    json_decref(st);
    /* the journal restores the pause */
    sk_room *copy = tl_room("official", "");
    for (uint64_t q = 1; q <= sk_room_seq(r); q++) {
        char *entry = sk_room_journal(r, q);
        TL_OK(sk_room_replay(copy, entry, TL_E));
        free(entry);
    }
    assert_true(sk_room_paused(copy));
    char *x = sk_room_state(r, 1), *y = sk_room_state(copy, 1);
    assert_string_equal(x, y);
    free(x);
    free(y);
    sk_room_free(copy);
    /* seat 2 (was not there) votes against: resumed, votes cleared, a
     * fresh full period */
    TL_OK(sk_room_pause(r, 2, false, 0x3, TL_E));
    assert_false(sk_room_paused(r));
    ev = message(r, sk_room_seq(r), 0);
    assert_int_equal(json_array_size(json_object_get(ev, "votes")), 0);
    json_decref(ev);
    if (seat != 3)
        assert_int_equal(sk_room_clock(r, 50000), 80000);
    /* a vote withdrawn while not paused; a seat that leaves loses its vote */
    TL_OK(sk_room_pause(r, 0, true, 0x7, TL_E));
    TL_OK(sk_room_pause(r, 0, false, 0x7, TL_E));
    assert_false(sk_room_paused(r));
    TL_OK(sk_room_pause(r, 1, true, 0x7, TL_E));
    TL_OK(sk_room_leave(r, 1, TL_E));
    TL_OK(sk_room_pause(r, 0, true, 0x7, TL_E));
    ev = message(r, sk_room_seq(r), 0);
    assert_int_equal(json_array_size(json_object_get(ev, "votes")), 1);
    json_decref(ev);
    sk_room_free(r);
}

/* ------------------------------------------------------------------ */
/* Five players                                                       */
/* ------------------------------------------------------------------ */

/* 002 five players: five room seats; each game's dealer sits out
 * (deal and state say "out"), sees no hand and is never asked; every
 * message speaks of room seats; the score sheet has five columns that
 * sum with the Stock to zero (5.3.3) and the seat out is paid nothing. */
static void test_five_players(void **state)
{
    (void)state;
    sk_error err = {{0}, NULL};
    sk_room *r = tl_room("official", "players=5");
    assert_int_equal(sk_room_seats(r), 5);
    assert_non_null(sk_room_seat_at(r, 4));
    assert_null(sk_room_seat_at(r, 5));
    tl_room_fill_humans(r);
    sk_rng rng;
    sk_rng_seed(&rng, 55);
    uint8_t seed[SK_ROOM_SEED_BYTES];
    int outs = 0;
    for (int k = 0; k < 7; k++) {
        int dealer = sk_room_session(r)->dealer;
        tl_room_seed(500 + (uint64_t)k, seed);
        TL_OK(sk_room_deal(r, seed, TL_E));
        uint64_t deal = sk_room_seq(r);
        if (!sk_room_game(r))
            continue; /* thrown in at once (never with official rules) */
        int out = sk_room_out(r);
        assert_int_equal(out, dealer); /* 002: the dealer sits out */
        outs |= 1 << out;
        for (int s = 0; s < 5; s++) {
            json_t *ev = message(r, deal, s);
            assert_int_equal(json_integer_value(json_object_get(ev, "out")), out);
            assert_int_equal(json_integer_value(json_object_get(ev, "dealer")), out);
            assert_int_equal(json_integer_value(json_object_get(ev, "forehand")), (out + 1) % 5);
            assert_true((json_object_get(ev, "hand") == NULL) == (s == out));
            json_t *sides = json_object_get(json_object_get(ev, "table"), "sides");
            assert_int_equal(json_array_size(sides), 5);
            assert_string_equal(json_string_value(json_array_get(sides, (size_t)out)), "none");
            json_decref(ev);
        }
        char *text = sk_room_state(r, out);
        json_t *st = parse(text);
        free(text);
        assert_int_equal(json_integer_value(json_object_get(st, "out")), out);
        assert_null(json_object_get(json_object_get(st, "game"), "hand"));
        json_decref(st);
        sk_view v;
        assert_int_equal(sk_room_view(r, out, &v), SK_ESTATE);
        refused(sk_room_decide(r, out, sk_act_pass(0), sk_room_seq(r), &err), SK_ESTATE, &err,
                "the seat out decides");
        while (sk_room_game(r)) {
            sk_action legal[SK_MAX_LEGAL];
            int n;
            int seat = sk_room_pending(r, legal, &n);
            assert_true(seat >= 0 && seat < 5 && seat != out);
            for (int i = 0; i < n; i++)
                assert_int_equal(legal[i].seat, seat); /* room seats outside */
            assert_int_equal(sk_room_view(r, seat, &v), SK_OK);
            tl_room_decide_random(r, &rng);
        }
        json_t *res = message(r, sk_room_seq(r), out);
        json_t *course = json_object_get(res, "course");
        json_t *hands = json_object_get(course, "hands");
        assert_int_equal(json_array_size(hands), 5);
        assert_int_equal(json_array_size(json_array_get(hands, (size_t)out)), 0);
        json_t *set = json_object_get(course, "result");
        json_t *money = json_object_get(set, "money");
        assert_int_equal(json_array_size(money), 5);
        assert_int_equal(json_integer_value(json_array_get(money, (size_t)out)), 0);
        json_t *dec = json_object_get(set, "declarer");
        if (json_is_integer(dec))
            assert_int_not_equal(json_integer_value(dec), out);
        json_t *tot = json_object_get(json_object_get(set, "totals"), "money");
        assert_int_equal(json_array_size(tot), 5);
        json_int_t sum = json_integer_value(json_object_get(set, "stock"));
        for (size_t s = 0; s < 5; s++)
            sum += json_integer_value(json_array_get(tot, s));
        assert_int_equal(sum, 0); /* 5.3.3 */
        json_decref(res);
    }
    assert_true(outs == 0x1f); /* each seat sat out once in seven games */
    sk_room_free(r);
}

/* ------------------------------------------------------------------ */
/* Claims                                                             */
/* ------------------------------------------------------------------ */

/* A claim at the last trick: refused (and nothing changes) when the
 * trick goes to the other side, else a "claim" event showing the
 * claimer's card, the cards played out as actions, the result; the
 * journal rebuilds it byte for byte.  Refused outside the play, stale,
 * or with a line that is not the cards left. */
static void test_claim(void **state)
{
    (void)state;
    sk_error err = {{0}, NULL};
    sk_rng rng;
    sk_rng_seed(&rng, 808);
    int held = 0, lost = 0;
    for (int k = 0; k < 60 && (held < 3 || lost < 3); k++) {
        sk_room *r = tl_room("official", "");
        tl_room_fill_humans(r);
        uint8_t seed[SK_ROOM_SEED_BYTES], cards[SK_NCARDS];
        tl_room_seed(900 + (uint64_t)k, seed);
        TL_OK(sk_room_deal(r, seed, TL_E));
        refused(sk_room_claim(r, 0, cards, 0, sk_room_seq(r), &err), SK_ESTATE, &err,
                "a claim in the auction");
        int offer = -1, n = 0;
        while (sk_room_game(r)) {
            const sk_game *g = sk_room_game(r);
            skx_room_pending(r, NULL, &n, &offer);
            if (g->pub.phase == SK_PHASE_PLAY && g->pub.trick_no == g->pub.ntricks - 1 &&
                g->pub.trick_len == 0 && offer < 0)
                break;
            tl_room_decide_random(r, &rng);
        }
        const sk_game *g = sk_room_game(r);
        if (!g) {
            sk_room_free(r);
            continue;
        }
        int claimer = sk_room_pending(r, NULL, NULL);
        int len = tl_last_trick_line(g, cards);
        uint64_t seq = sk_room_seq(r);
        refused(sk_room_claim(r, claimer, cards, len, seq - 1, &err), SK_ESTATE, &err, "stale");
        refused(sk_room_claim(r, claimer, cards, len - 1, seq, &err), SK_EINVAL, &err,
                "a line short of a card");
        /* who takes the last trick, on a copy */
        sk_game copy = *g;
        for (int i = 0; i < len; i++)
            TL_OK(sk_game_apply(&copy, sk_act_card(copy.pub.to_move, cards[i]), TL_E));
        int winner = copy.pub.trick_winners[copy.pub.ntricks - 1];
        enum sk_side side = sk_game_side(g, claimer);
        bool holds = winner == claimer || (side != SK_SIDE_NONE && sk_game_side(g, winner) == side);
        if ((g->pub.contract.type == SK_C_BETTEL || g->pub.contract.type == SK_C_BETTEL_OUVERT) &&
            g->pub.declarer == claimer)
            holds = !holds; /* a Bettel declarer claims to take none */
        sk_cards hand = g->hands[claimer];
        int rc = sk_room_claim(r, claimer, cards, len, seq, &err);
        if (!holds) {
            refused(rc, SK_ESTATE, &err, "a claim that does not hold");
            assert_int_equal(sk_room_seq(r), seq);
            assert_non_null(sk_room_game(r));
            lost++;
            sk_room_free(r);
            continue;
        }
        assert_int_equal(rc, SK_OK);
        held++;
        assert_null(sk_room_game(r));
        assert_int_equal(sk_room_seq(r), seq + 1 + (uint64_t)len + 1);
        json_t *ev = message(r, seq + 1, SK_ROOM_SPECTATOR);
        assert_string_equal(json_string_value(json_object_get(ev, "kind")), "claim");
        assert_int_equal(json_integer_value(json_object_get(ev, "seat")), claimer);
        json_t *h = json_object_get(ev, "hand");
        assert_int_equal(json_array_size(h), 1);
        assert_int_equal(sk_card_parse(json_string_value(json_array_get(h, 0))),
                         sk_cards_first(hand));
        json_decref(ev);
        for (int i = 0; i < len; i++) {
            ev = message(r, seq + 2 + (uint64_t)i, 1);
            assert_string_equal(json_string_value(json_object_get(ev, "kind")), "action");
            json_decref(ev);
        }
        ev = message(r, sk_room_seq(r), 2);
        assert_string_equal(json_string_value(json_object_get(ev, "kind")), "result");
        json_decref(ev);
        /* the journal: a fresh room says the same, byte for byte */
        sk_room *fresh = tl_room("official", "");
        for (uint64_t q = 1; q <= sk_room_seq(r); q++) {
            char *entry = sk_room_journal(r, q);
            TL_OK(sk_room_replay(fresh, entry, TL_E));
            free(entry);
        }
        assert_int_equal(sk_room_seq(fresh), sk_room_seq(r));
        for (uint64_t q = seq + 1; q <= sk_room_seq(r); q++)
            for (int v = 0; v <= 4; v++) {
                int seat = v == 4 ? SK_ROOM_SPECTATOR : v;
                char *x = sk_room_message(r, q, seat), *y = sk_room_message(fresh, q, seat);
                assert_string_equal(x, y);
                free(x);
                free(y);
            }
        sk_room_free(fresh);
        sk_room_free(r);
    }
    assert_true(held >= 3 && lost >= 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seats_and_errors),
        cmocka_unit_test(test_full_game),
        cmocka_unit_test(test_stale_illegal_retry),
        cmocka_unit_test(test_leave_away_fallback),
        cmocka_unit_test(test_seed_hash_and_deal),
        cmocka_unit_test(test_replay_refuses),
        cmocka_unit_test(test_timer),
        cmocka_unit_test(test_settings),
        cmocka_unit_test(test_pause),
        cmocka_unit_test(test_five_players),
        cmocka_unit_test(test_claim),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
