#!/usr/bin/env bash
# test_tui_keys.sh -- the keys of the full-screen game (issue 15), driven
# in a detached tmux at fixed sizes with send-keys, read with
# capture-pane.  Each case is a key sequence a player typed and the move
# it must make: a card code ending in 7, 8 or 9 is that card and no card
# number; a menu of ten and more choices takes two-digit numbers.  A
# wait ends when the screen shows what it waits for and fails only when
# the screen stood still for the stall bound (tests/testlib.bash).
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
. "$(dirname "$0")/testlib.bash"
if ! command -v tmux >/dev/null; then
    echo "test_tui_keys.sh: tmux not installed, skipped"
    exit 0
fi
tmp=$(mktemp -d)
sock=sk-keys-$$
T() { tmux -L "$sock" "$@"; }
trap 'T kill-server 2>/dev/null; sleep 0.5; rm -rf "$tmp"' EXIT
# the opponents these transcripts were written against (pimc became
# the default in issue 15); the user's own settings never count
export XDG_CONFIG_HOME=$tmp/config
mkdir -p "$XDG_CONFIG_HOME/schafkopf" && printf 'opponents = heuristic\n' >"$XDG_CONFIG_HOME/schafkopf/play.conf"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

# start NAME COLSxROWS ARGS...: `schafkopf ARGS` in a new tmux window
start() {
    local name=$1 size=$2; shift 2
    local q=""
    for a in "$@"; do q="$q '$a'"; done
    T -f /dev/null new-session -d -s "$name" -x "${size%x*}" -y "${size#*x}" \
        "env XDG_DATA_HOME='$tmp/data' XDG_CONFIG_HOME='$tmp/config' TERM=screen LANG=C.UTF-8 \
         '$PROG'$q 2>'$tmp/$name.err'; echo \"EXIT=\$?\" >'$tmp/$name.rc'; sleep infinity"
}
# screen NAME: the window's text now
screen() { T capture-pane -p -t "$1" 2>/dev/null; }
# wait_for NAME TEXT...: polls until the screen shows one of the TEXTs;
# false when the screen stood still for the stall bound without them
wait_for() {
    local name=$1
    shift
    sk_wait_screen "screen $name" "$@"
}
# ended NAME: waits until the program in NAME has exited (its status
# file); false when it did not
ended() { sk_wait_file "$tmp/$1.rc"; }
# to_summary NAME: plays the game on (Enter: the first choice, no
# doubling) until the page after it shows the score sheet; false when
# the screen stood still for the stall bound
to_summary() {
    local scr
    sk_moving_reset
    while :; do
        scr=$(screen "$1")
        sk_moving "$scr" || return 1
        case $scr in
        *Spielliste*) return 0 ;;
        *"geben?"*) keys "$1" n ;;
        *"Spiel eine Karte"* | *"Deine Ansage"*) keys "$1" Enter ;;
        esac
        sleep 0.1
    done
    return 1
}
# keys NAME KEY...: sends each key, giving the program time to read it
keys() {
    local name=$1; shift
    for k in "$@"; do T send-keys -t "$name" "$k"; sleep 0.2; done
}

# 1: `2` (ich spiele), `1` (the first contract), then `h` `7`: Herz-Sieben
start k1 80x24 play --seed 3 --delay 0
if wait_for k1 "Deine Ansage"; then
    keys k1 2
    wait_for k1 "Sauspiel mit der" || fail "1: no declaration menu"
    keys k1 1
    wait_for k1 "Spiel eine Karte" || fail "1: no card asked for"
    keys k1 h 7
    if wait_for k1 "Du: H7"; then ok "1: h 7 plays H7"; else
        fail "1: h 7 did not play H7:
$(screen k1)"; fi
    case $(screen k1) in *"Du: EK"*) fail "1: the 7th card was played" ;; esac
else
    fail "1: no bidding menu: $(screen k1)"
fi

# 2: under sauspiel, `1` `2` (no Klopfen, ich spiele), then `1` `0`: the
# tenth choice, Eichel-Wenz; `1` alone must wait for a second digit
start k2 80x24 play --preset sauspiel --seed 47 --delay 0 --hold 0
if wait_for k2 "ich klopfe"; then
    case $(screen k2) in *"Enter ansagen"*) ok "minor: the footer of a menu says ansagen" ;;
    *) fail "minor: menu footer: $(screen k2 | tail -1)" ;; esac
    keys k2 1
    wait_for k2 "ich spiele" || fail "2: no bidding menu"
    keys k2 2
    wait_for k2 "10 Eichel-Wenz" || fail "2: no tenth choice"
    keys k2 1
    case $(screen k2) in *"Du: Sauspiel"*) fail "2: 1 chose at once" ;; esac
    keys k2 0
    if wait_for k2 "Du: Eichel-Wenz"; then ok "2: 1 0 chose the tenth choice"; else
        fail "2: 1 0 did not choose Eichel-Wenz:
