/*
 * arena.c -- `schafkopf arena`: duplicate matches between bots.
 *
 * Card luck dominates a few hundred games of Schafkopf, so every deal is
 * played k times for k bots, once per seating: in seating r (0..k-1) seat
 * s gets bot (s + r) mod k -- for two bots ABAB and BABA, for four ABCD,
 * BCDA, CDAB, DABC.  Over one deal's seatings every bot sits in every
 * seat exactly once, with the same dealer and the same four hands, so
 * each bot plays each hand once and its per-deal total (4 games) is the
 * paired, luck-cancelled sample the confidence intervals are built on.
 *
 * Deals are independent: deal d is shuffled from a generator seeded with
 * (seed, d), and every seat of every game gets a fresh bot seeded with
 * (seed, d, seating, seat).  Worker threads take deal indices from a
 * counter and hand the results to the main thread, which merges them and
 * writes the records strictly in deal order -- the output depends on the
 * seed only, never on --jobs.  External engines (`ext:COMMAND`) are
 * processes kept per worker and seat across games (engine.c); one that
 * fails is reported, killed and replaced by the random bot for the rest
 * of that game.  The command line is arena_opts.c, the report
 * arena_stats.c, the log lines arena_log.c, --combine arena_combine.c.
 */
#include "cli.h"
#include "cli/arena.h"
#include "cli/engine.h"
#include "schafkopf/ai.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#define ARENA_MAX_BOTS SK_ARENA_MAX_BOTS
/* A log is fsync'ed at most this often (and at the end of the run). */
#define ARENA_SYNC_NS 1000000000ll
/* An engine that failed to start this many times in a row (counted over
 * all its seats and workers) stops the match. */
#define ARENA_MAX_START_FAILS 3

/* Everything one deal produced, handed from a worker to the merger. */
typedef struct deal_out {
    char *records; /* the seatings' record lines, or NULL without --out */
    size_t records_len;
    sk_arena_deal deal; /* what the report and the log need */
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
    bool stop;
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
    sk_engine *eng[ARENA_MAX_BOTS][SK_NSEATS];
    sk_game game;
    sk_record rec;
} worker;

/* Who plays a seat in the current game. */
typedef struct seat_ctl {
    int bot;        /* index into opts.bots */
    int slot;       /* which of the bot's seats in this game: eng[bot][slot] */
    sk_bot *sk;     /* the built-in bot, or the fallback for an engine */
    sk_engine *eng; /* the engine while it behaves, else NULL */
} seat_ctl;

/* splitmix64's finaliser: a well-mixed 64-bit value from any input. */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Reports an engine failure, counts it, drops the engine: the seat's
 * fallback bot plays on. */
static void engine_failed(worker *w, deal_out *out, seat_ctl *ctl, int seat, const char *id,
                          int kind, const char *why)
{
    fprintf(stderr, "schafkopf: arena: game %s seat %d: %s: %s: %s; random play for the rest "
                    "of the game\n", id, seat, w->a->o->m.bots[ctl->bot], sk_engine_fail_name(kind),
            why);
    out->deal.fails[ctl->bot][kind]++;
    sk_engine_free(ctl->eng);
    if (w->eng[ctl->bot][ctl->slot] == ctl->eng)
        w->eng[ctl->bot][ctl->slot] = NULL;
    ctl->eng = NULL;
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

/* Sets up the seats of one game: built-in bots, or engines (started if
 * needed and told about the new game) with a random fallback.  -1 when
 * out of memory or when an engine keeps failing to start. */
static int seat_game(worker *w, deal_out *out, seat_ctl ctl[SK_NSEATS], const char *id,
                     uint64_t game_seed, const sk_game *g)
{
    const arena_opts *o = w->a->o;
    for (int s = 0; s < SK_NSEATS; s++) {
        seat_ctl *c = &ctl[s];
        const char *command = o->command[c->bot];
        uint64_t seed = mix(game_seed + 1 + (uint64_t)s);
        c->sk = sk_bot_new(command ? "random" : o->m.bots[c->bot], seed, NULL);
        if (!c->sk)
            return -1;
        c->eng = NULL;
        if (!command)
            continue;
        char why[256];
        sk_engine **eng = &w->eng[c->bot][c->slot];
        if (!*eng) {
            *eng = sk_engine_start(command, &o->m.rules, (int)o->time_ms, (int)o->start_ms,
                                   why, sizeof why);
            if (!*eng) {
                engine_failed(w, out, c, s, id, SK_ENGINE_FAIL_START, why);
                if (count_start(w->a, c->bot, false, why) < 0)
                    return -1;
                continue;
            }
            count_start(w->a, c->bot, true, "");
        }
        c->eng = *eng;
        int rc = sk_engine_new_game(c->eng, id, g->pub.dealer, s, seed, g->dealt[s], why,
                                    sizeof why);
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
        int rc = sk_engine_decide(c->eng, legal, n, &choice, why, sizeof why);
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
        int rc = ctl[s].eng ? sk_engine_event(ctl[s].eng, g, a, why, sizeof why) : 0;
        if (rc)
            engine_failed(w, out, &ctl[s], s, id, rc, why);
    }
}

/* The doubling `seat` may give now (SK_ACT_KONTRA/RETOUR), or -1. */
static int doubling_for(const sk_game *g, int seat)
{
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal);
    for (int i = 0; i < n; i++)
        if (legal[i].seat == seat &&
            (legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR))
            return legal[i].type;
    return -1;
}

