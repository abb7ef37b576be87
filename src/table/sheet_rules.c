/*
 * sheet_rules.c -- the ruleset a score keeper picks for a new evening
 * or group: a preset and the house rules that differ from it, as a
 * record's "rules" object ({"preset": NAME, "overrides": {OPTION:
 * VALUE}}), by the ruleset's own option names (`schafkopf rules`).  Each
 * option is set and checked by core (sk_rules_set, sk_rules_validate);
 * what is refused is said here in the keeper's language, naming the
 * option, the value and what it takes.  Also every preset's options as
 * text, for the pages' create forms (the server's GET /api/rules).
 */
#include "schafkopf/table.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

/* The words of a refusal: [0] German, [1] English. */
enum {
    RW_OBJECT, RW_PRESET, RW_OVERRIDES, RW_PRESET_KEY, RW_OPTION, RW_TYPE, RW_VALUE, RW_CONFLICT,
    RW_COUNT
};
static const char *const WORDS[2][RW_COUNT] = {
    {
        [RW_OBJECT] = "Die Regeln: ein Objekt {\"preset\": NAME, \"overrides\": {...}}.",
        [RW_PRESET] = "Keine Regeln namens \"%s\" (es gibt: %s).",
        [RW_OVERRIDES] = "Die Hausregeln (overrides): ein Objekt {REGEL: WERT}.",
        [RW_PRESET_KEY] = "\"preset\" ist keine Hausregel: es gehört nach rules.preset.",
        [RW_OPTION] = "Keine Hausregel \"%s\" (schafkopf rules zeigt alle).",
        [RW_TYPE] = "Hausregel \"%s\": ein Wert als Text, Zahl oder ja/nein.",
        [RW_VALUE] = "Hausregel \"%s\": \"%s\" geht nicht, erlaubt ist %s.",
        [RW_CONFLICT] = "Diese Regeln passen nicht zusammen: %s",
    },
    {
        [RW_OBJECT] = "The rules: an object {\"preset\": NAME, \"overrides\": {...}}.",
        [RW_PRESET] = "No preset \"%s\" (there are: %s).",
        [RW_OVERRIDES] = "The house rules (overrides): an object {OPTION: VALUE}.",
        [RW_PRESET_KEY] = "\"preset\" is no house rule: it belongs in rules.preset.",
        [RW_OPTION] = "No rule option \"%s\" (schafkopf rules lists them all).",
        [RW_TYPE] = "Rule option \"%s\": a value as text, a number or yes/no.",
        [RW_VALUE] = "Rule option \"%s\": \"%s\" is not allowed; it takes %s.",
        [RW_CONFLICT] = "These rules do not go together: %s",
    }};

/* The options that cannot go together (sk_rules_validate), by the start
 * of core's message, in words a table understands. */
static const struct {
    const char *core, *words[2];
} CONFLICTS[] = {
    {"players = 3 plays only",
     {"Zu dritt gibt es nur Solo, Wenz und Sie: ohne Solo und Wenz würde jedes Spiel "
      "zusammengeworfen.",
      "Three players play only Solo, Wenz and Sie: without Solo and Wenz every deal would be "
      "thrown in."}},
    {"all_pass = ",
     {"Muss und Kreuzbock brauchen vier Spieler (einen Partner); hier sind es drei.",
      "A Muss and a Kreuzbock game need four players (a partner); here there are three."}},
    {"kreuzbock_on_throw_in",
     {"Eine Kreuzbock-Runde braucht vier Spieler (die Paare über Kreuz); hier sind es drei.",
      "A Kreuzbock round needs four players (the pairs across); here there are three."}},
    {"deck = 20",
     {"Das Blatt mit 20 Karten gibt es zu dritt nicht: drei spielen immer mit 24 Karten.",
      "The 20-card deck does not apply to three players: three always play 24 cards."}},
    {"bock_games = ",
     {"Bock verdoppelt Geld, hier wird aber um Turnierpunkte gespielt (5.2.7): kein Bock "
      "oder um Geld.",
      "Bock doubles money, but this table plays for tournament points (5.2.7): no Bock, or "
      "play for money."}},
    {"stock = ",
     {"Ein Stock ist Geld, hier wird aber um Turnierpunkte gespielt (5.2.7): kein Stock "
      "oder um Geld.",
      "A Stock is money, but this table plays for tournament points (5.2.7): no Stock, or "
      "play for money."}},
};

/* What an option takes, as its metadata says it ("yes|no", "0..8",
 * "off|all|chain"), in words: "ja oder nein", "0 bis 8", "off, all, chain". */
static void takes(const sk_rule_option *o, int lang, char *buf, size_t size)
{
    if (strcmp(o->values, "yes|no") == 0) {
        snprintf(buf, size, "%s", lang ? "yes or no" : "ja oder nein (yes/no)");
        return;
    }
    size_t n = 0;
    buf[0] = '\0';
    for (const char *p = o->values; *p && n + 8 < size; p++) {
        if (*p == '|')
            n += (size_t)snprintf(buf + n, size - n, ", ");
        else if (p[0] == '.' && p[1] == '.')
            n += (size_t)snprintf(buf + n, size - n, " %s ", lang ? "to" : "bis"), p++;
        else
            buf[n++] = *p, buf[n] = '\0';
    }
}

