/*
 * bot.c -- the bot interface and the bots: "random", "heuristic" and
 * "pimc[:N]".
 *
 * A bot is a kind plus what it owns: its random generator (seeded, so
 * play is reproducible) and, for PIMC, a solver and a sampler.  The
 * random bot picks uniformly among the legal actions (declining a
 * Kontra/Retour offered out of turn with probability 7/8).  The
 * heuristic bot plays club rules of thumb (heuristic.c).  The PIMC bot
 * (perfect-information Monte Carlo) draws N deals consistent with its
 * view, solves each double dummy and plays the card with the best
 * average for its side; it bids and doubles like the heuristic bot.
 */
#include "ai_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum bot_kind { BOT_RANDOM, BOT_HEURISTIC, BOT_PIMC };

#define PIMC_DEFAULT 24
/* Solver nodes one PIMC card decision may spend before it stops drawing
 * more deals (at least one deal is always solved): keeps early-trick
 * decisions near 100 ms on one core and play reproducible. */
#define PIMC_NODE_BUDGET 2500000u

struct sk_bot {
    char name[32];
    int kind;
    int samples;
    sk_rng rng;
    sk_solver *solver;
    sk_sampler *sampler;
};

static const char *const BOT_NAMES[] = {"random", "heuristic", "pimc", NULL};

const char *const *sk_bot_names(void)
{
    return BOT_NAMES;
}

/* Parses a spec into kind and samples; -1 when unknown. */
static int parse_spec(const char *spec, int *kind, int *samples)
{
    *samples = PIMC_DEFAULT;
    if (strcmp(spec, "random") == 0)
        *kind = BOT_RANDOM;
    else if (strcmp(spec, "heuristic") == 0)
        *kind = BOT_HEURISTIC;
    else if (strcmp(spec, "pimc") == 0)
        *kind = BOT_PIMC;
    else if (strncmp(spec, "pimc:", 5) == 0) {
        char *end;
        long n = strtol(spec + 5, &end, 10);
        if (*end || n < 1 || n > 10000)
            return -1;
        *kind = BOT_PIMC;
        *samples = (int)n;
    } else
        return -1;
    return 0;
}

/* Creates a bot from its spec. */
sk_bot *sk_bot_new(const char *spec, uint64_t seed, sk_error *err)
{
    int kind, samples;
    if (!spec || strlen(spec) >= 32 || parse_spec(spec, &kind, &samples) < 0) {
        if (err) {
            snprintf(err->msg, sizeof err->msg,
                     "unknown bot \"%.40s\" (known: random, heuristic, pimc, pimc:N)",
                     spec ? spec : "");
            err->rule = NULL;
        }
        return NULL;
    }
    sk_bot *bot = calloc(1, sizeof *bot);
    if (!bot)
        return NULL;
    snprintf(bot->name, sizeof bot->name, "%s", spec);
    bot->kind = kind;
    bot->samples = samples;
    sk_rng_seed(&bot->rng, seed);
    if (kind == BOT_PIMC) {
        bot->solver = sk_solver_new(8);
        bot->sampler = malloc(sizeof *bot->sampler);
        if (!bot->solver || !bot->sampler) {
            sk_bot_free(bot);
            return NULL;
        }
    }
    return bot;
}

void sk_bot_free(sk_bot *bot)
{
    if (!bot)
        return;
    sk_solver_free(bot->solver);
    free(bot->sampler);
    free(bot);
}

const char *sk_bot_name(const sk_bot *bot)
{
    return bot->name;
}

/* A uniformly random legal action of the view's seat. */
static sk_action random_act(sk_bot *bot, const sk_view *v, const sk_action *legal, int n)
{
    if (v->pub.to_move != v->seat || n == 0) {
        if (n > 0 && sk_rng_below(&bot->rng, 8) == 0)
            return legal[0];
        return sk_act_pass(v->seat);
    }
    int cards = 0;
    for (int i = 0; i < n; i++)
        cards += legal[i].type == SK_ACT_CARD;
    if (cards) /* in the play, doublings are offered through the decline path */
        n = cards;
    return legal[sk_rng_below(&bot->rng, (uint32_t)n)];
}

/* Whether the view's seat is on the declarer's side (it knows). */
static int declarer_side(const sk_view *v)
{
    const sk_public *p = &v->pub;
    return v->seat == p->declarer || v->seat == p->partner ||
           (p->called_ace != SK_NOCARD && (v->hand & SK_BIT(p->called_ace)));
}

/*
 * PIMC card values: the average over sampled deals of the card points
 * the seat's side gets after each legal card with best play (a Tout:
 * 120 for a win of the seat's side, else 0).  Fills value[card]; returns
 * the number of deals solved.
 */
