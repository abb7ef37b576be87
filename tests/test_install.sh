#!/usr/bin/env bash
# test_install.sh -- the installed library is usable on its own: `make
# install` into a temporary prefix, then a C program that deals a game and
# plays it out is built and linked only through `pkg-config --cflags
# --libs schafkopf` (the static library needs jansson, -lm and -pthread
# from the .pc file), and the public headers compile as C++ (extern "C").
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

echo "test_install: $passed passed, $failed failed"
[ "$failed" = 0 ]
