/*
 * schafkopf/tournament.h -- a Preisschafkopf tournament (section 5 of
 * the official rules): registration, stages of 32 games (5.2.1), the
 * seat draw of every stage from the tournament's published seed
 * (5.2.2), a score sheet per table and stage whose games are entered as
 * sk_outcome and priced in tournament points (5.2.7, 5.2.8, 5.2.15),
 * approvals and striking (5.2.14, 5.2.16, 5.2.17), corrections that
 * supersede an entry and keep who, when and why (5.3.4), the cross
 * check of every round (5.3.3), and the standings across stages with
 * the tie-breaks of 5.4.2.  Part of the core library; see
 * docs/tournament.md.
 *
 * Table positions: the players of a table are numbered 0..n-1 in their
 * drawn seat order (n = 4 or 5); position 0 deals first.  Outcomes given
 * to and kept by this module name players by table position, not by
 * game seat: a correction of an earlier deal then cannot move a later
 * deal's players (with five the seats depend on who deals).
 */
#ifndef SCHAFKOPF_TOURNAMENT_H
#define SCHAFKOPF_TOURNAMENT_H

#include "schafkopf/sheet.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SK_T_MAX_PLAYERS 256
#define SK_T_NAME 24
#define SK_T_MAX_STAGES 8
#define SK_T_MAX_TABLES (SK_T_MAX_PLAYERS / 4)
#define SK_T_SEED 64
#define SK_T_WHY 96
#define SK_T_MAX_PRIZES 32
#define SK_T_MAX_ENTRIES 512     /* entries (versions included) per table and stage */
#define SK_T_DRAW_TRIES 256      /* candidate draws searched per stage */

/* How a field not divisible by four is seated (5.2.2). */
enum sk_t_seating {
    SK_T_FIVE = 0,  /* tables of five: the dealer sits out (002) */
    SK_T_BYES = 1   /* tables of four; up to three players sit the stage out */
};

/* A registered player; his start number is his index + 1. */
typedef struct sk_t_player {
    char name[SK_T_NAME];       /* who plays under this number now */
    char replaced[SK_T_NAME];   /* who played under it before a substitute (5.2.11), or "" */
    uint8_t paid;
    uint8_t withdrawn;
    uint8_t first_stage;        /* the first stage he is drawn for (late entries) */
} sk_t_player;

/* One version of one game on a table's sheet. */
typedef struct sk_t_entry {
    sk_outcome outcome;   /* players as table positions */
    int16_t slot;         /* the game's line on the sheet, 0.. */
    int16_t supersedes;   /* the entry this one corrects, or -1 */
    uint8_t approved;     /* the referee approved the game (5.2.14, 5.2.16) */
    uint8_t struck;       /* the referee disallowed it (5.2.17) */
    int64_t at;           /* when (seconds since 1970), as the caller gives it */
    char by[SK_T_NAME];   /* who entered or signed off the change (5.3.4) */
    char why[SK_T_WHY];
} sk_t_entry;

/* A table of a stage: its players in drawn seat order and its sheet. */
typedef struct sk_t_table {
    uint8_t n;                         /* 4 or 5 */
    uint16_t start[5];                 /* start numbers */
    int nentries;
    sk_t_entry entries[SK_T_MAX_ENTRIES];
} sk_t_table;

typedef struct sk_t_stage {
    int ntables;
    sk_t_table *tables;                /* ntables, allocated by the draw */
    int nbyes;
    uint16_t byes[3];                  /* start numbers sitting this stage out */
    uint8_t seating;                   /* enum sk_t_seating */
    int cost;                          /* the draw's cost (docs/tournament.md) */
} sk_t_stage;

typedef struct sk_tournament {
    sk_rules rules;                    /* the tournament preset (stage_games: 5.2.1) */
    char seed[SK_T_SEED];              /* the published seed of the draws */
    int nplayers;
    sk_t_player players[SK_T_MAX_PLAYERS];
    int nstages;
    sk_t_stage stages[SK_T_MAX_STAGES];
    int nprizes;
    int64_t prizes[SK_T_MAX_PRIZES];   /* cents for place 1, 2, ... */
} sk_tournament;

/* A fresh tournament under the tournament preset with the published
 * seed (printable text, 1..63 bytes); SK_EINVAL for a bad seed. */
int sk_t_init(sk_tournament *t, const char *seed, sk_error *err);
/* Frees the tables of every stage. */
void sk_t_free(sk_tournament *t);

/* Registers a player (a late entry once stages are drawn: drawn from
 * the next stage on); returns his start number or SK_EINVAL (a name
 * taken, empty or too long, the field full). */
