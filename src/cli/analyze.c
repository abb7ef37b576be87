/*
 * analyze.c -- `schafkopf analyze RECORD`: how good was every decision
 * of a recorded game?
 *
 * Each card is rated twice.  With the information the seat had: N deals
 * consistent with its view are drawn (sk_sample_*), each is solved
 * double dummy, and every legal card gets the average card points of the
 * seat's side and the average money the seat ends with.  With all four
 * hands shown ("double dummy"): the same on the real deal.  Money comes
 * from playing the game out with best play (each side maximising its
 * card points) and settling it with the record's ruleset, so Schneider,
 * Schwarz, Laufende, Tout and Kontra count exactly as at the table.  A
 * given Kontra/Retour is rated the same way (money with it against money
 * without it).  Bids, passes and the declaration are priced as the PIMC
 * bot prices them, on the sampled deals and on the real one.
 *
 * A record whose ruleset plays for tournament points (`score = points`,
 * 5.2.7) is rated in tournament points instead of money throughout, and
 * its bids and declarations get the heuristic's hint only: the bots'
 * pricing of contracts is in money.
 */
#include "ui.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DEFAULT_SAMPLES 20
/* Where the flag of a row starts: after the card rows' last column. */
#define FLAG_COLUMN 77

/* Options and the tools one analysis needs. */
typedef struct an_ctx {
    uint64_t samples, seed, game_wanted, margin;
    int seat_wanted; /* --seat: rate only this seat's decisions; -1 every seat */
    bool json, legend_done;
    skx_lang lang; /* of the table: --lang, German by default (JSON: codes) */
    int jobs; /* threads of the exact searches */
    sk_solver *solver;
    sk_sampler *sampler;
    sk_bot *hint;
    sk_game scratch;
    /* per game and seat: decisions rated, flagged, points and cents lost */
    int rated[SK_NSEATS], flagged[SK_NSEATS];
    double lost_pts[SK_NSEATS], lost_ct[SK_NSEATS];
    int dd_lost_pts[SK_NSEATS];
    int64_t dd_lost_ct[SK_NSEATS];
} an_ctx;

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

