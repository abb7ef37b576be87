/*
 * test_claim.c -- claiming the rest ("Der Rest gehört mir",
 * docs/rules.md): a claim judged from the claimer's view holds at the
 * table (checked against an exhaustive search over the real deal), its
 * line ends the game with every trick to the claimer's side, the answer
 * never depends on cards the claimer cannot see, and the clear cases
 * come out as a player expects.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "schafkopf/ai.h"
#include "testlib.h"

/* The seats that count for the claimer in truth: his side (sk_game's
 * side mask), himself alone in a Ramsch; for a Bettel declarer the
 * others (he claims to take no trick). */
static unsigned truth_target(const sk_game *g, int seat)
{
    const sk_public *p = &g->pub;
    unsigned all = p->nseats == 3 ? 7u : 15u;
    if (p->contract.type == SK_C_RAMSCH)
        return 1u << seat;
    unsigned side = sk_game_side_mask(g);
    if (!(side & (1u << seat)))
        side = all & ~side;
    bool bettel = p->contract.type == SK_C_BETTEL || p->contract.type == SK_C_BETTEL_OUVERT;
    if (bettel && p->declarer == seat)
        return all & ~(1u << seat);
    return side;
}

/* Exhaustively on the real deal: whether the claimer, choosing his own
 * cards, gets every remaining trick to `target` whatever the others
 * play. */
static bool truth_holds(const sk_game *g, int seat, unsigned target)
{
    if (sk_game_over(g))
        return true;
    sk_cards legal = sk_game_legal_cards(g);
    bool mine = g->pub.to_move == seat;
    for (sk_cards c = legal; c; c &= c - 1) {
        sk_game h = *g;
        assert_int_equal(sk_game_apply(&h, sk_act_card(h.pub.to_move, sk_cards_first(c)), NULL),
                         SK_OK);
        bool ok = true;
        if (h.pub.trick_len == 0)
            ok = (target >> h.pub.trick_winners[h.pub.trick_no - 1]) & 1u;
        ok = ok && truth_holds(&h, seat, target);
        if (mine && ok)
            return true;
        if (!mine && !ok)
            return false;
    }
    return !mine;
}

/* A random game of ruleset r played at random into its play phase and
 * on until at most `left` tricks remain (a card or two into a trick
 * now and then); false when the deal was not played. */
static bool random_late_position(sk_game *g, const sk_rules *r, sk_rng *rng, int left)
{
    if (!tl_random_variant_start(g, r, rng))
        return false;
    int stop_len = (int)sk_rng_below(rng, 3);
    while (!sk_game_over(g) &&
           (g->pub.ntricks - g->pub.trick_no > left || g->pub.trick_len < stop_len)) {
        sk_cards legal = sk_game_legal_cards(g);
        int k = (int)sk_rng_below(rng, (uint32_t)sk_cards_count(legal));
        assert_int_equal(sk_game_apply(g, sk_act_card(g->pub.to_move, sk_cards_nth(legal, k)), NULL),
                         SK_OK);
    }
    return !sk_game_over(g);
}

/* Plays a claim's line on a copy: every card accepted, the game over,
 * and every trick from the claim on gone to the target seats. */
static void assert_line_proves(const sk_game *g, int seat, unsigned target)
{
    sk_action line[32];
    sk_error err;
    int n = sk_claim_line(g, seat, line, 32, &err);
    if (n < 0)
        fail_msg("claim line: %s", err.msg);
    sk_game h = *g;
    int from = h.pub.trick_no;
    for (int i = 0; i < n; i++)
        if (sk_game_apply(&h, line[i], &err) != 0)
            fail_msg("claim line card %d: %s", i, err.msg);
    assert_true(sk_game_over(&h));
    for (int t = from; t < h.pub.ntricks; t++)
        assert_true((target >> h.pub.trick_winners[t]) & 1u);
}

/* Over many random positions with up to four tricks left, under every
 * preset and the variants: a claim that holds by the claimer's view
 * holds on the real deal against every play, and its line proves it.
 * Enough claims must hold for this to mean something. */
static void test_claims_hold_at_the_table(void **state)
{
    (void)state;
    const char *rulesets[][2] = {
        {"official", ""},
        {"sauspiel", ""},
        {"stammtisch", ""},
        {"kurz", ""},
        {"official", "allow_bettel=yes,allow_bettel_ouvert=yes,all_pass=ramsch"},
        {"official", "players=3,deck=short"},
    };
    sk_rng rng;
    sk_rng_seed(&rng, 2026);
    int checked = 0, held = 0, refused = 0;
    for (size_t k = 0; k < sizeof rulesets / sizeof rulesets[0]; k++) {
        sk_rules r = tl_rules(rulesets[k][0], rulesets[k][1]);
        for (int i = 0; i < 300; i++) {
            sk_game g;
            if (!random_late_position(&g, &r, &rng, 1 + (int)sk_rng_below(&rng, 4)))
                continue;
            int seats = g.pub.nseats == 3 ? 3 : 4;
            for (int s = 0; s < seats; s++) {
                bool holds = false;
                sk_error err;
                int rc = sk_claim_check(&g, s, &holds, &err);
                if (rc == SK_ERANGE) {
                    refused++;
                    continue;
                }
                if (rc != 0)
                    fail_msg("claim check: %s", err.msg);
                checked++;
                if (!holds)
                    continue;
                held++;
                unsigned target = truth_target(&g, s);
                if (!truth_holds(&g, s, target))
                    fail_msg("seat %d's claim held by its view but not at the table (%s)", s,
                             rulesets[k][0]);
                assert_line_proves(&g, s, target);
            }
        }
    }
    print_message("claims checked %d, held %d, too rich %d\n", checked, held, refused);
    assert_true(checked > 3000);
    assert_true(held > 300);
    assert_int_equal(refused, 0);
}

