/*
 * lease.c -- the rooms of a shared store (PostgreSQL: docs/server.md
 * "Cluster"): several processes, each room run by one of them at a
 * time, the holder of its lease (store.h, "Leases").
 *
 * - A room is taken on demand: a message names a code this process does
 *   not run (skx_room_find), and the store has it open; the lease is
 *   claimed -- free, expired, or this process's own from before -- and
 *   the journal replayed, so the game goes on at the exact event where
 *   its last owner's last commit left it.  Nothing is restored at start.
 * - Every few seconds (a third of the lease's time) the pass renews all
 *   of this process's leases in one statement; a room whose lease is
 *   gone (expired while the process stood still: paused, cut off) is
 *   lost, even if nobody took it yet.  A room nobody follows, with
 *   nothing under way, is given up then (its lease released, the room
 *   dropped from memory): the process nginx sends the room's next
 *   connection to -- by the room's code -- takes it at once.  So a room
 *   created through a connection that nginx sent elsewhere (the lobby's)
 *   moves to its own process when its players connect by its code.
 * - A room is wanted elsewhere when another process refused a claim of
 *   it (a connection for it came there: nginx's hash now names that
 *   process -- a process restarted, added, or the hash's first choice
 *   back after a failure -- or nginx sent one connection on past a
 *   process it thought down).  Its holder gives it up at the renewal
 *   even when followed (as soon as no job of it is out) and tells its
 *   followers to connect again: through nginx they meet where the new
 *   connections went, and the room follows them.  Without this, a table
 *   whose connections nginx split between two processes waits forever:
 *   the holder keeps the room while anyone follows it there, the other
 *   answers not_found.
 * - An append into a room whose lease is not held is refused by the
 *   store (the fence): the room is lost too.
 * - A lost room is dropped after the pass's commit, before anything of
 *   its unstored events is sent: its followers' connections are closed
 *   so that they connect again, through nginx, to the room's new owner,
 *   which replays the journal -- the events that were refused here never
 *   happened.
 *
 * On SQLite (one process) none of this runs: rt->leases is NULL.
 */
#include "server/runtime/runtime.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The leases' state: when the next renewal is due, the rooms lost and
 * not yet dropped (by store id: a room may go before), the rooms the
 * last renewal named. */
typedef struct skx_leases skx_leases;
struct skx_leases {
    int ttl_ms;
    int64_t next_renew_us;
    uint64_t *lost;
    size_t nlost, caplost;
    uint64_t *kept;
    size_t nkept, capkept;
    uint64_t *wanted;            /* rooms kept that another process wants */
    size_t nwanted, capwanted;
    uint64_t handed;             /* rooms given up because wanted (for the log) */
    int elsewhere;               /* the last fetch found the room held by another process */
    uint64_t dropped;            /* rooms dropped since start (for the log) */
};

/* See runtime.h: only on a shared store. */
int skx_leases_setup(skx_runtime *rt, sk_error *err)
{
    if (!sk_store_shared(rt->store))
        return 0;
    int secs = rt->cfg->lease_seconds > 0 ? rt->cfg->lease_seconds : 12;
    if (sk_store_lease_ttl(rt->store, secs * 1000, err) < 0)
        return SK_EINVAL;
    rt->leases = calloc(1, sizeof *rt->leases);
    if (!rt->leases) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return SK_ENOMEM;
    }
    rt->leases->ttl_ms = secs * 1000;
    rt->leases->next_renew_us = skx_now_us() + (int64_t)secs * 1000 * 1000 / 3;
    if (!rt->cfg->quiet)
        skx_log(SKX_LOG_USER, "server: shared store: rooms by lease (%d s), owner %s\n", secs,
                sk_store_owner(rt->store));
    return 0;
}

void skx_leases_free(skx_runtime *rt)
{
    if (!rt->leases)
        return;
    free(rt->leases->lost);
    free(rt->leases->kept);
    free(rt->leases->wanted);
    free(rt->leases);
    rt->leases = NULL;
}

