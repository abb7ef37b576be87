/*
 * text.c -- untrusted text: quoting it in messages, and telling
 * whether a name is made of characters one can see.
 *
 * Messages quote what they refuse (a record id, a rule option, a line of
 * a ruleset file).  That input may hold terminal control sequences, so
 * it is escaped before it reaches a message, always by sk_escape.
 */
#include "schafkopf/core.h"

#include <string.h>

/* Escapes s into out for a message (see core.h): the one place that
 * decides how input looks when it is quoted. */
char *sk_escape(char *out, size_t size, const char *s, size_t n, size_t max)
{
    static const char hex[] = "0123456789abcdef";
    if (!out || size == 0)
        return out;
    size_t o = 0, i = 0;
    bool cut = false;
    for (; s && i < n && s[i]; i++) {
        unsigned char c = (unsigned char)s[i];
        char piece[4];
        size_t k = 0;
        if (c == '"' || c == '\\') {
            piece[k++] = '\\';
            piece[k++] = (char)c;
        } else if (c >= 0x20 && c < 0x7f) {
            piece[k++] = (char)c;
        } else {
            piece[k++] = '\\';
            piece[k++] = 'x';
            piece[k++] = hex[c >> 4];
            piece[k++] = hex[c & 15];
        }
        /* keep room for "..." and the NUL */
        if (i >= max || o + k + 4 > size) {
            cut = true;
            break;
        }
        memcpy(out + o, piece, k);
        o += k;
    }
    if (cut) {
        size_t dots = size - 1 - o < 3 ? size - 1 - o : 3;
        memcpy(out + o, "...", dots);
        o += dots;
    }
    out[o] = '\0';
    return out;
}

/* Whether code point c is a character sk_utf8_visible refuses although
 * it is valid: controls, format and invisible characters, private use,
 * noncharacters (the table is Unicode's Cc, Cf, Zl, Zp, Co and the
 * default-ignorable fillers and selectors). */
static bool invisible(unsigned c)
{
    static const unsigned bad[][2] = {
        {0x00, 0x1f},       {0x7f, 0x9f},       {0xad, 0xad},       {0x34f, 0x34f},
        {0x600, 0x605},     {0x61c, 0x61c},     {0x6dd, 0x6dd},     {0x70f, 0x70f},
        {0x8e2, 0x8e2},     {0x115f, 0x1160},   {0x17b4, 0x17b5},   {0x180b, 0x180f},
        {0x200b, 0x200f},   {0x2028, 0x202e},   {0x2060, 0x206f},   {0x3164, 0x3164},
        {0xd800, 0xdfff},   {0xe000, 0xf8ff},   {0xfdd0, 0xfdef},   {0xfe00, 0xfe0f},
        {0xfeff, 0xfeff},   {0xffa0, 0xffa0},   {0xfff0, 0xfffb},   {0x110bd, 0x110bd},
        {0x110cd, 0x110cd}, {0x13430, 0x1343f}, {0x1bca0, 0x1bca3}, {0x1d173, 0x1d17a},
        {0xe0000, 0xe0fff}, {0xf0000, 0x10ffff}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (c >= bad[i][0] && c <= bad[i][1])
            return true;
    return (c & 0xfffe) == 0xfffe;
}

/* One visible character's length at s, or 0; see core.h. */
size_t sk_utf8_visible(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    if (n == 0)
        return 0;
    size_t len = u[0] < 0x80 ? 1 : u[0] >= 0xc2 && u[0] <= 0xdf ? 2
               : u[0] >= 0xe0 && u[0] <= 0xef ? 3 : u[0] >= 0xf0 && u[0] <= 0xf4 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    unsigned c = len == 1 ? u[0] : u[0] & (0x7fu >> len);
    for (size_t i = 1; i < len; i++) {
        if ((u[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (u[i] & 0x3fu);
    }
    static const unsigned least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[len] || c > 0x10ffff || invisible(c))
        return 0; /* overlong, too large, or not to be seen */
    return len;
}

/* Whether s is all visible characters; see core.h. */
bool sk_text_visible(const char *s, size_t n)
{
    for (size_t i = 0, k; i < n; i += k)
        if ((k = sk_utf8_visible(s + i, n - i)) == 0)
            return false;
    return true;
}
