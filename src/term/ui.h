/*
 * ui.h -- the user interface of `schafkopf play` and `schafkopf replay`,
 * implemented twice: a plain line mode (ui_plain.c, for scripts and
 * screen readers) and a full-screen ncursesw mode (ui_curses.c).
 *
 * The driver (play.c) owns the game and the bots.  A UI sees only a
 * table: the human's sk_view plus what the driver has said so far (the
 * event log, each seat's last word, the score sheet), so the hidden
 * hands stay hidden.  Every user-visible string comes from lang.c.
 */
#ifndef SKX_UI_H
#define SKX_UI_H

#include "term/term.h"
#include "settings.h"
#include "schafkopf/ai.h"

#include <signal.h>
#include <stdbool.h>

/* ------------------------------------------------------------------ */
/* Languages (lang.c)                                                   */
/* ------------------------------------------------------------------ */

typedef enum skx_lang { SKX_LANG_DE = 0, SKX_LANG_EN = 1 } skx_lang;

/* Ids of the strings in the per-language tables. */
enum sk_str {
    L_YOU, L_LEFT, L_ACROSS, L_RIGHT,
    L_SUIT_E, L_SUIT_G, L_SUIT_H, L_SUIT_S,
    L_PASS, L_PASS_YIELD, L_PLAY, L_PLAY_TOO, L_PLAY_SELF, L_HAVE,
    L_KONTRA, L_RETOUR, L_DOUBLING_N, L_KLOPFEN, L_NO_KLOPFEN, L_ACCEPT, L_ACCEPT_MORE, L_NO_ACCEPT, L_SELF,
    L_GAME, L_DEALER, L_FOREHAND, L_LEADS, L_DECLARER, L_PARTNER, L_CALLED,
    L_HAND, L_TRICK, L_LEGAL, L_CHOICES, L_LAST_TRICK, L_NO_LAST_TRICK, L_WON_BY,
    L_POINTS, L_PROMPT_CARD, L_PROMPT_CHOICE, L_PROMPT_DOUBLE, L_YES, L_NO,
    L_THROWN_IN, L_WINS, L_LOSES, L_SCHNEIDER, L_SCHWARZ, L_DECL_SIDE, L_DEFENDERS,
    L_SCORE_SHEET, L_TOTAL, L_MONEY, L_TOURNAMENT, L_HINT, L_VALUE, L_EXPECTED, L_HINT_UNPRICED, L_NO_HINT,
    L_UNKNOWN_INPUT, L_UNKNOWN_CARD, L_NOT_NOW, L_HELP_PLAIN, L_HELP_CURSES,
    L_CONTINUE, L_GOODBYE, L_QUIT_ASK, L_SAVED, L_SAVED_ANALYZE, L_SAVED_PARTIAL, L_TITLE, L_TRICKS, L_OFFER_DOUBLE,
    L_REPLAY_HELP, L_STEP, L_NOTHING, L_YES_NO, L_CHOOSE_CARD, L_CHOOSE_MENU,
    L_OR, L_NO_CALL, L_RESULT, L_SCREEN_SMALL,
    L_REFUSED, L_NOT_HELD, L_MUST_CALLED, L_STICHZWANG, L_FOLLOW_SUIT, L_FOLLOW_TRUMP,
    L_NO_DISCARD_ACE, L_RUN_AWAY, L_PLAY_CARD_NOW, L_NAME_GAME_NOW, L_BID_OR_PASS,
    L_NOT_ALLOWED_GAME, L_OPEN_PLAY, L_BID_HIGHER, L_KEEP_EQUAL, L_BID_BINDS, L_CANNOT_CALL,
    L_SOLO_NEEDS, L_SIE_NEEDS, L_MONEY_EUR, L_CENTS, L_NO_SESSION, L_NO_SAVING, L_COURSE, L_SHOW_COURSE,
    L_HINT_DOUBLE, L_HINT_NO_DOUBLE, L_KEY_DOUBLE, L_HELP_MENU,
    L_TAKES, L_TAKES_YOU, L_TAKES_LAST, L_TAKES_LAST_YOU, L_WON_BY_YOU, L_WIN_YOU, L_LOSE_YOU,
    L_WIN_PL, L_LOSE_PL, L_AND,
    L_SETTINGS, L_SET_PRESET, L_SET_TARIFF, L_SET_BOTS, L_SET_PAUSE, L_SET_LANG,
    L_PRESET_OFFICIAL, L_PRESET_TOURNAMENT, L_PRESET_SAUSPIEL, L_PRESET_KURZ,
    L_PRESET_STAMMTISCH, L_TARIFF_PRESET, L_TARIFF_CENTS, L_BOTS_DEFAULT, L_BOTS_RANDOM,
    L_BOTS_HEURISTIC, L_BOTS_MEDIUM, L_BOTS_STRONG, L_BOTS_STRONGER, L_BOTS_THOROUGH, L_SECONDS,
    L_SF_LINE, L_SF_SYNTAX, L_SF_KEY, L_SF_VALUE, L_SF_LONG, L_SF_BINARY, L_SF_UNREADABLE,
    L_SF_MORE, L_SET_HELP, L_SET_PROMPT, L_SET_NEXT_SESSION, L_SET_SAVED, L_SET_NOT_SAVED,
    L_SET_UNCHANGED, L_SET_BAD_VALUE, L_SET_FILE, L_RESUME_ASK,
    L_STATS, L_ST_GAMES, L_ST_DECLARERS, L_ST_WON_OF, L_ST_SOLOS_N, L_ST_BY_CONTRACT,
    L_ST_TOTALS, L_ST_TOTALS_TP, L_ST_TP, L_ST_COURSE, L_ST_THROWN, L_ST_NO_SESSION, L_SHOW_STATS,
    L_CLAIM, L_CLAIM_NO, L_CLAIM_EARLY, L_CLAIM_NOT_NOW,
    L_SHOW_RATING, L_RATING_WAIT, L_RATING_TITLE, L_RATING_NONE, L_RATING_SCROLL,
    L_RATING_NOTHING, L_RATING_PLAIN, L_AN_SEAT_NAMED, L_AN_DEALER_NAMED, L_AN_BY_NAMED,
    L_AN_ALL_GAMES,
    L_AN_DOUBLING, L_AN_HINT, L_AN_AUCTION, L_AN_THROWN, L_AN_GAME, L_AN_DEALER,
    L_AN_BY_SEAT, L_AN_MONEY, L_AN_COLUMNS, L_AN_SEAT, L_AN_COLUMNS_TP, L_AN_TP, L_AN_ONE,
    L_AN_MANY, L_AN_LOST, L_AN_CENTS, L_AN_TP_SHORT, L_AN_LEGEND, L_AN_LEGEND_TP,
    L_RAMSCH_PAY_YOU, L_RAMSCH_PAYS, L_RAMSCH_PAY, L_RAMSCH_GET_YOU, L_RAMSCH_GETS,
    L_RAMSCH_GET, L_RAMSCH_POINTS,
    L_SET_HOLD, L_HOLD_OFF, L_HOLD_PROMPT, L_KLOPFEN_WORD, L_ENTER_IGNORED, L_KEY_KLOPFEN,
    L_COUNT
};

