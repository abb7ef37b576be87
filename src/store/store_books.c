/*
 * store_books.c -- books, for every backend: the groups, evening sheets and
 * tournaments of score keeping, each a head and the lines as typed
 * (docs/store.md, "Books").  A line is appended with the number the
 * caller expects (its last + 1: anything else is a stale view, refused)
 * and taken back by marking it, never deleted, so the audit trail of a
 * book is all it ever held.  Writes that touch two rows (a line and the
 * book's `updated`) are one write: a savepoint inside the caller's
 * transaction, else a transaction of their own.
 */
#include "store/store_internal.h"

#include <assert.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kind's name in messages, or NULL for no kind of ours. */
static const char *kind_name(int kind)
{
    switch (kind) {
    case SK_STORE_BOOK_GROUP: return "group";
    case SK_STORE_BOOK_SHEET: return "sheet";
    case SK_STORE_BOOK_TOURNAMENT: return "tournament";
    default: return NULL;
    }
}

/* How many lines (live or taken back) a book of the kind may hold. */
static uint64_t lines_max(int kind)
{
    return kind == SK_STORE_BOOK_TOURNAMENT ? SK_STORE_TOURNAMENT_LINES_MAX
           : kind == SK_STORE_BOOK_SHEET    ? SK_STORE_SHEET_LINES_MAX
                                            : SK_STORE_GROUP_LINES_MAX;
}

/* A book's code: 1 to SK_STORE_CODE_MAX ASCII letters, digits, '-' or
 * '_' (it goes into addresses as it is). */
static int check_code(const sk_store *st, sk_error *err, const char *code)
{
    int rc = skx_store_check_text(st, err, "the book's code", code, SK_STORE_CODE_MAX, false);
    if (rc)
        return rc;
    for (size_t i = 0; code[i]; i++) {
        char c = code[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_'))
            return skx_store_fail(st, err, SK_EINVAL, "the book's code holds 0x%02x at byte %zu "
                                  "(ASCII letters, digits, '-' and '_' only)",
                                  (unsigned char)c, i);
    }
    return 0;
}

/* A book's head: a JSON object of at most SK_STORE_HEAD_MAX bytes. */
static int check_head(const sk_store *st, sk_error *err, const char *head)
{
    int rc = skx_store_check_text(st, err, "the book's head", head, SK_STORE_HEAD_MAX, false);
    if (rc)
        return rc;
    json_error_t jerr;
    json_t *o = json_loads(head, JSON_REJECT_DUPLICATES, &jerr);
    bool object = json_is_object(o);
    json_decref(o);
    if (!o)
        return skx_store_fail(st, err, SK_EINVAL, "the book's head is no JSON at byte %d: %s",
                              jerr.position, jerr.text);
    if (!object)
        return skx_store_fail(st, err, SK_EINVAL, "the book's head is no JSON object");
    return 0;
}

/* A book's title: at most SK_STORE_TITLE_MAX bytes, may be empty, no
 * control characters (one line). */
static int check_title(const sk_store *st, sk_error *err, const char *title)
{
    return skx_store_check_plain(st, err, "the book's title", title, SK_STORE_TITLE_MAX, true,
                                 false);
}

/* An edit key's hash, where NULL and "" mean none. */
static int check_key_hash(const sk_store *st, sk_error *err, const char *h)
{
    return h && *h ? skx_store_check_hash(st, err, "the book's key hash", h) : 0;
}

/* What the store knows of a book before it writes: its kind, its last
 * line's number and its last live line's number.  SK_EINVAL naming
 * `what` when there is no such book. */
typedef struct book_state {
    int kind;
    uint64_t last_seq, last_live;
} book_state;

static int book_state_get(sk_store *st, uint64_t id, const char *what, book_state *bs,
                          sk_error *err)
{
    skx_stmt_use u = {0};
    int rc = skx_store_get(st, SKX_BOOK_STATE, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)id);
    int step = skx_step(&u);
    int64_t kind = 0, last = 0, last_live = 0;
    if (step == SKX_DONE)
        rc = skx_store_fail(st, err, SK_EINVAL, "%s: no book %llu", what, (unsigned long long)id);
    else if (step != SKX_ROW)
        rc = skx_store_db_fail(st, err, step, what);
    if (rc == 0)
        rc = skx_store_col_int(st, &u, 0, SK_STORE_BOOK_GROUP, SK_STORE_BOOK_TOURNAMENT, &kind,
                               err);
    if (rc == 0)
        rc = skx_store_col_int(st, &u, 1, 0, INT64_MAX - 1, &last, err);
    if (rc == 0)
        rc = skx_store_col_int(st, &u, 2, 0, last, &last_live, err);
    skx_store_put(st, &u);
    *bs = (book_state){(int)kind, (uint64_t)last, (uint64_t)last_live};
    return rc;
}

