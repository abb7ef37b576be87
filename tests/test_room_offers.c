/*
 * test_room_offers.c -- offers, not questions, in the room itself
 * (src/table/room_offer.c): the hold never tells the hidden partner of
 * a Sauspiel (2.5; 3.3.2), and a room rebuilt from its journal has
 * every answer given -- a kept Klopfen answer (002 "Laying"), a decline
 * -- neither lost nor applied twice.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table/room_internal.h"

/* A room of the preset with offers on, persons in the seats of `people`
 * (a bit each), bots elsewhere. */
static sk_room *room_of(const char *preset, unsigned people)
{
    sk_rules rules;
    sk_error err = {{0}, NULL};
    assert_int_equal(sk_rules_preset(&rules, preset, &err), 0);
    sk_room *r = sk_room_new(1, &rules, "heuristic", &err);
    assert_non_null(r);
    sk_room_set_offers(r, true);
    static const char *const names[] = {"Anna", "Bert", "Chris", "Dora"};
    for (int s = 0; s < 4; s++)
        assert_int_equal(people >> s & 1 ? sk_room_sit_human(r, s, 100 + (uint64_t)s, names[s], &err)
                                         : sk_room_sit_bot(r, s, "heuristic", &err),
                         0);
    return r;
}

/* Deals the hands given as card codes, seat by seat. */
static void deal(sk_room *r, const char *const hands[4][8])
{
    uint8_t h[4][8], seed[SK_ROOM_SEED_BYTES] = {7};
    for (int s = 0; s < 4; s++)
        for (int k = 0; k < 8; k++) {
            int c = sk_card_parse(hands[s][k]);
            assert_true(c >= 0);
            h[s][k] = (uint8_t)c;
        }
    sk_error err = {{0}, NULL};
    assert_int_equal(skx_room_deal_hands(r, seed, h, &err), 0);
}

/* A decision of `seat` that must be taken. */
static void act(sk_room *r, int seat, const char *text)
{
    sk_action a;
    sk_error err = {{0}, NULL};
    assert_int_equal(sk_action_parse(text, &a, &err), 0);
    if (sk_room_decide(r, seat, a, sk_room_seq(r), &err) < 0)
        fail_msg("seat %d \"%s\": %s", seat, text, err.msg);
}

/* 2.5, 3.3.2: a Sauspiel of person 0 who calls the Eichel-Sau; person 1
 * holds it (the hidden partner) or not (a defender), bots elsewhere.
 * Either way the table holds the second card for him until the same
 * public `until`; the partner has no offer, the defender has one. */
