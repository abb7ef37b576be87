/*
 * test_sheet.c -- `schafkopf sheet`'s evening (src/table/sheet.c,
 * sheet_print.c): lines read into outcomes and booked, refusals that say
 * what and where, the file read back to the same sheet, and who pays
 * whom with the fewest transfers (an exhaustive check).  The pricing
 * itself is core's (tests/test_outcome.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/table.h"

#include <jansson.h>
#include "testlib.h"

/* A sheet of `preset` with options (a record's "overrides" object text)
 * and the players, loaded from its file text. */
static void load(sk_sheet *sh, const char *preset, const char *overrides, const char *players,
                 int lang)
{
    char text[1024], why[320];
    snprintf(text, sizeof text,
             "{\"format\":\"schafkopf-sheet\",\"version\":1,\"rules\":{\"preset\":\"%s\","
             "\"overrides\":{%s}},\"players\":[%s],\"first_dealer\":0,\"entries\":[]}",
             preset, overrides, players);
    if (sk_sheet_load(sh, text, strlen(text), lang, why, sizeof why) < 0)
        fail_msg("load: %s", why);
}

/* A line that must be booked; returns its row. */
static const sk_sheet_row *add(sk_sheet *sh, const char *line)
{
    char why[320];
    int cmd = -1;
    int rc = sk_sheet_add(sh, line, &cmd, why, sizeof why);
    if (rc != 0)
        fail_msg("\"%s\": %s", line, rc > 0 ? "a command" : why);
    return &sh->rows[sh->n - 1];
}

/* A line that must be refused with a reason containing `needle`. */
static void refused(sk_sheet *sh, const char *line, const char *needle)
{
    char why[320] = "";
    int cmd = -1, n = sh->n;
    sk_session before = sh->session;
    if (sk_sheet_add(sh, line, &cmd, why, sizeof why) != -1)
        fail_msg("\"%s\" accepted", line);
    if (!strstr(why, needle))
        fail_msg("\"%s\": expected \"%s\" in \"%s\"", line, needle, why);
    assert_int_equal(sh->n, n); /* nothing booked */
    assert_memory_equal(before.money, sh->session.money, sizeof before.money);
    assert_memory_equal(before.tournament, sh->session.tournament, sizeof before.tournament);
    assert_int_equal(before.stock, sh->session.stock);
    assert_int_equal(before.games, sh->session.games);
    assert_int_equal(before.dealer, sh->session.dealer);
}

static void assert_money(const sk_sheet_row *row, int64_t a, int64_t b, int64_t c, int64_t d)
{
    if (row->money[0] != a || row->money[1] != b || row->money[2] != c || row->money[3] != d)
        fail_msg("money %lld %lld %lld %lld, expected %lld %lld %lld %lld",
                 (long long)row->money[0], (long long)row->money[1], (long long)row->money[2],
                 (long long)row->money[3], (long long)a, (long long)b, (long long)c,
                 (long long)d);
}

/* Every kind of line, in both languages, priced as the rules say. */
static void test_lines(void **state)
{
    (void)state;
    sk_sheet sh;
    load(&sh, "official", "", "\"Anna\",\"Bert\",\"Chris\",\"Dora\"", 0);
    /* 4.2.2: a Solo with 3 Laufende, won with 75: (5 + 3) x 10 from each */
    assert_money(add(&sh, "game solo:H spieler=Anna augen=75 laufende=3"), 240, -80, -80, -80);
    /* numbers name players too; English words */
    assert_money(add(&sh, "game sauspiel:E declarer=2 partner=3 won schneider kontra=1"), -40,
                 40, 40, -40);
    assert_money(add(&sh, "zusammen"), 0, 0, 0, 0);
    /* 3.4.14 named by its rule number, 3.4.17's price */
    const sk_sheet_row *row = add(&sh, "strafe 3.4.14 wenz spieler=Dora fehler=Anna");
    assert_money(row, -180, 0, 0, 180);
    assert_int_equal(row->outcome.fault, SK_FAULT_REVOKE);
    /* a misdeal: nothing, and the same dealer again (3.4.6) */
    int dealer = sh.session.dealer;
    assert_money(add(&sh, "redeal deal_error"), 0, 0, 0, 0);
    assert_int_equal(sh.session.dealer, dealer);
    /* comments and case do not matter */
    assert_money(add(&sh, "SPIEL wenz spieler=anna verloren   # Anna lost"), -150, 50, 50, 50);
    assert_int_equal(sh.session.money[0], 240 - 40 - 180 - 150);
    char what[160];
    sk_sheet_describe(&sh, &sh.rows[0], what, sizeof what);
    assert_string_equal(what, "Anna Herz-Solo gewonnen (75), 3 Laufende");
    sh.lang = 1; /* in English the contract is named in English too */
    sk_sheet_describe(&sh, &sh.rows[0], what, sizeof what);
    assert_non_null(strstr(what, "Anna Hearts Solo won (75)"));
    sh.lang = 0;
    sk_sheet_free(&sh);
}

