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
. "$ROOT/tests/testlib.bash"
# An engine's time for a decision and for its start where the protocol
# is tested, not the limits: the stall bound (a shell or Python engine
# takes seconds to start on a loaded machine).  Only the limits' own
# tests below use short ones, where running out is what they test.
T=$((SK_STALL < 3600 ? SK_STALL * 1000 : 3600000))
lim="--time $T --start-time $T"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the opponents these transcripts were written against (pimc became
# the default in issue 15); the user's own settings never count
export XDG_CONFIG_HOME=$tmp/config
mkdir -p "$XDG_CONFIG_HOME/schafkopf" && printf 'opponents = heuristic\n' >"$XDG_CONFIG_HOME/schafkopf/play.conf"
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
contains "$tmp/out" "schafkopf arena --pair BEFORE AFTER" "arena --help documents --pair"
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

# duplicate seatings, deterministic for any --jobs, records re-check; the
# old two-bot rotation by name (docs/arena.md, "Formats")
status 0 "arena jobs 1" "$PROG" arena --bots heuristic,random --format abab --deals 30 --seed 7 --jobs 1 --out "$tmp/j1.jsonl"
cp "$tmp/out" "$tmp/r1"
contains "$tmp/err" "warning: format abab: copies of one bot sit on opposite sides and can double each other" "abab warns on stderr"
contains "$tmp/r1" "Warning: format abab: copies of one bot sit on opposite sides" "abab warns in the report"
status 0 "arena jobs 3" "$PROG" arena --bots heuristic,random --format abab --deals 30 --seed 7 --jobs 3 --out "$tmp/j3.jsonl"
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
grep -q "Warning" "$tmp/out" && bad "three bots rotated: a collusion warning" || ok
status 2 "--format 1v3 with three bots" "$PROG" arena --bots random,heuristic,random --format 1v3 --deals 1
contains "$tmp/err" "format 1v3 needs two bots, not 3" "1v3 with three bots named"
status 2 "--format abab with one bot" "$PROG" arena --bots random --format abab --deals 1
contains "$tmp/err" "format abab needs two bots, not 1" "abab with one bot named"
status 2 "--format nosuch" "$PROG" arena --bots random,heuristic --format nosuch --deals 1
contains "$tmp/err" 'unknown format "nosuch" (1v3, abab, rotate)' "unknown format named"

# 1-vs-3, the default for two bots: A alone against three B in every seat,
# then B alone against three A -- 8 seatings a deal, the same hands; the
# report's figures are those of the log, recomputed here
status 0 "arena 1v3" "$PROG" arena --bots heuristic,random --deals 6 --seed 7 --jobs 2 --out "$tmp/v.jsonl" --log "$tmp/v.log"
cp "$tmp/out" "$tmp/v.txt"
[ -s "$tmp/err" ] && grep -q Warning "$tmp/err" && bad "1v3 warns" || ok
contains "$tmp/v.txt" "6 deals x 8 seatings = 48 games" "1v3: 8 games a deal"
contains "$tmp/v.txt" "Seatings: ABBB BABB BBAB BBBA BAAA ABAA AABA AAAB" "1v3: the 8 seatings"
contains "$tmp/v.log" '"format":"1v3"' "1v3: the log names the format"
[ "$(wc -l <"$tmp/v.jsonl")" = 48 ] && ok || bad "1v3: --out has $(wc -l <"$tmp/v.jsonl") records, not 48"
[ "$(grep -o '"id":"arena-7-1-[1-8]"' "$tmp/v.jsonl" | sort -u | wc -l)" = 8 ] && ok || bad "1v3: ids arena-7-1-1..8"
[ "$(head -n 8 "$tmp/v.jsonl" | grep -o '"hands":[^]]*]]*' | sort -u | wc -l)" = 1 ] && ok ||
    bad "1v3: the 8 seatings of deal 1 have different hands"
status 0 "1v3 records re-check" "$PROG" check "$tmp/v.jsonl"
[ "$(head -n 1 "$tmp/v.log" | grep -o '"bots":\[[0-9,]*\]' | tr -d '"bots:[]' | tr '\n' ' ')" = \
  "0,1,1,1 1,0,1,1 1,1,0,1 1,1,1,0 1,0,0,0 0,1,0,0 0,0,1,0 0,0,0,1 " ] && ok || bad "1v3: the log's seatings"
# each direction, the mean and the standard errors, from the log: the lone
# bot of seating r sits at seat r mod 4
awk '{
    n++; split($0, g, "\"money\":\\["); split($0, u, "\"money_undoubled\":\\["); split($0, t, "\"tournament\":\\[")
    for (r = 0; r < 8; r++) {
        split(g[r + 2], mv, /[],]/); split(u[r + 2], uv, /[],]/); split(t[r + 2], tv, /[],]/)
        d = int(r / 4); s = r % 4 + 1
        x[d, 0] += mv[s] / 4; x[d, 1] += uv[s] / 4; x[d, 2] += tv[s] / 4
        if (mv[s] != uv[s]) doubled++
    }
    for (k = 0; k < 3; k++) {
        for (d = 0; d < 2; d++) { sum[d, k] += x[d, k]; sq[d, k] += x[d, k] * x[d, k] }
        e = (x[0, k] - x[1, k]) / 2; sum[2, k] += e; sq[2, k] += e * e
        x[0, k] = x[1, k] = 0
    }
} END {
    for (d = 0; d < 3; d++) {
        for (k = 0; k < 3; k++) {
            m = sum[d, k] / n; se = sqrt((sq[d, k] - n * m * m) / (n - 1) / n)
            printf(k == 2 ? " %+.3f %.3f" : " %+.2f %.2f", m, se)
        }
        printf "\n"
    }
    print doubled + 0 > "/dev/stderr"
}' "$tmp/v.log" >"$tmp/v.want" 2>"$tmp/v.doubled"
for row in 1 2 3; do
    want=$(sed -n "${row}p" "$tmp/v.want")
    pat=("alone vs 3 B" "alone vs 3 A" "mean of both directions")
    got=$(grep -F "${pat[$((row - 1))]}" "$tmp/v.txt" | sed 's/.*\(alone vs 3 [AB]\|mean of both directions\)//' | tr -s ' ')
    [ "$got" = "$want" ] && ok || bad "1v3 report row $row: \"$got\", from the log \"$want\""
