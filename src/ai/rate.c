/*
 * rate.c -- a player's decisions rated (schafkopf/ai.h, sk_rater): a
 * card by its value on deals sampled from the seat's view and on the
 * real one, a doubling by the money with and without it, an auction
 * action by the PIMC bot's pricing (docs/ai.md, "Rating a player's
 * decisions").  What is rated is a played game's own state, so all
 * hands are known here; the samples see only the seat's view.
 */
#include "schafkopf/ai.h"

#include <stdlib.h>
#include <string.h>

struct sk_rater {
    int samples, margin;
    uint64_t seed;
    sk_solver *solver;
    sk_sampler sampler;
    sk_bot *hint; /* the rules of thumb, for what cannot be priced */
    sk_game scratch;
};

/* Ratings of the legal cards of one decision. */
typedef struct card_eval {
    int n;
    uint8_t cards[SK_NTRICKS];
    double pts[SK_NTRICKS];   /* card points of the seat's side after each card */
    double money[SK_NTRICKS]; /* the seat's money after each card */
    int deals;
} card_eval;

/* A summary of a card_eval: the best cards, the played card's values and
 * what it lost against the best. */
typedef struct card_sum {
    int best, best_money; /* indices into the eval: best by points, by money */
    double value, lost;   /* card points of the played card, best minus it */
    double money, money_lost;
} card_sum;

/* Makes a rater (see ai.h). */
sk_rater *sk_rater_new(int samples, uint64_t seed, int margin, int jobs)
{
    sk_rater *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->samples = samples < 1 ? 1 : samples;
    r->seed = seed;
    r->margin = margin;
    r->solver = sk_solver_new(16); /* exact values: the size changes the speed only */
    if (r->solver)
        sk_solver_set_threads(r->solver, jobs);
    r->hint = sk_bot_new("heuristic", 1, NULL);
    if (!r->solver || !r->hint) {
        sk_rater_free(r);
        return NULL;
    }
    return r;
}

/* Frees a rater. */
void sk_rater_free(sk_rater *r)
{
    if (!r)
        return;
    sk_bot_free(r->hint);
    sk_solver_free(r->solver);
    free(r);
}

/* Whether the game's table plays for tournament points: then every
 * "money" here is tournament points. */
static bool points_table(const sk_game *g)
{
    return g->rules->score == SK_SCORE_POINTS;
}

/* What a result gives the seat (see ai.h). */
int64_t sk_rate_score(const sk_game *g, const sk_result *res, int seat)
{
    return points_table(g) ? res->tournament[seat] : res->money[seat];
}

/* The smallest amount that makes a '?': one unit of the tariff, or one
 * tournament point. */
