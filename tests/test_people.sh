#!/usr/bin/env bash
# test_people.sh -- the model of people's bidding (src/ai/people.c,
# `schafkopf learn --people`, docs/ai.md "A people table"): the shipped
# table is exactly what `schafkopf learn --people` makes of the
# repository's real games, its report gives the held-out agreement, and
# bad arguments are refused.
set -u
PROG=${SK_PROG:-build/schafkopf}
ROOT=${SK_ROOT:-.}
games=$ROOT/tests/data/real-games.jsonl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# The table in the repository comes from the data in the repository.
if "$PROG" learn --people --out "$tmp/t.c" "$games" 2>"$tmp/report"; then ok; else bad "learn --people failed"; cat "$tmp/report"; fi
if cmp -s "$tmp/t.c" "$ROOT/src/ai/people_table.c"; then ok; else
    bad "src/ai/people_table.c is not what 'schafkopf learn --people' makes of $games"
    diff "$tmp/t.c" "$ROOT/src/ai/people_table.c" | head -20
fi
# and again the same (the fit is deterministic)
"$PROG" learn --people "$games" >"$tmp/t2.c" 2>/dev/null && cmp -s "$tmp/t.c" "$tmp/t2.c" && ok || bad "a second run differs"
line=$(grep -m1 '^held-out games  declarers' "$tmp/report")
[ -n "$line" ] && ok || { bad "no held-out figure"; cat "$tmp/report"; }
echo "$line"
same=$(echo "$line" | sed -n 's/.*the same game \([0-9.]*\)%.*/\1/p')
awk -v p="$same" 'BEGIN { exit !(p >= 70.0) }' && ok || bad "held-out agreement $same % (< 70 %)"

# Refusals, each naming what is wrong.
"$PROG" learn --people --holdout x "$games" >/dev/null 2>"$tmp/err"; [ $? = 2 ] && grep -q -- '--holdout' "$tmp/err" && ok || bad "--holdout x"
"$PROG" learn --people >/dev/null 2>"$tmp/err"; [ $? = 2 ] && grep -q 'usage' "$tmp/err" && ok || bad "no file"
"$PROG" learn --people "$tmp/missing.jsonl" >/dev/null 2>"$tmp/err"; [ $? = 1 ] && grep -q 'missing.jsonl' "$tmp/err" && ok || bad "a missing file"
printf '{"contract": 5}\n' >"$tmp/bad.jsonl"
"$PROG" learn --people "$tmp/bad.jsonl" >/dev/null 2>"$tmp/err"; [ $? = 1 ] && grep -q 'bad.jsonl:1' "$tmp/err" && ok || { bad "a bad game"; cat "$tmp/err"; }
"$PROG" learn --people --help | grep -q 'learn --people' && ok || bad "--help"

echo "test_people.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
