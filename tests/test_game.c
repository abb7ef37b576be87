/*
 * test_game.c -- the game state machine: the auction (2.4), the validity
 * of contracts (2.5-2.9), the play (3.1, 3.2 and the called-ace rules
 * 2.5.2-2.5.5), Kontra and Retour (3.3, 5.2.4), turns (3.4.7) and views.
 *
 * Positions are built from explicit hands and scripted with "seat action"
 * lines such as "0 bid sauspiel" or "2 card GA".  Every accepted action
 * must also be listed by sk_game_legal, every refused one must not be and
 * must leave the game untouched.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "schafkopf/core.h"
#include "testlib.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* Counts the listed declarations of a contract type. */
static int declarations_of_type(const sk_game *g, int type)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal), k = 0;
    for (int i = 0; i < n; i++)
        k += legal[i].type == SK_ACT_DECLARE && legal[i].contract.type == type;
    return k;
}

/*
 * Deal A for the play (dealer 3, seat 0 forehand and declarer of a
 * Sauspiel with the Gras-Sau).  Seat 2 holds the called ace with one
 * other Gras card and no Eichel; seats 1 and 3 defend.
 */
#define A0 "EO GO HO HA HZ GK EK S9"
#define A1 "GZ G9 E9 E8 HK H9 SA SK"
#define A2 "GA G8 SO SU SZ S8 H8 S7"
#define A3 "EA EZ EU E7 GU G7 HU H7"