static double score_unit(const sk_game *g)
{
    return points_table(g) ? 1.0 : (double)g->rules->unit_cents;
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

/* The seat's money after `a` (or nothing, when a.type is PASS) and best
 * play to the end (the slow, exact way for every contract); 0 or -1. */
static int money_after(sk_rater *r, const sk_game *g, sk_action a, int seat, int64_t *money)
{
    sk_game *h = &r->scratch;
    *h = *g;
    if (a.type != SK_ACT_PASS && sk_game_apply(h, a, NULL) < 0)
        return -1;
    sk_result res;
    if (playout(r->solver, h) < 0 || sk_game_result(h, &res, NULL) < 0)
        return -1;
    *money = sk_rate_score(h, &res, seat);
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
    *money = (double)sk_rate_score(g, &res, seat);
    return 0;
}

/* Adds one deal (the real one or a sample) to the ratings of the seat's
 * legal cards; 0 or -1 (the solver cannot rate this contract). */
static int eval_deal(sk_rater *r, const sk_game *g, int seat, card_eval *ev)
{
    sk_action acts[SK_NTRICKS];
    int vals[SK_NTRICKS];
    int n = sk_solver_values(r->solver, g, acts, vals, SK_NTRICKS);
    if (n != ev->n)
        return -1;
    bool mine = declarer_side(g, seat), fast = priced_by_points(g->pub.contract);
    for (int k = 0; k < n; k++) {
        int i = 0;
        while (i < ev->n && ev->cards[i] != acts[k].card)
            i++;
        int64_t exact = 0;
        double money = 0;
        if (i == ev->n || (!fast && money_after(r, g, acts[k], seat, &exact) < 0) ||
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
static int doubling_money(sk_rater *r, const sk_game *g, sk_action a, double *with,
                          double *without)
{
    int seat = a.seat;
    if (!priced_by_points(g->pub.contract)) {
        int64_t w, o;
        if (money_after(r, g, a, seat, &w) < 0 ||
            money_after(r, g, sk_act_pass(seat), seat, &o) < 0)
            return -1;
        *with = (double)w;
        *without = (double)o;
        return 0;
    }
    int dsp;
    sk_game *h = &r->scratch;
    *h = *g;
    if (sk_solver_solve(r->solver, g, &dsp) < 0 || sk_game_apply(h, a, NULL) < 0)
        return -1;
    return money_of(h, seat, dsp, with) < 0 || money_of(g, seat, dsp, without) < 0 ? -1 : 0;
}

/* Averages an eval and finds the best cards and the played card's loss;
 * among cards as good as the best the played one is named (a tip of
 * another card that would have done no better only confuses). */
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
    s.best = s.best_money = p;
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

/* Draws sample `which` of the seat's view (the first one seeds the
 * generator and counts the deals); 0, or -1 when sampling fails. */
static int draw_sample(sk_rater *r, const sk_view *v, uint64_t key, sk_game *sg, int which,
                       sk_rng *rng)
{
    if (which == 0) {
        sk_rng_seed(rng, sk_rng_mix(r->seed ^ sk_rng_mix(key)));
        if (sk_sample_init(&r->sampler, v) < 0)
            return -1;
    }
    sk_cards hands[SK_NSEATS];
    sk_sample_draw(&r->sampler, rng, hands);
    sk_sample_game(v, hands, sg);
    return 0;
}

/* One measure of a card decision from its summary. */
static sk_rate_eval card_measure(const card_eval *ev, const card_sum *s)
{
    sk_rate_eval e = {0};
    e.best = sk_act_card(0, ev->cards[s->best]);
    e.best_money = sk_act_card(0, ev->cards[s->best_money]);
    e.value = s->value;
    e.lost = s->lost;
    e.money = s->money;
    e.money_lost = s->money_lost;
    return e;
}

/* Rates a card decision; forced cards and a Ramsch's are not rated. */
static int rate_card(sk_rater *r, const sk_game *g, sk_action a, uint64_t key, sk_rating *out)
{
    sk_cards legal = sk_game_legal_cards(g);
    if (sk_cards_count(legal) < 2 || g->pub.declarer >= SK_NSEATS)
        return 0; /* forced, or no sides to rate for (a Ramsch) */
    card_eval info = {0}, dd = {0};
    for (sk_cards l = legal; l; l &= l - 1)
        info.cards[info.n++] = (uint8_t)sk_cards_first(l);
    dd.n = info.n;
    memcpy(dd.cards, info.cards, sizeof dd.cards);
    int seat = a.seat;
    if (eval_deal(r, g, seat, &dd) < 0)
        return 0; /* the solver cannot rate this contract */
    sk_view v;
    sk_game_view(g, seat, &v);
    sk_game sg;
    sk_rng rng;
    for (int i = 0; i < r->samples; i++)
        if (draw_sample(r, &v, key, &sg, i, &rng) < 0 || eval_deal(r, &sg, seat, &info) < 0)
            break;
    if (info.deals == 0)
        return 0;
    card_sum si = summarize(&info, a.card), sd = summarize(&dd, a.card);
    out->kind = SK_RATE_CARD;
    out->deals = info.deals;
    out->info = card_measure(&info, &si);
    out->dd = card_measure(&dd, &sd);
    for (int k = 0; k < 2; k++) { /* the seat's own cards */
        sk_rate_eval *e = k ? &out->dd : &out->info;
        e->best.seat = e->best_money.seat = (uint8_t)seat;
    }
    out->question = si.lost >= (double)r->margin || si.money_lost >= score_unit(g) - 1e-9;
    out->bang = sd.money_lost > 0.5;
    out->lost_pts = si.lost;
    out->lost_money = si.money_lost;
    out->dd_lost_pts = (int)(sd.lost + 0.5);
    out->dd_lost_money = (int64_t)(sd.money_lost + 0.5);
    return 0;
}

/* Rates a given Kontra/Retour: the seat's money with it and without it,
 * by its information and double dummy. */
static int rate_doubling(sk_rater *r, const sk_game *g, sk_action a, uint64_t key,
                         sk_rating *out)
{
    double with = 0, without = 0;
    if (doubling_money(r, g, a, &with, &without) < 0)
        return 0;
    sk_view v;
    sk_game_view(g, a.seat, &v);
    sk_game sg;
    sk_rng rng;
    double iw = 0, io = 0;
    int deals = 0;
    for (int i = 0; i < r->samples; i++) {
        double w, o;
        if (draw_sample(r, &v, key, &sg, i, &rng) < 0 || doubling_money(r, &sg, a, &w, &o) < 0)
            break;
        iw += w;
        io += o;
        deals++;
    }
    if (!deals)
        return 0;
    iw /= deals;
    io /= deals;
    out->kind = SK_RATE_DOUBLING;
    out->deals = deals;
    out->info.money = iw;
    out->info.alt = io;
    out->info.money_lost = io - iw;
    out->dd.money = with;
    out->dd.alt = without;
    out->dd.money_lost = without - with;
    out->question = io - iw >= score_unit(g) - 1e-9;
    out->bang = without > with + 0.5;
    out->lost_money = out->question ? io - iw : 0;
    out->dd_lost_money = out->bang ? (int64_t)(without - with + 0.5) : 0;
    return 0;
}

/* The heuristic bot's choice for a decision that cannot be priced
 * (laying, answering a Hochzeit): no flag, scores that are not money. */
static int hint_only(sk_rater *r, const sk_view *v, sk_action a, sk_rating *out)
{
    sk_action acts[SK_MAX_LEGAL];
    double vals[SK_MAX_LEGAL];
    int n = sk_bot_hint(r->hint, v, acts, vals, SK_MAX_LEGAL);
    out->kind = SK_RATE_HINT;
    out->hint = n ? acts[0] : a;
    out->hint_value = n ? vals[0] : 0.0;
    for (int i = 0; i < n; i++)
        if (sk_action_equal(acts[i], a))
            out->hint_played = vals[i];
    return 0;
}

/* One measure of an auction decision: the best action (and the game it
 * is priced as), the money of the choice made and of the best. */
static sk_rate_eval auction_measure(sk_action best, sk_contract game, double played,
                                    double top, double unit)
{
    sk_rate_eval e = {0};
    e.best = best;
    e.game = best.type == SK_ACT_BID ? game : (sk_contract){SK_C_NONE, 0, 0};
    e.money = played * unit;
    e.alt = top * unit;
    e.money_lost = (top - played) * unit;
    return e;
}

/* Whether bid `a` names the game it is priced as (`game`): "ich hätt
 * einen Wenz" priced as a Wenz, not as the Solo it also allows. */
static bool bid_names_game(sk_action a, sk_contract game)
{
    if (a.type != SK_ACT_BID || game.type == SK_C_NONE)
        return false;
    char bid[32], priced[32];
    sk_contract_class_code(a.contract, bid, sizeof bid);
    sk_contract_class_code(game, priced, sizeof priced);
    return strcmp(bid, priced) == 0;
}

/* Whether action i goes before action k in a list best first: by value,
 * among equals a bid that names its game, else the earlier one. */
static bool auction_before(const sk_action *legal, const double *values,
                           const sk_contract *games, int i, int k)
{
    if (values[i] != values[k])
        return values[i] > values[k];
    bool ni = bid_names_game(legal[i], games[i]), nk = bid_names_game(legal[k], games[k]);
    return ni != nk ? ni : i < k;
}

/* The best auction action by values[] (auction_before): the one choice
 * the hint and the rating both call best. */
static int auction_best(const sk_action *legal, const double *values, const sk_contract *games,
                        int n)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (auction_before(legal, values, games, i, best))
            best = i;
    return best;
}

/* Prices the legal auction actions of view v on the deals sampled from
 * it (as many as the rater samples, at most 64, from seed and key): the
 * information measure of rate_auction and the whole of the terminal's
 * hint for the same decision, so the two cannot disagree.  n, or 0 when
 * nothing could be priced (then the rules of thumb speak). */
static int auction_prices(sk_rater *r, const sk_view *v, uint64_t key, sk_action *legal,
                          double *info, sk_contract *igame)
{
    int n = sk_view_legal(v, legal);
    if (n < 2 || v->rules->score == SK_SCORE_POINTS) /* bots price money, not points */
        return 0;
    sk_cards deals[64][SK_NSEATS];
    int ndeals = r->samples < 64 ? r->samples : 64;
    sk_rng rng;
    sk_rng_seed(&rng, sk_rng_mix(r->seed ^ sk_rng_mix(key)));
    if (sk_sample_init(&r->sampler, v) < 0)
        return 0;
    for (int d = 0; d < ndeals; d++)
        sk_sample_draw(&r->sampler, &rng, deals[d]);
    if (sk_price_actions(r->solver, v, (const sk_cards(*)[SK_NSEATS])deals, ndeals, legal, n,
                         info, igame) == 0)
        return 0;
    return n;
}

/*
 * Rates a bid, pass or declaration as the PIMC bot prices them: every
 * contract the seat could declare is priced on the sampled deals (its
 * information, auction_prices) and on the real deal (double dummy), each
 * solved to the game's thresholds; a pass is worth 0, a bid the best
 * contract it still allows.  The best is auction_best's (a bid that names
 * its game among equals); the choice made loses nothing when it is worth
 * as much.  Flags as for cards: '?' one money unit lost by the seat's
 * information, '!' by double dummy.  Decisions that cannot be priced get
 * the heuristic hint.
 */
static int rate_auction(sk_rater *r, const sk_game *g, sk_action a, uint64_t key,
                        sk_rating *out)
{
    sk_view v;
    sk_game_view(g, a.seat, &v);
    sk_action legal[SK_MAX_LEGAL];
    double info[SK_MAX_LEGAL], dd[SK_MAX_LEGAL];
    sk_contract igame[SK_MAX_LEGAL], dgame[SK_MAX_LEGAL];
    if (sk_view_legal(&v, legal) < 2)
        return 0;
    int n = auction_prices(r, &v, key, legal, info, igame);
    if (n == 0)
        return hint_only(r, &v, a, out);
    const sk_cards(*real)[SK_NSEATS] = &g->hands;
    if (sk_price_actions(r->solver, &v, real, 1, legal, n, dd, dgame) == 0)
        return hint_only(r, &v, a, out);
    double unit = g->rules->unit_cents, ip = 0, dp = 0;
    int ib = auction_best(legal, info, igame, n), db = auction_best(legal, dd, dgame, n);
    for (int i = 0; i < n; i++)
        if (sk_action_equal(legal[i], a)) {
            ip = info[i];
            dp = dd[i];
        }
    if (!isfinite(ip) || !isfinite(dp)) /* a bid allowing nothing priced (SK_BOT_UNPRICED) */
        return hint_only(r, &v, a, out);
    out->kind = SK_RATE_AUCTION;
    out->deals = r->samples < 64 ? r->samples : 64;
    out->info = auction_measure(legal[ib], igame[ib], ip, info[ib], unit);
    out->dd = auction_measure(legal[db], dgame[db], dp, dd[db], unit);
    double ilost = out->info.money_lost, dlost = out->dd.money_lost;
    out->question = ilost >= unit - 1e-9;
    out->bang = dlost >= unit - 1e-9;
    out->lost_money = out->question ? ilost : 0;
    out->dd_lost_money = out->bang ? (int64_t)(dlost + 0.5) : 0;
    return 0;
}

/* The hint for an auction decision, by the rating's own prices (see
 * ai.h): best first, a bid only where it names its game or no other bid
 * names that game's class. */
int sk_rater_hint_auction(sk_rater *r, const sk_view *v, uint64_t key, sk_action *acts,
                          double *values, sk_contract *games, int max)
{
    sk_action legal[SK_MAX_LEGAL];
    double info[SK_MAX_LEGAL];
    sk_contract igame[SK_MAX_LEGAL];
    if (v->pub.phase != SK_PHASE_AUCTION && v->pub.phase != SK_PHASE_DECLARE)
        return 0;
    int n = auction_prices(r, v, key, legal, info, igame);
    if (n == 0)
        return 0;
    int order[SK_MAX_LEGAL], m = 0;
    for (int i = 0; i < n; i++) {
        bool shadow = false; /* a bid priced as a game another bid names */
        for (int k = 0; k < n && legal[i].type == SK_ACT_BID && !bid_names_game(legal[i], igame[i]); k++)
            if (k != i && bid_names_game(legal[k], igame[k]) && igame[k].type != SK_C_NONE) {
                char a[32], b[32];
                sk_contract_class_code(igame[i], a, sizeof a);
                sk_contract_class_code(igame[k], b, sizeof b);
                shadow = shadow || strcmp(a, b) == 0;
            }
        if (shadow)
            continue;
        int j = m++;
        for (; j > 0 && auction_before(legal, info, igame, i, order[j - 1]); j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    if (m > max)
        m = max;
    for (int j = 0; j < m; j++) {
        acts[j] = legal[order[j]];
        values[j] = info[order[j]];
        if (games)
            games[j] = igame[order[j]];
    }
    return m;
}

/* Rates one decision (see ai.h). */
int sk_rater_rate(sk_rater *r, const sk_game *g, sk_action a, uint64_t key, sk_rating *out)
{
    memset(out, 0, sizeof *out);
    out->action = a;
    out->points = points_table(g);
    if (a.type == SK_ACT_CARD)
        return rate_card(r, g, a, key, out);
    if (a.type == SK_ACT_KONTRA || a.type == SK_ACT_RETOUR)
        return rate_doubling(r, g, a, key, out);
    return rate_auction(r, g, a, key, out);
}