done
[ "$(cat "$tmp/v.doubled")" -gt 0 ] && ok || bad "1v3: no game with doublings (random doubles often)"
# the money without doublings: a game's money is its undoubled money times
# a power of two
grep -o '"money":\[[^]]*\],"money_undoubled":\[[^]]*\]' "$tmp/v.log" | tr -c '0-9\n-' ' ' |
    awk '{ for (i = 1; i <= 4; i++) { m = $i; u = $(i + 4); if (u == 0 ? m != 0 : (m / u < 1 || log(m / u) / log(2) != int(log(m / u) / log(2) + 0.5))) bad++ } } END { exit bad > 0 }' &&
    ok || bad "1v3: money is not undoubled money times 2^doublings"
status 0 "--combine of a 1v3 log" "$PROG" arena --combine "$tmp/v.log"
cmp -s "$tmp/out" "$tmp/v.txt" && ok || { bad "--combine of a 1v3 log differs from its run's report"; diff "$tmp/v.txt" "$tmp/out"; }
# the rates (docs/arena.md, "Rates"): per game of the match from the
# records, per bot from the log's seatings and its klopfen/kontra/retour;
# the sauspiel preset lays (Klopfen), and random lays and doubles often
status 0 "arena rates" "$PROG" arena --bots heuristic,random --preset sauspiel --deals 12 --seed 3 --out "$tmp/rt.jsonl" --log "$tmp/rt.log"
cp "$tmp/out" "$tmp/rt.txt"
contains "$tmp/rt.txt" "rates                       games thrown in   klopfen    kontra    retour      solo      wenz" "rates: the header"
want=$(awk '{ n++; t += !/"action":"declare"/; k += /"action":"klopfen"/; c += /"action":"kontra"/
        r += /"action":"retour"/; so += /"action":"declare","contract":"solo:/; w += /"action":"declare","contract":"wenz/ }
    END { printf "%d %.1f%% %.1f%% %.1f%% %.1f%% %.1f%% %.1f%%", n, 100*t/n, 100*k/n, 100*c/n, 100*r/n, 100*so/n, 100*w/n }' "$tmp/rt.jsonl")
got=$(grep '^all games ' "$tmp/rt.txt" | sed 's/^all games *//' | tr -s ' ')
[ "$got" = "$want" ] && ok || bad "rates, all games: \"$got\", from the records \"$want\""
awk '/^all games / { for (i = 4; i <= 7; i++) if ($i == "0.0%") exit 1; found = 1 } END { exit !found }' "$tmp/rt.txt" && ok ||
    bad "rates: no game thrown in, laid, doubled and redoubled in 96 games (random does all often)"
# per bot: of the games it played, those in which it laid (the log names the seats)
want=$(sed 's/{"bots":/\n&/g' "$tmp/rt.log" | awk -F'"klopfen":' 'NF > 1 {
        split($0, b, /[][]/); split(b[2], bot, ","); split($2, l, /[][]/); m = split(l[2], seat, ",")
        for (s = 1; s <= 4; s++) games[bot[s]]++
        for (i = 1; i <= m; i++) laid[bot[seat[i] + 1]]++ }
    END { printf "%d %.1f%% %d %.1f%%", games[0], 100*laid[0]/games[0], games[1], 100*laid[1]/games[1] }')
got=$(awk '/^rates/ { f = 1; next } f && /^[AB] / { printf "%s%s %s", (n++ ? " " : ""), $3, $5 }' "$tmp/rt.txt")
[ "$got" = "$want" ] && ok || bad "rates, per bot games and klopfen: \"$got\", from the log \"$want\""
status 0 "--combine of the rates log" "$PROG" arena --combine "$tmp/rt.log"
cmp -s "$tmp/out" "$tmp/rt.txt" && ok || { bad "--combine of a log differs in the rates"; diff "$tmp/rt.txt" "$tmp/out"; }
# a log of an older run has no klopfen/kontra/retour: those rates are unknown ("-")
sed 's/,"klopfen":\[[0-9,]*\],"kontra":\[[0-9,]*\],"retour":\[[0-9,]*\]//g' "$tmp/rt.log" >"$tmp/rt-old.log"
status 0 "--combine of a log without the acts" "$PROG" arena --combine "$tmp/rt-old.log"
awk '/^all games / { exit !($5 == "-" && $6 == "-" && $7 == "-" && $8 != "-") }' "$tmp/out" && ok ||
    { bad "rates of an old log: klopfen, kontra, retour not \"-\""; grep -A3 '^rates' "$tmp/out"; }
