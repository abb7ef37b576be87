/*
 * fuzz_settings.c -- libFuzzer harness for the reader of the settings
 * file of `schafkopf play` (src/term/settings.c, included here to reach
 * it with the library sources only).  Nothing may crash; whatever the
 * text, every setting ends valid (a known preset, a tariff and a pause
 * in range, a language, opponents a bot accepts), every bad line is
 * counted with its number, and the settings written back read again
 * to the same settings without a bad line.
 */
#include "../../src/term/settings.c"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Asserts that every setting is one the program can use. */
static void check_valid(const skx_settings *s)
{
    sk_rules r;
    assert(memchr(s->preset, '\0', sizeof s->preset) != NULL);
    assert(memchr(s->bots, '\0', sizeof s->bots) != NULL);
    assert(skx_settings_rules(s, &r, NULL) == 0);
    assert(s->tariff >= 0 && s->tariff <= SKX_SETTINGS_TARIFF_MAX);
    assert(s->trick_pause_ms >= 0 && s->trick_pause_ms <= SKX_SETTINGS_PAUSE_MAX);
    assert(s->lang == 0 || s->lang == 1);
    assert(!s->bots[0] || sk_bot_spec_valid(s->bots));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > SKX_SETTINGS_FILE_MAX)
        return 0;
    skx_settings s, again;
    skx_settings_read rd, rd2;
    skx_settings_default(&s);
    skx_settings_parse(&s, (const char *)data, size, &rd);
    check_valid(&s);
    long lines = 0;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    lines += size > 0 && data[size - 1] != '\n';
    assert(rd.nbad >= 0 && rd.nbad <= lines);
    for (int i = 0; i < rd.nbad && i < SKX_SETTINGS_ISSUES; i++) {
        assert(rd.issue[i].line >= 1 && rd.issue[i].line <= lines);
        assert(i == 0 || rd.issue[i].line > rd.issue[i - 1].line);
        assert(memchr(rd.issue[i].key, '\0', sizeof rd.issue[i].key) != NULL);
        assert(memchr(rd.issue[i].value, '\0', sizeof rd.issue[i].value) != NULL);
        assert(rd.issue[i].fault != SKX_SF_VALUE ||
               (rd.issue[i].field >= 0 && rd.issue[i].field < SKX_SET_COUNT));
    }
    char text[2048];
    size_t n = skx_settings_format(&s, text, sizeof text);
    assert(n < sizeof text);
    skx_settings_default(&again);
    skx_settings_parse(&again, text, n, &rd2);
    assert(rd2.nbad == 0);
    assert(strcmp(again.preset, s.preset) == 0 && again.tariff == s.tariff &&
           strcmp(again.bots, s.bots) == 0 && again.trick_pause_ms == s.trick_pause_ms &&
           again.lang == s.lang);
    return 0;
}
