/*
 * game.c -- one deal of Schafkopf as a state machine fed with actions.
 *
 * The phases are the auction (2.4), the declaration of the contract
 * (2.4.12), and the play of eight tricks (3.1, 3.2) with Kontra/Retour
 * in its first moments (3.3).  sk_game_legal() lists what may happen;
 * sk_game_apply() is the only way to change a game and explains each
 * refusal with the rule that forbids it.
 *
 * The auction is a duel machine: seats speak once in turn from forehand;
 * a seat that bids while another holds the right to play challenges the
 * holder, and the two raise their claims -- the challenger must claim a
 * higher class, the holder keeps the game with an equal one -- until one
 * yields (2.4.6-2.4.9, 2.4.11).  docs/rules.md walks through examples.
 *
 * Legality is computed from the public state plus one seat's hand, so
 * the same functions answer for a game and for a seat's view.
 */
#include "schafkopf/core.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#define LORDS (SK_RANK_MASK(SK_OBER) | SK_RANK_MASK(SK_UNTER))

/* The classes a seat can bid: the official ones in their rank order,
 * then the variants (002); the ruleset's ranking orders them all. */
static const sk_contract BID_CLASSES[] = {
    {SK_C_SAUSPIEL, SK_NOSUIT, 0},  {SK_C_WENZ, SK_NOSUIT, 0},
    {SK_C_SOLO, SK_NOSUIT, 0},      {SK_C_WENZ, SK_NOSUIT, 1},
    {SK_C_SOLO, SK_NOSUIT, 1},      {SK_C_SIE, SK_NOSUIT, 0},
    {SK_C_GEIER, SK_NOSUIT, 0},     {SK_C_FARBWENZ, SK_NOSUIT, 0},
    {SK_C_FARBGEIER, SK_NOSUIT, 0}, {SK_C_BETTEL, SK_NOSUIT, 0},
    {SK_C_BETTEL_OUVERT, SK_NOSUIT, 0}, {SK_C_GEIER, SK_NOSUIT, 1},
    {SK_C_FARBWENZ, SK_NOSUIT, 1},  {SK_C_FARBGEIER, SK_NOSUIT, 1},
    {SK_C_HOCHZEIT, SK_NOSUIT, 0},
};

/* The trumps of a Sauspiel, which decide who may offer a Hochzeit. */
#define SAUSPIEL_TRUMPS (LORDS | SK_SUIT_MASK(SK_HERZ))
#define NBID_CLASSES (sizeof BID_CLASSES / sizeof BID_CLASSES[0])

/* Fills an error and returns code. */
static int fail(sk_error *err, int code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#include <stdarg.h>
static int fail(sk_error *err, int code, const char *rule, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        if (rule && n >= 0 && (size_t)n < sizeof err->msg)
            snprintf(err->msg + n, sizeof err->msg - (size_t)n, " (%s)", rule);
        err->rule = rule;
    }
    return code;
}

static int forehand(const sk_public *p)
{
    return (p->dealer + 1) % p->nseats;
}

/* The seat after `seat`, clockwise. */
static inline int next_seat(const sk_public *p, int seat)
{
    return seat + 1 == p->nseats ? 0 : seat + 1;
}

/* Whether the contract class is enabled by the ruleset. */
static bool class_allowed(const sk_rules *r, sk_contract c, bool first_game)
{
    if (r->players == 3 && c.type != SK_C_SOLO && c.type != SK_C_WENZ && c.type != SK_C_SIE)
        return false; /* 002: three players play only Solo and Wenz */
    if (c.tout && first_game && r->first_game_limits)
        return false; /* 5.2.15: no Tout in the first game */
    switch (c.type) {
    case SK_C_SAUSPIEL:
        return !c.tout;
    case SK_C_SOLO:
        return r->allow_solo && (!c.tout || r->allow_tout);
    case SK_C_WENZ:
        return r->allow_wenz && (!c.tout || r->allow_tout);
    case SK_C_SIE:
        return r->allow_sie && (!first_game || r->sie_first_game);
    case SK_C_GEIER:
        return r->allow_geier && (!c.tout || r->allow_tout);
    case SK_C_FARBWENZ:
        return r->allow_farbwenz && (!c.tout || r->allow_tout);
    case SK_C_FARBGEIER:
        return r->allow_farbgeier && (!c.tout || r->allow_tout);
    case SK_C_BETTEL:
        return r->allow_bettel && !c.tout;
    case SK_C_BETTEL_OUVERT:
        return r->allow_bettel_ouvert && !c.tout;
    case SK_C_HOCHZEIT:
        return r->allow_hochzeit && !c.tout;
    default:
        return false;
    }
}

/* Whether `hand` may call the ace of `suit` (2.5.1, 2.5.3): not hearts,
 * the ace not held, and a card of the suit that is no Ober or Unter. */
static bool can_call(sk_cards hand, int suit)
{
    if (suit == SK_HERZ || suit < 0 || suit > 3)
        return false;
    if (hand & SK_BIT(SK_CARD(suit, SK_ASS)))
        return false;
    return (hand & SK_SUIT_MASK(suit) & ~LORDS) != 0;
}

/* Whether a hand is a Sie: all four Obers and Unters (2.9.1); with short
 * cards the Obers and the highest Unters, as many as a hand holds (002). */
static bool sie_hand(const sk_public *p, sk_cards hand)
{
    static const uint8_t LORD_SEQ[8] = {
        SK_CARD(SK_EICHEL, SK_OBER),  SK_CARD(SK_GRAS, SK_OBER),  SK_CARD(SK_HERZ, SK_OBER),
        SK_CARD(SK_SCHELLEN, SK_OBER), SK_CARD(SK_EICHEL, SK_UNTER), SK_CARD(SK_GRAS, SK_UNTER),
        SK_CARD(SK_HERZ, SK_UNTER),  SK_CARD(SK_SCHELLEN, SK_UNTER)};
    for (int i = 0; i < p->ntricks; i++)
        if (!(hand & SK_BIT(LORD_SEQ[i])))
            return false;
    return true;
}