/* The words of a row: what the sheet says of the line it booked. */
static void assert_row_says(sk_sheet *sh, const char *line, int lang, const char *want)
{
    add(sh, line);
    char what[256];
    int was = sh->lang;
    sh->lang = lang;
    sk_sheet_describe(sh, &sh->rows[sh->n - 1], what, sizeof what);
    sh->lang = was;
    assert_string_equal(what, want);
}

/* A Ramsch's row (002) says who lost, a Schieberamsch's who won, the
 * Jungfrauen and the lays, in German and in English; names as one says
 * them ("Bert und Carl"). */
static void test_ramsch_words(void **state)
{
    (void)state;
    sk_sheet sh;
    load(&sh, "stammtisch", "\"ramsch_schieben\":\"yes\",\"klopfen\":\"all\"",
         "\"Anna\",\"Bert\",\"Carl\",\"Dora\"", 0);
    assert_row_says(&sh, "ramsch verlierer=Carl gewinner=Anna jungfrau=1", 0,
                    "Ramsch, verloren: Carl; gewonnen: Anna; 1 Jungfrau");
    assert_row_says(&sh, "ramsch losers=Carl winners=Anna jungfrau=1", 1,
                    "Ramsch, lost by: Carl; won by: Anna; 1 without a trick (Jungfrau)");
    assert_row_says(&sh, "ramsch losers=Bert,Carl winners=Anna jungfrau=1 laid=2", 0,
                    "Ramsch, verloren: Bert und Carl; gewonnen: Anna; 1 Jungfrau; 2 gelegt");
    assert_row_says(&sh, "ramsch losers=Dora winners=Carl,Anna,Bert", 1,
                    "Ramsch, lost by: Dora; won by: Anna, Bert and Carl");
    assert_row_says(&sh, "ramsch losers=Carl winners=Anna jungfrau=2", 0,
                    "Ramsch, verloren: Carl; gewonnen: Anna; 2 Jungfrauen");
    assert_row_says(&sh, "ramsch losers=Carl winners=Anna jungfrau=2", 1,
                    "Ramsch, lost by: Carl; won by: Anna; 2 without a trick (Jungfrauen)");
    assert_row_says(&sh, "ramsch durchmarsch=Bert", 0, "Ramsch, Durchmarsch Bert");
    sk_sheet_free(&sh);
    /* a plain Ramsch has losers only; one in a Bock round says so */
    load(&sh, "official",
         "\"all_pass\":\"ramsch\",\"bock_games\":\"4\",\"bock_on_lost_solo\":\"yes\"",
         "\"Anna\",\"Bert\",\"Carl\",\"Dora\"", 1);
    assert_row_says(&sh, "ramsch losers=Anna,Dora", 1, "Ramsch, lost by: Anna and Dora");
    add(&sh, "game solo:H declarer=Anna lost"); /* starts a Bock round */
    assert_row_says(&sh, "ramsch losers=Bert", 1, "Ramsch, lost by: Bert; Bock");
    sk_sheet_free(&sh);
}

/* Refusals say what is wrong: the sheet's own words, and core's by the
 * field and rule (in German by the field). */
