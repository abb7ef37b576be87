/*
 * play.h -- the parts of `schafkopf play`, internal to src/term: the
 * driver's context, the session file (play_session.c), the bots
 * (play_bots.c), one game (play_game.c) and the command (play.c).
 */
#ifndef SKX_PLAY_H
#define SKX_PLAY_H

#include "schafkopf/table.h"
#include "ui.h"

#include <signal.h>

/* Everything one session of play needs; no global state. */
typedef struct play_ctx {
    sk_session session;
    sk_rng rng;
    sk_bot *bots[SK_NSEATS];
    sk_bot *hint_bot;
    sk_rater *rater;       /* the hint of an auction decision: the rating's prices */
    sk_opponents opponents; /* how each seat has played this session (opponents.c) */
    skx_ui *ui;
    skx_table table;
    sk_score_row *rows;
    int nrows, caprows;
    char path[1024];       /* session file */
    FILE *out;             /* opened at the first save */
    int human;
    uint64_t max_games;    /* 0: until the player quits */
    sk_turn turn;          /* who is asked next, doublings out of turn included */
    /* the human's doubling window (3.3.2): which one (the doubling's type
     * and the doublings before it; -1 none yet this game) and when its hold
     * ends, counted from the moment it opened, as the server counts */
    int hold_window;
    int64_t hold_deadline;
    sk_record *partial;    /* --resume: the game in progress to go on with */
    sk_record *finished;   /* the last finished game, to rate it on request */
    bool nosave;           /* no session file could be made: nothing is saved */
    bool saved;            /* a finished game was saved in this run */
    bool partial_saved;    /* the game left in the middle is in FILE.partial */
    int partial_error;     /* errno of a failed save of it, or 0 */
    /* the signal that asked to stop (play.c's handler sets it), or 0 */
    const volatile sig_atomic_t *stop;
    skx_settings settings; /* as in the settings file (the o key edits them) */
    char notice[1400];     /* a bad line of the settings, for the first game's screen */
    sk_sheet *sheet;       /* --sheet: the evening's sheet each game is booked into */
    char sheet_path[1024];
} play_ctx;


/* ---- play_session.c: the session file and the game left in the middle */

/* Chooses a new session file in the data directory (created if need
 * be, and writable); 0, or -1 with errno and the directory in dir. */
int skx_play_session_path(play_ctx *p, char *dir, size_t size);
/* Appends a finished game's record to the session file, fsync'ed; 0 or
 * -1 with errno. */
int skx_play_save_game(play_ctx *p, const sk_game *g);
/* Adds a finished game to the score sheet; 0 or -1 without memory. */
int skx_play_add_row(play_ctx *p, const sk_result *res, int dealer);
/* Whether two rulesets are the same in every option (and preset). */
bool skx_play_rules_same(const sk_rules *a, const sk_rules *b);
/* Names a ruleset for a message ("official with kontra_max=1"). */
void skx_play_rules_name(const sk_rules *r, char *buf, size_t size);
/* Reads a saved session into the totals (--resume FILE); 0 or -1 after
 * a message. */
int skx_play_resume_session(play_ctx *p, const char *path);
/* Reads the session's game in progress (FILE.partial), if any, into
 * p->partial; 0 or -1 after a message. */
int skx_play_resume_partial(play_ctx *p);
/* Saves the game in progress to FILE.partial (temp + rename); 0 or -1
 * with errno. */
int skx_play_save_partial(play_ctx *p, const sk_game *g);
/* Removes FILE.partial once its game is finished and saved. */
void skx_play_drop_partial(play_ctx *p);
/* Skips the deals of n games a resumed seeded session has played. */
void skx_play_skip_deals(play_ctx *p, unsigned n);

/* ---- play_sheet.c: --sheet FILE, each finished game on an evening's sheet */

/* Opens or creates the sheet; 0, -1 after a message, -2 for another
 * ruleset. */
int skx_play_sheet_open(play_ctx *p, const char *path);
/* Books a finished game into the sheet and saves it; a refusal is shown
 * at the table. */
void skx_play_sheet_book(play_ctx *p, const sk_game *g);
void skx_play_sheet_close(play_ctx *p);

/* ---- play_bots.c: the computer players and the hint */

/* Creates the three bots from a spec list ("a" or "a,b,c"; NULL for the
 * default) and the hint bot; 0, or -1 after a message. */
int skx_play_make_bots(play_ctx *p, const char *spec_list);
/* Tells the bots and the hint bot, before a game, which seats the
 * session's opponent model reads as playing by the rules of thumb. */
void skx_play_bots_brief(play_ctx *p);
/* Lets the opponent model learn from a finished game. */
void skx_play_bots_watch(play_ctx *p, const sk_game *g);
/* The table's hint callbacks (ctx is the play_ctx). */
int skx_play_hint(void *ctx, const sk_view *v, sk_action *acts, double *values,
                  sk_contract *games, int max);
int skx_play_double_hint(void *ctx, const sk_view *v, int type);

/* ---- play.c */

/* The settings screen from the game (the o key): saves what the player
 * chose; the language and the trick pause apply at once, the rest from
 * the next session. */
void skx_play_settings(play_ctx *p);

/* ---- play_game.c: one game */

/* Plays one game; books and saves it when finished.  SKX_UI_QUIT when
 * the human quits or a signal stops the program (a game left in the
 * middle is then saved to the side file). */
int skx_play_game(play_ctx *p, bool last);

#endif
