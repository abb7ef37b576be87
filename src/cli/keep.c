/*
 * keep.c -- where `schafkopf sheet` and `schafkopf tournament` keep what
 * is typed: a JSON file (--file) or a book of the store the server uses
 * (--db, docs/store.md "Books").  Both commands change their document
 * in memory first and then call skx_keep_sheet / skx_keep_tour, which
 * bring the place in line with it: a file is rewritten whole (a
 * temporary renamed over it); a book gets the new lines appended and
 * the lines taken back marked undone, in one transaction -- so a sheet
 * typed here opens on the server's pages with the same lines, and the
 * other way round.
 */
#include "cli.h"
#include "cli/keep.h"
#include "schafkopf/server.h"

#include <jansson.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Who enters the lines, for the book's audit trail: "terminal:USER". */
static void keep_author(skx_keep *k)
{
    const struct passwd *pw = getpwuid(getuid());
    snprintf(k->author, sizeof k->author, "terminal:%.40s", pw && pw->pw_name ? pw->pw_name : "?");
}

/* Remembers a live line's number; -1 when out of memory. */
static int keep_push(skx_keep *k, uint64_t seq)
{
    if (k->n == k->cap) {
        int cap = k->cap ? 2 * k->cap : 64;
        uint64_t *s = realloc(k->seqs, (size_t)cap * sizeof *s);
        if (!s)
            return -1;
        k->seqs = s;
        k->cap = cap;
    }
    k->seqs[k->n++] = seq;
    return 0;
}

/* Collects a book's live lines into a JSON array of strings, or of
 * {"line", "at"} objects (a tournament), and their numbers. */
typedef struct keep_walk {
    skx_keep *k;
    json_t *lines;
    bool timed;
} keep_walk;

static int keep_line(void *ctx, const sk_store_book_line *l)
{
    keep_walk *w = ctx;
    json_t *v = w->timed ? json_pack("{s:s, s:I}", "line", l->line, "at", (json_int_t)l->at)
                         : json_string(l->line);
    if (!v || json_array_append_new(w->lines, v) < 0 || keep_push(w->k, l->seq) < 0)
        return -1;
    return 0;
}

int skx_keep_open(skx_keep *k, const char *db, sk_error *err)
{
    memset(k, 0, sizeof *k);
    keep_author(k);
    k->st = sk_store_open(db, err);
    return k->st ? 0 : -1;
}

void skx_keep_close(skx_keep *k)
{
    if (k->st)
        sk_store_close(k->st);
    free(k->seqs);
    memset(k, 0, sizeof *k);
}

/* A new book of the store with a fresh code and edit key (printed once
 * by the caller: the server's pages accept it). */
int skx_keep_create(skx_keep *k, int kind, uint64_t parent, const char *title,
                    const char *head, sk_error *err)
{
    char hash[65];
    for (int tries = 0; tries < 8; tries++) {
        sk_server_book_credentials(k->code, k->key, hash);
        sk_store_book sb;
        memset(&sb, 0, sizeof sb);
        sb.kind = kind;
        sb.code = k->code;
        sb.parent = parent;
        sb.title = title;
        sb.head = head;
        sb.key_hash = hash;
        sb.created = (int64_t)time(NULL);
        if (sk_store_book_create(k->st, &sb, &k->book, err) == 0) {
            k->last_seq = 0;
            k->n = 0;
            return 0;
        }
        sk_store_book probe;
        if (sk_store_book_get(k->st, k->code, &probe, NULL) < 0)
            return -1; /* not a taken code: the store's refusal stands */
        sk_store_book_free(&probe);
    }
    snprintf(err->msg, sizeof err->msg, "no free code for a new book");
    return -1;
}

/* Reads book `b` (found by the caller) for loading: its head as a JSON
 * object with the live lines under `member`, as the file format has
 * them; NULL with err. */
json_t *skx_keep_load(skx_keep *k, const sk_store_book *b, const char *member, bool timed,
                      sk_error *err)
{
    k->book = b->id;
    k->last_seq = b->last_seq;
    k->n = 0;
    snprintf(k->code, sizeof k->code, "%s", b->code);
    json_t *head = json_loads(b->head ? b->head : "", 0, NULL);
    keep_walk w = {k, json_array(), timed};
    if (!json_is_object(head) || !w.lines) {
        snprintf(err->msg, sizeof err->msg, "book %s: its head is not a JSON object", b->code);
        json_decref(head);
        json_decref(w.lines);
        return NULL;
    }
    if (sk_store_book_lines(k->st, b->id, 0, keep_line, &w, err) < 0) {
        json_decref(head);
        json_decref(w.lines);
        return NULL;
    }
    json_object_set_new(head, member, w.lines);
    return head;
}

/* Brings the book in line with `lines` (n texts, with their times when
 * `ats` is not NULL): the live lines that differ from the end back are
 * taken back, the new ones appended; one transaction.  0 or -1. */
static int keep_sync(skx_keep *k, const char *const *lines, const int64_t *ats, int n)
{
    sk_error err = {{0}, NULL};
    /* how many live lines still agree: only the tail ever changes */
    int same = n < k->n ? n : k->n;
    if (sk_store_begin(k->st, &err) < 0)
        return -1;
    int64_t now = (int64_t)time(NULL);
    int rc = 0, kept_n = k->n;
    uint64_t last = k->last_seq;
    for (int i = kept_n - 1; rc == 0 && i >= same; i--)
        rc = sk_store_book_undo(k->st, k->book, k->seqs[i], k->author, now, &err);
    for (int i = same; rc == 0 && i < n; i++)
        rc = sk_store_book_append(k->st, k->book, ++last, lines[i], k->author,
                                  ats ? ats[i] : now, &err);
    if (rc == 0 && sk_store_commit(k->st, &err) == 0) {
        k->n = same;
        for (int i = same; i < n; i++)
            if (keep_push(k, k->last_seq + 1 + (uint64_t)(i - same)) < 0)
                return -1;
        k->last_seq = last;
        return 0;
    }
    sk_store_rollback(k->st, NULL);
    fprintf(stderr, "schafkopf: %s\n", err.msg);
    return -1;
}

/* Writes a document's JSON (taken) to the keep's file whole; 0 or -1. */
static int save_json(const skx_keep *k, json_t *o)
{
    char *text = o ? json_dumps(o, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    int rc = text ? skx_cli_save_text(k->path, text) : -1;
    free(text);
    return rc;
}

int skx_keep_sheet(skx_keep *k, const sk_sheet *sh)
{
    if (k->path)
        return save_json(k, sk_sheet_json(sh, false));
    if (!k->st)
        return 0;
    return keep_sync(k, (const char *const *)sh->lines, NULL, sh->n);
}

int skx_keep_tour(skx_keep *k, const sk_tour *tr)
{
    if (k->path)
        return save_json(k, sk_tour_json(tr));
    if (!k->st)
        return 0;
    int n = (int)json_array_size(tr->lines);
    const char **lines = calloc((size_t)n + 1, sizeof *lines);
    int64_t *ats = calloc((size_t)n + 1, sizeof *ats);
    int rc = lines && ats ? 0 : -1;
    for (int i = 0; rc == 0 && i < n; i++) {
        json_t *l = json_array_get(tr->lines, (size_t)i);
        lines[i] = json_string_value(json_object_get(l, "line"));
        ats[i] = json_integer_value(json_object_get(l, "at"));
        rc = lines[i] ? 0 : -1;
    }
    if (rc == 0)
        rc = keep_sync(k, lines, ats, n);
    free(lines);
    free(ats);
    return rc;
}
