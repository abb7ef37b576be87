/*
 * test_sheet_rules.c -- a new book's ruleset (src/table/sheet_rules.c):
 * a preset and house rules by the ruleset's own names, read in the
 * keeper's language; every refusal names the option, the value and
 * what it takes; options that cannot go together are said in words;
 * every preset's options as text read back to the preset.
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

/* Reads rules text that must be taken. */
static sk_rules read_ok(const char *text)
{
    sk_rules r;
    char why[300];
    if (sk_sheet_rules_read(text, 1, &r, why, sizeof why) < 0)
        fail_msg("%s: %s", text, why);
    return r;
}

/* Reads rules text that must be refused in lang with `needle` in why;
 * the ruleset given is left as it was. */
static void read_refused(const char *text, int lang, const char *needle)
{
    sk_rules r, before;
    sk_rules_preset(&r, "kurz", NULL);
    before = r;
    char why[300] = "";
    if (sk_sheet_rules_read(text, lang, &r, why, sizeof why) == 0)
        fail_msg("%s taken", text);
    if (!strstr(why, needle))
        fail_msg("%s: expected \"%s\" in \"%s\"", text, needle, why);
    assert_memory_equal(&r, &before, sizeof r);
}

/* House rules on a preset: the options as the ruleset names them, as
 * text, numbers or booleans; only those named change. */
static void test_read(void **state)
{
    (void)state;
    sk_rules r = read_ok("{\"preset\":\"stammtisch\",\"overrides\":{\"ramsch_schieben\":\"yes\","
                         "\"klopfen\":\"all\",\"kontra_max\":4,\"allow_hochzeit\":false}}");
    assert_string_equal(r.preset, "stammtisch");
    assert_int_equal(r.all_pass, SK_ALLPASS_RAMSCH); /* the preset's */
    assert_int_equal(r.ramsch_schieben, 1);
    assert_int_equal(r.klopfen, SK_KLOPF_ALL);
    assert_int_equal(r.kontra_max, 4);
    assert_int_equal(r.allow_hochzeit, 0);
    assert_true(sk_rules_fresh(&r));
    r = read_ok("{\"preset\":\"official\"}");
    sk_rules off;
    sk_rules_preset(&off, "official", NULL);
    assert_memory_equal(&r, &off, sizeof r);
    r = read_ok("{\"preset\":\"official\",\"overrides\":null}");
    assert_int_equal(r.kontra_max, 2);
}

/* What is refused is said in the keeper's language: the option, the
 * value and what it takes (the option table's values, in words). */
static void test_refusals(void **state)
{
    (void)state;
    read_refused("[]", 0, "ein Objekt {\"preset\"");
    read_refused("{\"overrides\":{}}", 1, "an object {\"preset\"");
    read_refused("{\"preset\":\"wirtshaus\"}", 0,
                 "Keine Regeln namens \"wirtshaus\" (es gibt: official, tournament, sauspiel, "
                 "kurz, stammtisch)");
    read_refused("{\"preset\":\"wirtshaus\"}", 1, "No preset \"wirtshaus\" (there are: official");
    read_refused("{\"preset\":\"official\",\"overrides\":[]}", 0, "Die Hausregeln (overrides)");
    read_refused("{\"preset\":\"official\",\"overrides\":{\"schiebe\":\"yes\"}}", 0,
                 "Keine Hausregel \"schiebe\"");
    read_refused("{\"preset\":\"official\",\"overrides\":{\"schiebe\":\"yes\"}}", 1,
                 "No rule option \"schiebe\"");
    read_refused("{\"preset\":\"official\",\"overrides\":{\"klopfen\":\"manchmal\"}}", 0,
                 "Hausregel \"klopfen\": \"manchmal\" geht nicht, erlaubt ist off, all, chain, "
                 "forehand, one.");
    read_refused("{\"preset\":\"official\",\"overrides\":{\"klopfen\":\"sometimes\"}}", 1,
                 "Rule option \"klopfen\": \"sometimes\" is not allowed; it takes off, all, "
                 "chain, forehand, one.");
    read_refused("{\"preset\":\"official\",\"overrides\":{\"kontra_max\":9}}", 0,
                 "\"9\" geht nicht, erlaubt ist 0 bis 8.");
    read_refused("{\"preset\":\"official\",\"overrides\":{\"kontra_max\":\"-1\"}}", 1,
                 "it takes 0 to 8.");
    read_refused("{\"preset\":\"official\",\"overrides\":{\"allow_hochzeit\":\"vielleicht\"}}",
                 0, "erlaubt ist ja oder nein");
    read_refused("{\"preset\":\"official\",\"overrides\":{\"allow_hochzeit\":[1]}}", 1,
                 "Rule option \"allow_hochzeit\": a value as text");
    read_refused("{\"preset\":\"official\",\"overrides\":{\"preset\":\"kurz\"}}", 0,
                 "\"preset\" ist keine Hausregel");
    /* quoted input is escaped, never raw */
    read_refused("{\"preset\":\"official\",\"overrides\":{\"x\\u001b[2J\":\"1\"}}", 1,
                 "No rule option \"x\\x1b[2J\"");
    read_refused("{\"preset\":\"official\",\"overrides\":{\"a\":1,\"a\":2}}", 1, "an object");
}