/* Prints the usage of `analyze`. */
static void analyze_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf analyze [--game N] [--seat N] [--samples N] [--seed S]\n"
            "                         [--margin P] [--jobs N] [--json] [RECORD]\n\n"
            "Rates every decision of the games in a record file (JSON Lines; '-' or none:\n"
            "stdin).  Each card is compared with the best choice twice: with the seat's\n"
            "information (N deals consistent with what it saw, each solved double dummy)\n"
            "and double dummy on the real deal.  Values are the card points of the seat's\n"
            "side (a Tout: 120 = every trick) and the seat's money in cents at the record's\n"
            "tariff after best play to the end.  A given Kontra/Retour is rated by money\n"
            "with and without it; bids, passes and the declaration by the declarer's money\n"
            "of the best contract they allow, priced by sampling and double dummy.\n"
            "Flags: '?' the choice lost at least P card points or one money unit by the\n"
            "seat's information; '!' it lost money double dummy.  A record of a table\n"
            "that plays for tournament points (score = points) is rated in tournament\n"
            "points, one point making a '?'; its bids get the heuristic's hint.\n\n"
            "  --game N      analyze only the N-th game of the file (from 1)\n"
            "  --seat N      rate only the decisions of seat N (0-3; `play` seats you at\n"
            "                0 unless its --seat says otherwise)\n"
            "  --samples N   deals drawn per decision (default %d)\n"
            "  --seed S      seed of the sampling (default 1)\n"
            "  --margin P    card points that make a '?' (default 5)\n"
            "  --jobs N      threads of each exact search (default: the cores, at most\n"
            "                4); the figures do not depend on it\n"
            "  --json        one JSON object per decision instead of the table\n"
            "  --lang de|en  the table in German (default: words, no codes) or English\n"
            "  -h, --help    this help\n", DEFAULT_SAMPLES);
}

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
static void out(const an_ctx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(const an_ctx *x, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    skx_lang_decimals(x->lang, line);
    fputs(line, stdout);
}

/* The first line of a decision that is not a card (a bid, a doubling):
 * its number, seat and words, the flag in the card rows' column; the
 * figures follow on lines of their own, so that rows fit 80 columns. */
static void row_head(const an_ctx *x, int index, int seat, const char *words, const char *flag)
{
    char line[160];
    snprintf(line, sizeof line, "%3d  %d %s", index, seat, words);
    int pad = *flag ? FLAG_COLUMN - skx_u8width(line) : 0;
    out(x, "%s%*s%s\n", line, pad > 1 ? pad : *flag ? 1 : 0, "", flag);
}

/* splitmix64's finaliser: a well-mixed seed per decision. */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
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
static bool points_table(const sk_game *g)
{
    return g->rules->score == SK_SCORE_POINTS;
}

/* What a result gives the seat: money in cents, or tournament points at
 * a points table. */
static int64_t score_of(const sk_game *g, const sk_result *res, int seat)
{
    return points_table(g) ? res->tournament[seat] : res->money[seat];
}

/* The table's word for what the game is played for: cents, or TP
 * (tournament points) at a points table. */
static const char *unit_word(const an_ctx *x, const sk_game *g)
{
    return skx_tr(x->lang, points_table(g) ? L_AN_TP_SHORT : L_AN_CENTS);
}

/* The smallest amount that makes a '?': one unit of the tariff, or one
 * tournament point. */
static double score_unit(const sk_game *g)
{
    return points_table(g) ? 1.0 : (double)g->rules->unit_cents;
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
    *money = score_of(h, &res, seat);
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
    *money = (double)score_of(g, &res, seat);
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
        sk_rng_seed(rng, mix(x->seed ^ mix(key)));
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
    x->rated[seat]++;
    x->flagged[seat] += q;
    x->lost_pts[seat] += si.lost;
    x->lost_ct[seat] += si.money_lost;
    x->dd_lost_pts[seat] += (int)(sd.lost + 0.5);
    x->dd_lost_ct[seat] += (int64_t)(sd.money_lost + 0.5);
    if (x->json) { /* at a points table the keys say "points" for "money" */
        const char *m = points_table(g) ? "points" : "money";
        printf("{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"card %s\",\"kind\":\"card\","
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
    out(x, "%3d  %d %-4s | %-4s%6.1f%6.1f%8.1f%6.1f | %-4s%6.0f%6.0f%7.0f%6.0f%s%s\n", index,
        seat, sk_card_name(a.card), sk_card_name(info.cards[si.best]), si.value, si.lost,
        si.money, si.money_lost, sk_card_name(dd.cards[sd.best]), sd.value, sd.lost, sd.money,
        sd.money_lost, *flag ? " " : "", flag);
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
    x->rated[seat]++;
    x->flagged[seat] += q;
    if (q)
        x->lost_ct[seat] += io - iw;
    if (bang)
        x->dd_lost_ct[seat] += (int64_t)(without - with + 0.5);
    if (x->json) {
        const char *m = points_table(g) ? "points" : "money";
        printf("{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"%s\",\"kind\":\"doubling\","
               "\"info\":{\"deals\":%d,\"%s_with\":%.2f,\"%s_without\":%.2f},"
               "\"dd\":{\"%s_with\":%.0f,\"%s_without\":%.0f},\"flag\":\"%s\"}\n",
               gameno, index, seat, name, deals, m, iw, m, io, m, with, m, without, flag);
        return;
    }
    char words[64];
    act_text(x, &g->pub, a, words, sizeof words);
    row_head(x, index, seat, words, flag);
    const char *u = unit_word(x, g);
    out(x, skx_tr(x->lang, L_AN_DOUBLING), iw, u, io, with, u, without);
    printf("\n");
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
        printf("{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"%s\",\"kind\":\"auction\","
               "\"hint\":{\"best\":\"%s\",\"value\":%.2f,\"played\":%.2f}}\n",
               gameno, index, a.seat, name, best, n ? vals[0] : 0.0, played);
        return;
    }
    act_text(x, &v->pub, a, name, sizeof name);
    act_text(x, &v->pub, n ? acts[0] : a, best, sizeof best);
    row_head(x, index, a.seat, name, "");
    out(x, skx_tr(x->lang, L_AN_HINT), best);
    printf("\n");
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
    if (points_table(g)) { /* the bots price contracts in money, not points */
        if (n >= 2)
            hint_only(x, &v, a, gameno, index);
        return;
    }
    sk_cards deals[64][SK_NSEATS];
    int ndeals = x->samples < 64 ? (int)x->samples : 64;
    sk_rng rng;
    sk_rng_seed(&rng, mix(x->seed ^ mix((uint64_t)gameno << 16 | (uint64_t)index)));
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
    x->rated[a.seat]++;
    x->flagged[a.seat] += q;
    if (q)
        x->lost_ct[a.seat] += ilost;
    if (bang)
        x->dd_lost_ct[a.seat] += (int64_t)(dlost + 0.5);
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
        printf("{\"game\":%d,\"index\":%d,\"seat\":%d,\"action\":\"%s\",\"kind\":\"auction\","
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
    out(x, skx_tr(x->lang, L_AN_AUCTION), ip * unit, ibest, info[ib] * unit, dp * unit, dbest,
           dd[db] * unit);
    printf("\n");
}

/* Prints a game's heading line (the table form). */
static void game_heading(const an_ctx *x, const sk_record *rec, const sk_game *end, int gameno)
{
    skx_lang L = x->lang;
    char contract[64];
    sk_result res;
    snprintf(contract, sizeof contract, "%s", skx_tr(L, L_AN_THROWN));
    if (end->pub.contract.type != SK_C_NONE) {
        skx_lang_contract(L, end->pub.contract, contract, sizeof contract);
    }
    printf("%s %d%s%s%s: ", skx_tr(L, L_AN_GAME), gameno, rec->id[0] ? " (" : "", rec->id,
           rec->id[0] ? ")" : "");
    printf(skx_tr(L, L_AN_DEALER), rec->dealer, contract);
    if (end->pub.declarer < SK_NSEATS)
        printf(skx_tr(L, L_AN_BY_SEAT), end->pub.declarer);
    bool points = points_table(end);
    if (sk_game_result(end, &res, NULL) == 0 && !res.thrown_in) {
        printf("\n%s:", skx_tr(L, points ? L_AN_TP : L_AN_MONEY));
        for (int seat = 0; seat < end->pub.nseats; seat++)
            printf(" %lld", (long long)score_of(end, &res, seat));
    }
    printf("\n%s\n", skx_tr(L, points ? L_AN_COLUMNS_TP : L_AN_COLUMNS));
}

/* Prints what a seat lost in a game: two lines of the table. */
static void seat_summary(const an_ctx *x, const sk_game *end, int s)
{
    const char *u = unit_word(x, end);
    out(x, skx_tr(x->lang, L_AN_SEAT), s, x->rated[s],
        skx_tr(x->lang, x->rated[s] == 1 ? L_AN_ONE : L_AN_MANY), x->flagged[s]);
    out(x, skx_tr(x->lang, L_AN_LOST), x->lost_pts[s], x->lost_ct[s], u, x->dd_lost_pts[s],
        (long long)x->dd_lost_ct[s], u);
}

/* Prints, once before the first game of the table, what its columns and
 * flags mean. */
static void legend(an_ctx *x, const sk_game *g)
{
    if (x->json || x->legend_done)
        return;
    x->legend_done = true;
    bool tp = points_table(g);
    char unit[32];
    snprintf(unit, sizeof unit, "%d %s", tp ? 1 : g->rules->unit_cents, unit_word(x, g));
    out(x, skx_tr(x->lang, L_AN_LEGEND), unit_word(x, g), (int)x->margin, unit, unit_word(x, g),
        tp ? skx_tr(x->lang, L_AN_LEGEND_TP) : "");
}

/* Analyzes one record: replays it and rates each decision; 0 or -1. */
static int analyze_game(an_ctx *x, const sk_record *rec, int gameno, const char *path)
{
    sk_game *g = malloc(sizeof *g), *end = malloc(sizeof *end);
    sk_error err = {{0}, NULL};
    int bad = -1, status = 0;
    if (!g || !end) {
        free(g);
        free(end);
        return -1;
    }
    if (sk_record_replay(rec, end, &bad, &err) < 0) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: analyze: %s: game %d: action %d: %s\n",
                skx_cli_quote(q, path), gameno, bad, err.msg);
        free(g);
        free(end);
        return -1;
    }
    memset(x->rated, 0, sizeof x->rated);
    memset(x->flagged, 0, sizeof x->flagged);
    memset(x->lost_pts, 0, sizeof x->lost_pts);
    memset(x->lost_ct, 0, sizeof x->lost_ct);
    memset(x->dd_lost_pts, 0, sizeof x->dd_lost_pts);
    memset(x->dd_lost_ct, 0, sizeof x->dd_lost_ct);
    legend(x, end);
    if (!x->json)
        game_heading(x, rec, end, gameno);
    sk_game_init(g, &rec->rules, rec->dealer, rec->hands, rec->first_game, NULL);
    for (int i = 0; i < rec->nactions; i++) {
        sk_action a = rec->actions[i];
        if (x->seat_wanted >= 0 && a.seat != x->seat_wanted)
            ; /* not rated: --seat asks for another seat's decisions */
        else if (a.type == SK_ACT_CARD)
            rate_card(x, g, a, gameno, i);
        else if (a.type == SK_ACT_KONTRA || a.type == SK_ACT_RETOUR)
            rate_doubling(x, g, a, gameno, i);
        else
            rate_auction(x, g, a, gameno, i);
        sk_game_apply(g, a, NULL); /* checked by the replay above */
    }
    for (int s = 0; s < end->pub.nseats && !x->json; s++)
        if (x->seat_wanted < 0 || s == x->seat_wanted)
            seat_summary(x, end, s);
    if (!x->json)
        printf("\n");
    free(g);
    free(end);
    return status;
}

/* Parses the options; -1 (exit 2), 1 (help shown) or 0. */
static int parse_opts(int argc, char **argv, an_ctx *x, const char **path)
{
    static const struct option opts[] = {
        {"game", required_argument, 0, 'g'},   {"samples", required_argument, 0, 'n'},
        {"seed", required_argument, 0, 's'},   {"margin", required_argument, 0, 'm'},
        {"json", no_argument, 0, 'j'},         {"help", no_argument, 0, 'h'},
        {"jobs", required_argument, 0, 'J'},   {"lang", required_argument, 0, 'L'},
        {"seat", required_argument, 0, 'S'},   {0, 0, 0, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        int rc = 0;
        if (c == 'g') {
            rc = skx_cli_number("game", optarg, 100000000, &x->game_wanted);
            if (rc == 0 && x->game_wanted == 0) {
                fprintf(stderr, "schafkopf: analyze: --game counts from 1\n");
                rc = -1;
            }
        }
        else if (c == 'n')
            rc = skx_cli_number("samples", optarg, 10000, &x->samples);
        else if (c == 's')
            rc = skx_cli_number("seed", optarg, UINT64_MAX, &x->seed);
        else if (c == 'm')
            rc = skx_cli_number("margin", optarg, 120, &x->margin);
        else if (c == 'j')
            x->json = true;
        else if (c == 'S') {
            uint64_t seat = 0;
            rc = skx_cli_number("seat", optarg, SK_NSEATS - 1, &seat);
            x->seat_wanted = (int)seat;
        }
        else if (c == 'J')
            rc = skx_cli_solver_jobs("analyze", optarg, &x->jobs);
        else if (c == 'L') {
            if (strcmp(optarg, "de") != 0 && strcmp(optarg, "en") != 0) {
                char q[SK_CLI_QUOTE];
                fprintf(stderr, "schafkopf: analyze: --lang: \"%s\" is not de or en\n",
                        skx_cli_quote(q, optarg));
                rc = -1;
            } else
                x->lang = optarg[0] == 'e' ? SKX_LANG_EN : SKX_LANG_DE;
        }
        else if (c == 'h') {
            analyze_usage(stdout);
            return 1;
        } else {
            analyze_usage(stderr);
            return -1;
        }
        if (rc < 0)
            return -1;
    }
    if (optind + 1 < argc) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: analyze: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind + 1]));
        return -1;
    }
    if (x->samples == 0) {
        fprintf(stderr, "schafkopf: analyze: --samples must be at least 1\n");
        return -1;
    }
    *path = optind < argc ? argv[optind] : "-";
    return 0;
}

