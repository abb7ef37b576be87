/*
 * fuse.c -- card values that do not assume the bot will know the deal
 * at its next card (issue 43: a search beyond PIMC).
 *
 * PIMC solves each sampled deal as if every seat saw every card, the
 * bot's own later cards too: on each deal it plays its next card for
 * that deal, so a card whose follow-up needs a guess (which of two
 * suits to lead next, where the called Sau sits) looks as good as one
 * whose follow-up is the same on every deal.  That is strategy fusion
 * (Frank and Basin; the alpha-mu search of Cazenave and Ventos and the
 * "extended PIMC" of Arjonilla, Saffidine and Cazenave postpone the
 * perfect-information step past the bot's own next move to avoid it).
 *
 * This module takes the bot's next card out of the solver's hands.
 * For each sampled deal and each legal card c: c is played, the other
 * seats answer until the bot is to play again, each with the card that
 * is best for its side on that deal (double dummy, as PIMC assumes of
 * them; ties go to the card people would play, policy.c), and then the
 * solver gives the value of each of the bot's next cards on that deal.
 * Deals on which the others played the same cards are the same
 * situation for the bot (it cannot tell them apart), so it must play
 * one card on all of them: c is worth, summed over those groups, the
 * best single next card's sum over the group's deals -- never more
 * than PIMC's value, which lets each deal pick its own.
 *
 * It costs a solve for every other seat's choice and one for the
 * bot's next card, for each legal card and deal: about four times as
 * many solves per legal card as PIMC makes per deal.  A node budget
 * caps it; the deals finished when it runs out count (each deal is
 * done for every card before the next, so the cards stay compared on
 * the same deals).  docs/ai.md, "Issue 43: the Expert level", has what
 * it was measured to be worth.
 */
#include "ai_internal.h"

#include <math.h>
#include <stdlib.h>

#define FUSE_MAX_DEALS 64

/* One deal's answer to one first card: the key of what the others
 * played before the bot's next turn (what tells deals apart for the
 * bot) and the value of each of its next cards (NAN: not legal). */
typedef struct fuse_row {
    uint64_t key;
    float val[SK_NCARDS];
} fuse_row;

/* The card the seat to move of g plays: the best threshold level for
 * its side on this deal, ties to the card people would play; -1 when
 * the node budget ran out. */
static int reply_card(const skx_pimc *pc, sk_game *g, uint64_t stop)
{
    sk_cards legal = sk_game_legal_cards(g);
    if ((legal & (legal - 1)) == 0)
        return skx_cards_first(legal);
    uint64_t now = sk_solver_nodes(pc->solver);
    if (now >= stop)
        return -1;
    int t[3], lev[SK_NTRICKS];
    sk_action acts[SK_NTRICKS];
    skx_pimc_thresholds(&g->pub, t);
    sk_solver_set_limit(pc->solver, stop - now);
    int n = sk_solver_levels(pc->solver, g, t, 3, acts, lev, SK_NTRICKS);
    sk_solver_set_limit(pc->solver, 0);
    if (n <= 0)
        return -1;
    bool decl = sk_game_side(g, g->pub.to_move) == SK_SIDE_DECLARER;
    int best = lev[0];
    for (int i = 1; i < n; i++)
        best = decl ? (lev[i] > best ? lev[i] : best) : (lev[i] < best ? lev[i] : best);
    sk_cards top = 0;
    for (int i = 0; i < n; i++)
        if (lev[i] == best)
            top |= SK_BIT(acts[i].card);
    if ((top & (top - 1)) == 0)
        return skx_cards_first(top);
    sk_view v;
    sk_game_view(g, g->pub.to_move, &v);
    return sk_policy_card(&v, top);
}

/* The card the seat to move of g plays when it decides from its own
 * view (the ":inner" variant): PIMC of its own over `inner` deals drawn
 * uniformly from what it sees (the bot's sampler, free once the bot's
 * deals are drawn), each solved double dummy; its side's mean money
 * decides, ties to the card people would play.  -1 when the node budget
 * ran out. */
static int inner_card(const skx_pimc *pc, sk_game *g, uint64_t stop, int inner)
{
    sk_cards legal = sk_game_legal_cards(g);
    if ((legal & (legal - 1)) == 0)
        return skx_cards_first(legal);
    int s = g->pub.to_move;
    sk_view v;
    sk_game_view(g, s, &v);
    if (sk_sample_init(pc->sampler, &v) < 0)
        return reply_card(pc, g, stop);
    double val[SK_NCARDS] = {0};
    int done = 0;
    for (int i = 0; i < inner; i++) {
        uint64_t now = sk_solver_nodes(pc->solver);
        if (now >= stop)
            return -1;
        sk_cards hands[SK_NSEATS];
        sk_game h;
        sk_sample_draw(pc->sampler, pc->rng, hands);
        sk_sample_game(&v, hands, &h);
        int t[3], lev[SK_NTRICKS];
        sk_action acts[SK_NTRICKS];
        skx_pimc_thresholds(&h.pub, t);
        sk_solver_set_limit(pc->solver, stop - now);
        int n = sk_solver_levels(pc->solver, &h, t, 3, acts, lev, SK_NTRICKS);
        sk_solver_set_limit(pc->solver, 0);
        if (n <= 0)
            return -1;
        bool decl = sk_game_side(&h, s) == SK_SIDE_DECLARER;
        for (int k = 0; k < n; k++) {
            double u = skx_pimc_declarer_units(&h, lev[k]);
            val[acts[k].card] += decl ? u : -u;
        }
        done++;
    }
    double best = -INFINITY;
    for (sk_cards l = legal; l; l &= l - 1)
        if (val[skx_cards_first(l)] > best)
            best = val[skx_cards_first(l)];
    sk_cards top = 0;
    for (sk_cards l = legal; l; l &= l - 1)
        if (val[skx_cards_first(l)] >= best - 1e-9)
            top |= SK_BIT(skx_cards_first(l));
    return done && (top & (top - 1)) ? sk_policy_card(&v, top) : skx_cards_first(top);
}

