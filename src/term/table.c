/*
 * table.c -- what both play interfaces share about the table: the event
 * log, the hand sorted for display, money formatting, the result text
 * and the rows of the score sheet.  No I/O here.
 */
#include "ui.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The monotonic clock in ms: the hold's deadlines do not jump with the
 * wall clock. */
int64_t skx_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Appends a line to the event log, dropping the oldest when full. */
void skx_table_log(skx_table *t, const char *text)
{
    if (t->nlog == SK_LOG_LINES) {
        memmove(t->log[0], t->log[1], sizeof t->log[0] * (SK_LOG_LINES - 1));
        t->nlog--;
    }
    snprintf(t->log[t->nlog++], sizeof t->log[0], "%s", text);
}

/* The display key of a card: trumps first from the highest, then the
 * suits E, G, H, S each from the highest card. */
static int display_key(const sk_order *o, int card)
{
    if (o->trumps & SK_BIT(card))
        return 1000 - o->power[card];
    return 2000 + SK_SUIT_OF(card) * 100 + (100 - o->power[card]);
}

/* The trumps of the contract (or of a Sauspiel while none is declared),
 * for setting them apart in the hand. */
sk_cards skx_table_trumps(const sk_public *p)
{
    sk_order o;
    if (p->contract.type != SK_C_NONE)
        return p->order.trumps;
    sk_order_init(&o, (sk_contract){SK_C_SAUSPIEL, SK_EICHEL, 0});
    return o.trumps;
}

/* Sorts the hand by the contract's order (or the Sauspiel order while
 * none is declared): trumps high to low, then the plain suits. */
int skx_table_sorted_hand(const sk_public *p, sk_cards hand, uint8_t *out)
{
    sk_order o;
    if (p->contract.type != SK_C_NONE)
        o = p->order;
    else
        sk_order_init(&o, (sk_contract){SK_C_SAUSPIEL, SK_EICHEL, 0});
    int n = 0;
    for (sk_cards c = hand; c; c &= c - 1)
        out[n++] = (uint8_t)sk_cards_first(c);
    for (int i = 1; i < n; i++) /* insertion sort: at most 8 cards */
        for (int j = i; j > 0 && display_key(&o, out[j]) < display_key(&o, out[j - 1]); j--) {
            uint8_t tmp = out[j];
            out[j] = out[j - 1];
            out[j - 1] = tmp;
        }
    return n;
}

/* Formats cents as a signed amount in euros, with the language's
 * decimal mark ("+1,20" in German, "+1.20" in English). */
size_t skx_table_money(skx_lang lang, int64_t cents, char *buf, size_t size)
{
    int64_t a = cents < 0 ? -cents : cents;
    return (size_t)snprintf(buf, size, "%s%lld%c%02lld", cents < 0 ? "-" : cents > 0 ? "+" : "",
                            (long long)(a / 100), lang == SKX_LANG_DE ? ',' : '.',
                            (long long)(a % 100));
}

size_t skx_table_euros(skx_lang lang, int64_t cents, int sign, char *buf, size_t size)
{
    char m[32];
    skx_table_money(lang, cents, m, sizeof m);
    const char *num = m[0] == '+' || m[0] == '-' ? m + 1 : m;
    const char *pre = cents < 0 ? "-" : sign && cents > 0 ? "+" : "";
    if (lang == SKX_LANG_DE)
        return (size_t)snprintf(buf, size, "%s%s €", pre, num);
    return (size_t)snprintf(buf, size, "%s€%s", pre, num);
}

/* A hint's value text for action a, with the game behind a bid named
 * first ("Schellen-Solo: erwartet +1,31 €"; a name's own brackets, as
 * English "Geier (Obers trump)", left out inside the hint's); the text
 * alone otherwise. */
static size_t bid_game(skx_lang lang, sk_action a, sk_contract game, const char *text, char *buf,
                       size_t size)
{
    int n;
    if (a.type == SK_ACT_BID && game.type != SK_C_NONE) {
        char name[48];
        skx_lang_contract_bare(lang, game, name, sizeof name);
        n = snprintf(buf, size, "%s: %s", name, text);
    } else {
        n = snprintf(buf, size, "%s", text);
    }
    return n < 0 ? 0 : (size_t)n;
}

