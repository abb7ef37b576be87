/*
 * test_score.c -- the result of a game (4.1), its settlement in money
 * (4.2) and tournament points (5.2.7, 5.2.8), and the explanation text.
 *
 * Games are built from explicit hands and played out by a fixed policy
 * (the lowest-index legal card), or dealt and played at random from a
 * seed when a boundary such as exactly 61 points is needed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "schafkopf/core.h"
#include "testlib.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* A preset ruleset without laying. */
static sk_rules preset(const char *name)
{
    sk_rules r = tl_preset(name);
    r.klopfen = SK_KLOPF_OFF; /* these tests script auctions without laying */
    return r;
}

/* Starts a game (dealer 3, seat 0 forehand), runs the auction and
 * declaration lines, and plays it out. */
static void game(sk_game *g, const sk_rules *r, const char *h0, const char *h1,
                 const char *h2, const char *h3, const char *declare, const char *doubling)
{
    tl_start_game(g, r, 3, false, h0, h1, h2, h3);
    tl_script(g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", declare, doubling, NULL);
    tl_play_out(g);
}

/* The seats on the declarer's side as a bit set, from the dealt hands. */
static unsigned side_of(const sk_game *g)
{
    unsigned side = 1u << g->pub.declarer;
    if (g->pub.contract.type == SK_C_SAUSPIEL)
        for (int s = 0; s < 4; s++)
            for (int i = 0; i < 8; i++)
                if (g->dealt[s][i] == SK_CARD(g->pub.contract.suit, SK_ASS))
                    side |= 1u << s;
    return side;
}

/*
 * Checks a finished game's result against the rules, computed here from
 * the tricks: 4.1.2 (61 wins), 4.1.3 (Schneider), 4.1.4 (Schwarz), 2.8.1
 * (Tout needs every trick), 4.2.2 (Laufende), 4.2.4 (money per pair,
 * Sauspiel pairs, Solo three times), 5.2.7/5.2.8 (tournament points,
 * without Laufende); money and points sum to zero.
 */
static void check_result(const sk_rules *r, const sk_game *g, const sk_result *res)
{
    assert_false(res->thrown_in);
    sk_contract c = g->pub.contract;
    unsigned side = side_of(g);
    int dsp = 0, total = 0, side_tricks = 0;
    for (int s = 0; s < 4; s++) {
        int pts = sk_cards_points(g->pub.won[s]);
        assert_int_equal(res->points[s], c.type == SK_C_SIE ? (s == res->declarer) * 120 : pts);
        total += res->points[s];
        if (side & (1u << s))
            dsp += res->points[s];
    }
    assert_int_equal(total, 120); /* 1.2.4 */
    for (int t = 0; t < SK_NTRICKS; t++)
        side_tricks += (side >> res->trick_winners[t]) & 1;
    assert_int_equal(res->declarer_side_points, dsp);
    bool schwarz = side_tricks == 0 || side_tricks == 8;
    assert_int_equal(res->schwarz, schwarz);                                  /* 4.1.4 */
    assert_int_equal(res->schneider, dsp >= 91 || dsp <= 30 || schwarz);      /* 4.1.3 */
    bool all_tricks = c.tout || c.type == SK_C_SIE;
    assert_int_equal(res->won, all_tricks ? side_tricks == 8 : dsp >= 61);    /* 4.1.2, 2.8.1 */

    /* 4.2.2: the run of top trumps of one side, from the dealt hands */
    sk_order o;
    sk_order_init(&o, c);
    sk_cards mine = 0;
    for (int s = 0; s < 4; s++)
        if (side & (1u << s))
            for (int i = 0; i < 8; i++)
                mine |= SK_BIT(g->dealt[s][i]);
    bool top = mine & SK_BIT(o.trump_seq[0]);
    int run = 0;
    while (run < o.ntrumps && ((mine & SK_BIT(o.trump_seq[run])) != 0) == top)
        run++;
    assert_int_equal(res->laufende, run);
    int min = c.type == SK_C_WENZ ? r->laufende_min_wenz : r->laufende_min;
    int paid = run >= min ? run : 0;
    assert_int_equal(res->laufende_paid, paid);

    /* 4.2.4 */
    int base = c.type == SK_C_SAUSPIEL ? r->rate_sauspiel
               : c.type == SK_C_WENZ   ? r->rate_wenz
                                       : r->rate_solo;
    int factor = c.type == SK_C_SIE ? r->sie_factor : c.tout ? r->tout_factor : 1;
    int extra = factor != 1      ? 0
                : schwarz        ? r->rate_schwarz
                : res->schneider ? r->rate_schneider
                                 : 0;
    int mult = factor << g->pub.doublings;
    int pair = (base + paid * r->rate_laufende + extra) * mult;
    assert_int_equal(res->base_units, base);
    assert_int_equal(res->extra_units, extra);
    assert_int_equal(res->multiplier, mult);
    assert_int_equal(res->pair_units, pair);

    /* 5.2.7: per winner/loser; 5.2.8: Laufende do not count */
    int tp = c.type == SK_C_SIE ? 8 : c.tout ? 6 : schwarz ? 3 : res->schneider ? 2 : 1;
    if (c.type != SK_C_SAUSPIEL && c.type != SK_C_SIE && !c.tout)
        tp += 1;
    if (r->tournament_kontra)
        tp <<= g->pub.doublings;
    int sign = res->won ? 1 : -1;
    int64_t money_sum = 0, tp_sum = 0;
    for (int s = 0; s < 4; s++) {
        bool on_side = side & (1u << s);
        int64_t m = (int64_t)pair * r->unit_cents;
        int k = (c.type != SK_C_SAUSPIEL && on_side) ? 3 : 1;
        assert_int_equal(res->money[s], (on_side ? sign : -sign) * k * m);
        assert_int_equal(res->tournament[s], (on_side ? sign : -sign) * k * tp);
        money_sum += res->money[s];
        tp_sum += res->tournament[s];
    }
    assert_int_equal(money_sum, 0);
    assert_int_equal(tp_sum, 0);
}

/*
 * Deals seeded random hands, lets forehand open and declare the first
 * listed contract of `type` (returns false when it has none) and plays
 * at random, Kontra included.
 */
static bool random_game(sk_game *g, const sk_rules *r, uint64_t seed, int type)
{
    sk_rng rng;
    sk_rng_seed(&rng, seed);
    sk_game_deal(g, r, 3, &rng, false);
    tl_script(g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", NULL);
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal), pick = -1;
    for (int i = 0; i < n && pick < 0; i++)
        if (legal[i].contract.type == type && !legal[i].contract.tout)
            pick = i;
    if (pick < 0)
        return false;
    assert_int_equal(sk_game_apply(g, legal[pick], NULL), SK_OK);
    while (!sk_game_over(g)) {
        n = sk_game_legal(g, legal);
        assert_true(n > 0);
        assert_int_equal(sk_game_apply(g, legal[sk_rng_below(&rng, (uint32_t)n)], NULL), SK_OK);
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* The result (4.1)                                                     */
/* ------------------------------------------------------------------ */

/* 4.1.2: 61 wins, 60 loses; 4.1.3: 91 is Schneider won, 90 is not; 30 is
 * Schneider lost, 31 is not (seeded random Sauspiele hitting each value) */
static void test_point_boundaries(void **state)
{
    (void)state;
    sk_rules r = preset("official");
    static const int targets[] = {30, 31, 60, 61, 90, 91};
    bool found[6] = {false};
    int left = 6;
    for (uint64_t seed = 1; seed < 200000 && left > 0; seed++) {
        sk_game g;
        if (!random_game(&g, &r, seed, SK_C_SAUSPIEL))
            continue;
        sk_result res = tl_result(&g);
        check_result(&r, &g, &res);
        for (int i = 0; i < 6; i++) {
            if (found[i] || res.declarer_side_points != targets[i])
                continue;
            found[i] = true;
            left--;
            int dsp = targets[i];
            assert_int_equal(res.won, dsp >= 61);                    /* 4.1.2 */
            assert_int_equal(res.schneider, dsp == 30 || dsp == 91); /* 4.1.3 */
            assert_false(res.schwarz);
        }
    }
    for (int i = 0; i < 6; i++)
        if (!found[i])
            fail_msg("no random Sauspiel with %d declarer points", targets[i]);
}

/* 4.1-4.2, 5.2.7: every random Sauspiel and Solo settles by the rules and
 * sums to zero, with the official, sauspiel and tournament tariffs */
static void test_random_settlements(void **state)
{
    (void)state;
    static const char *const presets[] = {"official", "sauspiel", "tournament"};
    static const int types[] = {SK_C_SAUSPIEL, SK_C_SOLO, SK_C_WENZ};
    for (size_t p = 0; p < 3; p++) {
        sk_rules r = preset(presets[p]);
        for (size_t t = 0; t < 3; t++) {
            int games = 0;
            for (uint64_t seed = 1; seed <= 400; seed++) {
                sk_game g;
                if (!random_game(&g, &r, seed * 7919 + t, types[t]))
                    continue;
                sk_result res = tl_result(&g);
                check_result(&r, &g, &res);
                games++;
            }
            assert_true(games > 100);
        }
    }
}

/* 4.1.4/4.2.4: a side with every trick wins Schwarz: +2 units instead of
 * Schneider's 1; 5.2.7: Solo or Wenz Schwarz 12 / each 4 */
static void test_schwarz(void **state)
{
    (void)state;
    sk_rules r = preset("official");
    sk_game g;
    game(&g, &r, "EU GU HU SU EA EZ EK EO", NULL, NULL, NULL, "0 declare wenz", NULL);
    sk_result res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.tricks[0], 8);
    assert_true(res.won && res.schneider && res.schwarz);
    assert_int_equal(res.laufende, 4);
    assert_int_equal(res.laufende_paid, 4); /* 4.2.2: Wenz from 2 */
    assert_int_equal(res.extra_units, 2);
    assert_int_equal(res.pair_units, 5 + 4 + 2);
    assert_int_equal(res.money[0], 3 * 110);
    assert_int_equal(res.money[1], -110);
    assert_int_equal(res.tournament[0], 12);
    assert_int_equal(res.tournament[3], -4);

    /* the declarer takes no trick: Schwarz lost, and the defenders'
     * four Unters are paid as Laufende ("ohne 4") */
    game(&g, &r, "E7 E8 E9 G7 G8 G9 S7 S8", NULL, NULL, NULL, "0 declare wenz", NULL);
    res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.tricks[0], 0);
    assert_int_equal(res.declarer_side_points, 0);
    assert_true(!res.won && res.schneider && res.schwarz);
    assert_int_equal(res.laufende, 4);
    assert_int_equal(res.pair_units, 11);
    assert_int_equal(res.money[0], -330);
    assert_int_equal(res.money[2], 110);
    assert_int_equal(res.tournament[0], -12);
    assert_int_equal(res.tournament[1], 4);
}

/* 2.8.1/4.2.4: a Tout is won only with every trick and pays (base +
 * Laufende) x 2 without Schneider or Schwarz; 5.2.7: 18 / each 6 */
static void test_tout(void **state)
{
    (void)state;
    sk_rules r = preset("official");
    sk_game g;
    game(&g, &r, "EU GU HU SU EA EZ EK EO", NULL, NULL, NULL, "0 declare wenz:tout", NULL);
    sk_result res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_true(res.won);
    assert_int_equal(res.tricks[0], 8);
    assert_int_equal(res.extra_units, 0);
    assert_int_equal(res.multiplier, 2);
    assert_int_equal(res.pair_units, (5 + 4) * 2);
    assert_int_equal(res.money[0], 540);
    assert_int_equal(res.money[1], -180);
    assert_int_equal(res.tournament[0], 18);
    assert_int_equal(res.tournament[2], -6);

    /* seven tricks and all 120 points, but the last trick is lost */
    game(&g, &r, "EU GU HU EA EZ EK EO S7", NULL, NULL, NULL, "0 declare wenz:tout", NULL);
    res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.tricks[0], 7);
    assert_int_equal(res.declarer_side_points, 120);
    assert_false(res.won);
    assert_int_equal(res.laufende_paid, 3);
    assert_int_equal(res.pair_units, (5 + 3) * 2);
    assert_int_equal(res.money[0], -480);
    assert_int_equal(res.money[3], 160);
    assert_int_equal(res.tournament[0], -18);
    assert_int_equal(res.tournament[1], 6);

    /* 4.2.4: Kontra doubles the Tout value */
    game(&g, &r, "EU GU HU SU EA EZ EK EO", NULL, NULL, NULL, "0 declare wenz:tout",
         "1 kontra");
    res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.pair_units, (5 + 4) * 4);
}

