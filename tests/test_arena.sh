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
contains "$tmp/out" "--first-deal K" "arena --help documents --first-deal"
contains "$tmp/out" "--log FILE" "arena --help documents --log"
contains "$tmp/out" "schafkopf arena --combine LOG..." "arena --help documents --combine"
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

# shards: deal d is the same in any range; a run's report is --combine of
# its log; two shards combine to the report of one run over their union
m="--bots heuristic,random --seed 9"
status 0 "arena --log" "$PROG" arena $m --deals 20 --jobs 2 --log "$tmp/full.log" --out "$tmp/full.jsonl"
cp "$tmp/out" "$tmp/full.txt"
[ "$(wc -l <"$tmp/full.log")" = 20 ] && ok || bad "--log has $(wc -l <"$tmp/full.log") lines, not 20"
contains "$tmp/full.log" '"format":"schafkopf-arena-log/1"' "log lines name their format"
contains "$tmp/full.log" '"seed":"9"' "log lines carry the seed"
contains "$tmp/full.log" '"deal":20,' "log lines carry the deal index"
status 0 "--combine of a run's log" "$PROG" arena --combine "$tmp/full.log"
cmp -s "$tmp/out" "$tmp/full.txt" && ok || { bad "--combine of a log differs from the run's report"; diff "$tmp/full.txt" "$tmp/out"; }
[ -s "$tmp/err" ] && { bad "--combine of a whole log warns"; cat "$tmp/err"; } || ok
status 0 "shard 1" "$PROG" arena $m --deals 8 --jobs 1 --log "$tmp/s1.log" --out "$tmp/s12.jsonl"
status 0 "shard 2" "$PROG" arena $m --deals 12 --first-deal 9 --log "$tmp/s2.log" --out "$tmp/s2.jsonl"
contains "$tmp/out" "12 deals x 2 seatings = 24 games, seed 9, deals 9-20" "a shard's report names its deals"
cat "$tmp/s1.log" "$tmp/s2.log" | cmp -s - "$tmp/full.log" && ok || bad "the shards' logs are not the run's log"
cmp -s "$tmp/s2.jsonl" <(tail -n 24 "$tmp/full.jsonl") && ok || bad "a shard's records differ from the run's"
grep -q '"id":"arena-9-9-1"' "$tmp/s2.jsonl" && ok || bad "a shard's record ids keep the match's deal numbers"
# --out appends: a resumed run adds its records to those already saved
status 0 "shard 2 into shard 1's records" "$PROG" arena $m --deals 12 --first-deal 9 --out "$tmp/s12.jsonl"
cmp -s "$tmp/s12.jsonl" "$tmp/full.jsonl" && ok || bad "--out of two shards is not the run's records"
status 0 "--combine two shards" "$PROG" arena --combine "$tmp/s2.log" "$tmp/s1.log"
cmp -s "$tmp/out" "$tmp/full.txt" && ok || { bad "combined shards differ from one run"; diff "$tmp/full.txt" "$tmp/out"; }
# lines in any order, blank lines, stdin: the same report
{ sort -r "$tmp/s2.log"; echo; cat "$tmp/s1.log"; } | "$PROG" arena --combine - >"$tmp/out" 2>"$tmp/err"
cmp -s "$tmp/out" "$tmp/full.txt" && ok || { bad "--combine of shuffled lines on stdin differs"; cat "$tmp/err"; }
status 0 "--combine of one shard" "$PROG" arena --combine "$tmp/s2.log"
cmp -s "$tmp/out" <("$PROG" arena $m --deals 12 --first-deal 9 2>/dev/null) && ok || bad "--combine of a shard differs from its run"
contains "$tmp/err" "warning: 8 deals missing: 1-8" "missing deals listed"
# a run killed while writing its last line: a warning, the deals before count;
# resuming cuts the unfinished line off and appends
head -c -100 "$tmp/full.log" >"$tmp/cut.log"
status 0 "--combine with an unfinished last line" "$PROG" arena --combine "$tmp/cut.log"
contains "$tmp/err" "cut.log:20: warning: unfinished last line" "unfinished line named"
contains "$tmp/out" "Arena: 19 deals x 2" "the deals before an unfinished line count"
status 1 "resume overlapping the log" "$PROG" arena $m --deals 2 --first-deal 19 --log "$tmp/cut.log"
contains "$tmp/err" "cut.log:19: already holds deal 19 of this match" "overlap named"
contains "$tmp/err" "resume with --first-deal 20" "overlap says where to resume"
status 0 "resume after the unfinished line" "$PROG" arena $m --deals 1 --first-deal 20 --log "$tmp/cut.log"
contains "$tmp/err" "unfinished last line was removed" "resume reports the cut"
cmp -s "$tmp/cut.log" "$tmp/full.log" && ok || bad "a resumed log differs from an uninterrupted one"
status 1 "resume with another seed" "$PROG" arena --bots heuristic,random --seed 8 --deals 1 --first-deal 21 --log "$tmp/cut.log"
contains "$tmp/err" "cut.log:1: match.seed" "resume checks the match"
# a real kill (pimc:1 is slow enough to be killed midway): whole lines
# only, and the resumed log is the uninterrupted one
k="--bots pimc:1,random --seed 9"
"$PROG" arena $k --deals 30 --jobs 2 --log "$tmp/big.log" --out "$tmp/big.jsonl" >/dev/null 2>&1
# (not timeout -s KILL: that kills its own process group, itself too, and
# returns before the arena has finished dying and let go of the log's lock)
"$PROG" arena $k --deals 30 --jobs 1 --log "$tmp/kill.log" --out "$tmp/kill.jsonl" >/dev/null 2>&1 &
pid=$!
sleep 0.15
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
n=$(cat "$tmp/kill.log" 2>/dev/null | wc -l) # whole lines
# --out as well (issue 14: records were lost and glued together while the
# log said the deals were done): the records of every deal the log holds
# are there, whole lines; the killed run wrote them first
r=$(grep -c '^{"format":"schafkopf-record/1".*}$' "$tmp/kill.jsonl")
[ "$r" -ge $((2 * n)) ] && ok || bad "killed: the log holds $n deals, --out only $r whole records"
: >"$tmp/err"
if [ "$n" -lt 30 ]; then
    "$PROG" arena $k --deals $((30 - n)) --first-deal $((n + 1)) --jobs 2 --log "$tmp/kill.log" --out "$tmp/kill.jsonl" >/dev/null 2>"$tmp/err"
