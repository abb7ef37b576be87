/*
 * test_derived.c -- the tables a ruleset derives from its options
 * (sk_rules.derived, src/core/classes.c) follow every change:
 *
 * - every function that changes a ruleset leaves them fresh, for every
 *   option and value (sk_rules_preset, _set, _set_pair, _parse, a
 *   "preset" line, sk_rules_from_json), and they say what the options
 *   say (ranks, allowed classes, their order);
 * - a field assigned directly makes them stale, and a game under such
 *   a ruleset still plays by the options (the game recomputes them);
 * - an all-zero or scribbled struct never passes for fresh;
 * - the base rates read the right option for every contract type.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game_internal.h"
#include "testlib.h"

/* The derived tables of r, checked against the public functions and
 * the class rules: ranks, the allowed classes of a first and a later
 * game, their lowest rank and their order from the highest rank down. */
static void check_tables(const sk_rules *r)
{
    assert_true(sk_rules_fresh(r));
    const sk_rules_derived *d = &r->derived;
    for (int t = 0; t < SK_C_NTYPES; t++)
        for (int tout = 0; tout < 2; tout++)
            assert_int_equal(d->rank[t][tout],
                             sk_rules_contract_rank(r, tl_contract(t, SK_NOSUIT, tout)));
    for (int fg = 0; fg < 2; fg++) {
        int lowest = INT8_MAX, n = 0;
        for (int i = 0; i < SKX_NCLASSES; i++) {
            sk_contract c = skx_bid_classes[i];
            assert_int_equal(skx_class_index(c), i);
            assert_int_equal(d->class_rank[i], sk_rules_contract_rank(r, c));
            bool allowed = skx_class_allowed(r, c, fg);
            assert_int_equal(d->allowed[fg] >> i & 1, allowed);
            if (allowed) {
                n++;
                lowest = d->class_rank[i] < lowest ? d->class_rank[i] : lowest;
            }
        }
        assert_int_equal(d->lowest[fg], lowest);
        assert_int_equal(d->nby_rank[fg], n);
        unsigned seen = 0;
        for (int j = 0; j < n; j++) {
            int i = d->by_rank[fg][j];
            assert_true(d->allowed[fg] >> i & 1);
            assert_false(seen >> i & 1);
            seen |= 1u << i;
            if (j > 0) { /* from the highest down, equal ranks in class order */
                int prev = d->by_rank[fg][j - 1];
                assert_true(d->class_rank[prev] > d->class_rank[i] ||
                            (d->class_rank[prev] == d->class_rank[i] && prev < i));
            }
        }
    }
    /* and exactly what a fresh computation gives */
    sk_rules copy = *r;
    memset(&copy.derived, 0xa5, sizeof copy.derived);
    assert_false(sk_rules_fresh(&copy));
    sk_rules_refresh(&copy);
    assert_memory_equal(&copy.derived, d, sizeof *d);
}

/* Values to try for an option: yes/no, the ends and a middle of a
 * range, every name of an enum. */
static int candidates(const sk_rule_option *o, char out[][24], int max)
{
    int n = 0;
    long lo, hi;
    if (strcmp(o->values, "yes|no") == 0) {
        snprintf(out[n++], 24, "yes");
        snprintf(out[n++], 24, "no");
    } else if (sscanf(o->values, "%ld..%ld", &lo, &hi) == 2) {
        snprintf(out[n++], 24, "%ld", lo);
        snprintf(out[n++], 24, "%ld", hi);
        snprintf(out[n++], 24, "%ld", (lo + hi) / 2);
    } else {
        const char *p = o->values;
        while (*p && n < max) {
            size_t k = strcspn(p, "|");
            snprintf(out[n++], 24, "%.*s", (int)k, p);
            p += k + (p[k] == '|');
        }
    }
    return n;
}

/* Every option set to every candidate value, by each mutator, on every
 * preset: the tables stay fresh and right. */
