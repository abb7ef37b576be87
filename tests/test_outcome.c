/*
 * test_outcome.c -- score keeping for a real table (schafkopf/sheet.h):
 *
 * - the property the issue asks for: random finished games of every
 *   preset and variant, entered as the outcome a score keeper would
 *   write down (contract, declarer, partner, card points or won and
 *   Schneider, Schwarz, Laufende, Kontra, Klopfen), are priced to the
 *   same money and tournament points per seat as the engine's own
 *   settlement (what `schafkopf check` prints), and a session fed with
 *   the outcomes keeps the same sheet, Stock, Bock rounds and dealer as
 *   the session that played them;
 * - the penalties of 2.4.10 and 3.4.7-3.4.18 and the misdeals of
 *   3.4.2-3.4.13, each against the rule's own numbers;
 * - plausibility: every refusal names the field and the rule.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "schafkopf/playout.h"
#include "schafkopf/sheet.h"
#include "testlib.h"

/* ------------------------------------------------------------------ */
/* The property: entered outcomes price as played games                 */
/* ------------------------------------------------------------------ */

/* Every run plays SCALE times the games it names. */
#define SCALE 4

/* Games played by the property test, over all rulesets. */
static long g_games;

/* Requires the outcome's price to be the played game's settlement. */
static void assert_same_price(const sk_result *played, const sk_result *entered,
                              const char *what)
{
    for (int s = 0; s < SK_NSEATS; s++)
        if (played->money[s] != entered->money[s] ||
            played->tournament[s] != entered->tournament[s])
            fail_msg("%s: seat %d played %lld cents %d points, entered %lld cents %d points",
                     what, s, (long long)played->money[s], played->tournament[s],
                     (long long)entered->money[s], entered->tournament[s]);
    assert_int_equal(played->pair_units, entered->pair_units);
    assert_int_equal(played->won, entered->won);
    assert_int_equal(played->schwarz, entered->schwarz);
    assert_int_equal(played->thrown_in, entered->thrown_in);
}

/* The two sessions -- one that played, one that was told -- agree. */
static void assert_same_session(const sk_session *a, const sk_session *b)
{
    assert_memory_equal(a->money, b->money, sizeof a->money);
    assert_memory_equal(a->tournament, b->tournament, sizeof a->tournament);
    assert_int_equal(a->stock, b->stock);
    assert_int_equal(a->dealer, b->dealer);
    assert_int_equal(a->games, b->games);
    assert_int_equal(a->played, b->played);
    assert_memory_equal(a->bock, b->bock, sizeof a->bock);
    assert_memory_equal(a->kreuzbock, b->kreuzbock, sizeof a->kreuzbock);
}

/* Plays `games` random games (the random player: auction, laying,
 * Kontra, cards) in a session of `preset` with "key=value,..." options.
 * Each finished game is entered as an outcome twice -- with the card
 * points, and with won/Schneider instead -- priced alone and booked
 * into a second session; both must give what the engine gave. */
static void run(const char *preset, const char *opts, uint64_t seed, int games)
{
    sk_rules rules = tl_rules(preset, opts);
    sk_rng rng;
    sk_rng_seed(&rng, seed);
    sk_session played, sheet;
    sk_session_init(&played, &rules, 1);
    sk_session_init(&sheet, &rules, 1);
    sk_game g;
    char what[160];
    games *= SCALE;
    int kinds[SK_OUTCOME_NKINDS] = {0}, doubled = 0, laid = 0, bock = 0, stock = 0;
    for (int i = 0; i < games; i++) {
        sk_session_deal(&played, &g, &rng);
        sk_game_random_rest(&g, &rng);
        sk_result res, priced, booked;
        sk_error err = {{0}, NULL};
        assert_int_equal(sk_session_finish(&played, &g, &res, NULL), SK_OK);

        sk_outcome o;
        sk_outcome_from_game(&g, &res, &o);
        char code[32] = "";
        sk_contract_code(res.contract, code, sizeof code);
        snprintf(what, sizeof what, "%s %s game %d (%s)", preset, opts, i, code);
        if (sk_outcome_price(&rules, &o, &priced, &err) < 0)
            fail_msg("%s: refused: %s (%s)", what, err.msg, err.rule ? err.rule : "");
        assert_same_price(&res, &priced, what);

        if (o.kind == SK_OUTCOME_GAME) { /* the same without the card points */
            sk_outcome flags = o;
            flags.points = SK_OUTCOME_NO_POINTS;
            if (sk_outcome_price(&rules, &flags, &priced, &err) < 0)
                fail_msg("%s, no points: refused: %s", what, err.msg);
            assert_same_price(&res, &priced, what);
            o = i % 2 ? flags : o;
        }
        o.bock = 0; /* the session knows these */
        o.first_game = 0;
        if (sk_session_book_outcome(&sheet, &o, &booked, &err) < 0)
            fail_msg("%s: booking refused: %s", what, err.msg);
        assert_same_price(&res, &booked, what);
        assert_same_session(&played, &sheet);
        kinds[o.kind]++;
        doubled += res.doublings > 0;
        laid += res.laid > 0;
        bock += res.bock > 0;
        stock += played.stock != 0;
    }
    g_games += games;
    /* the games reach what the ruleset has: else the property says little */
    assert_true(kinds[SK_OUTCOME_GAME] > games / 2);
    if (rules.all_pass == SK_ALLPASS_RAMSCH)
        assert_true(kinds[SK_OUTCOME_RAMSCH] > 0);
    if (rules.all_pass <= SK_ALLPASS_SAME_DEALER)
        assert_true(kinds[SK_OUTCOME_THROWN_IN] > 0);
    assert_true((doubled > 0) == (rules.kontra_max > 0));
    assert_true((laid > 0) == (rules.klopfen != SK_KLOPF_OFF));
    assert_true((bock > 0) == (rules.bock_games > 0));
    assert_true(stock == 0 || rules.stock != SK_STOCK_OFF);
    if (rules.stock != SK_STOCK_OFF && rules.all_pass <= SK_ALLPASS_SAME_DEALER)
        assert_true(stock > 0); /* filled by throw-ins */
}

