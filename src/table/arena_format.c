/*
 * arena_format.c -- the formats of an arena match: who sits where in
 * each seating of a deal (arena.h, docs/arena.md "Formats").
 *
 * Two bots play 1-vs-3 by default: the strength of a bot is what it wins
 * alone against three copies of another, on the same hands in every
 * seat.  The rotation ABAB/BABA seats two copies of each bot at one
 * table, on opposite sides in half the games of a partnership contract
 * and always in a Solo, and a bot that gives Kontra against its own
 * twin's solid Solo (which answers Retour) pays its twin: such
 * doublings once made up two thirds of a measured edge.  The rotation
 * stays, by name, for comparisons with older figures and for three or
 * more bots.
 */
#include "table/arena.h"

#include <stdio.h>
#include <string.h>

/* The games a deal has; see arena.h. */
int skx_arena_seatings(const skx_arena_match *m)
{
    return m->format == SKX_ARENA_1V3 ? 8 : m->nbots;
}

/* Who sits where in seating r; see arena.h.  1-vs-3: seatings 0-3 put
 * bot A alone at seat r, 4-7 bot B alone at seat r - 4. */
void skx_arena_seating(const skx_arena_match *m, int r, uint8_t bot_at[SK_NSEATS])
{
    for (int s = 0; s < SK_NSEATS; s++) {
        if (m->format == SKX_ARENA_1V3) {
            int lone = r < 4 ? 0 : 1;
            bot_at[s] = (uint8_t)(s == r % 4 ? lone : 1 - lone);
        } else {
            bot_at[s] = (uint8_t)((s + r) % m->nbots);
        }
    }
}

/* The record id of a game; see arena.h.  The one place that spells it:
 * records (--out), info lines (--info) and the log's games[r].info. */
void skx_arena_game_id(const skx_arena_match *m, uint64_t index, int r, char *buf, size_t size)
{
    snprintf(buf, size, "arena-%llu-%llu-%d", (unsigned long long)m->seed,
             (unsigned long long)index, r + 1);
}

/* The format's name; see arena.h. */
const char *skx_arena_format_name(const skx_arena_match *m)
{
    if (m->format == SKX_ARENA_1V3)
        return "1v3";
    return m->nbots == 2 ? "abab" : "rotate";
}

/* Sets the format from its name; see arena.h. */
int skx_arena_format_set(skx_arena_match *m, const char *name, char *why, size_t whysize)
{
    if (strcmp(name, "1v3") == 0) {
        if (m->nbots != 2) {
            snprintf(why, whysize, "format 1v3 needs two bots, not %d (one of each side: "
                                   "e.g. --bots pimc,heuristic)", m->nbots);
            return -1;
        }
        m->format = SKX_ARENA_1V3;
        return 0;
    }
    if (strcmp(name, "abab") == 0 && m->nbots != 2) {
        snprintf(why, whysize, "format abab needs two bots, not %d (more bots: rotate)",
                 m->nbots);
        return -1;
    }
    if (strcmp(name, "abab") == 0 || strcmp(name, "rotate") == 0) {
        m->format = SKX_ARENA_ROTATE;
        return 0;
    }
    snprintf(why, whysize, "unknown format \"%.40s\" (1v3, abab, rotate)", name);
    return -1;
}
