/*
 * record_read.c -- reading game records from JSON (docs/record-format.md).
 *
 * Reading is strict about what it knows (every card, seat and contract
 * is checked and errors name the field, e.g. `hands[2][5]: bad card
 * "XX"`) and lenient about what it does not (unknown members are
 * ignored, so later versions can add fields).
 */
#include "record_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Quotes at most SKX_RECORD_QUOTE bytes of s into out for a message,
 * escaped by sk_escape (\x1b for ESC) and "..." when cut, so a hostile
 * input can neither fill the message nor drive the terminal. */
static void rec_quote(const char *s, char *out, size_t size)
{
    sk_escape(out, size, s, strlen(s), SKX_RECORD_QUOTE);
}

/* The JSON type of v in words, for "expected X, got Y" messages. */
static const char *rec_type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a real number";
    case JSON_TRUE: return "true";
    case JSON_FALSE: return "false";
    default: return "null";
    }
}

/* ------------------------------------------------------------------ */
/* Reading: small typed getters that name the field on error            */
/* ------------------------------------------------------------------ */

/* The member `key` of obj, or an error "<path>: missing" when absent. */
static int rec_member(const json_t *obj, const char *key, const char *path, json_t **out,
                      sk_error *err)
{
    *out = json_object_get(obj, key);
    if (!*out)
        return skx_rec_fail(err, SK_EINVAL, "%s: missing", path);
    return SK_OK;
}

/* Checks that v has JSON type `type`; the error says what it is instead. */
static int rec_expect(const json_t *v, json_type type, const char *what, const char *path,
                      sk_error *err)
{
    if (json_typeof(v) != type)
        return skx_rec_fail(err, SK_EINVAL, "%s: expected %s, got %s", path, what,
                        rec_type_name(v));
    return SK_OK;
}

/* Reads an integer in lo..hi; a number out of range is SK_ERANGE. */
static int rec_int(const json_t *v, int lo, int hi, const char *path, int *out,
                   sk_error *err)
{
    int rc = rec_expect(v, JSON_INTEGER, "an integer", path, err);
    if (rc < 0)
        return rc;
    json_int_t n = json_integer_value(v);
    if (n < lo || n > hi)
        return skx_rec_fail(err, SK_ERANGE, "%s: %" JSON_INTEGER_FORMAT " out of range (%d..%d)",
                        path, n, lo, hi);
    *out = (int)n;
    return SK_OK;
}

/* Reads one card in notation ("EO"); exactly two letters. */
static int rec_card(const json_t *v, const char *path, uint8_t *out, sk_error *err)
{
    int rc = rec_expect(v, JSON_STRING, "a card such as \"EO\"", path, err);
    if (rc < 0)
        return rc;
    const char *s = json_string_value(v);
    int card = json_string_length(v) == 2 ? sk_card_parse(s) : SK_EINVAL;
    if (card < 0) {
        char q[SKX_RECORD_QUOTE + 8];
        rec_quote(s, q, sizeof q);
        return skx_rec_fail(err, SK_EINVAL, "%s: bad card \"%s\"", path, q);
    }
    *out = (uint8_t)card;
    return SK_OK;
}

/* Reads a contract code; a bid needs a class ("solo"), a declaration a
 * full contract ("solo:H"), so that writing it back gives the same text. */
static int rec_contract(const json_t *v, bool is_bid, const char *path, sk_contract *out,
                        sk_error *err)
{
    int rc = rec_expect(v, JSON_STRING, "a contract code", path, err);
    if (rc < 0)
        return rc;
    const char *s = json_string_value(v);
    char q[SKX_RECORD_QUOTE + 8];
    rec_quote(s, q, sizeof q);
    sk_error sub;
    if (sk_contract_parse(s, out, &sub) < 0)
        return skx_rec_fail(err, SK_EINVAL, "%s: %s", path, sub.msg);
    /* a Sauspiel names its Sau but in a Kreuzbock game; the engine judges */
    bool needs_suit = out->type == SK_C_SOLO || out->type == SK_C_FARBWENZ ||
                      out->type == SK_C_FARBGEIER;
    if (is_bid && out->suit != SK_NOSUIT)
        return skx_rec_fail(err, SK_EINVAL,
                        "%s: a bid names a contract class (e.g. \"solo\"), not \"%s\"", path, q);
    if (!is_bid && needs_suit && out->suit == SK_NOSUIT)
        return skx_rec_fail(err, SK_EINVAL,
                        "%s: \"%s\" names no suit (declare e.g. \"sauspiel:G\", \"solo:H\")",
                        path, q);
    return SK_OK;
}

