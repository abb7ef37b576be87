/*
 * store_data.c -- what a store keeps, on SQLite: rooms, their journals,
 * finished games and chat, accounts and sessions.  Each function checks
 * its input (the caps and rules of store.h) before it touches the
 * database, binds it to a cached statement (store_sqlite.c) and maps
 * SQLite's answer to a status with a message.  A walk hands its callback
 * strings that live in the statement's row, valid until the callback
 * returns.
 */
#include "store/store_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* Binds text (already checked) to parameter i. */
static int bind_text(sqlite3_stmt *s, int i, const char *t)
{
    return sqlite3_bind_text(s, i, t, -1, SQLITE_STATIC);
}

/* Steps a write statement to its end: 0, or the error of `what`. */
static int step_done(sk_store *st, skx_stmt_use *u, const char *what, sk_error *err)
{
    int rc = sqlite3_step(u->s);
    if (rc == SQLITE_DONE)
        return 0;
    return skx_store_db_fail(st, err, rc, what);
}

/* The text of an argument that may be NULL (stored as ""). */
static const char *or_empty(const char *s)
{
    return s ? s : "";
}

/* Steps a walk's statement: 1 for a row, 0 at the end, or the
 * database's error, naming `what` -- the loop every walk shares. */
static int next_row(sk_store *st, sqlite3_stmt *s, const char *what, sk_error *err)
{
    int step = sqlite3_step(s);
    if (step == SQLITE_ROW)
        return 1;
    return step == SQLITE_DONE ? 0 : skx_store_db_fail(st, err, step, what);
}

/* See store.h. */
int sk_store_room_create(sk_store *st, const sk_store_room *room, uint64_t *id, sk_error *err)
{
    assert(st);
    if (!room)
        return skx_store_fail(st, err, SK_EINVAL, "creating a room: no room given");
    const char *title = or_empty(room->title), *invite = or_empty(room->invite);
    const char *fallback = or_empty(room->fallback);
    int rc = skx_store_check_text(st, err, "the room's rules_json", room->rules_json,
                                  SK_STORE_RULES_MAX, false);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the room's title", title, SK_STORE_TITLE_MAX, true);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the room's invite", invite, SK_STORE_INVITE_MAX,
                                  true);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the room's fallback", fallback,
                                  SK_STORE_FALLBACK_MAX, true);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_ROOM_INSERT, &u, err);
    if (rc)
        return rc;
    bind_text(u.s, 1, room->rules_json);
    bind_text(u.s, 2, title);
    bind_text(u.s, 3, invite);
    sqlite3_bind_int(u.s, 4, room->listed != 0);
    bind_text(u.s, 5, fallback);
    sqlite3_bind_int64(u.s, 6, room->created);
    rc = step_done(st, &u, "creating a room", err);
    if (rc == 0 && id)
        *id = (uint64_t)sqlite3_last_insert_rowid(st->db);
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_room_close(sk_store *st, uint64_t id, sk_error *err)
{
    assert(st);
    int rc = skx_store_check_id(st, err, "room", id, 1);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_ROOM_CLOSE, &u, err);
    if (rc)
        return rc;
    sqlite3_bind_int64(u.s, 1, (int64_t)id);
    rc = step_done(st, &u, "closing a room", err);
    if (rc == 0 && sqlite3_changes(st->db) == 0)
        rc = skx_store_fail(st, err, SK_EINVAL, "closing room %llu: no such room",
                            (unsigned long long)id);
    skx_store_put(st, &u);
    return rc;
}

