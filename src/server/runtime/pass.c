/*
 * pass.c -- what the loop does for the rooms at the end of each pass,
 * and restoring them at start.
 *
 * Before the store commits (skx_rooms_advance): the bots' answers are
 * applied if their room still stands where the bot looked at it, games
 * are dealt where every seat is taken, and the journal entries of it all
 * are appended.  After the commit (skx_rooms_broadcast): each follower
 * is sent the new events as its seat (or a spectator) may see them, the
 * chat lines, the away marks (presence.c), and whoever must decide is
 * asked: a human's connections get a "turn" prompt, a bot seat -- or a
 * human away for longer than --away seconds -- gets a job on a worker
 * thread.  A table where no seated person is connected waits (idle).
 */
#include "server/runtime/runtime.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Applies one finished bot job; gives its bot back to the seat. */
static void apply_job(skx_runtime *rt, skx_job *j)
{
    skx_room *rm = skx_room_by_id(rt, j->room);
    skx_engine_detach(rt, rm, j); /* an engine's seat back (or ended) */
    if (!rm) {
        sk_bot_free(j->bot);
        return;
    }
    if (rm->job_seat == j->seat)
        rm->job_seat = -1;
    rm->recheck = 1;
    skx_room_touch(rt, rm);
    if (sk_room_seq(rm->room) == j->seq) {
        sk_error err = {{0}, NULL};
        sk_action a = j->act;
        a.seat = (uint8_t)j->seat;
        /* A bot sees every legal action of its view, while the room asks
         * one thing at a time: a doubling on offer (3.3) -- to the seat
         * to move too, before its card -- or else the seat's card or bid.
         * Offered a doubling, a bot to move that declines answers with
         * its card: that is the decline, not the first choice on offer
         * (the doubling), which made every bot to move in the first
         * trick double. */
        if (sk_room_pending(rm->room, NULL, NULL) == j->seat)
            a = sk_room_answer(rm->room, a);
        int rc = j->stand_in ? sk_room_stand_in(rm->room, j->seat, a, j->seq, &err)
                             : sk_room_decide(rm->room, j->seat, a, j->seq, &err);
        if (rc < 0 && !rt->cfg->quiet)
            skx_log(SKX_LOG_WARN, "server: room %s: a bot's decision was refused: %s\n", rm->code,
                    err.msg);
        else
            skx_room_persist(rt, rm);
    }
    if (!rm->bots[j->seat] && strcmp(rm->botspec[j->seat], j->spec) == 0)
        rm->bots[j->seat] = j->bot;
    else
        sk_bot_free(j->bot);
}

/* Whether every seat of the room is taken. */
static bool seats_full(const skx_room *rm)
{
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        if (st && st->kind == SK_ROOM_EMPTY) /* NULL: a seat the ruleset does not play */
            return false;
    }
    return true;
}

/* Whether a connection of `player` follows the room. */
static bool present(const skx_room *rm, uint64_t player)
{
    for (int i = 0; i < rm->nsubs; i++)
        if (rm->subs[i]->player == player && !skx_conn_closing(rm->subs[i]->conn))
            return true;
    return false;
}

/* The seats of the room whose players are connected now. */
uint8_t skx_room_present(const skx_room *rm)
{
    uint8_t mask = 0;
    for (int s = 0; s < SK_ROOM_SEATS; s++) {
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        if (st && st->kind == SK_ROOM_HUMAN && present(rm, st->player))
            mask |= (uint8_t)(1u << s);
    }
    return mask;
}

void skx_room_touch(skx_runtime *rt, skx_room *rm)
{
    if (rm->touched)
        return;
    if (rt->ntouched == rt->captouched) {
        size_t cap = rt->captouched ? 2 * rt->captouched : 64;
        skx_room **t = realloc(rt->touched, cap * sizeof *t);
        if (!t) {
            rt->sweep = 1; /* out of memory: the pass looks at every room */
            return;
        }
        rt->touched = t;
        rt->captouched = cap;
    }
    rt->touched[rt->ntouched++] = rm;
    rm->touched = 1;
}

/* The i-th room the pass looks at, or NULL past the last: every room on
 * a sweep, else those touched (the list may grow while it is walked). */
static skx_room *pass_room(skx_runtime *rt, size_t i)
{
    if (rt->sweep)
        return i < rt->nrooms ? rt->rooms[i] : NULL;
    return i < rt->ntouched ? rt->touched[i] : NULL;
}