/* ------------------------------------------------------------------ */
/* Reading: the parts of a record                                       */
/* ------------------------------------------------------------------ */

/* "format", when present, must name this version. */
static int rec_read_format(const json_t *root, sk_error *err)
{
    const json_t *v = json_object_get(root, "format");
    if (!v)
        return SK_OK;
    int rc = rec_expect(v, JSON_STRING, "a string", "format", err);
    if (rc < 0)
        return rc;
    if (strcmp(json_string_value(v), SKX_RECORD_FORMAT) != 0) {
        char q[SKX_RECORD_QUOTE + 8];
        rec_quote(json_string_value(v), q, sizeof q);
        return skx_rec_fail(err, SK_EINVAL, "format: unsupported \"%s\" (this reader knows \"%s\")",
                        q, SKX_RECORD_FORMAT);
    }
    return SK_OK;
}

/* The optional "id": a string (or null) that fits sk_record.id. */
static int rec_read_id(sk_record *rec, const json_t *root, sk_error *err)
{
    const json_t *v = json_object_get(root, "id");
    if (!v || json_is_null(v))
        return SK_OK;
    int rc = rec_expect(v, JSON_STRING, "a string", "id", err);
    if (rc < 0)
        return rc;
    size_t n = json_string_length(v);
    if (n >= sizeof rec->id)
        return skx_rec_fail(err, SK_EINVAL, "id: %zu bytes, at most %zu", n, sizeof rec->id - 1);
    memcpy(rec->id, json_string_value(v), n + 1);
    return SK_OK;
}

/* The text sk_rules_set reads for an override value: a string as it is,
 * an integer or boolean written out into buf (size bytes); NULL after
 * an error for any other type. */
static const char *rec_override_text(const json_t *v, const char *path, char *buf,
                                     size_t size, sk_error *err)
{
    if (json_is_string(v))
        return json_string_value(v);
    if (json_is_integer(v))
        snprintf(buf, size, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
    else if (json_is_boolean(v))
        snprintf(buf, size, "%s", json_is_true(v) ? "true" : "false");
    else {
        skx_rec_fail(err, SK_EINVAL, "%s: expected a string, integer or boolean, got %s", path,
                 rec_type_name(v));
        return NULL;
    }
    return buf;
}

/* Applies "rules.overrides" (an object of option -> value) to r.
 * "preset" is not an option here: it would silently reset the others. */
static int rec_read_overrides(sk_rules *r, const json_t *ov, sk_error *err)
{
    int rc = rec_expect(ov, JSON_OBJECT, "an object", "rules.overrides", err);
    if (rc < 0)
        return rc;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)ov, key, v) {
        char q[SKX_RECORD_QUOTE + 8], path[160], buf[32];
        rec_quote(key, q, sizeof q);
        snprintf(path, sizeof path, "rules.overrides.%s", q);
        if (strcmp(key, "preset") == 0)
            return skx_rec_fail(err, SK_EINVAL, "%s: the preset belongs in rules.preset", path);
        const char *text = rec_override_text(v, path, buf, sizeof buf, err);
        if (!text)
            return SK_EINVAL;
        sk_error sub;
        if ((rc = sk_rules_set(r, key, text, &sub)) < 0)
            return skx_rec_fail(err, rc, "%s: %s", path, sub.msg);
    }
    return SK_OK;
}

/* The "rules" object {"preset": NAME, "overrides": {...}} into r; both
 * are checked by the ruleset module, whose message we prefix with the
 * field. */
