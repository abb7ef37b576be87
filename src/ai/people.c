/*
 * people.c -- how people bid: which game a hand is declared with, as
 * learned from the real games (people_table.c, written by `schafkopf
 * learn --people`), and the `people` bot's auction, declaration,
 * laying and doublings.
 *
 * The real games (tests/data/real-games.jsonl) show every hand of each
 * deal, the declarer and his contract, but no auction.  What the
 * auction must have been tells more than the declarers' hands: a seat
 * before a Sauspiel's declarer passed (it spoke first and did not
 * play), and no seat of a Sauspiel game had a Solo or Wenz it wanted
 * (it would have outbid the Sauspiel).  So each kind has a logistic
 * model of "people declare this kind with the hand", fitted to the
 * declarers of the kind against those hands (learn_people.c):
 *
 *   Sauspiel  775 declarers against the seats that passed before one
 *             (hands that could call a Sau);
 *   Solo      161 declarers against every hand of a Sauspiel game;
 *   Wenz       64 declarers against the same.
 *
 * A hand's features are a few counts in the contract's card order
 * (sk_people_features).  A Solo is named only in one of the hand's
 * longest trump suits, as 158 of the 161 real ones were, and among
 * those in the likeliest.  The called Sau is the suit a softmax over
 * the callable suits likes best (people called their shortest suit in
 * 758 of the 775 Sauspiele).  The data has no Tout, Klopfen, Kontra or
 * Hochzeit: the bot never declares a Tout or a kind outside the data,
 * lays on two Obers in its first packet, gives Kontra and Retour when
 * its own hand is one people would surely declare the game with, and
 * never takes a Hochzeit (docs/ai.md, "A people table").
 */
#include "ai_internal.h"

#include <math.h>

#define LORDS (SK_RANK_MASK(SK_OBER) | SK_RANK_MASK(SK_UNTER))
/* The chance from which a defender gives Kontra and the declarer's side
 * Retour: its own hand read as a declaration of the game.  At a table of
 * four people bots (official rules, seed 19, 4,000 deals) a Kontra from
 * the kinds' bars on (about 0.5) won 46 % and cost its giver 10.8 cents
 * each; from 0.7 51 % (-5.9), 0.8 54 % (-3.6), 0.9 60 % (+3.0), 0.95
 * 66 % (+11.0; 2.5 % of the games), 0.98 85 % (+34.1; 1 %).  A player
 * who doubles only hands he would have played the game with himself,
 * almost surely: 0.95 (docs/ai.md, "A people table"). */
#define PEOPLE_KONTRA 0.95
#define PEOPLE_RETOUR 0.9
/* Obers in the first packet of four from which the bot lays. */
#define PEOPLE_LAY_OBERS 2

/* The model of the library. */
const sk_people_model *sk_people_shipped(void)
{
    return &skx_people_table;
}

/* The kind of a contract in the model, -1 outside it. */
int sk_people_kind(sk_contract c)
{
    if (c.tout)
        return -1;
    switch (c.type) {
    case SK_C_SAUSPIEL:
        return SK_PEOPLE_SAUSPIEL;
    case SK_C_SOLO:
        return SK_PEOPLE_SOLO;
    case SK_C_WENZ:
        return SK_PEOPLE_WENZ;
    default:
        return -1;
    }
}

/* How many of the order's highest trumps the hand holds without a gap
 * (the Laufende it holds). */
static int run_of(const sk_order *o, sk_cards hand)
{
    int run = 0;
    while (run < o->ntrumps && (hand & SK_BIT(o->trump_seq[run])))
        run++;
    return run;
}

/*
 * The features (see ai.h).  A Sauspiel or Solo: 1, trumps, Obers,
 * Unters, Laufende held, side Sauen, side Zehner without their Sau,
 * side suits the hand is void in.  A Wenz: 1, Unters, Laufende held,
 * Sauen, Zehner with their Sau, void suits, the longest suit,
 * Zehner without their Sau.
 */
