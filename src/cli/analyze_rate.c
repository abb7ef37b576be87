/*
 * analyze_rate.c -- the rating of one decision for `schafkopf analyze`
 * (analyze.c has the method): a card by its value on sampled deals and
 * on the real one, a doubling by the money with and without it, an
 * auction action by the PIMC bot's pricing; each printed as rows of the
 * table or as one JSON object.
 */
#include "analyze.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Where the flag of a row starts: after the card rows' last column. */
#define FLAG_COLUMN 77

/* Ratings of the legal cards of one decision. */
typedef struct card_eval {
    int n;
    uint8_t cards[SK_NTRICKS];
    double pts[SK_NTRICKS];   /* card points of the seat's side after each card */
    double money[SK_NTRICKS]; /* the seat's money in cents after each card */
    int deals;
} card_eval;

/* A summary of a card_eval: the best cards, the played card's values and
 * what it lost against the best. */
typedef struct card_sum {
    int best, best_money; /* indices into the eval: best by points, by money */
    double value, lost;   /* card points of the played card, best minus it */
    double money, money_lost;
} card_sum;

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

/* Whether `seat` is on the declarer's side in a game with all hands. */
static bool declarer_side(const sk_game *g, int seat)
{
    return sk_game_side(g, seat) == SK_SIDE_DECLARER;
}

/* Plays a game in the play phase to its end with double-dummy best play
 * for card points (ties: the lowest card); 0 or -1. */
static int playout(sk_solver *s, sk_game *g)
{
    while (!sk_game_over(g)) {
        sk_action acts[SK_NTRICKS];
        int vals[SK_NTRICKS];
        int n = sk_solver_values(s, g, acts, vals, SK_NTRICKS);
        if (n <= 0)
            return -1;
        bool max = declarer_side(g, g->pub.to_move);
        int best = 0;
        for (int k = 1; k < n; k++)
            if (max ? vals[k] > vals[best] : vals[k] < vals[best])
                best = k;
        if (sk_game_apply(g, acts[best], NULL) < 0)
            return -1;
    }
    return 0;
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
    return skx_an_points_table(g) ? res->tournament[seat] : res->money[seat];
}

/* The table's word for what the game is played for: cents, or TP
 * (tournament points) at a points table. */
const char *skx_an_unit_word(const an_ctx *x, const sk_game *g)
{
    return skx_tr(x->lang, skx_an_points_table(g) ? L_AN_TP_SHORT : L_AN_CENTS);
}

/* The smallest amount that makes a '?': one unit of the tariff, or one
 * tournament point. */
static double score_unit(const sk_game *g)
{
    return skx_an_points_table(g) ? 1.0 : (double)g->rules->unit_cents;
}

/* The seat's money after `a` (or nothing, when a.type is PASS) and best
 * play to the end (the slow, exact way for every contract); 0 or -1. */
static int money_after(an_ctx *x, const sk_game *g, sk_action a, int seat, int64_t *money)
{
    sk_game *h = &x->scratch;
    *h = *g;
    if (a.type != SK_ACT_PASS && sk_game_apply(h, a, NULL) < 0)
        return -1;
    sk_result res;
    if (playout(x->solver, h) < 0 || sk_game_result(h, &res, NULL) < 0)
        return -1;
    *money = skx_an_score_of(h, &res, seat);
    return 0;
}

/* Whether the solver's value of a contract -- the declarer side's card
 * points, a Tout's 120 meaning every trick -- is all its settlement
 * needs (money_of()): every declared game but a Bettel, whose value
 * counts tricks. */
static bool priced_by_points(sk_contract c)
{
    return c.type != SK_C_NONE && c.type != SK_C_RAMSCH && c.type != SK_C_BETTEL &&
           c.type != SK_C_BETTEL_OUVERT;
}

/*
 * The seat's money when the declarer's side ends with `dsp` card points
 * (a Tout: 120 = every trick), as the engine settles it
 * (sk_game_settle_as) with the doublings given so far.  Schwarz is taken
 * to be 0 or 120 points (a trick without points is rare enough).
 */