/* Appends an id to a growing list; false when out of memory. */
static bool push(uint64_t **v, size_t *n, size_t *cap, uint64_t id)
{
    if (*n == *cap) {
        size_t c = *cap ? 2 * *cap : 16;
        uint64_t *nv = realloc(*v, c * sizeof *nv);
        if (!nv)
            return false;
        *v = nv;
        *cap = c;
    }
    (*v)[(*n)++] = id;
    return true;
}

/* See runtime.h. */
void skx_lease_lost(skx_runtime *rt, skx_room *rm)
{
    skx_leases *ls = rt->leases;
    if (!ls) /* cannot be: SQLite fences nothing */
        return;
    for (size_t i = 0; i < ls->nlost; i++)
        if (ls->lost[i] == rm->id)
            return;
    if (!push(&ls->lost, &ls->nlost, &ls->caplost, rm->id)) {
        sk_error err = {{0}, NULL};
        snprintf(err.msg, sizeof err.msg, "room %s lost its lease, and no memory to drop it",
                 rm->code);
        skx_runtime_fail(rt, &err);
    }
}

/* Whether nobody follows the room and nothing of it is under way: no
 * job out, every event stored and sent, no clock of an absent player
 * running (then its lease is given up at the renewal). */
static bool unfollowed(const skx_room *rm)
{
    uint64_t seq = sk_room_seq(rm->room);
    return rm->nsubs == 0 && rm->job_seat < 0 && !rm->hinting && !rm->claiming &&
           !rm->rating && !rm->touched && !rm->waiting && !rm->chat_head && rm->stored == seq &&
           rm->sent == seq;
}

/* Whether nothing of the room is out at a worker (a room given up
 * while wanted elsewhere must not be freed under a job). */
static bool no_job(const skx_room *rm)
{
    return rm->job_seat < 0 && !rm->hinting && !rm->claiming && !rm->rating;
}

/* The renewal's walk: notes each room it kept, and those wanted. */
static int on_kept(void *ctx, uint64_t room, int wanted)
{
    skx_leases *ls = ctx;
    if (wanted && !push(&ls->wanted, &ls->nwanted, &ls->capwanted, room))
        return SK_ENOMEM;
    return push(&ls->kept, &ls->nkept, &ls->capkept, room) ? 0 : SK_ENOMEM;
}

