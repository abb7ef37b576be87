/*
 * agree.c -- `schafkopf agree --bot SPEC FILE...`: how often a bot
 * chooses what people chose.
 *
 * For every decision of recorded games the bot is asked with exactly what
 * that seat knew then (core's view, sk_game_view) and its choice is
 * compared with the recorded one.  A decision with one legal choice is
 * forced: it says nothing about the bot and is counted apart, never in
 * the shares.  Shares are given overall, by decision kind (auction,
 * declare, card, ...), for cards by position (lead, follow) and by
 * trick.  A Kontra or Retour appears in a record only when it was given
 * (a declined one leaves no trace), so "double" counts given ones only.
 *
 * Input: game records (docs/record-format.md), or games of the real-games
 * format of tests/data/real-games.jsonl (realgame.c), one a line, mixed
 * freely.  The real games have no auction: their cards are the only
 * decisions.  Each seat of each game gets a fresh bot seeded from
 * --seed, the game's number and the seat, so a run is reproducible.
 */
#include "lab/lab.h"
#include "schafkopf/ai.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* Decision kinds, as the engine protocol's go line names them. */
enum { AG_KLOPFEN, AG_AUCTION, AG_DECLARE, AG_HOCHZEIT, AG_DOUBLE, AG_CARD, AG_NKINDS };
static const char *const AG_KIND[AG_NKINDS] = {"klopfen",  "auction", "declare",
                                               "hochzeit", "double",  "card"};

/* Decisions asked and agreed with. */
typedef struct ag_count {
    uint64_t asked, agree;
} ag_count;

/* The totals of a run. */
typedef struct ag_stats {
    uint64_t games, forced, forced_kind[AG_NKINDS];
    ag_count all, kind[AG_NKINDS], lead, follow, trick[SK_NTRICKS];
} ag_stats;

/* A run: the bot, the seed, the ruleset of real games, the totals. */
typedef struct ag_ctx {
    const char *spec;
    uint64_t seed, max_games;
    uint64_t every, read;   /* ask only every `every`-th game read (learn's hold-out) */
    sk_rules realrules;
    ag_stats st;
} ag_ctx;

/* Prints the usage of `agree`. */
static void agree_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf agree --bot SPEC [--json] [--games N] [--seed S] FILE...\n\n"
            "Asks the bot every decision of recorded games, with only what that seat knew\n"
            "then, and reports the share of decisions where it chose what was recorded:\n"
            "overall, by kind (auction, declare, double, card, ...), for cards by position\n"
            "(lead, follow) and by trick.  Forced decisions (one legal choice) are counted\n"
            "apart and left out of every share.  FILE holds game records (JSON Lines,\n"
            "docs/record-format.md) or games of the real-games format of\n"
            "tests/data/real-games.jsonl (contract, hands, tricks: card decisions only);\n"
            "'-' is stdin.  A Kontra or Retour is in a record only when given: 'double'\n"
            "counts those.\n\n"
            "  --bot SPEC   the bot: heuristic, pimc, pimc:N, random, ...\n"
            "  --json       one JSON object instead of the table\n"
            "  --games N    stop after N games (pimc is slow: measure a subset)\n"
            "  --every K    ask only every K-th game (1..1000): the games `schafkopf learn\n"
            "               --holdout K` kept out of the card-play model's fit\n"
            "  --seed S     seed of the bots (default 1)\n"
            "  --preset P   ruleset of real-games lines (default official); records carry\n"
            "               their own\n"
            "  -h, --help   this help\n");
}

/* The kind of the decision of action `a` in game g. */
static int ag_kind(const sk_game *g, sk_action a)
{
    if (a.type == SK_ACT_KONTRA || a.type == SK_ACT_RETOUR)
        return AG_DOUBLE;
    switch (g->pub.phase) {
    case SK_PHASE_KLOPFEN: return AG_KLOPFEN;
    case SK_PHASE_AUCTION: return AG_AUCTION;
    case SK_PHASE_DECLARE: return AG_DECLARE;
    case SK_PHASE_HOCHZEIT: return AG_HOCHZEIT;
    default: return AG_CARD;
    }
}

