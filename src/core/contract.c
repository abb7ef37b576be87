/*
 * contract.c -- contracts, their names and codes, and the card order
 * each contract gives (which cards are trump, who wins a trick).
 *
 * The order is plain data (sk_order): a power per card and a "follow"
 * set per led card.  Everything that ranks cards -- legality, trick
 * winners, Laufende, the solver -- reads it, so a new contract needs
 * only a new order.
 */
#include "game_internal.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const char *const TYPE_CODES[SK_C_NTYPES] = {
    "none", "sauspiel", "solo", "wenz", "sie", "geier", "farbwenz", "farbgeier",
    "bettel", "bettel:ouvert", "ramsch", "hochzeit"};

/* Whether a contract type names a suit: the called ace or the trumps. */
static bool has_suit(int type)
{
    return type == SK_C_SAUSPIEL || type == SK_C_SOLO || type == SK_C_FARBWENZ ||
           type == SK_C_FARBGEIER;
}

/* Whether a contract type may be announced Tout (2.8 and its kin). */
static bool may_tout(int type)
{
    return type == SK_C_SOLO || type == SK_C_WENZ || type == SK_C_GEIER ||
           type == SK_C_FARBWENZ || type == SK_C_FARBGEIER;
}

/* The suit letter, or '?' for SK_NOSUIT. */
static char suit_char(int suit)
{
    return sk_suit_letter(suit);
}

/* A readable German name of the contract (2.5.3, 2.6.3, 2.7, 2.8). */
size_t sk_contract_name(sk_contract c, char *buf, size_t size)
{
    const char *tout = c.tout ? " Tout" : "";
    switch (c.type) {
    case SK_C_SAUSPIEL:
        if (c.suit > 3)
            return (size_t)snprintf(buf, size, "Kreuzbock (Partner gegenüber)");
        return (size_t)snprintf(buf, size, "Sauspiel mit der %s-Sau", sk_suit_name(c.suit));
    case SK_C_SOLO:
        return (size_t)snprintf(buf, size, "%s-Solo%s", sk_suit_name(c.suit), tout);
    case SK_C_WENZ:
        return (size_t)snprintf(buf, size, "Wenz%s", tout);
    case SK_C_SIE:
        return (size_t)snprintf(buf, size, "Sie");
    case SK_C_GEIER:
        return (size_t)snprintf(buf, size, "Geier%s", tout);
    case SK_C_FARBWENZ:
        return (size_t)snprintf(buf, size, "%s-Wenz%s", sk_suit_name(c.suit), tout);
    case SK_C_FARBGEIER:
        return (size_t)snprintf(buf, size, "%s-Geier%s", sk_suit_name(c.suit), tout);
    case SK_C_BETTEL:
        return (size_t)snprintf(buf, size, "Bettel");
    case SK_C_BETTEL_OUVERT:
        return (size_t)snprintf(buf, size, "Bettel Brett");
    case SK_C_RAMSCH:
        return (size_t)snprintf(buf, size, "Ramsch");
    case SK_C_HOCHZEIT:
        return (size_t)snprintf(buf, size, "Hochzeit");
    default:
        return (size_t)snprintf(buf, size, "kein Spiel");
    }
}

/* A suit's English name, as the English rules (002) call the suits. */
static const char *suit_en(int suit)
{
    static const char *const NAMES[4] = {"Acorns", "Leaves", "Hearts", "Bells"};
    return suit >= 0 && suit < 4 ? NAMES[suit] : "?";
}

