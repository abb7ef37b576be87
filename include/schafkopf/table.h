/*
 * schafkopf/table.h -- a table where people and bots play a session
 * together, as the server (src/server/) runs it: a "room".
 *
 * A room holds a ruleset, the seats it plays (four; three with
 * players = 3; five with players = 5, where each game's dealer sits
 * out and the four after him play -- 002),
 * the session's score sheet and the game in progress.  It knows no
 * sockets, files or threads: a driver tells it who sits where and what
 * a seat decided, and reads back
 *
 *  - what must be decided next and by whom (sk_room_pending), which the
 *    driver asks of a human connection or of a bot on a worker thread;
 *  - messages for each recipient (sk_room_message): JSON texts, one per
 *    event, made for that seat (or a spectator) through core's
 *    visibility -- nothing in them reveals a card the recipient may not
 *    see, or anything from which the deal follows;
 *  - the journal (sk_room_journal) that restores the room exactly, for
 *    the store.
 *
 * Every event has a sequence number, from 1, counted per room; a client
 * that reconnects asks for the state and then the events after the last
 * number it saw.  A decision carries the number of the last event its
 * sender saw; a decision on a stale number is refused, so a retried
 * message never plays twice.
 *
 * Deals come from the operating system's random source.  Before the
 * first card of a deal everyone is told a hash of its seed (BLAKE2b,
 * libsodium); after the game the seed itself, so players can check that
 * the seed gives the deal they played (sk_room_deal_from_seed).
 *
 * Names: sk_room_ public, skx_room_ internal.  docs/room-messages.md
 * describes every message, field by field, and the secrecy rules they
 * follow.
 */
#ifndef SCHAFKOPF_TABLE_H
#define SCHAFKOPF_TABLE_H

#include "schafkopf/ai.h"
#include "schafkopf/core.h"
#include "schafkopf/sheet.h"
#include "schafkopf/tournament.h"

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SK_ROOM_NAME_MAX 32    /* bytes of a player's name, NUL included */
#define SK_ROOM_SEATS 5        /* seats of a room at most (five players) */
#define SK_ROOM_SPECTATOR 255  /* the "seat" of a spectator */
#define SK_ROOM_SEED_BYTES 32  /* a deal's secret seed */
#define SK_ROOM_HASH_HEX 65    /* its published BLAKE2b-256 hash as hex, NUL included */

/* Who sits in a seat. */
enum sk_room_seat_kind {
    SK_ROOM_EMPTY = 0,
    SK_ROOM_HUMAN = 1,
    SK_ROOM_BOT = 2
};

typedef struct sk_room_seat {
    uint8_t kind;                 /* enum sk_room_seat_kind */
    uint8_t away;                 /* its player left during a game: the driver runs
                                   * the room's fallback bot (sk_room_fallback) for
                                   * the seat until someone sits down there */
    char name[SK_ROOM_NAME_MAX];  /* shown to everyone */
    char bot[32];                 /* a bot's spec ("pimc", "heuristic"), else "" */
    uint64_t player;              /* the driver's id of a human, 0 for none */
} sk_room_seat;

typedef struct sk_room sk_room;

/* A new room under `rules` (any preset and options), with all seats
 * empty; `id` is the driver's number for it; `fallback` the bot spec
 * that plays for a human who left during a game.  NULL with a message
 * when the ruleset does not validate or the fallback is no bot.
 *
 * Every seat number of this header and of the room's messages is a
 * ROOM seat, 0 .. sk_room_seats - 1.  With five players the game's
 * seats are the four after the dealer (core's sk_session); the room
 * translates, so neither the driver nor a client ever sees a game
 * seat.  The seat sitting out sees the game as a spectator does. */
sk_room *sk_room_new(uint64_t id, const sk_rules *rules, const char *fallback, sk_error *err);
void sk_room_free(sk_room *r);

uint64_t sk_room_id(const sk_room *r);
const sk_rules *sk_room_rules(const sk_room *r);
/* The fallback bot's spec (sk_room_new's, "heuristic" when NULL). */
const char *sk_room_fallback(const sk_room *r);
/* The room's seats: 3, 4 or 5. */
int sk_room_seats(const sk_room *r);
/* The seat sitting out the game running (five players), or -1. */
int sk_room_out(const sk_room *r);
/* A seat (0 .. seats-1), NULL for a seat the ruleset does not play. */
const sk_room_seat *sk_room_seat_at(const sk_room *r, int seat);
/* The number of the last event (0 before any). */
uint64_t sk_room_seq(const sk_room *r);
/* The game in progress, or NULL between games: read only. */
const sk_game *sk_room_game(const sk_room *r);
const sk_session *sk_room_session(const sk_room *r);
/* The number of the game running or last dealt, from 1 (0: none yet). */
uint32_t sk_room_game_no(const sk_room *r);
/* The last finished game (the one before the game running, or the last
 * one) and its number in *no; NULL before a game has ended. */
const sk_game *sk_room_last_game(const sk_room *r, uint32_t *no);

