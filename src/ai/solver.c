/*
 * solver.c -- the perfect-information ("double dummy") solver.
 *
 * Given all four hands and the contract, the solver finds the card points
 * the declarer's side takes when every seat plays perfectly: the
 * declarer's side maximises, the defenders minimise.  In a Sauspiel the
 * solver knows the partner (the holder of the called ace).  In a Tout the
 * objective is every trick: the value is 120 when the declarer's side can
 * take all tricks, else 0.
 *
 * Method: fail-soft alpha-beta over single card plays, a transposition
 * table at trick starts, equivalent-card pruning, move ordering, and
 * MTD(f) (a sequence of zero-window searches) for exact values.
 *
 * The search keeps its own compact state (four hand sets, the current
 * trick, the called-ace flags) and reimplements the engine's legal-card
 * rule (game.c legal_cards: following 3.2, and the called-ace rules
 * 2.5.2/2.5.4/2.5.5); tests/test_solver.c checks it against
 * sk_game_legal_cards on many random positions.
 *
 * The search value of a position is the declarer side's points from the
 * cards still in play (in hands and on the table), so a trick start is
 * fully described by the set of remaining cards (which hand holds each is
 * fixed by the deal being solved), the leader and the two called-ace
 * flags.  The total is that plus the points the side already won.
 */
#include "schafkopf/ai.h"

#include <stdlib.h>
#include <string.h>

/*
 * A transposition table entry: the bounds on the value of one trick
 * start.  The key packs the remaining cards (32 bits), the leader (2
 * bits) and the called-ace flags; `gen` names the solve (a deal and an
 * objective) the entry belongs to, so a new deal needs no clearing.  The
 * table is direct-mapped with two slots per bucket: the first keeps the
 * entry with more tricks left (more work saved), the second is always
 * replaced.
 */
typedef struct tt_entry {
    uint64_t key;
    uint32_t gen;
    uint8_t lo, hi;  /* lo <= value <= hi */
    uint8_t move;    /* best card found, or SK_NOCARD */
    uint8_t depth;   /* tricks left */
} tt_entry;

/*
 * The solver context: the table, the node counter, the constants of the
 * contract being solved and the search state.  Everything the search
 * touches is here, preallocated; the search allocates nothing.
 */
struct sk_solver {
    tt_entry *tt;
    size_t tt_mask; /* buckets - 1; a bucket is two entries */
    uint32_t gen;
    uint64_t nodes;
    /* contract constants */
    sk_cards trumps;
    sk_cards follow[SK_NCARDS];
    sk_cards above[SK_NCARDS];  /* same follow class, higher power */
    sk_cards eqpts[SK_NCARDS];  /* same follow class, equal points */
    uint8_t power[SK_NCARDS];
    uint8_t pts[SK_NCARDS];
    sk_cards ace;               /* bit of the called ace, or 0 */
    sk_cards ace_follow;        /* its follow class (the called suit) */
    unsigned side;              /* seats (bit per seat) of the declarer's side */
    int tout;
    /* search state */
    sk_cards hands[SK_NSEATS];
    uint8_t trick[4];
    int tlen, leader, tricks_left;
    int win_off, win_pow, trick_pts;
    int called_led, ran_away;
    /* history heuristic: cutoffs per seat and card */
    uint32_t history[SK_NSEATS][SK_NCARDS];
};

#define INF 1000

/* Creates a solver with a transposition table of about tt_mb megabytes
 * (at least a few thousand entries); NULL when out of memory. */
sk_solver *sk_solver_new(size_t tt_mb)
{
    sk_solver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    size_t want = (tt_mb ? tt_mb : 1) * ((size_t)1 << 20) / (2 * sizeof(tt_entry));
    size_t buckets = 4096;
    while (buckets * 2 <= want)
        buckets *= 2;
    s->tt = calloc(buckets * 2, sizeof(tt_entry));
    if (!s->tt) {
        free(s);
        return NULL;
    }
    s->tt_mask = buckets - 1;
    return s;
}