/* 4.2, 5.2.7: the official and tournament rulesets (first-game limits,
 * stages, no Kontra), the online table and short cards. */
static void test_property_presets(void **state)
{
    (void)state;
    run("official", "", 1, 10000);
    run("tournament", "", 2, 10000);
    run("sauspiel", "", 3, 10000);
    run("kurz", "", 4, 5000);
    run("stammtisch", "", 5, 10000);
}

/* 002's variants and tariffs: Muss, Hochzeit (and Bauernhochzeit, and in
 * its own round), laying in every mode, Kontra up to Resub, Laufende
 * capped or counted above the minimum, Schneider per class, Geier,
 * Farbwenz, Bettel, Schieberamsch with Jungfrau, five and three players,
 * twenty cards. */
static void test_property_variants(void **state)
{
    (void)state;
    run("official",
        "all_pass=muss,klopfen=chain,kontra_timing=own_card,kontra_max=4,laufende_max=4,"
        "schneider_solo=no,allow_bettel=yes,allow_hochzeit=yes,hochzeit_after_pass=yes",
        11, 5000);
    run("official", "allow_hochzeit=yes,bauernhochzeit=yes,klopfen=all,retour_by_partner=yes",
        12, 5000);
    run("official",
        "laufende_count=above_min,schneider_wenz=no,allow_geier=yes,allow_farbwenz=yes,"
        "allow_farbgeier=yes,klopfen=one,tout_factor=3",
        13, 5000);
    run("stammtisch", "ramsch_schieben=yes,ramsch_jungfrau=yes,bauernhochzeit=yes", 14, 5000);
    run("stammtisch", "ramsch_durchmarsch=no,schneider_sauspiel=no,klopfen=forehand", 15, 5000);
    run("official", "players=5,kontra_max=3", 16, 5000);
    run("official", "players=3", 17, 5000);
    run("stammtisch", "deck=20", 18, 5000);
    run("official", "sie_first_game=yes,first_game_limits=yes,stage_games=8", 19, 5000);
}

/* 002's session rules: Bock rounds on every trigger, the Stock for the
 * declarer alone and for his side, Kreuzbock rounds after a throw-in
 * and a Kreuzbock when all pass. */
static void test_property_sessions(void **state)
{
    (void)state;
    run("official",
        "bock_games=4,bock_on_throw_in=yes,bock_on_lost_solo=yes,bock_on_schwarz=yes,"
        "bock_on_retour=yes,stock=side,stock_rate=2,kreuzbock_on_throw_in=yes",
        21, 10000);
    run("official", "bock_games=2,bock_on_throw_in=yes,stock=declarer,all_pass=same_dealer",
        22, 5000);
    run("official", "all_pass=kreuzbock,bock_games=4,bock_on_schwarz=yes", 23, 5000);
    run("stammtisch", "stock=side,bock_on_retour=yes,players=5", 24, 5000);
    print_message("property: %ld random games entered as outcomes\n", g_games);
}

/* 2.9.2: a Sie, too rare for random deals, priced like the played one
 * (its Laufende from the hand when not entered). */
static void test_sie_outcome(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, NULL, "EO GO HO SO EU GU HU SU", NULL, NULL);
    tl_script(&g, "0 pass", "1 bid sauspiel", "2 pass", "3 pass", "1 declare sie", NULL);
    sk_result res = tl_result(&g), priced;
    sk_outcome o;
    sk_outcome_from_game(&g, &res, &o);
    assert_int_equal(sk_outcome_price(&r, &o, &priced, NULL), SK_OK);
    assert_same_price(&res, &priced, "sie");
    o.laufende = 0;
    o.points = SK_OUTCOME_NO_POINTS;
    assert_int_equal(sk_outcome_price(&r, &o, &priced, NULL), SK_OK);
    assert_same_price(&res, &priced, "sie, nothing but won");
    assert_int_equal(priced.laufende, 8);
}

/* ------------------------------------------------------------------ */
/* Entered results                                                      */
/* ------------------------------------------------------------------ */

/* A game outcome: contract code, declarer, partner (-1 none). */
static sk_outcome game(const char *code, int declarer, int partner)
{
    sk_outcome o;
    sk_outcome_init(&o);
    o.contract = tl_K(code);
    o.declarer = (uint8_t)declarer;
    o.partner = partner < 0 ? SK_NOSEAT : (uint8_t)partner;
    return o;
}

/* Prices an outcome that must be accepted. */
static sk_result price(const sk_rules *r, const sk_outcome *o)
{
    sk_result res;
    sk_error err = {{0}, NULL};
    if (sk_outcome_price(r, o, &res, &err) < 0)
        fail_msg("refused: %s (%s)", err.msg, err.rule ? err.rule : "");
    return res;
}

/* An outcome that must be refused by `rule`, the message naming `field`. */
static void refused(const sk_rules *r, const sk_outcome *o, const char *rule, const char *field)
{
    sk_error err = {{0}, NULL};
    sk_result res;
    if (sk_outcome_price(r, o, &res, &err) != SK_EINVAL)
        fail_msg("accepted, expected a refusal by %s naming %s", rule, field);
    if (!err.rule || strcmp(err.rule, rule) != 0)
        fail_msg("expected rule %s, got %s: %s", rule, err.rule ? err.rule : "none", err.msg);
    if (strncmp(err.msg, field, strlen(field)) != 0)
        fail_msg("expected the message to name %s: %s", field, err.msg);
}

