/*
 * turn.c -- who decides next, in and out of turn.
 *
 * Most actions come in turn (pub.to_move).  Kontra and Retour do not: a
 * seat may double out of turn while the rules allow it (3.3).  A driver
 * cannot wait for every seat to speak up, so it asks: before each
 * action, every seat that may double now is offered the doubling once,
 * from the seat to move on clockwise; a seat that declines is not asked
 * again until something happens, and a doubling given opens a new round
 * (the other side may answer).  Klopfen needs no such order: the laying
 * round is a phase of its own, in turn.  The terminal game, the arena
 * and the server all drive games through these two functions, so they
 * ask the same seats in the same order.
 */
#include "schafkopf/core.h"

#include <assert.h>

/* Starts the asking for a new game. */
void sk_turn_init(sk_turn *t)
{
    t->at = UINT16_MAX;
    t->declined = 0;
}

/* The doubling `seat` may give now (SK_ACT_KONTRA or SK_ACT_RETOUR), or
 * -1, from the engine's own list of legal actions. */
static int doubling_for(const sk_action *legal, int n, int seat)
{
    for (int i = 0; i < n; i++)
        if (legal[i].seat == seat &&
            (legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR))
            return legal[i].type;
    return -1;
}

/* Forgets the declines once an action was applied since. */
static void catch_up(sk_turn *t, const sk_game *g)
{
    if (t->at != g->pub.nactions) {
        t->at = g->pub.nactions;
        t->declined = 0;
    }
}

/* The next decision; see core.h. */
int sk_turn_next(sk_turn *t, const sk_game *g, int *offer)
{
    const sk_public *p = &g->pub;
    *offer = -1;
    if (sk_game_over(g))
        return SK_NOSEAT;
    catch_up(t, g);
    if (p->phase == SK_PHASE_PLAY && p->trick_no == 0) { /* 3.3: doublings only then */
        sk_action legal[SK_MAX_LEGAL];
        int n = sk_game_legal(g, legal);
        for (int k = 0; k < p->nseats; k++) {
            int seat = (p->to_move + k) % p->nseats;
            int type = doubling_for(legal, n, seat);
            if (type >= 0 && !(t->declined >> seat & 1)) {
                *offer = type;
                return seat;
            }
        }
    }
    return p->to_move;
}

/* Notes that `seat` declined the doubling it was offered; see core.h. */
void sk_turn_decline(sk_turn *t, const sk_game *g, int seat)
{
    assert(seat >= 0 && seat < SK_NSEATS);
    catch_up(t, g);
    t->declined |= (uint8_t)(1u << seat);
}
