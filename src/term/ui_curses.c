/*
 * ui_curses.c -- the full-screen mode of `schafkopf play` (ncursesw).
 *
 * Fits 80x24 and redraws everything from the table on each event and on
 * KEY_RESIZE, so there is no screen state to get out of step.  The
 * table sits on the left (the trick in the middle, the three others
 * around it, your hand at the bottom); the right panel holds the event
 * log, or the menu when a choice other than a card is asked.
 */
#include "ui_curses.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>

/* Columns of each of the message's two rows (below the prompt). */
#define MSG_WIDTH 49

/* The byte offset of column `cols` in a UTF-8 string (or its end). */
size_t skx_u8offset(const char *s, int cols)
{
    size_t b = 0;
    for (int i = 0; i < cols && s[b]; i++)
        for (b++; (s[b] & 0xc0) == 0x80; b++)
            ;
    return b;
}

/* The width of the right panel: the rest of the screen right of the
 * table (29 columns at 80, more on wider terminals). */
static int panel_width(void)
{
    return COLS - PANEL_X - 1 > 29 ? COLS - PANEL_X - 1 : 29;
}

/* Writes `s` at (y, x) cut to `width` columns. */
void skx_curses_put(int y, int x, const char *s, int width)
{
    int chars = 0;
    size_t bytes = 0;
    while (s[bytes] && chars < width) {
        bytes++;
        while ((s[bytes] & 0xc0) == 0x80)
            bytes++;
        chars++;
    }
    mvaddnstr(y, x, s, (int)bytes);
}

/* Draws a card "[EO]" in its suit's colour; `dim` for a card that may
 * not be played, `sel` for the selected one. */
static void draw_card(int y, int x, int card, bool dim, bool sel)
{
    attr_t a = COLOR_PAIR(PAIR_E + SK_SUIT_OF(card)) | (dim ? A_DIM : A_BOLD);
    if (sel)
        a |= A_REVERSE;
    attron(a);
    mvprintw(y, x, "[%s]", sk_card_name(card));
    attroff(a);
}

/* Where each seat sits, by its place relative to the human (0 you,
 * 1 left, 2 across, 3 right): name line and trick card. */
static const struct {
    int name_y, name_x, card_y, card_x;
} PLACES[4] = {{13, 20, 11, 23}, {6, 1, 8, 13}, {2, 20, 5, 23}, {6, 30, 8, 33}};

/* Draws one seat: name, dealer and turn markers, last word. */
static void draw_seat(const skx_table *t, int seat)
{
    const sk_public *p = &t->view.pub;
    int rel = ((seat - t->human) % 4 + 4) % 4;
    int y = PLACES[rel].name_y, x = PLACES[rel].name_x;
    char line[96];
    snprintf(line, sizeof line, "%s%s (%d)%s", p->to_move == seat ? "▶ " : "",
             skx_lang_seat(t->lang, t->human, seat), seat, p->dealer == seat ? " ●" : "");
    attron(A_BOLD | (p->to_move == seat ? COLOR_PAIR(PAIR_MARK) : 0));
    int width = rel == 1 ? 28 : 20;
    skx_curses_put(y, x, line, width);
    attroff(A_BOLD | COLOR_PAIR(PAIR_MARK));
    const char *role = "";
    if (p->phase >= SK_PHASE_PLAY && p->contract.type != SK_C_NONE) {
        if (seat == p->declarer)
            role = skx_tr(t->lang, L_DECLARER);
        else if (seat == p->partner)
            role = skx_tr(t->lang, L_PARTNER);
    }
    skx_curses_put(y + 1, x, role[0] ? role : t->said[seat], width);
}

/* Draws the trick in the middle: the current one, or the last one
 * (dimmed, with its winner) while the next has not begun. */