# only all three or none
sed '1s/,"retour":\[[0-9,]*\]//' "$tmp/rt.log" >"$tmp/rt-bad.log"
status 1 "--combine of a log with kontra but no retour" "$PROG" arena --combine "$tmp/rt-bad.log"
contains "$tmp/err" "rt-bad.log:1: games[0].retour: missing" "a missing retour named"
sed '1s/"kontra":\[[0-9,]*\]/"kontra":[1,1]/' "$tmp/rt.log" >"$tmp/rt-bad.log"
status 1 "--combine of a log with a seat twice" "$PROG" arena --combine "$tmp/rt-bad.log"
contains "$tmp/err" "rt-bad.log:1: games[0].kontra[1]: seat 1 twice" "a seat given twice named"

# shards of different formats are not one match
status 0 "abab shard" "$PROG" arena --bots heuristic,random --format abab --deals 2 --first-deal 7 --seed 7 --log "$tmp/vab.log"
status 1 "--combine of 1v3 and abab" "$PROG" arena --combine "$tmp/v.log" "$tmp/vab.log"
contains "$tmp/err" "vab.log:1: match.format: not the match of" "format mismatch named"
contains "$tmp/err" "format abab here, 1v3 there" "format mismatch shows both"
status 1 "resume a 1v3 log as abab" "$PROG" arena --bots heuristic,random --format abab --deals 1 --first-deal 7 --seed 7 --log "$tmp/v.log"
contains "$tmp/err" "v.log:1: match.format" "resume checks the format"
# a line whose seating is not its format's is refused
sed '1s/"bots":\[0,1,1,1\]/"bots":[1,0,1,1]/' "$tmp/v.log" >"$tmp/vbad.log"
status 1 "--combine with a wrong seating" "$PROG" arena --combine "$tmp/vbad.log"
contains "$tmp/err" "vbad.log:1: games[0].bots[0]: not seating 1 of format 1v3 (ABBB)" "wrong seating named"
# logs written before the format existed rotated the bots: read as abab
sed 's/"format":"abab",//; s/,"money_undoubled":\[[^]]*\]//g; s/,"klopfen":\[[0-9,]*\],"kontra":\[[0-9,]*\],"retour":\[[0-9,]*\]//g' "$tmp/vab.log" >"$tmp/vold.log"
status 0 "--combine of an old log" "$PROG" arena --combine "$tmp/vold.log"
sed '/^rates/,$d' "$tmp/out" >"$tmp/vold.txt"
status 0 "--combine of the abab log" "$PROG" arena --combine "$tmp/vab.log"
sed '/^rates/,$d' "$tmp/out" | cmp -s - "$tmp/vold.txt" && ok || bad "an old log without format does not read as abab""

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
contains "$tmp/out" "12 deals x 8 seatings = 96 games, seed 9, deals 9-20" "a shard's report names its deals"
cat "$tmp/s1.log" "$tmp/s2.log" | cmp -s - "$tmp/full.log" && ok || bad "the shards' logs are not the run's log"
cmp -s "$tmp/s2.jsonl" <(tail -n 96 "$tmp/full.jsonl") && ok || bad "a shard's records differ from the run's"
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
contains "$tmp/out" "Arena: 19 deals x 8" "the deals before an unfinished line count"
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
# (on a loaded machine the kill may come before the files exist: 0 and 0)
r=$(grep -c '^{"format":"schafkopf-record/1".*}$' "$tmp/kill.jsonl" 2>/dev/null)
r=${r:-0}
[ "$r" -ge $((8 * n)) ] && ok || bad "killed: the log holds $n deals, --out only $r whole records"
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
contains "$tmp/err" "pre.jsonl already holds 24 records of the deals this run plays" "records already there reported"
head -n 40 "$tmp/big.jsonl" | cmp -s - "$tmp/pre.jsonl" && ok || bad "records already there were written again"
# a record line cut short (a run killed in the middle of writing it) is
# removed with a warning before the next run appends; the deal written
# before it stays
head -n 16 "$tmp/big.jsonl" >"$tmp/torn.jsonl"
sed -n 17p "$tmp/big.jsonl" | head -c 700 >>"$tmp/torn.jsonl"
status 0 "--out after a torn line" "$PROG" arena $k --deals 2 --first-deal 3 --out "$tmp/torn.jsonl"
contains "$tmp/err" "torn.jsonl: removed an unfinished last line (700 bytes" "torn record line reported"
head -n 32 "$tmp/big.jsonl" | cmp -s - "$tmp/torn.jsonl" && ok || bad "torn record line not repaired"
# a complete last record without its newline only gets the newline
head -n 16 "$tmp/big.jsonl" | head -c -1 >"$tmp/nonl.jsonl"
status 0 "--out after a last line without newline" "$PROG" arena $k --deals 2 --first-deal 3 --out "$tmp/nonl.jsonl"
head -n 32 "$tmp/big.jsonl" | cmp -s - "$tmp/nonl.jsonl" && ok || bad "a complete last record was not kept"
# two shards appending to one --out at once: whole records only (issue 14:
# a third of them were corrupted), every one of them there (75 deals x 8
# seatings each)
k2="--bots heuristic,random --seed 12"
"$PROG" arena $k2 --deals 75 --jobs 1 --out "$tmp/shared.jsonl" --log "$tmp/sh1.log" >/dev/null 2>"$tmp/err1" &
p1=$!
"$PROG" arena $k2 --deals 75 --first-deal 76 --jobs 1 --out "$tmp/shared.jsonl" --log "$tmp/sh2.log" >/dev/null 2>"$tmp/err2" &
p2=$!
wait "$p1" && wait "$p2" && ok || { bad "two shards on one --out failed"; cat "$tmp/err1" "$tmp/err2"; }
[ "$(wc -l <"$tmp/shared.jsonl")" = 1200 ] && ok || bad "two shards: $(wc -l <"$tmp/shared.jsonl") lines, not 1200"
status 0 "two shards' records re-check" "$PROG" check -q "$tmp/shared.jsonl"
[ "$(grep -o '"id":"arena-12-[0-9]*-[1-8]"' "$tmp/shared.jsonl" | sort -u | wc -l)" = 1200 ] && ok ||
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

