/*
 * test_cards.c -- cards: card points (1.2.3, 1.2.4), the notation of
 * cards and sets, and parse errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "schafkopf/core.h"

/* 1.2.3: Sau 11, Ten 10, King 4, Ober 3, Unter 2, Nine/Eight/Seven 0 */
static void test_card_points(void **state)
{
    (void)state;
    static const int expect[8] = {11, 10, 4, 3, 2, 0, 0, 0};
    for (int suit = 0; suit < 4; suit++)
        for (int rank = 0; rank < 8; rank++)
            assert_int_equal(sk_card_points(SK_CARD(suit, rank)), expect[rank]);
    assert_int_equal(sk_card_points(sk_card_parse("EA")), 11);
    assert_int_equal(sk_card_points(sk_card_parse("HZ")), 10);
    assert_int_equal(sk_card_points(sk_card_parse("GK")), 4);
    assert_int_equal(sk_card_points(sk_card_parse("SO")), 3);
    assert_int_equal(sk_card_points(sk_card_parse("EU")), 2);
    assert_int_equal(sk_card_points(sk_card_parse("S9")), 0);
    assert_int_equal(sk_card_points(sk_card_parse("G8")), 0);
    assert_int_equal(sk_card_points(sk_card_parse("H7")), 0);
    /* out of range indexes are worth nothing */
    assert_int_equal(sk_card_points(-1), 0);
    assert_int_equal(sk_card_points(SK_NCARDS), 0);
}

/* 1.2.4: the pack has 120 card points, 30 per suit */
static void test_deck_total_120(void **state)
{
    (void)state;
    assert_int_equal(sk_cards_points(SK_ALL_CARDS), 120);
    for (int suit = 0; suit < 4; suit++)
        assert_int_equal(sk_cards_points(SK_SUIT_MASK(suit)), 30);
    assert_int_equal(sk_cards_points(0), 0);
    int sum = 0;
    for (int c = 0; c < SK_NCARDS; c++)
        sum += sk_card_points(c);
    assert_int_equal(sum, 120);
    /* the set sum agrees with the card sum for arbitrary sets */
    for (uint32_t seed = 1; seed < 2000; seed++) {
        sk_cards set = seed * 2654435761u;
        int s = 0;
        for (int c = 0; c < SK_NCARDS; c++)
            if (set & SK_BIT(c))
                s += sk_card_points(c);
        assert_int_equal(sk_cards_points(set), s);
    }
    /* 1.2.5: the eight lords are worth 4 x 3 + 4 x 2 = 20 */
    assert_int_equal(sk_cards_points(SK_RANK_MASK(SK_OBER) | SK_RANK_MASK(SK_UNTER)), 20);
}

/* 1.2.2/1.2.3: every card's two-letter notation (suit E G H S, rank A Z K
 * O U 9 8 7) round-trips, in either case */
static void test_card_notation_round_trip(void **state)
{
    (void)state;
    static const char suits[] = "EGHS", ranks[] = "AZKOU987";
    for (int c = 0; c < SK_NCARDS; c++) {
        const char *name = sk_card_name(c);
        assert_int_equal(strlen(name), 2);
        assert_int_equal(name[0], suits[SK_SUIT_OF(c)]);
        assert_int_equal(name[1], ranks[SK_RANK_OF(c)]);
        assert_int_equal(sk_card_parse(name), c);
        char lower[3] = {(char)(name[0] | 0x20), name[1] >= 'A' ? (char)(name[1] | 0x20)
                                                                : name[1], 0};
        assert_int_equal(sk_card_parse(lower), c);
    }
    assert_int_equal(sk_card_parse("EO"), SK_CARD(SK_EICHEL, SK_OBER));
    assert_int_equal(sk_card_parse("gu"), SK_CARD(SK_GRAS, SK_UNTER));
    assert_int_equal(sk_card_parse("HZ"), SK_CARD(SK_HERZ, SK_ZEHN));
    assert_int_equal(sk_card_parse("S7"), SK_CARD(SK_SCHELLEN, SK_SIEBEN));
    assert_string_equal(sk_card_name(-1), "??");
    assert_string_equal(sk_card_name(32), "??");
    assert_int_equal(sk_suit_letter(SK_GRAS), 'G');
    assert_int_equal(sk_suit_letter(7), '?');
    assert_string_equal(sk_suit_name(SK_SCHELLEN), "Schellen");
    assert_string_equal(sk_suit_name(SK_EICHEL), "Eichel");
}

