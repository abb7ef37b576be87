#!/usr/bin/env bash
# test_klopfen.sh -- the bots' laying table (src/ai/klopfen.c, `schafkopf
# learn --klopfen`, docs/ai.md "Klopfen priced"): the generator is
# reproducible -- the same table whatever --jobs, and on a bounded run the
# very table of tests/data/klopfen-table-4000.c (a change to the bots'
# play changes it: then learn both tables again); the shipped table says
# the command that made it; bad arguments are refused.  The whole run
# (400,000 games, half a minute) is checked with SK_LEARN_FULL=1.
set -u
PROG=${SK_PROG:-build/schafkopf}
ROOT=${SK_ROOT:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

"$PROG" learn --klopfen --games 4000 --jobs 1 --out "$tmp/a.c" 2>"$tmp/report" && ok || { bad "learn --klopfen failed"; cat "$tmp/report"; }
"$PROG" learn --klopfen --games 4000 --jobs 2 --out "$tmp/b.c" 2>/dev/null && ok || bad "learn --klopfen --jobs 2 failed"
cmp -s "$tmp/a.c" "$tmp/b.c" && ok || bad "the table depends on --jobs"
if cmp -s "$tmp/a.c" "$ROOT/tests/data/klopfen-table-4000.c"; then ok; else
    bad "a bounded run no longer makes tests/data/klopfen-table-4000.c (the bots play differently: learn it and src/ai/klopfen_table.c again)"
    diff "$tmp/a.c" "$ROOT/tests/data/klopfen-table-4000.c" | head -10
fi
grep -q '^ *0.25 ' "$tmp/report" && grep -q 'lays won' "$tmp/report" && ok || { bad "no report of the margins"; cat "$tmp/report"; }
# the shipped table: its header names the default run (the margin of ai.h)
margin=$(sed -n 's/^#define SK_KLOPFEN_MARGIN \([0-9.]*\).*/\1/p' "$ROOT/include/schafkopf/ai.h")
printf -v m '%.2f' "$margin"
grep -q -- "--games 400000 --seed 19" "$ROOT/src/ai/klopfen_table.c" && grep -q -- "--bot heuristic --holdout 4 --margin $m\`" "$ROOT/src/ai/klopfen_table.c" && ok ||
    bad "src/ai/klopfen_table.c does not say it is the default run with margin $m"
if [ "${SK_LEARN_FULL:-0}" = 1 ]; then
    "$PROG" learn --klopfen --jobs 2 --out "$tmp/full.c" 2>/dev/null
    cmp -s "$tmp/full.c" "$ROOT/src/ai/klopfen_table.c" && ok || bad "src/ai/klopfen_table.c is not what 'schafkopf learn --klopfen' makes"
fi

# Refusals.
"$PROG" learn --klopfen --games 0 >/dev/null 2>"$tmp/err"; [ $? = 2 ] && grep -q -- '--games' "$tmp/err" && ok || bad "--games 0"
"$PROG" learn --klopfen --bot nobody >/dev/null 2>"$tmp/err"; [ $? = 2 ] && grep -q 'nobody' "$tmp/err" && ok || bad "--bot nobody"
"$PROG" learn --klopfen --margin x >/dev/null 2>"$tmp/err"; [ $? = 2 ] && grep -q -- '--margin' "$tmp/err" && ok || bad "--margin x"
"$PROG" learn --klopfen --jobs 0 >/dev/null 2>"$tmp/err"; [ $? = 2 ] && ok || bad "--jobs 0"
"$PROG" learn --klopfen --help | grep -q 'learn --klopfen' && ok || bad "--help"

echo "test_klopfen.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
