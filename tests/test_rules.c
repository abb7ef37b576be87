/*
 * test_rules.c -- rulesets: presets, options as text, ruleset files,
 * contract ranking and base rates.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/core.h"
#include "testlib.h"

/* Whether two rulesets are equal field by field (padding bytes aside). */
static bool rules_equal(const sk_rules *a, const sk_rules *b)
{
    /* every option and the preset name, through the one option table
     * (the struct has padding, so memcmp would not do) */
    char ta[4096], tb[4096];
    sk_rules_format(a, ta, sizeof ta);
    sk_rules_format(b, tb, sizeof tb);
    return strcmp(ta, tb) == 0;
}

static void test_official_preset(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    assert_string_equal(r.preset, "official");
    assert_int_equal(r.deal_mode, SK_DEAL_4_4);           /* 2.3.1: two rounds of four */
    assert_int_equal(r.all_pass, SK_ALLPASS_NEXT_DEALER); /* 2.4.13: the next dealer deals */
    assert_true(r.allow_solo && r.allow_wenz && r.allow_tout && r.allow_sie);
    assert_int_equal(r.sie_first_game, 0);                /* 2.9.1 */
    assert_int_equal(r.kontra_max, 2);                    /* 3.3: Kontra and Retour */
    assert_int_equal(r.retour_by_partner, 0);            /* 3.3.3: the declarer answers */
    assert_int_equal(r.stage_games, 0);                  /* one stage */
    assert_int_equal(r.unit_cents, 10);                   /* 4.2.1: e.g. 10 cents */
    /* 4.2.4: Rufer 1, Solo 5, Wenz 5, +1 per runner, Schneider +1, Schwarz +2 */
    assert_int_equal(r.rate_sauspiel, 1);
    assert_int_equal(r.rate_solo, 5);
    assert_int_equal(r.rate_wenz, 5);
    assert_int_equal(r.rate_laufende, 1);
    assert_int_equal(r.rate_schneider, 1);
    assert_int_equal(r.rate_schwarz, 2);
    assert_int_equal(r.tout_factor, 2);                   /* 4.2.4: Tout x 2 */
    assert_int_equal(r.sie_factor, 4);
    /* 4.2.2: runners from 3 in a Rufer or Solo, from 2 in a Wenz */
    assert_int_equal(r.laufende_min, 3);
    assert_int_equal(r.laufende_min_wenz, 2);
    assert_int_equal(r.laufende_count, SK_LAUF_ALL);
    assert_int_equal(r.tournament_kontra, 1);
    assert_int_equal(r.score, SK_SCORE_MONEY);            /* 4.2: the table plays for money */
}

static void test_tournament_preset(void **state)
{
    (void)state;
    sk_rules r = tl_preset("tournament");
    sk_rules o = tl_preset("official");
    assert_string_equal(r.preset, "tournament");
    assert_int_equal(r.deal_mode, SK_DEAL_2_2_2_2);       /* 5.2.3: four times 2 cards */
    assert_int_equal(r.all_pass, SK_ALLPASS_SAME_DEALER); /* 5.2.5: the same dealer again */
    assert_int_equal(r.kontra_max, 0);                    /* 5.2.4: no Kontra in tournaments */
    assert_int_equal(r.first_game_limits, 1);             /* 5.2.15: limits in the first game */
    assert_int_equal(r.stage_games, 32);                  /* 5.2.1: stages of 32 games */
    assert_int_equal(r.score, SK_SCORE_POINTS);           /* 5.2.7, 5.2.8: points, no money */
    /* otherwise official */
    o.deal_mode = r.deal_mode;
    o.all_pass = r.all_pass;
    o.kontra_max = r.kontra_max;
    o.first_game_limits = r.first_game_limits;
    o.stage_games = r.stage_games;
    o.score = r.score;
    memcpy(o.preset, r.preset, sizeof o.preset);
    assert_true(rules_equal(&o, &r));
}

