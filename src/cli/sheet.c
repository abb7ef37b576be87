/*
 * sheet.c -- `schafkopf sheet`: score keeping for an evening at a real
 * table, one line per deal on stdin (the evening itself is
 * src/table/sheet.c).  `show` prints the sheet with running totals,
 * `pay` who pays whom with the fewest transfers, `csv` and `json`
 * export it; `stats` and `chart` give the statistics per player and the
 * money chart over this and earlier evenings, `import-games` books game
 * records and `import-csv` a sheet's CSV.  With --file the evening lives in a JSON file: the
 * ruleset, the players and the lines as typed, rewritten after every
 * entry, so nothing entered is lost.
 */
#include "cli.h"
#include "cli/keep.h"
#include "schafkopf/table.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* A word of the sheet in its language (src/table/sheet_print.c). */
#define SW(word) sk_sheet_word(sh->lang, (word))

/* Where the sheet is kept, for a message: the file, or the book's code. */
static const char *keep_name(const skx_keep *k)
{
    return k->path ? k->path : k->code;
}

/* ------------------------------------------------------------------ */
/* Statistics, the chart, and what other files bring                    */
/* ------------------------------------------------------------------ */

/* This file's own words, German and English. */
enum {
    CW_NO_FILE, CW_CHART_WRITTEN, CW_BOOKED, CW_NOTHING_BOOKED, CW_CANNOT_READ,
    CW_TOO_MANY, CW_NOT_SAVED, CW_CHART_FAILED, CW_REFUSED_ONE, CW_REFUSED_MANY, CW_COUNT
};
static const char *const CLI_WORDS[2][CW_COUNT] = {
    {
        [CW_NO_FILE] = "%s: welche Datei? (%s DATEI)",
        [CW_CHART_WRITTEN] = "Grafik geschrieben: %s",
        [CW_BOOKED] = "%d Spiele eingetragen aus %s",
        [CW_NOTHING_BOOKED] = "nichts eingetragen",
        [CW_CANNOT_READ] = "%s: nicht lesbar: %s",
        [CW_TOO_MANY] = "zu viele Spieler für die Statistik (höchstens %d)",
        [CW_NOT_SAVED] = "%s: nicht gespeichert, nichts eingetragen",
        [CW_CHART_FAILED] = "Grafik nicht geschrieben: %s: %s",
        [CW_REFUSED_ONE] = "1 Zeile abgelehnt (Grund oben)",
        [CW_REFUSED_MANY] = "%d Zeilen abgelehnt (Gründe oben)",
    },
    {
        [CW_NO_FILE] = "%s: which file? (%s FILE)",
        [CW_CHART_WRITTEN] = "Chart written: %s",
        [CW_BOOKED] = "%d games booked from %s",
        [CW_NOTHING_BOOKED] = "nothing booked",
        [CW_CANNOT_READ] = "%s: cannot read: %s",
        [CW_TOO_MANY] = "too many players for the statistics (at most %d)",
        [CW_NOT_SAVED] = "%s: not saved, nothing booked",
        [CW_CHART_FAILED] = "Chart not written: %s: %s",
        [CW_REFUSED_ONE] = "1 line refused (reason above)",
        [CW_REFUSED_MANY] = "%d lines refused (reasons above)",
    }};
#define CW(word) CLI_WORDS[sh->lang ? 1 : 0][word]

/* What a command of the sheet did: done; refused (the keeper's input, a
 * file named: said at once, counted at the end, the sheet as it was); or
 * failed (the sheet not saved, a file not written: the exit status says
 * so). */
enum { CMD_DONE = 0, CMD_REFUSED = -1, CMD_FAILED = -2 };

/* Splits the words after a command (file names; no spaces in them) into
 * args; returns how many, at most max. */
static int command_args(char *line, char **args, int max)
{
    int n = 0;
    char *save = NULL;
    char *w = strtok_r(line, " \t\r", &save); /* the command itself */
    while (w && (w = strtok_r(NULL, " \t\r", &save)) && *w != '#' && n < max)
        args[n++] = w;
    return n;
}

