#!/usr/bin/env bash
# test_serve.sh -- `schafkopf serve`'s command line: --help, and every
# bad option refused with a message naming it and exit status 2, before
# anything listens (docs/server.md).  The server itself is tested over
# real connections by tests/test_server.c.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
status() { # status EXPECTED TEXT DESCRIPTION COMMAND...: exit status and a text on stderr/stdout
    local want=$1 text=$2 what=$3; shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" = "$want" ]; then ok; else bad "$what: exit status $got, not $want"; cat "$tmp/err"; fi
    if grep -qF -- "$text" "$tmp/out" "$tmp/err"; then ok; else bad "$what: no \"$text\""; cat "$tmp/err"; fi
}
status 0 "--origin URL" "serve --help" "$PROG" serve --help
status 0 "serve" "the command list names serve" "$PROG" --help
status 2 "port" "--port not a number" "$PROG" serve --port 80x --db "$tmp/db"
status 2 "port" "--port too big" "$PROG" serve --port 70000 --db "$tmp/db"
status 2 "--workers must be 1..64" "--workers 0" "$PROG" serve --workers 0 --db "$tmp/db"
status 2 "an origin is" "--origin without a scheme" "$PROG" serve --origin evil.example --db "$tmp/db"
status 2 "not a directory" "--web not a directory" "$PROG" serve --web "$tmp/nope" --db "$tmp/db"
status 2 "unexpected argument" "a stray argument" "$PROG" serve extra --db "$tmp/db"
status 2 "--rate must be at least 1" "--rate 0" "$PROG" serve --rate 0 --db "$tmp/db"
status 2 "usage" "an unknown option" "$PROG" serve --bogus
status 2 "give NAME=COMMAND" "--engine without a command" "$PROG" serve --engine rnd --db "$tmp/db"
status 2 "give NAME=COMMAND" "--engine with a bad name" "$PROG" serve --engine 'a b=cat' --db "$tmp/db"
status 2 "given twice" "--engine twice" "$PROG" serve --engine r=cat --engine r=cat --db "$tmp/db"
status 2 "--engine-time must be" "--engine-time 1" "$PROG" serve --engine-time 1 --db "$tmp/db"
status 0 "--engine NAME=COMMAND" "serve --help names --engine" "$PROG" serve --help
status 0 "--idle-archive S" "serve --help names the forgetting" "$PROG" serve --help
status 2 "idle-unlist" "--idle-unlist not a number" "$PROG" serve --idle-unlist soon --db "$tmp/db"
status 2 "hello-timeout" "--hello-timeout too big" "$PROG" serve --hello-timeout 4000 --db "$tmp/db"
status 2 "guest-forget" "--guest-forget negative" "$PROG" serve --guest-forget -1 --db "$tmp/db"
# A database that cannot be opened: a message and status 1, nothing listens.
mkdir "$tmp/dir.db"
status 1 "serve:" "a directory as database" "$PROG" serve --port 1 --db "$tmp/dir.db" --quiet
echo "test_serve: $passed passed, $failed failed"
[ "$failed" = 0 ]
