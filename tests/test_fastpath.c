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
 * - sk_game_random_rest plays actions the referee accepts, to the same
 *   game, and the same generator state gives the same game;
 * - its choices have the distribution of sk_game_random_action's: from
 *   many moments of many games, the first two actions of either player
 *   agree (a chi-square test of the two samples);
 * - the random player (sk_game_random_rest) only finishes legal games
 *   whose sums hold and whose records replay to the same result.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "common/common.h"
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

/* A random action, but when `steer` names a contract type the first
 * seat to speak claims the game and the declarer names one of that type
 * when he can: contracts rare in random auctions -- a Sauspiel (a
 * called ace), a Bettel (Stichzwang in some rulesets), a Bettel Brett
 * (a hand laid open in play). */
static sk_action steered_action(const sk_game *g, sk_rng *rng, int steer)
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
            if (legal[i].contract.type == steer)
                return legal[i];
    }
    return sk_game_random_action(g, rng);
}

/* The contract game n steers to (0: none). */
static int steer_of(int n)
{
    static const int STEER[4] = {SK_C_BETTEL_OUVERT, SK_C_SAUSPIEL, SK_C_BETTEL, 0};
    return STEER[n % 4];
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
                assert_int_equal(sk_game_apply(&g, steered_action(&g, &rng, steer_of(n)), NULL),
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

/* Plays from g to a moment of the game: `skip` actions of the random
 * player (steered as in steered_action), stopping early at the end. */
static void advance(sk_game *g, sk_rng *rng, int steer, int skip)
{
    while (skip-- > 0 && !sk_game_over(g))
        assert_int_equal(sk_game_apply(g, steered_action(g, rng, steer), NULL), SK_OK);
}

/* sk_game_random_rest, from the deal or from a later moment of the
 * auction or the play, plays actions the referee accepts one by one,
 * to a byte-equal game; the same generator state gives the same game --
 * in every ruleset, first games, Bock and Kreuzbock rounds included. */
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
            /* random actions first: into the auction, the first trick
             * or (every third game) anywhere in the play */
            advance(&g, &rng, steer_of(n), n % 3 == 1 ? 0 : (int)sk_rng_below(&rng, n % 3 ? 6 : 30));
            sk_game fast = g, again = g, slow = g;
            sk_rng r1 = rng, r2 = rng;
            sk_game_random_rest(&fast, &r1);
            sk_game_random_rest(&again, &r2);
            assert_true(sk_game_over(&fast));
            assert_memory_equal(&fast, &again, sizeof fast);
            assert_memory_equal(&r1, &r2, sizeof r1);
            for (int i = g.pub.nactions; i < fast.pub.nactions; i++) {
                sk_error err;
                if (sk_game_apply(&slow, fast.pub.actions[i], &err) != SK_OK)
                    fail_msg("ruleset %zu game %d action %d refused: %s", k, n, i, err.msg);
            }
            assert_memory_equal(&fast, &slow, sizeof fast);
            rng = r1;
        }
    }
}

/* A key for the (up to) two actions from index i of g's log. */
static uint64_t two_actions(const sk_game *g, int i)
{
    uint64_t key = 0;
    for (int j = i; j < i + 2; j++) {
        uint64_t a = 0x3fffff; /* none: the game ended */
        if (j < g->pub.nactions) {
            sk_action x = g->pub.actions[j];
            a = (uint64_t)x.type | (uint64_t)x.seat << 4 | (uint64_t)x.card << 7 |
                (uint64_t)x.contract.type << 13 | (uint64_t)x.contract.suit << 17 |
                (uint64_t)x.contract.tout << 21;
        }
        key = key << 22 | a;
    }
    return key;
}

/* Counts of keys in two samples. */
#define MAX_KEYS 1024
typedef struct tally {
    uint64_t key[MAX_KEYS];
    int count[2][MAX_KEYS];
    int n;
} tally;

/* Counts `key` in sample `which`. */
static void tally_add(tally *t, int which, uint64_t key)
{
    int i = 0;
    while (i < t->n && t->key[i] != key)
        i++;
    assert_true(i < MAX_KEYS);
    if (i == t->n) {
        t->key[t->n++] = key;
        t->count[0][i] = t->count[1][i] = 0;
    }
    t->count[which][i]++;
}

/* Whether two samples of equal size could come from one distribution:
 * the two-sample chi-square statistic, the keys seen fewer than 10
 * times in all pooled, against a bound far in the tail (mean df,
 * deviation sqrt(2 df)). */
static void assert_same_distribution(const tally *t, const char *what)
{
    double chi = 0;
    int df = -1, rare[2] = {0, 0};
    for (int i = 0; i < t->n; i++) {
        int a = t->count[0][i], b = t->count[1][i];
        if (a + b < 10) {
            rare[0] += a;
            rare[1] += b;
            continue;
        }
        chi += (double)(a - b) * (a - b) / (a + b);
        df++;
    }
    if (rare[0] + rare[1] > 0) {
        chi += (double)(rare[0] - rare[1]) * (rare[0] - rare[1]) / (rare[0] + rare[1]);
        df++;
    }
    if (df < 1)
        return; /* one outcome: nothing to compare */
    double bound = df + 6 * sqrt(2.0 * df) + 8;
    if (chi > bound)
        fail_msg("%s: chi-square %.1f with %d degrees of freedom (bound %.1f)", what, chi, df,
                 bound);
}

/*
 * The random player's choices have sk_game_random_action's distribution:
 * from moments of the auction, the declaration, the first trick (with
 * its doubling moments) and later trick starts, in every ruleset and
 * in steered Sauspiel and Bettel games, the first two actions of
 * sk_game_random_rest and of sk_game_random_action applied twice agree
 * in distribution (their draws differ).
 */
static void test_random_rest_distribution(void **state)
{
    (void)state;
    enum { GAMES = 6, SAMPLES = 4000 };
    static tally t;
    for (size_t k = 0; k < NRULESETS; k++) {
        sk_rules r = ruleset(k);
        sk_rng rng;
        sk_rng_seed(&rng, 555 + k);
        for (int n = 0; n < GAMES; n++) {
            sk_game g;
            sk_game_deal(&g, &r, n % 4, &rng, false);
            /* the deal, two actions in, the play's start, its second card, trick 3 */
            int stops[5] = {0, 2, 0, 1, 3 * g.pub.nseats};
            for (int m = 0; m < 5; m++) {
                sk_game at = g;
                if (m < 2) {
                    advance(&at, &rng, steer_of(n + 1), stops[m]);
                } else {
                    while (!sk_game_over(&at) && at.pub.phase != SK_PHASE_PLAY)
                        advance(&at, &rng, steer_of(n + 1), 1);
                    advance(&at, &rng, steer_of(n + 1), stops[m]);
                }
                if (sk_game_over(&at))
                    continue;
                memset(&t, 0, sizeof t);
                for (int i = 0; i < SAMPLES; i++) {
                    sk_game fast = at, slow = at;
                    sk_game_random_rest(&fast, &rng);
                    for (int j = 0; j < 2 && !sk_game_over(&slow); j++)
                        assert_int_equal(sk_game_apply(&slow, sk_game_random_action(&slow, &rng),
                                                       NULL), SK_OK);
                    tally_add(&t, 0, two_actions(&fast, at.pub.nactions));
                    tally_add(&t, 1, two_actions(&slow, at.pub.nactions));
                }
                char what[64];
                snprintf(what, sizeof what, "ruleset %zu game %d moment %d", k, n, m);
                assert_same_distribution(&t, what);
            }
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
        cmocka_unit_test(test_random_rest_distribution),
        cmocka_unit_test(test_random_player),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