/* A hint's value in words for action a of view v: a bid or declaration,
 * and a card of a game with a declarer, at a money table as the money
 * it brings the seat ("erwartet +1,30 €", the bot's units times the
 * tariff's unit), a pass in the auction as ""
 * (the yardstick, 0), a doubling or its pass in the play, laying, a
 * Hochzeit's answer and a Ramsch's card as "" (a yes or no, the rules of
 * thumb's choice), anything else (at a table for points) as "Wert 1,4" /
 * "value 1.4" in game units; a
 * choice the bot did not price (SK_BOT_UNPRICED) "kommt nicht in
 * Frage".  A bid whose value is that of a game (`game`, type not
 * SK_C_NONE) names it first: "Schellen-Solo: erwartet +1,31 €". */
static size_t hint_value(skx_lang lang, const sk_view *v, sk_action a, double value,
                         sk_contract game, char *buf, size_t size)
{
    if (!isfinite(value))
        return (size_t)snprintf(buf, size, "%s", skx_tr(lang, L_HINT_UNPRICED));
    bool auction = v->pub.phase == SK_PHASE_AUCTION || v->pub.phase == SK_PHASE_DECLARE;
    /* a pass in the auction is the others' yardstick, 0; a doubling and
     * its pass in the play have a value not on the cards' scale */
    bool play_choice = v->pub.phase == SK_PHASE_PLAY && a.type != SK_ACT_CARD;
    /* laying, a Hochzeit's answer and a Ramsch's card are the rules of
     * thumb's choice: their scores are neither money nor points */
    bool thumb = v->pub.phase == SK_PHASE_KLOPFEN || v->pub.phase == SK_PHASE_HOCHZEIT ||
                 (v->pub.phase == SK_PHASE_PLAY && v->pub.contract.type == SK_C_RAMSCH);
    if ((auction && a.type == SK_ACT_PASS) || play_choice || thumb) {
        if (size)
            buf[0] = '\0';
        return 0;
    }
    /* a card of a game with a declarer: the seat's own money (pimc) */
    bool card = v->pub.phase == SK_PHASE_PLAY && a.type == SK_ACT_CARD;
    if ((card || (auction && (a.type == SK_ACT_BID || a.type == SK_ACT_DECLARE))) &&
        v->rules->score == SK_SCORE_MONEY && v->rules->unit_cents > 0) {
        /* the seat's own money: a bid's is the declarer's it would be */
        char money[32], text[64];
        skx_table_euros(lang, llround(value * v->rules->unit_cents), 1, money, sizeof money);
        snprintf(text, sizeof text, skx_tr(lang, L_EXPECTED), money);
        return bid_game(lang, a, game, text, buf, size);
    }
    char text[64];
    snprintf(text, sizeof text, "%s %.1f", skx_tr(lang, L_VALUE), value);
    skx_lang_decimals(lang, text);
    return bid_game(lang, a, game, text, buf, size);
}

size_t skx_table_hint_item(skx_lang lang, const sk_view *v, sk_action a, double value,
                           sk_contract game, char *buf, size_t size)
{
    char words[64], text[128];
    skx_lang_action(lang, &v->pub, a, words, sizeof words);
    hint_value(lang, v, a, value, game, text, sizeof text);
    int n = snprintf(buf, size, text[0] ? "%s (%s)" : "%s", words, text);
    return n < 0 ? 0 : (size_t)n;
}

void skx_score_row_set(sk_score_row *r, const sk_result *res, int dealer)
{
    r->dealer = (uint8_t)dealer;
    r->declarer = res->declarer;
    r->partner = res->partner;
    r->thrown_in = res->thrown_in;
    r->won = res->won;
    r->contract = res->contract;
    for (int s = 0; s < SK_NSEATS; s++) {
        r->money[s] = res->money[s];
        r->tournament[s] = res->tournament[s];
    }
}

/* Whether the session counts tournament points instead of money: its
 * ruleset's `score` (the tournament preset's default, 5.2.7, 5.3). */
bool skx_table_tournament(const skx_table *t)
{
    return t->session && t->session->rules.score == SK_SCORE_POINTS;
}

/* The score sheet's title, naming what its columns count. */
size_t skx_table_sheet_title(const skx_table *t, char *buf, size_t size)
{
    return (size_t)snprintf(buf, size, "%s (%s)", skx_tr(t->lang, L_SCORE_SHEET),
                            skx_tr(t->lang, skx_table_tournament(t) ? L_TOURNAMENT : L_MONEY_EUR));
}

