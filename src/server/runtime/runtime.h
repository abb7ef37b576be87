/*
 * runtime.h -- the room runtime, the server's middle floor
 * (docs/architecture.md, "src/server"): the rooms this process runs
 * (the table layer's room and what the server keeps beside it), who
 * follows each of them, the worker pool for the bots' decisions and the
 * engines' processes, and the store behind them: each pass appends
 * every new journal entry and finished game inside one transaction,
 * commits it, and only then sends the events.  It stands on the
 * transport (sends go through skx_send, the commit's hold through
 * skx_transport_hold/commit) and knows nothing of the message handlers
 * above it: they reach it through the functions here, and it answers
 * their jobs only through the job's own work and done.
 *
 * One thread runs the loop and owns everything here but the worker
 * pool's queues.
 */
#ifndef SKX_SERVER_RUNTIME_H
#define SKX_SERVER_RUNTIME_H

#include "schafkopf/server.h"
#include "schafkopf/store.h"
#include "schafkopf/table.h"
#include "server/proto/proto.h"
#include "server/transport/transport.h"

#include <jansson.h>
#include <pthread.h>

#define SKX_SUBS_MAX 8                 /* rooms one connection follows */
#define SKX_LOBBY_PAGE 50              /* rooms in one page of the lobby */
#define SKX_USED_EVERY 300             /* a room in use writes its `used` this often (s) */
#define SKX_ARCHIVE_BATCH 64           /* rooms archived at most per tick */

typedef struct skx_runtime skx_runtime;
typedef struct skx_room skx_room;
typedef struct skx_engseat skx_engseat;

/* A room a connection follows, and the last event it was sent. */
typedef struct skx_sub {
    skx_room *room;
    uint64_t sent;
} skx_sub;

/* A connection as the rooms see it: where their messages go (the
 * transport's connection), the player it sees them as (set by the
 * handlers at hello, login, logout), and the rooms it follows.  The
 * handlers keep it in their client; the rooms keep pointers to it. */
typedef struct skx_watcher {
    skx_conn *conn;
    uint64_t player;                 /* public player id, 0 before hello */
    skx_sub subs[SKX_SUBS_MAX];
    int nsubs;
} skx_watcher;

/* A pending chat line of a room, sent with the room's events. */
typedef struct skx_chat {
    struct skx_chat *next;
    char *json;
} skx_chat;

/* Presence (presence.c): the away marks of the seated persons, what
 * their stand-ins did while they were away, and the settlement wait. */
typedef struct skx_presence {
    uint64_t who[SK_ROOM_SEATS];     /* the person each seat's mark is about (0: none) */
    int64_t since[SK_ROOM_SEATS];    /* away since (ms since the epoch), 0: here */
    uint64_t noted[SK_ROOM_SEATS];   /* events read into the absence report */
    json_t *report[SK_ROOM_SEATS];   /* the absence report's games so far, or NULL */
    uint32_t settled;                /* the last game whose settlement wait is over */
    int64_t next_until;              /* the settlement wait's end (ms), 0: none runs */
    uint8_t next_waiting;            /* the seats it still waits for */
    int64_t next_told;               /* next_until as the followers were last told */
    int away_seconds;                /* the server's --away (set when the room is added) */
} skx_presence;
/* What a seated person was last told of his offer (offers.c). */
typedef struct skx_offer_sent {
    int type;                        /* an action type, -1: none */
    int64_t until;                   /* the hold's end told, 0: none */
    uint64_t since;                  /* the offer's event */
    uint64_t player;                 /* who sat there */
} skx_offer_sent;

/* A room of this process: the table's room and what the server keeps
 * beside it. */
