/*
 * tournament.c -- `schafkopf tournament`: the organiser's lines of a
 * Preisschafkopf tournament on stdin (the tournament itself is
 * src/table/tour.c; docs/tournament.md).  With --file the tournament
 * lives in a JSON file: the published seed and the lines as typed with
 * the time each was typed, rewritten (a temporary file renamed over it)
 * after every change.  `print DIR` writes the printable HTML there.
 */
#include "cli.h"
#include "cli/keep.h"
#include "schafkopf/table.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TW(word) sk_tour_word(tr->lang, (word))

/* The directory of a `print DIR` line (its second word) into buf. */
static const char *print_dir(const char *line, char *buf, size_t size)
{
    char *save = NULL, *copy = strdup(line);
    char *w = copy ? strtok_r(copy, " \t", &save) : NULL;
    w = w ? strtok_r(NULL, " \t", &save) : NULL;
    snprintf(buf, size, "%s", w ? w : "");
    free(copy);
    return buf;
}

/* Writes a refusal about a file: the format in the language, quoting
 * the path; -1. */
static int file_refuse(const sk_tour *tr, char *why, size_t size, const char *en,
                       const char *de, const char *path)
{
    char q[SK_CLI_QUOTE];
    snprintf(why, size, tr->lang ? en : de, skx_cli_quote(q, path));
    return -1;
}

/* Writes the printable files of the tournament into dir. */
static int print_files(const sk_tour *tr, const char *dir, FILE *out, char *why, size_t size)
{
    char path[4096];
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return file_refuse(tr, why, size, "print: \"%s\" is not a directory",
                      "drucken: \"%s\" ist kein Verzeichnis", dir);
    for (int s = 0; s <= tr->t->nstages; s++) {
        for (int kind = 0; kind < 2; kind++) {
            if (s == 0 && kind == 1)
                continue;
            if (s == 0)
                snprintf(path, sizeof path, "%s/standings.html", dir);
            else
                snprintf(path, sizeof path, "%s/%s-%d.html", dir, kind ? "sheets" : "seating", s);
            skx_cli_out page; /* each page written whole, as every file (common.c) */
            if (skx_cli_out_open(&page, path) < 0)
                return file_refuse(tr, why, size, "print: cannot write \"%s\"",
                              "drucken: \"%s\" lässt sich nicht schreiben", path);
            if (s == 0)
                sk_tour_html_standings(tr, page.f);
            else if (kind)
                sk_tour_html_sheets(tr, s, page.f);
            else
                sk_tour_html_plan(tr, s, page.f);
            if (skx_cli_out_commit(&page) < 0)
                return file_refuse(tr, why, size, "print: cannot write \"%s\"",
                              "drucken: \"%s\" lässt sich nicht schreiben", path);
            fprintf(out, "%s %s\n", TW(SK_TW_WRITTEN), path);
        }
    }
    return 1;
}

/* Builds the tournament again from its lines (after a failed save). */
static void tour_rebuild(sk_tour *tr)
{
    json_t *o = sk_tour_json(tr);
    char *text = o ? json_dumps(o, 0) : NULL;
    sk_tour back;
    char why[320];
    if (text && sk_tour_load(&back, text, strlen(text), tr->lang, why, sizeof why) == 0) {
        sk_tour_free(tr);
        *tr = back;
    }
    free(text);
    json_decref(o);
}

/* Runs the lines of `in`; returns 0, or 1 if any line was refused. */
static int tour_loop(sk_tour *tr, FILE *in, skx_keep *keep)
{
    char *line = NULL, why[400], dir[SK_TOUR_MAX_LINE + 1];
    size_t cap = 0;
    int status = 0;
    for (;;) {
        long got = skx_cli_command_line(in, &line, &cap, SK_TOUR_MAX_LINE, "tournament",
                                        TW(SK_TW_REFUSED));
        if (got == SK_CLI_EOF)
            break;
        if (got < 0) {
            status = 1;
            if (got == SK_CLI_STOP)
                break;
            continue;
        }
        int64_t at = (int64_t)time(NULL);
        int rc = sk_tour_apply(tr, line, at, stdout, why, sizeof why);
        if (rc == SK_TOUR_PRINT)
            rc = print_files(tr, print_dir(line, dir, sizeof dir), stdout, why, sizeof why);
        if (rc < 0) {
            fprintf(stderr, "%s: %s\n", TW(SK_TW_REFUSED), why);
            status = 1;
        } else if (rc == 2) {
            break;
        } else if (rc == 0) {
            json_t *l = json_pack("{s:s, s:I}", "line", line, "at", (json_int_t)at);
            if (!l || json_array_append_new(tr->lines, l) < 0 ||
                skx_keep_tour(keep, tr) < 0) {
                fprintf(stderr, "schafkopf: tournament: %s\n", TW(SK_TW_SAVE_FAILED));
                if (l)
                    json_array_remove(tr->lines, json_array_size(tr->lines) - 1);
                tour_rebuild(tr);
                status = 1;
            }
        }
        fflush(stdout);
    }
    free(line);
    return status;
}

