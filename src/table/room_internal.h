/*
 * room_internal.h -- the room's own structure, shared by its files
 * (room.c: seats, deals, decisions, the events; room_clock.c: the turn
 * timer and the pause vote; room_claim.c: claims; room_replay.c: the
 * journal's reader; room_json.c: the messages, the state and the
 * journal entries) and by the tests.  Nothing outside src/table and
 * the tests includes it.
 */
#ifndef SK_ROOM_INTERNAL_H
#define SK_ROOM_INTERNAL_H

#include "schafkopf/table.h"

#include <jansson.h>

/* What made an event; its messages are made for every recipient at
 * once, when it happens, so a message is the same whenever asked. */
enum skx_room_event_kind {
    SKX_EV_SIT = 1,
    SKX_EV_LEAVE = 2,
    SKX_EV_DEAL = 3,
    SKX_EV_ACTION = 4,  /* an action applied to the game */
    SKX_EV_DECLINE = 5, /* a doubling offered out of turn, declined (3.3) */
    SKX_EV_RESULT = 6,  /* a finished game booked on the score sheet */
    SKX_EV_TIMER = 7,   /* the turn timer set (room configuration) */
    SKX_EV_PAUSE = 8,   /* a pause vote (and the table paused or resumed) */
    SKX_EV_CLAIM = 9,   /* "the rest is mine": the claimer's cards shown, the rest played out */
    SKX_EV_SETTINGS = 10, /* the settlement wait and play-on set (room configuration) */
    SKX_EV_ANSWER = 11, /* a laying offer answered before the seat's place (room_offer.c) */
    SKX_EV_HOLD = 12    /* the hold set (room configuration, room_offer.c) */
};

/* Offers, not questions (room_offer.c): in a room whose driver turns
 * them on, a person (a seated human who is not away) is never asked
 * for Kontra, Retour or Klopfen in a turn; he may give them while the
 * rules allow, and the table holds the action that would close such a
 * window for him for a few seconds (the hold).  Everything here but
 * the driver's view of the clock and of who is connected (the step's)
 * follows from the events, so a restored room has it again; the hold
 * itself starts afresh after a restore. */
typedef struct skx_room_offers {
    bool on;                       /* the driver's: offers instead of questions */
    int seconds;                   /* the hold, 0 (none) .. SK_ROOM_HOLD_MAX */
    /* from the events (rebuilt by a replay) */
    uint64_t declined_key;         /* the doubling window the declines belong to */
    uint8_t declined;              /* room seats that declined in it */
    int8_t early[SK_ROOM_SEATS];   /* laying round: an answer kept for the seat's place
                                    * (SK_ACT_KLOPFEN, SK_ACT_PASS) or -1 */
    int8_t type[SK_ROOM_SEATS];    /* each seat's offer after the last event, or -1 */
    uint64_t since[SK_ROOM_SEATS]; /* the event at which it began */
    /* the driver's step (never journaled) */
    uint64_t key;                  /* the window the step saw open (0: none) */
    int64_t opened_ms;             /* when it saw it open */
    uint8_t present;               /* the seats connected, as last told */
    int64_t now_ms;                /* the step's time, as last told */
    uint8_t wait;                  /* room seats the hold waits for */
    int64_t until;                 /* the hold's end, 0: not holding */
    /* an action held until the hold ends (not journaled: its sender is
     * asked again after a restore) */
    bool has_held;
    bool held_stand_in;
    int held_seat;                 /* a room seat */
    sk_action held;                /* in game seats */
} skx_room_offers;

/* Recipients of messages: the seats, then the spectator. */
#define SKX_ROOM_VIEWERS (SK_ROOM_SEATS + 1)
#define SKX_ROOM_SPECTATOR SK_ROOM_SEATS /* the spectator's index among them */

/* One kept event: its journal entry and its message for each recipient
 * (NULL for a seat the ruleset does not play). */
typedef struct skx_room_event {
    uint64_t seq;
    uint32_t game_no; /* the last game dealt when it happened (0: none yet) */
    uint8_t kind;
    bool claimed;     /* an action of a claim's play-out (journaled as "played") */
    char *journal;
    char *msg[SKX_ROOM_VIEWERS];
} skx_room_event;

