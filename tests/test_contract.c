/*
 * test_contract.c -- contracts: the card order of each contract (1.2.5,
 * 2.5.6, 2.6.6, 2.7), trick winners (3.1.2), names and codes.
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

/* Checks that the order's trump sequence is exactly `names` (space
 * separated, highest first), that the trump set matches and that the
 * power strictly falls along the sequence, above every non-trump. */
static void check_trumps(const sk_order *o, const char *names)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", names);
    int n = 0;
    sk_cards set = 0;
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        int c = tl_C(t);
        assert_true(n < o->ntrumps);
        if (o->trump_seq[n] != c)
            fail_msg("trump %d: expected %s, got %s", n + 1, t, sk_card_name(o->trump_seq[n]));
        if (n > 0)
            assert_true(o->power[o->trump_seq[n - 1]] > o->power[c]);
        set |= SK_BIT(c);
        n++;
    }
    assert_int_equal(o->ntrumps, n);
    assert_int_equal(o->trumps, set);
    for (int c = 0; c < SK_NCARDS; c++) {
        if (set & SK_BIT(c)) {
            assert_int_equal(o->follow[c], set); /* 3.2.2: trumps are one suit */
        } else {
            assert_true(o->power[c] < o->power[o->trump_seq[n - 1]]);
            assert_int_equal(o->follow[c], SK_SUIT_MASK(SK_SUIT_OF(c)) & ~set);
        }
    }
}

/* Checks the non-trump order of one suit, highest first. */
static void check_plain(const sk_order *o, const char *names)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", names);
    int prev = -1;
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        int c = tl_C(t);
        assert_false(o->trumps & SK_BIT(c));
        if (prev >= 0 && !(o->power[prev] > o->power[c]))
            fail_msg("%s should rank above %s", sk_card_name(prev), t);
        prev = c;
    }
}

/* The winner (seat offset from the leader) of a trick given as text. */
static int winner(sk_contract c, const char *a, const char *b, const char *d, const char *e)
{
    sk_order o;
    sk_order_init(&o, c);
    const uint8_t cards[4] = {(uint8_t)tl_C(a), (uint8_t)tl_C(b), (uint8_t)tl_C(d),
                              (uint8_t)tl_C(e)};
    return sk_order_trick_winner(&o, cards);
}

/* 2.5.6: a Sauspiel has 14 trumps, EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7 */
static void test_sauspiel_trumps(void **state)
{
    (void)state;
    for (int suit = 0; suit < 4; suit++) {
        if (suit == SK_HERZ)
            continue;
        sk_order o;
        sk_order_init(&o, tl_contract(SK_C_SAUSPIEL, suit, 0));
        assert_int_equal(o.ntrumps, 14);
        check_trumps(&o, "EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7");
        /* 2.5.6: the other suits A Z K 9 8 7, no precedence among them */
        check_plain(&o, "EA EZ EK E9 E8 E7");
        check_plain(&o, "GA GZ GK G9 G8 G7");
        check_plain(&o, "SA SZ SK S9 S8 S7");
        assert_int_equal(o.power[tl_C("EA")], o.power[tl_C("GA")]);
        assert_int_equal(o.power[tl_C("SA")], o.power[tl_C("GA")]);
    }
}

/* 1.2.5: the lords rank EO GO HO SO EU GU HU SU, the Eichel-Ober highest
 * except in a Wenz */
static void test_obers_order(void **state)
{
    (void)state;
    static const char *const lords[8] = {"EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU"};
    sk_contract cs[] = {
        tl_contract(SK_C_SAUSPIEL, SK_GRAS, 0), tl_contract(SK_C_SOLO, SK_EICHEL, 0),
        tl_contract(SK_C_SOLO, SK_SCHELLEN, 1), tl_contract(SK_C_SIE, SK_NOSUIT, 0)};
    for (size_t k = 0; k < sizeof cs / sizeof cs[0]; k++) {
        sk_order o;
        sk_order_init(&o, cs[k]);
        assert_int_equal(o.trump_seq[0], tl_C("EO"));
        for (int i = 0; i < 8; i++)
            assert_int_equal(o.trump_seq[i], tl_C(lords[i]));
    }
    sk_order w;
    sk_order_init(&w, tl_contract(SK_C_WENZ, SK_NOSUIT, 0));
    assert_int_equal(w.trump_seq[0], tl_C("EU"));
    assert_false(w.trumps & SK_BIT(tl_C("EO")));
}

