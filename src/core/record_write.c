/*
 * record_write.c -- writing game records and results as JSON
 * (docs/record-format.md): one object on one line, keys in a fixed
 * order, only what a replay needs plus the result for readers.
 */
#include "record_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    size_t n = json_dumpb(v, NULL, 0, SKX_RECORD_DUMP_FLAGS);
    if (n == 0)
        return NULL;
    char *buf = malloc(n + 2);
    if (!buf)
        return NULL;
    if (json_dumpb(v, buf, n, SKX_RECORD_DUMP_FLAGS) != n) {
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
    const char *name = a->type < SKX_NACTION_NAMES ? skx_action_names[a->type] : "unknown";
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
    bool ok = o && rec_set(o, "format", json_string(SKX_RECORD_FORMAT));
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
