/*
 * test_store_files.c -- the store (include/schafkopf/store.h) as a file
 * that processes share and that can be damaged: the lock that keeps a
 * second process out, durability when the process is killed (-9) in the
 * middle of its commits, files that are no store (random bytes, a cut
 * store, a directory, another program's database, a newer schema,
 * damaged pages), upgrades of older schemas, and an online backup while
 * the store is open.
 * test_store.c tests the functions themselves.  Each test works in a
 * mkdtemp directory that it removes afterwards.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <sqlite3.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "schafkopf/store.h"
#include "testlib.h"
#include "store_fixture.h"

/* Each test in a temporary directory of its own (store_fixture.h). */
static int setup(void **state)
{
    return store_fixture_setup(state, "sk_store_files_");
}

/* The same against a fresh PostgreSQL schema (store_fixture.h). */
static int setup_pg(void **state)
{
    return store_fixture_setup_pg(state, "sk_store_files_pg_");
}

static int teardown(void **state)
{
    return store_fixture_teardown(state);
}

/* Creates a room; returns its id. */
static uint64_t new_room(sk_store *st, const char *title)
{
    sk_error err = {0};
    sk_store_room r = {.rules_json = "{}", .title = (char *)title};
    uint64_t id = 0;
    OK(sk_store_room_create(st, &r, &id, &err));
    return id;
}

/* Counts what a walk gives (rooms, entries, chat lines). */
static int count_room(void *ctx, const sk_store_room *room)
{
    (void)room;
    ++*(int *)ctx;
    return 0;
}

static int count_chat(void *ctx, const char *name, const char *text, int64_t at)
{
    (void)name, (void)text, (void)at;
    ++*(int *)ctx;
    return 0;
}

/* Collects the first entry text and counts the entries. */
typedef struct first_entry {
    int n;
    char text[64];
} first_entry;

static int on_first(void *ctx, uint64_t seq, const char *entry)
{
    first_entry *fe = ctx;
    (void)seq;
    if (fe->n++ == 0)
        snprintf(fe->text, sizeof fe->text, "%s", entry);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The lock                                                             */
/* ------------------------------------------------------------------ */

/* In a child: tries to open the store; exits 0 when that is refused
 * with the lock's message, 1 when it opened, 2 on another error. */
static int child_tries_open(const char *db)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        sk_error e = {0};
        sk_store *st = sk_store_open(db, &e);
        if (st) {
            sk_store_close(st);
            _exit(1);
        }
        _exit(strstr(e.msg, "in use by another process") ? 0 : 2);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* One process per database: a second process (and a second open in
 * this one) is refused while the store is open, and may open it once
 * it is closed. */
static void test_lock(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    assert_int_equal(child_tries_open(f->db), 0);
    assert_null(sk_store_open(f->db, &err));
    assert_non_null(strstr(err.msg, "in use by another process"));
    assert_non_null(strstr(err.msg, f->db));
    sk_store_close(st);
    assert_int_equal(child_tries_open(f->db), 1);
    st = open_ok(f);
    sk_store_close(st);
}

/* The mode bits of a file (-1 if it does not exist). */
static int mode_of(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 ? (int)(sb.st_mode & 07777) : -1;
}

/* The database holds password and token hashes: it, its WAL and its
 * shared memory are the server's user's alone (0600), under any umask,
 * and an existing database made readable to others is made private
 * when it is opened. */
static void test_private_files(void **state)
{
    fixture *f = *state;
    mode_t old = umask(022);
    sk_store *st = open_ok(f);
    new_room(st, "a room, so the WAL has a frame");
    char side[sizeof f->db + 8];
    assert_int_equal(mode_of(f->db), 0600);
    snprintf(side, sizeof side, "%s-wal", f->db);
    assert_int_equal(mode_of(side), 0600);
    snprintf(side, sizeof side, "%s-shm", f->db);
    assert_int_equal(mode_of(side), 0600);
    sk_store_close(st);

    assert_int_equal(chmod(f->db, 0644), 0);
    st = open_ok(f);
    assert_int_equal(mode_of(f->db), 0600);
    snprintf(side, sizeof side, "%s-wal", f->db);
    assert_int_equal(mode_of(side), 0600);
    sk_store_close(st);
    umask(old);
}

/* ------------------------------------------------------------------ */
/* kill -9                                                              */
/* ------------------------------------------------------------------ */

/* The text of journal entry seq (varied lengths, so pages fill). */
static void entry_text(char *buf, size_t size, uint64_t seq)
{
    snprintf(buf, size, "{\"seq\":%llu,\"pad\":\"%.*s\"}", (unsigned long long)seq,
             (int)(seq * 37 % 300), "................................................................"
             "................................................................................"
             "................................................................................"
             "................................................................................");
}

/* The child of the kill test: appends entries `batch` to a commit and
 * writes the last seq of each commit that returned into fd; when done
 * (it should be killed before), waits to be killed. */
static void kill_child(const char *db, int fd, int batch)
{
    sk_error e = {0};
    sk_store *st = sk_store_open(db, &e);
    if (!st)
        _exit(3);
    uint64_t room = 0;
    sk_store_room r = {.rules_json = "{}", .title = "kill"};
    if (sk_store_room_create(st, &r, &room, &e))
        _exit(4);
    char text[512];
    for (uint64_t seq = 1; seq <= 200000;) {
        if (batch > 1 && sk_store_begin(st, &e))
            _exit(5);
        for (int i = 0; i < batch; i++, seq++) {
            entry_text(text, sizeof text, seq);
            if (sk_store_journal_append(st, room, seq, text, &e))
                _exit(6);
        }
        if (batch > 1 && sk_store_commit(st, &e))
            _exit(7);
        uint64_t done = seq - 1;
        if (write(fd, &done, sizeof done) != (ssize_t)sizeof done)
            _exit(8);
    }
    for (;;)
        pause();
}

/* Checks the journal after the kill: seqs 1..n in order with the right
 * texts, and n at least the last commit the child saw return. */
typedef struct prefix {
    uint64_t next;
    int bad;
} prefix;

static int on_prefix(void *ctx, uint64_t seq, const char *entry)
{
    prefix *p = ctx;
    char want[512];
    entry_text(want, sizeof want, seq);
    if (seq != p->next || strcmp(entry, want) != 0)
        p->bad++;
    p->next++;
    return 0;
}

/* A child appends and commits (one entry per commit, or batches) and
 * reports each commit that returned through a pipe; it is killed with
 * SIGKILL `delay_us` after `reports` reports.  After reopening, the journal is a
 * prefix 1..n of what it wrote with n >= every reported seq. */
static void kill_run(fixture *f, int batch, int reports, int delay_us)
{
    char path[sizeof f->db + 8];
    const char *suffix[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3 && !f->pg; i++) { /* a fresh database for each run */
        snprintf(path, sizeof path, "%s%s", f->db, suffix[i]);
        unlink(path);
    }
    if (f->pg && skt_pg_schema(&store_pg_server, f->db, sizeof f->db) != 0)
        fail_msg("a fresh schema: %s", store_pg_server.why);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive a failed test */
        close(fds[0]);
        kill_child(f->db, fds[1], batch);
    }
    close(fds[1]);
    uint64_t last = 0, v;
    int got = 0;
    while (got < reports && read(fds[0], &v, sizeof v) == (ssize_t)sizeof v) {
        assert_true(v > last);
        last = v;
        got++;
    }
    assert_int_equal(got, reports); /* the child did not die on its own */
    if (delay_us)
        usleep((useconds_t)delay_us); /* lets it go on: the kill lands anywhere */
    kill(pid, SIGKILL);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    /* reports written before the kill are still in the pipe */
    while (read(fds[0], &v, sizeof v) == (ssize_t)sizeof v) {
        assert_true(v > last);
        last = v;
    }
    close(fds[0]);

    sk_error err = {0};
    /* the kernel dropped the dead child's lock; PostgreSQL drops its
     * lock when it notices the connection closed (a moment later) */
    sk_store *st;
    double t0 = skt_pg_now();
    while (!(st = sk_store_open(f->db, &err)) && f->pg && strstr(err.msg, "in use by another") &&
           skt_pg_now() - t0 < skt_pg_stall())
        usleep(10000);
    if (!st)
        fail_msg("sk_store_open: %s", err.msg);
    prefix p = {.next = 1};
    OK(sk_store_journal(st, 1, on_prefix, &p, &err));
    assert_int_equal(p.bad, 0);
    uint64_t found = p.next - 1;
    if (found < last)
        fail_msg("batch %d: %llu entries found, but the commit of %llu had returned", batch,
                 (unsigned long long)found, (unsigned long long)last);
    /* a committed batch is all there or not at all */
    assert_int_equal(found % (uint64_t)batch, 0);
    sk_store_close(st);
}

