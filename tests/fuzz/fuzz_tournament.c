/*
 * fuzz_tournament.c -- libFuzzer harness for `schafkopf tournament`'s
 * input: the organiser's lines (src/table/tour.c) and the
 * tournament's file.
 *
 * Input starting with '{' is a tournament file (sk_tour_load); anything
 * else is lines, applied one by one to a tournament of 13 players with
 * stages of 4 games whose first stage is drawn (two tables of four, one
 * of five), so table lines, approvals, strikes and corrections reach
 * the sheets.  Whatever the input, nothing may crash, leak or overflow,
 * every sheet line and the standings must sum to zero (5.3.3), the text
 * and HTML output must be writable, and the file written for the
 * tournament must read back to the same standings.
 * Seeds: tests/fuzz/corpus/fuzz_tournament/.
 */
#include "../../src/table/sheet.c"
#include "../../src/table/sheet_print.c"
#include "../../src/table/tour.c"
#include "../../src/table/tour_print.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The sums must be zero, the output writable, the file readable again. */
static void check_tour(sk_tour *tr)
{
    static sk_t_line lines[SK_T_MAX_ENTRIES];
    static sk_t_standing st[SK_T_MAX_PLAYERS], back_st[SK_T_MAX_PLAYERS];
    FILE *null = fopen("/dev/null", "w");
    for (int s = 1; s <= tr->t->nstages; s++)
        for (int k = 1; k <= tr->t->stages[s - 1].ntables; k++) {
            int n = sk_t_sheet(tr->t, s, k, lines, SK_T_MAX_ENTRIES, NULL);
            if (n < 0)
                abort(); /* what was booked must book again */
            for (int i = 0; i < n; i++) {
                int sum = 0;
                for (int p = 0; p < 5; p++)
                    sum += lines[i].points[p];
                if (sum != 0)
                    abort();
            }
            if (null)
                sk_tour_print_sheet(tr, s, k, null);
        }
    int n = sk_t_standings(tr->t, st), sum = 0;
    for (int i = 0; i < n; i++)
        sum += st[i].points;
    if (sum != 0)
        abort();
    if (null) {
        sk_tour_print_standings(tr, null);
        sk_tour_html_standings(tr, null);
        for (int s = 1; s <= tr->t->nstages; s++) {
            sk_tour_html_plan(tr, s, null);
            sk_tour_html_sheets(tr, s, null);
        }
        fclose(null);
    }
    json_t *o = sk_tour_json(tr);
    char *text = o ? json_dumps(o, 0) : NULL;
    sk_tour back;
    char why[400];
    if (text && sk_tour_load(&back, text, strlen(text), tr->lang, why, sizeof why) == 0) {
        if (sk_t_standings(back.t, back_st) != n ||
            memcmp(back_st, st, (size_t)n * sizeof *st) != 0)
            abort();
        sk_tour_free(&back);
    } else if (text) {
        abort(); /* what the tournament wrote, it must read */
    }
    free(text);
    json_decref(o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_tour tr;
    char why[400];
    if (size > 0 && data[0] == '{') {
        if (sk_tour_load(&tr, (const char *)data, size, 0, why, sizeof why) == 0) {
            check_tour(&tr);
            sk_tour_free(&tr);
        }
        return 0;
    }
    static const char *const PRELUDE[] = {
        "anmelden Anna bezahlt", "anmelden Bert bezahlt", "anmelden Carl bezahlt",
        "anmelden Dora bezahlt", "anmelden Emil bezahlt", "anmelden Fritz bezahlt",
        "anmelden Gerti bezahlt", "anmelden Hans bezahlt", "anmelden Ida bezahlt",
        "anmelden Jakob bezahlt", "anmelden Kathi bezahlt", "anmelden Luise bezahlt",
        "anmelden Max bezahlt", "spiele 4", "auslosen 1 fuenf"};
    FILE *null = fopen("/dev/null", "w");
    if (!null || sk_tour_init(&tr, "fuzz", size > 0 && (data[0] & 1), why, sizeof why) < 0) {
        if (null)
            fclose(null);
        return 0;
    }
    for (size_t i = 0; i < sizeof PRELUDE / sizeof PRELUDE[0]; i++) {
        if (sk_tour_apply(&tr, PRELUDE[i], 0, null, why, sizeof why) != 0)
            abort();
        json_array_append_new(tr.lines, json_pack("{s:s, s:i}", "line", PRELUDE[i], "at", 0));
    }
    char *line = malloc(size + 1);
    for (size_t at = size ? 1 : 0; line && at < size;) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (data + at)) : size - at;
        memcpy(line, data + at, len);
        line[len] = '\0';
        at += len + 1;
        if (strlen(line) != len || strncmp(line, "drucken", 7) == 0 ||
            strncmp(line, "print", 5) == 0)
            continue; /* no files written by the fuzzer */
        if (sk_tour_apply(&tr, line, 1000, null, why, sizeof why) == 0)
            json_array_append_new(tr.lines, json_pack("{s:s, s:i}", "line", line, "at", 1000));
    }
    free(line);
    fclose(null);
    check_tour(&tr);
    sk_tour_free(&tr);
    return 0;
}
