/*
 * test_sheet_stats.c -- what an evening's sheet gives beyond its lines
 * (schafkopf/table.h, "Score keeping"; docs/rules.md):
 *
 * - the canonical line of an outcome (sk_sheet_line) reads back to the
 *   same outcome: a property over random finished games of every preset
 *   and many variants, with penalties and misdeals mixed in, entered
 *   through the line, and played games booked (sk_sheet_add_game) keep
 *   the sheet the session that played them keeps;
 * - games refused when they do not belong to the sheet;
 * - the statistics per player over several evenings, against counts
 *   made by hand, and the SVG chart;
 * - the CSV read back: written, read and written again is the same
 *   text; refusals name the row and the column.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/playout.h"
#include "schafkopf/table.h"

#include <jansson.h>
#include "testlib.h"

/* Names for the players of a sheet. */
static char NAMES[5][SK_SHEET_NAME] = {"Anna", "Bert", "Chris", "Dora", "Eva"};

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

/* The two outcomes are the same but for what the session sets. */
static void assert_same_outcome(const sk_outcome *a, const sk_outcome *b, const char *line)
{
    sk_outcome x = *a, y = *b;
    x.first_game = y.first_game = 0;
    x.bock = y.bock = 0;
    if (memcmp(&x, &y, sizeof x) != 0)
        fail_msg("\"%s\" read back to another outcome: kind %d/%d contract %d.%d.%d/%d.%d.%d "
                 "declarer %d/%d partner %d/%d points %d/%d won %d/%d schneider %d/%d "
                 "schwarz %d/%d laufende %d/%d kontra %d/%d laid %d/%d losers %d/%d",
                 line, x.kind, y.kind, x.contract.type, x.contract.suit, x.contract.tout,
                 y.contract.type, y.contract.suit, y.contract.tout, x.declarer, y.declarer,
                 x.partner, y.partner, x.points, y.points, x.won, y.won, x.schneider,
                 y.schneider, x.schwarz, y.schwarz, x.laufende, y.laufende, x.doublings,
                 y.doublings, x.laid, y.laid, x.losers, y.losers);
}

/* The sheet keeps what the session that played keeps. */
static void assert_same_session(const sk_session *a, const sk_session *b)
{
    assert_memory_equal(a->money, b->money, sizeof a->money);
    assert_memory_equal(a->tournament, b->tournament, sizeof a->tournament);
    assert_int_equal(a->stock, b->stock);
    assert_int_equal(a->dealer, b->dealer);
    assert_int_equal(a->games, b->games);
    assert_memory_equal(a->bock, b->bock, sizeof a->bock);
}

/* Every run plays SCALE times the games it names. */
#define SCALE 4

/* Outcomes booked through their lines, over all rulesets. */
static long g_lines;

/* The faults a penalty can name (not the misdeals). */
static const int PENALTIES[] = {SK_FAULT_INVALID_BID, SK_FAULT_OUT_OF_TURN, SK_FAULT_REMARK,
                                SK_FAULT_TRICKS_LOOKED, SK_FAULT_CARD_SHOWN,
                                SK_FAULT_CARD_COUNT, SK_FAULT_REVOKE, SK_FAULT_REVOKE_LATE,
                                SK_FAULT_REVEALED};
static const int MISDEALS[] = {SK_FAULT_DEAL_CARD_SHOWN, SK_FAULT_DEAL_COUNT,
                               SK_FAULT_DEAL_OUT_OF_TURN, SK_FAULT_DEAL_ERROR,
                               SK_FAULT_TWO_COUNTS};

/*
 * Plays `games` random games in a sheet of `preset` with options; each
 * finished game's outcome is written as its line and booked (with card
 * points, or every other time with won/Schneider instead), or booked as
 * the game (sk_sheet_add_game), or replaced now and then by a penalty
 * on its contract or by a misdeal.  Every line must read back to its
 * outcome, and a game booked must keep the sheet the playing session
 * keeps (money, points, pot, dealer, Bock rounds).
 */