/* 1.2.2/1.2.3: letters outside the notation are rejected */
static void test_card_bad_notation(void **state)
{
    (void)state;
    static const char *const bad[] = {"", "E", "XA", "E1", "10", "HX", "AE", "6E",
                                      "E6", " E", "OE", "??"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(sk_card_parse(bad[i]), SK_EINVAL);
    assert_int_equal(sk_card_parse(NULL), SK_EINVAL);
}

/* 1.2: a set is formatted in index order and parses back */
static void test_cards_format_parse(void **state)
{
    (void)state;
    char buf[128];
    sk_cards set = SK_BIT(sk_card_parse("HA")) | SK_BIT(sk_card_parse("EO")) |
                   SK_BIT(sk_card_parse("GU"));
    size_t n = sk_cards_format(set, buf, sizeof buf);
    assert_string_equal(buf, "EO GU HA");
    assert_int_equal(n, 8);
    sk_cards back = 0;
    sk_error err;
    assert_int_equal(sk_cards_parse(buf, &back, &err), SK_OK);
    assert_int_equal(back, set);
    /* the whole deck */
    n = sk_cards_format(SK_ALL_CARDS, buf, sizeof buf);
    assert_int_equal(n, 32 * 3 - 1);
    assert_int_equal(sk_cards_parse(buf, &back, &err), SK_OK);
    assert_int_equal(back, SK_ALL_CARDS);
    /* empty set and empty text */
    assert_int_equal(sk_cards_format(0, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_int_equal(sk_cards_parse("", &back, &err), SK_OK);
    assert_int_equal(back, 0);
    /* commas, tabs and lower case */
    assert_int_equal(sk_cards_parse("eo,gu\tHA ,", &back, &err), SK_OK);
    assert_int_equal(back, set);
    /* truncation still reports the needed length and terminates */
    char small[5];
    n = sk_cards_format(set, small, sizeof small);
    assert_int_equal(n, 8);
    assert_true(strlen(small) < sizeof small);
    for (uint32_t seed = 1; seed < 500; seed++) {
        sk_cards s = seed * 2246822519u ^ (seed << 7);
        sk_cards_format(s, buf, sizeof buf);
        assert_int_equal(sk_cards_parse(buf, &back, NULL), SK_OK);
        assert_int_equal(back, s);
    }
}

/* 1.2.2: sk_cards_parse names the position of a bad or repeated card */
static void test_cards_parse_errors(void **state)
{
    (void)state;
    sk_cards out = 0x1234;
    sk_error err;
    memset(&err, 0, sizeof err);
    assert_int_equal(sk_cards_parse("EO XX", &out, &err), SK_EINVAL);
    assert_int_equal(out, 0x1234); /* untouched on error */
    assert_non_null(strstr(err.msg, "position 4"));
    assert_non_null(strstr(err.msg, "bad"));
    assert_non_null(strstr(err.msg, "XX"));

    assert_int_equal(sk_cards_parse("EO GU EO", &out, &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "repeated"));
    assert_non_null(strstr(err.msg, "position 7"));

    assert_int_equal(sk_cards_parse("EOGU", &out, &err), SK_EINVAL); /* no separator */
    assert_int_equal(sk_cards_parse("E", &out, &err), SK_EINVAL);
    assert_int_equal(sk_cards_parse("HA H10", &out, &err), SK_EINVAL); /* ten is Z */
    assert_non_null(strstr(err.msg, "H10"));
    assert_int_equal(sk_cards_parse("EO;GU", &out, NULL), SK_EINVAL); /* err optional */
}

/* sk_cards_nth is the k-th set bit: every k of every byte pattern in
 * every suit, and of many random sets up to the whole deck. */
static void test_cards_nth(void **state)
{
    (void)state;
    sk_rng rng;
    sk_rng_seed(&rng, 5);
    for (int i = 0; i < 20000; i++) {
        sk_cards set = i < 1024 ? (sk_cards)(i & 255) << (8 * (i >> 8))
                                : (sk_cards)sk_rng_next(&rng) & (sk_cards)sk_rng_next(&rng);
        if (i == 1024)
            set = SK_ALL_CARDS;
        unsigned k = 0;
        for (int c = 0; c < SK_NCARDS; c++)
            if (set & SK_BIT(c))
                assert_int_equal(sk_cards_nth(set, k++), c);
        assert_int_equal(k, sk_cards_count(set));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card_points),
        cmocka_unit_test(test_deck_total_120),
        cmocka_unit_test(test_card_notation_round_trip),
        cmocka_unit_test(test_card_bad_notation),
        cmocka_unit_test(test_cards_format_parse),
        cmocka_unit_test(test_cards_parse_errors),
        cmocka_unit_test(test_cards_nth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