/* ------------------------------------------------------------------ */
/* Laufende (4.2.2)                                                     */
/* ------------------------------------------------------------------ */

/* 4.2.2: in a Sauspiel three Obers of the declarer's side are paid as 3
 * Laufende, two are not paid */
static void test_laufende_sauspiel(void **state)
{
    (void)state;
    sk_rules r = preset("official");
    sk_game g;
    /* declarer EO GO, partner (Gras-Sau) HO; SO with the defenders */
    game(&g, &r, "EO GO HA EK E9 G9 S9 S8", "GA HO E8 E7 G8 G7 S7 H7", NULL, NULL,
         "0 declare sauspiel:G", NULL);
    sk_result res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.partner, 1);
    assert_int_equal(res.laufende, 3);
    assert_int_equal(res.laufende_paid, 3);
    assert_int_equal(res.laufende_units, 3);

    /* only EO GO: 2 Laufende, not paid */
    game(&g, &r, "EO GO HA EK E9 G9 S9 S8", "GA SU E8 E7 G8 G7 S7 H7", NULL, NULL,
         "0 declare sauspiel:G", NULL);
    res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.laufende, 2);
    assert_int_equal(res.laufende_paid, 0);
    assert_int_equal(res.laufende_units, 0);

    /* the defenders hold EO GO HO: "ohne 3" are paid too */
    game(&g, &r, "SO HA EK E9 G9 S9 S8 H7", "GA SU E8 E7 G8 G7 S7 H9",
         "EO GO HO EA EZ GZ GK SA", NULL, "0 declare sauspiel:G", NULL);
    res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.laufende, 3);
    assert_int_equal(res.laufende_paid, 3);
}

