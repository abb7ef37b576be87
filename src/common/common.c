/*
 * common.c -- helpers the subcommands share: ruleset options, numbers,
 * reading files, and writing them (one set of rules for every file the
 * program writes).
 */
#include "common/common.h"
#include "schafkopf/ai.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Quotes untrusted text (argv, ids, file names) for a message: the one
 * escape of core (sk_escape), so a terminal never sees raw control bytes. */
const char *skx_cli_quote(char buf[SK_CLI_QUOTE], const char *s)
{
    return sk_escape(buf, SK_CLI_QUOTE, s, (size_t)-1, SK_CLI_QUOTE / 2);
}

/* Whether a --rule argument sets the preset ("preset=NAME"). */
static bool rule_is_preset(const char *pair)
{
    while (*pair == ' ' || *pair == '\t')
        pair++;
    if (strncmp(pair, "preset", 6) != 0)
        return false;
    pair += 6;
    while (*pair == ' ' || *pair == '\t')
        pair++;
    return *pair == '=';
}

/*
 * Applies one ruleset option from the command line.  The order is the
 * one of ruleset files and records: a preset first, then options in the
 * order given.  A preset after an option would reset it, so it is an
 * error (`*seen` remembers whether an option came already), whether it
 * comes as --preset, --rule preset=NAME or a preset line of a --rules
 * file.
 */
int skx_cli_rules_option(sk_rules *r, int opt, const char *arg, bool *seen)
{
    sk_error err = {{0}, NULL};
    char q[SK_CLI_QUOTE];
    int rc = 0;
    bool is_preset = opt == SKX_OPT_PRESET || (opt == SKX_OPT_RULE && rule_is_preset(arg));
    if (is_preset && *seen) {
        fprintf(stderr,
                "schafkopf: %s %s: a preset must come before every --rule and --rules (it "
                "would reset them); give --preset first\n",
                opt == SKX_OPT_PRESET ? "--preset" : "--rule", skx_cli_quote(q, arg));
        return -1;
    }
    if (opt == SKX_OPT_PRESET) {
        rc = sk_rules_preset(r, arg, &err);
    } else if (opt == SKX_OPT_RULE) {
        rc = sk_rules_set_pair(r, arg, &err);
    } else {
        size_t len;
        char *text = skx_cli_slurp(arg, &len, SK_RULES_MAX_FILE);
        if (!text) {
            fprintf(stderr, "schafkopf: --rules %s: %s (a ruleset file has at most %d bytes)\n",
                    skx_cli_quote(q, arg), skx_cli_read_error(errno), SK_RULES_MAX_FILE);
            return -1;
        }
        rc = sk_rules_parse_len(r, text, len, *seen ? SK_RULES_NO_PRESET : 0, &err);
        free(text);
        if (rc < 0) {
            fprintf(stderr, "schafkopf: --rules %s: %s\n", skx_cli_quote(q, arg), err.msg);
            return -1;
        }
        *seen = true;
        return 0;
    }
    if (rc < 0) {
        fprintf(stderr, "schafkopf: --%s %s: %s\n", opt == SKX_OPT_PRESET ? "preset" : "rule",
                skx_cli_quote(q, arg), err.msg);
        return -1;
    }
    *seen |= !is_preset;
    return 0;
}

/* Checks the options of a command line against each other once all are
 * given (sk_rules_validate, as files and records do). */
int skx_cli_rules_check(const sk_rules *r)
{
    sk_error err = {{0}, NULL};
    if (sk_rules_validate(r, &err) < 0) {
        fprintf(stderr, "schafkopf: conflicting rule options: %s\n", err.msg);
        return -1;
    }
    return 0;
}

/* Parses a whole decimal number in 0..max. */
int skx_cli_number(const char *name, const char *arg, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(arg, &end, 10);
    if (!arg[0] || *end || errno || arg[0] == '-' || v > max) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: --%s: \"%s\" is not a number in 0..%llu\n", name,
                skx_cli_quote(q, arg), (unsigned long long)max);
        return -1;
    }
    *out = v;
    return 0;
}

