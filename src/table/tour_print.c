/*
 * tour_print.c -- the words and the output of a tournament (tour.c):
 * its words in German and English, the seating plan, a
 * table's sheet and the standings as text, and the same as printable
 * HTML with print styles -- the sheets with the players' signatures
 * (5.3.2) and the referee's initials for changes (5.3.4).
 */
#include "schafkopf/table.h"

#include <jansson.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const TOUR_WORDS[2][SK_TW_COUNT] = {
    {
        [SK_TW_TOURNAMENT] = "Preisschafkopf", [SK_TW_STAGE] = "Runde", [SK_TW_TABLE] = "Tisch",
        [SK_TW_SEAT] = "Platz am Tisch", [SK_TW_START] = "Startnr.", [SK_TW_NAME] = "Name",
        [SK_TW_POINTS] = "Punkte", [SK_TW_PLACE] = "Platz", [SK_TW_PRIZE] = "Preis",
        [SK_TW_BYE] = "spielfrei", [SK_TW_SIGNATURE] = "Unterschrift", [SK_TW_REFEREE] = "Turnierleitung",
        [SK_TW_ROUND] = "Durchgang", [SK_TW_CHECK] = "Gegenprobe", [SK_TW_STRUCK] = "gestrichen",
        [SK_TW_APPROVED] = "genehmigt", [SK_TW_SIE] = "Sie", [SK_TW_TOUT_WON] = "Tout gew.",
        [SK_TW_TOUT] = "Tout", [SK_TW_SOLO_WON] = "Solo gew.", [SK_TW_SOLO] = "Solo",
        [SK_TW_GAME] = "Spiel", [SK_TW_WON] = "gewonnen", [SK_TW_LOST] = "verloren",
        [SK_TW_THROWN] = "zusammengeworfen", [SK_TW_REDEAL] = "neu gegeben",
        [SK_TW_PENALTY] = "Strafe", [SK_TW_WITHDRAWN] = "abgemeldet", [SK_TW_UNPAID] = "nicht bezahlt",
        [SK_TW_FOR] = "für", [SK_TW_CORRECTIONS] = "Änderungen", [SK_TW_BY] = "von",
        [SK_TW_WHY] = "Grund", [SK_TW_WHEN] = "Zeit", [SK_TW_SEED] = "Losnummer (veröffentlicht)",
        [SK_TW_SEATING_PLAN] = "Sitzplan", [SK_TW_STANDINGS] = "Ergebnisliste",
        [SK_TW_SHEET] = "Spielliste", [SK_TW_DEALS_FIRST] = "gibt zuerst", [SK_TW_PLUS] = "plus",
        [SK_TW_MINUS] = "minus", [SK_TW_REFUSED] = "Abgelehnt",
        [SK_TW_UNKNOWN] = "unbekannte Eingabe \"%s\" (hilfe zeigt die Eingaben)",
        [SK_TW_SAVE_FAILED] = "nicht gespeichert, zurückgenommen",
        [SK_TW_REGISTERED] = "Angemeldet: Startnummer", [SK_TW_DRAWN] = "Ausgelost",
        [SK_TW_WRITTEN] = "Geschrieben:", [SK_TW_LOTS] = "Los", [SK_TW_KEEPER] = "Listenführer",
        [SK_TW_OK] = "in Ordnung", [SK_TW_NEEDS_APPROVAL] = "genehmigungspflichtig",
        [SK_TW_FIRST_GAME] = "erstes Spiel", [SK_TW_CORRECTED] = "berichtigt",
        [SK_TW_CHANGE] = "Änderung", [SK_TW_PAID] = "Bezahlt: Startnummer",
        [SK_TW_WITHDREW] = "Abgemeldet: Startnummer", [SK_TW_SUBSTITUTED] = "Ersatz: Startnummer",
        [SK_TW_STAGE_GAMES] = "Spiele je Runde:", [SK_TW_PRIZE_SET] = "Preis für Platz",
        [SK_TW_HELP] =
            "Eingaben:\n"
            "  anmelden NAME [bezahlt]     bezahlt N     abmelden N     ersatz N NAME\n"
            "  spiele N                    Spiele je Runde (5.2.1, vor der ersten Auslosung)\n"
            "  auslosen RUNDE [fuenf|freilos]\n"
            "  tisch T [genehmigt] spiel solo:H spieler=NAME augen=75 ...  (wie schafkopf sheet)\n"
            "  genehmigen T G von=NAME     streichen T G von=NAME -- GRUND\n"
            "  korrigieren T G von=NAME spiel ... -- GRUND\n"
            "  preis PLATZ EURO            plan [RUNDE]   liste T   stand   drucken VERZ.\n"
            "T: Tisch der laufenden Runde oder RUNDE/T; G: Nummer des Spiels auf der Liste.",
    },
    {
        [SK_TW_TOURNAMENT] = "Preisschafkopf", [SK_TW_STAGE] = "Stage", [SK_TW_TABLE] = "Table",
        [SK_TW_SEAT] = "Seat", [SK_TW_START] = "No.", [SK_TW_NAME] = "Name", [SK_TW_POINTS] = "Points",
        [SK_TW_PLACE] = "Place", [SK_TW_PRIZE] = "Prize", [SK_TW_BYE] = "bye",
        [SK_TW_SIGNATURE] = "Signature", [SK_TW_REFEREE] = "Referee", [SK_TW_ROUND] = "Round",
        [SK_TW_CHECK] = "Cross check", [SK_TW_STRUCK] = "struck", [SK_TW_APPROVED] = "approved",
        [SK_TW_SIE] = "Sie", [SK_TW_TOUT_WON] = "Tout won", [SK_TW_TOUT] = "Tout",
        [SK_TW_SOLO_WON] = "Solo won", [SK_TW_SOLO] = "Solo", [SK_TW_GAME] = "Game", [SK_TW_WON] = "won",
        [SK_TW_LOST] = "lost", [SK_TW_THROWN] = "thrown in", [SK_TW_REDEAL] = "dealt again",
        [SK_TW_PENALTY] = "Penalty", [SK_TW_WITHDRAWN] = "withdrawn", [SK_TW_UNPAID] = "not paid",
        [SK_TW_FOR] = "for", [SK_TW_CORRECTIONS] = "Changes", [SK_TW_BY] = "by", [SK_TW_WHY] = "Reason",
        [SK_TW_WHEN] = "Time", [SK_TW_SEED] = "Draw seed (published)",
        [SK_TW_SEATING_PLAN] = "Seating plan", [SK_TW_STANDINGS] = "Standings",
        [SK_TW_SHEET] = "Score sheet", [SK_TW_DEALS_FIRST] = "deals first", [SK_TW_PLUS] = "plus",
        [SK_TW_MINUS] = "minus", [SK_TW_REFUSED] = "Refused",
        [SK_TW_UNKNOWN] = "unknown input \"%s\" (help lists the lines)",
        [SK_TW_SAVE_FAILED] = "not saved, taken back",
        [SK_TW_REGISTERED] = "Registered: start number", [SK_TW_DRAWN] = "Drawn",
        [SK_TW_WRITTEN] = "Written:", [SK_TW_LOTS] = "Lot", [SK_TW_KEEPER] = "Score keeper",
        [SK_TW_OK] = "correct", [SK_TW_NEEDS_APPROVAL] = "needs approval",
        [SK_TW_FIRST_GAME] = "first game", [SK_TW_CORRECTED] = "corrected",
        [SK_TW_CHANGE] = "Change", [SK_TW_PAID] = "Paid: start number",
        [SK_TW_WITHDREW] = "Withdrawn: start number", [SK_TW_SUBSTITUTED] = "Substitute: start number",
        [SK_TW_STAGE_GAMES] = "Games per stage:", [SK_TW_PRIZE_SET] = "Prize for place",
        [SK_TW_HELP] =
            "Lines:\n"
            "  register NAME [paid]        paid N        withdraw N     substitute N NAME\n"
            "  games N                     games per stage (5.2.1, before the first draw)\n"
            "  draw STAGE [five|byes]\n"
            "  table T [approved] game solo:H declarer=NAME points=75 ...  (as schafkopf sheet)\n"
            "  approve T G by=NAME         strike T G by=NAME -- REASON\n"
            "  correct T G by=NAME game ... -- REASON\n"
            "  prize PLACE EUROS           plan [STAGE]   sheet T   standings   print DIR\n"
            "T: a table of the current stage or STAGE/T; G: the game's number on its sheet.",
    }};