/* 4.2.2: in a Wenz Laufende are paid from 2 Unters */
static void test_laufende_wenz(void **state)
{
    (void)state;
    sk_rules r = preset("official");
    sk_game g;
    game(&g, &r, "EU GU EA EZ EK GA GZ SA", NULL, NULL, NULL, "0 declare wenz", NULL);
    sk_result res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.laufende, 2);
    assert_int_equal(res.laufende_paid, 2);

    game(&g, &r, "EU HU EA EZ EK GA GZ SA", NULL, NULL, NULL, "0 declare wenz", NULL);
    res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.laufende, 1);
    assert_int_equal(res.laufende_paid, 0);
}

/* ------------------------------------------------------------------ */
/* Money (4.2.4)                                                        */
/* ------------------------------------------------------------------ */

/*
 * The deal of the explanation example: seat 0 plays with the Gras-Sau
 * (held by seat 1), the pair has EO GO HO (3 Laufende) and, under the
 * fixed play policy, 104 points: Schneider won.
 */
#define X0 "EO GO HO EU GU HA HZ G9"
#define X1 "GA HU SU HK EA EZ SA SZ"

/* 4.2.4 with the official units (Sauspiel 1, unit 10 cents) and the
 * sauspiel preset (20 cents); Kontra x 2, Retour x 4; in a Sauspiel each
 * loser pays one winner */
