/*
 * outcome.c -- games entered by a score keeper: plausibility, pricing
 * through the engine's one settlement (score.c), and booking into a
 * session.  See schafkopf/sheet.h and docs/rules.md ("Score keeping").
 *
 * Nothing here knows a tariff: an outcome becomes the verdict and facts
 * of an sk_result, which skx_verdict and skx_price (or skx_price_ramsch)
 * turn into money and points exactly as for a played game.  What is
 * this module's own is what the rules say about mistakes: who bears a
 * penalty (3.4.16) and how it is priced (2.4.10, 3.4.17, 3.4.18).
 */
#include "schafkopf/sheet.h"
#include "core/bits.h"
#include "core/game_internal.h"
#include "core/score_internal.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Names                                                                */
/* ------------------------------------------------------------------ */

static const struct {
    const char *code, *rule;
} FAULTS[SK_NFAULTS] = {
    [SK_FAULT_NONE] = {"", ""},
    [SK_FAULT_INVALID_BID] = {"invalid_bid", "2.4.10"},
    [SK_FAULT_OUT_OF_TURN] = {"out_of_turn", "3.4.7"},
    [SK_FAULT_REMARK] = {"remark", "3.4.8"},
    [SK_FAULT_TRICKS_LOOKED] = {"tricks_looked", "3.4.9"},
    [SK_FAULT_CARD_SHOWN] = {"card_shown", "3.4.11"},
    [SK_FAULT_CARD_COUNT] = {"card_count", "3.4.12"},
    [SK_FAULT_REVOKE] = {"revoke", "3.4.14"},
    [SK_FAULT_REVOKE_LATE] = {"revoke_late", "3.4.15"},
    [SK_FAULT_REVEALED] = {"revealed", "3.4.18"},
    [SK_FAULT_DEAL_CARD_SHOWN] = {"deal_card_shown", "3.4.2"},
    [SK_FAULT_DEAL_COUNT] = {"deal_count", "3.4.2"},
    [SK_FAULT_DEAL_OUT_OF_TURN] = {"deal_out_of_turn", "3.4.5"},
    [SK_FAULT_DEAL_ERROR] = {"deal_error", "3.4.6"},
    [SK_FAULT_TWO_COUNTS] = {"two_counts", "3.4.13"},
};

static const char *const KINDS[SK_OUTCOME_NKINDS] = {"game", "thrown_in", "ramsch", "penalty",
                                                     "redeal"};

/* The code of a fault; "" for none or a bad value. */
const char *sk_fault_code(int fault)
{
    return fault > 0 && fault < SK_NFAULTS ? FAULTS[fault].code : "";
}

/* The rule a fault stands for; "" for none or a bad value. */
const char *sk_fault_rule(int fault)
{
    return fault > 0 && fault < SK_NFAULTS ? FAULTS[fault].rule : "";
}

/* Whether a fault is a misdeal, dealt again (3.4.2-3.4.6, 3.4.13). */
bool sk_fault_is_misdeal(int fault)
{
    return fault >= SK_FAULT_DEAL_CARD_SHOWN && fault < SK_NFAULTS;
}

/* The fault of a code, or SK_EINVAL. */
int sk_fault_parse(const char *code)
{
    for (int f = 1; code && f < SK_NFAULTS; f++)
        if (strcmp(code, FAULTS[f].code) == 0)
            return f;
    return SK_EINVAL;
}

/* The code of an outcome kind; "" for a bad value. */
const char *sk_outcome_kind_code(int kind)
{
    return kind >= 0 && kind < SK_OUTCOME_NKINDS ? KINDS[kind] : "";
}

/* The outcome kind of a code, or SK_EINVAL. */
int sk_outcome_kind_parse(const char *code)
{
    for (int k = 0; code && k < SK_OUTCOME_NKINDS; k++)
        if (strcmp(code, KINDS[k]) == 0)
            return k;
    return SK_EINVAL;
}

/* Nothing given yet. */
void sk_outcome_init(sk_outcome *o)
{
    memset(o, 0, sizeof *o);
    o->kind = SK_OUTCOME_GAME;
    o->contract = (sk_contract){SK_C_NONE, SK_NOSUIT, 0};
    o->declarer = o->partner = o->offender = o->revealer = o->durchmarsch = SK_NOSEAT;
    o->points = SK_OUTCOME_NO_POINTS;
}