static int rec_rules_of(sk_rules *r, const json_t *rules, sk_error *err)
{
    json_t *preset;
    int rc = rec_expect(rules, JSON_OBJECT, "an object", "rules", err);
    if (rc < 0 || (rc = rec_member(rules, "preset", "rules.preset", &preset, err)) < 0 ||
        (rc = rec_expect(preset, JSON_STRING, "a string", "rules.preset", err)) < 0)
        return rc;
    sk_error sub;
    if ((rc = sk_rules_preset(r, json_string_value(preset), &sub)) < 0)
        return skx_rec_fail(err, rc, "rules.preset: %s", sub.msg);
    const json_t *ov = json_object_get(rules, "overrides");
    if (ov && !json_is_null(ov) && (rc = rec_read_overrides(r, ov, err)) < 0)
        return rc;
    /* the options together, as for files and the command line */
    if ((rc = sk_rules_validate(r, &sub)) < 0)
        return skx_rec_fail(err, rc, "rules: %s", sub.msg);
    return SK_OK;
}

/* A record's "rules" member. */
static int rec_read_rules(sk_record *rec, const json_t *root, sk_error *err)
{
    json_t *rules;
    int rc = rec_member(root, "rules", "rules", &rules, err);
    return rc < 0 ? rc : rec_rules_of(&rec->rules, rules, err);
}

/* Reads the JSON text of a "rules" object (as records hold it) into r. */
int sk_rules_from_json(sk_rules *r, const char *text, sk_error *err)
{
    json_error_t jerr;
    json_t *rules = json_loads(text ? text : "", JSON_REJECT_DUPLICATES, &jerr);
    if (!rules) { /* jansson quotes the bad bytes raw: escape them */
        char q[sizeof jerr.text];
        return skx_rec_fail(err, SK_EINVAL, "rules: not JSON: %s",
                            sk_escape(q, sizeof q, jerr.text, sizeof jerr.text, sizeof q));
    }
    int rc = rec_rules_of(r, rules, err);
    json_decref(rules);
    return rc;
}

/* "dealer" (0..3, required) and "first_game" (boolean, default false). */
static int rec_read_table(sk_record *rec, const json_t *root, sk_error *err)
{
    json_t *v;
    int dealer;
    int rc = rec_member(root, "dealer", "dealer", &v, err);
    if (rc < 0 || (rc = rec_int(v, 0, sk_rules_seats(&rec->rules) - 1, "dealer", &dealer, err)) < 0)
        return rc;
    rec->dealer = (uint8_t)dealer;
    v = json_object_get(root, "first_game");
    if (v && !json_is_boolean(v))
        return skx_rec_fail(err, SK_EINVAL, "first_game: expected true or false, got %s",
                        rec_type_name(v));
    rec->first_game = v && json_is_true(v);
    v = json_object_get(root, "bock"); /* optional: a game of a Bock round */
    if (v) {
        int bock;
        if ((rc = rec_int(v, 0, 8, "bock", &bock, err)) < 0)
            return rc;
        rec->bock = (uint8_t)bock;
    }
    v = json_object_get(root, "kreuzbock");
    if (v && !json_is_boolean(v))
        return skx_rec_fail(err, SK_EINVAL, "kreuzbock: expected true or false, got %s",
                        rec_type_name(v));
    rec->kreuzbock = v && json_is_true(v);
    return SK_OK;
}

/* One hand: as many cards as the ruleset's deck gives each player (8,
 * 6 or 5), none seen before.  seen[card] holds 1 + the position (seat *
 * 8 + i) where a card was first dealt. */