/* Checks a new book's fields and its parent (a group, and only for a
 * sheet) before anything is written. */
static int check_new_book(sk_store *st, const sk_store_book *b, sk_error *err)
{
    if (!b)
        return skx_store_fail(st, err, SK_EINVAL, "creating a book: no book given");
    if (!kind_name((int)b->kind))
        return skx_store_fail(st, err, SK_EINVAL, "creating a book: kind %d is none of group "
                              "(1), sheet (2), tournament (3)", (int)b->kind);
    int rc = check_code(st, err, b->code);
    if (rc == 0)
        rc = check_title(st, err, b->title ? b->title : "");
    if (rc == 0)
        rc = check_head(st, err, b->head);
    if (rc == 0)
        rc = check_key_hash(st, err, b->key_hash);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "the book's parent", b->parent, 0);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "the book's owner", b->owner, 0);
    if (rc || !b->parent)
        return rc;
    if (b->kind != SK_STORE_BOOK_SHEET)
        return skx_store_fail(st, err, SK_EINVAL, "creating a book: a %s has no parent (only "
                              "a sheet belongs to a group)", kind_name((int)b->kind));
    book_state ps;
    rc = book_state_get(st, b->parent, "creating a book's sheet", &ps, err);
    if (rc == 0 && ps.kind != SK_STORE_BOOK_GROUP)
        rc = skx_store_fail(st, err, SK_EINVAL, "creating a book: its parent %llu is a %s, not "
                            "a group", (unsigned long long)b->parent, kind_name(ps.kind));
    return rc;
}

/* See store.h. */
int sk_store_book_create(sk_store *st, const sk_store_book *b, uint64_t *id, sk_error *err)
{
    assert(st);
    int rc = skx_store_writable(st, err);
    if (rc == 0)
        rc = check_new_book(st, b, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_BOOK_INSERT, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int)b->kind);
    skx_store_bind_text(&u, 2, b->code);
    skx_bind_id_or_null(&u, 3, b->parent);
    skx_store_bind_text(&u, 4, b->title ? b->title : "");
    skx_store_bind_text(&u, 5, b->head);
    skx_bind_id_or_null(&u, 6, b->owner);
    if (b->key_hash && *b->key_hash)
        skx_store_bind_text(&u, 7, b->key_hash);
    else
        skx_bind_null(&u, 7);
    skx_bind_int(&u, 8, b->created);
    int step = skx_step(&u);
    if (step == SKX_DONE) {
        if (id)
            *id = (uint64_t)skx_last_id(st);
    } else if (step == SKX_E_UNIQUE) {
        rc = skx_store_fail(st, err, SK_EINVAL, "creating a book: the code \"%s\" is in use",
                            b->code);
    } else if (step == SKX_E_FOREIGN) {
        /* the parent was read above: what is missing is the account */
        rc = skx_store_fail(st, err, SK_EINVAL, "creating a book: no account %llu (its owner)",
                            (unsigned long long)b->owner);
    } else {
        rc = skx_store_db_fail(st, err, step, "creating a book");
    }
    skx_store_put(st, &u);
    return rc;
}

/* One row of BOOK_COLS into *b, the strings in the row (head NULL when
 * the row has none: the lists). */
