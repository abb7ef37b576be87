/*
 * store_sqlite.c -- the SQLite backend of the store (the default, one
 * process on one machine): opening (the lock, identity, WAL, the schema
 * and its migrations), the sync mode, the SQL of each statement and the
 * cache of prepared statements, behind the backend table of
 * store_internal.h.  The functions of the data are in store_data.c
 * (rooms, journal, chat, accounts, sessions), store_games.c (finished
 * games) and store_books.c (books), the same for every backend.
 *
 * A database is ours when its header carries our application id and its
 * schema_version table names a version this program knows; an empty file
 * becomes a new store.  Anything else -- random bytes, a database of
 * another program, one of a newer schafkopf -- is refused at open with a
 * message naming the file, and nothing in it is changed.
 *
 * Durability rests on WAL mode: a commit appends its pages to the
 * "-wal" file with write(2) before it returns, so the operating system
 * holds them even when the process dies the next instant; synchronous
 * NORMAL flushes only at checkpoints (a power loss may lose the last
 * commits), FULL flushes the WAL at every commit (docs/store.md).
 */
#include "store/store_internal.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* "SKST" in the database header: the file is a schafkopf store. */
#define SKX_APP_ID 0x534b5354
/* How long a statement waits for a lock SQLite's own readers hold (an
 * online backup by the sqlite3 shell, say) before it fails. */
#define SKX_BUSY_MS 5000
/* Longest path we accept (the lock file's name adds 5 bytes). */
#define SKX_PATH_MAX 4000

/*
 * The schema, one entry per version: migrations[v - 1] brings a database
 * from version v - 1 to v.  A new version appends an entry, never edits
 * one: a database of any older version is upgraded step by step, inside
 * one transaction, when it is opened.
 */
