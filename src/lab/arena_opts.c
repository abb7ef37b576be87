/*
 * arena_opts.c -- the command line of `schafkopf arena`: its usage, the
 * bot list, the tariff and the deal range (arena.c plays the deals).
 */
#include "lab/lab.h"
#include "lab/arena.h"
#include "schafkopf/ai.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* Prints the usage of `arena`. */
static void arena_usage(FILE *out)
{
    fprintf(out,
            "usage: schafkopf arena --bots A,B,... [--format F] [--deals N] [--first-deal K]\n"
            "                       [--seed S] [--jobs J] [--out FILE] [--log FILE]\n"
            "                       [--info FILE] [--tariff U/S/L] [--time MS] [--session N]\n"
            "                       [RULE OPTIONS]\n"
            "       schafkopf arena --combine LOG...\n"
            "       schafkopf arena --pair BEFORE AFTER\n\n"
            "Duplicate matches between bots: each deal is played once per seating, on the\n"
            "same hands with the same dealer, so card luck cancels.  Two bots play 1-vs-3\n"
            "(format 1v3, the default): A alone against three B in each seat (ABBB BABB\n"
            "BBAB BBBA), then B alone against three A (BAAA ABAA AABA AAAB), 8 games a\n"
            "deal; the report gives each direction and their mean, in cents (with and\n"
            "without doublings) and tournament points a game, with standard errors over\n"
            "deals.  More bots rotate (format rotate): seating r puts bot (seat + r) mod k\n"
            "on each seat -- four play ABCD BCDA CDAB DABC -- and the report gives each\n"
            "bot's mean with 95%% confidence intervals.  --format abab rotates two bots,\n"
            "ABAB and BABA, as older versions did: copies of one bot then sit on opposite\n"
            "sides and can double each other, which inflates the figures (a warning says\n"
            "so).  Also: what each bot did as declarer per contract class, and its rates:\n"
            "games thrown in, Klopfen, Kontra, Retour, Solo and Wenz.  Results depend on\n"
            "--seed only, not on --jobs.\n\n"
            "  --bots LIST     bots separated by commas: the levels beginner (people),\n"
            "                  stammtisch (pimc) and expert (pimc:fuse), random,\n"
            "                  heuristic, pimc, pimc:N\n"
            "                  (N deals per decision, default 24), pimc:strong (N = 128);\n"
            "                  a pimc spec draws deals following the auction (ending in\n"
            "                  :uniform: uniformly, as before issue 19; with :pw also\n"
            "                  weighed by the cards played, e.g. pimc:12:pw; with :dd\n"
            "                  its last tricks too double dummy, not against people's\n"
            "                  play; with :fuse its early cards without strategy\n"
            "                  fusion at its next card), policy (the card-play model learned from people,\n"
            "                  `schafkopf learn`), people (policy's cards, people's\n"
            "                  bidding, `schafkopf learn --people`), or ext:COMMAND for\n"
            "                  an external engine speaking the protocol of\n"
            "                  docs/engine-protocol.md (run with /bin/sh -c COMMAND)\n"
            "  --bot SPEC      add one bot (repeatable; for commands with commas)\n"
            "  --format F      1v3 (two bots, the default), abab (two bots rotated: inflated\n"
            "                  by collusion) or rotate (any number of bots)\n"
            "  --deals N       number of deals (default 100)\n"
            "  --first-deal K  play deals K..K+N-1 of the seeded sequence (default 1): deal d\n"
            "                  is the same whatever the range, so runs with one --seed and\n"
            "                  disjoint ranges are shards of one match\n"
            "  --seed S        seed of deals and bots (default: OS random, printed)\n"
            "  --jobs J        worker threads (default: online CPUs)\n"
            "  --out FILE      append every game record (JSON Lines) to FILE (a resumed\n"
            "                  run adds its records to those already there; shards may\n"
            "                  share one FILE: it is locked while a deal is appended)\n"
            "  --log FILE      append one JSON line of results per deal to FILE, in deal\n"
            "                  order, the engines' info lines by game included\n"
            "                  (docs/arena.md); an interrupted run resumes with\n"
            "                  --first-deal LAST+1 and the same --log\n"
            "  --info FILE     append the info lines of every external engine, by game,\n"
            "                  as text (docs/engine-protocol.md)\n"
            "  --combine LOG.. print the report of the deals in one or more logs of one\n"
            "                  match (shards, resumed runs) as one run over them would\n"
            "  --pair A B      compare two logs of matches on the same deals (bots may\n"
            "                  differ): each row's change per deal, its mean and s.e.\n"
            "  --tariff U/S/L  money in cents: U per Laufender and for Schneider (Schwarz\n"
            "                  2U), S for a Sauspiel, L for a Solo or Wenz (default\n"
            "                  10/20/50, the sauspiel preset's money); it replaces the\n"
            "                  ruleset's unit_cents and rates.  'rules': keep the ruleset's\n"
            "  --session N     the table keeps an opponent model over blocks of N deals\n"
            "                  (1..N, N+1..2N, ...: 4N or 8N games): after each deal it\n"
            "                  counts, per bot, how often its card was the rules of\n"
            "                  thumb's, and a pimc bot answers a bot read as playing by\n"
            "                  them with those rules (docs/ai.md, \"Opponent models\");\n"
            "                  default: none, every game on its own.  --first-deal must\n"
            "                  start a block and --deals be a multiple of N; a stopped\n"
            "                  run keeps only whole blocks\n"
            "  --time MS       time limit of an engine's decision (default 1000)\n"
            "  --start-time MS time limit of an engine's start and handshake (default 5000)\n"
            "  --preset NAME   ruleset preset (default official), first\n"
            "  --rule K=V      set one rule option (repeatable)\n"
            "  --rules FILE    read a ruleset file\n"
            "  -h, --help      this help\n");
}

