/*
 * play.c -- `schafkopf play`: a session against three computer players.
 *
 * The driver owns the session, the game and the bots; it asks the bots
 * through their views (sk_game_view + sk_bot_act) and the human through
 * a UI (ui_plain.c or ui_curses.c), and changes the game only through
 * sk_game_apply.  Kontra and Retour may be given out of turn (3.3): core's
 * sk_turn_next says who is asked when.
 * After every game the record is appended to the session file and
 * fsync'ed, so `--resume FILE` can continue the evening.  A game left in
 * the middle (q, end of input, SIGINT, SIGTERM, SIGHUP) is saved to the
 * side file FILE.partial, and `--resume FILE` goes on at the action
 * where it stopped (docs/record-format.md, "Sessions").
 */
#include "ui.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The signal (SIGINT, SIGTERM, SIGHUP) that asked to stop, or 0: the
 * handler only sets it; the game loop saves the game in progress and
 * ends.  The one piece of global state, as a signal handler needs. */
static volatile sig_atomic_t play_signal;

/* Everything one session of play needs; no global state. */
typedef struct play_ctx {
    sk_session session;
    sk_rng rng;
    sk_bot *bots[SK_NSEATS];
    sk_bot *hint_bot;
    skx_ui *ui;
    skx_table table;
    sk_score_row *rows;
    int nrows, caprows;
    char path[1024];       /* session file */
    FILE *out;             /* opened at the first save */
    int human;
    uint64_t max_games;    /* 0: until the player quits */
    sk_turn turn;          /* who is asked next, doublings out of turn included */
    sk_record *partial;    /* --resume: the game in progress to go on with */
    bool saved;            /* a finished game was saved in this run */
    bool partial_saved;    /* the game left in the middle is in FILE.partial */
    int partial_error;     /* errno of a failed save of it, or 0 */
} play_ctx;

/* Options as parsed from the command line. */
typedef struct play_opts {
    sk_rules rules;
    const char *bots;
    const char *resume;
    uint64_t seed, games, seat, delay, trick_pause;
    bool seeded, plain, cont;
    bool rules_given;      /* --preset, --rule or --rules */
    skx_lang lang;
} play_opts;

/* Prints the usage of `play`. */
static void play_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf play [OPTIONS]\n\n"
            "Plays Schafkopf against three computer players: full screen on a terminal,\n"
            "line by line with --plain or when stdin is not a terminal.  Every finished\n"
            "game is appended as a record to $XDG_DATA_HOME/schafkopf/session-TIME.jsonl\n"
            "(default ~/.local/share/schafkopf/).\n\n"
            "  --seat N        your seat 0..3 (default 0)\n"
            "  --bots SPEC     bots for the other seats: one spec or three separated by\n"
            "                  commas: random, heuristic, pimc, pimc:N, pimc:strong,\n"
            "                  a pimc spec optionally ending in :infer\n"
            "                  (default heuristic if available, else random)\n"
            "  --seed N        reproducible deals and bots (default: OS random source)\n"
            "  --games N       stop after N games (default: until you quit with q)\n"
            "  --lang de|en    German table talk (default) or English\n"
            "  --plain         line mode (for scripts and screen readers)\n"
            "  --delay MS      full screen: pause after each card of a bot (default 300)\n"
            "  --trick-pause MS  full screen: a finished trick stays this long, or until\n"
            "                  a key (default 1500)\n"
            "  --continue      go on with the last session, the game left in the middle\n"
            "                  included (the newest file in the directory above)\n"
            "  --resume FILE   continue a saved session (totals, next dealer, the game\n"
            "                  left in the middle); its ruleset is the file's, and with\n"
            "                  the session's --seed the deals go on where they stopped\n"
            "  --preset NAME   ruleset preset (official, tournament, sauspiel, kurz,\n"
            "                  stammtisch), first\n"
            "  --rule K=V      set one rule option (repeatable)\n"
            "  --rules FILE    read a ruleset file\n"
            "  -h, --help      this help\n\n"
            "Keys (full screen): arrows + Enter, a card's number or its code (e.g. g o) to\n"
            "play; in a menu its number (two digits, or one and Enter); k gives Kontra or\n"
            "Retour while allowed; l last trick, ? hint, v the course after a game, q quit.\n"
            "Plain mode: type a card code, a number, or words like weiter / ich spiele /\n"
            "pass / bid solo / declare sauspiel:G / kontra.\n");
}