static void run(const char *preset, const char *opts, uint64_t seed, int games)
{
    sk_rules rules = tl_rules(preset, opts);
    sk_rng rng;
    sk_rng_seed(&rng, seed);
    sk_sheet sh;
    sk_sheet_init(&sh, &rules, NAMES, (int)(seed % 3));
    sk_game g;
    int kinds[SK_OUTCOME_NKINDS] = {0};
    games *= SCALE;
    for (int i = 0; i < games; i++) {
        sk_session played = sh.session;
        sk_session_deal(&played, &g, &rng);
        sk_game_random_rest(&g, &rng);
        sk_result res;
        assert_int_equal(sk_session_finish(&played, &g, &res, NULL), SK_OK);
        sk_outcome o;
        sk_outcome_from_game(&g, &res, &o);
        char line[SK_SHEET_MAX_LINE], why[320];
        int how = (int)sk_rng_below(&rng, 12);
        bool booked_game = true;
        if (how == 0 && (o.kind == SK_OUTCOME_GAME || o.kind == SK_OUTCOME_RAMSCH)) {
            /* a mistake ended it: the game as declared, lost for one seat */
            sk_outcome pen = o;
            pen.kind = SK_OUTCOME_PENALTY;
            pen.fault = (uint8_t)PENALTIES[sk_rng_below(&rng, 9)];
            if (o.kind == SK_OUTCOME_RAMSCH) {
                sk_outcome_init(&pen);
                pen.kind = SK_OUTCOME_PENALTY;
                pen.fault = SK_FAULT_REVOKE;
                pen.contract = tl_K("ramsch");
            }
            pen.offender = (uint8_t)sk_rng_below(&rng, (uint64_t)sk_rules_seats(&rules));
            if (pen.fault == SK_FAULT_REVEALED)
                pen.revealer = (uint8_t)((pen.offender + 1) % sk_rules_seats(&rules));
            sk_error err = {{0}, NULL};
            if (sk_outcome_check(&rules, &pen, &err) == SK_OK) {
                o = pen;
                booked_game = false;
            }
        } else if (how == 1) {
            sk_outcome_init(&o);
            o.kind = SK_OUTCOME_REDEAL;
            o.fault = (uint8_t)MISDEALS[sk_rng_below(&rng, 5)];
            booked_game = false;
        } else if (how >= 6 && o.kind == SK_OUTCOME_GAME) {
            o.points = SK_OUTCOME_NO_POINTS; /* won and Schneider instead */
        }
        int n = sk_sheet_line(&sh, &o, line, sizeof line);
        if (n < 0 || (size_t)n != strlen(line))
            fail_msg("%s %s game %d: no line", preset, opts, i);
        if (how == 2 && booked_game) {
            char booked[SK_SHEET_MAX_LINE];
            if (sk_sheet_add_game(&sh, &g, NULL, booked, sizeof booked, why, sizeof why) < 0)
                fail_msg("%s %s game %d: the game refused: %s", preset, opts, i, why);
            assert_string_equal(booked, line); /* the same line either way */
        } else {
            int cmd = -1;
            if (sk_sheet_add(&sh, line, &cmd, why, sizeof why) != 0)
                fail_msg("%s %s game %d: \"%s\" refused: %s", preset, opts, i, line, why);
        }
        assert_same_outcome(&o, &sh.rows[sh.n - 1].outcome, line);
        if (booked_game)
            assert_same_session(&played, &sh.session);
        kinds[o.kind]++;
        g_lines++;
        if (sh.n == SK_SHEET_MAX_ENTRIES / 4) { /* a new evening: the sheet stays small */
            sk_sheet_free(&sh);
            sk_sheet_init(&sh, &rules, NAMES, 0);
        }
    }
    assert_true(kinds[SK_OUTCOME_GAME] > games / 2);
    assert_true(kinds[SK_OUTCOME_PENALTY] > 0);
    assert_true(kinds[SK_OUTCOME_REDEAL] > 0);
    sk_sheet_free(&sh);
}

