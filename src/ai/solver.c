/*
 * solver.c -- the perfect-information ("double dummy") solver: the
 * context, loading a game into the internal card order, and the public
 * calls.
 *
 * Given all hands and the contract, the solver finds the card points the
 * declarer's side takes when every seat plays perfectly: the declarer's
 * side maximises, the defenders minimise.  The partner of a Sauspiel
 * (the holder of the called ace), a Hochzeit or a Kreuzbock is known to
 * the solver.  In a Tout the objective is every trick, in a Bettel no
 * trick: the value is 120 when the declarer's side meets it, else 0.  A
 * Ramsch is solved for one seat against the other three (see ramsch_sides).
 *
 * Method: fail-soft alpha-beta over single card plays with zero windows
 * (solver_search.c); a transposition table at trick starts under rank
 * keys, whose entries also bound similar positions (solver_tt.c); exact
 * pruning of equivalent and dominated cards; bounds from the points in
 * play, the trumps that must win and the leader's run; exact values by
 * bisection over zero-window tests ("does the declarer side reach
 * b?"), after one cheap search of whether the declarer's side can take
 * a trick at all; optionally several such tests at once on threads that
 * share the table (solver_par.c).
 *
 * The search keeps its own compact state (hand sets, the current trick,
 * the called-ace flags) and reimplements the engine's legal-card rule
 * (game.c legal_cards: following 3.2, the called-ace rules
 * 2.5.2/2.5.4/2.5.5, Stichzwang in a Bettel); tests/test_solver.c checks
 * it against sk_game_legal_cards on many random positions.
 *
 * The search value of a position is the declarer side's points from the
 * cards still in play (in hands and on the table), so a trick start is
 * fully described by who holds which remaining card, the leader and the
 * two called-ace flags.  The total is that plus the points the side
 * already won.
 */
#include "solver_internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Creates a solver with a transposition table of about tt_mb megabytes
 * (at least 64 KB); NULL when out of memory. */
sk_solver *sk_solver_new(size_t tt_mb)
{
    sk_solver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    size_t bucket = TT_WAYS * sizeof(tt_entry);
    size_t want = (tt_mb ? tt_mb : 1) * ((size_t)1 << 20) / bucket;
    size_t buckets = 1024;
    while (buckets * 2 <= want)
        buckets *= 2;
    size_t bytes = buckets * bucket;
    /* 2 MB or more on huge pages where the system offers them: probes
     * land all over the table */
    size_t align = bytes >= ((size_t)2 << 20) ? ((size_t)2 << 20) : 64;
    s->tt = aligned_alloc(align, bytes);
    if (!s->tt) {
        free(s);
        return NULL;
    }
#ifdef MADV_HUGEPAGE
    if (align > 64)
        madvise(s->tt, bytes, MADV_HUGEPAGE);
#endif
    memset(s->tt, 0, bytes);
    s->tt_mask = buckets - 1;
    s->focus = -1;
    s->threads = 1;
    return s;
}

/* Frees a solver and its table (NULL is fine). */
void sk_solver_free(sk_solver *s)
{
    if (!s)
        return;
    skx_solver_par_free(s);
    free(s->tt);
    free(s);
}

/* Search nodes visited since creation or the last reset. */
uint64_t sk_solver_nodes(const sk_solver *s)
{
    return s->nodes;
}

/* Restarts the node count (the limit counts per call, not from here). */
void sk_solver_reset_nodes(sk_solver *s)
{
    s->nodes = 0;
}

/* Caps every later call at max_nodes search nodes (0: no cap). */
void sk_solver_set_limit(sk_solver *s, uint64_t max_nodes)
{
    s->limit = max_nodes;
}

/* Stops every later call at a CLOCK_MONOTONIC time (see ai.h). */
void sk_solver_set_deadline(sk_solver *s, int64_t deadline_us)
{
    s->deadline_us = deadline_us > 0 ? deadline_us : 0;
}

/* Lets later exact values use up to n threads (see ai.h); stops the
 * helpers of an earlier setting.  0, or SK_EINVAL for n out of range. */
int sk_solver_set_threads(sk_solver *s, int n)
{
    if (n < 1 || n > SK_SOLVER_MAX_THREADS)
        return SK_EINVAL;
    if (n != s->threads)
        skx_solver_par_free(s);
    s->threads = n;
    return SK_OK;
}

