/*
 * test_infer_play.c -- play inference (src/ai/infer_play.c): the past
 * card decisions read from a view, a deal in which a seat's card is odd
 * under the card-play model weighing less than one in which it is
 * natural, no consistent deal weighing nothing, and draws that follow
 * the play, reproducibly.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai_internal.h"
#include "testlib.h"

/*
 * Seat 0 plays a Sauspiel on the Schellen Ace and leads the Eichel
 * Ober; seat 1, without a trump, schmiert the Eichel Ace onto it though
 * it holds three small Eichel and does not hold the called Ace (a
 * defender giving the declarer eleven points); seat 2, the partner,
 * follows with a small trump, seat 3 too.  *v is seat 3's view after
 * the trick.
 */
static void schmier_game(sk_game *g, const sk_rules *r, sk_view *v)
{
    tl_start_game(g, r, 3, false, "EO GO HO SO EU GU S7 GA", "EA E9 E8 E7 G9 G8 G7 SK",
                  "H8 H7 EZ EK SA SZ S9 S8", "HU SU HA HZ HK H9 GZ GK");
    tl_script(g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", NULL);
    tl_ok_action(g, sk_act_declare(0, tl_K("sauspiel:S")), "declare the Sauspiel");
    tl_script(g, "0 card EO", "1 card EA", "2 card H7", "3 card H9", NULL);
    sk_game_view(g, 3, v);
}

/* The hands of the real game but seats 1 and 2 given `h1` and the rest. */
static void other_deal(const sk_game *g, const char *h1, sk_cards out[SK_NSEATS])
{
    memcpy(out, g->hands, sizeof g->hands[0] * SK_NSEATS);
    sk_cards both = g->hands[1] | g->hands[2];
    out[1] = tl_S(h1);
    assert_int_equal(out[1] & ~both, 0);
    out[2] = both & ~out[1];
}

/* The decisions read: the other seats' three cards, not the viewer's;
 * the real deal (a defender's odd Ace) weighs less than one in which
 * seat 1 is the partner and schmiert the Ace onto his declarer's sure
 * trick; neither weighs nothing. */
static void test_odd_card_weighs_less(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    sk_view v;
    schmier_game(&g, &r, &v);
    skx_play *pl = malloc(sizeof *pl);
    assert_non_null(pl);
    skx_play_init(pl, &v, g.hands);
    assert_int_equal(pl->n, 3);
    for (int k = 0; k < pl->n; k++)
        assert_int_not_equal(pl->seat[k], 3);
    assert_int_equal(pl->card[1], tl_C("EA"));
    assert_int_equal(pl->later[1], SK_BIT(tl_C("EA")));
    double odd = skx_play_log_weight(pl, g.hands);
    /* seat 1 holds the called Ace and the Eichel Ten and King (seat 1's
     * remaining cards are now held, EA is added back as played) */
    sk_cards natural[SK_NSEATS];
    other_deal(&g, "SA SZ S9 S8 EZ EK G9", natural);
    double nat = skx_play_log_weight(pl, natural);
    if (getenv("INFER_DEBUG"))
        print_message("log weights: odd %.3f, natural %.3f\n", odd, nat);
    assert_true(nat > odd + log(2.0));
    /* every factor is floored: a weight never reaches zero */
    assert_true(isfinite(odd) && odd < 0);
    assert_true(odd >= 3 * log(0.02));
    /* the weight depends on the deal, not on a hidden state: again */
    assert_true(skx_play_log_weight(pl, g.hands) == odd);
    free(pl);
}

/* Before any card, and for the viewer's own cards alone, nothing is
 * read: every deal weighs 1. */
static void test_nothing_to_read(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    sk_view v;
    tl_start_game(&g, &r, 3, false, "EO GO HO SO EU GU S7 GA", "EA E9 E8 E7 G9 G8 G7 SK",
                  "H8 H7 EZ EK SA SZ S9 S8", "HU SU HA HZ HK H9 GZ GK");
    tl_script(&g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", NULL);
    tl_ok_action(&g, sk_act_declare(0, tl_K("sauspiel:S")), "declare the Sauspiel");
    tl_script(&g, "0 card EO", NULL);
    sk_game_view(&g, 0, &v); /* the declarer sees only his own card */
    skx_play *pl = malloc(sizeof *pl);
    assert_non_null(pl);
    skx_play_init(pl, &v, g.hands);
    assert_int_equal(pl->n, 0);
    assert_true(skx_play_log_weight(pl, g.hands) == 0);
    free(pl);
}

/* Draws with play inference: every deal consistent with the view, the
 * odd Ace making seat 1 the partner (the called Ace's holder) more
 * often than uniform draws do, and the same deals from the same seed. */
static void test_draws_follow_the_play(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    sk_view v;
    schmier_game(&g, &r, &v);
    sk_sampler *sp = malloc(sizeof *sp);
    assert_non_null(sp);
    assert_int_equal(sk_sample_init(sp, &v), SK_OK);
    enum { ROUNDS = 40, N = 12 };
    int partner[2] = {0, 0};
    sk_cards deals[N][SK_NSEATS], again[N][SK_NSEATS];
    int sa = tl_C("SA");
    for (int play = 0; play < 2; play++) {
        sk_rng rng;
        sk_rng_seed(&rng, 7);
        skx_pimc pc = {NULL, sp, &rng, N, 0, 0, 0, 1, play, 0, 0, 0, 0};
        for (int k = 0; k < ROUNDS; k++) {
            assert_int_equal(skx_pimc_draw(&pc, &v, N, deals), N);
            for (int d = 0; d < N; d++) {
                assert_int_equal(deals[d][3], g.hands[3]);
                sk_cards all = 0;
                for (int s = 0; s < 4; s++) {
                    assert_int_equal(sk_cards_count(deals[d][s]), 7);
                    assert_int_equal(all & deals[d][s], 0);
                    all |= deals[d][s];
                }
                partner[play] += (deals[d][1] & SK_BIT(sa)) != 0;
            }
        }
        /* the same seed, the same deals */
        sk_rng_seed(&rng, 7);
        assert_int_equal(skx_pimc_draw(&pc, &v, N, again), N);
        sk_rng_seed(&rng, 7);
        assert_int_equal(skx_pimc_draw(&pc, &v, N, deals), N);
        assert_memory_equal(deals, again, sizeof deals);
    }
    if (getenv("INFER_DEBUG"))
        print_message("seat 1 the partner: auction only %d, with the play %d of %d\n",
                      partner[0], partner[1], ROUNDS * N);
    assert_true(partner[1] > partner[0] + ROUNDS * N / 10);
    free(sp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_odd_card_weighs_less),
        cmocka_unit_test(test_nothing_to_read),
        cmocka_unit_test(test_draws_follow_the_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