fi
cmp -s "$tmp/kill.log" "$tmp/big.log" && ok || {
    bad "a killed and resumed log ($n lines at the kill) differs"
    cat "$tmp/err"
    wc -c "$tmp/kill.log" "$tmp/big.log"
    cmp "$tmp/kill.log" "$tmp/big.log"
}
cmp -s "$tmp/kill.jsonl" "$tmp/big.jsonl" && ok || {
    bad "the records of a killed and resumed run ($n deals at the kill) differ"
    cat "$tmp/err"
    wc -l "$tmp/kill.jsonl" "$tmp/big.jsonl"
}
# records written by a run that died before its log line: the resumed
# run plays those deals again but does not write their records twice
"$PROG" arena $k --deals 3 --out "$tmp/pre.jsonl" >/dev/null 2>&1
status 0 "--out that already holds records" "$PROG" arena $k --deals 5 --out "$tmp/pre.jsonl" --log "$tmp/pre.log"
contains "$tmp/err" "pre.jsonl already holds 6 records of the deals this run plays" "records already there reported"
head -n 10 "$tmp/big.jsonl" | cmp -s - "$tmp/pre.jsonl" && ok || bad "records already there were written again"
# a record line cut short (a run killed in the middle of writing it) is
# removed with a warning before the next run appends; the deal written
# before it stays
head -n 4 "$tmp/big.jsonl" >"$tmp/torn.jsonl"
sed -n 5p "$tmp/big.jsonl" | head -c 700 >>"$tmp/torn.jsonl"
status 0 "--out after a torn line" "$PROG" arena $k --deals 2 --first-deal 3 --out "$tmp/torn.jsonl"
contains "$tmp/err" "torn.jsonl: removed an unfinished last line (700 bytes" "torn record line reported"
head -n 8 "$tmp/big.jsonl" | cmp -s - "$tmp/torn.jsonl" && ok || bad "torn record line not repaired"
# a complete last record without its newline only gets the newline
head -n 4 "$tmp/big.jsonl" | head -c -1 >"$tmp/nonl.jsonl"
status 0 "--out after a last line without newline" "$PROG" arena $k --deals 2 --first-deal 3 --out "$tmp/nonl.jsonl"
head -n 8 "$tmp/big.jsonl" | cmp -s - "$tmp/nonl.jsonl" && ok || bad "a complete last record was not kept"
# two shards appending to one --out at once: whole records only (issue 14:
# a third of them were corrupted), every one of them there
k2="--bots heuristic,random --seed 12"
"$PROG" arena $k2 --deals 300 --jobs 1 --out "$tmp/shared.jsonl" --log "$tmp/sh1.log" >/dev/null 2>"$tmp/err1" &
p1=$!
"$PROG" arena $k2 --deals 300 --first-deal 301 --jobs 1 --out "$tmp/shared.jsonl" --log "$tmp/sh2.log" >/dev/null 2>"$tmp/err2" &
p2=$!
wait "$p1" && wait "$p2" && ok || { bad "two shards on one --out failed"; cat "$tmp/err1" "$tmp/err2"; }
[ "$(wc -l <"$tmp/shared.jsonl")" = 1200 ] && ok || bad "two shards: $(wc -l <"$tmp/shared.jsonl") lines, not 1200"
status 0 "two shards' records re-check" "$PROG" check -q "$tmp/shared.jsonl"
[ "$(grep -o '"id":"arena-12-[0-9]*-[12]"' "$tmp/shared.jsonl" | sort -u | wc -l)" = 1200 ] && ok ||
    bad "two shards: not 1200 distinct records"
