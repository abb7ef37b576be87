/*
 * play.c -- `schafkopf play`: a session against three computer players.
 *
 * This file holds the command line, the setting up of a session and the
 * loop over its games; the driver's parts are play_session.c (the
 * session file), play_bots.c and play_game.c (one game).
 * After every game the record is appended to the session file and
 * fsync'ed, so `--resume FILE` can continue the evening.  A game left in
 * the middle (q, end of input, SIGINT, SIGTERM, SIGHUP) is saved to the
 * side file FILE.partial, and `--resume FILE` goes on at the action
 * where it stopped (docs/record-format.md, "Sessions").
 */
#include "play.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* The signal (SIGINT, SIGTERM, SIGHUP) that asked to stop, or 0: the
 * handler only sets it; the game loop saves the game in progress and
 * ends.  The one piece of global state, as a signal handler needs. */
static volatile sig_atomic_t play_signal;

/* Options as parsed from the command line. */
typedef struct play_opts {
    sk_rules rules;
    const char *bots;
    const char *resume;
    const char *sheet;     /* --sheet FILE */
    uint64_t seed, games, seat, delay, trick_pause, hold;
    bool seeded, plain, cont, fresh;
    bool settings;         /* --settings: edit them and end */
    bool rules_given;      /* --preset, --rule or --rules */
    skx_lang lang;
} play_opts;

/* Prints the usage of `play` in German (the players' default). */
static void play_usage_de(FILE *out)
{
    fprintf(out,
            "Aufruf: schafkopf play [OPTIONEN]\n\n"
            "Schafkopf gegen drei Computerspieler: ganzer Bildschirm am Terminal, Zeile\n"
            "für Zeile mit --plain oder wenn die Eingabe kein Terminal ist.  Jedes\n"
            "fertige Spiel kommt als Protokoll in $XDG_DATA_HOME/schafkopf/session-ZEIT.jsonl\n"
            "(sonst ~/.local/share/schafkopf/); am Ende nennt play die Datei und den Befehl\n"
            "schafkopf analyze, der deine Entscheidungen bewertet.  Kann das Verzeichnis\n"
            "nicht beschrieben werden, sagt play das und speichert nichts.\n\n"
            "  --seat N        dein Sitz 0..3 (Vorgabe 0)\n"
            "  --bots SPEC     die Gegner: eine Angabe oder drei mit Kommas: random,\n"
            "                  heuristic, pimc, pimc:N, pimc:strong, eine pimc-Angabe\n"
            "                  auch mit :infer, :uniform, :pw, :dd am Ende\n"
            "                  (Vorgabe pimc, oder die Gegner der Einstellungen)\n"
            "  --seed N        wiederholbare Blätter und Gegner (Vorgabe: Zufall des Systems)\n"
            "  --games N       nach N Spielen aufhören (Vorgabe: bis du mit q aufhörst)\n"
            "  --lang de|en    deutsch (Vorgabe) oder englisch\n"
            "  --plain         Zeilenmodus (für Skripte und Bildschirmleser)\n"
            "  --delay MS      ganzer Bildschirm: Pause nach jeder Karte eines Gegners\n"
            "                  (Vorgabe 300)\n"
            "  --trick-pause MS  ganzer Bildschirm: ein fertiger Stich bleibt so lange\n"
            "                  liegen, oder bis zu einer Taste (Vorgabe 1500)\n"
            "  --hold S        ganzer Bildschirm: solange du Kontra, Retour geben oder\n"
            "                  klopfen darfst, wartet der Tisch mit der Karte, die das\n"
            "                  beenden würde, bis zu S Sekunden ab Beginn (Vorgabe 4,\n"
            "                  0 aus: dann wird das Klopfen gefragt); keine Taste = nein\n"
            "  --continue      die letzte Runde fortsetzen, samt dem angefangenen Spiel\n"
            "                  (die neueste Datei im Verzeichnis oben); am Terminal fragt\n"
            "                  play, wenn die Runde ein angefangenes Spiel hat\n"
            "  --new           eine neue Runde, ohne zu fragen\n"
            "  --settings      die Einstellungen (Regeln, Tarif, Gegner, Stichpause,\n"
            "                  Sprache, Bedenkzeit), gespeichert in $XDG_CONFIG_HOME/\n"
            "                  schafkopf/play.conf (sonst ~/.config/schafkopf/); play liest\n"
            "                  sie beim Start, die Optionen hier gehen vor\n"
            "  --sheet DATEI   jedes fertige Spiel in die Liste eines Abends buchen (die\n"
            "                  Datei von schafkopf sheet --file; mit den Namen der Sitze\n"
            "                  angelegt, Sitz N ist ihr Spieler N), abgerechnet wie ihr\n"
            "                  nächstes Spiel\n"
            "  --resume DATEI  eine gespeicherte Runde fortsetzen (Stände, nächster Geber,\n"
            "                  das angefangene Spiel); es gelten ihre Regeln, und mit dem\n"
            "                  --seed der Runde gehen die Blätter weiter, wo sie aufhörten\n"
            "  --preset NAME   Regel-Vorlage (official, tournament, sauspiel, kurz,\n"
            "                  stammtisch), zuerst\n"
            "  --rule K=V      eine Regel setzen (mehrfach)\n"
            "  --rules DATEI   Regeln aus einer Datei\n"
            "  -h, --help      diese Hilfe\n\n"
            "Tasten (ganzer Bildschirm): Pfeile + Enter, die Nummer einer Karte oder ihr\n"
            "Kürzel (z. B. g o) spielen; im Menü seine Nummer (zwei Ziffern, oder eine und\n"
            "Enter; ein Enter gleich nach einer Nummer, die schon gewählt hat, zählt\n"
            "nicht); k gibt Kontra oder Retour oder klopft, solange es geht; l letzter\n"
            "Stich, ? Tipp, o Optionen, nach einem Spiel v Spielverlauf, s Statistik,\n"
            "a Bewertung, q Ende.\n"
            "Zeilenmodus: ein Kartenkürzel, eine Nummer oder Worte wie weiter / ich spiele /\n"
            "kontra / optionen / statistik / bewerten.\n");
}

