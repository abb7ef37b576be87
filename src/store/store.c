/*
 * store.c -- the store's functions that do not depend on the database:
 * opening the backend a target names (a path: SQLite; a postgresql://
 * URI: PostgreSQL), transactions, errors, the checks of input, and the
 * statement interface every function of the data uses (binding,
 * stepping, reading columns), which calls the backend's table
 * (store_internal.h).  The backends are store_sqlite.c and store_pg.c.
 */
#include "store/store_internal.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes the message of an error into err (if any). */
static void vset(const sk_store *st, sk_error *err, const char *fmt, va_list ap)
{
    if (!err)
        return;
    int n = snprintf(err->msg, sizeof err->msg, "store %s: ", st ? st->where : "?");
    if (n < 0 || (size_t)n >= sizeof err->msg)
        n = 0;
    vsnprintf(err->msg + n, sizeof err->msg - (size_t)n, fmt, ap);
    err->rule = NULL;
}

/* See store_internal.h. */
int skx_store_fail(const sk_store *st, sk_error *err, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vset(st, err, fmt, ap);
    va_end(ap);
    return code;
}

/* The status an skx_rc means. */
static int status_of(int rc)
{
    switch (rc) {
    case SKX_E_UNIQUE:
    case SKX_E_FOREIGN:
    case SKX_E_INVALID:
        return SK_EINVAL;
    case SKX_E_NOMEM:
        return SK_ENOMEM;
    default:
        return SK_EIO;
    }
}

/* See store_internal.h. */
int skx_store_db_fail(const sk_store *st, sk_error *err, int rc, const char *what)
{
    const char *msg = st && st->be ? st->be->errmsg(st) : "no database";
    bool lost = st && st->be && st->in_txn && st->be->txn_lost(st);
    return skx_store_fail(st, err, status_of(rc), "%s: %s%s", what, msg,
                          lost ? " (the transaction was rolled back: none of its writes "
                                 "happened)" : "");
}

/* Length of the valid UTF-8 sequence at s (n bytes left), or 0 when the
 * bytes there are no valid UTF-8 (overlong forms, surrogates and code
 * points past U+10FFFF are not). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    if (c < 0x80)
        return c ? 1 : 0;
    size_t len;
    unsigned lo = 0x80, hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf)
        len = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        len = 3;
        if (c == 0xe0)
            lo = 0xa0;
        else if (c == 0xed)
            hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4;
        if (c == 0xf0)
            lo = 0x90;
        else if (c == 0xf4)
            hi = 0x8f;
    } else
        return 0;
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return len;
}

/* See store_internal.h. */
int skx_store_check_text(const sk_store *st, sk_error *err, const char *field, const char *s,
                         size_t max, bool empty_ok)
{
    if (!s)
        return skx_store_fail(st, err, SK_EINVAL, "%s is missing (NULL)", field);
    size_t n = strnlen(s, max + 1);
    if (n > max)
        return skx_store_fail(st, err, SK_EINVAL, "%s is longer than %zu bytes", field, max);
    if (n == 0 && !empty_ok)
        return skx_store_fail(st, err, SK_EINVAL, "%s is empty", field);
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t len = utf8_len(u + i, n - i);
        if (!len)
            return skx_store_fail(st, err, SK_EINVAL, "%s is not UTF-8 at byte %zu (0x%02x)",
                                  field, i, u[i]);
        i += len;
    }
    return 0;
}

/* See store_internal.h. */
int skx_store_check_plain(const sk_store *st, sk_error *err, const char *field, const char *s,
                          size_t max, bool empty_ok, bool tab_ok)
{
    int rc = skx_store_check_text(st, err, field, s, max, empty_ok);
    if (rc)
        return rc;
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; u[i]; i++) {
        /* C0 but a tab where allowed, DEL, and C1 (U+0080..U+009F, two
         * bytes: 0xc2 0x80..0x9f): a terminal may take them as commands */
        bool c1 = u[i] == 0xc2 && u[i + 1] >= 0x80 && u[i + 1] <= 0x9f;
        if ((u[i] < 0x20 && !(tab_ok && u[i] == '\t')) || u[i] == 0x7f || c1)
            return skx_store_fail(st, err, SK_EINVAL, "%s holds a control character at byte %zu "
                                  "(0x%02x%s)", field, i, c1 ? u[i + 1] : u[i],
                                  c1 ? ", U+0080..U+009F" : "");
    }
    return 0;
}

