/*
 * tour.c -- the organiser's flow of a Preisschafkopf tournament
 * (section 5; schafkopf/tournament.h) as one line per step, as
 * `schafkopf tournament` and the server's pages run it.  A tournament
 * is its published seed and the lines as typed with the time each was
 * typed; loading applies every line again, so the lines are the audit
 * trail and nothing is stale.  A refused line changes nothing.  Where
 * the lines are kept (a JSON file, the store) is the caller's business.
 *
 * Lines (German words in brackets; docs/tournament.md):
 *   register NAME [paid]         (anmelden NAME [bezahlt])
 *   paid N | withdraw N          (bezahlt N | abmelden N)
 *   substitute N NAME            (ersatz N NAME)             5.2.11
 *   games N                      (spiele N)                  5.2.1
 *   draw S [five|byes]           (auslosen S [fuenf|freilos]) 5.2.2
 *   table T [approved] DEAL      (tisch T [genehmigt] DEAL)  DEAL: a `schafkopf sheet` line
 *   approve T G by=NAME [-- WHY] (genehmigen T G von=NAME)   5.2.14, 5.2.16: approved
 *                                before play, entered afterwards (5.3.4)
 *   strike T G by=NAME -- WHY    (streichen T G von=NAME -- GRUND) 5.2.17
 *   correct T G by=NAME DEAL -- WHY (korrigieren ...)        5.3.4
 *   prize PLACE EUROS            (preis PLATZ EURO)
 *   plan [S] | sheet T | standings | print DIR | help | quit
 *   (plan | liste T | stand | drucken DIR | hilfe | ende)
 * T is a table of the current stage, or S/T for table T of stage S;
 * G is the game's number on the table's sheet.
 */
#include "schafkopf/table.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* How many bytes of input a refusal quotes. */
#define SK_TOUR_QUOTE 200

#define TW(word) sk_tour_word(tr->lang, (word))

/* The command words, English and German. */
static const struct {
    const char *en, *de;
} CMDS[] = {
    {"register", "anmelden"}, {"paid", "bezahlt"},       {"withdraw", "abmelden"},
    {"substitute", "ersatz"}, {"games", "spiele"},       {"draw", "auslosen"},
    {"table", "tisch"},       {"approve", "genehmigen"}, {"strike", "streichen"},
    {"correct", "korrigieren"}, {"prize", "preis"},      {"plan", "plan"},
    {"sheet", "liste"},       {"standings", "stand"},    {"print", "drucken"},
    {"help", "hilfe"},        {"quit", "ende"},
};
enum {
    C_REGISTER, C_PAID, C_WITHDRAW, C_SUBSTITUTE, C_GAMES, C_DRAW, C_TABLE, C_APPROVE,
    C_STRIKE, C_CORRECT, C_PRIZE, C_PLAN, C_SHEET, C_STANDINGS, C_PRINT, C_HELP, C_QUIT,
    C_COUNT
};

/* The command of a word, -1 if none. */
static int cmd_of(const char *w)
{
    for (int c = 0; c < C_COUNT; c++)
        if (strcasecmp(w, CMDS[c].en) == 0 || strcasecmp(w, CMDS[c].de) == 0)
            return c;
    return -1;
}

/* Whether a word is one of two spellings. */
static bool is_word(const char *w, const char *en, const char *de)
{
    return w && (strcasecmp(w, en) == 0 || strcasecmp(w, de) == 0);
}

/* Writes a refusal: the format in the language with one argument. */
static int tour_refuse(const sk_tour *tr, char *why, size_t size, const char *en, const char *de,
                  const char *arg)
{
    char q[SK_ESCAPE_SIZE(SK_TOUR_QUOTE)];
    sk_escape(q, sizeof q, arg ? arg : "", (size_t)-1, SK_TOUR_QUOTE);
    snprintf(why, size, tr->lang ? en : de, q);
    return -1;
}

