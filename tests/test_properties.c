/*
 * test_properties.c -- properties that must hold in every game, checked
 * over 100,000 seeded random games (random legal auction, declaration,
 * Kontra/Retour and cards, in the official and tournament rulesets):
 *
 * - card points sum to 120 (1.2.4), tricks to 8;
 * - money and tournament points sum to zero (4.2.4, 5.3.3);
 * - every record re-reads to the same record and replays to the same
 *   result;
 * - no illegal action is accepted: at random moments every card not in
 *   the legal set is refused, and so are actions of seats out of turn.
 */
#include "schafkopf/core.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#define NGAMES 100000

/* Picks a uniformly random legal action, occasionally a Kontra/Retour. */
static sk_action random_action(const sk_game *g, sk_rng *rng)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        if ((legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR) &&
            sk_rng_below(rng, 6) == 0)
            return legal[i];
    int cards = 0;
    for (int i = 0; i < n; i++)
        cards += legal[i].type == SK_ACT_CARD;
    if (cards) {
        int k = (int)sk_rng_below(rng, (uint32_t)cards);
        for (int i = 0; i < n; i++)
            if (legal[i].type == SK_ACT_CARD && k-- == 0)
                return legal[i];
    }
    return legal[sk_rng_below(rng, (uint32_t)n)];
}

/* Every card outside the legal set, and a card by the wrong seat, must
 * be refused without changing the game. */
static void check_refusals(const sk_game *g)
{
    sk_game copy = *g;
    sk_cards legal = sk_game_legal_cards(g);
    int seat = g->pub.to_move;
    for (int c = 0; c < SK_NCARDS; c++) {
        if (legal & SK_BIT(c))
            continue;
        sk_error err;
        assert_true(sk_game_apply(&copy, sk_act_card(seat, c), &err) < 0);
        assert_true(err.msg[0] != '\0');
    }
    int other = (seat + 1) % 4;
    for (sk_cards h = g->hands[other]; h; h &= h - 1)
        assert_true(sk_game_apply(&copy, sk_act_card(other, sk_cards_first(h)), NULL) < 0);
    assert_memory_equal(&copy, g, sizeof copy);
}

/* Checks the sums of a result. */
static void check_result(const sk_result *res)
{
    int64_t money = 0;
    int tp = 0, points = 0, tricks = 0;
    for (int s = 0; s < 4; s++) {
        money += res->money[s];
        tp += res->tournament[s];
        points += res->points[s];
        tricks += res->tricks[s];
    }
    assert_int_equal(money, 0);
    assert_int_equal(tp, 0);
    if (res->thrown_in) {
        assert_int_equal(points, 0);
        return;
    }
    assert_int_equal(points, 120); /* 1.2.4; 7s, 8s and 9s are worth nothing */
    assert_true(tricks == 8 || tricks == 6 || tricks == 5);
    bool no_trumps = res->contract.type == SK_C_BETTEL ||
                     res->contract.type == SK_C_BETTEL_OUVERT;
    if (res->contract.type != SK_C_RAMSCH && !no_trumps)
        assert_true(res->laufende >= 1); /* one side always holds the top trump */
    assert_true(res->pair_units > 0);
    if (res->contract.type == SK_C_RAMSCH) /* 002: somebody loses, unless a Durchmarsch */
        assert_true(res->losers != 0 || res->durchmarsch != SK_NOSEAT);
    if (res->passed) /* 002 Schieberamsch: the fewest points win, never the loser */
        assert_true(res->winners != 0 && (res->winners & res->losers) == 0);
    else
        assert_int_equal(res->winners, 0);
}

/* sk_game_settle_as, given the totals the game really ended with,
 * settles exactly as sk_game_result: bots price outcomes by the rules. */
static void check_settle_as(const sk_game *g, const sk_result *res)
{
    if (res->thrown_in || res->contract.type == SK_C_RAMSCH || res->contract.type == SK_C_SIE)
        return;
    int side_tricks = res->tricks[res->declarer];
    if (res->partner != SK_NOSEAT && res->partner != res->declarer)
        side_tricks += res->tricks[res->partner];
    sk_result as;
    assert_int_equal(sk_game_settle_as(g, res->declarer_side_points, side_tricks, &as, NULL),
                     SK_OK);
    assert_memory_equal(as.money, res->money, sizeof res->money);
    assert_memory_equal(as.tournament, res->tournament, sizeof res->tournament);
    assert_int_equal(as.won, res->won);
    assert_int_equal(as.pair_units, res->pair_units);
}

/* Writes the record of g, reads it back and replays it: same record,
 * same result. */
