/*
 * test_fastpath.c -- the engine's shortcuts for trusted callers agree
 * with the referee, over seeded random games in many rulesets:
 *
 * - sk_game_legal_bids lists exactly the bids of sk_game_legal, in order;
 * - the declarations listed are exactly those sk_game_apply accepts;
 * - sk_game_legal_doublings lists exactly its Kontra/Retour actions;
 * - sk_game_play_legal leaves the game byte-equal to sk_game_apply with
 *   the same card, and returns sk_game_legal_cards of the new state;
 * - sk_game_play_random plays cards the referee accepts, to the same game;
 * - sk_game_random_rest plays the game sk_game_random_action's actions
 *   through the referee play, with the same draws;
 * - the random player (sk_game_random_rest) only finishes legal games
 *   whose sums hold and whose records replay to the same result.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cli/cli.h"
#include "testlib.h"

/* Rulesets: presets and options that change who may bid, double, lay
 * and how the play is checked. */
static const char *const RULESETS[][4] = {
    {"official", NULL, NULL, NULL},
    {"tournament", NULL, NULL, NULL},
    {"stammtisch", "bettel_stichzwang=yes", "ranking=cardgame", NULL},
    {"stammtisch", "allow_hochzeit=yes", "hochzeit_after_pass=yes", "ranking=online"},
    {"official", "all_pass=ramsch", "klopfen=all", "kontra_max=8"},
    {"official", "all_pass=muss", "answer_one_card_later=yes", NULL},
    {"official", "all_pass=kreuzbock", "kontra_timing=own_card", NULL},
    {"kurz", NULL, NULL, NULL},
    {"official", "players=3", NULL, NULL},
    {"official", "deck=20", "allow_hochzeit=yes", NULL},
};
#define NRULESETS (sizeof RULESETS / sizeof RULESETS[0])

/* The ruleset of row i. */
static sk_rules ruleset(size_t i)
{
    sk_rules r = tl_preset(RULESETS[i][0]);
    for (int k = 1; k < 4; k++)
        if (RULESETS[i][k])
            assert_int_equal(sk_rules_set_pair(&r, RULESETS[i][k], NULL), SK_OK);
    return r;
}

/* The bids and doublings the shortcuts list equal those of the full list. */
static void check_lists(const sk_game *g)
{
    sk_action legal[SK_MAX_LEGAL], dbl[2 * SK_NSEATS];
    sk_contract bids[SK_MAX_BIDS];
    int n = sk_game_legal(g, legal);
    int nb = sk_game_legal_bids(g, bids), nd = sk_game_legal_doublings(g, dbl);
    int jb = 0, jd = 0;
    for (int i = 0; i < n; i++) {
        if (legal[i].type == SK_ACT_BID) {
            assert_true(jb < nb);
            assert_int_equal(legal[i].contract.type, bids[jb].type);
            assert_int_equal(legal[i].contract.tout, bids[jb].tout);
            jb++;
        } else if (legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR) {
            assert_true(jd < nd);
            assert_true(sk_action_equal(legal[i], dbl[jd]));
            jd++;
        }
    }
    assert_int_equal(jb, nb);
    assert_int_equal(jd, nd);
}

/* In the declaration the listed contracts are exactly those the referee
 * accepts: every type, every suit (and none, and a bad one), plain and
 * Tout, tried on a copy. */
static void check_declarations(const sk_game *g)
{
    if (g->pub.phase != SK_PHASE_DECLARE)
        return;
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal), accepted = 0;
    static const uint8_t SUITS[] = {0, 1, 2, 3, SK_NOSUIT, 7};
    for (int t = 0; t < SK_C_NTYPES; t++)
        for (size_t s = 0; s < sizeof SUITS; s++)
            for (int tout = 0; tout < 2; tout++) {
                sk_action a = sk_act_declare(g->pub.to_move,
                                             (sk_contract){(uint8_t)t, SUITS[s], (uint8_t)tout});
                sk_game copy = *g;
                bool ok = sk_game_apply(&copy, a, NULL) == SK_OK, listed = false;
                for (int i = 0; i < n; i++)
                    listed |= sk_action_equal(legal[i], a);
                if (ok != listed)
                    fail_msg("declare %d/%d/%d: accepted %d, listed %d", t, SUITS[s], tout, ok,
                             listed);
                accepted += ok;
            }
    assert_int_equal(accepted, n); /* and nothing else is listed */
}