/* The card a Sauspiel on `suit` calls: the Sau -- or, for a Muss player
 * who holds it, the Ten, or the King if he holds the Ten too (002). */
static int called_card(sk_cards hand, int suit)
{
    static const int RANKS[3] = {SK_ASS, SK_ZEHN, SK_KOENIG};
    for (int i = 0; i < 3; i++)
        if (!(hand & SK_BIT(SK_CARD(suit, RANKS[i]))))
            return SK_CARD(suit, RANKS[i]);
    return SK_NOCARD;
}

/* The calls only a Muss player may make (002): blocked, he calls a Sau
 * he lacks even without a card of its suit (Renonce); holding all three
 * Sauen, a Ten he lacks; holding those Tens too, a King. */
static bool muss_call(sk_cards hand, int suit)
{
    if (suit > 3 || suit == SK_HERZ)
        return false;
    int card = called_card(hand, suit);
    sk_cards aces = SK_BIT(SK_CARD(SK_EICHEL, 0)) | SK_BIT(SK_CARD(SK_GRAS, 0)) |
                    SK_BIT(SK_CARD(SK_SCHELLEN, 0));
    sk_cards tens = aces << SK_ZEHN;
    bool blocked = !can_call(hand, SK_EICHEL) && !can_call(hand, SK_GRAS) &&
                   !can_call(hand, SK_SCHELLEN);
    switch (card == SK_NOCARD ? -1 : SK_RANK_OF(card)) {
    case SK_ASS:
        return blocked; /* Renonce */
    case SK_ZEHN:
        return (hand & aces) == aces;
    case SK_KOENIG:
        return (hand & aces) == aces && (hand & tens) == tens;
    default:
        return false;
    }
}

/* Whether a fully named contract is valid for the declarer's hand:
 * 2.5.1/2.5.3 (callable ace), 2.6.4 (a card of the trump suit: a plain
 * one, as the Ober and Unter are trump in every Solo), 2.9.1 (Sie). */
static bool contract_valid(const sk_rules *r, const sk_public *p, sk_contract c, sk_cards hand)
{
    if (!class_allowed(r, c, p->first_game))
        return false;
    switch (c.type) {
    case SK_C_SAUSPIEL:
        if (p->kreuzbock) /* partners across, nothing is called (002) */
            return c.suit == SK_NOSUIT;
        return can_call(hand, c.suit) || (p->muss && muss_call(hand, c.suit));
    case SK_C_SOLO:
        return c.suit < 4 && (hand & SK_SUIT_MASK(c.suit) & ~LORDS) != 0;
    case SK_C_WENZ:
        return c.suit == SK_NOSUIT;
    case SK_C_SIE:
        return sie_hand(p, hand) && !c.tout;
    case SK_C_FARBWENZ: /* by analogy with 2.6.4: a card of the suit that is no Unter */
        return c.suit < 4 && (hand & SK_SUIT_MASK(c.suit) & ~SK_RANK_MASK(SK_UNTER)) != 0;
    case SK_C_FARBGEIER: /* ... that is no Ober */
        return c.suit < 4 && (hand & SK_SUIT_MASK(c.suit) & ~SK_RANK_MASK(SK_OBER)) != 0;
    case SK_C_GEIER:
    case SK_C_BETTEL:
    case SK_C_BETTEL_OUVERT:
        return c.suit == SK_NOSUIT;
    case SK_C_HOCHZEIT: /* 002: a player with exactly one trump */
        return c.suit == SK_NOSUIT && sk_cards_count(hand & SAUSPIEL_TRUMPS) == 1;
    default:
        return false;
    }
}

/* The fully named contracts of a class: one per suit where the contract
 * names a suit (a Kreuzbock Sauspiel names none). */
static int class_contracts(sk_contract cls, bool kreuzbock, sk_contract *out)
{
    bool suited = cls.type == SK_C_SOLO || cls.type == SK_C_FARBWENZ ||
                  cls.type == SK_C_FARBGEIER || (cls.type == SK_C_SAUSPIEL && !kreuzbock);
    if (!suited) {
        out[0] = (sk_contract){cls.type, SK_NOSUIT, cls.tout};
        return 1;
    }
    for (int s = 0; s < 4; s++)
        out[s] = (sk_contract){cls.type, (uint8_t)s, cls.tout};
    return 4;
}

/* The auction rank of a contract class, from the game's table. */
static inline int rank_of(const sk_public *p, sk_contract c)
{
    return p->rank[c.type < SK_C_NTYPES ? c.type : 0][c.tout ? 1 : 0];
}

/* The index of a class in BID_CLASSES, or -1. */
static int class_index(sk_contract c)
{
    for (size_t i = 0; i < NBID_CLASSES; i++)
        if (BID_CLASSES[i].type == c.type && BID_CLASSES[i].tout == c.tout)
            return (int)i;
    return -1;
}

/* Whether the ruleset allows bidding class `c` in this game. */
static bool bid_allowed(const sk_public *p, sk_contract c)
{
    int i = class_index(c);
    return i >= 0 && (p->classes_allowed >> i & 1);
}

/* Whether the hand can play some valid contract of class `c` (which the
 * ruleset allows): a callable ace for a Sauspiel, a plain trump-suit
 * card for some Solo, always a Wenz, all the lords for a Sie. */
