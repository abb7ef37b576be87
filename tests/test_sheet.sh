#!/usr/bin/env bash
# test_sheet.sh -- `schafkopf sheet` end to end: an evening typed line by
# line into a file, the sheet, who pays whom, CSV and JSON, the file read
# back, undo, refusals (said at once and counted at the end, the file
# untouched; exit status 0 as long as what was booked is saved, 1 when a
# save or a write failed) and the command line's errors (exit status 2).
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
contains "$tmp/out" "Aufruf: schafkopf sheet" "sheet --help (German by default, issue 40)"
"$PROG" sheet --help --lang en >"$tmp/out" 2>&1 && ok || bad "sheet --help --lang en"
contains "$tmp/out" "usage: schafkopf sheet" "sheet --help --lang en"
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
[ "$status" = 0 ] && ok || bad "a refused line, the sheet saved: status $status"
contains "$tmp/err" "1 line refused" "the refusal counted at the end"
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

# Every refusal names its rule once, in both languages: core's message
# names it already ("... (3.3)"), and the sheet said it again.
input 'game sauspiel:E declarer=Anna partner=Bert points=75 kontra=5' \
    'game solo:H declarer=Anna points=75 laid=3' 'ramsch losers=Anna' \
    'game sauspiel:E declarer=Anna points=70' 'game wenz declarer=Anna laufende=7 points=70' \
    'game solo:H declarer=Anna points=70 schwarz' 'game sie declarer=Anna' \
    'penalty 3.4.18 solo:H declarer=Anna offender=Bert' 'redeal 3.4.14'
for lang in en de; do
    sheet --players Anna,Bert,Carl,Dora --lang $lang < "$tmp/in"
    [ "$(grep -c 'Refused\|Abgelehnt' "$tmp/err")" = 9 ] && ok ||
        { bad "$lang: nine refusals"; cat "$tmp/err"; }
    if grep -E '\(([^()]*)\).*\(\1\)' "$tmp/err"; then bad "$lang: a rule named twice"; else ok; fi
done
contains "$tmp/err" "So oft darf hier nicht gedoppelt werden (Regel 3.3)" "a German refusal"

# A Stock (002): a throw-in fills the pot, it shows on the sheet and in
# who pays whom.
input 'thrown_in' 'show' 'pay'
sheet --rule stock=declarer --players A,B,C,D --lang en < "$tmp/in"
contains "$tmp/out" "Stock 0.40" "the pot on the sheet"
contains "$tmp/out" "A pays 0.10 to Stock" "the pot in who pays whom"

# Statistics over two evenings (the earlier one's file named), the money
# chart, in German; English words too.  docs/rules.md "Statistics".
input 'spiel wenz spieler=Bert augen=70' 'spiel solo:G spieler=Eva augen=50 kontra=1' \
    'statistik '"$f" 'grafik '"$tmp/geld.svg"' '"$f"
sheet --file "$tmp/abend2.json" --players Anna,Bert,Chris,Eva < "$tmp/in"
[ "$status" = 0 ] && ok || { bad "stats: status $status"; cat "$tmp/err"; }
contains "$tmp/out" "Statistik: 2 Abende, 6 Spiele" "stats over two evenings (the misdeal is no game)"
contains "$tmp/out" "gewonnen/gespielt" "stats: won of played"
contains "$tmp/out" "Grafik geschrieben: " "chart written"
lacks "$tmp/out" "declarer" "German statistics in English"
grep -q '^Eva ' "$tmp/out" && grep -q '^Dora ' "$tmp/out" && ok || bad "stats: every player of both evenings"
grep -q 'xmlns="http://www.w3.org/2000/svg"' "$tmp/geld.svg" && ok || bad "chart: no SVG"
contains "$tmp/geld.svg" "Abend 2" "chart: the evenings marked"
contains "$tmp/geld.svg" "Geld im Verlauf" "chart: German title"
if command -v xmllint >/dev/null; then
    xmllint --noout "$tmp/geld.svg" && ok || bad "chart: not well-formed XML"
