/*
 * analyze_rate.c -- one rated decision (sk_rater, src/ai/rate.c) as
 * `schafkopf analyze` shows it: rows of the table or one JSON object,
 * and what it adds to the seat's account.
 */
#include "analyze.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Where the flag of a row starts: after the card rows' last column. */
#define FLAG_COLUMN 77

/* An action as the table shows it: in words in German (as `play` says
 * it, "ich spiele", "Kontra", "EO"), as its code in English ("bid
 * sauspiel"); `p` is the state before it. */
static void act_text(const an_ctx *x, const sk_public *p, sk_action a, char *buf, size_t size)
{
    if (x->lang == SKX_LANG_DE)
        skx_lang_action(x->lang, p, a, buf, size);
    else
        sk_action_format(a, buf, size);
}

/* act_text, and for a bid the game its value is that of ("bid sauspiel
 * (Leaves Solo)"): a bid lets the seat declare that class or higher, so
 * "ich spiele" may be best for the sake of a Solo.  A Sauspiel shows its
 * called ace alone ("ich spiele (mit der Gras-Sau)"), so that the line
 * fits 80 columns, and a game the bid names already shows nothing more. */
static void priced_text(const an_ctx *x, const sk_public *p, sk_action a, sk_contract game,
                        char *buf, size_t size)
{
    act_text(x, p, a, buf, size);
    if (a.type != SK_ACT_BID || game.type == SK_C_NONE)
        return;
    size_t len = strlen(buf);
    char name[48];
    skx_lang_contract_bare(x->lang, game, name, sizeof name);
    const char *shown = name;
    if (game.type == SK_C_SAUSPIEL && strncmp(name, "Sauspiel ", 9) == 0)
        shown += 9;
    size_t n = strlen(shown);
    bool bracket = len > 0 && buf[len - 1] == ')'; /* "ich spiel selbst (Wenz)" */
    size_t end = len - bracket;
    if (n <= end && strcasecmp(buf + end - n, shown) == 0)
        return; /* the bid names its game already: "ich hätt einen Wenz" */
    if (bracket) /* one bracket: "ich spiel selbst (Wenz: Herz-Solo)" */
        snprintf(buf + end, size - end, ": %s)", shown);
    else
        snprintf(buf + len, size - len, " (%s)", shown);
}

/* Prints (part of) a table line; in German with decimal commas. */
void skx_an_out(const an_ctx *x, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    skx_lang_decimals(x->lang, line);
    fputs(line, x->out);
}

/* The first line of a decision that is not a card (a bid, a doubling):
 * its number, seat and words, the flag in the card rows' column; the
 * figures follow on lines of their own, so that rows fit 80 columns. */
static void row_head(const an_ctx *x, int index, int seat, const char *words, const char *flag)
{
    char line[160];
    snprintf(line, sizeof line, "%3d  %d %s", index, seat, words);
    int pad = *flag ? FLAG_COLUMN - skx_u8width(line) : 0;
    skx_an_out(x, "%s%*s%s\n", line, pad > 1 ? pad : *flag ? 1 : 0, "", flag);
}

/* Whether the game's table plays for tournament points (docs/rules.md,
 * What a table plays for): then every "money" below is tournament points. */
bool skx_an_points_table(const sk_game *g)
{
    return g->rules->score == SK_SCORE_POINTS;
}

/* What a result gives the seat: money in cents, or tournament points at
 * a points table. */
int64_t skx_an_score_of(const sk_game *g, const sk_result *res, int seat)
{
    return sk_rate_score(g, res, seat);
}

/* The table's word for what the game is played for: cents, or TP
 * (tournament points) at a points table. */
const char *skx_an_unit_word(const an_ctx *x, const sk_game *g)
{
    return skx_tr(x->lang, skx_an_points_table(g) ? L_AN_TP_SHORT : L_AN_CENTS);
}


/* The flag of a rating: '?' a mistake by the seat's information, '!'
 * money lost double dummy. */
static const char *flag_of(const sk_rating *r)
{
    return r->question && r->bang ? "?!" : r->question ? "?" : r->bang ? "!" : "";
}

/* A card's row. */
static void show_card(an_ctx *x, const sk_rating *r, int gameno, int index)
{
    const sk_rate_eval *i = &r->info, *d = &r->dd;
    sk_action a = r->action;
    const char *flag = flag_of(r);
    if (x->json) { /* at a points table the keys say "points" for "money" */
        const char *m = r->points ? "points" : "money";
        fprintf(x->out,
                "{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"card %s\",\"kind\":\"card\","
                "\"info\":{\"deals\":%d,\"value\":%.2f,\"best\":\"card %s\",\"lost\":%.2f,"
                "\"%s\":%.2f,\"best_%s\":\"card %s\",\"%s_lost\":%.2f},"
                "\"dd\":{\"value\":%.0f,\"best\":\"card %s\",\"lost\":%.0f,\"%s\":%.0f,"
                "\"best_%s\":\"card %s\",\"%s_lost\":%.0f},\"flag\":\"%s\"}\n",
                gameno, index, a.seat, sk_card_name(a.card), r->deals, i->value,
                sk_card_name(i->best.card), i->lost, m, i->money, m,
                sk_card_name(i->best_money.card), m, i->money_lost, d->value,
                sk_card_name(d->best.card), d->lost, m, d->money, m,
                sk_card_name(d->best_money.card), m, d->money_lost, flag);
        return;
    }
    skx_an_out(x, "%3d  %d %-4s | %-4s%6.1f%6.1f%8.1f%6.1f | %-4s%6.0f%6.0f%7.0f%6.0f%s%s\n",
               index, a.seat, sk_card_name(a.card), sk_card_name(i->best.card), i->value,
               i->lost, i->money, i->money_lost, sk_card_name(d->best.card), d->value, d->lost,
               d->money, d->money_lost, *flag ? " " : "", flag);
}

