/*
 * fuzz_engine.c -- libFuzzer harness for the parsers of what an external
 * engine writes (src/table/engine_parse.c, included here to reach it with
 * the library sources only): line cleaning, line classification and the
 * answer to "go" against the choices of three real decisions (an
 * auction turn, a card to play, an out-of-turn Kontra offer).  Nothing
 * may crash; an accepted answer must be one of the choices and must be
 * accepted again when written back in protocol text.
 */
#include "../../src/table/engine_parse.c"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Checks one answer against a list of choices. */
static void check_reply(const char *line, const sk_action *legal, int n, int seat)
{
    int fail = 0;
    char why[128];
    int i = skx_engine_parse_reply(line, legal, n, seat, &fail, why, sizeof why);
    if (i < 0) {
        assert(fail == SKX_ENGINE_FAIL_GARBAGE || fail == SKX_ENGINE_FAIL_ILLEGAL);
        assert(memchr(why, '\0', sizeof why) != NULL);
        return;
    }
    assert(i < n);
    char text[64];
    sk_action_format(legal[i], text, sizeof text);
    int again = skx_engine_parse_reply(text, legal, n, seat, &fail, why, sizeof why);
    assert(again >= 0 && sk_action_equal(legal[again], legal[i]));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4 * SKX_ENGINE_LINE_MAX)
        return 0;
    char *line = malloc(size + 1);
    if (!line)
        return 0;
    memcpy(line, data, size);
    line[size] = '\0';
    char why[128], name[64];
    int len = skx_engine_clean_line(line, size, why, sizeof why);
    if (len < 0) {
        free(line);
        return 0;
    }
    assert((size_t)len <= size && strlen(line) == (size_t)len);
    int kind = skx_engine_classify(line, name, sizeof name);
    assert(kind >= SKX_ELINE_EMPTY && kind <= SKX_ELINE_OTHER);

    /* an auction turn, then the first card of the play */
    sk_rules rules;
    sk_rules_preset(&rules, "official", NULL);
    sk_rng rng;
    sk_rng_seed(&rng, 42);
    sk_game g;
    sk_game_deal(&g, &rules, 0, &rng, false);
    sk_action legal[SK_MAX_LEGAL];
    sk_view v;
    sk_game_view(&g, g.pub.to_move, &v);
    int n = sk_view_legal(&v, legal);
    check_reply(line, legal, n, v.seat);
    while (g.pub.phase != SK_PHASE_PLAY && !sk_game_over(&g)) {
        int k = sk_game_legal(&g, legal);
        sk_action a = legal[k - 1]; /* the highest bid, then a declaration */
        if (sk_game_apply(&g, a, NULL) < 0)
            break;
    }
    if (g.pub.phase == SK_PHASE_PLAY) {
        sk_game_view(&g, g.pub.to_move, &v);
        n = 0;
        sk_action all[SK_MAX_LEGAL];
        int k = sk_view_legal(&v, all);
        for (int i = 0; i < k; i++)
            if (all[i].type == SK_ACT_CARD)
                legal[n++] = all[i];
        check_reply(line, legal, n, v.seat);
    }
    /* an out-of-turn offer */
    legal[0] = sk_act_double(1, SK_ACT_KONTRA);
    legal[1] = sk_act_pass(1);
    check_reply(line, legal, 2, 1);
    free(line);
    return 0;
}
