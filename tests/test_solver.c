/*
 * test_solver.c -- the perfect-information solver: its legal cards equal
 * the engine's, and its values equal a plain minimax over sk_game copies
 * on endgames (the last three or four tricks), for solve, the threshold
 * test and the value of every legal card.
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

/* The declarer's side of a game, a seat bitmask (partner known). */
static unsigned side_of(const sk_game *g)
{
    unsigned side = 1u << g->pub.declarer;
    if (g->pub.contract.type == SK_C_SAUSPIEL && g->partner != SK_NOSEAT)
        side |= 1u << g->partner;
    return side;
}

/* Plain minimax over the engine: the declarer side's final card points
 * (Tout: 120 when it takes every trick, else 0). */
static int naive(const sk_game *g)
{
    if (sk_game_over(g)) {
        sk_result r;
        sk_game_result(g, &r, NULL);
        if (g->pub.contract.tout)
            return r.won ? 120 : 0;
        return r.declarer_side_points;
    }
    int seat = g->pub.to_move;
    int maxing = (side_of(g) >> seat) & 1;
    int best = maxing ? -1 : 999;
    for (sk_cards l = sk_game_legal_cards(g); l; l &= l - 1) {
        sk_game c = *g;
        assert_int_equal(sk_game_apply(&c, sk_act_card(seat, sk_cards_first(l)), NULL), SK_OK);
        int v = naive(&c);
        if (maxing ? v > best : v < best)
            best = v;
    }
    return best;
}

/* A random card of the legal set. */
static int random_card(sk_cards l, sk_rng *rng)
{
    uint32_t k = sk_rng_below(rng, (uint32_t)sk_cards_count(l));
    while (k--)
        l &= l - 1;
    return sk_cards_first(l);
}

/* Deals and brings a game into the play phase: for i % 4 < 3 the first
 * seat bids and declares a contract of type Sauspiel, Solo or Wenz (by
 * i % 3, any suit), otherwise a random auction (which favours Touts). */
static void random_play_start(sk_game *g, const sk_rules *r, sk_rng *rng, int i)
{
    static const int TYPES[3] = {SK_C_SAUSPIEL, SK_C_SOLO, SK_C_WENZ};
    do {
        int dealer = (int)sk_rng_below(rng, 4);
        sk_game_deal(g, r, dealer, rng, false);
        if (i % 4 < 3) {
            int fh = (dealer + 1) % 4;
            sk_game_apply(g, sk_act_bid(fh, (sk_contract){SK_C_SAUSPIEL, SK_NOSUIT, 0}), NULL);
            for (int k = 1; k < 4; k++)
                sk_game_apply(g, sk_act_pass((fh + k) % 4), NULL);
            sk_action a[SK_MAX_LEGAL];
            int n = sk_game_legal(g, a), m = 0, match[SK_MAX_LEGAL];
            for (int j = 0; j < n; j++)
                if (a[j].contract.type == TYPES[i % 3] && !a[j].contract.tout)
                    match[m++] = j;
            int k = m ? match[sk_rng_below(rng, (uint32_t)m)] : (int)sk_rng_below(rng, (uint32_t)n);
            assert_int_equal(sk_game_apply(g, a[k], NULL), SK_OK);
        }
        while (g->pub.phase < SK_PHASE_PLAY) {
            sk_action a[SK_MAX_LEGAL];
            int n = sk_game_legal(g, a);
            int k = (int)sk_rng_below(rng, (uint32_t)n);
            assert_int_equal(sk_game_apply(g, a[k], NULL), SK_OK);
        }
    } while (g->pub.phase != SK_PHASE_PLAY);
}

/* The solver's legal sets equal sk_game_legal_cards along random games,
 * so the called-ace rules (2.5.2, 2.5.4, 2.5.5) and following (3.2) are
 * the engine's. */
static void test_legal_matches_engine(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_solver *s = sk_solver_new(1);
    assert_non_null(s);
    sk_rng rng;
    sk_rng_seed(&rng, 11);
    int positions = 0;
    for (int i = 0; i < 400; i++) {
        sk_game g;
        random_play_start(&g, &r, &rng, i);
        while (!sk_game_over(&g)) {
            sk_cards want = sk_game_legal_cards(&g);
            assert_int_equal(sk_solver_legal(s, &g), want);
            positions++;
            int c = random_card(want, &rng);
            assert_int_equal(sk_game_apply(&g, sk_act_card(g.pub.to_move, c), NULL), SK_OK);
        }
    }
    assert_true(positions > 10000);
    sk_solver_free(s);
}

/* Checks solve, reaches and values against the naive minimax at a
 * position; returns the naive value. */
static int check_position(sk_solver *s, const sk_game *g)
{
    int want = naive(g), got = -1;
    assert_int_equal(sk_solver_solve(s, g, &got), SK_OK);
    if (got != want) {
        char buf[64];
        sk_contract_code(g->pub.contract, buf, sizeof buf);
        print_error("solver %d, minimax %d (%s, trick %d, len %d)\n", got, want, buf,
                    g->pub.trick_no, g->pub.trick_len);
    }
    assert_int_equal(got, want);
    for (int t = 1; t <= 120; t += 30) {
        bool yes = false;
        assert_int_equal(sk_solver_reaches(s, g, g->pub.contract.tout ? 120 : t, &yes), SK_OK);
        assert_int_equal(yes, g->pub.contract.tout ? want == 120 : want >= t);
    }
    sk_action acts[SK_NTRICKS];
    int vals[SK_NTRICKS];
    int n = sk_solver_values(s, g, acts, vals, SK_NTRICKS);
    assert_int_equal(n, sk_cards_count(sk_game_legal_cards(g)));
    for (int k = 0; k < n; k++) {
        sk_game c = *g;
        assert_int_equal(sk_game_apply(&c, acts[k], NULL), SK_OK);
        assert_int_equal(vals[k], naive(&c));
    }
    return want;
}

