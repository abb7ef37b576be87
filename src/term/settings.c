/*
 * settings.c -- the text of the settings file of `schafkopf play`:
 * "key = value" lines, '#' comments, keys preset, tariff, opponents,
 * trick_pause, lang, hold.  Read from outside (the user edits it by hand), so
 * every line is checked: a bad line is noted with its number and leaves
 * its setting at the default, the good lines still count, and nothing
 * in the text can make the reader fail.
 */
#include "settings.h"

#include "schafkopf/ai.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const KEYS[SKX_SET_COUNT] = {"preset", "tariff", "opponents", "trick_pause",
                                                "lang", "hold"};

/* The choices the screen steps through, per field. */
static const char *const PRESETS[] = {"official", "tournament", "sauspiel", "kurz",
                                      "stammtisch"};
static const int32_t TARIFFS[] = {0, 5, 10, 20, 50, 100};
static const char *const BOTS[] = {"", "random", "heuristic", "pimc:8", "pimc:12", "pimc",
                                    "pimc:strong"};
static const int PAUSES[] = {0, 500, 1000, 1500, 2000, 3000, 5000};
static const int HOLDS[] = {0, 2, 4, 6, 10, 20};
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* The defaults: the official rules at their own tariff, the program's
 * default opponents, a trick pause of 1.5 s, German, a hold of 4 s. */
void skx_settings_default(skx_settings *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->preset, sizeof s->preset, "official");
    s->trick_pause_ms = 1500;
    s->hold_s = SKX_SETTINGS_HOLD_DEFAULT;
}

const char *skx_settings_key(int field)
{
    return field >= 0 && field < SKX_SET_COUNT ? KEYS[field] : "";
}

/* Whether `s` (a word) equals `w` ignoring case. */
static bool same(const char *s, const char *w)
{
    return strcasecmp(s, w) == 0;
}

/* Reads a tariff: cents ("20", "20 ct", "20 Cent") or euros ("0,20 €",
 * "0.20", "1 EUR", "2 Euro"); at most two decimals.  -1 if it is none. */
static int32_t parse_tariff(const char *v)
{
    char num[32];
    size_t n = strspn(v, "0123456789,.");
    if (n == 0 || n >= sizeof num)
        return -1;
    memcpy(num, v, n);
    num[n] = '\0';
    const char *unit = v + n;
    while (*unit == ' ')
        unit++;
    bool euro = strchr(num, ',') || strchr(num, '.');
    if (same(unit, "€") || same(unit, "eur") || same(unit, "euro"))
        euro = true;
    else if (*unit && !same(unit, "ct") && !same(unit, "cent") && !same(unit, "c"))
        return -1;
    else if (*unit && euro)
        return -1; /* "0,20 ct" */
    char *sep = strpbrk(num, ",.");
    long whole = 0, frac = 0;
    if (sep) {
        size_t digits = strlen(sep + 1);
        if (sep == num || digits == 0 || digits > 2 || strpbrk(sep + 1, ",."))
            return -1;
        frac = strtol(sep + 1, NULL, 10) * (digits == 1 ? 10 : 1);
        *sep = '\0';
    }
    if (strlen(num) > 6)
        return -1;
    whole = strtol(num, NULL, 10);
    long cents = euro ? whole * 100 + frac : whole;
    return cents <= SKX_SETTINGS_TARIFF_MAX ? (int32_t)cents : -1;
}

/* Reads a trick pause: milliseconds ("1500", "1500 ms") or seconds
 * ("1,5 s", "2s"); -1 if it is none. */
static int parse_pause(const char *v)
{
    char num[32];
    size_t n = strspn(v, "0123456789,.");
    if (n == 0 || n >= 8)
        return -1;
    memcpy(num, v, n);
    num[n] = '\0';
    const char *unit = v + n;
    while (*unit == ' ')
        unit++;
    char *sep = strpbrk(num, ",.");
    bool secs = sep || same(unit, "s");
    if (*unit && !same(unit, "s") && !same(unit, "ms"))
        return -1;
    if (!secs && sep)
        return -1;
    long ms;
    if (secs) {
        long frac = 0;
        if (sep) {
            size_t digits = strlen(sep + 1);
            if (sep == num || digits == 0 || digits > 3 || strpbrk(sep + 1, ",.") ||
                same(unit, "ms"))
                return -1;
            frac = strtol(sep + 1, NULL, 10);
            for (size_t d = digits; d < 3; d++)
                frac *= 10;
            *sep = '\0';
        }
        ms = strtol(num, NULL, 10) * 1000 + frac;
    } else
        ms = strtol(num, NULL, 10);
    return ms <= SKX_SETTINGS_PAUSE_MAX ? (int)ms : -1;
}

/* Reads a hold: whole seconds ("4", "4 s", "0" or "off"/"aus" for none);
 * -1 if it is none. */