static void test_money_sauspiel(void **state)
{
    (void)state;
    sk_rules r = preset("official");
    sk_game g;
    game(&g, &r, X0, X1, NULL, NULL, "0 declare sauspiel:G", NULL);
    sk_result res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_true(res.won && res.schneider && !res.schwarz);
    assert_int_equal(res.declarer_side_points, 104);
    assert_int_equal(res.laufende_paid, 3);
    assert_int_equal(res.pair_units, 1 + 3 + 1);
    static const int64_t official[4] = {50, 50, -50, -50};
    for (int s = 0; s < 4; s++)
        assert_int_equal(res.money[s], official[s]);

    game(&g, &r, X0, X1, NULL, NULL, "0 declare sauspiel:G", "2 kontra");
    res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.multiplier, 2);
    assert_int_equal(res.money[0], 100);
    assert_int_equal(res.money[3], -100);

    /* Retour: x 4 */
    uint8_t hands[4][8];
    tl_deal(hands, &r, (const char *const[4]){X0, X1, NULL, NULL});
    assert_int_equal(sk_game_init(&g, &r, 3, hands, false, NULL), SK_OK);
    tl_script(&g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", "0 declare sauspiel:G",
              "3 kontra", "0 retour", NULL);
    tl_play_out(&g);
    res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.doublings, 2);
    assert_int_equal(res.multiplier, 4);
    assert_int_equal(res.money[1], 200);
    assert_int_equal(res.money[2], -200);

    /* the sauspiel tariff: 20 cents a game, 10 per Laufender and Schneider */
    sk_rules t = preset("sauspiel");
    game(&g, &t, X0, X1, NULL, NULL, "0 declare sauspiel:G", NULL);
    res = tl_result(&g);
    check_result(&t, &g, &res);
    assert_int_equal(res.money[0], 20 + 30 + 10);
    assert_int_equal(res.money[2], -60);
}

