/*
 * test_respond.c -- the best reply to people's card play on a known
 * deal (src/ai/respond.c): the same values as a plain search through
 * the referee, never less for a declarer without partner than double
 * dummy guarantees him, never less than the line where he too plays the
 * model's cards, and more than double dummy where the others' habits
 * let him (which is what it is for).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "ai/ai_internal.h"
#include "schafkopf/ai.h"
#include "schafkopf/playout.h"
#include "testlib.h"

/* The value of a finished game for `me`, from the referee's result. */
static double ref_final(const sk_game *g, int me)
{
    sk_result res;
    assert_int_equal(sk_game_result(g, &res, NULL), 0);
    double u = skx_pimc_score_units(g->rules, &res, res.declarer);
    return sk_game_side(g, me) == SK_SIDE_DECLARER ? u : -u;
}

/* The card actions of the seat to move, as the referee lists them. */
static int ref_cards(const sk_game *g, sk_action *cards)
{
    sk_action a[SK_MAX_LEGAL];
    int n = sk_game_legal(g, a), k = 0;
    for (int i = 0; i < n; i++)
        if (a[i].type == SK_ACT_CARD && a[i].seat == g->pub.to_move)
            cards[k++] = a[i];
    return k;
}

/* The reference: a plain search through the referee, `me` trying every
 * card, the others playing the model's card from their own views --
 * people's (policy.c), or the rules of thumb's for the seats in `rules`
 * (a bit each; opponents.c). */
static double ref_best_as(const sk_game *g, int me, bool me_by_model, unsigned rules)
{
    if (g->pub.phase != SK_PHASE_PLAY)
        return ref_final(g, me);
    sk_action cards[SK_MAX_LEGAL];
    int n = ref_cards(g, cards);
    assert_true(n > 0);
    sk_cards legal = 0;
    for (int i = 0; i < n; i++)
        legal |= SK_BIT(cards[i].card);
    if (g->pub.to_move != me || me_by_model) {
        sk_view v;
        sk_game_view(g, g->pub.to_move, &v);
        sk_game h = *g;
        int c = n == 1                              ? cards[0].card
                : (rules >> g->pub.to_move & 1) ? skx_heur_card(&v, legal)
                                                : sk_policy_card(&v, legal);
        tl_ok_action(&h, sk_act_card(g->pub.to_move, c), "model card");
        return ref_best_as(&h, me, me_by_model, rules);
    }
    double best = -INFINITY;
    for (int i = 0; i < n; i++) {
        sk_game h = *g;
        tl_ok_action(&h, cards[i], "own card");
        double x = ref_best_as(&h, me, false, rules);
        best = x > best ? x : best;
    }
    return best;
}

/* The reference against people at every other seat. */
static double ref_best(const sk_game *g, int me, bool me_by_model)
{
    return ref_best_as(g, me, me_by_model, 0);
}

/* A random game of ruleset r with contract `code` declared by a random
 * seat (the others pass), played at random to `left` tricks before the
 * end and then `extra` cards into that trick; false when the deal does
 * not allow the contract. */
static bool random_endgame(sk_game *g, const sk_rules *r, const char *code, int left, int extra,
                           sk_rng *rng)
{
    sk_game_deal(g, r, (int)sk_rng_below(rng, 4), rng, false);
    int decl = tl_rel(g, (int)sk_rng_below(rng, 4));
    char line[64];
    for (int i = 0; i < 4; i++) {
        int s = tl_rel(g, i);
        snprintf(line, sizeof line, s == decl ? "%d bid sauspiel" : "%d pass", s);
        tl_ok(g, line);
    }
    if (!tl_may_declare(g, code))
        return false;
    snprintf(line, sizeof line, "%d declare %s", decl, code);
    tl_ok(g, line);
    while (g->pub.phase == SK_PHASE_PLAY &&
           (g->pub.ntricks - g->pub.trick_no > left || g->pub.trick_len < extra)) {
        sk_cards l = sk_game_legal_cards(g);
        sk_game_play_legal(g, sk_cards_nth(l, sk_rng_below(rng, (uint32_t)sk_cards_count(l))));
    }
    return g->pub.phase == SK_PHASE_PLAY;
}

static const char *const CONTRACTS[] = {"sauspiel:E", "sauspiel:G", "sauspiel:S", "solo:H",
                                        "solo:E",     "wenz",       "solo:G:tout", NULL};

/* The values equal the reference's, card by card, from trick starts and
 * mid-trick, in every kind of game, up to five tricks before the end
 * (where the search cuts most lines short). */
