/*
 * arena_combine.c -- reading arena logs: `schafkopf arena --combine
 * LOG...` prints the report of the deals of one or more logs (shards of
 * one long match, run on different machines or days), `schafkopf arena
 * --pair BEFORE AFTER` what changed between two matches on the same
 * deals, and a run with --log checks the log it is about to append to.
 *
 * Lines may come in any order and any number of files; they are pooled
 * by deal index, so the report of shards is the report one run over
 * their union prints.  What must not happen is refused with the place it
 * happened: a line of another match (bots, format, seed, rules or tariff
 * differ),
 * a deal logged twice, a line that does not parse.  A run killed while
 * writing leaves at most an unfinished last line: that is a warning and
 * the deals before it count.  Missing deals are a warning listing them.
 */
#include "lab/lab.h"
#include "lab/arena.h"

#include <errno.h>
#include <math.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

/* How many missing ranges or duplicates a message lists. */
#define COMBINE_LIST_MAX 8

/* One deal read, with where it was read. */
typedef struct log_entry {
    skx_arena_deal deal;
    int file;      /* index into the file names */
    uint64_t line; /* 1-based */
} log_entry;

/* What has been read so far from all files. */
typedef struct log_pool {
    char *const *files;   /* names of the files, by index */
    skx_arena_match match; /* the match every line must belong to */
    bool have_match;
    const char *match_where; /* "FILE:LINE" or "this run", for messages */
    char match_where_buf[600];
    log_entry *v;
    size_t n, cap;
    /* the tail of the last file read */
    off_t good_end;    /* offset after the last complete line */
    bool unfinished;   /* an unfinished last line was ignored */
    bool no_newline;   /* the last line is complete but lacks its '\n' */
} log_pool;

/* Prints the usage of `arena --combine`. */
static void combine_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf arena --combine LOG...\n\n"
            "Prints the report of the deals in the --log files of one match (shards run\n"
            "with the same --bots, --seed, rules and --tariff, and disjoint --first-deal\n"
            "ranges), as one run over all of them would.  Lines of another match and deals\n"
            "logged twice are errors; missing deals and an unfinished last line (a run\n"
            "killed while writing) are warnings.  '-' reads stdin.\n");
}

/* Appends one line's deal to the pool; -1 when out of memory. */
static int pool_add(log_pool *p, const skx_arena_deal *d, int file, uint64_t line)
{
    if (p->n == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 256;
        log_entry *v = realloc(p->v, cap * sizeof *v);
        if (!v)
            return -1;
        p->v = v;
        p->cap = cap;
    }
    p->v[p->n++] = (log_entry){*d, file, line};
    return 0;
}

/* Describes how match `m` differs from `o` in `field`, naming them by
 * `mn` and `on`: "seed 8 here, 7 there" or the first differing rule. */
static void describe_diff(const skx_arena_match *m, const skx_arena_match *o, const char *mn,
                          const char *on, const char *field, char *buf, size_t size)
{
    if (strcmp(field, "seed") == 0) {
        snprintf(buf, size, "seed %llu %s, %llu %s", (unsigned long long)m->seed, mn,
                 (unsigned long long)o->seed, on);
    } else if (strcmp(field, "format") == 0) {
        snprintf(buf, size, "format %s %s, %s %s", skx_arena_format_name(m), mn,
                 skx_arena_format_name(o), on);
    } else if (strcmp(field, "session") == 0) {
        snprintf(buf, size, "--session %llu %s, %llu %s", (unsigned long long)m->session, mn,
                 (unsigned long long)o->session, on);
    } else if (strcmp(field, "tariff") == 0) {
        snprintf(buf, size, "tariff %s %s, %s %s", m->tariff, mn, o->tariff, on);
    } else if (strcmp(field, "bots") == 0) {
        int b = 0;
        while (b < m->nbots && b < o->nbots && strcmp(m->bots[b], o->bots[b]) == 0)
            b++;
        if (m->nbots != o->nbots)
            snprintf(buf, size, "%d bots %s, %d %s", m->nbots, mn, o->nbots, on);
        else
            snprintf(buf, size, "bot %c is \"%.80s\" %s, \"%.80s\" %s", 'A' + b, m->bots[b], mn,
                     o->bots[b], on);
    } else {
        char here[64] = "", there[64] = "";
        for (size_t i = 0; i < sk_rules_option_count(); i++) {
            const char *key = sk_rules_option(i)->key;
            sk_rules_get(&m->rules, key, here, sizeof here);
            sk_rules_get(&o->rules, key, there, sizeof there);
            if (strcmp(here, there) != 0) {
                snprintf(buf, size, "rules: %s = %s %s, %s %s", key, here, mn, there, on);
                return;
            }
        }
        sk_rules_get(&m->rules, "preset", here, sizeof here);
        sk_rules_get(&o->rules, "preset", there, sizeof there);
        snprintf(buf, size, "rules: preset %s %s, %s %s", here, mn, there, on);
    }
}