/* The seats of a bit mask as words ("Links und Du"); returns 0 for you
 * alone, 1 for one other seat, 2 for more (the verb's form). */
static int ramsch_seats(const skx_table *t, unsigned mask, char *buf, size_t size)
{
    const char *names[SK_NSEATS];
    int count = 0, last = -1;
    for (int k = 1; k <= SK_NSEATS; k++) { /* the others first, you last */
        int s = (t->human + k) % SK_NSEATS;
        if (mask & 1u << s) {
            names[count++] = skx_lang_seat(t->lang, t->human, s);
            last = s;
        }
    }
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < count; i++)
        n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, "%s%s%s%s",
                              i == 0 ? "" : i + 1 < count ? ", " : " ",
                              i > 0 && i + 1 == count ? skx_tr(t->lang, L_AND) : "",
                              i > 0 && i + 1 == count ? " " : "", names[i]);
    return count == 1 ? (last == t->human ? 0 : 1) : 2;
}

/* Who won how: the contract, the declarer (and partner), the points of
 * each side, Schneider/Schwarz, and the money explanation. */
size_t skx_table_result_text(const skx_table *t, const sk_result *res, char *buf, size_t size)
{
    skx_lang L = t->lang;
    if (res->thrown_in)
        return (size_t)snprintf(buf, size, "%s", skx_tr(L, L_THROWN_IN));
    char name[64], partner[48] = "";
    skx_lang_contract(L, res->contract, name, sizeof name);
    if (res->contract.type == SK_C_RAMSCH) { /* each for himself: who lost (and won) */
        char who[160];
        size_t n = (size_t)snprintf(buf, size, "%s:", name);
        static const enum sk_str LOSE[3] = {L_LOSE_YOU, L_LOSES, L_LOSE_PL},
                                 WIN[3] = {L_WIN_YOU, L_WINS, L_WIN_PL};
        if (res->losers && res->durchmarsch >= SK_NSEATS) {
            int k = ramsch_seats(t, res->losers, who, sizeof who);
            n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
                                  " %s %s.", who, skx_tr(L, LOSE[k]));
        }
        if (res->winners) {
            int k = ramsch_seats(t, res->winners, who, sizeof who);
            n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
                                  " %s %s.", who, skx_tr(L, WIN[k]));
        }
        n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, " %s:",
                              skx_tr(L, L_RAMSCH_POINTS));
        for (int k = 0; k < SK_NSEATS; k++) {
            int s = (t->human + k) % SK_NSEATS;
            n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
                                  "%s %s %d", k ? "," : "", skx_lang_seat(L, t->human, s),
                                  res->points[s]);
        }
        if (res->durchmarsch < SK_NSEATS)
            n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
                                  "; Durchmarsch %s", skx_lang_seat(L, t->human, res->durchmarsch));
        return n;
    }
    if (res->partner != SK_NOSEAT)
        snprintf(partner, sizeof partner, " %s %s", skx_tr(L, L_AND),
                 skx_lang_seat(L, t->human, res->partner));
    int decl = res->declarer_side_points;
    /* the verb agrees: "Du gewinnst", "Links gewinnt", "Du und Rechts gewinnen" */
    enum sk_str verb = res->partner != SK_NOSEAT ? (res->won ? L_WIN_PL : L_LOSE_PL)
                       : res->declarer == t->human ? (res->won ? L_WIN_YOU : L_LOSE_YOU)
                                                   : (res->won ? L_WINS : L_LOSES);
    size_t n = (size_t)snprintf(buf, size, "%s: %s%s %s.\n%s %d, %s %d %s%s%s.", name,
                                skx_lang_seat(L, t->human, res->declarer), partner,
                                skx_tr(L, verb), skx_tr(L, L_DECL_SIDE),
                                decl, skx_tr(L, L_DEFENDERS), 120 - decl, skx_tr(L, L_POINTS),
                                res->schwarz ? ", " : res->schneider ? ", " : "",
                                res->schwarz     ? skx_tr(L, L_SCHWARZ)
                                : res->schneider ? skx_tr(L, L_SCHNEIDER)
                                                 : "");
    return n;
}

/* Copies `s` into out padded or cut to `width` characters (UTF-8
 * aware, so "Gegenüber" lines up); right-aligned when `right`. */
