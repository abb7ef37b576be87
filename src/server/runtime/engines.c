/*
 * engines.c -- engines at a server table: programs that speak the line
 * protocol of docs/engine-protocol.md, offered by the operator with
 * `serve --engine NAME=COMMAND` and seated by clients as bot spec
 * "ext:NAME" (a client names an engine, never a command).
 *
 * Each engine seat has its own child process, started on a worker
 * thread at the seat's first decision and driven only from worker
 * threads: the loop never writes to or waits on an engine.  A decision
 * job carries copies of the running game and the one before; the worker
 * tells the engine what happened since it last decided -- every line
 * made by src/table/engine_lines.c through core's visibility for the
 * engine's seat, exactly as the arena does -- then asks it.  When the
 * engine fails (does not start, times out, crashes, answers nonsense)
 * the room's fallback bot decides, then and for the rest of the seat's
 * time; the loop logs why.
 */
#include "server/runtime/runtime.h"

#include "table/engine.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The handshake's time limit (an interpreter may start slowly). */
#define SKX_ENGINE_HANDSHAKE_MS 10000

/* The command of an offered engine ("ext:NAME"), or NULL. */
const char *skx_engine_command(const skx_runtime *rt, const char *name)
{
    if (strncmp(name, "ext:", 4) != 0)
        return NULL;
    for (int i = 0; i < rt->cfg->nengines; i++)
        if (strcmp(rt->cfg->engine_names[i], name + 4) == 0)
            return rt->cfg->engine_cmds[i];
    return NULL;
}

json_t *skx_engine_names(const skx_runtime *rt)
{
    json_t *a = json_array();
    for (int i = 0; a && i < rt->cfg->nengines; i++) {
        char spec[SKX_BOT_MAX + 1];
        snprintf(spec, sizeof spec, "ext:%s", rt->cfg->engine_names[i]);
        json_array_append_new(a, json_string(spec));
    }
    return a;
}

/* Ends an engine seat: its process, then the seat (worker or teardown). */
void skx_engseat_free(skx_engseat *es)
{
    if (!es)
        return;
    skx_engine_free(es->eng);
    free(es);
}

/* Ends an engine seat off the loop: "quit" and its grace period may
 * take a second. */
void skx_engine_retire(skx_runtime *rt, skx_engseat *es)
{
    if (!es)
        return;
    skx_job *j = rt->pool_started ? calloc(1, sizeof *j) : NULL;
    if (!j) {
        skx_engseat_free(es);
        return;
    }
    j->kind = SKX_JOB_RETIRE;
    j->eng = es;
    j->seat = -1;
    skx_pool_post(&rt->pool, j);
}

/* A malloc'd copy of a game whose ruleset pointer is the job's. */
static sk_game *game_copy(const sk_game *g, const sk_rules *rules)
{
    sk_game *c = g ? malloc(sizeof *c) : NULL;
    if (c) {
        *c = *g;
        c->rules = rules;
    }
    return c;
}

/* Lends the seat's engine to a decision job; see runtime.h. */
bool skx_engine_attach(skx_runtime *rt, skx_room *rm, int seat, const char *spec, skx_job *j)
{
    const char *command = skx_engine_command(rt, spec);
    const sk_game *g = sk_room_game(rm->room);
    if (!command || !g)
        return false;
    skx_engseat *es = rm->engines[seat];
    if (es && strcmp(es->name, spec) != 0) {
        skx_engine_retire(rt, es);
        es = rm->engines[seat] = NULL;
    }
    if (!es) {
        es = calloc(1, sizeof *es);
        if (!es)
            return false;
        snprintf(es->name, sizeof es->name, "%s", spec);
        es->command = command;
        es->time_ms = rt->cfg->engine_ms;
        es->rules = *sk_room_rules(rm->room);
    }
    uint32_t last_no = 0;
    const sk_game *last = sk_room_last_game(rm->room, &last_no);
    j->cur = game_copy(g, &j->rules);
    j->cur_no = sk_room_game_no(rm->room);
    /* the rest of the game before, if the engine has not seen its end */
    if (last && es->game_no == last_no && es->game_no != j->cur_no) {
        j->last = game_copy(last, &j->rules);
        j->last_no = last_no;
    }
    if (!j->cur || (last && es->game_no == last_no && !j->last)) {
        free(j->cur);
        free(j->last);
        j->cur = j->last = NULL;
        rm->engines[seat] = es;
        return false;
    }
    sk_action legal[SK_MAX_LEGAL];
    int n = 0;
    sk_room_pending(rm->room, legal, &n);
    j->gseat = j->view.seat;
    for (int i = 0; i < n; i++) {
        j->legal[i] = legal[i];
        j->legal[i].seat = (uint8_t)j->gseat; /* the engine plays the game's seats */
    }
    j->nlegal = n;
    j->go_kind = skx_engine_decision_kind(g, sk_room_offer(rm->room));
    randombytes_buf(&j->secret, sizeof j->secret);
    j->eng = es;
    rm->engines[seat] = NULL; /* lent */
    return true;
}