static void test_kill9_one_per_commit(void **state)
{
    static const int delays[] = {0, 100, 700, 3000, 20000};
    for (int i = 0; i < 5; i++)
        kill_run(*state, 1, 200 + 50 * i, delays[i]);
}

static void test_kill9_batches(void **state)
{
    static const int delays[] = {0, 100, 700, 3000, 20000};
    for (int i = 0; i < 5; i++)
        kill_run(*state, 7, 40 + 20 * i, delays[i]);
}

/* ------------------------------------------------------------------ */
/* Files that are no store                                              */
/* ------------------------------------------------------------------ */

/* Writes n bytes of data to path. */
static void write_file(const char *path, const void *data, size_t n)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(data, 1, n, fp), n);
    assert_int_equal(fclose(fp), 0);
}

/* Runs SQL on a database with SQLite directly (another program). */
static void raw_sql(const char *path, const char *sql)
{
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", sql, msg ? msg : "?");
    sqlite3_close(db);
}

/* Random bytes, a cut store, a directory and a symbolic link are
 * refused with the file named; an empty file becomes a store. */
static void test_corrupt_files(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    unsigned char junk[8192];
    uint32_t x = 12345;
    for (size_t i = 0; i < sizeof junk; i++) {
        x = x * 1103515245u + 12345u;
        junk[i] = (unsigned char)(x >> 16);
    }
    write_file(f->db, junk, sizeof junk);
    assert_null(sk_store_open(f->db, &err));
    assert_non_null(strstr(err.msg, f->db));
    assert_non_null(strstr(err.msg, "not a database"));

    /* the first 100 bytes of a real store: a header and nothing else */
    unlink(f->db);
    sk_store *st = open_ok(f);
    new_room(st, "x");
    sk_store_close(st);
    FILE *fp = fopen(f->db, "rb");
    assert_non_null(fp);
    unsigned char head[100];
    assert_int_equal(fread(head, 1, sizeof head, fp), sizeof head);
    fclose(fp);
    write_file(f->db, head, sizeof head);
    assert_null(sk_store_open(f->db, &err));
    assert_non_null(strstr(err.msg, f->db));

    write_file(f->db, "", 0);
    st = open_ok(f);
    assert_int_equal(new_room(st, "fresh"), 1);
    sk_store_close(st);

    char dir[320];
    snprintf(dir, sizeof dir, "%s/sub", f->dir);
    assert_int_equal(mkdir(dir, 0700), 0);
    assert_null(sk_store_open(dir, &err));
    assert_non_null(strstr(err.msg, "sub\": is a directory"));
    rmdir(dir);
    char link[320];
    snprintf(link, sizeof link, "%s/link.db", f->dir);
    assert_int_equal(symlink(f->db, link), 0);
    assert_null(sk_store_open(link, &err));
    assert_non_null(strstr(err.msg, "link.db\": is a symbolic link"));
    unlink(link);
    assert_null(sk_store_open("", &err));
    assert_non_null(strstr(err.msg, "path is empty"));
}

/* Whatever damaged pages hold, the store answers with errors or data,
 * never a crash (run under the sanitizers by `make test`). */
