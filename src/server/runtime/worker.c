/*
 * worker.c -- the bot threads.  The event loop never waits for a bot: it
 * posts a job (a copy of the seat's view and the seat's bot) and goes
 * on; a worker computes the decision, puts the job on the done list and
 * wakes the loop (skx_transport_wake).  The loop applies the answer
 * only if the room still stands at the event the view was made at.
 * Engines (child processes whose pipes may block, engines.c) take the
 * same way, and so do the message handlers' jobs (a hint, a claim, a
 * rating), which bring their work and their done as functions.
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

/* A worker: takes jobs until told to stop. */
static void *worker_main(void *arg)
{
    skx_pool *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && !p->todo_head)
            pthread_cond_wait(&p->cv, &p->mu);
        if (p->stop)
            break;
        skx_job *j = p->todo_head;
        p->todo_head = j->next;
        if (!p->todo_head)
            p->todo_tail = NULL;
        pthread_mutex_unlock(&p->mu);

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
int skx_pool_start(skx_pool *p, int n, skx_transport *tp, sk_error *err)
{
    assert(n > 0);
    memset(p, 0, sizeof *p);
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

/* Queues a job for the next free worker. */
void skx_pool_post(skx_pool *p, skx_job *j)
{
    j->next = NULL;
    pthread_mutex_lock(&p->mu);
    if (p->todo_tail)
        p->todo_tail->next = j;
    else
        p->todo_head = j;
    p->todo_tail = j;
    pthread_cond_signal(&p->cv);
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
    free_jobs(p->todo_head);
    free_jobs(p->done_head);
    p->todo_head = p->todo_tail = p->done_head = p->done_tail = NULL;
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->mu);
}
