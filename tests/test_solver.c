/*
 * test_solver.c -- the perfect-information solver: its legal cards equal
 * the engine's, and its values equal a plain minimax over sk_game copies
 * on endgames (the last three or four tricks), for solve, the threshold
 * test and the value of every legal card -- in the official contracts
 * and in the variants (Geier, Farbwenz, Farbgeier, Bettel with and
 * without Stichzwang, Hochzeit, Muss, Kreuzbock, short cards, three
 * players) -- and on several threads as on one.  The bench deals'
 * exact values are pinned by their sum in tests/test_cli.sh.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/ai.h"
#include "testlib.h"

/* The declarer's side of a game as the solver sees it, a seat bitmask:
 * pub.declarer and the known partner (Sauspiel, Hochzeit, Kreuzbock). */
static unsigned side_of(const sk_game *g)
{
    unsigned side = 1u << g->pub.declarer;
    if (g->partner < SK_NSEATS)
        side |= 1u << g->partner;
    return side;
}

/* A contract whose objective is a trick count (Tout, Bettel). */
static bool trick_objective(const sk_game *g)
{
    int t = g->pub.contract.type;
    return g->pub.contract.tout || t == SK_C_BETTEL || t == SK_C_BETTEL_OUVERT;
}

/* Plain minimax over the engine: the declarer side's final card points
 * (Tout: 120 when it takes every trick, Bettel: when it takes none,
 * else 0). */
static int naive(const sk_game *g)
{
    if (sk_game_over(g)) {
        sk_result r;
        sk_game_result(g, &r, NULL);
        int pts = 0, tricks = 0;
        for (int seat = 0; seat < SK_NSEATS; seat++)
            if ((side_of(g) >> seat) & 1) {
                pts += r.points[seat];
                tricks += r.tricks[seat];
            }
        if (g->pub.contract.tout)
            return tricks == g->pub.ntricks ? 120 : 0;
        if (trick_objective(g))
            return tricks == 0 ? 120 : 0;
        return pts;
    }
    int seat = g->pub.to_move;
    int maxing = (side_of(g) >> seat) & 1;
    int best = maxing ? -1 : 999;
    for (sk_cards l = sk_game_legal_cards(g); l; l &= l - 1) {
        sk_game c = *g;
        assert_int_equal(sk_game_apply(&c, sk_act_card(seat, sk_cards_first(l)), NULL), SK_OK);
        int v = naive(&c);
        if (maxing ? v > best : v < best)
            best = v;
    }
    return best;
}

/* A random card of the legal set. */
static int random_card(sk_cards l, sk_rng *rng)
{
    uint32_t k = sk_rng_below(rng, (uint32_t)sk_cards_count(l));
    while (k--)
        l &= l - 1;
    return sk_cards_first(l);
}

/* Deals and brings a game into the play phase: for i % 4 < 3 the first
 * seat bids and declares a contract of type Sauspiel, Solo or Wenz (by
 * i % 3, any suit), otherwise a random auction (which favours Touts). */
static void random_play_start(sk_game *g, const sk_rules *r, sk_rng *rng, int i)
{
    static const int TYPES[3] = {SK_C_SAUSPIEL, SK_C_SOLO, SK_C_WENZ};
    do {
        int dealer = (int)sk_rng_below(rng, 4);
        sk_game_deal(g, r, dealer, rng, false);
        if (i % 4 < 3) {
            int fh = (dealer + 1) % 4;
            sk_game_apply(g, sk_act_bid(fh, (sk_contract){SK_C_SAUSPIEL, SK_NOSUIT, 0}), NULL);
            for (int k = 1; k < 4; k++)
                sk_game_apply(g, sk_act_pass((fh + k) % 4), NULL);
            sk_action a[SK_MAX_LEGAL];
            int n = sk_game_legal(g, a), m = 0, match[SK_MAX_LEGAL];
            for (int j = 0; j < n; j++)
                if (a[j].contract.type == TYPES[i % 3] && !a[j].contract.tout)
                    match[m++] = j;
            int k = m ? match[sk_rng_below(rng, (uint32_t)m)] : (int)sk_rng_below(rng, (uint32_t)n);
            assert_int_equal(sk_game_apply(g, a[k], NULL), SK_OK);
        }
        while (g->pub.phase < SK_PHASE_PLAY) {
            sk_action a[SK_MAX_LEGAL];
            int n = sk_game_legal(g, a);
            int k = (int)sk_rng_below(rng, (uint32_t)n);
            assert_int_equal(sk_game_apply(g, a[k], NULL), SK_OK);
        }
    } while (g->pub.phase != SK_PHASE_PLAY);
}

