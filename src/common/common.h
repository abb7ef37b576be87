/*
 * common.h -- what every room of the `schafkopf` program shares: the
 * ruleset options, numbers and --jobs on a command line, reading files
 * and lines, saving a file whole, quoting untrusted text, the last check
 * of stdout (common.c).  The commands (src/cli), the terminal game
 * (src/term) and the match tools (src/lab) include it; it includes no
 * room of the program, only the library.  Its names keep the prefix
 * skx_cli_ of the command line they serve.
 */
#ifndef SKX_COMMON_H
#define SKX_COMMON_H

#include "schafkopf/core.h"
#include "schafkopf/playout.h"

#include <stdio.h>

/* Long-option ids shared by subcommands that take a ruleset. */
enum { SKX_OPT_PRESET = 1000, SKX_OPT_RULE, SKX_OPT_RULES_FILE };

/* Applies --preset NAME, --rule key=value or --rules FILE to `r`;
 * prints a message naming the bad option and returns -1 on error.  A
 * preset after any option is an error (it would reset them): `*seen`,
 * false before the first, records whether an option came. */
int skx_cli_rules_option(sk_rules *r, int opt, const char *arg, bool *seen);
/* Checks the options against each other once all are given
 * (sk_rules_validate); -1 with a message naming them. */
int skx_cli_rules_check(const sk_rules *r);

/* Room for skx_cli_quote: up to 512 bytes of input, so a file name from a
 * deep directory keeps its last part (the tests run from any clone). */
#define SK_CLI_QUOTE 1024
/* Quotes untrusted text for a message with core's sk_escape: no raw
 * control bytes reach the terminal.  Returns buf. */
const char *skx_cli_quote(char buf[SK_CLI_QUOTE], const char *s);

/* Parses a whole non-negative number for option `name`; -1 on error
 * with a message. */
int skx_cli_number(const char *name, const char *arg, uint64_t max, uint64_t *out);
/* The cores online (at least 1), for the default of --jobs. */
int skx_cli_cores(void);
/* The default of --jobs for the exact solver: the cores, at most 4. */
int skx_cli_solver_jobs_default(void);
/* Parses --jobs for the exact solver: 1..SK_SOLVER_MAX_THREADS; 0 or -1
 * with a message naming the command. */
int skx_cli_solver_jobs(const char *cmd, const char *arg, int *jobs);

/* Reads the whole of a file ("-" = stdin) of at most max bytes into a
 * malloc'd string; NULL with errno (EISDIR, EFBIG past max, ...). */
char *skx_cli_slurp(const char *path, size_t *len, size_t max);
/* The message for a failed skx_cli_slurp, from errno. */
const char *skx_cli_read_error(int error);

/* skx_cli_getline's results besides a length. */
enum { SK_CLI_EOF = -1, SK_CLI_TOO_LONG = -2, SK_CLI_READ_ERROR = -3 };
/* Reads one line of at most max bytes (newline dropped); see common.c. */
long skx_cli_getline(FILE *f, char **buf, size_t *cap, size_t max);
/* The next line of a line-based command (sheet, tournament): as
 * skx_cli_getline, the CR of a Windows line dropped; a line with a NUL
 * byte is refused ("REFUSED: NUL") and SK_CLI_SKIP returned, a line too
 * long or a read error ends the input ("schafkopf: CMD: why") with
 * SK_CLI_STOP.  Else the length, or SK_CLI_EOF. */
enum { SK_CLI_SKIP = -4, SK_CLI_STOP = -5 };
long skx_cli_command_line(FILE *in, char **buf, size_t *cap, size_t max, const char *cmd,
                          const char *refused);
/* A file being written whole (common.c, "Saving a file"): f is where
 * to write; a regular file, or a symlink's target, is written to the
 * temporary tmp and renamed over target at the commit, a character
 * device or a FIFO is written in place. */
typedef struct skx_cli_out {
    FILE *f;
    bool in_place;      /* a device or a FIFO: no temporary */
    char target[4096];  /* the name the temporary replaces (links followed) */
    char tmp[4200];     /* target.tmpPID */
} skx_cli_out;
/* Opens path to write it whole: a regular file, a new name or a
 * symlink's target through a temporary, a character device or a FIFO in
 * place; a directory is refused (EISDIR), a block device or a socket too
 * (ENOTSUP).  0, or -1 with errno. */
int skx_cli_out_open(skx_cli_out *o, const char *path);
/* Flushes and closes the file; a temporary is synced and renamed over
 * its target.  0, or -1 with errno (a write error too: ENOSPC of
 * /dev/full), the temporary removed and the old file left as it was. */
int skx_cli_out_commit(skx_cli_out *o);
/* Closes the file and removes its temporary; errno is kept. */
void skx_cli_out_abort(skx_cli_out *o);
/* Writes text to path as a whole file (skx_cli_out_open, fputs,
 * skx_cli_out_commit): 0, or -1 with errno. */
int skx_cli_save_text(const char *path, const char *text);
/* The message for an errno of these helpers: strerror, but ENOTSUP is
 * "not a regular file". */
const char *skx_cli_write_error(int error);
/* Opens a file that grows (play's session, arena's --out, --log,
 * --info) for appending, flags O_WRONLY or O_RDWR, with O_CREAT or not;
 * through a symlink its target grows.  Only a regular file: a directory
 * is refused (EISDIR), anything else too (ENOTSUP).  The descriptor, or
 * -1 with errno. */
int skx_cli_append_open(const char *path, int flags);

/* Flushes and closes stdout at exit; a write error is a message and a
 * failing status. */
int skx_cli_finish_output(int status);

#endif
