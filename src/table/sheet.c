/*
 * sheet.c -- score keeping for an evening at a real table (the
 * documents of schafkopf/table.h; `schafkopf sheet` and the server's
 * pages use it).  The keeper types one line per deal (a game, a
 * throw-in, a Ramsch, a mistake, a misdeal); the engine checks and
 * prices it (schafkopf/sheet.h) and books it into a session, which
 * carries the dealer, Bock rounds and the Stock.  The evening is the
 * ruleset, the players and the lines as typed (sk_sheet_json); loading
 * it books every line again (sk_sheet_load).
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
#include "schafkopf/table.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool text_ok(const char *s, size_t n);

/* A word of the sheet in its language (sheet_print.c). */
#define SW(word) sk_sheet_word(sh->lang, (word))


/* ------------------------------------------------------------------ */
/* Words, German and English                                            */
/* ------------------------------------------------------------------ */

/* German text for a refusal by the field core names first (sheet.h). */
static const struct {
    const char *field, *de;
} FIELDS_DE[] = {
    {"contract", "Dieses Spiel passt hier nicht"},
    {"declarer", "Der Spieler fehlt oder sitzt nicht am Tisch"},
    {"partner: missing", "Partner fehlt"}, /* before "partner": the first match counts */
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
    {"points_table", "punkte"}, {"stats", "statistik"},  {"chart", "grafik"},
    {"import-games", "spiele-laden"}, {"import-csv", "csv-laden"},
};

/* The word of `s` (its first n bytes), -1 if none; "points" as a
 * command is the tournament table. */
static int key_of(const char *s, size_t n)
{
    for (int k = 0; k < SK_SHEET_K_COUNT; k++)
        if ((strlen(KEYS[k].en) == n && strncasecmp(s, KEYS[k].en, n) == 0) ||
            (strlen(KEYS[k].de) == n && strncasecmp(s, KEYS[k].de, n) == 0))
            return k;
    return -1;
}

/* ------------------------------------------------------------------ */
/* The sheet                                                            */
/* ------------------------------------------------------------------ */

/* A fresh evening under r with the players' names (NULL: numbers). */
void sk_sheet_init(sk_sheet *sh, const sk_rules *r, char names[][SK_SHEET_NAME], int dealer)
{
    memset(sh, 0, sizeof *sh);
    sh->rules = *r;
    sh->nplayers = r->players == 5 ? 5 : r->players == 3 ? 3 : 4;
    for (int p = 0; p < sh->nplayers; p++)
        snprintf(sh->names[p], SK_SHEET_NAME, "%s", names && names[p][0] ? names[p] : "");
    for (int p = 0; p < sh->nplayers; p++)
        if (!sh->names[p][0])
            snprintf(sh->names[p], SK_SHEET_NAME, "%d", p + 1);
    sh->first_dealer = dealer;
    sk_session_init(&sh->session, r, dealer);
}

void sk_sheet_free(sk_sheet *sh)
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
int sk_sheet_player(const sk_sheet *sh, const char *s, size_t n)
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

/* A whole number 0..max from n bytes: the number, -1 if it is none,
 * -2 if it is one past max (a keeper is told which of the two). */