$(screen k2)"; fi
else
    fail "2: no Klopfen menu: $(screen k2)"
fi

# 7: Kontra is a key, not a question that stops the game: after `1`
# (weiter) the play goes on untouched, the footer offers k, and k gives it
start k7 80x24 play --seed 9 --delay 0
if wait_for k7 "Deine Ansage"; then
    keys k7 1
    if wait_for k7 "Spiel eine Karte"; then ok "7: the game goes on without an answer"; else
        fail "7: the game waits: $(screen k7)"; fi
    case $(screen k7) in *"k: Kontra geben"*) ok "7: the footer offers k" ;;
    *) fail "7: no k in the footer: $(screen k7)" ;; esac
    keys k7 k
    if wait_for k7 "Du: Kontra"; then ok "7: k gives Kontra"; else fail "7: k: $(screen k7)"; fi
else
    fail "7: no bidding menu: $(screen k7)"
fi

# 8: a key typed while the trick ends plays nothing: `h` `7` and at once
# Enter; the finished trick stays, the hand keeps seven cards (a trick
# pause of 4 s: time enough to see the finished trick on a loaded machine)
start k8 80x24 play --seed 3 --delay 0 --trick-pause 4000
if wait_for k8 "Deine Ansage"; then
    keys k8 2
    wait_for k8 "Sauspiel mit der" || fail "8: no declaration menu"
    keys k8 1
    wait_for k8 "Spiel eine Karte" || fail "8: no card asked for"
    T send-keys -t k8 h 7 Enter
    if wait_for k8 "Du stichst – "; then ok "8: the finished trick is shown with its Augen"; else
        fail "8: no finished trick: $(screen k8)"; fi
    # the next card asked; had the Enter played one, a card fewer
    wait_for k8 "Enter, 1-7 oder" "Enter, 1-6 oder"
    sleep 1 # time for a wrong card to show (a slow machine can only hide one)
    hand=$(screen k8 | grep -A1 'Deine Karten' | tail -1 | tr -cd '[' | wc -c)
    case $(screen k8) in *"Enter, 1-7 oder"*) ok "minor: the prompt numbers the cards left" ;;
    *) fail "minor: card numbers: $(screen k8 | grep 'Spiel eine Karte')" ;; esac
    [ "$hand" = 7 ] && ok "8: type-ahead discarded" || fail "8: $hand cards left:
$(screen k8)"
else
    fail "8: no bidding menu: $(screen k8)"
fi

# 10: after a game `v` shows its course (every hand, every trick, the
# settlement); at the end of a replay the course is the last page
start k10 80x24 play --games 1 --seed 9 --delay 0 --trick-pause 0
shown=0
to_summary k10 && keys k10 v && shown=1
if [ "$shown" = 1 ] && wait_for k10 "Spielverlauf (Spiel 1)" &&
    [ "$(screen k10 | grep -c '^ Stich [1-8] ')" = 8 ] && screen k10 | grep -q '^ Geld: '; then
    ok "10: v shows the course after the game"
else
    fail "10: no course after the game: $(screen k10)"
fi
keys k10 q
ended k10 || fail "10: q did not end the session: $(screen k10)"
file=$(ls -t "$tmp"/data/schafkopf/session-*.jsonl 2>/dev/null | head -1)
if [ -n "$file" ]; then
    start r10 80x24 replay "$file"
    wait_for r10 "Schritt 0"
    for _ in $(seq 60); do
        case $(screen r10) in *Spielverlauf*) break ;; esac
        keys r10 Right
    done
    if wait_for r10 "Spielverlauf" && screen r10 | grep -q '^ Geld: '; then
        ok "10: the replay ends on the course and the settlement"
    else
        fail "10: replay end: $(screen r10)"
    fi
else
    fail "10: no session saved"
fi

