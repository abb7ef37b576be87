/*
 * schafkopf/sheet.h -- score keeping for games played at a real table.
 *
 * A physical table plays without the engine: a score keeper (or a
 * tournament referee) enters what happened -- the contract, who played
 * it with whom, won or lost (or the card points), Schneider, Schwarz,
 * Laufende, Kontra, Klopfen -- or that the deal was thrown in, that a
 * mistake ended the game (2.4.10, 3.4.7-3.4.18) or that the cards were
 * dealt again (3.4.2-3.4.6, 3.4.13).  That is an sk_outcome.  The
 * engine checks it for plausibility and prices it under the group's
 * ruleset with the same settlement code that prices a played game
 * (sk_game_result), and books it into a session, which carries Bock
 * rounds, the Stock and the dealer as for played games.  Part of the
 * core library; see docs/rules.md ("Score keeping").
 */
#ifndef SCHAFKOPF_SHEET_H
#define SCHAFKOPF_SHEET_H

#include "schafkopf/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What happened to a deal. */
enum sk_outcome_kind {
    SK_OUTCOME_GAME = 0,      /* a declared game played out, or a Sie laid down */
    SK_OUTCOME_THROWN_IN = 1, /* all passed, or nobody took a Hochzeit: thrown in (2.4.13) */
    SK_OUTCOME_RAMSCH = 2,    /* all passed and a Ramsch was played (002) */
    SK_OUTCOME_PENALTY = 3,   /* a mistake ended the game, lost for one player (`fault`) */
    SK_OUTCOME_REDEAL = 4,    /* a misdeal (`fault`): dealt again, the deal does not count */
    SK_OUTCOME_NKINDS
};

/*
 * The mistakes of 2.4.10 and 3.4 a table makes and the software
 * refuses.  The first group ends the game as lost for the player who
 * made the mistake alone (3.4.16), priced as 3.4.17 says -- the tariff
 * of the contract with Schneider, without Laufende, Kontra or laying --
 * except the invalid bid, which 2.4.10 prices as the lost game without
 * Schneider and Schwarz.  The second group are misdeals: dealt again,
 * nothing is paid, the same dealer deals (3.4.6, 3.4.13).
 */
enum sk_fault {
    SK_FAULT_NONE = 0,
    SK_FAULT_INVALID_BID = 1,   /* 2.4.10: a bid or declaration the hand cannot keep */
    SK_FAULT_OUT_OF_TURN = 2,   /* 3.4.7, 3.4.10: a card played or led out of turn */
    SK_FAULT_REMARK = 3,        /* 3.4.8, 3.5.1: a remark that sheds light on the game */
    SK_FAULT_TRICKS_LOOKED = 4, /* 3.4.9: looked through the tricks beyond the last one */
    SK_FAULT_CARD_SHOWN = 5,    /* 3.4.11: showed a card deliberately */
    SK_FAULT_CARD_COUNT = 6,    /* 3.4.12: one player holds too many or too few cards */
    SK_FAULT_REVOKE = 7,        /* 3.4.14: a wrong card (did not follow suit) */
    SK_FAULT_REVOKE_LATE = 8,   /* 3.4.15: the same, found after the game */
    SK_FAULT_REVEALED = 9,      /* 3.4.18: after a mistake a player showed his cards
                                 * before the referee decided: he loses in its place */
    SK_FAULT_DEAL_CARD_SHOWN = 10, /* 3.4.2: a card turned over while dealing */
    SK_FAULT_DEAL_COUNT = 11,   /* 3.4.2: a player dealt too many or too few cards */
    SK_FAULT_DEAL_OUT_OF_TURN = 12, /* 3.4.5: dealt by the wrong player */
    SK_FAULT_DEAL_ERROR = 13,   /* 3.4.6: an error in shuffling, cutting or dealing */
    SK_FAULT_TWO_COUNTS = 14,   /* 3.4.13: two players with too many or too few cards */
    SK_NFAULTS
};

/* The code of a fault ("revoke", "deal_out_of_turn"), "" for none or a
 * bad value; the rule numbers it stands for ("3.4.14"); whether it is a
 * misdeal (an SK_OUTCOME_REDEAL) rather than a penalty. */
const char *sk_fault_code(int fault);
const char *sk_fault_rule(int fault);
bool sk_fault_is_misdeal(int fault);
/* The fault of a code, or SK_EINVAL. */
int sk_fault_parse(const char *code);
/* The code of an outcome kind ("game", "thrown_in", "ramsch", "penalty",
 * "redeal"), "" for a bad value; and back (SK_EINVAL if unknown). */
const char *sk_outcome_kind_code(int kind);
int sk_outcome_kind_parse(const char *code);

/* The declarer side's card points are not entered: won and Schneider are. */
#define SK_OUTCOME_NO_POINTS (-1)

