/*
 * shares.c -- fair shares per address and per account (docs/server.md
 * "Fair shares"): what one stranger may make the server keep or spend.
 * The transport counts connections per address itself; here are the
 * shares the handlers judge -- open rooms per address, per account and
 * in all, rooms created per address an hour, bots seated per address --
 * and the memory of failed logins per (address, name) and per address,
 * whose back-off slows a guesser and never the owner at another
 * address.  Each refusal is an error with a code of its own, in the
 * connection's language.
 *
 * Memory stays bounded whatever addresses come: the hourly buckets and
 * the failures live in fixed tables of slots indexed by a keyed hash
 * (addresses that share a slot share its limit: stricter, never
 * looser); open rooms and bots are counted over the rooms themselves,
 * which carry their creator's address key (skx_room.owner_addr).
 */
#include "server/handlers/handlers.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SKX_SHARE_SLOTS 4096
/* Failed logins: this many free per (address, name) and per address,
 * then a wait of FAIL_FIRST_S that doubles with each more, at most
 * FAIL_MAX_S (a guesser's 20th try on a name waits the 15 minutes); a failure
 * older than FAIL_FORGET_S is forgotten (the count starts again). */
#define FAIL_FREE_NAME 5
#define FAIL_FREE_ADDR 30
#define FAIL_FIRST_S 4
#define FAIL_MAX_S 900
#define FAIL_FORGET_S 3600

/* A bucket of rooms created (per address slot). */
typedef struct skx_bucket {
    double tokens;
    int64_t at_us; /* last refill; 0: never used (full) */
} skx_bucket;

/* Failed logins of a slot. */
typedef struct skx_fails {
    uint32_t n;
    int64_t last_us;
} skx_fails;

struct skx_shares {
    uint8_t key[crypto_shorthash_KEYBYTES];
    skx_bucket create[SKX_SHARE_SLOTS];
    skx_fails name_fails[SKX_SHARE_SLOTS]; /* per (address, account name) */
    skx_fails addr_fails[SKX_SHARE_SLOTS]; /* per address */
};

/* The shares' tables with a fresh hash key; NULL out of memory. */
skx_shares *skx_shares_new(void)
{
    skx_shares *sh = calloc(1, sizeof *sh);
    if (sh)
        randombytes_buf(sh->key, sizeof sh->key);
    return sh;
}

void skx_shares_free(skx_shares *sh)
{
    free(sh);
}

/* The keyed hash of a text (and a second one, may be NULL), never 0. */
static uint64_t keyed(const skx_shares *sh, const char *a, const char *b)
{
    char buf[SKX_ADDR_MAX + SK_STORE_NAME_MAX + 2];
    int n = snprintf(buf, sizeof buf, "%s%c%s", a, '\n', b ? b : "");
    uint8_t h[crypto_shorthash_BYTES];
    crypto_shorthash(h, (const unsigned char *)buf, (unsigned long long)n, sh->key);
    uint64_t k;
    memcpy(&k, h, sizeof k);
    return k ? k : 1;
}

/* An address's key: what rooms and the workers' lanes know of it. */
uint64_t skx_shares_addr_key(const skx_shares *sh, const char *addr)
{
    return keyed(sh, addr, NULL);
}

/* The refusal of a share, in the client's language: `code` and a
 * message with one number. */
void skx_shares_refuse(skx_client *c, const char *ref, const char *code, int number)
{
    static const struct {
        const char *code, *de, *en;
    } words[] = {
        {"limit_rooms_addr",
         "zu viele offene R\u00e4ume von dieser Adresse (h\u00f6chstens %d)",
         "too many open rooms from this address (at most %d)"},
        {"limit_rooms_account", "zu viele offene R\u00e4ume deines Kontos (h\u00f6chstens %d)",
         "too many open rooms of your account (at most %d)"},
        {"limit_rooms", "der Server hat so viele R\u00e4ume, wie er f\u00fchrt (%d): sp\u00e4ter",
         "the server holds as many rooms as it keeps (%d): try later"},
        {"limit_create_rate", "zu viele neue R\u00e4ume von dieser Adresse: in %d s wieder",
         "too many new rooms from this address: try again in %d s"},
        {"limit_bots", "zu viele Bots von dieser Adresse gesetzt (h\u00f6chstens %d)",
         "too many bots seated from this address (at most %d)"},
        {"limit_auth_addr",
         "zu viele Anmeldungen dieser Adresse in Arbeit (h\u00f6chstens %d): warte auf sie",
         "too many logins of this address in progress (at most %d): wait for them"},
        {"limit_login", "zu viele falsche Anmeldungen: in %d s wieder",
         "too many failed logins: try again in %d s"},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(words[i].code, code) == 0) {
            char msg[200];
            snprintf(msg, sizeof msg, c->lang == 1 ? words[i].en : words[i].de, number);
            skx_send_error(c->conn, ref, code, msg, NULL);
            return;
        }
    skx_send_error(c->conn, ref, code, code, NULL);
}

/* Whether the client may create a room: its address's and account's
 * open rooms, all open rooms, and its address's hourly bucket (a token
 * taken when it may).  A refusal is sent. */