/* The answer is a function of what the claimer sees: swapping two unseen
 * cards of two other seats (and replaying the same actions) changes
 * nothing. */
static void test_claim_reveals_nothing(void **state)
{
    (void)state;
    sk_rules r = tl_rules("sauspiel", "");
    sk_rng rng;
    sk_rng_seed(&rng, 7);
    int swaps = 0;
    for (int i = 0; i < 600; i++) {
        sk_game g;
        if (!random_late_position(&g, &r, &rng, 1 + (int)sk_rng_below(&rng, 5)))
            continue;
        int seat = (int)sk_rng_below(&rng, 4);
        for (int tries = 0; tries < 12; tries++) {
            uint8_t dealt[4][8];
            int x, y;
            if (!tl_unseen_swap(&g, seat, &rng, dealt, &x, &y))
                continue;
            sk_game h;
            if (sk_game_init(&h, g.rules, g.pub.dealer, dealt, g.pub.first_game, NULL) != 0)
                continue;
            bool replayed = true;
            for (int a = 0; a < g.pub.nactions && replayed; a++)
                replayed = sk_game_apply(&h, g.pub.actions[a], NULL) == 0;
            if (!replayed)
                continue;
            bool h1 = false, h2 = false;
            int r1 = sk_claim_check(&g, seat, &h1, NULL);
            int r2 = sk_claim_check(&h, seat, &h2, NULL);
            assert_int_equal(r1, r2);
            assert_int_equal(h1, h2);
            swaps++;
            break;
        }
        swaps++;
    }
    assert_true(swaps > 200);
}

/* Seven lords and the Herz-Sau in a Herz-Solo: the Schellen-Unter falls
 * to the lords (3.2.1: trumps must follow trumps), then the Sau is the
 * highest trump: the claim holds from the first card. */
static void test_all_lords_claim_at_once(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, "EO GO HO SO EU GU HU HA", NULL, NULL, NULL);
    tl_open_declare(&g, 0, "solo:H");
    while (g.pub.phase != SK_PHASE_PLAY)
        tl_ok_action(&g, sk_act_pass(g.pub.to_move), "no doubling");
    bool holds = false;
    assert_int_equal(sk_claim_check(&g, 0, &holds, NULL), 0);
    assert_true(holds);
    assert_line_proves(&g, 0, 1u);
    /* a defender cannot claim anything here */
    assert_int_equal(sk_claim_check(&g, 1, &holds, NULL), 0);
    assert_false(holds);
}

/* A Sauspiel declarer with seven top trumps and a small card of the
 * called suit: the last trick is the called ace's (2.5.2: its holder
 * must play it when the suit is led), and the partner's trick counts
 * for the side even though the declarer does not know who he is. */
static void test_hidden_partner_trick_counts(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, "EO GO HO SO EU GU HU E7",
                  "EA SU HA HK SA SZ SK S9", NULL, NULL);
    tl_open_declare(&g, 0, "sauspiel:E");
    while (g.pub.phase != SK_PHASE_PLAY)
        tl_ok_action(&g, sk_act_pass(g.pub.to_move), "no doubling");
    bool holds = false;
    assert_int_equal(sk_claim_check(&g, 0, &holds, NULL), 0);
    assert_true(holds);
    assert_line_proves(&g, 0, sk_game_side_mask(&g));
}

/* A claim that does not hold: the same hand with a small Gras card,
 * which anyone may take; and claims outside the play phase. */
static void test_claims_that_fail(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, "EO GO HO SO EU GU HA G7", NULL, NULL, NULL);
    bool holds = true;
    sk_error err;
    /* 3.1: nothing to claim before the cards are played */
    assert_int_equal(sk_claim_check(&g, 0, &holds, &err), SK_ESTATE);
    tl_open_declare(&g, 0, "solo:H");
    while (g.pub.phase != SK_PHASE_PLAY)
        tl_ok_action(&g, sk_act_pass(g.pub.to_move), "no doubling");
    assert_int_equal(sk_claim_check(&g, 0, &holds, NULL), 0);
    assert_false(holds);
    sk_action line[16];
    assert_int_equal(sk_claim_line(&g, 0, line, 16, &err), SK_ESTATE);
    assert_int_equal(sk_claim_check(&g, 7, &holds, &err), SK_ERANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_lords_claim_at_once),
        cmocka_unit_test(test_hidden_partner_trick_counts),
        cmocka_unit_test(test_claims_that_fail),
        cmocka_unit_test(test_claim_reveals_nothing),
        cmocka_unit_test(test_claims_hold_at_the_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
