/*
 * heuristic.c -- club-player rules of thumb, as a bot and as helpers the
 * PIMC bot reuses for the auction and Kontra.
 *
 * Hand strength per contract: trumps weighted by rank (Obers most),
 * Laufende, side aces, blank (void) side suits.  Bids: the strongest
 * contract whose strength passes its threshold.  Card play: the
 * declarer's side leads trumps; defenders search the called ace; give
 * points (schmieren) to a partner who wins; win a trick with the lowest
 * card that does it; otherwise throw the cheapest card.
 */
#include "ai_internal.h"

#define LORDS (SK_RANK_MASK(SK_OBER) | SK_RANK_MASK(SK_UNTER))
/* The strength from which a defender gives Kontra. */
#define KONTRA_BAR 6.0
/* The bar of a Solo, from the 1,000 real games of tests/data (docs/ai.md,
 * "The hint on a Solo hand"): of the declarers whose best Solo had a
 * strength of 7.5 to 8 (the bar was 8), 71 % played the Solo, and their
 * Solos won 81 %; from 7 to 7.5, 39 % played it and won 62 %. */
#define SOLO_BAR 7.5
/* The bonus of a game above a Sauspiel that clears its bar: enough that
 * it is played rather than any Sauspiel, as people do (the same data: a
 * declarer with a Solo over the bar played it 71 % to 100 % of the
 * time, more the stronger the Solo). */
#define CLASS_FIRST 10.0

/* Strength of `hand` for contract c, in rough "tricks" (about 5 and up
 * is a game). */
double skx_heur_strength(sk_cards hand, sk_contract c)
{
    sk_order o;
    sk_order_init(&o, c);
    double s = 0;
    int trumps = 0;
    for (int i = 0; i < o.ntrumps; i++) {
        int card = o.trump_seq[i];
        if (!(hand & SK_BIT(card)))
            continue;
        trumps++;
        s += i < 4 ? 1.2 : i < 8 ? 0.9 : 0.6;
    }
    int run = 0;
    while (run < o.ntrumps && (hand & SK_BIT(o.trump_seq[run])))
        run++;
    s += 0.3 * run;
    for (int suit = 0; suit < 4; suit++) {
        sk_cards plain = hand & SK_SUIT_MASK(suit) & ~o.trumps;
        if ((SK_SUIT_MASK(suit) & ~o.trumps) == 0)
            continue;
        if (plain & SK_BIT(SK_CARD(suit, SK_ASS)))
            s += 0.9 + (plain & SK_BIT(SK_CARD(suit, SK_ZEHN)) ? 0.5 : 0);
        else if (!plain)
            s += trumps >= 4 ? 0.5 : 0.2;
    }
    if (c.type == SK_C_WENZ)
        s += 0.6 * skx_cards_count(hand & SK_RANK_MASK(SK_ASS)); /* aces rule a Wenz */
    return s;
}

/* The threshold a contract's strength must reach to be played. */
static double threshold(sk_contract c)
{
    switch (c.type) {
    case SK_C_SAUSPIEL:
        return 5.0;
    case SK_C_SOLO: /* see SOLO_BAR */
        return c.tout ? 10.5 : SOLO_BAR;
    case SK_C_WENZ:
    case SK_C_GEIER:
        return c.tout ? 9.5 : 7.2;
    case SK_C_FARBWENZ:
    case SK_C_FARBGEIER:
        return c.tout ? 10.5 : 7.8;
    case SK_C_BETTEL:
        return 0.0; /* bettel_danger() below: at most 2 */
    case SK_C_BETTEL_OUVERT:
        return 1.5; /* shown hand: at most 0.5 */
    case SK_C_HOCHZEIT:
        return 2.5; /* side aces and tens, with a partner to come */
    default:
        return 1e9; /* never on its own */
    }
}

/* How likely a hand is to take a trick in a Bettel: high cards are
 * dangerous, low ones safe (002: A K O U Z 9 8 7, no trumps). */
static double bettel_danger(sk_cards hand)
{
    static const double DANGER[8] = {3.0, 1.0, 2.5, 2.0, 1.5, 0.3, 0.1, 0.0};
    double d = 0;
    for (sk_cards c = hand; c; c &= c - 1)
        d += DANGER[SK_RANK_OF(skx_cards_first(c))];
    return d;
}