struct skx_room {
    sk_room *room;
    uint64_t id;                     /* the store's id (never sent) */
    char code[SKX_CODE_LEN + 1];     /* invitation code */
    char title[SKX_TITLE_MAX + 1];
    int listed;
    char fallback[SKX_BOT_MAX + 1];
    uint64_t stored;                 /* events appended to the store */
    uint64_t sent;                   /* events sent to the followers */
    uint64_t prompted;               /* event number at which the pending seat was asked */
    sk_bot *bots[SK_ROOM_SEATS];         /* each bot seat's bot (NULL while out at a worker) */
    skx_engseat *engines[SK_ROOM_SEATS]; /* each engine seat's engine (NULL: none, or out) */
    char botspec[SK_ROOM_SEATS][SKX_BOT_MAX + 1];
    int job_seat;                    /* seat whose bot works on a decision, -1 */
    /* one job of each of the handlers' kinds at a time per room */
    int hinting;                     /* a hint is being computed for the room */
    int claiming;                    /* a claim is being checked for the room */
    int rating;                      /* a player's decisions are being rated */
    uint64_t checked;                /* event number at the pass's last look at the room */
    int recheck;                     /* look again though no event came (a follower
                                      * came or went, a bot's answer was stale) */
    int waiting;                     /* an absent player's turn, the settlement wait:
                                      * look every pass */
    skx_presence pres;               /* presence.c */
    int offers_wait;                 /* a hold runs: look every pass (offers.c) */
    skx_offer_sent offer_sent[SK_ROOM_SEATS]; /* offers.c */
    skx_watcher **subs;              /* its followers */
    int nsubs, capsubs;
    skx_chat *chat_head, *chat_tail;
    uint32_t games_stored;           /* finished games written to the store */
    int touched;                     /* on the pass's list rt->touched */
    /* forgetting (forget.c): a room is in use while a connection that
     * said hello follows it, idle from when the last one left */
    int64_t used;                    /* epoch s: a person was last there (now while one is) */
    int64_t used_stored;             /* ... as the store has it */
    int hidden;                      /* listed, but idle too long: out of the lobby */
    /* its lobby entry (lobby.c): the JSON text, and a fingerprint of
     * what it shows (seats, games), made with the text */
    char *lobby_text;
    uint64_t lobby_fp;
    /* on a shared store, its entry as written there (lobby.c): 0 not
     * known, 1 written with fingerprint pub_fp, 2 removed */
    int pub_state;
    uint64_t pub_fp;
    /* fair shares (the handlers set them; 0: unknown, a room restored) */
    uint64_t owner_addr;             /* its creator's address key */
    uint64_t owner_account;          /* its creator's account */
    uint64_t bot_by[SK_ROOM_SEATS];  /* who seated each seat's bot: an address key */
};

/* The lobby as it is sent (lobby.c): built once per change of a listed
 * room -- the visible rooms newest first and each page's JSON text made
 * when first asked for -- never per request. */
typedef struct skx_lobby_entry {
    uint64_t id;                     /* the room's store id */
    const char *text;                /* its entry (the room's or the remote copy) */
} skx_lobby_entry;
typedef struct skx_lobby {
    int dirty;                       /* a listed room changed since the build */
    uint64_t version;                /* builds so far: the pages of one belong together */
    skx_lobby_entry *list;           /* the rooms shown, newest first */
    size_t n, cap;
    /* a shared store's: the entries of every process's rooms as the
     * store had them when last read (texts owned here), read again
     * after another process's notice; `publish`: a room of ours may
     * show otherwise, write what changed in this pass */
    skx_lobby_entry *remote;
    size_t nremote, capremote;
    int remote_stale;
    int publish;
    char **pages;                    /* each page's rooms as a JSON array, NULL: not made */
    size_t npages;
} skx_lobby;

/* What a lobby page says of the whole. */
typedef struct skx_lobby_info {
    size_t total;                    /* rooms shown */
    size_t pages;                    /* pages (at least 1) */
    uint64_t version;
} skx_lobby_info;

/* What a worker computes for the loop. */
enum skx_job_kind {
    SKX_JOB_ACT = 0,   /* a bot's decision for a seat (an engine's when `eng` is set) */
    SKX_JOB_HINT = 1,  /* a hint for a seated player: every choice with its value */
    SKX_JOB_RETIRE = 2, /* an engine seat no longer needed: its process ended off the loop */
    SKX_JOB_CLAIM = 3,  /* "the rest is mine": sk_claim_line on the whole game */
    SKX_JOB_RATE = 4    /* a player's decisions in a finished game rated */
};