/* The string `id` in language `lang`. */
const char *skx_tr(skx_lang lang, enum sk_str id);
/* The name of `seat` as seen from `human` ("Du", "Links", ...). */
const char *skx_lang_seat(skx_lang lang, int human, int seat);
/* The name of a suit. */
const char *skx_lang_suit(skx_lang lang, int suit);
/* A contract's name ("Sauspiel mit der Gras-Sau", "Hearts Solo Tout"). */
size_t skx_lang_contract(skx_lang lang, sk_contract c, char *buf, size_t size);
/* The same without a name's own brackets ("Geier", not English "Geier
 * (Obers trump)"), for a name that goes inside brackets itself. */
size_t skx_lang_contract_bare(skx_lang lang, sk_contract c, char *buf, size_t size);
/* German numbers take a decimal comma: turns each point between two
 * digits of s into one ("+2.5" -> "+2,5"); English leaves s as it is.
 * For text printf wrote, in which no card or action name has a point. */
void skx_lang_decimals(skx_lang lang, char *s);
/* Display width of a UTF-8 string (one column per code point). */
int skx_u8width(const char *s);
/* What a seat says with action `a` in the state `p` before it: "weiter",
 * "ich spiele", "ich hätt ein Solo", "ich spiel selbst", the contract,
 * "Kontra", or the card's code. */