/* The solver's legal sets equal sk_game_legal_cards along random games,
 * so the called-ace rules (2.5.2, 2.5.4, 2.5.5) and following (3.2) are
 * the engine's. */
static void test_legal_matches_engine(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_solver *s = sk_solver_new(1);
    assert_non_null(s);
    sk_rng rng;
    sk_rng_seed(&rng, 11);
    int positions = 0;
    for (int i = 0; i < 400; i++) {
        sk_game g;
        random_play_start(&g, &r, &rng, i);
        while (!sk_game_over(&g)) {
            sk_cards want = sk_game_legal_cards(&g);
            assert_int_equal(sk_solver_legal(s, &g), want);
            positions++;
            int c = random_card(want, &rng);
            assert_int_equal(sk_game_apply(&g, sk_act_card(g.pub.to_move, c), NULL), SK_OK);
        }
    }
    assert_true(positions > 10000);
    sk_solver_free(s);
}

/* Checks solve, reaches and values against the naive minimax at a
 * position; returns the naive value. */
static int check_position(sk_solver *s, const sk_game *g)
{
    int want = naive(g), got = -1;
    assert_int_equal(sk_solver_solve(s, g, &got), SK_OK);
    if (got != want) {
        char buf[64];
        sk_contract_code(g->pub.contract, buf, sizeof buf);
        print_error("solver %d, minimax %d (%s, trick %d, len %d)\n", got, want, buf,
                    g->pub.trick_no, g->pub.trick_len);
    }
    assert_int_equal(got, want);
    for (int t = 1; t <= 120; t += 30) {
        bool yes = false;
        assert_int_equal(sk_solver_reaches(s, g, trick_objective(g) ? 120 : t, &yes), SK_OK);
        assert_int_equal(yes, trick_objective(g) ? want == 120 : want >= t);
    }
    sk_action acts[SK_NTRICKS], lacts[SK_NTRICKS];
    int vals[SK_NTRICKS], levs[SK_NTRICKS];
    int n = sk_solver_values(s, g, acts, vals, SK_NTRICKS);
    assert_int_equal(n, sk_cards_count(sk_game_legal_cards(g)));
    for (int k = 0; k < n; k++) {
        sk_game c = *g;
        assert_int_equal(sk_game_apply(&c, acts[k], NULL), SK_OK);
        assert_int_equal(vals[k], naive(&c));
    }
    /* threshold levels: of the cards and of the position */
    static const int T[3] = {31, 61, 91};
    assert_int_equal(sk_solver_levels(s, g, T, 3, lacts, levs, SK_NTRICKS), n);
    for (int k = 0; k < n; k++) {
        assert_int_equal(lacts[k].card, acts[k].card);
        int lv = trick_objective(g) ? vals[k] == 120
                                    : (vals[k] >= 31) + (vals[k] >= 61) + (vals[k] >= 91);
        assert_int_equal(levs[k], lv);
    }
    int level = -1;
    assert_int_equal(sk_solver_level(s, g, T, 3, &level), SK_OK);
    assert_int_equal(level, trick_objective(g) ? want == 120
                                               : (want >= 31) + (want >= 61) + (want >= 91));
    return want;
}

/* Exact equality with minimax on many random endgames of the last three
 * and four tricks, mid-trick positions included. */
static void test_endgames_match_minimax(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_solver *s = sk_solver_new(1);
    sk_rng rng;
    sk_rng_seed(&rng, 5);
    int types[SK_C_NTYPES] = {0}, touts = 0;
    for (int i = 0; i < 300; i++) {
        sk_game g;
        random_play_start(&g, &r, &rng, i);
        int plies = (i % 3 == 0 ? 16 : 20) + (int)sk_rng_below(&rng, 4);
        for (int k = 0; k < plies; k++)
            sk_game_apply(&g, sk_act_card(g.pub.to_move, random_card(sk_game_legal_cards(&g),
                                                                       &rng)), NULL);
        check_position(s, &g);
        types[g.pub.contract.type]++;
        touts += g.pub.contract.tout;
    }
    print_message("Sauspiel %d, Solo %d, Wenz %d, Tout %d\n", types[SK_C_SAUSPIEL], types[SK_C_SOLO], types[SK_C_WENZ], touts);
    assert_true(types[SK_C_SAUSPIEL] > 10 && types[SK_C_SOLO] > 10 && types[SK_C_WENZ] > 10);
    (void)touts;
    sk_solver_free(s);
}

