/*
 * test_opponents.c -- the table's opponent model (src/ai/opponents.c):
 * it reads bots that play by the rules of thumb as such within a game
 * or two and never reads people's play, the card-play model's or random
 * play so; it counts only card decisions with a choice; a game that
 * does not replay is refused; players beyond the table's capacity are
 * not modelled.  And the bot side: a PIMC bot told which seats play by
 * the rules prices its Solos by playing them out (bot_bid.c) and still
 * decides legally in every contract; its reply to the rules (respond.c)
 * is checked against a plain search in test_respond.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include "ai/ai_internal.h"
#include "schafkopf/ai.h"
#include "schafkopf/playout.h"
#include "testlib.h"

/* Plays one game to its end: each seat's decisions by its bot, Kontra
 * and Retour asked as the table asks them (sk_turn). */
static void play_with(sk_game *g, sk_bot *bots[SK_NSEATS])
{
    sk_turn turn;
    sk_turn_init(&turn);
    for (int guard = 0; !sk_game_over(g); guard++) {
        assert_true(guard < 400);
        int offer, seat = sk_turn_next(&turn, g, &offer);
        sk_view v;
        sk_game_view(g, seat, &v);
        sk_action a = sk_bot_act(bots[seat], &v);
        a.seat = (uint8_t)seat;
        if (offer >= 0 && a.type != offer) {
            sk_turn_decline(&turn, g, seat);
            continue;
        }
        sk_error err;
        if (sk_game_apply(g, a, &err) < 0)
            fail_msg("seat %d: %s", seat, err.msg);
    }
}

/* Plays `games` games of a session with the bot specs of each seat,
 * the model watching (player id = seat), and returns the games counted
 * by the model. */
static int watch_in(const char *preset, sk_opponents *m, const char *const specs[SK_NSEATS],
                    int games, uint64_t seed)
{
    sk_rules r = tl_preset(preset);
    sk_bot *bots[SK_NSEATS];
    for (int s = 0; s < SK_NSEATS; s++) {
        bots[s] = sk_bot_new(specs[s], seed + (uint64_t)s, NULL);
        assert_non_null(bots[s]);
    }
    sk_rng rng;
    sk_rng_seed(&rng, seed);
    sk_session ses;
    sk_session_init(&ses, &r, 0);
    const uint64_t who[SK_NSEATS] = {0, 1, 2, 3};
    int counted = 0;
    for (int i = 0; i < games; i++) {
        sk_game g;
        sk_session_deal(&ses, &g, &rng);
        play_with(&g, bots);
        int n = sk_opponents_observe(m, &g, who);
        assert_true(n >= 0);
        counted += n > 0;
        sk_result res;
        assert_int_equal(sk_session_finish(&ses, &g, &res, NULL), SK_OK);
    }
    for (int s = 0; s < SK_NSEATS; s++)
        sk_bot_free(bots[s]);
    return counted;
}

/* One game of four heuristic bots (seeded by `seed`) on a deal of rng. */
static void heuristic_game(sk_game *g, const sk_rules *r, int dealer, sk_rng *rng, uint64_t seed)
{
    sk_bot *bots[4];
    for (int s = 0; s < 4; s++) {
        bots[s] = sk_bot_new("heuristic", seed + (uint64_t)s, NULL);
        assert_non_null(bots[s]);
    }
    sk_game_deal(g, r, dealer, rng, false);
    play_with(g, bots);
    for (int s = 0; s < 4; s++)
        sk_bot_free(bots[s]);
}

/* watch_in under the official rules. */
static int watch(sk_opponents *m, const char *const specs[SK_NSEATS], int games, uint64_t seed)
{
    return watch_in("official", m, specs, games, seed);
}

/* The entry of player id (fails when there is none). */
static const struct sk_opponent *player(const sk_opponents *m, uint64_t id)
{
    for (int i = 0; i < m->n; i++)
        if (m->player[i].id == id)
            return &m->player[i];
    fail_msg("player %llu not modelled", (unsigned long long)id);
    return NULL;
}

/* Rules-of-thumb bots at seats 1 and 3 are read as such; the card-play
 * model of people (seat 0) and random play (seat 2) are not, and a
 * heuristic bot's every counted card is the rules' card. */