/* The English long name of a contract (core.h). */
size_t sk_contract_name_en(sk_contract c, char *buf, size_t size)
{
    const char *tout = c.tout ? " Tout" : "";
    switch (c.type) {
    case SK_C_SAUSPIEL:
        if (c.suit > 3) /* a Kreuzbock game: the partner sits across */
            return (size_t)snprintf(buf, size, "Kreuzbock (partner across)");
        return (size_t)snprintf(buf, size, "Sauspiel calling the %s Ace", suit_en(c.suit));
    case SK_C_SOLO:
        return (size_t)snprintf(buf, size, "%s Solo%s", suit_en(c.suit), tout);
    case SK_C_WENZ:
        return (size_t)snprintf(buf, size, "Wenz%s", tout);
    case SK_C_SIE:
        return (size_t)snprintf(buf, size, "Sie");
    case SK_C_GEIER:
        return (size_t)snprintf(buf, size, "Geier (Obers trump)%s", tout);
    case SK_C_FARBWENZ:
        return (size_t)snprintf(buf, size, "%s Wenz%s", suit_en(c.suit), tout);
    case SK_C_FARBGEIER:
        return (size_t)snprintf(buf, size, "%s Geier%s", suit_en(c.suit), tout);
    case SK_C_BETTEL:
        return (size_t)snprintf(buf, size, "Bettel (take no trick)");
    case SK_C_BETTEL_OUVERT:
        return (size_t)snprintf(buf, size, "Bettel open (Brett)");
    case SK_C_RAMSCH:
        return (size_t)snprintf(buf, size, "Ramsch (most points lose)");
    case SK_C_HOCHZEIT:
        return (size_t)snprintf(buf, size, "Wedding (Hochzeit)");
    default:
        return (size_t)snprintf(buf, size, "no game");
    }
}

/* The machine code of a contract, as used in records and commands. */
size_t sk_contract_code(sk_contract c, char *buf, size_t size)
{
    const char *type = c.type < SK_C_NTYPES ? TYPE_CODES[c.type] : "none";
    if (has_suit(c.type) && c.suit < 4)
        return (size_t)snprintf(buf, size, "%s:%c%s", type, suit_char(c.suit),
                                c.tout ? ":tout" : "");
    return (size_t)snprintf(buf, size, "%s%s", type, c.tout ? ":tout" : "");
}

/* The code of a contract's class, without the suit (for bids). */
size_t sk_contract_class_code(sk_contract c, char *buf, size_t size)
{
    const char *type = c.type < SK_C_NTYPES ? TYPE_CODES[c.type] : "none";
    return (size_t)snprintf(buf, size, "%s%s", type, c.tout ? ":tout" : "");
}

/* Sets an error message, if an error struct was given. */
static int fail(sk_error *err, const char *s)
{
    if (err) {
        char q[72]; /* the input cut at 60 bytes, escapes sooner */
        snprintf(err->msg, sizeof err->msg, "bad contract \"%s\" (e.g. sauspiel:G, solo:H, "
                 "solo:E:tout, wenz, wenz:tout, sie)", sk_escape(q, sizeof q, s, strlen(s), 60));
        err->rule = NULL;
    }
    return SK_EINVAL;
}

/* Parses a contract code or class code: "type[:suit][:tout]".  A class
 * code leaves suit as SK_NOSUIT. */
int sk_contract_parse(const char *s, sk_contract *out, sk_error *err)
{
    char part[3][16];
    int nparts = 0;
    size_t len = 0;
    for (const char *q = s;; q++) {
        if (*q == ':' || *q == '\0') {
            if (len == 0 || nparts == 3)
                return fail(err, s); /* empty part or too many */
            part[nparts++][len] = '\0';
            len = 0;
            if (*q == '\0')
                break;
        } else if (len + 1 < sizeof part[0] && nparts < 3) {
            part[nparts][len++] = *q;
        } else {
            return fail(err, s);
        }
    }
    sk_contract c = {SK_C_NONE, SK_NOSUIT, 0};
    int first = 1;
    for (int t = 1; t < SK_C_NTYPES; t++)
        if (strcmp(part[0], TYPE_CODES[t]) == 0)
            c.type = (uint8_t)t;
    if (c.type == SK_C_BETTEL && nparts > 1 && strcmp(part[1], "ouvert") == 0) {
        c.type = SK_C_BETTEL_OUVERT;
        first = 2;
    }
    if (c.type == SK_C_NONE)
        return fail(err, s);
    for (int i = first; i < nparts; i++) {
        if (strcmp(part[i], "tout") == 0 && !c.tout && may_tout(c.type)) {
            c.tout = 1;
        } else if (part[i][1] == '\0' && c.suit == SK_NOSUIT && !c.tout && has_suit(c.type)) {
            int card = sk_card_parse((char[]){part[i][0], 'A', 0});
            if (card < 0)
                return fail(err, s);
            c.suit = (uint8_t)SK_SUIT_OF(card);
        } else {
            return fail(err, s);
        }
    }
    *out = c;
    return SK_OK;
}

