/*
 * play_bots.c -- the computer players of `schafkopf play`: the three
 * bots from --bots, and the hint bot behind the ? key.
 */
#include "play.h"

#include <stdlib.h>
#include <string.h>

/* The hint callback.  A bid, pass or declaration is priced by the
 * rating's own computation (sk_rater_hint_auction, with the key the
 * rating of this game will use), so the hint names the game it means and
 * `bewerten` later calls the same choice best; the rest, and what the
 * rating does not price, by the hint bot. */
int skx_play_hint(void *ctx, const sk_view *v, sk_action *acts, double *values,
                  sk_contract *games, int max)
{
    play_ctx *p = ctx;
    if (v->pub.phase == SK_PHASE_AUCTION || v->pub.phase == SK_PHASE_DECLARE) {
        if (!p->rater)
            p->rater = skx_analyze_rater();
        uint64_t key = skx_analyze_key((int)p->table.game_no, v->pub.nactions);
        int n = p->rater ? sk_rater_hint_auction(p->rater, v, key, acts, values, games, max) : 0;
        if (n > 0)
            return n;
    }
    return p->hint_bot ? sk_bot_hint_games(p->hint_bot, v, acts, values, games, max) : 0;
}

/* The doubling hint callback: whether the hint bot would double. */
int skx_play_double_hint(void *ctx, const sk_view *v, int type)
{
    play_ctx *p = ctx;
    if (!p->hint_bot)
        return -1;
    sk_action a = sk_bot_act(p->hint_bot, v);
    return a.type == type;
}

/* Creates the three bots from a spec list ("a" or "a,b,c"; NULL: the
 * default level, SKX_PLAY_DEFAULT_BOTS) and the hint bot: the strongest
 * level within 100 ms a card (SK_BOT_TABLE_LEVEL), whatever the opponents,
 * as advice should be the best the table can give in time; the first
 * bot's spec if that fails. */
int skx_play_make_bots(play_ctx *p, const char *spec_list)
{
    sk_error err = {{0}, NULL};
    const char *def = spec_list ? spec_list : SKX_PLAY_DEFAULT_BOTS;
    char specs[3][64];
    const char *s = def;
    for (int i = 0; i < 3; i++) {
        const char *comma = strchr(s, ',');
        size_t len = comma ? (size_t)(comma - s) : strlen(s);
        snprintf(specs[i], sizeof specs[i], "%.*s", (int)len, s);
        if (comma)
            s = comma + 1;
    }
    for (int i = 0, k = 0; i < SK_NSEATS; i++) {
        if (i == p->human)
            continue;
        p->bots[i] = sk_bot_new(specs[k++], sk_rng_next(&p->rng), &err);
        if (!p->bots[i]) {
            fprintf(stderr, "schafkopf: --bots: %s\n", err.msg);
            return -1;
        }
    }
    p->hint_bot = sk_bot_new(SK_BOT_TABLE_LEVEL, sk_rng_next(&p->rng), NULL);
    if (!p->hint_bot)
        p->hint_bot = sk_bot_new(specs[0], sk_rng_next(&p->rng), NULL);
    sk_opponents_init(&p->opponents);
    return 0;
}

/* The players of the session's seats as the opponent model knows them:
 * each seat keeps its player for the whole session. */
static const uint64_t SEAT_PLAYERS[SK_NSEATS] = {0, 1, 2, 3};

/* See play.h: a PIMC bot answers a seat that plays by the rules of
 * thumb (a bot of the "heuristic" level, or a person who plays just like
 * it) with those rules; the hint advises the human the same way. */
void skx_play_bots_brief(play_ctx *p)
{
    for (int s = 0; s < SK_NSEATS; s++) {
        sk_bot *b = s == p->human ? p->hint_bot : p->bots[s];
        if (b)
            sk_bot_set_rules_seats(b, sk_opponents_rules_seats(&p->opponents, SEAT_PLAYERS, s));
    }
}

/* See play.h.  A game that does not replay (-1) teaches nothing. */
void skx_play_bots_watch(play_ctx *p, const sk_game *g)
{
    sk_opponents_observe(&p->opponents, g, SEAT_PLAYERS);
}
