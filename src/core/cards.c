/*
 * cards.c -- card notation, card points and sets of cards.
 *
 * A card is suit * 8 + rank (see core.h); a set is a 32-bit mask.  The
 * notation is two letters, suit then rank: "EO" is the Eichel-Ober.
 */
#include "game_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char SUIT_LETTERS[4] = {'E', 'G', 'H', 'S'};
static const char RANK_LETTERS[8] = {'A', 'Z', 'K', 'O', 'U', '9', '8', '7'};
static const int RANK_POINTS[8] = {11, 10, 4, 3, 2, 0, 0, 0};
static const char *const SUIT_NAMES[4] = {"Eichel", "Gras", "Herz", "Schellen"};
static const char CARD_NAMES[SK_NCARDS][3] = {
    "EA", "EZ", "EK", "EO", "EU", "E9", "E8", "E7", "GA", "GZ", "GK",
    "GO", "GU", "G9", "G8", "G7", "HA", "HZ", "HK", "HO", "HU", "H9",
    "H8", "H7", "SA", "SZ", "SK", "SO", "SU", "S9", "S8", "S7"};

/* The positions of the set bits of a byte v, from the lowest, packed
 * four bits each: bit i, if set, goes to the place numbered by the set
 * bits below it.  Constant expressions, so the table is built by the
 * compiler. */
#define NTH_B(v, i) (((v) >> (i)) & 1u)
#define NTH_POPC(x)                                                                         \
    (NTH_B(x, 0) + NTH_B(x, 1) + NTH_B(x, 2) + NTH_B(x, 3) + NTH_B(x, 4) + NTH_B(x, 5) +  \
     NTH_B(x, 6) + NTH_B(x, 7))
#define NTH_T(v, i) (NTH_B(v, i) * ((uint32_t)(i) << (4 * NTH_POPC((v) & ((1u << (i)) - 1)))))
#define NTH(v)                                                                              \
    (NTH_T(v, 0) | NTH_T(v, 1) | NTH_T(v, 2) | NTH_T(v, 3) | NTH_T(v, 4) | NTH_T(v, 5) |  \
     NTH_T(v, 6) | NTH_T(v, 7))
#define NTH4(v) NTH(v), NTH((v) + 1), NTH((v) + 2), NTH((v) + 3)
#define NTH16(v) NTH4(v), NTH4((v) + 4), NTH4((v) + 8), NTH4((v) + 12)
#define NTH64(v) NTH16(v), NTH16((v) + 16), NTH16((v) + 32), NTH16((v) + 48)
const uint32_t skx_nth_nibbles[256] = {NTH64(0u), NTH64(64u), NTH64(128u), NTH64(192u)};

/* The k-th lowest card of a set. */
int sk_cards_nth(sk_cards set, unsigned k)
{
    return skx_cards_nth(set, k);
}

/* Card points of one card (1.2.3). */
int sk_card_points(int card)
{
    if (card < 0 || card >= SK_NCARDS)
        return 0;
    return RANK_POINTS[SK_RANK_OF(card)];
}

/* Card points of a set: count each counting rank's cards with one mask
 * each (written out: every result asks this per seat). */
int sk_cards_points(sk_cards set)
{
    return 11 * skx_cards_count(set & SK_RANK_MASK(SK_ASS)) +
           10 * skx_cards_count(set & SK_RANK_MASK(SK_ZEHN)) +
           4 * skx_cards_count(set & SK_RANK_MASK(SK_KOENIG)) +
           3 * skx_cards_count(set & SK_RANK_MASK(SK_OBER)) +
           2 * skx_cards_count(set & SK_RANK_MASK(SK_UNTER));
}

/* Notation of a card; "??" when the index is out of range. */
const char *sk_card_name(int card)
{
    if (card < 0 || card >= SK_NCARDS)
        return "??";
    return CARD_NAMES[card];
}

/* Index of a letter in a table, or -1. */
static int letter_index(const char *table, int n, char c)
{
    c = (char)toupper((unsigned char)c);
    for (int i = 0; i < n; i++)
        if (table[i] == c)
            return i;
    return -1;
}

/* Parses "EO", "g7", "HZ"; "10" is not accepted, the ten is "Z". */
int sk_card_parse(const char *s)
{
    if (!s || !s[0] || !s[1])
        return SK_EINVAL;
    int suit = letter_index(SUIT_LETTERS, 4, s[0]);
    int rank = letter_index(RANK_LETTERS, 8, s[1]);
    if (suit < 0 || rank < 0)
        return SK_EINVAL;
    return SK_CARD(suit, rank);
}

/* Writes a set as space-separated notation, snprintf-style. */
size_t sk_cards_format(sk_cards set, char *buf, size_t size)
{
    size_t len = 0;
    for (sk_cards s = set; s; s &= s - 1) {
        int c = skx_cards_first(s);
        if (len + 3 < size) {
            if (len)
                buf[len] = ' ';
            memcpy(buf + len + (len ? 1 : 0), CARD_NAMES[c], 2);
        }
        len += len ? 3 : 2;
    }
    if (size)
        buf[len < size ? len : size - 1] = '\0';
    return len;
}

/* Parses cards separated by spaces or commas; a repeated card is an
 * error because a set cannot hold it twice. */
int sk_cards_parse(const char *s, sk_cards *out, sk_error *err)
{
    sk_cards set = 0;
    size_t i = 0, n = strlen(s);
    while (i < n) {
        if (s[i] == ' ' || s[i] == ',' || s[i] == '\t') {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && s[j] != ' ' && s[j] != ',' && s[j] != '\t')
            j++;
        int c = (j - i == 2) ? sk_card_parse(s + i) : SK_EINVAL;
        if (c < 0 || (set & SK_BIT(c))) {
            if (err) {
                char q[SK_ESCAPE_SIZE(8)];
                snprintf(err->msg, sizeof err->msg, "position %zu: %s card \"%s\"", i + 1,
                         c < 0 ? "bad" : "repeated", sk_escape(q, sizeof q, s + i, j - i, 8));
                err->rule = NULL;
            }
            return SK_EINVAL;
        }
        set |= SK_BIT(c);
        i = j;
    }
    *out = set;
    return SK_OK;
}

/* The letter of a suit in card notation. */
char sk_suit_letter(int suit)
{
    return (suit >= 0 && suit < 4) ? SUIT_LETTERS[suit] : '?';
}

/* The German name of a suit. */
const char *sk_suit_name(int suit)
{
    return (suit >= 0 && suit < 4) ? SUIT_NAMES[suit] : "?";
}

/* The number of cards in a set: the public form of skx_cards_count. */
int sk_cards_count(sk_cards set)
{
    return skx_cards_count(set);
}

/* The lowest card of a non-empty set. */
int sk_cards_first(sk_cards set)
{
    return skx_cards_first(set);
}