bool skx_shares_may_create(skx_client *c, const char *ref)
{
    skx_server *srv = c->srv;
    const sk_server_config *cfg = &srv->cfg;
    skx_runtime *rt = srv->rt;
    int by_addr = 0, by_account = 0;
    for (size_t i = 0; i < rt->nrooms; i++) {
        by_addr += rt->rooms[i]->owner_addr == c->addr_key;
        by_account += c->account && rt->rooms[i]->owner_account == c->account;
    }
    if (cfg->max_rooms > 0 && rt->nrooms >= (size_t)cfg->max_rooms) {
        skx_shares_refuse(c, ref, "limit_rooms", cfg->max_rooms);
        return false;
    }
    if (cfg->max_rooms_addr > 0 && by_addr >= cfg->max_rooms_addr) {
        skx_shares_refuse(c, ref, "limit_rooms_addr", cfg->max_rooms_addr);
        return false;
    }
    if (cfg->max_rooms_account > 0 && by_account >= cfg->max_rooms_account) {
        skx_shares_refuse(c, ref, "limit_rooms_account", cfg->max_rooms_account);
        return false;
    }
    if (cfg->rooms_per_hour > 0) {
        skx_bucket *b = &srv->shares->create[c->addr_key % SKX_SHARE_SLOTS];
        double burst = cfg->rooms_per_hour, per_s = burst / 3600.0;
        int64_t now = skx_now_us();
        b->tokens = b->at_us ? b->tokens + (double)(now - b->at_us) / 1e6 * per_s : burst;
        if (b->tokens > burst)
            b->tokens = burst;
        b->at_us = now;
        if (b->tokens < 1.0) {
            skx_shares_refuse(c, ref, "limit_create_rate", (int)((1.0 - b->tokens) / per_s) + 1);
            return false;
        }
        b->tokens -= 1.0;
    }
    return true;
}

/* Whether the client may seat a bot in `seat` of the room: the bots its
 * address seated in open rooms (one it replaces there not counted).  A
 * refusal is sent. */
bool skx_shares_may_seat_bot(skx_client *c, const skx_room *target, int seat, const char *ref)
{
    int max = c->srv->cfg.max_bots_addr;
    if (max <= 0)
        return true;
    skx_runtime *rt = c->srv->rt;
    int n = 0;
    for (size_t i = 0; i < rt->nrooms; i++) {
        const skx_room *rm = rt->rooms[i];
        for (int s = 0; s < SK_ROOM_SEATS; s++) {
            const sk_room_seat *st = sk_room_seat_at(rm->room, s);
            n += st && st->kind == SK_ROOM_BOT && rm->bot_by[s] == c->addr_key &&
                 !(rm == target && s == seat);
        }
    }
    if (n >= max) {
        skx_shares_refuse(c, ref, "limit_bots", max);
        return false;
    }
    return true;
}

/* The seconds a slot of failures still makes wait (0: none): after
 * `free_n` failures, FAIL_FIRST_S, then twice as long with each more. */
static int fail_wait(skx_fails *f, int free_n, int64_t now)
{
    if (f->n && now - f->last_us > (int64_t)FAIL_FORGET_S * 1000000)
        f->n = 0;
    if (f->n < (uint32_t)free_n)
        return 0;
    uint32_t over = f->n - (uint32_t)free_n;
    int64_t wait_s = over >= 10 ? FAIL_MAX_S : (int64_t)FAIL_FIRST_S << over;
    if (wait_s > FAIL_MAX_S)
        wait_s = FAIL_MAX_S;
    int64_t left = f->last_us + wait_s * 1000000 - now;
    return left > 0 ? (int)((left + 999999) / 1000000) : 0;
}

/* Whether the client may try a login on the account name `key` (its
 * folded form): not while its address, or its address on that name,
 * waits after failures.  A refusal is sent. */
bool skx_shares_may_login(skx_client *c, const char *key, const char *ref)
{
    skx_shares *sh = c->srv->shares;
    int64_t now = skx_now_us();
    int a = fail_wait(&sh->addr_fails[c->addr_key % SKX_SHARE_SLOTS], FAIL_FREE_ADDR, now);
    int n = fail_wait(&sh->name_fails[keyed(sh, c->addr, key) % SKX_SHARE_SLOTS],
                      FAIL_FREE_NAME, now);
    int wait = a > n ? a : n;
    if (wait > 0) {
        skx_shares_refuse(c, ref, "limit_login", wait);
        return false;
    }
    return true;
}

/* A login's outcome from `addr` (its key `addr_key`) on `key`: a
 * failure counts for both slots; a success forgets the (address, name)
 * one.  Counted whether or not the connection is still there: closing
 * it does not undo a guess. */
void skx_shares_login_result(skx_shares *sh, const char *addr, uint64_t addr_key,
                             const char *key, bool ok)
{
    skx_fails *f = &sh->name_fails[keyed(sh, addr, key) % SKX_SHARE_SLOTS];
    if (ok) {
        f->n = 0;
        return;
    }
    int64_t now = skx_now_us();
    skx_fails *g = &sh->addr_fails[addr_key % SKX_SHARE_SLOTS];
    fail_wait(f, FAIL_FREE_NAME, now); /* forgets an old count first */
    fail_wait(g, FAIL_FREE_ADDR, now);
    f->n++;
    f->last_us = now;
    g->n++;
    g->last_us = now;
}