/* Sets the seat a Ramsch is solved for (-1: the seat to move). */
void sk_solver_set_focus(sk_solver *s, int seat)
{
    s->focus = seat >= 0 && seat < SK_NSEATS ? seat : -1;
}

/* Sorts internal cards [from, to) by power, highest first. */
static void sort_by_power(sk_solver *s, const sk_order *o, int from, int to)
{
    for (int i = from + 1; i < to; i++)
        for (int j = i; j > from && o->power[s->to_card[j]] > o->power[s->to_card[j - 1]]; j--) {
            uint8_t t = s->to_card[j];
            s->to_card[j] = s->to_card[j - 1];
            s->to_card[j - 1] = t;
        }
}

/*
 * The sides of a Ramsch, where everyone plays for himself: the value is
 * the card points the focus seat ends with, which it minimises while
 * the other seats maximise them (the paranoid view: all against one).
 * In a Schieberamsch (002) the seat ends with the pile of the seat
 * before it, so that pile is counted -- still against the focus.
 */
static void ramsch_sides(sk_solver *s, const sk_game *g)
{
    int f = s->focus >= 0 && s->focus < s->nseats ? s->focus : g->pub.to_move;
    int counted = g->rules->ramsch_schieben ? (f + s->nseats - 1) % s->nseats : f;
    s->side = 1u << counted;
    s->maxmask = ((1u << s->nseats) - 1) & ~(1u << f);
}

/* The per-seat side tables (sidemask, opp, nopp) of the loaded sides,
 * so that the search needs no per-seat side test to split the hands,
 * and the lone declarer (`alone`) of a game one against the rest. */
static void side_tables(sk_solver *s)
{
    s->alone = s->maxmask == s->side && __builtin_popcount(s->side) == 1
                   ? __builtin_ctz(s->side)
                   : -1;
    for (int p = 0; p < SK_NSEATS; p++) {
        s->sidemask[p] = (s->side >> p) & 1 ? ~(sk_cards)0 : 0;
        s->nopp[p] = 0;
        for (int q = 0; q < s->nseats; q++)
            if (((s->side >> q) & 1) != ((s->side >> p) & 1))
                s->opp[p][s->nopp[p]++] = (uint8_t)q;
    }
}

/* The per-byte point tables of ix_points for the loaded card order,
 * doubled up bit by bit: the sets with bit j are those without it plus
 * card j's points.  Kept while the order's points stay the same (the
 * same contract: the usual case of calls one after another). */
static void point_tables(sk_solver *s)
{
    if (!memcmp(s->bpts_of, s->pts, sizeof s->pts))
        return;
    memcpy(s->bpts_of, s->pts, sizeof s->pts);
    for (int b = 0; b < 4; b++) {
        uint8_t *tab = s->bpts[b];
        tab[0] = 0;
        for (int j = 0; j < 8; j++) {
            uint8_t p = s->pts[8 * b + j];
            for (int v = 0; v < 1 << j; v++)
                tab[v | 1 << j] = (uint8_t)(tab[v] + p);
        }
    }
}

/*
 * Fills the contract constants -- the internal card order (trumps in
 * power order, then each suit's plain cards highest first, then the
 * cards a short deck lacks), classes, points -- and the search state
 * from a game in the play phase.  Returns 0, SK_ESTATE when the game is
 * not in the play phase or SK_EINVAL without a declarer.
 */
