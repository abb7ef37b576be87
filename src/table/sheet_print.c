/*
 * sheet_print.c -- the output of an evening's sheet (see sheet.c): its
 * words in German and English, the sheet with running totals, who pays
 * whom with the fewest transfers, CSV and JSON.
 */
#include "schafkopf/table.h"

#include <jansson.h>

#include <stdlib.h>
#include <string.h>

static const char *const WORDS[2][SK_SW_COUNT] = {
    {
        [SK_SW_GAME] = "Spiel", [SK_SW_DEALER] = "Geber", [SK_SW_TOTAL] = "Summe", [SK_SW_STOCK] = "Stock",
        [SK_SW_PAYS] = "zahlt", [SK_SW_TO] = "an", [SK_SW_NOTHING] = "Niemand zahlt etwas.",
        [SK_SW_WON] = "gewonnen", [SK_SW_LOST] = "verloren", [SK_SW_WITH] = "mit",
        [SK_SW_THROWN] = "zusammengeworfen", [SK_SW_RAMSCH_LOST] = "Ramsch, verloren:",
        [SK_SW_DURCHMARSCH] = "Durchmarsch", [SK_SW_FAULT] = "Fehler", [SK_SW_REDEAL] = "neu gegeben",
        [SK_SW_REFUSED] = "Abgelehnt", [SK_SW_LAUFENDE] = "Laufende", [SK_SW_KONTRA] = "Kontra",
        [SK_SW_LAID] = "gelegt", [SK_SW_SITS_OUT] = "%s sitzt in diesem Spiel aus (gibt)",
        [SK_SW_UNKNOWN_WORD] = "unbekanntes Wort \"%s\"",
        [SK_SW_UNKNOWN_PLAYER] = "kein Spieler \"%s\"", [SK_SW_BAD_NUMBER] = "keine Zahl: \"%s\"",
        [SK_SW_POINTS_RANGE] = "Augen: \"%s\" ist nicht 0..120 (Regel 1.2.4)",
        [SK_SW_TOO_BIG] = "zu groß: \"%s\"",
        [SK_SW_NO_KIND] = "eine Zeile beginnt mit spiel, zusammen, ramsch, strafe oder neu "
                      "(oder liste, zahlen, csv, json, zurück, hilfe)",
        [SK_SW_TOO_LONG] = "Zeile zu lang (höchstens %d Bytes)",
        [SK_SW_FULL] = "der Zettel ist voll (%d Einträge)", [SK_SW_UNDONE] = "Zurückgenommen:",
        [SK_SW_EMPTY] = "Noch nichts eingetragen.",
        [SK_SW_SAVE_FAILED] = "nicht gespeichert, Eintrag zurückgenommen",
        [SK_SW_POINTS] = "Turnierpunkte", [SK_SW_PAY_LINE] = "%s zahlt %s an %s",
        [SK_SW_MISSING_RESULT] = "augen=N oder gewonnen oder verloren fehlt",
        [SK_SW_BAD_TEXT] = "Steuerzeichen oder kein UTF-8 in der Zeile",
        [SK_SW_GREETING] = "Eine Zeile je Spiel; hilfe zeigt die Eingaben, ende hört auf.",
        [SK_SW_AND] = "und", [SK_SW_RAMSCH_WON] = "gewonnen:",
        [SK_SW_JUNGFRAU_ONE] = "1 Jungfrau", [SK_SW_JUNGFRAU_MANY] = "%d Jungfrauen",
        [SK_SW_HELP] =
            "Eingaben (eine Zeile je Spiel):\n"
            "  spiel VERTRAG spieler=NAME [partner=NAME] augen=N | gewonnen|verloren\n"
            "        [schneider] [schwarz] [laufende=N] [kontra=N] [gelegt=N] [muss]\n"
            "  zusammen              alle weiter\n"
            "  ramsch verlierer=NAME[,NAME] [gewinner=...] [jungfrau=N] [durchmarsch=NAME]\n"
            "  strafe REGEL VERTRAG spieler=NAME [partner=NAME] fehler=NAME [aufgedeckt=NAME]\n"
            "  neu REGEL             falsch gegeben (3.4.2, 3.4.5, 3.4.6, 3.4.13)\n"
            "Verträge: sauspiel:E, solo:H, solo:G:tout, wenz, sie, geier, bettel ...\n"
            "Befehle: liste, punkte, zahlen, csv, json, zurück, hilfe, ende,\n"
            "  statistik [FRÜHER.json ...], grafik AUS.svg [FRÜHER.json ...],\n"
            "  spiele-laden SPIELE.jsonl, csv-laden DATEI.csv",
    },
    {
        [SK_SW_GAME] = "Game", [SK_SW_DEALER] = "dealer", [SK_SW_TOTAL] = "Total", [SK_SW_STOCK] = "Stock",
        [SK_SW_PAYS] = "pays", [SK_SW_TO] = "to", [SK_SW_NOTHING] = "Nobody pays anything.",
        [SK_SW_WON] = "won", [SK_SW_LOST] = "lost", [SK_SW_WITH] = "with", [SK_SW_THROWN] = "thrown in",
        [SK_SW_RAMSCH_LOST] = "Ramsch, lost by:", [SK_SW_DURCHMARSCH] = "Durchmarsch",
        [SK_SW_FAULT] = "mistake", [SK_SW_REDEAL] = "dealt again", [SK_SW_REFUSED] = "Refused",
        [SK_SW_LAUFENDE] = "Laufende", [SK_SW_KONTRA] = "Kontra", [SK_SW_LAID] = "laid",
        [SK_SW_SITS_OUT] = "%s sits this game out (deals)",
        [SK_SW_UNKNOWN_WORD] = "unknown word \"%s\"", [SK_SW_UNKNOWN_PLAYER] = "no player \"%s\"",
        [SK_SW_BAD_NUMBER] = "not a number: \"%s\"",
        [SK_SW_POINTS_RANGE] = "points: \"%s\" is not 0..120 (1.2.4)",
        [SK_SW_TOO_BIG] = "too large: \"%s\"",
        [SK_SW_NO_KIND] = "a line starts with game, thrown_in, ramsch, penalty or redeal "
                      "(or show, pay, csv, json, undo, help)",
        [SK_SW_TOO_LONG] = "line too long (at most %d bytes)",
        [SK_SW_FULL] = "the sheet is full (%d entries)", [SK_SW_UNDONE] = "Taken back:",
        [SK_SW_EMPTY] = "Nothing entered yet.",
        [SK_SW_SAVE_FAILED] = "not saved, the entry is taken back",
        [SK_SW_POINTS] = "Tournament points", [SK_SW_PAY_LINE] = "%s pays %s to %s",
        [SK_SW_MISSING_RESULT] = "points=N or won or lost is missing",
        [SK_SW_BAD_TEXT] = "control characters or no UTF-8 in the line",
        [SK_SW_GREETING] = "One line per deal; help shows what to type, quit ends.",
        [SK_SW_AND] = "and", [SK_SW_RAMSCH_WON] = "won by:",
        [SK_SW_JUNGFRAU_ONE] = "1 without a trick (Jungfrau)",
        [SK_SW_JUNGFRAU_MANY] = "%d without a trick (Jungfrauen)",
        [SK_SW_HELP] =
            "Input (one line per deal):\n"
            "  game CONTRACT declarer=NAME [partner=NAME] points=N | won|lost\n"
            "       [schneider] [schwarz] [laufende=N] [kontra=N] [laid=N] [muss]\n"
            "  thrown_in             everybody passed\n"
            "  ramsch losers=NAME[,NAME] [winners=...] [jungfrau=N] [durchmarsch=NAME]\n"
            "  penalty RULE CONTRACT declarer=NAME [partner=NAME] offender=NAME "
            "[revealer=NAME]\n"
            "  redeal RULE           a misdeal (3.4.2, 3.4.5, 3.4.6, 3.4.13)\n"
            "Contracts: sauspiel:E, solo:H, solo:G:tout, wenz, sie, geier, bettel ...\n"
            "Commands: show, points, pay, csv, json, undo, help, quit,\n"
            "  stats [EARLIER.json ...], chart OUT.svg [EARLIER.json ...],\n"
            "  import-games GAMES.jsonl, import-csv FILE.csv",
    }};

