/*
 * solver_search.c -- the solver's search: fail-soft alpha-beta over
 * single card plays, in the internal card order (solver_internal.h).
 *
 * At a trick start the search first tries bounds -- the points in play
 * above; below, the trumps that must win and what the leader's run of
 * top cards forces out of the others -- then the transposition table.
 * Moves are the legal cards less two kinds of provably unneeded ones
 * (skx_solver_moves): equivalent cards and dominated cards.  They are
 * tried in an order of rules of thumb; a lead that leaves the other
 * side fewer answers comes first, as it makes the smaller tree.  The
 * last trick is evaluated directly.
 *
 * Dominance.  Let a hand hold two legal cards x and y of one follow
 * class with no other card in play (in a hand or on the table) between
 * them.  Whatever the others do, playing y instead of x changes nothing
 * but the identity of the card kept: the two game trees are the same up
 * to renaming x and y, and x and y compare alike with every other card.
 * So the two values differ only by where the points of the two cards
 * end: with d = pts(y) - pts(x), every leaf differs by d times "the
 * current trick goes to the declarer side" minus d times "the trick of
 * the kept card does".  When the side that wins the current trick is
 * already settled -- the mover plays last, or no later player of the
 * other side holds a card that could beat the winning card -- the first
 * term is fixed and the difference has one sign: a seat whose side
 * takes the trick does at least as well with the card worth more, a
 * seat whose side loses it with the card worth less.  The other card is
 * dropped: an exact pruning (the node's value is unchanged), not a
 * guess.  With d = 0 the cards are equivalent outright, settled side
 * or not (under the trick objectives points do not count, so every
 * such pair is).  When the side is not settled the same argument still
 * bounds the two values within |d| of each other: once one of the pair
 * is searched, the other is skipped when that bound already decides it
 * (quasi-symmetry).
 */
#include "solver_internal.h"
#include "core/legal.h"

#include <string.h>

#define INF 1000

/* Whether internal card m beats the winning card w of a trick whose led
 * class is `led`: a trump beats a lower trump or any plain card, a card
 * of the led class a lower one of it (lower index = higher power). */
static inline int beats(const sk_solver *s, int m, int w, sk_cards led)
{
    return m < w && (SK_BIT(m) & (s->trumps | led));
}

/* The cards the seat to move may play: the library's one kernel
 * (core/legal.h) on the solver's state (3.2, 2.5.2, 2.5.4, 2.5.5).  In
 * the solver's card index a lower index is a higher card of its class,
 * so the cards that beat the trick under Stichzwang lie below its best. */
sk_cards skx_solver_legal_ix(const sk_solver *s, int seat)
{
    sk_cards hand = s->hands[seat];
    if (s->tlen == 0)
        return skx_legal_lead(hand, s->ace, s->ace_follow, (unsigned)s->called_led);
    sk_cards led = s->cls[s->trick[0]], beat = SK_ALL_CARDS;
    if (s->stichzwang) {
        sk_cards best = 0;
        for (int i = 0; i < s->tlen; i++)
            if (led & SK_BIT(s->trick[i]) & (best - 1))
                best = SK_BIT(s->trick[i]);
        beat = best - 1;
    }
    return skx_legal_follow(hand, led, s->ace, (unsigned)s->called_led, (unsigned)s->ran_away,
                            s->tricks_left <= 1, beat);
}

/* Whether a player after offset `from` in the trick, of the side other
 * than `wside`, holds a card that might beat the winning card w. */
static inline int may_be_beaten(const sk_solver *s, int from, int wside, int w, sk_cards led)
{
    sk_cards above = SK_BIT(w) - 1; /* higher cards of w's class, and the trumps */
    sk_cards beat = w < s->ntrumps ? s->trumps & above
                                   : s->trumps | (led & above);
    for (int i = from; i < s->nseats; i++) {
        int p = seat_at(s, i);
        if ((int)((s->side >> p) & 1) != wside && (s->hands[p] & beat))
            return 1;
    }
    return 0;
}

