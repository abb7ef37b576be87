/*
 * store_internal.h -- what the files of the store share: the store's
 * struct, the backend interface under it (SQLite or PostgreSQL), and the
 * helpers for errors, input checks, binding and reading columns.  Every
 * SQL text of the store lives in src/store/ (each backend's table of
 * statements, in the order of enum skx_stmt), so nothing above the
 * store knows which database it talks to.
 */
#ifndef SKX_STORE_INTERNAL_H
#define SKX_STORE_INTERNAL_H

#include "schafkopf/store.h"

#include <sqlite3.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The statements a store prepares once and keeps (the SQL is in each
 * backend's table, in this order). */
enum skx_stmt {
    SKX_ROOM_INSERT,
    SKX_ROOM_CLOSE,
    SKX_ROOMS,
    SKX_ROOM_USED,
    SKX_ROOMS_ARCHIVE,
    SKX_ROOM_BY_INVITE,
    SKX_JOURNAL_NEXT,
    SKX_JOURNAL_INSERT,
    SKX_JOURNAL,
    SKX_GAME_INSERT,
    SKX_GAME_RESULT_INSERT,
    SKX_GAME_SEAT_INSERT,
    SKX_GAMES,
    SKX_GAME_LIST,
    SKX_GAME_LAST,
    SKX_HISTORY,
    SKX_STATS,
    SKX_STATS_KIND,
    SKX_CHAT_INSERT,
    SKX_CHAT,
    SKX_ACCOUNT_INSERT,
    SKX_ACCOUNT_GET,
    SKX_ACCOUNT_BY_ID,
    SKX_SESSION_PUT,
    SKX_SESSION_GET,
    SKX_SESSION_DELETE,
    SKX_SESSION_PRUNE,
    SKX_SESSION_PRUNE_GUESTS,
    SKX_BOOK_INSERT,
    SKX_BOOK_GET,
    SKX_BOOK_BY_ID,
    SKX_BOOKS_KIND,
    SKX_BOOKS_PARENT,
    SKX_BOOKS_OWNER,
    SKX_BOOK_STATE,
    SKX_BOOK_COUNT,
    SKX_BOOK_UPDATE,
    SKX_BOOK_ACCESS,
    SKX_BOOK_TOUCH,
    SKX_BOOK_LINE_INSERT,
    SKX_BOOK_LINE_UNDO,
    SKX_BOOK_LINES,
    SKX_LEASE_CLAIM,
    SKX_LEASE_RENEW,
    SKX_LEASE_RELEASE,
    SKX_LEASE_WANT,
    SKX_LOBBY_PUT,
    SKX_LOBBY_DELETE,
    SKX_LOBBY_LIST,
    SKX_STMT_COUNT
};

/* What a statement's step (or a backend's command) came to, the same
 * for every backend: a row, the end, or an error of a kind the store
 * maps to a status (a key in use and an unknown referenced row are the
 * caller's mistakes: SK_EINVAL). */
enum skx_rc {
    SKX_DONE = 0,
    SKX_ROW = 1,
    SKX_E_UNIQUE = -1,  /* a primary key or unique value in use */
    SKX_E_FOREIGN = -2, /* a referenced row does not exist */
    SKX_E_INVALID = -3, /* another constraint, a value too big or of the wrong type */
    SKX_E_NOMEM = -4,
    SKX_E_IO = -5       /* anything else: the disk, the connection, the server */
};

/* The kind of a result column's value in the current row. */
enum skx_col_kind { SKX_COL_NULL, SKX_COL_INT, SKX_COL_TEXT, SKX_COL_OTHER };

/* At most this many parameters in a statement. */
#define SKX_PARAMS_MAX 8

typedef struct skx_pg skx_pg;
typedef struct skx_stmt_use skx_stmt_use;

/*
 * A backend: the narrow interface under the store's functions, as
 * SQLite's VFS is under its engine.  The functions of store.h check
 * their input, pick a statement by its id and bind, step and read it
 * through this table; only the backend knows the SQL text of an id and
 * the database it talks to.  Two backends: SQLite (store_sqlite.c, one
 * process, a file) and PostgreSQL (store_pg.c, a server many processes
 * share).
 */
