/*
 * rules.c -- rulesets: presets, options as text, ruleset files.
 *
 * A ruleset (struct sk_rules) is a flat bag of numbers.  Everything that
 * reads or writes it as text goes through one table, `options`, which
 * says for each option its key (the struct field's name), a one-line
 * meaning, the values it takes and where the field lives (offsetof and
 * size).  Setting, getting, formatting and listing options are loops
 * over that table; adding an option is adding one row.
 *
 * Presets are the official base (`official_rules`) plus a few overrides
 * written in the ruleset file language itself, so a preset reads like
 * the file a player would write for it.
 */
#include "schafkopf/core.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* How much of a bad key or value an error message quotes (input bytes;
 * sk_escape may make each four). */
#define SK_RULES_QUOTE 40
/* A quoted span: the escaped text of at most SK_RULES_QUOTE bytes. */
typedef struct quote {
    char s[SK_RULES_QUOTE + 8]; /* escapes cut it sooner */
} quote;

/* Escapes the span s[0..n) for a message (sk_escape). */
static quote q_span(const char *s, size_t n)
{
    quote q;
    sk_escape(q.s, sizeof q.s, s, n, SK_RULES_QUOTE);
    return q;
}

enum opt_type { OPT_BOOL, OPT_INT, OPT_ENUM };

/*
 * One row of the option table.  `pub` is what sk_rules_option() hands
 * out; the rest says how to parse and where to store.  `width` is the
 * field's size: 1 (uint8_t) or 4 (int32_t).
 */
typedef struct opt_desc {
    sk_rule_option pub;
    uint8_t type;
    uint8_t width;
    int32_t min, max;
    const char *const *names; /* OPT_ENUM: value i is names[i] */
    size_t offset;
} opt_desc;

static const char *const deal_names[] = {"4+4", "2+2+2+2", NULL};
static const char *const deck_names[] = {"long", "short", "20", NULL};
static const char *const allpass_names[] = {"next_dealer", "same_dealer", "ramsch", "muss",
                                            "kreuzbock", NULL};
static const char *const ranking_names[] = {"official", "cardgame", "online", NULL};
static const char *const klopfen_names[] = {"off", "all", "chain", "forehand", "one", NULL};
static const char *const timing_names[] = {"first_card", "before_play", "own_card", NULL};
static const char *const stock_names[] = {"off", "declarer", "side", NULL};
static const char *const lauf_names[] = {"all", "above_min", NULL};
static const char *const score_names[] = {"money", "points", NULL};

#define FIELD_W(f) (uint8_t)sizeof(((sk_rules *)0)->f)
#define OPT_B(f, meaning) {{#f, meaning, "yes|no"}, OPT_BOOL, FIELD_W(f), 0, 1, NULL, offsetof(sk_rules, f)}
#define OPT_I(f, lo, hi, vals, meaning) {{#f, meaning, vals}, OPT_INT, FIELD_W(f), lo, hi, NULL, offsetof(sk_rules, f)}
#define OPT_E(f, names, vals, meaning) {{#f, meaning, vals}, OPT_ENUM, FIELD_W(f), 0, 0, names, offsetof(sk_rules, f)}

