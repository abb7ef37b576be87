/*
 * common.c -- helpers the subcommands share: ruleset options, numbers,
 * reading files.
 */
#include "cli.h"
#include "schafkopf/ai.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Applies one ruleset option from the command line. */
int sk_cli_rules_option(sk_rules *r, int opt, const char *arg)
{
    sk_error err = {{0}, NULL};
    int rc = 0;
    if (opt == SK_OPT_PRESET) {
        rc = sk_rules_preset(r, arg, &err);
    } else if (opt == SK_OPT_RULE) {
        rc = sk_rules_set_pair(r, arg, &err);
    } else {
        size_t len;
        char *text = sk_cli_slurp(arg, &len);
        if (!text) {
            fprintf(stderr, "schafkopf: --rules %s: %s\n", arg, strerror(errno));
            return -1;
        }
        rc = sk_rules_parse(r, text, &err);
        free(text);
        if (rc < 0) {
            fprintf(stderr, "schafkopf: --rules %s: %s\n", arg, err.msg);
            return -1;
        }
        return 0;
    }
    if (rc < 0) {
        fprintf(stderr, "schafkopf: --%s %s: %s\n", opt == SK_OPT_PRESET ? "preset" : "rule",
                arg, err.msg);
        return -1;
    }
    return 0;
}

/* Parses a whole decimal number in 0..max. */
int sk_cli_number(const char *name, const char *arg, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(arg, &end, 10);
    if (!arg[0] || *end || errno || arg[0] == '-' || v > max) {
        fprintf(stderr, "schafkopf: --%s: \"%s\" is not a number in 0..%llu\n", name, arg,
                (unsigned long long)max);
        return -1;
    }
    *out = v;
    return 0;
}

/* Reads a whole file, or stdin for "-". */
char *sk_cli_slurp(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    bool failed = ferror(f);
    if (f != stdin)
        fclose(f);
    if (!buf || failed) {
        free(buf);
        errno = failed ? EIO : ENOMEM;
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* The cores online (at least 1). */
int sk_cli_cores(void)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus > 0 ? (int)(cpus < 4096 ? cpus : 4096) : 1;
}

/* The threads an exact solve uses without --jobs: the cores, at most 4
 * (more were never measured). */
int sk_cli_solver_jobs_default(void)
{
    int n = sk_cli_cores();
    return n < 4 ? n : 4;
}

/* The threads an exact solve may use, from --jobs (see cli.h). */
int sk_cli_solver_jobs(const char *cmd, const char *arg, int *jobs)
{
    uint64_t n;
    if (sk_cli_number("jobs", arg, SK_SOLVER_MAX_THREADS, &n) < 0)
        return -1;
    if (n < 1) {
        fprintf(stderr, "schafkopf: %s: --jobs: at least 1 thread\n", cmd);
        return -1;
    }
    *jobs = (int)n;
    return 0;
}