/* 2.6.6: a Farbsolo ranks like a Sauspiel with the named suit (even
 * hearts) in place of hearts; 2.6.1: hearts are a plain suit otherwise */
static void test_farbsolo_trumps(void **state)
{
    (void)state;
    static const char letters[] = "EGHS";
    for (int suit = 0; suit < 4; suit++) {
        for (int tout = 0; tout < 2; tout++) {
            sk_order o;
            sk_order_init(&o, tl_contract(SK_C_SOLO, suit, tout));
            char seq[128];
            char s = letters[suit];
            snprintf(seq, sizeof seq, "EO GO HO SO EU GU HU SU %cA %cZ %cK %c9 %c8 %c7", s, s, s,
                     s, s, s);
            check_trumps(&o, seq);
            assert_int_equal(o.ntrumps, 14);
            for (int other = 0; other < 4; other++) {
                if (other == suit)
                    continue;
                char plain[32];
                char t = letters[other];
                snprintf(plain, sizeof plain, "%cA %cZ %cK %c9 %c8 %c7", t, t, t, t, t, t);
                check_plain(&o, plain);
            }
        }
    }
}

/* 2.7.1/2.7.4: a Wenz has 4 trumps EU GU HU SU; 2.7.2: each Ober ranks
 * between the King and the Nine of its suit */
static void test_wenz_trumps(void **state)
{
    (void)state;
    for (int tout = 0; tout < 2; tout++) {
        sk_order o;
        sk_order_init(&o, tl_contract(SK_C_WENZ, SK_NOSUIT, tout));
        assert_int_equal(o.ntrumps, 4);
        check_trumps(&o, "EU GU HU SU");
        check_plain(&o, "EA EZ EK EO E9 E8 E7");
        check_plain(&o, "GA GZ GK GO G9 G8 G7");
        check_plain(&o, "HA HZ HK HO H9 H8 H7");
        check_plain(&o, "SA SZ SK SO S9 S8 S7");
        /* 2.7.2: no precedence among the suits */
        assert_int_equal(o.power[tl_C("HO")], o.power[tl_C("SO")]);
    }
}

/* 3.1.2: the highest trump wins; else the highest card of the led suit;
 * a card of another suit that is no trump never wins */
