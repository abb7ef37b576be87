#!/usr/bin/env bash
# test_play.sh -- drives `schafkopf play --plain` from a script through a
# bash coprocess: answers every question with the first legal card or
# choice, feeds bad input once (unknown card, illegal card, garbage) and
# checks the messages, the score sheet (money sums to zero, 5.3.3), the
# saved session file, --resume, EOF handling and `replay`.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME=$tmp/data
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

# --help of both subcommands
"$PROG" play --help | grep -q -- '--seed' && ok "play --help" || fail "play --help"
"$PROG" replay --help | grep -q -- '--game' && ok "replay --help" || fail "replay --help"
"$PROG" play --bogus >/dev/null 2>&1; [ $? -eq 2 ] && ok "bad option" || fail "bad option exit status"

# drive GAMES games with the given extra options; transcript in $1
drive() {
    local out=$1; shift
    local bad_done=0 hand="" line legal first illegal
    coproc GAME { "$PROG" play --plain --lang en "$@" 2>&1; }
    local in from pid=$GAME_PID
    # duplicates: bash closes the coprocess's own descriptors when it ends
    exec {from}<&"${GAME[0]}" {in}>&"${GAME[1]}"
    while IFS= read -r -t 30 line <&"$from"; do
        printf '%s\n' "$line" >>"$out"
        case $line in
        "Your hand:"*) hand=${line#Your hand: } ;;
        "Legal:"*)
            legal=${line#Legal: }
            first=${legal%% *}
            if [ "$bad_done" = 0 ] && [ "${BAD:-0}" = 1 ]; then
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
                printf '%s\n' "$first" >&"$in"
            fi
            ;;
        "Choices:"*) printf '1\n' >&"$in" ;;
        *"(y/n):"*) printf 'n\n' >&"$in" ;;
        esac
    done
    exec {from}<&- {in}>&-
    wait "$pid"
}

# 1. two games with bad input in the first
BAD=1 drive "$tmp/t1" --seed 7 --games 2
grep -q '^Game 2: Dealer' "$tmp/t1" && ok "two games played" || fail "no second game"
grep -q 'No such card: "xy"' "$tmp/t1" && ok "unknown card message" || fail "unknown card message"
grep -Eq '^! seat 0 .*\((3\.2|3\.2\.1|3\.2\.2|2\.5\.[2-5])\)' "$tmp/t1" && ok "illegal card names the rule" ||
    fail "illegal card message"
grep -q 'Not understood: "blah blah"' "$tmp/t1" && ok "garbage message" || fail "garbage message"
[ "$(grep -c '^You: ' "$tmp/t1")" -ge 2 ] && ok "game went on after bad input" || fail "no moves by You"
total=$(grep '^  Total' "$tmp/t1" | tail -n 1)
[ -n "$total" ] || fail "no score sheet total"
sum=$(printf '%s\n' "$total" | awk '{s=0; for(i=2;i<=5;i++){v=$i; gsub(/[+.]/,"",v); s+=v}; print s}')
[ "$sum" = 0 ] && ok "money row sums to zero ($total)" || fail "money row sums to $sum: $total"
tsum=$(printf '%s\n' "$total" | awk -F'|' '{s=0; n=split($2,a," "); for(i=1;i<=n;i++) s+=a[i]; print s}')
[ "$tsum" = 0 ] && ok "tournament row sums to zero" || fail "tournament row sums to $tsum"
file=$(sed -n 's/^Saved in //p' "$tmp/t1")
[ -f "$file" ] && [ "$(wc -l <"$file")" = 2 ] && ok "session file has 2 records" || fail "session file: $file"
case $file in "$XDG_DATA_HOME"/schafkopf/session-*.jsonl) ok "session file path" ;; *) fail "path $file" ;; esac

# 2. the records replay: check, and replay --plain
if [ -f "$file" ]; then
    "$PROG" check -q "$file" && ok "records check" || fail "records do not check"
    "$PROG" replay --plain --lang en --game 2 "$file" >"$tmp/r" 2>&1 && grep -q 'Trick 8: .* won by seat' "$tmp/r" &&
        ok "replay --plain" || fail "replay --plain"
    # 3. resume: the third game continues with the next dealer and totals
    drive "$tmp/t3" --seed 8 --games 1 --resume "$file"
    grep -q '^Game 3: Dealer' "$tmp/t3" && ok "resume continues with game 3" || fail "resume"
    [ "$(grep -c '^    [0-9] ' "$tmp/t3")" -ge 3 ] && ok "resumed sheet has 3 rows" || fail "resume rows"
    [ "$(wc -l <"$file")" = 3 ] && ok "resumed game appended" || fail "resume append"
fi

# 4. EOF on stdin ends the session cleanly
printf '1\n' | "$PROG" play --plain --seed 9 >"$tmp/t4" 2>&1
[ $? -eq 0 ] && ok "EOF ends cleanly" || fail "EOF exit status"

# 5. German by default
printf 'q\n' | "$PROG" play --plain --seed 9 >"$tmp/t5" 2>&1
grep -q 'Geber' "$tmp/t5" && ok "German terms by default" || fail "German terms"

[ "$fails" = 0 ] || { echo "test_play.sh: $fails failed"; exit 1; }
echo "test_play.sh: all passed"
