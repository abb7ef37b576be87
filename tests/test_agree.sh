#!/usr/bin/env bash
# test_agree.sh -- `schafkopf agree`: a bot asked every recorded decision
# with only its seat's view (docs/ai.md, "Agreement with people").  The
# heuristic bot is deterministic, so on games it played itself it must
# agree with every decision; forced decisions (one legal choice) are
# counted apart; the real games (tests/data/real-games.jsonl) give card
# decisions only; bad input is refused naming file:line and the member.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
ROOT=${SK_ROOT:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
contains() { # contains FILE TEXT DESCRIPTION
    if grep -qF -- "$2" "$1"; then ok; else bad "$3: no \"$2\" in $1:"; head -n 20 "$1"; fi
}
status() { # status EXPECTED DESCRIPTION COMMAND...
    local want=$1 what=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" = "$want" ]; then ok; else bad "$what: exit status $got, not $want"; cat "$tmp/err"; fi
}
# a number of the one-line JSON report: jnum FILE PATH-REGEX
jnum() { grep -o "$2" "$1" | head -n 1 | grep -o '[0-9]*$'; }
real="$ROOT/tests/data/real-games.jsonl"

status 0 "agree --help" "$PROG" agree --help
contains "$tmp/out" "usage: schafkopf agree --bot SPEC" "agree --help"

# heuristic on games four heuristic bots played: every decision agrees
"$PROG" arena --bots heuristic --deals 6 --seed 5 --out "$tmp/h.jsonl" >/dev/null 2>&1
status 0 "agree on heuristic games" "$PROG" agree --bot heuristic --json "$tmp/h.jsonl"
cp "$tmp/out" "$tmp/h.json"
asked=$(jnum "$tmp/h.json" '"all":{"asked":[0-9]*') agree=$(jnum "$tmp/h.json" '"all":{"asked":[0-9]*,"agree":[0-9]*')
[ -n "$asked" ] && [ "$asked" -gt 0 ] && [ "$asked" = "$agree" ] && ok ||
    bad "heuristic disagrees with itself: $agree of $asked"
contains "$tmp/h.json" '"games":6,' "six games read"
auction=$(jnum "$tmp/h.json" '"auction":{"asked":[0-9]*')
[ -n "$auction" ] && [ "$auction" -gt 0 ] && ok || bad "records: no auction decisions asked"
# decisions = forced + asked; the forced ones are left out of the shares
dec=$(jnum "$tmp/h.json" '"decisions":[0-9]*') forced=$(jnum "$tmp/h.json" '"forced":[0-9]*')
[ "$dec" = $((forced + asked)) ] && ok || bad "decisions $dec != forced $forced + asked $asked"
# the last trick's card is always forced: 4 a game, none of trick 8 asked
[ "$forced" -ge 24 ] && ok || bad "only $forced forced decisions in 6 games"
grep -q '"by_trick":\[.*{"asked":0,"agree":0,"share":0.0}\]' "$tmp/h.json" && ok || bad "trick 8 asked"
status 0 "agree table" "$PROG" agree --bot heuristic "$tmp/h.jsonl"
contains "$tmp/out" "all" "table: all"
grep -Eq '^  all +[0-9]+ +[0-9]+ +100\.0%$' "$tmp/out" && ok || bad "table: heuristic not 100.0% on its own games"
contains "$tmp/out" "Forced (one legal choice, left out): $forced" "table: forced counted apart"

# random on those games agrees less, and is reproducible by --seed
status 0 "agree random" "$PROG" agree --bot random --json --seed 3 "$tmp/h.jsonl"
cp "$tmp/out" "$tmp/r1.json"
ragree=$(jnum "$tmp/r1.json" '"all":{"asked":[0-9]*,"agree":[0-9]*')
[ "$ragree" -lt "$agree" ] && ok || bad "random agrees with heuristic as often as heuristic"
"$PROG" agree --bot random --json --seed 3 "$tmp/h.jsonl" | cmp -s - "$tmp/r1.json" && ok || bad "agree is not reproducible"

# the real games: card decisions only (the data set has no auction), 32 a game
head -n 20 "$real" >"$tmp/real20.jsonl"
status 0 "agree on real games" "$PROG" agree --bot heuristic --json "$tmp/real20.jsonl"
cp "$tmp/out" "$tmp/real.json"
[ "$(jnum "$tmp/real.json" '"decisions":[0-9]*')" = 640 ] && ok || bad "20 real games: not 640 card decisions"
[ "$(jnum "$tmp/real.json" '"auction":{"asked":[0-9]*')" = 0 ] && ok || bad "real games: auction decisions asked"
[ "$(jnum "$tmp/real.json" '"forced_by_kind":{[^}]*"card":[0-9]*')" = "$(jnum "$tmp/real.json" '"forced":[0-9]*')" ] &&
    ok || bad "real games: forced decisions that are not cards"
card=$(jnum "$tmp/real.json" '"card":{"asked":[0-9]*') lead=$(jnum "$tmp/real.json" '"lead":{"asked":[0-9]*')
follow=$(jnum "$tmp/real.json" '"follow":{"asked":[0-9]*')
[ "$card" = $((lead + follow)) ] && ok || bad "card $card != lead $lead + follow $follow"
status 0 "agree --games 5" "$PROG" agree --bot heuristic --json --games 5 "$real"
contains "$tmp/out" '"games":5,' "--games stops"
# records and real games mixed in one input
cat "$tmp/real20.jsonl" "$tmp/h.jsonl" | "$PROG" agree --bot heuristic --json - >"$tmp/out" 2>"$tmp/err"
contains "$tmp/out" '"games":26,' "mixed input"

# bad input: file:line and what is wrong; exit status 1 (usage errors 2)
status 2 "agree without --bot" "$PROG" agree "$tmp/h.jsonl"
contains "$tmp/err" "--bot is required" "missing --bot named"
status 2 "agree with an unknown bot" "$PROG" agree --bot nosuch "$tmp/h.jsonl"
contains "$tmp/err" "nosuch" "unknown bot named"
status 2 "agree without files" "$PROG" agree --bot heuristic
status 1 "agree on a missing file" "$PROG" agree --bot heuristic "$tmp/no-such"
contains "$tmp/err" "cannot open" "missing file named"
{ head -n 1 "$real"; echo 'not json'; } >"$tmp/garbage.jsonl"
status 1 "agree on a garbage line" "$PROG" agree --bot heuristic "$tmp/garbage.jsonl"
contains "$tmp/err" "garbage.jsonl:2: not a JSON object" "garbage line named"
head -n 1 "$real" | sed 's/"hands":\[\["SO"/"hands":[["XX"/' >"$tmp/badcard.jsonl"
status 1 "agree on a bad card" "$PROG" agree --bot heuristic "$tmp/badcard.jsonl"
contains "$tmp/err" "badcard.jsonl:1: neither a game record nor a real game: hands[0][0]: not a card" "bad card named"
head -n 1 "$real" | sed 's/"leader":0,"cards":\["GK"/"leader":0,"cards":["EO"/' >"$tmp/illegal.jsonl"
status 1 "agree on an illegal card" "$PROG" agree --bot heuristic "$tmp/illegal.jsonl"
contains "$tmp/err" "illegal.jsonl:1: action 5 (card EO)" "illegal card named"
status 1 "agree on an illegal record" "$PROG" agree --bot heuristic "$ROOT/tests/data/illegal-card.jsonl"
contains "$tmp/err" "illegal-card.jsonl:1: action" "illegal record named"
echo '{"format":"schafkopf-record/1","hands":3}' >"$tmp/badrec.jsonl"
status 1 "agree on a bad record" "$PROG" agree --bot heuristic "$tmp/badrec.jsonl"
contains "$tmp/err" "badrec.jsonl:1: bad record" "bad record named"
status 1 "agree on an empty file" "$PROG" agree --bot heuristic /dev/null
contains "$tmp/err" "no games" "empty input named"

echo "test_agree: $passed passed, $failed failed"
[ "$failed" = 0 ]
