/*
 * test_rate.c -- a player's decisions rated (sk_rater, src/ai/rate.c):
 * the open-cards measure is the solver's value of the real deal, the
 * measure by information never depends on a card the seat cannot see,
 * forced cards and a Ramsch's cards are not rated, a doubling is priced
 * with and without it, a table that plays for tournament points gets
 * tournament points and the rules of thumb for its auction, and the
 * clear mistakes are flagged.  The terminal's hint for a bid, pass or
 * declaration (sk_rater_hint_auction) is the rating's own computation:
 * on fixed seeds its first choice is what the rating calls best, and no
 * bid is shown with the value of a game another bid names (issue 40).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "schafkopf/ai.h"
#include "testlib.h"

#define SAMPLES 6

/* The auction from forehand: `seat` says "ich spiele", the others pass,
 * and `seat` declares the first contract of `type` his hand allows (a
 * Solo needs a plain card of its suit, 2.6.4; a Sauspiel a called suit
 * without its ace, 2.5.1). */
static void declare_any(sk_game *g, int seat, int type)
{
    for (int i = 0; i < 4; i++) {
        int s = tl_rel(g, i);
        tl_ok_action(g, s == seat ? sk_act_bid(s, tl_contract(SK_C_SAUSPIEL, SK_NOSUIT, 0))
                                  : sk_act_pass(s),
                     "the auction");
    }
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal);
    for (int k = 0; k < n; k++)
        if (legal[k].type == SK_ACT_DECLARE && legal[k].contract.type == type &&
            !legal[k].contract.tout) {
            tl_ok_action(g, legal[k], "the declaration");
            return;
        }
    fail_msg("seat %d may declare no contract of type %d", seat, type);
}

/* The value of card c on the real deal, for the side of `seat`: its
 * side's card points after it with best play (the solver). */
static int dd_value(const sk_game *g, int card, int seat, int *best)
{
    sk_solver *s = sk_solver_new(16);
    assert_non_null(s);
    sk_action acts[SK_NTRICKS];
    int vals[SK_NTRICKS];
    int n = sk_solver_values(s, g, acts, vals, SK_NTRICKS);
    sk_solver_free(s);
    assert_true(n > 0);
    bool decl = sk_game_side(g, seat) == SK_SIDE_DECLARER;
    int v = -1;
    *best = -1;
    for (int k = 0; k < n; k++) {
        int mine = decl ? vals[k] : 120 - vals[k];
        if (acts[k].card == card)
            v = mine;
        if (mine > *best)
            *best = mine;
    }
    assert_true(v >= 0);
    return v;
}

/* Rates every card decision of seeded Solos and Sauspiele played at
 * random: the open-cards measure is the solver's (the played card's
 * value, the best card's and the loss between), forced cards are not
 * rated, losses are never negative and the flag follows the margin and
 * the unit (one tariff unit, 4.2). */
static void test_cards_against_solver(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_rater *rt = sk_rater_new(SAMPLES, 7, 5, 1);
    assert_non_null(rt);
    int rated = 0, forced = 0;
    for (int d = 0; d < 4; d++) {
        sk_rng rng;
        sk_rng_seed(&rng, 900 + (uint64_t)d);
        sk_game g;
        sk_game_deal(&g, &r, 3, &rng, false);
        declare_any(&g, 0, d & 1 ? SK_C_SOLO : SK_C_SAUSPIEL);
        for (int i = 0; !sk_game_over(&g); i++) {
            sk_cards legal = sk_game_legal_cards(&g);
            if (!legal) { /* a doubling on offer: none given here */
                tl_play_lowest(&g);
                continue;
            }
            int seat = g.pub.to_move, n = sk_cards_count(legal);
            int card = sk_cards_first(legal);
            for (int k = (int)sk_rng_below(&rng, (uint32_t)n); k > 0; k--)
                card = sk_cards_first(legal & ~((SK_BIT(card) << 1) - 1));
            sk_action a = sk_act_card(seat, card);
            sk_rating rt1;
            assert_int_equal(sk_rater_rate(rt, &g, a, (uint64_t)d << 16 | (uint64_t)i, &rt1), 0);
            if (n < 2) {
                assert_int_equal(rt1.kind, SK_RATE_NONE);
                forced++;
            } else {
                int best, v = dd_value(&g, card, seat, &best);
                assert_int_equal(rt1.kind, SK_RATE_CARD);
                assert_true(sk_action_equal(rt1.action, a));
                assert_int_equal(rt1.deals, SAMPLES);
                assert_int_equal((int)rt1.dd.value, v);
                assert_int_equal((int)rt1.dd.lost, best - v);
                assert_int_equal(rt1.dd_lost_pts, best - v);
                assert_true(legal & SK_BIT(rt1.dd.best.card));
                assert_true(legal & SK_BIT(rt1.info.best.card));
                assert_true(rt1.info.lost >= 0 && rt1.info.money_lost >= -1e-9);
                assert_true(rt1.dd.money_lost >= 0);
                /* a card as good as the best is named as the best itself */
                if (best == v)
                    assert_int_equal(rt1.dd.best.card, card);
                if (rt1.info.lost < 1e-9)
                    assert_int_equal(rt1.info.best.card, card);
                bool q = rt1.info.lost >= 5 || rt1.info.money_lost >= r.unit_cents - 1e-9;
                assert_int_equal(rt1.question, q);
                assert_int_equal(rt1.bang, rt1.dd.money_lost > 0.5);
                assert_false(rt1.points);
                rated++;
            }
            tl_ok_action(&g, a, "the rated card");
        }
    }
    assert_true(rated > 40 && forced > 0);
    sk_rater_free(rt);
}

