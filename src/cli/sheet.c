/*
 * sheet.c -- `schafkopf sheet`: score keeping for an evening at a real
 * table.  The keeper types one line per deal (a game, a throw-in, a
 * Ramsch, a mistake, a misdeal); the engine checks and prices it
 * (schafkopf/sheet.h) and books it into a session, which carries the
 * dealer, Bock rounds and the Stock.  `show` prints the sheet with
 * running totals, `pay` who pays whom with the fewest transfers, `csv`
 * and `json` export it.  With --file the evening lives in a JSON file:
 * the ruleset, the players and the lines as typed, rewritten after every
 * entry, so nothing entered is lost; loading it books every line again.
 *
 * A line: KIND [CONTRACT] [FAULT] [flags] [key=value ...], e.g.
 *   game solo:H declarer=Anna points=75 laufende=3
 *   game sauspiel:E declarer=Anna partner=Bert won schneider kontra=1
 *   thrown_in                     ramsch losers=Bert
 *   penalty 3.4.14 solo:H declarer=Anna offender=Bert
 *   redeal 3.4.2
 * Players are named by name or number (1..5).  German words are taken
 * too (spiel, zusammen, strafe, neu; spieler=, augen=, gewonnen ...).
 */
#include "cli.h"
#include "cli/sheet.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static bool text_ok(const char *s, size_t n);

/* A word of the sheet in its language (sheet_print.c). */
#define SW(word) skx_sheet_word(sh->lang, (word))


/* ------------------------------------------------------------------ */
/* Words, German and English                                            */
/* ------------------------------------------------------------------ */

/* German text for a refusal by the field core names first (sheet.h). */
static const struct {
    const char *field, *de;
} FIELDS_DE[] = {
    {"contract", "Dieses Spiel passt hier nicht"},
    {"declarer", "Der Spieler fehlt oder sitzt nicht am Tisch"},
    {"partner", "Der Partner passt nicht zum Spiel"},
    {"points", "Die Augen passen nicht"},
    {"won", "Gewonnen oder verloren passt nicht"},
    {"schwarz without", "Schwarz ohne Schneider gibt es nicht"},
    {"schwarz", "Schwarz passt nicht zu den Augen"},
    {"laufende", "So viele Laufende gibt es in diesem Spiel nicht"},
    {"doublings", "So oft darf hier nicht gedoppelt werden"},
    {"laid", "So viele dürfen hier nicht legen"},
    {"bock", "Zu viel Bock"},
    {"losers", "Die Verlierer des Ramsch passen nicht"},
    {"winners", "Die Gewinner des Ramsch passen nicht"},
    {"jungfrau", "So viele Jungfrauen gehen nicht"},
    {"durchmarsch", "Der Durchmarsch passt nicht"},
    {"ramsch", "Nach diesen Regeln gibt es keinen Ramsch"},
    {"fault", "Dieser Fehler passt nicht"},
    {"offender", "Wer den Fehler gemacht hat, passt nicht"},
    {"revealer", "Wer aufgedeckt hat, passt nicht"},
    {"thrown_in", "Nach diesen Regeln wird nicht zusammengeworfen"},
    {"kind", "Das passt nicht zu diesem Spiel der Runde"},
    {"kreuzbock", "Das ist kein Kreuzbock-Spiel"},
    {"muss", "Nach diesen Regeln gibt es kein Muss"},
};