int skx_solver_load(sk_solver *s, const sk_game *g)
{
    const sk_public *p = &g->pub;
    if (p->phase != SK_PHASE_PLAY)
        return SK_ESTATE;
    bool ramsch = p->contract.type == SK_C_RAMSCH;
    if (p->declarer >= SK_NSEATS && !ramsch)
        return SK_EINVAL;
    const sk_order *o = &p->order;
    /* a card is in the deck when it is in its own follow class */
    sk_cards deck = 0;
    for (int c = 0; c < SK_NCARDS; c++)
        if (o->follow[c] & SK_BIT(c))
            deck |= SK_BIT(c);
    int n = 0;
    for (int i = 0; i < o->ntrumps; i++)
        s->to_card[n++] = o->trump_seq[i];
    s->ntrumps = n;
    s->trumps = n ? (sk_cards)(((uint64_t)1 << n) - 1) : 0;
    for (int i = 0; i < n; i++)
        s->cls[i] = s->trumps;
    for (int suit = 0; suit < 4; suit++) {
        int first = n;
        for (int rank = 0; rank < 8; rank++) {
            int c = SK_CARD(suit, rank);
            if ((deck & SK_BIT(c)) && !(o->trumps & SK_BIT(c)))
                s->to_card[n++] = (uint8_t)c;
        }
        sort_by_power(s, o, first, n);
        sk_cards m = (sk_cards)((((uint64_t)1 << (n - first)) - 1) << first);
        for (int i = first; i < n; i++)
            s->cls[i] = m;
    }
    for (int c = 0; c < SK_NCARDS; c++)
        if (!(deck & SK_BIT(c))) {
            s->cls[n] = SK_BIT(n); /* never in play */
            s->to_card[n++] = (uint8_t)c;
        }
    s->heads = 0;
    for (int i = 0; i < SK_NCARDS; i++) {
        int c = s->to_card[i];
        s->above[i] = s->cls[i] & (SK_BIT(i) - 1);
        if (!s->above[i])
            s->heads |= SK_BIT(i);
        s->to_ix[c] = (uint8_t)i;
        s->pts[i] = (uint8_t)sk_card_points(c);
        s->power[i] = o->power[c];
    }
    point_tables(s);
    static const uint8_t PTV[6] = {0, 2, 3, 4, 10, 11};
    for (int t = 0; t < 6; t++) {
        s->ptval[t] = PTV[t];
        s->ptier[t] = 0;
        for (int i = 0; i < SK_NCARDS; i++)
            if (s->pts[i] == PTV[t])
                s->ptier[t] |= SK_BIT(i);
    }
    s->ace = p->called_ace != SK_NOCARD ? SK_BIT(s->to_ix[p->called_ace]) : 0;
    s->ace_follow = s->ace ? s->cls[s->to_ix[p->called_ace]] : 0;
    s->nseats = p->nseats == 3 ? 3 : 4;
    if (ramsch) {
        ramsch_sides(s, g);
    } else {
        s->side = sk_game_side_mask(g);
        s->maxmask = s->side;
    }
    side_tables(s);
    s->stichzwang = p->stichzwang != 0;
    int bettel = p->contract.type == SK_C_BETTEL || p->contract.type == SK_C_BETTEL_OUVERT;
    s->tout = p->contract.tout || bettel;
    s->obj = bettel ? OBJ_NONE : p->contract.tout ? OBJ_ALL : OBJ_POINTS;
    skx_solver_tt_groups(s);
    for (int seat = 0; seat < SK_NSEATS; seat++) {
        s->hands[seat] = 0;
        for (sk_cards h = seat < s->nseats ? g->hands[seat] : 0; h; h &= h - 1)
            s->hands[seat] |= SK_BIT(s->to_ix[skx_cards_first(h)]);
    }
    s->tlen = p->trick_len;
    s->leader = p->trick_leader;
    s->tricks_left = p->ntricks - p->trick_no;
    s->called_led = p->called_led;
    s->ran_away = p->ran_away;
    s->trick_pts = 0;
    s->win = 0;
    s->win_seat = s->leader;
    s->table = 0;
    for (int i = 0; i < s->tlen; i++) {
        int c = s->to_ix[p->trick[i]];
        s->trick[i] = (uint8_t)c;
        s->table |= SK_BIT(c);
        s->trick_pts += s->pts[c];
        if (i == 0 || (c < s->win && (SK_BIT(c) & (s->trumps | s->cls[s->trick[0]])))) {
            s->win = c;
            s->win_seat = seat_at(s, i);
        }
    }
    s->live = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3] | s->table;
    s->live_pts = ix_points(s, s->live);
    s->aborted = 0;
    return SK_OK;
}

/*
 * The exact value of playing internal card m now (m < 0: of the current
 * position), known to lie in [lo, hi], by zero-window searches: each
 * asks "at least b?" and, being fail-soft, returns a bound that narrows
 * the interval; b bisects it.  -1 when the node limit stopped it.
 * Without a limit, on several threads (sk_solver_set_threads), the
 * tests of different thresholds run at once (solver_par.c).
 */
static int exact(sk_solver *s, int m, int lo, int hi)
{
    if (s->threads > 1 && !s->limit && !s->deadline_us && lo < hi) {
        int v = skx_solver_par_exact(s, m, lo, hi);
        if (v >= 0)
            return v;
    }
    while (lo < hi) {
        int b = (lo + hi + 1) / 2;
        int g = skx_solver_search(s, m, b - 1, b);
        if (s->aborted)
            return -1;
        if (g < b)
            hi = g;
        else
            lo = g;
    }
    return lo;
}

