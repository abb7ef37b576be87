#!/usr/bin/env bash
# test_settings.sh -- the settings of `schafkopf play` (issue 15): the
# settings screen in line mode (play --settings and the o key in a game),
# the file in $XDG_CONFIG_HOME/schafkopf/ (else ~/.config/schafkopf/),
# read at start with the command line overriding it, and a bad file:
# a message naming the line, the defaults for the bad lines, no crash.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config
conf=$tmp/config/schafkopf/play.conf
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
play_script() {
    local out=$1 input=$2; shift 2
    printf '%b' "$input" | "$PROG" play --plain "$@" >"$out" 2>&1
}

# 1. play --settings: numbered settings, a value typed, a number alone
# steps to the next choice, Enter saves (temp file + rename: none left)
play_script "$tmp/t1" '2 0,20 €\n3\n4 2 s\n\n' --settings
[ $? = 0 ] && ok "1: --settings ends with 0" || fail "1: exit status"
grep -q '^  2 Tarif: wie die Regeln (10 Cent je Einheit) \[preset\]$' "$tmp/t1" && ok "1: the tariff of the rules at first" ||
    fail "1: $(grep -m1 Tarif "$tmp/t1")"
grep -q '^  2 Tarif: 20 Cent je Einheit (Sauspiel 0,20 €) \[20 ct\]$' "$tmp/t1" && ok "1: a tariff in euros" ||
    fail "1: $(grep Tarif "$tmp/t1" | tail -1)"
grep -q '^  3 Gegner: Standard: sehr stark \[default\]$' "$tmp/t1" && ok "1: the default opponents: pimc (sehr stark)" ||
    fail "1: $(grep -m1 Gegner "$tmp/t1")"
grep -q '^  3 Gegner: Anfänger (zufällig) \[random\]$' "$tmp/t1" && ok "1: a number alone steps" || fail "1: step"
grep -q "^Einstellungen gespeichert in $conf\$" "$tmp/t1" && ok "1: says where" || fail "1: $(tail -1 "$tmp/t1")"
grep -qx 'tariff = 20 ct' "$conf" && grep -qx 'opponents = random' "$conf" && grep -qx 'trick_pause = 2000 ms' "$conf" &&
    ok "1: the file" || fail "1: $(cat "$conf")"
[ "$(ls "$tmp/config/schafkopf")" = play.conf ] && ok "1: no temporary file left" || fail "1: $(ls "$tmp/config/schafkopf")"
grep -Eq 'Settings|Tariff|Opponents|cents' "$tmp/t1" && fail "1: English in German mode" || ok "1: German only"

# a bad value is refused by name and changes nothing; q discards
play_script "$tmp/t1b" '2 zehn\n5\nq\n' --settings
grep -q '^Kein Wert für Tarif: "zehn"$' "$tmp/t1b" && ok "1: a bad value named" || fail "1: $(grep -m1 Kein "$tmp/t1b")"
grep -q '^  5 Language: English \[en\]$' "$tmp/t1b" && ok "1: the screen speaks the language chosen" || fail "1: language"
grep -q '^Settings unchanged\.$\|^Einstellungen unverändert\.$' "$tmp/t1b" && grep -qx 'lang = de' "$conf" &&
    ok "1: q leaves the file" || fail "1: q: $(tail -1 "$tmp/t1b")"

# 2. the file is read at start: tariff, opponents, language; the
# command line overrides it
printf 'preset = stammtisch\ntariff = 50 ct\nlang = en\nopponents = heuristic\n' >"$conf"
play_script "$tmp/t2" 'q\n' --seed 2
grep -q '^Game 1: Dealer' "$tmp/t2" && ok "2: English from the file" || fail "2: $(head -1 "$tmp/t2")"
grep -q '^Choices: .*bid geier' "$tmp/t2" && ok "2: the file's preset" || fail "2: no Geier under the file's stammtisch"
play_script "$tmp/t2b" 'q\n' --seed 2 --lang de --preset official
grep -q '^Spiel 1: Geber' "$tmp/t2b" && ! grep -q 'bid geier' "$tmp/t2b" && ok "2: --lang and --preset override" ||
    fail "2: $(head -2 "$tmp/t2b")"
printf 'tariff = 50 ct\n' >"$conf"
XDG_DATA_HOME=$tmp/data2c play_script "$tmp/t2c" 'q\n' --seed 5
grep -q '"overrides":{"unit_cents":"50"}' "$tmp"/data2c/schafkopf/session-*.jsonl.partial 2>/dev/null &&
    ok "2: the tariff is the session's unit_cents" || fail "2: $(cat "$tmp"/data2c/schafkopf/session-*.partial | head -c 300)"

# 3. a bad file: the line named, the defaults for it, the good lines
# taken, the game goes on; garbage does not crash it
printf 'lang = en\ntariff = zehn\nfoo = 1\ntrick_pause\n' >"$conf"
play_script "$tmp/t3" 'q\n' --seed 2
grep -q "^schafkopf: settings $conf, line 2: \"zehn\" is no value of tariff; the default is used instead (and 2 more bad lines)\$" "$tmp/t3" &&
    ok "3: the bad line named" || fail "3: $(head -1 "$tmp/t3")"
grep -q '^Game 1: Dealer' "$tmp/t3" && ok "3: the good lines count, the game goes on" || fail "3: $(sed -n 2p "$tmp/t3")"
printf 'tariff = zehn\n' >"$conf"
play_script "$tmp/t3de" 'q\n' --seed 2
grep -q "^schafkopf: Einstellungen $conf, Zeile 1: \"zehn\" ist kein Wert für tariff; dafür gilt der Standard\$" "$tmp/t3de" &&
    ok "3: in German" || fail "3: $(head -1 "$tmp/t3de")"
