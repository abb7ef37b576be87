/*
 * fuzz_record.c -- libFuzzer harness for the record reader.
 *
 * Arbitrary bytes go to sk_record_read; whatever parses is replayed
 * through the engine (which must refuse, never crash on, impossible
 * games), then written and read back: a record that was read once must
 * be read again from its own text, unchanged.  A refused input's message
 * must be printable ASCII (quoted input escaped).  Seeds:
 * tests/fuzz/corpus/fuzz_record/.  Run with `make fuzz`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Stops the fuzzer with a message: an invariant of the format broke. */
static void fuzz_abort(const char *what)
{
    fprintf(stderr, "fuzz_record: %s\n", what);
    abort();
}

/* Two records read from text are equal field by field. */
static int fuzz_records_equal(const sk_record *a, const sk_record *b)
{
    char ra[2048], rb[2048];
    sk_rules_format(&a->rules, ra, sizeof ra);
    sk_rules_format(&b->rules, rb, sizeof rb);
    if (strcmp(ra, rb) != 0 || a->dealer != b->dealer || a->first_game != b->first_game ||
        memcmp(a->hands, b->hands, sizeof a->hands) != 0 || strcmp(a->id, b->id) != 0 ||
        a->nactions != b->nactions)
        return 0;
    for (int i = 0; i < a->nactions; i++) {
        const sk_action *x = &a->actions[i], *y = &b->actions[i];
        if (x->type != y->type || x->seat != y->seat || x->card != y->card ||
            x->contract.type != y->contract.type || x->contract.suit != y->contract.suit ||
            x->contract.tout != y->contract.tout)
            return 0;
    }
    return 1;
}

/* Writes a record that was read and reads it back: same record. */
static void fuzz_round_trip(const sk_record *rec)
{
    sk_record copy;
    sk_error err;
    char *text = sk_record_write(rec);
    if (!text)
        fuzz_abort("sk_record_write returned NULL");
    if (sk_record_read(&copy, text, strlen(text), &err) < 0) {
        fprintf(stderr, "%s\n%s\n", text, err.msg);
        fuzz_abort("a written record does not read back");
    }
    if (!fuzz_records_equal(rec, &copy)) {
        fprintf(stderr, "%s\n", text);
        fuzz_abort("a written record reads back different");
    }
    free(text);
}

/* One input: read, replay, and if the game ended, score it. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_record rec;
    sk_game game;
    sk_error err;
    int bad = 0;
    if (sk_record_read(&rec, (const char *)data, size, &err) < 0) {
        /* quoted input is escaped: nothing raw reaches a terminal */
        for (const unsigned char *p = (const unsigned char *)err.msg; *p; p++)
            if (*p < 0x20 || *p >= 0x7f)
                fuzz_abort("an error message holds a raw control or non-ASCII byte");
        return 0;
    }
    if (sk_record_replay(&rec, &game, &bad, &err) == SK_OK && sk_game_over(&game)) {
        sk_result res;
        if (sk_game_result(&game, &res, &err) == SK_OK) {
            char *json = sk_result_json(&res);
            if (!json)
                fuzz_abort("sk_result_json returned NULL");
            free(json);
        }
    } else if (bad >= rec.nactions) {
        fuzz_abort("bad_index past the last action");
    }
    fuzz_round_trip(&rec);
    return 0;
}
