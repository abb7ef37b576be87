/*
 * server.c -- `schafkopf serve` as the library offers it
 * (schafkopf/server.h): builds the server's floors from the bottom up
 * -- the transport (connections and the loop), the store with the rooms
 * restored from it and the bot workers (the room runtime), the password
 * thread (the handlers) -- gives the transport the handlers' hooks, runs
 * the loop, and takes it all down again in an order where nothing is
 * used after it is gone (docs/architecture.md, "src/server").
 */
#include "server/handlers/handlers.h"

#include "table/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The defaults of `schafkopf serve`. */
void sk_server_config_init(sk_server_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->bind = "127.0.0.1";
    cfg->port = 8080;
    cfg->workers = 2;
    cfg->rate = 20;
    cfg->burst = 40;
    cfg->away_seconds = 30;
    cfg->engine_ms = 5000;
    cfg->idle_unlist = 30 * 60;
    cfg->idle_archive = 24 * 3600;
    cfg->guest_forget = 30 * 86400;
    cfg->hello_timeout = 10;
    cfg->ping = 60;
    cfg->lease_seconds = 12;
    cfg->max_conns_addr = 64;
    cfg->max_rooms_addr = 20;
    cfg->max_rooms_account = 20;
    cfg->max_rooms = 20000;
    cfg->rooms_per_hour = 60;
    cfg->max_bots_addr = 60;
    cfg->strong_jobs = -1;
    cfg->bot_ms = 2000;
    cfg->auth_per_addr = 4;
}

/* Frees what the server holds, in an order where nothing is used after
 * it is gone: workers first (they wake the loop), the password thread,
 * the loop's connections (each leaves its rooms and books), the rooms,
 * the books, the store. */
static void teardown(skx_server *srv)
{
    if (srv->cfg.nengines > 0)
        skx_engine_kill_all(); /* an engine deciding now ends at once */
    skx_runtime_stop(srv->rt);
    skx_accounts_stop(srv);
    skx_transport_free(srv->tp);
    skx_runtime_free(srv->rt);
    skx_books_free(srv);
    skx_shares_free(srv->shares);
    if (srv->store)
        sk_store_close(srv->store);
    free(srv);
}

/* Runs the server until SIGINT or SIGTERM; see schafkopf/server.h. */
int sk_server_run(const sk_server_config *cfg, sk_error *err)
{
    skx_server *srv = calloc(1, sizeof *srv);
    if (!srv) {
        snprintf(err->msg, sizeof err->msg, "server: out of memory");
        return SK_ENOMEM;
    }
    srv->cfg = *cfg;
    srv->shares = skx_shares_new();
    if (!srv->shares) {
        snprintf(err->msg, sizeof err->msg, "server: out of memory");
        teardown(srv);
        return SK_ENOMEM;
    }
    skx_transport_hooks hooks;
    skx_handlers_hooks(srv, &hooks);
    srv->tp = skx_transport_new(&srv->cfg, &hooks);
    if (!srv->tp) {
        snprintf(err->msg, sizeof err->msg, "server: out of memory");
        teardown(srv);
        return SK_ENOMEM;
    }
    srv->store = sk_store_open(cfg->db, err);
    if (!srv->store) {
        teardown(srv);
        return SK_EIO;
    }
    srv->rt = skx_runtime_new(&srv->cfg, srv->tp, srv->store);
    if (!srv->rt) {
        snprintf(err->msg, sizeof err->msg, "server: out of memory");
        teardown(srv);
        return SK_ENOMEM;
    }
    if (skx_rooms_restore(srv->rt, err) < 0 || skx_transport_listen(srv->tp, err) < 0 ||
        skx_runtime_start(srv->rt, err) < 0 || skx_accounts_start(srv, err) < 0) {
        teardown(srv);
        return SK_EIO;
    }
    skx_transport_arm(srv->tp);

    printf("schafkopf serve: open http://%s:%d/ (WebSocket ws://%s:%d/, %zu rooms restored)\n",
           cfg->bind, cfg->port, cfg->bind, cfg->port, srv->rt->nrooms);
    fflush(stdout);

    skx_transport_run(srv->tp);
    int rc = 0;
    if (srv->rt->failed) {
        *err = srv->rt->fail_err;
        rc = SK_EIO;
    }
    if (srv->rt->txn && !srv->rt->failed)
        sk_store_commit(srv->store, NULL);
    teardown(srv);
    return rc;
}
