/*
 * arena_log.c -- one arena deal as one line of JSON, and back
 * (docs/arena.md describes the format).
 *
 * Every line carries the whole identity of its match -- bots, format,
 * seed, ruleset, tariff -- so a line means the same wherever it ends up: logs
 * of shards can be concatenated, and `arena --combine` can tell lines of
 * another match from the file alone.  Beside it a line holds exactly the
 * skx_arena_deal the report merges, nothing rounded, so a run's report and
 * the report recomputed from its log are the same text.
 *
 * Reading is strict about what it knows (every member is checked and an
 * error names it, e.g. `games[1].money[2]: expected an integer`) and
 * ignores members it does not know, so later versions can add some.  No
 * I/O here: tests/fuzz/fuzz_arena_log.c includes this file.
 */
#include "lab/arena.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define SKX_ARENA_LOG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SKX_ARENA_LOG_PRINTF(f, a)
#endif

/* The reason a line was refused: a buffer the messages go to. */
typedef struct log_why {
    char *buf;
    size_t size;
} log_why;

static int log_fail(log_why *why, const char *fmt, ...) SKX_ARENA_LOG_PRINTF(2, 3);

/* Writes a formatted reason and returns -1, so every error is one line. */
static int log_fail(log_why *why, const char *fmt, ...)
{
    if (why->buf && why->size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why->buf, why->size, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* Sets obj[key] = v (stealing v); false when out of memory. */
static bool log_set(json_t *obj, const char *key, json_t *v)
{
    return v && json_object_set_new(obj, key, v) == 0;
}

/* Appends v (stealing it) to arr; false when out of memory. */
static bool log_push(json_t *arr, json_t *v)
{
    return v && json_array_append_new(arr, v) == 0;
}

/* Whether a bot spec can go into a log; see arena.h. */
bool skx_arena_spec_ok(const char *spec)
{
    json_t *s = json_string(spec);
    json_decref(s);
    return s != NULL;
}

/* "rules": the preset and the options that differ from it (the same
 * object as in game records). */
static json_t *log_rules_json(const sk_rules *r)
{
    char *text = sk_rules_json(r);
    json_t *o = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    return o;
}

/* "match": what identifies the match (the seed as a string: it uses all
 * 64 bits, more than a JSON reader's integers may hold). */
static json_t *log_match_json(const skx_arena_match *m)
{
    json_t *o = json_object(), *bots = json_array();
    bool ok = o && bots;
    for (int b = 0; ok && b < m->nbots; b++)
        ok = log_push(bots, json_string(m->bots[b]));
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)m->seed);
    ok = ok && log_set(o, "bots", json_incref(bots)) &&
         log_set(o, "format", json_string(skx_arena_format_name(m)));
    json_decref(bots);
    ok = ok && (m->session == 0 || log_set(o, "session", json_integer((json_int_t)m->session)));
    if (ok && log_set(o, "seed", json_string(seed)) && log_set(o, "rules", log_rules_json(&m->rules)) &&
        log_set(o, "tariff", json_string(m->tariff)))
        return o;
    json_decref(o);
    return NULL;
}

/* An array of n integers. */
static json_t *log_ints_json(const int64_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; a && i < n; i++)
        if (!log_push(a, json_integer((json_int_t)v[i]))) {
            json_decref(a);
            return NULL;
        }
    return a;
}

/* The seats of a bit set (bit s = seat s), as an array. */
static json_t *log_seats_json(uint8_t bits)
{
    int64_t seats[SK_NSEATS];
    int n = 0;
    for (int s = 0; s < SK_NSEATS; s++)
        if ((bits >> s) & 1)
            seats[n++] = s;
    return log_ints_json(seats, n);
}

/* "info": the engines' info lines of game `id`, picked from the deal's
 * "GAME SEAT info ...\n" text, each as {"seat": S, "line": "info ..."} in
 * the order read; NULL (no member) when there are none, *oom when out of
 * memory. */
