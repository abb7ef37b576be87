#!/usr/bin/env bash
# test_play.sh -- drives `schafkopf play --plain` from a script through a
# bash coprocess: answers every question with the first legal card or
# choice, feeds bad input once (unknown card, illegal card, garbage) and
# checks the messages, the score sheet (money sums to zero, 5.3.3), the
# saved session file, --resume, EOF handling and `replay`.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
. "$(dirname "$0")/testlib.bash"
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
export XDG_DATA_HOME=$tmp/data
# the opponents these transcripts were written against (pimc became
# the default in issue 15); the user's own settings never count
export XDG_CONFIG_HOME=$tmp/config
mkdir -p "$XDG_CONFIG_HOME/schafkopf" && printf 'opponents = heuristic\n' >"$XDG_CONFIG_HOME/schafkopf/play.conf"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

# --help of both subcommands
"$PROG" play --help | grep -q -- '--seed' && ok "play --help" || fail "play --help"
# issue 40: the help speaks the table's language, German unless English
# is asked for (--lang anywhere, or the settings)
"$PROG" play --help | grep -q '^Aufruf: schafkopf play' && ok "play --help in German" ||
    fail "play --help is not German"
"$PROG" play --lang en --help | grep -q '^usage: schafkopf play' && ok "play --help --lang en" ||
    fail "play --lang en --help is not English"
"$PROG" play --help | grep -q -- '--hold S' && ok "play --help names --hold" || fail "no --hold in play --help"
"$PROG" replay --help | grep -q -- '--game' && ok "replay --help" || fail "replay --help"
"$PROG" play --bogus >/dev/null 2>&1; [ $? -eq 2 ] && ok "bad option" || fail "bad option exit status"

# drive GAMES games with the given extra options; transcript in $1, exit
# status in $drive_rc.  STOP_AFTER=N STOP_HOW=q|INT: after N answers,
# quit with q or send SIGINT (a game left in the middle)
drive() {
    local out=$1; shift
    local bad_done=0 hand="" line legal first illegal answers=0 claim_sent=0 rate_due=${RATE:-0}
    # (job control on: a script's background job would ignore SIGINT)
    set -m
    coproc GAME { exec "$PROG" play --plain --lang en "$@" 2>&1; }
    set +m
    local in from pid=$GAME_PID
    # duplicates: bash closes the coprocess's own descriptors when it ends
    exec {from}<&"${GAME[0]}" {in}>&"${GAME[1]}"
    # (a stall bound: the game says something within SK_STALL seconds)
    local got=0
    while IFS= read -r -t "$SK_STALL" line <&"$from" || { got=$?; false; }; do
        printf '%s\n' "$line" >>"$out"
        # RATE=1: "rate" before the first answer and before the first of game 2
        case $line in "Game 2: Dealer"*) rate_due=${RATE:-0} ;; esac
        case $line in "Legal:"* | "Choices:"*)
            if [ "$rate_due" = 1 ]; then rate_due=0; printf 'rate\n' >&"$in"; fi ;;
        esac
        case $line in "Legal:"* | "Choices:"* | *"(y/n):"*)
            answers=$((answers + 1))
            if [ -n "${STOP_AFTER:-}" ] && [ "$answers" -gt "$STOP_AFTER" ]; then
                if [ "${STOP_HOW:-q}" = q ]; then printf 'q\n' >&"$in"; else kill -INT "$pid"; fi
                continue
            fi
            ;;
        esac
        case $line in
        "Your hand:"*) hand=${line#Your hand: } ;;
        "Legal:"*)
            legal=${line#Legal: }
            first=${legal%% *}
            if [ "${CLAIM:-0}" = 1 ] && [ "$claim_sent" = 0 ]; then
                claim_sent=1 # claim the rest; refused, the same question comes again
                printf 'rest\n' >&"$in"
            elif [ "$bad_done" = 0 ] && [ "${BAD:-0}" = 1 ]; then
                bad_done=1
                illegal=""
                for c in $hand; do
                    case " $legal " in *" $c "*) ;; *) illegal=$c; break ;; esac
                done
                if [ -z "$illegal" ]; then # a card not in the hand: refused too (3.2)
                    for c in EA GA HA SA EZ GZ HZ SZ EK GK; do
                        case " $hand " in *" $c "*) ;; *) illegal=$c; break ;; esac
                    done
                fi
                printf 'XY\n%s\nblah blah\n' "$illegal" >&"$in"
            else
                claim_sent=0
                printf '%s\n' "$first" >&"$in"
            fi
            ;;
        "Choices:"*) printf '1\n' >&"$in" ;;
        *"(y/n):"*) printf 'n\n' >&"$in" ;;
        esac
    done
    exec {from}<&- {in}>&-
    # the game said nothing for the stall bound (read timed out: status
    # above 128): stopped and failed, never waited for forever (its stdin
    # is the coprocess's pipe, which bash keeps open)
    if [ "$got" -gt 128 ]; then
        fail "the game stalled: nothing said for $SK_STALL s ($out)"
        kill -KILL "$pid" 2>/dev/null
    fi
    wait "$pid"
    drive_rc=$?
}