int sk_people_features(sk_cards hand, sk_contract c, double f[SK_PEOPLE_FEATURES])
{
    for (int i = 0; i < SK_PEOPLE_FEATURES; i++)
        f[i] = 0;
    int kind = sk_people_kind(c);
    if (kind < 0)
        return -1;
    sk_order o;
    sk_order_init(&o, c);
    f[0] = 1;
    int aces = 0, tens_alone = 0, tens_backed = 0, voids = 0, longest = 0;
    for (int suit = 0; suit < 4; suit++) {
        sk_cards plain = SK_SUIT_MASK(suit) & ~o.trumps;
        if (!plain)
            continue;
        sk_cards mine = hand & plain;
        bool ace = (mine & SK_BIT(SK_CARD(suit, SK_ASS))) != 0;
        bool ten = (mine & SK_BIT(SK_CARD(suit, SK_ZEHN))) != 0;
        aces += ace;
        tens_alone += ten && !ace;
        tens_backed += ten && ace;
        voids += mine == 0;
        int len = skx_cards_count(mine);
        longest = len > longest ? len : longest;
    }
    if (kind == SK_PEOPLE_WENZ) {
        f[1] = skx_cards_count(hand & o.trumps);
        f[2] = run_of(&o, hand);
        f[3] = aces;
        f[4] = tens_backed;
        f[5] = voids;
        f[6] = longest;
        f[7] = tens_alone;
    } else {
        f[1] = skx_cards_count(hand & o.trumps);
        f[2] = skx_cards_count(hand & SK_RANK_MASK(SK_OBER));
        f[3] = skx_cards_count(hand & SK_RANK_MASK(SK_UNTER));
        f[4] = run_of(&o, hand);
        f[5] = aces;
        f[6] = tens_alone;
        f[7] = voids;
    }
    return kind;
}

/* The features of calling the Sau of `suit`: the cards of the suit
 * held, its Zehn, its König, the suit (Eichel, Gras; Schellen is the
 * base), a single card of it. */
void sk_people_call_features(sk_cards hand, int suit, double f[SK_PEOPLE_CALL_FEATURES])
{
    sk_cards mine = hand & SK_SUIT_MASK(suit) & ~LORDS;
    int n = skx_cards_count(mine);
    f[0] = n;
    f[1] = (mine & SK_BIT(SK_CARD(suit, SK_ZEHN))) != 0;
    f[2] = (mine & SK_BIT(SK_CARD(suit, SK_KOENIG))) != 0;
    f[3] = suit == SK_EICHEL;
    f[4] = suit == SK_GRAS;
    f[5] = n == 1;
}

/* A linear score of features. */
static double dot(const double *w, const double *f, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += w[i] * f[i];
    return s;
}

/* The chance people declare c with the hand (see ai.h). */
double sk_people_prob(const sk_people_model *m, sk_cards hand, sk_contract c)
{
    double f[SK_PEOPLE_FEATURES];
    int kind = sk_people_features(hand, c, f);
    if (kind < 0)
        return 0;
    return 1.0 / (1.0 + exp(-dot(m->bid[kind], f, SK_PEOPLE_FEATURES)));
}

/* The suit people call (see ai.h): the highest score of the callable
 * suits, the first of equal ones. */
int sk_people_call(const sk_people_model *m, sk_cards hand)
{
    int best = SK_NOSUIT;
    double bs = -INFINITY;
    for (int suit = 0; suit < 4; suit++) {
        if (suit == SK_HERZ || (hand & SK_BIT(SK_CARD(suit, SK_ASS))) ||
            !(hand & SK_SUIT_MASK(suit) & ~LORDS))
            continue;
        double f[SK_PEOPLE_CALL_FEATURES];
        sk_people_call_features(hand, suit, f);
        double s = dot(m->call, f, SK_PEOPLE_CALL_FEATURES);
        if (s > bs) {
            bs = s;
            best = suit;
        }
    }
    return best;
}