static int read_book(sk_store *st, const skx_stmt_use *s, sk_store_book *b, sk_error *err)
{
    int64_t v[10] = {0};
    const char *code = NULL, *title = NULL, *head = NULL, *key = NULL;
    int rc = skx_store_col_int(st, s, 0, 1, INT64_MAX, &v[0], err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 1, SK_STORE_BOOK_GROUP, SK_STORE_BOOK_TOURNAMENT, &v[1],
                               err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, 2, &code, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 3, 0, INT64_MAX, &v[3], err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, 4, &title, err);
    if (rc == 0 && !skx_col_null(s, 5))
        rc = skx_store_col_text(st, s, 5, &head, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 6, 0, INT64_MAX, &v[6], err);
    if (rc == 0)
        rc = skx_store_col_text(st, s, 7, &key, err);
    for (int c = 8; rc == 0 && c < 10; c++)
        rc = skx_store_col_int(st, s, c, INT64_MIN, INT64_MAX, &v[c], err);
    int64_t live = 0, last = 0;
    if (rc == 0)
        rc = skx_store_col_int(st, s, 11, 0, INT64_MAX, &last, err);
    if (rc == 0)
        rc = skx_store_col_int(st, s, 10, 0, last, &live, err);
    if (rc)
        return rc;
    *b = (sk_store_book){.id = (uint64_t)v[0], .kind = (enum sk_store_book_kind)v[1],
                         .code = code, .parent = (uint64_t)v[3], .title = title, .head = head,
                         .owner = (uint64_t)v[6], .key_hash = key, .created = v[8],
                         .updated = v[9], .live = (uint64_t)live, .last_seq = (uint64_t)last};
    return 0;
}

/* Copies the strings of a book read from a row into one allocation that
 * b->mem owns (sk_store_book_free). */
static int own_strings(sk_store *st, sk_store_book *b, sk_error *err)
{
    const char *src[4] = {b->code, b->title, b->head, b->key_hash};
    size_t len[4], total = 0;
    for (int i = 0; i < 4; i++) {
        len[i] = strlen(src[i]) + 1;
        total += len[i];
    }
    char *mem = malloc(total), *p = mem;
    if (!mem)
        return skx_store_fail(st, err, SK_ENOMEM, "reading book %llu: out of memory",
                              (unsigned long long)b->id);
    const char **dst[4] = {&b->code, &b->title, &b->head, &b->key_hash};
    for (int i = 0; i < 4; i++) {
        memcpy(p, src[i], len[i]);
        *dst[i] = p;
        p += len[i];
    }
    b->mem = mem;
    return 0;
}

/* Runs a book query bound to `code` (text) or `id` into *out; SK_EINVAL
 * when it finds none. */