/* Seats a human (player id, not 0; name: 1..31 bytes of printable
 * UTF-8) or a bot (a spec sk_bot_new accepts) in an empty or away seat,
 * or empties one; each is an event.  A player sits in one seat at a
 * time.  A game starts when every seat is taken and the driver deals
 * (sk_room_deal).  Whoever leaves during a game leaves the seat away
 * (sk_room_seat.away; kind, name and player stay): the fallback bot
 * plays it, in this game and the next ones, until someone sits down
 * there; leaving an away seat between games empties it.  0 or an error
 * that says why (SK_ERANGE: no such seat; SK_ESTATE: seat taken or
 * empty, player seated elsewhere; SK_EINVAL: bad bot spec or name). */
int sk_room_sit_human(sk_room *r, int seat, uint64_t player, const char *name, sk_error *err);
int sk_room_sit_bot(sk_room *r, int seat, const char *spec, sk_error *err);
/* "Der Rest gehört mir": `seat` claims every remaining trick for its
 * side.  Whether the claim holds against every possible play is the
 * driver's question (the ai layer's sk_claim_check, with the whole
 * deal, off the driver's loop); the driver then gives the line to play
 * out: all n cards left, in the order played (at a turn of the
 * claimer's side a card after which the claim still holds, at the
 * others any legal card: every such line ends the same).  The room
 * checks the line on a copy -- every card legal in turn, every trick
 * from the current one won by the claimer's side (by the others when
 * he declared a Bettel) -- and makes a "claim"
 * event (the claimer's cards, shown to everyone), an "action" event per
 * card and the result.  0, or SK_ESTATE (not the play, a doubling on
 * offer, stale `seen`, the seat sits out, the line loses a trick),
 * SK_EINVAL (not a line of the cards left), SK_ERANGE. */
int sk_room_claim(sk_room *r, int seat, const uint8_t *cards, int n, uint64_t seen,
                  sk_error *err);

/* A bot spec "ext:NAME" (NAME: 1..27 of A-Z a-z 0-9 _ - .) is an engine
 * the driver runs (docs/engine-protocol.md); the room keeps the spec and
 * asks the driver for the seat's decisions as for any bot. */
int sk_room_leave(sk_room *r, int seat, sk_error *err);

/* The next decision: the seat to ask and the choices it has (at most
 * SK_MAX_LEGAL; legal and n may be NULL); a doubling out of turn comes
 * with its decline, a pass (core's sk_turn_next); otherwise the seat to
 * move gets its legal actions but the doublings (it was asked for them
 * already, or may not give them).  Returns the seat, or -1 when nobody
 * must decide (no game running). */
int sk_room_pending(const sk_room *r, sk_action *legal, int *n);
/* The doubling (SK_ACT_KONTRA or SK_ACT_RETOUR) offered out of turn to
 * the pending seat, or -1: a bot that answers such an offer with
 * anything else declines it (the driver decides sk_act_pass). */
int sk_room_offer(const sk_room *r);
/* A bot's decision `a` for the pending seat (one of its view's legal
 * actions, sk_bot_act) as an answer to what the room asks now: offered
 * a doubling, anything but that doubling declines it (a bot to move
 * that declines answers with its card), so it is the pass; otherwise a
 * choice not on offer becomes the first one that is.  The seat is the
 * pending one's. */
sk_action sk_room_answer(const sk_room *r, sk_action a);
/* Whether a bot deciding for the pending seat's person (his turn timer
 * ran out, he is gone longer than the driver waits, or he left during
 * the game) passes without asking its bot, so that it never commits him
 * to a game or a stake he did not choose: a pass is on offer in the
 * auction, the laying round (Klopfen) or the answer to a Hochzeit, or a
 * Kontra or Retour is offered (the pass declines it).  His declaration
 * after his own bid and his cards are the bot's.  False when nobody
 * must decide. */
bool sk_room_stand_in_passes(const sk_room *r);

/* A decision of `seat`: one of the choices of sk_room_pending.  `seen`
 * is the last event number the sender saw; a stale one is refused
 * (SK_ESTATE "stale"), as is anything not on offer: with the engine's
 * code and rule when the engine forbids it (SK_EILLEGAL, or SK_ESTATE
 * out of turn), else SK_ESTATE (a legal doubling not offered now, a
 * seat not asked now).  A decision becomes an event -- a declined
 * doubling too, an event of kind "decline"; a finished game is booked
 * on the score sheet (one more event, "result") and the driver deals
 * the next one. */
int sk_room_decide(sk_room *r, int seat, sk_action a, uint64_t seen, sk_error *err);
/* The same decision made by the room's fallback bot in place of a
 * person (his turn timer ran out, or he is not connected) or of an
 * engine ("ext:NAME") that failed: its event says so ("stand_in": true;
 * to the seat alone for a declined doubling, whose seat only it
 * learns), and the seat's decisions of this game teach the room's
 * opponent model nothing, as they are not all its player's.  SK_ESTATE
 * for a seat where neither sits (a built-in bot, or a person who left:
 * the fallback bot plays that seat as itself). */