static void draw_trick(const curses_ui *u, const skx_table *t)
{
    const sk_public *p = &t->view.pub;
    const uint8_t *cards = p->trick;
    int len = p->trick_len, leader = p->trick_leader;
    bool last = (u->show_last || len == 0) && p->trick_no > 0 && p->phase >= SK_PHASE_PLAY;
    if (last) {
        int k = p->trick_no - 1;
        cards = p->tricks[k];
        len = 4;
        leader = p->trick_leaders[k];
        char line[80];
        int w = p->trick_winners[k], points = 0;
        for (int i = 0; i < 4; i++)
            points += sk_card_points(cards[i]);
        if (u->show_last)
            snprintf(line, sizeof line, "%s: %s", skx_tr(t->lang, L_LAST_TRICK),
                     skx_lang_seat(t->lang, t->human, w));
        else if (w == t->human) /* "Du stichst – 21 Augen" */
            snprintf(line, sizeof line, skx_tr(t->lang, L_TAKES_LAST_YOU), points);
        else
            snprintf(line, sizeof line, skx_tr(t->lang, L_TAKES_LAST),
                     skx_lang_seat(t->lang, t->human, w), points);
        if (t->trick_end) /* the trick just taken: bright, the winner in bold */
            attron(A_BOLD | COLOR_PAIR(PAIR_MARK));
        skx_curses_put(10, 25 - skx_u8width(line) / 2 > 0 ? 25 - skx_u8width(line) / 2 : 0, line, 48);
        attroff(A_BOLD | COLOR_PAIR(PAIR_MARK));
    }
    for (int i = 0; i < len; i++) {
        int seat = (leader + i) % 4;
        int rel = ((seat - t->human) % 4 + 4) % 4;
        draw_card(PLACES[rel].card_y, PLACES[rel].card_x, cards[i],
                  last && !u->show_last && !t->trick_end, false);
    }
}

/* The contract line: game, declarer, partner or called ace, doublings. */
static void draw_contract(const skx_table *t)
{
    const sk_public *p = &t->view.pub;
    char line[160], name[64];
    if (p->contract.type == SK_C_NONE)
        return;
    skx_lang_contract(t->lang, p->contract, name, sizeof name);
    int n = p->declarer < SK_NSEATS
                ? snprintf(line, sizeof line, "%s: %s",
                           skx_lang_seat(t->lang, t->human, p->declarer), name)
                : snprintf(line, sizeof line, "%s", name); /* a Ramsch has no declarer */
    for (int d = 0; d < p->doublings && n < (int)sizeof line; d++)
        n += snprintf(line + n, sizeof line - (size_t)n, ", %s",
                      skx_tr(t->lang, d % 2 ? L_RETOUR : L_KONTRA));
    attron(A_BOLD);
    skx_curses_put(15, 1, line, 49);
    attroff(A_BOLD);
    if (p->partner != SK_NOSEAT && p->called_ace != SK_NOCARD) {
        snprintf(line, sizeof line, "%s: %s (%s)", skx_tr(t->lang, L_PARTNER),
                 skx_lang_seat(t->lang, t->human, p->partner), sk_card_name(p->called_ace));
        skx_curses_put(16, 1, line, 49);
    }
}

/* Draws the hand with numbers; legal cards bright, the selected one
 * reversed (in card choices). */
static void draw_hand(const curses_ui *u, const skx_table *t)
{
    skx_curses_put(HAND_Y - 1, 1, skx_tr(t->lang, L_HAND), 30);
    bool choosing = u->legal_cards != 0;
    sk_cards trumps = skx_table_trumps(&t->view.pub);
    for (int i = 0, gap = 0; i < u->nhand; i++) {
        int c = u->hand[i];
        bool legal = !choosing || (u->legal_cards & SK_BIT(c));
        if (i > 0 && (trumps & SK_BIT(u->hand[i - 1])) && !(trumps & SK_BIT(c)))
            gap = 2; /* the trumps set apart from the suits */
        draw_card(HAND_Y, 1 + i * 6 + gap, c, !legal, choosing && i == u->sel);
        if (choosing)
            mvprintw(HAND_Y + 1, 2 + i * 6 + gap, "%d", i + 1);
    }
}

/* The next row of a log line wrapped at blanks to `width` columns:
 * its length in bytes (the break's blank not included) and in *next
 * where the following row starts.  A euro sign stays with its amount. */
static size_t wrap_row(const char *s, int width, const char **next)
{
    size_t fit = skx_u8offset(s, width);
    if (!s[fit]) {
        *next = s + fit;
        return fit;
    }
    for (size_t b = fit; b > 0; b--)
        if (s[b] == ' ' && strncmp(s + b + 1, "\u20ac", 3) != 0) { /* "0,25 €" stays whole */
            *next = s + b + 1;
            return b;
        }
    *next = s + fit; /* one long word: cut it */
    return fit;
}

/* Rows a log line needs in the panel (continuation rows indented by two). */
static int log_rows(const char *s)
{
    int rows = 0, width = panel_width();
    while (*s) {
        wrap_row(s, width, &s);
        rows++;
        width = panel_width() - 2;
    }
    return rows ? rows : 1;
}