static int book_query(sk_store *st, enum skx_stmt which, const char *code, uint64_t id,
                      sk_store_book *out, sk_error *err)
{
    *out = (sk_store_book){0};
    skx_stmt_use u = {0};
    int rc = skx_store_get(st, which, &u, err);
    if (rc)
        return rc;
    if (code)
        skx_store_bind_text(&u, 1, code);
    else
        skx_bind_int(&u, 1, (int64_t)id);
    int step = skx_step(&u);
    if (step == SKX_ROW) {
        sk_store_book b;
        rc = read_book(st, &u, &b, err);
        if (rc == 0 && !b.head)
            rc = skx_store_fail(st, err, SK_EIO, "book %llu has no head: the database is "
                                "damaged", (unsigned long long)b.id);
        if (rc == 0)
            rc = own_strings(st, &b, err);
        if (rc == 0)
            *out = b;
    } else if (step == SKX_DONE) {
        if (code)
            rc = skx_store_fail(st, err, SK_EINVAL, "no book with code \"%s\"", code);
        else
            rc = skx_store_fail(st, err, SK_EINVAL, "no book %llu", (unsigned long long)id);
    } else {
        rc = skx_store_db_fail(st, err, step, "reading a book");
    }
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_book_get(sk_store *st, const char *code, sk_store_book *out, sk_error *err)
{
    assert(st && out);
    *out = (sk_store_book){0};
    int rc = check_code(st, err, code);
    return rc ? rc : book_query(st, SKX_BOOK_GET, code, 0, out, err);
}

/* See store.h. */
int sk_store_book_by_id(sk_store *st, uint64_t id, sk_store_book *out, sk_error *err)
{
    assert(st && out);
    *out = (sk_store_book){0};
    int rc = skx_store_check_id(st, err, "book", id, 1);
    return rc ? rc : book_query(st, SKX_BOOK_BY_ID, NULL, id, out, err);
}

/* See store.h. */
void sk_store_book_free(sk_store_book *b)
{
    if (!b)
        return;
    free(b->mem);
    *b = (sk_store_book){0};
}

/* See store.h. */
int sk_store_books(sk_store *st, enum sk_store_book_kind kind, uint64_t parent, uint64_t owner,
                   int max, int (*fn)(void *ctx, const sk_store_book *b), void *ctx,
                   sk_error *err)
{
    assert(st && fn);
    int rc = 0;
    if (!kind_name((int)kind))
        rc = skx_store_fail(st, err, SK_EINVAL, "listing books: kind %d is none of group (1), "
                            "sheet (2), tournament (3)", (int)kind);
    if (rc == 0 && max < 0)
        rc = skx_store_fail(st, err, SK_EINVAL, "listing books: max %d is negative", max);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "the books' parent", parent, 0);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "the books' owner", owner, 0);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, parent ? SKX_BOOKS_PARENT : owner ? SKX_BOOKS_OWNER : SKX_BOOKS_KIND,
                           &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int)kind);
    skx_bind_int(&u, 2, (int64_t)parent);
    skx_bind_int(&u, 3, (int64_t)owner);
    skx_bind_int(&u, 4, max);
    while (rc == 0 && (rc = skx_store_next_row(st, &u, "listing books", err)) == 1) {
        sk_store_book b;
        rc = read_book(st, &u, &b, err);
        if (rc == 0)
            rc = fn(ctx, &b);
    }
    skx_store_put(st, &u);
    return rc;
}

/* Runs an UPDATE of one book (bound by `bind`'s caller): SK_EINVAL when
 * there is no such book. */
static int update_one(sk_store *st, skx_stmt_use *u, uint64_t id, const char *what,
                      sk_error *err)
{
    int rc = skx_store_step_done(st, u, what, err);
    if (rc == 0 && skx_changes(st) == 0)
        rc = skx_store_fail(st, err, SK_EINVAL, "%s: no book %llu", what,
                            (unsigned long long)id);
    return rc;
}

/* See store.h. */
int sk_store_book_update(sk_store *st, uint64_t id, const char *title, const char *head,
                         int64_t at, sk_error *err)
{
    assert(st);
    int rc = skx_store_check_id(st, err, "book", id, 1);
    if (rc == 0 && !title && !head)
        rc = skx_store_fail(st, err, SK_EINVAL, "updating book %llu: neither a title nor a head "
                            "given", (unsigned long long)id);
    if (rc == 0 && title)
        rc = check_title(st, err, title);
    if (rc == 0 && head)
        rc = check_head(st, err, head);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_BOOK_UPDATE, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)id);
    if (title)
        skx_store_bind_text(&u, 2, title);
    if (head)
        skx_store_bind_text(&u, 3, head);
    skx_bind_int(&u, 4, at);
    rc = update_one(st, &u, id, "updating a book", err);
    skx_store_put(st, &u);
    return rc;
}

/* See store.h. */
int sk_store_book_set_access(sk_store *st, uint64_t id, uint64_t owner, const char *key_hash,
                             int64_t at, sk_error *err)
{
    assert(st);
    int rc = skx_store_check_id(st, err, "book", id, 1);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "the book's owner", owner, 0);
    if (rc == 0)
        rc = check_key_hash(st, err, key_hash);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_BOOK_ACCESS, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)id);
    skx_bind_id_or_null(&u, 2, owner);
    if (key_hash && *key_hash)
        skx_store_bind_text(&u, 3, key_hash);
    skx_bind_int(&u, 4, at);
    int step = skx_step(&u);
    if (step == SKX_E_FOREIGN)
        rc = skx_store_fail(st, err, SK_EINVAL, "setting the access of book %llu: no account "
                            "%llu", (unsigned long long)id, (unsigned long long)owner);
    else if (step != SKX_DONE)
        rc = skx_store_db_fail(st, err, step, "setting the access of a book");
    else if (skx_changes(st) == 0)
        rc = skx_store_fail(st, err, SK_EINVAL, "setting the access of a book: no book %llu",
                            (unsigned long long)id);
    skx_store_put(st, &u);
    return rc;
}