# Whether this shell was started with SIGINT ignored (a background job
# of a non-interactive shell, nohup): its children inherit that and no
# program can be stopped by Ctrl-C's signal then.
sigint_ignored() {
    local mask
    mask=$(awk '/^SigIgn:/ {print $2}' /proc/$$/status 2>/dev/null)
    [ -n "$mask" ] && (((16#$mask >> 1) & 1))
}

# 1. two games with bad input in the first
BAD=1 RATE=1 drive "$tmp/t1" --seed 7 --games 2
grep -q '^Game 2: Dealer' "$tmp/t1" && ok "two games played" || fail "no second game"
grep -q 'No such card: "xy"' "$tmp/t1" && ok "unknown card message" || fail "unknown card message"
grep -Eq '^! You .*\((3\.2|3\.2\.1|3\.2\.2|2\.5\.[2-5])\)' "$tmp/t1" && ok "illegal card names the rule" ||
    fail "illegal card message"
grep -q 'Not understood: "blah blah"' "$tmp/t1" && ok "garbage message" || fail "garbage message"
[ "$(grep -c '^You: ' "$tmp/t1")" -ge 2 ] && ok "game went on after bad input" || fail "no moves by You"
total=$(grep -E '^ +Total ' "$tmp/t1" | tail -n 1)
[ -n "$total" ] || fail "no score sheet total"
sum=$(printf '%s\n' "$total" | awk '{s=0; for(i=NF-3;i<=NF;i++){v=$i; gsub(/[+.]/,"",v); s+=v}; print s}')
[ "$sum" = 0 ] && ok "money row sums to zero ($total)" || fail "money row sums to $sum: $total"
file=$(sed -n 's/^Saved in //p' "$tmp/t1")
[ -f "$file" ] && [ "$(wc -l <"$file")" = 2 ] && ok "session file has 2 records" || fail "session file: $file"
case $file in "$XDG_DATA_HOME"/schafkopf/session-*.jsonl) ok "session file path" ;; *) fail "path $file" ;; esac
# "rate": nothing before the first game ends; in game 2 the player's
# decisions in game 1, as analyze --seat 0 rates them
grep -q '^No game has finished yet that could be rated\.$' "$tmp/t1" &&
    ok "rate before a game ended" || fail "rate before a game ended: $(grep -m2 -i 'rate' "$tmp/t1")"
grep -q '^("rate" in the next game: your decisions in this one)$' "$tmp/t1" &&
    ok "the summary names rate" || fail "the summary does not name rate"
sed -n '/^Your decisions in game 1$/,/^(5 points or/p' "$tmp/t1" >"$tmp/rate1"
grep -q '^You: [0-9]* decisions\? rated' "$tmp/rate1" && ! grep -Eq '^(Seat|Left|Across|Right)' "$tmp/rate1" &&
    grep -Eq '^Game 1: dealer (You|Left|Across|Right), ' "$tmp/rate1" &&
    awk '/^ *[0-9]+  [0-9] / && $2 != 0 { bad = 1 } END { exit bad }' "$tmp/rate1" &&
    grep -q '^best: the best choice' "$tmp/rate1" &&
    ok "rate in game 2 rates the player's decisions in game 1" ||
    fail "rate in game 2: $(head -5 "$tmp/rate1")"
# how to learn from the session: a command to copy, which works
grep -qxF "Rate your decisions: schafkopf analyze --lang en --seat 0 $file" "$tmp/t1" &&
    ok "the end names the analyze command" || fail "no analyze command: $(grep -A1 '^Saved in' "$tmp/t1")"
"$PROG" analyze --lang en --seat 0 "$file" >"$tmp/an1" 2>&1 && grep -q 'decisions\? rated' "$tmp/an1" &&
    ok "analyze reads the session" || fail "analyze of the session: $(tail -2 "$tmp/an1")"
# --seat 0: the person's decisions only, and his summary alone
awk '/^ *[0-9]+  [0-9] / && $2 != 0 { bad = 1 } END { exit bad }' "$tmp/an1" &&
    grep -q '^Seat 0: ' "$tmp/an1" && ! grep -q '^Seat [1-3]: ' "$tmp/an1" &&
    ok "analyze --seat 0 rates the person only" || fail "analyze --seat 0: $(grep -E '^ *[0-9]+  [1-3] |^seat' "$tmp/an1" | head -3)"
# after the games, the evening's account: the games' decisions summed
per=$(grep '^Seat 0: ' "$tmp/an1" | head -n 2 | awk '{ s += $3 } END { print s }')
all=$(grep -A1 '^All 2 games together:$' "$tmp/an1" | sed -n 's/^Seat 0: \([0-9]*\) decision.*/\1/p')
[ -n "$all" ] && [ "$all" = "$per" ] && [ "$(grep -c '^Seat 0: ' "$tmp/an1")" = 3 ] &&
    ok "analyze sums the session's games ($all decisions)" || fail "analyze's total: $(tail -4 "$tmp/an1")"

# 2. the records replay: check, and replay --plain
if [ -f "$file" ]; then
    "$PROG" check -q "$file" && ok "records check" || fail "records do not check"
    "$PROG" replay --plain --lang en --game 2 "$file" >"$tmp/r" 2>&1 && grep -q 'Trick 8: .* won by ' "$tmp/r" &&
        ok "replay --plain" || fail "replay --plain"
    # 3. resume: the third game continues with the next dealer and totals
    drive "$tmp/t3" --seed 8 --games 1 --resume "$file"
    grep -q '^Game 3: Dealer' "$tmp/t3" && ok "resume continues with game 3" || fail "resume"
    [ "$(grep -c '^    [0-9] ' "$tmp/t3")" -ge 3 ] && ok "resumed sheet has 3 rows" || fail "resume rows"
    [ "$(wc -l <"$file")" = 3 ] && ok "resumed game appended" || fail "resume append"
    # 3g. session statistics (issue 15): `stats FILE` counts the games, the
    # declarers' wins by contract, and ends with the score sheet's totals;
    # without FILE it reads the newest session; "statistik" in a game
    # prints the same text for the games so far
    "$PROG" stats --lang en "$file" >"$tmp/st" 2>&1
    grep -q '^Statistics - games: 3, thrown in: [0-3]$' "$tmp/st" && ok "stats: 3 games" ||
        fail "stats: $(head -2 "$tmp/st")"
    sheet=$(grep -E '^ +Total ' "$tmp/t3" | tail -n 1 | awk '{print $(NF-3)}')
    # the statistics write money as English does ("-€1.30"), the sheet a bare amount
    grep -Eq '^  You +[-+]?€[0-9]+\.[0-9]{2} ' "$tmp/st" && ok "stats: money in English, the euro sign first" ||
        fail "stats: $(sed -n '/^Standing/{n;p}' "$tmp/st")"
    mine=$(sed -n '/^Standing/{n;p}' "$tmp/st" | awk '{print $2}' | sed 's/€//')
    [ -n "$sheet" ] && [ "$sheet" = "$mine" ] && ok "stats: your money as on the sheet ($mine)" ||
        fail "stats: $mine, the sheet $sheet"
    last=$(sed -n '/^Over time/,$p' "$tmp/st" | tail -1 | awk '{print $(NF-2)}' | sed 's/€//')
    [ "$last" = "$mine" ] && [ "$(sed -n '/^Over time/,$p' "$tmp/st" | grep -c '^  Game ')" = 3 ] &&
        ok "stats: the course ends at the total" || fail "stats: course $(sed -n '/^Over time/,$p' "$tmp/st")"
    played=$(sed -n '/^Declared/,/^By game/p' "$tmp/st" | grep -o '[0-9]* of [0-9]*' | awk '{s+=$3} END {print s}')
    bygame=$(sed -n '/^By game/,/^Standing/p' "$tmp/st" | grep -v Ramsch | grep -o '[0-9]* of [0-9]*' | awk '{s+=$3} END {print s}')
    [ -n "$played" ] && [ "$played" = "$bygame" ] && ok "stats: declared by seat = by game ($played)" ||
        fail "stats: $played declared by seat, $bygame by game"
    "$PROG" stats >"$tmp/st2" 2>&1
    head -1 "$tmp/st2" | grep -q "^$XDG_DATA_HOME/schafkopf/session-" && grep -q '^Statistik - Spiele: ' "$tmp/st2" &&
        ok "stats: the newest session without FILE, German" || fail "stats: $(head -2 "$tmp/st2")"
    grep -Eq 'Statistics|games|Declared' "$tmp/st2" && fail "stats: English in German" || ok "stats: German only"
    "$PROG" stats "$tmp/nonexistent.jsonl" >/dev/null 2>&1; [ $? = 1 ] && ok "stats: a missing file" || fail "stats: missing file"
    printf 'statistik\nq\n' | "$PROG" play --plain --resume "$file" >"$tmp/st3" 2>&1
    grep -q '^Statistik - Spiele: 3,' "$tmp/st3" && ok "stats: statistik in a game" || fail "stats: $(grep -m1 Statistik "$tmp/st3")"
fi

# the actions of a record line as text, without the closing bracket: a
# prefix of the actions of the same game finished later
actions_of() { sed -n 's/.*"actions":\[\(.*\)\]}$/\1/p; s/.*"actions":\[\(.*\)\],"result".*/\1/p'; }
hands_of() { grep -o '"hands":\[\[[^]]*\],\[[^]]*\],\[[^]]*\],\[[^]]*\]\]'; }

# 3a. a game left in the middle with q, and with Ctrl-C (SIGINT), is
# saved to FILE.partial; --resume goes on at the exact action where it
# stopped (issue 14: the game in progress was lost)
hows="q INT"
if sigint_ignored; then
    hows=q
    echo "skip: INT: this test runs with SIGINT ignored (started in the background by a non-interactive shell), so the game cannot get it"
fi
for how in $hows; do
    export XDG_DATA_HOME=$tmp/data-$how
    STOP_AFTER=4 STOP_HOW=$how drive "$tmp/s-$how" --seed 7 --games 2
    want=0
    [ "$how" = INT ] && want=130
    [ "$drive_rc" = "$want" ] && ok "$how: exit status $want" || fail "$how: exit status $drive_rc, not $want"
    sfile=$(ls "$XDG_DATA_HOME"/schafkopf/session-*.jsonl 2>/dev/null | head -n 1)
    part="$sfile.partial"
    grep -q "^Game in progress saved in $part (schafkopf play --resume $sfile)" "$tmp/s-$how" &&
        ok "$how: says where the game is saved" || fail "$how: no 'Game in progress saved in' message"
    if [ -n "$sfile" ] && [ -s "$part" ]; then
        ok "$how: game in progress saved"
        before=$(actions_of <"$part")
        cp "$part" "$tmp/part-$how"
        [ -n "$before" ] && ok "$how: partial record has actions" || fail "$how: partial record without actions"
        n=$(($(wc -l <"$sfile") + 1)) # the game left in the middle
        drive "$tmp/s2-$how" --seed 7 --games 1 --resume "$sfile"
        grep -q "^Game $n: Dealer" "$tmp/s2-$how" && ok "$how: resumed into game $n" || fail "$how: not resumed into game $n"
        after=$(sed -n "${n}p" "$sfile" | actions_of)
        case $after in "$before",*) ok "$how: resumed at the exact action" ;;
        *) fail "$how: the finished game does not go on from the saved actions" ;; esac
        [ "$(hands_of <"$tmp/part-$how")" = "$(sed -n "${n}p" "$sfile" | hands_of)" ] && ok "$how: same hands" || fail "$how: other hands"
        [ ! -e "$part" ] && ok "$how: side file removed once the game is saved" || fail "$how: side file left"
        "$PROG" check -q "$sfile" && ok "$how: resumed game checks" || fail "$how: resumed game does not check"
    else
        fail "$how: no game in progress saved ($sfile)"
    fi
