/*
 * bot.c -- the bot interface and the bots: "random", "heuristic",
 * "policy" (people's card play, policy.c), "people" (people's bidding,
 * people.c, and card play) and "pimc[:N]" (and "pimc:strong", the
 * thorough level: N = 128).
 *
 * A bot is a kind plus what it owns: its random generator (seeded, so
 * play is reproducible) and, for PIMC, a solver and a sampler.  The
 * random bot picks uniformly among the legal actions (declining a
 * Kontra/Retour offered out of turn with probability 7/8).  The
 * heuristic bot plays club rules of thumb (heuristic.c).  The PIMC bot
 * (perfect-information Monte Carlo) draws N deals consistent with its
 * view and solves each double dummy -- for each legal card, which of
 * the game's point thresholds (31, 61, 91) its side reaches -- and
 * plays the card with the best average money at the ruleset's tariff,
 * the card people would play unless another is clearly better.  In the
 * last tricks it values a card instead by the best reply to the others
 * playing as people do (respond.c), on the same sampled deals.  It
 * bids, declares and doubles by sampling too (bot_bid.c) from N >= 8
 * on; below, by rules of thumb.
 * Every decision has a node budget, so a card takes well under 100 ms
 * on one core even in the first trick and play stays reproducible.
 */
#include "ai_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum bot_kind { BOT_RANDOM, BOT_HEURISTIC, BOT_PIMC, BOT_POLICY, BOT_PEOPLE };

#define PIMC_DEFAULT 24
/* The thorough level, "pimc:strong": more deals for every decision,
 * the auction's too, about five times the work; measured no stronger
 * than the default (docs/ai.md, "Twelfth session"). */
#define PIMC_STRONG 128
/* Whether PIMC bots draw deals following the auction unless the spec
 * says ":uniform" or ":infer" (issue 19: with uniform deals the bot
 * doubled Solos as if their declarers held random hands).  Doublings
 * follow the auction always (bot_bid.c). */
#define PIMC_INFER 1
/* Whether PIMC bots also weigh deals by the cards played (":pw",
 * infer_play.c): off, as 400 deals 1-vs-3 measured no gain (+0.27 +-
 * 0.70 cents a game; docs/ai.md, Sampling). */
#define PIMC_PLAY 0
/* From how many tricks before the end a PIMC bot values its cards by
 * the best reply to people's play (respond.c) instead of double dummy,
 * unless the spec ends in ":dd".  One pimc against three heuristic bots,
 * 800 deals, against double dummy throughout (docs/ai.md, "Playing
 * against people"): 4 tricks +1.04 +- 0.42 cents a game, 5 +1.51 +-
 * 0.55, 6 +1.13 +- 0.66, 7 and 8 about +0.3 -- the model's errors add
 * up over a longer horizon (7 and 8 lose 1.2 +- 0.65 to 5, paired). */
#define PIMC_RESPOND_TRICKS 5
/* Solver nodes one PIMC decision may spend (hard caps: a deal that would
 * need more is dropped; the deals solved before count): a card (~40 ms
 * on one core at ~20M nodes/s), the auction or declaration (~70 ms with
 * what goes around the solves; 12 M, ~0.5 s, until issue 43 asked for
 * every decision of the default level within 100 ms at the p99 -- the
 * auction's p99 was 0.35-0.4 s; bot_bid.c also caps each solve and
 * stops pricing games of one class against each other in the auction),
 * a doubling (~30 ms; it comes before the seat's first card, and the
 * two stay under 100 ms). */
#define PIMC_CARD_NODES 800000u
#define PIMC_BID_NODES 1200000u
#define PIMC_DOUBLE_NODES 600000u
/* A hint's auction or declaration: priced on all the level's deals
 * (choose_bid), each contract exactly, within the budget every auction
 * decision had before issue 43 (~0.5 s): the player asked and waits. */
#define PIMC_HINT_NODES 12000000u
/* How much more (in units of the tariff, averaged over the sampled
 * deals) a card must be worth than the card people would play before a
 * PIMC bot plays it instead: 12 deals cannot tell smaller differences
 * from noise.  0.3 made pimc:12 agree with people 2 points more often
 * at no measurable cost (docs/ai.md, "A card-play model"). */
