/*
 * sheet_line.c -- outcomes as sheet lines, and played games booked into
 * an evening's sheet (schafkopf/table.h, "Score keeping").
 *
 * sk_sheet_line writes the canonical English line of an outcome, its
 * players by name, that sk_sheet_add reads back to the same outcome: the
 * one way a played game (`schafkopf play --sheet`, a record of the
 * server's games.jsonl) or a page's form becomes a sheet line, so the
 * sheet keeps only lines as typed and every booking goes through the same
 * checks.  sk_sheet_add_game books a finished game: the game's outcome
 * (sk_outcome_from_game) as its line, after checking that the game
 * belongs to the sheet -- its ruleset, its dealer, its place in the
 * session (first game, Bock, Kreuzbock) and, when the game names them,
 * its players (docs/rules.md, "Score keeping").
 */
#include "schafkopf/table.h"

#include <jansson.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The session's next deal: who sits in each game seat, and its round. */
static void next_deal(const sk_sheet *sh, uint8_t seat_player[SK_NSEATS],
                      sk_session_round *round)
{
    sk_session s = sh->session;
    sk_session_next(&s, round);
    memcpy(seat_player, s.seat_player, SK_NSEATS);
}

/* A text that grows up to size; `over` notes that it did not fit. */
typedef struct line_buf {
    char *s;
    size_t size, n;
    bool over;
} line_buf;

/* Appends formatted text (a space before it unless it is the first). */
__attribute__((format(printf, 2, 3))) static void put(line_buf *b, const char *fmt, ...)
{
    char piece[160];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(piece, sizeof piece, fmt, ap);
    va_end(ap);
    if (len < 0 || (size_t)len >= sizeof piece || b->n + (b->n > 0) + (size_t)len >= b->size) {
        b->over = true;
        return;
    }
    if (b->n > 0)
        b->s[b->n++] = ' ';
    memcpy(b->s + b->n, piece, (size_t)len + 1);
    b->n += (size_t)len;
}

/* The name of the player in a seat of the next deal, NULL if the seat
 * is none or empty. */
static const char *deal_seat_name(const sk_sheet *sh, const uint8_t seat_player[SK_NSEATS], int seat)
{
    int seats = sk_rules_seats(&sh->rules);
    if (seat < 0 || seat >= seats || seat_player[seat] >= sh->nplayers)
        return NULL;
    return sh->names[seat_player[seat]];
}

/*
 * Writes the English line for outcome o in the sheet's next deal: the
 * kind, the fault, the contract (or "kreuzbock"), every field that is
 * not "not given" (sk_outcome_init) by its key, players by the names of
 * those in the deal's seats.  Its length, or -1 when it does not fit or
 * a seat named is no seat of the deal.
 */
