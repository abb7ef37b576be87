/*
 * runtime.c -- the room runtime's store transaction and its part of
 * each pass.  Whatever a pass changes (journal entries, finished games,
 * and what the handlers write: sessions, accounts, chat, books) goes
 * into one store transaction, opened by the first write of the pass and
 * committed at its end; the transport holds every message queued while
 * it is open until the commit (skx_transport_hold, skx_transport_commit),
 * so nobody hears of an action the store does not have.  A store that
 * fails stops the server.
 */
#include "server/runtime/runtime.h"

#include <stdlib.h>

/* A runtime over the store, sending through the transport. */
skx_runtime *skx_runtime_new(const sk_server_config *cfg, skx_transport *tp, sk_store *store)
{
    skx_runtime *rt = calloc(1, sizeof *rt);
    if (!rt)
        return NULL;
    rt->cfg = cfg;
    rt->tp = tp;
    rt->store = store;
    sk_error err = {{0}, NULL};
    if (skx_leases_setup(rt, &err) < 0) { /* a shared store: lease.c */
        skx_log(SKX_LOG_ERR, "server: %s\n", err.msg);
        free(rt);
        return NULL;
    }
    return rt;
}

/* Starts the worker threads. */
int skx_runtime_start(skx_runtime *rt, sk_error *err)
{
    if (skx_pool_start(&rt->pool, rt->cfg->workers,
                       rt->cfg->strong_jobs >= 0 ? rt->cfg->strong_jobs : rt->cfg->workers - 1,
                       rt->cfg->bot_ms, rt->tp, err) < 0)
        return SK_EIO;
    rt->pool_started = 1;
    return 0;
}

/* Stops the worker threads, if they run. */
void skx_runtime_stop(skx_runtime *rt)
{
    if (!rt || !rt->pool_started)
        return;
    skx_pool_stop(&rt->pool);
    rt->pool_started = 0;
}

/* Frees the rooms and the runtime. */
void skx_runtime_free(skx_runtime *rt)
{
    if (!rt)
        return;
    skx_lobby_free(rt);
    skx_leases_free(rt);
    skx_rooms_free(rt);
    free(rt->touched);
    free(rt);
}

/* The next pass looks at every room. */
void skx_runtime_sweep(skx_runtime *rt)
{
    rt->sweep = 1;
}

/* Records a fatal store error: the loop stops after this pass. */
void skx_runtime_fail(skx_runtime *rt, const sk_error *err)
{
    if (!rt->failed) {
        rt->failed = 1;
        rt->fail_err = *err;
        skx_log(SKX_LOG_ERR, "server: store failure, stopping: %s\n", err->msg);
    }
}

/* Opens the pass's store transaction if none is open; 0, or -1 after a
 * store failure. */
int skx_store_txn(skx_runtime *rt)
{
    if (rt->failed)
        return -1;
    if (rt->txn)
        return 0;
    sk_error err = {{0}, NULL};
    if (sk_store_begin(rt->store, &err) < 0) {
        skx_runtime_fail(rt, &err);
        return -1;
    }
    rt->txn = 1;
    rt->txn_no++;
    skx_transport_hold(rt->tp, rt->txn_no);
    return 0;
}

/* Commits the pass's transaction, if one is open, and lets the
 * messages it held go. */
static void commit(skx_runtime *rt)
{
    if (rt->txn && !rt->failed) {
        sk_error err = {{0}, NULL};
        if (sk_store_commit(rt->store, &err) < 0) {
            skx_runtime_fail(rt, &err);
            return;
        }
        rt->txn = 0;
        skx_transport_commit(rt->tp, rt->txn_no);
    }
}

/* The rooms' part of a pass: apply the workers' answers, deal and
 * append; commit; then send the events and ask who decides next.  On a
 * shared store the leases are renewed before the commit, and the lobby
 * entries that changed are written with it -- or, changed by what the
 * broadcast saw, in a small commit of their own at the end. */
void skx_runtime_pass(skx_runtime *rt)
{
    if (rt->sweep) /* the tick's: idle rooms are unlisted, then archived */
        skx_rooms_forget(rt);
    skx_rooms_advance(rt);
    if (rt->leases) {
        skx_leases_renew(rt);
        skx_lobby_publish(rt);
    }
    commit(rt);
    if (rt->failed)
        return;
    if (rt->leases)
        skx_leases_drop(rt); /* rooms another process owns now */
    skx_rooms_broadcast(rt);
    if (rt->leases && rt->lobby.publish) {
        skx_lobby_publish(rt);
        commit(rt);
    }
}
