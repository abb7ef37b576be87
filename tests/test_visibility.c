/*
 * test_visibility.c -- what a seat may know (core's visibility.c) and
 * who plays with whom, checked on every outlet: the view a bot gets and
 * the lines an external engine reads (src/table/engine_lines.c).
 *
 * The property test plays random games of every preset and of the
 * variants (Hochzeit, Bauernhochzeit, Klopfen, Bettel ouvert, Muss,
 * Kreuzbock, Bock, three seats, short decks).  At every step it checks
 * each seat's outlets directly (no hand but its own, no passed card but
 * to the two who exchange it).  Once a game it also checks that a seat
 * cannot tell two deals apart that differ only in cards it cannot see:
 * two unplayed cards of two other seats are swapped in the deal, the
 * same actions are replayed, and the seat's view and its whole engine
 * transcript must come out byte for byte the same.  Whatever the
 * outlets leak -- a card, the called ace's holder, a seed -- makes them
 * differ.  docs/architecture.md states the rule.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "table/engine.h"
#include "testlib.h"

/* Rulesets of the property test: every preset, then the variants that
 * hide something of their own. */
typedef struct {
    const char *preset;
    const char *rules; /* "key=value,key=value" or "" */
} ruleset_spec;

static const ruleset_spec RULESETS[] = {
    {"official", ""},
    {"tournament", ""},
    {"sauspiel", ""},
    {"kurz", ""},
    {"stammtisch", ""},
    {"official", "allow_hochzeit=yes,bauernhochzeit=yes"},
    {"official", "allow_hochzeit=yes,hochzeit_after_pass=yes,klopfen=all"},
    {"official", "klopfen=chain,deck=20"},
    {"official", "allow_bettel=yes,allow_bettel_ouvert=yes,bettel_open_at_once=no,"
                 "bettel_stichzwang=yes"},
    {"official", "all_pass=muss,kontra_timing=own_card,answer_one_card_later=yes"},
    {"official", "all_pass=kreuzbock,klopfen=all"},
    {"official", "players=3"},
    {"sauspiel", "retour_by_partner=yes,kontra_max=4"},
};
#define NRULESETS (sizeof RULESETS / sizeof RULESETS[0])

/* A ruleset of the list. */
static sk_rules ruleset(const ruleset_spec *spec)
{
    sk_rules r = tl_preset(spec->preset);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec->rules);
    for (char *pair = strtok(buf, ","); pair; pair = strtok(NULL, ",")) {
        sk_error err = {{0}, NULL};
        if (sk_rules_set_pair(&r, pair, &err) < 0)
            fail_msg("ruleset %s %s: %s", spec->preset, pair, err.msg);
    }
    return r;
}

/* A random legal action: a doubling now and then, else one of the seat
 * to move; bids and Hochzeit offers half of the time. */
static sk_action random_action(const sk_game *g, sk_rng *rng)
{
    sk_action a[SK_MAX_LEGAL];
    int n = sk_game_legal(g, a);
    assert_true(n > 0);
    int dbl[SK_MAX_LEGAL], own[SK_MAX_LEGAL], nd = 0, no = 0;
    for (int i = 0; i < n; i++) {
        if (a[i].type == SK_ACT_KONTRA || a[i].type == SK_ACT_RETOUR)
            dbl[nd++] = i;
        else if (a[i].seat == g->pub.to_move)
            own[no++] = i;
    }
    if (nd && (no == 0 || sk_rng_below(rng, 6) == 0))
        return a[dbl[sk_rng_below(rng, (uint32_t)nd)]];
    assert_true(no > 0);
    if (g->pub.phase == SK_PHASE_AUCTION || g->pub.phase == SK_PHASE_KLOPFEN) {
        int pass = -1;
        for (int i = 0; i < no; i++)
            if (a[own[i]].type == SK_ACT_PASS)
                pass = own[i];
        if (pass >= 0 && sk_rng_below(rng, 3) != 0)
            return a[pass];
    }
    return a[own[sk_rng_below(rng, (uint32_t)no)]];
}

