/*
 * store_pg.c -- the PostgreSQL backend of the store (libpq): a database
 * several server processes share (docs/server.md, "Cluster").  It sits
 * behind the same backend table as SQLite (store_internal.h), so the
 * functions of the data (store_data.c, store_games.c, store_books.c) do
 * not know which one they talk to.
 *
 * The tables live in the connection's current schema (the first schema
 * of its search_path that exists).  A schema is ours when it holds the
 * table schema_version with the comment "schafkopf store"; an empty
 * schema becomes a new store; one with other tables is refused
 * untouched.  The schema is created and upgraded inside one transaction
 * under an advisory lock, so processes that start together do it once.
 *
 * Statements are prepared once per connection (named skx_N) and run
 * with text parameters; a result is read whole, so a walk inside a walk
 * needs nothing of its own.  PostgreSQL ends a transaction at its first
 * error, where SQLite only refuses the statement: a write that may be
 * refused by a constraint (a name in use, an unknown account) runs in a
 * savepoint inside sk_store_begin's transaction, so a refusal changes
 * nothing and leaves the batch open, as store.h promises.  Any other
 * error loses the batch, as a full disk does with SQLite.
 *
 * Several processes share a store: each room is written by the holder
 * of its lease alone (store_lease.c; docs/server.md, "Cluster").  A
 * claim waits at most lock_timeout (3 s) for a lease row another
 * process holds locked in a transaction (a process paused in the middle
 * of one): then the claim is refused for now rather than the loop held.
 *
 * Sync modes: both are synchronous_commit on (a commit is flushed to
 * PostgreSQL's disk before it returns).  "off" would let a crash of the
 * PostgreSQL server lose commits our process had told players of, which
 * NORMAL's promise (a crash of the engine loses nothing) does not allow.
 */
#include "store/store_internal.h"

#include <assert.h>
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The comment on schema_version that marks a schema as ours. */
#define SKX_PG_MARK "schafkopf store"

/*
 * The schema, one entry per version, as for SQLite (its own list:
 * PostgreSQL's version 1 is SQLite's version 4).  A new version appends
 * an entry, never edits one.
 */
static const char *const pg_migrations[] = {
    /* version 1: everything of SQLite's version 4 */
    "CREATE TABLE schema_version (version bigint NOT NULL);"
    "COMMENT ON TABLE schema_version IS '" SKX_PG_MARK "';"
    "INSERT INTO schema_version VALUES (0);"
    "CREATE TABLE rooms ("
    "  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
    "  rules_json text NOT NULL, title text NOT NULL, invite text NOT NULL,"
    "  listed bigint NOT NULL, fallback text NOT NULL, created bigint NOT NULL,"
    "  closed bigint NOT NULL DEFAULT 0, used bigint NOT NULL DEFAULT 0);"
    "CREATE INDEX rooms_invite ON rooms (invite, id);"
    "CREATE INDEX rooms_open ON rooms (used) WHERE closed = 0;"
    "CREATE TABLE journal ("
    "  room bigint NOT NULL REFERENCES rooms(id), seq bigint NOT NULL,"
    "  entry text NOT NULL, PRIMARY KEY (room, seq));"
    "CREATE TABLE games ("
    "  room bigint NOT NULL REFERENCES rooms(id), game_no bigint NOT NULL,"
    "  record text NOT NULL, PRIMARY KEY (room, game_no));"
    "CREATE TABLE chat ("
    "  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
    "  room bigint NOT NULL REFERENCES rooms(id),"
    "  name text NOT NULL, text text NOT NULL, at bigint NOT NULL);"
    "CREATE INDEX chat_room ON chat (room, id);"
    "CREATE TABLE accounts ("
    "  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL UNIQUE,"
    "  hash text NOT NULL, name_key text NOT NULL UNIQUE, player bigint NOT NULL UNIQUE,"
    "  created bigint NOT NULL);"
    "CREATE TABLE sessions ("
    "  token_hash text PRIMARY KEY, player bigint NOT NULL, name text NOT NULL,"
    "  account bigint REFERENCES accounts(id), at bigint NOT NULL);"
    "CREATE INDEX sessions_at ON sessions (at);"
    "CREATE TABLE game_results ("
    "  room bigint NOT NULL, game_no bigint NOT NULL, at bigint NOT NULL,"
    "  contract text NOT NULL, declarer bigint NOT NULL, won bigint NOT NULL,"
    "  PRIMARY KEY (room, game_no),"
    "  FOREIGN KEY (room, game_no) REFERENCES games (room, game_no));"
    "CREATE TABLE game_seats ("
    "  room bigint NOT NULL, game_no bigint NOT NULL, seat bigint NOT NULL,"
    "  player bigint NOT NULL, name text NOT NULL, money bigint NOT NULL,"
    "  points bigint NOT NULL, won bigint NOT NULL,"
    "  PRIMARY KEY (room, game_no, seat),"
    "  FOREIGN KEY (room, game_no) REFERENCES game_results (room, game_no));"
    "CREATE INDEX game_seats_player ON game_seats (player, room, game_no) WHERE player <> 0;"
    "CREATE TABLE books ("
    "  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, kind bigint NOT NULL,"
    "  code text NOT NULL UNIQUE, parent bigint REFERENCES books(id),"
    "  title text NOT NULL, head text NOT NULL, owner bigint REFERENCES accounts(id),"
    "  key_hash text, created bigint NOT NULL, updated bigint NOT NULL);"
    "CREATE INDEX books_kind ON books (kind, created, id);"
    "CREATE INDEX books_parent ON books (parent, created, id) WHERE parent IS NOT NULL;"
    "CREATE INDEX books_owner ON books (owner, created, id) WHERE owner IS NOT NULL;"
    "CREATE TABLE book_lines ("
    "  book bigint NOT NULL REFERENCES books(id), seq bigint NOT NULL,"
    "  line text NOT NULL, at bigint NOT NULL, author text NOT NULL,"
    "  undone bigint, undo_author text, PRIMARY KEY (book, seq));",
    /* version 2: the leases of rooms (one owner process at a time, until
     * `expires` by the server's clock: store_lease.c) */
    "CREATE TABLE leases ("
    "  room bigint PRIMARY KEY REFERENCES rooms(id), owner text NOT NULL,"
    "  expires timestamptz NOT NULL);"
    "CREATE INDEX leases_owner ON leases (owner);",
    /* version 3: the shared lobby, each listed room's entry as its owner
     * wrote it (store_lobby.c) ... */
    ("CREATE TABLE lobby (room bigint PRIMARY KEY REFERENCES rooms(id), entry text NOT NULL);"
     /* ... and a room wanted by another process (a connection for it came
      * there): its holder gives it up at its renewal (store_lease.c) */
     "ALTER TABLE leases ADD COLUMN wanted boolean NOT NULL DEFAULT false;"),
};
#define SKX_PG_VERSION ((int)(sizeof pg_migrations / sizeof pg_migrations[0]))