const char *sk_tour_word(int lang, int word)
{
    return TOUR_WORDS[lang ? 1 : 0][word];
}

#define TW(word) sk_tour_word(tr->lang, (word))

/* German for the core's refusals, by the start of the message. */
static const struct {
    const char *en, *de;
} REFUSALS_DE[] = {
    {"seed", "Die Losnummer: 1 bis 63 druckbare Zeichen"},
    {"name: \"", "Dieser Name ist schon angemeldet"},
    {"name", "Ein Name hat 1 bis 23 druckbare Zeichen"},
    {"the field is full", "Das Teilnehmerfeld ist voll"},
    {"start number", "Diese Startnummer gibt es nicht oder sie ist schon abgemeldet"},
    {"stage", "Diese Runde lässt sich so nicht auslosen oder gibt es nicht"},
    {"seating", "Fünfertische oder Freilose"},
    {"table", "Dieser Tisch hat das nicht (Spiele, Liste)"},
    {"a change needs", "Eine Änderung muss abgezeichnet werden"},
    {"prize", "Preis: ein Platz und ein Betrag"},
};

void sk_tour_refusal(int lang, const sk_error *err, char *why, size_t size)
{
    if (lang) {
        snprintf(why, size, "%s", err->msg); /* skx_fail named the rule */
        return;
    }
    const char *de = "Das passt nicht";
    for (size_t i = 0; i < sizeof REFUSALS_DE / sizeof REFUSALS_DE[0]; i++)
        if (strncmp(err->msg, REFUSALS_DE[i].en, strlen(REFUSALS_DE[i].en)) == 0) {
            de = REFUSALS_DE[i].de;
            break;
        }
    if (err->rule)
        snprintf(why, size, "%s (Regel %s)", de, err->rule);
    else
        snprintf(why, size, "%s", de);
}

