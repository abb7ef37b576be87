/*
 * engine.h -- external engines: any program that speaks the line-based
 * engine protocol (docs/engine-protocol.md) on stdin/stdout can sit at
 * the table as a bot, like a UCI engine in chess.
 *
 * engine.c owns the child process (fork/exec of /bin/sh -c COMMAND in
 * its own process group, two pipes, poll() with a time limit, SIGKILL on
 * a timeout); engine_parse.c holds the pure parsers of what an engine
 * writes, so the libFuzzer harness (tests/fuzz/fuzz_engine.c) can include
 * it without the process code.  The table layer's: the arena's match
 * (arena.c, which `schafkopf arena` of src/lab runs) and the server
 * (src/server) seat engines through it.
 */
#ifndef SKX_TABLE_ENGINE_H
#define SKX_TABLE_ENGINE_H

#include "schafkopf/core.h"

#include <stddef.h>

/* The protocol version the arena speaks ("schafkopf-engine 1"). */
#define SKX_ENGINE_PROTOCOL 1
/* Longest line either side may send, newline excluded. */
#define SKX_ENGINE_LINE_MAX 1024

/* Why an engine was given up on; counted per kind in the arena. */
enum skx_engine_fail {
    SKX_ENGINE_OK = 0,
    SKX_ENGINE_FAIL_START,   /* could not start, or no "ready" in time */
    SKX_ENGINE_FAIL_TIMEOUT, /* no answer within the time limit (killed) */
    SKX_ENGINE_FAIL_CRASH,   /* exited or closed its pipes */
    SKX_ENGINE_FAIL_ILLEGAL, /* answered an action that is not on offer */
    SKX_ENGINE_FAIL_GARBAGE, /* answered something that is not an action */
    SKX_ENGINE_NFAIL
};

/* Short name of a failure kind ("timeout"). */
const char *skx_engine_fail_name(int kind);

/* ---- parsers (engine_parse.c; no I/O) ---------------------------- */

/* Kinds of line an engine may write. */
enum skx_engine_line {
    SKX_ELINE_EMPTY = 0, /* nothing but blanks */
    SKX_ELINE_INFO,      /* "info ...": a comment, ignored */
    SKX_ELINE_ID,        /* "id name NAME" / "id author NAME" */
    SKX_ELINE_READY,     /* "ready": the handshake is done */
    SKX_ELINE_OTHER      /* anything else (an answer, or a protocol error) */
};

/*
 * Checks one raw line (without its '\n') in place: strips a trailing
 * '\r' and trailing blanks and rejects control characters, bytes above
 * 126 and NUL.  Returns the new length, or -1 with a reason in `why`.
 */
int skx_engine_clean_line(char *line, size_t len, char *why, size_t whysize);

/* Classifies a cleaned line; for SKX_ELINE_ID with "id name" copies the
 * name into `name` (may be NULL). */
int skx_engine_classify(const char *line, char *name, size_t namesize);

/*
 * Parses an engine's answer (a cleaned line) against the choices on
 * offer: one or two words in the text of sk_action_format ("pass",
 * "bid solo", "declare sauspiel:G", "kontra", "card EO"; card letters in
 * any case).  Returns the index in legal[0..n-1], or -1 with a reason in
 * `why` and *fail set to SKX_ENGINE_FAIL_GARBAGE (not an action) or
 * SKX_ENGINE_FAIL_ILLEGAL (an action not on offer).  `seat` is the seat
 * the answer is for (legal[] carry it).
 */
int skx_engine_parse_reply(const char *line, const sk_action *legal, int n, int seat,
                          int *fail, char *why, size_t whysize);

/* ---- the child process (engine.c) --------------------------------- */

typedef struct skx_engine skx_engine;

/*
 * Starts COMMAND with /bin/sh -c, does the handshake ("schafkopf-engine
 * 1" / "id ..." / "ready") within handshake_ms and sends the ruleset.
 * `time_ms` is the limit of every later decision.  NULL with a reason in
 * `why` when it fails (the child is killed and reaped).
 */
skx_engine *skx_engine_start(const char *command, const sk_rules *rules, int time_ms,
                           int handshake_ms, char *why, size_t whysize);
/* Says "quit", gives the engine a moment to exit, then kills its process
 * group and reaps it.  NULL is fine. */
void skx_engine_free(skx_engine *e);
/* Kills the process group of every engine running now, and of every
 * engine started from now on: what the arena does when SIGINT or SIGTERM
 * stops it, so no engine outlives it.  Thread-safe; not for a signal
 * handler (it takes a lock). */
void skx_engine_kill_all(void);
/* The name the engine gave with "id name", or "". */
const char *skx_engine_id(const skx_engine *e);

/* Announces a new game of `g` to the engine at `seat` (the lines of
 * skx_engine_game_text).  `id` must be opaque: nothing in it or in
 * `seed` may let the engine work out the deal.  0, or a failure kind
 * with a reason. */
int skx_engine_new_game(skx_engine *e, const sk_game *g, int seat, const char *id, uint64_t seed,
                       char *why, size_t whysize);
/* Tells the engine what its seat sees of the action just applied to
 * `g` (the lines of skx_engine_event_text).  0 or a failure kind. */
int skx_engine_event(skx_engine *e, const sk_game *g, char *why, size_t whysize);

/* ---- what an engine is told (engine_lines.c) ------------------------ */

/* The lines that start a game for the engine at `seat`: "game ID dealer
 * D seat S seed N" and "hand ..." with the cards the seat may see (its
 * first packet only while the table lays).  *told receives those cards.
 * Returns the length needed, as snprintf does. */
size_t skx_engine_game_text(const sk_game *g, int seat, const char *id, uint64_t seed,
                           sk_cards *told, char *buf, size_t size);
/* The lines after the last action applied to `g`, as `seat` sees it:
 * "event SEAT ACTION" (a Hochzeit's card only to the two who exchange
 * it), "hand ..." again when the seat's hand changed other than by its
 * own play (*told: the hand it was last told, kept up to date), "trick N
 * winner S points P" when a trick closed, "result ..." at the end.
 * Returns the length needed, as snprintf does. */
size_t skx_engine_event_text(const sk_game *g, int seat, sk_cards *told, char *buf,
                            size_t size);
/* The kind of decision the seat to act in `g` faces, as the "go" line
 * names it: "double" when `offer` >= 0 (a Kontra or Retour offered out
 * of turn), else by the phase: "klopfen", "auction", "declare",
 * "hochzeit" or "card". */
const char *skx_engine_decision_kind(const sk_game *g, int offer);
/*
 * Asks for a decision: "legal ACTION" for each choice, then "go MS kind
 * KIND", with " forced" when there is one choice only.  On success
 * returns 0 and the index of the chosen action in *choice; else a
 * failure kind with a reason (after a timeout the engine's process group
 * has been killed).  "info" lines the engine writes are kept (see
 * skx_engine_take_info).
 */
int skx_engine_decide(skx_engine *e, const sk_action *legal, int n, const char *kind, int *choice,
                     char *why, size_t whysize);
/* The most bytes of info lines kept per engine between two takes; more
 * are dropped and a line "info ... (cut)" says so. */
#define SKX_ENGINE_INFO_MAX (64 * 1024)
/* The "info" lines the engine wrote since the last call (each ending in
 * '\n'), handed over (the caller frees it) and forgotten; NULL when there
 * were none or out of memory.  *len receives the length. */
char *skx_engine_take_info(skx_engine *e, size_t *len);

#endif