/*
 * The cards of `cand` whose next higher card in play (in `live`) of
 * their class is in `cand` too, found for all cards at once by one
 * addition: every card of cand seeds a carry at the bit after its own
 * (the next lower card in power), which runs over the bits of cards no
 * longer in play and lands on the next card in play, or on the top of
 * the next class (`heads`), which does not count.  The carries never
 * meet: a run of gone cards holds a seed only at its start.
 */
static inline sk_cards paired_cards(const sk_solver *s, sk_cards cand, sk_cards live)
{
    uint64_t gaps = (sk_cards) ~(live | s->heads);
    uint64_t land = (gaps + ((uint64_t)cand << 1)) & ~gaps;
    return (sk_cards)land & cand & ~s->heads;
}

/*
 * The pruning of prune_moves for the cards `paired` (paired_cards):
 * each is compared with the next higher card in play of its class, a
 * legal card too; of a pair one is kept, so at least one best card
 * always survives.
 */
static sk_cards prune_pairs(const sk_solver *s, int seat, sk_cards legal, sk_cards live,
                            sk_cards paired, int prune, sk_cards *pairs)
{
    int maxing = (int)((s->maxmask >> seat) & 1);
    sk_cards led = s->tlen ? s->cls[s->trick[0]] : 0;
    sk_cards out = legal;
    for (sk_cards l = paired; l; l &= l - 1) {
        int c = skx_cards_first(l), h = ix_last(live & s->above[c]);
        if (s->obj || s->pts[h] == s->pts[c]) {
            out &= ~SK_BIT(c);
            continue;
        }
        if (!prune)
            continue;
        /* the side that takes the trick once c (or h) is played */
        int w, wseat;
        if (s->tlen == 0) {
            w = c;
            wseat = seat;
            led = s->cls[c];
        } else if (beats(s, c, s->win, led)) {
            w = c;
            wseat = seat;
        } else {
            w = s->win;
            wseat = s->win_seat;
        }
        int wside = (s->side >> wseat) & 1;
        if (s->tlen < s->nseats - 1 && may_be_beaten(s, s->tlen + 1, wside, w, led)) {
            *pairs |= SK_BIT(c);
            continue;
        }
        int more = wside == maxing; /* points into the trick are welcome */
        if (more == (s->pts[h] > s->pts[c]))
            out &= ~SK_BIT(c);
        else
            out &= ~SK_BIT(h);
    }
    return out;
}

/*
 * The cards worth searching of a legal set: an equivalent card (equal
 * points, nothing in play between it and a higher legal card of its
 * class) is dropped, and with `prune` a dominated one (see the essay
 * above).  Only cards whose next higher card in play is legal too can
 * go (prune_pairs).  `live` is the cards in play (hands and table).
 * *pairs gets the cards kept together with their next higher card, as
 * the side of the trick was not settled: the search's candidates for
 * quasi-symmetry (either card of such a pair may still fall to another
 * pair).
 */
static inline sk_cards prune_moves(const sk_solver *s, int seat, sk_cards legal, sk_cards live,
                                   int prune, sk_cards *pairs)
{
    *pairs = 0;
    sk_cards paired = paired_cards(s, legal & ~s->ace, live);
    return paired ? prune_pairs(s, seat, legal, live, paired, prune, pairs) : legal;
}

/* The cards worth searching of a legal set (prune_moves). */
sk_cards skx_solver_moves(const sk_solver *s, int seat, sk_cards legal, int prune)
{
    sk_cards live = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3] | s->table, pairs;
    return prune_moves(s, seat, legal, live, prune, &pairs);
}