/* Strength measured for the contract kinds that are not about trumps. */
static double contract_strength(sk_cards hand, sk_contract c)
{
    if (c.type == SK_C_BETTEL || c.type == SK_C_BETTEL_OUVERT)
        return 2.0 - bettel_danger(hand);
    if (c.type == SK_C_HOCHZEIT) {
        double s = 0;
        for (int suit = 0; suit < 4; suit++)
            if (suit != SK_HERZ && (hand & SK_BIT(SK_CARD(suit, SK_ASS))))
                s += 1.0 + ((hand & SK_BIT(SK_CARD(suit, SK_ZEHN))) ? 0.5 : 0);
        return s;
    }
    return skx_heur_strength(hand, c);
}

/* How far a hand clears (>= 0) or misses (< 0) the bar of a contract,
 * in the rough tricks of skx_heur_strength. */
double skx_heur_margin(sk_cards hand, sk_contract c)
{
    return contract_strength(hand, c) - threshold(c);
}

/* The trumps a Solo in `suit` would give the hand: the lords and the suit. */
static int solo_trumps(sk_cards hand, int suit)
{
    return skx_cards_count(hand & (LORDS | SK_SUIT_MASK(suit)));
}

/* Whether a Solo in c's suit is the one a club player names: his longest
 * trump suit (equally long ones all count); any other contract is.  Of
 * the 161 Solos of the 1,000 real games in tests/data, 158 were played
 * in the longest suit, while the highest strength picked the players'
 * suit in only 127 (docs/ai.md). */
bool skx_heur_solo_suit_ok(sk_cards hand, sk_contract c)
{
    if (c.type != SK_C_SOLO)
        return true;
    int mine = solo_trumps(hand, c.suit);
    for (int suit = 0; suit < 4; suit++)
        if (solo_trumps(hand, suit) > mine)
            return false;
    return true;
}

/* The margin of a contract over its bar with the preference of a higher
 * class: a game above a Sauspiel that clears its bar gets CLASS_FIRST (a
 * Tout 2 more), so it is played rather than a Sauspiel.  The same in the
 * auction and in the declaration. */
static double preferred_margin(sk_cards hand, sk_contract c)
{
    double m = contract_strength(hand, c) - threshold(c);
    if (m >= 0 && c.type != SK_C_SAUSPIEL)
        m += CLASS_FIRST + (c.tout ? 2 : 0);
    return m;
}

/* Whether the ruleset lets anyone play a contract kind at all. */
static bool kind_allowed(const sk_rules *r, sk_contract c)
{
    switch (c.type) {
    case SK_C_SAUSPIEL:
        return !c.tout && r->players != 3;
    case SK_C_SOLO:
        return r->allow_solo && (!c.tout || r->allow_tout);
    case SK_C_WENZ:
        return r->allow_wenz && (!c.tout || r->allow_tout);
    case SK_C_GEIER:
        return r->allow_geier && (!c.tout || r->allow_tout) && r->players != 3;
    case SK_C_FARBWENZ:
        return r->allow_farbwenz && (!c.tout || r->allow_tout) && r->players != 3;
    case SK_C_FARBGEIER:
        return r->allow_farbgeier && (!c.tout || r->allow_tout) && r->players != 3;
    case SK_C_BETTEL:
        return r->allow_bettel && !c.tout && r->players != 3;
    case SK_C_BETTEL_OUVERT:
        return r->allow_bettel_ouvert && !c.tout && r->players != 3;
    case SK_C_HOCHZEIT:
        return r->allow_hochzeit && !c.tout && r->players != 3;
    default:
        return false;
    }
}

/* Whether the hand may offer a Hochzeit: one trump, or two with the
 * Bauernhochzeit (002). */
static bool hochzeit_hand(const sk_rules *r, sk_cards hand)
{
    int n = skx_cards_count(hand & (LORDS | SK_SUIT_MASK(SK_HERZ)));
    return n == 1 || (n == 2 && r->bauernhochzeit);
}

/*
 * The best contract a hand wants among those of auction rank at least
 * min_rank (-1: all) that the ruleset allows and the hand may declare:
 * type NONE when it should pass.  *margin is its margin over the bar,
 * a higher class preferred by a bonus when it clears it; *raw the
 * largest margin without that bonus (-1e9 when nothing is eligible).
 */
