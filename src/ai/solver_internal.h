/*
 * solver_internal.h -- the solver's context and the helpers shared by
 * solver.c (loading, the public calls), solver_search.c (the search) and
 * solver_tt.c (the transposition table).  Internal to src/ai.
 */
#ifndef SK_SOLVER_INTERNAL_H
#define SK_SOLVER_INTERNAL_H

#include "schafkopf/ai.h"
#include "core/bits.h"

#include <stdatomic.h>

/*
 * Internal card order.  While solving one contract the solver renames
 * the cards so that every follow class is a contiguous run of bits in
 * power order: the trumps first (bit 0 the highest trump), then the
 * plain cards of each suit, highest first, then the cards not in the
 * deck (short cards), which are never in play.  "Is c higher than d"
 * within a class is then c < d, "the next higher card still in play" is
 * the highest set bit below c inside the class, and the trumps above
 * the other side's best trump are the bits below one bit.  Card sets in
 * this order are still sk_cards; the public calls translate at the
 * border (to_ix, to_card).
 */

/*
 * Transposition table: rank keys and bounds from similar positions.
 *
 * The table holds bounds on the value of trick starts.  The value of a
 * trick start -- the declarer side's points from the cards still in
 * play -- depends on which hand holds which of the remaining cards, the
 * leader and the two called-ace flags.  Who wins a trick depends only on
 * the order of the remaining cards inside each follow class, not on
 * which cards of the class are gone; the legal cards likewise (the
 * called card, whose rules name it, is a class of its own here).  So two
 * trick starts whose remaining cards have, class by class, the same
 * owners in power order -- the same "rank key" -- have the same game
 * tree up to renaming cards, and their values differ only through the
 * points of the renamed cards: pairing the k-th remaining card of each
 * class in one with the k-th in the other, every leaf differs by the
 * point differences of the pairs that land in the declarer side's
 * tricks.  With P a stored position, Q the current one and d_k =
 * pts(Q_k) - pts(P_k),
 *
 *     v(P) - sum of max(0, -d_k)  <=  v(Q)  <=  v(P) + sum of max(0, d_k),
 *
 * so bounds stored for P bound Q ("payoff-similar" positions, the idea
 * of Furtak and Buro, "Using Payoff-Similarity to Speed Up Search",
 * IJCAI 2011).  Positions that differ only in which of equal-point
 * cards are gone have all d_k = 0 and share bounds exactly.
 *
 * The key is the rank key: the owners of the remaining cards in card
 * order (class after class, each in power order) extracted as two bit
 * planes (seat = plane0 + 2 * plane1; 64 bits), how many cards each
 * class still has (32 bits; with the owners this fixes who holds the
 * k-th card of each class) and four flag bits (leader, called suit led,
 * ran away).  An entry is 16 bytes: the owner planes, the real cards in
 * play of the position stored (the pairing above needs them; the counts
 * follow from them) and a word holding the bounds lo <= value <= hi (7
 * bits each), the best first card as its class and place in it (6 bits,
 * 63 = none), the generation (8 bits: the solve the entry belongs to, so
 * a new deal needs no clearing; the table is cleared when it wraps) and
 * the flags.  Buckets are four entries, one cache line; the similar
 * positions of a key share its bucket.  A new position replaces an entry
 * of an old generation first, else the one with the fewest cards left
 * (the least work to redo).  The owner planes are stored mixed with the
 * other two fields, so that a search on another thread never reads half
 * of one write with half of another as a match (solver_tt.c, tt_seen).
 */
typedef struct tt_entry {
    uint64_t own;  /* owner planes of the remaining cards, extracted: plane0 | plane1 << 32 */
    uint32_t live; /* the real cards in play of the position stored */
    uint32_t data; /* lo:7 hi:7 move:6 gen:8 flags:4 */
} tt_entry;

