/*
 * game.c -- one deal of Schafkopf as a state machine fed with actions.
 *
 * The phases are laying (002), the auction (2.4), the declaration of the
 * contract (2.4.12), a Hochzeit offer (002), and the play of the tricks
 * (3.1, 3.2) with Kontra/Retour in its first moments (3.3).
 * sk_game_legal() lists what may happen; sk_game_apply() is the only way
 * to change a game and explains each refusal with the rule that forbids
 * it.  This file holds the play; auction.c who may bid and declare what.
 *
 * Legality is computed from the public state plus one seat's hand, so
 * the same functions answer for a game and for a seat's view.
 */
#include "game_internal.h"
#include "core/legal.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Fills an error and returns code: the message, then the rule in
 * parentheses, which every refusal names. */
int skx_fail(sk_error *err, int code, const char *rule, const char *fmt, ...)
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
    bool answer = p->doublings > 0 && r->answer_one_card_later &&
                  p->trick_len <= p->double_at + 1; /* 002: "up to one card after" */
    switch (answer ? -1 : r->kontra_timing) {
    case -1:
        break;
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
    if (p->kreuzbock) { /* 002: either pair doubles, the other answers */
        int want = p->doublings % 2 == 0 ? SK_ACT_KONTRA : SK_ACT_RETOUR;
        return type == want &&
               (p->doublings == 0 || (p->kontra_seat[p->doublings - 1] - seat) % 2 != 0);
    }
    bool declarer_side = on_declarer_side(p, hand, seat);
    if (p->doublings % 2 == 0)
        return type == SK_ACT_KONTRA && !declarer_side;
    if (type != SK_ACT_RETOUR || !declarer_side)
        return false;
    return seat == p->declarer || r->retour_by_partner;
}

/* Bettel with Stichzwang: the cards of `follow` that beat the best card
 * of the trick so far (the kernel keeps all of them when none does). */
static sk_cards must_beat(const sk_public *p, sk_cards follow)
{
    const sk_order *o = &p->order;
    int best = 0;
    for (int i = 0; i < p->trick_len; i++)
        if ((o->follow[p->trick[0]] & SK_BIT(p->trick[i])) && o->power[p->trick[i]] > best)
            best = o->power[p->trick[i]];
    sk_cards higher = 0;
    for (sk_cards c = follow; c; c &= c - 1)
        if (o->power[skx_cards_first(c)] > best)
            higher |= c & -c;
    return higher;
}

/*
 * The cards the seat to move may play (3.2 and the called-ace rules of
 * 2.5): the library's one kernel (core/legal.h) on the game's state.
 * legal_cards() below takes a short way first.
 */
static sk_cards legal_cards_full(const sk_public *p, sk_cards hand)
{
    const sk_order *o = &p->order;
    bool called = p->called_ace != SK_NOCARD;
    sk_cards ace = called ? SK_BIT(p->called_ace) : 0;
    if (p->trick_len == 0)
        return skx_legal_lead(hand, ace, called ? o->follow[p->called_ace] : 0, p->called_led);
    sk_cards led = o->follow[p->trick[0]];
    sk_cards beat = p->stichzwang ? must_beat(p, led & hand) : SK_ALL_CARDS;
    return skx_legal_follow(hand, led, ace, p->called_led, p->ran_away,
                            p->trick_no == p->ntricks - 1, beat);
}

/* Whether the game plays by "follow, else any card" alone: no called
 * ace, no Stichzwang. */
static inline bool plain_play(const sk_public *p)
{
    return p->called_ace == SK_NOCARD && !p->stichzwang;
}

/* The legal cards of a plain game (plain_play): follow, else any card,
 * computed without branches -- the play loop asks this once per card,
 * and whether a hand can follow is as random as the deal. */
