#!/usr/bin/env bash
# test_tournament.sh -- `schafkopf tournament` end to end, the "done
# when" of issue 18: a scripted 2-stage tournament of 13 players (one
# five-seat table per stage) from registration to printed standings,
# every sum checked against the hand-worked example of
# docs/tournament.md (tests/data/tournament/example.txt); the file read
# back; refusals that change nothing; English words.
set -u
PROG=${SK_PROG:-build/schafkopf}
ROOT=${SK_ROOT:-.}
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
tour() { # tour ARGS... < input: runs the command, keeps out, err, status
    "$PROG" tournament "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

"$PROG" tournament --help >"$tmp/out" 2>&1 && ok || bad "tournament --help"
contains "$tmp/out" "usage: schafkopf tournament" "tournament --help"
"$PROG" --help | grep -q '^  tournament ' && ok || bad "tournament missing from the usage"
tour < /dev/null
[ "$status" = 2 ] && ok || bad "a new tournament without --seed: status $status"
contains "$tmp/err" "--seed" "the seed is asked for (5.2.2)"

# The example, typed line by line into a file.
f=$tmp/turnier.json
tour --file "$f" --seed "Feldmoching 2026" < "$ROOT/tests/data/tournament/example.txt"
[ "$status" = 0 ] && ok || { bad "the example: status $status"; cat "$tmp/err"; }

# 5.2.2: the draws follow from the seed (docs/tournament.md).
contains "$tmp/out" "Tisch 1: 5 Emil, 7 Gerti, 3 Carl, 9 Ida" "stage 1, table 1"
contains "$tmp/out" "Tisch 2: 1 Anna, 11 Kathi, 13 Max, 4 Dora" "stage 1, table 2"
contains "$tmp/out" "Tisch 3: 12 Luise, 6 Fritz, 8 Hans, 10 Jakob, 2 Bert" "stage 1, five-seat table"
contains "$tmp/out" "Tisch 1: 13 Max, 4 Dora, 6 Fritz, 9 Ida" "stage 2, table 1"
contains "$tmp/out" "Tisch 2: 3 Carl, 1 Anna, 8 Hans, 12 Luise" "stage 2, table 2"
contains "$tmp/out" "Tisch 3: 2 Bert, 11 Kathi, 10 Jakob, 5 Emil, 7 Gerti" "stage 2, five-seat table"
# every line that changes the tournament says what it did
contains "$tmp/out" "Spiele je Runde: 4" "the games per stage confirmed"
contains "$tmp/out" "Tisch 3, Spiel 3: Schellen-Solo: Jakob gewonnen (berichtigt von Schiedsrichter)" \
    "a correction confirmed (5.3.4)"
grep -q '^Tisch 2, Spiel 1: .*\[gestrichen\] (von Schiedsrichter)$' "$tmp/out" && ok ||
    { bad "a struck game confirmed"; grep '^Tisch 2, Spiel 1' "$tmp/out"; }
contains "$tmp/out" "Preis für Platz 1: 100,00 €" "a prize confirmed"

# The sheets: every line as worked by hand (5.2.7), 5.2.15, 5.2.14/5.2.17,
# 3.4.17, the correction (5.3.4), the cross check of each round (5.3.3).
printf '%s\n' 'liste 1/1' 'liste 1/2' 'liste 1/3' 'liste 2/1' 'liste 2/2' 'liste 2/3' \
    >"$tmp/in"
tour --file "$f" < "$tmp/in"
[ "$status" = 0 ] && ok || { bad "the sheets: status $status"; cat "$tmp/err"; }
sheets=$tmp/sheets.txt
cp "$tmp/out" "$sheets"
row() { # row TEXT: a sheet line's points as printed
    contains "$sheets" "$1" "sheet line"
}
# stage 1, table 1 (5.2.15: the first game's Schwarz Solo counts as Schneider, 9/3)
row "  1.       +9       -3       -3       -3  Herz-Solo: Emil gewonnen, schwarz (erstes Spiel, 5.2.15)"
row "  3.       +3       +3       +3       -9  Wenz: Ida verloren, schneider"
row "   =      +13       -1       -1      -11  Durchgang 1: Gegenprobe 0"
# stage 1, table 2 (5.2.14, 5.2.17: the unapproved Tout is struck; 3.4.17: the revoke)
row "  2.       +0       +0       +0       +0  Eichel-Solo Tout: Kathi gewonnen [gestrichen]"
row "  4.       -9       +0       +9       +0  Strafe 3.4.14: Eichel-Solo, Anna"
row "   =      -10       -3       +8       +5  Durchgang 1: Gegenprobe 0"
# stage 1, table 3 (five seats; 5.3.4: game 3 corrected to won)
row "  3.       -2       -2       +0       +6       -2  Schellen-Solo: Jakob gewonnen"
row "   =       +2       +1       +1       +3       -7  Durchgang 1: Gegenprobe 0"
# stage 2, table 1 (5.2.14: the approved Tout, 18/6)
row "  2.      +18       -6       -6       -6  Herz-Solo Tout: Max gewonnen [genehmigt]"
row "   =      +13       -7       +5      -11  Durchgang 1: Gegenprobe 0"
# stage 2, table 2 (5.2.17: game 1 struck by the referee)
row "  1.       +0       +0       +0       +0  Sauspiel mit der Eichel-Sau: Carl + Anna gewonnen [gestrichen]"
row "   =      -11       +3       +5       +3  Durchgang 1: Gegenprobe 0"
# stage 2, table 3
row "   =       +2       -9       +1       +8       -2  Durchgang 1: Gegenprobe 0"
lacks "$sheets" "Gegenprobe -" "5.3.3: no cross check but 0"

# 5.4.1, 5.4.2: the standings as worked by hand.
printf 'stand\n' | "$PROG" tournament --file "$f" >"$tmp/st" 2>&1
for want in \
    "  1.  13 Max                        +21  0/1/1/1/1  100,00" \
    "  2.   5 Emil                       +21  0/0/0/2/2  60,00" \
    "  3.   8 Hans                        +6  0/0/0/1/1  40,00" \
    "  4.   6 Fritz                       +6  0/0/0/1/1" \
    "  5.  12 Luise                       +5" "  6.  10 Jakob                       +4" \
    "  7.   4 Dora                        -2" "  8.   7 Gerti                       -3" \
    "  9.   2 Bert                        -5" " 10.   1 Anna                        -7" \
    " 11.   3 Carl                       -12" " 12.  11 Kathi                      -12" \
    " 13.   9 Ida                        -22"; do
    contains "$tmp/st" "$want" "standings"
done
# the points sum to zero over the field (5.3.3)
sum=$(awk '/^ *[0-9]+\. /{s += $4} END {print s}' "$tmp/st")
[ "$sum" = 0 ] && ok || bad "the standings sum to $sum"

# Printed: seating plans, sheets with signatures, standings (HTML, print styles).
mkdir "$tmp/druck"
printf 'drucken %s\n' "$tmp/druck" | "$PROG" tournament --file "$f" >"$tmp/out" 2>&1
for p in standings seating-1 seating-2 sheets-1 sheets-2; do
    [ -s "$tmp/druck/$p.html" ] && ok || bad "no $p.html"
done
contains "$tmp/druck/sheets-1.html" "@media print" "print styles"
contains "$tmp/druck/sheets-1.html" "Unterschrift" "5.3.2: signatures"
contains "$tmp/druck/sheets-1.html" "Augen falsch gezählt" "5.3.4: the correction's reason"
contains "$tmp/druck/sheets-1.html" "Schiedsrichter" "5.3.4: who signed it off"
contains "$tmp/druck/sheets-1.html" "class=solo" "5.3.3: Solos circled"
contains "$tmp/druck/sheets-1.html" "<td class=l>berichtigt</td>" "5.3.4: what the change was"
contains "$tmp/druck/sheets-2.html" "vom Schiedsrichter aberkannt" "5.2.17: the strike's reason"
contains "$tmp/druck/sheets-2.html" "<td class=l>gestrichen</td>" "5.2.17: the strike in the trail"
contains "$tmp/druck/standings.html" "<td>1</td><td>13</td><td class=l>Max</td>" "standings: Max first"
contains "$tmp/druck/standings.html" "100,00 &euro;" "the prize table"
contains "$tmp/druck/seating-2.html" "Feldmoching 2026" "the published seed on the plan"
lacks "$tmp/druck/standings.html" "Standings" "German pages show no English"

# A refused line changes nothing: the file stays as it was.
cp "$f" "$tmp/before"
printf '%s\n' 'tisch 1 spiel solo:H spieler=Max augen=70' 'anmelden Max' 'auslosen 4' \
    'korrigieren 1 1 spiel wenz spieler=Max gewonnen -- ohne Unterschrift' 'quatsch' \
    >"$tmp/in"
tour --file "$f" < "$tmp/in"
[ "$status" = 1 ] && ok || bad "refused lines: status $status"
cmp -s "$f" "$tmp/before" && ok || bad "a refused line changed the file"
contains "$tmp/err" "Abgelehnt" "refusals in German"
lacks "$tmp/err" "table" "no English in German refusals"
[ "$(grep -c Abgelehnt "$tmp/err")" = 5 ] && ok || { bad "five refusals"; cat "$tmp/err"; }

# The same in English: the words change, the numbers do not.
printf 'standings\nsheet 1/3\n' | "$PROG" tournament --lang en --file "$f" >"$tmp/en" 2>&1
contains "$tmp/en" "Standings" "English"
contains "$tmp/en" "   =       +2       +1       +1       +3       -7  Round 1: Cross check 0" "English sheet"
contains "$tmp/en" "  1.  13 Max                        +21" "English standings"

# The field changes in English: byes (5.2.2), a late entry, a withdrawal,
# a substitute taking over the points (5.2.11), an unpaid player not drawn.
g=$tmp/cup.json
printf '%s\n' 'register Anna paid' 'register Bert paid' 'register Carl paid' \
    'register Dora paid' 'register Emil paid' 'register Fritz' 'games 1' 'draw 1 byes' \
    'table 1 game solo:H declarer=Anna won' 'substitute 1 Xaver' 'withdraw 2' \
    'register Gerti paid' 'draw 2 five' 'plan 2' 'standings' >"$tmp/in"
tour --lang en --seed cup --file "$g" < "$tmp/in"
[ "$status" = 0 ] && ok || { bad "the field changes: status $status"; cat "$tmp/err"; }
contains "$tmp/out" "bye: " "5.2.2: a bye in stage 1"
lacks "$tmp/out" "6 Fritz," "the unpaid player is not drawn"
sed -n '/^Stage 2/,/^Standings/p' "$tmp/out" | grep -v '^Standings' >"$tmp/stage2"
contains "$tmp/stage2" "7 Gerti" "the late entry is drawn for stage 2"
lacks "$tmp/stage2" " Bert" "the withdrawn player is not drawn"
lacks "$tmp/stage2" " Fritz" "the unpaid player is not drawn"
contains "$tmp/out" "Xaver (for Anna)" "5.2.11: the substitute under the number"
contains "$tmp/out" "Substitute: start number 1: Xaver (for Anna)" "the substitute confirmed"
contains "$tmp/out" "Withdrawn: start number 2: Bert" "the withdrawal confirmed"
contains "$tmp/out" "Games per stage: 1" "the games per stage confirmed in English"
grep -q "^  1\.   1 Xaver (for Anna) *+6" "$tmp/out" && ok || { bad "5.2.11: the points go with the number"; cat "$tmp/out"; }

# A broken file is refused with where, and nothing is written.
printf '{"format":"schafkopf-tournament","version":1,"seed":"x","lines":[{"line":"auslosen 1","at":0}]}' >"$tmp/bad.json"
tour --file "$tmp/bad.json" < /dev/null
[ "$status" = 1 ] && ok || bad "a broken file: status $status"
contains "$tmp/err" "lines[0]" "the broken line is named"

echo "test_tournament.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
