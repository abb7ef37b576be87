/*
 * worker.c -- the bot threads.  The event loop never waits for a bot: it
 * posts a job (a copy of the seat's view and the seat's bot) and goes
 * on; a worker computes the decision, puts the job on the done list and
 * wakes the loop (skx_transport_wake).  The loop applies the answer
 * only if the room still stands at the event the view was made at.
 * Engines (child processes whose pipes may block, engines.c) take the
 * same way, and so do the message handlers' jobs (a hint, a claim, a
 * rating), which bring their work and their done as functions.
 *
 * Fair shares: jobs wait in lanes -- one per room creator's address
 * (skx_room_lane) -- and the workers take them round-robin across the
 * lanes, oldest first within one, so a table waits behind at most one
 * job of each other lane, not behind a flood's backlog.  Heavy jobs
 * (pimc:strong and the like, engines, ratings) run on at most
 * heavy_max workers at once: the others stay free for ordinary bots.
 * A bot's decision has a time budget (sk_bot_set_time_budget).
 */
#include "server/runtime/runtime.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The decision of a job's bot; see runtime.h. */
sk_action skx_job_bot_act(skx_job *j)
{
    return j->offered ? sk_bot_act(j->bot, &j->view) : sk_bot_turn(j->bot, &j->view);
}

/* Whether a bot spec is heavy; see runtime.h. */
bool skx_bot_heavy(const char *spec)
{
    if (strncmp(spec, "ext:", 4) == 0 || strcmp(spec, "expert") == 0)
        return true; /* the Expert level searches up to a second a card */
    if (strncmp(spec, "pimc:", 5) != 0)
        return false;
    if (strncmp(spec + 5, "strong", 6) == 0 || strstr(spec, ":fuse"))
        return true;
    return atoi(spec + 5) > 32;
}

/* The lane of a room's jobs; see runtime.h.  Address keys and room ids
 * apart by the top bit. */
uint64_t skx_room_lane(const skx_room *rm)
{
    return rm->owner_addr ? rm->owner_addr & ~(UINT64_C(1) << 63)
                          : rm->id | UINT64_C(1) << 63;
}

/* Takes a lane out of the ring (it has no job left) and frees it. */
static void lane_drop(skx_pool *p, skx_lane *l)
{
    if (l->next == l) {
        p->ring = NULL;
    } else {
        l->prev->next = l->next;
        l->next->prev = l->prev;
        if (p->ring == l)
            p->ring = l->next;
    }
    if (l == &p->spare)
        memset(l, 0, sizeof *l);
    else
        free(l);
}

/* The next job a worker may run (mutex held): from the lanes in turn,
 * starting at the ring's cursor, the oldest of a lane that is not heavy
 * beyond the cap; the cursor moves past the lane served.  NULL: none. */
static skx_job *take_job(skx_pool *p)
{
    skx_lane *l = p->ring;
    if (!l)
        return NULL;
    do {
        skx_job *prev = NULL;
        for (skx_job *j = l->head; j; prev = j, j = j->next) {
            if (j->heavy && p->heavy_running >= p->heavy_max)
                continue;
            if (prev)
                prev->next = j->next;
            else
                l->head = j->next;
            if (l->tail == j)
                l->tail = prev;
            j->next = NULL;
            if (j->heavy)
                p->heavy_running++;
            p->ring = l->next;
            if (!l->head)
                lane_drop(p, l);
            return j;
        }
        l = l->next;
    } while (l != p->ring);
    return NULL;
}

