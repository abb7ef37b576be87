/*
 * record.c -- game records as JSON (see docs/record-format.md).
 *
 * A record is what it takes to replay a game: the ruleset, the dealer,
 * the four hands as dealt and the list of actions.  It never stores
 * anything the engine can derive; the result a writer appends is only
 * for readers of the file, and sk_record_read ignores it.  Replaying is
 * nothing but sk_game_init + sk_game_apply, so a record that replays is
 * a legal game by construction.
 *
 * Reading is strict about what it knows (every card, seat and contract
 * is checked and errors name the field, e.g. `hands[2][5]: bad card
 * "XX"`) and lenient about what it does not (unknown members are
 * ignored, so later versions can add fields).  This file is the only
 * place in core that touches jansson.
 */
#include "schafkopf/core.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SK_RECORD_FORMAT "schafkopf-record/1"
/* How many characters of a bad input string an error message quotes. */
#define SK_RECORD_QUOTE 24
/* Flags for every dump: one line, keys in insertion order. */
#define SK_RECORD_DUMP_FLAGS (JSON_COMPACT | JSON_PRESERVE_ORDER)

#if defined(__GNUC__)
#define SK_RECORD_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SK_RECORD_PRINTF(f, a)
#endif

/* Names of the action types, indexed by enum sk_action_type. */
static const char *const ACTION_NAMES[] = {"pass", "bid",  "declare", "kontra",
                                           "retour", "card", "klopfen", "accept"};
#define NACTION_NAMES (sizeof ACTION_NAMES / sizeof ACTION_NAMES[0])

/* ------------------------------------------------------------------ */
/* Errors                                                               */
/* ------------------------------------------------------------------ */

static int rec_fail(sk_error *err, int code, const char *fmt, ...) SK_RECORD_PRINTF(3, 4);

/* Fills err (if any) with a formatted message and returns code; every
 * error of this file goes through here so none forgets `rule`. */
static int rec_fail(sk_error *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->rule = NULL;
    }
    return code;
}

/* Copies at most SK_RECORD_QUOTE characters of s into out for quoting in
 * a message, with non-printable bytes as '?' and "..." when cut, so a
 * hostile input cannot fill or garble the message. */
static void rec_quote(const char *s, char *out, size_t size)
{
    size_t n = 0, i = 0;
    for (; s[i] && i < SK_RECORD_QUOTE && n + 1 < size; i++)
        out[n++] = (s[i] >= 0x20 && s[i] < 0x7f && s[i] != '"') ? s[i] : '?';
    if (s[i] && n + 3 < size) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
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
        return rec_fail(err, SK_EINVAL, "%s: missing", path);
    return SK_OK;
}