static int money_of(const sk_game *g, int seat, int dsp, double *money)
{
    int n = g->pub.ntricks;
    int tricks = dsp == 0 ? 0 : dsp == 120 ? n : 1; /* only Schwarz and Tout ask */
    sk_result res;
    if (sk_game_settle_as(g, dsp, tricks, &res, NULL) < 0)
        return -1;
    *money = (double)skx_an_score_of(g, &res, seat);
    return 0;
}

/* Adds one deal (the real one or a sample) to the ratings of the seat's
 * legal cards; 0 or -1 (the solver cannot rate this contract). */
static int eval_deal(an_ctx *x, const sk_game *g, int seat, card_eval *ev)
{
    sk_action acts[SK_NTRICKS];
    int vals[SK_NTRICKS];
    int n = sk_solver_values(x->solver, g, acts, vals, SK_NTRICKS);
    if (n != ev->n)
        return -1;
    bool mine = declarer_side(g, seat), fast = priced_by_points(g->pub.contract);
    for (int k = 0; k < n; k++) {
        int i = 0;
        while (i < ev->n && ev->cards[i] != acts[k].card)
            i++;
        int64_t exact = 0;
        double money = 0;
        if (i == ev->n || (!fast && money_after(x, g, acts[k], seat, &exact) < 0) ||
            (fast && money_of(g, seat, vals[k], &money) < 0))
            return -1;
        ev->pts[i] += mine ? vals[k] : 120 - vals[k];
        ev->money[i] += fast ? money : (double)exact;
    }
    ev->deals++;
    return 0;
}

/* The seat's money with the doubling `a` and without it, best play to
 * the end; 0 or -1. */
static int doubling_money(an_ctx *x, const sk_game *g, sk_action a, double *with,
                          double *without)
{
    int seat = a.seat;
    if (!priced_by_points(g->pub.contract)) {
        int64_t w, o;
        if (money_after(x, g, a, seat, &w) < 0 ||
            money_after(x, g, sk_act_pass(seat), seat, &o) < 0)
            return -1;
        *with = (double)w;
        *without = (double)o;
        return 0;
    }
    int dsp;
    sk_game *h = &x->scratch;
    *h = *g;
    if (sk_solver_solve(x->solver, g, &dsp) < 0 || sk_game_apply(h, a, NULL) < 0)
        return -1;
    return money_of(h, seat, dsp, with) < 0 || money_of(g, seat, dsp, without) < 0 ? -1 : 0;
}

/* Averages an eval and finds the best cards and the played card's loss. */
static card_sum summarize(card_eval *ev, int played)
{
    card_sum s = {0, 0, 0, 0, 0, 0};
    int p = 0;
    for (int i = 0; i < ev->n; i++) {
        ev->pts[i] /= ev->deals;
        ev->money[i] /= ev->deals;
        if (ev->cards[i] == played)
            p = i;
    }
    for (int i = 0; i < ev->n; i++) {
        if (ev->pts[i] > ev->pts[s.best] + 1e-9)
            s.best = i;
        if (ev->money[i] > ev->money[s.best_money] + 1e-9)
            s.best_money = i;
    }
    s.value = ev->pts[p];
    s.lost = ev->pts[s.best] - ev->pts[p];
    s.money = ev->money[p];
    s.money_lost = ev->money[s.best_money] - ev->money[p];
    return s;
}

/* Draws the samples of the seat's view; the number of deals drawn, or
 * -1 when sampling fails. */
static int draw_samples(an_ctx *x, const sk_view *v, uint64_t key, sk_game *sg, int which,
                        sk_rng *rng)
{
    if (which == 0) {
        sk_rng_seed(rng, skx_cli_mix(x->seed ^ skx_cli_mix(key)));
        if (sk_sample_init(x->sampler, v) < 0)
            return -1;
    }
    sk_cards hands[SK_NSEATS];
    sk_sample_draw(x->sampler, rng, hands);
    sk_sample_game(v, hands, sg);
    return 0;
}