/* A fresh random deal of r, with random round flags. */
static void random_start(sk_game *g, const sk_rules *r, sk_rng *rng)
{
    int seats = sk_rules_seats(r);
    sk_game_deal(g, r, (int)sk_rng_below(rng, (uint32_t)seats), rng, sk_rng_below(rng, 4) == 0);
    int bock = sk_rng_below(rng, 4) == 0 ? 1 : 0;
    bool kreuz = seats == 4 && sk_rng_below(rng, 16) == 0;
    if (bock || kreuz)
        assert_int_equal(sk_game_set_round(g, bock, kreuz, NULL), SK_OK);
}

/* The round flags of a started game, to replay it. */
typedef struct {
    int bock;
    bool kreuzbock;
} round_flags;

/* Starts `h` like `g` but from the deal `dealt`, and replays g's first
 * `upto` actions into it; false when the deal cannot have them. */
static bool replay_as(const sk_game *g, round_flags rf, const uint8_t dealt[4][8], int upto,
                      sk_game *h)
{
    if (sk_game_init(h, g->rules, g->pub.dealer, dealt, g->pub.first_game, NULL) < 0)
        return false;
    if ((rf.bock || rf.kreuzbock) && sk_game_set_round(h, rf.bock, rf.kreuzbock, NULL) < 0)
        return false;
    for (int i = 0; i < upto; i++)
        if (sk_game_apply(h, g->pub.actions[i], NULL) < 0)
            return false;
    return true;
}

/* Everything an engine at `seat` reads in the game of deal `dealt` up
 * to action `upto` of g: its "game"/"hand" lines and the lines after
 * each action.  False when the deal cannot have those actions. */
static bool engine_transcript(const sk_game *g, round_flags rf, const uint8_t dealt[4][8],
                              int upto, int seat, char *out, size_t size)
{
    static sk_game h;
    if (!replay_as(g, rf, dealt, 0, &h))
        return false;
    sk_cards told = 0;
    size_t n = skx_engine_game_text(&h, seat, "g0", 7, &told, out, size);
    for (int i = 0; i < upto; i++) {
        if (sk_game_apply(&h, g->pub.actions[i], NULL) < 0)
            return false;
        assert_true(n < size);
        n += skx_engine_event_text(&h, seat, &told, out + n, size - n);
    }
    assert_true(n < size);
    return true;
}

/* Checks the card words of engine lines for `seat`: a "hand" names only
 * cards of its own seen hand, every card word is a card, and a
 * Hochzeit's passed card shows only to the two who exchange it. */
static void check_engine_lines(const sk_game *g, int seat, const char *text)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL;
    for (char *line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "hand", 4) == 0) {
            sk_cards hand = sk_game_seen_hand(g, seat);
            for (char *w = line + 4; *w == ' '; w += 3) {
                int c = sk_card_parse(w + 1);
                if (c < 0 || !(hand & SK_BIT(c)))
                    fail_msg("seat %d was told \"%s\"", seat, line);
            }
        }
        int s;
        char card[8];
        if (sscanf(line, "event %d accept %7s", &s, card) == 2 && s != seat &&
            seat != g->pub.declarer)
            fail_msg("seat %d was told the Hochzeit card: \"%s\"", seat, line);
        if (strstr(line, "??"))
            fail_msg("seat %d was told a placeholder card: \"%s\"", seat, line);
    }
}

/* Checks the view of `seat` (SK_NOSEAT: a spectator) directly: its own
 * seen hand only, an ouvert hand only once open, a passed card only to
 * the two who exchange it, and sides it names only as they are. */
static void check_view(const sk_game *g, int seat)
{
    sk_view v;
    sk_game_view(g, seat, &v);
    bool at_table = seat < g->pub.nseats;
    assert_int_equal(v.hand, at_table ? sk_game_seen_hand(g, seat) : 0);
    for (int i = 0; i < 8; i++)
        if (v.dealt[i] != SK_NOCARD) {
            assert_true(at_table);
            assert_int_equal(v.dealt[i], g->dealt[seat][i]);
        }
    if (g->pub.open_seat >= SK_NSEATS)
        assert_int_equal(v.open_hand, 0);
    for (int i = 0; i < v.pub.nactions; i++) {
        sk_action a = v.pub.actions[i];
        if (a.type == SK_ACT_ACCEPT && a.card != SK_NOCARD)
            assert_true(seat == a.seat || seat == g->pub.declarer);
        else if (a.type != SK_ACT_ACCEPT)
            assert_true(sk_action_equal(a, g->pub.actions[i]));
    }
    for (int s = 0; s < g->pub.nseats; s++) { /* what it knows of sides is true */
        enum sk_side known = sk_view_side(&v, s), truth = sk_game_side(g, s);
        if (known != SK_SIDE_UNKNOWN)
            assert_int_equal(known, truth);
    }
}