/* 4.1.2, 4.1.3: won with 61, Schneider from 91 and with 30 or fewer;
 * entered as card points or as won and Schneider, the same price. */
static void test_points_give_the_verdict(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_outcome o = game("sauspiel:E", 0, 2);
    o.points = 61;
    sk_result res = price(&r, &o);
    tl_assert_settlement(&res, 10, -10, 10, -10, 1, -1, 1, -1); /* 4.2.4 */
    o.points = 60;
    res = price(&r, &o);
    tl_assert_settlement(&res, -10, 10, -10, 10, -1, 1, -1, 1);
    o.points = 91;
    res = price(&r, &o);
    tl_assert_settlement(&res, 20, -20, 20, -20, 2, -2, 2, -2); /* 5.2.7: Schneider 2 */
    o.points = 30;
    res = price(&r, &o);
    tl_assert_settlement(&res, -20, 20, -20, 20, -2, 2, -2, 2);
    o.points = 31;
    res = price(&r, &o);
    tl_assert_settlement(&res, -10, 10, -10, 10, -1, 1, -1, 1);
    /* the same as flags */
    o.points = SK_OUTCOME_NO_POINTS;
    o.won = 0;
    o.schneider = 1;
    res = price(&r, &o);
    tl_assert_settlement(&res, -20, 20, -20, 20, -2, 2, -2, 2);
    /* 4.1.4: Schwarz, with 3 Laufende and Kontra: (5 + 3 + 2) x 2 units */
    o = game("solo:G", 1, -1);
    o.points = 120;
    o.schwarz = 1;
    o.laufende = 3;
    o.doublings = 1;
    res = price(&r, &o);
    tl_assert_settlement(&res, -200, 600, -200, -200, -8, 24, -8, -8); /* Kontra doubles */
    /* 002: a Muss wins with 60 */
    r = tl_rules("official", "all_pass=muss");
    o = game("sauspiel:G", 3, 0);
    o.muss = 1;
    o.points = 60;
    res = price(&r, &o);
    assert_true(res.won);
}

/* The entered result must be one a game can have. */
static void test_plausibility(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_outcome o = game("solo:H", 0, 2);
    o.points = 70;
    refused(&r, &o, "2.6.2", "partner"); /* a Solo player plays alone */
    o = game("sauspiel:E", 0, -1);
    o.points = 70;
    refused(&r, &o, "2.5.2", "partner"); /* the called ace's holder plays with him */
    o.partner = 0;
    refused(&r, &o, "2.5.2", "partner");
    o = game("sauspiel:E", 0, 1);
    o.contract.suit = SK_HERZ;
    refused(&r, &o, "2.5.1", "contract"); /* the Herz-Sau is a trump */
    o = game("wenz", 1, -1);
    o.won = 1;
    o.schwarz = 1;
    refused(&r, &o, "4.1.3", "schwarz without schneider");
    o.points = 100;
    refused(&r, &o, "4.1.4", "schwarz"); /* the side without a trick has no points */
    o.points = 121;
    o.schwarz = 0;
    refused(&r, &o, "1.2.4", "points");
    o.points = 80;
    o.laufende = 5;
    refused(&r, &o, "4.2.2", "laufende"); /* a Wenz has four trumps */
    o.laufende = 4;
    assert_int_equal(sk_outcome_check(&r, &o, NULL), SK_OK);
    o = game("sauspiel:S", 0, 1);
    o.points = 70;
    o.laufende = 15;
    refused(&r, &o, "4.2.2", "laufende"); /* 14 trumps */
    o.laufende = 14;
    assert_int_equal(sk_outcome_check(&r, &o, NULL), SK_OK);
    o = game("solo:E:tout", 2, -1);
    o.won = 1;
    o.points = 110;
    refused(&r, &o, "2.8.1", "points"); /* a won Tout took every trick */
    o.points = 120;
    assert_int_equal(sk_outcome_check(&r, &o, NULL), SK_OK);
    o = game("geier", 0, -1);
    refused(&r, &o, "2.4.4", "contract"); /* not in the official rules */
    o = game("solo:E", 0, -1);
    o.declarer = 4;
    refused(&r, &o, "2.4.12", "declarer");

    sk_rules t = tl_preset("tournament");
    o = game("solo:E", 0, -1);
    o.points = 70;
    o.doublings = 1;
    refused(&t, &o, "5.2.4", "doublings"); /* no Kontra in a tournament */
    o.doublings = 0;
    o.contract.tout = 1;
    o.first_game = 1;
    refused(&t, &o, "5.2.15", "contract"); /* no Tout in the first game */
    o = game("sie", 0, -1);
    o.won = 1;
    o.first_game = 1;
    refused(&r, &o, "2.9.1", "contract");
    o.first_game = 0;
    o.won = 0;
    refused(&r, &o, "2.9.2", "won");

    sk_rules s = tl_preset("stammtisch");
    o = game("bettel", 1, -1);
    o.won = 1;
    o.laufende = 2;
    refused(&s, &o, "002", "laufende"); /* no trumps */
    o.laufende = 0;
    assert_int_equal(sk_outcome_check(&s, &o, NULL), SK_OK);
    o.points = 4;
    refused(&s, &o, "4.1.4", "points"); /* a won Bettel took no trick */

    sk_outcome ramsch;
    sk_outcome_init(&ramsch);
    ramsch.kind = SK_OUTCOME_RAMSCH;
    ramsch.losers = 1;
    refused(&r, &ramsch, "002", "ramsch"); /* the official rules throw in */
    ramsch.losers = 0xf;
    refused(&s, &ramsch, "002", "losers"); /* the piles are never all equal */
    ramsch.losers = 0;
    refused(&s, &ramsch, "002", "losers");
    ramsch.losers = 2;
    ramsch.jungfrau = 3;
    refused(&s, &ramsch, "002", "jungfrau");
    sk_outcome thrown;
    sk_outcome_init(&thrown);
    thrown.kind = SK_OUTCOME_THROWN_IN;
    assert_int_equal(sk_outcome_check(&r, &thrown, NULL), SK_OK);
    sk_rules muss = tl_rules("official", "all_pass=muss");
    refused(&muss, &thrown, "2.4.13", "thrown_in");
}

