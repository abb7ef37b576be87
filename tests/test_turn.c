/*
 * test_turn.c -- who is asked next (src/core/turn.c): Kontra and Retour
 * out of turn (3.3) in the one order every driver follows.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testlib.h"

/* A Sauspiel on the Gras-Sau by seat 1, dealer 3: seat 0 leads. */
static void start_sauspiel(sk_game *g, sk_rules *r)
{
    *r = tl_preset("official");
    tl_start_game(g, r, 3, false, "EA EZ EK E9 GZ GK E8 E7", "EO GO HO SO EU GU HU G7", NULL,
                  NULL);
    tl_open_declare(g, 1, "sauspiel:G");
}

/* 3.3.2: before the opening lead every defender is offered Kontra, from
 * the seat to move on; a decline holds until the next action. */
static void test_kontra_offered_in_order(void **state)
{
    (void)state;
    sk_rules r;
    sk_game g;
    start_sauspiel(&g, &r);
    sk_turn t;
    sk_turn_init(&t);
    int offer, seat = sk_turn_next(&t, &g, &offer);
    assert_int_equal(seat, 0); /* forehand, a defender (GA is elsewhere) */
    assert_int_equal(offer, SK_ACT_KONTRA);
    sk_turn_decline(&t, &g, 0);
    seat = sk_turn_next(&t, &g, &offer);
    assert_int_not_equal(seat, 1); /* never the declarer */
    assert_int_equal(offer, SK_ACT_KONTRA);
    int first_other = seat;
    sk_turn_decline(&t, &g, seat);
    while ((seat = sk_turn_next(&t, &g, &offer)), offer >= 0) {
        assert_true(seat != 1 && seat != 0 && seat != first_other);
        sk_turn_decline(&t, &g, seat);
    }
    assert_int_equal(seat, 0); /* all declined: the seat to move plays */
    tl_ok(&g, "0 card EA");    /* the next action: everybody is asked again (3.3.2) */
    seat = sk_turn_next(&t, &g, &offer);
    assert_int_equal(offer, SK_ACT_KONTRA);
    assert_int_not_equal(seat, 1);
}

/* 3.3.3: a Kontra opens a new round: the declarer may answer Retour. */
static void test_retour_after_kontra(void **state)
{
    (void)state;
    sk_rules r;
    sk_game g;
    start_sauspiel(&g, &r);
    sk_turn t;
    sk_turn_init(&t);
    int offer, seat = sk_turn_next(&t, &g, &offer);
    tl_ok(&g, "0 kontra");
    bool declarer_asked = false;
    while ((seat = sk_turn_next(&t, &g, &offer)), offer >= 0) {
        assert_int_equal(offer, SK_ACT_RETOUR);
        declarer_asked |= seat == 1;
        sk_turn_decline(&t, &g, seat);
    }
    assert_true(declarer_asked);
    assert_int_equal(seat, 0);
}

/* 3.3.2: once the second card lies, and in a tournament (no Kontra,
 * 5.2.4), nothing is offered out of turn; a finished game asks nobody. */
static void test_no_offers_later(void **state)
{
    (void)state;
    sk_rules r;
    sk_game g;
    start_sauspiel(&g, &r);
    sk_turn t;
    sk_turn_init(&t);
    tl_script(&g, "0 card EA", NULL);
    tl_play_lowest(&g);
    int offer, seat = sk_turn_next(&t, &g, &offer);
    assert_int_equal(offer, -1);
    assert_int_equal(seat, g.pub.to_move);
    tl_play_out(&g);
    assert_int_equal(sk_turn_next(&t, &g, &offer), SK_NOSEAT);

    r = tl_preset("tournament");
    tl_start_game(&g, &r, 3, false, "EA EZ EK E9 GZ GK E8 E7", "EO GO HO SO EU GU HU G7", NULL,
                  NULL);
    tl_open_declare(&g, 1, "sauspiel:G");
    sk_turn_init(&t);
    assert_int_equal(sk_turn_next(&t, &g, &offer), 0);
    assert_int_equal(offer, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kontra_offered_in_order),
        cmocka_unit_test(test_retour_after_kontra),
        cmocka_unit_test(test_no_offers_later),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