/* Each conflict core finds (sk_rules_validate) has its sentence in both
 * languages, not the fallback with core's English. */
static void test_conflicts(void **state)
{
    (void)state;
    static const struct {
        const char *preset, *pairs[3];
        const char *de, *en;
    } CASES[] = {
        {"official", {"players=3", "allow_solo=no", "allow_wenz=no"}, "Zu dritt", "Three players"},
        {"official", {"players=3", "all_pass=muss", NULL}, "Muss und Kreuzbock", "need four"},
        {"official", {"players=3", "all_pass=kreuzbock", NULL}, "Muss und Kreuzbock", "need four"},
        {"official", {"players=3", "kreuzbock_on_throw_in=yes", NULL}, "Kreuzbock-Runde",
         "A Kreuzbock round"},
        {"official", {"players=3", "deck=20", NULL}, "20 Karten", "20-card deck"},
        {"tournament", {"bock_games=4", NULL, NULL}, "Bock verdoppelt Geld", "Bock doubles"},
        {"tournament", {"stock=declarer", NULL, NULL}, "Ein Stock ist Geld", "A Stock is money"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        sk_rules r;
        sk_rules_preset(&r, CASES[i].preset, NULL);
        for (int k = 0; k < 3 && CASES[i].pairs[k]; k++)
            assert_int_equal(sk_rules_set_pair(&r, CASES[i].pairs[k], NULL), 0);
        char de[300], en[300];
        assert_int_equal(sk_sheet_rules_check(&r, 0, de, sizeof de), -1);
        assert_int_equal(sk_sheet_rules_check(&r, 1, en, sizeof en), -1);
        if (!strstr(de, CASES[i].de) || !strstr(en, CASES[i].en))
            fail_msg("case %zu: \"%s\" / \"%s\"", i, de, en);
    }
    sk_rules r;
    sk_rules_preset(&r, "stammtisch", NULL);
    char why[300];
    assert_int_equal(sk_sheet_rules_check(&r, 0, why, sizeof why), 0);
}

/* Every preset's options as text: every option of the table, and set on
 * the official base they give that preset again. */
static void test_presets(void **state)
{
    (void)state;
    json_t *all = sk_sheet_rules_presets();
    assert_non_null(all);
    const char *const *names = sk_rules_preset_names();
    size_t n = 0;
    for (; names[n]; n++) {
        json_t *p = json_object_get(all, names[n]);
        assert_non_null(p);
        assert_int_equal(json_object_size(p), sk_rules_option_count());
        sk_rules want, got;
        sk_rules_preset(&want, names[n], NULL);
        sk_rules_preset(&got, "official", NULL);
        const char *key;
        json_t *v;
        json_object_foreach(p, key, v)
            assert_int_equal(sk_rules_set(&got, key, json_string_value(v), NULL), 0);
        snprintf(got.preset, sizeof got.preset, "%s", want.preset);
        sk_rules_refresh(&got);
        assert_memory_equal(&got, &want, sizeof got);
    }
    assert_int_equal(json_object_size(all), n);
    assert_string_equal(json_string_value(json_object_get(json_object_get(all, "stammtisch"),
                                                          "all_pass")),
                        "ramsch");
    json_decref(all);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_conflicts),
        cmocka_unit_test(test_presets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