/* Adds one bot spec; -1 with a message when it is bad. */
static int add_bot(arena_opts *o, const char *spec, size_t len)
{
    if (o->m.nbots == SKX_ARENA_MAX_BOTS) {
        fprintf(stderr, "schafkopf: arena: at most %d bots\n", SKX_ARENA_MAX_BOTS);
        return -1;
    }
    if (len == 0 || len >= sizeof o->m.bots[0]) {
        fprintf(stderr, "schafkopf: arena: --bots: %s bot spec\n", len ? "too long a" : "empty");
        return -1;
    }
    char *spec_copy = o->m.bots[o->m.nbots];
    memcpy(spec_copy, spec, len);
    spec_copy[len] = '\0';
    if (!skx_arena_spec_ok(spec_copy)) { /* the logs are JSON: UTF-8 text */
        fprintf(stderr, "schafkopf: arena: --bots: a bot spec must be UTF-8 text\n");
        return -1;
    }
    const char *command = o->command[o->m.nbots] = skx_arena_bot_command(spec_copy);
    if (command) {
        if (strspn(command, " \t") == strlen(command)) {
            fprintf(stderr, "schafkopf: arena: --bots: \"ext:\" needs a command\n");
            return -1;
        }
    } else {
        sk_error err = {{0}, NULL};
        sk_bot *probe = sk_bot_new(spec_copy, 1, &err);
        if (!probe) {
            fprintf(stderr, "schafkopf: arena: --bots: %s (or ext:COMMAND)\n", err.msg);
            return -1;
        }
        sk_bot_free(probe);
    }
    o->m.nbots++;
    return 0;
}

/* Greatest common divisor. */
static uint64_t gcd(uint64_t a, uint64_t b)
{
    return b ? gcd(b, a % b) : a;
}

