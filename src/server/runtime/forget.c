/*
 * forget.c -- what nobody uses any more is forgotten (docs/server.md
 * "Forgetting"): idle rooms leave the lobby, then the server's memory.
 *
 * A room is *in use* while a connection that said hello follows it --
 * a seated player's or a spectator's.  It is *idle* from the moment the
 * last one left; bots playing on (a game finished by the fallback bots,
 * a table of bots alone) do not make it used.  Idle for --idle-unlist
 * seconds, a listed room leaves the lobby (it is still joined by its
 * code, and shown again when someone follows it); idle for
 * --idle-archive seconds it is archived: closed in the store (not
 * restored at start), and taken out of memory.  Its journal, chat and
 * finished games stay in the store: the downloads and every player's
 * history find them by the room's code.
 *
 * The time of the last use is the store's too (`used`), so a restart
 * does not make old rooms young: at start the rooms idle too long are
 * archived with one statement before any is read, and the rest come
 * back with their idle time.  While a room is in use its `used` is
 * written every SKX_USED_EVERY seconds (a crash loses at most that
 * much of it), and once when it becomes idle.
 */
#include "server/runtime/runtime.h"

#include <inttypes.h>
#include <time.h>

void skx_room_used_now(skx_runtime *rt, skx_room *rm)
{
    rm->used = (int64_t)time(NULL);
    if (rm->hidden && rm->nsubs > 0) {
        rm->hidden = 0;
        if (rm->listed)
            skx_lobby_dirty(rt);
    }
}

/* Whether nothing of the room is out: no job of its at a worker, no
 * event or chat line unsent, not on the pass's list, and no game that
 * its bots are still finishing (a paused or idle one waits for
 * nobody). */
static bool quiet(const skx_room *rm)
{
    uint64_t seq = sk_room_seq(rm->room);
    if (rm->nsubs > 0 || rm->job_seat >= 0 || rm->hinting || rm->claiming || rm->rating ||
        rm->touched || rm->waiting || rm->chat_head || rm->stored != seq || rm->sent != seq)
        return false;
    return sk_room_pending(rm->room, NULL, NULL) < 0 || sk_room_paused(rm->room) ||
           skx_room_idle(rm); /* waits for a person who is not there */
}

/* Writes the room's `used` into the pass's transaction; false after a
 * store failure (the server stops). */
static bool store_used(skx_runtime *rt, skx_room *rm)
{
    sk_error err = {{0}, NULL};
    if (skx_store_txn(rt) < 0)
        return false;
    if (sk_store_room_used(rt->store, rm->id, rm->used, &err) < 0) {
        skx_runtime_fail(rt, &err);
        return false;
    }
    rm->used_stored = rm->used;
    return true;
}

void skx_rooms_forget(skx_runtime *rt)
{
    const sk_server_config *cfg = rt->cfg;
    int64_t now = (int64_t)time(NULL);
    int archived = 0;
    /* backwards: an archived room's place goes to the last one, which
     * was looked at already */
    for (size_t i = rt->nrooms; i-- > 0 && !rt->failed;) {
        skx_room *rm = rt->rooms[i];
        if (rm->nsubs > 0) {
            rm->used = now;
            if (now - rm->used_stored >= SKX_USED_EVERY)
                store_used(rt, rm);
            continue;
        }
        int64_t idle = now - rm->used;
        if (rm->used_stored < rm->used && !store_used(rt, rm))
            break;
        if (rm->listed && !rm->hidden && cfg->idle_unlist > 0 && idle >= cfg->idle_unlist) {
            rm->hidden = 1;
            skx_lobby_dirty(rt);
        }
        if (cfg->idle_archive <= 0 || idle < cfg->idle_archive || archived >= SKX_ARCHIVE_BATCH ||
            !quiet(rm))
            continue;
        sk_error err = {{0}, NULL};
        if (skx_store_txn(rt) < 0)
            break;
        if (sk_store_room_close(rt->store, rm->id, &err) < 0) {
            skx_runtime_fail(rt, &err);
            break;
        }
        skx_lobby_unpublish(rt, rm); /* out of every process's lobby */
        if (!cfg->quiet)
            skx_log(SKX_LOG_USER, "server: room %s archived after %" PRId64 " s idle\n", rm->code,
                    idle);
        skx_room_remove(rt, rm);
        rt->archived++;
        archived++;
    }
}

int skx_rooms_forget_at_start(skx_runtime *rt, sk_error *err)
{
    if (rt->cfg->idle_archive <= 0)
        return 0;
    uint64_t n = 0;
    int rc = sk_store_rooms_archive(rt->store, (int64_t)time(NULL) - rt->cfg->idle_archive, &n,
                                   err);
    if (rc == 0 && n > 0 && !rt->cfg->quiet)
        skx_log(SKX_LOG_USER, "server: %" PRIu64 " rooms idle too long archived at start\n", n);
    return rc;
}