/* Kontra and Retour out of turn (3.3), as in `play`: before each of the
 * first two cards every seat that may double is asked once, from the
 * seat to move on; a doubling given opens a new round of offers. */
static void offer_doublings(worker *w, deal_out *out, seat_ctl ctl[SK_NSEATS], sk_game *g,
                            const char *id)
{
    uint8_t declined = 0;
    for (bool again = true; again;) {
        again = false;
        for (int k = 0; k < SK_NSEATS && !again; k++) {
            int seat = (g->pub.to_move + k) % 4;
            int type = doubling_for(g, seat);
            if (type < 0 || (declined & (1u << seat)))
                continue;
            sk_action a = seat_decide(w, out, &ctl[seat], g, seat, type, id);
            if (a.type == type) {
                apply(w, out, ctl, g, a, id);
                declined = 0;
                again = true;
            } else {
                declined |= (uint8_t)(1u << seat);
            }
        }
    }
}

/* Plays one game of deal d (0-based) in seating r; fills
 * out->deal.games[r] and appends the record.  -1 on failure (out of
 * memory, an engine that cannot start). */
static int play_game(worker *w, uint64_t d, int r, int dealer, const uint8_t hands[4][8],
                     deal_out *out)
{
    const arena_opts *o = w->a->o;
    sk_game *g = &w->game;
    uint8_t bot_at[SK_NSEATS];
    sk_result res;
    seat_ctl ctl[SK_NSEATS];
    char id[96];
    snprintf(id, sizeof id, "arena-%llu-%llu-%d", (unsigned long long)o->m.seed,
             (unsigned long long)d + 1, r + 1);
    for (int s = 0; s < SK_NSEATS; s++) {
        bot_at[s] = (uint8_t)((s + r) % o->m.nbots);
        ctl[s].bot = bot_at[s];
        ctl[s].slot = 0;
        for (int t = 0; t < s; t++)
            ctl[s].slot += ctl[t].bot == ctl[s].bot;
        ctl[s].sk = NULL;
    }
    sk_error err = {{0}, NULL};
    if (sk_game_init(g, &o->m.rules, dealer, hands, false, &err) < 0) {
        fprintf(stderr, "schafkopf: arena: internal error: %s\n", err.msg);
        return -1;
    }
    int status = seat_game(w, out, ctl, id, mix(mix(o->m.seed) + d * 64 + (uint64_t)r), g);
    unsigned offered = ~0u; /* trick_len * 16 + doublings at the last offer */
    while (status == 0 && !sk_game_over(g)) {
        const sk_public *p = &g->pub;
        if (p->phase == SK_PHASE_PLAY && p->trick_no == 0 && p->trick_len <= 1 &&
            offered != p->trick_len * 16u + p->doublings) {
            offered = p->trick_len * 16u + p->doublings;
            offer_doublings(w, out, ctl, g, id);
            offered = p->trick_len * 16u + p->doublings;
        }
        int seat = p->to_move;
        apply(w, out, ctl, g, seat_decide(w, out, &ctl[seat], g, seat, -1, id), id);
    }
    for (int s = 0; s < SK_NSEATS; s++)
        sk_bot_free(ctl[s].sk);
    if (status < 0 || sk_game_result(g, &res, &err) < 0)
        return -1;
    sk_arena_game_from_result(&out->deal.games[r], bot_at, &res);
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
 * of the run) in every seating. */
