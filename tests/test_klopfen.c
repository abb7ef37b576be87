/*
 * test_klopfen.c -- laying priced (src/ai/klopfen.c, docs/ai.md
 * "Klopfen priced"): the cells of a first packet, the table's order
 * (more trumps and Sauen are worth more), a strong packet lays as
 * forehand and four low side cards never lay, the bots' laying is legal
 * in every laying mode (002 Laying), and under the official rules there
 * is no laying round at all.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "ai/ai_internal.h"
#include "schafkopf/ai.h"
#include "testlib.h"

/* Every cell's counts lead back to it, and every packet of four has a
 * cell whose counts are its own. */
static void test_cells(void **state)
{
    (void)state;
    for (int c = 0; c < SK_KLOPFEN_CELLS; c++) {
        int k[4];
        sk_klopfen_cell_counts(c, k);
        assert_true(k[0] + k[1] + k[2] + k[3] <= 4 && k[3] <= 3);
        /* a packet with those counts: Obers, Unters, low Herz, side Sauen, side 7s */
        static const char *const ober[] = {"EO", "GO", "HO", "SO"}, *const unter[] = {"EU", "GU", "HU", "SU"};
        static const char *const herz[] = {"H7", "H8", "H9", "HK"}, *const sau[] = {"EA", "GA", "SA"};
        static const char *const low[] = {"E7", "G7", "S7", "E8"};
        sk_cards p = 0;
        int n = 0;
        for (int i = 0; i < k[0]; i++, n++)
            p |= SK_BIT(tl_C(ober[i]));
        for (int i = 0; i < k[1]; i++, n++)
            p |= SK_BIT(tl_C(unter[i]));
        for (int i = 0; i < k[2]; i++, n++)
            p |= SK_BIT(tl_C(herz[i]));
        for (int i = 0; i < k[3]; i++, n++)
            p |= SK_BIT(tl_C(sau[i]));
        for (int i = 0; n < 4; i++, n++)
            p |= SK_BIT(tl_C(low[i]));
        assert_int_equal(sk_klopfen_cell(p), c);
    }
    assert_int_equal(sk_klopfen_cell(tl_S("EO SO EU")), -1); /* not four cards */
    assert_int_equal(sk_klopfen_cell(tl_S("HA HZ HK H9")), sk_klopfen_cell(tl_S("H7 H8 HK H9")));
}

/* The measured table orders packets as a player would: a Sau or an
 * Ober is worth more than a low side card, two Obers more than one, and
 * the strongest packets promise several units while the weakest lose. */
static void test_table_order(void **state)
{
    (void)state;
    for (int pos = 0; pos < 4; pos++) {
        double weak = sk_klopfen_value(tl_S("E7 G8 S9 EK"), pos, 0);
        double sau = sk_klopfen_value(tl_S("EA G8 S9 EK"), pos, 0);
        double ober = sk_klopfen_value(tl_S("EO G8 S9 EK"), pos, 0);
        double two = sk_klopfen_value(tl_S("EO SO S9 EK"), pos, 0);
        double strong = sk_klopfen_value(tl_S("EO SO EU HA"), pos, 0);
        assert_true(weak < 0 && weak < sau && weak < ober && ober < two && two < strong);
        assert_true(strong > 2 * SK_KLOPFEN_MARGIN + 1);
        /* a lay before shows a strong hand: the others expect no more */
        assert_true(sk_klopfen_value(tl_S("EO SO S9 EK"), pos, pos ? 1 : 0) <= two);
    }
}

/* The decision of a bot for the seat to speak in the laying round. */
static sk_action lay_decision(const sk_game *g, const char *spec)
{
    sk_error err;
    sk_bot *bot = sk_bot_new(spec, 7, &err);
    assert_non_null(bot);
    sk_view v;
    sk_game_view(g, g->pub.to_move, &v);
    sk_action a = sk_bot_act(bot, &v);
    sk_bot_free(bot);
    return a;
}

/* EO SO EU and the Herz-Ass as forehand's first packet: both bots lay
 * (pimc asks the same table); four low side cards: never, in any place,
 * whatever was laid before. */