status 1 "--out and --log the same file" "$PROG" arena $k2 --deals 1 --out "$tmp/same" --log "$tmp/same"
contains "$tmp/err" "--out and --log name the same file" "same file refused"
# broken logs: errors name file:line and what is wrong
"$PROG" arena --bots heuristic,random --seed 10 --deals 2 --log "$tmp/other.log" >/dev/null 2>&1
status 1 "--combine of two seeds" "$PROG" arena --combine "$tmp/s1.log" "$tmp/other.log"
contains "$tmp/err" "other.log:1: match.seed: not the match of" "seed mismatch named"
contains "$tmp/err" "seed 10 here, 9 there" "seed mismatch shows both"
status 1 "--combine with a duplicate deal" "$PROG" arena --combine "$tmp/s1.log" "$tmp/full.log"
contains "$tmp/err" "deal 1 twice: " "duplicate deal named"
contains "$tmp/err" "s1.log:1 and " "duplicate names the first place"
contains "$tmp/err" "full.log:1" "duplicate names the second place"
{ head -n 3 "$tmp/full.log"; echo 'not json'; tail -n 2 "$tmp/full.log"; } >"$tmp/garbage.log"
status 1 "--combine with a garbage line" "$PROG" arena --combine "$tmp/garbage.log"
contains "$tmp/err" "garbage.log:4: not JSON" "garbage line named"
sed '2s/"money":\[/"money":["x",/' "$tmp/full.log" >"$tmp/badfield.log"
status 1 "--combine with a bad member" "$PROG" arena --combine "$tmp/badfield.log"
contains "$tmp/err" "badfield.log:2: games[0].money: 5 elements, not 4" "bad member named"
status 1 "--combine of a missing file" "$PROG" arena --combine "$tmp/no-such.log"
contains "$tmp/err" "no-such.log" "missing log named"
status 1 "--combine of an empty log" "$PROG" arena --combine /dev/null
status 2 "--combine with match options" "$PROG" arena --combine --seed 3 "$tmp/s1.log"
status 2 "--combine without logs" "$PROG" arena --combine
status 2 "--first-deal 0" "$PROG" arena --bots random --first-deal 0

# the engine protocol with a POSIX sh engine; a transcript of what it read
first="$ROOT/tests/data/engine_first.sh"
status 0 "arena with the sh engine" "$PROG" arena --bots "ext:tee -a $tmp/engine-in.log | sh $first,random" --deals 3 --seed 4 --jobs 2 --out "$tmp/e.jsonl"
cp "$tmp/out" "$tmp/re"
[ "$(fails "$tmp/re" A)" = 0 ] && ok || { bad "sh engine had failures"; cat "$tmp/re" "$tmp/err"; }
[ "$(wc -l <"$tmp/e.jsonl")" = 6 ] && ok || bad "sh engine match: not 6 records"
status 0 "sh engine records re-check" "$PROG" check "$tmp/e.jsonl"
for line in "schafkopf-engine 1" "rule preset official" "rule kontra_max 2" "rules end" \
    "dealer 0 seat 0 seed " "hand " "event 1 " "legal pass" "legal card " \
    "go 1000" "trick 1 winner " "result " "quit"; do
    contains "$tmp/engine-in.log" "$line" "engine transcript"
done
# Nothing an engine is told names the match seed, from which every deal
# follows: game ids are opaque ("g" and 16 hex digits), engine seeds are
# keyed hashes (docs/engine-protocol.md, "Secrecy").
grep -Eq '^game g[0-9a-f]{16} dealer [0-3] seat [0-3] seed [0-9]+$' "$tmp/engine-in.log" && ok ||
    bad "engine transcript: no opaque game id"
