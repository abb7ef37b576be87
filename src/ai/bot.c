/*
 * bot.c -- the bot interface and the random bot.
 *
 * A bot is a small vtable over a seat's view.  The random bot picks
 * uniformly among the legal actions (declining a Kontra/Retour offered
 * out of turn with probability 7/8).
 */
#include "schafkopf/ai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sk_bot {
    char name[32];
    sk_rng rng;
};

static const char *const BOT_NAMES[] = {"random", NULL};

const char *const *sk_bot_names(void)
{
    return BOT_NAMES;
}

/* Creates a bot from its spec. */
sk_bot *sk_bot_new(const char *spec, uint64_t seed, sk_error *err)
{
    if (strcmp(spec, "random") != 0) {
        if (err) {
            snprintf(err->msg, sizeof err->msg, "unknown bot \"%.40s\" (known: random)", spec);
            err->rule = NULL;
        }
        return NULL;
    }
    sk_bot *bot = calloc(1, sizeof *bot);
    if (!bot)
        return NULL;
    snprintf(bot->name, sizeof bot->name, "%s", spec);
    sk_rng_seed(&bot->rng, seed);
    return bot;
}

void sk_bot_free(sk_bot *bot)
{
    free(bot);
}

const char *sk_bot_name(const sk_bot *bot)
{
    return bot->name;
}

/* A uniformly random legal action of the view's seat. */
sk_action sk_bot_act(sk_bot *bot, const sk_view *v)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_view_legal(v, legal);
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

/* The random bot values every action the same. */
int sk_bot_hint(sk_bot *bot, const sk_view *v, sk_action *acts, double *values, int max)
{
    (void)bot;
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_view_legal(v, legal);
    if (n > max)
        n = max;
    for (int i = 0; i < n; i++) {
        acts[i] = legal[i];
        values[i] = 0.0;
    }
    return n;
}
