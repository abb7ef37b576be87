/*
 * testlib.h -- helpers shared by the unit tests: rulesets, cards and
 * contracts from notation, deals from notation, scripted "seat action"
 * lines ("0 bid sauspiel", "2 card GA") that must be accepted or refused,
 * fixed-policy play, results and record round trips.
 *
 * Every helper fails the running cmocka test (fail_msg or an assert) on
 * a typo or an unexpected answer of the engine, so the tests need no
 * error handling of their own.  Include it after <cmocka.h>.
 */
#ifndef SK_TESTLIB_H
#define SK_TESTLIB_H

#include <stdbool.h>
#include <stdint.h>

#include "schafkopf/core.h"

/* ------------------------------------------------------------------ */
/* Temporary files                                                      */
/* ------------------------------------------------------------------ */

/* Makes a fresh directory "$TMPDIR/<prefix>XXXXXX" (or under /tmp) into
 * dir (size bytes). */
void tl_tmpdir(char *dir, size_t size, const char *prefix);
/* Removes such a directory with the files in it (not subdirectories). */
void tl_rmdir(const char *dir);

/* ------------------------------------------------------------------ */
/* Rulesets, cards and contracts                                        */
/* ------------------------------------------------------------------ */

/* A preset ruleset by name. */
sk_rules tl_preset(const char *name);
/* Sets one option as text. */
void tl_set(sk_rules *r, const char *key, const char *value);
/* The card of a notation ("GA"). */
int tl_C(const char *s);
/* A set of cards from notation ("EO GO HA"). */
sk_cards tl_S(const char *s);
/* A contract from its code ("solo:G", "wenz:tout"). */
sk_contract tl_K(const char *code);
/* A contract from its parts. */
sk_contract tl_contract(int type, int suit, int tout);
/* Cards in the order written ("EO GO HO") into out[max]: returns how many. */
int tl_seq(const char *s, uint8_t *out, int max);

/* ------------------------------------------------------------------ */
/* Deals and games                                                      */
/* ------------------------------------------------------------------ */

/* Deals the hands spec[seat] (notation, in the order dealt) of r's deck;
 * a NULL hand gets the lowest cards of the deck nobody was given.
 * Unused places are SK_NOCARD. */
void tl_deal(uint8_t hands[4][8], const sk_rules *r, const char *const spec[4]);
/* Starts a game with the given hands (by seat; NULL: filled in). */
void tl_start_game(sk_game *g, const sk_rules *r, int dealer, bool first_game, const char *h0,
                   const char *h1, const char *h2, const char *h3);
/* The seat `i` places after forehand in a game (0 = forehand). */
int tl_rel(const sk_game *g, int i);

/* ------------------------------------------------------------------ */
/* Scripted actions                                                     */
/* ------------------------------------------------------------------ */

/* "2 card GA" -> the action of seat 2. */
sk_action tl_parse_line(const char *line);
/* Whether sk_game_legal lists the action. */
bool tl_listed(const sk_game *g, sk_action a);
/* Whether sk_game_legal lists the action of a script line. */
bool tl_listed_line(const sk_game *g, const char *line);
/* Applies an action that must be accepted and listed as legal; `what`
 * names it in a failure. */
void tl_ok_action(sk_game *g, sk_action a, const char *what);
/* Applies a script line that must be accepted and listed as legal. */
void tl_ok(sk_game *g, const char *line);
/* Applies several script lines, NULL-terminated. */
void tl_script(sk_game *g, ...);
/* An action that must be refused with `code` (0: any) by rule `rule`
 * (NULL: any rule, but one must be named, and the message must quote
 * it); the game must not change and the action must not be listed. */
void tl_refused_action(sk_game *g, sk_action a, const char *what, int code, const char *rule);
/* tl_refused_action for a script line. */
void tl_refused(sk_game *g, const char *line, int code, const char *rule);
/* A script line that must be refused with `code` (0: any), by a named
 * rule or not; the game must not change and the action not be listed. */
void tl_refused_any(sk_game *g, const char *line, int code);
/* The legal cards of the seat to move must be `expect` (notation). */
void tl_assert_legal_cards(const sk_game *g, const char *expect);
/* Whether the seat to move may declare `code`. */
bool tl_may_declare(const sk_game *g, const char *code);
/* Whether the seat to move may bid class `code`. */
bool tl_may_bid(const sk_game *g, const char *code);
/* Everybody passes: the laying round (if any) and the auction. */
void tl_pass_all(sk_game *g);
/* The auction from forehand: `seat` says "ich spiele", the others pass;
 * then `seat` declares `code`. */