/* sk_game_from_view with the true hands gives back the game's hidden
 * state -- the called ace's holder, a running away (2.5.4) -- and so
 * the same legal actions, whatever the view hid. */
static void check_from_view(const sk_game *g, int seat)
{
    if (g->pub.phase != SK_PHASE_PLAY)
        return;
    static sk_game h;
    sk_view v;
    sk_game_view(g, seat, &v);
    sk_game_from_view(&v, g->hands, &h);
    assert_int_equal(h.partner, g->partner);
    assert_int_equal(h.pub.ran_away, g->pub.ran_away);
    sk_action a[SK_MAX_LEGAL], b[SK_MAX_LEGAL];
    int n = sk_game_legal(g, a);
    assert_int_equal(sk_game_legal(&h, b), n);
    for (int i = 0; i < n; i++)
        assert_true(sk_action_equal(a[i], b[i]));
}

/* The swap test (see the top): a seat -- or a spectator -- at action
 * `upto` of the finished or running game g.  Returns whether a swap was
 * found that the actions allow. */
static bool check_swap(const sk_game *g, round_flags rf, int upto, int seat, sk_rng *rng)
{
    static sk_game now, other;
    static char text_a[1 << 15], text_b[1 << 15];
    int nseats = g->pub.nseats;
    if (!replay_as(g, rf, g->dealt, upto, &now) || sk_game_over(&now))
        return false;
    for (int tries = 0; tries < 12; tries++) {
        uint8_t dealt[4][8];
        int x, y;
        if (!tl_unseen_swap(&now, seat, rng, dealt, &x, &y))
            continue;
        if (now.pub.muss && (x == SK_CARD(SK_EICHEL, SK_OBER) || y == SK_CARD(SK_EICHEL, SK_OBER)))
            continue; /* 002 Muss: the Eichel-Ober's holder must play, so all know him */
        if (!replay_as(g, rf, dealt, upto, &other))
            continue;
        if (now.pub.muss && now.pub.called_ace != other.pub.called_ace)
            continue; /* 002 Muss: the card he calls (the Ten when he holds the Sau) is said */
        if (now.pub.hochzeit_cards != other.pub.hochzeit_cards)
            continue; /* 002: how many trumps a Hochzeit offers is said (Bauernhochzeit) */
        /* the swapped deal is another deal the seat cannot tell apart */
        sk_view va, vb;
        memset(&va, 0, sizeof va);
        memset(&vb, 0, sizeof vb);
        sk_game_view(&now, seat, &va);
        sk_game_view(&other, seat, &vb);
        if (memcmp(&va, &vb, sizeof va) != 0) {
            char code[32];
            sk_contract_code(now.pub.contract, code, sizeof code);
            size_t at = 0;
            while (((const char *)&va)[at] == ((const char *)&vb)[at])
                at++;
            print_message("first difference at byte %zu of the view (pub at %zu, phase %d, "
                          "preset %s)\n", at, offsetof(sk_view, pub), now.pub.phase,
                          now.rules->preset);
            fail_msg("seat %d's view tells %s from %s in a %s at action %d", seat,
                     sk_card_name(x), sk_card_name(y), code, upto);
        }
        for (int s = 0; s < nseats; s++)
            assert_int_equal(sk_view_side(&va, s), sk_view_side(&vb, s));
        if (seat < nseats) {
            assert_true(engine_transcript(g, rf, g->dealt, upto, seat, text_a, sizeof text_a));
            assert_true(engine_transcript(g, rf, dealt, upto, seat, text_b, sizeof text_b));
            if (strcmp(text_a, text_b) != 0)
                fail_msg("seat %d's engine lines tell %s from %s:\n%s\n--- and ---\n%s", seat,
                         sk_card_name(x), sk_card_name(y), text_a, text_b);
        }
        return true;
    }
    return false;
}

