/*
 * schafkopf/store.h -- what the server keeps: rooms and their journals,
 * finished games, chat, accounts and sessions, and the books of score
 * keeping and tournaments.  One interface with two backends
 * (src/store/): SQLite in WAL mode, the default, a file one process
 * holds; and PostgreSQL, a server several processes share (a cluster,
 * docs/server.md "Cluster").  The target given to sk_store_open picks
 * one: a postgresql:// (or postgres://) URI names a PostgreSQL database,
 * anything else is the path of an SQLite file (docs/store.md).
 *
 * Durability: a write is on disk once the function that wrote it (or,
 * inside sk_store_begin, sk_store_commit) returns 0: it survives kill -9
 * of the server.  Surviving a power loss as well costs a flush per
 * commit: sk_store_set_sync(SK_STORE_SYNC_FULL), docs/store.md.  A
 * server commits the entries of one pass of its event loop together,
 * then sends their events: nobody hears of an action the store lost.
 *
 * Only one process may hold an SQLite store at a time: sk_store_open
 * refuses a database that another process (or another sk_store of this
 * process) holds open -- an advisory lock on the database file's ".lock"
 * companion -- so two servers never write one database.  A PostgreSQL
 * store is shared: which process writes a room is decided by the room's
 * lease.  A store is not
 * thread-safe: one thread at a time may call it (a worker thread that
 * owns it, or the loop).
 *
 * Text is UTF-8 without NUL bytes, each field at most its cap below;
 * anything else is refused with SK_EINVAL naming the field.  Ids and
 * sequence numbers are at most INT64_MAX (SK_ERANGE otherwise).  Every
 * function returns 0 or a negative sk_status with a message naming what
 * failed and the database file.
 */
#ifndef SCHAFKOPF_STORE_H
#define SCHAFKOPF_STORE_H

#include "schafkopf/core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sk_store sk_store;

/* Caps in bytes of the text fields (without the terminating NUL): a
 * buffer of cap + 1 bytes always holds what the store gives back. */
#define SK_STORE_RULES_MAX 65536     /* a room's rules_json */
#define SK_STORE_TITLE_MAX 256       /* a room's title */
#define SK_STORE_INVITE_MAX 128      /* a room's invitation code */
#define SK_STORE_FALLBACK_MAX 1024   /* a room's fallback bot spec */
#define SK_STORE_ENTRY_MAX 1048576   /* a journal entry */
#define SK_STORE_RECORD_MAX 1048576  /* a game record */
#define SK_STORE_NAME_MAX 128        /* account, chat and session names */
#define SK_STORE_CHAT_MAX 4096       /* a chat line's text */
#define SK_STORE_HASH_MAX 255        /* an account's password hash string */
#define SK_STORE_TOKEN_HASH_MAX 128  /* a session's token hash (hex) */

/* Opens (creating or upgrading the schema) the database at `path` (a
 * file, or a postgresql:// URI); NULL with a message when it cannot,
 * when the database is no store of ours (or of a newer program), or
 * when another process holds the file.  A PostgreSQL store keeps its
 * tables in the connection's current schema (the first of its
 * search_path), which must hold no other tables. */
sk_store *sk_store_open(const char *path, sk_error *err);
/* 1 when `target` names a PostgreSQL database (a postgresql:// or
 * postgres:// URI) rather than a file, else 0. */
int sk_store_is_url(const char *target);
/* Closes the store (NULL: nothing).  A transaction begun and not
 * committed is rolled back: its writes are lost as if never made.  A
 * shared store gives up its leases (below). */
void sk_store_close(sk_store *st);

/* How hard a commit waits for the disk.  NORMAL (the default): a commit
 * survives a crash or kill -9 of the process, not necessarily a power
 * loss or an operating system crash (the last commits before it may be
 * lost, the database stays consistent).  FULL: a commit also survives
 * those, at the cost of a flush to the disk per commit. */
enum sk_store_sync { SK_STORE_SYNC_NORMAL = 0, SK_STORE_SYNC_FULL = 1 };
/* Sets the sync mode for the following commits; SK_ESTATE inside a
 * transaction. */
int sk_store_set_sync(sk_store *st, enum sk_store_sync mode, sk_error *err);