/* 4.2.4: a soloist pays to, or receives from, each of the three others;
 * Solo and Wenz are 5 units (50 cents) */
static void test_money_solo(void **state)
{
    (void)state;
    sk_rules r = preset("official");
    sk_game g;
    /* an Eichel-Solo with EO GO (2 Laufende, not paid), won with 87
     * points by the fixed policy: 50 cents from each of the three */
    game(&g, &r, "EO GO EA EZ EK E9 GA SA", NULL, NULL, NULL, "0 declare solo:E", NULL);
    sk_result res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_true(res.won && !res.schneider);
    assert_int_equal(res.declarer_side_points, 87);
    assert_int_equal(res.partner, SK_NOSEAT);
    assert_int_equal(res.base_units, 5);
    assert_int_equal(res.laufende, 2);
    assert_int_equal(res.laufende_paid, 0);
    assert_int_equal(res.money[0], 150);
    for (int s = 1; s < 4; s++)
        assert_int_equal(res.money[s], -50);
    assert_int_equal(res.money[0] + res.money[1] + res.money[2] + res.money[3], 0);

    /* with the sauspiel preset a Solo is 50 cents */
    sk_rules t = preset("sauspiel");
    game(&g, &t, "EO GO EA EZ EK E9 GA SA", NULL, NULL, NULL, "0 declare solo:E", NULL);
    res = tl_result(&g);
    check_result(&t, &g, &res);
    assert_int_equal(res.base_units * t.unit_cents, 50);
}

/* 4.2.4: the explanation of the pair amount, sauspiel tariff, Kontra */
static void test_explain(void **state)
{
    (void)state;
    sk_rules r = preset("sauspiel");
    sk_game g;
    game(&g, &r, X0, X1, NULL, NULL, "0 declare sauspiel:G", "2 kontra");
    sk_result res = tl_result(&g);
    check_result(&r, &g, &res);
    char buf[256];
    size_t n = sk_result_explain(&r, &res, buf, sizeof buf);
    assert_string_equal(buf, "Sauspiel 20 + 3 Laufende 30 = 50, Schneider +10, x 2 Kontra = 120");
    assert_int_equal(n, strlen(buf));
    assert_int_equal(res.money[0], 120);

    /* a Tout, and a Solo's three-fold amount */
    sk_rules o = preset("official");
    game(&g, &o, "EU GU HU SU EA EZ EK EO", NULL, NULL, NULL, "0 declare wenz:tout", NULL);
    res = tl_result(&g);
    sk_result_explain(&o, &res, buf, sizeof buf);
    assert_string_equal(buf, "Wenz Tout 50 + 4 Laufende 40 = 90, x 2 Tout = 180 (x 3 = 540)");

    /* truncation keeps the full length */
    char small[10];
    size_t m = sk_result_explain(&o, &res, small, sizeof small);
    assert_int_equal(m, strlen(buf));
    assert_int_equal(strlen(small), sizeof small - 1);
}

/* ------------------------------------------------------------------ */
/* Tournament points (5.2.7, 5.2.8)                                     */
/* ------------------------------------------------------------------ */

/* 5.2.7: Sauspiel each 1 (Schneider 2, Schwarz 3); 5.2.8: Laufende are
 * not counted */
static void test_tournament_sauspiel(void **state)
{
    (void)state;
    sk_rules r = preset("tournament");
    sk_game g;
    game(&g, &r, X0, X1, NULL, NULL, "0 declare sauspiel:G", NULL);
    sk_result res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_true(res.won && res.schneider && res.laufende_paid == 3);
    static const int expect[4] = {2, 2, -2, -2};
    for (int s = 0; s < 4; s++)
        assert_int_equal(res.tournament[s], expect[s]);

    /* no Schneider, no Laufende: each 1 */
    game(&g, &r, "EO GO HA EK E9 G9 S9 S8", "GA SU E8 E7 G8 G7 S7 H7", NULL, NULL,
         "0 declare sauspiel:G", NULL);
    res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_true(res.won && !res.schneider);
    assert_int_equal(res.declarer_side_points, 71);
    static const int plain[4] = {1, 1, -1, -1};
    for (int s = 0; s < 4; s++)
        assert_int_equal(res.tournament[s], plain[s]);
}