/* ------------------------------------------------------------------ */
/* Plausibility                                                         */
/* ------------------------------------------------------------------ */

/* Games with a partner: a Sauspiel (2.5.1) and a Hochzeit (002). */
static bool partnership(sk_contract c)
{
    return c.type == SK_C_SAUSPIEL || c.type == SK_C_HOCHZEIT;
}

/* Games decided by tricks rather than card points: a Tout (2.8.1), a
 * Sie (2.9), a Bettel (002). */
static bool trick_decided(sk_contract c)
{
    return c.tout || c.type == SK_C_SIE || c.type == SK_C_BETTEL ||
           c.type == SK_C_BETTEL_OUVERT;
}

static bool bettel(sk_contract c)
{
    return c.type == SK_C_BETTEL || c.type == SK_C_BETTEL_OUVERT;
}

/* The Laufende a Sie's hand holds: all Obers and Unters of the deck in
 * the Sauspiel order, so the whole hand (docs/rules.md, Sie). */
static int sie_laufende(const sk_rules *r)
{
    return sk_rules_hand_size(r);
}

/* Whether the contract's type and suit fit together (2.5.1: a Sauspiel
 * calls E, G or S; a Solo names its trump suit; a Kreuzbock game calls
 * nothing). */
static bool suit_fits(sk_contract c, bool kreuzbock)
{
    switch (c.type) {
    case SK_C_SAUSPIEL:
        return kreuzbock ? c.suit == SK_NOSUIT : c.suit < 4 && c.suit != SK_HERZ;
    case SK_C_SOLO:
    case SK_C_FARBWENZ:
    case SK_C_FARBGEIER:
        return c.suit < 4;
    default:
        return c.suit == SK_NOSUIT;
    }
}

/* Whether the ruleset plays contract c in this deal: its class allowed
 * (2.4.4; 2.9.1 and 5.2.15 in a first game), a Hochzeit also in its own
 * round after all passed, a Muss or Kreuzbock game only where all
 * passing leads to one or a throw-in starts a Kreuzbock round. */
static int check_contract(const sk_rules *r, const sk_outcome *o, sk_error *err)
{
    sk_contract c = o->contract;
    char code[32] = "?";
    if (c.type < SK_C_NTYPES)
        sk_contract_code(c, code, sizeof code);
    if (c.type == SK_C_NONE || c.type == SK_C_RAMSCH || c.type >= SK_C_NTYPES)
        return skx_fail(err, SK_EINVAL, "2.4.12", "contract: no declared game given");
    if (!suit_fits(c, o->kreuzbock))
        return skx_fail(err, SK_EINVAL, c.type == SK_C_SAUSPIEL ? "2.5.1" : "2.6.3",
                        "contract: %s does not name a suit its game can have", code);
    if (o->kreuzbock) {
        if (r->all_pass != SK_ALLPASS_KREUZBOCK && !r->kreuzbock_on_throw_in)
            return skx_fail(err, SK_EINVAL, "002", "kreuzbock: the ruleset plays no Kreuzbock");
        if (c.type != SK_C_SAUSPIEL)
            return skx_fail(err, SK_EINVAL, "002",
                            "contract: a Kreuzbock game is the pairs across, no %s", code);
        return SK_OK;
    }
    if (o->muss && r->all_pass != SK_ALLPASS_MUSS)
        return skx_fail(err, SK_EINVAL, "002", "muss: the ruleset plays no Muss");
    bool hochzeit = c.type == SK_C_HOCHZEIT && r->allow_hochzeit && r->players != 3;
    if (!hochzeit && !skx_class_allowed(r, c, o->first_game)) {
        if (c.type == SK_C_SIE && r->allow_sie && o->first_game)
            return skx_fail(err, SK_EINVAL, "2.9.1",
                            "contract: a Sie does not count in the first game");
        if (c.tout && o->first_game && r->first_game_limits)
            return skx_fail(err, SK_EINVAL, "5.2.15",
                            "contract: no Tout in the first game");
        return skx_fail(err, SK_EINVAL, "2.4.4", "contract: the ruleset does not play %s", code);
    }
    return SK_OK;
}