# --pair: two matches on the same deals, row by row, after - before per
# deal; the changes are the differences of the two sides' means over the
# deals both hold, a log against itself changes nothing
"$PROG" arena --bots policy,random --seed 9 --deals 20 --log "$tmp/pol.log" >/dev/null 2>&1
status 0 "--pair of a log with itself" "$PROG" arena --pair "$tmp/full.log" "$tmp/full.log"
contains "$tmp/out" "Paired: 20 deals in both logs, seed 9, format 1v3; games differ in 0 of them" "--pair header"
[ "$(awk '/^[AB] alone/ && $(NF-5) != "+0.00" { n++ } END { print n + 0 }' "$tmp/out")" = 0 ] && ok ||
    bad "--pair of a log with itself changes something"
status 0 "--pair of two bots" "$PROG" arena --pair "$tmp/full.log" "$tmp/pol.log"
contains "$tmp/out" "A alone: heuristic -> policy" "--pair names the changed bot"
contains "$tmp/out" "B alone: random " "--pair names the unchanged bot once"
awk '/^[AB] alone/ { d = $(NF-6) - $(NF-7) - $(NF-5); if (d > 0.011 || d < -0.011) bad++ } END { exit bad > 0 }' "$tmp/out" &&
    ok || bad "--pair: change is not after - before"
before=$(grep -F "heuristic alone vs 3 B" "$tmp/full.txt" | awk '{ print $(NF-5) }')
[ "$(awk '/^A alone/ { print $(NF-7) }' "$tmp/out")" = "$before" ] && ok || bad "--pair: before is not the run's own figure $before"
status 0 "--pair of a shard and the whole" "$PROG" arena --pair "$tmp/s1.log" "$tmp/full.log"
contains "$tmp/out" "Paired: 8 deals in both logs" "--pair pairs the shared deals"
contains "$tmp/out" "(left out: 0 deals only in BEFORE, 12 only in AFTER)" "--pair counts the deals left out"
"$PROG" arena --pair - "$tmp/pol.log" <"$tmp/full.log" >"$tmp/stdin.txt" 2>&1
"$PROG" arena --pair "$tmp/full.log" "$tmp/pol.log" | cmp -s - "$tmp/stdin.txt" && ok || bad "--pair from stdin differs"
"$PROG" arena --bots heuristic,random,random,random --seed 9 --deals 6 --log "$tmp/r1.log" >/dev/null 2>&1
"$PROG" arena --bots policy,random,random,random --seed 9 --deals 6 --log "$tmp/r2.log" >/dev/null 2>&1
status 0 "--pair of rotated matches" "$PROG" arena --pair "$tmp/r1.log" "$tmp/r2.log"
contains "$tmp/out" "A heuristic -> policy" "--pair of rotated matches: a row per bot"
contains "$tmp/out" "D random" "--pair of rotated matches: the last bot"
status 1 "--pair of two seeds" "$PROG" arena --pair "$tmp/s1.log" "$tmp/other.log"
contains "$tmp/err" "not two matches on the same deals: seed 10 in $tmp/other.log, 9 in $tmp/s1.log" "--pair names the seeds"
status 1 "--pair of 1v3 and abab" "$PROG" arena --pair "$tmp/v.log" "$tmp/vab.log"
contains "$tmp/err" "format abab in $tmp/vab.log, 1v3 in $tmp/v.log" "--pair names the formats"
status 1 "--pair of 1v3 and four bots" "$PROG" arena --pair "$tmp/full.log" "$tmp/r1.log"
status 1 "--pair of other rules" "$PROG" arena --pair "$tmp/full.log" "$tmp/rt.log"
status 1 "--pair without a common deal" "$PROG" arena --pair "$tmp/s1.log" "$tmp/s2.log"
contains "$tmp/err" "have no deal in common" "--pair without a common deal"
status 1 "--pair with a garbage line" "$PROG" arena --pair "$tmp/garbage.log" "$tmp/full.log"
contains "$tmp/err" "garbage.log:4: not JSON" "--pair names the garbage line"
status 1 "--pair with a duplicate deal" "$PROG" arena --pair "$tmp/s1.log" <(cat "$tmp/s1.log" "$tmp/s1.log")
status 1 "--pair of a missing file" "$PROG" arena --pair "$tmp/no-such.log" "$tmp/full.log"
status 2 "--pair of one log" "$PROG" arena --pair "$tmp/full.log"
status 2 "--pair of three logs" "$PROG" arena --pair "$tmp/full.log" "$tmp/full.log" "$tmp/full.log"
status 2 "--pair of stdin twice" "$PROG" arena --pair - -
status 2 "--pair with match options" "$PROG" arena --pair --seed 3 "$tmp/s1.log" "$tmp/full.log"
status 0 "--pair --help" "$PROG" arena --pair --help
contains "$tmp/out" "usage: schafkopf arena --pair BEFORE AFTER" "--pair --help"