/* A worker: takes jobs until told to stop. */
static void *worker_main(void *arg)
{
    skx_pool *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        skx_job *j = NULL;
        while (!p->stop && !(j = take_job(p)))
            pthread_cond_wait(&p->cv, &p->mu);
        if (p->stop) {
            if (j) { /* back where it was taken: freed with the rest */
                j->next = NULL;
                if (j->heavy)
                    p->heavy_running--;
                if (p->done_tail)
                    p->done_tail->next = j;
                else
                    p->done_head = j;
                p->done_tail = j;
            }
            break;
        }
        pthread_mutex_unlock(&p->mu);
        if (j->bot)
            sk_bot_set_time_budget(j->bot, p->budget_ms);

        j->view.rules = &j->rules; /* the view points into the job, not the room */
        if (j->work) {
            j->work(j); /* a hint, a claim, a rating: the handlers' */
        } else if (j->kind == SKX_JOB_RETIRE) {
            skx_engseat_free(j->eng);
            j->eng = NULL;
        } else {
            j->act = j->passes ? sk_act_pass(j->view.seat)
                     : j->eng  ? skx_engine_job_act(j)
                               : skx_job_bot_act(j);
        }
        j->next = NULL;

        pthread_mutex_lock(&p->mu);
        if (j->heavy) { /* a heavy job may wait for this worker */
            p->heavy_running--;
            pthread_cond_broadcast(&p->cv);
        }
        if (p->done_tail)
            p->done_tail->next = j;
        else
            p->done_head = j;
        p->done_tail = j;
        if (p->tp)
            skx_transport_wake(p->tp);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* Starts n worker threads; 0 or an error naming the failure. */
int skx_pool_start(skx_pool *p, int n, int heavy_max, int budget_ms, skx_transport *tp,
                   sk_error *err)
{
    assert(n > 0);
    memset(p, 0, sizeof *p);
    p->heavy_max = heavy_max > 0 && heavy_max < n ? heavy_max : n; /* 0: no cap */
    p->budget_ms = budget_ms;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->tp = tp;
    p->threads = calloc((size_t)n, sizeof *p->threads);
    if (!p->threads) {
        snprintf(err->msg, sizeof err->msg, "server: out of memory for %d workers", n);
        return SK_ENOMEM;
    }
    for (int i = 0; i < n; i++) {
        if (pthread_create(&p->threads[i], NULL, worker_main, p) != 0) {
            snprintf(err->msg, sizeof err->msg, "server: cannot start worker thread %d", i + 1);
            skx_pool_stop(p);
            return SK_EIO;
        }
        p->n++;
    }
    return 0;
}

/* Queues a job in its lane (a new lane joins the ring just before the
 * cursor: it is served after those already waiting, once each). */
void skx_pool_post(skx_pool *p, skx_job *j)
{
    j->next = NULL;
    pthread_mutex_lock(&p->mu);
    skx_lane *l = p->ring;
    if (l) {
        do {
            if (l->key == j->lane)
                break;
            l = l->next;
        } while (l != p->ring);
        if (l->key != j->lane)
            l = NULL;
    }
    bool fresh = false;
    if (!l) {
        fresh = true;
        if (!(l = calloc(1, sizeof *l))) {
            l = &p->spare; /* out of memory: the spare lane, shared by all who lack one */
            fresh = !l->next; /* not in the ring yet */
        }
    }
    if (fresh) {
        l->key = j->lane;
        if (p->ring) {
            l->next = p->ring;
            l->prev = p->ring->prev;
            l->prev->next = l;
            p->ring->prev = l;
        } else {
            l->next = l->prev = l;
            p->ring = l;
        }
    }
    if (l->tail)
        l->tail->next = j;
    else
        l->head = j;
    l->tail = j;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
}

/* Takes the list of finished jobs, oldest first. */
skx_job *skx_pool_take(skx_pool *p)
{
    pthread_mutex_lock(&p->mu);
    skx_job *j = p->done_head;
    p->done_head = p->done_tail = NULL;
    pthread_mutex_unlock(&p->mu);
    return j;
}

/* Frees a list of jobs, their bots and engines. */
static void free_jobs(skx_job *j)
{
    while (j) {
        skx_job *next = j->next;
        sk_bot_free(j->bot);
        skx_engseat_free(j->eng);
        free(j->data); /* a rating that never came back */
        free(j->cur);
        free(j->last);
        free(j);
        j = next;
    }
}

/* Stops the workers (a job in progress finishes first) and frees what
 * is left. */
void skx_pool_stop(skx_pool *p)
{
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->n; i++)
        pthread_join(p->threads[i], NULL);
    free(p->threads);
    p->threads = NULL;
    p->n = 0;
    while (p->ring) {
        free_jobs(p->ring->head);
        lane_drop(p, p->ring);
    }
    free_jobs(p->done_head);
    p->done_head = p->done_tail = NULL;
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->mu);
}