# a: after a game `a` rates the player's decisions (the table of
# `schafkopf analyze --seat 0`, legend under it); the arrows page
# through it when it is longer than the screen
start ka 80x24 play --games 1 --seed 9 --delay 0 --trick-pause 0
shown=0
to_summary ka && keys ka a && shown=1
if [ "$shown" = 1 ] && wait_for ka "Deine Entscheidungen in Spiel 1"; then
    scr=$(screen ka)
    rows=$(printf '%s\n' "$scr" | grep -Ec '^ +[0-9]+  [0-3] ')
    others=$(printf '%s\n' "$scr" | grep -Ec '^ +[0-9]+  [123] ')
    if [ "$rows" -ge 2 ] && [ "$others" = 0 ] && printf '%s\n' "$scr" | grep -q '| Tipp Augen verl.'; then
        ok "a: a rates the player's decisions"
    else
        fail "a: the rating page: $scr"
    fi
    for _ in $(seq 12); do keys ka Down; done
    if wait_for ka "Tipp: die beste Wahl." && screen ka | grep -q '^Du: [0-9]* Entscheidung'; then
        ok "a: the arrows page down to the legend"
    else
        fail "a: no legend after paging down: $(screen ka)"
    fi
    keys ka q
    ended ka
    if grep -q 'EXIT=0' "$tmp/ka.rc" 2>/dev/null; then
        ok "a: q ends the session from the rating"
    else
        fail "a: q on the rating page: $(screen ka; cat "$tmp/ka.rc" "$tmp/ka.err" 2>&1)"
    fi
else
    fail "a: no rating after the game: $(screen ka)"
fi

# claiming the rest (issue 15): the footer names r; r at the first card
# is refused (it cannot hold, or is too early to check) on the message
# line, and the same card is still asked
start c1 80x24 play --seed 3 --delay 0
if wait_for c1 "Deine Ansage"; then
    keys c1 2
    wait_for c1 "Sauspiel mit der" || fail "claim: no declaration menu"
    keys c1 1
    wait_for c1 "Spiel eine Karte" || fail "claim: no card asked for"
    case $(screen c1) in *"r der Rest"*) ok "claim: the footer names r" ;;
    *) fail "claim: footer: $(screen c1 | tail -1)" ;; esac
    keys c1 r
    if wait_for c1 "Das hält nicht" "Zu früh zum Prüfen"; then
        screen c1 | grep -q 'Spiel eine Karte: ←→ Enter, 1-8' && ok "claim: r refused, the card still asked" ||
            fail "claim: after r: $(screen c1)"
    else
        fail "claim: r: $(screen c1)"
    fi
else
    fail "claim: no bidding menu: $(screen c1)"
fi

# statistics (issue 15): after a game s shows the session's statistics
start k11 80x24 play --games 2 --seed 9 --delay 0 --trick-pause 0
shown=0
to_summary k11 && screen k11 | grep -q "s: Statistik" && keys k11 s && shown=1
if [ "$shown" = 1 ] && wait_for k11 "Statistik - Spiele: 1," && screen k11 | grep -q '^ *Spiel   1  ' &&
    screen k11 | grep -q 'Angesagt (gewonnen von gespielt)'; then
    ok "statistics: s after a game"
else
    fail "statistics: $(screen k11)"
fi
keys k11 q

# minor: the header names the multiplier and your side's Augen; trumps
# stand apart in the hand; at 120x40 the log uses the width and breaks
# lines between words
start m1 120x40 play --seed 9 --delay 0 --trick-pause 0
if wait_for m1 "Deine Ansage"; then
    keys m1 1
    wait_for m1 "Spiel eine Karte" # k counts at a question of the game (as in 7)
    keys m1 k
    wait_for m1 "Du: Kontra"
    keys m1 Enter
    wait_for m1 "macht Stich 1"
    head=$(screen m1 | head -1)
    case $head in *" x2 "*"Augen "[0-9]*) ok "header: multiplier and Augen" ;;
    *) fail "header: $head" ;; esac
    screen m1 | grep -q '\[H9\]    \[EZ\]' && ok "trumps set apart" ||
        fail "trumps: $(screen m1 | grep -A1 'Deine Karten')"
    screen m1 | grep -q '│Spiel 1: Geber Rechts, Vorhand Du$' && ok "120 columns: the log is wide" ||
        fail "log width: $(screen m1 | head -3)"
else
    fail "minor: no bidding menu: $(screen m1)"
fi