static void test_damaged_pages(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "x");
    char text[512];
    OK(sk_store_begin(st, &err));
    for (uint64_t seq = 1; seq <= 300; seq++) {
        entry_text(text, sizeof text, seq);
        OK(sk_store_journal_append(st, a, seq, text, &err));
        OK(sk_store_chat_add(st, a, "Sepp", text, (int64_t)seq, &err));
    }
    OK(sk_store_commit(st, &err));
    sk_store_close(st);

    FILE *fp = fopen(f->db, "r+b");
    assert_non_null(fp);
    assert_int_equal(fseek(fp, 0, SEEK_END), 0);
    long size = ftell(fp);
    assert_true(size > 8 * 4096);
    uint32_t x = 777;
    for (long off = 4096 + 100; off < size; off += 997) { /* spare the first page */
        x = x * 1103515245u + 12345u;
        assert_int_equal(fseek(fp, off, SEEK_SET), 0);
        fputc((int)(x >> 16) & 0xff, fp);
    }
    fclose(fp);
    st = sk_store_open(f->db, &err);
    if (st) {
        int n = 0;
        (void)sk_store_rooms(st, count_room, &n, &err);
        prefix p = {.next = 1};
        (void)sk_store_journal(st, a, on_prefix, &p, &err);
        (void)sk_store_chat(st, a, 50, count_chat, &n, &err);
        (void)sk_store_journal_append(st, a, p.next, "{}", &err);
        sk_store_close(st);
    }
}

/* A database of another program, and a store of a newer schema, are
 * refused and left as they were (not even switched to WAL). */
static void test_foreign_and_newer(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    raw_sql(f->db, "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('Obatzda');");
    assert_null(sk_store_open(f->db, &err));
    assert_non_null(strstr(err.msg, "is not a schafkopf store"));
    assert_non_null(strstr(err.msg, f->db));
    char wal[sizeof f->db + 8];
    snprintf(wal, sizeof wal, "%s-wal", f->db);
    assert_int_not_equal(access(wal, F_OK), 0);
    unlink(f->db);

    sk_store *st = open_ok(f);
    sk_store_close(st);
    raw_sql(f->db, "UPDATE schema_version SET version = 99");
    assert_null(sk_store_open(f->db, &err));
    assert_non_null(strstr(err.msg, "schema version 99, made by a newer program"));
    raw_sql(f->db, "UPDATE schema_version SET version = 5"); /* the next one */
    assert_null(sk_store_open(f->db, &err));
    assert_non_null(strstr(err.msg, "schema version 5, made by a newer program (this one "
                                    "knows up to 4)"));
    raw_sql(f->db, "DELETE FROM schema_version");
    assert_null(sk_store_open(f->db, &err));
    assert_non_null(strstr(err.msg, "schema_version has 0 rows"));
}

/* The schema of version 1 as the first release made it (a fixture:
 * what a store of that program holds), with a room, a game, an account
 * and its session. */
static const char v1_store[] =
    "PRAGMA application_id = 1397445460;"
    "CREATE TABLE schema_version (version INTEGER NOT NULL) STRICT;"
    "INSERT INTO schema_version VALUES (1);"
    "CREATE TABLE rooms (id INTEGER PRIMARY KEY AUTOINCREMENT, rules_json TEXT NOT NULL,"
    " title TEXT NOT NULL, invite TEXT NOT NULL, listed INTEGER NOT NULL,"
    " fallback TEXT NOT NULL, created INTEGER NOT NULL, closed INTEGER NOT NULL DEFAULT 0)"
    " STRICT;"
    "CREATE TABLE journal (room INTEGER NOT NULL REFERENCES rooms(id), seq INTEGER NOT NULL,"
    " entry TEXT NOT NULL, PRIMARY KEY (room, seq)) STRICT, WITHOUT ROWID;"
    "CREATE TABLE games (room INTEGER NOT NULL REFERENCES rooms(id), game_no INTEGER NOT NULL,"
    " record TEXT NOT NULL, PRIMARY KEY (room, game_no)) STRICT, WITHOUT ROWID;"
    "CREATE TABLE chat (id INTEGER PRIMARY KEY, room INTEGER NOT NULL REFERENCES rooms(id),"
    " name TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL) STRICT;"
    "CREATE INDEX chat_room ON chat (room, id);"
    "CREATE TABLE accounts (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE,"
    " hash TEXT NOT NULL) STRICT;"
    "CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, player INTEGER NOT NULL,"
    " name TEXT NOT NULL, account INTEGER REFERENCES accounts(id), at INTEGER NOT NULL) STRICT;"
    "CREATE INDEX sessions_at ON sessions (at);"
    "INSERT INTO rooms (rules_json, title, invite, listed, fallback, created)"
    " VALUES ('{}', 'Wirt', 'abc', 1, 'heuristic', 1);"
    "INSERT INTO games VALUES (1, 1, '{\"old\":1}');"
    "INSERT INTO accounts (name, hash) VALUES ('Sepp', '$argon2id$x');"
    "INSERT INTO sessions VALUES ('00112233445566778899aabbccddeeff', 5, 'Sepp', 1, 9);";

static int count_game(void *ctx, uint32_t no, const char *record)
{
    (void)no;
    (void)record;
    ++*(int *)ctx;
    return 0;
}

/* A store of schema version 1 is upgraded when opened: its game stays
 * (with an empty summary), its account gets a key and a player id, its
 * session still names the account; and new games and accounts go in. */
