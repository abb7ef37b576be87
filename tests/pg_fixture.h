/*
 * pg_fixture.h -- a private PostgreSQL server for the store's tests (and
 * the store's benchmark): initdb in a temporary directory, the server
 * on a free loopback port with its unix socket in that directory, run as
 * the user "nobody" when the tests run as root (PostgreSQL refuses to run
 * as root), stopped and removed at the end.  Each test gets a schema of
 * its own (skt_pg_schema), so it starts from an empty store.
 *
 * SK_TEST_PG_URI names an existing server instead (a URI whose user may
 * create schemas); SK_PG_BIN the directory of initdb and postgres
 * (default: the newest /usr/lib/postgresql/N/bin).  When no server can
 * be started, skt_pg_start says why and the PostgreSQL variants of the
 * tests are skipped with that message.  Waits are bounded by the stall
 * bound SK_TEST_STALL_SECONDS (no progress), never by a total time.
 */
#ifndef SK_TESTS_PG_FIXTURE_H
#define SK_TESTS_PG_FIXTURE_H

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <grp.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A private server: its directory, port, process and the URI base of
 * its database; `why` says why there is none. */
typedef struct skt_pg {
    char dir[256];
    char bin[256];
    int port;
    pid_t pid;
    char uri[1024];       /* without a schema */
    char why[512];
    int schemas;
    int external;         /* SK_TEST_PG_URI */
    int durable;          /* fsync on (benchmarks); tests run without */
} skt_pg;

/* The stall bound in seconds (SK_TEST_STALL_SECONDS, default 120). */
static inline double skt_pg_stall(void)
{
    const char *s = getenv("SK_TEST_STALL_SECONDS");
    double v = s ? atof(s) : 0;
    return v > 0 ? v : 120;
}

/* Seconds on the monotonic clock. */
static inline double skt_pg_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A free TCP port on 127.0.0.1 (the kernel's choice), or -1. */
static inline int skt_pg_free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof a;
    int port = -1;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
        getsockname(fd, (struct sockaddr *)&a, &len) == 0)
        port = ntohs(a.sin_port);
    close(fd);
    return port;
}

/* In a child: become "nobody" when root (PostgreSQL will not run as
 * root), die with the parent, work in dir, write output to log. */
static inline void skt_pg_child_setup(const char *dir, const char *log)
{
    if (geteuid() == 0) {
        struct passwd *pw = getpwnam("nobody");
        if (!pw || setgroups(0, NULL) != 0 || setgid(pw->pw_gid) != 0 ||
            setuid(pw->pw_uid) != 0)
            _exit(126);
    }
    prctl(PR_SET_PDEATHSIG, SIGQUIT);
    if (chdir(dir) != 0)
        _exit(126);
    int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
        dup2(fd, 1);
        dup2(fd, 2);
        close(fd);
    }
}

/* The last line of a log file into why (after a prefix). */
static inline void skt_pg_why_log(skt_pg *pg, const char *prefix, const char *log)
{
    char last[300] = "", line[300];
    FILE *f = fopen(log, "r");
    if (f) {
        while (fgets(line, sizeof line, f))
            if (line[0] != '\n')
                snprintf(last, sizeof last, "%s", line);
        fclose(f);
    }
    last[strcspn(last, "\n")] = 0;
    snprintf(pg->why, sizeof pg->why, "%s%s%s", prefix, *last ? ": " : "", last);
}

/* Removes a directory tree (rm -rf: the server's data is deep). */
static inline void skt_pg_rm(const char *dir)
{
    pid_t pid = fork();
    if (pid == 0) {
        execlp("rm", "rm", "-rf", "--", dir, (char *)NULL);
        _exit(127);
    }
    int status;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
}

/* Finds initdb and postgres: SK_PG_BIN, else the newest Debian
 * /usr/lib/postgresql/N/bin. */