static void test_sauspiel_preset(void **state)
{
    (void)state;
    sk_rules r = tl_preset("sauspiel");
    assert_string_equal(r.preset, "sauspiel");
    /* the usual 10/20/50 tariff: Sauspiel 20 cents, Solo 50, runner 10 */
    assert_int_equal(r.unit_cents, 10);
    assert_int_equal(r.rate_sauspiel * r.unit_cents, 20);
    assert_int_equal(r.rate_solo * r.unit_cents, 50);
    assert_int_equal(r.rate_wenz * r.unit_cents, 50);
    assert_int_equal(r.rate_laufende * r.unit_cents, 10);
    assert_int_equal(r.rate_schneider, 1);
    assert_int_equal(r.rate_schwarz, 2);
    assert_int_equal(r.kontra_max, 2);
}

static void test_preset_names_and_unknown(void **state)
{
    (void)state;
    const char *const *names = sk_rules_preset_names();
    size_t n = 0;
    for (; names[n]; n++) {
        sk_rules r = tl_preset(names[n]);
        assert_string_equal(r.preset, names[n]);
    }
    assert_int_equal(n, 5);

    sk_rules r = tl_preset("official");
    sk_rules before = r;
    sk_error err;
    assert_int_equal(sk_rules_preset(&r, "foo", &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "unknown preset \"foo\""));
    assert_non_null(strstr(err.msg, "official, tournament, sauspiel, kurz, stammtisch"));
    assert_true(rules_equal(&r, &before));
    assert_int_equal(sk_rules_preset(&r, "foo", NULL), SK_EINVAL); /* err is optional */
    /* names are case-insensitive, the stored name is canonical */
    assert_int_equal(sk_rules_preset(&r, "Tournament", &err), SK_OK);
    assert_string_equal(r.preset, "tournament");
}

/* A value in range for option i, different from the official one. */
static const char *other_value(const sk_rule_option *o, const sk_rules *r, char *buf,
                               size_t size)
{
    char cur[64];
    sk_rules_get(r, o->key, cur, sizeof cur);
    if (strcmp(o->values, "yes|no") == 0)
        return strcmp(cur, "yes") == 0 ? "no" : "yes";
    const char *bar = strchr(o->values, '|');
    if (bar) { /* enum: the first name that is not the current one */
        size_t first = (size_t)(bar - o->values);
        if (strlen(cur) == first && strncmp(cur, o->values, first) == 0)
            snprintf(buf, size, "%s", bar + 1);
        else
            snprintf(buf, size, "%.*s", (int)first, o->values);
        char *next = strchr(buf, '|');
        if (next)
            *next = '\0';
        return buf;
    }
    long lo, hi;
    assert_int_equal(sscanf(o->values, "%ld..%ld", &lo, &hi), 2);
    long v = strtol(cur, NULL, 10);
    snprintf(buf, size, "%ld", v < hi ? v + 1 : lo);
    return buf;
}

static void test_set_get_every_option(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    size_t n = sk_rules_option_count();
    assert_int_equal(n, 66);
    assert_null(sk_rules_option(n));
    for (size_t i = 0; i < n; i++) {
        const sk_rule_option *o = sk_rules_option(i);
        assert_non_null(o);
        assert_true(o->meaning && o->meaning[0] && !strchr(o->meaning, '\n'));
        char tmp[64], want[64], got[64], pair[128];
        sk_error err;
        snprintf(want, sizeof want, "%s", other_value(o, &r, tmp, sizeof tmp));
        sk_rules before = r;
        assert_int_equal(sk_rules_set(&r, o->key, want, &err), SK_OK);
        size_t len = sk_rules_get(&r, o->key, got, sizeof got);
        assert_int_equal(len, strlen(got));
        assert_string_equal(got, want);
        assert_false(rules_equal(&r, &before));
        /* the same through "key=value", with whitespace */
        sk_rules r2 = before;
        snprintf(pair, sizeof pair, "  %s =\t%s  ", o->key, want);
        assert_int_equal(sk_rules_set_pair(&r2, pair, &err), SK_OK);
        assert_true(rules_equal(&r, &r2));
    }
    char got[32];
    assert_int_equal(sk_rules_get(&r, "nonsense", got, sizeof got), 0);
    assert_string_equal(got, "");
    sk_rules_get(&r, "preset", got, sizeof got);
    assert_string_equal(got, "official");
}

