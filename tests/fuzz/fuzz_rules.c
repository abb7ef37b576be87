/*
 * fuzz_rules.c -- libFuzzer harness for the ruleset file parser.
 *
 * Feeds arbitrary bytes (NUL-terminated copy) to sk_rules_parse on top
 * of the official preset.  Whatever the input, parsing must not crash,
 * and a ruleset it accepts must format and re-parse to the same text.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';

    sk_rules r;
    sk_error err;
    if (sk_rules_preset(&r, "official", &err) != SK_OK)
        abort();
    if (sk_rules_parse(&r, text, &err) == SK_OK) {
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
    } else if (strlen(err.msg) >= sizeof err.msg) {
        abort();
    }
    free(text);
    return 0;
}
