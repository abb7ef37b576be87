/*
 * test_infer.c -- auction inference (src/ai/infer.c): the facts read
 * from the public actions, the weights they give deals, and draws that
 * follow the auction: a declarer's hand drawn stronger, a passer's
 * weaker, every deal still consistent with the view.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ai/ai_internal.h"
#include "testlib.h"

/* Seat 2 holds an Eichel Solo and plays it; seats 0, 1 and 3 pass.
 * *v is seat 0's view. */
static void solo_game(sk_game *g, const sk_rules *r, sk_view *v)
{
    tl_start_game(g, r, 3, false, "GA GZ GK G9 HA HZ HK H9", "SA SZ SK S9 S8 S7 G8 G7",
                  "EO GO HO SO EU GU EA EZ", NULL);
    tl_script(g, "0 pass", "1 pass", "2 bid sauspiel", "3 pass", NULL);
    tl_ok_action(g, sk_act_declare(2, tl_K("solo:E")), "declare the Solo");
    sk_game_view(g, 0, v);
}

/* The facts: the other passers' passes and the declarer's contract;
 * nothing of the viewing seat itself. */
static void test_facts(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    sk_view v;
    solo_game(&g, &r, &v);
    skx_infer inf;
    skx_infer_init(&inf, &v, g.hands);
    int declared = 0, passes1 = 0;
    for (int i = 0; i < inf.n; i++) {
        assert_int_not_equal(inf.f[i].seat, 0);
        if (inf.f[i].kind == SKX_FACT_DECLARED) {
            assert_int_equal(inf.f[i].seat, 2);
            assert_int_equal(inf.f[i].c.type, SK_C_SOLO);
            declared++;
        }
        if (inf.f[i].kind == SKX_FACT_PASS && inf.f[i].seat == 1)
            passes1++;
        assert_false(inf.f[i].kind == SKX_FACT_BID && inf.f[i].seat == 2); /* DECLARED says it */
    }
    assert_int_equal(declared, 1);
    assert_int_equal(passes1, 1);
    /* the real deal fits: the Solo hand clears its bar, so its weight is
     * well above that of a deal that gives seat 2 no trump at all */
    double real = skx_infer_weight(&inf, &v, g.hands);
    sk_cards swapped[SK_NSEATS] = {g.hands[0], g.hands[2], g.hands[1], g.hands[3]};
    double wrong = skx_infer_weight(&inf, &v, swapped);
    assert_true(real > 0.3);
    assert_true(wrong < real / 10);
    assert_true(wrong >= 0.02 * 0.02 * 0.02 * 0.02);
}

/* Trumps of an Eichel Solo in a set. */
static int solo_trumps(sk_cards c)
{
    sk_order o;
    sk_order_init(&o, tl_K("solo:E"));
    return sk_cards_count(c & o.trumps);
}

/* Draws with inference give the declarer more trumps and the passers
 * fewer than uniform draws, and every deal is consistent. */
