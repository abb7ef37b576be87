/*
 * tournament.c -- a Preisschafkopf tournament (section 5): the field,
 * the seat draws, the tables' sheets and the standings.  See
 * schafkopf/tournament.h and docs/tournament.md.
 *
 * Nothing here prices a game: every sheet line is booked by
 * sk_session_book_outcome into a session of the table under the
 * tournament preset, which gives the tournament points (5.2.7, 5.2.8)
 * and the first game of the stage (5.2.15).  What is this module's own
 * is section 5's administration: approvals (5.2.14, 5.2.16), striking
 * (5.2.17), corrections (5.3.4), rounds (5.3.3), places (5.4).
 */
#include "schafkopf/tournament.h"
#include "core/game_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------ */
/* The field                                                            */
/* ------------------------------------------------------------------ */

/* Whether s is 1..max-1 bytes of visible text (sk_text_visible: no
 * control, no invisible or bidirectional character). */
static bool text_ok(const char *s, size_t max)
{
    size_t n = s ? strlen(s) : 0;
    return n > 0 && n < max && sk_text_visible(s, n);
}

int sk_t_init(sk_tournament *t, const char *seed, sk_error *err)
{
    memset(t, 0, sizeof *t);
    if (!text_ok(seed, SK_T_SEED))
        return skx_fail(err, SK_EINVAL, "5.2.2", "seed: 1 to %d bytes of visible characters",
                        SK_T_SEED - 1);
    snprintf(t->seed, sizeof t->seed, "%s", seed);
    return sk_rules_preset(&t->rules, "tournament", err);
}

void sk_t_free(sk_tournament *t)
{
    for (int s = 0; s < t->nstages; s++) {
        free(t->stages[s].tables);
        t->stages[s].tables = NULL;
    }
    t->nstages = 0;
}

int sk_t_find(const sk_tournament *t, const char *name)
{
    for (int i = 0; i < t->nplayers; i++)
        if (strcasecmp(t->players[i].name, name) == 0)
            return i + 1;
    return 0;
}

/* A new name must be text and nobody's yet; a refusal cites `rule`:
 * 5.1.2 for an entry ("players have no entitlement to participate": the
 * organiser admits them), 5.2.11 for a substitute (the management
 * appoints him). */
static int name_check(const sk_tournament *t, const char *name, const char *rule,
                      sk_error *err)
{
    if (!text_ok(name, SK_T_NAME))
        return skx_fail(err, SK_EINVAL, rule, "name: 1 to %d bytes of visible characters", SK_T_NAME - 1);
    if (sk_t_find(t, name))
        return skx_fail(err, SK_EINVAL, rule, "name: \"%s\" is registered already", name);
    return SK_OK;
}

int sk_t_register(sk_tournament *t, const char *name, bool paid, sk_error *err)
{
    if (name_check(t, name, "5.1.2", err) < 0)
        return SK_EINVAL;
    if (t->nplayers >= SK_T_MAX_PLAYERS) /* 5.1.2: no entitlement to participate */
        return skx_fail(err, SK_EINVAL, "5.1.2", "the field is full (%d players)",
                        SK_T_MAX_PLAYERS);
    sk_t_player *p = &t->players[t->nplayers];
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", name);
    p->paid = paid;
    p->first_stage = (uint8_t)(t->nstages + 1);
    return ++t->nplayers;
}

/* The player of a start number, or NULL with err set citing `rule`
 * (the rule of the step that names him: 5.1.2 for the entry fee, 5.2.11
 * for dropping out and substitutes). */
static sk_t_player *player_of(sk_tournament *t, int start, const char *rule, sk_error *err)
{
    if (start < 1 || start > t->nplayers) {
        skx_fail(err, SK_EINVAL, rule, "start number %d: no such player", start);
        return NULL;
    }
    return &t->players[start - 1];
}

int sk_t_set_paid(sk_tournament *t, int start, bool paid, sk_error *err)
{
    sk_t_player *p = player_of(t, start, "5.1.2", err);
    if (!p)
        return SK_EINVAL;
    p->paid = paid;
    return SK_OK;
}

