#!/usr/bin/env bash
# test_untrusted.sh -- the program trusts nothing from outside and loses
# nothing: `check` compares a record's stored result with the replay's;
# input echoed in a message is escaped (no raw terminal escapes on
# stderr); read and write errors fail every subcommand with a message;
# endless lines and NUL bytes are refused with their position; a preset
# after options is an error on the command line as in files and records;
# options that contradict each other are named (docs/rules.md,
# docs/record-format.md).
set -u
PROG=${SK_PROG:-build/schafkopf}
. "$(dirname "$0")/testlib.bash"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
contains() { # contains FILE TEXT DESCRIPTION
    if grep -qF -- "$2" "$1"; then ok; else bad "$3: no \"$2\" in"; cat -v "$1"; fi
}
status_is() { # status_is WANT GOT DESCRIPTION
    if [ "$2" = "$1" ]; then ok; else bad "$3: exit status $2, not $1"; fi
}
no_escape() { # no_escape FILE DESCRIPTION: no raw ESC or BEL byte
    if LC_ALL=C grep -q $'[\x1b\x07]' "$1"; then bad "$2: raw control bytes:"; cat -v "$1"; else ok; fi
}

"$PROG" selfplay --games 20 --seed 4 >"$tmp/good.jsonl"
"$PROG" check -q "$tmp/good.jsonl" 2>"$tmp/err"
status_is 0 $? "check of good records"

# -- check compares the stored result, field by field -----------------
python3 - "$tmp/good.jsonl" "$tmp/tampered.jsonl" <<'PY' || bad "python3 could not write the tampered records"
import json, sys
lines = open(sys.argv[1]).read().splitlines()
out = []
for i, line in enumerate(lines):
    r = json.loads(line)
    if i == 2:
        r["result"]["money"] = [v + (1 if k == 0 else -1 if k == 1 else 0) for k, v in enumerate(r["result"]["money"])]
        r["result"]["won"] = not r["result"]["won"]
    if i == 5:
        r["result"]["points"] = "lots"
    out.append(json.dumps(r, separators=(",", ":")))
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
"$PROG" check "$tmp/tampered.jsonl" >"$tmp/out" 2>"$tmp/err"
status_is 1 $? "check of a tampered result"
contains "$tmp/err" "game 3" "a result difference names the record"
contains "$tmp/err" "result.won: stored " "the field won is compared"
contains "$tmp/err" "result.money: stored [" "the field money is compared"
contains "$tmp/err" ", computed [" "the computed value is shown"
contains "$tmp/err" 'game 6' "the second tampered record"
contains "$tmp/err" 'result.points: stored \"lots\", computed [' "a value of the wrong type"
contains "$tmp/err" "2 of 20 games failed" "only the tampered records fail"
[ "$(wc -l <"$tmp/out")" = 20 ] && ok || bad "check still prints every computed result"

# -- escaping: ids, override keys, ruleset bytes, arguments -------------
python3 - "$tmp/good.jsonl" "$tmp/evil.jsonl" <<'PY' || bad "python3 could not write the evil records"
import json, sys
r = json.loads(open(sys.argv[1]).readline())
r["id"] = "evil\x1b[31m\x07"
r["actions"][0]["seat"] = (r["actions"][0]["seat"] + 1) % 4   # out of turn
k = dict(r); k["rules"] = {"preset": "official", "overrides": {"x\x1b[2J": "1"}}
open(sys.argv[2], "w").write(json.dumps(r) + "\n" + json.dumps(k) + "\n")
PY
"$PROG" check "$tmp/evil.jsonl" >/dev/null 2>"$tmp/err"
status_is 1 $? "check of evil records"
no_escape "$tmp/err" "check echoes an id and an override key"
contains "$tmp/err" 'evil\x1b[31m\x07' "the id is shown escaped"
contains "$tmp/err" 'x\x1b[2J' "the override key is shown escaped"
printf 'kontra_max = 1\n\033[31mred = 2\n' >"$tmp/evil.rules"
"$PROG" rules --rules "$tmp/evil.rules" >/dev/null 2>"$tmp/err"
status_is 2 $? "a ruleset file with an escape sequence"
no_escape "$tmp/err" "rules echoes a ruleset line"
contains "$tmp/err" 'line 2: unknown rule option "\x1b[31mred"' "the ruleset key escaped"
"$PROG" rules --rule $'k\033]0;t\007=1' >/dev/null 2>"$tmp/err"
no_escape "$tmp/err" "--rule echoes its argument"
"$PROG" $'nope\033[2J' >/dev/null 2>"$tmp/err"
no_escape "$tmp/err" "an unknown command is echoed"
"$PROG" check $'/nonexistent/\033[2J' >/dev/null 2>"$tmp/err"
no_escape "$tmp/err" "a file name is echoed"

