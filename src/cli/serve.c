/*
 * serve.c -- `schafkopf serve`: the game server for online play
 * (docs/server.md): the browser client's files and the WebSocket
 * protocol (docs/server-protocol.md) on one port.
 */
#include "cli.h"
#include "schafkopf/server.h"
#include "schafkopf/store.h"

#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Prints the usage of `serve`. */
static void serve_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf serve [--bind ADDR] [--port N] [--db FILE|URL] [--web DIR]\n"
            "                       [--origin URL]... [--workers N] [--public-url URL]\n"
            "                       [--engine NAME=COMMAND]... [--engine-time MS]\n\n"
            "Runs the game server: people play Schafkopf together (and with bots) in\n"
            "a browser, over HTTP and a WebSocket on one port.  Rooms, games and\n"
            "sessions live in an SQLite database; after a restart every open room\n"
            "continues where it stood.  Stops on SIGINT or SIGTERM.\n\n"
            "  --bind ADDR     address to listen on (default 127.0.0.1; see docs/server.md\n"
            "                  for running behind nginx with TLS)\n"
            "  --port N        port (default 8080)\n"
            "  --db FILE|URL   database (default $XDG_DATA_HOME/schafkopf/server.db,\n"
            "                  ~/.local/share/schafkopf/server.db when unset); a\n"
            "                  postgresql://... URI uses a PostgreSQL server instead\n"
            "                  (docs/server.md, \"Cluster\")\n"
            "  --web DIR       static files of the browser client (default: the\n"
            "                  source tree's web/ beside the build directory, or the\n"
            "                  installed PREFIX/share/schafkopf/web)\n"
            "  --origin URL    one more allowed Origin of WebSocket clients, e.g.\n"
            "                  https://schafkopf.example (repeatable, at most 8); the\n"
            "                  server's own host is always allowed\n"
            "  --public-url URL\n"
            "                  the server's address as people reach it, e.g.\n"
            "                  https://schafkopf.example, for the links in the QR codes\n"
            "                  of tournament tables (default: the request's Host)\n"
            "  --workers N     bot threads (default 2)\n"
            "  --rate N        client messages a second per connection (default 20,\n"
            "                  bursts of twice as many)\n"
            "  --away N        seconds before a disconnected player's turn is played\n"
            "                  by the room's bot (default 30)\n"
            "  --engine NAME=COMMAND\n"
            "                  offer an engine (docs/engine-protocol.md) as bot \"ext:NAME\":\n"
            "                  COMMAND runs with /bin/sh -c, one process per seat\n"
            "                  (repeatable, at most 16; clients choose among the names,\n"
            "                  never a command)\n"
            "  --engine-time MS\n"
            "                  an engine's time per decision (default 5000)\n"
            "  --idle-unlist S  seconds a room may be idle (no person connected to it)\n"
            "                  before it leaves the lobby (default 1800; 0: never)\n"
            "  --idle-archive S seconds a room may be idle before it is archived: no\n"
            "                  longer in memory or restored, its games still\n"
            "                  downloadable (default 86400; 0: never)\n"
            "  --guest-forget S seconds before an unused guest session (no account) is\n"
            "                  deleted (default 2592000, 30 days; 0: never)\n"
            "  --hello-timeout S\n"
            "                  seconds a WebSocket may stay without saying hello\n"
            "                  (default 10; 0: no limit)\n"
            "  --ping S        seconds a quiet WebSocket waits for a ping; no pong\n"
            "                  10 s later closes it, so a vanished network shows its\n"
            "                  player away (default 60, 5..3600)\n"
            "  --lease S       a PostgreSQL store shared by several servers: seconds a\n"
            "                  room's lease lives unrenewed; another server takes the\n"
            "                  room of a process that died after this (default 12,\n"
            "                  2..600; docs/server.md \"Cluster\")\n"
            "fair shares (docs/server.md \"Fair shares\"; 0: no limit):\n"
            "  --trust-proxy ADDR      the reverse proxy's address: only then are a\n"
            "                          client's X-Forwarded-For and X-Real-IP believed\n"
            "  --max-conns-per-addr N  connections per address (default 64)\n"
            "  --max-rooms-per-addr N  open rooms created from one address (20)\n"
            "  --max-rooms-per-account N  ... by one account (20)\n"
            "  --max-rooms N           open rooms in all (20000)\n"
            "  --rooms-per-hour N      rooms one address creates an hour (60)\n"
            "  --max-bots-per-addr N   bots one address seats in open rooms (60)\n"
            "  --strong-jobs N         heavy bot decisions (pimc:strong, engines) and\n"
            "                          ratings at once (default: workers - 1, at least 1)\n"
            "  --bot-time MS           a bot decision's time budget (default 2000)\n"
            "  --auth-per-addr N       password checks of one address waiting (4)\n"
            "  --quiet         log errors only\n"
            "  -h, --help      this help\n");
}