/* See store_internal.h. */
int skx_store_check_hash(const sk_store *st, sk_error *err, const char *field, const char *h)
{
    int rc = skx_store_check_text(st, err, field, h, SK_STORE_TOKEN_HASH_MAX, false);
    if (rc)
        return rc;
    size_t n = strlen(h);
    for (size_t i = 0; i < n; i++)
        if (!((h[i] >= '0' && h[i] <= '9') || (h[i] >= 'a' && h[i] <= 'f')))
            return skx_store_fail(st, err, SK_EINVAL, "%s is not lowercase hex at byte %zu",
                                  field, i);
    if (n < 32 || n % 2)
        return skx_store_fail(st, err, SK_EINVAL, "%s has %zu hex digits (an even number from "
                              "32 to %d)", field, n, SK_STORE_TOKEN_HASH_MAX);
    return 0;
}

/* See store_internal.h. */
int skx_store_check_id(const sk_store *st, sk_error *err, const char *field, uint64_t v,
                       uint64_t min)
{
    if (v > (uint64_t)INT64_MAX)
        return skx_store_fail(st, err, SK_ERANGE, "%s %llu is out of range (at most %lld)",
                              field, (unsigned long long)v, (long long)INT64_MAX);
    if (v < min)
        return skx_store_fail(st, err, SK_EINVAL, "%s %llu is out of range (at least %llu)",
                              field, (unsigned long long)v, (unsigned long long)min);
    return 0;
}

/* See store_internal.h. */
int skx_store_writable(const sk_store *st, sk_error *err)
{
    if (st->in_txn && st->be->txn_lost(st))
        return skx_store_fail(st, err, SK_EIO, "the transaction was rolled back after an "
                              "earlier error: end it (sk_store_rollback) and start again");
    return 0;
}

/* Runs SQL text without results through the backend; `what` names it
 * in an error. */
static int store_exec(sk_store *st, const char *sql, const char *what, sk_error *err)
{
    int rc = st->be->exec(st, sql);
    return rc == SKX_DONE ? 0 : skx_store_db_fail(st, err, rc, what);
}

/* See store_internal.h. */
int skx_store_write_begin(sk_store *st, const char *savepoint, const char *what, sk_error *err)
{
    char sql[64];
    if (st->in_txn && !st->be->write_savepoints)
        return 0;
    if (st->in_txn)
        snprintf(sql, sizeof sql, "SAVEPOINT %s", savepoint);
    else
        snprintf(sql, sizeof sql, "%s", st->be->begin_sql);
    return store_exec(st, sql, what, err);
}

/* See store_internal.h. */
int skx_store_write_end(sk_store *st, const char *savepoint, int rc, const char *what,
                        sk_error *err)
{
    char sql[80];
    const skx_backend *be = st->be;
    if (st->in_txn && !be->write_savepoints)
        return rc; /* an error of the database ended the transaction */
    if (st->in_txn) {
        /* the database may have rolled the whole transaction back
         * already (a full disk): then there is no savepoint left to end */
        if (rc && be->in_db_txn(st)) {
            snprintf(sql, sizeof sql, "ROLLBACK TO SAVEPOINT %s", savepoint);
            be->exec(st, sql);
        }
        if (be->in_db_txn(st)) {
            snprintf(sql, sizeof sql, "RELEASE SAVEPOINT %s", savepoint);
            be->exec(st, sql);
        }
        return rc;
    }
    if (rc) {
        if (be->in_db_txn(st))
            be->exec(st, "ROLLBACK");
        return rc;
    }
    if (be->txn_lost(st)) {
        /* an error ended the transaction (PostgreSQL's COMMIT of an
         * aborted transaction rolls it back without an error) */
        rc = skx_store_fail(st, err, SK_EIO, "%s: the write failed and was rolled back", what);
        be->exec(st, "ROLLBACK");
        return rc;
    }
    int crc = be->exec(st, "COMMIT");
    if (crc != SKX_DONE) {
        rc = skx_store_db_fail(st, err, crc, what);
        if (be->in_db_txn(st))
            be->exec(st, "ROLLBACK");
    }
    return rc;
}