static int rec_read_hand(sk_record *rec, int seat, const json_t *hand, int seen[SK_NCARDS],
                         sk_error *err)
{
    char path[32];
    snprintf(path, sizeof path, "hands[%d]", seat);
    int n = sk_rules_hand_size(&rec->rules);
    char what[32];
    snprintf(what, sizeof what, "an array of %d cards", n);
    int rc = rec_expect(hand, JSON_ARRAY, what, path, err);
    if (rc < 0)
        return rc;
    if (json_array_size(hand) != (size_t)n)
        return skx_rec_fail(err, SK_EINVAL, "%s: expected %d cards, got %zu", path, n,
                        json_array_size(hand));
    for (int i = n; i < 8; i++)
        rec->hands[seat][i] = SK_NOCARD;
    for (int i = 0; i < n; i++) {
        uint8_t card;
        snprintf(path, sizeof path, "hands[%d][%d]", seat, i);
        if ((rc = rec_card(json_array_get(hand, (size_t)i), path, &card, err)) < 0)
            return rc;
        if (seen[card])
            return skx_rec_fail(err, SK_EINVAL, "%s: duplicate card \"%s\" (also at hands[%d][%d])",
                            path, sk_card_name(card), (seen[card] - 1) / 8,
                            (seen[card] - 1) % 8);
        seen[card] = 1 + seat * 8 + i;
        rec->hands[seat][i] = card;
    }
    return SK_OK;
}

/* "hands": one hand per seat (four, or three at a table of three) that
 * together are the deck. */
static int rec_read_hands(sk_record *rec, const json_t *root, sk_error *err)
{
    json_t *hands;
    int seen[SK_NCARDS] = {0};
    int seats = sk_rules_seats(&rec->rules); /* 3 at a table of three */
    char what[32];
    snprintf(what, sizeof what, "an array of %d hands", seats);
    int rc = rec_member(root, "hands", "hands", &hands, err);
    if (rc < 0 || (rc = rec_expect(hands, JSON_ARRAY, what, "hands", err)) < 0)
        return rc;
    if (json_array_size(hands) != (size_t)seats)
        return skx_rec_fail(err, SK_EINVAL, "hands: expected %d hands, got %zu", seats,
                        json_array_size(hands));
    memset(rec->hands, SK_NOCARD, sizeof rec->hands);
    for (int seat = 0; seat < seats; seat++)
        if ((rc = rec_read_hand(rec, seat, json_array_get(hands, (size_t)seat), seen, err)) < 0)
            return rc;
    return SK_OK;
}

/* The action type named by s, or -1. */
static int rec_action_type(const char *s)
{
    for (size_t t = 0; t < SKX_NACTION_NAMES; t++)
        if (strcmp(s, skx_action_names[t]) == 0)
            return (int)t;
    return -1;
}

/* Reads what an action of type a->type carries besides the seat: the
 * contract of a bid or declaration, the card of a card. */
static int rec_read_action_arg(sk_action *a, const json_t *obj, const char *at, sk_error *err)
{
    char path[48];
    json_t *v;
    int rc;
    if (a->type == SK_ACT_BID || a->type == SK_ACT_DECLARE) {
        snprintf(path, sizeof path, "%s.contract", at);
        if ((rc = rec_member(obj, "contract", path, &v, err)) < 0)
            return rc;
        return rec_contract(v, a->type == SK_ACT_BID, path, &a->contract, err);
    }
    if (a->type == SK_ACT_CARD || a->type == SK_ACT_ACCEPT) {
        snprintf(path, sizeof path, "%s.card", at);
        if ((rc = rec_member(obj, "card", path, &v, err)) < 0)
            return rc;
        return rec_card(v, path, &a->card, err);
    }
    return SK_OK;
}

/* One action {"seat": S, "action": NAME, ...}.  Fields an action does
 * not carry are left in their canonical empty state (SK_NOCARD, no
 * contract), so equal records compare equal byte for byte. */