/* The tournament of title or code `name` in the store: its book; 0, 1
 * when there is none, -1 after a message. */
typedef struct tour_found {
    const char *want;
    uint64_t id;
    int matches;
} tour_found;

static int tour_find(void *ctx, const sk_store_book *b)
{
    tour_found *f = ctx;
    if ((strcmp(b->code, f->want) == 0 || strcasecmp(b->title, f->want) == 0) &&
        f->matches++ == 0)
        f->id = b->id;
    return 0;
}

/* `--db DB --name NAME`: opens (or, with --seed, makes) the tournament
 * in the store and runs the lines; the exit status. */
static int tour_db(const char *db, const char *name, const char *seed, int lang)
{
    char q[SK_CLI_QUOTE], why[400];
    sk_error err = {{0}, NULL};
    skx_keep keep;
    sk_tour tr;
    int status = 1;
    if (skx_keep_open(&keep, db, &err) < 0) {
        fprintf(stderr, "schafkopf: tournament: %s: %s\n", skx_cli_quote(q, db), err.msg);
        return 1;
    }
    tour_found f = {name, 0, 0};
    if (sk_store_books(keep.st, SK_STORE_BOOK_TOURNAMENT, 0, 0, 100000, tour_find, &f, &err) < 0) {
        fprintf(stderr, "schafkopf: tournament: %s\n", err.msg);
        goto out;
    }
    if (f.matches > 0) {
        sk_store_book b;
        if (seed) {
            fprintf(stderr, "schafkopf: tournament: %s exists: its seed stands (no --seed)\n",
                    skx_cli_quote(q, name));
            status = 2;
            goto out;
        }
        if (sk_store_book_by_id(keep.st, f.id, &b, &err) < 0) {
            fprintf(stderr, "schafkopf: tournament: %s\n", err.msg);
            goto out;
        }
        json_t *doc = skx_keep_load(&keep, &b, "lines", true, &err);
        sk_store_book_free(&b);
        if (doc) {
            json_object_set_new(doc, "format", json_string("schafkopf-tournament"));
            json_object_set_new(doc, "version", json_integer(1));
        }
        char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
        json_decref(doc);
        int rc = text ? sk_tour_load(&tr, text, strlen(text), lang, why, sizeof why) : -1;
        free(text);
        if (rc < 0) {
            fprintf(stderr, "schafkopf: tournament: %s: %s\n", keep.code,
                    err.msg[0] ? err.msg : why);
            goto out;
        }
        printf(lang ? "Tournament %s (%s)\n" : "Turnier %s (%s)\n", name, keep.code);
    } else {
        if (!seed) {
            fprintf(stderr, "schafkopf: tournament: no tournament %s in %s; a new one needs "
                            "--seed TEXT, published before the first draw (5.2.2)\n",
                    skx_cli_quote(q, name), db);
            status = 2;
            goto out;
        }
        if (sk_tour_init(&tr, seed, lang, why, sizeof why) < 0) {
            fprintf(stderr, "schafkopf: tournament: --seed: %s\n", why);
            status = 2;
            goto out;
        }
        json_t *h = json_pack("{s:s}", "seed", seed);
        char *head = h ? json_dumps(h, JSON_COMPACT) : NULL;
        json_decref(h);
        int rc = head ? skx_keep_create(&keep, SK_STORE_BOOK_TOURNAMENT, 0, name, head, &err)
                      : -1;
        free(head);
        if (rc < 0) {
            fprintf(stderr, "schafkopf: tournament: %s\n", err.msg);
            sk_tour_free(&tr);
            goto out;
        }
        printf(lang ? "New tournament %s (%s), key for the server's pages: %s\n"
                    : "Neues Turnier %s (%s), Schlüssel für die Seiten des Servers: %s\n",
               name, keep.code, keep.key);
    }
    status = tour_loop(&tr, stdin, &keep);
    sk_tour_free(&tr);
out:
    skx_keep_close(&keep);
    return status;
}