static int parse_hold(const char *v)
{
    if (same(v, "off") || same(v, "aus"))
        return 0;
    size_t n = strspn(v, "0123456789");
    if (n == 0 || n > 2)
        return -1;
    const char *unit = v + n;
    while (*unit == ' ')
        unit++;
    if (*unit && !same(unit, "s"))
        return -1;
    int secs = (int)strtol(v, NULL, 10);
    return secs <= SKX_SETTINGS_HOLD_MAX ? secs : -1;
}

int skx_settings_set(skx_settings *s, int field, const char *value)
{
    switch (field) {
    case SKX_SET_PRESET:
        for (int i = 0; i < COUNT(PRESETS); i++)
            if (same(value, PRESETS[i])) {
                snprintf(s->preset, sizeof s->preset, "%s", PRESETS[i]);
                return 0;
            }
        return -1;
    case SKX_SET_TARIFF: {
        int32_t t = same(value, "preset") ? 0 : parse_tariff(value);
        if (t < 0)
            return -1;
        s->tariff = t;
        return 0;
    }
    case SKX_SET_BOTS: {
        if (same(value, "default") || !value[0]) {
            s->bots[0] = '\0';
            return 0;
        }
        if (strlen(value) >= sizeof s->bots || strchr(value, ','))
            return -1;
        if (!sk_bot_spec_valid(value))
            return -1;
        snprintf(s->bots, sizeof s->bots, "%s", value);
        return 0;
    }
    case SKX_SET_PAUSE: {
        int ms = parse_pause(value);
        if (ms < 0)
            return -1;
        s->trick_pause_ms = ms;
        return 0;
    }
    case SKX_SET_LANG:
        if (same(value, "de") || same(value, "deutsch") || same(value, "german"))
            s->lang = 0;
        else if (same(value, "en") || same(value, "english") || same(value, "englisch"))
            s->lang = 1;
        else
            return -1;
        return 0;
    case SKX_SET_HOLD: {
        int secs = parse_hold(value);
        if (secs < 0)
            return -1;
        s->hold_s = secs;
        return 0;
    }
    default:
        return -1;
    }
}

/* Copies at most size-1 bytes of a span into buf, control bytes and
 * bytes past ASCII as '?': a message may show it as it is. */
static void copy_shown(char *buf, size_t size, const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < size; i++)
        buf[k++] = (unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f ? '?' : s[i];
    buf[k] = '\0';
}

/* Notes a bad line. */
static void note(skx_settings_read *rd, long line, int fault, int field, const char *key,
                 size_t kn, const char *value, size_t vn)
{
    if (rd->nbad < SKX_SETTINGS_ISSUES) {
        skx_settings_issue *is = &rd->issue[rd->nbad];
        is->line = line;
        is->fault = fault;
        is->field = field;
        copy_shown(is->key, sizeof is->key, key ? key : "", key ? kn : 0);
        copy_shown(is->value, sizeof is->value, value ? value : "", value ? vn : 0);
    }
    rd->nbad++;
}

/* The span without blanks at both ends. */
static void trim(const char **s, size_t *n)
{
    while (*n && (**s == ' ' || **s == '\t'))
        (*s)++, (*n)--;
    while (*n && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t' || (*s)[*n - 1] == '\r'))
        (*n)--;
}

/* Reads one line (without its '\n'). */
static void parse_line(skx_settings *s, const char *l, size_t n, long lineno,
                       skx_settings_read *rd)
{
    if (n > SKX_SETTINGS_LINE_MAX) {
        note(rd, lineno, SKX_SF_LONG, -1, NULL, 0, NULL, 0);
        return;
    }
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)l[i] < 0x20 && l[i] != '\t' && l[i] != '\r') {
            note(rd, lineno, SKX_SF_BINARY, -1, NULL, 0, NULL, 0);
            return;
        }
    trim(&l, &n);
    if (n == 0 || l[0] == '#')
        return;
    const char *eq = memchr(l, '=', n);
    if (!eq) {
        note(rd, lineno, SKX_SF_SYNTAX, -1, NULL, 0, l, n);
        return;
    }
    const char *key = l, *val = eq + 1;
    size_t kn = (size_t)(eq - l), vn = n - kn - 1;
    trim(&key, &kn);
    trim(&val, &vn);
    int field = -1;
    for (int f = 0; f < SKX_SET_COUNT; f++)
        if (kn == strlen(KEYS[f]) && strncasecmp(key, KEYS[f], kn) == 0)
            field = f;
    if (field < 0 || kn == 0) {
        note(rd, lineno, SKX_SF_KEY, -1, key, kn, val, vn);
        return;
    }
    char value[SKX_SETTINGS_LINE_MAX + 1];
    memcpy(value, val, vn);
    value[vn] = '\0';
    if (skx_settings_set(s, field, value) < 0)
        note(rd, lineno, SKX_SF_VALUE, field, key, kn, val, vn);
}