/* Touts: the objective is every trick (2.8.1). */
static void test_tout_endgames(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_solver *s = sk_solver_new(1);
    sk_rng rng;
    sk_rng_seed(&rng, 77);
    int done = 0, wins = 0;
    for (int i = 0; done < 60 && i < 5000; i++) {
        sk_game g;
        sk_game_deal(&g, &r, 3, &rng, false);
        sk_game_apply(&g, sk_act_bid(0, (sk_contract){SK_C_SAUSPIEL, SK_NOSUIT, 0}), NULL);
        for (int k = 1; k < 4; k++)
            sk_game_apply(&g, sk_act_pass(k), NULL);
        sk_action a[SK_MAX_LEGAL];
        int n = sk_game_legal(&g, a), ok = 0;
        for (int j = n - 1; j >= 0 && !ok; j--)
            if (a[j].contract.tout)
                ok = sk_game_apply(&g, a[j], NULL) == SK_OK;
        if (!ok)
            continue;
        for (int k = 0; k < 16 && !sk_game_over(&g); k++) {
            /* the declarer's side plays its best card, so some Touts survive */
            sk_cards l = sk_game_legal_cards(&g);
            int c = random_card(l, &rng);
            if ((side_of(&g) >> g.pub.to_move) & 1)
                for (sk_cards m = l; m; m &= m - 1)
                    if (g.pub.order.power[sk_cards_first(m)] > g.pub.order.power[c])
                        c = sk_cards_first(m);
            sk_game_apply(&g, sk_act_card(g.pub.to_move, c), NULL);
        }
        if (sk_game_over(&g))
            continue;
        wins += check_position(s, &g) == 120;
        done++;
    }
    assert_int_equal(done, 60);
    (void)wins;
    sk_solver_free(s);
}

/* A whole deal from the first card: the value lies in 0..120, the best
 * card's value equals the solve and a finished game is its own result. */
static void test_full_deal_consistency(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_solver *s = sk_solver_new(4);
    sk_rng rng;
    sk_rng_seed(&rng, 99);
    for (int i = 0; i < 6; i++) {
        sk_game g;
        random_play_start(&g, &r, &rng, i);
        int v = -1;
        assert_int_equal(sk_solver_solve(s, &g, &v), SK_OK);
        assert_true(v >= 0 && v <= 120);
        sk_action acts[SK_NTRICKS];
        int vals[SK_NTRICKS];
        int n = sk_solver_values(s, &g, acts, vals, SK_NTRICKS);
        int maxing = (side_of(&g) >> g.pub.to_move) & 1, best = maxing ? -1 : 999;
        for (int k = 0; k < n; k++)
            best = maxing ? (vals[k] > best ? vals[k] : best) : (vals[k] < best ? vals[k] : best);
        assert_int_equal(best, v);
        /* play the solver's line: the value stays */
        while (!sk_game_over(&g)) {
            n = sk_solver_values(s, &g, acts, vals, SK_NTRICKS);
            maxing = (side_of(&g) >> g.pub.to_move) & 1;
            int k = 0;
            for (int j = 1; j < n; j++)
                if (maxing ? vals[j] > vals[k] : vals[j] < vals[k])
                    k = j;
            assert_int_equal(vals[k], v);
            sk_game_apply(&g, acts[k], NULL);
        }
        assert_int_equal(naive(&g), v);
    }
    sk_game g;
    sk_game_deal(&g, &r, 0, &rng, false);
    int v;
    assert_int_equal(sk_solver_solve(s, &g, &v), SK_ESTATE);
    sk_solver_free(s);
}


/* Sets rule options "key=value" on a preset. */
static void rules_with(sk_rules *r, const char *preset, const char *const *pairs)
{
    assert_int_equal(sk_rules_preset(r, preset, NULL), SK_OK);
    for (; *pairs; pairs++) {
        sk_error err;
        if (sk_rules_set_pair(r, *pairs, &err) < 0)
            fail_msg("%s: %s", *pairs, err.msg);
    }
}

