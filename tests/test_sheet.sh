#!/usr/bin/env bash
# test_sheet.sh -- `schafkopf sheet` end to end: an evening typed line by
# line into a file, the sheet, who pays whom, CSV and JSON, the file read
# back, undo, refusals (exit status 1, the file untouched) and the
# command line's errors (exit status 2).
set -u
PROG=${SK_PROG:-build/schafkopf}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
contains() { # contains FILE TEXT DESCRIPTION
    if grep -qF -- "$2" "$1"; then ok; else bad "$3: no \"$2\" in"; cat "$1"; fi
}
lacks() { # lacks FILE TEXT DESCRIPTION
    if grep -qF -- "$2" "$1"; then bad "$3: \"$2\" in"; cat "$1"; else ok; fi
}
sheet() { # sheet ARGS... < input: runs the command, keeps out, err, status
    "$PROG" sheet "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}
input() { printf '%s\n' "$@" >"$tmp/in"; } # the lines typed next

"$PROG" sheet --help >"$tmp/out" 2>&1 && ok || bad "sheet --help"
contains "$tmp/out" "usage: schafkopf sheet" "sheet --help"
"$PROG" --help | grep -q '^  sheet ' && ok || bad "sheet missing from the program's usage"

# An evening in German: 4.2.2 Laufende, a Sauspiel with Kontra, a throw-in,
# a revoke (3.4.14 -> 3.4.17), a misdeal (3.4.2), and the sheet.
f=$tmp/abend.json
input 'spiel solo:H spieler=Anna augen=75 laufende=3' \
    'spiel sauspiel:E spieler=Bert partner=Chris gewonnen schneider kontra=1' \
    'zusammen' \
    'strafe 3.4.14 wenz spieler=Dora fehler=Anna' \
    'neu 3.4.2' \
    'liste' 'punkte' 'zahlen'
sheet --file "$f" --players Anna,Bert,Chris,Dora < "$tmp/in"
[ "$status" = 0 ] && ok || { bad "the evening: status $status"; cat "$tmp/err"; }
contains "$tmp/out" "Spiel 1: Anna Herz-Solo gewonnen (75), 3 Laufende | Anna 2,40" "game 1"
contains "$tmp/out" "Spiel 4: Fehler (3.4.14) Anna: Dora Wenz | Anna -1,80 | Dora 1,80" "revoke"
contains "$tmp/out" "Summe     0,20    -0,40    -0,40     0,60" "totals after a round (5.3.3)"
contains "$tmp/out" "Chris: zusammengeworfen" "the dealer column"
contains "$tmp/out" "Turnierpunkte" "the tournament points"
contains "$tmp/out" "Bert zahlt 0,40 an Dora" "who pays whom"
contains "$tmp/out" "Chris zahlt 0,20 an Anna" "who pays whom"
lacks "$tmp/out" " pays " "German output in English"
[ "$(grep -c '^Chris zahlt\|^Bert zahlt\|^Anna zahlt\|^Dora zahlt' "$tmp/out")" = 3 ] && ok ||
    bad "three transfers settle 0,20 -0,40 -0,40 0,60"
grep -q '"zusammen"' "$f" && ok || bad "the file keeps the lines"

# The file read back, in English: the same totals; undo takes back the
# last entry only; a refused line leaves the file as it was.
cp "$f" "$tmp/before.json"
input 'game solo:E declarer=Bert partner=Anna points=80' 'pay'
sheet --file "$f" --lang en < "$tmp/in"
[ "$status" = 1 ] && ok || bad "a refused line: status $status"
contains "$tmp/err" "Refused: partner: the declarer of a Solo-type game plays alone (2.6.2)" \
    "core's refusal, field and rule"
cmp -s "$f" "$tmp/before.json" && ok || bad "a refused line changed the file"
contains "$tmp/out" "Bert pays 0.40 to Dora" "the file read back"
input 'game wenz declarer=Chris lost' 'undo' 'csv' 'json'
sheet --file "$f" --lang en < "$tmp/in"
[ "$status" = 0 ] && ok || { bad "undo: status $status"; cat "$tmp/err"; }
contains "$tmp/out" "Taken back: Chris Wenz lost" "undo"
contains "$tmp/out" '4,"Dora",penalty,wenz,revoke,"strafe 3.4.14 wenz spieler=Dora fehler=Anna",-180,0,0,180,-9,0,0,9,0' "CSV row"
contains "$tmp/out" '"format": "schafkopf-sheet"' "JSON export"
cmp -s "$f" "$tmp/before.json" && ok || bad "undo did not restore the file"

# A Stock (002): a throw-in fills the pot, it shows on the sheet and in
# who pays whom.
input 'thrown_in' 'show' 'pay'
sheet --rule stock=declarer --players A,B,C,D --lang en < "$tmp/in"
contains "$tmp/out" "Stock 0.40" "the pot on the sheet"
contains "$tmp/out" "A pays 0.10 to Stock" "the pot in who pays whom"

# Bad command lines: exit status 2 with a message.
sheet --players Anna,Bert < /dev/null
[ "$status" = 2 ] && ok || bad "--players with two names: status $status"
contains "$tmp/err" "--players: 4 distinct names" "--players message"
sheet --file "$f" --players A,B,C,D < /dev/null
[ "$status" = 2 ] && ok || bad "--players with an existing file: status $status"
contains "$tmp/err" "its ruleset and players stand" "existing file message"
sheet --lang fr < /dev/null
[ "$status" = 2 ] && ok || bad "--lang fr: status $status"
sheet --dealer Zoe < /dev/null
[ "$status" = 2 ] && ok || bad "--dealer Zoe: status $status"
sheet extra < /dev/null
[ "$status" = 2 ] && ok || bad "an extra argument: status $status"
echo '{"format":"schafkopf-sheet","version":1}' > "$tmp/bad.json"
sheet --file "$tmp/bad.json" < /dev/null
[ "$status" = 1 ] && ok || bad "a bad file: status $status"
contains "$tmp/err" "rules: missing" "a bad file names the member"

# Input a terminal must not see raw: control bytes are refused, quoted.
printf 'spiel solo:H spieler=\033[2J augen=70\n' > "$tmp/in"
sheet < "$tmp/in"
[ "$status" = 1 ] && ok || bad "control bytes: status $status"
if grep -q $'\033' "$tmp/err" "$tmp/out"; then bad "ESC reached the output"; else ok; fi
# A line past 1,024 bytes stops the reading with a message.
{ printf 'spiel %02000d\n' 0; echo zusammen; } > "$tmp/in"
sheet < "$tmp/in"
[ "$status" = 1 ] && ok || bad "a long line: status $status"

echo "test_sheet.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