/* An engine at a seat (bot spec "ext:NAME", --engine): the child
 * process and what it has been told, owned by the room's seat and lent
 * to one job at a time, like a bot.  Only a worker thread talks to the
 * process (its pipes may block); the loop only hands it over. */
struct skx_engseat {
    char name[SKX_BOT_MAX + 1];   /* the spec, "ext:NAME" */
    const char *command;          /* the operator's command (the config's) */
    int time_ms;
    struct skx_engine *eng;       /* the process; NULL before the first decision */
    int failed;                   /* it failed: the fallback bot plays the seat */
    uint32_t game_no;             /* the game it was told of (0: none) */
    int sent;                     /* the actions of that game it was told */
    sk_rules rules;               /* the replica's ruleset */
    sk_game replica;              /* that game as far as told */
};

/* A bot's decision (or a hint) in the making: a copy of the seat's
 * view, its own ruleset copy (the view points to it), the bot (lent by
 * the room for a decision, the job's own for a hint). */
typedef struct skx_job {
    struct skx_job *next;
    int kind;                     /* enum skx_job_kind */
    /* A job of the message handlers (a hint, a claim, a rating) brings
     * its own work, done on a worker, and its done, run by the loop's
     * pass with the answer; the runtime calls them and knows no more
     * of them.  NULL for the runtime's own kinds (a bot's decision, an
     * engine's end). */
    void (*work)(struct skx_job *j);
    void (*done)(skx_runtime *rt, struct skx_job *j);
    void *data;                   /* the work's own (malloc'd, freed with the job) */
    uint64_t room;
    int seat;
    uint64_t seq;
    /* fair shares: the workers serve lanes (a room's creator's address,
     * skx_room_lane) in turn, and at most cfg->strong_jobs heavy jobs at
     * once (skx_bot_heavy, ratings) */
    uint64_t lane;
    bool heavy;
    sk_bot *bot;
    char spec[SKX_BOT_MAX + 1];   /* what the bot was made from */
    bool stand_in;                /* the fallback bot decides in the player's place: a
                                   * person's (set when posted) or an engine's that
                                   * failed, now or before (set by the worker) */
    bool offered;                 /* the room offers the seat a doubling (sk_room_offer):
                                   * the bot's answer is sk_bot_act's, else sk_bot_turn's */
    bool passes;                  /* a bot in a person's seat passes, not asked
                                   * (sk_room_stand_in_passes) */
    sk_rules rules;
    sk_view view;
    sk_action act;
    /* an engine's decision: the seat, its game and the game before (the
     * full games, copies: an engine is told only what its seat sees,
     * through core's visibility, src/table/engine_lines.c), the choices */
    skx_engseat *eng;
    sk_game *cur, *last;          /* malloc'd; cur->rules, last->rules point to `rules` */
    uint32_t cur_no, last_no;
    int gseat;                    /* the seat in the game's numbering */
    uint64_t secret;              /* the number the engine is told as its game's seed */
    const char *go_kind;          /* skx_engine_decision_kind */
    int nlegal;
    sk_action legal[SK_MAX_LEGAL];
    char why[200];                /* why the engine failed ("": it did not) */
    /* a claim: sk_claim_line's count (or error) and the line */
    int claim_rc;
    sk_action line[SK_NCARDS];
    /* a hint: who asked (the player, the request's ref) and the answer */
    uint64_t player;
    char ref[SKX_REF_MAX + 1];
    int nhints;
    sk_action hints[SK_MAX_LEGAL];
    double values[SK_MAX_LEGAL];
    sk_contract games[SK_MAX_LEGAL]; /* the game behind a bid's value, or SK_C_NONE */
} skx_job;