static int number_of(const char *s, size_t n, int max)
{
    int v = 0;
    if (n == 0)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return -1;
    for (size_t i = 0; i < n; i++) {
        v = v * 10 + (s[i] - '0');
        if (v > max)
            return -2;
    }
    return v;
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
static int parse_line(const sk_sheet *sh, const char *line, sk_outcome *o, int *cmd,
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
            if (k >= SK_SHEET_K_SHOW && !eq) {
                *cmd = k;
                return 1;
            }
            if (k < SK_SHEET_K_GAME || k > SK_SHEET_K_REDEAL || eq)
                return refuse(why, size, SW(SK_SW_NO_KIND), NULL, 0);
            o->kind = (uint8_t)(k == SK_SHEET_K_GAME      ? SK_OUTCOME_GAME
                                : k == SK_SHEET_K_THROWN  ? SK_OUTCOME_THROWN_IN
                                : k == SK_SHEET_K_RAMSCH  ? SK_OUTCOME_RAMSCH
                                : k == SK_SHEET_K_PENALTY ? SK_OUTCOME_PENALTY
                                                 : SK_OUTCOME_REDEAL);
            have_kind = true;
            continue;
        }
        char word[64];
        if (len >= sizeof word)
            return refuse(why, size, SW(SK_SW_UNKNOWN_WORD), tok, len);
        memcpy(word, tok, len);
        word[len] = '\0';
        if (!eq) {
            sk_contract c;
            int f = sk_fault_parse(word);
            for (int r = 1; f < 0 && r < SK_NFAULTS; r++)
                if (strcmp(word, sk_fault_rule(r)) == 0)
                    f = r; /* a rule number names its fault (3.4.2: the first) */
            if (k == SK_SHEET_K_WON || k == SK_SHEET_K_LOST) {
                o->won = k == SK_SHEET_K_WON;
                result_given = true;
            } else if (k == SK_SHEET_K_SCHNEIDER) {
                o->schneider = 1;
            } else if (k == SK_SHEET_K_SCHWARZ) {
                o->schwarz = 1;
            } else if (k == SK_SHEET_K_MUSS) {
                o->muss = 1;
            } else if (k == SK_SHEET_K_KREUZBOCK) {
                o->kreuzbock = 1;
                o->contract = (sk_contract){SK_C_SAUSPIEL, SK_NOSUIT, 0};
            } else if (f > 0) {
                o->fault = (uint8_t)f;
            } else if (sk_contract_parse(word, &c, NULL) == SK_OK) {
                o->contract = c;
            } else {
                return refuse(why, size, SW(SK_SW_UNKNOWN_WORD), tok, len);
            }
            continue;
        }
        const char *v = eq + 1;
        size_t vlen = len - klen - 1;
        /* a game's points are 0..120 (1.2.4); the counts fit their byte and
         * core says how many the game can have */
        int num = number_of(v, vlen, k == SK_SHEET_K_POINTS ? 120 : 255);
        if (k == SK_SHEET_K_POINTS || k == SK_SHEET_K_LAUFENDE || k == SK_SHEET_K_KONTRA || k == SK_SHEET_K_LAID ||
            k == SK_SHEET_K_JUNGFRAU) {
            if (num == -2)
                return refuse(why, size, SW(k == SK_SHEET_K_POINTS ? SK_SW_POINTS_RANGE : SK_SW_TOO_BIG),
                              v, vlen);
            if (num < 0)
                return refuse(why, size, SW(SK_SW_BAD_NUMBER), v, vlen);
            if (k == SK_SHEET_K_POINTS)
                o->points = (int16_t)num, result_given = true;
            else if (k == SK_SHEET_K_LAUFENDE)
                o->laufende = (uint8_t)num;
            else if (k == SK_SHEET_K_KONTRA)
                o->doublings = (uint8_t)num;
            else if (k == SK_SHEET_K_LAID)
                o->laid = (uint8_t)num;
            else
                o->jungfrau = (uint8_t)num;
            continue;
        }
        if (k != SK_SHEET_K_DECLARER && k != SK_SHEET_K_PARTNER && k != SK_SHEET_K_OFFENDER && k != SK_SHEET_K_REVEALER &&
            k != SK_SHEET_K_DURCHMARSCH && k != SK_SHEET_K_LOSERS && k != SK_SHEET_K_WINNERS)
            return refuse(why, size, SW(SK_SW_UNKNOWN_WORD), tok, len);
        bool many = k == SK_SHEET_K_LOSERS || k == SK_SHEET_K_WINNERS; /* NAME[,NAME...] */
        uint8_t set = 0;
        int seat = -1;
        for (const char *n = v, *end = v + vlen;;) {
            const char *comma = memchr(n, ',', (size_t)(end - n));
            size_t nl = (size_t)((comma ? comma : end) - n);
            if (comma && !many)
                return refuse(why, size, SW(SK_SW_UNKNOWN_PLAYER), v, vlen);
            int pl = sk_sheet_player(sh, n, nl);
            if (pl < 0)
                return refuse(why, size, SW(SK_SW_UNKNOWN_PLAYER), n, nl);
            seat = seat_of(s, pl);
            if (seat < 0)
                return refuse(why, size, SW(SK_SW_SITS_OUT), sh->names[pl],
                              strlen(sh->names[pl]));
            set |= (uint8_t)(1u << seat);
            if (!comma)
                break;
            n = comma + 1;
        }
        switch (k) {
        case SK_SHEET_K_DECLARER: o->declarer = (uint8_t)seat; break;
        case SK_SHEET_K_PARTNER: o->partner = (uint8_t)seat; break;
        case SK_SHEET_K_OFFENDER: o->offender = (uint8_t)seat; break;
        case SK_SHEET_K_REVEALER: o->revealer = (uint8_t)seat; break;
        case SK_SHEET_K_DURCHMARSCH: o->durchmarsch = (uint8_t)seat; break;
        case SK_SHEET_K_LOSERS: o->losers = set; break;
        default: o->winners = set; break;
        }
    }
    if (!have_kind)
        return refuse(why, size, SW(SK_SW_NO_KIND), NULL, 0);
    if (o->kreuzbock && o->declarer < SK_NSEATS && o->partner == SK_NOSEAT)
        o->partner = (uint8_t)((o->declarer + 2) % 4); /* the seat across (002) */
    if (o->kind == SK_OUTCOME_GAME && !result_given && o->contract.type != SK_C_SIE) {
        snprintf(why, size, "%s", SW(SK_SW_MISSING_RESULT));
        return -1;
    }
    if (o->kind == SK_OUTCOME_GAME && o->contract.type == SK_C_SIE)
        o->won = 1; /* 2.9.2 */
    return 0;
}

