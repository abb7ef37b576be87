/*
 * claim.c -- "Der Rest gehört mir": whether a seat's claim to every
 * remaining trick holds, and a line of play that proves it.
 *
 * A claim is judged from what the claimer knows (sk_view), never from
 * the hidden deal: otherwise asking whether a claim holds would tell a
 * player about the others' cards.  It holds when the claimer's side
 * takes every remaining trick -- for a Bettel declarer: none of them --
 * however the unseen cards lie and whatever everybody else plays,
 * the claimer's partner included; the claimer chooses only his own
 * cards (docs/rules.md, "Claiming the rest").
 *
 * The search is an AND-OR tree over the rest of the play.  The others'
 * hands are not drawn: when another seat is to play, it may play any
 * unseen card it could hold (core's sampler says which seats may hold
 * which card) whose follow class it has not shown void in; playing
 * outside the led class shows it void from then on.  Every real deal
 * and line is among these lines, so a claim that holds here holds at
 * the table; the few lines no deal allows (a called ace's holder
 * leading its suit low with fewer than four cards, say) only make the
 * check stricter.  Each card another seat plays is put into its hand
 * just before, so the engine's referee (sk_game_apply) rules on it with
 * the rules that concern that card alone, and on the claimer's cards
 * with all of them.
 *
 * Only who wins each trick matters, not points, so unseen cards of one
 * follow class that no other unplayed card separates in power, and that
 * the same seats may hold, are alike: another seat plays either the
 * highest or the lowest of such a group (two of them in one trick can
 * then still beat each other or not).  The claimer's own cards next to
 * each other with nothing unplayed between them are alike too.  Trick
 * starts are kept in a table keyed by the cards played, the seats'
 * shown voids and the leader.
 */
#include "schafkopf/ai.h"
#include "core/bits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLAIM_TT_BITS 18
#define CLAIM_MAX_NODES 1000000u

typedef struct claim_ctx {
    int claimer;
    bool want_none;         /* a Bettel declarer: the rest goes to the others */
    unsigned side0;         /* the claimer's side as he knows it at the claim */
    uint8_t allowed[SK_NCARDS]; /* seats (a bit each) that may hold an unseen card */
    sk_cards classes[5];    /* the contract's follow classes */
    int nclasses;
    uint64_t nodes;
    uint64_t *keys;         /* trick-start positions: key + 1, 0 = empty */
    uint8_t *vals;
} claim_ctx;

/* The seats of the claimer's side now: what he knew at the claim, and
 * the declarer's partner once the called ace is out (pub.partner). */
static unsigned side_now(const claim_ctx *x, const sk_public *p)
{
    if (p->partner == SK_NOSEAT || p->declarer == SK_NOSEAT)
        return x->side0;
    unsigned decl = (1u << p->declarer) | (1u << p->partner);
    int n = p->nseats == 3 ? 3 : 4;
    unsigned all = (1u << n) - 1;
    return (decl & (1u << x->claimer)) ? decl : all & ~decl;
}

/* Whether the trick just completed went the claimer's way. */
static bool trick_ok(const claim_ctx *x, const sk_game *g)
{
    const sk_public *p = &g->pub;
    int w = p->trick_winners[p->trick_no - 1];
    bool ours = (side_now(x, p) >> w) & 1u;
    return x->want_none ? !ours : ours;
}

/* The key of a trick start, exact: the cards played (bits 32..63),
 * each seat's shown voids as a bit per follow class (bits 2..21: five
 * classes a seat), and the leader (bits 0..1). */
static uint64_t position_key(const claim_ctx *x, const sk_game *g)
{
    const sk_public *p = &g->pub;
    uint64_t voids = 0;
    for (int s = 0; s < 4; s++)
        for (int k = 0; k < x->nclasses; k++)
            if (p->shown_void[s] & x->classes[k])
                voids |= (uint64_t)1 << (s * 5 + k);
    return ((uint64_t)p->played << 32) | (voids << 2) | (p->to_move & 3u);
}

/* Looks up a trick start: 1 holds, 0 fails, -1 unknown; *slot is where
 * to store it ((size_t)-1: nowhere, the probe run is full). */