/* The decision of a job's bot: its answer to a doubling on offer
 * (sk_bot_act), else its card or bid without doublings (sk_bot_turn);
 * worker.c. */
sk_action skx_job_bot_act(skx_job *j);

/* The jobs of one lane waiting for a worker, oldest first; lanes with
 * jobs form a ring the workers walk. */
typedef struct skx_lane {
    struct skx_lane *prev, *next;
    uint64_t key;
    skx_job *head, *tail;
} skx_lane;

/* The bot threads: jobs in, results out; a result wakes the loop.  Jobs
 * wait in lanes served round-robin, so no lane waits behind another's
 * backlog; heavy jobs take at most heavy_max workers, so the others
 * stay for the tables of ordinary bots. */
typedef struct skx_pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t *threads;
    int n;
    skx_lane *ring;               /* the lane served next, NULL: no job waits */
    skx_lane spare;               /* the lane of jobs whose own could not be made */
    int heavy_max, heavy_running;
    int budget_ms;                /* a bot decision's time budget (0: none) */
    skx_job *done_head, *done_tail;
    int stop;
    skx_transport *tp;            /* woken when a job is done */
} skx_pool;

/* The room runtime: its rooms, their index, the pass's list, the
 * workers and the store's transaction. */
struct skx_runtime {
    const sk_server_config *cfg;  /* the server's (kept, not copied) */
    skx_transport *tp;            /* the floor below: sends and the commit's hold */
    sk_store *store;
    skx_pool pool;
    int pool_started;
    skx_room **rooms;
    size_t nrooms, caprooms;
    skx_room **by_code, **by_id;  /* the rooms by code and by id (roomidx.c) */
    skx_room **touched;           /* rooms the pass must look at (skx_room_touch) */
    size_t ntouched, captouched;
    int sweep;                    /* look at every room this pass (the tick's) */
    size_t capidx, nindexed;
    int txn;                     /* a store transaction is open */
    uint64_t txn_no;             /* transactions begun */
    int failed;                  /* a store write failed: stop */
    sk_error fail_err;
    skx_lobby lobby;             /* lobby.c */
    uint64_t archived;           /* rooms archived since start (forget.c) */
    struct skx_leases *leases;   /* lease.c: NULL on a store that is not shared */
};

/* runtime.c: the runtime itself, the store's transaction, the pass. */
/* A runtime over `store` (not owned) sending through `tp`; NULL when
 * out of memory. */
skx_runtime *skx_runtime_new(const sk_server_config *cfg, skx_transport *tp, sk_store *store);
/* Starts cfg->workers worker threads; 0 or an error. */
int skx_runtime_start(skx_runtime *rt, sk_error *err);
/* Stops the workers (a job in progress finishes first): they wake the
 * loop, so they go before it. */
void skx_runtime_stop(skx_runtime *rt);
/* Frees the rooms and the runtime (the workers stopped). */
void skx_runtime_free(skx_runtime *rt);
/* Opens the pass's store transaction if none is open; 0, or -1 after a
 * store failure (then the server stops: rt->failed). */
int skx_store_txn(skx_runtime *rt);
/* Records a fatal store error: the loop stops after this pass. */
void skx_runtime_fail(skx_runtime *rt, const sk_error *err);
/* The rooms' part of a pass: apply, deal and append; commit; then send. */
void skx_runtime_pass(skx_runtime *rt);
/* The tick's: the next pass looks at every room, not only those
 * touched (a net under skx_room_touch). */
void skx_runtime_sweep(skx_runtime *rt);

/* rooms.c: the rooms and their followers. */
skx_room *skx_room_find(skx_runtime *rt, const char *code);
skx_room *skx_room_by_id(skx_runtime *rt, uint64_t id);
/* Sends `o` (else an error `code`, `msg`) to every connection of
 * `player` that follows the room: the answer to his request. */
void skx_room_tell_player(skx_room *rm, uint64_t player, const char *ref, json_t *o,
                          const char *code, const char *msg);
/* Wraps a table room and adds it to the runtime; NULL when out of
 * memory (the table room is then freed). */