fi
input 'stats' 'chart'
sheet --file "$tmp/abend2.json" --lang en < "$tmp/in"
[ "$status" = 0 ] && ok || bad "chart without a file: status $status"
contains "$tmp/out" "Statistics: 1 evening, 2 games" "stats in English"
contains "$tmp/err" "chart: which file? (chart FILE)" "chart without a file"

# The CSV read back into a new sheet of the same ruleset, players and
# first dealer: written again it is the same text.  An edited amount is
# refused naming the row and the column, and the file stays.
printf 'csv\n' | "$PROG" sheet --file "$f" > "$tmp/abend.csv"
input "csv-laden $tmp/abend.csv" 'csv'
sheet --file "$tmp/back.json" --players Anna,Bert,Chris,Dora < "$tmp/in"
[ "$status" = 0 ] && ok || { bad "import-csv: status $status"; cat "$tmp/err"; }
contains "$tmp/out" "5 Spiele eingetragen aus" "import-csv says what it booked"
sed -n '/^game,dealer/,$p' "$tmp/out" > "$tmp/again.csv"
cmp -s "$tmp/abend.csv" "$tmp/again.csv" && ok || bad "export, import, export: not the same text"
sed 's/,-180,0,0,180,/,-170,0,0,170,/' "$tmp/abend.csv" > "$tmp/edited.csv"
cp "$tmp/back.json" "$tmp/back-before.json"
input "import-csv $tmp/edited.csv"
sheet --file "$tmp/back.json" --lang en < "$tmp/in"
[ "$status" = 0 ] && ok || bad "an edited CSV: status $status"
contains "$tmp/err" 'CSV row 2, column 1 (game): game 1, but the sheet'"'"'s next game is 6' "the game numbers go on"
input "import-csv $tmp/edited.csv"
sheet --file "$tmp/fresh.json" --players Anna,Bert,Chris,Dora --lang en < "$tmp/in"
contains "$tmp/err" 'CSV row 5, column 7 (Anna cents): "-170" in the file, "-180" under the sheet' "an edited amount"
grep -q '"entries": \[\]' "$tmp/fresh.json" && ok || bad "a refused CSV left entries in the file"
cmp -s "$tmp/back.json" "$tmp/back-before.json" && ok || bad "a refused CSV changed the file"
input "import-csv $tmp/nothing.csv"
sheet --lang en < "$tmp/in"
contains "$tmp/err" "nothing.csv: cannot read" "a missing CSV"

# Game records booked into a sheet: seat N is player N; a record of
# another ruleset is refused, naming the file and line, all or nothing.
"$PROG" selfplay --games 3 --seed 4 --out "$tmp/games.jsonl" >/dev/null 2>&1
if [ -s "$tmp/games.jsonl" ]; then
    dealer=$(head -1 "$tmp/games.jsonl" | grep -o '"dealer":[0-9]' | grep -o '[0-9]$')
    input "spiele-laden $tmp/games.jsonl" 'liste'
    sheet --file "$tmp/games.json" --players A,B,C,D --dealer $((dealer + 1)) < "$tmp/in"
    [ "$status" = 0 ] && ok || { bad "import-games: status $status"; cat "$tmp/err"; }
    contains "$tmp/out" "3 Spiele eingetragen aus" "import-games says what it booked"
    [ "$(grep -c '^  "game \|^  "thrown_in' "$tmp/games.json")" = 3 ] && ok || bad "import-games: 3 lines kept"
    sed '2s/"overrides":{}/"overrides":{"unit_cents":"5"}/' "$tmp/games.jsonl" > "$tmp/other.jsonl"
    input "import-games $tmp/other.jsonl"
    sheet --file "$tmp/other.json" --players A,B,C,D --lang en < "$tmp/in"
    [ "$status" = 0 ] && ok || bad "import-games of another ruleset: status $status"
    contains "$tmp/err" "other.jsonl:2: the game's ruleset" "import-games names file and line"
    contains "$tmp/err" "(nothing booked)" "import-games: all or nothing"
    grep -q '"entries": \[\]' "$tmp/other.json" && ok || bad "import-games: a refused file left entries"
    # an endless line is cut at a record's most bytes, never read whole
    input "import-games /dev/zero"
    sheet --lang en < "$tmp/in"
    [ "$status" = 0 ] && ok || bad "import-games /dev/zero: status $status"
    contains "$tmp/err" "/dev/zero:1: > 1048576 bytes" "import-games: an endless line"