/* 2.4.10: "An invalid bid ends the game and is counted as a lost game
 * for the bidder, scoring the points that a valid lost game would have
 * earned (without Schneider and Schwarz)" -- for him alone (3.4.16). */
static void test_invalid_bid(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_outcome o = game("solo:H", 1, -1);
    o.kind = SK_OUTCOME_PENALTY;
    o.fault = SK_FAULT_INVALID_BID;
    o.offender = 1;
    sk_result res = price(&r, &o);
    /* a lost Solo: 5 units = 50 cents to each; 5.2.7: 6 and 2 each */
    tl_assert_settlement(&res, 50, -150, 50, 50, 2, -6, 2, 2);
    assert_int_equal(res.penalty, SK_FAULT_INVALID_BID);
    /* with the Laufende the game would have brought: (5 + 3) units */
    o.laufende = 3;
    res = price(&r, &o);
    tl_assert_settlement(&res, 80, -240, 80, 80, 2, -6, 2, 2);
    /* a Sauspiel: the bidder pays both opponents, his partner nothing */
    o = game("sauspiel:G", 0, 2);
    o.kind = SK_OUTCOME_PENALTY;
    o.fault = SK_FAULT_INVALID_BID;
    o.offender = 0;
    res = price(&r, &o);
    tl_assert_settlement(&res, -20, 10, 0, 10, -2, 1, 0, 1);
    /* the call itself invalid (he holds the Sau): no partner, he pays all three */
    o.partner = SK_NOSEAT;
    res = price(&r, &o);
    tl_assert_settlement(&res, -30, 10, 10, 10, -3, 1, 1, 1);
    /* only the bidder can have bid */
    o.offender = 1;
    refused(&r, &o, "2.4.10", "offender");
}

/* A penalty outcome: contract, declarer, partner, offender, fault. */
static sk_outcome penalty(const char *code, int declarer, int partner, int offender, int fault)
{
    sk_outcome o = game(code, declarer, partner);
    o.kind = SK_OUTCOME_PENALTY;
    o.fault = (uint8_t)fault;
    o.offender = (uint8_t)offender;
    return o;
}

/* 3.4.17: a Solo or Wenz: the offender 9 minus points; a soloist's three
 * opponents 3 each, an opponent's soloist 9, the others 0; a Tout 18;
 * a Sauspiel: 4, the two opponents 2 each, the partner 0.  Money in
 * proportion: the tariff with Schneider, no Laufende ("in practice only
 * Schneider is paid"), and neither the tricks nor a Kontra count. */
static void test_penalty_points_3_4_17(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    /* 3.4.14: the soloist revokes: (5 + 1) units to each */
    sk_outcome o = penalty("wenz", 2, -1, 2, SK_FAULT_REVOKE);
    o.laufende = 4; /* irrelevant */
    o.doublings = 2;
    sk_result res = price(&r, &o);
    tl_assert_settlement(&res, 60, 60, -180, 60, 3, 3, -9, 3);
    /* a defender revokes: he pays the soloist all of it */
    o.offender = 0;
    res = price(&r, &o);
    tl_assert_settlement(&res, -180, 0, 180, 0, -9, 0, 9, 0);
    /* a Tout: 18 minus points; 5 units x 2, no Schneider (4.2.4) */
    o = penalty("solo:S:tout", 1, -1, 1, SK_FAULT_REVOKE);
    res = price(&r, &o);
    tl_assert_settlement(&res, 100, -300, 100, 100, 6, -18, 6, 6);
    o.offender = 3; /* 004: a defender's team mates get 0 */
    res = price(&r, &o);
    tl_assert_settlement(&res, 0, 300, 0, -300, 0, 18, 0, -18);
    /* a Sauspiel: the declarer's partner errs; (1 + 1) units to each opponent */
    o = penalty("sauspiel:E", 0, 2, 2, SK_FAULT_REVOKE);
    res = price(&r, &o);
    tl_assert_settlement(&res, 0, 20, -40, 20, 0, 2, -4, 2);
    /* a defender errs: the declarer and his partner get 2 each */
    o.offender = 3;
    res = price(&r, &o);
    tl_assert_settlement(&res, 20, 0, 20, -40, 2, 0, 2, -4);
}

/* 3.4.7-3.4.15: every mistake that ends the game is one penalty (3.4.16,
 * 3.4.17), whichever it was. */
