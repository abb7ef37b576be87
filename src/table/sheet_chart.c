/*
 * sheet_chart.c -- the output of the statistics (sheet_stats.c): the
 * per-player tables as text, and each player's money over the games as
 * a standalone SVG chart -- a line per player told apart by colour and
 * by dash pattern (so it reads in greyscale too), a euro axis with the
 * zero line, game numbers below, the evenings marked, a legend.  German
 * (lang 0) or English (lang 1).
 */
#include "schafkopf/table.h"

#include <stdlib.h>
#include <string.h>

/* The words of the statistics. */
enum {
    ST_TITLE, ST_NAME, ST_EVENINGS, ST_DEALS, ST_SAT_OUT, ST_LAID, ST_THROWN, ST_FAULTS,
    ST_MONEY, ST_POINTS, ST_DECLARER, ST_PARTNER, ST_DEFENDER, ST_KONTRA, ST_RETOUR,
    ST_RAMSCH, ST_BY_CLASS, ST_WON_OF, ST_CHART, ST_CHART_POINTS, ST_GAME, ST_EVENING, ST_NONE, ST_COUNT
};
static const char *const STAT_WORDS[2][ST_COUNT] = {
    {
        [ST_TITLE] = "Statistik: %d %s, %d %s", [ST_NAME] = "Name",
        [ST_EVENINGS] = "Abende", [ST_DEALS] = "Spiele", [ST_SAT_OUT] = "aus",
        [ST_LAID] = "gelegt", [ST_THROWN] = "zusammen", [ST_FAULTS] = "Fehler",
        [ST_MONEY] = "Geld", [ST_POINTS] = "Punkte", [ST_DECLARER] = "Spieler",
        [ST_PARTNER] = "Partner", [ST_DEFENDER] = "Gegner", [ST_KONTRA] = "Kontra",
        [ST_RETOUR] = "Retour", [ST_RAMSCH] = "Ramsch-",
        [ST_BY_CLASS] = "Als Spieler nach Spielart", [ST_WON_OF] = "gewonnen/gespielt",
        [ST_CHART] = "Geld im Verlauf", [ST_CHART_POINTS] = "Punkte im Verlauf", [ST_GAME] = "Spiel", [ST_EVENING] = "Abend",
        [ST_NONE] = "Noch keine Spiele.",
    },
    {
        [ST_TITLE] = "Statistics: %d %s, %d %s", [ST_NAME] = "Name",
        [ST_EVENINGS] = "evenings", [ST_DEALS] = "deals", [ST_SAT_OUT] = "out",
        [ST_LAID] = "laid", [ST_THROWN] = "thrown", [ST_FAULTS] = "faults",
        [ST_MONEY] = "money", [ST_POINTS] = "points", [ST_DECLARER] = "declarer",
        [ST_PARTNER] = "partner", [ST_DEFENDER] = "defender", [ST_KONTRA] = "Kontra",
        [ST_RETOUR] = "Retour", [ST_RAMSCH] = "Ramsch",
        [ST_BY_CLASS] = "As declarer, by game", [ST_WON_OF] = "won/played",
        [ST_CHART] = "Money over time", [ST_CHART_POINTS] = "Points over time", [ST_GAME] = "Game", [ST_EVENING] = "Evening",
        [ST_NONE] = "No games yet.",
    }};

/* Cents as euros: "-1,50" (German) or "-1.50". */
static const char *stat_euros(int lang, int64_t cents, char buf[32])
{
    int64_t a = cents < 0 ? -cents : cents;
    snprintf(buf, 32, "%s%lld%c%02lld", cents < 0 ? "-" : "", (long long)(a / 100),
             lang ? '.' : ',', (long long)(a % 100));
    return buf;
}

/* Prints a text padded to `width` characters (UTF-8 counted by
 * character, never cut), right-aligned if `right`. */
static void pad(FILE *out, const char *s, int width, bool right)
{
    int chars = 0;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        chars += (*c & 0xc0) != 0x80;
    if (right)
        fprintf(out, "%*s%s", chars < width ? width - chars : 0, "", s);
    else
        fprintf(out, "%s%*s", s, chars < width ? width - chars : 0, "");
}

