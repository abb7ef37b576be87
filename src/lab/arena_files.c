/*
 * arena_files.c -- the files an arena run appends to: the game records
 * (--out), the per-deal results log (--log) and the engines' info lines
 * (--info).  docs/arena.md, "What survives what", is the contract:
 *
 * - records go first, whole and under the file's lock (shards may share
 *   one --out), with a torn last line repaired before each append and
 *   records already there (a run killed before its log line) left out;
 * - then the log line, one write(2), so the log never names a deal whose
 *   records are not written;
 * - then the deal's info lines (one write(2), no lock: they are for
 *   reading, nothing resumes from them);
 * - all fsync'ed at most once a second and at the end.
 */
#include "common/common.h"
#include "lab/arena.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* The records and the log are fsync'ed at most this often (and at the
 * end of the run). */
#define ARENA_SYNC_NS 1000000000ll

/* Writes all of buf to fd, going on after short writes; 0 or -1 (errno). */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Takes the lock of the record file (flock), waiting for another run
 * appending to it; 0 or -1 with a message. */
static int lock_records(const arena_opts *o, const arena_files *f)
{
    while (flock(f->rec_fd, LOCK_EX) != 0) {
        if (errno != EINTR || *f->signal) {
            fprintf(stderr, "schafkopf: arena: %s: cannot lock: %s\n", o->out_path,
                    strerror(errno));
            return -1;
        }
    }
    return 0;
}

/*
 * Repairs the end of the record file, under its lock: every writer
 * appends whole lines while it holds the lock, so a last line without
 * its '\n' was cut short by a run that died while writing it (kill -9,
 * a full disk).  Such a line is removed with a warning -- unless it is a
 * complete record, which only gets its '\n'.  Without this, the next
 * record would be glued to the torn one.  0, or -1 with a message.
 */
