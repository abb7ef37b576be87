/*
 * arena.c -- a duplicate match between bots (table/arena.h): the play.
 *
 * Card luck dominates a few hundred games of Schafkopf, so every deal is
 * played once per seating of the match's format (arena_format.c): two
 * bots 1-vs-3 (A alone against three B in each seat, then B alone against
 * three A: 8 games), k bots rotated (seating r gives seat s bot
 * (s + r) mod k).  Over one deal's seatings every bot sits in every seat
 * equally often, with the same dealer and the same four hands, so its
 * per-deal total is the paired, luck-cancelled sample the standard
 * errors are built on.
 *
 * Deals are independent: deal d is shuffled from a generator seeded with
 * (seed, d), and every seat of every game gets a fresh bot seeded with
 * (seed, d, seating, seat).  Worker threads take deal indices from a
 * counter and hand the results to the calling thread, which passes them
 * to the plan's deal() strictly in deal order -- what it is given
 * depends on the seed only, never on the number of workers.  With a
 * session of N deals a worker takes a block of N deals at a time and
 * keeps the table's opponent model (sk_opponents) over its deals, in
 * order: the bots stay fresh each game, the model tells each its seats
 * played by the rules of thumb, and it learns from a deal's games once
 * all its seatings are played (none is played with anything learnt from
 * the same cards); blocks start with an empty model, so the play still
 * depends on the seed only.  External engines (`ext:COMMAND`) are
 * processes kept per worker and seat across games (engine.c); one that
 * fails is reported, killed and replaced by the random bot for the rest
 * of that game.  A match stopped early (its caller's stopped(), a
 * failure) kills every engine's process group.  The caller -- `schafkopf
 * arena` (src/lab/arena.c) -- keeps the files, the signals and the
 * report (docs/arena.md, "What survives what").
 */
#include "table/arena.h"
#include "table/engine.h"
#include "schafkopf/ai.h"

#include <pthread.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ARENA_MAX_BOTS SKX_ARENA_MAX_BOTS
/* An engine that failed to start this many times in a row (counted over
 * all its seats and workers) stops the match. */
#define ARENA_MAX_START_FAILS 3

/* The merging loop asks the plan's stopped() at least this often (ns). */
#define ARENA_POLL_NS 100000000l

/* Everything one deal produced, handed from a worker to the merger. */
typedef skx_arena_played deal_out;

/* State shared by the workers and the merger (under `mu`). */
typedef struct arena {
    const skx_arena_plan *o;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint64_t next_deal; /* next deal to hand out */
    uint64_t merged;    /* deals merged so far */
    size_t window;      /* workers stay less than this many deals ahead */
    deal_out **slots;   /* finished deals by index mod window */
    atomic_bool stop;   /* read by the workers between actions */
    bool failed;
    bool said;          /* the failure has been reported already */
    int start_fails[ARENA_MAX_BOTS]; /* failed engine starts in a row */
} arena;

/* One worker thread: its engines and scratch space.  An engine bot gets a
 * process per seat it holds in a game (eng[bot][k] for its k-th seat
 * from seat 0), kept from game to game. */
typedef struct worker {
    arena *a;
    pthread_t thread;
    skx_engine *eng[ARENA_MAX_BOTS][SK_NSEATS];
    sk_game game;
    sk_record rec;
    sk_opponents model; /* --session: the table's opponent model of the block */
    sk_game seen[SKX_ARENA_MAX_SEATINGS]; /* --session: the deal's games, learnt after it */
} worker;

/* Who plays a seat in the current game. */
typedef struct seat_ctl {
    int bot;        /* index into the match's bots */
    int slot;       /* which of the bot's seats in this game: eng[bot][slot] */
    sk_bot *sk;     /* the built-in bot, or the fallback for an engine */
    skx_engine *eng; /* the engine while it behaves, else NULL */
} seat_ctl;

