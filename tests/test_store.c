/*
 * test_store.c -- the store's functions (include/schafkopf/store.h,
 * src/store/): rooms, the journal's order, batches and what a batch left
 * open at close means, games, chat, accounts with a real argon2id hash,
 * sessions, what survives a reopen, the caps and checks of the input.
 * test_store_files.c has the process-level side: the lock, kill -9,
 * files that are no store, backups.  Each test works in a mkdtemp
 * directory that it removes afterwards.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/store.h"
#include "store/store_internal.h" /* the connection, to fill the "disk" */
#include "testlib.h"
#include "store_fixture.h"

/* Each test in a temporary directory of its own (store_fixture.h). */
static int setup(void **state)
{
    return store_fixture_setup(state, "sk_store_");
}

/* The same against a fresh PostgreSQL schema (store_fixture.h). */
static int setup_pg(void **state)
{
    return store_fixture_setup_pg(state, "sk_store_pg_");
}

static int teardown(void **state)
{
    return store_fixture_teardown(state);
}

/* Creates a room with the given title; returns its id. */
static uint64_t new_room(sk_store *st, const char *title, int64_t created)
{
    sk_error err = {0};
    sk_store_room r = {.rules_json = "{\"preset\":\"official\"}", .title = (char *)title,
                       .invite = "k3Jx9", .listed = 1, .fallback = "heuristic",
                       .created = created};
    uint64_t id = 0;
    OK(sk_store_room_create(st, &r, &id, &err));
    return id;
}

/* Adds a game with its record only (no seats, nobody declared). */
static int add_game(sk_store *st, uint64_t room, uint32_t no, const char *record, sk_error *err)
{
    sk_store_game g = {.room = room, .game_no = no, .record = record, .contract = "",
                       .declarer = -1};
    return sk_store_game_add(st, &g, err);
}

/* An account of `name` (its key: the name in lower case, as a server
 * might fold it) for `player`. */