static bool class_playable(const sk_public *p, sk_contract c, sk_cards hand)
{
    switch (c.type) {
    case SK_C_SAUSPIEL:
        return p->kreuzbock || can_call(hand, SK_EICHEL) || can_call(hand, SK_GRAS) ||
               can_call(hand, SK_SCHELLEN);
    case SK_C_SOLO:
        return (hand & ~LORDS) != 0;
    case SK_C_SIE:
        return sie_hand(p, hand);
    case SK_C_FARBWENZ:
        return (hand & ~SK_RANK_MASK(SK_UNTER)) != 0;
    case SK_C_FARBGEIER:
        return (hand & ~SK_RANK_MASK(SK_OBER)) != 0;
    case SK_C_HOCHZEIT:
        return sk_cards_count(hand & SAUSPIEL_TRUMPS) == 1;
    default:
        return true;
    }
}

/* The highest rank of a contract the hand can play: a bid is a binding
 * promise (2.4.2, 2.4.10), so none may be made above it. */
static int best_rank(const sk_public *p, sk_cards hand)
{
    int best = -1;
    for (unsigned m = p->classes_allowed; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        int k = p->class_rank[i];
        if (k > best && class_playable(p, BID_CLASSES[i], hand))
            best = k;
    }
    return best;
}

/*
 * Checks a bid of class `c` by `seat` in the auction state `p`.  Opening
 * bid (nobody holds): the lowest class, "ich spiele" (2.4.2).  Challenge
 * or challenger's raise: a higher rank than the holder's claim (2.4.6,
 * 2.4.8).  Holder's answer: at least the challenger's rank ("ich spiele
 * selbst", 2.4.8-2.4.9).  Returns 0 or an error.
 */
static int check_bid(const sk_public *p, int best, int seat, sk_contract c, sk_error *err)
{
    c.suit = SK_NOSUIT;
    if (!bid_allowed(p, c))
        return fail(err, SK_EILLEGAL, "2.4.4", "seat %d may not bid this class: not allowed "
                    "by the ruleset", seat);
    int rank = rank_of(p, c);
    if (p->holder == SK_NOSEAT) {
        if (rank != p->lowest_rank)
            return fail(err, SK_EILLEGAL, "2.4.2", "seat %d opens the bidding: only "
                        "\"ich spiele\" (bid sauspiel), the class is named later", seat);
    } else if (p->challenger == SK_NOSEAT || seat == p->challenger) {
        if (rank <= rank_of(p, p->holder_bid))
            return fail(err, SK_EILLEGAL, "2.4.6", "seat %d must bid a higher class than "
                        "the holder's to play too", seat);
    } else {
        if (rank < rank_of(p, p->challenger_bid))
            return fail(err, SK_EILLEGAL, "2.4.8", "seat %d keeps the game only with an "
                        "equal or higher class than the challenger's", seat);
    }
    if (rank > best)
        return fail(err, SK_EILLEGAL, "2.4.10", "seat %d cannot play a game of that class: "
                    "an invalid bid", seat);
    return SK_OK;
}

/* Moves the auction on to the next seat of the opening round, or ends
 * it: to the declaration, or thrown in when all passed (2.4.13). */
static void auction_next(sk_public *p)
{
    p->spoken++;
    p->challenger = SK_NOSEAT;
    if (p->spoken < p->nseats) {
        p->speaker = (uint8_t)((forehand(p) + p->spoken) % p->nseats);
        p->to_move = p->speaker;
    } else if (p->holder == SK_NOSEAT) {
        p->phase = SK_PHASE_DONE;
        p->to_move = SK_NOSEAT;
    } else {
        p->phase = SK_PHASE_DECLARE;
        p->declarer = p->holder;
        p->to_move = p->holder;
    }
}

/* Applies an auction action already checked for turn and legality. */
static void auction_apply(sk_public *p, sk_action a)
{
    sk_contract c = a.contract;
    c.suit = SK_NOSUIT;
    if (a.type == SK_ACT_PASS) {
        if (p->challenger == SK_NOSEAT) {
            auction_next(p); /* the speaker passes */
        } else if (a.seat == p->holder) {
            p->holder = p->challenger; /* yields, 2.4.7 */
            p->holder_bid = p->challenger_bid;
            auction_next(p);
        } else {
            auction_next(p); /* the challenger gives up */
        }
        return;
    }
    if (p->holder == SK_NOSEAT) {
        p->holder = a.seat;
        p->holder_bid = c;
        auction_next(p);
    } else if (p->challenger == SK_NOSEAT || a.seat == p->challenger) {
        p->challenger = a.seat;
        p->challenger_bid = c;
        p->to_move = p->holder;
    } else {
        p->holder_bid = c;
        p->to_move = p->challenger;
    }
}

/* Whether `seat` is on the declarer's side as far as it knows itself:
 * the declarer, or the holder of the called ace. */
static bool on_declarer_side(const sk_public *p, sk_cards hand, int seat)
{
    if (seat == p->declarer || seat == p->partner)
        return true;
    return p->called_ace != SK_NOCARD && (hand & SK_BIT(p->called_ace));
}

/* Which doubling type is next and whether `seat` may give it now (3.3):
 * only while at most the opening lead lies on the table, within the
 * ruleset's limit, Kontra by a defender, Retour by the declarer's side. */
static bool may_double(const sk_rules *r, const sk_public *p, sk_cards hand, int seat,
                       int type)
{
    if (p->phase != SK_PHASE_PLAY || p->trick_no != 0 || p->contract.type == SK_C_RAMSCH ||
        p->muss) /* no Kontra in a Ramsch or a Muss (002) */
        return false;
    switch (r->kontra_timing) {
    case SK_KONTRA_BEFORE_PLAY:
        if (p->trick_len > 0)
            return false;
        break;
    case SK_KONTRA_OWN_CARD: /* the seat still holds all its cards */
        if ((seat - p->trick_leader + p->nseats) % p->nseats < p->trick_len)
            return false;
        break;
    default: /* 3.3.2: while at most the opening lead is on the table */
        if (p->trick_len > 1)
            return false;
        break;
    }
    if (p->doublings >= r->kontra_max || p->doublings >= 8)
        return false;
    bool declarer_side = on_declarer_side(p, hand, seat);
    if (p->doublings % 2 == 0)
        return type == SK_ACT_KONTRA && !declarer_side;
    if (type != SK_ACT_RETOUR || !declarer_side)
        return false;
    return seat == p->declarer || r->retour_by_partner;
}