/* A row of the score sheet: one finished game and the totals after it. */
typedef struct skx_room_row {
    uint32_t game_no;
    uint8_t dealer;                /* a room seat */
    uint8_t seat[SK_NSEATS];       /* the room seat of each game seat */
    sk_result res;                 /* in the game's seats */
    int64_t stock_flow[SK_NSEATS]; /* in the game's seats */
    int64_t money[SK_ROOM_SEATS];  /* running totals after the game, cents, per room seat */
    int64_t tournament[SK_ROOM_SEATS];
    int64_t stock;                 /* the pot after the game */
    json_t *json;                  /* its settlement as messages show it (made once) */
} skx_room_row;

/* A deal as the room keeps it: its number, seed and published hash,
 * and where the game's seats sit at the table (five players: the four
 * after the dealer, who sits out). */
typedef struct skx_room_deal {
    uint32_t no;
    uint8_t seed[SK_ROOM_SEED_BYTES];
    char hash[SK_ROOM_HASH_HEX];
    uint8_t seat[SK_NSEATS];       /* the room seat of each game seat */
    uint8_t dealer;                /* the room seat that dealt */
    uint8_t out;                   /* the room seat sitting out, or SK_NOSEAT */
} skx_room_deal;

struct sk_room {
    uint64_t id;
    sk_rules rules;
    char fallback[32];
    int nseats;                    /* room seats: 4; 3 with players = 3; 5 with players = 5 */
    int gseats;                    /* the game's seats: 4, or 3 */
    sk_room_seat seats[SK_ROOM_SEATS];
    sk_session session;
    bool playing;                  /* a game runs */
    sk_game game;                  /* the game in progress (valid while playing) */
    sk_turn turn;                  /* who is asked next (core's turn.c) */
    skx_room_deal deal;            /* the running or last deal */
    uint32_t games_dealt;
    uint64_t seq;
    /* the finished game before the running one (or the last one) */
    bool have_last;
    sk_game last;
    skx_room_deal last_deal;
    skx_room_row last_row;
    json_t *last_course;           /* its course as messages show it (made once) */
    json_t *rules_json;            /* the ruleset as messages show it (made once) */
    /* kept events: those of the running and the last finished game */
    skx_room_event *ev;
    size_t nev, ev_cap;
    /* the score sheet, one row per finished game */
    skx_room_row *rows;
    size_t nrows, rows_cap;
    /* the finished games' record lines */
    char *records;
    size_t records_len;
    /* the turn timer: seconds per decision (0: off); the deadline the
     * driver's clock started for decision number `deadline_of`
     * (sk_room_clock), never journaled: a restored room starts afresh */
    int timer;
    uint64_t decisions;            /* decisions asked so far (deals, actions, declines) */
    uint64_t deadline_of;
    int64_t deadline_ms;
    /* the pause vote: seats that want a pause, whether the table is paused */
    uint8_t votes;
    bool paused;
    /* the driver's settings (sk_room_set_settings): seconds the next
     * deal waits for the settlement to be seen, and whether the table
     * plays on with bots while no person is connected */
    int settle;
    bool play_on;
    /* the table's opponent model (sk_opponents): what the finished games
     * showed of how each player plays; who played each game seat of the
     * running game (SK_OPPONENTS_NOBODY once the seat changed hands), and
     * whether it was claimed (its play-out is nobody's choice) */
    sk_opponents model;
    uint64_t who[SK_NSEATS];
    bool claimed;
    skx_room_offers offers;        /* room_offer.c */
};

/* Deals given hands (instead of the seed's) with `seed` published as
 * usual: for tests that must deal chosen cards (the swap test of
 * tests/test_room.c).  The journal entry names only the seed, so a room
 * dealt this way is not rebuilt from its journal. */
int skx_room_deal_hands(sk_room *r, const uint8_t seed[SK_ROOM_SEED_BYTES],
                        const uint8_t hands[4][8], sk_error *err);

/* What an event changed, as room.c saw it happen: the kind, the seat
 * and action, and what the game looked like before an action (to tell
 * each recipient what is new to it). */
typedef struct skx_room_change {
    int kind;                      /* enum skx_room_event_kind */
    int seat;
    sk_action a;                   /* SKX_EV_ACTION, SKX_EV_DECLINE (the offer) */
    sk_cards seen_before[SK_NSEATS]; /* each game seat's seen hand before the action */
    uint8_t partner_before;        /* pub.partner before the action */
    uint8_t open_before;           /* pub.open_seat before the action */
    /* what is pending after it (skx_room_pending), asked once */
    int pending, offer, nlegal;
    sk_action legal[SK_MAX_LEGAL];
    /* SKX_EV_PAUSE: the vote, and the seats whose players were there */
    bool pause;
    uint8_t present;
    /* SKX_EV_CLAIM: the claimer's cards and the play-out, in order; an
     * action of the play-out has `claimed` set */
    sk_cards claim_hand;
    int nclaim;
    uint8_t claim_cards[SK_NCARDS];
    bool claimed;
    /* SKX_EV_ACTION, SKX_EV_DECLINE: made by the fallback bot in place
     * of a person (sk_room_stand_in) */
    bool stand_in;
} skx_room_change;