/* Groups writes into one transaction; without them each write commits
 * on its own.  Transactions do not nest (a second begin: SK_ESTATE), and
 * commit or rollback without begin is SK_ESTATE.  A write refused inside
 * a transaction (a wrong seq, a name in use) changes nothing and leaves
 * the transaction open.  When a commit fails (disk full, I/O error) the
 * whole transaction is rolled back and the error returned: none of its
 * writes happened. */
int sk_store_begin(sk_store *st, sk_error *err);
int sk_store_commit(sk_store *st, sk_error *err);
/* Drops the writes of the open transaction. */
int sk_store_rollback(sk_store *st, sk_error *err);

/* A room as created: its ruleset (core's sk_rules_json text), a title,
 * its invitation code (unguessable, the server's), whether it is listed
 * in the lobby, and the fallback bot spec.  NULL title, invite and
 * fallback are stored as "". */
typedef struct sk_store_room {
    uint64_t id;
    char *rules_json;
    char *title;
    char *invite;
    int listed;
    char *fallback;
    int64_t created; /* seconds since the epoch */
    int closed;
    int64_t used;    /* when a person was last there (epoch s; `created` at first) */
} sk_store_room;

/* Creates a room (room->id, room->closed and room->used are ignored: a
 * new room is open, and used when created); its id (from 1, never
 * reused) in *id. */
int sk_store_room_create(sk_store *st, const sk_store_room *room, uint64_t *id, sk_error *err);
/* Marks a room closed (kept for its games, not restored); SK_EINVAL for
 * an unknown room.  A closed room still accepts writes. */
int sk_store_room_close(sk_store *st, uint64_t id, sk_error *err);
/* Calls `fn` for every room that is not closed, oldest first; fn's
 * strings live until it returns.  A non-zero return of fn stops the
 * walk, and the function returns it (so a callback's negative status
 * comes back); 0 otherwise.  The same holds for every walk below. */
int sk_store_rooms(sk_store *st, int (*fn)(void *ctx, const sk_store_room *room), void *ctx,
                   sk_error *err);
/* Notes that a person was in a room at `at` (a room's `used` never goes
 * back); SK_EINVAL only for a bad id (an unknown room changes nothing). */
int sk_store_room_used(sk_store *st, uint64_t id, int64_t at, sk_error *err);
/* Closes (archives) every open room last used before `before`; how many
 * in *count (may be NULL).  Their journals, games and chat stay. */
int sk_store_rooms_archive(sk_store *st, int64_t before, uint64_t *count, sk_error *err);
/* Calls `fn` once for the room of an invitation code, open or closed
 * (the newest, should two share one); SK_EINVAL when there is none. */
int sk_store_room_by_invite(sk_store *st, const char *invite,
                            int (*fn)(void *ctx, const sk_store_room *room), void *ctx,
                            sk_error *err);

/* Appends the journal entry of event `seq` of a room (sk_room_journal);
 * seq must be the room's next, from 1 (SK_EINVAL otherwise, nothing
 * written; SK_EINVAL for an unknown room too).  On a shared store the
 * append is fenced: unless this store holds the room's lease (below),
 * nothing is written and SK_STORE_FENCED comes back -- the transaction
 * stays open and the rest of it may commit. */
int sk_store_journal_append(sk_store *st, uint64_t room, uint64_t seq, const char *entry,
                            sk_error *err);
/*
 * Leases: which process owns a room (docs/server.md "Cluster").  On a
 * shared store (PostgreSQL: sk_store_shared) a room is run by one
 * process at a time, the holder of its lease: a row with the owner (this
 * store's id, sk_store_owner: host, pid and a random part, new at every
 * open) and an expiry by the database server's clock, so no two
 * machines' clocks are compared.  The creator of a room holds it
 * (sk_store_room_create takes it); the owner renews all of its leases
 * every few seconds; another process claims a room whose lease expired
 * and replays its journal.  Every journal append checks the lease in
 * its transaction and keeps the lease's row locked until the commit (a
 * fence): a process that lost a room -- paused past the expiry, cut off
 * -- cannot write into it, however sure it is that it owns it.  An
 * expired lease is lost even when nobody took it yet: its holder drops
 * the room and claims it anew (then replays the journal).
 *
 * An SQLite store is one process's (its lock): every lease is held,
 * claims succeed, nothing is ever lost, and no row is written.
 */