int sk_t_register(sk_tournament *t, const char *name, bool paid, sk_error *err);
/* Marks a start number paid (or not). */
int sk_t_set_paid(sk_tournament *t, int start, bool paid, sk_error *err);
/* Withdraws a player: drawn for no later stage; his points stay. */
int sk_t_withdraw(sk_tournament *t, int start, sk_error *err);
/* A substitute takes over a player's start number, his place at his
 * table and his points (5.2.11). */
int sk_t_substitute(sk_tournament *t, int start, const char *name, sk_error *err);
/* The start number of a name (any case), 0 if none. */
int sk_t_find(const sk_tournament *t, const char *name);

/* Draws stage `stage` (1 = the next one, nstages + 1) from the seed:
 * paid players not withdrawn, in tables of four and either tables of
 * five or byes, the least costly of SK_T_DRAW_TRIES candidates (repeat
 * opponents, neighbouring start numbers, repeat byes; see
 * docs/tournament.md).  SK_EINVAL if the stage is not the next, the
 * last is not complete, or the field cannot be seated that way. */
int sk_t_draw(sk_tournament *t, int stage, int seating, sk_error *err);
/* The 64-bit seed of stage `stage`'s draw: FNV-1a of "SEED/stage/N". */
uint64_t sk_t_stage_seed(const sk_tournament *t, int stage);

/* The session of a table just before its sheet line `slot` (slot =
 * the number of lines: the next game), as its entries book it; for
 * reading an entry in game seats (sk_session_next sets seat_player). */
int sk_t_session_at(const sk_tournament *t, int stage, int table, int slot, sk_session *s,
                    sk_error *err);

/* Enters the table's next game (a new sheet line): checked and priced
 * by sk_session_book_outcome; refused when the stage's games are all
 * entered.  `approved`: the referee approved it beforehand. */
int sk_t_enter(sk_tournament *t, int stage, int table, const sk_outcome *o, bool approved,
               int64_t at, const char *by, sk_error *err);
/* Corrects sheet line `slot`: a new entry superseding its current one,
 * with who, when and why (5.3.4); the old stays in the trail.  o NULL
 * keeps the outcome and changes only the marks approved / struck. */
int sk_t_correct(sk_tournament *t, int stage, int table, int slot, const sk_outcome *o,
                 bool approved, bool struck, int64_t at, const char *by, const char *why,
                 sk_error *err);

/* A sheet line as it counts now. */
typedef struct sk_t_line {
    int entry;            /* its current entry */
    int versions;         /* how many entries it has had */
    sk_outcome outcome;   /* as entered (players as table positions), first_game set */
    uint8_t solo_number;  /* 1.. for the table's Solos and Wenzen of the stage, 0 else */
    uint8_t needs_approval; /* 5.2.14 (Tout, Sie) or 5.2.16 (from the fifth Solo) */
    uint8_t approved;
    uint8_t struck;       /* disallowed, or not approved though it had to be (5.2.17) */
    uint8_t counts;       /* a game of the stage (not thrown in, not dealt again) */
    uint8_t round;        /* 1.. the round it belongs to (a game per player) */
    uint8_t won;
    int points[5];        /* per table position; 0 when struck */
} sk_t_line;

/* The sheet of a table: its lines in order into `lines` (room for max),
 * returns how many or SK_EINVAL. */
int sk_t_sheet(const sk_tournament *t, int stage, int table, sk_t_line *lines, int max,
               sk_error *err);
/* How many games of the stage the table has entered. */
int sk_t_games(const sk_tournament *t, int stage, int table);

/* A player's standing. */
typedef struct sk_t_standing {
    int start;
    int place;            /* 1.. */
    int points;           /* across every stage (5.4.1) */
    int stage_points[SK_T_MAX_STAGES];
    int sie, tout_won, tout, solo_won, solo;   /* 5.4.2 a-e */
    uint64_t lot;         /* the last tie-break: drawn from the seed, lower first */
    int64_t prize;        /* cents, from the prize table */
} sk_t_standing;

/* The standings of every registered player, best first (5.4.1, 5.4.2):
 * returns how many (nplayers) into out (room for SK_T_MAX_PLAYERS). */
int sk_t_standings(const sk_tournament *t, sk_t_standing *out);

/* Sets the prize of a place (1..SK_T_MAX_PRIZES) in cents. */
int sk_t_set_prize(sk_tournament *t, int place, int64_t cents, sk_error *err);

#ifdef __cplusplus
}
#endif

#endif