void sk_solver_free(sk_solver *s)
{
    if (!s)
        return;
    free(s->tt);
    free(s);
}

uint64_t sk_solver_nodes(const sk_solver *s)
{
    return s->nodes;
}

void sk_solver_reset_nodes(sk_solver *s)
{
    s->nodes = 0;
}

/* Starts a new generation of table entries (a new deal or objective);
 * clears the table only when the counter wraps. */
static void new_generation(sk_solver *s)
{
    if (++s->gen == 0) {
        memset(s->tt, 0, (s->tt_mask + 1) * 2 * sizeof(tt_entry));
        s->gen = 1;
    }
}

/* Fills the contract constants and the search state from a game in the
 * play phase.  Returns 0 or SK_ESTATE. */
static int load(sk_solver *s, const sk_game *g)
{
    const sk_public *p = &g->pub;
    if (p->phase != SK_PHASE_PLAY)
        return SK_ESTATE;
    const sk_order *o = &p->order;
    s->trumps = o->trumps;
    for (int c = 0; c < SK_NCARDS; c++) {
        s->follow[c] = o->follow[c];
        s->power[c] = o->power[c];
        s->pts[c] = (uint8_t)sk_card_points(c);
    }
    for (int c = 0; c < SK_NCARDS; c++) {
        s->above[c] = s->eqpts[c] = 0;
        for (sk_cards f = s->follow[c]; f; f &= f - 1) {
            int d = sk_cards_first(f);
            if (d == c)
                continue;
            if (s->power[d] > s->power[c])
                s->above[c] |= SK_BIT(d);
            if (s->pts[d] == s->pts[c])
                s->eqpts[c] |= SK_BIT(d);
        }
    }
    s->ace = p->called_ace != SK_NOCARD ? SK_BIT(p->called_ace) : 0;
    s->ace_follow = s->ace ? o->follow[p->called_ace] : 0;
    s->side = 1u << p->declarer;
    if (p->contract.type == SK_C_SAUSPIEL && g->partner != SK_NOSEAT)
        s->side |= 1u << g->partner;
    s->tout = p->contract.tout != 0;
    for (int i = 0; i < SK_NSEATS; i++)
        s->hands[i] = g->hands[i];
    s->tlen = p->trick_len;
    s->leader = p->trick_leader;
    s->tricks_left = SK_NTRICKS - p->trick_no;
    s->called_led = p->called_led;
    s->ran_away = p->ran_away;
    s->trick_pts = 0;
    s->win_off = 0;
    s->win_pow = 0;
    for (int i = 0; i < s->tlen; i++) {
        int c = p->trick[i];
        s->trick[i] = (uint8_t)c;
        s->trick_pts += s->pts[c];
        int key = s->power[c];
        if (i > 0 && key < 64 && !(s->follow[s->trick[0]] & SK_BIT(c)))
            key = 0;
        if (i == 0 || key > s->win_pow) {
            s->win_pow = key;
            s->win_off = i;
        }
    }
    memset(s->history, 0, sizeof s->history);
    return SK_OK;
}

/* The cards the seat to move may play: the engine's legal_cards() on the
 * solver's state (3.2, 2.5.2, 2.5.4, 2.5.5). */
static inline sk_cards legal_set(const sk_solver *s, int seat)
{
    sk_cards hand = s->hands[seat];
    sk_cards ace = s->ace;
    int restricted = (hand & ace) && !s->called_led;
    if (s->tlen == 0) {
        if (!restricted)
            return hand;
        sk_cards suit = s->ace_follow & hand;
        if (sk_cards_count(suit) >= 4)
            return hand;
        return hand & ~(suit & ~ace);
    }
    sk_cards follow = s->follow[s->trick[0]] & hand;
    if (follow) {
        if ((follow & ace) && !s->ran_away)
            return ace;
        return follow;
    }
    if (restricted && s->tricks_left > 1)
        return hand & ~ace;
    return hand;
}