/* Checks one parsed line against the pool's match (the first line read
 * sets it); -1 with a message naming the place. */
static int pool_check_match(log_pool *p, const skx_arena_match *m, const char *name,
                            uint64_t line)
{
    if (!p->have_match) {
        p->match = *m;
        p->have_match = true;
        snprintf(p->match_where_buf, sizeof p->match_where_buf, "%s:%llu", name,
                 (unsigned long long)line);
        p->match_where = p->match_where_buf;
        return 0;
    }
    const char *field = skx_arena_match_diff(m, &p->match);
    if (!field)
        return 0;
    char diff[256];
    describe_diff(m, &p->match, "here", "there", field, diff, sizeof diff);
    fprintf(stderr, "schafkopf: arena: %s:%llu: match.%s: not the match of %s: %s\n", name,
            (unsigned long long)line, field, p->match_where, diff);
    return -1;
}

/* Whether a line holds nothing but blanks. */
static bool blank(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n')
            return false;
    return true;
}

/*
 * Reads one log file into the pool.  Every line must parse and belong to
 * the pool's match; an unfinished last line (no '\n', does not parse) is
 * a warning and ends the file.  0, or -1 after a message naming
 * file:line.
 */
static int pool_read(log_pool *p, int file, FILE *in)
{
    const char *name = p->files[file];
    char *line = NULL;
    size_t cap = 0;
    uint64_t lineno = 0;
    int status = 0;
    p->good_end = 0;
    p->unfinished = p->no_newline = false;
    skx_arena_match *m = malloc(sizeof *m);
    skx_arena_deal *d = malloc(sizeof *d);
    if (!m || !d) {
        fprintf(stderr, "schafkopf: arena: out of memory\n");
        status = -1;
    }
    for (ssize_t len; status == 0 && (len = getline(&line, &cap, in)) > 0;) {
        lineno++;
        bool complete = line[len - 1] == '\n';
        size_t text = (size_t)len - complete;
        char why[320];
        if (blank(line, text)) {
            if (complete)
                p->good_end += len;
            continue;
        }
        if (skx_arena_log_parse(line, text, m, d, why, sizeof why) < 0) {
            if (!complete) {
                fprintf(stderr, "schafkopf: arena: %s:%llu: warning: unfinished last line "
                                "ignored (a run killed while writing it?): %s\n", name,
                        (unsigned long long)lineno, why);
                p->unfinished = true;
                break;
            }
            fprintf(stderr, "schafkopf: arena: %s:%llu: %s\n", name, (unsigned long long)lineno,
                    why);
            status = -1;
        } else if (pool_check_match(p, m, name, lineno) < 0) {
            status = -1;
        } else if (pool_add(p, d, file, lineno) < 0) {
            fprintf(stderr, "schafkopf: arena: out of memory\n");
            status = -1;
        } else {
            p->good_end += len;
            p->no_newline = !complete;
        }
    }
    if (status == 0 && ferror(in)) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", name, strerror(errno));
        status = -1;
    }
    free(line);
    free(m);
    free(d);
    return status;
}