/* Exact equality with minimax on many random endgames of the last three
 * and four tricks, mid-trick positions included. */
static void test_endgames_match_minimax(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_solver *s = sk_solver_new(1);
    sk_rng rng;
    sk_rng_seed(&rng, 5);
    int types[SK_C_NTYPES] = {0}, touts = 0;
    for (int i = 0; i < 300; i++) {
        sk_game g;
        random_play_start(&g, &r, &rng, i);
        int plies = (i % 3 == 0 ? 16 : 20) + (int)sk_rng_below(&rng, 4);
        for (int k = 0; k < plies; k++)
            sk_game_apply(&g, sk_act_card(g.pub.to_move, random_card(sk_game_legal_cards(&g),
                                                                       &rng)), NULL);
        check_position(s, &g);
        types[g.pub.contract.type]++;
        touts += g.pub.contract.tout;
    }
    print_message("Sauspiel %d, Solo %d, Wenz %d, Tout %d\n", types[SK_C_SAUSPIEL], types[SK_C_SOLO], types[SK_C_WENZ], touts);
    assert_true(types[SK_C_SAUSPIEL] > 10 && types[SK_C_SOLO] > 10 && types[SK_C_WENZ] > 10);
    (void)touts;
    sk_solver_free(s);
}

/* Touts: the objective is every trick (2.8.1). */
static void test_tout_endgames(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_solver *s = sk_solver_new(1);
    sk_rng rng;
    sk_rng_seed(&rng, 77);
    int done = 0, wins = 0;
    for (int i = 0; done < 60 && i < 5000; i++) {
        sk_game g;
        sk_game_deal(&g, &r, 3, &rng, false);
        sk_game_apply(&g, sk_act_bid(0, (sk_contract){SK_C_SAUSPIEL, SK_NOSUIT, 0}), NULL);
        for (int k = 1; k < 4; k++)
            sk_game_apply(&g, sk_act_pass(k), NULL);
        sk_action a[SK_MAX_LEGAL];
        int n = sk_game_legal(&g, a), ok = 0;
        for (int j = n - 1; j >= 0 && !ok; j--)
            if (a[j].contract.tout)
                ok = sk_game_apply(&g, a[j], NULL) == SK_OK;
        if (!ok)
            continue;
        for (int k = 0; k < 16 && !sk_game_over(&g); k++) {
            /* the declarer's side plays its best card, so some Touts survive */
            sk_cards l = sk_game_legal_cards(&g);
            int c = random_card(l, &rng);
            if ((side_of(&g) >> g.pub.to_move) & 1)
                for (sk_cards m = l; m; m &= m - 1)
                    if (g.pub.order.power[sk_cards_first(m)] > g.pub.order.power[c])
                        c = sk_cards_first(m);
            sk_game_apply(&g, sk_act_card(g.pub.to_move, c), NULL);
        }
        if (sk_game_over(&g))
            continue;
        wins += check_position(s, &g) == 120;
        done++;
    }
    assert_int_equal(done, 60);
    (void)wins;
    sk_solver_free(s);
}

/* A whole deal from the first card: the value lies in 0..120, the best
 * card's value equals the solve and a finished game is its own result. */
static void test_full_deal_consistency(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_solver *s = sk_solver_new(4);
    sk_rng rng;
    sk_rng_seed(&rng, 99);
    for (int i = 0; i < 6; i++) {
        sk_game g;
        random_play_start(&g, &r, &rng, i);
        int v = -1;
        assert_int_equal(sk_solver_solve(s, &g, &v), SK_OK);
        assert_true(v >= 0 && v <= 120);
        sk_action acts[SK_NTRICKS];
        int vals[SK_NTRICKS];
        int n = sk_solver_values(s, &g, acts, vals, SK_NTRICKS);
        int maxing = (side_of(&g) >> g.pub.to_move) & 1, best = maxing ? -1 : 999;
        for (int k = 0; k < n; k++)
            best = maxing ? (vals[k] > best ? vals[k] : best) : (vals[k] < best ? vals[k] : best);
        assert_int_equal(best, v);
        /* play the solver's line: the value stays */
        while (!sk_game_over(&g)) {
            n = sk_solver_values(s, &g, acts, vals, SK_NTRICKS);
            maxing = (side_of(&g) >> g.pub.to_move) & 1;
            int k = 0;
            for (int j = 1; j < n; j++)
                if (maxing ? vals[j] > vals[k] : vals[j] < vals[k])
                    k = j;
            assert_int_equal(vals[k], v);
            sk_game_apply(&g, acts[k], NULL);
        }
        sk_result res;
        sk_game_result(&g, &res, NULL);
        assert_int_equal(g.pub.contract.tout ? (res.won ? 120 : 0) : res.declarer_side_points, v);
    }
    sk_game g;
    sk_game_deal(&g, &r, 0, &rng, false);
    int v;
    assert_int_equal(sk_solver_solve(s, &g, &v), SK_ESTATE);
    sk_solver_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legal_matches_engine),
        cmocka_unit_test(test_endgames_match_minimax),
        cmocka_unit_test(test_tout_endgames),
        cmocka_unit_test(test_full_deal_consistency),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