/* Prints the deal just booked: what it was and who got what. */
static void print_booked(const sk_sheet *sh)
{
    char what[256], buf[32];
    const sk_sheet_row *row = &sh->rows[sh->n - 1];
    sk_sheet_describe(sh, row, what, sizeof what);
    printf("%s %d: %s", SW(SK_SW_GAME), sh->n, what);
    for (int p = 0; p < sh->nplayers; p++)
        if (sh->rules.score == SK_SCORE_POINTS ? row->points[p] != 0 : row->money[p] != 0) {
            if (sh->rules.score == SK_SCORE_POINTS) /* a tournament table (5.2.7) */
                printf(" | %s %+lld", sh->names[p], (long long)row->points[p]);
            else
                printf(" | %s %s", sh->names[p], sk_sheet_euros(sh, row->money[p], buf));
        }
    printf("\n");
}

/* The statistics of the group's other evenings (kept in a store), the
 * evenings in files (their order) and then this one; 0, or -1 after a
 * message. */
static int gather_stats(const sk_sheet *sh, skx_keep *keep, char **files, int nfiles,
                        sk_sheet_stats *st)
{
    char q[SK_CLI_QUOTE], why[320];
    sk_sheet_stats_init(st);
    if (skx_sheet_db_group_stats(keep, sh, st) < 0) {
        sk_sheet_stats_free(st);
        return -1;
    }
    for (int i = 0; i < nfiles; i++) {
        size_t len = 0;
        char *text = skx_cli_slurp(files[i], &len, SK_SHEET_MAX_FILE);
        if (!text) {
            fprintf(stderr, CW(CW_CANNOT_READ), skx_cli_quote(q, files[i]),
                    skx_cli_read_error(errno));
            fputc('\n', stderr);
            sk_sheet_stats_free(st);
            return -1;
        }
        sk_sheet other;
        int rc = sk_sheet_load(&other, text, len, sh->lang, why, sizeof why);
        free(text);
        if (rc < 0) {
            fprintf(stderr, "%s: %s\n", skx_cli_quote(q, files[i]), why);
            sk_sheet_stats_free(st);
            return -1;
        }
        rc = sk_sheet_stats_add(st, &other);
        sk_sheet_free(&other);
        if (rc < 0) {
            fprintf(stderr, CW(CW_TOO_MANY), SK_STATS_PLAYERS);
            fputc('\n', stderr);
            sk_sheet_stats_free(st);
            return -1;
        }
    }
    if (sk_sheet_stats_add(st, sh) < 0) {
        fprintf(stderr, CW(CW_TOO_MANY), SK_STATS_PLAYERS);
        fputc('\n', stderr);
        sk_sheet_stats_free(st);
        return -1;
    }
    return 0;
}

/* `stats [FILE...]`: the table over the earlier evenings and this one.
 * CMD_DONE, or CMD_REFUSED after a message. */
static int cmd_stats(const sk_sheet *sh, skx_keep *keep, char **args, int n)
{
    sk_sheet_stats st;
    if (gather_stats(sh, keep, args, n, &st) < 0)
        return CMD_REFUSED;
    sk_sheet_stats_print(&st, sh->lang, sh->rules.score == SK_SCORE_POINTS, stdout);
    sk_sheet_stats_free(&st);
    return CMD_DONE;
}

/* `chart OUT.svg [FILE...]`: the money chart of those evenings and this
 * one, written as every file is (common.c: a file whole, a device in
 * place).  CMD_DONE, or CMD_REFUSED or CMD_FAILED after a message. */
static int cmd_chart(const sk_sheet *sh, skx_keep *keep, const char *word, char **args,
                     int n)
{
    char q[SK_CLI_QUOTE];
    if (n < 1) {
        fprintf(stderr, CW(CW_NO_FILE), word, word);
        fputc('\n', stderr);
        return CMD_REFUSED;
    }
    sk_sheet_stats st;
    if (gather_stats(sh, keep, args + 1, n - 1, &st) < 0)
        return CMD_REFUSED;
    char *svg = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&svg, &len);
    if (out) {
        sk_sheet_chart_svg(&st, sh->lang, sh->rules.score == SK_SCORE_POINTS, out);
        fclose(out);
    }
    sk_sheet_stats_free(&st);
    errno = ENOMEM;
    int rc = svg ? skx_cli_save_text(args[0], svg) : -1;
    int error = errno;
    free(svg);
    if (rc < 0) { /* a write error too: /dev/full is no chart written */
        fprintf(stderr, CW(CW_CHART_FAILED), skx_cli_quote(q, args[0]),
                skx_cli_write_error(error));
        fputc('\n', stderr);
        return CMD_FAILED;
    }
    printf(CW(CW_CHART_WRITTEN), skx_cli_quote(q, args[0]));
    printf("\n");
    return CMD_DONE;
}