static int play_deal(worker *w, uint64_t d, deal_out *out)
{
    const arena_opts *o = w->a->o;
    sk_rng rng;
    sk_rng_seed(&rng, mix(mix(o->m.seed) ^ mix(d)));
    sk_deck deck;
    sk_deck_shuffle_rules(&deck, &o->m.rules, &rng); /* long or short cards */
    uint8_t hands[4][8];
    int dealer = (int)(d % 4);
    sk_deck_deal(&deck, dealer, o->m.rules.deal_mode, hands);
    for (int r = 0; r < o->m.nbots; r++)
        if (play_game(w, d, r, dealer, hands, out) < 0)
            return -1;
    return 0;
}

/* A worker thread: plays deals until there are none left. */
static void *worker_main(void *arg)
{
    worker *w = arg;
    arena *a = w->a;
    for (;;) {
        pthread_mutex_lock(&a->mu);
        while (!a->stop && a->next_deal < a->o->deals && a->next_deal >= a->merged + a->window)
            pthread_cond_wait(&a->cv, &a->mu);
        if (a->stop || a->next_deal >= a->o->deals) {
            pthread_mutex_unlock(&a->mu);
            break;
        }
        uint64_t d = a->next_deal++;
        pthread_mutex_unlock(&a->mu);
        deal_out *out = calloc(1, sizeof *out);
        uint64_t global = a->o->first - 1 + d; /* deal d of this run, 0-based in the match */
        if (out)
            out->deal.index = global + 1;
        int rc = out ? play_deal(w, global, out) : -1;
        pthread_mutex_lock(&a->mu);
        if (rc < 0) {
            if (out)
                free(out->records);
            free(out);
            a->failed = a->stop = true;
        } else {
            a->slots[d % a->window] = out;
        }
        pthread_cond_broadcast(&a->cv);
        pthread_mutex_unlock(&a->mu);
    }
    for (int b = 0; b < ARENA_MAX_BOTS; b++)
        for (int s = 0; s < SK_NSEATS; s++)
            sk_engine_free(w->eng[b][s]);
    return NULL;
}

/* The results log a run appends to. */
typedef struct log_out {
    int fd;                 /* -1 without --log */
    struct timespec synced; /* when it was last fsync'ed */
} log_out;

/* Writes all of buf to fd, going on after short writes; 0 or -1 (errno). */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Appends a deal's line to the log with one write(2), so a killed run
 * leaves whole lines only, and fsyncs when the last sync is a second old:
 * what a crash of the machine may lose is bounded, and a cheap match
 * (thousands of deals a second) does not wait for the disk on every
 * line.  0, or -1 with a message. */
static int log_deal(const arena_opts *o, log_out *lg, const sk_arena_deal *d)
{
    char *line = sk_arena_log_format(&o->m, d);
    if (!line) {
        fprintf(stderr, "schafkopf: arena: out of memory\n");
        return -1;
    }
    int rc = write_all(lg->fd, line, strlen(line));
    free(line);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long long ns = (now.tv_sec - lg->synced.tv_sec) * 1000000000ll +
                   (now.tv_nsec - lg->synced.tv_nsec);
    if (rc == 0 && ns >= ARENA_SYNC_NS) {
        rc = fsync(lg->fd);
        lg->synced = now;
    }
    if (rc < 0)
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->log_path, strerror(errno));
    return rc;
}

/* Runs the workers, merges, writes records and log lines in deal order;
 * 0 or -1. */