static int tt_probe(const claim_ctx *x, uint64_t key, size_t *slot)
{
    size_t mask = ((size_t)1 << CLAIM_TT_BITS) - 1;
    size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - CLAIM_TT_BITS));
    for (int probe = 0; probe < 16; probe++, i = (i + 1) & mask) {
        if (x->keys[i] == key + 1) {
            *slot = i;
            return x->vals[i];
        }
        if (x->keys[i] == 0) {
            *slot = i;
            return -1;
        }
    }
    *slot = (size_t)-1;
    return -1;
}

static int search(claim_ctx *x, const sk_game *g, int *best);

/* Plays `card` for the seat to move in a copy of g (another seat's card
 * is put into its hand first) and searches on: 1 holds, 0 fails, -1
 * out of budget.  A card the referee refuses another seat is no line
 * (1); one it refuses the claimer, no way on (0). */
static int try_card(claim_ctx *x, const sk_game *g, int card)
{
    sk_game h = *g;
    int seat = h.pub.to_move;
    if (seat != x->claimer)
        h.hands[seat] = SK_BIT(card);
    sk_error e;
    if (sk_game_apply(&h, sk_act_card(seat, card), &e) != 0)
        return seat == x->claimer ? 0 : 1;
    if (h.pub.trick_len == 0 && !trick_ok(x, &h))
        return 0;
    return search(x, &h, NULL);
}

/*
 * The groups of alike cards among `cands`: one follow class, for another
 * seat one set of seats that may hold them, and no card between them in
 * power that is still in play or on the table now.  Writes the highest
 * card of each group into out, and for another seat also the lowest;
 * returns how many.
 */
static int alike_groups(const claim_ctx *x, const sk_game *g, sk_cards cands, bool mine,
                        int out[SK_NCARDS])
{
    const sk_public *p = &g->pub;
    const sk_order *o = &p->order;
    sk_cards live = sk_rules_deck(g->rules) & ~p->played;
    for (int i = 0; i < p->trick_len; i++)
        live |= SK_BIT(p->trick[i]);
    int n = 0;
    /* the called ace has rules of its own (2.5.2, 2.5.5): alike to none */
    if (p->called_ace != SK_NOCARD && (cands & SK_BIT(p->called_ace))) {
        out[n++] = p->called_ace;
        cands &= ~SK_BIT(p->called_ace);
    }
    while (cands) {
        int c = skx_cards_first(cands);
        sk_cards kind = cands & o->follow[c];
        if (!mine)
            for (sk_cards s = kind; s; s &= s - 1)
                if (x->allowed[skx_cards_first(s)] != x->allowed[c])
                    kind &= ~(s & -s);
        cands &= ~kind;
        sk_cards sep = live & o->follow[c] & ~kind;
        /* the kind's cards from the highest down; a new group where a
         * separating card lies between two neighbours */
        int prev = -1, top = -1;
        while (kind) {
            int d = -1;
            for (sk_cards s = kind; s; s &= s - 1)
                if (d < 0 || o->power[skx_cards_first(s)] > o->power[d])
                    d = skx_cards_first(s);
            kind &= ~SK_BIT(d);
            bool split = prev < 0;
            for (sk_cards s = sep; s && !split; s &= s - 1) {
                int pw = o->power[skx_cards_first(s)];
                split = pw < o->power[prev] && pw > o->power[d];
            }
            if (split) {
                if (!mine && prev >= 0 && prev != top)
                    out[n++] = prev;
                out[n++] = d;
                top = d;
            }
            prev = d;
        }
        if (!mine && prev != top)
            out[n++] = prev;
    }
    return n;
}

/* Whether the trick on the table has its winner whatever is still
 * played to it: no card still in play would take it. */
static bool trick_decided(const sk_game *g)
{
    const sk_public *p = &g->pub;
    if (p->trick_len == 0)
        return false;
    uint8_t cards[4];
    memcpy(cards, p->trick, (size_t)p->trick_len);
    for (sk_cards c = sk_rules_deck(g->rules) & ~p->played; c; c &= c - 1) {
        cards[p->trick_len] = (uint8_t)skx_cards_first(c);
        if (sk_order_trick_winner_n(&p->order, cards, p->trick_len + 1) == p->trick_len)
            return false;
    }
    return true;
}

