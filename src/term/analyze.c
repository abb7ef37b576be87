/*
 * analyze.c -- `schafkopf analyze RECORD`: how good was every decision
 * of a recorded game?
 *
 * Each card is rated twice.  With the information the seat had: N deals
 * consistent with its view are drawn (sk_sample_*), each is solved
 * double dummy, and every legal card gets the average card points of the
 * seat's side and the average money the seat ends with.  With all four
 * hands shown ("double dummy"): the same on the real deal.  Money comes
 * from playing the game out with best play (each side maximising its
 * card points) and settling it with the record's ruleset, so Schneider,
 * Schwarz, Laufende, Tout and Kontra count exactly as at the table.  A
 * given Kontra/Retour is rated the same way (money with it against money
 * without it).  Bids, passes and the declaration are priced as the PIMC
 * bot prices them, on the sampled deals and on the real one.
 *
 * A record whose ruleset plays for tournament points (`score = points`,
 * 5.2.7) is rated in tournament points instead of money throughout, and
 * its bids and declarations get the heuristic's hint only: the bots'
 * pricing of contracts is in money.
 */
#include "analyze.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SAMPLES 20
#define DEFAULT_SEED 1
#define DEFAULT_MARGIN 5

/* Prints the usage of `analyze`. */
static void analyze_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf analyze [--game N] [--seat N] [--samples N] [--seed S]\n"
            "                         [--margin P] [--jobs N] [--json] [RECORD]\n\n"
            "Rates every decision of the games in a record file (JSON Lines; '-' or none:\n"
            "stdin).  Each card is compared with the best choice twice: with the seat's\n"
            "information (N deals consistent with what it saw, each solved double dummy)\n"
            "and double dummy on the real deal.  Values are the card points of the seat's\n"
            "side (a Tout: 120 = every trick) and the seat's money in cents at the record's\n"
            "tariff after best play to the end.  A given Kontra/Retour is rated by money\n"
            "with and without it; bids, passes and the declaration by the declarer's money\n"
            "of the best contract they allow, priced by sampling and double dummy.\n"
            "Flags: '?' the choice lost at least P card points or one money unit by the\n"
            "seat's information; '!' it lost money double dummy.  A record of a table\n"
            "that plays for tournament points (score = points) is rated in tournament\n"
            "points, one point making a '?'; its bids get the heuristic's hint.  After\n"
            "two games or more, what each seat lost in all of them.\n\n"
            "  --game N      analyze only the N-th game of the file (from 1)\n"
            "  --seat N      rate only the decisions of seat N (0-3; `play` seats you at\n"
            "                0 unless its --seat says otherwise)\n"
            "  --samples N   deals drawn per decision (default %d)\n"
            "  --seed S      seed of the sampling (default 1)\n"
            "  --margin P    card points that make a '?' (default 5)\n"
            "  --jobs N      threads of each exact search (default: the cores, at most\n"
            "                4); the figures do not depend on it\n"
            "  --json        one JSON object per decision instead of the table\n"
            "  --lang de|en  the table in German (default: words, no codes) or English\n"
            "  -h, --help    this help\n", DEFAULT_SAMPLES);
}

/* Prints a game's heading line (the table form). */
static void game_heading(const an_ctx *x, const sk_record *rec, const sk_game *end, int gameno)
{
    skx_lang L = x->lang;
    char contract[64];
    sk_result res;
    snprintf(contract, sizeof contract, "%s", skx_tr(L, L_AN_THROWN));
    if (end->pub.contract.type != SK_C_NONE) {
        skx_lang_contract(L, end->pub.contract, contract, sizeof contract);
    }
    fprintf(x->out, "%s %d%s%s%s: ", skx_tr(L, L_AN_GAME), gameno, rec->id[0] ? " (" : "", rec->id,
           rec->id[0] ? ")" : "");
    int decl = end->pub.declarer < SK_NSEATS ? end->pub.declarer : -1;
    if (x->you < 0) {
        fprintf(x->out, skx_tr(L, L_AN_DEALER), rec->dealer, contract);
        if (decl >= 0)
            fprintf(x->out, skx_tr(L, L_AN_BY_SEAT), decl);
    } else { /* "Geber: Links, Herz-Solo, Spieler: Du" */
        fprintf(x->out, skx_tr(L, L_AN_DEALER_NAMED), skx_lang_seat(L, x->you, rec->dealer),
                contract);
        if (decl >= 0)
            fprintf(x->out, skx_tr(L, L_AN_BY_NAMED), skx_lang_seat(L, x->you, decl));
    }
    bool points = skx_an_points_table(end);
    if (sk_game_result(end, &res, NULL) == 0 && !res.thrown_in) {
        fprintf(x->out, "\n%s:", skx_tr(L, points ? L_AN_TP : L_AN_MONEY));
        for (int seat = 0; seat < end->pub.nseats; seat++) {
            long long v = (long long)skx_an_score_of(end, &res, seat);
            if (x->you < 0)
                fprintf(x->out, " %lld", v);
            else /* "Du -50, Links +150, ..." */
                fprintf(x->out, "%s %s %+lld", seat ? "," : "", skx_lang_seat(L, x->you, seat), v);
        }
    }
    fprintf(x->out, "\n%s\n", skx_tr(L, points ? L_AN_COLUMNS_TP : L_AN_COLUMNS));
}

