/*
 * proto.c -- parses and checks one client message of the WebSocket
 * protocol (docs/server-protocol.md) into an skx_msg.  Strict: a message
 * is a JSON object with a known "type", only the fields that type takes,
 * each of the right JSON type, length and range; anything else is
 * refused with a message naming the field.  No side effects, no global
 * state: the fuzzer calls it directly.
 */
#include "proto.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The fields each message type takes besides "type" and "ref"; a '!'
 * before a name marks it required. */
typedef struct skx_msg_spec {
    const char *name;
    const char *fields[10];
} skx_msg_spec;

static const skx_msg_spec SPECS[SKX_MSG_NTYPES] = {
    [SKX_MSG_HELLO] = {"hello", {"token", "name", "lang", NULL}},
    [SKX_MSG_PING] = {"ping", {NULL}},
    [SKX_MSG_LOBBY] = {"lobby", {"page", NULL}},
    [SKX_MSG_CREATE] = {"create",
                        {"!rules", "title", "listed", "fallback", "timer", "hold", "settle",
                         "play_on", "watch", NULL}},
    [SKX_MSG_JOIN] = {"join", {"!room", "!seat", NULL}},
    [SKX_MSG_SPECTATE] = {"spectate", {"!room", NULL}},
    [SKX_MSG_LEAVE] = {"leave", {"!room", NULL}},
    [SKX_MSG_BOT] = {"bot", {"!room", "!seat", "!bot", NULL}},
    [SKX_MSG_DECIDE] = {"decide", {"!room", "!action", "!seen", NULL}},
    [SKX_MSG_CHAT] = {"chat", {"!room", "!text", NULL}},
    [SKX_MSG_SYNC] = {"sync", {"!room", "after", NULL}},
    [SKX_MSG_REGISTER] = {"register", {"!name", "!password", NULL}},
    [SKX_MSG_LOGIN] = {"login", {"!name", "!password", NULL}},
    [SKX_MSG_LOGOUT] = {"logout", {NULL}},
    [SKX_MSG_HISTORY] = {"history", {NULL}},
    [SKX_MSG_PAUSE] = {"pause", {"!room", "!pause", NULL}},
    [SKX_MSG_HINT] = {"hint", {"!room", NULL}},
    [SKX_MSG_CLAIM] = {"claim", {"!room", "!seen", NULL}},
    [SKX_MSG_RATE] = {"rate", {"!room", "!game", NULL}},
    [SKX_MSG_BOOK_CREATE] = {"book_create",
                             {"!kind", "title", "rules", "players", "first_dealer", "group",
                              "key", "seed", NULL}},
    [SKX_MSG_BOOK_OPEN] = {"book_open", {"!book", "key", "lang", NULL}},
    [SKX_MSG_BOOK_CLOSE] = {"book_close", {"!book", NULL}},
    [SKX_MSG_BOOK_LINE] = {"book_line", {"!book", "!line", "!seq", "key", NULL}},
    [SKX_MSG_BOOK_UNDO] = {"book_undo", {"!book", "!seq", "key", NULL}},
    [SKX_MSG_NEXT] = {"next", {"!room", NULL}},
    [SKX_MSG_SETTINGS] = {"settings", {"!room", "settle", "play_on", NULL}},
};

/* The alphabet of invitation codes: no 0/o, 1/l/i to misread. */
static const char CODE_ALPHABET[] = "abcdefghjkmnpqrstuvwxyz23456789";

const char *skx_msg_type_name(int type)
{
    return type >= 0 && type < SKX_MSG_NTYPES ? SPECS[type].name : "?";
}

/* Sets the error message and kind; returns SK_EINVAL. */
static int fail(sk_error *err, const char **code, const char *kind, const char *fmt,
                const char *a, const char *b)
{
    *code = kind;
    if (err) {
        snprintf(err->msg, sizeof err->msg, fmt, a, b);
        err->rule = NULL;
    }
    return SK_EINVAL;
}

