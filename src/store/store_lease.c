/*
 * store_lease.c -- the leases of rooms (store.h, "Leases"): which
 * process of a cluster owns a room.  A lease is a row (room, owner,
 * expires) in the shared database; the owner is this store's id, made
 * at open; `expires` is the database server's clock plus the lease's
 * time to live, so the machines' clocks never meet.  The fence is in
 * sk_store_journal_append (store_data.c): its read of the journal's end
 * also reads and locks the room's lease row, in the append's
 * transaction.
 *
 * On a store that is not shared (SQLite: one process holds the file)
 * every lease is trivially held: nothing here touches the database.
 */
#include "store/store_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

/* See store_internal.h: "host:pid:random" -- unique per open, so a
 * process that reopens (or a pid reused) is a new owner. */
void skx_lease_init(sk_store *st)
{
    char host[32] = "?";
    if (gethostname(host, sizeof host) != 0)
        snprintf(host, sizeof host, "?");
    host[sizeof host - 1] = 0;
    unsigned char r[6] = {0};
    if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r) {
        /* no entropy: the clock and the address keep it distinct enough */
        uint64_t x = (uint64_t)(uintptr_t)st ^ (uint64_t)getpid() << 32;
        for (size_t i = 0; i < sizeof r; i++)
            r[i] = (unsigned char)(x >> (8 * i));
    }
    snprintf(st->owner, sizeof st->owner, "%.24s:%d:%02x%02x%02x%02x%02x%02x", host,
             (int)getpid(), r[0], r[1], r[2], r[3], r[4], r[5]);
    st->lease_ms = 12000;
}

/* See store.h. */
int sk_store_shared(const sk_store *st)
{
    assert(st);
    return st->be->shared;
}

/* See store.h. */
const char *sk_store_owner(const sk_store *st)
{
    assert(st);
    return st->owner;
}

/* See store.h. */
int sk_store_lease_ttl(sk_store *st, int ms, sk_error *err)
{
    assert(st);
    if (ms < 1000 || ms > 600000)
        return skx_store_fail(st, err, SK_ERANGE, "a lease of %d ms is out of range "
                              "(1000..600000)", ms);
    st->lease_ms = ms;
    return 0;
}

/* Runs the claim: 1 held, 0 another's, or an error. */
static int claim(sk_store *st, uint64_t room, sk_error *err)
{
    skx_stmt_use u = {0};
    int rc = skx_store_writable(st, err);
    if (rc == 0)
        rc = skx_store_get(st, SKX_LEASE_CLAIM, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)room);
    skx_store_bind_text(&u, 2, st->owner);
    skx_bind_int(&u, 3, st->lease_ms);
    int step = skx_step(&u);
    skx_store_put(st, &u);
    if ((step == SKX_DONE || step == SKX_ROW) && skx_changes(st) > 0)
        return 1;
    if (step == SKX_DONE || step == SKX_ROW) { /* another's: ask it to give the room up */
        skx_stmt_use w = {0};
        rc = skx_store_get(st, SKX_LEASE_WANT, &w, err);
        if (rc)
            return rc;
        skx_bind_int(&w, 1, (int64_t)room);
        skx_store_bind_text(&w, 2, st->owner);
        step = skx_step(&w);
        skx_store_put(st, &w);
        if (step == SKX_DONE || step == SKX_ROW)
            return 0;
    }
    /* the row locked past lock_timeout (its owner's transaction is
     * open: a paused process): not ours now, ask again later */
    if (step == SKX_E_IO && strstr(st->be->errmsg(st), "lock timeout"))
        return 0;
    char what[64];
    snprintf(what, sizeof what, "claiming the lease of room %llu", (unsigned long long)room);
    return skx_store_db_fail(st, err, step, what);
}

/* See store.h. */
int sk_store_lease_claim(sk_store *st, uint64_t room, sk_error *err)
{
    assert(st);
    int rc = skx_store_check_id(st, err, "room", room, 1);
    if (rc)
        return rc;
    return st->be->shared ? claim(st, room, err) : 1;
}

/* See store_internal.h. */
int skx_lease_take_new(sk_store *st, uint64_t room, sk_error *err)
{
    int rc = claim(st, room, err);
    if (rc == 0)
        rc = skx_store_fail(st, err, SK_EIO, "room %llu was made, but its lease is another's",
                            (unsigned long long)room);
    return rc < 0 ? rc : 0;
}

/* See store.h. */
int sk_store_lease_renew(sk_store *st, int (*fn)(void *ctx, uint64_t room, int wanted),
                         void *ctx, sk_error *err)
{
    assert(st && fn);
    if (!st->be->shared)
        return 0;
    skx_stmt_use u = {0};
    int rc = skx_store_writable(st, err);
    if (rc == 0)
        rc = skx_store_get(st, SKX_LEASE_RENEW, &u, err);
    if (rc)
        return rc;
    skx_store_bind_text(&u, 1, st->owner);
    skx_bind_int(&u, 2, st->lease_ms);
    int row;
    while ((row = skx_store_next_row(st, &u, "renewing the leases", err)) == SKX_ROW) {
        int64_t room = 0, wanted = 0;
        rc = skx_store_col_int(st, &u, 0, 1, INT64_MAX, &room, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 1, 0, 1, &wanted, err);
        if (rc == 0)
            rc = fn(ctx, (uint64_t)room, (int)wanted);
        if (rc)
            break;
    }
    skx_store_put(st, &u);
    return rc ? rc : row < 0 ? row : 0;
}

/* See store.h. */
int sk_store_lease_release(sk_store *st, uint64_t room, sk_error *err)
{
    assert(st);
    if (!st->be->shared)
        return 0;
    skx_stmt_use u = {0};
    int rc = skx_store_check_id(st, err, "room", room, 0);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    if (rc == 0)
        rc = skx_store_get(st, SKX_LEASE_RELEASE, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)room);
    skx_store_bind_text(&u, 2, st->owner);
    rc = skx_store_step_done(st, &u, "releasing a lease", err);
    skx_store_put(st, &u);
    return rc;
}
