/*
 * testlib.c -- helpers shared by the unit tests; see testlib.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testlib.h"
#include "schafkopf/table.h"

/* ------------------------------------------------------------------ */
/* Temporary files                                                      */
/* ------------------------------------------------------------------ */

/* A fresh directory for a test's files (mkdtemp), under $TMPDIR when it
 * is set and short enough, else /tmp. */
void tl_tmpdir(char *dir, size_t size, const char *prefix)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    int n = snprintf(dir, size, "%s/%sXXXXXX", tmp, prefix);
    if (n < 0 || (size_t)n >= size)
        fail_msg("tl_tmpdir: %s/%s is too long", tmp, prefix);
    if (!mkdtemp(dir))
        fail_msg("tl_tmpdir: cannot make %s", dir);
}

/* Removes a directory of tl_tmpdir and every file in it. */
void tl_rmdir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        char path[4096];
        while ((e = readdir(d)))
            if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
                snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
                unlink(path);
            }
        closedir(d);
    }
    rmdir(dir);
}

/* ------------------------------------------------------------------ */
/* Rulesets, cards and contracts                                        */
/* ------------------------------------------------------------------ */

/* A preset ruleset by name; fails the test on an unknown name. */
sk_rules tl_preset(const char *name)
{
    sk_rules r;
    memset(&r, 0, sizeof r);
    sk_error err;
    if (sk_rules_preset(&r, name, &err) != SK_OK)
        fail_msg("preset %s: %s", name, err.msg);
    return r;
}

/* Sets one option, failing the test on an error. */
void tl_set(sk_rules *r, const char *key, const char *value)
{
    sk_error err;
    if (sk_rules_set(r, key, value, &err) != SK_OK)
        fail_msg("set %s=%s: %s", key, value, err.msg);
}

/* The card of a notation; fails the test on a typo. */
int tl_C(const char *s)
{
    int c = sk_card_parse(s);
    if (c < 0)
        fail_msg("bad card \"%s\"", s);
    return c;
}

/* A set of cards from notation; fails the test on a typo. */
sk_cards tl_S(const char *s)
{
    sk_cards set = 0;
    sk_error err;
    if (sk_cards_parse(s, &set, &err) != SK_OK)
        fail_msg("bad cards \"%s\": %s", s, err.msg);
    return set;
}

/* A contract from its code; fails the test on a typo. */
sk_contract tl_K(const char *code)
{
    sk_contract c;
    sk_error err;
    if (sk_contract_parse(code, &c, &err) != SK_OK)
        fail_msg("bad contract \"%s\": %s", code, err.msg);
    return c;
}

/* A contract from its type, suit and Tout flag. */
sk_contract tl_contract(int type, int suit, int tout)
{
    sk_contract c = {(uint8_t)type, (uint8_t)suit, (uint8_t)tout};
    return c;
}

/* Cards in the order written ("EO GO HO"): returns how many. */
int tl_seq(const char *s, uint8_t *out, int max)
{
    int n = 0;
    for (const char *p = s; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char two[3] = {p[0], p[1], 0};
        if (n == max)
            fail_msg("too many cards in \"%s\"", s);
        out[n++] = (uint8_t)tl_C(two);
        p += 2;
    }
    return n;
}

/* ------------------------------------------------------------------ */
/* Deals and games                                                      */
/* ------------------------------------------------------------------ */

/* Deals the given hands of r's deck, each in the order written (that is
 * the order dealt); a NULL hand gets the lowest cards of the deck nobody
 * was given.  Unused places are SK_NOCARD. */
void tl_deal(uint8_t hands[4][8], const sk_rules *r, const char *const spec[4])
{
    int n = sk_deck_hand_size(r->deck);
    sk_cards used = 0, cards = sk_deck_cards(r->deck);
    memset(hands, SK_NOCARD, 4 * 8);
    for (int s = 0; s < 4; s++) {
        if (!spec[s])
            continue;
        if (tl_seq(spec[s], hands[s], 8) != n)
            fail_msg("hand %d \"%s\" does not have %d cards", s, spec[s], n);
        for (int i = 0; i < n; i++) {
            sk_cards b = SK_BIT(hands[s][i]);
            if ((used & b) || !(cards & b))
                fail_msg("hand %d \"%s\": %s repeated or not in the deck", s, spec[s],
                         sk_card_name(hands[s][i]));
            used |= b;
        }
    }
    sk_cards rest = cards & ~used;
    for (int s = 0; s < 4; s++) {
        if (spec[s])
            continue;
        for (int i = 0; i < n; i++) {
            assert_true(rest != 0);
            hands[s][i] = (uint8_t)sk_cards_first(rest);
            rest &= rest - 1;
        }
    }
    assert_int_equal(rest, 0);
}

