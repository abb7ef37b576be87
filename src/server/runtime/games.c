/*
 * games.c -- finished games into the store.  When a game ends, its
 * record (the table's record line, with the seed) and a summary of it
 * -- the contract, the declarer, who sat where and what the game gave
 * each seat -- go into the store in the same transaction as the journal
 * entry of its result: a game is kept exactly when its result is,
 * whatever happens to the process after.  The summary comes from
 * replaying the record through core (its result, its sides), never from
 * a second reckoning.  What is read back from them (a room's downloads,
 * a player's history) is the handlers' (handlers/history.c); only
 * finished games are ever read, so nothing can show a running game's
 * cards.
 */
#include "server/runtime/runtime.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Fills the summary of game g->game_no from its record line: contract,
 * declarer, result, and each seat's money, points and whether its side
 * won.  0, or -1 when the record does not replay (then it is stored
 * without a summary). */
static int summarise(const char *line, sk_store_game *g,
                     char contract[SK_STORE_CONTRACT_MAX + 1])
{
    sk_record *rec = malloc(sizeof *rec);
    sk_game *game = malloc(sizeof *game);
    sk_error err = {{0}, NULL};
    int bad = -1, rc = -1;
    sk_result res;
    if (rec && game && sk_record_read(rec, line, strlen(line), &err) == 0 &&
        sk_record_replay(rec, game, &bad, &err) == 0 && sk_game_result(game, &res, &err) == 0) {
        unsigned side = sk_game_side_mask(game);
        int decl = sk_game_declarer(game);
        g->declarer = res.thrown_in || decl < 0 || decl >= SK_NSEATS ? -1 : decl;
        g->won = res.won != 0;
        g->nseats = rec->rules.players == 3 ? 3 : 4;
        /* at a table that plays for tournament points nobody pays:
         * the game gave no money (docs/rules.md, What a table plays for) */
        bool points = rec->rules.score == SK_SCORE_POINTS;
        for (int s = 0; s < g->nseats; s++) {
            g->seats[s].money = points ? 0 : res.money[s];
            g->seats[s].points = res.tournament[s];
            /* with sides: the seat's side won; without (a Ramsch, a game
             * thrown in): the seat gained money */
            g->seats[s].won = side ? (((side >> s) & 1u) != 0) == (res.won != 0)
                                   : res.money[s] > 0;
        }
        contract[0] = '\0';
        if (!res.thrown_in)
            sk_contract_code(res.contract, contract, SK_STORE_CONTRACT_MAX + 1);
        rc = 0;
    }
    free(rec);
    free(game);
    return rc;
}

/* Moves a summary from the game's seats to the room's (five players:
 * the dealer sat out, with nothing won or paid).  False when the room
 * no longer knows where the game was played. */
static bool to_room_seats(const skx_room *rm, uint32_t no, sk_store_game *g)
{
    int nroom = sk_room_seats(rm->room);
    if (nroom == g->nseats)
        return true;
    uint8_t at[SK_NSEATS];
    int n = sk_room_game_seats(rm->room, no, at);
    if (n != g->nseats || nroom > SK_STORE_SEATS_MAX)
        return false;
    sk_store_game_seat by_room[SK_STORE_SEATS_MAX];
    memset(by_room, 0, sizeof by_room);
    for (int s = 0; s < n; s++)
        if (at[s] < nroom)
            by_room[at[s]] = g->seats[s];
    if (g->declarer >= 0)
        g->declarer = g->declarer < n ? at[g->declarer] : -1;
    memcpy(g->seats, by_room, sizeof by_room);
    g->nseats = nroom;
    return true;
}

/* Writes finished game `no` of the room into the pass's transaction:
 * its record and summary; `seated`: the room's seats now are the ones
 * who played it (false for a game of an older store, whose players
 * are no longer known: its seats are stored without players). */
static bool store_game(skx_runtime *rt, skx_room *rm, uint32_t no, bool seated)
{
    sk_error err = {{0}, NULL};
    char *line = sk_room_record(rm->room, no);
    if (!line) {
        snprintf(err.msg, sizeof err.msg, "room %s: no record of finished game %" PRIu32,
                 rm->code, no);
        skx_runtime_fail(rt, &err);
        return false;
    }
    char contract[SK_STORE_CONTRACT_MAX + 1] = "";
    sk_store_game g = {.room = rm->id, .game_no = no, .record = line,
                       .at = (int64_t)time(NULL), .contract = contract, .declarer = -1};
    if (summarise(line, &g, contract) < 0)
        g.nseats = 0;
    if (g.nseats > 0 && !to_room_seats(rm, no, &g))
        g.nseats = 0;
    for (int s = 0; s < g.nseats; s++) {
        const sk_room_seat *st = sk_room_seat_at(rm->room, s);
        bool human = seated && st && st->kind == SK_ROOM_HUMAN;
        g.seats[s].player = human ? st->player : 0;
        g.seats[s].name = seated && st ? st->name : "";
    }
    int rc = skx_store_txn(rt);
    if (rc == 0 && sk_store_game_add(rt->store, &g, &err) < 0) {
        skx_runtime_fail(rt, &err);
        rc = -1;
    }
    free(line);
    if (rc < 0)
        return false;
    rm->games_stored = no;
    return true;
}

bool skx_games_persist(skx_runtime *rt, skx_room *rm)
{
    uint32_t done = sk_room_session(rm->room)->games;
    while (rm->games_stored < done)
        if (!store_game(rt, rm, rm->games_stored + 1, rm->games_stored + 1 == done))
            return false;
    return true;
}

int skx_games_restore(skx_runtime *rt, skx_room *rm, sk_error *err)
{
    uint32_t last = 0;
    int rc = sk_store_game_last(rt->store, rm->id, &last, err);
    if (rc < 0)
        return rc;
    rm->games_stored = last;
    /* A store of an older program has the journal but not the games:
     * they are written now, without their players. */
    uint32_t done = sk_room_session(rm->room)->games;
    while (rm->games_stored < done)
        if (!store_game(rt, rm, rm->games_stored + 1, false)) {
            *err = rt->fail_err;
            return SK_EIO;
        }
    return 0;
}