/* Saves after an import; when that fails the sheet goes back to `start`
 * entries.  0 or -1 after a message. */
static int save_import(sk_sheet *sh, skx_keep *keep, int start)
{
    char q[SK_CLI_QUOTE];
    if (skx_keep_sheet(keep, sh) == 0)
        return 0;
    sk_sheet_truncate(sh, start);
    fprintf(stderr, CW(CW_NOT_SAVED), skx_cli_quote(q, keep_name(keep)));
    fputc('\n', stderr);
    return -1;
}

/* `import-games FILE.jsonl`: each record (a line) booked as its game's
 * line; all or nothing, the first refusal naming FILE:LINE.  CMD_DONE,
 * or CMD_REFUSED or CMD_FAILED (not saved) after a message. */
static int cmd_import_games(sk_sheet *sh, skx_keep *keep, const char *word, char **args,
                            int n)
{
    char q[SK_CLI_QUOTE], why[1400];
    if (n < 1) {
        fprintf(stderr, CW(CW_NO_FILE), word, word);
        fputc('\n', stderr);
        return CMD_REFUSED;
    }
    FILE *in = fopen(args[0], "r");
    if (!in) {
        fprintf(stderr, CW(CW_CANNOT_READ), skx_cli_quote(q, args[0]), strerror(errno));
        fputc('\n', stderr);
        return CMD_REFUSED;
    }
    int start = sh->n, rc = 0;
    long lineno = 0, len;
    char *line = NULL;
    size_t cap = 0;
    /* a record a line, each at most SK_RECORD_MAX_LINE bytes: an endless
     * line must not fill the memory */
    while (rc == 0 && (len = skx_cli_getline(in, &line, &cap, SK_RECORD_MAX_LINE)) != SK_CLI_EOF) {
        lineno++;
        if (len == SK_CLI_TOO_LONG) {
            snprintf(why, sizeof why, "> %d bytes", SK_RECORD_MAX_LINE);
            rc = -1;
        } else if (len == SK_CLI_READ_ERROR) {
            snprintf(why, sizeof why, "%s", strerror(errno));
            rc = -1;
        } else if (strspn(line, " \t\r") == (size_t)len) {
            continue;
        } else {
            rc = sk_sheet_add_record(sh, line, (size_t)len, why, sizeof why);
        }
        if (rc < 0)
            fprintf(stderr, "%s: %s:%ld: %s (%s)\n", SW(SK_SW_REFUSED),
                    skx_cli_quote(q, args[0]), lineno, why, CW(CW_NOTHING_BOOKED));
    }
    free(line);
    fclose(in);
    if (rc < 0) {
        sk_sheet_truncate(sh, start);
        return CMD_REFUSED;
    }
    if (save_import(sh, keep, start) < 0)
        return CMD_FAILED;
    int booked = sh->n - start;
    for (int i = start; i < sh->n; i++) {
        int all = sh->n;
        sh->n = i + 1; /* print_booked prints the last row */
        print_booked(sh);
        sh->n = all;
    }
    printf(CW(CW_BOOKED), booked, skx_cli_quote(q, args[0]));
    printf("\n");
    return CMD_DONE;
}

/* `import-csv FILE`: the rows of a sheet's CSV booked again; all or
 * nothing.  CMD_DONE, or CMD_REFUSED or CMD_FAILED after a message. */
