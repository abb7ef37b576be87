#!/bin/sh
# engine_hang.sh FILE -- an engine that hangs at its first decision, for
# the SIGINT/SIGTERM test of tests/test_arena.sh: it starts a child
# (sleep) and waits for it, after writing its own pid and the child's to
# FILE.  The arena stopped by a signal must end both (the whole process
# group of the engine), not leave them behind.
while IFS= read -r line; do
    case $line in
    "schafkopf-engine 1")
        echo "id name hang"
        echo "ready"
        ;;
    "go "*)
        sleep 3600 &
        echo "$$ $!" >"$1.tmp" && mv "$1.tmp" "$1"
        wait
        ;;
    quit) exit 0 ;;
    esac
done