static inline sk_cards legal_cards_plain(const sk_public *p, sk_cards hand)
{
    /* on a lead trick[0] is stale (or 0), and the mask clears it */
    sk_cards follow =
        p->order.follow[p->trick[0] & 31] & hand & -(sk_cards)(p->trick_len != 0);
    return follow | (hand & -(sk_cards)(follow == 0));
}

/* The legal cards (legal_cards_full), the short way when it may. */
static inline __attribute__((always_inline)) sk_cards legal_cards(const sk_public *p,
                                                                  sk_cards hand)
{
    return plain_play(p) ? legal_cards_plain(p, hand) : legal_cards_full(p, hand);
}

/* Explains why `card` is not among the legal cards of the seat to move. */
static int card_refusal(const sk_public *p, sk_cards hand, int seat, int card, sk_error *err)
{
    const char *name = sk_card_name(card);
    if (!(hand & SK_BIT(card)))
        return skx_fail(err, SK_EILLEGAL, "3.2", "seat %d does not hold %s", seat, name);
    if (p->trick_len > 0) {
        int led = p->trick[0];
        sk_cards follow = p->order.follow[led] & hand;
        if (p->called_ace != SK_NOCARD && (follow & SK_BIT(p->called_ace)) && !p->ran_away)
            return skx_fail(err, SK_EILLEGAL, "2.5.2", "seat %d must play the called ace %s, "
                        "not %s", seat, sk_card_name(p->called_ace), name);
        if (follow && p->stichzwang && (follow & SK_BIT(card)))
            return skx_fail(err, SK_EILLEGAL, "002 Bettel", "seat %d may not play %s: must beat the "
                        "trick when he can (Stichzwang)", seat, name);
        if (follow) {
            bool trump = p->order.trumps & SK_BIT(led);
            return skx_fail(err, SK_EILLEGAL, trump ? "3.2.2" : "3.2.1",
                        "seat %d may not play %s: must follow %s", seat, name,
                        trump ? "trump" : "suit");
        }
        return skx_fail(err, SK_EILLEGAL, "2.5.5", "seat %d may not discard the called ace %s "
                    "before its suit was led", seat, name);
    }
    return skx_fail(err, SK_EILLEGAL, "2.5.4", "seat %d holds the called ace and may lead its "
                "suit only with the ace (running away needs four cards)", seat);
}

/* Completes a trick: the winner takes it and leads next (3.1.2-3.1.5).
 * Returns the winner. */
static inline __attribute__((always_inline)) int finish_trick(sk_public *p)
{
    int n = p->nseats;
    int w = p->trick_leader + skx_trick_winner(&p->order, p->trick, n);
    w -= w >= n ? n : 0;
    int t = p->trick_no;
    memcpy(p->tricks[t], p->trick, 4);
    p->trick_leaders[t] = p->trick_leader;
    p->trick_winners[t] = (uint8_t)w;
    p->won[w] |= SK_BIT(p->trick[0]) | SK_BIT(p->trick[1]) | SK_BIT(p->trick[2]) |
                 (n == 4 ? SK_BIT(p->trick[3]) : 0);
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
    return w;
}

/* What playing `card` tells about the called ace (the seat held `hand`
 * before): its suit is searched once it is led (2.5.5), its holder ran
 * away if he led the suit low (2.5.4), and its player is the partner. */
static void called_ace_play(sk_public *p, int seat, int card, sk_cards hand)
{
    const sk_order *o = &p->order;
    if (p->trick_len == 0 && !p->called_led &&
        o->follow[card] == o->follow[p->called_ace] && !(o->trumps & SK_BIT(card))) {
        p->called_led = 1;
        if (card != p->called_ace && (hand & SK_BIT(p->called_ace)))
            p->ran_away = 1;
    }
    if (card == p->called_ace)
        p->partner = (uint8_t)seat;
}

/*
 * Plays `card`, legal for the seat to move: logs it, lays it on the
 * trick, completes the trick when it is full and caches (and returns)
 * the legal cards of the next seat.  `plain`: the game is plain_play(),
 * which the compiler turns into a copy without calls for the play loop.
 */