static int rec_read_action(sk_action *a, int index, const json_t *obj, sk_error *err)
{
    char at[24], path[48];
    json_t *v;
    int seat, rc;
    snprintf(at, sizeof at, "actions[%d]", index);
    memset(a, 0, sizeof *a);
    a->card = SK_NOCARD;
    a->contract = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
    if ((rc = rec_expect(obj, JSON_OBJECT, "an object", at, err)) < 0)
        return rc;
    snprintf(path, sizeof path, "%s.seat", at);
    if ((rc = rec_member(obj, "seat", path, &v, err)) < 0 ||
        (rc = rec_int(v, 0, SK_NSEATS - 1, path, &seat, err)) < 0) /* the engine checks the rest */
        return rc;
    a->seat = (uint8_t)seat;
    snprintf(path, sizeof path, "%s.action", at);
    if ((rc = rec_member(obj, "action", path, &v, err)) < 0 ||
        (rc = rec_expect(v, JSON_STRING, "an action name", path, err)) < 0)
        return rc;
    int type = rec_action_type(json_string_value(v));
    if (type < 0) {
        char q[SKX_RECORD_QUOTE + 8];
        rec_quote(json_string_value(v), q, sizeof q);
        return skx_rec_fail(err, SK_EINVAL,
                        "%s: unknown action \"%s\" (pass, bid, declare, kontra, retour, card, klopfen, accept)",
                        path, q);
    }
    a->type = (uint8_t)type;
    return rec_read_action_arg(a, obj, at, err);
}

/* "actions": at most SK_MAX_ACTIONS actions in the order they happened. */
static int rec_read_actions(sk_record *rec, const json_t *root, sk_error *err)
{
    json_t *actions;
    int rc = rec_member(root, "actions", "actions", &actions, err);
    if (rc < 0 || (rc = rec_expect(actions, JSON_ARRAY, "an array", "actions", err)) < 0)
        return rc;
    size_t n = json_array_size(actions);
    if (n > SK_MAX_ACTIONS)
        return skx_rec_fail(err, SK_ERANGE, "actions: %zu actions, at most %d", n, SK_MAX_ACTIONS);
    for (size_t i = 0; i < n; i++)
        if ((rc = rec_read_action(&rec->actions[i], (int)i, json_array_get(actions, i), err)) < 0)
            return rc;
    rec->nactions = (uint16_t)n;
    return SK_OK;
}

/* Reads every part of the parsed document into rec, stopping at the
 * first error.  "result" and unknown members are ignored. */
static int rec_read_root(sk_record *rec, const json_t *root, sk_error *err)
{
    int rc;
    if ((rc = rec_expect(root, JSON_OBJECT, "an object", "record", err)) < 0 ||
        (rc = rec_read_format(root, err)) < 0 || (rc = rec_read_id(rec, root, err)) < 0 ||
        (rc = rec_read_rules(rec, root, err)) < 0 || (rc = rec_read_table(rec, root, err)) < 0 ||
        (rc = rec_read_hands(rec, root, err)) < 0 || (rc = rec_read_actions(rec, root, err)) < 0)
        return rc;
    return SK_OK;
}

/* Reads one record from `len` bytes of JSON text.  The text must be one
 * JSON object (surrounding whitespace allowed); syntax errors carry
 * jansson's line and column, content errors the field's path.  On error
 * *rec holds whatever was read before the error. */
int sk_record_read(sk_record *rec, const char *json, size_t len, sk_error *err)
{
    if (!rec)
        return skx_rec_fail(err, SK_EINVAL, "no record given");
    memset(rec, 0, sizeof *rec);
    if (!json) {
        json = "";
        len = 0;
    }
    if (len > SK_RECORD_MAX_LINE)
        return skx_rec_fail(err, SK_EINVAL, "a record of %zu bytes, at most %d", len,
                            SK_RECORD_MAX_LINE);
    const char *nul = memchr(json, '\0', len);
    if (nul) { /* jansson would say only "\u0000 is not allowed", or stop there */
        size_t at = (size_t)(nul - json), line = 1, col = 1;
        for (size_t i = 0; i < at; i++, col++)
            if (json[i] == '\n') {
                line++;
                col = 0;
            }
        return skx_rec_fail(err, SK_EINVAL, "line %zu column %zu: a NUL byte", line, col);
    }
    json_error_t jerr;
    json_t *root = json_loadb(json, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) { /* jansson quotes the bad bytes raw: escape them */
        char q[sizeof jerr.text];
        return skx_rec_fail(err, SK_EINVAL, "line %d column %d: %s", jerr.line, jerr.column,
                            sk_escape(q, sizeof q, jerr.text, sizeof jerr.text, sizeof q));
    }
    int rc = rec_read_root(rec, root, err);
    json_decref(root);
    return rc;
}