/* Sets a book's `updated` (the second row of a line's write). */
static int touch(sk_store *st, uint64_t id, int64_t at, sk_error *err)
{
    skx_stmt_use u = {0};
    int rc = skx_store_get(st, SKX_BOOK_TOUCH, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)id);
    skx_bind_int(&u, 2, at);
    rc = update_one(st, &u, id, "updating a book's time", err);
    skx_store_put(st, &u);
    return rc;
}

/* Who entered or took back a line: NULL or "" unknown, else a name. */
static int check_author(const sk_store *st, sk_error *err, const char *author)
{
    return author ? skx_store_check_plain(st, err, "the line's author", author,
                                          SK_STORE_NAME_MAX, true, false)
                  : 0;
}

/* Inserts line `seq` of a book after the checks of sk_store_book_append
 * (its state read inside the same write). */
static int append_line(sk_store *st, uint64_t book, uint64_t seq, const char *line,
                       const char *author, int64_t at, sk_error *err)
{
    char what[80];
    snprintf(what, sizeof what, "appending to book %llu", (unsigned long long)book);
    book_state bs;
    int rc = book_state_get(st, book, what, &bs, err);
    if (rc)
        return rc;
    if (seq != bs.last_seq + 1)
        return skx_store_fail(st, err, SK_EINVAL, "%s: seq %llu is not the next one (%llu): the "
                              "book changed since it was read", what, (unsigned long long)seq,
                              (unsigned long long)bs.last_seq + 1);
    if (seq > lines_max(bs.kind))
        return skx_store_fail(st, err, SK_EINVAL, "%s: a %s holds at most %llu lines (taken "
                              "back ones count)", what, kind_name(bs.kind),
                              (unsigned long long)lines_max(bs.kind));
    skx_stmt_use u = {0};
    rc = skx_store_get(st, SKX_BOOK_LINE_INSERT, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)book);
    skx_bind_int(&u, 2, (int64_t)seq);
    skx_store_bind_text(&u, 3, line);
    skx_bind_int(&u, 4, at);
    skx_store_bind_text(&u, 5, author ? author : "");
    rc = skx_store_step_done(st, &u, what, err);
    skx_store_put(st, &u);
    return rc ? rc : touch(st, book, at, err);
}

/* See store.h. */
int sk_store_book_append(sk_store *st, uint64_t book, uint64_t seq, const char *line,
                         const char *author, int64_t at, sk_error *err)
{
    assert(st);
    int rc = skx_store_check_id(st, err, "book", book, 1);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "line seq", seq, 1);
    if (rc == 0)
        rc = skx_store_check_plain(st, err, "the book's line", line, SK_STORE_LINE_MAX, false,
                                   true);
    if (rc == 0)
        rc = check_author(st, err, author);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    if (rc == 0)
        rc = skx_store_write_begin(st, "book_append", "appending to a book", err);
    if (rc)
        return rc;
    rc = append_line(st, book, seq, line, author, at, err);
    return skx_store_write_end(st, "book_append", rc, "committing a book's line", err);
}

/* Marks line `seq` of a book undone after the checks of
 * sk_store_book_undo (its state read inside the same write). */