static const opt_desc options[] = {
    OPT_I(players, 3, 5, "3..5",
          "players at the table: 3 play short cards, 8 each, Solo and Wenz only; with 5 the "
          "dealer sits out (002)"),
    OPT_E(deck, deck_names, "long|short|20",
          "32 cards (1.2), 24 without 7s and 8s dealt 3+3, or 20 without 9s too (002)"),
    OPT_E(deal_mode, deal_names, "4+4|2+2+2+2",
          "how the cards are dealt: two packets of four (2.3.1) or four of two (5.2.3)"),
    OPT_E(all_pass, allpass_names, "next_dealer|same_dealer|ramsch|muss|kreuzbock",
          "when all pass: thrown in, next or same dealer (2.4.13, 5.2.5), a Ramsch, the "
          "Eichel-Ober must play (002), or the pairs across play it (003)"),
    OPT_B(allow_solo, "a Solo (Farbsolo) may be played (2.6)"),
    OPT_B(allow_wenz, "a Wenz may be played (2.7)"),
    OPT_B(allow_tout, "a Solo or Wenz may be announced Tout (2.8)"),
    OPT_B(allow_sie, "a Sie (all Obers and Unters) counts as a game (2.9)"),
    OPT_B(sie_first_game, "a Sie counts in a session's first game (2.9.1)"),
    OPT_B(first_game_limits, "no Tout in a stage's first game; a Solo Schwarz there is rated as a Schneider (5.2.15)"),
    OPT_I(stage_games, 0, 200, "0..200", "games of a stage (5.2.1: 32); each stage has its first game (2.9.1, 5.2.15); 0 = one stage"),
    OPT_B(allow_geier, "a Geier (only the Obers trump) may be played (002)"),
    OPT_B(allow_farbwenz, "a Farbwenz (Unters and a suit trump) may be played (001, 002)"),
    OPT_B(allow_farbgeier, "a Farbgeier (Obers and a suit trump) may be played (002)"),
    OPT_B(allow_bettel, "a Bettel (take no trick, no trumps) may be played (002)"),
    OPT_B(allow_bettel_ouvert, "a Bettel Brett (Bettel with the hand shown) may be played (002)"),
    OPT_B(bettel_stichzwang, "in a Bettel everyone must beat the trick if he can"),
    OPT_B(bettel_open_at_once, "a Bettel Brett hand is laid open before the first lead, "
                               "not after the first trick"),
    OPT_B(allow_hochzeit, "a Hochzeit (one trump offered for a partner) may be played (002)"),
    OPT_B(hochzeit_after_pass, "a Hochzeit may be offered only once all passed (002)"),
    OPT_B(bauernhochzeit, "Bauernhochzeit: a hand with exactly two trumps may offer a Hochzeit "
                          "too, the taker gives two non-trumps for them (002)"),
    OPT_E(ranking, ranking_names, "official|cardgame|online",
          "contract ranking in the auction: 2.4.4, 001's, or the common online order"),
    OPT_B(ramsch_jungfrau, "in a Ramsch each player without a trick doubles the loss (002)"),
    OPT_B(ramsch_durchmarsch, "in a Ramsch a player taking every trick wins (002)"),
    OPT_B(ramsch_schieben, "Schieberamsch: at the end each player's tricks pass to the next "
                           "seat clockwise; the fewest points then win from everyone (002)"),
    OPT_I(kontra_max, 0, 8, "0..8",
          "doublings allowed: 0 none (5.2.4), 1 Kontra, 2 and Retour (3.3), more Sub, Resub..."),
    OPT_B(retour_by_partner, "the declarer's called partner may give Retour (3.3.3)"),
    OPT_E(kontra_timing, timing_names, "first_card|before_play|own_card",
          "Kontra/Retour while at most the lead is out (3.3.2), before play, or before "
          "one's own first card (002 \"with eight cards\")"),
    OPT_B(answer_one_card_later, "Re, Sub ... may answer up to one card after the doubling (002)"),
    OPT_E(klopfen, klopfen_names, "off|all|chain|forehand|one",
          "laying after the first packet, each doubling (002): who may lay"),
    OPT_I(unit_cents, 1, 10000, "1..10000", "cents in one unit of payment (4.2.1)"),
    OPT_I(rate_sauspiel, 0, 10000, "0..10000", "units for a Sauspiel (4.2.4)"),
    OPT_I(rate_solo, 0, 10000, "0..10000", "units for a Solo, and the base of a Sie (4.2.4)"),
    OPT_I(rate_wenz, 0, 10000, "0..10000", "units for a Wenz (4.2.4)"),
    OPT_I(rate_laufende, 0, 10000, "0..10000", "units per paid Laufender (4.2.2, 4.2.4)"),
    OPT_I(rate_schneider, 0, 10000, "0..10000", "extra units for Schneider (4.2.4)"),
    OPT_I(rate_schwarz, 0, 10000, "0..10000",
          "extra units for Schwarz, replacing Schneider's (4.2.4)"),
    OPT_I(tout_factor, 0, 100, "0..100", "multiplier of a Tout (4.2.4)"),
    OPT_I(sie_factor, 0, 100, "0..100", "multiplier of a Sie, priced from the Solo rate (2.9)"),
    OPT_I(rate_geier, 0, 10000, "0..10000", "units for a Geier"),
    OPT_I(rate_farbwenz, 0, 10000, "0..10000", "units for a Farbwenz"),
    OPT_I(rate_farbgeier, 0, 10000, "0..10000", "units for a Farbgeier"),
    OPT_I(rate_bettel, 0, 10000, "0..10000", "units for a Bettel (002: often the Solo rate)"),
    OPT_I(bettel_ouvert_factor, 0, 100, "0..100", "multiplier of a Bettel Brett"),
    OPT_I(rate_ramsch, 0, 10000, "0..10000",
          "units each Ramsch loser pays each other player (001: +1/-3)"),
    OPT_I(rate_durchmarsch, 0, 10000, "0..10000",
          "units the Ramsch sweeper gets from each other player"),
    OPT_I(rate_hochzeit, 0, 10000, "0..10000", "units for a Hochzeit (002: often doubled)"),
    OPT_I(laufende_min, 1, 14, "1..14", "fewest Laufende paid in a Sauspiel or Solo (4.2.2)"),
    OPT_I(laufende_min_wenz, 1, 4, "1..4", "fewest Laufende paid in a Wenz (4.2.2)"),
    OPT_I(laufende_min_geier, 1, 4, "1..4", "fewest Laufende paid in a Geier"),
    OPT_I(laufende_min_farbwenz, 1, 11, "1..11", "fewest Laufende paid in a Farbwenz or Farbgeier"),
    OPT_I(laufende_max, 0, 14, "0..14", "most Laufende paid, 0 for no cap"),
    OPT_B(schneider_solo, "Schneider and Schwarz are scored in Solo-type games (002)"),
    OPT_B(schneider_wenz, "... and in a Wenz or Geier (only with schneider_solo)"),
    OPT_B(schneider_sauspiel, "Schneider and Schwarz are scored in partner games (4.2.4)"),
    OPT_E(laufende_count, lauf_names, "all|above_min",
          "pay every Laufender once the minimum is reached, or only those above it"),
    OPT_B(tournament_kontra, "tournament points double with each Kontra, Retour or lay "
                             "(project decision, docs/rules.md; 5.2.4 forbids Kontra at "
                             "a tournament)"),
    OPT_E(score, score_names, "money|points",
          "what the table plays for: money (4.2), or tournament points only (5.2.7, 5.2.8)"),
    OPT_I(bock_games, 0, 16, "0..16", "games doubled after a Bock trigger (4 = a round), 0 = no Bock (002)"),
    OPT_B(bock_on_throw_in, "a thrown-in deal starts Bock games (002)"),
    OPT_B(bock_on_lost_solo, "a lost Solo-type game starts Bock games (002)"),
    OPT_B(bock_on_schwarz, "a Schwarz game starts Bock games (002)"),
    OPT_B(bock_on_retour, "a game with Retour starts Bock games (002)"),
    OPT_E(stock, stock_names, "off|declarer|side",
          "the pot filled on throw-ins goes to the next declarer (002, 003) or his side (002)"),
    OPT_I(stock_rate, 0, 10000, "0..10000", "units each player pays into the pot on a throw-in"),
    OPT_B(kreuzbock_on_throw_in, "a thrown-in deal starts a round of Kreuzbock games (002)"),
};
#define NOPTIONS (sizeof options / sizeof options[0])

