/*
 * ident.c -- who a connection is.  Anonymous play needs no sign-up: a
 * client says hello (with a nickname, and the secret token it got
 * before, if any) and gets a token and a public player id.  The token is
 * 32 random bytes (libsodium's randombytes_buf) shown once to its owner;
 * the store keeps only its BLAKE2b hash.  The player id is another
 * random number, public (it names a seat's occupant): knowing it gives
 * nothing, since only the token proves who one is.  A returning token
 * gets the same player id, its seats and their state back -- and, when
 * the token was bound to an account by register or login (accounts.c),
 * the account.
 */
#include "server/handlers/handlers.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define TOKEN_BYTES 32

/* The hex BLAKE2b-256 hash of a token, as the store keeps it. */
static void token_hash(const uint8_t tok[TOKEN_BYTES], char hash[65])
{
    uint8_t h[32];
    crypto_generichash(h, sizeof h, tok, TOKEN_BYTES, NULL, 0);
    sodium_bin2hex(hash, 65, h, sizeof h);
}

/* A player id as the protocol shows it: 16 hex digits. */
void skx_player_hex(uint64_t player, char *out)
{
    snprintf(out, SKX_PLAYER_HEX + 1, "%016" PRIx64, player);
}

uint64_t skx_ident_new_player(void)
{
    uint64_t player;
    do { /* 63 bits: the store keeps ids as SQLite integers */
        randombytes_buf(&player, sizeof player);
        player &= INT64_MAX;
    } while (player == 0);
    return player;
}

void skx_ident_guest_name(char *name, size_t size)
{
    snprintf(name, size, "Gast %04u", (unsigned)randombytes_uniform(10000));
}

bool skx_ident_bind(skx_client *c, const char *token, uint64_t player, const char *name,
                    uint64_t account, const char *account_name, bool resumed, const char *ref)
{
    skx_server *srv = c->srv;
    uint8_t tok[TOKEN_BYTES];
    char hash[65];
    if (token && sodium_hex2bin(tok, sizeof tok, token, 2 * TOKEN_BYTES, NULL, NULL, NULL) == 0)
        token_hash(tok, hash);
    else {
        randombytes_buf(tok, sizeof tok);
        token_hash(tok, hash);
    }
    sk_error err = {{0}, NULL};
    if (skx_store_txn(srv->rt) < 0)
        return false;
    /* A new guest's session waits for its first use (skx_ident_save): a
     * connect-hello-close loop writes nothing. */
    bool save = account != 0 || resumed;
    if ((save && sk_store_session_put(srv->store, hash, player, name, account,
                                      (int64_t)time(NULL), &err) < 0) ||
        (c->token_hash[0] && strcmp(c->token_hash, hash) != 0 &&
         sk_store_session_delete(srv->store, c->token_hash, &err) < 0)) {
        sodium_memzero(tok, sizeof tok);
        skx_runtime_fail(srv->rt, &err);
        return false;
    }
    c->session_saved = save;
    if (!c->hello)
        skx_forget_said_hello(c);
    c->hello = 1;
    c->watch.player = player;
    c->account = account;
    snprintf(c->name, sizeof c->name, "%s", name);
    snprintf(c->token_hash, sizeof c->token_hash, "%s", hash);
    char hex[2 * TOKEN_BYTES + 1], pid[SKX_PLAYER_HEX + 1];
    sodium_bin2hex(hex, sizeof hex, tok, sizeof tok);
    sodium_memzero(tok, sizeof tok);
    skx_player_hex(player, pid);
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:b}", "type", "welcome", "token", hex, "player",
                          pid, "name", c->name, "resumed", resumed);
    if (o && account_name)
        json_object_set_new(o, "account", json_string(account_name));
    skx_send_json(c->conn, o, ref);
    sodium_memzero(hex, sizeof hex);
    return true;
}

/* Writes a new guest's session at its first use (any message after
 * hello but a lobby request), into the pass's transaction, so that the
 * token brings the player back later; false after a store failure. */
bool skx_ident_save(skx_client *c)
{
    skx_server *srv = c->srv;
    if (c->session_saved || !c->hello)
        return true;
    sk_error err = {{0}, NULL};
    if (skx_store_txn(srv->rt) < 0)
        return false;
    if (sk_store_session_put(srv->store, c->token_hash, c->watch.player, c->name, c->account,
                             (int64_t)time(NULL), &err) < 0) {
        skx_runtime_fail(srv->rt, &err);
        return false;
    }
    c->session_saved = 1;
    return true;
}

/* hello: identifies the connection, by its old token or a new one.  A
 * token bound to an account brings the account back, shown under the
 * account's name. */
static void hello(skx_client *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    if (c->hello) {
        skx_send_error(c->conn, m->ref, "state", "hello: this connection said hello already", NULL);
        return;
    }
    if (m->lang >= 0)
        c->lang = m->lang; /* the language of refusals and of books' words */
    uint8_t tok[TOKEN_BYTES];
    char hash[65], name[SK_ROOM_NAME_MAX] = "";
    uint64_t player = 0, account = 0;
    bool resumed = false;
    sk_error err = {{0}, NULL};
    sk_store_account acct = {0};
    if (m->token[0] &&
        sodium_hex2bin(tok, sizeof tok, m->token, SKX_TOKEN_HEX, NULL, NULL, NULL) == 0) {
        token_hash(tok, hash);
        sodium_memzero(tok, sizeof tok);
        if (sk_store_session_get(srv->store, hash, &player, name, sizeof name, &account,
                                 &err) == 0 &&
            player != 0)
            resumed = true;
        if (resumed && account &&
            sk_store_account_by_id(srv->store, account, &acct, &err) < 0)
            resumed = false; /* an account that is gone: a fresh guest */
    }
    if (!resumed) {
        player = skx_ident_new_player();
        account = 0;
        name[0] = '\0';
    }
    if (account)
        snprintf(name, sizeof name, "%.31s", acct.name);
    else if (m->name[0])
        snprintf(name, sizeof name, "%s", m->name);
    else if (!name[0])
        skx_ident_guest_name(name, sizeof name);
    if (!skx_ident_bind(c, resumed ? m->token : NULL, player, name, account,
                        account ? acct.name : NULL, resumed, m->ref))
        return;
    skx_rooms_resume(c->srv->rt, &c->watch);
}

void skx_ident_handle(skx_client *c, const skx_msg *m)
{
    if (m->type == SKX_MSG_HELLO)
        hello(c, m);
    else
        skx_send_error(c->conn, m->ref, "bad_message", "this message type is not handled here",
                       NULL);
}