/* See store_internal.h. */
int skx_store_get(sk_store *st, enum skx_stmt id, skx_stmt_use *u, sk_error *err)
{
    assert((unsigned)id < SKX_STMT_COUNT);
    memset(u, 0, sizeof *u);
    u->st = st;
    u->id = id;
    u->row = -1;
    return st->be->prepare(st, u, err);
}

/* See store_internal.h. */
void skx_store_put(sk_store *st, skx_stmt_use *u)
{
    if (u->st)
        st->be->release(st, u);
    u->st = NULL;
}

/* See store_internal.h. */
void skx_store_bind_text(skx_stmt_use *u, int i, const char *t)
{
    assert(i >= 1 && i <= SKX_PARAMS_MAX);
    u->st->be->bind_text(u, i, t);
}

/* See store_internal.h. */
void skx_bind_int(skx_stmt_use *u, int i, int64_t v)
{
    assert(i >= 1 && i <= SKX_PARAMS_MAX);
    u->st->be->bind_int(u, i, v);
}

/* See store_internal.h. */
void skx_bind_null(skx_stmt_use *u, int i)
{
    assert(i >= 1 && i <= SKX_PARAMS_MAX);
    u->st->be->bind_null(u, i);
}

/* See store_internal.h. */
void skx_bind_id_or_null(skx_stmt_use *u, int i, uint64_t id)
{
    if (id)
        skx_bind_int(u, i, (int64_t)id);
    else
        skx_bind_null(u, i);
}

/* See store_internal.h. */
int skx_step(skx_stmt_use *u)
{
    return u->st->be->step(u->st, u);
}

/* See store_internal.h. */
bool skx_col_null(const skx_stmt_use *u, int col)
{
    return u->st->be->col_kind(u, col) == SKX_COL_NULL;
}

/* See store_internal.h. */
int64_t skx_changes(const sk_store *st)
{
    return st->be->changes(st);
}

/* See store_internal.h. */
int64_t skx_last_id(const sk_store *st)
{
    return st->be->last_id(st);
}

/* See store_internal.h. */
int skx_store_step_done(sk_store *st, skx_stmt_use *u, const char *what, sk_error *err)
{
    int rc = skx_step(u);
    if (rc == SKX_DONE || rc == SKX_ROW)
        return 0;
    return skx_store_db_fail(st, err, rc, what);
}

/* See store_internal.h. */
int skx_store_next_row(sk_store *st, skx_stmt_use *u, const char *what, sk_error *err)
{
    int step = skx_step(u);
    if (step == SKX_ROW || step == SKX_DONE)
        return step;
    return skx_store_db_fail(st, err, step, what);
}

/* See store_internal.h. */
int skx_store_col_text(const sk_store *st, const skx_stmt_use *u, int col, const char **out,
                       sk_error *err)
{
    const char *name = st->be->col_name(u, col);
    if (st->be->col_kind(u, col) != SKX_COL_TEXT)
        return skx_store_fail(st, err, SK_EIO, "column %s is not text: the database is damaged",
                              name ? name : "?");
    size_t n = 0;
    const char *t = st->be->col_text(u, col, &n);
    if (!t)
        return skx_store_fail(st, err, SK_ENOMEM, "out of memory reading column %s",
                              name ? name : "?");
    if (memchr(t, 0, n))
        return skx_store_fail(st, err, SK_EIO, "column %s holds a NUL byte: the database is "
                              "damaged", name ? name : "?");
    *out = t;
    return 0;
}

/* See store_internal.h. */
int skx_store_col_int(const sk_store *st, const skx_stmt_use *u, int col, int64_t min,
                      int64_t max, int64_t *out, sk_error *err)
{
    const char *name = st->be->col_name(u, col);
    if (st->be->col_kind(u, col) != SKX_COL_INT)
        return skx_store_fail(st, err, SK_EIO, "column %s is not an integer: the database is "
                              "damaged", name ? name : "?");
    int64_t v = st->be->col_int(u, col);
    if (v < min || v > max)
        return skx_store_fail(st, err, SK_EIO, "column %s holds %lld, out of range: the database "
                              "is damaged", name ? name : "?", (long long)v);
    *out = v;
    return 0;
}