/* One row of the rooms walk into *r (strings in the row). */
static int read_room(sk_store *st, sqlite3_stmt *s, sk_store_room *r, sk_error *err)
{
    int64_t id = 0, listed = 0, created = 0, closed = 0;
    const char *rules = NULL, *title = NULL, *invite = NULL, *fallback = NULL;
    int rc = skx_store_col_int(st, s, 0, 1, INT64_MAX, &id, err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, 1, &rules, err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, 2, &title, err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, 3, &invite, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 4, 0, 1, &listed, err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, 5, &fallback, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 6, INT64_MIN, INT64_MAX, &created, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 7, 0, 1, &closed, err);
    if (rc)
        return rc;
    /* the struct's strings are not const (it is also the caller's to
     * fill); the callback must not write them */
    *r = (sk_store_room){.id = (uint64_t)id, .rules_json = (char *)rules, .title = (char *)title,
                         .invite = (char *)invite, .listed = (int)listed,
                         .fallback = (char *)fallback, .created = created, .closed = (int)closed};
    return 0;
}

/* See store.h. */
int sk_store_rooms(sk_store *st, int (*fn)(void *ctx, const sk_store_room *room), void *ctx,
                   sk_error *err)
{
    assert(st && fn);
    skx_stmt_use u = {0};
    int rc = skx_store_get(st, SKX_ROOMS, &u, err);
    while (rc == 0 && (rc = next_row(st, u.s, "reading the rooms", err)) == 1) {
        sk_store_room r;
        rc = read_room(st, u.s, &r, err);
        if (rc == 0)
            rc = fn(ctx, &r);
    }
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_journal_append(sk_store *st, uint64_t room, uint64_t seq, const char *entry,
                            sk_error *err)
{
    assert(st);
    int rc = skx_store_check_id(st, err, "room", room, 1);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "journal seq", seq, 1);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the journal entry", entry, SK_STORE_ENTRY_MAX, false);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_JOURNAL_NEXT, &u, err);
    if (rc)
        return rc;
    sqlite3_bind_int64(u.s, 1, (int64_t)room);
    int step = sqlite3_step(u.s);
    int64_t exists = 0, last = 0;
    if (step != SQLITE_ROW)
        rc = skx_store_db_fail(st, err, step, "reading the journal's last seq");
    if (rc == 0)
        rc = skx_store_col_int(st, u.s, 0, 0, 1, &exists, err);
    if (rc == 0 && sqlite3_column_type(u.s, 1) != SQLITE_NULL)
        rc = skx_store_col_int(st, u.s, 1, 1, INT64_MAX - 1, &last, err);
    skx_store_put(st, &u);
    if (rc)
        return rc;
    if (!exists)
        return skx_store_fail(st, err, SK_EINVAL, "appending to the journal of room %llu: no "
                              "such room", (unsigned long long)room);
    if (seq != (uint64_t)last + 1)
        return skx_store_fail(st, err, SK_EINVAL, "appending to the journal of room %llu: seq "
                              "%llu is not the next one (%llu)", (unsigned long long)room,
                              (unsigned long long)seq, (unsigned long long)last + 1);
    rc = skx_store_get(st, SKX_JOURNAL_INSERT, &u, err);
    if (rc)
        return rc;
    sqlite3_bind_int64(u.s, 1, (int64_t)room);
    sqlite3_bind_int64(u.s, 2, (int64_t)seq);
    bind_text(u.s, 3, entry);
    rc = step_done(st, &u, "appending to the journal", err);
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_journal(sk_store *st, uint64_t room,
                     int (*fn)(void *ctx, uint64_t seq, const char *entry), void *ctx,
                     sk_error *err)
{
    assert(st && fn);
    int rc = skx_store_check_id(st, err, "room", room, 1);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_JOURNAL, &u, err);
    if (rc)
        return rc;
    sqlite3_bind_int64(u.s, 1, (int64_t)room);
    while (rc == 0 && (rc = next_row(st, u.s, "reading the journal", err)) == 1) {
        int64_t seq = 0;
        const char *entry = NULL;
        rc = skx_store_col_int(st, u.s, 0, 1, INT64_MAX, &seq, err);
        if (rc == 0)
            rc = skx_store_col_text(st, u.s, 1, &entry, err);
        if (rc == 0)
            rc = fn(ctx, (uint64_t)seq, entry);
    }
    skx_store_put(st, &u);
    return rc;
}