/* Prints what a seat lost in a game, or in all (`t`), in unit `u`: two
 * lines of the table. */
static void seat_summary(const an_ctx *x, const an_tally *t, const char *u, int s)
{
    const char *many = skx_tr(x->lang, t->rated[s] == 1 ? L_AN_ONE : L_AN_MANY);
    if (x->you < 0)
        skx_an_out(x, skx_tr(x->lang, L_AN_SEAT), s, t->rated[s], many, t->flagged[s]);
    else
        skx_an_out(x, skx_tr(x->lang, L_AN_SEAT_NAMED), skx_lang_seat(x->lang, x->you, s),
                   t->rated[s], many, t->flagged[s]);
    skx_an_out(x, skx_tr(x->lang, L_AN_LOST), t->lost_pts[s], t->lost_ct[s], u,
               t->dd_lost_pts[s], (long long)t->dd_lost_ct[s], u);
}

/* Adds the rated game to the totals of every game. */
static void add_game(an_ctx *x, const sk_game *end)
{
    an_tally *t = &x->total;
    const an_tally *g = &x->game;
    for (int s = 0; s < SK_NSEATS; s++) {
        t->rated[s] += g->rated[s];
        t->flagged[s] += g->flagged[s];
        t->lost_pts[s] += g->lost_pts[s];
        t->lost_ct[s] += g->lost_ct[s];
        t->dd_lost_pts[s] += g->dd_lost_pts[s];
        t->dd_lost_ct[s] += g->dd_lost_ct[s];
    }
    int unit = skx_an_points_table(end) ? 1 : 0;
    x->unit = x->unit < 0 || x->unit == unit ? unit : 2;
    if (end->pub.nseats > x->seats)
        x->seats = end->pub.nseats;
    x->games++;
}

/* After two games or more of one unit: what each seat lost in all of
 * them (an evening's account of a player's mistakes). */
static void total_summary(const an_ctx *x)
{
    if (x->json || x->games < 2 || x->unit > 1)
        return;
    fprintf(x->out, skx_tr(x->lang, L_AN_ALL_GAMES), x->games);
    fprintf(x->out, "\n");
    const char *u = skx_tr(x->lang, x->unit ? L_AN_TP_SHORT : L_AN_CENTS);
    for (int s = 0; s < x->seats; s++)
        if (x->seat_wanted < 0 || s == x->seat_wanted)
            seat_summary(x, &x->total, u, s);
}

/* Prints what the table's columns and flags mean. */
static void legend(const an_ctx *x, const sk_rules *r)
{
    bool tp = r->score == SK_SCORE_POINTS; /* as skx_an_points_table */
    const char *word = skx_tr(x->lang, tp ? L_AN_TP_SHORT : L_AN_CENTS);
    char unit[32];
    snprintf(unit, sizeof unit, "%d %s", tp ? 1 : r->unit_cents, word);
    skx_an_out(x, skx_tr(x->lang, L_AN_LEGEND), word, (int)x->margin, unit, word,
               tp ? skx_tr(x->lang, L_AN_LEGEND_TP) : "");
}