/* Whether two actions are the same choice (as their text). */
static bool ag_same(sk_action a, sk_action b)
{
    char x[48], y[48];
    sk_action_format(a, x, sizeof x);
    sk_action_format(b, y, sizeof y);
    return a.seat == b.seat && strcmp(x, y) == 0;
}

/* Counts one decision. */
static void ag_note(ag_count *c, bool agree)
{
    c->asked++;
    c->agree += agree;
}

/*
 * Asks the bot decision i of the record (game g just before it): the
 * choices are the seat's legal actions (in the play, without the
 * doublings, which are asked apart), a doubling is a choice between it
 * and passing.  0, or -1 when the bot cannot be made.
 */
static int ag_decision(ag_ctx *c, const sk_game *g, sk_action rec_a, sk_bot *bots[SK_NSEATS],
                       uint64_t game_no)
{
    int seat = rec_a.seat, kind = ag_kind(g, rec_a);
    if (kind != AG_DOUBLE && seat != g->pub.to_move)
        return 0; /* not a decision this driver asks (none in valid records) */
    sk_view v;
    sk_game_view(g, seat, &v);
    if (kind != AG_DOUBLE) {
        sk_action all[SK_MAX_LEGAL];
        int n = sk_view_legal(&v, all), k = 0;
        for (int i = 0; i < n; i++)
            k += g->pub.phase != SK_PHASE_PLAY ||
                 (all[i].type != SK_ACT_KONTRA && all[i].type != SK_ACT_RETOUR);
        if (k <= 1) {
            c->st.forced++;
            c->st.forced_kind[kind]++;
            return 0;
        }
    }
    if (!bots[seat]) {
        sk_error err = {{0}, NULL};
        bots[seat] = sk_bot_new(c->spec,
                                sk_rng_mix(c->seed ^ sk_rng_mix(game_no * 4 + (uint64_t)seat)),
                                &err);
        if (!bots[seat]) {
            fprintf(stderr, "schafkopf: agree: --bot: %s\n", err.msg);
            return -1;
        }
    }
    sk_action mine = sk_bot_act(bots[seat], &v);
    mine.seat = (uint8_t)seat;
    bool agree = kind == AG_DOUBLE ? mine.type == rec_a.type : ag_same(mine, rec_a);
    ag_note(&c->st.all, agree);
    ag_note(&c->st.kind[kind], agree);
    if (kind == AG_CARD) {
        ag_note(g->pub.trick_len == 0 ? &c->st.lead : &c->st.follow, agree);
        if (g->pub.trick_no < SK_NTRICKS)
            ag_note(&c->st.trick[g->pub.trick_no], agree);
    }
    return 0;
}

/* Asks every decision from action `from` on of a valid record; 0 or -1. */
static int ag_game(ag_ctx *c, const sk_record *rec, int from, sk_game *g)
{
    sk_error err = {{0}, NULL};
    if (sk_game_init(g, &rec->rules, rec->dealer, rec->hands, rec->first_game != 0, &err) < 0 ||
        sk_game_set_round(g, rec->bock, rec->kreuzbock != 0, &err) < 0)
        return -1; /* the record was replayed before: cannot happen */
    sk_bot *bots[SK_NSEATS] = {0};
    int rc = 0;
    c->st.games++;
    for (int i = 0; i < rec->nactions && rc == 0; i++) {
        if (i >= from)
            rc = ag_decision(c, g, rec->actions[i], bots, c->st.games);
        if (rc == 0 && sk_game_apply(g, rec->actions[i], &err) < 0)
            rc = -1;
    }
    for (int s = 0; s < SK_NSEATS; s++)
        sk_bot_free(bots[s]);
    return rc;
}

/* Reads one line (a record or a real game) and asks its decisions; 0,
 * or -1 after a message naming file:line. */