# settings (issue 15): o opens the settings screen in the game, the
# footer names the key; Right changes the chosen setting, Enter saves it
# to $XDG_CONFIG_HOME/schafkopf/play.conf, and the language applies at
# once; play --settings is the same screen alone, Esc leaves it
start s1 80x24 play --seed 3 --delay 0
if wait_for s1 "Deine Ansage"; then
    case $(screen s1) in *"o Optionen"*) ok "settings: the footer names o" ;;
    *) fail "settings: footer: $(screen s1 | tail -1)" ;; esac
    keys s1 o
    if wait_for s1 "Einstellungen" && screen s1 | grep -q 'Stichpause' &&
        screen s1 | grep -q 'gelten ab der nächsten Runde'; then ok "settings: o shows them"; else
        fail "settings: o: $(screen s1)"; fi
    keys s1 Down Down Down Down Right
    wait_for s1 "English" && wait_for s1 "Opponents" && ok "settings: the screen speaks the language chosen" ||
        fail "settings: language: $(screen s1)"
    keys s1 Enter
    if wait_for s1 "Your call" && screen s1 | grep -q 'o settings'; then ok "settings: saved, English at once"; else
        fail "settings: after Enter: $(screen s1)"; fi
    grep -qx 'lang = en' "$tmp/config/schafkopf/play.conf" 2>/dev/null && ok "settings: the file" ||
        fail "settings: file: $(cat "$tmp/config/schafkopf/play.conf" 2>&1)"
else
    fail "settings: no bidding menu: $(screen s1)"
fi
start s2 80x24 play --settings
if wait_for s2 "Language"; then
    keys s2 Right Escape
    ended s2
    grep -qx 'lang = en' "$tmp/config/schafkopf/play.conf" && grep -q 'EXIT=0' "$tmp/s2.rc" 2>/dev/null &&
        ok "settings: play --settings, Esc leaves the file" || fail "settings: Esc: $(cat "$tmp/s2.rc" 2>&1)"
else
    fail "settings: play --settings: $(screen s2)"
fi
# a bad line of the settings: the full screen shows it on the first
# game's table (the message once crashed the screen before any game)
printf 'opponents = heuristic\ntariff = zehn\n' >"$tmp/config/schafkopf/play.conf"
start s3 80x24 play --seed 3 --delay 0
if wait_for s3 "Deine Ansage" && screen s3 | grep -q 'Einstellungen play.conf, Zeile 2: "zehn"' &&
    screen s3 | grep -q 'Wert für tariff; dafür gilt der Standard'; then
    ok "settings: a bad line named on the table"
else
    fail "settings: bad line: $(screen s3; cat "$tmp/s3.rc" 2>/dev/null)"
fi
keys s3 q j
ended s3 || fail "settings: q j did not end the game: $(screen s3)"
rm -rf "$tmp/data" # its game in progress is not the one the offer below is about
printf 'opponents = heuristic\n' >"$tmp/config/schafkopf/play.conf"

# resume offer (issue 15): on a terminal, play without --continue asks
# to go on with the last session when it has a game in progress; Enter
# (the default, yes) resumes it, n starts a new session, --new does not ask
start o1 80x24 play --plain --seed 4
wait_for o1 "Deine Wahl" && keys o1 2 Enter q Enter
ended o1
first=$(ls "$tmp"/data/schafkopf/session-*.jsonl.partial 2>/dev/null | head -1)
[ -n "$first" ] && ok "offer: a game left in the middle" || fail "offer: no partial: $(screen o1)"
start o2 80x24 play --plain --seed 4
if wait_for o2 "Weiterspielen? (J/n, q Ende)" && screen o2 | grep -q "${first%.partial}"; then
    ok "offer: asked, naming the session"
    keys o2 Enter
    if wait_for o2 "Du: ich spiele"; then ok "offer: Enter goes on with the game in progress"; else
        fail "offer: Enter: $(screen o2)"; fi
    keys o2 q Enter
else
    fail "offer: not asked: $(screen o2)"
fi
ended o2
n0=$(ls "$tmp"/data/schafkopf/session-*.jsonl | wc -l)
start o3 80x24 play --plain --seed 4
if wait_for o3 "Weiterspielen?"; then
    keys o3 n Enter
    wait_for o3 "Deine Wahl"
    screen o3 | grep -q "Du: ich spiele" && fail "offer: n resumed" || ok "offer: n starts a new game"
    keys o3 q Enter
else
    fail "offer: o3 not asked: $(screen o3)"
fi
start o4 80x24 play --seed 4 --new --delay 0
if wait_for o4 "Deine Ansage"; then ok "offer: --new does not ask (full screen)"; else
    fail "offer: --new: $(screen o4)"; fi
