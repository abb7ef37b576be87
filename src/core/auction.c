/*
 * auction.c -- who may bid and declare what: the auction of 2.4 as a
 * duel machine, the laying round, the Hochzeit offer, Muss, and the
 * validity of every contract for a hand.
 *
 * Seats speak once in turn from forehand; a seat that bids while another
 * holds the right to play challenges the holder, and the two raise their
 * claims -- the challenger must claim a higher class, the holder keeps
 * the game with an equal one -- until one yields (2.4.6-2.4.9, 2.4.11).
 * A bid claims a class (the contract is named only when the declarer is
 * determined, 2.4.12) and binds (2.4.10), so no seat may claim a class its
 * hand cannot play.  docs/rules.md walks through examples.
 */
#include "game_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The bid classes (classes.c): a class's bit in the masks below is its
 * index in this list. */
#define BID_CLASSES skx_bid_classes
#define NBID_CLASSES SKX_NCLASSES

/* Whether a hand may offer a Hochzeit (002): exactly one trump of the
 * Sauspiel order, or with Bauernhochzeit (Doppelhochzeit) exactly two. */
static bool hochzeit_hand(const sk_rules *r, sk_cards hand)
{
    int n = skx_cards_count(hand & SKX_SAUSPIEL_TRUMPS);
    return (n == 1) | ((n == 2) & (r->bauernhochzeit != 0)); /* no branch: hands are random */
}

