/*
 * test_sample.c -- deal sampling from a view: every sampled deal is
 * consistent with the view (replaying the game's actions on it is
 * legal), the count of consistent deals equals a brute-force count, and
 * draws are uniform over them (chi-square on small cases).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/ai.h"
#include "testlib.h"

/* Starts a game: the first seat bids, the others pass, and a random
 * valid contract is declared; random Kontra/Retour now and then. */
static void start(sk_game *g, const sk_rules *r, sk_rng *rng)
{
    int dealer = (int)sk_rng_below(rng, 4);
    sk_game_deal(g, r, dealer, rng, false);
    int fh = (dealer + 1) % 4;
    sk_game_apply(g, sk_act_bid(fh, (sk_contract){SK_C_SAUSPIEL, SK_NOSUIT, 0}), NULL);
    for (int k = 1; k < 4; k++)
        sk_game_apply(g, sk_act_pass((fh + k) % 4), NULL);
    sk_action a[SK_MAX_LEGAL];
    int n = sk_game_legal(g, a);
    /* favour Sauspiele, where the called-ace rules matter */
    int k = (int)sk_rng_below(rng, (uint32_t)n);
    for (int j = 0; j < n; j++)
        if (a[j].contract.type == SK_C_SAUSPIEL && sk_rng_below(rng, 3))
            k = j;
    assert_int_equal(sk_game_apply(g, a[k], NULL), SK_OK);
}

/* Plays `plies` random actions (cards, sometimes a doubling). */
static void advance(sk_game *g, sk_rng *rng, int plies)
{
    for (int i = 0; i < plies && !sk_game_over(g);) {
        sk_action a[SK_MAX_LEGAL];
        int n = sk_game_legal(g, a);
        sk_action pick = a[sk_rng_below(rng, (uint32_t)n)];
        if (pick.type != SK_ACT_CARD && sk_rng_below(rng, 3))
            continue;
        assert_int_equal(sk_game_apply(g, pick, NULL), SK_OK);
        i += pick.type == SK_ACT_CARD;
    }
}

/* The cards of a Hochzeit's exchange (002) in the game: the declarer's
 * trumps and the cards the taker gave for them. */
static void exchanged(const sk_game *g, sk_cards *trumps, sk_cards *given)
{
    *trumps = *given = 0;
    for (int i = 0; i < 8; i++)
        if (g->dealt[g->pub.declarer][i] < SK_NCARDS &&
            (g->pub.order.trumps & SK_BIT(g->dealt[g->pub.declarer][i])))
            *trumps |= SK_BIT(g->dealt[g->pub.declarer][i]);
    for (int i = 0; i < g->pub.nactions; i++)
        if (g->pub.actions[i].type == SK_ACT_ACCEPT)
            *given |= SK_BIT(g->pub.actions[i].card);
}

/* Whether the game's actions replay legally on a deal of the current
 * hands `hands` (plus the cards each seat played; after a Hochzeit the
 * game's exchange undone, which only the two who made it know). */