void tl_open_declare(sk_game *g, int seat, const char *code);

/* ------------------------------------------------------------------ */
/* Play                                                                 */
/* ------------------------------------------------------------------ */

/* Plays the lowest-index legal card of the seat to move. */
void tl_play_lowest(sk_game *g);
/* Plays the game to its end with the lowest-index legal card each time
 * (a fixed policy, so the tricks are too). */
void tl_play_out(sk_game *g);
/* Plays uniformly random legal actions (Kontra and Retour included)
 * until the game ends. */
void tl_play_random(sk_game *g, sk_rng *rng);

/* ------------------------------------------------------------------ */
/* Results and records                                                  */
/* ------------------------------------------------------------------ */

/* The result of a finished game. */
sk_result tl_result(const sk_game *g);
/* Books a finished game into the session: its result. */
sk_result tl_book(sk_session *s, const sk_game *g);
/* Money (cents) and tournament points of the four seats. */
void tl_assert_settlement(const sk_result *res, int64_t m0, int64_t m1, int64_t m2, int64_t m3,
                          int t0, int t1, int t2, int t3);
/* Money and tournament points sum to zero (5.3.3); unless thrown in,
 * the card points are 120 (1.2.4) in 8 tricks. */
void tl_assert_sums_zero(const sk_result *res);
/* Record round trip: sk_record_from_game (with `source`) -> write ->
 * read -> replay gives the same ruleset, dealer, round flags, hands,
 * actions, state and result, and writing the re-read record gives the
 * same text.  Each NULL-terminated needle must appear in the text. */
void tl_assert_round_trip(const sk_game *g, const char *source, ...);

/* Deals and runs a random auction into the play phase: one seat bids a
 * random class, the others pass, the declaration is drawn among those
 * allowed, a Hochzeit offer is taken now and then.  False when the deal
 * ends without play (thrown in, a Sie). */
bool tl_random_variant_start(sk_game *g, const sk_rules *r, sk_rng *rng);

/* ------------------------------------------------------------------ */
/* Rooms (schafkopf/table.h)                                            */
/* ------------------------------------------------------------------ */

typedef struct sk_room sk_room;
/* A room call that must return SK_OK; TL_E is the sk_error it fills
 * ("TL_OK(sk_room_deal(r, seed, TL_E))"), named in the failure. */
#define TL_OK(call)                                                                                \
    do {                                                                                           \
        sk_error err_ = {{0}, NULL};                                                               \
        int rc_ = (call);                                                                          \
        if (rc_ != SK_OK)                                                                          \
            fail_msg("%s: %d %s", #call, rc_, err_.msg);                                           \
    } while (0)
#define TL_E (&err_)
/* A preset with options "key=value,key=value" ("" for none). */
sk_rules tl_rules(const char *preset, const char *opts);
/* A new room (id 7, fallback "heuristic") that must be created. */
sk_room *tl_room(const char *preset, const char *opts);
/* A random decision of the pending seat, which must be accepted:
 * passes often in the auction and the laying round, a doubling now
 * and then. */
void tl_room_decide_random(sk_room *r, sk_rng *rng);
/* Seats people in every seat: player ids 100, 101, ..., names Anna,
 * Bert, Chris, Doris, Emil. */
void tl_room_fill_humans(sk_room *r);
/* A room's deal seed (SK_ROOM_SEED_BYTES) from a number: the tests'
 * own, reproducible. */
void tl_room_seed(uint64_t k, uint8_t *seed);
/* Decides for the pending seat by a fixed script: forehand plays the
 * first game it may bid and declares the first contract on offer, the
 * others pass, doublings are declined, the first card is played. */
void tl_room_decide_scripted(sk_room *r);
/* The line of the last trick: each seat's last card, in turn from the
 * seat to move (a claim of the cards left); returns their number. */
int tl_last_trick_line(const sk_game *g, uint8_t *cards);

/* One draw of the secrecy swap test (test_visibility, test_room_secrecy):
 * two other seats than `seat` (SK_NOSEAT: a spectator), neither with its
 * hand laid open, and a card of each still held from its deal; writes
 * g's deal with the two swapped into dealt and the cards into *x, *y.
 * False when the draw found no such pair (draw again). */
bool tl_unseen_swap(const sk_game *g, int seat, sk_rng *rng, uint8_t dealt[4][8], int *x,
                    int *y);

#endif