/* The metadata of option `key`, or NULL. */
static const sk_rule_option *option_of(const char *key)
{
    for (size_t i = 0; i < sk_rules_option_count(); i++)
        if (strcmp(sk_rules_option(i)->key, key) == 0)
            return sk_rules_option(i);
    return NULL;
}

/* Reads a "rules" object's JSON text into r: the preset, then each
 * house rule set by core; 0, or -1 with why in lang (0 German, 1
 * English) and r unchanged.  The options are not yet checked against
 * each other: the caller sets what it knows (an evening's players) and
 * calls sk_sheet_rules_check. */
int sk_sheet_rules_read(const char *text, int lang, sk_rules *r, char *why, size_t size)
{
    const char *const *w = WORDS[lang ? 1 : 0];
    json_t *o = json_loads(text ? text : "", JSON_REJECT_DUPLICATES, NULL);
    json_t *preset = json_object_get(o, "preset"), *ov = json_object_get(o, "overrides");
    const char *key;
    json_t *v;
    sk_rules tmp;
    int rc = -1;
    char q[SK_ESCAPE_SIZE(40)], qv[SK_ESCAPE_SIZE(40)], list[200] = "", buf[32];
    if (!json_is_object(o) || !json_is_string(preset)) {
        snprintf(why, size, "%s", w[RW_OBJECT]);
        goto out;
    }
    if (sk_rules_preset(&tmp, json_string_value(preset), NULL) < 0) {
        const char *const *names = sk_rules_preset_names();
        for (size_t i = 0, n = 0; names[i] && n < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", names[i]);
        const char *p = json_string_value(preset);
        snprintf(why, size, w[RW_PRESET], sk_escape(q, sizeof q, p, strlen(p), 40), list);
        goto out;
    }
    if (ov && !json_is_null(ov) && !json_is_object(ov)) {
        snprintf(why, size, "%s", w[RW_OVERRIDES]);
        goto out;
    }
    json_object_foreach(ov, key, v) {
        const sk_rule_option *opt = option_of(key);
        sk_escape(q, sizeof q, key, strlen(key), 40);
        if (strcmp(key, "preset") == 0) {
            snprintf(why, size, "%s", w[RW_PRESET_KEY]);
            goto out;
        }
        if (!opt) {
            snprintf(why, size, w[RW_OPTION], q);
            goto out;
        }
        const char *value = buf;
        if (json_is_string(v))
            value = json_string_value(v);
        else if (json_is_integer(v))
            snprintf(buf, sizeof buf, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        else if (json_is_boolean(v))
            snprintf(buf, sizeof buf, "%s", json_is_true(v) ? "yes" : "no");
        else {
            snprintf(why, size, w[RW_TYPE], q);
            goto out;
        }
        if (sk_rules_set(&tmp, key, value, NULL) < 0) {
            takes(opt, lang, list, sizeof list);
            snprintf(why, size, w[RW_VALUE], q, sk_escape(qv, sizeof qv, value, strlen(value), 40),
                     list);
            goto out;
        }
    }
    *r = tmp;
    rc = 0;
out:
    json_decref(o);
    return rc;
}

/* Checks the options of r against each other (sk_rules_validate): 0,
 * or -1 with why in lang, a sentence for each conflict core names. */
int sk_sheet_rules_check(const sk_rules *r, int lang, char *why, size_t size)
{
    sk_error err = {{0}, NULL};
    if (sk_rules_validate(r, &err) == SK_OK)
        return 0;
    int l = lang ? 1 : 0;
    for (size_t i = 0; i < sizeof CONFLICTS / sizeof CONFLICTS[0]; i++)
        if (strncmp(err.msg, CONFLICTS[i].core, strlen(CONFLICTS[i].core)) == 0) {
            snprintf(why, size, "%s", CONFLICTS[i].words[l]);
            return -1;
        }
    snprintf(why, size, WORDS[l][RW_CONFLICT], err.msg);
    return -1;
}

/* Every preset with every option's value as text (sk_rules_get), for
 * the forms that create a book: {"official": {"players": "4", ...}}.
 * NULL when out of memory. */
json_t *sk_sheet_rules_presets(void)
{
    json_t *all = json_object();
    const char *const *names = sk_rules_preset_names();
    for (size_t i = 0; all && names[i]; i++) {
        sk_rules r;
        json_t *p = json_object();
        if (!p || sk_rules_preset(&r, names[i], NULL) < 0) {
            json_decref(p);
            json_decref(all);
            return NULL;
        }
        for (size_t k = 0; k < sk_rules_option_count(); k++) {
            char value[64];
            const char *key = sk_rules_option(k)->key;
            sk_rules_get(&r, key, value, sizeof value);
            json_object_set_new(p, key, json_string(value));
        }
        json_object_set_new(all, names[i], p);
    }
    return all;
}
