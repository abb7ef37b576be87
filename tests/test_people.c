/*
 * test_people.c -- the model of people's bidding (src/ai/people.c) and
 * the `people` bot (docs/ai.md, "A people table"): every decision of the
 * bot is legal over whole games of every preset; a hand with nothing
 * passes and a strong one plays; the model never names a Tout nor a
 * contract the hand may not declare; a challenge is only bid with a game
 * of the class; Kontra only with a hand people would surely have played
 * the game with; and on the real games of tests/data it declares what
 * people declared on most of the declarers' hands, also on the quarter
 * held out of its fit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab/lab.h"
#include "schafkopf/ai.h"
#include "testlib.h"

/* Plays one game with bots[seat], asking every other seat for an
 * out-of-turn doubling at the first card; fails on an illegal action. */
static void play_game(sk_game *g, sk_bot *bots[4])
{
    int guard = 0;
    while (!sk_game_over(g)) {
        assert_true(guard++ < 400);
        sk_view v;
        sk_error err;
        if (g->pub.phase == SK_PHASE_PLAY && g->pub.trick_no == 0 && g->pub.trick_len <= 1) {
            int took = 0;
            for (int s = 0; s < 4 && !took; s++) {
                if (s == g->pub.to_move || (g->pub.nseats == 3 && s == 3))
                    continue;
                sk_game_view(g, s, &v);
                sk_action a = sk_bot_act(bots[s], &v);
                assert_int_equal(a.seat, s);
                if (a.type == SK_ACT_PASS)
                    continue;
                if (sk_game_apply(g, a, &err) < 0)
                    fail_msg("seat %d: %s", s, err.msg);
                took = 1;
            }
            if (took)
                continue;
        }
        int s = g->pub.to_move;
        sk_game_view(g, s, &v);
        sk_action a = sk_bot_act(bots[s], &v);
        assert_int_equal(a.seat, s);
        if (sk_game_apply(g, a, &err) < 0)
            fail_msg("people seat %d: %s", s, err.msg);
    }
}

/* The people bot never acts illegally: 300 games of four of them in
 * each preset (the variants' Hochzeit, Bettel, Geier, laying, Ramsch,
 * the short deck and the tournament's Kontra-free table included). */
static void test_people_legal(void **state)
{
    (void)state;
    static const char *const presets[] = {"official", "sauspiel", "stammtisch", "tournament",
                                          "kurz"};
    for (size_t p = 0; p < sizeof presets / sizeof *presets; p++) {
        sk_rules r = tl_preset(presets[p]);
        if (strcmp(presets[p], "stammtisch") == 0) {
            tl_set(&r, "bauernhochzeit", "yes");
            tl_set(&r, "ramsch_schieben", "yes");
        }
        sk_bot *bots[4];
        for (int s = 0; s < 4; s++) {
            bots[s] = sk_bot_new("people", 10 + (uint64_t)s, NULL);
            assert_non_null(bots[s]);
        }
        sk_rng rng;
        sk_rng_seed(&rng, 3 + p);
        sk_session ses;
        sk_session_init(&ses, &r, 0);
        int played = 0;
        for (int i = 0; i < 300; i++) {
            sk_game g;
            sk_session_deal(&ses, &g, &rng);
            play_game(&g, bots);
            sk_result res;
            assert_int_equal(sk_session_finish(&ses, &g, &res, NULL), SK_OK);
            played += !res.thrown_in;
        }
        assert_true(played > 100);
        for (int s = 0; s < 4; s++)
            sk_bot_free(bots[s]);
    }
}

/* The bot's first auction decision as forehand with `hand`. */
static sk_action first_bid(const char *hand)
{
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, hand, NULL, NULL, NULL);
    sk_view v;
    sk_game_view(&g, 0, &v);
    sk_bot *b = sk_bot_new("people", 1, NULL);
    assert_non_null(b);
    sk_action a = sk_bot_act(b, &v);
    sk_bot_free(b);
    return a;
}

/* A hand with nothing passes; the four Obers with four Herz play (a
 * Herz-Solo people declare), as does a plain Sauspiel hand, calling its
 * single Schellen card's Sau rather than its two Gras (people called
 * their shortest suit in 758 of 775 Sauspiele). */
static void test_people_nothing_passes(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    const sk_people_model *m = sk_people_shipped();
    assert_int_equal(first_bid("E7 E8 G7 G8 G9 H7 S7 S8").type, SK_ACT_PASS);
    assert_int_equal(first_bid("EK E8 GZ G8 HK H7 SK S8").type, SK_ACT_PASS);
    assert_int_equal(sk_people_choice(m, &r, NULL, tl_S("E7 E8 G7 G8 G9 H7 S7 S8"), -1).type,
                     SK_C_NONE);
    assert_int_equal(first_bid("EO GO HO SO HA HZ HK H9").type, SK_ACT_BID);
    sk_contract c = sk_people_choice(m, &r, NULL, tl_S("EO GO HO SO HA HZ HK H9"), -1);
    assert_int_equal(c.type, SK_C_SOLO);
    assert_int_equal(c.suit, SK_HERZ);
    assert_int_equal(c.tout, 0);
    c = sk_people_choice(m, &r, NULL, tl_S("EO GU HA H8 H7 GK G7 SK"), -1);
    assert_int_equal(c.type, SK_C_SAUSPIEL);
    assert_int_equal(c.suit, SK_SCHELLEN);
    /* the shipped bars are chances */
    for (int k = 0; k < SK_PEOPLE_KINDS; k++)
        assert_true(m->bar[k] > 0 && m->bar[k] < 1);
}

