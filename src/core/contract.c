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
        snprintf(err->msg, sizeof err->msg, "bad contract \"%.60s\" (e.g. sauspiel:G, solo:H, "
                 "solo:E:tout, wenz, wenz:tout, sie)", s);
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

/* Card powers without trumps: 8 for the Sau down to 1 for the 7 in
 * every suit; and the Bettel's A K O U Z 9 8 7 (002). */
#define SKX_PLAIN8 8, 7, 6, 5, 4, 3, 2, 1
#define SKX_BETTEL8 8, 4, 7, 6, 5, 3, 2, 1
static const uint8_t PLAIN_POWER[SK_NCARDS] = {SKX_PLAIN8, SKX_PLAIN8, SKX_PLAIN8, SKX_PLAIN8};
static const uint8_t BETTEL_POWER[SK_NCARDS] = {SKX_BETTEL8, SKX_BETTEL8, SKX_BETTEL8,
                                               SKX_BETTEL8};

/* The lords of the trump sequence, highest first (1.2.5): the Obers
 * E G H S, then the Unters E G H S; a Geier takes the first four, a
 * Wenz the last four. */
static const uint8_t LORDS[8] = {
    SK_CARD(SK_EICHEL, SK_OBER),  SK_CARD(SK_GRAS, SK_OBER),  SK_CARD(SK_HERZ, SK_OBER),
    SK_CARD(SK_SCHELLEN, SK_OBER), SK_CARD(SK_EICHEL, SK_UNTER), SK_CARD(SK_GRAS, SK_UNTER),
    SK_CARD(SK_HERZ, SK_UNTER),  SK_CARD(SK_SCHELLEN, SK_UNTER)};

/* Fills the order of a contract: trump sequence (2.5.6, 2.6.6, 2.7.4),
 * trump set, power per card and the follow set per led card.  Every
 * game declares a contract, so this is straight-line work over
 * constant tables rather than searches. */
void sk_order_init(sk_order *o, sk_contract c)
{
    int first = 0, nlords = 8, suit = SK_HERZ; /* Sauspiel, Ramsch, Sie, none */
    switch (c.type) {
    case SK_C_WENZ:
    case SK_C_FARBWENZ:
        first = 4, nlords = 4;
        break;
    case SK_C_GEIER:
    case SK_C_FARBGEIER:
        nlords = 4;
        break;
    case SK_C_BETTEL:
    case SK_C_BETTEL_OUVERT: /* no trumps */
        nlords = 0;
        break;
    default:
        break;
    }
    if (c.type == SK_C_WENZ || c.type == SK_C_GEIER || c.type == SK_C_BETTEL ||
        c.type == SK_C_BETTEL_OUVERT)
        suit = SK_NOSUIT;
    else if (c.type == SK_C_SOLO || c.type == SK_C_FARBWENZ || c.type == SK_C_FARBGEIER)
        suit = c.suit < 4 ? c.suit : SK_NOSUIT;
    bool bettel = c.type == SK_C_BETTEL || c.type == SK_C_BETTEL_OUVERT;
    memcpy(o->power, bettel ? BETTEL_POWER : PLAIN_POWER, sizeof o->power);
    /* the sequence's tail, the count and the padding: equal contracts
     * give byte-equal orders */
    memset(o->trump_seq, 0, sizeof *o - offsetof(sk_order, trump_seq));
    int n = 0;
    sk_cards lords = 0;
    for (int i = first; i < first + nlords; i++) {
        o->trump_seq[n++] = LORDS[i];
        lords |= SK_BIT(LORDS[i]);
    }
    sk_cards trumps = lords;
    if (suit != SK_NOSUIT) { /* then the trump suit's other cards, Sau first */
        for (int rank = 0; rank < 8; rank++) {
            int card = SK_CARD(suit, rank);
            if (!(lords & SK_BIT(card)))
                o->trump_seq[n++] = (uint8_t)card;
        }
        trumps |= SK_SUIT_MASK(suit);
    }
    o->ntrumps = (uint8_t)n;
    o->trumps = trumps;
    for (int s = 0; s < 4; s++) {
        sk_cards plain = SK_SUIT_MASK(s) & ~trumps;
        for (int rank = 0; rank < 8; rank++)
            o->follow[SK_CARD(s, rank)] = plain;
    }
    for (int i = 0; i < n; i++) {
        o->power[o->trump_seq[i]] = (uint8_t)(64 + n - i);
        o->follow[o->trump_seq[i]] = trumps;
    }
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
