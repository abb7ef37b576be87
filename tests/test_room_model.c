/*
 * test_room_model.c -- the room's opponent model (sk_room_rules_seats,
 * src/table/room.c, room_seats.c): what a table's bots and hints are
 * told about who plays by the rules of thumb.  Heuristic bots are read as such after
 * their first games, a human who plays otherwise never is; with three
 * and five players the answer is in the game's seats; a seat that
 * changes hands during a game teaches nothing of that game, the
 * fallback bot of an away seat is a player of its own, a claimed game
 * teaches nothing, nor does a game in which the fallback bot stood in
 * for a person (sk_room_stand_in).  The journal rebuilds the model exactly: the round
 * trip of tests/test_room_secrecy.c compares it at every event.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "table/room_internal.h"
#include "testlib.h"


/* The test's players: a heuristic bot for every seat a bot (or the
 * fallback of an away seat) plays; humans decide at random. */
typedef struct {
    sk_bot *bot[SK_ROOM_SEATS];
    sk_rng rng;
} table;

static void table_init(table *t, uint64_t seed)
{
    memset(t, 0, sizeof *t);
    sk_rng_seed(&t->rng, seed);
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        t->bot[s] = sk_bot_new("heuristic", seed + (uint64_t)s, NULL);
        assert_non_null(t->bot[s]);
    }
}

static void table_free(table *t)
{
    for (int s = 0; s < SK_ROOM_SEATS; s++)
        sk_bot_free(t->bot[s]);
}

/* Makes the pending decision: a human's at random, anyone else's by a
 * heuristic bot on the seat's view, as the server's workers do. */
static void decide(sk_room *r, table *t)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = 0;
    int seat = sk_room_pending(r, legal, &n);
    assert_true(seat >= 0 && n > 0);
    const sk_room_seat *st = sk_room_seat_at(r, seat);
    if (st->kind == SK_ROOM_HUMAN && !st->away) {
        tl_room_decide_random(r, &t->rng);
        return;
    }
    sk_view v;
    TL_OK(sk_room_view(r, seat, &v));
    /* as the server does (pass.c): the bot's decision as an answer to
     * the room's question */
    sk_action a = sk_room_answer(r, sk_bot_act(t->bot[seat], &v));
    TL_OK(sk_room_decide(r, seat, a, sk_room_seq(r), TL_E));
}

/* Deals the next game. */
static void deal(sk_room *r, table *t)
{
    uint8_t seed[SK_ROOM_SEED_BYTES];
    for (int i = 0; i < SK_ROOM_SEED_BYTES; i++)
        seed[i] = (uint8_t)sk_rng_next(&t->rng);
    TL_OK(sk_room_deal(r, seed, TL_E));
}

/* Plays `games` whole games. */
static void play_games(sk_room *r, table *t, int games)
{
    for (int k = 0; k < games; k++) {
        deal(r, t);
        while (sk_room_game(r))
            decide(r, t);
    }
}

/* The model's entry of player `id`, NULL when it has none. */
static const struct sk_opponent *entry_of(const sk_room *r, uint64_t id)
{
    for (int i = 0; i < r->model.n; i++)
        if (r->model.player[i].id == id)
            return &r->model.player[i];
    return NULL;
}

/* The game-seat bits of the room seats in `room_seats` that play the
 * running game, but `me`'s. */
static unsigned game_bits(const sk_room *r, unsigned room_seats, int me)
{
    unsigned bits = 0;
    for (int s = 0; s < sk_room_seats(r); s++) {
        int g = skx_room_game_seat(r, s);
        if (s != me && ((room_seats >> s) & 1) && g != SK_NOSEAT)
            bits |= 1u << g;
    }
    return bits;
}

/* A human (random cards) in seat 0 and heuristic bots in the others,
 * with 3, 4 and 5 players: before any game nobody is read as playing
 * by the rules; after a few games every bot seat is, in the running
 * game's seats, for every seat that plays -- the sitting-out seat gets
 * 0 -- and the human is not, though he was counted. */