static int undo_line(sk_store *st, uint64_t book, uint64_t seq, const char *author, int64_t at,
                     sk_error *err)
{
    char what[80];
    snprintf(what, sizeof what, "taking back a line of book %llu", (unsigned long long)book);
    book_state bs;
    int rc = book_state_get(st, book, what, &bs, err);
    if (rc)
        return rc;
    if (bs.last_live == 0)
        return skx_store_fail(st, err, SK_EINVAL, "%s: it has no line to take back", what);
    if (seq != bs.last_live)
        return skx_store_fail(st, err, SK_EINVAL, "%s: seq %llu is not its last live line "
                              "(%llu): the book changed since it was read", what,
                              (unsigned long long)seq, (unsigned long long)bs.last_live);
    skx_stmt_use u = {0};
    rc = skx_store_get(st, SKX_BOOK_LINE_UNDO, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)book);
    skx_bind_int(&u, 2, (int64_t)seq);
    skx_bind_int(&u, 3, at);
    skx_store_bind_text(&u, 4, author ? author : "");
    rc = skx_store_step_done(st, &u, what, err);
    skx_store_put(st, &u);
    return rc ? rc : touch(st, book, at, err);
}

/* See store.h. */
int sk_store_book_undo(sk_store *st, uint64_t book, uint64_t seq, const char *author, int64_t at,
                       sk_error *err)
{
    assert(st);
    int rc = skx_store_check_id(st, err, "book", book, 1);
    if (rc == 0)
        rc = skx_store_check_id(st, err, "line seq", seq, 1);
    if (rc == 0)
        rc = check_author(st, err, author);
    if (rc == 0)
        rc = skx_store_writable(st, err);
    if (rc == 0)
        rc = skx_store_write_begin(st, "book_undo", "taking back a book's line", err);
    if (rc)
        return rc;
    rc = undo_line(st, book, seq, author, at, err);
    return skx_store_write_end(st, "book_undo", rc, "committing a book's undo", err);
}

/* See store.h. */
int sk_store_book_count(sk_store *st, uint64_t book, uint64_t *live, uint64_t *last_seq,
                        sk_error *err)
{
    assert(st);
    int rc = skx_store_check_id(st, err, "book", book, 1);
    book_state bs;
    if (rc == 0)
        rc = book_state_get(st, book, "counting a book's lines", &bs, err);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_BOOK_COUNT, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)book);
    int step = skx_step(&u);
    int64_t n = 0;
    if (step != SKX_ROW)
        rc = skx_store_db_fail(st, err, step, "counting a book's lines");
    else
        rc = skx_store_col_int(st, &u, 0, 0, (int64_t)bs.last_seq, &n, err);
    skx_store_put(st, &u);
    if (rc == 0 && live)
        *live = (uint64_t)n;
    if (rc == 0 && last_seq)
        *last_seq = bs.last_seq;
    return rc;
}

/* See store.h. */
int sk_store_book_lines(sk_store *st, uint64_t book, int all,
                        int (*fn)(void *ctx, const sk_store_book_line *l), void *ctx,
                        sk_error *err)
{
    assert(st && fn);
    int rc = skx_store_check_id(st, err, "book", book, 1);
    skx_stmt_use u = {0};
    if (rc == 0)
        rc = skx_store_get(st, SKX_BOOK_LINES, &u, err);
    if (rc)
        return rc;
    skx_bind_int(&u, 1, (int64_t)book);
    skx_bind_int(&u, 2, all != 0);
    while (rc == 0 && (rc = skx_store_next_row(st, &u, "reading a book's lines", err)) == 1) {
        sk_store_book_line l = {0};
        int64_t seq = 0;
        rc = skx_store_col_int(st, &u, 0, 1, INT64_MAX, &seq, err);
        if (rc == 0)
            rc = skx_store_col_text(st, &u, 1, &l.line, err);
        if (rc == 0)
            rc = skx_store_col_int(st, &u, 2, INT64_MIN, INT64_MAX, &l.at, err);
        if (rc == 0)
            rc = skx_store_col_text(st, &u, 3, &l.author, err);
        if (rc == 0 && !skx_col_null(&u, 4)) {
            l.undone = 1;
            rc = skx_store_col_int(st, &u, 4, INT64_MIN, INT64_MAX, &l.undone_at, err);
        }
        if (rc == 0)
            rc = skx_store_col_text(st, &u, 5, &l.undo_author, err);
        l.seq = (uint64_t)seq;
        if (rc == 0)
            rc = fn(ctx, &l);
    }
    skx_store_put(st, &u);
    return rc;
}