static int pimc_values(sk_bot *bot, const sk_view *v, sk_cards legal, double value[SK_NCARDS])
{
    for (int c = 0; c < SK_NCARDS; c++)
        value[c] = 0;
    if (sk_sample_init(bot->sampler, v) < 0)
        return 0;
    int mine = declarer_side(v), done = 0;
    uint64_t start = sk_solver_nodes(bot->solver);
    sk_game g;
    for (int i = 0; i < bot->samples; i++) {
        if (i > 0 && sk_solver_nodes(bot->solver) - start > PIMC_NODE_BUDGET)
            break;
        sk_cards hands[SK_NSEATS];
        sk_sample_draw(bot->sampler, &bot->rng, hands);
        sk_sample_game(v, hands, &g);
        sk_action acts[SK_NTRICKS];
        int vals[SK_NTRICKS];
        int n = sk_solver_values(bot->solver, &g, acts, vals, SK_NTRICKS);
        for (int k = 0; k < n; k++)
            value[acts[k].card] += mine ? vals[k] : 120 - vals[k];
        done++;
    }
    for (sk_cards l = legal; l && done; l &= l - 1)
        value[sk_cards_first(l)] /= done;
    return done;
}

/* The card decision of a heuristic or PIMC bot. */
static int choose_card(sk_bot *bot, const sk_view *v, sk_cards legal)
{
    if ((legal & (legal - 1)) == 0 || bot->kind == BOT_HEURISTIC)
        return sk_heur_card(v, legal);
    double value[SK_NCARDS];
    if (pimc_values(bot, v, legal, value) == 0)
        return sk_heur_card(v, legal);
    int best = sk_heur_card(v, legal); /* ties go to the rule of thumb */
    for (sk_cards l = legal; l; l &= l - 1) {
        int c = sk_cards_first(l);
        if (value[c] > value[best] + 1e-9)
            best = c;
    }
    return best;
}

/* The bot's decision for the view's seat. */
sk_action sk_bot_act(sk_bot *bot, const sk_view *v)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_view_legal(v, legal);
    if (bot->kind == BOT_RANDOM)
        return random_act(bot, v, legal, n);
    if (n == 0)
        return sk_act_pass(v->seat);
    double values[SK_MAX_LEGAL];
    if (v->pub.phase == SK_PHASE_PLAY) {
        /* doublings first (in or out of turn), then the card */
        int doubling = 0;
        for (int i = 0; i < n; i++)
            doubling |= legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR;
        if (doubling) {
            sk_action d = sk_heur_bidding(v, legal, n, values);
            if (d.type != SK_ACT_PASS)
                return d;
        }
        if (v->pub.to_move != v->seat)
            return sk_act_pass(v->seat);
        sk_cards cards = 0;
        for (int i = 0; i < n; i++)
            if (legal[i].type == SK_ACT_CARD)
                cards |= SK_BIT(legal[i].card);
        return sk_act_card(v->seat, choose_card(bot, v, cards));
    }
    if (v->pub.to_move != v->seat)
        return sk_act_pass(v->seat);
    return sk_heur_bidding(v, legal, n, values);
}

/* Hint: every legal action with the bot's value, best first. */
int sk_bot_hint(sk_bot *bot, const sk_view *v, sk_action *acts, double *values, int max)
{
    sk_action legal[SK_MAX_LEGAL];
    double val[SK_MAX_LEGAL];
    int n = sk_view_legal(v, legal);
    for (int i = 0; i < n; i++)
        val[i] = 0;
    if (bot->kind != BOT_RANDOM && n > 0) {
        if (v->pub.phase != SK_PHASE_PLAY) {
            sk_heur_bidding(v, legal, n, val);
        } else {
            sk_cards cards = 0;
            for (int i = 0; i < n; i++)
                if (legal[i].type == SK_ACT_CARD)
                    cards |= SK_BIT(legal[i].card);
            double value[SK_NCARDS] = {0};
            if (bot->kind == BOT_PIMC && cards)
                pimc_values(bot, v, cards, value);
            else if (cards)
                value[sk_heur_card(v, cards)] = 1;
            sk_heur_bidding(v, legal, n, val); /* doublings */
            for (int i = 0; i < n; i++)
                if (legal[i].type == SK_ACT_CARD)
                    val[i] = value[legal[i].card];
        }
    }
    /* best first (insertion sort; n is small) */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && val[j] > val[j - 1]; j--) {
            double t = val[j];
            val[j] = val[j - 1];
            val[j - 1] = t;
            sk_action a = legal[j];
            legal[j] = legal[j - 1];
            legal[j - 1] = a;
        }
    if (n > max)
        n = max;
    for (int i = 0; i < n; i++) {
        acts[i] = legal[i];
        values[i] = val[i];
    }
    return n;
}
