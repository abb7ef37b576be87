/*
 * arena_stats.c -- the totals and the report of an arena match.
 *
 * A run merges its deals as they finish (in deal order); `arena
 * --combine` merges the deals read from logs, sorted by index.  Both go
 * through skx_arena_stats_merge with the same values in the same order,
 * so the floating-point sums -- and the printed report -- are the same
 * byte for byte.  Means and confidence intervals are over per-deal
 * totals: every bot holds every seat's hand once per deal, so those
 * totals are the paired, luck-cancelled samples.
 */
#include "lab/arena.h"

#include <math.h>
#include <string.h>

/* The command of an "ext:COMMAND" spec, else NULL; see arena.h. */
const char *skx_arena_bot_command(const char *spec)
{
    return strncmp(spec, "ext:", 4) == 0 ? spec + 4 : NULL;
}

/* Adds one game to the rates: per bot (its games, and those in which it
 * laid, doubled or declared) and per game of the match. */
static void merge_rates(skx_arena_stats *st, const skx_arena_game *g)
{
    bool thrown = g->contract.type == SK_C_NONE;
    for (int s = 0; s < SK_NSEATS; s++) {
        skx_arena_bot_stats *bs = &st->bot[g->bot_at[s]];
        bs->thrown_in += thrown;
        bs->laid += (g->laid >> s) & 1;
        bs->kontra += (g->kontra >> s) & 1;
        bs->retour += (g->retour >> s) & 1;
    }
    st->with_laid += g->laid != 0;
    st->with_kontra += g->kontra != 0;
    st->with_retour += g->retour != 0;
    st->with_solo += g->contract.type == SK_C_SOLO;
    st->with_wenz += g->contract.type == SK_C_WENZ;
}

/* Welford's running mean and squared deviations. */
static void welford(double *mean, double *m2, uint64_t n, double x)
{
    double delta = x - *mean;
    *mean += delta / (double)n;
    *m2 += delta * (x - *mean);
}

/* Notes deal `index` in the runs of consecutive deals the report names. */
static void note_range(skx_arena_stats *st, uint64_t index)
{
    if (st->nranges == 0 || index != st->last_hi + 1) {
        st->nranges++;
        st->last_lo = index;
    }
    st->last_hi = index;
    if (st->nranges <= SKX_ARENA_SHOWN_RANGES) {
        st->range_lo[st->nranges - 1] = st->last_lo;
        st->range_hi[st->nranges - 1] = index;
    }
}

/* Adds what seat s of game g got to the figures x, divided by n. */
static void add_seat(double x[SKX_ARENA_NFIG], const skx_arena_game *g, int s, double n)
{
    x[SKX_ARENA_MONEY] += (double)g->money[s] / n;
    x[SKX_ARENA_PLAIN] += (double)g->plain[s] / n;
    x[SKX_ARENA_TP] += (double)g->tournament[s] / n;
}

/* Each bot's figures per game in one deal, over all its games (every
 * bot sits in every seat equally often per deal: 4 games rotated, 16 in
 * 1-vs-3); *plain: every game knows its money without doublings. */
static void bot_means(const skx_arena_match *m, const skx_arena_deal *d,
                      double x[SKX_ARENA_MAX_BOTS][SKX_ARENA_NFIG], bool *plain)
{
    int ngames[SKX_ARENA_MAX_BOTS] = {0};
    memset(x, 0, sizeof(double) * SKX_ARENA_MAX_BOTS * SKX_ARENA_NFIG);
    *plain = true;
    for (int r = 0; r < skx_arena_seatings(m); r++) {
        *plain &= d->games[r].has_plain;
        for (int s = 0; s < SK_NSEATS; s++) {
            ngames[d->games[r].bot_at[s]]++;
            add_seat(x[d->games[r].bot_at[s]], &d->games[r], s, 1);
        }
    }
    for (int b = 0; b < m->nbots; b++)
        for (int k = 0; k < SKX_ARENA_NFIG; k++)
            x[b][k] /= ngames[b] ? ngames[b] : 1;
}

/* See arena.h. */
int skx_arena_deal_rows(const skx_arena_match *m, const skx_arena_deal *d,
                       double x[SKX_ARENA_MAX_BOTS][SKX_ARENA_NFIG], bool *plain)
{
    if (m->format != SKX_ARENA_1V3) {
        bot_means(m, d, x, plain);
        return m->nbots;
    }
    memset(x, 0, sizeof(double) * SKX_ARENA_MAX_BOTS * SKX_ARENA_NFIG);
    *plain = true;
    for (int r = 0; r < 8; r++) { /* the lone bot of seating r sits at seat r mod 4 */
        add_seat(x[r / 4], &d->games[r], r % 4, 4);
        *plain &= d->games[r].has_plain;
    }
    return 2;
}

