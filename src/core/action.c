/*
 * action.c -- the text form of actions, shared by records, the command
 * line, the terminal game and the engine protocol.
 */
#include "schafkopf/core.h"
#include "core/bits.h"

#include <stdio.h>
#include <string.h>

/* Writes "pass", "bid solo", "declare sauspiel:G", "kontra", "retour" or
 * "card EO"; snprintf-style return. */
size_t sk_action_format(sk_action a, char *buf, size_t size)
{
    char code[32];
    switch (a.type) {
    case SK_ACT_PASS:
        return (size_t)snprintf(buf, size, "pass");
    case SK_ACT_BID:
        sk_contract_class_code(a.contract, code, sizeof code);
        return (size_t)snprintf(buf, size, "bid %s", code);
    case SK_ACT_DECLARE:
        sk_contract_code(a.contract, code, sizeof code);
        return (size_t)snprintf(buf, size, "declare %s", code);
    case SK_ACT_KONTRA:
        return (size_t)snprintf(buf, size, "kontra");
    case SK_ACT_RETOUR:
        return (size_t)snprintf(buf, size, "retour");
    case SK_ACT_KLOPFEN:
        return (size_t)snprintf(buf, size, "klopfen");
    case SK_ACT_ACCEPT: /* as a seat that does not see the card sees it: "accept" */
        if (a.card >= SK_NCARDS)
            return (size_t)snprintf(buf, size, "accept");
        return (size_t)snprintf(buf, size, "accept %s", sk_card_name(a.card));
    case SK_ACT_CARD:
        return (size_t)snprintf(buf, size, "card %s", sk_card_name(a.card));
    default:
        return (size_t)snprintf(buf, size, "?");
    }
}

/* Sets the error text for a malformed action. */
static int bad(sk_error *err, const char *s)
{
    if (err) {
        char q[72]; /* the input cut at 60 bytes, escapes sooner */
        snprintf(err->msg, sizeof err->msg,
                 "bad action \"%s\" (pass, bid CLASS, declare CONTRACT, kontra, retour, "
                 "klopfen, accept CARD, card CARD)", sk_escape(q, sizeof q, s, strlen(s), 60));
        err->rule = NULL;
    }
    return SK_EINVAL;
}

/* Parses the text written by sk_action_format; the seat is left 0. */
int sk_action_parse(const char *s, sk_action *out, sk_error *err)
{
    sk_action a = skx_act_pass(0);
    char word[16], arg[40];
    int n = sscanf(s, " %15s %39s", word, arg);
    if (n < 1)
        return bad(err, s);
    if (strcmp(word, "pass") == 0 && n == 1) {
        a.type = SK_ACT_PASS;
    } else if (strcmp(word, "kontra") == 0 && n == 1) {
        a.type = SK_ACT_KONTRA;
    } else if (strcmp(word, "retour") == 0 && n == 1) {
        a.type = SK_ACT_RETOUR;
    } else if (strcmp(word, "klopfen") == 0 && n == 1) {
        a.type = SK_ACT_KLOPFEN;
    } else if ((strcmp(word, "card") == 0 || strcmp(word, "accept") == 0) && n == 2) {
        int c = strlen(arg) == 2 ? sk_card_parse(arg) : SK_EINVAL;
        if (c < 0)
            return bad(err, s);
        a.type = word[0] == 'c' ? SK_ACT_CARD : SK_ACT_ACCEPT;
        a.card = (uint8_t)c;
    } else if ((strcmp(word, "bid") == 0 || strcmp(word, "declare") == 0) && n == 2) {
        a.type = word[0] == 'b' ? SK_ACT_BID : SK_ACT_DECLARE;
        if (sk_contract_parse(arg, &a.contract, err) < 0)
            return SK_EINVAL;
        if (a.type == SK_ACT_BID)
            a.contract.suit = SK_NOSUIT;
    } else {
        return bad(err, s);
    }
    *out = a;
    return SK_OK;
}

/* Two actions are equal when they do the same thing for the same seat. */
bool sk_action_equal(sk_action a, sk_action b)
{
    if (a.type != b.type || a.seat != b.seat)
        return false;
    if (a.type == SK_ACT_CARD || a.type == SK_ACT_ACCEPT)
        return a.card == b.card;
    if (a.type == SK_ACT_DECLARE)
        return a.contract.type == b.contract.type && a.contract.suit == b.contract.suit &&
               a.contract.tout == b.contract.tout;
    if (a.type == SK_ACT_BID)
        return a.contract.type == b.contract.type && a.contract.tout == b.contract.tout;
    return true;
}

/* The public forms of the inline builders of core/bits.h. */
sk_action sk_action_make(enum sk_action_type type, int seat, int card, sk_contract c)
{
    return skx_action_make(type, seat, card, c);
}
sk_action sk_act_pass(int seat)
{
    return skx_act_pass(seat);
}
sk_action sk_act_bid(int seat, sk_contract cls)
{
    return skx_act_bid(seat, cls);
}
sk_action sk_act_declare(int seat, sk_contract c)
{
    return skx_act_declare(seat, c);
}
sk_action sk_act_double(int seat, enum sk_action_type type)
{
    return skx_act_double(seat, type);
}
sk_action sk_act_card(int seat, int card)
{
    return skx_act_card(seat, card);
}