/*
 * Reads a whole file, or stdin for "-", of at most `max` bytes.  NULL
 * with errno set on failure: the read's own error (EISDIR for a
 * directory, EIO), EFBIG when the file is longer than max, ENOMEM.
 */
char *skx_cli_slurp(const char *path, size_t *len, size_t max)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    int error = buf ? 0 : ENOMEM;
    while (buf) {
        errno = 0;
        n += fread(buf + n, 1, cap - n - 1, f);
        if (ferror(f)) {
            error = errno ? errno : EIO;
            break;
        }
        if (n > max) {
            error = EFBIG;
            break;
        }
        if (n < cap - 1)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            error = ENOMEM;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    if (f != stdin)
        fclose(f);
    if (error) {
        free(buf);
        errno = error;
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* What went wrong in skx_cli_slurp or skx_cli_getline, in words. */
const char *skx_cli_read_error(int error)
{
    return error == EFBIG ? "too long" : strerror(error);
}

/*
 * Reads one line (without its newline) of at most `max` bytes into *buf
 * (grown as needed, NUL-terminated; NUL bytes inside are kept, the
 * length says where the line ends).  Returns the length, SK_CLI_EOF at
 * the end, SK_CLI_TOO_LONG once a line passes max (the rest of the
 * stream is not read: an endless line, /dev/zero, must not fill the
 * memory), SK_CLI_READ_ERROR with errno set (EISDIR for a directory).
 */
long skx_cli_getline(FILE *f, char **buf, size_t *cap, size_t max)
{
    size_t n = 0;
    int c;
    errno = 0;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (n >= max)
            return SK_CLI_TOO_LONG;
        if (n + 2 > *cap) {
            size_t want = *cap ? *cap * 2 : 256;
            char *bigger = realloc(*buf, want);
            if (!bigger) {
                errno = ENOMEM;
                return SK_CLI_READ_ERROR;
            }
            *buf = bigger;
            *cap = want;
        }
        (*buf)[n++] = (char)c;
    }
    if (c == EOF && ferror(f)) {
        if (!errno)
            errno = EIO;
        return SK_CLI_READ_ERROR;
    }
    if (c == EOF && n == 0)
        return SK_CLI_EOF;
    if (!*buf) {
        *buf = malloc(1);
        if (!*buf) {
            errno = ENOMEM;
            return SK_CLI_READ_ERROR;
        }
        *cap = 1;
    }
    (*buf)[n] = '\0';
    return (long)n;
}

/*
 * Finishes the program's output: flushes and closes stdout and reports
 * a write error (a full disk, /dev/full, a closed pipe) that buffered
 * writes hid until now.  Returns `status`, or 1 after a write error.
 */
int skx_cli_finish_output(int status)
{
    int error = 0;
    if (fflush(stdout) != 0 || ferror(stdout))
        error = errno ? errno : EIO;
    if (fclose(stdout) != 0 && !error)
        error = errno ? errno : EIO;
    if (error) {
        fprintf(stderr, "schafkopf: write error on standard output: %s\n", strerror(error));
        return status ? status : 1;
    }
    return status;
}

/* The cores online (at least 1). */
int skx_cli_cores(void)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus > 0 ? (int)(cpus < 4096 ? cpus : 4096) : 1;
}

/* The threads an exact solve uses without --jobs: the cores, at most 4
 * (more were never measured). */
int skx_cli_solver_jobs_default(void)
{
    int n = skx_cli_cores();
    return n < 4 ? n : 4;
}

/* The threads an exact solve may use, from --jobs (see common.h). */
int skx_cli_solver_jobs(const char *cmd, const char *arg, int *jobs)
{
    uint64_t n;
    if (skx_cli_number("jobs", arg, SK_SOLVER_MAX_THREADS, &n) < 0)
        return -1;
    if (n < 1) {
        fprintf(stderr, "schafkopf: %s: --jobs: at least 1 thread\n", cmd);
        return -1;
    }
    *jobs = (int)n;
    return 0;
}

/* The next line of a line-based command; see common.h.  Both `sheet` and
 * `tournament` read their input this way, so they refuse the same. */