int sk_room_stand_in(sk_room *r, int seat, sk_action a, uint64_t seen, sk_error *err);
/* Deals the next game from `seed` (SK_ROOM_SEED_BYTES from the OS
 * random source, the driver's) when every seat is taken (away seats
 * count) and no game runs; 0, or SK_ESTATE when it cannot start now.
 * The session's first dealer is seat 0.  A seat sitting out (five
 * players) is never asked. */
int sk_room_deal(sk_room *r, const uint8_t seed[SK_ROOM_SEED_BYTES], sk_error *err);
/* The deal a seed gives under the room's ruleset for a dealer, as
 * sk_room_deal makes it: for players who check the published seed.
 * `dealer` is the game's dealer seat: the room's dealer with three or
 * four players, 3 with five (the hands go to the four players after
 * the dealer who sits out, in order, the last of them "dealing").  A
 * pure function: the generator's state is BLAKE2b-256 keyed with the
 * seed over the text "schafkopf room deal 1" (not the published hash,
 * the unkeyed BLAKE2b-256 of the seed), then sk_deck_shuffle_rules and
 * sk_deck_deal; docs/room-messages.md. */
void sk_room_deal_from_seed(const sk_rules *rules, int dealer,
                            const uint8_t seed[SK_ROOM_SEED_BYTES], uint8_t hands[4][8]);

/* The view for a bot's decision at `seat` (core's sk_game_view): 0, or
 * SK_ESTATE without a game or for the seat sitting out, SK_ERANGE for
 * no such seat.  The view is in the game's seats (a bot reasons about
 * the game): the action a bot returns is given to sk_room_decide as the
 * room seat's decision. */
int sk_room_view(const sk_room *r, int seat, sk_view *v);
/* For a bot's decision or a hint at `seat`: the game seats but its own
 * whose players the room's opponent model reads as playing by the rules
 * of thumb (sk_opponents; sk_bot_set_rules_seats takes it).  The model
 * learns from every finished game whose cards were all played but a
 * claimed one, per player: a human by his player id, a bot by its seat
 * and spec, the fallback bot of an away seat likewise; a seat that
 * changed hands during a game counts nothing of it.  Decisions the
 * driver has the fallback make for a human (a turn timer run out) count
 * as his.  0 without a game or for the seat sitting out. */
unsigned sk_room_rules_seats(const sk_room *r, int seat);

/* The JSON text of event `seq` as `seat` (SK_ROOM_SPECTATOR: a
 * spectator) may see it, malloc'd, or NULL when no such event is kept
 * (events of finished games are dropped but for the last game's, and
 * those before a game's deal with it) or no such recipient.  The text
 * is made when the event happens: the same whenever asked. */
char *sk_room_message(const sk_room *r, uint64_t seq, int seat);
/* The whole state as `seat` may see it, for a connection that (re)joins:
 * the ruleset, the seats, the score sheet, the game so far, the last
 * finished game, what is pending; malloc'd (NULL: no such recipient,
 * or out of memory). */
char *sk_room_state(const sk_room *r, int seat);

/*
 * The journal: every event has one entry, a JSON text of what made it
 * (a seat taken, a deal with its secret seed, a decision), for the store
 * only -- it holds the seeds, so it never goes to a client.  A room is
 * restored by feeding a fresh room (sk_room_new with the same id and
 * ruleset) its entries in order with sk_room_replay; it then stands at
 * the same event number in the same state, with the same messages.  A
 * driver appends each entry to its store before it sends the event's
 * messages.  One decision may make two events (the last card, then the
 * result): replaying the first makes both, the second entry ("result")
 * is then checked and skipped.  sk_room_replay refuses bad input (not
 * JSON, a wrong field, an entry out of order) with a message naming the
 * entry and the field, and refuses what the room refuses.
 */
char *sk_room_journal(const sk_room *r, uint64_t seq);
int sk_room_replay(sk_room *r, const char *entry, sk_error *err);

/*
 * The turn timer (room configuration): seconds per decision, 0 (off)
 * .. SK_ROOM_TIMER_MAX.  Setting it is an event ("timer") and a journal
 * entry, so a restored room has it again.  The room knows no clock: the
 * driver passes the time now (milliseconds since the epoch) to
 * sk_room_clock, which starts the pending decision's deadline (now plus
 * the timer) the first time it is asked for that decision and returns
 * it.  A deadline runs only for a seated human who is not away, never
 * while paused, and is no part of the journal: a restored room gives
 * the decision pending a fresh full period.  What happens when it runs
 * out is the driver's: the room's fallback bot decides for the seat.
 */
#define SK_ROOM_TIMER_MAX 600
int sk_room_set_timer(sk_room *r, int seconds, sk_error *err);
int sk_room_timer(const sk_room *r);
/* The deadline of the pending decision (starting it at now_ms if none
 * runs for it yet), or 0 when none runs. */
int64_t sk_room_clock(sk_room *r, int64_t now_ms);
/* The deadline running now as the last sk_room_clock started it, or 0. */
int64_t sk_room_deadline(const sk_room *r);