/* Creates the directories above a file's path (mkdir -p of its dirname). */
static int make_parents(const char *path)
{
    char dir[PATH_MAX];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir)
        return -1;
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0700) < 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return 0;
}

/* The database as a log may show it: a postgresql:// URI without its
 * password (user:PASSWORD@host, or a password= parameter), a path as it
 * is. */
static const char *shown_db(const char *db, char *out, size_t size)
{
    if (!sk_store_is_url(db))
        return db;
    snprintf(out, size, "%s", db);
    char *auth = strstr(out, "://") + 3;
    char *end = auth + strcspn(auth, "/?");
    char *at = memchr(auth, '@', (size_t)(end - auth));
    char *colon = at ? memchr(auth, ':', (size_t)(at - auth)) : NULL;
    if (colon) {
        memmove(colon + 4, at, strlen(at) + 1);
        memcpy(colon, ":***", 4);
    }
    char *pw = strstr(out, "password=");
    if (pw) {
        char *v = pw + 9, *vend = v + strcspn(v, "&");
        memmove(v + 3, vend, strlen(vend) + 1);
        memcpy(v, "***", 3);
    }
    return out;
}

/* The default database path; 0 or -1 when no home is known. */
static int default_db(char *out, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(out, size, "%s/schafkopf/server.db", xdg);
    else if (home && home[0])
        n = snprintf(out, size, "%s/.local/share/schafkopf/server.db", home);
    else
        return -1;
    return n > 0 && (size_t)n < size ? 0 : -1;
}

/* The browser client beside the program: the source tree's web/ next
 * to its build directory (build/schafkopf -> web/), or what `make
 * install` put in PREFIX/share/schafkopf/web (PREFIX/bin/schafkopf ->
 * ../share/schafkopf/web, so a DESTDIR or a moved prefix finds it too);
 * else ./web; NULL when none is.  out holds PATH_MAX bytes (realpath). */
static const char *default_web(char out[PATH_MAX])
{
    static const char *const beside[] = {"../web", "../share/schafkopf/web"};
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    struct stat st;
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
                char dir[PATH_MAX];
                if (snprintf(dir, sizeof dir, "%s/%s", exe, beside[i]) < (int)sizeof dir &&
                    stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && realpath(dir, out))
                    return out;
            }
        }
    }
    if (stat("web", &st) == 0 && S_ISDIR(st.st_mode) && realpath("web", out))
        return out;
    return NULL;
}

/* Adds --engine NAME=COMMAND to the config (argv's text, not copied):
 * NAME 1..27 of letters, digits, '_', '-', '.'; each name once. */
static int add_engine(sk_server_config *cfg, char *arg)
{
    char q[SK_CLI_QUOTE];
    char *eq = strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg) : 0;
    if (!eq || n == 0 || n > 27 ||
        strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") != n ||
        !eq[1]) {
        fprintf(stderr, "schafkopf: serve: --engine \"%s\": give NAME=COMMAND, NAME of 1..27 "
                        "letters, digits, '_', '-', '.'\n",
                skx_cli_quote(q, arg));
        return -1;
    }
    if (cfg->nengines == SK_SERVER_MAX_ENGINES) {
        fprintf(stderr, "schafkopf: serve: at most %d --engine options\n", SK_SERVER_MAX_ENGINES);
        return -1;
    }
    *eq = '\0';
    for (int i = 0; i < cfg->nengines; i++)
        if (strcmp(cfg->engine_names[i], arg) == 0) {
            fprintf(stderr, "schafkopf: serve: --engine %s given twice\n", skx_cli_quote(q, arg));
            return -1;
        }
    cfg->engine_names[cfg->nengines] = arg;
    cfg->engine_cmds[cfg->nengines++] = eq + 1;
    return 0;
}

/* The fair shares' options (docs/server.md "Fair shares"), the i-th of
 * the block in skx_cmd_serve's table: --trust-proxy takes an IPv4
 * address, the others a number (0: no limit). */