int sk_t_withdraw(sk_tournament *t, int start, sk_error *err)
{
    sk_t_player *p = player_of(t, start, "5.2.11", err);
    if (!p)
        return SK_EINVAL;
    if (p->withdrawn)
        return skx_fail(err, SK_EINVAL, "5.2.11", "start number %d has withdrawn already",
                        start);
    p->withdrawn = 1;
    return SK_OK;
}

int sk_t_substitute(sk_tournament *t, int start, const char *name, sk_error *err)
{
    sk_t_player *p = player_of(t, start, "5.2.11", err);
    if (!p || name_check(t, name, "5.2.11", err) < 0)
        return SK_EINVAL;
    if (!p->replaced[0])
        memcpy(p->replaced, p->name, sizeof p->replaced);
    snprintf(p->name, sizeof p->name, "%s", name);
    p->withdrawn = 0; /* the substitute plays on under the number (5.2.11) */
    return SK_OK;
}

int sk_t_set_prize(sk_tournament *t, int place, int64_t cents, sk_error *err)
{
    if (place < 1 || place > SK_T_MAX_PRIZES || cents < 0)
        return skx_fail(err, SK_EINVAL, "5.4.1", "prize: a place 1..%d and an amount >= 0",
                        SK_T_MAX_PRIZES);
    t->prizes[place - 1] = cents;
    if (place > t->nprizes)
        t->nprizes = place;
    return SK_OK;
}

/* ------------------------------------------------------------------ */
/* The draw (5.2.2)                                                     */
/* ------------------------------------------------------------------ */

/* FNV-1a, 64 bits, continued from h over n bytes. */
static uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* The seed of a stage's draw: FNV-1a of "SEED/stage/N". */
uint64_t sk_t_stage_seed(const sk_tournament *t, int stage)
{
    char text[SK_T_SEED + 32];
    int n = snprintf(text, sizeof text, "%s/stage/%d", t->seed, stage);
    return fnv1a(0xcbf29ce484222325ull, text, (size_t)n);
}

/* The lot of a start number for the last tie-break (5.4.2): FNV-1a of
 * "SEED/lot/N". */
static uint64_t lot_of(const sk_tournament *t, int start)
{
    char text[SK_T_SEED + 32];
    int n = snprintf(text, sizeof text, "%s/lot/%d", t->seed, start);
    return fnv1a(0xcbf29ce484222325ull, text, (size_t)n);
}

/* Whether two start numbers shared a table in an earlier stage. */
static bool met_before(const sk_tournament *t, int a, int b)
{
    for (int s = 0; s < t->nstages; s++)
        for (int k = 0; k < t->stages[s].ntables; k++) {
            const sk_t_table *tb = &t->stages[s].tables[k];
            bool ha = false, hb = false;
            for (int i = 0; i < tb->n; i++) {
                ha |= tb->start[i] == a;
                hb |= tb->start[i] == b;
            }
            if (ha && hb)
                return true;
        }
    return false;
}

/* Whether a start number sat out an earlier stage. */
static bool had_bye(const sk_tournament *t, int a)
{
    for (int s = 0; s < t->nstages; s++)
        for (int i = 0; i < t->stages[s].nbyes; i++)
            if (t->stages[s].byes[i] == a)
                return true;
    return false;
}

/* The cost of a seating (order: byes first, then the tables in turn):
 * 100 per repeated bye, 10 per pair at a table who met before, 1 per
 * pair of neighbouring start numbers at a table. */
static int draw_cost(const sk_tournament *t, const uint16_t *order, int nbyes,
                     const uint8_t *sizes, int ntables)
{
    int cost = 0;
    for (int i = 0; i < nbyes; i++)
        cost += had_bye(t, order[i]) ? 100 : 0;
    const uint16_t *p = order + nbyes;
    for (int k = 0; k < ntables; p += sizes[k++])
        for (int i = 0; i < sizes[k]; i++)
            for (int j = i + 1; j < sizes[k]; j++) {
                cost += met_before(t, p[i], p[j]) ? 10 : 0;
                cost += abs(p[i] - p[j]) == 1 ? 1 : 0;
            }
    return cost;
}