static void pad(char *out, size_t size, const char *s, int width, bool right)
{
    int chars = 0;
    size_t bytes = 0;
    while (s[bytes] && chars < width) {
        bytes++;
        while ((s[bytes] & 0xc0) == 0x80)
            bytes++;
        chars++;
    }
    int fill = width - chars;
    snprintf(out, size, "%*s%.*s%*s", right ? fill : 0, "", (int)bytes, s, right ? 0 : fill, "");
}

/* The game of a sheet row in words: "Sauspiel Eichel", "Herz-Solo
 * Tout", "-" when thrown in; cut to `width`. */
static void row_game(const skx_table *t, const sk_score_row *row, char *buf, size_t size)
{
    if (row->thrown_in)
        snprintf(buf, size, "-");
    else if (row->contract.type == SK_C_SAUSPIEL && row->contract.suit < 4)
        snprintf(buf, size, "Sauspiel %s", skx_lang_suit(t->lang, row->contract.suit));
    else
        skx_lang_contract(t->lang, row->contract, buf, size);
}

/* A score sheet line: number, game and declarer (+ won, - lost), then
 * every seat's money in euros, or its tournament points in a
 * tournament; the header when i == 0, the totals when row is NULL.
 * Seats by their whole names; fits 78 columns. */
size_t skx_table_score_line(const skx_table *t, int i, const sk_score_row *row, char *buf,
                           size_t size)
{
    char cells[4][48], first[96];
    int64_t val[4] = {0};
    bool points = skx_table_tournament(t);
    if (i == 0) {
        char head[64];
        snprintf(head, sizeof head, "    %s", skx_tr(t->lang, L_GAME));
        pad(first, sizeof first, head, 37, false);
        for (int s = 0; s < 4; s++) {
            char name[40];
            pad(name, sizeof name, skx_lang_seat(t->lang, t->human, (t->human + s) % 4), 9, true);
            snprintf(cells[s], sizeof cells[s], " %s", name);
        }
    } else {
        if (row) {
            char game[64], who[128];
            row_game(t, row, game, sizeof game);
            bool decl = !row->thrown_in && row->declarer < SK_NSEATS; /* not a Ramsch */
            snprintf(who, sizeof who, "%3d %-20.20s %s%s", i, game,
                     decl ? skx_lang_seat(t->lang, t->human, row->declarer) : "",
                     !decl ? "" : row->won ? " +" : " -");
            pad(first, sizeof first, who, 37, false);
            for (int s = 0; s < 4; s++)
                val[s] = points ? row->tournament[s] : row->money[s];
        } else {
            char total[64];
            snprintf(total, sizeof total, "    %s", skx_tr(t->lang, L_TOTAL));
            pad(first, sizeof first, total, 37, false);
            for (int s = 0; s < 4; s++)
                val[s] = points ? t->session->tournament[s] : t->session->money[s];
        }
        for (int s = 0; s < 4; s++) {
            int seat = (t->human + s) % 4;
            char m[24];
            if (points)
                snprintf(m, sizeof m, "%+lld", (long long)val[seat]);
            else
                skx_table_money(t->lang, val[seat], m, sizeof m);
            snprintf(cells[s], sizeof cells[s], " %9s", m);
        }
    }
    return (size_t)snprintf(buf, size, "%s%s%s%s%s", first, cells[0], cells[1], cells[2],
                            cells[3]);
}

/* The money explanation in the table's language: the core writes the
 * German table words in cents; in English the few that are not
 * Schafkopf terms anyway (Laufende, Schneider, Kontra ... are kept) are
 * translated.  Each sum gets its unit ("= 20 Cent"), and a sum said
 * twice in a row ("= 90 = 90") once. */