static void test_every_fault_is_the_penalty(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    const int faults[] = {SK_FAULT_OUT_OF_TURN,   SK_FAULT_REMARK,     SK_FAULT_TRICKS_LOOKED,
                          SK_FAULT_CARD_SHOWN,    SK_FAULT_CARD_COUNT, SK_FAULT_REVOKE,
                          SK_FAULT_REVOKE_LATE};
    const char *rules[] = {"3.4.7", "3.4.8", "3.4.9", "3.4.11", "3.4.12", "3.4.14", "3.4.15"};
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
        sk_outcome o = penalty("solo:E", 3, -1, 3, faults[i]);
        sk_result res = price(&r, &o);
        tl_assert_settlement(&res, 60, 60, 60, -180, 3, 3, 3, -9);
        assert_string_equal(sk_fault_rule(faults[i]), rules[i]);
        assert_int_equal(sk_fault_parse(sk_fault_code(faults[i])), faults[i]);
        assert_false(sk_fault_is_misdeal(faults[i]));
    }
    /* 2.9.2: a Sie is laid down at once, no play to err in */
    sk_outcome o = penalty("sie", 0, -1, 1, SK_FAULT_REVOKE);
    refused(&r, &o, "2.9.2", "fault");
    /* a misdeal is no penalty */
    o = penalty("solo:E", 3, -1, 3, SK_FAULT_DEAL_COUNT);
    refused(&r, &o, "3.4.16", "fault");
    o = penalty("solo:E", 3, -1, 4, SK_FAULT_REVOKE);
    refused(&r, &o, "3.4.16", "offender");
}

/* 3.4.18: "If, after a mistake, a player uncovers his opponent's or
 * partner's cards or throws them openly onto the table before the
 * referee has made his decision, he has lost the game and receives the
 * minus points that the player who actually made the mistake would
 * have received.  The player who did make the mistake receives 0
 * points."  A revealed penalty: the game as declared, the offender, the
 * revealer. */
static sk_outcome revealed(const char *code, int declarer, int partner, int offender,
                           int revealer)
{
    sk_outcome o = penalty(code, declarer, partner, offender, SK_FAULT_REVEALED);
    o.revealer = (uint8_t)revealer;
    return o;
}

/* Prices an outcome given by value that must be accepted. */
static sk_result price_of(const sk_rules *r, sk_outcome o)
{
    return price(r, &o);
}

/* 3.4.18 in a Sauspiel, the revealer the offender's partner: he takes
 * the offender's place in 3.4.17's table -- he -4, the offender 0, the
 * two opponents +2 each (money: (1 + 1) units to each opponent). */
static void test_revealed_by_the_partner_sauspiel(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    /* the declarer (0) revokes, his partner (2) throws his cards down */
    sk_result res = price_of(&r, revealed("sauspiel:G", 0, 2, 0, 2));
    tl_assert_settlement(&res, 0, 20, -40, 20, 0, 2, -4, 2);
    assert_false(res.won); /* lost for the revealer's side */
    /* the declarer's partner (3) revokes, the declarer (1) shows his hand */
    res = price_of(&r, revealed("sauspiel:G", 1, 3, 3, 1));
    tl_assert_settlement(&res, 20, -40, 20, 0, 2, -4, 2, 0);
    /* a defender (1) revokes, the other defender (3) shows his hand */
    res = price_of(&r, revealed("sauspiel:G", 0, 2, 1, 3));
    tl_assert_settlement(&res, 20, 0, 20, -40, 2, 0, 2, -4);
    assert_true(res.won);
}

/* 3.4.18 in a Sauspiel, the revealer the offender's opponent: he -4,
 * the offender 0 (not the +2 3.4.17 gives an opponent of the one who
 * lost), and the other two -- one partner of each -- share the 4: +2
 * each, what 3.4.17 gives each of them as an opponent of the one of
 * the two who is not his partner (docs/rules.md, 3.4.18).  The row
 * sums to zero (5.3.3). */
static void test_revealed_by_an_opponent_sauspiel(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    /* the declarer (0, partner 2) revokes, defender 1 uncovers his cards */
    sk_result res = price_of(&r, revealed("sauspiel:G", 0, 2, 0, 1));
    tl_assert_settlement(&res, 0, -40, 20, 20, 0, -4, 2, 2);
    assert_true(res.won); /* the defender's side lost */
    /* defender 1 revokes, the declarer's partner (2) uncovers his cards */
    res = price_of(&r, revealed("sauspiel:G", 0, 2, 1, 2));
    tl_assert_settlement(&res, 20, 0, -40, 20, 2, 0, -4, 2);
    assert_false(res.won);
    /* the sauspiel preset's tariff: (2 + 1) units = 30 cents a pair */
    sk_rules sp = tl_preset("sauspiel");
    res = price_of(&sp, revealed("sauspiel:E", 3, 1, 1, 0));
    tl_assert_settlement(&res, -60, 0, 30, 30, -4, 0, 2, 2);
}

/* 3.4.18 in a Solo, both defenders: the revealer in the offender's
 * place -- he -9, the soloist +9, the offender and the third defender 0
 * (004: "if a defender infringed, his team mates get 0"). */
static void test_revealed_by_a_fellow_defender_solo(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    /* a defender (1) revokes in a Solo, the other defender (2) shows his hand */
    sk_result res = price_of(&r, revealed("solo:H", 0, -1, 1, 2));
    tl_assert_settlement(&res, 180, 0, -180, 0, 9, 0, -9, 0);
    /* a Tout: 18 */
    res = price_of(&r, revealed("wenz:tout", 2, -1, 3, 0));
    tl_assert_settlement(&res, -300, 0, 300, 0, -18, 0, 18, 0);
    sk_outcome o = revealed("solo:H", 0, -1, 1, 1);
    refused(&r, &o, "3.4.18", "revealer");
    o.revealer = SK_NOSEAT;
    refused(&r, &o, "3.4.18", "revealer");
}