/* 5.2.7: Solo/Wenz won 6 / each 2 (Schneider 9/3, Schwarz 12/4), Tout
 * 18/6, Sie 24/8 */
static void test_tournament_solo_tout_sie(void **state)
{
    (void)state;
    sk_rules r = preset("tournament");
    sk_game g;
    game(&g, &r, "EU GU HU SU EA EZ EK EO", NULL, NULL, NULL, "0 declare wenz", NULL);
    sk_result res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.tournament[0], 12); /* Schwarz */
    assert_int_equal(res.tournament[1], -4);

    game(&g, &r, "EU GU HU EA EZ EK EO S7", NULL, NULL, NULL, "0 declare wenz:tout", NULL);
    res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_int_equal(res.tournament[0], -18); /* Tout lost */
    assert_int_equal(res.tournament[1], 6);

    game(&g, &r, "EU GU HU SU EA EZ EK EO", NULL, NULL, NULL, "0 declare wenz:tout", NULL);
    res = tl_result(&g);
    assert_int_equal(res.tournament[0], 18);
    assert_int_equal(res.tournament[2], -6);

    /* a Solo won without Schneider is 6 / each 2, with Schneider 9 / 3:
     * search seeded random Solos for both */
    bool plain = false, schneider = false;
    for (uint64_t seed = 1; seed < 5000 && !(plain && schneider); seed++) {
        if (!random_game(&g, &r, seed, SK_C_SOLO))
            continue;
        res = tl_result(&g);
        check_result(&r, &g, &res);
        if (!res.won || res.schwarz)
            continue;
        int d = res.declarer, o = (d + 1) % 4;
        if (res.schneider) {
            assert_int_equal(res.tournament[d], 9);
            assert_int_equal(res.tournament[o], -3);
            schneider = true;
        } else {
            assert_int_equal(res.tournament[d], 6);
            assert_int_equal(res.tournament[o], -2);
            plain = true;
        }
    }
    assert_true(plain && schneider);

    /* 2.9/5.2.7: a Sie is 24 / each 8 */
    uint8_t hands[4][8];
    tl_deal(hands, &r, (const char *const[4]){"EO GO HO SO EU GU HU SU", NULL, NULL, NULL});
    assert_int_equal(sk_game_init(&g, &r, 3, hands, false, NULL), SK_OK);
    tl_script(&g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", "0 declare sie", NULL);
    res = tl_result(&g);
    check_result(&r, &g, &res);
    assert_true(res.won);
    assert_int_equal(res.tournament[0], 24);
    for (int s = 1; s < 4; s++)
        assert_int_equal(res.tournament[s], -8);
    assert_int_equal(res.money[0] + res.money[1] + res.money[2] + res.money[3], 0);
    /* docs/rules.md decision: (Solo rate + 8 Laufende) x sie_factor 4,
     * without Schneider/Schwarz */
    assert_int_equal(res.laufende, 8);
    assert_int_equal(res.extra_units, 0);
    assert_int_equal(res.pair_units, (5 + 8) * 4);
    assert_int_equal(res.money[0], 3 * 520);
}

/* 4.1: an unfinished game has no result */
static void test_result_needs_finished_game(void **state)
{
    (void)state;
    sk_rules r = preset("official");
    uint8_t hands[4][8];
    tl_deal(hands, &r, (const char *const[4]){X0, X1, NULL, NULL});
    sk_game g;
    assert_int_equal(sk_game_init(&g, &r, 3, hands, false, NULL), SK_OK);
    sk_result res;
    sk_error err;
    assert_int_equal(sk_game_result(&g, &res, &err), SK_ESTATE);
    assert_non_null(strstr(err.msg, "not over"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_point_boundaries),
        cmocka_unit_test(test_random_settlements),
        cmocka_unit_test(test_schwarz),
        cmocka_unit_test(test_tout),
        cmocka_unit_test(test_laufende_sauspiel),
        cmocka_unit_test(test_laufende_wenz),
        cmocka_unit_test(test_money_sauspiel),
        cmocka_unit_test(test_money_solo),
        cmocka_unit_test(test_explain),
        cmocka_unit_test(test_tournament_sauspiel),
        cmocka_unit_test(test_tournament_solo_tout_sie),
        cmocka_unit_test(test_result_needs_finished_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
