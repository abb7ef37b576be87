/*
 * settings_text.c -- the settings of `schafkopf play` in words, for both
 * modes of the settings screen and for the messages about a bad
 * settings file; every string from the translation tables (lang.c).
 */
#include "ui.h"

#include <string.h>

skx_lang skx_settings_lang(const skx_settings *s)
{
    return s->lang == SKX_LANG_EN ? SKX_LANG_EN : SKX_LANG_DE;
}

skx_lang skx_settings_page_lang(const skx_table *t, const skx_settings *saved,
                                const skx_settings *edit)
{
    return edit->lang != saved->lang ? skx_settings_lang(edit) : t->lang;
}

/* The screen's label of a field ("Tarif"). */
const char *skx_settings_label(skx_lang lang, int field)
{
    static const enum sk_str LABEL[SKX_SET_COUNT] = {L_SET_PRESET, L_SET_TARIFF, L_SET_BOTS,
                                                     L_SET_PAUSE, L_SET_LANG, L_SET_HOLD};
    return field >= 0 && field < SKX_SET_COUNT ? skx_tr(lang, LABEL[field]) : "";
}

/* The words of a bot spec of the level list ("stark"), or NULL. */
static const char *bots_words(skx_lang lang, const char *spec)
{
    static const struct {
        const char *spec;
        enum sk_str id;
    } LEVELS[] = {{"random", L_BOTS_RANDOM}, {"heuristic", L_BOTS_HEURISTIC},
                  {"pimc:8", L_BOTS_MEDIUM}, {"pimc:12", L_BOTS_STRONG},
                  {"pimc", L_BOTS_STRONGER}, {"pimc:strong", L_BOTS_THOROUGH}};
    for (size_t i = 0; i < sizeof LEVELS / sizeof LEVELS[0]; i++)
        if (strcmp(spec, LEVELS[i].spec) == 0)
            return skx_tr(lang, LEVELS[i].id);
    return NULL;
}

size_t skx_settings_shown(skx_lang lang, const skx_settings *s, int field, char *buf,
                          size_t size)
{
    static const struct {
        const char *name;
        enum sk_str id;
    } PRESETS[] = {{"official", L_PRESET_OFFICIAL}, {"tournament", L_PRESET_TOURNAMENT},
                   {"sauspiel", L_PRESET_SAUSPIEL}, {"kurz", L_PRESET_KURZ},
                   {"stammtisch", L_PRESET_STAMMTISCH}};
    int n = 0;
    switch (field) {
    case SKX_SET_PRESET:
        n = snprintf(buf, size, "%s", s->preset);
        for (size_t i = 0; i < sizeof PRESETS / sizeof PRESETS[0]; i++)
            if (strcmp(s->preset, PRESETS[i].name) == 0)
                n = snprintf(buf, size, "%s", skx_tr(lang, PRESETS[i].id));
        break;
    case SKX_SET_TARIFF: {
        sk_rules r;
        if (skx_settings_rules(s, &r, NULL) < 0)
            sk_rules_preset(&r, "official", NULL);
        if (s->tariff == 0) {
            n = snprintf(buf, size, skx_tr(lang, L_TARIFF_PRESET), (int)r.unit_cents);
            break;
        }
        char money[24];
        skx_table_euros(lang, (int64_t)r.unit_cents * r.rate_sauspiel, 0, money, sizeof money);
        n = snprintf(buf, size, skx_tr(lang, L_TARIFF_CENTS), (int)s->tariff, money);
        break;
    }
    case SKX_SET_BOTS: {
        const char *words = bots_words(lang, s->bots[0] ? s->bots : SKX_PLAY_DEFAULT_BOTS);
        if (!s->bots[0])
            n = snprintf(buf, size, skx_tr(lang, L_BOTS_DEFAULT), words ? words : "");
        else
            n = snprintf(buf, size, "%s", words ? words : s->bots);
        break;
    }
    case SKX_SET_PAUSE: {
        char secs[16];
        snprintf(secs, sizeof secs, "%d%s%d", s->trick_pause_ms / 1000,
                 lang == SKX_LANG_DE ? "," : ".", s->trick_pause_ms % 1000 / 100);
        if (s->trick_pause_ms % 100) /* a pause off the list, as typed */
            snprintf(secs, sizeof secs, "%d%s%03d", s->trick_pause_ms / 1000,
                     lang == SKX_LANG_DE ? "," : ".", s->trick_pause_ms % 1000);
        n = snprintf(buf, size, skx_tr(lang, L_SECONDS), secs);
        break;
    }
    case SKX_SET_HOLD:
        if (s->hold_s == 0)
            n = snprintf(buf, size, "%s", skx_tr(lang, L_HOLD_OFF));
        else {
            char secs[16];
            snprintf(secs, sizeof secs, "%d", s->hold_s);
            n = snprintf(buf, size, skx_tr(lang, L_SECONDS), secs);
        }
        break;
    case SKX_SET_LANG: /* each language by its own name */
        n = snprintf(buf, size, "%s", s->lang == SKX_LANG_EN ? "English" : "Deutsch");
        break;
    default:
        n = snprintf(buf, size, "%s", "");
    }
    return n < 0 ? 0 : (size_t)n;
}

size_t skx_settings_issue_text(skx_lang lang, const char *path, const skx_settings_issue *is,
                               char *buf, size_t size)
{
    if (is->line == 0)
        return (size_t)snprintf(buf, size, skx_tr(lang, L_SF_UNREADABLE), path);
    char what[160];
    switch (is->fault) {
    case SKX_SF_KEY:
        snprintf(what, sizeof what, skx_tr(lang, L_SF_KEY), is->key);
        break;
    case SKX_SF_VALUE:
        snprintf(what, sizeof what, skx_tr(lang, L_SF_VALUE), is->value,
                 skx_settings_key(is->field));
        break;
    case SKX_SF_LONG:
        snprintf(what, sizeof what, "%s", skx_tr(lang, L_SF_LONG));
        break;
    case SKX_SF_BINARY:
        snprintf(what, sizeof what, "%s", skx_tr(lang, L_SF_BINARY));
        break;
    default:
        snprintf(what, sizeof what, skx_tr(lang, L_SF_SYNTAX), is->value);
    }
    int n = snprintf(buf, size, skx_tr(lang, L_SF_LINE), path, is->line, what);
    return n < 0 ? 0 : (size_t)n;
}

size_t skx_settings_read_text(skx_lang lang, const char *path, const skx_settings_read *rd,
                              char *buf, size_t size)
{
    if (rd->nbad == 0) {
        if (size)
            buf[0] = '\0';
        return 0;
    }
    size_t n = skx_settings_issue_text(lang, path, &rd->issue[0], buf, size);
    if (rd->nbad > 1 && n < size) {
        int k = snprintf(buf + n, size - n, " ");
        n += k > 0 ? (size_t)k : 0;
        if (n < size) {
            k = snprintf(buf + n, size - n, skx_tr(lang, L_SF_MORE), rd->nbad - 1);
            n += k > 0 ? (size_t)k : 0;
        }
    }
    return n;
}