done
export XDG_DATA_HOME=$tmp/data

# 3b. a truncated last line (a crash while saving) is dropped with a
# warning; the session goes on from the games before it (issue 14)
if [ -f "$file" ]; then
    { head -n 2 "$file"; sed -n 3p "$file" | head -c 300; } >"$tmp/torn.jsonl"
    drive "$tmp/t-torn" --seed 8 --games 1 --resume "$tmp/torn.jsonl"
    grep -q "torn.jsonl:3: the last line is cut short" "$tmp/t-torn" && ok "torn line warned" || fail "torn line: no warning"
    grep -q '^Game 3: Dealer' "$tmp/t-torn" && ok "torn line: goes on with game 3" || fail "torn line: not game 3"
    [ "$(wc -l <"$tmp/torn.jsonl")" = 3 ] && "$PROG" check -q "$tmp/torn.jsonl" && ok "torn line replaced" ||
        fail "torn line: the file is not 3 good records"
    # 3c. a game saved twice counts once, with a warning; the same number
    # for another game is refused
    { head -n 2 "$file"; sed -n 2p "$file"; } >"$tmp/dup.jsonl"
    drive "$tmp/t-dup" --seed 8 --games 1 --resume "$tmp/dup.jsonl"
    grep -q 'dup.jsonl:3: game 2 saved twice (first at line 2): counted once' "$tmp/t-dup" && ok "duplicate warned" ||
        fail "duplicate: no warning"
    grep -q '^Game 3: Dealer' "$tmp/t-dup" && ok "duplicate counted once" || fail "duplicate: not game 3 next"
    [ "$(grep -c '^    [0-9] ' "$tmp/t-dup")" = 3 ] && ok "duplicate: 3 rows" || fail "duplicate: rows"
    { head -n 2 "$file"; sed -n 3p "$file" | sed 's/"id":"3"/"id":"2"/'; } >"$tmp/dup2.jsonl"
    "$PROG" play --plain --resume "$tmp/dup2.jsonl" </dev/null >"$tmp/t-dup2" 2>&1
    [ $? = 1 ] && grep -q 'dup2.jsonl:3: game 2 twice, and not the same game (first at line 2)' "$tmp/t-dup2" &&
        ok "a different game with the same number refused" || fail "same number, other game: not refused"
    # 3d. a record of another ruleset is refused, naming both
    { head -n 1 "$file"; sed -n 2p "$file" | sed 's/"overrides":{}/"overrides":{"unit_cents":"5"}/'; } >"$tmp/rules.jsonl"
    "$PROG" play --plain --resume "$tmp/rules.jsonl" </dev/null >"$tmp/t-rules" 2>&1
    [ $? = 1 ] && grep -q 'rules.jsonl:2: game 2 is of another ruleset: official with unit_cents=5, but the session plays official$' "$tmp/t-rules" &&
        ok "another ruleset refused" || { fail "another ruleset: not refused"; cat "$tmp/t-rules"; }
    # 3e. --preset/--rule/--rules with --resume: the file's ruleset counts
    "$PROG" play --plain --resume "$file" --preset tournament </dev/null >"$tmp/t-preset" 2>&1
    [ $? = 2 ] && grep -q 'plays official, not tournament' "$tmp/t-preset" && ok "--preset with --resume refused" ||
        { fail "--preset with --resume not refused"; cat "$tmp/t-preset"; }
    "$PROG" play --plain --resume "$file" --preset official </dev/null >"$tmp/t-preset" 2>&1
    [ $? = 0 ] && ok "--preset of the file's ruleset with --resume" || fail "--preset official with --resume refused"
