# testlib.bash -- what the shell tests share (sourced, not run: the
# Makefile runs tests/*.sh).  Tests wait on progress, not on the clock
# (docs/architecture.md, "Tests"): a wait ends when what it waits for
# happened, and fails only when nothing moved for the stall bound --
# never because the whole took long on a loaded machine.
#
# SK_STALL: seconds without progress after which a wait gives up
# (SK_TEST_STALL_SECONDS, default 120: enough for a two-core machine at
# a load of 20).
SK_STALL=${SK_TEST_STALL_SECONDS:-120}
case $SK_STALL in '' | *[!0-9]* | 0) SK_STALL=120 ;; esac

# sk_wait_screen SCREEN-COMMAND TEXT...: polls `SCREEN-COMMAND` (a
# command that prints a screen, such as a tmux capture-pane) until its
# output contains one of the TEXTs; true then.  False when the screen
# did not change for SK_STALL seconds (the program stopped moving) or
# when the command fails.  A changing screen is progress, however slow.
sk_wait_screen() {
    local cmd=$1 scr last="" t=$SECONDS text
    shift
    while :; do
        scr=$(eval "$cmd") || return 1
        for text in "$@"; do
            case $scr in *"$text"*) return 0 ;; esac
        done
        if [ "$scr" != "$last" ]; then
            last=$scr
            t=$SECONDS
        elif [ $((SECONDS - t)) -ge "$SK_STALL" ]; then
            return 1
        fi
        sleep 0.1
    done
}

# sk_wait_file FILE: waits until FILE exists and is not empty (a program
# writes it when it gets there: one event, so SK_STALL bounds the wait);
# false when it did not come.
sk_wait_file() {
    local t=$SECONDS
    while [ ! -s "$1" ]; do
        [ $((SECONDS - t)) -ge "$SK_STALL" ] && return 1
        sleep 0.05
    done
}

# sk_wait_until COMMAND...: runs COMMAND until it succeeds (one event:
# SK_STALL bounds the wait); false when it never did.
sk_wait_until() {
    local t=$SECONDS
    until "$@"; do
        [ $((SECONDS - t)) -ge "$SK_STALL" ] && return 1
        sleep 0.05
    done
}

# A loop that drives a program by what its screen shows calls
# sk_moving_reset before it starts and `sk_moving "$screen"` each
# round: true while the screen changed within the last SK_STALL
# seconds, false once it stood still that long.
sk_moving_reset() {
    SK_MOVING_LAST=
    SK_MOVING_T=$SECONDS
}
sk_moving() {
    if [ "$1" != "$SK_MOVING_LAST" ]; then
        SK_MOVING_LAST=$1
        SK_MOVING_T=$SECONDS
        return 0
    fi
    [ $((SECONDS - SK_MOVING_T)) -lt "$SK_STALL" ]
}