/* Who plays with the declarer: a partner in a Sauspiel and a Hochzeit
 * (2.5.1, 002), the seat across in a Kreuzbock game, nobody in a
 * Solo-type game (2.6.2).  An invalid bid (2.4.10) may have no partner:
 * the call may be what was invalid. */
static int check_sides(const sk_rules *r, const sk_outcome *o, sk_error *err)
{
    int n = sk_rules_seats(r);
    if (o->declarer >= n)
        return skx_fail(err, SK_EINVAL, "2.4.12", "declarer: not a seat of the table (0..%d)",
                        n - 1);
    if (o->kreuzbock) {
        if (o->partner != (o->declarer + 2) % 4)
            return skx_fail(err, SK_EINVAL, "002",
                            "partner: in a Kreuzbock game the seat across (%d) plays with %d",
                            (o->declarer + 2) % 4, o->declarer);
        return SK_OK;
    }
    if (!partnership(o->contract)) {
        if (o->partner != SK_NOSEAT)
            return skx_fail(err, SK_EINVAL, "2.6.2",
                            "partner: the declarer of a Solo-type game plays alone");
        return SK_OK;
    }
    bool optional = o->kind == SK_OUTCOME_PENALTY && o->fault == SK_FAULT_INVALID_BID;
    if (o->partner == SK_NOSEAT && optional)
        return SK_OK;
    if (o->partner == SK_NOSEAT) /* not named: missing, not a wrong one */
        return skx_fail(err, SK_EINVAL, o->contract.type == SK_C_SAUSPIEL ? "2.5.2" : "002",
                        "partner: missing, a partner game needs one");
    if (o->partner >= n || o->partner == o->declarer)
        return skx_fail(err, SK_EINVAL, o->contract.type == SK_C_SAUSPIEL ? "2.5.2" : "002",
                        "partner: a partner game needs a partner, another seat than the "
                        "declarer");
    return SK_OK;
}

/* Whether the declarer's side took every trick (*all) or none (*none),
 * as the outcome says: a Tout is won with every trick (2.8.1), a Bettel
 * with none (002), a Sie takes them all (2.9.2); otherwise Schwarz
 * (4.1.4) goes to the side with all 120 points, or to the winners when
 * no points are entered. */
static void tricks_of(const sk_outcome *o, bool *all, bool *none)
{
    sk_contract c = o->contract;
    bool won = o->won, schwarz = o->schwarz;
    if (c.type == SK_C_SIE)
        *all = true, *none = false;
    else if (c.tout)
        *all = won, *none = !won && schwarz;
    else if (bettel(c))
        *none = won, *all = !won && schwarz;
    else if (o->points != SK_OUTCOME_NO_POINTS)
        *all = schwarz && o->points == 120, *none = schwarz && o->points == 0;
    else
        *all = schwarz && won, *none = schwarz && !won;
}

/* The result: card points 0..120 (1.2.4); a side that took every trick
 * has all 120 points, a side that took none has none (4.1.4) -- a won
 * Tout, a Sie (2.8.1, 2.9.2), a won Bettel; Schwarz is a Schneider
 * (4.1.3); a Sie is won at once (2.9.2). */
static int check_result(const sk_outcome *o, sk_error *err)
{
    sk_contract c = o->contract;
    bool points = o->points != SK_OUTCOME_NO_POINTS;
    if (points && (o->points < 0 || o->points > 120))
        return skx_fail(err, SK_EINVAL, "1.2.4", "points: %d is not 0..120", o->points);
    if (o->won > 1 || o->schneider > 1 || o->schwarz > 1)
        return skx_fail(err, SK_EINVAL, NULL, "won, schneider, schwarz: 0 or 1");
    if (c.type == SK_C_SIE && !o->won)
        return skx_fail(err, SK_EINVAL, "2.9.2", "won: a Sie is laid down and won at once");
    bool all, none;
    tricks_of(o, &all, &none);
    if (points && (all || none) && o->points != (all ? 120 : 0))
        return skx_fail(err, SK_EINVAL, c.type == SK_C_SIE ? "2.9.2" : c.tout ? "2.8.1" : "4.1.4",
                        "points: the declarer's side took %s trick, so it has %s points, not %d",
                        all ? "every" : "no", all ? "all 120" : "no", o->points);
    if (o->schwarz && points && !trick_decided(c) && !all && !none)
        return skx_fail(err, SK_EINVAL, "4.1.4",
                        "schwarz: a side without a trick has no points, but the declarer's "
                        "side has %d of 120",
                        o->points);
    if (o->schwarz && !points && !trick_decided(c) && !o->schneider)
        return skx_fail(err, SK_EINVAL, "4.1.3",
                        "schwarz without schneider: a side without a trick has at most 30 "
                        "points");
    return SK_OK;
}