/* How many games the property test plays: at least 100,000 in all (the
 * sanitizer build, five times slower, plays a tenth). */
static int property_games(void)
{
    const char *san = getenv("SK_SAN");
    return san && *san == '1' ? 10400 : 104000;
}

/* The property test: random games of every ruleset; direct checks at
 * every step for every seat and a spectator, one swap test per game. */
static void test_nothing_leaks(void **state)
{
    (void)state;
    static sk_game g;
    static char text[SK_NSEATS][4096];
    int games = property_games(), swaps = 0, swap_tries = 0;
    sk_rng rng;
    sk_rng_seed(&rng, 20261125);
    for (int k = 0; k < games; k++) {
        sk_rules r = ruleset(&RULESETS[k % NRULESETS]);
        random_start(&g, &r, &rng);
        round_flags rf = {g.pub.bock, g.pub.kreuzbock_round != 0};
        sk_cards told[SK_NSEATS];
        for (int s = 0; s < g.pub.nseats; s++) {
            skx_engine_game_text(&g, s, "g0", 7, &told[s], text[s], sizeof text[s]);
            check_engine_lines(&g, s, text[s]);
        }
        while (!sk_game_over(&g)) {
            sk_error err = {{0}, NULL};
            if (sk_game_apply(&g, random_action(&g, &rng), &err) < 0)
                fail_msg("a listed action was refused: %s", err.msg);
            for (int s = 0; s < g.pub.nseats; s++) {
                size_t n = skx_engine_event_text(&g, s, &told[s], text[s], sizeof text[s]);
                assert_true(n < sizeof text[s]);
                check_engine_lines(&g, s, text[s]);
            }
            int look = (int)sk_rng_below(&rng, (uint32_t)g.pub.nseats + 1);
            check_view(&g, look == g.pub.nseats ? SK_NOSEAT : look);
            if (look < g.pub.nseats)
                check_from_view(&g, look);
        }
        if (g.pub.nactions > 1) {
            int upto = 1 + (int)sk_rng_below(&rng, (uint32_t)g.pub.nactions - 1);
            int seat = (int)sk_rng_below(&rng, (uint32_t)g.pub.nseats + 1);
            swap_tries++;
            swaps += check_swap(&g, rf, upto, seat == g.pub.nseats ? SK_NOSEAT : seat, &rng);
        }
    }
    print_message("%d games, %d of %d swap tests found a swap the actions allow\n", games,
                  swaps, swap_tries);
    assert_true(swaps > swap_tries / 3); /* the swap test is not vacuous */
}

/* Hands for a Hochzeit: seat 1 (the declarer) holds one trump, HA. */
static void start_hochzeit(sk_game *g, sk_rules *r)
{
    *r = tl_preset("official");
    tl_set(r, "allow_hochzeit", "yes");
    tl_start_game(g, r, 3, false, "EA EZ EK E9 GA GZ GK E8", "HA E7 G9 G8 G7 SA SZ SK",
                  "EO GO HO SO EU GU HU SU", NULL);
}

/* Defect of issue 13: a Hochzeit's passed card reached every engine.
 * 002 Hochzeit: the taker gives a card face down; only the taker and the
 * declarer see it (docs/rules.md). */