skx_room *skx_room_add(skx_runtime *rt, sk_room *room, uint64_t id, const char *code,
                       const char *title, int listed, const char *fallback);
/* Takes an archived room out of the runtime and frees it (forget.c
 * checked that nothing of it is out). */
void skx_room_remove(skx_runtime *rt, skx_room *rm);
/* The seat where `player` sits in a room, or -1. */
int skx_room_seat_of(const skx_room *rm, uint64_t player);
/* The watcher's subscription to a room, or NULL. */
skx_sub *skx_room_sub(skx_watcher *w, const skx_room *rm);
/* Appends the room's new journal entries to the store (in the pass's
 * transaction); false after a store failure (the server then stops). */
bool skx_room_persist(skx_runtime *rt, skx_room *rm);
/* Sends the prompt to decide to one connection. */
void skx_room_send_turn(skx_conn *c, const skx_room *rm, int seat, const sk_action *legal,
                        int n);
/* Sends the prompt again in each followed room where the watcher's
 * player must decide (after the rate limit refused a message). */
void skx_rooms_reprompt(skx_watcher *w);
/* Sends the whole room as the watcher's player sees it, with the prompt
 * if his seat must decide. */
void skx_room_send_state(skx_watcher *w, skx_room *rm, const char *ref);
/* Makes the watcher follow a room and sends it the state; false (with
 * an error reply) when it follows too many rooms. */
bool skx_room_follow(skx_runtime *rt, skx_watcher *w, skx_room *rm, const char *ref);
/* Stops the watcher following a room. */
void skx_room_unfollow(skx_runtime *rt, skx_watcher *w, skx_room *rm);
/* Forgets a closing connection's watcher in the rooms it follows. */
void skx_rooms_drop_watcher(skx_runtime *rt, skx_watcher *w);
/* Follows the rooms where the watcher's player sits (after hello). */
void skx_rooms_resume(skx_runtime *rt, skx_watcher *w);
/* Sends the state of every room the watcher follows again (its player
 * changed: it now sees them as another seat or a spectator). */
void skx_rooms_restate(skx_watcher *w);
/* Whether `player` sits in any room. */
bool skx_rooms_seated(skx_runtime *rt, uint64_t player);
/* Queues a chat line's JSON text (malloc'd: taken) for the followers. */
void skx_room_chat(skx_runtime *rt, skx_room *rm, char *json);
/* sync: the watcher (following as `seat`, -1 a spectator) gets the
 * events after `after` with the next broadcast, or the state now. */
void skx_room_sync(skx_runtime *rt, skx_watcher *w, skx_room *rm, int seat, uint64_t after,
                   const char *ref);
void skx_rooms_free(skx_runtime *rt);

/* pass.c: the loop's part of each pass, and the rooms at start. */
/* Restores every open room of the store (a shared store's rooms come
 * on demand: lease.c). */
int skx_rooms_restore(skx_runtime *rt, sk_error *err);
/* Restores one open room of the store: its ruleset, then its journal
 * (a walk's callback: ctx is the runtime). */
int skx_room_restore_row(void *ctx, const sk_store_room *row);
/* Before the commit: applies the workers' answers, deals, appends. */
void skx_rooms_advance(skx_runtime *rt);
/* After the commit: sends the events and chat, asks who decides next. */
void skx_rooms_broadcast(skx_runtime *rt);
/* Puts the room on the pass's list: something happened there (an
 * event, a follower came or went, a chat line, a bot's answer).  The
 * pass looks only at these rooms, not at all of them. */
void skx_room_touch(skx_runtime *rt, skx_room *rm);
/* The seats of the room whose players are connected now. */
uint8_t skx_room_present(const skx_room *rm);

/* presence.c: away marks, absence reports, idle tables, the
 * settlement wait. */
/* Whether the table pauses for want of people: persons sit there, none
 * of them is connected, and the room does not play on -- then no deal
 * and no decision of a bot or a stand-in. */