/*
 * Removes equivalent cards from a legal set: a card is dropped when the
 * same hand may play another card of its follow class with equal points
 * that is higher in power with no card in play (in a hand or on the
 * table) between the two.  Such cards win and lose exactly the same
 * tricks and carry the same points, so the values are equal (an exact
 * reduction, not only an ordering aid).
 */
static inline sk_cards reduce(const sk_solver *s, sk_cards legal)
{
    sk_cards inplay = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    for (int i = 0; i < s->tlen; i++)
        inplay |= SK_BIT(s->trick[i]);
    sk_cards out = legal;
    for (sk_cards l = legal; l; l &= l - 1) {
        int c = sk_cards_first(l);
        for (sk_cards d = legal & s->above[c] & s->eqpts[c]; d; d &= d - 1) {
            int e = sk_cards_first(d);
            sk_cards between = s->above[c] & ~s->above[e] & ~SK_BIT(e);
            if (!(between & inplay)) {
                out &= ~SK_BIT(c);
                break;
            }
        }
    }
    return out;
}

/* The key of the current trick start. */
static inline uint64_t tt_key(const sk_solver *s)
{
    sk_cards rem = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    return (uint64_t)rem | ((uint64_t)s->leader << 32) | ((uint64_t)s->called_led << 34) |
           ((uint64_t)s->ran_away << 35);
}

static inline tt_entry *tt_bucket(const sk_solver *s, uint64_t key)
{
    uint64_t h = (key ^ (key >> 29)) * 0x9e3779b97f4a7c15ull;
    return &s->tt[((h >> 32) & s->tt_mask) * 2];
}

/* Stores bounds for the current trick start. */
static void tt_store(sk_solver *s, uint64_t key, int lo, int hi, int move)
{
    tt_entry *b = tt_bucket(s, key);
    tt_entry *e;
    if (b[0].key == key && b[0].gen == s->gen)
        e = &b[0];
    else if (b[1].key == key && b[1].gen == s->gen)
        e = &b[1];
    else if (b[0].gen != s->gen || b[0].depth <= s->tricks_left)
        e = &b[0], b[1] = b[0];
    else
        e = &b[1];
    if (e->key == key && e->gen == s->gen) {
        if (lo < e->lo)
            lo = e->lo;
        if (hi > e->hi)
            hi = e->hi;
        if (move == SK_NOCARD)
            move = e->move;
    }
    e->key = key;
    e->gen = s->gen;
    e->lo = (uint8_t)lo;
    e->hi = (uint8_t)hi;
    e->move = (uint8_t)move;
    e->depth = (uint8_t)s->tricks_left;
}

static int search(sk_solver *s, int alpha, int beta);

/*
 * Plays card m for the seat to move, searches on and takes the card
 * back; returns the value of the position before m as if m were forced:
 * the declarer side's points from the cards in play, within the usual
 * fail-soft window semantics.
 */
