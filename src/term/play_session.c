/*
 * play_session.c -- the session file of `schafkopf play`: where it is,
 * appending each finished game (fsync'ed), reading it back for
 * --resume (totals, next dealer, duplicates, a last line cut short),
 * and the side file FILE.partial with the game left in the middle
 * (docs/record-format.md, "Sessions").
 */
#include "play.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Creates a directory and its parents (like mkdir -p). */
static int make_dirs(char *path)
{
    for (char *s = path + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        int rc = mkdir(path, 0755);
        *s = '/';
        if (rc < 0 && errno != EEXIST)
            return -1;
    }
    return mkdir(path, 0755) < 0 && errno != EEXIST ? -1 : 0;
}

/* Chooses the session file: $XDG_DATA_HOME/schafkopf/session-TIME.jsonl
 * or ~/.local/share/schafkopf/...; the directory is made, and must be
 * writable (a read-only home is found now, not at the first save).  0,
 * or -1 with errno (the directory in dir either way). */
int skx_play_session_path(play_ctx *p, char *dir, size_t size)
{
    skx_play_data_dir(dir, size);
    if (make_dirs(dir) < 0 || access(dir, W_OK | X_OK) != 0)
        return -1;
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(p->path, sizeof p->path, "%s/session-%s-%ld.jsonl", dir, stamp, (long)getpid());
    return 0;
}

/* Opens the session file for appending (a file that grows, common.c:
 * only a regular file), once; 0, or -1 with errno. */
static int open_session(play_ctx *p)
{
    if (p->out)
        return 0;
    int fd = skx_cli_append_open(p->path, O_WRONLY | O_CREAT);
    if (fd < 0 || !(p->out = fdopen(fd, "a"))) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        errno = e;
        return -1;
    }
    return 0;
}

/* Appends a finished game's record and forces it to disk, so a crash
 * loses nothing already saved. */
int skx_play_save_game(play_ctx *p, const sk_game *g)
{
    if (open_session(p) < 0)
        return -1;
    sk_record *rec = malloc(sizeof *rec);
    if (!rec)
        return -1;
    char id[32];
    snprintf(id, sizeof id, "%u", p->session.games);
    sk_record_from_game(rec, g, id);
    char *line = sk_record_write(rec);
    free(rec);
    if (!line)
        return -1;
    int rc = fputs(line, p->out) < 0 || fflush(p->out) != 0 || fsync(fileno(p->out)) != 0;
    free(line);
    return rc ? -1 : 0;
}

/* Adds a finished game to the score sheet. */
int skx_play_add_row(play_ctx *p, const sk_result *res, int dealer)
{
    if (p->nrows == p->caprows) {
        int cap = p->caprows ? p->caprows * 2 : 16;
        sk_score_row *rows = realloc(p->rows, sizeof *rows * (size_t)cap);
        if (!rows)
            return -1;
        p->rows = rows;
        p->caprows = cap;
    }
    skx_score_row_set(&p->rows[p->nrows++], res, dealer);
    p->table.rows = p->rows;
    p->table.nrows = p->nrows;
    return 0;
}

/* Whether two rulesets are the same in every option (and preset). */
bool skx_play_rules_same(const sk_rules *a, const sk_rules *b)
{
    char ta[4096], tb[4096];
    size_t na = sk_rules_format(a, ta, sizeof ta), nb = sk_rules_format(b, tb, sizeof tb);
    return na == nb && na < sizeof ta && strcmp(ta, tb) == 0;
}

/* Names a ruleset for a message: "official" or "official with
 * kontra_max=1, tariff=...". */
void skx_play_rules_name(const sk_rules *r, char *buf, size_t size)
{
    char over[896];
    size_t n = sk_rules_format_overrides(r, over, sizeof over);
    if (n >= sizeof over)
        n = sizeof over - 1;
    while (n > 0 && over[n - 1] == '\n')
        over[--n] = '\0';
    for (char *s = over; *s; s++)
        if (*s == '\n')
            *s = ',';
    snprintf(buf, size, "%.*s%s%s", (int)sizeof r->preset, r->preset, n ? " with " : "", over);
}

/* FNV-1a of a line: tells a game saved twice from two different games
 * with one number. */