static void test_upgrade_from_v1(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    raw_sql(f->db, v1_store);
    sk_store *st = sk_store_open(f->db, &err);
    if (!st)
        fail_msg("upgrading a version 1 store: %s", err.msg);
    int games = 0;
    assert_int_equal(sk_store_games(st, 1, count_game, &games, &err), 0);
    assert_int_equal(games, 1);
    sk_store_account a;
    assert_int_equal(sk_store_account_get(st, "sepp", &a, &err), 0);
    assert_string_equal(a.name, "Sepp");
    assert_true(a.player > 0);
    uint64_t player = 0, account = 0;
    char name[40];
    assert_int_equal(sk_store_session_get(st, "00112233445566778899aabbccddeeff", &player, name,
                                          sizeof name, &account, &err),
                     0);
    assert_int_equal(account, a.id);
    sk_store_game g = {.room = 1, .game_no = 2, .record = "{}", .contract = "wenz",
                       .declarer = 1, .won = 1, .nseats = 1};
    g.seats[0] = (sk_store_game_seat){a.player, "Sepp", 10, 1, 1};
    assert_int_equal(sk_store_game_add(st, &g, &err), 0);
    sk_store_stats sx;
    assert_int_equal(sk_store_stats_get(st, a.player, &sx, NULL, NULL, &err), 0);
    assert_int_equal(sx.games, 1);
    sk_store_close(st);
    /* Opened again: nothing is upgraded twice. */
    st = sk_store_open(f->db, &err);
    assert_non_null(st);
    sk_store_close(st);
}

/* What version 2 added to version 1, as the second release's program
 * ran it (a fixture: a store of that program went through exactly
 * this), and what such a store holds: the room of v1_store with its
 * journal and chat, a game with its summary and seats, a second account
 * and its session. */
static const char v2_upgrade[] =
    "ALTER TABLE accounts ADD COLUMN name_key TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE accounts ADD COLUMN player INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE accounts ADD COLUMN created INTEGER NOT NULL DEFAULT 0;"
    "UPDATE accounts SET name_key = lower(name), player = (random() & 9223372036854775807);"
    "CREATE UNIQUE INDEX accounts_key ON accounts (name_key);"
    "CREATE UNIQUE INDEX accounts_player ON accounts (player);"
    "CREATE TABLE game_results (room INTEGER NOT NULL, game_no INTEGER NOT NULL,"
    " at INTEGER NOT NULL, contract TEXT NOT NULL, declarer INTEGER NOT NULL,"
    " won INTEGER NOT NULL, PRIMARY KEY (room, game_no),"
    " FOREIGN KEY (room, game_no) REFERENCES games (room, game_no)) STRICT, WITHOUT ROWID;"
    "CREATE TABLE game_seats (room INTEGER NOT NULL, game_no INTEGER NOT NULL,"
    " seat INTEGER NOT NULL, player INTEGER NOT NULL, name TEXT NOT NULL,"
    " money INTEGER NOT NULL, points INTEGER NOT NULL, won INTEGER NOT NULL,"
    " PRIMARY KEY (room, game_no, seat),"
    " FOREIGN KEY (room, game_no) REFERENCES game_results (room, game_no)) STRICT,"
    " WITHOUT ROWID;"
    "CREATE INDEX game_seats_player ON game_seats (player, room, game_no) WHERE player <> 0;"
    "UPDATE schema_version SET version = 2;"
    "INSERT INTO journal VALUES (1, 1, '{\"e\":1}'), (1, 2, '{\"e\":2}');"
    "INSERT INTO chat (room, name, text, at) VALUES (1, 'Sepp', 'Servus', 7);"
    "INSERT INTO games VALUES (1, 2, '{\"rec\":2}');"
    "INSERT INTO game_results VALUES (1, 2, 40, 'solo:H', 0, 1);"
    "INSERT INTO game_seats VALUES (1, 2, 0, 4242, 'Resi', 150, 3, 1),"
    " (1, 2, 1, 0, 'Bot', -50, -1, 0);"
    "INSERT INTO accounts (name, hash, name_key, player, created)"
    " VALUES ('Resi', '$argon2id$r', 'resi', 4242, 30);"
    "INSERT INTO sessions VALUES ('ffeeddccbbaa99887766554433221100', 4242, 'Resi', 2, 31);";

/* The schema version a store file holds (read behind the store). */
static int64_t version_of(const char *db)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *s = NULL;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, "SELECT version FROM schema_version", -1, &s, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(s), SQLITE_ROW);
    int64_t v = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(h);
    return v;
}

/* Collects a game list's summaries: the game numbers and seat counts. */
typedef struct summaries {
    int n;
    uint32_t no[4];
    int nseats[4];
    char contract[4][32];
} summaries;

static int on_summary(void *ctx, const sk_store_game *g)
{
    summaries *s = ctx;
    assert_true(s->n < 4);
    s->no[s->n] = g->game_no;
    s->nseats[s->n] = g->nseats;
    snprintf(s->contract[s->n], sizeof s->contract[0], "%s", g->contract);
    s->n++;
    return 0;
}

static int on_history(void *ctx, const sk_store_history_game *h)
{
    assert_string_equal(h->invite, "abc");
    assert_int_equal(h->money, 150);
    ++*(int *)ctx;
    return 0;
}

/* A store of schema version 2 becomes version 3 when opened (books are
 * new): every room, journal entry, chat line, game with its summary and
 * seats, account and session stays as it was; books go in, owned by an
 * old account; opened again, nothing is upgraded twice. */