#define PIMC_HUMAN_MARGIN 0.3
/* The levels people pick (issue 43; docs/ai.md, "The levels"): the
 * spec each name stands for.  Beginner plays like people (their
 * bidding and card play, people.c and policy.c), Stammtisch is the
 * table's default, Expert the strongest. */
#define LEVEL_BEGINNER "people"
#define LEVEL_STAMMTISCH "pimc"
#define LEVEL_EXPERT "pimc:fuse"
/* The solver nodes of a card decision of ":fuse" (fuse.c) in the
 * tricks before the reply to people takes over: ~0.7 s on one core,
 * within the top level's second. */
#define PIMC_FUSE_NODES 12000000u
/* ":inner" (fuse.c): the others in the bot's trick answer by a PIMC of
 * their own over this many deals drawn from their views (imperfect
 * information Monte Carlo, Furtak and Buro), on this many of the bot's
 * deals. */
#define FUSE_INNER 4
#define FUSE_INNER_DEALS 12
/* Fewer deals than this bid by rules of thumb. */
#define PIMC_BID_MIN 8

struct sk_bot {
    char name[32];
    int kind;
    int samples;
    int infer; /* PIMC: deals drawn following the auction (infer.c) */
    int play;  /* PIMC: ... and the cards played (infer_play.c) */
    int respond; /* PIMC: the last tricks against people (respond.c) */
    int fuse;    /* PIMC: early cards without strategy fusion (fuse.c); 2: ":inner" */
    unsigned rules_seats; /* PIMC: seats played by the rules of thumb */
    int budget_ms;        /* PIMC: a decision's time budget (0: none) */
    int64_t deadline_us;  /* PIMC: the current decision's end by it (0: none) */
    sk_rng rng;
    sk_solver *solver;
    sk_sampler *sampler;
    /* the last doubling decision, asked again while nothing changed */
    int dbl_valid;
    uint16_t dbl_nactions;
    uint8_t dbl_seat;
    sk_cards dbl_hand;
    sk_action dbl_choice;
};

static const char *const BOT_NAMES[] = {"random", "heuristic", "pimc", "policy", "people", NULL};

const char *const *sk_bot_names(void)
{
    return BOT_NAMES;
}

/*
 * Parses a spec into kind, samples and the inference switches; -1 when
 * unknown.  PIMC specs: "pimc", "pimc:N", "pimc:strong", each with
 * optional suffixes ":infer" or ":uniform" (deals drawn following the
 * auction or not; the default is PIMC_INFER) and ":pw" (deals weighed
 * by the cards played too, under the card-play model: policy-weighted
 * sampling; the default is PIMC_PLAY) and ":dd" (every card valued
 * double dummy, none by the reply to people's play), e.g. "pimc:12:pw";
 * ":fuse" (early cards without strategy fusion at the bot's next card,
 * fuse.c) or ":inner" (the same with the others answering by a PIMC of
 * their own).  The levels "beginner", "stammtisch" and "expert" stand
 * for the specs LEVEL_*.
 */