/* A whole number 1..max, or -1. */
static int number(const char *s, int max)
{
    char *end;
    if (!s || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    return *end || errno || v < 1 || v > max ? -1 : (int)v;
}

/* "T" (the current stage) or "S/T": 0 or -1. */
static int table_ref(const sk_tour *tr, const char *s, int *stage, int *table)
{
    const char *slash = s ? strchr(s, '/') : NULL;
    char st[16];
    if (slash) {
        size_t n = (size_t)(slash - s);
        if (n >= sizeof st)
            return -1;
        memcpy(st, s, n);
        st[n] = '\0';
        *stage = number(st, SK_T_MAX_STAGES);
        *table = number(slash + 1, SK_T_MAX_TABLES);
    } else {
        *stage = tr->t->nstages;
        *table = number(s, SK_T_MAX_TABLES);
    }
    return *stage < 1 || *table < 1 ? -1 : 0;
}

/* Cents from "50", "50.5", "50,50"; -1 if it is none. */
static int64_t euros(const char *s)
{
    int64_t whole = 0, cents = 0;
    int digits = 0, frac = -1;
    for (const char *c = s; c && *c; c++) {
        if ((*c == '.' || *c == ',') && frac < 0 && digits) {
            frac = 0;
        } else if (*c >= '0' && *c <= '9' && frac < 0 && digits < 9) {
            whole = whole * 10 + (*c - '0');
            digits++;
        } else if (*c >= '0' && *c <= '9' && frac >= 0 && frac < 2) {
            cents = cents * 10 + (*c - '0');
            frac++;
        } else {
            return -1;
        }
    }
    if (!digits)
        return -1;
    if (frac == 1)
        cents *= 10;
    return whole * 100 + cents;
}

/* The table sheet context for reading a deal before game `slot`: the
 * table's names as the sheet's players, its session there. */
static int deal_context(const sk_tour *tr, int stage, int table, int slot, sk_sheet *sh,
                        char *why, size_t size)
{
    sk_error err = {{0}, NULL};
    memset(sh, 0, sizeof *sh);
    if (sk_t_session_at(tr->t, stage, table, slot, &sh->session, &err) < 0) {
        sk_tour_refusal(tr->lang, &err, why, size);
        return -1;
    }
    const sk_t_table *tb = &tr->t->stages[stage - 1].tables[table - 1];
    sh->rules = sh->session.rules;
    sh->nplayers = tb->n;
    sh->lang = tr->lang;
    for (int p = 0; p < tb->n; p++)
        snprintf(sh->names[p], SK_SHEET_NAME, "%s", tr->t->players[tb->start[p] - 1].name);
    return 0;
}

/* Reads a deal's words (a `schafkopf sheet` line) for game `slot` of a
 * table into an outcome by table positions; 0 or -1 with why. */
static int read_deal(const sk_tour *tr, int stage, int table, int slot, const char *deal,
                     sk_outcome *o, char *why, size_t size)
{
    sk_sheet sh;
    if (deal_context(tr, stage, table, slot, &sh, why, size) < 0)
        return -1;
    sk_outcome seats;
    if (sk_sheet_parse(&sh, deal, &seats, why, size) < 0)
        return -1;
    *o = seats;
    const uint8_t *sp = sh.session.seat_player;
    uint8_t *one[] = {&o->declarer, &o->partner, &o->offender, &o->revealer, &o->durchmarsch};
    for (size_t k = 0; k < sizeof one / sizeof one[0]; k++)
        if (*one[k] < SK_NSEATS)
            *one[k] = sp[*one[k]];
    uint8_t *sets[] = {&o->losers, &o->winners};
    for (size_t k = 0; k < 2; k++) {
        uint8_t to = 0;
        for (int s = 0; s < SK_NSEATS; s++)
            if (*sets[k] & (1u << s))
                to |= (uint8_t)(1u << sp[s]);
        *sets[k] = to;
    }
    return 0;
}

/* A core refusal of a table's deal: game refusals in the sheet's words. */
static int core_refused(const sk_tour *tr, const sk_error *err, char *why, size_t size)
{
    if (strncmp(err->msg, "game ", 5) == 0) {
        sk_sheet sh;
        memset(&sh, 0, sizeof sh);
        sh.lang = tr->lang;
        sk_error inner = *err;
        const char *colon = strstr(err->msg, ": ");
        if (colon)
            memmove(inner.msg, colon + 2, strlen(colon + 2) + 1);
        char text[256];
        sk_sheet_refusal(&sh, &inner, text, sizeof text);
        int n = (int)strspn(err->msg + 5, "0123456789");
        snprintf(why, size, "%s %.*s: %s", TW(SK_TW_GAME), n, err->msg + 5, text);
        return -1;
    }
    sk_tour_refusal(tr->lang, err, why, size);
    return -1;
}

/* Splits "... -- REASON": cuts the line at " -- " and returns the reason
 * (NULL if none). */
static char *cut_reason(char *line)
{
    char *sep = strstr(line, " -- ");
    if (!sep)
        return NULL;
    *sep = '\0';
    return sep + 4;
}

/* Takes "by=NAME" (von=NAME) out of the words; the name or NULL. */
static const char *take_by(char **words, int *n)
{
    for (int i = 0; i < *n; i++)
        if (strncasecmp(words[i], "by=", 3) == 0 || strncasecmp(words[i], "von=", 4) == 0) {
            const char *v = strchr(words[i], '=') + 1;
            memmove(&words[i], &words[i + 1], (size_t)(*n - i - 1) * sizeof *words);
            (*n)--;
            return v;
        }
    return NULL;
}


/* The table's sheet lines now (NULL when out of memory). */
static int sheet_slots(const sk_tour *tr, int stage, int table)
{
    sk_t_line *l = calloc(SK_T_MAX_ENTRIES, sizeof *l);
    int n = l ? sk_t_sheet(tr->t, stage, table, l, SK_T_MAX_ENTRIES, NULL) : -1;
    free(l);
    return n;
}

/* The rule that asks a game of a table's sheet for the referee's
 * approval before play: 5.2.14 (a Tout, a Sie), 5.2.16 (a Solo or Wenz
 * from the fifth of the stage), or NULL when it needs none. */
static const char *approval_rule(const sk_tour *tr, int stage, int table, int slot)
{
    sk_t_line *l = calloc(SK_T_MAX_ENTRIES, sizeof *l);
    int n = l ? sk_t_sheet(tr->t, stage, table, l, SK_T_MAX_ENTRIES, NULL) : -1;
    const char *rule = NULL;
    if (slot >= 0 && slot < n && l[slot].needs_approval) {
        sk_contract c = l[slot].outcome.contract;
        rule = c.type == SK_C_SIE || c.tout ? "5.2.14" : "5.2.16";
    }
    free(l);
    return rule;
}

/* The current marks of a game: its entry's approved and struck. */
static const sk_t_entry *current_entry(const sk_tour *tr, int stage, int table, int slot)
{
    const sk_t_table *tb = &tr->t->stages[stage - 1].tables[table - 1];
    const sk_t_entry *e = NULL;
    for (int i = 0; i < tb->nentries; i++)
        if (tb->entries[i].slot == slot)
            e = &tb->entries[i];
    return e;
}

/* Says a game of a table's sheet as it stands now: "Tisch 1, Spiel 3:
 * Herz-Solo: Anna gewonnen", the last one for slot -1, with `done` (who
 * changed it how) in brackets when given -- the organiser's confirmation
 * of a line that entered or changed it. */
static void say_game(const sk_tour *tr, int stage, int table, int slot, const char *done,
                     FILE *out)
{
    const sk_tournament *t = tr->t;
    sk_t_line *l = calloc(SK_T_MAX_ENTRIES, sizeof *l);
    int nl = l ? sk_t_sheet(t, stage, table, l, SK_T_MAX_ENTRIES, NULL) : 0;
    int k = slot < 0 ? nl - 1 : slot;
    if (k >= 0 && k < nl) {
        char what[200];
        const sk_t_table *tb = &t->stages[stage - 1].tables[table - 1];
        sk_tour_describe(tr, tb, &l[k], what, sizeof what);
        fprintf(out, "%s %d, %s %d: %s", TW(SK_TW_TABLE), table, TW(SK_TW_GAME), k + 1, what);
        if (done)
            fprintf(out, " (%s)", done);
        fputc('\n', out);
    }
    free(l);
}

int sk_tour_apply(sk_tour *tr, const char *line, int64_t at, FILE *out, char *why,
                   size_t size)
{
    sk_tournament *t = tr->t;
    size_t len = strlen(line);
    if (len > SK_TOUR_MAX_LINE)
        return tour_refuse(tr, why, size, "line too long", "Zeile zu lang", NULL);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)line[i] < 0x20 && line[i] != '\t')
            return tour_refuse(tr, why, size, "control characters in the line",
                          "Steuerzeichen in der Zeile", NULL);
    json_t *utf8 = json_string(line);
    if (!utf8)
        return tour_refuse(tr, why, size, "not UTF-8", "kein UTF-8", NULL);
    json_decref(utf8);
    char buf[SK_TOUR_MAX_LINE + 1];
    snprintf(buf, sizeof buf, "%s", line);
    char *reason = cut_reason(buf);
    char *words[64] = {NULL}, *save = NULL; /* NULL past the last word */
    int n = 0;
    for (char *w = strtok_r(buf, " \t", &save); w && n < 64; w = strtok_r(NULL, " \t", &save))
        words[n++] = w;
    if (n == 0 || words[0][0] == '#')
        return 1;
    int c = cmd_of(words[0]);
    sk_error err = {{0}, NULL};
    int stage = 0, table = 0, slot = 0;
    if (c == C_TABLE || c == C_APPROVE || c == C_STRIKE || c == C_CORRECT || c == C_SHEET) {
        if (n < 2 || table_ref(tr, words[1], &stage, &table) < 0 || stage > t->nstages ||
            table > t->stages[stage - 1].ntables)
            return tour_refuse(tr, why, size, "no table \"%s\" (T or STAGE/T)",
                          "kein Tisch \"%s\" (T oder RUNDE/T)", n > 1 ? words[1] : "");
    }
    if (c == C_APPROVE || c == C_STRIKE || c == C_CORRECT) {
        int games = sheet_slots(tr, stage, table);
        slot = n > 2 ? number(words[2], SK_T_MAX_ENTRIES) - 1 : -2;
        if (slot < 0 || slot >= games)
            return tour_refuse(tr, why, size, "no game \"%s\" on that table's sheet",
                          "kein Spiel \"%s\" auf der Liste dieses Tisches",
                          n > 2 ? words[2] : "");
    }
    switch (c) {
    case C_REGISTER: {
        if (n < 2 || n > 3 || (n == 3 && !is_word(words[2], "paid", "bezahlt")))
            return tour_refuse(tr, why, size, "register NAME [paid]", "anmelden NAME [bezahlt]",
                          NULL);
        if (!sk_sheet_name_ok(words[1]))
            return tour_refuse(tr, why, size,
                          "\"%s\": a name of letters, digits, - _ . (not only digits)",
                          "\"%s\": ein Name aus Buchstaben, Ziffern, - _ . (nicht nur Ziffern)",
                          words[1]);
        int no = sk_t_register(t, words[1], n == 3, &err);
        if (no < 0)
            return core_refused(tr, &err, why, size);
        fprintf(out, "%s %d: %s\n", TW(SK_TW_REGISTERED), no, words[1]);
        return 0;
    }
    case C_PAID:
    case C_WITHDRAW: {
        int no = n == 2 ? number(words[1], SK_T_MAX_PLAYERS) : -1;
        if (no < 0)
            return tour_refuse(tr, why, size, "a start number", "eine Startnummer", NULL);
        int rc = c == C_PAID ? sk_t_set_paid(t, no, true, &err) : sk_t_withdraw(t, no, &err);
        if (rc < 0)
            return core_refused(tr, &err, why, size);
        fprintf(out, "%s %d: %s\n", TW(c == C_PAID ? SK_TW_PAID : SK_TW_WITHDREW), no,
                t->players[no - 1].name);
        return 0;
    }
    case C_SUBSTITUTE: {
        int no = n == 3 ? number(words[1], SK_T_MAX_PLAYERS) : -1;
        if (no < 0 || !sk_sheet_name_ok(words[2]))
            return tour_refuse(tr, why, size, "substitute N NAME", "ersatz N NAME", NULL);
        if (sk_t_substitute(t, no, words[2], &err) < 0)
            return core_refused(tr, &err, why, size);
        fprintf(out, "%s %d: %s (%s %s)\n", TW(SK_TW_SUBSTITUTED), no, t->players[no - 1].name,
                TW(SK_TW_FOR), t->players[no - 1].replaced);
        return 0;
    }
    case C_GAMES: {
        int g = n == 2 ? number(words[1], 255) : -1;
        if (g < 0 || t->nstages > 0)
            return tour_refuse(tr, why, size, "games N (1..255) before the first draw",
                          "spiele N (1..255) vor der ersten Auslosung", NULL);
        t->rules.stage_games = (uint8_t)g;
        fprintf(out, "%s %d\n", TW(SK_TW_STAGE_GAMES), g);
        return 0;
    }
    case C_DRAW: {
        int s = n >= 2 && n <= 3 ? number(words[1], SK_T_MAX_STAGES) : -1;
        int seating = n == 3 && is_word(words[2], "byes", "freilos") ? SK_T_BYES
                      : n == 2 || (n == 3 && is_word(words[2], "five", "fuenf")) ? SK_T_FIVE
                                                                      : -1;
        if (s < 0 || seating < 0)
            return tour_refuse(tr, why, size, "draw STAGE [five|byes]",
                          "auslosen RUNDE [fuenf|freilos]", NULL);
        if (sk_t_draw(t, s, seating, &err) < 0)
            return core_refused(tr, &err, why, size);
        sk_tour_print_plan(tr, s, out);
        return 0;
    }
    case C_TABLE: {
        int first = 2;
        bool approved = n > 2 && is_word(words[2], "approved", "genehmigt");
        first += approved;
        const char *deal = line;
        for (int i = 0; i < first; i++) { /* the deal's words as typed */
            deal = strstr(deal, words[i]) + strlen(words[i]);
        }
        if (reason)
            return tour_refuse(tr, why, size, "a new game has no reason (--)",
                          "ein neues Spiel hat keinen Grund (--)", NULL);
        sk_outcome o;
        int games = sheet_slots(tr, stage, table);
        if (games < 0 || read_deal(tr, stage, table, games, deal, &o, why, size) < 0)
            return -1;
        if (sk_t_enter(t, stage, table, &o, approved, at, "", &err) < 0)
            return core_refused(tr, &err, why, size);
        say_game(tr, stage, table, -1, NULL, out);
        return 0;
    }
    case C_APPROVE:
    case C_STRIKE:
    case C_CORRECT: {
        const char *by = take_by(words, &n);
        if (!by || !*by)
            return tour_refuse(tr, why, size, "by=NAME: who signs the change off (5.3.4)",
                          "von=NAME: wer die Änderung abzeichnet (5.3.4)", NULL);
        const sk_t_entry *e = current_entry(tr, stage, table, slot);
        sk_outcome o;
        const sk_outcome *po = NULL;
        if (c == C_CORRECT) {
            if (n < 4)
                return tour_refuse(tr, why, size, "correct T G by=NAME DEAL -- WHY",
                              "korrigieren T G von=NAME SPIEL -- GRUND", NULL);
            char deal[SK_TOUR_MAX_LINE + 1] = "";
            for (int i = 3; i < n; i++) {
                strncat(deal, words[i], sizeof deal - strlen(deal) - 1);
                strncat(deal, " ", sizeof deal - strlen(deal) - 1);
            }
            if (read_deal(tr, stage, table, slot, deal, &o, why, size) < 0)
                return -1;
            po = &o;
        } else if (n != 3) {
            return tour_refuse(tr, why, size, "approve|strike T G by=NAME [-- WHY]",
                          "genehmigen|streichen T G von=NAME [-- GRUND]", NULL);
        }
        if ((c != C_APPROVE) && (!reason || !*reason))
            return tour_refuse(tr, why, size, "a change needs its reason after \" -- \" (5.3.4)",
                          "eine Änderung braucht ihren Grund nach \" -- \" (5.3.4)", NULL);
        bool approved = c == C_APPROVE ? true : e->approved;
        bool struck = c == C_STRIKE ? true : c == C_APPROVE ? false : e->struck;
        /* 5.2.14, 5.2.16 want the approval before play; the game reaches
         * the sheet only after it, so an approval line is the referee's
         * signed change of the sheet (5.3.4), and says what he signs:
         * that he approved it before play (docs/tournament.md) */
        char rules[24], signed_why[SK_T_WHY + 64], done[160];
        const char *rule = c == C_APPROVE ? approval_rule(tr, stage, table, slot) : NULL;
        snprintf(rules, sizeof rules, "%s%s5.3.4", rule ? rule : "", rule ? ", " : "");
        const char *before = tr->lang ? "approved before play, entered afterwards"
                                      : "vor dem Spiel genehmigt, nachgetragen";
        if (c == C_APPROVE) {
            snprintf(signed_why, sizeof signed_why, "%s (%s)%s%s", before, rules,
                     reason && *reason ? ": " : "", reason && *reason ? reason : "");
            reason = signed_why;
        }
        if (sk_t_correct(t, stage, table, slot, po, approved, struck, at, by,
                         reason ? reason : "", &err) < 0)
            return core_refused(tr, &err, why, size);
        if (c == C_APPROVE) /* "vor dem Spiel genehmigt, nachgetragen von X; 5.2.14, 5.3.4" */
            snprintf(done, sizeof done, "%s %s %s; %s", before, TW(SK_TW_BY), by, rules);
        else /* a struck game says so itself ("[gestrichen]") */
            snprintf(done, sizeof done, "%s%s%s %s", c == C_STRIKE ? "" : TW(SK_TW_CORRECTED),
                     c == C_STRIKE ? "" : " ", TW(SK_TW_BY), by);
        say_game(tr, stage, table, slot, done, out);
        return 0;
    }
    case C_PRIZE: {
        int place = n == 3 ? number(words[1], SK_T_MAX_PRIZES) : -1;
        int64_t cents = n == 3 ? euros(words[2]) : -1;
        if (place < 0 || cents < 0)
            return tour_refuse(tr, why, size, "prize PLACE EUROS", "preis PLATZ EURO", NULL);
        if (sk_t_set_prize(t, place, cents, &err) < 0)
            return core_refused(tr, &err, why, size);
        fprintf(out, "%s %d: %lld%s%02lld €\n", TW(SK_TW_PRIZE_SET), place,
                (long long)(cents / 100), tr->lang ? "." : ",", (long long)(cents % 100));
        return 0;
    }
    case C_PLAN: {
        int s = n == 2 ? number(words[1], SK_T_MAX_STAGES) : t->nstages;
        if (s < 1 || s > t->nstages)
            return tour_refuse(tr, why, size, "no drawn stage", "keine ausgeloste Runde", NULL);
        sk_tour_print_plan(tr, s, out);
        return 1;
    }
    case C_SHEET: sk_tour_print_sheet(tr, stage, table, out); return 1;
    case C_STANDINGS: sk_tour_print_standings(tr, out); return 1;
    case C_PRINT:
        if (n != 2)
            return tour_refuse(tr, why, size, "print DIR", "drucken VERZEICHNIS", NULL);
        return SK_TOUR_PRINT;
    case C_HELP: fprintf(out, "%s\n", TW(SK_TW_HELP)); return 1;
    case C_QUIT: return 2;
    default: return tour_refuse(tr, why, size, TW(SK_TW_UNKNOWN), TW(SK_TW_UNKNOWN), words[0]);
    }
}

