#!/usr/bin/env bash
# test_memcheck.sh -- the quick unit tests once more under valgrind's
# memcheck, which sees what the sanitizer build cannot: a read of an
# uninitialised field (test_short_deck_deal_order once dealt a deck whose
# nseats was never set).  The slow property, solver and bot tests are left
# to the plain and sanitizer runs.  Skipped in the sanitizer build
# (valgrind does not run ASan binaries) and when valgrind is missing.
set -u
PROG=${SK_PROG:-build/schafkopf}
BIN=$(dirname "$PROG")/tests
if [ -n "${SK_SAN:-}" ]; then
    echo "skipped: the sanitizer build does not run under valgrind"
    exit 0
fi
if ! command -v valgrind >/dev/null 2>&1; then
    echo "skipped: valgrind is not installed"
    exit 0
fi
failed=0
for t in cards contract derived game infer rules score session record variants tournament; do
    bin=$BIN/test_$t
    [ -x "$bin" ] || { echo "FAIL: $bin missing"; failed=$((failed + 1)); continue; }
    if ! valgrind -q --error-exitcode=99 "$bin" >/dev/null 2>"$BIN/memcheck_$t.log"; then
        echo "FAIL: test_$t under valgrind:"
        grep -E '^==[0-9]+==' "$BIN/memcheck_$t.log" | head -n 30
        failed=$((failed + 1))
    fi
done
[ "$failed" = 0 ] && echo "memcheck: all passed"
exit $((failed > 0))