/*
 * Offers, not questions (src/table/room_offer.c, docs/room-messages.md
 * "Offers").  A driver that turns them on (the server) never asks a
 * person -- a seated human who is not away -- for Kontra, Retour or
 * Klopfen in a turn: sk_room_pending no longer names him for them, and
 * in the laying round (002) not at all.  Instead the seat has an offer
 * (sk_room_seat_offer) and answers it with sk_room_decide whenever it
 * likes: the doubling or "klopfen" to accept, "pass" to decline (a
 * person holding an offer is never asked a turn with a "pass" at the
 * same time, so the pass is unambiguous), with `seen` the offer's event
 * or later.  The room applies the laying round in seat order: an answer
 * given before the seat's place is kept (an "answer" event, to that
 * seat alone) and applied at its place, a "klopfen" no longer allowed
 * there becoming a pass; bots are asked in turn as before.
 *
 * The hold: while a window is open (Kontra from the end of the auction,
 * Retour from the Kontra, Klopfen from the deal) the room waits up to
 * `hold` seconds from its opening for the persons it may concern, as
 * the PUBLIC state tells (who is connected, the declarer, who doubled:
 * never the hidden partner): the action that would close the window
 * for one of them is kept, not applied, and the laying round does not
 * pass over them, until each answered or the time is up.  The room
 * knows no clock or connection: the driver calls sk_room_offers_step
 * with the time and the seats whose players are connected, on each pass
 * and at the hold's end; it applies what is due (kept answers, passes
 * of those not waited for or not answering in time, the kept action)
 * as events.  The hold is room configuration (an event "hold" and a
 * journal entry); its running clock is not journaled: a restored room
 * starts it afresh.
 */
#define SK_ROOM_HOLD_MAX 30
#define SK_ROOM_HOLD_DEFAULT 4
/* Turns offers on (the driver's choice, before any journal is fed). */
void sk_room_set_offers(sk_room *r, bool on);
/* Sets the hold, 0 (none) .. SK_ROOM_HOLD_MAX seconds: an event. */
int sk_room_set_hold(sk_room *r, int seconds, sk_error *err);
int sk_room_hold(const sk_room *r);
/* The offer a seat has now: SK_ACT_KONTRA, SK_ACT_RETOUR,
 * SK_ACT_KLOPFEN or -1 (none, offers off); in *since the event at
 * which it began. */
int sk_room_seat_offer(const sk_room *r, int seat, uint64_t *since);
/* The driver's step: applies what is due now (see above); the number
 * of events made or an error.  `present`: the seats whose players are
 * connected. */
int sk_room_offers_step(sk_room *r, uint8_t present, int64_t now_ms, sk_error *err);
/* When the table's hold ends (ms since the epoch), 0 when it does not
 * hold; and whether an action is kept for its end. */
int64_t sk_room_hold_until(const sk_room *r);
bool sk_room_holding_action(const sk_room *r);

/*
 * The pause vote: a seated human (not away) votes for a pause or
 * against it; each vote is an event ("pause").  `present` is the
 * driver's bitset of seats whose players are connected now (journaled
 * with the vote, so a replay decides the same).  The table pauses when
 * every seated, present human who is not away voted for it (bots never
 * vote); any vote against it while paused resumes it and clears the
 * votes.  While paused no deadline runs (sk_room_clock) and the driver
 * lets no bot decide and deals no game.  A seat's vote ends when its
 * player leaves or someone else sits down there.  0, SK_ERANGE (no such
 * seat) or SK_ESTATE (no human there, or away).
 */
int sk_room_pause(sk_room *r, int seat, bool pause, uint8_t present, sk_error *err);
bool sk_room_paused(const sk_room *r);

/*
 * The driver's table settings (room configuration, like the timer):
 * `settle`, seconds 0..SK_ROOM_SETTLE_MAX the next deal waits after a
 * result until every connected person has seen the settlement (0: no
 * wait; a new room has SK_ROOM_SETTLE_DEFAULT), and `play_on`, whether
 * the table goes on with bots and stand-ins while no seated person is
 * connected (else it pauses then).  Setting them is an event
 * ("settings") and a journal entry, so a restored room has them again;
 * the waiting and the pausing are the driver's (the room knows no
 * clock and no connection).  0 or SK_ERANGE.
 */
#define SK_ROOM_SETTLE_MAX 60
#define SK_ROOM_SETTLE_DEFAULT 8
int sk_room_set_settings(sk_room *r, int settle, bool play_on, sk_error *err);
int sk_room_settle(const sk_room *r);
bool sk_room_play_on(const sk_room *r);

/* The finished games of the room as game records (core's
 * sk_record_write lines, each with its seed), malloc'd; "" when none. */
char *sk_room_records(const sk_room *r);
/* The record line of finished game `game_no` (from 1), without its
 * newline, malloc'd; NULL when the room has no such game (or out of
 * memory).  What a driver stores when the game ends. */
char *sk_room_record(const sk_room *r, uint32_t game_no);
/* Where finished game `game_no` was played: the room seat of each of
 * its game's seats (a record's seats; with five players the four after
 * the dealer, who sat out), SK_NOSEAT past them.  Returns the game's
 * seats (4, or 3), or -1 when the room keeps no such game. */
int sk_room_game_seats(const sk_room *r, uint32_t game_no, uint8_t room_seat[SK_NSEATS]);