/* Orders entries by deal index, then by where they were read. */
static int entry_cmp(const void *a, const void *b)
{
    const log_entry *x = a, *y = b;
    if (x->deal.index != y->deal.index)
        return x->deal.index < y->deal.index ? -1 : 1;
    if (x->file != y->file)
        return x->file < y->file ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* Refuses deals logged twice (the pool sorted); -1 after naming them. */
static int check_duplicates(const log_pool *p)
{
    int shown = 0;
    size_t dups = 0;
    for (size_t i = 1; i < p->n; i++) {
        const log_entry *a = &p->v[i - 1], *b = &p->v[i];
        if (a->deal.index != b->deal.index)
            continue;
        if (shown++ < COMBINE_LIST_MAX)
            fprintf(stderr, "schafkopf: arena: deal %llu twice: %s:%llu and %s:%llu\n",
                    (unsigned long long)a->deal.index, p->files[a->file],
                    (unsigned long long)a->line, p->files[b->file], (unsigned long long)b->line);
        dups++;
    }
    if (dups > COMBINE_LIST_MAX)
        fprintf(stderr, "schafkopf: arena: ... %zu deals logged twice in all\n", dups);
    return dups ? -1 : 0;
}

/* Warns about the deals missing from 1 to the last one (pool sorted). */
static void warn_gaps(const log_pool *p)
{
    uint64_t next = 1, ranges = 0, missing = 0;
    char list[512] = "";
    size_t used = 0;
    for (size_t i = 0; i <= p->n; i++) {
        uint64_t index = i < p->n ? p->v[i].deal.index : next;
        if (index <= next) {
            next = index + 1;
            continue;
        }
        ranges++;
        missing += index - next;
        if (ranges <= COMBINE_LIST_MAX && used < sizeof list) {
            unsigned long long lo = next, hi = index - 1;
            used += (size_t)snprintf(list + used, sizeof list - used,
                                     lo == hi ? "%s%llu" : "%s%llu-%llu", ranges > 1 ? ", " : "",
                                     lo, hi);
        }
        next = index + 1;
    }
    if (!ranges)
        return;
    fprintf(stderr, "schafkopf: arena: warning: %llu deal%s missing: %s%s\n",
            (unsigned long long)missing, missing == 1 ? "" : "s", list,
            ranges > COMBINE_LIST_MAX ? ", ..." : "");
}

/* The options of a mode that reads logs (`--combine`, `--pair`): its
 * own flag and --help only, the match being in the logs.  0 to go on
 * (optind at the first file), 1 after the help, 2 after refusing. */
static int log_mode_opts(int argc, char **argv, const char *mode, void (*usage)(FILE *))
{
    const struct option opts[] = {{mode, no_argument, 0, 'm'},
                                  {"help", no_argument, 0, 'h'},
                                  {0, 0, 0, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'h') {
            usage(stdout);
            return 1;
        }
        if (c != 'm') {
            fprintf(stderr, "schafkopf: arena: --%s takes log files only: the match (bots, "
                            "format, seed, rules, tariff) is in the logs\n", mode);
            usage(stderr);
            return 2;
        }
    }
    return 0;
}

/* Frees a pool and its deals (NULL: nothing). */
static void pool_free(log_pool *p)
{
    if (p)
        free(p->v);
    free(p);
}

/* Reads the log files `files` (nfiles of them; "-" is stdin) into a
 * fresh pool of one match, sorted by deal and checked for deals logged
 * twice; NULL after a message. */
static log_pool *pool_load(char **files, int nfiles)
{
    log_pool *p = calloc(1, sizeof *p);
    if (!p) {
        fprintf(stderr, "schafkopf: arena: out of memory\n");
        return NULL;
    }
    p->files = files;
    int status = 0;
    for (int f = 0; f < nfiles && status == 0; f++) {
        bool std = strcmp(files[f], "-") == 0;
        FILE *in = std ? stdin : fopen(files[f], "r");
        if (!in) {
            fprintf(stderr, "schafkopf: arena: cannot read %s: %s\n", files[f], strerror(errno));
            status = -1;
            break;
        }
        status = pool_read(p, f, in);
        if (!std)
            fclose(in);
    }
    if (status == 0 && p->n == 0) {
        if (nfiles == 1)
            fprintf(stderr, "schafkopf: arena: %s: no deals in the log\n", files[0]);
        else
            fprintf(stderr, "schafkopf: arena: no deals in the logs\n");
        status = -1;
    }
    if (status == 0) {
        qsort(p->v, p->n, sizeof *p->v, entry_cmp);
        status = check_duplicates(p);
    }
    if (status < 0) {
        pool_free(p);
        return NULL;
    }
    return p;
}

/* `schafkopf arena --combine LOG...`; see arena.h. */
int skx_arena_combine(int argc, char **argv)
{
    int rc = log_mode_opts(argc, argv, "combine", combine_usage);
    if (rc)
        return rc == 1 ? 0 : 2;
    if (optind >= argc) {
        fprintf(stderr, "schafkopf: arena: --combine needs at least one log file\n");
        return 2;
    }
    log_pool *p = pool_load(argv + optind, argc - optind);
    if (!p)
        return 1;
    warn_gaps(p);
    int status = 0;
    skx_arena_stats *st = calloc(1, sizeof *st);
    if (st) {
        for (size_t i = 0; i < p->n; i++)
            skx_arena_stats_merge(st, &p->match, &p->v[i].deal);
        skx_arena_report(stdout, &p->match, st);
    }
    free(st);
    if (!st || fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "schafkopf: arena: cannot write the report\n");
        status = -1;
    }
    pool_free(p);
    return status < 0 ? 1 : 0;
}