/*
 * The orders of the long deck, all computed by the compiler: a contract
 * gives its family of lords -- the Obers and Unters (Sauspiel, Solo, Sie,
 * Ramsch, Hochzeit), the Unters (Wenz, Farbwenz), the Obers (Geier,
 * Farbgeier) or none (Bettel) -- and a trump suit or none; each of the
 * 4 x 5 pairs has its order below.  Every game declares a contract, and
 * a copy of 200 bytes is cheaper than building the order (test_contract
 * compares every entry with a construction card by card).
 *
 * For family f, trump suit t (4: none) and card c = suit * 8 + rank:
 * the trump sequence holds the lords of the family, highest first (1.2.5:
 * the Obers E G H S, then the Unters E G H S), then the trump suit's
 * other cards, Sau first (2.5.6, 2.6.6, 2.7.4).  A trump's power is
 * 64 + (trumps) - (its place in the sequence); any other card's is 8 for
 * the Sau down to 1 for the 7, or the Bettel's A K O U Z 9 8 7 (002).
 */
#define OF_OBERS(f) ((f) == 0 || (f) == 2) /* the Obers are trump */
#define OF_UNTERS(f) ((f) == 0 || (f) == 1) /* the Unters are trump */
#define OF_NLORDS(f) (4 * (OF_OBERS(f) + OF_UNTERS(f)))
#define OF_FIRST(f) ((f) == 1 ? 4 : 0) /* the first lord in the list E..S Obers, E..S Unters */
#define OF_NTRUMPS(f, t) (OF_NLORDS(f) + ((t) < 4 ? 8 - OF_OBERS(f) - OF_UNTERS(f) : 0))
#define OF_TRUMPS(f, t)                                                                      \
    ((OF_OBERS(f) ? SK_RANK_MASK(SK_OBER) : 0) | (OF_UNTERS(f) ? SK_RANK_MASK(SK_UNTER) : 0) | \
     ((t) < 4 ? SK_SUIT_MASK((t) & 3) : 0))
#define OC_LORD(f, c) \
    (((c) & 7) == SK_OBER ? OF_OBERS(f) : ((c) & 7) == SK_UNTER ? OF_UNTERS(f) : 0)
#define OC_TRUMP(f, t, c) (OC_LORD(f, c) || ((c) >> 3) == (t))
/* the place of a trump in the sequence: a lord by its list index, a
 * card of the trump suit by its rank among the suit's other cards */
#define OC_PLACE(f, c)                                                                        \
    (OC_LORD(f, c) ? (((c) & 7) == SK_OBER ? (c) >> 3 : 4 + ((c) >> 3)) - OF_FIRST(f)        \
                   : OF_NLORDS(f) + ((c) & 7) - (OF_OBERS(f) && ((c) & 7) > SK_OBER) -       \
                         (OF_UNTERS(f) && ((c) & 7) > SK_UNTER))
#define OC_BETTEL(r) ((r) == 0 ? 8 : (r) == 1 ? 4 : (r) <= 4 ? 9 - (r) : 8 - (r))
#define OC_POWER(f, t, c)                                                        \
    (OC_TRUMP(f, t, c) ? 64 + OF_NTRUMPS(f, t) - OC_PLACE(f, c)                 \
     : (f) == 3        ? OC_BETTEL((c) & 7)                                     \
                       : 8 - ((c) & 7))
#define OC_FOLLOW(f, t, c) \
    (OC_TRUMP(f, t, c) ? OF_TRUMPS(f, t) : SK_SUIT_MASK((c) >> 3) & ~OF_TRUMPS(f, t))
/* the i-th trump: a lord, or the trump suit's card of the i-th rank
 * among its others (the Ober's and Unter's ranks skipped if lords) */
