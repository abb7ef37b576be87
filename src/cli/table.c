/*
 * table.c -- what both play interfaces share about the table: the event
 * log, the hand sorted for display, money formatting, the result text
 * and the rows of the score sheet.  No I/O here.
 */
#include "ui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends a line to the event log, dropping the oldest when full. */
void sk_table_log(sk_table *t, const char *text)
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

/* Sorts the hand by the contract's order (or the Sauspiel order while
 * none is declared): trumps high to low, then the plain suits. */
int sk_table_sorted_hand(const sk_public *p, sk_cards hand, uint8_t *out)
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

/* Formats cents as a signed amount in euros. */
size_t sk_table_money(int64_t cents, char *buf, size_t size)
{
    int64_t a = cents < 0 ? -cents : cents;
    return (size_t)snprintf(buf, size, "%s%lld.%02lld", cents < 0 ? "-" : cents > 0 ? "+" : "",
                            (long long)(a / 100), (long long)(a % 100));
}

/* Who won how: the contract, the declarer (and partner), the points of
 * each side, Schneider/Schwarz, and the money explanation. */
size_t sk_table_result_text(const sk_table *t, const sk_result *res, char *buf, size_t size)
{
    sk_lang L = t->lang;
    if (res->thrown_in)
        return (size_t)snprintf(buf, size, "%s", sk_tr(L, L_THROWN_IN));
    char name[64], partner[48] = "";
    sk_lang_contract(L, res->contract, name, sizeof name);
    if (res->contract.type == SK_C_RAMSCH) { /* each for himself: who lost (and won) */
        size_t n = (size_t)snprintf(buf, size, "%s:", name);
        for (int s = 0; s < SK_NSEATS; s++)
            n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
                                  " %s %d%s", sk_lang_seat(L, t->human, s), res->points[s],
                                  (res->losers >> s & 1)    ? " (-)"
                                  : (res->winners >> s & 1) ? " (+)"
                                                            : "");
        if (res->durchmarsch < SK_NSEATS)
            n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
                                  "; Durchmarsch %s", sk_lang_seat(L, t->human, res->durchmarsch));
        return n;
    }
    if (res->partner != SK_NOSEAT)
        snprintf(partner, sizeof partner, " + %s", sk_lang_seat(L, t->human, res->partner));
    int decl = res->declarer_side_points;
    size_t n = (size_t)snprintf(buf, size, "%s: %s%s %s.\n%s %d, %s %d %s%s%s.", name,
                                sk_lang_seat(L, t->human, res->declarer), partner,
                                sk_tr(L, res->won ? L_WINS : L_LOSES), sk_tr(L, L_DECL_SIDE),
                                decl, sk_tr(L, L_DEFENDERS), 120 - decl, sk_tr(L, L_POINTS),
                                res->schwarz ? ", " : res->schneider ? ", " : "",
                                res->schwarz     ? sk_tr(L, L_SCHWARZ)
                                : res->schneider ? sk_tr(L, L_SCHNEIDER)
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

/* The short code of a game for the sheet: "Sau:G", "Solo:H", "Wenz T". */
static void short_game(const sk_score_row *row, char *buf, size_t size)
{
    static const char *const TYPES[SK_C_NTYPES] = {"-",      "Sau",   "Solo",  "Wenz",
                                                   "Sie",    "Geier", "FWenz", "FGeier",
                                                   "Bettel", "Brett", "Ramsch", "Hochz"};
    const char *type = row->contract.type < SK_C_NTYPES ? TYPES[row->contract.type] : "?";
    if (row->thrown_in)
        snprintf(buf, size, "-");
    else if (row->contract.suit < 4)
        snprintf(buf, size, "%s:%c%s", type, sk_suit_letter(row->contract.suit),
                 row->contract.tout ? " T" : "");
    else
        snprintf(buf, size, "%s%s", type, row->contract.tout ? " T" : "");
}

/* A score sheet line: number, game and declarer, then money and
 * tournament points of every seat; the header when i == 0, the totals
 * when row is NULL.  Fits 78 columns. */
size_t sk_table_score_line(const sk_table *t, int i, const sk_score_row *row, char *buf,
                           size_t size)
{
    char cells[9][40], first[40];
    int64_t money[4] = {0};
    int64_t pts[4] = {0};
    if (i == 0) {
        pad(first, sizeof first, sk_tr(t->lang, L_GAME), 20, false);
        for (int s = 0; s < 4; s++) {
            int seat = (t->human + s) % 4;
            char money_name[24];
            pad(money_name, sizeof money_name, sk_lang_seat(t->lang, t->human, seat), 7, true);
            snprintf(cells[s], sizeof cells[s], " %s", money_name);
            char name[24];
            pad(name, sizeof name, sk_lang_seat(t->lang, t->human, seat), 5, true);
            snprintf(cells[4 + s], sizeof cells[4 + s], " %s", name);
        }
    } else {
        if (row) {
            char game[24], who[40];
            short_game(row, game, sizeof game);
            snprintf(who, sizeof who, "%3d %-8s %s%s", i, game,
                     row->thrown_in || row->declarer >= SK_NSEATS
                         ? "" /* thrown in, or a Ramsch */
                         : sk_lang_seat(t->lang, t->human, row->declarer),
                     row->thrown_in || row->declarer >= SK_NSEATS ? "" : row->won ? "+" : "-");
            pad(first, sizeof first, who, 20, false);
            for (int s = 0; s < 4; s++) {
                money[s] = row->money[s];
                pts[s] = row->tournament[s];
            }
        } else {
            pad(first, sizeof first, sk_tr(t->lang, L_TOTAL), 20, false);
            for (int s = 0; s < 4; s++) {
                money[s] = t->session->money[s];
                pts[s] = t->session->tournament[s];
            }
        }
        for (int s = 0; s < 4; s++) {
            int seat = (t->human + s) % 4;
            char m[24];
            sk_table_money(money[seat], m, sizeof m);
            snprintf(cells[s], sizeof cells[s], "%8s", m);
            snprintf(cells[4 + s], sizeof cells[4 + s], " %+5lld", (long long)pts[seat]);
        }
    }
    return (size_t)snprintf(buf, size, "%s%s%s%s%s |%s%s%s%s", first, cells[0], cells[1],
                            cells[2], cells[3], cells[4], cells[5], cells[6], cells[7]);
}

/* The money explanation in the table's language: the core writes the
 * German table words; in English the few that are not Schafkopf terms
 * anyway (Laufende, Schneider, Kontra ... are kept) are translated. */
size_t sk_table_explain(const sk_table *t, const sk_rules *r, const sk_result *res, char *buf,
                        size_t size)
{
    static const char *const WORDS[][2] = {
        {"zusammengeworfen (alle weiter)", "thrown in (all passed)"},
        {"je Verlierer und Mitspieler", "per loser and player"},
        {"je Gewinner und Mitspieler", "per winner and player"},
        {"Laufende", "runners"},
        {"gelegt", "laid"},
    };
    char text[512];
    sk_result_explain(r, res, text, sizeof text);
    if (t->lang != SK_LANG_EN)
        return (size_t)snprintf(buf, size, "%s", text);
    size_t n = 0;
    for (const char *q = text; *q;) {
        size_t k = 0;
        for (; k < sizeof WORDS / sizeof WORDS[0]; k++)
            if (strncmp(q, WORDS[k][0], strlen(WORDS[k][0])) == 0)
                break;
        const char *piece = k < sizeof WORDS / sizeof WORDS[0] ? WORDS[k][1] : NULL;
        size_t len = piece ? strlen(piece) : 1;
        if (n + len < size)
            memcpy(buf + n, piece ? piece : q, len);
        n += len;
        q += piece ? strlen(WORDS[k][0]) : 1;
    }
    if (size)
        buf[n < size ? n : size - 1] = '\0';
    return n;
}
