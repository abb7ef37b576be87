/*
 * accounts.c -- optional accounts: a name and a password for players who
 * want their history kept under a name of their own (anonymous play with
 * a nickname needs none of this).
 *
 *  - register binds the connection's player (its seats and the games it
 *    played so far) to a new account; login makes the connection the
 *    account's player; logout makes it a fresh guest.  Each answers
 *    `welcome` with a new token (the old one is forgotten), so a token
 *    seen before the change is worth nothing after it.
 *  - Passwords are hashed with argon2id (libsodium's crypto_pwhash_str,
 *    the interactive limits: docs/server.md says why) on a thread of
 *    this file's own.  The loop never hashes: it looks the account up,
 *    posts a job and goes on; the answer comes back through a list that
 *    wakes the loop, like a bot's.
 *  - A login for a name nobody has is checked against a dummy hash made
 *    at start with the same limits, so it takes as long as a wrong
 *    password, and both get the same answer (bad_login): a login attempt
 *    does not tell which names exist.
 *  - Attempts are limited per connection; failed logins slow their
 *    address, and its address on that name, down (shares.c), never the
 *    owner at another address or with his token; names are unique
 *    regardless of case (folded with the C.UTF-8 locale's towlower).
 *  - The password thread is shared fairly: at most --auth-per-addr jobs
 *    of one address wait or hash, and it takes them round-robin across
 *    addresses (each address's oldest first), so a flood of registers
 *    from one address does not lock everybody else out.
 */
#include "server/handlers/handlers.h"

#include <locale.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wctype.h>

/* The argon2id limits of new hashes: libsodium's interactive ones (2
 * passes over 64 MiB), about 0.1 s on a small server; docs/server.md. */
#define SKX_PW_OPS crypto_pwhash_OPSLIMIT_INTERACTIVE
#define SKX_PW_MEM crypto_pwhash_MEMLIMIT_INTERACTIVE

/* Register and login attempts of one connection: 5 at once, then one
 * every 12 s (5 a minute). */
#define SKX_AUTH_CONN_BURST 5.0
#define SKX_AUTH_CONN_EVERY_S 12.0
/* Jobs waiting for the password thread at most; beyond: error "rate". */
#define SKX_AUTH_QUEUE_MAX 32

/* A password to hash (register) or to check (login). */
typedef struct skx_auth_job {
    struct skx_auth_job *next;
    int kind;                            /* SKX_MSG_REGISTER or SKX_MSG_LOGIN */
    skx_client *client;                  /* NULL once its connection closed */
    char ref[SKX_REF_MAX + 1];
    char password[SKX_PASSWORD_MAX + 1]; /* wiped once used */
    sk_store_account acct;               /* register: the new account (hash filled by the
                                          * thread); login: the account found (id 0:
                                          * none: the dummy is checked) */
    int ok;                              /* hashed; the password matches */
    char addr[SKX_ADDR_MAX];             /* whose address: its share */
    uint64_t addr_key;
    uint64_t vtime;                      /* its turn: one after its address's last
                                          * job, and no sooner than the clock */
} skx_auth_job;

typedef struct skx_auth {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t thread;
    int started, stop;
    skx_auth_job *todo_head, *todo_tail, *done_head, *done_tail;
    int queued;                           /* jobs posted and not yet taken back */
    uint64_t running_addr;                /* the address of the job hashing, 0: none */
    uint64_t running_vtime;               /* ... and its turn */
    uint64_t vclock;                      /* the turn of the job taken last */
    skx_transport *tp;                    /* woken when a job is done */
    char dummy[crypto_pwhash_STRBYTES];   /* the password thread's only */
    locale_t loc;                         /* C.UTF-8 for folding, or 0: ASCII only */
} skx_auth;

/* The next job to hash (mutex held), taken off the list: round-robin
 * across addresses -- the job of the earliest turn (fair queuing by
 * turns: an address's jobs take one turn each after another, a new
 * address starts at the clock), the oldest of those.  NULL: none. */