size_t skx_lang_action(skx_lang lang, const sk_public *p, sk_action a, char *buf, size_t size);
/* A contract class by name ("Wenz-Tout"), with its article when asked
 * ("einen Farbwenz", "a Solo Tout"). */
size_t skx_lang_class(skx_lang lang, sk_contract c, bool article, char *buf, size_t size);
/* The label of a choice in a menu of the view's seat: the action's words,
 * plus what an "ich spiele" commits a hand that can call no Sau to. */
size_t skx_lang_choice(skx_lang lang, const sk_view *v, sk_action a, char *buf, size_t size);

/* Why the human's action was refused, in words and with the rule's
 * number, from the engine's error. */
size_t skx_lang_refusal(skx_lang lang, const sk_error *err, char *buf, size_t size);

/* What a line of input means (plain mode, and typed commands). */
enum sk_input {
    SK_IN_ACTION, SK_IN_QUIT, SK_IN_HINT, SK_IN_LAST, SK_IN_HELP, SK_IN_SETTINGS, SK_IN_STATS,
    SK_IN_RATE,
    SK_IN_CLAIM, SK_IN_BAD
};
/* Reads a line of user input against the legal actions `legal` (for
 * v->seat) and the hand as displayed (`hand`, n cards): a card code,
 * a number, an action text as sk_action_parse reads it, or a German or
 * English phrase.  On SK_IN_BAD writes a message to msg. */
enum sk_input skx_lang_input(skx_lang lang, const sk_view *v, const char *line,
                            const sk_action *legal, int n, const uint8_t *hand, int nhand,
                            sk_action *out, char *msg, size_t msgsize);

/* ------------------------------------------------------------------ */
/* The table a UI shows                                                  */
/* ------------------------------------------------------------------ */

#define SK_LOG_LINES 16

/* One row of the score sheet: a finished game. */
typedef struct sk_score_row {
    uint8_t dealer;
    uint8_t declarer;
    uint8_t thrown_in;
    uint8_t won;
    uint8_t partner;       /* SK_NOSEAT in a game played alone */
    sk_contract contract;
    int64_t money[SK_NSEATS];
    int tournament[SK_NSEATS];
} sk_score_row;

/* Fills a score sheet row from a finished game's result. */
void skx_score_row_set(sk_score_row *r, const sk_result *res, int dealer);
/* The statistics of a session's rows as seen by `human` (stats.c):
 * games, declarers' wins by contract, solos, money and tournament points
 * after each game (the last `last` games, or all for 0); malloc'ed
 * lines, NULL without memory. */
char *skx_stats_text(skx_lang lang, int human, const sk_score_row *rows, int n, int last,
                     bool points);

/* Asks the hint bot for the view's seat: actions, values and the game
 * behind each bid (sk_bot_hint_games); returns the count. */
typedef int (*sk_hint_fn)(void *ctx, const sk_view *v, sk_action *acts, double *values,
                          sk_contract *games, int max);

/* Whether the hint bot would give the doubling `type` (SK_ACT_KONTRA or
 * SK_ACT_RETOUR) in the view: 1 yes, 0 no, -1 no hint. */
typedef int (*sk_double_hint_fn)(void *ctx, const sk_view *v, int type);