/* Random games through the referee; every card is also played on a copy
 * by the trusted path, and the two games must stay byte-equal. */
static void test_shortcuts_agree(void **state)
{
    (void)state;
    for (size_t k = 0; k < NRULESETS; k++) {
        sk_rules r = ruleset(k);
        sk_rng rng;
        sk_rng_seed(&rng, 777 + k);
        for (int n = 0; n < 1000; n++) {
            sk_game g, fast;
            sk_game_deal(&g, &r, n % 4, &rng, n % 9 == 0);
            while (!sk_game_over(&g)) {
                check_lists(&g);
                check_declarations(&g);
                sk_action legal[SK_MAX_LEGAL];
                int m = sk_game_legal(&g, legal);
                assert_true(m > 0);
                sk_action a = legal[sk_rng_below(&rng, (uint32_t)m)];
                if (a.type != SK_ACT_CARD) {
                    assert_int_equal(sk_game_apply(&g, a, NULL), SK_OK);
                    continue;
                }
                memcpy(&fast, &g, sizeof g);
                sk_cards next = sk_game_play_legal(&fast, a.card);
                assert_int_equal(sk_game_apply(&g, a, NULL), SK_OK);
                assert_memory_equal(&fast, &g, sizeof g);
                assert_int_equal(next, sk_game_legal_cards(&g));
            }
        }
    }
}

/* A random action, but in every `steer`-th game the first seat to speak
 * claims the game and the declarer names a Bettel Brett when he can --
 * a rare contract in random auctions whose hand is laid open in play. */
static sk_action steered_action(const sk_game *g, sk_rng *rng, bool steer)
{
    const sk_public *p = &g->pub;
    if (steer && p->phase == SK_PHASE_AUCTION) {
        sk_contract bids[SK_MAX_BIDS];
        int nb = sk_game_legal_bids(g, bids);
        return p->holder == SK_NOSEAT && nb ? sk_act_bid(p->to_move, bids[0])
                                            : sk_act_pass(p->to_move);
    }
    if (steer && p->phase == SK_PHASE_DECLARE) {
        sk_action legal[SK_MAX_LEGAL];
        int n = sk_game_legal(g, legal);
        for (int i = 0; i < n; i++)
            if (legal[i].contract.type == SK_C_BETTEL_OUVERT)
                return legal[i];
    }
    return sk_game_random_action(g, rng);
}

/* sk_game_play_random from any moment of the play: its cards, replayed
 * through the referee from the same moment, are all accepted and give
 * a byte-equal game; the same generator state gives the same game. */
static void test_playout_is_referee_play(void **state)
{
    (void)state;
    for (size_t k = 0; k < NRULESETS; k++) {
        sk_rules r = ruleset(k);
        sk_rng rng;
        sk_rng_seed(&rng, 4321 + k);
        for (int n = 0; n < 1000; n++) {
            sk_game g;
            sk_game_deal(&g, &r, n % 4, &rng, n % 7 == 0);
            int stop = (int)sk_rng_below(&rng, 20); /* cards played before the playout */
            while (!sk_game_over(&g) && (g.pub.phase != SK_PHASE_PLAY || stop-- > 0))
                assert_int_equal(sk_game_apply(&g, steered_action(&g, &rng, n % 4 == 0), NULL),
                                 SK_OK);
            sk_game fast = g, again = g, slow = g;
            sk_rng r1 = rng, r2 = rng;
            sk_game_play_random(&fast, &r1);
            sk_game_play_random(&again, &r2);
            assert_memory_equal(&fast, &again, sizeof fast);
            assert_true(sk_game_over(&fast));
            for (int i = g.pub.nactions; i < fast.pub.nactions; i++) {
                assert_int_equal(fast.pub.actions[i].type, SK_ACT_CARD);
                assert_int_equal(sk_game_apply(&slow, fast.pub.actions[i], NULL), SK_OK);
            }
            assert_memory_equal(&fast, &slow, sizeof fast);
            rng = r1;
        }
    }
}