static inline __attribute__((always_inline)) sk_cards play_body(sk_game *g, int card, bool plain)
{
    sk_public *p = &g->pub;
    int seat = p->to_move, len = p->trick_len;
    sk_cards bit = SK_BIT(card), hand = g->hands[seat];
    g->hands[seat] = hand & ~bit;
    assert(p->nactions < SK_MAX_ACTIONS);
    p->actions[p->nactions++] = skx_act_card(seat, card);
    if (!plain && p->called_ace != SK_NOCARD)
        called_ace_play(p, seat, card, hand);
    /* the led card; kept in a register for the next seat's legal cards,
     * as the play loop waits for them */
    int lead = len ? p->trick[0] : card;
    /* not following shows the seat void in the led suit (no branch: it
     * is random; a lead ORs nothing in) */
    sk_cards led = p->order.follow[lead] & -(sk_cards)(len != 0);
    p->shown_void[seat] |= led & -(sk_cards)((led & bit) == 0);
    p->trick[len] = (uint8_t)card;
    p->trick_len = (uint8_t)(len + 1);
    p->played |= bit;
    int next;
    if (len + 1 < p->nseats) {
        next = skx_next_seat(p, seat);
        p->to_move = (uint8_t)next;
    } else {
        next = finish_trick(p);
        if (p->phase != SK_PHASE_PLAY) {
            g->legal = g->legal_hand = 0;
            return 0;
        }
        lead = -1; /* the winner leads: any card */
    }
    sk_cards next_hand = g->hands[next], legal;
    if (plain) { /* follow, else any card (as legal_cards_plain, with the lead at hand) */
        sk_cards follow = p->order.follow[lead & 31] & next_hand & -(sk_cards)(lead >= 0);
        legal = follow | (next_hand & -(sk_cards)(follow == 0));
    } else {
        legal = legal_cards(p, next_hand);
    }
    g->legal_hand = next_hand;
    g->legal = legal;
    return legal;
}

/* play_body for any game (a called ace, Stichzwang). */
static __attribute__((noinline)) sk_cards play_any(sk_game *g, int card)
{
    return play_body(g, card, false);
}

/* Plays a legal card: the referee (sk_game_apply) and the trusted fast
 * path (sk_game_play_legal) both end here, so they cannot disagree.
 * Returns the legal cards of the seat to move next. */
static inline __attribute__((always_inline)) sk_cards play(sk_game *g, int card)
{
    if (plain_play(&g->pub))
        return play_body(g, card, true);
    return play_any(g, card);
}

/* Caches the legal cards of the seat to move (see sk_game.legal). */
void skx_cache_legal(sk_game *g)
{
    if (g->pub.phase != SK_PHASE_PLAY) {
        g->legal = g->legal_hand = 0;
        return;
    }
    g->legal_hand = g->hands[g->pub.to_move];
    g->legal = legal_cards(&g->pub, g->legal_hand);
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
                    return skx_fail(err, SK_EINVAL, NULL, "hand %d: there are only %d seats", s,
                                seats);
                continue;
            }
            if (i >= n) {
                if (c != SK_NOCARD)
                    return skx_fail(err, SK_EINVAL, NULL, "hand %d: more than %d cards", s, n);
                continue;
            }
            if (c >= SK_NCARDS || !(cards & SK_BIT(c)))
                return skx_fail(err, SK_EINVAL, NULL, "hand %d, card %d: %s is not in the deck",
                            s, i, c >= SK_NCARDS ? "no card" : sk_card_name(c));
            if (seen & SK_BIT(c))
                return skx_fail(err, SK_EINVAL, NULL, "hand %d, card %d: %s dealt twice", s, i,
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
        return skx_fail(err, SK_EINVAL, NULL, "dealer %d is not a seat 0..%d", dealer,
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
    memset(g, 0, sizeof *g); /* all of it: equal inputs give byte-equal games */
    g->rules = rules;
    g->partner = SK_NOSEAT;
    memcpy(g->dealt, hands, sizeof g->dealt);
    int n = sk_rules_hand_size(rules), seats = sk_rules_seats(rules);
    for (int s = 0; s < seats; s++) {
        sk_cards h = 0; /* in a register: the card bytes could alias g */
        if (n == 8) { /* the long deck: a loop without a count to keep */
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++)
                h |= SK_BIT(hands[s][i]);
        } else {
            for (int i = 0; i < n; i++)
                h |= SK_BIT(hands[s][i]);
        }
        g->hands[s] = h;
    }
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
    skx_auction_start(g, rules); /* p->first_game is set */
}