/* Rates a card decision; prints one row.  Forced cards are skipped. */
static void rate_card(an_ctx *x, const sk_game *g, sk_action a, int gameno, int index)
{
    sk_cards legal = sk_game_legal_cards(g);
    if (sk_cards_count(legal) < 2 || g->pub.declarer >= SK_NSEATS)
        return; /* forced, or no sides to rate for (a Ramsch) */
    card_eval info = {0}, dd = {0};
    for (sk_cards l = legal; l; l &= l - 1)
        info.cards[info.n++] = (uint8_t)sk_cards_first(l);
    dd.n = info.n;
    memcpy(dd.cards, info.cards, sizeof dd.cards);
    int seat = a.seat;
    if (eval_deal(x, g, seat, &dd) < 0)
        return; /* the solver cannot rate this contract */
    sk_view v;
    sk_game_view(g, seat, &v);
    sk_game sg;
    sk_rng rng;
    for (uint64_t i = 0; i < x->samples; i++)
        if (draw_samples(x, &v, (uint64_t)gameno << 16 | (uint64_t)index, &sg, (int)i, &rng) <
                0 ||
            eval_deal(x, &sg, seat, &info) < 0)
            break;
    if (info.deals == 0)
        return;
    card_sum si = summarize(&info, a.card), sd = summarize(&dd, a.card);
    double unit = score_unit(g);
    bool q = si.lost >= (double)x->margin || si.money_lost >= unit - 1e-9;
    bool bang = sd.money_lost > 0.5;
    const char *flag = q && bang ? "?!" : q ? "?" : bang ? "!" : "";
    x->game.rated[seat]++;
    x->game.flagged[seat] += q;
    x->game.lost_pts[seat] += si.lost;
    x->game.lost_ct[seat] += si.money_lost;
    x->game.dd_lost_pts[seat] += (int)(sd.lost + 0.5);
    x->game.dd_lost_ct[seat] += (int64_t)(sd.money_lost + 0.5);
    if (x->json) { /* at a points table the keys say "points" for "money" */
        const char *m = skx_an_points_table(g) ? "points" : "money";
        fprintf(x->out,
                "{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"card %s\",\"kind\":\"card\","
               "\"info\":{\"deals\":%d,\"value\":%.2f,\"best\":\"card %s\",\"lost\":%.2f,"
               "\"%s\":%.2f,\"best_%s\":\"card %s\",\"%s_lost\":%.2f},"
               "\"dd\":{\"value\":%.0f,\"best\":\"card %s\",\"lost\":%.0f,\"%s\":%.0f,"
               "\"best_%s\":\"card %s\",\"%s_lost\":%.0f},\"flag\":\"%s\"}\n",
               gameno, index, seat, sk_card_name(a.card), info.deals, si.value,
               sk_card_name(info.cards[si.best]), si.lost, m, si.money, m,
               sk_card_name(info.cards[si.best_money]), m, si.money_lost, sd.value,
               sk_card_name(dd.cards[sd.best]), sd.lost, m, sd.money, m,
               sk_card_name(dd.cards[sd.best_money]), m, sd.money_lost, flag);
        return;
    }
    skx_an_out(x, "%3d  %d %-4s | %-4s%6.1f%6.1f%8.1f%6.1f | %-4s%6.0f%6.0f%7.0f%6.0f%s%s\n",
               index, seat, sk_card_name(a.card), sk_card_name(info.cards[si.best]), si.value,
               si.lost, si.money, si.money_lost, sk_card_name(dd.cards[sd.best]), sd.value,
               sd.lost, sd.money, sd.money_lost, *flag ? " " : "", flag);
}

/* Rates a given Kontra/Retour: the seat's money with it and without it,
 * by its information and double dummy. */
