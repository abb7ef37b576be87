/*
 * solver_par.c -- exact values on several threads: the zero-window
 * tests of the bisection (solver.c, exact) run at once for different
 * thresholds, each thread with its own search state over the one shared
 * transposition table.
 *
 * The interval [lo, hi] that holds the value is shared.  A thread takes
 * the widest stretch of it that no test in flight splits yet, tests its
 * middle, and narrows the interval by the fail-soft result.  A test
 * whose threshold falls outside the interval meanwhile can no longer
 * tell anything, so it is stopped.  Threads learn from each other
 * through the table: every bound stored by one test is valid for all,
 * and a stopped search stores nothing it did not finish.  The table's
 * entries are written and read field by field with a check that makes
 * a torn read miss (solver_tt.c), so no locks are taken per node.
 *
 * The value found is the exact value, the same as on one thread; only
 * the node counts differ from run to run.  Calls under a node limit
 * stay on one thread, as a budget must give the same result each time.
 */
#include "solver_internal.h"

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One thread's part: the main thread is participant 0, the helpers
 * 1..n-1. */
typedef struct par_part {
    struct skx_par *p;
    sk_solver *s;    /* its search state: the caller's, or the helper's own copy */
    atomic_int stop; /* its test is moot: unwind */
    int b;           /* the threshold it tests, 0: none */
    pthread_t thread;
    int started;
} par_part;

struct skx_par {
    pthread_mutex_t mu;
    pthread_cond_t wake; /* a new job, a narrower interval, or quit */
    pthread_cond_t idle; /* a helper has left the job */
    int n;               /* participants, main included */
    par_part part[SK_SOLVER_MAX_THREADS];
    unsigned job;        /* counts jobs; helpers wait for it to change */
    int m, lo, hi;       /* the job: card (or -1) and the interval */
    int busy;            /* helpers still in the job */
    int quit;
};

/* The node count at which a participant's search next looks at its
 * stop flag (skx_solver_check_stop). */
#define PAR_CHECK_EVERY 1024

/*
 * The threshold a free participant should test, or 0 when every value
 * left is already split off by a test in flight: the tests in flight
 * cut [lo, hi] into stretches (a test of b separates the values below b
 * from those from b up); the middle of the widest stretch.
 */
static int pick(const struct skx_par *p)
{
    int t[SK_SOLVER_MAX_THREADS], k = 0;
    for (int i = 0; i < p->n; i++) {
        int b = p->part[i].b;
        if (b > p->lo && b <= p->hi) {
            int j = k++;
            while (j > 0 && t[j - 1] > b) {
                t[j] = t[j - 1];
                j--;
            }
            t[j] = b;
        }
    }
    int best = 0, best_b = 0;
    for (int j = 0; j <= k; j++) {
        int from = j ? t[j - 1] : p->lo, to = j < k ? t[j] - 1 : p->hi;
        if (to - from > best) {
            best = to - from;
            best_b = (from + to + 1) / 2;
        }
    }
    return best_b;
}

/* Stops the tests in flight whose thresholds left the interval. */
static void stop_moot(struct skx_par *p)
{
    for (int i = 0; i < p->n; i++) {
        int b = p->part[i].b;
        if (b && !(b > p->lo && b <= p->hi))
            atomic_store_explicit(&p->part[i].stop, 1, memory_order_relaxed);
    }
}

/*
 * One participant's share of a job: tests thresholds until the interval
 * is a single value.  Called and returns with the lock held; the lock
 * is released while searching.
 */
static void take_part(struct skx_par *p, int me)
{
    par_part *pt = &p->part[me];
    sk_solver *s = pt->s;
    while (p->lo < p->hi) {
        int b = pick(p);
        if (!b) {
            pthread_cond_wait(&p->wake, &p->mu);
            continue;
        }
        pt->b = b;
        atomic_store_explicit(&pt->stop, 0, memory_order_relaxed);
        int m = p->m;
        pthread_mutex_unlock(&p->mu);

        s->aborted = 0;
        s->node_limit = s->nodes + PAR_CHECK_EVERY;
        int g = skx_solver_search(s, m, b - 1, b);
        int stopped = s->aborted;
        s->aborted = 0;

        pthread_mutex_lock(&p->mu);
        pt->b = 0;
        if (!stopped) {
            if (g < b && g < p->hi)
                p->hi = g;
            else if (g >= b && g > p->lo)
                p->lo = g;
            assert(p->lo <= p->hi);
            stop_moot(p);
            pthread_cond_broadcast(&p->wake);
        }
    }
}