/* Whether the field `key` is one type `t` takes (and *required). */
static bool field_known(int t, const char *key, bool *required)
{
    for (int i = 0; SPECS[t].fields[i]; i++) {
        const char *f = SPECS[t].fields[i];
        bool req = f[0] == '!';
        if (strcmp(f + req, key) == 0) {
            *required = req;
            return true;
        }
    }
    return false;
}

/* Copies string field `key` (checked: at most `cap` bytes, no control
 * characters, and non-empty when `nonempty`) into out; absent leaves
 * out as it is. */
static int get_string(json_t *obj, const char *tname, const char *key, char *out, size_t cap,
                      bool nonempty, const char **code, sk_error *err)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    if (!json_is_string(v))
        return fail(err, code, "bad_message", "%s.%s: must be a string", tname, key);
    size_t n = json_string_length(v);
    const char *s = json_string_value(v);
    char capbuf[24];
    snprintf(capbuf, sizeof capbuf, "%zu", cap);
    if (n > cap) {
        char what[64];
        snprintf(what, sizeof what, "%s.%s", tname, key);
        return fail(err, code, "bad_message", "%s: longer than %s bytes", what, capbuf);
    }
    if (nonempty && n == 0)
        return fail(err, code, "bad_message", "%s.%s: must not be empty", tname, key);
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch < 0x20 || ch == 0x7f)
            return fail(err, code, "bad_message", "%s.%s: control characters are not allowed",
                        tname, key);
    }
    memcpy(out, s, n);
    out[n] = '\0';
    return 0;
}

/* Reads integer field `key` into *out, checked against [0, max]. */
static int get_uint(json_t *obj, const char *tname, const char *key, uint64_t max,
                    uint64_t *out, const char **code, sk_error *err)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < 0 ||
        (uint64_t)json_integer_value(v) > max) {
        char what[64], range[32];
        snprintf(what, sizeof what, "%s.%s", tname, key);
        snprintf(range, sizeof range, "0..%llu", (unsigned long long)max);
        return fail(err, code, "bad_message", "%s: must be a whole number %s", what, range);
    }
    *out = (uint64_t)json_integer_value(v);
    return 0;
}

/* Checks an account name: SKX_ACCOUNT_MIN..SKX_NAME_MAX bytes of
 * visible UTF-8 (sk_text_visible: no control, invisible or
 * bidirectional character), no space at either end. */
static int check_account_name(const char *tname, const char *name, const char **code,
                              sk_error *err)
{
    size_t n = strlen(name);
    if (n < SKX_ACCOUNT_MIN)
        return fail(err, code, "bad_message", "%s.name: %s", tname,
                    "an account name has 3 to 31 bytes");
    if (name[0] == ' ' || name[n - 1] == ' ')
        return fail(err, code, "bad_message", "%s.name: %s", tname,
                    "no space at the start or the end");
    if (!sk_text_visible(name, n))
        return fail(err, code, "bad_message", "%s.name: %s", tname,
                    "only printable characters (no control or invisible ones)");
    return 0;
}

/* Checks an invitation code's form. */
static int check_code(const char *tname, const char *room, const char **code, sk_error *err)
{
    if (strlen(room) != SKX_CODE_LEN || strspn(room, CODE_ALPHABET) != SKX_CODE_LEN)
        return fail(err, code, "bad_message", "%s.room: not an invitation code (%s)", tname,
                    "16 letters and digits");
    return 0;
}


/* Checks a code field (a room's or a book's) against the invitation
 * alphabet. */
static int check_code_field(const char *tname, const char *field, const char *v,
                            const char **code, sk_error *err)
{
    if (strlen(v) != SKX_CODE_LEN || strspn(v, CODE_ALPHABET) != SKX_CODE_LEN) {
        char what[64];
        snprintf(what, sizeof what, "%s.%s", tname, field);
        return fail(err, code, "bad_message", "%s: not a code (%s)", what,
                    "16 letters and digits");
    }
    return 0;
}