/* Bettel with Stichzwang: of the cards that follow, those that beat the
 * best card of the trick so far, if there are any. */
static sk_cards must_beat(const sk_public *p, sk_cards follow)
{
    const sk_order *o = &p->order;
    int best = 0;
    for (int i = 0; i < p->trick_len; i++)
        if ((o->follow[p->trick[0]] & SK_BIT(p->trick[i])) && o->power[p->trick[i]] > best)
            best = o->power[p->trick[i]];
    sk_cards higher = 0;
    for (sk_cards c = follow; c; c &= c - 1)
        if (o->power[sk_cards_first(c)] > best)
            higher |= c & -c;
    return higher ? higher : follow;
}

/*
 * The cards the seat to move may play (3.2 and the called-ace rules):
 * follow the led suit, trumps counting as one suit; the called ace must
 * be played when its suit is led (2.5.2); its holder leads the suit only
 * with the ace unless he runs away with four cards (2.5.4); it is not
 * discarded before its suit was led, except in the last trick (2.5.5).
 */
static sk_cards legal_cards(const sk_public *p, sk_cards hand)
{
    const sk_order *o = &p->order;
    sk_cards ace = p->called_ace != SK_NOCARD ? SK_BIT(p->called_ace) : 0;
    bool restricted = (hand & ace) && !p->called_led;
    if (p->trick_len == 0) {
        if (!restricted)
            return hand;
        sk_cards suit = o->follow[p->called_ace] & hand;
        if (sk_cards_count(suit) >= 4)
            return hand; /* may run away */
        return hand & ~(suit & ~ace);
    }
    sk_cards follow = o->follow[p->trick[0]] & hand;
    if (follow) {
        if ((follow & ace) && !p->ran_away)
            return ace;
        if (p->stichzwang)
            return must_beat(p, follow);
        return follow;
    }
    if (restricted && p->trick_no < p->ntricks - 1)
        return hand & ~ace;
    return hand;
}

/* Explains why `card` is not among the legal cards of the seat to move. */
static int card_refusal(const sk_public *p, sk_cards hand, int seat, int card, sk_error *err)
{
    const char *name = sk_card_name(card);
    if (!(hand & SK_BIT(card)))
        return fail(err, SK_EILLEGAL, "3.2", "seat %d does not hold %s", seat, name);
    if (p->trick_len > 0) {
        int led = p->trick[0];
        sk_cards follow = p->order.follow[led] & hand;
        if (p->called_ace != SK_NOCARD && (follow & SK_BIT(p->called_ace)) && !p->ran_away)
            return fail(err, SK_EILLEGAL, "2.5.2", "seat %d must play the called ace %s, "
                        "not %s", seat, sk_card_name(p->called_ace), name);
        if (follow && p->stichzwang && (follow & SK_BIT(card)))
            return fail(err, SK_EILLEGAL, "002 Bettel", "seat %d may not play %s: must beat the "
                        "trick when he can (Stichzwang)", seat, name);
        if (follow) {
            bool trump = p->order.trumps & SK_BIT(led);
            return fail(err, SK_EILLEGAL, trump ? "3.2.2" : "3.2.1",
                        "seat %d may not play %s: must follow %s", seat, name,
                        trump ? "trump" : "suit");
        }
        return fail(err, SK_EILLEGAL, "2.5.5", "seat %d may not discard the called ace %s "
                    "before its suit was led", seat, name);
    }
    return fail(err, SK_EILLEGAL, "2.5.4", "seat %d holds the called ace and may lead its "
                "suit only with the ace (running away needs four cards)", seat);
}

/* Completes a trick: the winner takes it and leads next (3.1.2-3.1.5). */
static void finish_trick(sk_public *p)
{
    int n = p->nseats;
    int w = (p->trick_leader + sk_order_trick_winner_n(&p->order, p->trick, n)) % n;
    int t = p->trick_no;
    memcpy(p->tricks[t], p->trick, 4);
    p->trick_leaders[t] = p->trick_leader;
    p->trick_winners[t] = (uint8_t)w;
    for (int i = 0; i < n; i++)
        p->won[w] |= SK_BIT(p->trick[i]);
    p->trick_no++;
    p->trick_len = 0;
    if (p->contract.type == SK_C_BETTEL_OUVERT)
        p->open_seat = p->declarer; /* the hand is laid open after the first trick */
    p->trick_leader = (uint8_t)w;
    p->to_move = (uint8_t)w;
    if (p->trick_no == p->ntricks) {
        p->phase = SK_PHASE_DONE;
        p->to_move = SK_NOSEAT;
    }
}

/* Plays a legal card of the seat to move, who held `hand` before. */
static void play_card(sk_public *p, int seat, int card, sk_cards hand)
{
    const sk_order *o = &p->order;
    if (p->trick_len == 0) {
        if (p->called_ace != SK_NOCARD && !p->called_led &&
            o->follow[card] == o->follow[p->called_ace] && !(o->trumps & SK_BIT(card))) {
            p->called_led = 1; /* the called suit is searched (2.5.5) */
            if (card != p->called_ace && (hand & SK_BIT(p->called_ace)))
                p->ran_away = 1; /* its holder leads the suit low: 2.5.4 */
        }
    } else if (!(o->follow[p->trick[0]] & SK_BIT(card))) {
        p->shown_void[seat] |= o->follow[p->trick[0]];
    }
    if (card == p->called_ace)
        p->partner = (uint8_t)seat;
    p->trick[p->trick_len++] = (uint8_t)card;
    p->played |= SK_BIT(card);
    p->to_move = (uint8_t)next_seat(p, seat);
    if (p->trick_len == p->nseats)
        finish_trick(p);
}

