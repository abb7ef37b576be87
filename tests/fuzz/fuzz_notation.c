/*
 * fuzz_notation.c -- libFuzzer harness for the text parsers the command
 * line and the terminal game feed with user input: cards, card lists,
 * contracts and actions.  Whatever parses must format back to text that
 * parses to the same value.
 */
#include "schafkopf/core.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = '\0';
    sk_error err;
    char buf[256];
    int c = sk_card_parse(s);
    if (c >= 0)
        assert(strcmp(sk_card_name(c), "??") != 0);
    sk_cards set;
    if (sk_cards_parse(s, &set, &err) == 0) {
        sk_cards again;
        sk_cards_format(set, buf, sizeof buf);
        assert(sk_cards_parse(buf, &again, &err) == 0 && again == set);
    }
    sk_contract k, k2;
    if (sk_contract_parse(s, &k, &err) == 0) {
        sk_contract_code(k, buf, sizeof buf);
        assert(sk_contract_parse(buf, &k2, &err) == 0);
        assert(k.type == k2.type && k.suit == k2.suit && k.tout == k2.tout);
    }
    sk_action a, b;
    if (sk_action_parse(s, &a, &err) == 0) {
        sk_action_format(a, buf, sizeof buf);
        assert(sk_action_parse(buf, &b, &err) == 0 && sk_action_equal(a, b));
    }
    free(s);
    return 0;
}