static sk_contract wanted_hand(const sk_rules *r, const sk_public *p, sk_cards hand,
                               int min_rank, double *margin, double *raw)
{
    sk_contract best = {SK_C_NONE, SK_NOSUIT, 0};
    double bm = -1e9, br = -1e9;
    for (int type = SK_C_SAUSPIEL; type < SK_C_NTYPES; type++)
        for (int suit = 0; suit < 4; suit++)
            for (int tout = 0; tout < 2; tout++) {
                sk_contract c = {(uint8_t)type, (uint8_t)suit, (uint8_t)tout};
                bool suited = type == SK_C_SAUSPIEL || type == SK_C_SOLO ||
                              type == SK_C_FARBWENZ || type == SK_C_FARBGEIER;
                if (!suited) {
                    if (suit)
                        continue;
                    c.suit = SK_NOSUIT;
                }
                if (type == SK_C_SIE || type == SK_C_RAMSCH || !kind_allowed(r, c))
                    continue;
                if (min_rank >= 0 && p->rank[type][tout] < min_rank)
                    continue;
                if (type == SK_C_HOCHZEIT && !hochzeit_hand(r, hand))
                    continue;
                if ((type == SK_C_FARBWENZ || type == SK_C_FARBGEIER) &&
                    !(hand & SK_SUIT_MASK(suit)))
                    continue;
                if (type == SK_C_SAUSPIEL &&
                    (tout || suit == SK_HERZ || (hand & SK_BIT(SK_CARD(suit, SK_ASS))) ||
                     !(hand & SK_SUIT_MASK(suit) & ~LORDS)))
                    continue;
                if (type == SK_C_SOLO && (!(hand & SK_SUIT_MASK(suit) & ~LORDS) ||
                                          !skx_heur_solo_suit_ok(hand, c)))
                    continue;
                double bare = contract_strength(hand, c) - threshold(c);
                if (bare > br)
                    br = bare;
                /* a higher class wins more: prefer it when it clears its bar */
                double m = preferred_margin(hand, c);
                if (m > bm) {
                    bm = m;
                    best = c;
                }
            }
    *margin = bm;
    *raw = br;
    if (bm < 0)
        best.type = SK_C_NONE;
    return best;
}

/* The best contract the view's hand wants (type NONE when it should
 * pass) and its margin over the threshold. */
static sk_contract wanted(const sk_view *v, double *margin)
{
    double raw;
    return wanted_hand(v->rules, &v->pub, v->hand, -1, margin, &raw);
}

/* Inference (ai_internal.h): the best raw margin of a dealt hand. */
double skx_heur_best_margin(const sk_rules *r, const sk_public *p, sk_cards hand, int min_rank)
{
    double margin, raw;
    wanted_hand(r, p, hand, min_rank, &margin, &raw);
    return raw;
}

/* Inference (ai_internal.h): the heuristic's Kontra measure. */
double skx_heur_kontra_margin(sk_cards hand, sk_contract c)
{
    return skx_heur_strength(hand, c) - KONTRA_BAR;
}