/* The name under a start number, with "(for X)" after a substitute. */
static void player_name(const sk_tour *tr, int start, char *buf, size_t size)
{
    const sk_t_player *p = &tr->t->players[start - 1];
    if (p->replaced[0])
        snprintf(buf, size, "%s (%s %s)", p->name, TW(SK_TW_FOR), p->replaced);
    else
        snprintf(buf, size, "%s", p->name);
}

void sk_tour_describe(const sk_tour *tr, const sk_t_table *tb, const sk_t_line *l, char *buf,
                       size_t size)
{
    const sk_outcome *o = &l->outcome;
    char contract[64] = "";
    const char *who = o->declarer < tb->n ? tr->t->players[tb->start[o->declarer] - 1].name : "";
    const char *with = o->partner < tb->n ? tr->t->players[tb->start[o->partner] - 1].name : "";
    (tr->lang ? sk_contract_name_en : sk_contract_name)(o->contract, contract, sizeof contract);
    switch (o->kind) {
    case SK_OUTCOME_THROWN_IN: snprintf(buf, size, "%s", TW(SK_TW_THROWN)); break;
    case SK_OUTCOME_REDEAL:
        snprintf(buf, size, "%s (%s)", TW(SK_TW_REDEAL), sk_fault_rule(o->fault));
        break;
    case SK_OUTCOME_PENALTY:
        snprintf(buf, size, "%s %s: %s, %s", TW(SK_TW_PENALTY), sk_fault_rule(o->fault), contract,
                 o->offender < tb->n ? tr->t->players[tb->start[o->offender] - 1].name : "");
        break;
    default:
        snprintf(buf, size, "%s: %s%s%s %s%s%s", contract, who, with[0] ? " + " : "", with,
                 l->won ? TW(SK_TW_WON) : TW(SK_TW_LOST),
                 o->schwarz ? ", schwarz" : o->schneider || (o->points >= 0 &&
                              (o->points >= 91 || o->points <= 30)) ? ", schneider" : "",
                 "");
        break;
    }
    size_t n = strlen(buf);
    if (o->kind == SK_OUTCOME_GAME && o->first_game && o->schwarz &&
        (o->contract.type == SK_C_SOLO || o->contract.type == SK_C_WENZ))
        snprintf(buf + n, size - n, " (%s, 5.2.15)", TW(SK_TW_FIRST_GAME));
    n = strlen(buf);
    if (l->struck)
        snprintf(buf + n, size - n, " [%s]", TW(SK_TW_STRUCK));
    else if (l->needs_approval)
        snprintf(buf + n, size - n, " [%s]", TW(SK_TW_APPROVED));
}

