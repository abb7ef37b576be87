/*
 * test_store_books.c -- the store's books (include/schafkopf/store.h,
 * src/store/store_books.c, docs/store.md "Books"): groups, evening
 * sheets and tournaments, each a head and its lines as typed.  Every
 * function, the lost-update check of the line numbers, undo as a mark
 * that keeps the audit trail, the caps and text checks, batches, and
 * that a reopened store gives back exactly what was written.  Each test
 * works in a mkdtemp directory that it removes afterwards.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schafkopf/store.h"
#include "store/store_internal.h" /* the connection: long books, a full disk */
#include "testlib.h"
#include "store_fixture.h"

/* Each test in a temporary directory of its own (store_fixture.h). */
static int setup(void **state)
{
    return store_fixture_setup(state, "sk_store_books_");
}

/* The same against a fresh PostgreSQL schema (store_fixture.h). */
static int setup_pg(void **state)
{
    return store_fixture_setup_pg(state, "sk_store_books_pg_");
}

static int teardown(void **state)
{
    return store_fixture_teardown(state);
}

/* The heads as the documents would write them: a sheet's ruleset,
 * players and first dealer, a tournament's published seed. */
#define GROUP_HEAD "{\"rules\":{\"preset\":\"official\"},\"tariff\":[10,50]}"
#define SHEET_HEAD                                                                                 \
    "{\"rules\":{\"preset\":\"official\"},\"players\":[\"Anna\",\"Sepp\",\"Resi\",\"Xaver\"]," \
    "\"first_dealer\":0}"
#define TOUR_HEAD "{\"seed\":\"Kirchweih 2026\"}"
/* A BLAKE2b-256 of an edit key, as hex. */
#define KEY1 "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
#define KEY2 "ffeeddccbbaa99887766554433221100"

/* Creates a book; returns its id. */
static uint64_t new_book(sk_store *st, enum sk_store_book_kind kind, const char *code,
                         uint64_t parent, const char *title, const char *head, int64_t created)
{
    sk_error err = {0};
    sk_store_book b = {.kind = kind, .code = code, .parent = parent, .title = title,
                       .head = head, .created = created};
    uint64_t id = 0;
    OK(sk_store_book_create(st, &b, &id, &err));
    return id;
}

/* Appends lines "<prefix> 1" .. "<prefix> n" after the book's last. */
static void append_n(sk_store *st, uint64_t book, int n, const char *prefix, int64_t at)
{
    sk_error err = {0};
    uint64_t last = 0;
    OK(sk_store_book_count(st, book, NULL, &last, &err));
    for (int i = 1; i <= n; i++) {
        char line[64];
        snprintf(line, sizeof line, "%s %d", prefix, i);
        OK(sk_store_book_append(st, book, last + (uint64_t)i, line, NULL, at, &err));
    }
}

/* ------------------------------------------------------------------ */
/* Collecting what the walks give                                       */
/* ------------------------------------------------------------------ */

#define MAXROWS 64
typedef struct lines {
    int n;
    sk_store_book_line l[MAXROWS];
    char text[MAXROWS][SK_STORE_LINE_MAX + 1];
    char author[MAXROWS][SK_STORE_NAME_MAX + 1], undo_author[MAXROWS][SK_STORE_NAME_MAX + 1];
    int stop_after; /* 0: never stop */
} lines;

static int on_line(void *ctx, const sk_store_book_line *l)
{
    lines *r = ctx;
    assert_true(r->n < MAXROWS);
    r->l[r->n] = *l;
    snprintf(r->text[r->n], sizeof r->text[0], "%s", l->line);
    r->l[r->n].line = r->text[r->n];
    snprintf(r->author[r->n], sizeof r->author[0], "%s", l->author);
    r->l[r->n].author = r->author[r->n];
    snprintf(r->undo_author[r->n], sizeof r->undo_author[0], "%s", l->undo_author);
    r->l[r->n].undo_author = r->undo_author[r->n];
    r->n++;
    return r->stop_after && r->n == r->stop_after ? 42 : 0;
}

/* The lines of a book, the live ones or all. */
static lines *lines_of(sk_store *st, uint64_t book, int all)
{
    sk_error err = {0};
    lines *r = calloc(1, sizeof *r);
    assert_non_null(r);
    OK(sk_store_book_lines(st, book, all, on_line, r, &err));
    return r;
}

typedef struct listed {
    int n;
    uint64_t id[MAXROWS];
    char code[MAXROWS][SK_STORE_CODE_MAX + 1];
    uint64_t live[MAXROWS], last_seq[MAXROWS];
    int head_null; /* how many came without head */
    int stop_after;
} listed;

static int on_book(void *ctx, const sk_store_book *b)
{
    listed *r = ctx;
    assert_true(r->n < MAXROWS);
    r->id[r->n] = b->id;
    snprintf(r->code[r->n], sizeof r->code[0], "%s", b->code);
    r->live[r->n] = b->live;
    r->last_seq[r->n] = b->last_seq;
    r->head_null += b->head == NULL;
    r->n++;
    return r->stop_after && r->n == r->stop_after ? 42 : 0;
}

/* ------------------------------------------------------------------ */
/* Creating and reading books                                           */
/* ------------------------------------------------------------------ */

/* Every field of a group, a sheet of that group and a tournament comes
 * back by code and by id; ids from 1; a sheet belongs to a group only,
 * nothing else has a parent; codes are unique; the owner must be an
 * account. */
