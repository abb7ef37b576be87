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
#   - held: before the load, with the same processes (fresh),
#     BENCH_CLUSTER_CONNS lobby connections (10,000, fewer when this
#     machine's limits bound it: below, and the script says which; hello
#     only: nginx spreads connections without a room over the processes)
#     opened through nginx by one epoll loop (tests/bench_server.c's
#     target mode) and held BENCH_HOLD s (5): the connections held, the
#     time to open them, and the resident memory (VmRSS) per connection
#     of the serve processes and of nginx's workers.  nginx runs one
#     worker a core for this step (as `worker_processes auto`;
#     `reuseport` spreads the connections), each with the hard fd limit;
#   - failover: BENCH_KILLS times kill -9 of a table's owner (lease
#     BENCH_LEASE s): the time to the next accepted action.
# BENCH_PROCS="" skips the load and the held connections,
# BENCH_CLUSTER_CONNS=0 the held connections, BENCH_KILLS=0 the failover.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
ROOT=${SK_ROOT:?SK_ROOT must name the source tree}
. "$ROOT/tests/testlib.bash"
. "$ROOT/tests/cluster_env.bash"
TABLES=${BENCH_TABLES:-20} SECS=${BENCH_SECONDS:-20} KILLS=${BENCH_KILLS:-10}
LEASE=${BENCH_LEASE:-12} HOLD=${BENCH_HOLD:-5}
BENCH=$(dirname "$PROG")/bench_server
# The held connections: 10,000 unless this machine's limits allow fewer
# (BENCH_CLUSTER_CONNS sets the count).  What bounds them: the hard fd
# limit (ulimit -Hn; this shell cannot raise it, nor nginx as a user
# without CAP_SYS_RESOURCE) -- the generator takes one fd a connection
# (and 64), one serve process holds them all with one process (one fd
# each, and 100), an nginx worker two a connection it holds (client and
# upstream) of about 1/workers of them (a tenth more for the uneven
# spread, and 100); and the ephemeral ports (nginx's upstream
# connections to one process all come from 127.0.0.1).
HARD=$(ulimit -Hn)
[ "$HARD" = unlimited ] && HARD=1048576
NGINX_WORKERS=$(nproc)
read -r PORT_LO PORT_HI </proc/sys/net/ipv4/ip_local_port_range
bound() { # the lower of the count and what name's bound allows
    if [ "$2" -lt "$CONNS" ]; then CONNS=$2 WHY="$1"; fi
}
if [ -n "${BENCH_CLUSTER_CONNS:-}" ]; then
    CONNS=$BENCH_CLUSTER_CONNS WHY=''
    BOUND="; set by BENCH_CLUSTER_CONNS"
else
    CONNS=10000 WHY=''
    bound "the generator's fds (ulimit -Hn $HARD)" $((HARD - 64))
    bound "a single serve process's fds (ulimit -Hn $HARD)" $((HARD - 100))
    bound "$NGINX_WORKERS nginx worker(s) of $HARD fds, two a connection" \
        $(((HARD - 100) * NGINX_WORKERS * 10 / 22))
    bound "the ephemeral ports ($PORT_LO-$PORT_HI) of nginx to one process" $((PORT_HI - PORT_LO - 1000))
    BOUND=${WHY:+; fewer than 10,000: bounded by $WHY}
fi
# each nginx worker's fds and connections: the hard limit, or what all
# the connections would take in one worker when that is less (nginx
# allocates worker_connections at its start)
NGINX_NOFILE=$((2 * CONNS + 1024 < HARD ? 2 * CONNS + 1024 : HARD))
CL=$(mktemp -d)
trap 'cl_stop; [ -f "$CL/pids" ] && kill $(cat "$CL/pids") 2>/dev/null; rm -rf "$CL"' EXIT
cl_start_pg || { echo "bench_cluster: $CL_WHY"; exit 1; }
echo "bench_cluster: $(nproc) cores, PostgreSQL fsync on; load: $TABLES tables of four for $SECS s"
if [ "$CONNS" -gt 0 ]; then
    [ -x "$BENCH" ] || { echo "bench_cluster: no $BENCH (make $BENCH)"; exit 1; }
    echo "bench_cluster: held: $CONNS lobby connections through nginx ($NGINX_WORKERS workers), held $HOLD s$BOUND"
fi
for n in ${BENCH_PROCS-1 2 3}; do
    for ((i = 0; i < n; i++)); do
        cl_start_serve "$i" --quiet --workers 1 --rate 1000000 --max-conns-per-addr 0 \
            --max-rooms-per-addr 0 --rooms-per-hour 0 || exit 1
    done
    if [ "$CONNS" -gt 0 ]; then
        # the held connections first, while the processes are fresh: a
        # process that freed memory after the load would take the new
        # connections into that and show less than they cost.  nginx
        # with one worker a core, NGINX_NOFILE fds each.
        CL_NGINX_WORKERS=$NGINX_WORKERS CL_NGINX_NOFILE=$NGINX_NOFILE cl_start_nginx "$n" ||
            { echo "bench_cluster: $CL_WHY"; exit 1; }
        pids=''
        for p in "${CL_SERVE_PIDS[@]}"; do pids+="serve:$p "; done
        for p in $(cl_nginx_workers); do pids+="nginx:$p "; done
        out=$(BENCH_ATTACK='' BENCH_TARGET=$CL_NGINX_PORT BENCH_CONNS=$CONNS BENCH_SECONDS=$HOLD \
            BENCH_PIDS=$pids SK_TEST_STALL_SECONDS=$SK_STALL "$BENCH" 2>&1)
        rc=$?
        if [ "$rc" = 0 ]; then
            sed -n -e "s/^target: \([0-9]*\) connections held through [0-9.:]*/$n process(es): \1 connections held through nginx/" \
                -e 's/, then held [0-9]* s)/)/p' -e 's/^target: resident/  resident/p' <<<"$out"
        else
            echo "$n process(es): the held connections failed (status $rc):"
            echo "$out"
            grep -h 'worker_connections\|Too many open' "$CL/nginx/logs/error.log" | tail -n 3
            exit 1
        fi
        cl_stop_nginx
    fi
    cl_start_nginx "$n" || { echo "bench_cluster: $CL_WHY"; exit 1; }
    printf '%d process(es): ' "$n"
    CL_MODE=load CL_TABLES=$TABLES CL_SECONDS=$SECS CL_NGINX_PORT=$CL_NGINX_PORT \
        CL_PSQL="${CL_PSQL[*]}" CL_PG_PID=$CL_PG_PID \
        SK_TEST_STALL_SECONDS=$SK_STALL python3 "$ROOT/tests/cluster_client.py" | sed 's/^cluster_client: //'
    cl_stop_nginx
    for p in "${CL_SERVE_PIDS[@]}"; do kill "$p"; wait "$p"; done 2>/dev/null
    CL_SERVE_PIDS=()
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