static void test_trick_winners(void **state)
{
    (void)state;
    sk_contract rs = tl_contract(SK_C_SAUSPIEL, SK_GRAS, 0);
    assert_int_equal(winner(rs, "E7", "GA", "SA", "E8"), 3);   /* aces of other suits lose */
    assert_int_equal(winner(rs, "EZ", "EA", "EK", "E9"), 1);   /* highest of the led suit */
    assert_int_equal(winner(rs, "EA", "EZ", "H7", "EK"), 2);   /* the lowest trump beats */
    assert_int_equal(winner(rs, "EA", "SU", "H7", "EO"), 3);   /* the highest trump wins */
    assert_int_equal(winner(rs, "H7", "EA", "GA", "SA"), 0);   /* a trump led wins alone */
    assert_int_equal(winner(rs, "HA", "HZ", "SU", "H7"), 2);   /* 2.5.6: Unter over Sau */
    assert_int_equal(winner(rs, "SU", "HU", "GU", "SO"), 3);   /* 1.2.5: Ober over Unter */
    assert_int_equal(winner(rs, "GO", "EO", "HO", "SO"), 1);   /* 1.2.5 */
    assert_int_equal(winner(rs, "G7", "G8", "G9", "GK"), 3);

    sk_contract solo_g = tl_contract(SK_C_SOLO, SK_GRAS, 0);
    assert_int_equal(winner(solo_g, "HA", "G7", "HZ", "HK"), 1); /* 2.6.6: gras is trump */
    assert_int_equal(winner(solo_g, "H7", "H8", "HA", "EA"), 2); /* 2.6.1: hearts plain */
    assert_int_equal(winner(solo_g, "GA", "SU", "G7", "EA"), 1);
    assert_int_equal(winner(solo_g, "E9", "GA", "HO", "E8"), 2);

    sk_contract wenz = tl_contract(SK_C_WENZ, SK_NOSUIT, 0);
    assert_int_equal(winner(wenz, "EO", "EK", "E9", "E7"), 1);   /* 2.7.2: King over Ober */
    assert_int_equal(winner(wenz, "E9", "EO", "E8", "GA"), 1);   /* 2.7.2: Ober over Nine */
    assert_int_equal(winner(wenz, "HA", "SU", "EO", "HZ"), 1);   /* 2.7.1: Unters trump */
    assert_int_equal(winner(wenz, "SU", "GU", "EO", "EU"), 3);   /* 2.7.4 */
    assert_int_equal(winner(wenz, "S7", "EO", "GO", "HO"), 0);   /* Obers are no trumps */
}