/* Every preset, and the variants whose outcomes have more to say. */
static void test_line_round_trip(void **state)
{
    (void)state;
    run("official", "", 1, 3000);
    run("tournament", "", 2, 2000);
    run("sauspiel", "", 3, 2000);
    run("kurz", "", 4, 1000);
    run("stammtisch", "", 5, 3000);
    run("official",
        "all_pass=muss,klopfen=chain,kontra_max=4,allow_bettel=yes,allow_hochzeit=yes,"
        "hochzeit_after_pass=yes",
        11, 2000);
    run("official", "allow_hochzeit=yes,bauernhochzeit=yes,klopfen=all", 12, 1500);
    run("official", "allow_geier=yes,allow_farbwenz=yes,allow_farbgeier=yes,klopfen=one", 13,
        2000);
    run("stammtisch", "ramsch_schieben=yes,ramsch_jungfrau=yes", 14, 2000);
    run("official", "players=5,kontra_max=3", 16, 2000);
    run("official", "players=3", 17, 1500);
    run("official",
        "bock_games=4,bock_on_throw_in=yes,bock_on_lost_solo=yes,stock=side,"
        "kreuzbock_on_throw_in=yes",
        21, 3000);
    run("official", "all_pass=kreuzbock,bock_games=4,bock_on_schwarz=yes", 23, 2000);
    print_message("line round trip: %ld outcomes\n", g_lines);
}

/* A line names players by name; one that does not fit or names a seat
 * nobody sits in is no line. */
static void test_line_words(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_sheet sh;
    sk_sheet_init(&sh, &r, NAMES, 0);
    sk_outcome o;
    sk_outcome_init(&o);
    o.contract = tl_K("sauspiel:E");
    o.declarer = 1;
    o.partner = 3;
    o.points = 75;
    o.won = 1;
    o.doublings = 1;
    char line[200];
    int n = sk_sheet_line(&sh, &o, line, sizeof line);
    assert_int_equal(n, (int)strlen(line));
    assert_string_equal(line, "game sauspiel:E declarer=Bert partner=Dora points=75 won kontra=1");
    assert_int_equal(sk_sheet_line(&sh, &o, line, 20), -1);
    assert_string_equal(line, "");
    o.declarer = 7;
    assert_int_equal(sk_sheet_line(&sh, &o, line, sizeof line), -1);
    sk_outcome_init(&o);
    o.kind = SK_OUTCOME_RAMSCH;
    o.losers = 0x5;
    assert_true(sk_sheet_line(&sh, &o, line, sizeof line) > 0);
    assert_string_equal(line, "ramsch losers=Anna,Chris");
    sk_sheet_free(&sh);
}

/* A game that does not belong to the sheet is refused, saying why;
 * nothing is booked. */
static void test_game_refused(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official"), other = tl_rules("official", "unit_cents=5");
    sk_sheet sh;
    sk_sheet_init(&sh, &r, NAMES, 1);
    sh.lang = 1;
    sk_session s;
    sk_rng rng;
    sk_rng_seed(&rng, 7);
    sk_game g;
    sk_result res;
    char why[400];
    /* another ruleset */
    sk_session_init(&s, &other, 1);
    sk_session_deal(&s, &g, &rng);
    sk_game_random_rest(&g, &rng);
    assert_int_equal(sk_sheet_add_game(&sh, &g, NULL, NULL, 0, why, sizeof why), -1);
    assert_non_null(strstr(why, "is not the sheet's"));
    assert_non_null(strstr(why, "unit_cents"));
    /* not finished */
    sk_session_init(&s, &r, 1);
    sk_session_deal(&s, &g, &rng);
    assert_int_equal(sk_sheet_add_game(&sh, &g, NULL, NULL, 0, why, sizeof why), -1);
    assert_string_equal(why, "the game is not finished");
    /* players by name: each must be the sheet's in that seat */
    sk_game_random_rest(&g, &rng);
    const char *names[4] = {"anna", NULL, "Chris", "Zoe"};
    assert_int_equal(sk_sheet_add_game(&sh, &g, names, NULL, 0, why, sizeof why), -1);
    assert_string_equal(why, "seat 4 is \"Zoe\" in the game, Dora on the sheet");
    assert_int_equal(sh.n, 0);
    names[3] = "DORA";
    assert_int_equal(sk_sheet_add_game(&sh, &g, names, NULL, 0, why, sizeof why), 0);
    assert_int_equal(sh.n, 1);
    sk_sheet_free(&sh);
    /* a game played elsewhere is the sheet's next deal: the evening's
     * dealer, and its Bock round doubles the money the game's own
     * session did not double (002) */
    sk_rules bock = tl_rules("official", "bock_games=4,bock_on_throw_in=yes");
    sk_sheet_init(&sh, &bock, NAMES, 0);
    add(&sh, "thrown_in");
    sk_session_init(&s, &bock, 0);
    do {
        sk_session_deal(&s, &g, &rng);
        sk_game_random_rest(&g, &rng);
    } while (sk_game_result(&g, &res, NULL) != SK_OK || res.thrown_in || res.money[0] == 0);
    assert_int_equal(res.bock, 0);
    assert_int_equal(sk_sheet_add_game(&sh, &g, NULL, NULL, 0, why, sizeof why), 0);
    assert_int_equal(sh.rows[1].outcome.bock, 1);
    assert_int_equal(sh.rows[1].dealer, 1);
    for (int p = 0; p < 4; p++)
        assert_int_equal(sh.rows[1].money[p], 2 * res.money[p]);
    sk_sheet_free(&sh);
}

