/*
 * engine_lines.c -- what an external engine is told (docs/engine-protocol.md):
 * the lines that start a game and those that follow each action.  Every
 * card and action passes core's visibility (sk_game_view,
 * sk_game_seen_action), so an engine learns exactly what its seat may
 * know; tests/test_visibility.c checks these texts against that.
 */
#include "engine.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Appends printf-style text at *n, never past size; *n counts what was
 * needed, as snprintf does. */
static void put(char *buf, size_t size, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + (*n < size ? *n : size), *n < size ? size - *n : 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        *n += (size_t)k;
}

/* "hand C ...": the cards the seat may see in its hand now, those still
 * held from its deal in the order dealt first, then any it received (a
 * Hochzeit's exchange).  Sets *told to them. */
static void put_hand(const sk_game *g, int seat, sk_cards *told, char *buf, size_t size,
                     size_t *n)
{
    sk_view v;
    sk_game_view(g, seat, &v);
    sk_cards left = v.hand;
    put(buf, size, n, "hand");
    for (int i = 0; i < 8; i++)
        if (v.dealt[i] < SK_NCARDS && (left & SK_BIT(v.dealt[i]))) {
            put(buf, size, n, " %s", sk_card_name(v.dealt[i]));
            left &= ~SK_BIT(v.dealt[i]);
        }
    for (; left; left &= left - 1)
        put(buf, size, n, " %s", sk_card_name(sk_cards_first(left)));
    put(buf, size, n, "\n");
    *told = v.hand;
}

/* The "game" and "hand" lines of a new game; see engine.h. */
size_t skx_engine_game_text(const sk_game *g, int seat, const char *id, uint64_t seed,
                           sk_cards *told, char *buf, size_t size)
{
    size_t n = 0;
    put(buf, size, &n, "game %s dealer %d seat %d seed %llu\n", id, g->pub.dealer, seat,
        (unsigned long long)seed);
    put_hand(g, seat, told, buf, size, &n);
    return n;
}

/* The "result ..." line of a finished game. */
static void put_result(const sk_game *g, char *buf, size_t size, size_t *n)
{
    sk_result res;
    if (sk_game_result(g, &res, NULL) < 0)
        return;
    if (res.thrown_in) {
        put(buf, size, n, "result thrown_in\n");
        return;
    }
    char code[32];
    sk_contract_code(res.contract, code, sizeof code);
    put(buf, size, n,
        "result declarer %d partner %d contract %s won %d points %d schneider %d schwarz %d "
        "money %lld %lld %lld %lld tournament %d %d %d %d\n",
        res.declarer, res.partner == SK_NOSEAT ? -1 : res.partner, code, res.won,
        res.declarer_side_points, res.schneider, res.schwarz, (long long)res.money[0],
        (long long)res.money[1], (long long)res.money[2], (long long)res.money[3],
        res.tournament[0], res.tournament[1], res.tournament[2], res.tournament[3]);
}

/* The lines after the last action applied to g; see engine.h. */
size_t skx_engine_event_text(const sk_game *g, int seat, sk_cards *told, char *buf, size_t size)
{
    const sk_public *p = &g->pub;
    size_t n = 0;
    if (p->nactions == 0)
        return 0;
    sk_action a = sk_game_seen_action(g, p->nactions - 1, seat);
    char act[48];
    sk_action_format(a, act, sizeof act);
    put(buf, size, &n, "event %d %s\n", a.seat, act);
    if (a.type == SK_ACT_CARD && a.seat == seat)
        *told &= ~SK_BIT(a.card);
    /* its hand changed otherwise: the second packet once the laying
     * round is over (002), a Hochzeit's exchange (002) */
    if (!sk_game_over(g) && sk_game_seen_hand(g, seat) != *told)
        put_hand(g, seat, told, buf, size, &n);
    if (a.type == SK_ACT_CARD && p->trick_len == 0 && p->trick_no > 0) {
        int k = p->trick_no - 1;
        sk_cards cards = 0;
        for (int i = 0; i < p->nseats; i++)
            cards |= SK_BIT(p->tricks[k][i]);
        put(buf, size, &n, "trick %d winner %d points %d\n", k + 1, p->trick_winners[k],
            sk_cards_points(cards));
    }
    if (sk_game_over(g))
        put_result(g, buf, size, &n);
    return n;
}

/* The kind of decision asked for; see engine.h. */
const char *skx_engine_decision_kind(const sk_game *g, int offer)
{
    if (offer >= 0)
        return "double";
    switch (g->pub.phase) {
    case SK_PHASE_KLOPFEN: return "klopfen";
    case SK_PHASE_AUCTION: return "auction";
    case SK_PHASE_DECLARE: return "declare";
    case SK_PHASE_HOCHZEIT: return "hochzeit";
    default: return "card";
    }
}