/* Adds the 1-vs-3 samples of one deal: each direction's lone bot. */
static void merge_1v3(skx_arena_stats *st, const skx_arena_match *m, const skx_arena_deal *d)
{
    double x[SKX_ARENA_MAX_BOTS][SKX_ARENA_NFIG];
    bool plain;
    skx_arena_deal_rows(m, d, x, &plain);
    if (!plain)
        st->no_plain++;
    for (int k = 0; k < SKX_ARENA_NFIG; k++) {
        for (int dir = 0; dir < 2; dir++)
            welford(&st->dir[dir][k].mean, &st->dir[dir][k].m2, st->deals, x[dir][k]);
        welford(&st->edge[k].mean, &st->edge[k].m2, st->deals, (x[0][k] - x[1][k]) / 2);
    }
}

/* Adds one deal to the totals (deals in increasing index order). */
void skx_arena_stats_merge(skx_arena_stats *st, const skx_arena_match *m, const skx_arena_deal *d)
{
    int nbots = m->nbots;
    bool acts = true;
    st->deals++;
    note_range(st, d->index);
    for (int r = 0; r < skx_arena_seatings(m); r++) {
        const skx_arena_game *g = &d->games[r];
        acts &= g->has_acts;
        merge_rates(st, g);
        for (int s = 0; s < SK_NSEATS; s++)
            st->bot[g->bot_at[s]].games++;
        if (g->declarer < 0) {
            st->no_declarer++;
            continue;
        }
        skx_arena_bot_stats *ds = &st->bot[g->bot_at[g->declarer]];
        int k = g->contract.type * 2 + (g->contract.tout ? 1 : 0); /* class */
        ds->declared[k]++;
        ds->won[k] += g->won;
        ds->declarer_money[k] += g->money[g->declarer];
    }
    double x[SKX_ARENA_MAX_BOTS][SKX_ARENA_NFIG];
    bool plain;
    bot_means(m, d, x, &plain);
    for (int b = 0; b < nbots; b++) {
        skx_arena_bot_stats *bs = &st->bot[b];
        welford(&bs->money_mean, &bs->money_m2, st->deals, x[b][SKX_ARENA_MONEY]);
        welford(&bs->tp_mean, &bs->tp_m2, st->deals, x[b][SKX_ARENA_TP]);
        for (int k = 0; k < SKX_ENGINE_NFAIL; k++)
            bs->fails[k] += d->fails[b][k];
    }
    st->no_acts += !acts;
    if (m->format == SKX_ARENA_1V3)
        merge_1v3(st, m, d);
}

/* Half-width of the 95% confidence interval of a mean over n samples. */
static double ci95(double m2, uint64_t n)
{
    return n > 1 ? 1.96 * sqrt(m2 / (double)(n - 1) / (double)n) : NAN;
}

/* Prints ", deals 11-20" (or several ranges) unless the deals are 1..N. */
static void report_ranges(FILE *out, const skx_arena_stats *st)
{
    if (st->nranges == 1 && st->range_lo[0] == 1)
        return;
    fprintf(out, ", deals ");
    uint64_t shown = st->nranges < SKX_ARENA_SHOWN_RANGES ? st->nranges : SKX_ARENA_SHOWN_RANGES;
    for (uint64_t i = 0; i < shown; i++) {
        unsigned long long lo = st->range_lo[i], hi = st->range_hi[i];
        fprintf(out, lo == hi ? "%s%llu" : "%s%llu-%llu", i ? ", " : "", lo, hi);
    }
    if (st->nranges > shown) {
        unsigned long long lo = st->last_lo, hi = st->last_hi;
        fprintf(out, lo == hi ? ", ..., %llu" : ", ..., %llu-%llu", lo, hi);
        fprintf(out, " (%llu ranges)", (unsigned long long)st->nranges);
    }
}

/* Prints the per-bot engine failure table (only for matches with engines). */
static void report_failures(FILE *out, const skx_arena_match *m, const skx_arena_stats *st)
{
    bool any_ext = false;
    for (int b = 0; b < m->nbots; b++)
        any_ext |= skx_arena_bot_command(m->bots[b]) != NULL;
    if (!any_ext)
        return;
    fprintf(out, "\nengine failures (each: killed, random play for the rest of that game)\n");
    for (int b = 0; b < m->nbots; b++) {
        if (!skx_arena_bot_command(m->bots[b]))
            continue;
        uint64_t total = 0;
        for (int k = 1; k < SKX_ENGINE_NFAIL; k++)
            total += st->bot[b].fails[k];
        fprintf(out, "%c %-22.22s %llu", 'A' + b, m->bots[b], (unsigned long long)total);
        for (int k = 1; k < SKX_ENGINE_NFAIL; k++)
            fprintf(out, " %s %llu", skx_engine_fail_name(k),
                    (unsigned long long)st->bot[b].fails[k]);
        fprintf(out, "\n");
    }
}