static int play_value(sk_solver *s, int m, int alpha, int beta)
{
    int seat = (s->leader + s->tlen) & 3;
    int old_led = s->called_led, old_ran = s->ran_away;
    int old_off = s->win_off, old_pow = s->win_pow, old_pts = s->trick_pts;
    sk_cards bit = SK_BIT(m);
    if (s->tlen == 0) {
        if (s->ace && !s->called_led && (s->ace_follow & bit)) {
            s->called_led = 1;
            if (!(bit & s->ace) && (s->hands[seat] & s->ace))
                s->ran_away = 1;
        }
        s->win_off = 0;
        s->win_pow = s->power[m];
        s->trick_pts = 0;
    } else {
        int key = s->power[m];
        if (key < 64 && !(s->follow[s->trick[0]] & bit))
            key = 0;
        if (key > s->win_pow) {
            s->win_pow = key;
            s->win_off = s->tlen;
        }
    }
    s->hands[seat] &= ~bit;
    s->trick[s->tlen++] = (uint8_t)m;
    s->trick_pts += s->pts[m];
    int v;
    if (s->tlen < 4) {
        v = search(s, alpha, beta);
    } else {
        int winner = (s->leader + s->win_off) & 3;
        int decl = (s->side >> winner) & 1;
        int old_leader = s->leader;
        if (s->tout && !decl) {
            v = 0;
        } else {
            int tp = s->tout ? 0 : (decl ? s->trick_pts : 0);
            uint8_t saved[4]; /* the next trick overwrites the array */
            memcpy(saved, s->trick, sizeof saved);
            s->leader = winner;
            s->tlen = 0;
            s->tricks_left--;
            v = tp + search(s, alpha - tp, beta - tp);
            s->tricks_left++;
            s->tlen = 4;
            s->leader = old_leader;
            memcpy(s->trick, saved, sizeof saved);
        }
    }
    s->tlen--;
    s->hands[seat] |= bit;
    s->called_led = old_led;
    s->ran_away = old_ran;
    s->win_off = old_off;
    s->win_pow = old_pow;
    s->trick_pts = old_pts;
    return v;
}

/* The value of the last trick, every card forced. */
static int last_trick(sk_solver *s)
{
    int lead = sk_cards_first(s->hands[s->leader]);
    int best = s->power[lead], off = 0, pts = s->pts[lead];
    sk_cards led = s->follow[lead];
    for (int i = 1; i < 4; i++) {
        int c = sk_cards_first(s->hands[(s->leader + i) & 3]);
        pts += s->pts[c];
        int key = s->power[c];
        if (key < 64 && !(led & SK_BIT(c)))
            key = 0;
        if (key > best) {
            best = key;
            off = i;
        }
    }
    int decl = (s->side >> ((s->leader + off) & 3)) & 1;
    if (s->tout)
        return decl;
    return decl ? pts : 0;
}

/* An ordering score for card m of the seat to move: higher is tried
 * first.  Cheap rules of thumb: take a trick with the lowest winning
 * card, give points to a partner who wins, throw low otherwise. */
static inline int order_score(const sk_solver *s, int seat, int m)
{
    int pts = s->pts[m];
    int h = 0;
    if (s->tlen == 0) {
        /* leads: the top remaining card of a class first, then low cards */
        sk_cards inplay = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
        int master = !(s->above[m] & inplay);
        return h * 64 + (master ? 2000 + pts * 8 : 1000 - pts * 8 - s->power[m]);
    }
    int key = s->power[m];
    if (key < 64 && !(s->follow[s->trick[0]] & SK_BIT(m)))
        key = 0;
    int winner = (s->leader + s->win_off) & 3;
    int mine = ((s->side >> winner) & 1) == ((s->side >> seat) & 1);
    int wins = key > s->win_pow;
    int score;
    if (mine && s->tlen == 3)
        score = wins ? 500 - key : 1000 + pts * 8; /* partner has it: schmieren */
    else if (mine)
        score = wins ? 400 + pts * 4 - key : 600 + pts * 8 - key;
    else if (wins)
        score = 1000 + pts * 8 - key + (s->tlen == 3 ? 200 : 0);
    else
        score = 500 - pts * 8 - key;
    return h * 64 + score;
}

/*
 * Fail-soft alpha-beta: the declarer side's points from the cards in
 * play, searched within (alpha, beta).  A result <= alpha is an upper
 * bound, >= beta a lower bound.
 */