int sk_t_draw(sk_tournament *t, int stage, int seating, sk_error *err)
{
    if (stage != t->nstages + 1 || stage > SK_T_MAX_STAGES)
        return skx_fail(err, SK_EINVAL, "5.2.2", "stage %d: the next stage to draw is %d",
                        stage, t->nstages + 1);
    if (seating != SK_T_FIVE && seating != SK_T_BYES)
        return skx_fail(err, SK_EINVAL, "5.2.2", "seating: five-seat tables or byes");
    if (stage > 1) {
        const sk_t_stage *last = &t->stages[stage - 2];
        for (int k = 0; k < last->ntables; k++)
            if (sk_t_games(t, stage - 1, k + 1) < t->rules.stage_games)
                return skx_fail(err, SK_EINVAL, "5.2.1",
                                "stage %d: table %d has not played its %d games", stage - 1,
                                k + 1, t->rules.stage_games);
    }
    uint16_t field[SK_T_MAX_PLAYERS];
    int n = 0;
    for (int i = 0; i < t->nplayers; i++)
        if (t->players[i].paid && !t->players[i].withdrawn)
            field[n++] = (uint16_t)(i + 1);
    int rest = n % 4, nbyes = seating == SK_T_BYES ? rest : 0;
    int fives = seating == SK_T_FIVE ? rest : 0;
    if (n < 4 || (n - 5 * fives) < 0)
        return skx_fail(err, SK_EINVAL, "5.2.2",
                        "stage %d: %d paid players cannot sit at tables of four%s", stage, n,
                        seating == SK_T_FIVE ? " and five (try byes)" : "");
    int ntables = (n - nbyes - 5 * fives) / 4 + fives;
    uint8_t sizes[SK_T_MAX_TABLES];
    for (int k = 0; k < ntables; k++)
        sizes[k] = (uint8_t)(k >= ntables - fives ? 5 : 4);
    sk_rng rng;
    sk_rng_seed(&rng, sk_t_stage_seed(t, stage));
    uint16_t best[SK_T_MAX_PLAYERS], cand[SK_T_MAX_PLAYERS];
    int best_cost = -1;
    for (int tries = 0; tries < SK_T_DRAW_TRIES && best_cost != 0; tries++) {
        memcpy(cand, field, (size_t)n * sizeof *cand);
        for (int i = n - 1; i > 0; i--) { /* Fisher-Yates */
            int j = (int)sk_rng_below(&rng, (uint32_t)i + 1);
            uint16_t x = cand[i];
            cand[i] = cand[j];
            cand[j] = x;
        }
        int cost = draw_cost(t, cand, nbyes, sizes, ntables);
        if (best_cost < 0 || cost < best_cost) {
            best_cost = cost;
            memcpy(best, cand, (size_t)n * sizeof *best);
        }
    }
    sk_t_stage *st = &t->stages[stage - 1];
    memset(st, 0, sizeof *st);
    st->tables = calloc((size_t)ntables, sizeof *st->tables);
    if (!st->tables)
        return skx_fail(err, SK_ENOMEM, NULL, "out of memory");
    st->ntables = ntables;
    st->nbyes = nbyes;
    st->seating = (uint8_t)seating;
    st->cost = best_cost;
    for (int i = 0; i < nbyes; i++)
        st->byes[i] = best[i];
    const uint16_t *p = best + nbyes;
    for (int k = 0; k < ntables; p += sizes[k++]) {
        st->tables[k].n = sizes[k];
        memcpy(st->tables[k].start, p, sizes[k] * sizeof *p);
    }
    t->nstages = stage;
    return SK_OK;
}

/* ------------------------------------------------------------------ */
/* The sheets                                                           */
/* ------------------------------------------------------------------ */

/* The table of a stage, or NULL with err set. */
static const sk_t_table *table_of(const sk_tournament *t, int stage, int table, sk_error *err)
{
    if (stage < 1 || stage > t->nstages) {
        skx_fail(err, SK_EINVAL, "5.2.1", "stage %d is not drawn", stage);
        return NULL;
    }
    if (table < 1 || table > t->stages[stage - 1].ntables) {
        skx_fail(err, SK_EINVAL, "5.2.2", "stage %d has no table %d", stage, table);
        return NULL;
    }
    return &t->stages[stage - 1].tables[table - 1];
}

