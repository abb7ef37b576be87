/*
 * fuzz_room_journal.c -- libFuzzer harness for the room's journal reader
 * (sk_room_replay, src/table/room.c, included here with room_json.c so
 * the harness builds from the library sources).  The input is a journal:
 * one entry per line, fed in order to a fresh room of the official
 * rules, as a server restoring a room from its store does.  Nothing may
 * crash; a refused entry leaves the room as it was, with a message; an
 * accepted one makes events whose messages and state are JSON for every
 * recipient, and whose journal entry is accepted by a second room fed
 * the same way.
 */
#include "../../src/table/room.c"
#include "../../src/table/room_json.c"
#include "../../src/table/room_claim.c"
#include "../../src/table/room_clock.c"
#include "../../src/table/room_replay.c"
#include "../../src/table/room_seats.c"

#include <assert.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Checks the texts of the room's events from..to and its state. */
static void check_texts(const sk_room *r, uint64_t from)
{
    for (uint64_t q = from; q <= sk_room_seq(r); q++) {
        for (int s = 0; s < 4; s++) {
            char *m = sk_room_message(r, q, s);
            assert(m && m[0] == '{');
            free(m);
        }
        char *m = sk_room_message(r, q, SK_ROOM_SPECTATOR);
        assert(m && m[0] == '{');
        free(m);
    }
    char *st = sk_room_state(r, SK_ROOM_SPECTATOR);
    assert(st && st[0] == '{');
    free(st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16)
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    sk_rules rules;
    sk_rules_preset(&rules, "official", NULL);
    sk_room *r = sk_room_new(1, &rules, "random", NULL);
    sk_room *copy = sk_room_new(1, &rules, "random", NULL);
    assert(r && copy);
    int lines = 0;
    for (char *line = text, *next; line && lines < 400; line = next, lines++) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        uint64_t before = sk_room_seq(r);
        sk_error err = {{0}, NULL};
        if (sk_room_replay(r, line, &err) < 0) {
            assert(memchr(err.msg, '\0', sizeof err.msg) && err.msg[0]);
            assert(sk_room_seq(r) == before);
            continue;
        }
        check_texts(r, before + 1);
        for (uint64_t q = before + 1; q <= sk_room_seq(r); q++) {
            char *entry = sk_room_journal(r, q);
            assert(entry);
            int rc = sk_room_replay(copy, entry, &err);
            assert(rc == 0);
            free(entry);
        }
        assert(sk_room_seq(copy) == sk_room_seq(r));
    }
    sk_room_free(r);
    sk_room_free(copy);
    free(text);
    return 0;
}
