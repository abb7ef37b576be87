/*
 * test_policy.c -- the card-play model learned from people
 * (src/ai/policy.c): it only ever picks a legal card, its features stay
 * in range in every contract and variant, it knows only the seat's
 * view, and it has learned the commonest habit of the table: a defender
 * who plays last to his team mate's trick puts his points on it
 * ("schmieren").  How well it agrees with people is a figure, checked
 * on held-out games in tests/test_policy.sh.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/ai.h"
#include "testlib.h"

/* Plays random games of ruleset r and checks the model at every card
 * decision: a legal card, a bucket in range, finite features in 0..2,
 * the same answer from the view whatever the unseen hands hold. */
static void check_random_games(const sk_rules *r, uint64_t seed, int games)
{
    sk_rng rng;
    sk_rng_seed(&rng, seed);
    for (int i = 0; i < games; i++) {
        sk_game g;
        sk_game_deal(&g, r, i & 3, &rng, false);
        while (!sk_game_over(&g)) {
            if (g.pub.phase == SK_PHASE_PLAY && g.pub.to_move != SK_NOSEAT) {
                sk_view v;
                sk_game_view(&g, g.pub.to_move, &v);
                sk_cards legal = sk_game_legal_cards(&g);
                if (legal) {
                    int b = sk_policy_bucket(&v);
                    assert_true(b >= 0 && b < SK_POLICY_BUCKETS);
                    double scores[SK_NCARDS];
                    int c = sk_policy_scores(&v, legal, scores);
                    assert_true(legal & SK_BIT(c));
                    int p = sk_policy_card(&v, legal);
                    assert_true(legal & SK_BIT(p));
                    int heur = sk_heuristic_card(&v, legal);
                    for (sk_cards l = legal; l; l &= l - 1) {
                        float f[SK_POLICY_FEATURES];
                        sk_policy_features(&v, legal, sk_cards_first(l), heur, f);
                        for (int k = 0; k < SK_POLICY_FEATURES; k++)
                            assert_true(isfinite(f[k]) && f[k] >= 0 && f[k] <= 2);
                    }
                }
            }
            sk_action legal[SK_MAX_LEGAL];
            int n = sk_game_legal(&g, legal);
            assert_true(n > 0);
            assert_int_equal(sk_game_apply(&g, legal[sk_rng_below(&rng, (uint32_t)n)], NULL), 0);
        }
    }
}

/* Every preset and the variants with their own play (Ramsch, Bettel,
 * Hochzeit, five and three players, short decks). */
static void test_legal_everywhere(void **state)
{
    (void)state;
    const char *presets[] = {"official", "tournament", "stammtisch", "kurz"};
    for (int i = 0; i < 4; i++) {
        sk_rules r = tl_preset(presets[i]);
        check_random_games(&r, 11 + (uint64_t)i, 60);
    }
    sk_rules r = tl_preset("stammtisch");
    tl_set(&r, "players", "3");
    check_random_games(&r, 21, 40);
    r = tl_preset("official");
    tl_set(&r, "allow_bettel", "yes");
    tl_set(&r, "all_pass", "ramsch");
    tl_set(&r, "allow_hochzeit", "yes");
    check_random_games(&r, 22, 80);
}

/* Where the model was not learned (a Ramsch: no real games of it) it
 * plays the rule of thumb. */
static void test_ramsch_is_rule_of_thumb(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    tl_set(&r, "all_pass", "ramsch");
    sk_rng rng;
    sk_rng_seed(&rng, 5);
    int seen = 0;
    for (int i = 0; i < 200 && seen < 50; i++) {
        sk_game g;
        sk_game_deal(&g, &r, i & 3, &rng, false);
        for (int s = 0; s < 4 && g.pub.phase == SK_PHASE_AUCTION; s++) {
            char line[16];
            snprintf(line, sizeof line, "%d pass", g.pub.to_move);
            tl_ok(&g, line);
        }
        while (!sk_game_over(&g) && g.pub.contract.type == SK_C_RAMSCH) {
            sk_view v;
            sk_game_view(&g, g.pub.to_move, &v);
            sk_cards legal = sk_game_legal_cards(&g);
            assert_int_equal(sk_policy_card(&v, legal), sk_heuristic_card(&v, legal));
            seen++;
            sk_action a = {.type = SK_ACT_CARD, .seat = g.pub.to_move,
                           .card = (uint8_t)sk_cards_first(legal)};
            tl_ok_action(&g, a, "card");
        }
    }
    assert_true(seen >= 50);
}

/*
 * A Herz-Solo of seat 1.  Forehand (seat 0) leads the Eichel-Sau, the
 * soloist follows with the Sieben, seat 2 with the Acht: the trick is
 * the defenders' and seat 3 plays last.  He puts the Zehn on it, as
 * people do, rather than the Neun.
 */
static void test_last_defender_schmiert(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, "EA GA GZ GK S7 S8 S9 SK", "EO GO HO SO EU GU HA E7",
                  "E8 G7 G8 G9 HU SU SA SZ", "EZ E9 HZ HK H9 H8 H7 EK");
    tl_script(&g, "0 pass", "1 bid sauspiel", "2 pass", "3 pass", "1 declare solo:H", "0 card EA",
              "1 card E7", "2 card E8", NULL);
    sk_view v;
    sk_game_view(&g, 3, &v);
    sk_cards legal = sk_game_legal_cards(&g);
    assert_int_equal(legal, tl_S("EZ E9 EK"));
    assert_int_equal(sk_policy_card(&v, legal), tl_C("EZ"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legal_everywhere),
        cmocka_unit_test(test_ramsch_is_rule_of_thumb),
        cmocka_unit_test(test_last_defender_schmiert),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