static int parse_spec(const char *spec, int *kind, int *samples, int *infer, int *play,
                      int *respond, int *fuse)
{
    *samples = PIMC_DEFAULT;
    *infer = PIMC_INFER;
    *play = PIMC_PLAY;
    *respond = 1;
    *fuse = 0;
    *kind = BOT_PIMC;
    /* the levels people pick (docs/ai.md, "The levels") */
    if (strcmp(spec, "beginner") == 0)
        spec = LEVEL_BEGINNER;
    else if (strcmp(spec, "stammtisch") == 0)
        spec = LEVEL_STAMMTISCH;
    else if (strcmp(spec, "expert") == 0)
        spec = LEVEL_EXPERT;
    if (strcmp(spec, "random") == 0) {
        *kind = BOT_RANDOM;
        return 0;
    }
    if (strcmp(spec, "heuristic") == 0) {
        *kind = BOT_HEURISTIC;
        return 0;
    }
    if (strcmp(spec, "policy") == 0) {
        *kind = BOT_POLICY;
        return 0;
    }
    if (strcmp(spec, "people") == 0) {
        *kind = BOT_PEOPLE;
        return 0;
    }
    if (strncmp(spec, "pimc", 4) != 0)
        return -1;
    const char *rest = spec + 4;
    if (strncmp(rest, ":strong", 7) == 0) {
        *samples = PIMC_STRONG;
        rest += 7;
    } else if (rest[0] == ':' && rest[1] >= '0' && rest[1] <= '9') {
        char *end;
        long n = strtol(rest + 1, &end, 10);
        if (n < 1 || n > SKX_PIMC_MAX_DEALS)
            return -1;
        *samples = (int)n;
        rest = end;
    }
    int said_infer = 0, said_play = 0, said_dd = 0, said_fuse = 0; /* each at most once */
    while (*rest) {
        if (strncmp(rest, ":infer", 6) == 0 && !said_infer++) {
            *infer = 1;
            rest += 6;
        } else if (strncmp(rest, ":uniform", 8) == 0 && !said_infer++) {
            *infer = 0;
            rest += 8;
        } else if (strncmp(rest, ":pw", 3) == 0 && !said_play++) {
            *play = 1;
            rest += 3;
        } else if (strncmp(rest, ":dd", 3) == 0 && !said_dd++) {
            *respond = 0;
            rest += 3;
        } else if (strncmp(rest, ":fuse", 5) == 0 && !said_fuse++) {
            *fuse = 1;
            rest += 5;
        } else if (strncmp(rest, ":inner", 6) == 0 && !said_fuse++) {
            *fuse = 2;
            rest += 6;
        } else {
            return -1;
        }
        if (*rest && *rest != ':')
            return -1;
    }
    return 0;
}

/* Whether a spec names a bot: the test sk_bot_new makes first. */
bool sk_bot_spec_valid(const char *spec)
{
    int kind, samples, infer, play, respond, fuse;
    return spec && strlen(spec) < 32 &&
           parse_spec(spec, &kind, &samples, &infer, &play, &respond, &fuse) == 0;
}