static void check_round_trip(const sk_game *g, const sk_result *res)
{
    sk_record *rec = malloc(sizeof *rec), *back = malloc(sizeof *back);
    sk_game *replay = malloc(sizeof *replay);
    assert_non_null(rec);
    assert_non_null(back);
    assert_non_null(replay);
    sk_record_from_game(rec, g, "prop");
    char *text = sk_record_write(rec);
    assert_non_null(text);
    sk_error err;
    int rc = sk_record_read(back, text, strlen(text), &err);
    if (rc < 0)
        fail_msg("re-read failed: %s\n%s", err.msg, text);
    assert_int_equal(back->nactions, rec->nactions);
    for (int i = 0; i < rec->nactions; i++)
        assert_true(sk_action_equal(back->actions[i], rec->actions[i]));
    assert_memory_equal(back->hands, rec->hands, sizeof rec->hands);
    int bad = -1;
    rc = sk_record_replay(back, replay, &bad, &err);
    if (rc < 0)
        fail_msg("replay failed at %d: %s", bad, err.msg);
    sk_result again;
    assert_int_equal(sk_game_result(replay, &again, NULL), 0);
    assert_memory_equal(again.money, res->money, sizeof res->money);
    assert_memory_equal(again.tournament, res->tournament, sizeof res->tournament);
    assert_memory_equal(again.points, res->points, sizeof res->points);
    assert_memory_equal(again.trick_winners, res->trick_winners, sizeof res->trick_winners);
    free(text);
    free(rec);
    free(back);
    free(replay);
}

/* Plays `games` games in one preset (plus "key=value;..." overrides)
 * and checks every property. */
static void run_games_with(const char *preset, const char *overrides, uint64_t seed, int games)
{
    sk_rules rules;
    assert_int_equal(sk_rules_preset(&rules, preset, NULL), 0);
    char pairs[256];
    snprintf(pairs, sizeof pairs, "%s", overrides);
    for (char *save = NULL, *pair = strtok_r(pairs, ";", &save); pair;
         pair = strtok_r(NULL, ";", &save))
        assert_int_equal(sk_rules_set_pair(&rules, pair, NULL), 0);
    sk_rng rng;
    sk_rng_seed(&rng, seed);
    sk_session session;
    sk_session_init(&session, &rules, 3);
    sk_game g;
    int contracts[SK_C_NTYPES] = {0}, doubled = 0;
    for (int i = 0; i < games; i++) {
        sk_session_deal(&session, &g, &rng);
        while (!sk_game_over(&g)) {
            if (g.pub.phase == SK_PHASE_PLAY && sk_rng_below(&rng, 64) == 0)
                check_refusals(&g);
            sk_action a = random_action(&g, &rng);
            sk_error err;
            if (sk_game_apply(&g, a, &err) < 0)
                fail_msg("legal action refused: %s", err.msg);
        }
        sk_result res;
        assert_int_equal(sk_session_finish(&session, &g, &res, NULL), 0);
        check_result(&res);
        check_settle_as(&g, &res);
        contracts[res.contract.type]++;
        doubled += res.doublings > 0;
        if (i % 10 == 0)
            check_round_trip(&g, &res);
    }
    int64_t total = 0;
    int playing = 0;
    for (int s = 0; s < 5; s++) {
        total += session.money[s];
        playing += session.money[s] != 0;
    }
    if (rules.players == 5) /* all five took turns at the table (002) */
        assert_int_equal(playing, 5);
    assert_int_equal(total + session.stock, 0); /* 5.3.3: the sheet (and the pot) sum to zero */
    /* the random games reach every contract type the ruleset allows */
    for (int t = SK_C_SAUSPIEL; t < SK_C_NTYPES; t++) {
        sk_contract c = {(uint8_t)t, SK_NOSUIT, 0};
        bool allowed = (t == SK_C_SAUSPIEL && rules.players != 3) || t == SK_C_SIE ||
                       (t == SK_C_RAMSCH && rules.all_pass == SK_ALLPASS_RAMSCH) ||
                       (t != SK_C_RAMSCH && sk_rules_contract_rank(&rules, c) > 0 &&
                        ((t == SK_C_SOLO && rules.allow_solo) ||
                         (t == SK_C_WENZ && rules.allow_wenz) ||
                         (t == SK_C_GEIER && rules.allow_geier) ||
                         (t == SK_C_FARBWENZ && rules.allow_farbwenz) ||
                         (t == SK_C_FARBGEIER && rules.allow_farbgeier) ||
                         (t == SK_C_BETTEL && rules.allow_bettel) ||
                         (t == SK_C_BETTEL_OUVERT && rules.allow_bettel_ouvert) ||
                         (t == SK_C_HOCHZEIT && rules.allow_hochzeit)));
        if (t == SK_C_SIE)
            continue; /* one deal in 10 million */
        /* a Hochzeit needs a hand with exactly one trump that wins the auction */
        if (allowed && contracts[t] <= (t == SK_C_HOCHZEIT ? 0 : games / 500))
            fail_msg("%s: contract type %d occurred only %d times", preset, t, contracts[t]);
        if (!allowed)
            assert_int_equal(contracts[t], 0);
    }
    if (rules.kontra_max)
        assert_true(doubled > 100);
    else
        assert_int_equal(doubled, 0); /* 5.2.4 */
}