keys o4 q j
ended o4
start o5 80x24 play --seed 4 --lang en
wait_for o5 "Go on with it? (Y/n, q quit)" && ok "offer: in English, before the full screen" ||
    fail "offer: en: $(screen o5)"
keys o5 q Enter
ended o5
rm -rf "$tmp/data"

# 9: `?` lists the best choices, as many as the message's two rows hold,
# and never breaks an amount from its euro sign
msg() { screen "$1" | sed -n '22,23p' | sed 's/│.*//; s/^ *//; s/ *$//' | paste -sd ' '; }
start k9 80x24 play --seed 4 --new --delay 0 --trick-pause 0
if wait_for k9 "Deine Ansage"; then
    keys k9 '?'
    wait_for k9 "Tipp:"
    m=$(msg k9)
    echo "$m" | grep -Eq '^Tipp: ich spiele \((Eichel|Gras|Herz|Schellen)-Solo: erwartet \+[0-9]+,[0-9]{2} €\), weiter$' &&
        ok "9: the auction's hint lists the bid and the pass" || fail "9: auction hint: $m"
    keys k9 2
    wait_for k9 "Sauspiel mit der" || fail "9: no declaration menu"
    keys k9 1 Enter
    wait_for k9 "Spiel eine Karte" || fail "9: no card asked for"
    keys k9 E 8
    wait_for k9 "Du: E8" || fail "9: E8 not played"
    wait_for k9 "1-7 oder" || fail "9: no second card asked for"
    keys k9 '?'
    wait_for k9 "Tipp:"
    m=$(msg k9)
    c='[EGHS][OUAZK789] \(erwartet [+-][0-9]+,[0-9]{2} €\)'
    echo "$m" | grep -Eq "^Tipp: $c, $c(, $c)?$" && ok "9: the card hint lists the next best" ||
        fail "9: card hint: $m"
    screen k9 | sed -n '22p' | grep -Eq '[0-9] *│' && fail "9: an amount broken from its euro sign:
$(screen k9)"
    keys k9 q j
    ended k9
else
    fail "9: no bidding menu: $(screen k9)"
fi
rm -rf "$tmp/data"

# 6: a window too small says so in the game's language and points to --plain
start k6 60x20 play --seed 3 --delay 0
if wait_for k6 "--plain"; then
    case $(screen k6) in *"Nötig sind 80x24"*) ok "6: small window explained in German" ;;
    *) fail "6: small window: $(screen k6)" ;; esac
else
    fail "6: small window does not point to --plain: $(screen k6)"
fi


# issue 40, 3.3.2: Kontra is an offer, not a question.  Seat 2 (third to
# play) is a defender of Links' Sauspiel; Gegenüber leads.  The second
# card would close his window, so the table holds it with a countdown
# (--hold), k gives Kontra then, and without a key the game goes on by
# itself when the hold ends: nobody must press a key to decline
start h1 80x24 play --new --seed 9 --seat 2 --delay 0 --hold 10
if wait_for h1 "Deine Ansage"; then
    keys h1 1
    if wait_for h1 "Kontra? k = ja, Enter = nein – noch"; then
        scr=$(screen h1)
        case $scr in *"Gegenüber: E8"*) ok "hold: the lead lies, the Kontra offer counts down" ;;
        *) fail "hold: no lead before the countdown: $scr" ;; esac
        case $scr in *"Rechts: S7"*) fail "hold: the second card was not held: $scr" ;; esac
        keys h1 k
        if wait_for h1 "Du: Kontra"; then ok "hold: k in the hold gives Kontra (3.3.2)"; else
            fail "hold: k: $(screen h1)"; fi
        wait_for h1 "Rechts: S7" && ok "hold: after the Kontra the play goes on" ||
            fail "hold: no second card after the Kontra: $(screen h1)"
    else
        fail "hold: no countdown before the second card: $(screen h1)"
    fi
else
    fail "hold: no bidding menu: $(screen h1)"
fi
keys h1 q j
start h2 80x24 play --new --seed 9 --seat 2 --delay 0 --hold 2 --lang en
if wait_for h2 "Your call"; then
    keys h2 1
    wait_for h2 "Kontra? k = yes, Enter = no – " || fail "hold (en): no countdown: $(screen h2)"
    # no key: the table goes on when the hold ends
    if wait_for h2 "Right: S7"; then ok "hold: no key needed to decline"; else
        fail "hold: the table waits for an answer: $(screen h2)"; fi
    case $(screen h2) in *"You: Kontra"*) fail "hold: a Kontra nobody gave" ;; esac
    wait_for h2 "Play a card" && keys h2 Enter
    if wait_for h2 "takes the trick – " "You take the trick – "; then
        ok "trick: the winner and the points, in English"
    else
        fail "trick (en): $(screen h2)"
    fi