/* Secrecy: the measure by information is the same in every deal the
 * seat cannot tell from the real one (the seat's view is all it reads),
 * while the open-cards measure is the real deal's. */
static void test_information_only(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_rng rng;
    sk_rng_seed(&rng, 31);
    sk_game g;
    sk_game_deal(&g, &r, 3, &rng, false);
    declare_any(&g, 1, SK_C_SOLO);
    for (int i = 0; i < 9; i++)
        tl_play_lowest(&g);
    int seat = g.pub.to_move;
    sk_cards legal = sk_game_legal_cards(&g);
    assert_true(sk_cards_count(legal) >= 2);
    sk_action a = sk_act_card(seat, sk_cards_first(legal));
    sk_view v;
    sk_game_view(&g, seat, &v);
    sk_sampler sp;
    assert_int_equal(sk_sample_init(&sp, &v), 0);
    sk_rating real, other;
    sk_rater *r1 = sk_rater_new(SAMPLES, 5, 5, 1);
    assert_non_null(r1);
    assert_int_equal(sk_rater_rate(r1, &g, a, 99, &real), 0);
    int differ = 0;
    for (int k = 0; k < 6; k++) {
        sk_cards hands[SK_NSEATS];
        sk_sample_draw(&sp, &rng, hands);
        sk_game h;
        sk_sample_game(&v, hands, &h);
        sk_rater *r2 = sk_rater_new(SAMPLES, 5, 5, 1);
        assert_non_null(r2);
        assert_int_equal(sk_rater_rate(r2, &h, a, 99, &other), 0);
        sk_rater_free(r2);
        assert_int_equal(other.kind, SK_RATE_CARD);
        assert_int_equal(other.deals, real.deals);
        assert_true(fabs(other.info.value - real.info.value) < 1e-9);
        assert_true(fabs(other.info.money - real.info.money) < 1e-9);
        assert_true(fabs(other.info.lost - real.info.lost) < 1e-9);
        assert_int_equal(other.info.best.card, real.info.best.card);
        assert_int_equal(other.question, real.question);
        differ += other.dd.value != real.dd.value || other.dd.money != real.dd.money;
    }
    assert_true(differ > 0); /* the open cards do tell the deals apart */
    /* the same rater again: the same samples (seed and key) */
    assert_int_equal(sk_rater_rate(r1, &g, a, 99, &other), 0);
    assert_true(fabs(other.info.value - real.info.value) < 1e-9);
    sk_rater_free(r1);
}

/* A Ramsch has no sides: its cards are not rated (nobody's points are a
 * side's to maximise). */
static void test_ramsch_not_rated(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    tl_set(&r, "all_pass", "ramsch");
    sk_rng rng;
    sk_rng_seed(&rng, 3);
    sk_game g;
    sk_game_deal(&g, &r, 3, &rng, false);
    tl_pass_all(&g);
    assert_int_equal(g.pub.contract.type, SK_C_RAMSCH);
    sk_rater *rt = sk_rater_new(2, 1, 5, 1);
    assert_non_null(rt);
    while (!sk_game_over(&g)) {
        sk_cards legal = sk_game_legal_cards(&g);
        if (legal) {
            sk_rating x;
            sk_action a = sk_act_card(g.pub.to_move, sk_cards_first(legal));
            assert_int_equal(sk_rater_rate(rt, &g, a, 1, &x), 0);
            assert_int_equal(x.kind, SK_RATE_NONE);
        }
        tl_play_lowest(&g);
    }
    sk_rater_free(rt);
}

