/*
 * sheet_stats.c -- statistics per player over a group's evenings
 * (schafkopf/table.h, "Score keeping"): deals sat in and sat out, games
 * declared and won by class, partner and defence, Ramsch, Kontra and
 * Retour, lays, penalties, money and tournament points, and each
 * player's money after each game across the evenings in order (the curve
 * sheet_chart.c draws).  Players are matched by name, any case.  Plain
 * data, no output; the definitions are in docs/rules.md ("Statistics").
 */
#include "schafkopf/table.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The class of a declared game, -1 for none. */
int sk_stat_class_of(sk_contract c)
{
    if (c.tout)
        return SK_STAT_TOUT;
    switch (c.type) {
    case SK_C_SAUSPIEL: return SK_STAT_SAUSPIEL;
    case SK_C_SOLO: return SK_STAT_SOLO;
    case SK_C_WENZ: return SK_STAT_WENZ;
    case SK_C_GEIER: return SK_STAT_GEIER;
    case SK_C_FARBWENZ: return SK_STAT_FARBWENZ;
    case SK_C_FARBGEIER: return SK_STAT_FARBGEIER;
    case SK_C_BETTEL:
    case SK_C_BETTEL_OUVERT: return SK_STAT_BETTEL;
    case SK_C_SIE: return SK_STAT_SIE;
    case SK_C_HOCHZEIT: return SK_STAT_HOCHZEIT;
    default: return -1;
    }
}

/* A class's name: the game's own word, the same in both languages. */
const char *sk_stat_class_name(int cls)
{
    static const char *const NAMES[SK_STAT_CLASSES] = {
        "Sauspiel", "Solo", "Wenz", "Geier", "Farbwenz", "Farbgeier", "Bettel", "Tout", "Sie",
        "Hochzeit"};
    return cls >= 0 && cls < SK_STAT_CLASSES ? NAMES[cls] : "?";
}

void sk_sheet_stats_init(sk_sheet_stats *st)
{
    memset(st, 0, sizeof *st);
}

void sk_sheet_stats_free(sk_sheet_stats *st)
{
    free(st->evening_start);
    free(st->money);
    free(st->points);
    memset(st, 0, sizeof *st);
}

/* A player's running total after game `game`. */
int64_t sk_sheet_stats_money(const sk_sheet_stats *st, int player, int game)
{
    if (player < 0 || player >= st->nplayers || game < 0 || game >= st->ngames)
        return 0;
    return st->money[(size_t)game * SK_STATS_PLAYERS + (size_t)player];
}

/* His running total of tournament points after game `game`. */
int64_t sk_sheet_stats_points(const sk_sheet_stats *st, int player, int game)
{
    if (player < 0 || player >= st->nplayers || game < 0 || game >= st->ngames)
        return 0;
    return st->points[(size_t)game * SK_STATS_PLAYERS + (size_t)player];
}

/* The index of a player by name (any case), -1 if not yet seen. */
static int find_player(const sk_sheet_stats *st, const char *name)
{
    for (int i = 0; i < st->nplayers; i++)
        if (strcasecmp(st->player[i].name, name) == 0)
            return i;
    return -1;
}

/* Room for `more` games and one evening more; 0 or -1. */
static int make_room(sk_sheet_stats *st, int more)
{
    if (st->ngames + more > st->cap_games) {
        int cap = st->cap_games ? st->cap_games : 64;
        while (cap < st->ngames + more)
            cap *= 2;
        int64_t *m = realloc(st->money, (size_t)cap * SK_STATS_PLAYERS * sizeof *m);
        if (!m)
            return -1;
        st->money = m;
        int64_t *pt = realloc(st->points, (size_t)cap * SK_STATS_PLAYERS * sizeof *pt);
        if (!pt)
            return -1;
        st->points = pt;
        st->cap_games = cap;
    }
    if (st->nevenings == st->cap_evenings) {
        int cap = st->cap_evenings ? st->cap_evenings * 2 : 8;
        int *e = realloc(st->evening_start, (size_t)cap * sizeof *e);
        if (!e)
            return -1;
        st->evening_start = e;
        st->cap_evenings = cap;
    }
    return 0;
}

/* Counts one booked deal for the players at the table (index: the
 * statistics' index of each sheet player). */