static void test_hochzeit_card_only_to_the_two(void **state)
{
    (void)state;
    sk_rules r;
    static sk_game g;
    start_hochzeit(&g, &r);
    sk_cards told[SK_NSEATS];
    char text[1024];
    for (int s = 0; s < SK_NSEATS; s++)
        skx_engine_game_text(&g, s, "g0", 7, &told[s], text, sizeof text);
    tl_open_declare(&g, 1, "hochzeit");
    tl_ok(&g, "2 pass");
    for (int s = 0; s < SK_NSEATS; s++)
        skx_engine_event_text(&g, s, &told[s], text, sizeof text);
    tl_ok(&g, "3 accept S7");
    for (int s = 0; s < SK_NSEATS; s++) {
        skx_engine_event_text(&g, s, &told[s], text, sizeof text);
        bool sees = s == 1 || s == 3;
        assert_int_equal(strstr(text, "event 3 accept S7") != NULL, sees);
        if (!sees)
            assert_non_null(strstr(text, "event 3 accept\n"));
        sk_view v;
        sk_game_view(&g, s, &v);
        sk_action seen = v.pub.actions[v.pub.nactions - 1];
        assert_int_equal(seen.card, sees ? tl_C("S7") : SK_NOCARD);
    }
    /* the two who exchanged are told their new hands */
    assert_int_equal(told[1], sk_game_seen_hand(&g, 1));
    assert_int_equal(told[3], sk_game_seen_hand(&g, 3));
    assert_true(told[3] & tl_S("HA"));
}

/* Defect of issue 13: with short decks engines got "??" placeholders in
 * the hand line (002 short cards: six cards a hand, 20 cards: five). */
static void test_short_deck_hand_lines(void **state)
{
    (void)state;
    static const char *const decks[] = {"short", "20"};
    static sk_game g;
    for (int d = 0; d < 2; d++) {
        sk_rules r = tl_preset("official");
        tl_set(&r, "deck", decks[d]);
        sk_rng rng;
        sk_rng_seed(&rng, 5);
        sk_game_deal(&g, &r, 0, &rng, false);
        char text[512];
        sk_cards told;
        skx_engine_game_text(&g, 2, "g0", 7, &told, text, sizeof text);
        assert_null(strstr(text, "??"));
        assert_int_equal(sk_cards_count(told), sk_rules_hand_size(&r));
        check_engine_lines(&g, 2, text);
    }
}

/* 002 "Laying": a seat lays after seeing its first packet only; an
 * engine is told the first packet, then its whole hand once the laying
 * round is over. */
static void test_klopfen_first_packet_only(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    tl_set(&r, "klopfen", "all");
    static sk_game g;
    tl_start_game(&g, &r, 3, false, "EO GO HO SO EU GU HU SU", NULL, NULL, NULL);
    char text[512];
    sk_cards told;
    skx_engine_game_text(&g, 0, "g0", 7, &told, text, sizeof text);
    assert_non_null(strstr(text, "\nhand EO GO HO SO\n"));
    sk_view v;
    sk_game_view(&g, 0, &v);
    assert_int_equal(v.hand, tl_S("EO GO HO SO"));
    while (g.pub.phase == SK_PHASE_KLOPFEN) {
        char line[16];
        snprintf(line, sizeof line, "%d pass", g.pub.to_move);
        tl_ok(&g, line);
        skx_engine_event_text(&g, 0, &told, text, sizeof text);
    }
    assert_non_null(strstr(text, "hand EO GO HO SO EU GU HU SU\n"));
    assert_int_equal(told, g.hands[0]);
}

/* 2.5: the called ace's holder is hidden until he plays it -- or until
 * the trick in which he ran away with the suit is complete (2.5.4: the
 * ace did not fall, so only the leader can hold it).  Seat 0 declares a
 * Sauspiel on the Gras-Sau; seat 2 holds GA with three more Gras and
 * runs away leading G7 in trick 2. */
static void test_running_away_public_after_the_trick(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    static sk_game g;
    /* dealer 1: seat 2 is forehand and leads trick 1 */
    tl_start_game(&g, &r, 1, false, "EO GO HO SO EU GU G8 EA", "EZ EK E9 E8 E7 SA SZ SK",
                  "GA GZ GK G7 S9 S8 S7 HA", NULL);
    tl_open_declare(&g, 0, "sauspiel:G");
    assert_int_equal(g.partner, 2);
    assert_int_equal(g.pub.to_move, 2);
    tl_ok(&g, "2 card G7"); /* runs away */
    assert_true(g.pub.ran_away);
    sk_view v1, v2;
    sk_game_view(&g, 1, &v1);
    sk_game_view(&g, 2, &v2);
    assert_false(v1.pub.ran_away); /* the trick is not complete */
    assert_true(v2.pub.ran_away);  /* its own knowledge */
    assert_int_equal(sk_view_side(&v1, 2), SK_SIDE_UNKNOWN);
    while (g.pub.trick_len != 0)
        tl_play_lowest(&g);
    sk_game_view(&g, 1, &v1);
    assert_true(v1.pub.ran_away);
    assert_int_equal(sk_view_side(&v1, 2), SK_SIDE_DECLARER);
    assert_int_equal(sk_view_side(&v1, 3), SK_SIDE_DEFENDER);
}