/* Caches the legal cards of the seat to move (see sk_game.legal). */
static void cache_legal(sk_game *g)
{
    if (g->pub.phase != SK_PHASE_PLAY) {
        g->legal = g->legal_hand = 0;
        return;
    }
    g->legal_hand = g->hands[g->pub.to_move];
    g->legal = legal_cards(&g->pub, g->legal_hand);
}

/* Names the contract and starts the play, or ends a Sie at once (2.9). */
static void declare(sk_game *g, sk_contract c)
{
    sk_public *p = &g->pub;
    p->contract = c;
    p->stichzwang = g->rules->bettel_stichzwang &&
                    (c.type == SK_C_BETTEL || c.type == SK_C_BETTEL_OUVERT);
    sk_order_init_deck(&p->order, c, sk_deck_cards(g->rules->deck));
    if (c.type == SK_C_SIE) {
        p->phase = SK_PHASE_DONE;
        p->to_move = SK_NOSEAT;
        return;
    }
    if (c.type == SK_C_HOCHZEIT) { /* the offer goes round from the next seat */
        p->phase = SK_PHASE_HOCHZEIT;
        p->to_move = (uint8_t)next_seat(p, p->declarer);
        return;
    }
    if (c.type == SK_C_SAUSPIEL && p->kreuzbock) {
        g->partner = p->partner = (uint8_t)((p->declarer + 2) % 4); /* across (002) */
    } else if (c.type == SK_C_SAUSPIEL) {
        p->called_ace = (uint8_t)called_card(g->hands[p->declarer], c.suit);
        for (int s = 0; s < 4; s++)
            if (g->hands[s] & SK_BIT(p->called_ace))
                g->partner = (uint8_t)s;
    }
    p->phase = SK_PHASE_PLAY;
    p->trick_leader = (uint8_t)forehand(p); /* 3.1.1 */
    p->to_move = p->trick_leader;
    cache_legal(g);
}

/* Checks that four hands of eight are a partition of the deck. */
static int check_hands(const uint8_t hands[4][8], const sk_rules *r, sk_error *err)
{
    sk_cards seen = 0, cards = sk_rules_deck(r);
    int n = sk_rules_hand_size(r), seats = sk_rules_seats(r);
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 8; i++) {
            int c = hands[s][i];
            if (s >= seats) { /* the empty seat at a table of three */
                if (c != SK_NOCARD)
                    return fail(err, SK_EINVAL, NULL, "hand %d: there are only %d seats", s,
                                seats);
                continue;
            }
            if (i >= n) {
                if (c != SK_NOCARD)
                    return fail(err, SK_EINVAL, NULL, "hand %d: more than %d cards", s, n);
                continue;
            }
            if (c >= SK_NCARDS || !(cards & SK_BIT(c)))
                return fail(err, SK_EINVAL, NULL, "hand %d, card %d: %s is not in the deck",
                            s, i, c >= SK_NCARDS ? "no card" : sk_card_name(c));
            if (seen & SK_BIT(c))
                return fail(err, SK_EINVAL, NULL, "hand %d, card %d: %s dealt twice", s, i,
                            sk_card_name(c));
            seen |= SK_BIT(c);
        }
    return SK_OK;
}

static void start(sk_game *g, const sk_rules *rules, int dealer, const uint8_t hands[4][8],
                  bool first_game);

/* Starts a game from dealt hands; the auction begins with forehand. */
int sk_game_init(sk_game *g, const sk_rules *rules, int dealer, const uint8_t hands[4][8],
                 bool first_game, sk_error *err)
{
    if (dealer < 0 || dealer >= sk_rules_seats(rules))
        return fail(err, SK_EINVAL, NULL, "dealer %d is not a seat 0..%d", dealer,
                    sk_rules_seats(rules) - 1);
    int rc = check_hands(hands, rules, err);
    if (rc < 0)
        return rc;
    start(g, rules, dealer, hands, first_game);
    return SK_OK;
}

/* Sets up a game from hands known to be a valid deal. */
static void start(sk_game *g, const sk_rules *rules, int dealer, const uint8_t hands[4][8],
                  bool first_game)
{
    memset(g, 0, sizeof *g);
    g->rules = rules;
    g->partner = SK_NOSEAT;
    memcpy(g->dealt, hands, sizeof g->dealt);
    int n = sk_rules_hand_size(rules), seats = sk_rules_seats(rules);
    for (int s = 0; s < seats; s++)
        for (int i = 0; i < n; i++)
            g->hands[s] |= SK_BIT(hands[s][i]);
    sk_public *p = &g->pub;
    p->ntricks = (uint8_t)n;
    p->nseats = (uint8_t)seats;
    p->dealer = (uint8_t)dealer;
    p->first_game = first_game;
    p->phase = rules->klopfen != SK_KLOPF_OFF ? SK_PHASE_KLOPFEN : SK_PHASE_AUCTION;
    p->speaker = p->to_move = (uint8_t)((dealer + 1) % seats);
    p->holder = p->challenger = SK_NOSEAT;
    p->declarer = p->partner = p->open_seat = SK_NOSEAT;
    p->called_ace = SK_NOCARD;
    p->contract = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
    p->holder_bid = p->challenger_bid = p->contract;
    /* pub.order is filled when the contract is declared */
    p->lowest_rank = INT8_MAX;
    sk_rules_rank_table(rules, p->rank);
    for (size_t i = 0; i < NBID_CLASSES; i++) {
        p->class_rank[i] = (int8_t)rank_of(p, BID_CLASSES[i]);
        if (!class_allowed(rules, BID_CLASSES[i], first_game))
            continue;
        p->classes_allowed |= (uint16_t)(1u << i);
        if (p->class_rank[i] < p->lowest_rank) /* "ich spiele" claims the lowest game */
            p->lowest_rank = p->class_rank[i];
    }
    for (int s = 0; s < 4; s++)
        g->best_rank[s] = (int8_t)best_rank(p, g->hands[s]);
}

