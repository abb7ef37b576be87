/*
 * fuzz_arena_log.c -- libFuzzer harness for the arena results log
 * (src/lab/arena_log.c, included here with the formats of src/table, the
 * statistics and the engine failure names so the library sources suffice).
 *
 * Arbitrary bytes go to skx_arena_log_parse.  Whatever parses is merged
 * into match statistics and reported (to /dev/null): a line the reader
 * accepts must never make the report index out of bounds.  Then it is
 * written and read back: the same match, the same deal, and the written
 * text is a fixed point.  Seeds: tests/fuzz/corpus/fuzz_arena_log/.  Run
 * with `make fuzz`.
 */
#include "../../src/table/arena_format.c"
#include "../../src/lab/arena_log.c"
#include "../../src/lab/arena_stats.c"
#include "../../src/table/engine_parse.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Stops the fuzzer with a message: an invariant of the format broke. */
static void fuzz_abort(const char *what, const char *text)
{
    fprintf(stderr, "fuzz_arena_log: %s\n%s\n", what, text ? text : "");
    abort();
}

/* Two deals of a match of nbots bots are equal in everything logged. */
static bool fuzz_deals_equal(const skx_arena_deal *a, const skx_arena_deal *b, int nseat)
{
    if (a->index != b->index || memcmp(a->fails, b->fails, sizeof a->fails) != 0)
        return false;
    for (int r = 0; r < nseat; r++) {
        const skx_arena_game *x = &a->games[r], *y = &b->games[r];
        char cx[32], cy[32];
        sk_contract_code(x->contract, cx, sizeof cx);
        sk_contract_code(y->contract, cy, sizeof cy);
        if (memcmp(x->bot_at, y->bot_at, sizeof x->bot_at) != 0 || strcmp(cx, cy) != 0 ||
            x->contract.type != y->contract.type || x->contract.tout != y->contract.tout ||
            x->declarer != y->declarer || x->won != y->won ||
            memcmp(x->money, y->money, sizeof x->money) != 0 || x->has_plain != y->has_plain ||
            (x->has_plain && memcmp(x->plain, y->plain, sizeof x->plain) != 0) ||
            memcmp(x->tournament, y->tournament, sizeof x->tournament) != 0 ||
            x->has_acts != y->has_acts || x->laid != y->laid || x->kontra != y->kontra ||
            x->retour != y->retour)
            return false;
    }
    return true;
}

/* One input: parse, report, write, read back. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static skx_arena_match m, m2;
    static skx_arena_deal d, d2;
    static skx_arena_stats st;
    char why[320];
    if (size > 1 << 16 || skx_arena_log_parse((const char *)data, size, &m, &d, why, sizeof why) < 0)
        return 0;
    memset(&st, 0, sizeof st);
    skx_arena_stats_merge(&st, &m, &d);
    FILE *null = fopen("/dev/null", "w");
    if (null) {
        skx_arena_report(null, &m, &st);
        fclose(null);
    }
    char *text = skx_arena_log_format(&m, &d, NULL, 0);
    if (!text)
        fuzz_abort("skx_arena_log_format returned NULL", NULL);
    size_t len = strlen(text);
    if (len == 0 || text[len - 1] != '\n' || memchr(text, '\n', len - 1))
        fuzz_abort("a log line is not one line", text);
    if (skx_arena_log_parse(text, len - 1, &m2, &d2, why, sizeof why) < 0)
        fuzz_abort(why, text);
    if (skx_arena_match_diff(&m, &m2))
        fuzz_abort("a written line reads back as another match", text);
    if (!fuzz_deals_equal(&d, &d2, skx_arena_seatings(&m)))
        fuzz_abort("a written line reads back as another deal", text);
    char *again = skx_arena_log_format(&m2, &d2, NULL, 0);
    if (!again || strcmp(again, text) != 0)
        fuzz_abort("writing a line read back changes it", text);
    free(again);
    free(text);
    return 0;
}