/* Whether the declarer side can take a trick at all after card m (m <
 * 0: now), searched with the objective "at least one trick": points do
 * not count, so more cards are alike and the search is small.  When it
 * cannot, its points from here are zero.  -1 when the limit stopped it.
 * The caller starts a table generation for this objective. */
static int any_trick(sk_solver *s, int m)
{
    s->obj = OBJ_ANY;
    int v = skx_solver_search(s, m, 0, 1);
    s->obj = OBJ_POINTS;
    return s->aborted ? -1 : v >= 1;
}

/* Points the declarer's side has won already, and the tricks it and the
 * defenders took. */
static int won_so_far(const sk_solver *s, const sk_game *g, int *decl_tricks, int *def_tricks)
{
    int pts = 0;
    *decl_tricks = *def_tricks = 0;
    for (int seat = 0; seat < SK_NSEATS; seat++)
        if ((s->side >> seat) & 1)
            pts += sk_cards_points(g->pub.won[seat]);
    for (int t = 0; t < g->pub.trick_no; t++) {
        if ((s->side >> g->pub.trick_winners[t]) & 1)
            (*decl_tricks)++;
        else
            (*def_tricks)++;
    }
    return pts;
}

/* The points in play (hands and table), the upper bound of a search. */
static int in_play_points(const sk_solver *s)
{
    if (s->obj)
        return 1;
    int pts = ix_points(s, s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3]);
    for (int i = 0; i < s->tlen; i++)
        pts += s->pts[s->trick[i]];
    return pts;
}

/* Whether a trick objective is already decided by the tricks taken:
 * sets *v (0/1) and returns 1 if so. */
static int decided(const sk_solver *s, int decl_tricks, int def_tricks, int *v)
{
    if (s->obj == OBJ_ALL && def_tricks) {
        *v = 0;
        return 1;
    }
    if (s->obj == OBJ_NONE && decl_tricks) {
        *v = 0;
        return 1;
    }
    return 0;
}

/* Loads a game for a new call: a new table generation, the limit (a
 * deadline is looked at every SKX_SOLVER_CLOCK_EVERY nodes). */
static int begin(sk_solver *s, const sk_game *g)
{
    int rc = skx_solver_load(s, g);
    if (rc < 0)
        return rc;
    s->hard_limit = s->limit ? s->nodes + s->limit : UINT64_MAX;
    s->node_limit = s->hard_limit;
    if (s->deadline_us && s->node_limit - s->nodes > SKX_SOLVER_CLOCK_EVERY)
        s->node_limit = s->nodes + SKX_SOLVER_CLOCK_EVERY;
    skx_solver_tt_new_generation(s);
    return SK_OK;
}

/* Solves a game in the play phase: the declarer side's card points with
 * best play by all (Tout, Bettel: 120 if it meets the objective, else
 * 0; a Ramsch: the focus seat's, see ai.h).  0, SK_ESTATE when the game
 * is not in the play phase, SK_EINVAL without a declarer, or SK_ERANGE
 * when the node limit stopped it. */
int sk_solver_solve(sk_solver *s, const sk_game *g, int *declarer_points)
{
    int rc = begin(s, g);
    if (rc < 0)
        return rc;
    int decl_tricks, def_tricks, v;
    int won = won_so_far(s, g, &decl_tricks, &def_tricks);
    if (!decided(s, decl_tricks, def_tricks, &v)) {
        v = s->obj ? 1 : any_trick(s, -1);
        if (v > 0) {
            skx_solver_tt_new_generation(s);
            v = exact(s, -1, 0, in_play_points(s));
        }
    }
    if (v < 0)
        return SK_ERANGE;
    *declarer_points = s->obj ? v * 120 : won + v;
    return SK_OK;
}

/* Whether the declarer side reaches at least `target` points (Tout,
 * Bettel: meets its objective, target ignored) with best play: one
 * zero-window search. */
int sk_solver_reaches(sk_solver *s, const sk_game *g, int target, bool *yes)
{
    int rc = begin(s, g);
    if (rc < 0)
        return rc;
    int decl_tricks, def_tricks, v;
    int won = won_so_far(s, g, &decl_tricks, &def_tricks);
    if (decided(s, decl_tricks, def_tricks, &v)) {
        *yes = v != 0;
        return SK_OK;
    }
    int need = s->obj ? 1 : target - won;
    if (need <= 0 || need > in_play_points(s)) {
        *yes = need <= 0;
        return SK_OK;
    }
    v = skx_solver_search(s, -1, need - 1, need);
    if (s->aborted)
        return SK_ERANGE;
    *yes = v >= need;
    return SK_OK;
}