/* "won/played", or "-" for none. */
static const char *ratio(int won, int of, char buf[24])
{
    if (of == 0)
        snprintf(buf, 24, "-");
    else
        snprintf(buf, 24, "%d/%d", won, of);
    return buf;
}

/* The per-player tables: the deals and the money (with `points` only
 * the tournament points, 5.2.7); the roles with won of played; the
 * declared games by class (the classes played). */
void sk_sheet_stats_print(const sk_sheet_stats *st, int lang, bool points, FILE *out)
{
    const char *const *w = STAT_WORDS[lang ? 1 : 0];
    char a[32], b[32];
    int width = 8; /* with the columns below: 79 columns for names of up to 8 */
    for (int p = 0; p < st->nplayers; p++) {
        int n = (int)strlen(st->player[p].name);
        width = n > width ? n : width;
    }
    fprintf(out, w[ST_TITLE], st->nevenings,
            st->nevenings == 1 ? (lang ? "evening" : "Abend") : w[ST_EVENINGS], st->ngames,
            st->ngames == 1 ? (lang ? "game" : "Spiel") : (lang ? "games" : "Spiele"));
    fputc('\n', out);
    if (st->nplayers == 0) {
        fprintf(out, "%s\n", w[ST_NONE]);
        return;
    }
    static const int T1[] = {ST_EVENINGS, ST_DEALS, ST_SAT_OUT, ST_LAID, ST_THROWN, ST_FAULTS};
    pad(out, w[ST_NAME], width, false);
    for (size_t i = 0; i < sizeof T1 / sizeof T1[0]; i++) {
        fputc(' ', out);
        pad(out, w[T1[i]], 8, true);
    }
    if (!points) {
        fputc(' ', out);
        pad(out, w[ST_MONEY], 9, true);
    }
    fputc(' ', out);
    pad(out, w[ST_POINTS], 6, true);
    fputc('\n', out);
    for (int p = 0; p < st->nplayers; p++) {
        const sk_sheet_player_stats *ps = &st->player[p];
        pad(out, ps->name, width, false);
        fprintf(out, " %8d %8d %8d %8d %8d %8d", ps->evenings, ps->deals, ps->sat_out, ps->laid,
                ps->thrown_in, ps->faults);
        if (!points)
            fprintf(out, " %9s", stat_euros(lang, ps->money, a));
        fprintf(out, " %6lld\n", (long long)ps->points);
    }
    fprintf(out, "\n%s\n", w[ST_WON_OF]);
    static const int T2[] = {ST_DECLARER, ST_PARTNER, ST_DEFENDER, ST_KONTRA, ST_RETOUR,
                             ST_RAMSCH};
    pad(out, w[ST_NAME], width, false);
    for (size_t i = 0; i < sizeof T2 / sizeof T2[0]; i++) {
        fputc(' ', out);
        if (T2[i] == ST_RAMSCH && !lang)
            pad(out, "Ramsch", 9, true); /* Ramsch: lost of played */
        else
            pad(out, w[T2[i]], 9, true);
    }
    fputc('\n', out);
    for (int p = 0; p < st->nplayers; p++) {
        const sk_sheet_player_stats *ps = &st->player[p];
        int won = 0, of = 0;
        for (int c = 0; c < SK_STAT_CLASSES; c++)
            won += ps->declared_won[c], of += ps->declared[c];
        pad(out, ps->name, width, false);
        char r[6][24];
        fprintf(out, " %9s %9s %9s %9s %9s %9s\n", ratio(won, of, r[0]),
                ratio(ps->partner_won, ps->partner, r[1]),
                ratio(ps->defended_won, ps->defended, r[2]),
                ratio(ps->kontra_won, ps->kontra, r[3]), ratio(ps->retour_won, ps->retour, r[4]),
                ratio(ps->ramsch - ps->ramsch_lost, ps->ramsch, r[5]));
    }
    bool played[SK_STAT_CLASSES] = {false};
    int nclasses = 0;
    for (int c = 0; c < SK_STAT_CLASSES; c++) {
        for (int p = 0; p < st->nplayers; p++)
            played[c] |= st->player[p].declared[c] > 0;
        nclasses += played[c];
    }
    if (!nclasses)
        return;
    fprintf(out, "\n%s (%s)\n", w[ST_BY_CLASS], w[ST_WON_OF]);
    pad(out, w[ST_NAME], width, false);
    for (int c = 0; c < SK_STAT_CLASSES; c++)
        if (played[c]) {
            fputc(' ', out);
            pad(out, sk_stat_class_name(c), 9, true);
        }
    fputc('\n', out);
    for (int p = 0; p < st->nplayers; p++) {
        const sk_sheet_player_stats *ps = &st->player[p];
        pad(out, ps->name, width, false);
        for (int c = 0; c < SK_STAT_CLASSES; c++)
            if (played[c])
                fprintf(out, " %9s", ratio(ps->declared_won[c], ps->declared[c], b));
        fputc('\n', out);
    }
}