/* Writes a log line from row y, wrapped at blanks; returns the rows used. */
static int put_wrapped(int y, const char *s)
{
    int rows = 0, x = PANEL_X, width = panel_width();
    do {
        const char *next;
        size_t len = wrap_row(s, width, &next);
        mvaddnstr(y + rows, x, s, (int)len);
        s = next;
        rows++;
        x = PANEL_X + 2;
        width = panel_width() - 2;
    } while (*s);
    return rows;
}

/* The right panel: the menu (while choosing) above the event log. */
static void draw_panel(const curses_ui *u, const skx_table *t)
{
    for (int y = 1; y < LINES - 1; y++)
        mvaddstr(y, PANEL_X - 1, "│");
    int top = 1;
    if (u->menu) {
        attron(A_BOLD);
        skx_curses_put(top++, PANEL_X, skx_tr(t->lang, L_CHOICES), 28);
        attroff(A_BOLD);
        /* a window of the choices that keeps the selection visible (a
         * declaration with every variant allowed has over thirty) */
        int rows = LINES - 9 < 4 ? 4 : LINES - 9;
        int first = u->sel >= rows ? u->sel - rows + 1 : 0;
        for (int i = first; i < u->nmenu && i < first + rows; i++) {
            char words[160], line[200];
            skx_lang_choice(t->lang, &t->view, u->menu[i], words, sizeof words);
            bool more = (i == first && first > 0) || (i == first + rows - 1 && i + 1 < u->nmenu);
            snprintf(line, sizeof line, "%2d %s%s", i + 1, words, more ? " …" : "");
            bool clipped = skx_u8width(line) > panel_width();
            if (clipped) /* the cut shows ("the Acorn" read as a whole label) */
                snprintf(line + skx_u8offset(line, panel_width() - 1),
                         sizeof line - skx_u8offset(line, panel_width() - 1), "…");
            if (i == u->sel)
                attron(A_REVERSE);
            skx_curses_put(top++, PANEL_X, line, panel_width());
            attroff(A_REVERSE);
            if (i == u->sel && clipped) {
                /* the whole label of the selected choice under the table */
                attron(A_BOLD);
                skx_curses_put(HAND_Y + 1, 1, words, PANEL_X - 3);
                if (skx_u8width(words) > PANEL_X - 3)
                    skx_curses_put(HAND_Y + 2, 3, words + skx_u8offset(words, PANEL_X - 3), PANEL_X - 5);
                attroff(A_BOLD);
            }
        }
        mvhline(top++, PANEL_X, ACS_HLINE, panel_width());
    }
    for (int k = 1; t->reveal && k < SK_NSEATS; k++) { /* replay: the other hands */
        int seat = (t->human + k) % 4;
        char line[80];
        int n = snprintf(line, sizeof line, "  ");
        for (sk_cards c = t->hands[seat]; c; c &= c - 1)
            n += snprintf(line + n, sizeof line - (size_t)n, "%s ",
                          sk_card_name(sk_cards_first(c)));
        attron(A_BOLD);
        skx_curses_put(top++, PANEL_X, skx_lang_seat(t->lang, t->human, seat), 29);
        attroff(A_BOLD);
        skx_curses_put(top++, PANEL_X, line, 29);
        if (k == SK_NSEATS - 1)
            mvhline(top++, PANEL_X, ACS_HLINE, panel_width());
    }
    int room = LINES - 1 - top, first = t->nlog, used = 0;
    while (first > 0 && used + log_rows(t->log[first - 1]) <= room)
        used += log_rows(t->log[--first]);
    for (int i = first; i < t->nlog; i++)
        top += put_wrapped(top, t->log[i]);
}