/* Creates a bot from its spec. */
sk_bot *sk_bot_new(const char *spec, uint64_t seed, sk_error *err)
{
    int kind, samples, infer, play, respond, fuse;
    if (!spec || strlen(spec) >= 32 ||
        parse_spec(spec, &kind, &samples, &infer, &play, &respond, &fuse) < 0) {
        if (err) {
            snprintf(err->msg, sizeof err->msg,
                     "unknown bot \"%.40s\" (known: beginner, stammtisch, expert, random, "
                     "heuristic, policy, people, pimc, pimc:N with N <= 256, pimc:strong; a "
                     "pimc spec may end in :infer or :uniform, :pw, :dd and :fuse or :inner)",
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
    bot->infer = infer;
    bot->play = play;
    bot->respond = respond;
    bot->fuse = fuse;
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

/* See ai.h: the seats the bot's reply and pricing model by the rules. */
void sk_bot_set_rules_seats(sk_bot *bot, unsigned seats)
{
    bot->rules_seats = seats & ((1u << SK_NSEATS) - 1);
}

/* A time budget per decision (see ai.h): a server cuts a long decision
 * so that no table waits behind another's; play under a budget depends
 * on the machine's speed, so nothing reproducible sets one. */
void sk_bot_set_time_budget(sk_bot *bot, int ms)
{
    bot->budget_ms = ms > 0 ? ms : 0;
}

/* CLOCK_MONOTONIC in microseconds. */
static int64_t mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Starts a decision's clock: with a time budget, the solver stops at
 * its end (a solve cut short counts as one over its node budget: the
 * decision goes with what it has), and the samplers draw no more. */
static void decision_start(sk_bot *bot)
{
    bot->deadline_us = bot->budget_ms ? mono_us() + (int64_t)bot->budget_ms * 1000 : 0;
    if (bot->solver)
        sk_solver_set_deadline(bot->solver, bot->deadline_us);
}

/* Whether the decision's time budget is spent. */
bool skx_pimc_late(const skx_pimc *pc)
{
    return pc->deadline_us && mono_us() >= pc->deadline_us;
}

/* A uniformly random legal action of the view's seat. */
static sk_action random_act(sk_bot *bot, const sk_view *v, const sk_action *legal, int n)
{
    if (v->pub.to_move != v->seat || n == 0) {
        if (n > 0 && skx_rng_below(&bot->rng, 8) == 0)
            return legal[0];
        return skx_act_pass(v->seat);
    }
    int cards = 0;
    for (int i = 0; i < n; i++)
        cards += legal[i].type == SK_ACT_CARD;
    if (cards) /* in the play, doublings are offered through the decline path */
        n = cards;
    return legal[skx_rng_below(&bot->rng, (uint32_t)n)];
}

/* Whether the view's seat is on the declarer's side (it knows). */
static int declarer_side(const sk_view *v)
{
    return sk_view_side(v, v->seat) == SK_SIDE_DECLARER;
}

/* A budget scaled to the bot's number of deals (the default's is the
 * figure given), with a floor. */
static uint64_t budget(const sk_bot *bot, uint64_t base)
{
    uint64_t b = base / PIMC_DEFAULT * (uint64_t)bot->samples;
    return b < base / 8 ? base / 8 : b;
}

/* The PIMC context of a bot. */
static skx_pimc pimc_of(sk_bot *bot)
{
    return (skx_pimc){bot->solver, bot->sampler, &bot->rng, bot->samples,
                     budget(bot, PIMC_CARD_NODES), budget(bot, PIMC_BID_NODES),
                     budget(bot, PIMC_DOUBLE_NODES), bot->infer, bot->play, bot->rules_seats, 0,
                     bot->deadline_us, SKX_PIMC_SOLVE_NODES};
}

/*
 * PIMC card values: the average over sampled deals of the money (units,
 * the seat's side) of each legal card, from the thresholds its side
 * reaches after it with best play -- or, in the last
 * PIMC_RESPOND_TRICKS tricks, the money of the best reply to the
 * others' playing as people do (respond.c), which needs no solver.
 * The solved deals share the decision's node budget; one that would
 * overrun it is dropped and ends the sampling.
 * Fills value[card]; returns the number of deals solved (0: no answer).
 * *own (when not NULL) gets the factor that turns those values into the
 * seat's own money (skx_pimc_own_scale).
 * A Ramsch is left to the rules of thumb: the solver's paranoid Ramsch
 * value (all three against one) made a weaker player -- over 400
 * duplicate Ramsch deals -2.6 +- 3.8 cents a deal against the heuristic.
 */
static int pimc_values(sk_bot *bot, const sk_view *v, sk_cards legal, double value[SK_NCARDS],
                       double *own)
{
    for (int c = 0; c < SK_NCARDS; c++)
        value[c] = 0;
    if (own)
        *own = 1;
    if (v->pub.contract.type == SK_C_RAMSCH || sk_sample_init(bot->sampler, v) < 0)
        return 0;
    int mine = declarer_side(v), done = 0;
    uint64_t stop = sk_solver_nodes(bot->solver) + budget(bot, PIMC_CARD_NODES);
    skx_pimc pc = pimc_of(bot);
    int deals = bot->samples < SKX_PIMC_MAX_DEALS ? bot->samples : SKX_PIMC_MAX_DEALS;
    sk_cards hands[SKX_PIMC_MAX_DEALS][SK_NSEATS];
    skx_pimc_draw(&pc, v, deals, hands);
    bool respond = bot->respond && v->pub.ntricks - v->pub.trick_no <= PIMC_RESPOND_TRICKS;
    sk_game g;
    for (int i = 0; i < deals; i++) {
        uint64_t now = sk_solver_nodes(bot->solver);
        if (now >= stop || (done > 0 && skx_pimc_late(&pc)))
            break;
        sk_sample_game(v, hands[i], &g);
        if (own && i == 0) /* the same contract, so the same sides, in every deal */
            *own = skx_pimc_own_scale(&g, v->seat);
        if (respond) {
            double val[SK_NCARDS];
            skx_respond_values(&g, legal, bot->rules_seats, val);
            for (sk_cards l = legal; l; l &= l - 1)
                value[skx_cards_first(l)] += val[skx_cards_first(l)];
            done++;
            continue;
        }
        int t[3], lev[SK_NTRICKS];
        sk_action acts[SK_NTRICKS];
        skx_pimc_thresholds(&g.pub, t);
        sk_solver_set_limit(bot->solver, stop - now);
        int n = sk_solver_levels(bot->solver, &g, t, 3, acts, lev, SK_NTRICKS);
        sk_solver_set_limit(bot->solver, 0);
        if (n < 0)
            break;
        for (int k = 0; k < n; k++) {
            double u = skx_pimc_declarer_units(&g, lev[k]);
            value[acts[k].card] += mine ? u : -u;
        }
        done++;
    }
    for (sk_cards l = legal; l && done; l &= l - 1)
        value[skx_cards_first(l)] /= done;
    return done;
}

/* Card values without strategy fusion at the bot's next card (fuse.c)
 * on the bot's sampled deals; returns the deals done (0: no answer). */
static int fuse_values(sk_bot *bot, const sk_view *v, sk_cards legal, double value[SK_NCARDS])
{
    if (sk_sample_init(bot->sampler, v) < 0)
        return 0;
    skx_pimc pc = pimc_of(bot);
    int deals = bot->samples < SKX_PIMC_MAX_DEALS ? bot->samples : SKX_PIMC_MAX_DEALS;
    sk_cards hands[SKX_PIMC_MAX_DEALS][SK_NSEATS];
    skx_pimc_draw(&pc, v, deals, hands);
    /* the inner variant: fewer deals, each other seat's answer costs
     * FUSE_INNER solves */
    if (bot->fuse == 2 && deals > FUSE_INNER_DEALS)
        deals = FUSE_INNER_DEALS;
    return skx_fuse_values(&pc, v, legal, (const sk_cards(*)[SK_NSEATS])hands, deals,
                           PIMC_FUSE_NODES, bot->fuse == 2 ? FUSE_INNER : 0, value);
}

/* Auction, declaration and doublings of a heuristic or PIMC bot;
 * games (NULL, or one per legal action, preset to SK_C_NONE by the
 * caller) as skx_pimc_bidding fills it -- the rules of thumb name no
 * game.  For a hint (`hint`) the auction and the declaration are priced
 * on every deal of the level: the values are shown, and one priced on
 * the few deals that settle a choice would disagree with the next. */
static sk_action choose_bid(sk_bot *bot, const sk_view *v, const sk_action *legal, int n,
                            double *values, sk_contract *games, bool hint)
{
    int phase = v->pub.phase;
    if (bot->kind == BOT_PEOPLE)
        return skx_people_bidding(v, legal, n, values);
    if (bot->kind != BOT_PIMC || bot->samples < PIMC_BID_MIN ||
        (phase != SK_PHASE_AUCTION && phase != SK_PHASE_DECLARE && phase != SK_PHASE_PLAY))
        return skx_heur_bidding(v, legal, n, values);
    skx_pimc pc = pimc_of(bot);
    pc.full = hint;
    if (hint) { /* a player who asked waits: every deal, each solve exact */
        pc.bid_nodes = budget(bot, PIMC_HINT_NODES);
        pc.solve_nodes = 0;
    }
    if (phase != SK_PHASE_PLAY)
        return skx_pimc_bidding(&pc, v, legal, n, values, games);
    /* a doubling: asked again and again while it is on offer */
    if (bot->dbl_valid && bot->dbl_nactions == v->pub.nactions && bot->dbl_seat == v->seat &&
        bot->dbl_hand == v->hand) {
        for (int i = 0; i < n; i++)
            values[i] = 0;
        return bot->dbl_choice;
    }
    sk_action a = skx_pimc_double(&pc, v, legal, n, values);
    bot->dbl_valid = 1;
    bot->dbl_nactions = v->pub.nactions;
    bot->dbl_seat = v->seat;
    bot->dbl_hand = v->hand;
    bot->dbl_choice = a;
    return a;
}

/* The card decision of a heuristic or PIMC bot. */
static int choose_card(sk_bot *bot, const sk_view *v, sk_cards legal)
{
    if ((legal & (legal - 1)) == 0 || bot->kind == BOT_HEURISTIC)
        return skx_heur_card(v, legal);
    if (bot->kind == BOT_POLICY || bot->kind == BOT_PEOPLE)
        return sk_policy_card(v, legal);
    double value[SK_NCARDS];
    if (bot->fuse && v->pub.contract.type != SK_C_RAMSCH &&
        v->pub.ntricks - v->pub.trick_no > PIMC_RESPOND_TRICKS) {
        if (fuse_values(bot, v, legal, value) == 0)
            return sk_policy_card(v, legal);
    } else if (pimc_values(bot, v, legal, value, NULL) == 0) {
        return sk_policy_card(v, legal);
    }
    /* what people play stands unless a card is clearly worth more: by
     * PIMC_HUMAN_MARGIN over the best so far (docs/ai.md) */
    int best = sk_policy_card(v, legal);
    for (sk_cards l = legal; l; l &= l - 1) {
        int c = skx_cards_first(l);
        if (value[c] > value[best] + PIMC_HUMAN_MARGIN)
            best = c;
    }
    return best;
}

/* The bot's decision for the view's seat; `doublings`: whether a Kontra
 * or Retour may be the answer (sk_bot_act) or the driver asks them
 * apart (sk_bot_turn). */
static sk_action act(sk_bot *bot, const sk_view *v, bool doublings)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_view_legal(v, legal);
    if (!doublings) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (legal[i].type != SK_ACT_KONTRA && legal[i].type != SK_ACT_RETOUR)
                legal[k++] = legal[i];
        n = k;
    }
    if (bot->kind == BOT_RANDOM)
        return random_act(bot, v, legal, n);
    decision_start(bot);
    if (n == 0)
        return skx_act_pass(v->seat);
    double values[SK_MAX_LEGAL];
    if (v->pub.phase == SK_PHASE_PLAY) {
        /* doublings first (in or out of turn), then the card */
        int doubling = 0;
        for (int i = 0; i < n; i++)
            doubling |= legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR;
        if (doubling) {
            sk_action d = choose_bid(bot, v, legal, n, values, NULL, false);
            if (d.type != SK_ACT_PASS)
                return d;
        }
        if (v->pub.to_move != v->seat)
            return skx_act_pass(v->seat);
        sk_cards cards = 0;
        for (int i = 0; i < n; i++)
            if (legal[i].type == SK_ACT_CARD)
                cards |= SK_BIT(legal[i].card);
        return skx_act_card(v->seat, choose_card(bot, v, cards));
    }
    if (v->pub.to_move != v->seat)
        return skx_act_pass(v->seat);
    return choose_bid(bot, v, legal, n, values, NULL, false);
}

sk_action sk_bot_act(sk_bot *bot, const sk_view *v)
{
    return act(bot, v, true);
}

sk_action sk_bot_turn(sk_bot *bot, const sk_view *v)
{
    return act(bot, v, false);
}

/* Orders a hint's list best first by value, with its games when not
 * NULL (insertion sort; n is small; ties keep their order). */
static void hint_sort(sk_action *legal, double *val, sk_contract *games, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && val[j] > val[j - 1]; j--) {
            double t = val[j];
            val[j] = val[j - 1];
            val[j - 1] = t;
            sk_action a = legal[j];
            legal[j] = legal[j - 1];
            legal[j - 1] = a;
            if (games) {
                sk_contract c = games[j];
                games[j] = games[j - 1];
                games[j - 1] = c;
            }
        }
}

/*
 * The play's part of a hint: the cards by the bot's values and, when a
 * doubling is legal, the bot's own doubling decision (choose_bid, as
 * sk_bot_act takes it) with a pass for declining it.  A doubling the bot
 * gives goes first, then the cards, then the pass; one it declines goes
 * last, after the pass.  So the first card or doubling is the advice at
 * the seat's turn, and of a doubling and the pass (all a table offers out
 * of turn) the first is.  Their values are not on the cards' scale (a
 * share of sampled deals, a hand strength), so each takes its
 * neighbour's value and the list stays ordered.  Returns the count.
 */
static int hint_play(sk_bot *bot, const sk_view *v, sk_action *legal, double *val, int n)
{
    sk_cards cards = 0;
    int dbl = -1;
    for (int i = 0; i < n; i++) {
        if (legal[i].type == SK_ACT_CARD)
            cards |= SK_BIT(legal[i].card);
        else if (legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR)
            dbl = i;
    }
    bool give = false;
    if (dbl >= 0) {
        double tmp[SK_MAX_LEGAL];
        give = choose_bid(bot, v, legal, n, tmp, NULL, true).type == legal[dbl].type;
    }
    double value[SK_NCARDS] = {0}, own = 1;
    if (cards && bot->kind == BOT_PIMC && pimc_values(bot, v, cards, value, &own) > 0) {
        for (sk_cards l = cards; l; l &= l - 1) /* the seat's own money */
            value[skx_cards_first(l)] *= own;
    } else if (cards) { /* PIMC without an answer (a Ramsch; values all 0): the rule of thumb;
                         * the bots that play people's card: theirs */
        bool people = bot->kind == BOT_POLICY || bot->kind == BOT_PEOPLE;
        value[people ? sk_policy_card(v, cards) : skx_heur_card(v, cards)] = 1;
    }
    sk_action order[SK_MAX_LEGAL];
    double ov[SK_MAX_LEGAL];
    int m = 0, k = 0;
    for (int i = 0; i < n; i++)
        if (legal[i].type == SK_ACT_CARD) {
            order[k] = legal[i];
            ov[k++] = value[legal[i].card];
        }
    hint_sort(order, ov, NULL, k);
    sk_action d = dbl >= 0 ? legal[dbl] : legal[0];
    if (give) {
        legal[m] = d;
        val[m++] = k ? ov[0] : 0;
    }
    for (int i = 0; i < k; i++) {
        legal[m] = order[i];
        val[m++] = ov[i];
    }
    if (dbl >= 0) { /* the pass, then a declined doubling */
        double low = k ? ov[k - 1] : 0;
        legal[m] = skx_act_pass(v->seat);
        val[m++] = low;
        if (!give) {
            legal[m] = d;
            val[m++] = low;
        }
    }
    return m;
}

/* Hint: every legal action with the bot's value, best first, and the
 * game behind each bid when games is not NULL. */
int sk_bot_hint_games(sk_bot *bot, const sk_view *v, sk_action *acts, double *values,
                      sk_contract *games, int max)
{
    sk_action legal[SK_MAX_LEGAL + 1];
    double val[SK_MAX_LEGAL + 1];
    sk_contract game[SK_MAX_LEGAL + 1];
    int n = sk_view_legal(v, legal);
    for (int i = 0; i < n; i++) {
        val[i] = 0;
        game[i] = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
    }
    if (bot->kind != BOT_RANDOM && n > 0) {
        decision_start(bot);
        if (v->pub.phase != SK_PHASE_PLAY) {
            choose_bid(bot, v, legal, n, val, game, true);
            hint_sort(legal, val, game, n);
        } else {
            n = hint_play(bot, v, legal, val, n);
        }
    }
    if (n > max)
        n = max;
    for (int i = 0; i < n; i++) {
        acts[i] = legal[i];
        values[i] = val[i];
        if (games)
            games[i] = game[i];
    }
    return n;
}

int sk_bot_hint(sk_bot *bot, const sk_view *v, sk_action *acts, double *values, int max)
{
    return sk_bot_hint_games(bot, v, acts, values, NULL, max);
}