/* Reads the optional "lang" ("de" or "en") into m->lang. */
static int get_lang(json_t *obj, const char *tn, skx_msg *m, const char **code, sk_error *err)
{
    char lang[4] = "";
    int rc = get_string(obj, tn, "lang", lang, 2, false, code, err);
    if (rc)
        return rc;
    if (!json_object_get(obj, "lang"))
        return 0;
    if (strcmp(lang, "de") != 0 && strcmp(lang, "en") != 0)
        return fail(err, code, "bad_message", "%s.%s: must be \"de\" or \"en\"", tn, "lang");
    m->lang = strcmp(lang, "en") == 0;
    return 0;
}

/* Reads the optional key: 64 hex digits (an edit key) or 32 (a table's). */
static int get_key(json_t *obj, const char *tn, skx_msg *m, const char **code, sk_error *err)
{
    int rc = get_string(obj, tn, "key", m->key, SKX_BOOK_KEY_HEX, false, code, err);
    if (rc)
        return rc;
    size_t n = strlen(m->key);
    if (json_object_get(obj, "key") &&
        ((n != SKX_BOOK_KEY_HEX && n != SKX_TABLE_KEY_HEX) ||
         strspn(m->key, "0123456789abcdef") != n))
        return fail(err, code, "bad_message", "%s.key: must be %s", tn,
                    "64 or 32 lowercase hex digits");
    return 0;
}

/* A "rules" object (create, book_create), kept as its JSON text: its
 * options are read by the receiver in the connection's language
 * (sk_sheet_rules_read), so that a refusal names the option in words
 * the player reads.  Absent leaves has_rules 0. */
static int get_rules(json_t *obj, const char *tn, skx_msg *m, const char **code, sk_error *err)
{
    json_t *rules = json_object_get(obj, "rules");
    if (!rules)
        return 0;
    if (!json_is_object(rules))
        return fail(err, code, "bad_message", "%s.rules: %s", tn,
                    "must be an object {\"preset\":..,\"overrides\":{..}}");
    char *text = json_dumps(rules, JSON_COMPACT);
    if (!text)
        return fail(err, code, "internal", "%s.rules: %s", tn, "out of memory");
    size_t n = strlen(text);
    if (n < sizeof m->rules_text)
        memcpy(m->rules_text, text, n + 1);
    free(text);
    if (n >= sizeof m->rules_text) /* (a message is shorter: never) */
        return fail(err, code, "bad_message", "%s.rules: %s", tn, "too long");
    m->has_rules = 1;
    return 0;
}

/* book_create: its kind and what that kind takes. */
static int check_book_create(json_t *obj, skx_msg *m, const char **code, sk_error *err)
{
    const char *tn = "book_create";
    static const char *const kinds[] = {"group", "sheet", "tournament"};
    char kind[16] = "";
    uint64_t u = 0;
    int rc;
    if ((rc = get_string(obj, tn, "kind", kind, 15, true, code, err)))
        return rc;
    for (int i = 0; i < 3; i++)
        if (strcmp(kind, kinds[i]) == 0)
            m->kind = i + 1;
    if (!m->kind)
        return fail(err, code, "bad_message", "%s.kind: %s", tn,
                    "must be \"group\", \"sheet\" or \"tournament\"");
    if ((rc = get_rules(obj, tn, m, code, err)))
        return rc;
    json_t *players = json_object_get(obj, "players");
    if (players) {
        if (!json_is_array(players) || json_array_size(players) > SKX_BOOK_NAMES)
            return fail(err, code, "bad_message", "%s.players: %s", tn,
                        "must be an array of at most 16 names");
        size_t i;
        json_t *v;
        json_array_foreach(players, i, v) {
            json_t *one = json_pack("{s:O}", "players", v);
            rc = one ? get_string(one, tn, "players", m->names[i], SKX_BOOK_NAME_MAX, true,
                                  code, err)
                     : fail(err, code, "internal", "%s.%s: out of memory", tn, "players");
            json_decref(one);
            if (rc)
                return rc;
            for (size_t k = 0; k < i; k++)
                if (strcasecmp(m->names[k], m->names[i]) == 0)
                    return fail(err, code, "bad_message", "%s.players: \"%s\" twice", tn,
                                m->names[i]);
        }
        m->nnames = (int)json_array_size(players);
    }
    if ((rc = get_uint(obj, tn, "first_dealer", SKX_BOOK_NAMES - 1, &u, code, err)))
        return rc;
    m->first_dealer = (int)u;
    if ((rc = get_string(obj, tn, "title", m->title, SKX_TITLE_MAX, false, code, err)) ||
        (rc = get_string(obj, tn, "group", m->group, SKX_CODE_LEN, true, code, err)) ||
        (rc = get_string(obj, tn, "seed", m->seed, SKX_SEED_MAX, true, code, err)) ||
        (rc = get_key(obj, tn, m, code, err)))
        return rc;
    if (m->group[0] && (rc = check_code_field(tn, "group", m->group, code, err)))
        return rc;
    return 0;
}

