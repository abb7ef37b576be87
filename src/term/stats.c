/*
 * stats.c -- the statistics of a session of `schafkopf play`: games,
 * the declarers' wins by contract, the solos, and money and tournament
 * points over time.  One text for the full screen (the s key after a
 * game), the line mode ("statistik") and `schafkopf stats [FILE]`, which
 * reads a session file and prints it.
 */
#include "ui.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A growing text. */
typedef struct text {
    char *s;
    size_t len, cap;
    bool failed;
} text;

/* Appends formatted text. */
static void add(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(text *t, const char *fmt, ...)
{
    for (int tries = 0; tries < 2 && !t->failed; tries++) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->failed = true;
            return;
        }
        if (t->s && t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = (t->cap + (size_t)n + 1) * 2;
        char *more = realloc(t->s, cap);
        if (!more) {
            t->failed = true;
            return;
        }
        t->s = more;
        t->cap = cap;
    }
}

/* Appends `s` padded with blanks to `width` columns (UTF-8 aware). */
static void add_pad(text *t, const char *s, int width)
{
    int cols = skx_u8width(s);
    add(t, "%s%*s", s, cols < width ? width - cols : 0, "");
}

/* Appends s right-aligned in `width` columns (UTF-8: "€" is one). */
static void add_right(text *t, const char *s, int width)
{
    int cols = skx_u8width(s);
    add(t, "%*s%s", cols < width ? width - cols : 0, "", s);
}

/* The name of a row's contract for the table by contract: the class
 * ("Solo", "Wenz-Tout"), a Sauspiel by its name. */
static void class_name(skx_lang lang, sk_contract c, char *buf, size_t size)
{
    if (c.type == SK_C_SAUSPIEL)
        snprintf(buf, size, "Sauspiel");
    else
        skx_lang_class(lang, c, false, buf, size);
}

/* Whether a row is a game played alone: declared, no partner, no Ramsch. */
static bool solo_row(const sk_score_row *r)
{
    return !r->thrown_in && r->declarer < SK_NSEATS && r->partner >= SK_NSEATS &&
           r->contract.type != SK_C_RAMSCH;
}

/* The statistics text; malloc'ed, NULL without memory.  `last`: the
 * most rows of the course over time (0: all).  `points_only`: the session
 * plays for tournament points (`score`, 5.2.7): they alone, no money. */