static size_t explain_words(const skx_table *t, const char *text, char *buf, size_t size)
{
    static const char *const WORDS[][3] = { /* core's word, English, German at the table */
        {"zusammengeworfen (alle weiter)", "thrown in (all passed)", NULL},
        {"je Verlierer und Mitspieler", "per loser and player", NULL},
        {"je Gewinner und Mitspieler", "per winner and player", NULL},
        {"Laufende", "runners", NULL},
        {"gelegt", "knocked", "geklopft"}, /* as the table said it: "ich klopfe" */
    };
    bool en = t->lang == SKX_LANG_EN;
    int col = en ? 1 : 2;
    const char *unit = skx_tr(t->lang, L_CENTS);
    size_t n = 0;
    long last = -1; /* the sum just written, to drop its repetition */
    for (const char *q = text; *q;) {
        char piece[64];
        size_t used = 1;
        snprintf(piece, sizeof piece, "%c", *q);
        size_t k = 0;
        for (; k < sizeof WORDS / sizeof WORDS[0]; k++)
            if (WORDS[k][col] && strncmp(q, WORDS[k][0], strlen(WORDS[k][0])) == 0)
                break;
        if (k < sizeof WORDS / sizeof WORDS[0]) {
            snprintf(piece, sizeof piece, "%s", WORDS[k][col]);
            used = strlen(WORDS[k][0]);
        } else if (strncmp(q, " = ", 3) == 0 && q[3] >= '0' && q[3] <= '9') {
            char *end;
            long v = strtol(q + 3, &end, 10);
            used = (size_t)(end - q);
            char said[32];
            int sl = snprintf(said, sizeof said, " %ld", v);
            bool just_said = n >= (size_t)sl && n < size && strncmp(buf + n - sl, said, sl) == 0;
            if (v == last || just_said) /* "Sauspiel 10 = 10": the sum is the amount */
                snprintf(piece, sizeof piece, "%s", v == last ? "" : " ");
            if (v == last)
                piece[0] = '\0';
            else if (just_said)
                snprintf(piece, sizeof piece, " %s", unit);
            else
                snprintf(piece, sizeof piece, " = %ld %s", v, unit);
            last = v;
        } else if (*q != ' ' || q[1] != '=')
            last = *q == ' ' ? last : -1;
        size_t len = strlen(piece);
        if (n + len < size)
            memcpy(buf + n, piece, len);
        n += len;
        q += used;
    }
    if (size)
        buf[n < size ? n : size - 1] = '\0';
    return n;
}

/* The settlement line under a result: "Geld: Sauspiel 10, Schneider +10
 * = 20 Cent", or in a tournament each seat's points ("Turnierpunkte:
 * Du -2, Links -2, ..."). */
size_t skx_table_explain(const skx_table *t, const sk_rules *r, const sk_result *res, char *buf,
                        size_t size)
{
    bool points = r->score == SK_SCORE_POINTS; /* the game's own ruleset: replay has no session */
    if (points && !res->thrown_in) {
        size_t n = (size_t)snprintf(buf, size, "%s:", skx_tr(t->lang, L_TOURNAMENT));
        for (int k = 0; k < SK_NSEATS; k++) {
            int s = (t->human + k) % 4;
            n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
                                  "%s %s %+d", k ? "," : "", skx_lang_seat(t->lang, t->human, s),
                                  res->tournament[s]);
        }
        return n;
    }
    char text[512];
    sk_result_explain(r, res, text, sizeof text);
    bool ramsch = !res->thrown_in && res->contract.type == SK_C_RAMSCH &&
                  res->durchmarsch == SK_NOSEAT;
    if (ramsch) { /* who pays whom, said in words below */
        char *per = strstr(text, " je Verlierer und Mitspieler");
        if (per)
            *per = '\0';
    }
    /* a deal thrown in at a points table: no money changes hands there */
    size_t n = (size_t)snprintf(buf, size, "%s: ",
                                skx_tr(t->lang, points ? L_TOURNAMENT : L_MONEY));
    n += explain_words(t, text, buf + (n < size ? n : size), n < size ? size - n : 0);
    if (ramsch) {
        char who[160];
        int k = ramsch_seats(t, res->losers, who, sizeof who);
        n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, "; ");
        n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
                              skx_tr(t->lang, k == 0 ? L_RAMSCH_PAY_YOU
                                              : k == 1 ? L_RAMSCH_PAYS : L_RAMSCH_PAY),
                              who);
        if (res->winners) {
            k = ramsch_seats(t, res->winners, who, sizeof who);
            n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, "; ");
            n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
                                  skx_tr(t->lang, k == 0 ? L_RAMSCH_GET_YOU
                                                  : k == 1 ? L_RAMSCH_GETS : L_RAMSCH_GET),
                                  who);
        }
    }
    return n;
}

/* Appends printf-style text to a growing buffer; false when out of
 * memory. */