/* Tells the plan's caller a message (printf's format), if it listens. */
static void say(const skx_arena_plan *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(const skx_arena_plan *o, const char *fmt, ...)
{
    if (!o->say)
        return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    o->say(o->ctx, msg);
}

/* Moves the info lines engine `eng` wrote in game `id` at `seat` into
 * the deal's info text, each prefixed "ID SEAT ", when the plan keeps
 * them (for --info and the log's games[r].info); else drops them. */
static void keep_info(const skx_arena_plan *o, deal_out *out, skx_engine *eng, const char *id,
                      int seat)
{
    size_t len;
    char *text = eng ? skx_engine_take_info(eng, &len) : NULL;
    if (!text || !o->info) {
        free(text);
        return;
    }
    char prefix[112];
    int plen = snprintf(prefix, sizeof prefix, "%s %d ", id, seat);
    size_t lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    char *more = realloc(out->info, out->info_len + len + lines * (size_t)plen + 1);
    if (!more) {
        out->info_oom = true;
        free(text);
        return;
    }
    out->info = more;
    for (const char *p = text; p < text + len;) {
        const char *nl = memchr(p, '\n', (size_t)(text + len - p));
        size_t k = (size_t)(nl - p) + 1;
        memcpy(out->info + out->info_len, prefix, (size_t)plen);
        memcpy(out->info + out->info_len + plen, p, k);
        out->info_len += (size_t)plen + k;
        p += k;
    }
    out->info[out->info_len] = '\0';
    free(text);
}

/* Reports an engine failure, counts it, drops the engine: the seat's
 * fallback bot plays on. */
static void engine_failed(worker *w, deal_out *out, seat_ctl *ctl, int seat, const char *id,
                          int kind, const char *why)
{
    if (!atomic_load(&w->a->stop)) /* when stopping, the engines were killed on purpose */
        say(w->a->o, "game %s seat %d: %s: %s: %s; random play for the rest of the game", id,
            seat, w->a->o->m.bots[ctl->bot], skx_engine_fail_name(kind), why);
    out->deal.fails[ctl->bot][kind]++;
    keep_info(w->a->o, out, ctl->eng, id, seat);
    skx_engine_free(ctl->eng);
    if (w->eng[ctl->bot][ctl->slot] == ctl->eng)
        w->eng[ctl->bot][ctl->slot] = NULL;
    ctl->eng = NULL;
}

/*
 * A number an engine is told (its game id, its seed) for game `key` of
 * the match and seat `seat`: SipHash (libsodium's crypto_shorthash), keyed
 * with the match seed.  The engine cannot work back to the seed, and so
 * to the deals, as it could from the old ids "arena-SEED-DEAL-SEATING"
 * and from seeds made by invertible mixing.  The same match tells the
 * same numbers, so deterministic engines stay reproducible.
 */
static uint64_t engine_secret(uint64_t match_seed, char what, uint64_t key, int seat)
{
    unsigned char k[crypto_shorthash_KEYBYTES] = "sk-engine-key..";
    unsigned char msg[18], out[crypto_shorthash_BYTES];
    for (int i = 0; i < 8; i++) {
        k[i] = (unsigned char)(match_seed >> (8 * i));
        msg[i] = (unsigned char)(key >> (8 * i));
    }
    msg[8] = (unsigned char)what;
    msg[9] = (unsigned char)seat;
    memset(msg + 10, 0, 8);
    crypto_shorthash(out, msg, sizeof msg, k);
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)out[i] << (8 * i);
    return v;
}

/* Counts an engine start of bot `bot`: a success clears the count of
 * failures in a row; the ARENA_MAX_START_FAILS-th failure in a row stops
 * the match (an engine that cannot start would otherwise be started and
 * waited for again in every game).  -1 when the match is to stop. */
static int count_start(arena *a, int bot, bool started, const char *why)
{
    pthread_mutex_lock(&a->mu);
    int rc = 0;
    if (started) {
        a->start_fails[bot] = 0;
    } else if (++a->start_fails[bot] >= ARENA_MAX_START_FAILS) {
        if (!a->failed)
            say(a->o, "engine %c (%s) failed to start %d times in a row (last: %s); stopping "
                      "the match", 'A' + bot, a->o->m.bots[bot], a->start_fails[bot], why);
        a->failed = a->said = true;
        a->stop = true;
        pthread_cond_broadcast(&a->cv);
        rc = -1;
    }
    pthread_mutex_unlock(&a->mu);
    return rc;
}

/* The players of a game's seats as the opponent model knows them: the
 * match's bots, by index. */
static void players_at(const uint8_t bot_at[SK_NSEATS], uint64_t who[SK_NSEATS])
{
    for (int s = 0; s < SK_NSEATS; s++)
        who[s] = bot_at[s];
}