/*
 * What a score keeper enters for one deal.  Seats are the game's seats
 * (0..3; with five players the four after the dealer, see sk_session).
 * Fields a kind does not use are ignored; sk_outcome_init sets all of
 * them to "not given".
 *
 * A declared game (GAME): contract, declarer and partner (a Sauspiel's
 * called ace holder, a Hochzeit's taker, the seat across in a Kreuzbock
 * game; SK_NOSEAT for a Solo-type game).  The result either as the
 * declarer side's card points (won and Schneider follow, 4.1.2, 4.1.3)
 * or, with points = SK_OUTCOME_NO_POINTS, as won and schneider.  schwarz
 * is always entered (card points do not show it: a trick can be worth
 * nothing).  A Tout, a Bettel and a Sie are decided by tricks, so `won`
 * is read for them in either form (2.8.1); a won Tout or Bettel is a
 * Schwarz by itself, a Sie always won.  laufende: the run of top trumps
 * one side held ("mit" or "ohne", 4.2.2), 0 for none; for a Sie 0 means
 * the hand's own run.
 */
typedef struct sk_outcome {
    uint8_t kind;          /* enum sk_outcome_kind */
    uint8_t fault;         /* enum sk_fault: PENALTY and REDEAL */
    sk_contract contract;  /* GAME and PENALTY: as declared (a Ramsch's for a PENALTY in one) */
    uint8_t declarer;
    uint8_t partner;       /* SK_NOSEAT when he plays alone */
    int16_t points;        /* the declarer side's card points, or SK_OUTCOME_NO_POINTS */
    uint8_t won;           /* the declarer's side won */
    uint8_t schneider;     /* 4.1.3, read without points */
    uint8_t schwarz;       /* 4.1.4: one side took every trick */
    uint8_t laufende;      /* 4.2.2 */
    uint8_t doublings;     /* Kontra, Retour, ... (3.3) */
    uint8_t laid;          /* how many laid (Klopfen, 002) */
    uint8_t muss;          /* a Muss game: all passed, the Eichel-Ober played (002) */
    uint8_t kreuzbock;     /* a Kreuzbock game: the pairs across (002, 003) */
    /* RAMSCH (002) */
    uint8_t losers;        /* the seats that lost, a bit each */
    uint8_t winners;       /* Schieberamsch: the seats with the fewest points */
    uint8_t jungfrau;      /* how many seats took no trick (with ramsch_jungfrau) */
    uint8_t durchmarsch;   /* the seat that took every trick, or SK_NOSEAT */
    /* PENALTY */
    uint8_t offender;      /* who made the mistake (3.4.16); the bidder for 2.4.10 */
    uint8_t revealer;      /* 3.4.18: who showed his cards before the referee decided */
    /* the deal's place in a session, set by sk_session_book_outcome */
    uint8_t first_game;    /* 2.9.1, 5.2.15 */
    uint8_t bock;          /* Bock level: money x 2^bock (002) */
} sk_outcome;

/* An outcome with nothing given: kind GAME, no contract, every seat
 * SK_NOSEAT, no points. */
void sk_outcome_init(sk_outcome *o);

/* Checks an outcome against the ruleset: SK_EINVAL with a message that
 * names the field and why it cannot be (err->rule: the rule number) --
 * a contract the ruleset does not play, a partner in a Solo or none in
 * a Sauspiel, Schwarz without Schneider or with card points a side
 * without a trick cannot have, a won Tout short of every trick,
 * Laufende in a Bettel or more than the contract has trumps, Kontra
 * where the ruleset allows none, a Ramsch's losers that cannot be, a
 * penalty whose fault is a misdeal or whose offender is not a seat. */
int sk_outcome_check(const sk_rules *r, const sk_outcome *o, sk_error *err);

/* Prices a checked outcome into res as sk_game_result would price the
 * game (money in cents and tournament points per seat, summing to zero;
 * the breakdown for sk_result_explain).  A misdeal pays nothing.
 * res->penalty is the fault of a PENALTY.  Per-seat card points, tricks
 * and trick winners stay empty; declarer_side_points is the points
 * entered (SK_OUTCOME_NO_POINTS if none). */
int sk_outcome_price(const sk_rules *r, const sk_outcome *o, sk_result *res, sk_error *err);

/* Books an outcome as the session's next deal: takes the deal's first
 * game mark, Bock level and Kreuzbock round from the session
 * (sk_session_next), checks and prices it, then books it
 * (sk_session_book) -- the Stock, new Bock rounds, the dealer.  A
 * misdeal books nothing: the same deal is dealt again by the same
 * dealer (3.4.6, 3.4.13).  On error the session is unchanged. */
int sk_session_book_outcome(sk_session *s, const sk_outcome *o, sk_result *res, sk_error *err);

/* The outcome a score keeper would enter for a finished game `g` with
 * its result: what was declared and by whom, the card points, Schwarz,
 * the Laufende, the doublings and lays. */
void sk_outcome_from_game(const sk_game *g, const sk_result *res, sk_outcome *o);

#ifdef __cplusplus
}
#endif

#endif