typedef struct skx_table {
    skx_lang lang;
    int human;             /* seat shown at the bottom */
    unsigned game_no;      /* 1-based number of the current game */
    sk_view view;          /* the human's view */
    bool reveal;           /* replay: every hand is shown */
    sk_cards hands[SK_NSEATS];
    char said[SK_NSEATS][64]; /* each seat's last word in this game */
    char log[SK_LOG_LINES][80];
    int nlog;              /* lines in log (oldest first) */
    const sk_session *session;
    const sk_score_row *rows;
    int nrows;
    sk_hint_fn hint;
    sk_double_hint_fn double_hint;
    void *hint_ctx;
    int delay_ms;          /* curses: pause after another seat's card */
    int trick_pause_ms;    /* curses: a finished trick stays this long (or until a key) */
    bool trick_end;        /* the event being shown ends a trick */
    /* the doubling window (3.3.2) and the laying round (002) as offers,
     * not questions: the seconds a hold lasts (the setting "hold", 0 =
     * none), and while the human is offered a doubling that the next
     * action of another seat would take from him, when (skx_now_ms) the
     * table goes on all the same; 0 when nothing is held */
    int hold_s;
    int64_t hold_until_ms;
    const char *course;    /* a finished game's course (skx_table_course), or NULL */
    /* the last finished game's record and number, which the player may
     * have rated (skx_analyze_text): the full screen on its summary, the
     * line mode during the next game; NULL before the first */
    const sk_record *finished;
    unsigned finished_no;
    bool prompt_newline;   /* plain: end prompts with a newline (scripts) */
    /* the signal that asked to stop (play.c's handler sets it), or NULL:
     * the plain UI waits for input so that none is missed (ui_plain.c) */
    const volatile sig_atomic_t *stop;
} skx_table;

/* The monotonic clock in milliseconds (the hold's deadlines). */
int64_t skx_now_ms(void);
/* Adds a line to the table's event log (dropping the oldest). */
void skx_table_log(skx_table *t, const char *text);
/* The hand sorted for display: trumps high to low, then suits (by the
 * contract's order, or the Sauspiel order before the declaration);
 * returns the count. */
int skx_table_sorted_hand(const sk_public *p, sk_cards hand, uint8_t *out);
/* The trumps of the contract, or of a Sauspiel before the declaration. */
sk_cards skx_table_trumps(const sk_public *p);
/* Formats money in cents as "+1,20" / "-0,40" / "0,00" (German) or
 * with a decimal point (English). */
size_t skx_table_money(skx_lang lang, int64_t cents, char *buf, size_t size);
/* Formats money in cents with the euro sign as each language writes it:
 * "+1,20 €" (German), "+€1.20" (English); with `sign` 0 no plus. */
size_t skx_table_euros(skx_lang lang, int64_t cents, int sign, char *buf, size_t size);
/* One entry of a hint's list for action a of view v: the action in
 * words, then the value in brackets when it says something ("ich spiele
 * (Gras-Solo: erwartet +0,26 €)", "H9 (erwartet +0,11 €)", "weiter";
 * table.c, hint_value, says which choices show what). */
size_t skx_table_hint_item(skx_lang lang, const sk_view *v, sk_action a, double value,
                           sk_contract game, char *buf, size_t size);
/* Whether the session counts tournament points rather than money. */
bool skx_table_tournament(const skx_table *t);
/* The score sheet's title: "Spielliste (Geld in €)". */
size_t skx_table_sheet_title(const skx_table *t, char *buf, size_t size);

/* Return codes of the asking functions; choose returns SKX_UI_SETTINGS
 * when the player asked for the settings screen, SKX_UI_CLAIM when he
 * lays down his hand and claims the rest ("Der Rest gehört mir"). */
enum { SKX_UI_OK = 0, SKX_UI_NO = 1, SKX_UI_SETTINGS = 2, SKX_UI_CLAIM = 3, SKX_UI_QUIT = -1 };

typedef struct skx_ui skx_ui;
struct skx_ui {
    void *impl;
    /* Something happened (already in t->log): show it. `other`: an
     * action of another seat (curses pauses a moment). */
    void (*event)(skx_ui *ui, const skx_table *t, const char *text, bool other);
    /* Asks the human for one of legal[0..n-1]; SKX_UI_OK or SKX_UI_QUIT. */
    int (*choose)(skx_ui *ui, const skx_table *t, const sk_action *legal, int n,
                  sk_action *out);
    /* Offers a Kontra/Retour out of turn, before each action while it is
     * allowed: SKX_UI_OK (give it), SKX_UI_NO or SKX_UI_QUIT.  Not a blocking
     * question each time: the full screen takes its key (k) whenever it
     * was pressed, the line mode asks once a game and takes "kontra"
     * typed at the player's own turn. */
    int (*offer)(skx_ui *ui, const skx_table *t, sk_action offer);
    /* Says that the human's action was refused, and why. */
    void (*error)(skx_ui *ui, const skx_table *t, const char *msg);
    /* Shows a finished game and the score sheet: SKX_UI_OK or SKX_UI_QUIT. */
    int (*summary)(skx_ui *ui, const skx_table *t, const sk_result *res, const char *explain,
                   bool last);
    /* Replay: shows one step (`text` says what happened); returns +1
     * (forward), -1 (back) or SKX_UI_QUIT.  The plain mode always steps
     * forward. */
    int (*step)(skx_ui *ui, const skx_table *t, const char *text);
    /* The settings screen: edits *s; SKX_UI_OK to save it, SKX_UI_NO to
     * leave the settings as they were, SKX_UI_QUIT at the end of input.
     * `note` (or NULL) is shown under the settings. */
    int (*settings)(skx_ui *ui, const skx_table *t, skx_settings *s, const char *note);
    /* Closes the UI and frees it. */
    void (*close)(skx_ui *ui);
};