/* One answer to who plays with whom (issue 13): the truth in every kind
 * of game -- 2.5 (the called ace's holder), 002 Hochzeit (the taker),
 * 002/003 Kreuzbock (the seat across) -- and what a seat knows of it. */
static void test_sides(void **state)
{
    (void)state;
    sk_rules r;
    static sk_game g;
    start_hochzeit(&g, &r);
    tl_open_declare(&g, 1, "hochzeit");
    assert_int_equal(sk_game_side(&g, 1), SK_SIDE_DECLARER);
    assert_int_equal(sk_game_side(&g, 2), SK_SIDE_UNKNOWN); /* nobody took it yet */
    tl_ok(&g, "2 pass");
    tl_ok(&g, "3 accept S7");
    assert_int_equal(sk_game_side_mask(&g), (1u << 1) | (1u << 3));
    sk_view v;
    sk_game_view(&g, 0, &v);
    assert_int_equal(sk_view_side(&v, 3), SK_SIDE_DECLARER); /* taking it is public */
    assert_int_equal(sk_view_side(&v, 0), SK_SIDE_DEFENDER);

    r = tl_preset("official");
    tl_start_game(&g, &r, 3, false, "EO GO HO SO EU GU G8 EA", "EZ EK E9 E8 E7 SA SZ SK",
                  "GA GZ GK G7 S9 S8 S7 HA", NULL);
    tl_open_declare(&g, 0, "sauspiel:G");
    assert_int_equal(sk_game_side_mask(&g), (1u << 0) | (1u << 2));
    sk_game_view(&g, 0, &v);
    assert_int_equal(sk_view_side(&v, 2), SK_SIDE_UNKNOWN); /* 2.5: hidden */
    sk_game_view(&g, 2, &v);
    assert_int_equal(sk_view_side(&v, 2), SK_SIDE_DECLARER); /* it holds the ace */
    assert_int_equal(sk_view_side(&v, 1), SK_SIDE_DEFENDER);
    sk_game_view(&g, 1, &v);
    assert_int_equal(sk_view_side(&v, 1), SK_SIDE_DEFENDER); /* it lacks the ace */
    assert_int_equal(sk_view_side(&v, 3), SK_SIDE_UNKNOWN);
    sk_game_view(&g, SK_NOSEAT, &v);
    assert_int_equal(v.hand, 0);
    assert_int_equal(sk_view_side(&v, 0), SK_SIDE_DECLARER);
    assert_int_equal(sk_view_side(&v, 2), SK_SIDE_UNKNOWN);
    sk_action legal[SK_MAX_LEGAL];
    assert_int_equal(sk_view_legal(&v, legal), 0); /* a spectator acts never */

    r = tl_preset("official");
    tl_start_game(&g, &r, 3, false, NULL, NULL, NULL, NULL);
    assert_int_equal(sk_game_set_round(&g, 0, true, NULL), SK_OK); /* Kreuzbock */
    assert_int_equal(sk_game_side_mask(&g), (1u << 0) | (1u << 2)); /* forehand's pair */
    tl_ok(&g, "1 kontra"); /* the other pair doubles: it is the declarer's side now */
    assert_int_equal(sk_game_side_mask(&g), (1u << 1) | (1u << 3));
    assert_int_equal(sk_game_declarer(&g), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hochzeit_card_only_to_the_two),
        cmocka_unit_test(test_short_deck_hand_lines),
        cmocka_unit_test(test_klopfen_first_packet_only),
        cmocka_unit_test(test_running_away_public_after_the_trick),
        cmocka_unit_test(test_sides),
        cmocka_unit_test(test_nothing_leaks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