static int ag_line(ag_ctx *c, const char *name, long lineno, const char *line, size_t len)
{
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    char why[400], q[SK_CLI_QUOTE];
    skx_cli_quote(q, name);
    int rc = -1, from = 0;
    if (!rec || !g)
        fprintf(stderr, "schafkopf: agree: out of memory\n");
    else if (skx_cli_game_line(line, len, &c->realrules, rec, g, &from, why, sizeof why) < 0)
        fprintf(stderr, "%s:%ld: %s\n", q, lineno, why);
    else if (++c->read % c->every != 0) /* not one of learn's held-out games */
        rc = 0;
    else if ((rc = ag_game(c, rec, from, g)) < 0)
        fprintf(stderr, "%s:%ld: the game could not be replayed\n", q, lineno);
    free(rec);
    free(g);
    return rc;
}

/* One line of a stream for skx_cli_game_lines: asked, until --games
 * are done (1 then). */
static int ag_next(void *ctx, const char *name, long lineno, const char *line, size_t len)
{
    ag_ctx *c = ctx;
    if (c->st.games >= c->max_games)
        return 1;
    return ag_line(c, name, lineno, line, len);
}

/* A share in percent, or 0 of nothing. */
static double ag_pct(ag_count n)
{
    return n.asked ? 100.0 * (double)n.agree / (double)n.asked : 0.0;
}

/* One row of the table. */
static void ag_row(const char *label, ag_count n)
{
    if (n.asked)
        printf("  %-22s %9llu %9llu %7.1f%%\n", label, (unsigned long long)n.asked,
               (unsigned long long)n.agree, ag_pct(n));
}

/* Prints the table. */
static void ag_report(const ag_ctx *c)
{
    const ag_stats *st = &c->st;
    uint64_t total = st->all.asked + st->forced;
    printf("Agreement of %s with the recorded decisions: %llu games, %llu decisions\n", c->spec,
           (unsigned long long)st->games, (unsigned long long)total);
    printf("Forced (one legal choice, left out): %llu", (unsigned long long)st->forced);
    for (int k = 0; k < AG_NKINDS; k++)
        if (st->forced_kind[k])
            printf(", %s %llu", AG_KIND[k], (unsigned long long)st->forced_kind[k]);
    printf("\n\n  %-22s %9s %9s %8s\n", "decisions", "asked", "agree", "share");
    ag_row("all", st->all);
    for (int k = 0; k < AG_NKINDS; k++)
        ag_row(AG_KIND[k], st->kind[k]);
    ag_row("card, lead", st->lead);
    ag_row("card, follow", st->follow);
    for (int t = 0; t < SK_NTRICKS; t++) {
        char label[32];
        snprintf(label, sizeof label, "card, trick %d", t + 1);
        ag_row(label, st->trick[t]);
    }
    ag_count with = {total, st->all.agree + st->forced};
    printf("\nCounting forced decisions as agreeing: %.1f%% of %llu.\n", ag_pct(with),
           (unsigned long long)total);
}

/* {"asked": N, "agree": N, "share": X} */
static json_t *ag_json_count(ag_count n)
{
    return json_pack("{sIsIsf}", "asked", (json_int_t)n.asked, "agree", (json_int_t)n.agree,
                     "share", n.asked ? (double)n.agree / (double)n.asked : 0.0);
}

/* Prints the totals as one JSON object; -1 when out of memory. */
static int ag_report_json(const ag_ctx *c)
{
    const ag_stats *st = &c->st;
    json_t *root = json_object(), *kinds = json_object(), *forced = json_object(),
           *tricks = json_array();
    for (int k = 0; k < AG_NKINDS; k++) {
        json_object_set_new(kinds, AG_KIND[k], ag_json_count(st->kind[k]));
        json_object_set_new(forced, AG_KIND[k], json_integer((json_int_t)st->forced_kind[k]));
    }
    for (int t = 0; t < SK_NTRICKS; t++)
        json_array_append_new(tricks, ag_json_count(st->trick[t]));
    json_object_set_new(root, "bot", json_string(c->spec));
    json_object_set_new(root, "games", json_integer((json_int_t)st->games));
    json_object_set_new(root, "decisions", json_integer((json_int_t)(st->all.asked + st->forced)));
    json_object_set_new(root, "forced", json_integer((json_int_t)st->forced));
    json_object_set_new(root, "forced_by_kind", forced);
    json_object_set_new(root, "all", ag_json_count(st->all));
    json_object_set_new(root, "by_kind", kinds);
    json_object_set_new(root, "lead", ag_json_count(st->lead));
    json_object_set_new(root, "follow", ag_json_count(st->follow));
    json_object_set_new(root, "by_trick", tricks);
    char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (!text)
        return -1;
    puts(text);
    free(text);
    return 0;
}