/* Standard error of a mean over n samples. */
static double se(double m2, uint64_t n)
{
    return n > 1 ? sqrt(m2 / (double)(n - 1) / (double)n) : NAN;
}

/* Prints one row of the 1-vs-3 table: money, money without doublings,
 * tournament points, each with its standard error. */
static void report_1v3_row(FILE *out, const char *label, const skx_arena_mean f[SKX_ARENA_NFIG],
                           const skx_arena_stats *st)
{
    fprintf(out, "%-38.38s %+10.2f %6.2f", label, f[SKX_ARENA_MONEY].mean,
            se(f[SKX_ARENA_MONEY].m2, st->deals));
    if (st->no_plain)
        fprintf(out, " %10s %6s", "-", "-");
    else
        fprintf(out, " %+10.2f %6.2f", f[SKX_ARENA_PLAIN].mean, se(f[SKX_ARENA_PLAIN].m2, st->deals));
    fprintf(out, " %+10.3f %6.3f\n", f[SKX_ARENA_TP].mean, se(f[SKX_ARENA_TP].m2, st->deals));
}

/* Prints the 1-vs-3 table: each direction and their mean. */
static void report_1v3(FILE *out, const skx_arena_match *m, const skx_arena_stats *st)
{
    char label[64];
    fprintf(out, "%-38s %10s %6s %10s %6s %10s %6s\n", "1 vs 3, per game of the lone bot",
            "cents/game", "s.e.", "undoubled", "s.e.", "tourn.pts", "s.e.");
    for (int dir = 0; dir < 2; dir++) {
        snprintf(label, sizeof label, "%c %.22s alone vs 3 %c", 'A' + dir, m->bots[dir],
                 'B' - dir);
        report_1v3_row(out, label, st->dir[dir], st);
    }
    snprintf(label, sizeof label, "A over B, mean of both directions");
    report_1v3_row(out, label, st->edge, st);
    fprintf(out, "(s.e.: standard error over the %llu deals, a 95%% interval is +- 1.96 s.e.; "
                 "undoubled: the money\n without Kontra, Retour and laying; the mean is "
                 "(A alone - B alone) / 2 per deal)\n",
            (unsigned long long)st->deals);
}

/* Prints a share in percent, right-aligned in 9 columns; "-" when the
 * figure is unknown (logs of older runs). */
static void report_share(FILE *out, uint64_t n, uint64_t of, bool known)
{
    if (!known || !of)
        fprintf(out, " %9s", "-");
    else
        fprintf(out, " %8.1f%%", 100.0 * (double)n / (double)of);
}

/* Prints the rates of the match: per bot, of the games it played, how
 * many were thrown in and in how many it laid, gave Kontra, gave Retour,
 * declared a Solo or a Wenz; then the same per game of the match (games
 * with any of those), to set beside real games (docs/ai.md). */
static void report_rates(FILE *out, const skx_arena_match *m, const skx_arena_stats *st,
                         uint64_t games)
{
    bool acts = st->no_acts == 0;
    fprintf(out, "\n%-24s %8s %9s %9s %9s %9s %9s %9s\n", "rates", "games", "thrown in",
            "klopfen", "kontra", "retour", "solo", "wenz");
    for (int b = 0; b < m->nbots; b++) {
        const skx_arena_bot_stats *bs = &st->bot[b];
        uint64_t solo = bs->declared[SK_C_SOLO * 2] + bs->declared[SK_C_SOLO * 2 + 1];
        uint64_t wenz = bs->declared[SK_C_WENZ * 2] + bs->declared[SK_C_WENZ * 2 + 1];
        fprintf(out, "%c %-22.22s %8llu", 'A' + b, m->bots[b], (unsigned long long)bs->games);
        report_share(out, bs->thrown_in, bs->games, true);
        report_share(out, bs->laid, bs->games, acts);
        report_share(out, bs->kontra, bs->games, acts);
        report_share(out, bs->retour, bs->games, acts);
        report_share(out, solo, bs->games, true);
        report_share(out, wenz, bs->games, true);
        fprintf(out, "\n");
    }
    uint64_t thrown = st->bot[0].thrown_in; /* counted once per seat: 4 per game */
    for (int b = 1; b < m->nbots; b++)
        thrown += st->bot[b].thrown_in;
    thrown /= SK_NSEATS;
    fprintf(out, "%-24s %8llu", "all games", (unsigned long long)games);
    report_share(out, thrown, games, true);
    report_share(out, st->with_laid, games, acts);
    report_share(out, st->with_kontra, games, acts);
    report_share(out, st->with_retour, games, acts);
    report_share(out, st->with_solo, games, true);
    report_share(out, st->with_wenz, games, true);
    uint64_t played = games - thrown;
    double div = played ? (double)played / 100.0 : 1.0;
    fprintf(out, "\n(a bot's row: of the games it played, the share thrown in, and in which it "
                 "laid, gave Kontra\n (or Sub), gave Retour, declared a Solo or a Wenz (Touts "
                 "included); all games: games\n with any of those.  Of the %llu games played "
                 "(not thrown in): Solo %.1f%%, Wenz %.1f%%)\n",
            (unsigned long long)played, (double)st->with_solo / div,
            (double)st->with_wenz / div);
}

