/*
 * tournament.h -- what the two files of `schafkopf tournament` share:
 * the organiser's lines and the file (tournament.c) and the words, the
 * text output and the printable HTML (tournament_print.c).  Internal to
 * src/cli.
 */
#ifndef SK_CLI_TOURNAMENT_H
#define SK_CLI_TOURNAMENT_H

#include "schafkopf/tournament.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#define TOUR_MAX_LINE 1024
#define TOUR_MAX_LINES 40000
#define TOUR_MAX_FILE (TOUR_MAX_LINES * (TOUR_MAX_LINE + 40) + 65536)

/* The words of the tournament, a table per language. */
enum skx_tour_word {
    TW_TOURNAMENT, TW_STAGE, TW_TABLE, TW_SEAT, TW_START, TW_NAME, TW_POINTS, TW_PLACE,
    TW_PRIZE, TW_BYE, TW_SIGNATURE, TW_REFEREE, TW_ROUND, TW_CHECK, TW_STRUCK, TW_APPROVED,
    TW_SIE, TW_TOUT_WON, TW_TOUT, TW_SOLO_WON, TW_SOLO, TW_GAME, TW_WON, TW_LOST, TW_THROWN,
    TW_REDEAL, TW_PENALTY, TW_WITHDRAWN, TW_UNPAID, TW_FOR, TW_CORRECTIONS, TW_BY, TW_WHY,
    TW_WHEN, TW_SEED, TW_SEATING_PLAN, TW_STANDINGS, TW_SHEET, TW_DEALS_FIRST, TW_PLUS,
    TW_MINUS, TW_REFUSED, TW_UNKNOWN, TW_HELP, TW_SAVE_FAILED, TW_REGISTERED, TW_DRAWN,
    TW_WRITTEN, TW_LOTS, TW_KEEPER, TW_OK, TW_NEEDS_APPROVAL, TW_FIRST_GAME, TW_CORRECTED, TW_CHANGE,
    TW_COUNT
};

/* A word in language lang (0 German, 1 English). */
const char *skx_tour_word(int lang, int word);
/* A core refusal (sk_error from schafkopf/tournament.h) in lang. */
void skx_tour_refusal(int lang, const sk_error *err, char *why, size_t size);

/* The organiser's tournament: the model and the lines that made it. */
typedef struct skx_tour {
    sk_tournament *t;
    int lang;
    json_t *lines;        /* [{"line": TEXT, "at": SECONDS}, ...] */
} skx_tour;

/* Applies one line at time `at`: 0 (a change: append it to lines),
 * 1 for a command that changes nothing (done, output to out), -1 with
 * why (nothing changed). */
int skx_tour_apply(skx_tour *tr, const char *line, int64_t at, FILE *out, char *why,
                   size_t size);
/* Reads a tournament file's text, applying every line again; 0 or -1
 * with why naming the member or the line. */
int skx_tour_load(skx_tour *tr, const char *text, size_t len, int lang, char *why,
                  size_t size);
/* A fresh tournament with the published seed; 0 or -1 with why. */
int skx_tour_init(skx_tour *tr, const char *seed, int lang, char *why, size_t size);
/* The file's JSON (NULL when out of memory). */
json_t *skx_tour_json(const skx_tour *tr);
void skx_tour_free(skx_tour *tr);

/* Text output: the seating plan of a stage, a table's sheet, the standings. */
void skx_tour_print_plan(const skx_tour *tr, int stage, FILE *out);
void skx_tour_print_sheet(const skx_tour *tr, int stage, int table, FILE *out);
void skx_tour_print_standings(const skx_tour *tr, FILE *out);
/* The printable HTML (print styles): "plan", "sheets" (stage), "standings". */
void skx_tour_html_plan(const skx_tour *tr, int stage, FILE *out);
void skx_tour_html_sheets(const skx_tour *tr, int stage, FILE *out);
void skx_tour_html_standings(const skx_tour *tr, FILE *out);
/* What a sheet line was, in words. */
void skx_tour_describe(const skx_tour *tr, const sk_t_table *tb, const sk_t_line *l, char *buf,
                       size_t size);

#endif