static inline int skt_pg_find_bin(skt_pg *pg)
{
    const char *env = getenv("SK_PG_BIN");
    if (env && *env) {
        snprintf(pg->bin, sizeof pg->bin, "%s", env);
        return 0;
    }
    glob_t g;
    if (glob("/usr/lib/postgresql/*/bin/initdb", 0, NULL, &g) != 0) {
        snprintf(pg->why, sizeof pg->why, "no PostgreSQL server programs "
                 "(/usr/lib/postgresql/N/bin/initdb: install the Debian package postgresql, "
                 "or set SK_PG_BIN or SK_TEST_PG_URI)");
        return -1;
    }
    /* the newest: the longest name, then the last in order (15 < 16 < 100) */
    const char *best = g.gl_pathv[0];
    for (size_t i = 1; i < g.gl_pathc; i++)
        if (strlen(g.gl_pathv[i]) > strlen(best) ||
            (strlen(g.gl_pathv[i]) == strlen(best) && strcmp(g.gl_pathv[i], best) > 0))
            best = g.gl_pathv[i];
    snprintf(pg->bin, sizeof pg->bin, "%.*s", (int)(strlen(best) - strlen("/initdb")), best);
    globfree(&g);
    return 0;
}

/* Runs initdb into dir/data; 0 or -1 with why. */
static inline int skt_pg_initdb(skt_pg *pg)
{
    char data[300], log[300], prog[300];
    snprintf(data, sizeof data, "%s/data", pg->dir);
    snprintf(log, sizeof log, "%s/initdb.log", pg->dir);
    snprintf(prog, sizeof prog, "%s/initdb", pg->bin);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(pg->why, sizeof pg->why, "fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        skt_pg_child_setup(pg->dir, log);
        execl(prog, "initdb", "-D", data, "-A", "trust", "-E", "UTF8", "--locale=C", "-U",
              "sk", "--no-sync", (char *)NULL);
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        skt_pg_why_log(pg, "initdb failed", log);
        return -1;
    }
    return 0;
}

/* The URI of the private server's database "postgres", the socket
 * directory percent-encoded. */
static inline void skt_pg_make_uri(skt_pg *pg)
{
    char host[800];
    size_t n = 0;
    for (const char *p = pg->dir; *p && n + 4 < sizeof host; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '_' || c == '.')
            host[n++] = (char)c;
        else
            n += (size_t)snprintf(host + n, sizeof host - n, "%%%02X", c);
    }
    host[n] = 0;
    snprintf(pg->uri, sizeof pg->uri, "postgresql:///postgres?host=%s&port=%d&user=sk", host,
             pg->port);
}

/* Starts postgres on a free port and waits until it answers (or dies,
 * or makes no progress for the stall bound); 0, 1 to try another port,
 * -1 with why. */
static inline int skt_pg_run(skt_pg *pg)
{
    char data[300], log[300], prog[300], port[16];
    snprintf(data, sizeof data, "%s/data", pg->dir);
    snprintf(log, sizeof log, "%s/server.log", pg->dir);
    snprintf(prog, sizeof prog, "%s/postgres", pg->bin);
    pg->port = skt_pg_free_port();
    if (pg->port < 0) {
        snprintf(pg->why, sizeof pg->why, "no free port on 127.0.0.1");
        return -1;
    }
    snprintf(port, sizeof port, "%d", pg->port);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(pg->why, sizeof pg->why, "fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        skt_pg_child_setup(pg->dir, log);
        execl(prog, "postgres", "-D", data, "-k", pg->dir, "-p", port, "-h", "127.0.0.1",
              "-c", pg->durable ? "fsync=on" : "fsync=off", "-c",
              pg->durable ? "full_page_writes=on" : "full_page_writes=off", "-c",
              "max_connections=200", "-c", "shared_buffers=32MB", (char *)NULL);
        _exit(127);
    }
    pg->pid = pid;
    skt_pg_make_uri(pg);
    double stall = skt_pg_stall(), start = skt_pg_now();
    for (;;) {
        if (PQping(pg->uri) == PQPING_OK)
            return 0;
        int status = 0;
        if (waitpid(pid, &status, WNOHANG) == pid) {
            pg->pid = 0;
            skt_pg_why_log(pg, "postgres did not start", log);
            return strstr(pg->why, "in use") ? 1 : -1;
        }
        if (skt_pg_now() - start > stall) {
            snprintf(pg->why, sizeof pg->why, "postgres did not answer within the stall bound "
                     "(%.0f s; see %s)", stall, log);
            return -1;
        }
        usleep(20000);
    }
}

