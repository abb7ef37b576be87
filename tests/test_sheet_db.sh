#!/usr/bin/env bash
# test_sheet_db.sh -- `schafkopf sheet --db` and `schafkopf tournament --db`:
# evenings, groups and tournaments kept in the store the server uses
# (docs/store.md "Books", docs/rules.md "Score keeping"): a group with its
# roster, an evening that goes on, a new evening, statistics over the
# group's evenings, undo kept as a mark, the same sheet as with --file, a
# tournament reopened by its name, and the refusals.
set -u
PROG=${SK_PROG:-build/schafkopf}
. "$(dirname "$0")/testlib.bash"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
contains() { if grep -qF -- "$2" "$1"; then ok; else bad "$3: no \"$2\" in"; cat "$1"; fi; }
run() { # run CMD ARGS... < input
    "$PROG" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}
db=$tmp/s.db

# A new group with a roster of five; the first evening, four at the table.
printf '%s\n' 'spiel solo:H spieler=Anna augen=75' \
    'spiel sauspiel:E spieler=Bert partner=Chris gewonnen' >"$tmp/in"
run sheet --db "$db" --group Stammtisch --roster Anna,Bert,Chris,Dora,Emil \
    --players Anna,Bert,Chris,Dora <"$tmp/in"
[ "$status" = 0 ] && ok || { bad "new group: status $status"; cat "$tmp/err"; }
contains "$tmp/out" "Neue Gruppe Stammtisch" "new group"
contains "$tmp/out" "Neuer Abend" "new evening"
grep -Eq 'Schlüssel für die Seiten des Servers: [0-9a-f]{64}$' "$tmp/out" && ok || bad "no edit key"
contains "$tmp/out" "Spiel 2: Bert Sauspiel" "the games booked"

# The evening goes on (found by the group's title in any case).
printf '%s\n' 'zusammen' 'zurück' 'spiel wenz spieler=Dora augen=30' 'liste' >"$tmp/in"
run sheet --db "$db" --group stammtisch <"$tmp/in"
[ "$status" = 0 ] && ok || { bad "going on: status $status"; cat "$tmp/err"; }
contains "$tmp/out" "2 Spiele" "the evening's two games"
contains "$tmp/out" "Zurückgenommen: zusammengeworfen" "undo"
contains "$tmp/out" "Spiel 3: Dora Wenz verloren (30)" "game 3"
evening=$(sed -n 's/^Abend \([a-z0-9]*\), 2 Spiele$/\1/p' "$tmp/out")
[ -n "$evening" ] && ok || bad "no evening code"

# The same lines in a file give the same sheet.
printf '%s\n' 'spiel solo:H spieler=Anna augen=75' \
    'spiel sauspiel:E spieler=Bert partner=Chris gewonnen' 'zusammen' 'zurück' \
    'spiel wenz spieler=Dora augen=30' >"$tmp/in"
run sheet --file "$tmp/f.json" --players Anna,Bert,Chris,Dora <"$tmp/in"
printf 'liste\n' | "$PROG" sheet --file "$tmp/f.json" >"$tmp/file-show"
printf 'liste\n' | "$PROG" sheet --db "$db" --group Stammtisch --evening "$evening" | tail -n +3 >"$tmp/db-show"
cmp -s "$tmp/file-show" "$tmp/db-show" && ok || { bad "the store's sheet differs from the file's"; diff "$tmp/file-show" "$tmp/db-show"; }

# A new evening with Emil; statistics cover both evenings of the group.
printf '%s\n' 'spiel wenz spieler=Emil augen=80' 'statistik' >"$tmp/in"
run sheet --db "$db" --group Stammtisch --evening new --players Emil,Anna,Bert,Chris <"$tmp/in"
[ "$status" = 0 ] && ok || { bad "second evening: status $status"; cat "$tmp/err"; }
contains "$tmp/out" "Statistik: 2 Abende, 4 Spiele" "stats over the group"
grep -Eq '^Emil +1 +1 ' "$tmp/out" && ok || { bad "Emil's line"; cat "$tmp/out"; }

# The list: the group with both evenings.
run sheet --db "$db" --list --lang en
contains "$tmp/out" "Groups and their evenings:" "list"
[ "$(grep -c '^    ' "$tmp/out")" = 2 ] && ok || { bad "two evenings listed"; cat "$tmp/out"; }

# A tournament kept in the store, reopened by its name.
printf '%s\n' 'anmelden Anna bezahlt' 'anmelden Bert' >"$tmp/in"
run tournament --db "$db" --name Herbstrennen --seed "Zeitung 26.11." <"$tmp/in"
[ "$status" = 0 ] && ok || { bad "new tournament: status $status"; cat "$tmp/err"; }
contains "$tmp/out" "Neues Turnier Herbstrennen" "new tournament"
printf 'stand\n' | "$PROG" tournament --db "$db" --name herbstrennen >"$tmp/out" 2>&1
contains "$tmp/out" "Bert" "the tournament read back"
run sheet --db "$db" --list
contains "$tmp/out" "Herbstrennen             2 Zeilen" "the tournament listed with its lines"

# A tournament-preset evening shows tournament points, not money (5.2.7).
printf '%s\n' 'spiel solo:H spieler=Anna augen=75' 'liste' >"$tmp/in"
run sheet --preset tournament --players Anna,Bert,Chris,Dora <"$tmp/in"
contains "$tmp/out" "| Anna +6 | Bert -2" "points per game"
contains "$tmp/out" "Turnierpunkte" "the sheet in points"
if grep -q ',' "$tmp/out"; then bad "money on a points sheet"; cat "$tmp/out"; else ok; fi

# Refusals.
run sheet --db "$db" --file "$tmp/x.json" </dev/null
[ "$status" = 2 ] && ok || bad "--db with --file: $status"
run sheet --roster A,B,C,D </dev/null
[ "$status" = 2 ] && ok || bad "--roster without --group: $status"
run sheet --db "$db" --group Stammtisch --preset stammtisch </dev/null
[ "$status" = 2 ] && contains "$tmp/err" "has its ruleset" "rules of an existing group"
run sheet --db "$db" --group Stammtisch --evening nosuch </dev/null
[ "$status" = 2 ] && contains "$tmp/err" "no evening" "unknown evening"
run sheet --db "$db" --group Neu --players A1,B1 </dev/null
[ "$status" = 2 ] && contains "$tmp/err" "needs --roster" "a group of two"
run tournament --db "$db" --name Nix </dev/null
[ "$status" = 2 ] && contains "$tmp/err" "needs --seed" "unknown tournament without seed"
run tournament --db "$db" --name Herbstrennen --seed again </dev/null
[ "$status" = 2 ] && contains "$tmp/err" "its seed stands" "seed of an existing tournament"
# The store in use by another process: a clear message, nothing written.
# The locker says when it holds the lock and holds it until it is
# killed (it was 5 s from its start: on a loaded machine the lock could
# come late or go early).
( exec 9>"$db.lock"; flock -x 9; echo held >"$tmp/locked"; exec sleep infinity ) &
locker=$!
sk_wait_file "$tmp/locked" || bad "the locker never held the lock"
run sheet --db "$db" --group Stammtisch </dev/null
[ "$status" = 1 ] && contains "$tmp/err" "in use by another process" "a held store"
kill "$locker" 2>/dev/null; wait "$locker" 2>/dev/null

echo "test_sheet_db.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