/* ------------------------------------------------------------------ */
/* The chart                                                            */
/* ------------------------------------------------------------------ */

/* Text for XML: & < > " ' escaped. */
static void xml_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&apos;", out); break;
        default: fputc(*s, out); break;
        }
    }
}

/* A step of 1, 2 or 5 times a power of ten of at least `min`. */
static int64_t nice_step(double min)
{
    int64_t p = 1;
    while (p * 10 <= min && p < INT64_MAX / 100)
        p *= 10;
    for (;;) {
        if ((double)p >= min)
            return p;
        if ((double)(2 * p) >= min)
            return 2 * p;
        if ((double)(5 * p) >= min)
            return 5 * p;
        p *= 10;
    }
}

/* An amount for the axis: "-1,50 €" (German) or "-€1.50". */
static void axis_euros(int lang, int64_t cents, char buf[40])
{
    char e[32];
    stat_euros(lang, cents < 0 ? -cents : cents, e);
    if (lang)
        snprintf(buf, 40, "%s€%s", cents < 0 ? "-" : "", e);
    else
        snprintf(buf, 40, "%s%s €", cents < 0 ? "-" : "", e);
}

/* An amount for the axis and the legend: euros, or signed tournament
 * points ("+6", "0", "-2"). */
static void axis_amount(int lang, bool points, int64_t v, char buf[40])
{
    if (points)
        snprintf(buf, 40, v > 0 ? "+%lld" : "%lld", (long long)v);
    else
        axis_euros(lang, v, buf);
}

/* A player's running total after a game: money or points. */
static int64_t running(const sk_sheet_stats *st, bool points, int player, int game)
{
    return points ? sk_sheet_stats_points(st, player, game)
                  : sk_sheet_stats_money(st, player, game);
}

/* Seven colours told apart by colour-blind eyes (Okabe and Ito) and six
 * dash patterns: each player's pair differs from the others' up to 42
 * players, and the patterns alone tell the first six apart in grey. */
static const char *const COLOURS[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                      "#E69F00", "#56B4E9", "#000000"};
static const char *const DASHES[] = {"none", "10 4", "2 3", "10 3 2 3", "5 5", "14 3 3 3 3 3"};
#define NCOLOURS (int)(sizeof COLOURS / sizeof COLOURS[0])
#define NDASHES (int)(sizeof DASHES / sizeof DASHES[0])

/* Writes the chart: each player's running total (money or points) over
 * the game numbers, from 0 before the first game of his first evening. */