/* Copies n (card, value) pairs out in the engine's card order, at most
 * max of them; returns how many. */
static int sorted_out(sk_action *all, int *vals, int n, sk_action *cards, int *values, int max)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && all[j].card < all[j - 1].card; j--) {
            sk_action a = all[j];
            all[j] = all[j - 1];
            all[j - 1] = a;
            int t = vals[j];
            vals[j] = vals[j - 1];
            vals[j - 1] = t;
        }
    if (n > max)
        n = max;
    for (int i = 0; i < n; i++) {
        cards[i] = all[i];
        values[i] = vals[i];
    }
    return n;
}

/* The root of a per-card call: what the declarer side has won, the
 * points in play, whether the objective is already decided (and its
 * value), the seat to move, its legal cards and their representatives
 * (equivalent cards merged). */
typedef struct card_root {
    int won, top, done, dv, seat;
    sk_cards legal, reps;
} card_root;

/* Loads a game for a per-card call and fills its root. */
static int root_begin(sk_solver *s, const sk_game *g, card_root *r)
{
    int rc = begin(s, g);
    if (rc < 0)
        return rc;
    int decl_tricks, def_tricks;
    r->dv = 0;
    r->won = won_so_far(s, g, &decl_tricks, &def_tricks);
    r->top = in_play_points(s);
    r->done = decided(s, decl_tricks, def_tricks, &r->dv);
    r->seat = seat_at(s, s->tlen);
    r->legal = skx_solver_legal_ix(s, r->seat);
    r->reps = skx_solver_moves(s, r->seat, r->legal, 0);
    return SK_OK;
}

/* Writes every legal card with the figure of its representative (an
 * equivalent card has the one of the next higher legal card of its
 * class, the one it was merged into, or merged further up), in card
 * order as the engine lists them; returns the count (<= max). */
static int root_out(const sk_solver *s, const card_root *r, const int *per, sk_action *cards,
                    int *values, int max)
{
    sk_action all[SK_NCARDS];
    int vals[SK_NCARDS], n = 0;
    for (sk_cards m = r->legal; m; m &= m - 1) {
        int c = skx_cards_first(m), rep = c;
        while (!(r->reps & SK_BIT(rep)))
            rep = ix_last(r->legal & s->cls[rep] & (SK_BIT(rep) - 1));
        all[n] = skx_act_card(r->seat, s->to_card[c]);
        vals[n++] = per[rep];
    }
    return sorted_out(all, vals, n, cards, values, max);
}

/* The value of every legal card of the seat to move: the declarer
 * side's total points after that card with best play (Tout, Bettel:
 * 120/0).  Returns the number of cards written (at most max), in card
 * order, or SK_ESTATE, SK_EINVAL (no declarer), SK_ERANGE (node limit). */
int sk_solver_values(sk_solver *s, const sk_game *g, sk_action *cards, int *values, int max)
{
    card_root r;
    int rc = root_begin(s, g, &r);
    if (rc < 0)
        return rc;
    sk_cards reps = r.reps, live = reps;
    int val[SK_NCARDS];
    for (sk_cards m = reps; m; m &= m - 1)
        val[skx_cards_first(m)] = r.dv;
    if (!r.done && s->obj == OBJ_POINTS) {
        /* first the cards after which the side takes no trick at all */
        for (sk_cards m = reps; m; m &= m - 1) {
            int c = skx_cards_first(m), any = any_trick(s, c);
            if (any < 0)
                return SK_ERANGE;
            if (!any)
                live &= ~SK_BIT(c);
        }
        skx_solver_tt_new_generation(s);
    }
    for (sk_cards m = r.done ? 0 : live; m; m &= m - 1) {
        int c = skx_cards_first(m);
        val[c] = exact(s, c, 0, r.top);
        if (val[c] < 0)
            return SK_ERANGE;
    }
    for (sk_cards m = reps; m; m &= m - 1) {
        int c = skx_cards_first(m);
        val[c] = s->obj ? val[c] * 120 : r.won + val[c];
    }
    return root_out(s, &r, val, cards, values, max);
}