static void test_create_and_get(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    sk_store_account acc = {.player = 77, .created = 1};
    snprintf(acc.name, sizeof acc.name, "Anna");
    snprintf(acc.key, sizeof acc.key, "anna");
    snprintf(acc.hash, sizeof acc.hash, "$argon2id$x");
    uint64_t anna = 0;
    OK(sk_store_account_add(st, &acc, &anna, &err));

    sk_store_book g = {.kind = SK_STORE_BOOK_GROUP, .code = "grp-Stammtisch_1",
                       .title = "Stammtisch Zum Hirschen", .head = GROUP_HEAD, .owner = anna,
                       .key_hash = KEY1, .created = 1000};
    uint64_t gid = 0;
    OK(sk_store_book_create(st, &g, &gid, &err));
    assert_int_equal(gid, 1);
    uint64_t sid = new_book(st, SK_STORE_BOOK_SHEET, "eve1", gid, NULL, SHEET_HEAD, 2000);
    assert_int_equal(sid, 2);
    uint64_t tid = new_book(st, SK_STORE_BOOK_TOURNAMENT, "T26", 0, "Kirchweih", TOUR_HEAD, 3000);
    assert_int_equal(tid, 3);

    sk_store_book b;
    OK(sk_store_book_get(st, "grp-Stammtisch_1", &b, &err));
    assert_int_equal(b.id, gid);
    assert_int_equal(b.kind, SK_STORE_BOOK_GROUP);
    assert_string_equal(b.code, "grp-Stammtisch_1");
    assert_int_equal(b.parent, 0);
    assert_string_equal(b.title, "Stammtisch Zum Hirschen");
    assert_string_equal(b.head, GROUP_HEAD);
    assert_int_equal(b.owner, anna);
    assert_string_equal(b.key_hash, KEY1);
    assert_int_equal(b.created, 1000);
    assert_int_equal(b.updated, 1000);
    assert_int_equal(b.live, 0);
    assert_int_equal(b.last_seq, 0);
    assert_non_null(b.mem);
    sk_store_book_free(&b);
    assert_null(b.mem);
    assert_null(b.code);
    sk_store_book_free(&b); /* a cleared book: nothing */
    sk_store_book_free(NULL);

    OK(sk_store_book_by_id(st, sid, &b, &err));
    assert_int_equal(b.kind, SK_STORE_BOOK_SHEET);
    assert_string_equal(b.code, "eve1");
    assert_int_equal(b.parent, gid);
    assert_string_equal(b.title, ""); /* NULL title stored as "" */
    assert_string_equal(b.head, SHEET_HEAD);
    assert_int_equal(b.owner, 0);
    assert_string_equal(b.key_hash, "");
    sk_store_book_free(&b);
    OK(sk_store_book_get(st, "T26", &b, &err));
    assert_int_equal(b.id, tid);
    assert_int_equal(b.kind, SK_STORE_BOOK_TOURNAMENT);
    assert_string_equal(b.head, TOUR_HEAD);
    sk_store_book_free(&b);

    /* codes compare byte for byte */
    REFUSED(sk_store_book_get(st, "t26", &b, &err), SK_EINVAL, "no book with code \"t26\"");
    assert_null(b.mem);
    REFUSED(sk_store_book_by_id(st, 99, &b, &err), SK_EINVAL, "no book 99");
    REFUSED(sk_store_book_by_id(st, 0, &b, &err), SK_EINVAL, "book 0");

    sk_store_book x = {.kind = SK_STORE_BOOK_SHEET, .code = "eve1", .head = "{}"};
    uint64_t id = 0;
    REFUSED(sk_store_book_create(st, &x, &id, &err), SK_EINVAL, "the code \"eve1\" is in use");
    x.code = "eve2";
    x.parent = tid;
    REFUSED(sk_store_book_create(st, &x, &id, &err), SK_EINVAL,
            "parent 3 is a tournament, not a group");
    x.parent = sid;
    REFUSED(sk_store_book_create(st, &x, &id, &err), SK_EINVAL, "is a sheet, not a group");
    x.parent = 42;
    REFUSED(sk_store_book_create(st, &x, &id, &err), SK_EINVAL, "no book 42");
    x.parent = 0;
    x.owner = 5;
    REFUSED(sk_store_book_create(st, &x, &id, &err), SK_EINVAL, "no account 5");
    x.owner = 0;
    x.kind = SK_STORE_BOOK_TOURNAMENT;
    x.parent = gid;
    REFUSED(sk_store_book_create(st, &x, &id, &err), SK_EINVAL, "a tournament has no parent");
    x.kind = SK_STORE_BOOK_GROUP;
    REFUSED(sk_store_book_create(st, &x, &id, &err), SK_EINVAL, "a group has no parent");
    x.kind = (enum sk_store_book_kind)4;
    x.parent = 0;
    REFUSED(sk_store_book_create(st, &x, &id, &err), SK_EINVAL, "kind 4");
    REFUSED(sk_store_book_create(st, NULL, &id, &err), SK_EINVAL, "no book given");
    /* nothing of the refused ones was written: the next id follows
     * (PostgreSQL's identity may skip the numbers a refused insert
     * drew: ids are never reused, not dense) */
    x.kind = SK_STORE_BOOK_SHEET;
    OK(sk_store_book_create(st, &x, &id, &err));
    if (f->pg)
        assert_true(id >= 4);
    else
        assert_int_equal(id, 4);
    OK(sk_store_book_by_id(st, id, &b, &err));
    assert_string_equal(b.code, "eve2");
    sk_store_book_free(&b);
    sk_store_close(st);
}

/* Lists: of a kind, of a group (its evenings), of an owner, newest
 * first (created, then id), at most max; no heads; the line counts are
 * there; a callback's value stops the walk. */
