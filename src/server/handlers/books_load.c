/*
 * books_load.c -- the books the server has loaded: read from the store
 * and booked line by line into the table layer's documents (sk_sheet,
 * sk_tour), kept while followed (and a few more, least recently used
 * first out), a new line booked into its document; and the keys that
 * may write them (an edit key's hash, tables' keys derived from it).
 */
#include "books.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The hex BLAKE2b-256 of an edit key's bytes, as the store keeps it. */
void skx_book_key_hash(const uint8_t key[SKX_KEY_BYTES], char hash[65])
{
    uint8_t h[32];
    crypto_generichash(h, sizeof h, key, SKX_KEY_BYTES, NULL, 0);
    sodium_bin2hex(hash, 65, h, sizeof h);
}

void skx_book_table_key(const skx_book *b, int stage, int table,
                        char out[2 * SKX_TABLE_KEY_BYTES + 1])
{
    uint8_t secret[32], h[SKX_TABLE_KEY_BYTES];
    char msg[64];
    int n = snprintf(msg, sizeof msg, "schafkopf table %s/%d/%d", b->code, stage, table);
    if (sodium_hex2bin(secret, sizeof secret, b->key_hash, 64, NULL, NULL, NULL) < 0)
        memset(secret, 0, sizeof secret); /* no edit key: skx_book_key_may allows no table */
    crypto_generichash(h, sizeof h, (const uint8_t *)msg, (size_t)n, secret, sizeof secret);
    sodium_bin2hex(out, 2 * SKX_TABLE_KEY_BYTES + 1, h, sizeof h);
    sodium_memzero(secret, sizeof secret);
}

int skx_book_key_may(const skx_book *b, const char *key, int *stage, int *table)
{
    *stage = *table = 0;
    size_t n = strlen(key);
    if (!b->key_hash[0] || n == 0)
        return SKX_MAY_READ;
    if (n == 2 * SKX_KEY_BYTES) {
        uint8_t k[SKX_KEY_BYTES];
        char hash[65];
        if (sodium_hex2bin(k, sizeof k, key, n, NULL, NULL, NULL) < 0)
            return SKX_MAY_READ;
        skx_book_key_hash(k, hash);
        sodium_memzero(k, sizeof k);
        return sodium_memcmp(hash, b->key_hash, 64) == 0 ? SKX_MAY_EDIT : SKX_MAY_READ;
    }
    if (n != 2 * SKX_TABLE_KEY_BYTES || b->kind != SK_STORE_BOOK_TOURNAMENT)
        return SKX_MAY_READ;
    const sk_tournament *t = b->tour.t;
    int s = t->nstages;
    for (int k = 1; s > 0 && k <= t->stages[s - 1].ntables; k++) {
        char want[2 * SKX_TABLE_KEY_BYTES + 1];
        skx_book_table_key(b, s, k, want);
        if (sodium_memcmp(want, key, 2 * SKX_TABLE_KEY_BYTES) == 0) {
            *stage = s;
            *table = k;
            return SKX_MAY_TABLE;
        }
    }
    return SKX_MAY_READ;
}

int skx_book_push_line(skx_book *b, uint64_t seq, int64_t at, const char *text,
                       const char *author)
{
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 16;
        uint64_t *seqs = realloc(b->seqs, (size_t)cap * sizeof *seqs);
        if (seqs)
            b->seqs = seqs;
        int64_t *ats = realloc(b->ats, (size_t)cap * sizeof *ats);
        if (ats)
            b->ats = ats;
        char **texts = realloc(b->texts, (size_t)cap * sizeof *texts);
        if (texts)
            b->texts = texts;
        if (!seqs || !ats || !texts)
            return -1;
        b->cap = cap;
    }
    /* the text and its author in one block: "TEXT\0AUTHOR" */
    size_t n = strlen(text), a = author ? strlen(author) : 0;
    char *block = malloc(n + a + 2);
    if (!block)
        return -1;
    memcpy(block, text, n + 1);
    memcpy(block + n + 1, author ? author : "", a + 1);
    b->texts[b->n] = block;
    b->seqs[b->n] = seq;
    b->ats[b->n] = at;
    b->n++;
    return 0;
}

