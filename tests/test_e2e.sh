#!/usr/bin/env bash
# test_e2e.sh -- the browser tests (tests/e2e/*.test.js): Debian's
# chromium, driven by playwright-core from npm, plays at `schafkopf
# serve` through the browser client of web/ as people would: four
# players by the invitation link, one against three bots, a reload, the
# server killed with kill -9 and restarted, a spectator whose every
# WebSocket frame is checked for hidden cards.  Screenshots go to
# build/e2e/ (or $SK_E2E_OUT), with the server logs and timings.txt
# (how long a full game took).  SK_E2E_WEB serves another client
# directory than $SK_ROOT/web.
#
# The tests start their own servers (tests/e2e/lib/server.js: a free
# loopback port, a temporary database, --web $SK_ROOT/web), since one of
# them kills its server and starts it again on the same port and
# database.  Every server's pid is written to a directory this script
# removes, so a test run that dies leaves no server behind.
#
# The sanitizer pass of `make test` (SK_SAN set) skips this: the browser
# exercises the client and the protocol, which the plain build serves
# the same; the server's memory safety under the sanitizers is tested by
# tests/test_server.c in that pass.  Chromium or node missing is a
# failure, not a skip: the README's test command installs them.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
ROOT=${SK_ROOT:?SK_ROOT must name the source tree}
if [ -n "${SK_SAN:-}" ]; then
    echo "test_e2e: skipped in the sanitizer pass (SK_SAN): the plain pass ran the browser tests"
    exit 0
fi
fail() { echo "test_e2e: FAIL: $*" >&2; exit 1; }
command -v node >/dev/null 2>&1 || fail "node not found (Debian: apt-get install nodejs npm)"
command -v npm >/dev/null 2>&1 || fail "npm not found (Debian: apt-get install npm)"
chromium=${SK_CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || fail "$chromium not found (Debian: apt-get install chromium)"
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' ||
    fail "node $(node --version) is too old: playwright-core needs 18 or newer"
web=${SK_E2E_WEB:-$ROOT/web}
[ -f "$web/index.html" ] || fail "$web/index.html (the browser client) not found"

e2e=$ROOT/tests/e2e
# npm ci when node_modules is missing or was installed from another
# package-lock.json (the lock's hash is kept beside the modules).
lockhash=$(sha256sum "$e2e/package-lock.json" | cut -d' ' -f1)
stamp=$e2e/node_modules/.schafkopf-lock
if [ ! -d "$e2e/node_modules/playwright-core" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$lockhash" ]; then
    echo "test_e2e: npm ci in tests/e2e"
    (cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error) || fail "npm ci failed in $e2e"
    echo "$lockhash" > "$stamp"
fi

tmp=$(mktemp -d)
mkdir "$tmp/pids"
# Stops every server the tests left running (by the pids they wrote).
cleanup() {
    for f in "$tmp"/pids/*.pid; do
        [ -f "$f" ] || continue
        kill -KILL "$(cat "$f")" 2>/dev/null
    done
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

out=${SK_E2E_OUT:-$ROOT/build/e2e}
mkdir -p "$out" || fail "cannot create $out"
export SK_E2E_OUT=$out SK_E2E_WEB=$web SK_E2E_PIDS=$tmp/pids SK_E2E_TMP=$tmp SK_CHROMIUM=$chromium
start=$(date +%s)
# One test file at a time (a loop: node 18, Debian 12's, has no
# --test-concurrency): the machine may have two cores only, and the
# tests' timing (a player's turn, the server's --away) needs them.
status=0
for f in "$e2e"/*.test.js; do
    (cd "$e2e" && node --test --test-reporter=spec "./$(basename "$f")") || status=1
done
echo "test_e2e: $(( $(date +%s) - start )) s; screenshots and server logs in $out"
[ "$status" = 0 ] || fail "browser tests failed (status $status); screenshots and server logs in $out"
echo "test_e2e: passed"