#define OS_LORD(j) ((j) < 4 ? SK_CARD(j, SK_OBER) : SK_CARD((j) - 4, SK_UNTER))
#define OS_RANK1(f, k) ((k) + (OF_OBERS(f) && (k) >= SK_OBER))
#define OS_RANK(f, k) (OS_RANK1(f, k) + (OF_UNTERS(f) && OS_RANK1(f, k) >= SK_UNTER))
#define OS_CARD(f, t, i)                                       \
    ((i) >= OF_NTRUMPS(f, t) ? 0                              \
     : (i) < OF_NLORDS(f)    ? OS_LORD(OF_FIRST(f) + (i))     \
                             : ((t) & 3) * 8 + OS_RANK(f, (i) - OF_NLORDS(f)))
#define O8(M, f, t, b) \
    M(f, t, b), M(f, t, b + 1), M(f, t, b + 2), M(f, t, b + 3), M(f, t, b + 4), M(f, t, b + 5), \
        M(f, t, b + 6), M(f, t, b + 7)
#define O32(M, f, t) O8(M, f, t, 0), O8(M, f, t, 8), O8(M, f, t, 16), O8(M, f, t, 24)
#define ORDER(f, t)                                                                     \
    {.trumps = OF_TRUMPS(f, t), .follow = {O32(OC_FOLLOW, f, t)},                      \
     .power = {O32(OC_POWER, f, t)}, .trump_seq = {O32(OS_CARD, f, t)},                \
     .ntrumps = OF_NTRUMPS(f, t)}
#define ORDERS5(f) ORDER(f, 0), ORDER(f, 1), ORDER(f, 2), ORDER(f, 3), ORDER(f, 4)
static const sk_order ORDERS[4][5] = {{ORDERS5(0)}, {ORDERS5(1)}, {ORDERS5(2)}, {ORDERS5(3)}};

/* The family of lords of each contract type (see ORDERS); other
 * values count as a Sauspiel. */
static const uint8_t FAMILY[SK_C_NTYPES] = {
    [SK_C_WENZ] = 1, [SK_C_FARBWENZ] = 1, [SK_C_GEIER] = 2, [SK_C_FARBGEIER] = 2,
    [SK_C_BETTEL] = 3, [SK_C_BETTEL_OUVERT] = 3};

/* Fills the order of a contract (1.2.5, 2.5.6, 2.6.6, 2.7): a copy of
 * its entry in ORDERS.  The trump suit is the named one in a Solo,
 * Farbwenz or Farbgeier, none in a Wenz, Geier or Bettel, and Herz in
 * the others (a Sauspiel, Sie, Ramsch, Hochzeit). */
void sk_order_init(sk_order *o, sk_contract c)
{
    int family = c.type < SK_C_NTYPES ? FAMILY[c.type] : 0, suit = SK_HERZ;
    if (c.type == SK_C_SOLO || c.type == SK_C_FARBWENZ || c.type == SK_C_FARBGEIER)
        suit = c.suit < 4 ? c.suit : 4;
    else if (family != 0)
        suit = 4;
    memcpy(o, &ORDERS[family][suit], sizeof *o);
}

/* The order of a contract over a smaller deck: the cards missing from
 * the deck leave the trump sequence, so the Laufende run past them. */
void sk_order_init_deck(sk_order *o, sk_contract c, sk_cards deck)
{
    sk_order_init(o, c);
    if (deck == SK_ALL_CARDS)
        return;
    int n = 0;
    for (int i = 0; i < o->ntrumps; i++)
        if (deck & SK_BIT(o->trump_seq[i]))
            o->trump_seq[n++] = o->trump_seq[i];
    o->ntrumps = (uint8_t)n;
    o->trumps &= deck;
    for (int i = 0; i < n; i++)
        o->power[o->trump_seq[i]] = (uint8_t)(64 + n - i);
    for (int card = 0; card < SK_NCARDS; card++)
        o->follow[card] &= deck;
}

/* The winner of a full trick (3.1.2): the highest trump, else the
 * highest card of the led suit.  Returns the offset from the leader. */
int sk_order_trick_winner(const sk_order *o, const uint8_t cards[4])
{
    return sk_order_trick_winner_n(o, cards, 4);
}

/* The winner of a trick of n cards, as sk_order_trick_winner. */
int sk_order_trick_winner_n(const sk_order *o, const uint8_t *cards, int n)
{
    return skx_trick_winner(o, cards, n);
}