/* The variants: in random games of each ruleset the solver's legal cards
 * equal the engine's at every card (Stichzwang in a Bettel, the Muss
 * calls, three seats), and on endgames of the last two or three tricks
 * its values equal plain minimax (Bettel: 120 when the declarer takes no
 * trick).  A Ramsch is left to test_ramsch_paranoid. */
static void test_variants_match_minimax(void **state)
{
    (void)state;
    static const char *const ALL[] = {"allow_geier=yes",     "allow_farbwenz=yes",
                                      "allow_farbgeier=yes", "allow_bettel=yes",
                                      "allow_bettel_ouvert=yes", "allow_hochzeit=yes", NULL};
    static const char *const STICH[] = {"allow_bettel=yes", "bettel_stichzwang=yes",
                                        "allow_geier=yes", "all_pass=muss", NULL};
    static const char *const KREUZ[] = {"all_pass=kreuzbock", "allow_solo=no", NULL};
    static const char *const RAMSCH[] = {"all_pass=ramsch", NULL};
    static const char *const THREE[] = {"players=3", NULL};
    static const char *const DECK20[] = {"deck=20", "allow_bettel=yes", NULL};
    static const char *const NONE[] = {NULL};
    struct {
        const char *preset;
        const char *const *pairs;
    } sets[] = {{"official", ALL}, {"official", STICH}, {"official", KREUZ},
                {"official", RAMSCH}, {"official", THREE}, {"official", DECK20},
                {"kurz", NONE}, {"stammtisch", NONE}};
    sk_solver *s = sk_solver_new(1);
    sk_rng rng;
    sk_rng_seed(&rng, 2024);
    int types[SK_C_NTYPES] = {0}, three = 0, ramsch = 0, kreuzbock = 0, checked = 0;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        sk_rules r;
        rules_with(&r, sets[k].preset, sets[k].pairs);
        for (int i = 0; i < 50; i++) {
            sk_game g;
            if (!tl_random_variant_start(&g, &r, &rng))
                continue;
            if (g.pub.contract.type == SK_C_RAMSCH) {
                ramsch++; /* test_ramsch_paranoid */
                continue;
            }
            int left = 2 + (int)sk_rng_below(&rng, 2); /* tricks left at the check */
            int at = (g.pub.ntricks - left) * g.pub.nseats + (int)sk_rng_below(&rng, 3);
            for (int ply = 0; !sk_game_over(&g); ply++) {
                sk_cards want = sk_game_legal_cards(&g);
                assert_int_equal(sk_solver_legal(s, &g), want);
                if (ply == at) {
                    check_position(s, &g);
                    checked++;
                }
                assert_int_equal(sk_game_apply(&g, sk_act_card(g.pub.to_move, random_card(want,
                                                                                            &rng)),
                                               NULL),
                                 SK_OK);
            }
            types[g.pub.contract.type]++;
            three += g.pub.nseats == 3;
            kreuzbock += g.pub.kreuzbock;
        }
    }
    print_message("checked %d: Sauspiel %d Solo %d Wenz %d Geier %d Farbwenz %d Farbgeier %d "
                  "Bettel %d/%d Hochzeit %d, three seats %d, Kreuzbock %d, Ramsch %d\n",
                  checked, types[SK_C_SAUSPIEL], types[SK_C_SOLO], types[SK_C_WENZ],
                  types[SK_C_GEIER], types[SK_C_FARBWENZ], types[SK_C_FARBGEIER],
                  types[SK_C_BETTEL], types[SK_C_BETTEL_OUVERT], types[SK_C_HOCHZEIT], three,
                  kreuzbock, ramsch);
    assert_true(types[SK_C_GEIER] && types[SK_C_FARBWENZ] && types[SK_C_FARBGEIER]);
    assert_true(types[SK_C_BETTEL] + types[SK_C_BETTEL_OUVERT] > 2);
    assert_true(three > 5 && kreuzbock > 0 && ramsch > 0 && checked > 150);
    sk_solver_free(s);
}

/* Plain minimax of a Ramsch for one seat: the card points `focus` ends
 * with (the engine's result, after the passing of a Schieberamsch) when
 * it plays to take as few as possible and the other seats play to give
 * it as many as possible. */