/* Prints the usage of `play`. */
static void play_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf play [OPTIONS]\n\n"
            "Plays Schafkopf against three computer players: full screen on a terminal,\n"
            "line by line with --plain or when stdin is not a terminal.  Every finished\n"
            "game is appended as a record to $XDG_DATA_HOME/schafkopf/session-TIME.jsonl\n"
            "(default ~/.local/share/schafkopf/); at the end play names the file and the\n"
            "schafkopf analyze command that rates your decisions in its games.  Where\n"
            "that directory cannot be written, play says so and saves nothing.\n\n"
            "  --seat N        your seat 0..3 (default 0)\n"
            "  --bots SPEC     bots for the other seats: one spec or three separated by\n"
            "                  commas: beginner, stammtisch, expert, random, heuristic,\n"
            "                  pimc, pimc:N, pimc:strong, a pimc spec optionally\n"
            "                  ending in :infer, :uniform, :pw, :dd, :fuse\n"
            "                  (default pimc, or the settings' opponents)\n"
            "  --seed N        reproducible deals and bots (default: OS random source)\n"
            "  --games N       stop after N games (default: until you quit with q)\n"
            "  --lang de|en    German table talk (default) or English\n"
            "  --plain         line mode (for scripts and screen readers)\n"
            "  --delay MS      full screen: pause after each card of a bot (default 300)\n"
            "  --trick-pause MS  full screen: a finished trick stays this long, or until\n"
            "                  a key (default 1500)\n"
            "  --hold S        full screen: while you may give Kontra or Retour or knock,\n"
            "                  the table holds the card that would end that, up to S\n"
            "                  seconds from the start (default 4, 0 off: then knocking\n"
            "                  is asked); no key means no\n"
            "  --continue      go on with the last session, the game left in the middle\n"
            "                  included (the newest file in the directory above); on a\n"
            "                  terminal, play asks whether to when that session has a\n"
            "                  game in progress\n"
            "  --new           a new session, without asking\n"
            "  --settings      the settings screen (rules, tariff, opponents, trick\n"
            "                  pause, language), saved in $XDG_CONFIG_HOME/schafkopf/\n"
            "                  play.conf (default ~/.config/schafkopf/); play reads them\n"
            "                  at start, and the options here override them\n"
            "  --sheet FILE    book each finished game into an evening's sheet (the file\n"
            "                  of schafkopf sheet --file; created with the seats' names,\n"
            "                  seat N is its player N), priced as the sheet's next deal\n"
            "  --resume FILE   continue a saved session (totals, next dealer, the game\n"
            "                  left in the middle); its ruleset is the file's, and with\n"
            "                  the session's --seed the deals go on where they stopped\n"
            "  --preset NAME   ruleset preset (official, tournament, sauspiel, kurz,\n"
            "                  stammtisch), first\n"
            "  --rule K=V      set one rule option (repeatable)\n"
            "  --rules FILE    read a ruleset file\n"
            "  -h, --help      this help\n\n"
            "Keys (full screen): arrows + Enter, a card's number or its code (e.g. g o) to\n"
            "play; in a menu its number (two digits, or one and Enter; an Enter right\n"
            "after a number that chose already counts for nothing); k gives Kontra or\n"
            "Retour or knocks while allowed; l last trick, ? hint, o settings, after a\n"
            "game v its course, s the session's statistics, a the rating, q quit.\n"
            "Plain mode: type a card code, a number, or words like weiter / ich spiele /\n"
            "pass / bid solo / declare sauspiel:G / kontra / optionen / statistik.\n");
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
        {"new", no_argument, 0, 'N'},           {"settings", no_argument, 0, 'O'},
        {"rules", required_argument, 0, SKX_OPT_RULES_FILE},
        {"sheet", required_argument, 0, 'K'},
        {"hold", required_argument, 0, 'H'},
        {0, 0, 0, 0}};
    int c;
    optind = 1;
    bool rules_seen = false, help = false;
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
        else if (c == 'H')
            rc = skx_cli_number("hold", optarg, SKX_SETTINGS_HOLD_MAX, &o->hold);
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
        else if (c == 'K')
            o->sheet = optarg;
        else if (c == 'N')
            o->fresh = true;
        else if (c == 'O')
            o->settings = true;
        else if (c >= SKX_OPT_PRESET) {
            rc = skx_cli_rules_option(&o->rules, c, optarg, &rules_seen);
            o->rules_given = true;
        }
        else if (c == 'h')
            help = true;
        else {
            play_usage(stderr);
            return -1;
        }
        if (rc < 0)
            return -1;
    }
    if (help) { /* after every option: --lang anywhere counts, else the settings' */
        (o->lang == SKX_LANG_EN ? play_usage : play_usage_de)(stdout);
        return 1;
    }
    if (optind < argc) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: play: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind]));
        return -1;
    }
    return skx_cli_rules_check(&o->rules);
}

