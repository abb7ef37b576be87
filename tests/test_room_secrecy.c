/*
 * test_room_secrecy.c -- property tests of the room layer over random
 * sessions: the journal rebuilds a room exactly, and no text a room
 * makes tells a recipient more than it may know.
 *
 * The sessions (official, tournament and sauspiel presets, Hochzeit,
 * Bauernhochzeit and Klopfen variants, Bock, a Ramsch table, three
 * and five players, Kontra before one's own card) mix humans and bots
 * who come and go, mid-game too, pause votes, timer settings, the
 * fallback bot standing in for a person now and then, and claims of
 * the last trick (held or refused).  With
 * five players the seat sitting out is checked as a spectator is: no
 * hand, nothing unplayed.  The journal test feeds a second room every
 * entry as it is made and requires the same messages for every
 * recipient and the same state and opponent model at every event; a
 * third room rebuilt from the whole journal at the end has the same
 * records.  The secrecy
 * test checks every message and some states of every recipient two
 * ways, as tests/test_visibility.c does for core: (a) directly -- every
 * card named anywhere is public (played, in an open hand, the called
 * card), in the recipient's seen hand, or a Hochzeit card it exchanged;
 * no "seed" outside a finished game's course; a spectator gets no
 * "hand"; and (b) the swap test -- two unplayed cards of two other seats
 * swapped in the deal, the same inputs replayed, the recipient's
 * messages and state byte for byte the same.  The swapped deal is dealt
 * with skx_room_deal_hands (a test-only entry of room_internal.h:
 * chosen hands under a given seed), every other input through the
 * journal.  docs/room-messages.md states the rules checked, and the one
 * the swap test cannot see (the number of declined doublings under
 * kontra_timing = own_card).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table/room_internal.h"
#include "testlib.h"


/* Names that are no card notation. */
static const char *const NAMES[] = {"Anna", "Bert", "Chris", "Doris", "Emil", "Franz"};

/* Parses a JSON text that must be valid. */
static json_t *parse(const char *text)
{
    json_error_t je;
    json_t *v = text ? json_loads(text, 0, &je) : NULL;
    if (!v)
        fail_msg("not JSON (%s): %s", text ? je.text : "NULL", text ? text : "");
    return v;
}

/* ------------------------------------------------------------------ */
/* Random sessions: the journal, and secrecy                          */
/* ------------------------------------------------------------------ */

/* Rulesets of the random sessions. */
static const char *const RULESETS[][2] = {
    {"official", ""},
    {"tournament", ""},
    {"sauspiel", "retour_by_partner=yes,kontra_max=4"},
    {"official", "allow_hochzeit=yes,bauernhochzeit=yes"},
    {"official", "allow_hochzeit=yes,hochzeit_after_pass=yes,klopfen=all"},
    {"official", "klopfen=chain,bock_games=4,bock_on_throw_in=yes"},
    {"stammtisch", ""},
    {"official", "players=3"},
    {"official", "kontra_timing=own_card,answer_one_card_later=yes"},
    {"official", "players=5"},
    {"official", "players=5,allow_hochzeit=yes,klopfen=all,bock_games=4"},
};
#define NRULESETS (sizeof RULESETS / sizeof RULESETS[0])

/* A session's inputs so far: every journal entry, kept by the test
 * (the room keeps only the last games'). */
typedef struct {
    char **entries;
    size_t n, cap;
} journal;

static void journal_add(journal *j, char *entry)
{
    assert_non_null(entry);
    if (j->n == j->cap) {
        j->cap = j->cap ? 2 * j->cap : 256;
        j->entries = realloc(j->entries, j->cap * sizeof *j->entries);
        assert_non_null(j->entries);
    }
    j->entries[j->n++] = entry;
}

static void journal_free(journal *j)
{
    for (size_t i = 0; i < j->n; i++)
        free(j->entries[i]);
    free(j->entries);
    memset(j, 0, sizeof *j);
}

/* Takes the entries of the events made since the journal's end. */
static void journal_catch_up(journal *j, const sk_room *r)
{
    while (j->n < sk_room_seq(r))
        journal_add(j, sk_room_journal(r, j->n + 1));
}

/* Compares the messages of events from..to of two rooms for every
 * recipient, and their states for recipient `only` (-1: every one). */
