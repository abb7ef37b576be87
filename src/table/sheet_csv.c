/*
 * sheet_csv.c -- an evening's sheet read back from its CSV (what
 * sk_sheet_print_csv writes; schafkopf/table.h, docs/rules.md "CSV").
 *
 * The CSV holds each deal's line as typed (the `entry` column) beside
 * what it gave.  Reading books every entry again under the sheet's own
 * ruleset and requires the rest of the row to be what the booking gives
 * -- the dealer, kind, contract, fault, each player's cents and points,
 * the pot -- so a CSV of another ruleset, another seating or an edited
 * amount is refused, naming the row and the column, and the sheet is
 * left as it was.  A sheet written, read and written again is the same
 * text.  The input is outside input: quoted fields with doubled quotes,
 * a field of at most SK_SHEET_MAX_LINE bytes, at most the columns the
 * header must have.
 */
#include "schafkopf/table.h"

#include <stdlib.h>
#include <string.h>

/* The columns before the amounts, as the header names them. */
static const char *const HEAD[] = {"game", "dealer", "kind", "contract", "fault", "entry"};
enum { C_GAME, C_DEALER, C_KIND, C_CONTRACT, C_FAULT, C_ENTRY, C_AMOUNTS };
#define MAX_COLUMNS (C_AMOUNTS + 2 * 5 + 1)

/* The refusals, German and English: row, column, and what. */
enum {
    CW_WHERE, CW_QUOTE, CW_LONG, CW_COLUMNS, CW_HEADER, CW_NUMBER, CW_GAME, CW_COMMAND,
    CW_DIFFERS, CW_EMPTY, CW_COUNT
};
static const char *const CSV_WORDS[2][CW_COUNT] = {
    {
        [CW_WHERE] = "CSV Zeile %d, Spalte %d (%s): ",
        [CW_QUOTE] = "ein Feld in Anführungszeichen ist nicht richtig abgeschlossen",
        [CW_LONG] = "Feld zu lang (höchstens %d Bytes)",
        [CW_COLUMNS] = "%d Spalten, erwartet %d (die Spieler des Zettels)",
        [CW_HEADER] = "erwartet \"%s\", steht da: \"%s\"",
        [CW_NUMBER] = "keine ganze Zahl: \"%s\"",
        [CW_GAME] = "Spiel %s, als nächstes kommt auf dem Zettel Spiel %d",
        [CW_COMMAND] = "ein Befehl, kein Spiel",
        [CW_DIFFERS] = "in der Datei \"%s\", nach den Regeln des Zettels \"%s\"",
        [CW_EMPTY] = "keine Kopfzeile",
    },
    {
        [CW_WHERE] = "CSV row %d, column %d (%s): ",
        [CW_QUOTE] = "a quoted field is not closed properly",
        [CW_LONG] = "field too long (at most %d bytes)",
        [CW_COLUMNS] = "%d columns, expected %d (the sheet's players)",
        [CW_HEADER] = "expected \"%s\", found \"%s\"",
        [CW_NUMBER] = "not a whole number: \"%s\"",
        [CW_GAME] = "game %s, but the sheet's next game is %d",
        [CW_COMMAND] = "a command, not a deal",
        [CW_DIFFERS] = "\"%s\" in the file, \"%s\" under the sheet's rules",
        [CW_EMPTY] = "no header row",
    }};

/* One record of the CSV: its fields, each NUL-terminated in `text`. */
typedef struct csv_record {
    int n;
    char *field[MAX_COLUMNS];
    char text[MAX_COLUMNS * (SK_SHEET_MAX_LINE + 1)];
} csv_record;

/* Reads the record at *pos: 1 read, 0 at the end, -1 with the fault
 * (CW_QUOTE, CW_LONG, CW_COLUMNS) in *fault and the column in *column.
 * Empty lines are skipped. */