/* The value of the last trick, every card forced. */
static int last_trick(const sk_solver *s)
{
    int lead = skx_cards_first(s->hands[s->leader]);
    sk_cards led = s->cls[lead];
    int w = lead, off = 0, pts = s->pts[lead];
    for (int i = 1; i < s->nseats; i++) {
        int c = skx_cards_first(s->hands[seat_at(s, i)]);
        pts += s->pts[c];
        if (beats(s, c, w, led)) {
            w = c;
            off = i;
        }
    }
    int decl = (s->side >> seat_at(s, off)) & 1;
    if (s->obj == OBJ_POINTS)
        return decl ? pts : 0;
    return s->obj == OBJ_NONE ? !decl : decl;
}

/*
 * Points the leader's side is sure of when he runs his top cards: cards
 * that beat every other card in play when led -- his trumps above all
 * other trumps and, when nobody else holds a trump, his cards above all
 * others of a plain suit.  He leads them one by one and wins each, and
 * the others must follow in the class while they can (3.2), so each
 * opponent gives at least his lowest-point cards of the class, as many
 * as are led.  Returns those forced points (0 if he has no such card);
 * *has tells whether he has one.
 */
static inline int run_points(const sk_solver *s, sk_cards *cards)
{
    int L = s->leader;
    sk_cards mine = s->hands[L];
    sk_cards others = s->live & ~mine; /* at a trick start: the others' hands */
    sk_cards ot = others & s->trumps;
    int gain = 0;
    *cards = 0;
    if (ot && !(mine & (SK_BIT(skx_cards_first(ot)) - 1)))
        return 0; /* the usual case: no run at all */
    for (sk_cards cl = s->trumps; cl;) {
        sk_cards oc = others & cl, lc = mine & cl;
        sk_cards run = oc ? lc & (SK_BIT(skx_cards_first(oc)) - 1) : lc;
        if (run) {
            int m = skx_cards_count(run);
            *cards |= run;
            if (cl != s->trumps)
                gain += ix_points(s, run); /* plain cards: not among the sure trumps */
            for (int i = 0; i < s->nopp[L]; i++) {
                sk_cards t = s->hands[s->opp[L][i]] & cl;
                for (int c = 0, k = m; k > 0 && t; c++) { /* every card has a tier */
                    sk_cards part = t & s->ptier[c];
                    int cnt = skx_cards_count(part);
                    if (cnt > k)
                        cnt = k;
                    gain += cnt * s->ptval[c];
                    k -= cnt;
                    t &= ~part;
                }
            }
        }
        /* the plain suits count only when no one else has a trump */
        sk_cards rest = ~(cl | (cl - 1));
        if ((others & s->trumps) || !rest)
            break;
        cl = s->cls[skx_cards_first(rest)];
    }
    return gain;
}

/*
 * The most points one side's tricks can still hold when the other side
 * surely takes `t` of the tricks left: each player gives at most
 * left - t cards to them, at best his most valuable ones, and none of
 * `gone` (the other side's sure trumps, which fall in its own tricks).
 */
static inline int trick_cap(const sk_solver *s, int t, sk_cards gone)
{
    int k = s->tricks_left - t, sum = 0;
    for (int p = 0; p < s->nseats; p++) {
        /* his point cards: all of them if he has at most k, else k of
         * them, the dearest tiers first */
        sk_cards h = s->hands[p] & ~gone & ~s->ptier[0];
        if (skx_cards_count(h) <= k) {
            sum += ix_points(s, h);
            continue;
        }
        for (int i = 5, need = k; need > 0; i--) {
            int c = skx_cards_count(h & s->ptier[i]);
            if (c > need)
                c = need;
            sum += c * s->ptval[i];
            need -= c;
        }
    }
    return sum;
}

/* The tricks a side surely takes with its sure trumps: at least as many
 * as one of its players holds (his cards fall in different tricks). */
static inline int sure_tricks(const sk_solver *s, sk_cards sure)
{
    int t = 0;
    for (int p = 0; p < s->nseats; p++) {
        int c = skx_cards_count(s->hands[p] & sure);
        if (c > t)
            t = c;
    }
    return t;
}