/* Laufende (4.2.2): none in a Bettel (no trumps); at most as many as
 * the contract has trumps in the ruleset's deck (14 in a Sauspiel, 4 in
 * a Wenz); a Sie's are its hand's. */
static int check_laufende(const sk_rules *r, const sk_outcome *o, sk_error *err)
{
    sk_contract c = o->contract;
    if (bettel(c) && o->laufende)
        return skx_fail(err, SK_EINVAL, "002", "laufende: a Bettel has no trumps, so none");
    if (c.type == SK_C_SIE) {
        if (o->laufende && o->laufende != sie_laufende(r))
            return skx_fail(err, SK_EINVAL, "4.2.2",
                            "laufende: a Sie holds the top %d trumps, not %d", sie_laufende(r),
                            o->laufende);
        return SK_OK;
    }
    sk_order order;
    sk_order_init_deck(&order, c, sk_rules_deck(r));
    if (o->laufende > order.ntrumps)
        return skx_fail(err, SK_EINVAL, "4.2.2",
                        "laufende: %d, but the game has only %d trumps", o->laufende,
                        order.ntrumps);
    return SK_OK;
}

/* Doublings and lays: Kontra and Retour as far as the ruleset allows
 * (3.3; none in a tournament, 5.2.4; none in a Muss or a Ramsch, 002;
 * none on a Sie, which ends the game at once, 2.9.2); a lay per seat,
 * one in all where only one seat may lay (002). */
static int check_doublings(const sk_rules *r, const sk_outcome *o, bool ramsch,
                           sk_error *err)
{
    int n = sk_rules_seats(r);
    int most_laid = r->klopfen == SK_KLOPF_OFF                                    ? 0
                    : r->klopfen == SK_KLOPF_ONE || r->klopfen == SK_KLOPF_FOREHAND ? 1
                                                                                  : n;
    if (o->laid > most_laid)
        return skx_fail(err, SK_EINVAL, "002", "laid: %d, but at most %d may lay here",
                        o->laid, most_laid);
    int most = ramsch || o->muss || o->contract.type == SK_C_SIE ? 0 : r->kontra_max;
    if (o->doublings > most)
        return skx_fail(err, SK_EINVAL, r->kontra_max ? "3.3" : "5.2.4",
                        "doublings: %d, but at most %d %s here", o->doublings, most,
                        most == 1 ? "is allowed" : "are allowed");
    if (o->bock > 8)
        return skx_fail(err, SK_EINVAL, "002", "bock: %d levels, at most 8", o->bock);
    return SK_OK;
}

/* A Ramsch (002): when all pass under all_pass = ramsch; the losers a
 * nonempty set of seats but not all (the piles are never all equal);
 * winners only in a Schieberamsch, and then some, apart from the
 * losers; a Durchmarsch only where it counts, and then no loser; no
 * Jungfrau among the losers. */
