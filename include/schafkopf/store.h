/*
 * schafkopf/store.h -- what the server keeps: rooms and their journals,
 * finished games, chat, accounts and sessions.  One interface with one
 * backend now, SQLite in WAL mode (src/store/store_sqlite.c); a
 * PostgreSQL backend can follow behind the same functions without
 * touching game code (docs/server.md).
 *
 * Durability: a journal entry appended inside sk_store_begin/commit is
 * on disk once sk_store_commit returns (it survives kill -9 of the
 * server; power loss: see docs/server.md for the synchronous setting).
 * A server commits the entries of one pass of its event loop together,
 * then sends their events: nobody hears of an action the store lost.
 *
 * Only one process may hold a store at a time: sk_store_open refuses a
 * database that another process holds open (an advisory lock on the
 * database file's ".lock" companion), so two servers never write one
 * database.  Every function returns 0 or a negative sk_status with a
 * message naming what failed.
 */
#ifndef SCHAFKOPF_STORE_H
#define SCHAFKOPF_STORE_H

#include "schafkopf/core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sk_store sk_store;

/* Opens (creating or upgrading the schema) the database at `path`; NULL
 * with a message when it cannot, or when another process holds it. */
sk_store *sk_store_open(const char *path, sk_error *err);
void sk_store_close(sk_store *st);

/* Groups writes into one transaction; without them each write commits
 * on its own. */
int sk_store_begin(sk_store *st, sk_error *err);
int sk_store_commit(sk_store *st, sk_error *err);

/* A room as created: its ruleset (core's sk_rules_json text), a title,
 * its invitation code (unguessable, the server's), whether it is listed
 * in the lobby, and the fallback bot spec. */
typedef struct sk_store_room {
    uint64_t id;
    char *rules_json;
    char *title;
    char *invite;
    int listed;
    char *fallback;
    int64_t created; /* seconds since the epoch */
    int closed;
} sk_store_room;

/* Creates a room; its id (from 1) in *id. */
int sk_store_room_create(sk_store *st, const sk_store_room *room, uint64_t *id, sk_error *err);
/* Marks a room closed (kept for its games, not restored). */
int sk_store_room_close(sk_store *st, uint64_t id, sk_error *err);
/* Calls `fn` for every room that is not closed, oldest first; fn's
 * strings live until it returns.  A non-zero return of fn stops. */
int sk_store_rooms(sk_store *st, int (*fn)(void *ctx, const sk_store_room *room), void *ctx,
                   sk_error *err);

/* Appends the journal entry of event `seq` of a room (sk_room_journal);
 * seq must be the room's next (SK_EINVAL otherwise, nothing written). */
int sk_store_journal_append(sk_store *st, uint64_t room, uint64_t seq, const char *entry,
                            sk_error *err);
/* Calls `fn` for every journal entry of a room in order. */
int sk_store_journal(sk_store *st, uint64_t room,
                     int (*fn)(void *ctx, uint64_t seq, const char *entry), void *ctx,
                     sk_error *err);

/* A finished game's record (core's record line) of a room, numbered
 * from 1 per room; and all of them in order. */
int sk_store_game_add(sk_store *st, uint64_t room, uint32_t game_no, const char *record,
                      sk_error *err);
int sk_store_games(sk_store *st, uint64_t room,
                   int (*fn)(void *ctx, uint32_t game_no, const char *record), void *ctx,
                   sk_error *err);

/* Chat: a line of a room, and the last `max` lines in order. */
int sk_store_chat_add(sk_store *st, uint64_t room, const char *name, const char *text,
                      int64_t at, sk_error *err);
int sk_store_chat(sk_store *st, uint64_t room, int max,
                  int (*fn)(void *ctx, const char *name, const char *text, int64_t at),
                  void *ctx, sk_error *err);

/* Accounts: a name and its password hash (libsodium's argon2id string,
 * crypto_pwhash_str; the store never sees a password).  _add refuses a
 * name in use (SK_EINVAL); _get fills `hash` (size bytes) and the id, or
 * returns SK_EINVAL for an unknown name. */
int sk_store_account_add(sk_store *st, const char *name, const char *hash, uint64_t *id,
                         sk_error *err);
int sk_store_account_get(sk_store *st, const char *name, uint64_t *id, char *hash, size_t size,
                         sk_error *err);

/* Sessions: a secret token's hash (the store keeps no token, only its
 * BLAKE2b hash as hex) for a player id and nickname, so a returning
 * browser gets its seat back after a server restart. */
int sk_store_session_put(sk_store *st, const char *token_hash, uint64_t player,
                         const char *name, uint64_t account, int64_t at, sk_error *err);
int sk_store_session_get(sk_store *st, const char *token_hash, uint64_t *player, char *name,
                         size_t size, uint64_t *account, sk_error *err);

#ifdef __cplusplus
}
#endif

#endif
