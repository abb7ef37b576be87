/*
 * engine.c -- an external engine as a seat at the table: a child process
 * that speaks the line protocol of docs/engine-protocol.md.
 *
 * The child is `/bin/sh -c COMMAND` in its own process group, so a kill
 * reaches whatever the shell started.  Both pipes are non-blocking on our
 * side and every read and write waits with poll() against a deadline:
 * an engine that hangs, floods or dies costs at most its time limit and
 * never blocks the arena.  Any failure kills the process group at once;
 * the caller then plays the seat with a fallback bot and may start the
 * engine again for the next game.  The parsers of what the engine writes
 * live in engine_parse.c.
 */
#define _GNU_SOURCE /* pipe2, environ */
#include "table/engine.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* How long a healthy engine may take to exit after "quit". */
#define QUIT_GRACE_MS 1000
/* Lines an engine may write before "ready" (id, info, unknown). */
#define HANDSHAKE_LINES 64

struct skx_engine {
    pid_t pid;           /* the shell, leader of its process group; -1 once reaped */
    int to_fd;           /* the engine's stdin */
    int from_fd;         /* the engine's stdout */
    int time_ms;         /* limit of one decision */
    bool dead;           /* killed after a failure */
    struct skx_engine *prev, *next; /* in the list of running engines */
    char name[64];       /* from "id name" */
    int seat;            /* its seat in the current game */
    sk_cards told;       /* the hand it was last told of */
    char *info;          /* info lines since the last take, '\n'-terminated */
    size_t info_len, info_cap;
    bool info_cut;       /* some were dropped: more than SKX_ENGINE_INFO_MAX */
    size_t buflen;       /* bytes of an unfinished line in buf */
    char buf[SKX_ENGINE_LINE_MAX + 2];
};

/*
 * The engines whose process group is alive, so skx_engine_kill_all can end
 * them all when the arena is stopped by a signal.  An engine leaves the
 * list (under the lock) before its shell is reaped: while listed, its pid
 * is still its process group's id and cannot have been reused.  After
 * skx_engine_kill_all the list is closed: an engine started later is
 * killed at once.
 */
static pthread_mutex_t running_mu = PTHREAD_MUTEX_INITIALIZER;
static skx_engine *running;
static bool running_closed;

/* Takes an engine out of the list of running ones; the caller holds
 * running_mu. */
static void unlist_locked(skx_engine *e)
{
    if (e->prev)
        e->prev->next = e->next;
    else if (running == e)
        running = e->next;
    if (e->next)
        e->next->prev = e->prev;
    e->prev = e->next = NULL;
}

/* Puts a freshly spawned engine on the list; -1 (the caller kills it)
 * when the list is closed because the arena is stopping. */
static int list_engine(skx_engine *e)
{
    pthread_mutex_lock(&running_mu);
    int rc = running_closed ? -1 : 0;
    if (rc == 0) {
        e->prev = NULL;
        e->next = running;
        if (running)
            running->prev = e;
        running = e;
    }
    pthread_mutex_unlock(&running_mu);
    return rc;
}

/* Kills every running engine's process group; see engine.h. */
void skx_engine_kill_all(void)
{
    pthread_mutex_lock(&running_mu);
    running_closed = true;
    for (skx_engine *e = running; e; e = e->next)
        kill(-e->pid, SIGKILL);
    pthread_mutex_unlock(&running_mu);
}

/* Milliseconds of the monotonic clock. */
static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Writes a reason, printf-style, if the caller wants one. */
static void why_printf(char *why, size_t whysize, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void why_printf(char *why, size_t whysize, const char *fmt, ...)
{
    if (!why || !whysize)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, whysize, fmt, ap);
    va_end(ap);
}

/* Kills the engine's process group and reaps the shell: after a failure
 * nothing of it may linger. */