/* Orders room ids, the smaller first. */
static int cmp_id(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorts a list of room ids (qsort never sees the null array of an
 * empty one: undefined even for no element). */
static void sort_ids(uint64_t *ids, size_t n)
{
    if (n)
        qsort(ids, n, sizeof *ids, cmp_id);
}

/* Whether a sorted list of room ids holds `id`. */
static bool has_id(const uint64_t *ids, size_t n, uint64_t id)
{
    return n && bsearch(&id, ids, n, sizeof id, cmp_id);
}

/* See runtime.h: every ttl/3; a room this process runs that the
 * renewal did not name is lost. */
void skx_leases_renew(skx_runtime *rt)
{
    skx_leases *ls = rt->leases;
    int64_t now = skx_now_us();
    if (rt->failed || now < ls->next_renew_us)
        return;
    ls->next_renew_us = now + (int64_t)ls->ttl_ms * 1000 / 3;
    if (skx_store_txn(rt) < 0)
        return;
    ls->nkept = ls->nwanted = 0;
    sk_error err = {{0}, NULL};
    int rc = sk_store_lease_renew(rt->store, on_kept, ls, &err);
    if (rc < 0) {
        skx_runtime_fail(rt, &err);
        return;
    }
    sort_ids(ls->kept, ls->nkept);
    sort_ids(ls->wanted, ls->nwanted);
    for (size_t i = 0; i < rt->nrooms && !rt->failed; i++) {
        skx_room *rm = rt->rooms[i];
        uint64_t id = rm->id;
        bool wanted = has_id(ls->wanted, ls->nwanted, id);
        if (!has_id(ls->kept, ls->nkept, id)) {
            skx_lease_lost(rt, rm);
        } else if (unfollowed(rm) || (wanted && no_job(rm))) {
            if (wanted && !unfollowed(rm)) {
                ls->handed++;
                if (!rt->cfg->quiet)
                    skx_log(SKX_LOG_USER, "server: room %s is wanted by another process (a "
                            "connection for it came there): given up at event %" PRIu64 "\n",
                            rm->code, sk_room_seq(rm->room));
            }
            /* nobody here: let it go, so that the process nginx sends
             * its next connection to takes it at once */
            if (sk_store_lease_release(rt->store, id, &err) < 0)
                skx_runtime_fail(rt, &err);
            else
                skx_lease_lost(rt, rm);
        }
    }
}

/* See runtime.h. */
void skx_leases_drop(skx_runtime *rt)
{
    skx_leases *ls = rt->leases;
    for (size_t i = 0; i < ls->nlost; i++) {
        skx_room *rm = skx_room_by_id(rt, ls->lost[i]);
        if (!rm)
            continue;
        int followers = rm->nsubs;
        while (rm->nsubs > 0) {
            skx_watcher *w = rm->subs[0];
            /* told to connect again: nginx sends it to the room's owner */
            skx_conn_close(w->conn, "room moved to another server: connect again");
            skx_room_unfollow(rt, w, rm);
        }
        if (!rt->cfg->quiet && followers + (int)(rm->stored != sk_room_seq(rm->room)))
            skx_log(SKX_LOG_USER, "server: room %s: its lease is lost (another process's now, "
                    "or expired): dropped at event %" PRIu64 " stored, %" PRIu64 " refused, %d "
                    "followers told to reconnect\n", rm->code, rm->stored,
                    sk_room_seq(rm->room) - rm->stored, followers);
        skx_room_remove(rt, rm);
        ls->dropped++;
    }
    ls->nlost = 0;
}

/* The by-code walk's context: the runtime and the room restored. */
typedef struct fetch_ctx {
    skx_runtime *rt;
    int restored;
} fetch_ctx;

/* Claims the lease of the code's room and replays it. */
static int on_fetch(void *ctx, const sk_store_room *row)
{
    fetch_ctx *fc = ctx;
    skx_runtime *rt = fc->rt;
    if (row->closed || skx_room_by_id(rt, row->id))
        return 0;
    sk_error err = {{0}, NULL};
    int rc = sk_store_lease_claim(rt->store, row->id, &err);
    if (rc < 0) {
        skx_runtime_fail(rt, &err);
        return 0;
    }
    if (rc == 0) { /* another process runs it: asked to give it up (the claim) */
        rt->leases->elsewhere = 1;
        return 0;
    }
    if (skx_room_restore_row(rt, row) < 0)
        return 0;
    fc->restored = 1;
    if (!rt->cfg->quiet) {
        skx_room *rm = skx_room_by_id(rt, row->id);
        skx_log(SKX_LOG_USER, "server: room %s taken over at event %" PRIu64 "\n", row->invite,
                rm ? sk_room_seq(rm->room) : 0);
    }
    return 0;
}

/* Whether a text has the shape of an invitation code (no store query
 * for anything else). */
static bool code_shaped(const char *code)
{
    size_t n = strnlen(code, SKX_CODE_LEN + 1);
    return n == SKX_CODE_LEN && strspn(code, skx_code_alphabet()) == n;
}

/* See runtime.h.  The claim and the journal's read are in the pass's
 * transaction when one is open (its commit then makes the claim
 * known), else each commits on its own. */
skx_room *skx_lease_fetch(skx_runtime *rt, const char *code)
{
    if (!rt->leases || rt->failed || !code || !code_shaped(code))
        return NULL;
    fetch_ctx fc = {rt, 0};
    sk_error err = {{0}, NULL};
    rt->leases->elsewhere = 0;
    int rc = sk_store_room_by_invite(rt->store, code, on_fetch, &fc, &err);
    if (rc < 0 && rc != SK_EINVAL) /* EINVAL: no such room */
        skx_runtime_fail(rt, &err);
    return fc.restored ? skx_roomidx_code(rt, code) : NULL;
}

/* See runtime.h. */
bool skx_lease_elsewhere(const skx_runtime *rt)
{
    return rt->leases && rt->leases->elsewhere;
}
