/*
 * sample.c -- uniform random deals of the unseen cards, consistent with a
 * seat's view (see the essay before sk_sampler in ai.h).
 *
 * Counting: the three other seats are o[0..2] with capacities (unseen
 * cards each must still receive).  ways[k][cap] is the number of ways to
 * give the cards of classes k.. exactly filling cap; a class of m cards
 * allowed for a seat subset splits as x0 + x1 + x2 = m with multinomial
 * weight m!/(x0! x1! x2!).  Drawing walks the classes, picks a split with
 * probability proportional to its completions, then deals that class's
 * cards in a random order.  Exact and never stalls.
 */
#include "schafkopf/ai.h"
#include "core/bits.h"

#include <string.h>

#define CAP(a, b, c) ((a) * 81 + (b) * 9 + (c))

/* The seats other than `seat`, in order (at a table of three the empty
 * fourth seat is among them, with no cards to receive). */
static void others(int seat, int o[3])
{
    for (int i = 0; i < 3; i++)
        o[i] = (seat + 1 + i) % 4;
}

/* Seats in play: 4, or 3 at a table of three. */
static int seats_of(const sk_public *p)
{
    return p->nseats == 3 ? 3 : 4;
}

/* m! for m <= 24 (a class never has more unseen cards). */
static double fact(int m)
{
    static const double F[25] = {
        1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600,
        6227020800.0, 87178291200.0, 1307674368000.0, 20922789888000.0,
        355687428096000.0, 6402373705728000.0, 121645100408832000.0,
        2432902008176640000.0, 51090942171709440000.0, 1124000727777607680000.0,
        25852016738884976640000.0, 620448401733239439360000.0};
    return F[m];
}

/* The called-ace constraints: returns the seats (bit mask) that may hold
 * the unseen called ace, or a single seat when it is known (runaway). */
static unsigned ace_seats(const sk_public *p, unsigned seats)
{
    seats &= ~(1u << p->declarer); /* 2.5.1: the declarer cannot call his own ace */
    for (int d = 0; d < p->doublings && d < 8; d++) {
        int who = p->kontra_seat[d];
        if (d % 2 == 0)
            seats &= ~(1u << who); /* Kontra: a defender (3.3) */
        else if (who != p->declarer)
            seats &= 1u << who;    /* Retour by the partner */
    }
    sk_cards suit = p->order.follow[p->called_ace];
    int ntricks = p->trick_no + (p->trick_len ? 1 : 0), n = seats_of(p);
    for (int t = 0; t < ntricks; t++) {
        const uint8_t *cards = t < p->trick_no ? p->tricks[t] : p->trick;
        int leader = t < p->trick_no ? p->trick_leaders[t] : p->trick_leader;
        int len = t < p->trick_no ? n : p->trick_len;
        if (!(suit & SK_BIT(cards[0])))
            continue;
        /* the first trick of the called suit: a runaway leader holds the
         * ace (2.5.4); otherwise everyone who played to it does not */
        if (p->ran_away)
            return seats & (1u << leader);
        for (int i = 0; i < len; i++)
            seats &= ~(1u << ((leader + i) % n));
        break;
    }
    return seats;
}

/* The number of ways to split m cards of class k over the three seats
 * as (x0, x1, x2) -- zero where a seat is not allowed -- calling back
 * per split; shared by counting and drawing. */
#define FOR_SPLITS(m, a, o, cap, ...)                                                 \
    for (int x0 = 0; x0 <= (m) && x0 <= (cap)[0]; x0++) {                              \
        if (x0 && !((a) & (1u << (o)[0])))                                               \
            break;                                                                       \
        for (int x1 = 0; x0 + x1 <= (m) && x1 <= (cap)[1]; x1++) {                     \
            if (x1 && !((a) & (1u << (o)[1])))                                           \
                break;                                                                   \
            int x2 = (m) - x0 - x1;                                                      \
            if (x2 > (cap)[2] || (x2 && !((a) & (1u << (o)[2]))))                        \
                continue;                                                                \
            __VA_ARGS__                                                                  \
        }                                                                                \
    }

/* The requirement state after a split: req cards got so far, capped at
 * the need. */
static int meets(const sk_sampler *sp, int k, const int o[3], int f, int x0, int x1, int x2)
{
    if (!sp->cls_req[k])
        return f;
    int x[3] = {x0, x1, x2};
    for (int i = 0; i < 3; i++)
        if (o[i] == sp->req_seat)
            f += x[i];
    return f > sp->req_need ? sp->req_need : f;
}

/* The first trick of the called suit, or -1. */
static int called_trick(const sk_public *p)
{
    sk_cards suit = p->order.follow[p->called_ace];
    int ntricks = p->trick_no + (p->trick_len ? 1 : 0);
    for (int t = 0; t < ntricks; t++) {
        const uint8_t *cards = t < p->trick_no ? p->tricks[t] : p->trick;
        if (suit & SK_BIT(cards[0]))
            return t;
    }
    return -1;
}