/* A record line: read, replayed, booked; its "players" checked. */
static void test_record(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_session s;
    sk_session_init(&s, &r, 0);
    sk_rng rng;
    sk_rng_seed(&rng, 3);
    sk_game g;
    sk_session_deal(&s, &g, &rng);
    sk_game_random_rest(&g, &rng);
    sk_record rec;
    sk_record_from_game(&rec, &g, "1");
    char *text = sk_record_write(&rec);
    assert_non_null(text);
    sk_sheet sh;
    sk_sheet_init(&sh, &r, NAMES, 0);
    sh.lang = 1;
    char why[400];
    assert_int_equal(sk_sheet_add_record(&sh, text, strlen(text), why, sizeof why), 0);
    assert_int_equal(sh.n, 1);
    sk_result res;
    assert_int_equal(sk_game_result(&g, &res, NULL), SK_OK);
    for (int p = 0; p < 4; p++)
        assert_int_equal(sh.rows[0].money[p], res.money[p]);
    /* names by seat in a "players" member */
    sk_sheet_undo(&sh);
    char named[8192];
    snprintf(named, sizeof named, "{\"players\":[\"Anna\",\"Bert\",\"Chris\",\"Sepp\"],%s",
             text + 1);
    assert_int_equal(sk_sheet_add_record(&sh, named, strlen(named), why, sizeof why), -1);
    assert_string_equal(why, "seat 4 is \"Sepp\" in the game, Dora on the sheet");
    snprintf(named, sizeof named, "{\"players\":[\"Anna\",null,\"Chris\",\"dora\"],%s", text + 1);
    assert_int_equal(sk_sheet_add_record(&sh, named, strlen(named), why, sizeof why), 0);
    snprintf(named, sizeof named, "{\"players\":[\"Anna\"],%s", text + 1);
    assert_int_equal(sk_sheet_add_record(&sh, named, strlen(named), why, sizeof why), -1);
    assert_non_null(strstr(why, "players: a list of 4 names"));
    assert_int_equal(sk_sheet_add_record(&sh, "{}", 2, why, sizeof why), -1);
    assert_non_null(strstr(why, "rules"));
    free(text);
    sk_sheet_free(&sh);
}

/* ------------------------------------------------------------------ */
/* Statistics                                                           */
/* ------------------------------------------------------------------ */

/* Two evenings of a group, counted by hand (docs/rules.md,
 * "Statistics"): the second has a fifth player and another order. */