head -c 3000 /dev/urandom >"$conf"
play_script "$tmp/t3g" 'q\n' --seed 2
rc=$?
[ $rc = 0 ] && grep -q '^Spiel 1: Geber\|^Game 1: Dealer' "$tmp/t3g" && ok "3: garbage: no crash, the game starts" ||
    fail "3: garbage: exit $rc: $(head -2 "$tmp/t3g")"
mkdir -p "$tmp/dirconf/schafkopf/play.conf"
XDG_CONFIG_HOME=$tmp/dirconf play_script "$tmp/t3d" 'q\n' --seed 2
grep -q "^schafkopf: Einstellungen $tmp/dirconf/schafkopf/play.conf: nicht lesbar; es gelten die Standardwerte\$" "$tmp/t3d" &&
    grep -q '^Spiel 1' "$tmp/t3d" && ok "3: an unreadable file" || fail "3: $(head -1 "$tmp/t3d")"
XDG_CONFIG_HOME=$tmp/dirconf play_script "$tmp/t3e" '\n' --settings
[ $? = 1 ] && grep -q "^Einstellungen nicht gespeichert ($tmp/dirconf/schafkopf/play.conf: " "$tmp/t3e" &&
    ok "3: a failed save says why, exit 1" || fail "3: $(tail -1 "$tmp/t3e")"

# 4. without XDG_CONFIG_HOME: ~/.config/schafkopf/play.conf
mkdir -p "$tmp/home"
printf '\n' | env -u XDG_CONFIG_HOME HOME=$tmp/home "$PROG" play --plain --settings >"$tmp/t4" 2>&1
[ -f "$tmp/home/.config/schafkopf/play.conf" ] && ok "4: ~/.config/schafkopf/ without XDG_CONFIG_HOME" ||
    fail "4: $(tail -1 "$tmp/t4")"

# 5. the o key in a game: the settings screen; the language applies at
# once, the file is saved, and the same question is asked again
rm -f "$conf"
play_script "$tmp/t5" 'o\n5\n\nq\n' --seed 3
grep -q '^  1 Regeln: offiziell (Schafkopfschule) \[official\]$' "$tmp/t5" && ok "5: o opens the settings" ||
    fail "5: $(grep -m3 -n . "$tmp/t5" | tail -2)"
grep -q '^Regeln, Tarif und Gegner gelten ab der nächsten Runde\.$' "$tmp/t5" && ok "5: says what applies when" || fail "5: note"
grep -q "^Settings saved in $conf\$" "$tmp/t5" && grep -qx 'lang = en' "$conf" && ok "5: saved" || fail "5: $(grep -i saved "$tmp/t5")"
tail -3 "$tmp/t5" | grep -q '^Your choice (number or words' && ok "5: asked again, in English" ||
    fail "5: $(tail -3 "$tmp/t5")"
grep -q 'o Optionen' <(printf 'h\nq\n' | "$PROG" play --plain --lang de --seed 3 2>&1) && ok "5: the help names the key" ||
    fail "5: help without o"

# 6. --lang overrides the saved language on the settings screen too:
# the screen speaks the language the table will speak once saved -- the
# one chosen there if it changed, else the table's -- and a save that
# leaves the language alone leaves the table's
printf 'lang = de\n' >"$conf"
play_script "$tmp/t6" '4 2 s\n\n' --settings --lang en
grep -q '^  4 Trick pause: 1\.5 s \[1500 ms\]$' "$tmp/t6" && grep -q '^  4 Trick pause: 2\.0 s \[2000 ms\]$' "$tmp/t6" &&
    ok "6: --settings --lang en speaks English over a German file" || fail "6: $(grep -E '^  4 ' "$tmp/t6")"
play_script "$tmp/t6t" '2 25\n\n' --settings --lang en
grep -q '^  2 Tariff: 25 cents a unit (Sauspiel €0\.25) \[25 ct\]$' "$tmp/t6t" &&
    ok "6: a tariff in English euros" || fail "6: $(grep Tariff "$tmp/t6t" | tail -1)"
grep -q "^Settings saved in $conf\$" "$tmp/t6" && grep -qx 'lang = de' "$conf" && grep -qx 'trick_pause = 2000 ms' "$conf" &&
    ok "6: saved, the language left as it was" || fail "6: $(tail -1 "$tmp/t6"): $(grep -v '^#' "$conf")"
play_script "$tmp/t6a" '5\n\n' --settings --lang de
grep -q '^  5 Language: English \[en\]$' "$tmp/t6a" && grep -q "^Settings saved in $conf\$" "$tmp/t6a" &&
    grep -qx 'lang = en' "$conf" && ok "6: a language chosen there speaks at once" || fail "6: $(tail -3 "$tmp/t6a")"
printf 'lang = de\n' >"$conf"
play_script "$tmp/t6b" 'o\n4 1 s\n\nq\n' --seed 3 --lang en
grep -q '^  1 Rules: official' "$tmp/t6b" && ok "6: the o key with --lang en: English" || fail "6: $(grep -m1 -E '^  1 ' "$tmp/t6b")"
grep -qx 'lang = de' "$conf" && grep -qx 'trick_pause = 1000 ms' "$conf" && tail -3 "$tmp/t6b" | grep -q '^Your choice (number' &&
    ok "6: a saved pause leaves the game in English" || fail "6: $(tail -3 "$tmp/t6b")"

[ "$fails" = 0 ] || { echo "test_settings.sh: $fails failed"; exit 1; }
echo "test_settings.sh: all passed"