int sk_sheet_line(const sk_sheet *sh, const sk_outcome *o, char *buf, size_t size)
{
    static const char *const KIND[SK_OUTCOME_NKINDS] = {"game", "thrown_in", "ramsch",
                                                         "penalty", "redeal"};
    uint8_t seat_player[SK_NSEATS];
    sk_session_round round;
    line_buf b = {buf, size, 0, size == 0};
    if (size)
        buf[0] = '\0';
    if (o->kind >= SK_OUTCOME_NKINDS || size == 0)
        return -1;
    next_deal(sh, seat_player, &round);
    put(&b, "%s", KIND[o->kind]);
    if (o->fault) {
        const char *code = sk_fault_code(o->fault);
        if (!code[0])
            return -1;
        put(&b, "%s", code);
    }
    if (o->kreuzbock) {
        put(&b, "kreuzbock");
    } else if (o->contract.type != SK_C_NONE) {
        char code[32];
        sk_contract_code(o->contract, code, sizeof code);
        sk_contract back;
        if (sk_contract_parse(code, &back, NULL) != SK_OK)
            return -1; /* no contract a line can name */
        put(&b, "%s", code);
    }
    if (o->muss)
        put(&b, "muss");
    static const struct {
        const char *key;
        size_t at;
    } SEATS[] = {
        {"declarer", offsetof(sk_outcome, declarer)},
        {"partner", offsetof(sk_outcome, partner)},
        {"offender", offsetof(sk_outcome, offender)},
        {"revealer", offsetof(sk_outcome, revealer)},
        {"durchmarsch", offsetof(sk_outcome, durchmarsch)},
    };
    for (size_t i = 0; i < sizeof SEATS / sizeof SEATS[0]; i++) {
        int seat = ((const uint8_t *)o)[SEATS[i].at];
        if (seat == SK_NOSEAT)
            continue;
        /* a Kreuzbock game's partner is the seat across unless named */
        if (o->kreuzbock && SEATS[i].at == offsetof(sk_outcome, partner) &&
            o->declarer < SK_NSEATS && seat == (o->declarer + 2) % 4)
            continue;
        const char *name = deal_seat_name(sh, seat_player, seat);
        if (!name)
            return -1;
        put(&b, "%s=%s", SEATS[i].key, name);
    }
    if (o->points != SK_OUTCOME_NO_POINTS) {
        if (o->points < 0 || o->points > 120)
            return -1;
        put(&b, "points=%d", o->points);
    }
    if (o->won)
        put(&b, "won");
    else if (o->kind == SK_OUTCOME_GAME)
        put(&b, "lost"); /* the result, when no card points are given */
    if (o->schneider)
        put(&b, "schneider");
    if (o->schwarz)
        put(&b, "schwarz");
    const struct {
        const char *key;
        int v;
    } NUMS[] = {{"laufende", o->laufende}, {"kontra", o->doublings}, {"laid", o->laid},
                {"jungfrau", o->jungfrau}};
    for (size_t i = 0; i < sizeof NUMS / sizeof NUMS[0]; i++) {
        if (!NUMS[i].v)
            continue;
        if (NUMS[i].v > 120)
            return -1;
        put(&b, "%s=%d", NUMS[i].key, NUMS[i].v);
    }
    const struct {
        const char *key;
        uint8_t set;
    } SETS[] = {{"losers", o->losers}, {"winners", o->winners}};
    for (size_t i = 0; i < sizeof SETS / sizeof SETS[0]; i++) {
        if (!SETS[i].set)
            continue;
        char list[5 * SK_SHEET_NAME + 16] = "";
        size_t n = 0;
        for (int seat = 0; seat < 8; seat++) {
            if (!(SETS[i].set >> seat & 1))
                continue;
            const char *name = deal_seat_name(sh, seat_player, seat);
            if (!name)
                return -1;
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", n ? "," : "", name);
        }
        put(&b, "%s=%s", SETS[i].key, list);
    }
    if (b.over) {
        buf[0] = '\0';
        return -1;
    }
    return (int)b.n;
}

/* ------------------------------------------------------------------ */
/* Played games booked into the sheet                                   */
/* ------------------------------------------------------------------ */

/* A ruleset for a message: the preset and its options, as a record
 * writes it ({"preset":"official","overrides":{"unit_cents":"5"}}). */
static void rules_text(const sk_rules *r, char *buf, size_t size)
{
    char *t = sk_rules_json(r);
    snprintf(buf, size, "%s", t ? t : "?");
    free(t);
}

/* The German and English texts of this file's refusals. */
enum { GW_RULES, GW_NOT_OVER, GW_NAME, GW_LINE, GW_COUNT };
static const char *const GAME_WORDS[2][GW_COUNT] = {
    {
        [GW_RULES] = "das Spiel hat andere Regeln (%s) als der Zettel (%s)",
        [GW_NOT_OVER] = "das Spiel ist nicht zu Ende",
        [GW_NAME] = "auf Platz %d sitzt im Spiel \"%s\", auf dem Zettel %s",
        [GW_LINE] = "das Spiel lässt sich nicht als Zeile schreiben",
    },
    {
        [GW_RULES] = "the game's ruleset (%s) is not the sheet's (%s)",
        [GW_NOT_OVER] = "the game is not finished",
        [GW_NAME] = "seat %d is \"%s\" in the game, %s on the sheet",
        [GW_LINE] = "the game cannot be written as a line",
    }};