/* ------------------------------------------------------------------ */
/* Score keeping: an evening's sheet and a tournament as documents      */
/* ------------------------------------------------------------------ */

/*
 * A score keeper's documents, shared by `schafkopf sheet`,
 * `schafkopf tournament` and the server's pages.  Both are the lines
 * as typed (an evening: one line per deal, "game solo:H declarer=Anna
 * points=75"; a tournament: the organiser's lines), booked again on
 * every load, so what is kept is exactly what was entered and nothing
 * is stale.  The lines are outside input: each is checked and refused
 * with a message that says what and where (docs/rules.md "Score
 * keeping", docs/tournament.md).  Names: sk_sheet_ (sheet.c,
 * sheet_print.c; the canonical line and played games, sheet_line.c; the
 * CSV read back, sheet_csv.c; statistics, sheet_stats.c, their table
 * and chart, sheet_chart.c; a new book's ruleset, sheet_rules.c),
 * sk_tour_ (tour.c, tour_print.c).  The JSON members
 * are jansson values (struct json_t).
 */
struct json_t;

#define SK_SHEET_MAX_LINE 1024
#define SK_SHEET_MAX_ENTRIES 4096
#define SK_SHEET_MAX_FILE (SK_SHEET_MAX_ENTRIES * (SK_SHEET_MAX_LINE + 8) + 65536)
#define SK_SHEET_NAME 24

/* The words of a sheet line and its commands (sk_sheet_add gives a
 * command's word in *cmd: SK_SHEET_K_SHOW .. SK_SHEET_K_IMPORT_CSV; the
 * last four take arguments, the rest of the line). */
enum sk_sheet_key {
    SK_SHEET_K_GAME, SK_SHEET_K_THROWN, SK_SHEET_K_RAMSCH, SK_SHEET_K_PENALTY,
    SK_SHEET_K_REDEAL, SK_SHEET_K_DECLARER, SK_SHEET_K_PARTNER, SK_SHEET_K_POINTS,
    SK_SHEET_K_WON, SK_SHEET_K_LOST, SK_SHEET_K_SCHNEIDER, SK_SHEET_K_SCHWARZ,
    SK_SHEET_K_LAUFENDE, SK_SHEET_K_KONTRA, SK_SHEET_K_LAID, SK_SHEET_K_MUSS,
    SK_SHEET_K_KREUZBOCK, SK_SHEET_K_LOSERS, SK_SHEET_K_WINNERS, SK_SHEET_K_JUNGFRAU,
    SK_SHEET_K_DURCHMARSCH, SK_SHEET_K_OFFENDER, SK_SHEET_K_REVEALER, SK_SHEET_K_SHOW,
    SK_SHEET_K_PAY, SK_SHEET_K_CSV, SK_SHEET_K_JSON, SK_SHEET_K_UNDO, SK_SHEET_K_HELP,
    SK_SHEET_K_QUIT, SK_SHEET_K_POINTS_TABLE, SK_SHEET_K_STATS, SK_SHEET_K_CHART,
    SK_SHEET_K_IMPORT_GAMES, SK_SHEET_K_IMPORT_CSV, SK_SHEET_K_COUNT,
};

/* The sheet's words, a table per language (sheet_print.c). */
enum sk_sheet_word {
    SK_SW_GAME, SK_SW_DEALER, SK_SW_TOTAL, SK_SW_STOCK, SK_SW_PAYS, SK_SW_TO, SK_SW_NOTHING,
    SK_SW_WON, SK_SW_LOST, SK_SW_WITH, SK_SW_THROWN, SK_SW_RAMSCH_LOST, SK_SW_DURCHMARSCH,
    SK_SW_FAULT, SK_SW_REDEAL, SK_SW_REFUSED, SK_SW_LAUFENDE, SK_SW_KONTRA, SK_SW_LAID,
    SK_SW_SITS_OUT, SK_SW_UNKNOWN_WORD, SK_SW_UNKNOWN_PLAYER, SK_SW_BAD_NUMBER, SK_SW_NO_KIND,
    SK_SW_TOO_LONG, SK_SW_FULL, SK_SW_UNDONE, SK_SW_EMPTY, SK_SW_SAVE_FAILED, SK_SW_HELP,
    SK_SW_POINTS, SK_SW_PAY_LINE, SK_SW_MISSING_RESULT, SK_SW_BAD_TEXT, SK_SW_GREETING,
    SK_SW_AND, SK_SW_RAMSCH_WON, SK_SW_JUNGFRAU_ONE, SK_SW_JUNGFRAU_MANY,
    SK_SW_POINTS_RANGE, SK_SW_TOO_BIG,
    SK_SW_COUNT,
};

/* A word of the sheet in language lang (0 German, 1 English). */
const char *sk_sheet_word(int lang, int word);

/* One booked deal: what was entered and what it gave each player. */
typedef struct sk_sheet_row {
    sk_outcome outcome;
    uint8_t seat_player[SK_NSEATS];
    uint8_t dealer;          /* the player who dealt */
    uint8_t won;             /* the declarer's side won (as priced) */
    int64_t money[5];        /* per player, Stock flow included */
    int64_t points[5];
    int64_t stock;           /* the pot after the deal */
} sk_sheet_row;

