#!/usr/bin/env bash
# bench_cluster.sh -- `make bench-cluster`: the cluster of docs/server.md
# on this machine (tests/cluster_env.bash: a private PostgreSQL server
# with fsync on, `schafkopf serve` processes, nginx in front).
#   - load: BENCH_TABLES tables of four protocol clients
#     (tests/cluster_client.py, one Python process: it shares the
#     machine's cores with everything it measures) answering every prompt
#     at once through nginx for BENCH_SECONDS, with 1, 2 and 3 processes:
#     decisions a second, decide -> event p50 and p99, PostgreSQL's
#     commits a second over the same time (pg_stat_database.xact_commit
#     after pg_stat_force_next_flush()) and its processes' CPU;
#   - failover: BENCH_KILLS times kill -9 of a table's owner (lease
#     BENCH_LEASE s): the time to the next accepted action.
# BENCH_PROCS="" skips the load, BENCH_KILLS=0 the failover.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
ROOT=${SK_ROOT:?SK_ROOT must name the source tree}
. "$ROOT/tests/testlib.bash"
. "$ROOT/tests/cluster_env.bash"
TABLES=${BENCH_TABLES:-20} SECS=${BENCH_SECONDS:-20} KILLS=${BENCH_KILLS:-10}
LEASE=${BENCH_LEASE:-12}
CL=$(mktemp -d)
trap 'cl_stop; [ -f "$CL/pids" ] && kill $(cat "$CL/pids") 2>/dev/null; rm -rf "$CL"' EXIT
cl_start_pg || { echo "bench_cluster: $CL_WHY"; exit 1; }
echo "bench_cluster: $(nproc) cores, PostgreSQL fsync on; load: $TABLES tables of four for $SECS s"
for n in ${BENCH_PROCS-1 2 3}; do
    for ((i = 0; i < n; i++)); do
        cl_start_serve "$i" --quiet --workers 1 --rate 1000000 --max-conns-per-addr 0 \
            --max-rooms-per-addr 0 --rooms-per-hour 0 || exit 1
    done
    cl_start_nginx "$n" || { echo "bench_cluster: $CL_WHY"; exit 1; }
    printf '%d process(es): ' "$n"
    CL_MODE=load CL_TABLES=$TABLES CL_SECONDS=$SECS CL_NGINX_PORT=$CL_NGINX_PORT \
        CL_PSQL="${CL_PSQL[*]}" CL_PG_PID=$CL_PG_PID \
        SK_TEST_STALL_SECONDS=$SK_STALL python3 "$ROOT/tests/cluster_client.py" | sed 's/^cluster_client: //'
    cl_stop_serves_nginx() { kill "$CL_NGINX_PID"; wait "$CL_NGINX_PID"; for p in "${CL_SERVE_PIDS[@]}"; do kill "$p"; wait "$p"; done; CL_SERVE_PIDS=(); CL_NGINX_PID=''; }
    cl_stop_serves_nginx 2>/dev/null
done
# PostgreSQL's own commit ceiling on this machine, for comparison: three
# pgbench clients (as many as the processes), each commit one row
# inserted, with fsync on as above -- the rate the store's commits would
# be limited by
if [ -n "${BENCH_PROCS-1 2 3}" ] && [ -x "$(cl_pg_bin)/pgbench" ]; then
    "${CL_PSQL[@]}" -c 'CREATE DATABASE bench' >/dev/null &&
    "${CL_PSQL[@]/%postgres/bench}" -c 'CREATE TABLE c (x int)' >/dev/null &&
    echo 'INSERT INTO c VALUES (1);' >"$CL/commit.sql" &&
    "$(cl_pg_bin)/pgbench" -n -h 127.0.0.1 -p "$CL_PG_PORT" -U sk -c 3 -j 1 -T 5 \
        -f "$CL/commit.sql" bench 2>/dev/null |
        awk '/^tps/ {printf "PostgreSQL alone (pgbench, 3 clients, one insert per commit): %.0f commits/s\n", $3}'
fi
[ "$KILLS" -gt 0 ] || exit 0
for i in 0 1 2; do cl_start_serve "$i" --quiet --lease "$LEASE" --away 3600 --workers 1 || exit 1; done
cl_start_nginx 3 || exit 1
CL_MODE=failover CL_KILLS=$KILLS CL_LEASE=$LEASE CL_DIR=$CL CL_NGINX_PORT=$CL_NGINX_PORT \
CL_SERVE_PORTS="${CL_SERVE_PORTS[*]}" CL_SERVE_PIDS="${CL_SERVE_PIDS[*]}" CL_PSQL="${CL_PSQL[*]}" \
CL_SERVE_CMD="$PROG serve --bind 127.0.0.1 --port PORT --db $CL_PG_URI --trust-proxy 127.0.0.1 --quiet --lease $LEASE --away 3600 --workers 1" \
SK_TEST_STALL_SECONDS=$SK_STALL python3 "$ROOT/tests/cluster_client.py" | sed 's/^cluster_client: //'
CL_SERVE_PIDS=()