/* A word of the sheet. */
const char *sk_sheet_word(int lang, int word)
{
    return WORDS[lang ? 1 : 0][word];
}

/* ------------------------------------------------------------------ */
/* Output                                                               */
/* ------------------------------------------------------------------ */

/* Cents as euros: "-1,50" (German) or "-1.50". */
const char *sk_sheet_euros(const sk_sheet *sh, int64_t cents, char buf[32])
{
    int64_t a = cents < 0 ? -cents : cents;
    snprintf(buf, 32, "%s%lld%c%02lld", cents < 0 ? "-" : "", (long long)(a / 100),
             sh->lang ? '.' : ',', (long long)(a % 100));
    return buf;
}

/* The player in a seat of a booked row. */
static const char *seat_name(const sk_sheet *sh, const sk_sheet_row *row, int seat)
{
    return seat < SK_NSEATS ? sh->names[row->seat_player[seat]] : "?";
}

/* The players of a row in a set of seats, as one says them: "Anna",
 * "Anna und Bert", "Anna, Bert und Carl" (always terminated). */
static void seat_list(const sk_sheet *sh, const sk_sheet_row *row, unsigned seats, char *buf,
                      size_t size)
{
    int count = 0, said = 0;
    for (int s = 0; s < SK_NSEATS; s++)
        count += (int)(seats >> s & 1);
    size_t n = 0;
    buf[0] = '\0';
    for (int s = 0; s < SK_NSEATS && n < size; s++) {
        if (!(seats >> s & 1))
            continue;
        char sep[8] = "";
        if (said == count - 1 && said > 0)
            snprintf(sep, sizeof sep, " %s ", sk_sheet_word(sh->lang, SK_SW_AND));
        else if (said > 0)
            snprintf(sep, sizeof sep, ", ");
        n += (size_t)snprintf(buf + n, size - n, "%s%s", sep, seat_name(sh, row, s));
        said++;
    }
}