char *skx_stats_text(skx_lang L, int human, const sk_score_row *rows, int n, int last,
                     bool points_only)
{
    text t = {0};
    int thrown = 0, declared[SK_NSEATS] = {0}, won[SK_NSEATS] = {0}, solos[SK_NSEATS] = {0};
    int64_t money[SK_NSEATS] = {0}, points[SK_NSEATS] = {0};
    for (int i = 0; i < n; i++) {
        const sk_score_row *r = &rows[i];
        thrown += r->thrown_in;
        if (!r->thrown_in && r->declarer < SK_NSEATS && r->contract.type != SK_C_RAMSCH) {
            declared[r->declarer]++;
            won[r->declarer] += r->won;
            solos[r->declarer] += solo_row(r);
        }
        for (int s = 0; s < SK_NSEATS; s++) {
            money[s] += r->money[s];
            points[s] += r->tournament[s];
        }
    }
    add(&t, skx_tr(L, L_ST_GAMES), skx_tr(L, L_STATS), n, thrown);
    add(&t, "\n%s\n", skx_tr(L, L_ST_DECLARERS));
    for (int k = 0; k < SK_NSEATS; k++) {
        int s = (human + k) % SK_NSEATS;
        add(&t, "  ");
        add_pad(&t, skx_lang_seat(L, human, s), 11);
        add(&t, skx_tr(L, L_ST_WON_OF), won[s], declared[s]);
        add(&t, ", ");
        add(&t, skx_tr(L, L_ST_SOLOS_N), solos[s]);
        add(&t, "\n");
    }
    /* by contract: the classes in the order they first came */
    add(&t, "%s\n", skx_tr(L, L_ST_BY_CONTRACT));
    bool *done = calloc((size_t)n + 1, sizeof *done);
    int listed = 0;
    for (int i = 0; done && i < n; i++) {
        if (rows[i].thrown_in || done[i])
            continue;
        char name[64], other[64];
        class_name(L, rows[i].contract, name, sizeof name);
        int played = 0, wins = 0;
        for (int k = i; k < n; k++) {
            if (rows[k].thrown_in || done[k])
                continue;
            class_name(L, rows[k].contract, other, sizeof other);
            if (strcmp(name, other) != 0)
                continue;
            done[k] = true;
            played++;
            wins += rows[k].won;
        }
        listed++;
        add(&t, "  ");
        add_pad(&t, name, 19);
        if (rows[i].contract.type == SK_C_RAMSCH) /* each for himself: no declarer wins */
            add(&t, "%d\n", played);
        else {
            add(&t, skx_tr(L, L_ST_WON_OF), wins, played);
            add(&t, "\n");
        }
    }
    t.failed |= done == NULL;
    free(done);
    if (!listed)
        add(&t, "  %s\n", skx_tr(L, L_NOTHING));
    /* the totals, then the course over time */
    add(&t, "%s\n", skx_tr(L, points_only ? L_ST_TOTALS_TP : L_ST_TOTALS));
    for (int k = 0; k < SK_NSEATS; k++) {
        int s = (human + k) % SK_NSEATS;
        char m[32];
        skx_table_euros(L, money[s], 1, m, sizeof m);
        add(&t, "  ");
        add_pad(&t, skx_lang_seat(L, human, s), 11);
        if (!points_only)
            add_right(&t, m, 11);
        add(&t, "%s%+6lld %s\n", points_only ? "" : "  ", (long long)points[s], skx_tr(L, L_ST_TP));
    }
    add(&t, "%s\n", skx_tr(L, L_ST_COURSE));
    int64_t run_money = 0, run_points = 0;
    int first = last > 0 && n > last ? n - last : 0;
    for (int i = 0; i < n; i++) {
        run_money += rows[i].money[human];
        run_points += rows[i].tournament[human];
        if (i < first)
            continue;
        char m[32], name[64];
        skx_table_euros(L, run_money, 1, m, sizeof m);
        if (rows[i].thrown_in)
            snprintf(name, sizeof name, "%s", skx_tr(L, L_ST_THROWN));
        else
            class_name(L, rows[i].contract, name, sizeof name);
        add(&t, "  %s %3d  ", skx_tr(L, L_GAME), i + 1);
        add_pad(&t, name, 19);
        if (!points_only)
            add_right(&t, m, 11);
        add(&t, "%s%+6lld %s\n", points_only ? "" : "  ", (long long)run_points, skx_tr(L, L_ST_TP));
    }
    if (t.failed) {
        free(t.s);
        return NULL;
    }
    return t.s;
}

/* Prints the usage of `stats`. */
static void stats_usage(FILE *out)
{
    fprintf(out, "usage: schafkopf stats [--lang de|en] [--seat N] [FILE]\n\n"
                 "The statistics of a session of `schafkopf play`: games, the declarers'\n"
                 "wins by contract, the solos, money and tournament points after each game\n"
                 "(tournament points alone when the session plays for them: score = points).\n"
                 "FILE is a session file (default: the newest in $XDG_DATA_HOME/schafkopf/,\n"
                 "as play --continue finds it); --seat names the seat that is \"you\"\n"
                 "(default 0, play's default seat).\n");
}

/* Reads the finished games of a session file into rows (as play
 * --resume books them, without changing the file); 0, or -1 after a
 * message.  A last line cut short is left out with a warning. */
