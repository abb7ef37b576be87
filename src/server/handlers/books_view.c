/*
 * books_view.c -- a book as a reader sees it (the message `book`,
 * docs/server-protocol.md "Score keeping"): its lines as typed and
 * what they come to, computed by the table layer's documents in the
 * reader's language: an evening's rows with running totals, the Stock,
 * Bock and who pays whom; a group's evenings and totals per player; a
 * tournament's players, stages, tables' sheets with their cross checks,
 * the games that need approval and the standings with prizes.  Nothing
 * here is a secret (no card is known), and no key is ever in it.
 */
#include "books.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A JSON array of n integers. */
static json_t *ints(const int64_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

/* Whether the checker takes a plain won game of contract c under r,
 * declared by seat 0 with a partner at seat 1 or alone: what a line
 * with c can enter outside a first game. */
static bool contract_taken(const sk_rules *r, sk_contract c, sk_outcome *o)
{
    sk_outcome_init(o);
    o->contract = c;
    o->declarer = 0;
    o->won = 1;
    if (sk_outcome_check(r, o, NULL) == SK_OK)
        return true;
    o->partner = 1;
    return sk_outcome_check(r, o, NULL) == SK_OK;
}

/*
 * What an entry form may offer under ruleset r, so that a page shows
 * only what the sheet takes: every contract code (Tout codes too) a
 * game can be, and whether a deal may be thrown in (all passed, or a
 * Hochzeit went untaken), asked of the checker (sk_outcome_check)
 * rather than worked out again here; whether all passing is a Ramsch (with Schieberamsch
 * winners, Jungfrauen, a Durchmarsch), a Muss or a Kreuzbock game; the
 * most doublings and lays.  A Kreuzbock round started by a throw-in is
 * the sheet's `next.kreuzbock`, not the ruleset's.
 */
static json_t *entry_json(const sk_rules *r)
{
    json_t *codes = json_array();
    sk_outcome o, plain, thrown;
    sk_outcome_init(&plain);
    sk_outcome_init(&thrown);
    thrown.kind = SK_OUTCOME_THROWN_IN;
    bool have_plain = false;
    for (int type = SK_C_SAUSPIEL; type < SK_C_NTYPES; type++)
        for (int tout = 0; tout < 2; tout++)
            for (int suit = 0; suit <= 4; suit++) {
                sk_contract c = {(uint8_t)type, suit < 4 ? (uint8_t)suit : SK_NOSUIT,
                                 (uint8_t)tout},
                            back;
                char code[32];
                sk_contract_code(c, code, sizeof code);
                if (sk_contract_parse(code, &back, NULL) != SK_OK || back.type != c.type ||
                    back.suit != c.suit || back.tout != c.tout || !contract_taken(r, c, &o))
                    continue; /* no line names it, or the ruleset does not play it */
                json_array_append_new(codes, json_string(code));
                if (!have_plain && !tout)
                    plain = o, have_plain = true;
            }
    int laid = 0; /* the most lays a plain game takes (the klopfen mode) */
    for (int n = sk_rules_seats(r); have_plain && n > 0 && !laid; n--) {
        plain.laid = (uint8_t)n;
        if (sk_outcome_check(r, &plain, NULL) == SK_OK)
            laid = n;
    }
    bool ramsch = r->all_pass == SK_ALLPASS_RAMSCH;
    return json_pack("{s:o, s:b, s:b, s:b, s:b, s:b, s:b, s:b, s:i, s:i}", "contracts", codes,
                     "thrown_in", sk_outcome_check(r, &thrown, NULL) == SK_OK,
                     "ramsch", ramsch, "winners", ramsch && r->ramsch_schieben, "jungfrau",
                     ramsch && r->ramsch_jungfrau, "durchmarsch", ramsch && r->ramsch_durchmarsch,
                     "muss", r->all_pass == SK_ALLPASS_MUSS, "kreuzbock",
                     r->all_pass == SK_ALLPASS_KREUZBOCK, "kontra", (int)r->kontra_max, "laid",
                     laid);
}

/* An evening: rows, totals, Stock, next deal, who pays whom. */
static json_t *sheet_view(skx_book *b, int lang)
{
    sk_sheet *sh = &b->sheet;
    int np = sh->nplayers;
    sh->lang = lang;
    json_t *v = json_object(), *players = json_array(), *rows = json_array();
    for (int p = 0; p < np; p++)
        json_array_append_new(players, json_string(sh->names[p]));
    int64_t money[5] = {0}, points[5] = {0};
    for (int i = 0; i < sh->n; i++) {
        const sk_sheet_row *row = &sh->rows[i];
        char what[512];
        sk_sheet_describe(sh, row, what, sizeof what);
        for (int p = 0; p < np; p++) {
            money[p] += row->money[p];
            points[p] += row->points[p];
        }
        json_t *r = json_pack("{s:I, s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:I, s:b}", "seq",
                              (json_int_t)(i < b->n ? b->seqs[i] : 0), "dealer",
                              sh->names[row->dealer], "what", what, "kind",
                              sk_outcome_kind_code(row->outcome.kind), "money",
                              ints(row->money, np), "points", ints(row->points, np), "total",
                              ints(money, np), "total_points", ints(points, np), "stock",
                              (json_int_t)row->stock, "won", row->won);
        json_array_append_new(rows, r);
    }
    json_object_set_new(v, "players", players);
    json_object_set_new(v, "rows", rows);
    json_object_set_new(v, "money", ints(sh->session.money, np));
    json_object_set_new(v, "points", ints(sh->session.tournament, np));
    json_object_set_new(v, "stock", json_integer(sh->session.stock));
    /* the next deal: who deals, who sits out, Bock */
    sk_session next = sh->session;
    sk_session_round round;
    sk_session_next(&next, &round);
    int dealer = sh->session.dealer;
    json_t *nx = json_pack("{s:s, s:i, s:b, s:b}", "dealer",
                           dealer < np ? sh->names[dealer] : "", "bock", round.bock,
                           "kreuzbock", round.kreuzbock, "first_game", round.first_game);
    if (np == 5)
        json_object_set_new(nx, "out", json_string(sh->names[dealer]));
    json_object_set_new(v, "next", nx);
    /* who pays whom: the balances with the Stock shared out are the
     * sheet's business; here the money as it stands */
    int from[6], to[6];
    int64_t amount[6], bal[6];
    for (int p = 0; p < np; p++)
        bal[p] = sh->session.money[p];
    int nbal = np;
    if (sh->session.stock) /* the Stock is money too: it is owed to the pot */
        bal[nbal++] = sh->session.stock;
    int nt = sk_sheet_transfers(bal, nbal, from, to, amount);
    json_t *pay = json_array();
    for (int i = 0; i < nt; i++)
        json_array_append_new(pay, json_pack("{s:s, s:s, s:I}", "from",
                                             from[i] < np ? sh->names[from[i]] : "Stock", "to",
                                             to[i] < np ? sh->names[to[i]] : "Stock", "amount",
                                             (json_int_t)amount[i]));
    json_object_set_new(v, "pay", pay);
    char *rules = sk_rules_json(&sh->rules);
    json_t *rj = rules ? json_loads(rules, 0, NULL) : NULL;
    free(rules);
    json_object_set_new(v, "rules", rj ? rj : json_null());
    json_object_set_new(v, "entry", entry_json(&sh->rules));
    return v;
}

#define SKX_GROUP_LISTED 200 /* evenings listed in a group's view (all are counted) */

/* A group's evenings (newest first): their codes, the listed ones. */
typedef struct group_ctx {
    json_t *evenings;
    char (*codes)[SKX_CODE_LEN + 1];
    int n, cap;
} group_ctx;

static int group_evening(void *ctx, const sk_store_book *sb)
{
    group_ctx *g = ctx;
    if (g->n == g->cap) {
        int cap = g->cap ? 2 * g->cap : 16;
        void *c = realloc(g->codes, (size_t)cap * sizeof *g->codes);
        if (!c)
            return -1;
        g->codes = c;
        g->cap = cap;
    }
    snprintf(g->codes[g->n++], sizeof g->codes[0], "%s", sb->code);
    if (g->evenings && g->n <= SKX_GROUP_LISTED)
        json_array_append_new(g->evenings,
                              json_pack("{s:s, s:s, s:I, s:I, s:I}", "book", sb->code, "title",
                                        sb->title ? sb->title : "", "created",
                                        (json_int_t)sb->created, "updated",
                                        (json_int_t)sb->updated, "lines", (json_int_t)sb->live));
    return 0;
}

int skx_book_group_stats(skx_server *srv, skx_book *group, sk_sheet_stats *st,
                         json_t *evenings)
{
    group_ctx g = {.evenings = evenings};
    sk_error err = {{0}, NULL};
    int rc = sk_store_books(srv->store, SK_STORE_BOOK_SHEET, group->id, 0, 100000, group_evening,
                            &g, &err);
    for (int i = g.n - 1; rc == 0 && i >= 0; i--) { /* the statistics want the oldest first */
        skx_book *b = NULL, *loaded = NULL;
        for (size_t j = 0; j < srv->nbooks && !b; j++) /* one being written is loaded */
            if (strcmp(srv->books[j]->code, g.codes[i]) == 0)
                b = srv->books[j];
        int lrc = 0;
        if (!b)
            b = loaded = skx_book_load(srv, g.codes[i], &lrc, &err);
        if (!b)
            continue; /* an evening that cannot be read is left out, not the group */
        if (evenings && i < SKX_GROUP_LISTED) {
            json_t *pl = json_array();
            for (int p = 0; p < b->sheet.nplayers; p++)
                json_array_append_new(pl, json_string(b->sheet.names[p]));
            json_object_set_new(json_array_get(evenings, (size_t)i), "players", pl);
        }
        rc = sk_sheet_stats_add(st, &b->sheet);
        skx_book_free(loaded);
    }
    free(g.codes);
    return rc < 0 ? -1 : 0;
}

/* One player's figures as `schafkopf sheet`'s stats prints them
 * (sheet_stats.c counts them; nothing is counted here). */
static json_t *player_stats_json(const char *name, const sk_sheet_player_stats *ps)
{
    static const sk_sheet_player_stats none;
    if (!ps)
        ps = &none;
    json_t *by = json_object();
    int declared = 0, won = 0;
    for (int c = 0; c < SK_STAT_CLASSES; c++) {
        declared += ps->declared[c];
        won += ps->declared_won[c];
        if (ps->declared[c])
            json_object_set_new(by, sk_stat_class_name(c),
                                json_pack("{s:i, s:i}", "played", ps->declared[c], "won",
                                          ps->declared_won[c]));
    }
    return json_pack("{s:s, s:i, s:i, s:i, s:i, s:i, s:o, s:i, s:i, s:i, s:i, s:i, s:i, s:i, "
                     "s:i, s:i, s:i, s:i, s:i, s:i, s:I, s:I}",
                     "name", name, "evenings", ps->evenings, "games", ps->deals, "sat_out",
                     ps->sat_out, "declared", declared, "won", won, "by_class", by, "partner",
                     ps->partner, "partner_won", ps->partner_won, "defender", ps->defended,
                     "defender_won", ps->defended_won, "kontra", ps->kontra, "kontra_won",
                     ps->kontra_won, "retour", ps->retour, "retour_won", ps->retour_won,
                     "ramsch", ps->ramsch, "ramsch_lost", ps->ramsch_lost, "laid", ps->laid,
                     "thrown_in", ps->thrown_in, "faults", ps->faults, "money",
                     (json_int_t)ps->money, "points", (json_int_t)ps->points);
}

/* A group: its roster and ruleset, its evenings (newest first) and the
 * figures of each player over them (the roster's order, then anybody
 * else who sat at one of its evenings). */
static json_t *group_view(skx_server *srv, skx_book *b)
{
    json_t *evenings = json_array(), *players = json_array(), *stats = json_array();
    sk_sheet_stats *st = malloc(sizeof *st);
    if (st)
        sk_sheet_stats_init(st);
    if (st)
        skx_book_group_stats(srv, b, st, evenings);
    bool listed[SK_STATS_PLAYERS] = {false};
    for (int k = 0; k < b->nnames; k++) {
        json_array_append_new(players, json_string(b->names[k]));
        const sk_sheet_player_stats *ps = NULL;
        for (int p = 0; st && p < st->nplayers && !ps; p++)
            if (strcasecmp(st->player[p].name, b->names[k]) == 0) {
                ps = &st->player[p];
                listed[p] = true;
            }
        json_array_append_new(stats, player_stats_json(b->names[k], ps));
    }
    for (int p = 0; st && p < st->nplayers; p++)
        if (!listed[p])
            json_array_append_new(stats, player_stats_json(st->player[p].name, &st->player[p]));
    int nev = st ? st->nevenings : 0, ngames = st ? st->ngames : 0;
    if (st)
        sk_sheet_stats_free(st);
    free(st);
    char *rules = sk_rules_json(&b->rules);
    json_t *rj = rules ? json_loads(rules, 0, NULL) : NULL;
    free(rules);
    return json_pack("{s:o, s:o, s:o, s:o, s:i, s:i}", "players", players, "rules",
                     rj ? rj : json_null(), "evenings", evenings, "stats", stats,
                     "played_evenings", nev, "games", ngames);
}

/* A tournament player's name as shown ("NAME (für OLD)" for a substitute). */
static json_t *player_json(const sk_tournament *t, int start)
{
    const sk_t_player *p = &t->players[start - 1];
    json_t *o = json_pack("{s:i, s:s, s:b, s:b, s:i}", "start", start, "name", p->name, "paid",
                          p->paid, "withdrawn", p->withdrawn, "first_stage", p->first_stage);
    if (p->replaced[0])
        json_object_set_new(o, "replaced", json_string(p->replaced));
    return o;
}

/* A table's sheet: its lines in words with points, the cross checks. */
static json_t *table_json(skx_book *b, int stage, int k, json_t *approvals, sk_t_line *lines)
{
    const sk_tournament *t = b->tour.t;
    const sk_t_table *tb = &t->stages[stage - 1].tables[k - 1];
    json_t *starts = json_array(), *names = json_array(), *games = json_array();
    for (int i = 0; i < tb->n; i++) {
        json_array_append_new(starts, json_integer(tb->start[i]));
        json_array_append_new(names, json_string(t->players[tb->start[i] - 1].name));
    }
    sk_error err = {{0}, NULL};
    int n = sk_t_sheet(t, stage, k, lines, SK_T_MAX_ENTRIES, &err);
    int64_t total[5] = {0};
    json_t *checks = json_array();
    for (int i = 0; i < n; i++) {
        const sk_t_line *l = &lines[i];
        char what[512];
        sk_tour_describe(&b->tour, tb, l, what, sizeof what);
        int64_t pts[5] = {0};
        for (int p = 0; p < tb->n; p++) {
            pts[p] = l->points[p];
            total[p] += pts[p];
        }
        json_t *g = json_pack("{s:i, s:s, s:o, s:o, s:i, s:b, s:b, s:b, s:b, s:b, s:i}", "game",
                              i + 1, "what", what, "points", ints(pts, tb->n), "total",
                              ints(total, tb->n), "round", l->round, "counts", l->counts,
                              "needs_approval", l->needs_approval, "approved", l->approved,
                              "struck", l->struck, "won", l->won, "versions", l->versions);
        if (l->solo_number)
            json_object_set_new(g, "solo", json_integer(l->solo_number));
        json_array_append_new(games, g);
        if (l->needs_approval && !l->approved)
            json_array_append_new(approvals, json_pack("{s:i, s:i, s:i, s:s, s:b}", "stage",
                                                       stage, "table", k, "game", i + 1, "what",
                                                       what, "struck", l->struck));
        bool round_end = i + 1 == n || lines[i + 1].round != l->round;
        if (round_end) {
            int64_t sum = 0;
            for (int p = 0; p < tb->n; p++)
                sum += total[p];
            json_array_append_new(checks, json_pack("{s:i, s:i, s:I}", "round", l->round,
                                                    "after", i + 1, "sum", (json_int_t)sum));
        }
    }
    return json_pack("{s:i, s:o, s:o, s:o, s:o, s:o, s:i}", "table", k, "start", starts, "names",
                     names, "games", games, "total", ints(total, tb->n), "checks", checks,
                     "played", sk_t_games(t, stage, k));
}

/* A tournament: players, stages with their tables, approvals, standings. */
static json_t *tour_view(skx_book *b, int lang)
{
    sk_tour *tr = &b->tour;
    const sk_tournament *t = tr->t;
    tr->lang = lang;
    json_t *players = json_array(), *stages = json_array(), *approvals = json_array(),
           *standings = json_array(), *prizes = json_array();
    for (int i = 1; i <= t->nplayers; i++)
        json_array_append_new(players, player_json(t, i));
    sk_t_line *lines = malloc(SK_T_MAX_ENTRIES * sizeof *lines);
    for (int s = 1; lines && s <= t->nstages; s++) {
        const sk_t_stage *st = &t->stages[s - 1];
        json_t *tables = json_array(), *byes = json_array();
        for (int k = 1; k <= st->ntables; k++)
            json_array_append_new(tables, table_json(b, s, k, approvals, lines));
        for (int i = 0; i < st->nbyes; i++)
            json_array_append_new(byes, json_integer(st->byes[i]));
        json_array_append_new(stages,
                              json_pack("{s:i, s:s, s:o, s:o, s:i}", "stage", s, "seating",
                                        st->seating == SK_T_BYES ? "byes" : "five", "tables",
                                        tables, "byes", byes, "cost", st->cost));
    }
    free(lines);
    sk_t_standing *sd = calloc(SK_T_MAX_PLAYERS, sizeof *sd);
    int n = sd ? sk_t_standings(t, sd) : 0;
    for (int i = 0; i < n; i++) {
        int64_t sp[SK_T_MAX_STAGES];
        for (int s = 0; s < t->nstages; s++)
            sp[s] = sd[i].stage_points[s];
        json_t *o = json_pack("{s:i, s:i, s:s, s:i, s:o, s:i, s:i, s:i, s:i, s:i, s:I, s:b}",
                              "place", sd[i].place, "start", sd[i].start, "name",
                              t->players[sd[i].start - 1].name, "points", sd[i].points,
                              "stage_points", ints(sp, t->nstages), "sie", sd[i].sie,
                              "tout_won", sd[i].tout_won, "tout", sd[i].tout, "solo_won",
                              sd[i].solo_won, "solo", sd[i].solo, "prize",
                              (json_int_t)sd[i].prize, "withdrawn",
                              t->players[sd[i].start - 1].withdrawn);
        if (t->players[sd[i].start - 1].replaced[0])
            json_object_set_new(o, "replaced",
                                json_string(t->players[sd[i].start - 1].replaced));
        json_array_append_new(standings, o);
    }
    free(sd);
    for (int i = 0; i < t->nprizes; i++)
        json_array_append_new(prizes, json_integer(t->prizes[i]));
    return json_pack("{s:s, s:i, s:o, s:o, s:o, s:o, s:o, s:o}", "seed", t->seed, "games",
                     t->rules.stage_games, "players", players, "stages", stages, "approvals",
                     approvals, "standings", standings, "prizes", prizes, "entry",
                     entry_json(&t->rules));
}

json_t *skx_book_snapshot(skx_server *srv, skx_book *b, int lang)
{
    static const char *const KINDS[] = {"", "group", "sheet", "tournament"};
    json_t *lines = json_array();
    for (int i = 0; i < b->n; i++)
        json_array_append_new(lines, json_pack("{s:I, s:s, s:I, s:s}", "seq",
                                               (json_int_t)b->seqs[i], "line", b->texts[i],
                                               "at", (json_int_t)b->ats[i], "by",
                                               skx_book_author(b, i)));
    json_t *view = b->kind == SK_STORE_BOOK_SHEET        ? sheet_view(b, lang)
                   : b->kind == SK_STORE_BOOK_TOURNAMENT ? tour_view(b, lang)
                                                         : group_view(srv, b);
    json_t *o = json_pack("{s:s, s:s, s:s, s:I, s:I, s:I, s:o, s:o}", "book", b->code, "kind",
                          KINDS[b->kind], "title", b->title, "seq", (json_int_t)b->last_seq,
                          "created", (json_int_t)b->created, "updated", (json_int_t)b->updated,
                          "lines", lines, "view", view ? view : json_null());
    if (o && b->parent_code[0])
        json_object_set_new(o, "group", json_string(b->parent_code));
    json_t *head = json_loads(b->head, 0, NULL); /* what the book starts from (no key in it) */
    if (o)
        json_object_set_new(o, "head", json_is_object(head) ? head : json_object());
    else
        json_decref(head);
    return o;
}