/* Auction and declaration by hand strength; Kontra when strong. */
sk_action skx_heur_bidding(const sk_view *v, const sk_action *legal, int n, double *values)
{
    double margin;
    sk_contract want = wanted(v, &margin);
    const sk_public *p = &v->pub;
    int pick = -1;
    for (int i = 0; i < n; i++)
        values[i] = 0;
    if (p->phase == SK_PHASE_AUCTION) {
        int rank = want.type ? p->rank[want.type][want.tout] : -1;
        int best_rank = 1000;
        for (int i = 0; i < n; i++) {
            if (legal[i].type != SK_ACT_BID)
                continue;
            int r = p->rank[legal[i].contract.type][legal[i].contract.tout];
            values[i] = r <= rank ? margin : -1;
            if (r <= rank && r < best_rank) {
                best_rank = r;
                pick = i;
            }
        }
        if (pick < 0)
            for (int i = 0; i < n; i++)
                if (legal[i].type == SK_ACT_PASS)
                    pick = i;
        return legal[pick < 0 ? 0 : pick];
    }
    if (p->phase == SK_PHASE_DECLARE) {
        double bm = -1e9;
        for (int i = 0; i < n; i++) {
            sk_contract c = legal[i].contract;
            double m = preferred_margin(v->hand, c);
            if (!skx_heur_solo_suit_ok(v->hand, c)) /* not his longest suit: below it */
                m = (m >= CLASS_FIRST ? m - CLASS_FIRST : m) - 1;
            if (c.type == SK_C_SIE)
                m = 100;
            if (c.tout && m < 0)
                m -= 10; /* a Tout that is not there loses big */
            values[i] = m;
            if (m > bm) {
                bm = m;
                pick = i;
            }
        }
        return legal[pick < 0 ? 0 : pick];
    }
    if (p->phase == SK_PHASE_KLOPFEN) { /* lay when the packet's money is priced high (klopfen.c) */
        bool lay = sk_klopfen_lays(v);
        double worth = sk_klopfen_value(v->hand, p->klopf_spoken, p->laid) - SK_KLOPFEN_MARGIN;
        for (int i = 0; i < n; i++)
            if (legal[i].type == SK_ACT_KLOPFEN) {
                values[i] = worth;
                if (lay)
                    return legal[i];
            }
        return skx_act_pass(v->seat);
    }
    if (p->phase == SK_PHASE_HOCHZEIT) { /* take it with trumps; give the cheapest card */
        int trumps = skx_cards_count(v->hand & (LORDS | SK_SUIT_MASK(SK_HERZ)));
        bool taken = p->hochzeit_given > 0; /* the second card of a Bauernhochzeit */
        for (int i = 0; i < n; i++)
            if (legal[i].type == SK_ACT_ACCEPT && (trumps >= 4 || taken) &&
                (pick < 0 || sk_card_points(legal[i].card) < sk_card_points(legal[pick].card)))
                pick = i;
        if (pick >= 0)
            values[pick] = trumps;
        return pick >= 0 ? legal[pick] : skx_act_pass(v->seat);
    }
    /* Kontra / Retour, in or out of turn */
    for (int i = 0; i < n; i++) {
        if (legal[i].type != SK_ACT_KONTRA && legal[i].type != SK_ACT_RETOUR)
            continue;
        double s = skx_heur_strength(v->hand, p->contract);
        double bar = legal[i].type == SK_ACT_KONTRA ? KONTRA_BAR : threshold(p->contract) + 2.5;
        values[i] = s - bar;
        if (s >= bar)
            return legal[i];
    }
    return skx_act_pass(v->seat);
}

/* Whether `seat` is known to be on the viewer's side (itself included). */
static int friend_of(const sk_view *v, int seat)
{
    if (seat == v->seat)
        return 1;
    enum sk_side me = sk_view_side(v, v->seat), it = sk_view_side(v, seat);
    return it != SK_SIDE_UNKNOWN && me == it; /* unknown: treat as not a friend */
}

/* Play in the negative games -- a Bettel, a Ramsch: take no trick if it
 * can be helped.  Lead the lowest card; following, throw the most
 * valuable card that still loses (in a Ramsch the points go to someone
 * else); if every card wins, win with the highest to be rid of it. */
static int duck(const sk_view *v, sk_cards legal)
{
    const sk_public *p = &v->pub;
    const sk_order *o = &p->order;
    if (p->trick_len == 0) {
        int lo = skx_cards_first(legal);
        for (sk_cards t = legal; t; t &= t - 1)
            if (o->power[skx_cards_first(t)] < o->power[lo])
                lo = skx_cards_first(t);
        return lo;
    }
    int wkey = 0;
    for (int i = 0; i < p->trick_len; i++) {
        int c = p->trick[i], key = o->power[c];
        if (i && key < 64 && !(o->follow[p->trick[0]] & SK_BIT(c)))
            key = 0;
        if (key > wkey)
            wkey = key;
    }
    int lose = -1, high = -1;
    for (sk_cards t = legal; t; t &= t - 1) {
        int c = skx_cards_first(t), key = o->power[c];
        if (key < 64 && !(o->follow[p->trick[0]] & SK_BIT(c)))
            key = 0;
        if (key < wkey && (lose < 0 || sk_card_points(c) * 64 + key >
                                           sk_card_points(lose) * 64 + o->power[lose]))
            lose = c;
        if (high < 0 || o->power[c] > o->power[high])
            high = c;
    }
    return lose >= 0 ? lose : high;
}