static int read_rows(const char *path, sk_score_row **rows, int *n, bool *points)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "schafkopf: stats: %s: %s\n", path, strerror(errno));
        return -1;
    }
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    sk_session session;
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0, len;
    int status = rec && g ? 0 : -1, caprows = 0;
    *rows = NULL;
    *n = 0;
    while (status == 0 && (len = skx_cli_getline(f, &line, &cap, SK_RECORD_MAX_LINE)) != SK_CLI_EOF) {
        lineno++;
        sk_error err = {{0}, NULL};
        if (len == SK_CLI_READ_ERROR || len == SK_CLI_TOO_LONG) {
            fprintf(stderr, "schafkopf: stats: %s:%ld: %s\n", path, lineno,
                    len == SK_CLI_TOO_LONG ? "line too long" : strerror(errno));
            status = -1;
            break;
        }
        if (strspn(line, " \t\r") == (size_t)len)
            continue;
        if (sk_record_read(rec, line, (size_t)len, &err) < 0 ||
            sk_record_replay(rec, g, NULL, &err) < 0) {
            int c = fgetc(f);
            if (c == EOF) {
                fprintf(stderr, "schafkopf: stats: warning: %s:%ld: the last line is cut short "
                                "(%s); left out\n", path, lineno, err.msg);
                break;
            }
            fprintf(stderr, "schafkopf: stats: %s:%ld: %s\n", path, lineno, err.msg);
            status = -1;
            break;
        }
        if (!sk_game_over(g))
            continue;
        if (*n == 0) {
            sk_session_init(&session, &rec->rules, rec->dealer);
            *points = rec->rules.score == SK_SCORE_POINTS; /* what the session plays for */
        }
        sk_result res;
        if (sk_session_finish(&session, g, &res, &err) < 0) {
            fprintf(stderr, "schafkopf: stats: %s:%ld: %s\n", path, lineno, err.msg);
            status = -1;
            break;
        }
        if (*n == caprows) {
            caprows = caprows ? caprows * 2 : 64;
            sk_score_row *more = realloc(*rows, sizeof *more * (size_t)caprows);
            if (!more) {
                status = -1;
                break;
            }
            *rows = more;
        }
        skx_score_row_set(&(*rows)[(*n)++], &res, rec->dealer);
    }
    free(line);
    free(rec);
    free(g);
    fclose(f);
    return status;
}

int skx_cmd_stats(int argc, char **argv)
{
    static const struct option opts[] = {{"lang", required_argument, 0, 'L'},
                                         {"seat", required_argument, 0, 'S'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    skx_lang lang = SKX_LANG_DE;
    uint64_t seat = 0;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'L') {
            if (strcasecmp(optarg, "de") != 0 && strcasecmp(optarg, "en") != 0) {
                char q[SK_CLI_QUOTE];
                fprintf(stderr, "schafkopf: --lang: \"%s\" is not de or en\n",
                        skx_cli_quote(q, optarg));
                return 2;
            }
            lang = (optarg[0] | 0x20) == 'e' ? SKX_LANG_EN : SKX_LANG_DE;
        } else if (c == 'S') {
            if (skx_cli_number("seat", optarg, 3, &seat) < 0)
                return 2;
        } else if (c == 'h') {
            stats_usage(stdout);
            return 0;
        } else {
            stats_usage(stderr);
            return 2;
        }
    }
    if (argc - optind > 1) {
        stats_usage(stderr);
        return 2;
    }
    char path[1024];
    if (optind < argc)
        snprintf(path, sizeof path, "%s", argv[optind]);
    else if (skx_play_last_session(path, sizeof path) < 0) {
        fprintf(stderr, "schafkopf: stats: %s\n", skx_tr(lang, L_ST_NO_SESSION));
        return 1;
    }
    sk_score_row *rows = NULL;
    int n = 0;
    bool points = false;
    if (read_rows(path, &rows, &n, &points) < 0) {
        free(rows);
        return 1;
    }
    char *s = skx_stats_text(lang, (int)seat, rows, n, 0, points);
    free(rows);
    if (!s) {
        fprintf(stderr, "schafkopf: stats: out of memory\n");
        return 1;
    }
    printf("%s\n%s", path, s);
    free(s);
    return 0;
}