/* What a row's deal was, in words: a game with its declarer, partner,
 * result and what priced it; a Ramsch with its losers, a Schieberamsch's
 * winners, the Jungfrauen and lays; a penalty with its fault. */
void sk_sheet_describe(const sk_sheet *sh, const sk_sheet_row *row, char *buf, size_t size)
{
    const char *const *w = WORDS[sh->lang ? 1 : 0];
    const sk_outcome *o = &row->outcome;
    char name[64] = "";
    size_t n = 0;
#define PUT(...) \
    n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, __VA_ARGS__)
    if (o->kind == SK_OUTCOME_GAME || o->kind == SK_OUTCOME_PENALTY)
        (sh->lang ? sk_contract_name_en : sk_contract_name)(o->contract, name, sizeof name);
    switch (o->kind) {
    case SK_OUTCOME_THROWN_IN:
        PUT("%s", w[SK_SW_THROWN]);
        break;
    case SK_OUTCOME_REDEAL:
        PUT("%s (%s)", w[SK_SW_REDEAL], sk_fault_rule(o->fault));
        break;
    case SK_OUTCOME_RAMSCH: {
        char list[4 * SK_SHEET_NAME + 16];
        if (o->durchmarsch != SK_NOSEAT) {
            PUT("Ramsch, %s %s", w[SK_SW_DURCHMARSCH], seat_name(sh, row, o->durchmarsch));
        } else {
            seat_list(sh, row, o->losers, list, sizeof list);
            PUT("%s %s", w[SK_SW_RAMSCH_LOST], list);
        }
        if (o->winners) {
            seat_list(sh, row, o->winners, list, sizeof list);
            PUT("; %s %s", w[SK_SW_RAMSCH_WON], list);
        }
        if (o->jungfrau == 1)
            PUT("; %s", w[SK_SW_JUNGFRAU_ONE]);
        else if (o->jungfrau > 1) {
            PUT("; ");
            PUT(w[SK_SW_JUNGFRAU_MANY], o->jungfrau);
        }
        if (o->laid)
            PUT("; %d %s", o->laid, w[SK_SW_LAID]);
        if (o->bock)
            PUT("; Bock");
        return;
    }
    case SK_OUTCOME_PENALTY:
        PUT("%s (%s) %s: ", w[SK_SW_FAULT], sk_fault_rule(o->fault),
            seat_name(sh, row, o->fault == SK_FAULT_REVEALED ? o->revealer : o->offender));
        if (o->contract.type == SK_C_RAMSCH)
            PUT("Ramsch");
        else
            PUT("%s %s", seat_name(sh, row, o->declarer), name);
        break;
    default:
        PUT("%s %s", seat_name(sh, row, o->declarer), name);
        if (o->partner != SK_NOSEAT && !o->kreuzbock)
            PUT(" %s %s", w[SK_SW_WITH], seat_name(sh, row, o->partner));
        PUT(" %s", row->won ? w[SK_SW_WON] : w[SK_SW_LOST]);
        if (o->points != SK_OUTCOME_NO_POINTS)
            PUT(" (%d)", o->points);
        if (o->schwarz)
            PUT(", Schwarz");
        else if (o->schneider && o->points == SK_OUTCOME_NO_POINTS)
            PUT(", Schneider");
        if (o->laufende)
            PUT(", %d %s", o->laufende, w[SK_SW_LAUFENDE]);
        if (o->doublings)
            PUT(", %s x%d", w[SK_SW_KONTRA], o->doublings);
        if (o->laid)
            PUT(", %d %s", o->laid, w[SK_SW_LAID]);
        break;
    }
    if (o->bock && o->kind != SK_OUTCOME_REDEAL && o->kind != SK_OUTCOME_THROWN_IN)
        PUT(", Bock");