# the engine protocol with a POSIX sh engine; a transcript of what it read
first="$ROOT/tests/data/engine_first.sh"
status 0 "arena with the sh engine" "$PROG" arena $lim --bots "ext:tee -a $tmp/engine-in.log | sh $first,random" --deals 3 --seed 4 --jobs 2 --out "$tmp/e.jsonl" --info "$tmp/e.info" --log "$tmp/e.log"
cp "$tmp/out" "$tmp/re"
[ "$(fails "$tmp/re" A)" = 0 ] && ok || { bad "sh engine had failures"; cat "$tmp/re" "$tmp/err"; }
[ "$(wc -l <"$tmp/e.jsonl")" = 24 ] && ok || bad "sh engine match: not 24 records"
status 0 "sh engine records re-check" "$PROG" check "$tmp/e.jsonl"
for line in "schafkopf-engine 1" "rule preset official" "rule kontra_max 2" "rules end" \
    "dealer 0 seat 0 seed " "hand " "event 1 " "legal pass" "legal card " \
    "go $T" "trick 1 winner " "result " "quit"; do
    contains "$tmp/engine-in.log" "$line" "engine transcript"
done
# the go line names the kind of decision and marks a forced one (one
# legal choice); docs/engine-protocol.md, "Decisions"
for line in "go $T kind auction" "go $T kind card" "go $T kind card forced" "go $T kind double"; do
    contains "$tmp/engine-in.log" "$line" "engine transcript: the kind of decision"
done
bad_go=$(grep '^go ' "$tmp/engine-in.log" | grep -Evc "^go $T kind (auction|declare|double|hochzeit|klopfen|card)( forced)?\$")
[ "$bad_go" = 0 ] && ok || bad "engine transcript: $bad_go go lines without a kind"
# forced exactly when one legal line came before the go
awk '/^legal / { n++ } /^go / { f = ($NF == "forced"); if (f != (n == 1)) bad++; n = 0 } END { exit bad > 0 }' \
    "$tmp/engine-in.log" && ok || bad "engine transcript: forced does not mean one legal choice"
# the engine's info lines (one per answer) are kept by game and seat
[ "$(wc -l <"$tmp/e.info")" = "$(grep -c '^go ' "$tmp/engine-in.log")" ] && ok ||
    bad "--info: $(wc -l <"$tmp/e.info") lines, not one per decision"
grep -Evq '^arena-4-[1-3]-[1-8] [0-3] info answering with the first choice$' "$tmp/e.info" &&
    bad "--info: a line not \"GAME SEAT info ...\"" || ok