bool skx_room_idle(const skx_room *rm);
/* Whether a new game may be dealt as far as presence goes: not idle,
 * and a seated person connected -- or, at a table of bots or one that
 * plays on, at least someone following it. */
bool skx_room_may_deal(const skx_room *rm);
/* When the stand-in takes the decisions of away seat `seat`: its away
 * mark plus --away seconds (ms since the epoch). */
int64_t skx_presence_stand_in_at(const skx_room *rm, int seat);
/* The pass's look at a room after its events went out: marks who went
 * and who came back (a `presence` message to every follower, the
 * `absence` report to one who is back), notes what was decided for the
 * away seats, tells the settlement wait's changes (`next`). */
void skx_presence_update(skx_room *rm);
/* Whether the room's settlement wait runs (the pass must look again). */
bool skx_presence_pending(const skx_room *rm);
/* Frees the room's absence reports. */
void skx_presence_free(skx_room *rm);
/* Before a deal: whether the settlement of the last game still holds
 * it (starting the wait when the game just ended). */
bool skx_settle_holds(skx_runtime *rt, skx_room *rm);
/* `next` from the person in `seat`: he has seen the settlement; 1 when
 * the wait waited for him, else 0. */
int skx_settle_next(skx_runtime *rt, skx_room *rm, int seat);
/* The `next` message of the wait as it stands (until null: none). */
json_t *skx_settle_json(const skx_room *rm);
/* Adds the marks, `idle` and `next` to a room's state object. */
void skx_presence_state(const skx_room *rm, json_t *state);
/* offers.c: offers, not questions (table.h). */
/* Before the commit: the room's step (the time, who is connected). */
void skx_offers_step(skx_runtime *rt, skx_room *rm);
/* After the commit: tells each person whose offer changed. */
void skx_offers_send(skx_room *rm);
/* A room made or restored: every person is told his offer anew. */
void skx_offers_reset(skx_room *rm);

/* lobby.c: the lobby, built once per change and sent in pages. */
/* A listed room came, went, was hidden or shown again: the next request
 * builds the list anew. */
void skx_lobby_dirty(skx_runtime *rt);
/* The pass's look at a room with new events: when what its entry shows
 * (seats, games) changed, the entry is made again and the lobby too. */
void skx_lobby_check(skx_runtime *rt, skx_room *rm);
/* A room leaves: the lobby forgets its entry. */
void skx_lobby_forget(skx_runtime *rt, skx_room *rm);
/* A shared store: writes the entries of this process's rooms that
 * changed into the pass's transaction, and notes other processes'
 * notices (each pass: they cost nothing when none came). */
void skx_lobby_publish(skx_runtime *rt);
/* A shared store: removes an archived room's entry (in the pass's
 * transaction). */
void skx_lobby_unpublish(skx_runtime *rt, skx_room *rm);
/* Page `page` of the lobby (from 0) as a JSON array's text, owned by the
 * lobby until the next change; what it says of the whole in *info.  A
 * page past the last is "[]".  NULL when out of memory. */
const char *skx_lobby_page(skx_runtime *rt, size_t page, skx_lobby_info *info);
void skx_lobby_free(skx_runtime *rt);

/* forget.c: idle rooms leave the lobby, then memory (archived). */
/* A follower came to the room or the last one left: its use now. */
void skx_room_used_now(skx_runtime *rt, skx_room *rm);
/* The tick's look at every room: unlists, notes use in the store, and
 * archives (in the pass's transaction) what idled long enough. */
void skx_rooms_forget(skx_runtime *rt);
/* At restore: archives the rooms idle too long before they are read. */
int skx_rooms_forget_at_start(skx_runtime *rt, sk_error *err);

/* games.c: finished games into the store. */
/* Writes the room's games finished since the last call (record and
 * summary) into the pass's transaction; false after a store failure. */
bool skx_games_persist(skx_runtime *rt, skx_room *rm);
/* At restore: how many games of the room the store has; writes those
 * its journal finished but an older store lacks. */