#undef PUT
}

/* The sheet: one row per deal with each player's amount, the running
 * totals, and the pot; money or tournament points. */
void sk_sheet_print(const sk_sheet *sh, FILE *out, bool points)
{
    const char *const *w = WORDS[sh->lang ? 1 : 0];
    if (sh->n == 0) {
        fprintf(out, "%s\n", w[SK_SW_EMPTY]);
        return;
    }
    if (points)
        fprintf(out, "%s\n", w[SK_SW_POINTS]);
    fprintf(out, "%-5s", "#");
    for (int p = 0; p < sh->nplayers; p++)
        fprintf(out, " %8.8s", sh->names[p]);
    fprintf(out, "  %s: %s\n", w[SK_SW_DEALER], w[SK_SW_GAME]);
    int64_t total[5] = {0};
    char buf[32], what[256];
    for (int i = 0; i < sh->n; i++) {
        const sk_sheet_row *row = &sh->rows[i];
        fprintf(out, "%-5d", i + 1);
        for (int p = 0; p < sh->nplayers; p++) {
            int64_t v = points ? row->points[p] : row->money[p];
            total[p] += v;
            if (points)
                fprintf(out, " %8lld", (long long)v);
            else
                fprintf(out, " %8s", sk_sheet_euros(sh, v, buf));
        }
        sk_sheet_describe(sh, row, what, sizeof what);
        /* a terminal of 80 columns: a long entry goes on a line of its own */
        size_t width = 5 + 9 * (size_t)sh->nplayers + 4 + strlen(sh->names[row->dealer]);
        fprintf(out, width + strlen(what) > 80 ? "  %s:\n      %s\n" : "  %s: %s\n",
                sh->names[row->dealer], what);
        /* 5.3.3: the cross check after each round (and at the end) */
        if ((i + 1) % sh->nplayers != 0 && i + 1 != sh->n)
            continue;
        fprintf(out, "%-5.5s", w[SK_SW_TOTAL]);
        for (int p = 0; p < sh->nplayers; p++)
            if (points)
                fprintf(out, " %8lld", (long long)total[p]);
            else
                fprintf(out, " %8s", sk_sheet_euros(sh, total[p], buf));
        if (!points && row->stock)
            fprintf(out, "  %s %s", w[SK_SW_STOCK], sk_sheet_euros(sh, row->stock, buf));
        fprintf(out, "\n");
    }
}