/* The rules of a table: the tournament's, for four or five players. */
static sk_rules table_rules(const sk_tournament *t, const sk_t_table *tb)
{
    sk_rules r = t->rules;
    r.players = tb->n;
    return r;
}

/* An outcome's table positions as the seats of the session's next deal
 * (sk_session_next set seat_player); SK_EINVAL if one sits out. */
static int to_seats(const sk_session *s, const sk_outcome *in, sk_outcome *out, sk_error *err)
{
    int seat_of[5] = {-1, -1, -1, -1, -1};
    for (int i = 0; i < SK_NSEATS; i++)
        seat_of[s->seat_player[i]] = i;
    *out = *in;
    uint8_t *one[] = {&out->declarer, &out->partner, &out->offender, &out->revealer,
                      &out->durchmarsch};
    for (size_t k = 0; k < sizeof one / sizeof one[0]; k++) {
        if (*one[k] == SK_NOSEAT)
            continue;
        if (*one[k] >= s->players || seat_of[*one[k]] < 0)
            return skx_fail(err, SK_EINVAL, "002", "declarer: a player who sits out this deal");
        *one[k] = (uint8_t)seat_of[*one[k]];
    }
    uint8_t *sets[] = {&out->losers, &out->winners};
    for (size_t k = 0; k < 2; k++) {
        uint8_t from = *sets[k], to = 0;
        for (int p = 0; p < 5; p++)
            if (from & (1u << p)) {
                if (p >= s->players || seat_of[p] < 0)
                    return skx_fail(err, SK_EINVAL, "002", "losers: a player who sits out");
                to |= (uint8_t)(1u << seat_of[p]);
            }
        *sets[k] = to;
    }
    return SK_OK;
}

/* Whether a line's contract is a Solo or a Wenz (Touts included). */
static bool is_solo(const sk_outcome *o)
{
    return (o->kind == SK_OUTCOME_GAME || o->kind == SK_OUTCOME_PENALTY) &&
           (o->contract.type == SK_C_SOLO || o->contract.type == SK_C_WENZ);
}

/*
 * Books a table's lines in order into a fresh session: each sheet line
 * by its current entry.  Stops before line `upto` (-1: all) leaving the
 * session there; fills lines (room for max, may be NULL).  Returns the
 * number of lines, or SK_EINVAL naming the line that does not book.
 */
static int replay(const sk_tournament *t, const sk_t_table *tb, int upto, sk_session *s,
                  sk_t_line *lines, int max, sk_error *err)
{
    int cur[SK_T_MAX_ENTRIES], versions[SK_T_MAX_ENTRIES], nslots = 0;
    for (int e = 0; e < tb->nentries; e++) {
        int slot = tb->entries[e].slot;
        if (slot >= nslots) {
            nslots = slot + 1;
            versions[slot] = 0;
        }
        cur[slot] = e;
        versions[slot]++;
    }
    sk_rules r = table_rules(t, tb);
    sk_session_init(s, &r, 0);
    int solos = 0, games = 0;
    for (int slot = 0; slot < nslots && slot != upto; slot++) {
        const sk_t_entry *e = &tb->entries[cur[slot]];
        sk_session_round round;
        sk_session_next(s, &round);
        sk_outcome seated;
        sk_result res;
        int64_t before[5];
        memcpy(before, s->tournament, sizeof before);
        if (to_seats(s, &e->outcome, &seated, err) < 0 ||
            sk_session_book_outcome(s, &seated, &res, err) < 0) {
            char msg[sizeof err->msg];
            if (err) {
                snprintf(msg, sizeof msg, "%s", err->msg);
                snprintf(err->msg, sizeof err->msg, "game %d: %.200s", slot + 1, msg);
            }
            return SK_EINVAL;
        }
        if (!lines || slot >= max)
            continue;
        sk_t_line *l = &lines[slot];
        memset(l, 0, sizeof *l);
        l->entry = cur[slot];
        l->versions = versions[slot];
        l->outcome = e->outcome;
        l->outcome.first_game = round.first_game;
        l->approved = e->approved;
        l->won = res.won;
        l->counts = e->outcome.kind == SK_OUTCOME_GAME || e->outcome.kind == SK_OUTCOME_PENALTY;
        if (l->counts)
            l->round = (uint8_t)(games++ / tb->n + 1);
        if (is_solo(&e->outcome))
            l->solo_number = (uint8_t)++solos;
        bool tout_sie = l->counts && (e->outcome.contract.type == SK_C_SIE ||
                                      (is_solo(&e->outcome) && e->outcome.contract.tout));
        l->needs_approval = tout_sie || l->solo_number >= 5; /* 5.2.14, 5.2.16 */
        l->struck = e->struck || (l->needs_approval && !e->approved); /* 5.2.17 */
        for (int p = 0; p < tb->n; p++)
            l->points[p] = l->struck ? 0 : (int)(s->tournament[p] - before[p]);
    }
    return upto >= 0 && upto < nslots ? upto : nslots;
}