/* See store_internal.h. */
int skx_store_insert_fail(sk_store *st, sk_error *err, int rc, const char *what, uint64_t room,
                          const char *taken)
{
    if (rc == SKX_E_FOREIGN)
        return skx_store_fail(st, err, SK_EINVAL, "%s: no room %llu", what,
                              (unsigned long long)room);
    if (taken && rc == SKX_E_UNIQUE)
        return skx_store_fail(st, err, SK_EINVAL, "%s: %s", what, taken);
    return skx_store_db_fail(st, err, rc, what);
}

/* See store.h. */
int sk_store_is_url(const char *target)
{
    return target && (strncmp(target, "postgresql://", 13) == 0 ||
                      strncmp(target, "postgres://", 11) == 0);
}

/* See store.h. */
sk_store *sk_store_open(const char *target, sk_error *err)
{
    if (!target || !*target) {
        skx_store_fail(NULL, err, SK_EINVAL, "the database path is %s",
                       !target ? "missing" : "empty");
        return NULL;
    }
    sk_store *st = calloc(1, sizeof *st);
    if (!st) {
        skx_store_fail(NULL, err, SK_ENOMEM, "out of memory");
        return NULL;
    }
    st->lock_fd = -1;
    snprintf(st->where, sizeof st->where, "?");
    skx_lease_init(st);
    bool pg = sk_store_is_url(target);
    int rc = pg ? skx_pg_open(st, target, err) : skx_sqlite_open(st, target, err);
    if (rc == 0)
        return st;
    sk_store_close(st);
    return NULL;
}

/* See store.h. */
void sk_store_close(sk_store *st)
{
    if (!st)
        return;
    if (st->be && st->be->shared) {
        /* a clean end gives the leases up: another process may take
         * the rooms at once rather than after their expiry */
        if (st->in_txn)
            sk_store_rollback(st, NULL);
        sk_store_lease_release(st, 0, NULL);
    }
    if (st->be)
        st->be->close(st);
    free(st);
}

/* See store.h. */
int sk_store_set_sync(sk_store *st, enum sk_store_sync mode, sk_error *err)
{
    assert(st);
    if (st->in_txn)
        return skx_store_fail(st, err, SK_ESTATE, "the sync mode cannot change inside a "
                              "transaction");
    if (mode != SK_STORE_SYNC_NORMAL && mode != SK_STORE_SYNC_FULL)
        return skx_store_fail(st, err, SK_EINVAL, "unknown sync mode %d", (int)mode);
    return st->be->set_sync(st, mode, err);
}

/* See store.h. */
int sk_store_begin(sk_store *st, sk_error *err)
{
    assert(st);
    if (st->in_txn)
        return skx_store_fail(st, err, SK_ESTATE, "a transaction is open already (they do not "
                              "nest)");
    int rc = store_exec(st, st->be->begin_sql, "starting a transaction", err);
    if (rc == 0)
        st->in_txn = true;
    return rc;
}

/* See store.h. */
int sk_store_commit(sk_store *st, sk_error *err)
{
    assert(st);
    if (!st->in_txn)
        return skx_store_fail(st, err, SK_ESTATE, "commit without a transaction");
    if (st->be->txn_lost(st)) {
        int rc = skx_store_fail(st, err, SK_EIO, "the transaction was rolled back after an "
                                "earlier error: none of its writes happened");
        if (st->be->in_db_txn(st))
            st->be->exec(st, "ROLLBACK");
        st->in_txn = false;
        return rc;
    }
    st->in_txn = false;
    int rc = store_exec(st, "COMMIT", "committing", err);
    if (rc && st->be->in_db_txn(st))
        st->be->exec(st, "ROLLBACK");
    return rc;
}

/* See store.h. */
int sk_store_rollback(sk_store *st, sk_error *err)
{
    assert(st);
    if (!st->in_txn)
        return skx_store_fail(st, err, SK_ESTATE, "rollback without a transaction");
    st->in_txn = false;
    if (!st->be->in_db_txn(st))
        return 0; /* the database rolled it back already */
    return store_exec(st, "ROLLBACK", "rolling back", err);
}