/* Redraws the whole screen from the table. */
void skx_curses_redraw(const curses_ui *u, const skx_table *t)
{
    erase();
    if (COLS < 80 || LINES < 24) {
        char small[160];
        snprintf(small, sizeof small, skx_tr(t->lang, L_SCREEN_SMALL), COLS, LINES);
        size_t off = 0;
        for (int y = 0; small[off] && y < LINES; y++) { /* wrapped to the width */
            size_t len = skx_u8offset(small + off, COLS);
            if (small[off + len]) /* break after the last blank that fits */
                for (size_t b = len; b > 0; b--)
                    if (small[off + b - 1] == ' ') {
                        len = b;
                        break;
                    }
            mvaddnstr(y, 0, small + off, (int)len);
            off += len;
        }
        refresh();
        return;
    }
    char title[160], name[64] = "";
    const sk_public *p = &t->view.pub;
    if (p->contract.type != SK_C_NONE)
        skx_lang_contract(t->lang, p->contract, name, sizeof name);
    bool decl = name[0] && p->declarer < SK_NSEATS; /* a Ramsch has no declarer */
    int n = snprintf(title, sizeof title, " %s%s%s %u  %s%s%s%s",
                     name[0] ? "" : skx_tr(t->lang, L_TITLE), name[0] ? "" : "  ",
                     skx_tr(t->lang, L_GAME), t->game_no, name, decl ? " (" : "",
                     decl ? skx_lang_seat(t->lang, t->human, p->declarer) : "", decl ? ")" : "");
    int times = p->doublings + p->laid + p->bock; /* each doubles the money */
    if (times > 0 && times < 20 && n < (int)sizeof title)
        n += snprintf(title + n, sizeof title - (size_t)n, "  x%d", 1 << times);
    if (p->phase >= SK_PHASE_PLAY && p->trick_no > 0 && n < (int)sizeof title) {
        /* the Augen of the tricks of the seats known to be on your side */
        enum sk_side mine = sk_view_side(&t->view, t->human);
        int pts = 0;
        for (int k = 0; k < p->trick_no; k++) {
            int w = p->trick_winners[k];
            bool ours = w == t->human || (mine != SK_SIDE_NONE && mine != SK_SIDE_UNKNOWN &&
                                          sk_view_side(&t->view, w) == mine);
            for (int i = 0; ours && i < 4; i++)
                pts += sk_card_points(p->tricks[k][i]);
        }
        snprintf(title + n, sizeof title - (size_t)n, "  %s %d", skx_tr(t->lang, L_POINTS), pts);
    }
    attron(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
    mvhline(0, 0, ' ', COLS);
    skx_curses_put(0, 0, title, COLS);
    if (t->session) {
        char money[24], right[64];
        if (skx_table_tournament(t))
            snprintf(money, sizeof money, "%+lld", (long long)t->session->tournament[t->human]);
        else
            skx_table_euros(t->lang, t->session->money[t->human], 1, money, sizeof money);
        snprintf(right, sizeof right, "%s: %s ",
                 skx_tr(t->lang, skx_table_tournament(t) ? L_TOURNAMENT : L_MONEY), money);
        mvhline(0, COLS - skx_u8width(right) - 1, ' ', skx_u8width(right) + 1);
        skx_curses_put(0, COLS - skx_u8width(right), right, 40);
    }
    attroff(COLOR_PAIR(PAIR_TITLE) | A_BOLD);
    for (int s = 0; s < SK_NSEATS; s++)
        draw_seat(t, s);
    draw_trick(u, t);
    draw_contract(t);
    draw_hand(u, t);
    draw_panel(u, t);
    attron(A_BOLD);
    skx_curses_put(20, 1, u->prompt, 49);
    attroff(A_BOLD);
    attron(COLOR_PAIR(PAIR_ERR));
    {   /* two lines, broken at a blank */
        const char *next;
        size_t len = wrap_row(u->msg, MSG_WIDTH, &next);
        mvaddnstr(21, 1, u->msg, (int)len);
        skx_curses_put(22, 1, next, MSG_WIDTH);
    }
    attroff(COLOR_PAIR(PAIR_ERR));
    attron(A_DIM);
    char footer[256];
    snprintf(footer, sizeof footer, "%s", skx_tr(t->lang, t->reveal    ? L_REPLAY_HELP
                                                      : u->klopfen ? L_KEY_KLOPFEN
                                                      : u->menu    ? L_HELP_MENU
                                                                   : L_HELP_CURSES));
    sk_action legal[SK_MAX_LEGAL];
    int nlegal = t->reveal ? 0 : sk_view_legal(&t->view, legal);
    for (int i = 0; i < nlegal; i++)
        if (legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR) {
            char key[96];
            snprintf(key, sizeof key, skx_tr(t->lang, L_KEY_DOUBLE),
                     skx_tr(t->lang, legal[i].type == SK_ACT_KONTRA ? L_KONTRA : L_RETOUR));
            snprintf(footer, sizeof footer, "%s", key); /* the key that matters now */
            attroff(A_DIM);
            attron(A_BOLD | COLOR_PAIR(PAIR_MARK));
            break;
        }
    skx_curses_put(LINES - 1, 0, footer, COLS);
    attroff(A_DIM | A_BOLD | COLOR_PAIR(PAIR_MARK));
    refresh();
}

/* How long after a number that chose at once an Enter counts as typed
 * with it (ms): "3" and Enter typed as one answer. */
#define ENTER_AFTER_NUMBER_MS 1500

/* Whether the key `ch` is an Enter typed with the number that chose just
 * before (u->chose_at): then it is to be ignored.  Any key ends that. */
static bool stray_enter(curses_ui *u, int ch)
{
    int64_t at = u->chose_at;
    if (ch == ERR || ch == KEY_RESIZE)
        return false;
    u->chose_at = 0;
    return at && (ch == '\n' || ch == '\r' || ch == KEY_ENTER) &&
           skx_now_ms() - at < ENTER_AFTER_NUMBER_MS;
}

/* Shows an event; pauses a moment after another seat's action so the
 * human can follow the play. */
static void curses_event(skx_ui *ui, const skx_table *t, const char *text, bool other)
{
    curses_ui *u = (curses_ui *)ui;
    (void)text;
    u->nhand = skx_table_sorted_hand(&t->view.pub, t->view.hand, u->hand);
    u->legal_cards = 0;
    u->menu = NULL;
    u->prompt[0] = '\0';
    skx_curses_redraw(u, t);
    if (t->trick_end && t->trick_pause_ms > 0) {
        /* the finished trick stays on the table until a key or the pause
         * ends; the key is spent on that, it plays nothing */
        timeout(t->trick_pause_ms);
        int ch;
        while ((ch = getch()) == KEY_RESIZE || (ch != ERR && skx_curses_small()) ||
               stray_enter(u, ch))
            skx_curses_redraw(u, t);
        if (ch == 'k' || ch == 'K') /* a doubling key: for the next offer */
            ungetch(ch);
        timeout(-1);
    } else if (other && t->delay_ms > 0)
        napms(t->delay_ms);
}

/* Asks the hint bot and shows its best action, then the next best as
 * far as the message's two rows hold them whole (as the line mode
 * lists three), so that a close second shows; returns the best one's
 * index in the menu or hand (for the selection), or -1. */
static int show_hint(curses_ui *u, const skx_table *t)
{
    sk_action acts[SK_MAX_LEGAL];
    double values[SK_MAX_LEGAL];
    sk_contract games[SK_MAX_LEGAL];
    int n = t->hint ? t->hint(t->hint_ctx, &t->view, acts, values, games, SK_MAX_LEGAL) : 0;
    if (n <= 0) {
        snprintf(u->msg, sizeof u->msg, "%s", skx_tr(t->lang, L_NO_HINT));
        return -1;
    }
    size_t len = (size_t)snprintf(u->msg, sizeof u->msg, "%s:", skx_tr(t->lang, L_HINT));
    for (int i = 0; i < n && i < 3; i++) {
        char entry[200], item[208];
        skx_table_hint_item(t->lang, &t->view, acts[i], values[i], games[i], entry, sizeof entry);
        snprintf(item, sizeof item, "%s %s", i ? "," : "", entry);
        if (len + strlen(item) >= sizeof u->msg)
            break;
        memcpy(u->msg + len, item, strlen(item) + 1);
        const char *second;
        wrap_row(u->msg, MSG_WIDTH, &second);
        if (i > 0 && skx_u8width(second) > MSG_WIDTH) { /* past the two rows */
            u->msg[len] = '\0';
            break;
        }
        len += strlen(item);
    }
    for (int i = 0; u->menu && i < u->nmenu; i++)
        if (sk_action_equal(u->menu[i], acts[0]))
            return i;
    for (int i = 0; !u->menu && i < u->nhand; i++)
        if (acts[0].type == SK_ACT_CARD && u->hand[i] == acts[0].card)
            return i;
    return -1;
}

/* Moves the card selection to the next legal card in direction d. */
static void move_sel(curses_ui *u, int d)
{
    int n = u->menu ? u->nmenu : u->nhand;
    for (int k = 1; k <= n; k++) {
        int i = ((u->sel + d * k) % n + n) % n;
        if (u->menu || (u->legal_cards & SK_BIT(u->hand[i]))) {
            u->sel = i;
            return;
        }
    }
}

/* Asks whether to really quit; true for yes. */
static bool confirm_quit(curses_ui *u, const skx_table *t)
{
    char save[128];
    snprintf(save, sizeof save, "%s", u->prompt);
    snprintf(u->prompt, sizeof u->prompt, skx_tr(t->lang, L_QUIT_ASK), skx_tr(t->lang, L_YES),
             skx_tr(t->lang, L_NO));
    skx_curses_redraw(u, t);
    int ch;
    while ((ch = getch()) == KEY_RESIZE)
        skx_curses_redraw(u, t);
    snprintf(u->prompt, sizeof u->prompt, "%s", save);
    return ch == 'j' || ch == 'y' || ch == 'q' || ch == ERR;
}

/* Handles a key common to every question: resize, hint, last trick.
 * Returns true when the key was used. */
static bool common_key(curses_ui *u, const skx_table *t, int ch)
{
    if (ch == KEY_RESIZE)
        return true;
    if (ch == '?') {
        int i = show_hint(u, t);
        if (i >= 0)
            u->sel = i;
        return true;
    }
    if (ch == 'l' || ch == 'L') {
        if (t->view.pub.trick_no == 0)
            snprintf(u->msg, sizeof u->msg, "%s", skx_tr(t->lang, L_NO_LAST_TRICK));
        else
            u->show_last = !u->show_last;
        return true;
    }
    return false;
}

static int offer_wait(curses_ui *u, const skx_table *t, int type, int64_t until);

/* The laying round (002) as an offer, not a question: with a hold the
 * prompt counts it down, k lays, Enter or the end of the hold passes.
 * Returns SKX_UI_OK with *out set, SKX_UI_QUIT, or SKX_UI_NO when this
 * is no such choice (no hold: the menu asks as before). */
static int klopfen_offer(curses_ui *u, const skx_table *t, const sk_action *legal, int n,
                         sk_action *out)
{
    int lay = -1, pass = -1;
    for (int i = 0; i < n; i++)
        if (legal[i].type == SK_ACT_KLOPFEN)
            lay = i;
        else
            pass = i;
    if (t->hold_s <= 0 || t->view.pub.phase != SK_PHASE_KLOPFEN || lay < 0 || pass < 0 || n != 2)
        return SKX_UI_NO;
    u->menu = NULL;
    u->klopfen = true;
    int rc = offer_wait(u, t, SK_ACT_KLOPFEN, skx_now_ms() + (int64_t)t->hold_s * 1000);
    u->klopfen = false;
    if (rc == SKX_UI_QUIT)
        return rc;
    *out = legal[rc == SKX_UI_OK ? lay : pass];
    return SKX_UI_OK;
}

/* Asks for a card or a menu choice with the keyboard. */
static int curses_choose(skx_ui *ui, const skx_table *t, const sk_action *legal, int n,
                         sk_action *out)
{
    curses_ui *u = (curses_ui *)ui;
    bool cards = n > 0 && legal[0].type == SK_ACT_CARD;
    u->nhand = skx_table_sorted_hand(&t->view.pub, t->view.hand, u->hand);
    u->menu = cards ? NULL : legal;
    u->nmenu = cards ? 0 : n;
    u->legal_cards = 0;
    for (int i = 0; i < n; i++)
        if (legal[i].type == SK_ACT_CARD)
            u->legal_cards |= SK_BIT(legal[i].card);
    u->sel = 0;
    if (cards && !(u->legal_cards & SK_BIT(u->hand[0])))
        move_sel(u, 1);
    /* before the flush: a k typed while the seats before him laid counts */
    int laid = klopfen_offer(u, t, legal, n, out);
    if (laid != SKX_UI_NO) {
        u->menu = NULL;
        return laid;
    }
    flushinp(); /* keys typed while the others played answer nothing */
    char typed[3] = "";  /* a card code begun: its suit letter */
    int number = 0;      /* a menu number begun (menus of ten and more) */
    for (;;) {
        char shown[16] = "";
        if (typed[0])
            snprintf(shown, sizeof shown, "%c", typed[0]);
        else if (number)
            snprintf(shown, sizeof shown, "%d", number);
        char what[96];
        if (cards)
            snprintf(what, sizeof what, skx_tr(t->lang, L_CHOOSE_CARD), u->nhand);
        else
            snprintf(what, sizeof what, "%s", skx_tr(t->lang, L_CHOOSE_MENU));
        snprintf(u->prompt, sizeof u->prompt, "%s %s", what, shown);
        skx_curses_redraw(u, t);
        int ch = getch();
        u->msg[0] = '\0';
        if (ch == ERR) /* a signal (SIGINT...): play.c saves the game and stops */
            return SKX_UI_QUIT;
        if (skx_curses_small()) /* only a resize helps then */
            continue;
        if (stray_enter(u, ch)) {
            snprintf(u->msg, sizeof u->msg, "%s", skx_tr(t->lang, L_ENTER_IGNORED));
            continue;
        }
        if (common_key(u, t, ch))
            continue;
        u->show_last = false;
        if (typed[0] && ch > 0 && ch < 128 && strchr("aAzZkKoOuU987", ch)) {
            /* the rank completes the code: a 7, 8 or 9 here is no card number */
            typed[1] = (char)ch;
            int c = sk_card_parse(typed);
            typed[0] = typed[1] = '\0';
            if (c >= 0) {
                *out = sk_act_card(t->view.seat, c);
                break;
            }
        } else if ((ch == 'k' || ch == 'K') && cards) { /* a doubling with the card */
            int i = 0;
            while (i < n && legal[i].type != SK_ACT_KONTRA && legal[i].type != SK_ACT_RETOUR)
                i++;
            if (i < n) {
                *out = legal[i];
                break;
            }
        } else if (ch == 'q' || ch == 'Q') {
            if (confirm_quit(u, t))
                return SKX_UI_QUIT;
        } else if ((ch == 'r' || ch == 'R') && cards) { /* "Der Rest gehört mir" */
            u->menu = NULL;
            u->legal_cards = 0;
            u->prompt[0] = '\0';
            return SKX_UI_CLAIM;
        } else if (ch == 'o' || ch == 'O') { /* the settings; asked again after them */
            u->menu = NULL;
            u->legal_cards = 0;
            u->prompt[0] = '\0';
            return SKX_UI_SETTINGS;
        } else if (ch == KEY_LEFT || ch == KEY_UP) {
            move_sel(u, -1);
            number = 0;
        } else if (ch == KEY_RIGHT || ch == KEY_DOWN || ch == '\t') {
            move_sel(u, 1);
            number = 0;
        } else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ') {
            *out = cards ? sk_act_card(t->view.seat, u->hand[u->sel]) : legal[u->sel];
            break;
        } else if (ch >= '0' && ch <= '9' && cards) {
            if (ch >= '1' && ch - '1' < u->nhand) {
                *out = sk_act_card(t->view.seat, u->hand[ch - '1']);
                u->chose_at = skx_now_ms();
                break;
            }
        } else if (ch >= '0' && ch <= '9') {
            /* a menu number: chosen at once when no longer number could
             * follow, else selected until Enter or its next digit */
            int v = number * 10 + (ch - '0');
            if (v >= 1 && v <= n) {
                u->sel = v - 1;
                number = v * 10 <= n ? v : 0;
                if (!number) {
                    *out = legal[v - 1];
                    u->chose_at = skx_now_ms();
                    break;
                }
            } else
                number = 0;
        } else if (ch > 0 && ch < 128 && strchr("eEgGhHsS", ch) && cards) {
            typed[0] = (char)ch;
        } else if (ch == 27 || ch == KEY_BACKSPACE || ch == 127) {
            typed[0] = '\0';
            number = 0;
        }
    }
    u->menu = NULL;
    u->legal_cards = 0;
    u->prompt[0] = '\0';
    return SKX_UI_OK;
}