/* Parses the command line into opts; returns -1 (exit 2), 1 (help shown)
 * or 0. */
static int parse_opts(int argc, char **argv, play_opts *o)
{
    static const struct option opts[] = {
        {"seat", required_argument, 0, 'S'},    {"bots", required_argument, 0, 'b'},
        {"seed", required_argument, 0, 's'},    {"games", required_argument, 0, 'n'},
        {"lang", required_argument, 0, 'L'},    {"plain", no_argument, 0, 'p'},
        {"delay", required_argument, 0, 'd'},   {"resume", required_argument, 0, 'r'},
        {"trick-pause", required_argument, 0, 'T'}, {"continue", no_argument, 0, 'C'},
        {"help", no_argument, 0, 'h'},          {"preset", required_argument, 0, SKX_OPT_PRESET},
        {"rule", required_argument, 0, SKX_OPT_RULE},
        {"rules", required_argument, 0, SKX_OPT_RULES_FILE},
        {0, 0, 0, 0}};
    int c;
    optind = 1;
    bool rules_seen = false;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        int rc = 0;
        if (c == 'S')
            rc = skx_cli_number("seat", optarg, 3, &o->seat);
        else if (c == 'b')
            o->bots = optarg;
        else if (c == 's') {
            rc = skx_cli_number("seed", optarg, UINT64_MAX, &o->seed);
            o->seeded = true;
        } else if (c == 'n')
            rc = skx_cli_number("games", optarg, 1000000, &o->games);
        else if (c == 'd')
            rc = skx_cli_number("delay", optarg, 10000, &o->delay);
        else if (c == 'T')
            rc = skx_cli_number("trick-pause", optarg, 60000, &o->trick_pause);
        else if (c == 'L') {
            if (strcasecmp(optarg, "de") != 0 && strcasecmp(optarg, "en") != 0) {
                char q[SK_CLI_QUOTE];
                fprintf(stderr, "schafkopf: --lang: \"%s\" is not de or en\n",
                        skx_cli_quote(q, optarg));
                return -1;
            }
            o->lang = (optarg[0] | 0x20) == 'e' ? SKX_LANG_EN : SKX_LANG_DE;
        } else if (c == 'p')
            o->plain = true;
        else if (c == 'r')
            o->resume = optarg;
        else if (c == 'C')
            o->cont = true;
        else if (c >= SKX_OPT_PRESET) {
            rc = skx_cli_rules_option(&o->rules, c, optarg, &rules_seen);
            o->rules_given = true;
        }
        else if (c == 'h') {
            play_usage(stdout);
            return 1;
        } else {
            play_usage(stderr);
            return -1;
        }
        if (rc < 0)
            return -1;
    }
    if (optind < argc) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: play: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind]));
        return -1;
    }
    return skx_cli_rules_check(&o->rules);
}

/* The hint callback: the hint bot's values for the view's seat. */
static int hint_fn(void *ctx, const sk_view *v, sk_action *acts, double *values, int max)
{
    play_ctx *p = ctx;
    return p->hint_bot ? sk_bot_hint(p->hint_bot, v, acts, values, max) : 0;
}

/* The doubling hint callback: whether the hint bot would double. */
static int double_hint_fn(void *ctx, const sk_view *v, int type)
{
    play_ctx *p = ctx;
    if (!p->hint_bot)
        return -1;
    sk_action a = sk_bot_act(p->hint_bot, v);
    return a.type == type;
}

/* Creates the three bots from a spec list ("a" or "a,b,c") and the hint
 * bot (heuristic when known, else the first bot's spec). */