static void test_every_mutator_every_option(void **state)
{
    (void)state;
    for (const char *const *name = sk_rules_preset_names(); *name; name++) {
        for (size_t i = 0; i < sk_rules_option_count(); i++) {
            const sk_rule_option *o = sk_rules_option(i);
            char vals[8][24]; /* short: the option table's values */
            int nv = candidates(o, vals, 8);
            assert_true(nv > 0);
            for (int v = 0; v < nv; v++) {
                char text[256];
                sk_rules r = tl_preset(*name);
                check_tables(&r);
                assert_int_equal(sk_rules_set(&r, o->key, vals[v], NULL), SK_OK);
                check_tables(&r);
                sk_rules want = r;

                r = tl_preset(*name);
                snprintf(text, sizeof text, "%s=%s", o->key, vals[v]);
                assert_int_equal(sk_rules_set_pair(&r, text, NULL), SK_OK);
                check_tables(&r);
                assert_memory_equal(&r.derived, &want.derived, sizeof r.derived);

                r = tl_preset(*name);
                snprintf(text, sizeof text, "# a file\n%s = %s\n", o->key, vals[v]);
                if (sk_rules_validate(&want, NULL) < 0) {
                    /* a conflict with the preset (docs/rules.md: e.g.
                     * score = points with the stammtisch's Bock): a file
                     * is refused whole and leaves the ruleset as it was */
                    sk_rules before = r;
                    assert_int_equal(sk_rules_parse(&r, text, NULL), SK_EINVAL);
                    assert_memory_equal(&r, &before, sizeof r);
                    continue;
                }
                assert_int_equal(sk_rules_parse(&r, text, NULL), SK_OK);
                check_tables(&r);
                assert_memory_equal(&r.derived, &want.derived, sizeof r.derived);

                sk_rules other = tl_preset("official"); /* a preset line resets first */
                snprintf(text, sizeof text, "preset = %s\n%s = %s\n", *name, o->key, vals[v]);
                assert_int_equal(sk_rules_parse(&other, text, NULL), SK_OK);
                check_tables(&other);
                assert_memory_equal(&other.derived, &want.derived, sizeof other.derived);

                char *json = sk_rules_json(&want); /* the record reader */
                assert_non_null(json);
                sk_rules back = tl_preset("kurz");
                assert_int_equal(sk_rules_from_json(&back, json, NULL), SK_OK);
                free(json);
                check_tables(&back);
                assert_memory_equal(&back.derived, &want.derived, sizeof back.derived);
            }
        }
    }
}

/* The options the tables depend on do change them. */
static void test_tables_follow_options(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    int geier = SKX_CL_GEIER, tout = SKX_CL_SOLO_TOUT;
    assert_false(r.derived.allowed[0] >> geier & 1);
    tl_set(&r, "allow_geier", "yes");
    assert_true(r.derived.allowed[0] >> geier & 1);
    assert_true(r.derived.allowed[0] >> tout & 1 && r.derived.allowed[1] >> tout & 1);
    tl_set(&r, "first_game_limits", "yes"); /* 5.2.15: no Tout in the first game */
    assert_true(r.derived.allowed[0] >> tout & 1);
    assert_false(r.derived.allowed[1] >> tout & 1);
    int wenz = r.derived.class_rank[SKX_CL_WENZ];
    tl_set(&r, "ranking", "online");
    assert_int_not_equal(r.derived.class_rank[SKX_CL_WENZ], wenz);
    tl_set(&r, "players", "3"); /* Solo, Wenz and Sie only */
    assert_false(r.derived.allowed[0] >> SKX_CL_SAUSPIEL & 1);
    check_tables(&r);
}

/* A field assigned directly leaves the tables stale until a refresh,
 * and a game under the stale ruleset plays by its options all the same:
 * byte-equal to one under the refreshed copy. */