/* Whether the screen is too small for the table: then it says so and
 * keys do nothing (issue 40) but a resize. */
bool skx_curses_small(void)
{
    return COLS < 80 || LINES < 24;
}

/*
 * Waits for the answer to an offer that is not a question: a Kontra or
 * Retour out of turn (`type`), or a Klopfen (SK_ACT_KLOPFEN).  With a
 * hold (`until`, skx_now_ms; 0 none) the prompt counts the seconds down
 * until it, and the table goes on by itself then: nobody must press a
 * key to decline.  Without one the table waits only the bots' pause
 * (--delay).  k (or j/y) gives it, Enter, n, space or Esc declines at
 * once, ? shows the hint.  SKX_UI_OK, SKX_UI_NO or SKX_UI_QUIT.
 */
static int offer_wait(curses_ui *u, const skx_table *t, int type, int64_t until)
{
    const char *what = skx_tr(t->lang, type == SK_ACT_KONTRA   ? L_KONTRA
                                       : type == SK_ACT_RETOUR ? L_RETOUR
                                                               : L_KLOPFEN_WORD);
    int rc = SKX_UI_NO;
    for (;;) {
        int wait = t->delay_ms > 0 ? t->delay_ms : 0;
        if (until) {
            int64_t left = until - skx_now_ms();
            if (left <= 0)
                break;
            /* wake at each whole second, so that the count goes down */
            wait = (int)(left % 1000 ? left % 1000 : 1000);
            snprintf(u->prompt, sizeof u->prompt, skx_tr(t->lang, L_HOLD_PROMPT), what,
                     (int)((left + 999) / 1000));
        }
        timeout(wait);
        skx_curses_redraw(u, t);
        int ch = getch();
        if (ch == ERR && (!until || (t->stop && *t->stop)))
            break; /* the pause is over, or a signal: play.c stops */
        if (ch == ERR || ch == KEY_RESIZE || skx_curses_small() || stray_enter(u, ch))
            continue;
        if (ch == 'k' || ch == 'K' || ch == 'j' || ch == 'J' || ch == 'y' || ch == 'Y') {
            rc = SKX_UI_OK;
            break;
        }
        if (until && (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ' || ch == 27 ||
                      ch == 'n' || ch == 'N'))
            break;
        if (ch == '?') {
            if (type == SK_ACT_KLOPFEN)
                show_hint(u, t);
            else
                skx_lang_double_hint(t, type, u->msg, sizeof u->msg);
            continue;
        }
        if (ch == 'q' || ch == 'Q') {
            timeout(-1);
            bool quit = confirm_quit(u, t);
            if (quit) {
                rc = SKX_UI_QUIT;
                break;
            }
        }
    }
    timeout(-1);
    u->prompt[0] = '\0';
    return rc;
}