/* Reads the table settings of create and settings: "settle" (seconds
 * 0..60) and "play_on" (a boolean); -1 for each not given. */
static int get_settings(json_t *obj, const char *tn, skx_msg *m, const char **code,
                        sk_error *err)
{
    uint64_t u = UINT64_MAX;
    int rc = get_uint(obj, tn, "settle", SKX_SETTLE_MAX, &u, code, err);
    if (rc)
        return rc;
    m->settle = u == UINT64_MAX ? -1 : (int)u;
    json_t *v = json_object_get(obj, "play_on");
    if (v && !json_is_boolean(v))
        return fail(err, code, "bad_message", "%s.%s: must be true or false", tn, "play_on");
    m->play_on = v ? json_is_true(v) : -1;
    return 0;
}

/* Checks the fields of one message type beyond their JSON types. */
static int check_fields(json_t *obj, skx_msg *m, const char **code, sk_error *err)
{
    const char *tn = SPECS[m->type].name;
    uint64_t u = 0;
    int rc = 0;
    switch (m->type) {
    case SKX_MSG_HELLO:
        if ((rc = get_string(obj, tn, "token", m->token, SKX_TOKEN_HEX, false, code, err)) ||
            (rc = get_string(obj, tn, "name", m->name, SKX_NAME_MAX, true, code, err)))
            return rc;
        if (m->token[0] && (strlen(m->token) != SKX_TOKEN_HEX ||
                            strspn(m->token, "0123456789abcdef") != SKX_TOKEN_HEX))
            return fail(err, code, "bad_message", "%s.token: must be %s", tn,
                        "64 lowercase hex digits");
        return get_lang(obj, tn, m, code, err);
    case SKX_MSG_BOOK_CREATE:
        return check_book_create(obj, m, code, err);
    case SKX_MSG_BOOK_OPEN:
        if ((rc = get_lang(obj, tn, m, code, err)))
            return rc;
        /* fall through */
    case SKX_MSG_BOOK_CLOSE:
    case SKX_MSG_BOOK_LINE:
    case SKX_MSG_BOOK_UNDO:
        if ((rc = get_string(obj, tn, "book", m->book, SKX_CODE_LEN, true, code, err)) ||
            (rc = check_code_field(tn, "book", m->book, code, err)) ||
            (rc = get_key(obj, tn, m, code, err)) ||
            (rc = get_uint(obj, tn, "seq", UINT32_MAX, &m->seq, code, err)))
            return rc;
        if (m->type == SKX_MSG_BOOK_LINE)
            return get_string(obj, tn, "line", m->line, SKX_BOOK_LINE_MAX, true, code, err);
        return 0;
    case SKX_MSG_REGISTER:
    case SKX_MSG_LOGIN:
        if ((rc = get_string(obj, tn, "name", m->name, SKX_NAME_MAX, true, code, err)) ||
            (rc = get_string(obj, tn, "password", m->password, SKX_PASSWORD_MAX, true, code,
                             err)))
            return rc;
        if (strlen(m->password) < SKX_PASSWORD_MIN)
            return fail(err, code, "bad_message", "%s.password: %s", tn,
                        "at least 8 bytes");
        return check_account_name(tn, m->name, code, err);
    case SKX_MSG_CREATE: {
        /* "rules" is required (SPECS); its options are read in the
         * connection's language by rooms.c */
        if ((rc = get_rules(obj, tn, m, code, err)))
            return rc;
        if ((rc = get_string(obj, tn, "title", m->title, SKX_TITLE_MAX, false, code, err)) ||
            (rc = get_string(obj, tn, "fallback", m->fallback, SKX_BOT_MAX, true, code, err)))
            return rc;
        json_t *listed = json_object_get(obj, "listed");
        if (listed && !json_is_boolean(listed))
            return fail(err, code, "bad_message", "%s.%s: must be true or false", tn, "listed");
        m->listed = listed ? json_is_true(listed) : 1;
        if ((rc = get_uint(obj, tn, "timer", SKX_TIMER_MAX, &u, code, err)))
            return rc;
        m->timer = (int)u;
        u = SKX_HOLD_DEFAULT; /* not given: the default hold */
        if ((rc = get_uint(obj, tn, "hold", SKX_HOLD_MAX, &u, code, err)))
            return rc;
        m->hold = (int)u;
        json_t *watch = json_object_get(obj, "watch");
        if (watch && !json_is_boolean(watch))
            return fail(err, code, "bad_message", "%s.%s: must be true or false", tn, "watch");
        m->watch = json_is_true(watch);
        return get_settings(obj, tn, m, code, err);
    }
    case SKX_MSG_SETTINGS:
        if ((rc = get_settings(obj, tn, m, code, err)))
            return rc;
        if (m->settle < 0 && m->play_on < 0)
            return fail(err, code, "bad_message", "%s: %s", tn,
                        "give \"settle\" or \"play_on\" (or both)");
        return 0;
    case SKX_MSG_PAUSE: {
        json_t *pause = json_object_get(obj, "pause");
        if (!json_is_boolean(pause))
            return fail(err, code, "bad_message", "%s.%s: must be true or false", tn, "pause");
        m->pause = json_is_true(pause);
        return 0;
    }
    case SKX_MSG_DECIDE: {
        if ((rc = get_string(obj, tn, "action", m->action, SKX_ACTION_MAX, true, code, err)) ||
            (rc = get_uint(obj, tn, "seen", UINT32_MAX, &m->seen, code, err)))
            return rc;
        sk_error e = {{0}, NULL};
        if (sk_action_parse(m->action, &m->act, &e) < 0)
            return fail(err, code, "bad_message", "%s: %.200s", "decide.action", e.msg);
        return 0;
    }
    case SKX_MSG_JOIN:
    case SKX_MSG_BOT:
        if ((rc = get_uint(obj, tn, "seat", SKX_SEATS - 1, &u, code, err)))
            return rc;
        m->seat = (int)u;
        if (m->type == SKX_MSG_BOT)
            rc = get_string(obj, tn, "bot", m->bot, SKX_BOT_MAX, false, code, err);
        return rc;
    case SKX_MSG_CHAT:
        return get_string(obj, tn, "text", m->text, SKX_CHAT_MAX, true, code, err);
    case SKX_MSG_CLAIM:
        return get_uint(obj, tn, "seen", UINT32_MAX, &m->seen, code, err);
    case SKX_MSG_SYNC:
        return get_uint(obj, tn, "after", UINT32_MAX, &m->after, code, err);
    case SKX_MSG_LOBBY:
        if ((rc = get_uint(obj, tn, "page", SKX_LOBBY_PAGES_MAX, &u, code, err)))
            return rc;
        m->page = (uint32_t)u;
        return 0;
    case SKX_MSG_RATE:
        if ((rc = get_uint(obj, tn, "game", UINT32_MAX, &u, code, err)))
            return rc;
        if (u == 0)
            return fail(err, code, "bad_message", "%s.%s: games count from 1", tn, "game");
        m->game = (uint32_t)u;
        return 0;
    default:
        return 0;
    }
}