/* Prints the usage of `arena --pair`. */
static void pair_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf arena --pair BEFORE AFTER\n\n"
            "Compares two --log files of matches on the same deals (the same --seed,\n"
            "format, number of bots, rules and --tariff; the bots may differ, e.g.\n"
            "pimc:dd before and pimc after): per deal, each row's figure after minus\n"
            "before -- in 1v3 each direction's lone bot, rotated each bot -- and the mean\n"
            "of those differences over the deals both logs hold, with its standard error.\n"
            "Paired on the same deals, most of the card luck cancels.  Each log is\n"
            "checked as --combine checks it (cat shards into one file first).  '-' reads\n"
            "one of them from stdin.\n");
}

/* Whether two deals' games came out the same (every seat's money). */
static bool same_games(const skx_arena_match *m, const skx_arena_deal *a, const skx_arena_deal *b)
{
    for (int r = 0; r < skx_arena_seatings(m); r++)
        if (memcmp(a->games[r].money, b->games[r].money, sizeof a->games[r].money) != 0)
            return false;
    return true;
}

/* The paired means: per row and figure, the differences after - before,
 * and each side's own mean over the same deals. */
typedef struct pair_stats {
    uint64_t deals, differ;
    bool no_plain;
    skx_arena_mean diff[SKX_ARENA_MAX_BOTS][SKX_ARENA_NFIG];
    double before[SKX_ARENA_MAX_BOTS][SKX_ARENA_NFIG], after[SKX_ARENA_MAX_BOTS][SKX_ARENA_NFIG];
} pair_stats;

/* Adds one deal both logs hold; returns the number of rows. */
static int pair_merge(pair_stats *ps, const skx_arena_match *m, const skx_arena_deal *a,
                      const skx_arena_deal *b)
{
    double xa[SKX_ARENA_MAX_BOTS][SKX_ARENA_NFIG], xb[SKX_ARENA_MAX_BOTS][SKX_ARENA_NFIG];
    bool pa, pb;
    int rows = skx_arena_deal_rows(m, a, xa, &pa);
    skx_arena_deal_rows(m, b, xb, &pb);
    ps->deals++;
    ps->differ += !same_games(m, a, b);
    ps->no_plain |= !pa || !pb;
    for (int row = 0; row < rows; row++)
        for (int k = 0; k < SKX_ARENA_NFIG; k++) {
            skx_arena_mean *d = &ps->diff[row][k];
            double x = xb[row][k] - xa[row][k], delta = x - d->mean;
            d->mean += delta / (double)ps->deals;
            d->m2 += delta * (x - d->mean);
            ps->before[row][k] += (xa[row][k] - ps->before[row][k]) / (double)ps->deals;
            ps->after[row][k] += (xb[row][k] - ps->after[row][k]) / (double)ps->deals;
        }
    return rows;
}

