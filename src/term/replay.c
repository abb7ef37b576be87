/*
 * replay.c -- `schafkopf replay FILE [--game N]`: steps through a saved
 * game record.  Full screen: right arrow or space steps on, left arrow
 * steps back (the game is rebuilt from the record up to the step), every
 * hand is shown.  Plain mode prints every action with the trick state
 * and the result.
 */
#include "ui.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* Prints the usage of `replay`. */
static void replay_usage(FILE *out)
{
    fprintf(out, "usage: schafkopf replay [--game N] [--plain] [--lang de|en] RECORD_FILE\n\n"
                 "Steps through a saved game (JSON Lines, e.g. a session file of\n"
                 "`schafkopf play`).  Full screen: right arrow or space steps on, left arrow\n"
                 "steps back, q quits.  Plain mode (--plain, or when not on a terminal)\n"
                 "prints every action with the trick on the table and the result.\n\n"
                 "  --game N       the N-th record of the file (default 1)\n"
                 "  --plain        line mode\n"
                 "  --lang de|en   German (default) or English\n"
                 "  -h, --help     this help\n");
}

/* Reads the n-th non-blank line of a file as a record; 0 or -1 with a
 * message (also for a read error, a line longer than a record may be, or
 * a directory). */
static int read_record(const char *path, uint64_t n, sk_record *rec)
{
    char qp[SK_CLI_QUOTE];
    skx_cli_quote(qp, path);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "schafkopf: replay: cannot open %s: %s\n", qp, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    long len;
    uint64_t k = 0;
    int rc = -1;
    while ((len = skx_cli_getline(f, &line, &cap, SK_RECORD_MAX_LINE)) >= 0) {
        if (strspn(line, " \t\r") >= (size_t)len || ++k < n)
            continue;
        sk_error err = {{0}, NULL};
        rc = sk_record_read(rec, line, (size_t)len, &err);
        if (rc < 0)
            fprintf(stderr, "schafkopf: replay: %s: game %llu: %s\n", qp,
                    (unsigned long long)n, err.msg);
        break;
    }
    if (len == SK_CLI_TOO_LONG)
        fprintf(stderr, "schafkopf: replay: %s: a line longer than %d bytes (the most a record "
                        "may have)\n", qp, SK_RECORD_MAX_LINE);
    else if (len == SK_CLI_READ_ERROR)
        fprintf(stderr, "schafkopf: replay: %s: read error: %s\n", qp, strerror(errno));
    else if (k < n)
        fprintf(stderr, "schafkopf: replay: %s has only %llu games\n", qp,
                (unsigned long long)k);
    free(line);
    fclose(f);
    return rc < 0 ? -1 : 0;
}

/* Rebuilds the game up to `step` actions and fills the table: view of
 * seat 0, every hand, each seat's last word and the log; writes what
 * the last step did into text.  Returns how many actions were applied. */
static int rebuild(const sk_record *rec, int step, sk_game *g, skx_table *t, char *text,
                   size_t size)
{
    sk_game_init(g, &rec->rules, rec->dealer, rec->hands, rec->first_game, NULL);
    memset(t->said, 0, sizeof t->said);
    t->nlog = 0;
    snprintf(text, size, "%s %d: %s %s", skx_tr(t->lang, L_STEP), 0, skx_tr(t->lang, L_DEALER),
             skx_lang_seat(t->lang, t->human, rec->dealer));
    skx_table_log(t, text);
    int i = 0;
    for (; i < step && i < rec->nactions; i++) {
        sk_public before = g->pub;
        if (sk_game_apply(g, rec->actions[i], NULL) < 0)
            break;
        char words[64];
        sk_action a = rec->actions[i];
        skx_lang_action(t->lang, &before, a, words, sizeof words);
        if (a.type != SK_ACT_CARD)
            snprintf(t->said[a.seat], sizeof t->said[a.seat], "%s", words);
        snprintf(text, size, "%s %d: %s: %s", skx_tr(t->lang, L_STEP), i + 1,
                 skx_lang_seat(t->lang, t->human, a.seat), words);
        skx_table_log(t, text);
    }
    sk_game_view(g, t->human, &t->view);
    for (int s = 0; s < SK_NSEATS; s++)
        t->hands[s] = g->hands[s];
    return i;
}

