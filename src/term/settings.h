/*
 * settings.h -- the player's settings of `schafkopf play` (ruleset
 * preset, tariff, opponents' level, trick pause, language), kept in
 * $XDG_CONFIG_HOME/schafkopf/play.conf (else ~/.config/schafkopf/).
 * Internal to src/term.  settings.c reads and writes the text and needs
 * only the library (its libFuzzer harness includes it);
 * settings_file.c finds, loads and saves the file.
 */
#ifndef SKX_SETTINGS_H
#define SKX_SETTINGS_H

#include "schafkopf/core.h"

#include <stdbool.h>
#include <stddef.h>

/* The longest line and the largest file read; longer is an error. */
#define SKX_SETTINGS_LINE_MAX 256
#define SKX_SETTINGS_FILE_MAX 65536
/* The largest tariff: 100 euros a unit. */
#define SKX_SETTINGS_TARIFF_MAX 10000
/* The longest trick pause, ms (as --trick-pause). */
#define SKX_SETTINGS_PAUSE_MAX 60000
/* The longest doubling hold, s (as --hold; the server's room setting
 * "hold" takes 0..30 too). */
#define SKX_SETTINGS_HOLD_MAX 30
/* The default doubling hold, s (the server's default). */
#define SKX_SETTINGS_HOLD_DEFAULT 4

/* The settings, each with its default when absent. */
typedef struct skx_settings {
    char preset[24];    /* "official" */
    int32_t tariff;     /* cents a unit (a Sauspiel); 0: the preset's own */
    char bots[64];      /* the opponents' bot spec; "": the program's default */
    int trick_pause_ms; /* 1500 */
    int lang;           /* an skx_lang: 0 German (default), 1 English */
    int hold_s;         /* 4: seconds the table holds the card that would close a
                         * window for Kontra/Retour or Klopfen (0: no hold) */
} skx_settings;

/* The fields, in the order of the settings screen. */
enum skx_setting {
    SKX_SET_PRESET, SKX_SET_TARIFF, SKX_SET_BOTS, SKX_SET_PAUSE, SKX_SET_LANG, SKX_SET_HOLD,
    SKX_SET_COUNT
};

/* What was wrong with a line of the file. */
enum skx_settings_fault {
    SKX_SF_SYNTAX,    /* no "key = value" */
    SKX_SF_KEY,       /* an unknown key */
    SKX_SF_VALUE,     /* a value the key does not take */
    SKX_SF_LONG,      /* a line past SKX_SETTINGS_LINE_MAX */
    SKX_SF_BINARY     /* a NUL byte or other control character */
};

/* One bad line: where, what, and the key and value (cut, escaped). */
typedef struct skx_settings_issue {
    long line;
    int fault;          /* enum skx_settings_fault */
    int field;          /* enum skx_setting for SKX_SF_VALUE, else -1 */
    char key[32];
    char value[48];
} skx_settings_issue;

#define SKX_SETTINGS_ISSUES 8

/* The result of reading a file: every bad line counted, the first
 * SKX_SETTINGS_ISSUES described. */
typedef struct skx_settings_read {
    int nbad;
    skx_settings_issue issue[SKX_SETTINGS_ISSUES];
} skx_settings_read;

/* The defaults. */
void skx_settings_default(skx_settings *s);
/* Reads settings text (len bytes, not necessarily NUL-terminated) over
 * the defaults already in *s: every good line is taken, every bad one
 * is noted in *rd and leaves its setting as it was.  Never fails. */
void skx_settings_parse(skx_settings *s, const char *text, size_t len, skx_settings_read *rd);
/* Sets one field from a value as the file or the plain-mode screen
 * writes it ("official", "0,20 €", "20", "pimc:8", "1500", "de", "4 s"); 0, or
 * -1 leaving *s unchanged. */
int skx_settings_set(skx_settings *s, int field, const char *value);
/* Writes the settings as the file's text; the length (truncated past
 * size like snprintf). */
size_t skx_settings_format(const skx_settings *s, char *buf, size_t size);
/* The value of one field as the file writes it. */
size_t skx_settings_value(const skx_settings *s, int field, char *buf, size_t size);
/* Moves a field to its next (dir 1) or previous (dir -1) choice of the
 * screen's list. */
void skx_settings_step(skx_settings *s, int field, int dir);
/* The file's key of a field ("preset", "tariff", ...). */
const char *skx_settings_key(int field);
/* Applies the preset and tariff to a ruleset; 0, or -1 with err. */
int skx_settings_rules(const skx_settings *s, sk_rules *r, sk_error *err);

/* ---- settings_file.c */

/* The settings file's path: $XDG_CONFIG_HOME/schafkopf/play.conf, else
 * ~/.config/schafkopf/play.conf, else ./schafkopf-play.conf. */
void skx_settings_path(char *buf, size_t size);
/* Loads the file over the defaults.  A missing file is no error; an
 * unreadable one is one issue (line 0).  Returns the count of bad
 * lines. */
int skx_settings_load(const char *path, skx_settings *s, skx_settings_read *rd);
/* Saves the settings: a temporary file beside it, fsync'ed and renamed
 * over it, so a crash leaves the old file or the new one, never half;
 * the directory is created if need be.  0, or -1 with errno. */
int skx_settings_save(const char *path, const skx_settings *s);

#endif