/*
 * The tricks side `side` (1: the declarer's, 0: the defenders') surely
 * takes with its trumps, when that is more than `floor`, else floor.
 * One player's trumps fall in different tricks, and a trump of his
 * loses only to a higher trump of the other side (`other`, their trumps)
 * in the same trick, each of which can beat one of his at most.  So at
 * least |D| - M of his trumps D win, M the largest matching of other
 * trumps to lower ones of his -- which is the largest lead of his
 * trumps over theirs among the k highest trumps, over all k (brackets:
 * their trump opens, his closes).  Sure trumps are the case M = 0 over
 * the top; this also counts, say, two Unters against one higher.
 */
static inline int trump_tricks(const sk_solver *s, int side, sk_cards other, int floor)
{
    int best = floor;
    for (int p = 0; p < s->nseats; p++) {
        sk_cards mine = s->hands[p] & s->trumps;
        if ((int)((s->side >> p) & 1) != side || skx_cards_count(mine) <= best)
            continue;
        for (sk_cards u = mine; u; u &= u - 1) {
            sk_cards top = (u & -u) | ((u & -u) - 1); /* the trumps down to this one */
            int lead = skx_cards_count(mine & top) - skx_cards_count(other & top);
            if (lead > best)
                best = lead;
        }
    }
    return best;
}

/* What sure_points found, for the trick caps (cap_bounds). */
typedef struct sure_state {
    sk_cards dsure, fsure, runs; /* sure trumps per side; the leader's run */
    sk_cards dt, ft;             /* the trumps of the declarer side / the defenders */
    int rd, rf;                  /* run tricks the declarer side / defenders may count */
} sure_state;

/*
 * The cards of a lone declarer P (the side is his seat alone) that
 * surely win, when no other seat holds a trump and he holds one: his
 * trumps and his plain cards above every other card in play of their
 * suit (his top run of each suit).  He can win a trick with each: he
 * leads these cards before his trumps, follows a suit with his top card
 * of it when that is one, and trumps a suit he is void in.  So he never
 * has to throw one of them away while he has a trump, and the trick his
 * last trump takes gives him the lead for the rest of them: no other
 * seat can trump one.  The leader's run (run_points) is the case of P
 * on lead; this counts them whoever leads.  0 when it does not apply.
 */
static inline sk_cards lone_winners(const sk_solver *s, const sure_state *st)
{
    if (s->alone < 0 || st->ft || !st->dt)
        return 0;
    sk_cards mine = s->hands[s->alone], others = s->live & ~mine;
    sk_cards win = mine & s->trumps;
    for (sk_cards rest = s->live & ~s->trumps; rest;) {
        sk_cards cl = s->cls[skx_cards_first(rest)], oc = others & cl, lc = mine & cl;
        win |= oc ? lc & (SK_BIT(skx_cards_first(oc)) - 1) : lc;
        rest &= ~cl;
    }
    return win;
}

/*
 * Bounds at a trick start.  A trump higher than every trump of the
 * other side wins the trick it falls in (or its partner's higher trump
 * does), so its side takes at least its points; the leader adds what
 * his run forces out of the opponents (run_points).  Sets *decl and
 * *def to points the declarer's side and the defenders are sure of.
 * For the trick objectives: *decl 1 when the declarer's side surely
 * takes a trick (OBJ_ANY), *def 1 when the defenders do (OBJ_ALL).
 */