/* Prints the four hands as dealt (plain mode's first lines). */
static void print_hands(const skx_table *t, const sk_record *rec)
{
    for (int s = 0; s < SK_NSEATS; s++) {
        printf("%s:", skx_lang_seat(t->lang, t->human, s));
        for (int i = 0; i < 8; i++)
            printf(" %s", sk_card_name(rec->hands[s][i]));
        printf("\n");
    }
}

/* Steps through the record with the UI; prints the result at the end. */
static int run_replay(skx_ui *ui, skx_table *t, const sk_record *rec, bool plain)
{
    sk_game *g = malloc(sizeof *g);
    if (!g)
        return 1;
    char text[160];
    char *course = NULL; /* the full screen's last page */
    if (plain)
        print_hands(t, rec);
    int step = 0, rc = 0;
    for (;;) {
        int done = rebuild(rec, step, g, t, text, sizeof text);
        if (done < step) { /* an illegal action stops the replay */
            fprintf(stderr, "schafkopf: replay: action %d is illegal\n", done);
            rc = 1;
            break;
        }
        int d = ui->step(ui, t, text);
        if (d == SKX_UI_QUIT)
            break;
        if (d > 0 && step >= rec->nactions && sk_game_over(g) && !plain && !t->course) {
            /* past the end: the course of the game and its settlement */
            sk_result res;
            sk_game_result(g, &res, NULL);
            course = skx_table_course(t, g, &rec->rules, &res);
            t->course = course;
            if (course)
                continue;
        }
        if (d > 0 && step >= rec->nactions)
            break;
        if (t->course) { /* back from the course to the last step */
            t->course = NULL;
            free(course);
            course = NULL;
            continue;
        }
        step += d;
        if (step < 0)
            step = 0;
    }
    if (plain && sk_game_over(g)) { /* the course, ending on the settlement */
        sk_result res;
        sk_game_result(g, &res, NULL);
        char *c = skx_table_course(t, g, &rec->rules, &res);
        if (c)
            printf("%s", c);
        free(c);
    }
    t->course = NULL;
    free(course);
    free(g);
    return rc;
}

int skx_cmd_replay(int argc, char **argv)
{
    static const struct option opts[] = {
        {"game", required_argument, 0, 'g'}, {"plain", no_argument, 0, 'p'},
        {"lang", required_argument, 0, 'L'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    uint64_t game = 1;
    bool plain = false;
    skx_lang lang = SKX_LANG_DE;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'g' && skx_cli_number("game", optarg, 1000000000, &game) == 0 && game > 0)
            continue;
        if (c == 'p')
            plain = true;
        else if (c == 'L')
            lang = strcasecmp(optarg, "en") == 0 ? SKX_LANG_EN : SKX_LANG_DE;
        else if (c == 'h') {
            replay_usage(stdout);
            return 0;
        } else {
            replay_usage(stderr);
            return 2;
        }
    }
    if (optind + 1 != argc) {
        replay_usage(stderr);
        return 2;
    }
    sk_record *rec = malloc(sizeof *rec);
    skx_table *t = calloc(1, sizeof *t);
    int rc = 1;
    if (rec && t && read_record(argv[optind], game, rec) == 0) {
        t->lang = lang;
        t->reveal = true;
        t->game_no = (unsigned)game;
        plain = plain || !isatty(0) || !isatty(1);
        skx_ui *ui = plain ? NULL : skx_ui_curses_open();
        if (!ui) {
            plain = true;
            ui = skx_ui_plain_open();
        }
        if (ui) {
            rc = run_replay(ui, t, rec, plain);
            ui->close(ui);
        }
    }
    free(rec);
    free(t);
    return rc;
}