/* Opens the line mode on stdin/stdout. */
skx_ui *skx_ui_plain_open(void);
/* Opens the full-screen mode; NULL if the terminal cannot do it. */
skx_ui *skx_ui_curses_open(void);


/* The summary text shared by both modes: result line and points. */
size_t skx_table_result_text(const skx_table *t, const sk_result *res, char *buf, size_t size);
/* The settlement line in the table's language: "Geld: ... = 20 Cent"
 * (sk_result_explain), or the tournament points in a tournament. */
size_t skx_table_explain(const skx_table *t, const sk_rules *r, const sk_result *res, char *buf,
                        size_t size);
/* One score sheet row as text (game number i from 1, or the totals when
 * row is NULL). */
size_t skx_table_score_line(const skx_table *t, int i, const sk_score_row *row, char *buf,
                           size_t size);

/* "geht an Links" / "geht an dich": who took a trick. */
size_t skx_lang_won_by(skx_lang lang, int human, int seat, char *buf, size_t size);
/* The hint for the doubling `type` in words. */
size_t skx_lang_double_hint(const skx_table *t, int type, char *buf, size_t size);

/* The table of `schafkopf analyze` for one game (`gameno` in its
 * heading): the decisions of `seat` rated, the legend under them
 * (analyze.c); malloc'd, NULL when the game could not be rated. */
char *skx_analyze_text(skx_lang lang, const sk_record *rec, int gameno, int seat);
/* A rater with the defaults of `schafkopf analyze` (its samples, seed 1,
 * margin, threads), and the key it rates action `index` of game `gameno`
 * by: what the game's hint asks for an auction decision, so that the
 * hint and the later rating are one computation (analyze.c). */
sk_rater *skx_analyze_rater(void);
uint64_t skx_analyze_key(int gameno, int index);
/* The course of a finished game: every hand as dealt, every trick, the
 * result and the settlement, in lines; malloc'ed, NULL without memory. */
char *skx_table_course(const skx_table *t, const sk_game *g, const sk_rules *r,
                      const sk_result *res);

/* ---- settings_text.c: the settings in words */

/* The default opponents of `play` (a bot spec): the table's level. */
#define SKX_PLAY_DEFAULT_BOTS SK_BOT_TABLE_LEVEL
/* The language a settings value names (German unless English). */
skx_lang skx_settings_lang(const skx_settings *s);
/* The settings screen's language: the one the table will speak when
 * `edit` is saved over `saved` -- the language chosen where it differs
 * from the saved one, else the table's (--lang may differ from both). */
skx_lang skx_settings_page_lang(const skx_table *t, const skx_settings *saved,
                                const skx_settings *edit);
/* The settings screen's label of a field ("Tarif"). */
const char *skx_settings_label(skx_lang lang, int field);
/* A field's value in words ("0,20 € je Einheit", "stark"). */
size_t skx_settings_shown(skx_lang lang, const skx_settings *s, int field, char *buf,
                          size_t size);
/* One bad line of the settings file in words, naming the file and line. */
size_t skx_settings_issue_text(skx_lang lang, const char *path, const skx_settings_issue *is,
                               char *buf, size_t size);
/* The first bad line and the count of the others; "" when all were good. */
size_t skx_settings_read_text(skx_lang lang, const char *path, const skx_settings_read *rd,
                              char *buf, size_t size);

#endif
