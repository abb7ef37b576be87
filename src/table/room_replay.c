/*
 * room_replay.c -- the journal's reader (table.h, sk_room_replay): each
 * entry is checked field by field and fed to the function that made it,
 * so a restored room passes through the same code as the live one and
 * ends in the same state with the same messages.  Entries a decision
 * made by itself ("result" after the last card, "played" after a claim)
 * are checked and skipped.  tests/fuzz/fuzz_room_journal.c feeds it
 * arbitrary input.
 */
#include "table/room_internal.h"

#include <jansson.h>
#include <limits.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

/* A journal entry's field as an integer in [lo, hi]. */
static int entry_int(const json_t *o, const char *key, long long lo, long long hi,
                     long long *out, sk_error *err)
{
    const json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return skx_room_fail(err, SK_EINVAL, NULL, "journal entry: \"%s\" must be an integer %lld..%lld",
                    key, lo, hi);
    *out = json_integer_value(v);
    return SK_OK;
}

/* A journal entry's field as a string of at most max bytes, no NUL. */
static int entry_str(const json_t *o, const char *key, size_t max, const char **out,
                     sk_error *err)
{
    const json_t *v = json_object_get(o, key);
    if (!json_is_string(v) || json_string_length(v) > max ||
        strlen(json_string_value(v)) != json_string_length(v))
        return skx_room_fail(err, SK_EINVAL, NULL, "journal entry: \"%s\" must be a string of at most "
                    "%zu bytes", key, max);
    *out = json_string_value(v);
    return SK_OK;
}

/* Replays the entry once parsed: checks its number, then calls the
 * function that made it. */