/* Starts a game with the given hands (by seat). */
void tl_start_game(sk_game *g, const sk_rules *r, int dealer, bool first_game, const char *h0,
                   const char *h1, const char *h2, const char *h3)
{
    const char *spec[4] = {h0, h1, h2, h3};
    uint8_t hands[4][8];
    tl_deal(hands, r, spec);
    sk_error err;
    if (sk_game_init(g, r, dealer, hands, first_game, &err) != SK_OK)
        fail_msg("sk_game_init: %s", err.msg);
}

/* The seat `i` places after forehand in a game (0 = forehand). */
int tl_rel(const sk_game *g, int i)
{
    return (g->pub.dealer + 1 + i) % 4;
}

/* ------------------------------------------------------------------ */
/* Scripted actions                                                     */
/* ------------------------------------------------------------------ */

/* "2 card GA" -> the action of seat 2. */
sk_action tl_parse_line(const char *line)
{
    sk_action a;
    sk_error err;
    assert_true(line[0] >= '0' && line[0] <= '3' && line[1] == ' ');
    if (sk_action_parse(line + 2, &a, &err) != SK_OK)
        fail_msg("bad script line \"%s\": %s", line, err.msg);
    a.seat = (uint8_t)(line[0] - '0');
    return a;
}

/* Whether sk_game_legal lists the action. */
bool tl_listed(const sk_game *g, sk_action a)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal);
    for (int i = 0; i < n; i++)
        if (sk_action_equal(legal[i], a))
            return true;
    return false;
}

/* Whether sk_game_legal lists the action of a script line. */
bool tl_listed_line(const sk_game *g, const char *line)
{
    return tl_listed(g, tl_parse_line(line));
}

/* Applies an action that must be accepted (and listed as legal). */
void tl_ok_action(sk_game *g, sk_action a, const char *what)
{
    bool was_listed = tl_listed(g, a);
    sk_error err;
    memset(&err, 0, sizeof err);
    int rc = sk_game_apply(g, a, &err);
    if (rc != SK_OK)
        fail_msg("\"%s\" refused (%d): %s", what, rc, err.msg);
    if (!was_listed)
        fail_msg("\"%s\" was accepted but sk_game_legal did not list it", what);
}

/* Applies a script line that must be accepted (and listed as legal). */
void tl_ok(sk_game *g, const char *line)
{
    tl_ok_action(g, tl_parse_line(line), line);
}

/* Applies several lines, NULL-terminated. */
void tl_script(sk_game *g, ...)
{
    va_list ap;
    va_start(ap, g);
    for (const char *line; (line = va_arg(ap, const char *)) != NULL;)
        tl_ok(g, line);
    va_end(ap);
}

/* An action that must be refused with `code` (0: any) by rule `rule`
 * (NULL: any rule; one must be named, and the message quote it, only if
 * `named`); the game must not change and the action must not be listed. */
static void refused_as(sk_game *g, sk_action a, const char *what, int code, const char *rule,
                       bool named)
{
    sk_game before;
    memcpy(&before, g, sizeof before);
    sk_error err;
    memset(&err, 0, sizeof err);
    int rc = sk_game_apply(g, a, &err);
    if (rc == SK_OK)
        fail_msg("\"%s\" was accepted; expected a refusal by rule %s", what,
                 rule ? rule : "(any)");
    if (code && rc != code)
        fail_msg("\"%s\": code %d, expected %d (%s)", what, rc, code, err.msg);
    if (rule || named) {
        if (!err.rule)
            fail_msg("\"%s\" refused without naming a rule: %s", what, err.msg);
        if (rule && strcmp(err.rule, rule) != 0)
            fail_msg("\"%s\" refused by rule %s, expected %s: %s", what, err.rule, rule,
                     err.msg);
        if (!strstr(err.msg, err.rule))
            fail_msg("\"%s\": message does not name rule %s: %s", what, err.rule, err.msg);
    }
    if (memcmp(&before, g, sizeof before) != 0)
        fail_msg("\"%s\" was refused but changed the game", what);
    if (tl_listed(g, a))
        fail_msg("\"%s\" was refused but sk_game_legal lists it", what);
}

