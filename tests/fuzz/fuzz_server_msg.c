/*
 * fuzz_server_msg.c -- libFuzzer harness for the server's client-message
 * parser (src/server/proto/proto.c, docs/server-protocol.md).
 *
 * Feeds arbitrary bytes to skx_msg_parse and skx_msg_ref (the ref a
 * refusal echoes: the same as the parser's).  Whatever the input, parsing
 * must not crash; a refused message has a kind and a printable ASCII
 * message (input is quoted escaped); an accepted one has a known type,
 * every string within its cap and free of control characters, a room
 * code of the invitation alphabet, a seat 0..4 where one is given (five
 * players; each room checks its own), a timer 0..600, a pause 0 or 1,
 * an account's name of 3..31 bytes without a space at either end and a
 * password of 8..256 bytes; a book's code of the same alphabet, a key of
 * 64 or 32 hex digits, a line of 1..1024 bytes, at most 16 distinct
 * names, a language 0 or 1 where one is given; a table's rules (required)
 * and a book's (where given) kept as the JSON text of an object.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../src/server/proto/proto.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether a text is printable ASCII only. */
static int printable(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p >= 0x7f)
            return 0;
    return 1;
}

/* Whether a string has no control characters. */
static int clean(const char *s, size_t cap)
{
    size_t n = strlen(s);
    if (n > cap)
        return 0;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skx_msg m;
    sk_error err = {{0}, NULL};
    const char *code = NULL;
    /* the ref the rate limit echoes: clean, and the parser's own when
     * it reads one */
    char ref[SKX_REF_MAX + 1];
    skx_msg_ref((const char *)data, size, ref);
    if (!clean(ref, SKX_REF_MAX))
        abort();
    if (skx_msg_parse((const char *)data, size, &m, &code, &err) < 0) {
        if (!code || !err.msg[0] || !printable(err.msg) || (m.ref[0] && strcmp(m.ref, ref) != 0))
            abort();
        return 0;
    }
    if (strcmp(m.ref, ref) != 0)
        abort();
    if (m.type < 0 || m.type >= SKX_MSG_NTYPES)
        abort();
    if (!clean(m.ref, SKX_REF_MAX) || !clean(m.name, SKX_NAME_MAX) ||
        !clean(m.text, SKX_CHAT_MAX) || !clean(m.title, SKX_TITLE_MAX) ||
        !clean(m.bot, SKX_BOT_MAX) || !clean(m.action, SKX_ACTION_MAX))
        abort();
    if (m.room[0] && (strlen(m.room) != SKX_CODE_LEN ||
                      strspn(m.room, skx_code_alphabet()) != SKX_CODE_LEN))
        abort();
    if ((m.type == SKX_MSG_JOIN || m.type == SKX_MSG_BOT) && (m.seat < 0 || m.seat >= SKX_SEATS))
        abort();
    if (m.timer < 0 || m.timer > SKX_TIMER_MAX || (m.pause != 0 && m.pause != 1))
        abort();
    if (m.token[0] && strlen(m.token) != SKX_TOKEN_HEX)
        abort();
    for (const char *c = m.book; c; c = c == m.book ? m.group : NULL)
        if (c[0] && (strlen(c) != SKX_CODE_LEN || strspn(c, skx_code_alphabet()) != SKX_CODE_LEN))
            abort();
    size_t kn = strlen(m.key);
    if (kn && ((kn != SKX_BOOK_KEY_HEX && kn != SKX_TABLE_KEY_HEX) ||
               strspn(m.key, "0123456789abcdef") != kn))
        abort();
    if (m.type >= SKX_MSG_BOOK_OPEN && m.type <= SKX_MSG_BOOK_UNDO &&
        strlen(m.book) != SKX_CODE_LEN)
        abort();
    if (m.type == SKX_MSG_BOOK_LINE && (!m.line[0] || !clean(m.line, SKX_BOOK_LINE_MAX)))
        abort();
    if (m.type == SKX_MSG_BOOK_CREATE && (m.kind < 1 || m.kind > 3))
        abort();
    /* a table's rules are required; given ones are kept as the JSON
     * text of an object, for the receiver to read in its language */
    if (m.type == SKX_MSG_CREATE && !m.has_rules)
        abort();
    if (m.has_rules) {
        json_t *rules = json_loads(m.rules_text, 0, NULL);
        int ok = json_is_object(rules);
        json_decref(rules);
        if (!ok)
            abort();
    }
    if (m.nnames < 0 || m.nnames > SKX_BOOK_NAMES || m.lang < -1 || m.lang > 1 ||
        !clean(m.seed, SKX_SEED_MAX))
        abort();
    for (int i = 0; i < m.nnames; i++) {
        if (!m.names[i][0] || !clean(m.names[i], SKX_BOOK_NAME_MAX))
            abort();
        for (int k = 0; k < i; k++)
            if (strcasecmp(m.names[k], m.names[i]) == 0)
                abort();
    }
    if (m.type == SKX_MSG_REGISTER || m.type == SKX_MSG_LOGIN) {
        size_t n = strlen(m.name), pw = strlen(m.password);
        if (n < SKX_ACCOUNT_MIN || n > SKX_NAME_MAX || m.name[0] == ' ' || m.name[n - 1] == ' ' ||
            pw < SKX_PASSWORD_MIN || !clean(m.password, SKX_PASSWORD_MAX))
            abort();
    }
    return 0;
}
