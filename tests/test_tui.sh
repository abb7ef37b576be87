#!/usr/bin/env bash
# test_tui.sh -- drives the full-screen interface of `schafkopf play` in a
# detached tmux (80x24) through one complete game: Enter plays the
# preselected (always legal) card or the first call, 'n' declines
# Kontra/Retour.  Polls capture-pane; a loop gives up when the screen
# stood still for the stall bound (tests/testlib.bash), never on the
# time the whole took.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
. "$(dirname "$0")/testlib.bash"
if ! command -v tmux >/dev/null; then
    echo "test_tui.sh: tmux not installed, skipped"
    exit 0
fi
tmp=$(mktemp -d)
sock=sk-test-$$
T() { tmux -L "$sock" "$@"; }
trap 'T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
# the opponents these transcripts were written against (pimc became
# the default in issue 15); the user's own settings never count
export XDG_CONFIG_HOME=$tmp/config
mkdir -p "$XDG_CONFIG_HOME/schafkopf" && printf 'opponents = heuristic\n' >"$XDG_CONFIG_HOME/schafkopf/play.conf"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

T -f /dev/null new-session -d -s play -x 80 -y 24 \
    "env XDG_DATA_HOME='$tmp/data' XDG_CONFIG_HOME='$tmp/config' TERM=screen '$PROG' play --games 1 --seed 11 --delay 0 \
     >/dev/tty 2>'$tmp/err'; echo \"EXIT=\$?\" >'$tmp/rc'; sleep infinity"

screen=""
saw_hand=0 saw_sheet=0
sk_moving_reset
while :; do
    screen=$(T capture-pane -p -t play 2>/dev/null) || break
    sk_moving "$screen" || break
    case $screen in *"Deine Karten"*) saw_hand=1 ;; esac
    if [ -f "$tmp/rc" ]; then break; fi
    case $screen in
    *Spielliste*)
        saw_sheet=1
        printf '%s\n' "$screen" >"$tmp/sheet"
        T send-keys -t play q
        ;;
    *"geben?"*) T send-keys -t play n ;;
    *"Spiel eine Karte"* | *"Deine Ansage"*) T send-keys -t play Enter ;;
    esac
    sleep 0.1
done
[ "$saw_hand" = 1 ] && ok "hand shown" || fail "hand never shown"
[ "$saw_sheet" = 1 ] && ok "summary with score sheet shown" || fail "no score sheet; last screen:
$screen"
if [ -f "$tmp/sheet" ]; then
    grep -q 'Summe' "$tmp/sheet" && ok "totals row" || fail "no totals row"
    grep -Eq 'gewinn|verlier|zusammengeworfen|weiter' "$tmp/sheet" && ok "result line" ||
        fail "no result line"
    grep -q 'Geld:' "$tmp/sheet" && ok "money explanation" || fail "no money line"
fi
sk_wait_file "$tmp/rc"
[ "$(cat "$tmp/rc" 2>/dev/null)" = "EXIT=0" ] && ok "exit status 0" || fail "exit: $(cat "$tmp/rc" 2>/dev/null) $(cat "$tmp/err")"
ls "$tmp"/data/schafkopf/session-*.jsonl >/dev/null 2>&1 && ok "session saved" || fail "no session file"
"$PROG" check -q "$tmp"/data/schafkopf/session-*.jsonl && ok "saved record checks" || fail "record check"

# Ctrl-C in the middle of a game (issue 14: the game was lost, exit 1
# without a word): the game in progress is saved to FILE.partial, the
# program says so and exits 130
T new-session -d -s intr -x 80 -y 24 \
    "env XDG_DATA_HOME='$tmp/data2' XDG_CONFIG_HOME='$tmp/config' TERM=screen '$PROG' play --games 1 --seed 5 --delay 0 \
     >/dev/tty 2>'$tmp/err2'; echo \"EXIT=\$?\" >'$tmp/rc2'; sleep infinity"
cards=0
sk_moving_reset
while [ ! -f "$tmp/rc2" ]; do
    screen=$(T capture-pane -p -t intr 2>/dev/null) || break
    sk_moving "$screen" || break
    case $screen in
    *"geben?"*) T send-keys -t intr n ;;
    *"Spiel eine Karte"*)
        cards=$((cards + 1))
        if [ "$cards" -ge 2 ]; then
            T send-keys -t intr C-c # once: then only the end is waited for
            break
        fi
        T send-keys -t intr Enter
        ;;
    *"Deine Ansage"*) T send-keys -t intr Enter ;;
    esac
    sleep 0.1
done
sk_wait_file "$tmp/rc2"
[ "$(cat "$tmp/rc2" 2>/dev/null)" = "EXIT=130" ] && ok "Ctrl-C: exit status 130" ||
    fail "Ctrl-C: $(cat "$tmp/rc2" 2>/dev/null) $(cat "$tmp/err2")"