/* An evening: the ruleset, the players, the session and its rows. */
typedef struct sk_sheet {
    sk_rules rules;
    int nplayers;
    char names[5][SK_SHEET_NAME];
    int first_dealer;
    int lang;                /* 0 German, 1 English */
    sk_session session;
    char **lines;            /* the entries as typed */
    sk_sheet_row *rows;
    int n, cap;
} sk_sheet;


/* Cents as euros, "-1,50" (German) or "-1.50"; returns buf. */
const char *sk_sheet_euros(const sk_sheet *sh, int64_t cents, char buf[32]);
/* What a row's deal was, in words. */
void sk_sheet_describe(const sk_sheet *sh, const sk_sheet_row *row, char *buf, size_t size);
/* The sheet with running totals: money, or tournament points. */
void sk_sheet_print(const sk_sheet *sh, FILE *out, bool points);
/* Who pays whom, with the fewest transfers. */
void sk_sheet_print_pay(const sk_sheet *sh, FILE *out);
/* The sheet as CSV. */
void sk_sheet_print_csv(const sk_sheet *sh, FILE *out);
/* The sheet as JSON: what its file keeps, and with `rows` each deal's
 * amounts and the totals.  NULL when out of memory. */
struct json_t *sk_sheet_json(const sk_sheet *sh, bool rows);
/* The fewest transfers that settle n <= 6 balances summing to zero;
 * returns how many, written to from/to/amount (room for n). */
int sk_sheet_transfers(const int64_t *balance, int n, int from[], int to[], int64_t amount[]);

/* A fresh evening under r: nplayers names (NULL: the numbers 1..n)
 * and the index of the first dealer.  Nothing to free but what
 * sk_sheet_free frees. */
void sk_sheet_init(sk_sheet *sh, const sk_rules *r, char names[][SK_SHEET_NAME], int dealer);
/* Takes back the last entry (3.4.1: only the deal just entered can
 * still be changed) by booking the others again. */
void sk_sheet_undo(sk_sheet *sh);
/* The player named by the first n bytes of s (a name, any case, or a
 * number 1..nplayers), -1 if none. */
int sk_sheet_player(const sk_sheet *sh, const char *s, size_t n);
/* A book's head (docs/store.md "Books"): the ruleset, n names (a
 * group's roster or an evening's seating) and an evening's first dealer
 * (-1: none), as JSON text (malloc'd; NULL when out of memory). */
char *sk_sheet_head(const sk_rules *r, char names[][SK_SHEET_NAME], int n, int dealer);
/* Reads such a head: the ruleset, at most max names (*n), the first
 * dealer (-1 when none); 0, or -1 with why naming the member. */
int sk_sheet_head_read(const char *head, sk_rules *r, char names[][SK_SHEET_NAME], int max,
                       int *n, int *dealer, char *why, size_t size);
/* A new book's ruleset (sheet_rules.c): the JSON text of a "rules"
 * object, {"preset": NAME, "overrides": {OPTION: VALUE}}, the options by
 * the ruleset's own names, each set and checked by core.  0, or -1 with
 * why in lang (0 German, 1 English) naming the option, the value and
 * what it takes; r unchanged.  The options are not checked against each
 * other yet: set what is known (an evening's players), then
 * sk_sheet_rules_check. */
int sk_sheet_rules_read(const char *text, int lang, sk_rules *r, char *why, size_t size);
/* sk_rules_validate with its refusal in lang: 0 or -1 with why. */
int sk_sheet_rules_check(const sk_rules *r, int lang, char *why, size_t size);
/* Every preset with every option's value as text, {"official":
 * {"players": "4", ...}, ...}: what a create form starts from.  NULL
 * when out of memory. */
struct json_t *sk_sheet_rules_presets(void);
/* Whether a player's name is fine (see sheet.c). */
int sk_sheet_name_ok(const char *name);
/* Reads a sheet file's text, booking every entry again; 0 or -1 with
 * why naming the member or entry. */
int sk_sheet_load(sk_sheet *sh, const char *text, size_t len, int lang, char *why,
                   size_t size);
/* Books one line: 0, 1 for a command (its word in *cmd), -1 with why. */
int sk_sheet_add(sk_sheet *sh, const char *line, int *cmd, char *why, size_t size);
/* Reads one deal's line for the session's next deal into an outcome in
 * game seats, booking nothing: 0 or -1 with why (for the tournament). */
int sk_sheet_parse(const sk_sheet *sh, const char *line, sk_outcome *o, char *why,
                    size_t size);
/* A core refusal (sk_error) in the sheet's language. */
void sk_sheet_refusal(const sk_sheet *sh, const sk_error *err, char *why, size_t size);
/* Frees what the sheet holds. */
void sk_sheet_free(sk_sheet *sh);
/* Keeps the first n entries (n <= sh->n), booking them again. */
void sk_sheet_truncate(sk_sheet *sh, int n);

/* The canonical English line for outcome o as the sheet's next deal,
 * players named by the names of those in its seats: a line sk_sheet_add
 * reads back to the same outcome (sheet_line.c).  Its length, or -1
 * when it does not fit in size or names a seat nobody sits in. */