static void test_bool_spellings(void **state)
{
    (void)state;
    static const char *const yes[] = {"1", "true", "yes", "on", "YES", " On "};
    static const char *const no[] = {"0", "false", "no", "off", "False"};
    sk_rules r = tl_preset("official");
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
        r.allow_wenz = 0;
        assert_int_equal(sk_rules_set(&r, "allow_wenz", yes[i], NULL), SK_OK);
        assert_int_equal(r.allow_wenz, 1);
    }
    for (size_t i = 0; i < sizeof no / sizeof *no; i++) {
        r.allow_wenz = 1;
        assert_int_equal(sk_rules_set(&r, "allow_wenz", no[i], NULL), SK_OK);
        assert_int_equal(r.allow_wenz, 0);
    }
}

static void test_set_errors(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_rules before = r;
    sk_error err;
    assert_int_equal(sk_rules_set(&r, "foo", "1", &err), SK_EINVAL);
    assert_string_equal(err.msg, "unknown rule option \"foo\"");
    assert_int_equal(sk_rules_set(&r, "kontra_max", "x", &err), SK_EINVAL);
    assert_string_equal(err.msg, "rule option \"kontra_max\": \"x\" is not an integer in 0..8");
    assert_int_equal(sk_rules_set(&r, "kontra_max", "9", &err), SK_ERANGE);
    assert_non_null(strstr(err.msg, "0..8"));
    assert_true(sk_rules_set(&r, "kontra_max", "-1", &err) < 0);
    assert_true(sk_rules_set(&r, "kontra_max", "", &err) < 0);
    assert_true(sk_rules_set(&r, "kontra_max", "2x", &err) < 0);
    assert_true(sk_rules_set(&r, "unit_cents", "0", &err) < 0);
    assert_true(sk_rules_set(&r, "unit_cents", "99999999999999999999999", &err) < 0);
    assert_true(sk_rules_set(&r, "laufende_min_wenz", "5", &err) < 0);
    assert_int_equal(sk_rules_set(&r, "deal_mode", "3+3", &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "4+4|2+2+2+2"));
    assert_int_equal(sk_rules_set(&r, "allow_sie", "maybe", &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "allow_sie"));
    assert_int_equal(sk_rules_set_pair(&r, "kontra_max", &err), SK_EINVAL);
    assert_int_equal(sk_rules_set(&r, "preset", "bar", &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "unknown preset \"bar\""));
    assert_true(rules_equal(&r, &before)); /* unchanged by every failure */
    /* a long bad key is quoted, shortened, without overflowing msg */
    char longkey[2000];
    memset(longkey, 'k', sizeof longkey - 1);
    longkey[sizeof longkey - 1] = '\0';
    assert_int_equal(sk_rules_set(&r, longkey, "1", &err), SK_EINVAL);
    assert_true(strlen(err.msg) < sizeof err.msg);
}

static void test_set_preset_resets(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    assert_int_equal(sk_rules_set(&r, "rate_solo", "7", NULL), SK_OK);
    assert_int_equal(sk_rules_set(&r, " preset ", " tournament ", NULL), SK_OK);
    sk_rules t = tl_preset("tournament");
    assert_true(rules_equal(&r, &t));
}

static void test_format_round_trip(void **state)
{
    (void)state;
    const char *const *names = sk_rules_preset_names();
    for (size_t i = 0; names[i]; i++) {
        sk_rules r = tl_preset(names[i]);
        char buf[4096];
        size_t len = sk_rules_format(&r, buf, sizeof buf);
        assert_true(len < sizeof buf);
        assert_int_equal(len, strlen(buf));
        assert_int_equal(strncmp(buf, "# schafkopf ruleset\npreset = ", 29), 0);
        assert_int_equal(sk_rules_format(&r, NULL, 0), len);
        sk_rules back;
        memset(&back, 0, sizeof back);
        sk_error err;
        assert_int_equal(sk_rules_parse(&back, buf, &err), SK_OK);
        assert_true(rules_equal(&back, &r));
        /* with changed options too */
        assert_int_equal(sk_rules_set(&r, "laufende_count", "above_min", NULL), SK_OK);
        assert_int_equal(sk_rules_set(&r, "unit_cents", "50", NULL), SK_OK);
        sk_rules_format(&r, buf, sizeof buf);
        assert_int_equal(sk_rules_parse(&back, buf, &err), SK_OK);
        assert_true(rules_equal(&back, &r));
    }
}

