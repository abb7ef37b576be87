/*
 * fuzz_store_books.c -- libFuzzer harness for the checks of the store's
 * books (src/store/store_books.c and the text checks of
 * store.c): what a browser sends for a sheet or a tournament
 * reaches the store as a book's line, a line's author, a title, a head
 * or a code.
 *
 * The first byte picks the field, the rest is its text; the harness
 * writes it into a store of its own (a temporary directory, removed at
 * exit).  Nothing may crash; a refusal is SK_EINVAL with a message; a
 * line, author or title is taken exactly when it is valid UTF-8 (jansson
 * decides, not the store's own check) within its cap, without the
 * control characters the field forbids, a head exactly when jansson
 * reads a JSON object; what is taken reads back byte for byte.
 * Seeds: tests/fuzz/corpus/fuzz_store_books/.
 */
#include "../../src/store/store.c"
#include "../../src/store/store_sqlite.c"
#include "../../src/store/store_pg.c"
#include "../../src/store/store_data.c"
#include "../../src/store/store_books.c"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The harness's store, its directory and the book lines go to. */
static sk_store *fz_st;
static char fz_dir[64], fz_db[96];
static uint64_t fz_book, fz_next = 1, fz_codes;

/* Closes the store and removes its files at exit. */
static void fz_cleanup(void)
{
    static const char *const ext[] = {"", "-wal", "-shm", ".lock"};
    sk_store_close(fz_st);
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
        char p[128];
        snprintf(p, sizeof p, "%s%s", fz_db, ext[i]);
        unlink(p);
    }
    rmdir(fz_dir);
}

/* A fresh sheet to append to (the last one is full). */
static void fz_new_sheet(void)
{
    sk_error err = {{0}, NULL};
    char code[32];
    snprintf(code, sizeof code, "sheet%llu", (unsigned long long)++fz_codes);
    sk_store_book b = {.kind = SK_STORE_BOOK_SHEET, .code = code, .head = "{}"};
    if (sk_store_book_create(fz_st, &b, &fz_book, &err) != 0)
        abort();
    fz_next = 1;
}

/* Opens the store once. */
static void fz_open(void)
{
    if (fz_st)
        return;
    snprintf(fz_dir, sizeof fz_dir, "/tmp/sk_fuzz_books_XXXXXX");
    if (!mkdtemp(fz_dir))
        abort();
    snprintf(fz_db, sizeof fz_db, "%s/books.db", fz_dir);
    sk_error err = {{0}, NULL};
    fz_st = sk_store_open(fz_db, &err);
    if (!fz_st)
        abort();
    atexit(fz_cleanup);
    fz_new_sheet();
}

/* Whether text would be taken: valid UTF-8 by jansson's judgement, at
 * most max bytes, not empty unless allowed, and no C0 (a tab where
 * allowed), DEL or C1. */
static bool fz_fits(const char *s, size_t n, size_t max, bool empty_ok, bool tab_ok)
{
    if (n > max || (n == 0 && !empty_ok) || memchr(s, 0, n))
        return false;
    json_t *j = json_stringn(s, n);
    if (!j)
        return false;
    json_decref(j);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 0x20 && !(tab_ok && c == '\t')) || c == 0x7f ||
            (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] <= 0x9f))
            return false;
    }
    return true;
}

/* A line (or a line's author): taken exactly when it fits, then read
 * back as the last line. */
static int fz_read_last(void *ctx, const sk_store_book_line *l)
{
    const char **last = ctx;
    *last = l->seq == fz_next - 1 ? strdup(l->line) : *last;
    return 0;
}

static void fz_line(const char *text, size_t n, bool as_author)
{
    sk_error err = {{0}, NULL};
    if (fz_next > SK_STORE_SHEET_LINES_MAX)
        fz_new_sheet();
    int rc = as_author ? sk_store_book_append(fz_st, fz_book, fz_next, "x", text, 1, &err)
                       : sk_store_book_append(fz_st, fz_book, fz_next, text, NULL, 1, &err);
    bool fits = as_author ? fz_fits(text, n, SK_STORE_NAME_MAX, true, false)
                          : fz_fits(text, n, SK_STORE_LINE_MAX, false, true);
    if ((rc == 0) != fits || (rc != 0 && (rc != SK_EINVAL || !err.msg[0])))
        abort();
    if (rc != 0)
        return;
    fz_next++;
    const char *last = NULL;
    if (sk_store_book_lines(fz_st, fz_book, 0, fz_read_last, &last, &err) != 0 || !last ||
        strcmp(last, as_author ? "x" : text) != 0)
        abort();
    free((void *)last);
    if (n % 7 == 0) { /* now and then taken back: the next seq stays */
        if (sk_store_book_undo(fz_st, fz_book, fz_next - 1, NULL, 2, &err) != 0)
            abort();
    }
}

/* A title or a head of a new book, or a code to look up. */
static void fz_book_field(int which, const char *text, size_t n)
{
    sk_error err = {{0}, NULL};
    char code[32];
    snprintf(code, sizeof code, "b%llu", (unsigned long long)++fz_codes);
    sk_store_book b = {.kind = SK_STORE_BOOK_TOURNAMENT, .code = code, .head = "{}"};
    bool fits;
    if (which == 1) {
        b.title = text;
        fits = fz_fits(text, n, SK_STORE_TITLE_MAX, true, false);
    } else if (which == 2) {
        b.head = text;
        json_error_t jerr;
        json_t *o = json_loadb(text, n, JSON_REJECT_DUPLICATES, &jerr);
        fits = n <= SK_STORE_HEAD_MAX && json_is_object(o);
        json_decref(o);
    } else {
        sk_store_book got;
        int rc = sk_store_book_get(fz_st, text, &got, &err);
        if (rc == 0)
            sk_store_book_free(&got);
        else if (rc != SK_EINVAL || !err.msg[0])
            abort();
        return;
    }
    uint64_t id = 0;
    int rc = sk_store_book_create(fz_st, &b, &id, &err);
    if ((rc == 0) != fits)
        abort();
    if (rc != 0) {
        if (rc != SK_EINVAL || !err.msg[0])
            abort();
        return;
    }
    sk_store_book got;
    if (sk_store_book_by_id(fz_st, id, &got, &err) != 0)
        abort();
    if (strcmp(which == 1 ? got.title : got.head, text) != 0)
        abort();
    sk_store_book_free(&got);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > SK_STORE_HEAD_MAX + 2)
        return 0;
    fz_open();
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    size_t n = size - 1;
    if (memchr(text, 0, n)) {
        /* a NUL ends a C string: the store sees the text before it */
        n = strlen(text);
    }
    switch (data[0] % 5) {
    case 0: fz_line(text, n, false); break;
    case 4: fz_line(text, n, true); break;
    case 1: fz_book_field(1, text, n); break;
    case 2: fz_book_field(2, text, n); break;
    default: fz_book_field(3, text, n); break;
    }
    free(text);
    return 0;
}
