# cluster_env.bash -- a private cluster for tests/test_cluster.sh and
# `make bench-cluster` (sourced): a PostgreSQL server made by initdb in a
# temporary directory (as the user nobody when run as root: PostgreSQL
# refuses root), N `schafkopf serve` processes on that store, and nginx
# in front sending each room's connections to one process (`hash
# $arg_room consistent`, docs/server.md "Cluster").  Everything listens
# on free ports of 127.0.0.1 only; cl_stop ends what was started (the
# caller traps EXIT).  Waits are bounded by the stall bound (testlib).
#
# Needs: PROG, ROOT, CL (a temporary directory) set by the caller.

# The PostgreSQL programs: SK_PG_BIN, else the newest Debian version.
cl_pg_bin() {
    if [ -n "${SK_PG_BIN:-}" ]; then echo "$SK_PG_BIN"; return; fi
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

# Runs a command as the user nobody when root, else as is; with `&` it
# replaces the background subshell (exec), so that $! is its pid and a
# signal reaches it.
cl_as_pg() {
    if [ "$(id -u)" = 0 ]; then
        setpriv --reuid nobody --regid "$(id -g nobody)" --clear-groups "$@"
    else
        "$@"
    fi
}
cl_as_pg_exec() {
    if [ "$(id -u)" = 0 ]; then
        exec setpriv --reuid nobody --regid "$(id -g nobody)" --clear-groups "$@"
    else
        exec "$@"
    fi
}

# Free TCP ports of 127.0.0.1, as many as asked.
cl_free_ports() {
    python3 -c '
import random, socket, sys
# below the ephemeral range, where no outgoing connection takes a port
# between the pick and the listen (bench-cluster opens 20,000 of them);
# the ephemeral range only where there is no room below it
try:
    low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
except (OSError, ValueError, IndexError):
    low = 32768
pool = range(10000, low) if low > 11000 else None
ss = []
while len(ss) < int(sys.argv[1]):
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", random.choice(pool) if pool else 0))
    except OSError:
        s.close()
        continue
    ss.append(s)
print(*[s.getsockname()[1] for s in ss])' "$1"
}

# Waits until a TCP port of 127.0.0.1 answers, or pid $2 died, or the
# stall bound passed.
cl_wait_port() {
    local t=$SECONDS
    until python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' "$1" 2>/dev/null; do
        [ -n "${2:-}" ] && ! kill -0 "$2" 2>/dev/null && return 1
        [ $((SECONDS - t)) -ge "$SK_STALL" ] && return 1
        sleep 0.05
    done
}

CL_PG_PID='' CL_NGINX_PID=''
CL_SERVE_PIDS=() CL_SERVE_PORTS=()

# Starts the private PostgreSQL server; sets CL_PG_URI, CL_PG_PORT.
# False (with CL_WHY) when there can be none.
cl_start_pg() {
    local bin
    bin=$(cl_pg_bin)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        CL_WHY="no PostgreSQL server programs (Debian: apt-get install postgresql)"
        return 1
    fi
    mkdir -p "$CL/pg"
    [ "$(id -u)" = 0 ] && { chmod 711 "$CL"; chown nobody "$CL/pg"; }
    cl_as_pg "$bin/initdb" -D "$CL/pg/data" -A trust -E UTF8 --locale=C -U sk --no-sync \
        >"$CL/pg/initdb.log" 2>&1 || { CL_WHY="initdb failed: $(tail -n 1 "$CL/pg/initdb.log")"; return 1; }
    read -r CL_PG_PORT < <(cl_free_ports 1)
    # fsync stays on unless the caller turns it off (CL_PG_FSYNC=off):
    # the commit rate the bench reports is a real one
    cl_as_pg_exec "$bin/postgres" -D "$CL/pg/data" -k "$CL/pg" -p "$CL_PG_PORT" -h 127.0.0.1 \
        -c "fsync=${CL_PG_FSYNC:-on}" -c max_connections=50 -c shared_buffers=32MB \
        >"$CL/pg/server.log" 2>&1 &
    CL_PG_PID=$!
    CL_PG_URI="postgresql://sk@127.0.0.1:$CL_PG_PORT/postgres"
    CL_PSQL=("$bin/psql" -X -q -A -t -h 127.0.0.1 -p "$CL_PG_PORT" -U sk postgres)
    local t=$SECONDS
    until "$bin/pg_isready" -q -h 127.0.0.1 -p "$CL_PG_PORT"; do
        kill -0 "$CL_PG_PID" 2>/dev/null || { CL_WHY="postgres did not start: $(tail -n 1 "$CL/pg/server.log")"; return 1; }
        [ $((SECONDS - t)) -ge "$SK_STALL" ] && { CL_WHY="postgres did not answer"; return 1; }
        sleep 0.1
    done
}

# Starts serve process number $1 on a free port (more options after);
# its pid and port in CL_SERVE_PIDS[$1], CL_SERVE_PORTS[$1].  A port
# free when picked may be taken before the process listens on it (it
# is of the ephemeral range, shared with every connection on the
# machine; seen once right after bench-cluster's 10,000 connections
# through nginx, 20,000 sockets in TIME-WAIT): then up to twice more on
# another.
cl_start_serve() {
    local i=$1 port try
    shift
    for try in 1 2 3; do
        read -r port < <(cl_free_ports 1)
        "$PROG" serve --bind 127.0.0.1 --port "$port" --db "$CL_PG_URI" --trust-proxy 127.0.0.1 \
            "$@" >>"$CL/serve$i.log" 2>&1 &
        CL_SERVE_PIDS[$i]=$!
        CL_SERVE_PORTS[$i]=$port
        cl_wait_port "$port" "${CL_SERVE_PIDS[$i]}" && return 0
        kill -0 "${CL_SERVE_PIDS[$i]}" 2>/dev/null && break # alive, not answering
        wait "${CL_SERVE_PIDS[$i]}" 2>/dev/null
        tail -n 1 "$CL/serve$i.log" | grep -q 'cannot listen' || break
        echo "cluster_env: serve $i could not listen on port $port (try $try)" >&2
    done
    tail -n 5 "$CL/serve$i.log"
    return 1
}

# Writes nginx's configuration for the serve processes 0..n-1 and
# starts it on a free port: CL_NGINX_PORT.  One worker of 4096
# connections, unless the caller sets CL_NGINX_WORKERS (more: each has
# its own listening socket, `reuseport`, and the kernel spreads the
# connections over them) and CL_NGINX_NOFILE (each worker's fd limit and
# connections: a proxied WebSocket takes two, the client's and the
# upstream's).
cl_start_nginx() {
    local n=$1 nginx user='' group workers=${CL_NGINX_WORKERS:-1} nofile=${CL_NGINX_NOFILE:-} reuse=''
    nginx=$(command -v nginx || echo /usr/sbin/nginx)
    [ -x "$nginx" ] || { CL_WHY="nginx is not installed (Debian: apt-get install nginx)"; return 1; }
    read -r CL_NGINX_PORT < <(cl_free_ports 1)
    if [ "$(id -u)" = 0 ]; then
        group=$(id -gn nobody 2>/dev/null || echo nogroup)
        user="user nobody $group;"
        chmod 711 "$CL"
    fi
    [ "$workers" -gt 1 ] && reuse=' reuseport'
    mkdir -p "$CL/nginx/logs"
    {
        echo "$user"
        echo "worker_processes $workers; pid $CL/nginx/nginx.pid; error_log $CL/nginx/logs/error.log notice;"
        [ -n "$nofile" ] && echo "worker_rlimit_nofile $nofile;"
        echo "events { worker_connections ${nofile:-4096}; }"
        echo "http { access_log off;"
        echo "  client_body_temp_path $CL/nginx/cb; proxy_temp_path $CL/nginx/proxy;"
        echo "  fastcgi_temp_path $CL/nginx/fcgi; uwsgi_temp_path $CL/nginx/uwsgi; scgi_temp_path $CL/nginx/scgi;"
        # the shipped upstream and location, as docs/server.md gives them
        sed -e '/^ *server 127.0.0.1:808[0-9];/d' -e "s|listen 8088;|listen 127.0.0.1:$CL_NGINX_PORT$reuse;|" \
            "$ROOT/contrib/nginx-cluster.conf" |
            awk -v ports="${CL_SERVE_PORTS[*]:0:$n}" '
                {print}
                /^upstream schafkopf_rooms/ {n = split(ports, p, " "); for (i = 1; i <= n; i++) print "    server 127.0.0.1:" p[i] " max_fails=1 fail_timeout=2s;"}'
        echo "}"
    } >"$CL/nginx/nginx.conf"
    local nargs=(-p "$CL/nginx/" -c "$CL/nginx/nginx.conf" -e "$CL/nginx/logs/error.log")
    "$nginx" "${nargs[@]}" -t >"$CL/nginx/t.log" 2>&1 || { cat "$CL/nginx/t.log"; CL_WHY="nginx -t refuses the configuration"; return 2; }
    "$nginx" "${nargs[@]}" -g 'daemon off;' >"$CL/nginx/out" 2>&1 &
    CL_NGINX_PID=$!
    cl_wait_port "$CL_NGINX_PORT" "$CL_NGINX_PID" || { cat "$CL/nginx/out"; CL_WHY="nginx did not start"; return 2; }
}

# The pids of nginx's workers (the master's children).
cl_nginx_workers() {
    ps -o pid= --ppid "$CL_NGINX_PID" | tr -d ' '
}

# Stops nginx.
cl_stop_nginx() {
    [ -n "$CL_NGINX_PID" ] && kill "$CL_NGINX_PID" 2>/dev/null && wait "$CL_NGINX_PID" 2>/dev/null
    CL_NGINX_PID=''
}

# Stops (or after kill -9 reaps) everything this file started.
cl_stop() {
    local p
    [ -n "$CL_NGINX_PID" ] && kill "$CL_NGINX_PID" 2>/dev/null && wait "$CL_NGINX_PID" 2>/dev/null
    for p in "${CL_SERVE_PIDS[@]}"; do
        [ -n "$p" ] && { kill -CONT "$p" 2>/dev/null; kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; }
    done
    [ -n "$CL_PG_PID" ] && kill -INT "$CL_PG_PID" 2>/dev/null && wait "$CL_PG_PID" 2>/dev/null
    CL_NGINX_PID='' CL_PG_PID='' CL_SERVE_PIDS=()
}
