#!/bin/sh
# engine_bad.sh MODE -- a misbehaving engine for tests/test_arena.sh.  It
# does the handshake properly and at its first decision of each game (it
# always has one: every seat speaks in the auction) misbehaves as MODE
# says; later decisions (if it were asked) get the first legal choice:
#   garbage  answers a line that is not an action
#   illegal  answers a well-formed action that is not on offer
#   sleep    answers nothing for 30 s (the arena must kill it)
#   exit     exits with status 3 (a crash)
#   noready  never finishes the handshake (sleeps instead)
#   noready1 FILE  hangs up in the handshake if FILE does not exist (and
#            creates it): only its first start fails, at once
mode=${1:-garbage}
if [ "$mode" = noready1 ]; then
    if [ -e "$2" ]; then mode=first; else : >"$2"; mode=hangup; fi
fi
first= n=0 offered=
while IFS= read -r line; do
    case $line in
    "schafkopf-engine 1")
        if [ "$mode" = noready ]; then sleep 30; exit 0; fi
        if [ "$mode" = hangup ]; then exit 0; fi
        echo "id name bad-$mode"
        echo "ready"
        ;;
    "game "*) n=0 ;;
    "legal "*)
        [ -n "$first" ] || first=${line#legal }
        offered="$offered|${line#legal }|"
        ;;
    "go "*)
        n=$((n + 1))
        if [ "$n" -ne 1 ]; then
            echo "$first"
        else
            case $mode in
            garbage) echo "sure, I will play the Eichel-Ober" ;;
            illegal)
                for a in "card EO" "card SA" "card H7" "declare wenz:tout" "bid sie"; do
                    case $offered in *"|$a|"*) ;; *) echo "$a"; break ;; esac
                done
                ;;
            sleep) sleep 30 ;;
            exit) exit 3 ;;
            *) echo "$first" ;;
            esac
        fi
        first= offered=
        ;;
    quit) exit 0 ;;
    esac
done
