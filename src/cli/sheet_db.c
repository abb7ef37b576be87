/*
 * sheet_db.c -- `schafkopf sheet --db DB`: the evenings in the store the
 * server uses (docs/store.md "Books"), so an evening typed in the
 * terminal opens on the server's pages and the other way round.
 *
 * A group (--group NAME: its code or its title) is a roster of players
 * with a ruleset (--roster, or for a new group --players); its evenings
 * are sheets of 3 to 5 of them in seating order (--players; names not
 * yet in the roster join it).  Without --evening the group's newest evening goes on when it
 * began less than 12 hours ago, else a new one begins; --evening new
 * always begins one, --evening CODE opens that one.  Without --group an
 * evening stands alone (--evening CODE, or a new one).  A new group or
 * evening gets an edit key, printed once: the server's pages ask for it.
 */
#include "cli.h"
#include "cli/keep.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* How long an evening goes on by itself (seconds). */
#define EVENING_SPAN (12 * 3600)
/* The most players a group's roster has. */
#define ROSTER_MAX 16

/* Words of this file, German and English. */
#define DW(lang, de, en) ((lang) ? (en) : (de))

/* One book found in a list: its id, code and title. */
typedef struct db_found {
    const char *want;  /* the code or title looked for (NULL: the newest) */
    uint64_t id;
    int64_t created;
    char code[SK_STORE_CODE_MAX + 1];
    int matches;
} db_found;

static int find_book(void *ctx, const sk_store_book *b)
{
    db_found *f = ctx;
    if (f->want && strcmp(b->code, f->want) != 0 && strcasecmp(b->title, f->want) != 0)
        return 0;
    if (f->matches++ == 0) { /* newest first: the first is the newest */
        f->id = b->id;
        f->created = b->created;
        snprintf(f->code, sizeof f->code, "%s", b->code);
    }
    return 0;
}

int skx_sheet_split_names(const char *arg, char names[][SK_SHEET_NAME], int max)
{
    int n = 0;
    for (const char *p = arg; n < max; n++) {
        size_t len = strcspn(p, ",");
        if (len == 0 || len >= SK_SHEET_NAME)
            return -1;
        memcpy(names[n], p, len);
        names[n][len] = '\0';
        if (!sk_sheet_name_ok(names[n]))
            return -1;
        for (int q = 0; q < n; q++)
            if (strcasecmp(names[q], names[n]) == 0)
                return -1;
        if (!p[len])
            return n + 1;
        p += len + 1;
    }
    return -1;
}

/* The player count of a ruleset's table. */
static int seats_of(const sk_rules *r)
{
    return r->players == 5 ? 5 : r->players == 3 ? 3 : 4;
}

/* Loads the kept sheet book b into sh; 0 or 1 after a message. */
static int load_evening(skx_keep *k, const sk_store_book *b, int lang, sk_sheet *sh)
{
    sk_error err = {{0}, NULL};
    char why[320];
    json_t *doc = skx_keep_load(k, b, "entries", false, &err);
    if (doc) {
        json_object_set_new(doc, "format", json_string("schafkopf-sheet"));
        json_object_set_new(doc, "version", json_integer(1));
    }
    char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
    json_decref(doc);
    int rc = text ? sk_sheet_load(sh, text, strlen(text), lang, why, sizeof why) : -1;
    free(text);
    if (rc < 0) {
        fprintf(stderr, "schafkopf: sheet: book %s: %s\n", b->code, doc ? why : err.msg);
        return 1;
    }
    return 0;
}

/* Writes a group's head again with its (grown) roster; 0 or -1. */
static int save_roster(skx_keep *k, uint64_t group, const sk_rules *rules,
                       char roster[][SK_SHEET_NAME], int nroster)
{
    char *head = sk_sheet_head(rules, roster, nroster, -1);
    sk_error err = {{0}, NULL};
    int rc = head ? sk_store_book_update(k->st, group, NULL, head, (int64_t)time(NULL), &err) : -1;
    free(head);
    return rc;
}

/* Adds the n names the group's roster lacks to it and saves it; 0, or
 * -1 when it would pass ROSTER_MAX or cannot be saved. */