/* Standard error of a paired mean. */
static double pair_se(const skx_arena_mean *d, uint64_t n)
{
    return n > 1 ? sqrt(d->m2 / (double)(n - 1) / (double)n) : NAN;
}

/* Prints the paired report. */
static void pair_report(FILE *out, const skx_arena_match *a, const skx_arena_match *b,
                        const pair_stats *ps, int rows, uint64_t only_a, uint64_t only_b)
{
    fprintf(out, "Paired: %llu deals in both logs, seed %llu, format %s; games differ in %llu "
                 "of them\n",
            (unsigned long long)ps->deals, (unsigned long long)a->seed,
            skx_arena_format_name(a), (unsigned long long)ps->differ);
    if (only_a || only_b)
        fprintf(out, "(left out: %llu deals only in BEFORE, %llu only in AFTER)\n",
                (unsigned long long)only_a, (unsigned long long)only_b);
    fprintf(out, "\n%-34s %8s %8s %8s %6s %9s %6s %9s %6s\n", "per game", "before", "after",
            "change", "s.e.", "undoubled", "s.e.", "tourn.pts", "s.e.");
    for (int row = 0; row < rows; row++) {
        char label[64];
        const char *bb = a->bots[row], *ab = b->bots[row];
        bool lone = a->format == SKX_ARENA_1V3, changed = strcmp(bb, ab) != 0;
        int w = lone ? 12 : 14; /* the row's label fits its column */
        snprintf(label, sizeof label, "%c%s %.*s%s%.*s", 'A' + row, lone ? " alone:" : "", w, bb,
                 changed ? " -> " : "", w, changed ? ab : "");
        const skx_arena_mean *d = ps->diff[row];
        fprintf(out, "%-34.34s %+8.2f %+8.2f %+8.2f %6.2f", label,
                ps->before[row][SKX_ARENA_MONEY], ps->after[row][SKX_ARENA_MONEY],
                d[SKX_ARENA_MONEY].mean, pair_se(&d[SKX_ARENA_MONEY], ps->deals));
        if (ps->no_plain)
            fprintf(out, " %9s %6s", "-", "-");
        else
            fprintf(out, " %+9.2f %6.2f", d[SKX_ARENA_PLAIN].mean,
                    pair_se(&d[SKX_ARENA_PLAIN], ps->deals));
        fprintf(out, " %+9.3f %6.3f\n", d[SKX_ARENA_TP].mean, pair_se(&d[SKX_ARENA_TP], ps->deals));
    }
    fprintf(out, "(cents a game; change: after - before per deal, averaged over the deals, with "
                 "its standard\n error -- a 95%% interval is +- 1.96 s.e.; undoubled: without "
                 "Kontra, Retour and laying)\n");
}

