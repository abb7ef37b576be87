/*
 * common.c -- helpers the subcommands share: ruleset options, numbers,
 * reading files, and uniformly random legal play.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Applies one ruleset option from the command line. */
int sk_cli_rules_option(sk_rules *r, int opt, const char *arg)
{
    sk_error err = {{0}, NULL};
    int rc = 0;
    if (opt == SK_OPT_PRESET) {
        rc = sk_rules_preset(r, arg, &err);
    } else if (opt == SK_OPT_RULE) {
        rc = sk_rules_set_pair(r, arg, &err);
    } else {
        size_t len;
        char *text = sk_cli_slurp(arg, &len);
        if (!text) {
            fprintf(stderr, "schafkopf: --rules %s: %s\n", arg, strerror(errno));
            return -1;
        }
        rc = sk_rules_parse(r, text, &err);
        free(text);
        if (rc < 0) {
            fprintf(stderr, "schafkopf: --rules %s: %s\n", arg, err.msg);
            return -1;
        }
        return 0;
    }
    if (rc < 0) {
        fprintf(stderr, "schafkopf: --%s %s: %s\n", opt == SK_OPT_PRESET ? "preset" : "rule",
                arg, err.msg);
        return -1;
    }
    return 0;
}

/* Parses a whole decimal number in 0..max. */
int sk_cli_number(const char *name, const char *arg, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(arg, &end, 10);
    if (!arg[0] || *end || errno || arg[0] == '-' || v > max) {
        fprintf(stderr, "schafkopf: --%s: \"%s\" is not a number in 0..%llu\n", name, arg,
                (unsigned long long)max);
        return -1;
    }
    *out = v;
    return 0;
}

/* Reads a whole file, or stdin for "-". */
char *sk_cli_slurp(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    bool failed = ferror(f);
    if (f != stdin)
        fclose(f);
    if (!buf || failed) {
        free(buf);
        errno = failed ? EIO : ENOMEM;
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* A uniformly random card of a non-empty set; a single card draws a
 * random number too, so the numbers drawn do not depend on the sets. */
static int random_card(sk_cards cards, sk_rng *rng)
{
    return sk_cards_nth(cards, sk_rng_below(rng, (uint32_t)sk_cards_count(cards)));
}

/* Whether the random player considers a Kontra or Retour now: in the
 * play, while at most the opening lead lies, and doublings are left. */
static bool doubling_moment(const sk_game *g)
{
    return g->pub.trick_no == 0 && g->pub.trick_len <= 1 &&
           g->pub.doublings < g->rules->kontra_max;
}

/* A uniformly random legal action.  In the play phase the seat to move
 * plays a card; in the first moments of the play, one time in four
 * each Kontra/Retour on offer is considered and taken with probability
 * 1/2, so doubled games occur but do not dominate. */
sk_action sk_cli_random_action(const sk_game *g, sk_rng *rng)
{
    if (g->pub.phase == SK_PHASE_PLAY) {
        if (doubling_moment(g) && sk_rng_below(rng, 4) == 0) {
            sk_action dbl[2 * SK_NSEATS];
            int n = sk_game_legal_doublings(g, dbl);
            for (int i = 0; i < n; i++)
                if (sk_rng_below(rng, 2) == 0)
                    return dbl[i];
        }
        return sk_act_card(g->pub.to_move, random_card(sk_game_legal_cards(g), rng));
    }
    if (g->pub.phase == SK_PHASE_AUCTION) { /* a pass or one of the bids */
        sk_contract bids[SK_MAX_BIDS];
        int n = sk_game_legal_bids(g, bids);
        uint32_t k = n ? sk_rng_below(rng, (uint32_t)n + 1) : 0;
        return k ? sk_act_bid(g->pub.to_move, bids[k - 1]) : sk_act_pass(g->pub.to_move);
    }
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal);
    return legal[n > 1 ? sk_rng_below(rng, (uint32_t)n) : 0];
}

/* Plays a game to its end with random legal actions, as
 * sk_cli_random_action chooses them but with the cards after the first
 * moments played by sk_game_play_random (a bit pool, the engine's own
 * fast loop).  The cards, taken from the legal set, go the trusted way;
 * every other action is checked by the referee. */
void sk_cli_random_game(sk_game *g, sk_rng *rng)
{
    while (!sk_game_over(g)) {
        if (g->pub.phase == SK_PHASE_PLAY && !doubling_moment(g)) { /* the common case */
            /* Cards alone never lead back into a doubling moment: it
             * needs trick 0 with at most one card out, and no more
             * doublings than before.  So this plays to the end. */
            sk_game_play_random(g, rng);
            continue;
        }
        sk_action a = sk_cli_random_action(g, rng);
        if (a.type == SK_ACT_CARD) {
            sk_game_play_legal(g, a.card);
            continue;
        }
        sk_error err;
        if (sk_game_apply(g, a, &err) < 0) {
            fprintf(stderr, "schafkopf: internal error: random legal action refused: %s\n",
                    err.msg);
            abort();
        }
    }
}