/* The random player's game the slow way: each action of
 * sk_game_random_action through the referee (sk_game_apply), and from
 * the first moment without a doubling on offer sk_game_play_random. */
static void referee_random_game(sk_game *g, sk_rng *rng)
{
    while (!sk_game_over(g)) {
        if (g->pub.phase == SK_PHASE_PLAY &&
            !(g->pub.trick_no == 0 && g->pub.trick_len <= 1 &&
              g->pub.doublings < g->rules->kontra_max)) {
            sk_game_play_random(g, rng);
            assert_true(sk_game_over(g));
            return;
        }
        sk_action a = sk_game_random_action(g, rng);
        sk_error err;
        if (sk_game_apply(g, a, &err) != SK_OK)
            fail_msg("random action refused: %s", err.msg);
    }
}

/* sk_game_random_rest, from the deal or from a later moment of the
 * auction or the first trick, gives the game and the generator state of
 * the referee's loop -- in every ruleset, first games, Bock and
 * Kreuzbock rounds included. */
static void test_random_rest_is_referee_play(void **state)
{
    (void)state;
    for (size_t k = 0; k < NRULESETS; k++) {
        sk_rules r = ruleset(k);
        sk_rng rng;
        sk_rng_seed(&rng, 2024 + k);
        for (int n = 0; n < 3000; n++) {
            sk_game g;
            sk_game_deal(&g, &r, n % 4, &rng, n % 9 == 0);
            if (n % 5 == 0)
                assert_int_equal(sk_game_set_round(&g, n % 3, n % 10 == 0 && g.pub.nseats == 4,
                                                   NULL), SK_OK);
            int skip = n % 3 ? 0 : (int)sk_rng_below(&rng, 6); /* random actions first */
            while (skip-- > 0 && !sk_game_over(&g) &&
                   !(g.pub.phase == SK_PHASE_PLAY && g.pub.trick_len > 1))
                assert_int_equal(sk_game_apply(&g, sk_game_random_action(&g, &rng), NULL),
                                 SK_OK);
            sk_game fast = g, slow = g;
            sk_rng r1 = rng, r2 = rng;
            sk_game_random_rest(&fast, &r1);
            referee_random_game(&slow, &r2);
            assert_true(sk_game_over(&fast));
            assert_memory_equal(&fast, &slow, sizeof fast);
            assert_memory_equal(&r1, &r2, sizeof r1);
            rng = r1;
        }
    }
}

/* The random player: money and tournament points sum to zero, a played
 * game's card points to 120 in all its tricks, and the records replay
 * (the referee accepts every action). */
static void test_random_player(void **state)
{
    (void)state;
    for (size_t k = 0; k < NRULESETS; k++) {
        sk_rules r = ruleset(k);
        sk_rng rng;
        sk_rng_seed(&rng, 99 + k);
        for (int n = 0; n < 1000; n++) {
            sk_game g;
            sk_game_deal(&g, &r, n % 4, &rng, false);
            sk_game_random_rest(&g, &rng);
            sk_result res = tl_result(&g);
            int64_t money = 0;
            int tp = 0, points = 0, tricks = 0;
            for (int s = 0; s < 4; s++) {
                money += res.money[s];
                tp += res.tournament[s];
                points += res.points[s];
                tricks += res.tricks[s];
            }
            assert_int_equal(money, 0); /* 4.2.4, 5.3.3 */
            assert_int_equal(tp, 0);
            if (!res.thrown_in) { /* 1.2.4: 120 in every deck */
                assert_int_equal(points, 120);
                assert_int_equal(tricks, g.pub.ntricks);
            }
            if (n % 10 == 0)
                tl_assert_round_trip(&g, "fastpath", NULL);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shortcuts_agree),
        cmocka_unit_test(test_playout_is_referee_play),
        cmocka_unit_test(test_random_rest_is_referee_play),
        cmocka_unit_test(test_random_player),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