static void test_refusals(void **state)
{
    (void)state;
    sk_sheet sh;
    load(&sh, "official", "", "\"Anna\",\"Bert\",\"Chris\",\"Dora\"", 0);
    refused(&sh, "spiel solo:H spieler=Eva augen=70", "kein Spieler \"Eva\"");
    /* 1.2.4: a game has 0..120 points -- a number past them is a number */
    refused(&sh, "spiel solo:H spieler=Anna augen=130", "Augen: \"130\" ist nicht 0..120 (Regel 1.2.4)");
    refused(&sh, "spiel solo:H spieler=Anna augen=701", "nicht 0..120 (Regel 1.2.4)");
    refused(&sh, "spiel solo:H spieler=Anna augen=7x", "keine Zahl: \"7x\"");
    refused(&sh, "spiel solo:H spieler=Anna augen=70 laufende=99999", "zu groß: \"99999\"");
    /* 2.5.2: a Sauspiel without partner= lacks its partner, it does not
     * name a wrong one */
    refused(&sh, "spiel sauspiel:E spieler=Anna augen=70", "Partner fehlt (Regel 2.5.2)");
    refused(&sh, "spiel sauspiel:E spieler=Anna partner=Anna augen=70",
            "Der Partner passt nicht zum Spiel (Regel 2.5.2)");
    refused(&sh, "spiel solo:H spieler=Anna", "augen=N oder gewonnen");
    refused(&sh, "spiel soli:H spieler=Anna augen=70", "unbekanntes Wort \"soli:H\"");
    refused(&sh, "gewonnen", "eine Zeile beginnt mit");
    refused(&sh, "gewonnen", "(oder liste, zahlen, csv, json, zurück, hilfe)");
    refused(&sh, "spiel solo:H spieler=Anna partner=Bert augen=70",
            "Der Partner passt nicht zum Spiel (Regel 2.6.2)");
    refused(&sh, "spiel wenz spieler=Anna augen=70 laufende=5", "Regel 4.2.2");
    refused(&sh, "spiel solo:H spieler=Anna,Bert augen=70", "kein Spieler");
    refused(&sh, "spiel solo:H spieler=Anna augen=70 \x1b[2J", "Steuerzeichen");
    refused(&sh, "spiel solo:H spieler=\xc3\x28 augen=70", "kein UTF-8");
    sk_sheet_free(&sh);
    load(&sh, "official", "", "\"Anna\",\"Bert\",\"Chris\",\"Dora\"", 1);
    refused(&sh, "game solo:H declarer=Anna points=130", "points: \"130\" is not 0..120 (1.2.4)");
    refused(&sh, "game solo:H declarer=Anna points=7x", "not a number: \"7x\"");
    refused(&sh, "game solo:H declarer=Anna points=70 kontra=99999", "too large: \"99999\"");
    refused(&sh, "game sauspiel:E declarer=Anna points=70", "partner: missing");
    refused(&sh, "game sauspiel:E declarer=Anna partner=Anna points=70",
            "partner: a partner game needs a partner, another seat than the declarer (2.5.2)");
    sk_sheet_free(&sh);
    load(&sh, "tournament", "", "\"Anna\",\"Bert\",\"Chris\",\"Dora\"", 1);
    refused(&sh, "game solo:H declarer=Anna points=70 kontra=1", "(5.2.4)");
    refused(&sh, "game wenz:tout declarer=Anna won", "first game (5.2.15)");
    refused(&sh, "penalty 3.4.2 wenz declarer=Anna offender=Bert", "(3.4.16)");
    sk_sheet_free(&sh);
}

/* Whether a refusal names no rule twice: its parenthesised parts, as
 * "(3.3)" or "(Regel 3.3)", are all different ("(3.3) (3.3)" was
 * core's rule named again by the sheet). */
static void names_rule_once(const char *line, const char *why)
{
    const char *seen[8];
    size_t len[8];
    int n = 0;
    for (const char *p = strchr(why, '('); p && n < 8; p = strchr(p + 1, '(')) {
        const char *end = strchr(p, ')');
        if (!end)
            break;
        for (int i = 0; i < n; i++)
            if (len[i] == (size_t)(end - p) && strncmp(seen[i], p, len[i]) == 0)
                fail_msg("\"%s\": %.*s) twice in \"%s\"", line, (int)len[i], p, why);
        seen[n] = p;
        len[n++] = (size_t)(end - p);
    }
}

/* Every refusal of the checker a line can reach (sk_outcome_check: the
 * contract, the sides, the result, Laufende, doublings and lays, a
 * Ramsch, a penalty, a misdeal) names its rule once, in both languages:
 * German as "(Regel 3.3)", English as core says it. */