static int add_account(sk_store *st, const char *name, const char *hash, uint64_t player,
                       uint64_t *id, sk_error *err)
{
    sk_store_account a = {.player = player, .created = 5};
    snprintf(a.name, sizeof a.name, "%s", name);
    for (size_t i = 0; name[i] && i < SK_STORE_NAME_MAX; i++)
        a.key[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
    snprintf(a.hash, sizeof a.hash, "%s", hash);
    return sk_store_account_add(st, &a, id, err);
}

/* ------------------------------------------------------------------ */
/* Collecting what the walks give                                       */
/* ------------------------------------------------------------------ */

#define MAXROWS 64
typedef struct rows {
    int n;
    uint64_t num[MAXROWS];
    char text[MAXROWS][128];
    int64_t at[MAXROWS];
    int stop_after; /* 0: never stop */
} rows;

/* Adds a row (number, text) and stops when asked to. */
static int add_row(rows *r, uint64_t num, const char *text, int64_t at)
{
    assert_true(r->n < MAXROWS);
    r->num[r->n] = num;
    snprintf(r->text[r->n], sizeof r->text[0], "%s", text);
    r->at[r->n] = at;
    r->n++;
    return r->stop_after && r->n == r->stop_after ? 42 : 0;
}

static int on_room(void *ctx, const sk_store_room *room)
{
    return add_row(ctx, room->id, room->title, room->created);
}

static int on_entry(void *ctx, uint64_t seq, const char *entry)
{
    return add_row(ctx, seq, entry, 0);
}

static int on_game(void *ctx, uint32_t no, const char *record)
{
    return add_row(ctx, no, record, 0);
}

static int on_chat(void *ctx, const char *name, const char *text, int64_t at)
{
    char both[128];
    snprintf(both, sizeof both, "%s: %s", name, text);
    return add_row(ctx, 0, both, at);
}

/* The journal of a room, collected. */
static rows journal_of(sk_store *st, uint64_t room)
{
    sk_error err = {0};
    rows r = {0};
    OK(sk_store_journal(st, room, on_entry, &r, &err));
    return r;
}

/* ------------------------------------------------------------------ */
/* Rooms                                                                */
/* ------------------------------------------------------------------ */

/* Rooms: ids from 1, every field kept, closed rooms left out of the
 * walk, the walk in creation order, a callback's value stops it. */
static void test_rooms(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    rows r = {0};
    OK(sk_store_rooms(st, on_room, &r, &err));
    assert_int_equal(r.n, 0);

    assert_int_equal(new_room(st, "Stammtisch", 100), 1);
    assert_int_equal(new_room(st, "Turnier Süd", 200), 2);
    sk_store_room bare = {.rules_json = "{}", .created = 300};
    uint64_t id = 0;
    OK(sk_store_room_create(st, &bare, &id, &err));
    assert_int_equal(id, 3);

    OK(sk_store_room_close(st, 2, &err));
    REFUSED(sk_store_room_close(st, 9, &err), SK_EINVAL, "no such room");
    REFUSED(sk_store_room_close(st, 0, &err), SK_EINVAL, "room 0");
    OK(sk_store_rooms(st, on_room, &r, &err));
    assert_int_equal(r.n, 2);
    assert_int_equal(r.num[0], 1);
    assert_string_equal(r.text[0], "Stammtisch");
    assert_int_equal(r.at[0], 100);
    assert_int_equal(r.num[1], 3);
    assert_string_equal(r.text[1], ""); /* NULL title stored as "" */

    rows stop = {.stop_after = 1};
    assert_int_equal(sk_store_rooms(st, on_room, &stop, &err), 42);
    assert_int_equal(stop.n, 1);
    sk_store_close(st);
}

/* Checks every field of room 1 as new_room made it. */
static int check_room_fields(void *ctx, const sk_store_room *room)
{
    (void)ctx;
    if (room->id != 1)
        return 0;
    assert_string_equal(room->rules_json, "{\"preset\":\"official\"}");
    assert_string_equal(room->invite, "k3Jx9");
    assert_int_equal(room->listed, 1);
    assert_string_equal(room->fallback, "heuristic");
    assert_int_equal(room->closed, 0);
    return 0;
}

/* A walk may start another walk (even of the same kind) and write from
 * its callback: the server restores every room's journal from inside
 * the rooms walk. */
typedef struct nested {
    sk_store *st;
    int inner;
} nested;

static int on_room_nested(void *ctx, const sk_store_room *room)
{
    nested *n = ctx;
    sk_error err = {0};
    rows inner = {0};
    OK(sk_store_rooms(n->st, on_room, &inner, &err));
    n->inner += inner.n;
    rows j = journal_of(n->st, room->id);
    OK(sk_store_journal_append(n->st, room->id, (uint64_t)j.n + 1, "{\"restored\":true}", &err));
    return 0;
}

static void test_nested_walks(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    new_room(st, "a", 1);
    new_room(st, "b", 2);
    OK(sk_store_rooms(st, check_room_fields, NULL, &err));
    nested n = {.st = st};
    OK(sk_store_rooms(st, on_room_nested, &n, &err));
    assert_int_equal(n.inner, 4);
    assert_int_equal(journal_of(st, 1).n, 1);
    assert_int_equal(journal_of(st, 2).n, 1);
    sk_store_close(st);
}

/* ------------------------------------------------------------------ */
/* Journal                                                              */
/* ------------------------------------------------------------------ */

/* The journal takes exactly the room's next seq, from 1; anything else
 * is refused and writes nothing.  Rooms count apart. */
static void test_journal_order(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "a", 1), b = new_room(st, "b", 2);
    REFUSED(sk_store_journal_append(st, a, 2, "{}", &err), SK_EINVAL, "not the next one (1)");
    REFUSED(sk_store_journal_append(st, a, 0, "{}", &err), SK_EINVAL, "seq 0");
    OK(sk_store_journal_append(st, a, 1, "{\"e\":1}", &err));
    OK(sk_store_journal_append(st, a, 2, "{\"e\":2}", &err));
    REFUSED(sk_store_journal_append(st, a, 2, "{\"dup\":1}", &err), SK_EINVAL, "(3)");
    REFUSED(sk_store_journal_append(st, a, 4, "{\"gap\":1}", &err), SK_EINVAL, "(3)");
    REFUSED(sk_store_journal_append(st, a, 1, "{\"old\":1}", &err), SK_EINVAL, "seq 1 is");
    REFUSED(sk_store_journal_append(st, 77, 1, "{}", &err), SK_EINVAL, "room 77: no such room");
    REFUSED(sk_store_journal_append(st, a, 3, "", &err), SK_EINVAL, "entry is empty");
    REFUSED(sk_store_journal_append(st, a, (uint64_t)INT64_MAX + 1, "{}", &err), SK_ERANGE,
            "out of range");
    OK(sk_store_journal_append(st, b, 1, "{\"b\":1}", &err));
    OK(sk_store_journal_append(st, a, 3, "{\"e\":3}", &err));

    rows r = journal_of(st, a);
    assert_int_equal(r.n, 3);
    for (int i = 0; i < 3; i++) {
        char want[32];
        snprintf(want, sizeof want, "{\"e\":%d}", i + 1);
        assert_int_equal(r.num[i], (uint64_t)i + 1);
        assert_string_equal(r.text[i], want);
    }
    assert_int_equal(journal_of(st, b).n, 1);
    assert_int_equal(journal_of(st, 99).n, 0); /* an unknown room has no entries */
    rows stop = {.stop_after = 2};
    assert_int_equal(sk_store_journal(st, a, on_entry, &stop, &err), 42);
    assert_int_equal(stop.n, 2);
    sk_store_close(st);
}

/* ------------------------------------------------------------------ */
/* Transactions                                                         */
/* ------------------------------------------------------------------ */

/* begin/commit batches; a refused write inside a batch leaves the batch
 * open and the rest committed; rollback drops a batch; begin does not
 * nest; a batch open at close is lost (docs/store.md). */