/* The Schafkopfschule's rules (4.2.4 tariff, Kontra and Retour, 3.3). */
static const sk_rules official_rules = {
    .preset = "official",
    .players = 4,
    .deck = SK_DECK_LONG,
    .deal_mode = SK_DEAL_4_4,
    .all_pass = SK_ALLPASS_NEXT_DEALER,
    .allow_solo = 1,
    .allow_wenz = 1,
    .allow_tout = 1,
    .allow_sie = 1,
    .sie_first_game = 0,
    .first_game_limits = 0,
    .allow_geier = 0,
    .allow_farbwenz = 0,
    .allow_farbgeier = 0,
    .allow_bettel = 0,
    .allow_bettel_ouvert = 0,
    .bettel_stichzwang = 0,
    .allow_hochzeit = 0,
    .hochzeit_after_pass = 0,
    .bauernhochzeit = 0,
    .ranking = SK_RANK_OFFICIAL,
    .ramsch_jungfrau = 1,
    .ramsch_durchmarsch = 1,
    .ramsch_schieben = 0,
    .kontra_max = 2,
    .retour_by_partner = 0, /* 3.3.3: "the declarer may respond" (docs/rules.md) */
    .kontra_timing = SK_KONTRA_FIRST_CARD,
    .klopfen = SK_KLOPF_OFF,
    .answer_one_card_later = 0,
    .unit_cents = 10,
    .rate_sauspiel = 1,
    .rate_solo = 5,
    .rate_wenz = 5,
    .rate_laufende = 1,
    .rate_schneider = 1,
    .rate_schwarz = 2,
    .tout_factor = 2,
    .sie_factor = 4,
    .rate_geier = 5,
    .rate_farbwenz = 5,
    .rate_farbgeier = 5,
    .rate_bettel = 5,
    .bettel_ouvert_factor = 2,
    .rate_ramsch = 1,
    .rate_durchmarsch = 5,
    .rate_hochzeit = 2,
    .laufende_min = 3,
    .laufende_min_wenz = 2,
    .laufende_min_geier = 2,
    .laufende_min_farbwenz = 3,
    .laufende_count = SK_LAUF_ALL,
    .laufende_max = 0,
    .schneider_solo = 1,
    .schneider_wenz = 1,
    .schneider_sauspiel = 1,
    .tournament_kontra = 1,
    .score = SK_SCORE_MONEY,
    .bock_games = 0,
    .bock_on_throw_in = 1,
    .bock_on_lost_solo = 0,
    .bock_on_schwarz = 0,
    .bock_on_retour = 0,
    .stock = SK_STOCK_OFF,
    .stock_rate = 1,
    .kreuzbock_on_throw_in = 0,
};