/* The cards the seat to move may play as far as the claimer can tell:
 * his own legal cards; for another seat every unseen card it may hold,
 * outside the classes it showed void in. */
static sk_cards candidates(const claim_ctx *x, const sk_game *g)
{
    const sk_public *p = &g->pub;
    int seat = p->to_move;
    if (seat == x->claimer)
        return sk_game_legal_cards(g);
    sk_cards c = 0;
    for (sk_cards u = ~(p->played | g->hands[x->claimer]); u; u &= u - 1) {
        int d = skx_cards_first(u);
        if ((x->allowed[d] >> seat) & 1u)
            c |= SK_BIT(d);
    }
    return c & ~p->shown_void[seat];
}

/* The AND-OR search from g: 1 the claim holds, 0 it fails, -1 out of
 * budget.  At the claimer's turns *best (when asked) gets a card that
 * keeps it holding. */
static int search(claim_ctx *x, const sk_game *g, int *best)
{
    const sk_public *p = &g->pub;
    if (p->phase == SK_PHASE_DONE)
        return 1;
    if (++x->nodes > CLAIM_MAX_NODES)
        return -1;
    uint64_t key = 0;
    size_t slot = (size_t)-1;
    if (p->trick_len == 0 && !best) {
        key = position_key(x, g);
        int known = tt_probe(x, key, &slot);
        if (known >= 0)
            return known;
    }
    bool mine = p->to_move == x->claimer;
    int cards[SK_NCARDS];
    /* where nothing still in play can change the trick's winner, only
     * what a seat keeps matters, and alike cards are alike for that */
    int n = alike_groups(x, g, candidates(x, g), mine || trick_decided(g), cards);
    /* the strongest cards first: they take tricks, which settles an OR
     * node for the claimer and an AND node against him soonest */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && p->order.power[cards[j]] > p->order.power[cards[j - 1]]; j--) {
            int t = cards[j];
            cards[j] = cards[j - 1];
            cards[j - 1] = t;
        }
    /* no card another seat could hold: no deal gives this line */
    int result = mine ? 0 : 1;
    for (int i = 0; i < n; i++) {
        int r = try_card(x, g, cards[i]);
        if (r < 0)
            return -1;
        if (mine && r == 1) {
            if (best)
                *best = cards[i];
            result = 1;
            break;
        }
        if (!mine && r == 0) {
            result = 0;
            break;
        }
    }
    if (slot != (size_t)-1) {
        x->keys[slot] = key + 1;
        x->vals[slot] = (uint8_t)result;
    }
    return result;
}

/* Sets up the search for the view's seat; 0 or an error. */
static int claim_init(claim_ctx *x, const sk_view *v, sk_game *g, sk_error *err)
{
    const sk_public *p = &v->pub;
    if (p->phase != SK_PHASE_PLAY) {
        if (err)
            snprintf(err->msg, sizeof err->msg, "claim: only while the cards are played");
        return SK_ESTATE;
    }
    memset(x, 0, sizeof *x);
    x->claimer = v->seat;
    for (int c = 0; c < SK_NCARDS; c++) {
        sk_cards f = p->order.follow[c];
        int k = 0;
        while (k < x->nclasses && x->classes[k] != f)
            k++;
        if (f && k == x->nclasses && k < 5)
            x->classes[x->nclasses++] = f;
    }
    bool bettel = p->contract.type == SK_C_BETTEL || p->contract.type == SK_C_BETTEL_OUVERT;
    x->want_none = bettel && p->declarer == v->seat;
    if (p->contract.type == SK_C_RAMSCH) {
        x->side0 = 1u << v->seat;
    } else {
        for (int s = 0; s < 4; s++) {
            enum sk_side a = sk_view_side(v, s), me = sk_view_side(v, v->seat);
            if (s == v->seat || (a == me && a != SK_SIDE_UNKNOWN && a != SK_SIDE_NONE))
                x->side0 |= 1u << s;
        }
    }
    sk_sampler *sp = malloc(sizeof *sp);
    if (!sp) {
        if (err)
            snprintf(err->msg, sizeof err->msg, "claim: out of memory");
        return SK_EINVAL;
    }
    int rc = sk_sample_init(sp, v);
    if (rc == 0) {
        for (int k = 0; k < sp->nclasses; k++)
            for (sk_cards c = sp->cls_cards[k]; c; c &= c - 1)
                x->allowed[skx_cards_first(c)] = sp->cls_seats[k];
        for (int s = 0; s < 4; s++)
            if (s != v->seat)
                for (sk_cards c = sp->known[s]; c; c &= c - 1)
                    x->allowed[skx_cards_first(c)] = (uint8_t)(1u << s);
        /* any deal the view allows serves as the game's frame: only the
         * claimer's hand is read, the others' cards are set as played */
        sk_cards hands[SK_NSEATS];
        sk_rng rng;
        sk_rng_seed(&rng, 1);
        sk_sample_draw(sp, &rng, hands);
        sk_game_from_view(v, hands, g);
    }
    free(sp);
    if (rc != 0) {
        if (err)
            snprintf(err->msg, sizeof err->msg, "claim: no deal fits the seat's view");
        return SK_EINVAL;
    }
    x->keys = calloc((size_t)1 << CLAIM_TT_BITS, sizeof *x->keys);
    x->vals = calloc((size_t)1 << CLAIM_TT_BITS, sizeof *x->vals);
    if (!x->keys || !x->vals) {
        free(x->keys);
        free(x->vals);
        if (err)
            snprintf(err->msg, sizeof err->msg, "claim: out of memory");
        return SK_EINVAL;
    }
    return 0;
}