static int cmd_import_csv(sk_sheet *sh, skx_keep *keep, const char *word, char **args, int n)
{
    char q[SK_CLI_QUOTE], why[600];
    if (n < 1) {
        fprintf(stderr, CW(CW_NO_FILE), word, word);
        fputc('\n', stderr);
        return CMD_REFUSED;
    }
    size_t len = 0;
    char *text = skx_cli_slurp(args[0], &len, SK_SHEET_MAX_FILE);
    if (!text) {
        fprintf(stderr, CW(CW_CANNOT_READ), skx_cli_quote(q, args[0]),
                skx_cli_read_error(errno));
        fputc('\n', stderr);
        return CMD_REFUSED;
    }
    int start = sh->n;
    int rc = sk_sheet_import_csv(sh, text, len, why, sizeof why);
    free(text);
    if (rc < 0) {
        fprintf(stderr, "%s: %s: %s\n", SW(SK_SW_REFUSED), skx_cli_quote(q, args[0]), why);
        return CMD_REFUSED;
    }
    if (save_import(sh, keep, start) < 0)
        return CMD_FAILED;
    printf(CW(CW_BOOKED), sh->n - start, skx_cli_quote(q, args[0]));
    printf("\n");
    return CMD_DONE;
}

/* ------------------------------------------------------------------ */
/* The command                                                          */
/* ------------------------------------------------------------------ */

/* The usage in German (the default language of the sheet). */
static void sheet_usage_de(FILE *out)
{
    fprintf(out,
            "Aufruf: schafkopf sheet [--file DATEI | --db DB [--group NAME [--roster LISTE]]\n"
            "                        [--evening CODE|new]]\n"
            "                        [--players A,B,C,D] [--dealer NAME] [--preset P]\n"
            "                        [--rule schlüssel=wert] [--rules DATEI] [--lang de|en]\n"
            "        schafkopf sheet --db DB --list\n\n"
            "Schreibt die Liste eines Abends an einem echten Tisch: eine Zeile je Spiel auf\n"
            "der Standardeingabe, nach den Regeln geprüft und abgerechnet (docs/rules.md,\n"
            "\"Score keeping\").\n\n"
            "  spiel VERTRAG spieler=NAME [partner=NAME] augen=N | gewonnen | verloren\n"
            "       [schneider] [schwarz] [laufende=N] [kontra=N] [gelegt=N] [muss] [kreuzbock]\n"
            "  zusammen         alle weiter\n"
            "  ramsch verlierer=NAME[,NAME] [gewinner=...] [jungfrau=N] [durchmarsch=NAME]\n"
            "  strafe FEHLER VERTRAG spieler=NAME [partner=NAME] fehler=NAME\n"
            "          [aufgedeckt=NAME]\n"
            "  neu FEHLER       falsch gegeben\n"
            "Verträge: sauspiel:E, solo:H, solo:G:tout, wenz, sie, geier, bettel ...\n"
            "FEHLER: eine Regelnummer oder ein Kürzel: 2.4.10 invalid_bid, 3.4.7 out_of_turn,\n"
            "3.4.8 remark, 3.4.9 tricks_looked, 3.4.11 card_shown, 3.4.12 card_count,\n"
            "3.4.14 revoke, 3.4.15 revoke_late, 3.4.18 revealed; Fehler beim Geben 3.4.2\n"
            "deal_card_shown, deal_count, 3.4.5 deal_out_of_turn, 3.4.6 deal_error,\n"
            "3.4.13 two_counts.\n"
            "Befehle: liste (die Liste mit Zwischenständen), punkte (Turnierpunkte),\n"
            "zahlen (wer wem zahlt, mit den wenigsten Zahlungen), csv, json, zurück (der\n"
            "letzte Eintrag), hilfe, ende;\n"
            "  statistik [FRÜHER.json ...]   Statistik je Spieler über die Listen früherer\n"
            "                                Abende und diese\n"
            "  grafik AUS.svg [FRÜHER.json ...]  das Geld jedes Spielers über die Spiele (SVG)\n"
            "  spiele-laden SPIELE.jsonl     Spielprotokolle buchen (die Sitzungsdatei von\n"
            "                                schafkopf play, games.jsonl des Servers): Sitz N\n"
            "                                ist Spieler N\n"
            "  csv-laden DATEI.csv           die Zeilen einer csv-Liste wieder buchen\n"
            "Die englischen Wörter gehen auch (game, declarer=, points=, won, show, pay ...).\n"
            "Eine abgelehnte Zeile wird sofort gemeldet und ändert nichts; am Ende werden die\n"
            "Ablehnungen gezählt.  Rückgabewert 0, wenn alles Gebuchte gespeichert wurde, 1,\n"
            "wenn ein Speichern, eine Grafik oder die Eingabe fehlschlug, 2 bei falschen\n"
            "Optionen.\n\n"
            "  --file DATEI     die Liste des Abends (JSON): zuerst gelesen, nach jedem\n"
            "                   Eintrag geschrieben; Regeln und Spieler stehen in ihr, wenn\n"
            "                   es sie schon gibt\n"
            "  --db DB          den Abend stattdessen im Speicher DB führen (schafkopf serve\n"
            "                   --db): die Seiten des Servers zeigen ihn auch (nicht, während\n"
            "                   er läuft)\n"
            "  --group NAME     eine Runde (Code oder Titel) in DB; die Statistik umfasst\n"
            "                   dann alle ihre Abende; --players sagt, wer am Tisch sitzt\n"
            "  --roster LISTE   die Spieler der Runde (neue Namen kommen dazu; eine neue\n"
            "                   Runde ohne sie nimmt --players)\n"
            "  --evening CODE   mit diesem Abend weitermachen; 'new' beginnt einen neuen\n"
            "                   (sonst der Abend der Runde aus den letzten 12 Stunden,\n"
            "                   oder ein neuer)\n"
            "  --list           die Runden, Abende und Turniere in DB auflisten\n"
            "  --players LISTE  die Namen in Sitzordnung, mit Kommas (Vorgabe 1,2,3,4)\n"
            "  --dealer NAME    wer zuerst gibt (Vorgabe: der erste Spieler)\n"
            "  --lang de|en     Ausgabe deutsch (Vorgabe) oder englisch\n"
            "  -h, --help       diese Hilfe\n");
}