/* Frees what the context owns. */
static void ctx_free(play_ctx *p)
{
    for (int i = 0; i < SK_NSEATS; i++)
        sk_bot_free(p->bots[i]);
    sk_bot_free(p->hint_bot);
    sk_rater_free(p->rater);
    if (p->out)
        fclose(p->out);
    free(p->rows);
    free(p->partial);
    free(p->finished);
    skx_play_sheet_close(p);
}

/* Sets up the context from the options: rules, rng, bots, session. */
static int ctx_init(play_ctx *p, const play_opts *o)
{
    memset(p, 0, sizeof *p);
    p->stop = &play_signal;
    p->human = (int)o->seat;
    p->max_games = o->games;
    if (o->seeded)
        sk_rng_seed(&p->rng, o->seed);
    else if (sk_rng_seed_os(&p->rng) < 0) {
        fprintf(stderr, "schafkopf: play: no OS random source\n");
        return -1;
    }
    if (skx_play_make_bots(p, o->bots) < 0)
        return -1;
    sk_session_init(&p->session, &o->rules, (int)sk_rng_below(&p->rng, 4));
    char dir[900];
    if (o->resume) {
        if (skx_play_resume_session(p, o->resume) < 0 || skx_play_resume_partial(p) < 0)
            return -1;
    } else if (skx_play_session_path(p, dir, sizeof dir) < 0) {
        /* a home that cannot be written (read-only, a path under a file)
         * is no reason not to play: said once, nothing saved */
        const char *why = strerror(errno);
        snprintf(p->notice, sizeof p->notice, skx_tr(o->lang, L_NO_SAVING), dir, why);
        fprintf(stderr, "schafkopf: %s\n", p->notice);
        p->nosave = true;
    }
    if (o->resume && o->rules_given && !skx_play_rules_same(&o->rules, &p->session.rules)) {
        char given[1024], file[1024];
        skx_play_rules_name(&o->rules, given, sizeof given);
        skx_play_rules_name(&p->session.rules, file, sizeof file);
        fprintf(stderr, "schafkopf: play: --preset/--rule/--rules with --resume: the session "
                        "%s plays %s, not %s; the ruleset of a resumed session is the file's "
                        "(leave these options out)\n", o->resume, file, given);
        return -2;
    }
    if (o->resume && o->seeded)
        skx_play_skip_deals(p, p->session.games + (p->partial != NULL));
    skx_table *t = &p->table;
    t->lang = o->lang;
    t->human = p->human;
    int rc = o->sheet ? skx_play_sheet_open(p, o->sheet) : 0;
    if (rc < 0)
        return rc;
    t->human = p->human;
    t->session = &p->session;
    t->rows = p->rows;
    t->nrows = p->nrows;
    t->hint = skx_play_hint;
    t->double_hint = skx_play_double_hint;
    t->hint_ctx = p;
    t->delay_ms = (int)o->delay;
    t->trick_pause_ms = (int)o->trick_pause;
    t->hold_s = (int)o->hold;
    t->prompt_newline = !isatty(0);
    t->stop = p->stop;
    return 0;
}