/* The Solo people would name (see ai.h): the first of equal chances. */
sk_contract sk_people_solo(const sk_people_model *m, sk_cards hand)
{
    sk_contract best = {SK_C_NONE, SK_NOSUIT, 0};
    double bp = -1;
    for (int suit = 0; suit < 4; suit++) {
        sk_contract c = {SK_C_SOLO, (uint8_t)suit, 0};
        if (!(hand & SK_SUIT_MASK(suit) & ~LORDS) || !skx_heur_solo_suit_ok(hand, c))
            continue;
        double pr = sk_people_prob(m, hand, c);
        if (pr > bp) {
            bp = pr;
            best = c;
        }
    }
    return best;
}

/* Whether the contract counts under a rank floor (no floor: p NULL or
 * min_rank < 0). */
static bool rank_ok(const sk_public *p, int min_rank, sk_contract c)
{
    return !p || min_rank < 0 || p->rank[c.type][c.tout ? 1 : 0] >= min_rank;
}

/* The contract people declare (see ai.h). */
sk_contract sk_people_choice(const sk_people_model *m, const sk_rules *r, const sk_public *p,
                             sk_cards hand, int min_rank)
{
    sk_contract none = {SK_C_NONE, SK_NOSUIT, 0}, best = none;
    double bp = -1; /* the larger margin over its bar of a Solo and a Wenz */
    if (r->players != 4)
        return none;
    sk_contract solo = sk_people_solo(m, hand);
    if (r->allow_solo && solo.type != SK_C_NONE && rank_ok(p, min_rank, solo)) {
        double over = sk_people_prob(m, hand, solo) - m->bar[SK_PEOPLE_SOLO];
        if (over >= 0) {
            bp = over;
            best = solo;
        }
    }
    sk_contract wenz = {SK_C_WENZ, SK_NOSUIT, 0};
    if (r->allow_wenz && rank_ok(p, min_rank, wenz)) {
        double over = sk_people_prob(m, hand, wenz) - m->bar[SK_PEOPLE_WENZ];
        if (over >= 0 && over > bp) {
            bp = over;
            best = wenz;
        }
    }
    if (best.type != SK_C_NONE)
        return best;
    int suit = sk_people_call(m, hand);
    sk_contract sau = {SK_C_SAUSPIEL, (uint8_t)suit, 0};
    if (suit != SK_NOSUIT && rank_ok(p, min_rank, sau) &&
        sk_people_prob(m, hand, sau) >= m->bar[SK_PEOPLE_SAUSPIEL])
        return sau;
    return none;
}

/* The auction: the lowest class that still lets the seat declare the
 * game people would (as the rules of thumb bid theirs), else a pass. */
static sk_action people_auction(const sk_view *v, const sk_action *legal, int n, double *values)
{
    const sk_public *p = &v->pub;
    sk_contract want = sk_people_choice(&skx_people_table, v->rules, p, v->hand, -1);
    double pr = want.type ? sk_people_prob(&skx_people_table, v->hand, want) : 0;
    int rank = want.type ? p->rank[want.type][want.tout] : -1, pick = -1, best_rank = 1000;
    for (int i = 0; i < n; i++) {
        if (legal[i].type != SK_ACT_BID)
            continue;
        int r = p->rank[legal[i].contract.type][legal[i].contract.tout];
        values[i] = r <= rank ? pr : -1;
        if (r <= rank && r < best_rank) {
            best_rank = r;
            pick = i;
        }
    }
    if (pick >= 0)
        return legal[pick];
    for (int i = 0; i < n; i++)
        if (legal[i].type == SK_ACT_PASS)
            return legal[i];
    return legal[0];
}

/* The declaration: a Sie when dealt one; the game people would declare
 * when it is legal; else the legal contract people are likeliest to
 * declare (a Sauspiel's Sau by the call model); -1 when the model knows
 * none of the legal ones. */