static inline void sure_points(const sk_solver *s, int *decl, int *def, sure_state *st)
{
    sk_cards dh = (s->hands[0] & s->sidemask[0]) | (s->hands[1] & s->sidemask[1]) |
                  (s->hands[2] & s->sidemask[2]) | (s->hands[3] & s->sidemask[3]);
    sk_cards fh = s->live & ~dh; /* the table is empty */
    sk_cards dt = dh & s->trumps, ft = fh & s->trumps;
    sk_cards dsure = ft ? dt & (SK_BIT(skx_cards_first(ft)) - 1) : dt;
    sk_cards fsure = dt ? ft & (SK_BIT(skx_cards_first(dt)) - 1) : ft;
    if (s->obj) {
        /* a sure trump takes a trick: the objective met or failed */
        *decl = s->obj == OBJ_ANY && dsure;
        *def = (s->obj == OBJ_ALL && fsure) || (s->obj == OBJ_NONE && dsure);
        *st = (sure_state){0, 0, 0, 0, 0, 0, 0};
        return;
    }
    /* one side at most has sure trumps: the side of the highest one */
    int sp = ix_points(s, dsure | fsure);
    *decl = dsure ? sp : 0;
    *def = fsure ? sp : 0;

    sk_cards runs;
    int run = run_points(s, &runs), L = s->leader;
    /* only a leader who wants his side's points runs for them (in a
     * Ramsch nobody does) */
    int runner = runs && ((s->side >> L) & 1) == ((s->maxmask >> L) & 1);
    if (runner) {
        if ((s->side >> L) & 1)
            *decl += run;
        else
            *def += run;
    }
    st->dsure = dsure;
    st->fsure = fsure;
    st->runs = runs;
    st->dt = dt;
    st->ft = ft;
    st->rd = runner && ((s->side >> L) & 1) ? skx_cards_count(runs) : 0;
    st->rf = runner && !((s->side >> L) & 1) ? skx_cards_count(runs) : 0;
}

/*
 * The least points side `side` can end with when it surely takes
 * `sure` tricks with its sure trumps `strumps`, `run` with the
 * leader's run `runs` and `more` with its trumps (trump_tricks, which
 * names no cards): `top` minus the most the other side's tricks can
 * hold (trick_cap).  The best of the three counts; 0 when none.
 */
static inline int side_floor(const sk_solver *s, int top, int sure, sk_cards strumps, int run,
                             sk_cards runs, int more)
{
    int cap = top;
    if (sure && sure >= run)
        cap = trick_cap(s, sure, strumps);
    else if (run)
        cap = trick_cap(s, run, strumps | runs);
    if (more > sure && more > run) {
        int c = trick_cap(s, more, 0);
        if (c < cap)
            cap = c;
    }
    return top - cap;
}

/*
 * Tighter bounds, dearer than sure_points, so tried after it and the
 * table: the other side's sure tricks cap what a side's tricks can hold
 * (trick_cap), counting the sure trumps, the runner's run and the trump
 * tricks of trump_tricks.  Raises *decl and *def (as sure_points) where
 * the caps say more; `top` is the points in play, which the search has
 * at hand.
 */
static inline void cap_bounds(const sk_solver *s, const sure_state *st, int top, int *decl,
                              int *def)
{
    int ts = sure_tricks(s, st->dsure | st->fsure); /* one side's (sure_points) */
    int tf = st->fsure ? ts : 0, td = st->dsure ? ts : 0;
    int mf = 0, md = 0;
    /* earlier the caps seldom bite: each player may still give the
     * other side more cards than he has point cards */
    if (s->tricks_left <= 5) {
        mf = trump_tricks(s, 0, st->dt, tf > st->rf ? tf : st->rf);
        md = trump_tricks(s, 1, st->ft, td > st->rd ? td : st->rd);
    }
    int f = side_floor(s, top, tf, st->fsure, st->rf, st->runs, mf);
    int d = side_floor(s, top, td, st->dsure, st->rd, st->runs, md);
    sk_cards lone = lone_winners(s, st);
    int tl = skx_cards_count(lone);
    if (tl > td && tl > st->rd && tl > md) {
        int dl = top - trick_cap(s, tl, lone);
        if (dl > d)
            d = dl;
    }
    if (f > *def)
        *def = f;
    if (d > *decl)
        *decl = d;
}

/* What order_score needs of a node, the same for every move: computed
 * once per node rather than once per move. */
