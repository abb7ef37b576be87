/*
 * test_room_bots.c -- the room and the bots that decide in it: a bot's
 * decision as the answer to the room's question (sk_room_answer), where
 * a bot in a person's seat passes (sk_room_stand_in_passes), and hints
 * that see the seat's view only.  The server drives bots this way
 * (src/server/runtime/pass.c); tests/server_table.c checks it end to end.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "schafkopf/ai.h"
#include "schafkopf/table.h"
#include "table/room_internal.h"
#include "testlib.h"

/* ------------------------------------------------------------------ */
/* A bot's answer and where a bot in a person's seat passes           */
/* ------------------------------------------------------------------ */

/* A bot's decision as the answer to the room's question (3.3.2: a
 * Kontra while only the first card is out, so the seat to move is
 * offered one too, before its card).  A bot to move that declines
 * answers with its card: the room takes that as the decline, not as the
 * first choice on offer (the doubling), which made every bot to move in
 * the first trick of a server table double.  At a card turn a choice
 * not on offer becomes the first card. */
static void test_answer(void **state)
{
    (void)state;
    int to_move_offers = 0, card_turns = 0;
    for (int k = 0; k < 12; k++) {
        sk_room *r = tl_room("official", "");
        tl_room_fill_humans(r);
        uint8_t seed[SK_ROOM_SEED_BYTES];
        tl_room_seed(100 + (uint64_t)k, seed);
        TL_OK(sk_room_deal(r, seed, TL_E));
        int guard = 0;
        while (sk_room_game(r) && guard++ < 200) {
            const sk_game *g = sk_room_game(r);
            sk_action legal[SK_MAX_LEGAL];
            int n;
            int seat = sk_room_pending(r, legal, &n);
            int offer = sk_room_offer(r);
            sk_cards cards = sk_game_legal_cards(g);
            if (g->pub.phase == SK_PHASE_PLAY && seat == g->pub.to_move && cards) {
                sk_action card = sk_act_card(seat, sk_cards_first(cards));
                sk_action dbl = sk_act_double(seat, offer >= 0 ? offer : SK_ACT_KONTRA);
                if (offer >= 0) { /* the card declines; the doubling stands */
                    to_move_offers++;
                    assert_true(sk_action_equal(sk_room_answer(r, card), sk_act_pass(seat)));
                    assert_true(sk_action_equal(sk_room_answer(r, dbl), dbl));
                } else if (g->pub.trick_no == 0) { /* a doubling not asked now: a card */
                    card_turns++;
                    assert_int_equal(sk_room_answer(r, dbl).type, SK_ACT_CARD);
                    assert_true(sk_action_equal(sk_room_answer(r, card), card));
                }
            }
            tl_room_decide_scripted(r);
        }
        sk_room_free(r);
    }
    assert_true(to_move_offers > 0);
    assert_true(card_turns > 0);
}

/* A person's stand-in (his timer ran out, or he is away) passes where
 * it may rather than commit him to a game or a stake: in the auction,
 * the laying round and at a doubling offered (3.3); his declaration
 * after his own bid and his cards are the bot's. */
static void test_stand_in_passes(void **state)
{
    (void)state;
    int auction = 0, declare = 0, offers = 0, cards = 0, klopfen = 0;
    for (int k = 0; k < 8; k++) {
        sk_room *r = tl_room(k % 2 ? "sauspiel" : "official", "");
        tl_room_fill_humans(r);
        uint8_t seed[SK_ROOM_SEED_BYTES];
        tl_room_seed(300 + (uint64_t)k, seed);
        TL_OK(sk_room_deal(r, seed, TL_E));
        int guard = 0;
        while (sk_room_game(r) && guard++ < 200) {
            int phase = sk_room_game(r)->pub.phase;
            bool passes = sk_room_stand_in_passes(r);
            if (sk_room_offer(r) >= 0) {
                assert_true(passes);
                offers++;
            } else if (phase == SK_PHASE_AUCTION || phase == SK_PHASE_KLOPFEN) {
                assert_true(passes); /* a pass is always on offer there */
                auction += phase == SK_PHASE_AUCTION;
                klopfen += phase == SK_PHASE_KLOPFEN;
            } else if (phase == SK_PHASE_DECLARE || phase == SK_PHASE_PLAY) {
                assert_false(passes);
                declare += phase == SK_PHASE_DECLARE;
                cards += phase == SK_PHASE_PLAY;
            }
            tl_room_decide_scripted(r);
        }
        assert_false(sk_room_stand_in_passes(r)); /* nobody must decide */
        sk_room_free(r);
    }
    assert_true(auction > 0 && declare > 0 && offers > 0 && cards > 0 && klopfen > 0);
}