/* The input words: each an English and a German spelling. */
static const struct {
    const char *en, *de;
} KEYS[] = {
    {"game", "spiel"},         {"thrown_in", "zusammen"}, {"ramsch", "ramsch"},
    {"penalty", "strafe"},     {"redeal", "neu"},         {"declarer", "spieler"},
    {"partner", "partner"},    {"points", "augen"},       {"won", "gewonnen"},
    {"lost", "verloren"},      {"schneider", "schneider"}, {"schwarz", "schwarz"},
    {"laufende", "laufende"},  {"kontra", "kontra"},      {"laid", "gelegt"},
    {"muss", "muss"},          {"kreuzbock", "kreuzbock"}, {"losers", "verlierer"},
    {"winners", "gewinner"},   {"jungfrau", "jungfrau"},  {"durchmarsch", "durchmarsch"},
    {"offender", "fehler"},    {"revealer", "aufgedeckt"}, {"show", "liste"},
    {"pay", "zahlen"},         {"csv", "csv"},            {"json", "json"},
    {"undo", "zurück"},        {"help", "hilfe"},         {"quit", "ende"},
    {"points_table", "punkte"},
};
enum {
    K_GAME, K_THROWN, K_RAMSCH, K_PENALTY, K_REDEAL, K_DECLARER, K_PARTNER, K_POINTS, K_WON,
    K_LOST, K_SCHNEIDER, K_SCHWARZ, K_LAUFENDE, K_KONTRA, K_LAID, K_MUSS, K_KREUZBOCK,
    K_LOSERS, K_WINNERS, K_JUNGFRAU, K_DURCHMARSCH, K_OFFENDER, K_REVEALER, K_SHOW, K_PAY,
    K_CSV, K_JSON, K_UNDO, K_HELP, K_QUIT, K_POINTS_TABLE, K_COUNT
};

/* The word of `s` (its first n bytes), -1 if none; "points" as a
 * command is the tournament table. */
static int key_of(const char *s, size_t n)
{
    for (int k = 0; k < K_COUNT; k++)
        if ((strlen(KEYS[k].en) == n && strncasecmp(s, KEYS[k].en, n) == 0) ||
            (strlen(KEYS[k].de) == n && strncasecmp(s, KEYS[k].de, n) == 0))
            return k;
    return -1;
}

/* ------------------------------------------------------------------ */
/* The sheet                                                            */
/* ------------------------------------------------------------------ */

/* A fresh evening under r with the players' names (NULL: numbers). */
static void sheet_init(skx_sheet *sh, const sk_rules *r, char names[][SHEET_NAME], int dealer)
{
    memset(sh, 0, sizeof *sh);
    sh->rules = *r;
    sh->nplayers = r->players == 5 ? 5 : r->players == 3 ? 3 : 4;
    for (int p = 0; p < sh->nplayers; p++)
        snprintf(sh->names[p], SHEET_NAME, "%s", names && names[p][0] ? names[p] : "");
    for (int p = 0; p < sh->nplayers; p++)
        if (!sh->names[p][0])
            snprintf(sh->names[p], SHEET_NAME, "%d", p + 1);
    sh->first_dealer = dealer;
    sk_session_init(&sh->session, r, dealer);
}

void skx_sheet_free(skx_sheet *sh)
{
    for (int i = 0; i < sh->n; i++)
        free(sh->lines[i]);
    free(sh->lines);
    free(sh->rows);
    sh->lines = NULL;
    sh->rows = NULL;
    sh->n = sh->cap = 0;
}

/* The player named `s` (n bytes): a name (any case) or a number 1..N. */
static int player_of(const skx_sheet *sh, const char *s, size_t n)
{
    for (int p = 0; p < sh->nplayers; p++)
        if (strlen(sh->names[p]) == n && strncasecmp(sh->names[p], s, n) == 0)
            return p;
    if (n == 1 && s[0] >= '1' && s[0] < '1' + sh->nplayers)
        return s[0] - '1';
    return -1;
}

/* Writes a refusal into why: the message, quoting input. */
static int refuse(char *why, size_t size, const char *fmt, const char *arg, size_t n)
{
    char q[SK_ESCAPE_SIZE(40)];
    sk_escape(q, sizeof q, arg ? arg : "", arg ? n : 0, 40);
    snprintf(why, size, fmt, q);
    return -1;
}

/* A whole number 0..max from n bytes; -1 if it is none. */
static int number_of(const char *s, size_t n, int max)
{
    int v = 0;
    if (n == 0 || n > 4)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v <= max ? v : -1;
}

/* The game seat of a player in the coming deal, -1 if he sits out. */
static int seat_of(const sk_session *s, int player)
{
    for (int i = 0; i < sk_rules_seats(&s->rules); i++)
        if (s->seat_player[i] == player)
            return i;
    return -1;
}