/* The status of an append whose room's lease this store does not hold. */
#define SK_STORE_FENCED (-16)
/* 1 when several processes may share the store (leases matter), else 0. */
int sk_store_shared(const sk_store *st);
/* This store's owner id in leases (for logs). */
const char *sk_store_owner(const sk_store *st);
/* Sets the time to live of the leases this store takes or renews
 * (milliseconds, 1000..600000; 12000 by default). */
int sk_store_lease_ttl(sk_store *st, int ms, sk_error *err);
/* Claims a room's lease: 1 when this store holds it now (it was free,
 * expired or its own), 0 when another owner holds it unexpired (or
 * holds it locked in a transaction), or an error.  A claim refused asks
 * the holder to give the room up: its renewal says the room is wanted.
 * Inside a transaction the claim commits with it. */
int sk_store_lease_claim(sk_store *st, uint64_t room, sk_error *err);
/* Renews every unexpired lease this store holds and calls `fn` with
 * each such room and whether another store's claim wants it (a walk:
 * fn's non-zero stops it).  A room it held that fn is not called for is
 * lost.  SQLite: no call. */
int sk_store_lease_renew(sk_store *st, int (*fn)(void *ctx, uint64_t room, int wanted),
                         void *ctx, sk_error *err);
/* Gives up this store's lease of a room (0: all of them), so that
 * another process may take it at once. */
int sk_store_lease_release(sk_store *st, uint64_t room, sk_error *err);

/*
 * The shared lobby (docs/server.md "Cluster"): on a shared store each
 * room's owner keeps the lobby entry of each listed room it runs (the
 * server's JSON text, opaque to the store) in the database, and every
 * change sends a notice (PostgreSQL NOTIFY, delivered at the commit) to
 * the other processes, which read the entries again when asked for the
 * lobby.  SQLite: nothing is written, no entry is read, no notice comes.
 */
/* Sets (entry text) or removes (NULL) the lobby entry of a room; fenced
 * like an append: without the room's lease nothing is written. */
int sk_store_lobby_put(sk_store *st, uint64_t room, const char *entry, sk_error *err);
/* Calls `fn` for every lobby entry of an open room, newest room first. */
int sk_store_lobby(sk_store *st, int (*fn)(void *ctx, uint64_t room, const char *entry),
                   void *ctx, sk_error *err);
/* 1 when another process changed the lobby since the last call (the
 * first call starts listening and says 1), else 0, or an error.  Never
 * blocks: it reads what the connection has received. */
int sk_store_lobby_changed(sk_store *st, sk_error *err);

/* Calls `fn` for every journal entry of a room in order (an unknown
 * room has none; the same for games and chat). */
int sk_store_journal(sk_store *st, uint64_t room,
                     int (*fn)(void *ctx, uint64_t seq, const char *entry), void *ctx,
                     sk_error *err);

/* At most this many seats in a game's summary (five with the dealer
 * sitting out, 002). */
#define SK_STORE_SEATS_MAX 5
/* A contract code ("sauspiel:E", core's sk_contract_code), without NUL. */
#define SK_STORE_CONTRACT_MAX 31

/* One seat of a finished game: who sat there (the server's public
 * player id, 0 for a bot), the name shown, and what the game gave it. */
typedef struct sk_store_game_seat {
    uint64_t player;
    const char *name;
    int64_t money;   /* cents, the game's settlement for this seat */
    int64_t points;  /* tournament points */
    int won;         /* this seat's side won (no sides: it gained money) */
} sk_store_game_seat;

/* A finished game: its record (core's record line, the source of
 * truth: downloads give it as it is) and a summary of it that the lists
 * and every player's history are computed from.  `declarer` is a seat or
 * -1 (thrown in, a Ramsch); `contract` is "" for a game thrown in. */
typedef struct sk_store_game {
    uint64_t room;
    uint32_t game_no;
    const char *record;   /* NULL in the lists (sk_store_game_list) */
    int64_t at;           /* when it ended, seconds since the epoch */
    const char *contract;
    int declarer;
    int won;              /* the declarer's side won */
    int nseats;           /* 0..SK_STORE_SEATS_MAX */
    sk_store_game_seat seats[SK_STORE_SEATS_MAX];
} sk_store_game;

