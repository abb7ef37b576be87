/*
 * store_fixture.h -- what the store's tests share (test_store.c,
 * test_store_books.c, test_store_files.c): a temporary directory per
 * test with the database path in it, opening the store there, and the
 * OK / REFUSED checks of a call's result and message.  Include after
 * cmocka.h, schafkopf/store.h and testlib.h.
 */
#ifndef SK_TESTS_STORE_FIXTURE_H
#define SK_TESTS_STORE_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A test's temporary directory and the database path in it. */
typedef struct fixture {
    char dir[256];
    char db[300];
} fixture;

/* Makes the temporary directory of a test, its name starting `prefix`. */
static inline int store_fixture_setup(void **state, const char *prefix)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    tl_tmpdir(f->dir, sizeof f->dir, prefix);
    snprintf(f->db, sizeof f->db, "%s/server.db", f->dir);
    *state = f;
    return 0;
}

/* Removes the temporary directory and every file in it. */
static inline int store_fixture_teardown(void **state)
{
    fixture *f = *state;
    tl_rmdir(f->dir);
    free(f);
    return 0;
}

/* Opens the fixture's store, which must work. */
static inline sk_store *open_ok(const fixture *f)
{
    sk_error err = {0};
    sk_store *st = sk_store_open(f->db, &err);
    if (!st)
        fail_msg("sk_store_open: %s", err.msg);
    return st;
}

/* A call that must succeed (an `err` in scope): fails the test with its
 * message. */
#define OK(call)                                                                                   \
    do {                                                                                           \
        int ok_rc_ = (call);                                                                       \
        if (ok_rc_ != 0)                                                                           \
            fail_msg("%s -> %d: %s", #call, ok_rc_, err.msg);                                      \
    } while (0)

/* A call that must fail with `code` and a message containing `needle`. */
#define REFUSED(call, code, needle)                                                                \
    do {                                                                                           \
        err.msg[0] = 0;                                                                            \
        int ref_rc_ = (call);                                                                      \
        if (ref_rc_ != (code) || !strstr(err.msg, (needle)))                                       \
            fail_msg("%s -> %d \"%s\", expected %d with \"%s\"", #call, ref_rc_, err.msg,         \
                     (code), (needle));                                                            \
    } while (0)

#endif