static void test_stats(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official"), five = tl_rules("official", "players=5");
    sk_sheet a, b;
    sk_sheet_init(&a, &r, NAMES, 0);
    add(&a, "game sauspiel:E declarer=Anna partner=Bert points=70 kontra=1"); /* won, Kontra */
    add(&a, "game solo:H declarer=Chris points=50");                         /* lost */
    add(&a, "thrown_in");
    add(&a, "redeal 3.4.2");                                         /* not counted */
    add(&a, "game wenz:tout declarer=Anna won");                       /* Tout */
    add(&a, "penalty revoke solo:G declarer=Dora offender=Bert");
    char names[5][SK_SHEET_NAME] = {"Eva", "dora", "Chris", "Bert", "Anna"};
    sk_sheet_init(&b, &five, names, 0);
    /* Eva deals and sits out; seats: dora, Chris, Bert, Anna */
    add(&b, "game sauspiel:G declarer=Dora partner=Anna points=40 kontra=2"); /* lost, Retour */
    sk_sheet_stats st;
    sk_sheet_stats_init(&st);
    assert_int_equal(sk_sheet_stats_add(&st, &a), 0);
    assert_int_equal(sk_sheet_stats_add(&st, &b), 0);
    assert_int_equal(st.nplayers, 5);
    assert_int_equal(st.nevenings, 2);
    assert_int_equal(st.ngames, 6); /* the misdeal is no game */
    assert_int_equal(st.evening_start[1], 5);
    const sk_sheet_player_stats *anna = &st.player[0], *bert = &st.player[1],
                                *chris = &st.player[2], *dora = &st.player[3],
                                *eva = &st.player[4];
    assert_string_equal(dora->name, "Dora"); /* the first spelling stays */
    assert_string_equal(eva->name, "Eva");
    assert_int_equal(anna->evenings, 2);
    assert_int_equal(eva->evenings, 1);
    assert_int_equal(anna->deals, 6);
    assert_int_equal(eva->deals, 0);
    assert_int_equal(eva->sat_out, 1);
    assert_int_equal(eva->first_game, 5); /* her curve starts with evening 2 */
    assert_int_equal(anna->first_game, 0);
    assert_int_equal(anna->declared[SK_STAT_SAUSPIEL], 1);
    assert_int_equal(anna->declared_won[SK_STAT_SAUSPIEL], 1);
    assert_int_equal(anna->declared[SK_STAT_TOUT], 1);
    assert_int_equal(anna->declared_won[SK_STAT_TOUT], 1);
    assert_int_equal(anna->declared[SK_STAT_WENZ], 0); /* a Wenz Tout is a Tout */
    assert_int_equal(anna->partner, 1);                /* Dora's, lost */
    assert_int_equal(anna->partner_won, 0);
    assert_int_equal(anna->retour, 1);
    assert_int_equal(anna->retour_won, 0);
    assert_int_equal(bert->partner, 1);
    assert_int_equal(bert->partner_won, 1);
    assert_int_equal(bert->faults, 1);
    assert_int_equal(bert->kontra, 1); /* evening 2: defended, doubled, won */
    assert_int_equal(bert->kontra_won, 1);
    assert_int_equal(chris->declared[SK_STAT_SOLO], 1);
    assert_int_equal(chris->declared_won[SK_STAT_SOLO], 0);
    assert_int_equal(chris->kontra, 2); /* defended both doubled games, won the second */
    assert_int_equal(chris->kontra_won, 1);
    assert_int_equal(dora->kontra, 1);  /* evening 1's Sauspiel, lost */
    assert_int_equal(dora->kontra_won, 0);
    assert_int_equal(dora->declared[SK_STAT_SAUSPIEL], 1);
    assert_int_equal(dora->thrown_in, 1);
    assert_int_equal(chris->defended, 3);
    /* the money: each player's total is his sheets' sum, and the curve
     * ends there */
    int64_t sum = 0;
    for (int p = 0; p < st.nplayers; p++) {
        sum += st.player[p].money;
        assert_int_equal(sk_sheet_stats_money(&st, p, st.ngames - 1), st.player[p].money);
    }
    assert_int_equal(sum, 0);
    assert_int_equal(anna->money, a.session.money[0] + b.session.money[4]);
    assert_int_equal(sk_sheet_stats_money(&st, 0, 0), a.rows[0].money[0]);
    assert_int_equal(sk_sheet_stats_money(&st, 4, 4), 0); /* Eva before she came */
    /* the table, German without English */
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    sk_sheet_stats_print(&st, 0, false, out);
    fclose(out);
    assert_non_null(strstr(text, "Statistik: 2 Abende, 6 Spiele"));
    assert_non_null(strstr(text, "Tout"));
    assert_null(strstr(text, "evening"));
    assert_null(strstr(text, "won/"));
    assert_null(strstr(text, "declarer"));
    assert_non_null(strstr(text, "Geld"));
    free(text);
    /* a table playing for points (5.2.7): the points, no money column */
    out = open_memstream(&text, &len);
    sk_sheet_stats_print(&st, 0, true, out);
    fclose(out);
    assert_null(strstr(text, "Geld"));
    assert_non_null(strstr(text, "Punkte"));
    free(text);
    sk_sheet_stats_free(&st);
    sk_sheet_free(&a);
    sk_sheet_free(&b);
}

