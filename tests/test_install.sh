#!/usr/bin/env bash
# test_install.sh -- the installed library is usable on its own: `make
# install` into a temporary prefix, then a C program that deals a game and
# plays it out is built and linked only through `pkg-config --cflags
# --libs schafkopf` (the static library needs jansson, -lm and -pthread
# from the .pc file), and the public headers compile as C++ (extern "C").
# Then the server as a distribution installs it (`make install
# DESTDIR=... PREFIX=/usr`, docs/server.md "Running as a service"):
# every file in place, the unit naming the installed program (and
# passing `systemd-analyze verify` where systemd is installed), and the
# installed program, started without --web on a free loopback port,
# serving the installed browser client.
# Skipped in the sanitizer build: its library needs the sanitizer
# runtime, and the plain run has already installed and linked it.
set -u
ROOT=${SK_ROOT:-.}
if [ -n "${SK_SAN:-}" ]; then
    echo "skipped: the sanitizer build is not installed (the plain run tests install)"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

prefix=$tmp/prefix
# The variables of this make run (BUILD, CC, OPT, ...) come through
# MAKEFLAGS, so the install uses the objects that were just tested.
if make -s -C "$ROOT" install PREFIX="$prefix" DESTDIR= >"$tmp/install.log" 2>&1; then
    ok
else
    bad "make install PREFIX=$prefix"
    cat "$tmp/install.log"
    exit 1
fi
for f in bin/schafkopf lib/libschafkopf.a include/schafkopf/core.h include/schafkopf/ai.h \
         include/schafkopf/playout.h lib/pkgconfig/schafkopf.pc; do
    [ -f "$prefix/$f" ] && ok || bad "not installed: $f"
done

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
if ! flags=$(pkg-config --cflags --libs schafkopf 2>"$tmp/pc.err"); then
    bad "pkg-config --cflags --libs schafkopf"
    cat "$tmp/pc.err"
    exit 1
fi
case " $flags " in *" -pthread "*) ok ;; *) bad "pkg-config --libs has no -pthread: $flags" ;; esac

# A program that deals a game, plays it out with random legal actions and
# a bot for the cards, and checks the settlement sums to zero.
cat >"$tmp/game.c" <<'PROG'
#include <stdio.h>
#include <stdlib.h>
#include <schafkopf/core.h>
#include <schafkopf/ai.h>

int main(void)
{
    sk_rules rules;
    sk_error err;
    if (sk_rules_preset(&rules, "official", &err) != SK_OK) {
        fprintf(stderr, "preset: %s\n", err.msg);
        return 1;
    }
    sk_bot *bot = sk_bot_new("heuristic", 7, &err);
    if (!bot) {
        fprintf(stderr, "bot: %s\n", err.msg);
        return 1;
    }
    sk_rng rng;
    sk_rng_seed(&rng, 11);
    sk_game g;
    sk_game_deal(&g, &rules, 0, &rng, false);
    int steps = 0;
    while (!sk_game_over(&g) && steps++ < 200) {
        sk_view v;
        sk_game_view(&g, g.pub.to_move, &v);
        sk_action a = sk_bot_act(bot, &v);
        if (sk_game_apply(&g, a, &err) != SK_OK) {
            fprintf(stderr, "apply: %s\n", err.msg);
            return 1;
        }
    }
    sk_result res;
    if (!sk_game_over(&g) || sk_game_result(&g, &res, &err) != SK_OK) {
        fprintf(stderr, "the game did not finish\n");
        return 1;
    }
    long long sum = 0;
    for (int s = 0; s < 4; s++)
        sum += res.money[s];
    printf("played %d actions, money sums to %lld\n", steps, sum);
    sk_bot_free(bot);
    return sum != 0;
}
PROG
CC=${CC:-cc}
# shellcheck disable=SC2086
if "$CC" -std=c17 -Wall -Wextra -o "$tmp/game" "$tmp/game.c" $flags 2>"$tmp/cc.err"; then
    ok
    if "$tmp/game" >"$tmp/game.out" 2>&1; then ok; else bad "the linked program failed"; cat "$tmp/game.out"; fi
else
    bad "cc game.c \$(pkg-config --cflags --libs schafkopf) [$flags]"
    head -n 20 "$tmp/cc.err"
fi