/* Sets up the seats of one game: built-in bots, or engines (started if
 * needed and told about the new game) with a random fallback.  -1 when
 * out of memory or when an engine keeps failing to start. */
static int seat_game(worker *w, deal_out *out, seat_ctl ctl[SK_NSEATS], const char *id,
                     uint64_t game_seed, uint64_t game_key, const sk_game *g)
{
    const skx_arena_plan *o = w->a->o;
    for (int s = 0; s < SK_NSEATS; s++) {
        seat_ctl *c = &ctl[s];
        const char *command = o->command[c->bot];
        uint64_t seed = sk_rng_mix(game_seed + 1 + (uint64_t)s);
        c->sk = sk_bot_new(command ? "random" : o->m.bots[c->bot], seed, NULL);
        if (!c->sk)
            return -1;
        c->eng = NULL;
        if (!command)
            continue;
        char why[256];
        skx_engine **eng = &w->eng[c->bot][c->slot];
        if (!*eng) {
            *eng = skx_engine_start(command, &o->m.rules, (int)o->time_ms, (int)o->start_ms,
                                   why, sizeof why);
            if (!*eng) {
                engine_failed(w, out, c, s, id, SKX_ENGINE_FAIL_START, why);
                if (count_start(w->a, c->bot, false, why) < 0)
                    return -1;
                continue;
            }
            count_start(w->a, c->bot, true, "");
        }
        c->eng = *eng;
        char eid[24];
        uint64_t eseed = engine_secret(o->m.seed, 's', game_key, s);
        snprintf(eid, sizeof eid, "g%016llx",
                 (unsigned long long)engine_secret(o->m.seed, 'i', game_key, 0));
        int rc = skx_engine_new_game(c->eng, g, s, eid, eseed, why, sizeof why);
        if (rc)
            engine_failed(w, out, c, s, id, rc, why);
    }
    return 0;
}

/* The decision of a seat: from its engine if it has one that behaves,
 * else from its bot.  `offer` >= 0: only the doubling of that type is
 * asked (out of turn), and declining is a pass. */
static sk_action seat_decide(worker *w, deal_out *out, seat_ctl *c, const sk_game *g, int seat,
                             int offer, const char *id)
{
    if (c->eng) {
        sk_action legal[SK_MAX_LEGAL + 1];
        int n = 0;
        if (offer >= 0) {
            legal[n++] = sk_act_double(seat, offer);
            legal[n++] = sk_act_pass(seat);
        } else {
            sk_view v;
            sk_game_view(g, seat, &v);
            sk_action all[SK_MAX_LEGAL];
            int k = sk_view_legal(&v, all);
            for (int i = 0; i < k; i++) /* doublings are offered separately */
                if (g->pub.phase != SK_PHASE_PLAY ||
                    (all[i].type != SK_ACT_KONTRA && all[i].type != SK_ACT_RETOUR))
                    legal[n++] = all[i];
        }
        char why[256];
        int choice = 0;
        int rc = skx_engine_decide(c->eng, legal, n, skx_engine_decision_kind(g, offer), &choice,
                                  why, sizeof why);
        if (rc == 0)
            return legal[choice];
        engine_failed(w, out, c, seat, id, rc, why);
    }
    sk_view v;
    sk_game_view(g, seat, &v);
    sk_action a = sk_bot_act(c->sk, &v);
    a.seat = (uint8_t)seat;
    return a;
}

/* Applies an action and tells every engine at the table; a refused
 * action of a bot is an internal error. */
static void apply(worker *w, deal_out *out, seat_ctl ctl[SK_NSEATS], sk_game *g, sk_action a,
                  const char *id)
{
    sk_error err = {{0}, NULL};
    if (sk_game_apply(g, a, &err) < 0) {
        say(w->a->o, "internal error: game %s: a bot's action refused: %s", id, err.msg);
        abort();
    }
    for (int s = 0; s < SK_NSEATS; s++) {
        char why[256];
        int rc = ctl[s].eng ? skx_engine_event(ctl[s].eng, g, why, sizeof why) : 0;
        if (rc)
            engine_failed(w, out, &ctl[s], s, id, rc, why);
    }
}

/* Plays one game of deal d (0-based) in seating r; fills
 * out->deal.games[r] and appends the record.  -1 on failure (out of
 * memory, an engine that cannot start), 1 when the match was stopped
 * (the deal is dropped unfinished). */
