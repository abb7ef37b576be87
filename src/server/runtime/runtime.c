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
#include "server/server_internal.h"

#include <stdlib.h>

/* Records a fatal store error: the loop stops after this pass. */
void skx_server_fail(skx_server *srv, const sk_error *err)
{
    if (!srv->failed) {
        srv->failed = 1;
        srv->fail_err = *err;
        skx_log(SKX_LOG_ERR, "server: store failure, stopping: %s\n", err->msg);
    }
}

/* Opens the pass's store transaction if none is open; 0, or -1 after a
 * store failure. */
int skx_store_txn(skx_server *srv)
{
    if (srv->failed)
        return -1;
    if (srv->txn)
        return 0;
    sk_error err = {{0}, NULL};
    if (sk_store_begin(srv->store, &err) < 0) {
        skx_server_fail(srv, &err);
        return -1;
    }
    srv->txn = 1;
    srv->txn_no++;
    skx_transport_hold(srv->tp, srv->txn_no);
    return 0;
}

/* The rooms' part of a pass: apply the workers' answers, deal and
 * append; commit; then send the events and ask who decides next. */
void skx_runtime_pass(skx_server *srv)
{
    skx_rooms_advance(srv);
    if (srv->txn && !srv->failed) {
        sk_error err = {{0}, NULL};
        if (sk_store_commit(srv->store, &err) < 0) {
            skx_server_fail(srv, &err);
            return;
        }
        srv->txn = 0;
        skx_transport_commit(srv->tp, srv->txn_no);
    }
    if (!srv->failed)
        skx_rooms_broadcast(srv);
}