static skx_auth_job *take_fair(skx_auth *a)
{
    skx_auth_job *best = NULL, *best_prev = NULL;
    for (skx_auth_job *j = a->todo_head, *prev = NULL; j; prev = j, j = j->next)
        if (!best || j->vtime < best->vtime) {
            best = j;
            best_prev = prev;
        }
    if (!best)
        return NULL;
    a->vclock = best->vtime;
    if (best_prev)
        best_prev->next = best->next;
    else
        a->todo_head = best->next;
    if (a->todo_tail == best)
        a->todo_tail = best_prev;
    best->next = NULL;
    return best;
}

/* The password thread: the dummy hash first, then jobs until told to
 * stop. */
static void *auth_main(void *arg)
{
    skx_auth *a = arg;
    char pw[33];
    randombytes_buf(pw, sizeof pw);
    for (size_t i = 0; i < sizeof pw - 1; i++)
        pw[i] = (char)('a' + (unsigned char)pw[i] % 26);
    pw[sizeof pw - 1] = '\0';
    if (crypto_pwhash_str(a->dummy, pw, strlen(pw), SKX_PW_OPS, SKX_PW_MEM) != 0)
        a->dummy[0] = '\0'; /* out of memory: verify then fails at once, as it would */
    sodium_memzero(pw, sizeof pw);
    pthread_mutex_lock(&a->mu);
    for (;;) {
        while (!a->stop && !a->todo_head)
            pthread_cond_wait(&a->cv, &a->mu);
        if (a->stop)
            break;
        skx_auth_job *j = take_fair(a);
        a->running_addr = j->addr_key;
        a->running_vtime = j->vtime;
        pthread_mutex_unlock(&a->mu);

        size_t n = strlen(j->password);
        if (j->kind == SKX_MSG_REGISTER) {
            j->ok = crypto_pwhash_str(j->acct.hash, j->password, n, SKX_PW_OPS, SKX_PW_MEM) == 0;
        } else {
            const char *h = j->acct.id ? j->acct.hash : a->dummy;
            j->ok = crypto_pwhash_str_verify(h, j->password, n) == 0 && j->acct.id != 0;
        }
        sodium_memzero(j->password, sizeof j->password);
        j->next = NULL;

        pthread_mutex_lock(&a->mu);
        a->running_addr = 0;
        if (a->done_tail)
            a->done_tail->next = j;
        else
            a->done_head = j;
        a->done_tail = j;
        if (a->tp)
            skx_transport_wake(a->tp);
    }
    pthread_mutex_unlock(&a->mu);
    return NULL;
}

int skx_accounts_start(skx_server *srv, sk_error *err)
{
    skx_auth *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err->msg, sizeof err->msg, "server: out of memory");
        return SK_ENOMEM;
    }
    pthread_mutex_init(&a->mu, NULL);
    pthread_cond_init(&a->cv, NULL);
    a->tp = srv->tp;
    a->loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    srv->auth = a;
    if (pthread_create(&a->thread, NULL, auth_main, a) != 0) {
        snprintf(err->msg, sizeof err->msg, "server: cannot start the password thread");
        return SK_EIO;
    }
    a->started = 1;
    return 0;
}

/* Frees a list of jobs, wiping their passwords and hashes. */
static void free_jobs(skx_auth_job *j)
{
    while (j) {
        skx_auth_job *next = j->next;
        sodium_memzero(j, sizeof *j);
        free(j);
        j = next;
    }
}

void skx_accounts_stop(skx_server *srv)
{
    skx_auth *a = srv->auth;
    if (!a)
        return;
    if (a->started) {
        pthread_mutex_lock(&a->mu);
        a->stop = 1;
        pthread_cond_broadcast(&a->cv);
        pthread_mutex_unlock(&a->mu);
        pthread_join(a->thread, NULL);
    }
    /* the connections close after this (lws_context_destroy): none may
     * point to a job freed here */
    for (skx_conn *conn = skx_transport_conns(srv->tp); conn; conn = skx_conn_next(conn)) {
        skx_client *c = skx_conn_user(conn);
        if (c) /* NULL: a connection refused by its address's share */
            c->auth_job = NULL;
    }
    free_jobs(a->todo_head);
    free_jobs(a->done_head);
    if (a->loc)
        freelocale(a->loc);
    pthread_cond_destroy(&a->cv);
    pthread_mutex_destroy(&a->mu);
    sodium_memzero(a, sizeof *a);
    free(a);
    srv->auth = NULL;
}