/*
 * Reads one entry line into an outcome for the session's next deal
 * (its seat_player set by sk_session_next): 0, 1 for a command (its key
 * in *cmd), or -1 with the reason in why.  Nothing is booked.
 */
static int parse_line(const skx_sheet *sh, const char *line, sk_outcome *o, int *cmd,
                      char *why, size_t size)
{
    const sk_session *s = &sh->session;
    sk_outcome_init(o);
    bool have_kind = false, result_given = false;
    const char *p = line;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\r')
            p++;
        if (!*p || *p == '#')
            break;
        const char *tok = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r')
            p++;
        size_t len = (size_t)(p - tok);
        const char *eq = memchr(tok, '=', len);
        size_t klen = eq ? (size_t)(eq - tok) : len;
        int k = key_of(tok, klen);
        if (!have_kind) {
            if (k >= K_SHOW && !eq) {
                *cmd = k;
                return 1;
            }
            if (k < K_GAME || k > K_REDEAL || eq)
                return refuse(why, size, SW(W_NO_KIND), NULL, 0);
            o->kind = (uint8_t)(k == K_GAME      ? SK_OUTCOME_GAME
                                : k == K_THROWN  ? SK_OUTCOME_THROWN_IN
                                : k == K_RAMSCH  ? SK_OUTCOME_RAMSCH
                                : k == K_PENALTY ? SK_OUTCOME_PENALTY
                                                 : SK_OUTCOME_REDEAL);
            have_kind = true;
            continue;
        }
        char word[64];
        if (len >= sizeof word)
            return refuse(why, size, SW(W_UNKNOWN_WORD), tok, len);
        memcpy(word, tok, len);
        word[len] = '\0';
        if (!eq) {
            sk_contract c;
            int f = sk_fault_parse(word);
            for (int r = 1; f < 0 && r < SK_NFAULTS; r++)
                if (strcmp(word, sk_fault_rule(r)) == 0)
                    f = r; /* a rule number names its fault (3.4.2: the first) */
            if (k == K_WON || k == K_LOST) {
                o->won = k == K_WON;
                result_given = true;
            } else if (k == K_SCHNEIDER) {
                o->schneider = 1;
            } else if (k == K_SCHWARZ) {
                o->schwarz = 1;
            } else if (k == K_MUSS) {
                o->muss = 1;
            } else if (k == K_KREUZBOCK) {
                o->kreuzbock = 1;
                o->contract = (sk_contract){SK_C_SAUSPIEL, SK_NOSUIT, 0};
            } else if (f > 0) {
                o->fault = (uint8_t)f;
            } else if (sk_contract_parse(word, &c, NULL) == SK_OK) {
                o->contract = c;
            } else {
                return refuse(why, size, SW(W_UNKNOWN_WORD), tok, len);
            }
            continue;
        }
        const char *v = eq + 1;
        size_t vlen = len - klen - 1;
        int num = number_of(v, vlen, 120);
        if (k == K_POINTS || k == K_LAUFENDE || k == K_KONTRA || k == K_LAID ||
            k == K_JUNGFRAU) {
            if (num < 0)
                return refuse(why, size, SW(W_BAD_NUMBER), v, vlen);
            if (k == K_POINTS)
                o->points = (int16_t)num, result_given = true;
            else if (k == K_LAUFENDE)
                o->laufende = (uint8_t)num;
            else if (k == K_KONTRA)
                o->doublings = (uint8_t)num;
            else if (k == K_LAID)
                o->laid = (uint8_t)num;
            else
                o->jungfrau = (uint8_t)num;
            continue;
        }
        if (k != K_DECLARER && k != K_PARTNER && k != K_OFFENDER && k != K_REVEALER &&
            k != K_DURCHMARSCH && k != K_LOSERS && k != K_WINNERS)
            return refuse(why, size, SW(W_UNKNOWN_WORD), tok, len);
        bool many = k == K_LOSERS || k == K_WINNERS; /* NAME[,NAME...] */
        uint8_t set = 0;
        int seat = -1;
        for (const char *n = v, *end = v + vlen;;) {
            const char *comma = memchr(n, ',', (size_t)(end - n));
            size_t nl = (size_t)((comma ? comma : end) - n);
            if (comma && !many)
                return refuse(why, size, SW(W_UNKNOWN_PLAYER), v, vlen);
            int pl = player_of(sh, n, nl);
            if (pl < 0)
                return refuse(why, size, SW(W_UNKNOWN_PLAYER), n, nl);
            seat = seat_of(s, pl);
            if (seat < 0)
                return refuse(why, size, SW(W_SITS_OUT), sh->names[pl],
                              strlen(sh->names[pl]));
            set |= (uint8_t)(1u << seat);
            if (!comma)
                break;
            n = comma + 1;
        }
        switch (k) {
        case K_DECLARER: o->declarer = (uint8_t)seat; break;
        case K_PARTNER: o->partner = (uint8_t)seat; break;
        case K_OFFENDER: o->offender = (uint8_t)seat; break;
        case K_REVEALER: o->revealer = (uint8_t)seat; break;
        case K_DURCHMARSCH: o->durchmarsch = (uint8_t)seat; break;
        case K_LOSERS: o->losers = set; break;
        default: o->winners = set; break;
        }
    }
    if (!have_kind)
        return refuse(why, size, SW(W_NO_KIND), NULL, 0);
    if (o->kreuzbock && o->declarer < SK_NSEATS && o->partner == SK_NOSEAT)
        o->partner = (uint8_t)((o->declarer + 2) % 4); /* the seat across (002) */
    if (o->kind == SK_OUTCOME_GAME && !result_given && o->contract.type != SK_C_SIE) {
        snprintf(why, size, "%s", SW(W_MISSING_RESULT));
        return -1;
    }
    if (o->kind == SK_OUTCOME_GAME && o->contract.type == SK_C_SIE)
        o->won = 1; /* 2.9.2 */
    return 0;
}