static void test_transactions(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "a", 1);
    REFUSED(sk_store_commit(st, &err), SK_ESTATE, "without a transaction");
    REFUSED(sk_store_rollback(st, &err), SK_ESTATE, "without a transaction");

    OK(sk_store_begin(st, &err));
    REFUSED(sk_store_begin(st, &err), SK_ESTATE, "do not nest");
    REFUSED(sk_store_set_sync(st, SK_STORE_SYNC_FULL, &err), SK_ESTATE, "inside a transaction");
    OK(sk_store_journal_append(st, a, 1, "{\"e\":1}", &err));
    REFUSED(sk_store_journal_append(st, a, 3, "{\"e\":3}", &err), SK_EINVAL, "(2)");
    OK(sk_store_journal_append(st, a, 2, "{\"e\":2}", &err));
    OK(sk_store_commit(st, &err));
    assert_int_equal(journal_of(st, a).n, 2);

    OK(sk_store_begin(st, &err));
    OK(sk_store_journal_append(st, a, 3, "{\"e\":3}", &err));
    OK(sk_store_chat_add(st, a, "Sepp", "servus", 5, &err));
    OK(sk_store_rollback(st, &err));
    assert_int_equal(journal_of(st, a).n, 2);
    rows chat = {0};
    OK(sk_store_chat(st, a, 10, on_chat, &chat, &err));
    assert_int_equal(chat.n, 0);

    /* a batch open at close: rolled back, as if never written */
    OK(sk_store_begin(st, &err));
    OK(sk_store_journal_append(st, a, 3, "{\"lost\":3}", &err));
    OK(sk_store_room_close(st, a, &err));
    sk_store_close(st);
    st = open_ok(f);
    rows r = journal_of(st, a);
    assert_int_equal(r.n, 2);
    rows rooms = {0};
    OK(sk_store_rooms(st, on_room, &rooms, &err));
    assert_int_equal(rooms.n, 1); /* the close was lost too */
    /* a store opened anew is another owner: it claims the room first
     * (PostgreSQL's leases; SQLite holds every one) */
    assert_int_equal(sk_store_lease_claim(st, a, &err), 1);

    OK(sk_store_set_sync(st, SK_STORE_SYNC_FULL, &err));
    OK(sk_store_journal_append(st, a, 3, "{\"e\":3}", &err));
    OK(sk_store_set_sync(st, SK_STORE_SYNC_NORMAL, &err));
    REFUSED(sk_store_set_sync(st, (enum sk_store_sync)7, &err), SK_EINVAL, "sync mode 7");
    sk_store_close(st);
}

/* A full disk inside a batch (SQLite's page limit stands in for it):
 * the failing write says the batch was rolled back, later writes are
 * refused instead of committing on their own, commit reports the loss,
 * and what was committed before stays. */
static void test_disk_full_in_batch(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "a", 1);
    OK(sk_store_journal_append(st, a, 1, "{\"before\":1}", &err));
    int64_t pages = 0;
    sqlite3_stmt *s = NULL;
    assert_int_equal(sqlite3_prepare_v2(st->db, "PRAGMA page_count", -1, &s, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(s), SQLITE_ROW);
    pages = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA max_page_count = %lld", (long long)pages + 2);
    assert_int_equal(sqlite3_exec(st->db, sql, NULL, NULL, NULL), SQLITE_OK);

    char big[3000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    OK(sk_store_begin(st, &err));
    uint64_t seq = 2;
    int rc;
    while ((rc = sk_store_journal_append(st, a, seq, big, &err)) == 0)
        seq++;
    assert_int_equal(rc, SK_EIO);
    assert_non_null(strstr(err.msg, "full"));
    assert_non_null(strstr(err.msg, "none of its writes happened"));
    REFUSED(sk_store_chat_add(st, a, "Sepp", "x", 1, &err), SK_EIO, "rolled back");
    REFUSED(sk_store_commit(st, &err), SK_EIO, "none of its writes happened");
    REFUSED(sk_store_rollback(st, &err), SK_ESTATE, "without a transaction");
    assert_int_equal(sqlite3_exec(st->db, "PRAGMA max_page_count = 1000000", NULL, NULL, NULL),
                     SQLITE_OK);
    OK(sk_store_journal_append(st, a, 2, "{\"after\":2}", &err));
    sk_store_close(st);
    st = open_ok(f);
    rows r = journal_of(st, a);
    assert_int_equal(r.n, 2);
    assert_string_equal(r.text[1], "{\"after\":2}");
    sk_store_close(st);
}

/* ------------------------------------------------------------------ */
/* Games and chat                                                       */
/* ------------------------------------------------------------------ */

static void test_games(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "a", 1), b = new_room(st, "b", 1);
    OK(add_game(st, a, 2, "{\"game\":2}", &err));
    OK(add_game(st, a, 1, "{\"game\":1}", &err));
    OK(add_game(st, b, 1, "{\"game\":\"b1\"}", &err));
    REFUSED(add_game(st, a, 1, "{\"again\":1}", &err), SK_EINVAL,
            "has a game 1 already");
    REFUSED(add_game(st, a, 0, "{}", &err), SK_EINVAL, "game number 0");
    REFUSED(add_game(st, 42, 1, "{}", &err), SK_EINVAL, "no room 42");
    REFUSED(add_game(st, a, 3, NULL, &err), SK_EINVAL, "record is missing");
    rows r = {0};
    OK(sk_store_games(st, a, on_game, &r, &err));
    assert_int_equal(r.n, 2);
    assert_int_equal(r.num[0], 1);
    assert_string_equal(r.text[0], "{\"game\":1}");
    assert_int_equal(r.num[1], 2);
    OK(add_game(st, a, UINT32_MAX, "{\"last\":1}", &err));
    r = (rows){0};
    OK(sk_store_games(st, a, on_game, &r, &err));
    assert_int_equal(r.num[2], UINT32_MAX);
    sk_store_close(st);
}