int sk_t_session_at(const sk_tournament *t, int stage, int table, int slot, sk_session *s,
                    sk_error *err)
{
    const sk_t_table *tb = table_of(t, stage, table, err);
    if (!tb)
        return SK_EINVAL;
    if (replay(t, tb, slot, s, NULL, 0, err) < 0)
        return SK_EINVAL;
    sk_session_round round;
    sk_session_next(s, &round);
    return SK_OK;
}

int sk_t_sheet(const sk_tournament *t, int stage, int table, sk_t_line *lines, int max,
               sk_error *err)
{
    const sk_t_table *tb = table_of(t, stage, table, err);
    sk_session s;
    return tb ? replay(t, tb, -1, &s, lines, max, err) : SK_EINVAL;
}

int sk_t_games(const sk_tournament *t, int stage, int table)
{
    const sk_t_table *tb = table_of(t, stage, table, NULL);
    sk_session s;
    return tb && replay(t, tb, -1, &s, NULL, 0, NULL) >= 0 ? (int)s.played : 0;
}

/* Appends an entry and books the table again; takes it back and fails
 * when the table no longer books or plays more than its stage's games. */
static int append(sk_tournament *t, int stage, int table, const sk_t_entry *e, sk_error *err)
{
    if (!table_of(t, stage, table, err))
        return SK_EINVAL;
    sk_t_table *tb = &t->stages[stage - 1].tables[table - 1];
    if (tb->nentries >= SK_T_MAX_ENTRIES)
        return skx_fail(err, SK_EINVAL, "5.3", "table %d: the sheet is full (%d entries)",
                        table, SK_T_MAX_ENTRIES);
    if (e->by[0] == '\0' && e->supersedes >= 0)
        return skx_fail(err, SK_EINVAL, "5.3.4", "a change needs who signs it off");
    sk_session s;
    if (e->supersedes < 0 && replay(t, tb, -1, &s, NULL, 0, NULL) >= 0 &&
        (int)s.played >= t->rules.stage_games)
        return skx_fail(err, SK_EINVAL, "5.2.1", "table %d has played its %d games", table,
                        t->rules.stage_games);
    tb->entries[tb->nentries++] = *e;
    if (replay(t, tb, -1, &s, NULL, 0, err) < 0) {
        tb->nentries--;
        return SK_EINVAL;
    }
    if ((int)s.played > t->rules.stage_games) {
        tb->nentries--;
        return skx_fail(err, SK_EINVAL, "5.2.1", "table %d has played its %d games", table,
                        t->rules.stage_games);
    }
    return SK_OK;
}

/* Copies a name or reason into a fixed field ("" for NULL). */
static void copy_text(char *dst, size_t size, const char *src)
{
    snprintf(dst, size, "%s", src ? src : "");
}

