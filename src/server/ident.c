/*
 * ident.c -- who a connection is.  Anonymous play needs no sign-up: a
 * client says hello (with a nickname, and the secret token it got
 * before, if any) and gets a token and a public player id.  The token is
 * 32 random bytes (libsodium's randombytes_buf) shown once to its owner;
 * the store keeps only its BLAKE2b hash.  The player id is another
 * random number, public (it names a seat's occupant): knowing it gives
 * nothing, since only the token proves who one is.  A returning token
 * gets the same player id, its seats and their state back.
 */
#include "server_internal.h"

#include <sodium.h>
#include <stdio.h>
#include <string.h>

#define TOKEN_BYTES 32

/* The hex BLAKE2b-256 hash of a token, as the store keeps it. */
static void token_hash(const uint8_t tok[TOKEN_BYTES], char hash[65])
{
    uint8_t h[32];
    crypto_generichash(h, sizeof h, tok, TOKEN_BYTES, NULL, 0);
    sodium_bin2hex(hash, 65, h, sizeof h);
}

/* hello: identifies the connection, by its old token or a new one. */
static void hello(skx_conn *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    if (c->hello) {
        skx_send_error(c, m->ref, "state", "hello: this connection said hello already", NULL);
        return;
    }
    uint8_t tok[TOKEN_BYTES];
    char hash[65], name[SK_ROOM_NAME_MAX] = "";
    uint64_t player = 0, account = 0;
    bool resumed = false;
    sk_error err = {{0}, NULL};
    if (m->token[0]) {
        if (sodium_hex2bin(tok, sizeof tok, m->token, SKX_TOKEN_HEX, NULL, NULL, NULL) == 0) {
            token_hash(tok, hash);
            if (sk_store_session_get(srv->store, hash, &player, name, sizeof name, &account,
                                     &err) == 0 && player != 0)
                resumed = true;
        }
    }
    if (!resumed) {
        randombytes_buf(tok, sizeof tok);
        token_hash(tok, hash);
        do { /* 63 bits: the store keeps ids as SQLite integers */
            randombytes_buf(&player, sizeof player);
            player &= INT64_MAX;
        } while (player == 0);
        account = 0;
        name[0] = '\0';
    }
    if (m->name[0])
        snprintf(name, sizeof name, "%s", m->name);
    else if (!name[0])
        snprintf(name, sizeof name, "Gast %04u", (unsigned)randombytes_uniform(10000));
    if (skx_store_txn(srv) < 0)
        return;
    if (sk_store_session_put(srv->store, hash, player, name, account,
                             skx_now_us() / 1000000, &err) < 0) {
        skx_server_fail(srv, &err);
        return;
    }
    c->hello = 1;
    c->player = player;
    c->account = account;
    snprintf(c->name, sizeof c->name, "%s", name);
    char hex[2 * TOKEN_BYTES + 1], pid[SKX_PLAYER_HEX + 1];
    sodium_bin2hex(hex, sizeof hex, tok, sizeof tok);
    sodium_memzero(tok, sizeof tok);
    skx_player_hex(player, pid);
    skx_send_json(c, json_pack("{s:s, s:s, s:s, s:s, s:b}", "type", "welcome", "token", hex,
                               "player", pid, "name", c->name, "resumed", resumed),
                  m->ref);
    sodium_memzero(hex, sizeof hex);
    skx_rooms_resume(c);
}

void skx_ident_handle(skx_conn *c, const skx_msg *m)
{
    switch (m->type) {
    case SKX_MSG_HELLO:
        hello(c, m);
        return;
    default:
        /* Accounts (argon2id hashing on a worker thread, so the loop
         * never waits for it) are not built yet: docs/server-protocol.md. */
        skx_send_error(c, m->ref, "unsupported",
                       "accounts are not available on this server yet: play with a nickname",
                       NULL);
        return;
    }
}