static void test_reads_the_rules(void **state)
{
    (void)state;
    static const char *const specs[4] = {"policy", "heuristic", "random", "heuristic"};
    sk_opponents m;
    sk_opponents_init(&m);
    /* after the first game of a session with cards to choose */
    for (uint64_t seed = 1; m.n == 0; seed++)
        watch(&m, specs, 1, seed);
    for (int s = 1; s < 4; s += 2) {
        const struct sk_opponent *p = player(&m, (uint64_t)s);
        assert_int_equal(p->agreed, p->decisions);
        if (p->decisions >= 4)
            assert_true(sk_opponents_by_rules(&m, (uint64_t)s));
    }
    watch(&m, specs, 12, 99);
    const uint64_t who[4] = {0, 1, 2, 3};
    for (int me = 0; me < 4; me++)
        assert_int_equal(sk_opponents_rules_seats(&m, who, me), 0xau & ~(1u << me));
    const struct sk_opponent *people = player(&m, 0), *rnd = player(&m, 2);
    print_message("people model: %d of %d agree, evidence %.1f; random: %d of %d, %.1f\n",
                  people->agreed, people->decisions, people->evidence, rnd->agreed,
                  rnd->decisions, rnd->evidence);
    assert_true(people->decisions > 20 && people->agreed < people->decisions);
    assert_true(people->evidence < 0 && rnd->evidence < 0);
    assert_true(player(&m, 1)->evidence >= 10.0 - 1e-9); /* clamped */
    assert_false(sk_opponents_by_rules(&m, 7)); /* never seen */
}

/* Every game replays from its deal under the rulesets with Ramsch,
 * Bock rounds, laying and the short deck (the session's first game,
 * Bock level and Kreuzbock round included), and the heuristic bots'
 * every counted card is the rules' card there too. */
static void test_replays_every_variant(void **state)
{
    (void)state;
    static const char *const presets[] = {"stammtisch", "sauspiel", "kurz", "tournament"};
    static const char *const specs[4] = {"heuristic", "heuristic", "heuristic", "heuristic"};
    for (size_t k = 0; k < sizeof presets / sizeof *presets; k++) {
        sk_opponents m;
        sk_opponents_init(&m);
        int n = watch_in(presets[k], &m, specs, 40, 3 + k);
        print_message("%s: %d games counted\n", presets[k], n);
        assert_true(n >= 10); /* games with a card to choose (not thrown in) */
        for (int i = 0; i < m.n; i++) {
            assert_int_equal(m.player[i].agreed, m.player[i].decisions);
            assert_true(sk_opponents_by_rules(&m, m.player[i].id));
        }
    }
}

/* PIMC bots are not read as playing by the rules, over a session. */
static void test_pimc_not_read_as_rules(void **state)
{
    (void)state;
    static const char *const specs[4] = {"pimc:8", "heuristic", "pimc:8", "heuristic"};
    sk_opponents m;
    sk_opponents_init(&m);
    watch(&m, specs, 8, 5);
    assert_false(sk_opponents_by_rules(&m, 0));
    assert_false(sk_opponents_by_rules(&m, 2));
    assert_true(sk_opponents_by_rules(&m, 1));
    assert_true(sk_opponents_by_rules(&m, 3));
}

/* Only decisions with a choice count (the last trick never has one);
 * a game whose history does not replay on its deal is refused, with
 * nothing counted past the bad action; a game that ended with cards in
 * hand counts nothing, nor does a seat of SK_OPPONENTS_NOBODY. */