typedef struct skx_backend {
    const char *name;
    /* Several processes may share the database: rooms are held by
     * leases, and a journal append checks its room's (store_lease.c).
     * SQLite's file is one process's (its lock): every lease is held. */
    bool shared;
    /* Ends the connection (a transaction left open is rolled back). */
    void (*close)(sk_store *st);
    /* Runs SQL text without results (transaction control, savepoints). */
    int (*exec)(sk_store *st, const char *sql);
    /* The SQL that starts a transaction of sk_store_begin. */
    const char *begin_sql;
    /* A write of several statements inside sk_store_begin's transaction
     * takes a savepoint (SQLite: a failed statement leaves the rest of
     * the transaction; PostgreSQL ends the transaction at any error, and
     * thousands of savepoints in one transaction slow every statement
     * of it down). */
    bool write_savepoints;
    /* The database is inside a transaction (SQLite: not in autocommit). */
    bool (*in_db_txn)(const sk_store *st);
    /* The transaction of sk_store_begin is gone or can only be rolled
     * back (an earlier error ended it). */
    bool (*txn_lost)(const sk_store *st);
    /* The database's message of the last error. */
    const char *(*errmsg)(const sk_store *st);
    int (*set_sync)(sk_store *st, enum sk_store_sync mode, sk_error *err);
    /* Gets statement u->id ready for binding; release frees what a step
     * left (a result, a statement of a walk in a walk). */
    int (*prepare)(sk_store *st, skx_stmt_use *u, sk_error *err);
    void (*release)(sk_store *st, skx_stmt_use *u);
    void (*bind_int)(skx_stmt_use *u, int i, int64_t v);
    void (*bind_text)(skx_stmt_use *u, int i, const char *t);
    void (*bind_null)(skx_stmt_use *u, int i);
    /* The next row (SKX_ROW), the end (SKX_DONE) or an error. */
    int (*step)(sk_store *st, skx_stmt_use *u);
    enum skx_col_kind (*col_kind)(const skx_stmt_use *u, int col);
    int64_t (*col_int)(const skx_stmt_use *u, int col);
    /* The text of a column and its length in bytes (NULL: no memory). */
    const char *(*col_text)(const skx_stmt_use *u, int col, size_t *len);
    const char *(*col_name)(const skx_stmt_use *u, int col);
    /* Rows the last write changed, and the id the last insert made. */
    int64_t (*changes)(const sk_store *st);
    int64_t (*last_id)(const sk_store *st);
} skx_backend;

extern const skx_backend skx_sqlite_backend;
extern const skx_backend skx_pg_backend;

/*
 * A store: its backend, whether a transaction of sk_store_begin is
 * open, its name for messages, and the backend's state -- SQLite's
 * connection, the lock file that keeps other processes out and the
 * cache of prepared statements (a statement is "busy" while a walk
 * steps through it; a walk whose callback starts the same walk again
 * gets a statement of its own), or PostgreSQL's (store_pg.c).
 */
struct sk_store {
    const skx_backend *be;
    bool in_txn;            /* between sk_store_begin and commit/rollback */
    char where[160];        /* the quoted path or the database's name, for messages */
    sqlite3 *db;
    int lock_fd;            /* holds flock(LOCK_EX) on "<path>.lock" */
    sqlite3_stmt *stmt[SKX_STMT_COUNT];
    bool busy[SKX_STMT_COUNT];
    skx_pg *pg;
    char owner[64];         /* this store's lease owner: host, pid, random */
    int lease_ms;           /* a lease's time to live */
};

/* A statement in use: its id and the backend's handle -- SQLite's
 * statement (the cached one or a temporary one), or PostgreSQL's
 * parameters and the rows of its result. */
struct skx_stmt_use {
    sk_store *st;
    enum skx_stmt id;
    sqlite3_stmt *s;
    bool temp;
    void *res;              /* PGresult */
    int row, nrows;         /* the current row, -1 before the first */
    bool ran;
    const char *pv[SKX_PARAMS_MAX];
    char pbuf[SKX_PARAMS_MAX][24];
};

/* Opens the backend of a target: SQLite for a path, PostgreSQL for a
 * postgresql:// or postgres:// URI; st is filled but for `be`. */
int skx_sqlite_open(sk_store *st, const char *path, sk_error *err);
int skx_pg_open(sk_store *st, const char *uri, sk_error *err);

/* Takes the lease of a room just created (sk_store_room_create), in
 * the same write: the creator holds it (store_lease.c). */
int skx_lease_take_new(sk_store *st, uint64_t room, sk_error *err);
/* PostgreSQL: 1 when a lobby notice of another process came since the
 * last call (the first call LISTENs and says 1), 0 none, or an error. */
int skx_pg_lobby_changed(sk_store *st, sk_error *err);
/* Makes the store's owner id (at open). */
void skx_lease_init(sk_store *st);