static int naive_ramsch(const sk_game *g, int focus)
{
    if (sk_game_over(g)) {
        sk_result r;
        assert_int_equal(sk_game_result(g, &r, NULL), SK_OK);
        return r.points[focus];
    }
    int seat = g->pub.to_move, maxing = seat != focus;
    int best = maxing ? -1 : 999;
    for (sk_cards l = sk_game_legal_cards(g); l; l &= l - 1) {
        sk_game c = *g;
        assert_int_equal(sk_game_apply(&c, sk_act_card(seat, sk_cards_first(l)), NULL), SK_OK);
        int v = naive_ramsch(&c, focus);
        if (maxing ? v > best : v < best)
            best = v;
    }
    return best;
}

/*
 * A Muss player holding all three callable Sauen calls a Ten, holding
 * their Tens too a King (002; docs/rules.md).  Then the called card is
 * not the top of its suit: the Sau above it is a class part of its own,
 * which the table's keys must count (a Muss calling a Ten once stopped
 * the solver on an assertion).  From the first card: the best card's
 * value is the solve; along random play: endgames equal plain minimax.
 */
static void test_muss_called_ten_and_king(void **state)
{
    (void)state;
    static const char *const MUSS[] = {"all_pass=muss", NULL};
    static const char *const DEALS[2][4] = {
        /* seat 0 has the Eichel-Ober and the three Sauen: calls the Gras-Zehn */
        {"EO EA GA SA E7 G7 S7 H7", "GZ GK G9 G8 EZ EK E9 E8", "SZ SK S9 S8 HZ HK H9 H8",
         "GO HO SO EU GU HU SU HA"},
        /* and the three Tens too: calls the Schellen-Koenig */
        {"EO EA GA SA EZ GZ SZ H7", "SK GK G9 G8 E7 EK E9 E8", "S7 G7 S9 S8 HZ HK H9 H8",
         "GO HO SO EU GU HU SU HA"},
    };
    static const char *const CALL[2] = {"sauspiel:G", "sauspiel:S"};
    sk_rules r;
    rules_with(&r, "official", MUSS);
    sk_solver *s = sk_solver_new(1);
    sk_rng rng;
    sk_rng_seed(&rng, 4);
    for (int d = 0; d < 2; d++) {
        uint8_t hands[4][8];
        for (int seat = 0; seat < 4; seat++) {
            sk_cards set;
            assert_int_equal(sk_cards_parse(DEALS[d][seat], &set, NULL), 0);
            assert_int_equal(sk_cards_count(set), 8);
            for (int k = 0; k < 8; k++)
                hands[seat][k] = (uint8_t)sk_cards_nth(set, (unsigned)k);
        }
        for (int rep = 0; rep < 8; rep++) {
            sk_game g;
            assert_int_equal(sk_game_init(&g, &r, 3, hands, true, NULL), SK_OK);
            for (int seat = 0; seat < 4; seat++)
                assert_int_equal(sk_game_apply(&g, sk_act_pass(seat), NULL), SK_OK);
            sk_contract c;
            assert_int_equal(sk_contract_parse(CALL[d], &c, NULL), 0);
            assert_int_equal(sk_game_apply(&g, sk_act_declare(0, c), NULL), SK_OK);
            assert_int_equal(g.pub.phase, SK_PHASE_PLAY);
            int v = -1;
            assert_int_equal(sk_solver_solve(s, &g, &v), SK_OK);
            sk_action acts[SK_NTRICKS];
            int vals[SK_NTRICKS];
            int n = sk_solver_values(s, &g, acts, vals, SK_NTRICKS), best = -1;
            for (int k = 0; k < n; k++)
                best = vals[k] > best ? vals[k] : best; /* the declarer leads */
            assert_int_equal(best, v);
            /* random play down to the last three or four tricks */
            int plies = 16 + 4 * (rep & 1) + (int)sk_rng_below(&rng, 4);
            for (int k = 0; k < plies; k++)
                sk_game_apply(&g, sk_act_card(g.pub.to_move,
                                              random_card(sk_game_legal_cards(&g), &rng)),
                              NULL);
            check_position(s, &g);
        }
    }
    sk_solver_free(s);
}