static int join_roster(skx_keep *k, uint64_t group, const sk_rules *rules,
                       char roster[][SK_SHEET_NAME], int *nroster,
                       char names[][SK_SHEET_NAME], int n)
{
    bool grown = false;
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int j = 0; j < *nroster; j++)
            found |= strcasecmp(roster[j], names[i]) == 0;
        if (found)
            continue;
        if (*nroster == ROSTER_MAX)
            return -1;
        memcpy(roster[(*nroster)++], names[i], SK_SHEET_NAME);
        grown = true;
    }
    return grown ? save_roster(k, group, rules, roster, *nroster) : 0;
}

/* Adds the names of a --roster list the roster lacks; 0 or -1. */
static int add_to_roster(skx_keep *k, uint64_t group, const char *list, const sk_rules *rules,
                         char roster[][SK_SHEET_NAME], int *nroster)
{
    char names[ROSTER_MAX][SK_SHEET_NAME];
    int n = skx_sheet_split_names(list, names, ROSTER_MAX);
    return n < 0 ? -1 : join_roster(k, group, rules, roster, nroster, names, n);
}

/* Opens the group asked for, making it from --players and the ruleset
 * when there is none; its id, or 0 after a message. */
static uint64_t open_group(skx_keep *k, const skx_sheet_where *w, sk_rules *rules,
                           char roster[][SK_SHEET_NAME], int *nroster)
{
    char q[SK_CLI_QUOTE];
    sk_error err = {{0}, NULL};
    db_found f = {.want = w->group};
    if (sk_store_books(k->st, SK_STORE_BOOK_GROUP, 0, 0, 100000, find_book, &f, &err) < 0) {
        fprintf(stderr, "schafkopf: sheet: %s\n", err.msg);
        return 0;
    }
    if (f.matches > 0) {
        sk_store_book b;
        if (sk_store_book_by_id(k->st, f.id, &b, &err) < 0) {
            fprintf(stderr, "schafkopf: sheet: %s\n", err.msg);
            return 0;
        }
        char why[320];
        int rc = sk_sheet_head_read(b.head, rules, roster, ROSTER_MAX, nroster, NULL, why,
                                    sizeof why);
        sk_store_book_free(&b);
        if (rc < 0) {
            fprintf(stderr, "schafkopf: sheet: group %s: %s\n", f.code, why);
            return 0;
        }
        if (w->rules_given) {
            fprintf(stderr, "schafkopf: sheet: the group %s has its ruleset (no --preset, "
                            "--rule or --rules)\n", skx_cli_quote(q, w->group));
            return 0;
        }
        if (w->roster && add_to_roster(k, f.id, w->roster, rules, roster, nroster) < 0) {
            fprintf(stderr, "schafkopf: sheet: --roster: distinct names, comma-separated, at "
                            "most %d in a group\n", ROSTER_MAX);
            return 0;
        }
        printf(DW(w->lang, "Gruppe %s (%s)\n", "Group %s (%s)\n"), w->group, f.code);
        return f.id;
    }
    *rules = *w->rules;
    const char *list = w->roster ? w->roster : w->players;
    *nroster = list ? skx_sheet_split_names(list, roster, ROSTER_MAX) : -1;
    if (*nroster < seats_of(rules)) {
        fprintf(stderr, "schafkopf: sheet: a new group %s needs --roster (or --players): %d to "
                        "%d distinct names, comma-separated\n",
                skx_cli_quote(q, w->group), seats_of(rules), ROSTER_MAX);
        return 0;
    }
    char *head = sk_sheet_head(rules, roster, *nroster, -1);
    int rc = head ? skx_keep_create(k, SK_STORE_BOOK_GROUP, 0, w->group, head, &err) : -1;
    free(head);
    if (rc < 0) {
        fprintf(stderr, "schafkopf: sheet: group %s: %s\n", skx_cli_quote(q, w->group),
                err.msg[0] ? err.msg : "out of memory");
        return 0;
    }
    printf(DW(w->lang, "Neue Gruppe %s (%s), Schlüssel für die Seiten des Servers: %s\n",
              "New group %s (%s), key for the server's pages: %s\n"),
           w->group, k->code, k->key);
    return k->book;
}

/* The evening's players: --players (added to the roster when new), or
 * the whole roster when it is as big as the table; count or -1. */
static int evening_players(skx_keep *k, const skx_sheet_where *w, uint64_t group,
                           const sk_rules *rules, char roster[][SK_SHEET_NAME], int *nroster,
                           char names[][SK_SHEET_NAME])
{
    int want = seats_of(rules);
    if (!w->players) {
        if (*nroster != want)
            return -1;
        memcpy(names, roster, (size_t)want * SK_SHEET_NAME);
        return want;
    }
    if (skx_sheet_split_names(w->players, names, 5) != want ||
        (group && join_roster(k, group, rules, roster, nroster, names, want) < 0))
        return -1;
    return want;
}