/* Whether the view is of a Hochzeit after the exchange (002). */
static bool hochzeit_done(const sk_public *p, int n)
{
    return p->contract.type == SK_C_HOCHZEIT && p->phase >= SK_PHASE_PLAY && p->declarer < n &&
           p->partner < n;
}

/* What the two who exchanged in a Hochzeit know (002): the declarer the
 * trumps he gave, which the taker holds until he plays them; the taker
 * the cards he gave (his accept actions), which the declarer holds. */
static void hochzeit_known(const sk_view *v, sk_cards *to_taker, sk_cards *to_decl)
{
    const sk_public *p = &v->pub;
    *to_taker = *to_decl = 0;
    if (v->seat == p->declarer)
        for (int i = 0; i < 8; i++)
            if (v->dealt[i] < SK_NCARDS && (p->order.trumps & SK_BIT(v->dealt[i])))
                *to_taker |= SK_BIT(v->dealt[i]);
    if (v->seat == p->partner)
        for (int i = 0; i < p->nactions; i++)
            if (p->actions[i].type == SK_ACT_ACCEPT && p->actions[i].card < SK_NCARDS)
                *to_decl |= SK_BIT(p->actions[i].card);
    *to_taker &= ~p->played;
    *to_decl &= ~p->played;
}

/* Prepares the sampler for a view. */
int sk_sample_init(sk_sampler *sp, const sk_view *v)
{
    const sk_public *p = &v->pub;
    memset(sp, 0, sizeof *sp);
    sp->seat = v->seat;
    sp->req_seat = sp->req2_seat = SK_NOSEAT;
    int o[3], n = seats_of(p);
    others(v->seat, o);
    int played[SK_NSEATS] = {0};
    sk_cards played_by[SK_NSEATS] = {0};
    for (int t = 0; t < p->trick_no; t++)
        for (int i = 0; i < n; i++) {
            played[(p->trick_leaders[t] + i) % n]++;
            played_by[(p->trick_leaders[t] + i) % n] |= SK_BIT(p->tricks[t][i]);
        }
    for (int i = 0; i < p->trick_len; i++) {
        played[(p->trick_leader + i) % n]++;
        played_by[(p->trick_leader + i) % n] |= SK_BIT(p->trick[i]);
    }
    /* the cards of the deck this game plays with (short cards, 002) */
    sk_cards deck = v->rules ? sk_rules_deck(v->rules) : SK_ALL_CARDS;
    int ntricks = p->ntricks ? p->ntricks : SK_NTRICKS;
    sk_cards unseen = deck & ~(p->played | v->hand);
    sp->known[v->seat] = v->hand;
    for (int i = 0; i < 3; i++)
        sp->need[o[i]] = (uint8_t)(o[i] < n ? ntricks - played[o[i]] : 0);
    /* a hand shown on the table (Bettel Brett) is known */
    if (p->open_seat < n && p->open_seat != v->seat) {
        sk_cards shown = v->open_hand & unseen;
        sp->known[p->open_seat] |= shown;
        sp->need[p->open_seat] = (uint8_t)(sp->need[p->open_seat] - skx_cards_count(shown));
        unseen &= ~shown;
    }
    bool sauspiel = p->contract.type == SK_C_SAUSPIEL && p->called_ace != SK_NOCARD &&
                    p->phase >= SK_PHASE_PLAY && p->declarer < n;
    /* the declarer held a plain card of the called suit (2.5.3), or a
     * card of the trump suit that is no Ober or Unter in a Solo (2.6.4),
     * no Unter in a Farbwenz, no Ober in a Farbgeier */
    sk_cards req = 0; /* core says what the declaration needed (the auction's rule) */
    if (p->phase >= SK_PHASE_PLAY && p->declarer < n && !p->kreuzbock &&
        (p->contract.type != SK_C_SAUSPIEL || sauspiel))
        req = sk_contract_needs(p->contract, p->muss);
    req &= deck;
    sk_cards need_set = 0;
    int need_n = 0, need_seat = SK_NOSEAT;
    if (req && p->declarer != v->seat && !(played_by[p->declarer] & req)) {
        need_set = req;
        need_n = 1;
        need_seat = p->declarer;
    }
    /* 2.5.4: a runaway holder had four cards of the suit when he led it */
    if (sauspiel && p->ran_away) {
        int t = called_trick(p);
        int runner = t < p->trick_no ? p->trick_leaders[t] : p->trick_leader;
        sk_cards suit = p->order.follow[p->called_ace], since = 0;
        for (int u = t; u < p->trick_no; u++)
            for (int i = 0; i < n; i++)
                if ((p->trick_leaders[u] + i) % n == runner)
                    since |= SK_BIT(p->tricks[u][i]);
        for (int i = 0; i < p->trick_len; i++)
            if ((p->trick_leader + i) % n == runner)
                since |= SK_BIT(p->trick[i]);
        int have = skx_cards_count(since & suit) +
                   !(p->played & SK_BIT(p->called_ace)); /* the ace, known to be his */
        if (runner != v->seat && have < 4) {
            if (need_n) { /* both: the declarer's by redrawing */
                sp->req2_seat = (uint8_t)need_seat;
                sp->req2 = need_set;
            }
            need_set = suit & ~SK_BIT(p->called_ace);
            need_n = 4 - have;
            need_seat = runner;
        }
    }
    /* a Hochzeit (002): the taker got the declarer's trumps, so he holds
     * or played at least that many; the declarer holds none */
    bool hochzeit = hochzeit_done(p, n);
    sk_cards to_taker = 0, to_decl = 0;
    if (hochzeit)
        hochzeit_known(v, &to_taker, &to_decl);
    if (hochzeit && !need_n && v->seat != p->declarer && v->seat != p->partner) {
        int got = p->hochzeit_cards - skx_cards_count(played_by[p->partner] & p->order.trumps);
        if (got > 0) {
            need_set = p->order.trumps & deck;
            need_n = got;
            need_seat = p->partner;
        }
    }
    req = need_set;
    sp->req_seat = (uint8_t)need_seat;
    sp->req_need = (uint8_t)need_n;
    unsigned all = 0;
    for (int i = 0; i < 3; i++)
        if (o[i] < n)
            all |= 1u << o[i];
    /* a Muss (002): the declarer is the Eichel-Ober's holder; calling a
     * Ten he held the three Sauen, calling a King their Tens as well */
    sk_cards decl_holds = 0;
    if (p->muss && p->declarer < n && p->phase >= SK_PHASE_PLAY) {
        sk_cards aces = SK_BIT(SK_CARD(SK_EICHEL, SK_ASS)) | SK_BIT(SK_CARD(SK_GRAS, SK_ASS)) |
                        SK_BIT(SK_CARD(SK_SCHELLEN, SK_ASS));
        decl_holds = SK_BIT(SK_CARD(SK_EICHEL, SK_OBER));
        if (sauspiel && SK_RANK_OF(p->called_ace) >= SK_ZEHN)
            decl_holds |= aces;
        if (sauspiel && SK_RANK_OF(p->called_ace) == SK_KOENIG)
            decl_holds |= aces << SK_ZEHN;
    }
    uint8_t allowed[SK_NCARDS];
    for (sk_cards u = unseen; u; u &= u - 1) {
        int c = skx_cards_first(u);
        unsigned a = all;
        if (decl_holds & SK_BIT(c))
            a &= 1u << p->declarer;
        for (int i = 0; i < 3; i++)
            if (p->shown_void[o[i]] & SK_BIT(c))
                a &= ~(1u << o[i]);
        if (sauspiel && c == p->called_ace)
            a = ace_seats(p, a);
        if (hochzeit && (p->order.trumps & SK_BIT(c)))
            a &= ~(1u << p->declarer);
        if (to_taker & SK_BIT(c))
            a &= 1u << p->partner;
        if (to_decl & SK_BIT(c))
            a &= 1u << p->declarer;
        if (a == 0)
            return SK_EINVAL;
        if ((a & (a - 1)) == 0) { /* a known card */
            int s = __builtin_ctz(a);
            if (sp->need[s] == 0)
                return SK_EINVAL;
            sp->known[s] |= SK_BIT(c);
            sp->need[s]--;
            unseen &= ~SK_BIT(c);
            if (s == sp->req_seat && (req & SK_BIT(c)) && --sp->req_need == 0)
                sp->req_seat = SK_NOSEAT;
        }
        allowed[c] = (uint8_t)a;
    }
    if (skx_cards_count(unseen) != sp->need[o[0]] + sp->need[o[1]] + sp->need[o[2]])
        return SK_EINVAL;
    /* classes by allowed seat set and by "may meet the requirement" */
    for (sk_cards u = unseen; u; u &= u - 1) {
        int c = skx_cards_first(u);
        int r = sp->req_seat != SK_NOSEAT && (req & SK_BIT(c)) &&
                (allowed[c] & (1u << sp->req_seat));
        int k = 0;
        while (k < sp->nclasses && (sp->cls_seats[k] != allowed[c] || sp->cls_req[k] != r))
            k++;
        if (k == sp->nclasses) {
            sp->cls_seats[k] = allowed[c];
            sp->cls_req[k] = (uint8_t)r;
            sp->nclasses++;
        }
        sp->cls_cards[k] |= SK_BIT(c);
    }
    /* completions, from the last class back; state (capacities, met) */
    int K = sp->nclasses, left = 0;
    if (sp->req_seat == SK_NOSEAT)
        sp->req_need = 0;
    sp->ways[K][CAP(0, 0, 0) * 5 + sp->req_need] = 1;
    for (int k = K - 1; k >= 0; k--) {
        int m = skx_cards_count(sp->cls_cards[k]);
        unsigned a = sp->cls_seats[k];
        double fm = fact(m);
        left += m;
        for (int c0 = 0; c0 <= 8; c0++)
            for (int c1 = 0; c1 <= 8; c1++)
                for (int c2 = 0; c2 <= 8; c2++) {
                    int cap[3] = {c0, c1, c2};
                    for (int f = 0; f <= sp->req_need; f++) {
                        double w = 0;
                        if (c0 + c1 + c2 == left) {
                            FOR_SPLITS(m, a, o, cap, {
                                int nf = meets(sp, k, o, f, x0, x1, x2);
                                double rest =
                                    sp->ways[k + 1][CAP(c0 - x0, c1 - x1, c2 - x2) * 5 + nf];
                                if (rest > 0)
                                    w += fm / (fact(x0) * fact(x1) * fact(x2)) * rest;
                            })
                        }
                        sp->ways[k][CAP(c0, c1, c2) * 5 + f] = w;
                    }
                }
    }
    if (sk_sample_count(sp) <= 0)
        return SK_EINVAL;
    return SK_OK;
}