/* Sets the session's round flags on a game that has not started. */
int sk_game_set_round(sk_game *g, int bock, bool kreuzbock, sk_error *err)
{
    if (g->pub.nactions != 0)
        return fail(err, SK_ESTATE, NULL, "Bock and Kreuzbock are set before the first action");
    if (bock < 0 || bock > 8)
        return fail(err, SK_ERANGE, NULL, "Bock level %d out of range (0..8)", bock);
    g->pub.bock = (uint8_t)bock;
    g->pub.kreuzbock = kreuzbock;
    for (int s = 0; s < 4; s++) /* a Sauspiel is always possible in a Kreuzbock */
        g->best_rank[s] = (int8_t)best_rank(&g->pub, g->hands[s]);
    return SK_OK;
}

/* Shuffles, deals and starts a game. */
void sk_game_deal(sk_game *g, const sk_rules *rules, int dealer, sk_rng *rng, bool first_game)
{
    sk_deck d;
    uint8_t hands[4][8];
    sk_deck_shuffle_rules(&d, rules, rng);
    sk_deck_deal(&d, dealer, rules->deal_mode, hands);
    start(g, rules, dealer % sk_rules_seats(rules), hands, first_game); /* a valid deal */
}

static void log_action(sk_public *p, sk_action a);

/* Whether the seat to speak in the laying round may lay (002): anyone,
 * only after the seat before laid, only forehand, or only one seat. */
static bool may_lay(const sk_rules *r, const sk_public *p)
{
    switch (r->klopfen) {
    case SK_KLOPF_ALL:
        return true;
    case SK_KLOPF_CHAIN:
        return p->laid == p->klopf_spoken;
    case SK_KLOPF_FOREHAND:
        return p->klopf_spoken == 0;
    case SK_KLOPF_ONE:
        return p->laid == 0;
    default:
        return false;
    }
}

/* Applies a laying-round action: each seat from forehand speaks once,
 * then the auction starts with forehand. */
static int apply_klopfen(sk_game *g, sk_action a, sk_error *err)
{
    sk_public *p = &g->pub;
    if (a.type == SK_ACT_KLOPFEN && !may_lay(g->rules, p))
        return fail(err, SK_EILLEGAL, "002 Laying", "seat %d may not lay under this ruleset",
                    a.seat);
    if (a.type != SK_ACT_KLOPFEN && a.type != SK_ACT_PASS)
        return fail(err, SK_ESTATE, "002 Laying", "seat %d: only klopfen or pass before the "
                    "auction", a.seat);
    log_action(p, sk_action_make(a.type, a.seat, SK_NOCARD,
                                 (sk_contract){SK_C_NONE, SK_NOSUIT, 0}));
    p->laid += a.type == SK_ACT_KLOPFEN;
    p->klopf_spoken++;
    p->to_move = (uint8_t)((forehand(p) + p->klopf_spoken) % p->nseats);
    if (p->klopf_spoken == p->nseats)
        p->phase = SK_PHASE_AUCTION; /* to_move is forehand again */
    return SK_OK;
}

/* Stores one action (see sk_action_make on why not field by field). */
static inline void put(sk_action *o, int type, int seat, int card, sk_contract c)
{
    *o = sk_action_make(type, seat, card, c);
}

/* The ranks `seat` may claim now, [*lo, *hi] (the rules as in check_bid). */
static void bid_window(const sk_public *p, int seat, int best, int *lo, int *hi)
{
    *hi = best;
    if (p->holder == SK_NOSEAT) {
        *lo = p->lowest_rank;
        if (*hi > *lo)
            *hi = *lo;
    } else if (p->challenger == SK_NOSEAT || seat == p->challenger) {
        *lo = rank_of(p, p->holder_bid) + 1;
    } else {
        *lo = rank_of(p, p->challenger_bid);
    }
}

/* Appends the actions `seat` (holding `hand`) may take now. */
static int seat_legal(const sk_rules *r, const sk_public *p, sk_cards hand, int best, int seat,
                      sk_action *out)
{
    static const sk_contract NONE = {SK_C_NONE, SK_NOSUIT, 0};
    int n = 0;
    if (p->phase == SK_PHASE_HOCHZEIT && seat == p->to_move) {
        put(&out[n++], SK_ACT_PASS, seat, SK_NOCARD, NONE);
        for (sk_cards c = hand & ~SAUSPIEL_TRUMPS; c; c &= c - 1)
            put(&out[n++], SK_ACT_ACCEPT, seat, sk_cards_first(c), NONE);
    } else if (p->phase == SK_PHASE_KLOPFEN && seat == p->to_move) {
        put(&out[n++], SK_ACT_PASS, seat, SK_NOCARD, NONE);
        if (may_lay(r, p))
            put(&out[n++], SK_ACT_KLOPFEN, seat, SK_NOCARD, NONE);
    } else if (p->phase == SK_PHASE_AUCTION && seat == p->to_move) {
        put(&out[n++], SK_ACT_PASS, seat, SK_NOCARD, NONE);
        int lo, hi;
        bid_window(p, seat, best, &lo, &hi);
        for (unsigned m = p->classes_allowed; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            int k = p->class_rank[i];
            if (k >= lo && k <= hi)
                put(&out[n++], SK_ACT_BID, seat, SK_NOCARD, BID_CLASSES[i]);
        }
    } else if (p->phase == SK_PHASE_DECLARE && seat == p->to_move) {
        int need = rank_of(p, p->holder_bid);
        for (unsigned m = p->classes_allowed; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            if (p->class_rank[i] < need)
                continue;
            sk_contract cs[4];
            int k = class_contracts(BID_CLASSES[i], p->kreuzbock, cs);
            for (int j = 0; j < k; j++)
                if (contract_valid(r, p, cs[j], hand))
                    put(&out[n++], SK_ACT_DECLARE, seat, SK_NOCARD, cs[j]);
        }
    } else if (p->phase == SK_PHASE_PLAY) {
        if (seat == p->to_move)
            for (sk_cards c = legal_cards(p, hand); c; c &= c - 1)
                put(&out[n++], SK_ACT_CARD, seat, sk_cards_first(c), NONE);
        for (int t = SK_ACT_KONTRA; t <= SK_ACT_RETOUR; t++)
            if (may_double(r, p, hand, seat, t))
                put(&out[n++], t, seat, SK_NOCARD, NONE);
    }
    return n;
}