/* Forehand passing with the eight highest trumps throws away a Solo Tout
 * (and any game at all): a mistake by his information and with open
 * cards, and the best choice is a bid. */
static void test_auction_pass_flagged(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, "EO GO HO SO EU GU HU SU", NULL, NULL, NULL);
    sk_rater *rt = sk_rater_new(8, 1, 5, 1);
    assert_non_null(rt);
    sk_rating x;
    assert_int_equal(sk_rater_rate(rt, &g, sk_act_pass(0), 1, &x), 0);
    assert_int_equal(x.kind, SK_RATE_AUCTION);
    assert_true(x.question && x.bang);
    assert_int_equal(x.info.best.type, SK_ACT_BID);
    assert_int_equal(x.dd.best.type, SK_ACT_BID);
    assert_true(x.info.game.type != SK_C_NONE);
    assert_true(x.info.money_lost > 100 && x.dd_lost_money > 100);
    assert_true(fabs(x.info.alt - x.info.money - x.info.money_lost) < 1e-6);
    assert_true(fabs(x.lost_money - x.info.money_lost) < 1e-6);
    /* the bid itself loses nothing, and is named as the best */
    sk_action bid = x.info.best;
    assert_int_equal(sk_rater_rate(rt, &g, bid, 1, &x), 0);
    assert_false(x.question);
    assert_true(x.info.money_lost < 1e-9);
    assert_true(sk_action_equal(x.info.best, bid));
    sk_rater_free(rt);
}

/* A Kontra is priced by the seat's money with it and without it; with
 * open cards the difference is the real game's. */
static void test_kontra(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    /* seat 1 holds the top trumps against seat 0's weak Solo */
    tl_start_game(&g, &r, 3, false, "EU H7 E8 E9 G7 G8 G9 S7", "EO GO HO SO GU HU SU EA",
                  NULL, NULL);
    tl_open_declare(&g, 0, "solo:H");
    sk_rater *rt = sk_rater_new(4, 1, 5, 1);
    assert_non_null(rt);
    sk_rating x;
    assert_int_equal(sk_rater_rate(rt, &g, tl_parse_line("1 kontra"), 1, &x), 0);
    assert_int_equal(x.kind, SK_RATE_DOUBLING);
    assert_true(x.dd.money > x.dd.alt); /* the doubled win is worth more */
    assert_false(x.bang);
    assert_false(x.question);
    assert_true(fabs(x.dd.money_lost - (x.dd.alt - x.dd.money)) < 1e-9);
    assert_true(x.info.money > x.info.alt);
    sk_rater_free(rt);
}

/* At a table that plays for tournament points the money is tournament
 * points (5.2.7) and the auction, which the bots price in money, gets
 * the rules of thumb's choice only. */
static void test_tournament_points(void **state)
{
    (void)state;
    sk_rules r = tl_preset("tournament");
    assert_int_equal(r.score, SK_SCORE_POINTS);
    sk_rng rng;
    sk_rng_seed(&rng, 17);
    sk_game g;
    sk_game_deal(&g, &r, 3, &rng, false);
    sk_rater *rt = sk_rater_new(4, 1, 5, 1);
    assert_non_null(rt);
    sk_rating x;
    int seat = g.pub.to_move;
    assert_int_equal(sk_rater_rate(rt, &g, sk_act_pass(seat), 1, &x), 0);
    assert_int_equal(x.kind, SK_RATE_HINT);
    assert_true(x.points);
    assert_false(x.question || x.bang);
    assert_true(x.hint.seat == seat);
    declare_any(&g, tl_rel(&g, 0), SK_C_SOLO);
    int rated = 0;
    while (!sk_game_over(&g)) {
        sk_cards legal = sk_game_legal_cards(&g);
        if (sk_cards_count(legal) >= 2) {
            sk_action a = sk_act_card(g.pub.to_move, sk_cards_first(legal));
            assert_int_equal(sk_rater_rate(rt, &g, a, 2, &x), 0);
            assert_int_equal(x.kind, SK_RATE_CARD);
            assert_true(x.points);
            /* a Solo in tournament points: a handful, never cents */
            assert_true(fabs(x.dd.money) <= 12 && fabs(x.info.money) <= 12);
            rated++;
        }
        tl_play_lowest(&g);
    }
    assert_true(rated > 0);
    sk_rater_free(rt);
}

