/*
 * arena.c -- `schafkopf arena`: duplicate matches between bots.
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
 * counter and hand the results to the main thread, which merges them and
 * writes the records strictly in deal order -- the output depends on the
 * seed only, never on --jobs.  With --session N a worker takes a block of
 * N deals at a time and keeps the table's opponent model (sk_opponents)
 * over its deals, in order: the bots stay fresh each game, the model
 * tells each its seats played by the rules of thumb, and it learns from a
 * deal's games once all its seatings are played (none is played with
 * anything learnt from the same cards); blocks start with an empty
 * model, so the output still depends on the seed only.  External
 * engines (`ext:COMMAND`) are
 * processes kept per worker and seat across games (engine.c); one that
 * fails is reported, killed and replaced by the random bot for the rest
 * of that game.  A deal's records (--out) are appended before its log
 * line, whole and under the file's lock, and SIGINT, SIGTERM and SIGHUP
 * stop the run and kill every engine's process group (docs/arena.md,
 * "What survives what").  The command line is arena_opts.c, the report
 * arena_stats.c, the log lines arena_log.c, --combine arena_combine.c, the
 * formats arena_format.c, the files (--out, --log, --info) arena_files.c.
 */
#include "lab/lab.h"
#include "lab/arena.h"
#include "table/engine.h"
#include "schafkopf/ai.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sodium.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define ARENA_MAX_BOTS SKX_ARENA_MAX_BOTS
/* An engine that failed to start this many times in a row (counted over
 * all its seats and workers) stops the match. */
#define ARENA_MAX_START_FAILS 3

/* The signal (SIGINT, SIGTERM, SIGHUP) that asked the run to stop, or 0.
 * The handler only sets it; the merging loop looks at it at least every
 * ARENA_POLL_NS and does the stopping (engines, files) itself. */
static volatile sig_atomic_t arena_signal;
#define ARENA_POLL_NS 100000000l

/* Everything one deal produced, handed from a worker to the merger. */
typedef struct deal_out {
    char *records; /* the seatings' record lines, or NULL without --out */
    size_t records_len;
    char *info;    /* the engines' info lines, "GAME SEAT info ...", or NULL */
    size_t info_len;
    bool info_oom; /* some could not be kept */
    skx_arena_deal deal; /* what the report and the log need */
} deal_out;

/* State shared by the workers and the merger (under `mu`). */
typedef struct arena {
    const arena_opts *o;
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
    int bot;        /* index into opts.bots */
    int slot;       /* which of the bot's seats in this game: eng[bot][slot] */
    sk_bot *sk;     /* the built-in bot, or the fallback for an engine */
    skx_engine *eng; /* the engine while it behaves, else NULL */
} seat_ctl;

/* Moves the info lines engine `eng` wrote in game `id` at `seat` into
 * the deal's info text, each prefixed "ID SEAT ", for --info and for the
 * log's games[r].info; drops them when neither is written. */
static void keep_info(const arena_opts *o, deal_out *out, skx_engine *eng, const char *id,
                      int seat)
{
    size_t len;
    char *text = eng ? skx_engine_take_info(eng, &len) : NULL;
    if (!text || (!o->info_path && !o->log_path)) {
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
        fprintf(stderr, "schafkopf: arena: game %s seat %d: %s: %s: %s; random play for the "
                        "rest of the game\n", id, seat, w->a->o->m.bots[ctl->bot],
                skx_engine_fail_name(kind), why);
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
            fprintf(stderr, "schafkopf: arena: engine %c (%s) failed to start %d times in a "
                            "row (last: %s); stopping the match\n", 'A' + bot,
                    a->o->m.bots[bot], a->start_fails[bot], why);
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
    const arena_opts *o = w->a->o;
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
        fprintf(stderr, "schafkopf: arena: internal error: game %s: a bot's action refused: "
                        "%s\n", id, err.msg);
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
    const arena_opts *o = w->a->o;
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
        fprintf(stderr, "schafkopf: arena: internal error: %s\n", err.msg);
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
    if (!o->out_path)
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
    const arena_opts *o = w->a->o;
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
            fprintf(stderr, "schafkopf: arena: internal error: deal %llu seating %d does not "
                            "replay\n", (unsigned long long)d + 1, r + 1);
            return -1;
        }
    }
    return 0;
}