ls "$tmp"/data2/schafkopf/session-*.jsonl.partial >/dev/null 2>&1 && ok "Ctrl-C: game in progress saved" ||
    fail "Ctrl-C: no FILE.partial"
T capture-pane -p -t intr 2>/dev/null | grep -q 'Laufendes Spiel gespeichert in' && ok "Ctrl-C: says where" ||
    fail "Ctrl-C: no message; last screen:
$(T capture-pane -p -t intr 2>/dev/null)"

# A tournament table plays for tournament points (docs/rules.md, What a
# table plays for; 5.2.7): the title bar, the settlement, the score sheet
# and the statistics page show points and no money.  Games thrown in
# (5.2.5) are passed over to the first game played out.
T new-session -d -s tour -x 80 -y 24 \
    "env XDG_DATA_HOME='$tmp/data3' XDG_CONFIG_HOME='$tmp/config' TERM=screen '$PROG' play --preset tournament \
     --games 4 --seed 11 --delay 0 --trick-pause 0 >/dev/tty 2>'$tmp/err3'; echo \"EXIT=\$?\" >'$tmp/rc3'; sleep infinity"
saw_title=0
sk_moving_reset
while [ ! -f "$tmp/rc3" ]; do
    screen=$(T capture-pane -p -t tour 2>/dev/null) || break
    sk_moving "$screen" || break
    case $screen in *"Turnierpunkte: "[+-]*) saw_title=1 ;; esac
    case $screen in
    *Spielliste*)
        if printf '%s\n' "$screen" | grep -q 'Turnierpunkte: Du'; then
            printf '%s\n' "$screen" >"$tmp/tsheet"
            T send-keys -t tour s
            break
        fi
        T send-keys -t tour Enter
        ;;
    *"geben?"*) T send-keys -t tour n ;;
    *"Spiel eine Karte"* | *"Deine Ansage"*) T send-keys -t tour Enter ;;
    esac
    sleep 0.1
done
[ "$saw_title" = 1 ] && ok "tournament: the title bar counts tournament points" || fail "tournament: no points in the title bar"
if [ -f "$tmp/tsheet" ]; then
    grep -q 'Spielliste (Turnierpunkte)' "$tmp/tsheet" && ok "tournament: sheet in points" || fail "tournament: sheet $(cat "$tmp/tsheet")"
    grep -Eq '€|Geld|Cent|[0-9],[0-9][0-9]' "$tmp/tsheet" && fail "tournament: money on the summary: $(cat "$tmp/tsheet")" ||
        ok "tournament: no money on the summary"
    sk_wait_screen "T capture-pane -p -t tour" "Stand (Turnierpunkte):"
    stats=$(T capture-pane -p -t tour 2>/dev/null)
    case $stats in *"Stand (Turnierpunkte):"*) ok "tournament: statistics in points" ;; *) fail "tournament: statistics: $stats" ;; esac
    case $stats in *€* | *Geld*) fail "tournament: money in the statistics" ;; *) ok "tournament: no money in the statistics" ;; esac
else
    fail "tournament: no game played out in 4; last screen:
$screen"
fi
T send-keys -t tour q
sleep 0.3
T send-keys -t tour q

# q in a game asks before it quits, in words (it read "Servus!? (j/n)"):
# n plays on, q then j quits with the game in progress saved
T new-session -d -s quit -x 80 -y 24 \
    "env XDG_DATA_HOME='$tmp/data4' XDG_CONFIG_HOME='$tmp/config' TERM=screen '$PROG' play --games 1 --seed 5 --delay 0 \
     >/dev/tty 2>'$tmp/err4'; echo \"EXIT=\$?\" >'$tmp/rc4'; sleep infinity"
# quit_asked: q at the next question of the game (a key typed before it
# is dropped), then the question to quit is on the screen
quit_asked() {
    sk_wait_screen "T capture-pane -p -t quit" "Deine Ansage" "Spiel eine Karte" &&
        T send-keys -t quit q &&
        sk_wait_screen "T capture-pane -p -t quit" "Wirklich aufhören? (j/n)"
}
asked=0
if quit_asked; then
    asked=1
    T send-keys -t quit n
    # n plays on: the question is gone, the game's own is back
    asked_gone() { ! T capture-pane -p -t quit | grep -q 'Wirklich aufhören'; }
    if sk_wait_until asked_gone && quit_asked; then
        asked=2
        T send-keys -t quit j
    fi
fi
screen=$(T capture-pane -p -t quit 2>/dev/null)
[ "$asked" -ge 2 ] && ok "quit: asked in words, n plays on" || fail "quit: asked $asked times; last screen:
$screen"
sk_wait_file "$tmp/rc4"
[ -f "$tmp/rc4" ] && ok "quit: j quits" || fail "quit: still running"

[ "$fails" = 0 ] || { echo "test_tui.sh: $fails failed"; exit 1; }
echo "test_tui.sh: all passed"