static void test_lists(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    sk_store_account acc = {.player = 9, .created = 1};
    snprintf(acc.name, sizeof acc.name, "Sepp");
    snprintf(acc.key, sizeof acc.key, "sepp");
    snprintf(acc.hash, sizeof acc.hash, "$argon2id$y");
    uint64_t sepp = 0;
    OK(sk_store_account_add(st, &acc, &sepp, &err));
    uint64_t g1 = new_book(st, SK_STORE_BOOK_GROUP, "g1", 0, "eins", GROUP_HEAD, 10);
    uint64_t g2 = new_book(st, SK_STORE_BOOK_GROUP, "g2", 0, "zwei", GROUP_HEAD, 20);
    uint64_t e[5];
    /* evenings of g1 at 100, 300, 200, 300 (same time: the later id first) */
    e[0] = new_book(st, SK_STORE_BOOK_SHEET, "e0", g1, "", SHEET_HEAD, 100);
    e[1] = new_book(st, SK_STORE_BOOK_SHEET, "e1", g1, "", SHEET_HEAD, 300);
    e[2] = new_book(st, SK_STORE_BOOK_SHEET, "e2", g1, "", SHEET_HEAD, 200);
    e[3] = new_book(st, SK_STORE_BOOK_SHEET, "e3", g1, "", SHEET_HEAD, 300);
    e[4] = new_book(st, SK_STORE_BOOK_SHEET, "alone", 0, "", SHEET_HEAD, 400);
    uint64_t e5 = new_book(st, SK_STORE_BOOK_SHEET, "g2-eve", g2, "", SHEET_HEAD, 50);
    OK(sk_store_book_set_access(st, e[2], sepp, NULL, 201, &err));
    OK(sk_store_book_set_access(st, g2, sepp, KEY2, 21, &err));
    append_n(st, e[1], 3, "game", 301);
    OK(sk_store_book_undo(st, e[1], 3, NULL, 302, &err));

    listed r = {0};
    OK(sk_store_books(st, SK_STORE_BOOK_SHEET, g1, 0, 10, on_book, &r, &err));
    assert_int_equal(r.n, 4);
    assert_int_equal(r.id[0], e[3]);
    assert_int_equal(r.id[1], e[1]);
    assert_int_equal(r.id[2], e[2]);
    assert_int_equal(r.id[3], e[0]);
    assert_int_equal(r.head_null, 4);
    assert_int_equal(r.live[1], 2);
    assert_int_equal(r.last_seq[1], 3);
    assert_int_equal(r.live[0], 0);

    r = (listed){0};
    OK(sk_store_books(st, SK_STORE_BOOK_SHEET, g1, 0, 2, on_book, &r, &err));
    assert_int_equal(r.n, 2); /* bounded */
    assert_string_equal(r.code[1], "e1");
    r = (listed){0};
    OK(sk_store_books(st, SK_STORE_BOOK_SHEET, g1, 0, 0, on_book, &r, &err));
    assert_int_equal(r.n, 0);

    r = (listed){0};
    OK(sk_store_books(st, SK_STORE_BOOK_SHEET, 0, 0, 10, on_book, &r, &err));
    assert_int_equal(r.n, 6); /* every sheet, of a group or not */
    assert_int_equal(r.id[0], e[4]);
    assert_int_equal(r.id[5], e5);

    r = (listed){0};
    OK(sk_store_books(st, SK_STORE_BOOK_GROUP, 0, 0, 10, on_book, &r, &err));
    assert_int_equal(r.n, 2);
    assert_int_equal(r.id[0], g2);

    r = (listed){0};
    OK(sk_store_books(st, SK_STORE_BOOK_SHEET, 0, sepp, 10, on_book, &r, &err));
    assert_int_equal(r.n, 1);
    assert_int_equal(r.id[0], e[2]);
    r = (listed){0};
    OK(sk_store_books(st, SK_STORE_BOOK_GROUP, 0, sepp, 10, on_book, &r, &err));
    assert_int_equal(r.n, 1);
    assert_int_equal(r.id[0], g2);
    r = (listed){0};
    OK(sk_store_books(st, SK_STORE_BOOK_SHEET, g1, sepp, 10, on_book, &r, &err));
    assert_int_equal(r.n, 1); /* the group's evenings of that owner */
    r = (listed){0};
    OK(sk_store_books(st, SK_STORE_BOOK_TOURNAMENT, 0, 0, 10, on_book, &r, &err));
    assert_int_equal(r.n, 0);
    r = (listed){0};
    OK(sk_store_books(st, SK_STORE_BOOK_SHEET, 999, 0, 10, on_book, &r, &err));
    assert_int_equal(r.n, 0); /* an unknown group has no evenings */

    listed stop = {.stop_after = 1};
    assert_int_equal(sk_store_books(st, SK_STORE_BOOK_SHEET, 0, 0, 10, on_book, &stop, &err), 42);
    assert_int_equal(stop.n, 1);
    REFUSED(sk_store_books(st, SK_STORE_BOOK_SHEET, 0, 0, -1, on_book, &r, &err), SK_EINVAL,
            "max -1 is negative");
    REFUSED(sk_store_books(st, (enum sk_store_book_kind)0, 0, 0, 1, on_book, &r, &err),
            SK_EINVAL, "kind 0");
    REFUSED(sk_store_books(st, SK_STORE_BOOK_SHEET, UINT64_MAX, 0, 1, on_book, &r, &err),
            SK_ERANGE, "out of range");
    sk_store_close(st);
}

/* Title, head, owner and key change; each change sets `updated`; what
 * is not given stays. */
