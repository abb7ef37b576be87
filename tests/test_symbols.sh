#!/usr/bin/env bash
# test_symbols.sh -- libschafkopf.a exports only the public API: every
# global symbol it defines is declared in include/schafkopf/*.h or is an
# internal one named skx_ (docs/architecture.md).  Symbols the compiler
# or a sanitizer adds (a leading underscore) are not ours.
set -u
ROOT=${SK_ROOT:-.}
PROG=${SK_PROG:-build/schafkopf}
LIB=$(dirname "$PROG")/libschafkopf.a
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
if ! command -v nm >/dev/null 2>&1; then
    echo "test_symbols.sh: nm not found (binutils)"; exit 1
fi
[ -f "$LIB" ] && ok || bad "no library at $LIB"
public=$(cat "$ROOT"/include/schafkopf/*.h | grep -o '\bsk_[a-z0-9_]*' | sort -u)
stray=$(nm -g --defined-only "$LIB" | awk 'NF == 3 { print $3 }' | grep -v '^_' | sort -u |
    grep -v '^skx_' | grep -vxF -f <(printf '%s\n' $public))
if [ -z "$stray" ]; then ok; else bad "internal symbols without skx_: $(echo $stray)"; fi
n=$(nm -g --defined-only "$LIB" | awk 'NF == 3 { print $3 }' | grep -c '^sk_')
[ "$n" -gt 100 ] && ok || bad "only $n public symbols found: is nm reading the library?"
# the program's own rooms (src/cli, src/term, src/lab, src/common) are
# internal throughout: skx_ names only, main apart (the server, room and
# store layers have public headers)
for room in cli term lab common; do
    CLI_OBJS=$(ls "$(dirname "$PROG")"/src/$room/*.o 2>/dev/null)
    if [ -n "$CLI_OBJS" ]; then
        stray=$(nm -g --defined-only $CLI_OBJS | awk 'NF == 3 { print $3 }' | grep -v '^_' |
            grep -v '^skx_' | grep -vx 'main' | sort -u)
        if [ -z "$stray" ]; then ok; else bad "src/$room symbols without skx_: $(echo $stray)"; fi
    else
        bad "no objects of src/$room beside $PROG"
    fi
done
echo "test_symbols.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