static void kill_child(skx_engine *e)
{
    if (e->pid > 0) {
        pthread_mutex_lock(&running_mu);
        unlist_locked(e);
        pthread_mutex_unlock(&running_mu);
        kill(-e->pid, SIGKILL);
        kill(e->pid, SIGKILL);
        while (waitpid(e->pid, NULL, 0) < 0 && errno == EINTR)
            ;
        e->pid = -1;
    }
    if (e->to_fd >= 0)
        close(e->to_fd);
    if (e->from_fd >= 0)
        close(e->from_fd);
    e->to_fd = e->from_fd = -1;
    e->dead = true;
}

/* Describes how the child ended, if it has: "exited with status 3". */
static void exit_text(skx_engine *e, char *buf, size_t size)
{
    int status;
    pid_t r = -1;
    for (int i = 0; i < 20 && e->pid > 0; i++) { /* it has just closed its pipe */
        pthread_mutex_lock(&running_mu);
        r = waitpid(e->pid, &status, WNOHANG);
        if (r == e->pid) {
            kill(-e->pid, SIGKILL); /* anything it left behind in its group */
            unlist_locked(e);
        }
        pthread_mutex_unlock(&running_mu);
        if (r != 0)
            break;
        struct timespec ts = {0, 5 * 1000000};
        nanosleep(&ts, NULL);
    }
    if (r == e->pid && WIFEXITED(status))
        snprintf(buf, size, "exited with status %d", WEXITSTATUS(status));
    else if (r == e->pid && WIFSIGNALED(status))
        snprintf(buf, size, "killed by signal %d", WTERMSIG(status));
    else
        snprintf(buf, size, "closed its output");
    if (r == e->pid)
        e->pid = -1;
}

/* Sends text within the deadline; 0 or a failure kind (the engine is
 * killed). */
static int send_text(skx_engine *e, const char *text, size_t len, int64_t deadline, char *why,
                     size_t whysize)
{
    if (e->dead) {
        why_printf(why, whysize, "engine is not running");
        return SKX_ENGINE_FAIL_CRASH;
    }
    while (len > 0) {
        ssize_t n = write(e->to_fd, text, len);
        if (n > 0) {
            text += n;
            len -= (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN) {
            int64_t left = deadline - now_ms();
            struct pollfd p = {e->to_fd, POLLOUT, 0};
            if (left > 0 && poll(&p, 1, (int)left) >= 0)
                continue;
            if (left <= 0) {
                why_printf(why, whysize, "does not read its input (write timed out)");
                kill_child(e);
                return SKX_ENGINE_FAIL_TIMEOUT;
            }
            continue;
        }
        char how[64];
        exit_text(e, how, sizeof how);
        why_printf(why, whysize, "%s (write failed: %s)", how,
                   strerror(n < 0 ? errno : EIO));
        kill_child(e);
        return SKX_ENGINE_FAIL_CRASH;
    }
    return 0;
}

/* Takes one complete line out of the buffer into `line`, if there is
 * one; returns its length or -1. */
static long take_line(skx_engine *e, char *line)
{
    char *nl = memchr(e->buf, '\n', e->buflen);
    if (!nl)
        return -1;
    size_t len = (size_t)(nl - e->buf);
    memcpy(line, e->buf, len);
    line[len] = '\0';
    e->buflen -= len + 1;
    memmove(e->buf, nl + 1, e->buflen);
    return (long)len;
}

/*
 * Reads one line (cleaned, see skx_engine_clean_line) before the deadline
 * into line[SKX_ENGINE_LINE_MAX + 2].  deadline < 0: only what has
 * arrived already, returning 1 when there is no complete line.  0 on
 * success, else a failure kind (the engine is killed).
 */
static int read_line(skx_engine *e, int64_t deadline, char *line, char *why, size_t whysize)
{
    for (;;) {
        long len = take_line(e, line);
        if (len >= 0) {
            if (skx_engine_clean_line(line, (size_t)len, why, whysize) < 0) {
                kill_child(e);
                return SKX_ENGINE_FAIL_GARBAGE;
            }
            return 0;
        }
        if (e->buflen >= sizeof e->buf - 1) {
            why_printf(why, whysize, "line longer than %d bytes", SKX_ENGINE_LINE_MAX);
            kill_child(e);
            return SKX_ENGINE_FAIL_GARBAGE;
        }
        int64_t left = deadline < 0 ? 0 : deadline - now_ms();
        if (deadline >= 0 && left <= 0) {
            why_printf(why, whysize, "no answer within %d ms (killed)", e->time_ms);
            kill_child(e);
            return SKX_ENGINE_FAIL_TIMEOUT;
        }
        struct pollfd p = {e->from_fd, POLLIN, 0};
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno != EINTR) {
            why_printf(why, whysize, "poll: %s", strerror(errno));
            kill_child(e);
            return SKX_ENGINE_FAIL_CRASH;
        }
        if (r <= 0) {
            if (deadline < 0)
                return 1;
            continue;
        }
        ssize_t n = read(e->from_fd, e->buf + e->buflen, sizeof e->buf - 1 - e->buflen);
        if (n > 0) {
            e->buflen += (size_t)n;
            continue;
        }
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        char how[64];
        exit_text(e, how, sizeof how);
        why_printf(why, whysize, "%s", how);
        kill_child(e);
        return SKX_ENGINE_FAIL_CRASH;
    }
}