int sk_sheet_line(const sk_sheet *sh, const sk_outcome *o, char *buf, size_t size);
/* Books a finished game as the sheet's next deal through its line
 * (written to `line` if line_size): the game must be of the sheet's
 * ruleset; seat N is the sheet's player in seat N of its next deal, and
 * names (NULL: not checked; NULL entries unchecked) gives the game's
 * players by seat, each of whom must be that player.  The deal's place
 * is the sheet's (dealer, first game, Bock, Kreuzbock, Stock): the
 * evening prices it.  0 or -1 with why (the sheet's language), nothing
 * booked. */
int sk_sheet_add_game(sk_sheet *sh, const sk_game *g, const char *const names[SK_NSEATS],
                      char *line, size_t line_size, char *why, size_t size);
/* Books one game record (docs/record-format.md; a line of `schafkopf
 * play`'s session file or the server's games.jsonl) as sk_sheet_add_game
 * does; an optional "players" member (names by seat) is checked. */
int sk_sheet_add_record(sk_sheet *sh, const char *text, size_t len, char *why, size_t size);
/* Reads what sk_sheet_print_csv wrote: each row's entry is booked and
 * must give the row's dealer, kind, contract, fault, amounts and pot;
 * the header must name the sheet's players and the first game must be
 * the sheet's next.  All or nothing: 0, or -1 with why naming the row
 * and column, the sheet unchanged. */
int sk_sheet_import_csv(sk_sheet *sh, const char *text, size_t len, char *why, size_t size);

/* Statistics per player over one or more evenings (sheet_stats.c):
 * the classes of declared games. */
enum sk_stat_class {
    SK_STAT_SAUSPIEL, SK_STAT_SOLO, SK_STAT_WENZ, SK_STAT_GEIER, SK_STAT_FARBWENZ,
    SK_STAT_FARBGEIER, SK_STAT_BETTEL, SK_STAT_TOUT, SK_STAT_SIE, SK_STAT_HOCHZEIT,
    SK_STAT_CLASSES
};
/* The class of a declared game (a Tout of any kind is SK_STAT_TOUT; a
 * Muss and a Kreuzbock game are Sauspiele), -1 for none. */
int sk_stat_class_of(sk_contract c);
/* A class's name ("Sauspiel", "Tout"; the same in both languages). */
const char *sk_stat_class_name(int cls);

/* One player's figures (docs/rules.md, "Statistics"). */
typedef struct sk_sheet_player_stats {
    char name[SK_SHEET_NAME];
    int evenings;             /* evenings he sat at */
    int first_game;           /* the curve's first game of his first evening */
    int deals;                /* deals he sat in (misdeals do not count) */
    int sat_out;              /* deals he dealt at a table of five */
    int declared[SK_STAT_CLASSES], declared_won[SK_STAT_CLASSES];
    int partner, partner_won; /* the declarer's partner */
    int defended, defended_won;
    int ramsch, ramsch_lost;
    int kontra, kontra_won;   /* he defended a game his side doubled; his side won */
    int retour, retour_won;   /* he played a game his side redoubled; his side won */
    int laid;                 /* deals he sat in with lays (Klopfen) */
    int thrown_in;            /* deals he sat in that were thrown in */
    int faults;               /* penalties he was charged with (3.4.16, 3.4.18) */
    int64_t money, points;    /* cents (the pot's flows included), tournament points */
} sk_sheet_player_stats;

#define SK_STATS_PLAYERS 32
/* The figures of every player over the evenings added, and each
 * player's money after each game across the evenings in order. */
typedef struct sk_sheet_stats {
    int nplayers;
    sk_sheet_player_stats player[SK_STATS_PLAYERS];
    int nevenings;
    int ngames;          /* games on the curve: every deal but misdeals */
    int *evening_start;  /* [nevenings]: the first game of each evening */
    int64_t *money;      /* [ngames * SK_STATS_PLAYERS]: running totals */
    int64_t *points;     /* the same of tournament points */
    int cap_games, cap_evenings;
} sk_sheet_stats;

void sk_sheet_stats_init(sk_sheet_stats *st);
/* Adds an evening, its players matched by name (any case); 0, or -1
 * (nothing added) past SK_STATS_PLAYERS players or without memory. */
int sk_sheet_stats_add(sk_sheet_stats *st, const sk_sheet *sh);
/* A player's running total after game `game` (0-based). */
int64_t sk_sheet_stats_money(const sk_sheet_stats *st, int player, int game);
/* His running total of tournament points after game `game`. */
int64_t sk_sheet_stats_points(const sk_sheet_stats *st, int player, int game);
void sk_sheet_stats_free(sk_sheet_stats *st);
/* The per-player table in lang (0 German, 1 English); with `points`
 * (a table that plays for them, 5.2.7) no money column. */
void sk_sheet_stats_print(const sk_sheet_stats *st, int lang, bool points, FILE *out);
/* Each player's money over the games as a standalone SVG chart: a line
 * per player (colour and dash pattern), euro axis, the zero line, the
 * evenings marked, a legend (sheet_chart.c); with `points` his
 * tournament points instead, for a table that plays for them (5.2.7). */
