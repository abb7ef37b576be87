#!/usr/bin/env bash
# test_floors.sh -- a lower layer never includes a higher one
# (docs/architecture.md, "Layers").  Every #include of src/ and
# include/schafkopf/ is resolved as the compiler does (a quoted name
# beside the file first, then -Iinclude, then -Isrc), both ends are put
# on their floor by the table FLOORS, and the include must be one the
# table ALLOW lets the including floor make.  A file under no floor
# fails too: a new directory gets its line in FLOORS.  Then, when the
# program's objects are built, the same for calls: no object uses a
# symbol that a higher floor's object defines (an extern declared by
# hand gets past the includes, not past this).
#
# Before it trusts a clean result the script proves that it can fail:
# it plants a bad include in a copy of the tree for every line of
# PLANTS and requires the report to name that file and line.
set -u
ROOT=${SK_ROOT:-.}
PROG=${SK_PROG:-}

# Where each file lives: a path prefix (a directory ending in /, or a
# file) and its floor; the longest prefix wins.  The library's public
# headers sit on the floor of the code behind them.
FLOORS='
src/core/                       core
include/schafkopf/core.h        core
include/schafkopf/playout.h     core
include/schafkopf/sheet.h       core
include/schafkopf/tournament.h  core
src/ai/                         ai
include/schafkopf/ai.h          ai
src/table/                      table
include/schafkopf/table.h       table
src/store/                      store
include/schafkopf/store.h       store
include/schafkopf/server.h      server/public
src/server/proto/               server/proto
src/server/transport/           server/transport
src/server/runtime/             server/runtime
src/server/handlers/            server/handlers
src/server/                     server
src/common/                     common
src/term/                       term
src/lab/                        lab
src/cli/                        cli
'

# What each floor may include besides itself.  core < ai < table <
# store < server < cli.  The server's own public header (its
# configuration and entry points) is plain data over core.  Inside the
# server (docs/architecture.md, "src/server"): the protocol's words
# (proto) < the transport < the room runtime < the message handlers <
# server.c, which builds them; the transport knows neither the store
# nor the rooms.  The program's rooms (docs/architecture.md, "Layers"):
# what they share (common, over the library's public headers) < the
# terminal game (term) and the match tools (lab), side by side, neither
# knowing the other, both over the table layer < the commands (cli),
# which reach the store directly and the server by its public header.
ALLOW='
core:
ai:               core
table:            core ai
store:            core ai table
server/public:    core
server/proto:     core
server/transport: core server/public server/proto
server/runtime:   core ai table store server/public server/proto server/transport
server/handlers:  core ai table store server/public server/proto server/transport server/runtime
server:           core ai table store server/public server/proto server/transport server/runtime server/handlers
common:           core ai
term:             core ai table common
lab:              core ai table common
cli:              core ai table store server/public common term lab
'

# Bad includes this script must catch: FILE|LINE TO APPEND.  Each one
# is planted in a copy of the tree, alone; the check must then fail and
# name the file and the planted line.
PLANTS='
src/core/cards.c|#include "schafkopf/ai.h"
src/table/room.c|#include "schafkopf/store.h"
src/store/store_sqlite.c|#include "schafkopf/server.h"
src/server/proto/proto.c|#include "server/transport/transport.h"
src/server/transport/conn.c|#include "server/runtime/runtime.h"
src/server/transport/net.c|#include "schafkopf/store.h"
src/server/runtime/rooms.c|#include "server/handlers/handlers.h"
src/server/runtime/pass.c|#include "../handlers/books.h"
src/server/handlers/api.c|#include "cli/cli.h"
src/common/common.c|#include "table/engine.h"
src/term/play.c|#include "cli/cli.h"
src/term/replay.c|#include "lab/lab.h"
src/lab/arena.c|#include "term/term.h"
src/lab/bench.c|#include "schafkopf/store.h"
'

# The tables read once: prefixes with their floors, and each floor's
# allowed floors as " a b c ".
declare -a PREFIX=() PREFIX_FLOOR=()
while read -r prefix floor; do
    [ -n "$prefix" ] || continue
    PREFIX+=("$prefix")
    PREFIX_FLOOR+=("$floor")
done <<<"$FLOORS"
declare -A MAY=()
while read -r floor rest; do
    [ -n "$floor" ] || continue
    MAY[${floor%:}]=" $rest "
done <<<"$ALLOW"

# The floor of a path (relative to the root), or "" when none: sets FLOOR.
floor_of() {
    local path=$1 i bestlen=0
    FLOOR=""
    for i in "${!PREFIX[@]}"; do
        case "$path" in
        "${PREFIX[$i]}"*)
            if [ "${#PREFIX[$i]}" -gt "$bestlen" ]; then
                FLOOR=${PREFIX_FLOOR[$i]}
                bestlen=${#PREFIX[$i]}
            fi ;;
        esac
    done
}

# Whether floor $1 may include floor $2.
allowed() {
    [ "$1" = "$2" ] && return 0
    case "${MAY[$1]:-}" in *" $2 "*) return 0 ;; esac
    return 1
}