int sk_t_enter(sk_tournament *t, int stage, int table, const sk_outcome *o, bool approved,
               int64_t at, const char *by, sk_error *err)
{
    const sk_t_table *tb = table_of(t, stage, table, err);
    if (!tb)
        return SK_EINVAL;
    int slots = 0;
    for (int e = 0; e < tb->nentries; e++)
        slots = tb->entries[e].slot + 1 > slots ? tb->entries[e].slot + 1 : slots;
    sk_t_entry e;
    memset(&e, 0, sizeof e);
    e.outcome = *o;
    e.slot = (int16_t)slots;
    e.supersedes = -1;
    e.approved = approved;
    e.at = at;
    copy_text(e.by, sizeof e.by, by);
    return append(t, stage, table, &e, err);
}

int sk_t_correct(sk_tournament *t, int stage, int table, int slot, const sk_outcome *o,
                 bool approved, bool struck, int64_t at, const char *by, const char *why,
                 sk_error *err)
{
    const sk_t_table *tb = table_of(t, stage, table, err);
    if (!tb)
        return SK_EINVAL;
    int cur = -1;
    for (int e = 0; e < tb->nentries; e++)
        if (tb->entries[e].slot == slot)
            cur = e;
    if (cur < 0)
        return skx_fail(err, SK_EINVAL, "5.3.4", "table %d has no game %d", table, slot + 1);
    if (!text_ok(by, SK_T_NAME))
        return skx_fail(err, SK_EINVAL, "5.3.4", "a change needs who signs it off");
    sk_t_entry e = tb->entries[cur];
    if (o)
        e.outcome = *o;
    e.supersedes = (int16_t)cur;
    e.approved = approved;
    e.struck = struck;
    e.at = at;
    copy_text(e.by, sizeof e.by, by);
    copy_text(e.why, sizeof e.why, why);
    return append(t, stage, table, &e, err);
}

/* ------------------------------------------------------------------ */
/* Standings (5.4)                                                      */
/* ------------------------------------------------------------------ */

/* Better first: points (5.4.1), then 5.4.2 a-e, then the lot. */
static int standing_cmp(const void *a, const void *b)
{
    const sk_t_standing *x = a, *y = b;
    int d[] = {y->points - x->points, y->sie - x->sie, y->tout_won - x->tout_won,
               y->tout - x->tout, y->solo_won - x->solo_won, y->solo - x->solo};
    for (size_t i = 0; i < sizeof d / sizeof d[0]; i++)
        if (d[i])
            return d[i] > 0 ? 1 : -1;
    return x->lot < y->lot ? -1 : x->lot > y->lot ? 1 : x->start - y->start;
}

int sk_t_standings(const sk_tournament *t, sk_t_standing *out)
{
    for (int i = 0; i < t->nplayers; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].start = i + 1;
        out[i].lot = lot_of(t, i + 1);
    }
    for (int s = 0; s < t->nstages; s++)
        for (int k = 0; k < t->stages[s].ntables; k++) {
            const sk_t_table *tb = &t->stages[s].tables[k];
            sk_t_line *lines = calloc(SK_T_MAX_ENTRIES, sizeof *lines);
            sk_session sess;
            int n = lines ? replay(t, tb, -1, &sess, lines, SK_T_MAX_ENTRIES, NULL) : -1;
            for (int l = 0; l < n; l++) {
                const sk_t_line *ln = &lines[l];
                for (int p = 0; p < tb->n; p++) {
                    sk_t_standing *st = &out[tb->start[p] - 1];
                    st->points += ln->points[p];
                    st->stage_points[s] += ln->points[p];
                }
                const sk_outcome *o = &ln->outcome;
                if (ln->struck || o->kind != SK_OUTCOME_GAME || o->declarer >= tb->n)
                    continue; /* struck games are off the sheet (5.2.17) */
                sk_t_standing *d = &out[tb->start[o->declarer] - 1];
                if (o->contract.type == SK_C_SIE) {
                    d->sie++;
                } else if (is_solo(o)) {
                    d->solo++;
                    d->solo_won += ln->won;
                    if (o->contract.tout) {
                        d->tout++;
                        d->tout_won += ln->won;
                    }
                }
            }
            free(lines);
        }
    qsort(out, (size_t)t->nplayers, sizeof *out, standing_cmp);
    for (int i = 0; i < t->nplayers; i++) {
        out[i].place = i + 1;
        out[i].prize = i < t->nprizes ? t->prizes[i] : 0;
    }
    return t->nplayers;
}