void sk_sheet_chart_svg(const sk_sheet_stats *st, int lang, bool points, FILE *out)
{
    const char *const *w = STAT_WORDS[lang ? 1 : 0];
    /* the legend's room: a name and its total, about 7 pixels a byte;
     * the plot takes the rest of 800 pixels, at least 400 */
    int legend_w = 48 + 7 * 18;
    for (int p = 0; p < st->nplayers; p++) {
        int need = 48 + 7 * ((int)strlen(st->player[p].name) + 13);
        legend_w = need > legend_w ? need : legend_w;
    }
    const int left = 78, top = 46;
    const int plot_w = 800 - left - 24 - legend_w - 10 > 400 ? 800 - left - 24 - legend_w - 10
                                                             : 400;
    const int legend_x = left + plot_w + 24, width = legend_x + legend_w + 10;
    int height = 500, legend_h = 24 + 20 * st->nplayers;
    if (top + legend_h + 20 > height)
        height = top + legend_h + 20;
    const int plot_h = 500 - top - 62;
    int64_t lo = 0, hi = 0;
    for (int g = 0; g < st->ngames; g++)
        for (int p = 0; p < st->nplayers; p++) {
            int64_t v = running(st, points, p, g);
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    if (hi == lo)
        hi = lo + (points ? 6 : 100);
    int64_t step = nice_step((double)(hi - lo) / 6.0);
    lo = (lo >= 0 ? lo / step : -((-lo + step - 1) / step)) * step;
    hi = (hi <= 0 ? hi / step : (hi + step - 1) / step) * step;
    int games = st->ngames > 0 ? st->ngames : 1;
    int64_t xstep = nice_step((double)games / 10.0);
#define X(g) ((double)left + (double)plot_w * (double)(g) / (double)games)
#define Y(v) ((double)top + (double)plot_h * (double)(hi - (v)) / (double)(hi - lo))
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Verdana, sans-serif\" "
            "font-size=\"12\">\n"
            "<title>%s</title>\n"
            "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n"
            "<text x=\"%d\" y=\"26\" font-size=\"16\" font-weight=\"bold\">%s</text>\n",
            width, height, width, height, w[points ? ST_CHART_POINTS : ST_CHART], width, height,
            left, w[points ? ST_CHART_POINTS : ST_CHART]);
    /* the grid and the euro axis */
    char label[40];
    for (int64_t v = lo; v <= hi; v += step) {
        axis_amount(lang, points, v, label);
        fprintf(out,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n"
                "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                left, Y(v), left + plot_w, Y(v), left - 6, Y(v) + 4, label);
    }
    /* game numbers */
    for (int64_t g = 0; g <= games; g += xstep)
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555555\"/>\n"
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%lld</text>\n",
                X(g), top + plot_h, X(g), top + plot_h + 5, X(g), top + plot_h + 19,
                (long long)g);
    fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
            X(games / 2.0), top + plot_h + 40, w[ST_GAME]);
    /* the evenings: a boundary before each but the first */
    for (int e = 0; e < st->nevenings; e++) {
        double x = X(st->evening_start[e]);
        if (e > 0)
            fprintf(out,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888888\" "
                    "stroke-dasharray=\"3 3\"/>\n",
                    x, top, x, top + plot_h);
        if (st->nevenings > 1)
            fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"#555555\">%s %d</text>\n",
                    x + 3, top - 4, w[ST_EVENING], e + 1);
    }
    /* the frame and the zero line */
    fprintf(out,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
            "stroke=\"#555555\"/>\n"
            "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#333333\" "
            "stroke-width=\"1.5\"/>\n",
            left, top, plot_w, plot_h, left, Y(0), left + plot_w, Y(0));
    if (st->ngames == 0)
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                X(games / 2.0), Y(0) - 8, w[ST_NONE]);
    /* a line per player, then the legend */
    for (int p = 0; p < st->nplayers && st->ngames > 0; p++) {
        if (st->player[p].first_game >= st->ngames)
            continue; /* he came to no game yet */
        fprintf(out,
                "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
                "stroke-dasharray=\"%s\" stroke-linejoin=\"round\" points=\"%.1f,%.1f",
                COLOURS[p % NCOLOURS], DASHES[(p + p / NCOLOURS) % NDASHES],
                X(st->player[p].first_game), Y(0));
        for (int g = st->player[p].first_game; g < st->ngames; g++)
            fprintf(out, " %.1f,%.1f", X(g + 1), Y(running(st, points, p, g)));
        fprintf(out, "\"><title>");
        xml_text(out, st->player[p].name);
        fprintf(out, "</title></polyline>\n");
    }
    for (int p = 0; p < st->nplayers; p++) {
        int y = top + 14 + 20 * p;
        fprintf(out,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\" "
                "stroke-dasharray=\"%s\"/>\n<text x=\"%d\" y=\"%d\">",
                legend_x, y, legend_x + 40, y, COLOURS[p % NCOLOURS],
                DASHES[(p + p / NCOLOURS) % NDASHES], legend_x + 48, y + 4);
        xml_text(out, st->player[p].name);
        char e[40];
        axis_amount(lang, points, points ? st->player[p].points : st->player[p].money, e);
        fprintf(out, " (%s)</text>\n", e);
    }
    fprintf(out, "</svg>\n");
#undef X
#undef Y
}