/* 3.4.18, the soloist the offender and a defender the revealer: the
 * defender -9 (the soloist's minus points), the soloist 0, and the two
 * other defenders share the 9 -- in whole points 5 and 4, the odd point
 * to the first of them clockwise from the revealer (docs/rules.md);
 * money in halves (90 cents each), a Tout's 18 in halves (9 each). */
static void test_revealed_soloist_offender(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    /* the soloist (0) revokes, defender 1 uncovers his cards: 2 sits first */
    sk_result res = price_of(&r, revealed("solo:H", 0, -1, 0, 1));
    tl_assert_settlement(&res, 0, -180, 90, 90, 0, -9, 5, 4);
    assert_true(res.won); /* the revealer's side, the defenders, lost */
    /* defender 3 uncovers: after him 0 (the offender), then 1 */
    res = price_of(&r, revealed("solo:H", 0, -1, 0, 3));
    tl_assert_settlement(&res, 0, 90, 90, -180, 0, 5, 4, -9);
    /* a Tout: 18 minus points, 9 each; 5 units x 2 = 100 cents a pair */
    res = price_of(&r, revealed("solo:S:tout", 1, -1, 1, 3));
    tl_assert_settlement(&res, 150, 0, 150, -300, 9, 0, 9, -18);
    /* the tournament preset: the same points */
    sk_rules t = tl_preset("tournament");
    res = price_of(&t, revealed("wenz", 2, -1, 2, 0));
    assert_int_equal(res.tournament[0], -9);
    assert_int_equal(res.tournament[1], 5);
    assert_int_equal(res.tournament[2], 0);
    assert_int_equal(res.tournament[3], 4);
}

/* 3.4.18, a defender the offender and the soloist the revealer: the
 * soloist -9 (the defender's minus points), the defender 0 (not the +3
 * a soloist's mistake gives him), the two other defenders 5 and 4. */
static void test_revealed_soloist_revealer(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    /* defender 1 revokes, the soloist (0) throws his cards down */
    sk_result res = price_of(&r, revealed("solo:H", 0, -1, 1, 0));
    tl_assert_settlement(&res, -180, 0, 90, 90, -9, 0, 5, 4);
    assert_false(res.won);
    /* defender 2 revokes, soloist 3 reveals: after him 0, then 1 */
    res = price_of(&r, revealed("wenz", 3, -1, 2, 3));
    tl_assert_settlement(&res, 90, 90, 0, -180, 5, 4, 0, -9);
    /* a Tout */
    res = price_of(&r, revealed("wenz:tout", 3, -1, 2, 3));
    tl_assert_settlement(&res, 150, 150, 0, -300, 9, 9, 0, -18);
}

/* 3.4.18 in money (3.4.17: "payments are proportional to the tariff"):
 * the same shares as the points; an odd cent goes like the odd point,
 * to the first of the two clockwise from the revealer.  Three players:
 * one other player takes it all.  A Ramsch: each plays for himself, so
 * the revealer is always the offender's opponent. */
static void test_revealed_money(void **state)
{
    (void)state;
    /* (4 + 1) units of 1 cent a pair: the soloist would pay 15 */
    sk_rules r = tl_rules("official", "unit_cents=1,rate_solo=4");
    sk_result res = price_of(&r, revealed("solo:H", 0, -1, 0, 1));
    tl_assert_settlement(&res, 0, -15, 8, 7, 0, -9, 5, 4);
    /* Bock doubles the money (3.4.17 decision), not the points */
    sk_outcome o = revealed("solo:H", 0, -1, 1, 0);
    o.bock = 1;
    res = price(&r, &o);
    tl_assert_settlement(&res, -30, 0, 15, 15, -9, 0, 5, 4);
    /* three players: the soloist against two, 2 x 3 points */
    sk_rules three = tl_preset("official");
    tl_set(&three, "players", "3");
    res = price_of(&three, revealed("solo:E", 0, -1, 0, 2));
    tl_assert_settlement(&res, 0, 120, -120, 0, 0, 6, -6, 0);
    res = price_of(&three, revealed("solo:E", 0, -1, 1, 0));
    tl_assert_settlement(&res, -120, 0, 120, 0, -6, 0, 6, 0);
    res = price_of(&three, revealed("solo:E", 0, -1, 1, 2));
    tl_assert_settlement(&res, 120, 0, -120, 0, 6, 0, -6, 0);
    /* a Ramsch: the offender (2) would lose it alone, 10 cents to each */
    sk_rules st = tl_preset("stammtisch");
    o = revealed("solo:G", 0, -1, 2, 0);
    o.contract = (sk_contract){SK_C_RAMSCH, SK_NOSUIT, 0};
    o.declarer = SK_NOSEAT;
    res = price(&st, &o);
    tl_assert_settlement(&res, -30, 15, 0, 15, -3, 2, 0, 1);
}

/* 3.4.18 for every pair of offender and revealer, in every contract of
 * several rulesets: the revealer gets exactly what 3.4.17 gives the
 * offender, the offender 0, each row sums to zero (5.3.3); where the
 * two sit on one side everybody else gets what 3.4.17 gives him, where
 * they do not the two others get half each (the odd unit to one). */