int skx_sheet_db_open(skx_keep *k, const skx_sheet_where *w, sk_sheet *sh)
{
    char q[SK_CLI_QUOTE];
    sk_error err = {{0}, NULL};
    if (skx_keep_open(k, w->db, &err) < 0) {
        fprintf(stderr, "schafkopf: sheet: %s: %s\n", skx_cli_quote(q, w->db), err.msg);
        return 1;
    }
    sk_rules rules = *w->rules;
    char roster[ROSTER_MAX][SK_SHEET_NAME];
    int nroster = 0;
    uint64_t group = 0;
    if (w->group && !(group = open_group(k, w, &rules, roster, &nroster)))
        return 2;
    k->group = group;
    /* an evening to go on with: the one named, or the group's newest of today */
    bool fresh = w->evening && strcmp(w->evening, "new") == 0;
    db_found f = {.want = fresh ? NULL : w->evening};
    if (!fresh && (w->evening || group) &&
        sk_store_books(k->st, SK_STORE_BOOK_SHEET, group, 0, 100000, find_book, &f, &err) < 0) {
        fprintf(stderr, "schafkopf: sheet: %s\n", err.msg);
        return 1;
    }
    if (w->evening && !fresh && f.matches == 0) {
        fprintf(stderr, "schafkopf: sheet: no evening %s%s\n", skx_cli_quote(q, w->evening),
                group ? DW(w->lang, " in dieser Gruppe", " in this group") : "");
        return 2;
    }
    bool go_on = f.matches > 0 && (w->evening || (int64_t)time(NULL) - f.created < EVENING_SPAN);
    if (go_on) {
        if (w->players || w->dealer || (!group && w->rules_given)) {
            fprintf(stderr, "schafkopf: sheet: the evening %s goes on: its players and ruleset "
                            "stand (no --players, --dealer or rules; --evening new begins "
                            "another)\n", f.code);
            return 2;
        }
        sk_store_book b;
        if (sk_store_book_by_id(k->st, f.id, &b, &err) < 0) {
            fprintf(stderr, "schafkopf: sheet: %s\n", err.msg);
            return 1;
        }
        int rc = load_evening(k, &b, w->lang, sh);
        sk_store_book_free(&b);
        if (rc == 0)
            printf(DW(w->lang, "Abend %s, %d Spiele\n", "Evening %s, %d games\n"), k->code,
                   sh->n);
        return rc;
    }
    char names[5][SK_SHEET_NAME];
    if (evening_players(k, w, group, &rules, roster, &nroster, names) < 0) {
        fprintf(stderr, "schafkopf: sheet: --players: the %d players at the table in seating "
                        "order, distinct, comma-separated%s\n", seats_of(&rules),
                group ? " (new names join the group)" : "");
        return 2;
    }
    sk_sheet_init(sh, &rules, names, 0);
    int dealer = w->dealer ? sk_sheet_player(sh, w->dealer, strlen(w->dealer)) : 0;
    if (dealer < 0) {
        fprintf(stderr, "schafkopf: sheet: --dealer: no player \"%s\"\n",
                skx_cli_quote(q, w->dealer));
        sk_sheet_free(sh);
        return 2;
    }
    sk_sheet_free(sh);
    sk_sheet_init(sh, &rules, names, dealer);
    sh->lang = w->lang;
    char title[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(title, sizeof title, "%Y-%m-%d", localtime_r(&now, &tm));
    char *head = sk_sheet_head(&rules, names, seats_of(&rules), dealer);
    int rc = head ? skx_keep_create(k, SK_STORE_BOOK_SHEET, group, title, head, &err) : -1;
    free(head);
    if (rc < 0) {
        fprintf(stderr, "schafkopf: sheet: %s\n", err.msg);
        sk_sheet_free(sh);
        return 1;
    }
    printf(DW(w->lang, "Neuer Abend %s, Schlüssel für die Seiten des Servers: %s\n",
              "New evening %s, key for the server's pages: %s\n"),
           k->code, k->key);
    return 0;
}

/* Prints one book of a list. */
typedef struct db_list {
    sk_store *st;
    int lang;
    const char *indent;
} db_list;

static int list_book(void *ctx, const sk_store_book *b)
{
    db_list *l = ctx;
    char when[32];
    time_t t = (time_t)b->created;
    struct tm tm;
    strftime(when, sizeof when, "%Y-%m-%d %H:%M", localtime_r(&t, &tm));
    if (b->kind == SK_STORE_BOOK_GROUP)
        printf("%s%-17s %s  %s\n", l->indent, b->code, when, b->title);
    else
        printf("%s%-17s %s  %-24s %llu %s\n", l->indent, b->code, when, b->title,
               (unsigned long long)b->live,
               b->kind == SK_STORE_BOOK_SHEET ? DW(l->lang, "Spiele", "games")
                                              : DW(l->lang, "Zeilen", "lines"));
    if (b->kind == SK_STORE_BOOK_GROUP) {
        db_list sub = {l->st, l->lang, "    "};
        sk_error err = {{0}, NULL};
        return sk_store_books(l->st, SK_STORE_BOOK_SHEET, b->id, 0, 1000, list_book, &sub, &err);
    }
    return 0;
}

/* Prints the lone evenings (those of no group). */
static int list_lone(void *ctx, const sk_store_book *b)
{
    return b->parent ? 0 : list_book(ctx, b);
}

int skx_sheet_db_list(const char *db, int lang)
{
    char q[SK_CLI_QUOTE];
    sk_error err = {{0}, NULL};
    sk_store *st = sk_store_open(db, &err);
    if (!st) {
        fprintf(stderr, "schafkopf: sheet: %s: %s\n", skx_cli_quote(q, db), err.msg);
        return 1;
    }
    db_list l = {st, lang, ""};
    printf("%s\n", DW(lang, "Gruppen und ihre Abende:", "Groups and their evenings:"));
    int rc = sk_store_books(st, SK_STORE_BOOK_GROUP, 0, 0, 1000, list_book, &l, &err);
    if (rc == 0) {
        printf("%s\n", DW(lang, "Abende ohne Gruppe:", "Evenings of no group:"));
        rc = sk_store_books(st, SK_STORE_BOOK_SHEET, 0, 0, 1000, list_lone, &l, &err);
    }
    if (rc == 0) {
        printf("%s\n", DW(lang, "Turniere:", "Tournaments:"));
        rc = sk_store_books(st, SK_STORE_BOOK_TOURNAMENT, 0, 0, 1000, list_book, &l, &err);
    }
    if (rc < 0)
        fprintf(stderr, "schafkopf: sheet: %s\n", err.msg);
    sk_store_close(st);
    return rc < 0 ? 1 : 0;
}

/* The ids of a group's evenings, newest first. */
typedef struct db_ids {
    uint64_t *ids;
    int n, cap;
} db_ids;

static int collect_id(void *ctx, const sk_store_book *b)
{
    db_ids *d = ctx;
    if (d->n == d->cap) {
        int cap = d->cap ? 2 * d->cap : 32;
        uint64_t *ids = realloc(d->ids, (size_t)cap * sizeof *ids);
        if (!ids)
            return -1;
        d->ids = ids;
        d->cap = cap;
    }
    d->ids[d->n++] = b->id;
    return 0;
}

int skx_sheet_db_group_stats(skx_keep *k, const sk_sheet *sh, sk_sheet_stats *st)
{
    if (!k->st || !k->group)
        return 0;
    sk_error err = {{0}, NULL};
    db_ids d = {0};
    int rc = sk_store_books(k->st, SK_STORE_BOOK_SHEET, k->group, 0, 100000, collect_id, &d,
                            &err);
    for (int i = d.n - 1; rc == 0 && i >= 0; i--) {
        if (d.ids[i] == k->book)
            continue;
        sk_store_book b;
        if ((rc = sk_store_book_by_id(k->st, d.ids[i], &b, &err)) < 0)
            break;
        skx_keep other = {.st = k->st};
        sk_sheet ev;
        rc = load_evening(&other, &b, sh->lang, &ev) == 0 ? 0 : -1;
        free(other.seqs);
        sk_store_book_free(&b);
        if (rc == 0) {
            rc = sk_sheet_stats_add(st, &ev);
            sk_sheet_free(&ev);
        }
    }
    free(d.ids);
    if (rc < 0 && err.msg[0])
        fprintf(stderr, "schafkopf: sheet: %s\n", err.msg);
    return rc;
}