/* Makes fd `from` the child's fd `to` (no FD_CLOEXEC); async-signal-safe. */
static int move_fd(int from, int to)
{
    if (from == to)
        return fcntl(to, F_SETFD, 0);
    return dup2(from, to) < 0 ? -1 : 0;
}

/* Forks `/bin/sh -c command` with its stdin and stdout on pipes; 0 or
 * -1 with a reason. */
static int spawn(skx_engine *e, const char *command, char *why, size_t whysize)
{
    int in[2], out[2];
    char *cmd = strdup(command);
    if (!cmd || pipe2(in, O_CLOEXEC) < 0) {
        why_printf(why, whysize, "cannot start: %s", strerror(errno));
        free(cmd);
        return -1;
    }
    if (pipe2(out, O_CLOEXEC) < 0) {
        why_printf(why, whysize, "cannot start: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        free(cmd);
        return -1;
    }
    char *argv[] = {"sh", "-c", cmd, NULL};
    pid_t pid = fork();
    if (pid == 0) {
        /* the child: only async-signal-safe calls until execve */
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = SIG_DFL;
        sigaction(SIGPIPE, &sa, NULL); /* the arena ignores it; the engine should not */
        setpgid(0, 0);
        if (move_fd(in[0], 0) < 0 || move_fd(out[1], 1) < 0)
            _exit(127);
        execve("/bin/sh", argv, environ);
        _exit(127);
    }
    int saved = errno;
    free(cmd);
    close(in[0]);
    close(out[1]);
    if (pid < 0) {
        why_printf(why, whysize, "cannot start: fork: %s", strerror(saved));
        close(in[1]);
        close(out[0]);
        return -1;
    }
    setpgid(pid, pid); /* also here, so a kill never misses the group */
    e->pid = pid;
    if (list_engine(e) < 0) {
        why_printf(why, whysize, "cannot start: the arena is stopping");
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
            ;
        e->pid = -1;
        close(in[1]);
        close(out[0]);
        return -1;
    }
    e->to_fd = in[1];
    e->from_fd = out[0];
    fcntl(e->to_fd, F_SETFL, fcntl(e->to_fd, F_GETFL) | O_NONBLOCK);
    fcntl(e->from_fd, F_SETFL, fcntl(e->from_fd, F_GETFL) | O_NONBLOCK);
    return 0;
}

/* Writes the ruleset as "rule KEY VALUE" lines and "rules end". */
static size_t format_rules(const sk_rules *r, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "rule preset %s\n", r->preset);
    for (size_t i = 0; i < sk_rules_option_count() && n < size; i++) {
        const sk_rule_option *o = sk_rules_option(i);
        char value[64];
        sk_rules_get(r, o->key, value, sizeof value);
        n += (size_t)snprintf(buf + n, size - n, "rule %s %s\n", o->key, value);
    }
    if (n < size)
        n += (size_t)snprintf(buf + n, size - n, "rules end\n");
    return n;
}