/* Takes the settings as the options' defaults: the options given on
 * the command line (parsed after) override them.  A preset or tariff
 * the ruleset code refuses leaves the official rules. */
static void settings_defaults(play_opts *o, const skx_settings *s)
{
    if (skx_settings_rules(s, &o->rules, NULL) < 0)
        sk_rules_preset(&o->rules, "official", NULL);
    o->bots = s->bots[0] ? s->bots : NULL;
    o->trick_pause = (uint64_t)s->trick_pause_ms;
    o->hold = (uint64_t)s->hold_s;
    o->lang = skx_settings_lang(s);
}

/* Opens the full screen where it can be, else the line mode. */
static skx_ui *open_ui(bool plain)
{
    skx_ui *ui = plain || !isatty(0) || !isatty(1) ? NULL : skx_ui_curses_open();
    return ui ? ui : skx_ui_plain_open();
}

/* Saves the settings and says so in the language given: 0, or -1 after
 * a message naming the file. */
static int save_settings(const skx_settings *s, skx_lang lang, char *msg, size_t size)
{
    char path[1024];
    skx_settings_path(path, sizeof path);
    if (skx_settings_save(path, s) < 0) {
        char why[1200];
        snprintf(why, sizeof why, "%s: %s", path, skx_cli_write_error(errno));
        snprintf(msg, size, skx_tr(lang, L_SET_NOT_SAVED), why);
        return -1;
    }
    snprintf(msg, size, skx_tr(lang, L_SET_SAVED), path);
    return 0;
}

/* `play --settings`: the settings screen alone, in the language of the
 * command line (else the saved one) unless the language is changed there;
 * exit status 0, or 1 when they could not be saved. */
static int settings_only(skx_settings *s, skx_lang lang, bool plain)
{
    skx_ui *ui = open_ui(plain);
    if (!ui)
        return 1;
    skx_table t;
    memset(&t, 0, sizeof t);
    t.lang = lang;
    t.human = 0;
    t.prompt_newline = !isatty(0);
    skx_settings was = *s;
    int rc = ui->settings(ui, &t, s, NULL);
    ui->close(ui);
    skx_lang L = skx_settings_page_lang(&t, &was, s);
    if (rc != SKX_UI_OK) {
        printf("%s\n", skx_tr(L, L_SET_UNCHANGED));
        return 0;
    }
    char msg[1400];
    int saved = save_settings(s, L, msg, sizeof msg);
    fprintf(saved < 0 ? stderr : stdout, "%s\n", msg);
    return saved < 0 ? 1 : 0;
}

void skx_play_settings(play_ctx *p)
{
    skx_table *t = &p->table;
    skx_settings s = p->settings;
    int rc = p->ui->settings(p->ui, t, &s, skx_tr(t->lang, L_SET_NEXT_SESSION));
    char msg[1400];
    if (rc != SKX_UI_OK) {
        skx_table_log(t, skx_tr(t->lang, L_SET_UNCHANGED));
        p->ui->event(p->ui, t, skx_tr(t->lang, L_SET_UNCHANGED), false);
        return;
    }
    /* the language, the pause and the hold apply at once when changed here; else
     * the table keeps what --lang and --trick-pause may have set */
    t->lang = skx_settings_page_lang(t, &p->settings, &s);
    if (s.trick_pause_ms != p->settings.trick_pause_ms)
        t->trick_pause_ms = s.trick_pause_ms;
    if (s.hold_s != p->settings.hold_s)
        t->hold_s = s.hold_s;
    p->settings = s;
    save_settings(&s, t->lang, msg, sizeof msg);
    skx_table_log(t, msg);
    p->ui->event(p->ui, t, msg, false);
}

/* At start on a terminal, without --continue, --resume or --new: when
 * the last session has a game left in the middle, asks whether to go on
 * with it (default yes).  1 yes (the path in buf), 0 no, -1 quit. */