/* A core refusal in the sheet's language: German by the field it names. */
static void core_refusal(const skx_sheet *sh, const sk_error *err, char *why, size_t size)
{
    const char *rule = err->rule ? err->rule : "-";
    if (sh->lang) {
        snprintf(why, size, "%s (%s)", err->msg, rule);
        return;
    }
    const char *de = "Das passt nicht";
    for (size_t i = 0; i < sizeof FIELDS_DE / sizeof FIELDS_DE[0]; i++)
        if (strncmp(err->msg, FIELDS_DE[i].field, strlen(FIELDS_DE[i].field)) == 0) {
            de = FIELDS_DE[i].de;
            break;
        }
    snprintf(why, size, "%s (Regel %s)", de, rule);
}

/* Reads one deal's line for the session's next deal (sk_session_next
 * called) into an outcome in its game seats, booking nothing: 0, or -1
 * with why (a command is refused too).  For `schafkopf tournament`. */
int skx_sheet_parse(const skx_sheet *sh, const char *line, sk_outcome *o, char *why,
                    size_t size)
{
    size_t len = strlen(line);
    int cmd = -1;
    if (len > SHEET_MAX_LINE) {
        snprintf(why, size, SW(W_TOO_LONG), SHEET_MAX_LINE);
        return -1;
    }
    if (!text_ok(line, len)) {
        snprintf(why, size, "%s", SW(W_BAD_TEXT));
        return -1;
    }
    int rc = parse_line(sh, line, o, &cmd, why, size);
    if (rc > 0) {
        snprintf(why, size, "%s", SW(W_NO_KIND));
        return -1;
    }
    return rc;
}

/* A core refusal in the sheet's language (see core_refusal). */
void skx_sheet_refusal(const skx_sheet *sh, const sk_error *err, char *why, size_t size)
{
    core_refusal(sh, err, why, size);
}

