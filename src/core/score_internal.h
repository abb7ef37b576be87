/*
 * score_internal.h -- the one settlement of core, shared by score.c
 * (played games) and outcome.c (games entered by a score keeper).
 * Internal to src/core: names carry the `skx_` prefix.
 *
 * A result is priced in two steps: the verdict (won, Schneider,
 * Schwarz: 4.1, 2.8.1) from the declarer side's card points and
 * whether it took every trick or none; then the price (money 4.2,
 * tournament points 5.2.7) from the verdict and the game's facts.  A
 * played game and an entered outcome differ only in where the facts
 * come from, so both call these functions and no tariff is written
 * twice.
 */
#ifndef SK_SCORE_INTERNAL_H
#define SK_SCORE_INTERNAL_H

#include "schafkopf/core.h"

#include <stdbool.h>

/* Sets res->won, schneider and schwarz of a declared game (not a
 * Ramsch) from res->contract and res->declarer_side_points, and whether
 * the declarer's side took every trick (`all`) or none (`none`); `muss`:
 * a Muss game wins with 60 (002). */
void skx_verdict(sk_result *res, bool muss, bool all, bool none);

/* Prices a declared game (not a Ramsch) whose verdict and facts are set
 * in res: contract, declarer, partner (SK_NOSEAT alone), won,
 * schneider, schwarz, laufende (the run), doublings, laid and bock.
 * Fills laufende_paid, rated_plain, multiplier, base_units,
 * laufende_units, extra_units, pair_units, money[] and tournament[] for
 * `nseats` seats.  `first_game` for 5.2.15. */
void skx_price(const sk_rules *r, bool first_game, int nseats, sk_result *res);

/* Prices a Ramsch (002) from res->losers, winners, jungfrau,
 * durchmarsch (a seat or SK_NOSEAT), laid and bock. */
void skx_price_ramsch(const sk_rules *r, int nseats, sk_result *res);

#endif