fi

# 3f. --seed with --resume goes on with the deals: game 3 of a resumed
# session gets the cards of game 3 of one played through (issue 14: it
# got game 1's again)
export XDG_DATA_HOME=$tmp/seed-a
drive "$tmp/tr-seed-a" --seed 21 --games 3
export XDG_DATA_HOME=$tmp/seed-b
drive "$tmp/tr-seed-b1" --seed 21 --games 2
fb=$(ls "$tmp"/seed-b/schafkopf/session-*.jsonl)
drive "$tmp/tr-seed-b2" --seed 21 --games 1 --resume "$fb"
fa=$(ls "$tmp"/seed-a/schafkopf/session-*.jsonl)
h3=$(sed -n 3p "$fa" | hands_of)
[ -n "$h3" ] && [ "$h3" = "$(sed -n 3p "$fb" | hands_of)" ] && ok "--seed with --resume: game 3 has game 3's cards" ||
    fail "--seed with --resume: game 3 dealt other cards"
[ "$(sed -n 1p "$fa" | hands_of)" != "$(sed -n 3p "$fb" | hands_of)" ] && ok "--seed with --resume: not game 1's cards" ||
    fail "--seed with --resume: game 1's cards again"
export XDG_DATA_HOME=$tmp/data

# 5b. "Der Rest gehört mir" (issue 15, docs/rules.md): at every card of
# ours the script claims the rest first.  A claim that does not hold is
# refused with no penalty (the same question again, the hand unchanged);
# one that holds ends the game at once, the claimer's side taking every
# trick left, and the record still checks as legal actions
export XDG_DATA_HOME=$tmp/claim
CLAIM=1 drive "$tmp/tc" --seed 11 --games 12 --bots heuristic
grep -q '^! That does not hold: some lie of the cards' "$tmp/tc" && ok "claim: refused when it does not hold" ||
    fail "claim: never refused"
