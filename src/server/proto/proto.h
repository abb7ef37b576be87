/*
 * proto.h -- the client messages of the WebSocket protocol, parsed and
 * checked without side effects (docs/server-protocol.md).  A pure
 * function of the bytes received, so a fuzzer can drive it
 * (tests/fuzz/fuzz_server_msg.c).
 */
#ifndef SKX_SERVER_PROTO_H
#define SKX_SERVER_PROTO_H

#include "schafkopf/core.h"

#include <stddef.h>
#include <stdint.h>

#define SKX_MSG_MAX 4096      /* bytes of one client message */
#define SKX_REF_MAX 32        /* a request id, echoed in the reply */
#define SKX_TOKEN_HEX 64      /* a session token: 32 bytes as hex */
#define SKX_NAME_MAX 31       /* bytes of a nickname (table.h's SK_ROOM_NAME_MAX - 1) */
#define SKX_CODE_LEN 16       /* a room's invitation code */
#define SKX_TITLE_MAX 64      /* bytes of a room's title */
#define SKX_CHAT_MAX 500      /* bytes of a chat line */
#define SKX_BOT_MAX 31        /* bytes of a bot spec */
#define SKX_ACTION_MAX 63     /* bytes of an action's text */
#define SKX_PASSWORD_MAX 256  /* bytes of an account's password */
#define SKX_PASSWORD_MIN 8    /* ... at least */
#define SKX_ACCOUNT_MIN 3     /* bytes of an account's name, at least (at most SKX_NAME_MAX) */
#define SKX_TIMER_MAX 600     /* seconds per decision (table.h's SK_ROOM_TIMER_MAX) */
#define SKX_SETTLE_MAX 60     /* seconds the next deal waits (table.h's SK_ROOM_SETTLE_MAX) */
#define SKX_HOLD_MAX 30       /* seconds of the hold (table.h's SK_ROOM_HOLD_MAX) */
#define SKX_HOLD_DEFAULT 4    /* ... when create names none (SK_ROOM_HOLD_DEFAULT) */
#define SKX_LOBBY_PAGES_MAX 100000 /* lobby: the highest page number asked for */
#define SKX_SEATS 5           /* seats of a room at most (table.h's SK_ROOM_SEATS) */
#define SKX_BOOK_KEY_HEX 64   /* a book's edit key: 32 bytes as hex */
#define SKX_TABLE_KEY_HEX 32  /* a tournament table's key: 16 bytes as hex */
#define SKX_BOOK_LINE_MAX 1024 /* bytes of a book's line (store.h's SK_STORE_LINE_MAX) */
#define SKX_BOOK_NAMES 16     /* names of a group's roster at most */
#define SKX_BOOK_NAME_MAX 23  /* bytes of a player's name on a sheet (SK_SHEET_NAME - 1) */
#define SKX_SEED_MAX 63       /* bytes of a tournament's published seed (SK_T_SEED - 1) */

enum skx_msg_type {
    SKX_MSG_HELLO = 0,
    SKX_MSG_PING,
    SKX_MSG_LOBBY,
    SKX_MSG_CREATE,
    SKX_MSG_JOIN,
    SKX_MSG_SPECTATE,
    SKX_MSG_LEAVE,
    SKX_MSG_BOT,
    SKX_MSG_DECIDE,
    SKX_MSG_CHAT,
    SKX_MSG_SYNC,
    SKX_MSG_REGISTER,
    SKX_MSG_LOGIN,
    SKX_MSG_LOGOUT,
    SKX_MSG_HISTORY,
    SKX_MSG_PAUSE,
    SKX_MSG_HINT,
    SKX_MSG_CLAIM,
    SKX_MSG_RATE,
    SKX_MSG_BOOK_CREATE,
    SKX_MSG_BOOK_OPEN,
    SKX_MSG_BOOK_CLOSE,
    SKX_MSG_BOOK_LINE,
    SKX_MSG_BOOK_UNDO,
    SKX_MSG_NEXT,
    SKX_MSG_SETTINGS,
    SKX_MSG_NTYPES
};

/* One client message, checked: every string within its cap and free of
 * control characters, every number in range. */