/* Maps a failed insert into a room's table: the room unknown (a foreign
 * key), a number taken (the primary key), or the database's error. */
static int insert_fail(sk_store *st, sk_error *err, int rc, const char *what, uint64_t room,
                       const char *taken)
{
    if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
        return skx_store_fail(st, err, SK_EINVAL, "%s: no room %llu", what,
                              (unsigned long long)room);
    if (taken && (rc == SQLITE_CONSTRAINT_PRIMARYKEY || rc == SQLITE_CONSTRAINT_UNIQUE))
        return skx_store_fail(st, err, SK_EINVAL, "%s: %s", what, taken);
    return skx_store_db_fail(st, err, rc, what);
}

/* See store.h. */
int sk_store_game_add(sk_store *st, uint64_t room, uint32_t game_no, const char *record,
                      sk_error *err)
{
    assert(st);
    int rc = skx_store_check_id(st, err, "room", room, 1);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "game number", game_no, 1);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the game record", record, SK_STORE_RECORD_MAX, false);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_GAME_INSERT, &u, err);
    if (rc)
        return rc;
    sqlite3_bind_int64(u.s, 1, (int64_t)room);
    sqlite3_bind_int64(u.s, 2, game_no);
    bind_text(u.s, 3, record);
    int step = sqlite3_step(u.s);
    if (step != SQLITE_DONE) {
        char what[80], taken[64];
        snprintf(what, sizeof what, "adding game %lu of room %llu", (unsigned long)game_no,
                 (unsigned long long)room);
        snprintf(taken, sizeof taken, "the room has a game %lu already", (unsigned long)game_no);
        rc = insert_fail(st, err, step, what, room, taken);
    }
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_games(sk_store *st, uint64_t room,
                   int (*fn)(void *ctx, uint32_t game_no, const char *record), void *ctx,
                   sk_error *err)
{
    assert(st && fn);
    int rc = skx_store_check_id(st, err, "room", room, 1);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_GAMES, &u, err);
    if (rc)
        return rc;
    sqlite3_bind_int64(u.s, 1, (int64_t)room);
    while (rc == 0 && (rc = next_row(st, u.s, "reading the games", err)) == 1) {
        int64_t no = 0;
        const char *record = NULL;
        rc = skx_store_col_int(st, u.s, 0, 1, UINT32_MAX, &no, err);
        if (rc == 0)
            rc = skx_store_col_text(st, u.s, 1, &record, err);
        if (rc == 0)
            rc = fn(ctx, (uint32_t)no, record);
    }
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_chat_add(sk_store *st, uint64_t room, const char *name, const char *text,
                      int64_t at, sk_error *err)
{
    assert(st);
    int rc = skx_store_check_id(st, err, "room", room, 1);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the chat name", name, SK_STORE_NAME_MAX, false);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the chat text", text, SK_STORE_CHAT_MAX, true);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_CHAT_INSERT, &u, err);
    if (rc)
        return rc;
    sqlite3_bind_int64(u.s, 1, (int64_t)room);
    bind_text(u.s, 2, name);
    bind_text(u.s, 3, text);
    sqlite3_bind_int64(u.s, 4, at);
    int step = sqlite3_step(u.s);
    if (step != SQLITE_DONE)
        rc = insert_fail(st, err, step, "adding a chat line", room, NULL);
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_chat(sk_store *st, uint64_t room, int max,
                  int (*fn)(void *ctx, const char *name, const char *text, int64_t at),
                  void *ctx, sk_error *err)
{
    assert(st && fn);
    int rc = skx_store_check_id(st, err, "room", room, 1);
    if (rc == 0 && max < 0)
        rc = skx_store_fail(st, err, SK_EINVAL, "reading the chat: max %d is negative", max);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_CHAT, &u, err);
    if (rc)
        return rc;
    sqlite3_bind_int64(u.s, 1, (int64_t)room);
    sqlite3_bind_int(u.s, 2, max);
    while (rc == 0 && (rc = next_row(st, u.s, "reading the chat", err)) == 1) {
        const char *name = NULL, *text = NULL;
        int64_t at = 0;
        rc = skx_store_col_text(st, u.s, 0, &name, err);
        if (rc == 0)
            rc = skx_store_col_text(st, u.s, 1, &text, err);
        if (rc == 0)
            rc = skx_store_col_int(st, u.s, 2, INT64_MIN, INT64_MAX, &at, err);
        if (rc == 0)
            rc = fn(ctx, name, text, at);
    }
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_account_add(sk_store *st, const char *name, const char *hash, uint64_t *id,
                         sk_error *err)
{
    assert(st);
    int rc = skx_store_check_text(st, err, "the account name", name, SK_STORE_NAME_MAX, false);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the password hash", hash, SK_STORE_HASH_MAX, false);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_ACCOUNT_INSERT, &u, err);
    if (rc)
        return rc;
    bind_text(u.s, 1, name);
    bind_text(u.s, 2, hash);
    int step = sqlite3_step(u.s);
    if (step == SQLITE_DONE) {
        if (id)
            *id = (uint64_t)sqlite3_last_insert_rowid(st->db);
    } else if (step == SQLITE_CONSTRAINT_UNIQUE) {
        char q[SK_ESCAPE_SIZE(40)];
        rc = skx_store_fail(st, err, SK_EINVAL, "adding an account: the name \"%s\" is in use",
                            sk_escape(q, sizeof q, name, (size_t)-1, 40));
    } else {
        rc = skx_store_db_fail(st, err, step, "adding an account");
    }
    skx_store_put(st, &u);
    return rc;
}