/* Frees a book and what its document holds. */
void skx_book_free(skx_book *b)
{
    if (!b)
        return;
    if (b->kind == SK_STORE_BOOK_SHEET)
        sk_sheet_free(&b->sheet);
    if (b->kind == SK_STORE_BOOK_TOURNAMENT)
        sk_tour_free(&b->tour);
    for (int i = 0; i < b->n; i++)
        free(b->texts[i]);
    free(b->texts);
    free(b->seqs);
    free(b->ats);
    free(b->head);
    free(b->subs);
    free(b);
}

/* Builds a book's document from its head (before any line). */
static int book_start(skx_book *b, char *why, size_t size)
{
    if (b->kind == SK_STORE_BOOK_TOURNAMENT) {
        json_t *h = json_loads(b->head, 0, NULL);
        const char *seed = json_string_value(json_object_get(h, "seed"));
        int rc = sk_tour_init(&b->tour, seed ? seed : "", 1, why, size);
        json_decref(h);
        return rc;
    }
    int dealer = 0;
    if (sk_sheet_head_read(b->head, &b->rules, b->names, SKX_BOOK_NAMES, &b->nnames, &dealer,
                           why, size) < 0)
        return -1;
    if (b->kind == SK_STORE_BOOK_SHEET) {
        if (b->nnames != (b->rules.players == 5 ? 5 : b->rules.players == 3 ? 3 : 4) ||
            dealer < 0 || dealer >= b->nnames) {
            snprintf(why, size, "head: the players do not fit the rules");
            return -1;
        }
        sk_sheet_init(&b->sheet, &b->rules, b->names, dealer);
        b->sheet.lang = 1;
    }
    return 0;
}

/* Books one line into the document in language lang: 0 booked, 1 not a
 * change (a command; its output in *said when not NULL), -1 refused
 * with why. */
int skx_book_apply(skx_book *b, const char *line, int64_t at, int lang, char **said,
                      char *why, size_t size)
{
    if (said)
        *said = NULL;
    if (b->kind == SK_STORE_BOOK_SHEET) {
        int cmd = 0;
        b->sheet.lang = lang;
        int rc = sk_sheet_add(&b->sheet, line, &cmd, why, size);
        return rc < 0 ? -1 : rc ? 1 : 0;
    }
    if (b->kind != SK_STORE_BOOK_TOURNAMENT) {
        snprintf(why, size, "%s", lang ? "A group takes no lines: enter them in one of its evenings."
                                       : "Eine Gruppe hat keine Zeilen: trag in einen ihrer Abende ein.");
        return -1;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) {
        snprintf(why, size, "%s", lang ? "out of memory" : "kein Speicher");
        return -1;
    }
    b->tour.lang = lang;
    int rc = sk_tour_apply(&b->tour, line, at, out, why, size);
    fclose(out);
    if (said && rc >= 0)
        *said = text;
    else
        free(text);
    return rc < 0 ? -1 : rc ? 1 : 0;
}

/* Reads one stored line while loading. */
typedef struct load_ctx {
    skx_book *b;
    char why[300];
    int failed;
} load_ctx;

static int load_line(void *ctx, const sk_store_book_line *l)
{
    load_ctx *lc = ctx;
    if (lc->failed)
        return 0;
    if (lc->b->kind != SK_STORE_BOOK_GROUP &&
        skx_book_apply(lc->b, l->line, l->at, 1, NULL, lc->why, sizeof lc->why) != 0) {
        lc->failed = 1;
        return 0;
    }
    if (skx_book_push_line(lc->b, l->seq, l->at, l->line, l->author) < 0) {
        snprintf(lc->why, sizeof lc->why, "out of memory");
        lc->failed = 1;
    }
    return 0;
}