static int play_game(worker *w, uint64_t d, int r, int dealer, const uint8_t hands[4][8],
                     deal_out *out)
{
    const skx_arena_plan *o = w->a->o;
    sk_game *g = &w->game;
    uint8_t bot_at[SK_NSEATS];
    sk_result res;
    seat_ctl ctl[SK_NSEATS];
    char id[96];
    skx_arena_game_id(&o->m, d + 1, r, id, sizeof id);
    skx_arena_seating(&o->m, r, bot_at);
    for (int s = 0; s < SK_NSEATS; s++) {
        ctl[s].bot = bot_at[s];
        ctl[s].slot = 0;
        for (int t = 0; t < s; t++)
            ctl[s].slot += ctl[t].bot == ctl[s].bot;
        ctl[s].sk = NULL;
        ctl[s].eng = NULL; /* seat_game may stop before it reaches every seat */
    }
    sk_error err = {{0}, NULL};
    if (sk_game_init(g, &o->m.rules, dealer, hands, false, &err) < 0) {
        say(o, "internal error: %s", err.msg);
        return -1;
    }
    int status = seat_game(w, out, ctl, id,
                           sk_rng_mix(sk_rng_mix(o->m.seed) + d * 64 + (uint64_t)r),
                           d * 64 + (uint64_t)r, g);
    uint64_t who[SK_NSEATS];
    players_at(bot_at, who);
    for (int s = 0; status == 0 && o->m.session && s < SK_NSEATS; s++)
        sk_bot_set_rules_seats(ctl[s].sk, sk_opponents_rules_seats(&w->model, who, s));
    sk_turn turn; /* core says who is asked when, Kontra and Retour out of turn (3.3) */
    sk_turn_init(&turn);
    while (status == 0 && !sk_game_over(g)) {
        if (atomic_load(&w->a->stop)) {
            status = 1;
            break;
        }
        int offer, seat = sk_turn_next(&turn, g, &offer);
        sk_action a = seat_decide(w, out, &ctl[seat], g, seat, offer, id);
        if (offer >= 0 && a.type != offer)
            sk_turn_decline(&turn, g, seat);
        else
            apply(w, out, ctl, g, a, id);
    }
    for (int s = 0; s < SK_NSEATS; s++) {
        sk_bot_free(ctl[s].sk);
        if (ctl[s].eng)
            keep_info(o, out, ctl[s].eng, id, s);
    }
    if (status != 0)
        return status;
    if (sk_game_result(g, &res, &err) < 0)
        return -1;
    if (o->m.session)
        w->seen[r] = *g; /* learnt from once the deal is over (play_deal) */
    skx_arena_game_from_result(&out->deal.games[r], bot_at, &res);
    skx_arena_game_acts(&out->deal.games[r], g);
    if (!o->records)
        return 0;
    sk_record_from_game(&w->rec, g, id);
    char *line = sk_record_write(&w->rec);
    size_t len = line ? strlen(line) : 0;
    char *more = line ? realloc(out->records, out->records_len + len + 1) : NULL;
    if (!more) {
        free(line);
        return -1;
    }
    memcpy(more + out->records_len, line, len + 1);
    out->records = more;
    out->records_len += len;
    free(line);
    return 0;
}

/* Plays deal d (0-based in the match: the same deal whatever the range
 * of the run) in every seating; 0, -1 (failed) or 1 (stopped). */
static int play_deal(worker *w, uint64_t d, deal_out *out)
{
    const skx_arena_plan *o = w->a->o;
    sk_rng rng;
    sk_rng_seed(&rng, sk_rng_mix(sk_rng_mix(o->m.seed) ^ sk_rng_mix(d)));
    sk_deck deck;
    sk_deck_shuffle_rules(&deck, &o->m.rules, &rng); /* long or short cards */
    uint8_t hands[4][8];
    int dealer = (int)(d % 4);
    sk_deck_deal(&deck, dealer, o->m.rules.deal_mode, hands);
    int seatings = skx_arena_seatings(&o->m);
    for (int r = 0; r < seatings; r++) {
        int rc = play_game(w, d, r, dealer, hands, out);
        if (rc != 0)
            return rc;
    }
    /* --session: the model learns from the deal's games only now, so no
     * seating of a deal is played with anything learnt from its cards */
    for (int r = 0; o->m.session && r < seatings; r++) {
        uint64_t who[SK_NSEATS];
        players_at(out->deal.games[r].bot_at, who);
        if (sk_opponents_observe(&w->model, &w->seen[r], who) < 0) {
            say(o, "internal error: deal %llu seating %d does not replay",
                (unsigned long long)d + 1, r + 1);
            return -1;
        }
    }
    return 0;
}