/* A Ramsch (002) is solved for one seat against the other three: on
 * endgames of the last two or three tricks of random Ramsch games, for
 * the seat to move and for another seat, the solver's value, its
 * threshold answers and every card's value equal plain minimax of that
 * seat's final points -- in a Schieberamsch the pile passed to it. */
static void test_ramsch_paranoid(void **state)
{
    (void)state;
    static const char *const PLAIN[] = {"all_pass=ramsch", "ramsch_durchmarsch=no", NULL};
    static const char *const SCHIEB[] = {"all_pass=ramsch", "ramsch_durchmarsch=no",
                                         "ramsch_schieben=yes", NULL};
    static const char *const KURZ[] = {"all_pass=ramsch", "ramsch_durchmarsch=no", NULL};
    struct {
        const char *preset;
        const char *const *pairs;
    } sets[] = {{"official", PLAIN}, {"official", SCHIEB}, {"kurz", KURZ}};
    sk_solver *s = sk_solver_new(1);
    sk_rng rng;
    sk_rng_seed(&rng, 77);
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        sk_rules r;
        rules_with(&r, sets[k].preset, sets[k].pairs);
        int checked = 0;
        for (int i = 0; i < 6000 && checked < 150; i++) {
            sk_game g;
            if (!tl_random_variant_start(&g, &r, &rng) || g.pub.contract.type != SK_C_RAMSCH)
                continue;
            int left = 2 + (int)sk_rng_below(&rng, 2);
            int at = (g.pub.ntricks - left) * g.pub.nseats + (int)sk_rng_below(&rng, 3);
            for (int ply = 0; ply < at; ply++)
                assert_int_equal(sk_game_apply(&g, sk_act_card(g.pub.to_move,
                                                                random_card(sk_game_legal_cards(
                                                                                &g),
                                                                            &rng)),
                                               NULL),
                                 SK_OK);
            int mover = g.pub.to_move, other = (mover + 1 + (int)sk_rng_below(&rng, 3)) % 4;
            for (int pass = 0; pass < 2; pass++) {
                int focus = pass ? other : mover;
                sk_solver_set_focus(s, pass ? other : -1);
                int want = naive_ramsch(&g, focus), got = -1;
                assert_int_equal(sk_solver_solve(s, &g, &got), SK_OK);
                assert_int_equal(got, want);
                bool yes;
                assert_int_equal(sk_solver_reaches(s, &g, want, &yes), SK_OK);
                assert_true(yes);
                assert_int_equal(sk_solver_reaches(s, &g, want + 1, &yes), SK_OK);
                assert_false(yes);
                sk_action acts[SK_NTRICKS];
                int vals[SK_NTRICKS];
                int n = sk_solver_values(s, &g, acts, vals, SK_NTRICKS);
                assert_int_equal(n, sk_cards_count(sk_game_legal_cards(&g)));
                for (int j = 0; j < n; j++) {
                    sk_game c = g;
                    assert_int_equal(sk_game_apply(&c, acts[j], NULL), SK_OK);
                    assert_int_equal(vals[j], naive_ramsch(&c, focus));
                }
            }
            checked++;
        }
        print_message("%s %s: %d Ramsch endgames checked\n", sets[k].preset,
                      sets[k].pairs[2] ? sets[k].pairs[2] : "", checked);
        assert_true(checked >= 150);
    }
    sk_solver_set_focus(s, -1);
    sk_solver_free(s);
}

/* A Hochzeit (002): the partner is who took the offered trump; the
 * solver's sides and values follow him (minimax on endgames). */