static int repair_tail(const arena_opts *o, int fd)
{
    const char *path = o->out_path;
    struct stat st;
    char c;
    if (fstat(fd, &st) != 0 ||
        (st.st_size > 0 && pread(fd, &c, 1, st.st_size - 1) != 1)) {
        fprintf(stderr, "schafkopf: arena: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (st.st_size == 0 || c == '\n')
        return 0;
    off_t start = 0; /* where the last line begins */
    char buf[4096];
    for (off_t pos = st.st_size; pos > 0 && start == 0;) {
        size_t n = pos > (off_t)sizeof buf ? sizeof buf : (size_t)pos;
        pos -= (off_t)n;
        if (pread(fd, buf, n, pos) != (ssize_t)n) {
            fprintf(stderr, "schafkopf: arena: cannot read %s: %s\n", path, strerror(errno));
            return -1;
        }
        for (size_t i = n; i-- > 0;)
            if (buf[i] == '\n') {
                start = pos + (off_t)i + 1;
                break;
            }
    }
    size_t len = (size_t)(st.st_size - start);
    bool whole = false;
    char *tail = len < (1u << 20) ? malloc(len) : NULL;
    sk_record *rec = tail ? malloc(sizeof *rec) : NULL;
    if (rec && pread(fd, tail, len, start) == (ssize_t)len)
        whole = sk_record_read(rec, tail, len, NULL) == 0;
    free(rec);
    free(tail);
    if (whole ? write_all(fd, "\n", 1) != 0 : ftruncate(fd, start) != 0) {
        fprintf(stderr, "schafkopf: arena: %s: cannot repair its last line: %s\n", path,
                strerror(errno));
        return -1;
    }
    if (!whole)
        fprintf(stderr, "schafkopf: arena: warning: %s: removed an unfinished last line "
                        "(%zu bytes, from a run killed while writing it)\n", path, len);
    return 0;
}

/* FNV-1a of a line: how a record already in --out is recognised. */
static uint64_t line_hash(const char *s, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

/* The key deal * 16 + seating of a record line whose id is
 * "arena-SEED-DEAL-SEATING" of this match and one of this run's deals,
 * else 0.  The writer puts the id first after the format. */
static uint64_t record_key(const arena_opts *o, const char *line, size_t len)
{
    static const char tag[] = "\"id\":\"arena-";
    size_t t = sizeof tag - 1;
    for (size_t i = 0; i + t < len && i < 256; i++) {
        if (memcmp(line + i, tag, t) != 0)
            continue;
        const char *q = line + i + t;
        char *end;
        if (*q < '0' || *q > '9' || strtoull(q, &end, 10) != o->m.seed || *end != '-')
            return 0;
        q = end + 1;
        unsigned long long deal = *q >= '0' && *q <= '9' ? strtoull(q, &end, 10) : 0;
        if (*end != '-')
            return 0;
        q = end + 1;
        unsigned long long seating = *q >= '0' && *q <= '9' ? strtoull(q, &end, 10) : 0;
        if (*end != '"' || seating < 1 || seating > SKX_ARENA_MAX_SEATINGS || deal < o->first ||
            deal > o->first + o->deals - 1)
            return 0;
        return deal * 16 + seating;
    }
    return 0;
}

/* Orders have_rec by key, then hash. */
static int have_cmp(const void *x, const void *y)
{
    const have_rec *a = x, *b = y;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return a->hash < b->hash ? -1 : a->hash > b->hash;
}

/*
 * Notes the records of this run's deals already in --out: a run killed
 * after writing a deal's records and before its log line replays that
 * deal when resumed, and must not write the same records again.  A record
 * counts as there when its id and its whole text are the same.  0 or -1.
 */
static int scan_records(const arena_opts *o, arena_files *f)
{
    FILE *in = fopen(o->out_path, "r");
    if (!in) {
        fprintf(stderr, "schafkopf: arena: cannot read %s: %s\n", o->out_path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0, room = 0;
    ssize_t len;
    int status = 0;
    while (status == 0 && (len = getline(&line, &cap, in)) > 0) {
        uint64_t key = record_key(o, line, (size_t)len);
        if (!key)
            continue;
        if (f->nhave == room) {
            room = room ? room * 2 : 16;
            have_rec *more = realloc(f->have, room * sizeof *more);
            if (!more) {
                fprintf(stderr, "schafkopf: arena: out of memory\n");
                status = -1;
                break;
            }
            f->have = more;
        }
        f->have[f->nhave++] = (have_rec){key, line_hash(line, (size_t)len)};
    }
    free(line);
    fclose(in);
    if (f->nhave) {
        qsort(f->have, f->nhave, sizeof *f->have, have_cmp);
        fprintf(stderr, "schafkopf: arena: %s already holds %zu records of the deals this run "
                        "plays (a run stopped after writing them): they are not written "
                        "again\n", o->out_path, f->nhave);
    }
    return status;
}

/* Whether two open files are one (--out and --log given the same file:
 * its two locks would wait for each other). */
static bool same_file(int a, int b)
{
    struct stat sa, sb;
    return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* Opens the record file (--out) for appending, as the log: a resumed or
 * repeated run adds to the records already saved instead of losing them.
 * Under its lock, repairs a torn last line and notes the records already
 * there.  0, or -1 after a message. */
static int open_records(const arena_opts *o, arena_files *f)
{
    f->rec_fd = skx_cli_append_open(o->out_path, O_RDWR | O_CREAT); /* common.c */
    if (f->rec_fd < 0) {
        fprintf(stderr, "schafkopf: arena: cannot write %s: %s\n", o->out_path,
                skx_cli_write_error(errno));
        return -1;
    }
    if (f->log_fd >= 0 && same_file(f->rec_fd, f->log_fd)) {
        fprintf(stderr, "schafkopf: arena: --out and --log name the same file\n");
        return -1;
    }
    if (lock_records(o, f) < 0)
        return -1;
    int rc = repair_tail(o, f->rec_fd);
    if (rc == 0)
        rc = scan_records(o, f);
    flock(f->rec_fd, LOCK_UN);
    return rc;
}

/*
 * Appends a deal's records to --out: under the file's lock (other runs,
 * shards of one match, may append to the same file), after repairing a
 * line torn by a run that died, with one write(2) of whole lines, so the
 * records of concurrent runs never interleave and a killed run leaves
 * whole lines only.  Records already there (scan_records) are left out.
 * 0, or -1 with a message.
 */
static int write_records(const arena_opts *o, arena_files *f, const char *buf, size_t len)
{
    char *kept = NULL;
    if (f->nhave) {
        kept = malloc(len + 1);
        if (!kept) {
            fprintf(stderr, "schafkopf: arena: out of memory\n");
            return -1;
        }
        size_t n = 0;
        for (const char *p = buf; p < buf + len;) {
            const char *nl = memchr(p, '\n', (size_t)(buf + len - p));
            size_t k = nl ? (size_t)(nl - p) + 1 : (size_t)(buf + len - p);
            have_rec h = {record_key(o, p, k), line_hash(p, k)};
            if (!h.key || !bsearch(&h, f->have, f->nhave, sizeof h, have_cmp)) {
                memcpy(kept + n, p, k);
                n += k;
            }
            p += k;
        }
        buf = kept;
        len = n;
    }
    int rc = len ? lock_records(o, f) : 0;
    if (rc == 0 && len) {
        rc = repair_tail(o, f->rec_fd);
        if (rc == 0 && write_all(f->rec_fd, buf, len) < 0) {
            fprintf(stderr, "schafkopf: arena: %s: %s\n", o->out_path, strerror(errno));
            rc = -1;
        }
        flock(f->rec_fd, LOCK_UN);
    }
    free(kept);
    return rc;
}

/* Appends a deal's line to the log with one write(2), so a killed run
 * leaves whole lines only.  0, or -1 with a message. */
static int log_deal(const arena_opts *o, arena_files *f, const skx_arena_deal *d,
                    const char *info, size_t info_len)
{
    char *line = skx_arena_log_format(&o->m, d, info, info_len);
    if (!line) {
        fprintf(stderr, "schafkopf: arena: out of memory\n");
        return -1;
    }
    int rc = write_all(f->log_fd, line, strlen(line));
    free(line);
    if (rc < 0)
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->log_path, strerror(errno));
    return rc;
}

/* fsyncs the records, then the log (then --info), when the last sync is a second old
 * (or now when `force`): what a crash of the machine may lose is bounded,
 * and a cheap match (thousands of deals a second) does not wait for the
 * disk on every deal.  Records first, so that at every sync point the
 * records of every deal the log holds are on disk.  0, or -1 with a
 * message. */
int skx_arena_files_sync(const arena_opts *o, arena_files *f, bool force)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long long ns = (now.tv_sec - f->synced.tv_sec) * 1000000000ll +
                   (now.tv_nsec - f->synced.tv_nsec);
    if (!force && ns < ARENA_SYNC_NS)
        return 0;
    f->synced = now;
    if (f->rec_fd >= 0 && fsync(f->rec_fd) != 0) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->out_path, strerror(errno));
        return -1;
    }
    if (f->log_fd >= 0 && fsync(f->log_fd) != 0) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->log_path, strerror(errno));
        return -1;
    }
    if (f->info_fd >= 0 && fsync(f->info_fd) != 0) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->info_path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Opens the results log for appending (locked against a second run
 * writing it) and checks what it holds; -1 after a message. */
static int open_log(const arena_opts *o, arena_files *f)
{
    f->log_fd = skx_cli_append_open(o->log_path, O_WRONLY | O_CREAT); /* common.c */
    if (f->log_fd < 0) {
        fprintf(stderr, "schafkopf: arena: cannot write %s: %s\n", o->log_path,
                skx_cli_write_error(errno));
        return -1;
    }
    if (flock(f->log_fd, LOCK_EX | LOCK_NB) != 0) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->log_path,
                errno == EWOULDBLOCK ? "another run is writing this log" : strerror(errno));
        return -1;
    }
    return skx_arena_log_prepare(o->log_path, f->log_fd, &o->m, o->first, o->first + o->deals - 1);
}