status 0 "arena, engine secrecy run" "$PROG" arena --bots "ext:tee -a $tmp/secret-in.log | sh $first,random" --deals 3 --seed 987654321987 --jobs 1
if grep -Eq 'arena-|987654321987|e5f4c8f743' "$tmp/secret-in.log"; then
    bad "an engine was told the match seed"; grep -E 'arena-|987654321987' "$tmp/secret-in.log" | head -3
else
    ok
fi
# two seats of the engine in each of 3 deals x 2 seatings; one id a game
[ "$(grep -c '^game ' "$tmp/secret-in.log")" = 12 ] && ok || bad "secrecy run: not 12 games told"
[ "$(grep '^game ' "$tmp/secret-in.log" | awk '{print $2}' | sort -u | wc -l)" = 6 ] && ok ||
    bad "secrecy run: not one id per game"
# a match of the engine against itself and the same engine again: all even
status 0 "sh engine mirror" "$PROG" arena --bots "ext:sh $first,ext:sh $first" --deals 2 --seed 4
[ "$(cents "$tmp/out" A)" = "+0.00" ] && ok || bad "identical engines should be even"

# the Python example engine (needs python3; CI machines may lack it)
if command -v python3 >/dev/null 2>&1; then
    status 0 "arena with the Python engine" "$PROG" arena --bots "ext:python3 $ROOT/examples/engine_random.py,heuristic" --deals 4 --seed 5 --jobs 2 --out "$tmp/py.jsonl"
    [ "$(fails "$tmp/out" A)" = 0 ] && ok || { bad "Python engine had failures"; cat "$tmp/out" "$tmp/err"; }
    status 0 "Python engine records re-check" "$PROG" check "$tmp/py.jsonl"
    cp "$tmp/py.jsonl" "$tmp/py1.jsonl"
    status 0 "Python engine again" "$PROG" arena --bots "ext:python3 $ROOT/examples/engine_random.py,heuristic" --deals 4 --seed 5 --jobs 1 --out "$tmp/py2.jsonl"
    cmp -s "$tmp/py2.jsonl" "$tmp/py1.jsonl" && ok || bad "the seeded Python engine is not reproducible"
else
    echo "SKIP: python3 not found: examples/engine_random.py not tested (the sh engines are)"
fi

# misbehaving engines: each failure is reported and counted, the match
# finishes with every game recorded
badeng="$ROOT/tests/data/engine_bad.sh"
# (noready1: only the first start fails; an engine that never starts
# stops the match, see below)
for mode in garbage illegal sleep exit noready1; do
    deals=2 # a timeout costs its limit: fewer deals for those
    case $mode in sleep | noready1) deals=1 ;; esac
    arg=$mode
    [ "$mode" = noready1 ] && arg="noready1 $tmp/noready1.started"
    status 0 "arena with a $mode engine" "$PROG" arena --bots "ext:sh $badeng $arg,random" --deals $deals --seed 4 --jobs 2 --time 200 --start-time 200 --out "$tmp/bad-$mode.jsonl" --log "$tmp/bad-$mode.log"
    cp "$tmp/out" "$tmp/bad-report"
    case $mode in
    garbage) k=garbage ;; illegal) k=illegal ;; sleep) k=timeout ;; exit) k=crash ;; noready1) k=start ;;
    esac
    n=$(kind "$tmp/out" A "$k")
    [ -n "$n" ] && [ "$n" -gt 0 ] && ok || { bad "$mode engine: no $k failures counted"; cat "$tmp/out"; }
    contains "$tmp/err" ": $k: " "$mode engine: failure reported on stderr"
    contains "$tmp/err" "random play for the rest of the game" "$mode engine: fallback reported"
    [ "$(wc -l <"$tmp/bad-$mode.jsonl")" = $((deals * 2)) ] && ok || bad "$mode engine: not every game recorded"
    "$PROG" arena --combine "$tmp/bad-$mode.log" 2>/dev/null | cmp -s - "$tmp/bad-report" && ok ||
        bad "$mode engine: --combine of the log differs from the report (failures logged?)"
    "$PROG" check "$tmp/bad-$mode.jsonl" >/dev/null 2>&1 && ok || bad "$mode engine: records do not re-check"
