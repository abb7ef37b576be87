/*
 * fuzz_check.c -- libFuzzer harness for `schafkopf check`'s input side:
 * the bounded line reader (skx_cli_getline), the record reader and the
 * comparison of a stored "result" with the replay's (check.c).
 *
 * The input is a JSON Lines file, read through fmemopen as check reads a
 * file.  Whatever it holds, nothing may crash, leak or overflow; the
 * failed games are never more than the games read.  Messages go to
 * stderr (the fuzzer's log).  Seeds: tests/fuzz/corpus/fuzz_check/.
 */
#include "../../src/common/common.c"
#include "../../src/cli/check.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0; /* fmemopen refuses an empty buffer */
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    long game = 0;
    bool broken = false;
    long failed = check_stream("fuzz", f, &game, true, &broken);
    fclose(f);
    if (failed < 0 || failed > game)
        abort();
    return 0;
}