/* `schafkopf arena --pair BEFORE AFTER`; see arena.h. */
int skx_arena_pair(int argc, char **argv)
{
    int rc = log_mode_opts(argc, argv, "pair", pair_usage);
    if (rc)
        return rc == 1 ? 0 : 2;
    if (argc - optind != 2) {
        fprintf(stderr, "schafkopf: arena: --pair needs two log files, BEFORE and AFTER "
                        "(%d given)\n", argc - optind);
        return 2;
    }
    if (strcmp(argv[optind], "-") == 0 && strcmp(argv[optind + 1], "-") == 0) {
        fprintf(stderr, "schafkopf: arena: --pair: only one of the logs can be stdin\n");
        return 2;
    }
    log_pool *a = pool_load(argv + optind, 1), *b = a ? pool_load(argv + optind + 1, 1) : NULL;
    pair_stats *ps = b ? calloc(1, sizeof *ps) : NULL;
    int status = ps ? 0 : -1;
    if (ps) {
        /* the same match but for the bots' specs */
        skx_arena_match *same = malloc(sizeof *same);
        const char *field = NULL;
        if (same) {
            *same = b->match;
            if (same->nbots == a->match.nbots)
                memcpy(same->bots, a->match.bots, sizeof same->bots);
            same->session = a->match.session; /* the play, not the deals */
            field = skx_arena_match_diff(same, &a->match);
        }
        if (!same || field) {
            char diff[600] = "out of memory", mn[200], on[200];
            snprintf(mn, sizeof mn, "in %s", argv[optind + 1]);
            snprintf(on, sizeof on, "in %s", argv[optind]);
            if (same)
                describe_diff(&b->match, &a->match, mn, on, field, diff, sizeof diff);
            fprintf(stderr, "schafkopf: arena: --pair: not two matches on the same deals: %s\n",
                    diff);
            status = -1;
        }
        free(same);
    }
    int rows = 0;
    uint64_t only_a = 0, only_b = 0;
    for (size_t i = 0, j = 0; status == 0 && (i < a->n || j < b->n);) {
        uint64_t x = i < a->n ? a->v[i].deal.index : UINT64_MAX;
        uint64_t y = j < b->n ? b->v[j].deal.index : UINT64_MAX;
        if (x < y) {
            only_a++, i++;
        } else if (y < x) {
            only_b++, j++;
        } else {
            rows = pair_merge(ps, &a->match, &a->v[i++].deal, &b->v[j++].deal);
        }
    }
    if (status == 0 && ps->deals == 0) {
        fprintf(stderr, "schafkopf: arena: --pair: %s and %s have no deal in common\n",
                argv[optind], argv[optind + 1]);
        status = -1;
    }
    if (status == 0) {
        pair_report(stdout, &a->match, &b->match, ps, rows, only_a, only_b);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "schafkopf: arena: cannot write the report\n");
            status = -1;
        }
    }
    free(ps);
    pool_free(a);
    pool_free(b);
    return status < 0 ? 1 : 0;
}

/* Checks and repairs the tail of a log before a run appends; see arena.h. */
int skx_arena_log_prepare(const char *path, int fd, const skx_arena_match *m, uint64_t first,
                         uint64_t last)
{
    log_pool *p = calloc(1, sizeof *p);
    FILE *in = fopen(path, "r");
    if (!p || !in) {
        fprintf(stderr, "schafkopf: arena: cannot read %s: %s\n", path,
                p ? strerror(errno) : "out of memory");
        if (in)
            fclose(in);
        free(p);
        return -1;
    }
    char *files[] = {(char *)path};
    p->files = files;
    p->match = *m;
    p->have_match = true;
    p->match_where = "this run";
    int status = pool_read(p, 0, in);
    fclose(in);
    uint64_t max = 0;
    for (size_t i = 0; i < p->n; i++)
        max = p->v[i].deal.index > max ? p->v[i].deal.index : max;
    for (size_t i = 0; status == 0 && i < p->n; i++) {
        uint64_t d = p->v[i].deal.index;
        if (d >= first && d <= last) {
            fprintf(stderr, "schafkopf: arena: %s:%llu: already holds deal %llu of this match "
                            "(its last deal is %llu: resume with --first-deal %llu)\n",
                    path, (unsigned long long)p->v[i].line, (unsigned long long)d,
                    (unsigned long long)max, (unsigned long long)max + 1);
            status = -1;
        }
    }
    if (status == 0 && p->unfinished) {
        if (ftruncate(fd, p->good_end) != 0) {
            fprintf(stderr, "schafkopf: arena: %s: cannot cut the unfinished line: %s\n", path,
                    strerror(errno));
            status = -1;
        } else {
            fprintf(stderr, "schafkopf: arena: %s: the unfinished last line was removed\n",
                    path);
        }
    } else if (status == 0 && p->no_newline && write(fd, "\n", 1) != 1) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", path, strerror(errno));
        status = -1;
    }
    free(p->v);
    free(p);
    return status;
}
