/*
 * sheet.h -- what the two files of `schafkopf sheet` share: the evening
 * (sheet.c: reading lines, booking them, the file) and its output
 * (sheet_print.c: the words, the sheet, who pays whom, CSV and JSON).
 * Internal to src/cli.
 */
#ifndef SK_CLI_SHEET_H
#define SK_CLI_SHEET_H

#include "schafkopf/sheet.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#define SHEET_MAX_LINE 1024
#define SHEET_MAX_ENTRIES 4096
#define SHEET_MAX_FILE (SHEET_MAX_ENTRIES * (SHEET_MAX_LINE + 8) + 65536)
#define SHEET_NAME 24

/* The sheet's words, a table per language (sheet_print.c). */
enum skx_sheet_word {
    W_GAME, W_DEALER, W_TOTAL, W_STOCK, W_PAYS, W_TO, W_NOTHING, W_WON, W_LOST, W_WITH,
    W_THROWN, W_RAMSCH_LOST, W_DURCHMARSCH, W_FAULT, W_REDEAL, W_REFUSED, W_LAUFENDE,
    W_KONTRA, W_LAID, W_SITS_OUT, W_UNKNOWN_WORD, W_UNKNOWN_PLAYER, W_BAD_NUMBER,
    W_NO_KIND, W_TOO_LONG, W_FULL, W_UNDONE, W_EMPTY, W_SAVE_FAILED, W_HELP, W_POINTS,
    W_PAY_LINE, W_MISSING_RESULT, W_BAD_TEXT, W_GREETING,
    W_COUNT
};

/* A word of the sheet in language lang (0 German, 1 English). */
const char *skx_sheet_word(int lang, int word);

/* One booked deal: what was entered and what it gave each player. */
typedef struct skx_sheet_row {
    sk_outcome outcome;
    uint8_t seat_player[SK_NSEATS];
    uint8_t dealer;          /* the player who dealt */
    uint8_t won;             /* the declarer's side won (as priced) */
    int64_t money[5];        /* per player, Stock flow included */
    int64_t points[5];
    int64_t stock;           /* the pot after the deal */
} skx_sheet_row;

/* An evening: the ruleset, the players, the session and its rows. */
typedef struct skx_sheet {
    sk_rules rules;
    int nplayers;
    char names[5][SHEET_NAME];
    int first_dealer;
    int lang;                /* 0 German, 1 English */
    sk_session session;
    char **lines;            /* the entries as typed */
    skx_sheet_row *rows;
    int n, cap;
} skx_sheet;


/* Cents as euros, "-1,50" (German) or "-1.50"; returns buf. */
const char *skx_sheet_euros(const skx_sheet *sh, int64_t cents, char buf[32]);
/* What a row's deal was, in words. */
void skx_sheet_describe(const skx_sheet *sh, const skx_sheet_row *row, char *buf, size_t size);
/* The sheet with running totals: money, or tournament points. */
void skx_sheet_print(const skx_sheet *sh, FILE *out, bool points);
/* Who pays whom, with the fewest transfers. */
void skx_sheet_print_pay(const skx_sheet *sh, FILE *out);
/* The sheet as CSV. */
void skx_sheet_print_csv(const skx_sheet *sh, FILE *out);
/* The sheet as JSON: what its file keeps, and with `rows` each deal's
 * amounts and the totals.  NULL when out of memory. */
json_t *skx_sheet_json(const skx_sheet *sh, bool rows);
/* The fewest transfers that settle n <= 6 balances summing to zero;
 * returns how many, written to from/to/amount (room for n). */
int skx_sheet_transfers(const int64_t *balance, int n, int from[], int to[], int64_t amount[]);

/* Whether a player's name is fine (see sheet.c). */
int skx_sheet_name_ok(const char *name);
/* Reads a sheet file's text, booking every entry again; 0 or -1 with
 * why naming the member or entry. */
int skx_sheet_load(skx_sheet *sh, const char *text, size_t len, int lang, char *why,
                   size_t size);
/* Books one line: 0, 1 for a command (its word in *cmd), -1 with why. */
int skx_sheet_add(skx_sheet *sh, const char *line, int *cmd, char *why, size_t size);
/* Reads one deal's line for the session's next deal into an outcome in
 * game seats, booking nothing: 0 or -1 with why (for the tournament). */
int skx_sheet_parse(const skx_sheet *sh, const char *line, sk_outcome *o, char *why,
                    size_t size);
/* A core refusal (sk_error) in the sheet's language. */
void skx_sheet_refusal(const skx_sheet *sh, const sk_error *err, char *why, size_t size);
/* Frees what the sheet holds. */
void skx_sheet_free(skx_sheet *sh);

#endif