static int share_option(sk_server_config *cfg, int i, const char *arg)
{
    static const char *const names[] = {
        "trust-proxy", "max-conns-per-addr", "max-rooms-per-addr", "max-rooms-per-account",
        "max-rooms", "rooms-per-hour", "max-bots-per-addr", "strong-jobs", "bot-time",
        "auth-per-addr"};
    if (i == 0) {
        struct in_addr a;
        if (inet_pton(AF_INET, arg, &a) != 1) {
            char q[SK_CLI_QUOTE];
            fprintf(stderr, "schafkopf: serve: --trust-proxy \"%s\": give the proxy's IPv4 "
                            "address, e.g. 127.0.0.1\n",
                    skx_cli_quote(q, arg));
            return -1;
        }
        cfg->trust_proxy = arg;
        return 0;
    }
    uint64_t v;
    if (skx_cli_number(names[i], arg, i == 8 ? 600000 : 10000000, &v) < 0)
        return -1;
    int *field[] = {NULL,
                    &cfg->max_conns_addr,
                    &cfg->max_rooms_addr,
                    &cfg->max_rooms_account,
                    &cfg->max_rooms,
                    &cfg->rooms_per_hour,
                    &cfg->max_bots_addr,
                    &cfg->strong_jobs,
                    &cfg->bot_ms,
                    &cfg->auth_per_addr};
    *field[i] = (int)v;
    return 0;
}