static void test_refusals_name_rule_once(void **state)
{
    (void)state;
    static const struct {
        const char *preset, *overrides, *line, *rule;
    } CASES[] = {
        {"official", "", "game sie declarer=Anna", "2.9.1"},
        {"official", "", "game sauspiel:H declarer=Anna partner=Bert won", "2.5.1"},
        {"official", "", "game sauspiel:E declarer=Anna won", "2.5.2"},
        {"official", "", "game solo:H declarer=Anna partner=Bert won", "2.6.2"},
        {"official", "", "game geier declarer=Anna won", "2.4.4"},
        {"official", "", "game solo:H declarer=Anna points=70 schwarz", "4.1.4"},
        {"official", "", "game solo:H declarer=Anna points=70 schneider schwarz", "4.1.4"},
        {"official", "", "game solo:H:tout declarer=Anna points=100 won", "2.8.1"},
        {"official", "", "game wenz declarer=Anna points=70 laufende=7", "4.2.2"},
        {"official", "", "game sauspiel:E declarer=Anna partner=Bert points=75 kontra=5", "3.3"},
        {"official", "", "game solo:H declarer=Anna points=75 laid=1", "002"},
        {"official", "", "game sauspiel:E declarer=Anna partner=Bert points=75 muss", "002"},
        {"official", "", "game kreuzbock declarer=Anna points=75", "002"},
        {"official", "", "ramsch losers=Anna", "002"},
        {"official", "", "penalty 3.4.18 solo:H declarer=Anna offender=Bert", "3.4.18"},
        {"official", "", "penalty 2.4.10 solo:H declarer=Anna offender=Bert", "2.4.10"},
        {"official", "", "penalty 3.4.14 sie declarer=Anna offender=Bert", "2.9.2"},
        {"official", "", "penalty 3.4.14 solo:H declarer=Anna offender=Bert revealer=Carl",
         "3.4.18"},
        {"tournament", "", "game solo:H declarer=Anna points=70 kontra=1", "5.2.4"},
        {"tournament", "", "game wenz:tout declarer=Anna won", "5.2.15"},
        {"official", "\"all_pass\":\"ramsch\"", "ramsch losers=Anna winners=Bert", "002"},
        {"official", "\"all_pass\":\"ramsch\"", "ramsch losers=Anna,Bert,Carl,Dora", "002"},
        {"official", "\"all_pass\":\"ramsch\"", "ramsch losers=Anna jungfrau=3", "002"},
        {"official", "\"all_pass\":\"ramsch\"", "ramsch durchmarsch=Anna losers=Bert", "002"},
        {"official", "\"all_pass\":\"ramsch\"", "ramsch losers=Anna kontra=1", "3.3"},
        {"official", "\"all_pass\":\"ramsch\",\"ramsch_schieben\":\"yes\"",
         "ramsch losers=Anna", "002"},
        {"official", "\"all_pass\":\"ramsch\",\"ramsch_jungfrau\":\"no\"",
         "ramsch losers=Anna jungfrau=1", "002"},
        {"official", "\"all_pass\":\"muss\"", "thrown_in", "2.4.13"},
        {"official", "\"all_pass\":\"muss\"",
         "game sauspiel:E declarer=Anna partner=Bert points=75 muss kontra=1", "3.3"},
    };
    for (int lang = 0; lang < 2; lang++)
        for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
            sk_sheet sh;
            load(&sh, CASES[i].preset, CASES[i].overrides,
                 "\"Anna\",\"Bert\",\"Carl\",\"Dora\"", lang);
            char why[320] = "", want[32];
            int cmd = -1;
            if (sk_sheet_add(&sh, CASES[i].line, &cmd, why, sizeof why) != -1)
                fail_msg("\"%s\" accepted", CASES[i].line);
            snprintf(want, sizeof want, lang ? "(%s)" : "(Regel %s)", CASES[i].rule);
            if (!strstr(why, want))
                fail_msg("\"%s\": expected %s in \"%s\"", CASES[i].line, want, why);
            names_rule_once(CASES[i].line, why);
            sk_sheet_free(&sh);
        }
}

/* Five players (002): the dealer sits out, and the sheet says so. */
static void test_five_players(void **state)
{
    (void)state;
    sk_sheet sh;
    load(&sh, "official", "\"players\":\"5\"", "\"A\",\"B\",\"C\",\"D\",\"E\"", 0);
    refused(&sh, "spiel solo:H spieler=A augen=70", "A sitzt in diesem Spiel aus");
    const sk_sheet_row *row = add(&sh, "spiel solo:H spieler=B augen=70");
    assert_int_equal(row->money[0], 0);
    assert_int_equal(row->money[1], 150);
    assert_int_equal(row->money[4], -50);
    assert_int_equal(row->dealer, 0);
    refused(&sh, "spiel solo:H spieler=B augen=70", "B sitzt in diesem Spiel aus");
    sk_sheet_free(&sh);
}

/* A Kreuzbock round (002): the keeper names the declarer, the partner is
 * the seat across. */
