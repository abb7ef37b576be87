/*
 * tools.c -- small subcommands: `deal` (a deal from a seed), `legal`
 * (the legal actions after a record prefix) and `rules` (presets and
 * options).
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* The ruleset options every subcommand with a ruleset accepts. */
#define RULE_OPTIONS                                                                     \
    {"preset", required_argument, 0, SKX_OPT_PRESET},                                     \
        {"rule", required_argument, 0, SKX_OPT_RULE},                                     \
        {"rules", required_argument, 0, SKX_OPT_RULES_FILE}

static const char RULE_HELP[] =
    "  --preset NAME      ruleset preset (official, tournament, sauspiel, kurz, stammtisch;\n"
    "                     see 'schafkopf rules'); first: a preset after --rule or --rules\n"
    "                     is an error, as in ruleset files and records\n"
    "  --rule KEY=VALUE   set one rule option (repeatable, applied in order)\n"
    "  --rules FILE       read a ruleset file (key = value lines, applied in order)\n";

/* Prints the usage of `deal`. */
static void deal_usage(FILE *out)
{
    fprintf(out, "usage: schafkopf deal [--seed N] [--dealer D] [--json] [RULE OPTIONS]\n\n"
                 "Shuffles and deals; prints each seat's hand (forehand is dealer+1).\n"
                 "Without --seed the OS random source is used.\n\n"
                 "  --seed N      reproducible deal from seed N\n"
                 "  --dealer D    dealer seat 0..3 (default 3)\n"
                 "  --json        print a game record with no actions yet\n%s"
                 "  -h, --help    this help\n", RULE_HELP);
}

int skx_cmd_deal(int argc, char **argv)
{
    static const struct option opts[] = {{"seed", required_argument, 0, 's'},
                                         {"dealer", required_argument, 0, 'd'},
                                         {"json", no_argument, 0, 'j'},
                                         {"help", no_argument, 0, 'h'},
                                         RULE_OPTIONS,
                                         {0, 0, 0, 0}};
    sk_rules rules;
    sk_rules_preset(&rules, "official", NULL);
    uint64_t seed = 0, dealer = 3;
    bool seeded = false, json = false;
    int c;
    optind = 1;
    bool rules_seen = false;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 's') {
            if (skx_cli_number("seed", optarg, UINT64_MAX, &seed) < 0)
                return 2;
            seeded = true;
        } else if (c == 'd') {
            if (skx_cli_number("dealer", optarg, 3, &dealer) < 0)
                return 2;
        } else if (c == 'j') {
            json = true;
        } else if (c >= SKX_OPT_PRESET) {
            if (skx_cli_rules_option(&rules, c, optarg, &rules_seen) < 0)
                return 2;
        } else if (c == 'h') {
            deal_usage(stdout);
            return 0;
        } else {
            deal_usage(stderr);
            return 2;
        }
    }
    if (optind < argc) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: deal: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind]));
        return 2;
    }
    if (skx_cli_rules_check(&rules) < 0)
        return 2;
    if ((int)dealer >= sk_rules_seats(&rules)) {
        fprintf(stderr, "schafkopf: deal: --dealer %d: there are only %d seats\n", (int)dealer,
                sk_rules_seats(&rules));
        return 2;
    }
    sk_rng rng;
    if (seeded)
        sk_rng_seed(&rng, seed);
    else if (sk_rng_seed_os(&rng) < 0) {
        fprintf(stderr, "schafkopf: deal: no OS random source\n");
        return 1;
    }
    sk_game g;
    sk_game_deal(&g, &rules, (int)dealer, &rng, false);
    if (json) {
        sk_record rec;
        sk_record_from_game(&rec, &g, "");
        char *text = sk_record_write(&rec);
        if (!text)
            return 1;
        fputs(text, stdout);
        free(text);
        return 0;
    }
    int seats = g.pub.nseats;
    for (int s = 0; s < seats; s++) {
        printf("seat %d%s:", s, s == (int)(dealer + 1) % seats ? " (forehand)"
                                : s == (int)dealer              ? " (dealer)"
                                                                : "");
        for (int i = 0; i < g.pub.ntricks; i++)
            printf(" %s", sk_card_name(g.dealt[s][i]));
        printf("\n");
    }
    return 0;
}