/* ------------------------------------------------------------------ */
/* Text                                                                 */
/* ------------------------------------------------------------------ */

void sk_tour_print_plan(const sk_tour *tr, int stage, FILE *out)
{
    const sk_t_stage *st = &tr->t->stages[stage - 1];
    char name[64];
    fprintf(out, "%s %d -- %s\n", TW(SK_TW_STAGE), stage, TW(SK_TW_SEATING_PLAN));
    for (int k = 0; k < st->ntables; k++) {
        fprintf(out, "%s %d:", TW(SK_TW_TABLE), k + 1);
        for (int i = 0; i < st->tables[k].n; i++) {
            player_name(tr, st->tables[k].start[i], name, sizeof name);
            fprintf(out, "%s %d %s", i ? "," : "", st->tables[k].start[i], name);
        }
        fprintf(out, "\n");
    }
    for (int i = 0; i < st->nbyes; i++) {
        player_name(tr, st->byes[i], name, sizeof name);
        fprintf(out, "%s: %d %s\n", TW(SK_TW_BYE), st->byes[i], name);
    }
}

void sk_tour_print_sheet(const sk_tour *tr, int stage, int table, FILE *out)
{
    const sk_t_table *tb = &tr->t->stages[stage - 1].tables[table - 1];
    sk_t_line *l = calloc(SK_T_MAX_ENTRIES, sizeof *l);
    int n = l ? sk_t_sheet(tr->t, stage, table, l, SK_T_MAX_ENTRIES, NULL) : 0;
    int total[5] = {0};
    char what[200];
    fprintf(out, "%s %d, %s %d\n%4s", TW(SK_TW_STAGE), stage, TW(SK_TW_TABLE), table, "");
    for (int p = 0; p < tb->n; p++)
        fprintf(out, " %8.8s", tr->t->players[tb->start[p] - 1].name);
    fprintf(out, "\n");
    for (int i = 0; i < n; i++) {
        fprintf(out, "%3d.", i + 1);
        for (int p = 0; p < tb->n; p++) {
            total[p] += l[i].points[p];
            fprintf(out, " %+8d", l[i].points[p]);
        }
        sk_tour_describe(tr, tb, &l[i], what, sizeof what);
        fprintf(out, "  %s\n", what);
        if (l[i].counts && (i + 1 == n || l[i + 1].round != l[i].round)) {
            int sum = 0;
            fprintf(out, "%4s", "=");
            for (int p = 0; p < tb->n; p++) {
                fprintf(out, " %+8d", total[p]);
                sum += total[p];
            }
            fprintf(out, "  %s %d: %s %d\n", TW(SK_TW_ROUND), l[i].round, TW(SK_TW_CHECK), sum);
        }
    }
    free(l);
}

void sk_tour_print_standings(const sk_tour *tr, FILE *out)
{
    sk_t_standing *st = calloc(SK_T_MAX_PLAYERS, sizeof *st);
    int n = st ? sk_t_standings(tr->t, st) : 0;
    char name[64];
    fprintf(out, "%s\n", TW(SK_TW_STANDINGS));
    for (int i = 0; i < n; i++) {
        player_name(tr, st[i].start, name, sizeof name);
        fprintf(out, "%3d. %3d %-24s %+5d  %d/%d/%d/%d/%d", st[i].place, st[i].start, name,
                st[i].points, st[i].sie, st[i].tout_won, st[i].tout, st[i].solo_won,
                st[i].solo);
        if (st[i].prize)
            fprintf(out, "  %lld,%02lld", (long long)(st[i].prize / 100),
                    (long long)(st[i].prize % 100));
        fprintf(out, "\n");
    }
    free(st);
}