static void test_hidden_partner(void **state)
{
    (void)state;
    static const char *const with[4][8] = {
        {"EO", "GO", "HO", "SO", "EU", "GU", "E7", "G7"},
        {"EA", "HA", "SA", "HZ", "HK", "H9", "H8", "H7"},
        {"GA", "GZ", "GK", "G9", "G8", "SZ", "SK", "S9"},
        {"EZ", "EK", "E9", "E8", "HU", "SU", "S8", "S7"}};
    static const char *const without[4][8] = { /* EA and GA change hands */
        {"EO", "GO", "HO", "SO", "EU", "GU", "E7", "G7"},
        {"GA", "HA", "SA", "HZ", "HK", "H9", "H8", "H7"},
        {"EA", "GZ", "GK", "G9", "G8", "SZ", "SK", "S9"},
        {"EZ", "EK", "E9", "E8", "HU", "SU", "S8", "S7"}};
    int64_t until[2];
    for (int v = 0; v < 2; v++) {
        sk_room *r = room_of("official", 0x3);
        sk_error err = {{0}, NULL};
        deal(r, v == 0 ? with : without);
        const sk_game *g = sk_room_game(r);
        /* the auction from forehand (seat 1): only seat 0 plays */
        while (g->pub.phase == SK_PHASE_AUCTION || g->pub.phase == SK_PHASE_DECLARE) {
            int seat = sk_room_pending(r, NULL, NULL);
            act(r, seat, seat != 0 ? "pass"
                         : g->pub.phase == SK_PHASE_AUCTION ? "bid sauspiel" : "declare sauspiel:E");
        }
        assert_int_equal(sk_room_offers_step(r, 0x3, 1000, &err), 0);
        until[v] = sk_room_hold_until(r);
        assert_true(until[v] > 1000);
        /* the partner gets no offer, the defender his Kontra */
        assert_int_equal(sk_room_seat_offer(r, 1, NULL), v == 0 ? -1 : SK_ACT_KONTRA);
        assert_int_equal(sk_room_seat_offer(r, 0, NULL), -1); /* the declarer: none */
        /* bots answer at once; then seat 1 leads, seat 2's card is held */
        while (sk_room_pending(r, NULL, NULL) != 1) {
            sk_action legal[SK_MAX_LEGAL];
            int n = 0, seat = sk_room_pending(r, legal, &n);
            assert_true(seat >= 2 && sk_room_offer(r) >= 0);
            assert_int_equal(sk_room_decide(r, seat, legal[1], sk_room_seq(r), &err), 0);
        }
        act(r, 1, "card HA");
        sk_action legal[SK_MAX_LEGAL];
        int n = 0;
        while (sk_room_offer(r) >= 0) { /* the bots are asked again after the lead */
            int seat = sk_room_pending(r, legal, &n);
            assert_int_equal(sk_room_decide(r, seat, legal[1], sk_room_seq(r), &err), 0);
        }
        assert_int_equal(sk_room_pending(r, legal, &n), 2);
        uint64_t seq = sk_room_seq(r);
        assert_int_equal(sk_room_decide(r, 2, legal[0], seq, &err), 0);
        assert_true(sk_room_holding_action(r));
        assert_int_equal(sk_room_seq(r), seq); /* held: no event */
        assert_int_equal(sk_room_pending(r, NULL, NULL), -1);
        assert_int_equal(sk_room_offers_step(r, 0x3, 1500, &err), 0); /* not yet */
        assert_int_equal(sk_room_offers_step(r, 0x3, until[v], &err), 1); /* the hold's end */
        assert_false(sk_room_holding_action(r));
        assert_int_equal(sk_room_pending(r, NULL, NULL), 3);
        sk_room_free(r);
    }
    assert_true(until[0] == until[1]); /* the same public hold */
}

/* A room rebuilt from its journal: a Klopfen answer kept for its place
 * and a decline are there again, applied once (002 "Laying", 3.3). */
static void test_replay_answers(void **state)
{
    (void)state;
    sk_room *r = room_of("sauspiel", 0xf); /* klopfen = all */
    sk_error err = {{0}, NULL};
    uint8_t seed[SK_ROOM_SEED_BYTES] = {3};
    assert_int_equal(sk_room_deal(r, seed, &err), 0);
    const sk_game *g = sk_room_game(r);
    assert_int_equal(g->pub.phase, SK_PHASE_KLOPFEN);
    assert_int_equal(sk_room_pending(r, NULL, NULL), -1); /* persons: no turn */
    int fore = (g->pub.dealer + 1) % 4, last = (fore + 3) % 4;
    assert_int_equal(sk_room_seat_offer(r, last, NULL), SK_ACT_KLOPFEN);
    act(r, last, "klopfen"); /* before his place: kept */
    assert_int_equal(sk_room_seat_offer(r, last, NULL), -1);
    assert_int_equal(g->pub.klopf_spoken, 0);
    uint64_t kept = sk_room_seq(r);
    /* the journal so far, into a fresh room */
    sk_rules rules;
    assert_int_equal(sk_rules_preset(&rules, "sauspiel", &err), 0);
    sk_room *copy = sk_room_new(1, &rules, "heuristic", &err);
    sk_room_set_offers(copy, true);
    for (uint64_t e = 1; e <= kept; e++) {
        char *entry = sk_room_journal(r, e);
        assert_non_null(entry);
        if (sk_room_replay(copy, entry, &err) < 0)
            fail_msg("entry %llu: %s", (unsigned long long)e, err.msg);
        free(entry);
    }
    assert_int_equal(sk_room_seq(copy), kept);
    assert_int_equal(copy->offers.early[last], SK_ACT_KLOPFEN);
    /* the hold's end: the others pass, his laying is applied at his
     * place, once */
    assert_true(sk_room_offers_step(copy, 0xf, 0, &err) == 0);
    assert_true(sk_room_offers_step(copy, 0xf, 60000, &err) == 4);
    const sk_game *cg = sk_room_game(copy);
    assert_int_equal(cg->pub.laid, 1);
    assert_int_equal(cg->pub.phase, SK_PHASE_AUCTION);
    sk_room_free(copy);
    sk_room_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hidden_partner),
        cmocka_unit_test(test_replay_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