/* Prints the match report (deterministic for the deals merged). */
void skx_arena_report(FILE *out, const skx_arena_match *m, const skx_arena_stats *st)
{
    int nseat = skx_arena_seatings(m);
    uint64_t games = st->deals * (uint64_t)nseat;
    fprintf(out, "Arena: %llu deals x %d seatings = %llu games, seed %llu",
            (unsigned long long)st->deals, nseat, (unsigned long long)games,
            (unsigned long long)m->seed);
    report_ranges(out, st);
    fprintf(out, "\nSeatings:");
    for (int r = 0; r < nseat; r++) {
        uint8_t at[SK_NSEATS];
        skx_arena_seating(m, r, at);
        fprintf(out, " ");
        for (int s = 0; s < SK_NSEATS; s++)
            fprintf(out, "%c", 'A' + at[s]);
    }
    if (m->format == SKX_ARENA_1V3)
        fprintf(out, " (seats 0-3; format 1v3: each bot alone against three of the other, "
                     "in every seat)\n");
    else
        fprintf(out, " (seats 0-3; format %s: every bot holds every seat's hand once per "
                     "deal)\n", skx_arena_format_name(m));
    if (m->format == SKX_ARENA_ROTATE && m->nbots == 2)
        fprintf(out, "Warning: format abab: copies of one bot sit on opposite sides and can "
                     "double each other\n(Kontra against its twin's Solo, which answers "
                     "Retour): the figures are inflated by\nthat collusion; the default "
                     "format 1v3 measures one bot against three of the other.\n");
    const sk_rules *r = &m->rules;
    fprintf(out, "Rules: %s; tariff %s: Sauspiel %d, Solo %d, Wenz %d, Laufender %d, "
                 "Schneider %d cents\n", r->preset, m->tariff, r->rate_sauspiel * r->unit_cents,
            r->rate_solo * r->unit_cents, r->rate_wenz * r->unit_cents,
            r->rate_laufende * r->unit_cents, r->rate_schneider * r->unit_cents);
    fprintf(out, "No declarer (thrown in or Ramsch): %llu games (%.1f%%)\n\n",
            (unsigned long long)st->no_declarer,
            100.0 * (double)st->no_declarer / (double)games);
    if (m->format == SKX_ARENA_1V3) {
        report_1v3(out, m, st);
    } else {
        fprintf(out, "%-24s %8s %11s %9s %15s %9s\n", "bot", "games", "cents/game", "95% CI",
                "tourn.pts/game", "95% CI");
        for (int b = 0; b < m->nbots; b++) {
            const skx_arena_bot_stats *bs = &st->bot[b];
            fprintf(out, "%c %-22.22s %8llu %+11.2f +-%7.2f %+15.3f +-%7.3f\n", 'A' + b,
                    m->bots[b], (unsigned long long)bs->games, bs->money_mean,
                    ci95(bs->money_m2, st->deals), bs->tp_mean, ci95(bs->tp_m2, st->deals));
        }
    }
    fprintf(out, "\n%-24s %-12s %8s %8s %7s %13s\n", "as declarer", "contract", "declared",
            "of games", "won", "cents/declared");
    for (int b = 0; b < m->nbots; b++)
        for (int k = 0; k < SKX_ARENA_NCLASSES; k++) {
            const skx_arena_bot_stats *bs = &st->bot[b];
            if (!bs->declared[k])
                continue;
            char name[32];
            sk_contract c = {.type = (uint8_t)(k / 2), .suit = SK_NOSUIT, .tout = (uint8_t)(k % 2)};
            sk_contract_class_code(c, name, sizeof name);
            double n = (double)bs->declared[k];
            fprintf(out, "%c %-22.22s %-12s %8llu %7.1f%% %6.1f%% %+13.1f\n", 'A' + b,
                    m->bots[b], name, (unsigned long long)bs->declared[k],
                    100.0 * n / (double)bs->games, 100.0 * (double)bs->won[k] / n,
                    (double)bs->declarer_money[k] / n);
        }
    report_rates(out, m, st, games);
    report_failures(out, m, st);
}