static void test_hochzeit(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    assert_int_equal(sk_rules_set_pair(&r, "allow_hochzeit=yes", NULL), SK_OK);
    sk_solver *s = sk_solver_new(1);
    sk_rng rng;
    sk_rng_seed(&rng, 808);
    int done = 0;
    for (int i = 0; i < 400 && done < 12; i++) {
        sk_game g;
        sk_game_deal(&g, &r, (int)sk_rng_below(&rng, 4), &rng, false);
        bool bid = false;
        for (int guard = 0; guard < 40 && g.pub.phase != SK_PHASE_PLAY && !sk_game_over(&g);
             guard++) {
            sk_action a[SK_MAX_LEGAL];
            int n = sk_game_legal(&g, a), k = -1;
            for (int j = 0; j < n; j++) {
                bool want = (!bid && a[j].type == SK_ACT_BID) ||
                            (a[j].type == SK_ACT_DECLARE && a[j].contract.type == SK_C_HOCHZEIT) ||
                            a[j].type == SK_ACT_ACCEPT;
                if (want && (k < 0 || a[k].type == SK_ACT_PASS))
                    k = j;
                else if (k < 0 && a[j].type == SK_ACT_PASS && a[j].seat == g.pub.to_move)
                    k = j;
            }
            if (k < 0)
                break;
            bid |= a[k].type == SK_ACT_BID;
            assert_int_equal(sk_game_apply(&g, a[k], NULL), SK_OK);
        }
        if (g.pub.phase != SK_PHASE_PLAY || g.pub.contract.type != SK_C_HOCHZEIT)
            continue;
        assert_true(g.partner < 4 && g.partner != g.pub.declarer);
        int plies = 20 + (int)sk_rng_below(&rng, 4);
        for (int k = 0; k < plies; k++)
            assert_int_equal(sk_game_apply(&g, sk_act_card(g.pub.to_move,
                                                           random_card(sk_game_legal_cards(&g),
                                                                       &rng)),
                                           NULL),
                             SK_OK);
        check_position(s, &g);
        done++;
    }
    assert_true(done >= 5);
    sk_solver_free(s);
}

/* A node limit stops a call with SK_ERANGE and leaves the solver usable:
 * the same call without the limit gives the exact value. */
static void test_node_limit(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_solver *s = sk_solver_new(1);
    sk_rng rng;
    sk_rng_seed(&rng, 31);
    sk_game g;
    random_play_start(&g, &r, &rng, 0);
    int v = -1, w = -1;
    sk_solver_set_limit(s, 50);
    uint64_t before = sk_solver_nodes(s);
    assert_int_equal(sk_solver_solve(s, &g, &v), SK_ERANGE);
    assert_true(sk_solver_nodes(s) - before <= 51);
    sk_action acts[SK_NTRICKS];
    int vals[SK_NTRICKS];
    assert_int_equal(sk_solver_values(s, &g, acts, vals, SK_NTRICKS), SK_ERANGE);
    sk_solver_set_limit(s, 0);
    assert_int_equal(sk_solver_solve(s, &g, &v), SK_OK);
    sk_solver_set_limit(s, 100000000);
    assert_int_equal(sk_solver_solve(s, &g, &w), SK_OK);
    assert_int_equal(v, w);
    sk_solver_free(s);
}

/* The level as a range (issue 43): equal to sk_solver_level when the
 * search finishes; under node limits too small for it, SK_ERANGE with a
 * range that holds the true level, narrower once the first test is
 * done; a deadline already past stops a call as the node limit does,
 * and clearing it lets the call finish. */
static void test_level_range_and_deadline(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_solver *s = sk_solver_new(1);
    sk_rng rng;
    sk_rng_seed(&rng, 43);
    static const int T[3] = {31, 61, 91};
    int narrowed = 0, cut = 0;
    for (int i = 0; i < 40; i++) {
        sk_game g;
        random_play_start(&g, &r, &rng, i);
        int level = -1, lo = -1, hi = -1;
        assert_int_equal(sk_solver_level(s, &g, T, 3, &level), SK_OK);
        assert_int_equal(sk_solver_level_range(s, &g, T, 3, &lo, &hi), SK_OK);
        assert_int_equal(lo, level);
        assert_int_equal(hi, level);
        for (uint64_t lim = 16; lim < 1u << 22; lim *= 4) {
            sk_solver_set_limit(s, lim);
            int rc = sk_solver_level_range(s, &g, T, 3, &lo, &hi);
            sk_solver_set_limit(s, 0);
            if (rc == SK_OK) {
                assert_int_equal(lo, level);
                break;
            }
            assert_int_equal(rc, SK_ERANGE);
            assert_true(lo <= level && level <= hi);
            narrowed += hi - lo < 3;
        }
        sk_solver_set_deadline(s, 1); /* long past */
        int rc = sk_solver_level(s, &g, T, 3, &level);
        assert_true(rc == SK_OK || rc == SK_ERANGE); /* a quick proof may end first */
        cut += rc == SK_ERANGE;
        sk_solver_set_deadline(s, 0);
        assert_int_equal(sk_solver_level(s, &g, T, 3, &level), SK_OK);
    }
    assert_true(narrowed > 0);
    assert_true(cut > 0);
    sk_solver_free(s);
}