static uint64_t text_hash(const char *s, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

/* A game already booked from the session file: its id, line and text. */
typedef struct seen_game {
    char id[64];
    long line;
    uint64_t hash;
} seen_game;

/* The path of the side file holding the game in progress of a session. */
static void partial_path(const char *path, char *buf, size_t size)
{
    snprintf(buf, size, "%s.partial", path);
}

/*
 * Checks that a record belongs to the session: the session's ruleset (the
 * first game's).  0, or -1 after a message naming the record and both
 * rulesets.
 */
static int check_rules(const play_ctx *p, const char *where, const sk_record *rec)
{
    if (skx_play_rules_same(&rec->rules, &p->session.rules))
        return 0;
    char mine[1024], theirs[1024];
    skx_play_rules_name(&rec->rules, mine, sizeof mine);
    skx_play_rules_name(&p->session.rules, theirs, sizeof theirs);
    fprintf(stderr, "schafkopf: %s: game %s is of another ruleset: %s, but the session plays "
                    "%s\n", where, rec->id[0] ? rec->id : "(no id)", mine, theirs);
    return -1;
}

/*
 * Reads a saved session: replays each record into the totals.  The
 * session takes the ruleset of the first record; a record of another
 * ruleset is refused.  A game saved twice (the same id and text) is
 * counted once, with a warning; the same id with another game is
 * refused.  A last line that does not parse (cut short by a crash while
 * saving) is dropped with a warning and removed from the file, so the
 * next game is appended after the games before it.
 */
int skx_play_resume_session(play_ctx *p, const char *path)
{
    /* read, then appended to: a file that grows (common.c) */
    int fd = skx_cli_append_open(path, O_RDWR);
    FILE *f = fd >= 0 ? fdopen(fd, "r+") : NULL;
    if (!f) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        fprintf(stderr, "schafkopf: --resume %s: %s\n", path, skx_cli_write_error(e));
        return -1;
    }
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    seen_game *seen = NULL;
    size_t nseen = 0, capseen = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    off_t start = 0, next = 0; /* where the current and the next line begin */
    bool newline = true;       /* the file ends with '\n' */
    int status = rec && g ? 0 : -1;
    while (status == 0 && (len = getline(&line, &cap, f)) >= 0) {
        sk_error err = {{0}, NULL};
        sk_result res;
        char where[1100];
        start = next;
        next += len;
        lineno++;
        newline = len > 0 && line[len - 1] == '\n';
        snprintf(where, sizeof where, "%s:%ld", path, lineno);
        if (strspn(line, " \t\r\n") == (size_t)len)
            continue;
        if (sk_record_read(rec, line, (size_t)len, &err) < 0 ||
            sk_record_replay(rec, g, NULL, &err) < 0) {
            int c = fgetc(f);
            if (c == EOF) { /* the last line: cut short while it was saved */
                fprintf(stderr, "schafkopf: warning: %s: the last line is cut short (%s); it "
                                "is dropped, the session goes on after game %u\n", where,
                        err.msg, p->session.games);
                if (fflush(f) != 0 || ftruncate(fileno(f), start) != 0) {
                    fprintf(stderr, "schafkopf: %s: cannot drop it: %s\n", path,
                            strerror(errno));
                    status = -1;
                }
                newline = true;
                break;
            }
            ungetc(c, f);
            fprintf(stderr, "schafkopf: %s: %s\n", where, err.msg);
            status = -1;
            break;
        }
        if (!sk_game_over(g))
            continue; /* an unfinished game is not booked */
        uint64_t hash = text_hash(line, (size_t)(newline ? len - 1 : len));
        size_t k = 0;
        while (rec->id[0] && k < nseen && strcmp(seen[k].id, rec->id) != 0)
            k++;
        if (rec->id[0] && k < nseen) {
            if (seen[k].hash != hash) {
                fprintf(stderr, "schafkopf: %s: game %s twice, and not the same game (first "
                                "at line %ld): which one counts?  Remove the wrong one\n",
                        where, rec->id, seen[k].line);
                status = -1;
                break;
            }
            fprintf(stderr, "schafkopf: warning: %s: game %s saved twice (first at line %ld): "
                            "counted once\n", where, rec->id, seen[k].line);
            continue;
        }
        if (p->session.games == 0)
            sk_session_init(&p->session, &rec->rules, rec->dealer);
        else if (check_rules(p, where, rec) < 0) {
            status = -1;
            break;
        }
        if (nseen == capseen) {
            capseen = capseen ? capseen * 2 : 64;
            seen_game *more = realloc(seen, capseen * sizeof *more);
            if (!more) {
                status = -1;
                break;
            }
            seen = more;
        }
        snprintf(seen[nseen].id, sizeof seen[nseen].id, "%s", rec->id);
        seen[nseen].line = lineno;
        seen[nseen++].hash = hash;
        if (sk_session_finish(&p->session, g, &res, &err) < 0 ||
            skx_play_add_row(p, &res, rec->dealer) < 0)
            status = -1;
        skx_play_bots_watch(p, g); /* the opponent model as if played now */
    }
    /* a last game saved whole but for its '\n': the next one goes on a
     * line of its own */
    if (status == 0 && ferror(f)) { /* a read error is no end of the file */
        fprintf(stderr, "schafkopf: %s: %s\n", path, strerror(errno));
        status = -1;
    }
    if (status == 0 && !newline && (fseeko(f, 0, SEEK_END) != 0 || fputc('\n', f) == EOF)) {
        fprintf(stderr, "schafkopf: %s: %s\n", path, strerror(errno));
        status = -1;
    }
    free(line);
    free(seen);
    free(rec);
    free(g);
    if (fclose(f) != 0 && status == 0) {
        fprintf(stderr, "schafkopf: %s: %s\n", path, strerror(errno));
        status = -1;
    }
    snprintf(p->path, sizeof p->path, "%s", path);
    return status;
}

