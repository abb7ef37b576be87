#!/usr/bin/env bash
# test_save.sh -- what the program does to the path of a file it writes
# (docs/architecture.md, "Saving a file"): a regular file or a new name is
# replaced atomically, through a symlink its target is (the temporary
# beside the target), a character device or a FIFO is written in place
# and a write error there (/dev/full) is a failure, a directory or a
# block device is refused and left as it was.  Two writers show it: the
# chart of `schafkopf sheet` (a text saved whole) and `selfplay --out` (a
# stream); the sheet's own file and arena's appended files follow.  The suite runs as the user running the tests (root in CI)
# and again as nobody where setpriv can drop to him.
#
# The machine's own /dev/null and /dev/full are written only where they
# cannot be lost: by a user who may not write /dev, or after the same
# test on a private device node (mknod) found the node intact -- a build
# that replaces a device replaces only the private one.
set -u
PROG=${SK_PROG:-build/schafkopf}
case $PROG in /*) ;; *) PROG=$PWD/$PROG ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
passed=0 failed=0
who=$(id -un)
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL ($who): $*"; }
contains() { # contains FILE TEXT DESCRIPTION
    if grep -qF -- "$2" "$1"; then ok; else bad "$3: no \"$2\" in"; cat -v "$1"; fi
}
lacks() { # lacks FILE TEXT DESCRIPTION
    if grep -qF -- "$2" "$1"; then bad "$3: \"$2\" in"; cat -v "$1"; else ok; fi
}

# The writers: W KIND PATH writes PATH with writer KIND (chart or
# selfplay), keeping out, err and status.
W() {
    if [ "$1" = chart ]; then
        printf 'chart %s\nquit\n' "$2" | "$PROG" sheet --lang en >"$tmp/out" 2>"$tmp/err"
    else
        "$PROG" selfplay --games 3 --seed 7 --out "$2" >"$tmp/out" 2>"$tmp/err"
    fi
    status=$?
}
# What each writes: the same text every time (an empty sheet's chart, a
# seeded selfplay).
W chart "$tmp/ref.chart"
W selfplay "$tmp/ref.selfplay"
[ -s "$tmp/ref.chart" ] && [ -s "$tmp/ref.selfplay" ] && ok || bad "the reference files"
written() { # written KIND DESCRIPTION: the writer says it succeeded
    if [ "$status" = 0 ]; then ok; else bad "$2: exit status $status"; cat "$tmp/err"; fi
    [ "$1" = chart ] && contains "$tmp/out" "Chart written" "$2"
}
not_written() { # not_written KIND DESCRIPTION TEXT: a failure naming TEXT, nothing said written
    if [ "$status" != 0 ]; then ok; else bad "$2: exit status 0"; fi
    contains "$tmp/err" "$3" "$2"
    lacks "$tmp/out" "written" "$2"
}
same() { # same FILE KIND DESCRIPTION: FILE holds what KIND writes
    if cmp -s "$1" "$tmp/ref.$2"; then ok; else bad "$3: $1 is not what $2 writes"; fi
}
no_temporaries() { # no_temporaries DIR DESCRIPTION
    if ls -A "$1" | grep -q '\.tmp[0-9]'; then bad "$2: a temporary left in $1:"; ls -A "$1"; else ok; fi
}

for k in chart selfplay; do
    d=$tmp/$k
    mkdir "$d"

    # A regular file is replaced whole (a new file renamed over it): the
    # new text, its mode kept, no temporary left.
    echo old >"$d/file"
    chmod 640 "$d/file"
    W $k "$d/file"
    written $k "$k: a regular file"
    same "$d/file" $k "$k: a regular file"
    [ "$(stat -c %a "$d/file")" = 640 ] && ok || bad "$k: the file's mode $(stat -c %a "$d/file"), not 640"

    # A name not there yet.
    W $k "$d/new"
    written $k "$k: a new file"
    same "$d/new" $k "$k: a new file"

    # A symlink to a file in another directory: the target gets the text,
    # the link stays a link.
    mkdir "$d/links" "$d/targets"
    echo old >"$d/targets/t"
    ln -s ../targets/t "$d/links/l"
    W $k "$d/links/l"
    written $k "$k: a symlink to a file"
    [ -L "$d/links/l" ] && ok || bad "$k: the symlink was replaced by a file"
    same "$d/targets/t" $k "$k: the symlink's target"

    # A dangling symlink (through a second link): its target is created.
    ln -s gone "$d/targets/hop"
    ln -s ../targets/hop "$d/links/dangling"
    W $k "$d/links/dangling"
    written $k "$k: a dangling symlink"
    [ -L "$d/links/dangling" ] && [ -L "$d/targets/hop" ] && ok ||
        bad "$k: a link of the chain was replaced by a file"
    same "$d/targets/gone" $k "$k: the dangling symlink's new target"

    # A symlink in a directory nobody may write, to a file in one he may:
    # the temporary goes beside the target, so this works for him too.
    mkdir "$d/ro" "$d/rw"
    echo old >"$d/rw/t"
    ln -s ../rw/t "$d/ro/l"
    chmod 555 "$d/ro"
    W $k "$d/ro/l"
    written $k "$k: a symlink in a read-only directory"
    same "$d/rw/t" $k "$k: the target of a symlink in a read-only directory"
    chmod 755 "$d/ro"

    # A directory is refused and left alone.
    mkdir "$d/dir"
    W $k "$d/dir"
    not_written $k "$k: a directory" "Is a directory"
    [ -d "$d/dir" ] && [ -z "$(ls -A "$d/dir")" ] && ok || bad "$k: the directory changed"

    # A FIFO with a reader: written in place, the reader gets the text.
    mkfifo "$d/fifo"
    cat "$d/fifo" >"$d/fifo.got" &
    reader=$!
    W $k "$d/fifo"
    written $k "$k: a FIFO"
    if [ -p "$d/fifo" ]; then
        ok
        exec 3<>"$d/fifo" # a reader the writer never met gets its end of file
        exec 3>&-
    else
        bad "$k: the FIFO was replaced"
        kill "$reader" 2>/dev/null
    fi
    wait "$reader"
    same "$d/fifo.got" $k "$k: what the FIFO's reader got"

    no_temporaries "$d" "$k"
    no_temporaries "$d/links" "$k"
    no_temporaries "$d/targets" "$k"
    no_temporaries "$d/rw" "$k"
done

# Devices.  The private nodes first (root only), then the machine's
# where that is safe (see above).
devices_safe=no
[ -w /dev ] || devices_safe=yes
if mknod "$tmp/null" c 1 3 2>/dev/null && mknod "$tmp/full" c 1 7 2>/dev/null &&
    mknod "$tmp/block" b 7 250 2>/dev/null; then
    chmod 666 "$tmp/null" "$tmp/full"
    intact=yes
    for k in chart selfplay; do
        W $k "$tmp/null"
        written $k "$k: a private null device"
        [ -c "$tmp/null" ] || { bad "$k: the null device was replaced"; intact=no; }
        W $k "$tmp/full"
        not_written $k "$k: a private full device" "No space left on device"
        [ -c "$tmp/full" ] || { bad "$k: the full device was replaced"; intact=no; }
        W $k "$tmp/block"
        not_written $k "$k: a block device" "not a regular file"
        [ -b "$tmp/block" ] || { bad "$k: the block device was replaced"; intact=no; }
    done
    no_temporaries "$tmp" "devices"
    [ "$intact" = yes ] && devices_safe=yes
else
    echo "test_save ($who): no private device nodes (mknod is not allowed)"
fi
if [ "$devices_safe" = yes ] && [ -c /dev/null ] && [ -c /dev/full ]; then
    for k in chart selfplay; do
        W $k /dev/null
        written $k "$k: /dev/null"
        [ -c /dev/null ] && ok || bad "$k: /dev/null was replaced"
        W $k /dev/full
        not_written $k "$k: /dev/full" "No space left on device"
        [ -c /dev/full ] && ok || bad "$k: /dev/full was replaced"
    done
else
    echo "test_save ($who): skipped /dev/null and /dev/full (not safe to write with this build)"
fi

# The sheet's own file through a symlink: the entry goes to the target.
mkdir "$tmp/sheet" "$tmp/sheet/real"
ln -s real/evening.json "$tmp/sheet/link.json"
printf 'game solo:H declarer=1 points=75\nquit\n' |
    "$PROG" sheet --lang en --file "$tmp/sheet/link.json" >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] && ok || { bad "sheet --file through a symlink"; cat "$tmp/err"; }
[ -L "$tmp/sheet/link.json" ] && ok || bad "sheet --file replaced its symlink"
contains "$tmp/sheet/real/evening.json" "solo:H" "the sheet's target holds the game"

# Files that grow (arena's --out and --log, play's session file) are
# appended to, through a symlink its target; only a regular file will
# do, since a resumed run reads them back.
mkdir "$tmp/grow" "$tmp/grow/real"
ln -s real/records.jsonl "$tmp/grow/out.jsonl"
arena() { "$PROG" arena --bots random --deals 2 --seed 3 "$@" >/dev/null 2>"$tmp/err"; status=$?; }
arena --out "$tmp/grow/out.jsonl" --log "$tmp/grow/log.jsonl"
[ "$status" = 0 ] && ok || { bad "arena --out through a dangling symlink"; cat "$tmp/err"; }
[ -L "$tmp/grow/out.jsonl" ] && [ -s "$tmp/grow/real/records.jsonl" ] && ok ||
    bad "arena --out: the records are not in the symlink's target"
arena --out /dev/null
[ "$status" != 0 ] && ok || bad "arena --out /dev/null: exit status 0"
contains "$tmp/err" "/dev/null: not a regular file" "arena --out /dev/null"
arena --log "$tmp/grow/real"
[ "$status" != 0 ] && ok || bad "arena --log DIRECTORY: exit status 0"
contains "$tmp/err" "Is a directory" "arena --log DIRECTORY"

echo "test_save ($who): $passed passed, $failed failed"
status=0
[ "$failed" = 0 ] || status=1

# The same as an unprivileged user, where root can become one: he may
# not write /dev, so the machine's devices are safe with any build.
if [ "$(id -u)" = 0 ] && [ -z "${SK_SAVE_AS_USER:-}" ]; then
    script=$(readlink -f "$0")
    if command -v setpriv >/dev/null && id nobody >/dev/null 2>&1 &&
        setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
            test -r "$script" -a -x "$PROG" 2>/dev/null; then
        setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
            env SK_SAVE_AS_USER=1 SK_PROG="$PROG" HOME=/nonexistent bash "$script" || status=1
    else
        echo "test_save: skipped the run as an unprivileged user (no setpriv or nobody here)"
    fi
fi
exit $status