static void test_upgrade_from_v2(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    raw_sql(f->db, v1_store);
    raw_sql(f->db, v2_upgrade);
    assert_int_equal(version_of(f->db), 2);
    sk_store *st = sk_store_open(f->db, &err);
    if (!st)
        fail_msg("upgrading a version 2 store: %s", err.msg);
    int rooms = 0;
    OK(sk_store_rooms(st, count_room, &rooms, &err));
    assert_int_equal(rooms, 1);
    first_entry j = {0};
    OK(sk_store_journal(st, 1, on_first, &j, &err));
    assert_int_equal(j.n, 2);
    assert_string_equal(j.text, "{\"e\":1}");
    int chat = 0;
    OK(sk_store_chat(st, 1, 10, count_chat, &chat, &err));
    assert_int_equal(chat, 1);
    summaries sm = {0};
    OK(sk_store_game_list(st, 1, on_summary, &sm, &err));
    assert_int_equal(sm.n, 2);
    assert_int_equal(sm.nseats[0], 0); /* v1's game: no summary */
    assert_int_equal(sm.no[1], 2);
    assert_int_equal(sm.nseats[1], 2);
    assert_string_equal(sm.contract[1], "solo:H");
    int hist = 0;
    OK(sk_store_history(st, 4242, 10, on_history, &hist, &err));
    assert_int_equal(hist, 1);
    sk_store_account sepp, resi;
    OK(sk_store_account_get(st, "sepp", &sepp, &err));
    OK(sk_store_account_get(st, "resi", &resi, &err));
    assert_int_equal(resi.player, 4242);
    assert_string_equal(resi.hash, "$argon2id$r");
    uint64_t player = 0, account = 0;
    char name[40];
    OK(sk_store_session_get(st, "ffeeddccbbaa99887766554433221100", &player, name, sizeof name,
                            &account, &err));
    assert_int_equal(account, resi.id);
    OK(sk_store_session_get(st, "00112233445566778899aabbccddeeff", &player, name, sizeof name,
                            &account, &err));
    assert_int_equal(account, sepp.id);

    sk_store_book b = {.kind = SK_STORE_BOOK_GROUP, .code = "stammtisch", .head = "{}",
                       .owner = resi.id, .created = 50};
    uint64_t g = 0;
    OK(sk_store_book_create(st, &b, &g, &err));
    assert_int_equal(g, 1);
    OK(sk_store_book_append(st, g, 1, "player Resi", NULL, 51, &err));
    OK(sk_store_journal_append(st, 1, 3, "{\"e\":3}", &err));
    sk_store_close(st);
    assert_int_equal(version_of(f->db), 4);

    st = open_ok(f);
    uint64_t live = 0;
    OK(sk_store_book_count(st, g, &live, NULL, &err));
    assert_int_equal(live, 1);
    sk_store_close(st);
    assert_int_equal(version_of(f->db), 4);
}

/* What version 3 added to version 2 (its migration as that program ran
 * it) and a room made by that program: rooms had no `used` then. */
static const char v3_upgrade[] =
    "CREATE TABLE books (id INTEGER PRIMARY KEY AUTOINCREMENT, kind INTEGER NOT NULL,"
    " code TEXT NOT NULL UNIQUE, parent INTEGER REFERENCES books(id),"
    " title TEXT NOT NULL, head TEXT NOT NULL, owner INTEGER REFERENCES accounts(id),"
    " key_hash TEXT, created INTEGER NOT NULL, updated INTEGER NOT NULL) STRICT;"
    "CREATE INDEX books_kind ON books (kind, created, id);"
    "CREATE INDEX books_parent ON books (parent, created, id) WHERE parent IS NOT NULL;"
    "CREATE INDEX books_owner ON books (owner, created, id) WHERE owner IS NOT NULL;"
    "CREATE TABLE book_lines (book INTEGER NOT NULL REFERENCES books(id), seq INTEGER NOT NULL,"
    " line TEXT NOT NULL, at INTEGER NOT NULL, author TEXT NOT NULL,"
    " undone INTEGER, undo_author TEXT, PRIMARY KEY (book, seq)) STRICT, WITHOUT ROWID;"
    "UPDATE schema_version SET version = 3;"
    "INSERT INTO rooms (rules_json, title, invite, listed, fallback, created)"
    " VALUES ('{}', 'Stammtisch', 'def', 1, 'heuristic', 2);";

/* Notes a room's invite and `used`. */
static int on_used(void *ctx, const sk_store_room *room)
{
    sk_store_room *out = ctx;
    out->used = room->used;
    out->closed = room->closed;
    return 0;
}

/* A store of schema version 3 becomes version 4 when opened (rooms
 * remember their last use): every old room counts as used at the
 * upgrade -- a whole idle time of grace, not archived at the first
 * start for its age -- keeps its journal and games, is found by its
 * code, and archiving closes it without touching its games. */
static void test_upgrade_from_v3(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    raw_sql(f->db, v1_store);
    raw_sql(f->db, v2_upgrade);
    raw_sql(f->db, v3_upgrade);
    assert_int_equal(version_of(f->db), 3);
    int64_t before = (int64_t)time(NULL);
    sk_store *st = sk_store_open(f->db, &err);
    if (!st)
        fail_msg("upgrading a version 3 store: %s", err.msg);
    assert_int_equal(version_of(f->db), 4);
    int rooms = 0;
    OK(sk_store_rooms(st, count_room, &rooms, &err));
    assert_int_equal(rooms, 2);
    sk_store_room r = {0};
    OK(sk_store_room_by_invite(st, "abc", on_used, &r, &err));
    assert_true(r.used >= before);
    first_entry j = {0};
    OK(sk_store_journal(st, 1, on_first, &j, &err));
    assert_int_equal(j.n, 2);
    uint64_t n = 0;
    OK(sk_store_rooms_archive(st, before - 60, &n, &err)); /* within the grace */
    assert_int_equal(n, 0);
    OK(sk_store_rooms_archive(st, INT64_MAX, &n, &err));
    assert_int_equal(n, 2);
    rooms = 0;
    OK(sk_store_rooms(st, count_room, &rooms, &err));
    assert_int_equal(rooms, 0);
    OK(sk_store_room_by_invite(st, "abc", on_used, &r, &err));
    assert_int_equal(r.closed, 1);
    summaries sm = {0};
    OK(sk_store_game_list(st, 1, on_summary, &sm, &err));
    assert_int_equal(sm.n, 2);
    sk_store_close(st);
    st = open_ok(f);
    sk_store_close(st);
    assert_int_equal(version_of(f->db), 4);
}

/* ------------------------------------------------------------------ */
/* Backups                                                              */
/* ------------------------------------------------------------------ */

/* An online backup while the server holds the store (docs/store.md):
 * VACUUM INTO from a second connection gives a file that opens as a
 * store with everything committed, the open batch left out. */