/*
 * Who pays whom with the fewest transfers.  The parties are the players
 * and, when it holds money, the pot (its balance is what is in it).  n
 * parties with nonzero balances need n - k transfers, k the most groups
 * they split into that each sum to zero; with at most six parties every
 * split is tried (3^6 steps).  Within a group the largest debtor pays
 * the largest creditor until all are even: one transfer fewer than the
 * group has members.  Returns the number of transfers written to
 * from/to/amount (at most 5).
 */
int sk_sheet_transfers(const int64_t *balance, int n, int from[], int to[], int64_t amount[])
{
    unsigned full = 0;
    for (int i = 0; i < n; i++)
        full |= (balance[i] != 0) << i;
    int8_t best[64];
    uint8_t pick[64];
    int64_t sum[64];
    for (unsigned m = 0; m < 64; m++) {
        sum[m] = 0;
        for (int i = 0; i < n; i++)
            sum[m] += (m >> i & 1) ? balance[i] : 0;
        best[m] = -1;
    }
    best[0] = 0;
    for (unsigned m = 1; m <= full; m++) { /* submasks come before masks */
        if ((m & ~full) || sum[m] != 0)
            continue;
        unsigned low = m & -m;
        for (unsigned g = m; g; g = (g - 1) & m) /* g: the group of the lowest party */
            if ((g & low) && sum[g] == 0 && best[m ^ g] >= 0 && best[m ^ g] + 1 > best[m]) {
                best[m] = (int8_t)(best[m ^ g] + 1);
                pick[m] = (uint8_t)g;
            }
    }
    int k = 0;
    for (unsigned m = full; m && best[m] > 0; m ^= pick[m]) {
        int64_t left[6];
        for (int i = 0; i < n; i++)
            left[i] = (pick[m] >> i & 1) ? balance[i] : 0;
        for (;;) {
            int d = -1, c = -1;
            for (int i = 0; i < n; i++) {
                if (left[i] < 0 && (d < 0 || left[i] < left[d]))
                    d = i;
                if (left[i] > 0 && (c < 0 || left[i] > left[c]))
                    c = i;
            }
            if (d < 0 || c < 0)
                break;
            int64_t a = -left[d] < left[c] ? -left[d] : left[c];
            from[k] = d, to[k] = c, amount[k] = a;
            k++;
            left[d] += a;
            left[c] -= a;
        }
    }
    return k;
}

/* Prints who pays whom. */
void sk_sheet_print_pay(const sk_sheet *sh, FILE *out)
{
    const char *const *w = WORDS[sh->lang ? 1 : 0];
    int64_t balance[6];
    int n = sh->nplayers;
    for (int p = 0; p < n; p++)
        balance[p] = sh->session.money[p];
    if (sh->session.stock)
        balance[n++] = sh->session.stock; /* the pot keeps what is in it */
    int from[6], to[6];
    int64_t amount[6];
    char buf[32];
    int k = sk_sheet_transfers(balance, n, from, to, amount);
    if (k == 0)
        fprintf(out, "%s\n", w[SK_SW_NOTHING]);
    for (int i = 0; i < k; i++)
    {
        fprintf(out, w[SK_SW_PAY_LINE], from[i] < sh->nplayers ? sh->names[from[i]] : w[SK_SW_STOCK],
                sk_sheet_euros(sh, amount[i], buf),
                to[i] < sh->nplayers ? sh->names[to[i]] : w[SK_SW_STOCK]);
        fputc('\n', out);
    }
}

