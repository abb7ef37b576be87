/*
 * books.h -- what the files of score keeping on the server share
 * (books.c: messages, keys and followers; books_view.c: what a reader
 * is shown; books_http.c: the printable pages, CSV and QR codes).
 *
 * A book (docs/store.md "Books") is a group of players, an evening's
 * sheet or a tournament: a head and its lines as typed.  The server
 * loads a book from the store when somebody asks for it, keeps the
 * document built from its lines (table.h's sk_sheet or sk_tour) while
 * anyone follows it (and a few more), and books each new line into the
 * document and the store's pass transaction before anybody hears of it.
 */
#ifndef SKX_SERVER_BOOKS_H
#define SKX_SERVER_BOOKS_H

#include "server/handlers/handlers.h"

#include <string.h>

#define SKX_KEY_BYTES 32       /* an edit key */
#define SKX_TABLE_KEY_BYTES 16 /* a table key */

/* A book loaded from the store. */
struct skx_book {
    uint64_t id;                     /* the store's id (never sent) */
    int kind;                        /* enum sk_store_book_kind */
    char code[SKX_CODE_LEN + 1];
    uint64_t parent;                 /* an evening's group (its id), 0 */
    char parent_code[SKX_CODE_LEN + 1];
    char title[SKX_TITLE_MAX + 1];
    char *head;                      /* the head's JSON text */
    uint64_t owner;                  /* the account that may edit, 0 */
    char key_hash[65];               /* the edit key's hash, "" */
    int64_t created, updated;
    uint64_t last_seq;               /* the last line's number, taken back or not */
    /* the live lines in order: number, time, text */
    int n, cap;
    uint64_t *seqs;
    int64_t *ats;
    char **texts;                    /* each "TEXT\0AUTHOR" */
    /* the document */
    sk_sheet sheet;                  /* SK_STORE_BOOK_SHEET */
    sk_tour tour;                    /* SK_STORE_BOOK_TOURNAMENT */
    sk_rules rules;                  /* a group's ruleset */
    char names[SKX_BOOK_NAMES][SK_SHEET_NAME]; /* a group's roster */
    int nnames;
    skx_client **subs;                 /* its followers */
    int nsubs, capsubs;
    uint64_t used;                   /* when it was last asked for (a counter) */
};

/* books_load.c */
/* The book of a code into *out, loaded if need be: 0, SK_EINVAL when
 * there is no such book, another negative status when it cannot be
 * read (err says why; *out is then NULL). */
int skx_book_get(skx_server *srv, const char *code, skx_book **out, sk_error *err);
/* A book read from the store, outside the server's list (for a look
 * at many, e.g. a group's evenings); NULL with *rc as skx_book_get's.
 * Free it with skx_book_free. */
skx_book *skx_book_load(skx_server *srv, const char *code, int *rc, sk_error *err);
void skx_book_free(skx_book *b);
/* Takes a book off the server's list (not freed). */
void skx_books_remove(skx_server *srv, skx_book *b);
/* Books one line into the book's document in language lang: 0 booked,
 * 1 a command that changes nothing (its output in *said when said is
 * not NULL: malloc'd), -1 refused with why. */
int skx_book_apply(skx_book *b, const char *line, int64_t at, int lang, char **said, char *why,
                   size_t size);
/* Appends a live line and who entered it ("" unknown) to the book's
 * list (copied; skx_book_author finds the author); -1 out of memory. */
int skx_book_push_line(skx_book *b, uint64_t seq, int64_t at, const char *text,
                       const char *author);
/* Who entered live line i ("" unknown). */
static inline const char *skx_book_author(const skx_book *b, int i)
{
    return b->texts[i] + strlen(b->texts[i]) + 1;
}
/* The hex BLAKE2b-256 of an edit key, as the store keeps it. */
void skx_book_key_hash(const uint8_t key[SKX_KEY_BYTES], char hash[65]);
/* A tournament table's key (SKX_TABLE_KEY_BYTES as hex): keyed BLAKE2b
 * of the book's edit key hash (a secret of the server's) and
 * "CODE/STAGE/TABLE".  Nothing to store; a new edit key changes them. */
void skx_book_table_key(const skx_book *b, int stage, int table,
                        char out[2 * SKX_TABLE_KEY_BYTES + 1]);
/* What a key (64 or 32 hex digits, "" for none) allows with a book;
 * a table key's stage and table in *stage, *table. */
int skx_book_key_may(const skx_book *b, const char *key, int *stage, int *table);

/* books_view.c: the book as a reader in `lang` sees it: the message
 * `book` without type and ref (docs/server-protocol.md).  NULL when out
 * of memory. */
json_t *skx_book_snapshot(skx_server *srv, skx_book *b, int lang);
/* Adds a group's evenings, oldest first, to *st (table.h's statistics:
 * the one count of them); with `evenings` not NULL, each evening as
 * listed (newest first, the newest 200: book, title, created, updated,
 * lines, players) is appended to it, which must be empty.  0, or -1 when the store or memory fails. */
int skx_book_group_stats(skx_server *srv, skx_book *group, sk_sheet_stats *st,
                         json_t *evenings);

#endif