static void test_matches_reference(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_rng rng;
    sk_rng_seed(&rng, 7);
    int checked = 0;
    for (int k = 0; CONTRACTS[k]; k++)
        for (int i = 0; i < 100; i++) {
            sk_game g;
            if (!random_endgame(&g, &r, CONTRACTS[k], 1 + i % 5, i % 4, &rng))
                continue;
            sk_cards legal = sk_game_legal_cards(&g);
            double value[SK_NCARDS];
            skx_respond_values(&g, legal, 0, value);
            int me = g.pub.to_move;
            for (sk_cards l = legal; l; l &= l - 1) {
                sk_game h = g;
                tl_ok_action(&h, sk_act_card(me, sk_cards_first(l)), "root card");
                assert_true(fabs(value[sk_cards_first(l)] - ref_best(&h, me, false)) < 1e-9);
                checked++;
            }
        }
    assert_true(checked > 800);
}

/*
 * A Solo or Wenz declarer has no partner: against any fixed way the
 * others play he makes at least what he can force against perfect play.
 * So each card's value is never below the double-dummy value of its
 * threshold level (the solver's, 31/61/91; a level the declarer reaches
 * means he is not Schwarz, so only Schwarz won could pay more).  And
 * playing the model's cards himself is one of his lines: never above
 * his best.  Over these endgames four tricks from the end his best
 * reply is worth strictly more than double dummy somewhere -- the
 * others' habits leave him something perfect play would not.
 */
static void test_declarer_alone(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_solver *s = sk_solver_new(4);
    assert_non_null(s);
    sk_rng rng;
    sk_rng_seed(&rng, 11);
    static const char *const ALONE[] = {"solo:H", "solo:S", "wenz", NULL};
    int cards = 0, more = 0;
    for (int k = 0; ALONE[k]; k++)
        for (int i = 0; i < 150; i++) {
            sk_game g;
            if (!random_endgame(&g, &r, ALONE[k], 4, 0, &rng) ||
                g.pub.to_move != g.pub.declarer)
                continue;
            sk_cards legal = sk_game_legal_cards(&g);
            double value[SK_NCARDS];
            skx_respond_values(&g, legal, 0, value);
            int t[3], lev[SK_NTRICKS];
            sk_action acts[SK_NTRICKS];
            skx_pimc_thresholds(&g.pub, t);
            int n = sk_solver_levels(s, &g, t, 3, acts, lev, SK_NTRICKS);
            assert_int_equal(n, sk_cards_count(legal));
            double best_dd = -1e9, best = -1e9;
            for (int j = 0; j < n; j++) {
                int c = acts[j].card;
                double dd = skx_pimc_declarer_units(&g, lev[j]);
                if (lev[j] >= 1)
                    assert_true(value[c] >= dd - 1e-9);
                sk_game h = g;
                tl_ok_action(&h, sk_act_card(g.pub.to_move, c), "card");
                assert_true(value[c] >= ref_best(&h, g.pub.to_move, true) - 1e-9);
                best_dd = dd > best_dd ? dd : best_dd;
                best = value[c] > best ? value[c] : best;
                cards++;
            }
            more += best > best_dd + 1e-9;
        }
    sk_solver_free(s);
    assert_true(cards > 300);
    assert_true(more > 0);
}

/* With seats that play by the rules of thumb (a PIMC bot told so by
 * the table's opponent model, opponents.c): the values equal the
 * reference's for every mask of the other seats, and some differ from
 * the reply to people (the rules are not people's cards). */
static void test_matches_reference_rules(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_rng rng;
    sk_rng_seed(&rng, 17);
    int checked = 0, changed = 0;
    for (int k = 0; CONTRACTS[k]; k++)
        for (int i = 0; i < 20; i++) {
            sk_game g;
            if (!random_endgame(&g, &r, CONTRACTS[k], 1 + i % 5, i % 4, &rng))
                continue;
            sk_cards legal = sk_game_legal_cards(&g);
            int me = g.pub.to_move;
            double people[SK_NCARDS];
            skx_respond_values(&g, legal, 0, people);
            for (unsigned mask = 1; mask < 16; mask++) {
                if (mask >> me & 1)
                    continue;
                double value[SK_NCARDS];
                skx_respond_values(&g, legal, mask, value);
                for (sk_cards l = legal; l; l &= l - 1) {
                    int c = sk_cards_first(l);
                    sk_game h = g;
                    tl_ok_action(&h, sk_act_card(me, c), "root card");
                    assert_true(fabs(value[c] - ref_best_as(&h, me, false, mask)) < 1e-9);
                    changed += fabs(value[c] - people[c]) > 1e-9;
                    checked++;
                }
            }
        }
    print_message("%d values checked against the rules, %d differ from the reply to people\n",
                  checked, changed);
    assert_true(checked > 800);
    assert_true(changed > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matches_reference),
        cmocka_unit_test(test_matches_reference_rules),
        cmocka_unit_test(test_declarer_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