/* Plays first card c of the bot (seat `me`) on deal g, the others'
 * answers up to its next turn, and fills row: the key of the answers
 * and the value of each next card for `me` (units, its side).  False
 * when the node budget ran out. */
static bool answer_row(const skx_pimc *pc, sk_game g, int me, int c, uint64_t stop, int inner,
                       fuse_row *row)
{
    for (int k = 0; k < SK_NCARDS; k++)
        row->val[k] = NAN;
    row->key = 0;
    bool mine = sk_game_side(&g, me) == SK_SIDE_DECLARER;
    if (sk_game_apply(&g, skx_act_card(me, c), NULL) < 0)
        return true; /* cannot happen for a legal card; the row stays empty */
    while (g.pub.phase == SK_PHASE_PLAY && g.pub.to_move != me) {
        int r = inner ? inner_card(pc, &g, stop, inner) : reply_card(pc, &g, stop);
        if (r < 0)
            return false;
        row->key = row->key * 33 + (uint64_t)r + 1;
        if (sk_game_apply(&g, skx_act_card(g.pub.to_move, r), NULL) < 0)
            return true;
    }
    if (g.pub.phase != SK_PHASE_PLAY) { /* the game ended: one "next card" worth its result */
        sk_result res;
        double u = 0;
        if (sk_game_result(&g, &res, NULL) == 0 && !res.thrown_in && res.declarer < SK_NSEATS)
            u = skx_pimc_score_units(g.rules, &res, res.declarer);
        row->val[0] = (float)(mine ? u : -u);
        return true;
    }
    uint64_t now = sk_solver_nodes(pc->solver);
    if (now >= stop)
        return false;
    int t[3], lev[SK_NTRICKS];
    sk_action acts[SK_NTRICKS];
    skx_pimc_thresholds(&g.pub, t);
    sk_solver_set_limit(pc->solver, stop - now);
    int n = sk_solver_levels(pc->solver, &g, t, 3, acts, lev, SK_NTRICKS);
    sk_solver_set_limit(pc->solver, 0);
    if (n <= 0)
        return false;
    for (int i = 0; i < n; i++) {
        double u = skx_pimc_declarer_units(&g, lev[i]);
        row->val[acts[i].card] = (float)(mine ? u : -u);
    }
    return true;
}

/* Compares rows by key, for grouping. */
static int cmp_row(const void *a, const void *b)
{
    uint64_t x = ((const fuse_row *)a)->key, y = ((const fuse_row *)b)->key;
    return x < y ? -1 : x > y;
}

/* The fused value of one first card over its rows (see the top):
 * summed over groups of equal key, the best next card's sum. */
static double fused(fuse_row *rows, int n)
{
    qsort(rows, (size_t)n, sizeof *rows, cmp_row);
    double total = 0;
    for (int i = 0; i < n;) {
        int j = i;
        double sum[SK_NCARDS] = {0};
        bool any[SK_NCARDS] = {false};
        for (; j < n && rows[j].key == rows[i].key; j++)
            for (int k = 0; k < SK_NCARDS; k++)
                if (!isnan(rows[j].val[k])) {
                    sum[k] += rows[j].val[k];
                    any[k] = true;
                }
        double best = -INFINITY;
        for (int k = 0; k < SK_NCARDS; k++)
            if (any[k] && sum[k] > best)
                best = sum[k];
        total += isfinite(best) ? best : 0;
        i = j;
    }
    return total;
}

/* See ai_internal.h. */
int skx_fuse_values(const skx_pimc *pc, const sk_view *v, sk_cards legal,
                    const sk_cards (*hands)[SK_NSEATS], int deals, uint64_t nodes, int inner,
                    double value[SK_NCARDS])
{
    for (int k = 0; k < SK_NCARDS; k++)
        value[k] = 0;
    if (deals > FUSE_MAX_DEALS)
        deals = FUSE_MAX_DEALS;
    int ncards = skx_cards_count(legal), cards[SK_NTRICKS], m = 0;
    for (sk_cards l = legal; l && m < SK_NTRICKS; l &= l - 1)
        cards[m++] = skx_cards_first(l);
    ncards = m;
    fuse_row *rows = malloc((size_t)ncards * FUSE_MAX_DEALS * sizeof *rows);
    if (!rows)
        return 0;
    uint64_t stop = sk_solver_nodes(pc->solver) + nodes;
    int done = 0;
    for (int d = 0; d < deals; d++) {
        if (done > 0 && skx_pimc_late(pc))
            break;
        sk_game g;
        sk_sample_game(v, hands[d], &g);
        bool ok = true;
        for (int i = 0; i < ncards && ok; i++)
            ok = answer_row(pc, g, v->seat, cards[i], stop, inner,
                            &rows[i * FUSE_MAX_DEALS + done]);
        if (!ok)
            break;
        done++;
    }
    for (int i = 0; i < ncards && done; i++)
        value[cards[i]] = fused(&rows[i * FUSE_MAX_DEALS], done) / done;
    free(rows);
    return done;
}
