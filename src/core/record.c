/*
 * record.c -- game records (see docs/record-format.md): what the record
 * files share, and records <-> games.
 *
 * A record is what it takes to replay a game: the ruleset, the dealer,
 * the four hands as dealt and the list of actions.  It never stores
 * anything the engine can derive; the result a writer appends is only
 * for readers of the file, and sk_record_read ignores it.  Replaying is
 * nothing but sk_game_init + sk_game_apply, so a record that replays is
 * a legal game by construction.  The JSON reader is record_read.c, the
 * writer record_write.c.
 */
#include "record_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Names of the action types, indexed by enum sk_action_type. */
const char *const skx_action_names[SKX_NACTION_NAMES] = {"pass",   "bid",  "declare", "kontra",
                                                         "retour", "card", "klopfen", "accept"};

/* ------------------------------------------------------------------ */
/* Errors                                                               */
/* ------------------------------------------------------------------ */

/* Fills err (if any) with a formatted message and returns code; every
 * error of the record files goes through here so none forgets `rule`. */
int skx_rec_fail(sk_error *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->rule = NULL;
    }
    return code;
}

/* ------------------------------------------------------------------ */
/* Games and records                                                    */
/* ------------------------------------------------------------------ */

/* The action as a record stores it: only the fields its type uses, the
 * others in their empty state, and a bid reduced to its class. */
static sk_action rec_canonical_action(sk_action a)
{
    sk_action c;
    memset(&c, 0, sizeof c);
    c.type = a.type;
    c.seat = a.seat;
    c.card = a.type == SK_ACT_CARD || a.type == SK_ACT_ACCEPT ? a.card : SK_NOCARD;
    c.contract = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
    if (a.type == SK_ACT_DECLARE)
        c.contract = a.contract;
    if (a.type == SK_ACT_BID)
        c.contract = (sk_contract){a.contract.type, SK_NOSUIT, a.contract.tout};
    return c;
}

/* Copies id into dst (size bytes), cut at a UTF-8 character boundary. */
static void rec_copy_id(char *dst, size_t size, const char *id)
{
    size_t n = id ? strlen(id) : 0;
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)id[n] & 0xc0) == 0x80)
            n--;
    }
    if (n)
        memcpy(dst, id, n);
    dst[n] = '\0';
}

/* Builds a record from a game: its ruleset, dealer, hands as dealt and
 * every action so far (finished or not). */
void sk_record_from_game(sk_record *rec, const sk_game *g, const char *id)
{
    memset(rec, 0, sizeof *rec);
    if (g->rules)
        rec->rules = *g->rules;
    rec->dealer = g->pub.dealer;
    rec->first_game = g->pub.first_game;
    rec->bock = g->pub.bock;
    rec->kreuzbock = g->pub.kreuzbock_round;
    memcpy(rec->hands, g->dealt, sizeof rec->hands);
    int n = g->pub.nactions < SK_MAX_ACTIONS ? g->pub.nactions : SK_MAX_ACTIONS;
    for (int i = 0; i < n; i++)
        rec->actions[i] = rec_canonical_action(g->pub.actions[i]);
    rec->nactions = (uint16_t)n;
    rec_copy_id(rec->id, sizeof rec->id, id);
}

/* Replays a record into g: sk_game_init with the record's ruleset (g
 * keeps a pointer to rec->rules), then every action through
 * sk_game_apply.  The first refused action stops the replay with g as it
 * was before it and *bad_index set to its index (-1 when the deal itself
 * is refused). */
int sk_record_replay(const sk_record *rec, sk_game *g, int *bad_index, sk_error *err)
{
    int dummy;
    if (!bad_index)
        bad_index = &dummy;
    *bad_index = -1;
    if (!rec || !g)
        return skx_rec_fail(err, SK_EINVAL, "no record or game given");
    if (rec->dealer >= SK_NSEATS)
        return skx_rec_fail(err, SK_ERANGE, "dealer: %d out of range (0..3)", rec->dealer);
    if (rec->nactions > SK_MAX_ACTIONS)
        return skx_rec_fail(err, SK_ERANGE, "actions: %d actions, at most %d", rec->nactions,
                        SK_MAX_ACTIONS);
    sk_error sub = {"", NULL};
    int rc = sk_game_init(g, &rec->rules, rec->dealer, rec->hands, rec->first_game != 0, &sub);
    if (rc < 0)
        return skx_rec_fail(err, rc, "hands: %s", sub.msg);
    if ((rc = sk_game_set_round(g, rec->bock, rec->kreuzbock != 0, &sub)) < 0)
        return skx_rec_fail(err, rc, "bock: %s", sub.msg);
    for (int i = 0; i < rec->nactions; i++) {
        sk_game before = *g;
        rc = sk_game_apply(g, rec->actions[i], &sub);
        if (rc < 0) {
            *g = before;
            *bad_index = i;
            skx_rec_fail(err, rc, "actions[%d]: %s", i, sub.msg);
            if (err)
                err->rule = sub.rule;
            return rc;
        }
    }
    return SK_OK;
}