# The public headers in C++: each compiles alone, and a C++ program links
# against the C library (no mangled names).
if command -v g++ >/dev/null 2>&1; then
    cflags=$(pkg-config --cflags schafkopf)
    for h in "$prefix"/include/schafkopf/*.h; do
        # shellcheck disable=SC2086
        if echo "#include <schafkopf/$(basename "$h")>" |
            g++ -x c++ -fsyntax-only -Wall -Wextra $cflags - 2>"$tmp/cxx.err"; then
            ok
        else
            bad "g++ -x c++ -fsyntax-only schafkopf/$(basename "$h")"
            head -n 20 "$tmp/cxx.err"
        fi
    done
    printf '#include <schafkopf/core.h>\n#include <schafkopf/ai.h>\n#include <schafkopf/playout.h>\nint main() { sk_rules r; sk_error e; return sk_rules_preset(&r, "official", &e) != SK_OK; }\n' >"$tmp/p.cc"
    # shellcheck disable=SC2086
    if g++ -o "$tmp/p" "$tmp/p.cc" $flags 2>"$tmp/cxx.err" && "$tmp/p"; then
        ok
    else
        bad "a C++ program does not link against libschafkopf"
        head -n 20 "$tmp/cxx.err"
    fi
else
    echo "skipped: the C++ header check (g++ is not installed)"
fi

# The server as a package installs it: DESTDIR is a staging root, the
# paths written into files are PREFIX's.
dest=$tmp/dest
if make -s -C "$ROOT" install DESTDIR="$dest" PREFIX=/usr >"$tmp/install2.log" 2>&1; then
    ok
else
    bad "make install DESTDIR=$dest PREFIX=/usr"
    cat "$tmp/install2.log"
    exit 1
fi
for f in bin/schafkopf lib/libschafkopf.a lib/pkgconfig/schafkopf.pc lib/systemd/system/schafkopf.service \
         share/schafkopf/web/index.html share/schafkopf/web/app.js share/schafkopf/web/style.css \
         share/doc/schafkopf/server.md share/doc/schafkopf/nginx-schafkopf.conf; do
    [ -f "$dest/usr/$f" ] && ok || bad "not installed: /usr/$f"
done
for f in "$ROOT"/web/*; do
    case $f in */package.json) continue ;; esac
    cmp -s "$f" "$dest/usr/share/schafkopf/web/${f##*/}" && ok || bad "web/${f##*/} not installed as it is"
done
[ ! -e "$dest/usr/share/schafkopf/web/package.json" ] && ok || bad "web/package.json (node's, not the browser's) installed"
unit=$dest/usr/lib/systemd/system/schafkopf.service
grep -q '^ExecStart=/usr/bin/schafkopf serve --bind 127.0.0.1 ' "$unit" && ok || bad "the unit does not start /usr/bin/schafkopf on 127.0.0.1"
grep -q '^DynamicUser=yes' "$unit" && grep -q '^StateDirectory=schafkopf' "$unit" && ok ||
    bad "the unit has no DynamicUser=yes and StateDirectory=schafkopf"
if grep -q "$dest\|@[A-Z]*@" "$unit" "$dest/usr/lib/pkgconfig/schafkopf.pc"; then
    bad "DESTDIR or a placeholder written into the unit or the .pc file"
else
    ok
fi
# systemd's own check, where systemd is installed (CI's container has no
# systemd: not worth installing for this): the unit with its program
# where the staging root has it.
if command -v systemd-analyze >/dev/null 2>&1; then
    sed "s|^ExecStart=/usr/bin/|ExecStart=$dest/usr/bin/|" "$unit" >"$tmp/schafkopf.service"
    if systemd-analyze verify "$tmp/schafkopf.service" >"$tmp/verify.log" 2>&1 && ! [ -s "$tmp/verify.log" ]; then
        ok
    else
        bad "systemd-analyze verify schafkopf.service"
        cat "$tmp/verify.log"
    fi
else
    echo "skipped: systemd-analyze verify (systemd is not installed)"
fi

# The installed program finds the installed browser client by itself
# (no --web): / and a module come from $dest/usr/share/schafkopf/web.
# Waits on progress: the server's start line, or its end.
if command -v python3 >/dev/null 2>&1; then
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    (cd / && exec "$dest/usr/bin/schafkopf" serve --port "$port" --db "$tmp/server.db") >"$tmp/serve.out" 2>&1 &
    spid=$!
    trap 'kill "$spid" 2>/dev/null; rm -rf "$tmp"' EXIT
    for _ in $(seq 600); do
        grep -q 'open http' "$tmp/serve.out" && break
        kill -0 "$spid" 2>/dev/null || break
        sleep 0.1
    done
    if grep -q "browser client $dest/usr/share/schafkopf/web\$" "$tmp/serve.out"; then ok; else bad "serve did not take the installed client"; cat "$tmp/serve.out"; fi
    for path in / /app.js; do
        file=$dest/usr/share/schafkopf/web/${path#/}
        [ "$path" = / ] && file=$dest/usr/share/schafkopf/web/index.html
        if python3 - "$port" "$path" "$file" <<'PY'
import http.client, sys
port, path, want = int(sys.argv[1]), sys.argv[2], open(sys.argv[3], "rb").read()
c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
c.request("GET", path)
r = c.getresponse()
body = r.read()
if r.status != 200 or body != want:
    sys.exit("GET %s: %d, %d bytes (the installed file has %d)" % (path, r.status, len(body), len(want)))
if path.endswith(".js") and "javascript" not in (r.getheader("content-type") or ""):
    sys.exit("GET %s: content-type %s" % (path, r.getheader("content-type")))
PY
        then ok; else bad "the installed server's GET $path"; fi
    done
    kill -TERM "$spid"
    wait "$spid"
    st=$?
    [ "$st" = 0 ] && grep -q 'serve: stopped' "$tmp/serve.out" && ok || { bad "serve did not stop cleanly on SIGTERM (status $st)"; cat "$tmp/serve.out"; }
else
    echo "skipped: the installed server's pages (python3 is not installed)"
fi

echo "test_install: $passed passed, $failed failed"
[ "$failed" = 0 ]