/* A Kontra's or Retour's rows: the money with it and without it. */
static void show_doubling(an_ctx *x, const sk_game *g, const sk_rating *r, int gameno,
                          int index)
{
    sk_action a = r->action;
    const char *flag = flag_of(r);
    char name[16];
    sk_action_format(a, name, sizeof name);
    if (x->json) {
        const char *m = r->points ? "points" : "money";
        fprintf(x->out,
                "{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"%s\",\"kind\":\"doubling\","
                "\"info\":{\"deals\":%d,\"%s_with\":%.2f,\"%s_without\":%.2f},"
                "\"dd\":{\"%s_with\":%.0f,\"%s_without\":%.0f},\"flag\":\"%s\"}\n",
                gameno, index, a.seat, name, r->deals, m, r->info.money, m, r->info.alt, m,
                r->dd.money, m, r->dd.alt, flag);
        return;
    }
    char words[64];
    act_text(x, &g->pub, a, words, sizeof words);
    row_head(x, index, a.seat, words, flag);
    const char *u = skx_an_unit_word(x, g);
    skx_an_out(x, skx_tr(x->lang, L_AN_DOUBLING), r->info.money, u, r->info.alt, r->dd.money, u,
               r->dd.alt);
    fprintf(x->out, "\n");
}

/* A decision that cannot be priced: the heuristic bot's best action, no
 * flag.  The table shows no number: the rules of thumb's scores are not
 * money (as the hint of `play` shows them); the JSON keeps them. */
static void show_hint(an_ctx *x, const sk_game *g, const sk_rating *r, int gameno, int index)
{
    sk_action a = r->action;
    char name[48], best[48];
    sk_action_format(a, name, sizeof name);
    sk_action_format(r->hint, best, sizeof best);
    if (x->json) {
        fprintf(x->out,
                "{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"%s\",\"kind\":\"auction\","
                "\"hint\":{\"best\":\"%s\",\"value\":%.2f,\"played\":%.2f}}\n",
                gameno, index, a.seat, name, best, r->hint_value, r->hint_played);
        return;
    }
    act_text(x, &g->pub, a, name, sizeof name);
    act_text(x, &g->pub, r->hint, best, sizeof best);
    row_head(x, index, a.seat, name, "");
    skx_an_out(x, skx_tr(x->lang, L_AN_HINT), best);
    fprintf(x->out, "\n");
}

/* A bid's, pass's or declaration's rows: the best choice by the seat's
 * information and double dummy, and the money of each. */
static void show_auction(an_ctx *x, const sk_game *g, const sk_rating *r, int gameno,
                         int index)
{
    const sk_rate_eval *i = &r->info, *d = &r->dd;
    sk_action a = r->action;
    const char *flag = flag_of(r);
    char name[48], ibest[96], dbest[96];
    sk_action_format(a, name, sizeof name);
    sk_action_format(i->best, ibest, sizeof ibest);
    sk_action_format(d->best, dbest, sizeof dbest);
    if (x->json) {
        char ig[32] = "", dg[32] = "";
        if (i->game.type != SK_C_NONE)
            sk_contract_code(i->game, ig, sizeof ig);
        if (d->game.type != SK_C_NONE)
            sk_contract_code(d->game, dg, sizeof dg);
        fprintf(x->out,
                "{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"%s\",\"kind\":\"auction\","
                "\"info\":{\"deals\":%d,\"best\":\"%s\",\"best_game\":\"%s\",\"money\":%.2f,"
                "\"money_lost\":%.2f},"
                "\"dd\":{\"best\":\"%s\",\"best_game\":\"%s\",\"money\":%.0f,\"money_lost\":%.0f},"
                "\"flag\":\"%s\"}\n",
                gameno, index, a.seat, name, r->deals, ibest, ig, i->money, i->money_lost, dbest,
                dg, d->money, d->money_lost, flag);
        return;
    }
    act_text(x, &g->pub, a, name, sizeof name);
    priced_text(x, &g->pub, i->best, i->game, ibest, sizeof ibest);
    priced_text(x, &g->pub, d->best, d->game, dbest, sizeof dbest);
    row_head(x, index, a.seat, name, flag);
    skx_an_out(x, skx_tr(x->lang, L_AN_AUCTION), i->money, ibest, i->alt, d->money, dbest,
               d->alt);
    fprintf(x->out, "\n");
}

/* Rates one decision of a game (`g` is the state before it), prints its
 * rows and adds it to the seat's account of the game. */
void skx_an_rate(an_ctx *x, const sk_game *g, sk_action a, int gameno, int index)
{
    sk_rating r;
    uint64_t key = skx_analyze_key(gameno, index);
    if (sk_rater_rate(x->rater, g, a, key, &r) < 0 || r.kind == SK_RATE_NONE)
        return;
    if (r.kind == SK_RATE_HINT) {
        show_hint(x, g, &r, gameno, index);
        return;
    }
    int seat = a.seat;
    x->game.rated[seat]++;
    x->game.flagged[seat] += r.question;
    x->game.lost_pts[seat] += r.lost_pts;
    x->game.lost_ct[seat] += r.lost_money;
    x->game.dd_lost_pts[seat] += r.dd_lost_pts;
    x->game.dd_lost_ct[seat] += r.dd_lost_money;
    if (r.kind == SK_RATE_CARD)
        show_card(x, &r, gameno, index);
    else if (r.kind == SK_RATE_DOUBLING)
        show_doubling(x, g, &r, gameno, index);
    else
        show_auction(x, g, &r, gameno, index);
}