/*
 * Presets as overrides of `official_rules`.  The two English
 * translations of section 5.2 disagree; the tournament preset takes
 * four packets of two from one (5.2.3) and "the same dealer deals
 * again" from the other (5.2.5).
 */
static const struct preset_desc {
    const char *name;
    const char *overrides;
} presets[] = {
    {"official", ""},
    {"tournament", "deal_mode = 2+2+2+2\n"   /* 5.2.3 */
                   "all_pass = same_dealer\n" /* 5.2.5 */
                   "kontra_max = 0\n"         /* 5.2.4 */
                   "first_game_limits = yes\n" /* 5.2.15 */
                   "stage_games = 32\n"       /* 5.2.1 */
                   "score = points\n"},        /* 5.2.7, 5.2.8 */
    {"sauspiel", "rate_sauspiel = 2\n"       /* the usual 10/20/50 tariff */
                 "allow_geier = yes\n"
                 "allow_farbwenz = yes\n"
                 "ranking = online\n"
                 "klopfen = all\n"
                 "retour_by_partner = yes\n"},
    {"kurz", "deck = short\n"},               /* short cards (002): 24 cards, 6 each */
    {"stammtisch", "all_pass = ramsch\n"      /* a house-rule table (002) */
                   "allow_geier = yes\n"
                   "allow_farbwenz = yes\n"
                   "allow_farbgeier = yes\n"
                   "allow_bettel = yes\n"
                   "allow_bettel_ouvert = yes\n"
                   "allow_hochzeit = yes\n"
                   "bock_games = 4\n"
                   "bock_on_lost_solo = yes\n"
                   "bock_on_schwarz = yes\n"
                   "stock = declarer\n"
                   "retour_by_partner = yes\n"},
};
#define NPRESETS (sizeof presets / sizeof presets[0])

static const char *const preset_names[] = {"official", "tournament", "sauspiel", "kurz",
                                           "stammtisch", NULL};

/* Lets the compiler check the format strings of the helpers below. */
#if defined(__GNUC__)
#define SK_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SK_PRINTF(f, a)
#endif

/* Fills err (if any) with "<ctx><message>" and returns code; ctx is a
 * position prefix such as "line 3: " or "". */

static int fail(sk_error *err, const char *ctx, const char *rule, int code,
                const char *fmt, ...) SK_PRINTF(5, 6);
static int fail(sk_error *err, const char *ctx, const char *rule, int code,
                const char *fmt, ...)
{
    if (err) {
        int n = snprintf(err->msg, sizeof err->msg, "%s", ctx);
        if (n < 0 || (size_t)n >= sizeof err->msg)
            n = 0;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg + n, sizeof err->msg - (size_t)n, fmt, ap);
        va_end(ap);
        err->rule = rule;
    }
    return code;
}

/* A growing output for the snprintf-like writers: `len` counts what was
 * needed even after `buf` is full. */
typedef struct sbuf {
    char *buf;
    size_t size, len;
} sbuf;

