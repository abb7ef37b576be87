/*
 * respond.c -- the best reply to people's card play, on a known deal.
 *
 * The solver values a card as if all four players saw every card and
 * played perfectly after it.  People do not: late in a game they keep
 * the wrong card, throw off the wrong suit or take a trick they should
 * have left, and a player who expects what they will play gains from
 * it.  A PIMC bot that values its cards double dummy never does: where
 * perfect play would lose anyway it sees no card better than another,
 * and where it would win it sees no reason to take more.
 *
 * This module answers, for a deal whose hands are all known (one of
 * the bot's sampled deals): what does seat `me` end the game with when
 * it plays its best cards and every other seat plays the card people
 * would play -- the card-play model of policy.c, asked from that seat's
 * own view (its hand and what is public), so that the model never
 * knows more than the player it stands for.  The team mate is such a
 * player too: he does not see `me`'s hand either.
 *
 * The search branches on `me`'s cards only; the others' cards follow
 * from the model, so k tricks before the end it walks at most k! lines
 * (fewer where `me` must follow suit), and fewer still as a line stops
 * once it cannot beat the best so far: its side taking every trick
 * left (or none, in a Bettel) is the most it could make.  A line is
 * worth what the settlement pays (sk_game_result) the declarer, with
 * the sign of `me`'s side: the scale of the bot's double-dummy card
 * values (bot.c).  The cards are played by the engine's trusted path
 * (sk_game_play_legal), which every card here comes from.
 *
 * What it cannot know: how far the model is right about a real player
 * (it chooses what people chose in 65 % of the decisions with a choice,
 * and the rule of thumb's in 62 %); and `me` plays each line as if it
 * saw the deal, as the double-dummy values do.  docs/ai.md ("Playing
 * against people") has what it is worth.
 */
#include "ai_internal.h"

#include "schafkopf/playout.h"

/* The value of a finished game for `me`: the declarer's units, signed
 * by me's side (0 for a game without a declarer). */
static double final_value(const sk_game *g, int me)
{
    sk_result res;
    if (sk_game_result(g, &res, NULL) < 0 || res.thrown_in || res.declarer >= SK_NSEATS)
        return 0;
    double u = skx_pimc_score_units(g->rules, &res, res.declarer);
    return sk_game_side(g, me) == SK_SIDE_DECLARER ? u : -u;
}

/* The card the model says the seat to move plays (its only card when
 * it has one): people's, or the rules of thumb's for a seat in
 * `rules_seats`. */
static int model_card(const sk_game *g, sk_cards legal, unsigned rules_seats)
{
    if ((legal & (legal - 1)) == 0)
        return skx_cards_first(legal);
    sk_view v;
    sk_game_view(g, g->pub.to_move, &v);
    if (rules_seats >> g->pub.to_move & 1)
        return skx_heur_card(&v, legal);
    return sk_policy_card(&v, legal);
}

/* The most `me` can still make from g: its side taking every trick
 * left, or none (a Bettel's declarer wants none) -- the settlement pays
 * more for more card points and tricks, or for none in a Bettel. */
static double bound(const sk_game *g, int me)
{
    unsigned side = sk_game_side_mask(g);
    int pts[2] = {0, 0}, tricks[2] = {0, 0};
    for (int s = 0; s < SK_NSEATS; s++)
        pts[(side >> s) & 1] += sk_cards_points(g->pub.won[s]);
    for (int t = 0; t < g->pub.trick_no; t++)
        tricks[(side >> g->pub.trick_winners[t]) & 1]++;
    sk_result all, none;
    if (sk_game_settle_as(g, 120 - pts[0], g->pub.ntricks - tricks[0], &all, NULL) < 0 ||
        sk_game_settle_as(g, pts[1], tricks[1], &none, NULL) < 0)
        return 1e300;
    double a = skx_pimc_score_units(g->rules, &all, all.declarer);
    double n = skx_pimc_score_units(g->rules, &none, none.declarer);
    if (sk_game_side(g, me) == SK_SIDE_DECLARER)
        return a > n ? a : n;
    return -(a < n ? a : n);
}

/* The best `me` makes from g, whose seat to move has the legal cards
 * `legal` (0: the game is over): the others play the model's cards
 * until `me` is to move, who tries each of its own.  Fail-low below
 * `alpha`: a result <= alpha only says the best is no more than that. */
static double best_line(sk_game *g, int me, sk_cards legal, unsigned rules_seats, double alpha)
{
    while (legal && g->pub.to_move != me)
        legal = sk_game_play_legal(g, model_card(g, legal, rules_seats));
    if (!legal)
        return final_value(g, me);
    double most = bound(g, me);
    if (most <= alpha)
        return most;
    double best = -1e300;
    for (; legal && best < most; legal &= legal - 1) {
        sk_game h = *g;
        double x = best_line(&h, me, sk_game_play_legal(&h, skx_cards_first(legal)),
                             rules_seats, best > alpha ? best : alpha);
        if (x > best)
            best = x;
    }
    return best;
}

/* See ai_internal.h. */
void skx_respond_values(const sk_game *g, sk_cards cards, unsigned rules_seats,
                        double value[SK_NCARDS])
{
    int me = g->pub.to_move;
    for (; cards; cards &= cards - 1) {
        int c = skx_cards_first(cards);
        sk_game h = *g;
        value[c] = best_line(&h, me, sk_game_play_legal(&h, c), rules_seats, -1e300);
    }
}