int skx_cmd_agree(int argc, char **argv)
{
    static const struct option opts[] = {
        {"bot", required_argument, 0, 'b'},   {"json", no_argument, 0, 'J'},
        {"games", required_argument, 0, 'g'}, {"seed", required_argument, 0, 's'},
        {"preset", required_argument, 0, 'p'}, {"every", required_argument, 0, 'e'},
        {"help", no_argument, 0, 'h'},         {0, 0, 0, 0}};
    ag_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return 1;
    c->seed = 1;
    c->every = 1;
    c->max_games = UINT64_MAX;
    const char *preset = "official";
    bool json = false;
    int opt, status = 0;
    optind = 1;
    while (status == 0 && (opt = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (opt == 'b')
            c->spec = optarg;
        else if (opt == 'J')
            json = true;
        else if (opt == 'g')
            status = skx_cli_number("games", optarg, UINT64_MAX, &c->max_games) < 0 ? 2 : 0;
        else if (opt == 's')
            status = skx_cli_number("seed", optarg, UINT64_MAX, &c->seed) < 0 ? 2 : 0;
        else if (opt == 'e')
            status = skx_cli_number("every", optarg, 1000, &c->every) < 0 || c->every == 0 ? 2 : 0;
        else if (opt == 'p')
            preset = optarg;
        else if (opt == 'h') {
            agree_usage(stdout);
            free(c);
            return 0;
        } else {
            agree_usage(stderr);
            status = 2;
        }
    }
    sk_error err = {{0}, NULL};
    if (status == 0 && !c->spec) {
        fprintf(stderr, "schafkopf: agree: --bot is required (e.g. --bot heuristic)\n");
        status = 2;
    }
    sk_bot *probe = status == 0 ? sk_bot_new(c->spec, 1, &err) : NULL;
    if (status == 0 && !probe) {
        fprintf(stderr, "schafkopf: agree: --bot: %s\n", err.msg);
        status = 2;
    }
    sk_bot_free(probe);
    if (status == 0 && sk_rules_preset(&c->realrules, preset, &err) < 0) {
        fprintf(stderr, "schafkopf: agree: --preset: %s\n", err.msg);
        status = 2;
    }
    if (status == 0 && optind == argc) {
        fprintf(stderr, "schafkopf: agree: no FILE given ('-' reads stdin)\n");
        status = 2;
    }
    for (int i = optind; status == 0 && i < argc; i++) {
        bool std = strcmp(argv[i], "-") == 0;
        FILE *f = std ? stdin : fopen(argv[i], "r");
        char q[SK_CLI_QUOTE];
        if (!f) {
            fprintf(stderr, "schafkopf: agree: cannot open %s: %s\n", skx_cli_quote(q, argv[i]),
                    strerror(errno));
            status = 1;
            break;
        }
        status = skx_cli_game_lines("agree", argv[i], f, ag_next, c) < 0 ? 1 : 0;
        if (!std)
            fclose(f);
    }
    if (status == 0 && c->st.games == 0) {
        fprintf(stderr, "schafkopf: agree: no games in the input\n");
        status = 1;
    }
    if (status == 0) {
        if (json)
            status = ag_report_json(c) < 0 ? 1 : 0;
        else
            ag_report(c);
    }
    free(c);
    return status;
}