static void start_a(sk_game *g, const sk_rules *r)
{
    tl_start_game(g, r, 3, false, A0, A1, A2, A3);
    tl_script(g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", "0 declare sauspiel:G", NULL);
    assert_int_equal(g->pub.phase, SK_PHASE_PLAY);
}

/*
 * Deal B: as A, but seat 1 holds the Gras-Sau with four Gras cards (may
 * run away, 2.5.4) and no Eichel.
 */
#define B0 "EO GO HO HA HZ GK EK S9"
#define B1 "GA GZ G9 G8 SA SK HK H9"
#define B2 "G7 SO SU SZ S8 S7 E9 E8"
#define B3 "EA EZ EU E7 GU HU H8 H7"

static void start_b(sk_game *g, const sk_rules *r)
{
    tl_start_game(g, r, 3, false, B0, B1, B2, B3);
    tl_script(g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", "0 declare sauspiel:G", NULL);
}

/* ------------------------------------------------------------------ */
/* The auction (2.4)                                                    */
/* ------------------------------------------------------------------ */

/* 2.4.1: forehand, the dealer's left neighbour, speaks first */
static void test_forehand_speaks_first(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    assert_int_equal(g.pub.phase, SK_PHASE_AUCTION);
    assert_int_equal(g.pub.to_move, 0);
    tl_refused(&g, "1 pass", SK_ESTATE, "2.4.1");
    tl_refused(&g, "3 bid sauspiel", SK_ESTATE, "2.4.1");
    tl_ok(&g, "0 pass");
    assert_int_equal(g.pub.to_move, 1);
    tl_refused(&g, "0 bid sauspiel", SK_ESTATE, "2.4.1"); /* spoken already */

    for (int dealer = 0; dealer < 4; dealer++) {
        tl_start_game(&g, &r, dealer, false, A0, A1, A2, A3);
        assert_int_equal(g.pub.to_move, (dealer + 1) % 4);
    }
}

/* 2.4.2/2.4.3: "ich spiele", then the others pass: the bidder declares */
static void test_ich_spiele_then_passes(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    /* 2.4.2: the opening bid is "ich spiele", the class comes later */
    tl_refused(&g, "0 bid solo", SK_EILLEGAL, "2.4.2");
    tl_refused(&g, "0 bid wenz", SK_EILLEGAL, "2.4.2");
    tl_script(&g, "0 bid sauspiel", "1 pass", "2 pass", NULL);
    assert_int_equal(g.pub.phase, SK_PHASE_AUCTION);
    tl_ok(&g, "3 pass");
    assert_int_equal(g.pub.phase, SK_PHASE_DECLARE);
    assert_int_equal(g.pub.declarer, 0);
    assert_int_equal(g.pub.to_move, 0);

    /* 2.4.3: after a pass a later seat may open */
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_script(&g, "0 pass", "1 pass", "2 bid sauspiel", "3 pass", NULL);
    assert_int_equal(g.pub.phase, SK_PHASE_DECLARE);
    assert_int_equal(g.pub.declarer, 2);
}

/* 2.4.6: the second bidder needs more than a Sauspiel */
static void test_second_bidder_needs_more(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_ok(&g, "0 bid sauspiel");
    tl_refused(&g, "1 bid sauspiel", SK_EILLEGAL, "2.4.6");
    tl_ok(&g, "1 bid wenz");
    assert_int_equal(g.pub.challenger, 1);
    assert_int_equal(g.pub.holder, 0);
    assert_int_equal(g.pub.to_move, 0); /* the first bidder answers */
}

/* 2.4.7: the first bidder yields ("ist recht"): the challenger holds and
 * is bound to his claim */
static void test_first_bidder_yields(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_script(&g, "0 bid sauspiel", "1 bid solo", "0 pass", NULL);
    assert_int_equal(g.pub.holder, 1);
    assert_int_equal(g.pub.to_move, 2);
    tl_script(&g, "2 pass", "3 pass", NULL);
    assert_int_equal(g.pub.phase, SK_PHASE_DECLARE);
    assert_int_equal(g.pub.declarer, 1);
    /* 2.4.7/2.4.10: bound to a Solo: nothing below it */
    tl_refused(&g, "1 declare sauspiel:E", SK_EILLEGAL, "2.4.10");
    tl_refused(&g, "1 declare wenz", SK_EILLEGAL, "2.4.10");
    assert_false(tl_may_declare(&g, "sauspiel:E"));
    assert_true(tl_may_declare(&g, "solo:G"));
    assert_true(tl_may_declare(&g, "wenz:tout"));
    tl_ok(&g, "1 declare solo:G");
    assert_int_equal(g.pub.phase, SK_PHASE_PLAY);
}

/* 2.4.8: the first bidder holds with a Solo ("ich spiele selbst"): the
 * challenger can no longer claim a Wenz (nor a Solo), only a Tout */
static void test_holder_solo_needs_tout(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_script(&g, "0 bid sauspiel", "1 bid wenz", "0 bid solo", NULL);
    assert_int_equal(g.pub.to_move, 1);
    tl_refused(&g, "1 bid wenz", SK_EILLEGAL, "2.4.6");
    tl_refused(&g, "1 bid solo", SK_EILLEGAL, "2.4.6");
    tl_ok(&g, "1 bid wenz:tout");
    assert_int_equal(g.pub.to_move, 0);
    tl_ok(&g, "0 pass"); /* 2.4.7: yields to the Tout */
    tl_script(&g, "2 pass", "3 pass", NULL);
    assert_int_equal(g.pub.declarer, 1);
    tl_refused(&g, "1 declare solo:G", SK_EILLEGAL, "2.4.10");
    assert_true(tl_may_declare(&g, "wenz:tout"));
    assert_true(tl_may_declare(&g, "solo:G:tout"));
    tl_ok(&g, "1 declare wenz:tout");

    /* 2.4.8: "ich hätte einen Solo" loses to the first bidder's Solo */
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_script(&g, "0 bid sauspiel", "1 bid solo", "0 bid solo", "1 pass", "2 pass", "3 pass", NULL);
    assert_int_equal(g.pub.declarer, 0);
    tl_refused(&g, "0 declare wenz", SK_EILLEGAL, "2.4.10");
    tl_refused(&g, "0 declare sauspiel:G", SK_EILLEGAL, "2.4.10");
    tl_ok(&g, "0 declare solo:E");
}

/* 2.4.9: the first bidder holds with a Wenz: the challenger needs at
 * least a Solo and wins with it, unless the holder claims a Solo too
 * (2.4.4: equal rank goes to the earlier seat) */
static void test_holder_wenz_needs_solo(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_script(&g, "0 bid sauspiel", "1 bid wenz", "0 bid wenz", NULL);
    tl_refused(&g, "1 bid wenz", SK_EILLEGAL, "2.4.6");
    tl_ok(&g, "1 bid solo");
    tl_ok(&g, "0 pass"); /* holds only a Wenz: the Solo takes precedence */
    tl_script(&g, "2 pass", "3 pass", NULL);
    assert_int_equal(g.pub.declarer, 1);
    assert_false(tl_may_declare(&g, "wenz"));
    tl_ok(&g, "1 declare solo:S");

    /* 2.4.4: the holder claims a Solo too and keeps the game */
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_script(&g, "0 bid sauspiel", "1 bid wenz", "0 bid wenz", "1 bid solo", "0 bid solo",
              NULL);
    assert_int_equal(g.pub.to_move, 1);
    tl_ok(&g, "1 pass");
    tl_script(&g, "2 pass", "3 pass", NULL);
    assert_int_equal(g.pub.declarer, 0);
    tl_refused(&g, "0 declare wenz", SK_EILLEGAL, "2.4.10");
    tl_ok(&g, "0 declare solo:H");

    /* 2.4.8: the holder may not answer a Solo with a mere Wenz */
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_script(&g, "0 bid sauspiel", "1 bid solo", NULL);
    tl_refused(&g, "0 bid wenz", SK_EILLEGAL, "2.4.8");
    tl_refused(&g, "0 bid sauspiel", SK_EILLEGAL, "2.4.8");
}

/* 2.4.10: a bid cannot be taken back, and an invalid bid (a Sie without
 * a Sie) is refused */
static void test_bid_irrevocable_and_invalid(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_ok(&g, "0 bid sauspiel");
    tl_refused(&g, "1 bid sie", SK_EILLEGAL, "2.4.10"); /* holds no Sie */
    tl_script(&g, "1 pass", "2 pass", "3 pass", NULL);
    /* bound to play: no pass, no new bid in the declaration */
    tl_refused(&g, "0 pass", SK_ESTATE, "2.4.12");
    tl_refused(&g, "0 bid solo", SK_ESTATE, "2.4.12");
    assert_int_equal(g.pub.declarer, 0);

    /* a hand with a Sie may claim it */
    tl_start_game(&g, &r, 3, false, NULL, "EO GO HO SO EU GU HU SU", NULL, NULL);
    tl_ok(&g, "0 bid sauspiel");
    tl_ok(&g, "1 bid sie");
    tl_refused(&g, "0 bid sie", SK_EILLEGAL, "2.4.10"); /* seat 0 has no Sie */
}

/* 2.4.11: after the duel of the first two bidders the later seats still
 * speak, and the holder says "ich spiele selbst" to them */
static void test_later_seats_speak(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_script(&g, "0 bid sauspiel", "1 bid wenz", "0 pass", NULL);
    assert_int_equal(g.pub.phase, SK_PHASE_AUCTION);
    assert_int_equal(g.pub.holder, 1);
    assert_int_equal(g.pub.to_move, 2);
    tl_refused(&g, "2 bid wenz", SK_EILLEGAL, "2.4.6");
    tl_ok(&g, "2 bid solo");
    assert_int_equal(g.pub.to_move, 1);
    tl_ok(&g, "1 bid solo"); /* "ich spiele selbst" */
    tl_ok(&g, "2 pass");
    assert_int_equal(g.pub.to_move, 3);
    tl_ok(&g, "3 pass");
    assert_int_equal(g.pub.phase, SK_PHASE_DECLARE);
    assert_int_equal(g.pub.declarer, 1);

    /* a later seat's challenge after a plain pass */
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_script(&g, "0 bid sauspiel", "1 pass", "2 bid wenz", "0 pass", NULL);
    assert_int_equal(g.pub.to_move, 3);
    tl_script(&g, "3 bid solo", "2 pass", NULL);
    assert_int_equal(g.pub.phase, SK_PHASE_DECLARE);
    assert_int_equal(g.pub.declarer, 3);
}

/* 2.4.12: the contract is named only once the declarer is determined */
static void test_declare_after_auction(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_refused(&g, "0 declare sauspiel:G", SK_ESTATE, "2.4.12");
    tl_ok(&g, "0 bid sauspiel");
    tl_refused(&g, "1 declare solo:G", SK_ESTATE, "2.4.12");
    tl_refused_any(&g, "1 kontra", SK_EILLEGAL);
    tl_script(&g, "1 pass", "2 pass", "3 pass", NULL);
    tl_refused(&g, "0 bid wenz", SK_ESTATE, "2.4.12");
    tl_refused(&g, "1 declare solo:G", SK_ESTATE, "2.4.1"); /* not the declarer */
    tl_refused(&g, "0 card EO", SK_ESTATE, "2.4.12");
    /* the declarer's listed actions are declarations only */
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(&g, legal);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        assert_int_equal(legal[i].type, SK_ACT_DECLARE);
        assert_int_equal(legal[i].seat, 0);
    }
}

/* 2.4.13: all four pass: the cards are thrown in */
static void test_all_pass_thrown_in(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    tl_script(&g, "0 pass", "1 pass", "2 pass", NULL);
    assert_false(sk_game_over(&g));
    tl_ok(&g, "3 pass");
    assert_true(sk_game_over(&g));
    assert_int_equal(g.pub.phase, SK_PHASE_DONE);
    sk_action legal[SK_MAX_LEGAL];
    assert_int_equal(sk_game_legal(&g, legal), 0);
    tl_refused_any(&g, "0 bid sauspiel", SK_ESTATE);
    sk_result res;
    assert_int_equal(sk_game_result(&g, &res, NULL), SK_OK);
    assert_int_equal(res.thrown_in, 1);
    char text[64];
    sk_result_explain(&r, &res, text, sizeof text);
    assert_string_equal(text, "zusammengeworfen (alle weiter)");
    for (int s = 0; s < 4; s++) {
        assert_int_equal(res.money[s], 0);
        assert_int_equal(res.tournament[s], 0);
    }
}

/* ------------------------------------------------------------------ */
/* Contracts (2.5-2.9)                                                  */
/* ------------------------------------------------------------------ */

/* Takes seat 0 through "ich spiele" and three passes to the declaration. */
static void to_declaration(sk_game *g, const sk_rules *r, bool first_game, const char *h0)
{
    tl_start_game(g, r, 3, first_game, h0, NULL, NULL, NULL);
    tl_script(g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", NULL);
    assert_int_equal(g->pub.phase, SK_PHASE_DECLARE);
}

/* 2.5.1: an ace one does not hold, not the Herz-Sau, and only with a card
 * of its suit that is no Ober or Unter */
static void test_sauspiel_callable_aces(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    to_declaration(&g, &r, false, "EA EK GO GU HA H7 S9 S8");
    tl_refused(&g, "0 declare sauspiel:E", SK_EILLEGAL, "2.5.1"); /* holds the Eichel-Sau */
    tl_refused(&g, "0 declare sauspiel:G", SK_EILLEGAL, "2.5.1"); /* only GO/GU of Gras */
    tl_refused(&g, "0 declare sauspiel:H", SK_EILLEGAL, "2.5.1"); /* hearts are trump */
    assert_int_equal(declarations_of_type(&g, SK_C_SAUSPIEL), 1);
    tl_ok(&g, "0 declare sauspiel:S");
    assert_int_equal(g.pub.called_ace, tl_C("SA"));
    assert_int_equal(g.pub.partner, SK_NOSEAT); /* 2.5.2: the partner stays hidden */
}

/* 2.5.3: a blocked hand (all three callable aces, or no callable suit)
 * cannot play a Sauspiel; after "ich spiele" it must name another game */
static void test_blocked_hand(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    to_declaration(&g, &r, false, "EA GA SA EK G9 S7 HO H8");
    assert_int_equal(declarations_of_type(&g, SK_C_SAUSPIEL), 0);
    tl_refused(&g, "0 declare sauspiel:E", SK_EILLEGAL, "2.5.1");
    tl_refused(&g, "0 declare sauspiel:G", SK_EILLEGAL, "2.5.1");
    tl_refused(&g, "0 declare sauspiel:S", SK_EILLEGAL, "2.5.1");
    assert_true(tl_may_declare(&g, "wenz"));
    assert_true(tl_may_declare(&g, "solo:H"));
    tl_ok(&g, "0 declare wenz");

    /* no callable suit: the only plain cards are aces and hearts */
    to_declaration(&g, &r, false, "EO GO HO SO EA HA HZ HK");
    assert_int_equal(declarations_of_type(&g, SK_C_SAUSPIEL), 0);
    tl_refused(&g, "0 declare sauspiel:G", SK_EILLEGAL, "2.5.1");
    tl_ok(&g, "0 declare solo:H");
}

/* 2.5.3: before the bid a menu must know what "ich spiele" commits a
 * blocked hand to; the view answers for every contract, allowed and
 * fitting (2.5.1, 2.6.4) */
static void test_view_may_declare(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    sk_view v;
    tl_start_game(&g, &r, 3, false, "EA GA SA EK G9 S7 HO H8", NULL, NULL, NULL);
    sk_game_view(&g, 0, &v);
    assert_false(sk_view_may_declare(&v, tl_K("sauspiel:E")));
    assert_false(sk_view_may_declare(&v, tl_K("sauspiel:G")));
    assert_false(sk_view_may_declare(&v, tl_K("sauspiel:S")));
    assert_true(sk_view_may_declare(&v, tl_K("wenz")));
    assert_true(sk_view_may_declare(&v, tl_K("solo:H")));
    assert_false(sk_view_may_declare(&v, tl_K("geier"))); /* not allowed in official */
    tl_start_game(&g, &r, 3, false, "EK GA HO H8 S7 S8 EO GU", NULL, NULL, NULL);
    sk_game_view(&g, 0, &v);
    assert_true(sk_view_may_declare(&v, tl_K("sauspiel:E")));
    assert_false(sk_view_may_declare(&v, tl_K("sauspiel:G"))); /* holds the Gras-Sau */
    assert_false(sk_view_may_declare(&v, tl_K("solo:G")) &&
                 sk_view_may_declare(&v, tl_K("sauspiel:H")));
    v.seat = SK_NOSEAT; /* a spectator declares nothing */
    assert_false(sk_view_may_declare(&v, tl_K("wenz")));
}

/* 2.6.4: a Solo needs a card of the suit made trump */
static void test_solo_needs_suit_card(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    to_declaration(&g, &r, false, "EO GO EA EZ EK GA G9 H7");
    tl_refused(&g, "0 declare solo:S", SK_EILLEGAL, "2.6.4");
    tl_refused(&g, "0 declare solo:S:tout", SK_EILLEGAL, "2.6.4");
    assert_false(tl_may_declare(&g, "solo:S"));
    assert_true(tl_may_declare(&g, "solo:H")); /* one Herz card is enough */
    tl_ok(&g, "0 declare solo:E");
    assert_int_equal(g.pub.contract.type, SK_C_SOLO);
    assert_int_equal(g.pub.contract.suit, SK_EICHEL);
}

/* 2.9: a Sie needs all four Obers and Unters, ends the game at once as
 * won, and does not count in the first game (2.9.1) unless sie_first_game */
static void test_sie(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    const char *sie = "EO GO HO SO EU GU HU SU";

    to_declaration(&g, &r, false, "EO GO HO SO EU GU HU HA");
    tl_refused(&g, "0 declare sie", SK_EILLEGAL, "2.9.1"); /* seven lords only */

    to_declaration(&g, &r, false, sie);
    assert_true(tl_may_declare(&g, "sie"));
    tl_ok(&g, "0 declare sie");
    assert_true(sk_game_over(&g));
    sk_action legal[SK_MAX_LEGAL];
    assert_int_equal(sk_game_legal(&g, legal), 0);
    sk_result res;
    assert_int_equal(sk_game_result(&g, &res, NULL), SK_OK);
    assert_true(res.won);
    assert_int_equal(res.declarer, 0);
    assert_int_equal(res.points[0], 120);
    assert_int_equal(res.tricks[0], 8);

    /* 2.9.1: not in the first game */
    to_declaration(&g, &r, true, sie);
    assert_false(tl_may_declare(&g, "sie"));
    tl_refused(&g, "0 declare sie", SK_EILLEGAL, "2.9.1");
    tl_ok(&g, "0 declare wenz"); /* the only game left to this hand */

    tl_start_game(&g, &r, 3, true, NULL, sie, NULL, NULL);
    tl_ok(&g, "0 bid sauspiel");
    tl_refused(&g, "1 bid sie", SK_EILLEGAL, "2.4.4");

    /* ... unless the ruleset says so */
    r.sie_first_game = 1;
    to_declaration(&g, &r, true, sie);
    tl_ok(&g, "0 declare sie");
    assert_true(sk_game_over(&g));
}

/* 2.8.2: a Tout is announced with the declaration, never later */
static void test_tout_only_at_declaration(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    to_declaration(&g, &r, false, A0);
    assert_true(tl_may_declare(&g, "solo:H:tout"));
    assert_true(tl_may_declare(&g, "wenz:tout"));
    tl_ok(&g, "0 declare solo:H");
    tl_refused_any(&g, "0 declare solo:H:tout", SK_ESTATE);
    tl_ok(&g, "0 card EO");
    tl_refused_any(&g, "0 declare solo:H:tout", SK_ESTATE);
    tl_refused_any(&g, "1 declare solo:H:tout", SK_ESTATE);
    /* nothing in the play lets anybody (re)declare */
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(&g, legal);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(legal[i].type, SK_ACT_DECLARE);
    assert_int_equal(g.pub.contract.tout, 0);

    /* 2.8.1: announced in the declaration it is a Tout */
    to_declaration(&g, &r, false, A0);
    tl_ok(&g, "0 declare solo:H:tout");
    assert_int_equal(g.pub.contract.tout, 1);
}

/* 2.7.3: a Wenz may be announced without any Unter */
static void test_wenz_without_unters(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    to_declaration(&g, &r, false, "EA EZ EK EO GA GZ GK GO");
    assert_true(tl_may_declare(&g, "wenz"));
    assert_true(tl_may_declare(&g, "wenz:tout"));
    tl_ok(&g, "0 declare wenz");
    assert_int_equal(g.pub.order.ntrumps, 4);
}

/* 2.7.1/2.7.2 + 3.2.1: in a Wenz an Ober is a card of its suit and an
 * Unter is not; 2.6.1 + 3.2.1: in a Solo hearts are a plain suit */
static void test_follow_in_wenz_and_solo(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, "EO GA GZ GK G9 G8 G7 SA", "EU E7 HA HZ HK H9 H8 H7", NULL,
                  NULL);
    tl_script(&g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", "0 declare wenz", NULL);
    tl_ok(&g, "0 card EO");
    tl_assert_legal_cards(&g, "E7");
    tl_refused(&g, "1 card EU", SK_EILLEGAL, "3.2.1");

    tl_start_game(&g, &r, 3, false, "HA EA EZ EK E9 E8 E7 GA", "HO H7 SA SZ SK S9 S8 S7", NULL,
                  NULL);
    tl_script(&g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", "0 declare solo:E", NULL);
    tl_ok(&g, "0 card HA");
    tl_assert_legal_cards(&g, "H7");
    tl_refused(&g, "1 card HO", SK_EILLEGAL, "3.2.1");
}

/* ------------------------------------------------------------------ */
/* The play (3.1, 3.2, 2.5.2-2.5.5)                                     */
/* ------------------------------------------------------------------ */

/* 3.1.1: forehand leads the first trick, whoever declared */
static void test_forehand_leads(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A1, A0, A2, A3); /* A0's hand at seat 1 */
    tl_script(&g, "0 pass", "1 bid sauspiel", "2 pass", "3 pass", "1 declare sauspiel:G", NULL);
    assert_int_equal(g.pub.declarer, 1);
    assert_int_equal(g.pub.trick_leader, 0);
    assert_int_equal(g.pub.to_move, 0);
    tl_refused(&g, "1 card EO", SK_ESTATE, "3.4.7");

    tl_start_game(&g, &r, 0, false, A3, A0, A2, A1); /* dealer 0: seat 1 is forehand */
    tl_script(&g, "1 pass", "2 pass", "3 bid sauspiel", "0 pass", "3 declare sauspiel:G", NULL);
    assert_int_equal(g.pub.to_move, 1);
}

/* 3.4.7: nobody plays out of turn */
static void test_out_of_turn(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    start_a(&g, &r);
    tl_refused(&g, "1 card GZ", SK_ESTATE, "3.4.7");
    tl_refused(&g, "3 card EA", SK_ESTATE, "3.4.7");
    tl_ok(&g, "0 card EK");
    tl_refused(&g, "0 card EO", SK_ESTATE, "3.4.7");
    tl_refused(&g, "2 card SO", SK_ESTATE, "3.4.7");
    tl_refused_any(&g, "0 bid solo", SK_ESTATE);
    tl_refused(&g, "1 card EA", SK_EILLEGAL, "3.2"); /* not held */
}

/* 3.2.1: follow suit; 3.2.3: without a duty to overtake; 3.2.4: void in
 * the led suit, any card (the called ace aside, 2.5.5) */
static void test_follow_suit(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    start_a(&g, &r);
    tl_ok(&g, "0 card EK");
    tl_assert_legal_cards(&g, "E9 E8");                /* 3.2.1 */
    tl_refused(&g, "1 card HK", SK_EILLEGAL, "3.2.1"); /* no trumping while holding Eichel */
    tl_refused(&g, "1 card SA", SK_EILLEGAL, "3.2.1");
    tl_ok(&g, "1 card E8");                            /* 3.2.3: need not overtake */
    /* 3.2.4 + 2.5.5: void in Eichel: anything but the unled called ace */
    tl_assert_legal_cards(&g, "G8 SO SU SZ S8 H8 S7");
    tl_refused(&g, "2 card GA", SK_EILLEGAL, "2.5.5");
    tl_ok(&g, "2 card SU");                            /* 3.2.4: may trump */
    /* 3.2.1: the Eichel-Unter is a trump, not an Eichel card */
    tl_assert_legal_cards(&g, "EA EZ E7");
    tl_refused(&g, "3 card EU", SK_EILLEGAL, "3.2.1");
    tl_ok(&g, "3 card EA");
    assert_int_equal(g.pub.trick_winners[0], 2);    /* 3.1.2: the trump wins */
    assert_int_equal(g.pub.to_move, 2);             /* 3.1.5: the winner leads */
}

/* 3.2.2: trumps are one suit: on a trump lead any trump must be played,
 * a heart on an Ober and an Ober on a heart */
static void test_follow_trump(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    start_a(&g, &r);
    tl_script(&g, "0 card EK", "1 card E8", "2 card SU", "3 card EA", NULL);
    tl_ok(&g, "2 card SO");
    tl_assert_legal_cards(&g, "EU GU HU H7");
    tl_refused(&g, "3 card G7", SK_EILLEGAL, "3.2.2");
    tl_refused(&g, "3 card EZ", SK_EILLEGAL, "3.2.2");
    tl_ok(&g, "3 card H7");
    tl_assert_legal_cards(&g, "EO GO HO HA HZ");
    tl_ok(&g, "0 card HZ");
    tl_assert_legal_cards(&g, "HK H9"); /* only hearts as trumps: must play one */
    tl_refused(&g, "1 card SA", SK_EILLEGAL, "3.2.2");
    tl_ok(&g, "1 card H9");
    assert_int_equal(g.pub.trick_winners[1], 2);

    /* a heart lead asks for trumps, which an Ober answers */
    sk_game h;
    tl_start_game(&h, &r, 3, false, "H7 EA EZ EK E9 E8 E7 G9", "GO GA GZ GK G8 G7 SA SZ", NULL,
                  NULL);
    tl_script(&h, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", "0 declare sauspiel:G", NULL);
    tl_ok(&h, "0 card H7");
    tl_assert_legal_cards(&h, "GO");
    tl_refused(&h, "1 card GA", SK_EILLEGAL, "3.2.2");
}

/* 2.5.2: the holder of the called ace must play it when its suit is led */
static void test_called_ace_must_be_played(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    start_a(&g, &r);
    tl_ok(&g, "0 card GK"); /* the declarer searches the ace */
    assert_int_equal(g.pub.called_led, 1);
    tl_ok(&g, "1 card G9");
    tl_assert_legal_cards(&g, "GA");
    tl_refused(&g, "2 card G8", SK_EILLEGAL, "2.5.2");
    tl_ok(&g, "2 card GA");
    assert_int_equal(g.pub.partner, 2); /* public once played */

    /* 2.5.2 holds even with four cards of the suit: no running away when
     * another seat leads the suit */
    start_b(&g, &r);
    tl_ok(&g, "0 card GK");
    tl_assert_legal_cards(&g, "GA");
    tl_refused(&g, "1 card G8", SK_EILLEGAL, "2.5.2");
    tl_ok(&g, "1 card GA");
}

/* 2.5.4: with fewer than four cards of the called suit its holder leads
 * the suit only with the ace; 2.5.5: he may lead the ace at any time */
static void test_no_running_away_with_three(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    start_a(&g, &r);
    tl_script(&g, "0 card EK", "1 card E8", "2 card SU", "3 card EA", NULL);
    assert_int_equal(g.pub.to_move, 2);
    tl_refused(&g, "2 card G8", SK_EILLEGAL, "2.5.4");
    tl_assert_legal_cards(&g, "GA SO SZ S8 H8 S7");
    tl_ok(&g, "2 card GA"); /* 2.5.5: the holder may lead the ace */
    assert_int_equal(g.pub.called_led, 1);
    assert_int_equal(g.pub.ran_away, 0);
    assert_int_equal(g.pub.partner, 2);
}

/* 2.5.4: with four cards of the called suit its holder may run away
 * while the suit was never led; afterwards the ace is free (2.5.5) */
static void test_running_away(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    start_b(&g, &r);
    tl_script(&g, "0 card S9", "1 card SA", "2 card S7", "3 card E7", NULL);
    assert_int_equal(g.pub.to_move, 1);
    tl_assert_legal_cards(&g, "GA GZ G9 G8 SK HK H9"); /* 2.5.4: may underlead */
    tl_ok(&g, "1 card G8"); /* runs away */
    assert_int_equal(g.pub.ran_away, 1);
    assert_int_equal(g.pub.called_led, 1);
    assert_int_equal(g.pub.partner, SK_NOSEAT);
    tl_assert_legal_cards(&g, "G7");
    tl_script(&g, "2 card G7", "3 card EZ", "0 card GK", NULL);
    assert_int_equal(g.pub.trick_winners[1], 0);
    /* 2.5.5: now the ace may be smeared on another suit */
    tl_ok(&g, "0 card EK");
    tl_assert_legal_cards(&g, "GA GZ G9 SK HK H9");
    tl_ok(&g, "1 card GA");
    assert_int_equal(g.pub.partner, 1);
}

/* 2.5.4: running away needs four cards of the called suit, still all in
 * hand: one discarded before leaves too few */
static void test_running_away_needs_four_in_hand(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    /* seat 1 has GA GZ G9 G8 and no Eichel; it discards G9 on an Eichel
     * trick, then may no longer underlead the ace */
    tl_start_game(&g, &r, 3, false, "EO GO HO HA HZ GK EK S9", "GA GZ G9 G8 SA SK HK H9",
                  "G7 SO SU SZ S8 S7 E9 E8", "EA EZ EU E7 GU HU H8 H7");
    tl_script(&g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", "0 declare sauspiel:G", NULL);
    tl_script(&g, "0 card EK", "1 card G9", "2 card E8", "3 card E7", NULL); /* EK wins */
    assert_int_equal(g.pub.called_led, 0); /* a discard does not search the ace */
    tl_script(&g, "0 card S9", "1 card SA", "2 card S7", "3 card EZ", NULL);
    assert_int_equal(g.pub.to_move, 1);
    tl_refused(&g, "1 card G8", SK_EILLEGAL, "2.5.4");
    tl_refused(&g, "1 card GZ", SK_EILLEGAL, "2.5.4");
    tl_assert_legal_cards(&g, "GA SK HK H9");
}

/* 2.5.5: the called ace is not discarded before its suit was led, except
 * in the last trick, where it must be played */
static void test_called_ace_last_trick(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    /* seat 2 holds the Gras-Sau as its only Gras card and nobody ever
     * leads Gras: it keeps the ace to the eighth trick */
    tl_start_game(&g, &r, 3, false, "EO GO HO SO EU GU HA G7", "EA EZ EK E9 E8 E7 SA SZ",
                  "GA HZ HK H9 H8 H7 SK S9", "GZ GK G9 G8 S8 S7 HU SU");
    tl_script(&g, "0 bid sauspiel", "1 pass", "2 pass", "3 pass", "0 declare sauspiel:G", NULL);
    /* the declarer draws trumps with his seven, then leads Gras last */
    static const char *const leads[7] = {"EO", "GO", "HO", "SO", "EU", "GU", "HA"};
    for (int t = 0; t < 7; t++) {
        char line[16];
        snprintf(line, sizeof line, "0 card %s", leads[t]);
        tl_ok(&g, line);
        for (int k = 1; k < 4; k++) {
            sk_cards legal = sk_game_legal_cards(&g);
            if (g.pub.to_move == 2) /* 2.5.5: the ace stays while others fit */
                assert_false(legal & SK_BIT(tl_C("GA")));
            assert_true(legal != 0);
            sk_action a = sk_act_card(g.pub.to_move, sk_cards_first(legal));
            assert_int_equal(sk_game_apply(&g, a, NULL), SK_OK);
        }
        assert_int_equal(g.pub.to_move, 0);
    }
    assert_int_equal(g.pub.trick_no, 7);
    assert_int_equal(g.hands[2], SK_BIT(tl_C("GA")));
    tl_ok(&g, "0 card G7");
    assert_int_equal(sk_cards_count(g.hands[1]), 1);
    assert_int_equal(sk_game_apply(&g, sk_act_card(1, sk_cards_first(g.hands[1])), NULL), SK_OK);
    tl_assert_legal_cards(&g, "GA");
    tl_ok(&g, "2 card GA");
}

/* 2.5.5: void before its suit was led, the holder may not smear the ace */
static void test_called_ace_not_discarded(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    start_a(&g, &r);
    tl_ok(&g, "0 card EK");
    tl_ok(&g, "1 card E9");
    sk_cards legal = sk_game_legal_cards(&g);
    assert_false(legal & SK_BIT(tl_C("GA")));
    tl_refused(&g, "2 card GA", SK_EILLEGAL, "2.5.5");
}

/* ------------------------------------------------------------------ */
/* Kontra and Retour (3.3, 5.2.4)                                       */
/* ------------------------------------------------------------------ */

/* 3.3.1-3.3.3: a defender doubles, the declarer answers with Retour,
 * both while at most the first card lies on the table */
static void test_kontra_retour(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    start_a(&g, &r);
    tl_refused(&g, "0 kontra", SK_EILLEGAL, "3.3");  /* the declarer */
    tl_refused(&g, "2 kontra", SK_EILLEGAL, "3.3");  /* the partner knows his side */
    tl_refused(&g, "0 retour", SK_EILLEGAL, "3.3");  /* nothing to answer yet */
    tl_ok(&g, "1 kontra");
    assert_int_equal(g.pub.doublings, 1);
    tl_refused(&g, "3 kontra", SK_EILLEGAL, "3.3");  /* once */
    tl_refused(&g, "1 retour", SK_EILLEGAL, "3.3");  /* not by a defender */
    tl_ok(&g, "0 retour");
    assert_int_equal(g.pub.doublings, 2);
    tl_refused(&g, "3 kontra", SK_EILLEGAL, "3.3");  /* kontra_max 2 */
    tl_ok(&g, "0 card EK");
    assert_int_equal(g.pub.kontra_seat[0], 1);
    assert_int_equal(g.pub.kontra_seat[1], 0);

    /* 3.3.2: still possible with the first card on the table */
    start_a(&g, &r);
    tl_ok(&g, "0 card EK");
    tl_ok(&g, "3 kontra"); /* out of turn is fine */
    tl_refused(&g, "2 retour", SK_EILLEGAL, "3.3"); /* 3.3.3: the declarer answers */
    tl_ok(&g, "0 retour");
    /* 3.3.2: not once the second card is played */
    start_a(&g, &r);
    tl_script(&g, "0 card EK", "1 card E8", NULL);
    tl_refused(&g, "1 kontra", SK_EILLEGAL, "3.3");
    tl_refused(&g, "3 kontra", SK_EILLEGAL, "3.3");
    start_a(&g, &r);
    tl_script(&g, "1 kontra", "0 card EK", "1 card E8", NULL);
    tl_refused(&g, "0 retour", SK_EILLEGAL, "3.3");
}

/* 3.3.3: the partner's Retour only when the ruleset allows it */
static void test_retour_by_partner_option(void **state)
{
    (void)state;
    /* 3.3.3 "The declarer may respond with Retour": in the official and
     * tournament rules the partner may not (he would reveal himself,
     * 2.5); issue 18 D3, docs/rules.md */
    sk_rules r = tl_preset("official");
    assert_int_equal(r.retour_by_partner, 0);
    assert_int_equal(tl_preset("tournament").retour_by_partner, 0);
    sk_game g;
    start_a(&g, &r);
    tl_ok(&g, "3 kontra");
    tl_refused(&g, "2 retour", SK_EILLEGAL, "3.3");
    tl_ok(&g, "0 retour");
    /* the house rule of the sauspiel and stammtisch tables lets him */
    assert_int_equal(tl_preset("sauspiel").retour_by_partner, 1);
    r.retour_by_partner = 1;
    start_a(&g, &r);
    tl_ok(&g, "3 kontra");
    tl_ok(&g, "2 retour");
}

/* 3.3: kontra_max limits the doublings: 1 (Kontra only) ... 4 (Resub) */
static void test_kontra_max(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    r.kontra_max = 1;
    sk_game g;
    start_a(&g, &r);
    tl_ok(&g, "1 kontra");
    tl_refused(&g, "0 retour", SK_EILLEGAL, "3.3");

    r.kontra_max = 4;
    r.retour_by_partner = 1;
    start_a(&g, &r);
    tl_script(&g, "1 kontra", "0 retour", "3 kontra", "2 retour", NULL);
    assert_int_equal(g.pub.doublings, 4);
    tl_refused(&g, "1 kontra", SK_EILLEGAL, "3.3");
}

/* 5.2.4: no doubling in a tournament */
static void test_no_kontra_in_tournament(void **state)
{
    (void)state;
    sk_rules r = tl_preset("tournament");
    sk_game g;
    start_a(&g, &r);
    tl_refused(&g, "1 kontra", SK_EILLEGAL, "5.2.4");
    tl_refused(&g, "3 kontra", SK_EILLEGAL, "5.2.4");
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(&g, legal);
    for (int i = 0; i < n; i++)
        assert_int_equal(legal[i].type, SK_ACT_CARD);
}

/* ------------------------------------------------------------------ */
/* Views and random games                                               */
/* ------------------------------------------------------------------ */

/* Checks that every seat's view lists exactly its part of the game's
 * legal actions, in the same order. */
static void check_views(const sk_game *g)
{
    sk_action all[SK_MAX_LEGAL], mine[SK_MAX_LEGAL];
    int n = sk_game_legal(g, all);
    for (int s = 0; s < 4; s++) {
        sk_view v;
        sk_game_view(g, s, &v);
        assert_int_equal(v.seat, s);
        assert_int_equal(v.hand, g->hands[s]);
        int m = sk_view_legal(&v, mine), k = 0;
        for (int i = 0; i < n; i++) {
            if (all[i].seat != s)
                continue;
            assert_true(k < m);
            assert_true(sk_action_equal(all[i], mine[k]));
            k++;
        }
        assert_int_equal(k, m);
    }
    /* the card actions of the seat to move are sk_game_legal_cards */
    sk_cards cards = 0;
    for (int i = 0; i < n; i++)
        if (all[i].type == SK_ACT_CARD) {
            assert_int_equal(all[i].seat, g->pub.to_move);
            cards |= SK_BIT(all[i].card);
        }
    assert_int_equal(cards, sk_game_legal_cards(g));
}

/* 3.1/3.2: the view of a seat allows exactly what the game allows it, in
 * every phase of the scripted game */
static void test_view_legal_matches_game(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    sk_game g;
    tl_start_game(&g, &r, 3, false, A0, A1, A2, A3);
    check_views(&g);
    static const char *const lines[] = {"0 bid sauspiel", "1 bid wenz", "0 bid wenz",
                                        "1 pass", "2 pass", "3 pass", "0 declare wenz",
                                        "1 kontra", "0 card EO", "1 card E9", NULL};
    for (int i = 0; lines[i]; i++) {
        tl_ok(&g, lines[i]);
        check_views(&g);
    }
    /* the hidden partner does not leak: a view holds only its own hand */
    start_a(&g, &r);
    sk_view v;
    sk_game_view(&g, 1, &v);
    assert_int_equal(v.pub.partner, SK_NOSEAT);
    assert_int_equal(v.hand & tl_S("GA"), 0);
}

/* 3.1-3.3, 1.2.4: seeded random games only take listed actions, each of
 * which is accepted; views agree; the tricks hold all 120 points */
static void test_random_games(void **state)
{
    (void)state;
    sk_rules r = tl_preset("official");
    for (uint64_t seed = 1; seed <= 300; seed++) {
        sk_rng rng;
        sk_rng_seed(&rng, seed);
        sk_game g;
        sk_game_deal(&g, &r, (int)(seed % 4), &rng, seed % 7 == 0);
        int steps = 0;
        while (!sk_game_over(&g)) {
            check_views(&g);
            /* the public kernel on the hand to move gives the referee's set */
            if (g.pub.phase == SK_PHASE_PLAY)
                assert_true(sk_public_legal_cards(&g.pub, g.hands[g.pub.to_move]) ==
                            sk_game_legal_cards(&g));
            sk_action legal[SK_MAX_LEGAL];
            int n = sk_game_legal(&g, legal);
            assert_true(n > 0);
            sk_action a = legal[sk_rng_below(&rng, (uint32_t)n)];
            sk_error err;
            if (sk_game_apply(&g, a, &err) != SK_OK)
                fail_msg("seed %llu: listed action refused: %s", (unsigned long long)seed,
                         err.msg);
            assert_true(++steps < SK_MAX_ACTIONS);
        }
        sk_result res;
        assert_int_equal(sk_game_result(&g, &res, NULL), SK_OK);
        if (res.thrown_in || res.contract.type == SK_C_SIE)
            continue;
        int total = 0;
        for (int s = 0; s < 4; s++)
            total += res.points[s];
        assert_int_equal(total, 120);
        assert_int_equal(g.pub.played, SK_ALL_CARDS);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forehand_speaks_first),
        cmocka_unit_test(test_ich_spiele_then_passes),
        cmocka_unit_test(test_second_bidder_needs_more),
        cmocka_unit_test(test_first_bidder_yields),
        cmocka_unit_test(test_holder_solo_needs_tout),
        cmocka_unit_test(test_holder_wenz_needs_solo),
        cmocka_unit_test(test_bid_irrevocable_and_invalid),
        cmocka_unit_test(test_later_seats_speak),
        cmocka_unit_test(test_declare_after_auction),
        cmocka_unit_test(test_all_pass_thrown_in),
        cmocka_unit_test(test_sauspiel_callable_aces),
        cmocka_unit_test(test_blocked_hand),
        cmocka_unit_test(test_view_may_declare),
        cmocka_unit_test(test_solo_needs_suit_card),
        cmocka_unit_test(test_sie),
        cmocka_unit_test(test_tout_only_at_declaration),
        cmocka_unit_test(test_wenz_without_unters),
        cmocka_unit_test(test_follow_in_wenz_and_solo),
        cmocka_unit_test(test_forehand_leads),
        cmocka_unit_test(test_out_of_turn),
        cmocka_unit_test(test_follow_suit),
        cmocka_unit_test(test_follow_trump),
        cmocka_unit_test(test_called_ace_must_be_played),
        cmocka_unit_test(test_no_running_away_with_three),
        cmocka_unit_test(test_running_away),
        cmocka_unit_test(test_running_away_needs_four_in_hand),
        cmocka_unit_test(test_called_ace_last_trick),
        cmocka_unit_test(test_called_ace_not_discarded),
        cmocka_unit_test(test_kontra_retour),
        cmocka_unit_test(test_retour_by_partner_option),
        cmocka_unit_test(test_kontra_max),
        cmocka_unit_test(test_no_kontra_in_tournament),
        cmocka_unit_test(test_view_legal_matches_game),
        cmocka_unit_test(test_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