/* An action that must be refused with `code` (0: any) by rule `rule`
 * (NULL: any rule, but one must be named, and the message must quote
 * it); the game must not change and the action must not be listed. */
void tl_refused_action(sk_game *g, sk_action a, const char *what, int code, const char *rule)
{
    refused_as(g, a, what, code, rule, true);
}

/* A script line that must be refused; see tl_refused_action. */
void tl_refused(sk_game *g, const char *line, int code, const char *rule)
{
    refused_as(g, tl_parse_line(line), line, code, rule, true);
}

/* A script line that must be refused with `code` (0: any), whether or
 * not a rule is named; the game must not change and the action must not
 * be listed. */
void tl_refused_any(sk_game *g, const char *line, int code)
{
    refused_as(g, tl_parse_line(line), line, code, NULL, false);
}

/* The legal cards of the seat to move, compared with notation. */
void tl_assert_legal_cards(const sk_game *g, const char *expect)
{
    sk_cards got = sk_game_legal_cards(g);
    if (got != tl_S(expect)) {
        char buf[128];
        sk_cards_format(got, buf, sizeof buf);
        fail_msg("seat %d may play \"%s\", expected \"%s\"", g->pub.to_move, buf, expect);
    }
}

/* Whether the seat to move may declare `code`. */
bool tl_may_declare(const sk_game *g, const char *code)
{
    return tl_listed(g, sk_act_declare(g->pub.to_move, tl_K(code)));
}

/* Whether the seat to move may bid class `code`. */
bool tl_may_bid(const sk_game *g, const char *code)
{
    return tl_listed(g, sk_act_bid(g->pub.to_move, tl_K(code)));
}

/* Everybody passes: the laying round (if any) and the auction. */
void tl_pass_all(sk_game *g)
{
    while (g->pub.phase == SK_PHASE_KLOPFEN || g->pub.phase == SK_PHASE_AUCTION) {
        char line[32];
        snprintf(line, sizeof line, "%d pass", g->pub.to_move);
        tl_ok(g, line);
    }
}

/* The auction from forehand: `seat` says "ich spiele", the others pass;
 * then `seat` declares `code`. */
void tl_open_declare(sk_game *g, int seat, const char *code)
{
    char line[64];
    for (int i = 0; i < 4; i++) {
        int s = tl_rel(g, i);
        snprintf(line, sizeof line, s == seat ? "%d bid sauspiel" : "%d pass", s);
        tl_ok(g, line);
    }
    assert_int_equal(g->pub.phase, SK_PHASE_DECLARE);
    snprintf(line, sizeof line, "%d declare %s", seat, code);
    tl_ok(g, line);
}

/* ------------------------------------------------------------------ */
/* Play                                                                 */
/* ------------------------------------------------------------------ */

/* Plays the lowest-index legal card of the seat to move. */
void tl_play_lowest(sk_game *g)
{
    sk_cards legal = sk_game_legal_cards(g);
    assert_true(legal != 0);
    assert_int_equal(sk_game_apply(g, sk_act_card(g->pub.to_move, sk_cards_first(legal)), NULL),
                     SK_OK);
}

/* Plays the game to its end with the lowest-index legal card each time
 * (a fixed policy, so the tricks are too). */
void tl_play_out(sk_game *g)
{
    while (!sk_game_over(g)) {
        assert_int_equal(g->pub.phase, SK_PHASE_PLAY);
        tl_play_lowest(g);
    }
}

/* Plays uniformly random legal actions until the game ends. */
void tl_play_random(sk_game *g, sk_rng *rng)
{
    sk_action legal[SK_MAX_LEGAL];
    while (!sk_game_over(g)) {
        int n = sk_game_legal(g, legal);
        assert_true(n > 0);
        sk_error err;
        sk_action a = legal[sk_rng_below(rng, (uint32_t)n)];
        if (sk_game_apply(g, a, &err) != SK_OK)
            fail_msg("a listed action was refused: %s", err.msg);
    }
}