/* A CSV field: quoted, quotes doubled (names and texts are the user's). */
static void csv_field(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* The sheet as CSV: one row per deal, money in cents and points per player. */
void sk_sheet_print_csv(const sk_sheet *sh, FILE *out)
{
    fprintf(out, "game,dealer,kind,contract,fault,entry");
    for (int p = 0; p < sh->nplayers; p++) {
        fputs(",", out);
        char head[SK_SHEET_NAME + 16];
        snprintf(head, sizeof head, "%s cents", sh->names[p]);
        csv_field(out, head);
    }
    for (int p = 0; p < sh->nplayers; p++) {
        fputs(",", out);
        char head[SK_SHEET_NAME + 16];
        snprintf(head, sizeof head, "%s points", sh->names[p]);
        csv_field(out, head);
    }
    fprintf(out, ",stock\n");
    for (int i = 0; i < sh->n; i++) {
        const sk_sheet_row *row = &sh->rows[i];
        char code[32] = "";
        if (row->outcome.contract.type != SK_C_NONE)
            sk_contract_code(row->outcome.contract, code, sizeof code);
        fprintf(out, "%d,", i + 1);
        csv_field(out, sh->names[row->dealer]);
        fprintf(out, ",%s,%s,%s,", sk_outcome_kind_code(row->outcome.kind), code,
                sk_fault_code(row->outcome.fault));
        csv_field(out, sh->lines[i]);
        for (int p = 0; p < sh->nplayers; p++)
            fprintf(out, ",%lld", (long long)row->money[p]);
        for (int p = 0; p < sh->nplayers; p++)
            fprintf(out, ",%lld", (long long)row->points[p]);
        fprintf(out, ",%lld\n", (long long)row->stock);
    }
}

/* The sheet as a JSON object: what the file keeps (rules, players,
 * first dealer, entries) and, with `rows`, each deal's amounts and the
 * totals.  NULL when out of memory. */
json_t *sk_sheet_json(const sk_sheet *sh, bool rows)
{
    char *rules = sk_rules_json(&sh->rules);
    json_t *o = json_object(), *players = json_array(), *entries = json_array();
    json_t *r = rules ? json_loads(rules, 0, NULL) : NULL;
    free(rules);
    if (!o || !players || !entries || !r) {
        json_decref(o), json_decref(players), json_decref(entries), json_decref(r);
        return NULL;
    }
    json_object_set_new(o, "format", json_string("schafkopf-sheet"));
    json_object_set_new(o, "version", json_integer(1));
    json_object_set_new(o, "rules", r);
    /* what the file keeps must all be there: a name or line lost here
     * would be lost from the file (their text is checked when entered) */
    int fails = 0;
    for (int p = 0; p < sh->nplayers; p++)
        fails += json_array_append_new(players, json_string(sh->names[p])) != 0;
    json_object_set_new(o, "players", players);
    json_object_set_new(o, "first_dealer", json_integer(sh->first_dealer));
    for (int i = 0; i < sh->n; i++) {
        if (!rows) {
            fails += json_array_append_new(entries, json_string(sh->lines[i])) != 0;
            continue;
        }
        const sk_sheet_row *row = &sh->rows[i];
        json_t *e = json_object(), *m = json_array(), *t = json_array();
        for (int p = 0; p < sh->nplayers; p++) {
            json_array_append_new(m, json_integer(row->money[p]));
            json_array_append_new(t, json_integer(row->points[p]));
        }
        json_object_set_new(e, "entry", json_string(sh->lines[i]));
        json_object_set_new(e, "dealer", json_string(sh->names[row->dealer]));
        json_object_set_new(e, "kind", json_string(sk_outcome_kind_code(row->outcome.kind)));
        json_object_set_new(e, "money", m);
        json_object_set_new(e, "points", t);
        json_object_set_new(e, "stock", json_integer(row->stock));
        json_array_append_new(entries, e);
    }
    fails += json_object_set_new(o, "entries", entries) != 0;
    if (fails) {
        json_decref(o);
        return NULL;
    }
    if (rows) {
        json_t *m = json_array(), *t = json_array();
        for (int p = 0; p < sh->nplayers; p++) {
            json_array_append_new(m, json_integer(sh->session.money[p]));
            json_array_append_new(t, json_integer(sh->session.tournament[p]));
        }
        json_object_set_new(o, "money", m);
        json_object_set_new(o, "points", t);
        json_object_set_new(o, "stock", json_integer(sh->session.stock));
    }
    return o;
}