/* Applies --tariff U/S/L (or "rules") to the ruleset; -1 with a message. */
static int apply_tariff(arena_opts *o, const char *text)
{
    if (strcmp(text, "rules") == 0) {
        snprintf(o->m.tariff, sizeof o->m.tariff, "of the ruleset");
        return 0;
    }
    uint64_t v[3];
    const char *s = text;
    for (int i = 0; i < 3; i++) {
        char num[16];
        size_t len = strspn(s, "0123456789");
        if (len == 0 || len >= sizeof num || (i < 2 && s[len] != '/') || (i == 2 && s[len])) {
            fprintf(stderr, "schafkopf: arena: --tariff \"%s\": expected U/S/L in cents, "
                            "e.g. 10/20/50, or 'rules'\n", text);
            return -1;
        }
        memcpy(num, s, len);
        num[len] = '\0';
        if (skx_cli_number("tariff", num, 100000, &v[i]) < 0)
            return -1;
        s += len + 1;
    }
    if (v[0] == 0 || v[1] == 0 || v[2] == 0) {
        fprintf(stderr, "schafkopf: arena: --tariff \"%s\": amounts must be positive\n", text);
        return -1;
    }
    uint64_t unit = gcd(gcd(v[0], v[1]), v[2]);
    static const char *const KEYS[] = {"rate_laufende", "rate_schneider", "rate_schwarz",
                                       "rate_sauspiel", "rate_solo",      "rate_wenz"};
    uint64_t rates[] = {v[0] / unit, v[0] / unit, 2 * v[0] / unit,
                        v[1] / unit, v[2] / unit, v[2] / unit};
    char num[32];
    sk_error err = {{0}, NULL};
    snprintf(num, sizeof num, "%llu", (unsigned long long)unit);
    int rc = sk_rules_set(&o->m.rules, "unit_cents", num, &err);
    for (int i = 0; i < 6 && rc == 0; i++) {
        snprintf(num, sizeof num, "%llu", (unsigned long long)rates[i]);
        rc = sk_rules_set(&o->m.rules, KEYS[i], num, &err);
    }
    if (rc < 0) {
        fprintf(stderr, "schafkopf: arena: --tariff %s: %s\n", text, err.msg);
        return -1;
    }
    snprintf(o->m.tariff, sizeof o->m.tariff, "%llu/%llu/%llu", (unsigned long long)v[0],
             (unsigned long long)v[1], (unsigned long long)v[2]);
    return 0;
}

