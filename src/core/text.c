/*
 * text.c -- quoting untrusted text in messages.
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