void skx_rooms_advance(skx_runtime *rt)
{
    for (skx_job *j = skx_pool_take(&rt->pool), *next; j; j = next) {
        next = j->next;
        if (j->done) /* a hint, a claim, a rating: the handlers' answer */
            j->done(rt, j);
        else if (j->kind == SKX_JOB_ACT)
            apply_job(rt, j);
        free(j);
    }
    skx_room *rm;
    for (size_t i = 0; (rm = pass_room(rt, i)) && !rt->failed; i++) {
        sk_action legal[SK_MAX_LEGAL];
        int n = 0;
        skx_offers_step(rt, rm); /* kept answers, passes, a held card: due now? */
        /* Only a room where something happened since the last look. */
        if (rm->checked == sk_room_seq(rm->room) && !rm->recheck && !rm->waiting)
            continue;
        for (int s = 0; s < SK_ROOM_SEATS; s++) { /* an engine whose bot left: ended */
            const sk_room_seat *st = sk_room_seat_at(rm->room, s);
            if (rm->engines[s] && (!st || st->kind != SK_ROOM_BOT ||
                                   strcmp(st->bot, rm->engines[s]->name) != 0)) {
                skx_engine_retire(rt, rm->engines[s]);
                rm->engines[s] = NULL;
            }
        }
        /* no deal: a game or a decision pending, the last settlement
         * still shown (presence.c), a seat free, the table paused, nobody
         * there */
        if (rm->job_seat >= 0 || sk_room_game(rm->room) ||
            sk_room_pending(rm->room, legal, &n) >= 0 || skx_settle_holds(rt, rm) ||
            !seats_full(rm) || sk_room_paused(rm->room) || !skx_room_may_deal(rm))
            continue;
        uint8_t seed[SK_ROOM_SEED_BYTES];
        randombytes_buf(seed, sizeof seed);
        sk_error err = {{0}, NULL};
        if (sk_room_deal(rm->room, seed, &err) == 0) {
            skx_room_persist(rt, rm);
            skx_offers_step(rt, rm); /* the laying round's hold starts with the deal */
        }
        sodium_memzero(seed, sizeof seed);
    }
}

/* Posts a decision of `seat` to a worker: the seat's bot (made from
 * `spec` if it has none of that spec) and a copy of its view; for an
 * engine ("ext:NAME") the seat's engine, with the room's fallback bot
 * for when it fails.  On a person's seat (not away: the fallback bot in
 * his place) the decision is a stand-in's (sk_room_stand_in).  For a
 * person, present, absent or gone, the bot passes where it may rather
 * than bid, lay or double with his money (sk_room_stand_in_passes). */
static void post_job(skx_runtime *rt, skx_room *rm, int seat, const char *engine_spec)
{
    const sk_room_seat *st = sk_room_seat_at(rm->room, seat);
    bool engine = strncmp(engine_spec, "ext:", 4) == 0;
    const char *spec = engine ? rm->fallback : engine_spec;
    sk_bot *bot = rm->bots[seat];
    if (bot && strcmp(rm->botspec[seat], spec) != 0) {
        sk_bot_free(bot);
        bot = NULL;
    }
    if (!bot) {
        uint64_t seed;
        randombytes_buf(&seed, sizeof seed);
        sk_error err = {{0}, NULL};
        bot = sk_bot_new(spec, seed, &err);
        if (!bot)
            bot = sk_bot_new("heuristic", seed, &err);
        if (!bot)
            return;
        snprintf(rm->botspec[seat], sizeof rm->botspec[seat], "%s", spec);
    }
    rm->bots[seat] = NULL;
    skx_job *j = calloc(1, sizeof *j);
    if (!j || sk_room_view(rm->room, seat, &j->view) < 0) {
        free(j);
        rm->bots[seat] = bot;
        return;
    }
    j->room = rm->id;
    j->seat = seat;
    j->seq = sk_room_seq(rm->room);
    j->bot = bot;
    sk_bot_set_rules_seats(bot, sk_room_rules_seats(rm->room, seat)); /* the table's model */
    snprintf(j->spec, sizeof j->spec, "%s", spec);
    j->stand_in = st && st->kind == SK_ROOM_HUMAN && !st->away;
    j->offered = sk_room_offer(rm->room) >= 0;
    /* a person's money: his stand-in or, after he left during the game,
     * the bot that finishes it never bids, lays or doubles with it */
    j->passes = st && st->kind == SK_ROOM_HUMAN && sk_room_stand_in_passes(rm->room);
    j->rules = *sk_room_rules(rm->room);
    j->view.rules = &j->rules;
    if (engine)
        skx_engine_attach(rt, rm, seat, engine_spec, j); /* else: not offered, the bot plays */
    j->lane = skx_room_lane(rm);
    j->heavy = skx_bot_heavy(engine ? engine_spec : spec);
    rm->job_seat = seat;
    skx_pool_post(&rt->pool, j);
}

