/*
 * room_claim.c -- "Der Rest gehört mir": a player claims every remaining
 * trick for his side and the room plays the rest out (table.h,
 * sk_room_claim).
 *
 * Whether a claim holds against every possible play is the ai layer's
 * question (sk_claim_check), asked by the driver, off its loop; the
 * driver also finds the line to play (docs/room-messages.md, "claim").
 * The room takes that line, checks it on a copy of the game -- every
 * card legal in turn, every trick from the current one to the last won
 * by the claimer's side (core's sk_game_side) -- and only then makes the
 * events: "claim" with the claimer's cards, shown to everyone, then one
 * "action" per card, then the result.  The journal keeps the claim with
 * its line ("claim"), so a replay plays the same cards without asking
 * anyone; the actions it makes are journaled as "played", checked and
 * skipped on replay as a "result" is.
 */
#include "table/room_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether the claimer may let game seat s take a trick: his side
 * (core's sides; without sides, a Ramsch, he alone) takes every one --
 * a Bettel declarer none (as the ai layer's claim check, claim.c). */
static bool trick_ok(const sk_game *g, int claimer, int s)
{
    enum sk_side side = sk_game_side(g, claimer);
    bool ours = s == claimer || (side != SK_SIDE_NONE && sk_game_side(g, s) == side);
    const sk_public *p = &g->pub;
    bool bettel = p->contract.type == SK_C_BETTEL || p->contract.type == SK_C_BETTEL_OUVERT;
    return bettel && p->declarer == claimer ? !ours : ours;
}

/* Plays the line on a copy of the game: 0 when every card is legal in
 * turn, the game ends, and the claimer's side wins every trick from the
 * current one on; else why not. */
static int check_line(const sk_room *r, int gseat, const uint8_t *cards, int n, sk_error *err)
{
    sk_game *g = malloc(sizeof *g);
    if (!g)
        return skx_room_fail(err, SK_ENOMEM, NULL, "out of memory");
    *g = r->game;
    int first = g->pub.trick_no, rc = SK_OK;
    for (int i = 0; i < n && rc == SK_OK; i++) {
        sk_error e = {{0}, NULL};
        int mover = g->pub.to_move;
        if (cards[i] >= SK_NCARDS || mover >= SK_NSEATS ||
            sk_game_apply(g, sk_act_card(mover, cards[i]), &e) < 0)
            rc = skx_room_fail(err, SK_EINVAL, e.rule, "claim: card %d of the line (%s) cannot be played: %s",
                      i + 1, cards[i] < SK_NCARDS ? sk_card_name(cards[i]) : "?", e.msg);
    }
    if (rc == SK_OK && !sk_game_over(g))
        rc = skx_room_fail(err, SK_EINVAL, NULL, "claim: the line does not play every card left");
    for (int k = first; rc == SK_OK && k < g->pub.trick_no; k++)
        if (!trick_ok(g, gseat, g->pub.trick_winners[k]))
            rc = skx_room_fail(err, SK_ESTATE, NULL, "claim: it does not hold: trick %d goes the "
                            "wrong way", k + 1);
    free(g);
    return rc;
}

/* A claim; see table.h. */
int sk_room_claim(sk_room *r, int seat, const uint8_t *cards, int n, uint64_t seen, sk_error *err)
{
    if (!r->playing || r->game.pub.phase != SK_PHASE_PLAY)
        return skx_room_fail(err, SK_ESTATE, NULL, "claim: only during the play of the cards");
    if (seen != r->seq)
        return skx_room_fail(err, SK_ESTATE, NULL, "stale: the claim saw event %llu, the room is at %llu",
                    (unsigned long long)seen, (unsigned long long)r->seq);
    if (seat < 0 || seat >= r->nseats)
        return skx_room_fail(err, SK_ERANGE, NULL, "seat %d is not a seat of this table (0..%d)", seat,
                    r->nseats - 1);
    int gseat = skx_room_game_seat(r, seat);
    if (gseat == SK_NOSEAT)
        return skx_room_fail(err, SK_ESTATE, "002", "seat %d deals and sits out this game", seat);
    int m, offer;
    skx_room_pending(r, NULL, &m, &offer);
    if (offer >= 0)
        return skx_room_fail(err, SK_ESTATE, "3.3", "claim: a doubling is on offer; answer it first");
    sk_cards left = 0;
    for (int s = 0; s < SK_NSEATS; s++)
        left |= r->game.hands[s];
    if (!cards || n != sk_cards_count(left) || n > SK_NCARDS)
        return skx_room_fail(err, SK_EINVAL, NULL, "claim: the line must play the %d cards left",
                    sk_cards_count(left));
    int rc = check_line(r, gseat, cards, n, err);
    if (rc < 0)
        return rc;
    r->decisions++;
    r->claimed = true; /* the play-out is the claimer's line, nobody's choice */
    skx_room_change c = {.kind = SKX_EV_CLAIM, .seat = seat, .claim_hand = r->game.hands[gseat],
                         .nclaim = n};
    memcpy(c.claim_cards, cards, (size_t)n);
    rc = skx_room_emit(r, &c, err);
    for (int i = 0; i < n && rc == SK_OK; i++) {
        int mover = r->game.pub.to_move;
        skx_room_change p = {.kind = SKX_EV_ACTION, .seat = skx_room_seat(&r->deal, mover),
                             .a = sk_act_card(mover, cards[i]), .claimed = true};
        rc = skx_room_apply(r, &p, mover, err);
    }
    return rc;
}

/* Replays a journal entry "claim": the seat and its line. */
int skx_room_replay_claim(sk_room *r, const json_t *o, int seat, sk_error *err)
{
    const json_t *a = json_object_get(o, "cards");
    uint8_t cards[SK_NCARDS];
    size_t n = json_array_size(a);
    if (!json_is_array(a) || n > SK_NCARDS)
        return skx_room_fail(err, SK_EINVAL, NULL, "journal entry: \"cards\" must be an array of at most "
                    "%d cards", SK_NCARDS);
    for (size_t i = 0; i < n; i++) {
        const char *name = json_string_value(json_array_get(a, i));
        int card = name ? sk_card_parse(name) : -1;
        if (card < 0)
            return skx_room_fail(err, SK_EINVAL, NULL, "journal entry: \"cards\"[%zu] is no card", i);
        cards[i] = (uint8_t)card;
    }
    return sk_room_claim(r, seat, cards, (int)n, r->seq, err);
}