/* A core refusal in the sheet's language: German by the field it names.
 * Core's message names its rule already ("... (3.3)", skx_fail), so the
 * English one is taken as it is; the German sentence names the rule
 * once, when there is one. */
static void core_refusal(const sk_sheet *sh, const sk_error *err, char *why, size_t size)
{
    if (sh->lang) {
        snprintf(why, size, "%s", err->msg);
        return;
    }
    const char *de = "Das passt nicht";
    for (size_t i = 0; i < sizeof FIELDS_DE / sizeof FIELDS_DE[0]; i++)
        if (strncmp(err->msg, FIELDS_DE[i].field, strlen(FIELDS_DE[i].field)) == 0) {
            de = FIELDS_DE[i].de;
            break;
        }
    if (err->rule)
        snprintf(why, size, "%s (Regel %s)", de, err->rule);
    else
        snprintf(why, size, "%s", de);
}

/* Reads one deal's line for the session's next deal (sk_session_next
 * called) into an outcome in its game seats, booking nothing: 0, or -1
 * with why (a command is refused too).  For `schafkopf tournament`. */
int sk_sheet_parse(const sk_sheet *sh, const char *line, sk_outcome *o, char *why,
                    size_t size)
{
    size_t len = strlen(line);
    int cmd = -1;
    if (len > SK_SHEET_MAX_LINE) {
        snprintf(why, size, SW(SK_SW_TOO_LONG), SK_SHEET_MAX_LINE);
        return -1;
    }
    if (!text_ok(line, len)) {
        snprintf(why, size, "%s", SW(SK_SW_BAD_TEXT));
        return -1;
    }
    int rc = parse_line(sh, line, o, &cmd, why, size);
    if (rc > 0) {
        snprintf(why, size, "%s", SW(SK_SW_NO_KIND));
        return -1;
    }
    return rc;
}

/* A core refusal in the sheet's language (see core_refusal). */
void sk_sheet_refusal(const sk_sheet *sh, const sk_error *err, char *why, size_t size)
{
    core_refusal(sh, err, why, size);
}