/* 2.4.4/2.5.3/2.6.3/2.8: codes and names of every contract round-trip */
static void test_contract_codes(void **state)
{
    (void)state;
    sk_contract all[16];
    int n = 0;
    for (int s = 0; s < 4; s++)
        if (s != SK_HERZ)
            all[n++] = tl_contract(SK_C_SAUSPIEL, s, 0);
    for (int t = 0; t < 2; t++) {
        for (int s = 0; s < 4; s++)
            all[n++] = tl_contract(SK_C_SOLO, s, t);
        all[n++] = tl_contract(SK_C_WENZ, SK_NOSUIT, t);
    }
    all[n++] = tl_contract(SK_C_SIE, SK_NOSUIT, 0);
    for (int i = 0; i < n; i++) {
        char code[32];
        sk_contract back;
        sk_error err;
        sk_contract_code(all[i], code, sizeof code);
        assert_int_equal(sk_contract_parse(code, &back, &err), SK_OK);
        assert_int_equal(back.type, all[i].type);
        assert_int_equal(back.suit, all[i].suit);
        assert_int_equal(back.tout, all[i].tout);
        /* class codes drop the suit */
        sk_contract_class_code(all[i], code, sizeof code);
        assert_int_equal(sk_contract_parse(code, &back, &err), SK_OK);
        assert_int_equal(back.type, all[i].type);
        assert_int_equal(back.suit, SK_NOSUIT);
        assert_int_equal(back.tout, all[i].tout);
    }
    char buf[64];
    sk_contract_code(tl_contract(SK_C_SAUSPIEL, SK_GRAS, 0), buf, sizeof buf);
    assert_string_equal(buf, "sauspiel:G");
    sk_contract_code(tl_contract(SK_C_SOLO, SK_EICHEL, 1), buf, sizeof buf);
    assert_string_equal(buf, "solo:E:tout");
    sk_contract_code(tl_contract(SK_C_WENZ, SK_NOSUIT, 1), buf, sizeof buf);
    assert_string_equal(buf, "wenz:tout");
    sk_contract_code(tl_contract(SK_C_SIE, SK_NOSUIT, 0), buf, sizeof buf);
    assert_string_equal(buf, "sie");
    sk_contract_class_code(tl_contract(SK_C_SOLO, SK_HERZ, 1), buf, sizeof buf);
    assert_string_equal(buf, "solo:tout");

    sk_contract_name(tl_contract(SK_C_SAUSPIEL, SK_GRAS, 0), buf, sizeof buf);
    assert_string_equal(buf, "Sauspiel mit der Gras-Sau");
    sk_contract_name(tl_contract(SK_C_SAUSPIEL, SK_SCHELLEN, 0), buf, sizeof buf);
    assert_string_equal(buf, "Sauspiel mit der Schellen-Sau");
    sk_contract_name(tl_contract(SK_C_SOLO, SK_HERZ, 1), buf, sizeof buf);
    assert_string_equal(buf, "Herz-Solo Tout");
    sk_contract_name(tl_contract(SK_C_SOLO, SK_EICHEL, 0), buf, sizeof buf);
    assert_string_equal(buf, "Eichel-Solo");
    sk_contract_name(tl_contract(SK_C_WENZ, SK_NOSUIT, 0), buf, sizeof buf);
    assert_string_equal(buf, "Wenz");
    sk_contract_name(tl_contract(SK_C_WENZ, SK_NOSUIT, 1), buf, sizeof buf);
    assert_string_equal(buf, "Wenz Tout");
    sk_contract_name(tl_contract(SK_C_SIE, SK_NOSUIT, 0), buf, sizeof buf);
    assert_string_equal(buf, "Sie");
    /* English, with the suits as the English rules name them (002) */
    sk_contract_name_en(tl_contract(SK_C_SAUSPIEL, SK_GRAS, 0), buf, sizeof buf);
    assert_string_equal(buf, "Sauspiel calling the Leaves Ace");
    sk_contract_name_en(tl_contract(SK_C_SOLO, SK_HERZ, 1), buf, sizeof buf);
    assert_string_equal(buf, "Hearts Solo Tout");
    sk_contract_name_en(tl_contract(SK_C_FARBWENZ, SK_SCHELLEN, 0), buf, sizeof buf);
    assert_string_equal(buf, "Bells Wenz");
    sk_contract_name_en(tl_contract(SK_C_SAUSPIEL, SK_NOSUIT, 0), buf, sizeof buf);
    assert_string_equal(buf, "Kreuzbock (partner across)");
    sk_contract_name_en(tl_contract(SK_C_HOCHZEIT, SK_NOSUIT, 0), buf, sizeof buf);
    assert_string_equal(buf, "Wedding (Hochzeit)");
    for (int t = 0; t < SK_C_NTYPES; t++) { /* every kind has an English name */
        sk_contract_name_en(tl_contract(t, SK_EICHEL, 0), buf, sizeof buf);
        assert_true(buf[0] != '\0' && !strstr(buf, "kein") && !strstr(buf, "Eichel"));
    }
    /* snprintf-style length */
    char tiny[4];
    assert_int_equal(sk_contract_name(tl_contract(SK_C_WENZ, SK_NOSUIT, 1), tiny, sizeof tiny), 9);
    assert_string_equal(tiny, "Wen");
}

/* 2.4.4/2.8: malformed codes are rejected: unknown types or suits, a
 * suit where none belongs, Tout of a Sauspiel or a Sie */
static void test_bad_contract_codes(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", "foo", "Solo:H", "solo:X", "solo:HA", "solo:H:H", "solo:tout:H", "solo:H:tout:tout",
        "sauspiel:tout", "sauspiel:G:tout", "sie:tout", "sie:H", "wenz:E", "wenz:tout:tout",
        "none", "solo:H:x", "sauspiel:GG",
        "solo:Hxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sk_contract c = tl_contract(SK_C_WENZ, 7, 1);
        sk_error err;
        memset(&err, 0, sizeof err);
        if (sk_contract_parse(bad[i], &c, &err) != SK_EINVAL)
            fail_msg("\"%s\" was accepted", bad[i]);
        assert_int_equal(c.type, SK_C_WENZ); /* untouched */
        assert_non_null(strstr(err.msg, "bad contract"));
    }
    sk_contract c;
    assert_int_equal(sk_contract_parse("foo", &c, NULL), SK_EINVAL); /* err optional */
}

