#!/usr/bin/env bash
# test_cluster.sh -- several `schafkopf serve` processes on one
# PostgreSQL store behind nginx (docs/server.md "Cluster", issue 42): a
# private PostgreSQL server (initdb in a temporary directory, as nobody
# when root), three processes with a short lease (3 s, so that the
# takeovers come soon) and nginx with contrib/nginx-cluster.conf, all on
# free ports of 127.0.0.1.  tests/cluster_client.py then plays a table
# through nginx, reads the lobby through each process, kills the room's
# owner (kill -9) and pauses the next one (SIGSTOP, SIGCONT), then a
# browser page and three protocol players play a game at one table -- see
# its header for every check.
#
# Skipped when PostgreSQL's server programs or nginx are not installed
# (the README's test command installs them).  Waits on progress only.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
ROOT=${SK_ROOT:?SK_ROOT must name the source tree}
. "$ROOT/tests/testlib.bash"
. "$ROOT/tests/cluster_env.bash"
fail() { echo "test_cluster: FAIL: $*" >&2; exit 1; }
command -v python3 >/dev/null 2>&1 || fail "python3 not found"

CL=$(mktemp -d)
cleanup() { cl_stop; rm -rf "$CL"; }
trap cleanup EXIT

if ! cl_start_pg; then
    echo "test_cluster: skipped: $CL_WHY"
    exit 0
fi
LEASE=3
for i in 0 1 2; do
    # --away: no stand-in plays a seat while its player moves between
    # processes (the test decides every action itself)
    cl_start_serve "$i" --lease "$LEASE" --away 3600 --workers 1 ||
        fail "serve process $i did not start"
done
cl_start_nginx 3
case $? in
0) ;;
1) echo "test_cluster: skipped: $CL_WHY"; exit 0 ;;
*) fail "$CL_WHY" ;;
esac

# The browser page (tests/e2e/cluster_page.js) when node, npm and
# chromium are there: playwright-core installed by npm ci as
# tests/test_e2e.sh does (the same lock stamp); else that step is
# skipped, said so.
CL_E2E='' CL_E2E_WHY=''
chromium=${SK_CHROMIUM:-/usr/bin/chromium}
e2e=$ROOT/tests/e2e
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    CL_E2E_WHY="node or npm is not installed"
elif [ ! -x "$chromium" ]; then CL_E2E_WHY="$chromium is not installed"
else
    lockhash=$(sha256sum "$e2e/package-lock.json" | cut -d' ' -f1)
    stamp=$e2e/node_modules/.schafkopf-lock
    if [ ! -d "$e2e/node_modules/playwright-core" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$lockhash" ]; then
        (cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error) && echo "$lockhash" >"$stamp"
    fi
    if [ -d "$e2e/node_modules/playwright-core" ]; then CL_E2E=$e2e
    else CL_E2E_WHY="npm ci in tests/e2e did not install playwright-core"; fi
fi
CL_E2E=$CL_E2E CL_E2E_WHY=$CL_E2E_WHY SK_CHROMIUM=$chromium \
CL_NGINX_PORT=$CL_NGINX_PORT CL_SERVE_PORTS="${CL_SERVE_PORTS[*]}" \
CL_SERVE_PIDS="${CL_SERVE_PIDS[*]}" CL_LOGS="$CL/serve0.log $CL/serve1.log $CL/serve2.log" \
CL_PSQL="${CL_PSQL[*]}" CL_LEASE=$LEASE SK_TEST_STALL_SECONDS=$SK_STALL \
    python3 "$ROOT/tests/cluster_client.py"
rc=$?
if [ "$rc" != 0 ]; then
    for i in 0 1 2; do echo "-- serve $i"; tail -n 15 "$CL/serve$i.log"; done
    echo "-- nginx"; tail -n 10 "$CL/nginx/logs/error.log"
    fail "the cluster (above)"
fi
echo "test_cluster: passed (PostgreSQL $("${CL_PSQL[@]}" -c 'SHOW server_version'), three processes, nginx)"