static int check_ramsch(const sk_rules *r, const sk_outcome *o, sk_error *err)
{
    int n = sk_rules_seats(r);
    unsigned all = (1u << n) - 1;
    if (r->all_pass != SK_ALLPASS_RAMSCH)
        return skx_fail(err, SK_EINVAL, "002", "ramsch: the ruleset plays no Ramsch");
    if (o->durchmarsch != SK_NOSEAT) {
        if (!r->ramsch_durchmarsch)
            return skx_fail(err, SK_EINVAL, "002",
                            "durchmarsch: the ruleset does not count a Durchmarsch");
        if (o->durchmarsch >= n || o->losers || o->winners || o->jungfrau)
            return skx_fail(err, SK_EINVAL, "002",
                            "durchmarsch: a seat of the table that took every trick; then "
                            "nobody else loses or wins");
        return SK_OK;
    }
    if (o->losers == 0 || (o->losers & ~all) || o->losers == all)
        return skx_fail(err, SK_EINVAL, "002",
                        "losers: one or more seats of the table, not all of them");
    if (!r->ramsch_schieben && o->winners)
        return skx_fail(err, SK_EINVAL, "002", "winners: only a Schieberamsch has winners");
    if (r->ramsch_schieben && (o->winners == 0 || (o->winners & ~all) || (o->winners & o->losers)))
        return skx_fail(err, SK_EINVAL, "002",
                        "winners: a Schieberamsch's fewest points win, seats apart from the "
                        "losers");
    if (o->jungfrau && !r->ramsch_jungfrau)
        return skx_fail(err, SK_EINVAL, "002", "jungfrau: the ruleset does not count them");
    if (o->jungfrau + skx_cards_count(o->losers) > n)
        return skx_fail(err, SK_EINVAL, "002",
                        "jungfrau: a seat without a trick cannot have the most points");
    if (o->jungfrau == n - 1 && r->ramsch_durchmarsch)
        return skx_fail(err, SK_EINVAL, "002",
                        "jungfrau: with %d seats without a trick the last took them all: "
                        "a Durchmarsch",
                        n - 1);
    return SK_OK;
}

/* A penalty: a fault of the penalty group; the offender a seat; for
 * 2.4.10 the bidder, the declarer; for 3.4.18 a revealer who is not
 * the offender; none in a Sie (laid down at once, 2.9.2) but its
 * invalid claim. */
static int check_penalty(const sk_rules *r, const sk_outcome *o, sk_error *err)
{
    int n = sk_rules_seats(r);
    if (o->fault == SK_FAULT_NONE || o->fault >= SK_NFAULTS || sk_fault_is_misdeal(o->fault))
        return skx_fail(err, SK_EINVAL, "3.4.16", "fault: not a mistake that loses the game");
    if (o->offender >= n)
        return skx_fail(err, SK_EINVAL, "3.4.16", "offender: not a seat of the table");
    if (o->fault == SK_FAULT_INVALID_BID && o->offender != o->declarer)
        return skx_fail(err, SK_EINVAL, "2.4.10",
                        "offender: the invalid bid is lost for the bidder, the declarer");
    if (o->fault == SK_FAULT_REVEALED && (o->revealer >= n || o->revealer == o->offender))
        return skx_fail(err, SK_EINVAL, "3.4.18",
                        "revealer: another seat than the offender, who showed his cards");
    if (o->fault != SK_FAULT_REVEALED && o->revealer != SK_NOSEAT)
        return skx_fail(err, SK_EINVAL, "3.4.18", "revealer: only for fault revealed");
    if (o->contract.type == SK_C_SIE && o->fault != SK_FAULT_INVALID_BID)
        return skx_fail(err, SK_EINVAL, "2.9.2",
                        "fault: a Sie is laid down at once; no play to make a mistake in");
    return SK_OK;
}

/* Checks an outcome against the ruleset (see sheet.h). */
int sk_outcome_check(const sk_rules *r, const sk_outcome *o, sk_error *err)
{
    int rc;
    switch (o->kind) {
    case SK_OUTCOME_THROWN_IN:
        /* all passing leads to a throw-in, or a Hochzeit nobody took (002) */
        if (r->all_pass != SK_ALLPASS_NEXT_DEALER && r->all_pass != SK_ALLPASS_SAME_DEALER &&
            !r->allow_hochzeit)
            return skx_fail(err, SK_EINVAL, "2.4.13",
                            "thrown_in: under this ruleset all passing plays a game");
        return o->bock > 8 ? skx_fail(err, SK_EINVAL, "002", "bock: at most 8 levels") : SK_OK;
    case SK_OUTCOME_REDEAL:
        if (!sk_fault_is_misdeal(o->fault))
            return skx_fail(err, SK_EINVAL, "3.4.6", "fault: not a misdeal");
        return SK_OK;
    case SK_OUTCOME_RAMSCH:
        if ((rc = check_ramsch(r, o, err)) < 0)
            return rc;
        return check_doublings(r, o, true, err);
    case SK_OUTCOME_PENALTY:
        if ((rc = check_penalty(r, o, err)) < 0)
            return rc;
        if (o->contract.type == SK_C_RAMSCH) /* the offender loses the Ramsch alone */
            return r->all_pass == SK_ALLPASS_RAMSCH
                       ? check_doublings(r, o, true, err)
                       : skx_fail(err, SK_EINVAL, "002", "contract: the ruleset plays no Ramsch");
        break;
    case SK_OUTCOME_GAME:
        break;
    default:
        return skx_fail(err, SK_EINVAL, NULL, "kind: %d is not an outcome", o->kind);
    }
    if ((rc = check_contract(r, o, err)) < 0 || (rc = check_sides(r, o, err)) < 0 ||
        (rc = check_laufende(r, o, err)) < 0 || (rc = check_doublings(r, o, false, err)) < 0)
        return rc;
    if (o->kind == SK_OUTCOME_GAME)
        return check_result(o, err);
    return SK_OK;
}