static void rate_doubling(an_ctx *x, const sk_game *g, sk_action a, int gameno, int index)
{
    int seat = a.seat;
    double with = 0, without = 0;
    if (doubling_money(x, g, a, &with, &without) < 0)
        return;
    sk_view v;
    sk_game_view(g, seat, &v);
    sk_game sg;
    sk_rng rng;
    double iw = 0, io = 0;
    int deals = 0;
    for (uint64_t i = 0; i < x->samples; i++) {
        double w, o;
        if (draw_samples(x, &v, (uint64_t)gameno << 16 | (uint64_t)index, &sg, (int)i, &rng) <
                0 ||
            doubling_money(x, &sg, a, &w, &o) < 0)
            break;
        iw += w;
        io += o;
        deals++;
    }
    if (!deals)
        return;
    iw /= deals;
    io /= deals;
    char name[16];
    sk_action_format(a, name, sizeof name);
    bool q = io - iw >= score_unit(g) - 1e-9, bang = without > with + 0.5;
    const char *flag = q && bang ? "?!" : q ? "?" : bang ? "!" : "";
    x->game.rated[seat]++;
    x->game.flagged[seat] += q;
    if (q)
        x->game.lost_ct[seat] += io - iw;
    if (bang)
        x->game.dd_lost_ct[seat] += (int64_t)(without - with + 0.5);
    if (x->json) {
        const char *m = skx_an_points_table(g) ? "points" : "money";
        fprintf(x->out,
                "{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"%s\",\"kind\":\"doubling\","
               "\"info\":{\"deals\":%d,\"%s_with\":%.2f,\"%s_without\":%.2f},"
               "\"dd\":{\"%s_with\":%.0f,\"%s_without\":%.0f},\"flag\":\"%s\"}\n",
               gameno, index, seat, name, deals, m, iw, m, io, m, with, m, without, flag);
        return;
    }
    char words[64];
    act_text(x, &g->pub, a, words, sizeof words);
    row_head(x, index, seat, words, flag);
    const char *u = skx_an_unit_word(x, g);
    skx_an_out(x, skx_tr(x->lang, L_AN_DOUBLING), iw, u, io, with, u, without);
    fprintf(x->out, "\n");
}

/* Shows the heuristic bot's hint for a decision that cannot be priced
 * (laying, answering a Hochzeit): its best action; no flag.  The table
 * shows no number: the rules of thumb's scores are not money (as the
 * hint of `play` shows them); the JSON keeps them. */
static void hint_only(an_ctx *x, const sk_view *v, sk_action a, int gameno, int index)
{
    sk_action acts[SK_MAX_LEGAL];
    double vals[SK_MAX_LEGAL];
    int n = sk_bot_hint(x->hint, v, acts, vals, SK_MAX_LEGAL);
    double played = 0;
    for (int i = 0; i < n; i++)
        if (sk_action_equal(acts[i], a))
            played = vals[i];
    char name[48], best[48];
    sk_action_format(a, name, sizeof name);
    sk_action_format(n ? acts[0] : a, best, sizeof best);
    if (x->json) {
        fprintf(x->out,
                "{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"%s\",\"kind\":\"auction\","
               "\"hint\":{\"best\":\"%s\",\"value\":%.2f,\"played\":%.2f}}\n",
               gameno, index, a.seat, name, best, n ? vals[0] : 0.0, played);
        return;
    }
    act_text(x, &v->pub, a, name, sizeof name);
    act_text(x, &v->pub, n ? acts[0] : a, best, sizeof best);
    row_head(x, index, a.seat, name, "");
    skx_an_out(x, skx_tr(x->lang, L_AN_HINT), best);
    fprintf(x->out, "\n");
}

/* The best legal action by values[] and the played one's value. */
static int best_of(const sk_action *legal, const double *values, int n, sk_action a,
                   double *played)
{
    int best = 0;
    for (int i = 0; i < n; i++) {
        if (values[i] > values[best])
            best = i;
        if (sk_action_equal(legal[i], a))
            *played = values[i];
    }
    return best;
}

/*
 * Rates a bid, pass or declaration as the PIMC bot prices them: every
 * contract the seat could declare is priced on the sampled deals (its
 * information) and on the real deal (double dummy), each solved to the
 * game's thresholds; a pass is worth 0, a bid the best contract it still
 * allows.  Flags as for cards: '?' one money unit lost by the seat's
 * information, '!' by double dummy.  Decisions that cannot be priced
 * show the heuristic hint.
 */