static int people_declare(const sk_view *v, const sk_action *legal, int n, double *values)
{
    const sk_people_model *m = &skx_people_table;
    sk_contract want = sk_people_choice(m, v->rules, &v->pub, v->hand, -1);
    int call = sk_people_call(m, v->hand), pick = -1;
    double best = -1;
    for (int i = 0; i < n; i++) {
        sk_contract c = legal[i].contract;
        if (legal[i].type != SK_ACT_DECLARE)
            continue;
        double pr = sk_people_prob(m, v->hand, c);
        if (c.type == SK_C_SIE)
            pr = 3;
        else if (sk_people_kind(c) < 0)
            pr = -1;
        else if (c.type == want.type && c.suit == want.suit && c.tout == want.tout)
            pr += 2;
        else if (c.type == SK_C_SAUSPIEL && c.suit == call)
            pr += 0.5; /* of the Sauspiele, the Sau people call */
        else if (c.type == SK_C_SOLO && !skx_heur_solo_suit_ok(v->hand, c))
            pr -= 1; /* not the longest suit: after every other known game */
        values[i] = pr;
        if (pr > best) {
            best = pr;
            pick = i;
        }
    }
    return best > -1 ? pick : -1;
}

/* Laying: on PEOPLE_LAY_OBERS Obers in the first packet. */
static sk_action people_klopfen(const sk_view *v, const sk_action *legal, int n, double *values)
{
    int obers = skx_cards_count(v->hand & SK_RANK_MASK(SK_OBER));
    for (int i = 0; i < n; i++)
        if (legal[i].type == SK_ACT_KLOPFEN) {
            values[i] = obers - PEOPLE_LAY_OBERS;
            if (obers >= PEOPLE_LAY_OBERS)
                return legal[i];
        }
    return skx_act_pass(v->seat);
}

/* Kontra when the defender's own hand is one people would surely
 * declare the game with (its chance at least PEOPLE_KONTRA), Retour
 * when the declarer's side's is at least PEOPLE_RETOUR; never in a
 * game the model does not know. */
static sk_action people_double(const sk_view *v, const sk_action *legal, int n, double *values)
{
    double pr = sk_people_prob(&skx_people_table, v->hand, v->pub.contract);
    bool known = sk_people_kind(v->pub.contract) >= 0;
    for (int i = 0; i < n; i++) {
        if (legal[i].type != SK_ACT_KONTRA && legal[i].type != SK_ACT_RETOUR)
            continue;
        double bar = legal[i].type == SK_ACT_RETOUR ? PEOPLE_RETOUR : PEOPLE_KONTRA;
        values[i] = pr - bar;
        if (known && pr >= bar)
            return legal[i];
    }
    return skx_act_pass(v->seat);
}

/* The `people` bot's decisions but cards (see the essay above; ai_internal.h). */
sk_action skx_people_bidding(const sk_view *v, const sk_action *legal, int n, double *values)
{
    const sk_public *p = &v->pub;
    for (int i = 0; i < n; i++)
        values[i] = 0;
    /* the model is of four seats with the long deck */
    if (v->rules->players != 4 || v->rules->deck != SK_DECK_LONG)
        return skx_heur_bidding(v, legal, n, values);
    switch (p->phase) {
    case SK_PHASE_AUCTION:
        return people_auction(v, legal, n, values);
    case SK_PHASE_DECLARE: {
        int pick = people_declare(v, legal, n, values);
        return pick >= 0 ? legal[pick] : skx_heur_bidding(v, legal, n, values);
    }
    case SK_PHASE_KLOPFEN:
        return people_klopfen(v, legal, n, values);
    case SK_PHASE_HOCHZEIT:
        for (int i = 0; i < n; i++)
            if (legal[i].type == SK_ACT_PASS)
                return legal[i];
        /* the second card of a Bauernhochzeit taken: no pass left */
        return skx_heur_bidding(v, legal, n, values);
    case SK_PHASE_PLAY:
        return people_double(v, legal, n, values);
    default:
        return skx_heur_bidding(v, legal, n, values);
    }
}
