/*
 * legal.h -- the one kernel of which cards a hand may play (3.2, the
 * called-ace rules of 2.5, a Bettel's Stichzwang), shared by the referee
 * (game.c), random playouts (playout.c) and the solver (solver_search.c).
 * Each passes its own state in the same terms; the kernel has no
 * branches on the cards, as all three ask it at every card.  Internal
 * to the library.
 *
 * Terms: `ace` is the called ace as a one-card set (0 when none),
 * `ace_suit` the cards of its suit that follow it, `called_led` whether
 * that suit has been led (2.5.5), `ran_away` whether its holder ran away
 * with it (2.5.4).
 */
#ifndef SKX_LEGAL_H
#define SKX_LEGAL_H

#include "core/bits.h"

/* The cards `hand` may lead: any, but the called ace's holder leads its
 * suit only with the ace until the suit was led, unless he holds four
 * or more of it and runs away (2.5.4). */
static inline sk_cards skx_legal_lead(sk_cards hand, sk_cards ace, sk_cards ace_suit,
                                      unsigned called_led)
{
    sk_cards suit = ace_suit & hand;
    sk_cards restricted = -(sk_cards)(((hand & ace) != 0) & (called_led ^ 1u) &
                                      (skx_cards_count(suit) < 4));
    return hand & ~(suit & ~ace & restricted);
}

/*
 * The cards `hand` may play to a trick whose led card follows `led`
 * (non-empty): follow if it can (3.2.1, 3.2.2) -- with the called ace
 * when that is among them and its holder did not run away (2.5.2), and
 * among the followers only those in `beat` if any (Stichzwang; pass
 * every card when the game has none) -- else any card, but the called
 * ace only once its suit was led or in the last trick (2.5.5).
 */
static inline sk_cards skx_legal_follow(sk_cards hand, sk_cards led, sk_cards ace,
                                        unsigned called_led, unsigned ran_away, unsigned last,
                                        sk_cards beat)
{
    sk_cards follow = led & hand;
    sk_cards must = follow & ace & -(sk_cards)(ran_away ^ 1u);
    sk_cards beating = follow & beat;
    beating |= follow & -(sk_cards)(beating == 0);
    sk_cards fl = must | (beating & -(sk_cards)(must == 0));
    sk_cards any = hand & ~(ace & -(sk_cards)((called_led ^ 1u) & (last ^ 1u)));
    return fl | (any & -(sk_cards)(follow == 0));
}

#endif