static void test_strong_lays_weak_never(void **state)
{
    (void)state;
    sk_rules r = tl_preset("sauspiel");
    sk_game g;
    /* dealer 3: seat 0 is forehand, seat 1 holds the low cards */
    tl_start_game(&g, &r, 3, false, "EO SO EU HA GA GZ G9 G8", "E7 E8 G7 S9 EK EZ E9 SK",
                  NULL, NULL);
    assert_int_equal(g.pub.phase, SK_PHASE_KLOPFEN);
    assert_int_equal(g.pub.to_move, 0);
    assert_int_equal(lay_decision(&g, "heuristic").type, SK_ACT_KLOPFEN);
    assert_int_equal(lay_decision(&g, "pimc:12").type, SK_ACT_KLOPFEN);
    tl_ok(&g, "0 klopfen");
    assert_int_equal(lay_decision(&g, "heuristic").type, SK_ACT_PASS); /* seat 1 */
    assert_int_equal(lay_decision(&g, "pimc:12").type, SK_ACT_PASS);
    for (int pos = 0; pos < 4; pos++)
        for (int laid = 0; laid <= pos; laid++)
            assert_true(sk_klopfen_value(tl_S("E7 E8 G7 S9"), pos, laid) < SK_KLOPFEN_MARGIN);
}

/* Games of four heuristic bots in a laying mode: every lay is legal
 * (sk_game_apply refuses others), the game's count of lays agrees with
 * the actions, and the mode's limit holds; returns the lays. */
static int lays_in_mode(const char *mode, int games)
{
    sk_rules r = tl_preset("sauspiel");
    tl_set(&r, "klopfen", mode);
    sk_bot *bots[4];
    for (int s = 0; s < 4; s++)
        bots[s] = sk_bot_new("heuristic", (uint64_t)s, NULL);
    sk_rng rng;
    sk_rng_seed(&rng, 19);
    int lays = 0;
    for (int i = 0; i < games; i++) {
        uint8_t hands[4][8];
        sk_deck deck;
        sk_deck_shuffle_rules(&deck, &r, &rng);
        sk_deck_deal(&deck, i % 4, r.deal_mode, hands);
        sk_game g;
        sk_error err;
        assert_int_equal(sk_game_init(&g, &r, i % 4, hands, false, &err), SK_OK);
        int here = 0, first = -1;
        while (g.pub.phase == SK_PHASE_KLOPFEN) {
            int s = g.pub.to_move;
            sk_view v;
            sk_game_view(&g, s, &v);
            sk_action a = sk_bot_act(bots[s], &v);
            if (a.type == SK_ACT_KLOPFEN) {
                here++;
                if (first < 0)
                    first = g.pub.klopf_spoken;
            }
            if (sk_game_apply(&g, a, &err) < 0)
                fail_msg("mode %s: %s", mode, err.msg);
        }
        assert_int_equal(g.pub.laid, here);
        if (strcmp(mode, "forehand") == 0)
            assert_true(here == 0 || (here == 1 && first == 0));
        if (strcmp(mode, "one") == 0)
            assert_true(here <= 1);
        if (strcmp(mode, "chain") == 0)
            assert_true(here == 0 || first == 0);
        lays += here;
    }
    for (int s = 0; s < 4; s++)
        sk_bot_free(bots[s]);
    return lays;
}

/* Every laying mode (002): the bots' lays are legal, and they lay. */
static void test_modes_legal(void **state)
{
    (void)state;
    static const char *const modes[] = {"all", "chain", "forehand", "one"};
    for (int m = 0; m < 4; m++)
        assert_true(lays_in_mode(modes[m], 400) > 0);
}

/* The official rules have no laying round: the game starts with the
 * auction and nobody lays, however strong his packet. */
static void test_official_no_laying(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, "EO SO EU HA GA GZ G9 G8", NULL, NULL, NULL);
    assert_int_equal(g.pub.phase, SK_PHASE_AUCTION);
    sk_view v;
    sk_game_view(&g, 0, &v);
    assert_false(sk_klopfen_lays(&v));
    assert_int_not_equal(lay_decision(&g, "heuristic").type, SK_ACT_KLOPFEN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cells),
        cmocka_unit_test(test_table_order),
        cmocka_unit_test(test_strong_lays_weak_never),
        cmocka_unit_test(test_modes_legal),
        cmocka_unit_test(test_official_no_laying),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
