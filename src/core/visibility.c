/*
 * visibility.c -- what a seat may know of a game, and who plays with
 * whom.  These two questions are answered here and nowhere else: views,
 * the engine protocol, the terminal log, the settlement, the bots and
 * the solver all ask.
 *
 * Hidden from a seat are the other hands (but an ouvert hand once laid
 * open, 2.4 / 002 Bettel Brett), the card a Hochzeit taker passes face
 * down (only the taker and the declarer see it, 002), the second packet
 * of its own hand while the table lays (002 "Laying"), and the holder of
 * the called ace (2.5): he is known once he plays the ace, or once the
 * trick in which he ran away with the called suit is complete (the ace
 * then did not fall, so only the leader can hold it, 2.5.2 and 2.5.4).
 */
#include "game_internal.h"

#include <string.h>

/* The declarer of a Kreuzbock game (002): a seat of the pair that gave
 * the last doubling, else of the pair that laid first, else forehand. */
static int kreuzbock_declarer(const sk_public *p)
{
    if (p->doublings)
        return p->kontra_seat[p->doublings - 1];
    for (int i = 0; i < p->nactions; i++)
        if (p->actions[i].type == SK_ACT_KLOPFEN)
            return p->actions[i].seat;
    return skx_forehand(p);
}

/* The settling declarer from the public state alone (see
 * sk_game_declarer): public in every game. */
static int declarer_of(const sk_public *p)
{
    if (p->kreuzbock && p->contract.type == SK_C_SAUSPIEL)
        return kreuzbock_declarer(p);
    return p->contract.type == SK_C_NONE || p->contract.type == SK_C_RAMSCH ? SK_NOSEAT
                                                                            : p->declarer;
}

/* Whether the declarer has a partner whom the game names: the called
 * ace's holder (2.5) or the Hochzeit's taker (002) -- not a Kreuzbock
 * game, whose pairs are fixed. */
static bool has_partner(const sk_public *p)
{
    return !p->kreuzbock &&
           (p->contract.type == SK_C_SAUSPIEL || p->contract.type == SK_C_HOCHZEIT);
}

/* The declarer's side, a bit per seat, given the declarer and the
 * partner (SK_NOSEAT: none, or not known): the one rule of who plays
 * with whom.  A Kreuzbock game pairs the seats across (002). */
static unsigned side_bits(const sk_public *p, int declarer, int partner)
{
    if (declarer >= SK_NSEATS)
        return 0;
    if (p->kreuzbock && p->contract.type == SK_C_SAUSPIEL)
        return 0x5u << (declarer & 1);
    unsigned side = 1u << declarer;
    if (has_partner(p) && partner < SK_NSEATS)
        side |= 1u << partner;
    return side;
}

/* The side of `seat` when the asker knows the partner to be `partner`
 * (SK_NOSEAT: not known, or none yet). */
static enum sk_side side_of(const sk_public *p, int partner, int seat)
{
    int declarer = declarer_of(p);
    if (declarer >= SK_NSEATS || seat < 0 || seat >= p->nseats)
        return SK_SIDE_NONE;
    if (has_partner(p) && partner >= SK_NSEATS && seat != declarer)
        return SK_SIDE_UNKNOWN;
    return side_bits(p, declarer, partner) >> seat & 1 ? SK_SIDE_DECLARER : SK_SIDE_DEFENDER;
}

/* The settling declarer; see core.h. */
int sk_game_declarer(const sk_game *g)
{
    return declarer_of(&g->pub);
}

/* Which side a seat is on, in truth; see core.h. */
enum sk_side sk_game_side(const sk_game *g, int seat)
{
    return side_of(&g->pub, g->partner, seat);
}

/* The declarer's side, a bit per seat; see core.h.  On the settlement's
 * path of every game, so without a loop over the seats. */
unsigned sk_game_side_mask(const sk_game *g)
{
    return side_bits(&g->pub, declarer_of(&g->pub), g->partner);
}

/* The trick (0..trick_no) in which the called suit was first led, or -1
 * while it was not: the trick of a running away (2.5.4). */
static int called_lead_trick(const sk_public *p)
{
    if (!p->called_led)
        return -1;
    const sk_order *o = &p->order;
    sk_cards suit = o->follow[p->called_ace];
    for (int t = 0; t < p->trick_no; t++)
        if (suit & SK_BIT(p->tricks[t][0]))
            return t;
    return p->trick_no; /* the trick on the table */
}

/* Whether the running away is public: the called suit was led low by
 * the ace's holder, and that trick is complete (the ace did not fall). */
static bool run_away_public(const sk_public *p)
{
    return p->ran_away && called_lead_trick(p) < p->trick_no;
}

/* Which side `seat` is on as the view's seat knows it; see core.h. */
enum sk_side sk_view_side(const sk_view *v, int seat)
{
    const sk_public *p = &v->pub;
    int partner = p->partner;
    if (partner >= SK_NSEATS && p->called_ace != SK_NOCARD) {
        if (v->seat < SK_NSEATS && (v->hand & SK_BIT(p->called_ace)))
            partner = v->seat; /* it holds the ace itself */
        else if (run_away_public(p))
            partner = p->trick_leaders[called_lead_trick(p)];
    }
    enum sk_side side = side_of(p, partner, seat);
    if (side == SK_SIDE_UNKNOWN && seat == v->seat && p->called_ace != SK_NOCARD)
        return SK_SIDE_DEFENDER; /* it knows it does not hold the ace */
    return side;
}