/* Parses the command line; -1 (exit 2), 1 (help shown) or 0. */
int skx_arena_parse_opts(int argc, char **argv, arena_opts *o, bool *seeded)
{
    static const struct option opts[] = {
        {"bots", required_argument, 0, 'b'},   {"bot", required_argument, 0, 'B'},
        {"deals", required_argument, 0, 'n'},  {"seed", required_argument, 0, 's'},
        {"jobs", required_argument, 0, 'j'},   {"out", required_argument, 0, 'o'},
        {"tariff", required_argument, 0, 't'}, {"time", required_argument, 0, 'T'},
        {"start-time", required_argument, 0, 'S'},
        {"first-deal", required_argument, 0, 'f'}, {"log", required_argument, 0, 'l'},
        {"format", required_argument, 0, 'F'}, {"info", required_argument, 0, 'I'},
        {"session", required_argument, 0, 'N'},
        {"help", no_argument, 0, 'h'},         {"preset", required_argument, 0, SKX_OPT_PRESET},
        {"rule", required_argument, 0, SKX_OPT_RULE},
        {"rules", required_argument, 0, SKX_OPT_RULES_FILE},
        {0, 0, 0, 0}};
    const char *tariff = "10/20/50", *format = NULL;
    int c;
    optind = 1;
    bool rules_seen = false;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        int rc = 0;
        if (c == 'b') {
            for (const char *s = optarg; rc == 0;) {
                size_t len = strcspn(s, ",");
                rc = add_bot(o, s, len);
                if (!s[len])
                    break;
                s += len + 1;
            }
        } else if (c == 'B')
            rc = add_bot(o, optarg, strlen(optarg));
        else if (c == 'n')
            rc = skx_cli_number("deals", optarg, SKX_ARENA_MAX_DEALS, &o->deals);
        else if (c == 's') {
            rc = skx_cli_number("seed", optarg, UINT64_MAX, &o->m.seed);
            *seeded = true;
        } else if (c == 'j')
            rc = skx_cli_number("jobs", optarg, 256, &o->jobs);
        else if (c == 'o')
            o->out_path = optarg;
        else if (c == 'l')
            o->log_path = optarg;
        else if (c == 'F')
            format = optarg;
        else if (c == 'I')
            o->info_path = optarg;
        else if (c == 'f')
            rc = skx_cli_number("first-deal", optarg, SKX_ARENA_MAX_INDEX, &o->first);
        else if (c == 'N')
            rc = skx_cli_number("session", optarg, SKX_ARENA_MAX_SESSION, &o->m.session);
        else if (c == 't')
            tariff = optarg;
        else if (c == 'T')
            rc = skx_cli_number("time", optarg, 3600000, &o->time_ms);
        else if (c == 'S')
            rc = skx_cli_number("start-time", optarg, 3600000, &o->start_ms);
        else if (c >= SKX_OPT_PRESET)
            rc = skx_cli_rules_option(&o->m.rules, c, optarg, &rules_seen);
        else if (c == 'h') {
            arena_usage(stdout);
            return 1;
        } else {
            arena_usage(stderr);
            return -1;
        }
        if (rc < 0)
            return -1;
    }
    if (optind < argc) {
        char q[SK_CLI_QUOTE];
        fprintf(stderr, "schafkopf: arena: unexpected argument \"%s\"\n",
                skx_cli_quote(q, argv[optind]));
        return -1;
    }
    if (skx_cli_rules_check(&o->m.rules) < 0)
        return -1;
    if (o->m.nbots == 0) {
        fprintf(stderr, "schafkopf: arena: --bots is required (e.g. --bots heuristic,random)\n");
        return -1;
    }
    char why[160];
    if (skx_arena_format_set(&o->m, format ? format : o->m.nbots == 2 ? "1v3" : "rotate", why,
                            sizeof why) < 0) {
        fprintf(stderr, "schafkopf: arena: --format: %s\n", why);
        return -1;
    }
    if (o->m.rules.players != 4) { /* seatings rotate four bots over four seats */
        fprintf(stderr, "schafkopf: arena: players=%d: the arena seats four players\n",
                o->m.rules.players);
        return -1;
    }
    if (o->deals == 0 || o->first == 0 || o->jobs == 0 || o->time_ms == 0 ||
        o->start_ms == 0) {
        fprintf(stderr, "schafkopf: arena: --deals, --first-deal, --jobs, --time and "
                        "--start-time must be at least 1\n");
        return -1;
    }
    if (o->m.session > 0 && ((o->first - 1) % o->m.session || o->deals % o->m.session)) {
        fprintf(stderr, "schafkopf: arena: --session %llu: the run must be whole blocks of "
                        "%llu deals: --first-deal 1, %llu, %llu, ... and --deals a multiple of "
                        "%llu (got --first-deal %llu --deals %llu)\n",
                (unsigned long long)o->m.session, (unsigned long long)o->m.session,
                (unsigned long long)o->m.session + 1, (unsigned long long)o->m.session * 2 + 1,
                (unsigned long long)o->m.session, (unsigned long long)o->first,
                (unsigned long long)o->deals);
        return -1;
    }
    if (o->first - 1 + o->deals > SKX_ARENA_MAX_INDEX) {
        fprintf(stderr, "schafkopf: arena: --first-deal + --deals: deals go up to %llu\n",
                (unsigned long long)SKX_ARENA_MAX_INDEX);
        return -1;
    }
    return apply_tariff(o, tariff);
}