/* Whether bid a is priced as the game it names. */
static bool names_its_game(sk_action a, sk_contract game)
{
    char x[32], y[32];
    sk_contract_class_code(a.contract, x, sizeof x);
    sk_contract_class_code(game, y, sizeof y);
    return strcmp(x, y) == 0;
}

/* Issue 40: the hint and `bewerten` agree.  Every auction and
 * declaration decision of fixed deals under two presets: the hint's
 * first action is the rating's best by information, whichever action
 * the seat then takes; a listed bid priced as another class's game
 * never has a bid naming that class beside it. */
static void test_hint_agrees_with_rating(void **state)
{
    (void)state;
    static const char *const PRESETS[] = {"official", "sauspiel"};
    sk_rater *rt = sk_rater_new(4, 1, 5, 1);
    assert_non_null(rt);
    int compared = 0, bids = 0;
    for (int pi = 0; pi < 2; pi++) {
        sk_rules r = tl_preset(PRESETS[pi]);
        for (uint64_t seed = 1; seed <= 5; seed++) {
            sk_rng rng;
            sk_rng_seed(&rng, seed);
            sk_game g;
            sk_game_deal(&g, &r, (int)(seed % 4), &rng, false);
            for (int step = 0; step < 16 && !sk_game_over(&g) &&
                               (g.pub.phase == SK_PHASE_AUCTION ||
                                g.pub.phase == SK_PHASE_DECLARE ||
                                g.pub.phase == SK_PHASE_KLOPFEN);
                 step++) {
                int seat = g.pub.to_move;
                sk_view v;
                sk_game_view(&g, seat, &v);
                sk_action legal[SK_MAX_LEGAL], acts[SK_MAX_LEGAL];
                double vals[SK_MAX_LEGAL];
                sk_contract games[SK_MAX_LEGAL];
                int nl = sk_view_legal(&v, legal);
                uint64_t key = (uint64_t)seed << 16 | g.pub.nactions;
                int n = sk_rater_hint_auction(rt, &v, key, acts, vals, games, SK_MAX_LEGAL);
                sk_action next = legal[0];
                if (n > 0) {
                    for (int i = 1; i < n; i++)
                        assert_true(vals[i - 1] >= vals[i]);
                    for (int i = 0; i < n; i++) {
                        if (acts[i].type != SK_ACT_BID || games[i].type == SK_C_NONE ||
                            names_its_game(acts[i], games[i]))
                            continue;
                        for (int k = 0; k < n; k++) /* no bid names that game */
                            if (acts[k].type == SK_ACT_BID && games[k].type != SK_C_NONE)
                                assert_false(names_its_game(acts[k], games[k]) &&
                                             names_its_game(acts[k], games[i]));
                    }
                    bids += acts[0].type == SK_ACT_BID;
                    /* the rating of the hinted action and of the first other */
                    sk_action rated[2] = {acts[0], legal[sk_action_equal(legal[0], acts[0])]};
                    for (int i = 0; i < 2 && i < nl; i++) {
                        sk_rating x;
                        assert_int_equal(sk_rater_rate(rt, &g, rated[i], key, &x), 0);
                        if (x.kind != SK_RATE_AUCTION)
                            continue;
                        assert_true(sk_action_equal(x.info.best, acts[0]));
                        assert_true(fabs(x.info.alt - vals[0] * r.unit_cents) < 1e-6);
                        compared++;
                    }
                    next = acts[0];
                }
                assert_int_equal(sk_game_apply(&g, next, NULL), 0);
            }
        }
    }
    print_message("hint and rating compared on %d decisions (%d hints a bid)\n", compared, bids);
    assert_true(compared >= 24);
    sk_rater_free(rt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cards_against_solver),
        cmocka_unit_test(test_information_only),
        cmocka_unit_test(test_ramsch_not_rated),
        cmocka_unit_test(test_auction_pass_flagged),
        cmocka_unit_test(test_kontra),
        cmocka_unit_test(test_tournament_points),
        cmocka_unit_test(test_hint_agrees_with_rating),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