/* Sets the session's round flags on a game that has not started. */
int sk_game_set_round(sk_game *g, int bock, bool kreuzbock, sk_error *err)
{
    if (g->pub.nactions != 0)
        return skx_fail(err, SK_ESTATE, NULL, "Bock and Kreuzbock are set before the first action");
    if (bock < 0 || bock > 8)
        return skx_fail(err, SK_ERANGE, NULL, "Bock level %d out of range (0..8)", bock);
    if (kreuzbock && g->pub.nseats != 4)
        return skx_fail(err, SK_EINVAL, "002 Kreuzbock", "a Kreuzbock needs four seats");
    g->pub.bock = (uint8_t)bock;
    g->pub.kreuzbock = g->pub.kreuzbock_round = kreuzbock;
    if (kreuzbock && g->pub.phase == SK_PHASE_AUCTION) { /* no laying first: play at once */
        skx_start_kreuzbock(g);
        skx_cache_legal(g);
    }
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






/* Appends the actions `seat` (holding `hand`) may take now. */
static int seat_legal(const sk_rules *r, const sk_public *p, sk_cards hand, int best, int seat,
                      sk_action *out)
{
    static const sk_contract NONE = {SK_C_NONE, SK_NOSUIT, 0};
    int n = 0;
    if (p->phase != SK_PHASE_PLAY) {
        n = skx_auction_legal(r, p, hand, best, seat, out);
    } else {
        if (seat == p->to_move)
            for (sk_cards c = legal_cards(p, hand); c; c &= c - 1)
                skx_put(&out[n++], SK_ACT_CARD, seat, skx_cards_first(c), NONE);
        for (int t = SK_ACT_KONTRA; t <= SK_ACT_RETOUR; t++)
            if (may_double(r, p, hand, seat, t))
                skx_put(&out[n++], t, seat, SK_NOCARD, NONE);
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

/* The cards a hand may play in a public state (core.h). */
sk_cards sk_public_legal_cards(const sk_public *p, sk_cards hand)
{
    return legal_cards(p, hand);
}

/* The legal cards of the seat to move, as a set. */
sk_cards sk_game_legal_cards(const sk_game *g)
{
    if (g->pub.phase != SK_PHASE_PLAY)
        return 0;
    sk_cards hand = g->hands[g->pub.to_move];
    return hand == g->legal_hand ? g->legal : legal_cards(&g->pub, hand);
}

/* Plays a card of the seat to move, if it is legal: the referee's
 * common case. */
static int apply_card(sk_game *g, sk_action a, sk_error *err)
{
    sk_public *p = &g->pub;
    sk_cards hand = g->hands[a.seat];
    sk_cards legal = hand == g->legal_hand ? g->legal : legal_cards(p, hand);
    if (!(legal & SK_BIT(a.card)))
        return card_refusal(p, hand, a.seat, a.card, err);
    play(g, a.card);
    return SK_OK;
}

/* sk_game_play_legal for any game (a called ace, Stichzwang). */
static __attribute__((noinline)) sk_cards play_legal_any(sk_game *g, int card)
{
    SKX_CHECK(sk_game_legal_cards(g) & SK_BIT(card));
    return play_any(g, card);
}

/*
 * Plays a card the caller took from sk_game_legal_cards(), without the
 * referee's explanations: the loop of random playouts.  Returns the
 * legal cards of the seat to move next, which the loop needs at once.
 * Whether the card is legal is the caller's promise; builds with
 * SK_CHECKS (the sanitizer half of `make test`, see the Makefile) check
 * it, as recomputing the legal set would cost the play loop a sixth of
 * its work.  The cheap checks that keep memory safe stay in every build.
 */
sk_cards sk_game_play_legal(sk_game *g, int card)
{
    assert(g->pub.phase == SK_PHASE_PLAY && card >= 0 && card < SK_NCARDS);
    if (!plain_play(&g->pub))
        return play_legal_any(g, card);
    SKX_CHECK((g->hands[g->pub.to_move] == g->legal_hand
                   ? g->legal
                   : legal_cards_plain(&g->pub, g->hands[g->pub.to_move])) &
              SK_BIT(card));
    return play_body(g, card, true);
}

/* The classes the seat to move may bid in the auction. */
int sk_game_legal_bids(const sk_game *g, sk_contract *out)
{
    if (g->pub.phase != SK_PHASE_AUCTION)
        return 0;
    int s = g->pub.to_move;
    return skx_auction_bids(&g->pub, g->best_rank[s], s, out);
}

/*
 * The seats that may give the next doubling now -- Kontra when the
 * doublings so far are even, else Retour (the other type never is) --
 * as a mask of seats: may_double's rule for every seat at once, with
 * the declarer's side as a mask instead of a test per seat (who sits
 * on it is as random as the deal, and the random player asks this in
 * every game).  sk_game_legal_doublings lists these seats.
 */
unsigned skx_doublers(const sk_game *g)
{
    const sk_public *p = &g->pub;
    const sk_rules *r = g->rules;
    int n = p->nseats, d = p->doublings, len = p->trick_len;
    if (p->phase != SK_PHASE_PLAY || p->trick_no != 0 || p->contract.type == SK_C_RAMSCH ||
        p->muss || d >= r->kontra_max || d >= 8)
        return 0;
    unsigned seats = (1u << n) - 1;
    bool answer = d > 0 && r->answer_one_card_later && len <= p->double_at + 1;
    if (answer) {
        /* 002: up to one card after the doubling, whatever the timing */
    } else if (r->kontra_timing == SK_KONTRA_BEFORE_PLAY) {
        seats &= -(unsigned)(len == 0);
    } else if (r->kontra_timing == SK_KONTRA_OWN_CARD) { /* not those who played */
        for (int s = 0; s < n; s++)
            seats &= ~((unsigned)((s - p->trick_leader + n) % n < len) << s);
    } else {
        seats &= -(unsigned)(len <= 1);
    }
    if (p->kreuzbock) /* either pair doubles, the other answers: the other parity */
        return d == 0 ? seats : seats & (p->kontra_seat[d - 1] & 1 ? 0x5u : 0xau);
    unsigned side = 1u << (p->declarer & 7); /* a declarer in every doubled game */
    side |= p->partner < SK_NSEATS ? 1u << p->partner : 0;
    if (p->called_ace != SK_NOCARD) /* the holder of the called ace knows his side */
        for (int s = 0; s < SK_NSEATS; s++)
            side |= (unsigned)(g->hands[s] >> p->called_ace & 1) << s;
    if (d % 2 == 0)
        return seats & ~side;
    return seats & (r->retour_by_partner ? side : side & 1u << (p->declarer & 7));
}

/* The Kontra and Retour actions any seat may give now, in the order
 * sk_game_legal lists them (by seat, Kontra before Retour). */
int sk_game_legal_doublings(const sk_game *g, sk_action *out)
{
    static const sk_contract NONE = {SK_C_NONE, SK_NOSUIT, 0};
    const sk_public *p = &g->pub;
    int n = 0;
    int t = p->doublings % 2 == 0 ? SK_ACT_KONTRA : SK_ACT_RETOUR; /* the other never is */
    unsigned seats = skx_doublers(g);
#ifdef SK_CHECKS
    for (int s = 0; s < p->nseats; s++) /* the rule seat by seat agrees */
        SKX_CHECK(may_double(g->rules, p, g->hands[s], s, t) == (seats >> s & 1) &&
                  !may_double(g->rules, p, g->hands[s], s, SK_ACT_KONTRA + SK_ACT_RETOUR - t));
#endif
    for (; seats; seats &= seats - 1)
        skx_put(&out[n++], t, __builtin_ctz(seats), SK_NOCARD, NONE);
    return n;
}

/* Applies a Kontra or Retour the rules allow (checked by the referee,
 * or taken from sk_game_legal_doublings). */
void skx_double_legal(sk_game *g, sk_action a)
{
    sk_public *p = &g->pub;
    assert(p->doublings < 8);
    p->kontra_seat[p->doublings++] = a.seat;
    p->double_at = p->trick_len;
    p->last_doubler_side = a.type == SK_ACT_RETOUR;
    skx_log_action(p, a);
}

/* Applies one action if the rules allow it. */
int sk_game_apply(sk_game *g, sk_action a, sk_error *err)
{
    sk_public *p = &g->pub;
    if (a.type == SK_ACT_CARD && p->phase == SK_PHASE_PLAY && a.seat == p->to_move &&
        a.card < SK_NCARDS) /* the common case first */
        return apply_card(g, a, err);
    if (a.seat >= p->nseats)
        return skx_fail(err, SK_EINVAL, NULL, "seat %d is not a seat 0..%d", a.seat, p->nseats - 1);
    if (p->phase == SK_PHASE_DONE)
        return skx_fail(err, SK_ESTATE, NULL, "seat %d acts after the game is over", a.seat);
    if (a.type == SK_ACT_KONTRA || a.type == SK_ACT_RETOUR) {
        if (!may_double(g->rules, p, g->hands[a.seat], a.seat, a.type))
            return skx_fail(err, SK_EILLEGAL, g->rules->kontra_max ? "3.3" : "5.2.4",
                        "seat %d may not give %s now", a.seat,
                        a.type == SK_ACT_KONTRA ? "Kontra" : "Retour");
        skx_double_legal(g, a);
        return SK_OK;
    }
    if (a.seat != p->to_move)
        return skx_fail(err, SK_ESTATE, p->phase == SK_PHASE_PLAY ? "3.4.7" : "2.4.1",
                    "seat %d acts out of turn: seat %d is to move", a.seat, p->to_move);
    if (p->phase != SK_PHASE_PLAY) { /* the auction's (declarations included) */
        int rc = p->phase == SK_PHASE_KLOPFEN    ? skx_apply_klopfen(g, a, err)
                 : p->phase == SK_PHASE_HOCHZEIT ? skx_apply_hochzeit(g, a, err)
                                                 : skx_apply_bidding(g, a, err);
        if (rc == SK_OK && p->phase == SK_PHASE_PLAY)
            skx_cache_legal(g); /* the play begins */
        return rc;
    }
    if (a.type != SK_ACT_CARD)
        return skx_fail(err, SK_ESTATE, "3.1", "seat %d must play a card", a.seat);
    return skx_fail(err, SK_EINVAL, NULL, "seat %d: no such card", a.seat);
}

/* The actions the view's seat may take now. */
int sk_view_legal(const sk_view *v, sk_action *out)
{
    if (v->seat >= SK_NSEATS)
        return 0; /* a spectator */
    int best = v->pub.phase == SK_PHASE_AUCTION ? skx_best_rank(v->rules, &v->pub, v->hand) : -1;
    return seat_legal(v->rules, &v->pub, v->hand, best, v->seat, out);
}