/* Copies a text column into buf (size bytes): SK_ERANGE when it does
 * not fit, naming `what`. */
static int copy_out(sk_store *st, sk_error *err, const char *what, const char *s, char *buf,
                    size_t size)
{
    size_t n = strlen(s);
    if (!buf || n >= size)
        return skx_store_fail(st, err, SK_ERANGE, "%s needs %zu bytes, the buffer has %zu", what,
                              n + 1, buf ? size : 0);
    memcpy(buf, s, n + 1);
    return 0;
}

/* See store.h. */
int sk_store_account_get(sk_store *st, const char *name, uint64_t *id, char *hash, size_t size,
                         sk_error *err)
{
    assert(st);
    int rc = skx_store_check_text(st, err, "the account name", name, SK_STORE_NAME_MAX, false);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_ACCOUNT_GET, &u, err);
    if (rc)
        return rc;
    bind_text(u.s, 1, name);
    int step = sqlite3_step(u.s);
    if (step == SQLITE_ROW) {
        int64_t v = 0;
        const char *h = NULL;
        rc = skx_store_col_int(st, u.s, 0, 1, INT64_MAX, &v, err);
        if (rc == 0)
            rc = skx_store_col_text(st, u.s, 1, &h, err);
        if (rc == 0)
            rc = copy_out(st, err, "the password hash", h, hash, size);
        if (rc == 0 && id)
            *id = (uint64_t)v;
    } else if (step == SQLITE_DONE) {
        char q[SK_ESCAPE_SIZE(40)];
        rc = skx_store_fail(st, err, SK_EINVAL, "no account named \"%s\"",
                            sk_escape(q, sizeof q, name, (size_t)-1, 40));
    } else {
        rc = skx_store_db_fail(st, err, step, "reading an account");
    }
    skx_store_put(st, &u);
    return rc;
}

/* Checks a session's token hash: lowercase hex, an even number of 32 to
 * SK_STORE_TOKEN_HASH_MAX digits (a BLAKE2b hash of 16 to 64 bytes). */
