/*
 * store_data.c -- what a store keeps: rooms, their journals, chat,
 * accounts and sessions (finished games and what is computed from them:
 * store_games.c), the same for every backend.  Each function checks its
 * input (the caps and rules of store.h) before it touches the database,
 * binds it to a statement of the backend (store_internal.h) and maps the
 * database's answer to a status with a message.  A walk hands its callback
 * strings that live in the statement's row, valid until the callback
 * returns.
 */
#include "store/store_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* The text of an argument that may be NULL (stored as ""). */
static const char *or_empty(const char *s)
{
    return s ? s : "";
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
    skx_store_bind_text(&u, 1, room->rules_json);
    skx_store_bind_text(&u, 2, title);
    skx_store_bind_text(&u, 3, invite);
    skx_bind_int(&u, 4, room->listed != 0);
    skx_store_bind_text(&u, 5, fallback);
    skx_bind_int(&u, 6, room->created);
    rc = skx_store_step_done(st, &u, "creating a room", err);
    uint64_t made = rc == 0 ? (uint64_t)skx_last_id(st) : 0;
    skx_store_put(st, &u);
    if (rc == 0 && st->be->shared) /* its creator holds it */
        rc = skx_lease_take_new(st, made, err);
    if (rc == 0 && id)
        *id = made;
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
    skx_bind_int(&u, 1, (int64_t)id);
    rc = skx_store_step_done(st, &u, "closing a room", err);
    if (rc == 0 && skx_changes(st) == 0)
        rc = skx_store_fail(st, err, SK_EINVAL, "closing room %llu: no such room",
                            (unsigned long long)id);
    skx_store_put(st, &u);
    return rc;
}

/* One row of the rooms walk into *r (strings in the row). */
static int read_room(sk_store *st, const skx_stmt_use *s, sk_store_room *r, sk_error *err)
{
    int64_t id = 0, listed = 0, created = 0, closed = 0, used = 0;
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
    if (rc == 0)
        rc = skx_store_col_int(st, s, 8, INT64_MIN, INT64_MAX, &used, err);
    if (rc)
        return rc;
    /* the struct's strings are not const (it is also the caller's to
     * fill); the callback must not write them */
    *r = (sk_store_room){.id = (uint64_t)id, .rules_json = (char *)rules, .title = (char *)title,
                         .invite = (char *)invite, .listed = (int)listed,
                         .fallback = (char *)fallback, .created = created, .closed = (int)closed,
                         .used = used};
    return 0;
}