/* ------------------------------------------------------------------ */
/* Results and records                                                  */
/* ------------------------------------------------------------------ */

/* The result of a finished game; fails the test on an error. */
sk_result tl_result(const sk_game *g)
{
    sk_result res;
    sk_error err;
    if (sk_game_result(g, &res, &err) != SK_OK)
        fail_msg("result: %s", err.msg);
    return res;
}

/* Books a finished game into the session. */
sk_result tl_book(sk_session *s, const sk_game *g)
{
    sk_result res;
    sk_error err;
    if (sk_session_finish(s, g, &res, &err) != SK_OK)
        fail_msg("sk_session_finish: %s", err.msg);
    return res;
}

/* Money (cents) and tournament points of the four seats. */
void tl_assert_settlement(const sk_result *res, int64_t m0, int64_t m1, int64_t m2, int64_t m3,
                          int t0, int t1, int t2, int t3)
{
    int64_t m[4] = {m0, m1, m2, m3};
    int t[4] = {t0, t1, t2, t3};
    for (int s = 0; s < 4; s++)
        if (res->money[s] != m[s] || res->tournament[s] != t[s])
            fail_msg("seat %d: money %lld (expected %lld), tournament %d (expected %d)", s,
                     (long long)res->money[s], (long long)m[s], res->tournament[s], t[s]);
}

/* Money and tournament points sum to zero (5.3.3); unless the game was
 * thrown in, 120 card points (1.2.4) in 8 tricks. */
void tl_assert_sums_zero(const sk_result *res)
{
    int64_t money = 0;
    int tp = 0, points = 0, tricks = 0;
    for (int s = 0; s < 4; s++) {
        money += res->money[s];
        tp += res->tournament[s];
        points += res->points[s];
        tricks += res->tricks[s];
    }
    assert_int_equal(money, 0);
    assert_int_equal(tp, 0);
    if (!res->thrown_in) {
        assert_int_equal(points, 120); /* 1.2.4 */
        assert_int_equal(tricks, 8);
    }
}

/* Record round trip: from_game -> write -> read -> replay gives the same
 * ruleset, dealer, round flags, hands, actions, state and result, and
 * writing the re-read record gives the same text.  Each NULL-terminated
 * needle must appear in the written text. */
void tl_assert_round_trip(const sk_game *g, const char *source, ...)
{
    sk_record *rec = malloc(sizeof *rec), *back = malloc(sizeof *back);
    sk_game *replay = malloc(sizeof *replay);
    assert_non_null(rec);
    assert_non_null(back);
    assert_non_null(replay);
    sk_record_from_game(rec, g, source);
    char *text = sk_record_write(rec);
    assert_non_null(text);
    va_list ap;
    va_start(ap, source);
    for (const char *needle; (needle = va_arg(ap, const char *)) != NULL;)
        if (!strstr(text, needle))
            fail_msg("record does not carry %s:\n%s", needle, text);
    va_end(ap);
    sk_error err;
    if (sk_record_read(back, text, strlen(text), &err) != SK_OK)
        fail_msg("re-read failed: %s\n%s", err.msg, text);
    assert_int_equal(back->dealer, rec->dealer);
    assert_int_equal(back->first_game, rec->first_game);
    assert_int_equal(back->bock, g->pub.bock);
    assert_int_equal(back->kreuzbock, g->pub.kreuzbock_round);
    assert_memory_equal(back->hands, rec->hands, sizeof rec->hands);
    assert_int_equal(back->nactions, rec->nactions);
    for (int i = 0; i < rec->nactions; i++)
        assert_true(sk_action_equal(back->actions[i], rec->actions[i]));
    char ra[2048], rb[2048];
    sk_rules_format(&rec->rules, ra, sizeof ra);
    sk_rules_format(&back->rules, rb, sizeof rb);
    assert_string_equal(ra, rb);
    int bad = -2;
    if (sk_record_replay(back, replay, &bad, &err) != SK_OK)
        fail_msg("replay refused action %d: %s\n%s", bad, err.msg, text);
    assert_memory_equal(&replay->pub, &g->pub, sizeof g->pub);
    assert_memory_equal(replay->hands, g->hands, sizeof g->hands);
    char *again = sk_record_write(back);
    assert_non_null(again);
    assert_string_equal(again, text);
    if (sk_game_over(g)) {
        sk_result r1 = tl_result(g), r2 = tl_result(replay);
        char *j1 = sk_result_json(&r1), *j2 = sk_result_json(&r2);
        assert_non_null(j1);
        assert_non_null(j2);
        assert_string_equal(j1, j2);
        assert_memory_equal(&r1, &r2, sizeof r1);
        free(j1);
        free(j2);
    }
    free(again);
    free(text);
    free(rec);
    free(back);
    free(replay);
}