static void test_backup_while_open(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "live");
    OK(sk_store_journal_append(st, a, 1, "{\"committed\":1}", &err));
    OK(sk_store_begin(st, &err));
    OK(sk_store_journal_append(st, a, 2, "{\"pending\":2}", &err));

    char backup[320], sql[400];
    snprintf(backup, sizeof backup, "%s/backup.db", f->dir);
    snprintf(sql, sizeof sql, "VACUUM INTO '%s'", backup);
    raw_sql(f->db, sql);
    OK(sk_store_commit(st, &err));

    sk_store *copy = sk_store_open(backup, &err);
    if (!copy)
        fail_msg("backup: %s", err.msg);
    first_entry j = {0};
    OK(sk_store_journal(copy, a, on_first, &j, &err));
    assert_int_equal(j.n, 1);
    assert_string_equal(j.text, "{\"committed\":1}");
    sk_store_close(copy);
    j = (first_entry){0};
    OK(sk_store_journal(st, a, on_first, &j, &err));
    assert_int_equal(j.n, 2);
    sk_store_close(st);
}

/* ------------------------------------------------------------------ */
/* PostgreSQL: what stands for the files                                */
/* ------------------------------------------------------------------ */

/* Runs SQL on the test's PostgreSQL database behind the store's back
 * (another program); NULL uri: the fixture's. */
static void pg_sql(const char *uri, const char *sql)
{
    PGconn *c = PQconnectdb(uri);
    if (PQstatus(c) != CONNECTION_OK)
        fail_msg("connecting: %s", PQerrorMessage(c));
    PGresult *r = PQexec(c, sql);
    if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
        fail_msg("%s: %s", sql, PQresultErrorMessage(r));
    PQclear(r);
    PQfinish(c);
}