/* What the summary walks collect. */
typedef struct summaries {
    int n;
    sk_store_game g[8];
    char names[8][SK_STORE_SEATS_MAX][32];
    char contract[8][32];
    char invite[8][32];
    sk_store_history_game h[8];
    char kinds[8][32];
    uint64_t played[8], won[8];
} summaries;

static int on_summary(void *ctx, const sk_store_game *g)
{
    summaries *m = ctx;
    assert_true(m->n < 8);
    m->g[m->n] = *g;
    snprintf(m->contract[m->n], 32, "%s", g->contract);
    for (int i = 0; i < g->nseats; i++)
        snprintf(m->names[m->n][i], 32, "%s", g->seats[i].name ? g->seats[i].name : "(null)");
    m->n++;
    return 0;
}

static int on_history(void *ctx, const sk_store_history_game *h)
{
    summaries *m = ctx;
    assert_true(m->n < 8);
    m->h[m->n] = *h;
    snprintf(m->contract[m->n], 32, "%s", h->contract);
    snprintf(m->invite[m->n], 32, "%s", h->invite);
    m->n++;
    return 0;
}

static int on_kind(void *ctx, const char *kind, uint64_t played, uint64_t won)
{
    summaries *m = ctx;
    assert_true(m->n < 8);
    snprintf(m->kinds[m->n], 32, "%s", kind);
    m->played[m->n] = played;
    m->won[m->n] = won;
    m->n++;
    return 0;
}

/* A game of four seats: player 11 at seat 0 (declarer when decl = 0),
 * bots elsewhere but seat 2 (player 12); money as given. */
static int add_summary(sk_store *st, uint64_t room, uint32_t no, int64_t at,
                       const char *contract, int decl, int won, const int64_t money[4],
                       sk_error *err)
{
    static const uint64_t players[4] = {11, 0, 12, 0};
    static const char *const names[4] = {"Sepp", "heuristic", "Resi", "pimc"};
    sk_store_game g = {.room = room, .game_no = no, .record = "{\"format\":1}", .at = at,
                       .contract = contract, .declarer = decl, .won = won, .nseats = 4};
    for (int s = 0; s < 4; s++)
        g.seats[s] = (sk_store_game_seat){players[s], names[s], money[s], money[s] / 10,
                                          money[s] > 0};
    return sk_store_game_add(st, &g, err);
}

/* Games with their summaries: the room's list, a player's history
 * newest first with what the game was for him, his statistics computed
 * from the same rows; a refused game leaves nothing behind, inside a
 * batch too. */
