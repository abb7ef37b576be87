#!/usr/bin/env bash
# test_arena.sh -- `schafkopf arena`, the engine protocol and `schafkopf
# analyze` end to end: option errors; duplicate seatings; the same report
# and records for any --jobs; the tariff; a POSIX sh engine and (when
# python3 is there) the Python example engine; misbehaving engines
# (garbage, illegal answers, timeouts, crashes, no handshake) are
# reported and the match goes on; analyze rates a recorded game.
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
status() { # status EXPECTED DESCRIPTION COMMAND...: exit status is EXPECTED
    local want=$1 what=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" = "$want" ]; then ok; else bad "$what: exit status $got, not $want"; cat "$tmp/err"; fi
}
# the value of column 4 (cents/game) of bot row LETTER in a report
cents() {
    awk -v b="$2" '$1 == b { for (i = 2; i < NF; i++) if ($i ~ /^[0-9]+$/ && $(i+1) ~ /^[+-][0-9.]+$/) { print $(i+1); exit } }' "$1"
}
# total failures of the engine row LETTER in a report's failure table
fails() { awk -v b="$2" 'f && $1 == b { for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/ && $(i+1) == "start") { print $i; exit } } /^engine failures/ { f = 1 }' "$1"; }
kind() { # kind REPORT LETTER KIND: the count of one failure kind
    awk -v b="$2" -v k="$3" 'f && $1 == b { for (i = 2; i < NF; i++) if ($i == k) { print $(i+1); exit } } /^engine failures/ { f = 1 }' "$1"
}

# --help and option errors (exit 2, a message naming the problem)
status 0 "arena --help" "$PROG" arena --help
contains "$tmp/out" "usage: schafkopf arena" "arena --help"
contains "$tmp/out" "ABAB and BABA" "arena --help documents the seatings"
contains "$tmp/out" "--tariff U/S/L" "arena --help documents the tariff"
status 0 "analyze --help" "$PROG" analyze --help
contains "$tmp/out" "usage: schafkopf analyze" "analyze --help"
status 2 "arena without --bots" "$PROG" arena --deals 1
contains "$tmp/err" "--bots" "missing --bots is named"
status 2 "arena with an unknown bot" "$PROG" arena --bots heuristic,nosuch --deals 1
contains "$tmp/err" "nosuch" "unknown bot is named"
status 2 "arena with a bad tariff" "$PROG" arena --bots random --tariff 10/x/50
contains "$tmp/err" "--tariff" "bad tariff is named"
status 2 "arena with ext: and no command" "$PROG" arena --bots 'ext:  ,random'
status 2 "arena with --deals 0" "$PROG" arena --bots random --deals 0
status 2 "arena with a bad rule" "$PROG" arena --bots random --rule nosuch=1
status 2 "analyze --game 0" "$PROG" analyze --game 0 /dev/null

# duplicate seatings, deterministic for any --jobs, records re-check
status 0 "arena jobs 1" "$PROG" arena --bots heuristic,random --deals 30 --seed 7 --jobs 1 --out "$tmp/j1.jsonl"
cp "$tmp/out" "$tmp/r1"
status 0 "arena jobs 3" "$PROG" arena --bots heuristic,random --deals 30 --seed 7 --jobs 3 --out "$tmp/j3.jsonl"
cmp -s "$tmp/out" "$tmp/r1" && ok || bad "report differs between --jobs 1 and 3"
cmp -s "$tmp/j1.jsonl" "$tmp/j3.jsonl" && ok || bad "records differ between --jobs 1 and 3"
contains "$tmp/r1" "30 deals x 2 seatings = 60 games" "report counts deals and games"
contains "$tmp/r1" "Seatings: ABAB BABA" "two bots sit ABAB and BABA"
[ "$(wc -l <"$tmp/j1.jsonl")" = 60 ] && ok || bad "--out has $(wc -l <"$tmp/j1.jsonl") records, not 60"
status 0 "arena records re-check" "$PROG" check "$tmp/j1.jsonl"
a=$(cents "$tmp/r1" A) b=$(cents "$tmp/r1" B)
awk -v a="$a" -v b="$b" 'BEGIN { exit !(a + b == 0 && a > 0) }' && ok ||
    bad "two bots' money should be opposite, heuristic ahead: A $a, B $b"
# the same hands in both seatings of a deal, the dealer rotating by deal
h1=$(sed -n 1p "$tmp/j1.jsonl" | grep -o '"hands":[^]]*]]*' | head -c 300)
h2=$(sed -n 2p "$tmp/j1.jsonl" | grep -o '"hands":[^]]*]]*' | head -c 300)
[ -n "$h1" ] && [ "$h1" = "$h2" ] && ok || bad "seatings of deal 1 have different hands"
grep -q '"id":"arena-7-2-1"' "$tmp/j1.jsonl" && ok || bad "record ids arena-SEED-DEAL-SEATING"
status 0 "arena three bots" "$PROG" arena --bots random,heuristic,random --deals 4 --seed 2 --jobs 2
contains "$tmp/out" "Seatings: ABCA BCAB CABC" "three bots rotate over the seats"
contains "$tmp/out" "4 deals x 3 seatings = 12 games" "three bots: three seatings"

# the tariff: 5/10/20 is unit 5 cents, Sauspiel 2, Solo/Wenz 4, Laufende 1
status 0 "arena --tariff" "$PROG" arena --bots random,heuristic --deals 3 --seed 1 --tariff 5/10/20 --out "$tmp/t.jsonl"
contains "$tmp/out" "tariff 5/10/20: Sauspiel 10, Solo 20, Wenz 20, Laufender 5, Schneider 5" "tariff shown"
contains "$tmp/t.jsonl" '"unit_cents":"5"' "tariff in the records' ruleset"

