/*
 * keep.h -- where `schafkopf sheet` and `schafkopf tournament` keep what
 * is typed: a JSON file or a book of the store (keep.c, sheet_db.c).
 * Internal to src/cli.
 */
#ifndef SK_CLI_KEEP_H
#define SK_CLI_KEEP_H

#include "schafkopf/store.h"
#include "schafkopf/table.h"

#include <jansson.h>
#include <stdbool.h>

/* The place of a document: a file (path), a book of a store (st), or
 * nowhere (both NULL: the lines live only in memory). */
typedef struct skx_keep {
    const char *path;
    sk_store *st;
    uint64_t book, group;  /* the book kept; an evening's group (0: none) */
    uint64_t last_seq;     /* the book's last line, taken back or not */
    uint64_t *seqs;        /* the numbers of its live lines, in order */
    int n, cap;
    char code[SK_STORE_CODE_MAX + 1];
    char key[65];          /* the edit key of a book made now ("" else) */
    char author[64];       /* who types here, for the book's trail */
} skx_keep;

/* Opens the store at db for a keep; 0, or -1 with err. */
int skx_keep_open(skx_keep *k, const char *db, sk_error *err);
/* Closes the store and frees what the keep holds. */
void skx_keep_close(skx_keep *k);
/* Makes a new book (kind, a group's id or 0, title, head) with a fresh
 * code and edit key (k->code, k->key) and keeps it; 0 or -1 with err. */
int skx_keep_create(skx_keep *k, int kind, uint64_t parent, const char *title,
                    const char *head, sk_error *err);
/* Keeps book b: its head as a JSON object with its live lines under
 * `member` (strings, or {"line", "at"} objects when timed), the file
 * format's shape; NULL with err. */
json_t *skx_keep_load(skx_keep *k, const sk_store_book *b, const char *member, bool timed,
                      sk_error *err);
/* Brings the place in line with the document after a change; 0 or -1
 * (after a message for the store). */
int skx_keep_sheet(skx_keep *k, const sk_sheet *sh);
int skx_keep_tour(skx_keep *k, const sk_tour *tr);

/* What `schafkopf sheet --db` was asked for (sheet_db.c). */
typedef struct skx_sheet_where {
    const char *db, *group, *evening; /* evening: a code, "new", or NULL */
    const char *players, *dealer;
    const char *roster;               /* a group's players, or NULL */
    const sk_rules *rules;
    bool rules_given;
    int lang;
} skx_sheet_where;

/* Finds or makes the group and the evening asked for and loads it into
 * sh, the keep kept in k; tells on stdout what it opened.  0, or the
 * exit status (1 or 2) after a message. */
int skx_sheet_db_open(skx_keep *k, const skx_sheet_where *w, sk_sheet *sh);
/* The names of a comma-separated list (each valid, each once, at most
 * max); their count, or -1. */
int skx_sheet_split_names(const char *arg, char names[][SK_SHEET_NAME], int max);
/* Lists the store's groups with their evenings, lone evenings and
 * tournaments; the exit status. */
int skx_sheet_db_list(const char *db, int lang);
/* Adds the other evenings of the keep's group (oldest first) to st;
 * 0, or -1 after a message. */
int skx_sheet_db_group_stats(skx_keep *k, const sk_sheet *sh, sk_sheet_stats *st);

#endif