/* ------------------------------------------------------------------ */
/* HTML                                                                 */
/* ------------------------------------------------------------------ */

/* Writes text escaped for HTML. */
static void html_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

/* The print styles of every printable page, one copy: inline in a page
 * written to a file, or a server's style sheet (style_href). */
const char *sk_tour_html_css(void)
{
    return "body{font-family:sans-serif;margin:1.5em;color:#000}\n"
           "table{border-collapse:collapse;margin:0.5em 0 1em}\n"
           "th,td{border:1px solid #444;padding:0.2em 0.5em;text-align:right}\n"
           "th.l,td.l{text-align:left}\n"
           ".solo{border:1.5px solid #000;border-radius:50%;padding:0 0.3em}\n"
           ".struck td{text-decoration:line-through;color:#666}\n"
           ".sum td{font-weight:bold;background:#eee}\n"
           ".sign td{height:2.2em;min-width:10em}\n"
           ".sheet{page-break-after:always;break-after:page}\n"
           "@page{size:A4;margin:12mm}\n"
           "@media print{body{margin:0}.sum td{background:none}a{color:#000}}\n";
}

/* The page's head with the print styles (inline, or a link to
 * style_href), and its title. */
static void html_head(const sk_tour *tr, FILE *out, const char *title)
{
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"%s\"><head><meta charset=\"utf-8\">\n<title>",
            tr->lang ? "en" : "de");
    html_text(out, title);
    fputs("</title>\n", out);
    if (tr->style_href) {
        fputs("<link rel=\"stylesheet\" href=\"", out);
        html_text(out, tr->style_href);
        fputs("\">", out);
    } else {
        fprintf(out, "<style>\n%s</style>", sk_tour_html_css());
    }
    fputs("</head><body>\n<h1>", out);
    html_text(out, title);
    fputs("</h1>\n<p>", out);
    html_text(out, TW(SK_TW_SEED));
    fputs(": <code>", out);
    html_text(out, tr->t->seed);
    fputs("</code></p>\n", out);
}

void sk_tour_html_plan(const sk_tour *tr, int stage, FILE *out)
{
    char title[128], name[64];
    const sk_t_stage *st = &tr->t->stages[stage - 1];
    snprintf(title, sizeof title, "%s: %s %d -- %s", TW(SK_TW_TOURNAMENT), TW(SK_TW_STAGE), stage,
             TW(SK_TW_SEATING_PLAN));
    html_head(tr, out, title);
    fprintf(out, "<table><tr><th>%s</th><th>%s</th><th>%s</th><th class=l>%s</th></tr>\n",
            TW(SK_TW_TABLE), TW(SK_TW_SEAT), TW(SK_TW_START), TW(SK_TW_NAME));
    for (int k = 0; k < st->ntables; k++)
        for (int i = 0; i < st->tables[k].n; i++) {
            player_name(tr, st->tables[k].start[i], name, sizeof name);
            fprintf(out, "<tr><td>%d</td><td>%d%s</td><td>%d</td><td class=l>", k + 1, i + 1,
                    i == 0 ? " *" : "", st->tables[k].start[i]);
            html_text(out, name);
            fputs("</td></tr>\n", out);
        }
    for (int i = 0; i < st->nbyes; i++) {
        player_name(tr, st->byes[i], name, sizeof name);
        fprintf(out, "<tr><td>%s</td><td></td><td>%d</td><td class=l>", TW(SK_TW_BYE),
                st->byes[i]);
        html_text(out, name);
        fputs("</td></tr>\n", out);
    }
    fprintf(out, "</table>\n<p>* %s</p>\n</body></html>\n", TW(SK_TW_DEALS_FIRST));
}

/* One table's sheet: plus and minus points per player (5.2.7), Solo
 * scores circled and the cross check after each round (5.3.3), struck
 * games (5.2.17), the changes with who, when and why and the referee's
 * initials (5.3.4), the players' signatures (5.3.2). */
