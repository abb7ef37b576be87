/*
 * test_realgames.c -- 1000 games played by people (tests/data/
 * real-games.jsonl, see tests/data/README.md) replayed through the engine.  Every
 * card in them was accepted by an online platform, so every card must be
 * legal here too; trick winners, card points, tricks, the declarer's
 * party and its points must match the data set's `derived` values.
 *
 * The data set has no auction.  The program's reader of the format
 * (src/lab/realgame.c, which `schafkopf agree` uses) gives each game the
 * shortest one that leads to its contract: the seats before the declarer
 * pass, the declarer opens with "ich spiele" (a bid of the lowest class,
 * 2.4.2: the opener does not name the game), the later seats pass, and
 * the declarer names the contract (2.4.12).  Seat 0 is forehand, so the
 * dealer is 3.  Its first card is action 5.  Each record must also
 * survive sk_record_write -> sk_record_read.
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

#include "lab/lab.h"
#include "schafkopf/core.h"

#define NGAMES 1000
/* How many mismatching games are described in detail. */
#define MAX_REPORTS 20

/* Where the data set lives: in the repository, $SK_ROOT/tests/data (SK_ROOT
 * is the repository root), or relative to the working directory (the
 * repository root) when SK_ROOT is not set. */
static void data_path(char *buf, size_t size)
{
    const char *root = getenv("SK_ROOT");
    if (root && root[0])
        snprintf(buf, size, "%s/tests/data/real-games.jsonl", root);
    else
        snprintf(buf, size, "tests/data/real-games.jsonl");
}

/* An int array of the derived values, as int[n]. */
static void ints_of(const json_t *arr, int *out, int n)
{
    for (int i = 0; i < n; i++)
        out[i] = (int)json_integer_value(json_array_get(arr, (size_t)i));
}

/* Writes a formatted reason into why and returns -1. */
static int differ(char *why, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int differ(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return -1;
}

/* Compares the replayed game with the data set's `derived` values; on a
 * difference writes what differs into why. */
static int compare_derived(const json_t *derived, const sk_game *g, const sk_result *res,
                           char *why, size_t size)
{
    int winners[8], points[4], tricks[4];
    ints_of(json_object_get(derived, "trick_winners"), winners, 8);
    ints_of(json_object_get(derived, "points"), points, 4);
    ints_of(json_object_get(derived, "tricks_won"), tricks, 4);
    for (int t = 0; t < 8; t++)
        if (g->pub.trick_winners[t] != winners[t] || res->trick_winners[t] != winners[t])
            return differ(why, size, "trick %d: winner %d, data set says %d", t,
                        g->pub.trick_winners[t], winners[t]);
    for (int s = 0; s < 4; s++) {
        if (res->points[s] != points[s] || sk_cards_points(g->pub.won[s]) != points[s])
            return differ(why, size, "seat %d: %d card points, data set says %d", s,
                        res->points[s], points[s]);
        if (res->tricks[s] != tricks[s])
            return differ(why, size, "seat %d: %d tricks, data set says %d", s,
                        res->tricks[s], tricks[s]);
    }
    const json_t *party = json_object_get(derived, "declarer_party");
    unsigned want = 0, have = 1u << res->declarer;
    for (size_t i = 0; i < json_array_size(party); i++)
        want |= 1u << json_integer_value(json_array_get(party, i));
    if (res->partner != SK_NOSEAT)
        have |= 1u << res->partner;
    if (want != have)
        return differ(why, size, "declarer party %#x (declarer %d, partner %d), data set "
                      "says %#x", have, res->declarer, res->partner, want);
    json_int_t dpp = json_integer_value(json_object_get(derived, "declarer_party_points"));
    if (res->declarer_side_points != dpp)
        return differ(why, size, "declarer party points %d, data set says %lld",
                      res->declarer_side_points, (long long)dpp);
    return 0;
}

/* The record survives writing and reading: the text written for the
 * copy read back is the text written for the original. */
static int check_round_trip(const sk_record *rec, char *why, size_t size)
{
    sk_record *copy = malloc(sizeof *copy);
    char *text = sk_record_write(rec), *again = NULL;
    sk_error err = {"", NULL};
    int rc = -1;
    if (!copy || !text)
        differ(why, size, "out of memory");
    else if (sk_record_read(copy, text, strlen(text), &err) < 0)
        differ(why, size, "written record not read back: %s", err.msg);
    else if (!(again = sk_record_write(copy)) || strcmp(text, again) != 0)
        differ(why, size, "written record changes when read and written again");
    else
        rc = 0;
    free(again);
    free(text);
    free(copy);
    return rc;
}

/* Replays one line of the data set; 0 when it matches, else -1 with the
 * reason in why. */
static int check_game(const char *line, const sk_rules *rules, char *why, size_t size)
{
    json_error_t jerr;
    json_t *game = json_loads(line, 0, &jerr);
    if (!game) {
        snprintf(why, size, "bad JSON: %s", jerr.text);
        return -1;
    }
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    int rc = -1, bad = -1, first_card = 0;
    sk_error err = {"", NULL};
    sk_result res;
    if (!rec || !g) {
        snprintf(why, size, "out of memory");
    } else if (skx_cli_realgame(line, strlen(line), rules, rec, &first_card, why, size) == 0) {
        if (sk_record_replay(rec, g, &bad, &err) < 0) {
            char act[48] = "";
            if (bad >= 0)
                sk_action_format(rec->actions[bad], act, sizeof act);
            snprintf(why, size, "action %d (seat %d %s) refused: %s", bad,
                     bad >= 0 ? rec->actions[bad].seat : -1, act, err.msg);
        } else if (first_card != 5) {
            snprintf(why, size, "the first card is action %d, not 5", first_card);
        } else if (!sk_game_over(g)) {
            snprintf(why, size, "game not over after 32 cards");
        } else if (sk_game_result(g, &res, &err) < 0) {
            snprintf(why, size, "no result: %s", err.msg);
        } else {
            rc = compare_derived(json_object_get(game, "derived"), g, &res, why, size);
            if (rc == 0)
                rc = check_round_trip(rec, why, size);
        }
    }
    free(rec);
    free(g);
    json_decref(game);
    return rc;
}

/* The index of a data-set line (its "index" field), for messages. */
static long game_index(const char *line, long fallback)
{
    const char *p = strstr(line, "\"index\":");
    return p ? strtol(p + 8, NULL, 10) : fallback;
}

/* All 1000 games replay and match their derived values. */
static void test_real_games(void **state)
{
    (void)state;
    char path[4096];
    data_path(path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f) {
        print_error("cannot open the real games at %s (set SK_ROOT to the repository)\n",
                    path);
        fail();
    }
    sk_rules rules;
    sk_error err;
    assert_int_equal(sk_rules_preset(&rules, "official", &err), SK_OK);
    char *line = NULL;
    size_t cap = 0;
    long count = 0, failed = 0;
    while (getline(&line, &cap, f) > 0) {
        if (line[0] == '\n')
            continue;
        char why[512];
        if (check_game(line, &rules, why, sizeof why) < 0) {
            if (failed < MAX_REPORTS)
                print_error("game %ld: %s\n", game_index(line, count), why);
            failed++;
        }
        count++;
    }
    free(line);
    fclose(f);
    if (failed)
        print_error("%ld of %ld real games differ\n", failed, count);
    assert_int_equal(failed, 0);
    assert_int_equal(count, NGAMES);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_real_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