static void test_format_truncates(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    char full[4096], small[16];
    size_t len = sk_rules_format(&r, full, sizeof full);
    memset(small, 'x', sizeof small);
    assert_int_equal(sk_rules_format(&r, small, sizeof small), len);
    assert_int_equal(small[sizeof small - 1], '\0');
    assert_int_equal(strncmp(small, full, sizeof small - 1), 0);
    char one = 'x';
    assert_int_equal(sk_rules_format(&r, &one, 1), len);
    assert_int_equal(one, '\0');
}

static void test_parse_comments_crlf(void **state)
{
    (void)state;
    const char *text = "# my table\r\n"
                       "\r\n"
                       "preset = tournament   # 5.2\r\n"
                       "   kontra_max=1\r\n"
                       "\t# indented comment\n"
                       "laufende_count = above_min#trailing\n"
                       "allow_sie = off"; /* no final newline */
    sk_rules r = tl_preset("official");
    sk_error err;
    assert_int_equal(sk_rules_parse(&r, text, &err), SK_OK);
    assert_string_equal(r.preset, "tournament");
    assert_int_equal(r.deal_mode, SK_DEAL_2_2_2_2);
    assert_int_equal(r.kontra_max, 1);
    assert_int_equal(r.laufende_count, SK_LAUF_ABOVE_MIN);
    assert_int_equal(r.allow_sie, 0);
    /* an empty file changes nothing */
    sk_rules before = r;
    assert_int_equal(sk_rules_parse(&r, "", &err), SK_OK);
    assert_int_equal(sk_rules_parse(&r, "\n\n# only comments\n", &err), SK_OK);
    assert_true(rules_equal(&r, &before));
}