/* Checks that v has JSON type `type`; the error says what it is instead. */
static int rec_expect(const json_t *v, json_type type, const char *what, const char *path,
                      sk_error *err)
{
    if (json_typeof(v) != type)
        return rec_fail(err, SK_EINVAL, "%s: expected %s, got %s", path, what,
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
        return rec_fail(err, SK_ERANGE, "%s: %" JSON_INTEGER_FORMAT " out of range (%d..%d)",
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
        char q[SK_RECORD_QUOTE + 4];
        rec_quote(s, q, sizeof q);
        return rec_fail(err, SK_EINVAL, "%s: bad card \"%s\"", path, q);
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
    char q[SK_RECORD_QUOTE + 4];
    rec_quote(s, q, sizeof q);
    sk_error sub;
    if (sk_contract_parse(s, out, &sub) < 0)
        return rec_fail(err, SK_EINVAL, "%s: %s", path, sub.msg);
    /* a Sauspiel names its Sau but in a Kreuzbock game; the engine judges */
    bool needs_suit = out->type == SK_C_SOLO || out->type == SK_C_FARBWENZ ||
                      out->type == SK_C_FARBGEIER;
    if (is_bid && out->suit != SK_NOSUIT)
        return rec_fail(err, SK_EINVAL,
                        "%s: a bid names a contract class (e.g. \"solo\"), not \"%s\"", path, q);
    if (!is_bid && needs_suit && out->suit == SK_NOSUIT)
        return rec_fail(err, SK_EINVAL,
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
    if (strcmp(json_string_value(v), SK_RECORD_FORMAT) != 0) {
        char q[SK_RECORD_QUOTE + 4];
        rec_quote(json_string_value(v), q, sizeof q);
        return rec_fail(err, SK_EINVAL, "format: unsupported \"%s\" (this reader knows \"%s\")",
                        q, SK_RECORD_FORMAT);
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
        return rec_fail(err, SK_EINVAL, "id: %zu bytes, at most %zu", n, sizeof rec->id - 1);
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
        rec_fail(err, SK_EINVAL, "%s: expected a string, integer or boolean, got %s", path,
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
        char q[SK_RECORD_QUOTE + 4], path[64], buf[32];
        rec_quote(key, q, sizeof q);
        snprintf(path, sizeof path, "rules.overrides.%s", q);
        if (strcmp(key, "preset") == 0)
            return rec_fail(err, SK_EINVAL, "%s: the preset belongs in rules.preset", path);
        const char *text = rec_override_text(v, path, buf, sizeof buf, err);
        if (!text)
            return SK_EINVAL;
        sk_error sub;
        if ((rc = sk_rules_set(r, key, text, &sub)) < 0)
            return rec_fail(err, rc, "%s: %s", path, sub.msg);
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
        return rec_fail(err, rc, "rules.preset: %s", sub.msg);
    const json_t *ov = json_object_get(rules, "overrides");
    if (!ov || json_is_null(ov))
        return SK_OK;
    return rec_read_overrides(r, ov, err);
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
    if (!rules)
        return rec_fail(err, SK_EINVAL, "rules: not JSON: %s", jerr.text);
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
        return rec_fail(err, SK_EINVAL, "first_game: expected true or false, got %s",
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
        return rec_fail(err, SK_EINVAL, "kreuzbock: expected true or false, got %s",
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
        return rec_fail(err, SK_EINVAL, "%s: expected %d cards, got %zu", path, n,
                        json_array_size(hand));
    for (int i = n; i < 8; i++)
        rec->hands[seat][i] = SK_NOCARD;
    for (int i = 0; i < n; i++) {
        uint8_t card;
        snprintf(path, sizeof path, "hands[%d][%d]", seat, i);
        if ((rc = rec_card(json_array_get(hand, (size_t)i), path, &card, err)) < 0)
            return rc;
        if (seen[card])
            return rec_fail(err, SK_EINVAL, "%s: duplicate card \"%s\" (also at hands[%d][%d])",
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
        return rec_fail(err, SK_EINVAL, "hands: expected %d hands, got %zu", seats,
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
    for (size_t t = 0; t < NACTION_NAMES; t++)
        if (strcmp(s, ACTION_NAMES[t]) == 0)
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
        char q[SK_RECORD_QUOTE + 4];
        rec_quote(json_string_value(v), q, sizeof q);
        return rec_fail(err, SK_EINVAL,
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
        return rec_fail(err, SK_ERANGE, "actions: %zu actions, at most %d", n, SK_MAX_ACTIONS);
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
        return rec_fail(err, SK_EINVAL, "no record given");
    memset(rec, 0, sizeof *rec);
    if (!json) {
        json = "";
        len = 0;
    }
    json_error_t jerr;
    json_t *root = json_loadb(json, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root)
        return rec_fail(err, SK_EINVAL, "line %d column %d: %s", jerr.line, jerr.column,
                        jerr.text);
    int rc = rec_read_root(rec, root, err);
    json_decref(root);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* Sets obj[key] = v (stealing v); false when v is NULL or setting fails,
 * so a chain of these reports any allocation failure. */
static bool rec_set(json_t *obj, const char *key, json_t *v)
{
    return json_object_set_new(obj, key, v) == 0;
}

/* Appends v to arr (stealing v); false on failure. */
static bool rec_push(json_t *arr, json_t *v)
{
    return json_array_append_new(arr, v) == 0;
}

/* A seat as JSON: the number, or null for SK_NOSEAT and nonsense. */
static json_t *rec_seat_json(int seat)
{
    return seat >= 0 && seat < SK_NSEATS ? json_integer(seat) : json_null();
}

/* A string as JSON; text that is not UTF-8 (a cut id, say) has every
 * byte above ASCII replaced by '?' rather than failing the record. */
static json_t *rec_string_json(const char *s)
{
    json_t *v = json_string(s);
    if (v)
        return v;
    char buf[256];
    size_t i = 0;
    for (; s[i] && i + 1 < sizeof buf; i++)
        buf[i] = (unsigned char)s[i] < 0x80 ? s[i] : '?';
    buf[i] = '\0';
    return json_string(buf);
}

/* An array of n ints. */
static json_t *rec_ints_json(const int *v, int n)
{
    json_t *arr = json_array();
    bool ok = arr != NULL;
    for (int i = 0; ok && i < n; i++)
        ok = rec_push(arr, json_integer(v[i]));
    if (!ok) {
        json_decref(arr);
        return NULL;
    }
    return arr;
}

/* An array of SK_NTRICKS seats, the first n from v, the rest null (no
 * trick was played in a game thrown in). */
static json_t *rec_seats_json(const uint8_t *v, int n)
{
    json_t *arr = json_array();
    bool ok = arr != NULL;
    for (int i = 0; ok && i < SK_NTRICKS; i++)
        ok = rec_push(arr, i < n ? rec_seat_json(v[i]) : json_null());
    if (!ok) {
        json_decref(arr);
        return NULL;
    }
    return arr;
}

/* The money per seat in cents. */
static json_t *rec_money_json(const int64_t money[SK_NSEATS])
{
    json_t *arr = json_array();
    bool ok = arr != NULL;
    for (int s = 0; ok && s < SK_NSEATS; s++)
        ok = rec_push(arr, json_integer((json_int_t)money[s]));
    if (!ok) {
        json_decref(arr);
        return NULL;
    }
    return arr;
}

/* The result as a JSON object, keys in the documented order.  A game
 * thrown in has no contract, declarer, partner or trick winners: those
 * are null. */
static json_t *rec_result_obj(const sk_result *res)
{
    char code[32];
    bool played = !res->thrown_in;
    int ntricks = 0; /* 8, or fewer with short cards */
    for (int s = 0; s < SK_NSEATS; s++)
        ntricks += res->tricks[s];
    sk_contract_code(res->contract, code, sizeof code);
    json_t *o = json_object();
    bool ok = o && rec_set(o, "thrown_in", json_boolean(res->thrown_in)) &&
              rec_set(o, "contract", played ? json_string(code) : json_null()) &&
              rec_set(o, "declarer", played ? rec_seat_json(res->declarer) : json_null()) &&
              rec_set(o, "partner", played ? rec_seat_json(res->partner) : json_null()) &&
              rec_set(o, "trick_winners", rec_seats_json(res->trick_winners,
                                                         played ? ntricks : 0)) &&
              rec_set(o, "points", rec_ints_json(res->points, SK_NSEATS)) &&
              rec_set(o, "tricks", rec_ints_json(res->tricks, SK_NSEATS)) &&
              rec_set(o, "declarer_side_points", json_integer(res->declarer_side_points)) &&
              rec_set(o, "won", json_boolean(res->won)) &&
              rec_set(o, "schneider", json_boolean(res->schneider)) &&
              rec_set(o, "schwarz", json_boolean(res->schwarz)) &&
              rec_set(o, "laufende", json_integer(res->laufende)) &&
              rec_set(o, "laufende_paid", json_integer(res->laufende_paid)) &&
              rec_set(o, "doublings", json_integer(res->doublings)) &&
              rec_set(o, "multiplier", json_integer(res->multiplier)) &&
              rec_set(o, "money", rec_money_json(res->money)) &&
              rec_set(o, "tournament", rec_ints_json(res->tournament, SK_NSEATS));
    if (ok && res->contract.type == SK_C_RAMSCH) { /* who lost, Jungfrau, Durchmarsch */
        json_t *losers = json_array();
        ok = losers != NULL;
        for (int s = 0; ok && s < SK_NSEATS; s++)
            if (res->losers >> s & 1)
                ok = rec_push(losers, json_integer(s));
        if (!ok)
            json_decref(losers); /* NULL-safe; rec_set below steals it */
        ok = ok && rec_set(o, "losers", losers) &&
             rec_set(o, "jungfrau", json_integer(res->jungfrau)) &&
             rec_set(o, "durchmarsch", rec_seat_json(res->durchmarsch));
    }
    if (ok && res->contract.type == SK_C_RAMSCH && res->passed) { /* Schieberamsch */
        json_t *winners = json_array();
        ok = winners != NULL;
        for (int s = 0; ok && s < SK_NSEATS; s++)
            if (res->winners >> s & 1)
                ok = rec_push(winners, json_integer(s));
        if (!ok)
            json_decref(winners);
        ok = ok && rec_set(o, "passed", json_true()) && rec_set(o, "winners", winners);
    }
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* Dumps v compactly into a malloc'd string, with a newline if asked;
 * NULL on allocation failure.  Uses malloc, not jansson's allocator, so
 * callers free() what they get whatever json_set_alloc_funcs says. */
static char *rec_dump(const json_t *v, bool newline)
{
    if (!v)
        return NULL;
    size_t n = json_dumpb(v, NULL, 0, SK_RECORD_DUMP_FLAGS);
    if (n == 0)
        return NULL;
    char *buf = malloc(n + 2);
    if (!buf)
        return NULL;
    if (json_dumpb(v, buf, n, SK_RECORD_DUMP_FLAGS) != n) {
        free(buf);
        return NULL;
    }
    if (newline)
        buf[n++] = '\n';
    buf[n] = '\0';
    return buf;
}

/* The result as one line of JSON: the fields `schafkopf check` prints. */
char *sk_result_json(const sk_result *res)
{
    if (!res)
        return NULL;
    json_t *o = rec_result_obj(res);
    char *s = rec_dump(o, false);
    json_decref(o);
    return s;
}

/* "rules": the preset name and the options that differ from it, as
 * strings (sk_rules_format_overrides' "key=value" lines). */
static json_t *rec_rules_json(const sk_rules *r)
{
    char preset[sizeof r->preset + 1];
    snprintf(preset, sizeof preset, "%.*s", (int)sizeof r->preset, r->preset);
    size_t n = sk_rules_format_overrides(r, NULL, 0);
    char *text = malloc(n + 1);
    json_t *o = json_object(), *ov = json_object();
    bool ok = text && o && ov;
    if (ok)
        sk_rules_format_overrides(r, text, n + 1);
    for (char *line = text, *next; ok && line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char *eq = strchr(line, '=');
        if (!eq)
            continue;
        *eq = '\0';
        ok = rec_set(ov, line, rec_string_json(eq + 1));
    }
    free(text);
    ok = ok && rec_set(o, "preset", rec_string_json(preset)) &&
         rec_set(o, "overrides", json_incref(ov));
    json_decref(ov);
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* The ruleset as the JSON text of a record's "rules" object. */
char *sk_rules_json(const sk_rules *r)
{
    json_t *o = rec_rules_json(r);
    char *s = o ? rec_dump(o, false) : NULL;
    json_decref(o);
    return s;
}

/* "hands": four arrays of eight card names in the order dealt. */
static json_t *rec_hands_json(const sk_record *rec)
{
    json_t *hands = json_array();
    bool ok = hands != NULL;
    for (int s = 0; ok && s < sk_rules_seats(&rec->rules); s++) {
        json_t *hand = json_array();
        ok = hand != NULL;
        for (int i = 0; ok && i < 8 && rec->hands[s][i] < SK_NCARDS; i++)
            ok = rec_push(hand, json_string(sk_card_name(rec->hands[s][i])));
        ok = rec_push(hands, hand) && ok;
    }
    if (!ok) {
        json_decref(hands);
        return NULL;
    }
    return hands;
}

/* One action: {"seat", "action"} plus "contract" or "card". */
static json_t *rec_action_json(const sk_action *a)
{
    char code[32];
    const char *name = a->type < NACTION_NAMES ? ACTION_NAMES[a->type] : "unknown";
    json_t *o = json_object();
    bool ok = o && rec_set(o, "seat", json_integer(a->seat)) &&
              rec_set(o, "action", json_string(name));
    if (ok && a->type == SK_ACT_BID) {
        sk_contract_class_code(a->contract, code, sizeof code);
        ok = rec_set(o, "contract", json_string(code));
    } else if (ok && a->type == SK_ACT_DECLARE) {
        sk_contract_code(a->contract, code, sizeof code);
        ok = rec_set(o, "contract", json_string(code));
    } else if (ok && (a->type == SK_ACT_CARD || a->type == SK_ACT_ACCEPT)) {
        ok = rec_set(o, "card", json_string(sk_card_name(a->card)));
    }
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* "actions": every action in order. */
static json_t *rec_actions_json(const sk_record *rec)
{
    json_t *arr = json_array();
    bool ok = arr != NULL;
    int n = rec->nactions < SK_MAX_ACTIONS ? rec->nactions : SK_MAX_ACTIONS;
    for (int i = 0; ok && i < n; i++)
        ok = rec_push(arr, rec_action_json(&rec->actions[i]));
    if (!ok) {
        json_decref(arr);
        return NULL;
    }
    return arr;
}

/* The result of the record's game when it replays to the end, else
 * NULL (an unfinished or broken record is written without a result). */
static json_t *rec_final_result(const sk_record *rec, bool *oom)
{
    sk_game g;
    sk_result res;
    int bad;
    *oom = false;
    if (sk_record_replay(rec, &g, &bad, NULL) < 0 || !sk_game_over(&g) ||
        sk_game_result(&g, &res, NULL) < 0)
        return NULL;
    json_t *o = rec_result_obj(&res);
    *oom = o == NULL;
    return o;
}

/* The record as a JSON object in the documented key order. */
static json_t *rec_record_obj(const sk_record *rec)
{
    char id[sizeof rec->id + 1];
    snprintf(id, sizeof id, "%.*s", (int)sizeof rec->id, rec->id);
    json_t *o = json_object();
    bool ok = o && rec_set(o, "format", json_string(SK_RECORD_FORMAT));
    if (ok && id[0])
        ok = rec_set(o, "id", rec_string_json(id));
    ok = ok && rec_set(o, "rules", rec_rules_json(&rec->rules)) &&
         rec_set(o, "dealer", json_integer(rec->dealer)) &&
         rec_set(o, "first_game", json_boolean(rec->first_game)) &&
         (!rec->bock || rec_set(o, "bock", json_integer(rec->bock))) &&
         (!rec->kreuzbock || rec_set(o, "kreuzbock", json_true())) &&
         rec_set(o, "hands", rec_hands_json(rec)) &&
         rec_set(o, "actions", rec_actions_json(rec));
    bool oom = false;
    json_t *res = ok ? rec_final_result(rec, &oom) : NULL;
    ok = ok && !oom && (!res || rec_set(o, "result", res));
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* Writes the record as one newline-terminated line of JSON, with the
 * result appended when the game replays to its end. */
char *sk_record_write(const sk_record *rec)
{
    if (!rec)
        return NULL;
    json_t *o = rec_record_obj(rec);
    char *s = rec_dump(o, true);
    json_decref(o);
    return s;
}

/* ------------------------------------------------------------------ */
/* Games and records                                                    */
/* ------------------------------------------------------------------ */

/* The action as a record stores it: only the fields its type uses, the
 * others in their empty state, and a bid reduced to its class. */
static sk_action rec_canonical_action(sk_action a)
{
    sk_action c;
    memset(&c, 0, sizeof c);
    c.type = a.type;
    c.seat = a.seat;
    c.card = a.type == SK_ACT_CARD || a.type == SK_ACT_ACCEPT ? a.card : SK_NOCARD;
    c.contract = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
    if (a.type == SK_ACT_DECLARE)
        c.contract = a.contract;
    if (a.type == SK_ACT_BID)
        c.contract = (sk_contract){a.contract.type, SK_NOSUIT, a.contract.tout};
    return c;
}

/* Copies id into dst (size bytes), cut at a UTF-8 character boundary. */
static void rec_copy_id(char *dst, size_t size, const char *id)
{
    size_t n = id ? strlen(id) : 0;
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)id[n] & 0xc0) == 0x80)
            n--;
    }
    if (n)
        memcpy(dst, id, n);
    dst[n] = '\0';
}

/* Builds a record from a game: its ruleset, dealer, hands as dealt and
 * every action so far (finished or not). */
void sk_record_from_game(sk_record *rec, const sk_game *g, const char *id)
{
    memset(rec, 0, sizeof *rec);
    if (g->rules)
        rec->rules = *g->rules;
    rec->dealer = g->pub.dealer;
    rec->first_game = g->pub.first_game;
    rec->bock = g->pub.bock;
    rec->kreuzbock = g->pub.kreuzbock_round;
    memcpy(rec->hands, g->dealt, sizeof rec->hands);
    int n = g->pub.nactions < SK_MAX_ACTIONS ? g->pub.nactions : SK_MAX_ACTIONS;
    for (int i = 0; i < n; i++)
        rec->actions[i] = rec_canonical_action(g->pub.actions[i]);
    rec->nactions = (uint16_t)n;
    rec_copy_id(rec->id, sizeof rec->id, id);
}

/* Replays a record into g: sk_game_init with the record's ruleset (g
 * keeps a pointer to rec->rules), then every action through
 * sk_game_apply.  The first refused action stops the replay with g as it
 * was before it and *bad_index set to its index (-1 when the deal itself
 * is refused). */
int sk_record_replay(const sk_record *rec, sk_game *g, int *bad_index, sk_error *err)
{
    int dummy;
    if (!bad_index)
        bad_index = &dummy;
    *bad_index = -1;
    if (!rec || !g)
        return rec_fail(err, SK_EINVAL, "no record or game given");
    if (rec->dealer >= SK_NSEATS)
        return rec_fail(err, SK_ERANGE, "dealer: %d out of range (0..3)", rec->dealer);
    if (rec->nactions > SK_MAX_ACTIONS)
        return rec_fail(err, SK_ERANGE, "actions: %d actions, at most %d", rec->nactions,
                        SK_MAX_ACTIONS);
    sk_error sub = {"", NULL};
    int rc = sk_game_init(g, &rec->rules, rec->dealer, rec->hands, rec->first_game != 0, &sub);
    if (rc < 0)
        return rec_fail(err, rc, "hands: %s", sub.msg);
    if ((rc = sk_game_set_round(g, rec->bock, rec->kreuzbock != 0, &sub)) < 0)
        return rec_fail(err, rc, "bock: %s", sub.msg);
    for (int i = 0; i < rec->nactions; i++) {
        sk_game before = *g;
        rc = sk_game_apply(g, rec->actions[i], &sub);
        if (rc < 0) {
            *g = before;
            *bad_index = i;
            rec_fail(err, rc, "actions[%d]: %s", i, sub.msg);
            if (err)
                err->rule = sub.rule;
            return rc;
        }
    }
    return SK_OK;
}