static int run(const arena_opts *o, FILE *rec_out, log_out *lg, sk_arena_stats *st)
{
    arena a = {.o = o, .window = (size_t)o->jobs * 4 + 8};
    a.slots = calloc(a.window, sizeof *a.slots);
    worker *w = calloc(o->jobs, sizeof *w);
    if (!a.slots || !w) {
        free(a.slots);
        free(w);
        fprintf(stderr, "schafkopf: arena: out of memory\n");
        return -1;
    }
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
    for (uint64_t d = 0; status == 0 && d < o->deals; d++) {
        pthread_mutex_lock(&a.mu);
        while (!a.slots[d % a.window] && !a.failed)
            pthread_cond_wait(&a.cv, &a.mu);
        deal_out *out = a.slots[d % a.window];
        a.slots[d % a.window] = NULL;
        if (out)
            a.merged = d + 1;
        bool said = a.said;
        pthread_cond_broadcast(&a.cv);
        pthread_mutex_unlock(&a.mu);
        if (!out) {
            if (!said)
                fprintf(stderr, "schafkopf: arena: out of memory\n");
            status = -1;
            break;
        }
        sk_arena_stats_merge(st, o->m.nbots, &out->deal);
        if (lg->fd >= 0 && log_deal(o, lg, &out->deal) < 0)
            status = -1;
        if (rec_out && out->records && fwrite(out->records, 1, out->records_len, rec_out) !=
                                           out->records_len) {
            fprintf(stderr, "schafkopf: arena: %s: %s\n", o->out_path, strerror(errno));
            status = -1;
        }
        free(out->records);
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
    for (uint64_t i = 0; i < started; i++)
        pthread_join(w[i].thread, NULL);
    for (size_t i = 0; i < a.window; i++)
        if (a.slots[i]) {
            free(a.slots[i]->records);
            free(a.slots[i]);
        }
    pthread_cond_destroy(&a.cv);
    pthread_mutex_destroy(&a.mu);
    free(a.slots);
    free(w);
    return status;
}

/* Opens the results log for appending (locked against a second run
 * writing it) and checks what it holds; -1 after a message. */
static int open_log(const arena_opts *o, log_out *lg)
{
    lg->fd = open(o->log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (lg->fd < 0) {
        fprintf(stderr, "schafkopf: arena: cannot write %s: %s\n", o->log_path, strerror(errno));
        return -1;
    }
    if (flock(lg->fd, LOCK_EX | LOCK_NB) != 0) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->log_path,
                errno == EWOULDBLOCK ? "another run is writing this log" : strerror(errno));
        return -1;
    }
    clock_gettime(CLOCK_MONOTONIC, &lg->synced);
    return sk_arena_log_prepare(o->log_path, lg->fd, &o->m, o->first, o->first + o->deals - 1);
}

/* Opens the record file (--out) for appending, as the log: a resumed or
 * repeated run adds to the records already saved instead of losing
 * them; NULL after a message. */
static FILE *open_records(const arena_opts *o)
{
    int fd = open(o->out_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    FILE *f = fd >= 0 ? fdopen(fd, "a") : NULL;
    if (!f) {
        fprintf(stderr, "schafkopf: arena: cannot write %s: %s\n", o->out_path, strerror(errno));
        if (fd >= 0)
            close(fd);
    }
    return f;
}

/* Plays the match of parsed options: log, records, report; exit status. */
static int arena_main(arena_opts *o)
{
    if (o->jobs > o->deals)
        o->jobs = o->deals;
    /* a dead engine must be a write error, not the end of the arena */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, NULL);
    log_out lg = {.fd = -1};
    if (o->log_path && open_log(o, &lg) < 0) {
        if (lg.fd >= 0)
            close(lg.fd);
        return 1;
    }
    FILE *rec_out = o->out_path ? open_records(o) : NULL;
    if (o->out_path && !rec_out) {
        if (lg.fd >= 0)
            close(lg.fd);
        return 1;
    }
    sk_arena_stats *st = calloc(1, sizeof *st);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int status = st && run(o, rec_out, &lg, st) == 0 ? 0 : 1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (rec_out && fclose(rec_out) != 0) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->out_path, strerror(errno));
        status = 1;
    }
    if (lg.fd >= 0 && (fsync(lg.fd) != 0) + (close(lg.fd) != 0)) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->log_path, strerror(errno));
        status = 1;
    }
    if (status == 0) {
        sk_arena_report(stdout, &o->m, st);
        fprintf(stderr, "arena: %llu jobs, %.1f s\n", (unsigned long long)o->jobs,
                (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "schafkopf: arena: cannot write the report: %s\n", strerror(errno));
            status = 1;
        }
    }
    free(st);
    return status;
}

int sk_cmd_arena(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--combine") == 0)
            return sk_arena_combine(argc, argv);
    arena_opts *o = calloc(1, sizeof *o);
    if (!o)
        return 1;
    sk_rules_preset(&o->m.rules, "official", NULL);
    o->deals = 100;
    o->first = 1;
    o->time_ms = 1000;
    o->start_ms = 5000;
    o->jobs = (uint64_t)sk_cli_cores();
    bool seeded = false;
    int rc = sk_arena_parse_opts(argc, argv, o, &seeded);
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