skx_book *skx_book_load(skx_server *srv, const char *code, int *rc, sk_error *err)
{
    sk_store_book sb;
    memset(&sb, 0, sizeof sb);
    if ((*rc = sk_store_book_get(srv->store, code, &sb, err)) < 0)
        return NULL;
    *rc = SK_EIO; /* from here on: a book that cannot be read */
    skx_book *b = calloc(1, sizeof *b);
    if (!b || !(b->head = strdup(sb.head ? sb.head : "{}"))) {
        free(b);
        sk_store_book_free(&sb);
        snprintf(err->msg, sizeof err->msg, "out of memory");
        err->rule = NULL;
        *rc = SK_ENOMEM;
        return NULL;
    }
    b->id = sb.id;
    b->kind = sb.kind;
    snprintf(b->code, sizeof b->code, "%s", sb.code);
    b->parent = sb.parent;
    snprintf(b->title, sizeof b->title, "%s", sb.title ? sb.title : "");
    b->owner = sb.owner;
    snprintf(b->key_hash, sizeof b->key_hash, "%s", sb.key_hash ? sb.key_hash : "");
    b->created = sb.created;
    b->updated = sb.updated;
    b->last_seq = sb.last_seq;
    sk_store_book_free(&sb);
    if (b->parent) {
        sk_store_book g;
        memset(&g, 0, sizeof g);
        if (sk_store_book_by_id(srv->store, b->parent, &g, err) == 0)
            snprintf(b->parent_code, sizeof b->parent_code, "%s", g.code);
        sk_store_book_free(&g);
    }
    load_ctx lc = {b, "", 0};
    if (book_start(b, lc.why, sizeof lc.why) < 0 ||
        sk_store_book_lines(srv->store, b->id, 0, load_line, &lc, err) < 0 || lc.failed) {
        if (lc.why[0])
            snprintf(err->msg, sizeof err->msg, "book %s: %.200s", code, lc.why);
        err->rule = NULL;
        skx_log(SKX_LOG_ERR, "server: %s\n", err->msg);
        skx_book_free(b);
        return NULL;
    }
    *rc = 0;
    return b;
}

/* Drops the least recently used books nobody follows while more than
 * SKX_BOOKS_CACHED are loaded; never one of the last few asked for (a
 * handler may hold them). */
static void books_trim(skx_server *srv)
{
    while (srv->nbooks > SKX_BOOKS_CACHED) {
        size_t victim = srv->nbooks;
        for (size_t i = 0; i < srv->nbooks; i++)
            if (!srv->books[i]->nsubs && srv->books[i]->used + 16 <= srv->book_tick &&
                (victim == srv->nbooks || srv->books[i]->used < srv->books[victim]->used))
                victim = i;
        if (victim == srv->nbooks)
            return;
        skx_book_free(srv->books[victim]);
        srv->books[victim] = srv->books[--srv->nbooks];
    }
}

/* A counter for the least recently used book. */
static uint64_t use_tick(skx_server *srv)
{
    return ++srv->book_tick;
}

/* Adds a loaded book to the server's list; -1 out of memory. */
static int books_add(skx_server *srv, skx_book *b)
{
    if (srv->nbooks == srv->capbooks) {
        size_t cap = srv->capbooks ? 2 * srv->capbooks : 16;
        skx_book **books = realloc(srv->books, cap * sizeof *books);
        if (!books)
            return -1;
        srv->books = books;
        srv->capbooks = cap;
    }
    b->used = use_tick(srv);
    srv->books[srv->nbooks++] = b;
    books_trim(srv);
    return 0;
}

int skx_book_get(skx_server *srv, const char *code, skx_book **out, sk_error *err)
{
    *out = NULL;
    for (size_t i = 0; i < srv->nbooks; i++)
        if (strcmp(srv->books[i]->code, code) == 0) {
            srv->books[i]->used = use_tick(srv);
            *out = srv->books[i];
            return 0;
        }
    int rc = 0;
    skx_book *b = skx_book_load(srv, code, &rc, err);
    if (b && books_add(srv, b) < 0) {
        skx_book_free(b);
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return SK_ENOMEM;
    }
    *out = b;
    return rc;
}

void skx_books_remove(skx_server *srv, skx_book *b)
{
    for (size_t i = 0; i < srv->nbooks; i++)
        if (srv->books[i] == b) {
            srv->books[i] = srv->books[--srv->nbooks];
            return;
        }
}

void skx_books_free(skx_server *srv)
{
    for (size_t i = 0; i < srv->nbooks; i++)
        skx_book_free(srv->books[i]);
    free(srv->books);
    srv->books = NULL;
    srv->nbooks = srv->capbooks = 0;
}