done
# an engine that never starts stops the match after 3 failed starts in a
# row (issue 14: it was started and waited for again in every game)
status 1 "arena with a missing engine" "$PROG" arena --bots "ext:$tmp/no-such-engine,random" --deals 50 --seed 1 --out "$tmp/missing.jsonl"
contains "$tmp/err" "start: handshake failed" "missing engine reported"
contains "$tmp/err" "engine A (ext:$tmp/no-such-engine) failed to start 3 times in a row" "missing engine stops the match"
[ ! -s "$tmp/missing.jsonl" ] && ok || bad "missing engine: the match went on"
status 1 "arena with an engine that never says ready" "$PROG" arena --bots "random,ext:sh $badeng noready" --deals 20 --seed 1 --jobs 2 --start-time 100
contains "$tmp/err" "engine B (ext:sh $badeng noready) failed to start 3 times in a row (last: handshake failed: no \"ready\" within 100 ms" "noready engine stops the match"
sleep 0.2
if pgrep -f "engine_bad.sh" >/dev/null 2>&1; then bad "engine processes left running"; else ok; fi

# SIGTERM and SIGINT stop the arena and end its engines' process groups
# (issue 14: a killed arena left busy engines running): an engine hangs
# in its first decision with a child process; the arena is signalled
hang="$ROOT/tests/data/engine_hang.sh"
# a process that runs (a zombie waiting for init to reap it does not)
alive() {
    local st
    st=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
    case $st in Z*) return 1 ;; esac
}
for sig in TERM INT; do
    pids="$tmp/hang-$sig.pids"
    # (job control on: a background job of a script ignores SIGINT, and the
    # arena keeps an ignored signal ignored, as nohup wants)
    set -m
    "$PROG" arena --bots "ext:sh $hang $pids,random" --deals 3 --seed 1 --jobs 1 --time 60000 --out "$tmp/hang-$sig.jsonl" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    set +m
    for _ in $(seq 100); do [ -s "$pids" ] && break; sleep 0.05; done
    [ -s "$pids" ] && ok || bad "SIG$sig: the engine never got to its decision"
    kill -"$sig" "$pid"
    for _ in $(seq 100); do alive "$pid" || break; sleep 0.05; done
    if alive "$pid"; then
        bad "SIG$sig: the arena did not stop within 5 s"
        kill -KILL "$pid"
    fi
    wait "$pid"
    got=$?
    want=143
    [ "$sig" = INT ] && want=130
    [ "$got" = "$want" ] && ok || { bad "SIG$sig: arena exit status $got, not $want"; cat "$tmp/err"; }
    contains "$tmp/err" "stopped by SIG$sig after 0 of 3 deals" "SIG$sig: the stop is reported"
    left=""
    for p in $(cat "$pids" 2>/dev/null); do
        for _ in 1 2 3 4 5 6 7 8 9 10; do alive "$p" || break; sleep 0.05; done
        if alive "$p"; then left="$left $p"; kill -KILL "$p"; fi
    done
    [ -z "$left" ] && ok || bad "SIG$sig: engine processes left running:$left"
done

# analyze: a recorded game rated card by card, table and JSON
status 0 "analyze a game" "$PROG" analyze --game 2 --samples 3 "$tmp/j1.jsonl"
contains "$tmp/out" "game 2 (arena-7-1-2)" "analyze names the game"
contains "$tmp/out" "  card " "analyze rates cards"
contains "$tmp/out" "decisions rated" "analyze sums up per seat"
status 0 "analyze --json" "$PROG" analyze --game 2 --samples 3 --json "$tmp/j1.jsonl"
contains "$tmp/out" '"kind":"card"' "analyze --json rates cards"
contains "$tmp/out" '"dd":{"value":' "analyze --json has double-dummy values"
cp "$tmp/out" "$tmp/an_default"
status 0 "analyze --jobs 1" "$PROG" analyze --game 2 --samples 3 --json --jobs 1 "$tmp/j1.jsonl"
cmp -s "$tmp/out" "$tmp/an_default" && ok || bad "analyze --jobs 1 differs from the default"
status 2 "analyze --jobs 0" "$PROG" analyze --jobs 0 /dev/null
status 0 "analyze from stdin" "$PROG" analyze --game 1 --samples 2 - <"$tmp/j1.jsonl"
status 1 "analyze a missing game" "$PROG" analyze --game 999 "$tmp/j1.jsonl"
contains "$tmp/err" "no such game" "missing game named"
printf '{"format":"schafkopf-record/1",\n' >"$tmp/broken.jsonl"
status 1 "analyze a broken record" "$PROG" analyze "$tmp/broken.jsonl"
contains "$tmp/err" "broken.jsonl:1" "broken record names file and line"

echo "test_arena: $passed passed, $failed failed"
[ "$failed" = 0 ]