int skx_cmd_analyze(int argc, char **argv)
{
    an_ctx *x = calloc(1, sizeof *x);
    if (!x)
        return 1;
    x->samples = DEFAULT_SAMPLES;
    x->seed = 1;
    x->margin = 5;
    x->seat_wanted = -1;
    x->jobs = skx_cli_solver_jobs_default();
    const char *path = "-";
    int rc = parse_opts(argc, argv, x, &path);
    if (rc != 0) {
        free(x);
        return rc < 0 ? 2 : 0;
    }
    bool std_in = strcmp(path, "-") == 0;
    FILE *in = std_in ? stdin : fopen(path, "r");
    x->solver = sk_solver_new(64);
    if (x->solver)
        sk_solver_set_threads(x->solver, x->jobs);
    x->sampler = malloc(sizeof *x->sampler);
    x->hint = sk_bot_new("heuristic", 1, NULL);
    sk_record *rec = malloc(sizeof *rec);
    int status = 0, gameno = 0, found = 0;
    char qp[SK_CLI_QUOTE];
    skx_cli_quote(qp, path);
    if (!in) {
        fprintf(stderr, "schafkopf: analyze: cannot open %s: %s\n", qp, strerror(errno));
        status = 1;
    } else if (!x->solver || !x->sampler || !x->hint || !rec) {
        fprintf(stderr, "schafkopf: analyze: out of memory\n");
        status = 1;
    }
    /* One record per line, each at most SK_RECORD_MAX_LINE bytes; a NUL
     * byte anywhere is an error, not the end of the input. */
    long lineno = 0, n = 0;
    char *line = NULL;
    size_t cap = 0;
    while (status == 0 && (n = skx_cli_getline(in, &line, &cap, SK_RECORD_MAX_LINE)) >= 0) {
        lineno++;
        const char *nul = memchr(line, '\0', (size_t)n);
        if (nul) {
            fprintf(stderr, "schafkopf: analyze: %s:%ld: a NUL byte at byte %ld of the line\n",
                    qp, lineno, (long)(nul - line) + 1);
            status = 1;
            break;
        }
        if (strspn(line, " \t\r") < (size_t)n) {
            gameno++;
            if (!x->game_wanted || (uint64_t)gameno == x->game_wanted) {
                sk_error err = {{0}, NULL};
                found++;
                if (sk_record_read(rec, line, (size_t)n, &err) < 0) {
                    fprintf(stderr, "schafkopf: analyze: %s:%ld: %s\n", qp, lineno, err.msg);
                    status = 1;
                } else if (analyze_game(x, rec, gameno, path) < 0) {
                    status = 1;
                }
            }
        }
    }
    if (status == 0 && n == SK_CLI_TOO_LONG) {
        fprintf(stderr, "schafkopf: analyze: %s:%ld: a line longer than %d bytes (the most a "
                        "record may have)\n", qp, lineno + 1, SK_RECORD_MAX_LINE);
        status = 1;
    } else if (status == 0 && n == SK_CLI_READ_ERROR) {
        fprintf(stderr, "schafkopf: analyze: %s: read error: %s\n", qp, strerror(errno));
        status = 1;
    }
    free(line);
    if (in && !std_in)
        fclose(in);
    if (status == 0 && !found) {
        fprintf(stderr, "schafkopf: analyze: %s: %s\n", qp,
                x->game_wanted ? "no such game" : "no game records");
        status = 1;
    }
    free(rec);
    sk_bot_free(x->hint);
    free(x->sampler);
    sk_solver_free(x->solver);
    free(x);
    return status;
}
