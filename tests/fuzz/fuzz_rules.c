/*
 * fuzz_rules.c -- libFuzzer harness for the ruleset file parser.
 *
 * Feeds arbitrary bytes to sk_rules_parse_len (the bytes as they are,
 * NULs included, as a file gives them) on top of the official preset.
 * Whatever the input, parsing must not crash; input with a NUL byte is
 * refused; a ruleset it accepts passes sk_rules_validate and formats and
 * re-parses to the same text; every error message is printable ASCII
 * (quoted input is escaped, never echoed raw to a terminal).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether a message is printable ASCII only. */
static int printable(const char *msg)
{
    for (const unsigned char *p = (const unsigned char *)msg; *p; p++)
        if (*p < 0x20 || *p >= 0x7f)
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    sk_rules r;
    sk_error err;
    if (sk_rules_preset(&r, "official", &err) != SK_OK)
        abort();
    unsigned flags = size > 0 && (data[0] & 1) ? SK_RULES_NO_PRESET : 0;
    if (sk_rules_parse_len(&r, text, size, flags, &err) == SK_OK) {
        if (memchr(text, '\0', size))
            abort(); /* a NUL byte was taken for the end */
        if (sk_rules_validate(&r, &err) != SK_OK)
            abort();
        char a[4096], b[4096];
        size_t n = sk_rules_format(&r, a, sizeof a);
        if (n >= sizeof a)
            abort();
        sk_rules back;
        if (sk_rules_preset(&back, "tournament", &err) != SK_OK ||
            sk_rules_parse(&back, a, &err) != SK_OK)
            abort();
        if (sk_rules_format(&back, b, sizeof b) != n || memcmp(a, b, n) != 0)
            abort();
        sk_rules_format_overrides(&r, a, sizeof a);
    } else if (strlen(err.msg) >= sizeof err.msg || !printable(err.msg)) {
        abort();
    }
    return 0;
}
