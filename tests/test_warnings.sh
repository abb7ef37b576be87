#!/usr/bin/env bash
# test_warnings.sh -- the program and every test binary build with gcc
# and with clang without a warning (docs/architecture.md: gcc 12 and
# clang 14, warnings on and clean).  The suite itself runs gcc's build,
# where a warning does not stop make; this catches a new warning and
# what only clang refuses (a chained assignment through an atomic_bool,
# once).  -O0 into a directory of its own, so build/ is not touched; a
# compiler that is not installed is skipped.
set -u
ROOT=${SK_ROOT:-.}
if [ -n "${SK_SAN:-}" ]; then
    echo "test_warnings: skipped in the sanitizer pass (SK_SAN): the plain pass built both"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
targets=()
for t in "$ROOT"/tests/test_*.c; do
    targets+=("tests/$(basename "$t" .c)")
done
failed=0
for cc in gcc clang; do
    if ! command -v "$cc" >/dev/null; then
        echo "test_warnings: $cc is not installed: skipped"
        continue
    fi
    out="$tmp/$cc"
    if ! env -u MAKEFLAGS -u MAKELEVEL make -C "$ROOT" -j2 BUILD="$out" CC="$cc" OPT=-O0 \
        CHECKS= all "${targets[@]/#/$out/}" >"$out.log" 2>"$out.err"; then
        echo "FAIL: the $cc build failed:"
        grep -E 'error|warning' "$out.err" | head -n 20
        failed=1
    elif grep -q 'warning:' "$out.err"; then
        echo "FAIL: $cc warns:"
        grep 'warning:' "$out.err" | head -n 20
        failed=1
    else
        echo "test_warnings: $cc built the program and ${#targets[@]} test binaries, no warning"
    fi
done
exit $failed