static int check_token_hash(const sk_store *st, sk_error *err, const char *h)
{
    int rc = skx_store_check_text(st, err, "the token hash", h, SK_STORE_TOKEN_HASH_MAX, false);
    if (rc)
        return rc;
    size_t n = strlen(h);
    for (size_t i = 0; i < n; i++)
        if (!((h[i] >= '0' && h[i] <= '9') || (h[i] >= 'a' && h[i] <= 'f')))
            return skx_store_fail(st, err, SK_EINVAL, "the token hash is not lowercase hex at "
                                  "byte %zu", i);
    if (n < 32 || n % 2)
        return skx_store_fail(st, err, SK_EINVAL, "the token hash has %zu hex digits (an even "
                              "number from 32 to %d)", n, SK_STORE_TOKEN_HASH_MAX);
    return 0;
}

/* See store.h. */
int sk_store_session_put(sk_store *st, const char *token_hash, uint64_t player,
                         const char *name, uint64_t account, int64_t at, sk_error *err)
{
    assert(st);
    int rc = check_token_hash(st, err, token_hash);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "player", player, 0);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the session name", name, SK_STORE_NAME_MAX, false);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "account", account, 0);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_SESSION_PUT, &u, err);
    if (rc)
        return rc;
    bind_text(u.s, 1, token_hash);
    sqlite3_bind_int64(u.s, 2, (int64_t)player);
    bind_text(u.s, 3, name);
    if (account)
        sqlite3_bind_int64(u.s, 4, (int64_t)account);
    else
        sqlite3_bind_null(u.s, 4);
    sqlite3_bind_int64(u.s, 5, at);
    int step = sqlite3_step(u.s);
    if (step == SQLITE_CONSTRAINT_FOREIGNKEY)
        rc = skx_store_fail(st, err, SK_EINVAL, "saving a session: no account %llu",
                            (unsigned long long)account);
    else if (step != SQLITE_DONE)
        rc = skx_store_db_fail(st, err, step, "saving a session");
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_session_get(sk_store *st, const char *token_hash, uint64_t *player, char *name,
                         size_t size, uint64_t *account, sk_error *err)
{
    assert(st);
    int rc = check_token_hash(st, err, token_hash);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_SESSION_GET, &u, err);
    if (rc)
        return rc;
    bind_text(u.s, 1, token_hash);
    int step = sqlite3_step(u.s);
    if (step == SQLITE_ROW) {
        int64_t p = 0, a = 0;
        const char *n = NULL;
        rc = skx_store_col_int(st, u.s, 0, 0, INT64_MAX, &p, err);
        if (rc == 0)
            rc = skx_store_col_text(st, u.s, 1, &n, err);
        if (rc == 0 && sqlite3_column_type(u.s, 2) != SQLITE_NULL)
            rc = skx_store_col_int(st, u.s, 2, 1, INT64_MAX, &a, err);
        if (rc == 0)
            rc = copy_out(st, err, "the session name", n, name, size);
        if (rc == 0) {
            if (player)
                *player = (uint64_t)p;
            if (account)
                *account = (uint64_t)a;
        }
    } else if (step == SQLITE_DONE) {
        rc = skx_store_fail(st, err, SK_EINVAL, "no session with token hash %.16s...",
                            token_hash);
    } else {
        rc = skx_store_db_fail(st, err, step, "reading a session");
    }
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_session_delete(sk_store *st, const char *token_hash, sk_error *err)
{
    assert(st);
    int rc = check_token_hash(st, err, token_hash);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_SESSION_DELETE, &u, err);
    if (rc)
        return rc;
    bind_text(u.s, 1, token_hash);
    rc = step_done(st, &u, "forgetting a session", err);
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_session_prune(sk_store *st, int64_t before, uint64_t *count, sk_error *err)
{
    assert(st);
    int rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_SESSION_PRUNE, &u, err);
    if (rc)
        return rc;
    sqlite3_bind_int64(u.s, 1, before);
    rc = step_done(st, &u, "forgetting old sessions", err);
    if (rc == 0 && count)
        *count = (uint64_t)sqlite3_changes64(st->db);
    skx_store_put(st, &u);
    return rc;
}
