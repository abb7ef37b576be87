/*
 * handlers.h -- the message handlers, the server's top floor
 * (docs/architecture.md, "src/server"): a client per WebSocket
 * connection and what it may ask -- hello and identity (ident.c),
 * accounts (accounts.c), the lobby and the messages that make and
 * change rooms (dispatch.c, room_msgs.c), hints, claims and ratings
 * (hint.c, claim.c, rate.c), a player's history and a room's downloads
 * (history.c), score keeping and tournaments (books*.c), the fair
 * shares per address and account (shares.c) -- and the HTTP API
 * (api.c).  They stand on the room runtime and the transport
 * and call down into both; nothing below calls them but through the
 * transport's hooks (dispatch.c) and their jobs' work and done.
 */
#ifndef SKX_SERVER_HANDLERS_H
#define SKX_SERVER_HANDLERS_H

#include "server/runtime/runtime.h"

#define SKX_CHAT_RATE 1.0              /* chat lines a second ... */
#define SKX_CHAT_BURST 5.0             /* ... with this many at once */
/* the rating of decisions (rate.c) and the hint of a bid, pass or
 * declaration (hint.c) price with one rater, so they agree: the
 * samples, seed and margin of `schafkopf analyze` */
#define SKX_RATE_SAMPLES 20
#define SKX_RATE_SEED 1
#define SKX_RATE_MARGIN 5
#define SKX_PLAYER_HEX 16              /* a public player id: 8 bytes as hex */
#define SKX_BSUBS_MAX 8                /* books one connection follows */
#define SKX_BOOKS_CACHED 256           /* books kept loaded without followers */
#define SKX_BOOK_CREATE_RATE 0.1       /* books a connection creates a second ... */
#define SKX_BOOK_CREATE_BURST 10.0     /* ... with this many at once */

typedef struct skx_server skx_server;
typedef struct skx_book skx_book;
typedef struct skx_shares skx_shares;

/* What a connection may do with a book (books.c): read it (its code),
 * enter one tournament table's games (a table key), or everything (the
 * edit key, or the account that owns the book). */
enum skx_may { SKX_MAY_READ = 0, SKX_MAY_TABLE = 1, SKX_MAY_EDIT = 2 };

/* A book a connection follows, and what its key allowed. */
typedef struct skx_bsub {
    skx_book *book;
    int may;                         /* enum skx_may */
    int stage, table;                /* SKX_MAY_TABLE: the table's stage and number */
} skx_bsub;

/* A WebSocket client as the message handlers know it: its connection,
 * who it is (after hello), what it follows and its buckets. */
typedef struct skx_client {
    skx_server *srv;
    skx_conn *conn;                  /* the transport's */
    skx_watcher watch;               /* the rooms it follows and as whom (watch.player:
                                      * the public player id) */
    int hello;                       /* identified */
    uint64_t account;                /* logged-in account, 0 for none */
    char name[SKX_NAME_MAX + 1];
    double chat_tokens;              /* chat lines it may still send (a bucket) */
    double create_tokens;            /* books it may still create (a bucket) */
    int64_t refill_us;               /* when those two were last refilled */
    int lang;                        /* 0 German, 1 English (hello, book_open) */
    skx_bsub bsubs[SKX_BSUBS_MAX];   /* the books it follows (books.c) */
    int nbsubs;
    /* accounts (accounts.c) */
    char token_hash[65];             /* the session's token hash, "" before hello */
    struct skx_auth_job *auth_job;   /* a password being hashed for it, or NULL */
    double auth_tokens;              /* register/login attempts left (a bucket) */
    int64_t auth_refill_us;
    /* forgetting (forget.c) */
    int session_saved;               /* its session is in the store (a new guest's
                                      * waits for its first use) */
    int64_t opened_us;               /* when the connection opened */
    struct skx_client *nh_prev, *nh_next; /* the list of those without hello, oldest first */
    /* fair shares (shares.c) */
    char addr[SKX_ADDR_MAX];         /* its address (the transport's) */
    uint64_t addr_key;               /* ... as rooms and lanes know it */
} skx_client;