static void assert_same_rooms(const sk_room *a, const sk_room *b, uint64_t from, uint64_t to,
                              int only)
{
    assert_int_equal(sk_room_seq(a), sk_room_seq(b));
    /* the opponent model too: the same counts and evidence per player */
    assert_int_equal(a->model.n, b->model.n);
    assert_memory_equal(&a->model, &b->model, sizeof a->model);
    int n = sk_room_seats(a);
    for (int v = 0; v <= n; v++) {
        int seat = v == n ? SK_ROOM_SPECTATOR : v;
        if (only >= 0 && only != v) {
            for (uint64_t q = from; q <= to; q++) {
                char *x = sk_room_message(a, q, seat), *y = sk_room_message(b, q, seat);
                assert_non_null(x);
                assert_string_equal(x, y);
                free(x);
                free(y);
            }
            continue;
        }
        for (uint64_t q = from; q <= to; q++) {
            char *x = sk_room_message(a, q, seat), *y = sk_room_message(b, q, seat);
            assert_non_null(x);
            assert_non_null(y);
            if (strcmp(x, y) != 0)
                fail_msg("event %llu for %d differs:\n%s\n%s", (unsigned long long)q, seat, x, y);
            free(x);
            free(y);
        }
        char *x = sk_room_state(a, seat), *y = sk_room_state(b, seat);
        assert_string_equal(x, y);
        free(x);
        free(y);
    }
}

/* The room's inputs: sometimes a seat changes hands (mid-game: away,
 * then someone sits down), a player votes for or against a pause, the
 * timer is set; else a decision or a deal. */
static void random_input(sk_room *r, sk_rng *rng, uint64_t *player, int *games)
{
    int n = sk_room_seats(r);
    if (sk_rng_below(rng, 30) == 0) {
        int s = (int)sk_rng_below(rng, (uint32_t)n);
        const sk_room_seat *seat = sk_room_seat_at(r, s);
        if (seat->kind == SK_ROOM_HUMAN && !seat->away) {
            TL_OK(sk_room_pause(r, s, sk_rng_below(rng, 3) != 0,
                             (uint8_t)sk_rng_below(rng, 1u << n), TL_E));
            return;
        }
    }
    if (sk_rng_below(rng, 300) == 0) {
        TL_OK(sk_room_set_timer(r, (int)sk_rng_below(rng, SK_ROOM_TIMER_MAX + 1), TL_E));
        return;
    }
    if (sk_rng_below(rng, 40) == 0) {
        int s = (int)sk_rng_below(rng, (uint32_t)n);
        const sk_room_seat *seat = sk_room_seat_at(r, s);
        if (seat->kind != SK_ROOM_EMPTY && !seat->away) {
            TL_OK(sk_room_leave(r, s, TL_E));
        } else if (sk_rng_below(rng, 2)) {
            TL_OK(sk_room_sit_bot(r, s, sk_rng_below(rng, 2) ? "random" : "heuristic", TL_E));
        } else {
            (*player)++;
            TL_OK(sk_room_sit_human(r, s, *player, NAMES[*player % 6], TL_E));
        }
        return;
    }
    const sk_game *g = sk_room_game(r);
    if (g && g->pub.phase == SK_PHASE_PLAY && g->pub.trick_no == g->pub.ntricks - 1 &&
        g->pub.trick_len == 0 && sk_room_offer(r) < 0 && sk_rng_below(rng, 2) == 0) {
        /* a claim of the last trick by a random seat: held or refused */
        uint8_t line[SK_NSEATS];
        int len = tl_last_trick_line(g, line);
        int seat = (int)sk_rng_below(rng, (uint32_t)n);
        sk_error err = {{0}, NULL};
        int rc = sk_room_claim(r, seat, line, len, sk_room_seq(r), &err);
        if (rc != SK_OK && rc != SK_ESTATE)
            fail_msg("a claim of the cards left: %d %s", rc, err.msg);
        if (rc == SK_OK)
            return;
    }
    if (sk_room_game(r)) {
        sk_action legal[SK_MAX_LEGAL];
        int nl = 0, s = sk_room_pending(r, legal, &nl);
        const sk_room_seat *st = sk_room_seat_at(r, s);
        if (st->kind == SK_ROOM_HUMAN && !st->away && sk_rng_below(rng, 8) == 0) {
            /* his timer ran out: the fallback bot decides in his place */
            TL_OK(sk_room_stand_in(r, s, legal[sk_rng_below(rng, (uint32_t)nl)], sk_room_seq(r),
                                   TL_E));
            return;
        }
        tl_room_decide_random(r, rng);
        return;
    }
    for (int s = 0; s < n; s++)
        if (sk_room_seat_at(r, s)->kind == SK_ROOM_EMPTY) {
            (*player)++;
            TL_OK(sk_room_sit_human(r, s, *player, NAMES[*player % 6], TL_E));
            return;
        }
    uint8_t seed[SK_ROOM_SEED_BYTES];
    for (int i = 0; i < SK_ROOM_SEED_BYTES; i++)
        seed[i] = (uint8_t)sk_rng_next(rng);
    TL_OK(sk_room_deal(r, seed, TL_E));
    (*games)++;
}