/* Appends formatted text to an sbuf, truncating but always counting. */
static void sb_printf(sbuf *sb, const char *fmt, ...) SK_PRINTF(2, 3);
static void sb_printf(sbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *dst = sb->len < sb->size ? sb->buf + sb->len : NULL;
    size_t room = sb->len < sb->size ? sb->size - sb->len : 0;
    int n = vsnprintf(dst, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        sb->len += (size_t)n;
}

/* Starts an sbuf; an empty string when there is room for one. */
static sbuf sb_init(char *buf, size_t size)
{
    sbuf sb = {buf, buf ? size : 0, 0};
    if (sb.size > 0)
        sb.buf[0] = '\0';
    return sb;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* Shrinks the span [*s, *s + *n) to drop surrounding whitespace. */
static void trim(const char **s, size_t *n)
{
    while (*n > 0 && is_space(**s)) {
        (*s)++;
        (*n)--;
    }
    while (*n > 0 && is_space((*s)[*n - 1]))
        (*n)--;
}

static char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

/* Whether the span s[0..n) equals the C string word, ignoring ASCII case. */
static int span_is(const char *s, size_t n, const char *word)
{
    size_t i = 0;
    for (; i < n; i++)
        if (word[i] == '\0' || lower(s[i]) != lower(word[i]))
            return 0;
    return word[i] == '\0';
}

/* Length of a possibly unterminated fixed-size string field. */
static size_t field_len(const char *s, size_t cap)
{
    size_t n = 0;
    while (n < cap && s[n])
        n++;
    return n;
}

/* Index of a preset by name (case-insensitive), or -1. */
static int find_preset(const char *name, size_t n)
{
    for (size_t i = 0; i < NPRESETS; i++)
        if (span_is(name, n, presets[i].name))
            return (int)i;
    return -1;
}

/* The table row of a key, or NULL. */
static const opt_desc *find_option(const char *key, size_t n)
{
    for (size_t i = 0; i < NOPTIONS; i++) {
        const char *k = options[i].pub.key;
        if (strlen(k) == n && memcmp(k, key, n) == 0)
            return &options[i];
    }
    return NULL;
}

/* Reads the field of option d from r. */
static long load(const sk_rules *r, const opt_desc *d)
{
    const unsigned char *p = (const unsigned char *)r + d->offset;
    if (d->width == 1)
        return *p;
    int32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* Stores v (already range-checked) into the field of option d. */
static void store(sk_rules *r, const opt_desc *d, long v)
{
    unsigned char *p = (unsigned char *)r + d->offset;
    if (d->width == 1) {
        *p = (unsigned char)v;
    } else {
        int32_t w = (int32_t)v;
        memcpy(p, &w, sizeof w);
    }
}

/* Parses a decimal integer span: optional sign, digits, nothing else.
 * Values beyond +-10^12 are clamped (still out of every option's range). */
static int parse_int(const char *s, size_t n, long long *out)
{
    size_t i = 0;
    int neg = 0;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        neg = s[i++] == '-';
    if (i == n)
        return -1;
    long long v = 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        if (v < 1000000000000LL)
            v = v * 10 + (s[i] - '0');
    }
    *out = neg ? -v : v;
    return 0;
}

/* Parses a yes/no value in any of its spellings. */
static int parse_bool(const char *s, size_t n, long long *out)
{
    static const char *const yes[] = {"1", "true", "yes", "on"};
    static const char *const no[] = {"0", "false", "no", "off"};
    for (size_t i = 0; i < 4; i++) {
        if (span_is(s, n, yes[i])) {
            *out = 1;
            return 0;
        }
        if (span_is(s, n, no[i])) {
            *out = 0;
            return 0;
        }
    }
    return -1;
}

/*
 * Sets one option from trimmed spans.  The key "preset" resets the whole
 * ruleset.  Errors quote the key and the value and are prefixed by ctx.
 * This is the one place where text becomes a ruleset.
 */
static int set_span(sk_rules *r, const char *key, size_t kn, const char *val,
                    size_t vn, const char *ctx, sk_error *err)
{
    if (kn == 6 && memcmp(key, "preset", 6) == 0) {
        int p = find_preset(val, vn);
        if (p < 0)
            return fail(err, ctx, NULL, SK_EINVAL,
                        "unknown preset \"%s\" (known: official, tournament, sauspiel, kurz, stammtisch)",
                        q_span(val, vn).s);
        return sk_rules_preset(r, presets[p].name, err);
    }
    const opt_desc *d = find_option(key, kn);
    if (!d)
        return fail(err, ctx, NULL, SK_EINVAL, "unknown rule option \"%s\"", q_span(key, kn).s);
    long long v = 0;
    switch (d->type) {
    case OPT_BOOL:
        if (parse_bool(val, vn, &v) < 0)
            return fail(err, ctx, NULL, SK_EINVAL,
                        "rule option \"%s\": \"%s\" is not yes/no (1/0, true/false, on/off)",
                        d->pub.key, q_span(val, vn).s);
        break;
    case OPT_INT: {
        int bad = parse_int(val, vn, &v) < 0;
        if (bad || v < d->min || v > d->max)
            return fail(err, ctx, NULL, bad ? SK_EINVAL : SK_ERANGE,
                        "rule option \"%s\": \"%s\" is not an integer in %ld..%ld",
                        d->pub.key, q_span(val, vn).s, (long)d->min, (long)d->max);
        break;
    }
    case OPT_ENUM:
        v = -1;
        for (long long i = 0; d->names[i]; i++)
            if (span_is(val, vn, d->names[i]))
                v = i;
        if (v < 0)
            return fail(err, ctx, NULL, SK_EINVAL, "rule option \"%s\": \"%s\" is not one of %s",
                        d->pub.key, q_span(val, vn).s, d->pub.values);
        break;
    }
    store(r, d, (long)v);
    return SK_OK;
}

/*
 * Applies `len` bytes of ruleset text to r, line by line.  Shared by
 * sk_rules_parse_len and the presets.  `preset` lines are only allowed
 * before any other option, since they reset everything said so far (and
 * not at all with SK_RULES_NO_PRESET).  A NUL byte is refused where it
 * is, not taken for the end: a file must not hide lines behind one.
 */
static int parse_text(sk_rules *r, const char *text, size_t len, unsigned flags,
                      sk_error *err)
{
    if (len > SK_RULES_MAX_FILE)
        return fail(err, "", NULL, SK_EINVAL, "ruleset text of %zu bytes, at most %d", len,
                    SK_RULES_MAX_FILE);
    unsigned long lineno = 0;
    int seen_option = 0;
    const char *p = text, *stop = text + len;
    while (p < stop) {
        const char *end = memchr(p, '\n', (size_t)(stop - p));
        if (!end)
            end = stop;
        lineno++;
        char ctx[40];
        snprintf(ctx, sizeof ctx, "line %lu: ", lineno);
        size_t n = (size_t)(end - p);
        if (n > SK_RULES_MAX_LINE)
            return fail(err, ctx, NULL, SK_EINVAL, "line longer than %d bytes",
                        SK_RULES_MAX_LINE);
        const char *nul = memchr(p, '\0', n);
        if (nul)
            return fail(err, ctx, NULL, SK_EINVAL, "a NUL byte at byte %zu of the line",
                        (size_t)(nul - p) + 1);
        const char *hash = memchr(p, '#', n);
        if (hash)
            n = (size_t)(hash - p);
        const char *line = p;
        p = end < stop ? end + 1 : end;
        trim(&line, &n);
        if (n == 0)
            continue;
        const char *eq = memchr(line, '=', n);
        if (!eq)
            return fail(err, ctx, NULL, SK_EINVAL, "expected \"key = value\", got \"%s\"",
                        q_span(line, n).s);
        const char *key = line, *val = eq + 1;
        size_t kn = (size_t)(eq - line), vn = n - kn - 1;
        trim(&key, &kn);
        trim(&val, &vn);
        int is_preset = kn == 6 && memcmp(key, "preset", 6) == 0;
        if (is_preset && (flags & SK_RULES_NO_PRESET))
            return fail(err, ctx, NULL, SK_EINVAL,
                        "\"preset\" must come before every other option (options were given "
                        "before this ruleset, and a preset would reset them)");
        if (is_preset && seen_option)
            return fail(err, ctx, NULL, SK_EINVAL,
                        "\"preset\" must come before every other option");
        seen_option |= !is_preset;
        int rc = set_span(r, key, kn, val, vn, ctx, err);
        if (rc < 0)
            return rc;
    }
    return SK_OK;
}

/* Fills r with a named preset: the official base plus the preset's
 * overrides.  Unknown names are an error listing the known ones. */
int sk_rules_preset(sk_rules *r, const char *name, sk_error *err)
{
    if (!r || !name)
        return fail(err, "", NULL, SK_EINVAL, "no ruleset or preset name given");
    int p = find_preset(name, strlen(name));
    if (p < 0)
        return fail(err, "", NULL, SK_EINVAL,
                    "unknown preset \"%s\" (known: official, tournament, sauspiel, kurz, stammtisch)",
                    q_span(name, strlen(name)).s);
    sk_rules tmp = official_rules;
    int rc = parse_text(&tmp, presets[p].overrides, strlen(presets[p].overrides), 0, err);
    if (rc < 0)
        return rc; /* a broken preset table; the tests catch it */
    snprintf(tmp.preset, sizeof tmp.preset, "%s", presets[p].name);
    sk_rules_refresh(&tmp);
    *r = tmp;
    return SK_OK;
}

/* The preset names for listings and completion, NULL-terminated. */
const char *const *sk_rules_preset_names(void)
{
    return preset_names;
}

/* Sets one option from text; leading and trailing whitespace is ignored
 * and r is unchanged on error. */
int sk_rules_set(sk_rules *r, const char *key, const char *value, sk_error *err)
{
    if (!r || !key || !value)
        return fail(err, "", NULL, SK_EINVAL, "no ruleset, key or value given");
    size_t kn = strlen(key), vn = strlen(value);
    trim(&key, &kn);
    trim(&value, &vn);
    sk_rules tmp = *r;
    int rc = set_span(&tmp, key, kn, value, vn, "", err);
    if (rc == SK_OK) {
        sk_rules_refresh(&tmp);
        *r = tmp;
    }
    return rc;
}

/* Applies one "key=value" pair, as given on a command line. */
int sk_rules_set_pair(sk_rules *r, const char *pair, sk_error *err)
{
    if (!r || !pair)
        return fail(err, "", NULL, SK_EINVAL, "no ruleset or option given");
    const char *eq = strchr(pair, '=');
    if (!eq)
        return fail(err, "", NULL, SK_EINVAL, "expected \"key=value\", got \"%s\"",
                    q_span(pair, strlen(pair)).s);
    const char *key = pair, *val = eq + 1;
    size_t kn = (size_t)(eq - pair), vn = strlen(val);
    trim(&key, &kn);
    trim(&val, &vn);
    sk_rules tmp = *r;
    int rc = set_span(&tmp, key, kn, val, vn, "", err);
    if (rc == SK_OK) {
        sk_rules_refresh(&tmp);
        *r = tmp;
    }
    return rc;
}

/*
 * Reads a ruleset file's text on top of r: "key = value" lines, '#'
 * comments (whole-line or trailing), blank lines, CRLF line ends, an
 * optional "preset = NAME" before the other options.  Errors start
 * with "line N: ".  The text is applied to a copy, so r is unchanged on
 * error (callers need not keep their own copy, though they may).  The
 * result must pass sk_rules_validate.
 */
int sk_rules_parse_len(sk_rules *r, const char *text, size_t len, unsigned flags,
                       sk_error *err)
{
    if (!r || (!text && len))
        return fail(err, "", NULL, SK_EINVAL, "no ruleset or text given");
    sk_rules tmp = *r;
    int rc = parse_text(&tmp, text ? text : "", len, flags, err);
    if (rc == SK_OK)
        rc = sk_rules_validate(&tmp, err);
    if (rc == SK_OK) {
        sk_rules_refresh(&tmp);
        *r = tmp;
    }
    return rc;
}

/* sk_rules_parse_len of a NUL-terminated text. */
int sk_rules_parse(sk_rules *r, const char *text, sk_error *err)
{
    if (!r || !text)
        return fail(err, "", NULL, SK_EINVAL, "no ruleset or text given");
    return sk_rules_parse_len(r, text, strlen(text), 0, err);
}

/*
 * The options checked against each other (see core.h).  Each check
 * names every option involved, so the user knows what to change.  The
 * engine itself would not crash on any of these: it would throw every
 * deal in, or quietly play something else than the options say.
 */
int sk_rules_validate(const sk_rules *r, sk_error *err)
{
    if (!r)
        return fail(err, "", NULL, SK_EINVAL, "no ruleset given");
    if (r->players == 3) {
        if (!r->allow_solo && !r->allow_wenz)
            return fail(err, "", NULL, SK_EINVAL,
                        "players = 3 plays only Solo, Wenz and Sie, but allow_solo and "
                        "allow_wenz are both off: no game could be played (every deal "
                        "would be thrown in)");
        if (r->all_pass == SK_ALLPASS_MUSS || r->all_pass == SK_ALLPASS_KREUZBOCK)
            return fail(err, "", NULL, SK_EINVAL,
                        "all_pass = %s needs four players (a partner), but players = 3",
                        allpass_names[r->all_pass]);
        if (r->kreuzbock_on_throw_in)
            return fail(err, "", NULL, SK_EINVAL,
                        "kreuzbock_on_throw_in needs four players (the pairs across), but "
                        "players = 3");
        if (r->deck == SK_DECK_20)
            return fail(err, "", NULL, SK_EINVAL,
                        "deck = 20 does not apply with players = 3 (three players always "
                        "play 24 cards, eight each): use deck = short or long");
    }
    if (r->score == SK_SCORE_POINTS) {
        /* tournament points know no Bock and no pot (docs/rules.md,
         * "What a table plays for"): a points table would show neither */
        if (r->bock_games)
            return fail(err, "", NULL, SK_EINVAL,
                        "bock_games = %d doubles money only, but score = points counts "
                        "tournament points (5.2.7): use bock_games = 0 or score = money",
                        r->bock_games);
        if (r->stock != SK_STOCK_OFF)
            return fail(err, "", NULL, SK_EINVAL,
                        "stock = %s is a pot of money, but score = points counts tournament "
                        "points (5.2.7): use stock = off or score = money",
                        stock_names[r->stock]);
    }
    return SK_OK;
}

/* Writes the value of option d as text: a number, yes/no or an enum
 * name (a number when the field holds no valid name). */
static void format_value(sbuf *sb, const sk_rules *r, const opt_desc *d)
{
    long v = load(r, d);
    if (d->type == OPT_BOOL && (v == 0 || v == 1)) {
        sb_printf(sb, "%s", v ? "yes" : "no");
        return;
    }
    if (d->type == OPT_ENUM) {
        for (long i = 0; d->names[i]; i++)
            if (i == v) {
                sb_printf(sb, "%s", d->names[i]);
                return;
            }
    }
    sb_printf(sb, "%ld", v);
}

/*
 * Writes the whole ruleset as a file that sk_rules_parse reads back to
 * the same struct.  A preset name that is not a known preset is written
 * as "official" (every option follows, so only the name is lost).
 * snprintf semantics: returns the length needed.
 */
size_t sk_rules_format(const sk_rules *r, char *buf, size_t size)
{
    sbuf sb = sb_init(buf, size);
    size_t pn = field_len(r->preset, sizeof r->preset);
    int p = find_preset(r->preset, pn);
    sb_printf(&sb, "# schafkopf ruleset\npreset = %s\n", presets[p < 0 ? 0 : p].name);
    for (size_t i = 0; i < NOPTIONS; i++) {
        sb_printf(&sb, "%s = ", options[i].pub.key);
        format_value(&sb, r, &options[i]);
        sb_printf(&sb, "\n");
    }
    return sb.len;
}

/* Writes "key=value" lines for the options that differ from the preset
 * named in r->preset (official when that name is unknown). */
size_t sk_rules_format_overrides(const sk_rules *r, char *buf, size_t size)
{
    sbuf sb = sb_init(buf, size);
    sk_rules base;
    char name[sizeof r->preset + 1];
    size_t pn = field_len(r->preset, sizeof r->preset);
    memcpy(name, r->preset, pn);
    name[pn] = '\0';
    if (sk_rules_preset(&base, name, NULL) < 0)
        base = official_rules;
    for (size_t i = 0; i < NOPTIONS; i++) {
        const opt_desc *d = &options[i];
        if (load(r, d) == load(&base, d))
            continue;
        sb_printf(&sb, "%s=", d->pub.key);
        format_value(&sb, r, d);
        sb_printf(&sb, "\n");
    }
    return sb.len;
}

/* Number of options in the table (the "preset" key is not one). */
size_t sk_rules_option_count(void)
{
    return NOPTIONS;
}

/* Metadata of option i, or NULL past the end. */
const sk_rule_option *sk_rules_option(size_t i)
{
    return i < NOPTIONS ? &options[i].pub : NULL;
}

/* Writes the current value of the option named `key` (or of "preset") as
 * sk_rules_set accepts it; an unknown key writes "" and returns 0. */
size_t sk_rules_get(const sk_rules *r, const char *key, char *buf, size_t size)
{
    sbuf sb = sb_init(buf, size);
    if (!r || !key)
        return 0;
    size_t kn = strlen(key);
    trim(&key, &kn);
    if (kn == 6 && memcmp(key, "preset", 6) == 0) {
        sb_printf(&sb, "%.*s", (int)field_len(r->preset, sizeof r->preset), r->preset);
        return sb.len;
    }
    const opt_desc *d = find_option(key, kn);
    if (d)
        format_value(&sb, r, d);
    return sb.len;
}