/* Over 20,000 random hands: whatever the model names the hand may
 * declare (forehand, after its own opening bid), never a Tout, and its
 * chance clears the kind's bar; a Sauspiel calls a suit 2.5.3 allows. */
static void test_people_choice_declarable(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    const sk_people_model *m = sk_people_shipped();
    sk_rng rng;
    sk_rng_seed(&rng, 43);
    int games = 0;
    for (int i = 0; i < 20000; i++) {
        sk_game g;
        sk_game_deal(&g, &r, 3, &rng, false);
        sk_cards hand = g.hands[0];
        sk_contract c = sk_people_choice(m, &r, NULL, hand, -1);
        if (c.type == SK_C_NONE)
            continue;
        games++;
        assert_int_equal(c.tout, 0);
        int kind = sk_people_kind(c);
        assert_true(kind >= 0);
        assert_true(sk_people_prob(m, hand, c) >= m->bar[kind]);
        tl_ok(&g, "0 bid sauspiel");
        tl_script(&g, "1 pass", "2 pass", "3 pass", NULL);
        sk_view v;
        sk_game_view(&g, 0, &v);
        assert_true(sk_view_may_declare(&v, c));
    }
    /* people played in 1,000 of the deals where someone did; a hand is
     * declared far less often than one in four, far more than never */
    assert_true(games > 1000 && games < 8000);
}

/* A challenge (2.4.6): after forehand's "ich spiele", a Sauspiel hand
 * passes, a Solo hand bids the Solo's class. */
static void test_people_challenge(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_bot *b = sk_bot_new("people", 1, NULL);
    sk_game g;
    tl_start_game(&g, &r, 3, false, NULL, "EO GU HA H8 H7 GK G7 SK", NULL, NULL);
    tl_ok(&g, "0 bid sauspiel");
    sk_view v;
    sk_game_view(&g, 1, &v);
    assert_int_equal(sk_bot_act(b, &v).type, SK_ACT_PASS);
    tl_start_game(&g, &r, 3, false, NULL, "EO GO HO SO HA HZ HK H9", NULL, NULL);
    tl_ok(&g, "0 bid sauspiel");
    sk_game_view(&g, 1, &v);
    sk_action a = sk_bot_act(b, &v);
    assert_int_equal(a.type, SK_ACT_BID);
    tl_ok_action(&g, a, "the challenge");
    sk_bot_free(b);
}

/* Kontra (3.3): a defender gives it only with a hand people would surely
 * have played the game with themselves -- the four Obers and four Herz
 * against a Sauspiel -- and not with a fair hand of his own. */
static void test_people_kontra(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_bot *b = sk_bot_new("people", 1, NULL);
    const char *const seat1[2] = {"EO GO HO SO HA HZ HK H9", "EO GO HA H8 GA GZ S7 S8"};
    for (int k = 0; k < 2; k++) {
        sk_game g;
        tl_start_game(&g, &r, 3, false, "EU GU HU SU EK E9 GK G9", seat1[k], NULL, NULL);
        tl_open_declare(&g, 0, "sauspiel:E");
        sk_view v;
        sk_game_view(&g, 1, &v);
        sk_action a = sk_bot_act(b, &v);
        assert_int_equal(a.type, k == 0 ? SK_ACT_KONTRA : SK_ACT_PASS);
    }
    sk_bot_free(b);
}

/* Where the data set lives (as test_realgames.c finds it). */
static void data_path(char *buf, size_t size)
{
    const char *root = getenv("SK_ROOT");
    snprintf(buf, size, "%s%stests/data/real-games.jsonl", root && root[0] ? root : "",
             root && root[0] ? "/" : "");
}

/* Agreement with people on the real declarers' hands: the shipped model
 * names the same game (kind, and a Solo's suit or a Sauspiel's Sau) on
 * most of them, the games held out of its fit (every 4th) included. */
static void test_people_agree(void **state)
{
    (void)state;
    char path[4096];
    data_path(path, sizeof path);
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    sk_rules r = tl_preset("official");
    const sk_people_model *m = sk_people_shipped();
    sk_record *rec = malloc(sizeof *rec);
    assert_non_null(rec);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int n[2] = {0}, same[2] = {0};
    while ((len = getline(&line, &cap, in)) > 0) {
        char why[256];
        int first;
        assert_int_equal(skx_cli_realgame(line, (size_t)len, &r, rec, &first, why, sizeof why), 0);
        int game = n[0] + n[1] + 1, held = game % 4 == 0;
        sk_action d = rec->actions[4]; /* the declaration (realgame.c) */
        assert_int_equal(d.type, SK_ACT_DECLARE);
        sk_cards hand = 0;
        for (int i = 0; i < 8; i++)
            hand |= SK_BIT(rec->hands[d.seat][i]);
        sk_contract c = sk_people_choice(m, &r, NULL, hand, -1);
        n[held]++;
        same[held] += c.type == d.contract.type &&
                      (c.type == SK_C_WENZ || c.suit == d.contract.suit);
    }
    free(line);
    free(rec);
    fclose(in);
    assert_int_equal(n[0] + n[1], 1000);
    double fit = 100.0 * same[0] / n[0], held = 100.0 * same[1] / n[1];
    printf("people: the same game as people on %.1f%% of the %d fitted and %.1f%% of the %d "
           "held-out declarers' hands\n", fit, n[0], held, n[1]);
    assert_true(fit >= 70.0);
    assert_true(held >= 70.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_people_nothing_passes),
        cmocka_unit_test(test_people_choice_declarable),
        cmocka_unit_test(test_people_challenge),
        cmocka_unit_test(test_people_kontra),
        cmocka_unit_test(test_people_agree),
        cmocka_unit_test(test_people_legal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