static void tour_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf tournament [--file FILE | --db DB --name NAME] [--seed TEXT]\n"
            "                            [--lang de|en]\n\n"
            "Runs a Preisschafkopf tournament (section 5 of the rules): one line per step\n"
            "on stdin -- registration, the seat draw of each stage, the tables' games,\n"
            "approvals, striking, corrections, standings and printable HTML\n"
            "(docs/tournament.md).  'help' lists the lines.\n\n"
            "  --file FILE   the tournament (JSON), read first, written after each change\n"
            "  --db DB       keep it in the store DB instead (schafkopf serve --db): the\n"
            "                server's pages open it too (not while it runs)\n"
            "  --name NAME   the tournament's title (or code) in DB; a new one needs --seed\n"
            "  --seed TEXT   the published seed of the seat draws (a new tournament)\n"
            "  --lang de|en  German (default) or English\n"
            "  -h, --help    this help\n");
}

int skx_cmd_tournament(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"file", required_argument, 0, 'f'}, {"seed", required_argument, 0, 's'},
        {"lang", required_argument, 0, 'L'}, {"help", no_argument, 0, 'h'},
        {"db", required_argument, 0, 'D'},   {"name", required_argument, 0, 'n'},
        {0, 0, 0, 0}};
    const char *path = NULL, *seed = NULL, *db = NULL, *name = NULL;
    int lang = 0, c;
    char q[SK_CLI_QUOTE], why[400];
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'f': path = optarg; break;
        case 's': seed = optarg; break;
        case 'D': db = optarg; break;
        case 'n': name = optarg; break;
        case 'L':
            if (strcmp(optarg, "de") != 0 && strcmp(optarg, "en") != 0) {
                fprintf(stderr, "schafkopf: --lang: \"%s\" is not de or en\n",
                        skx_cli_quote(q, optarg));
                return 2;
            }
            lang = optarg[0] == 'e';
            break;
        case 'h': tour_usage(stdout); return 0;
        default: tour_usage(stderr); return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "schafkopf: tournament: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind]));
        return 2;
    }
    if ((db && path) || (!db != !name)) {
        fprintf(stderr, "schafkopf: tournament: --file FILE, or --db DB with --name NAME\n");
        return 2;
    }
    if (db)
        return tour_db(db, name, seed, lang);
    sk_tour tr;
    size_t len = 0;
    char *text = path ? skx_cli_slurp(path, &len, SK_TOUR_MAX_FILE) : NULL;
    if (path && !text && errno != ENOENT) {
        fprintf(stderr, "schafkopf: tournament: %s: %s\n", skx_cli_quote(q, path),
                skx_cli_read_error(errno));
        return 1;
    }
    if (text) {
        int rc = sk_tour_load(&tr, text, len, lang, why, sizeof why);
        free(text);
        if (rc < 0) {
            fprintf(stderr, "schafkopf: tournament: %s: %s\n", skx_cli_quote(q, path), why);
            return 1;
        }
        if (seed) {
            fprintf(stderr, "schafkopf: tournament: %s exists: its seed stands (no --seed)\n",
                    skx_cli_quote(q, path));
            sk_tour_free(&tr);
            return 2;
        }
    } else {
        if (!seed) {
            fprintf(stderr, "schafkopf: tournament: a new tournament needs --seed TEXT, "
                            "published before the first draw (5.2.2)\n");
            return 2;
        }
        if (sk_tour_init(&tr, seed, lang, why, sizeof why) < 0) {
            fprintf(stderr, "schafkopf: tournament: --seed: %s\n", why);
            return 2;
        }
        skx_keep file = {.path = path};
        if (path && skx_keep_tour(&file, &tr) < 0) {
            fprintf(stderr, "schafkopf: tournament: %s: cannot write\n", skx_cli_quote(q, path));
            sk_tour_free(&tr);
            return 1;
        }
    }
    skx_keep keep = {.path = path};
    int status = tour_loop(&tr, stdin, &keep);
    sk_tour_free(&tr);
    return status;
}