/* The server as the handlers see it: the floors below, the store, and
 * what the handlers keep themselves (the password thread, the books
 * loaded). */
struct skx_server {
    sk_server_config cfg;
    skx_transport *tp;            /* connections and the loop */
    skx_runtime *rt;              /* the rooms */
    sk_store *store;              /* the runtime's, shared */
    struct skx_auth *auth;        /* the password thread and login limits (accounts.c) */
    skx_book **books;             /* books loaded (books.c) */
    size_t nbooks, capbooks;
    uint64_t book_tick;           /* counts requests for books (the cache's age) */
    /* forgetting (forget.c) */
    skx_client *nohello_head, *nohello_tail; /* connections without hello, oldest first */
    int64_t prune_next;           /* epoch s of the next batch of guest sessions pruned */
    uint64_t sessions_pruned;     /* since start */
    uint64_t hello_closed;        /* connections closed for want of a hello, since start */
    skx_shares *shares;           /* fair shares per address (shares.c) */
};

/* dispatch.c: the transport's hooks -- a client opened or closing, its
 * messages routed to their handlers, the pass, the tick, the stop, the
 * HTTP API (api.c). */
void skx_handlers_hooks(skx_server *srv, skx_transport_hooks *hooks);
/* api.c: a GET under /api/; see skx_transport_hooks.http. */
int skx_api_route(skx_server *srv, skx_http_req *req, const char *uri, char **body,
                  const char **ctype);

/* ident.c: hello, and the identity a connection holds. */
/* Formats a player id as hex (SKX_PLAYER_HEX + 1 bytes). */
void skx_player_hex(uint64_t player, char *out);
void skx_ident_handle(skx_client *c, const skx_msg *m);
/* Gives the connection an identity and sends its welcome: the player,
 * the name shown, the account (0: a guest; account_name then NULL).
 * `token`: the hex token it keeps (a returning hello), or NULL for a new
 * one; the session of the token it had before is forgotten.  Written
 * into the pass's transaction, so the welcome goes out after the
 * commit.  false after a store failure. */
bool skx_ident_bind(skx_client *c, const char *token, uint64_t player, const char *name,
                    uint64_t account, const char *account_name, bool resumed, const char *ref);
/* Writes a new guest's session at its first use; false after a store
 * failure. */
bool skx_ident_save(skx_client *c);
/* A fresh random player id (63 bits, never 0) and a guest's name. */
uint64_t skx_ident_new_player(void);
void skx_ident_guest_name(char *name, size_t size);

/* accounts.c: register, login, logout; passwords hashed on a thread of
 * their own (argon2id), never in the loop. */
int skx_accounts_start(skx_server *srv, sk_error *err);
void skx_accounts_stop(skx_server *srv);
void skx_accounts_handle(skx_client *c, const skx_msg *m);
/* Applies the finished password jobs (the loop, each pass). */
void skx_accounts_advance(skx_server *srv);
/* A connection closes: its job, if any, is answered to nobody. */
void skx_accounts_drop_conn(skx_client *c);

/* room_msgs.c: create, join, spectate, leave, bot, decide, pause,
 * chat, sync, and hint, claim, rate handed on. */
void skx_rooms_handle(skx_client *c, const skx_msg *m);

/* A room as its downloads know it: running or archived (api.c finds
 * it in memory or in the store by its code). */
typedef struct skx_room_ref {
    uint64_t id;
    char code[SKX_CODE_LEN + 1];
    sk_rules rules;
} skx_room_ref;

/* history.c: what is read from finished games.  The room's records as
 * JSON Lines, and its list of games as JSON ({"room":..,"games":[..]}),
 * from the store; malloc'd, NULL on error. */