# the engine protocol with a POSIX sh engine; a transcript of what it read
first="$ROOT/tests/data/engine_first.sh"
status 0 "arena with the sh engine" "$PROG" arena --bots "ext:tee -a $tmp/engine-in.log | sh $first,random" --deals 3 --seed 4 --jobs 2 --out "$tmp/e.jsonl"
cp "$tmp/out" "$tmp/re"
[ "$(fails "$tmp/re" A)" = 0 ] && ok || { bad "sh engine had failures"; cat "$tmp/re" "$tmp/err"; }
[ "$(wc -l <"$tmp/e.jsonl")" = 6 ] && ok || bad "sh engine match: not 6 records"
status 0 "sh engine records re-check" "$PROG" check "$tmp/e.jsonl"
for line in "schafkopf-engine 1" "rule preset official" "rule kontra_max 2" "rules end" \
    "game arena-4-1-1 dealer 0 seat 0 seed " "hand " "event 1 " "legal pass" "legal card " \
    "go 1000" "trick 1 winner " "result " "quit"; do
    contains "$tmp/engine-in.log" "$line" "engine transcript"
done
# a match of the engine against itself and the same engine again: all even
status 0 "sh engine mirror" "$PROG" arena --bots "ext:sh $first,ext:sh $first" --deals 2 --seed 4
[ "$(cents "$tmp/out" A)" = "+0.00" ] && ok || bad "identical engines should be even"

# the Python example engine (needs python3; CI machines may lack it)
if command -v python3 >/dev/null 2>&1; then
    status 0 "arena with the Python engine" "$PROG" arena --bots "ext:python3 $ROOT/examples/engine_random.py,heuristic" --deals 4 --seed 5 --jobs 2 --out "$tmp/py.jsonl"
    [ "$(fails "$tmp/out" A)" = 0 ] && ok || { bad "Python engine had failures"; cat "$tmp/out" "$tmp/err"; }
    status 0 "Python engine records re-check" "$PROG" check "$tmp/py.jsonl"
    cp "$tmp/py.jsonl" "$tmp/py1.jsonl"
    status 0 "Python engine again" "$PROG" arena --bots "ext:python3 $ROOT/examples/engine_random.py,heuristic" --deals 4 --seed 5 --jobs 1 --out "$tmp/py.jsonl"
    cmp -s "$tmp/py.jsonl" "$tmp/py1.jsonl" && ok || bad "the seeded Python engine is not reproducible"
else
    echo "SKIP: python3 not found: examples/engine_random.py not tested (the sh engines are)"
fi

# misbehaving engines: each failure is reported and counted, the match
# finishes with every game recorded
badeng="$ROOT/tests/data/engine_bad.sh"
for mode in garbage illegal sleep exit noready; do
    deals=2 # a timeout costs its limit: fewer deals for those
    case $mode in sleep | noready) deals=1 ;; esac
    status 0 "arena with a $mode engine" "$PROG" arena --bots "ext:sh $badeng $mode,random" --deals $deals --seed 4 --jobs 2 --time 200 --start-time 200 --out "$tmp/bad.jsonl"
    case $mode in
    garbage) k=garbage ;; illegal) k=illegal ;; sleep) k=timeout ;; exit) k=crash ;; noready) k=start ;;
    esac
    n=$(kind "$tmp/out" A "$k")
    [ -n "$n" ] && [ "$n" -gt 0 ] && ok || { bad "$mode engine: no $k failures counted"; cat "$tmp/out"; }
    contains "$tmp/err" ": $k: " "$mode engine: failure reported on stderr"
    contains "$tmp/err" "random play for the rest of the game" "$mode engine: fallback reported"
    [ "$(wc -l <"$tmp/bad.jsonl")" = $((deals * 2)) ] && ok || bad "$mode engine: not every game recorded"
    "$PROG" check "$tmp/bad.jsonl" >/dev/null 2>&1 && ok || bad "$mode engine: records do not re-check"
done
status 0 "arena with a missing engine" "$PROG" arena --bots "ext:$tmp/no-such-engine,random" --deals 1 --seed 1
contains "$tmp/err" "start: handshake failed" "missing engine reported"
sleep 0.2
if pgrep -f "engine_bad.sh" >/dev/null 2>&1; then bad "engine processes left running"; else ok; fi

# analyze: a recorded game rated card by card, table and JSON
status 0 "analyze a game" "$PROG" analyze --game 2 --samples 3 "$tmp/j1.jsonl"
contains "$tmp/out" "game 2 (arena-7-1-2)" "analyze names the game"
contains "$tmp/out" "  card " "analyze rates cards"
contains "$tmp/out" "decisions rated" "analyze sums up per seat"
status 0 "analyze --json" "$PROG" analyze --game 2 --samples 3 --json "$tmp/j1.jsonl"
contains "$tmp/out" '"kind":"card"' "analyze --json rates cards"
contains "$tmp/out" '"dd":{"value":' "analyze --json has double-dummy values"
status 0 "analyze from stdin" "$PROG" analyze --game 1 --samples 2 - <"$tmp/j1.jsonl"
status 1 "analyze a missing game" "$PROG" analyze --game 999 "$tmp/j1.jsonl"
contains "$tmp/err" "no such game" "missing game named"
printf '{"format":"schafkopf-record/1",\n' >"$tmp/broken.jsonl"
status 1 "analyze a broken record" "$PROG" analyze "$tmp/broken.jsonl"
contains "$tmp/err" "broken.jsonl:1" "broken record names file and line"

echo "test_arena: $passed passed, $failed failed"
[ "$failed" = 0 ]
