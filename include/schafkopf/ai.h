/*
 * schafkopf/ai.h -- computer players: bots that decide from a seat's
 * view, the perfect-information solver, deal sampling and analysis.
 * Builds on core.h; knows nothing of the program or the server.
 */
#ifndef SCHAFKOPF_AI_H
#define SCHAFKOPF_AI_H

#include "schafkopf/core.h"

#include <math.h>

/* C++ programs link the C library: no name mangling. */
#ifdef __cplusplus
extern "C" {
#endif

/*
 * A bot decides for one seat from that seat's sk_view only.  Specs:
 * "random", "heuristic", "policy" (people's card play), "people" (people's
 * bidding and card play), "pimc" (default level: 24 deals) or "pimc:N" (N
 * sampled deals).  A bot owns its random generator (seeded) and caps its
 * work per decision in solver nodes, not time, so its play is
 * reproducible.  PIMC prices cards, bids, declarations and doublings by
 * solving sampled deals to the game's point thresholds (money at the
 * ruleset's tariff); with fewer than 8 deals it bids by rules of thumb.
 */
typedef struct sk_bot sk_bot;

/* The strongest level whose card decisions stay within 100 ms of CPU
 * time on the development machine (docs/ai.md, "The terminal game's
 * opponents"): the terminal's default opponents and every hint. */
#define SK_BOT_TABLE_LEVEL "pimc"

/* The hint value of a choice the bot did not price (below every other). */
#define SK_BOT_UNPRICED (-INFINITY)

/* Creates a bot from a spec; NULL with a message on a bad spec. */
sk_bot *sk_bot_new(const char *spec, uint64_t seed, sk_error *err);
/* Whether sk_bot_new accepts a spec, without making the bot (a PIMC
 * bot's solver tables are large): for checking specs read from files. */
bool sk_bot_spec_valid(const char *spec);
void sk_bot_free(sk_bot *bot);
/* The spec the bot was made from. */
const char *sk_bot_name(const sk_bot *bot);
/* The bot's decision for v->seat: one of sk_view_legal(v).  When the
 * seat is not to move and only a Kontra/Retour is on offer, it may
 * return sk_act_pass(seat) to decline. */
sk_action sk_bot_act(sk_bot *bot, const sk_view *v);
/* The same for a driver that asks Kontra and Retour apart, as an offer
 * (core's sk_turn_next, a room's sk_room_offer): never a doubling, so
 * in the play the seat to move gets its card -- also from a bot that has
 * not seen the offer its seat declined (a person's stand-in, a bot made
 * after a restart), which sk_bot_act might answer with the doubling. */
sk_action sk_bot_turn(sk_bot *bot, const sk_view *v);
/* Hint: each legal action of the view's seat with the bot's estimated
 * value, higher is better (PIMC: the expected money in units of the
 * seat itself for a card -- a Solo's defender's third of what the
 * declarer wins --, of the declarer for a bid or declaration;
 * heuristic: its rules' scores); returns the count, best first.  A bid
 * or declaration PIMC did not price, its hand being far from what the
 * contract needs, has the value SK_BOT_UNPRICED and comes last: show
 * it without a number.  In the play a legal Kontra or Retour comes with
 * a pass (declining it) and is the bot's own decision (sk_bot_act's): a
 * doubling it gives first, then the cards, the pass; one it declines
 * last, after the pass.  Those two take a neighbour's value (not on the
 * cards' scale): show them without a number too. */
int sk_bot_hint(sk_bot *bot, const sk_view *v, sk_action *acts, double *values, int max);
/* sk_bot_hint, and games[i] the game a bid's value is that of (PIMC in
 * the auction: the best contract the bid still lets the seat declare,
 * which may be of a higher class than the bid -- "ich spiel auch" with
 * a Solo in mind); type SK_C_NONE for every other action and bot. */
int sk_bot_hint_games(sk_bot *bot, const sk_view *v, sk_action *acts, double *values,
                      sk_contract *games, int max);
/* The bot specs this build knows, NULL-terminated. */
const char *const *sk_bot_names(void);
/* Tells a PIMC bot which seats of the coming game (a bit each) are
 * played by the rules of thumb (sk_opponents_rules_seats): it answers
 * those rules in its reply in the last tricks, and when every other
 * seat is one, it prices its games other than a Sauspiel by playing
 * them out against the rules instead of double dummy.  0, the default,
 * assumes people's play everywhere.  Other bots ignore it. */
void sk_bot_set_rules_seats(sk_bot *bot, unsigned seats);

/* A time budget for each of the bot's decisions from now on: a PIMC
 * bot draws no more deals once `ms` milliseconds (monotonic clock) have
 * passed since the decision began and decides on those priced (at least
 * one; a doubling on at least four).  0, the default: none, and play
 * stays reproducible.  A server sets it so that no table waits long
 * behind another's thorough bots.  Other bots ignore it. */
void sk_bot_set_time_budget(sk_bot *bot, int ms);

/*
 * Opponent models: what a table has seen of how each player plays,
 * kept across the games of a session (opponents.c).  After each game
 * every card is open, and the model counts, for each player (an id the
 * caller chooses: a bot's index, a user), the card decisions with a
 * choice and whether each was the rules of thumb's card from that
 * seat's view.  The evidence is the log-likelihood ratio of "plays by
 * the rules, slipping 5 % of the time" against "agrees with the rules
 * as often as people do"; from odds of 19 to 1 on, the player counts as
 * playing by the rules.  Counts only: no card of any game is kept.
 */
#define SK_OPPONENTS_MAX 16
/* The player of a seat whose choices are not counted (a seat whose
 * player changed during the game): never modelled. */
#define SK_OPPONENTS_NOBODY UINT64_MAX
typedef struct sk_opponents {
    int n;
    uint32_t games; /* games learnt from, the clock of `seen` */
    struct sk_opponent {
        uint64_t id;
        int decisions, agreed; /* card decisions with a choice; the rules' card */
        double evidence;       /* log-likelihood ratio, clamped to +-10 */
        uint32_t seen;         /* the last game he played (games) */
    } player[SK_OPPONENTS_MAX];
} sk_opponents;

/* Starts an empty model. */
void sk_opponents_init(sk_opponents *m);
/* Learns from a finished game: who[s] is the player of seat s
 * (SK_OPPONENTS_NOBODY: that seat counts nothing).  Returns
 * the decisions counted, -1 when the game does not replay.  A game that
 * ended with cards in hand (a Bettel lost early, a claim) counts nothing:
 * the table never saw those cards.  A new player when SK_OPPONENTS_MAX
 * are known takes the place of the one seen longest ago (a long-running
 * table of the server forgets who left first). */
int sk_opponents_observe(sk_opponents *m, const sk_game *done, const uint64_t who[SK_NSEATS]);
/* Whether player `id` counts as playing by the rules of thumb. */
bool sk_opponents_by_rules(const sk_opponents *m, uint64_t id);
/* The seats but `me` whose players play by the rules, a bit each. */
unsigned sk_opponents_rules_seats(const sk_opponents *m, const uint64_t who[SK_NSEATS], int me);

/* ------------------------------------------------------------------ */
/* Perfect-information solver                                           */
/* ------------------------------------------------------------------ */

/*
 * The double-dummy solver: all hands known (an analysis tool, or a
 * sampled deal inside a bot).  Values are the declarer side's card
 * points with best play by everyone (the declarer's side maximises, the
 * defenders minimise; the partner of a Sauspiel, Hochzeit or Kreuzbock
 * is known to the solver).  In a Tout the objective is every trick, in a
 * Bettel no trick: 120 when the declarer's side meets it, else 0.  Works
 * from any point of the play, a partly played trick included, for every
 * contract, with four seats or three, long or short cards.  A Ramsch has
 * no sides: there the "declarer side" is one seat -- the focus, by
 * default the seat to move (sk_solver_set_focus) -- and the value is
 * the card points it ends with when it plays to take as few as possible
 * and the other seats all play to give it as many as possible (the
 * paranoid view; in a Schieberamsch the pile passed to it); lower is
 * better for that seat.  Jungfrau and Durchmarsch are not searched.
 * The context owns a preallocated transposition table; the search
 * allocates nothing.  Not thread-safe: one per thread.
 */
typedef struct sk_solver sk_solver;

/* Creates a solver whose table takes about tt_mb megabytes (rounded down
 * to a power of two, at least 64 KB); NULL when out of memory. */
sk_solver *sk_solver_new(size_t tt_mb);
void sk_solver_free(sk_solver *s);
/* The declarer side's total card points (won so far + best play from
 * here) of a game in the play phase; 0, SK_ESTATE (not in the play
 * phase), SK_EINVAL (no declarer) or SK_ERANGE (node limit). */
int sk_solver_solve(sk_solver *s, const sk_game *g, int *declarer_points);
/* Whether the declarer side reaches `target` points (Tout, Bettel: its
 * objective) with best play -- one zero-window search, cheaper than an
 * exact solve (thresholds 61, 91, 31...).  0 or an error as above. */
int sk_solver_reaches(sk_solver *s, const sk_game *g, int target, bool *yes);
/* Each legal card of the seat to move with its value: the declarer
 * side's total points after playing it, best play after.  Returns the
 * count written (<= max), in card index order, or an error as above. */
int sk_solver_values(sk_solver *s, const sk_game *g, sk_action *cards, int *values, int max);
/* The threshold level of each legal card of the seat to move: how many
 * of the ascending thresholds t[0..nt-1] the declarer side's total
 * points reach after it with best play (Tout, Bettel: 1 if it meets its
 * objective) -- e.g. {31, 61, 91}: 0 Schneider lost, 1 lost, 2 won, 3
 * won Schneider.  A binary search over the thresholds (two searches per
 * card for three), far cheaper than exact values.  Returns the count
 * written (<= max), in card index order, or an error as above. */
int sk_solver_levels(sk_solver *s, const sk_game *g, const int *t, int nt, sk_action *cards,
                     int *levels, int max);
/* The threshold level of the position itself (as sk_solver_levels, for
 * the seat to move's best card): 0 or an error as above. */
int sk_solver_level(sk_solver *s, const sk_game *g, const int *t, int nt, int *level);
/* As sk_solver_level, with the level as a range [*lo, *hi]: one level
 * (0), or when the node limit stopped the search (SK_ERANGE) the levels
 * its finished zero-window tests still allow (0 and nt: nothing known). */
int sk_solver_level_range(sk_solver *s, const sk_game *g, const int *t, int nt, int *lo, int *hi);
/* The seat a Ramsch is solved for (see above) in every later call; -1
 * (the default): the seat to move.  Other contracts ignore it. */
void sk_solver_set_focus(sk_solver *s, int seat);
/* Caps the search nodes of every later call at max_nodes (0: no cap): a
 * call that would search more stops and returns SK_ERANGE, writing
 * nothing.  A budget in nodes, not time, keeps bots reproducible. */
void sk_solver_set_limit(sk_solver *s, uint64_t max_nodes);
/* Stops every later call once CLOCK_MONOTONIC passes deadline_us
 * (microseconds; 0: never), as the node limit does (SK_ERANGE): a bot's
 * time budget.  Looked at every few thousand nodes. */
void sk_solver_set_deadline(sk_solver *s, int64_t deadline_us);
/* Lets the exact values of later calls (sk_solver_solve,
 * sk_solver_values) use up to n threads, 1 <= n <= SK_SOLVER_MAX_THREADS
 * (default 1): the tests of different thresholds run at once over the
 * shared table.  The values are the same as on one thread; node counts
 * vary from run to run.  Calls under a node limit stay on one thread.
 * 0 or SK_EINVAL. */
#define SK_SOLVER_MAX_THREADS 16
int sk_solver_set_threads(sk_solver *s, int n);
/* Search nodes visited since creation or the last reset. */
uint64_t sk_solver_nodes(const sk_solver *s);
void sk_solver_reset_nodes(sk_solver *s);
/* The solver's own legal-card set for the seat to move (for tests: it
 * must equal sk_game_legal_cards). */
sk_cards sk_solver_legal(sk_solver *s, const sk_game *g);

/* Analysis: the value of each legal auction or declaration action of
 * the view's seat, priced as the PIMC bot prices them but on the given
 * deals (full deals consistent with the view: sampled ones, or the real
 * deal for double dummy) and with every contract priced on every deal:
 * the declarer's money in units of the ruleset's tariff, a pass 0, a bid
 * the best contract it still allows, whose name goes to games[i] when
 * games is not NULL (type SK_C_NONE for a pass, a declaration and a
 * bid nothing was priced for).  Returns n, or 0 when nothing could be
 * priced (not an auction or declaration decision, no bid on offer). */
int sk_price_actions(sk_solver *s, const sk_view *v, const sk_cards (*deals)[SK_NSEATS],
                     int ndeals, const sk_action *legal, int n, double *values,
                     sk_contract *games);

/* ------------------------------------------------------------------ */
/* Claiming the rest ("Der Rest gehört mir")                            */
/* ------------------------------------------------------------------ */

/*
 * A player may lay down his hand and claim every remaining trick for his
 * side (a Bettel declarer: that he takes none of them).  The claim is
 * judged from what the claimer knows, so asking tells nothing about the
 * hidden cards: it holds when his side takes every remaining trick --
 * the one on the table included -- however the unseen cards lie and
 * whatever everybody else plays, his partner included; he picks his own
 * cards.  A claim that holds holds at the table (claim.c, docs/rules.md).
 */

/* Whether the view's seat's claim holds: 0 with *holds, SK_ESTATE
 * outside the play phase, SK_ERANGE when the play that is left is too
 * rich to check now (early in the game with few cards shown). */
int sk_claim_check_view(const sk_view *v, bool *holds, sk_error *err);
/* The same for `seat` of a game, through its view (sk_game_view). */
int sk_claim_check(const sk_game *g, int seat, bool *holds, sk_error *err);
/* The rest of the play after `seat`'s claim held: the cards, in order,
 * that end the game with the claimer's side taking every trick (his own
 * cards keep the claim holding, every other seat plays its lowest legal
 * card by index); returns how many (<= max), SK_ESTATE when the claim
 * does not hold, or another error as sk_claim_check. */
int sk_claim_line(const sk_game *g, int seat, sk_action *out, int max, sk_error *err);

/* ------------------------------------------------------------------ */
/* Deal sampling                                                        */
/* ------------------------------------------------------------------ */

/*
 * Random deals of the cards a seat has not seen, consistent with all it
 * knows: the cards played, hand sizes, shown voids, and the called-ace
 * rules (the declarer never holds the called ace and held a plain card
 * of its suit, 2.5.1/2.5.3; a seat that played another card to a trick
 * of the called suit before anyone ran away does not hold it, 2.5.2;
 * after running away the runner holds it, 2.5.4; Kontra marks a
 * defender, Retour by another seat the partner, 3.3; a runaway holder
 * had four cards of the suit, 2.5.4).  Each unseen card
 * gets the set of seats that may hold it; the cards fall into a few
 * classes by that set (and by "a called-suit card the declarer may
 * need"), and a small dynamic program counts the completions per class
 * split, so every consistent deal is drawn with equal probability and
 * drawing never stalls.  The variants: three seats and short cards (the
 * deck of the view's ruleset), a Bettel Brett's shown hand, a Muss
 * (the declarer holds the Eichel-Ober; calling a Ten he held the three
 * Sauen, a King their Tens too; he may lack the called suit), the suit
 * card a Farbwenz or Farbgeier needs, a Hochzeit (the declarer gave
 * away all his trumps and holds none, the taker holds or played at least
 * as many as he got, and the two who exchanged know those cards).  Not
 * modelled: what losing bids in a contested auction say about a hand
 * (2.4.10), nor which cards a third seat's Hochzeit exchange moved (the
 * draw is uniform over the hands now, not over the deals behind them).
 * Prepare once per decision, then draw as often as needed.
 */
typedef struct sk_sampler {
    uint8_t seat;             /* the viewing seat */
    uint8_t nclasses;
    uint8_t req_seat;         /* seat that must get req_need cards of req classes, or NOSEAT */
    uint8_t req_need;
    uint8_t req2_seat;        /* a second such seat (needs one card of req2), checked by redrawing */
    sk_cards req2;
    uint8_t need[SK_NSEATS];  /* unseen cards each seat holds */
    sk_cards known[SK_NSEATS];    /* cards known in each hand (own hand, a runaway ace) */
    sk_cards cls_cards[12];   /* unseen cards of each class */
    uint8_t cls_seats[12];    /* seats (bit per seat) allowed for a class */
    uint8_t cls_req[12];      /* a class whose cards satisfy req_seat's need */
    /* completions from class k with capacities (9*9*9) and req cards got (0..4) */
    double ways[13][9 * 9 * 9 * 5];
} sk_sampler;

/* Prepares sampling for a view; SK_EINVAL when no deal is consistent
 * (which a legal game never produces). */
int sk_sample_init(sk_sampler *sp, const sk_view *v);
/* The number of consistent deals (as a double). */
double sk_sample_count(const sk_sampler *sp);
/* Draws one consistent deal uniformly: hands[seat] are the cards each
 * seat holds now (the view's own hand included). */
void sk_sample_draw(const sk_sampler *sp, sk_rng *rng, sk_cards hands[SK_NSEATS]);
/* Builds a full game from a view and a deal of the hands now (for the
 * solver): the view's public state, those hands, the partner as the
 * called ace's holder. */
void sk_sample_game(const sk_view *v, const sk_cards hands[SK_NSEATS], sk_game *g);

/* ------------------------------------------------------------------ */
/* How people play a card (policy.c)                                    */
/* ------------------------------------------------------------------ */

/*
 * A model of people's card play, learned from real games by `schafkopf
 * learn`: a score per legal card from features of the seat's view, with
 * weights per situation (the card's place in the trick, the seat's
 * role, a game with or without a partner).  The bots use it where
 * their search finds no difference; the `policy` bot plays it alone.
 */
#define SK_POLICY_FEATURES 45
#define SK_POLICY_BUCKETS 24

/* The situation of the view's card decision, 0..SK_POLICY_BUCKETS-1. */
int sk_policy_bucket(const sk_view *v);
/* The features of playing `card` (one of `legal`) from the view; `heur`
 * is the rule-of-thumb player's card (one feature says whether this is
 * it). */
void sk_policy_features(const sk_view *v, sk_cards legal, int card, int heur,
                        float f[SK_POLICY_FEATURES]);
/* Scores every legal card into scores[card] (higher: more what people
 * play) and returns the best; legal is not empty. */
int sk_policy_scores(const sk_view *v, sk_cards legal, double scores[SK_NCARDS]);
/* The card people would most likely play. */
int sk_policy_card(const sk_view *v, sk_cards legal);
/* The rule-of-thumb player's card (the `heuristic` bot's). */
int sk_heuristic_card(const sk_view *v, sk_cards legal);

/* ------------------------------------------------------------------ */
/* Laying (Klopfen) priced (klopfen.c)                                  */
/* ------------------------------------------------------------------ */

/*
 * Whether to lay is priced by a table of the money a seat makes in a
 * game (units, without the doubling of any lay) given only what it sees
 * when it may lay: its first packet of four cards, counted as Obers,
 * Unters, other trumps of the Sauspiel order (Herz) and side Sauen, its
 * place after the dealer, and how many laid before it.  `schafkopf
 * learn --klopfen` measures the table in games of the heuristic bots
 * (src/ai/klopfen_table.c).  A lay doubles everybody's money, so it adds
 * about that expected money again: the bots lay when it exceeds
 * SK_KLOPFEN_MARGIN.  The table is for four seats and the long deck
 * (four cards in the first packet); elsewhere the bots never lay.
 */
#define SK_KLOPFEN_CELLS 69
/* Units of expected money a packet must promise before the bots lay
 * (docs/ai.md, "Klopfen priced"). */
#define SK_KLOPFEN_MARGIN 1.0

/* The cell of a first packet of four cards (0..SK_KLOPFEN_CELLS-1), and
 * its counts: Obers, Unters, Herz (not Ober or Unter), side Sauen. */
int sk_klopfen_cell(sk_cards packet);
void sk_klopfen_cell_counts(int cell, int counts[4]);
/* The expected money of a seat in units, undoubled, from the table:
 * `position` 0 for forehand .. 3 for the dealer, `laid_before` the lays
 * of the seats before it (0..position). */
double sk_klopfen_value(sk_cards packet, int position, int laid_before);
/* Whether the view's seat, to speak in the laying round, lays: the
 * ruleset lets it and the table prices the lay above the margin. */
bool sk_klopfen_lays(const sk_view *v);

/* ------------------------------------------------------------------ */
/* How people bid (people.c)                                            */
/* ------------------------------------------------------------------ */

/*
 * A model of which game people declare with a hand, learned from the
 * real games by `schafkopf learn --people` (src/ai/people_table.c): for
 * each kind they played (Sauspiel, Solo, Wenz) the chance that a hand
 * is declared as that kind, a logistic function of a few counts of the
 * hand (trumps, Obers, Unters, Laufende, side Sauen, ...), fitted to the
 * declarers' hands against the hands of seats that passed; and which
 * Sau a Sauspiel calls, a softmax over the callable suits.  A hand is
 * declared as a kind when that chance reaches the kind's bar, set so
 * that the model declares the kind as often as people did in the games
 * it was fitted to; a Solo or Wenz over its bar comes before a
 * Sauspiel.  The `people` bot bids by it (docs/ai.md, "A people
 * table").
 */
#define SK_PEOPLE_FEATURES 8
#define SK_PEOPLE_CALL_FEATURES 6
/* The kinds the model knows (the contracts of the real games). */
enum { SK_PEOPLE_SAUSPIEL = 0, SK_PEOPLE_SOLO = 1, SK_PEOPLE_WENZ = 2, SK_PEOPLE_KINDS = 3 };

typedef struct sk_people_model {
    double bid[SK_PEOPLE_KINDS][SK_PEOPLE_FEATURES]; /* logistic weights per kind */
    double bar[SK_PEOPLE_KINDS];                     /* the chance from which it is declared */
    double call[SK_PEOPLE_CALL_FEATURES];            /* the called Sau's suit (softmax) */
} sk_people_model;

/* The model shipped in the library (people_table.c). */
const sk_people_model *sk_people_shipped(void);
/* The kind of a contract (SK_PEOPLE_*), -1 for the others (a Tout too). */
int sk_people_kind(sk_contract c);
/* The features of an 8-card hand for contract c (Sauspiel, Solo, Wenz;
 * a Sauspiel's called suit plays no part): returns the kind, or -1 (f
 * all 0) for a contract the model does not know. */
int sk_people_features(sk_cards hand, sk_contract c, double f[SK_PEOPLE_FEATURES]);
/* The features of calling the Sau of `suit` with a hand. */
void sk_people_call_features(sk_cards hand, int suit, double f[SK_PEOPLE_CALL_FEATURES]);
/* The chance people declare c with the hand (0 for contracts the model
 * does not know). */
double sk_people_prob(const sk_people_model *m, sk_cards hand, sk_contract c);
/* The suit whose Sau people call with the hand (2.5.3: not Herz, a
 * plain card of the suit held, its Sau not), SK_NOSUIT when none. */
int sk_people_call(const sk_people_model *m, sk_cards hand);
/* The Solo people would name with the hand: the likeliest of those in
 * one of its longest trump suits (Obers, Unters and the suit; 158 of the
 * 161 real Solos) with a plain card of the suit (2.6.4); type
 * SK_C_NONE when there is none.  Its chance need not clear the bar. */
sk_contract sk_people_solo(const sk_people_model *m, sk_cards hand);
/* The contract people declare with an 8-card hand at a table of four
 * playing `r` when nobody has bid yet: the likeliest Solo (in one of the
 * hand's longest trump suits) or Wenz over the bar, else a Sauspiel over
 * the bar with the Sau people call, else type SK_C_NONE (pass).  Never
 * a Tout (none of the 1,000 real games was one) nor a kind the model
 * does not know.  With `p` and min_rank >= 0 only contracts of auction
 * rank >= min_rank count (p: the public state whose ranks apply). */
sk_contract sk_people_choice(const sk_people_model *m, const sk_rules *r, const sk_public *p,
                             sk_cards hand, int min_rank);

/* ------------------------------------------------------------------ */
/* A player's decisions rated (rate.c)                                  */
/* ------------------------------------------------------------------ */

/*
 * How good one decision of a played game was, by two measures: by what
 * the seat knew (averaged over deals sampled from its view, as a PIMC
 * bot sees it) and with every hand open (the real deal, double dummy).
 * A card is priced by its side's card points and the seat's money after
 * it, best play to the end; a Kontra or Retour by the money with it and
 * without it; a bid, pass or declaration as the PIMC bot prices them;
 * what cannot be priced (laying, a Hochzeit's answer, any auction at a
 * table that plays for tournament points) gets the rules of thumb's
 * choice only.  `schafkopf analyze` prints these, the server sends them
 * to a player who asks about a finished game (docs/ai.md, "Rating a
 * player's decisions").
 */
typedef enum sk_rate_kind {
    SK_RATE_NONE = 0, /* nothing to rate: a forced card, a Ramsch's cards */
    SK_RATE_CARD,
    SK_RATE_DOUBLING,
    SK_RATE_AUCTION,
    SK_RATE_HINT /* not priced: the rules of thumb's choice only */
} sk_rate_kind;

/* One measure of a decision: by the seat's information, or double dummy.
 * "Money" is tournament points at a table that plays for them. */
typedef struct sk_rate_eval {
    sk_action best;       /* a card: the best by card points; a bid: the best by money */
    sk_action best_money; /* a card: the best by money */
    sk_contract game;     /* a bid's best: the game it is priced as (SK_C_NONE: none) */
    double value, lost;   /* a card: its side's card points after it; the best's minus it */
    double money;         /* the seat's money after the choice made (a doubling: with it) */
    double money_lost;    /* the best choice's money minus that (a doubling: see alt) */
    double alt;           /* a doubling: the money without it; a bid: the best's money */
} sk_rate_eval;

typedef struct sk_rating {
    sk_rate_kind kind;
    sk_action action;
    int deals;             /* the deals sampled from the seat's view */
    sk_rate_eval info, dd; /* by its information; double dummy */
    bool question;         /* '?': a mistake by what the seat knew */
    bool bang;             /* '!': money lost with every hand open */
    bool points;           /* the table plays for tournament points */
    /* what the decision adds to the seat's account of a game */
    double lost_pts, lost_money;
    int dd_lost_pts;
    int64_t dd_lost_money;
    /* SK_RATE_HINT: the rules of thumb's choice, its score and the
     * score of the choice made (scores, not money) */
    sk_action hint;
    double hint_value, hint_played;
} sk_rating;

typedef struct sk_rater sk_rater;

/* A rater drawing `samples` deals (1..10000) per decision from `seed`;
 * a card that loses `margin` card points or more by the seat's
 * information is a mistake ('?'), as is one money unit; the exact
 * searches use `jobs` threads.  NULL when out of memory. */
sk_rater *sk_rater_new(int samples, uint64_t seed, int margin, int jobs);
void sk_rater_free(sk_rater *r);
/* Rates action a of game g (g: the state before it); `key` names the
 * decision among those of the same seed (its samples follow from seed
 * and key).  0 with out->kind set (SK_RATE_NONE: nothing to rate). */
int sk_rater_rate(sk_rater *r, const sk_game *g, sk_action a, uint64_t key, sk_rating *out);
/* The hint for a bid, pass or declaration of the view's seat by the very
 * prices the rating gives the same decision (the same rater's seed and
 * samples, the same `key`: then the hint's first action is what
 * sk_rater_rate calls best, info.best): the actions best first with
 * their money in units of the tariff and the game each bid is priced
 * as; among equals a bid that names its game goes first, and a bid
 * priced as a game another bid names is left out ("ich hätt einen Wenz"
 * is never shown with a Solo's value).  The count, or 0 when the
 * decision is not priced (no auction, a points table, one choice). */
int sk_rater_hint_auction(sk_rater *r, const sk_view *v, uint64_t key, sk_action *acts,
                          double *values, sk_contract *games, int max);
/* What a result gives a seat: money in cents, or tournament points at a
 * table that plays for them (docs/rules.md, What a table plays for). */
int64_t sk_rate_score(const sk_game *g, const sk_result *res, int seat);

#ifdef __cplusplus
}
#endif

#endif