/* More players than the statistics hold: refused, nothing added. */
static void test_stats_full(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_sheet_stats st;
    sk_sheet_stats_init(&st);
    for (int e = 0; e < SK_STATS_PLAYERS / 4; e++) {
        char names[5][SK_SHEET_NAME];
        for (int p = 0; p < 4; p++)
            snprintf(names[p], SK_SHEET_NAME, "P%d", 4 * e + p);
        sk_sheet sh;
        sk_sheet_init(&sh, &r, names, 0);
        add(&sh, "thrown_in");
        assert_int_equal(sk_sheet_stats_add(&st, &sh), 0);
        sk_sheet_free(&sh);
    }
    sk_sheet sh;
    sk_sheet_init(&sh, &r, NAMES, 0);
    assert_int_equal(sk_sheet_stats_add(&st, &sh), -1);
    assert_int_equal(st.nplayers, SK_STATS_PLAYERS);
    assert_int_equal(st.nevenings, SK_STATS_PLAYERS / 4);
    sk_sheet_free(&sh);
    sk_sheet_stats_free(&st);
}

/* The chart: standalone SVG, a line and a legend entry per player, the
 * evenings marked, names escaped, euros with a decimal comma in German. */
static void test_chart(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_sheet a, b;
    sk_sheet_init(&a, &r, NAMES, 0);
    add(&a, "game solo:H declarer=Anna points=75 laufende=3");
    add(&a, "game sauspiel:E declarer=Bert partner=Chris points=40");
    sk_sheet_init(&b, &r, NAMES, 1);
    add(&b, "game wenz declarer=Dora lost");
    /* a name with what XML treats specially (not one a sheet takes, but
     * the chart must not trust its caller) */
    snprintf(b.names[3], SK_SHEET_NAME, "D<&>\"'");
    sk_sheet_stats st;
    sk_sheet_stats_init(&st);
    sk_sheet_stats_add(&st, &a);
    sk_sheet_stats_add(&st, &b);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    sk_sheet_chart_svg(&st, 0, false, out);
    fclose(out);
    assert_non_null(strstr(text, "xmlns=\"http://www.w3.org/2000/svg\""));
    assert_non_null(strstr(text, "D&lt;&amp;&gt;&quot;&apos;"));
    assert_null(strstr(text, "D<&"));
    assert_non_null(strstr(text, "Abend 2"));
    char total[64];
    snprintf(total, sizeof total, "Anna (%lld,%02lld €)", (long long)st.player[0].money / 100,
             (long long)st.player[0].money % 100);
    assert_true(st.player[0].money > 0);
    assert_non_null(strstr(text, total)); /* her total in the legend, a decimal comma */
    assert_null(strstr(text, "Evening"));
    int lines = 0;
    for (const char *s = text; (s = strstr(s, "<polyline")); s++)
        lines++;
    assert_int_equal(lines, st.nplayers);
    /* the patterns differ for every player */
    assert_non_null(strstr(text, "stroke-dasharray=\"none\""));
    assert_non_null(strstr(text, "stroke-dasharray=\"10 4\""));
    free(text);
    out = open_memstream(&text, &len);
    sk_sheet_chart_svg(&st, 1, false, out);
    fclose(out);
    assert_non_null(strstr(text, "Evening 2"));
    snprintf(total, sizeof total, "Anna (€%lld.%02lld)", (long long)st.player[0].money / 100,
             (long long)st.player[0].money % 100);
    assert_non_null(strstr(text, total));
    free(text);
    /* a table playing for points (5.2.7): the points over the games, no
     * euro anywhere; Anna's Solo won 2 from each of three (6 points) */
    out = open_memstream(&text, &len);
    sk_sheet_chart_svg(&st, 0, true, out);
    fclose(out);
    assert_non_null(strstr(text, "Punkte im Verlauf"));
    assert_null(strstr(text, "€"));
    assert_int_equal(sk_sheet_stats_points(&st, 0, 0), 6);
    snprintf(total, sizeof total, "Anna (%+lld)", (long long)st.player[0].points);
    assert_non_null(strstr(text, total));
    free(text);
    sk_sheet_stats_free(&st);
    /* no games: still a chart, saying so */
    sk_sheet_stats_init(&st);
    out = open_memstream(&text, &len);
    sk_sheet_chart_svg(&st, 1, false, out);
    fclose(out);
    assert_non_null(strstr(text, "No games yet."));
    free(text);
    sk_sheet_free(&a);
    sk_sheet_free(&b);
}