typedef struct order_node {
    int lead;                    /* the mover leads */
    sk_cards inplay;             /* the cards in the hands */
    sk_cards opp[SK_NSEATS - 1]; /* at a lead: the other side's hands */
    int nopp;
    sk_cards strong;             /* following: the trumps and the led class */
    int win;                     /* the winning card so far */
    int hurts;                   /* taking a trick hurts the mover (Ramsch) */
    int mine;                    /* the trick goes the mover's way so far */
    int last;                    /* the mover plays last to the trick */
} order_node;

/* Fills the node part of the move ordering for the seat to move. */
static inline void order_begin(const sk_solver *s, int seat, sk_cards inplay, order_node *o)
{
    o->lead = s->tlen == 0;
    o->inplay = inplay;
    o->nopp = 0;
    if (o->lead) {
        /* unused at a lead; set for gcc's uninitialised-use check */
        o->strong = 0;
        o->win = o->hurts = o->mine = o->last = 0;
        for (int i = 0; i < s->nopp[seat]; i++)
            o->opp[i] = s->hands[s->opp[seat][i]];
        o->nopp = s->nopp[seat];
        return;
    }
    int winner = s->win_seat;
    int maxing = (int)((s->maxmask >> seat) & 1);
    o->strong = s->trumps | s->cls[s->trick[0]];
    o->win = s->win;
    o->hurts = (int)((s->side >> seat) & 1) != maxing;
    o->mine = (int)((s->side >> winner) & 1) == maxing;
    o->last = s->tlen == s->nseats - 1;
}

/* An ordering score for card m of the seat to move: higher is tried
 * first.  Cheap rules of thumb: lead the top card of a class (the more
 * points the better) or else a low card; take a trick with the lowest
 * winning card, give points to a partner who wins, throw low
 * otherwise. */
static inline int order_score(const sk_solver *s, const order_node *o, int m)
{
    int pts = s->pts[m];
    if (o->lead) {
        int master = !(o->inplay & s->above[m]);
        int sc = master ? 2000 + pts * 8 : 1000 - pts * 8 - s->power[m];
        /* fewer answers for the other side: a smaller tree (a seat that
         * must follow has its cards of the class, one that cannot any) */
        for (int i = 0; i < o->nopp; i++) {
            sk_cards f = o->opp[i] & s->cls[m];
            sc -= 800 * skx_cards_count(f ? f : o->opp[i]);
        }
        return sc;
    }
    int strong = (SK_BIT(m) & o->strong) != 0;
    int key = strong ? s->power[m] : 0;
    int wins = strong && m < o->win;
    if (o->hurts)
        return wins ? 100 - pts * 8 : o->mine ? 1000 + pts * 8 : 500 - pts * 8;
    if (o->mine && o->last)
        return wins ? 500 - key : 1000 + pts * 8; /* partner has it: schmieren */
    if (o->mine)
        return wins ? 400 + pts * 4 - key : 600 + pts * 8 - key;
    if (wins)
        return 1000 + pts * 8 - key + (o->last ? 200 : 0);
    return 500 - pts * 8 - key;
}

static int search(sk_solver *s, int alpha, int beta);

/*
 * Plays card m for the seat to move (`seat`), searches on and takes the
 * card back; returns the value of the position before m as if m were
 * forced: the declarer side's points from the cards in play, within the
 * usual fail-soft window semantics.  Inlined into search, so a node is
 * one call, not two.
 */