/* The cards of its own hand a seat may see now; see core.h. */
sk_cards sk_game_seen_hand(const sk_game *g, int seat)
{
    if (seat < 0 || seat >= g->pub.nseats)
        return 0;
    if (g->pub.phase != SK_PHASE_KLOPFEN)
        return g->hands[seat];
    sk_cards hand = 0; /* only the first packet is picked up */
    int first = (g->pub.ntricks + 1) / 2; /* 4, or 3 with short cards (002) */
    for (int i = 0; i < first; i++)
        hand |= SK_BIT(g->dealt[seat][i]);
    return hand;
}

/* Whether `seat` sees the card of a Hochzeit exchange `a`: the taker
 * who gave it and the declarer who receives it (002). */
static bool sees_exchange(const sk_public *p, sk_action a, int seat)
{
    return seat == a.seat || seat == p->declarer;
}

/* An action as `seat` sees it; see core.h. */
sk_action sk_game_seen_action(const sk_game *g, int i, int seat)
{
    assert(i >= 0 && i < g->pub.nactions);
    sk_action a = g->pub.actions[i];
    if (a.type == SK_ACT_ACCEPT && !sees_exchange(&g->pub, a, seat))
        a.card = SK_NOCARD; /* passed face down */
    return a;
}

/* The view of one seat; see core.h. */
void sk_game_view(const sk_game *g, int seat, sk_view *v)
{
    bool at_table = seat >= 0 && seat < g->pub.nseats;
    v->rules = g->rules;
    v->seat = at_table ? (uint8_t)seat : SK_NOSEAT;
    v->hand = sk_game_seen_hand(g, seat);
    memset(v->dealt, SK_NOCARD, sizeof v->dealt);
    int picked = g->pub.phase == SK_PHASE_KLOPFEN ? (g->pub.ntricks + 1) / 2 : 8;
    for (int i = 0; at_table && i < picked; i++)
        v->dealt[i] = g->dealt[seat][i];
    v->open_hand = g->pub.open_seat < SK_NSEATS ? g->hands[g->pub.open_seat] : 0;
    v->pub = g->pub;
    for (int i = 0; i < v->pub.nactions; i++)
        v->pub.actions[i] = sk_game_seen_action(g, i, v->seat);
    /* a running away is public once its trick is complete */
    if (v->pub.ran_away && !run_away_public(&v->pub) && v->seat != g->partner)
        v->pub.ran_away = 0;
}

/* Builds a game from a view and a deal consistent with it; see core.h. */
void sk_game_from_view(const sk_view *v, const sk_cards hands[SK_NSEATS], sk_game *g)
{
    const sk_public *p = &v->pub;
    int n = p->nseats == 3 ? 3 : 4;
    memset(g, 0, sizeof *g); /* no stale legal-card cache */
    g->rules = v->rules;
    g->pub = *p;
    for (int s = 0; s < SK_NSEATS; s++)
        g->hands[s] = s < n ? hands[s] : 0;
    /* the hands as dealt: the cards held now plus those played, in index
     * order (the own seat keeps its real order); unused places NOCARD */
    sk_cards dealt[SK_NSEATS];
    for (int s = 0; s < SK_NSEATS; s++)
        dealt[s] = g->hands[s];
    for (int t = 0; t < p->trick_no; t++)
        for (int i = 0; i < n; i++)
            dealt[(p->trick_leaders[t] + i) % n] |= SK_BIT(p->tricks[t][i]);
    for (int i = 0; i < p->trick_len; i++)
        dealt[(p->trick_leader + i) % n] |= SK_BIT(p->trick[i]);
    for (int s = 0; s < SK_NSEATS; s++) {
        if (s == v->seat) {
            memcpy(g->dealt[s], v->dealt, sizeof v->dealt);
            continue;
        }
        int k = 0;
        for (sk_cards c = dealt[s]; c && k < 8; c &= c - 1)
            g->dealt[s][k++] = (uint8_t)skx_cards_first(c);
        while (k < 8)
            g->dealt[s][k++] = SK_NOCARD;
    }
    /* the hidden state follows from the deal: the called ace's holder,
     * and whether he ran away (2.5.4: he led its suit low) */
    g->partner = p->partner;
    if (p->called_ace == SK_NOCARD || g->partner != SK_NOSEAT)
        return;
    for (int s = 0; s < n; s++)
        if (dealt[s] & SK_BIT(p->called_ace))
            g->partner = (uint8_t)s;
    int t = called_lead_trick(p);
    if (t >= 0 && !g->pub.ran_away) {
        int leader = t < p->trick_no ? p->trick_leaders[t] : p->trick_leader;
        int lead = t < p->trick_no ? p->tricks[t][0] : p->trick[0];
        g->pub.ran_away = leader == g->partner && lead != p->called_ace;
    }
}