/* The deals a worker takes at a time; see arena.h. */
uint64_t skx_arena_unit(const skx_arena_match *m)
{
    return m->session ? m->session : 1;
}

/* The deals a worker of the plan takes at a time. */
static uint64_t unit_of(const skx_arena_plan *o)
{
    return skx_arena_unit(&o->m);
}

/* The caller's reason to stop now, or 0. */
static int stop_code(const skx_arena_plan *o)
{
    return o->stopped ? o->stopped(o->ctx) : 0;
}

/* Frees the deals of a unit a worker could not finish. */
static void drop_outs(deal_out **outs, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (outs[i]) {
            free(outs[i]->records);
            free(outs[i]->info);
            free(outs[i]);
        }
}

/* Plays `n` deals from deal d of this run into outs[] (the block of a
 * --session with a fresh opponent model); 0, -1 or 1 as play_deal. */
static int play_unit(worker *w, uint64_t d, uint64_t n, deal_out **outs)
{
    sk_opponents_init(&w->model);
    for (uint64_t i = 0; i < n; i++) {
        deal_out *out = outs[i] = calloc(1, sizeof *out);
        if (!out)
            return -1;
        uint64_t global = w->a->o->first - 1 + d + i; /* 0-based in the match */
        out->deal.index = global + 1;
        int rc = play_deal(w, global, out);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* A worker thread: plays units of deals (one deal, or a --session
 * block, handed over whole) until there are none left. */
static void *worker_main(void *arg)
{
    worker *w = arg;
    arena *a = w->a;
    uint64_t unit = unit_of(a->o);
    deal_out **outs = calloc(unit, sizeof *outs);
    for (; outs;) {
        pthread_mutex_lock(&a->mu);
        while (!a->stop && a->next_deal < a->o->deals &&
               a->next_deal + unit > a->merged + a->window)
            pthread_cond_wait(&a->cv, &a->mu);
        if (a->stop || a->next_deal >= a->o->deals) {
            pthread_mutex_unlock(&a->mu);
            break;
        }
        uint64_t d = a->next_deal;
        a->next_deal += unit;
        pthread_mutex_unlock(&a->mu);
        memset(outs, 0, unit * sizeof *outs);
        int rc = play_unit(w, d, unit, outs);
        pthread_mutex_lock(&a->mu);
        if (rc != 0) {
            drop_outs(outs, unit);
            if (rc < 0)
                a->failed = true;
            a->stop = true;
        } else {
            for (uint64_t i = 0; i < unit; i++)
                a->slots[(d + i) % a->window] = outs[i];
        }
        pthread_cond_broadcast(&a->cv);
        pthread_mutex_unlock(&a->mu);
    }
    if (!outs) {
        pthread_mutex_lock(&a->mu);
        a->failed = true;
        a->stop = true;
        pthread_cond_broadcast(&a->cv);
        pthread_mutex_unlock(&a->mu);
    }
    free(outs);
    for (int b = 0; b < ARENA_MAX_BOTS; b++)
        for (int s = 0; s < SK_NSEATS; s++)
            skx_engine_free(w->eng[b][s]);
    return NULL;
}

/* Waits on the arena's condition at most ARENA_POLL_NS, so the merging
 * loop notices a signal soon; the caller holds a->mu. */
static void wait_a_while(arena *a)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += ARENA_POLL_NS;
    if (until.tv_nsec >= 1000000000l) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000l;
    }
    pthread_cond_timedwait(&a->cv, &a->mu, &until);
}

/* Runs the workers and hands their deals to the plan's deal() in deal
 * order; see arena.h. */