for id in $(cut -d' ' -f1 "$tmp/e.info" | sort -u); do grep -q "\"id\":\"$id\"" "$tmp/e.jsonl" || echo "$id"; done >"$tmp/e.noid"
[ ! -s "$tmp/e.noid" ] && ok || bad "--info names games that are not in --out: $(head -3 "$tmp/e.noid")"
# the match log keeps them too, by game: games[r].info, {"seat", "line"}
# each, as many as --info has and for the same games and seats
sed 's/{"bots":/\n&/g' "$tmp/e.log" | awk -F'"info":' 'NF > 1 { r++ } /^{"bots":/ { g++ }
    NF > 1 { n = split($2, x, /\{"seat":/); for (i = 2; i <= n; i++) print x[i] }' >"$tmp/e.loginfo"
[ "$(wc -l <"$tmp/e.loginfo")" = "$(wc -l <"$tmp/e.info")" ] && ok ||
    bad "--log: $(wc -l <"$tmp/e.loginfo") info lines, --info $(wc -l <"$tmp/e.info")"
grep -Evq '^[0-3],"line":"info answering with the first choice"}' "$tmp/e.loginfo" &&
    bad "--log: an info entry not {\"seat\":S,\"line\":\"info ...\"}: $(head -2 "$tmp/e.loginfo")" || ok
# the seats of deal 1 seating 2 (arena-4-1-2; the split lines: before
# "match", "match", games[0], games[1]), in the log and in --info
want=$(grep '^arena-4-1-2 ' "$tmp/e.info" | cut -d' ' -f2 | tr -d '\n')
got=$(head -n 1 "$tmp/e.log" | sed 's/{"bots":/\n&/g' | sed -n 4p | grep -o '"seat":[0-3]' | cut -d: -f2 | tr -d '\n')
[ -n "$want" ] && [ "$got" = "$want" ] && ok || bad "--log: game arena-4-1-2 has info of seats \"$got\", --info \"$want\""
status 0 "--combine of a log with info lines" "$PROG" arena --combine "$tmp/e.log"
cmp -s "$tmp/out" "$tmp/re" && ok || { bad "--combine of the engine's log differs"; diff "$tmp/re" "$tmp/out"; }
status 1 "--info the same file as --log" "$PROG" arena --bots "ext:sh $first,random" --deals 1 --log "$tmp/ie.log" --info "$tmp/ie.log"
contains "$tmp/err" "--info must be a file of its own" "--info as --log refused"
# Nothing an engine is told names the match seed, from which every deal
# follows: game ids are opaque ("g" and 16 hex digits), engine seeds are
# keyed hashes (docs/engine-protocol.md, "Secrecy").
grep -Eq '^game g[0-9a-f]{16} dealer [0-3] seat [0-3] seed [0-9]+$' "$tmp/engine-in.log" && ok ||
    bad "engine transcript: no opaque game id"
status 0 "arena, engine secrecy run" "$PROG" arena $lim --bots "ext:tee -a $tmp/secret-in.log | sh $first,random" --deals 3 --seed 987654321987 --jobs 1
if grep -Eq 'arena-|987654321987|e5f4c8f743' "$tmp/secret-in.log"; then
    bad "an engine was told the match seed"; grep -E 'arena-|987654321987' "$tmp/secret-in.log" | head -3
else
    ok
fi
# 1v3: the engine holds 1 seat in 4 seatings and 3 in the other 4 of each
# of 3 deals (48 seats told); one id a game (24)
[ "$(grep -c '^game ' "$tmp/secret-in.log")" = 48 ] && ok || bad "secrecy run: not 48 games told"
[ "$(grep '^game ' "$tmp/secret-in.log" | awk '{print $2}' | sort -u | wc -l)" = 24 ] && ok ||
    bad "secrecy run: not one id per game"
# a match of the engine against itself and the same engine again: all even
status 0 "sh engine mirror" "$PROG" arena $lim --bots "ext:sh $first,ext:sh $first" --deals 2 --seed 4
grep -q "alone vs 3 B *+0.00 " "$tmp/out" && ok || bad "identical engines should be even"

# the Python example engine (needs python3; CI machines may lack it)
if command -v python3 >/dev/null 2>&1; then
    status 0 "arena with the Python engine" "$PROG" arena --bots "ext:python3 $ROOT/examples/engine_random.py,heuristic" --deals 4 --seed 5 --jobs 2 $lim --out "$tmp/py.jsonl"
    [ "$(fails "$tmp/out" A)" = 0 ] && ok || { bad "Python engine had failures"; cat "$tmp/out" "$tmp/err"; }
    status 0 "Python engine records re-check" "$PROG" check "$tmp/py.jsonl"
    cp "$tmp/py.jsonl" "$tmp/py1.jsonl"
    status 0 "Python engine again" "$PROG" arena --bots "ext:python3 $ROOT/examples/engine_random.py,heuristic" --deals 4 --seed 5 --jobs 1 $lim --out "$tmp/py2.jsonl"
    cmp -s "$tmp/py2.jsonl" "$tmp/py1.jsonl" && ok || bad "the seeded Python engine is not reproducible"
    # it reads the kind of each decision and writes it in an info line
    status 0 "Python engine with --info" "$PROG" arena --bots "ext:python3 $ROOT/examples/engine_random.py,heuristic" --deals 2 --seed 5 $lim --info "$tmp/py.info"
    for k in auction declare double card; do
        contains "$tmp/py.info" " info kind $k, " "Python engine: kind $k read"
    done
else
    echo "SKIP: python3 not found: examples/engine_random.py not tested (the sh engines are)"
fi

# misbehaving engines: each failure is reported and counted, the match
# finishes with every game recorded
badeng="$ROOT/tests/data/engine_bad.sh"
# (noready1: only the first start fails, by hanging up in the handshake;
# an engine that never starts stops the match, see below)
for mode in garbage illegal sleep exit noready1; do
    deals=2
    limits=$lim
    # a timeout costs its limit: fewer deals, and a short time, which only
    # the sleeping engine's first decision of a game runs out of
    [ "$mode" = sleep ] && deals=1 limits="--time 200 --start-time $T"
    [ "$mode" = noready1 ] && deals=1
    arg=$mode
    [ "$mode" = noready1 ] && arg="noready1 $tmp/noready1.started"
    status 0 "arena with a $mode engine" "$PROG" arena --bots "ext:sh $badeng $arg,random" --deals $deals --seed 4 --jobs 2 $limits --out "$tmp/bad-$mode.jsonl" --log "$tmp/bad-$mode.log"
    cp "$tmp/out" "$tmp/bad-report"
    case $mode in
    garbage) k=garbage ;; illegal) k=illegal ;; sleep) k=timeout ;; exit) k=crash ;; noready1) k=start ;;
    esac
    n=$(kind "$tmp/out" A "$k")
    [ -n "$n" ] && [ "$n" -gt 0 ] && ok || { bad "$mode engine: no $k failures counted"; cat "$tmp/out"; }
    contains "$tmp/err" ": $k: " "$mode engine: failure reported on stderr"
    contains "$tmp/err" "random play for the rest of the game" "$mode engine: fallback reported"
    [ "$(wc -l <"$tmp/bad-$mode.jsonl")" = $((deals * 8)) ] && ok || bad "$mode engine: not every game recorded"
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
# (the engine runs from this run's own directory, so that looking for
# leftovers sees neither other test runs nor other users' engines)
cp "$badeng" "$tmp/engine_noready.sh"
status 1 "arena with an engine that never says ready" "$PROG" arena --bots "random,ext:sh $tmp/engine_noready.sh noready" --deals 20 --seed 1 --jobs 2 --start-time 100
contains "$tmp/err" "engine B (ext:sh $tmp/engine_noready.sh noready) failed to start 3 times in a row (last: handshake failed: no \"ready\" within 100 ms" "noready engine stops the match"
# (killed engines take a moment to go: the stall bound for that)
noready_gone() { ! pgrep -f "$tmp/engine_noready.sh" >/dev/null 2>&1; }
if sk_wait_until noready_gone; then ok; else
    bad "engine processes left running"; fi

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
# A SIGINT ignored when this script started (it ran in the background of
# a non-interactive shell) stays ignored in every child, job control or
# not, and the arena rightly keeps it so: then only SIGTERM is tried.
sigs="TERM INT"
if [ $((0x$(awk '/^SigIgn:/ { print $2 }' /proc/$$/status 2>/dev/null || echo 0) & 2)) != 0 ]; then
    sigs=TERM
    echo "note: SIGINT is ignored in this run (started in the background): its case is skipped"
