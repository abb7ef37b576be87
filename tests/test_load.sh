#!/usr/bin/env bash
# test_load.sh -- a small bounded run of the server's load generator
# (tests/bench_server.c, `make bench-server` runs the big one): 200
# connections on loopback -- 5 tables of client bots playing, 20
# spectators, 35 idle tables -- until 10,000 decisions were answered.  It
# fails when a connection is refused or closed, an event is lost (a
# follower's event numbers must run without a gap), an error comes back,
# nothing happens for the stall bound (SK_TEST_STALL_SECONDS, default
# 120 s: no connection opened, room followed or decision answered), or
# the server does not stop cleanly.  Then a victim run (BENCH_ATTACK,
# below).  No timing is checked: speed figures
# come from the benchmark, not from tests, and a loaded machine only
# takes longer.
set -u
PROG=${SK_PROG:?SK_PROG must name the schafkopf program}
BENCH=$(dirname "$PROG")/bench_server
[ -x "$BENCH" ] || { echo "FAIL: no $BENCH (make $BENCH)"; exit 1; }
out=$(BENCH_CONNS=200 BENCH_ROOMS=5 BENCH_WATCH=4 BENCH_SECONDS=0 BENCH_ACTIONS=10000 "$BENCH" 2>&1)
rc=$?
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; echo "$out"; }
if [ "$rc" = 0 ]; then ok; else bad "the generator failed (status $rc)"; fi
if grep -q '^server: 200 connections held' <<<"$out"; then ok; else bad "not 200 connections held"; fi
if grep -Eq '^server: [0-9]+ actions/s \(([1-9][0-9]{4,}) decisions' <<<"$out"; then ok; else
    bad "not 10,000 decisions answered by their events"; fi
# The victim mode: a table of a client seat and three pimc bots keeps
# getting its decisions answered (30 quiet, 30 more while 127.0.0.2
# floods the server at its default shares with creates), and the
# attacker meets its room share.  A count, not a time.
vout=$(BENCH_ATTACK=rooms BENCH_SECONDS=0 BENCH_ACTIONS=30 "$BENCH" 2>&1)
rc=$?
if [ "$rc" = 0 ]; then ok; else out=$vout; bad "the victim run failed (status $rc)"; fi
if grep -Eq '^victim: under rooms [^(]*\(([3-9][0-9]|[1-9][0-9]{2,}) decisions\).*: 20 rooms made, [1-9][0-9]* refused limit_rooms_addr' <<<"$vout"
then ok; else out=$vout; bad "the victim's decisions under the room flood, or the room share"; fi
# Bad bounds are refused before anything starts.
if BENCH_CONNS=7 "$BENCH" >/dev/null 2>&1; then bad "BENCH_CONNS=7 accepted"; else ok; fi
if BENCH_ATTACK=everything "$BENCH" >/dev/null 2>&1; then bad "BENCH_ATTACK=everything accepted"; else ok; fi
echo "test_load: $passed passed, $failed failed"
[ "$failed" = 0 ]