static void html_sheet(const sk_tour *tr, int stage, int table, FILE *out)
{
    const sk_t_table *tb = &tr->t->stages[stage - 1].tables[table - 1];
    sk_t_line *l = calloc(SK_T_MAX_ENTRIES, sizeof *l);
    int n = l ? sk_t_sheet(tr->t, stage, table, l, SK_T_MAX_ENTRIES, NULL) : 0;
    int total[5] = {0};
    char what[200], name[64];
    fprintf(out, "<section class=sheet><h2>%s %d, %s %d -- %s</h2>\n", TW(SK_TW_STAGE), stage,
            TW(SK_TW_TABLE), table, TW(SK_TW_SHEET));
    fprintf(out, "<table><tr><th>%s</th><th class=l></th>", TW(SK_TW_GAME));
    for (int p = 0; p < tb->n; p++) {
        fputs("<th colspan=2>", out);
        html_text(out, tr->t->players[tb->start[p] - 1].name);
        fprintf(out, " (%d)</th>", tb->start[p]);
    }
    fputs("</tr>\n<tr><th></th><th></th>", out);
    for (int p = 0; p < tb->n; p++)
        fprintf(out, "<th>%s</th><th>%s</th>", TW(SK_TW_PLUS), TW(SK_TW_MINUS));
    fputs("</tr>\n", out);
    for (int i = 0; i < n; i++) {
        const sk_outcome *o = &l[i].outcome;
        bool solo = l[i].counts && o->kind == SK_OUTCOME_GAME &&
                    (o->contract.type == SK_C_SOLO || o->contract.type == SK_C_WENZ ||
                     o->contract.type == SK_C_SIE);
        sk_tour_describe(tr, tb, &l[i], what, sizeof what);
        fprintf(out, "<tr%s><td>%d</td><td class=l>", l[i].struck ? " class=struck" : "", i + 1);
        html_text(out, what);
        fputs("</td>", out);
        for (int p = 0; p < tb->n; p++) {
            int v = l[i].points[p];
            total[p] += v;
            const char *cls = solo && p == o->declarer ? " class=solo" : "";
            if (v > 0)
                fprintf(out, "<td><span%s>%d</span></td><td></td>", cls, v);
            else if (v < 0)
                fprintf(out, "<td></td><td><span%s>%d</span></td>", cls, -v);
            else
                fputs("<td></td><td></td>", out);
        }
        fputs("</tr>\n", out);
        if (l[i].counts && (i + 1 == n || l[i + 1].round != l[i].round)) {
            int sum = 0;
            for (int p = 0; p < tb->n; p++)
                sum += total[p];
            fprintf(out, "<tr class=sum><td></td><td class=l>%s %d: %s %d</td>", TW(SK_TW_ROUND),
                    l[i].round, TW(SK_TW_CHECK), sum);
            for (int p = 0; p < tb->n; p++)
                fprintf(out, "<td colspan=2>%+d</td>", total[p]);
            fputs("</tr>\n", out);
        }
    }
    fputs("</table>\n", out);
    bool changes = false;
    for (int e = 0; e < tb->nentries; e++)
        changes |= tb->entries[e].supersedes >= 0;
    if (changes) {
        fprintf(out, "<h3>%s (5.3.4)</h3>\n<table><tr><th>%s</th><th class=l>%s</th>"
                     "<th class=l>%s</th><th class=l>%s</th><th class=l>%s</th>"
                     "<th class=l>%s</th></tr>\n",
                TW(SK_TW_CORRECTIONS), TW(SK_TW_GAME), TW(SK_TW_CHANGE), TW(SK_TW_WHEN), TW(SK_TW_BY),
                TW(SK_TW_WHY), TW(SK_TW_REFEREE));
        for (int e = 0; e < tb->nentries; e++) {
            const sk_t_entry *en = &tb->entries[e];
            if (en->supersedes < 0)
                continue;
            char when[32] = "";
            time_t at = (time_t)en->at;
            struct tm tm;
            if (gmtime_r(&at, &tm))
                strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &tm);
            const sk_t_entry *was = &tb->entries[en->supersedes];
            const char *change = en->struck && !was->struck       ? TW(SK_TW_STRUCK)
                                 : en->approved && !was->approved ? TW(SK_TW_APPROVED)
                                                                  : TW(SK_TW_CORRECTED);
            fprintf(out, "<tr><td>%d</td><td class=l>%s</td><td class=l>%s</td><td class=l>",
                    en->slot + 1, change, when);
            html_text(out, en->by);
            fputs("</td><td class=l>", out);
            html_text(out, en->why);
            fputs("</td><td></td></tr>\n", out);
        }
        fputs("</table>\n", out);
    }
    fprintf(out, "<table class=sign><tr><th class=l>%s</th><th class=l>%s</th></tr>\n",
            TW(SK_TW_NAME), TW(SK_TW_SIGNATURE));
    for (int p = 0; p < tb->n; p++) {
        player_name(tr, tb->start[p], name, sizeof name);
        fprintf(out, "<tr><td class=l>%d ", tb->start[p]);
        html_text(out, name);
        fputs("</td><td></td></tr>\n", out);
    }
    fprintf(out, "<tr><td class=l>%s</td><td></td></tr></table></section>\n", TW(SK_TW_REFEREE));
    free(l);
}

