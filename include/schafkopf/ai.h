/*
 * schafkopf/ai.h -- computer players: bots that decide from a seat's
 * view, the perfect-information solver, deal sampling and analysis.
 * Builds on core.h; knows nothing of the program or the server.
 */
#ifndef SCHAFKOPF_AI_H
#define SCHAFKOPF_AI_H

#include "schafkopf/core.h"

/*
 * A bot decides for one seat from that seat's sk_view only.  Specs:
 * "random", "heuristic", "pimc" (default level) or "pimc:N" (N sampled
 * deals).  A bot owns its random generator (seeded), so its play is
 * reproducible.
 */
typedef struct sk_bot sk_bot;

/* Creates a bot from a spec; NULL with a message on a bad spec. */
sk_bot *sk_bot_new(const char *spec, uint64_t seed, sk_error *err);
void sk_bot_free(sk_bot *bot);
/* The spec the bot was made from. */
const char *sk_bot_name(const sk_bot *bot);
/* The bot's decision for v->seat: one of sk_view_legal(v).  When the
 * seat is not to move and only a Kontra/Retour is on offer, it may
 * return sk_act_pass(seat) to decline. */
sk_action sk_bot_act(sk_bot *bot, const sk_view *v);
/* Hint: each legal action of the view's seat with the bot's estimated
 * value (card points for the seat's side in the play, expected money in
 * cents in the auction); returns the count, best first. */
int sk_bot_hint(sk_bot *bot, const sk_view *v, sk_action *acts, double *values, int max);
/* The bot specs this build knows, NULL-terminated. */
const char *const *sk_bot_names(void);

#endif