static int search(sk_solver *s, int alpha, int beta)
{
    s->nodes++;
    int seat = (s->leader + s->tlen) & 3;
    uint64_t key = 0;
    int tt_move = SK_NOCARD, alpha0 = alpha, beta0 = beta; /* window after the table */
    if (s->tlen == 0) {
        if (s->tricks_left == 0)
            return s->tout ? 1 : 0;
        if (s->tricks_left == 1)
            return last_trick(s);
        int top = s->tout ? 1
                          : sk_cards_points(s->hands[0] | s->hands[1] | s->hands[2] |
                                            s->hands[3]);
        if (top <= alpha)
            return top;
        if (beta <= 0)
            return 0;
        key = tt_key(s);
        tt_entry *b = tt_bucket(s, key);
        tt_entry *e = b[0].key == key && b[0].gen == s->gen   ? &b[0]
                      : b[1].key == key && b[1].gen == s->gen ? &b[1]
                                                              : NULL;
        int lo = 0, hi = top;
        if (e) {
            lo = e->lo;
            hi = e->hi;
            tt_move = e->move;
            if (lo >= beta || lo == hi)
                return lo;
            if (hi <= alpha)
                return hi;
        }
        if (lo > alpha)
            alpha = lo;
        if (hi < beta)
            beta = hi;
        alpha0 = alpha;
        beta0 = beta;
    }
    sk_cards moves = reduce(s, legal_set(s, seat));
    int maxing = (s->side >> seat) & 1;
    int n = 0;
    uint8_t list[SK_NTRICKS];
    int score[SK_NTRICKS];
    for (sk_cards m = moves; m; m &= m - 1) {
        int c = sk_cards_first(m);
        int sc = c == tt_move ? 1 << 30 : order_score(s, seat, c);
        int i = n++;
        while (i > 0 && score[i - 1] < sc) {
            score[i] = score[i - 1];
            list[i] = list[i - 1];
            i--;
        }
        score[i] = sc;
        list[i] = (uint8_t)c;
    }
    int best = maxing ? -INF : INF, best_move = SK_NOCARD;
    for (int i = 0; i < n; i++) {
        int v = play_value(s, list[i], alpha, beta);
        if (maxing ? v > best : v < best) {
            best = v;
            best_move = list[i];
        }
        if (maxing ? best > alpha : best < beta) {
            if (maxing)
                alpha = best;
            else
                beta = best;
        }
        if (alpha >= beta) {
            s->history[seat][list[i]] += (uint32_t)s->tricks_left;
            break;
        }
    }
    if (s->tlen == 0) {
        int lo = 0, hi = s->tout ? 1 : 120;
        if (best <= alpha0)
            hi = best;
        else if (best >= beta0)
            lo = best;
        else
            lo = hi = best;
        tt_store(s, key, lo, hi, best_move);
    }
    return best;
}

/*
 * The exact value of playing card m now (m = SK_NOCARD: of the current
 * position) by zero-window searches: each asks "at least b?" and, being
 * fail-soft, returns a bound that narrows [lo, hi]; b bisects the
 * interval (MTD(f) proper, b at the last result, needed 20-60 steps
 * here as the values move in small steps; bisection needs about seven).
 */
static int mtdf(sk_solver *s, int m, int guess, int hi)
{
    int lo = 0;
    (void)guess;
    while (lo < hi) {
        int b = (lo + hi + 1) / 2;
        int g = m == SK_NOCARD ? search(s, b - 1, b) : play_value(s, m, b - 1, b);
        if (g < b)
            hi = g;
        else
            lo = g;
    }
    return lo;
}

/* Points the declarer's side has won already, and whether the
 * defenders took a trick. */
static int won_so_far(const sk_solver *s, const sk_game *g, int *def_tricks)
{
    int pts = 0;
    *def_tricks = 0;
    for (int seat = 0; seat < SK_NSEATS; seat++)
        if ((s->side >> seat) & 1)
            pts += sk_cards_points(g->pub.won[seat]);
    for (int t = 0; t < g->pub.trick_no; t++)
        *def_tricks += !((s->side >> g->pub.trick_winners[t]) & 1);
    return pts;
}