/* The usage, in English. */
static void sheet_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf sheet [--file FILE | --db DB [--group NAME [--roster LIST]]\n"
            "                       [--evening CODE|new]]\n"
            "                       [--players A,B,C,D] [--dealer NAME] [--preset P]\n"
            "                       [--rule key=value] [--rules FILE] [--lang de|en]\n"
            "       schafkopf sheet --db DB --list\n\n"
            "Keeps the score of an evening at a real table: one line per deal on stdin,\n"
            "checked and priced by the rules (docs/rules.md, \"Score keeping\").\n\n"
            "  game CONTRACT declarer=NAME [partner=NAME] points=N | won | lost\n"
            "       [schneider] [schwarz] [laufende=N] [kontra=N] [laid=N] [muss] [kreuzbock]\n"
            "  thrown_in\n"
            "  ramsch losers=NAME[,NAME] [winners=...] [jungfrau=N] [durchmarsch=NAME]\n"
            "  penalty FAULT CONTRACT declarer=NAME [partner=NAME] offender=NAME\n"
            "          [revealer=NAME]\n"
            "  redeal FAULT\n"
            "FAULT: a rule number or code: 2.4.10 invalid_bid, 3.4.7 out_of_turn, 3.4.8 remark,\n"
            "3.4.9 tricks_looked, 3.4.11 card_shown, 3.4.12 card_count, 3.4.14 revoke,\n"
            "3.4.15 revoke_late, 3.4.18 revealed; misdeals 3.4.2 deal_card_shown, deal_count,\n"
            "3.4.5 deal_out_of_turn, 3.4.6 deal_error, 3.4.13 two_counts.\n"
            "Commands: show (the sheet, running totals), points (tournament points),\n"
            "pay (who pays whom, fewest transfers), csv, json, undo (the last entry), help, quit;\n"
            "  stats [EARLIER.json ...]     statistics per player over the earlier evenings'\n"
            "                               sheet files and this one\n"
            "  chart OUT.svg [EARLIER.json ...]  each player's money over the games (SVG)\n"
            "  import-games GAMES.jsonl     book game records (schafkopf play's session file,\n"
            "                               the server's games.jsonl): seat N is player N\n"
            "  import-csv FILE.csv          book the rows of a sheet's csv again\n"
            "German words work too (spiel, spieler=, augen=, gewonnen, liste, zahlen, statistik,\n"
            "grafik, spiele-laden, csv-laden ...).  A refused line is said at once and\n"
            "changes nothing; at quit or the end of the input the refusals are counted.\n"
            "Exit status 0 when everything booked was saved, 1 when a save, a chart or\n"
            "the input failed, 2 for bad options.\n\n"
            "  --file FILE      the evening's sheet (JSON), read first, written after each entry;\n"
            "                   ruleset and players come from it when it exists\n"
            "  --db DB          keep the evening in the store DB instead (schafkopf serve --db):\n"
            "                   the server's pages open it too (not while it runs)\n"
            "  --group NAME     a group of players (code or title) in DB; stats then cover\n"
            "                   all its evenings; --players says who sits at the table\n"
            "  --roster LIST    the group's players (new names join; a new group without\n"
            "                   it takes --players)\n"
            "  --evening CODE   go on with that evening; 'new' begins one (default: the\n"
            "                   group's evening of the last 12 hours, else a new one)\n"
            "  --list           list DB's groups, evenings and tournaments\n"
            "  --players LIST   the names in seating order, comma-separated (default 1,2,3,4)\n"
            "  --dealer NAME    who deals first (default the first player)\n"
            "  --lang de|en     German (default) or English output\n"
            "  -h, --help       this help\n");
}