static int offer_resume(skx_lang lang, char *buf, size_t size)
{
    char side[1100];
    struct stat st;
    if (!isatty(0) || skx_play_last_session(buf, size) < 0)
        return 0;
    snprintf(side, sizeof side, "%s.partial", buf);
    if (stat(side, &st) != 0)
        return 0;
    for (;;) {
        printf(skx_tr(lang, L_RESUME_ASK), buf);
        fflush(stdout);
        char line[64];
        if (!fgets(line, sizeof line, stdin))
            return -1;
        char c = line[strspn(line, " \t\r")];
        c = c >= 'A' && c <= 'Z' ? (char)(c | 0x20) : c;
        if (c == '\n' || c == '\0' || c == 'j' || c == 'y')
            return 1;
        if (c == 'n')
            return 0;
        if (c == 'q')
            return -1;
        printf("%s\n", skx_tr(lang, L_YES_NO));
    }
}

/* The signal handler: notes the signal, nothing else. */
static void on_signal(int sig)
{
    play_signal = sig;
}

int skx_cmd_play(int argc, char **argv)
{
    /* stdin unbuffered before anything reads it: the line mode waits for
     * input with pselect, which sees the descriptor, not stdio's buffer
     * (ui_plain.c, wait_input) */
    setvbuf(stdin, NULL, _IONBF, 0);
    play_opts o = {.delay = 300, .trick_pause = 1500, .lang = SKX_LANG_DE};
    skx_settings set;
    skx_settings_read rd;
    char setpath[1024], bad[1400];
    skx_settings_default(&set);
    skx_settings_path(setpath, sizeof setpath);
    skx_settings_load(setpath, &set, &rd);
    settings_defaults(&o, &set);
    int rc = parse_opts(argc, argv, &o);
    if (rc == 0 && o.rules.players != 4) {
        fprintf(stderr, "schafkopf: play: the terminal game seats four players; "
                        "players=%d is for selfplay and the arena\n", o.rules.players);
        return 2;
    }
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    /* a bad line of the settings: said, and its setting left at the default */
    skx_settings_read_text(o.lang, setpath, &rd, bad, sizeof bad);
    bool plain = o.plain || !isatty(0) || !isatty(1);
    if (bad[0])
        fprintf(stderr, "schafkopf: %s\n", bad);
    if (o.settings)
        return settings_only(&set, o.lang, plain);
    char last[1024];
    if (o.cont && !o.resume) { /* --continue: the newest session, else a new one */
        if (skx_play_last_session(last, sizeof last) == 0)
            o.resume = last;
        else
            fprintf(stderr, "%s\n", skx_tr(o.lang, L_NO_SESSION));
    } else if (!o.resume && !o.fresh) {
        int offer = offer_resume(o.lang, last, sizeof last);
        if (offer < 0)
            return 0;
        if (offer > 0)
            o.resume = last;
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
    p->settings = set;
    p->ui = open_ui(plain);
    /* the full screen hides what stderr said (a bad line of the
     * settings, else that nothing is saved): its first game shows it */
    if (plain)
        p->notice[0] = '\0';
    else if (bad[0])
        skx_settings_read_text(o.lang, "play.conf", &rd, p->notice, sizeof p->notice);
    rc = p->ui ? SKX_UI_OK : SKX_UI_QUIT;
    for (uint64_t n = 0; rc == SKX_UI_OK && (!p->max_games || n < p->max_games); n++)
        rc = skx_play_game(p, p->max_games && n + 1 == p->max_games);
    if (p->ui)
        p->ui->close(p->ui);
    if (p->saved) { /* and how to learn from the games: a command to copy */
        printf("%s %s\n", skx_tr(o.lang, L_SAVED), p->path);
        bool quote = strcspn(p->path, " \"\\$`&;|<>()*?") != strlen(p->path) &&
                     !strchr(p->path, '\'');
        printf(quote ? "%s schafkopf analyze%s --seat %d '%s'\n"
                     : "%s schafkopf analyze%s --seat %d %s\n",
               skx_tr(o.lang, L_SAVED_ANALYZE), o.lang == SKX_LANG_EN ? " --lang en" : "",
               p->human, p->path);
    }
    if (p->partial_saved)
        printf("%s %s.partial (schafkopf play --resume %s)\n", skx_tr(o.lang, L_SAVED_PARTIAL),
               p->path, p->path);
    if (p->partial_error)
        fprintf(stderr, "schafkopf: play: cannot save the game in progress to %s.partial: %s\n",
                p->path, skx_cli_write_error(p->partial_error));
    fflush(stdout);
    ctx_free(p);
    free(p);
    for (int i = 0; i < 3; i++)
        sigaction(SIGNALS[i], &old[i], NULL);
    return play_signal ? 128 + play_signal : 0;
}