static inline __attribute__((always_inline)) int play_value(sk_solver *s, int seat, int m,
                                                            int alpha, int beta)
{
    int old_led = s->called_led, old_ran = s->ran_away;
    int old_win = s->win, old_wseat = s->win_seat, old_pts = s->trick_pts;
    sk_cards bit = SK_BIT(m);
    if (s->tlen == 0) {
        if (s->ace && !s->called_led && (s->ace_follow & bit)) {
            s->called_led = 1;
            if (!(bit & s->ace) && (s->hands[seat] & s->ace))
                s->ran_away = 1;
        }
        s->win = m;
        s->win_seat = seat;
        s->trick_pts = 0;
    } else if (beats(s, m, s->win, s->cls[s->trick[0]])) {
        s->win = m;
        s->win_seat = seat;
    }
    s->hands[seat] &= ~bit;
    s->table |= bit;
    s->trick[s->tlen++] = (uint8_t)m;
    s->trick_pts += s->pts[m];
    int v;
    if (s->tlen < s->nseats) {
        v = search(s, alpha, beta);
    } else {
        int winner = s->win_seat;
        int decl = (s->side >> winner) & 1;
        if (s->obj == OBJ_ALL && !decl) {
            v = 0; /* a Tout lost */
        } else if (s->obj != OBJ_POINTS && s->obj != OBJ_ALL && decl) {
            v = s->obj == OBJ_ANY; /* the one trick wanted, or a Bettel lost */
        } else {
            int tp = s->obj ? 0 : (decl ? s->trick_pts : 0);
            int old_leader = s->leader;
            uint8_t saved[4]; /* the next trick overwrites the array */
            memcpy(saved, s->trick, sizeof saved);
            sk_cards table = s->table;
            s->live &= ~table;
            s->live_pts -= s->trick_pts;
            s->table = 0;
            s->leader = winner;
            s->tlen = 0;
            s->tricks_left--;
            v = tp + search(s, alpha - tp, beta - tp);
            s->tricks_left++;
            s->tlen = s->nseats;
            s->leader = old_leader;
            memcpy(s->trick, saved, sizeof saved);
            s->table = table;
            s->live |= table;
            s->live_pts += s->trick_pts;
        }
    }
    s->tlen--;
    s->hands[seat] |= bit;
    s->table &= ~bit;
    s->called_led = old_led;
    s->ran_away = old_ran;
    s->win = old_win;
    s->win_seat = old_wseat;
    s->trick_pts = old_pts;
    return v;
}

/*
 * Fail-soft alpha-beta: the declarer side's points from the cards in
 * play, searched within (alpha, beta).  A result <= alpha is an upper
 * bound, >= beta a lower bound.  Past the node limit it unwinds at once
 * with meaningless values and sets s->aborted.
 */