static void test_revealed_every_pair(void **state)
{
    (void)state;
    static const struct {
        const char *rules, *code;
        int partner;
    } CASES[] = {
        {"official", "sauspiel:E", 2}, {"official", "solo:G", -1},
        {"official", "wenz", -1},      {"official", "solo:H:tout", -1},
        {"tournament", "sauspiel:S", 1}, {"tournament", "wenz:tout", -1},
        {"sauspiel", "geier", -1},     {"sauspiel", "farbwenz:E", -1},
        {"stammtisch", "bettel", -1},  {"stammtisch", "hochzeit", 3},
        {"stammtisch", "bettel:ouvert", -1},
    };
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++)
        for (int off = 0; off < 4; off++)
            for (int rev = 0; rev < 4; rev++) {
                if (rev == off)
                    continue;
                sk_rules r = tl_preset(CASES[k].rules);
                sk_outcome base = penalty(CASES[k].code, 0, CASES[k].partner, off,
                                          SK_FAULT_REVOKE);
                sk_result p = price(&r, &base);
                sk_result res = price_of(&r, revealed(CASES[k].code, 0, CASES[k].partner,
                                                      off, rev));
                bool side_off = off == 0 || off == CASES[k].partner;
                bool side_rev = rev == 0 || rev == CASES[k].partner;
                int64_t money = 0;
                int points = 0;
                for (int s = 0; s < 4; s++) {
                    money += res.money[s];
                    points += res.tournament[s];
                    int64_t want_m = s == rev ? p.money[off] : s == off ? 0 : p.money[s];
                    int want_t = s == rev ? p.tournament[off] : s == off ? 0 : p.tournament[s];
                    if (side_off != side_rev && s != rev && s != off) {
                        /* the two others: half of it each */
                        int64_t hm = -p.money[off] / 2;
                        int ht = -p.tournament[off] / 2;
                        if (res.money[s] < hm || res.money[s] > hm + 1 ||
                            res.tournament[s] < ht || res.tournament[s] > ht + 1)
                            fail_msg("%s %s offender %d revealer %d: seat %d has %lld "
                                     "cents %d points, not half of %lld / %d",
                                     CASES[k].rules, CASES[k].code, off, rev, s,
                                     (long long)res.money[s], res.tournament[s],
                                     (long long)-p.money[off], -p.tournament[off]);
                        continue;
                    }
                    if (res.money[s] != want_m || res.tournament[s] != want_t)
                        fail_msg("%s %s offender %d revealer %d: seat %d has %lld cents "
                                 "%d points, want %lld / %d",
                                 CASES[k].rules, CASES[k].code, off, rev, s,
                                 (long long)res.money[s], res.tournament[s],
                                 (long long)want_m, want_t);
                }
                if (money || points)
                    fail_msg("%s %s offender %d revealer %d: sums %lld cents %d points",
                             CASES[k].rules, CASES[k].code, off, rev, (long long)money,
                             points);
            }
}

/* 3.4.17 "payments are proportional to the tariff": the ruleset's rates,
 * Schneider only where it is scored (002), Bock doubling the money but
 * not the points; a penalty in a Ramsch: the offender loses it alone. */
static void test_penalty_tariff(void **state)
{
    (void)state;
    sk_rules r = tl_rules("sauspiel", "schneider_solo=no");
    sk_outcome o = penalty("solo:G", 0, -1, 0, SK_FAULT_REVOKE);
    sk_result res = price(&r, &o);
    tl_assert_settlement(&res, -150, 50, 50, 50, -9, 3, 3, 3);
    r = tl_preset("sauspiel");
    o = penalty("sauspiel:S", 0, 1, 0, SK_FAULT_OUT_OF_TURN);
    o.bock = 1;
    res = price(&r, &o);
    tl_assert_settlement(&res, -120, 0, 60, 60, -4, 0, 2, 2); /* (2 + 1) x 10 x 2 */
    sk_rules s = tl_preset("stammtisch");
    o = penalty("solo:G", 0, -1, 2, SK_FAULT_REVOKE);
    o.contract = (sk_contract){SK_C_RAMSCH, SK_NOSUIT, 0};
    o.declarer = SK_NOSEAT;
    res = price(&s, &o);
    tl_assert_settlement(&res, 10, 10, -30, 10, 1, 1, -3, 1);
}

/* A penalty in a session: booked like a game (the dealer moves on, the
 * first game is over) but it moves no Stock and starts no Bock round. */
static void test_penalty_in_session(void **state)
{
    (void)state;
    sk_rules r = tl_rules("official", "stock=declarer,stock_rate=1,bock_games=4,"
                                      "bock_on_lost_solo=yes,bock_on_throw_in=yes");
    sk_session s;
    sk_session_init(&s, &r, 0);
    sk_outcome thrown;
    sk_outcome_init(&thrown);
    thrown.kind = SK_OUTCOME_THROWN_IN;
    sk_result res;
    assert_int_equal(sk_session_book_outcome(&s, &thrown, &res, NULL), SK_OK);
    assert_int_equal(s.stock, 40);
    assert_int_equal(s.bock[1], 1); /* the throw-in started a Bock round */
    sk_outcome o = penalty("solo:E", 1, -1, 1, SK_FAULT_REVOKE);
    assert_int_equal(sk_session_book_outcome(&s, &o, &res, NULL), SK_OK);
    tl_assert_settlement(&res, 120, -360, 120, 120, 3, -9, 3, 3); /* in Bock: x 2 */
    assert_int_equal(s.stock, 40);
    for (int i = 0; i < SK_SESSION_RING; i++)
        assert_true(s.bock[i] <= 1); /* a lost Solo, but no Bock from a penalty */
    assert_int_equal(s.dealer, 2);
    assert_int_equal(s.played, 1);
    assert_int_equal(s.money[1], -10 - 360);
}

/* 3.4.2, 3.4.5, 3.4.6, 3.4.13: a misdeal is dealt again and does not
 * count: nothing is paid, the same dealer deals, a first game stays the
 * first, a Bock round waits. */