/* The order of a contract built card by card, as the rules say it
 * (1.2.5, 2.5.6, 2.6.6, 2.7, 002): the reference for sk_order_init's
 * precomputed tables.  Lords highest first: the Obers E G H S, then the
 * Unters; then the trump suit's other cards from the Sau down. */
static void reference_order(sk_order *o, sk_contract c)
{
    static const int LORD_RANK[8] = {SK_OBER, SK_OBER, SK_OBER, SK_OBER,
                                     SK_UNTER, SK_UNTER, SK_UNTER, SK_UNTER};
    bool obers = true, unters = true, bettel = false;
    int suit = SK_HERZ;
    switch (c.type) {
    case SK_C_WENZ:
        obers = false, suit = -1;
        break;
    case SK_C_FARBWENZ:
        obers = false, suit = c.suit < 4 ? c.suit : -1;
        break;
    case SK_C_GEIER:
        unters = false, suit = -1;
        break;
    case SK_C_FARBGEIER:
        unters = false, suit = c.suit < 4 ? c.suit : -1;
        break;
    case SK_C_BETTEL:
    case SK_C_BETTEL_OUVERT:
        obers = unters = false, bettel = true, suit = -1;
        break;
    case SK_C_SOLO:
        suit = c.suit < 4 ? c.suit : -1;
        break;
    default:
        break;
    }
    memset(o, 0, sizeof *o);
    int n = 0;
    for (int i = 0; i < 8; i++)
        if (LORD_RANK[i] == SK_OBER ? obers : unters)
            o->trump_seq[n++] = SK_CARD(i % 4, LORD_RANK[i]);
    for (int rank = 0; suit >= 0 && rank < 8; rank++)
        if (!(rank == SK_OBER && obers) && !(rank == SK_UNTER && unters))
            o->trump_seq[n++] = SK_CARD(suit, rank);
    o->ntrumps = (uint8_t)n;
    for (int i = 0; i < n; i++)
        o->trumps |= SK_BIT(o->trump_seq[i]);
    static const uint8_t BETTEL_POWER[8] = {8, 4, 7, 6, 5, 3, 2, 1}; /* A K O U Z 9 8 7 */
    for (int card = 0; card < SK_NCARDS; card++) {
        o->power[card] = (uint8_t)(bettel ? BETTEL_POWER[SK_RANK_OF(card)] : 8 - SK_RANK_OF(card));
        o->follow[card] = SK_SUIT_MASK(SK_SUIT_OF(card)) & ~o->trumps;
    }
    for (int i = 0; i < n; i++) {
        o->power[o->trump_seq[i]] = (uint8_t)(64 + n - i);
        o->follow[o->trump_seq[i]] = o->trumps;
    }
}

/* sk_order_init's tables equal the orders built card by card, for every
 * type (and an unknown one), every suit or none, plain and Tout. */
static void test_order_tables(void **state)
{
    (void)state;
    static const uint8_t SUITS[] = {0, 1, 2, 3, SK_NOSUIT, 9};
    for (int t = 0; t <= SK_C_NTYPES; t++)
        for (size_t s = 0; s < sizeof SUITS; s++)
            for (int tout = 0; tout < 2; tout++) {
                sk_contract c = {(uint8_t)t, SUITS[s], (uint8_t)tout};
                sk_order got, want;
                memset(&got, 0xa5, sizeof got); /* padding too */
                sk_order_init(&got, c);
                reference_order(&want, c);
                if (memcmp(&got, &want, sizeof got) != 0)
                    fail_msg("order of contract %d/%d/%d differs", t, SUITS[s], tout);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sauspiel_trumps),
        cmocka_unit_test(test_obers_order),
        cmocka_unit_test(test_farbsolo_trumps),
        cmocka_unit_test(test_wenz_trumps),
        cmocka_unit_test(test_trick_winners),
        cmocka_unit_test(test_order_tables),
        cmocka_unit_test(test_contract_codes),
        cmocka_unit_test(test_bad_contract_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