static void test_counts_choices_refuses_bad_games(void **state)
{
    (void)state;
    sk_opponents m;
    sk_opponents_init(&m);
    sk_rules r = tl_preset("official");
    sk_rng rng;
    sk_rng_seed(&rng, 11);
    sk_game played;
    int tries = 0;
    do /* a game with a contract, so there are cards */
        heuristic_game(&played, &r, 0, &rng, 3);
    while (played.pub.contract.type == SK_C_NONE && ++tries < 50);
    assert_true(played.pub.nactions > 8);
    const uint64_t who[4] = {10, 11, 12, 13};
    int n = sk_opponents_observe(&m, &played, who);
    int total = 0;
    for (int i = 0; i < m.n; i++)
        total += m.player[i].decisions;
    assert_int_equal(n, total);
    assert_true(n > 0 && n <= 28); /* the last trick is forced */
    /* the first card given to the next seat: the history no longer replays */
    sk_game bad = played;
    for (int i = 0; i < bad.pub.nactions; i++)
        if (bad.pub.actions[i].type == SK_ACT_CARD) {
            bad.pub.actions[i].seat = (uint8_t)((bad.pub.actions[i].seat + 1) % 4);
            break;
        }
    sk_opponents before = m;
    assert_int_equal(sk_opponents_observe(&m, &bad, who), -1);
    assert_memory_equal(&m, &before, sizeof m);
    /* a game with cards still in hand (cut short after three tricks, as
     * a Bettel lost early or a claim ends): the table never saw them, so
     * nothing is counted */
    sk_game cut;
    sk_game_init(&cut, played.rules, played.pub.dealer, played.dealt, false, NULL);
    for (int i = 0; i < played.pub.nactions && cut.pub.trick_no < 3; i++)
        tl_ok_action(&cut, played.pub.actions[i], "the game's own action");
    assert_true(cut.hands[0] != 0);
    cut.pub.phase = SK_PHASE_DONE; /* as if it ended there */
    assert_int_equal(sk_opponents_observe(&m, &cut, who), 0);
    assert_memory_equal(&m, &before, sizeof m);
    /* a seat of SK_OPPONENTS_NOBODY (it changed hands) counts nothing,
     * the others as before */
    sk_opponents fresh;
    sk_opponents_init(&fresh);
    const uint64_t some[4] = {10, SK_OPPONENTS_NOBODY, 12, 13};
    int k = sk_opponents_observe(&fresh, &played, some);
    assert_int_equal(fresh.n, 3);
    int seat1 = 0;
    for (int i = 0; i < m.n; i++)
        if (m.player[i].id == 11)
            seat1 = m.player[i].decisions;
    assert_true(seat1 > 0);
    assert_int_equal(k, n - seat1);
    assert_false(sk_opponents_by_rules(&fresh, SK_OPPONENTS_NOBODY));
}

/* The entry of player id in m, NULL when it has none. */
static const struct sk_opponent *entry_of(const sk_opponents *m, uint64_t id)
{
    for (int i = 0; i < m->n; i++)
        if (m->player[i].id == id)
            return &m->player[i];
    return NULL;
}

/* A table of more players than the model holds (a server's room over a
 * long day): it keeps SK_OPPONENTS_MAX, and a new player takes the place
 * of the one seen longest ago, never of one in the game being learnt; a
 * player who comes back after he was forgotten starts afresh. */
static void test_capacity(void **state)
{
    (void)state;
    sk_opponents m;
    sk_opponents_init(&m);
    sk_rules r = tl_preset("official");
    sk_rng rng;
    sk_rng_seed(&rng, 4);
    uint64_t taught[16];
    int nt = 0;
    for (uint64_t k = 0; nt < 8; k++) { /* 8 games with cards: 32 players */
        assert_true(k < 40);
        sk_game g;
        heuristic_game(&g, &r, (int)(k % 4), &rng, 20);
        const uint64_t who[4] = {4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3};
        int n = sk_opponents_observe(&m, &g, who);
        assert_true(n >= 0);
        if (n > 0) {
            taught[nt++] = k;
            int now = 0; /* the players seen in this game: its own, all kept */
            for (int i = 0; i < m.n; i++)
                if (m.player[i].seen == m.games) {
                    assert_true(m.player[i].id / 4 == k);
                    now++;
                }
            assert_true(now >= 1 && now <= 4);
        }
    }
    assert_int_equal(m.n, SK_OPPONENTS_MAX);
    assert_int_equal(m.games, 8);
    for (int s = 0; s < 4; s++) { /* the first game's players are forgotten */
        assert_null(entry_of(&m, 4 * taught[0] + (uint64_t)s));
        assert_null(entry_of(&m, 4 * taught[3] + (uint64_t)s));
    }
    int recent = 0;
    for (int i = 0; i < m.n; i++)
        recent += m.player[i].id / 4 >= taught[4];
    assert_int_equal(recent, SK_OPPONENTS_MAX);
    /* one of the first game comes back: counted from this game only */
    uint64_t back = 4 * taught[0];
    sk_game g;
    int n = 0;
    while (n == 0) {
        heuristic_game(&g, &r, 0, &rng, 20);
        const uint64_t who[4] = {back, 900, 901, 902};
        n = sk_opponents_observe(&m, &g, who);
    }
    const struct sk_opponent *p = entry_of(&m, back);
    assert_non_null(p);
    assert_true(p->decisions > 0 && p->decisions <= 7);
    assert_int_equal(p->seen, m.games);
}