void sk_tour_html_sheets(const sk_tour *tr, int stage, FILE *out)
{
    char title[128];
    snprintf(title, sizeof title, "%s: %s %d -- %s", TW(SK_TW_TOURNAMENT), TW(SK_TW_STAGE), stage,
             TW(SK_TW_SHEET));
    html_head(tr, out, title);
    for (int k = 0; k < tr->t->stages[stage - 1].ntables; k++)
        html_sheet(tr, stage, k + 1, out);
    fputs("</body></html>\n", out);
}

void sk_tour_html_standings(const sk_tour *tr, FILE *out)
{
    char title[128], name[64];
    snprintf(title, sizeof title, "%s: %s", TW(SK_TW_TOURNAMENT), TW(SK_TW_STANDINGS));
    html_head(tr, out, title);
    sk_t_standing *st = calloc(SK_T_MAX_PLAYERS, sizeof *st);
    int n = st ? sk_t_standings(tr->t, st) : 0;
    fprintf(out, "<table><tr><th>%s</th><th>%s</th><th class=l>%s</th>", TW(SK_TW_PLACE),
            TW(SK_TW_START), TW(SK_TW_NAME));
    for (int s = 0; s < tr->t->nstages; s++)
        fprintf(out, "<th>%s %d</th>", TW(SK_TW_STAGE), s + 1);
    fprintf(out, "<th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th>"
                 "<th>%s</th></tr>\n",
            TW(SK_TW_POINTS), TW(SK_TW_SIE), TW(SK_TW_TOUT_WON), TW(SK_TW_TOUT), TW(SK_TW_SOLO_WON),
            TW(SK_TW_SOLO), TW(SK_TW_PRIZE));
    for (int i = 0; i < n; i++) {
        const sk_t_player *p = &tr->t->players[st[i].start - 1];
        player_name(tr, st[i].start, name, sizeof name);
        fprintf(out, "<tr><td>%d</td><td>%d</td><td class=l>", st[i].place, st[i].start);
        html_text(out, name);
        if (p->withdrawn)
            fprintf(out, " (%s)", TW(SK_TW_WITHDRAWN));
        fputs("</td>", out);
        for (int s = 0; s < tr->t->nstages; s++)
            fprintf(out, "<td>%+d</td>", st[i].stage_points[s]);
        fprintf(out, "<td><b>%+d</b></td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td>",
                st[i].points, st[i].sie, st[i].tout_won, st[i].tout, st[i].solo_won,
                st[i].solo);
        if (st[i].prize)
            fprintf(out, "<td>%lld%s%02lld &euro;</td></tr>\n", (long long)(st[i].prize / 100),
                    tr->lang ? "." : ",", (long long)(st[i].prize % 100));
        else
            fputs("<td></td></tr>\n", out);
    }
    fputs("</table>\n<p>5.4.1, 5.4.2: ", out);
    html_text(out, tr->lang ? "points, then Sie, Touts won, Touts, Solos won, Solos played; "
                              "then the lot drawn from the seed."
                            : "Punkte, dann Sie, gewonnene Tout, Tout, gewonnene Soli, "
                              "gespielte Soli; dann das Los aus der Losnummer.");
    fputs("</p>\n</body></html>\n", out);
    free(st);
}
