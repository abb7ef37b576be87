#!/usr/bin/env bash
# test_build.sh -- the Makefile's flags, read from `make -n -B` (nothing
# is built): CPPFLAGS and LDFLAGS from the command line reach every
# compile and link; every compile has -pthread (the solver runs threads)
# and -MMD (header dependencies); the ncursesw flags (_XOPEN_SOURCE) reach
# the program's layers only (src/table up to src/cli), never the library's
# core and ai objects; the fuzz build stops on the first sanitizer report.
set -u
ROOT=${SK_ROOT:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# A build directory of its own: the dry run must not touch build/.
if ! env -u MAKEFLAGS -u MAKELEVEL make -n -B -C "$ROOT" BUILD="$tmp/b" CC=cc \
    CPPFLAGS=-DSK_PROBE_CPP LDFLAGS=-Wl,-O1,--probe-ld all "$tmp/b/tests/test_cards" \
    >"$tmp/n" 2>"$tmp/err"; then
    bad "make -n -B"
    cat "$tmp/err"
fi
grep -E '^cc .* -c ' "$tmp/n" >"$tmp/compile"
grep -E '^cc ' "$tmp/n" | grep -v -- ' -c ' >"$tmp/link"
[ -s "$tmp/compile" ] && ok || bad "no compile lines in make -n"
[ -s "$tmp/link" ] && ok || bad "no link lines in make -n"
check_all() { # check_all FILE TEXT WHAT: every line of FILE has TEXT
    local n
    n=$(grep -cvF -- "$2" "$1")
    if [ "$n" = 0 ]; then ok; else bad "$3 ($n lines without \"$2\"):"; grep -vF -- "$2" "$1" | head -n 3; fi
}
check_all "$tmp/compile" "-DSK_PROBE_CPP" "CPPFLAGS in every compile"
check_all "$tmp/compile" "-pthread" "-pthread in every compile"
check_all "$tmp/compile" "-MMD" "-MMD in every compile"
check_all "$tmp/link" "--probe-ld" "LDFLAGS in every link"
check_all "$tmp/link" "-pthread" "-pthread in every link"
if grep -E ' -c src/(core|ai)/' "$tmp/compile" | grep -q -- '_XOPEN_SOURCE'; then
    bad "ncursesw flags (_XOPEN_SOURCE) reach core or ai objects:"
    grep -E ' -c src/(core|ai)/' "$tmp/compile" | grep -- '_XOPEN_SOURCE' | head -n 2
else
    ok
fi
if grep -E ' -c src/(core|ai)/' "$tmp/compile" | grep -q -- '-lncurses\|ncurses'; then
    bad "ncurses named in a core or ai compile"
else
    ok
fi

# make fuzz: UBSan reports are fatal, and a failing harness shows its log.
env -u MAKEFLAGS -u MAKELEVEL make -n -C "$ROOT" fuzz FUZZ_BUILD="$tmp/f" >"$tmp/fuzz" 2>&1
grep -qF -- '-fno-sanitize-recover=all' "$tmp/fuzz" && ok || bad "make fuzz without -fno-sanitize-recover=all"
if grep -qF -- '| tail' "$tmp/fuzz"; then bad "make fuzz pipes the harness through tail (hides the report)"; else ok; fi

echo "test_build: $passed passed, $failed failed"
[ "$failed" = 0 ]