int skx_games_restore(skx_runtime *rt, skx_room *rm, sk_error *err);

/* lease.c: rooms on a shared store (PostgreSQL), one process at a time
 * (store.h "Leases").  Nothing of it runs on SQLite. */
/* Sets the store's lease time from the configuration; 0 or an error. */
int skx_leases_setup(skx_runtime *rt, sk_error *err);
/* A room of the store that this process does not run: claims its lease
 * and replays its journal (NULL: none, closed, or another process's). */
skx_room *skx_lease_fetch(skx_runtime *rt, const char *code);
/* Whether the last skx_lease_fetch found no room because another
 * process holds the room's lease now (it was asked to give it up). */
bool skx_lease_elsewhere(const skx_runtime *rt);
/* An append of the room was fenced: the room is dropped after the
 * pass's commit, its events unsent. */
void skx_lease_lost(skx_runtime *rt, skx_room *rm);
/* Before the pass's commit: renews the leases when it is time, noting
 * every room whose lease is gone as lost. */
void skx_leases_renew(skx_runtime *rt);
/* After the commit: drops the lost rooms, closing their followers'
 * connections so that they connect again (to the room's new owner). */
void skx_leases_drop(skx_runtime *rt);
void skx_leases_free(skx_runtime *rt);

/* roomidx.c: the rooms by code and by store id, in constant time. */
/* Indexes a room just added to rt->rooms; 0, or -1 out of memory. */
int skx_roomidx_add(skx_runtime *rt, skx_room *rm);
skx_room *skx_roomidx_code(const skx_runtime *rt, const char *code);
skx_room *skx_roomidx_id(const skx_runtime *rt, uint64_t id);
/* Takes an archived room out of both tables. */
void skx_roomidx_remove(skx_runtime *rt, const skx_room *rm);
void skx_roomidx_free(skx_runtime *rt);

/* worker.c */
/* Starts n worker threads, which wake the transport's loop with each
 * job done, run at most heavy_max heavy jobs at once and give each bot
 * decision budget_ms (0: none); 0 or an error naming the failure. */
int skx_pool_start(skx_pool *p, int n, int heavy_max, int budget_ms, skx_transport *tp,
                   sk_error *err);
/* Whether a bot spec is heavy: pimc:strong, pimc:N above the table
 * level's 24 deals (beyond 32), the Expert level ("expert", ":fuse"),
 * an engine. */
bool skx_bot_heavy(const char *spec);
/* The lane of a room's jobs: its creator's address, or the room itself
 * when that is unknown. */
uint64_t skx_room_lane(const skx_room *rm);
/* Queues a job for the next free worker. */
void skx_pool_post(skx_pool *p, skx_job *j);
/* The finished jobs in order (a list), or NULL. */
skx_job *skx_pool_take(skx_pool *p);
/* Stops the workers and frees the jobs left. */
void skx_pool_stop(skx_pool *p);

/* engines.c */
/* The command of an engine the operator offers, or NULL. */
const char *skx_engine_command(const skx_runtime *rt, const char *name);
/* Attaches the seat's engine to a decision job (a new engine seat when
 * it has none, or the one it has is for another spec); false when the
 * spec is no engine this server offers (the fallback bot decides). */
bool skx_engine_attach(skx_runtime *rt, skx_room *rm, int seat, const char *spec, skx_job *j);
/* A finished engine job: gives the engine seat back to the room, or
 * retires it (off the loop) when the seat has another bot now. */
void skx_engine_detach(skx_runtime *rt, skx_room *rm, skx_job *j);
/* Ends an engine seat off the loop (a retire job), or at once when the
 * pool is gone. */
void skx_engine_retire(skx_runtime *rt, skx_engseat *es);
/* Worker side: an engine job's decision (the fallback bot's when the
 * engine fails), and an engine seat's end. */
sk_action skx_engine_job_act(skx_job *j);
void skx_engseat_free(skx_engseat *es);
/* JSON array of the names offered (lobby). */
json_t *skx_engine_names(const skx_runtime *rt);

#endif