int skx_cmd_serve(int argc, char **argv)
{
    static const struct option opts[] = {{"bind", required_argument, 0, 'b'},
                                         {"port", required_argument, 0, 'p'},
                                         {"db", required_argument, 0, 'd'},
                                         {"web", required_argument, 0, 'w'},
                                         {"origin", required_argument, 0, 'o'},
                                         {"public-url", required_argument, 0, 'u'},
                                         {"workers", required_argument, 0, 'j'},
                                         {"rate", required_argument, 0, 'r'},
                                         {"away", required_argument, 0, 'a'},
                                         {"engine", required_argument, 0, 'e'},
                                         {"engine-time", required_argument, 0, 't'},
                                         {"idle-unlist", required_argument, 0, 1101},
                                         {"idle-archive", required_argument, 0, 1102},
                                         {"guest-forget", required_argument, 0, 1103},
                                         {"hello-timeout", required_argument, 0, 1104},
                                         {"ping", required_argument, 0, 1105},
                                         {"lease", required_argument, 0, 1106},
                                         /* fair shares: share_option() */
                                         {"trust-proxy", required_argument, 0, 1000},
                                         {"max-conns-per-addr", required_argument, 0, 1001},
                                         {"max-rooms-per-addr", required_argument, 0, 1002},
                                         {"max-rooms-per-account", required_argument, 0, 1003},
                                         {"max-rooms", required_argument, 0, 1004},
                                         {"rooms-per-hour", required_argument, 0, 1005},
                                         {"max-bots-per-addr", required_argument, 0, 1006},
                                         {"strong-jobs", required_argument, 0, 1007},
                                         {"bot-time", required_argument, 0, 1008},
                                         {"auth-per-addr", required_argument, 0, 1009},
                                         {"quiet", no_argument, 0, 'q'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    sk_server_config cfg;
    sk_server_config_init(&cfg);
    char db[PATH_MAX], web[PATH_MAX], webdir[PATH_MAX];
    const char *web_arg = NULL;
    uint64_t v;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'b':
            cfg.bind = optarg;
            break;
        case 'p':
            if (skx_cli_number("port", optarg, 65535, &v) < 0)
                return 2;
            cfg.port = (int)v;
            break;
        case 'd':
            cfg.db = optarg;
            break;
        case 'w':
            web_arg = optarg;
            break;
        case 'o':
            if (cfg.norigins == SK_SERVER_MAX_ORIGINS) {
                fprintf(stderr, "schafkopf: serve: at most %d --origin options\n",
                        SK_SERVER_MAX_ORIGINS);
                return 2;
            }
            if (strncmp(optarg, "http://", 7) != 0 && strncmp(optarg, "https://", 8) != 0) {
                char q[SK_CLI_QUOTE];
                fprintf(stderr, "schafkopf: serve: --origin \"%s\": an origin is "
                                "http://HOST[:PORT] or https://HOST[:PORT]\n",
                        skx_cli_quote(q, optarg));
                return 2;
            }
            cfg.origins[cfg.norigins++] = optarg;
            break;
        case 'u':
            if ((strncmp(optarg, "http://", 7) != 0 && strncmp(optarg, "https://", 8) != 0) ||
                strlen(optarg) > 200 || strpbrk(optarg, " \"'<>#?")) {
                char q[SK_CLI_QUOTE];
                fprintf(stderr, "schafkopf: serve: --public-url \"%s\": an address is "
                                "http://HOST[:PORT][/PATH] or https://...\n",
                        skx_cli_quote(q, optarg));
                return 2;
            }
            cfg.public_url = optarg;
            break;
        case 'j':
            if (skx_cli_number("workers", optarg, 64, &v) < 0)
                return 2;
            if (v == 0) {
                fprintf(stderr, "schafkopf: serve: --workers must be 1..64\n");
                return 2;
            }
            cfg.workers = (int)v;
            break;
        case 'r':
            if (skx_cli_number("rate", optarg, 1000000, &v) < 0)
                return 2;
            if (v == 0) {
                fprintf(stderr, "schafkopf: serve: --rate must be at least 1\n");
                return 2;
            }
            cfg.rate = (double)v;
            cfg.burst = 2.0 * (double)v;
            break;
        case 'a':
            if (skx_cli_number("away", optarg, 86400, &v) < 0)
                return 2;
            cfg.away_seconds = (int)v;
            break;
        case 'e':
            if (add_engine(&cfg, optarg) < 0)
                return 2;
            break;
        case 't':
            if (skx_cli_number("engine-time", optarg, 600000, &v) < 0)
                return 2;
            if (v < 10) {
                fprintf(stderr, "schafkopf: serve: --engine-time must be 10..600000 ms\n");
                return 2;
            }
            cfg.engine_ms = (int)v;
            break;
        case 1101: /* forgetting (docs/server.md "Forgetting") */
        case 1102:
        case 1103:
        case 1104: {
            static const char *const names[] = {"idle-unlist", "idle-archive", "guest-forget",
                                                "hello-timeout"};
            if (skx_cli_number(names[c - 1101], optarg, c == 1104 ? 3600 : 10 * 365 * 86400,
                               &v) < 0)
                return 2;
            int64_t *to[] = {&cfg.idle_unlist, &cfg.idle_archive, &cfg.guest_forget,
                             &cfg.hello_timeout};
            *to[c - 1101] = (int64_t)v;
            break;
        }
        case 1105:
            if (skx_cli_number("ping", optarg, 3600, &v) < 0)
                return 2;
            if (v < 5) {
                fprintf(stderr, "schafkopf: serve: --ping must be 5..3600 seconds\n");
                return 2;
            }
            cfg.ping = (int64_t)v;
            break;
        case 1106:
            if (skx_cli_number("lease", optarg, 600, &v) < 0)
                return 2;
            if (v < 2) {
                fprintf(stderr, "schafkopf: serve: --lease must be 2..600 seconds\n");
                return 2;
            }
            cfg.lease_seconds = (int)v;
            break;
        case 'q':
            cfg.quiet = 1;
            break;

        case 'h':
            serve_usage(stdout);
            return 0;
        default:
            if (c >= 1000 && c <= 1009) { /* the fair shares' block */
                if (share_option(&cfg, c - 1000, optarg) < 0)
                    return 2;
                break;
            }
            serve_usage(stderr);
            return 2;
        }
    }
    if (optind < argc) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: serve: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind]));
        return 2;
    }
    if (!cfg.db) {
        if (default_db(db, sizeof db) < 0) {
            fprintf(stderr, "schafkopf: serve: no home directory for the database: give --db\n");
            return 2;
        }
        cfg.db = db;
    }
    if (!sk_store_is_url(cfg.db) && make_parents(cfg.db) < 0) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: serve: cannot create the directory of %s: %s\n",
                skx_cli_quote(q, cfg.db), strerror(errno));
        return 1;
    }
    if (web_arg) {
        struct stat st;
        if (!realpath(web_arg, webdir) || stat(webdir, &st) < 0 || !S_ISDIR(st.st_mode)) {
            char q[SK_CLI_QUOTE];
            fprintf(stderr, "schafkopf: serve: --web %s: not a directory\n",
                    skx_cli_quote(q, web_arg));
            return 2;
        }
        cfg.web = webdir;
    } else {
        cfg.web = default_web(web);
    }
    /* What a service's log should say once: which database and which
     * client files this run uses (the server's own line gives the
     * address), and that it stopped. */
    if (!cfg.quiet) {
        char q1[SK_CLI_QUOTE], q2[SK_CLI_QUOTE], shown[PATH_MAX];
        const char *dbname = shown_db(cfg.db, shown, sizeof shown);
        if (cfg.web)
            printf("schafkopf serve: database %s, browser client %s\n",
                   skx_cli_quote(q1, dbname), skx_cli_quote(q2, cfg.web));
        else
            printf("schafkopf serve: database %s, no browser client (give --web DIR): "
                   "only /api and the WebSocket\n",
                   skx_cli_quote(q1, dbname));
        fflush(stdout);
    }
    sk_error err = {{0}, NULL};
    if (sk_server_run(&cfg, &err) < 0) {
        fprintf(stderr, "schafkopf: serve: %s\n", err.msg);
        return 1;
    }
    if (!cfg.quiet)
        printf("schafkopf serve: stopped\n");
    return 0;
}
