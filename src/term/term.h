/*
 * term.h -- what the terminal game offers the commands: a game at the
 * terminal against three bots (`play`, the full screen of ui_curses.c
 * or the line mode of ui_plain.c), stepping through a saved game
 * (`replay`), a session's statistics (`stats`) and a recorded game's
 * decisions rated in words (`analyze`, the same table as the game's own
 * rating page).  The room src/term: it includes the library, the table
 * layer and src/common, never src/cli or src/lab.  Its own parts share
 * ui.h (the table a UI shows, the languages of lang.c), play.h,
 * settings.h, ui_curses.h and analyze.h.
 */
#ifndef SKX_TERM_H
#define SKX_TERM_H

#include "common/common.h"

/* Each command: argc/argv start at the command's name; returns the
 * process exit status. */
int skx_cmd_play(int argc, char **argv);
int skx_cmd_replay(int argc, char **argv);
int skx_cmd_stats(int argc, char **argv);
int skx_cmd_analyze(int argc, char **argv);

/* The directory of `play`'s session files (play_last.c). */
void skx_play_data_dir(char *buf, size_t size);
/* The newest session file there, for `play --continue`; 0, or -1 if none. */
int skx_play_last_session(char *buf, size_t size);

#endif