/* Offers Kontra/Retour out of turn without stopping the game: a k (or
 * j/y) pressed since the last action gives it, ? shows the doubling
 * hint.  The table waits the bots' pause for the key, or, when the next
 * action would close the window, holds it until t->hold_until_ms with
 * the seconds counted down (offer_wait).  No key declines -- until the
 * next action, when core offers it again while it is allowed. */
static int curses_offer(skx_ui *ui, const skx_table *t, sk_action offer)
{
    curses_ui *u = (curses_ui *)ui;
    u->nhand = skx_table_sorted_hand(&t->view.pub, t->view.hand, u->hand);
    return offer_wait(u, t, offer.type, t->hold_until_ms);
}

/* Shows a refusal on the message line. */
static void curses_error(skx_ui *ui, const skx_table *t, const char *msg)
{
    curses_ui *u = (curses_ui *)ui;
    snprintf(u->msg, sizeof u->msg, "%s", msg);
    skx_curses_redraw(u, t);
}

/* Ends curses and frees the UI. */
static void curses_close(skx_ui *ui)
{
    curses_ui *u = (curses_ui *)ui;
    endwin();
    delscreen(u->screen);
    free(u);
}

skx_ui *skx_ui_curses_open(void)
{
    setlocale(LC_ALL, "");
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (!screen)
        return NULL;
    curses_ui *u = calloc(1, sizeof *u);
    if (!u) {
        endwin();
        delscreen(screen);
        return NULL;
    }
    u->screen = screen;
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    if (has_colors()) {
        start_color();
        use_default_colors();
        /* the four-colour deck: Eichel brown (dark where there is no
         * brown), Gras green, Herz red, Schellen yellow */
        init_pair(PAIR_E, COLORS >= 256 ? 130 : COLOR_WHITE, -1);
        init_pair(PAIR_G, COLOR_GREEN, -1);
        init_pair(PAIR_H, COLOR_RED, -1);
        init_pair(PAIR_S, COLOR_YELLOW, -1);
        init_pair(PAIR_TITLE, COLOR_BLACK, COLOR_CYAN);
        init_pair(PAIR_MARK, COLOR_YELLOW, -1);
        init_pair(PAIR_ERR, COLOR_MAGENTA, -1);
    }
    u->ui = (skx_ui){.impl = u, .event = curses_event, .choose = curses_choose,
                    .offer = curses_offer, .error = curses_error, .summary = skx_curses_summary,
                    .step = skx_curses_step, .settings = skx_curses_settings,
                    .close = curses_close};
    return &u->ui;
}