/* Books one line into the sheet: 0, 1 for a command (*cmd), -1 with why. */
int sk_sheet_add(sk_sheet *sh, const char *line, int *cmd, char *why, size_t size)
{
    size_t len = strlen(line);
    if (len > SK_SHEET_MAX_LINE) {
        snprintf(why, size, SW(SK_SW_TOO_LONG), SK_SHEET_MAX_LINE);
        return -1;
    }
    if (!text_ok(line, len)) {
        snprintf(why, size, "%s", SW(SK_SW_BAD_TEXT));
        return -1;
    }
    sk_session_round round;
    sk_session_next(&sh->session, &round);
    sk_outcome o;
    int rc = parse_line(sh, line, &o, cmd, why, size);
    if (rc != 0)
        return rc;
    if (sh->n >= SK_SHEET_MAX_ENTRIES) {
        snprintf(why, size, SW(SK_SW_FULL), SK_SHEET_MAX_ENTRIES);
        return -1;
    }
    if (sh->n == sh->cap) {
        int cap = sh->cap ? sh->cap * 2 : 32;
        char **lines = realloc(sh->lines, (size_t)cap * sizeof *lines);
        if (lines)
            sh->lines = lines;
        sk_sheet_row *rows = lines ? realloc(sh->rows, (size_t)cap * sizeof *rows) : NULL;
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
    sk_sheet_row *row = &sh->rows[sh->n];
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

/* Keeps the first n entries by booking them again (each was booked
 * once, so each books again). */
void sk_sheet_truncate(sk_sheet *sh, int n)
{
    int had = sh->n, cmd;
    char **lines = sh->lines;
    sk_sheet_row *rows = sh->rows;
    char why[256];
    if (n < 0 || n >= had)
        return;
    sh->lines = NULL;
    sh->rows = NULL;
    sh->n = sh->cap = 0;
    sk_session_init(&sh->session, &sh->rules, sh->first_dealer);
    for (int i = 0; i < n; i++) {
        int rc = sk_sheet_add(sh, lines[i], &cmd, why, sizeof why);
        (void)rc; /* booked once already: it books again */
    }
    for (int i = 0; i < had; i++)
        free(lines[i]);
    free(lines);
    free(rows);
}

/* Drops the last entry (3.4.1: only the deal just entered can still be
 * changed) by booking the others again. */
void sk_sheet_undo(sk_sheet *sh)
{
    sk_sheet_truncate(sh, sh->n - 1);
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

/* A book's head (docs/store.md "Books"): {"rules": .., "players": [..]}
 * and, for an evening, "first_dealer".  The one writer of the format,
 * for the server's pages and the terminal alike. */
char *sk_sheet_head(const sk_rules *r, char names[][SK_SHEET_NAME], int n, int dealer)
{
    char *rules = sk_rules_json(r);
    json_t *rj = rules ? json_loads(rules, 0, NULL) : NULL;
    free(rules);
    json_t *pl = json_array();
    for (int i = 0; pl && i < n; i++)
        json_array_append_new(pl, json_string(names[i]));
    json_t *h = rj && pl ? json_pack("{s:o, s:o}", "rules", rj, "players", pl) : NULL;
    if (!h) {
        json_decref(rj);
        json_decref(pl);
    }
    if (h && dealer >= 0)
        json_object_set_new(h, "first_dealer", json_integer(dealer));
    char *text = h ? json_dumps(h, JSON_COMPACT) : NULL;
    json_decref(h);
    return text;
}

/* Reads a head sk_sheet_head wrote: the ruleset, at most max names
 * (*n of them), the first dealer (-1 when the head has none); 0, or -1
 * with why naming the member. */
int sk_sheet_head_read(const char *head, sk_rules *r, char names[][SK_SHEET_NAME], int max,
                       int *n, int *dealer, char *why, size_t size)
{
    json_t *h = json_loads(head ? head : "", 0, NULL);
    json_t *rj = json_object_get(h, "rules"), *pl = json_object_get(h, "players");
    json_t *d = json_object_get(h, "first_dealer");
    char *text = json_is_object(rj) ? json_dumps(rj, JSON_COMPACT) : NULL;
    sk_error err = {{0}, NULL};
    int rc = -1;
    if (!text || sk_rules_from_json(r, text, &err) < 0)
        snprintf(why, size, "head: rules: %s", err.msg[0] ? err.msg : "missing");
    else if (!json_is_array(pl) || json_array_size(pl) > (size_t)max)
        snprintf(why, size, "head: players: a list of at most %d names", max);
    else if (d && !json_is_integer(d))
        snprintf(why, size, "head: first_dealer: a player's index");
    else
        rc = 0;
    *n = rc == 0 ? (int)json_array_size(pl) : 0;
    for (int i = 0; rc == 0 && i < *n; i++) {
        const char *name = json_string_value(json_array_get(pl, (size_t)i));
        if (!name || strlen(name) >= SK_SHEET_NAME) {
            snprintf(why, size, "head: players[%d]: a name of at most %d bytes", i,
                     SK_SHEET_NAME - 1);
            rc = -1;
        } else {
            snprintf(names[i], SK_SHEET_NAME, "%s", name);
        }
    }
    if (dealer)
        *dealer = d ? (int)json_integer_value(d) : -1;
    free(text);
    json_decref(h);
    return rc;
}

/* Whether a player's name is fine: 1 to SK_SHEET_NAME - 1 bytes of
 * letters (visible UTF-8 ones too: sk_utf8_visible, so no bidirectional
 * override turns the sheet's row around), digits, '-', '_' or '.', not
 * only digits (a number names a player by his place). */
int sk_sheet_name_ok(const char *name)
{
    size_t n = strlen(name);
    bool digits = true;
    if (n == 0 || n >= SK_SHEET_NAME || !sk_text_visible(name, n))
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


/*
 * Reads a sheet file's text (sheet_json without rows): the ruleset as a
 * record's "rules", 3 to 5 distinct player names, the first dealer, the
 * entries, each booked again as typed.  0, or -1 with why naming the
 * member or the entry.
 */
int sk_sheet_load(sk_sheet *sh, const char *text, size_t len, int lang, char *why,
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
    char names[5][SK_SHEET_NAME] = {{0}};
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
    } else if (!json_is_array(entries) || json_array_size(entries) > SK_SHEET_MAX_ENTRIES) {
        snprintf(why, size, "entries: a list of at most %d lines", SK_SHEET_MAX_ENTRIES);
    } else {
        rc = 0;
        for (size_t p = 0; rc == 0 && p < json_array_size(players); p++) {
            const char *name = json_string_value(json_array_get(players, p));
            rc = name && sk_sheet_name_ok(name) ? 0 : -1;
            for (size_t q = 0; rc == 0 && q < p; q++)
                rc = strcasecmp(names[q], name) == 0 ? -1 : 0;
            if (rc == 0)
                snprintf(names[p], SK_SHEET_NAME, "%s", name);
            else
                snprintf(why, size, "players[%zu]: a name of 1 to %d letters or digits, "
                                    "each once", p, SK_SHEET_NAME - 1);
        }
    }
    if (rc == 0) {
        sk_sheet_init(sh, &r, names, (int)json_integer_value(dealer));
        sh->lang = lang;
        for (size_t i = 0; rc == 0 && i < json_array_size(entries); i++) {
            const char *line = json_string_value(json_array_get(entries, i));
            char reason[256];
            int cmd = 0;
            rc = line ? sk_sheet_add(sh, line, &cmd, reason, sizeof reason) : -1;
            if (rc != 0) {
                snprintf(why, size, "entries[%zu]: %s", i,
                         !line ? "not a string" : rc > 0 ? "a command, not a deal" : reason);
                rc = -1;
            }
        }
        if (rc < 0)
            sk_sheet_free(sh);
    }
    free(rules_text);
    json_decref(root);
    return rc;
}