/* Counts a command's outcome: a refusal in *refused, a failure in
 * *failed. */
static void tally(int rc, int *refused, bool *failed)
{
    if (rc == CMD_REFUSED)
        (*refused)++;
    else if (rc == CMD_FAILED)
        *failed = true;
}

/* Runs the lines of `in` against the sheet, keeping it (if anywhere)
 * after every entry, until quit (ende) or the end of the input.  A
 * refused line is said at once and counted at the end; it changes
 * nothing, so the exit status is 0 as long as every entry booked is
 * saved: 1 when one could not be saved, a file could not be written or
 * the input stopped (a line too long, a read error). */
static int sheet_loop(sk_sheet *sh, FILE *in, skx_keep *keep)
{
    char *line = NULL, why[320], what[256];
    size_t cap = 0;
    int refused = 0;
    bool failed = false;
    long got;
    bool prompt = isatty(fileno(in)) && isatty(fileno(stdout));
    if (prompt)
        printf("%s\n", SW(SK_SW_GREETING));
    for (;;) {
        if (prompt) {
            printf("%s %d> ", SW(SK_SW_GAME), sh->n + 1);
            fflush(stdout);
        }
        got = skx_cli_command_line(in, &line, &cap, SK_SHEET_MAX_LINE, "sheet", SW(SK_SW_REFUSED));
        if (got == SK_CLI_EOF)
            break;
        if (got == SK_CLI_STOP) {
            failed = true;
            break;
        }
        if (got < 0) { /* a NUL byte in the line */
            refused++;
            continue;
        }
        const char *t = line + strspn(line, " \t");
        if (!*t || *t == '#')
            continue;
        int cmd = -1;
        int rc = sk_sheet_add(sh, line, &cmd, why, sizeof why);
        if (rc < 0) {
            fprintf(stderr, "%s: %s\n", SW(SK_SW_REFUSED), why);
            refused++;
            continue;
        }
        if (rc == 0) {
            if (skx_keep_sheet(keep, sh) < 0) {
                fprintf(stderr, "schafkopf: sheet: %s: %s\n", keep_name(keep),
                        SW(SK_SW_SAVE_FAILED));
                sk_sheet_undo(sh);
                failed = true;
                continue;
            }
            print_booked(sh);
            continue;
        }
        char *args[16], word[32];
        snprintf(word, sizeof word, "%.*s", (int)strcspn(t, " \t\r"), t);
        int nargs = command_args(line, args, 16);
        if (cmd == SK_SHEET_K_QUIT)
            break;
        switch (cmd) {
        case SK_SHEET_K_STATS: tally(cmd_stats(sh, keep, args, nargs), &refused, &failed); break;
        case SK_SHEET_K_CHART:
            tally(cmd_chart(sh, keep, word, args, nargs), &refused, &failed);
            break;
        case SK_SHEET_K_IMPORT_GAMES:
            tally(cmd_import_games(sh, keep, word, args, nargs), &refused, &failed);
            break;
        case SK_SHEET_K_IMPORT_CSV:
            tally(cmd_import_csv(sh, keep, word, args, nargs), &refused, &failed);
            break;
        case SK_SHEET_K_SHOW: /* a table that plays for points shows them (5.2.7) */
            sk_sheet_print(sh, stdout, sh->rules.score == SK_SCORE_POINTS);
            break;
        case SK_SHEET_K_POINTS_TABLE: sk_sheet_print(sh, stdout, true); break;
        case SK_SHEET_K_PAY: sk_sheet_print_pay(sh, stdout); break;
        case SK_SHEET_K_CSV: sk_sheet_print_csv(sh, stdout); break;
        case SK_SHEET_K_JSON: {
            json_t *o = sk_sheet_json(sh, true);
            char *text = o ? json_dumps(o, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;
            if (text)
                puts(text);
            free(text);
            json_decref(o);
            break;
        }
        case SK_SHEET_K_UNDO:
            if (sh->n == 0) {
                fprintf(stderr, "%s\n", SW(SK_SW_EMPTY));
                break;
            }
            sk_sheet_describe(sh, &sh->rows[sh->n - 1], what, sizeof what);
            sk_sheet_undo(sh);
            if (skx_keep_sheet(keep, sh) < 0) {
                fprintf(stderr, "schafkopf: sheet: %s: %s\n", keep_name(keep),
                        SW(SK_SW_SAVE_FAILED));
                failed = true;
            }
            printf("%s %s\n", SW(SK_SW_UNDONE), what);
            break;
        case SK_SHEET_K_HELP: printf("%s\n", SW(SK_SW_HELP)); break;
        default:
            fprintf(stderr, "%s: %s\n", SW(SK_SW_REFUSED), SW(SK_SW_NO_KIND));
            refused++;
            break;
        }
        fflush(stdout);
    }
    free(line);
    if (refused == 1)
        fprintf(stderr, "%s\n", CW(CW_REFUSED_ONE));
    else if (refused > 1) {
        fprintf(stderr, CW(CW_REFUSED_MANY), refused);
        fputc('\n', stderr);
    }
    return failed ? 1 : 0;
}

int skx_cmd_sheet(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"file", required_argument, 0, 'f'},   {"players", required_argument, 0, 'p'},
        {"dealer", required_argument, 0, 'd'}, {"lang", required_argument, 0, 'L'},
        {"preset", required_argument, 0, SKX_OPT_PRESET},
        {"rule", required_argument, 0, SKX_OPT_RULE},
        {"rules", required_argument, 0, SKX_OPT_RULES_FILE},
        {"db", required_argument, 0, 'D'},     {"group", required_argument, 0, 'g'},
        {"evening", required_argument, 0, 'e'}, {"list", no_argument, 0, 'l'},
        {"roster", required_argument, 0, 'R'},
        {"help", no_argument, 0, 'h'},         {0, 0, 0, 0}};
    sk_rules rules;
    sk_rules_preset(&rules, "official", NULL);
    bool seen = false, rules_given = false;
    const char *path = NULL, *players = NULL, *dealer = NULL;
    const char *db = NULL, *group = NULL, *evening = NULL, *roster = NULL;
    bool list = false;
    int lang = 0, c;
    bool help = false;
    char q[SK_CLI_QUOTE];
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'f': path = optarg; break;
        case 'D': db = optarg; break;
        case 'g': group = optarg; break;
        case 'e': evening = optarg; break;
        case 'l': list = true; break;
        case 'R': roster = optarg; break;
        case 'p': players = optarg; break;
        case 'd': dealer = optarg; break;
        case 'L':
            if (strcmp(optarg, "de") != 0 && strcmp(optarg, "en") != 0) {
                fprintf(stderr, "schafkopf: --lang: \"%s\" is not de or en\n",
                        skx_cli_quote(q, optarg));
                return 2;
            }
            lang = optarg[0] == 'e';
            break;
        case SKX_OPT_PRESET:
        case SKX_OPT_RULE:
        case SKX_OPT_RULES_FILE:
            if (skx_cli_rules_option(&rules, c, optarg, &seen) < 0)
                return 2;
            rules_given = true;
            break;
        case 'h': help = true; break;
        default: sheet_usage(stderr); return 2;
        }
    }
    if (help) { /* after every option: --lang en anywhere counts */
        (lang ? sheet_usage : sheet_usage_de)(stdout);
        return 0;
    }
    if (optind < argc) {
        fprintf(stderr, "schafkopf: sheet: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind]));
        return 2;
    }
    if (skx_cli_rules_check(&rules) < 0)
        return 2;
    if (db && path) {
        fprintf(stderr, "schafkopf: sheet: --file or --db, not both\n");
        return 2;
    }
    if ((!db && (group || evening || list)) || (roster && !group)) {
        fprintf(stderr, "schafkopf: sheet: --group, --evening and --list need --db, --roster "
                        "needs --group\n");
        return 2;
    }
    if (list)
        return skx_sheet_db_list(db, lang);
    sk_sheet sh;
    if (db) {
        skx_keep keep;
        skx_sheet_where w = {db,     group,  evening,     players, dealer,
                             roster, &rules, rules_given, lang};
        int rc = skx_sheet_db_open(&keep, &w, &sh);
        if (rc == 0) {
            sh.lang = lang;
            rc = sheet_loop(&sh, stdin, &keep);
            sk_sheet_free(&sh);
        }
        skx_keep_close(&keep);
        return rc;
    }
    size_t len = 0;
    char *text = path ? skx_cli_slurp(path, &len, SK_SHEET_MAX_FILE) : NULL;
    if (path && !text && errno != ENOENT) {
        fprintf(stderr, "schafkopf: sheet: %s: %s\n", skx_cli_quote(q, path),
                skx_cli_read_error(errno));
        return 1;
    }
    if (text) {
        char why[320];
        int rc = sk_sheet_load(&sh, text, len, lang, why, sizeof why);
        free(text);
        if (rc < 0) {
            fprintf(stderr, "schafkopf: sheet: %s: %s\n", skx_cli_quote(q, path), why);
            return 1;
        }
        if (rules_given || players || dealer) {
            fprintf(stderr, "schafkopf: sheet: %s exists: its ruleset and players stand "
                            "(no --preset, --rule, --rules, --players or --dealer)\n",
                    skx_cli_quote(q, path));
            sk_sheet_free(&sh);
            return 2;
        }
    } else {
        char names[5][SK_SHEET_NAME] = {{0}};
        int count = 0, want = rules.players == 5 ? 5 : rules.players == 3 ? 3 : 4;
        if (players && (count = skx_sheet_split_names(players, names, 5)) != want) {
            fprintf(stderr, "schafkopf: sheet: --players: %d distinct names, comma-separated "
                            "(letters, digits, - _ .; not only digits)\n", want);
            return 2;
        }
        sk_sheet_init(&sh, &rules, players ? names : NULL, 0);
        sh.lang = lang;
        if (dealer) {
            int d = sk_sheet_player(&sh, dealer, strlen(dealer));
            if (d < 0) {
                fprintf(stderr, "schafkopf: sheet: --dealer: no player \"%s\"\n",
                        skx_cli_quote(q, dealer));
                return 2;
            }
            sk_sheet_init(&sh, &rules, players ? names : NULL, d);
            sh.lang = lang;
        }
        skx_keep file = {.path = path};
        if (path && skx_keep_sheet(&file, &sh) < 0) {
            fprintf(stderr, "schafkopf: sheet: %s: cannot write\n", skx_cli_quote(q, path));
            return 1;
        }
    }
    skx_keep keep = {.path = path};
    int status = sheet_loop(&sh, stdin, &keep);
    sk_sheet_free(&sh);
    return status;
}