held=$(grep -c '^You: The rest is mine$' "$tmp/tc")
[ "$held" -ge 1 ] && ok "claim: $held claims held" || fail "claim: none held in 12 games"
cf=$(ls "$tmp"/claim/schafkopf/session-*.jsonl | head -1)
"$PROG" check -q "$cf" && [ "$(wc -l <"$cf")" = 12 ] && ok "claim: the 12 records check" || fail "claim: records"
# after a held claim no card of ours is asked in that game, and every
# trick after it goes to the claimer's side (You or the known partner)
awk '/^You: The rest is mine$/ {c=1; next} /^Game [0-9]+: Dealer/ {c=0}
     c && /^Legal:/ {print "asked after the claim"} ' "$tmp/tc" | grep -q . &&
    fail "claim: a card asked after a held claim" || ok "claim: the rest played out at once"
[ "$(grep -c '^Score sheet (' "$tmp/tc")" = 12 ] && ok "claim: every game settled" || fail "claim: results"
export XDG_DATA_HOME=$tmp/data

# 5c. --sheet (issue 18, docs/rules.md "Score keeping"): each finished
# game is booked into an evening's sheet, created with the seats' names;
# its totals are the table's, the session file booked into a fresh sheet
# gives the same lines, a second session books on, and a sheet of
# another ruleset is refused
export XDG_DATA_HOME=$tmp/sheet
drive "$tmp/tsh" --seed 12 --games 3 --sheet "$tmp/abend.json"
[ "$drive_rc" = 0 ] && ok "--sheet: played" || fail "--sheet: exit status $drive_rc"
[ "$(grep -c '^  "game \|^  "thrown_in\|^  "ramsch' "$tmp/abend.json")" = 3 ] && ok "--sheet: three lines" ||
    { fail "--sheet: not three lines"; cat "$tmp/abend.json"; }
grep -q '"You",' "$tmp/abend.json" && grep -q '"Across",' "$tmp/abend.json" && ok "--sheet: the seats' names" ||
    fail "--sheet: names"
printf 'show\n' | "$PROG" sheet --file "$tmp/abend.json" --lang en >"$tmp/tsh-show" 2>&1
sheet_total=$(grep '^Total' "$tmp/tsh-show" | tail -1 | awk '{print $2, $3, $4, $5}')
play_total=$(grep -E '^ +Total ' "$tmp/tsh" | tail -1 | awk '{print $(NF-3), $(NF-2), $(NF-1), $NF}' | tr -d '+')
[ -n "$sheet_total" ] && [ "$sheet_total" = "$play_total" ] && ok "--sheet: the totals are the table's ($sheet_total)" ||
    fail "--sheet: sheet $sheet_total, table $play_total"
sf=$(ls "$tmp"/sheet/schafkopf/session-*.jsonl | head -1)
first=$(grep -o '"first_dealer": [0-9]' "$tmp/abend.json" | grep -o '[0-9]$')
printf 'import-games %s\n' "$sf" |
    "$PROG" sheet --file "$tmp/fromfile.json" --players You,Left,Across,Right --dealer $((first + 1)) --lang en \
        >"$tmp/tsh-import" 2>&1
grep -q '^3 games booked from ' "$tmp/tsh-import" && ok "--sheet: the session file imports" ||
    { fail "--sheet: import"; cat "$tmp/tsh-import"; }
diff <(grep -A5 '"entries"' "$tmp/abend.json") <(grep -A5 '"entries"' "$tmp/fromfile.json") >/dev/null &&
    ok "--sheet: the same lines as the session file imported" || fail "--sheet: other lines than the import"
drive "$tmp/tsh2" --seed 13 --games 2 --sheet "$tmp/abend.json"
[ "$(grep -c '^  "game \|^  "thrown_in\|^  "ramsch' "$tmp/abend.json")" = 5 ] && ok "--sheet: a second session books on" ||
    fail "--sheet: not five lines"
"$PROG" play --plain --preset tournament --sheet "$tmp/abend.json" </dev/null >"$tmp/tsh3" 2>&1
[ $? = 2 ] && grep -q 'der Zettel spielt official, nicht tournament' "$tmp/tsh3" && ok "--sheet: another ruleset refused" ||
    { fail "--sheet: another ruleset"; cat "$tmp/tsh3"; }
export XDG_DATA_HOME=$tmp/data

# 4. EOF on stdin ends the session cleanly
printf '1\n' | "$PROG" play --plain --seed 9 >"$tmp/t4" 2>&1
[ $? -eq 0 ] && ok "EOF ends cleanly" || fail "EOF exit status"

# 5. German by default
printf 'q\n' | "$PROG" play --plain --seed 9 >"$tmp/t5" 2>&1
grep -q 'Geber' "$tmp/t5" && ok "German terms by default" || fail "German terms"

# 6. a tournament table plays for tournament points, not money (`score`,
# docs/rules.md "What a table plays for", 5.2.7, 5.2.8): the settlement,
# the sheet and the statistics show points only; with score = money the
# same preset shows money again
drive "$tmp/tt" --seed 11 --games 3 --preset tournament
grep -q '^Score sheet (Tournament points)' "$tmp/tt" && ok "tournament: the sheet counts tournament points" ||
    fail "tournament: sheet title $(grep -m1 '^Score sheet' "$tmp/tt")"
grep -q '^Tournament points: You [+-][0-9]' "$tmp/tt" && ok "tournament: the settlement in points" ||
    fail "tournament: no settlement in points"
grep -Eq '€|[Cc]ents?\b|^Money|[0-9]\.[0-9][0-9]' "$tmp/tt" && fail "tournament: money shown: $(grep -Em3 '€|[Cc]ents?\b|^Money|[0-9]\.[0-9][0-9]' "$tmp/tt")" ||
    ok "tournament: no money anywhere"
ttotal=$(grep -E '^ +Total ' "$tmp/tt" | tail -n 1)
tsum=$(printf '%s\n' "$ttotal" | awk '{s=0; for(i=NF-3;i<=NF;i++) s+=$i; print s}')
[ -n "$ttotal" ] && [ "$tsum" = 0 ] && ok "tournament: points sum to zero ($ttotal)" || fail "tournament: total $ttotal sums to $tsum"
tfile=$(sed -n 's/^Saved in //p' "$tmp/tt")
if [ -f "$tfile" ]; then
    "$PROG" stats --lang en "$tfile" >"$tmp/tst" 2>&1
    grep -q '^Standing (tournament points):$' "$tmp/tst" && ok "tournament: stats stand in points" ||
        fail "tournament: stats $(grep -m1 '^Standing' "$tmp/tst")"
    grep -q '€' "$tmp/tst" && fail "tournament: stats show money" || ok "tournament: stats without money"
    tmine=$(sed -n '/^Standing/{n;p}' "$tmp/tst" | awk '{print $2}')
    [ "$tmine" = "$(printf '%s\n' "$ttotal" | awk '{print $(NF-3)}')" ] && ok "tournament: stats as on the sheet ($tmine)" ||
        fail "tournament: stats $tmine, the sheet $ttotal"
    "$PROG" check -q "$tfile" && ok "tournament: records check" || fail "tournament: records do not check"
    # replay and analyze of a tournament record: points, no money
    played=$(grep -n '"thrown_in":false' "$tfile" | head -1 | cut -d: -f1)
    "$PROG" replay --plain --lang en --game "${played:-1}" "$tfile" >"$tmp/trp" 2>&1
    grep -q '^Tournament points: You [+-][0-9]' "$tmp/trp" && ok "tournament: replay settles in points" ||
        fail "tournament: replay $(grep -m1 -E '^(Money|Tournament)' "$tmp/trp")"
    grep -Eq '€|[Cc]ents?\b|^Money' "$tmp/trp" && fail "tournament: replay shows money" || ok "tournament: replay without money"
    "$PROG" analyze --lang en --samples 2 --jobs 1 "$tfile" >"$tmp/tan" 2>&1
    grep -q 'decisions rated' "$tmp/tan" && grep -q ' TP double dummy$' "$tmp/tan" &&
        ok "tournament: analyze rates in tournament points" || fail "tournament: analyze $(tail -3 "$tmp/tan")"
    grep -Eqi '€|cents?\b|money' "$tmp/tan" && fail "tournament: analyze shows money: $(grep -Eim2 '€|cents?\b|money' "$tmp/tan")" ||
        ok "tournament: analyze without money"
fi
drive "$tmp/tm" --seed 11 --games 1 --preset tournament --rule score=money
grep -q '^Score sheet (money in €)' "$tmp/tm" && grep -q '^Money: ' "$tmp/tm" &&
    ok "tournament with score=money: money again" || fail "tournament with score=money: $(grep -m1 '^Score sheet' "$tmp/tm")"

# A home where nothing can be written (a path under a file; a read-only
# directory for a user who is not root): play plays, says once that
# nothing is saved, in both languages, and saves nothing -- no finished
# game, no game left in the middle, no error for either.
nohome() { env -u XDG_DATA_HOME -u XDG_CONFIG_HOME HOME=/dev/null/home "$@"; }
nohome_drive() { HOME=/dev/null/home XDG_DATA_HOME='' XDG_CONFIG_HOME='' drive "$@"; }
nohome_drive "$tmp/nh" --seed 3 --games 2 --delay 0
[ "$drive_rc" = 0 ] && ok "no home: exit status 0" || fail "no home: exit status $drive_rc: $(head -3 "$tmp/nh")"
grep -q '^Game 2: Dealer' "$tmp/nh" && ok "no home: two games played" || fail "no home: $(head -3 "$tmp/nh")"
[ "$(grep -c 'Nothing is saved' "$tmp/nh")" = 1 ] && ok "no home: said once" ||
    fail "no home: said $(grep -c 'Nothing is saved' "$tmp/nh") times: $(grep -m3 -i 'save\|cannot' "$tmp/nh")"
grep -q '^schafkopf: Nothing is saved: no session file in /dev/null/home/.local/share/schafkopf (Not a directory); the games are played all the same\.$' "$tmp/nh" &&
    ok "no home: says where and why" || fail "no home: $(grep -m1 'saved' "$tmp/nh")"
grep -Eq '^Saved in|^Game in progress saved|cannot|unreadable|Not a directory.*Not a directory' "$tmp/nh" &&
    fail "no home: $(grep -Em2 '^Saved in|^Game in progress saved|cannot|unreadable' "$tmp/nh")" || ok "no home: nothing else said"
STOP_AFTER=3 STOP_HOW=q nohome_drive "$tmp/nhq" --seed 3 --delay 0
[ "$drive_rc" = 0 ] && ! grep -Eq 'in progress|cannot save' "$tmp/nhq" && ok "no home: q in a game, nothing to save" ||
    fail "no home: q: exit $drive_rc, $(grep -Em2 'in progress|cannot save' "$tmp/nhq")"
printf 'q\n' | nohome "$PROG" play --plain --seed 3 >"$tmp/nhde" 2>&1
[ $? = 0 ] && grep -q '^schafkopf: Es wird nichts gespeichert: keine Sitzungsdatei in /dev/null/home/.local/share/schafkopf (Not a directory); gespielt wird trotzdem\.$' "$tmp/nhde" &&
    grep -q '^Spiel 1: Geber' "$tmp/nhde" && ok "no home: in German" || fail "no home, German: $(head -3 "$tmp/nhde")"
# a read-only home, for a user who is not root (root writes anyway)
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
    mkdir -p "$tmp/rohome/.local/share" && chmod 755 "$tmp" && chmod -R 555 "$tmp/rohome"
    printf '#!/bin/sh\nexec setpriv --reuid=nobody --regid=%s --clear-groups "%s" "$@"\n' \
        "$(id -g nobody)" "$PROG" >"$tmp/as-nobody" && chmod 755 "$tmp/as-nobody"
    PROG=$tmp/as-nobody HOME=$tmp/rohome XDG_DATA_HOME='' XDG_CONFIG_HOME='' drive "$tmp/ro" --seed 3 --games 1 --delay 0
    [ "$drive_rc" = 0 ] && grep -q "^schafkopf: Nothing is saved: no session file in $tmp/rohome/.local/share/schafkopf (Permission denied)" "$tmp/ro" &&
        grep -q '^Score sheet' "$tmp/ro" && ok "read-only home: played, nothing saved" ||
        fail "read-only home: exit $drive_rc: $(grep -m2 -i 'saved\|cannot' "$tmp/ro")"
    [ -z "$(ls -A "$tmp/rohome/.local/share")" ] && ok "read-only home: nothing written" || fail "read-only home: $(ls -A "$tmp/rohome/.local/share")"
else
    echo "skipped: a read-only home (not root, or no setpriv and nobody)"
fi

[ "$fails" = 0 ] || { echo "test_play.sh: $fails failed"; exit 1; }
echo "test_play.sh: all passed"