else
    fail "hold (en): no bidding menu: $(screen h2)"
fi
keys h2 q y

# issue 40, 002: Klopfen is an offer with the same hold; k lays, and
# without a key the seat does not lay
start h3 80x24 play --new --seed 9 --seat 2 --rule klopfen=all --delay 0 --hold 10
if wait_for h3 "Klopfen? k = ja, Enter = nein – noch"; then
    case $(screen h3) in *"k klopfen  Enter nicht klopfen"*) ok "klopfen: the footer names k" ;;
    *) fail "klopfen: footer: $(screen h3 | tail -1)" ;; esac
    keys h3 k
    if wait_for h3 "Du: ich klopfe"; then ok "klopfen: k lays"; else fail "klopfen: k: $(screen h3)"; fi
    case $(screen h3) in *"Du: ich klopfe nicht"*) fail "klopfen: k did not lay" ;; esac
else
    fail "klopfen: no offer: $(screen h3)"
fi
keys h3 q j
start h4 80x24 play --new --seed 9 --seat 2 --rule klopfen=all --delay 0 --hold 2
if wait_for h4 "Klopfen? k = ja"; then
    if wait_for h4 "Du: ich klopfe nicht"; then ok "klopfen: no key, no lay"; else
        fail "klopfen: the table waits: $(screen h4)"; fi
else
    fail "klopfen (no key): no offer: $(screen h4)"
fi
keys h4 q j

# issue 40: a number that chose at once swallows the Enter typed with it:
# `2` (ich spiele) and Enter at once must not declare the first contract
start e1 80x24 play --new --seed 3 --delay 0
if wait_for e1 "Deine Ansage"; then
    T send-keys -t e1 2 Enter
    wait_for e1 "Sauspiel mit der" || fail "enter: no declaration menu: $(screen e1)"
    sleep 1 # time for a wrong declaration to show
    case $(screen e1) in
    *"Du: Sauspiel"*) fail "enter: the Enter after 2 declared a game: $(screen e1)" ;;
    *"Deine Ansage"*) ok "enter: the Enter typed with a number chose nothing" ;;
    *) fail "enter: $(screen e1)" ;;
    esac
    keys e1 1
    wait_for e1 "Du: Sauspiel" && ok "enter: the number itself still chooses" ||
        fail "enter: 1 after it: $(screen e1)"
else
    fail "enter: no bidding menu: $(screen e1)"
fi
keys e1 q j

# issue 40: keys do nothing while the screen is too small; once it is
# large enough the same question is still open
start e2 60x20 play --new --seed 3 --delay 0
if wait_for e2 "Nötig sind 80x24"; then
    keys e2 2 1 Enter Enter
    T resize-window -t e2 -x 80 -y 24 2>/dev/null
    if wait_for e2 "Deine Ansage"; then
        case $(screen e2) in *"Du: "*) fail "small: a key acted on a small screen: $(screen e2)" ;;
        *) ok "small: keys did nothing, the bid is still asked" ;; esac
    else
        fail "small: after the resize: $(screen e2)"
    fi
else
    fail "small: no message: $(screen e2)"
fi
keys e2 q j

# issue 40: after the course (v) the statistics (s) and the rating (a)
# are still there, and v again
start e3 80x24 play --new --games 2 --seed 9 --delay 0 --trick-pause 0
if to_summary e3; then
    keys e3 v
    wait_for e3 "Spielverlauf (Spiel 1)" || fail "pages: no course: $(screen e3)"
    keys e3 s
    if wait_for e3 "Statistik - Spiele: 1,"; then ok "pages: s after v"; else
        fail "pages: s after v: $(screen e3)"; fi
    keys e3 a
    if wait_for e3 "Deine Entscheidungen in Spiel 1"; then ok "pages: a after s"; else
        fail "pages: a after s: $(screen e3)"; fi
    keys e3 v
    wait_for e3 "Spielverlauf (Spiel 1)" && ok "pages: v after a" || fail "pages: v after a: $(screen e3)"
else
    fail "pages: no summary: $(screen e3; cat "$tmp/e3.rc" "$tmp/e3.err" 2>&1)"
fi
keys e3 q

[ "$fails" = 0 ] || { echo "test_tui_keys.sh: $fails failed"; exit 1; }
echo "test_tui_keys.sh: all passed"