static void test_reads_the_bots(void **state)
{
    (void)state;
    static const char *const OPTS[] = {"", "players=3", "players=5"};
    for (size_t k = 0; k < sizeof OPTS / sizeof *OPTS; k++) {
        sk_room *r = tl_room("official", OPTS[k]);
        int n = sk_room_seats(r);
        table t;
        table_init(&t, 300 + k);
        TL_OK(sk_room_sit_human(r, 0, 100, "Anna", TL_E));
        for (int s = 1; s < n; s++)
            TL_OK(sk_room_sit_bot(r, s, "heuristic", TL_E));
        for (int s = 0; s < n; s++)
            assert_int_equal(sk_room_rules_seats(r, s), 0); /* no game */
        deal(r, &t);
        for (int s = 0; s < n; s++)
            assert_int_equal(sk_room_rules_seats(r, s), 0); /* nothing seen yet */
        while (sk_room_game(r))
            decide(r, &t);
        play_games(r, &t, 7);
        deal(r, &t);
        unsigned bots = ((1u << n) - 1) & ~1u;
        for (int s = 0; s < n; s++) {
            unsigned want = skx_room_game_seat(r, s) == SK_NOSEAT ? 0 : game_bits(r, bots, s);
            assert_int_equal(sk_room_rules_seats(r, s), want);
        }
        assert_true(game_bits(r, bots, -1) != 0);
        const struct sk_opponent *human = entry_of(r, 100);
        assert_non_null(human);
        assert_true(human->decisions > 0);
        assert_false(sk_opponents_by_rules(&r->model, 100));
        assert_int_equal(r->model.n, n); /* each bot seat a player of its own */
        assert_int_equal(sk_room_rules_seats(r, n), 0); /* no such seat */
        assert_int_equal(sk_room_rules_seats(r, -1), 0);
        sk_room_free(r);
        table_free(&t);
    }
}

/* The decisions counted for player `id` (0 when it has no entry). */
static int counted(const sk_room *r, uint64_t id)
{
    const struct sk_opponent *p = entry_of(r, id);
    return p ? p->decisions : 0;
}

/* Plays the running game up to its first card (the auction done). */
static void play_to_cards(sk_room *r, table *t)
{
    while (sk_room_game(r) && sk_room_game(r)->pub.phase != SK_PHASE_PLAY)
        decide(r, t);
}

/* An official room of four heuristic bots, and the test's players. */
static sk_room *bots_room(table *t, uint64_t seed)
{
    sk_room *r = tl_room("official", "");
    table_init(t, seed);
    for (int s = 0; s < 4; s++)
        TL_OK(sk_room_sit_bot(r, s, "heuristic", TL_E));
    return r;
}

/* A seat that changes hands during a game teaches nothing of it: a bot
 * seat left in the middle (the fallback plays on) and taken by a human,
 * and a human who leaves for good during a game.  The fallback bot of
 * an away seat is a player of its own: after the games it played alone
 * the others' bots are told it plays by the rules. */
static void test_changed_hands(void **state)
{
    (void)state;
    table t;
    sk_room *r = bots_room(&t, 77);
    play_games(r, &t, 3);
    assert_int_equal(r->model.n, 4);
    int before[4];
    for (int i = 0; i < 4; i++)
        before[i] = r->model.player[i].decisions;
    /* game 4: seat 1 is left after the auction and taken by a human */
    int games = 0;
    do {
        deal(r, &t);
        play_to_cards(r, &t);
        games++;
    } while (!sk_room_game(r) && games < 20);
    assert_non_null(sk_room_game(r));
    for (int i = 0; i < 4; i++) /* the thrown-in deals counted nothing */
        assert_int_equal(r->model.player[i].decisions, before[i]);
    decide(r, &t); /* the first card */
    TL_OK(sk_room_leave(r, 1, TL_E));
    for (int k = 0; k < 3 && sk_room_game(r); k++)
        decide(r, &t); /* the fallback plays for seat 1 */
    TL_OK(sk_room_sit_human(r, 1, 555, "Bert", TL_E));
    while (sk_room_game(r))
        decide(r, &t);
    assert_int_equal(counted(r, 555), 0);
    assert_int_equal(r->model.n, 4); /* neither the fallback nor Bert */
    int grew = 0; /* the bots of seats 0, 2 and 3, not seat 1's */
    for (int i = 0; i < 4; i++)
        grew += r->model.player[i].decisions > before[i];
    assert_int_equal(grew, 3);
    /* Bert leaves during the next game; the fallback plays his seat in
     * this game and the next ones, and is read as the rules' player */
    deal(r, &t);
    TL_OK(sk_room_leave(r, 1, TL_E));
    while (sk_room_game(r))
        decide(r, &t);
    assert_int_equal(counted(r, 555), 0);
    assert_int_equal(r->model.n, 4);
    play_games(r, &t, 4);
    assert_int_equal(r->model.n, 5);
    deal(r, &t);
    unsigned seat1 = 1u << skx_room_game_seat(r, 1);
    assert_true(sk_room_rules_seats(r, 0) & seat1);
    assert_false(sk_room_rules_seats(r, 1) & seat1);
    sk_room_free(r);
    table_free(&t);
}

