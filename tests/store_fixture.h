/*
 * store_fixture.h -- what the store's tests share (test_store.c,
 * test_store_books.c, test_store_files.c): a temporary directory per
 * test with the database path in it, opening the store there, and the
 * OK / REFUSED checks of a call's result and message.  Every test runs
 * against both backends: SQLite (a file in the directory) and
 * PostgreSQL (a fresh schema on a private server, pg_fixture.h; f->pg
 * says which).  Include after cmocka.h, schafkopf/store.h and
 * testlib.h.
 */
#ifndef SK_TESTS_STORE_FIXTURE_H
#define SK_TESTS_STORE_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pg_fixture.h"

/* A test's temporary directory and its store: the database path in it,
 * or the URI of a PostgreSQL schema of its own (pg set). */
typedef struct fixture {
    char dir[256];
    char db[1400];
    int pg;
} fixture;

/* The private PostgreSQL server of this test program. */
static skt_pg store_pg_server;

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

/* The same with a fresh PostgreSQL schema as the store. */
static inline int store_fixture_setup_pg(void **state, const char *prefix)
{
    store_fixture_setup(state, prefix);
    fixture *f = *state;
    f->pg = 1;
    if (skt_pg_schema(&store_pg_server, f->db, sizeof f->db) != 0)
        fail_msg("cannot make a schema for the test: %s", store_pg_server.why);
    return 0;
}

/* Runs a group of tests against PostgreSQL: starts the private server,
 * runs them, stops it; when no server can be started, says why and
 * skips them (0 failures). */
#define STORE_RUN_PG(name, tests)                                                                  \
    (skt_pg_start(&store_pg_server) != 0                                                           \
         ? (printf("[  SKIPPED ] %s: no PostgreSQL server: %s\n", (name), store_pg_server.why),   \
            0)                                                                                     \
         : store_pg_done(cmocka_run_group_tests_name((name), (tests), NULL, NULL)))

/* Whether an error message names the test's database: the file, or
 * for PostgreSQL its database and address (never the URI: it may hold a
 * password). */
static inline int store_names_db(const fixture *f, const char *msg)
{
    return strstr(msg, f->pg ? "store postgresql \"postgres\" on " : f->db) != NULL;
}

/* Stops the server after a group; passes the group's result on. */
static inline int store_pg_done(int failed)
{
    skt_pg_stop(&store_pg_server);
    return failed;
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