#define TT_WAYS 4
#define TT_NOMOVE 63u
#define TT_MAXGROUPS 7 /* the key counts each in four bits */

/* The rank key of the current trick start. */
typedef struct tt_key {
    uint64_t own;
    uint32_t rem;  /* the remaining cards of each class, counted */
    uint32_t tag;  /* gen | flags << 8: the data bits a match needs */
} tt_key;

/* What the table says of a position: bounds and a first card to try. */
typedef struct tt_hit {
    int lo, hi;
    int move; /* internal card, or -1 */
} tt_hit;

/* Search objectives: the declarer side's card points; 1 when it takes
 * every trick (Tout), else 0; 1 when it takes at least one trick; 1
 * when it takes none (Bettel), else 0. */
enum { OBJ_POINTS = 0, OBJ_ALL = 1, OBJ_ANY = 2, OBJ_NONE = 3 };

/*
 * The solver context: the table, the node counters, the constants of
 * the contract being solved and the search state.  Everything the
 * search touches is here, preallocated; the search allocates nothing.
 *
 * The search state is the hands, the current trick (its cards in play
 * order, the winning card and its seat so far, its points), the leader,
 * the tricks left and the called-ace flags, plus the cards in play and
 * their points, which change only when a trick ends and so are kept
 * rather than summed over the hands at every node.  All card sets and cards
 * are in the internal order (see above).  Seats are 0..nseats-1 (three
 * or four; the fourth hand stays empty at a table of three).
 */
struct sk_solver {
    tt_entry *tt;
    size_t tt_mask; /* buckets - 1 */
    uint32_t gen;   /* 1..255 */
    uint64_t nodes;
    uint64_t limit;      /* nodes one public call may search (0: no limit) */
    uint64_t node_limit; /* stop when `nodes` passes it */
    uint64_t hard_limit; /* the call's own limit, when node_limit is a clock check */
    int64_t deadline_us; /* CLOCK_MONOTONIC microseconds to stop at (0: none) */
    int aborted;         /* the limit was hit: the call's result is void */
    int threads;         /* threads an exact value may use (solver_par.c) */
    struct skx_par *par;  /* their helpers, once started */
    atomic_int *stop_flag; /* in a parallel job: this search's test is moot */
    /* contract constants */
    uint8_t to_ix[SK_NCARDS];   /* real card -> internal */
    uint8_t to_card[SK_NCARDS]; /* internal -> real card */
    sk_cards cls[SK_NCARDS];    /* internal card -> its follow class */
    sk_cards above[SK_NCARDS];  /* internal card -> the higher cards of its class */
    sk_cards heads;             /* the highest card of each class */
    uint8_t pts[SK_NCARDS];     /* card points */
    uint8_t power[SK_NCARDS];   /* the sk_order power (move ordering) */
    sk_cards trumps;            /* bits 0 .. ntrumps-1 */
    int ntrumps;
    uint8_t bpts[4][256];       /* points of the cards of byte b of a set (ix_points) */
    uint8_t bpts_of[SK_NCARDS]; /* the card points bpts was made for */
    sk_cards ptier[6];          /* cards by points, cheapest first: 0, 2, 3, 4, 10, 11 */
    uint8_t ptval[6];
    sk_cards gmask[SK_NCARDS];  /* the rank group of an internal card (0: alone) */
    sk_cards groups[TT_MAXGROUPS]; /* the rank groups: the classes, the called
                                      card apart */
    int ngroups;
    sk_cards singles;           /* the cards in no rank group */
    sk_cards ace;               /* the called card (ace; Ten or King in a Muss), or 0 */
    sk_cards ace_follow;        /* its class (the called suit) */
    unsigned side;              /* seats (bit per seat) whose points the value counts */
    unsigned maxmask;           /* seats that maximise the value: the side, but in a
                                   Ramsch every seat but the focus */
    sk_cards sidemask[SK_NSEATS]; /* all ones for the seats of `side`, else 0 */
    uint8_t opp[SK_NSEATS][SK_NSEATS - 1]; /* per seat the seats not on its side */
    int nopp[SK_NSEATS];
    int focus;                  /* a Ramsch's valued seat (-1: the seat to move) */
    int alone;                  /* the side's one seat when it is alone and maximises, else -1 */
    int nseats;                 /* 4, or 3 at a table of three */
    int stichzwang;             /* a follower must beat the trick if he can (Bettel) */
    int tout;                   /* the contract's objective is a trick count */
    int obj;                    /* the objective searched (OBJ_*) */
    /* search state */
    sk_cards hands[SK_NSEATS];
    uint8_t trick[4];
    sk_cards table;             /* the cards of the current trick, as a set */
    sk_cards live;              /* the cards in play: the hands and the table */
    int live_pts;               /* their points (changed at trick ends only) */
    int tlen, leader, tricks_left;
    int win, win_seat, trick_pts; /* winning card and its seat, points so far */
    int called_led, ran_away;
};