int skx_arena_run(const skx_arena_plan *o, uint64_t *done)
{
    /* room for every worker's block in flight and the one being merged */
    size_t unit = unit_of(o);
    arena a = {.o = o, .window = unit > 1 ? ((size_t)o->jobs + 1) * unit : (size_t)o->jobs * 4 + 8};
    a.slots = calloc(a.window, sizeof *a.slots);
    worker *w = calloc(o->jobs, sizeof *w);
    if (!a.slots || !w) {
        free(a.slots);
        free(w);
        say(o, "out of memory");
        return -1;
    }
    atomic_init(&a.stop, false);
    pthread_mutex_init(&a.mu, NULL);
    pthread_cond_init(&a.cv, NULL);
    uint64_t started = 0;
    for (; started < o->jobs; started++) {
        w[started].a = &a;
        if (pthread_create(&w[started].thread, NULL, worker_main, &w[started]) != 0)
            break;
    }
    int status = started ? 0 : -1;
    *done = 0;
    for (uint64_t d = 0; status == 0 && d < o->deals; d++) {
        pthread_mutex_lock(&a.mu);
        /* a --session block comes whole and is merged whole: a signal
         * stops the run between blocks only */
        bool between = d % unit_of(o) == 0;
        while (!a.slots[d % a.window] && !a.failed && !(between && stop_code(o)))
            wait_a_while(&a);
        int sig = between ? stop_code(o) : 0;
        deal_out *out = sig ? NULL : a.slots[d % a.window];
        if (out) {
            a.slots[d % a.window] = NULL;
            a.merged = d + 1;
        } else {
            a.stop = true;
        }
        bool said = a.said;
        pthread_cond_broadcast(&a.cv);
        pthread_mutex_unlock(&a.mu);
        if (sig) {
            status = sig;
            break;
        }
        if (!out) {
            if (!said)
                say(o, "out of memory");
            status = -1;
            break;
        }
        if (o->deal(o->ctx, out) < 0)
            status = -1;
        if (status == 0)
            *done = d + 1;
        free(out->records);
        free(out->info);
        free(out);
    }
    pthread_mutex_lock(&a.mu);
    a.stop = true;
    pthread_cond_broadcast(&a.cv);
    pthread_mutex_unlock(&a.mu);
    /* stopped early: end the engines now instead of waiting for the
     * decisions they are busy with (workers free them as they finish) */
    if (status != 0)
        skx_engine_kill_all();
    for (uint64_t i = 0; i < started; i++)
        pthread_join(w[i].thread, NULL);
    for (size_t i = 0; i < a.window; i++)
        if (a.slots[i]) {
            free(a.slots[i]->records);
            free(a.slots[i]->info);
            free(a.slots[i]);
        }
    pthread_cond_destroy(&a.cv);
    pthread_mutex_destroy(&a.mu);
    free(a.slots);
    free(w);
    return status;
}

/* Keeps what a report needs of a game's result; see arena.h. */
void skx_arena_game_from_result(skx_arena_game *g, const uint8_t bot_at[SK_NSEATS],
                               const sk_result *res)
{
    memset(g, 0, sizeof *g);
    memcpy(g->bot_at, bot_at, SK_NSEATS);
    g->contract = res->thrown_in ? (sk_contract){SK_C_NONE, SK_NOSUIT, 0} : res->contract;
    g->declarer = (int8_t)(res->thrown_in || res->declarer >= SK_NSEATS ? -1 : res->declarer);
    g->won = res->won != 0;
    /* the money is a multiple of 2^(doublings + laid) (score.c); a
     * Ramsch's multiplier has the laying but no doublings */
    int shift = res->laid + (res->thrown_in || res->contract.type == SK_C_RAMSCH ? 0
                                                                                : res->doublings);
    g->has_plain = true;
    for (int s = 0; s < SK_NSEATS; s++) {
        g->money[s] = res->money[s];
        g->plain[s] = res->money[s] / ((int64_t)1 << shift);
        g->tournament[s] = res->tournament[s];
    }
}

/* Who laid, gave Kontra, gave Retour; see arena.h.  Sub, Resub... are
 * Kontra and Retour again (enum sk_action_type). */
void skx_arena_game_acts(skx_arena_game *g, const sk_game *game)
{
    g->has_acts = true;
    g->laid = g->kontra = g->retour = 0;
    for (int i = 0; i < game->pub.nactions; i++) {
        const sk_action *a = &game->pub.actions[i];
        uint8_t bit = (uint8_t)(1u << (a->seat & 3));
        if (a->type == SK_ACT_KLOPFEN)
            g->laid |= bit;
        else if (a->type == SK_ACT_KONTRA)
            g->kontra |= bit;
        else if (a->type == SK_ACT_RETOUR)
            g->retour |= bit;
    }
}