static void run_games(const char *preset, uint64_t seed, int games)
{
    run_games_with(preset, "", seed, games);
}

static void test_official_games(void **state)
{
    (void)state;
    run_games("official", 1, NGAMES * 2 / 10);
}

static void test_tournament_games(void **state)
{
    (void)state;
    run_games("tournament", 2, NGAMES * 2 / 10);
}

/* 002's variants: Geier, Farbwenz, Farbgeier, Bettel, Bettel Brett and
 * Ramsch when all pass. */
static void test_stammtisch_games(void **state)
{
    (void)state;
    run_games("stammtisch", 3, NGAMES * 2 / 10);
}

/* 002's house rules: the Eichel-Ober must play when all pass (Muss),
 * laying one after another, Kontra "with eight cards" up to Resub,
 * Laufende capped, no Schneider in Solos. */
static void test_house_rule_games(void **state)
{
    (void)state;
    run_games_with("official",
                   "all_pass=muss;klopfen=chain;kontra_timing=own_card;kontra_max=4;"
                   "laufende_max=4;schneider_solo=no;allow_bettel=yes;bettel_stichzwang=yes;"
                   "allow_hochzeit=yes;hochzeit_after_pass=yes;answer_one_card_later=yes",
                   5, NGAMES / 10);
}

/* 002's session rules: Bock rounds on every trigger, the Stock for the
 * declarer's side, Kreuzbock rounds after a throw-in. */
static void test_session_rule_games(void **state)
{
    (void)state;
    run_games_with("official",
                   "bock_games=4;bock_on_throw_in=yes;bock_on_lost_solo=yes;bock_on_schwarz=yes;"
                   "bock_on_retour=yes;stock=side;stock_rate=2;kreuzbock_on_throw_in=yes",
                   6, NGAMES / 10);
}

/* 002's local variants: Schieberamsch (the tricks passed clockwise, the
 * fewest points win too), with and without Durchmarsch, and the
 * Bauernhochzeit (two trumps offered, two cards exchanged), also in the
 * round after all passed. */
static void test_local_variant_games(void **state)
{
    (void)state;
    run_games_with("stammtisch", "ramsch_schieben=yes;bauernhochzeit=yes", 11, NGAMES / 10);
    run_games_with("stammtisch", "ramsch_schieben=yes;ramsch_durchmarsch=no", 12,
                   NGAMES / 20);
    run_games_with("official",
                   "allow_hochzeit=yes;bauernhochzeit=yes;hochzeit_after_pass=yes;klopfen=all",
                   13, NGAMES / 20);
}

/* Five players (002): the dealer sits out, the totals are per player. */
static void test_five_player_games(void **state)
{
    (void)state;
    run_games_with("official", "players=5", 9, NGAMES / 20);
}

/* Three players (002): short cards, eight each, Solo and Wenz only. */
static void test_three_player_games(void **state)
{
    (void)state;
    run_games_with("official", "players=3", 10, NGAMES / 20);
}

/* Short cards (002): 24 cards, six tricks; and 20 cards, five tricks,
 * with Ramsch and Bettel so the variants meet the short decks. */
static void test_short_deck_games(void **state)
{
    (void)state;
    run_games("kurz", 7, NGAMES / 10);
    run_games_with("stammtisch", "deck=20", 8, NGAMES / 20);
}

/* The online table: 10/20/50, Geier and Farbwenz, the online ranking. */
static void test_sauspiel_games(void **state)
{
    (void)state;
    run_games("sauspiel", 4, NGAMES * 2 / 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_official_games),
        cmocka_unit_test(test_tournament_games),
        cmocka_unit_test(test_stammtisch_games),
        cmocka_unit_test(test_sauspiel_games),
        cmocka_unit_test(test_house_rule_games),
        cmocka_unit_test(test_session_rule_games),
        cmocka_unit_test(test_short_deck_games),
        cmocka_unit_test(test_local_variant_games),
        cmocka_unit_test(test_five_player_games),
        cmocka_unit_test(test_three_player_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