void skx_accounts_drop_conn(skx_client *c)
{
    if (c->auth_job)
        c->auth_job->client = NULL; /* the thread never reads it; the loop skips it */
    c->auth_job = NULL;
}

/* Encodes code point u as UTF-8 into out (room for 4); its length. */
static size_t utf8_put(unsigned u, char *out)
{
    if (u < 0x80) {
        out[0] = (char)u;
        return 1;
    }
    if (u < 0x800) {
        out[0] = (char)(0xc0 | u >> 6);
        out[1] = (char)(0x80 | (u & 0x3f));
        return 2;
    }
    if (u < 0x10000) {
        out[0] = (char)(0xe0 | u >> 12);
        out[1] = (char)(0x80 | (u >> 6 & 0x3f));
        out[2] = (char)(0x80 | (u & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | u >> 18);
    out[1] = (char)(0x80 | (u >> 12 & 0x3f));
    out[2] = (char)(0x80 | (u >> 6 & 0x3f));
    out[3] = (char)(0x80 | (u & 0x3f));
    return 4;
}

/* The key an account name is unique by: each character in lower case
 * (the C.UTF-8 locale's towlower, which knows every script's simple
 * case pairs; ASCII only if that locale is missing).  The name is valid
 * UTF-8 of at most SKX_NAME_MAX bytes (proto.c); a lower-case form may
 * be longer, hence the store's bigger cap.  No Unicode normalisation:
 * "é" as one code point and as "e" plus an accent are two keys. */
static void fold_name(const skx_auth *a, const char *name, char key[SK_STORE_NAME_MAX + 1])
{
    const unsigned char *s = (const unsigned char *)name;
    size_t out = 0;
    while (*s && out + 4 < SK_STORE_NAME_MAX) {
        unsigned u;
        size_t len;
        if (s[0] < 0x80) {
            u = s[0];
            len = 1;
        } else if (s[0] < 0xe0) {
            u = (s[0] & 0x1fu) << 6 | (s[1] & 0x3fu);
            len = 2;
        } else if (s[0] < 0xf0) {
            u = (s[0] & 0x0fu) << 12 | (s[1] & 0x3fu) << 6 | (s[2] & 0x3fu);
            len = 3;
        } else {
            u = (s[0] & 0x07u) << 18 | (s[1] & 0x3fu) << 12 | (s[2] & 0x3fu) << 6 |
                (s[3] & 0x3fu);
            len = 4;
        }
        if (a->loc)
            u = (unsigned)towlower_l((wint_t)u, a->loc);
        else if (u >= 'A' && u <= 'Z')
            u += 'a' - 'A';
        out += utf8_put(u, key + out);
        s += len;
    }
    key[out] = '\0';
}

/* Takes one attempt from a bucket that holds `burst` and gains one every
 * `every` seconds; false when it is empty. */
static bool bucket_take(double *tokens, int64_t *at_us, double burst, double every)
{
    int64_t now = skx_now_us();
    if (*at_us == 0)
        *tokens = burst;
    else
        *tokens += (double)(now - *at_us) / 1e6 / every;
    if (*tokens > burst)
        *tokens = burst;
    *at_us = now;
    if (*tokens < 1.0)
        return false;
    *tokens -= 1.0;
    return true;
}

/* Posts a job to the password thread: 0; 1 (nothing posted) when too
 * many wait; 2 when `per_addr` (> 0) of its address wait or hash. */
static int post(skx_auth *a, skx_auth_job *j, int per_addr)
{
    pthread_mutex_lock(&a->mu);
    int mine = a->running_addr == j->addr_key;
    uint64_t turn = a->vclock;
    if (mine && a->running_vtime > turn)
        turn = a->running_vtime;
    for (skx_auth_job *k = a->todo_head; k; k = k->next)
        if (k->addr_key == j->addr_key) {
            mine++;
            turn = k->vtime > turn ? k->vtime : turn;
        }
    j->vtime = turn + 1;
    int rc = per_addr > 0 && mine >= per_addr ? 2 : a->queued < SKX_AUTH_QUEUE_MAX ? 0 : 1;
    if (rc == 0) {
        j->next = NULL;
        if (a->todo_tail)
            a->todo_tail->next = j;
        else
            a->todo_head = j;
        a->todo_tail = j;
        a->queued++;
        pthread_cond_signal(&a->cv);
    }
    pthread_mutex_unlock(&a->mu);
    return rc;
}

/* Looks an account up by key: 1 found, 0 none, -1 a store failure
 * (the server stops). */
static int find_account(skx_server *srv, const char *key, sk_store_account *out)
{
    sk_error err = {{0}, NULL};
    int rc = sk_store_account_get(srv->store, key, out, &err);
    if (rc == 0)
        return 1;
    if (rc == SK_EINVAL) {
        memset(out, 0, sizeof *out);
        return 0;
    }
    skx_runtime_fail(srv->rt, &err);
    return -1;
}

/* register and login: the checks the loop can make at once, then the
 * password job. */
static void start_auth(skx_client *c, const skx_msg *m)
{
    skx_server *srv = c->srv;
    skx_auth *a = srv->auth;
    const char *tn = skx_msg_type_name(m->type);
    char msg[160];
    if (c->account) {
        snprintf(msg, sizeof msg, "%s: this connection is logged in: logout first", tn);
        skx_send_error(c->conn, m->ref, "state", msg, NULL);
        return;
    }
    if (c->auth_job) {
        snprintf(msg, sizeof msg, "%s: one at a time: wait for the answer to the last one", tn);
        skx_send_error(c->conn, m->ref, "rate", msg, NULL);
        return;
    }
    if (c->auth_refill_us == 0)
        c->auth_tokens = SKX_AUTH_CONN_BURST;
    if (!bucket_take(&c->auth_tokens, &c->auth_refill_us, SKX_AUTH_CONN_BURST,
                     SKX_AUTH_CONN_EVERY_S)) {
        snprintf(msg, sizeof msg, "%s: too many attempts: wait a minute", tn);
        skx_send_error(c->conn, m->ref, "rate", msg, NULL);
        return;
    }
    skx_auth_job *j = calloc(1, sizeof *j);
    if (!j) {
        skx_send_error(c->conn, m->ref, "internal", "out of memory", NULL);
        return;
    }
    j->kind = m->type;
    j->client = c;
    snprintf(j->ref, sizeof j->ref, "%s", m->ref);
    fold_name(a, m->name, j->acct.key);
    snprintf(j->addr, sizeof j->addr, "%s", c->addr);
    j->addr_key = c->addr_key;
    if (m->type == SKX_MSG_LOGIN && !skx_shares_may_login(c, j->acct.key, m->ref)) {
        free(j);
        return;
    }
    sk_store_account found;
    int have = find_account(srv, j->acct.key, &found);
    if (have < 0) {
        free(j);
        return;
    }
    if (m->type == SKX_MSG_REGISTER) {
        if (have) {
            free(j);
            skx_send_error(c->conn, m->ref, "taken", "register: that name is taken", NULL);
            return;
        }
        snprintf(j->acct.name, sizeof j->acct.name, "%s", m->name);
    } else if (have) {
        j->acct = found;
    }
    snprintf(j->password, sizeof j->password, "%s", m->password);
    int posted = post(a, j, srv->cfg.auth_per_addr);
    if (posted != 0) {
        free_jobs(j);
        if (posted == 2)
            skx_shares_refuse(c, m->ref, "limit_auth_addr", srv->cfg.auth_per_addr);
        else
            skx_send_error(c->conn, m->ref, "rate",
                           "the server is busy with other logins: try again", NULL);
        return;
    }
    c->auth_job = j;
}

/* A hashed password for a new account: the account, bound to the
 * connection's player. */
static void finish_register(skx_client *c, skx_auth_job *j)
{
    skx_server *srv = c->srv;
    if (!j->ok) {
        skx_send_error(c->conn, j->ref, "internal", "register: the password could not be hashed",
                       NULL);
        return;
    }
    if (c->account) {
        skx_send_error(c->conn, j->ref, "state", "register: this connection is logged in", NULL);
        return;
    }
    j->acct.player = c->watch.player;
    j->acct.created = (int64_t)time(NULL);
    sk_error err = {{0}, NULL};
    uint64_t id = 0;
    if (skx_store_txn(srv->rt) < 0)
        return;
    int rc = sk_store_account_add(srv->store, &j->acct, &id, &err);
    if (rc == SK_EINVAL) { /* registered meanwhile by another connection */
        skx_send_error(c->conn, j->ref, "taken", "register: that name is taken", NULL);
        return;
    }
    if (rc < 0) {
        skx_runtime_fail(srv->rt, &err);
        return;
    }
    skx_ident_bind(c, NULL, c->watch.player, j->acct.name, id, j->acct.name, true, j->ref);
}

/* A checked password: the connection becomes the account's player and
 * follows its seats. */
static void finish_login(skx_client *c, skx_auth_job *j)
{
    if (!j->ok) {
        skx_send_error(c->conn, j->ref, "bad_login", "login: wrong name or password", NULL);
        return;
    }
    if (c->account) {
        skx_send_error(c->conn, j->ref, "state", "login: this connection is logged in", NULL);
        return;
    }
    if (c->watch.player != j->acct.player && skx_rooms_seated(c->srv->rt, c->watch.player)) {
        skx_send_error(c->conn, j->ref, "refused",
                       "login: you sit at a table as a guest: leave it first", NULL);
        return;
    }
    if (skx_ident_bind(c, NULL, j->acct.player, j->acct.name, j->acct.id, j->acct.name, true,
                       j->ref))
        skx_rooms_resume(c->srv->rt, &c->watch);
}

void skx_accounts_advance(skx_server *srv)
{
    skx_auth *a = srv->auth;
    if (!a)
        return;
    pthread_mutex_lock(&a->mu);
    skx_auth_job *j = a->done_head;
    a->done_head = a->done_tail = NULL;
    pthread_mutex_unlock(&a->mu);
    while (j) {
        skx_auth_job *next = j->next;
        pthread_mutex_lock(&a->mu);
        a->queued--;
        pthread_mutex_unlock(&a->mu);
        if (j->kind == SKX_MSG_LOGIN) /* counted even when the connection is gone */
            skx_shares_login_result(srv->shares, j->addr, j->addr_key, j->acct.key, j->ok);
        skx_client *c = j->client;
        if (c) {
            c->auth_job = NULL;
            if (!skx_conn_closing(c->conn) && !srv->rt->failed) {
                if (j->kind == SKX_MSG_REGISTER)
                    finish_register(c, j);
                else
                    finish_login(c, j);
            }
        }
        j->next = NULL;
        free_jobs(j);
        j = next;
    }
}

/* logout: the token is forgotten, the connection becomes a fresh guest
 * and sees the rooms it follows as such. */
static void logout(skx_client *c, const skx_msg *m)
{
    if (!c->account) {
        skx_send_error(c->conn, m->ref, "state", "logout: this connection is not logged in", NULL);
        return;
    }
    char name[SKX_NAME_MAX + 1];
    skx_ident_guest_name(name, sizeof name);
    if (skx_ident_bind(c, NULL, skx_ident_new_player(), name, 0, NULL, false, m->ref))
        skx_rooms_restate(&c->watch);
}

void skx_accounts_handle(skx_client *c, const skx_msg *m)
{
    if (!c->hello) {
        skx_send_error(c->conn, m->ref, "no_hello", "say hello first: {\"type\":\"hello\"}", NULL);
        return;
    }
    switch (m->type) {
    case SKX_MSG_REGISTER:
    case SKX_MSG_LOGIN:
        start_auth(c, m);
        return;
    case SKX_MSG_LOGOUT:
        logout(c, m);
        return;
    case SKX_MSG_HISTORY:
        skx_history_handle(c, m);
        return;
    default:
        skx_send_error(c->conn, m->ref, "bad_message", "this message type is not handled here",
                       NULL);
        return;
    }
}
