/*
 * schafkopf/core.h -- the rules engine: cards, rulesets, deals, the game
 * state machine, scoring and game records.
 *
 * Everything here is pure C without global mutable state.  A game is a
 * state machine fed with actions: sk_game_legal() lists what may happen
 * now and sk_game_apply() applies one action or says which rule forbids
 * it.  Records (JSON) are the only I/O of this layer and work on strings.
 * The shortcuts for trusted callers (searches, random playouts) and the
 * random player are in schafkopf/playout.h.
 */
#ifndef SCHAFKOPF_CORE_H
#define SCHAFKOPF_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* C++ programs link the C library: no name mangling. */
#ifdef __cplusplus
extern "C" {
#endif

#define SK_VERSION "0.1.0"

/* ------------------------------------------------------------------ */
/* Errors                                                               */
/* ------------------------------------------------------------------ */

/* Functions return 0 on success and a negative code on failure; the
 * optional sk_error receives a message naming the rule or the input
 * position that caused it. */
enum sk_status {
    SK_OK = 0,
    SK_EINVAL = -1,   /* bad argument or malformed input */
    SK_EILLEGAL = -2, /* an action the rules forbid */
    SK_ESTATE = -3,   /* the action does not fit the game's phase */
    SK_ERANGE = -4,   /* a number out of range */
    SK_ENOMEM = -5,   /* allocation failed */
    SK_EIO = -6       /* input/output error (records, files) */
};

typedef struct sk_error {
    char msg[256];
    const char *rule; /* rule number such as "2.5.4", or NULL */
} sk_error;

/* Writes `s` (its first `n` bytes, or up to its NUL) into `out` (size
 * bytes, always terminated) for quoting input in a message: printable
 * ASCII as it is, '"' and '\\' with a backslash, every other byte (ESC,
 * CR, DEL, UTF-8 bytes) as \xHH.  At most `max` input bytes are quoted;
 * "..." marks a cut (by `max` or by the room in `out`).  Input echoed to
 * a terminal can then never move the cursor or change colours.  Every
 * message that quotes input, in core and in the program, goes through
 * it.  Returns out. */
char *sk_escape(char *out, size_t size, const char *s, size_t n, size_t max);
/* Room for sk_escape of max input bytes without cutting by room. */
#define SK_ESCAPE_SIZE(n) (4 * (n) + 4)
/* The length of the one character at s (n bytes left) if it is valid
 * UTF-8 (no overlong form, surrogate or code point above U+10FFFF) and
 * prints as something one can see: no control (C0, DEL, C1), no format
 * or invisible character (soft hyphen, zero widths, bidirectional
 * marks, overrides and isolates, separators, fillers, variation
 * selectors, byte order mark, tags), no private use, no noncharacter;
 * else 0.  Names (of players, accounts, a sheet's or a tournament's
 * players) pass through it, so a name can never reorder the text around
 * it (U+202E) or look like another name with other bytes. */
size_t sk_utf8_visible(const char *s, size_t n);
/* Whether all n bytes of s are characters sk_utf8_visible accepts. */
bool sk_text_visible(const char *s, size_t n);

/* ------------------------------------------------------------------ */
/* Cards                                                                */
/* ------------------------------------------------------------------ */

/*
 * A card is an index 0..31: suit * 8 + rank.  Suits are E (Eichel,
 * acorns), G (Gras, leaves), H (Herz, hearts), S (Schellen, bells); ranks
 * A (Sau), Z (ten), K, O (Ober), U (Unter), 9, 8, 7.  A set of cards is
 * a 32-bit mask with bit `card` set, so hands, tricks and trump sets
 * are plain integers and legality is a few ANDs.
 */
typedef uint32_t sk_cards;

enum sk_suit { SK_EICHEL = 0, SK_GRAS = 1, SK_HERZ = 2, SK_SCHELLEN = 3 };
enum sk_rank {
    SK_ASS = 0,
    SK_ZEHN = 1,
    SK_KOENIG = 2,
    SK_OBER = 3,
    SK_UNTER = 4,
    SK_NEUN = 5,
    SK_ACHT = 6,
    SK_SIEBEN = 7
};

#define SK_NSEATS 4
#define SK_NCARDS 32
#define SK_NTRICKS 8
#define SK_NOCARD 255
#define SK_NOSEAT 255
#define SK_CARD(suit, rank) ((uint8_t)((suit) * 8 + (rank)))
#define SK_SUIT_OF(card) ((card) >> 3)
#define SK_RANK_OF(card) ((card) & 7)
#define SK_BIT(card) ((sk_cards)1u << (card))
#define SK_ALL_CARDS 0xffffffffu
#define SK_SUIT_MASK(suit) ((sk_cards)0xffu << ((suit) * 8))
#define SK_RANK_MASK(rank) ((sk_cards)0x01010101u << (rank))

/* Card points (1.2.3): A 11, Z 10, K 4, O 3, U 2, 9/8/7 nothing. */
int sk_card_points(int card);
/* The card points of a set; a full deck has 120 (1.2.4). */
int sk_cards_points(sk_cards set);
int sk_cards_count(sk_cards set);
/* Lowest card index in a non-empty set. */
int sk_cards_first(sk_cards set);
/* The k-th lowest card of a set, 0 <= k < its size (the k-th set bit). */
int sk_cards_nth(sk_cards set, unsigned k);
/* Notation of a card ("EO"); "??" for an invalid index. */
const char *sk_card_name(int card);
/* Parses two characters of card notation (case-insensitive); returns the
 * card or SK_EINVAL. */
int sk_card_parse(const char *s);
/* Writes a set as "EO GU HA" (ascending index order) into buf; returns
 * the length it needed. */
size_t sk_cards_format(sk_cards set, char *buf, size_t size);
/* Parses cards separated by spaces or commas; 0 or SK_EINVAL. */
int sk_cards_parse(const char *s, sk_cards *out, sk_error *err);

/* Suit letters and names, German by default. */
char sk_suit_letter(int suit);
const char *sk_suit_name(int suit);

/* ------------------------------------------------------------------ */
/* Contracts                                                            */
/* ------------------------------------------------------------------ */

enum sk_contract_type {
    SK_C_NONE = 0,
    SK_C_SAUSPIEL = 1, /* Rufspiel: hearts trump, a called ace (2.5) */
    SK_C_SOLO = 2,     /* Farbsolo in `suit` (2.6) */
    SK_C_WENZ = 3,     /* only the Unters trump (2.7) */
    SK_C_SIE = 4,      /* all Obers and Unters in one hand (2.9) */
    SK_C_GEIER = 5,    /* only the Obers trump (002 "Geier") */
    SK_C_FARBWENZ = 6, /* the Unters and `suit` trump (001 "Suit Wenz") */
    SK_C_FARBGEIER = 7, /* the Obers and `suit` trump (002) */
    SK_C_BETTEL = 8,   /* no trumps, the declarer takes no trick (002) */
    SK_C_BETTEL_OUVERT = 9, /* Bettel with the declarer's hand shown */
    SK_C_RAMSCH = 10,  /* all passed: each for himself, most points lose */
    SK_C_HOCHZEIT = 11, /* one trump offered; who takes it is the partner (002) */
    SK_C_NTYPES
};

/* A contract as declared.  `suit`: the called ace's suit (Sauspiel; in a
 * Muss whose declarer holds that Sau, its Ten, or its King if he holds
 * the Ten too -- see docs/rules.md) or
 * the trump suit (Solo, Farbwenz, Farbgeier); SK_NOSUIT otherwise.
 * `tout`: the declarer announced to take every trick (2.8). */
typedef struct sk_contract {
    uint8_t type;
    uint8_t suit;
    uint8_t tout;
} sk_contract;
#define SK_NOSUIT 255

/* Long name ("Sauspiel mit der Gras-Sau", "Herz-Solo Tout", "Wenz"). */
size_t sk_contract_name(sk_contract c, char *buf, size_t size);
/* The same in English ("Sauspiel calling the Leaves Ace", "Hearts Solo
 * Tout", "Wenz"): what the terminal and the score sheets say in English. */
size_t sk_contract_name_en(sk_contract c, char *buf, size_t size);
/* Short code used in records and on the command line: "sauspiel:G",
 * "solo:H", "solo:E:tout", "wenz", "wenz:tout", "sie", "geier",
 * "farbwenz:H", "farbgeier:S:tout", "bettel", "bettel:ouvert", "ramsch". */
size_t sk_contract_code(sk_contract c, char *buf, size_t size);
int sk_contract_parse(const char *s, sk_contract *out, sk_error *err);
/* What naming contract `c` requires of the declarer's hand: one card of
 * the set returned (0: no such need) -- a plain card of the called suit
 * (2.5.3; none in a Muss, 002), of the trump suit that is no Ober or
 * Unter (2.6.4), no Unter in a Farbwenz, no Ober in a Farbgeier.  The
 * auction checks it, and deal samplers draw hands that meet it. */
sk_cards sk_contract_needs(sk_contract c, bool muss);
/* Contract class code for a bid ("sauspiel", "solo", "wenz:tout"). */
size_t sk_contract_class_code(sk_contract c, char *buf, size_t size);

/*
 * The card order of a contract.  Trumps get a power of 64 + their rank
 * from the bottom (the highest trump has the highest power); other cards
 * get 1 + their rank within their suit.  `follow[card]` is the set a
 * player must follow with when `card` is led: all trumps if it is a
 * trump, else the non-trump cards of its suit.
 */
typedef struct sk_order {
    sk_cards trumps;
    sk_cards follow[SK_NCARDS];
    uint8_t power[SK_NCARDS];
    uint8_t trump_seq[SK_NCARDS]; /* trumps from highest to lowest */
    uint8_t ntrumps;
} sk_order;

/* Fills the order of a contract (1.2.5, 2.5.6, 2.6.6, 2.7). */
void sk_order_init(sk_order *o, sk_contract c);
/* The same for a deck with fewer cards: the trump sequence (and so the
 * Laufende) skips the cards that are not in `deck`. */
void sk_order_init_deck(sk_order *o, sk_contract c, sk_cards deck);
/* The seat offset (0..3 from the leader) of the winning card of a full
 * trick `cards` (in play order) (3.1.2). */
int sk_order_trick_winner(const sk_order *o, const uint8_t cards[4]);
/* The same for a trick of n cards (three at a table of three). */
int sk_order_trick_winner_n(const sk_order *o, const uint8_t *cards, int n);

/* ------------------------------------------------------------------ */
/* Rulesets                                                             */
/* ------------------------------------------------------------------ */

enum sk_deal_mode { SK_DEAL_4_4 = 0, SK_DEAL_2_2_2_2 = 1 };
enum sk_deck_kind {
    SK_DECK_LONG = 0,  /* 32 cards, 8 each (1.2) */
    SK_DECK_SHORT = 1, /* 24 cards without 7s and 8s, 6 each, dealt 3+3 (002) */
    SK_DECK_20 = 2     /* 20 cards without 9s, 8s, 7s, 5 each, dealt 3+2 (002) */
};
enum sk_allpass_mode {
    SK_ALLPASS_NEXT_DEALER = 0, /* thrown in, the next seat deals (2.4.13) */
    SK_ALLPASS_SAME_DEALER = 1, /* thrown in, the same dealer again (5.2.5) */
    SK_ALLPASS_RAMSCH = 2,      /* a Ramsch is played (002) */
    SK_ALLPASS_MUSS = 3,        /* the Eichel-Ober must play (002 "Muss") */
    SK_ALLPASS_KREUZBOCK = 4    /* the pairs across play it together (003) */
};
enum sk_stock_mode {
    SK_STOCK_OFF = 0,
    SK_STOCK_DECLARER = 1, /* the declarer alone wins or doubles the pot (002, 003) */
    SK_STOCK_SIDE = 2      /* the declarer's side does (002 "Stock") */
};
enum sk_klopfen_mode {
    SK_KLOPF_OFF = 0,      /* no laying */
    SK_KLOPF_ALL = 1,      /* every seat in turn may lay ("durcheinander") */
    SK_KLOPF_CHAIN = 2,    /* only after the seat before laid ("nacheinander") */
    SK_KLOPF_FOREHAND = 3, /* only forehand may lay */
    SK_KLOPF_ONE = 4       /* only one seat may lay, the first who wants */
};
enum sk_kontra_timing {
    SK_KONTRA_FIRST_CARD = 0, /* while at most the opening lead lies (3.3.2) */
    SK_KONTRA_BEFORE_PLAY = 1, /* before the first card */
    SK_KONTRA_OWN_CARD = 2    /* "Kontra with eight cards": before one's own first card */
};
enum sk_ranking {
    SK_RANK_OFFICIAL = 0, /* 2.4.4, the variants placed as 002 groups them */
    SK_RANK_CARDGAME = 1, /* 001: Suit Wenz below Wenz, Suit Wenz Tout below Wenz Tout */
    SK_RANK_ONLINE = 2    /* Tout above all; Solo > Wenz > Geier > Farbwenz > Farbgeier */
};
enum sk_laufende_count { SK_LAUF_ALL = 0, SK_LAUF_ABOVE_MIN = 1 };
enum sk_score_kind {
    SK_SCORE_MONEY = 0, /* the table plays for money (4.2); points are a side figure */
    SK_SCORE_POINTS = 1 /* a tournament table: tournament points only (5.2.7, 5.2.8) */
};

/*
 * Tables a ruleset implies for the auction, kept in the ruleset so that
 * a game need not rebuild them at every deal (see sk_rules_refresh).
 * Internal to the engine: the class indices are those of its bid-class
 * list (src/core/classes.c).
 */
typedef struct sk_rules_derived {
    uint64_t key[3];          /* the options they were computed from, salted */
    int8_t rank[SK_C_NTYPES][2]; /* auction rank by type and Tout (2.4.4) */
    int8_t class_rank[16];    /* rank of each bid class */
    uint16_t allowed[2];      /* bid classes allowed, a bit each; [1]: in a first game */
    int8_t lowest[2];         /* the lowest rank allowed: what "ich spiele" claims */
    uint8_t nby_rank[2];      /* how many classes are allowed */
    uint8_t by_rank[2][16];   /* the allowed classes from the highest rank down */
} sk_rules_derived;

/*
 * A ruleset: every option players agree on before they sit down.  The
 * preset `official` is the Schafkopfschule's rules.  Money rates are in
 * units; one unit is `unit_cents` cents.  See `schafkopf rules` and
 * docs/rules.md for every option and its meaning.
 */
typedef struct sk_rules {
    char preset[24];
    /* table and dealing */
    uint8_t players;        /* 4; 5 with the dealer sitting out; 3 with short cards (002) */
    uint8_t deck;           /* enum sk_deck_kind */
    uint8_t deal_mode;      /* enum sk_deal_mode (2.3.1 / 5.2.3), long deck */
    uint8_t all_pass;       /* enum sk_allpass_mode (2.4.13 / 5.2.5) */
    /* contracts */
    uint8_t allow_solo;
    uint8_t allow_wenz;
    uint8_t allow_tout;
    uint8_t allow_sie;
    uint8_t sie_first_game; /* a Sie counts in a session's first game (2.9.1) */
    uint8_t first_game_limits; /* first game: no Tout, a Solo Schwarz rated plain (5.2.15) */
    uint8_t stage_games;    /* games of a stage (5.2.1: 32), each stage with its first game;
                             * 0: the session is one stage */
    uint8_t allow_geier;
    uint8_t allow_farbwenz;
    uint8_t allow_farbgeier;
    uint8_t allow_bettel;
    uint8_t allow_bettel_ouvert;
    uint8_t allow_hochzeit;
    uint8_t hochzeit_after_pass; /* a Hochzeit only once all passed (002) */
    uint8_t bauernhochzeit; /* two trumps may be offered too, two cards exchanged (002) */
    uint8_t bettel_stichzwang; /* in a Bettel every player must beat if he can */
    uint8_t bettel_open_at_once; /* a Bettel Brett hand is shown before the lead, not after trick 1 */
    uint8_t ranking;        /* enum sk_ranking */
    uint8_t ramsch_jungfrau; /* each player without a trick doubles a Ramsch */
    uint8_t ramsch_durchmarsch; /* taking every trick in a Ramsch wins it */
    uint8_t ramsch_schieben; /* Schieberamsch: tricks passed clockwise, fewest points win (002) */
    /* doubling (3.3, 5.2.4) */
    uint8_t kontra_max;     /* doublings allowed: 0 none, 1 Kontra, 2 +Retour... */
    uint8_t retour_by_partner; /* the called partner may give Retour */
    uint8_t kontra_timing;  /* enum sk_kontra_timing */
    uint8_t answer_one_card_later; /* Re etc. up to one card after the doubling (002) */
    uint8_t klopfen;        /* enum sk_klopfen_mode (002 "Laying") */
    /* money (4.2) */
    int32_t unit_cents;
    int32_t rate_sauspiel;
    int32_t rate_solo;
    int32_t rate_wenz;
    int32_t rate_laufende;
    int32_t rate_schneider;
    int32_t rate_schwarz;   /* extra for Schwarz, replacing Schneider's */
    int32_t tout_factor;
    int32_t sie_factor;
    int32_t rate_geier;
    int32_t rate_farbwenz;
    int32_t rate_farbgeier;
    int32_t rate_bettel;
    int32_t bettel_ouvert_factor;
    int32_t rate_ramsch;        /* each loser pays each other player */
    int32_t rate_durchmarsch;   /* the sweeper gets from each other player */
    int32_t rate_hochzeit;      /* a Hochzeit, often a doubled Sauspiel (002) */
    uint8_t laufende_min;       /* Sauspiel and Solo (4.2.2) */
    uint8_t laufende_min_wenz;  /* Wenz (4.2.2) */
    uint8_t laufende_min_geier; /* Geier */
    uint8_t laufende_min_farbwenz; /* Farbwenz and Farbgeier */
    uint8_t laufende_count;     /* enum sk_laufende_count */
    uint8_t laufende_max;       /* most Laufende paid, 0 for no cap */
    uint8_t schneider_solo;     /* Schneider/Schwarz scored in Solo-type games */
    uint8_t schneider_wenz;     /* ... and in a Wenz or Geier (with schneider_solo) */
    uint8_t schneider_sauspiel; /* ... in partner games */
    /* tournament points (5.2.7) */
    uint8_t tournament_kontra;  /* tournament points double with Kontra and lays (our decision) */
    uint8_t score;              /* enum sk_score_kind: what the table plays for */
    /* sessions: Bock rounds, Stock, Kreuzbock rounds (002) */
    uint8_t bock_games;         /* games doubled per Bock trigger, 0 = no Bock */
    uint8_t bock_on_throw_in;
    uint8_t bock_on_lost_solo;
    uint8_t bock_on_schwarz;
    uint8_t bock_on_retour;
    uint8_t stock;              /* enum sk_stock_mode */
    int32_t stock_rate;         /* units each player pays into the pot on a throw-in */
    uint8_t kreuzbock_on_throw_in; /* a throw-in starts a round of Kreuzbock games */
    /* Derived from the options above; the functions below that change a
     * ruleset keep it up to date, sk_rules_refresh() after assigning
     * fields directly.  A game checks it against the options and
     * recomputes it when it is stale, so forgetting costs only time. */
    sk_rules_derived derived;
} sk_rules;

/* Fills `r` with a named preset ("official", "tournament", "sauspiel"); 0 or
 * SK_EINVAL naming the unknown preset. */
int sk_rules_preset(sk_rules *r, const char *name, sk_error *err);
/* Names of the presets, NULL-terminated. */
const char *const *sk_rules_preset_names(void);
/* Sets one option from text ("kontra_max", "2"); an unknown key or a bad
 * value is an error that names it. */
int sk_rules_set(sk_rules *r, const char *key, const char *value, sk_error *err);
/* Applies "key=value". */
int sk_rules_set_pair(sk_rules *r, const char *pair, sk_error *err);
/* Caps on ruleset text: a line (comments included) and a whole file. */
#define SK_RULES_MAX_LINE 1024
#define SK_RULES_MAX_FILE (64 * 1024)
/* Reads a ruleset file's text: "key = value" lines, '#' comments, an
 * optional "preset = NAME" first.  The result must pass sk_rules_validate.
 * Errors name the line; on error r is left unchanged.  The text ends at
 * its NUL: sk_rules_parse_len reads files. */
int sk_rules_parse(sk_rules *r, const char *text, sk_error *err);
/* Flags of sk_rules_parse_len. */
enum { SK_RULES_NO_PRESET = 1 /* a "preset" line is an error: options came before */ };
/* Reads `len` bytes of ruleset text as sk_rules_parse does, refusing
 * what a file may hide: a NUL byte (the error names line and byte), a
 * line longer than SK_RULES_MAX_LINE, text longer than SK_RULES_MAX_FILE;
 * with SK_RULES_NO_PRESET also a preset line. */
int sk_rules_parse_len(sk_rules *r, const char *text, size_t len, unsigned flags,
                       sk_error *err);
/* Checks the options against each other: SK_EINVAL with a message naming
 * the conflicting options when no game could be played under r, or when
 * an option would silently not apply (players = 3 with no Solo and no
 * Wenz; with a Muss or Kreuzbock, which need four; with deck = 20).  One
 * rule for every entry point: files, records and the command line check
 * a ruleset once all its options are set.  sk_rules_set checks one option
 * alone, since the options in between may conflict. */
int sk_rules_validate(const sk_rules *r, sk_error *err);
/* Recomputes the tables a ruleset derives from its options (its
 * `derived` member).  sk_rules_preset, sk_rules_set, sk_rules_set_pair,
 * sk_rules_parse and sk_rules_from_json do it themselves; call it after
 * changing fields directly, or games under the ruleset compute the
 * tables at every deal (correct, but slower). */
void sk_rules_refresh(sk_rules *r);
/* Whether r's derived tables are those of its options now. */
bool sk_rules_fresh(const sk_rules *r);
/* Writes the ruleset as a file (every option); returns length needed. */
size_t sk_rules_format(const sk_rules *r, char *buf, size_t size);
/* Writes only the options that differ from the preset named in
 * r->preset as "key=value" lines; returns length needed. */
size_t sk_rules_format_overrides(const sk_rules *r, char *buf, size_t size);

/* Option metadata, for `schafkopf rules` and UIs. */
typedef struct sk_rule_option {
    const char *key;
    const char *meaning;
    const char *values; /* e.g. "0..8", "4+4|2+2+2+2" */
} sk_rule_option;
size_t sk_rules_option_count(void);
const sk_rule_option *sk_rules_option(size_t i);
/* Text of the current value of option `key` (or "preset"), as
 * sk_rules_set accepts it; writes "" and returns 0 for an unknown key. */
size_t sk_rules_get(const sk_rules *r, const char *key, char *buf, size_t size);

/* Auction rank of a contract class (2.4.4): higher wins; equal ranks go
 * to the earlier seat.  Uses type and tout only. */
int sk_rules_contract_rank(const sk_rules *r, sk_contract c);
/* The ranks of every contract type, plain and Tout, at once. */
void sk_rules_rank_table(const sk_rules *r, int8_t out[SK_C_NTYPES][2]);
/* Base rate in units of a contract class (4.2.4). */
int sk_rules_base_rate(const sk_rules *r, sk_contract c);

/* ------------------------------------------------------------------ */
/* Random numbers and deals                                             */
/* ------------------------------------------------------------------ */

/* A small fast generator (xoshiro256**), seeded by splitmix64. */
typedef struct sk_rng {
    uint64_t s[4];
} sk_rng;

void sk_rng_seed(sk_rng *rng, uint64_t seed);
/* Seeds from the operating system's random source; 0 or SK_EIO. */
int sk_rng_seed_os(sk_rng *rng);
/* The next 64 random bits (xoshiro256**). */
uint64_t sk_rng_next(sk_rng *rng);
/* Uniform integer in [0, n), n > 0, without modulo bias. */
uint32_t sk_rng_below(sk_rng *rng, uint32_t n);
/* splitmix64's step: a well-mixed 64-bit value of any input, for the
 * seeds of games, seats and decisions derived from one seed. */
uint64_t sk_rng_mix(uint64_t x);

/* The 32 cards in dealing order: deck[0] is dealt first. */
typedef struct sk_deck {
    uint8_t cards[SK_NCARDS];
    uint8_t ncards; /* 32, 24 or 20 */
    uint8_t nseats; /* players the deck is dealt to: 4, or 3 (0 means 4) */
} sk_deck;

/* The cards of a deck kind, and the cards each of four players holds. */
sk_cards sk_deck_cards(enum sk_deck_kind kind);
int sk_deck_hand_size(enum sk_deck_kind kind);
/* For a ruleset: seats at the table in one game (3 or 4; five players
 * play four at a time), the cards in play (three players always play
 * short cards, 002) and the cards in each hand. */
int sk_rules_seats(const sk_rules *r);
sk_cards sk_rules_deck(const sk_rules *r);
int sk_rules_hand_size(const sk_rules *r);

void sk_deck_shuffle(sk_deck *d, sk_rng *rng);
/* Shuffles the cards of a deck kind (sk_deck_shuffle for the long one). */
void sk_deck_shuffle_kind(sk_deck *d, enum sk_deck_kind kind, sk_rng *rng);
/* Shuffles the deck a ruleset plays with, for its number of seats. */
void sk_deck_shuffle_rules(sk_deck *d, const sk_rules *r, sk_rng *rng);
/* Deals a deck clockwise from forehand, (dealer+1)%4: two packets of
 * four (2.3.1) or four packets of two (5.2.3); a short deck 3+3, a
 * 20-card deck 3+2.  hands[seat] receives its cards in the order dealt,
 * the unused places SK_NOCARD. */
void sk_deck_deal(const sk_deck *d, int dealer, enum sk_deal_mode mode, uint8_t hands[4][8]);

/* ------------------------------------------------------------------ */
/* Actions                                                              */
/* ------------------------------------------------------------------ */

enum sk_action_type {
    SK_ACT_PASS = 0,    /* "weiter" / "ist recht": no bid, or yield a duel */
    SK_ACT_BID = 1,     /* claim a game of at least class `contract` */
    SK_ACT_DECLARE = 2, /* the declarer names the contract (2.4.12) */
    SK_ACT_KONTRA = 3,  /* a doubling by the defenders (Kontra, Sub...) */
    SK_ACT_RETOUR = 4,  /* a doubling by the declarer's side (Retour...) */
    SK_ACT_CARD = 5,    /* play `card` */
    SK_ACT_KLOPFEN = 6, /* lay / double after the first packet (002) */
    SK_ACT_ACCEPT = 7   /* take a Hochzeit, giving `card` (a non-trump) in exchange */
};

typedef struct sk_action {
    uint8_t type;
    uint8_t seat;
    uint8_t card;         /* SK_ACT_CARD */
    sk_contract contract; /* SK_ACT_BID (class) and SK_ACT_DECLARE */
    uint8_t reserved[2];  /* zero; keeps the struct 8 bytes for speed */
} sk_action;
#ifdef __cplusplus
static_assert(sizeof(sk_action) == 8, "sk_action is 8 bytes");
#else
_Static_assert(sizeof(sk_action) == 8, "sk_action is 8 bytes");
#endif

/* Builds an action. */
sk_action sk_action_make(enum sk_action_type type, int seat, int card, sk_contract c);
/* The actions of one kind: no bid, a bid of a class, a declaration, a
 * doubling (SK_ACT_KONTRA or SK_ACT_RETOUR), a card. */
sk_action sk_act_pass(int seat);
sk_action sk_act_bid(int seat, sk_contract cls);
sk_action sk_act_declare(int seat, sk_contract c);
sk_action sk_act_double(int seat, enum sk_action_type type);
sk_action sk_act_card(int seat, int card);

/* "pass", "bid solo", "declare sauspiel:G", "kontra", "retour", "card EO". */
size_t sk_action_format(sk_action a, char *buf, size_t size);
/* Parses the text of sk_action_format (seat set by the caller). */
int sk_action_parse(const char *s, sk_action *out, sk_error *err);
bool sk_action_equal(sk_action a, sk_action b);

/* ------------------------------------------------------------------ */
/* The game                                                             */
/* ------------------------------------------------------------------ */

enum sk_phase {
    SK_PHASE_AUCTION = 0, /* 2.4: seats speak in turn */
    SK_PHASE_DECLARE = 1, /* the declarer names the contract */
    SK_PHASE_PLAY = 2,    /* 3.1: eight tricks */
    SK_PHASE_DONE = 3,    /* finished (played out, Sie, or thrown in) */
    SK_PHASE_KLOPFEN = 4, /* 002 "Laying": after the first packet, before the auction */
    SK_PHASE_HOCHZEIT = 5 /* a Hochzeit is offered; seats after the declarer answer */
};

#define SK_MAX_ACTIONS 96
#define SK_MAX_LEGAL 64

/*
 * sk_public: what every seat at the table knows.
 *
 * A game keeps it next to the hidden hands (sk_game); a view (sk_view)
 * is a copy of it with one seat's hand, made by sk_game_view, which is
 * also what decides what a seat may see (docs/architecture.md).  Three
 * kinds of field live here:
 *
 * - Facts of the table: the dealer, the phase, whose turn it is, the
 *   auction's bids, the contract and declarer, the doublings and who gave
 *   them, every card played and who took which trick (`actions` is the
 *   whole history; everything else could be replayed from it).
 * - Caches of the ruleset and of the contract, kept here so the play
 *   loop need not look further: `rank`, `class_rank`, `classes_allowed`,
 *   `lowest_rank` (from the ruleset's derived tables), `order` (the card
 *   order of the contract), `shown_void`, `played`, `won` (from the
 *   tricks).  They are public because their inputs are.
 * - Fields the game knows before the table does, which sk_game_view
 *   hides from a seat that may not know them: in `actions`, the card a
 *   Hochzeit's taker passes face down (only he and the declarer see it);
 *   `ran_away` while the trick of the running away is on the table (only
 *   the holder of the called ace knows it then, 2.5.4).  The called ace's
 *   holder is not here at all while hidden: `partner` is set once the ace
 *   is played (or a Hochzeit taken); the truth is sk_game.partner.
 */
typedef struct sk_public {
    uint8_t dealer;
    uint8_t phase;
    uint8_t to_move;        /* seat to act (SK_NOSEAT when done) */
    uint8_t first_game;     /* first game of a session (2.9.1) */
    int8_t rank[SK_C_NTYPES][2]; /* auction rank by type and tout (2.4.4) */
    int8_t lowest_rank;     /* rank of the opening "ich spiele" */
    uint8_t ntricks;        /* tricks in the game: 8, 6 (short deck) or 5 */
    uint8_t nseats;         /* seats in play: 4, or 3 (seat 3 is then empty) */
    int8_t class_rank[16];  /* rank of each bid class (the engine's list, classes.c) */
    uint16_t classes_allowed; /* bid classes the ruleset allows, a bit each */
    uint8_t open_seat;      /* a Bettel ouvert declarer once his hand is shown */
    uint8_t stichzwang;     /* every player must beat if he can (Bettel option) */
    uint8_t muss;           /* a Muss game: all passed, the Eichel-Ober plays (002) */
    uint8_t bock;           /* Bock level set by the session: money x 2^bock */
    uint8_t kreuzbock;      /* a Kreuzbock game: partners across (002, 003) */
    uint8_t kreuzbock_round; /* part of a Kreuzbock round: no auction (002) */
    uint8_t hochzeit_round; /* the round after all passed, for a Hochzeit (option) */
    uint8_t offer_spoken;   /* seats that answered a Hochzeit offer */
    uint8_t hochzeit_cards; /* trumps offered in a Hochzeit: 1, or 2 (Bauernhochzeit, 002) */
    uint8_t hochzeit_given; /* cards the taker has given for them so far */
    uint8_t laid;           /* how many seats laid (Klopfen), each doubles */
    uint8_t klopf_spoken;   /* seats that have spoken in the laying round */
    /* auction (2.4) */
    uint8_t speaker;        /* next seat of the opening round to speak */
    uint8_t spoken;         /* how many seats have spoken in the round */
    uint8_t holder;         /* seat that currently holds the right to play */
    uint8_t challenger;     /* seat in a duel with the holder, or NOSEAT */
    sk_contract holder_bid;     /* class the holder has claimed */
    sk_contract challenger_bid; /* class the challenger has claimed */
    /* contract */
    sk_contract contract;
    uint8_t declarer;
    uint8_t partner;        /* known partner (NOSEAT while hidden) */
    uint8_t called_ace;     /* card, or SK_NOCARD */
    uint8_t called_led;     /* the called suit has been led (2.5.4/2.5.5) */
    uint8_t ran_away;       /* the partner ran away (2.5.4) */
    uint8_t doublings;      /* Kontra, Retour, ... given so far */
    uint8_t last_doubler_side; /* 0 defenders, 1 declarer side */
    uint8_t kontra_seat[8]; /* who gave each doubling */
    uint8_t double_at;      /* cards on the table when the last doubling came */
    /* play */
    uint8_t trick_no;       /* 0..8 */
    uint8_t trick_leader;
    uint8_t trick_len;
    uint8_t trick[4];       /* cards of the current trick in play order */
    uint8_t trick_winners[SK_NTRICKS];
    uint8_t tricks[SK_NTRICKS][4];   /* cards of finished tricks in play order */
    uint8_t trick_leaders[SK_NTRICKS];
    sk_cards played;        /* every card played so far */
    sk_cards won[SK_NSEATS];    /* cards taken per seat */
    sk_cards shown_void[SK_NSEATS]; /* follow sets a seat showed void in */
    sk_order order;
    /* history */
    uint16_t nactions;
    sk_action actions[SK_MAX_ACTIONS];
} sk_public;

/*
 * A game: the public state and what only the engine knows.  Callers read
 * it (the tests and the analysis tools read everything); they change it
 * only through sk_game_apply, and build one only with sk_game_init,
 * sk_game_deal or sk_game_from_view.  `partner`, `best_rank`, `legal`
 * and `legal_hand` are the engine's own: the hidden truth and caches
 * that the play loop keeps consistent.
 */
typedef struct sk_game {
    const sk_rules *rules; /* not owned; must outlive the game */
    sk_cards hands[SK_NSEATS];    /* cards in hand now */
    uint8_t dealt[SK_NSEATS][8];  /* the hands in the order dealt */
    uint8_t partner;              /* holder of the called ace (hidden) */
    int8_t best_rank[SK_NSEATS];  /* highest class rank each hand can play */
    /* The legal cards of the seat to move, computed once per move for
     * the play loop; valid while that seat's hand equals legal_hand (a
     * game whose hands are replaced, as by deal sampling, stays right). */
    sk_cards legal;
    sk_cards legal_hand;
    sk_public pub;
} sk_game;

/* What one seat may know: the public state and its own hand. */
typedef struct sk_view {
    const sk_rules *rules;
    uint8_t seat;
    sk_cards hand;
    sk_cards open_hand;     /* the shown hand of pub.open_seat (Bettel ouvert) */
    uint8_t dealt[8];
    sk_public pub;
} sk_view;

/* Starts a game from the dealt hands.  `first_game`: the first game of a
 * session (a Sie does not count there, 2.9.1).  Fails when the hands are
 * not a partition of the 32 cards. */
int sk_game_init(sk_game *g, const sk_rules *rules, int dealer,
                 const uint8_t hands[4][8], bool first_game, sk_error *err);
/* Marks a freshly started game as part of Bock rounds (its money
 * doubles `bock` times, 0..8) and/or a Kreuzbock round (002: no auction,
 * the pairs across play together).  Only before any action. */
int sk_game_set_round(sk_game *g, int bock, bool kreuzbock, sk_error *err);
/* Shuffles and deals with `rng`, then sk_game_init. */
void sk_game_deal(sk_game *g, const sk_rules *rules, int dealer, sk_rng *rng,
                  bool first_game);

/* Lists every action allowed now, for every seat (Kontra and Retour may
 * be given out of turn); returns the count (<= SK_MAX_LEGAL). */
int sk_game_legal(const sk_game *g, sk_action *out);
/* Applies an action or returns SK_EILLEGAL/SK_ESTATE with a message that
 * names the seat, the action and the rule that forbids it. */
int sk_game_apply(sk_game *g, sk_action a, sk_error *err);
/* The cards `seat` may play now (0 if it is not that seat's turn). */
sk_cards sk_game_legal_cards(const sk_game *g);
/* The cards a hand would be allowed to play in the public state `p` of
 * the play (3.2, the called-ace rules of 2.5, Stichzwang): for asking
 * what a seat could have played from a hand it might have held. */
sk_cards sk_public_legal_cards(const sk_public *p, sk_cards hand);
static inline bool sk_game_over(const sk_game *g)
{
    return g->pub.phase == SK_PHASE_DONE;
}
/* Legal actions of the view's own seat. */
int sk_view_legal(const sk_view *v, sk_action *out);
/* Whether the view's seat, were it the declarer now, could name the
 * contract `c`: its class allowed in this game and the hand fitting it
 * (a callable ace 2.5.1/2.5.3, a plain trump 2.6.4, the lords of a Sie
 * 2.9.1).  What a bid commits a hand to, for the bidding menus. */
bool sk_view_may_declare(const sk_view *v, sk_contract c);

/* ------------------------------------------------------------------ */
/* Who decides next, in and out of turn (turn.c)                        */
/* ------------------------------------------------------------------ */

/*
 * Kontra and Retour may be given out of turn (3.3).  Drivers -- the
 * terminal game, the arena, the server -- ask for them in one order:
 * before each action, every seat that may double now is offered it
 * once, from the seat to move on clockwise; a decline holds until the
 * next action, a doubling opens a new round.  Everything else is asked
 * of pub.to_move.
 */
typedef struct sk_turn {
    uint16_t at;      /* pub.nactions when the declines were noted */
    uint8_t declined; /* seats that declined a doubling since, a bit each */
} sk_turn;

/* Starts the asking for a new game. */
void sk_turn_init(sk_turn *t);
/* Who decides next: returns the seat and sets *offer to SK_ACT_KONTRA or
 * SK_ACT_RETOUR when it is offered that doubling out of turn (it answers
 * with the doubling or declines, sk_turn_decline), else to -1: the seat
 * to move chooses among its legal actions.  SK_NOSEAT when the game is
 * over. */
int sk_turn_next(sk_turn *t, const sk_game *g, int *offer);
/* Notes that `seat` declined the doubling it was offered. */
void sk_turn_decline(sk_turn *t, const sk_game *g, int seat);

/* ------------------------------------------------------------------ */
/* Visibility and sides (visibility.c)                                  */
/* ------------------------------------------------------------------ */

/*
 * What a seat may know, and who plays with whom: each question has one
 * answer here, and every outlet -- views, engine lines, the terminal
 * log, the server -- asks it instead of deciding for itself.  A seat
 * knows its own hand, every public event, the card passed face down in
 * a Hochzeit only if it gave or received it, an ouvert hand once it is
 * laid open, and the called ace's holder only once the ace is played
 * (or the holder ran away and the trick showed it).  SK_NOSEAT asks for
 * a spectator, who knows only what is public.
 */

/* A seat's side in a game, as far as the asker can know it. */
enum sk_side {
    SK_SIDE_NONE = 0,     /* no sides: no contract yet, a Ramsch, thrown in */
    SK_SIDE_DECLARER = 1, /* the declarer or his partner */
    SK_SIDE_DEFENDER = 2, /* against the declarer */
    SK_SIDE_UNKNOWN = 3   /* on one side or the other; the asker cannot tell yet */
};

/* The seats of the declarer's side, a bit each: the declarer and his
 * partner (the called ace's holder, the Hochzeit's taker, the seat
 * across in a Kreuzbock game).  0 when there are no sides.  The truth,
 * hidden or not: for settlement and double-dummy analysis. */
unsigned sk_game_side_mask(const sk_game *g);
/* The declarer's seat for settlement: pub.declarer, or in a Kreuzbock
 * game the seat whose pair a doubling or laying made the declarer's
 * side (002); SK_NOSEAT when nobody declared. */
int sk_game_declarer(const sk_game *g);
/* Which side `seat` is on, in truth (never SK_SIDE_UNKNOWN but while a
 * Hochzeit is offered and nobody took it yet). */
enum sk_side sk_game_side(const sk_game *g, int seat);
/* Which side `seat` is on as the view's seat knows it now. */
enum sk_side sk_view_side(const sk_view *v, int seat);

/* The view of one seat (SK_NOSEAT: a spectator): the public state and
 * its own hand only, with what it may not see hidden. */
void sk_game_view(const sk_game *g, int seat, sk_view *v);
/* The i-th action of the game's history as `seat` (SK_NOSEAT: a
 * spectator) sees it: the card of a Hochzeit exchange is SK_NOCARD
 * for everyone but the two who exchange it. */
sk_action sk_game_seen_action(const sk_game *g, int i, int seat);
/* Builds a game from a view and a deal consistent with it (hands[s]:
 * the cards seat s holds now), for samplers and analysis: the hidden
 * state follows from the deal -- the hands as dealt (the view's own
 * order, the others' in index order), the called ace's holder, and
 * whether he ran away (2.5.4).  The game then plays on like any other. */
void sk_game_from_view(const sk_view *v, const sk_cards hands[SK_NSEATS], sk_game *g);
/* The cards `seat` may see in its own hand now (its first packet only
 * while the table lays, 002). */
sk_cards sk_game_seen_hand(const sk_game *g, int seat);

/* ------------------------------------------------------------------ */
/* Results and settlement                                               */
/* ------------------------------------------------------------------ */

/*
 * The outcome of a finished game (4.1) and its settlement: money (4.2)
 * and tournament points (5.2.7).  money[] is in cents and sums to zero,
 * as do tournament[].  The breakdown explains the money: (base +
 * laufende + extra) * factor * 2^doublings per loser-winner pair.
 */
typedef struct sk_result {
    uint8_t thrown_in;      /* all passed (2.4.13) */
    sk_contract contract;
    uint8_t declarer;
    uint8_t partner;        /* NOSEAT in a solo */
    uint8_t trick_winners[SK_NTRICKS];
    int points[SK_NSEATS];
    int tricks[SK_NSEATS];
    int declarer_side_points;
    uint8_t won;            /* the declarer's side won */
    uint8_t schneider;
    uint8_t schwarz;
    uint8_t rated_plain;    /* a first-game Solo Schwarz, rated as a Schneider (5.2.15) */
    int laufende;           /* run of top trumps of one side (4.2.2) */
    uint8_t losers;         /* Ramsch: the losing seats, a bit each */
    uint8_t winners;        /* Schieberamsch: the seats with the fewest points, a bit each */
    uint8_t passed;         /* Schieberamsch: points[] and tricks[] count the tricks each
                             * seat got from the seat before it (trick_winners do not) */
    uint8_t jungfrau;       /* Ramsch: how many seats took no trick */
    uint8_t durchmarsch;    /* Ramsch: the seat that took every trick, or NOSEAT */
    int laufende_paid;      /* how many are paid */
    int doublings;
    int laid;               /* Klopfen: seats that laid */
    int bock;               /* Bock level of the game: money x 2^bock */
    int multiplier;         /* tout/sie factor * 2^(doublings + laid) */
    /* money breakdown in units per loser-winner pair */
    int base_units;
    int laufende_units;
    int extra_units;        /* Schneider / Schwarz */
    int64_t pair_units;     /* (base+laufende+extra) * multiplier */
    int64_t money[SK_NSEATS];
    int tournament[SK_NSEATS];
    uint8_t penalty;        /* a mistake ended the game: its enum sk_fault (schafkopf/sheet.h),
                             * 0 for a game played out; moves no Stock, starts no Bock */
} sk_result;

/* Scores a finished game; SK_ESTATE when it is not over. */
int sk_game_result(const sk_game *g, sk_result *res, sk_error *err);
/* Settles a declared game (not a Ramsch) as if the declarer's side
 * ended with `side_points` card points in `side_tricks` tricks -- the
 * same rules as sk_game_result, for pricing imagined outcomes. */
int sk_game_settle_as(const sk_game *g, int side_points, int side_tricks, sk_result *res,
                      sk_error *err);
/* The card points of the declarer's side at which a declared game's
 * settlement changes (4.1.2, 4.1.3): bars[0] frees it of Schneider
 * (31), bars[1] wins (61), bars[2] makes the defenders Schneider (91);
 * a Muss wins with 60 and is Schneider-free with 30 (002). */
void sk_point_bars(const sk_public *p, int bars[3]);
/* Human explanation of the money, e.g. "Sauspiel 20 + 3 Laufende 30 = 50,
 * Schneider +10, x 2 Kontra = 120". */
size_t sk_result_explain(const sk_rules *r, const sk_result *res, char *buf,
                         size_t size);

/* ------------------------------------------------------------------ */
/* Sessions                                                             */
/* ------------------------------------------------------------------ */

/*
 * A session is a table's sequence of games: the dealer rotates clockwise
 * (2.2.2) -- or stays after a throw-in when the ruleset says so (5.2.5)
 * -- and the running totals of money and tournament points, whose rows
 * always sum to zero (5.3.3), are kept.  With five players (002) the
 * dealer deals and sits out: the game's seats 0..3 are the players after
 * him (seat 0 is forehand) and the totals are kept per player.
 */
#define SK_SESSION_RING 32
typedef struct sk_session {
    sk_rules rules;
    uint32_t games;         /* games finished, thrown-in ones included */
    uint32_t played;        /* games played out (not thrown in) */
    uint8_t dealer;         /* dealer of the next game (a player with five) */
    uint8_t players;        /* 4 or 5 */
    uint8_t seat_player[SK_NSEATS]; /* the player in each seat of the current game */
    int64_t money[5];       /* per player (= per seat with four) */
    int64_t tournament[5];
    int64_t stock;          /* cents in the pot; money + stock sum to zero */
    int64_t stock_flow[SK_NSEATS]; /* what each seat paid into (-) or took from
                                    * (+) the pot in the last game */
    uint8_t bock[SK_SESSION_RING];      /* Bock level by game number */
    uint8_t kreuzbock[SK_SESSION_RING]; /* Kreuzbock game by game number */
} sk_session;

void sk_session_init(sk_session *s, const sk_rules *rules, int first_dealer);
/* Deals the session's next game into `g` (g->rules points into s). */
void sk_session_deal(sk_session *s, sk_game *g, sk_rng *rng);
/* Starts the next game from given hands (for replays and tests). */
int sk_session_start(sk_session *s, sk_game *g, const uint8_t hands[4][8], sk_error *err);
/* Books a finished game: adds its settlement and the Stock, starts Bock
 * and Kreuzbock rounds it triggers, and moves the dealer. */
int sk_session_finish(sk_session *s, const sk_game *g, sk_result *res, sk_error *err);
/* What the session's next game is: its dealer seat, whether it is a
 * first game (2.9.1, 5.2.15), its Bock level and whether it is a
 * Kreuzbock game.  Also sets seat_player for it (five players). */
typedef struct sk_session_round {
    uint8_t dealer;
    uint8_t first_game;
    uint8_t bock;
    uint8_t kreuzbock;
} sk_session_round;
void sk_session_next(sk_session *s, sk_session_round *round);
/* Books a priced result of the session's next game (sk_session_next),
 * played (sk_session_finish does both) or entered by a score keeper
 * (schafkopf/sheet.h): its money and tournament points per player, the
 * Stock, the Bock and Kreuzbock rounds it starts, the dealer. */
int sk_session_book(sk_session *s, const sk_result *res, sk_error *err);

/* ------------------------------------------------------------------ */
/* Game records (JSON)                                                  */
/* ------------------------------------------------------------------ */

/* A record: ruleset, dealer, hands as dealt, the actions.  See
 * docs/record-format.md. */
typedef struct sk_record {
    sk_rules rules;
    uint8_t dealer;
    uint8_t first_game;
    uint8_t bock;       /* Bock level of the game (0 = none, at most 8) */
    uint8_t kreuzbock;  /* a Kreuzbock game */
    uint8_t hands[4][8];
    uint16_t nactions;
    sk_action actions[SK_MAX_ACTIONS];
    char id[64]; /* optional game id, "" if none */
} sk_record;

/* Builds a record from a game (finished or not). */
void sk_record_from_game(sk_record *rec, const sk_game *g, const char *id);
/* Writes one JSON object on one line (with the result if finished),
 * newline-terminated, into a malloc'd string; NULL on allocation failure. */
char *sk_record_write(const sk_record *rec);
/* The most bytes one record may have (a line of a JSON Lines file): a
 * record holds at most 96 actions, a few KiB. */
#define SK_RECORD_MAX_LINE (1024 * 1024)
/* Reads one record from JSON text; errors name the field and position.
 * Longer than SK_RECORD_MAX_LINE or with a NUL byte is an error. */
int sk_record_read(sk_record *rec, const char *json, size_t len, sk_error *err);
/* The result as one line of JSON (no newline), malloc'd: the fields
 * `schafkopf check` prints.  NULL on allocation failure. */
char *sk_result_json(const sk_result *res);
/* A ruleset as the JSON text of a record's "rules" object -- the preset
 * and the options that differ from it, {"preset":..,"overrides":{..}}
 * (docs/record-format.md); malloc'd, NULL when out of memory. */
char *sk_rules_json(const sk_rules *r);
/* Reads that JSON text into *r; an error names the field ("rules.preset",
 * "rules.overrides.KEY") and what is wrong with it. */
int sk_rules_from_json(sk_rules *r, const char *text, sk_error *err);
/* Replays a record into a game: every action checked.  On a refused
 * action returns the engine's code (SK_EILLEGAL, or SK_ESTATE out of turn
 * or phase), sets *bad_index to its index (-1 if the deal is refused) and
 * leaves the game at the state before it. */
int sk_record_replay(const sk_record *rec, sk_game *g, int *bad_index, sk_error *err);

#ifdef __cplusplus
}
#endif

#endif