/* Whether the sanitizer build runs (fewer games there). */
static bool sanitized(void)
{
    const char *san = getenv("SK_SAN");
    return san && *san == '1';
}

/* The journal round trip: a second room fed every entry as it is made
 * says the same at every event (every message, every state); a third
 * rebuilt at the end from the whole journal has the same records. */
static void test_journal_round_trip(void **state)
{
    (void)state;
    int sessions = sanitized() ? 4 : 16, games = 0;
    sk_rng rng;
    sk_rng_seed(&rng, 2026);
    for (int k = 0; k < sessions; k++) {
        const char *const *spec = RULESETS[k % NRULESETS];
        sk_room *r = tl_room(spec[0], spec[1]), *copy = tl_room(spec[0], spec[1]);
        int n = sk_room_seats(r);
        journal j = {0};
        uint64_t player = 100;
        int played = 0;
        while (played < 5 || sk_room_game(r)) {
            random_input(r, &rng, &player, &played);
            uint64_t from = j.n + 1;
            journal_catch_up(&j, r);
            for (uint64_t q = from; q <= j.n; q++)
                TL_OK(sk_room_replay(copy, j.entries[q - 1], TL_E));
            bool ended = from <= j.n && !sk_room_game(r);
            assert_same_rooms(r, copy, from, j.n,
                              ended ? -1 : (int)sk_rng_below(&rng, (uint32_t)n + 1));
        }
        games += played;
        sk_room *fresh = tl_room(spec[0], spec[1]);
        for (size_t i = 0; i < j.n; i++)
            TL_OK(sk_room_replay(fresh, j.entries[i], TL_E));
        assert_same_rooms(r, fresh, sk_room_seq(r), sk_room_seq(r), -1);
        char *x = sk_room_records(r), *y = sk_room_records(fresh);
        assert_string_equal(x, y);
        free(x);
        free(y);
        /* out of order, twice, or garbage: refused */
        sk_error err = {{0}, NULL};
        assert_int_equal(sk_room_replay(fresh, j.entries[0], &err), SK_EINVAL); /* again */
        assert_int_equal(sk_room_replay(fresh, "{\"seq\":", &err), SK_EINVAL);
        sk_room_free(fresh);
        sk_room_free(copy);
        sk_room_free(r);
        journal_free(&j);
    }
    print_message("%d sessions, %d games rebuilt event by event\n", sessions, games);
}

/* ---- secrecy ---- */

/* The card a JSON string names: a card ("EO") or an action on one
 * ("card EO", "accept EO"); -1 for none. */
static int named_card(const char *s)
{
    if (strncmp(s, "card ", 5) == 0)
        s += 5;
    else if (strncmp(s, "accept ", 7) == 0)
        s += 7;
    return strlen(s) == 2 ? sk_card_parse(s) : -1;
}

/* What a recipient (a room seat) may be told of the running game now;
 * with five players the seat sitting out knows what a spectator knows. */
static sk_cards allowed_cards(const sk_room *r, int room_seat)
{
    const sk_game *g = sk_room_game(r);
    if (!g)
        return SK_ALL_CARDS; /* between games: the last one is public */
    int seat = room_seat == SK_ROOM_SPECTATOR ? SK_NOSEAT : skx_room_game_seat(r, room_seat);
    sk_view v;
    sk_game_view(g, seat, &v);
    sk_cards ok = g->pub.played | v.open_hand;
    if (g->pub.called_ace < SK_NCARDS)
        ok |= SK_BIT(g->pub.called_ace); /* the card called, not where it is */
    if (seat != SK_NOSEAT) {
        ok |= sk_game_seen_hand(g, seat);
        for (int i = 0; i < g->pub.nactions; i++) { /* 002: the two who exchange */
            sk_action a = g->pub.actions[i];
            if (a.type == SK_ACT_ACCEPT && (seat == a.seat || seat == g->pub.declarer))
                ok |= SK_BIT(a.card);
        }
    }
    return ok;
}