/* Deals and runs a random auction into the play phase (one seat bids a
 * random class, the declaration is random among those allowed).
 * Returns false when the deal ends without play (thrown in, a Sie). */
bool tl_random_variant_start(sk_game *g, const sk_rules *r, sk_rng *rng)
{
    sk_game_deal(g, r, (int)sk_rng_below(rng, (uint32_t)sk_rules_seats(r)), rng, false);
    bool bid = false;
    for (int guard = 0; g->pub.phase != SK_PHASE_PLAY; guard++) {
        if (sk_game_over(g) || guard > 200)
            return false;
        sk_action a[SK_MAX_LEGAL];
        int n = sk_game_legal(g, a);
        assert_true(n > 0);
        /* one seat bids a class drawn uniformly, the others pass; the
         * declaration is drawn among those allowed; offers are taken
         * now and then */
        int pick[SK_MAX_LEGAL], m = 0, want = -1;
        if (g->pub.phase == SK_PHASE_AUCTION)
            want = bid ? SK_ACT_PASS : sk_rng_below(rng, 2) ? SK_ACT_BID : SK_ACT_PASS;
        else if (g->pub.phase == SK_PHASE_HOCHZEIT)
            want = sk_rng_below(rng, 2) ? SK_ACT_ACCEPT : SK_ACT_PASS;
        for (int j = 0; j < n; j++)
            if (a[j].type == want || want < 0)
                pick[m++] = j;
        int k = m ? pick[sk_rng_below(rng, (uint32_t)m)] : (int)sk_rng_below(rng, (uint32_t)n);
        bid |= a[k].type == SK_ACT_BID;
        assert_int_equal(sk_game_apply(g, a[k], NULL), SK_OK);
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Rooms                                                              */
/* ------------------------------------------------------------------ */

/* A preset with options. */
sk_rules tl_rules(const char *preset, const char *opts)
{
    sk_rules r = tl_preset(preset);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", opts);
    char *save = NULL;
    for (char *pair = strtok_r(buf, ",", &save); pair; pair = strtok_r(NULL, ",", &save)) {
        sk_error err = {{0}, NULL};
        if (sk_rules_set_pair(&r, pair, &err) < 0)
            fail_msg("ruleset %s %s: %s", preset, pair, err.msg);
    }
    return r;
}

/* A new room that must be created. */
sk_room *tl_room(const char *preset, const char *opts)
{
    sk_rules rules = tl_rules(preset, opts);
    sk_error err = {{0}, NULL};
    sk_room *r = sk_room_new(7, &rules, "heuristic", &err);
    if (!r)
        fail_msg("sk_room_new: %s", err.msg);
    return r;
}

/* A random decision of the pending seat. */
void tl_room_decide_random(sk_room *r, sk_rng *rng)
{
    sk_action legal[SK_MAX_LEGAL];
    int n;
    int seat = sk_room_pending(r, legal, &n);
    assert_true(seat >= 0 && n > 0);
    const sk_game *g = sk_room_game(r);
    sk_action a = legal[sk_rng_below(rng, (uint32_t)n)];
    if (sk_room_offer(r) >= 0) {
        a = legal[sk_rng_below(rng, 5) == 0 ? 0 : 1];
    } else if (g->pub.phase == SK_PHASE_AUCTION || g->pub.phase == SK_PHASE_KLOPFEN) {
        for (int i = 0; i < n; i++)
            if (legal[i].type == SK_ACT_PASS && sk_rng_below(rng, 3) != 0)
                a = legal[i];
    }
    sk_error err = {{0}, NULL};
    if (sk_room_decide(r, seat, a, sk_room_seq(r), &err) < 0)
        fail_msg("a choice on offer was refused: %s", err.msg);
}

/* See testlib.h: people in every seat. */
void tl_room_fill_humans(sk_room *r)
{
    /* names that are no card notation */
    static const char *const NAMES[] = {"Anna", "Bert", "Chris", "Doris", "Emil", "Franz"};
    for (int s = 0; s < sk_room_seats(r); s++)
        TL_OK(sk_room_sit_human(r, s, 100 + (uint64_t)s, NAMES[s], TL_E));
}

/* See testlib.h: a deal seed from a number. */
void tl_room_seed(uint64_t k, uint8_t *seed)
{
    sk_rng rng;
    sk_rng_seed(&rng, k);
    for (int i = 0; i < SK_ROOM_SEED_BYTES; i++)
        seed[i] = (uint8_t)sk_rng_next(&rng);
}

/* See testlib.h: the scripted decision. */
void tl_room_decide_scripted(sk_room *r)
{
    sk_action legal[SK_MAX_LEGAL];
    int n;
    int seat = sk_room_pending(r, legal, &n);
    assert_true(seat >= 0 && n > 0);
    const sk_game *g = sk_room_game(r);
    sk_action pick = legal[0];
    for (int i = 0; i < n; i++) {
        bool forehand = seat == (g->pub.dealer + 1) % 4;
        if (legal[i].type == SK_ACT_PASS && !forehand && g->pub.phase == SK_PHASE_AUCTION)
            pick = legal[i];
        if (legal[i].type == SK_ACT_BID && forehand && pick.type != SK_ACT_BID)
            pick = legal[i];
        if (legal[i].type == SK_ACT_PASS && n == 2 && legal[0].type == SK_ACT_KONTRA)
            pick = legal[i];
    }
    TL_OK(sk_room_decide(r, seat, pick, sk_room_seq(r), TL_E));
}


/* See testlib.h: the last trick's cards, in turn. */
int tl_last_trick_line(const sk_game *g, uint8_t *cards)
{
    int n = 0;
    for (int k = 0; k < g->pub.nseats; k++) {
        int s = (g->pub.to_move + k) % g->pub.nseats;
        if (g->hands[s])
            cards[n++] = (uint8_t)sk_cards_first(g->hands[s]);
    }
    return n;
}

/* The cards of `seat` still in its hand as dealt (not played, not
 * passed in a Hochzeit). */
static sk_cards held_from_deal(const sk_game *g, int seat)
{
    sk_cards dealt = 0;
    for (int i = 0; i < 8; i++)
        if (g->dealt[seat][i] < SK_NCARDS)
            dealt |= SK_BIT(g->dealt[seat][i]);
    return dealt & g->hands[seat];
}

/* One draw of the swap test; see testlib.h. */
bool tl_unseen_swap(const sk_game *g, int seat, sk_rng *rng, uint8_t dealt[4][8], int *x,
                    int *y)
{
    uint32_t n = g->pub.nseats;
    int a = (int)sk_rng_below(rng, n), b = (int)sk_rng_below(rng, n);
    if (a == b || a == seat || b == seat || a == g->pub.open_seat || b == g->pub.open_seat)
        return false; /* its own cards, or a hand laid open (Bettel ouvert) */
    sk_cards ca = held_from_deal(g, a), cb = held_from_deal(g, b);
    if (!ca || !cb)
        return false;
    *x = sk_cards_nth(ca, sk_rng_below(rng, (uint32_t)sk_cards_count(ca)));
    *y = sk_cards_nth(cb, sk_rng_below(rng, (uint32_t)sk_cards_count(cb)));
    memcpy(dealt, g->dealt, sizeof g->dealt);
    for (int i = 0; i < 8; i++) {
        if (dealt[a][i] == *x)
            dealt[a][i] = (uint8_t)*y;
        if (dealt[b][i] == *y)
            dealt[b][i] = (uint8_t)*x;
    }
    return true;
}
