/*
 * realgame.c -- the real-games format of tests/data/real-games.jsonl
 * (games people played online, from the public Taschee/schafkopf data
 * set; tests/data/README.md): one JSON object a line with the contract,
 * the four hands and the eight tricks, but no auction, Klopfen or
 * Kontra.  It becomes a game record with the shortest auction that
 * leads to its contract -- the seats before the declarer pass, he opens
 * with the lowest bid (2.4.2), the later seats pass, he names the
 * contract (2.4.12) -- so only its cards are decisions people made.
 * Seat 0 is forehand: the dealer is seat 3.  Everything is checked and a
 * bad line is refused with the member it is wrong in.
 */
#include "lab/lab.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* One card of the data set (a two-letter string), or -1. */
static int rg_card(const json_t *v)
{
    const char *s = json_string_value(v);
    return s && strlen(s) == 2 ? sk_card_parse(s) : -1;
}

/* The contract object: type rufspiel (called_ace), solo (suit) or wenz,
 * and tout; -1 with a reason. */
static int rg_contract(const json_t *c, sk_contract *out, char *why, size_t size)
{
    const char *type = json_string_value(json_object_get(c, "type"));
    *out = (sk_contract){SK_C_NONE, SK_NOSUIT, (uint8_t)json_is_true(json_object_get(c, "tout"))};
    if (!type) {
        snprintf(why, size, "contract.type: missing or not a string");
        return -1;
    }
    if (strcmp(type, "rufspiel") == 0) {
        int ace = rg_card(json_object_get(c, "called_ace"));
        if (ace < 0 || SK_RANK_OF(ace) != SK_ASS) {
            snprintf(why, size, "contract.called_ace: not an ace (\"EA\", \"GA\", \"SA\")");
            return -1;
        }
        out->type = SK_C_SAUSPIEL;
        out->suit = (uint8_t)SK_SUIT_OF(ace);
    } else if (strcmp(type, "solo") == 0) {
        const char *suit = json_string_value(json_object_get(c, "suit"));
        char probe[3] = {suit ? suit[0] : '?', 'A', 0};
        int card = suit && strlen(suit) == 1 ? sk_card_parse(probe) : -1;
        if (card < 0) {
            snprintf(why, size, "contract.suit: not a suit letter (E, G, H, S)");
            return -1;
        }
        out->type = SK_C_SOLO;
        out->suit = (uint8_t)SK_SUIT_OF(card);
    } else if (strcmp(type, "wenz") == 0) {
        out->type = SK_C_WENZ;
    } else {
        char q[SK_CLI_QUOTE];
        snprintf(why, size, "contract.type: \"%s\" is not rufspiel, solo or wenz",
                 skx_cli_quote(q, type));
        return -1;
    }
    return 0;
}

/* Appends an action to the record. */
static void rg_push(sk_record *rec, int type, int seat, int card, sk_contract c)
{
    sk_action *a = &rec->actions[rec->nactions++];
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)type;
    a->seat = (uint8_t)seat;
    a->card = (uint8_t)card;
    a->contract = c;
}

/* Converts one parsed real game; see skx_cli_realgame. */
static int rg_convert(const json_t *game, const sk_rules *rules, sk_record *rec, int *first_card,
                      char *why, size_t size)
{
    const json_t *cj = json_object_get(game, "contract");
    sk_contract c;
    if (!json_is_object(cj)) {
        snprintf(why, size, "contract: missing or not an object");
        return -1;
    }
    if (rg_contract(cj, &c, why, size) < 0)
        return -1;
    const json_t *dj = json_object_get(cj, "declarer");
    json_int_t declarer = json_integer_value(dj);
    if (!json_is_integer(dj) || declarer < 0 || declarer > 3) {
        snprintf(why, size, "contract.declarer: not a seat 0-3");
        return -1;
    }
    memset(rec, 0, sizeof *rec);
    rec->rules = *rules;
    rec->dealer = 3;
    const json_t *hands = json_object_get(game, "hands");
    if (!json_is_array(hands) || json_array_size(hands) != 4) {
        snprintf(why, size, "hands: not an array of 4 hands");
        return -1;
    }
    for (int s = 0; s < 4; s++) {
        const json_t *h = json_array_get(hands, (size_t)s);
        if (!json_is_array(h) || json_array_size(h) != 8) {
            snprintf(why, size, "hands[%d]: not an array of 8 cards", s);
            return -1;
        }
        for (int i = 0; i < 8; i++) {
            int card = rg_card(json_array_get(h, (size_t)i));
            if (card < 0) {
                snprintf(why, size, "hands[%d][%d]: not a card", s, i);
                return -1;
            }
            rec->hands[s][i] = (uint8_t)card;
        }
    }
    const sk_contract none = {SK_C_NONE, SK_NOSUIT, 0};
    const sk_contract opener = {SK_C_SAUSPIEL, SK_NOSUIT, 0}; /* the lowest bid */
    for (int s = 0; s < 4; s++)
        rg_push(rec, s == declarer ? SK_ACT_BID : SK_ACT_PASS, s, SK_NOCARD,
                s == declarer ? opener : none);
    rg_push(rec, SK_ACT_DECLARE, (int)declarer, SK_NOCARD, c);
    *first_card = rec->nactions;
    const json_t *tricks = json_object_get(game, "tricks");
    if (!json_is_array(tricks) || json_array_size(tricks) != SK_NTRICKS) {
        snprintf(why, size, "tricks: not an array of 8 tricks");
        return -1;
    }
    for (size_t t = 0; t < SK_NTRICKS; t++) {
        const json_t *tr = json_array_get(tricks, t);
        const json_t *lj = json_object_get(tr, "leader"), *cards = json_object_get(tr, "cards");
        json_int_t leader = json_integer_value(lj);
        if (!json_is_integer(lj) || leader < 0 || leader > 3) {
            snprintf(why, size, "tricks[%zu].leader: not a seat 0-3", t);
            return -1;
        }
        if (!json_is_array(cards) || json_array_size(cards) != 4) {
            snprintf(why, size, "tricks[%zu].cards: not an array of 4 cards", t);
            return -1;
        }
        for (size_t k = 0; k < 4; k++) {
            int card = rg_card(json_array_get(cards, k));
            if (card < 0) {
                snprintf(why, size, "tricks[%zu].cards[%zu]: not a card", t, k);
                return -1;
            }
            rg_push(rec, SK_ACT_CARD, (int)((leader + (json_int_t)k) % 4), card, none);
        }
    }
    return 0;
}