else
    bad "selfplay wrote no games"
fi

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
[ "$status" = 0 ] && ok || bad "control bytes: status $status"
contains "$tmp/err" "1 Zeile abgelehnt" "control bytes: a line refused"
if grep -q $'\033' "$tmp/err" "$tmp/out"; then bad "ESC reached the output"; else ok; fi
# A line past 1,024 bytes stops the reading with a message.
{ printf 'spiel %02000d\n' 0; echo zusammen; } > "$tmp/in"
sheet < "$tmp/in"
[ "$status" = 1 ] && ok || bad "a long line: status $status"

# What the keeper typed wrong is said at once, in words that name the
# mistake, and counted when the sheet ends (ende, quit or the end of
# the input); the exit status says whether the sheet was saved.
for lang in de en; do
    input 'spiel sauspiel:E spieler=Anna augen=70' 'spiel solo:H spieler=Anna augen=130' \
        'spiel solo:H spieler=Anna augen=75' 'ende' 'spiel wenz spieler=Bert augen=80'
    sheet --file "$tmp/ende-$lang.json" --players Anna,Bert,Chris,Dora --lang $lang < "$tmp/in"
    [ "$status" = 0 ] && ok || { bad "$lang: refused lines, then ende: status $status"; cat "$tmp/err"; }
    grep -q 'solo:H' "$tmp/ende-$lang.json" && ok || bad "$lang: the game typed right is saved"
    grep -q 'wenz' "$tmp/ende-$lang.json" && bad "$lang: a line after ende was read" || ok
done
# 2.5.2: a Sauspiel without partner= lacks the partner; 1.2.4: a game
# has 0..120 points
sheet --file "$tmp/ende-de2.json" --players Anna,Bert,Chris,Dora < "$tmp/in"
contains "$tmp/err" "Abgelehnt: Partner fehlt (Regel 2.5.2)" "de: a missing partner"
contains "$tmp/err" 'Abgelehnt: Augen: "130" ist nicht 0..120 (Regel 1.2.4)' "de: points past 120"
contains "$tmp/err" "2 Zeilen abgelehnt" "de: the refusals counted"
lacks "$tmp/err" "keine Zahl" "de: 130 is a number"
sheet --file "$tmp/ende-en2.json" --players Anna,Bert,Chris,Dora --lang en < "$tmp/in"
contains "$tmp/err" "Refused: partner: missing" "en: a missing partner"
contains "$tmp/err" 'Refused: points: "130" is not 0..120 (1.2.4)' "en: points past 120"
contains "$tmp/err" "2 lines refused" "en: the refusals counted"
lacks "$tmp/err" "not a number" "en: 130 is a number"
# A chart that cannot be written fails the run (a path under a file).
input 'game solo:H declarer=Anna points=75' "chart $tmp/ende-en.json/chart.svg" 'quit'
sheet --file "$tmp/ende-en3.json" --players Anna,Bert,Chris,Dora --lang en < "$tmp/in"
[ "$status" = 1 ] && ok || bad "a chart not written: status $status"
contains "$tmp/err" "Chart not written: $tmp/ende-en.json/chart.svg: Not a directory" \
    "a chart not written"
lacks "$tmp/out" "Chart written" "a chart not written"
# A sheet that cannot be saved fails the run: the entry is taken back.
input 'game solo:H declarer=Anna points=75' 'quit'
sheet --file "$tmp/ende-en.json/sheet.json" --lang en < "$tmp/in"
[ "$status" != 0 ] && ok || bad "a sheet that cannot be saved: status 0"

echo "test_sheet.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