/* Card points of an internal set: four table look-ups, one per byte. */
static inline int ix_points(const sk_solver *s, sk_cards set)
{
    return s->bpts[0][set & 255] + s->bpts[1][(set >> 8) & 255] +
           s->bpts[2][(set >> 16) & 255] + s->bpts[3][set >> 24];
}

/* The highest set bit index of a non-empty set. */
static inline int ix_last(sk_cards set)
{
    return 31 - __builtin_clz(set);
}

/* The seat `off` places after the leader. */
static inline int seat_at(const sk_solver *s, int off)
{
    int seat = s->leader + off;
    return seat >= s->nseats ? seat - s->nseats : seat;
}

/* Loads the contract and position of a game (solver.c); 0, SK_ESTATE or
 * SK_EINVAL (a Ramsch: no sides). */
int skx_solver_load(sk_solver *s, const sk_game *g);
/* The legal cards of the seat to move (solver_search.c). */
sk_cards skx_solver_legal_ix(const sk_solver *s, int seat);
/* Legal cards minus equivalent and, with `prune`, dominated ones
 * (solver_search.c). */
sk_cards skx_solver_moves(const sk_solver *s, int seat, sk_cards legal, int prune);
/* Fail-soft search of the current position, or of the position after
 * internal card m when m >= 0 (solver_search.c). */
int skx_solver_search(sk_solver *s, int m, int alpha, int beta);

/* The exact value of card m (or the position) in [lo, hi] on
 * s->threads threads (solver_par.c); SK_ENOMEM: search alone. */
int skx_solver_par_exact(sk_solver *s, int m, int lo, int hi);
/* Stops and frees the helper threads (solver_par.c). */
void skx_solver_par_free(sk_solver *s);
/* Past s->node_limit: whether the search must unwind (the limit, the
 * deadline, or a parallel test gone moot) or may go on (solver_par.c). */
#define SKX_SOLVER_CLOCK_EVERY 4096 /* nodes between looks at the deadline (~0.2 ms) */
int skx_solver_check_stop(sk_solver *s);

/* Finds the rank groups of a loaded contract (solver_tt.c). */
void skx_solver_tt_groups(sk_solver *s);
/* The rank key of the current trick start. */
void skx_solver_tt_key(const sk_solver *s, tt_key *k);
/* Tightens the bounds h->lo, h->hi on the current trick start by the
 * entries of similar positions under key k and sets h->move; 0 when
 * there are none. */
int skx_solver_tt_probe(const sk_solver *s, const tt_key *k, tt_hit *h);
/* Stores bounds and the best card (internal, or -1) of the current trick
 * start under key k, merging with its own entry if there is one. */
void skx_solver_tt_store(sk_solver *s, const tt_key *k, int lo, int hi, int move);
/* Starts a new generation (a new deal or objective). */
void skx_solver_tt_new_generation(sk_solver *s);

#endif