/* A statement: its SQL, the types of its parameters ('i' bigint, 't'
 * text, one letter each), and flags. */
enum {
    PG_GUARD = 1,   /* may be refused by a constraint: a savepoint in a batch */
    PG_RETURNS = 2  /* an insert that returns the id it made */
};
typedef struct pg_stmt {
    const char *sql;
    const char *types;
    int flags;
} pg_stmt;

/* The columns of a book as read_book (store_books.c) reads them. */
#define PG_BOOK_COLS(head)                                                                            \
    "SELECT b.id, b.kind, b.code, coalesce(b.parent, 0), b.title, " head ","                       \
    " coalesce(b.owner, 0), coalesce(b.key_hash, ''), b.created, b.updated,"                       \
    " (SELECT count(*) FROM book_lines l WHERE l.book = b.id AND l.undone IS NULL),"               \
    " (SELECT coalesce(max(l.seq), 0) FROM book_lines l WHERE l.book = b.id) FROM books b"

/* The statements of enum skx_stmt, in its order. */
static const pg_stmt pg_stmts[SKX_STMT_COUNT] = {
    [SKX_ROOM_INSERT] = {"INSERT INTO rooms (rules_json, title, invite, listed, fallback, created,"
                         " used) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id",
                         "tttiti", PG_RETURNS},
    [SKX_ROOM_CLOSE] = {"UPDATE rooms SET closed = 1 WHERE id = $1", "i", 0},
    [SKX_ROOMS] = {"SELECT id, rules_json, title, invite, listed, fallback, created, closed, used"
                   " FROM rooms WHERE closed = 0 ORDER BY id", "", 0},
    [SKX_ROOM_USED] = {"UPDATE rooms SET used = greatest(used, $2) WHERE id = $1", "ii", 0},
    [SKX_ROOMS_ARCHIVE] = {"UPDATE rooms SET closed = 1 WHERE closed = 0 AND used < $1", "i", 0},
    [SKX_ROOM_BY_INVITE] = {"SELECT id, rules_json, title, invite, listed, fallback, created,"
                            " closed, used FROM rooms WHERE invite = $1 ORDER BY id DESC LIMIT 1",
                            "t", 0},
    /* the third column is the fence: this store holds the room's lease,
     * not expired by the server's clock, and the row stays locked (FOR
     * SHARE) until the transaction ends, so nobody takes the room over
     * between this check and the commit of the append (store_lease.c) */
    [SKX_JOURNAL_NEXT] = {"SELECT (EXISTS (SELECT 1 FROM rooms WHERE id = $1))::int,"
                          " (SELECT max(seq) FROM journal WHERE room = $1),"
                          " (SELECT count(*) FROM (SELECT 1 FROM leases WHERE room = $1"
                          " AND owner = $2 AND expires > clock_timestamp() FOR SHARE) l)::int",
                          "it", 0},
    [SKX_JOURNAL_INSERT] = {"INSERT INTO journal (room, seq, entry) VALUES ($1, $2, $3)", "iit",
                            0},
    [SKX_JOURNAL] = {"SELECT seq, entry FROM journal WHERE room = $1 ORDER BY seq", "i", 0},
    [SKX_GAME_INSERT] = {"INSERT INTO games (room, game_no, record) VALUES ($1, $2, $3)", "iit",
                         PG_GUARD},
    [SKX_GAME_RESULT_INSERT] = {"INSERT INTO game_results (room, game_no, at, contract, declarer,"
                                " won) VALUES ($1, $2, $3, $4, $5, $6)", "iiitii", 0},
    [SKX_GAME_SEAT_INSERT] = {"INSERT INTO game_seats (room, game_no, seat, player, name, money,"
                              " points, won) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                              "iiiitiii", 0},
    [SKX_GAMES] = {"SELECT game_no, record FROM games WHERE room = $1 ORDER BY game_no", "i", 0},
    [SKX_GAME_LIST] = {"SELECT g.game_no, coalesce(x.at, 0), coalesce(x.contract, ''),"
                       " coalesce(x.declarer, -1), coalesce(x.won, 0), s.seat, s.player, s.name,"
                       " s.money, s.points, s.won FROM games g LEFT JOIN game_results x"
                       " ON x.room = g.room AND x.game_no = g.game_no LEFT JOIN game_seats s"
                       " ON s.room = g.room AND s.game_no = g.game_no WHERE g.room = $1"
                       " ORDER BY g.game_no, s.seat", "i", 0},
    [SKX_GAME_LAST] = {"SELECT max(game_no) FROM games WHERE room = $1", "i", 0},
    [SKX_HISTORY] = {"SELECT r.invite, g.game_no, g.at, g.contract, (g.declarer = s.seat)::int,"
                     " s.won, s.money, s.points, r.rules_json FROM game_seats s JOIN game_results g"
                     " ON g.room = s.room AND g.game_no = s.game_no JOIN rooms r ON r.id = s.room"
                     " WHERE s.player = $1 AND s.player <> 0"
                     " ORDER BY g.at DESC, s.room DESC, s.game_no DESC LIMIT $2", "ii", 0},
    [SKX_STATS] = {"SELECT count(*), coalesce(sum((g.declarer = s.seat)::int), 0)::bigint,"
                   " coalesce(sum((g.declarer = s.seat AND s.won <> 0)::int), 0)::bigint,"
                   " coalesce(sum(s.money), 0)::bigint, coalesce(sum(s.points), 0)::bigint"
                   " FROM game_seats s JOIN game_results g ON g.room = s.room"
                   " AND g.game_no = s.game_no WHERE s.player = $1 AND s.player <> 0", "i", 0},
    [SKX_STATS_KIND] = {"SELECT split_part(g.contract, ':', 1), count(*), sum(s.won)::bigint"
                        " FROM game_seats s JOIN game_results g ON g.room = s.room AND"
                        " g.game_no = s.game_no WHERE s.player = $1 AND s.player <> 0 AND"
                        " g.contract <> '' GROUP BY split_part(g.contract, ':', 1)"
                        " ORDER BY split_part(g.contract, ':', 1) COLLATE \"C\"", "i", 0},
    [SKX_CHAT_INSERT] = {"INSERT INTO chat (room, name, text, at) VALUES ($1, $2, $3, $4)",
                         "itti", PG_GUARD},
    [SKX_CHAT] = {"SELECT name, text, at FROM (SELECT id, name, text, at FROM chat"
                  " WHERE room = $1 ORDER BY id DESC LIMIT $2) c ORDER BY id", "ii", 0},
    [SKX_ACCOUNT_INSERT] = {"INSERT INTO accounts (name, hash, name_key, player, created)"
                            " VALUES ($1, $2, $3, $4, $5) RETURNING id", "tttii",
                            PG_GUARD | PG_RETURNS},
    [SKX_ACCOUNT_GET] = {"SELECT id, player, created, name, name_key, hash FROM accounts"
                         " WHERE name_key = $1", "t", 0},
    [SKX_ACCOUNT_BY_ID] = {"SELECT id, player, created, name, name_key, hash FROM accounts"
                           " WHERE id = $1", "i", 0},
    [SKX_SESSION_PUT] = {"INSERT INTO sessions (token_hash, player, name, account, at)"
                         " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (token_hash) DO UPDATE SET"
                         " player = excluded.player, name = excluded.name,"
                         " account = excluded.account, at = excluded.at", "titii", PG_GUARD},
    [SKX_SESSION_GET] = {"SELECT player, name, account FROM sessions WHERE token_hash = $1", "t",
                         0},
    [SKX_SESSION_DELETE] = {"DELETE FROM sessions WHERE token_hash = $1", "t", 0},
    [SKX_SESSION_PRUNE] = {"DELETE FROM sessions WHERE at < $1", "i", 0},
    [SKX_SESSION_PRUNE_GUESTS] = {"DELETE FROM sessions WHERE token_hash IN (SELECT token_hash"
                                  " FROM sessions WHERE at < $1 AND account IS NULL LIMIT $2)",
                                  "ii", 0},
    [SKX_BOOK_INSERT] = {"INSERT INTO books (kind, code, parent, title, head, owner, key_hash,"
                         " created, updated) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)"
                         " RETURNING id", "itittiti", PG_GUARD | PG_RETURNS},
    [SKX_BOOK_GET] = {PG_BOOK_COLS("b.head") " WHERE b.code = $1", "t", 0},
    [SKX_BOOK_BY_ID] = {PG_BOOK_COLS("b.head") " WHERE b.id = $1", "i", 0},
    [SKX_BOOKS_KIND] = {PG_BOOK_COLS("NULL::text") " WHERE b.kind = $1"
                        " ORDER BY b.created DESC, b.id DESC LIMIT $4", "iiii", 0},
    [SKX_BOOKS_PARENT] = {PG_BOOK_COLS("NULL::text") " WHERE b.parent = $2 AND b.kind = $1"
                          " AND ($3 = 0 OR b.owner = $3) ORDER BY b.created DESC, b.id DESC"
                          " LIMIT $4", "iiii", 0},
    [SKX_BOOKS_OWNER] = {PG_BOOK_COLS("NULL::text") " WHERE b.owner = $3 AND b.kind = $1"
                         " ORDER BY b.created DESC, b.id DESC LIMIT $4", "iiii", 0},
    [SKX_BOOK_STATE] = {"SELECT kind, (SELECT coalesce(max(seq), 0) FROM book_lines"
                        " WHERE book = $1), (SELECT coalesce(max(seq), 0) FROM book_lines"
                        " WHERE book = $1 AND undone IS NULL) FROM books WHERE id = $1", "i", 0},
    [SKX_BOOK_COUNT] = {"SELECT count(*) FROM book_lines WHERE book = $1 AND undone IS NULL", "i",
                        0},
    [SKX_BOOK_UPDATE] = {"UPDATE books SET title = coalesce($2, title), head = coalesce($3, head),"
                         " updated = greatest(updated, $4) WHERE id = $1", "itti", 0},
    [SKX_BOOK_ACCESS] = {"UPDATE books SET owner = $2, key_hash = $3,"
                         " updated = greatest(updated, $4) WHERE id = $1", "iiti", PG_GUARD},
    [SKX_BOOK_TOUCH] = {"UPDATE books SET updated = greatest(updated, $2) WHERE id = $1", "ii",
                        0},
    [SKX_BOOK_LINE_INSERT] = {"INSERT INTO book_lines (book, seq, line, at, author)"
                              " VALUES ($1, $2, $3, $4, $5)", "iitit", 0},
    [SKX_BOOK_LINE_UNDO] = {"UPDATE book_lines SET undone = $3, undo_author = $4 WHERE book = $1"
                            " AND seq = $2 AND undone IS NULL", "iiit", 0},
    [SKX_BOOK_LINES] = {"SELECT seq, line, at, author, undone, coalesce(undo_author, '')"
                        " FROM book_lines WHERE book = $1 AND ($2 <> 0 OR undone IS NULL)"
                        " ORDER BY seq", "ii", 0},
    /* leases (store_lease.c): a claim takes a room that has no lease, an
     * expired one or one of its own; a renewal extends what the owner
     * still holds; a release ends one (0: all of the owner's) */
    [SKX_LEASE_CLAIM] = {"INSERT INTO leases AS l (room, owner, expires) SELECT $1, $2,"
                         " clock_timestamp() + make_interval(secs => $3 / 1000.0)"
                         " WHERE EXISTS (SELECT 1 FROM rooms WHERE id = $1)"
                         " ON CONFLICT (room) DO UPDATE SET owner = excluded.owner,"
                         " expires = excluded.expires, wanted = false"
                         " WHERE l.owner = excluded.owner"
                         " OR l.expires <= clock_timestamp()", "iti", PG_GUARD},
    [SKX_LEASE_RENEW] = {"UPDATE leases SET expires = clock_timestamp() +"
                         " make_interval(secs => $2 / 1000.0) WHERE owner = $1"
                         " AND expires > clock_timestamp() RETURNING room, wanted::int", "ti",
                         0},
    /* a claim refused: the holder is asked to give the room up (a row
     * locked by the holder's open transaction is skipped, not waited
     * for: the next claim asks again) */
    [SKX_LEASE_WANT] = {"UPDATE leases SET wanted = true WHERE room = (SELECT room FROM leases"
                        " WHERE room = $1 AND owner <> $2 AND NOT wanted"
                        " AND expires > clock_timestamp() FOR UPDATE SKIP LOCKED)", "it",
                        PG_GUARD},
    [SKX_LEASE_RELEASE] = {"DELETE FROM leases WHERE owner = $2 AND ($1 = 0 OR room = $1)", "it",
                           0},
    /* the shared lobby (store_lobby.c): written by the holder of the
     * room's lease only (the fence), each change a notice to the other
     * processes at the commit (one per transaction: equal notices fold) */
    [SKX_LOBBY_PUT] = {"WITH w AS (INSERT INTO lobby (room, entry) SELECT $1, $2 WHERE"
                       " EXISTS (SELECT 1 FROM leases WHERE room = $1 AND owner = $3"
                       " AND expires > clock_timestamp()) ON CONFLICT (room) DO UPDATE"
                       " SET entry = excluded.entry RETURNING room)"
                       " SELECT pg_notify('skx_lobby', '') FROM w", "itt", 0},
    [SKX_LOBBY_DELETE] = {"WITH w AS (DELETE FROM lobby WHERE room = $1 AND EXISTS (SELECT 1"
                          " FROM leases WHERE room = $1 AND owner = $2"
                          " AND expires > clock_timestamp()) RETURNING room)"
                          " SELECT pg_notify('skx_lobby', '') FROM w", "it", 0},
    [SKX_LOBBY_LIST] = {"SELECT l.room, l.entry FROM lobby l JOIN rooms r ON r.id = l.room"
                        " WHERE r.closed = 0 ORDER BY l.room DESC", "", 0},
};

/* The backend's state: the connection, which statements it has
 * prepared, the last error's message and what the last write did. */
struct skx_pg {
    PGconn *conn;
    bool prepared[SKX_STMT_COUNT];
    char msg[512];
    int64_t changes, last_id;
    bool listening;         /* LISTEN skx_lobby was sent (skx_pg_lobby_changed) */
    bool missed;            /* reconnected: notices may have been lost */
};

/* Type oids of the parameters (pg_type.h is not in libpq-dev). */
#define OID_INT8 20
#define OID_INT2 21
#define OID_INT4 23
#define OID_TEXT 25
#define OID_VARCHAR 1043

/* Keeps a message (the last error), without its trailing newline. */
static void pg_set_msg(skx_pg *pg, const char *m)
{
    snprintf(pg->msg, sizeof pg->msg, "%s", m && *m ? m : "unknown error");
    size_t n = strlen(pg->msg);
    while (n && (pg->msg[n - 1] == '\n' || pg->msg[n - 1] == ' '))
        pg->msg[--n] = 0;
}

/* The skx_rc of a result (NULL: the connection failed); an error's
 * message is kept. */
static int pg_rc_of(skx_pg *pg, const PGresult *r)
{
    if (!r) {
        pg_set_msg(pg, PQerrorMessage(pg->conn));
        return PQstatus(pg->conn) == CONNECTION_BAD ? SKX_E_IO : SKX_E_NOMEM;
    }
    switch (PQresultStatus(r)) {
    case PGRES_COMMAND_OK:
    case PGRES_EMPTY_QUERY:
        return SKX_DONE;
    case PGRES_TUPLES_OK:
        return SKX_ROW;
    default:
        break;
    }
    pg_set_msg(pg, PQresultErrorMessage(r));
    const char *state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
    if (!state)
        return SKX_E_IO;
    if (strcmp(state, "23505") == 0)
        return SKX_E_UNIQUE;
    if (strcmp(state, "23503") == 0)
        return SKX_E_FOREIGN;
    if (strcmp(state, "53200") == 0)
        return SKX_E_NOMEM;
    if (strncmp(state, "23", 2) == 0 || strncmp(state, "22", 2) == 0)
        return SKX_E_INVALID;
    return SKX_E_IO;
}

/* The settings of a connection: commits flushed (see the top), a bounded
 * wait for another process's row locks. */
#define PG_SESSION_SQL "SET synchronous_commit = on; SET lock_timeout = '3s'"

/* Reconnects a connection that broke, outside a transaction (a restart
 * of the server, a network cut): the statements must be prepared again.
 * The leases stay what the database says: one that expired meanwhile
 * is lost, and the fence refuses its room's appends. */
static void pg_heal(sk_store *st)
{
    skx_pg *pg = st->pg;
    if (PQstatus(pg->conn) != CONNECTION_BAD || st->in_txn)
        return;
    PQreset(pg->conn);
    memset(pg->prepared, 0, sizeof pg->prepared);
    if (PQstatus(pg->conn) != CONNECTION_OK)
        return;
    PQclear(PQexec(pg->conn, PG_SESSION_SQL));
    if (pg->listening) { /* a new session listens to nothing yet */
        PQclear(PQexec(pg->conn, "LISTEN skx_lobby"));
        pg->missed = true;
    }
}

/* The backend's exec: SQL text without results. */
static int pg_exec(sk_store *st, const char *sql)
{
    pg_heal(st);
    PGresult *r = PQexec(st->pg->conn, sql);
    int rc = pg_rc_of(st->pg, r);
    PQclear(r);
    return rc == SKX_ROW ? SKX_DONE : rc;
}

static bool pg_in_db_txn(const sk_store *st)
{
    PGTransactionStatusType t = PQtransactionStatus(st->pg->conn);
    return t == PQTRANS_INTRANS || t == PQTRANS_INERROR;
}

/* An error aborts a PostgreSQL transaction: then it can only be rolled
 * back.  A broken connection has none. */
static bool pg_txn_lost(const sk_store *st)
{
    return PQtransactionStatus(st->pg->conn) != PQTRANS_INTRANS;
}

static const char *pg_errmsg(const sk_store *st)
{
    return st->pg->msg;
}

/* Prepares statement u->id on the connection once. */
static int pg_prepare(sk_store *st, skx_stmt_use *u, sk_error *err)
{
    skx_pg *pg = st->pg;
    pg_heal(st);
    if (pg->prepared[u->id])
        return 0;
    const pg_stmt *ps = &pg_stmts[u->id];
    assert(ps->sql && strlen(ps->types) <= SKX_PARAMS_MAX);
    Oid types[SKX_PARAMS_MAX];
    int n = (int)strlen(ps->types);
    for (int i = 0; i < n; i++)
        types[i] = ps->types[i] == 't' ? OID_TEXT : OID_INT8;
    char name[16];
    snprintf(name, sizeof name, "skx_%d", (int)u->id);
    PGresult *r = PQprepare(pg->conn, name, ps->sql, n, types);
    int rc = pg_rc_of(pg, r);
    PQclear(r);
    if (rc != SKX_DONE) {
        u->st = NULL;
        return skx_store_db_fail(st, err, rc, "preparing a statement");
    }
    pg->prepared[u->id] = true;
    return 0;
}

static void pg_release(sk_store *st, skx_stmt_use *u)
{
    (void)st;
    PQclear(u->res);
    u->res = NULL;
}

static void pg_bind_int(skx_stmt_use *u, int i, int64_t v)
{
    snprintf(u->pbuf[i - 1], sizeof u->pbuf[i - 1], "%lld", (long long)v);
    u->pv[i - 1] = u->pbuf[i - 1];
}

static void pg_bind_text(skx_stmt_use *u, int i, const char *t)
{
    u->pv[i - 1] = t;
}

static void pg_bind_null(skx_stmt_use *u, int i)
{
    u->pv[i - 1] = NULL;
}

/* Runs SQL of savepoint control for a guarded write; its result is
 * not needed (a failure shows in the statement's own). */
static void pg_quiet(skx_pg *pg, const char *sql)
{
    PQclear(PQexec(pg->conn, sql));
}

/* Runs the statement at the first step (in a savepoint inside a batch
 * when it may be refused), then hands out its rows.  A write's count of
 * changed rows and an insert's new id are kept for changes/last_id. */
static int pg_step(sk_store *st, skx_stmt_use *u)
{
    skx_pg *pg = st->pg;
    if (u->ran) {
        if (!u->res || ++u->row >= u->nrows)
            return SKX_DONE;
        return SKX_ROW;
    }
    u->ran = true;
    const pg_stmt *ps = &pg_stmts[u->id];
    bool guard = (ps->flags & PG_GUARD) && st->in_txn &&
                 PQtransactionStatus(pg->conn) == PQTRANS_INTRANS;
    if (guard)
        pg_quiet(pg, "SAVEPOINT skx_write");
    char name[16];
    snprintf(name, sizeof name, "skx_%d", (int)u->id);
    PGresult *r = PQexecPrepared(pg->conn, name, (int)strlen(ps->types), u->pv, NULL, NULL, 0);
    int rc = pg_rc_of(pg, r);
    if (guard) {
        if (rc < 0) {
            char keep[sizeof pg->msg];
            memcpy(keep, pg->msg, sizeof keep);
            pg_quiet(pg, "ROLLBACK TO SAVEPOINT skx_write");
            memcpy(pg->msg, keep, sizeof keep);
        }
        pg_quiet(pg, "RELEASE SAVEPOINT skx_write");
    }
    if (rc < 0) {
        PQclear(r);
        return rc;
    }
    const char *n = PQcmdTuples(r);
    pg->changes = n && *n ? strtoll(n, NULL, 10) : 0;
    if (ps->flags & PG_RETURNS) {
        if (PQntuples(r) == 1 && !PQgetisnull(r, 0, 0))
            pg->last_id = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
        PQclear(r);
        return SKX_DONE;
    }
    if (rc == SKX_DONE) {
        PQclear(r);
        return SKX_DONE;
    }
    u->res = r;
    u->nrows = PQntuples(r);
    u->row = 0;
    return u->nrows > 0 ? SKX_ROW : SKX_DONE;
}

static enum skx_col_kind pg_col_kind(const skx_stmt_use *u, int col)
{
    const PGresult *r = u->res;
    if (!r || u->row < 0 || u->row >= u->nrows || col >= PQnfields(r))
        return SKX_COL_OTHER;
    if (PQgetisnull(r, u->row, col))
        return SKX_COL_NULL;
    switch (PQftype(r, col)) {
    case OID_INT8:
    case OID_INT4:
    case OID_INT2:
        return SKX_COL_INT;
    case OID_TEXT:
    case OID_VARCHAR:
        return SKX_COL_TEXT;
    default:
        return SKX_COL_OTHER;
    }
}

static int64_t pg_col_int(const skx_stmt_use *u, int col)
{
    return strtoll(PQgetvalue(u->res, u->row, col), NULL, 10);
}

static const char *pg_col_text(const skx_stmt_use *u, int col, size_t *len)
{
    int n = PQgetlength(u->res, u->row, col);
    *len = n > 0 ? (size_t)n : 0;
    return PQgetvalue(u->res, u->row, col);
}

static const char *pg_col_name(const skx_stmt_use *u, int col)
{
    return u->res ? PQfname(u->res, col) : NULL;
}

static int64_t pg_changes(const sk_store *st)
{
    return st->pg->changes;
}

static int64_t pg_last_id(const sk_store *st)
{
    return st->pg->last_id;
}

/* Ends the connection (PostgreSQL rolls back an open transaction). */
static void pg_close(sk_store *st)
{
    if (!st->pg)
        return;
    PQfinish(st->pg->conn);
    free(st->pg);
    st->pg = NULL;
}

/* Runs SQL text without results; `what` names it in an error. */
static int pg_run(sk_store *st, const char *sql, const char *what, sk_error *err)
{
    int rc = pg_exec(st, sql);
    return rc == SKX_DONE ? 0 : skx_store_db_fail(st, err, rc, what);
}

/* Sets synchronous_commit: on for both modes (see the top). */
static int pg_set_sync(sk_store *st, enum sk_store_sync mode, sk_error *err)
{
    (void)mode; /* both: see the top */
    return pg_run(st, "SET synchronous_commit = on", "setting the sync mode", err);
}

/* The PostgreSQL backend's table. */
const skx_backend skx_pg_backend = {
    .name = "postgresql",
    .shared = true,
    .close = pg_close,
    .exec = pg_exec,
    .begin_sql = "BEGIN",
    .write_savepoints = false,
    .in_db_txn = pg_in_db_txn,
    .txn_lost = pg_txn_lost,
    .errmsg = pg_errmsg,
    .set_sync = pg_set_sync,
    .prepare = pg_prepare,
    .release = pg_release,
    .bind_int = pg_bind_int,
    .bind_text = pg_bind_text,
    .bind_null = pg_bind_null,
    .step = pg_step,
    .col_kind = pg_col_kind,
    .col_int = pg_col_int,
    .col_text = pg_col_text,
    .col_name = pg_col_name,
    .changes = pg_changes,
    .last_id = pg_last_id,
};

/* Runs a query of one row into a result the caller clears; NULL with
 * the error in err. */
static PGresult *pg_query(sk_store *st, const char *sql, const char *what, sk_error *err)
{
    PGresult *r = PQexec(st->pg->conn, sql);
    int rc = pg_rc_of(st->pg, r);
    if (rc == SKX_ROW && PQntuples(r) == 1)
        return r;
    if (rc == SKX_ROW)
        skx_store_fail(st, err, SK_EIO, "%s: %d rows instead of 1", what, PQntuples(r));
    else
        skx_store_db_fail(st, err, rc, what);
    PQclear(r);
    return NULL;
}

/*
 * Tells whether the current schema is a store of ours (its version in
 * *version), empty (*version 0: a new store) or something else
 * (refused).  Runs inside the migration's transaction.
 */
static int pg_read_version(sk_store *st, int64_t *version, sk_error *err)
{
    PGresult *r = pg_query(st, "SELECT current_schema(), (SELECT count(*) FROM pg_class c JOIN"
                            " pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname ="
                            " current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')),"
                            " obj_description(to_regclass(quote_ident(current_schema()) ||"
                            " '.schema_version'), 'pg_class')",
                        "reading the schema", err);
    if (!r)
        return SK_EIO;
    int rc = 0;
    if (PQgetisnull(r, 0, 0)) {
        rc = skx_store_fail(st, err, SK_EINVAL, "no schema to keep the store in (none of the "
                            "search_path exists)");
    } else if (strtoll(PQgetvalue(r, 0, 1), NULL, 10) == 0) {
        *version = 0;
    } else if (PQgetisnull(r, 0, 2) || strcmp(PQgetvalue(r, 0, 2), SKX_PG_MARK) != 0) {
        char q[SK_ESCAPE_SIZE(40)];
        rc = skx_store_fail(st, err, SK_EINVAL, "is not a schafkopf store (its schema \"%s\" "
                            "holds tables of another program)",
                            sk_escape(q, sizeof q, PQgetvalue(r, 0, 0), (size_t)-1, 40));
    } else {
        PQclear(r);
        r = pg_query(st, "SELECT count(*), max(version) FROM schema_version",
                  "reading the schema version", err);
        if (!r)
            return SK_EIO;
        long long rows = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
        if (rows != 1) {
            PQclear(r);
            return skx_store_fail(st, err, SK_EIO, "schema_version has %lld rows instead of 1: "
                                  "the database is damaged", rows);
        }
        *version = strtoll(PQgetvalue(r, 0, 1), NULL, 10);
        if (*version < 1)
            rc = skx_store_fail(st, err, SK_EIO, "schema version %lld: the database is damaged",
                                (long long)*version);
    }
    PQclear(r);
    return rc;
}

/* Brings the schema to SKX_PG_VERSION in one transaction, under an
 * advisory lock of the schema (processes that start together wait for
 * the first). */
static int pg_migrate(sk_store *st, sk_error *err)
{
    int rc = pg_run(st, "BEGIN", "starting the schema upgrade", err);
    if (rc == 0)
        rc = pg_run(st, "SELECT pg_advisory_xact_lock(hashtext('schafkopf store ' ||"
                      " coalesce(current_schema(), '')))", "locking the schema", err);
    int64_t version = 0;
    if (rc == 0)
        rc = pg_read_version(st, &version, err);
    if (rc == 0 && version > SKX_PG_VERSION)
        rc = skx_store_fail(st, err, SK_EINVAL, "has schema version %lld, made by a newer "
                            "program (this one knows up to %d)", (long long)version,
                            SKX_PG_VERSION);
    char what[64];
    for (int64_t v = version + 1; rc == 0 && v <= SKX_PG_VERSION; v++) {
        snprintf(what, sizeof what, "upgrading the schema to version %lld", (long long)v);
        rc = pg_run(st, pg_migrations[v - 1], what, err);
        if (rc == 0) {
            char sql[80];
            snprintf(sql, sizeof sql, "UPDATE schema_version SET version = %lld", (long long)v);
            rc = pg_run(st, sql, what, err);
        }
    }
    if (rc == 0)
        return pg_run(st, "COMMIT", "committing the schema", err);
    pg_quiet(st->pg, "ROLLBACK");
    return rc;
}

/* Notices (a table that exists, a transaction ended) are not errors:
 * libpq would print them on stderr. */
static void pg_ignore_notice(void *arg, const char *message)
{
    (void)arg, (void)message;
}

/* Names the database for messages without what the URI may hold of a
 * password: "postgresql DB on HOST:PORT". */
static void pg_name_it(sk_store *st)
{
    PGconn *c = st->pg->conn;
    const char *host = PQhost(c), *db = PQdb(c), *port = PQport(c);
    char qd[SK_ESCAPE_SIZE(40)], qh[SK_ESCAPE_SIZE(60)];
    snprintf(st->where, sizeof st->where, "postgresql \"%s\" on %s:%s",
             sk_escape(qd, sizeof qd, db ? db : "?", (size_t)-1, 40),
             sk_escape(qh, sizeof qh, host ? host : "?", (size_t)-1, 60), port ? port : "?");
}

/* Opens the PostgreSQL store of a URI (store_internal.h): connects,
 * insists on UTF-8, sets the sync mode and brings the schema up. */
int skx_pg_open(sk_store *st, const char *uri, sk_error *err)
{
    snprintf(st->where, sizeof st->where, "postgresql");
    st->pg = calloc(1, sizeof *st->pg);
    if (!st->pg)
        return skx_store_fail(st, err, SK_ENOMEM, "out of memory");
    st->be = &skx_pg_backend;
    st->pg->conn = PQconnectdb(uri);
    if (!st->pg->conn)
        return skx_store_fail(st, err, SK_ENOMEM, "out of memory");
    if (PQstatus(st->pg->conn) != CONNECTION_OK) {
        pg_set_msg(st->pg, PQerrorMessage(st->pg->conn));
        return skx_store_fail(st, err, SK_EIO, "cannot connect: %s", st->pg->msg);
    }
    pg_name_it(st);
    PQsetNoticeProcessor(st->pg->conn, pg_ignore_notice, NULL);
    if (PQsetClientEncoding(st->pg->conn, "UTF8") != 0)
        return skx_store_fail(st, err, SK_EIO, "cannot set the client encoding to UTF8");
    const char *enc = PQparameterStatus(st->pg->conn, "server_encoding");
    if (!enc || strcmp(enc, "UTF8") != 0)
        return skx_store_fail(st, err, SK_EINVAL, "the database's encoding is %s, not UTF8 "
                              "(create it with ENCODING 'UTF8')", enc ? enc : "unknown");
    int rc = pg_run(st, PG_SESSION_SQL, "setting up the session", err);
    if (rc == 0)
        rc = pg_migrate(st, err);
    return rc;
}

/* See store_internal.h.  PQconsumeInput reads what the socket holds
 * without waiting (nothing there: one recv that finds nothing); the
 * notices of this session's own commits are not news. */
int skx_pg_lobby_changed(sk_store *st, sk_error *err)
{
    skx_pg *pg = st->pg;
    if (!pg->listening) {
        if (!st->in_txn)
            pg_heal(st);
        PGresult *r = PQexec(pg->conn, "LISTEN skx_lobby");
        int rc = pg_rc_of(pg, r);
        PQclear(r);
        if (rc < 0)
            return skx_store_db_fail(st, err, rc, "listening for lobby changes");
        pg->listening = true;
        return 1;
    }
    if (!st->in_txn)
        pg_heal(st);
    int changed = pg->missed;
    pg->missed = false;
    if (PQconsumeInput(pg->conn) != 1) {
        pg_set_msg(pg, PQerrorMessage(pg->conn));
        if (st->in_txn)
            return skx_store_fail(st, err, SK_EIO, "reading lobby notices: %s", pg->msg);
        return 1; /* healed at the next statement, with `missed` */
    }
    int self = PQbackendPID(pg->conn);
    PGnotify *n;
    while ((n = PQnotifies(pg->conn))) {
        changed |= n->be_pid != self;
        PQfreemem(n);
    }
    return changed;
}