/* Copies the object's "ref" into out when it is one a reply may echo (a
 * string of at most SKX_REF_MAX bytes without control characters);
 * else out stays "" (and skx_msg_parse names what is wrong with it). */
static void peek_ref(json_t *obj, char out[SKX_REF_MAX + 1])
{
    json_t *v = json_object_get(obj, "ref");
    if (!json_is_string(v) || json_string_length(v) > SKX_REF_MAX)
        return;
    const char *s = json_string_value(v);
    size_t n = json_string_length(v);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
            return;
    memcpy(out, s, n);
    out[n] = '\0';
}

/* The "ref" of a message that is not handled (refused by the rate
 * limit): a reply echoes it like any other; "" if the message has none
 * or is no JSON object. */
void skx_msg_ref(const char *data, size_t len, char out[SKX_REF_MAX + 1])
{
    out[0] = '\0';
    if (len > SKX_MSG_MAX)
        return;
    json_t *obj = json_loadb(data, len, JSON_REJECT_DUPLICATES, NULL);
    if (json_is_object(obj))
        peek_ref(obj, out);
    json_decref(obj);
}

int skx_msg_parse(const char *data, size_t len, skx_msg *m, const char **code, sk_error *err)
{
    memset(m, 0, sizeof *m);
    m->type = -1;
    m->seat = -1;
    m->lang = -1;
    const char *dummy;
    if (!code)
        code = &dummy;
    *code = NULL;
    if (len > SKX_MSG_MAX) {
        char n[24];
        snprintf(n, sizeof n, "%d", SKX_MSG_MAX);
        return fail(err, code, "too_big", "message longer than %s bytes%s", n, "");
    }
    json_error_t je;
    json_t *obj = json_loadb(data, len, JSON_REJECT_DUPLICATES, &je);
    if (!obj) {
        char where[64];
        snprintf(where, sizeof where, "line %d column %d", je.line, je.column);
        char what[SK_ESCAPE_SIZE(60)];
        sk_escape(what, sizeof what, je.text, strlen(je.text), 60);
        return fail(err, code, "bad_json", "not JSON at %.40s: %.160s", where, what);
    }
    int rc = 0;
    if (!json_is_object(obj)) {
        rc = fail(err, code, "bad_message", "a message must be a JSON object%s%s", "", "");
        goto out;
    }
    /* the ref first, so that every refusal below echoes it */
    peek_ref(obj, m->ref);
    json_t *type = json_object_get(obj, "type");
    if (!json_is_string(type)) {
        rc = fail(err, code, "bad_message", "the field \"type\" (a string) is missing%s%s", "",
                  "");
        goto out;
    }
    for (int t = 0; t < SKX_MSG_NTYPES; t++)
        if (strcmp(json_string_value(type), SPECS[t].name) == 0)
            m->type = t;
    if (m->type < 0) {
        char q[SK_ESCAPE_SIZE(24)];
        sk_escape(q, sizeof q, json_string_value(type), json_string_length(type), 24);
        rc = fail(err, code, "bad_message", "unknown message type \"%s\"%s", q, "");
        goto out;
    }
    const char *tn = SPECS[m->type].name;
    const char *key;
    json_t *val;
    json_object_foreach(obj, key, val) {
        bool req;
        if (strcmp(key, "type") == 0 || strcmp(key, "ref") == 0)
            continue;
        if (!field_known(m->type, key, &req)) {
            char q[SK_ESCAPE_SIZE(24)];
            sk_escape(q, sizeof q, key, strlen(key), 24);
            rc = fail(err, code, "bad_message", "%s: unknown field \"%s\"", tn, q);
            goto out;
        }
    }
    for (int i = 0; SPECS[m->type].fields[i]; i++) {
        const char *f = SPECS[m->type].fields[i];
        if (f[0] == '!' && !json_object_get(obj, f + 1)) {
            rc = fail(err, code, "bad_message", "%s: the field \"%s\" is missing", tn, f + 1);
            goto out;
        }
    }
    if ((rc = get_string(obj, tn, "ref", m->ref, SKX_REF_MAX, false, code, err)) ||
        (rc = get_string(obj, tn, "room", m->room, SKX_CODE_LEN, true, code, err)) ||
        (rc = check_fields(obj, m, code, err)))
        goto out;
    if (json_object_get(obj, "room"))
        rc = check_code(tn, m->room, code, err);
out:
    json_decref(obj);
    return rc;
}

/* The alphabet of invitation codes, for the server that makes them. */
const char *skx_code_alphabet(void)
{
    return CODE_ALPHABET;
}