/* The deals a worker takes at a time: a block of --session, else one. */
static uint64_t unit_of(const arena_opts *o)
{
    return o->m.session ? o->m.session : 1;
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

/* Runs the workers, merges, writes records and log lines in deal order
 * (records first: the log never names a deal whose records are not
 * written).  0, -1 (failed) or the number of the signal that stopped it;
 * *done: the deals written. */
static int run(const arena_opts *o, arena_files *f, skx_arena_stats *st, uint64_t *done)
{
    /* room for every worker's block in flight and the one being merged */
    size_t unit = unit_of(o);
    arena a = {.o = o, .window = unit > 1 ? ((size_t)o->jobs + 1) * unit : (size_t)o->jobs * 4 + 8};
    a.slots = calloc(a.window, sizeof *a.slots);
    worker *w = calloc(o->jobs, sizeof *w);
    if (!a.slots || !w) {
        free(a.slots);
        free(w);
        fprintf(stderr, "schafkopf: arena: out of memory\n");
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
    bool progress = isatty(2);
    *done = 0;
    for (uint64_t d = 0; status == 0 && d < o->deals; d++) {
        pthread_mutex_lock(&a.mu);
        /* a --session block comes whole and is merged whole: a signal
         * stops the run between blocks only */
        bool between = d % unit_of(o) == 0;
        while (!a.slots[d % a.window] && !a.failed && !(between && arena_signal))
            wait_a_while(&a);
        int sig = between ? arena_signal : 0;
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
                fprintf(stderr, "schafkopf: arena: out of memory\n");
            status = -1;
            break;
        }
        skx_arena_stats_merge(st, &o->m, &out->deal);
        if (out->info_oom)
            fprintf(stderr, "schafkopf: arena: deal %llu: out of memory: info lines dropped\n",
                    (unsigned long long)out->deal.index);
        if (skx_arena_files_deal(o, f, out->records, out->records_len, &out->deal, out->info,
                                out->info_len) < 0)
            status = -1;
        if (status == 0)
            *done = d + 1;
        free(out->records);
        free(out->info);
        free(out);
        if (progress && (d + 1) % 10 == 0)
            fprintf(stderr, "\rdeal %llu/%llu", (unsigned long long)d + 1,
                    (unsigned long long)o->deals);
    }
    if (progress)
        fprintf(stderr, "\r%40s\r", "");
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

/* The signal handler: notes the signal, nothing else (the merging loop
 * stops the run). */
static void on_signal(int sig)
{
    arena_signal = sig;
}

/* Plays the match of parsed options: log, records, report; exit status
 * (128 + the signal when SIGINT, SIGTERM or SIGHUP stopped it). */
static int arena_main(arena_opts *o)
{
    if (o->jobs > o->deals / unit_of(o))
        o->jobs = o->deals / unit_of(o);
    /* a dead engine must be a write error, not the end of the arena */
    struct sigaction sa, old[3];
    static const int SIGNALS[3] = {SIGINT, SIGTERM, SIGHUP};
    memset(&sa, 0, sizeof sa);
    memset(old, 0, sizeof old);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, NULL);
    /* a stopped arena ends its engines (each runs in its own process
     * group, so the terminal's SIGINT does not reach them); a signal
     * ignored at the start stays ignored (nohup, background jobs) */
    arena_signal = 0;
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++)
        if (sigaction(SIGNALS[i], NULL, &old[i]) == 0 && old[i].sa_handler != SIG_IGN)
            sigaction(SIGNALS[i], &sa, NULL);
    if (o->m.format == SKX_ARENA_ROTATE && o->m.nbots == 2)
        fprintf(stderr, "schafkopf: arena: warning: format abab: copies of one bot sit on "
                        "opposite sides and can double each other; the figures are inflated "
                        "by that collusion (the default, 1v3, is not)\n");
    arena_files f = {.rec_fd = -1, .log_fd = -1, .info_fd = -1, .signal = &arena_signal};
    int status = skx_arena_files_open(o, &f) < 0 ? 1 : 0;
    skx_arena_stats *st = status == 0 ? calloc(1, sizeof *st) : NULL;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t done = 0;
    int rc = st ? run(o, &f, st, &done) : -1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (rc != 0)
        status = 1;
    if (skx_arena_files_close(o, &f, st != NULL) < 0)
        status = 1;
    if (rc > 0) {
        fprintf(stderr, "schafkopf: arena: stopped by %s after %llu of %llu deals; engines "
                        "ended; to go on: --first-deal %llu --deals %llu\n",
                rc == SIGINT ? "SIGINT" : rc == SIGTERM ? "SIGTERM" : "SIGHUP",
                (unsigned long long)done, (unsigned long long)o->deals,
                (unsigned long long)(o->first + done),
                (unsigned long long)(o->deals - done));
        status = 128 + rc;
    }
    if (status == 0) {
        skx_arena_report(stdout, &o->m, st);
        fprintf(stderr, "arena: %llu jobs, %.1f s\n", (unsigned long long)o->jobs,
                (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "schafkopf: arena: cannot write the report: %s\n", strerror(errno));
            status = 1;
        }
    }
    for (int i = 0; i < 3; i++)
        sigaction(SIGNALS[i], &old[i], NULL);
    free(st);
    return status;
}

int skx_cmd_arena(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "--combine") == 0)
            return skx_arena_combine(argc, argv);
        if (strcmp(argv[i], "--pair") == 0)
            return skx_arena_pair(argc, argv);
    }
    arena_opts *o = calloc(1, sizeof *o);
    if (!o)
        return 1;
    sk_rules_preset(&o->m.rules, "official", NULL);
    o->deals = 100;
    o->first = 1;
    o->time_ms = 1000;
    o->start_ms = 5000;
    o->jobs = (uint64_t)skx_cli_cores();
    bool seeded = false;
    int rc = skx_arena_parse_opts(argc, argv, o, &seeded);
    if (rc != 0) {
        free(o);
        return rc < 0 ? 2 : 0;
    }
    if (!seeded) {
        sk_rng rng;
        if (sk_rng_seed_os(&rng) < 0) {
            fprintf(stderr, "schafkopf: arena: no OS random source\n");
            free(o);
            return 1;
        }
        o->m.seed = sk_rng_next(&rng) >> 1;
    }
    int status = arena_main(o);
    free(o);
    return status;
}
