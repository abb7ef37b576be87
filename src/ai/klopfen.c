/*
 * klopfen.c -- laying (Klopfen) priced: whether a seat that has seen
 * its first packet lays.
 *
 * A lay doubles the money of the game for everybody, so it adds about
 * the money the seat expects from the game again: a seat should lay
 * when that is clearly positive.  What it expects is read from a table
 * measured in self-play (`schafkopf learn --klopfen`, klopfen_table.c):
 * the mean money, undoubled, of seats whose first four cards fall in a
 * cell -- so many Obers, Unters, other Herz (the trumps of a Sauspiel)
 * and side Sauen -- for each place after the dealer, shrunk toward a
 * linear fit where a cell is rare, and a correction per earlier lay (a
 * seat that laid before shows a strong hand, which costs the others).
 * The bots lay when it promises more than SK_KLOPFEN_MARGIN units.
 */
#include "ai_internal.h"

#include <assert.h>

#define LORDS (SK_RANK_MASK(SK_OBER) | SK_RANK_MASK(SK_UNTER))
#define SIDE_SAUEN (SK_RANK_MASK(SK_ASS) & ~SK_SUIT_MASK(SK_HERZ))

/* Walks the cells in table order -- Obers, then Unters, Herz, Sauen
 * ascending, at most four cards in all and three side Sauen -- and
 * returns the index of (o, u, h, a), or the count when none matches. */
static int cell_walk(int o, int u, int h, int a, int counts[4], int want)
{
    int i = 0;
    for (int co = 0; co <= 4; co++)
        for (int cu = 0; co + cu <= 4; cu++)
            for (int ch = 0; co + cu + ch <= 4; ch++)
                for (int ca = 0; co + cu + ch + ca <= 4 && ca <= 3; ca++, i++)
                    if ((co == o && cu == u && ch == h && ca == a) || i == want) {
                        if (counts) {
                            counts[0] = co;
                            counts[1] = cu;
                            counts[2] = ch;
                            counts[3] = ca;
                        }
                        return i;
                    }
    return i;
}

/* The cell of a first packet (see ai.h); -1 unless it has four cards. */
int sk_klopfen_cell(sk_cards packet)
{
    if (skx_cards_count(packet) != 4)
        return -1;
    int o = skx_cards_count(packet & SK_RANK_MASK(SK_OBER));
    int u = skx_cards_count(packet & SK_RANK_MASK(SK_UNTER));
    int h = skx_cards_count(packet & SK_SUIT_MASK(SK_HERZ) & ~LORDS);
    int a = skx_cards_count(packet & SIDE_SAUEN);
    int i = cell_walk(o, u, h, a, NULL, -1);
    assert(i < SK_KLOPFEN_CELLS);
    return i;
}

/* The counts of a cell: Obers, Unters, Herz, side Sauen. */
void sk_klopfen_cell_counts(int cell, int counts[4])
{
    assert(cell >= 0 && cell < SK_KLOPFEN_CELLS);
    cell_walk(-1, -1, -1, -1, counts, cell);
}

/* The table's expected money of a first packet (see ai.h). */
double sk_klopfen_value(sk_cards packet, int position, int laid_before)
{
    int cell = sk_klopfen_cell(packet);
    if (cell < 0 || position < 0 || position > 3)
        return 0;
    if (laid_before < 0)
        laid_before = 0;
    if (laid_before > 3)
        laid_before = 3;
    return skx_klopfen_money[cell][position] + skx_klopfen_after_lay[laid_before];
}

/* Whether the view's seat lays (see ai.h): it is its turn in the laying
 * round, the ruleset lets it lay now, the table covers the ruleset (four
 * seats, eight cards each) and the packet promises more than the
 * margin. */
bool sk_klopfen_lays(const sk_view *v)
{
    const sk_public *p = &v->pub;
    if (p->phase != SK_PHASE_KLOPFEN || p->to_move != v->seat || p->nseats != 4 ||
        p->ntricks != 8)
        return false;
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_view_legal(v, legal), may = 0;
    for (int i = 0; i < n; i++)
        may |= legal[i].type == SK_ACT_KLOPFEN;
    return may && sk_klopfen_value(v->hand, p->klopf_spoken, p->laid) > SK_KLOPFEN_MARGIN;
}