long skx_cli_command_line(FILE *in, char **buf, size_t *cap, size_t max, const char *cmd,
                          const char *refused)
{
    long got = skx_cli_getline(in, buf, cap, max);
    if (got == SK_CLI_EOF)
        return got;
    if (got < 0) {
        fprintf(stderr, "schafkopf: %s: %s\n", cmd,
                got == SK_CLI_TOO_LONG ? "a line is too long" : skx_cli_read_error(errno));
        return SK_CLI_STOP;
    }
    if (memchr(*buf, '\0', (size_t)got)) {
        fprintf(stderr, "%s: NUL\n", refused);
        return SK_CLI_SKIP;
    }
    if (got > 0 && (*buf)[got - 1] == '\r')
        (*buf)[--got] = '\0'; /* a line of a Windows file */
    return got;
}

/*
 * Saving a file (docs/architecture.md, "Saving a file").  Whatever the
 * program writes goes through skx_cli_out_open (a file written whole) or
 * skx_cli_append_open (a file that grows), and what they do depends on
 * what the path names:
 *
 *   - a regular file, or nothing: the text goes to a temporary beside
 *     it (NAME.tmpPID, created anew, never through a link), which is
 *     synced and renamed over the name at the commit -- the file holds
 *     the old text or the new, whatever happens to the process; the
 *     replacement keeps the old file's mode (and owner, where it may);
 *   - a symlink: the same for the file it leads to, through every link
 *     (a dangling one's target is created): the link stays, and the
 *     temporary is made beside the target, so the rename never crosses
 *     a filesystem and needs no right to the link's directory;
 *   - a character device or a FIFO (/dev/null, /dev/stdout, a terminal,
 *     a pipe): written in place -- opened without O_CREAT or O_TRUNC, so
 *     nothing replaces it -- and a write error (ENOSPC of /dev/full) is
 *     the commit's failure; a FIFO's open waits for its reader;
 *   - a directory: refused (EISDIR); a block device or a socket: refused
 *     (ENOTSUP, "not a regular file") -- a disk is never written over.
 */

/* The message for an errno of the save helpers: strerror, but ENOTSUP
 * says what the helpers refuse it for. */
const char *skx_cli_write_error(int error)
{
    return error == ENOTSUP ? "not a regular file" : strerror(error);
}

/*
 * Follows the symlinks from path to the name a rename must replace,
 * into buf: the last link's target, which need not exist (a dangling
 * link's target is created).  A relative target counts from its link's
 * directory, as the kernel takes it.  0, or -1 with errno (ELOOP after
 * 40 links, ENAMETOOLONG, a failed lstat but ENOENT).
 */