static void test_direct_change_is_detected(void **state)
{
    (void)state;
    sk_rules stale = tl_preset("official");
    stale.allow_geier = 1;
    stale.ranking = SK_RANK_ONLINE;
    assert_false(sk_rules_fresh(&stale));
    sk_rules fresh = stale;
    sk_rules_refresh(&fresh);
    check_tables(&fresh);
    for (uint64_t seed = 1; seed <= 200; seed++) {
        sk_rng a, b;
        sk_rng_seed(&a, seed);
        sk_rng_seed(&b, seed);
        sk_game g1, g2;
        sk_game_deal(&g1, &stale, (int)(seed & 3), &a, seed % 5 == 0);
        sk_game_deal(&g2, &fresh, (int)(seed & 3), &b, seed % 5 == 0);
        g2.rules = &stale; /* the only field that may differ */
        assert_memory_equal(&g1, &g2, sizeof g1);
        assert_true(g1.pub.classes_allowed >> SKX_CL_GEIER & 1);
    }
}

/* An all-zero struct, or one whose tables are scribbled over, is not
 * taken for fresh, whatever options are then filled in. */
static void test_zero_and_garbage_not_fresh(void **state)
{
    (void)state;
    sk_rules r;
    memset(&r, 0, sizeof r);
    assert_false(sk_rules_fresh(&r));
    sk_rules o = tl_preset("official");
    memcpy(&r, &o, offsetof(sk_rules, derived)); /* the options, not the tables */
    assert_false(sk_rules_fresh(&r));
    sk_rules_derived scratch;
    const sk_rules_derived *t = skx_rules_tables(&r, &scratch);
    assert_ptr_equal(t, &scratch);
    assert_memory_equal(scratch.class_rank, o.derived.class_rank, sizeof scratch.class_rank);
    assert_memory_equal(scratch.allowed, o.derived.allowed, sizeof scratch.allowed);
    for (size_t i = 0; i < sizeof r.derived.key; i++) {
        sk_rules s = o;
        ((unsigned char *)s.derived.key)[i] ^= 0x10;
        assert_false(sk_rules_fresh(&s));
    }
    assert_ptr_equal(skx_rules_tables(&o, &scratch), &o.derived);
}

/* A reference of the base rates: the option each type is priced by. */
static int ref_rate(const sk_rules *r, int type)
{
    switch (type) {
    case SK_C_SAUSPIEL: return r->rate_sauspiel;
    case SK_C_SOLO: case SK_C_SIE: return r->rate_solo;
    case SK_C_WENZ: return r->rate_wenz;
    case SK_C_GEIER: return r->rate_geier;
    case SK_C_FARBWENZ: return r->rate_farbwenz;
    case SK_C_FARBGEIER: return r->rate_farbgeier;
    case SK_C_BETTEL: case SK_C_BETTEL_OUVERT: return r->rate_bettel;
    case SK_C_RAMSCH: return r->rate_ramsch;
    case SK_C_HOCHZEIT: return r->rate_hochzeit;
    default: return 0;
    }
}

/* Every contract type is priced by its own option (all set apart). */
static void test_base_rates_every_type(void **state)
{
    (void)state;
    static const char *const KEYS[] = {"rate_sauspiel", "rate_solo", "rate_wenz", "rate_geier",
                                       "rate_farbwenz", "rate_farbgeier", "rate_bettel",
                                       "rate_ramsch", "rate_hochzeit", "rate_laufende",
                                       "rate_durchmarsch"};
    sk_rules r = tl_preset("official");
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++) {
        char v[8];
        snprintf(v, sizeof v, "%zu", 11 + i);
        tl_set(&r, KEYS[i], v);
    }
    for (int t = 0; t < SK_C_NTYPES + 3; t++)
        for (int tout = 0; tout < 2; tout++)
            assert_int_equal(sk_rules_base_rate(&r, tl_contract(t, SK_NOSUIT, tout)),
                             ref_rate(&r, t));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_mutator_every_option),
        cmocka_unit_test(test_tables_follow_options),
        cmocka_unit_test(test_direct_change_is_detected),
        cmocka_unit_test(test_zero_and_garbage_not_fresh),
        cmocka_unit_test(test_base_rates_every_type),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