static int search(sk_solver *s, int alpha, int beta)
{
    if (s->tlen == 0 && s->tricks_left <= 1)
        return s->tricks_left ? last_trick(s) : s->obj == OBJ_ALL || s->obj == OBJ_NONE;
    if (++s->nodes > s->node_limit && skx_solver_check_stop(s)) {
        s->aborted = 1;
        return alpha;
    }
    int seat = seat_at(s, s->tlen);
    sk_cards inplay = s->live & ~s->table;
    tt_key key;
    int tt_move = -1, alpha0 = alpha, beta0 = beta; /* window after the table */
    int use_tt = s->tlen == 0;
    if (use_tt) {
        /* the cheap bounds first: they settle about half of the trick
         * starts, which then need no key */
        int top = s->obj ? 1 : s->live_pts;
        int sd, sf;
        sure_state st;
        sure_points(s, &sd, &sf, &st);
        int lo = sd, hi = top - sf;
        if (hi <= alpha)
            return hi;
        if (lo >= beta)
            return lo;
        skx_solver_tt_key(s, &key);
        tt_hit e = {lo, hi, -1};
        if (skx_solver_tt_probe(s, &key, &e)) {
            lo = e.lo;
            hi = e.hi;
            tt_move = e.move;
            if (lo >= beta || lo == hi)
                return lo;
            if (hi <= alpha)
                return hi;
        }
        if (!s->obj) {
            cap_bounds(s, &st, top, &sd, &sf);
            if (sd > lo)
                lo = sd;
            if (top - sf < hi)
                hi = top - sf;
            if (hi <= alpha || lo == hi)
                return hi;
            if (lo >= beta)
                return lo;
        }
        if (lo > alpha)
            alpha = lo;
        if (hi < beta)
            beta = hi;
        alpha0 = alpha;
        beta0 = beta;
    }
    sk_cards live = s->live, pairs;
    sk_cards moves = prune_moves(s, seat, skx_solver_legal_ix(s, seat), live, 1, &pairs);
    if (!use_tt && !(moves & (moves - 1)))
        return play_value(s, seat, skx_cards_first(moves), alpha, beta); /* forced */
    int maxing = (s->maxmask >> seat) & 1;
    /* note each move's twin: the next higher card in play of its class
     * when both are moves (quasi-symmetry) */
    uint8_t twin[SK_NCARDS];
    sk_cards has_twin = 0, twinned = 0; /* twin[c] is set; the cards of a pair */
    for (sk_cards m = pairs & moves; m; m &= m - 1) {
        int c = skx_cards_first(m), h = ix_last(live & s->above[c]);
        if (moves & SK_BIT(h)) {
            twin[c] = (uint8_t)h;
            has_twin |= SK_BIT(c);
            twinned |= SK_BIT(h) | SK_BIT(c);
        }
    }
    /* order the moves */
    order_node on;
    order_begin(s, seat, inplay, &on);
    int n = 0;
    uint8_t list[SK_NTRICKS];
    int score[SK_NTRICKS];
    for (sk_cards m = moves; m; m &= m - 1) {
        int c = skx_cards_first(m);
        int sc = c == tt_move ? 1 << 30 : order_score(s, &on, c);
        int i = n++;
        while (i > 0 && score[i - 1] < sc) {
            score[i] = score[i - 1];
            list[i] = list[i - 1];
            i--;
        }
        score[i] = sc;
        list[i] = (uint8_t)c;
    }
    int best = maxing ? -INF : INF, best_move = -1;
    int val[SK_NCARDS];
    sk_cards done = 0;
    for (int i = 0; i < n; i++) {
        int c = list[i], v, bound = 0;
        /* a searched twin o bounds this card: |v(c) - v(o)| <= the
         * points between them (see the essay); skip c when that bound
         * cannot change the result */
        if (twinned & SK_BIT(c)) {
            for (sk_cards t = done & twinned; t && !bound; t &= t - 1) {
                int o = skx_cards_first(t);
                if (!((has_twin & SK_BIT(c)) && twin[c] == o) &&
                    !((has_twin & SK_BIT(o)) && twin[o] == c))
                    continue;
                int d = s->pts[c] > s->pts[o] ? s->pts[c] - s->pts[o] : s->pts[o] - s->pts[c];
                if (maxing && val[o] + d <= alpha) {
                    v = val[o] + d;
                    bound = 1;
                } else if (!maxing && val[o] - d >= beta) {
                    v = val[o] - d;
                    bound = 1;
                }
            }
        }
        if (!bound) {
            v = play_value(s, seat, c, alpha, beta);
            if (s->aborted)
                return alpha0;
        }
        val[c] = v;
        done |= SK_BIT(c);
        if (maxing ? v > best : v < best) {
            best = v;
            best_move = c;
        }
        if (maxing ? best > alpha : best < beta) {
            if (maxing)
                alpha = best;
            else
                beta = best;
        }
        if (alpha >= beta)
            break;
    }
    if (use_tt) {
        int lo = 0, hi = s->obj ? 1 : 120;
        int all_node = maxing ? best <= alpha0 : best >= beta0;
        if (best <= alpha0)
            hi = best;
        else if (best >= beta0)
            lo = best;
        else
            lo = hi = best;
        /* an all-node's best card is only the least bad bound: keep the
         * old one */
        skx_solver_tt_store(s, &key, lo, hi, all_node ? -1 : best_move);
    }
    return best;
}

/* The search of the current position (m < 0) or of internal card m
 * played now, for the public calls in solver.c. */
int skx_solver_search(sk_solver *s, int m, int alpha, int beta)
{
    return m < 0 ? search(s, alpha, beta) : play_value(s, seat_at(s, s->tlen), m, alpha, beta);
}