static void test_update_and_access(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t id = new_book(st, SK_STORE_BOOK_TOURNAMENT, "cup", 0, "Cup", TOUR_HEAD, 5);
    OK(sk_store_book_update(st, id, "Cup 2026", NULL, 6, &err));
    sk_store_book b;
    OK(sk_store_book_by_id(st, id, &b, &err));
    assert_string_equal(b.title, "Cup 2026");
    assert_string_equal(b.head, TOUR_HEAD);
    assert_int_equal(b.updated, 6);
    assert_int_equal(b.created, 5);
    sk_store_book_free(&b);
    OK(sk_store_book_update(st, id, NULL, "{\"seed\":\"neu\"}", 7, &err));
    OK(sk_store_book_by_id(st, id, &b, &err));
    assert_string_equal(b.title, "Cup 2026");
    assert_string_equal(b.head, "{\"seed\":\"neu\"}");
    assert_int_equal(b.updated, 7);
    sk_store_book_free(&b);
    OK(sk_store_book_update(st, id, "", "{}", 8, &err));
    OK(sk_store_book_by_id(st, id, &b, &err));
    assert_string_equal(b.title, "");
    assert_string_equal(b.head, "{}");
    sk_store_book_free(&b);
    REFUSED(sk_store_book_update(st, id, NULL, NULL, 9, &err), SK_EINVAL,
            "neither a title nor a head");
    REFUSED(sk_store_book_update(st, 55, "x", NULL, 9, &err), SK_EINVAL, "no book 55");

    sk_store_account acc = {.player = 3, .created = 1};
    snprintf(acc.name, sizeof acc.name, "Resi");
    snprintf(acc.key, sizeof acc.key, "resi");
    snprintf(acc.hash, sizeof acc.hash, "$argon2id$z");
    uint64_t resi = 0;
    OK(sk_store_account_add(st, &acc, &resi, &err));
    OK(sk_store_book_set_access(st, id, resi, KEY2, 10, &err));
    OK(sk_store_book_get(st, "cup", &b, &err));
    assert_int_equal(b.owner, resi);
    assert_string_equal(b.key_hash, KEY2);
    assert_int_equal(b.updated, 10);
    sk_store_book_free(&b);
    OK(sk_store_book_set_access(st, id, 0, "", 11, &err));
    OK(sk_store_book_get(st, "cup", &b, &err));
    assert_int_equal(b.owner, 0);
    assert_string_equal(b.key_hash, "");
    sk_store_book_free(&b);
    REFUSED(sk_store_book_set_access(st, id, 99, NULL, 12, &err), SK_EINVAL, "no account 99");
    REFUSED(sk_store_book_set_access(st, 55, 0, NULL, 12, &err), SK_EINVAL, "no book 55");
    REFUSED(sk_store_book_set_access(st, id, 0, "ABCDEF", 12, &err), SK_EINVAL,
            "key hash is not lowercase hex at byte 0");
    REFUSED(sk_store_book_set_access(st, id, 0, "abcd", 12, &err), SK_EINVAL,
            "key hash has 4 hex digits");
    OK(sk_store_book_get(st, "cup", &b, &err));
    assert_int_equal(b.updated, 11); /* the refused ones changed nothing */
    sk_store_book_free(&b);
    sk_store_close(st);
}

/* ------------------------------------------------------------------ */
/* Lines                                                                */
/* ------------------------------------------------------------------ */

/* Lines go in with exactly the next number (anything else is a stale
 * view: refused, nothing written); undo marks the last live line, named
 * by its number; the live lines are the document, all of them the
 * trail, with who entered and who took back each line; the next line
 * follows the last one, taken back or not; every change sets `updated`. */