static bool replays(const sk_game *g, const sk_cards hands[4])
{
    const sk_public *p = &g->pub;
    int seats = p->nseats == 3 ? 3 : 4;
    sk_cards dealt[4] = {hands[0], hands[1], hands[2], hands[3]};
    for (int t = 0; t < p->trick_no; t++)
        for (int i = 0; i < seats; i++)
            dealt[(p->trick_leaders[t] + i) % seats] |= SK_BIT(p->tricks[t][i]);
    for (int i = 0; i < p->trick_len; i++)
        dealt[(p->trick_leader + i) % seats] |= SK_BIT(p->trick[i]);
    if (p->contract.type == SK_C_HOCHZEIT && p->phase == SK_PHASE_PLAY) {
        sk_cards trumps, given;
        exchanged(g, &trumps, &given);
        dealt[p->declarer] = (dealt[p->declarer] & ~given) | trumps;
        dealt[p->partner] = (dealt[p->partner] & ~trumps) | given;
    }
    uint8_t cards[4][8];
    memset(cards, SK_NOCARD, sizeof cards);
    for (int s = 0; s < 4; s++) {
        int n = 0;
        for (sk_cards c = dealt[s]; c; c &= c - 1)
            cards[s][n++ & 7] = (uint8_t)sk_cards_first(c);
        if (n != (s < seats ? p->ntricks : 0))
            return false;
    }
    sk_game re;
    if (sk_game_init(&re, g->rules, g->pub.dealer, cards, g->pub.first_game, NULL) < 0)
        return false;
    for (int i = 0; i < g->pub.nactions; i++) {
        sk_error err;
        if (sk_game_apply(&re, g->pub.actions[i], &err) < 0) {
            if (getenv("SK_DEBUG"))
                print_error("action %d: %s\n", i, err.msg);
            return false;
        }
    }
    for (int s = 0; s < 4; s++)
        if (re.hands[s] != hands[s])
            return false;
    return true;
}

/* Draws a deal for `seat`'s view and checks it is one: the seat's own
 * hand, every hand its size, no card twice, and together every card of
 * `deck` not yet played. */
static void draw_checked(sk_sampler *sp, sk_rng *rng, const sk_game *g, int seat, sk_cards deck,
                         sk_cards h[4])
{
    sk_cards all = 0;
    sk_sample_draw(sp, rng, h);
    assert_int_equal(h[seat], g->hands[seat]);
    for (int s = 0; s < 4; s++) {
        assert_int_equal(sk_cards_count(h[s]), sk_cards_count(g->hands[s]));
        assert_int_equal(all & h[s], 0);
        all |= h[s];
    }
    assert_int_equal(all, deck & ~g->pub.played);
}

/* Every sampled deal: own hand kept, hand sizes right, a partition of
 * the unplayed cards, and the whole game replays on it (voids, 3.2;
 * called-ace rules 2.5.1-2.5.5; Kontra/Retour sides, 3.3). */
static void test_samples_consistent(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_rng rng;
    sk_rng_seed(&rng, 3);
    sk_sampler *sp = malloc(sizeof *sp);
    for (int i = 0; i < 300; i++) {
        sk_game g;
        start(&g, &r, &rng);
        if (g.pub.phase != SK_PHASE_PLAY)
            continue;
        advance(&g, &rng, (int)sk_rng_below(&rng, 31));
        for (int seat = 0; seat < 4; seat++) {
            sk_view v;
            sk_game_view(&g, seat, &v);
            assert_int_equal(sk_sample_init(sp, &v), SK_OK);
            assert_true(sk_sample_count(sp) >= 1);
            for (int d = 0; d < 8; d++) {
                sk_cards h[4];
                sk_sample_draw(sp, &rng, h);
                assert_int_equal(h[seat], g.hands[seat]);
                sk_cards all = 0;
                for (int s = 0; s < 4; s++) {
                    assert_int_equal(sk_cards_count(h[s]), sk_cards_count(g.hands[s]));
                    assert_int_equal(all & h[s], 0);
                    all |= h[s];
                }
                assert_int_equal(all, ~g.pub.played);
                assert_true(replays(&g, h));
            }
        }
    }
    free(sp);
}

/* Enumerates every deal of the unseen cards to the other seats with the
 * right sizes; counts those on which the game replays and, if `hits` is
 * given, records each consistent deal's index key. */