static json_t *log_info_json(const char *id, const char *info, size_t len, bool *oom)
{
    json_t *a = NULL;
    size_t idlen = strlen(id);
    for (const char *p = info, *end = info + len; p && p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        /* "ID S info ...": the id, one space, a seat digit, one space */
        if ((size_t)(eol - p) > idlen + 3 && memcmp(p, id, idlen) == 0 && p[idlen] == ' ' &&
            p[idlen + 1] >= '0' && p[idlen + 1] <= '3' && p[idlen + 2] == ' ') {
            const char *text = p + idlen + 3;
            json_t *o = json_object();
            if (!a)
                a = json_array();
            if (!(a && o && log_set(o, "seat", json_integer(p[idlen + 1] - '0')) &&
                  log_set(o, "line", json_stringn(text, (size_t)(eol - text))) &&
                  log_push(a, json_incref(o)))) {
                json_decref(o);
                json_decref(a);
                *oom = true;
                return NULL;
            }
            json_decref(o);
        }
        p = nl ? nl + 1 : NULL;
    }
    return a;
}

/* One game: seats' bots, contract, declarer, won, money, tournament, who
 * laid and doubled, and the engines' info lines (`info` of the game `id`). */
static json_t *log_game_json(const skx_arena_game *g, const char *id, const char *info,
                             size_t info_len)
{
    int64_t bots[SK_NSEATS], tp[SK_NSEATS];
    for (int s = 0; s < SK_NSEATS; s++) {
        bots[s] = g->bot_at[s];
        tp[s] = g->tournament[s];
    }
    char code[32];
    sk_contract_code(g->contract, code, sizeof code);
    json_t *o = json_object();
    if (o && log_set(o, "bots", log_ints_json(bots, SK_NSEATS)) &&
        log_set(o, "contract", g->contract.type == SK_C_NONE ? json_null() : json_string(code)) &&
        log_set(o, "declarer", g->declarer < 0 ? json_null() : json_integer(g->declarer)) &&
        log_set(o, "won", json_boolean(g->won)) &&
        log_set(o, "money", log_ints_json(g->money, SK_NSEATS)) &&
        (!g->has_plain || log_set(o, "money_undoubled", log_ints_json(g->plain, SK_NSEATS))) &&
        log_set(o, "tournament", log_ints_json(tp, SK_NSEATS)) &&
        (!g->has_acts || (log_set(o, "klopfen", log_seats_json(g->laid)) &&
                          log_set(o, "kontra", log_seats_json(g->kontra)) &&
                          log_set(o, "retour", log_seats_json(g->retour))))) {
        bool oom = false;
        json_t *lines = info ? log_info_json(id, info, info_len, &oom) : NULL;
        if (!oom && (!lines || log_set(o, "info", lines)))
            return o;
    }
    json_decref(o);
    return NULL;
}

/* "fails": one {"bot", "kind", "count"} per engine failure kind seen. */
static json_t *log_fails_json(const skx_arena_deal *d, int nbots)
{
    json_t *a = json_array();
    for (int b = 0; a && b < nbots; b++)
        for (int k = 1; k < SKX_ENGINE_NFAIL; k++) {
            if (!d->fails[b][k])
                continue;
            json_t *f = json_object();
            if (!(f && log_set(f, "bot", json_integer(b)) &&
                  log_set(f, "kind", json_string(skx_engine_fail_name(k))) &&
                  log_set(f, "count", json_integer(d->fails[b][k])))) {
                json_decref(f);
                f = NULL;
            }
            if (!log_push(a, f)) { /* f is consumed either way */
                json_decref(a);
                return NULL;
            }
        }
    return a;
}