static void test_lines_and_undo(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t s = new_book(st, SK_STORE_BOOK_SHEET, "abend", 0, "Abend", SHEET_HEAD, 100);
    uint64_t t = new_book(st, SK_STORE_BOOK_TOURNAMENT, "turnier", 0, "", TOUR_HEAD, 100);
    REFUSED(sk_store_book_undo(st, s, 1, NULL, 101, &err), SK_EINVAL, "no line to take back");
    REFUSED(sk_store_book_append(st, s, 2, "game solo:H declarer=Anna points=75", "Anna", 101,
                                 &err),
            SK_EINVAL, "seq 2 is not the next one (1)");
    OK(sk_store_book_append(st, s, 1, "game solo:H declarer=Anna points=75", "Anna", 101, &err));
    OK(sk_store_book_append(st, s, 2, "game sauspiel:E declarer=Sepp partner=Resi lost",
                            "Tisch 3", 102, &err));
    OK(sk_store_book_append(st, s, 3, "thrown_in", NULL, 103, &err));
    REFUSED(sk_store_book_append(st, s, 3, "thrown_in", NULL, 104, &err), SK_EINVAL,
            "book changed since it was read");
    REFUSED(sk_store_book_append(st, s, 0, "x", NULL, 104, &err), SK_EINVAL, "seq 0");
    REFUSED(sk_store_book_append(st, 77, 1, "x", NULL, 104, &err), SK_EINVAL,
            "book 77: no book 77");
    REFUSED(sk_store_book_append(st, s, 4, "x", "Tisch\n3", 104, &err), SK_EINVAL,
            "author holds a control character at byte 5");
    char name[SK_STORE_NAME_MAX + 2];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = 0;
    REFUSED(sk_store_book_append(st, s, 4, "x", name, 104, &err), SK_EINVAL,
            "author is longer than 128");
    REFUSED(sk_store_book_undo(st, s, 3, name, 104, &err), SK_EINVAL, "author is longer");
    /* books count apart */
    OK(sk_store_book_append(st, t, 1, "register Anna 1 paid", NULL, 50, &err));

    uint64_t live = 0, last = 0;
    OK(sk_store_book_count(st, s, &live, &last, &err));
    assert_int_equal(live, 3);
    assert_int_equal(last, 3);

    REFUSED(sk_store_book_undo(st, s, 2, NULL, 110, &err), SK_EINVAL,
            "seq 2 is not its last live line (3)");
    OK(sk_store_book_undo(st, s, 3, "Sepp", 110, &err));
    REFUSED(sk_store_book_undo(st, s, 3, NULL, 111, &err), SK_EINVAL, "not its last live line (2)");
    OK(sk_store_book_count(st, s, &live, &last, &err));
    assert_int_equal(live, 2);
    assert_int_equal(last, 3);
    REFUSED(sk_store_book_append(st, s, 3, "thrown_in", NULL, 112, &err), SK_EINVAL,
            "not the next one (4)");
    OK(sk_store_book_append(st, s, 4, "game wenz declarer=Xaver won", "", 112, &err));
    OK(sk_store_book_undo(st, s, 4, "", 113, &err));
    OK(sk_store_book_undo(st, s, 2, "Schiedsrichter", 114, &err));

    lines *r = lines_of(st, s, 0);
    assert_int_equal(r->n, 1);
    assert_int_equal(r->l[0].seq, 1);
    assert_string_equal(r->l[0].line, "game solo:H declarer=Anna points=75");
    assert_int_equal(r->l[0].at, 101);
    assert_string_equal(r->l[0].author, "Anna");
    assert_int_equal(r->l[0].undone, 0);
    assert_int_equal(r->l[0].undone_at, 0);
    assert_string_equal(r->l[0].undo_author, "");
    free(r);
    r = lines_of(st, s, 1);
    assert_int_equal(r->n, 4);
    static const int64_t undone_at[4] = {0, 114, 110, 113};
    static const char *const author[4] = {"Anna", "Tisch 3", "", ""};
    static const char *const undo_author[4] = {"", "Schiedsrichter", "Sepp", ""};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(r->l[i].seq, (uint64_t)i + 1);
        assert_int_equal(r->l[i].undone, undone_at[i] != 0);
        assert_int_equal(r->l[i].undone_at, undone_at[i]);
        assert_string_equal(r->l[i].author, author[i]);
        assert_string_equal(r->l[i].undo_author, undo_author[i]);
    }
    assert_string_equal(r->l[2].line, "thrown_in");
    assert_int_equal(r->l[3].at, 112);
    free(r);

    /* an earlier time */
    OK(sk_store_book_append(st, t, 2, "register Sepp 2", NULL, 40, &err));
    sk_store_book b;
    OK(sk_store_book_by_id(st, t, &b, &err));
    assert_int_equal(b.updated, 100); /* never goes back */
    sk_store_book_free(&b);
    OK(sk_store_book_by_id(st, s, &b, &err));
    assert_int_equal(b.updated, 114);
    assert_int_equal(b.live, 1);
    assert_int_equal(b.last_seq, 4);
    sk_store_book_free(&b);
    OK(sk_store_book_undo(st, s, 1, NULL, 115, &err));
    OK(sk_store_book_count(st, s, &live, NULL, &err));
    assert_int_equal(live, 0);
    REFUSED(sk_store_book_undo(st, s, 1, NULL, 116, &err), SK_EINVAL, "no line to take back");
    OK(sk_store_book_append(st, s, 5, "thrown_in", NULL, 117, &err));

    r = lines_of(st, t, 0);
    assert_int_equal(r->n, 2);
    assert_string_equal(r->l[0].line, "register Anna 1 paid");
    assert_int_equal(r->l[1].at, 40);
    free(r);
    r = lines_of(st, 999, 1);
    assert_int_equal(r->n, 0); /* an unknown book has no lines */
    free(r);
    REFUSED(sk_store_book_count(st, 999, &live, &last, &err), SK_EINVAL, "no book 999");
    REFUSED(sk_store_book_undo(st, 999, 1, NULL, 1, &err), SK_EINVAL, "no book 999");

    lines stop = {.stop_after = 1};
    assert_int_equal(sk_store_book_lines(st, s, 1, on_line, &stop, &err), 42);
    assert_int_equal(stop.n, 1);
    sk_store_close(st);
}

/* Book lines inside the caller's batch: a refused line leaves the batch
 * open and the rest commits; a rollback drops lines, undo marks and the
 * book's time; a walk's callback may write another book (the server
 * restoring books inside a list). */
typedef struct copier {
    sk_store *st;
    uint64_t to;
    uint64_t next;
} copier;

static int copy_line(void *ctx, const sk_store_book_line *l)
{
    copier *c = ctx;
    sk_error err = {0};
    OK(sk_store_book_append(c->st, c->to, c->next++, l->line, NULL, l->at, &err));
    return 0;
}