/* Adds a finished game of a room, numbered from 1 per room (a number
 * taken: SK_EINVAL, nothing written), with its seats, in one write.  A
 * server adds it in the transaction that holds the game's last journal
 * entry, so a game is kept exactly when its result is. */
int sk_store_game_add(sk_store *st, const sk_store_game *g, sk_error *err);
/* Every record of a room in order of the game numbers. */
int sk_store_games(sk_store *st, uint64_t room,
                   int (*fn)(void *ctx, uint32_t game_no, const char *record), void *ctx,
                   sk_error *err);
/* The summaries of a room's games in order (g->record is NULL). */
int sk_store_game_list(sk_store *st, uint64_t room,
                       int (*fn)(void *ctx, const sk_store_game *g), void *ctx, sk_error *err);
/* The highest game number a room has in the store (0: none). */
int sk_store_game_last(sk_store *st, uint64_t room, uint32_t *game_no, sk_error *err);

/* One game of a player's history: the room's invitation code, the game,
 * and what it was for this player. */
typedef struct sk_store_history_game {
    const char *invite;
    uint32_t game_no;
    int64_t at;
    const char *contract; /* "" thrown in */
    int declarer;         /* the player declared it */
    int won;              /* the player's side won */
    int64_t money, points;
    const char *rules_json; /* the room's ruleset, as stored with the room */
} sk_store_history_game;

/* A player's totals over all finished games, and per contract kind
 * ("sauspiel", "solo", "wenz", ...: the contract code before its ':'). */
typedef struct sk_store_stats {
    uint64_t games, declared, won_declared;
    int64_t money, points;
} sk_store_stats;

/* The last `max` games (max >= 0) of a player, newest first. */
int sk_store_history(sk_store *st, uint64_t player, int max,
                     int (*fn)(void *ctx, const sk_store_history_game *h), void *ctx,
                     sk_error *err);
/* A player's totals into *out, and fn for each contract kind he played
 * (games thrown in count in out->games only): how often, how often his
 * side won.  fn may be NULL. */
int sk_store_stats_get(sk_store *st, uint64_t player, sk_store_stats *out,
                       int (*fn)(void *ctx, const char *kind, uint64_t played, uint64_t won),
                       void *ctx, sk_error *err);

/* Chat: a line of a room, and the last `max` lines (max >= 0) in the
 * order they were added. */
int sk_store_chat_add(sk_store *st, uint64_t room, const char *name, const char *text,
                      int64_t at, sk_error *err);
int sk_store_chat(sk_store *st, uint64_t room, int max,
                  int (*fn)(void *ctx, const char *name, const char *text, int64_t at),
                  void *ctx, sk_error *err);

/* Accounts: a name, the key it is unique by (the server's folding of
 * the name, e.g. to lower case: the store compares keys byte for byte),
 * the password hash (libsodium's argon2id string, crypto_pwhash_str; the
 * store never sees a password) and the account's public player id (its
 * games are found by it; unique too).  The strings of _get live in the
 * struct. */
typedef struct sk_store_account {
    uint64_t id;
    uint64_t player;
    int64_t created;      /* seconds since the epoch */
    char name[SK_STORE_NAME_MAX + 1];
    char key[SK_STORE_NAME_MAX + 1];
    char hash[SK_STORE_HASH_MAX + 1];
} sk_store_account;

/* Adds an account (a->id ignored); its id (from 1, never reused) in
 * *id.  A key or player in use: SK_EINVAL, nothing written. */
int sk_store_account_add(sk_store *st, const sk_store_account *a, uint64_t *id, sk_error *err);
/* The account of a key, or of an id; SK_EINVAL when there is none. */
int sk_store_account_get(sk_store *st, const char *key, sk_store_account *out, sk_error *err);
int sk_store_account_by_id(sk_store *st, uint64_t id, sk_store_account *out, sk_error *err);