/* Solves a game on two solvers and checks that they agree: the value
 * and the value of every legal card. */
static void same_values(sk_solver *a, sk_solver *b, const sk_game *g)
{
    int va = -1, vb = -2;
    assert_int_equal(sk_solver_solve(a, g, &va), SK_OK);
    assert_int_equal(sk_solver_solve(b, g, &vb), SK_OK);
    assert_int_equal(va, vb);
    sk_action ca[SK_NTRICKS], cb[SK_NTRICKS];
    int xa[SK_NTRICKS], xb[SK_NTRICKS];
    int na = sk_solver_values(a, g, ca, xa, SK_NTRICKS);
    int nb = sk_solver_values(b, g, cb, xb, SK_NTRICKS);
    assert_true(na > 0);
    assert_int_equal(na, nb);
    for (int k = 0; k < na; k++) {
        assert_int_equal(ca[k].card, cb[k].card);
        assert_int_equal(xa[k], xb[k]);
    }
}

/* Exact values on several threads (solver_par.c) equal those on one:
 * whole deals from the first card and positions later in the play, in
 * the official contracts and the variants (Ramsch, Bettel, Tout, three
 * seats), on two and on three threads.  A call under a node limit stays
 * on one thread and still stops; bad thread counts are refused. */
static void test_threads_same_values(void **state)
{
    (void)state;
    static const char *const VARIANTS[] = {"allow_geier=yes", "allow_bettel=yes",
                                           "allow_hochzeit=yes", "all_pass=ramsch", NULL};
    static const char *const THREE[] = {"players=3", NULL};
    sk_solver *one = sk_solver_new(4), *many = sk_solver_new(4);
    assert_int_equal(sk_solver_set_threads(many, 0), SK_EINVAL);
    assert_int_equal(sk_solver_set_threads(many, SK_SOLVER_MAX_THREADS + 1), SK_EINVAL);
    sk_rng rng;
    sk_rng_seed(&rng, 4711);
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    for (int i = 0; i < 24; i++) {
        assert_int_equal(sk_solver_set_threads(many, 2 + i % 2), SK_OK);
        sk_game g;
        random_play_start(&g, &r, &rng, i);
        same_values(one, many, &g);
        /* and from a later card */
        int at = (int)sk_rng_below(&rng, 20);
        for (int ply = 0; ply < at; ply++)
            sk_game_apply(&g, sk_act_card(g.pub.to_move, random_card(sk_game_legal_cards(&g),
                                                                     &rng)),
                          NULL);
        same_values(one, many, &g);
    }
    const char *const *sets[] = {VARIANTS, THREE};
    for (int k = 0; k < 2; k++) {
        rules_with(&r, "official", sets[k]);
        for (int i = 0, done = 0; i < 200 && done < 12; i++) {
            sk_game g;
            if (!tl_random_variant_start(&g, &r, &rng))
                continue;
            same_values(one, many, &g);
            done++;
        }
    }
    /* a node limit keeps the call on one thread: it stops as there */
    sk_rules_preset(&r, "official", NULL);
    sk_game g;
    random_play_start(&g, &r, &rng, 0);
    int v;
    sk_solver_set_limit(many, 50);
    uint64_t before = sk_solver_nodes(many);
    assert_int_equal(sk_solver_solve(many, &g, &v), SK_ERANGE);
    assert_true(sk_solver_nodes(many) - before <= 51);
    sk_solver_set_limit(many, 0);
    assert_int_equal(sk_solver_set_threads(many, 1), SK_OK);
    same_values(one, many, &g);
    sk_solver_free(one);
    sk_solver_free(many);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legal_matches_engine),
        cmocka_unit_test(test_endgames_match_minimax),
        cmocka_unit_test(test_tout_endgames),
        cmocka_unit_test(test_full_deal_consistency),
        cmocka_unit_test(test_variants_match_minimax),
        cmocka_unit_test(test_muss_called_ten_and_king),
        cmocka_unit_test(test_ramsch_paranoid),
        cmocka_unit_test(test_hochzeit),
        cmocka_unit_test(test_node_limit),
        cmocka_unit_test(test_level_range_and_deadline),
        cmocka_unit_test(test_threads_same_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