/* See store.h. */
int sk_store_rooms(sk_store *st, int (*fn)(void *ctx, const sk_store_room *room), void *ctx,
                   sk_error *err)
{
    assert(st && fn);
    skx_stmt_use u = {0};
    int rc = skx_store_get(st, SKX_ROOMS, &u, err);
    while (rc == 0 && (rc = skx_store_next_row(st, &u, "reading the rooms", err)) == 1) {
        sk_store_room r;
        rc = read_room(st, &u, &r, err);
        if (rc == 0)
            rc = fn(ctx, &r);
    }
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_room_used(sk_store *st, uint64_t id, int64_t at, sk_error *err)
{
    assert(st);
    int rc = skx_store_check_id(st, err, "room", id, 1);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_ROOM_USED, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)id);
    skx_bind_int(&u, 2, at);
    rc = skx_store_step_done(st, &u, "noting a room's use", err);
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_rooms_archive(sk_store *st, int64_t before, uint64_t *count, sk_error *err)
{
    assert(st);
    int rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_ROOMS_ARCHIVE, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, before);
    rc = skx_store_step_done(st, &u, "archiving idle rooms", err);
    if (rc == 0 && count)
        *count = (uint64_t)skx_changes(st);
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_room_by_invite(sk_store *st, const char *invite,
                            int (*fn)(void *ctx, const sk_store_room *room), void *ctx,
                            sk_error *err)
{
    assert(st && fn);
    int rc = skx_store_check_text(st, err, "the room's invite", invite, SK_STORE_INVITE_MAX,
                                  false);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_ROOM_BY_INVITE, &u, err);
    if (rc)
        return rc;
    skx_store_bind_text(&u, 1, invite);
    rc = skx_store_next_row(st, &u, "finding a room by its code", err);
    if (rc == 0) {
        rc = skx_store_fail(st, err, SK_EINVAL, "no room with that invitation code");
    } else if (rc == 1) {
        sk_store_room r;
        rc = read_room(st, &u, &r, err);
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
    skx_bind_int(&u, 1, (int64_t)room);
    skx_store_bind_text(&u, 2, st->owner);
    int step = skx_step(&u);
    int64_t exists = 0, last = 0, held = 0;
    if (step != SKX_ROW)
        rc = skx_store_db_fail(st, err, step, "reading the journal's last seq");
    if (rc == 0)
        rc = skx_store_col_int(st, &u, 0, 0, 1, &exists, err);
    if (rc == 0 && !skx_col_null(&u, 1))
        rc = skx_store_col_int(st, &u, 1, 1, INT64_MAX - 1, &last, err);
    if (rc == 0)
        rc = skx_store_col_int(st, &u, 2, 0, 1, &held, err);
    skx_store_put(st, &u);
    if (rc)
        return rc;
    if (!exists)
        return skx_store_fail(st, err, SK_EINVAL, "appending to the journal of room %llu: no "
                              "such room", (unsigned long long)room);
    if (!held) /* the fence: another process owns the room now, or may */
        return skx_store_fail(st, err, SK_STORE_FENCED, "appending to the journal of room "
                              "%llu: its lease is not held by this process (%s)",
                              (unsigned long long)room, st->owner);
    if (seq != (uint64_t)last + 1)
        return skx_store_fail(st, err, SK_EINVAL, "appending to the journal of room %llu: seq "
                              "%llu is not the next one (%llu)", (unsigned long long)room,
                              (unsigned long long)seq, (unsigned long long)last + 1);
    rc = skx_store_get(st, SKX_JOURNAL_INSERT, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)room);
    skx_bind_int(&u, 2, (int64_t)seq);
    skx_store_bind_text(&u, 3, entry);
    rc = skx_store_step_done(st, &u, "appending to the journal", err);
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
    skx_bind_int(&u, 1, (int64_t)room);
    while (rc == 0 && (rc = skx_store_next_row(st, &u, "reading the journal", err)) == 1) {
        int64_t seq = 0;
        const char *entry = NULL;
        rc = skx_store_col_int(st, &u, 0, 1, INT64_MAX, &seq, err);
        if (rc == 0)
            rc = skx_store_col_text(st, &u, 1, &entry, err);
        if (rc == 0)
            rc = fn(ctx, (uint64_t)seq, entry);
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
    skx_bind_int(&u, 1, (int64_t)room);
    while (rc == 0 && (rc = skx_store_next_row(st, &u, "reading the games", err)) == 1) {
        int64_t no = 0;
        const char *record = NULL;
        rc = skx_store_col_int(st, &u, 0, 1, UINT32_MAX, &no, err);
        if (rc == 0)
            rc = skx_store_col_text(st, &u, 1, &record, err);
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
    skx_bind_int(&u, 1, (int64_t)room);
    skx_store_bind_text(&u, 2, name);
    skx_store_bind_text(&u, 3, text);
    skx_bind_int(&u, 4, at);
    int step = skx_step(&u);
    if (step != SKX_DONE)
        rc = skx_store_insert_fail(st, err, step, "adding a chat line", room, NULL);
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
    skx_bind_int(&u, 1, (int64_t)room);
    skx_bind_int(&u, 2, max);
    while (rc == 0 && (rc = skx_store_next_row(st, &u, "reading the chat", err)) == 1) {
        const char *name = NULL, *text = NULL;
        int64_t at = 0;
        rc = skx_store_col_text(st, &u, 0, &name, err);
        if (rc == 0)
            rc = skx_store_col_text(st, &u, 1, &text, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 2, INT64_MIN, INT64_MAX, &at, err);
        if (rc == 0)
            rc = fn(ctx, name, text, at);
    }
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_account_add(sk_store *st, const sk_store_account *a, uint64_t *id, sk_error *err)
{
    assert(st);
    if (!a)
        return skx_store_fail(st, err, SK_EINVAL, "adding an account: no account given");
    int rc = skx_store_check_text(st, err, "the account name", a->name, SK_STORE_NAME_MAX, false);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the account key", a->key, SK_STORE_NAME_MAX, false);
    if (rc == 0)
        rc = skx_store_check_text(st, err, "the password hash", a->hash, SK_STORE_HASH_MAX,
                                  false);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "the account's player", a->player, 1);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_ACCOUNT_INSERT, &u, err);
    if (rc)
        return rc;
    skx_store_bind_text(&u, 1, a->name);
    skx_store_bind_text(&u, 2, a->hash);
    skx_store_bind_text(&u, 3, a->key);
    skx_bind_int(&u, 4, (int64_t)a->player);
    skx_bind_int(&u, 5, a->created);
    int step = skx_step(&u);
    if (step == SKX_DONE) {
        if (id)
            *id = (uint64_t)skx_last_id(st);
    } else if (step == SKX_E_UNIQUE) {
        char q[SK_ESCAPE_SIZE(40)];
        rc = skx_store_fail(st, err, SK_EINVAL, "adding an account: the name \"%s\" or its "
                            "player is in use", sk_escape(q, sizeof q, a->name, (size_t)-1, 40));
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

/* Reads an account's row (id, player, created, name, key, hash). */
static int read_account(sk_store *st, const skx_stmt_use *s, sk_store_account *out, sk_error *err)
{
    int64_t id = 0, player = 0;
    const char *name = NULL, *key = NULL, *hash = NULL;
    int rc = skx_store_col_int(st, s, 0, 1, INT64_MAX, &id, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 1, 0, INT64_MAX, &player, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 2, INT64_MIN, INT64_MAX, &out->created, err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, 3, &name, err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, 4, &key, err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, 5, &hash, err);
    if (rc == 0)
        rc = copy_out(st, err, "the account name", name, out->name, sizeof out->name);
    if (rc == 0)
        rc = copy_out(st, err, "the account key", key, out->key, sizeof out->key);
    if (rc == 0)
        rc = copy_out(st, err, "the password hash", hash, out->hash, sizeof out->hash);
    out->id = (uint64_t)id;
    out->player = (uint64_t)player;
    return rc;
}

/* Runs an account query bound to `key` (text) or `id`; SK_EINVAL when
 * it finds none. */
static int account_query(sk_store *st, enum skx_stmt which, const char *key, uint64_t id,
                         sk_store_account *out, sk_error *err)
{
    skx_stmt_use u = {0};
    int rc = skx_store_get(st, which, &u, err);
    if (rc)
        return rc;
    if (key)
        skx_store_bind_text(&u, 1, key);
    else
        skx_bind_int(&u, 1, (int64_t)id);
    int step = skx_step(&u);
    if (step == SKX_ROW) {
        rc = read_account(st, &u, out, err);
    } else if (step == SKX_DONE) {
        char q[SK_ESCAPE_SIZE(40)];
        if (key)
            rc = skx_store_fail(st, err, SK_EINVAL, "no account named \"%s\"",
                                sk_escape(q, sizeof q, key, (size_t)-1, 40));
        else
            rc = skx_store_fail(st, err, SK_EINVAL, "no account %llu", (unsigned long long)id);
    } else {
        rc = skx_store_db_fail(st, err, step, "reading an account");
    }
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_account_get(sk_store *st, const char *key, sk_store_account *out, sk_error *err)
{
    assert(st && out);
    int rc = skx_store_check_text(st, err, "the account key", key, SK_STORE_NAME_MAX, false);
    return rc ? rc : account_query(st, SKX_ACCOUNT_GET, key, 0, out, err);
}

/* See store.h. */
int sk_store_account_by_id(sk_store *st, uint64_t id, sk_store_account *out, sk_error *err)
{
    assert(st && out);
    int rc = skx_store_check_id(st, err, "account", id, 1);
    return rc ? rc : account_query(st, SKX_ACCOUNT_BY_ID, NULL, id, out, err);
}

/* Checks a session's token hash. */
static int check_token_hash(const sk_store *st, sk_error *err, const char *h)
{
    return skx_store_check_hash(st, err, "the token hash", h);
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
    skx_store_bind_text(&u, 1, token_hash);
    skx_bind_int(&u, 2, (int64_t)player);
    skx_store_bind_text(&u, 3, name);
    if (account)
        skx_bind_int(&u, 4, (int64_t)account);
    else
        skx_bind_null(&u, 4);
    skx_bind_int(&u, 5, at);
    int step = skx_step(&u);
    if (step == SKX_E_FOREIGN)
        rc = skx_store_fail(st, err, SK_EINVAL, "saving a session: no account %llu",
                            (unsigned long long)account);
    else if (step != SKX_DONE)
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
    skx_store_bind_text(&u, 1, token_hash);
    int step = skx_step(&u);
    if (step == SKX_ROW) {
        int64_t p = 0, a = 0;
        const char *n = NULL;
        rc = skx_store_col_int(st, &u, 0, 0, INT64_MAX, &p, err);
        if (rc == 0)
            rc = skx_store_col_text(st, &u, 1, &n, err);
        if (rc == 0 && !skx_col_null(&u, 2))
            rc = skx_store_col_int(st, &u, 2, 1, INT64_MAX, &a, err);
        if (rc == 0)
            rc = copy_out(st, err, "the session name", n, name, size);
        if (rc == 0) {
            if (player)
                *player = (uint64_t)p;
            if (account)
                *account = (uint64_t)a;
        }
    } else if (step == SKX_DONE) {
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
    skx_store_bind_text(&u, 1, token_hash);
    rc = skx_store_step_done(st, &u, "forgetting a session", err);
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
    skx_bind_int(&u, 1, before);
    rc = skx_store_step_done(st, &u, "forgetting old sessions", err);
    if (rc == 0 && count)
        *count = (uint64_t)skx_changes(st);
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_session_prune_guests(sk_store *st, int64_t before, int max, uint64_t *count,
                                  sk_error *err)
{
    assert(st);
    if (max < 1)
        return skx_store_fail(st, err, SK_EINVAL, "forgetting guest sessions: max %d < 1", max);
    int rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_SESSION_PRUNE_GUESTS, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, before);
    skx_bind_int(&u, 2, max);
    rc = skx_store_step_done(st, &u, "forgetting old guest sessions", err);
    if (rc == 0 && count)
        *count = (uint64_t)skx_changes(st);
    skx_store_put(st, &u);
    return rc;
}