/* ------------------------------------------------------------------ */
/* The file                                                             */
/* ------------------------------------------------------------------ */

int sk_tour_init(sk_tour *tr, const char *seed, int lang, char *why, size_t size)
{
    memset(tr, 0, sizeof *tr);
    tr->lang = lang;
    tr->t = calloc(1, sizeof *tr->t);
    tr->lines = json_array();
    sk_error err = {{0}, NULL};
    if (!tr->t || !tr->lines) {
        snprintf(why, size, "out of memory");
        sk_tour_free(tr);
        return -1;
    }
    if (sk_t_init(tr->t, seed, &err) < 0) {
        sk_tour_refusal(lang, &err, why, size);
        sk_tour_free(tr);
        return -1;
    }
    return 0;
}

void sk_tour_free(sk_tour *tr)
{
    if (tr->t)
        sk_t_free(tr->t);
    free(tr->t);
    json_decref(tr->lines);
    tr->t = NULL;
    tr->lines = NULL;
}

json_t *sk_tour_json(const sk_tour *tr)
{
    return json_pack("{s:s, s:i, s:s, s:O}", "format", "schafkopf-tournament", "version", 1,
                     "seed", tr->t->seed, "lines", tr->lines);
}

int sk_tour_load(sk_tour *tr, const char *text, size_t len, int lang, char *why,
                  size_t size)
{
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    memset(tr, 0, sizeof *tr);
    if (!root) {
        snprintf(why, size, "line %d: %s", jerr.line, jerr.text);
        return -1;
    }
    const char *format = json_string_value(json_object_get(root, "format"));
    const char *seed = json_string_value(json_object_get(root, "seed"));
    json_t *lines = json_object_get(root, "lines");
    int rc = -1;
    if (!format || strcmp(format, "schafkopf-tournament") != 0 ||
        json_integer_value(json_object_get(root, "version")) != 1)
        snprintf(why, size, "format: not a schafkopf-tournament file of version 1");
    else if (!seed)
        snprintf(why, size, "seed: missing");
    else if (!json_is_array(lines) || json_array_size(lines) > SK_TOUR_MAX_LINES)
        snprintf(why, size, "lines: a list of at most %d lines", SK_TOUR_MAX_LINES);
    else
        rc = sk_tour_init(tr, seed, lang, why, size);
    FILE *null = rc == 0 ? fopen("/dev/null", "w") : NULL;
    if (rc == 0 && !null) {
        snprintf(why, size, "/dev/null: cannot open");
        rc = -1;
    }
    for (size_t i = 0; rc == 0 && i < json_array_size(lines); i++) {
        json_t *l = json_array_get(lines, i);
        const char *line = json_string_value(json_object_get(l, "line"));
        json_t *at = json_object_get(l, "at");
        char reason[320];
        int got = line && json_is_integer(at)
                      ? sk_tour_apply(tr, line, json_integer_value(at), null, reason,
                                       sizeof reason)
                      : -1;
        if (got != 0) {
            snprintf(why, size, "lines[%zu]: %s", i,
                     !line || !json_is_integer(at) ? "{\"line\": TEXT, \"at\": SECONDS}"
                     : got > 0                     ? "a command that changes nothing"
                                                   : reason);
            rc = -1;
        } else if (json_array_append(tr->lines, l) < 0) {
            snprintf(why, size, "out of memory");
            rc = -1;
        }
    }
    if (null)
        fclose(null);
    if (rc < 0 && tr->t)
        sk_tour_free(tr);
    json_decref(root);
    return rc;
}