/* The end of the JSON value at s (an object, array, string or scalar),
 * for skipping a finished game's course. */
static const char *skip_value(const char *s)
{
    int depth = 0;
    bool in_string = false;
    for (; *s; s++) {
        if (in_string) {
            if (*s == '\\')
                s++;
            else if (*s == '"')
                in_string = false;
            if (!in_string && depth == 0)
                return s + 1;
            continue;
        }
        if (*s == '"')
            in_string = true;
        else if (*s == '{' || *s == '[')
            depth++;
        else if (*s == '}' || *s == ']') {
            if (--depth <= 0)
                return s + (depth == 0);
        } else if (depth == 0 && *s == ',')
            return s;
    }
    return s;
}

/* The direct check of one text for a recipient: every string that
 * names a card names an allowed one; "seed" only in the course of a
 * finished game ("course", "last": skipped, public); no "hand" for a
 * spectator.  A scan of the text (it is JSON: json_loads must take it),
 * faster than walking a parsed tree. */
static void check_text(const sk_room *r, int seat, const char *text)
{
    if (text[strlen(text) / 2] % 8 == 0) { /* now and then: valid JSON */
        json_t *v = parse(text);
        json_decref(v);
    }
    assert_true(text[0] == '{');
    sk_cards allowed = allowed_cards(r, seat);
    const sk_game *g = sk_room_game(r);
    uint32_t running = g ? r->deal.no : 0;
    char str[64];
    for (const char *s = text; *s;) {
        if (*s != '"') {
            s++;
            continue;
        }
        size_t n = 0;
        for (s++; *s && *s != '"'; s++) {
            if (*s == '\\' && s[1])
                s++;
            if (n < sizeof str - 1)
                str[n++] = *s;
        }
        str[n] = '\0';
        if (*s)
            s++;
        if (*s == ':') { /* a key */
            if (strcmp(str, "course") == 0 || strcmp(str, "last") == 0) {
                char no[32];
                const char *at = strstr(s, "\"game\":");
                snprintf(no, sizeof no, "%s", at ? at + 7 : "0");
                if (s[1] == '{' && (uint32_t)atol(no) == running)
                    fail_msg("the running game's course: %s", text);
                s = skip_value(s + 1);
                continue;
            }
            if (strcmp(str, "seed") == 0)
                fail_msg("a seed before the game is over: %s", text);
            if (strcmp(str, "hand") == 0 && seat == SK_ROOM_SPECTATOR &&
                !strstr(text, "\"kind\":\"claim\"")) /* a claimer shows his cards to all */
                fail_msg("a spectator got a hand: %s", text);
            if (strcmp(str, "hand") == 0 && g && seat == sk_room_out(r))
                fail_msg("the seat sitting out got a hand: %s", text);
            continue;
        }
        int c = named_card(str);
        if (c >= 0 && !(allowed & SK_BIT(c)))
            fail_msg("%s is named but not known: %s", sk_card_name(c), text);
    }
}

/* The swap test for the game dealt at journal entry `deal` of j (room
 * state `live` at event upto): a room fed the same journal but dealt
 * the swapped hands must tell `seat` the same from the deal to upto.
 * Returns whether a swap was found that the inputs allow. */