/* Every action any seat may take now. */
int sk_game_legal(const sk_game *g, sk_action *out)
{
    int n = 0;
    if (g->pub.phase == SK_PHASE_PLAY) {
        for (int s = 0; s < g->pub.nseats; s++)
            n += seat_legal(g->rules, &g->pub, g->hands[s], g->best_rank[s], s, out + n);
    } else if (g->pub.phase != SK_PHASE_DONE) {
        int s = g->pub.to_move;
        n = seat_legal(g->rules, &g->pub, g->hands[s], g->best_rank[s], s, out);
    }
    assert(n <= SK_MAX_LEGAL);
    return n;
}

/* The legal cards of the seat to move, as a set. */
sk_cards sk_game_legal_cards(const sk_game *g)
{
    if (g->pub.phase != SK_PHASE_PLAY)
        return 0;
    sk_cards hand = g->hands[g->pub.to_move];
    return hand == g->legal_hand ? g->legal : legal_cards(&g->pub, hand);
}


/* Records an applied action in the public history. */
static void log_action(sk_public *p, sk_action a)
{
    assert(p->nactions < SK_MAX_ACTIONS);
    p->actions[p->nactions++] = a;
}

/* Answers a Hochzeit offer (002): the first seat (clockwise from the
 * declarer) that takes it gives a non-trump card for the trump and is
 * the partner; when nobody does, the deal is thrown in. */
static int apply_hochzeit(sk_game *g, sk_action a, sk_error *err)
{
    sk_public *p = &g->pub;
    if (a.type == SK_ACT_ACCEPT) {
        if (a.card >= SK_NCARDS || !(g->hands[a.seat] & SK_BIT(a.card)) ||
            (SAUSPIEL_TRUMPS & SK_BIT(a.card)))
            return fail(err, SK_EILLEGAL, "002 Hochzeit", "seat %d must give a non-trump card "
                        "of his own for the Hochzeit", a.seat);
    } else if (a.type != SK_ACT_PASS) {
        return fail(err, SK_ESTATE, "002 Hochzeit", "seat %d: take the Hochzeit or pass",
                    a.seat);
    }
    log_action(p, sk_action_make(a.type, a.seat, a.type == SK_ACT_ACCEPT ? a.card : SK_NOCARD,
                                 (sk_contract){SK_C_NONE, SK_NOSUIT, 0}));
    if (a.type == SK_ACT_PASS) {
        if (++p->offer_spoken == p->nseats - 1) { /* nobody takes it: thrown in */
            p->contract = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
            p->declarer = SK_NOSEAT;
            p->phase = SK_PHASE_DONE;
            p->to_move = SK_NOSEAT;
        } else {
            p->to_move = (uint8_t)next_seat(p, p->to_move);
        }
        return SK_OK;
    }
    sk_cards trump = g->hands[p->declarer] & SAUSPIEL_TRUMPS;
    g->hands[p->declarer] = (g->hands[p->declarer] & ~trump) | SK_BIT(a.card);
    g->hands[a.seat] = (g->hands[a.seat] & ~SK_BIT(a.card)) | trump;
    g->partner = p->partner = a.seat;
    p->phase = SK_PHASE_PLAY;
    p->trick_leader = p->to_move = (uint8_t)forehand(p); /* 3.1.1 */
    cache_legal(g);
    return SK_OK;
}

/* All passed under "Muss" (002): the holder of the Eichel-Ober must
 * declare a game, as if he alone had said "ich spiele". */
static void start_muss(sk_game *g)
{
    sk_public *p = &g->pub;
    int eo = SK_CARD(SK_EICHEL, SK_OBER);
    for (int s = 0; s < 4; s++)
        if (g->hands[s] & SK_BIT(eo))
            p->holder = (uint8_t)s;
    p->holder_bid = BID_CLASSES[0];
    p->muss = 1;
    p->phase = SK_PHASE_DECLARE;
    p->declarer = p->to_move = p->holder;
}