/* Books one line into the sheet: 0, 1 for a command (*cmd), -1 with why. */
int skx_sheet_add(skx_sheet *sh, const char *line, int *cmd, char *why, size_t size)
{
    size_t len = strlen(line);
    if (len > SHEET_MAX_LINE) {
        snprintf(why, size, SW(W_TOO_LONG), SHEET_MAX_LINE);
        return -1;
    }
    if (!text_ok(line, len)) {
        snprintf(why, size, "%s", SW(W_BAD_TEXT));
        return -1;
    }
    sk_session_round round;
    sk_session_next(&sh->session, &round);
    sk_outcome o;
    int rc = parse_line(sh, line, &o, cmd, why, size);
    if (rc != 0)
        return rc;
    if (sh->n >= SHEET_MAX_ENTRIES) {
        snprintf(why, size, SW(W_FULL), SHEET_MAX_ENTRIES);
        return -1;
    }
    if (sh->n == sh->cap) {
        int cap = sh->cap ? sh->cap * 2 : 32;
        char **lines = realloc(sh->lines, (size_t)cap * sizeof *lines);
        if (lines)
            sh->lines = lines;
        skx_sheet_row *rows = lines ? realloc(sh->rows, (size_t)cap * sizeof *rows) : NULL;
        if (!rows) {
            snprintf(why, size, "out of memory");
            return -1;
        }
        sh->rows = rows;
        sh->cap = cap;
    }
    char *copy = strdup(line);
    if (!copy) {
        snprintf(why, size, "out of memory");
        return -1;
    }
    skx_sheet_row *row = &sh->rows[sh->n];
    memset(row, 0, sizeof *row);
    memcpy(row->seat_player, sh->session.seat_player, sizeof row->seat_player);
    int64_t money[5], points[5];
    memcpy(money, sh->session.money, sizeof money);
    memcpy(points, sh->session.tournament, sizeof points);
    row->dealer = (uint8_t)(sh->nplayers == 5 ? sh->session.dealer : round.dealer);
    sk_result res;
    sk_error err = {{0}, NULL};
    if (sk_session_book_outcome(&sh->session, &o, &res, &err) < 0) {
        free(copy);
        core_refusal(sh, &err, why, size);
        return -1;
    }
    o.first_game = round.first_game;
    o.bock = round.bock;
    row->outcome = o;
    row->won = res.won;
    for (int p = 0; p < 5; p++) {
        row->money[p] = sh->session.money[p] - money[p];
        row->points[p] = sh->session.tournament[p] - points[p];
    }
    row->stock = sh->session.stock;
    sh->lines[sh->n++] = copy;
    return 0;
}

/* Drops the last entry (3.4.1: only the deal just entered can still be
 * changed) by booking the others again. */
static void sheet_undo(skx_sheet *sh)
{
    int n = sh->n - 1, cmd;
    char **lines = sh->lines;
    skx_sheet_row *rows = sh->rows;
    char why[256];
    sh->lines = NULL;
    sh->rows = NULL;
    sh->n = sh->cap = 0;
    sk_session_init(&sh->session, &sh->rules, sh->first_dealer);
    for (int i = 0; i < n; i++) {
        int rc = skx_sheet_add(sh, lines[i], &cmd, why, sizeof why);
        (void)rc; /* booked once already: it books again */
    }
    for (int i = 0; i <= n; i++)
        free(lines[i]);
    free(lines);
    free(rows);
}

/* ------------------------------------------------------------------ */
/* The file                                                             */
/* ------------------------------------------------------------------ */

/* Whether text is valid UTF-8 without control characters but tabs:
 * what the sheet's file (JSON) can keep and a terminal can show. */
static bool text_ok(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7f)
            return false;
    json_t *t = json_stringn(s, n);
    json_decref(t);
    return t != NULL;
}

/* Whether a player's name is fine: 1 to SHEET_NAME - 1 bytes of
 * letters (UTF-8 ones too), digits, '-', '_' or '.', not only digits
 * (a number names a player by his place). */
int skx_sheet_name_ok(const char *name)
{
    size_t n = strlen(name);
    bool digits = true;
    if (n == 0 || n >= SHEET_NAME || !text_ok(name, n))
        return 0;
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
        bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                  (*c >= '0' && *c <= '9') || *c >= 0x80 || *c == '-' || *c == '_' ||
                  *c == '.';
        if (!ok)
            return 0;
        digits &= *c >= '0' && *c <= '9';
    }
    return !digits;
}