static const char *const migrations[] = {
    /* version 1 */
    "CREATE TABLE schema_version (version INTEGER NOT NULL) STRICT;"
    "INSERT INTO schema_version VALUES (0);"
    "CREATE TABLE rooms ("
    "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
    "  rules_json TEXT NOT NULL, title TEXT NOT NULL, invite TEXT NOT NULL,"
    "  listed INTEGER NOT NULL, fallback TEXT NOT NULL,"
    "  created INTEGER NOT NULL, closed INTEGER NOT NULL DEFAULT 0) STRICT;"
    "CREATE TABLE journal ("
    "  room INTEGER NOT NULL REFERENCES rooms(id), seq INTEGER NOT NULL,"
    "  entry TEXT NOT NULL, PRIMARY KEY (room, seq)) STRICT, WITHOUT ROWID;"
    "CREATE TABLE games ("
    "  room INTEGER NOT NULL REFERENCES rooms(id), game_no INTEGER NOT NULL,"
    "  record TEXT NOT NULL, PRIMARY KEY (room, game_no)) STRICT, WITHOUT ROWID;"
    "CREATE TABLE chat ("
    "  id INTEGER PRIMARY KEY, room INTEGER NOT NULL REFERENCES rooms(id),"
    "  name TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL) STRICT;"
    "CREATE INDEX chat_room ON chat (room, id);"
    "CREATE TABLE accounts ("
    "  id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE,"
    "  hash TEXT NOT NULL) STRICT;"
    "CREATE TABLE sessions ("
    "  token_hash TEXT PRIMARY KEY, player INTEGER NOT NULL, name TEXT NOT NULL,"
    "  account INTEGER REFERENCES accounts(id), at INTEGER NOT NULL) STRICT;"
    "CREATE INDEX sessions_at ON sessions (at);",
    /* version 2: accounts get the key they are unique by (the server's
     * folding of the name; SQLite's lower() for the accounts of version
     * 1, which no server made) and a public player id; finished games
     * get their summary and their seats, from which every history and
     * statistic is computed. */
    "ALTER TABLE accounts ADD COLUMN name_key TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE accounts ADD COLUMN player INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE accounts ADD COLUMN created INTEGER NOT NULL DEFAULT 0;"
    "UPDATE accounts SET name_key = lower(name), player = (random() & 9223372036854775807);"
    "CREATE UNIQUE INDEX accounts_key ON accounts (name_key);"
    "CREATE UNIQUE INDEX accounts_player ON accounts (player);"
    /* a game's summary beside its record, not in its row: records of
     * some KiB fill a page each, summaries are dense (a player's
     * history reads one per game) */
    "CREATE TABLE game_results ("
    "  room INTEGER NOT NULL, game_no INTEGER NOT NULL, at INTEGER NOT NULL,"
    "  contract TEXT NOT NULL, declarer INTEGER NOT NULL, won INTEGER NOT NULL,"
    "  PRIMARY KEY (room, game_no),"
    "  FOREIGN KEY (room, game_no) REFERENCES games (room, game_no)) STRICT, WITHOUT ROWID;"
    "CREATE TABLE game_seats ("
    "  room INTEGER NOT NULL, game_no INTEGER NOT NULL, seat INTEGER NOT NULL,"
    "  player INTEGER NOT NULL, name TEXT NOT NULL, money INTEGER NOT NULL,"
    "  points INTEGER NOT NULL, won INTEGER NOT NULL,"
    "  PRIMARY KEY (room, game_no, seat),"
    "  FOREIGN KEY (room, game_no) REFERENCES game_results (room, game_no)) STRICT,"
    "  WITHOUT ROWID;"
    "CREATE INDEX game_seats_player ON game_seats (player, room, game_no) WHERE player <> 0;",
    /* version 3: books -- a group of players, an evening's sheet (of a
     * group or alone) or a tournament: a head and the lines as typed
     * (when, by whom), replayed to rebuild the document.  A line taken
     * back is marked (undone: when, undo_author: by whom), never
     * deleted.  The kind is checked by the store,
     * not by a CHECK: a later kind needs no rebuilt table. */
    "CREATE TABLE books ("
    "  id INTEGER PRIMARY KEY AUTOINCREMENT, kind INTEGER NOT NULL,"
    "  code TEXT NOT NULL UNIQUE, parent INTEGER REFERENCES books(id),"
    "  title TEXT NOT NULL, head TEXT NOT NULL, owner INTEGER REFERENCES accounts(id),"
    "  key_hash TEXT, created INTEGER NOT NULL, updated INTEGER NOT NULL) STRICT;"
    "CREATE INDEX books_kind ON books (kind, created, id);"
    "CREATE INDEX books_parent ON books (parent, created, id) WHERE parent IS NOT NULL;"
    "CREATE INDEX books_owner ON books (owner, created, id) WHERE owner IS NOT NULL;"
    "CREATE TABLE book_lines ("
    "  book INTEGER NOT NULL REFERENCES books(id), seq INTEGER NOT NULL,"
    "  line TEXT NOT NULL, at INTEGER NOT NULL, author TEXT NOT NULL,"
    "  undone INTEGER, undo_author TEXT,"
    "  PRIMARY KEY (book, seq)) STRICT, WITHOUT ROWID;",
    /* version 4: forgetting.  A room keeps when a person was last there
     * (`used`, epoch seconds): the server unlists a room idle for a
     * while and closes (archives) one idle for longer, and restores
     * only open rooms.  Rooms of an older store count as used at the
     * upgrade, so a room in play then gets a whole idle time of grace.
     * A closed room's downloads are found by its invitation code. */
    "ALTER TABLE rooms ADD COLUMN used INTEGER NOT NULL DEFAULT 0;"
    "UPDATE rooms SET used = max(created, CAST(strftime('%s', 'now') AS INTEGER));"
    "CREATE INDEX rooms_invite ON rooms (invite, id);"
    "CREATE INDEX rooms_open ON rooms (used) WHERE closed = 0;",
};
#define SKX_SCHEMA_VERSION ((int)(sizeof migrations / sizeof migrations[0]))

/* The columns of a book as read_book (store_books.c) reads them, the
 * head's expression given (NULL in the lists). */
#define BOOK_COLS(head)                                                                            \
    "SELECT b.id, b.kind, b.code, coalesce(b.parent, 0), b.title, " head ","                       \
    " coalesce(b.owner, 0), coalesce(b.key_hash, ''), b.created, b.updated,"                       \
    " (SELECT count(*) FROM book_lines l WHERE l.book = b.id AND l.undone IS NULL),"               \
    " (SELECT coalesce(max(l.seq), 0) FROM book_lines l WHERE l.book = b.id) FROM books b"