static bool check_swap(const sk_room *live, const journal *j, uint64_t deal, uint64_t upto,
                       int seat, sk_rng *rng)
{
    const sk_game *g = sk_room_game(live);
    const sk_rules *rules = sk_room_rules(live);
    for (int tries = 0; tries < 12; tries++) {
        uint8_t dealt[4][8];
        int x, y;
        int gseat = seat == SK_ROOM_SPECTATOR ? SK_NOSEAT : skx_room_game_seat(live, seat);
        if (!tl_unseen_swap(g, gseat, rng, dealt, &x, &y))
            continue;
        sk_room *o = sk_room_new(sk_room_id(live), rules, sk_room_fallback(live), NULL);
        assert_non_null(o);
        bool same = true;
        for (uint64_t q = 1; q < deal; q++)
            TL_OK(sk_room_replay(o, j->entries[q - 1], TL_E));
        uint8_t seed[SK_ROOM_SEED_BYTES];
        memcpy(seed, live->deal.seed, sizeof seed);
        sk_error err = {{0}, NULL};
        same = skx_room_deal_hands(o, seed, dealt, &err) == SK_OK;
        for (uint64_t q = deal + 1; same && q <= upto; q++)
            same = sk_room_replay(o, j->entries[q - 1], NULL) == SK_OK;
        const sk_game *h = sk_room_game(o);
        /* what the rules make public (as in test_visibility.c): 002 Muss,
         * the Eichel-Ober's holder and the card he calls; how many trumps
         * a Hochzeit offers */
        same = same && h && sk_room_seq(o) == upto &&
               !(g->pub.muss && (x == SK_CARD(SK_EICHEL, SK_OBER) ||
                                 y == SK_CARD(SK_EICHEL, SK_OBER) ||
                                 g->pub.called_ace != h->pub.called_ace)) &&
               g->pub.hochzeit_cards == h->pub.hochzeit_cards;
        if (!same) {
            sk_room_free(o);
            continue;
        }
        for (uint64_t q = deal; q <= upto; q++) {
            char *p1 = sk_room_message(live, q, seat), *p2 = sk_room_message(o, q, seat);
            if (strcmp(p1, p2) != 0)
                fail_msg("seat %d tells %s from %s at event %llu:\n%s\n%s", seat,
                         sk_card_name(x), sk_card_name(y), (unsigned long long)q, p1, p2);
            free(p1);
            free(p2);
        }
        char *s1 = sk_room_state(live, seat), *s2 = sk_room_state(o, seat);
        if (strcmp(s1, s2) != 0)
            fail_msg("seat %d's state tells %s from %s:\n%s\n%s", seat, sk_card_name(x),
                     sk_card_name(y), s1, s2);
        free(s1);
        free(s2);
        sk_room_free(o);
        return true;
    }
    return false;
}

/* The secrecy property test (see the top of the file). */
static void test_secrecy(void **state)
{
    (void)state;
    int target = sanitized() ? 150 : 1200, games = 0, swaps = 0, swap_tries = 0, texts = 0;
    sk_rng rng;
    sk_rng_seed(&rng, 20261125);
    for (int k = 0; games < target; k++) {
        const char *const *spec = RULESETS[k % NRULESETS];
        sk_room *r = tl_room(spec[0], spec[1]);
        int n = sk_room_seats(r);
        journal j = {0};
        uint64_t player = 100, deal = 0;
        int played = 0;
        bool swapped = false;
        while (played < 3 || sk_room_game(r)) {
            int before = played;
            random_input(r, &rng, &player, &played);
            uint64_t from = j.n + 1;
            journal_catch_up(&j, r);
            if (played != before) {
                deal = sk_room_seq(r);
                swapped = false;
            }
            for (uint64_t q = from; q <= j.n; q++)
                for (int v = 0; v <= n; v++) {
                    int seat = v == n ? SK_ROOM_SPECTATOR : v;
                    char *text = sk_room_message(r, q, seat);
                    check_text(r, seat, text);
                    free(text);
                    texts++;
                }
            int look = (int)sk_rng_below(&rng, (uint32_t)n + 1);
            look = look == n ? SK_ROOM_SPECTATOR : look;
            if (sk_rng_below(&rng, 16) == 0) {
                char *text = sk_room_state(r, look);
                check_text(r, look, text);
                free(text);
                texts++;
            }
            const sk_game *g = sk_room_game(r);
            if (g && !swapped && g->pub.nactions > 0 && sk_rng_below(&rng, 24) == 0) {
                swapped = true;
                swap_tries++;
                swaps += check_swap(r, &j, deal, sk_room_seq(r), look, &rng);
            }
        }
        games += played;
        sk_room_free(r);
        journal_free(&j);
    }
    print_message("%d games, %d texts checked, %d of %d swap tests found a swap\n", games, texts,
                  swaps, swap_tries);
    assert_true(swaps > swap_tries / 3); /* the swap test is not vacuous */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_journal_round_trip),
        cmocka_unit_test(test_secrecy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