/* Reads one line of the real-games format; see lab.h. */
int skx_cli_realgame(const char *line, size_t len, const sk_rules *rules, sk_record *rec,
                    int *first_card, char *why, size_t size)
{
    json_error_t jerr;
    json_t *game = json_loadb(line, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!game) {
        snprintf(why, size, "not JSON: %s (column %d)", jerr.text, jerr.column);
        return -1;
    }
    int rc = -1;
    if (!json_is_object(game))
        snprintf(why, size, "not a JSON object");
    else
        rc = rg_convert(game, rules, rec, first_card, why, size);
    json_decref(game);
    return rc;
}

/* Reads one line of recorded games and replays it; see lab.h. */
int skx_cli_game_line(const char *line, size_t len, const sk_rules *realrules, sk_record *rec,
                      sk_game *g, int *first, char *why, size_t size)
{
    /* a record names its format; any other object must be a real game */
    json_error_t jerr;
    json_t *root = json_loadb(line, len, 0, &jerr);
    if (!root || !json_is_object(root)) {
        snprintf(why, size, "not a JSON object: %s", root ? "another JSON value" : jerr.text);
        json_decref(root);
        return -1;
    }
    bool is_record = json_object_get(root, "format") != NULL;
    json_decref(root);
    sk_error err = {{0}, NULL};
    char reason[256];
    *first = 0;
    if (is_record && sk_record_read(rec, line, len, &err) < 0) {
        snprintf(why, size, "bad record: %s", err.msg);
        return -1;
    }
    if (!is_record &&
        skx_cli_realgame(line, len, realrules, rec, first, reason, sizeof reason) < 0) {
        snprintf(why, size, "neither a game record nor a real game: %s", reason);
        return -1;
    }
    int bad = -1;
    if (sk_record_replay(rec, g, &bad, &err) < 0) {
        char what[48] = "";
        if (bad >= 0 && bad < rec->nactions)
            sk_action_format(rec->actions[bad], what, sizeof what);
        snprintf(why, size, "action %d (%s): %s", bad, what, err.msg);
        return -1;
    }
    return 0;
}

/* Calls fn for each non-blank line of a stream of games; see lab.h. */
int skx_cli_game_lines(const char *cmd, const char *name, FILE *in,
                       int (*fn)(void *ctx, const char *name, long lineno, const char *line,
                                 size_t len),
                       void *ctx)
{
    char *line = NULL, q[SK_CLI_QUOTE];
    size_t cap = 0;
    long len = 0, lineno = 0;
    int rc = 0;
    while (rc == 0 && (len = skx_cli_getline(in, &line, &cap, SK_RECORD_MAX_LINE)) >= 0) {
        lineno++;
        if (strspn(line, " \t\r") < (size_t)len)
            rc = fn(ctx, name, lineno, line, (size_t)len);
    }
    if (rc == 0 && len == SK_CLI_TOO_LONG) {
        fprintf(stderr, "%s:%ld: a line longer than %d bytes\n", skx_cli_quote(q, name),
                lineno + 1, SK_RECORD_MAX_LINE);
        rc = -1;
    } else if (rc == 0 && len == SK_CLI_READ_ERROR) {
        fprintf(stderr, "schafkopf: %s: %s: %s\n", cmd, skx_cli_quote(q, name), strerror(errno));
        rc = -1;
    }
    free(line);
    return rc < 0 ? -1 : 0;
}
