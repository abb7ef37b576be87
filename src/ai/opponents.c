/*
 * opponents.c -- what a table has seen of how each player plays.
 *
 * When a game is over every card has been played, so everybody at the
 * table can go back over it and ask, at each card a player chose among
 * two or more, whether it was the card the rules of thumb (the
 * "heuristic" bot, heuristic.c) play from that seat's view.  The
 * heuristic bot always does; people did on 53.5 % of such decisions in
 * the repository's real games (docs/ai.md, "Agreement with people").
 * The evidence that a player plays by those rules is the log-likelihood
 * ratio of two models of his choices: by the rules, with a slip now and
 * then (OPP_SLIP), against "like people", who agree with the rules at
 * OPP_PEOPLE_AGREE.  A PIMC bot told that a seat plays by the rules
 * answers those rules in its reply and prices its Solos and Wenz by
 * playing them out against them (bot.c, bot_bid.c, respond.c); with no
 * evidence or against it, it keeps its model of people.
 *
 * The model keeps counts per player only: nothing of a game's cards.
 * And it learns only from what the table has seen: a game that ended
 * before every card was played is not counted.
 */
#include "ai_internal.h"

#include <assert.h>
#include <math.h>
#include <string.h>

/* How often a player of the rules of thumb is assumed to play another
 * card (a slip), and how often people's card is the rules' card where
 * there was a choice (docs/ai.md: 53.5 % on the 1,000 real games). */
#define OPP_SLIP 0.05
#define OPP_PEOPLE_AGREE 0.55
/* The evidence stays within +-OPP_CLAMP, so a player who changes his
 * play (a new person on the chair) is read anew within a few games. */
#define OPP_CLAMP 10.0
/* The evidence from which a player counts as playing by the rules:
 * odds of 19 to 1. */
#define OPP_RULES_AT 2.944438979166440

/* Starts an empty model: nobody seen yet. */
void sk_opponents_init(sk_opponents *m)
{
    memset(m, 0, sizeof *m);
}

/* The entry of player `id` (not SK_OPPONENTS_NOBODY), made when new,
 * marked as seen in the game being learnt.  When the model is full the
 * player seen longest ago makes room; never one of this game, as a game
 * has at most four players and the model holds more. */
static struct sk_opponent *entry(sk_opponents *m, uint64_t id)
{
    struct sk_opponent *p = NULL;
    for (int i = 0; i < m->n && !p; i++)
        if (m->player[i].id == id)
            p = &m->player[i];
    assert(id != SK_OPPONENTS_NOBODY);
    if (!p) {
        if (m->n < SK_OPPONENTS_MAX) {
            p = &m->player[m->n++];
        } else {
            p = &m->player[0];
            for (int i = 1; i < m->n; i++)
                if (m->player[i].seen < p->seen)
                    p = &m->player[i];
            assert(p->seen < m->games);
        }
        memset(p, 0, sizeof *p);
        p->id = id;
    }
    p->seen = m->games;
    return p;
}

/* Adds one card decision with a choice to a player's evidence. */
static void add_decision(struct sk_opponent *p, bool agreed)
{
    p->decisions++;
    p->agreed += agreed;
    p->evidence += agreed ? log((1 - OPP_SLIP) / OPP_PEOPLE_AGREE)
                          : log(OPP_SLIP / (1 - OPP_PEOPLE_AGREE));
    if (p->evidence > OPP_CLAMP)
        p->evidence = OPP_CLAMP;
    if (p->evidence < -OPP_CLAMP)
        p->evidence = -OPP_CLAMP;
}

/* Whether every card of the game was played: only then has the table
 * seen every hand (a Bettel or Tout lost early, or a claim, ends with
 * cards in hand that nobody showed). */
static bool all_shown(const sk_game *g)
{
    if (g->pub.phase != SK_PHASE_DONE)
        return false;
    for (int s = 0; s < SK_NSEATS; s++)
        if (g->hands[s])
            return false;
    return true;
}

/* Replays a finished game from its deal and, at each card a seat chose
 * among two or more, counts whether it was the rules of thumb's.  A
 * game that does not replay counts up to where it stops; one that ended
 * with cards in hand counts nothing, as a player's choices can only be
 * judged from his whole hand. */
int sk_opponents_observe(sk_opponents *m, const sk_game *done, const uint64_t who[SK_NSEATS])
{
    if (!all_shown(done))
        return 0;
    sk_game g;
    if (sk_game_init(&g, done->rules, done->pub.dealer, done->dealt, done->pub.first_game != 0,
                     NULL) < 0 ||
        sk_game_set_round(&g, done->pub.bock, done->pub.kreuzbock_round != 0, NULL) < 0)
        return -1;
    int counted = 0;
    for (int i = 0; i < done->pub.nactions; i++) {
        sk_action a = done->pub.actions[i];
        if (a.type == SK_ACT_CARD && a.seat == g.pub.to_move && g.pub.phase == SK_PHASE_PLAY) {
            sk_cards legal = sk_game_legal_cards(&g);
            if ((legal & (legal - 1)) && who[a.seat] != SK_OPPONENTS_NOBODY) {
                if (!counted)
                    m->games++; /* the game is on m's clock once it teaches */
                struct sk_opponent *p = entry(m, who[a.seat]);
                sk_view v;
                sk_game_view(&g, a.seat, &v);
                add_decision(p, skx_heur_card(&v, legal) == a.card);
                counted++;
            }
        }
        if (sk_game_apply(&g, a, NULL) < 0)
            return -1;
    }
    return counted;
}

/* Whether the model reads player `id` as playing by the rules of thumb. */
bool sk_opponents_by_rules(const sk_opponents *m, uint64_t id)
{
    for (int i = 0; i < m->n; i++)
        if (m->player[i].id == id)
            return m->player[i].evidence >= OPP_RULES_AT;
    return false;
}

/* The seats other than `me` whose players the model reads as playing
 * by the rules of thumb, a bit each: for sk_bot_set_rules_seats. */
unsigned sk_opponents_rules_seats(const sk_opponents *m, const uint64_t who[SK_NSEATS], int me)
{
    unsigned seats = 0;
    for (int s = 0; s < SK_NSEATS; s++)
        if (s != me && sk_opponents_by_rules(m, who[s]))
            seats |= 1u << s;
    return seats;
}