/* ------------------------------------------------------------------ */
/* Pricing                                                              */
/* ------------------------------------------------------------------ */

/* An empty result, as begin_result in score.c starts one. */
static void empty_result(sk_result *res)
{
    memset(res, 0, sizeof *res);
    memset(res->trick_winners, SK_NOSEAT, sizeof res->trick_winners);
    res->declarer = res->partner = SK_NOSEAT;
}

/* A declared game: the verdict from the card points, or from won and
 * Schneider as the card points that give them (the bars of 4.1, 60 in a
 * Muss), and whether a side took every trick; then the one price. */
static void price_game(const sk_rules *r, const sk_outcome *o, sk_result *res)
{
    sk_contract c = o->contract;
    res->contract = c;
    res->declarer = o->declarer;
    res->partner = o->partner;
    bool won = o->won, all, none;
    tricks_of(o, &all, &none);
    res->laufende = c.type == SK_C_SIE && !o->laufende ? sie_laufende(r) : o->laufende;
    int bars[3] = {31 - o->muss, 61 - o->muss, 91 - o->muss};
    int points = o->points;
    if (c.type == SK_C_SIE)
        points = 120;
    else if (points == SK_OUTCOME_NO_POINTS) /* the points that give the entered verdict */
        points = all ? 120 : none ? 0 : won ? (o->schneider ? bars[2] : bars[1])
                                            : (o->schneider ? bars[0] - 1 : bars[1] - 1);
    res->declarer_side_points = points;
    skx_verdict(res, o->muss, all, none);
    if (o->points == SK_OUTCOME_NO_POINTS && c.type != SK_C_SIE)
        res->declarer_side_points = SK_OUTCOME_NO_POINTS;
    res->doublings = o->doublings;
    res->laid = o->laid;
    res->bock = o->bock;
    skx_price(r, o->first_game, sk_rules_seats(r), res);
}

/* Whether `seat` is on the declarer's side of the outcome's game. */
static bool on_declarer_side(const sk_outcome *o, int seat)
{
    return seat == o->declarer || (o->partner != SK_NOSEAT && seat == o->partner);
}

/*
 * 3.4.18: after `offender`'s mistake `revealer` showed cards before the
 * referee decided: he "has lost the game and receives the minus points
 * that the player who actually made the mistake would have received.
 * The player who did make the mistake receives 0 points."  Rewrites
 * `v`, one row of 3.4.17 for the offender's mistake (money or points,
 * summing to zero), into the row of 3.4.18:
 *
 * - on one side (a partner game's two partners, or two defenders of a
 *   Solo) the revealer simply takes the offender's place: his row
 *   entry was 0 (3.4.16 spares a partner), so the two swap, and every
 *   other player keeps what 3.4.17 gives him;
 * - on opposite sides (and always in a Ramsch, where each plays for
 *   himself) the revealer takes the offender's minus points, the
 *   offender 0, and the rules leave open who gets them: 3.4.17 would
 *   pay the revealer for the offender's mistake and the offender for
 *   the revealer's loss, and 3.4.18 takes both out.  The other players
 *   share them equally (a Sauspiel's two are one partner of each of
 *   the two, a Solo's two defenders are alike), an odd unit to the
 *   first of them clockwise from the revealer, so the row stays whole
 *   and sums to zero (5.3.3).  docs/rules.md, "3.4.18".
 */