/* Books a finished game into the sheet as its line (see table.h). */
int sk_sheet_add_game(sk_sheet *sh, const sk_game *g, const char *const names[SK_NSEATS],
                      char *line, size_t line_size, char *why, size_t size)
{
    const char *const *w = GAME_WORDS[sh->lang ? 1 : 0];
    char a[900], b[900];
    if (line_size)
        line[0] = '\0';
    rules_text(g->rules, a, sizeof a);
    rules_text(&sh->rules, b, sizeof b);
    if (strcmp(a, b) != 0) {
        snprintf(why, size, w[GW_RULES], a, b);
        return -1;
    }
    if (!sk_game_over(g)) {
        snprintf(why, size, "%s", w[GW_NOT_OVER]);
        return -1;
    }
    uint8_t seat_player[SK_NSEATS];
    sk_session_round round;
    next_deal(sh, seat_player, &round);
    for (int s = 0; names && s < sk_rules_seats(&sh->rules); s++) {
        const char *mine = deal_seat_name(sh, seat_player, s);
        if (names[s] && mine && strcasecmp(names[s], mine) != 0) {
            char q[SK_ESCAPE_SIZE(24)];
            sk_escape(q, sizeof q, names[s], strlen(names[s]), 24);
            snprintf(why, size, w[GW_NAME], s + 1, q, mine);
            return -1;
        }
    }
    sk_result res;
    sk_error err = {{0}, NULL};
    if (sk_game_result(g, &res, &err) < 0) {
        sk_sheet_refusal(sh, &err, why, size);
        return -1;
    }
    sk_outcome o;
    sk_outcome_from_game(g, &res, &o);
    char text[SK_SHEET_MAX_LINE];
    if (sk_sheet_line(sh, &o, text, sizeof text) < 0) {
        snprintf(why, size, "%s", w[GW_LINE]);
        return -1;
    }
    int cmd = -1;
    if (sk_sheet_add(sh, text, &cmd, why, size) != 0)
        return -1;
    if (line_size)
        snprintf(line, line_size, "%s", text);
    return 0;
}

/* Books one game record (a line of a games.jsonl) into the sheet: read,
 * replayed, and booked as its line; the names of an optional "players"
 * member (one per seat) must be the sheet's players in those seats. */
int sk_sheet_add_record(sk_sheet *sh, const char *text, size_t len, char *why, size_t size)
{
    sk_record *rec = malloc(sizeof *rec);
    sk_game *g = malloc(sizeof *g);
    sk_error err = {{0}, NULL};
    int rc = -1, bad = -1;
    json_t *root = NULL;
    char names[SK_NSEATS][SK_SHEET_NAME];
    const char *seat_names[SK_NSEATS] = {NULL, NULL, NULL, NULL};
    bool named = false;
    if (!rec || !g) {
        snprintf(why, size, "out of memory");
    } else if (sk_record_read(rec, text, len, &err) < 0) {
        snprintf(why, size, "%s", err.msg);
    } else if (sk_record_replay(rec, g, &bad, &err) < 0) {
        snprintf(why, size, "%s", err.msg);
    } else {
        rc = 0;
        root = json_loadb(text, len, 0, NULL);
        json_t *players = json_object_get(root, "players");
        if (players && (!json_is_array(players) ||
                        json_array_size(players) != (size_t)sk_rules_seats(&sh->rules))) {
            snprintf(why, size, "players: %s %d %s", sh->lang ? "a list of" : "eine Liste von",
                     sk_rules_seats(&sh->rules), sh->lang ? "names" : "Namen");
            rc = -1;
        }
        for (size_t s = 0; rc == 0 && players && s < json_array_size(players); s++) {
            json_t *v = json_array_get(players, s);
            if (json_is_null(v))
                continue;
            const char *name = json_string_value(v);
            if (!name || !name[0] || strlen(name) >= SK_SHEET_NAME) {
                snprintf(why, size, "players[%zu]: %s", s,
                         sh->lang ? "a name or null" : "ein Name oder null");
                rc = -1;
                break;
            }
            snprintf(names[s], SK_SHEET_NAME, "%s", name);
            seat_names[s] = names[s];
            named = true;
        }
        if (rc == 0)
            rc = sk_sheet_add_game(sh, g, named ? seat_names : NULL, NULL, 0, why, size);
    }
    json_decref(root);
    free(rec);
    free(g);
    return rc;
}