/* Binding and reading through the backend (what every function of the
 * data uses; the text must outlive the step). */
void skx_bind_int(skx_stmt_use *u, int i, int64_t v);
void skx_bind_null(skx_stmt_use *u, int i);
/* Binds an id that may be 0 (none): NULL then. */
void skx_bind_id_or_null(skx_stmt_use *u, int i, uint64_t id);
int skx_step(skx_stmt_use *u);
bool skx_col_null(const skx_stmt_use *u, int col);
int64_t skx_changes(const sk_store *st);
int64_t skx_last_id(const sk_store *st);

/* Fills an error ("store "path": message") and returns code. */
int skx_store_fail(const sk_store *st, sk_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* An error of the database (rc, an skx_rc) while doing `what`: its
 * message, and the status it means (constraint: SK_EINVAL, no memory:
 * SK_ENOMEM, anything else SK_EIO). */
int skx_store_db_fail(const sk_store *st, sk_error *err, int rc, const char *what);

/* Checks a text argument: present, at most max bytes, valid UTF-8 (so
 * it holds no NUL before its end either), non-empty unless empty_ok. */
int skx_store_check_text(const sk_store *st, sk_error *err, const char *field, const char *s,
                         size_t max, bool empty_ok);
/* skx_store_check_text, and no control characters: none of C0 (but a
 * tab when tab_ok), DEL or C1 -- text a terminal shows as it is. */
int skx_store_check_plain(const sk_store *st, sk_error *err, const char *field, const char *s,
                          size_t max, bool empty_ok, bool tab_ok);
/* Checks a hash kept as lowercase hex (a session's token, a book's edit
 * key): an even number of 32 to SK_STORE_TOKEN_HASH_MAX digits, BLAKE2b
 * of 16 to 64 bytes. */
int skx_store_check_hash(const sk_store *st, sk_error *err, const char *field, const char *h);
/* Checks an id or number that must fit SQLite's signed 64 bits, and be
 * at least `min`. */
int skx_store_check_id(const sk_store *st, sk_error *err, const char *field, uint64_t v,
                       uint64_t min);
/* A write may go ahead: not inside a transaction that SQLite already
 * rolled back after an error (its later writes would then commit on
 * their own, outside the batch the caller believes in). */
int skx_store_writable(const sk_store *st, sk_error *err);

/* Starts a write of several statements that must happen together:
 * inside the caller's transaction a savepoint of that name, else a
 * transaction of its own.  _end finishes it: with rc 0 it is kept
 * (committed when it is a transaction of its own: a failed commit is
 * the error returned, naming `what`), otherwise undone; returns rc. */
int skx_store_write_begin(sk_store *st, const char *savepoint, const char *what, sk_error *err);
int skx_store_write_end(sk_store *st, const char *savepoint, int rc, const char *what,
                        sk_error *err);

/* The statement `id`, reset and unbound, ready for binding; release it
 * with skx_store_put. */
int skx_store_get(sk_store *st, enum skx_stmt id, skx_stmt_use *u, sk_error *err);
void skx_store_put(sk_store *st, skx_stmt_use *u);

/* Column `col` of the current row as text that holds no NUL; an error
 * naming the column when it is not text (a damaged or foreign file). */
int skx_store_col_text(const sk_store *st, const skx_stmt_use *u, int col, const char **out,
                       sk_error *err);
/* Column `col` as an integer in [min, max]; an error otherwise. */
int skx_store_col_int(const sk_store *st, const skx_stmt_use *u, int col, int64_t min,
                      int64_t max, int64_t *out, sk_error *err);

/* Binds text (already checked) to parameter i (the text must outlive
 * the step). */
void skx_store_bind_text(skx_stmt_use *u, int i, const char *t);
/* Steps a write statement to its end: 0, or the error of `what`. */
int skx_store_step_done(sk_store *st, skx_stmt_use *u, const char *what, sk_error *err);
/* Steps a walk's statement: 1 for a row, 0 at the end, or the
 * database's error, naming `what` -- the loop every walk shares. */
int skx_store_next_row(sk_store *st, skx_stmt_use *u, const char *what, sk_error *err);
/* Maps a failed insert into a room's table: the room unknown (a foreign
 * key), a number taken (the primary key, `taken` says so; NULL: no such
 * case), or the database's error. */
int skx_store_insert_fail(sk_store *st, sk_error *err, int rc, const char *what, uint64_t room,
                          const char *taken);

#endif