static void test_game_summaries(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "a", 1);
    const int64_t m1[4] = {60, -20, -20, -20}, m2[4] = {-50, -50, 150, -50},
                  m3[4] = {0, 0, 0, 0};
    OK(add_summary(st, a, 1, 100, "solo:G", 0, 1, m1, &err));
    OK(add_summary(st, a, 2, 200, "sauspiel:E", 2, 1, m2, &err));
    OK(add_summary(st, a, 3, 300, "", -1, 0, m3, &err));
    /* a taken number, a bad seat name, a declarer out of range: nothing
     * written, the batch goes on */
    OK(sk_store_begin(st, &err));
    REFUSED(add_summary(st, a, 2, 1, "wenz", 0, 1, m1, &err), SK_EINVAL, "has a game 2");
    sk_store_game bad = {.room = a, .game_no = 4, .record = "{}", .contract = "wenz",
                         .declarer = 7, .nseats = 1};
    bad.seats[0] = (sk_store_game_seat){1, "x", 0, 0, 0};
    REFUSED(sk_store_game_add(st, &bad, &err), SK_EINVAL, "declarer seat 7");
    bad.declarer = 0;
    bad.seats[0].name = "\xff";
    REFUSED(sk_store_game_add(st, &bad, &err), SK_EINVAL, "seat's name is not UTF-8");
    bad.nseats = 6;
    REFUSED(sk_store_game_add(st, &bad, &err), SK_EINVAL, "6 seats");
    OK(sk_store_commit(st, &err));
    uint32_t last = 0;
    OK(sk_store_game_last(st, a, &last, &err));
    assert_int_equal(last, 3);
    OK(sk_store_game_last(st, 99, &last, &err));
    assert_int_equal(last, 0);
    sk_store_close(st);

    st = open_ok(f);
    summaries m = {0};
    OK(sk_store_game_list(st, a, on_summary, &m, &err));
    assert_int_equal(m.n, 3);
    assert_int_equal(m.g[0].game_no, 1);
    assert_string_equal(m.contract[0], "solo:G");
    assert_int_equal(m.g[0].declarer, 0);
    assert_int_equal(m.g[0].at, 100);
    assert_null(m.g[0].record);
    assert_int_equal(m.g[0].nseats, 4);
    assert_string_equal(m.names[0][2], "Resi");
    assert_int_equal(m.g[0].seats[0].money, 60);
    assert_int_equal(m.g[1].seats[2].money, 150);
    assert_int_equal(m.g[1].seats[2].player, 12);
    assert_int_equal(m.g[1].declarer, 2);
    assert_string_equal(m.contract[2], "");

    m = (summaries){0};
    OK(sk_store_history(st, 11, 10, on_history, &m, &err));
    assert_int_equal(m.n, 3);
    assert_int_equal(m.h[0].game_no, 3); /* newest first */
    assert_string_equal(m.invite[0], "k3Jx9");
    assert_int_equal(m.h[2].game_no, 1);
    assert_true(m.h[2].declarer && m.h[2].won);
    assert_int_equal(m.h[2].money, 60);
    assert_int_equal(m.h[2].points, 6);
    assert_false(m.h[1].declarer);
    assert_false(m.h[1].won);
    assert_int_equal(m.h[1].money, -50);
    m = (summaries){0};
    OK(sk_store_history(st, 11, 1, on_history, &m, &err));
    assert_int_equal(m.n, 1);
    m = (summaries){0};
    OK(sk_store_history(st, 13, 10, on_history, &m, &err)); /* nobody */
    assert_int_equal(m.n, 0);

    sk_store_stats sx;
    m = (summaries){0};
    OK(sk_store_stats_get(st, 11, &sx, on_kind, &m, &err));
    assert_int_equal(sx.games, 3);
    assert_int_equal(sx.declared, 1);
    assert_int_equal(sx.won_declared, 1);
    assert_int_equal(sx.money, 10);
    assert_int_equal(sx.points, 1);
    assert_int_equal(m.n, 2); /* the game thrown in counts in no kind */
    assert_string_equal(m.kinds[0], "sauspiel");
    assert_int_equal(m.played[0], 1);
    assert_int_equal(m.won[0], 0);
    assert_string_equal(m.kinds[1], "solo");
    assert_int_equal(m.won[1], 1);
    OK(sk_store_stats_get(st, 12, &sx, NULL, NULL, &err));
    assert_int_equal(sx.games, 3);
    assert_int_equal(sx.declared, 1);
    assert_int_equal(sx.money, 130);
    OK(sk_store_stats_get(st, 13, &sx, NULL, NULL, &err));
    assert_int_equal(sx.games, 0);
    assert_int_equal(sx.money, 0);
    REFUSED(sk_store_stats_get(st, 0, &sx, NULL, NULL, &err), SK_EINVAL, "player 0");
    sk_store_close(st);
}

static void test_chat(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "a", 1), b = new_room(st, "b", 1);
    char text[32];
    for (int i = 1; i <= 10; i++) {
        snprintf(text, sizeof text, "line %d", i);
        OK(sk_store_chat_add(st, a, i % 2 ? "Sepp" : "Resi", text, 1000 + i, &err));
    }
    OK(sk_store_chat_add(st, b, "Xaver", "", 7, &err)); /* an empty line is kept */
    REFUSED(sk_store_chat_add(st, 5, "Sepp", "x", 1, &err), SK_EINVAL, "no room 5");
    REFUSED(sk_store_chat_add(st, a, "", "x", 1, &err), SK_EINVAL, "chat name is empty");
    rows r = {0};
    OK(sk_store_chat(st, a, 3, on_chat, &r, &err));
    assert_int_equal(r.n, 3);
    assert_string_equal(r.text[0], "Resi: line 8");
    assert_string_equal(r.text[1], "Sepp: line 9");
    assert_string_equal(r.text[2], "Resi: line 10");
    assert_int_equal(r.at[2], 1010);
    r = (rows){0};
    OK(sk_store_chat(st, a, 1000, on_chat, &r, &err));
    assert_int_equal(r.n, 10);
    assert_string_equal(r.text[9], "Resi: line 10");
    r = (rows){0};
    OK(sk_store_chat(st, a, 0, on_chat, &r, &err));
    assert_int_equal(r.n, 0);
    REFUSED(sk_store_chat(st, a, -1, on_chat, &r, &err), SK_EINVAL, "negative");
    OK(sk_store_chat(st, b, 5, on_chat, &r, &err));
    assert_int_equal(r.n, 1);
    assert_string_equal(r.text[0], "Xaver: ");
    sk_store_close(st);
}

/* ------------------------------------------------------------------ */
/* Accounts and sessions                                                */
/* ------------------------------------------------------------------ */

/* Accounts keep libsodium's argon2id string (made here, with the
 * interactive limits: the store never sees a password); the string read
 * back verifies the password. */