char *skx_games_jsonl(skx_server *srv, const skx_room_ref *rm);
char *skx_games_list(skx_server *srv, const skx_room_ref *rm);
/* history: the connection's player's finished games and statistics. */
void skx_history_handle(skx_client *c, const skx_msg *m);

/* hint.c: a hint request (the seat asked now only), posted as a job
 * whose done sends the answer to the player's connections. */
void skx_hint_request(skx_client *c, skx_room *rm, const skx_msg *m);
/* claim.c: a claim request (a seated player, during the play), posted
 * as a job whose done plays it out or answers that it does not hold. */
void skx_claim_request(skx_client *c, skx_room *rm, const skx_msg *m);
/* A player asks for his decisions in a finished game of the room rated;
 * on a worker the rating is made; the loop sends it (rate.c). */
void skx_rate_request(skx_client *c, skx_room *rm, const skx_msg *m);

/* books.c: score keeping and tournaments (docs/server.md "Score keeping
 * and tournaments"): the book_* messages, books loaded from the store
 * and their followers. */
void skx_books_handle(skx_client *c, const skx_msg *m);
/* Forgets a closing client in the books it follows. */
void skx_books_drop_conn(skx_client *c);
void skx_books_free(skx_server *srv);
/* books_http.c: the printable pages' style sheet (/api/print.css),
 * malloc'd; NULL when out of memory. */
char *skx_books_print_css(void);
/* The HTTP routes under /api/books/ (books_http.c): 200 with a body
 * (malloc'd, *len bytes) and its content type, or an error status with
 * a short text.  `key`: from the X-Book-Key header or a POST's form,
 * never the query; `lang`: the query's or the form's ("" if none);
 * `host`: the request's Host header ("" if none), for the URLs in QR
 * codes when there is no --public-url. */
int skx_books_http(skx_server *srv, const char *uri, const char *key, const char *lang,
                   const char *host, char **body, size_t *len, const char **ctype);

/* forget.c: what nobody uses any more is forgotten -- connections that
 * never say hello, guest sessions unused for long. */
/* A connection opened (it waits for hello), said hello, or closes. */
void skx_forget_opened(skx_client *c);
void skx_forget_said_hello(skx_client *c);
void skx_forget_closed(skx_client *c);
/* The tick's: closes connections past --hello-timeout without hello,
 * prunes a batch of guest sessions older than --guest-forget. */
void skx_forget_tick(skx_server *srv);
/* The lobby message (`ws`: with its type and ref) or GET /api/lobby's
 * body for page `page`: malloc'd text, its length in *len; NULL when
 * out of memory. */
char *skx_lobby_reply(skx_server *srv, uint32_t page, bool ws, const char *ref, size_t *len);
/* GET /api/stats: what was forgotten and what the lobby built (JSON). */
char *skx_forget_stats(skx_server *srv);
/* shares.c: fair shares per address and account (docs/server.md "Fair
 * shares"); each may_ function sends its refusal itself. */
skx_shares *skx_shares_new(void);
void skx_shares_free(skx_shares *sh);
uint64_t skx_shares_addr_key(const skx_shares *sh, const char *addr);
/* The error `code` of a share with its message in the client's
 * language, which has one number (a limit, or seconds to wait). */
void skx_shares_refuse(skx_client *c, const char *ref, const char *code, int number);
bool skx_shares_may_create(skx_client *c, const char *ref);
bool skx_shares_may_seat_bot(skx_client *c, const skx_room *target, int seat, const char *ref);
bool skx_shares_may_login(skx_client *c, const char *key, const char *ref);
void skx_shares_login_result(skx_shares *sh, const char *addr, uint64_t addr_key,
                             const char *key, bool ok);

/* credentials.c: a random code of SKX_CODE_LEN characters of the
 * invitation alphabet, from the OS random source: a room's or a book's. */
void skx_code_random(char code[SKX_CODE_LEN + 1]);

#endif