static void test_batches(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t s = new_book(st, SK_STORE_BOOK_SHEET, "s", 0, "", SHEET_HEAD, 1);
    OK(sk_store_begin(st, &err));
    OK(sk_store_book_append(st, s, 1, "one", NULL, 2, &err));
    REFUSED(sk_store_book_append(st, s, 3, "three", NULL, 3, &err), SK_EINVAL, "(2)");
    REFUSED(sk_store_book_append(st, s, 2, "bad\x01", NULL, 3, &err), SK_EINVAL,
            "control character");
    OK(sk_store_book_append(st, s, 2, "two", NULL, 4, &err));
    OK(sk_store_commit(st, &err));

    OK(sk_store_begin(st, &err));
    OK(sk_store_book_append(st, s, 3, "three", NULL, 5, &err));
    OK(sk_store_book_undo(st, s, 3, NULL, 6, &err));
    OK(sk_store_book_undo(st, s, 2, NULL, 7, &err));
    OK(sk_store_book_update(st, s, "gone", NULL, 8, &err));
    OK(sk_store_rollback(st, &err));
    sk_store_book b;
    OK(sk_store_book_by_id(st, s, &b, &err));
    assert_int_equal(b.live, 2);
    assert_int_equal(b.last_seq, 2);
    assert_int_equal(b.updated, 4);
    assert_string_equal(b.title, "");
    sk_store_book_free(&b);

    uint64_t c = new_book(st, SK_STORE_BOOK_SHEET, "copy", 0, "", SHEET_HEAD, 9);
    copier cp = {.st = st, .to = c, .next = 1};
    OK(sk_store_book_lines(st, s, 0, copy_line, &cp, &err));
    lines *r = lines_of(st, c, 0);
    assert_int_equal(r->n, 2);
    assert_string_equal(r->text[1], "two");
    assert_int_equal(r->l[1].at, 4);
    free(r);

    if (f->pg) { /* SQLite's page limit has no PostgreSQL twin */
        sk_store_close(st);
        return;
    }
    /* a full disk (SQLite's page limit stands in for it): the append of
     * its own transaction fails whole, the book's time stays */
    int64_t pages = 0;
    sqlite3_stmt *q = NULL;
    assert_int_equal(sqlite3_prepare_v2(st->db, "PRAGMA page_count", -1, &q, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    pages = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA max_page_count = %lld", (long long)pages);
    assert_int_equal(sqlite3_exec(st->db, sql, NULL, NULL, NULL), SQLITE_OK);
    char big[SK_STORE_LINE_MAX + 1];
    memset(big, 'x', SK_STORE_LINE_MAX);
    big[SK_STORE_LINE_MAX] = 0;
    uint64_t seq = 3;
    int rc;
    while ((rc = sk_store_book_append(st, s, seq, big, NULL, 50, &err)) == 0)
        seq++;
    assert_int_equal(rc, SK_EIO);
    assert_non_null(strstr(err.msg, "full"));
    assert_int_equal(sqlite3_exec(st->db, "PRAGMA max_page_count = 1000000", NULL, NULL, NULL),
                     SQLITE_OK);
    uint64_t last = 0;
    OK(sk_store_book_count(st, s, NULL, &last, &err));
    assert_int_equal(last, seq - 1);
    OK(sk_store_book_append(st, s, seq, "after", NULL, 60, &err));
    sk_store_close(st);
}

/* ------------------------------------------------------------------ */
/* Caps and checks                                                      */
/* ------------------------------------------------------------------ */

/* A line is 1 to 1024 bytes of UTF-8 without control characters (a tab
 * is fine, as the terminal's sheet takes it); heads are JSON objects
 * within their cap; titles one line within theirs; codes ASCII letters,
 * digits, '-' and '_'.  Messages name the field and the file. */
static void test_text_checks(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t s = new_book(st, SK_STORE_BOOK_SHEET, "s", 0, "", SHEET_HEAD, 1);
    char line[SK_STORE_LINE_MAX + 2];
    memset(line, 'a', sizeof line - 1);
    line[SK_STORE_LINE_MAX + 1] = 0;
    REFUSED(sk_store_book_append(st, s, 1, line, NULL, 1, &err), SK_EINVAL,
            "line is longer than 1024 bytes");
    assert_true(store_names_db(f, err.msg));
    line[SK_STORE_LINE_MAX] = 0;
    OK(sk_store_book_append(st, s, 1, line, NULL, 1, &err)); /* exactly the cap */
    REFUSED(sk_store_book_append(st, s, 2, "", NULL, 1, &err), SK_EINVAL, "line is empty");
    REFUSED(sk_store_book_append(st, s, 2, NULL, NULL, 1, &err), SK_EINVAL, "line is missing");
    REFUSED(sk_store_book_append(st, s, 2, "game\nsolo", NULL, 1, &err), SK_EINVAL,
            "control character at byte 4 (0x0a)");
    REFUSED(sk_store_book_append(st, s, 2, "game\x1b[2J", NULL, 1, &err), SK_EINVAL, "(0x1b)");
    REFUSED(sk_store_book_append(st, s, 2, "x\x7f", NULL, 1, &err), SK_EINVAL, "(0x7f)");
    REFUSED(sk_store_book_append(st, s, 2, "x\xc2\x9b" "2J", NULL, 1, &err), SK_EINVAL,
            "U+0080..U+009F");
    REFUSED(sk_store_book_append(st, s, 2, "Spieler=M\xfcller", NULL, 1, &err), SK_EINVAL,
            "line is not UTF-8 at byte 9");
    OK(sk_store_book_append(st, s, 2, "game\tsolo:H declarer=J\xc3\xbcrgen won", NULL, 1, &err));
    /* U+00A0 and a playing card */
    OK(sk_store_book_append(st, s, 3, "\xc2\xa0\xf0\x9f\x83\x8f", NULL, 1, &err));
    lines *r = lines_of(st, s, 0);
    assert_int_equal(r->n, 3);
    assert_int_equal(strlen(r->text[0]), SK_STORE_LINE_MAX);
    assert_string_equal(r->text[1], "game\tsolo:H declarer=J\xc3\xbcrgen won");
    free(r);

    sk_store_book b = {.kind = SK_STORE_BOOK_GROUP, .code = "g", .head = "{}"};
    uint64_t id = 0;
    b.head = "[1,2]";
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "head is no JSON object");
    b.head = "{\"a\":1";
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "head is no JSON at byte");
    b.head = "{\"a\":1,\"a\":2}";
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "head is no JSON");
    b.head = "";
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "head is empty");
    b.head = NULL;
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "head is missing");
    char *head = malloc(SK_STORE_HEAD_MAX + 2);
    assert_non_null(head);
    /* {"p":"xxx...x"} of exactly the cap, then one byte more */
    memset(head, 'x', SK_STORE_HEAD_MAX + 1);
    memcpy(head, "{\"p\":\"", 6);
    memcpy(head + SK_STORE_HEAD_MAX - 2, "\"}", 3);
    b.head = head;
    b.code = "big";
    OK(sk_store_book_create(st, &b, &id, &err));
    memset(head, 'x', SK_STORE_HEAD_MAX + 1);
    memcpy(head, "{\"p\":\"", 6);
    memcpy(head + SK_STORE_HEAD_MAX - 1, "\"}", 3);
    b.code = "bigger";
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "head is longer than 131072");
    REFUSED(sk_store_book_update(st, id, NULL, head, 2, &err), SK_EINVAL, "head is longer");
    sk_store_book got;
    OK(sk_store_book_get(st, "big", &got, &err));
    assert_int_equal(strlen(got.head), SK_STORE_HEAD_MAX);
    sk_store_book_free(&got);
    free(head);

    b.head = "{}";
    b.code = "t";
    b.title = "Stammtisch\tHirsch";
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "title holds a control "
                                                                "character at byte 10");
    char title[SK_STORE_TITLE_MAX + 2];
    memset(title, 't', sizeof title - 1);
    title[sizeof title - 1] = 0;
    b.title = title;
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "title is longer than 256");
    REFUSED(sk_store_book_update(st, 1, title, NULL, 2, &err), SK_EINVAL, "title is longer");
    title[SK_STORE_TITLE_MAX] = 0;
    OK(sk_store_book_create(st, &b, &id, &err));
    b.title = NULL;

    b.code = "";
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "code is empty");
    b.code = NULL;
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "code is missing");
    b.code = "a b";
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "code holds 0x20 at byte 1");
    b.code = "a/b";
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "code holds 0x2f");
    b.code = "K\xc3\xa4se";
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "code holds 0xc3");
    char code[SK_STORE_CODE_MAX + 2];
    memset(code, 'c', sizeof code - 1);
    code[sizeof code - 1] = 0;
    b.code = code;
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "code is longer than 64");
    REFUSED(sk_store_book_get(st, code, &got, &err), SK_EINVAL, "code is longer than 64");
    code[SK_STORE_CODE_MAX] = 0;
    OK(sk_store_book_create(st, &b, &id, &err));
    OK(sk_store_book_get(st, code, &got, &err));
    sk_store_book_free(&got);
    b.code = "k";
    b.key_hash = "0123456789abcdef0123456789abcdeX";
    REFUSED(sk_store_book_create(st, &b, &id, &err), SK_EINVAL, "not lowercase hex at byte 31");
    b.key_hash = KEY2;
    b.created = -5; /* any time the caller gives */
    OK(sk_store_book_create(st, &b, &id, &err));
    REFUSED(sk_store_book_append(st, (uint64_t)INT64_MAX + 1, 1, "x", NULL, 1, &err), SK_ERANGE,
            "out of range");
    REFUSED(sk_store_book_append(st, s, (uint64_t)INT64_MAX + 1, "x", NULL, 1, &err), SK_ERANGE,
            "out of range");
    sk_store_close(st);
}