/* Stops the private server and removes its directory. */
static inline void skt_pg_stop(skt_pg *pg)
{
    if (pg->pid > 0) {
        kill(pg->pid, SIGINT); /* fast shutdown */
        int status;
        while (waitpid(pg->pid, &status, 0) < 0 && errno == EINTR)
            ;
        pg->pid = 0;
    }
    if (pg->dir[0] && !pg->external)
        skt_pg_rm(pg->dir);
    pg->dir[0] = 0;
}

/* Starts a private server (or takes SK_TEST_PG_URI): 0, or -1 with
 * pg->why when there can be none. */
static inline int skt_pg_start(skt_pg *pg)
{
    int durable = pg->durable;
    memset(pg, 0, sizeof *pg);
    pg->durable = durable;
    const char *ext = getenv("SK_TEST_PG_URI");
    if (ext && *ext) {
        snprintf(pg->uri, sizeof pg->uri, "%s", ext);
        pg->external = 1;
        if (PQping(pg->uri) != PQPING_OK) {
            snprintf(pg->why, sizeof pg->why, "SK_TEST_PG_URI does not answer");
            return -1;
        }
        return 0;
    }
    if (skt_pg_find_bin(pg) != 0)
        return -1;
    const char *tmp = getenv("TMPDIR");
    snprintf(pg->dir, sizeof pg->dir, "%s/sk_pg_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(pg->dir)) {
        snprintf(pg->why, sizeof pg->why, "cannot make %s: %s", pg->dir, strerror(errno));
        pg->dir[0] = 0;
        return -1;
    }
    if (geteuid() == 0) {
        struct passwd *pw = getpwnam("nobody");
        if (!pw || chown(pg->dir, pw->pw_uid, pw->pw_gid) != 0) {
            snprintf(pg->why, sizeof pg->why, "running as root and cannot hand %s to the user "
                     "nobody", pg->dir);
            skt_pg_stop(pg);
            return -1;
        }
    }
    int rc = skt_pg_initdb(pg);
    for (int tries = 0; rc == 0 && tries < 5; tries++) {
        rc = skt_pg_run(pg);
        if (rc != 1)
            break;
        rc = 0; /* the port was taken meanwhile: another */
    }
    if (rc != 0) {
        char why[sizeof pg->why];
        memcpy(why, pg->why, sizeof why);
        skt_pg_stop(pg);
        memcpy(pg->why, why, sizeof why);
        return -1;
    }
    return 0;
}

/* Makes a fresh schema on the server and writes the URI of a store in
 * it (its search_path) into uri; 0 or -1 with why. */
static inline int skt_pg_schema(skt_pg *pg, char *uri, size_t size)
{
    char name[64];
    snprintf(name, sizeof name, "skt_%d_%d", (int)getpid(), ++pg->schemas);
    PGconn *c = PQconnectdb(pg->uri);
    int rc = -1;
    if (PQstatus(c) == CONNECTION_OK) {
        char sql[128];
        snprintf(sql, sizeof sql, "CREATE SCHEMA %s", name);
        PGresult *r = PQexec(c, sql);
        rc = PQresultStatus(r) == PGRES_COMMAND_OK ? 0 : -1;
        if (rc)
            snprintf(pg->why, sizeof pg->why, "%s", PQresultErrorMessage(r));
        PQclear(r);
    } else {
        snprintf(pg->why, sizeof pg->why, "%s", PQerrorMessage(c));
    }
    PQfinish(c);
    snprintf(uri, size, "%s%coptions=-csearch_path%%3D%s", pg->uri,
             strchr(pg->uri, '?') ? '&' : '?', name);
    return rc;
}

#endif