/* Starts an engine and does the handshake; see engine.h. */
skx_engine *skx_engine_start(const char *command, const sk_rules *rules, int time_ms,
                           int handshake_ms, char *why, size_t whysize)
{
    skx_engine *e = calloc(1, sizeof *e);
    if (!e) {
        why_printf(why, whysize, "out of memory");
        return NULL;
    }
    e->pid = -1;
    e->to_fd = e->from_fd = -1;
    e->time_ms = handshake_ms;
    if (spawn(e, command, why, whysize) < 0) {
        free(e);
        return NULL;
    }
    int64_t deadline = now_ms() + handshake_ms;
    char hello[32];
    int len = snprintf(hello, sizeof hello, "schafkopf-engine %d\n", SKX_ENGINE_PROTOCOL);
    int rc = send_text(e, hello, (size_t)len, deadline, why, whysize);
    char line[SKX_ENGINE_LINE_MAX + 2];
    for (int lines = 0; rc == 0; lines++) {
        if (lines == HANDSHAKE_LINES) {
            why_printf(why, whysize, "no \"ready\" in the first %d lines", HANDSHAKE_LINES);
            kill_child(e);
            rc = SKX_ENGINE_FAIL_START;
            break;
        }
        rc = read_line(e, deadline, line, why, whysize);
        if (rc == 0 && skx_engine_classify(line, e->name, sizeof e->name) == SKX_ELINE_READY)
            break;
    }
    if (rc == SKX_ENGINE_FAIL_TIMEOUT)
        why_printf(why, whysize, "no \"ready\" within %d ms (killed)", handshake_ms);
    if (rc == 0) {
        char text[4096];
        size_t n = format_rules(rules, text, sizeof text);
        rc = n < sizeof text ? send_text(e, text, n, now_ms() + handshake_ms, why, whysize)
                             : SKX_ENGINE_FAIL_START;
    }
    if (rc != 0) {
        char reason[200];
        snprintf(reason, sizeof reason, "%s", why ? why : "");
        why_printf(why, whysize, "handshake failed: %s", reason);
        kill_child(e);
        free(e);
        return NULL;
    }
    e->time_ms = time_ms;
    return e;
}

/* Ends an engine: "quit", a grace period, then the kill; see engine.h. */
void skx_engine_free(skx_engine *e)
{
    if (!e)
        return;
    if (!e->dead) {
        int64_t deadline = now_ms() + QUIT_GRACE_MS;
        if (send_text(e, "quit\n", 5, deadline, NULL, 0) == 0) {
            close(e->to_fd);
            e->to_fd = -1;
            char line[SKX_ENGINE_LINE_MAX + 2];
            /* wait for the end of its output: it has exited */
            while (!e->dead && read_line(e, deadline, line, NULL, 0) == 0)
                e->buflen = 0;
        }
    }
    kill_child(e);
    free(e->info);
    free(e);
}

/* Keeps an info line for skx_engine_take_info, up to SKX_ENGINE_INFO_MAX
 * bytes; what does not fit (or finds no memory) is dropped and noted. */
static void keep_info(skx_engine *e, const char *line)
{
    size_t len = strlen(line);
    if (e->info_cut || e->info_len + len + 1 > SKX_ENGINE_INFO_MAX) {
        e->info_cut = true;
        return;
    }
    if (e->info_len + len + 1 > e->info_cap) {
        size_t cap = e->info_cap ? e->info_cap * 2 : 1024;
        while (cap < e->info_len + len + 1)
            cap *= 2;
        char *more = realloc(e->info, cap);
        if (!more) {
            e->info_cut = true;
            return;
        }
        e->info = more;
        e->info_cap = cap;
    }
    memcpy(e->info + e->info_len, line, len);
    e->info[e->info_len + len] = '\n';
    e->info_len += len + 1;
}