/* ------------------------------------------------------------------ */
/* CSV                                                                  */
/* ------------------------------------------------------------------ */

/* The sheet's CSV as text (malloc'd). */
static char *csv_of(const sk_sheet *sh)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    sk_sheet_print_csv(sh, out);
    fclose(out);
    return text;
}

/* A CSV that must be refused, why containing `needle`; the sheet stays. */
static void csv_refused(sk_sheet *sh, const char *csv, const char *needle)
{
    char why[400] = "";
    int n = sh->n;
    int64_t money = sh->session.money[0];
    if (sk_sheet_import_csv(sh, csv, strlen(csv), why, sizeof why) != -1)
        fail_msg("accepted: %s", csv);
    if (!strstr(why, needle))
        fail_msg("expected \"%s\" in \"%s\"", needle, why);
    assert_int_equal(sh->n, n);
    assert_int_equal(sh->session.money[0], money);
}

/* Written, read and written again: the same text; every kind of line,
 * Bock and the pot. */
static void test_csv_round_trip(void **state)
{
    (void)state;
    sk_rules r = tl_rules("stammtisch", "bock_games=4,bock_on_throw_in=yes,stock=side");
    sk_sheet sh, back;
    sk_sheet_init(&sh, &r, NAMES, 2);
    add(&sh, "spiel geier spieler=Bert augen=80");
    add(&sh, "ramsch verlierer=Chris jungfrau=1");
    add(&sh, "game sauspiel:G declarer=Anna partner=Dora points=40 kontra=1");
    add(&sh, "strafe revoke solo:E spieler=Dora fehler=Anna");
    add(&sh, "neu 3.4.6");
    add(&sh, "game solo:S declarer=Chris points=91   # with \"quotes\", a comma");
    char *csv = csv_of(&sh);
    sk_sheet_init(&back, &r, NAMES, 2);
    char why[400];
    if (sk_sheet_import_csv(&back, csv, strlen(csv), why, sizeof why) < 0)
        fail_msg("%s", why);
    char *again = csv_of(&back);
    assert_string_equal(csv, again);
    free(again);
    /* CRLF line ends (a spreadsheet's) read the same */
    sk_sheet_free(&back);
    sk_sheet_init(&back, &r, NAMES, 2);
    char crlf[8192];
    size_t n = 0;
    for (const char *s = csv; *s && n + 2 < sizeof crlf; s++) {
        if (*s == '\n')
            crlf[n++] = '\r';
        crlf[n++] = *s;
    }
    crlf[n] = '\0';
    assert_int_equal(sk_sheet_import_csv(&back, crlf, n, why, sizeof why), 0);
    assert_int_equal(back.n, sh.n);
    sk_sheet_free(&back);
    free(csv);
    sk_sheet_free(&sh);
}

