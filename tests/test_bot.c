/*
 * test_bot.c -- the bots: every decision (auction, declaration,
 * Kontra/Retour in and out of turn, cards) is legal over many full games
 * with each bot in all four seats; hints list legal actions best first;
 * the heuristic bot beats the random one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/ai.h"

/* Plays one game with bots[seat]; every seat is asked for an out-of-turn
 * doubling whenever one is on offer.  Fails on any illegal action. */
static void play_game(sk_game *g, sk_bot *bots[4])
{
    int guard = 0;
    while (!sk_game_over(g)) {
        assert_true(guard++ < 400);
        sk_view v;
        /* out-of-turn doublings first */
        if (g->pub.phase == SK_PHASE_PLAY && g->pub.trick_no == 0 && g->pub.trick_len <= 1) {
            int took = 0;
            for (int s = 0; s < 4 && !took; s++) {
                if (s == g->pub.to_move)
                    continue;
                sk_game_view(g, s, &v);
                sk_action a = sk_bot_act(bots[s], &v);
                assert_int_equal(a.seat, s);
                if (a.type == SK_ACT_PASS)
                    continue;
                sk_error err;
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
        sk_error err;
        if (sk_game_apply(g, a, &err) < 0)
            fail_msg("%s seat %d: %s", sk_bot_name(bots[s]), s, err.msg);
    }
}

/* Runs `games` games of one bot spec in all four seats. */
static void legal_games(const char *spec, int games)
{
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_bot *bots[4];
    for (int s = 0; s < 4; s++) {
        sk_error err;
        bots[s] = sk_bot_new(spec, 100 + (uint64_t)s, &err);
        assert_non_null(bots[s]);
    }
    sk_rng rng;
    sk_rng_seed(&rng, 1);
    sk_session ses;
    sk_session_init(&ses, &r, 0);
    int played = 0;
    for (int i = 0; i < games; i++) {
        sk_game g;
        sk_session_deal(&ses, &g, &rng);
        play_game(&g, bots);
        sk_result res;
        assert_int_equal(sk_session_finish(&ses, &g, &res, NULL), SK_OK);
        played += !res.thrown_in;
    }
    assert_true(played > 0);
    for (int s = 0; s < 4; s++)
        sk_bot_free(bots[s]);
}

static void test_random_legal(void **state)
{
    (void)state;
    legal_games("random", 300);
}

static void test_heuristic_legal(void **state)
{
    (void)state;
    legal_games("heuristic", 300);
}

static void test_pimc_legal(void **state)
{
    (void)state;
    legal_games("pimc:2", 12);
}

/* Bad specs are refused with a message; names list the bots. */
static void test_specs(void **state)
{
    (void)state;
    sk_error err;
    assert_null(sk_bot_new("nonsense", 1, &err));
    assert_non_null(strstr(err.msg, "nonsense"));
    assert_null(sk_bot_new("pimc:0", 1, &err));
    assert_null(sk_bot_new("pimc:x", 1, &err));
    sk_bot *b = sk_bot_new("pimc:7", 1, &err);
    assert_non_null(b);
    assert_string_equal(sk_bot_name(b), "pimc:7");
    sk_bot_free(b);
    const char *const *names = sk_bot_names();
    assert_string_equal(names[0], "random");
    assert_string_equal(names[1], "heuristic");
    assert_string_equal(names[2], "pimc");
    assert_null(names[3]);
}

/* Hints: legal actions, sorted best first, for every bot kind. */
static void test_hints(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    const char *specs[3] = {"random", "heuristic", "pimc:2"};
    for (int b = 0; b < 3; b++) {
        sk_bot *bot = sk_bot_new(specs[b], 5, NULL);
        sk_rng rng;
        sk_rng_seed(&rng, 9);
        for (int i = 0; i < 20; i++) {
            sk_game g;
            sk_game_deal(&g, &r, i & 3, &rng, false);
            int steps = (int)sk_rng_below(&rng, 30);
            for (int k = 0; k < steps && !sk_game_over(&g); k++) {
                sk_action legal[SK_MAX_LEGAL];
                int n = sk_game_legal(&g, legal);
                sk_game_apply(&g, legal[sk_rng_below(&rng, (uint32_t)n)], NULL);
            }
            if (sk_game_over(&g))
                continue;
            sk_view v;
            sk_game_view(&g, g.pub.to_move, &v);
            sk_action acts[SK_MAX_LEGAL], legal[SK_MAX_LEGAL];
            double vals[SK_MAX_LEGAL];
            int n = sk_bot_hint(bot, &v, acts, vals, SK_MAX_LEGAL);
            assert_int_equal(n, sk_view_legal(&v, legal));
            for (int k = 0; k < n; k++) {
                if (k)
                    assert_true(vals[k] <= vals[k - 1]);
                int found = 0;
                for (int j = 0; j < n; j++)
                    found |= sk_action_equal(acts[k], legal[j]);
                assert_true(found);
            }
        }
        sk_bot_free(bot);
    }
}

/* Smoke test of strength: heuristic seats 0 and 2 against random seats
 * 1 and 3 win money over a few hundred games. */
static void test_heuristic_beats_random(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_bot *bots[4];
    for (int s = 0; s < 4; s++)
        bots[s] = sk_bot_new(s % 2 ? "random" : "heuristic", 7 + (uint64_t)s, NULL);
    sk_rng rng;
    sk_rng_seed(&rng, 2);
    sk_session ses;
    sk_session_init(&ses, &r, 0);
    for (int i = 0; i < 300; i++) {
        sk_game g;
        sk_session_deal(&ses, &g, &rng);
        play_game(&g, bots);
        sk_result res;
        sk_session_finish(&ses, &g, &res, NULL);
    }
    print_message("heuristic %lld, random %lld cents\n", (long long)(ses.money[0] + ses.money[2]),
                  (long long)(ses.money[1] + ses.money[3]));
    assert_true(ses.money[0] + ses.money[2] > 0);
    for (int s = 0; s < 4; s++)
        sk_bot_free(bots[s]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_specs),
        cmocka_unit_test(test_random_legal),
        cmocka_unit_test(test_heuristic_legal),
        cmocka_unit_test(test_pimc_legal),
        cmocka_unit_test(test_hints),
        cmocka_unit_test(test_heuristic_beats_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