static int brute_count(const sk_game *g, int seat, uint64_t *keys, int max)
{
    sk_cards unseen = ~(g->pub.played | g->hands[seat]);
    int o[3] = {(seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4};
    int need0 = sk_cards_count(g->hands[o[0]]), need1 = sk_cards_count(g->hands[o[1]]);
    int n = 0;
    /* subsets of unseen for o0, then for o1 */
    for (sk_cards a = unseen;; a = (a - 1) & unseen) {
        if (sk_cards_count(a) == need0) {
            sk_cards rest = unseen & ~a;
            for (sk_cards b = rest;; b = (b - 1) & rest) {
                if (sk_cards_count(b) == need1) {
                    sk_cards h[4];
                    h[seat] = g->hands[seat];
                    h[o[0]] = a;
                    h[o[1]] = b;
                    h[o[2]] = rest & ~b;
                    if (replays(g, h)) {
                        if (n < max)
                            keys[n] = (uint64_t)a << 32 | b;
                        n++;
                    }
                }
                if (b == 0)
                    break;
            }
        }
        if (a == 0)
            break;
    }
    return n;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* The sampler's count equals the brute-force count of consistent deals
 * late in games, and draws are uniform over them (chi-square). */
static void test_count_and_uniformity(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_rng rng;
    sk_rng_seed(&rng, 17);
    sk_sampler *sp = malloc(sizeof *sp);
    enum { MAXK = 2000 };
    uint64_t *keys = malloc(MAXK * sizeof *keys);
    int *hits = malloc(MAXK * sizeof *hits);
    int checked = 0, chi_done = 0;
    for (int i = 0; i < 400 && checked < 60; i++) {
        sk_game g;
        start(&g, &r, &rng);
        if (g.pub.phase != SK_PHASE_PLAY)
            continue;
        advance(&g, &rng, 18 + (int)sk_rng_below(&rng, 8));
        if (sk_game_over(&g))
            continue;
        int seat = (int)sk_rng_below(&rng, 4);
        sk_view v;
        sk_game_view(&g, seat, &v);
        assert_int_equal(sk_sample_init(sp, &v), SK_OK);
        int n = brute_count(&g, seat, keys, MAXK);
        assert_true(n >= 1);
        assert_true(fabs(sk_sample_count(sp) - n) < 0.5);
        checked++;
        if (n < 6 || n > 120 || chi_done >= 8)
            continue;
        /* chi-square over the n consistent deals */
        qsort(keys, (size_t)n, sizeof *keys, cmp_u64);
        memset(hits, 0, (size_t)n * sizeof *hits);
        int draws = 200 * n;
        int o[3] = {(seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4};
        for (int d = 0; d < draws; d++) {
            sk_cards h[4];
            sk_sample_draw(sp, &rng, h);
            uint64_t key = (uint64_t)h[o[0]] << 32 | h[o[1]];
            uint64_t *f = bsearch(&key, keys, (size_t)n, sizeof *keys, cmp_u64);
            assert_non_null(f);
            hits[f - keys]++;
        }
        double chi = 0, e = 200.0;
        for (int k = 0; k < n; k++)
            chi += (hits[k] - e) * (hits[k] - e) / e;
        double dof = n - 1;
        assert_true(chi < dof + 6 * sqrt(2 * dof) + 10);
        chi_done++;
    }
    assert_true(checked >= 40);
    assert_true(chi_done >= 3);
    free(sp);
    free(keys);
    free(hits);
}

/* Before the play (auction): every seat gets eight cards; the count is
 * 24! / (8!)^3. */
static void test_auction_sampling(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    sk_rng rng;
    sk_rng_seed(&rng, 8);
    sk_game g;
    sk_game_deal(&g, &r, 0, &rng, false);
    sk_view v;
    sk_game_view(&g, 2, &v);
    sk_sampler *sp = malloc(sizeof *sp);
    assert_int_equal(sk_sample_init(sp, &v), SK_OK);
    assert_true(fabs(sk_sample_count(sp) / 9465511770.0 - 1) < 1e-9);
    for (int d = 0; d < 100; d++) {
        sk_cards h[4];
        sk_sample_draw(sp, &rng, h);
        assert_int_equal(h[2], g.hands[2]);
        assert_int_equal(h[0] | h[1] | h[2] | h[3], SK_ALL_CARDS);
        for (int s = 0; s < 4; s++)
            assert_int_equal(sk_cards_count(h[s]), 8);
    }
    free(sp);
}


/* The variants (002): three seats with short cards, the 24- and 20-card
 * decks, a Bettel Brett's shown hand, a Muss's call of a Ten or King, a
 * Ramsch and a Kreuzbock -- every sampled deal has the right hand
 * sizes, is a partition of the unplayed cards of the deck and replays.
 * (A Hochzeit's exchanged cards are seen only by the two who exchanged
 * them, so a third seat's deal cannot be replayed: those games are left
 * out here and checked by test_hochzeit_samples_consistent.) */
static void test_variant_samples_consistent(void **state)
{
    (void)state;
    static const char *const CFG[][4] = {
        {"official", "players=3", NULL, NULL},
        {"kurz", NULL, NULL, NULL},
        {"official", "deck=20", "allow_bettel=yes", NULL},
        {"official", "allow_bettel_ouvert=yes", "allow_geier=yes", NULL},
        {"official", "all_pass=muss", NULL, NULL},
        {"official", "all_pass=ramsch", NULL, NULL},
        {"official", "all_pass=kreuzbock", NULL, NULL},
        {"stammtisch", NULL, NULL, NULL}};
    sk_rng rng;
    sk_rng_seed(&rng, 12);
    sk_sampler *sp = malloc(sizeof *sp);
    int games = 0, ouvert = 0, three = 0;
    for (size_t k = 0; k < sizeof CFG / sizeof CFG[0]; k++) {
        sk_rules r;
        assert_int_equal(sk_rules_preset(&r, CFG[k][0], NULL), SK_OK);
        for (int j = 1; j < 4 && CFG[k][j]; j++)
            assert_int_equal(sk_rules_set_pair(&r, CFG[k][j], NULL), SK_OK);
        for (int i = 0; i < 40; i++) {
            sk_game g;
            if (!tl_random_variant_start(&g, &r, &rng) || g.pub.contract.type == SK_C_HOCHZEIT)
                continue;
            advance(&g, &rng, (int)sk_rng_below(&rng, (uint32_t)(g.pub.ntricks * g.pub.nseats)));
            if (sk_game_over(&g))
                continue;
            games++;
            ouvert += g.pub.open_seat < 4;
            three += g.pub.nseats == 3;
            for (int seat = 0; seat < g.pub.nseats; seat++) {
                sk_view v;
                sk_game_view(&g, seat, &v);
                assert_int_equal(sk_sample_init(sp, &v), SK_OK);
                for (int d = 0; d < 4; d++) {
                    sk_cards h[4];
                    draw_checked(sp, &rng, &g, seat, sk_rules_deck(&r), h);
                    if (!replays(&g, h))
                        fail_msg("config %zu, seat %d: a sampled deal does not replay", k, seat);
                }
            }
        }
    }
    assert_true(games > 150 && ouvert > 0 && three > 10);
    free(sp);
}

/* A Hochzeit and a Bauernhochzeit (002) after the exchange: every seat's
 * sampled deal has the right sizes and is a partition; the declarer, who
 * gave away all his trumps, holds none; the taker holds or played at
 * least the trumps he got; and for the two who exchanged, the cards they
 * know are where they know them and the game replays on the deal. */
static void test_hochzeit_samples_consistent(void **state)
{
    (void)state;
    sk_rules r;
    sk_rules_preset(&r, "official", NULL);
    assert_int_equal(sk_rules_set(&r, "allow_hochzeit", "yes", NULL), SK_OK);
    assert_int_equal(sk_rules_set(&r, "bauernhochzeit", "yes", NULL), SK_OK);
    sk_order o;
    sk_order_init(&o, (sk_contract){SK_C_HOCHZEIT, SK_NOSUIT, 0});
    sk_rng rng;
    sk_rng_seed(&rng, 21);
    sk_sampler *sp = malloc(sizeof *sp);
    int games[3] = {0};
    for (int i = 0; i < 400 && (games[1] < 12 || games[2] < 12); i++) {
        sk_game g;
        int dealer = (int)sk_rng_below(&rng, 4), fh = (dealer + 1) % 4, decl = -1;
        sk_game_deal(&g, &r, dealer, &rng, false);
        for (int s = 0; s < 4; s++)
            if (decl < 0 && sk_cards_count(g.hands[s] & o.trumps) == 1 + i % 2)
                decl = s;
        if (decl < 0)
            continue;
        for (int k = 0; k < 4; k++) {
            int s = (fh + k) % 4;
            sk_action a = s == decl ? sk_act_bid(s, (sk_contract){SK_C_SAUSPIEL, SK_NOSUIT, 0})
                                    : sk_act_pass(s);
            assert_int_equal(sk_game_apply(&g, a, NULL), SK_OK);
        }
        assert_int_equal(sk_game_apply(&g, sk_act_declare(decl, (sk_contract){SK_C_HOCHZEIT,
                                                                              SK_NOSUIT, 0}),
                                       NULL),
                         SK_OK);
        while (g.pub.phase == SK_PHASE_HOCHZEIT) { /* answers: the last offer always taken */
            sk_action a[SK_MAX_LEGAL];
            int n = sk_game_legal(&g, a);
            int k = n > 1 ? 1 + (int)sk_rng_below(&rng, (uint32_t)(n - 1)) : 0;
            if (a[0].type == SK_ACT_PASS && n > 1 && sk_rng_below(&rng, 3) == 0)
                k = 0;
            assert_int_equal(sk_game_apply(&g, a[k], NULL), SK_OK);
        }
        if (sk_game_over(&g))
            continue;
        games[g.pub.hochzeit_cards]++;
        advance(&g, &rng, (int)sk_rng_below(&rng, 28));
        if (sk_game_over(&g))
            continue;
        int taker = g.pub.partner;
        sk_cards trumps, given, taker_played = 0;
        exchanged(&g, &trumps, &given);
        for (int t = 0; t < g.pub.trick_no; t++)
            for (int j = 0; j < 4; j++)
                if ((g.pub.trick_leaders[t] + j) % 4 == taker)
                    taker_played |= SK_BIT(g.pub.tricks[t][j]);
        for (int j = 0; j < g.pub.trick_len; j++)
            if ((g.pub.trick_leader + j) % 4 == taker)
                taker_played |= SK_BIT(g.pub.trick[j]);
        for (int seat = 0; seat < 4; seat++) {
            sk_view v;
            sk_game_view(&g, seat, &v);
            assert_int_equal(sk_sample_init(sp, &v), SK_OK);
            for (int d = 0; d < 4; d++) {
                sk_cards h[4];
                draw_checked(sp, &rng, &g, seat, ~(sk_cards)0, h);
                assert_int_equal(h[decl] & o.trumps, 0);
                assert_true(sk_cards_count((h[taker] | taker_played) & o.trumps) >=
                            g.pub.hochzeit_cards);
                if (seat == decl || seat == taker) {
                    assert_int_equal(h[taker] & trumps, g.hands[taker] & trumps);
                    assert_int_equal(h[decl] & given, g.hands[decl] & given);
                    if (!replays(&g, h))
                        fail_msg("seat %d: a sampled deal does not replay", seat);
                }
            }
        }
    }
    if (games[1] < 12 || games[2] < 12)
        fail_msg("too few Hochzeiten: %d with one card, %d with two", games[1], games[2]);
    free(sp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_samples_consistent),
        cmocka_unit_test(test_count_and_uniformity),
        cmocka_unit_test(test_auction_sampling),
        cmocka_unit_test(test_variant_samples_consistent),
        cmocka_unit_test(test_hochzeit_samples_consistent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