static void test_draws_follow_the_auction(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    sk_view v;
    solo_game(&g, &r, &v);
    sk_sampler *sp = malloc(sizeof *sp);
    assert_non_null(sp);
    assert_int_equal(sk_sample_init(sp, &v), SK_OK);
    sk_rng rng;
    sk_rng_seed(&rng, 99);
    skx_pimc pc = {NULL, sp, &rng, 24, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    enum { ROUNDS = 60, N = 24 };
    double sum[2] = {0, 0}, passer[2] = {0, 0};
    sk_cards deals[N][SK_NSEATS];
    for (int infer = 0; infer < 2; infer++) {
        pc.infer = infer;
        for (int k = 0; k < ROUNDS; k++) {
            assert_int_equal(skx_pimc_draw(&pc, &v, N, deals), N);
            for (int d = 0; d < N; d++) {
                assert_int_equal(deals[d][0], g.hands[0]);
                sk_cards all = 0;
                for (int s = 0; s < 4; s++) {
                    assert_int_equal(sk_cards_count(deals[d][s]), 8);
                    assert_int_equal(all & deals[d][s], 0);
                    all |= deals[d][s];
                }
                sum[infer] += solo_trumps(deals[d][2]);
                passer[infer] += solo_trumps(deals[d][1]);
            }
        }
    }
    double uni = sum[0] / (ROUNDS * N), inf = sum[1] / (ROUNDS * N);
    if (getenv("INFER_DEBUG"))
        print_message("declarer trumps: uniform %.2f, inferred %.2f; passer %.2f, %.2f\n", uni, inf, passer[0] / (ROUNDS * N), passer[1] / (ROUNDS * N));
    /* all 14 trumps are unseen by seat 0: uniform 8 * 14 / 24 = 4.67 */
    assert_true(uni > 4.4 && uni < 4.95);
    assert_true(inf > uni + 0.7);
    assert_true(passer[1] < passer[0]);
    free(sp);
}

/* A hand of k trumps of an Eichel Solo (Obers and Unters first), the
 * rest Gras and Herz. */
static sk_cards solo_hand(int k)
{
    static const char *const TR[8] = {"EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU"};
    static const char *const OTHER[8] = {"GA", "GZ", "GK", "G9", "HA", "HZ", "HK", "H9"};
    sk_cards h = 0;
    for (int i = 0; i < 8; i++)
        h |= SK_BIT(sk_card_parse(i < k ? TR[i] : OTHER[i]));
    return h;
}

/* The declarer's likelihood ratio (infer.c, from the real games of
 * tests/data): never lower with more trumps, a seven-trump Solo hand
 * hundreds of times likelier than a two-trump one, a Wenz with three
 * Unters likelier than with none; not given for a Tout. */
static void test_declarer_ratio(void **state)
{
    (void)state;
    sk_contract solo = tl_K("solo:E"), saus = tl_K("sauspiel:G"), wenz = tl_K("wenz");
    double prev = 0;
    for (int k = 0; k <= 8; k++) {
        double r = skx_infer_declarer_ratio(solo_hand(k), solo);
        assert_true(r > 0 && r <= 1);
        assert_true(r >= prev);
        prev = r;
        double q = skx_infer_declarer_ratio(solo_hand(k), saus);
        assert_true(q > 0 && q <= 1);
    }
    assert_true(skx_infer_declarer_ratio(solo_hand(7), solo) >
                300 * skx_infer_declarer_ratio(solo_hand(2), solo));
    assert_true(skx_infer_declarer_ratio(tl_S("EO GO HO SO EU EA SA SZ"), saus) >
                10 * skx_infer_declarer_ratio(tl_S("EO GO EA EZ GZ GK SA SZ"), saus));
    sk_cards three = SK_BIT(sk_card_parse("EU")) | SK_BIT(sk_card_parse("GU")) |
                     SK_BIT(sk_card_parse("HU")) | SK_BIT(sk_card_parse("EA")) |
                     SK_BIT(sk_card_parse("EZ")) | SK_BIT(sk_card_parse("GA")) |
                     SK_BIT(sk_card_parse("SA")) | SK_BIT(sk_card_parse("SZ"));
    assert_true(skx_infer_declarer_ratio(three, wenz) >
                10 * skx_infer_declarer_ratio(solo_hand(0), wenz));
    sk_contract tout = solo;
    tout.tout = 1;
    assert_true(skx_infer_declarer_ratio(solo_hand(8), tout) < 0);
}

/* Without facts (a Ramsch, or nothing said yet) the draws stay uniform:
 * the same deals as sk_sample_draw gives from the same generator. */
static void test_no_facts_is_uniform(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, NULL, NULL, NULL, NULL);
    sk_view v;
    sk_game_view(&g, 0, &v); /* the auction has not begun */
    sk_sampler *sp = malloc(sizeof *sp);
    assert_non_null(sp);
    assert_int_equal(sk_sample_init(sp, &v), SK_OK);
    skx_infer inf;
    sk_cards h[SK_NSEATS];
    sk_rng rng;
    sk_rng_seed(&rng, 5);
    sk_sample_draw(sp, &rng, h);
    skx_infer_init(&inf, &v, h);
    assert_int_equal(inf.n, 0);
    free(sp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_facts),
        cmocka_unit_test(test_draws_follow_the_auction),
        cmocka_unit_test(test_no_facts_is_uniform),
        cmocka_unit_test(test_declarer_ratio),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