/* The cards of which a declarer must hold one; see core.h. */
sk_cards sk_contract_needs(sk_contract c, bool muss)
{
    if (c.suit > 3)
        return 0;
    sk_cards suit = SK_SUIT_MASK(c.suit);
    switch (c.type) {
    case SK_C_SAUSPIEL: /* 2.5.3: a plain card of the called suit; a Muss need not (002) */
        return muss || c.suit == SK_HERZ ? 0 : suit & ~SKX_LORDS & ~SK_RANK_MASK(SK_ASS);
    case SK_C_SOLO: /* 2.6.4: a card of the trump suit that is no Ober or Unter */
        return suit & ~SKX_LORDS;
    case SK_C_FARBWENZ: /* by analogy with 2.6.4: no Unter */
        return suit & ~SK_RANK_MASK(SK_UNTER);
    case SK_C_FARBGEIER: /* ... no Ober */
        return suit & ~SK_RANK_MASK(SK_OBER);
    default:
        return 0;
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
    return (hand & sk_contract_needs((sk_contract){SK_C_SAUSPIEL, (uint8_t)suit, 0}, false)) != 0;
}

/* The lords a Sie needs in a hand of n cards (2.9.1): all Obers and
 * Unters, or with short cards the Obers and the highest Unters (002). */
#define SKX_OB(s) SK_BIT(SK_CARD(s, SK_OBER))
#define SKX_UN(s) SK_BIT(SK_CARD(s, SK_UNTER))
#define SKX_OBERS (SKX_OB(SK_EICHEL) | SKX_OB(SK_GRAS) | SKX_OB(SK_HERZ) | SKX_OB(SK_SCHELLEN))
static const sk_cards SIE_LORDS[9] = {
    0, SKX_OB(SK_EICHEL), SKX_OB(SK_EICHEL) | SKX_OB(SK_GRAS),
    SKX_OBERS & ~SKX_OB(SK_SCHELLEN), SKX_OBERS, SKX_OBERS | SKX_UN(SK_EICHEL),
    SKX_OBERS | SKX_UN(SK_EICHEL) | SKX_UN(SK_GRAS), SKX_LORDS & ~SKX_UN(SK_SCHELLEN), SKX_LORDS};

/* Whether a hand is a Sie (2.9.1, see SIE_LORDS). */
static inline bool sie_hand(const sk_public *p, sk_cards hand)
{
    sk_cards sie = SIE_LORDS[p->ntricks <= 8 ? p->ntricks : 8];
    return (hand & sie) == sie;
}

/* The card a Sauspiel on `suit` calls: the Sau -- or, for a Muss player
 * who holds it, the Ten, or the King if he holds the Ten too (002). */
int skx_called_card(sk_cards hand, int suit)
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
    int card = skx_called_card(hand, suit);
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

/* Whether a fully named contract of an allowed class fits the
 * declarer's hand: 2.5.1/2.5.3 (callable ace), 2.6.4 (a card of the
 * trump suit: a plain one, as the Ober and Unter are trump in every
 * Solo -- but a hand of all the Obers and Unters may name any suit: it
 * has no plain card at all, and where its Sie does not count, 2.9.1, it
 * must still have a game, docs/rules.md), 2.9.1 (Sie). */
static inline bool contract_fits(const sk_rules *r, const sk_public *p, sk_contract c,
                                 sk_cards hand)
{
    switch (c.type) {
    case SK_C_SAUSPIEL:
        return can_call(hand, c.suit) || (p->muss && muss_call(hand, c.suit));
    case SK_C_SOLO:
        return (hand & sk_contract_needs(c, false)) != 0 || (c.suit < 4 && sie_hand(p, hand));
    case SK_C_FARBWENZ:
    case SK_C_FARBGEIER:
        return (hand & sk_contract_needs(c, false)) != 0;
    case SK_C_WENZ:
        return c.suit == SK_NOSUIT;
    case SK_C_SIE:
        return sie_hand(p, hand) && !c.tout;
    case SK_C_GEIER:
    case SK_C_BETTEL:
    case SK_C_BETTEL_OUVERT:
        return c.suit == SK_NOSUIT;
    case SK_C_HOCHZEIT: /* 002: a player with exactly one trump (two: Bauernhochzeit) */
        return c.suit == SK_NOSUIT && hochzeit_hand(r, hand);
    default:
        return false;
    }
}

/* Whether the ruleset allows bidding class `c` in this game: the game's
 * mask, which in the round after all passed holds the Hochzeit only. */
static inline bool bid_allowed(const sk_public *p, sk_contract c)
{
    int i = skx_class_index(c);
    return i >= 0 && (p->classes_allowed >> i & 1);
}

/* Whether a fully named contract is valid: its class allowed in this
 * game (classes_allowed says what the ruleset allows) and fitting the
 * hand. */
static inline bool contract_valid(const sk_rules *r, const sk_public *p, sk_contract c,
                                  sk_cards hand)
{
    return bid_allowed(p, c) && contract_fits(r, p, c, hand);
}

/* The suits of a set that hold one of its cards, a bit each: bit 7 of
 * each suit's byte says it is not empty, and a multiply gathers the
 * four bits at the top. */
static inline unsigned suits_of(sk_cards set)
{
    sk_cards full = (((set & 0x7f7f7f7fu) + 0x7f7f7f7fu) | set) & 0x80808080u;
    return (uint32_t)((full >> 7) * 0x10204080u) >> 28;
}

/* What contract_fits says of every contract of every class at once: for
 * each class (by index) the suits its contracts may name with this hand,
 * a bit each, or bit 4 when the class names none and fits -- whether the
 * ruleset allows the class or not.  For the declaration, which would
 * otherwise test each suit of each class, through a switch on a random
 * class. */
void skx_fitting_suits(const sk_rules *r, const sk_public *p, sk_cards hand,
                       uint8_t fit[SKX_NCLASSES])
{
    /* a suit but Herz with a plain card and without its Sau */
    unsigned call = suits_of(hand & ~SKX_LORDS) & ~suits_of(hand & SK_RANK_MASK(SK_ASS)) &
                    ~(1u << SK_HERZ);
    if (p->muss)
        for (int s = 0; s < 4; s++)
            call |= (unsigned)muss_call(hand, s) << s;
    unsigned solo = sie_hand(p, hand) ? 0xfu : suits_of(hand & ~SKX_LORDS); /* see contract_fits */
    unsigned farbwenz = suits_of(hand & ~SK_RANK_MASK(SK_UNTER));
    unsigned farbgeier = suits_of(hand & ~SK_RANK_MASK(SK_OBER));
    fit[SKX_CL_SAUSPIEL] = (uint8_t)call;
    fit[SKX_CL_SOLO] = fit[SKX_CL_SOLO_TOUT] = (uint8_t)solo;
    fit[SKX_CL_FARBWENZ] = fit[SKX_CL_FARBWENZ_TOUT] = (uint8_t)farbwenz;
    fit[SKX_CL_FARBGEIER] = fit[SKX_CL_FARBGEIER_TOUT] = (uint8_t)farbgeier;
    fit[SKX_CL_WENZ] = fit[SKX_CL_WENZ_TOUT] = fit[SKX_CL_GEIER] = fit[SKX_CL_GEIER_TOUT] = 16;
    fit[SKX_CL_BETTEL] = fit[SKX_CL_BETTEL_OUVERT] = 16;
    fit[SKX_CL_SIE] = (uint8_t)(sie_hand(p, hand) ? 16 : 0);
    fit[SKX_CL_HOCHZEIT] = (uint8_t)(hochzeit_hand(r, hand) ? 16 : 0);
}

/* Whether the first game's limits bar class `c` (5.2.15: no Tout in a
 * session's first game under first_game_limits), so a refusal names
 * that rule rather than the hand or the ruleset. */
static bool first_game_barred(const sk_rules *r, const sk_public *p, sk_contract c)
{
    return c.tout && p->first_game && r->first_game_limits &&
           skx_class_allowed(r, c, false);
}

/* The auction rank of a contract class, from the game's table. */
static inline int rank_of(const sk_public *p, sk_contract c)
{
    return p->rank[c.type < SK_C_NTYPES ? c.type : 0][c.tout ? 1 : 0];
}

/* The classes a hand can play some valid contract of, a bit each,
 * whatever the ruleset allows: a callable ace for a Sauspiel (a suit
 * but Herz with a plain card and without its Sau, 2.5.1), a plain card
 * for some Solo, Farbwenz or Farbgeier, all the lords for a Sie, the
 * trumps of a Hochzeit; a Wenz, Geier or Bettel always.  Bit operations
 * rather than a test per class: every deal asks this for four hands. */
static inline unsigned playable_classes(const sk_rules *r, const sk_public *p, sk_cards hand)
{
    sk_cards plain = hand & ~SKX_LORDS;
    /* bit 7 of each suit's byte: the suit has a plain card, and not its Sau */
    sk_cards has = (((plain & 0x7f7f7f7fu) + 0x7f7f7f7fu) | plain) & 0x80808080u;
    sk_cards callable = has & ~(hand << 7) & 0x80008080u; /* not Herz */
    unsigned can = 1u << SKX_CL_WENZ | 1u << SKX_CL_WENZ_TOUT | 1u << SKX_CL_GEIER |
                   1u << SKX_CL_GEIER_TOUT | 1u << SKX_CL_BETTEL | 1u << SKX_CL_BETTEL_OUVERT;
    can |= (unsigned)(callable != 0) << SKX_CL_SAUSPIEL;
    bool sie = sie_hand(p, hand);
    can |= (plain != 0) | sie ? 1u << SKX_CL_SOLO | 1u << SKX_CL_SOLO_TOUT : 0; /* contract_fits */
    can |= (hand & ~SK_RANK_MASK(SK_UNTER)) != 0
               ? 1u << SKX_CL_FARBWENZ | 1u << SKX_CL_FARBWENZ_TOUT : 0;
    can |= (hand & ~SK_RANK_MASK(SK_OBER)) != 0
               ? 1u << SKX_CL_FARBGEIER | 1u << SKX_CL_FARBGEIER_TOUT : 0;
    can |= (unsigned)sie << SKX_CL_SIE;
    can |= (unsigned)hochzeit_hand(r, hand) << SKX_CL_HOCHZEIT;
    return can;
}

/* The allowed classes from the highest rank down, into by_rank; returns
 * how many.  (Equal ranks keep the order of BID_CLASSES.) */
static int classes_by_rank(const sk_public *p, uint8_t *by_rank)
{
    int n = 0;
    for (unsigned m = p->classes_allowed; m; m &= m - 1) {
        int i = __builtin_ctz(m), j = n++;
        for (; j > 0 && p->class_rank[by_rank[j - 1]] < p->class_rank[i]; j--)
            by_rank[j] = by_rank[j - 1];
        by_rank[j] = (uint8_t)i;
    }
    return n;
}

/* The highest rank of a class in by_rank (see classes_by_rank) the hand
 * can play: the first one. */
static int best_rank_in(const sk_rules *r, const sk_public *p, const uint8_t *by_rank, int n,
                        sk_cards hand)
{
    unsigned can = playable_classes(r, p, hand);
    for (int j = 0; j < n; j++)
        if (can >> by_rank[j] & 1)
            return p->class_rank[by_rank[j]];
    return -1;
}

/* The highest rank of a contract the hand can play: a bid is a binding
 * promise (2.4.2, 2.4.10), so none may be made above it. */
int skx_best_rank(const sk_rules *r, const sk_public *p, sk_cards hand)
{
    uint8_t by_rank[NBID_CLASSES];
    return best_rank_in(r, p, by_rank, classes_by_rank(p, by_rank), hand);
}

/*
 * Checks a bid of class `c` by `seat` in the auction state `p`.  Opening
 * bid (nobody holds): the lowest class, "ich spiele" (2.4.2).  Challenge
 * or challenger's raise: a higher rank than the holder's claim (2.4.6,
 * 2.4.8).  Holder's answer: at least the challenger's rank ("ich spiele
 * selbst", 2.4.8-2.4.9).  Returns 0 or an error.
 */
static int check_bid(const sk_rules *r, const sk_public *p, int best, int seat, sk_contract c,
                     sk_error *err)
{
    c.suit = SK_NOSUIT;
    if (!bid_allowed(p, c) && first_game_barred(r, p, c))
        return skx_fail(err, SK_EILLEGAL, "5.2.15", "seat %d may not bid a Tout in the first "
                        "game", seat);
    if (!bid_allowed(p, c))
        return skx_fail(err, SK_EILLEGAL, "2.4.4", "seat %d may not bid this class: not allowed "
                    "by the ruleset", seat);
    int rank = rank_of(p, c);
    if (p->holder == SK_NOSEAT) {
        if (rank != p->lowest_rank)
            return skx_fail(err, SK_EILLEGAL, "2.4.2", "seat %d opens the bidding: only "
                        "\"ich spiele\" (bid sauspiel), the class is named later", seat);
    } else if (p->challenger == SK_NOSEAT || seat == p->challenger) {
        if (rank <= rank_of(p, p->holder_bid))
            return skx_fail(err, SK_EILLEGAL, "2.4.6", "seat %d must bid a higher class than "
                        "the holder's to play too", seat);
    } else {
        if (rank < rank_of(p, p->challenger_bid))
            return skx_fail(err, SK_EILLEGAL, "2.4.8", "seat %d keeps the game only with an "
                        "equal or higher class than the challenger's", seat);
    }
    if (rank > best)
        return skx_fail(err, SK_EILLEGAL, "2.4.10", "seat %d cannot play a game of that class: "
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
        int speaker = skx_forehand(p) + p->spoken; /* below 2 * nseats: no division */
        p->speaker = (uint8_t)(speaker - (speaker >= p->nseats ? p->nseats : 0));
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
int skx_apply_klopfen(sk_game *g, sk_action a, sk_error *err)
{
    sk_public *p = &g->pub;
    if (a.type == SK_ACT_KLOPFEN && !may_lay(g->rules, p))
        return skx_fail(err, SK_EILLEGAL, "002 Laying", "seat %d may not lay under this ruleset",
                    a.seat);
    if (a.type != SK_ACT_KLOPFEN && a.type != SK_ACT_PASS)
        return skx_fail(err, SK_ESTATE, "002 Laying", "seat %d: only klopfen or pass before the "
                    "auction", a.seat);
    skx_log_action(p, skx_action_make(a.type, a.seat, SK_NOCARD,
                                 (sk_contract){SK_C_NONE, SK_NOSUIT, 0}));
    p->laid += a.type == SK_ACT_KLOPFEN;
    p->klopf_spoken++;
    p->to_move = (uint8_t)((skx_forehand(p) + p->klopf_spoken) % p->nseats);
    if (p->klopf_spoken == p->nseats) {
        p->phase = SK_PHASE_AUCTION; /* to_move is forehand again */
        if (p->kreuzbock_round)
            skx_start_kreuzbock(g); /* no auction in a Kreuzbock round (002) */
    }
    return SK_OK;
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

/* The cards the taker of a Hochzeit has given so far: his last accept
 * actions (nothing can come between them).  Seen from a seat that may
 * not see them, they are unknown and left out. */
static sk_cards hochzeit_given(const sk_public *p)
{
    sk_cards given = 0;
    for (int i = 1; i <= p->hochzeit_given; i++) {
        sk_action a = p->actions[p->nactions - i];
        assert(a.type == SK_ACT_ACCEPT);
        if (a.card < SK_NCARDS)
            given |= SK_BIT(a.card);
    }
    return given;
}

/* The cards `hand` may still give for a Hochzeit: its non-trumps that it
 * has not given yet; none before the first card when they are fewer
 * than the trumps offered (a taker gives one card per trump, 002). */
static sk_cards hochzeit_offerable(const sk_public *p, sk_cards hand)
{
    sk_cards open = hand & ~SKX_SAUSPIEL_TRUMPS & ~hochzeit_given(p);
    if (p->hochzeit_given == 0 && skx_cards_count(open) < p->hochzeit_cards)
        return 0;
    return open;
}

/* Completes a Hochzeit: the declarer's trumps go to the taker, the cards
 * the taker gave to the declarer; the taker is the partner and forehand
 * leads (3.1.1). */
static void hochzeit_exchange(sk_game *g, int taker)
{
    sk_public *p = &g->pub;
    sk_cards given = hochzeit_given(p);
    sk_cards trumps = g->hands[p->declarer] & SKX_SAUSPIEL_TRUMPS;
    assert(skx_cards_count(given) == p->hochzeit_cards);
    assert(skx_cards_count(trumps) == p->hochzeit_cards);
    g->hands[p->declarer] = (g->hands[p->declarer] & ~trumps) | given;
    g->hands[taker] = (g->hands[taker] & ~given) | trumps;
    g->partner = p->partner = (uint8_t)taker;
    p->phase = SK_PHASE_PLAY;
    p->trick_leader = p->to_move = (uint8_t)skx_forehand(p);
}

/* The classes whose rank lies in [lo, hi], a bit each: all sixteen
 * compared at once where SSE2 is, else one by one without branches (the
 * window moves with every bid). */
static unsigned classes_ranked(const int8_t rank[16], int lo, int hi)
{
#ifdef __SSE2__ /* an empty window (lo > hi) compares empty: no branch on it */
    __m128i r = _mm_loadu_si128((const __m128i *)(const void *)rank);
    __m128i out = _mm_or_si128(_mm_cmplt_epi8(r, _mm_set1_epi8((char)lo)),
                               _mm_cmpgt_epi8(r, _mm_set1_epi8((char)hi)));
    return (unsigned)_mm_movemask_epi8(out) ^ 0xffffu;
#else
    if (lo > hi)
        return 0;
    unsigned in = 0;
    for (int i = 0; i < 16; i++)
        in |= (unsigned)((unsigned)(rank[i] - lo) <= (unsigned)(hi - lo)) << i;
    return in;
#endif
}

_Static_assert(NBID_CLASSES <= SK_MAX_BIDS, "SK_MAX_BIDS holds every bid class");

/* The classes `seat` (whose hand reaches rank `best`) may bid now, in
 * the order of BID_CLASSES; returns how many.  The auction's legal
 * actions are a pass and these bids. */
int skx_auction_bids(const sk_public *p, int best, int seat, sk_contract *out)
{
    int n = 0;
    for (unsigned m = skx_bid_mask(p, best, seat); m; m &= m - 1)
        out[n++] = BID_CLASSES[__builtin_ctz(m)];
    return n;
}

/* The classes `seat` (whose hand reaches rank `best`) may bid now, a
 * bit each (skx_auction_bids lists them). */
unsigned skx_bid_mask(const sk_public *p, int best, int seat)
{
    int lo, hi;
    bid_window(p, seat, best, &lo, &hi);
    return classes_ranked(p->class_rank, lo, hi) & p->classes_allowed;
}

/* The classes the declarer may name a contract of: the allowed ones at
 * least as high as his claim (2.4.10), a bit each. */
unsigned skx_declare_mask(const sk_public *p)
{
    return classes_ranked(p->class_rank, rank_of(p, p->holder_bid), INT8_MAX) &
           p->classes_allowed;
}

/* Answers a Hochzeit offer (002): the first seat (clockwise from the
 * declarer) that takes it gives a non-trump card face down for each
 * trump offered -- one, or two in a Bauernhochzeit, as two accept
 * actions in a row -- and is the partner; when nobody does, the deal
 * is thrown in. */
int skx_apply_hochzeit(sk_game *g, sk_action a, sk_error *err)
{
    sk_public *p = &g->pub;
    if (a.type == SK_ACT_ACCEPT) {
        if (a.card < SK_NCARDS && (hochzeit_given(p) & SK_BIT(a.card)))
            return skx_fail(err, SK_EILLEGAL, "002 Hochzeit", "seat %d has already given %s",
                            a.seat, sk_card_name(a.card));
        if (a.card >= SK_NCARDS || !(g->hands[a.seat] & SK_BIT(a.card)) ||
            (SKX_SAUSPIEL_TRUMPS & SK_BIT(a.card)))
            return skx_fail(err, SK_EILLEGAL, "002 Hochzeit", "seat %d must give a non-trump card "
                        "of his own for the Hochzeit", a.seat);
        if (!(hochzeit_offerable(p, g->hands[a.seat]) & SK_BIT(a.card)))
            return skx_fail(err, SK_EILLEGAL, "002 Bauernhochzeit", "seat %d has fewer than %d "
                            "non-trumps to give for the Hochzeit", a.seat, p->hochzeit_cards);
    } else if (a.type != SK_ACT_PASS) {
        return skx_fail(err, SK_ESTATE, "002 Hochzeit", "seat %d: take the Hochzeit or pass",
                    a.seat);
    } else if (p->hochzeit_given) {
        return skx_fail(err, SK_EILLEGAL, "002 Bauernhochzeit", "seat %d took the Hochzeit and "
                        "must give a second card", a.seat);
    }
    skx_log_action(p, skx_action_make(a.type, a.seat, a.type == SK_ACT_ACCEPT ? a.card : SK_NOCARD,
                                 (sk_contract){SK_C_NONE, SK_NOSUIT, 0}));
    if (a.type == SK_ACT_PASS) {
        if (++p->offer_spoken == p->nseats - 1) { /* nobody takes it: thrown in */
            p->contract = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
            p->declarer = SK_NOSEAT;
            p->phase = SK_PHASE_DONE;
            p->to_move = SK_NOSEAT;
        } else {
            p->to_move = (uint8_t)skx_next_seat(p, p->to_move);
        }
        return SK_OK;
    }
    g->partner = p->partner = a.seat; /* taking it is public */
    if (++p->hochzeit_given < p->hochzeit_cards)
        return SK_OK; /* the same seat gives the next card */
    hochzeit_exchange(g, a.seat);
    return SK_OK;
}

static void allowed_classes(sk_public *p, const sk_rules_derived *t);

/* With hochzeit_after_pass (002: a Hochzeit "may only be allowed if all
 * players have passed"), an auction in which all passed is followed by
 * one more round in which only a Hochzeit may be bid.  Every seat is
 * asked, whether or not some hand may offer one: a round held only when
 * somebody holds a single trump would tell the table so (docs/rules.md).
 * Returns whether that round starts. */
static bool hochzeit_round(sk_game *g)
{
    sk_public *p = &g->pub;
    const sk_rules *r = g->rules;
    if (!r->allow_hochzeit || !r->hochzeit_after_pass || p->hochzeit_round || p->nseats != 4)
        return false;
    int i = skx_class_index((sk_contract){SK_C_HOCHZEIT, SK_NOSUIT, 0});
    p->hochzeit_round = 1;
    p->classes_allowed = (uint16_t)(1u << i);
    p->lowest_rank = p->class_rank[i];
    for (int s = 0; s < 4; s++)
        g->best_rank[s] = (int8_t)(hochzeit_hand(r, g->hands[s]) ? p->class_rank[i] : -1);
    p->phase = SK_PHASE_AUCTION;
    p->spoken = 0;
    p->holder = p->challenger = SK_NOSEAT;
    p->speaker = p->to_move = (uint8_t)skx_forehand(p);
    return true;
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

/* Applies a pass or a bid of the seat to move that the rules allow (the
 * referee has checked it, or the caller took it from the legal bids):
 * logs it, moves the auction on, and when all passed starts what the
 * ruleset wants then. */
void skx_bid_legal(sk_game *g, sk_action a)
{
    sk_public *p = &g->pub;
    a.contract.suit = SK_NOSUIT;
    if (a.type == SK_ACT_PASS)
        a.contract = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
    skx_log_action(p, a);
    auction_apply(p, a);
    if (p->phase != SK_PHASE_DONE)
        return;
    if (hochzeit_round(g))
        return; /* all passed: a round for a Hochzeit first */
    if (p->hochzeit_round) { /* nobody took that either */
        p->hochzeit_round = 0;
        sk_rules_derived scratch;
        allowed_classes(p, skx_rules_tables(g->rules, &scratch));
    }
    if (g->rules->all_pass == SK_ALLPASS_RAMSCH)
        skx_declare(g, (sk_contract){SK_C_RAMSCH, SK_NOSUIT, 0}); /* all passed: Ramsch */
    else if (g->rules->all_pass == SK_ALLPASS_MUSS)
        start_muss(g);
    else if (g->rules->all_pass == SK_ALLPASS_KREUZBOCK)
        skx_start_kreuzbock(g); /* 003: cross-seated players play the hand together */
}

/* Checks and applies an auction or declaration action. */
int skx_apply_bidding(sk_game *g, sk_action a, sk_error *err)
{
    sk_public *p = &g->pub;
    const sk_rules *r = g->rules;
    sk_cards hand = g->hands[a.seat];
    if (p->phase == SK_PHASE_AUCTION) {
        if (a.type == SK_ACT_BID) {
            int rc = check_bid(r, p, g->best_rank[a.seat], a.seat, a.contract, err);
            if (rc < 0)
                return rc;
        } else if (a.type != SK_ACT_PASS) {
            return skx_fail(err, SK_ESTATE, "2.4.12", "seat %d: only pass or bid during the "
                        "auction", a.seat);
        }
        skx_bid_legal(g, a);
        return SK_OK;
    }
    if (a.type != SK_ACT_DECLARE)
        return skx_fail(err, SK_ESTATE, "2.4.12", "seat %d must name the contract now", a.seat);
    if (rank_of(p, a.contract) < rank_of(p, p->holder_bid))
        return skx_fail(err, SK_EILLEGAL, "2.4.10", "seat %d bid a higher class than the "
                    "contract named", a.seat);
    if (!contract_valid(r, p, a.contract, hand)) {
        int t = a.contract.type;
        const char *rule = first_game_barred(r, p, a.contract)                  ? "5.2.15"
                           : t == SK_C_SAUSPIEL                                   ? "2.5.1"
                           : t == SK_C_SOLO || t == SK_C_FARBWENZ || t == SK_C_FARBGEIER ? "2.6.4"
                           : a.contract.type == SK_C_SIE    ? "2.9.1"
                                                            : "2.4.4";
        char name[48];
        sk_contract_code(a.contract, name, sizeof name);
        return skx_fail(err, SK_EILLEGAL, rule, "seat %d may not declare %s with this hand or "
                    "ruleset", a.seat, name);
    }
    skx_log_action(p, a);
    skx_declare(g, a.contract);
    return SK_OK;
}

/* The classes the ruleset allows in this game, and the lowest of them
 * (what "ich spiele" claims), from its derived tables. */
static void allowed_classes(sk_public *p, const sk_rules_derived *t)
{
    p->classes_allowed = t->allowed[p->first_game != 0];
    p->lowest_rank = t->lowest[p->first_game != 0];
}

/* Sets up the auction of a new game: the rank of every class under the
 * ruleset's ranking, the classes it allows, the lowest (what "ich
 * spiele" claims) and the best class each hand could keep.  All but
 * the last come with the ruleset (see classes.c). */
void skx_auction_start(sk_game *g, const sk_rules *rules)
{
    sk_public *p = &g->pub;
    sk_rules_derived scratch;
    const sk_rules_derived *t = skx_rules_tables(rules, &scratch);
    memcpy(p->rank, t->rank, sizeof p->rank);
    memcpy(p->class_rank, t->class_rank, sizeof p->class_rank);
    allowed_classes(p, t);
    int fg = p->first_game != 0;
    for (int s = 0; s < 4; s++)
        g->best_rank[s] =
            (int8_t)best_rank_in(rules, p, t->by_rank[fg], t->nby_rank[fg], g->hands[s]);
}

/* The auction-side actions `seat` may take now: laying, answering a
 * Hochzeit, bidding, declaring. */
int skx_auction_legal(const sk_rules *r, const sk_public *p, sk_cards hand, int best, int seat,
                      sk_action *out)
{
    static const sk_contract NONE = {SK_C_NONE, SK_NOSUIT, 0};
    int n = 0;
    if (seat != p->to_move)
        return 0;
    if (p->phase == SK_PHASE_HOCHZEIT) { /* once he has taken it, only the next card */
        if (p->hochzeit_given == 0)
            skx_put(&out[n++], SK_ACT_PASS, seat, SK_NOCARD, NONE);
        for (sk_cards c = hochzeit_offerable(p, hand); c; c &= c - 1)
            skx_put(&out[n++], SK_ACT_ACCEPT, seat, skx_cards_first(c), NONE);
    } else if (p->phase == SK_PHASE_KLOPFEN) {
        skx_put(&out[n++], SK_ACT_PASS, seat, SK_NOCARD, NONE);
        if (may_lay(r, p))
            skx_put(&out[n++], SK_ACT_KLOPFEN, seat, SK_NOCARD, NONE);
    } else if (p->phase == SK_PHASE_AUCTION) {
        skx_put(&out[n++], SK_ACT_PASS, seat, SK_NOCARD, NONE);
        sk_contract bids[NBID_CLASSES];
        int nbids = skx_auction_bids(p, best, seat, bids);
        for (int i = 0; i < nbids; i++)
            skx_put(&out[n++], SK_ACT_BID, seat, SK_NOCARD, bids[i]);
    } else if (p->phase == SK_PHASE_DECLARE) {
        uint8_t fit[NBID_CLASSES];
        skx_fitting_suits(r, p, hand, fit);
        for (unsigned classes = skx_declare_mask(p); classes; classes &= classes - 1) {
            sk_contract c = BID_CLASSES[__builtin_ctz(classes)];
            for (unsigned suits = fit[__builtin_ctz(classes)]; suits; suits &= suits - 1) {
                int s = __builtin_ctz(suits);
                c.suit = (uint8_t)(s < 4 ? s : SK_NOSUIT);
                SKX_CHECK(contract_valid(r, p, c, hand));
                skx_put(&out[n++], SK_ACT_DECLARE, seat, SK_NOCARD, c);
            }
        }
    }
    return n;
}

/* Names the contract and readies the play, or ends a Sie at once (2.9).
 * The auction owns the declaration; game.c caches the first legal cards
 * once the phase is the play (skx_cache_legal). */
void skx_declare(sk_game *g, sk_contract c)
{
    sk_public *p = &g->pub;
    p->contract = c;
    p->stichzwang = g->rules->bettel_stichzwang &&
                    (c.type == SK_C_BETTEL || c.type == SK_C_BETTEL_OUVERT);
    sk_order_init_deck(&p->order, c, sk_deck_cards(g->rules->deck));
    if (c.type == SK_C_BETTEL_OUVERT && g->rules->bettel_open_at_once)
        p->open_seat = p->declarer; /* laid open before the first lead */
    if (c.type == SK_C_SIE) {
        p->phase = SK_PHASE_DONE;
        p->to_move = SK_NOSEAT;
        return;
    }
    if (c.type == SK_C_HOCHZEIT) { /* the offer goes round from the next seat */
        p->phase = SK_PHASE_HOCHZEIT;
        p->hochzeit_cards = (uint8_t)skx_cards_count(g->hands[p->declarer] & SKX_SAUSPIEL_TRUMPS);
        p->to_move = (uint8_t)skx_next_seat(p, p->declarer);
        return;
    }
    if (c.type == SK_C_SAUSPIEL && c.suit == SK_NOSUIT) { /* Kreuzbock: partners across */
        g->partner = p->partner = (uint8_t)((p->declarer + 2) % 4);
    } else if (c.type == SK_C_SAUSPIEL) {
        p->called_ace = (uint8_t)skx_called_card(g->hands[p->declarer], c.suit);
        for (int s = 0; s < 4; s++)
            if (g->hands[s] & SK_BIT(p->called_ace))
                g->partner = (uint8_t)s;
    }
    p->phase = SK_PHASE_PLAY;
    p->trick_leader = (uint8_t)skx_forehand(p); /* 3.1.1 */
    p->to_move = p->trick_leader;
}

/*
 * A Kreuzbock game (002): partners sit across and nothing is declared.
 * There is no declarer's side in the true sense; until a doubling or
 * laying decides it (see sk_game_result), forehand's pair stands as the
 * declarer's side, which is also 002's rule when nothing else decides.
 */
void skx_start_kreuzbock(sk_game *g)
{
    sk_public *p = &g->pub;
    p->kreuzbock = 1;
    p->holder = p->challenger = SK_NOSEAT;
    p->declarer = (uint8_t)skx_forehand(p);
    skx_declare(g, (sk_contract){SK_C_SAUSPIEL, SK_NOSUIT, 0});
}