static int make_bots(play_ctx *p, const char *spec_list)
{
    sk_error err = {{0}, NULL};
    const char *def = spec_list;
    sk_bot *probe = def ? NULL : sk_bot_new("heuristic", 1, NULL);
    if (!def)
        def = probe ? "heuristic" : "random";
    sk_bot_free(probe);
    char specs[3][64];
    const char *s = def;
    for (int i = 0; i < 3; i++) {
        const char *comma = strchr(s, ',');
        size_t len = comma ? (size_t)(comma - s) : strlen(s);
        snprintf(specs[i], sizeof specs[i], "%.*s", (int)len, s);
        if (comma)
            s = comma + 1;
    }
    for (int i = 0, k = 0; i < SK_NSEATS; i++) {
        if (i == p->human)
            continue;
        p->bots[i] = sk_bot_new(specs[k++], sk_rng_next(&p->rng), &err);
        if (!p->bots[i]) {
            fprintf(stderr, "schafkopf: --bots: %s\n", err.msg);
            return -1;
        }
    }
    p->hint_bot = sk_bot_new("heuristic", sk_rng_next(&p->rng), NULL);
    if (!p->hint_bot)
        p->hint_bot = sk_bot_new(specs[0], sk_rng_next(&p->rng), NULL);
    return 0;
}

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
 * or ~/.local/share/schafkopf/... */
static int session_path(play_ctx *p)
{
    char dir[900];
    skx_play_data_dir(dir, sizeof dir);
    if (make_dirs(dir) < 0) {
        fprintf(stderr, "schafkopf: cannot create %s: %s\n", dir, strerror(errno));
        return -1;
    }
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(p->path, sizeof p->path, "%s/session-%s-%ld.jsonl", dir, stamp, (long)getpid());
    return 0;
}

/* Appends a finished game's record and forces it to disk, so a crash
 * loses nothing already saved. */
