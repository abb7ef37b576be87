/*
 * fuzz_sheet.c -- libFuzzer harness for `schafkopf sheet`'s input: the
 * lines a score keeper types (src/table/sheet.c) and the sheet's file.
 *
 * Input starting with '{' is a sheet file (sk_sheet_load); anything
 * else is lines, booked one by one into an evening whose ruleset the
 * first byte picks (official, stammtisch, five players, Kreuzbock
 * rounds and the Stock), with every command run at the end and now and
 * then an undo.  Whatever the input, nothing may crash, leak or
 * overflow, the sheet and the pot must sum to zero (5.3.3), the file
 * written for the sheet must read back to the same totals, every deal's
 * canonical line (sk_sheet_line) must book again to the same outcome,
 * and the statistics and the chart must take the sheet.
 * Seeds: tests/fuzz/corpus/fuzz_sheet/.
 */
#include "../../src/table/sheet.c"
#include "../../src/table/sheet_chart.c"
#include "../../src/table/sheet_line.c"
#include "../../src/table/sheet_print.c"
#include "../../src/table/sheet_stats.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The totals must sum to zero with the pot, and the file of the sheet
 * must give them again. */
static void check_sheet(const sk_sheet *sh)
{
    int64_t sum = sh->session.stock;
    for (int p = 0; p < 5; p++)
        sum += sh->session.money[p];
    if (sum != 0)
        abort();
    FILE *null = fopen("/dev/null", "w");
    if (null) {
        sk_sheet_print(sh, null, false);
        sk_sheet_print(sh, null, true);
        sk_sheet_print_pay(sh, null);
        sk_sheet_print_csv(sh, null);
        fclose(null);
    }
    json_t *rows = sk_sheet_json(sh, true);
    json_decref(rows);
    json_t *o = sk_sheet_json(sh, false);
    char *text = o ? json_dumps(o, 0) : NULL;
    sk_sheet back;
    char why[320];
    if (text && sk_sheet_load(&back, text, strlen(text), sh->lang, why, sizeof why) == 0) {
        if (back.n != sh->n ||
            memcmp(back.session.money, sh->session.money, sizeof back.session.money) != 0)
            abort();
        sk_sheet_free(&back);
    } else if (text) {
        abort(); /* what the sheet wrote, it must read */
    }
    free(text);
    json_decref(o);
    /* each deal again through its canonical line: the same outcome */
    sk_sheet again;
    sk_sheet_init(&again, &sh->rules, (char(*)[SK_SHEET_NAME])sh->names, sh->first_dealer);
    for (int i = 0; i < sh->n; i++) {
        char line[SK_SHEET_MAX_LINE];
        int cmd;
        if (sk_sheet_line(&again, &sh->rows[i].outcome, line, sizeof line) < 0 ||
            sk_sheet_add(&again, line, &cmd, why, sizeof why) != 0 ||
            memcmp(&again.rows[i].outcome, &sh->rows[i].outcome, sizeof(sk_outcome)) != 0)
            abort();
    }
    if (memcmp(again.session.money, sh->session.money, sizeof again.session.money) != 0)
        abort();
    sk_sheet_free(&again);
    sk_sheet_stats st;
    sk_sheet_stats_init(&st);
    if (sk_sheet_stats_add(&st, sh) < 0 || sk_sheet_stats_add(&st, sh) < 0)
        abort();
    int64_t total = 0;
    for (int p = 0; p < st.nplayers; p++)
        total += st.player[p].money;
    if (total + 2 * sh->session.stock != 0)
        abort();
    null = fopen("/dev/null", "w");
    if (null) {
        sk_sheet_stats_print(&st, sh->lang, sh->rules.score == SK_SCORE_POINTS, null);
        sk_sheet_chart_svg(&st, sh->lang, false, null);
        sk_sheet_chart_svg(&st, sh->lang, true, null);
        fclose(null);
    }
    sk_sheet_stats_free(&st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_sheet sh;
    char why[320];
    if (size > 0 && data[0] == '{') {
        if (sk_sheet_load(&sh, (const char *)data, size, 0, why, sizeof why) == 0) {
            check_sheet(&sh);
            sk_sheet_free(&sh);
        }
        return 0;
    }
    static const char *const RULES[] = {
        "", "\"players\":\"5\"", "\"kreuzbock_on_throw_in\":\"yes\",\"stock\":\"side\"", ""};
    static const char *const PRESETS[] = {"official", "official", "official", "stammtisch"};
    int which = size ? data[0] & 3 : 0;
    char text[512];
    snprintf(text, sizeof text,
             "{\"format\":\"schafkopf-sheet\",\"version\":1,\"rules\":{\"preset\":\"%s\","
             "\"overrides\":{%s}},\"players\":[\"Anna\",\"Bert\",\"Chris\",\"Dora\"%s],"
             "\"first_dealer\":1,\"entries\":[]}",
             PRESETS[which], RULES[which], which == 1 ? ",\"Eva\"" : "");
    if (sk_sheet_load(&sh, text, strlen(text), size > 1 && (data[1] & 1), why, sizeof why) < 0)
        abort();
    char *line = malloc(size + 1);
    if (!line) {
        sk_sheet_free(&sh);
        return 0;
    }
    for (size_t at = size ? 1 : 0; at < size;) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (data + at)) : size - at;
        memcpy(line, data + at, len);
        line[len] = '\0';
        int cmd = -1;
        int rc = sk_sheet_add(&sh, line, &cmd, why, sizeof why);
        if (rc == 1 && cmd == SK_SHEET_K_UNDO && sh.n > 0)
            sk_sheet_undo(&sh);
        at += len + 1;
    }
    free(line);
    check_sheet(&sh);
    sk_sheet_free(&sh);
    return 0;
}