static void test_accounts(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    assert_true(sodium_init() >= 0);
    char hash[crypto_pwhash_STRBYTES];
    const char *pw = "Herz-Solo Tout";
    assert_int_equal(crypto_pwhash_str(hash, pw, strlen(pw), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                                       crypto_pwhash_MEMLIMIT_INTERACTIVE),
                     0);
    assert_true(strncmp(hash, "$argon2id$", 10) == 0);

    sk_store *st = open_ok(f);
    uint64_t id = 0, id2 = 0;
    OK(add_account(st, "Sepp", hash, 77, &id, &err));
    assert_int_equal(id, 1);
    OK(add_account(st, "Resi", "$argon2id$other", 78, &id2, &err));
    assert_int_equal(id2, 2);
    /* the key is unique ("sepp" folds to the key of "Sepp"), and so is
     * the player */
    REFUSED(add_account(st, "sepp", hash, 79, &id, &err), SK_EINVAL, "\"sepp\" or its player");
    REFUSED(add_account(st, "Wastl", hash, 77, &id, &err), SK_EINVAL, "is in use");
    REFUSED(add_account(st, "Vroni", "", 80, &id, &err), SK_EINVAL, "hash is empty");
    REFUSED(add_account(st, "Vroni", hash, 0, &id, &err), SK_EINVAL, "player 0 is out of range");
    sk_store_close(st);

    st = open_ok(f);
    sk_store_account got;
    OK(sk_store_account_get(st, "sepp", &got, &err));
    assert_int_equal(got.id, 1);
    assert_int_equal(got.player, 77);
    assert_int_equal(got.created, 5);
    assert_string_equal(got.name, "Sepp");
    assert_string_equal(got.hash, hash);
    assert_int_equal(crypto_pwhash_str_verify(got.hash, pw, strlen(pw)), 0);
    assert_int_not_equal(crypto_pwhash_str_verify(got.hash, "Wenz", 4), 0);
    REFUSED(sk_store_account_get(st, "Sepp", &got, &err), SK_EINVAL, "no account named \"Sepp\"");
    REFUSED(sk_store_account_get(st, "wastl", &got, &err), SK_EINVAL, "no account named");
    OK(sk_store_account_by_id(st, 2, &got, &err));
    assert_string_equal(got.name, "Resi");
    REFUSED(sk_store_account_by_id(st, 3, &got, &err), SK_EINVAL, "no account 3");
    sk_store_close(st);
}

/* The hex of a BLAKE2b hash of a random token, as the server makes it. */
static void token_hash(char hex[65])
{
    unsigned char token[32], h[32];
    randombytes_buf(token, sizeof token);
    crypto_generichash(h, sizeof h, token, sizeof token, NULL, 0);
    sodium_bin2hex(hex, 65, h, sizeof h);
}

/* Sessions by token hash: put, get, replace, guests (account 0), an
 * unknown account, malformed hashes, delete and prune. */
static void test_sessions(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    assert_true(sodium_init() >= 0);
    char t1[65], t2[65], t3[65];
    token_hash(t1);
    token_hash(t2);
    token_hash(t3);
    sk_store *st = open_ok(f);
    uint64_t acc = 0, player = 0, account = 99;
    OK(add_account(st, "Sepp", "$argon2id$x", 7, &acc, &err));
    OK(sk_store_session_put(st, t1, 7, "Sepp", acc, 1000, &err));
    OK(sk_store_session_put(st, t2, 8, "Gast 8", 0, 2000, &err));
    REFUSED(sk_store_session_put(st, t3, 9, "x", 55, 1, &err), SK_EINVAL, "no account 55");
    REFUSED(sk_store_session_put(st, "ABCDEF0123456789abcdef0123456789", 1, "x", 0, 1, &err),
            SK_EINVAL, "not lowercase hex at byte 0");
    REFUSED(sk_store_session_put(st, "abcd", 1, "x", 0, 1, &err), SK_EINVAL, "4 hex digits");
    REFUSED(sk_store_session_put(st, t3, 1, "", 0, 1, &err), SK_EINVAL, "session name is empty");
    sk_store_close(st);

    st = open_ok(f);
    char name[SK_STORE_NAME_MAX + 1];
    OK(sk_store_session_get(st, t1, &player, name, sizeof name, &account, &err));
    assert_int_equal(player, 7);
    assert_string_equal(name, "Sepp");
    assert_int_equal(account, acc);
    OK(sk_store_session_get(st, t2, &player, name, sizeof name, &account, &err));
    assert_int_equal(player, 8);
    assert_int_equal(account, 0);
    REFUSED(sk_store_session_get(st, t3, &player, name, sizeof name, &account, &err), SK_EINVAL,
            "no session");
    char tiny[3];
    REFUSED(sk_store_session_get(st, t1, &player, tiny, sizeof tiny, &account, &err), SK_ERANGE,
            "session name needs 5 bytes");

    OK(sk_store_session_put(st, t2, 8, "Resi", 0, 3000, &err)); /* replaces */
    OK(sk_store_session_get(st, t2, &player, name, sizeof name, &account, &err));
    assert_string_equal(name, "Resi");

    uint64_t n = 99;
    OK(sk_store_session_prune(st, 1000, &n, &err)); /* "before": 1000 stays */
    assert_int_equal(n, 0);
    OK(sk_store_session_prune(st, 2500, &n, &err));
    assert_int_equal(n, 1);
    REFUSED(sk_store_session_get(st, t1, &player, name, sizeof name, &account, &err), SK_EINVAL,
            "no session");
    OK(sk_store_session_delete(st, t2, &err));
    OK(sk_store_session_delete(st, t2, &err)); /* unknown: no error */
    REFUSED(sk_store_session_get(st, t2, &player, name, sizeof name, &account, &err), SK_EINVAL,
            "no session");
    sk_store_close(st);
}