static int save_game(play_ctx *p, const sk_game *g)
{
    if (!p->out) {
        p->out = fopen(p->path, "a");
        if (!p->out)
            return -1;
    }
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
static int add_row(play_ctx *p, const sk_result *res, int dealer)
{
    if (p->nrows == p->caprows) {
        int cap = p->caprows ? p->caprows * 2 : 16;
        sk_score_row *rows = realloc(p->rows, sizeof *rows * (size_t)cap);
        if (!rows)
            return -1;
        p->rows = rows;
        p->caprows = cap;
    }
    sk_score_row *r = &p->rows[p->nrows++];
    r->dealer = (uint8_t)dealer;
    r->declarer = res->declarer;
    r->thrown_in = res->thrown_in;
    r->won = res->won;
    r->contract = res->contract;
    for (int s = 0; s < SK_NSEATS; s++) {
        r->money[s] = res->money[s];
        r->tournament[s] = res->tournament[s];
    }
    p->table.rows = p->rows;
    p->table.nrows = p->nrows;
    return 0;
}

/* Whether two rulesets are the same in every option (and preset). */
static bool rules_same(const sk_rules *a, const sk_rules *b)
{
    char ta[4096], tb[4096];
    size_t na = sk_rules_format(a, ta, sizeof ta), nb = sk_rules_format(b, tb, sizeof tb);
    return na == nb && na < sizeof ta && strcmp(ta, tb) == 0;
}

/* Names a ruleset for a message: "official" or "official with
 * kontra_max=1, tariff=...". */
static void rules_name(const sk_rules *r, char *buf, size_t size)
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
    if (rules_same(&rec->rules, &p->session.rules))
        return 0;
    char mine[1024], theirs[1024];
    rules_name(&rec->rules, mine, sizeof mine);
    rules_name(&p->session.rules, theirs, sizeof theirs);
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
static int resume_session(play_ctx *p, const char *path)
{
    FILE *f = fopen(path, "r+");
    if (!f) {
        fprintf(stderr, "schafkopf: --resume %s: %s\n", path, strerror(errno));
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
            add_row(p, &res, rec->dealer) < 0)
            status = -1;
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
static int resume_partial(play_ctx *p)
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
static int save_partial(play_ctx *p, const sk_game *g)
{
    char path[1100], tmp[1200];
    partial_path(p->path, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (!p->out && !(p->out = fopen(p->path, "a")))
        return -1;
    sk_record *rec = malloc(sizeof *rec);
    if (!rec)
        return -1;
    char id[32];
    snprintf(id, sizeof id, "%u", p->session.games + 1);
    sk_record_from_game(rec, g, id);
    char *line = sk_record_write(rec);
    free(rec);
    FILE *f = line ? fopen(tmp, "w") : NULL;
    int rc = f ? 0 : -1;
    if (f) {
        rc = fputs(line, f) < 0 || fflush(f) != 0 || fsync(fileno(f)) != 0 ? -1 : 0;
        if (fclose(f) != 0)
            rc = -1;
        if (rc == 0)
            rc = rename(tmp, path);
        if (rc != 0)
            unlink(tmp);
    }
    free(line);
    return rc;
}

/* Logs a line and shows it; `other`: about another seat's action. */
static void say(play_ctx *p, const char *line, bool other)
{
    skx_table_log(&p->table, line);
    p->ui->event(p->ui, &p->table, line, other);
}

/* Says what a seat did: into the log and the seat's last word. */
static void announce(play_ctx *p, const sk_public *before, sk_action a)
{
    skx_table *t = &p->table;
    char words[64], line[96];
    skx_lang_action(t->lang, before, a, words, sizeof words);
    if (a.type != SK_ACT_CARD)
        snprintf(t->said[a.seat], sizeof t->said[a.seat], "%s", words);
    snprintf(line, sizeof line, "%s: %s", skx_lang_seat(t->lang, t->human, a.seat), words);
    say(p, line, a.seat != p->human);
}

/* Announces what an applied action brought: the trick's winner, the
 * called ace's holder, the start of the play. */
static void announce_after(play_ctx *p, const sk_game *g, const sk_public *before, sk_action a)
{
    skx_table *t = &p->table;
    skx_lang L = t->lang;
    char line[128];
    if (a.type == SK_ACT_CARD && g->pub.trick_no > before->trick_no) {
        int k = before->trick_no;
        sk_cards cards = 0;
        for (int i = 0; i < 4; i++)
            cards |= SK_BIT(g->pub.tricks[k][i]);
        int w = g->pub.trick_winners[k];
        if (w == t->human) /* "Du machst Stich 3 (11 Augen)" */
            snprintf(line, sizeof line, skx_tr(L, L_TAKES_YOU), k + 1, sk_cards_points(cards));
        else
            snprintf(line, sizeof line, skx_tr(L, L_TAKES), skx_lang_seat(L, t->human, w), k + 1,
                     sk_cards_points(cards));
        t->trick_end = true;
        say(p, line, false);
        t->trick_end = false;
    } else if (a.type == SK_ACT_DECLARE && g->pub.phase == SK_PHASE_PLAY) {
        snprintf(line, sizeof line, "%s: %s", skx_tr(L, L_LEADS),
                 skx_lang_seat(L, t->human, g->pub.trick_leader));
        say(p, line, false);
    }
}

/* Applies an action (already checked or not) and tells the UI. */
static int apply(play_ctx *p, sk_game *g, sk_action a, sk_error *err)
{
    sk_public before = g->pub;
    int rc = sk_game_apply(g, a, err);
    if (rc < 0)
        return rc;
    sk_game_view(g, p->human, &p->table.view);
    /* the log tells what the human's seat saw: a Hochzeit's card only
     * to the two who exchange it */
    announce(p, &before, sk_game_seen_action(g, g->pub.nactions - 1, p->human));
    announce_after(p, g, &before, a);
    return 0;
}

/* A bot's decision; a refused one is replaced by the first legal action
 * so the game goes on (and the refusal is shown). */
static void bot_move(play_ctx *p, sk_game *g, int seat)
{
    sk_view v;
    sk_game_view(g, seat, &v);
    sk_action a = sk_bot_act(p->bots[seat], &v);
    a.seat = (uint8_t)seat;
    sk_error err = {{0}, NULL};
    if (apply(p, g, a, &err) < 0) {
        p->ui->error(p->ui, &p->table, err.msg);
        sk_action legal[SK_MAX_LEGAL];
        sk_view_legal(&v, legal);
        apply(p, g, legal[0], NULL);
    }
}

/* Asks the human until an action is accepted; SKX_UI_QUIT to stop. */
static int human_move(play_ctx *p, sk_game *g)
{
    for (;;) {
        sk_action legal[SK_MAX_LEGAL], mine[SK_MAX_LEGAL];
        sk_game_view(g, p->human, &p->table.view);
        int n = sk_view_legal(&p->table.view, legal), k = 0;
        for (int i = 0; i < n; i++) /* the doublings last: a key, not a card */
            if (legal[i].type != SK_ACT_KONTRA && legal[i].type != SK_ACT_RETOUR)
                mine[k++] = legal[i];
        for (int i = 0; i < n; i++)
            if (legal[i].type == SK_ACT_KONTRA || legal[i].type == SK_ACT_RETOUR)
                mine[k++] = legal[i];
        sk_action a;
        if (p->ui->choose(p->ui, &p->table, mine, k, &a) == SKX_UI_QUIT)
            return SKX_UI_QUIT;
        a.seat = (uint8_t)p->human;
        sk_error err = {{0}, NULL};
        if (apply(p, g, a, &err) == 0)
            return SKX_UI_OK;
        char why[256];
        skx_lang_refusal(p->table.lang, &err, why, sizeof why);
        p->ui->error(p->ui, &p->table, why);
    }
}

/*
 * Offers `seat` the doubling `type` out of turn (3.3); core decides who
 * is asked when (sk_turn_next).  The human answers through the UI, a bot
 * through its view.  Returns SKX_UI_QUIT if the human quits.
 */
static int ask_doubling(play_ctx *p, sk_game *g, int seat, int type)
{
    sk_action a = sk_act_double(seat, type);
    if (seat == p->human) {
        sk_game_view(g, p->human, &p->table.view);
        int rc = p->ui->offer(p->ui, &p->table, a);
        if (rc == SKX_UI_QUIT)
            return rc;
        if (rc == SKX_UI_NO) {
            sk_turn_decline(&p->turn, g, seat);
            return SKX_UI_OK;
        }
    } else {
        sk_view v;
        sk_game_view(g, seat, &v);
        a = sk_bot_act(p->bots[seat], &v);
        a.seat = (uint8_t)seat;
        if (a.type != type) {
            sk_turn_decline(&p->turn, g, seat);
            return SKX_UI_OK;
        }
    }
    if (apply(p, g, a, NULL) < 0)
        sk_turn_decline(&p->turn, g, seat);
    return SKX_UI_OK;
}

/* Starts a game: clears the table and announces dealer and forehand.
 * The game in progress of a resumed session (p->partial) is not dealt
 * but set up from its record, and its actions so far are applied and
 * shown again; 0, or -1 when it does not replay. */
static int start_game(play_ctx *p, sk_game *g)
{
    skx_table *t = &p->table;
    sk_error err = {{0}, NULL};
    if (p->partial && sk_session_start(&p->session, g, p->partial->hands, &err) < 0) {
        fprintf(stderr, "schafkopf: %s.partial: %s\n", p->path, err.msg);
        return -1;
    }
    if (!p->partial)
        sk_session_deal(&p->session, g, &p->rng);
    t->game_no = p->session.games + 1;
    memset(t->said, 0, sizeof t->said);
    t->nlog = 0;
    sk_turn_init(&p->turn);
    sk_game_view(g, p->human, &t->view);
    char line[128];
    snprintf(line, sizeof line, "%s %u: %s %s, %s %s", skx_tr(t->lang, L_GAME), t->game_no,
             skx_tr(t->lang, L_DEALER), skx_lang_seat(t->lang, t->human, g->pub.dealer),
             skx_tr(t->lang, L_FOREHAND), skx_lang_seat(t->lang, t->human, (g->pub.dealer + 1) % 4));
    say(p, line, false);
    int status = 0;
    for (int i = 0; p->partial && i < p->partial->nactions && status == 0; i++)
        if ((status = apply(p, g, p->partial->actions[i], &err)) < 0)
            fprintf(stderr, "schafkopf: %s.partial: actions[%d]: %s\n", p->path, i, err.msg);
    free(p->partial);
    p->partial = NULL;
    return status;
}

/* Removes the side file of the game in progress: its game is finished
 * and saved in the session file. */
static void drop_partial(play_ctx *p)
{
    char path[1100];
    partial_path(p->path, path, sizeof path);
    unlink(path);
}

/* Skips the deals a resumed session has played: with the session's
 * --seed the next game gets the deal it would have got had the session
 * not stopped (game n of a session is the n-th shuffle after the bots'
 * seeds and the first dealer are drawn). */
static void skip_deals(play_ctx *p, unsigned n)
{
    sk_game *g = malloc(sizeof *g);
    for (unsigned i = 0; g && i < n; i++)
        sk_game_deal(g, &p->session.rules, 0, &p->rng, false);
    free(g);
}

/* Plays one game; books and saves it when finished.  SKX_UI_QUIT when the
 * human quits or a signal stops the program: a game left in the middle
 * is then saved to the side file (p->partial_saved, or p->partial_error). */
static int play_game(play_ctx *p, bool last)
{
    sk_game *g = malloc(sizeof *g);
    if (!g)
        return SKX_UI_QUIT;
    bool started = start_game(p, g) == 0;
    int rc = started ? SKX_UI_OK : SKX_UI_QUIT;
    while (rc == SKX_UI_OK && !sk_game_over(g)) {
        if (play_signal) {
            rc = SKX_UI_QUIT;
            break;
        }
        int offer, seat = sk_turn_next(&p->turn, g, &offer);
        if (offer >= 0)
            rc = ask_doubling(p, g, seat, offer);
        else if (seat == p->human)
            rc = human_move(p, g);
        else
            bot_move(p, g, seat);
    }
    if (rc == SKX_UI_OK) {
        sk_result res;
        sk_error err = {{0}, NULL};
        int dealer = g->pub.dealer;
        sk_session_finish(&p->session, g, &res, &err);
        add_row(p, &res, dealer);
        if (save_game(p, g) < 0)
            p->ui->error(p->ui, &p->table, strerror(errno));
        else {
            p->saved = true;
            drop_partial(p);
        }
        char explain[256];
        skx_table_explain(&p->table, &p->session.rules, &res, explain, sizeof explain);
        sk_game_view(g, p->human, &p->table.view);
        char *course = skx_table_course(&p->table, g, &p->session.rules, &res);
        p->table.course = course; /* the game is over: every hand may be shown */
        rc = p->ui->summary(p->ui, &p->table, &res, explain, last);
        p->table.course = NULL;
        free(course);
    } else if (started && !sk_game_over(g)) {
        if (save_partial(p, g) == 0)
            p->partial_saved = true;
        else
            p->partial_error = errno ? errno : EIO;
    }
    free(g);
    return rc;
}

/* Frees what the context owns. */
static void ctx_free(play_ctx *p)
{
    for (int i = 0; i < SK_NSEATS; i++)
        sk_bot_free(p->bots[i]);
    sk_bot_free(p->hint_bot);
    if (p->out)
        fclose(p->out);
    free(p->rows);
    free(p->partial);
}

/* Sets up the context from the options: rules, rng, bots, session. */
static int ctx_init(play_ctx *p, const play_opts *o)
{
    memset(p, 0, sizeof *p);
    p->human = (int)o->seat;
    p->max_games = o->games;
    if (o->seeded)
        sk_rng_seed(&p->rng, o->seed);
    else if (sk_rng_seed_os(&p->rng) < 0) {
        fprintf(stderr, "schafkopf: play: no OS random source\n");
        return -1;
    }
    if (make_bots(p, o->bots) < 0)
        return -1;
    sk_session_init(&p->session, &o->rules, (int)sk_rng_below(&p->rng, 4));
    if (o->resume ? resume_session(p, o->resume) < 0 || resume_partial(p) < 0
                  : session_path(p) < 0)
        return -1;
    if (o->resume && o->rules_given && !rules_same(&o->rules, &p->session.rules)) {
        char given[1024], file[1024];
        rules_name(&o->rules, given, sizeof given);
        rules_name(&p->session.rules, file, sizeof file);
        fprintf(stderr, "schafkopf: play: --preset/--rule/--rules with --resume: the session "
                        "%s plays %s, not %s; the ruleset of a resumed session is the file's "
                        "(leave these options out)\n", o->resume, file, given);
        return -2;
    }
    if (o->resume && o->seeded)
        skip_deals(p, p->session.games + (p->partial != NULL));
    skx_table *t = &p->table;
    t->lang = o->lang;
    t->human = p->human;
    t->session = &p->session;
    t->rows = p->rows;
    t->nrows = p->nrows;
    t->hint = hint_fn;
    t->double_hint = double_hint_fn;
    t->hint_ctx = p;
    t->delay_ms = (int)o->delay;
    t->trick_pause_ms = (int)o->trick_pause;
    t->prompt_newline = !isatty(0);
    return 0;
}

/* The signal handler: notes the signal, nothing else. */
static void on_signal(int sig)
{
    play_signal = sig;
}

int skx_cmd_play(int argc, char **argv)
{
    play_opts o = {.delay = 300, .trick_pause = 1500, .lang = SKX_LANG_DE};
    sk_rules_preset(&o.rules, "official", NULL);
    int rc = parse_opts(argc, argv, &o);
    if (rc == 0 && o.rules.players != 4) {
        fprintf(stderr, "schafkopf: play: the terminal game seats four players; "
                        "players=%d is for selfplay and the arena\n", o.rules.players);
        return 2;
    }
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    char last[1024];
    if (o.cont && !o.resume) { /* --continue: the newest session, else a new one */
        if (skx_play_last_session(last, sizeof last) == 0)
            o.resume = last;
        else
            fprintf(stderr, "%s\n", skx_tr(o.lang, L_NO_SESSION));
    }
    /* a stopped game is saved (play_game); an ignored signal stays so */
    static const int SIGNALS[3] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction sa, old[3];
    memset(&sa, 0, sizeof sa);
    memset(old, 0, sizeof old);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    play_signal = 0;
    for (int i = 0; i < 3; i++)
        if (sigaction(SIGNALS[i], NULL, &old[i]) == 0 && old[i].sa_handler != SIG_IGN)
            sigaction(SIGNALS[i], &sa, NULL);
    play_ctx *p = malloc(sizeof *p);
    int init = p ? ctx_init(p, &o) : -1;
    if (init < 0) {
        if (p)
            ctx_free(p);
        free(p);
        for (int i = 0; i < 3; i++)
            sigaction(SIGNALS[i], &old[i], NULL);
        return init == -2 ? 2 : 1;
    }
    bool plain = o.plain || !isatty(0) || !isatty(1);
    p->ui = plain ? NULL : skx_ui_curses_open();
    if (!p->ui)
        p->ui = skx_ui_plain_open();
    rc = p->ui ? SKX_UI_OK : SKX_UI_QUIT;
    for (uint64_t n = 0; rc == SKX_UI_OK && (!p->max_games || n < p->max_games); n++)
        rc = play_game(p, p->max_games && n + 1 == p->max_games);
    if (p->ui)
        p->ui->close(p->ui);
    if (p->saved)
        printf("%s %s\n", skx_tr(o.lang, L_SAVED), p->path);
    if (p->partial_saved)
        printf("%s %s.partial (schafkopf play --resume %s)\n", skx_tr(o.lang, L_SAVED_PARTIAL),
               p->path, p->path);
    if (p->partial_error)
        fprintf(stderr, "schafkopf: play: cannot save the game in progress to %s.partial: %s\n",
                p->path, strerror(p->partial_error));
    fflush(stdout);
    ctx_free(p);
    free(p);
    for (int i = 0; i < 3; i++)
        sigaction(SIGNALS[i], &old[i], NULL);
    return play_signal ? 128 + play_signal : 0;
}