static void reveal_row(int64_t *v, int n, int offender, int revealer, bool one_side)
{
    int64_t minus = v[offender];
    if (one_side) {
        v[offender] = v[revealer];
        v[revealer] = minus;
        return;
    }
    int others = n - 2;
    int64_t share = -minus / others, odd = -minus % others;
    for (int k = 1; k < n; k++) {
        int s = (revealer + k) % n;
        if (s == offender)
            continue;
        v[s] = share + (odd > 0);
        odd -= odd > 0;
    }
    v[offender] = 0;
    v[revealer] = minus;
}

/* Under 3.4.18 turns the offender's row of 3.4.17 in res (money and
 * points) into the revealer's, who lost the game instead (reveal_row);
 * nothing for any other fault. */
static void revealed_instead(const sk_outcome *o, int n, sk_result *res)
{
    if (o->fault != SK_FAULT_REVEALED)
        return;
    int who = o->offender, rev = o->revealer;
    bool ramsch = o->contract.type == SK_C_RAMSCH;
    bool one_side = !ramsch && on_declarer_side(o, rev) == on_declarer_side(o, who);
    int64_t points[SK_NSEATS];
    for (int s = 0; s < n; s++)
        points[s] = res->tournament[s];
    reveal_row(res->money, n, who, rev, one_side);
    reveal_row(points, n, who, rev, one_side);
    for (int s = 0; s < n; s++)
        res->tournament[s] = (int)points[s];
    if (ramsch)
        res->losers = (uint8_t)(1u << rev);
    else
        res->won = !on_declarer_side(o, rev);
}

/*
 * A mistake that ends the game (2.4.10, 3.4.7-3.4.18): the game is lost
 * for the player who made it, and for him alone (3.4.16).  It is priced
 * as the game lost by his side -- 3.4.17: with Schneider, without
 * Laufende, Kontra or laying ("in practice only Schneider is paid", and
 * "the number of tricks, ... whether it was doubled ... are
 * irrelevant"); 2.4.10: "with the points the game would have brought
 * (without Schneider and Schwarz)", so with its Laufende and doublings
 * -- and then his side's debt is his: whatever his partners would pay
 * he pays, they pay nothing.  That gives 3.4.17's table: a soloist -9,
 * his opponents +3 each; a defender -9, the soloist +9; a Tout 18; in a
 * Sauspiel -4, the two opponents +2 each, his partner 0.  In a Ramsch
 * the offender alone loses it.  Under 3.4.18 that row is the
 * offender's, and the revealer takes his minus points (reveal_row).
 */
static void price_penalty(const sk_rules *r, const sk_outcome *o, sk_result *res)
{
    int n = sk_rules_seats(r);
    int who = o->offender;
    res->penalty = o->fault;
    res->bock = o->bock;
    if (o->contract.type == SK_C_RAMSCH) {
        res->contract = o->contract;
        res->durchmarsch = SK_NOSEAT;
        res->losers = (uint8_t)(1u << who);
        skx_price_ramsch(r, n, res);
        revealed_instead(o, n, res);
        return;
    }
    res->contract = o->contract;
    res->declarer = o->declarer;
    res->partner = o->partner;
    bool invalid_bid = o->fault == SK_FAULT_INVALID_BID;
    res->won = !on_declarer_side(o, who);
    res->schneider = !invalid_bid;
    res->declarer_side_points = SK_OUTCOME_NO_POINTS;
    if (invalid_bid) {
        res->laufende = o->contract.type == SK_C_SIE && !o->laufende ? sie_laufende(r)
                                                                     : o->laufende;
        res->doublings = o->doublings;
        res->laid = o->laid;
    }
    skx_price(r, o->first_game, n, res);
    /* 3.4.16: the side's debt is the offender's alone (with no partner
     * named in a partner game, he pays each of the three, 2.4.10) */
    int64_t money = 0;
    int points = 0;
    for (int s = 0; s < n; s++) {
        bool mate = s != who && on_declarer_side(o, s) == on_declarer_side(o, who);
        if (mate)
            res->money[s] = 0, res->tournament[s] = 0;
        money += res->money[s];
        points += res->tournament[s];
    }
    res->money[who] -= money;
    res->tournament[who] -= points;
    revealed_instead(o, n, res);
}

