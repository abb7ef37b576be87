/*
 * fuzz_sheet_rules.c -- libFuzzer harness for the house rules of a new
 * score book (sk_sheet_rules_read, the server's book_create "rules").
 *
 * The input is the JSON text of a "rules" object, read in German and in
 * English.  Whatever it is, reading must not crash; both languages take
 * or refuse the same input; a refusal says why in a non-empty message
 * and leaves the ruleset as it was; a ruleset taken and checked
 * (sk_sheet_rules_check) passes core's own validation, and a refused
 * check says why too.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/core.h"
#include "schafkopf/table.h"

/* the table layer is not in the library the harnesses link */
#include "../../src/table/sheet_rules.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    sk_rules r[2], before;
    sk_rules_preset(&before, "official", NULL);
    int rc[2];
    for (int lang = 0; lang < 2; lang++) {
        char why[300] = "";
        memcpy(&r[lang], &before, sizeof before);
        rc[lang] = sk_sheet_rules_read(text, lang, &r[lang], why, sizeof why);
        if (rc[lang] < 0 && (!why[0] || memcmp(&r[lang], &before, sizeof before) != 0))
            abort(); /* a refusal says why and changes nothing */
        if (rc[lang] == 0) {
            char why2[300] = "";
            sk_error err = {{0}, NULL};
            int ok = sk_sheet_rules_check(&r[lang], lang, why2, sizeof why2);
            if (ok == 0 && sk_rules_validate(&r[lang], &err) != SK_OK)
                abort();
            if (ok < 0 && !why2[0])
                abort();
        }
    }
    if ((rc[0] < 0) != (rc[1] < 0))
        abort(); /* the language changes the words only */
    free(text);
    return 0;
}
