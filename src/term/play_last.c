/*
 * play_last.c -- finds the session `schafkopf play --continue` goes on
 * with: the newest session file in the data directory, by the time it
 * or the game left in the middle (its FILE.partial) was last written.
 */
#include "term/term.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The directory of the session files: $XDG_DATA_HOME/schafkopf, else
 * ~/.local/share/schafkopf, else ./schafkopf-sessions (as play saves). */
void skx_play_data_dir(char *buf, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && xdg[0])
        snprintf(buf, size, "%s/schafkopf", xdg);
    else if (home && home[0])
        snprintf(buf, size, "%s/.local/share/schafkopf", home);
    else
        snprintf(buf, size, "schafkopf-sessions");
}

/* Whether a directory entry is a session file: session-*.jsonl. */
static bool session_name(const char *name)
{
    size_t n = strlen(name);
    return strncmp(name, "session-", 8) == 0 && n > 14 && strcmp(name + n - 6, ".jsonl") == 0;
}

/* The newest session file into buf; 0, or -1 when there is none.  The
 * newer of the file's and its side file's times counts, so a session
 * left in the middle of a game is found even if an older one ended
 * later. */
int skx_play_last_session(char *buf, size_t size)
{
    char dir[900];
    skx_play_data_dir(dir, sizeof dir);
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    struct timespec best = {0, 0};
    int found = -1;
    while ((e = readdir(d)) != NULL) {
        if (!session_name(e->d_name))
            continue;
        char path[1200];
        struct stat st, sp;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        struct timespec t = st.st_mtim;
        char side[1300];
        snprintf(side, sizeof side, "%s.partial", path);
        if (stat(side, &sp) == 0 && (sp.st_mtim.tv_sec > t.tv_sec ||
                                     (sp.st_mtim.tv_sec == t.tv_sec &&
                                      sp.st_mtim.tv_nsec > t.tv_nsec)))
            t = sp.st_mtim;
        if (found < 0 || t.tv_sec > best.tv_sec ||
            (t.tv_sec == best.tv_sec && (t.tv_nsec > best.tv_nsec ||
                                         (t.tv_nsec == best.tv_nsec && strcmp(path, buf) > 0)))) {
            best = t;
            snprintf(buf, size, "%s", path);
            found = 0;
        }
    }
    closedir(d);
    return found;
}