static int read_record(const char *s, size_t len, size_t *pos, csv_record *r, int *fault,
                       int *column)
{
    size_t i = *pos;
    while (i < len && (s[i] == '\n' || (s[i] == '\r' && i + 1 < len && s[i + 1] == '\n')))
        i++;
    if (i >= len) {
        *pos = i;
        return 0;
    }
    char *out = r->text;
    r->n = 0;
    for (;;) {
        if (r->n == MAX_COLUMNS) {
            *fault = CW_COLUMNS, *column = r->n + 1;
            return -1;
        }
        r->field[r->n++] = out;
        size_t n = 0;
        *column = r->n;
        if (i < len && s[i] == '"') {
            for (i++;; i++) {
                if (i >= len) {
                    *fault = CW_QUOTE;
                    return -1;
                }
                if (s[i] == '"') {
                    if (i + 1 < len && s[i + 1] == '"')
                        i++;
                    else
                        break;
                }
                if (n == SK_SHEET_MAX_LINE) {
                    *fault = CW_LONG;
                    return -1;
                }
                out[n++] = s[i];
            }
            i++; /* the closing quote: a comma or the end must follow */
            if (i < len && s[i] != ',' && s[i] != '\n' && s[i] != '\r') {
                *fault = CW_QUOTE;
                return -1;
            }
        } else {
            for (; i < len && s[i] != ',' && s[i] != '\n' && s[i] != '\r'; i++) {
                if (s[i] == '"' || n == SK_SHEET_MAX_LINE) {
                    *fault = s[i] == '"' ? CW_QUOTE : CW_LONG;
                    return -1;
                }
                out[n++] = s[i];
            }
        }
        out[n] = '\0';
        out += n + 1;
        if (i < len && s[i] == ',') {
            i++;
            continue;
        }
        if (i < len && s[i] == '\r') {
            if (i + 1 >= len || s[i + 1] != '\n') {
                *fault = CW_QUOTE;
                return -1;
            }
            i++;
        }
        if (i < len)
            i++; /* the newline */
        *pos = i;
        return 1;
    }
}

/* A whole number of at most 18 digits and a sign; false if it is none. */
static bool whole_number(const char *s, long long *v)
{
    bool neg = *s == '-';
    size_t n = strlen(s + neg);
    if (n == 0 || n > 18 || strspn(s + neg, "0123456789") != n)
        return false;
    *v = 0;
    for (const char *c = s + neg; *c; c++)
        *v = *v * 10 + (*c - '0');
    if (neg)
        *v = -*v;
    return true;
}

/* The header a column must have, for the sheet (as print_csv writes). */
static void column_name(const sk_sheet *sh, int c, char *buf, size_t size)
{
    int np = sh->nplayers;
    if (c < C_AMOUNTS)
        snprintf(buf, size, "%s", HEAD[c]);
    else if (c < C_AMOUNTS + np)
        snprintf(buf, size, "%s cents", sh->names[c - C_AMOUNTS]);
    else if (c < C_AMOUNTS + 2 * np)
        snprintf(buf, size, "%s points", sh->names[c - C_AMOUNTS - np]);
    else
        snprintf(buf, size, "stock");
}

/* Writes "row R, column C (NAME): " and the message into why. */
static int refuse_at(const sk_sheet *sh, int row, int column, char *why, size_t size,
                     const char *msg)
{
    const char *const *w = CSV_WORDS[sh->lang ? 1 : 0];
    char name[SK_SHEET_NAME + 16];
    column_name(sh, column - 1, name, sizeof name);
    char q[SK_ESCAPE_SIZE(40)];
    sk_escape(q, sizeof q, name, strlen(name), 40);
    int n = snprintf(why, size, w[CW_WHERE], row, column, q);
    if (n >= 0 && (size_t)n < size)
        snprintf(why + n, size - (size_t)n, "%s", msg);
    return -1;
}

/* A value from the file, escaped and cut for a message. */
static const char *quoted(const char *s, char buf[SK_ESCAPE_SIZE(40)])
{
    return sk_escape(buf, SK_ESCAPE_SIZE(40), s, strlen(s), 40);
}

/* Checks the data row just booked against the row of the file: 0, or
 * -1 with why naming the first column that differs. */