/* A claimed game teaches nothing (its last cards are the claimer's
 * line, nobody's choice); the same game played out does. */
static void test_claim_counts_nothing(void **state)
{
    (void)state;
    table t;
    sk_room *r = bots_room(&t, 91);
    int claims = 0, played = 0;
    for (int k = 0; k < 40 && (claims < 2 || played < 2); k++) {
        sk_opponents was = r->model;
        deal(r, &t);
        while (sk_room_game(r)) {
            const sk_game *g = sk_room_game(r);
            if (g->pub.phase == SK_PHASE_PLAY && g->pub.trick_no == g->pub.ntricks - 1 &&
                g->pub.trick_len == 0 && sk_room_offer(r) < 0)
                break;
            decide(r, &t);
        }
        const sk_game *g = sk_room_game(r);
        if (!g)
            continue; /* thrown in */
        uint8_t line[SK_NSEATS];
        int len = tl_last_trick_line(g, line);
        int seat = sk_room_pending(r, NULL, NULL);
        sk_error err = {{0}, NULL}; /* refused when the trick goes to the other side */
        if (sk_room_claim(r, seat, line, len, sk_room_seq(r), &err) == SK_OK) {
            assert_null(sk_room_game(r));
            assert_memory_equal(&was, &r->model, sizeof was);
            claims++;
            continue;
        }
        while (sk_room_game(r))
            decide(r, &t);
        assert_true(memcmp(&was, &r->model, sizeof was) != 0);
        played++;
    }
    assert_true(played > 0);
    assert_int_equal(claims, 2);
    sk_room_free(r);
    table_free(&t);
}

/* Copies into `twin` every journal entry of r after event *at. */
static void mirror(const sk_room *r, sk_room *twin, uint64_t *at)
{
    for (; *at < sk_room_seq(r); (*at)++) {
        char *e = sk_room_journal(r, *at + 1);
        assert_non_null(e);
        TL_OK(sk_room_replay(twin, e, TL_E));
        free(e);
    }
}

/* Whether event seq's message for `viewer` says a stand-in made it. */
static bool says_stand_in(const sk_room *r, uint64_t seq, int viewer)
{
    char *m = sk_room_message(r, seq, viewer);
    assert_non_null(m);
    bool yes = strstr(m, "\"stand_in\":true") != NULL;
    assert_true(yes || !strstr(m, "stand_in"));
    free(m);
    return yes;
}

/* The fallback bot standing in for a person (his timer ran out): its
 * decisions are his seat's, its events say so -- every recipient of a
 * card or bid, only the seat itself of a declined doubling -- and the
 * journal says so, and a game with one of them teaches the model
 * nothing of him, while the bots' decisions count as before.  A game
 * of his own teaches again.  A built-in bot's seat and a left seat have
 * no one to stand in for; an engine's seat has (it failed). */