/* A PIMC bot told that the other three play by the rules prices a Solo
 * by playing it out against them: its hint values in the declaration
 * differ from double dummy's, and it still declares the Solo on a hand
 * that clearly has one. */
static void test_solo_priced_by_playout(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    /* forehand (seat 1, dealer 0): the Schellen-Solo hand of issue 19 */
    tl_start_game(&g, &r, 0, false, "GO GK G9 G8 G7 HA HZ HK", "EO HO SO EU GU GZ SA S8",
                  "EA EZ EK E9 E8 E7 SZ HU", "SU SK S9 S7 H9 H8 H7 GA");
    tl_ok(&g, "1 bid sauspiel");
    tl_ok(&g, "2 pass");
    tl_ok(&g, "3 pass");
    tl_ok(&g, "0 pass");
    assert_int_equal(g.pub.phase, SK_PHASE_DECLARE);
    sk_view v;
    sk_game_view(&g, 1, &v);
    sk_action acts[2][SK_MAX_LEGAL];
    double val[2][SK_MAX_LEGAL];
    int n[2];
    for (int k = 0; k < 2; k++) {
        sk_bot *b = sk_bot_new("pimc", 9, NULL);
        assert_non_null(b);
        sk_bot_set_rules_seats(b, k ? 0xdu : 0);
        n[k] = sk_bot_hint(b, &v, acts[k], val[k], SK_MAX_LEGAL);
        sk_bot_free(b);
        assert_true(n[k] > 0);
        assert_int_equal(acts[k][0].type, SK_ACT_DECLARE);
        assert_int_equal(acts[k][0].contract.type, SK_C_SOLO);
        assert_int_equal(acts[k][0].contract.suit, SK_SCHELLEN);
        print_message("%s: the Schellen-Solo %.2f\n", k ? "playout" : "double dummy", val[k][0]);
    }
    assert_true(fabs(val[0][0] - val[1][0]) > 1e-9);
}

/* PIMC bots that know the rules seats still decide legally in every
 * contract of the sauspiel preset (Klopfen, Kontra and all). */
static void test_pimc_with_rules_seats_legal(void **state)
{
    (void)state;
    sk_rules r = tl_preset("sauspiel");
    sk_bot *bots[4];
    for (int s = 0; s < 4; s++) {
        bots[s] = sk_bot_new(s % 2 ? "heuristic" : "pimc:8", 40 + (uint64_t)s, NULL);
        sk_bot_set_rules_seats(bots[s], 0xau & ~(1u << s));
    }
    sk_rng rng;
    sk_rng_seed(&rng, 8);
    sk_session ses;
    sk_session_init(&ses, &r, 0);
    for (int i = 0; i < 24; i++) {
        sk_game g;
        sk_session_deal(&ses, &g, &rng);
        play_with(&g, bots);
        sk_result res;
        assert_int_equal(sk_session_finish(&ses, &g, &res, NULL), SK_OK);
    }
    for (int s = 0; s < 4; s++)
        sk_bot_free(bots[s]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_the_rules),
        cmocka_unit_test(test_replays_every_variant),
        cmocka_unit_test(test_pimc_not_read_as_rules),
        cmocka_unit_test(test_counts_choices_refuses_bad_games),
        cmocka_unit_test(test_capacity),
        cmocka_unit_test(test_solo_priced_by_playout),
        cmocka_unit_test(test_pimc_with_rules_seats_legal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