/* The statements of enum skx_stmt, in its order. */
static const char *const stmt_sql[SKX_STMT_COUNT] = {
    [SKX_ROOM_INSERT] = "INSERT INTO rooms (rules_json, title, invite, listed, fallback, created,"
                        " used) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
    [SKX_ROOM_CLOSE] = "UPDATE rooms SET closed = 1 WHERE id = ?1",
    [SKX_ROOMS] = "SELECT id, rules_json, title, invite, listed, fallback, created, closed, used"
                  " FROM rooms WHERE closed = 0 ORDER BY id",
    [SKX_ROOM_USED] = "UPDATE rooms SET used = max(used, ?2) WHERE id = ?1",
    [SKX_ROOMS_ARCHIVE] = "UPDATE rooms SET closed = 1 WHERE closed = 0 AND used < ?1",
    [SKX_ROOM_BY_INVITE] = "SELECT id, rules_json, title, invite, listed, fallback, created,"
                           " closed, used FROM rooms WHERE invite = ?1 ORDER BY id DESC LIMIT 1",
    /* the third column, the lease (a fence on PostgreSQL): the file is
     * this process's, so every lease is held */
    [SKX_JOURNAL_NEXT] = "SELECT EXISTS (SELECT 1 FROM rooms WHERE id = ?1),"
                         " (SELECT max(seq) FROM journal WHERE room = ?1), ?2 IS NOT NULL OR 1",
    [SKX_JOURNAL_INSERT] = "INSERT INTO journal (room, seq, entry) VALUES (?1, ?2, ?3)",
    [SKX_JOURNAL] = "SELECT seq, entry FROM journal WHERE room = ?1 ORDER BY seq",
    [SKX_GAME_INSERT] = "INSERT INTO games (room, game_no, record) VALUES (?1, ?2, ?3)",
    [SKX_GAME_RESULT_INSERT] = "INSERT INTO game_results (room, game_no, at, contract, declarer,"
                               " won) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    [SKX_GAME_SEAT_INSERT] = "INSERT INTO game_seats (room, game_no, seat, player, name, money,"
                             " points, won) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    [SKX_GAMES] = "SELECT game_no, record FROM games WHERE room = ?1 ORDER BY game_no",
    [SKX_GAME_LIST] = "SELECT g.game_no, coalesce(x.at, 0), coalesce(x.contract, ''),"
                      " coalesce(x.declarer, -1), coalesce(x.won, 0), s.seat, s.player, s.name,"
                      " s.money, s.points, s.won FROM games g LEFT JOIN game_results x"
                      " ON x.room = g.room AND x.game_no = g.game_no LEFT JOIN game_seats s"
                      " ON s.room = g.room AND s.game_no = g.game_no WHERE g.room = ?1"
                      " ORDER BY g.game_no, s.seat",
    [SKX_GAME_LAST] = "SELECT max(game_no) FROM games WHERE room = ?1",
    [SKX_HISTORY] = "SELECT r.invite, g.game_no, g.at, g.contract, g.declarer = s.seat, s.won,"
                    " s.money, s.points, r.rules_json FROM game_seats s JOIN game_results g ON g.room = s.room"
                    " AND g.game_no = s.game_no JOIN rooms r ON r.id = s.room WHERE s.player = ?1"
                    " AND s.player <> 0 ORDER BY g.at DESC, s.room DESC, s.game_no DESC LIMIT ?2",
    [SKX_STATS] = "SELECT count(*), coalesce(sum(g.declarer = s.seat), 0),"
                  " coalesce(sum(g.declarer = s.seat AND s.won), 0), coalesce(sum(s.money), 0),"
                  " coalesce(sum(s.points), 0) FROM game_seats s JOIN game_results g ON g.room = s.room"
                  " AND g.game_no = s.game_no WHERE s.player = ?1 AND s.player <> 0",
    [SKX_STATS_KIND] = "SELECT CASE WHEN instr(g.contract, ':') > 0 THEN substr(g.contract, 1,"
                       " instr(g.contract, ':') - 1) ELSE g.contract END AS kind, count(*),"
                       " sum(s.won) FROM game_seats s JOIN game_results g ON g.room = s.room AND"
                       " g.game_no = s.game_no WHERE s.player = ?1 AND s.player <> 0 AND"
                       " g.contract <> '' GROUP BY kind ORDER BY kind",
    [SKX_CHAT_INSERT] = "INSERT INTO chat (room, name, text, at) VALUES (?1, ?2, ?3, ?4)",
    [SKX_CHAT] = "SELECT name, text, at FROM (SELECT id, name, text, at FROM chat"
                 " WHERE room = ?1 ORDER BY id DESC LIMIT ?2) ORDER BY id",
    [SKX_ACCOUNT_INSERT] = "INSERT INTO accounts (name, hash, name_key, player, created)"
                           " VALUES (?1, ?2, ?3, ?4, ?5)",
    [SKX_ACCOUNT_GET] = "SELECT id, player, created, name, name_key, hash FROM accounts"
                        " WHERE name_key = ?1",
    [SKX_ACCOUNT_BY_ID] = "SELECT id, player, created, name, name_key, hash FROM accounts"
                          " WHERE id = ?1",
    [SKX_SESSION_PUT] = "INSERT INTO sessions (token_hash, player, name, account, at)"
                        " VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (token_hash) DO UPDATE SET"
                        " player = excluded.player, name = excluded.name,"
                        " account = excluded.account, at = excluded.at",
    [SKX_SESSION_GET] = "SELECT player, name, account FROM sessions WHERE token_hash = ?1",
    [SKX_SESSION_DELETE] = "DELETE FROM sessions WHERE token_hash = ?1",
    [SKX_SESSION_PRUNE] = "DELETE FROM sessions WHERE at < ?1",
    [SKX_SESSION_PRUNE_GUESTS] = "DELETE FROM sessions WHERE token_hash IN (SELECT token_hash"
                                 " FROM sessions WHERE at < ?1 AND account IS NULL LIMIT ?2)",
    [SKX_BOOK_INSERT] = "INSERT INTO books (kind, code, parent, title, head, owner, key_hash,"
                        " created, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
    [SKX_BOOK_GET] = BOOK_COLS("b.head") " WHERE b.code = ?1",
    [SKX_BOOK_BY_ID] = BOOK_COLS("b.head") " WHERE b.id = ?1",
    [SKX_BOOKS_KIND] = BOOK_COLS("NULL") " WHERE b.kind = ?1"
                       " ORDER BY b.created DESC, b.id DESC LIMIT ?4",
    [SKX_BOOKS_PARENT] = BOOK_COLS("NULL") " WHERE b.parent = ?2 AND b.kind = ?1"
                         " AND (?3 = 0 OR b.owner = ?3) ORDER BY b.created DESC, b.id DESC"
                         " LIMIT ?4",
    [SKX_BOOKS_OWNER] = BOOK_COLS("NULL") " WHERE b.owner = ?3 AND b.kind = ?1"
                        " ORDER BY b.created DESC, b.id DESC LIMIT ?4",
    /* each a step down the primary key from the book's end, whatever
     * its length (the last live line: past the lines taken back after
     * it): an append must not read the lines before it */
    [SKX_BOOK_STATE] = "SELECT kind, (SELECT coalesce(max(seq), 0) FROM book_lines WHERE book = ?1),"
                       " (SELECT coalesce(max(seq), 0) FROM book_lines WHERE book = ?1 AND"
                       " undone IS NULL) FROM books WHERE id = ?1",
    [SKX_BOOK_COUNT] = "SELECT count(*) FROM book_lines WHERE book = ?1 AND undone IS NULL",
    [SKX_BOOK_UPDATE] = "UPDATE books SET title = coalesce(?2, title), head = coalesce(?3, head),"
                        " updated = max(updated, ?4) WHERE id = ?1",
    [SKX_BOOK_ACCESS] = "UPDATE books SET owner = ?2, key_hash = ?3, updated = max(updated, ?4)"
                        " WHERE id = ?1",
    [SKX_BOOK_TOUCH] = "UPDATE books SET updated = max(updated, ?2) WHERE id = ?1",
    [SKX_BOOK_LINE_INSERT] = "INSERT INTO book_lines (book, seq, line, at, author)"
                             " VALUES (?1, ?2, ?3, ?4, ?5)",
    [SKX_BOOK_LINE_UNDO] = "UPDATE book_lines SET undone = ?3, undo_author = ?4 WHERE book = ?1"
                           " AND seq = ?2 AND undone IS NULL",
    [SKX_BOOK_LINES] = "SELECT seq, line, at, author, undone, coalesce(undo_author, '')"
                       " FROM book_lines WHERE book = ?1"
                       " AND (?2 OR undone IS NULL) ORDER BY seq",
    /* leases: never used (the backend is not shared: store_lease.c) */
    [SKX_LEASE_CLAIM] = "SELECT 1",
    [SKX_LEASE_RENEW] = "SELECT 1 WHERE 0",
    [SKX_LEASE_RELEASE] = "SELECT 1 WHERE 0",
    [SKX_LEASE_WANT] = "SELECT 1 WHERE 0",
    /* the shared lobby: never used either (store_lobby.c) */
    [SKX_LOBBY_PUT] = "SELECT 1 WHERE 0",
    [SKX_LOBBY_DELETE] = "SELECT 1 WHERE 0",
    [SKX_LOBBY_LIST] = "SELECT 1 WHERE 0",
};

/* The skx_rc of an SQLite result code. */
static int rc_of(int rc)
{
    switch (rc) {
    case SQLITE_ROW:
        return SKX_ROW;
    case SQLITE_DONE:
    case SQLITE_OK:
        return SKX_DONE;
    case SQLITE_CONSTRAINT_PRIMARYKEY:
    case SQLITE_CONSTRAINT_UNIQUE:
        return SKX_E_UNIQUE;
    case SQLITE_CONSTRAINT_FOREIGNKEY:
        return SKX_E_FOREIGN;
    default:
        break;
    }
    switch (rc & 0xff) {
    case SQLITE_CONSTRAINT:
    case SQLITE_TOOBIG:
    case SQLITE_MISMATCH:
        return SKX_E_INVALID;
    case SQLITE_NOMEM:
        return SKX_E_NOMEM;
    default:
        return SKX_E_IO;
    }
}

/* The backend's exec: SQL text without results. */
static int lite_exec(sk_store *st, const char *sql)
{
    return rc_of(sqlite3_exec(st->db, sql, NULL, NULL, NULL));
}

static bool lite_in_db_txn(const sk_store *st)
{
    return st->db && !sqlite3_get_autocommit(st->db);
}

/* SQLite rolls a transaction back on its own after some errors (a full
 * disk): it is then in autocommit mode again. */
static bool lite_txn_lost(const sk_store *st)
{
    return !st->db || sqlite3_get_autocommit(st->db);
}

static const char *lite_errmsg(const sk_store *st)
{
    return st->db ? sqlite3_errmsg(st->db) : "no database";
}

/* Prepares the statement of u->id: the cached one, or a temporary one
 * for a walk inside a walk of the same kind. */
static int lite_prepare(sk_store *st, skx_stmt_use *u, sk_error *err)
{
    enum skx_stmt id = u->id;
    u->temp = st->busy[id];
    u->s = u->temp ? NULL : st->stmt[id];
    if (!u->s) {
        int rc = sqlite3_prepare_v3(st->db, stmt_sql[id], -1,
                                    u->temp ? 0 : SQLITE_PREPARE_PERSISTENT, &u->s, NULL);
        if (rc != SQLITE_OK) {
            sqlite3_finalize(u->s);
            u->s = NULL;
            u->st = NULL;
            return skx_store_db_fail(st, err, rc_of(rc), "preparing a statement");
        }
        if (!u->temp)
            st->stmt[id] = u->s;
    }
    if (!u->temp)
        st->busy[id] = true;
    return 0;
}

static void lite_release(sk_store *st, skx_stmt_use *u)
{
    if (!u->s)
        return;
    if (u->temp) {
        sqlite3_finalize(u->s);
    } else {
        assert(st->stmt[u->id] == u->s && st->busy[u->id]);
        sqlite3_reset(u->s);
        sqlite3_clear_bindings(u->s);
        st->busy[u->id] = false;
    }
    u->s = NULL;
}

static void lite_bind_int(skx_stmt_use *u, int i, int64_t v)
{
    sqlite3_bind_int64(u->s, i, v);
}

static void lite_bind_text(skx_stmt_use *u, int i, const char *t)
{
    sqlite3_bind_text(u->s, i, t, -1, SQLITE_STATIC);
}

static void lite_bind_null(skx_stmt_use *u, int i)
{
    sqlite3_bind_null(u->s, i);
}

static int lite_step(sk_store *st, skx_stmt_use *u)
{
    (void)st;
    return rc_of(sqlite3_step(u->s));
}

static enum skx_col_kind lite_col_kind(const skx_stmt_use *u, int col)
{
    switch (sqlite3_column_type(u->s, col)) {
    case SQLITE_NULL: return SKX_COL_NULL;
    case SQLITE_INTEGER: return SKX_COL_INT;
    case SQLITE_TEXT: return SKX_COL_TEXT;
    default: return SKX_COL_OTHER;
    }
}

static int64_t lite_col_int(const skx_stmt_use *u, int col)
{
    return sqlite3_column_int64(u->s, col);
}

static const char *lite_col_text(const skx_stmt_use *u, int col, size_t *len)
{
    const unsigned char *t = sqlite3_column_text(u->s, col);
    int n = sqlite3_column_bytes(u->s, col);
    *len = n > 0 ? (size_t)n : 0;
    return (const char *)t;
}

static const char *lite_col_name(const skx_stmt_use *u, int col)
{
    return sqlite3_column_name(u->s, col);
}

static int64_t lite_changes(const sk_store *st)
{
    return sqlite3_changes64(st->db);
}

static int64_t lite_last_id(const sk_store *st)
{
    return sqlite3_last_insert_rowid(st->db);
}

/* Ends the connection, rolling back a transaction left open, and drops
 * the lock. */
static void lite_close(sk_store *st)
{
    for (int i = 0; i < SKX_STMT_COUNT; i++)
        sqlite3_finalize(st->stmt[i]);
    if (st->db) {
        if (!sqlite3_get_autocommit(st->db))
            sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
        sqlite3_close_v2(st->db);
        st->db = NULL;
    }
    if (st->lock_fd >= 0)
        close(st->lock_fd);
    st->lock_fd = -1;
}

/* Runs SQL text without results (pragmas, transaction control, a
 * migration); `what` names it in an error. */
static int exec(sk_store *st, const char *sql, const char *what, sk_error *err)
{
    int rc = sqlite3_exec(st->db, sql, NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        return skx_store_db_fail(st, err, rc_of(rc), what);
    return 0;
}

/* Sets synchronous NORMAL or FULL (store.h). */
static int lite_set_sync(sk_store *st, enum sk_store_sync mode, sk_error *err)
{
    return exec(st, mode == SK_STORE_SYNC_FULL ? "PRAGMA synchronous = FULL"
                                               : "PRAGMA synchronous = NORMAL",
                "setting the sync mode", err);
}

/* The SQLite backend's table. */
const skx_backend skx_sqlite_backend = {
    .name = "sqlite",
    .shared = false,
    .close = lite_close,
    .exec = lite_exec,
    .begin_sql = "BEGIN IMMEDIATE",
    .write_savepoints = true,
    .in_db_txn = lite_in_db_txn,
    .txn_lost = lite_txn_lost,
    .errmsg = lite_errmsg,
    .set_sync = lite_set_sync,
    .prepare = lite_prepare,
    .release = lite_release,
    .bind_int = lite_bind_int,
    .bind_text = lite_bind_text,
    .bind_null = lite_bind_null,
    .step = lite_step,
    .col_kind = lite_col_kind,
    .col_int = lite_col_int,
    .col_text = lite_col_text,
    .col_name = lite_col_name,
    .changes = lite_changes,
    .last_id = lite_last_id,
};

/* Runs a query of one integer (a pragma, a count) into *out. */
static int query_int(sk_store *st, const char *sql, const char *what, int64_t *out,
                     sk_error *err)
{
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(st->db, sql, -1, &s, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(s);
    if (rc != SQLITE_ROW) {
        int code = skx_store_db_fail(st, err, rc == SQLITE_DONE ? SKX_E_IO : rc_of(rc), what);
        sqlite3_finalize(s);
        return code;
    }
    skx_stmt_use u = {.st = st, .s = s};
    int res = skx_store_col_int(st, &u, 0, INT64_MIN, INT64_MAX, out, err);
    sqlite3_finalize(s);
    return res;
}

/*
 * Refuses a path that is no regular file before anything is created
 * beside it: a directory, a device, a symbolic link.  A link is refused
 * because the lock file goes beside the path given: two links to one
 * database would have two locks.
 */
static int check_path(sk_store *st, const char *path, sk_error *err)
{
    struct stat sb;
    if (lstat(path, &sb) != 0)
        return errno == ENOENT ? 0 : skx_store_fail(st, err, SK_EIO, "cannot open: %s",
                                                    strerror(errno));
    if (S_ISLNK(sb.st_mode))
        return skx_store_fail(st, err, SK_EINVAL, "is a symbolic link: give the path of the "
                              "file itself (the lock file goes beside it)");
    if (S_ISDIR(sb.st_mode))
        return skx_store_fail(st, err, SK_EINVAL, "is a directory, not a database file");
    if (!S_ISREG(sb.st_mode))
        return skx_store_fail(st, err, SK_EINVAL, "is not a regular file");
    return 0;
}

/*
 * Makes the database private to the server's user before SQLite opens
 * it: it holds password and token hashes.  A new file is created 0600
 * (SQLite would make it 0644 under the usual umask), and an existing
 * one loses any group and other bits, as do a -wal and -shm file left
 * beside it: SQLite gives those the database file's mode when it makes
 * them, so a private database keeps its journal private too.  Done
 * after the lock is held, so no other store is using the files.
 */
static int make_private(sk_store *st, const char *path, sk_error *err)
{
    int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0600);
    if (fd < 0)
        return skx_store_fail(st, err, SK_EIO, "cannot open: %s", strerror(errno));
    struct stat sb;
    int rc = fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
                     ((sb.st_mode & 077) == 0 || fchmod(fd, sb.st_mode & 0700) == 0)
                 ? 0
                 : -1;
    int e = errno;
    close(fd);
    if (rc != 0)
        return skx_store_fail(st, err, SK_EIO, "cannot make it private (mode 0600): %s",
                              strerror(e));
    size_t n = strlen(path);
    char *side = malloc(n + sizeof "-wal");
    if (!side)
        return skx_store_fail(st, err, SK_ENOMEM, "out of memory");
    static const char *const ends[] = {"-wal", "-shm"};
    for (int i = 0; i < 2 && rc == 0; i++) {
        memcpy(side, path, n);
        memcpy(side + n, ends[i], strlen(ends[i]) + 1);
        if (lstat(side, &sb) == 0 && S_ISREG(sb.st_mode) && (sb.st_mode & 077) &&
            chmod(side, sb.st_mode & 0700) != 0)
            rc = skx_store_fail(st, err, SK_EIO, "cannot make its %s file private: %s",
                                ends[i], strerror(errno));
    }
    free(side);
    return rc;
}

/*
 * Takes the process lock: an exclusive flock on "<path>.lock", created
 * if need be.  flock belongs to the open file, so a second sk_store_open
 * of the same path -- in another process or in this one -- is refused;
 * the kernel drops the lock when the process ends, however it ends.
 * O_CLOEXEC keeps it out of programs the server starts.
 */
static int take_lock(sk_store *st, const char *path, sk_error *err)
{
    size_t n = strlen(path);
    char *lock = malloc(n + sizeof ".lock");
    if (!lock)
        return skx_store_fail(st, err, SK_ENOMEM, "out of memory");
    memcpy(lock, path, n);
    memcpy(lock + n, ".lock", sizeof ".lock");
    int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0600);
    free(lock);
    if (fd < 0)
        return skx_store_fail(st, err, SK_EIO, "cannot open its lock file (.lock): %s",
                              strerror(errno));
    int rc;
    do
        rc = flock(fd, LOCK_EX | LOCK_NB);
    while (rc != 0 && errno == EINTR);
    if (rc != 0) {
        int e = errno;
        close(fd);
        if (e == EWOULDBLOCK)
            return skx_store_fail(st, err, SK_EIO, "is in use by another process or store "
                                  "(its .lock file is locked)");
        return skx_store_fail(st, err, SK_EIO, "cannot lock its .lock file: %s", strerror(e));
    }
    st->lock_fd = fd;
    return 0;
}

/*
 * Tells whether the open file is a store of ours: *fresh when it is
 * empty (no schema yet: we make one), else it must carry our application
 * id.  Reading the header is the first access: random bytes fail here
 * ("file is not a database") before anything is written.
 */
static int check_identity(sk_store *st, bool *fresh, sk_error *err)
{
    int64_t app = 0, objects = 0;
    int rc = query_int(st, "PRAGMA application_id", "reading the database header", &app, err);
    if (rc == 0)
        rc = query_int(st, "SELECT count(*) FROM sqlite_schema", "reading the schema", &objects,
                       err);
    if (rc)
        return rc;
    if (objects == 0 && app == 0) {
        *fresh = true;
        return 0;
    }
    if (app != SKX_APP_ID)
        return skx_store_fail(st, err, SK_EINVAL, "is not a schafkopf store (a database of "
                              "another program: application id 0x%08llx)",
                              (unsigned long long)(uint32_t)app);
    *fresh = false;
    return 0;
}

/* Reads the schema version of an existing store (0 for a fresh file). */
static int read_version(sk_store *st, bool fresh, int64_t *version, sk_error *err)
{
    if (fresh) {
        *version = 0;
        return 0;
    }
    int64_t rows = 0;
    int rc = query_int(st, "SELECT count(*) FROM schema_version", "reading the schema version",
                       &rows, err);
    if (rc)
        return rc;
    if (rows != 1)
        return skx_store_fail(st, err, SK_EIO, "schema_version has %lld rows instead of 1: the "
                              "database is damaged", (long long)rows);
    rc = query_int(st, "SELECT version FROM schema_version", "reading the schema version",
                   version, err);
    if (rc)
        return rc;
    if (*version < 1)
        return skx_store_fail(st, err, SK_EIO, "schema version %lld: the database is damaged",
                              (long long)*version);
    return 0;
}

/*
 * Brings the schema to SKX_SCHEMA_VERSION inside one transaction: a
 * fresh file gets every migration, an older store the ones it lacks; a
 * store of a newer program is refused untouched.
 */
static int migrate(sk_store *st, bool fresh, sk_error *err)
{
    int rc = exec(st, "BEGIN IMMEDIATE", "starting the schema upgrade", err);
    if (rc)
        return rc;
    int64_t version = 0;
    rc = read_version(st, fresh, &version, err);
    if (rc == 0 && version > SKX_SCHEMA_VERSION)
        rc = skx_store_fail(st, err, SK_EINVAL, "has schema version %lld, made by a newer "
                            "program (this one knows up to %d)", (long long)version,
                            SKX_SCHEMA_VERSION);
    char what[64];
    for (int64_t v = version + 1; rc == 0 && v <= SKX_SCHEMA_VERSION; v++) {
        snprintf(what, sizeof what, "upgrading the schema to version %lld", (long long)v);
        rc = exec(st, migrations[v - 1], what, err);
        if (rc == 0) {
            char sql[80];
            snprintf(sql, sizeof sql, "UPDATE schema_version SET version = %lld", (long long)v);
            rc = exec(st, sql, what, err);
        }
    }
    if (rc == 0 && fresh) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA application_id = %d", SKX_APP_ID);
        rc = exec(st, sql, "writing the application id", err);
    }
    if (rc == 0)
        return exec(st, "COMMIT", "committing the schema", err);
    sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

/* Switches the file to WAL and sets the connection's pragmas. */
static int configure(sk_store *st, sk_error *err)
{
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(st->db, "PRAGMA journal_mode = WAL", -1, &s, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(s);
    if (rc != SQLITE_ROW) {
        int code = skx_store_db_fail(st, err, rc_of(rc), "switching to WAL mode");
        sqlite3_finalize(s);
        return code;
    }
    const unsigned char *mode = sqlite3_column_text(s, 0);
    bool wal = mode && strcmp((const char *)mode, "wal") == 0;
    sqlite3_finalize(s);
    if (!wal)
        return skx_store_fail(st, err, SK_EIO, "cannot switch to WAL mode (a file system "
                              "without shared memory?)");
    rc = exec(st, "PRAGMA foreign_keys = ON", "turning on foreign keys", err);
    if (rc == 0)
        rc = exec(st, "PRAGMA synchronous = NORMAL", "setting the sync mode", err);
    return rc;
}

/* Opens the SQLite store at `path` (store_internal.h): the lock first,
 * then the file, its identity, WAL and the schema. */
int skx_sqlite_open(sk_store *st, const char *path, sk_error *err)
{
    if (strnlen(path, SKX_PATH_MAX + 1) > SKX_PATH_MAX)
        return skx_store_fail(NULL, err, SK_EINVAL, "the database path is too long");
    char quoted[sizeof st->where - 2];
    sk_escape(quoted, sizeof quoted, path, (size_t)-1, sizeof quoted);
    snprintf(st->where, sizeof st->where, "\"%s\"", quoted);
    st->be = &skx_sqlite_backend;
    int rc = check_path(st, path, err);
    if (rc == 0)
        rc = take_lock(st, path, err);
    if (rc == 0)
        rc = make_private(st, path, err);
    if (rc)
        return rc;
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW;
    int orc = sqlite3_open_v2(path, &st->db, flags, NULL);
    if (orc != SQLITE_OK)
        return skx_store_db_fail(st, err, rc_of(orc), "cannot open");
    sqlite3_extended_result_codes(st->db, 1);
    sqlite3_busy_timeout(st->db, SKX_BUSY_MS);
    bool fresh = false;
    rc = check_identity(st, &fresh, err);
    if (rc == 0)
        rc = configure(st, err);
    if (rc == 0)
        rc = migrate(st, fresh, err);
    return rc;
}
