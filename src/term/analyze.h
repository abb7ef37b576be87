/*
 * analyze.h -- what the two halves of `schafkopf analyze` share: the
 * options and tools of one analysis (analyze.c reads the records and
 * prints each game's frame; analyze_rate.c rates each decision and
 * prints its rows).  Internal to src/term.
 */
#ifndef SKX_ANALYZE_H
#define SKX_ANALYZE_H

#include "ui.h"

#include <stdio.h>

/* Per seat: decisions rated and flagged '?', points and money lost by
 * the seat's information and double dummy (a game's, or all games'). */
typedef struct an_tally {
    int rated[SK_NSEATS], flagged[SK_NSEATS];
    double lost_pts[SK_NSEATS], lost_ct[SK_NSEATS];
    int dd_lost_pts[SK_NSEATS];
    int64_t dd_lost_ct[SK_NSEATS];
} an_tally;

/* Options and the tools one analysis needs. */
typedef struct an_ctx {
    uint64_t samples, seed, game_wanted, margin;
    int seat_wanted; /* --seat: rate only this seat's decisions; -1 every seat */
    bool json, legend_done;
    FILE *out; /* where the table or the JSON goes: stdout, or a text */
    int you;   /* the seat named "Du" and the others by where they sit
                  (the game's own rating page), or -1: "Sitz N" */
    skx_lang lang; /* of the table: --lang, German by default (JSON: codes) */
    int jobs; /* threads of the exact searches */
    sk_rater *rater;
    an_tally game;  /* the game being rated */
    an_tally total; /* every game rated so far */
    int games, seats; /* games rated, the most seats of one */
    int unit;         /* their unit: -1 none yet, 0 money, 1 tournament points, 2 both */
} an_ctx;

/* Prints (part of) a table line to x->out; in German with decimal commas. */
void skx_an_out(const an_ctx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Whether the game's table plays for tournament points (docs/rules.md,
 * What a table plays for): then every "money" is tournament points. */
bool skx_an_points_table(const sk_game *g);
/* What a result gives the seat: money in cents, or tournament points. */
int64_t skx_an_score_of(const sk_game *g, const sk_result *res, int seat);
/* The table's word for what the game is played for: cents, or TP. */
const char *skx_an_unit_word(const an_ctx *x, const sk_game *g);
/* Rates one decision (`g`: the state before it) and prints its rows. */
void skx_an_rate(an_ctx *x, const sk_game *g, sk_action a, int gameno, int index);

#endif