/* Counts the records of a room. */
static int count_records(void *ctx, uint32_t no, const char *record)
{
    (void)no;
    (void)record;
    ++*(int *)ctx;
    return 0;
}

/* Counts the rooms of a walk; notes the last one's `used`. */
static int room_used_of(void *ctx, const sk_store_room *room)
{
    int64_t *u = ctx;
    u[0]++;
    u[1] = room->used;
    return 0;
}

/* Forgetting (docs/store.md "Forgetting"): a room's use only goes
 * forward; rooms idle since before a time are archived, not walked, but
 * found by their code with their games; guest sessions go in batches,
 * an account's stay. */
static void test_forgetting(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    assert_true(sodium_init() >= 0);
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "old", 100), b = new_room(st, "busy", 100);
    int64_t walk[2] = {0, 0};
    OK(sk_store_rooms(st, room_used_of, walk, &err));
    assert_int_equal(walk[0], 2);
    assert_int_equal(walk[1], 100); /* used when created */
    OK(sk_store_room_used(st, b, 500, &err));
    OK(sk_store_room_used(st, b, 400, &err)); /* never back */
    walk[0] = 0;
    OK(sk_store_rooms(st, room_used_of, walk, &err));
    assert_int_equal(walk[1], 500);
    OK(add_game(st, a, 1, "{\"kept\":1}", &err));
    uint64_t n = 99;
    OK(sk_store_rooms_archive(st, 100, &n, &err)); /* "before": 100 stays */
    assert_int_equal(n, 0);
    OK(sk_store_rooms_archive(st, 450, &n, &err));
    assert_int_equal(n, 1);
    walk[0] = 0;
    OK(sk_store_rooms(st, room_used_of, walk, &err));
    assert_int_equal(walk[0], 1);
    int64_t found[2] = {0, 0};
    OK(sk_store_room_by_invite(st, "k3Jx9", room_used_of, found, &err)); /* the newest: b */
    assert_int_equal(found[1], 500);
    REFUSED(sk_store_room_by_invite(st, "nope", room_used_of, found, &err), SK_EINVAL,
            "no room with that invitation code");
    int games = 0;
    OK(sk_store_games(st, a, count_records, &games, &err));
    assert_int_equal(games, 1);

    uint64_t acc = 0;
    OK(add_account(st, "Sepp", "$argon2id$x", 7, &acc, &err));
    char t[65];
    for (int i = 0; i < 10; i++) {
        token_hash(t);
        OK(sk_store_session_put(st, t, 100 + (uint64_t)i, "Gast", i < 7 ? 0 : acc, 1000 + i,
                                &err));
    }
    OK(sk_store_session_prune_guests(st, 1000, 4, &n, &err)); /* none before 1000 */
    assert_int_equal(n, 0);
    OK(sk_store_session_prune_guests(st, 5000, 4, &n, &err)); /* a batch of 4 of the 7 */
    assert_int_equal(n, 4);
    OK(sk_store_session_prune_guests(st, 5000, 4, &n, &err));
    assert_int_equal(n, 3);
    OK(sk_store_session_prune_guests(st, 5000, 4, &n, &err));
    assert_int_equal(n, 0);
    OK(sk_store_session_prune(st, 5000, &n, &err)); /* the accounts' three were kept */
    assert_int_equal(n, 3);
    REFUSED(sk_store_session_prune_guests(st, 5000, 0, &n, &err), SK_EINVAL, "max 0");
    sk_store_close(st);
}

/* ------------------------------------------------------------------ */
/* Reopen and input checks                                              */
/* ------------------------------------------------------------------ */

/* Everything written is there after close and open, and the ids go on
 * where they stopped. */
static void test_reopen_keeps_everything(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "Wirtshaus", 11);
    OK(sk_store_journal_append(st, a, 1, "{\"seat\":0}", &err));
    OK(add_game(st, a, 1, "{\"rec\":1}", &err));
    OK(sk_store_chat_add(st, a, "Sepp", "Grüß Gott", 12, &err));
    uint64_t acc = 0;
    OK(add_account(st, "Resi", "$argon2id$h", 3, &acc, &err));
    sk_store_close(st);

    st = open_ok(f);
    rows r = {0};
    OK(sk_store_rooms(st, on_room, &r, &err));
    assert_int_equal(r.n, 1);
    assert_string_equal(r.text[0], "Wirtshaus");
    rows j = journal_of(st, a);
    assert_int_equal(j.n, 1);
    assert_string_equal(j.text[0], "{\"seat\":0}");
    assert_int_equal(sk_store_lease_claim(st, a, &err), 1); /* a new owner: claims first */
    OK(sk_store_journal_append(st, a, 2, "{\"seat\":1}", &err)); /* continues at 2 */
    rows g = {0};
    OK(sk_store_games(st, a, on_game, &g, &err));
    assert_int_equal(g.n, 1);
    rows c = {0};
    OK(sk_store_chat(st, a, 5, on_chat, &c, &err));
    assert_string_equal(c.text[0], "Sepp: Grüß Gott");
    sk_store_account got;
    OK(sk_store_account_get(st, "resi", &got, &err));
    assert_int_equal(got.id, acc);
    assert_int_equal(new_room(st, "next", 13), 2);
    sk_store_close(st);
}

