/*
 * fuzz_sheet_csv.c -- libFuzzer harness for a sheet's CSV read back
 * (sk_sheet_import_csv, src/table/sheet_csv.c): outside input, a file a
 * spreadsheet may have touched.
 *
 * The first byte picks the ruleset of the evening (official, five
 * players, the Stock with Bock rounds, stammtisch) and whether it has a
 * deal already; the rest is the CSV.  Whatever the input, nothing may
 * crash, leak or overflow; a refused CSV leaves the sheet as it was; an
 * accepted one, written again and read into a fresh sheet, gives the
 * same text (export, import, export is the identity).
 * Seeds: tests/fuzz/corpus/fuzz_sheet_csv/.
 */
#include "../../src/table/sheet.c"
#include "../../src/table/sheet_csv.c"
#include "../../src/table/sheet_print.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The sheet as CSV text (malloc'd, NULL without memory). */
static char *csv_text(const sk_sheet *sh)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        return NULL;
    sk_sheet_print_csv(sh, out);
    fclose(out);
    return text;
}

/* An evening of ruleset `which`, empty. */
static void evening(sk_sheet *sh, int which)
{
    static const char *const RULES[] = {
        "", "\"players\":\"5\"",
        "\"bock_games\":\"4\",\"bock_on_throw_in\":\"yes\",\"stock\":\"side\"", ""};
    static const char *const PRESETS[] = {"official", "official", "official", "stammtisch"};
    char text[512], why[320];
    snprintf(text, sizeof text,
             "{\"format\":\"schafkopf-sheet\",\"version\":1,\"rules\":{\"preset\":\"%s\","
             "\"overrides\":{%s}},\"players\":[\"Anna\",\"Bert\",\"Chris\",\"Dora\"%s],"
             "\"first_dealer\":1,\"entries\":[]}",
             PRESETS[which], RULES[which], which == 1 ? ",\"Eva\"" : "");
    if (sk_sheet_load(sh, text, strlen(text), 1, why, sizeof why) < 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    int which = data[0] & 3;
    sk_sheet sh;
    evening(&sh, which);
    char why[600];
    int cmd;
    if (data[0] & 4)
        sk_sheet_add(&sh, "thrown_in", &cmd, why, sizeof why);
    char *before = csv_text(&sh);
    int n = sh.n;
    int64_t stock = sh.session.stock;
    if (sk_sheet_import_csv(&sh, (const char *)data + 1, size - 1, why, sizeof why) < 0) {
        char *after = csv_text(&sh);
        if (sh.n != n || sh.session.stock != stock || !before || !after ||
            strcmp(before, after) != 0)
            abort(); /* a refused CSV changes nothing */
        free(after);
    } else {
        char *text = csv_text(&sh);
        sk_sheet back;
        evening(&back, which);
        if (text && sk_sheet_import_csv(&back, text, strlen(text), why, sizeof why) < 0)
            abort(); /* what the sheet wrote, it reads */
        char *again = csv_text(&back);
        if (text && again && strcmp(text, again) != 0)
            abort(); /* and writes again the same */
        free(again);
        free(text);
        sk_sheet_free(&back);
    }
    free(before);
    sk_sheet_free(&sh);
    return 0;
}