# -- write errors: every subcommand that writes fails on a full disk ----
if [ -w /dev/full ]; then
    for cmd in "check $tmp/good.jsonl" "deal --seed 1" "rules" "rules --preset kurz" \
               "selfplay --games 2 --seed 1" "legal $tmp/deal.json" "--help" "--version"; do
        [ "$cmd" = "legal $tmp/deal.json" ] && "$PROG" deal --seed 2 --json >"$tmp/deal.json"
        # shellcheck disable=SC2086
        "$PROG" $cmd >/dev/full 2>"$tmp/err"
        st=$?
        [ "$st" != 0 ] && ok || bad "$cmd > /dev/full: exit status 0"
        contains "$tmp/err" "write error" "$cmd > /dev/full names the write error"
    done
    # every subcommand's help (the list the program prints, so a new
    # command is covered), asked either way: one check at exit, main.c
    cmds=$("$PROG" --help | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
    [ "$(echo "$cmds" | wc -w)" -ge 17 ] && ok || bad "the program's usage lists its commands: $cmds"
    for c in $cmds; do
        for how in "$c --help" "help $c"; do
            # shellcheck disable=SC2086
            "$PROG" $how >/dev/full 2>"$tmp/err"
            st=$?
            [ "$st" != 0 ] && ok || bad "$how > /dev/full: exit status 0"
            contains "$tmp/err" "write error on standard output" "$how > /dev/full"
        done
    done
    "$PROG" learn --klopfen --help >/dev/full 2>"$tmp/err"
    [ $? != 0 ] && ok || bad "learn --klopfen --help > /dev/full: exit status 0"
else
    echo "skipped: /dev/full is not writable here"
fi

# -- read errors: a directory is not an empty file ----------------------
for cmd in check analyze legal solve replay; do
    "$PROG" $cmd "$tmp" >"$tmp/out" 2>"$tmp/err"
    st=$?
    [ "$st" != 0 ] && ok || bad "$cmd DIRECTORY: exit status 0"
    contains "$tmp/err" "Is a directory" "$cmd DIRECTORY names the error"
done
"$PROG" rules --rules "$tmp" >/dev/null 2>"$tmp/err"
status_is 2 $? "rules --rules DIRECTORY"
contains "$tmp/err" "Is a directory" "--rules DIRECTORY names the error"

# -- caps: an endless line is refused, not read into memory ------------
# A memory limit makes a reader that ignores the cap fail fast (the
# sanitizer build reserves terabytes of shadow memory, so not there).
# A reader that never stops is stopped after the stall bound: the
# program says nothing until it refuses, so its whole run is the wait
# for that one message (status 124: it ran on).
limit() { [ -n "${SK_SAN:-}" ] || ulimit -v 1000000; }
for cmd in check analyze replay; do
    (limit; timeout "$SK_STALL" "$PROG" $cmd /dev/zero) >/dev/null 2>"$tmp/err"
    st=$?
    [ "$st" != 0 ] && [ "$st" != 124 ] && ok || bad "$cmd /dev/zero: exit status $st"
    contains "$tmp/err" "longer than 1048576 bytes" "$cmd /dev/zero names the cap"
done
for cmd in legal solve; do
    (limit; timeout "$SK_STALL" "$PROG" $cmd /dev/zero) >/dev/null 2>"$tmp/err"
    st=$?
    [ "$st" != 0 ] && [ "$st" != 124 ] && ok || bad "$cmd /dev/zero: exit status $st"
    contains "$tmp/err" "too long" "$cmd /dev/zero says too long"
done
(limit; timeout "$SK_STALL" "$PROG" rules --rules /dev/zero) >/dev/null 2>"$tmp/err"
status_is 2 $? "rules --rules /dev/zero"
contains "$tmp/err" "at most 65536 bytes" "--rules /dev/zero names the cap"
head -c 2000 /dev/zero | tr '\0' 'a' >"$tmp/long.rules"
"$PROG" rules --rules "$tmp/long.rules" >/dev/null 2>"$tmp/err"
contains "$tmp/err" "line 1: line longer than 1024 bytes" "an overlong ruleset line"

# -- NUL bytes: refused with their position ----------------------------
printf 'kontra_max = 1\ndeck = sh\0ort\nallow_sie = no\n' >"$tmp/nul.rules"
"$PROG" rules --rules "$tmp/nul.rules" >/dev/null 2>"$tmp/err"
status_is 2 $? "a ruleset with a NUL byte"
contains "$tmp/err" "line 2: a NUL byte at byte 10 of the line" "the NUL's position"
{ head -n 1 "$tmp/good.jsonl"; printf '\0\n'; sed -n 2p "$tmp/good.jsonl"; } >"$tmp/nul.jsonl"
"$PROG" analyze --samples 1 --game 2 "$tmp/nul.jsonl" >/dev/null 2>"$tmp/err"
[ $? != 0 ] && ok || bad "analyze skipped a NUL between records"
contains "$tmp/err" ":2: a NUL byte at byte 1 of the line" "analyze names the NUL's line"
"$PROG" check "$tmp/nul.jsonl" >/dev/null 2>"$tmp/err"
status_is 1 $? "check of a NUL line"
contains "$tmp/err" "nul.jsonl:2: game 2: bad record: line 1 column 1: a NUL byte" "check names the NUL"

# -- presets come first, on the command line as in files ----------------
"$PROG" rules --rule kontra_max=0 --preset kurz >"$tmp/out" 2>"$tmp/err"
status_is 2 $? "--preset after --rule"
contains "$tmp/err" "a preset must come before every --rule and --rules" "the order is explained"
"$PROG" rules --rule kontra_max=0 --rule preset=kurz >/dev/null 2>"$tmp/err"
status_is 2 $? "--rule preset= after --rule"
printf 'preset = kurz\n' >"$tmp/preset.rules"
"$PROG" rules --rule kontra_max=0 --rules "$tmp/preset.rules" >/dev/null 2>"$tmp/err"
status_is 2 $? "a --rules file with a preset after --rule"
contains "$tmp/err" '"preset" must come before every other option' "--rules names the preset line"
"$PROG" rules --preset kurz --rule kontra_max=0 >"$tmp/out" 2>"$tmp/err"
status_is 0 $? "--preset first"
contains "$tmp/out" "kontra_max = 0" "the option after the preset is kept"
contains "$tmp/out" "deck = short" "the preset applies"
"$PROG" rules --rules "$tmp/preset.rules" --rule kontra_max=1 >"$tmp/out" 2>"$tmp/err"
status_is 0 $? "a preset file first, then --rule"
"$PROG" rules --help >"$tmp/out"
contains "$tmp/out" "a preset after --rule or --rules" "the help states the order"

# -- options checked against each other, at every entry point -----------
"$PROG" rules --rule players=3 --rule allow_solo=no --rule allow_wenz=no >/dev/null 2>"$tmp/err"
status_is 2 $? "players=3 without Solo and Wenz"
contains "$tmp/err" "allow_solo and allow_wenz are both off" "the conflict names the options"
"$PROG" selfplay --games 1 --rule players=3 --rule all_pass=muss >/dev/null 2>"$tmp/err"
status_is 2 $? "selfplay players=3 with a Muss"
contains "$tmp/err" "all_pass = muss needs four players" "the Muss conflict"
printf 'players = 3\nallow_solo = no\nallow_wenz = no\n' >"$tmp/none.rules"
"$PROG" deal --seed 1 --rules "$tmp/none.rules" >/dev/null 2>"$tmp/err"
status_is 2 $? "a ruleset file under which no game can be played"
contains "$tmp/err" "players = 3 plays only Solo, Wenz and Sie" "the file's conflict"
python3 - "$tmp/good.jsonl" "$tmp/none.jsonl" <<'PY' || bad "python3 could not write the record"
import json, sys
r = json.loads(open(sys.argv[1]).readline())
r["rules"] = {"preset": "official", "overrides": {"players": "3", "allow_solo": "no", "allow_wenz": "no"}}
open(sys.argv[2], "w").write(json.dumps(r) + "\n")
PY
"$PROG" check "$tmp/none.jsonl" >/dev/null 2>"$tmp/err"
status_is 1 $? "a record under which no game can be played"
contains "$tmp/err" "rules: players = 3 plays only" "the record's conflict"

echo "test_untrusted: $passed passed, $failed failed"
[ "$failed" = 0 ]