/*
 * Reads the game in progress of a resumed session (FILE.partial, written
 * when the player quit in the middle of a game), if there is one: a
 * record of the session's next game whose actions stop where the player
 * stopped.  It must be of the session's ruleset and be dealt by the
 * session's next dealer; a side file of a game already booked (the
 * program died between saving the game and removing the side file) is
 * removed.  0 (p->partial set or not), or -1 after a message.
 */
int skx_play_resume_partial(play_ctx *p)
{
    char path[1100];
    partial_path(p->path, path, sizeof path);
    size_t len;
    FILE *probe = fopen(path, "r");
    if (!probe)
        return errno == ENOENT ? 0 : (fprintf(stderr, "schafkopf: %s: %s\n", path,
                                               strerror(errno)), -1);
    fclose(probe);
    char *text = skx_cli_slurp(path, &len, SK_RECORD_MAX_LINE);
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    sk_error err = {{0}, NULL};
    int status = text && rec && g ? 0 : -1;
    if (status == 0 && (sk_record_read(rec, text, len, &err) < 0 ||
                        sk_record_replay(rec, g, NULL, &err) < 0)) {
        fprintf(stderr, "schafkopf: %s: %s\n", path, err.msg);
        status = -1;
    }
    char want[16], *end = NULL;
    snprintf(want, sizeof want, "%u", p->session.games + 1);
    unsigned long number = status == 0 ? strtoul(rec->id, &end, 10) : 0;
    if (status == 0 && end != rec->id && *end == '\0' && number <= p->session.games) {
        fprintf(stderr, "schafkopf: warning: %s: game %s is already in the session: the side "
                        "file is removed\n", path, rec->id);
        unlink(path);
        status = 1;
    } else if (status == 0 && (strcmp(rec->id, want) != 0 || sk_game_over(g))) {
        fprintf(stderr, "schafkopf: %s: not the session's game %s in progress (game \"%s\"%s)\n",
                path, want, rec->id, sk_game_over(g) ? ", finished" : "");
        status = -1;
    }
    if (status == 0 && p->session.games == 0)
        sk_session_init(&p->session, &rec->rules, rec->dealer);
    else if (status == 0 && check_rules(p, path, rec) < 0)
        status = -1;
    if (status == 0 && rec->dealer != p->session.dealer) {
        fprintf(stderr, "schafkopf: %s: game %s is dealt by seat %d, but the session's next "
                        "dealer is seat %d\n", path, rec->id, rec->dealer, p->session.dealer);
        status = -1;
    }
    free(text);
    free(g);
    if (status == 0)
        p->partial = rec;
    else
        free(rec);
    return status < 0 ? -1 : 0;
}

/* Saves the game in progress when the player quits or the program is
 * interrupted: its record so far goes to FILE.partial (written whole to
 * a temporary file, fsync'ed and renamed, so the side file is always
 * whole), and the session file is created if no game was finished yet,
 * so `--resume FILE` finds both.  0, or -1 with errno. */
int skx_play_save_partial(play_ctx *p, const sk_game *g)
{
    char path[1100];
    partial_path(p->path, path, sizeof path);
    if (open_session(p) < 0)
        return -1;
    sk_record *rec = malloc(sizeof *rec);
    if (!rec)
        return -1;
    char id[32];
    snprintf(id, sizeof id, "%u", p->session.games + 1);
    sk_record_from_game(rec, g, id);
    char *line = sk_record_write(rec);
    free(rec);
    int rc = line ? skx_cli_save_text(path, line) : -1;
    free(line);
    return rc;
}

/* Removes the side file of the game in progress: its game is finished
 * and saved in the session file. */
void skx_play_drop_partial(play_ctx *p)
{
    char path[1100];
    partial_path(p->path, path, sizeof path);
    unlink(path);
}

/* Skips the deals a resumed session has played: with the session's
 * --seed the next game gets the deal it would have got had the session
 * not stopped (game n of a session is the n-th shuffle after the bots'
 * seeds and the first dealer are drawn). */
void skx_play_skip_deals(play_ctx *p, unsigned n)
{
    sk_game *g = malloc(sizeof *g);
    for (unsigned i = 0; g && i < n; i++)
        sk_game_deal(g, &p->session.rules, 0, &p->rng, false);
    free(g);
}