/* Writes the sheet to path (a temporary file renamed over it, so a
 * crash leaves the old or the new sheet, never half of one); 0 or -1. */
static int sheet_save(const skx_sheet *sh, const char *path)
{
    json_t *o = skx_sheet_json(sh, false);
    char *text = o ? json_dumps(o, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    int rc = text ? skx_cli_save_text(path, text) : -1;
    free(text);
    return rc;
}

/*
 * Reads a sheet file's text (sheet_json without rows): the ruleset as a
 * record's "rules", 3 to 5 distinct player names, the first dealer, the
 * entries, each booked again as typed.  0, or -1 with why naming the
 * member or the entry.
 */
int skx_sheet_load(skx_sheet *sh, const char *text, size_t len, int lang, char *why,
                   size_t size)
{
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    memset(sh, 0, sizeof *sh);
    if (!root) {
        snprintf(why, size, "line %d: %s", jerr.line, jerr.text);
        return -1;
    }
    int rc = -1;
    const char *format = json_string_value(json_object_get(root, "format"));
    json_t *rules = json_object_get(root, "rules"), *players = json_object_get(root, "players");
    json_t *dealer = json_object_get(root, "first_dealer");
    json_t *entries = json_object_get(root, "entries");
    sk_rules r;
    sk_error err = {{0}, NULL};
    char *rules_text = rules ? json_dumps(rules, JSON_COMPACT) : NULL;
    char names[5][SHEET_NAME] = {{0}};
    if (!format || strcmp(format, "schafkopf-sheet") != 0 ||
        json_integer_value(json_object_get(root, "version")) != 1) {
        snprintf(why, size, "format: not a schafkopf-sheet file of version 1");
    } else if (!rules_text || sk_rules_from_json(&r, rules_text, &err) < 0 ||
               sk_rules_validate(&r, &err) < 0) {
        snprintf(why, size, "rules: %s", rules_text ? err.msg : "missing");
    } else if (!json_is_array(players) ||
               (int)json_array_size(players) != (r.players == 5 ? 5 : r.players == 3 ? 3 : 4)) {
        snprintf(why, size, "players: as many names as the ruleset has players");
    } else if (!json_is_integer(dealer) || json_integer_value(dealer) < 0 ||
               json_integer_value(dealer) >= (json_int_t)json_array_size(players)) {
        snprintf(why, size, "first_dealer: a player's index");
    } else if (!json_is_array(entries) || json_array_size(entries) > SHEET_MAX_ENTRIES) {
        snprintf(why, size, "entries: a list of at most %d lines", SHEET_MAX_ENTRIES);
    } else {
        rc = 0;
        for (size_t p = 0; rc == 0 && p < json_array_size(players); p++) {
            const char *name = json_string_value(json_array_get(players, p));
            rc = name && skx_sheet_name_ok(name) ? 0 : -1;
            for (size_t q = 0; rc == 0 && q < p; q++)
                rc = strcasecmp(names[q], name) == 0 ? -1 : 0;
            if (rc == 0)
                snprintf(names[p], SHEET_NAME, "%s", name);
            else
                snprintf(why, size, "players[%zu]: a name of 1 to %d letters or digits, "
                                    "each once", p, SHEET_NAME - 1);
        }
    }
    if (rc == 0) {
        sheet_init(sh, &r, names, (int)json_integer_value(dealer));
        sh->lang = lang;
        for (size_t i = 0; rc == 0 && i < json_array_size(entries); i++) {
            const char *line = json_string_value(json_array_get(entries, i));
            char reason[256];
            int cmd = 0;
            rc = line ? skx_sheet_add(sh, line, &cmd, reason, sizeof reason) : -1;
            if (rc != 0) {
                snprintf(why, size, "entries[%zu]: %s", i,
                         !line ? "not a string" : rc > 0 ? "a command, not a deal" : reason);
                rc = -1;
            }
        }
        if (rc < 0)
            skx_sheet_free(sh);
    }
    free(rules_text);
    json_decref(root);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The command                                                          */
/* ------------------------------------------------------------------ */

static void sheet_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf sheet [--file FILE] [--players A,B,C,D] [--dealer NAME]\n"
            "                       [--preset P] [--rule key=value] [--rules FILE]\n"
            "                       [--lang de|en]\n\n"
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
            "pay (who pays whom, fewest transfers), csv, json, undo (the last entry), help, quit.\n"
            "German words work too (spiel, spieler=, augen=, gewonnen, liste, zahlen ...).\n\n"
            "  --file FILE      the evening's sheet (JSON), read first, written after each entry;\n"
            "                   ruleset and players come from it when it exists\n"
            "  --players LIST   the names in seating order, comma-separated (default 1,2,3,4)\n"
            "  --dealer NAME    who deals first (default the first player)\n"
            "  --lang de|en     German (default) or English output\n"
            "  -h, --help       this help\n");
}