/* Analyzes one record: replays it and rates each decision; 0 or -1. */
static int analyze_game(an_ctx *x, const sk_record *rec, int gameno, const char *path)
{
    sk_game *g = malloc(sizeof *g), *end = malloc(sizeof *end);
    sk_error err = {{0}, NULL};
    int bad = -1, status = 0;
    if (!g || !end) {
        free(g);
        free(end);
        return -1;
    }
    if (sk_record_replay(rec, end, &bad, &err) < 0) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: analyze: %s: game %d: action %d: %s\n",
                skx_cli_quote(q, path), gameno, bad, err.msg);
        free(g);
        free(end);
        return -1;
    }
    memset(&x->game, 0, sizeof x->game);
    if (!x->json && !x->legend_done) { /* once, before the first game */
        legend(x, &rec->rules);
        x->legend_done = true;
    }
    if (!x->json)
        game_heading(x, rec, end, gameno);
    sk_game_init(g, &rec->rules, rec->dealer, rec->hands, rec->first_game, NULL);
    for (int i = 0; i < rec->nactions; i++) {
        sk_action a = rec->actions[i];
        if (x->seat_wanted >= 0 && a.seat != x->seat_wanted)
            ; /* not rated: --seat asks for another seat's decisions */
        else
            skx_an_rate(x, g, a, gameno, i);
        sk_game_apply(g, a, NULL); /* checked by the replay above */
    }
    for (int s = 0; s < end->pub.nseats && !x->json; s++)
        if (x->seat_wanted < 0 || s == x->seat_wanted)
            seat_summary(x, &x->game, skx_an_unit_word(x, end), s);
    if (!x->json)
        fprintf(x->out, "\n");
    add_game(x, end);
    free(g);
    free(end);
    return status;
}

/* Parses the options; -1 (exit 2), 1 (help shown) or 0. */
static int parse_opts(int argc, char **argv, an_ctx *x, const char **path)
{
    static const struct option opts[] = {
        {"game", required_argument, 0, 'g'},   {"samples", required_argument, 0, 'n'},
        {"seed", required_argument, 0, 's'},   {"margin", required_argument, 0, 'm'},
        {"json", no_argument, 0, 'j'},         {"help", no_argument, 0, 'h'},
        {"jobs", required_argument, 0, 'J'},   {"lang", required_argument, 0, 'L'},
        {"seat", required_argument, 0, 'S'},   {0, 0, 0, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        int rc = 0;
        if (c == 'g') {
            rc = skx_cli_number("game", optarg, 100000000, &x->game_wanted);
            if (rc == 0 && x->game_wanted == 0) {
                fprintf(stderr, "schafkopf: analyze: --game counts from 1\n");
                rc = -1;
            }
        }
        else if (c == 'n')
            rc = skx_cli_number("samples", optarg, 10000, &x->samples);
        else if (c == 's')
            rc = skx_cli_number("seed", optarg, UINT64_MAX, &x->seed);
        else if (c == 'm')
            rc = skx_cli_number("margin", optarg, 120, &x->margin);
        else if (c == 'j')
            x->json = true;
        else if (c == 'S') {
            uint64_t seat = 0;
            rc = skx_cli_number("seat", optarg, SK_NSEATS - 1, &seat);
            x->seat_wanted = (int)seat;
        }
        else if (c == 'J')
            rc = skx_cli_solver_jobs("analyze", optarg, &x->jobs);
        else if (c == 'L') {
            if (strcmp(optarg, "de") != 0 && strcmp(optarg, "en") != 0) {
                char q[SK_CLI_QUOTE];
                fprintf(stderr, "schafkopf: analyze: --lang: \"%s\" is not de or en\n",
                        skx_cli_quote(q, optarg));
                rc = -1;
            } else
                x->lang = optarg[0] == 'e' ? SKX_LANG_EN : SKX_LANG_DE;
        }
        else if (c == 'h') {
            analyze_usage(stdout);
            return 1;
        } else {
            analyze_usage(stderr);
            return -1;
        }
        if (rc < 0)
            return -1;
    }
    if (optind + 1 < argc) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: analyze: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind + 1]));
        return -1;
    }
    if (x->samples == 0) {
        fprintf(stderr, "schafkopf: analyze: --samples must be at least 1\n");
        return -1;
    }
    *path = optind < argc ? argv[optind] : "-";
    return 0;
}

/* A context with the defaults of the options (the tools not made yet). */
static an_ctx *ctx_new(void)
{
    an_ctx *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    x->samples = DEFAULT_SAMPLES;
    x->seed = DEFAULT_SEED;
    x->margin = DEFAULT_MARGIN;
    x->seat_wanted = -1;
    x->unit = -1;
    x->jobs = skx_cli_solver_jobs_default();
    x->out = stdout;
    x->you = -1;
    return x;
}

sk_rater *skx_analyze_rater(void)
{
    return sk_rater_new(DEFAULT_SAMPLES, DEFAULT_SEED, DEFAULT_MARGIN,
                        skx_cli_solver_jobs_default());
}