# The path an include of `name` from `file` opens (relative to root
# $1), or "" for a header outside the tree (the system's): sets TARGET.
resolve() {
    local root=$1 file=$2 name=$3 quoted=$4 dir=${2%/*}
    TARGET=""
    if [ "$quoted" = 1 ] && [ -f "$root/$dir/$name" ]; then
        case "$name" in
        *..*) TARGET=$(realpath -m --relative-to="$root" "$root/$dir/$name") ;;
        *) TARGET=$dir/$name ;;
        esac
    elif [ -f "$root/include/$name" ]; then
        TARGET=include/$name
    elif [ "$quoted" = 1 ] && [ -f "$root/src/$name" ]; then
        TARGET=src/$name
    fi
}

# Checks every include under root $1; prints each violation as
# "FILE:LINE: ..." on stdout and the number checked on stderr.
check_includes() {
    local root=$1 n=0 file lineno text name quoted from to
    while IFS= read -r file; do
        floor_of "$file"
        [ -n "$FLOOR" ] ||
            echo "$file: in no floor (add its directory to FLOORS in tests/test_floors.sh)"
    done < <(cd "$root" && find src include/schafkopf -name '*.[ch]' | sort)
    while IFS=: read -r file lineno text; do
        if [[ $text =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\"([^\"]+)\" ]]; then
            name=${BASH_REMATCH[1]} quoted=1
        elif [[ $text =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\<([^\>]+)\> ]]; then
            name=${BASH_REMATCH[1]} quoted=0
        else
            continue
        fi
        resolve "$root" "$file" "$name" "$quoted"
        [ -n "$TARGET" ] || continue
        n=$((n + 1))
        floor_of "$file"
        from=$FLOOR
        floor_of "$TARGET"
        to=$FLOOR
        if [ -z "$from" ]; then
            continue # said above
        elif [ -z "$to" ]; then
            echo "$file:$lineno: includes $TARGET, which is in no floor"
        elif ! allowed "$from" "$to"; then
            echo "$file:$lineno: $from includes $TARGET ($to): a higher floor"
        fi
    done < <(cd "$root" && find src include/schafkopf -name '*.[ch]' | sort |
        xargs grep -Hn '^[[:space:]]*#[[:space:]]*include')
    echo "checked $n includes" >&2
}

# Checks the built objects under $1 (a build directory) against the
# sources under root $2: every global symbol an object uses that one of
# them defines must be defined on its floor or one it may include (a
# call through a function pointer is an interface, not a symbol).
# Prints violations on stdout and the number of objects on stderr.
check_calls() {
    local build=$1 root=$2 obj src sym kind def
    declare -A defined_on=() floor_at=()
    local -a objs=()
    while IFS= read -r obj; do
        src=${obj#"$build"/}
        src=${src%.o}.c
        [ -f "$root/$src" ] || continue
        objs+=("$obj")
        floor_of "$src"
        floor_at[$obj]=$FLOOR
    done < <(find "$build/src" -name '*.o' | sort)
    # "OBJECT: [VALUE] KIND SYMBOL" for every object at once
    local table
    table=$(nm -A "${objs[@]}" |
        awk '{ i = index($0, ":"); n = split(substr($0, i + 1), f, " ");
               if (n >= 2) print substr($0, 1, i - 1), f[n - 1], f[n] }')
    while read -r obj kind sym; do
        case "$kind" in [TDBRV]) defined_on[$sym]=${floor_at[$obj]} ;; esac
    done <<<"$table"
    # the public API of a layer in floors (a header on floor X/public)
    # is the header's: a call through it is judged as its include is
    local header layer
    for header in "$root"/include/schafkopf/*.h; do
        floor_of "include/schafkopf/${header##*/}"
        layer=${FLOOR%/public}
        [ "$layer" != "$FLOOR" ] || continue
        for sym in $(grep -o '\bsk_[a-z0-9_]*' "$header" | sort -u); do
            case "${defined_on[$sym]:-}" in
            "$layer" | "$layer"/*) defined_on[$sym]=$FLOOR ;;
            esac
        done
    done
    while read -r obj kind sym; do
        [ "$kind" = U ] || continue
        def=${defined_on[$sym]:-}
        [ -n "$def" ] || continue
        if ! allowed "${floor_at[$obj]}" "$def"; then
            src=${obj#"$build"/}
            echo "${src%.o}.c: ${floor_at[$obj]} calls $sym of $def: a higher floor"
        fi
    done <<<"$table"
    echo "checked the calls of ${#objs[@]} objects" >&2
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
if ! out=$(check_includes "$ROOT" 2>"$tmp/n"); then
    echo "FAIL: the check of includes did not run through:"
    cat "$tmp/n"
    failed=1
elif [ -n "$out" ]; then
    echo "FAIL: includes across floors:"
    echo "$out"
    failed=1
fi

# The check can fail: each planted include is found, by file and line.
planted=0
while IFS='|' read -r file line; do
    [ -n "$file" ] || continue
    rm -rf "$tmp/tree"
    mkdir -p "$tmp/tree"
    cp -R "$ROOT/src" "$ROOT/include" "$tmp/tree/"
    if [ ! -f "$tmp/tree/$file" ]; then
        echo "FAIL: the plant's file $file is gone: update PLANTS"
        failed=1
        continue
    fi
    printf '%s\n' "$line" >>"$tmp/tree/$file"
    at=$(wc -l <"$tmp/tree/$file")
    got=$(check_includes "$tmp/tree" 2>/dev/null)
    if grep -q "^$file:$at: " <<<"$got"; then
        planted=$((planted + 1))
    else
        echo "FAIL: a planted bad include was not caught: $file:$at: $line"
        echo "$got"
        failed=1
    fi
done <<<"$PLANTS"

calls="not checked (no objects beside SK_PROG)"
if [ -n "$PROG" ] && [ -d "$(dirname "$PROG")/src" ] && command -v nm >/dev/null; then
    if ! out=$(check_calls "$(dirname "$PROG")" "$ROOT" 2>"$tmp/objs"); then
        echo "FAIL: the check of calls did not run through:"
        cat "$tmp/objs"
        failed=1
    elif [ -n "$out" ]; then
        echo "FAIL: calls across floors:"
        echo "$out"
        failed=1
    fi
    calls=$(cat "$tmp/objs")
fi

echo "test_floors.sh: $(cat "$tmp/n"), $planted planted bad includes caught, $calls"
[ "$failed" = 0 ]