/* Closes the files of a run (a last fsync when `sync`); 0, or -1 after a
 * message. */
int skx_arena_files_close(const arena_opts *o, arena_files *f, bool sync)
{
    int rc = sync ? skx_arena_files_sync(o, f, true) : 0;
    if (f->rec_fd >= 0 && close(f->rec_fd) != 0) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->out_path, strerror(errno));
        rc = -1;
    }
    if (f->log_fd >= 0 && close(f->log_fd) != 0) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->log_path, strerror(errno));
        rc = -1;
    }
    if (f->info_fd >= 0 && close(f->info_fd) != 0) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->info_path, strerror(errno));
        rc = -1;
    }
    f->rec_fd = f->log_fd = f->info_fd = -1;
    free(f->have);
    f->have = NULL;
    return rc;
}

/* Opens --info for appending; 0, or -1 after a message. */
static int open_info(const arena_opts *o, arena_files *f)
{
    f->info_fd = skx_cli_append_open(o->info_path, O_WRONLY | O_CREAT); /* common.c */
    if (f->info_fd < 0) {
        fprintf(stderr, "schafkopf: arena: cannot write %s: %s\n", o->info_path,
                skx_cli_write_error(errno));
        return -1;
    }
    if ((f->log_fd >= 0 && same_file(f->info_fd, f->log_fd)) ||
        (f->rec_fd >= 0 && same_file(f->info_fd, f->rec_fd))) {
        fprintf(stderr, "schafkopf: arena: --info must be a file of its own, not --out's or "
                        "--log's\n");
        return -1;
    }
    return 0;
}

/* Opens the files the options name; see arena.h. */
int skx_arena_files_open(const arena_opts *o, arena_files *f)
{
    clock_gettime(CLOCK_MONOTONIC, &f->synced);
    if (o->log_path && open_log(o, f) < 0)
        return -1;
    if (o->out_path && open_records(o, f) < 0)
        return -1;
    if (o->info_path && open_info(o, f) < 0)
        return -1;
    return 0;
}

/* Writes one finished deal; see arena.h. */
int skx_arena_files_deal(const arena_opts *o, arena_files *f, const char *records,
                        size_t records_len, const skx_arena_deal *d, const char *info,
                        size_t info_len)
{
    if (f->rec_fd >= 0 && records && write_records(o, f, records, records_len) < 0)
        return -1;
    if (f->log_fd >= 0 && log_deal(o, f, d, info, info_len) < 0)
        return -1;
    if (f->info_fd >= 0 && info_len && write_all(f->info_fd, info, info_len) < 0) {
        fprintf(stderr, "schafkopf: arena: %s: %s\n", o->info_path, strerror(errno));
        return -1;
    }
    return skx_arena_files_sync(o, f, false);
}