static void test_kreuzbock(void **state)
{
    (void)state;
    sk_sheet sh;
    load(&sh, "official", "\"kreuzbock_on_throw_in\":\"yes\"", "\"A\",\"B\",\"C\",\"D\"", 1);
    add(&sh, "thrown_in");
    refused(&sh, "thrown_in", "Kreuzbock");
    const sk_sheet_row *row = add(&sh, "game kreuzbock declarer=B points=80");
    assert_money(row, -10, 10, -10, 10);
    sk_sheet_free(&sh);
}

/* The file keeps the lines as typed; reading it books them again to the
 * same sheet, and a bad file is refused naming the member or entry. */
static void test_file_round_trip(void **state)
{
    (void)state;
    sk_sheet sh, back;
    load(&sh, "stammtisch", "", "\"Anna\",\"Bert\",\"Chris\",\"Dora\"", 0);
    add(&sh, "spiel geier spieler=Bert augen=80");
    add(&sh, "ramsch verlierer=Chris jungfrau=1");
    add(&sh, "spiel hochzeit spieler=Anna partner=Dora augen=40");
    add(&sh, "strafe revoke ramsch fehler=Dora");
    json_t *o = sk_sheet_json(&sh, false);
    char *text = json_dumps(o, 0);
    char why[320];
    assert_int_equal(sk_sheet_load(&back, text, strlen(text), 0, why, sizeof why), 0);
    assert_int_equal(back.n, sh.n);
    assert_memory_equal(back.session.money, sh.session.money, sizeof sh.session.money);
    assert_memory_equal(back.session.tournament, sh.session.tournament,
                        sizeof sh.session.tournament);
    sk_sheet_free(&back);
    free(text);
    json_decref(o);
    sk_sheet_free(&sh);

    static const struct {
        const char *text, *why;
    } BAD[] = {
        {"[]", "format"},
        {"{\"format\":\"schafkopf-sheet\",\"version\":2}", "format"},
        {"{\"format\":\"schafkopf-sheet\",\"version\":1,\"rules\":{\"preset\":\"nope\"}}",
         "rules"},
        {"{\"format\":\"schafkopf-sheet\",\"version\":1,\"rules\":{\"preset\":\"official\"},"
         "\"players\":[\"A\",\"B\",\"C\"],\"first_dealer\":0,\"entries\":[]}",
         "players"},
        {"{\"format\":\"schafkopf-sheet\",\"version\":1,\"rules\":{\"preset\":\"official\"},"
         "\"players\":[\"A\",\"B\",\"C\",\"a\"],\"first_dealer\":0,\"entries\":[]}",
         "players[3]"},
        {"{\"format\":\"schafkopf-sheet\",\"version\":1,\"rules\":{\"preset\":\"official\"},"
         "\"players\":[\"A\",\"B\",\"C\",\"D\"],\"first_dealer\":4,\"entries\":[]}",
         "first_dealer"},
        {"{\"format\":\"schafkopf-sheet\",\"version\":1,\"rules\":{\"preset\":\"official\"},"
         "\"players\":[\"A\",\"B\",\"C\",\"D\"],\"first_dealer\":0,"
         "\"entries\":[\"zusammen\",\"spiel solo:H spieler=A partner=B augen=70\"]}",
         "entries[1]: Der Partner"},
        {"{\"format\":\"schafkopf-sheet\",\"version\":1,\"rules\":{\"preset\":\"official\"},"
         "\"players\":[\"A\",\"B\",\"C\",\"D\"],\"first_dealer\":0,\"entries\":[\"liste\"]}",
         "entries[0]: a command"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        why[0] = '\0';
        assert_int_equal(sk_sheet_load(&back, BAD[i].text, strlen(BAD[i].text), 0, why,
                                        sizeof why),
                         -1);
        if (!strstr(why, BAD[i].why))
            fail_msg("bad file %zu: expected \"%s\" in \"%s\"", i, BAD[i].why, why);
    }
}

/* The most groups summing to zero that `mask` of the balances splits
 * into (-1 if it does not sum to zero): by trying every first group. */
static int most_groups(const int64_t *b, int n, unsigned mask)
{
    if (!mask)
        return 0;
    int64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += mask >> i & 1 ? b[i] : 0;
    if (sum)
        return -1;
    int best = 1, low = __builtin_ctz(mask);
    for (unsigned g = mask; g; g = (g - 1) & mask) {
        if (!(g >> low & 1) || g == mask)
            continue;
        int64_t s = 0;
        for (int i = 0; i < n; i++)
            s += g >> i & 1 ? b[i] : 0;
        int rest = s == 0 ? most_groups(b, n, mask ^ g) : -1;
        if (rest >= 0 && rest + 1 > best)
            best = rest + 1;
    }
    return best;
}

/* Who pays whom: the transfers settle every balance, and there are as
 * few as can be -- the nonzero parties less the most zero-sum groups. */
static void test_fewest_transfers(void **state)
{
    (void)state;
    sk_rng rng;
    sk_rng_seed(&rng, 18);
    for (int round = 0; round < 20000; round++) {
        int n = 2 + (int)sk_rng_below(&rng, 5);
        int64_t b[6], sum = 0;
        for (int i = 0; i < n - 1; i++) {
            b[i] = ((int64_t)sk_rng_below(&rng, 9) - 4) * 10 * (1 + sk_rng_below(&rng, 2));
            sum += b[i];
        }
        b[n - 1] = -sum;
        int from[6], to[6];
        int64_t amount[6], left[6];
        int k = sk_sheet_transfers(b, n, from, to, amount);
        memcpy(left, b, sizeof left);
        for (int t = 0; t < k; t++) {
            assert_true(amount[t] > 0);
            left[from[t]] += amount[t];
            left[to[t]] -= amount[t];
        }
        unsigned nonzero = 0;
        for (int i = 0; i < n; i++) {
            assert_int_equal(left[i], 0);
            nonzero |= (b[i] != 0) << i;
        }
        assert_int_equal(k, __builtin_popcount(nonzero) - most_groups(b, n, nonzero));
    }
}

/* Names: letters (UTF-8 too), digits, - _ . ; not only digits. */
static void test_names(void **state)
{
    (void)state;
    assert_true(sk_sheet_name_ok("Anna"));
    assert_true(sk_sheet_name_ok("J\xc3\xb6rg"));
    assert_true(sk_sheet_name_ok("Sepp_2"));
    assert_false(sk_sheet_name_ok("2"));
    assert_false(sk_sheet_name_ok(""));
    assert_false(sk_sheet_name_ok("A B"));
    assert_false(sk_sheet_name_ok("A,B"));
    assert_false(sk_sheet_name_ok("A=B"));
    assert_false(sk_sheet_name_ok("\xc3"));
    assert_false(sk_sheet_name_ok("Anna\xe2\x80\xae")); /* U+202E: turns the row around */
    assert_false(sk_sheet_name_ok("An\xe2\x80\x8dna"));  /* U+200D: Anna with other bytes */
    assert_false(sk_sheet_name_ok("abcdefghijklmnopqrstuvwxyz"));
}

/* A book's head (docs/store.md "Books") reads back to what was written:
 * the ruleset, the names and the first dealer; a group's head has no
 * dealer; a bad head is refused naming its member. */
static void test_book_head(void **state)
{
    (void)state;
    sk_rules r = tl_preset("stammtisch"), back;
    char names[5][SK_SHEET_NAME] = {"Anna", "Bert", "Chris", "Dora"}, got[5][SK_SHEET_NAME];
    int n = 0, dealer = 0;
    char why[320];
    char *head = sk_sheet_head(&r, names, 4, 2);
    assert_non_null(head);
    assert_int_equal(sk_sheet_head_read(head, &back, got, 5, &n, &dealer, why, sizeof why), 0);
    assert_int_equal(n, 4);
    assert_int_equal(dealer, 2);
    assert_string_equal(got[3], "Dora");
    char *a = sk_rules_json(&r), *b = sk_rules_json(&back);
    assert_string_equal(a, b);
    free(a);
    free(b);
    free(head);
    head = sk_sheet_head(&r, names, 3, -1);
    assert_int_equal(sk_sheet_head_read(head, &back, got, 5, &n, &dealer, why, sizeof why), 0);
    assert_int_equal(dealer, -1);
    assert_int_equal(sk_sheet_head_read(head, &back, got, 2, &n, &dealer, why, sizeof why), -1);
    assert_non_null(strstr(why, "players"));
    free(head);
    assert_int_equal(sk_sheet_head_read("{\"players\": []}", &back, got, 5, &n, &dealer, why,
                                        sizeof why), -1);
    assert_non_null(strstr(why, "rules"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines),           cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_refusals_name_rule_once), cmocka_unit_test(test_ramsch_words),
        cmocka_unit_test(test_five_players),    cmocka_unit_test(test_kreuzbock),
        cmocka_unit_test(test_file_round_trip), cmocka_unit_test(test_fewest_transfers),
        cmocka_unit_test(test_names),           cmocka_unit_test(test_book_head),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