void skx_settings_parse(skx_settings *s, const char *text, size_t len, skx_settings_read *rd)
{
    memset(rd, 0, sizeof *rd);
    long lineno = 0;
    size_t pos = 0;
    while (pos < len) {
        const char *l = text + pos, *nl = memchr(l, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - l) : len - pos;
        parse_line(s, l, n, ++lineno, rd);
        pos += n + (nl != NULL);
    }
}

size_t skx_settings_value(const skx_settings *s, int field, char *buf, size_t size)
{
    int n = 0;
    switch (field) {
    case SKX_SET_PRESET:
        n = snprintf(buf, size, "%s", s->preset);
        break;
    case SKX_SET_TARIFF:
        n = s->tariff ? snprintf(buf, size, "%d ct", (int)s->tariff) : snprintf(buf, size, "preset");
        break;
    case SKX_SET_BOTS:
        n = snprintf(buf, size, "%s", s->bots[0] ? s->bots : "default");
        break;
    case SKX_SET_PAUSE:
        n = snprintf(buf, size, "%d ms", s->trick_pause_ms);
        break;
    case SKX_SET_LANG:
        n = snprintf(buf, size, "%s", s->lang ? "en" : "de");
        break;
    case SKX_SET_HOLD:
        n = snprintf(buf, size, "%d s", s->hold_s);
        break;
    default:
        n = snprintf(buf, size, "%s", "");
    }
    return n < 0 ? 0 : (size_t)n;
}

size_t skx_settings_format(const skx_settings *s, char *buf, size_t size)
{
    size_t n = 0;
    int k = snprintf(buf, size,
                     "# schafkopf play: settings (schafkopf play --settings, or the key o)\n"
                     "# preset: official, tournament, sauspiel, kurz, stammtisch\n"
                     "# tariff: cents a unit (a Sauspiel), as 20 ct or 0,20 EUR; preset: the "
                     "preset's\n"
                     "# opponents: default, random, heuristic, pimc:N (N deals a card), pimc, pimc:strong\n"
                     "# trick_pause: ms (or s); lang: de or en\n"
                     "# hold: seconds (0..30, 0 off) the table waits before the card that\n"
                     "#   would close your chance of Kontra, Retour or Klopfen\n");
    n = k < 0 ? 0 : (size_t)k;
    for (int f = 0; f < SKX_SET_COUNT; f++) {
        char v[96];
        skx_settings_value(s, f, v, sizeof v);
        k = snprintf(n < size ? buf + n : NULL, n < size ? size - n : 0, "%s = %s\n", KEYS[f], v);
        n += k < 0 ? 0 : (size_t)k;
    }
    return n;
}

void skx_settings_step(skx_settings *s, int field, int dir)
{
    int i, n;
    switch (field) {
    case SKX_SET_PRESET:
        for (i = 0, n = COUNT(PRESETS); i < n && strcmp(s->preset, PRESETS[i]) != 0; i++)
            ;
        snprintf(s->preset, sizeof s->preset, "%s", PRESETS[((i % n) + dir + n) % n]);
        break;
    case SKX_SET_TARIFF: /* a tariff off the list goes to its neighbour */
        n = COUNT(TARIFFS);
        for (i = 0; i < n && TARIFFS[i] < s->tariff; i++)
            ;
        i = dir > 0 ? (i < n && TARIFFS[i] == s->tariff ? i + 1 : i) : i - 1;
        s->tariff = TARIFFS[(i + n) % n];
        break;
    case SKX_SET_BOTS:
        for (i = 0, n = COUNT(BOTS); i < n && strcmp(s->bots, BOTS[i]) != 0; i++)
            ;
        snprintf(s->bots, sizeof s->bots, "%s", BOTS[((i % n) + dir + n) % n]);
        break;
    case SKX_SET_PAUSE:
        n = COUNT(PAUSES);
        for (i = 0; i < n && PAUSES[i] < s->trick_pause_ms; i++)
            ;
        i = dir > 0 ? (i < n && PAUSES[i] == s->trick_pause_ms ? i + 1 : i) : i - 1;
        s->trick_pause_ms = PAUSES[(i + n) % n];
        break;
    case SKX_SET_LANG:
        s->lang = !s->lang;
        break;
    case SKX_SET_HOLD:
        n = COUNT(HOLDS);
        for (i = 0; i < n && HOLDS[i] < s->hold_s; i++)
            ;
        i = dir > 0 ? (i < n && HOLDS[i] == s->hold_s ? i + 1 : i) : i - 1;
        s->hold_s = HOLDS[(i + n) % n];
        break;
    default:
        break;
    }
}

int skx_settings_rules(const skx_settings *s, sk_rules *r, sk_error *err)
{
    if (sk_rules_preset(r, s->preset, err) < 0)
        return -1;
    if (s->tariff > 0) {
        char v[16];
        snprintf(v, sizeof v, "%d", (int)s->tariff);
        if (sk_rules_set(r, "unit_cents", v, err) < 0)
            return -1;
    }
    return 0;
}