typedef struct skx_msg {
    int type;                     /* enum skx_msg_type */
    char ref[SKX_REF_MAX + 1];    /* optional request id, "" if none */
    char token[SKX_TOKEN_HEX + 1]; /* hello: a token got before, "" if none */
    char name[SKX_NAME_MAX + 1];  /* hello: nickname; register/login: account name
                                   * (3..31 bytes of printable UTF-8, no space at
                                   * either end) */
    char password[SKX_PASSWORD_MAX + 1]; /* register, login: 8..256 bytes */
    char room[SKX_CODE_LEN + 1];  /* a room's invitation code */
    int seat;                     /* join, bot: 0..4 (the room checks its own) */
    char bot[SKX_BOT_MAX + 1];    /* bot: a spec, "" empties the seat */
    char action[SKX_ACTION_MAX + 1]; /* decide: core's action text */
    sk_action act;                /* decide: the action parsed (seat not set) */
    uint64_t seen;                /* decide, claim: the last event number the client saw */
    uint64_t after;               /* sync: resend the events after this one */
    uint32_t game;                /* rate: a finished game of the room, from 1 */
    uint32_t page;                /* lobby: the page asked for, from 0 */
    char text[SKX_CHAT_MAX + 1];  /* chat */
    char title[SKX_TITLE_MAX + 1]; /* create */
    int listed;                   /* create: shown in the lobby */
    char fallback[SKX_BOT_MAX + 1]; /* create: the bot that plays for one who left */
    int timer;                    /* create: seconds per decision, 0 (off) .. 600 */
    int settle;                   /* create, settings: seconds the next deal waits for
                                   * the settlement to be seen, 0..60; -1 not given */
    int play_on;                  /* create, settings: play on with bots while no person
                                   * is connected (1), not (0); -1 not given */
    int watch;                    /* create: the creator watches (1) rather than sits */
    int hold;                     /* create: seconds a window for an offer is held, 0..30 */
    int pause;                    /* pause: for (1) or against (0) a pause */
    int lang;                     /* hello, book_open: 0 German, 1 English, -1 not given */
    /* score keeping (books.c): a book is named by its code like a room */
    char book[SKX_CODE_LEN + 1];  /* book_*: the book's code */
    char key[SKX_BOOK_KEY_HEX + 1]; /* an edit key (64 hex) or a table key (32 hex), "" */
    int kind;                     /* book_create: 1 group, 2 sheet (an evening), 3 tournament */
    int has_rules;                /* create, book_create: "rules" was given */
    char rules_text[SKX_MSG_MAX + 1]; /* create, book_create: its JSON text, read by
                                   * rooms.c and books.c in the connection's language
                                   * (sk_sheet_rules_read) */
    char group[SKX_CODE_LEN + 1]; /* book_create: the group of an evening, "" */
    char names[SKX_BOOK_NAMES][SKX_BOOK_NAME_MAX + 1]; /* book_create: "players" */
    int nnames;
    int first_dealer;             /* book_create: index into names, 0 */
    char seed[SKX_SEED_MAX + 1];  /* book_create: a tournament's published seed */
    char line[SKX_BOOK_LINE_MAX + 1]; /* book_line: the line as typed */
    uint64_t seq;                 /* book_line, book_undo: the book's last line the client saw */
} skx_msg;

/* Parses one client message of `len` bytes.  0, or SK_EINVAL with a
 * message naming what is wrong and where ("join.seat: must be 0..4");
 * m->ref is read first, so a refusal of a JSON object with a valid ref
 * can echo it.
 * Sets *code to the error's kind for the reply ("bad_json",
 * "bad_message"). */
int skx_msg_parse(const char *data, size_t len, skx_msg *m, const char **code, sk_error *err);
/* The "ref" of a message that is not parsed (the rate limit refused
 * it): "" if it has none that a reply may echo. */
void skx_msg_ref(const char *data, size_t len, char out[SKX_REF_MAX + 1]);
/* The 31 letters and digits of invitation codes (no 0/o, 1/l/i). */
const char *skx_code_alphabet(void);
/* The name of a message type ("hello"). */
const char *skx_msg_type_name(int type);

#endif