double sk_sample_count(const sk_sampler *sp)
{
    int o[3];
    others(sp->seat, o);
    return sp->ways[0][CAP(sp->need[o[0]], sp->need[o[1]], sp->need[o[2]]) * 5];
}

/* A uniform double in [0, 1). */
static double uniform(sk_rng *rng)
{
    return (double)(skx_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0);
}

/* Draws one deal by the counts (the primary requirement exact). */
static void draw_once(const sk_sampler *sp, sk_rng *rng, sk_cards hands[SK_NSEATS])
{
    int o[3];
    others(sp->seat, o);
    for (int s = 0; s < SK_NSEATS; s++)
        hands[s] = sp->known[s];
    int cap[3] = {sp->need[o[0]], sp->need[o[1]], sp->need[o[2]]};
    int f = 0;
    for (int k = 0; k < sp->nclasses; k++) {
        int m = skx_cards_count(sp->cls_cards[k]);
        unsigned a = sp->cls_seats[k];
        double total = sp->ways[k][CAP(cap[0], cap[1], cap[2]) * 5 + f];
        double r = uniform(rng) * total;
        double fm = fact(m);
        int pick[3] = {-1, -1, -1}, last[3] = {-1, -1, -1}, done = 0;
        FOR_SPLITS(m, a, o, cap, {
            if (done)
                break;
            int nf = meets(sp, k, o, f, x0, x1, x2);
            double rest = sp->ways[k + 1][CAP(cap[0] - x0, cap[1] - x1, cap[2] - x2) * 5 + nf];
            if (rest > 0) {
                last[0] = x0, last[1] = x1, last[2] = x2;
                r -= fm / (fact(x0) * fact(x1) * fact(x2)) * rest;
                if (r < 0) {
                    pick[0] = x0, pick[1] = x1, pick[2] = x2;
                    done = 1;
                }
            }
        })
        if (pick[0] < 0) /* rounding at the very end: the last valid split */
            memcpy(pick, last, sizeof pick);
        f = meets(sp, k, o, f, pick[0], pick[1], pick[2]);
        /* deal the class's cards in a random order */
        uint8_t cards[SK_NCARDS];
        int n = 0;
        for (sk_cards c = sp->cls_cards[k]; c; c &= c - 1)
            cards[n++] = (uint8_t)skx_cards_first(c);
        for (int i = n - 1; i > 0; i--) {
            int j = (int)skx_rng_below(rng, (uint32_t)(i + 1));
            uint8_t t = cards[i];
            cards[i] = cards[j];
            cards[j] = t;
        }
        int at = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < pick[i]; j++)
                hands[o[i]] |= SK_BIT(cards[at++]);
            cap[i] -= pick[i];
        }
    }
}

/* Draws one deal.  A second requirement (only while a runaway trick is
 * on the table and the declarer has not shown his called-suit card) is
 * met by redrawing, at most 256 times. */
void sk_sample_draw(const sk_sampler *sp, sk_rng *rng, sk_cards hands[SK_NSEATS])
{
    for (int tries = 0; tries < 256; tries++) {
        draw_once(sp, rng, hands);
        if (sp->req2_seat == SK_NOSEAT || (hands[sp->req2_seat] & sp->req2))
            return;
    }
}

/* Builds a game from a view and sampled hands: core's constructor. */
void sk_sample_game(const sk_view *v, const sk_cards hands[SK_NSEATS], sk_game *g)
{
    sk_game_from_view(v, hands, g);
}