/* Counts the tables of the test's schema. */
static long pg_tables(const char *uri)
{
    PGconn *c = PQconnectdb(uri);
    PGresult *r = PQexec(c, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()");
    assert_int_equal(PQresultStatus(r), PGRES_TUPLES_OK);
    long n = atol(PQgetvalue(r, 0, 0));
    PQclear(r);
    PQfinish(c);
    return n;
}

/* A schema holding another program's tables, a store of a newer schema
 * and a database not in UTF-8 are refused and left as they were. */
static void test_pg_foreign_and_newer(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    pg_sql(f->db, "CREATE TABLE recipes (name text); INSERT INTO recipes VALUES ('Obatzda')");
    assert_null(sk_store_open(f->db, &err));
    assert_non_null(strstr(err.msg, "is not a schafkopf store"));
    assert_true(store_names_db(f, err.msg));
    assert_null(strstr(err.msg, "search_path")); /* the address, not the URI's options */
    assert_int_equal(pg_tables(f->db), 1);
    pg_sql(f->db, "DROP TABLE recipes");

    sk_store *st = open_ok(f);
    sk_store_close(st);
    long tables = pg_tables(f->db);
    assert_true(tables >= 10);
    st = open_ok(f); /* a second open changes nothing */
    sk_store_close(st);
    assert_int_equal(pg_tables(f->db), tables);
    pg_sql(f->db, "UPDATE schema_version SET version = 99");
    assert_null(sk_store_open(f->db, &err));
    assert_non_null(strstr(err.msg, "schema version 99, made by a newer program"));
    pg_sql(f->db, "DELETE FROM schema_version");
    assert_null(sk_store_open(f->db, &err));
    assert_non_null(strstr(err.msg, "schema_version has 0 rows"));

    /* a database of another encoding could not hold every name */
    pg_sql(store_pg_server.uri, "CREATE DATABASE latin ENCODING 'LATIN1' TEMPLATE template0");
    char uri[sizeof store_pg_server.uri + 16];
    snprintf(uri, sizeof uri, "%s", store_pg_server.uri);
    char *db = strstr(uri, "/postgres?");
    assert_non_null(db);
    memmove(db + 6, db + 9, strlen(db + 9) + 1);
    memcpy(db, "/latin", 6);
    assert_null(sk_store_open(uri, &err));
    assert_non_null(strstr(err.msg, "encoding is LATIN1, not UTF8"));
    pg_sql(store_pg_server.uri, "DROP DATABASE latin");

    /* no server there: the message says so */
    assert_null(sk_store_open("postgresql://127.0.0.1:1/none?connect_timeout=5", &err));
    assert_non_null(strstr(err.msg, "cannot connect"));
}

/* Processes that open a fresh store together make its schema once (the
 * advisory lock of the migration) and share it: each writes its room
 * at the same time (a room's lease, not the store, is one process's). */
static void test_pg_open_together(void **state)
{
    fixture *f = *state;
    pid_t pids[4];
    for (int i = 0; i < 4; i++) {
        pids[i] = fork();
        assert_true(pids[i] >= 0);
        if (pids[i] == 0) {
            sk_error e = {0};
            sk_store *st = sk_store_open(f->db, &e);
            if (!st) {
                fprintf(stderr, "child: %s\n", e.msg);
                _exit(1);
            }
            sk_store_room r = {.rules_json = "{}", .title = "together"};
            uint64_t id = 0;
            int rc = sk_store_room_create(st, &r, &id, &e);
            if (rc == 0)
                rc = sk_store_journal_append(st, id, 1, "{\"kind\":\"sit\"}", &e);
            if (rc)
                fprintf(stderr, "child: %s\n", e.msg);
            sk_store_close(st);
            _exit(rc ? 2 : 0);
        }
    }
    for (int i = 0; i < 4; i++) {
        int status = 0;
        assert_int_equal(waitpid(pids[i], &status, 0), pids[i]);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    sk_error err = {0};
    sk_store *st = open_ok(f);
    int n = 0;
    OK(sk_store_rooms(st, count_room, &n, &err));
    assert_int_equal(n, 4);
    sk_store *other = open_ok(f); /* a second process's store beside it */
    assert_int_equal(sk_store_shared(other), 1);
    assert_string_not_equal(sk_store_owner(st), sk_store_owner(other));
    sk_store_close(other);
    sk_store_close(st);
}

/* Collects the rooms a renewal kept. */
typedef struct kept {
    uint64_t rooms[8];
    int n;
    int wanted;      /* rooms another store's claim wants */
} kept;

static int on_kept(void *ctx, uint64_t room, int wanted)
{
    kept *k = ctx;
    k->wanted += wanted;
    if (k->n < 8)
        k->rooms[k->n++] = room;
    return 0;
}

/* Counts a room's journal entries. */
static int count_entry(void *ctx, uint64_t seq, const char *entry)
{
    (void)seq, (void)entry;
    ++*(int *)ctx;
    return 0;
}

/* Leases (store.h): the creator holds a room; another store's claim is
 * refused while the lease lives and its append is fenced (nothing
 * written, its batch goes on and commits the rest); after the expiry the
 * other claims it, and the old holder -- which never renewed, as a
 * paused process -- is fenced and its renewal no longer names the room;
 * a holder whose batch keeps the lease row locked (a process paused
 * inside a transaction) makes a claim give up after lock_timeout rather
 * than wait; a released lease is free at once. */
static void test_pg_leases(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *a = open_ok(f), *b = open_ok(f);
    OK(sk_store_lease_ttl(a, 1000, &err));
    assert_int_equal(sk_store_lease_ttl(a, 999, &err), SK_ERANGE);
    sk_store_room r = {.rules_json = "{}", .title = "lease"};
    uint64_t id = 0, id2 = 0;
    OK(sk_store_room_create(a, &r, &id, &err));
    OK(sk_store_room_create(b, &r, &id2, &err));
    OK(sk_store_journal_append(a, id, 1, "{\"n\":1}", &err));
    assert_int_equal(sk_store_lease_claim(b, id, &err), 0);
    /* b's refused claim asks a to give the room up: a's renewal says so */
    kept kw = {0};
    OK(sk_store_lease_renew(a, on_kept, &kw, &err));
    assert_int_equal(kw.n, 1);
    assert_int_equal(kw.wanted, 1);
    assert_int_equal(sk_store_lease_claim(a, id, &err), 1); /* its own: renewed, wanted no more */
    memset(&kw, 0, sizeof kw);
    OK(sk_store_lease_renew(a, on_kept, &kw, &err));
    assert_int_equal(kw.wanted, 0);
    /* b's batch: the fenced append refused, its own room's written */
    OK(sk_store_begin(b, &err));
    assert_int_equal(sk_store_journal_append(b, id, 2, "{\"n\":2}", &err), SK_STORE_FENCED);
    assert_non_null(strstr(err.msg, "lease"));
    OK(sk_store_journal_append(b, id2, 1, "{\"n\":1}", &err));
    OK(sk_store_commit(b, &err));
    int n = 0;
    OK(sk_store_journal(a, id, count_entry, &n, &err));
    assert_int_equal(n, 1);
    n = 0;
    OK(sk_store_journal(a, id2, count_entry, &n, &err));
    assert_int_equal(n, 1);
    /* a stops renewing: after its 1 s, b takes the room */
    double t0 = skt_pg_now();
    int got;
    while ((got = sk_store_lease_claim(b, id, &err)) == 0 && skt_pg_now() - t0 < skt_pg_stall())
        usleep(50000);
    assert_int_equal(got, 1);
    assert_true(skt_pg_now() - t0 > 0.3); /* not before the expiry */
    assert_int_equal(sk_store_journal_append(a, id, 2, "{\"a\":2}", &err), SK_STORE_FENCED);
    kept ka = {0}, kb = {0};
    OK(sk_store_lease_renew(a, on_kept, &ka, &err));
    assert_int_equal(ka.n, 0); /* a's lease of id is gone, and id2 was never a's */
    OK(sk_store_lease_renew(b, on_kept, &kb, &err));
    assert_int_equal(kb.n, 2);
    OK(sk_store_journal_append(b, id, 2, "{\"b\":2}", &err));
    /* the old holder cannot claim it back while b's lease lives */
    assert_int_equal(sk_store_lease_claim(a, id, &err), 0);
    /* b inside a batch holds the row locked: a's claim gives up */
    OK(sk_store_begin(b, &err));
    OK(sk_store_journal_append(b, id, 3, "{\"b\":3}", &err));
    assert_int_equal(sk_store_lease_claim(a, id, &err), 0);
    OK(sk_store_commit(b, &err));
    /* released: a takes it at once */
    OK(sk_store_lease_release(b, 0, &err));
    assert_int_equal(sk_store_lease_claim(a, id, &err), 1);
    OK(sk_store_journal_append(a, id, 4, "{\"a\":4}", &err));
    n = 0;
    OK(sk_store_journal(b, id, count_entry, &n, &err));
    assert_int_equal(n, 4);
    sk_store_close(a);
    sk_store_close(b);
}

/* Collects lobby entries (room and text) in the order walked. */
typedef struct lobby_seen {
    uint64_t rooms[8];
    char text[8][32];
    int n;
} lobby_seen;

static int on_lobby(void *ctx, uint64_t room, const char *entry)
{
    lobby_seen *l = ctx;
    if (l->n < 8) {
        l->rooms[l->n] = room;
        snprintf(l->text[l->n++], sizeof l->text[0], "%s", entry);
    }
    return 0;
}

/* Waits (bounded by the stall bound) for a lobby notice on `st`. */
static int lobby_notice(sk_store *st)
{
    sk_error err = {0};
    double t0 = skt_pg_now();
    int got;
    while ((got = sk_store_lobby_changed(st, &err)) == 0 && skt_pg_now() - t0 < skt_pg_stall())
        usleep(10000);
    return got;
}

/* The shared lobby (store.h): the holder of a room's lease writes its
 * entry, another store is notified at the commit (not before, not of
 * its own writes) and reads every entry of an open room, newest first;
 * a store without the lease writes nothing (the fence); a removed or
 * closed room's entry is no longer read. */
static void test_pg_lobby(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *a = open_ok(f), *b = open_ok(f);
    assert_int_equal(sk_store_lobby_changed(b, &err), 1); /* listening now */
    assert_int_equal(sk_store_lobby_changed(a, &err), 1);
    sk_store_room r = {.rules_json = "{}", .title = "lobby", .listed = 1};
    uint64_t x = 0, y = 0;
    OK(sk_store_room_create(a, &r, &x, &err));
    OK(sk_store_room_create(a, &r, &y, &err));
    OK(sk_store_begin(a, &err));
    OK(sk_store_lobby_put(a, x, "{\"x\":1}", &err));
    OK(sk_store_lobby_put(a, y, "{\"y\":1}", &err));
    usleep(100000);
    assert_int_equal(sk_store_lobby_changed(b, &err), 0); /* not before the commit */
    OK(sk_store_commit(a, &err));
    assert_int_equal(lobby_notice(b), 1);
    assert_int_equal(sk_store_lobby_changed(b, &err), 0); /* one commit, one notice */
    assert_int_equal(sk_store_lobby_changed(a, &err), 0); /* its own: no news */
    lobby_seen l = {0};
    OK(sk_store_lobby(b, on_lobby, &l, &err));
    assert_int_equal(l.n, 2);
    assert_true(l.rooms[0] == y && l.rooms[1] == x);
    assert_string_equal(l.text[1], "{\"x\":1}");
    /* b holds no lease of x: nothing written, no notice */
    OK(sk_store_lobby_put(b, x, "{\"x\":9}", &err));
    OK(sk_store_lobby_put(b, x, NULL, &err));
    /* a changes x and removes y */
    OK(sk_store_lobby_put(a, x, "{\"x\":2}", &err));
    OK(sk_store_lobby_put(a, y, NULL, &err));
    assert_int_equal(lobby_notice(b), 1);
    memset(&l, 0, sizeof l);
    OK(sk_store_lobby(b, on_lobby, &l, &err));
    assert_int_equal(l.n, 1);
    assert_string_equal(l.text[0], "{\"x\":2}");
    /* a closed room is out of the lobby */
    OK(sk_store_room_close(a, x, &err));
    memset(&l, 0, sizeof l);
    OK(sk_store_lobby(b, on_lobby, &l, &err));
    assert_int_equal(l.n, 0);
    sk_store_close(a);
    sk_store_close(b);
}

/* SQLite: one process holds the file, so every lease is held. */
static void test_sqlite_leases(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    assert_int_equal(sk_store_shared(st), 0);
    sk_store_room r = {.rules_json = "{}", .title = "lease"};
    uint64_t id = 0;
    OK(sk_store_room_create(st, &r, &id, &err));
    assert_int_equal(sk_store_lease_claim(st, id, &err), 1);
    kept k = {0};
    OK(sk_store_lease_renew(st, on_kept, &k, &err));
    assert_int_equal(k.n, 0);
    OK(sk_store_lease_release(st, 0, &err));
    OK(sk_store_journal_append(st, id, 1, "{}", &err));
    /* the lobby is the process's own: nothing kept, no notice */
    OK(sk_store_lobby_put(st, id, "{}", &err));
    lobby_seen l = {0};
    OK(sk_store_lobby(st, on_lobby, &l, &err));
    assert_int_equal(l.n, 0);
    assert_int_equal(sk_store_lobby_changed(st, &err), 0);
    sk_store_close(st);
}

/* The server ends our connection inside a batch (a restart, an
 * administrator): the batch is lost and said to be, nothing of it was
 * written, and the next write reconnects. */
static void test_pg_connection_lost(void **state)
{
    fixture *f = *state;
    sk_error err = {0};
    sk_store *st = open_ok(f);
    uint64_t a = new_room(st, "a");
    OK(sk_store_journal_append(st, a, 1, "{\"before\":1}", &err));
    OK(sk_store_begin(st, &err));
    OK(sk_store_journal_append(st, a, 2, "{\"lost\":2}", &err));
    pg_sql(store_pg_server.uri, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE"
                                " query LIKE '%journal%' AND pid <> pg_backend_pid()");
    int rc = sk_store_journal_append(st, a, 3, "{\"lost\":3}", &err);
    assert_int_equal(rc, SK_EIO);
    REFUSED(sk_store_commit(st, &err), SK_EIO, "none of its writes happened");
    OK(sk_store_journal_append(st, a, 2, "{\"after\":2}", &err)); /* reconnected */
    first_entry j = {0};
    OK(sk_store_journal(st, a, on_first, &j, &err));
    assert_int_equal(j.n, 2);
    assert_string_equal(j.text, "{\"before\":1}");
    sk_store_close(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_lock, setup, teardown),
        cmocka_unit_test_setup_teardown(test_private_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_kill9_one_per_commit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_kill9_batches, setup, teardown),
        cmocka_unit_test_setup_teardown(test_corrupt_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_damaged_pages, setup, teardown),
        cmocka_unit_test_setup_teardown(test_foreign_and_newer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_upgrade_from_v1, setup, teardown),
        cmocka_unit_test_setup_teardown(test_upgrade_from_v2, setup, teardown),
        cmocka_unit_test_setup_teardown(test_upgrade_from_v3, setup, teardown),
        cmocka_unit_test_setup_teardown(test_backup_while_open, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sqlite_leases, setup, teardown),
    };
    /* PostgreSQL: kill -9 the same; the lock, the files' modes, damaged
     * files, SQLite's old schemas and its backup have no twin there
     * (one server holds the data; pg_dump is its backup) -- instead a
     * foreign schema, processes that share it, leases, a lost connection */
    const struct CMUnitTest pg_tests[] = {
        cmocka_unit_test_setup_teardown(test_kill9_one_per_commit, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_kill9_batches, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_pg_foreign_and_newer, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_pg_open_together, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_pg_leases, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_pg_lobby, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(test_pg_connection_lost, setup_pg, teardown),
    };
    int failed = cmocka_run_group_tests_name("store files on SQLite", tests, NULL, NULL);
    return failed + STORE_RUN_PG("store on a PostgreSQL server", pg_tests);
}