/* The protocol's envelope of one event as `seat` (or SK_ROOM_SPECTATOR)
 * may see it: malloc'd, its length in *len; NULL when the room has no
 * such message or memory ran out. */
static char *event_text(const skx_room *rm, uint64_t ev, int seat, size_t *len)
{
    char *text = sk_room_message(rm->room, ev, seat);
    if (!text)
        return NULL;
    char head[96];
    int hn = snprintf(head, sizeof head,
                      "{\"type\":\"event\",\"room\":\"%s\",\"seq\":%" PRIu64 ",\"event\":",
                      rm->code, ev);
    size_t tn = strlen(text);
    char *msg = malloc((size_t)hn + tn + 2);
    if (msg) {
        memcpy(msg, head, (size_t)hn);
        memcpy(msg + hn, text, tn);
        msg[hn + tn] = '}';
        msg[hn + tn + 1] = '\0';
        *len = (size_t)hn + tn + 1;
    }
    free(text);
    return msg;
}

/* Sends the room's new events to its followers, each as its seat sees
 * it: one text per event and seat (all spectators share one), made when
 * the first follower who needs it comes up. */
static void send_events(skx_room *rm)
{
    uint64_t seq = sk_room_seq(rm->room);
    for (uint64_t ev = rm->sent + 1; ev <= seq; ev++) {
        char *text[SK_ROOM_SEATS + 1] = {NULL};
        size_t len[SK_ROOM_SEATS + 1] = {0};
        bool made[SK_ROOM_SEATS + 1] = {false};
        for (int i = 0; i < rm->nsubs; i++) {
            skx_watcher *w = rm->subs[i];
            skx_sub *sub = skx_room_sub(w, rm);
            if (!sub || sub->sent >= ev)
                continue;
            int seat = skx_room_seat_of(rm, w->player);
            int k = seat < 0 ? SK_ROOM_SEATS : seat;
            if (!made[k]) {
                text[k] = event_text(rm, ev, seat < 0 ? SK_ROOM_SPECTATOR : seat, &len[k]);
                made[k] = true;
            }
            sub->sent = ev;
            if (text[k])
                skx_send(w->conn, text[k], len[k]);
        }
        for (int k = 0; k <= SK_ROOM_SEATS; k++)
            free(text[k]);
    }
    rm->sent = seq;
}

/* Asks whoever must decide in the room now, once per event number.  A
 * human's turn has the timer's deadline when one runs: when it has run
 * out the room's fallback bot makes that one decision (the player keeps
 * the seat).  While the table is paused -- by vote, or idle with no
 * person connected (presence.c) -- no bot and no fallback decides; an
 * absent person's stand-in decides from --away seconds after his away
 * mark. */
static void ask(skx_runtime *rt, skx_room *rm)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = 0;
    rm->waiting = 0;
    int seat = sk_room_pending(rm->room, legal, &n);
    if (seat < 0 || rm->job_seat >= 0)
        return;
    const sk_room_seat *st = sk_room_seat_at(rm->room, seat);
    uint64_t seq = sk_room_seq(rm->room);
    bool paused = sk_room_paused(rm->room);
    if (skx_room_idle(rm)) /* no person connected: nobody decides (presence.c) */
        return;
    if (st && st->kind == SK_ROOM_HUMAN && !st->away) {
        int64_t now_ms = skx_epoch_ms();
        int64_t deadline = sk_room_clock(rm->room, now_ms); /* 0: none runs */
        if (deadline > 0 && now_ms >= deadline) {
            post_job(rt, rm, seat, rm->fallback);
            return;
        }
        rm->waiting = deadline > 0;
        if (present(rm, st->player)) {
            if (rm->prompted == seq)
                return;
            rm->prompted = seq;
            for (int i = 0; i < rm->nsubs; i++)
                if (rm->subs[i]->player == st->player)
                    skx_room_send_turn(rm->subs[i]->conn, rm, seat, legal, n);
            return;
        }
        if (paused)
            return;
        if (now_ms < skx_presence_stand_in_at(rm, seat)) { /* away since his mark */
            rm->waiting = 1;
            return;
        }
        post_job(rt, rm, seat, rm->fallback);
        return;
    }
    if (paused)
        return;
    /* A bot seat plays its bot; a seat left during a game (away) the
     * room's fallback bot. */
    post_job(rt, rm, seat,
             st && st->kind == SK_ROOM_BOT && !st->away && st->bot[0] ? st->bot : rm->fallback);
}