static int check_row(const sk_sheet *sh, const csv_record *r, int rowno, char *why, size_t size)
{
    const char *const *w = CSV_WORDS[sh->lang ? 1 : 0];
    const sk_sheet_row *row = &sh->rows[sh->n - 1];
    int np = sh->nplayers;
    char want[MAX_COLUMNS][32], msg[400], q1[SK_ESCAPE_SIZE(40)], q2[SK_ESCAPE_SIZE(40)];
    char code[32] = "";
    if (row->outcome.contract.type != SK_C_NONE)
        sk_contract_code(row->outcome.contract, code, sizeof code);
    snprintf(want[C_KIND], 32, "%s", sk_outcome_kind_code(row->outcome.kind));
    snprintf(want[C_CONTRACT], 32, "%s", code);
    snprintf(want[C_FAULT], 32, "%s", sk_fault_code(row->outcome.fault));
    for (int p = 0; p < np; p++) {
        snprintf(want[C_AMOUNTS + p], 32, "%lld", (long long)row->money[p]);
        snprintf(want[C_AMOUNTS + np + p], 32, "%lld", (long long)row->points[p]);
    }
    snprintf(want[C_AMOUNTS + 2 * np], 32, "%lld", (long long)row->stock);
    if (strcmp(r->field[C_DEALER], sh->names[row->dealer]) != 0) {
        snprintf(msg, sizeof msg, w[CW_DIFFERS], quoted(r->field[C_DEALER], q1),
                 sh->names[row->dealer]);
        return refuse_at(sh, rowno, C_DEALER + 1, why, size, msg);
    }
    for (int c = C_KIND; c < C_AMOUNTS + 2 * np + 1; c++) {
        if (c == C_ENTRY)
            continue;
        long long v;
        if (c >= C_AMOUNTS && !whole_number(r->field[c], &v)) {
            snprintf(msg, sizeof msg, w[CW_NUMBER], quoted(r->field[c], q1));
            return refuse_at(sh, rowno, c + 1, why, size, msg);
        }
        if (strcmp(r->field[c], want[c]) != 0) {
            snprintf(msg, sizeof msg, w[CW_DIFFERS], quoted(r->field[c], q1),
                     quoted(want[c], q2));
            return refuse_at(sh, rowno, c + 1, why, size, msg);
        }
    }
    return 0;
}

/* Reads the CSV into the sheet: the header, then each row's entry
 * booked and checked; all or nothing. */
int sk_sheet_import_csv(sk_sheet *sh, const char *text, size_t len, char *why, size_t size)
{
    const char *const *w = CSV_WORDS[sh->lang ? 1 : 0];
    csv_record *r = malloc(sizeof *r);
    if (!r) {
        snprintf(why, size, "out of memory");
        return -1;
    }
    int np = sh->nplayers, columns = C_AMOUNTS + 2 * np + 1, start = sh->n;
    int fault = 0, column = 0, rowno = 1, rc = 0;
    size_t pos = 0;
    char msg[400], name[SK_SHEET_NAME + 16], q[SK_ESCAPE_SIZE(40)];
    int got = read_record(text, len, &pos, r, &fault, &column);
    if (got == 0) {
        snprintf(why, size, "%s", w[CW_EMPTY]);
        rc = -1;
    }
    for (; rc == 0 && got != 0; rowno++) {
        if (got < 0) {
            if (fault == CW_LONG)
                snprintf(msg, sizeof msg, w[CW_LONG], SK_SHEET_MAX_LINE);
            else if (fault == CW_COLUMNS)
                snprintf(msg, sizeof msg, w[CW_COLUMNS], column, columns);
            else
                snprintf(msg, sizeof msg, "%s", w[fault]);
            rc = refuse_at(sh, rowno, column > columns ? columns : column, why, size, msg);
            break;
        }
        if (r->n != columns) {
            snprintf(msg, sizeof msg, w[CW_COLUMNS], r->n, columns);
            rc = refuse_at(sh, rowno, r->n < columns ? r->n : columns, why, size, msg);
            break;
        }
        if (rowno == 1) { /* the header names the sheet's players */
            for (int c = 0; rc == 0 && c < columns; c++) {
                column_name(sh, c, name, sizeof name);
                if (strcmp(r->field[c], name) != 0) {
                    snprintf(msg, sizeof msg, w[CW_HEADER], name, quoted(r->field[c], q));
                    rc = refuse_at(sh, rowno, c + 1, why, size, msg);
                }
            }
        } else {
            long long game;
            int cmd = -1;
            char reason[320];
            if (!whole_number(r->field[C_GAME], &game) || game != sh->n + 1) {
                snprintf(msg, sizeof msg, w[CW_GAME], quoted(r->field[C_GAME], q), sh->n + 1);
                rc = refuse_at(sh, rowno, C_GAME + 1, why, size, msg);
                break;
            }
            int added = sk_sheet_add(sh, r->field[C_ENTRY], &cmd, reason, sizeof reason);
            if (added != 0) {
                rc = refuse_at(sh, rowno, C_ENTRY + 1, why, size,
                               added > 0 ? w[CW_COMMAND] : reason);
                break;
            }
            rc = check_row(sh, r, rowno, why, size);
        }
        if (rc == 0)
            got = read_record(text, len, &pos, r, &fault, &column);
    }
    if (rc < 0)
        sk_sheet_truncate(sh, start);
    free(r);
    return rc;
}