/* Prices a checked outcome (see sheet.h). */
int sk_outcome_price(const sk_rules *r, const sk_outcome *o, sk_result *res, sk_error *err)
{
    int rc = sk_outcome_check(r, o, err);
    if (rc < 0)
        return rc;
    empty_result(res);
    switch (o->kind) {
    case SK_OUTCOME_THROWN_IN:
        res->thrown_in = 1; /* 2.4.13 */
        break;
    case SK_OUTCOME_RAMSCH:
        res->contract = (sk_contract){SK_C_RAMSCH, SK_NOSUIT, 0};
        res->losers = o->losers;
        res->winners = o->winners;
        res->jungfrau = o->jungfrau;
        res->durchmarsch = o->durchmarsch;
        res->laid = o->laid;
        res->bock = o->bock;
        res->passed = r->ramsch_schieben && o->durchmarsch == SK_NOSEAT;
        skx_price_ramsch(r, sk_rules_seats(r), res);
        break;
    case SK_OUTCOME_PENALTY:
        price_penalty(r, o, res);
        break;
    case SK_OUTCOME_REDEAL:
        break; /* 3.4.2, 3.4.13: the deal does not count */
    default:
        price_game(r, o, res);
        break;
    }
    return SK_OK;
}

/* Books an outcome as the session's next deal (see sheet.h). */
int sk_session_book_outcome(sk_session *s, const sk_outcome *o, sk_result *res, sk_error *err)
{
    sk_session_round round;
    sk_session_next(s, &round);
    sk_outcome here = *o;
    here.first_game = round.first_game;
    here.bock = round.bock;
    if (round.kreuzbock && (o->kind == SK_OUTCOME_GAME || o->kind == SK_OUTCOME_PENALTY)) {
        if (o->contract.type != SK_C_SAUSPIEL || o->contract.suit != SK_NOSUIT)
            return skx_fail(err, SK_EINVAL, "002",
                            "contract: this deal is a game of the Kreuzbock round, "
                            "sauspiel without a called Sau");
        here.kreuzbock = 1;
    } else if (round.kreuzbock && o->kind != SK_OUTCOME_REDEAL) {
        return skx_fail(err, SK_EINVAL, "002",
                        "kind: this deal is a game of the Kreuzbock round, played by the pairs "
                        "across");
    } else if (o->kreuzbock && s->rules.all_pass != SK_ALLPASS_KREUZBOCK) {
        return skx_fail(err, SK_EINVAL, "002", "kreuzbock: this deal is no Kreuzbock game");
    }
    int rc = sk_outcome_price(&s->rules, &here, res, err);
    if (rc < 0 || o->kind == SK_OUTCOME_REDEAL)
        return rc; /* 3.4.6, 3.4.13: the same dealer deals again */
    return sk_session_book(s, res, err);
}

/* What a score keeper would enter for a finished game (see sheet.h). */
void sk_outcome_from_game(const sk_game *g, const sk_result *res, sk_outcome *o)
{
    sk_outcome_init(o);
    o->first_game = g->pub.first_game;
    o->bock = (uint8_t)res->bock;
    o->laid = (uint8_t)res->laid;
    if (res->thrown_in) {
        o->kind = SK_OUTCOME_THROWN_IN;
        return;
    }
    if (res->contract.type == SK_C_RAMSCH) {
        o->kind = SK_OUTCOME_RAMSCH;
        o->losers = res->losers;
        o->winners = res->winners;
        o->jungfrau = res->jungfrau;
        o->durchmarsch = res->durchmarsch;
        return;
    }
    o->contract = res->contract;
    o->declarer = res->declarer;
    o->partner = res->partner;
    o->points = (int16_t)res->declarer_side_points;
    o->won = res->won;
    o->schneider = res->schneider;
    o->schwarz = res->schwarz;
    o->laufende = (uint8_t)res->laufende;
    o->doublings = (uint8_t)res->doublings;
    o->muss = g->pub.muss;
    o->kreuzbock = g->pub.kreuzbock;
}