fi
for sig in $sigs; do
    pids="$tmp/hang-$sig.pids"
    # (job control on: a background job of a script ignores SIGINT, and the
    # arena keeps an ignored signal ignored, as nohup wants)
    set -m
    "$PROG" arena --bots "ext:sh $hang $pids,random" --deals 3 --seed 1 --jobs 1 --time 3600000 --start-time $T --out "$tmp/hang-$sig.jsonl" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    set +m
    sk_wait_file "$pids" && ok || bad "SIG$sig: the engine never got to its decision"
    kill -"$sig" "$pid"
    if ! sk_wait_until eval '! alive "$pid"'; then
        bad "SIG$sig: the arena did not stop within the stall bound ($SK_STALL s)"
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
        sk_wait_until eval '! alive "$p"'
        if alive "$p"; then left="$left $p"; kill -KILL "$p"; fi
    done
    [ -z "$left" ] && ok || bad "SIG$sig: engine processes left running:$left"
done

# --session N: the table's opponent model kept over blocks of N deals
# (docs/ai.md, "Opponent models"): whole blocks only; the same log for any
# --jobs and for a shard of later blocks; part of the match for --combine
# and resuming, not for --pair; it changes pimc's play against the rules
# of thumb; a stopped run keeps whole blocks
b="--bots pimc:8,heuristic,heuristic,heuristic --seed 5"
status 0 "arena --help" "$PROG" arena --help
contains "$tmp/out" "--session N" "arena --help documents --session"
status 2 "--session with --deals not a multiple" "$PROG" arena $b --deals 4 --session 3
contains "$tmp/err" "--session 3: the run must be whole blocks of 3 deals: --first-deal 1, 4, 7, ... and --deals a multiple of 3 (got --first-deal 1 --deals 4)" "a partial block refused"
status 2 "--session with --first-deal inside a block" "$PROG" arena $b --deals 2 --first-deal 2 --session 2
contains "$tmp/err" "(got --first-deal 2 --deals 2)" "a start inside a block refused"
status 2 "--session x" "$PROG" arena $b --deals 2 --session x
status 2 "--session too long" "$PROG" arena $b --deals 20000 --session 20000
contains "$tmp/err" "session" "a too long session is named"
status 0 "--session 2, one job" "$PROG" arena $b --deals 4 --session 2 --jobs 1 --log "$tmp/ses1.log"
cp "$tmp/out" "$tmp/ses1.txt"
status 0 "--session 2, two jobs" "$PROG" arena $b --deals 4 --session 2 --jobs 2 --log "$tmp/ses2.log"
cmp -s "$tmp/ses1.log" "$tmp/ses2.log" && ok || bad "--session: the log depends on --jobs"
contains "$tmp/ses1.log" '"session":2' "the log records the session"
status 0 "--session: a shard of the second block" "$PROG" arena $b --deals 2 --first-deal 3 --session 2 --log "$tmp/ses3.log"
tail -n 2 "$tmp/ses1.log" | cmp -s - "$tmp/ses3.log" && ok || bad "--session: a block played alone differs"
status 0 "--combine of a session log" "$PROG" arena --combine "$tmp/ses1.log"
cmp -s "$tmp/out" "$tmp/ses1.txt" && ok || bad "--combine of a session log differs from its run"
status 0 "the same match without a model" "$PROG" arena $b --deals 4 --log "$tmp/ses0.log"
status 1 "--combine with and without a model" "$PROG" arena --combine "$tmp/ses0.log" "$tmp/ses1.log"
contains "$tmp/err" "match.session: not the match of $tmp/ses0.log:1: --session 2 here, 0 there" "--combine names the session"
status 1 "resume with another session" "$PROG" arena $b --deals 4 --first-deal 5 --session 4 --log "$tmp/ses1.log"
contains "$tmp/err" "ses1.log:1: match.session: not the match of this run: --session 2 here, 4 there" "resume checks the session"
status 0 "--pair with and without a model" "$PROG" arena --pair "$tmp/ses0.log" "$tmp/ses1.log"
contains "$tmp/out" "Paired: 4 deals in both logs, seed 5, format rotate; games differ in 2 of them" "the model changes pimc's play"
# blocks of one deal: the model learns from a deal only after all its
# seatings, so no game is played with anything learnt -- the play of a
# match without a model
status 0 "--session 1" "$PROG" arena $b --deals 4 --session 1 --log "$tmp/ses-one.log"
status 0 "--pair without a model and blocks of one deal" "$PROG" arena --pair "$tmp/ses0.log" "$tmp/ses-one.log"
contains "$tmp/out" "games differ in 0 of them" "no seating plays with what its own deal taught"
sed 's/"session":2/"session":0/' "$tmp/ses1.log" >"$tmp/ses-bad.log"
status 1 "--combine of a log with session 0" "$PROG" arena --combine "$tmp/ses-bad.log"
contains "$tmp/err" "ses-bad.log:1: match.session: expected an integer 1..10000" "a bad session named"
set -m
"$PROG" arena $b --deals 40 --session 4 --jobs 2 --log "$tmp/ses-stop.log" >/dev/null 2>"$tmp/err" &
pid=$!
set +m
sk_wait_file "$tmp/ses-stop.log" # a block or more done (or the whole run)
kill -TERM "$pid" 2>/dev/null
wait "$pid"
got=$?
n=$(wc -l <"$tmp/ses-stop.log")
if [ "$got" = 143 ]; then
    [ $((n % 4)) = 0 ] && ok || bad "--session 4 stopped with $n deals in the log, not whole blocks"
    contains "$tmp/err" "to go on: --first-deal $((n + 1)) --deals $((40 - n))" "the stop says where to go on"
    status 0 "--session: resume after the stop" "$PROG" arena $b --deals $((40 - n)) --first-deal $((n + 1)) --session 4 --jobs 2 --log "$tmp/ses-stop.log"