/* Refusals name the row and the column; the sheet stays as it was. */
static void test_csv_refusals(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_sheet sh;
    sk_sheet_init(&sh, &r, NAMES, 0);
    add(&sh, "game solo:H declarer=Anna points=75 laufende=3");
    add(&sh, "thrown_in");
    char *csv = csv_of(&sh);
    sk_sheet empty;
    sk_sheet_init(&empty, &r, NAMES, 0);
    empty.lang = 1;
    csv_refused(&empty, "", "no header row");
    /* an edited amount */
    char *bad = strdup(csv);
    char *at = strstr(bad, ",240,");
    assert_non_null(at);
    memcpy(at, ",250,", 5);
    csv_refused(&empty, bad, "CSV row 2, column 7 (Anna cents): \"250\" in the file, \"240\" "
                             "under the sheet's rules");
    free(bad);
    /* another ruleset prices it otherwise */
    sk_rules cheap = tl_rules("official", "unit_cents=5");
    sk_sheet other;
    sk_sheet_init(&other, &cheap, NAMES, 0);
    csv_refused(&other, csv, "CSV Zeile 2, Spalte 7 (Anna cents): in der Datei \"240\", nach "
                             "den Regeln des Zettels \"120\"");
    sk_sheet_free(&other);
    /* another dealer */
    sk_sheet_init(&other, &r, NAMES, 1);
    other.lang = 1;
    csv_refused(&other, csv, "column 2 (dealer): \"Anna\" in the file, \"Bert\"");
    sk_sheet_free(&other);
    /* other players */
    char names[5][SK_SHEET_NAME] = {"Anna", "Bert", "Chris", "Zoe"};
    sk_sheet_init(&other, &r, names, 0);
    other.lang = 1;
    csv_refused(&other, csv, "CSV row 1, column 10 (Zoe cents): expected \"Zoe cents\", "
                             "found \"Dora cents\"");
    sk_sheet_free(&other);
    /* the game numbers go on from the sheet */
    sk_sheet_init(&other, &r, NAMES, 0);
    other.lang = 1;
    add(&other, "thrown_in");
    csv_refused(&other, csv, "column 1 (game): game 1, but the sheet's next game is 2");
    sk_sheet_free(&other);
    /* a bad entry, the second row after a good one: nothing stays */
    const char *head = "game,dealer,kind,contract,fault,entry,\"Anna cents\",\"Bert cents\","
                       "\"Chris cents\",\"Dora cents\",\"Anna points\",\"Bert points\","
                       "\"Chris points\",\"Dora points\",stock\n";
    char text[2048];
    snprintf(text, sizeof text,
             "%s1,\"Anna\",thrown_in,,,\"thrown_in\",0,0,0,0,0,0,0,0,0\n"
             "2,\"Bert\",game,solo:H,,\"game solo:H declarer=Eva points=70\",0,0,0,0,0,0,0,0,0\n",
             head);
    csv_refused(&empty, text, "CSV row 3, column 6 (entry): no player \"Eva\"");
    snprintf(text, sizeof text, "%s1,\"Anna\",thrown_in,,,\"show\",0,0,0,0,0,0,0,0,0\n", head);
    csv_refused(&empty, text, "column 6 (entry): a command, not a deal");
    snprintf(text, sizeof text, "%s1,\"Anna\",thrown_in,,,\"thrown_in\",0,0,0,0,0,0,0,0\n", head);
    csv_refused(&empty, text, "CSV row 2, column 14 (Dora points): 14 columns, expected 15");
    snprintf(text, sizeof text, "%s1,\"Anna\",thrown_in,,,\"thrown_in,0,0,0,0,0,0,0,0,0\n", head);
    csv_refused(&empty, text, "column 6 (entry): a quoted field is not closed properly");
    snprintf(text, sizeof text, "%s1,\"Anna\",thrown_in,,,\"thrown_in\",0,0,x,0,0,0,0,0,0\n", head);
    csv_refused(&empty, text, "column 9 (Chris cents): not a whole number: \"x\"");
    snprintf(text, sizeof text, "%s1,\"Anna\",thrown_in,,,\"thrown_in\"x,0,0,0,0,0,0,0,0,0\n",
             head);
    csv_refused(&empty, text, "column 6 (entry): a quoted field");
    /* German */
    empty.lang = 0;
    csv_refused(&empty, "game,dealer\n", "CSV Zeile 1, Spalte 2 (dealer): 2 Spalten, erwartet 15");
    assert_int_equal(empty.n, 0);
    sk_sheet_free(&empty);
    free(csv);
    sk_sheet_free(&sh);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_round_trip), cmocka_unit_test(test_line_words),
        cmocka_unit_test(test_game_refused),    cmocka_unit_test(test_record),
        cmocka_unit_test(test_stats),           cmocka_unit_test(test_stats_full),
        cmocka_unit_test(test_chart),           cmocka_unit_test(test_csv_round_trip),
        cmocka_unit_test(test_csv_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