/* One deal as a '\n'-terminated line; see arena.h. */
char *skx_arena_log_format(const skx_arena_match *m, const skx_arena_deal *d, const char *info,
                           size_t info_len)
{
    json_t *root = json_object(), *games = json_array();
    bool ok = root && games;
    for (int r = 0; ok && r < skx_arena_seatings(m); r++) {
        char id[96];
        skx_arena_game_id(m, d->index, r, id, sizeof id);
        ok = log_push(games, log_game_json(&d->games[r], id, info, info_len));
    }
    if (!(ok && log_set(root, "format", json_string(SKX_ARENA_LOG_FORMAT)) &&
          log_set(root, "match", log_match_json(m)) &&
          log_set(root, "deal", json_integer((json_int_t)d->index)) &&
          log_set(root, "games", json_incref(games)) &&
          log_set(root, "fails", log_fails_json(d, m->nbots)))) {
        json_decref(games);
        json_decref(root);
        return NULL;
    }
    json_decref(games);
    char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    size_t len = text ? strlen(text) : 0;
    char *line = text ? malloc(len + 2) : NULL;
    if (line) {
        memcpy(line, text, len);
        memcpy(line + len, "\n", 2);
    }
    free(text);
    return line;
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

/* The JSON type of v in words, for "expected X, got Y" messages. */
static const char *log_type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number with a fraction";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

/* Member `key` of obj, of the given type: NULL with a reason when it is
 * missing or of another type.  `path` names obj in messages ("" = top). */
static json_t *log_get(const json_t *obj, const char *path, const char *key, json_type type,
                       log_why *why)
{
    static const char *const WANT[] = {"an object", "an array", "a string", "an integer",
                                       "a number",  "true",     "false",    "null"};
    json_t *v = json_object_get(obj, key);
    const char *dot = *path ? "." : "";
    if (!v) {
        log_fail(why, "%s%s%s: missing", path, dot, key);
        return NULL;
    }
    bool fits = json_typeof(v) == type || (type == JSON_TRUE && json_is_boolean(v));
    if (!fits) {
        log_fail(why, "%s%s%s: expected %s, got %s", path, dot, key,
                 type == JSON_TRUE ? "a boolean" : WANT[type], log_type_name(v));
        return NULL;
    }
    return v;
}

/* An integer in lo..hi, or -1 with a reason naming `path`. */
static int log_int(const json_t *v, const char *path, long long lo, long long hi,
                   long long *out, log_why *why)
{
    if (!json_is_integer(v))
        return log_fail(why, "%s: expected an integer, got %s", path, log_type_name(v));
    json_int_t n = json_integer_value(v);
    if (n < lo || n > hi)
        return log_fail(why, "%s: %lld is out of range %lld..%lld", path, (long long)n, lo, hi);
    *out = n;
    return 0;
}

/* A string of at most max-1 bytes without NUL, copied into out. */
static int log_string(const json_t *v, const char *path, char *out, size_t max, log_why *why)
{
    if (!json_is_string(v))
        return log_fail(why, "%s: expected a string, got %s", path, log_type_name(v));
    size_t len = json_string_length(v);
    if (len >= max || memchr(json_string_value(v), '\0', len))
        return log_fail(why, "%s: %s", path, len >= max ? "too long" : "contains NUL");
    memcpy(out, json_string_value(v), len + 1);
    return 0;
}

/* An array of exactly n elements, or -1 with a reason. */
static int log_array_n(const json_t *v, const char *path, size_t n, log_why *why)
{
    if (!json_is_array(v))
        return log_fail(why, "%s: expected an array, got %s", path, log_type_name(v));
    if (json_array_size(v) != n)
        return log_fail(why, "%s: %zu elements, not %zu", path, json_array_size(v), n);
    return 0;
}

/* "match.rules": read as in game records, the message under "match.". */
static int log_read_rules(const json_t *rules, sk_rules *r, log_why *why)
{
    char *text = json_dumps(rules, JSON_COMPACT);
    if (!text)
        return log_fail(why, "match.rules: out of memory");
    sk_error err;
    int rc = sk_rules_from_json(r, text, &err);
    free(text);
    return rc < 0 ? log_fail(why, "match.%s", err.msg) : 0;
}

/* "match": bots, seed, rules, tariff. */
static int log_read_match(const json_t *root, skx_arena_match *m, log_why *why)
{
    json_t *o = log_get(root, "", "match", JSON_OBJECT, why), *bots, *seed, *rules, *tariff;
    if (!o || !(bots = log_get(o, "match", "bots", JSON_ARRAY, why)) ||
        !(seed = log_get(o, "match", "seed", JSON_STRING, why)) ||
        !(rules = log_get(o, "match", "rules", JSON_OBJECT, why)) ||
        !(tariff = log_get(o, "match", "tariff", JSON_STRING, why)))
        return -1;
    size_t n = json_array_size(bots);
    if (n < 1 || n > SKX_ARENA_MAX_BOTS)
        return log_fail(why, "match.bots: %zu bots, not 1..%d", n, SKX_ARENA_MAX_BOTS);
    m->nbots = (int)n;
    for (size_t b = 0; b < n; b++) {
        char path[32];
        snprintf(path, sizeof path, "match.bots[%zu]", b);
        if (log_string(json_array_get(bots, b), path, m->bots[b], SKX_ARENA_SPEC_MAX, why) < 0)
            return -1;
        if (!m->bots[b][0])
            return log_fail(why, "%s: empty", path);
    }
    const char *s = json_string_value(seed);
    size_t digits = strspn(s, "0123456789");
    errno = 0;
    unsigned long long v = digits ? strtoull(s, NULL, 10) : 0;
    if (digits == 0 || digits != json_string_length(seed) || digits > 20 || errno == ERANGE)
        return log_fail(why, "match.seed: expected a decimal number below 2^64 as a string");
    m->seed = v;
    /* "format": absent in logs written before it existed, which all
     * rotated the bots */
    json_t *format = json_object_get(o, "format");
    m->format = SKX_ARENA_ROTATE;
    if (format) {
        char name[16], reason[128];
        if (log_string(format, "match.format", name, sizeof name, why) < 0)
            return -1;
        if (skx_arena_format_set(m, name, reason, sizeof reason) < 0)
            return log_fail(why, "match.format: %s", reason);
    }
    /* "session": absent when the match kept no opponent model */
    json_t *session = json_object_get(o, "session");
    m->session = 0;
    if (session) {
        if (!json_is_integer(session) || json_integer_value(session) < 1 ||
            (uint64_t)json_integer_value(session) > SKX_ARENA_MAX_SESSION)
            return log_fail(why, "match.session: expected an integer 1..%llu",
                            (unsigned long long)SKX_ARENA_MAX_SESSION);
        m->session = (uint64_t)json_integer_value(session);
    }
    if (log_string(tariff, "match.tariff", m->tariff, sizeof m->tariff, why) < 0)
        return -1;
    return log_read_rules(rules, &m->rules, why);
}

/* "klopfen", "kontra", "retour" of games[r]: arrays of distinct seats,
 * all three or none (logs of older runs have none: has_acts false). */
static int log_read_acts(const json_t *o, const char *path, skx_arena_game *g, log_why *why)
{
    static const char *const names[] = {"klopfen", "kontra", "retour"};
    uint8_t *bits[] = {&g->laid, &g->kontra, &g->retour};
    int have = 0;
    for (int i = 0; i < 3; i++)
        have += json_object_get(o, names[i]) != NULL;
    if (have == 0)
        return 0;
    for (int i = 0; i < 3; i++) {
        json_t *a = log_get(o, path, names[i], JSON_ARRAY, why), *v;
        if (!a)
            return -1;
        size_t k;
        json_array_foreach(a, k, v) {
            char sub[96];
            long long seat;
            snprintf(sub, sizeof sub, "%s.%s[%zu]", path, names[i], k);
            if (log_int(v, sub, 0, SK_NSEATS - 1, &seat, why) < 0)
                return -1;
            if ((*bits[i] >> seat) & 1)
                return log_fail(why, "%s: seat %lld twice", sub, seat);
            *bits[i] |= (uint8_t)(1u << seat);
        }
    }
    g->has_acts = true;
    return 0;
}

/* "info" of games[r], when present: {"seat": 0..3, "line": "info ..."}
 * objects.  Checked, not kept: the report does not need them. */
static int log_read_info(const json_t *o, const char *path, log_why *why)
{
    json_t *a = json_object_get(o, "info"), *v;
    if (!a)
        return 0;
    if (!json_is_array(a))
        return log_fail(why, "%s.info: expected an array, got %s", path, log_type_name(a));
    size_t k;
    json_array_foreach(a, k, v) {
        char sub[64];
        long long seat;
        snprintf(sub, sizeof sub, "%s.info[%zu]", path, k);
        if (!json_is_object(v))
            return log_fail(why, "%s: expected an object, got %s", sub, log_type_name(v));
        json_t *s = log_get(v, sub, "seat", JSON_INTEGER, why), *line;
        if (!s || !(line = log_get(v, sub, "line", JSON_STRING, why)))
            return -1;
        snprintf(sub, sizeof sub, "%s.info[%zu].seat", path, k);
        if (log_int(s, sub, 0, SK_NSEATS - 1, &seat, why) < 0)
            return -1;
    }
    return 0;
}

/* "games[r]": one seating's game of match m. */
static int log_read_game(const json_t *o, int r, const skx_arena_match *m, skx_arena_game *g,
                         log_why *why)
{
    int nbots = m->nbots;
    char path[24], sub[96]; /* "games[R]" and "games[R].tournament[S]" */
    snprintf(path, sizeof path, "games[%d]", r);
    if (!json_is_object(o))
        return log_fail(why, "%s: expected an object, got %s", path, log_type_name(o));
    json_t *bots, *won, *money, *tp;
    json_t *contract = json_object_get(o, "contract"), *declarer = json_object_get(o, "declarer");
    if (!contract || !declarer) /* both may be null, neither may be missing */
        return log_fail(why, "%s.%s: missing", path, contract ? "declarer" : "contract");
    if (!(bots = log_get(o, path, "bots", JSON_ARRAY, why)) ||
        !(won = log_get(o, path, "won", JSON_TRUE, why)) ||
        !(money = log_get(o, path, "money", JSON_ARRAY, why)) ||
        !(tp = log_get(o, path, "tournament", JSON_ARRAY, why)))
        return -1;
    memset(g, 0, sizeof *g);
    g->contract = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
    g->declarer = -1;
    g->won = json_is_true(won);
    json_t *plain = json_object_get(o, "money_undoubled"); /* absent in older logs */
    g->has_plain = plain != NULL;
    const char *names[] = {"bots", "money", "tournament", "money_undoubled"};
    const json_t *arrays[] = {bots, money, tp, plain};
    for (int i = 0; i < (plain ? 4 : 3); i++) {
        snprintf(sub, sizeof sub, "%s.%s", path, names[i]);
        if (log_array_n(arrays[i], sub, SK_NSEATS, why) < 0)
            return -1;
    }
    uint8_t want[SK_NSEATS];
    skx_arena_seating(m, r, want);
    for (int s = 0; s < SK_NSEATS; s++) {
        long long v;
        snprintf(sub, sizeof sub, "%s.bots[%d]", path, s);
        if (log_int(json_array_get(bots, (size_t)s), sub, 0, nbots - 1, &v, why) < 0)
            return -1;
        g->bot_at[s] = (uint8_t)v;
        if (g->bot_at[s] != want[s]) {
            char seating[SK_NSEATS + 1];
            for (int t = 0; t < SK_NSEATS; t++)
                seating[t] = (char)('A' + want[t]);
            seating[SK_NSEATS] = '\0';
            return log_fail(why, "%s: not seating %d of format %s (%s)", sub, r + 1,
                            skx_arena_format_name(m), seating);
        }
        if (plain) {
            snprintf(sub, sizeof sub, "%s.money_undoubled[%d]", path, s);
            if (log_int(json_array_get(plain, (size_t)s), sub, -(1ll << 44), 1ll << 44, &v,
                        why) < 0)
                return -1;
            g->plain[s] = v;
        }
        snprintf(sub, sizeof sub, "%s.money[%d]", path, s);
        if (log_int(json_array_get(money, (size_t)s), sub, -(1ll << 44), 1ll << 44, &v, why) < 0)
            return -1;
        g->money[s] = v;
        snprintf(sub, sizeof sub, "%s.tournament[%d]", path, s);
        if (log_int(json_array_get(tp, (size_t)s), sub, INT32_MIN, INT32_MAX, &v, why) < 0)
            return -1;
        g->tournament[s] = (int32_t)v;
    }
    if (log_read_acts(o, path, g, why) < 0 || log_read_info(o, path, why) < 0)
        return -1;
    if (!json_is_null(contract)) {
        sk_error err;
        if (!json_is_string(contract))
            return log_fail(why, "%s.contract: expected a string or null, got %s", path,
                            log_type_name(contract));
        if (sk_contract_parse(json_string_value(contract), &g->contract, &err) < 0)
            return log_fail(why, "%s.contract: %s", path, err.msg);
    }
    if (!json_is_null(declarer)) {
        long long v;
        snprintf(sub, sizeof sub, "%s.declarer", path);
        if (log_int(declarer, sub, 0, SK_NSEATS - 1, &v, why) < 0)
            return -1;
        g->declarer = (int8_t)v;
    }
    return 0;
}

/* The failure kind named `name`, or -1. */
static int log_fail_kind(const char *name)
{
    for (int k = 1; k < SKX_ENGINE_NFAIL; k++)
        if (strcmp(name, skx_engine_fail_name(k)) == 0)
            return k;
    return -1;
}

/* "fails": engine failures of the deal, each bot and kind at most once. */
static int log_read_fails(const json_t *fails, int nbots, skx_arena_deal *d, log_why *why)
{
    size_t i;
    json_t *f;
    json_array_foreach(fails, i, f) {
        char path[32];
        snprintf(path, sizeof path, "fails[%zu]", i);
        if (!json_is_object(f))
            return log_fail(why, "%s: expected an object, got %s", path, log_type_name(f));
        json_t *bot = log_get(f, path, "bot", JSON_INTEGER, why), *kind, *count;
        if (!bot || !(kind = log_get(f, path, "kind", JSON_STRING, why)) ||
            !(count = log_get(f, path, "count", JSON_INTEGER, why)))
            return -1;
        long long b, n;
        char sub[48];
        snprintf(sub, sizeof sub, "%s.bot", path);
        if (log_int(bot, sub, 0, nbots - 1, &b, why) < 0)
            return -1;
        snprintf(sub, sizeof sub, "%s.count", path);
        if (log_int(count, sub, 1, UINT32_MAX, &n, why) < 0)
            return -1;
        int k = log_fail_kind(json_string_value(kind));
        if (k < 0)
            return log_fail(why, "%s.kind: not a failure kind (start, timeout, crash, illegal, "
                                 "garbage)", path);
        if (d->fails[b][k])
            return log_fail(why, "%s: bot %lld %s given twice", path, b, skx_engine_fail_name(k));
        d->fails[b][k] = (uint32_t)n;
    }
    return 0;
}

/* Reads the parsed line into m and d. */
static int log_read_root(const json_t *root, skx_arena_match *m, skx_arena_deal *d, log_why *why)
{
    json_t *format = log_get(root, "", "format", JSON_STRING, why), *deal, *games, *fails;
    if (!format)
        return -1;
    if (strcmp(json_string_value(format), SKX_ARENA_LOG_FORMAT) != 0)
        return log_fail(why, "format: not \"%s\"", SKX_ARENA_LOG_FORMAT);
    if (log_read_match(root, m, why) < 0 || !(deal = log_get(root, "", "deal", JSON_INTEGER, why)) ||
        !(games = log_get(root, "", "games", JSON_ARRAY, why)) ||
        !(fails = log_get(root, "", "fails", JSON_ARRAY, why)))
        return -1;
    long long index;
    if (log_int(deal, "deal", 1, (1ll << 53), &index, why) < 0)
        return -1;
    memset(d, 0, sizeof *d);
    d->index = (uint64_t)index;
    int nseat = skx_arena_seatings(m);
    if (log_array_n(games, "games", (size_t)nseat, why) < 0)
        return -1;
    for (int r = 0; r < nseat; r++)
        if (log_read_game(json_array_get(games, (size_t)r), r, m, &d->games[r], why) < 0)
            return -1;
    return log_read_fails(fails, m->nbots, d, why);
}

/* Parses one log line; see arena.h. */
int skx_arena_log_parse(const char *line, size_t len, skx_arena_match *m, skx_arena_deal *d,
                       char *whybuf, size_t whysize)
{
    log_why why = {whybuf, whysize};
    json_error_t jerr;
    json_t *root = json_loadb(line, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root)
        return log_fail(&why, "not JSON: %s (column %d)", jerr.text, jerr.column);
    int rc = json_is_object(root) ? log_read_root(root, m, d, &why)
                                  : log_fail(&why, "expected an object, got %s",
                                             log_type_name(root));
    json_decref(root);
    return rc;
}

/* Formats a ruleset in full into a malloc'd string (NULL: out of memory). */
static char *log_rules_text(const sk_rules *r)
{
    size_t n = sk_rules_format(r, NULL, 0);
    char *text = malloc(n + 1);
    if (text)
        sk_rules_format(r, text, n + 1);
    return text;
}

/* The first member in which two matches differ; see arena.h. */
const char *skx_arena_match_diff(const skx_arena_match *a, const skx_arena_match *b)
{
    if (a->nbots != b->nbots)
        return "bots";
    for (int i = 0; i < a->nbots; i++)
        if (strcmp(a->bots[i], b->bots[i]) != 0)
            return "bots";
    if (a->format != b->format)
        return "format";
    if (a->session != b->session)
        return "session";
    if (a->seed != b->seed)
        return "seed";
    if (strcmp(a->tariff, b->tariff) != 0)
        return "tariff";
    char *ra = log_rules_text(&a->rules), *rb = log_rules_text(&b->rules);
    bool same = ra && rb && strcmp(ra, rb) == 0;
    free(ra);
    free(rb);
    return same ? NULL : "rules";
}