/* How many of the ascending thresholds t[0..nt-1] the declarer side's
 * total (`won` so far + `top` in play at most) reaches with best play
 * after internal card m (m < 0: now) -- for a trick objective 1 when it
 * is met -- by a binary search of zero-window tests; -1 when the node
 * limit stopped it, with range[0..1] (when not NULL) the levels the
 * tests done so far still allow. */
static int threshold_level(sk_solver *s, int m, const int *t, int nt, int won, int top,
                           int *range)
{
    int lo = 0, hi = s->obj ? 1 : nt;
    while (lo < hi) {
        if (range) {
            range[0] = lo;
            range[1] = hi;
        }
        int k = (lo + hi) / 2, need = s->obj ? 1 : t[k] - won, yes;
        if (need <= 0 || need > top)
            yes = need <= 0;
        else {
            yes = skx_solver_search(s, m, need - 1, need) >= need;
            if (s->aborted)
                return -1;
        }
        if (yes)
            lo = k + 1;
        else
            hi = k;
    }
    return lo;
}

/*
 * The threshold level of every legal card of the seat to move: how many
 * of the ascending point thresholds t[0..nt-1] the declarer side's total
 * reaches after that card with best play (Tout, Bettel: 1 when it meets
 * the objective, else 0).  Binary search over the thresholds: two
 * zero-window searches per card for three thresholds, all in one table
 * generation -- much cheaper than exact values and all a bot needs to
 * price the game (61 wins, 91 and 31 Schneider).  Returns the number of
 * cards written (at most max), in card order, or an error as
 * sk_solver_values.
 */
int sk_solver_levels(sk_solver *s, const sk_game *g, const int *t, int nt, sk_action *cards,
                     int *levels, int max)
{
    card_root r;
    int rc = root_begin(s, g, &r);
    if (rc < 0)
        return rc;
    int lev[SK_NCARDS];
    for (sk_cards m = r.reps; m; m &= m - 1) {
        int c = skx_cards_first(m);
        if (r.done) {
            lev[c] = r.dv;
            continue;
        }
        lev[c] = threshold_level(s, c, t, nt, r.won, r.top, NULL);
        if (lev[c] < 0)
            return SK_ERANGE;
    }
    return root_out(s, &r, lev, cards, levels, max);
}

/* The threshold level of the current position: how many of the
 * ascending thresholds t[0..nt-1] the declarer side's total reaches with
 * best play (Tout, Bettel: 1 if it meets its objective), by a binary
 * search of zero-window tests.  0 or an error as sk_solver_solve. */
int sk_solver_level(sk_solver *s, const sk_game *g, const int *t, int nt, int *level)
{
    int rc = begin(s, g);
    if (rc < 0)
        return rc;
    int decl_tricks, def_tricks, v;
    int won = won_so_far(s, g, &decl_tricks, &def_tricks);
    if (decided(s, decl_tricks, def_tricks, &v)) {
        *level = v;
        return SK_OK;
    }
    *level = threshold_level(s, -1, t, nt, won, in_play_points(s), NULL);
    return *level < 0 ? SK_ERANGE : SK_OK;
}

/* As sk_solver_level, and when the node limit stops the search, the
 * levels its finished tests still allow ([*lo, *hi]); a bot that caps
 * each solve keeps what the cheap first test found (won or lost) when
 * the dear one (Schneider) runs out. */
int sk_solver_level_range(sk_solver *s, const sk_game *g, const int *t, int nt, int *lo, int *hi)
{
    int rc = begin(s, g);
    if (rc < 0)
        return rc;
    int decl_tricks, def_tricks, v, range[2] = {0, s->obj ? 1 : nt};
    int won = won_so_far(s, g, &decl_tricks, &def_tricks);
    if (decided(s, decl_tricks, def_tricks, &v)) {
        *lo = *hi = v;
        return SK_OK;
    }
    v = threshold_level(s, -1, t, nt, won, in_play_points(s), range);
    if (v >= 0) {
        *lo = *hi = v;
        return SK_OK;
    }
    *lo = range[0];
    *hi = range[1];
    return SK_ERANGE;
}

/* The solver's legal set for the seat to move of a game, for the test
 * that compares it with the engine's. */
sk_cards sk_solver_legal(sk_solver *s, const sk_game *g)
{
    if (skx_solver_load(s, g) < 0)
        return 0;
    sk_cards ix = skx_solver_legal_ix(s, seat_at(s, s->tlen)), out = 0;
    for (; ix; ix &= ix - 1)
        out |= SK_BIT(s->to_card[skx_cards_first(ix)]);
    return out;
}