/* Splits --players into names; the count must be the ruleset's. */
static int split_players(const char *arg, char names[5][SHEET_NAME], int *count)
{
    int n = 0;
    for (const char *p = arg;; n++) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (n == 5 || len == 0 || len >= SHEET_NAME)
            return -1;
        memcpy(names[n], p, len);
        names[n][len] = '\0';
        if (!skx_sheet_name_ok(names[n]))
            return -1;
        for (int q = 0; q < n; q++)
            if (strcasecmp(names[q], names[n]) == 0)
                return -1;
        if (!comma)
            break;
        p = comma + 1;
    }
    *count = n + 1;
    return 0;
}

/* Runs the lines of `in` against the sheet, saving to path (if any)
 * after every entry; returns 0, or 1 if any line was refused. */
static int sheet_loop(skx_sheet *sh, FILE *in, const char *path)
{
    char *line = NULL, why[320], what[160], buf[32];
    size_t cap = 0;
    int status = 0;
    long got;
    bool prompt = isatty(fileno(in)) && isatty(fileno(stdout));
    if (prompt)
        printf("%s\n", SW(W_GREETING));
    for (;;) {
        if (prompt) {
            printf("%s %d> ", SW(W_GAME), sh->n + 1);
            fflush(stdout);
        }
        got = skx_cli_command_line(in, &line, &cap, SHEET_MAX_LINE, "sheet", SW(W_REFUSED));
        if (got == SK_CLI_EOF)
            break;
        if (got < 0) {
            status = 1;
            if (got == SK_CLI_STOP)
                break;
            continue;
        }
        const char *t = line + strspn(line, " \t");
        if (!*t || *t == '#')
            continue;
        int cmd = -1;
        int rc = skx_sheet_add(sh, line, &cmd, why, sizeof why);
        if (rc < 0) {
            fprintf(stderr, "%s: %s\n", SW(W_REFUSED), why);
            status = 1;
            continue;
        }
        if (rc == 0) {
            if (path && sheet_save(sh, path) < 0) {
                fprintf(stderr, "schafkopf: sheet: %s: %s\n", path, SW(W_SAVE_FAILED));
                sheet_undo(sh);
                status = 1;
                continue;
            }
            const skx_sheet_row *row = &sh->rows[sh->n - 1];
            skx_sheet_describe(sh, row, what, sizeof what);
            printf("%s %d: %s", SW(W_GAME), sh->n, what);
            for (int p = 0; p < sh->nplayers; p++)
                if (row->money[p])
                    printf(" | %s %s", sh->names[p], skx_sheet_euros(sh, row->money[p], buf));
            printf("\n");
            continue;
        }
        switch (cmd) {
        case K_SHOW: skx_sheet_print(sh, stdout, false); break;
        case K_POINTS_TABLE: skx_sheet_print(sh, stdout, true); break;
        case K_PAY: skx_sheet_print_pay(sh, stdout); break;
        case K_CSV: skx_sheet_print_csv(sh, stdout); break;
        case K_JSON: {
            json_t *o = skx_sheet_json(sh, true);
            char *text = o ? json_dumps(o, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;
            if (text)
                puts(text);
            free(text);
            json_decref(o);
            break;
        }
        case K_UNDO:
            if (sh->n == 0) {
                fprintf(stderr, "%s\n", SW(W_EMPTY));
                break;
            }
            skx_sheet_describe(sh, &sh->rows[sh->n - 1], what, sizeof what);
            sheet_undo(sh);
            if (path && sheet_save(sh, path) < 0)
                fprintf(stderr, "schafkopf: sheet: %s: %s\n", path, SW(W_SAVE_FAILED));
            printf("%s %s\n", SW(W_UNDONE), what);
            break;
        case K_HELP: printf("%s\n", SW(W_HELP)); break;
        case K_QUIT: free(line); return status;
        default:
            fprintf(stderr, "%s: %s\n", SW(W_REFUSED), SW(W_NO_KIND));
            status = 1;
            break;
        }
        fflush(stdout);
    }
    free(line);
    return status;
}

int skx_cmd_sheet(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"file", required_argument, 0, 'f'},   {"players", required_argument, 0, 'p'},
        {"dealer", required_argument, 0, 'd'}, {"lang", required_argument, 0, 'L'},
        {"preset", required_argument, 0, SKX_OPT_PRESET},
        {"rule", required_argument, 0, SKX_OPT_RULE},
        {"rules", required_argument, 0, SKX_OPT_RULES_FILE},
        {"help", no_argument, 0, 'h'},         {0, 0, 0, 0}};
    sk_rules rules;
    sk_rules_preset(&rules, "official", NULL);
    bool seen = false, rules_given = false;
    const char *path = NULL, *players = NULL, *dealer = NULL;
    int lang = 0, c;
    char q[SK_CLI_QUOTE];
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'f': path = optarg; break;
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
        case 'h': sheet_usage(stdout); return 0;
        default: sheet_usage(stderr); return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "schafkopf: sheet: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind]));
        return 2;
    }
    if (skx_cli_rules_check(&rules) < 0)
        return 2;
    skx_sheet sh;
    size_t len = 0;
    char *text = path ? skx_cli_slurp(path, &len, SHEET_MAX_FILE) : NULL;
    if (path && !text && errno != ENOENT) {
        fprintf(stderr, "schafkopf: sheet: %s: %s\n", skx_cli_quote(q, path),
                skx_cli_read_error(errno));
        return 1;
    }
    if (text) {
        char why[320];
        int rc = skx_sheet_load(&sh, text, len, lang, why, sizeof why);
        free(text);
        if (rc < 0) {
            fprintf(stderr, "schafkopf: sheet: %s: %s\n", skx_cli_quote(q, path), why);
            return 1;
        }
        if (rules_given || players || dealer) {
            fprintf(stderr, "schafkopf: sheet: %s exists: its ruleset and players stand "
                            "(no --preset, --rule, --rules, --players or --dealer)\n",
                    skx_cli_quote(q, path));
            skx_sheet_free(&sh);
            return 2;
        }
    } else {
        char names[5][SHEET_NAME] = {{0}};
        int count = 0, want = rules.players == 5 ? 5 : rules.players == 3 ? 3 : 4;
        if (players && (split_players(players, names, &count) < 0 || count != want)) {
            fprintf(stderr, "schafkopf: sheet: --players: %d distinct names, comma-separated "
                            "(letters, digits, - _ .; not only digits)\n", want);
            return 2;
        }
        sheet_init(&sh, &rules, players ? names : NULL, 0);
        sh.lang = lang;
        if (dealer) {
            int d = player_of(&sh, dealer, strlen(dealer));
            if (d < 0) {
                fprintf(stderr, "schafkopf: sheet: --dealer: no player \"%s\"\n",
                        skx_cli_quote(q, dealer));
                return 2;
            }
            sheet_init(&sh, &rules, players ? names : NULL, d);
            sh.lang = lang;
        }
        if (path && sheet_save(&sh, path) < 0) {
            fprintf(stderr, "schafkopf: sheet: %s: cannot write\n", skx_cli_quote(q, path));
            return 1;
        }
    }
    int status = sheet_loop(&sh, stdin, path);
    skx_sheet_free(&sh);
    return status;
}