void skx_rooms_broadcast(skx_runtime *rt)
{
    skx_room *rm;
    for (size_t i = 0; (rm = pass_room(rt, i)); i++) {
        if (rm->sent < sk_room_seq(rm->room))
            send_events(rm);
        skx_presence_update(rm); /* who went or came back: told in this pass */
        skx_offers_send(rm);
        while (rm->chat_head) {
            skx_chat *ch = rm->chat_head;
            rm->chat_head = ch->next;
            for (int k = 0; k < rm->nsubs; k++)
                skx_send(rm->subs[k]->conn, ch->json, strlen(ch->json));
            free(ch->json);
            free(ch);
        }
        rm->chat_tail = NULL;
        uint64_t seq = sk_room_seq(rm->room);
        if (seq != rm->checked)
            skx_lobby_check(rt, rm); /* its seats or games may show otherwise now */
        if (seq != rm->checked || rm->recheck || rm->waiting)
            ask(rt, rm);
        if (skx_presence_pending(rm)) /* the settlement wait's end is the advance's */
            rm->waiting = 1;
        rm->checked = seq;
        rm->recheck = 0;
    }
    /* The next pass looks again only where an absent player's clock
     * runs (ask set `waiting`); anything else touches its room anew. */
    skx_room **seen = rt->sweep ? rt->rooms : rt->touched;
    size_t n = rt->sweep ? rt->nrooms : rt->ntouched;
    for (size_t i = 0; i < n; i++)
        seen[i]->touched = 0;
    rt->ntouched = 0;
    rt->sweep = 0;
    for (size_t i = 0; i < n; i++) /* in place: the list only shrinks */
        if (seen[i]->waiting || seen[i]->offers_wait)
            skx_room_touch(rt, seen[i]);
}

/* Replays one journal entry into the room being restored. */
static int restore_entry(void *ctx, uint64_t seq, const char *entry)
{
    skx_room *rm = ctx;
    sk_error err = {{0}, NULL};
    /* One entry may make two events (a last card and the result); the
     * second's entry is then checked and skipped by the room. */
    if (sk_room_replay(rm->room, entry, &err) < 0 || sk_room_seq(rm->room) < seq) {
        skx_log(SKX_LOG_ERR, "server: room %s: journal entry %" PRIu64 " does not replay: %s\n",
                rm->code, seq, err.msg);
        return 1;
    }
    return 0;
}

/* Restores one open room of the store: the ruleset, then its journal. */
int skx_room_restore_row(void *ctx, const sk_store_room *row)
{
    skx_runtime *rt = ctx;
    sk_rules rules;
    sk_error err = {{0}, NULL};
    if (sk_rules_from_json(&rules, row->rules_json, &err) < 0) {
        skx_log(SKX_LOG_ERR, "server: room %" PRIu64 ": bad ruleset in the store: %s\n", row->id,
                err.msg);
        return 0;
    }
    sk_room *room = sk_room_new(row->id, &rules, row->fallback, &err);
    skx_room *rm = room ? skx_room_add(rt, room, row->id, row->invite, row->title ? row->title : "",
                                       row->listed, row->fallback)
                        : NULL;
    if (!rm) {
        skx_log(SKX_LOG_ERR, "server: room %" PRIu64 " cannot be restored: %s\n", row->id, err.msg);
        return 0;
    }
    if (sk_store_journal(rt->store, row->id, restore_entry, rm, &err) < 0)
        skx_log(SKX_LOG_ERR, "server: room %s: reading its journal: %s\n", rm->code, err.msg);
    rm->stored = rm->sent = sk_room_seq(rm->room);
    rm->used = rm->used_stored = row->used;
    rm->hidden = rm->listed && rt->cfg->idle_unlist > 0 &&
                 (int64_t)time(NULL) - row->used >= rt->cfg->idle_unlist;
    if (skx_games_restore(rt, rm, &err) < 0) {
        skx_log(SKX_LOG_ERR, "server: room %s: its finished games: %s\n", rm->code, err.msg);
        return SK_EIO;
    }
    return 0;
}

int skx_rooms_restore(skx_runtime *rt, sk_error *err)
{
    int rc = skx_rooms_forget_at_start(rt, err);
    if (rc < 0 || rt->leases) /* a cluster's rooms come on demand (lease.c) */
        return rc;
    return sk_store_rooms(rt->store, skx_room_restore_row, rt, err);
}
