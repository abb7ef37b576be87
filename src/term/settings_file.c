/*
 * settings_file.c -- where the settings of `schafkopf play` live, and
 * reading and writing that file (the text itself: settings.c).
 */
#include "settings.h"
#include "common/common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void skx_settings_path(char *buf, size_t size)
{
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    if (xdg && xdg[0] == '/')
        snprintf(buf, size, "%s/schafkopf/play.conf", xdg);
    else if (home && home[0])
        snprintf(buf, size, "%s/.config/schafkopf/play.conf", home);
    else
        snprintf(buf, size, "schafkopf-play.conf");
}

int skx_settings_load(const char *path, skx_settings *s, skx_settings_read *rd)
{
    memset(rd, 0, sizeof *rd);
    size_t len = 0;
    char *text = skx_cli_slurp(path, &len, SKX_SETTINGS_FILE_MAX);
    if (!text) {
        if (errno == ENOENT || errno == ENOTDIR) /* no file there: a path under a file too */
            return 0;
        rd->nbad = 1; /* line 0: the file as a whole; its value says why */
        rd->issue[0].line = 0;
        rd->issue[0].fault = SKX_SF_SYNTAX;
        rd->issue[0].field = -1;
        snprintf(rd->issue[0].value, sizeof rd->issue[0].value, "%s",
                 skx_cli_read_error(errno));
        return 1;
    }
    skx_settings_parse(s, text, len, rd);
    free(text);
    return rd->nbad;
}

int skx_settings_save(const char *path, const skx_settings *s)
{
    char dir[1024], text[2048];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = '\0';
        for (char *c = dir + 1; *c; c++) /* mkdir -p */
            if (*c == '/') {
                *c = '\0';
                if (mkdir(dir, 0755) < 0 && errno != EEXIST)
                    return -1;
                *c = '/';
            }
        if (mkdir(dir, 0755) < 0 && errno != EEXIST)
            return -1;
    }
    size_t n = skx_settings_format(s, text, sizeof text);
    if (n >= sizeof text) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return skx_cli_save_text(path, text);
}