/* Tells the engine the actions of g it has not been told, each as its
 * seat sees it (src/table/engine_lines.c through core's visibility). */
static int tell_actions(skx_engseat *es, const sk_game *g, char *why, size_t whysize)
{
    for (; es->sent < g->pub.nactions; es->sent++) {
        sk_error err = {{0}, NULL};
        if (sk_game_apply(&es->replica, g->pub.actions[es->sent], &err) < 0) {
            snprintf(why, whysize, "the server's copy of the game: %.120s", err.msg);
            return SKX_ENGINE_FAIL_CRASH;
        }
        int rc = skx_engine_event(es->eng, &es->replica, why, whysize);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* Tells the engine the end of the game before (if it missed it) and the
 * running game so far: a new game from its deal when it is new. */
static int tell(skx_engseat *es, skx_job *j)
{
    int rc = 0;
    if (j->last && es->game_no == j->last_no)
        rc = tell_actions(es, j->last, j->why, sizeof j->why);
    if (rc == 0 && es->game_no != j->cur_no) {
        const sk_public *p = &j->cur->pub;
        sk_error err = {{0}, NULL};
        if (sk_game_init(&es->replica, &es->rules, p->dealer, j->cur->dealt, p->first_game,
                         &err) < 0 ||
            sk_game_set_round(&es->replica, p->bock, p->kreuzbock_round, &err) < 0) {
            snprintf(j->why, sizeof j->why, "the server's copy of the game: %.120s", err.msg);
            return SKX_ENGINE_FAIL_CRASH;
        }
        char id[16]; /* the game's number: nothing the deal follows from */
        snprintf(id, sizeof id, "%lu", (unsigned long)j->cur_no);
        es->game_no = j->cur_no;
        es->sent = 0;
        rc = skx_engine_new_game(es->eng, &es->replica, j->gseat, id, j->secret, j->why,
                                 sizeof j->why);
    }
    return rc == 0 ? tell_actions(es, j->cur, j->why, sizeof j->why) : rc;
}

/* Worker side: the engine's decision, or the fallback bot's; see
 * runtime.h. */
sk_action skx_engine_job_act(skx_job *j)
{
    skx_engseat *es = j->eng;
    j->why[0] = '\0';
    if (!es->failed && !es->eng) {
        es->eng = skx_engine_start(es->command, &es->rules, es->time_ms,
                                   SKX_ENGINE_HANDSHAKE_MS, j->why, sizeof j->why);
        es->failed = es->eng == NULL;
    }
    if (es->eng) {
        int choice = -1;
        int rc = tell(es, j);
        if (rc == 0)
            rc = skx_engine_decide(es->eng, j->legal, j->nlegal, j->go_kind, &choice, j->why,
                                   sizeof j->why);
        size_t len;
        free(skx_engine_take_info(es->eng, &len)); /* info lines: not kept by the server */
        if (rc == 0 && choice >= 0 && choice < j->nlegal)
            return j->legal[choice];
        if (!j->why[0])
            snprintf(j->why, sizeof j->why, "%s", skx_engine_fail_name(rc));
        skx_engine_free(es->eng);
        es->eng = NULL;
        es->failed = 1;
    }
    j->stand_in = true;
    return skx_job_bot_act(j);
}

/* A finished engine job: the engine seat back to the room, or retired;
 * see runtime.h. */
void skx_engine_detach(skx_runtime *rt, skx_room *rm, skx_job *j)
{
    skx_engseat *es = j->eng;
    j->eng = NULL;
    free(j->cur);
    free(j->last);
    j->cur = j->last = NULL;
    if (!es)
        return;
    if (j->why[0] && !rt->cfg->quiet)
        skx_log(SKX_LOG_WARN,
                "server: room %s seat %d: engine %s failed, the room's bot plays for it: %s\n",
                rm ? rm->code : "?", j->seat, es->name, j->why);
    const sk_room_seat *st = rm ? sk_room_seat_at(rm->room, j->seat) : NULL;
    if (st && st->kind == SK_ROOM_BOT && !st->away && strcmp(st->bot, es->name) == 0 &&
        !rm->engines[j->seat])
        rm->engines[j->seat] = es;
    else
        skx_engine_retire(rt, es);
}