static void count_row(sk_sheet_stats *st, const sk_sheet *sh, const sk_sheet_row *row,
                      const int index[5])
{
    const sk_outcome *o = &row->outcome;
    int seats = sk_rules_seats(&sh->rules);
    for (int p = 0; p < sh->nplayers; p++) {
        sk_sheet_player_stats *ps = &st->player[index[p]];
        ps->money += row->money[p];
        ps->points += row->points[p];
    }
    if (o->kind == SK_OUTCOME_REDEAL)
        return;
    if (sh->nplayers == 5)
        st->player[index[row->dealer]].sat_out++;
    for (int s = 0; s < seats; s++) {
        sk_sheet_player_stats *ps = &st->player[index[row->seat_player[s]]];
        bool declarer = o->declarer == s;
        bool partner = o->partner == s && !declarer;
        bool side = declarer || partner;
        ps->deals++;
        ps->laid += o->laid > 0;
        if (o->kind == SK_OUTCOME_THROWN_IN) {
            ps->thrown_in++;
        } else if (o->kind == SK_OUTCOME_RAMSCH) {
            ps->ramsch++;
            ps->ramsch_lost += (o->losers >> s & 1) != 0;
        } else if (o->kind == SK_OUTCOME_PENALTY) {
            int who = o->fault == SK_FAULT_REVEALED ? o->revealer : o->offender;
            ps->faults += who == s;
        } else if (o->kind == SK_OUTCOME_GAME) {
            int cls = sk_stat_class_of(o->contract);
            bool won = side ? row->won : !row->won;
            if (declarer && cls >= 0) {
                ps->declared[cls]++;
                ps->declared_won[cls] += won;
            } else if (partner) {
                ps->partner++;
                ps->partner_won += won;
            } else if (!side) {
                ps->defended++;
                ps->defended_won += won;
            }
            if (!side && o->doublings >= 1) {
                ps->kontra++;
                ps->kontra_won += won;
            }
            if (side && o->doublings >= 2) {
                ps->retour++;
                ps->retour_won += won;
            }
        }
    }
}

/* Adds an evening: its players by name, its deals, and the running
 * totals after each of its games. */
int sk_sheet_stats_add(sk_sheet_stats *st, const sk_sheet *sh)
{
    int index[5], fresh = 0;
    for (int p = 0; p < sh->nplayers; p++) {
        index[p] = find_player(st, sh->names[p]);
        if (index[p] < 0) {
            if (st->nplayers + fresh >= SK_STATS_PLAYERS)
                return -1;
            index[p] = st->nplayers + fresh++;
        }
    }
    int games = 0;
    for (int i = 0; i < sh->n; i++)
        games += sh->rows[i].outcome.kind != SK_OUTCOME_REDEAL;
    if (make_room(st, games) < 0)
        return -1;
    for (int p = 0; p < sh->nplayers; p++)
        if (index[p] >= st->nplayers) {
            sk_sheet_player_stats *ps = &st->player[index[p]];
            memset(ps, 0, sizeof *ps);
            snprintf(ps->name, sizeof ps->name, "%s", sh->names[p]);
            ps->first_game = st->ngames;
        }
    /* a player new this evening had nothing before it */
    for (int g = 0; g < st->ngames; g++)
        for (int q = st->nplayers; q < st->nplayers + fresh; q++)
            st->money[(size_t)g * SK_STATS_PLAYERS + (size_t)q] =
                st->points[(size_t)g * SK_STATS_PLAYERS + (size_t)q] = 0;
    st->nplayers += fresh;
    st->evening_start[st->nevenings++] = st->ngames;
    for (int p = 0; p < sh->nplayers; p++)
        st->player[index[p]].evenings++;
    for (int i = 0; i < sh->n; i++) {
        const sk_sheet_row *row = &sh->rows[i];
        count_row(st, sh, row, index);
        if (row->outcome.kind == SK_OUTCOME_REDEAL)
            continue;
        int64_t *now = &st->money[(size_t)st->ngames * SK_STATS_PLAYERS];
        int64_t *pts = &st->points[(size_t)st->ngames * SK_STATS_PLAYERS];
        for (int q = 0; q < st->nplayers; q++) {
            now[q] = st->player[q].money;
            pts[q] = st->player[q].points;
        }
        st->ngames++;
    }
    return 0;
}