static void rate_auction(an_ctx *x, const sk_game *g, sk_action a, int gameno, int index)
{
    sk_view v;
    sk_game_view(g, a.seat, &v);
    sk_action legal[SK_MAX_LEGAL];
    double info[SK_MAX_LEGAL], dd[SK_MAX_LEGAL];
    sk_contract igame[SK_MAX_LEGAL], dgame[SK_MAX_LEGAL];
    int n = sk_view_legal(&v, legal);
    if (skx_an_points_table(g)) { /* the bots price contracts in money, not points */
        if (n >= 2)
            hint_only(x, &v, a, gameno, index);
        return;
    }
    sk_cards deals[64][SK_NSEATS];
    int ndeals = x->samples < 64 ? (int)x->samples : 64;
    sk_rng rng;
    sk_rng_seed(&rng,
                skx_cli_mix(x->seed ^ skx_cli_mix((uint64_t)gameno << 16 | (uint64_t)index)));
    if (n < 2 || sk_sample_init(x->sampler, &v) < 0) {
        if (n >= 2)
            hint_only(x, &v, a, gameno, index);
        return;
    }
    for (int d = 0; d < ndeals; d++)
        sk_sample_draw(x->sampler, &rng, deals[d]);
    const sk_cards(*real)[SK_NSEATS] = &g->hands;
    if (sk_price_actions(x->solver, &v, (const sk_cards(*)[SK_NSEATS])deals, ndeals, legal, n,
                         info, igame) == 0 ||
        sk_price_actions(x->solver, &v, real, 1, legal, n, dd, dgame) == 0) {
        hint_only(x, &v, a, gameno, index);
        return;
    }
    double unit = g->rules->unit_cents, ip = 0, dp = 0;
    int ib = best_of(legal, info, n, a, &ip), db = best_of(legal, dd, n, a, &dp);
    if (!isfinite(ip) || !isfinite(dp)) { /* a bid allowing nothing priced (SK_BOT_UNPRICED) */
        hint_only(x, &v, a, gameno, index);
        return;
    }
    double ilost = (info[ib] - ip) * unit, dlost = (dd[db] - dp) * unit;
    bool q = ilost >= unit - 1e-9, bang = dlost >= unit - 1e-9;
    const char *flag = q && bang ? "?!" : q ? "?" : bang ? "!" : "";
    x->game.rated[a.seat]++;
    x->game.flagged[a.seat] += q;
    if (q)
        x->game.lost_ct[a.seat] += ilost;
    if (bang)
        x->game.dd_lost_ct[a.seat] += (int64_t)(dlost + 0.5);
    char name[48], ibest[96], dbest[96];
    sk_action_format(a, name, sizeof name);
    sk_action_format(legal[ib], ibest, sizeof ibest);
    sk_action_format(legal[db], dbest, sizeof dbest);
    if (x->json) {
        char ig[32] = "", dg[32] = "";
        if (legal[ib].type == SK_ACT_BID && igame[ib].type != SK_C_NONE)
            sk_contract_code(igame[ib], ig, sizeof ig);
        if (legal[db].type == SK_ACT_BID && dgame[db].type != SK_C_NONE)
            sk_contract_code(dgame[db], dg, sizeof dg);
        fprintf(x->out,
                "{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"%s\",\"kind\":\"auction\","
               "\"info\":{\"deals\":%d,\"best\":\"%s\",\"best_game\":\"%s\",\"money\":%.2f,"
               "\"money_lost\":%.2f},"
               "\"dd\":{\"best\":\"%s\",\"best_game\":\"%s\",\"money\":%.0f,\"money_lost\":%.0f},"
               "\"flag\":\"%s\"}\n",
               gameno, index, a.seat, name, ndeals, ibest, ig, ip * unit, ilost, dbest, dg,
               dp * unit, dlost, flag);
        return;
    }
    act_text(x, &g->pub, a, name, sizeof name);
    priced_text(x, &g->pub, legal[ib], igame[ib], ibest, sizeof ibest);
    priced_text(x, &g->pub, legal[db], dgame[db], dbest, sizeof dbest);
    row_head(x, index, a.seat, name, flag);
    skx_an_out(x, skx_tr(x->lang, L_AN_AUCTION), ip * unit, ibest, info[ib] * unit, dp * unit,
               dbest,
           dd[db] * unit);
    fprintf(x->out, "\n");
}

/* Rates one decision of a game (`g` is the state before it) and prints
 * its rows: a card, a Kontra or Retour, or an auction action. */
void skx_an_rate(an_ctx *x, const sk_game *g, sk_action a, int gameno, int index)
{
    if (a.type == SK_ACT_CARD)
        rate_card(x, g, a, gameno, index);
    else if (a.type == SK_ACT_KONTRA || a.type == SK_ACT_RETOUR)
        rate_doubling(x, g, a, gameno, index);
    else
        rate_auction(x, g, a, gameno, index);
}