/* A helper thread: waits for jobs and takes part in each. */
static void *helper_main(void *arg)
{
    par_part *pt = arg;
    struct skx_par *p = pt->p;
    int me = (int)(pt - p->part);
    unsigned seen = 0;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (p->job == seen && !p->quit)
            pthread_cond_wait(&p->wake, &p->mu);
        if (p->quit)
            break;
        seen = p->job;
        take_part(p, me);
        if (--p->busy == 0)
            pthread_cond_signal(&p->idle);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* Stops and frees the helpers of a solver (none: nothing to do). */
void skx_solver_par_free(sk_solver *s)
{
    struct skx_par *p = s->par;
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->quit = 1;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->mu);
    for (int i = 1; i < p->n; i++) {
        if (p->part[i].started)
            pthread_join(p->part[i].thread, NULL);
        free(p->part[i].s);
    }
    pthread_cond_destroy(&p->idle);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->mu);
    free(p);
    s->par = NULL;
}

/* Starts the helpers for s->threads participants; 0, or SK_ENOMEM when
 * a helper could not be made (then there are none). */
static int par_start(sk_solver *s)
{
    struct skx_par *p = calloc(1, sizeof *p);
    if (!p)
        return SK_ENOMEM;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->idle, NULL);
    p->n = s->threads;
    for (int i = 0; i < p->n; i++)
        atomic_init(&p->part[i].stop, 0);
    p->part[0].s = s;
    p->part[0].p = p;
    s->par = p;
    for (int i = 1; i < p->n; i++) {
        par_part *pt = &p->part[i];
        pt->s = malloc(sizeof *pt->s);
        if (!pt->s) {
            skx_solver_par_free(s);
            return SK_ENOMEM;
        }
        pt->p = p;
        if (pthread_create(&pt->thread, NULL, helper_main, pt) != 0) {
            skx_solver_par_free(s);
            return SK_ENOMEM;
        }
        pt->started = 1;
    }
    return SK_OK;
}

/* Whether a participant's search must unwind: its stop flag is set.
 * Else it looks again after PAR_CHECK_EVERY more nodes. */
int skx_solver_check_stop(sk_solver *s)
{
    if (!s->stop_flag) { /* the node limit itself, or a look at the deadline */
        if (!s->deadline_us || s->nodes >= s->hard_limit)
            return 1;
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        if ((int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000 >= s->deadline_us)
            return 1;
        uint64_t next = s->nodes + SKX_SOLVER_CLOCK_EVERY;
        s->node_limit = next < s->hard_limit ? next : s->hard_limit;
        return 0;
    }
    if (atomic_load_explicit(s->stop_flag, memory_order_relaxed))
        return 1;
    s->node_limit = s->nodes + PAR_CHECK_EVERY;
    return 0;
}

/*
 * The exact value of internal card m played now (m < 0: of the current
 * position), known to lie in [lo, hi], by tests on s->threads threads
 * (see the top of the file); the caller has no node limit.  SK_ENOMEM
 * when the helpers could not be started: the caller then searches
 * alone.
 */
int skx_solver_par_exact(sk_solver *s, int m, int lo, int hi)
{
    if (!s->par && par_start(s) < 0)
        return SK_ENOMEM;
    struct skx_par *p = s->par;
    pthread_mutex_lock(&p->mu);
    for (int i = 1; i < p->n; i++) {
        sk_solver *h = p->part[i].s;
        memcpy(h, s, sizeof *h);
        h->par = NULL;
        h->threads = 1;
        h->nodes = 0;
        h->stop_flag = &p->part[i].stop;
    }
    uint64_t limit = s->node_limit;
    s->stop_flag = &p->part[0].stop;
    p->m = m;
    p->lo = lo;
    p->hi = hi;
    p->busy = p->n - 1;
    p->job++;
    pthread_cond_broadcast(&p->wake);
    take_part(p, 0);
    while (p->busy > 0)
        pthread_cond_wait(&p->idle, &p->mu);
    int v = p->lo;
    pthread_mutex_unlock(&p->mu);
    for (int i = 1; i < p->n; i++)
        s->nodes += p->part[i].s->nodes;
    s->stop_flag = NULL;
    s->node_limit = limit;
    return v;
}
