/*
 * ui_curses.h -- the parts of the full-screen mode of `schafkopf play`,
 * internal to src/term: the table and its questions (ui_curses.c) and
 * the pages shown instead of the table -- a finished game, its course,
 * a replay's steps, the settings (ui_curses_pages.c).
 */
#ifndef SKX_UI_CURSES_H
#define SKX_UI_CURSES_H

#include "ui.h"

#include <curses.h>

enum { PAIR_E = 1, PAIR_G, PAIR_H, PAIR_S, PAIR_TITLE, PAIR_MARK, PAIR_ERR };
#define PANEL_X 51
#define HAND_Y 18

typedef struct curses_ui {
    skx_ui ui;
    char msg[256];          /* message line: errors, hints */
    char prompt[128];       /* question line */
    bool show_last;         /* 'l': the last trick is on the table */
    const sk_action *menu;  /* non-card choices, or NULL */
    int nmenu, sel;
    uint8_t hand[8];
    int nhand;
    sk_cards legal_cards;   /* cards highlighted */
    /* a number chose at once (a card, a menu's last digit) at this time
     * (skx_now_ms), 0 none: an Enter right after it was typed with the
     * number and is ignored, not taken as the next choice (issue 40) */
    int64_t chose_at;
    bool klopfen;           /* the laying round is offered (the footer says k) */
    SCREEN *screen;
} curses_ui;

/* The byte offset of column `cols` in a UTF-8 string (or its end). */
size_t skx_u8offset(const char *s, int cols);
/* Writes `s` at (y, x) cut to `width` columns. */
void skx_curses_put(int y, int x, const char *s, int width);
/* Whether the screen is too small for the table (keys do nothing then). */
bool skx_curses_small(void);
/* Redraws the whole table screen from the table. */
void skx_curses_redraw(const curses_ui *u, const skx_table *t);

/* The pages (ui_curses_pages.c), as the UI's functions of ui.h. */
int skx_curses_summary(skx_ui *ui, const skx_table *t, const sk_result *res,
                       const char *explain, bool last);
int skx_curses_step(skx_ui *ui, const skx_table *t, const char *text);
int skx_curses_settings(skx_ui *ui, const skx_table *t, skx_settings *s, const char *note);

#endif