static void test_stand_in(void **state)
{
    (void)state;
    table t;
    sk_room *r = tl_room("official", "");
    sk_room *twin = tl_room("official", "");
    uint64_t at = 0;
    table_init(&t, 505);
    TL_OK(sk_room_sit_human(r, 0, 100, "Anna", TL_E));
    for (int s = 1; s < 4; s++)
        TL_OK(sk_room_sit_bot(r, s, "heuristic", TL_E));
    for (int k = 0; k < 10 && counted(r, 100) == 0; k++) {
        play_games(r, &t, 1); /* until a game was played out */
        mirror(r, twin, &at);
    }
    assert_true(counted(r, 100) > 0);
    int actions = 0, declines = 0, stood = 0;
    for (int k = 0; k < 30 && (stood < 3 || declines == 0); k++) {
        int anna = counted(r, 100), bots = 0;
        for (int i = 0; i < r->model.n; i++)
            bots += r->model.player[i].id == 100 ? 0 : r->model.player[i].decisions;
        deal(r, &t);
        bool mine = false;
        while (sk_room_game(r)) {
            sk_action legal[SK_MAX_LEGAL];
            int n = 0;
            if (sk_room_pending(r, legal, &n) != 0) {
                sk_error err = {{0}, NULL};
                int other = sk_room_pending(r, NULL, NULL);
                assert_int_equal(sk_room_stand_in(r, other, legal[0], sk_room_seq(r), &err),
                                 SK_ESTATE); /* a bot's seat */
                decide(r, &t);
                continue;
            }
            /* every decision of Anna's in every other game: the fallback's */
            if (k % 2 == 0) {
                tl_room_decide_random(r, &t.rng);
                continue;
            }
            sk_view v;
            TL_OK(sk_room_view(r, 0, &v));
            sk_action a = sk_room_answer(r, sk_bot_act(t.bot[0], &v));
            uint64_t seq = sk_room_seq(r) + 1;
            TL_OK(sk_room_stand_in(r, 0, a, sk_room_seq(r), TL_E));
            mine = true;
            char *j = sk_room_journal(r, seq);
            assert_non_null(strstr(j, "\"stand_in\":true"));
            free(j);
            assert_true(says_stand_in(r, seq, 0));
            char *m = sk_room_message(r, seq, 1);
            bool decline = strstr(m, "\"kind\":\"decline\"") != NULL;
            free(m);
            declines += decline;
            actions += !decline;
            for (int s = 1; s < 4; s++)
                assert_int_equal(says_stand_in(r, seq, s), !decline);
            assert_int_equal(says_stand_in(r, seq, SK_ROOM_SPECTATOR), !decline);
        }
        mirror(r, twin, &at);
        assert_memory_equal(&r->model, &twin->model, sizeof r->model);
        int bots_now = 0;
        for (int i = 0; i < r->model.n; i++)
            bots_now += r->model.player[i].id == 100 ? 0 : r->model.player[i].decisions;
        if (mine && bots_now > bots) { /* a game played out (not thrown in) */
            assert_int_equal(counted(r, 100), anna);
            stood++;
        } else if (!mine && bots_now > bots) {
            assert_true(counted(r, 100) >= anna);
        }
    }
    assert_true(stood >= 3);
    assert_true(actions > 0);
    assert_true(declines > 0);
    /* a person who left: the fallback plays his seat as itself */
    deal(r, &t);
    TL_OK(sk_room_leave(r, 0, TL_E));
    sk_action legal[SK_MAX_LEGAL];
    int n = 0;
    while (sk_room_game(r) && sk_room_pending(r, legal, &n) != 0)
        decide(r, &t);
    assert_non_null(sk_room_game(r)); /* seat 0 bids before a deal is thrown in */
    sk_error err = {{0}, NULL};
    assert_int_equal(sk_room_stand_in(r, 0, legal[0], sk_room_seq(r), &err), SK_ESTATE);
    assert_non_null(strstr(err.msg, "no person"));
    sk_room_free(r);
    /* an engine that failed: the fallback stands in for it */
    r = tl_room("official", "");
    TL_OK(sk_room_sit_bot(r, 0, "ext:eng", TL_E));
    for (int s = 1; s < 4; s++)
        TL_OK(sk_room_sit_bot(r, s, "heuristic", TL_E));
    deal(r, &t);
    while (sk_room_pending(r, legal, &n) != 0)
        decide(r, &t);
    uint64_t seq = sk_room_seq(r) + 1;
    TL_OK(sk_room_stand_in(r, 0, legal[0], sk_room_seq(r), TL_E));
    assert_true(says_stand_in(r, seq, 1));
    sk_room_free(r);
    sk_room_free(twin);
    table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_the_bots),
        cmocka_unit_test(test_changed_hands),
        cmocka_unit_test(test_claim_counts_nothing),
        cmocka_unit_test(test_stand_in),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