static int follow_links(const char *path, char *buf, size_t size)
{
    char link[4096];
    if (snprintf(buf, size, "%s", path) >= (int)size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (int hops = 0;; hops++) {
        struct stat st;
        if (lstat(buf, &st) != 0)
            return errno == ENOENT ? 0 : -1;
        if (!S_ISLNK(st.st_mode))
            return 0;
        if (hops == 40) {
            errno = ELOOP;
            return -1;
        }
        ssize_t n = readlink(buf, link, sizeof link);
        if (n < 0)
            return -1;
        char *slash = strrchr(buf, '/');
        size_t dir = link[0] != '/' && slash ? (size_t)(slash - buf) + 1 : 0;
        if ((size_t)n >= sizeof link || dir + (size_t)n >= size) {
            errno = ENAMETOOLONG;
            return -1;
        }
        memcpy(buf + dir, link, (size_t)n);
        buf[dir + (size_t)n] = '\0';
    }
}

/* Opens a character device or a FIFO where it is (see above): no
 * O_CREAT, no O_TRUNC.  0, or -1 with errno (EAGAIN when the name was
 * made something else meanwhile: that is not written over). */
static int open_in_place(skx_cli_out *o, const char *path)
{
    int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstat(fd, &st) != 0 || !(S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) {
        close(fd);
        errno = EAGAIN;
        return -1;
    }
    o->f = fdopen(fd, "w");
    if (!o->f) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    o->in_place = true;
    return 0;
}

/* Opens a file to write whole; see the rules above and cli.h. */
int skx_cli_out_open(skx_cli_out *o, const char *path)
{
    o->f = NULL;
    o->in_place = false;
    o->tmp[0] = '\0';
    snprintf(o->target, sizeof o->target, "%s", path);
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (!exists && errno != ENOENT)
        return -1; /* ENOTDIR, EACCES, ELOOP: nothing to write there */
    if (exists && S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    if (exists && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)))
        return open_in_place(o, path);
    if (exists && !S_ISREG(st.st_mode)) {
        errno = ENOTSUP;
        return -1;
    }
    if (follow_links(path, o->target, sizeof o->target) < 0)
        return -1;
    /* the pid keeps two programs' temporaries apart */
    if (snprintf(o->tmp, sizeof o->tmp, "%s.tmp%ld", o->target, (long)getpid()) >=
        (int)sizeof o->tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC;
    int fd = open(o->tmp, flags, 0666);
    if (fd < 0 && errno == EEXIST && unlink(o->tmp) == 0) /* a dead run's, of this pid */
        fd = open(o->tmp, flags, 0666);
    if (fd < 0)
        return -1;
    if (exists) {
        if (fchown(fd, st.st_uid, st.st_gid) != 0) {
            /* another user's file: its replacement is ours */
        }
        if (fchmod(fd, st.st_mode & 0777) != 0) {
            /* the mode of a new file then */
        }
    }
    o->f = fdopen(fd, "w");
    if (!o->f) {
        int e = errno;
        close(fd);
        unlink(o->tmp);
        errno = e;
        return -1;
    }
    return 0;
}

/* Finishes a file opened by skx_cli_out_open; see common.h. */
int skx_cli_out_commit(skx_cli_out *o)
{
    int e = 0;
    if (fflush(o->f) != 0)
        e = errno ? errno : EIO;
    else if (ferror(o->f))
        e = EIO; /* a write failed before, its errno is gone */
    if (!e && !o->in_place && fsync(fileno(o->f)) != 0)
        e = errno;
    if (fclose(o->f) != 0 && !e)
        e = errno ? errno : EIO;
    o->f = NULL;
    if (!e && !o->in_place && rename(o->tmp, o->target) != 0)
        e = errno;
    if (e && !o->in_place)
        unlink(o->tmp);
    if (e) {
        errno = e;
        return -1;
    }
    return 0;
}

/* Gives up a file opened by skx_cli_out_open, keeping errno: the
 * temporary is removed, the file at the path stays as it was. */
void skx_cli_out_abort(skx_cli_out *o)
{
    int e = errno;
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (!o->in_place && o->tmp[0])
        unlink(o->tmp);
    errno = e;
}

/* Writes a text as a whole file; see common.h.  A regular file holds the
 * old text or the new, whatever happens to the process. */
int skx_cli_save_text(const char *path, const char *text)
{
    skx_cli_out o;
    if (skx_cli_out_open(&o, path) < 0)
        return -1;
    if (fputs(text, o.f) < 0) {
        skx_cli_out_abort(&o);
        return -1;
    }
    return skx_cli_out_commit(&o);
}

/*
 * Opens a file that grows (see above): appended to, created when it is
 * not there (with O_CREAT in `flags`), through a symlink its target.
 * Such files are read back when a run resumes, so only a regular file
 * will do: anything else is refused before it is written (EISDIR,
 * ENOTSUP).  `flags` is O_WRONLY or O_RDWR, with O_CREAT or not.  The
 * descriptor, or -1 with errno.
 */
int skx_cli_append_open(const char *path, int flags)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        errno = S_ISDIR(st.st_mode) ? EISDIR : ENOTSUP;
        return -1;
    }
    /* O_NONBLOCK: a FIFO put there meanwhile must not hold the open */
    int fd = open(path, flags | O_APPEND | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (errno == ENXIO) /* such a FIFO without a reader, a socket */
            errno = ENOTSUP;
        return -1;
    }
    int e = 0, fl;
    if (fstat(fd, &st) != 0)
        e = errno;
    else if (!S_ISREG(st.st_mode))
        e = ENOTSUP;
    else if ((fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0)
        e = errno;
    if (e) {
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}
