#!/usr/bin/env bash
# test_nginx.sh -- the site as docs/server.md sets it up: `schafkopf
# serve` on loopback behind Debian's nginx running the shipped
# contrib/nginx-schafkopf.conf, with TLS.  The file is used as it is
# but for what a test must change (sed below, each change checked):
# its ports become free ports of 127.0.0.1 (the [::] lines go), its
# certificate a self-signed one made here with openssl for 127.0.0.1,
# its upstream port the server's.  nginx runs privately: the temporary
# directory is its prefix with its own nginx.conf (pid file, logs, temp
# paths inside; workers as nobody when the test runs as root), in the
# foreground as this script's child.  tests/nginx_client.py then talks
# only to nginx: the page and a module are web/'s files, HTTP/2 is on
# offer, port 80's block redirects to https, a WebSocket from another
# site's page is refused, and a WebSocket from the page's origin plays
# a game against three bots to its settlement.
#
# Skipped when nginx is not installed (the README's test command
# installs it); openssl and python3 missing are failures.  Waits on
# progress: a start line, a port that answers, the next message --
# never on a total time.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
ROOT=${SK_ROOT:?SK_ROOT must name the source tree}
fail() { echo "test_nginx: FAIL: $*" >&2; exit 1; }
nginx=$(command -v nginx || echo /usr/sbin/nginx)
if ! [ -x "$nginx" ]; then
    echo "test_nginx: skipped: nginx is not installed (Debian: apt-get install nginx)"
    exit 0
fi
command -v openssl >/dev/null 2>&1 || fail "openssl not found (Debian: apt-get install openssl)"
command -v python3 >/dev/null 2>&1 || fail "python3 not found"

tmp=$(mktemp -d)
spid='' npid=''
cleanup() {
    [ -n "$npid" ] && kill "$npid" 2>/dev/null && wait "$npid" 2>/dev/null
    [ -n "$spid" ] && kill "$spid" 2>/dev/null && wait "$spid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

# Three free ports of 127.0.0.1: the server's, nginx's https and http.
read -r sport tport hport < <(python3 -c '
import socket
ss = [socket.socket() for _ in range(3)]
for s in ss: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in ss])')

# The server, its database in a directory of its own.
mkdir -m 700 "$tmp/serve"
"$PROG" serve --bind 127.0.0.1 --port "$sport" --db "$tmp/serve/server.db" --web "$ROOT/web" \
    --origin "https://127.0.0.1:$tport" --trust-proxy 127.0.0.1 >"$tmp/serve/out" 2>&1 &
spid=$!
for _ in $(seq 600); do
    grep -q 'open http' "$tmp/serve/out" && break
    kill -0 "$spid" 2>/dev/null || break
    sleep 0.1
done
grep -q 'open http' "$tmp/serve/out" || { cat "$tmp/serve/out"; fail "schafkopf serve did not start"; }

# A self-signed certificate for 127.0.0.1, the client's only trust.
mkdir -m 700 "$tmp/tls"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
    -keyout "$tmp/tls/key.pem" -out "$tmp/tls/cert.pem" >"$tmp/tls/log" 2>&1 ||
    { cat "$tmp/tls/log"; fail "openssl req: no certificate"; }

# The shipped server blocks on loopback.
conf=$ROOT/contrib/nginx-schafkopf.conf
sed -e "s|^\( *\)listen 443 ssl http2;|\1listen 127.0.0.1:$tport ssl http2;|" \
    -e "s|^\( *\)listen 80;|\1listen 127.0.0.1:$hport;|" \
    -e '/listen \[::\]/d' \
    -e "s|/etc/letsencrypt/live/schafkopf.example.org/fullchain.pem|$tmp/tls/cert.pem|" \
    -e "s|/etc/letsencrypt/live/schafkopf.example.org/privkey.pem|$tmp/tls/key.pem|" \
    -e "s|proxy_pass http://127.0.0.1:8080;|proxy_pass http://127.0.0.1:$sport;|" \
    -e "s|root /var/www/html;|root $tmp/acme;|" \
    "$conf" >"$tmp/schafkopf.conf"
for want in "listen 127.0.0.1:$tport ssl http2;" "listen 127.0.0.1:$hport;" "$tmp/tls/cert.pem;" \
            "$tmp/tls/key.pem;" "proxy_pass http://127.0.0.1:$sport;" "root $tmp/acme;"; do
    grep -qF -- "$want" "$tmp/schafkopf.conf" ||
        fail "contrib/nginx-schafkopf.conf changed its shape: no line to make \"$want\" of"
done
! grep -E '^[^#]*listen +(\[|[0-9]+[ ;])' "$tmp/schafkopf.conf" ||
    fail "contrib/nginx-schafkopf.conf listens where this test did not move it to loopback"

# nginx's own configuration around it.  As root the master reads the
# key and binds, the workers run as nobody: the directory must let them
# through to the temp paths nginx makes (and hands to them) at start.
user=
if [ "$(id -u)" = 0 ]; then
    group=$(id -gn nobody 2>/dev/null || echo nogroup)
    user="user nobody $group;"
    chmod 711 "$tmp"
fi
mkdir "$tmp/acme" "$tmp/logs"
cat >"$tmp/nginx.conf" <<CONF
$user
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/logs/error.log notice;
events { worker_connections 64; }
http {
    access_log $tmp/logs/access.log;
    client_body_temp_path $tmp/client_body;
    proxy_temp_path $tmp/proxy;
    fastcgi_temp_path $tmp/fastcgi;
    uwsgi_temp_path $tmp/uwsgi;
    scgi_temp_path $tmp/scgi;
    include $tmp/schafkopf.conf;
}
CONF
nargs=(-p "$tmp/" -c "$tmp/nginx.conf" -e "$tmp/logs/error.log")
"$nginx" "${nargs[@]}" -t >"$tmp/logs/t.log" 2>&1 || { cat "$tmp/logs/t.log"; fail "nginx -t refuses the configuration"; }
"$nginx" "${nargs[@]}" -g 'daemon off;' >"$tmp/logs/nginx.out" 2>&1 &
npid=$!
up=
for _ in $(seq 600); do
    kill -0 "$npid" 2>/dev/null || break
    if python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
        "$tport" 2>/dev/null; then
        up=1
        break
    fi
    sleep 0.1
done
[ -n "$up" ] || { cat "$tmp/logs/nginx.out" "$tmp/logs/error.log"; fail "nginx did not start"; }

python3 "$ROOT/tests/nginx_client.py" "$tport" "$hport" "$tmp/tls/cert.pem" "$ROOT/web"
rc=$?
if [ "$rc" != 0 ]; then
    echo "-- nginx's error log"; tail -n 20 "$tmp/logs/error.log"
    echo "-- the server's log"; tail -n 20 "$tmp/serve/out"
    fail "through nginx (above)"
fi

# Everything stops as it should: nginx at once, the server cleanly.
kill -TERM "$npid"; wait "$npid"; npid=
kill -TERM "$spid"; wait "$spid"; st=$?; spid=
[ "$st" = 0 ] || { cat "$tmp/serve/out"; fail "schafkopf serve ended with status $st on SIGTERM"; }
echo "test_nginx: passed (nginx $("$nginx" -v 2>&1 | sed 's|.*/||'), TLS, WebSocket, a game)"