/* Sessions: a secret token's hash (the store keeps no token, only its
 * BLAKE2b hash as lowercase hex, 32 to 128 digits) for a player id and
 * nickname, so a returning browser gets its seat back after a server
 * restart.  `account` is 0 for a guest, else an account's id.  _put
 * replaces the session of the same token hash; `at` is when it was last
 * used.  _get returns SK_EINVAL for an unknown token hash and SK_ERANGE
 * when `name` (size bytes) is too small. */
int sk_store_session_put(sk_store *st, const char *token_hash, uint64_t player,
                         const char *name, uint64_t account, int64_t at, sk_error *err);
int sk_store_session_get(sk_store *st, const char *token_hash, uint64_t *player, char *name,
                         size_t size, uint64_t *account, sk_error *err);
/* Forgets a session (logout); an unknown token hash is no error. */
int sk_store_session_delete(sk_store *st, const char *token_hash, sk_error *err);
/* Forgets every session last used before `before`; how many in *count
 * (may be NULL). */
int sk_store_session_prune(sk_store *st, int64_t before, uint64_t *count, sk_error *err);
/* Forgets at most `max` (>= 1) guest sessions (no account) last used
 * before `before`, oldest first or not: a batch, so that a server prunes
 * a little at a time; how many in *count (may be NULL). */
int sk_store_session_prune_guests(sk_store *st, int64_t before, int max, uint64_t *count,
                                  sk_error *err);

/*
 * Books: what score keeping and tournaments keep (docs/store.md,
 * "Books").  A book is a group of players (their ruleset, tariff and
 * evenings), a sheet (one evening at a real table, of a group or on its
 * own) or a tournament.  Each is a document kept as it was typed: a
 * head (a JSON object: what the document starts from, e.g. the sheet's
 * ruleset, players and first dealer, or the tournament's published
 * seed) and its lines in order, numbered from 1 (seq), replayed to
 * rebuild it.  Taking a line back (a sheet's `undo`) marks it undone
 * instead of deleting it: the lines read as the document are the live
 * ones, and the whole trail stays for an audit.  Nothing of a book is
 * ever deleted.
 */
enum sk_store_book_kind {
    SK_STORE_BOOK_GROUP = 1,      /* players who meet: their evenings are its sheets */
    SK_STORE_BOOK_SHEET = 2,      /* one evening's sheet, of a group (parent) or alone */
    SK_STORE_BOOK_TOURNAMENT = 3  /* a Preisschafkopf tournament (section 5) */
};

/* The caps of a book in bytes (the line's as the terminal's `sheet` and
 * `tournament` read them), and its lines per kind: every line counts,
 * taken back or not (the trail stays, so it is bounded too). */
#define SK_STORE_CODE_MAX 64                /* ASCII letters, digits, '-' and '_' */
#define SK_STORE_HEAD_MAX 131072            /* the head, a JSON object */
#define SK_STORE_LINE_MAX 1024              /* one line */
#define SK_STORE_GROUP_LINES_MAX 4096
#define SK_STORE_SHEET_LINES_MAX 4096
#define SK_STORE_TOURNAMENT_LINES_MAX 40000

/*
 * A book.  To create one the caller fills kind, code (unique among all
 * books, the caller's: unguessable where it grants access), parent (a
 * group's id for a sheet of that group, else 0; only sheets have one),
 * title (NULL: ""), head, owner (an account's id, 0: none), key_hash (the
 * hash of the book's edit key as lowercase hex like a session's token
 * hash, NULL or "": none) and created; the rest is ignored.  What the
 * store gives back has every field; `updated` is the latest time of a
 * change (created, each line, undo, update: never earlier than it was
 * for a change given an earlier time), `live` the lines not
 * taken back and `last_seq` the last line's number, taken back or not
 * (0: none; the next line is last_seq + 1).
 */
typedef struct sk_store_book {
    uint64_t id;
    enum sk_store_book_kind kind;
    const char *code;
    uint64_t parent;
    const char *title;
    const char *head;     /* NULL in the lists (sk_store_books) */
    uint64_t owner;
    const char *key_hash; /* "" when none */
    int64_t created, updated; /* seconds since the epoch */
    uint64_t live, last_seq;
    void *mem;            /* the strings of _get and _by_id: sk_store_book_free */
} sk_store_book;

