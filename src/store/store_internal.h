/*
 * store_internal.h -- what the files of the SQLite store share: the
 * store's struct, its cache of prepared statements, and the helpers for
 * errors, input checks and reading columns.  Every SQL text of the store
 * lives in src/store/ (the statements in store_sqlite.c's table), so a
 * second backend replaces this directory and nothing else.
 */
#ifndef SKX_STORE_INTERNAL_H
#define SKX_STORE_INTERNAL_H

#include "schafkopf/store.h"

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The statements a store prepares once and keeps (the SQL is in
 * store_sqlite.c, in this order). */
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
    SKX_STMT_COUNT
};

/*
 * A store: the SQLite connection, the lock file that keeps other
 * processes out, whether a transaction of sk_store_begin is open, and
 * the prepared statements.  A statement is "busy" while a walk steps
 * through it; a walk whose callback starts the same walk again (rooms
 * inside rooms) gets a statement of its own instead (skx_store_get).
 */
struct sk_store {
    sqlite3 *db;
    int lock_fd;            /* holds flock(LOCK_EX) on "<path>.lock" */
    bool in_txn;            /* between sk_store_begin and commit/rollback */
    char where[96];         /* the quoted path, for messages */
    sqlite3_stmt *stmt[SKX_STMT_COUNT];
    bool busy[SKX_STMT_COUNT];
};

/* A statement in use: the cached one, or a temporary one for a walk
 * inside a walk of the same kind. */
typedef struct skx_stmt_use {
    sqlite3_stmt *s;
    enum skx_stmt id;
    bool temp;
} skx_stmt_use;

/* Fills an error ("store "path": message") and returns code. */
int skx_store_fail(const sk_store *st, sk_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* An error of SQLite (rc) while doing `what`: its message, and the
 * status it means (constraint: SK_EINVAL, no memory: SK_ENOMEM, anything
 * else SK_EIO). */
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
int skx_store_col_text(const sk_store *st, sqlite3_stmt *s, int col, const char **out,
                       sk_error *err);
/* Column `col` as an integer in [min, max]; an error otherwise. */
int skx_store_col_int(const sk_store *st, sqlite3_stmt *s, int col, int64_t min, int64_t max,
                      int64_t *out, sk_error *err);

/* Binds text (already checked) to parameter i (the text must outlive
 * the step). */
int skx_store_bind_text(sqlite3_stmt *s, int i, const char *t);
/* Steps a write statement to its end: 0, or the error of `what`. */
int skx_store_step_done(sk_store *st, skx_stmt_use *u, const char *what, sk_error *err);
/* Steps a walk's statement: 1 for a row, 0 at the end, or the
 * database's error, naming `what` -- the loop every walk shares. */
int skx_store_next_row(sk_store *st, sqlite3_stmt *s, const char *what, sk_error *err);
/* Maps a failed insert into a room's table: the room unknown (a foreign
 * key), a number taken (the primary key, `taken` says so; NULL: no such
 * case), or the database's error. */
int skx_store_insert_fail(sk_store *st, sk_error *err, int rc, const char *what, uint64_t room,
                          const char *taken);

#endif