/* Card choice by rules of thumb. */
int skx_heur_card(const sk_view *v, sk_cards legal)
{
    const sk_public *p = &v->pub;
    if (p->contract.type == SK_C_RAMSCH || p->contract.type == SK_C_BETTEL ||
        p->contract.type == SK_C_BETTEL_OUVERT)
        return duck(v, legal);
    const sk_order *o = &p->order;
    int me_decl = sk_view_side(v, v->seat) == SK_SIDE_DECLARER;
    if (p->trick_len == 0) {
        sk_cards trumps = legal & o->trumps;
        if (me_decl && trumps) {
            /* lead the highest trump if it is the top one out, else a low one */
            sk_cards out = ~p->played & o->trumps & ~v->hand;
            int hi = -1, lo = -1;
            for (sk_cards t = trumps; t; t &= t - 1) {
                int c = skx_cards_first(t);
                if (hi < 0 || o->power[c] > o->power[hi])
                    hi = c;
                if (lo < 0 || o->power[c] < o->power[lo])
                    lo = c;
            }
            int top = 1;
            for (sk_cards t = out; t; t &= t - 1)
                if (o->power[skx_cards_first(t)] > o->power[hi])
                    top = 0;
            return top ? hi : lo;
        }
        if (!me_decl && p->called_ace != SK_NOCARD && !p->called_led) {
            sk_cards suit = legal & o->follow[p->called_ace];
            if (suit) /* search the called ace with the lowest card */
                return 31 - __builtin_clz(suit);
        }
        /* an ace of a side suit, else the lowest side card */
        sk_cards aces = legal & SK_RANK_MASK(SK_ASS) & ~o->trumps;
        if (aces)
            return skx_cards_first(aces);
        sk_cards side = legal & ~o->trumps;
        sk_cards pool = side ? side : legal;
        int lo = skx_cards_first(pool);
        for (sk_cards t = pool; t; t &= t - 1) {
            int c = skx_cards_first(t);
            if (sk_card_points(c) < sk_card_points(lo) ||
                (sk_card_points(c) == sk_card_points(lo) && o->power[c] < o->power[lo]))
                lo = c;
        }
        return lo;
    }
    /* following: who wins now? */
    int win = 0, wkey = o->power[p->trick[0]], pts = 0;
    for (int i = 0; i < p->trick_len; i++) {
        int c = p->trick[i];
        pts += sk_card_points(c);
        int key = o->power[c];
        if (i && key < 64 && !(o->follow[p->trick[0]] & SK_BIT(c)))
            key = 0;
        if (key > wkey) {
            wkey = key;
            win = i;
        }
    }
    int winner = (p->trick_leader + win) % 4;
    int last = p->trick_len == 3;
    int mine = friend_of(v, winner);
    int cheap = -1, cheap_win = -1, rich = -1;
    for (sk_cards t = legal; t; t &= t - 1) {
        int c = skx_cards_first(t);
        int key = o->power[c];
        if (key < 64 && !(o->follow[p->trick[0]] & SK_BIT(c)))
            key = 0;
        int cp = sk_card_points(c) * 4 + (o->trumps & SK_BIT(c) ? 8 + key - 64 : 0);
        if (cheap < 0 || cp < sk_card_points(cheap) * 4 +
                                 (o->trumps & SK_BIT(cheap) ? 8 + o->power[cheap] - 64 : 0))
            cheap = c;
        if (key > wkey && (cheap_win < 0 || key < o->power[cheap_win] ||
                           (last && sk_card_points(c) > sk_card_points(cheap_win))))
            cheap_win = c;
        /* schmieren: many points, not a trump */
        if (!(o->trumps & SK_BIT(c)) && (rich < 0 || sk_card_points(c) > sk_card_points(rich)))
            rich = c;
    }
    if (mine && (last || wkey >= 64 + o->ntrumps - 4))
        return rich >= 0 ? rich : cheap;
    if (!mine && cheap_win >= 0 && (last || pts >= 10 || o->power[cheap_win] >= 64 + o->ntrumps - 6))
        return cheap_win;
    return cheap;
}