/* Runs SQL straight on the test's database, behind the store's back. */
static void raw_sql(const fixture *f, sk_store *st, const char *sql)
{
    if (!f->pg) {
        assert_int_equal(sqlite3_exec(st->db, sql, NULL, NULL, NULL), SQLITE_OK);
        return;
    }
    PGconn *c = PQconnectdb(f->db);
    PGresult *r = PQexec(c, sql);
    if (PQresultStatus(r) != PGRES_COMMAND_OK)
        fail_msg("%s: %s", sql, PQresultErrorMessage(r));
    PQclear(r);
    PQfinish(c);
}

/* The lines of a book are bounded per kind, and every line counts,
 * taken back or not (the trail stays, so it is bounded too): a sheet
 * 4096, a group 4096, a tournament 40000. */
static void test_line_caps(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t s = new_book(st, SK_STORE_BOOK_SHEET, "s", 0, "", SHEET_HEAD, 1);
    uint64_t g = new_book(st, SK_STORE_BOOK_GROUP, "g", 0, "", GROUP_HEAD, 1);
    uint64_t t = new_book(st, SK_STORE_BOOK_TOURNAMENT, "t", 0, "", TOUR_HEAD, 1);
    OK(sk_store_begin(st, &err));
    append_n(st, s, SK_STORE_SHEET_LINES_MAX - 1, "game", 2);
    append_n(st, g, SK_STORE_GROUP_LINES_MAX, "player", 2);
    OK(sk_store_commit(st, &err));
    OK(sk_store_book_undo(st, s, SK_STORE_SHEET_LINES_MAX - 1, NULL, 3, &err));
    OK(sk_store_book_append(st, s, SK_STORE_SHEET_LINES_MAX, "last", NULL, 4, &err));
    REFUSED(sk_store_book_append(st, s, SK_STORE_SHEET_LINES_MAX + 1, "one more", NULL, 5, &err),
            SK_EINVAL, "a sheet holds at most 4096 lines (taken back ones count)");
    REFUSED(sk_store_book_append(st, g, SK_STORE_GROUP_LINES_MAX + 1, "one more", NULL, 5, &err),
            SK_EINVAL, "a group holds at most 4096 lines");
    uint64_t live = 0, last = 0;
    OK(sk_store_book_count(st, s, &live, &last, &err));
    assert_int_equal(live, SK_STORE_SHEET_LINES_MAX - 1);
    assert_int_equal(last, SK_STORE_SHEET_LINES_MAX);

    /* a tournament's lines but the last written straight in (fast) */
    char sql[300];
    snprintf(sql, sizeof sql,
             "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d)"
             " INSERT INTO book_lines (book, seq, line, at, author)"
             " SELECT %llu, i, 'result ' || i, i, 'Tisch ' || (i %% 4)"
             " FROM n", SK_STORE_TOURNAMENT_LINES_MAX - 1, (unsigned long long)t);
    raw_sql(f, st, sql);
    OK(sk_store_book_append(st, t, SK_STORE_TOURNAMENT_LINES_MAX, "standings", NULL, 7, &err));
    REFUSED(sk_store_book_append(st, t, SK_STORE_TOURNAMENT_LINES_MAX + 1, "x", NULL, 8, &err),
            SK_EINVAL, "a tournament holds at most 40000 lines");
    OK(sk_store_book_count(st, t, &live, &last, &err));
    assert_int_equal(live, SK_STORE_TOURNAMENT_LINES_MAX);
    assert_int_equal(last, SK_STORE_TOURNAMENT_LINES_MAX);
    sk_store_close(st);
}

/* ------------------------------------------------------------------ */
/* Reopening                                                            */
/* ------------------------------------------------------------------ */

/* Everything of a book as text, to compare before and after a reopen:
 * its fields and every line with its marks. */
typedef struct dump {
    char *text;
    size_t len, cap;
} dump;

