/*
 * engine_parse.c -- the parsers of what an external engine writes: the
 * handshake lines and the answer to "go".  Pure functions over strings
 * (no I/O, no allocation), so tests/fuzz/fuzz_engine.c can include this
 * file and hammer it with arbitrary bytes.
 */
#include "table/engine.h"

#include <stdio.h>
#include <string.h>

/* Names of the failure kinds, indexed by enum skx_engine_fail. */
static const char *const FAIL_NAMES[SKX_ENGINE_NFAIL] = {"ok",      "start",   "timeout",
                                                        "crash",   "illegal", "garbage"};

/* Short name of a failure kind; "?" for an unknown one. */
const char *skx_engine_fail_name(int kind)
{
    return kind >= 0 && kind < SKX_ENGINE_NFAIL ? FAIL_NAMES[kind] : "?";
}

/* Writes a reason (printf-style) if there is room for one. */
static void set_why(char *why, size_t whysize, const char *text)
{
    if (why && whysize)
        snprintf(why, whysize, "%s", text);
}

/* Checks a raw line in place; see engine.h. */
int skx_engine_clean_line(char *line, size_t len, char *why, size_t whysize)
{
    if (len > SKX_ENGINE_LINE_MAX) {
        set_why(why, whysize, "line too long");
        return -1;
    }
    if (len > 0 && line[len - 1] == '\r')
        len--;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c == '\t')
            continue;
        if (c < 32 || c > 126) {
            char msg[64];
            snprintf(msg, sizeof msg, "bad byte 0x%02x at column %zu", c, i + 1);
            set_why(why, whysize, msg);
            return -1;
        }
    }
    while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    line[len] = '\0';
    return (int)len;
}

/* Skips blanks. */
static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Whether `s` starts with the word `w` (followed by a blank or the end);
 * sets *rest to what follows it. */
static int starts_word(const char *s, const char *w, const char **rest)
{
    size_t n = strlen(w);
    if (strncmp(s, w, n) != 0 || (s[n] && s[n] != ' ' && s[n] != '\t'))
        return 0;
    *rest = skip_blanks(s + n);
    return 1;
}

/* Classifies a cleaned line; see engine.h. */
int skx_engine_classify(const char *line, char *name, size_t namesize)
{
    const char *s = skip_blanks(line), *rest;
    if (!*s)
        return SKX_ELINE_EMPTY;
    if (starts_word(s, "info", &rest))
        return SKX_ELINE_INFO;
    if (starts_word(s, "ready", &rest) && !*rest)
        return SKX_ELINE_READY;
    if (starts_word(s, "id", &rest)) {
        const char *value;
        if (starts_word(rest, "name", &value)) {
            if (name && namesize)
                snprintf(name, namesize, "%s", value);
            return SKX_ELINE_ID;
        }
        if (starts_word(rest, "author", &value))
            return SKX_ELINE_ID;
    }
    return SKX_ELINE_OTHER;
}

/* Parses an answer against the choices on offer; see engine.h. */
int skx_engine_parse_reply(const char *line, const sk_action *legal, int n, int seat,
                          int *fail, char *why, size_t whysize)
{
    /* split into at most two words of bounded length */
    char words[2][48];
    int nwords = 0;
    const char *s = skip_blanks(line);
    while (*s) {
        size_t len = strcspn(s, " \t");
        if (nwords == 2 || len >= sizeof words[0]) {
            *fail = SKX_ENGINE_FAIL_GARBAGE;
            set_why(why, whysize, nwords == 2 ? "more than two words" : "word too long");
            return -1;
        }
        memcpy(words[nwords], s, len);
        words[nwords++][len] = '\0';
        s = skip_blanks(s + len);
    }
    if (nwords == 0) {
        *fail = SKX_ENGINE_FAIL_GARBAGE;
        set_why(why, whysize, "empty answer");
        return -1;
    }
    char text[100];
    snprintf(text, sizeof text, "%s%s%s", words[0], nwords == 2 ? " " : "",
             nwords == 2 ? words[1] : "");
    sk_action a;
    sk_error err = {{0}, NULL};
    if (sk_action_parse(text, &a, &err) < 0) {
        *fail = SKX_ENGINE_FAIL_GARBAGE;
        set_why(why, whysize, err.msg);
        return -1;
    }
    a.seat = (uint8_t)seat;
    for (int i = 0; i < n; i++)
        if (sk_action_equal(a, legal[i]))
            return i;
    *fail = SKX_ENGINE_FAIL_ILLEGAL;
    char msg[64];
    snprintf(msg, sizeof msg, "not one of the %d legal choices", n);
    set_why(why, whysize, msg);
    return -1;
}