/* Hands over the info lines kept; see engine.h. */
char *skx_engine_take_info(skx_engine *e, size_t *len)
{
    static const char cut[] = "info ... (more info lines than the arena keeps were dropped)\n";
    char *text = NULL;
    *len = 0;
    if (e->info_cut) {
        char *more = realloc(e->info, e->info_len + sizeof cut);
        if (more) {
            memcpy(more + e->info_len, cut, sizeof cut);
            e->info = more;
            e->info_len += sizeof cut - 1;
        }
    }
    if (e->info_len) {
        text = e->info;
        *len = e->info_len;
        e->info = NULL;
    }
    free(e->info);
    e->info = NULL;
    e->info_len = e->info_cap = 0;
    e->info_cut = false;
    return text;
}

/* The name from "id name". */
const char *skx_engine_id(const skx_engine *e)
{
    return e->name;
}

/* Announces a new game; see engine.h. */
int skx_engine_new_game(skx_engine *e, const sk_game *g, int seat, const char *id, uint64_t seed,
                       char *why, size_t whysize)
{
    char text[512];
    e->seat = seat;
    size_t n = skx_engine_game_text(g, seat, id, seed, &e->told, text, sizeof text);
    if (n >= sizeof text) {
        why_printf(why, whysize, "game id too long");
        return SKX_ENGINE_FAIL_START;
    }
    return send_text(e, text, n, now_ms() + e->time_ms, why, whysize);
}

/* Tells the seat's view of the last action; see engine.h. */
int skx_engine_event(skx_engine *e, const sk_game *g, char *why, size_t whysize)
{
    char text[1024];
    size_t n = skx_engine_event_text(g, e->seat, &e->told, text, sizeof text);
    if (n >= sizeof text) {
        why_printf(why, whysize, "event too long");
        return SKX_ENGINE_FAIL_CRASH;
    }
    return send_text(e, text, n, now_ms() + e->time_ms, why, whysize);
}

/* Asks for a decision among legal[0..n-1]; see engine.h. */
int skx_engine_decide(skx_engine *e, const sk_action *legal, int n, const char *kind, int *choice,
                     char *why, size_t whysize)
{
    char line[SKX_ENGINE_LINE_MAX + 2];
    /* the engine speaks only when asked: anything waiting now is an error */
    int rc;
    while ((rc = read_line(e, -1, line, why, whysize)) == 0) {
        int lk = skx_engine_classify(line, NULL, 0);
        if (lk == SKX_ELINE_INFO)
            keep_info(e, line);
        if (lk != SKX_ELINE_INFO && lk != SKX_ELINE_EMPTY) {
            why_printf(why, whysize, "wrote \"%.60s\" when no answer was asked for", line);
            kill_child(e);
            return SKX_ENGINE_FAIL_GARBAGE;
        }
    }
    if (rc != 1)
        return rc;
    char text[SK_MAX_LEGAL * 40 + 32];
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        char act[48];
        sk_action_format(legal[i], act, sizeof act);
        len += (size_t)snprintf(text + len, sizeof text - len, "legal %s\n", act);
    }
    len += (size_t)snprintf(text + len, sizeof text - len, "go %d kind %s%s\n", e->time_ms, kind,
                            n == 1 ? " forced" : "");
    int64_t deadline = now_ms() + e->time_ms;
    rc = send_text(e, text, len, deadline, why, whysize);
    while (rc == 0) {
        rc = read_line(e, deadline, line, why, whysize);
        if (rc != 0)
            break;
        int lk = skx_engine_classify(line, NULL, 0);
        if (lk == SKX_ELINE_INFO)
            keep_info(e, line);
        if (lk == SKX_ELINE_INFO || lk == SKX_ELINE_EMPTY)
            continue;
        int fail = 0;
        char reason[200];
        int idx = skx_engine_parse_reply(line, legal, n, n > 0 ? legal[0].seat : 0, &fail,
                                        reason, sizeof reason);
        if (idx < 0) {
            why_printf(why, whysize, "answered \"%.60s\": %s", line, reason);
            kill_child(e);
            return fail;
        }
        *choice = idx;
        return 0;
    }
    return rc;
}