else
    [ "$got" = 0 ] && [ "$n" = 40 ] && ok || bad "--session run: exit status $got with $n deals"
fi
status 0 "--session: the whole run" "$PROG" arena $b --deals 40 --session 4 --jobs 1 --log "$tmp/ses-all.log"
cmp -s "$tmp/ses-stop.log" "$tmp/ses-all.log" && ok || bad "--session: a stopped and resumed log differs"

# analyze: a recorded game rated card by card, table and JSON
status 0 "analyze a game" "$PROG" analyze --lang en --game 2 --samples 3 "$tmp/j1.jsonl"
contains "$tmp/out" "Game 2 (arena-7-1-2)" "analyze names the game"
grep -Eq '^ +[0-9]+  [0-3] [EGHS][AZKOU987] +\| [EGHS][AZKOU987] ' "$tmp/out" && ok || bad "analyze rates no card: $(head -12 "$tmp/out")"
# the table fits a terminal of 80 columns
[ "$(LC_ALL=C.UTF-8 wc -L <"$tmp/out")" -le 80 ] && ok || bad "analyze (en): a line wider than 80 columns: $(LC_ALL=C.UTF-8 awk 'length > 80' "$tmp/out" | head -2)"
contains "$tmp/out" "decisions rated" "analyze sums up per seat"
# analyze in German by default (issue 15): every line through the
# translation tables, actions in words, no engine codes, no English
status 0 "analyze in German" "$PROG" analyze --game 2 --samples 3 "$tmp/j1.jsonl"
contains "$tmp/out" "Spiel 2 (arena-7-1-2): Geber Sitz" "analyze (de) names the game"
grep -Eq '^ +[0-9]+  [0-3] [EGHS][AZKOU987] +\| [EGHS][AZKOU987] ' "$tmp/out" && ok || bad "analyze (de) rates no card: $(head -12 "$tmp/out")"
[ "$(LC_ALL=C.UTF-8 wc -L <"$tmp/out")" -le 80 ] && ok || bad "analyze (de): a line wider than 80 columns: $(LC_ALL=C.UTF-8 awk 'length > 80' "$tmp/out" | head -2)"
contains "$tmp/out" "Entscheidungen bewertet" "analyze (de) sums up per seat"
en='card |bid |pass|declare |sauspiel:|solo:|wenz|double dummy|decisions|cents|thrown in|dealer|[Ss]eat [0-9]|Game [0-9]|\bbest\b|\blost\b|\binfo\b'
grep -Eq "$en" "$tmp/out" && bad "analyze (de): English or an engine code: $(grep -Em2 "$en" "$tmp/out")" || ok
# a bid is worth the best game it lets the seat declare, and analyze
# names that game (2.4.2, 2.4.12: "ich spiele" binds the bidder to play,
# the contract is named once he has won the auction, so it may be a
# Solo): seat 3 of deal 10 (seed 5) holds a Solo and bids "ich spiele"
status 0 "arena: a Solo deal" "$PROG" arena --bots heuristic,heuristic --deals 1 --first-deal 10 --seed 5 --out "$tmp/solo.jsonl"
status 0 "analyze a Solo (en)" "$PROG" analyze --lang en --game 1 --samples 4 "$tmp/solo.jsonl"
contains "$tmp/out" "Leaves Solo by seat 3" "analyze (en) names the contract in English"
# a decision that is not a card: its figures on two lines below it
bid=$(grep -A2 -E '^ +1  3 bid sauspiel$' "$tmp/out" | tr '\n' '~')
printf '%s' "$bid" | grep -Eq '~ +info: [+-][0-9]+\.[0-9] cents, best bid sauspiel \((Leaves|Bells) Solo\) [+-][0-9.]+~ +double dummy: [+-][0-9]+ cents, best bid sauspiel \(Bells Solo\) \+270~$' && ok ||
    bad "analyze (en) does not name the Solo behind the bid: $bid"
status 0 "analyze a Solo (de)" "$PROG" analyze --game 1 --samples 4 "$tmp/solo.jsonl"
bid=$(grep -A2 -E '^ +1  3 ich spiele$' "$tmp/out" | tr '\n' '~')
printf '%s' "$bid" | grep -Eq '~ +Wissen: [+-][0-9]+,[0-9] Cent, Tipp ich spiele \((Gras|Schellen)-Solo\) [+-][0-9,]+~ +offen: +[+-][0-9]+ Cent, Tipp ich spiele \(Schellen-Solo\) \+270~$' && ok ||
    bad "analyze (de) does not name the Solo behind the bid: $bid"
# German numbers have a decimal comma
printf '%s' "$bid" | grep -Eq 'Wissen: [+-][0-9]+,[0-9] Cent' && ok || bad "analyze (de): no decimal comma: $bid"
grep -Eq '[0-9]\.[0-9]' "$tmp/out" && bad "analyze (de): a decimal point: $(grep -Em1 '[0-9]\.[0-9]' "$tmp/out")" || ok
status 0 "analyze a Solo (json)" "$PROG" analyze --json --game 1 --samples 4 "$tmp/solo.jsonl"
grep -q '"index":1,"seat":3,"action":"bid sauspiel".*"dd":{"best":"bid sauspiel","best_game":"solo:S"' "$tmp/out" && ok ||
    bad "analyze --json: no best_game of the bid: $(grep -m1 '"index":1,' "$tmp/out")"
status 2 "analyze --lang fr" "$PROG" analyze --lang fr /dev/null
status 2 "analyze --seat 4" "$PROG" analyze --seat 4 /dev/null
contains "$tmp/err" '--seat: "4" is not a number in 0..3' "analyze --seat out of range named"
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