/* Checks and applies an auction or declaration action. */
static int apply_bidding(sk_game *g, sk_action a, sk_error *err)
{
    sk_public *p = &g->pub;
    const sk_rules *r = g->rules;
    sk_cards hand = g->hands[a.seat];
    if (p->phase == SK_PHASE_AUCTION) {
        if (a.type == SK_ACT_BID) {
            int rc = check_bid(p, g->best_rank[a.seat], a.seat, a.contract, err);
            if (rc < 0)
                return rc;
        } else if (a.type != SK_ACT_PASS) {
            return fail(err, SK_ESTATE, "2.4.12", "seat %d: only pass or bid during the "
                        "auction", a.seat);
        }
        a.contract.suit = SK_NOSUIT;
        if (a.type == SK_ACT_PASS)
            a.contract = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
        log_action(p, a);
        auction_apply(p, a);
        if (p->phase == SK_PHASE_DONE && g->rules->all_pass == SK_ALLPASS_RAMSCH)
            declare(g, (sk_contract){SK_C_RAMSCH, SK_NOSUIT, 0}); /* all passed: Ramsch */
        else if (p->phase == SK_PHASE_DONE && g->rules->all_pass == SK_ALLPASS_MUSS)
            start_muss(g);
        return SK_OK;
    }
    if (a.type != SK_ACT_DECLARE)
        return fail(err, SK_ESTATE, "2.4.12", "seat %d must name the contract now", a.seat);
    if (rank_of(p, a.contract) < rank_of(p, p->holder_bid))
        return fail(err, SK_EILLEGAL, "2.4.10", "seat %d bid a higher class than the "
                    "contract named", a.seat);
    if (!contract_valid(r, p, a.contract, hand)) {
        int t = a.contract.type;
        const char *rule = t == SK_C_SAUSPIEL                                   ? "2.5.1"
                           : t == SK_C_SOLO || t == SK_C_FARBWENZ || t == SK_C_FARBGEIER ? "2.6.4"
                           : a.contract.type == SK_C_SIE    ? "2.9.1"
                                                            : "2.4.4";
        char name[48];
        sk_contract_code(a.contract, name, sizeof name);
        return fail(err, SK_EILLEGAL, rule, "seat %d may not declare %s with this hand or "
                    "ruleset", a.seat, name);
    }
    log_action(p, a);
    declare(g, a.contract);
    return SK_OK;
}

/* Applies one action if the rules allow it. */
int sk_game_apply(sk_game *g, sk_action a, sk_error *err)
{
    sk_public *p = &g->pub;
    if (a.seat >= p->nseats)
        return fail(err, SK_EINVAL, NULL, "seat %d is not a seat 0..%d", a.seat, p->nseats - 1);
    if (p->phase == SK_PHASE_DONE)
        return fail(err, SK_ESTATE, NULL, "seat %d acts after the game is over", a.seat);
    if (a.type == SK_ACT_KONTRA || a.type == SK_ACT_RETOUR) {
        if (!may_double(g->rules, p, g->hands[a.seat], a.seat, a.type))
            return fail(err, SK_EILLEGAL, g->rules->kontra_max ? "3.3" : "5.2.4",
                        "seat %d may not give %s now", a.seat,
                        a.type == SK_ACT_KONTRA ? "Kontra" : "Retour");
        p->kontra_seat[p->doublings++] = a.seat;
        p->last_doubler_side = a.type == SK_ACT_RETOUR;
        log_action(p, a);
        return SK_OK;
    }
    if (a.type == SK_ACT_CARD && p->phase == SK_PHASE_PLAY && a.seat == p->to_move &&
        a.card < SK_NCARDS) { /* the common case first */
        sk_cards hand = g->hands[a.seat];
        sk_cards legal = hand == g->legal_hand ? g->legal : legal_cards(p, hand);
        if (!(legal & SK_BIT(a.card)))
            return card_refusal(p, hand, a.seat, a.card, err);
        g->hands[a.seat] = hand & ~SK_BIT(a.card);
        assert(p->nactions < SK_MAX_ACTIONS);
        put(&p->actions[p->nactions++], SK_ACT_CARD, a.seat, a.card,
            (sk_contract){SK_C_NONE, SK_NOSUIT, 0});
        play_card(p, a.seat, a.card, hand);
        cache_legal(g);
        return SK_OK;
    }
    if (a.seat != p->to_move)
        return fail(err, SK_ESTATE, p->phase == SK_PHASE_PLAY ? "3.4.7" : "2.4.1",
                    "seat %d acts out of turn: seat %d is to move", a.seat, p->to_move);
    if (p->phase != SK_PHASE_PLAY)
        return p->phase == SK_PHASE_KLOPFEN    ? apply_klopfen(g, a, err)
               : p->phase == SK_PHASE_HOCHZEIT ? apply_hochzeit(g, a, err)
                                               : apply_bidding(g, a, err);
    if (a.type != SK_ACT_CARD)
        return fail(err, SK_ESTATE, "3.1", "seat %d must play a card", a.seat);
    return fail(err, SK_EINVAL, NULL, "seat %d: no such card", a.seat);
}

/* The view of one seat: public state and its own hand only. */
void sk_game_view(const sk_game *g, int seat, sk_view *v)
{
    v->rules = g->rules;
    v->seat = (uint8_t)seat;
    v->hand = g->hands[seat];
    memcpy(v->dealt, g->dealt[seat], sizeof v->dealt);
    if (g->pub.phase == SK_PHASE_KLOPFEN) { /* only the first packet is picked up */
        v->hand = 0;
        int first = (g->pub.ntricks + 1) / 2; /* 4, or 3 with short cards (002) */
        for (int i = 0; i < 8; i++)
            if (i < first)
                v->hand |= SK_BIT(g->dealt[seat][i]);
            else
                v->dealt[i] = SK_NOCARD;
    }
    v->open_hand = g->pub.open_seat < 4 ? g->hands[g->pub.open_seat] : 0;
    v->pub = g->pub;
    for (int i = 0; i < v->pub.nactions; i++) { /* a Hochzeit card is passed face down */
        sk_action *a = &v->pub.actions[i];
        if (a->type == SK_ACT_ACCEPT && seat != a->seat && seat != v->pub.declarer)
            a->card = SK_NOCARD;
    }
}

/* The actions the view's seat may take now. */
int sk_view_legal(const sk_view *v, sk_action *out)
{
    int best = v->pub.phase == SK_PHASE_AUCTION ? best_rank(&v->pub, v->hand) : -1;
    return seat_legal(v->rules, &v->pub, v->hand, best, v->seat, out);
}