uint64_t skx_analyze_key(int gameno, int index)
{
    return (uint64_t)gameno << 16 | (uint64_t)index;
}

/* Makes the tools an analysis needs: 0, or -1 when out of memory. */
static int ctx_tools(an_ctx *x)
{
    x->rater = sk_rater_new((int)x->samples, x->seed, (int)x->margin, x->jobs);
    return x->rater ? 0 : -1;
}

/* Frees a context and its tools. */
static void ctx_free(an_ctx *x)
{
    sk_rater_free(x->rater);
    free(x);
}

/* The table of one game as `analyze` prints it, the decisions of `seat`
 * alone, the legend under it (see cli.h). */
char *skx_analyze_text(skx_lang lang, const sk_record *rec, int gameno, int seat)
{
    an_ctx *x = ctx_new();
    char *text = NULL;
    size_t len = 0;
    if (!x)
        return NULL;
    x->lang = lang;
    x->seat_wanted = seat;
    x->you = seat;
    x->legend_done = true; /* under the table here */
    x->out = ctx_tools(x) == 0 ? open_memstream(&text, &len) : NULL;
    if (x->out) {
        int bad = analyze_game(x, rec, gameno, "game") < 0;
        if (!bad)
            legend(x, &rec->rules);
        if (fclose(x->out) != 0 || bad) {
            free(text);
            text = NULL;
        }
    }
    ctx_free(x);
    return text;
}

int skx_cmd_analyze(int argc, char **argv)
{
    an_ctx *x = ctx_new();
    if (!x)
        return 1;
    const char *path = "-";
    int rc = parse_opts(argc, argv, x, &path);
    if (rc != 0) {
        free(x);
        return rc < 0 ? 2 : 0;
    }
    bool std_in = strcmp(path, "-") == 0;
    FILE *in = std_in ? stdin : fopen(path, "r");
    int tools = ctx_tools(x);
    sk_record *rec = malloc(sizeof *rec);
    int status = 0, gameno = 0, found = 0;
    char qp[SK_CLI_QUOTE];
    skx_cli_quote(qp, path);
    if (!in) {
        fprintf(stderr, "schafkopf: analyze: cannot open %s: %s\n", qp, strerror(errno));
        status = 1;
    } else if (tools < 0 || !rec) {
        fprintf(stderr, "schafkopf: analyze: out of memory\n");
        status = 1;
    }
    /* One record per line, each at most SK_RECORD_MAX_LINE bytes; a NUL
     * byte anywhere is an error, not the end of the input. */
    long lineno = 0, n = 0;
    char *line = NULL;
    size_t cap = 0;
    while (status == 0 && (n = skx_cli_getline(in, &line, &cap, SK_RECORD_MAX_LINE)) >= 0) {
        lineno++;
        const char *nul = memchr(line, '\0', (size_t)n);
        if (nul) {
            fprintf(stderr, "schafkopf: analyze: %s:%ld: a NUL byte at byte %ld of the line\n",
                    qp, lineno, (long)(nul - line) + 1);
            status = 1;
            break;
        }
        if (strspn(line, " \t\r") < (size_t)n) {
            gameno++;
            if (!x->game_wanted || (uint64_t)gameno == x->game_wanted) {
                sk_error err = {{0}, NULL};
                found++;
                if (sk_record_read(rec, line, (size_t)n, &err) < 0) {
                    fprintf(stderr, "schafkopf: analyze: %s:%ld: %s\n", qp, lineno, err.msg);
                    status = 1;
                } else if (analyze_game(x, rec, gameno, path) < 0) {
                    status = 1;
                }
            }
        }
    }
    if (status == 0 && n == SK_CLI_TOO_LONG) {
        fprintf(stderr, "schafkopf: analyze: %s:%ld: a line longer than %d bytes (the most a "
                        "record may have)\n", qp, lineno + 1, SK_RECORD_MAX_LINE);
        status = 1;
    } else if (status == 0 && n == SK_CLI_READ_ERROR) {
        fprintf(stderr, "schafkopf: analyze: %s: read error: %s\n", qp, strerror(errno));
        status = 1;
    }
    free(line);
    if (in && !std_in)
        fclose(in);
    if (status == 0)
        total_summary(x);
    if (status == 0 && !found) {
        fprintf(stderr, "schafkopf: analyze: %s: %s\n", qp,
                x->game_wanted ? "no such game" : "no game records");
        status = 1;
    }
    free(rec);
    ctx_free(x);
    return status;
}