/* The points in play (hands and table), the upper bound of a search. */
static int in_play_points(const sk_solver *s)
{
    if (s->tout)
        return 1;
    int pts = sk_cards_points(s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3]);
    for (int i = 0; i < s->tlen; i++)
        pts += s->pts[s->trick[i]];
    return pts;
}

/* Solves a game in the play phase: the declarer side's card points with
 * best play by all (Tout: 120 if it takes every trick, else 0).  0 or
 * SK_ESTATE when the game is not in the play phase. */
int sk_solver_solve(sk_solver *s, const sk_game *g, int *declarer_points)
{
    int rc = load(s, g);
    if (rc < 0)
        return rc;
    new_generation(s);
    int def_tricks;
    int won = won_so_far(s, g, &def_tricks);
    int top = in_play_points(s);
    if (s->tout) {
        *declarer_points = def_tricks ? 0 : mtdf(s, SK_NOCARD, 1, 1) * 120;
        return SK_OK;
    }
    *declarer_points = won + mtdf(s, SK_NOCARD, (top * 2) / 3, top);
    return SK_OK;
}

/* Whether the declarer side reaches at least `target` points (Tout: all
 * tricks, target ignored) with best play: one zero-window search. */
int sk_solver_reaches(sk_solver *s, const sk_game *g, int target, bool *yes)
{
    int rc = load(s, g);
    if (rc < 0)
        return rc;
    new_generation(s);
    int def_tricks;
    int won = won_so_far(s, g, &def_tricks);
    if (s->tout) {
        *yes = !def_tricks && search(s, 0, 1) >= 1;
        return SK_OK;
    }
    int need = target - won;
    *yes = need <= 0 || (need <= in_play_points(s) && search(s, need - 1, need) >= need);
    return SK_OK;
}

/* The value of every legal card of the seat to move: the declarer
 * side's total points after that card with best play (Tout: 120/0).
 * Returns the number of cards written (at most max) or SK_ESTATE. */
int sk_solver_values(sk_solver *s, const sk_game *g, sk_action *cards, int *values, int max)
{
    int rc = load(s, g);
    if (rc < 0)
        return rc;
    new_generation(s);
    int def_tricks;
    int won = won_so_far(s, g, &def_tricks);
    int top = in_play_points(s);
    int seat = (s->leader + s->tlen) & 3;
    sk_cards legal = legal_set(s, seat);
    sk_cards reps = reduce(s, legal);
    int val[SK_NCARDS];
    int guess = s->tout ? 1 : (top * 2) / 3;
    for (sk_cards m = reps; m; m &= m - 1) {
        int c = sk_cards_first(m);
        if (s->tout)
            val[c] = def_tricks ? 0 : mtdf(s, c, 1, 1) * 120;
        else
            val[c] = won + mtdf(s, c, guess, top);
        guess = val[c] - won;
    }
    /* an equivalent card has the value of the higher card it was merged
     * into: walk each class from the top */
    int n = 0;
    for (sk_cards m = legal; m; m &= m - 1) {
        int c = sk_cards_first(m);
        int r = c;
        while (!(reps & SK_BIT(r))) {
            /* the next higher legal card of the class with equal points */
            sk_cards cand = legal & s->above[r] & s->eqpts[r];
            int best = -1;
            for (; cand; cand &= cand - 1) {
                int e = sk_cards_first(cand);
                if (best < 0 || s->power[e] < s->power[best])
                    best = e;
            }
            r = best;
        }
        if (n < max) {
            cards[n] = sk_act_card(seat, c);
            values[n] = val[r];
            n++;
        }
    }
    return n;
}

/* The solver's legal set for the seat to move of a game, for the test
 * that compares it with the engine's. */
sk_cards sk_solver_legal(sk_solver *s, const sk_game *g)
{
    if (load(s, g) < 0)
        return 0;
    return legal_set(s, (s->leader + s->tlen) & 3);
}
