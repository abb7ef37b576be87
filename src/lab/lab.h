/*
 * lab.h -- what the match tools offer the commands: bots measured
 * against each other and against people.  `arena` plays duplicate
 * matches between bots and external engines (arena*.c: options, files,
 * logs, report; the match itself is the table layer's, table/arena.h),
 * `agree` asks a bot every decision of recorded games, `learn` fits the
 * bots' card-play model, (--klopfen) their laying table and (--people)
 * people's bidding, `bench`
 * prints the behaviour signature and speed figures, `selfplay` writes
 * random games.  The room src/lab: it includes the library, the table
 * layer and src/common, never src/cli or src/term.  The arena's parts
 * share lab/arena.h.
 */
#ifndef SKX_LAB_H
#define SKX_LAB_H

#include "common/common.h"

/* Each command: argc/argv start at the command's name; returns the
 * process exit status. */
int skx_cmd_arena(int argc, char **argv);
int skx_cmd_agree(int argc, char **argv);
int skx_cmd_learn(int argc, char **argv);
/* `schafkopf learn --klopfen`: the bots' laying table (learn_klopfen.c). */
int skx_cmd_learn_klopfen(int argc, char **argv);
/* `schafkopf learn --people`: people's bidding, the `people` bot's
 * (learn_people.c). */
int skx_cmd_learn_people(int argc, char **argv);
int skx_cmd_bench(int argc, char **argv);
int skx_cmd_selfplay(int argc, char **argv);

/* Reads one game of the real-games format (tests/data/README.md:
 * contract, hands, tricks; no auction) into a record under `rules`, with
 * the shortest auction that leads to its contract; *first_card is the
 * index of its first card, the first action people chose.  0, or -1
 * with a reason naming the member (realgame.c). */
int skx_cli_realgame(const char *line, size_t len, const sk_rules *rules, sk_record *rec,
                    int *first_card, char *why, size_t size);
/* Reads one line of recorded games -- a game record (it names its
 * "format") or a real game (rules: realrules) -- and replays it into g
 * (the finished game); *first is the first action people chose.  0,
 * or -1 with why ("not a JSON object: ..", "bad record: ..", "neither a
 * game record nor a real game: ..", "action N (ACTION): .."). */
int skx_cli_game_line(const char *line, size_t len, const sk_rules *realrules, sk_record *rec,
                      sk_game *g, int *first, char *why, size_t size);
/* Calls fn for each non-blank line of a stream of games (JSON Lines of
 * at most SK_RECORD_MAX_LINE bytes) until it ends or fn returns non-zero
 * (1: stop, -1: failed after a message).  0, or -1 after a message
 * naming the stream (`name`) and the line (a line too long, a read
 * error) or when fn failed. */
int skx_cli_game_lines(const char *cmd, const char *name, FILE *in,
                       int (*fn)(void *ctx, const char *name, long lineno, const char *line,
                                 size_t len),
                       void *ctx);

#endif