/* Prints the usage of `legal`. */
static void legal_usage(FILE *out)
{
    fprintf(out, "usage: schafkopf legal [FILE]\n\n"
                 "Reads one game record (JSON; stdin when no FILE) whose actions are the game\n"
                 "so far, replays it and prints every action allowed now, one per line, as\n"
                 "\"SEAT ACTION\" (e.g. \"2 card GA\", \"1 kontra\").\n\n"
                 "  -h, --help    this help\n");
}

int skx_cmd_legal(int argc, char **argv)
{
    static const struct option opts[] = {{"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'h') {
            legal_usage(stdout);
            return 0;
        }
        legal_usage(stderr);
        return 2;
    }
    const char *path = optind < argc ? argv[optind] : "-";
    size_t len;
    char *text = skx_cli_slurp(path, &len, SK_RECORD_MAX_LINE);
    char qp[SK_CLI_QUOTE];
    skx_cli_quote(qp, path);
    if (!text) {
        fprintf(stderr, "schafkopf: legal: cannot read %s: %s\n", qp, skx_cli_read_error(errno));
        return 1;
    }
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    sk_error err = {{0}, NULL};
    int bad = -1, status = 1;
    if (!rec || !g)
        goto out;
    if (sk_record_read(rec, text, len, &err) < 0) {
        fprintf(stderr, "schafkopf: legal: %s: %s\n", qp, err.msg);
        goto out;
    }
    if (sk_record_replay(rec, g, &bad, &err) < 0) {
        fprintf(stderr, "schafkopf: legal: %s: action %d: %s\n", qp, bad, err.msg);
        goto out;
    }
    sk_action legal[SK_MAX_LEGAL];
    int n = sk_game_legal(g, legal);
    for (int i = 0; i < n; i++) {
        char buf[48];
        sk_action_format(legal[i], buf, sizeof buf);
        printf("%d %s\n", legal[i].seat, buf);
    }
    status = 0;
out:
    free(text);
    free(rec);
    free(g);
    return status;
}

/* Prints the usage of `rules`. */
static void rules_usage(FILE *out)
{
    fprintf(out, "usage: schafkopf rules [--preset NAME] [--rule KEY=VALUE]...\n\n"
                 "Without options: lists the presets and every option with its default\n"
                 "(official) and meaning.  With --preset/--rule/--rules: prints that\n"
                 "ruleset as a ruleset file.\n\n%s"
                 "  -h, --help    this help\n", RULE_HELP);
}

int skx_cmd_rules(int argc, char **argv)
{
    static const struct option opts[] = {{"help", no_argument, 0, 'h'}, RULE_OPTIONS,
                                         {0, 0, 0, 0}};
    sk_rules rules;
    sk_rules_preset(&rules, "official", NULL);
    bool print = false;
    int c;
    optind = 1;
    bool rules_seen = false;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c >= SKX_OPT_PRESET) {
            if (skx_cli_rules_option(&rules, c, optarg, &rules_seen) < 0)
                return 2;
            print = true;
        } else if (c == 'h') {
            rules_usage(stdout);
            return 0;
        } else {
            rules_usage(stderr);
            return 2;
        }
    }
    if (optind < argc) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: rules: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind]));
        return 2;
    }
    if (skx_cli_rules_check(&rules) < 0)
        return 2;
    char buf[4096];
    if (print) {
        sk_rules_format(&rules, buf, sizeof buf);
        fputs(buf, stdout);
        return 0;
    }
    printf("presets:");
    for (const char *const *p = sk_rules_preset_names(); *p; p++)
        printf(" %s", *p);
    printf("\n\noptions (default = official preset):\n");
    for (size_t i = 0; i < sk_rules_option_count(); i++) {
        const sk_rule_option *o = sk_rules_option(i);
        char value[64];
        sk_rules_get(&rules, o->key, value, sizeof value);
        printf("  %-20s = %-12s %s [%s]\n", o->key, value, o->meaning, o->values);
    }
    return 0;
}