/* Text must be UTF-8 within its cap; required fields present and not
 * empty; numbers within SQLite's 64 bits.  The message names the field
 * and the file. */
static void test_input_checks(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "a", 1), id = 0;
    sk_store_room r = {.rules_json = "{}", .title = "x"};

    r.title = "bad \xc3\x28 utf8";
    REFUSED(sk_store_room_create(st, &r, &id, &err), SK_EINVAL, "title is not UTF-8 at byte 4");
    assert_true(store_names_db(f, err.msg));
    r.title = "\xed\xa0\x80"; /* a surrogate */
    REFUSED(sk_store_room_create(st, &r, &id, &err), SK_EINVAL, "not UTF-8 at byte 0");
    r.title = "\xc0\xaf"; /* an overlong '/' */
    REFUSED(sk_store_room_create(st, &r, &id, &err), SK_EINVAL, "not UTF-8 at byte 0");
    r.title = "\xf4\x90\x80\x80"; /* past U+10FFFF */
    REFUSED(sk_store_room_create(st, &r, &id, &err), SK_EINVAL, "not UTF-8");
    r.title = "caf\xc3"; /* cut in the middle */
    REFUSED(sk_store_room_create(st, &r, &id, &err), SK_EINVAL, "not UTF-8 at byte 3");
    r.title = "Schafkopf \xf0\x9f\x83\x8f ok";
    OK(sk_store_room_create(st, &r, &id, &err));

    char *big = malloc(SK_STORE_ENTRY_MAX + 2);
    assert_non_null(big);
    memset(big, 'x', SK_STORE_TITLE_MAX);
    big[SK_STORE_TITLE_MAX] = 0;
    r.title = big;
    OK(sk_store_room_create(st, &r, &id, &err)); /* exactly the cap */
    big[SK_STORE_TITLE_MAX] = 'x';
    big[SK_STORE_TITLE_MAX + 1] = 0;
    REFUSED(sk_store_room_create(st, &r, &id, &err), SK_EINVAL, "title is longer than 256");
    r.title = "x";
    r.rules_json = NULL;
    REFUSED(sk_store_room_create(st, &r, &id, &err), SK_EINVAL, "rules_json is missing");
    REFUSED(sk_store_room_create(st, NULL, &id, &err), SK_EINVAL, "no room given");

    memset(big, '{', SK_STORE_ENTRY_MAX + 1);
    big[SK_STORE_ENTRY_MAX + 1] = 0;
    REFUSED(sk_store_journal_append(st, a, 1, big, &err), SK_EINVAL, "longer than 1048576");
    big[SK_STORE_ENTRY_MAX] = 0;
    OK(sk_store_journal_append(st, a, 1, big, &err));
    free(big);
    rows j = journal_of(st, a);
    assert_int_equal(j.n, 1);

    char chat[SK_STORE_CHAT_MAX + 2];
    memset(chat, 'a', sizeof chat - 1);
    chat[sizeof chat - 1] = 0;
    REFUSED(sk_store_chat_add(st, a, "Sepp", chat, 1, &err), SK_EINVAL, "chat text is longer");
    REFUSED(sk_store_chat_add(st, a, "Se\x80pp", "x", 1, &err), SK_EINVAL, "name is not UTF-8");
    REFUSED(sk_store_room_close(st, UINT64_MAX, &err), SK_ERANGE, "out of range");
    REFUSED(add_account(st, "\xff", "h", 1, &id, &err), SK_EINVAL, "account name is not");
    sk_store_account acc;
    REFUSED(sk_store_account_get(st, NULL, &acc, &err), SK_EINVAL, "account key is missing");
    sk_store_close(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_rooms, setup, teardown),
        cmocka_unit_test_setup_teardown(test_nested_walks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_journal_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_transactions, setup, teardown),
        cmocka_unit_test_setup_teardown(test_disk_full_in_batch, setup, teardown),
        cmocka_unit_test_setup_teardown(test_games, setup, teardown),
        cmocka_unit_test_setup_teardown(test_game_summaries, setup, teardown),
        cmocka_unit_test_setup_teardown(test_chat, setup, teardown),
        cmocka_unit_test_setup_teardown(test_accounts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sessions, setup, teardown),
        cmocka_unit_test_setup_teardown(test_forgetting, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reopen_keeps_everything, setup, teardown),
        cmocka_unit_test_setup_teardown(test_input_checks, setup, teardown),
    };
    /* the same on PostgreSQL, but SQLite's page limit (a full disk) */
    const struct CMUnitTest pg_tests[] = {
        cmocka_unit_test_setup_teardown(test_rooms, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_nested_walks, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_journal_order, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_transactions, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_games, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_game_summaries, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_chat, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_accounts, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_sessions, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_forgetting, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_reopen_keeps_everything, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_input_checks, setup_pg, teardown),
    };
    int failed = cmocka_run_group_tests_name("store on SQLite", tests, NULL, NULL);
    return failed + STORE_RUN_PG("store on PostgreSQL", pg_tests);
}