static bool grow_append(char **buf, size_t *len, size_t *cap, const char *text)
{
    size_t n = strlen(text);
    if (*len + n + 1 > *cap) {
        size_t c = (*cap ? *cap * 2 : 1024) + n;
        char *b = realloc(*buf, c);
        if (!b)
            return false;
        *buf = b;
        *cap = c;
    }
    memcpy(*buf + *len, text, n + 1);
    *len += n;
    return true;
}

/* A cell of the course: `s` left-aligned in `width` columns. */
static void course_cell(char *out, size_t size, const char *s, int width)
{
    pad(out, size, s, width, false);
}

/*
 * The course of a finished game, as online tables show it afterwards:
 * the four hands as dealt, every trick with each seat's card in its
 * column (the leader's marked with *) and who took it, then the result
 * and the settlement.  Lines end with '\n'; the caller frees the text.
 * Only for a finished game: then every hand may be shown.
 */
char *skx_table_course(const skx_table *t, const sk_game *g, const sk_rules *r,
                      const sk_result *res)
{
    const sk_public *p = &g->pub;
    skx_lang L = t->lang;
    char *buf = NULL, line[700], cell[64], text[600];
    size_t len = 0, cap = 0;
    bool ok = true;
    snprintf(line, sizeof line, "%s (%s %u)\n", skx_tr(L, L_COURSE), skx_tr(L, L_GAME),
             t->game_no);
    ok = ok && grow_append(&buf, &len, &cap, line);
    for (int k = 0; k < SK_NSEATS && ok; k++) {
        int s = (t->human + k) % 4;
        sk_cards hand = 0;
        for (int i = 0; i < 8; i++)
            if (g->dealt[s][i] < SK_NCARDS)
                hand |= SK_BIT(g->dealt[s][i]);
        uint8_t sorted[8];
        int n = skx_table_sorted_hand(p, hand, sorted);
        course_cell(line, sizeof line, skx_lang_seat(L, t->human, s), 11);
        for (int i = 0; i < n; i++) {
            snprintf(cell, sizeof cell, " %s", sk_card_name(sorted[i]));
            strncat(line, cell, sizeof line - strlen(line) - 1);
        }
        strncat(line, "\n", sizeof line - strlen(line) - 1);
        ok = grow_append(&buf, &len, &cap, line);
    }
    course_cell(line, sizeof line, "", 11);
    for (int k = 0; k < SK_NSEATS; k++) {
        course_cell(cell, sizeof cell, skx_lang_seat(L, t->human, (t->human + k) % 4), 11);
        strncat(line, cell, sizeof line - strlen(line) - 1);
    }
    for (size_t e = strlen(line); e > 0 && line[e - 1] == ' '; e--)
        line[e - 1] = '\0';
    strncat(line, "\n", sizeof line - strlen(line) - 1);
    ok = ok && grow_append(&buf, &len, &cap, line);
    for (int k = 0; k < p->trick_no && ok; k++) {
        char label[32];
        snprintf(label, sizeof label, "%s %d", skx_tr(L, L_TRICK), k + 1);
        course_cell(line, sizeof line, label, 11);
        sk_cards cards = 0;
        for (int j = 0; j < SK_NSEATS; j++) {
            int s = (t->human + j) % 4, i = (s - p->trick_leaders[k] + 4) % 4;
            cards |= SK_BIT(p->tricks[k][i]);
            snprintf(label, sizeof label, "%s%s", sk_card_name(p->tricks[k][i]),
                     s == p->trick_leaders[k] ? "*" : "");
            course_cell(cell, sizeof cell, label, 11);
            strncat(line, cell, sizeof line - strlen(line) - 1);
        }
        snprintf(cell, sizeof cell, "%s %d\n", skx_lang_seat(L, t->human, p->trick_winners[k]),
                 sk_cards_points(cards));
        strncat(line, cell, sizeof line - strlen(line) - 1);
        ok = grow_append(&buf, &len, &cap, line);
    }
    skx_table_result_text(t, res, text, sizeof text);
    snprintf(line, sizeof line, "%s: %s\n", skx_tr(L, L_RESULT), text);
    ok = ok && grow_append(&buf, &len, &cap, line);
    skx_table_explain(t, r, res, text, sizeof text);
    snprintf(line, sizeof line, "%s\n", text);
    ok = ok && grow_append(&buf, &len, &cap, line);
    if (!ok) {
        free(buf);
        return NULL;
    }
    return buf;
}