/* ------------------------------------------------------------------ */
/* Hints see the seat's view only                                     */
/* ------------------------------------------------------------------ */

/* A hint (the server's, sk_bot_hint on sk_room_view) depends on nothing
 * the seat cannot see: two deals that differ only in two unseen cards
 * of two other seats, the same decisions played, give a deterministic
 * bot (same seed) the same hints, action for action and value for
 * value. */
static void test_hint_view(void **state)
{
    (void)state;
    static const char *const SPECS[] = {"heuristic", "pimc:4"};
    sk_rng rng;
    sk_rng_seed(&rng, 4242);
    int compared = 0;
    for (int k = 0; k < 80 && compared < 8; k++) {
        sk_room *a = tl_room("official", "");
        tl_room_fill_humans(a);
        uint8_t seed[SK_ROOM_SEED_BYTES];
        tl_room_seed(700 + (uint64_t)k, seed);
        TL_OK(sk_room_deal(a, seed, TL_E));
        int seats[SK_MAX_ACTIONS], m = 0, steps = (int)sk_rng_below(&rng, 30);
        sk_action acts[SK_MAX_ACTIONS];
        for (int i = 0; i < steps && sk_room_game(a); i++) {
            sk_action legal[SK_MAX_LEGAL];
            int n;
            seats[m] = sk_room_pending(a, legal, &n);
            acts[m] = legal[sk_rng_below(&rng, (uint32_t)n)];
            TL_OK(sk_room_decide(a, seats[m], acts[m], sk_room_seq(a), TL_E));
            m++;
        }
        int seat = sk_room_pending(a, NULL, NULL);
        uint8_t dealt[4][8];
        int x, y;
        sk_room *b = NULL;
        bool same = seat >= 0 && tl_unseen_swap(sk_room_game(a), seat, &rng, dealt, &x, &y);
        if (same) {
            b = tl_room("official", "");
            tl_room_fill_humans(b);
            TL_OK(skx_room_deal_hands(b, seed, dealt, TL_E));
            for (int i = 0; same && i < m; i++)
                same = sk_room_decide(b, seats[i], acts[i], sk_room_seq(b), NULL) == SK_OK;
        }
        for (size_t i = 0; same && i < sizeof SPECS / sizeof *SPECS; i++) {
            sk_view va, vb;
            TL_OK(sk_room_view(a, seat, &va));
            TL_OK(sk_room_view(b, seat, &vb));
            sk_bot *ba = sk_bot_new(SPECS[i], 99, NULL), *bb = sk_bot_new(SPECS[i], 99, NULL);
            sk_action ha[SK_MAX_LEGAL], hb[SK_MAX_LEGAL];
            double wa[SK_MAX_LEGAL], wb[SK_MAX_LEGAL];
            int na = sk_bot_hint(ba, &va, ha, wa, SK_MAX_LEGAL);
            int nb = sk_bot_hint(bb, &vb, hb, wb, SK_MAX_LEGAL);
            assert_true(na > 0);
            assert_int_equal(na, nb);
            for (int h = 0; h < na; h++) {
                assert_true(sk_action_equal(ha[h], hb[h]));
                assert_true(wa[h] == wb[h]);
            }
            sk_bot_free(ba);
            sk_bot_free(bb);
        }
        compared += same;
        sk_room_free(b);
        sk_room_free(a);
    }
    assert_true(compared >= 4); /* the test is not vacuous */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answer),
        cmocka_unit_test(test_stand_in_passes),
        cmocka_unit_test(test_hint_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
