/*
 * ui_curses_pages.c -- the pages of the full-screen mode that replace
 * the table for a while: a finished game with the score sheet, the
 * course of a game, a replay's steps, and the settings screen.
 */
#include "ui_curses.h"

#include <stdlib.h>
#include <string.h>

static void pages_footer(const skx_table *t, bool last, char *buf, size_t size);

/* Draws the summary page: result, money, score sheet (latest rows). */
static void draw_summary(const skx_table *t, const sk_result *res, const char *explain,
                         bool last)
{
    erase();
    char text[512], line[160];
    snprintf(line, sizeof line, " %s %u", skx_tr(t->lang, L_GAME), t->game_no);
    attron(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
    mvhline(0, 0, ' ', COLS);
    skx_curses_put(0, 0, line, COLS);
    attroff(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
    skx_table_result_text(t, res, text, sizeof text);
    char *nl = strchr(text, '\n');
    if (nl)
        *nl = '\0';
    attron(A_BOLD);
    skx_curses_put(2, 1, text, 78);
    attroff(A_BOLD);
    if (nl)
        skx_curses_put(3, 1, nl + 1, 78);
    snprintf(line, sizeof line, "%s", explain);
    skx_curses_put(4, 1, line, 78);
    if (skx_u8width(line) > 78)
        skx_curses_put(5, 3, line + skx_u8offset(line, 78), 76);
    attron(A_BOLD);
    skx_table_sheet_title(t, line, sizeof line);
    skx_curses_put(7, 1, line, 78);
    skx_table_score_line(t, 0, NULL, line, sizeof line);
    skx_curses_put(8, 1, line, 78);
    attroff(A_BOLD);
    int room = LINES - 12, first = t->nrows > room ? t->nrows - room : 0;
    int y = 9;
    for (int i = first; i < t->nrows; i++) {
        skx_table_score_line(t, i + 1, &t->rows[i], line, sizeof line);
        skx_curses_put(y++, 1, line, 78);
    }
    skx_table_score_line(t, 1, NULL, line, sizeof line);
    attron(A_BOLD);
    skx_curses_put(y, 1, line, 78);
    attroff(A_BOLD);
    attron(A_DIM);
    pages_footer(t, last, line, sizeof line);
    skx_curses_put(LINES - 1, 0, line, COLS);
    attroff(A_DIM);
    refresh();
}

/* Draws the course of the finished game (t->course) as a page: hands,
 * tricks, result and settlement; `footer` on the last line. */
static void draw_course(const skx_table *t, const char *footer)
{
    erase();
    int y = 0;
    for (const char *s = t->course; s && *s && y < LINES - 1; y++) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        char line[700];
        snprintf(line, sizeof line, "%.*s", (int)n, s);
        if (y == 0)
            attron(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
        skx_curses_put(y, y == 0 ? 0 : 1, line, COLS - 1);
        if (y == 0)
            attroff(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
        s = nl ? nl + 1 : s + n;
    }
    attron(A_DIM);
    skx_curses_put(LINES - 1, 0, footer, COLS);
    attroff(A_DIM);
    refresh();
}

/* Draws the session's statistics (stats.c) as a page, the course over
 * time cut to the games that fit; `footer` on the last line. */
static void draw_stats(const skx_table *t, const char *footer)
{
    erase();
    int fixed = 14; /* the lines above the course, and the footer */
    char *text = skx_stats_text(t->lang, t->human, t->rows, t->nrows,
                                LINES - fixed > 1 ? LINES - fixed : 1, skx_table_tournament(t));
    attron(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
    mvhline(0, 0, ' ', COLS);
    attroff(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
    int y = 0;
    for (const char *s = text; s && *s && y < LINES - 1; y++) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        char line[300];
        snprintf(line, sizeof line, "%s%.*s", y == 0 ? " " : "", (int)n, s);
        if (y == 0)
            attron(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
        else if (s[0] != ' ')
            attron(A_BOLD);
        skx_curses_put(y, y == 0 ? 0 : 1, line, COLS - 1);
        attroff(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
        s = nl ? nl + 1 : s + n;
    }
    free(text);
    attron(A_DIM);
    skx_curses_put(LINES - 1, 0, footer, COLS);
    attroff(A_DIM);
    refresh();
}

/* Draws the rating of the player's decisions in the finished game (the
 * table of `schafkopf analyze`, `text`; NULL: it could not be rated)
 * from its line `top` on; `footer` on the last line, after the arrows
 * when the text is longer than the page.  Returns the lines of text. */
static int draw_rating(const skx_table *t, const char *text, int top, const char *footer)
{
    erase();
    char line[300];
    snprintf(line, sizeof line, " ");
    snprintf(line + 1, sizeof line - 1, skx_tr(t->lang, L_RATING_TITLE), t->finished_no);
    attron(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
    mvhline(0, 0, ' ', COLS);
    skx_curses_put(0, 0, line, COLS);
    attroff(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
    if (!text)
        text = skx_tr(t->lang, L_RATING_NONE);
    int n = 0, room = LINES - 2;
    for (const char *s = text; *s; n++) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        if (n >= top && n - top < room) {
            snprintf(line, sizeof line, "%.*s", (int)len, s);
            skx_curses_put(1 + n - top, 0, line, COLS);
        }
        s = nl ? nl + 1 : s + len;
    }
    snprintf(line, sizeof line, "%s%s%s", n > room ? skx_tr(t->lang, L_RATING_SCROLL) : "",
             n > room ? "   " : "", footer);
    attron(A_DIM);
    skx_curses_put(LINES - 1, 0, line, COLS);
    attroff(A_DIM);
    refresh();
    return n;
}

/* The rating of the finished game for the player, made when asked: the
 * footer says so meanwhile (it takes a second or two). */
static char *rate_game(const skx_table *t)
{
    attron(A_DIM);
    move(LINES - 1, 0);
    clrtoeol();
    skx_curses_put(LINES - 1, 0, skx_tr(t->lang, L_RATING_WAIT), COLS);
    attroff(A_DIM);
    refresh();
    return skx_analyze_text(t->lang, t->finished, (int)t->finished_no, t->human);
}

/* The footer of a page after a game: how to go on, then the keys of the
 * other pages (v course, s statistics, a rating), each reachable from
 * every page (issue 40: after v, s and a are still there). */
static void pages_footer(const skx_table *t, bool last, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s   %s%s%s", last ? skx_tr(t->lang, L_GOODBYE)
                                                : skx_tr(t->lang, L_CONTINUE),
             t->course ? "   " : "", t->course ? skx_tr(t->lang, L_SHOW_COURSE) : "",
             skx_tr(t->lang, L_SHOW_STATS), t->finished ? "   " : "",
             t->finished ? skx_tr(t->lang, L_SHOW_RATING) : "");
}

/* Shows the summary until a key is pressed; q ends the session.  v, s
 * and a switch between the pages (the same key again: back to the
 * score sheet); while the screen is too small keys do nothing. */
int skx_curses_summary(skx_ui *ui, const skx_table *t, const sk_result *res,
                          const char *explain, bool last)
{
    curses_ui *u = (curses_ui *)ui;
    int ch;
    enum { SHEET, COURSE, STATS, RATING } page = SHEET;
    char *rated = NULL;
    bool rated_done = false;
    int top = 0, lines = 0;
    for (;;) {
        char footer[256];
        pages_footer(t, last, footer, sizeof footer);
        if (skx_curses_small())
            skx_curses_redraw(u, t); /* says it is too small */
        else if (page == RATING)
            lines = draw_rating(t, rated, top, footer);
        else if (page == STATS)
            draw_stats(t, footer);
        else if (page == COURSE)
            draw_course(t, footer);
        else
            draw_summary(t, res, explain, last);
        ch = getch();
        if (ch == KEY_RESIZE || (ch != ERR && skx_curses_small()))
            continue;
        int want = ch == 'v' || ch == 'V' ? (t->course ? COURSE : -1)
                   : ch == 's' || ch == 'S' ? STATS
                   : ch == 'a' || ch == 'A' ? (t->finished ? RATING : -1)
                                            : -1;
        if (want >= 0) {
            if (want == RATING && !rated_done) {
                rated = rate_game(t);
                rated_done = true;
            }
            page = (int)page == want ? SHEET : want;
            continue;
        }
        if (page == RATING &&
            (ch == KEY_UP || ch == KEY_DOWN || ch == KEY_PPAGE || ch == KEY_NPAGE)) {
            int room = LINES - 2, step = ch == KEY_UP || ch == KEY_DOWN ? 1 : room - 1;
            top += ch == KEY_UP || ch == KEY_PPAGE ? -step : step;
            if (top > lines - room)
                top = lines - room;
            if (top < 0)
                top = 0;
            continue;
        }
        break;
    }
    free(rated);
    u->msg[0] = '\0';
    u->show_last = false;
    return ch == 'q' || ch == 'Q' || ch == ERR ? SKX_UI_QUIT : SKX_UI_OK;
}

/* One replay step: the table with every hand; arrows step.  Past the
 * last action (t->course set) the game's course and settlement. */
int skx_curses_step(skx_ui *ui, const skx_table *t, const char *text)
{
    curses_ui *u = (curses_ui *)ui;
    u->nhand = skx_table_sorted_hand(&t->view.pub, t->view.hand, u->hand);
    u->legal_cards = 0;
    u->menu = NULL;
    snprintf(u->prompt, sizeof u->prompt, "%s", text);
    for (;;) {
        if (t->course)
            draw_course(t, skx_tr(t->lang, L_REPLAY_HELP));
        else
            skx_curses_redraw(u, t);
        int ch = getch();
        if (ch == KEY_RIGHT || ch == ' ' || ch == '\n' || ch == KEY_DOWN)
            return 1;
        if (ch == KEY_LEFT || ch == KEY_BACKSPACE || ch == KEY_UP || ch == 127)
            return -1;
        if (ch == 'q' || ch == 'Q' || ch == 27)
            return SKX_UI_QUIT;
    }
}


/* Draws the settings page in language L: a line per setting, the chosen
 * one reversed with arrows, the note and the file below. */
static void draw_settings(const skx_settings *s, skx_lang L, int sel, const char *note,
                          const char *path)
{
    erase();
    char line[200], value[120];
    attron(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
    mvhline(0, 0, ' ', COLS);
    snprintf(line, sizeof line, " %s", skx_tr(L, L_SETTINGS));
    skx_curses_put(0, 0, line, COLS);
    attroff(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
    for (int f = 0; f < SKX_SET_COUNT; f++) {
        skx_settings_shown(L, s, f, value, sizeof value);
        attron(A_BOLD);
        skx_curses_put(2 + 2 * f, 2, skx_settings_label(L, f), 16);
        attroff(A_BOLD);
        snprintf(line, sizeof line, f == sel ? "◀ %s ▶" : "  %s  ", value);
        if (f == sel)
            attron(A_REVERSE);
        skx_curses_put(2 + 2 * f, 18, line, COLS - 19);
        attroff(A_REVERSE);
    }
    int y = 3 + 2 * SKX_SET_COUNT;
    if (note && note[0])
        skx_curses_put(y++, 2, note, COLS - 3);
    snprintf(line, sizeof line, skx_tr(L, L_SET_FILE), path);
    attron(A_DIM);
    skx_curses_put(y, 2, line, COLS - 3);
    skx_curses_put(LINES - 1, 0, skx_tr(L, L_SET_HELP), COLS);
    attroff(A_DIM);
    refresh();
}

/* The settings screen: arrows choose and change, Enter saves, Esc or
 * q leaves them as they were.  It speaks the language the table will
 * speak once they are saved (skx_settings_page_lang). */
int skx_curses_settings(skx_ui *ui, const skx_table *t, skx_settings *s, const char *note)
{
    (void)ui;
    char path[1024];
    skx_settings_path(path, sizeof path);
    skx_settings edit = *s;
    int sel = 0, rc;
    flushinp();
    for (;;) {
        skx_lang L = skx_settings_page_lang(t, s, &edit);
        draw_settings(&edit, L, sel, note, path);
        int ch = getch();
        if (ch == KEY_UP || ch == KEY_BTAB)
            sel = (sel + SKX_SET_COUNT - 1) % SKX_SET_COUNT;
        else if (ch == KEY_DOWN || ch == '\t')
            sel = (sel + 1) % SKX_SET_COUNT;
        else if (ch == KEY_LEFT || ch == '-')
            skx_settings_step(&edit, sel, -1);
        else if (ch == KEY_RIGHT || ch == '+' || ch == ' ')
            skx_settings_step(&edit, sel, 1);
        else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
            rc = SKX_UI_OK;
            break;
        } else if (ch == 27 || ch == 'q' || ch == 'Q' || ch == ERR) {
            rc = SKX_UI_NO; /* ERR: a signal; the game loop stops */
            break;
        }
    }
    if (rc == SKX_UI_OK)
        *s = edit;
    return rc;
}