/* Creates a book; its id (from 1, never reused) in *id.  A code in use,
 * an unknown parent or owner, or a parent that is no group (or a parent
 * of a book that is no sheet): SK_EINVAL, nothing written. */
int sk_store_book_create(sk_store *st, const sk_store_book *b, uint64_t *id, sk_error *err);
/* The book of a code, or of an id, into *out (SK_EINVAL when there is
 * none); its strings are copies that sk_store_book_free releases. */
int sk_store_book_get(sk_store *st, const char *code, sk_store_book *out, sk_error *err);
int sk_store_book_by_id(sk_store *st, uint64_t id, sk_store_book *out, sk_error *err);
/* Releases the strings of a book _get or _by_id filled (and clears it);
 * NULL or a cleared book: nothing. */
void sk_store_book_free(sk_store_book *b);
/* Calls `fn` for the books of a kind, newest first (by created, then
 * id), at most `max` (>= 0) of them: of the group `parent` only when it
 * is not 0 (the evenings of a group), of the account `owner` only when
 * it is not 0.  b->head is NULL; the strings live until fn returns. */
int sk_store_books(sk_store *st, enum sk_store_book_kind kind, uint64_t parent, uint64_t owner,
                   int max, int (*fn)(void *ctx, const sk_store_book *b), void *ctx,
                   sk_error *err);
/* Replaces a book's title and/or head (NULL: left as it is; not both
 * NULL) at time `at` (its `updated` becomes at least that). */
int sk_store_book_update(sk_store *st, uint64_t id, const char *title, const char *head,
                         int64_t at, sk_error *err);
/* Sets who may edit a book: the owner's account id (0: none) and the
 * edit key's hash (NULL or "": none), at time `at`. */
int sk_store_book_set_access(sk_store *st, uint64_t id, uint64_t owner, const char *key_hash,
                             int64_t at, sk_error *err);

/* Appends a line of a book (the text as typed) written at time `at`
 * by `author` (who entered it, for the audit: an account's or a
 * table's name, the caller's; NULL or "" unknown).  A tournament replays
 * its lines with their times; the book's `updated` becomes at least
 * `at`.  seq must be the book's last_seq + 1 -- anything else means the
 * caller's view is stale (a lost update) and is refused with SK_EINVAL,
 * nothing written; so is a line over the kind's count, or to an unknown
 * book.  A line is 1 to SK_STORE_LINE_MAX bytes of UTF-8 without
 * control characters (a tab is allowed); an author at most
 * SK_STORE_NAME_MAX bytes without any. */
int sk_store_book_append(sk_store *st, uint64_t book, uint64_t seq, const char *line,
                         const char *author, int64_t at, sk_error *err);
/* Takes back the last live line of a book at time `at` by `author` (as
 * for append): `seq` is its number as the caller knows it (SK_EINVAL,
 * nothing changed, when the last live line is another one or there is
 * none).  The line stays, marked undone at `at`, for the audit; the
 * next line still gets last_seq + 1. */
int sk_store_book_undo(sk_store *st, uint64_t book, uint64_t seq, const char *author, int64_t at,
                       sk_error *err);
/* How many lines of a book are live (not taken back) and the number of
 * its last line, taken back or not (each may be NULL); SK_EINVAL for an
 * unknown book. */
int sk_store_book_count(sk_store *st, uint64_t book, uint64_t *live, uint64_t *last_seq,
                        sk_error *err);

/* One line of a book: its number, text, time and author, and whether,
 * when and by whom it was taken back. */
typedef struct sk_store_book_line {
    uint64_t seq;
    const char *line;
    int64_t at;
    const char *author;      /* "" unknown */
    int undone;              /* taken back (only in a walk with all lines) */
    int64_t undone_at;       /* when; 0 for a live line */
    const char *undo_author; /* by whom; "" for a live line or unknown */
} sk_store_book_line;

/* Calls `fn` for the lines of a book in order: the live ones, the
 * document to replay, or with `all` every line, taken back or not (the
 * audit trail).  An unknown book has none. */
int sk_store_book_lines(sk_store *st, uint64_t book, int all,
                        int (*fn)(void *ctx, const sk_store_book_line *l), void *ctx,
                        sk_error *err);

#ifdef __cplusplus
}
#endif

#endif