/* The game seat of room seat `seat` in the running (or last) deal, or
 * SK_NOSEAT for the seat sitting out and for a spectator (any value
 * beyond the room's seats). */
int skx_room_game_seat(const sk_room *r, int seat);
/* The same in deal d (the last finished game's, for its course). */
int skx_room_game_seat_in(const sk_room *r, const skx_room_deal *d, int seat);
/* The room seat of game seat `gseat` in deal d, or SK_NOSEAT. */
int skx_room_seat(const skx_room_deal *d, int gseat);

/* room.c: sets the error (prefixed "room: ") and returns code; checks
 * a seat number (0 or SK_ERANGE naming it). */
int skx_room_fail(sk_error *err, int code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int skx_room_check_seat(const sk_room *r, int seat, sk_error *err);
/* room.c: the kept event `seq`, or NULL. */
const skx_room_event *skx_room_event_at(const sk_room *r, uint64_t seq);
/* room.c: makes the event of a change (its journal entry, its
 * messages); and applies an action of game seat gseat as its event,
 * booking the game when it ends. */
int skx_room_emit(sk_room *r, skx_room_change *c, sk_error *err);
/* room.c: a decision of `seat` (made by the fallback bot when
 * stand_in), checked against what is pending; sk_room_decide's. */
int skx_room_decide(sk_room *r, int seat, sk_action a, uint64_t seen, bool stand_in,
                    sk_error *err);
/* room_offer.c: the hooks of room.c and room_json.c when offers are on.
 * The pending decision (skx_room_pending's) without persons' offers;
 * a decision that answers an offer (1: none, go on the usual way);
 * whether a checked decision is held (kept, no event) while the hold
 * runs; what changed after an event (each seat's offer); the offer and
 * hold fields of a recipient's state. */
int skx_room_offers_pending(const sk_room *r, sk_action *legal, int *n, int *offer);
int skx_room_offers_decide(sk_room *r, int seat, sk_action a, uint64_t seen, bool stand_in,
                           sk_error *err);
bool skx_room_offers_hold(sk_room *r, int seat, int gseat, sk_action a, bool stand_in);
void skx_room_offers_note(sk_room *r);
bool skx_room_offers_state(const sk_room *r, json_t *o, int viewer);
int skx_room_apply(sk_room *r, skx_room_change *c, int gseat, sk_error *err);
/* room_claim.c: replays a journal entry "claim". */
int skx_room_replay_claim(sk_room *r, const json_t *o, int seat, sk_error *err);

/* room_json.c: the message of the event just made (number r->seq) for
 * recipient `viewer` (a seat, or SKX_ROOM_SPECTATOR);
 * malloc'd, NULL when out of memory. */
char *skx_room_event_json(const sk_room *r, const skx_room_change *c, int viewer);
/* The settlement of a finished game's row, and the course of the last
 * finished game, as messages show them; NULL when out of memory. */
json_t *skx_room_settlement(const sk_room *r, const skx_room_row *row, const skx_room_deal *d);
json_t *skx_room_course(const sk_room *r);
/* The journal entry of the event just made, malloc'd. */
char *skx_room_journal_json(const sk_room *r, const skx_room_change *c);
/* room.c: the decision pending now, as sk_room_pending (the room seat
 * returned, the actions in legal with their GAME seats), and in *offer
 * the doubling offered out of turn (SK_ACT_KONTRA, SK_ACT_RETOUR) or -1;
 * legal may be NULL. */
int skx_room_pending(const sk_room *r, sk_action *legal, int *n, int *offer);
/* room_seats.c: the opponent model's players of the running deal's
 * game seats now (a seat the ruleset does not play: nobody). */
void skx_room_players_now(const sk_room *r, uint64_t who[SK_NSEATS]);
/* Whether a bot spec names an engine ("ext:NAME"; table.h). */
bool skx_room_engine_spec(const char *spec);
/* Hex of n bytes into out (2n + 1 bytes). */
void skx_room_hex(const uint8_t *bytes, size_t n, char *out);

#endif