static int replay_obj(sk_room *r, const json_t *o, sk_error *err)
{
    long long seq, seat = 0;
    const char *kind, *s;
    int rc = entry_int(o, "seq", 1, INT64_MAX, &seq, err);
    if (rc == SK_OK)
        rc = entry_str(o, "kind", 16, &kind, err);
    if (rc < 0)
        return rc;
    if (strcmp(kind, "result") == 0) { /* made by the decision that ended the game */
        const skx_room_event *e = skx_room_event_at(r, (uint64_t)seq);
        if ((uint64_t)seq != r->seq || !e || e->kind != SKX_EV_RESULT)
            return skx_room_fail(err, SK_EINVAL, NULL,
                        "journal entry %lld: a result that the game before did not make", seq);
        return SK_OK;
    }
    if (strcmp(kind, "played") == 0) { /* a card of a claim's play-out (made by the claim) */
        const skx_room_event *e = skx_room_event_at(r, (uint64_t)seq);
        if (!e || e->kind != SKX_EV_ACTION || !e->claimed)
            return skx_room_fail(err, SK_EINVAL, NULL,
                        "journal entry %lld: a card played out that no claim before made", seq);
        return SK_OK;
    }
    if ((uint64_t)seq != r->seq + 1)
        return skx_room_fail(err, SK_EINVAL, NULL, "journal entry %lld: the room is at event %llu", seq,
                    (unsigned long long)r->seq);
    if (strcmp(kind, "deal") == 0) {
        uint8_t seed[SK_ROOM_SEED_BYTES];
        size_t got = 0;
        rc = entry_str(o, "seed", 2 * SK_ROOM_SEED_BYTES, &s, err);
        if (rc == SK_OK && (strlen(s) != 2 * SK_ROOM_SEED_BYTES ||
                            sodium_hex2bin(seed, sizeof seed, s, strlen(s), NULL, &got, NULL) != 0 ||
                            got != sizeof seed))
            rc = skx_room_fail(err, SK_EINVAL, NULL, "journal entry %lld: \"seed\" must be %d hex digits",
                      seq, 2 * SK_ROOM_SEED_BYTES);
        return rc < 0 ? rc : sk_room_deal(r, seed, err);
    }
    if (strcmp(kind, "timer") == 0) {
        long long secs;
        rc = entry_int(o, "seconds", 0, SK_ROOM_TIMER_MAX, &secs, err);
        return rc < 0 ? rc : sk_room_set_timer(r, (int)secs, err);
    }
    if (strcmp(kind, "settings") == 0) {
        long long secs;
        const json_t *v = json_object_get(o, "play_on");
        rc = entry_int(o, "settle", 0, SK_ROOM_SETTLE_MAX, &secs, err);
        if (rc == SK_OK && !json_is_boolean(v))
            rc = skx_room_fail(err, SK_EINVAL, NULL, "journal entry %lld: \"play_on\" must be "
                               "true or false", seq);
        return rc < 0 ? rc : sk_room_set_settings(r, (int)secs, json_is_true(v), err);
    }
    if (strcmp(kind, "hold") == 0) {
        long long secs;
        rc = entry_int(o, "seconds", 0, SK_ROOM_HOLD_MAX, &secs, err);
        return rc < 0 ? rc : sk_room_set_hold(r, (int)secs, err);
    }
    rc = entry_int(o, "seat", 0, SK_ROOM_SEATS - 1, &seat, err);
    if (rc < 0)
        return rc;
    if (strcmp(kind, "pause") == 0) {
        long long present;
        const json_t *v = json_object_get(o, "pause");
        if (!json_is_boolean(v))
            return skx_room_fail(err, SK_EINVAL, NULL, "journal entry %lld: \"pause\" must be true or "
                        "false", seq);
        rc = entry_int(o, "present", 0, (1 << SK_ROOM_SEATS) - 1, &present, err);
        return rc < 0 ? rc : sk_room_pause(r, (int)seat, json_is_true(v), (uint8_t)present, err);
    }
    if (strcmp(kind, "leave") == 0)
        return sk_room_leave(r, (int)seat, err);
    if (strcmp(kind, "claim") == 0)
        return skx_room_replay_claim(r, o, (int)seat, err);
    if (strcmp(kind, "decide") == 0) {
        sk_action a;
        const json_t *v = json_object_get(o, "stand_in");
        rc = entry_str(o, "action", 40, &s, err);
        if (rc == SK_OK && sk_action_parse(s, &a, err) < 0)
            rc = SK_EINVAL;
        if (rc == SK_OK && v && !json_is_boolean(v))
            rc = skx_room_fail(err, SK_EINVAL, NULL, "journal entry %lld: \"stand_in\" must be true "
                               "or false", seq);
        if (rc < 0)
            return rc;
        return json_is_true(v) ? sk_room_stand_in(r, (int)seat, a, r->seq, err)
                               : sk_room_decide(r, (int)seat, a, r->seq, err);
    }
    if (strcmp(kind, "sit") == 0) {
        if (json_object_get(o, "bot")) {
            rc = entry_str(o, "bot", 31, &s, err);
            return rc < 0 ? rc : sk_room_sit_bot(r, (int)seat, s, err);
        }
        const char *name, *player;
        rc = entry_str(o, "name", SK_ROOM_NAME_MAX - 1, &name, err);
        if (rc == SK_OK)
            rc = entry_str(o, "player", 20, &player, err);
        if (rc < 0)
            return rc;
        char *end = NULL;
        unsigned long long id = strtoull(player, &end, 10);
        if (!*player || *player < '1' || *player > '9' || *end || id == ULLONG_MAX)
            return skx_room_fail(err, SK_EINVAL, NULL, "journal entry %lld: \"player\" must be a "
                        "decimal id 1..2^64-2", seq);
        return sk_room_sit_human(r, (int)seat, id, name, err);
    }
    char q[SK_ESCAPE_SIZE(16)];
    return skx_room_fail(err, SK_EINVAL, NULL, "journal entry %lld: unknown kind \"%s\" (sit, leave, "
                "deal, decide, result, timer, settings, hold, pause, claim, played)", seq, sk_escape(q, sizeof q, kind, strlen(kind), 16));
}

/* Replays one journal entry; see table.h. */
int sk_room_replay(sk_room *r, const char *entry, sk_error *err)
{
    if (!entry)
        return skx_room_fail(err, SK_EINVAL, NULL, "no journal entry");
    size_t len = strnlen(entry, 4097);
    if (len > 4096)
        return skx_room_fail(err, SK_EINVAL, NULL, "journal entry longer than 4096 bytes");
    json_error_t je;
    json_t *o = json_loadb(entry, len, JSON_REJECT_DUPLICATES, &je);
    if (!o)
        return skx_room_fail(err, SK_EINVAL, NULL, "journal entry: bad JSON at line %d, column %d: %s",
                    je.line, je.column, je.text);
    int rc = json_is_object(o) ? replay_obj(r, o, err)
                               : skx_room_fail(err, SK_EINVAL, NULL, "journal entry: not an object");
    json_decref(o);
    return rc;
}
