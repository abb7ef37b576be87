/*
 * fuzz_solver.c -- libFuzzer harness for the double-dummy solver on any
 * deal, contract and point of play the engine allows.
 *
 * The input is a small program, not text: byte 0 picks a ruleset (the
 * official rules, with the variants, Muss, Ramsch, Kreuzbock, three
 * players, short decks), byte 1 the dealer, the next 32 bytes shuffle
 * the long deck (a Fisher-Yates step each, so the fuzzer can steer the
 * hands; short decks and three players are dealt from a seed in those
 * bytes), then each byte picks one of the legal actions -- the auction,
 * the declaration, a few cards -- until the bytes run out.  In the play
 * phase the solver must not crash, its value must lie in 0..120, and it
 * must be the value of one of the cards it rates (the mover's best),
 * unless its node limit stopped it.  When it finished, a second solver
 * on two threads (solver_par.c) must find the same values.  Run with
 * `make fuzz`; seeds in
 * tests/fuzz/corpus/fuzz_solver/ (one is a Muss calling a Ten).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/ai.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Stops the fuzzer with a message: an invariant of the solver broke. */
static void fuzz_abort(const char *what, const sk_game *g)
{
    char c[32];
    sk_contract_code(g->pub.contract, c, sizeof c);
    fprintf(stderr, "fuzz_solver: %s (%s, trick %d, len %d)\n", what, c, g->pub.trick_no,
            g->pub.trick_len);
    abort();
}

/* The rulesets: a preset and its options. */
static const char *const SETS[][8] = {
    {"official", NULL},
    {"official", "all_pass=muss", NULL},
    {"official", "allow_geier=yes", "allow_farbwenz=yes", "allow_farbgeier=yes",
     "allow_bettel=yes", "allow_bettel_ouvert=yes", "allow_hochzeit=yes", NULL},
    {"official", "all_pass=ramsch", NULL},
    {"official", "all_pass=kreuzbock", NULL},
    {"official", "allow_bettel=yes", "bettel_stichzwang=yes", "all_pass=muss", NULL},
    {"official", "players=3", NULL},
    {"official", "deck=20", "allow_bettel=yes", NULL},
    {"kurz", NULL},
    {"stammtisch", NULL},
};
#define NSETS (sizeof SETS / sizeof SETS[0])

/* Starts the game of an input: the ruleset (into *r, which the game
 * points to), the dealer and the deal; returns the bytes used, or 0
 * when the input is too short. */
static size_t start(const uint8_t *data, size_t size, sk_rules *rules, sk_game *g)
{
    if (size < 34)
        return 0;
    const char *const *set = SETS[data[0] % NSETS];
    if (sk_rules_preset(rules, set[0], NULL) < 0)
        abort();
    for (int i = 1; set[i]; i++)
        if (sk_rules_set_pair(rules, set[i], NULL) < 0)
            abort();
    int dealer = data[1] & 3;
    uint8_t deck[SK_NCARDS];
    for (int i = 0; i < SK_NCARDS; i++)
        deck[i] = (uint8_t)i;
    for (int i = SK_NCARDS - 1; i > 0; i--) {
        int j = data[2 + i] % (i + 1);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    uint8_t hands[4][8];
    memcpy(hands, deck, sizeof hands);
    if (sk_game_init(g, rules, dealer % rules->players, hands, true, NULL) < 0) {
        /* a short deck or three players: deal from a seed instead */
        uint64_t seed = 0;
        memcpy(&seed, data + 2, sizeof seed);
        sk_rng rng;
        sk_rng_seed(&rng, seed);
        sk_game_deal(g, rules, dealer % rules->players, &rng, true);
    }
    return 34;
}

/* Checks that the solver on two threads finds the value v and the card
 * values vals[0..n-1] of one thread. */
static void check_threads(sk_solver *par, const sk_game *g, int v, const int *vals, int n)
{
    int w = -1;
    if (sk_solver_solve(par, g, &w) != SK_OK || w != v)
        fuzz_abort("two threads found another value", g);
    sk_action acts[SK_NTRICKS];
    int wals[SK_NTRICKS];
    if (sk_solver_values(par, g, acts, wals, SK_NTRICKS) != n)
        fuzz_abort("two threads rated another number of cards", g);
    for (int k = 0; k < n; k++)
        if (wals[k] != vals[k])
            fuzz_abort("two threads found another card value", g);
}

/* Checks the solver on the current position, and the one on two
 * threads (`par`) against it. */
static void check(sk_solver *s, sk_solver *par, const sk_game *g)
{
    int v = -1;
    int rc = sk_solver_solve(s, g, &v);
    if (rc == SK_ERANGE)
        return; /* the node limit */
    if (rc != SK_OK)
        fuzz_abort("solve failed in the play phase", g);
    if (v < 0 || v > 120)
        fuzz_abort("value out of 0..120", g);
    sk_action acts[SK_NTRICKS];
    int vals[SK_NTRICKS];
    int n = sk_solver_values(s, g, acts, vals, SK_NTRICKS);
    if (n == SK_ERANGE)
        return;
    if (n != sk_cards_count(sk_game_legal_cards(g)))
        fuzz_abort("values for a different number of cards than are legal", g);
    int found = 0;
    for (int k = 0; k < n; k++) {
        if (vals[k] < 0 || vals[k] > 120)
            fuzz_abort("card value out of 0..120", g);
        found |= vals[k] == v;
    }
    if (!found)
        fuzz_abort("the value is no card's value", g);
    check_threads(par, g, v, vals, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sk_solver *solver, *par;
    if (!solver) {
        solver = sk_solver_new(1);
        par = sk_solver_new(1);
        if (!solver || !par || sk_solver_set_threads(par, 2) < 0)
            abort();
    }
    sk_rules rules;
    sk_game g;
    size_t at = start(data, size, &rules, &g);
    if (!at)
        return 0;
    sk_action legal[SK_MAX_LEGAL];
    for (; at < size && !sk_game_over(&g); at++) {
        int n = sk_game_legal(&g, legal);
        if (n <= 0)
            break;
        if (sk_game_apply(&g, legal[data[at] % n], NULL) < 0)
            fuzz_abort("a legal action was refused", &g);
    }
    if (g.pub.phase != SK_PHASE_PLAY || sk_game_over(&g))
        return 0;
    sk_solver_set_limit(solver, 20000);
    check(solver, par, &g);
    return 0;
}