static void test_parse_errors_name_line(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_rules before = r;
    sk_error err;
    assert_int_equal(sk_rules_parse(&r, "kontra_max = 1\n\nfoo = 2\n", &err), SK_EINVAL);
    assert_string_equal(err.msg, "line 3: unknown rule option \"foo\"");
    assert_true(sk_rules_parse(&r, "# x\r\nkontra_max = many\r\n", &err) < 0);
    assert_string_equal(err.msg,
                        "line 2: rule option \"kontra_max\": \"many\" is not an integer in 0..8");
    assert_int_equal(sk_rules_parse(&r, "kontra_max 2\n", &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "line 1: expected \"key = value\""));
    assert_int_equal(sk_rules_parse(&r, "a=1\n=2\n", &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "line 1:"));
    assert_int_equal(sk_rules_parse(&r, "kontra_max=1\npreset=official\n", &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "line 2: \"preset\" must come before"));
    assert_int_equal(sk_rules_parse(&r, "preset = nope\n", &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "line 1: unknown preset \"nope\""));
    /* an overlong line is an error, not a crash */
    char text[3000];
    memset(text, 'a', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    memcpy(text, "x\n", 2);
    assert_int_equal(sk_rules_parse(&r, "\n", &err), SK_OK);
    assert_int_equal(sk_rules_parse(&r, text, &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "line 1:"));
    text[1] = 'x';
    text[0] = '\n';
    assert_int_equal(sk_rules_parse(&r, text, &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "line 2: line longer than"));
    /* on error the ruleset is left as it was */
    assert_int_equal(sk_rules_parse(&r, "kontra_max = 0\nrate_solo = x\n", &err), SK_EINVAL);
    assert_true(rules_equal(&r, &before));
}

/* sk_escape, the one quoting of input in messages: printable ASCII as
 * it is, quotes and backslashes with a backslash, everything else \xHH,
 * "..." when cut by the limit or the room. */
static void test_escape(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(sk_escape(buf, sizeof buf, "kontra_max", (size_t)-1, 40), "kontra_max");
    assert_string_equal(sk_escape(buf, sizeof buf, "a\x1b[31mb", (size_t)-1, 40),
                        "a\\x1b[31mb");
    assert_string_equal(sk_escape(buf, sizeof buf, "q\"\\\r\n\x7f\xff", (size_t)-1, 40),
                        "q\\\"\\\\\\x0d\\x0a\\x7f\\xff");
    assert_string_equal(sk_escape(buf, sizeof buf, "abcdef", 3, 40), "abc"); /* a span */
    assert_string_equal(sk_escape(buf, sizeof buf, "abcdef", (size_t)-1, 4), "abcd...");
    assert_string_equal(sk_escape(buf, 8, "abcdefghij", (size_t)-1, 40), "abcd...");
    assert_string_equal(sk_escape(buf, 4, "\x1b\x1b", (size_t)-1, 40), "...");
    assert_string_equal(sk_escape(buf, sizeof buf, NULL, 5, 40), "");
}

/* Keys, values and lines of a ruleset quoted in a message are escaped:
 * a file cannot write terminal control sequences to stderr. */
static void test_messages_escape_input(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_error err;
    assert_int_equal(sk_rules_parse(&r, "kontra_max = 1\n\x1b[31m = 2\n", &err), SK_EINVAL);
    assert_string_equal(err.msg, "line 2: unknown rule option \"\\x1b[31m\"");
    assert_int_equal(sk_rules_set(&r, "deck", "\x1b[2J", &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "\"\\x1b[2J\" is not one of"));
    assert_int_equal(sk_rules_set_pair(&r, "\x07" "bell", &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "got \"\\x07bell\""));
    assert_int_equal(sk_rules_preset(&r, "\x1b", &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "unknown preset \"\\x1b\""));
    for (const char *p = err.msg; *p; p++)
        assert_true(*p >= 0x20 && *p < 0x7f);
}

/* A NUL byte in a ruleset file is refused with its line and byte: it must
 * not end the text silently and hide the lines behind it.  Caps: a line
 * of at most SK_RULES_MAX_LINE bytes, a file of at most SK_RULES_MAX_FILE
 * (docs/rules.md). */
static void test_parse_len_nul_and_caps(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_rules before = r;
    sk_error err;
    static const char text[] = "kontra_max = 1\nde\0ck = short\n";
    assert_int_equal(sk_rules_parse_len(&r, text, sizeof text - 1, 0, &err), SK_EINVAL);
    assert_string_equal(err.msg, "line 2: a NUL byte at byte 3 of the line");
    assert_true(rules_equal(&r, &before));
    /* without the NUL, the same length of text is read to its end */
    assert_int_equal(sk_rules_parse_len(&r, "kontra_max = 1\ndeck = short", 27, 0, &err),
                     SK_OK);
    assert_int_equal(r.deck, SK_DECK_SHORT);
    assert_int_equal(r.kontra_max, 1);
    /* a whole file: comments count, the cap does not depend on lines */
    size_t n = SK_RULES_MAX_FILE + 1;
    char *big = malloc(n);
    assert_non_null(big);
    for (size_t i = 0; i < n; i++)
        big[i] = i % 64 == 63 ? '\n' : '#';
    r = before;
    assert_int_equal(sk_rules_parse_len(&r, big, n, 0, &err), SK_EINVAL);
    assert_non_null(strstr(err.msg, "at most 65536"));
    assert_int_equal(sk_rules_parse_len(&r, big, n - 1, 0, &err), SK_OK);
    free(big);
}

/* SK_RULES_NO_PRESET: options came before this text (the command line's
 * --rule before --rules FILE), so a preset line, which would reset them,
 * is an error -- the order files and records already demand. */
static void test_parse_no_preset(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_error err;
    assert_int_equal(sk_rules_parse_len(&r, "preset = kurz\n", 14, SK_RULES_NO_PRESET, &err),
                     SK_EINVAL);
    assert_non_null(strstr(err.msg, "line 1: \"preset\" must come before every other option"));
    assert_int_equal(sk_rules_parse_len(&r, "preset = kurz\n", 14, 0, &err), SK_OK);
    assert_int_equal(r.deck, SK_DECK_SHORT);
}

/* sk_rules_validate: options that contradict each other are named.
 * Three players (docs/rules.md, Three players) play only Solo, Wenz and
 * Sie, always with 24 cards, and have no partner for a Muss or the pairs
 * of a Kreuzbock. */
static void test_validate(void **state)
{
    (void)state;
    sk_error err;
    for (const char *const *p = sk_rules_preset_names(); *p; p++) {
        sk_rules r = tl_preset(*p);
        assert_int_equal(sk_rules_validate(&r, &err), SK_OK);
    }
    static const struct {
        const char *text, *needle;
    } bad[] = {
        {"players = 3\nallow_solo = no\nallow_wenz = no\n", "allow_solo and allow_wenz"},
        {"players = 3\nall_pass = muss\n", "all_pass = muss needs four players"},
        {"players = 3\nall_pass = kreuzbock\n", "all_pass = kreuzbock needs four players"},
        {"players = 3\nkreuzbock_on_throw_in = yes\n", "kreuzbock_on_throw_in needs four"},
        {"players = 3\ndeck = 20\n", "deck = 20 does not apply with players = 3"},
        /* docs/rules.md, What a table plays for: Bock and the Stock are money */
        {"score = points\nbock_games = 4\n", "bock_games = 4 doubles money only, but score = points"},
        {"bock_games = 1\nscore = points\n", "bock_games = 1 doubles money only"},
        {"score = points\nstock = side\n", "stock = side is a pot of money, but score = points"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sk_rules r = tl_preset("official");
        sk_rules before = r;
        assert_int_equal(sk_rules_parse(&r, bad[i].text, &err), SK_EINVAL);
        if (!strstr(err.msg, bad[i].needle))
            fail_msg("%s: \"%s\" has no \"%s\"", bad[i].text, err.msg, bad[i].needle);
        assert_true(rules_equal(&r, &before)); /* unchanged on error */
        /* option by option, each step is accepted; the whole is not */
        sk_rules s = tl_preset("official");
        for (const char *line = bad[i].text; *line;) {
            const char *nl = strchr(line, '\n');
            char pair[64];
            snprintf(pair, sizeof pair, "%.*s", (int)(nl - line), line);
            assert_int_equal(sk_rules_set_pair(&s, pair, &err), SK_OK);
            line = nl + 1;
        }
        assert_int_equal(sk_rules_validate(&s, &err), SK_EINVAL);
        assert_non_null(strstr(err.msg, bad[i].needle));
    }
    /* three players with a Solo or a Wenz are fine, short deck too */
    sk_rules r = tl_preset("official");
    assert_int_equal(sk_rules_parse(&r, "players = 3\nallow_solo = no\ndeck = short\n", &err),
                     SK_OK);
    /* a tournament table may play for money after all, and then with Bock */
    r = tl_preset("tournament");
    assert_int_equal(sk_rules_parse(&r, "score = money\nbock_games = 4\n", &err), SK_OK);
    assert_int_equal(r.score, SK_SCORE_MONEY);
}

static void test_overrides(void **state)
{
    (void)state;
    sk_rules r = tl_preset("tournament");
    char buf[1024];
    assert_int_equal(sk_rules_format_overrides(&r, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_int_equal(sk_rules_set(&r, "rate_solo", "6", NULL), SK_OK);
    assert_int_equal(sk_rules_set(&r, "allow_sie", "no", NULL), SK_OK);
    assert_int_equal(sk_rules_set(&r, "deal_mode", "4+4", NULL), SK_OK);
    assert_int_equal(sk_rules_set(&r, "score", "money", NULL), SK_OK);
    size_t len = sk_rules_format_overrides(&r, buf, sizeof buf);
    assert_string_equal(buf, "deal_mode=4+4\nallow_sie=no\nrate_solo=6\nscore=money\n");
    assert_int_equal(len, strlen(buf));
    /* the overrides on top of the preset give the ruleset back */
    sk_rules back = tl_preset("tournament");
    assert_int_equal(sk_rules_parse(&back, buf, NULL), SK_OK);
    assert_true(rules_equal(&back, &r));
    /* the sauspiel preset differs from the official one in the Sauspiel rate */
    r = tl_preset("sauspiel");
    memcpy(r.preset, "official", sizeof "official");
    sk_rules_format_overrides(&r, buf, sizeof buf);
    assert_string_equal(buf, "allow_geier=yes\nallow_farbwenz=yes\nranking=online\n"
                             "retour_by_partner=yes\nklopfen=all\nrate_sauspiel=2\n");
}

static void test_contract_rank(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    /* 2.4.4: Sie > Solo Tout > Wenz Tout > Solo > Wenz > Rufer */
    int none = sk_rules_contract_rank(&r, tl_contract(SK_C_NONE, SK_NOSUIT, 0));
    int ruf = sk_rules_contract_rank(&r, tl_contract(SK_C_SAUSPIEL, SK_GRAS, 0));
    int wenz = sk_rules_contract_rank(&r, tl_contract(SK_C_WENZ, SK_NOSUIT, 0));
    int solo = sk_rules_contract_rank(&r, tl_contract(SK_C_SOLO, SK_HERZ, 0));
    int wenz_tout = sk_rules_contract_rank(&r, tl_contract(SK_C_WENZ, SK_NOSUIT, 1));
    int solo_tout = sk_rules_contract_rank(&r, tl_contract(SK_C_SOLO, SK_EICHEL, 1));
    int sie = sk_rules_contract_rank(&r, tl_contract(SK_C_SIE, SK_NOSUIT, 0));
    assert_int_equal(none, 0);
    assert_true(0 < ruf && ruf < wenz && wenz < solo && solo < wenz_tout &&
                wenz_tout < solo_tout && solo_tout < sie);
    /* 2.4.4: the suit of a Solo has no bearing (Herz does not outrank Schellen) */
    for (int s = 0; s < 4; s++)
        assert_int_equal(sk_rules_contract_rank(&r, tl_contract(SK_C_SOLO, s, 0)), solo);
}

static void test_base_rate(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    /* 4.2.4: Rufer 1, Solo 5, Wenz 5; a Sie is priced from the Solo rate */
    assert_int_equal(sk_rules_base_rate(&r, tl_contract(SK_C_SAUSPIEL, SK_EICHEL, 0)), 1);
    assert_int_equal(sk_rules_base_rate(&r, tl_contract(SK_C_SOLO, SK_SCHELLEN, 1)), 5);
    assert_int_equal(sk_rules_base_rate(&r, tl_contract(SK_C_WENZ, SK_NOSUIT, 0)), 5);
    assert_int_equal(sk_rules_base_rate(&r, tl_contract(SK_C_SIE, SK_NOSUIT, 0)), 5);
    assert_int_equal(sk_rules_base_rate(&r, tl_contract(SK_C_NONE, SK_NOSUIT, 0)), 0);
    r.rate_solo = 7;
    r.rate_wenz = 3;
    assert_int_equal(sk_rules_base_rate(&r, tl_contract(SK_C_SIE, SK_NOSUIT, 0)), 7);
    assert_int_equal(sk_rules_base_rate(&r, tl_contract(SK_C_WENZ, SK_NOSUIT, 1)), 3);
}

/* 5.2.4: a tournament allows no Kontra, and 5.2.7 (the table of
 * tournament points) says nothing about doubling them: that tournament
 * points double with every doubling is the project's decision
 * (docs/rules.md "Tournament points"), and the option's text must say
 * so rather than cite 5.2.7 for it. */
static void test_tournament_kontra_is_a_decision(void **state)
{
    (void)state;
    const sk_rule_option *o = NULL;
    for (size_t i = 0; i < sk_rules_option_count(); i++)
        if (strcmp(sk_rules_option(i)->key, "tournament_kontra") == 0)
            o = sk_rules_option(i);
    assert_non_null(o);
    if (strstr(o->meaning, "5.2.7") || !strstr(o->meaning, "5.2.4") ||
        !strstr(o->meaning, "decision") || !strstr(o->meaning, "docs/rules.md"))
        fail_msg("tournament_kontra: \"%s\" should name the project's decision "
                 "(docs/rules.md) and 5.2.4, not 5.2.7",
                 o->meaning);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_official_preset),
        cmocka_unit_test(test_tournament_preset),
        cmocka_unit_test(test_sauspiel_preset),
        cmocka_unit_test(test_preset_names_and_unknown),
        cmocka_unit_test(test_set_get_every_option),
        cmocka_unit_test(test_bool_spellings),
        cmocka_unit_test(test_set_errors),
        cmocka_unit_test(test_set_preset_resets),
        cmocka_unit_test(test_format_round_trip),
        cmocka_unit_test(test_format_truncates),
        cmocka_unit_test(test_parse_comments_crlf),
        cmocka_unit_test(test_parse_errors_name_line),
        cmocka_unit_test(test_overrides),
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_messages_escape_input),
        cmocka_unit_test(test_parse_len_nul_and_caps),
        cmocka_unit_test(test_parse_no_preset),
        cmocka_unit_test(test_validate),
        cmocka_unit_test(test_contract_rank),
        cmocka_unit_test(test_base_rate),
        cmocka_unit_test(test_tournament_kontra_is_a_decision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
