/*
 * play_sheet.c -- `schafkopf play --sheet FILE`: each finished game of
 * the terminal booked into an evening's sheet (the file of `schafkopf
 * sheet --file`), so games played against the computer and games played
 * with real cards are kept on one sheet.  A new sheet gets the
 * terminal's ruleset, its four seats named as the table names them
 * (Du, Links, Gegenüber, Rechts) and its first dealer; an existing one
 * must have the terminal's ruleset.  Seat N of the terminal is the
 * sheet's player N.  Each game is booked as the sheet's next deal through
 * its canonical line (sk_sheet_add_game): the sheet's Bock rounds, Stock
 * and first game price it, as for a game entered by hand; the file is
 * rewritten whole after each (docs/rules.md, "Score keeping").
 */
#include "play.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* The messages of this file, German and English. */
enum { PW_RULES, PW_READ, PW_WRITE, PW_REFUSED, PW_COUNT };
static const char *const PW[2][PW_COUNT] = {
    {
        [PW_RULES] = "--sheet %s: der Zettel spielt %s, nicht %s",
        [PW_READ] = "--sheet %s: %s",
        [PW_WRITE] = "--sheet %s: nicht gespeichert: %s",
        [PW_REFUSED] = "Nicht auf dem Zettel %s: %s",
    },
    {
        [PW_RULES] = "--sheet %s: the sheet plays %s, not %s",
        [PW_READ] = "--sheet %s: %s",
        [PW_WRITE] = "--sheet %s: not saved: %s",
        [PW_REFUSED] = "Not on the sheet %s: %s",
    }};

/* Writes the sheet's file whole (a temporary file renamed); 0 or -1. */
static int save_sheet(const sk_sheet *sh, const char *path)
{
    json_t *o = sk_sheet_json(sh, false);
    char *text = o ? json_dumps(o, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    int rc = text ? skx_cli_save_text(path, text) : -1;
    free(text);
    return rc;
}

/* Opens or creates the sheet of --sheet (see above); 0, or -1 after a
 * message (exit status 1), -2 for a sheet of another ruleset (2). */
int skx_play_sheet_open(play_ctx *p, const char *path)
{
    int L = p->table.lang == SKX_LANG_EN;
    char q[SK_CLI_QUOTE], why[400];
    size_t len = 0;
    sk_sheet *sh = malloc(sizeof *sh);
    if (!sh)
        return -1;
    char *text = skx_cli_slurp(path, &len, SK_SHEET_MAX_FILE);
    if (!text && errno != ENOENT) {
        fprintf(stderr, "schafkopf: play: ");
        fprintf(stderr, PW[L][PW_READ], skx_cli_quote(q, path), skx_cli_read_error(errno));
        fputc('\n', stderr);
        free(sh);
        return -1;
    }
    if (text) {
        int rc = sk_sheet_load(sh, text, len, L, why, sizeof why);
        free(text);
        if (rc < 0) {
            fprintf(stderr, "schafkopf: play: ");
            fprintf(stderr, PW[L][PW_READ], skx_cli_quote(q, path), why);
            fputc('\n', stderr);
            free(sh);
            return -1;
        }
        if (!skx_play_rules_same(&sh->rules, &p->session.rules)) {
            char mine[1024], theirs[1024];
            skx_play_rules_name(&sh->rules, mine, sizeof mine);
            skx_play_rules_name(&p->session.rules, theirs, sizeof theirs);
            fprintf(stderr, "schafkopf: play: ");
            fprintf(stderr, PW[L][PW_RULES], skx_cli_quote(q, path), mine, theirs);
            fputc('\n', stderr);
            sk_sheet_free(sh);
            free(sh);
            return -2;
        }
    } else {
        char names[5][SK_SHEET_NAME] = {{0}};
        for (int s = 0; s < SK_NSEATS; s++)
            snprintf(names[s], SK_SHEET_NAME, "%s",
                     skx_lang_seat(p->table.lang, p->human, s));
        sk_sheet_init(sh, &p->session.rules, names, p->session.dealer);
        sh->lang = L;
        if (save_sheet(sh, path) < 0) {
            fprintf(stderr, "schafkopf: play: ");
            fprintf(stderr, PW[L][PW_WRITE], skx_cli_quote(q, path), skx_cli_write_error(errno));
            fputc('\n', stderr);
            sk_sheet_free(sh);
            free(sh);
            return -1;
        }
    }
    p->sheet = sh;
    snprintf(p->sheet_path, sizeof p->sheet_path, "%s", path);
    return 0;
}

/* Books a finished game into the sheet and saves it; a refusal or a
 * failed save is shown at the table, and the game stays off the sheet. */
void skx_play_sheet_book(play_ctx *p, const sk_game *g)
{
    if (!p->sheet)
        return;
    sk_sheet *sh = p->sheet;
    sh->lang = p->table.lang == SKX_LANG_EN;
    char why[600], msg[1400], q[SK_CLI_QUOTE];
    skx_cli_quote(q, p->sheet_path);
    if (sk_sheet_add_game(sh, g, NULL, NULL, 0, why, sizeof why) < 0) {
        snprintf(msg, sizeof msg, PW[sh->lang][PW_REFUSED], q, why);
        p->ui->error(p->ui, &p->table, msg);
        return;
    }
    if (save_sheet(sh, p->sheet_path) < 0) {
        snprintf(msg, sizeof msg, PW[sh->lang][PW_WRITE], q, skx_cli_write_error(errno));
        sk_sheet_undo(sh);
        p->ui->error(p->ui, &p->table, msg);
    }
}

/* Frees the sheet. */
void skx_play_sheet_close(play_ctx *p)
{
    if (p->sheet)
        sk_sheet_free(p->sheet);
    free(p->sheet);
    p->sheet = NULL;
}