static void claim_free(claim_ctx *x)
{
    free(x->keys);
    free(x->vals);
}

int sk_claim_check_view(const sk_view *v, bool *holds, sk_error *err)
{
    claim_ctx x;
    sk_game g;
    int rc = claim_init(&x, v, &g, err);
    if (rc != 0)
        return rc;
    int r = search(&x, &g, NULL);
    claim_free(&x);
    if (r < 0) {
        if (err)
            snprintf(err->msg, sizeof err->msg,
                     "claim: too many ways to play on to check now; play a trick first");
        return SK_ERANGE;
    }
    *holds = r == 1;
    return 0;
}

int sk_claim_check(const sk_game *g, int seat, bool *holds, sk_error *err)
{
    if (seat < 0 || seat >= SK_NSEATS || (g->pub.nseats == 3 && seat == 3)) {
        if (err)
            snprintf(err->msg, sizeof err->msg, "claim: no seat %d at this table", seat);
        return SK_ERANGE;
    }
    sk_view v;
    sk_game_view(g, seat, &v);
    return sk_claim_check_view(&v, holds, err);
}

int sk_claim_line(const sk_game *g, int seat, sk_action *out, int max, sk_error *err)
{
    bool holds = false;
    int rc = sk_claim_check(g, seat, &holds, err);
    if (rc != 0)
        return rc;
    if (!holds) {
        if (err)
            snprintf(err->msg, sizeof err->msg, "claim: it does not hold");
        return SK_ESTATE;
    }
    sk_game h = *g;
    int n = 0;
    while (h.pub.phase != SK_PHASE_DONE) {
        int mover = h.pub.to_move, card = -1;
        if (mover == seat) {
            /* the claimer's card that keeps the claim holding, judged
             * again from his view now */
            sk_view v;
            sk_game_view(&h, seat, &v);
            claim_ctx x;
            sk_game frame;
            rc = claim_init(&x, &v, &frame, err);
            if (rc != 0)
                return rc;
            int r = search(&x, &frame, &card);
            claim_free(&x);
            if (r != 1) {
                if (err)
                    snprintf(err->msg, sizeof err->msg, "claim: lost the line (%d)", r);
                return r < 0 ? SK_ERANGE : SK_EINVAL;
            }
        } else {
            card = skx_cards_first(sk_game_legal_cards(&h));
        }
        if (n >= max) {
            if (err)
                snprintf(err->msg, sizeof err->msg, "claim: more than %d cards to play", max);
            return SK_ERANGE;
        }
        out[n] = sk_act_card(mover, card);
        rc = sk_game_apply(&h, out[n], err);
        if (rc != 0)
            return rc;
        n++;
    }
    return n;
}
