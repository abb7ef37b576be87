#!/bin/sh
# engine_first.sh -- the smallest engine of the schafkopf engine protocol
# (docs/engine-protocol.md), in POSIX sh: it answers every "go" with the
# first "legal" choice it was offered.  Used by tests/test_arena.sh.
first=
while IFS= read -r line; do
    case $line in
    "schafkopf-engine 1")
        echo "id name first-legal"
        echo "id author schafkopf tests"
        echo "ready"
        ;;
    "legal "*)
        [ -n "$first" ] || first=${line#legal }
        ;;
    "go "*)
        echo "info answering with the first choice"
        echo "$first"
        first=
        ;;
    quit)
        exit 0
        ;;
    esac
done