static void dump_add(dump *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void dump_add(dump *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char buf[2 * SK_STORE_LINE_MAX];
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof buf);
    if (d->len + (size_t)n + 1 > d->cap) {
        d->cap = (d->len + (size_t)n + 1) * 2;
        d->text = realloc(d->text, d->cap);
        assert_non_null(d->text);
    }
    memcpy(d->text + d->len, buf, (size_t)n + 1);
    d->len += (size_t)n;
}

static int dump_line(void *ctx, const sk_store_book_line *l)
{
    dump_add(ctx, " %llu|%s|%lld|%s|%d|%lld|%s\n", (unsigned long long)l->seq, l->line,
             (long long)l->at, l->author, l->undone, (long long)l->undone_at, l->undo_author);
    return 0;
}

static int dump_listed(void *ctx, const sk_store_book *b)
{
    dump_add(ctx, "listed %llu %s %llu/%llu\n", (unsigned long long)b->id, b->code,
             (unsigned long long)b->live, (unsigned long long)b->last_seq);
    return 0;
}

/* The whole store's books as text. */
static char *dump_books(sk_store *st)
{
    sk_error err = {0};
    dump d = {0};
    dump_add(&d, "%s", "");
    for (uint64_t id = 1;; id++) {
        sk_store_book b;
        if (sk_store_book_by_id(st, id, &b, &err) != 0) {
            assert_non_null(strstr(err.msg, "no book"));
            break;
        }
        dump_add(&d, "book %llu %d %s parent=%llu title=%s owner=%llu key=%s %lld %lld %llu/%llu\n",
                 (unsigned long long)b.id, (int)b.kind, b.code, (unsigned long long)b.parent,
                 b.title, (unsigned long long)b.owner, b.key_hash, (long long)b.created,
                 (long long)b.updated, (unsigned long long)b.live,
                 (unsigned long long)b.last_seq);
        dump_add(&d, "head %s\n", b.head);
        OK(sk_store_book_lines(st, id, 1, dump_line, &d, &err));
        OK(sk_store_book_lines(st, id, 0, dump_line, &d, &err));
        sk_store_book_free(&b);
    }
    for (int k = SK_STORE_BOOK_GROUP; k <= SK_STORE_BOOK_TOURNAMENT; k++)
        OK(sk_store_books(st, (enum sk_store_book_kind)k, 0, 0, 100, dump_listed, &d, &err));
    return d.text;
}

/* What a store gives back after close and open is exactly what was
 * written (fields, heads, lines, times, marks), and it goes on where it
 * stopped: the next id, the next seq. */
static void test_reopen_exact(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    sk_store_account acc = {.player = 12, .created = 1};
    snprintf(acc.name, sizeof acc.name, "Xaver");
    snprintf(acc.key, sizeof acc.key, "xaver");
    snprintf(acc.hash, sizeof acc.hash, "$argon2id$q");
    uint64_t xaver = 0;
    OK(sk_store_account_add(st, &acc, &xaver, &err));
    uint64_t g = new_book(st, SK_STORE_BOOK_GROUP, "Hirsch", 0, "Zum Hirschen \xe2\x98\x85",
                          GROUP_HEAD, 1700000000);
    OK(sk_store_book_set_access(st, g, xaver, KEY1, 1700000001, &err));
    uint64_t e = new_book(st, SK_STORE_BOOK_SHEET, "Hirsch-1", g, "Freitag", SHEET_HEAD,
                          1700000100);
    OK(sk_store_book_append(st, e, 1, "game solo:H declarer=Anna points=75", "Xaver",
                            1700000200, &err));
    OK(sk_store_book_append(st, e, 2, "penalty 3.4.14 sauspiel:E declarer=Sepp partner=Resi "
                                      "offender=Resi", "Xaver", 1700000300, &err));
    OK(sk_store_book_undo(st, e, 2, "Resi", 1700000301, &err));
    OK(sk_store_book_append(st, e, 3, "game\twenz declarer=Xaver schneider won", NULL,
                            1700000400, &err));
    uint64_t t = new_book(st, SK_STORE_BOOK_TOURNAMENT, "Kirchweih", 0, "", TOUR_HEAD, -1);
    append_n(st, t, 20, "entry 1 1 game", 1700000500);
    OK(sk_store_book_update(st, t, "Kirchweih 2026", "{\"seed\":\"x\",\"stages\":2}", 1700000600,
                            &err));
    char *before = dump_books(st);
    sk_store_close(st);

    st = open_ok(f);
    char *after = dump_books(st);
    assert_string_equal(after, before);
    assert_non_null(strstr(after, " 2|penalty 3.4.14 sauspiel:E declarer=Sepp partner=Resi "
                                  "offender=Resi|1700000300|Xaver|1|1700000301|Resi\n"));
    OK(sk_store_book_append(st, e, 4, "thrown_in", NULL, 1700000700, &err)); /* goes on at 4 */
    assert_int_equal(new_book(st, SK_STORE_BOOK_SHEET, "Hirsch-2", g, "", SHEET_HEAD, 1), 4);
    free(before);
    free(after);
    sk_store_close(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_create_and_get, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lists, setup, teardown),
        cmocka_unit_test_setup_teardown(test_update_and_access, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lines_and_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_batches, setup, teardown),
        cmocka_unit_test_setup_teardown(test_text_checks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_line_caps, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reopen_exact, setup, teardown),
    };
    const struct CMUnitTest pg_tests[] = {
        cmocka_unit_test_setup_teardown(test_create_and_get, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_lists, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_update_and_access, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_lines_and_undo, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_batches, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_text_checks, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_line_caps, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_reopen_exact, setup_pg, teardown),
    };
    int failed = cmocka_run_group_tests_name("books on SQLite", tests, NULL, NULL);
    return failed + STORE_RUN_PG("books on PostgreSQL", pg_tests);
}