void sk_sheet_chart_svg(const sk_sheet_stats *st, int lang, bool points, FILE *out);

#define SK_TOUR_MAX_LINE 1024
#define SK_TOUR_MAX_LINES 40000
#define SK_TOUR_MAX_FILE (SK_TOUR_MAX_LINES * (SK_TOUR_MAX_LINE + 40) + 65536)

/* The words of the tournament, a table per language. */
enum sk_tour_word {
    SK_TW_TOURNAMENT, SK_TW_STAGE, SK_TW_TABLE, SK_TW_SEAT, SK_TW_START, SK_TW_NAME,
    SK_TW_POINTS, SK_TW_PLACE, SK_TW_PRIZE, SK_TW_BYE, SK_TW_SIGNATURE, SK_TW_REFEREE,
    SK_TW_ROUND, SK_TW_CHECK, SK_TW_STRUCK, SK_TW_APPROVED, SK_TW_SIE, SK_TW_TOUT_WON,
    SK_TW_TOUT, SK_TW_SOLO_WON, SK_TW_SOLO, SK_TW_GAME, SK_TW_WON, SK_TW_LOST, SK_TW_THROWN,
    SK_TW_REDEAL, SK_TW_PENALTY, SK_TW_WITHDRAWN, SK_TW_UNPAID, SK_TW_FOR, SK_TW_CORRECTIONS,
    SK_TW_BY, SK_TW_WHY, SK_TW_WHEN, SK_TW_SEED, SK_TW_SEATING_PLAN, SK_TW_STANDINGS,
    SK_TW_SHEET, SK_TW_DEALS_FIRST, SK_TW_PLUS, SK_TW_MINUS, SK_TW_REFUSED, SK_TW_UNKNOWN,
    SK_TW_HELP, SK_TW_SAVE_FAILED, SK_TW_REGISTERED, SK_TW_DRAWN, SK_TW_WRITTEN, SK_TW_LOTS,
    SK_TW_KEEPER, SK_TW_OK, SK_TW_NEEDS_APPROVAL, SK_TW_FIRST_GAME, SK_TW_CORRECTED,
    SK_TW_CHANGE, SK_TW_PAID, SK_TW_WITHDREW, SK_TW_SUBSTITUTED, SK_TW_STAGE_GAMES,
    SK_TW_PRIZE_SET, SK_TW_COUNT,
};

/* A word in language lang (0 German, 1 English). */
const char *sk_tour_word(int lang, int word);
/* A core refusal (sk_error from schafkopf/tournament.h) in lang. */
void sk_tour_refusal(int lang, const sk_error *err, char *why, size_t size);

/* The organiser's tournament: the model and the lines that made it. */
typedef struct sk_tour {
    sk_tournament *t;
    int lang;
    struct json_t *lines;        /* [{"line": TEXT, "at": SECONDS}, ...] */
    const char *style_href;      /* the printable pages link this style sheet
                                  * (a server whose policy forbids inline
                                  * styles); NULL: the styles inline, for a page
                                  * that stands alone as a file */
} sk_tour;

/* Applies one line at time `at`: 0 (a change: append it to lines),
 * 1 for a command that changes nothing (done, output to out), 2 for
 * quit, SK_TOUR_PRINT for `print DIR` (the caller writes the files:
 * this layer writes none), -1 with why (nothing changed). */
#define SK_TOUR_PRINT 3
int sk_tour_apply(sk_tour *tr, const char *line, int64_t at, FILE *out, char *why,
                   size_t size);
/* Reads a tournament file's text, applying every line again; 0 or -1
 * with why naming the member or the line. */
int sk_tour_load(sk_tour *tr, const char *text, size_t len, int lang, char *why,
                  size_t size);
/* A fresh tournament with the published seed; 0 or -1 with why. */
int sk_tour_init(sk_tour *tr, const char *seed, int lang, char *why, size_t size);
/* The file's JSON (NULL when out of memory). */
struct json_t *sk_tour_json(const sk_tour *tr);
void sk_tour_free(sk_tour *tr);

/* Text output: the seating plan of a stage, a table's sheet, the standings. */
void sk_tour_print_plan(const sk_tour *tr, int stage, FILE *out);
void sk_tour_print_sheet(const sk_tour *tr, int stage, int table, FILE *out);
void sk_tour_print_standings(const sk_tour *tr, FILE *out);
/* The printable HTML (print styles): "plan", "sheets" (stage), "standings". */
/* The print styles themselves (CSS), inline in a page or behind its
 * style_href. */
const char *sk_tour_html_css(void);
void sk_tour_html_plan(const sk_tour *tr, int stage, FILE *out);
void sk_tour_html_sheets(const sk_tour *tr, int stage, FILE *out);
void sk_tour_html_standings(const sk_tour *tr, FILE *out);
/* What a sheet line was, in words. */
void sk_tour_describe(const sk_tour *tr, const sk_t_table *tb, const sk_t_line *l, char *buf,
                       size_t size);

#ifdef __cplusplus
}
#endif

#endif