static void test_misdeal(void **state)
{
    (void)state;
    sk_rules r = tl_rules("tournament", "bock_games=4,bock_on_throw_in=yes");
    sk_session s;
    sk_session_init(&s, &r, 2);
    const int faults[] = {SK_FAULT_DEAL_CARD_SHOWN, SK_FAULT_DEAL_COUNT,
                          SK_FAULT_DEAL_OUT_OF_TURN, SK_FAULT_DEAL_ERROR, SK_FAULT_TWO_COUNTS};
    const char *rules[] = {"3.4.2", "3.4.2", "3.4.5", "3.4.6", "3.4.13"};
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
        sk_outcome o;
        sk_outcome_init(&o);
        o.kind = SK_OUTCOME_REDEAL;
        o.fault = (uint8_t)faults[i];
        sk_session before = s;
        sk_result res;
        assert_int_equal(sk_session_book_outcome(&s, &o, &res, NULL), SK_OK);
        assert_memory_equal(&before, &s, sizeof s);
        for (int seat = 0; seat < 4; seat++)
            assert_int_equal(res.money[seat], 0);
        assert_true(sk_fault_is_misdeal(faults[i]));
        assert_string_equal(sk_fault_rule(faults[i]), rules[i]);
        sk_session_round round;
        sk_session_next(&s, &round);
        assert_int_equal(round.dealer, 2);
        assert_true(round.first_game);
        o.fault = SK_FAULT_REVOKE;
        sk_error err;
        assert_int_equal(sk_outcome_check(&r, &o, &err), SK_EINVAL);
        assert_string_equal(err.rule, "3.4.6");
    }
}

/* A session knows which deal is a Kreuzbock game and which a first game
 * (5.2.15), and the outcome must fit it. */
static void test_session_round_checks(void **state)
{
    (void)state;
    sk_rules r = tl_rules("official", "kreuzbock_on_throw_in=yes");
    sk_session s;
    sk_session_init(&s, &r, 3);
    sk_outcome thrown;
    sk_outcome_init(&thrown);
    thrown.kind = SK_OUTCOME_THROWN_IN;
    sk_result res;
    assert_int_equal(sk_session_book_outcome(&s, &thrown, &res, NULL), SK_OK);
    sk_error err;
    assert_int_equal(sk_session_book_outcome(&s, &thrown, &res, &err), SK_EINVAL);
    assert_string_equal(err.rule, "002");
    sk_outcome o = game("sauspiel:E", 0, 2);
    o.points = 70;
    assert_int_equal(sk_session_book_outcome(&s, &o, &res, &err), SK_EINVAL);
    o.contract.suit = SK_NOSUIT;
    o.partner = 1;
    assert_int_equal(sk_session_book_outcome(&s, &o, &res, &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "across"));
    o.partner = 2;
    assert_int_equal(sk_session_book_outcome(&s, &o, &res, &err), SK_OK);
    tl_assert_settlement(&res, 10, -10, 10, -10, 1, -1, 1, -1);

    sk_rules t = tl_preset("tournament");
    sk_session_init(&s, &t, 3);
    o = game("wenz:tout", 1, -1);
    o.won = 1;
    assert_int_equal(sk_session_book_outcome(&s, &o, &res, &err), SK_EINVAL);
    assert_string_equal(err.rule, "5.2.15");
    /* 5.2.15: a Schwarz in the first game rated as a Schneider: 9, not 12 */
    o = game("wenz", 1, -1);
    o.points = 120;
    o.schwarz = 1;
    assert_int_equal(sk_session_book_outcome(&s, &o, &res, &err), SK_OK);
    assert_int_equal(res.tournament[1], 9);
    assert_int_equal(sk_session_book_outcome(&s, &o, &res, &err), SK_OK);
    assert_int_equal(res.tournament[1], 12);
}

/* The names of kinds and faults go both ways. */
static void test_codes(void **state)
{
    (void)state;
    for (int k = 0; k < SK_OUTCOME_NKINDS; k++)
        assert_int_equal(sk_outcome_kind_parse(sk_outcome_kind_code(k)), k);
    assert_int_equal(sk_outcome_kind_parse("lost"), SK_EINVAL);
    assert_int_equal(sk_fault_parse(""), SK_EINVAL);
    assert_int_equal(sk_fault_parse(NULL), SK_EINVAL);
    assert_string_equal(sk_fault_code(SK_NFAULTS), "");
    assert_string_equal(sk_fault_rule(SK_FAULT_REVEALED), "3.4.18");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_property_presets),
        cmocka_unit_test(test_property_variants),
        cmocka_unit_test(test_property_sessions),
        cmocka_unit_test(test_sie_outcome),
        cmocka_unit_test(test_points_give_the_verdict),
        cmocka_unit_test(test_plausibility),
        cmocka_unit_test(test_invalid_bid),
        cmocka_unit_test(test_penalty_points_3_4_17),
        cmocka_unit_test(test_every_fault_is_the_penalty),
        cmocka_unit_test(test_revealed_by_the_partner_sauspiel),
        cmocka_unit_test(test_revealed_by_an_opponent_sauspiel),
        cmocka_unit_test(test_revealed_by_a_fellow_defender_solo),
        cmocka_unit_test(test_revealed_soloist_offender),
        cmocka_unit_test(test_revealed_soloist_revealer),
        cmocka_unit_test(test_revealed_money),
        cmocka_unit_test(test_revealed_every_pair),
        cmocka_unit_test(test_penalty_tariff),
        cmocka_unit_test(test_penalty_in_session),
        cmocka_unit_test(test_misdeal),
        cmocka_unit_test(test_session_round_checks),
        cmocka_unit_test(test_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
