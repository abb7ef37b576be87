#!/usr/bin/env python3
"""cluster_client.py -- tests/test_cluster.sh's players: protocol clients
of `schafkopf serve` processes that share one PostgreSQL store, talking
through nginx (docs/server.md "Cluster"), with the standard library
alone.  The shell script starts PostgreSQL, the processes and nginx and
passes where they are in the environment:

    CL_NGINX_PORT  nginx's port         CL_SERVE_PORTS  the processes' ports
    CL_SERVE_PIDS  their process ids    CL_LOGS         their log files
    CL_PSQL        a psql command line  CL_LEASE        the lease (s)
    SK_TEST_STALL_SECONDS  the stall bound

What it checks, in order (exit status 0 when all held):
1. four players connect through nginx by the room's code (/?room=CODE)
   and a spectator too; they play (every prompt answered by a choice of
   its own), whichever process nginx chose;
2. the lobby seen through every process (each one's port, not nginx)
   lists the room, made on one of them: each process writes its listed
   rooms' entries to the store and hears of the others' through
   PostgreSQL's LISTEN/NOTIFY;
3. kill -9 of the process that owns the room (its lease names it): the
   players connect again through nginx and the game goes on on another
   process; nothing accepted is lost (the state after the takeover is at
   the last event seen) and the failover time (kill to the next
   accepted action) is printed;
4. SIGSTOP of the new owner while a player's decision is on its way to
   it; the players move to a third process, which takes the room after
   the lease expired and gets another decision at that point; SIGCONT:
   the woken process applies the old decision, and the store refuses its
   append (the fence) -- the journal holds the new decision, the woken
   process logs the room as lost and lives on;
5. the game is played to its end; every message any seat received was
   checked for secrecy (no card it may not know: its own hand, the cards
   played, a claimer's shown cards -- as tests/server_play.c checks), and
   the journal is whole: seq 1..n, each once, no card played twice in a
   game;
6. a browser page (Debian's chromium through playwright-core,
   tests/e2e/cluster_page.js) makes a table in the lobby through nginx and
   plays a game to its result at it with three protocol players (when
   nginx sent the lobby's connection to another process than the code's,
   the room moves to the code's on the way: the connection closed, the
   lease wanted).
Every wait is for the next message or the next change: nothing for the
stall bound is a failure, however long the whole takes.
"""
import base64
import json
import os
import re
import select
import signal
import socket
import struct
import subprocess
import sys
import time

HOST = "127.0.0.1"
STALL = float(os.environ.get("SK_TEST_STALL_SECONDS") or 120)
CARD = re.compile(r"(?<![A-Za-z0-9])([EGHS][AZKOU987])(?![A-Za-z0-9])")


def fail(msg):
    sys.exit("cluster_client: FAIL: " + msg)


def say(msg):
    print("cluster_client: " + msg, flush=True)


class Closed(Exception):
    pass


class WebSocket:
    """A minimal RFC 6455 client: masked text frames out, frames in."""

    def __init__(self, port, path="/"):
        self.s = socket.create_connection((HOST, port), timeout=STALL)
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall(("GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\n"
                        "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: schafkopf\r\n"
                        "\r\n" % (path, HOST, port, key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            b = self.s.recv(1)
            if not b:
                raise Closed("closed during the upgrade")
            head += b
        status = head.split(b" ", 2)[1]
        if status != b"101":
            raise Closed("upgrade refused: %s" % head[:60])
        self.buf = b""
        self.closed = False

    def frame(self, opcode, data):
        mask = os.urandom(4)
        n = len(data)
        head = bytes([0x80 | opcode]) + (bytes([0x80 | n]) if n < 126 else
                                         bytes([0x80 | 126]) + struct.pack(">H", n))
        self.s.sendall(head + mask + bytes(b ^ mask[i & 3] for i, b in enumerate(data)))

    def send(self, obj):
        try:
            self.frame(1, json.dumps(obj).encode())
        except OSError:
            self.closed = True

    def fill(self):
        """Reads what there is (the socket is readable); Closed at the end."""
        try:
            chunk = self.s.recv(65536)
        except OSError:
            chunk = b""
        if not chunk:
            self.closed = True
            raise Closed("end of stream")
        self.buf += chunk

    def message(self):
        """The next whole message in the buffer, or None (pings answered)."""
        while True:
            if len(self.buf) < 2:
                return None
            b0, b1 = self.buf[0], self.buf[1]
            n, off = b1 & 0x7f, 2
            if n == 126:
                if len(self.buf) < 4:
                    return None
                n, off = struct.unpack(">H", self.buf[2:4])[0], 4
            elif n == 127:
                if len(self.buf) < 10:
                    return None
                n, off = struct.unpack(">Q", self.buf[2:10])[0], 10
            if len(self.buf) < off + n:
                return None
            payload, self.buf = self.buf[off:off + n], self.buf[off + n:]
            op = b0 & 0x0f
            if op == 8:
                self.closed = True
                raise Closed("close frame %r" % payload[2:])
            if op == 9:
                self.frame(10, payload)
                continue
            if op == 1:
                return json.loads(payload)

    def close(self):
        try:
            self.s.close()
        except OSError:
            pass
        self.closed = True


def cards(lst):
    return set(c for c in (lst or []) if isinstance(c, str))


class Player:
    """A seat's player (seat None: the spectator): its token, connection,
    what it may know (its hand, the public cards) and what it saw."""

    def __init__(self, name, seat):
        self.name, self.seat = name, seat
        self.token = None
        self.ws = None
        self.hand, self.pub = set(), set()
        self.synced = False
        self.turn = None          # the last prompt not yet answered
        self.messages = 0
        self.events = {}          # seq -> event, as this seat saw it
        self.last_seq = 0
        self.results = 0
        self.policy = 0           # which legal choice to take: 0 first, -1 last

    # -- secrecy, as tests/server_play.c's skt_walk
    def walk(self, j, key):
        if isinstance(j, dict):
            for k, v in j.items():
                if k in ("course", "last", "called"):
                    continue
                if k == "seed":
                    fail("%s: a seed before the game's end" % self.name)
                if (k == "hand" and self.seat is None and isinstance(v, list) and v and
                        j.get("kind") != "claim"):
                    fail("%s: a spectator was sent a hand (%s)" % (self.name, key))
                self.walk(v, k)
        elif isinstance(j, list):
            for v in j:
                self.walk(v, key)
        elif isinstance(j, str):
            for c in CARD.findall(j):
                if c not in self.hand and c not in self.pub:
                    fail("%s (seat %s): a card it cannot know: %s in %r (%s)"
                         % (self.name, self.seat, c, j, key))

    def take(self, m):
        self.messages += 1
        t = m.get("type")
        if t == "event":
            ev = m["event"]
            seq = m["seq"]
            self.events[seq] = ev
            self.last_seq = max(self.last_seq, seq)
            kind = ev.get("kind")
            if kind == "deal":
                self.synced = True
                self.hand = cards(ev.get("hand")) if self.seat is not None else set()
                self.pub = set()
                self.turn = None
            elif kind == "claim":
                self.pub |= cards(ev.get("hand"))
            elif kind == "action":
                a = ev.get("action") or ""
                if a.startswith("card "):
                    self.pub.add(a[5:])
            elif kind == "result":
                hands = ev.get("course", {}).get("hands")
                if self.synced and self.seat is not None and hands and \
                        cards(hands[self.seat]) != self.hand:
                    fail("%s: the hand it was dealt is not the course's" % self.name)
                self.results += 1
            if self.synced:
                self.walk(ev, "event")
        elif t == "turn":
            if self.synced:
                self.walk(m, "turn")
            self.turn = m
        elif t == "state":
            st = m.get("state", {})
            game = st.get("game")
            self.synced = True
            self.last_seq = max(self.last_seq, m.get("seq", 0))
            self.state_seq = m.get("seq", 0)
            if isinstance(game, dict):
                self.hand = cards(game.get("hand")) if self.seat is not None else set()
                self.pub = set()
                for v in game.get("actions") or []:
                    a = v.get("action") or ""
                    if a.startswith("card "):
                        self.pub.add(a[5:])
                        if v.get("seat") == self.seat:
                            self.hand.add(a[5:])
            self.walk(st, "state")
        elif t == "error":
            self.last_error = m
            if m.get("code") not in ("not_found", "refused"):
                fail("%s: error %s: %s" % (self.name, m.get("code"), m.get("message")))


def connect(port, room, p, retry_on=("not_found",)):
    """Connects p (to port, naming room in the URL), says hello with its
    token and takes its seat again (join; a spectator: spectate), until
    the room answers with its state -- a process may have to wait for
    the lease of the room's last owner to expire: each not_found is
    asked again; a connection closed (another process runs the room and
    was asked to give it up: "room moved to another server") connects
    again through nginx.  Bounded by the stall bound without progress."""
    t0 = time.monotonic()
    while True:
        if time.monotonic() - t0 > STALL:
            fail("%s: no state of room %s through port %d within the stall bound" % (p.name, room, port))
        try:
            ws = WebSocket(port, "/?room=%s" % room if room else "/")
        except (OSError, Closed):
            time.sleep(0.2)
            continue
        p.ws = ws
        hello = {"type": "hello", "name": p.name}
        if p.token:
            hello["token"] = p.token
        ws.send(hello)
        try:
            w = wait_for(p, "welcome")
            p.token = w["token"]
            if not room:
                return
            while time.monotonic() - t0 <= STALL:
                p.last_error = None
                if p.seat is None:
                    ws.send({"type": "spectate", "room": room})
                else:
                    ws.send({"type": "join", "room": room, "seat": p.seat})
                m = wait_for(p, "state", "error")
                if m.get("type") == "state":
                    return m
                if m.get("code") not in retry_on:
                    fail("%s: %s: %s" % (p.name, m.get("code"), m.get("message")))
                time.sleep(0.2)
        except Closed:
            ws.close()
            time.sleep(0.2)


def wait_for(p, *types):
    """Messages of p (each taken) up to the first of one of the types."""
    while True:
        m = p.ws.message()
        while m is None:
            r, _, _ = select.select([p.ws.s], [], [], STALL)
            if not r:
                fail("%s: nothing for the stall bound (%d s), waiting for %s" % (p.name, STALL, types))
            p.ws.fill()
            m = p.ws.message()
        p.take(m)
        if m.get("type") in types:
            return m


def pump(players, until, on_turn=None, allow_close=False):
    """Takes every player's messages and answers their prompts (a choice
    by its policy) until until() holds; nothing from anybody for the
    stall bound fails.  A closed connection ends the pump when allowed
    (returns the player), else fails."""
    last = time.monotonic()
    while not until():
        for p in players:
            if p.turn and p.seat is not None and p.turn.get("seq") == p.last_seq:
                t, p.turn = p.turn, None
                if on_turn and on_turn(p, t):
                    continue
                legal = t["legal"]
                p.ws.send({"type": "decide", "room": t["room"], "action": legal[p.policy],
                           "seen": t["seq"]})
        socks = {p.ws.s: p for p in players if not p.ws.closed}
        r, _, _ = select.select(list(socks), [], [], 0.5)
        if time.monotonic() - last > STALL:  # pings answered are no progress
            fail("no message for the stall bound (%d s)" % STALL)
        for s in r:
            p = socks[s]
            try:
                p.ws.fill()
                while True:
                    m = p.ws.message()
                    if m is None:
                        break
                    last = time.monotonic()
                    p.take(m)
            except Closed:
                if allow_close:
                    return p
                fail("%s: the connection closed" % p.name)
    return None


def psql(sql):
    cmd = os.environ["CL_PSQL"].split()
    r = subprocess.run(cmd + ["-c", sql], capture_output=True, text=True)
    if r.returncode != 0:
        fail("psql: %s" % r.stderr.strip())
    return r.stdout.strip()


def owner_pid(room):
    """The process id in the owner of the room's lease (host:pid:random)."""
    o = psql("SELECT l.owner FROM leases l JOIN rooms r ON r.id = l.room"
             " WHERE r.invite = '%s' AND l.expires > clock_timestamp()" % room)
    return int(o.split(":")[1]) if o else None


def journal(room):
    out = psql("SELECT j.seq, j.entry FROM journal j JOIN rooms r ON r.id = j.room"
               " WHERE r.invite = '%s' ORDER BY j.seq" % room)
    rows = []
    for line in out.splitlines():
        seq, entry = line.split("|", 1)
        rows.append((int(seq), entry))
    return rows


def main():
    nginx = int(os.environ["CL_NGINX_PORT"])
    ports = [int(x) for x in os.environ["CL_SERVE_PORTS"].split()]
    pids = [int(x) for x in os.environ["CL_SERVE_PIDS"].split()]
    logs = os.environ["CL_LOGS"].split()
    lease = float(os.environ["CL_LEASE"])

    # 1. a room made through nginx, four players and a spectator by its code
    creator = Player("Sepp", 0)
    connect(nginx, None, creator)
    creator.ws.send({"type": "create", "rules": {"preset": "official"}, "title": "Cluster",
                     "listed": True, "settle": 0})
    room = wait_for(creator, "created")["room"]
    creator.ws.close()
    players = [creator] + [Player(n, s) for s, n in ((1, "Resi"), (2, "Vroni"), (3, "Done"))]
    players[2].policy = -1
    spectator = Player("Kibitz", None)
    for p in players + [spectator]:
        connect(nginx, room, p)
    who = owner_pid(room)
    say("room %s made through nginx, run by process %s; four players and a spectator "
        "connected by its code" % (room, pids.index(who) if who in pids else who))
    everyone = players + [spectator]
    pump(everyone, lambda: spectator.last_seq >= 20)
    say("played to event %d through nginx" % spectator.last_seq)

    # 2. the lobby of every process lists the room
    for i, port in enumerate(ports):
        q = Player("Lobby%d" % i, None)
        connect(port, None, q)
        q.ws.send({"type": "lobby"})
        m = wait_for(q, "lobby")
        entry = [r for r in m.get("rooms", []) if r.get("room") == room]
        if not entry:
            fail("the lobby of process %d does not list room %s" % (i, room))
        # made with four free seats: the seating since then was told too
        names = sorted(s.get("name") for s in entry[0].get("seats", []))
        if entry[0].get("free") != 0 or names != sorted(p.name for p in players):
            fail("the lobby of process %d shows room %s as made, not as seated: %r"
                 % (i, room, entry[0]))
        q.ws.close()
    say("the lobby of each of the %d processes lists the room with its four players"
        % len(ports))

    # 3. kill -9 of the owner: the game goes on elsewhere
    victim = owner_pid(room)
    if victim not in pids:
        fail("the room's lease names no process of ours: %r" % victim)
    before = spectator.last_seq
    seen_before = {s: e for p in everyone for s, e in p.events.items()}
    os.kill(victim, signal.SIGKILL)
    t_kill = time.monotonic()
    dead = {victim}
    say("killed process %d (kill -9) at event %d" % (pids.index(victim), before))
    for p in everyone:
        p.ws.close()
        p.turn = None
        st = connect(nginx, room, p)
        if st["seq"] < before:
            fail("%s: the state after the takeover is at event %d, before %d: an accepted action "
                 "was lost" % (p.name, st["seq"], before))
    t_next = None

    def next_accepted():
        return spectator.last_seq > before

    pump(everyone, next_accepted)
    t_next = time.monotonic()
    who = owner_pid(room)
    say("failover: the next accepted action %.2f s after the kill (lease %g s), now on process %d"
        % (t_next - t_kill, lease, pids.index(who)))
    for s, e in seen_before.items():
        again = spectator.events.get(s)
        if again is not None and json.dumps(again, sort_keys=True) != json.dumps(e, sort_keys=True):
            fail("event %d differs after the takeover" % s)
    pump(everyone, lambda: spectator.last_seq >= before + 8)

    # 4. a paused owner wakes after its lease expired: fenced
    paused = owner_pid(room)
    third = [i for i, pid in enumerate(pids) if pid not in dead and pid != paused][0]
    stale = {}

    def stop_at_choice(p, t):
        if stale or len(t["legal"]) < 2:
            return False
        os.kill(paused, signal.SIGSTOP)
        # the decision goes to the paused process (its socket takes it)
        p.ws.send({"type": "decide", "room": room, "action": t["legal"][0], "seen": t["seq"]})
        stale.update(player=p, seq=t["seq"], action=t["legal"][0], other=t["legal"][-1])
        return True

    pump(everyone, lambda: bool(stale), on_turn=stop_at_choice)
    say("process %d paused (SIGSTOP) with %s's decision %r at event %d on its way to it"
        % (pids.index(paused), stale["player"].name, stale["action"], stale["seq"]))
    t_stop = time.monotonic()
    for p in everyone:
        p.ws.close()
        p.turn = None
        connect(ports[third], room, p)
    say("process %d took the room over %.2f s after the pause" % (third, time.monotonic() - t_stop))
    sp = stale["player"]
    sp.policy = -1
    target = stale["seq"] + 1

    def decided_other(p, t):
        if p is sp and t["seq"] == stale["seq"]:
            p.ws.send({"type": "decide", "room": room, "action": stale["other"], "seen": t["seq"]})
            return True
        return False

    pump(everyone, lambda: spectator.last_seq >= target + 4, on_turn=decided_other)
    ev = spectator.events.get(target)
    if not ev or ev.get("action") != stale["other"]:
        fail("event %d is %r, not the decision %r made on process %d" % (target, ev, stale["other"], third))
    log = logs[pids.index(paused)]
    mark = "room %s: its lease is lost" % room
    os.kill(paused, signal.SIGCONT)
    t0 = time.monotonic()
    while mark not in open(log, errors="replace").read():
        if time.monotonic() - t0 > STALL:
            fail("the woken process %d did not report the room lost (%s)" % (pids.index(paused), log))
        time.sleep(0.1)
    os.kill(paused, 0)  # alive: the fence is no failure of the store
    line = [l for l in open(log, errors="replace") if mark in l][-1].strip()
    say("woken process %d: %s" % (pids.index(paused), line))
    rows = journal(room)
    entry = dict(rows).get(target, "")
    if stale["action"] in entry and stale["other"] not in entry:
        fail("the journal holds the paused process's decision at %d: %s" % (target, entry))

    # 5. to the game's end; the journal is whole
    pump(everyone, lambda: spectator.results >= 1)
    rows = journal(room)
    seqs = [s for s, _ in rows]
    if seqs != list(range(1, len(seqs) + 1)):
        fail("the journal's seqs are not 1..%d once each" % len(seqs))
    if len(seqs) < spectator.last_seq:
        fail("the journal has %d entries, the spectator saw %d events" % (len(seqs), spectator.last_seq))
    played = [e.get("action") for s, e in sorted(spectator.events.items())
              if e.get("kind") == "action" and (e.get("action") or "").startswith("card ")]
    if len(played) != len(set(played)):
        fail("a card was played twice in the game: %r" % played)
    say("the game ended; journal 1..%d whole, %d cards played once each; secrecy held over "
        "%d messages to four seats and a spectator"
        % (len(seqs), len(played), sum(p.messages for p in everyone)))
    for p in everyone:
        p.ws.close()
    browser_table(nginx)


def browser_table(nginx):
    """6. A browser page (tests/e2e/cluster_page.js: Debian's chromium,
    playwright-core) makes a table in the lobby through nginx and sits at
    seat 0; three protocol players take the other seats by its code, and
    all four play a game to its result -- the page clicking, the players
    answering their prompts.  CL_E2E names tests/e2e (with its
    node_modules); unset: skipped, said so."""
    e2e = os.environ.get("CL_E2E")
    if not e2e:
        say("the browser page: skipped (%s)" % os.environ.get("CL_E2E_WHY", "CL_E2E not set"))
        return
    node = subprocess.Popen(["node", "cluster_page.js", "http://%s:%d/" % (HOST, nginx)], cwd=e2e,
                            stdout=subprocess.PIPE, text=True)
    code = None
    t0 = time.monotonic()
    while code is None:
        r, _, _ = select.select([node.stdout], [], [], 1.0)
        if r:
            line = node.stdout.readline()
            if not line:
                fail("the browser page ended before its table was made (status %s)" % node.wait())
            if line.startswith("code "):
                code = line.split()[1]
            t0 = time.monotonic()
        elif time.monotonic() - t0 > STALL:
            node.kill()
            fail("the browser page made no table within the stall bound")
    players = [Player("Proto%d" % s, s) for s in (1, 2, 3)]
    for p in players:
        connect(nginx, code, p)
    say("a browser page made table %s in the lobby through nginx and sits at seat 0; three "
        "protocol players joined by its code" % code)
    moved = 0
    while node.poll() is None:
        p = pump(players, lambda: node.poll() is not None, allow_close=True)
        if p is not None:  # the room moved on to the process of its code
            moved += 1
            p.ws.close()
            p.turn = None
            connect(nginx, code, p)
    out = node.stdout.read().strip()
    if node.returncode != 0:
        fail("the browser page: status %d %s" % (node.returncode, out))
    say("the browser page: %s; protocol players moved again %d times" % (out, moved))
    for p in players:
        p.ws.close()


def make_table(port, k):
    """A room made through nginx and its four players connected by its code."""
    creator = Player("B%d" % k, 0)
    connect(port, None, creator)
    # no settlement wait and no Kontra hold (these clients ignore
    # offers), as bench_server's tables: the server is measured, not them
    creator.ws.send({"type": "create", "rules": {"preset": "official"}, "title": "Bench",
                     "listed": False, "settle": 0, "hold": 0})
    room = wait_for(creator, "created")["room"]
    creator.ws.close()
    ps = [creator] + [Player("B%d.%d" % (k, s), s) for s in (1, 2, 3)]
    for p in ps:
        connect(port, room, p)
    return room, ps


def pg_counters():
    """PostgreSQL's commits so far (pg_stat_database.xact_commit of the
    store's database, its statistics flushed first) and the CPU seconds
    of its processes (the server CL_PG_PID and its children, from
    /proc); None without CL_PSQL."""
    if not os.environ.get("CL_PSQL") or not os.environ.get("CL_PG_PID"):
        return None
    out = psql("SELECT pg_stat_force_next_flush(); SELECT xact_commit FROM pg_stat_database"
               " WHERE datname = current_database()")
    commits = int(out.split()[-1])
    root = int(os.environ["CL_PG_PID"])
    tick = os.sysconf("SC_CLK_TCK")
    cpu = 0.0
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(d), int(fields[1])
        if pid == root or ppid == root:
            cpu += (int(fields[11]) + int(fields[12])) / tick
    return commits, cpu


def bench_load():
    """`make bench-cluster`'s load: CL_TABLES tables of four players
    through nginx answering every prompt at once for CL_SECONDS; prints
    the decisions per second and decide -> event latency p50/p99."""
    nginx = int(os.environ["CL_NGINX_PORT"])
    tables = int(os.environ.get("CL_TABLES", "20"))
    seconds = float(os.environ.get("CL_SECONDS", "20"))
    players = []
    for k in range(tables):
        players += make_table(nginx, k)[1]
    sent = {}
    lat = []
    socks = {p.ws.s: p for p in players}
    pg0 = pg_counters()
    t_end = time.monotonic() + seconds
    t0 = time.monotonic()
    last = t0
    while time.monotonic() < t_end:
        for p in players:
            if p.turn and p.turn.get("seq") == p.last_seq:
                t, p.turn = p.turn, None
                p.ws.send({"type": "decide", "room": t["room"], "action": t["legal"][0],
                           "seen": t["seq"]})
                sent[(t["room"], t["seq"] + 1)] = time.monotonic()
        r, _, _ = select.select(list(socks), [], [], 0.5)
        now = time.monotonic()
        if r:
            last = now
        elif now - last > STALL:
            fail("no message for the stall bound")
        for sk in r:
            p = socks[sk]
            p.ws.fill()
            while True:
                m = p.ws.message()
                if m is None:
                    break
                if m.get("type") == "event" and p.seat == 0:
                    k = (m["room"], m["seq"])
                    if k in sent:
                        lat.append(now - sent.pop(k))
                p.take(m)
                if m.get("type") == "event" and m["event"].get("kind") == "result" and p.seat == 0:
                    p.ws.send({"type": "next", "room": m["room"]})
    el = time.monotonic() - t0
    pg1 = pg_counters()
    lat.sort()
    if not lat:
        fail("no decision answered")
    say("%d connections, %d tables: %.0f decisions/s, decide -> event p50 %.1f ms, p99 %.1f ms"
        % (len(players), tables, len(lat) / el, 1000 * lat[len(lat) // 2],
           1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))]))
    if pg0 and pg1:
        commits = pg1[0] - pg0[0]
        say("PostgreSQL: %.0f commits/s (%.2f per decision), its processes %.0f%% of one core"
            % (commits / el, commits / max(1, len(lat)), 100.0 * (pg1[1] - pg0[1]) / el))
    for p in players:
        p.ws.close()


def bench_failover():
    """`make bench-cluster`'s failover: CL_KILLS times, a table plays
    through nginx, its owner is killed (kill -9) and started again; the
    time from the kill to the next accepted action, each and their
    spread."""
    nginx = int(os.environ["CL_NGINX_PORT"])
    pids = [int(x) for x in os.environ["CL_SERVE_PIDS"].split()]
    ports = [int(x) for x in os.environ["CL_SERVE_PORTS"].split()]
    cmd = os.environ["CL_SERVE_CMD"]
    kills = int(os.environ.get("CL_KILLS", "10"))
    times = []
    moved = [0]

    def play(ps, room, until):
        # a connection closed by a process that gave the room up (nginx
        # sent the table's connections to two processes while a peer came
        # back): that player connects again
        while True:
            p = pump(ps, until, allow_close=True)
            if p is None:
                return
            moved[0] += 1
            p.ws.close()
            p.turn = None
            connect(nginx, room, p)
    for k in range(kills):
        room, ps = make_table(nginx, 100 + k)
        play(ps, room, lambda: ps[0].last_seq >= 12)
        victim = owner_pid(room)
        i = pids.index(victim)
        before = max(p.last_seq for p in ps)
        os.kill(victim, signal.SIGKILL)
        t_kill = time.monotonic()
        for p in ps:
            p.ws.close()
            p.turn = None
            connect(nginx, room, p)
        play(ps, room, lambda: max(p.last_seq for p in ps) > before)
        times.append(time.monotonic() - t_kill)
        # the killed process again, on its port (nginx takes it back)
        log = open(os.environ["CL_DIR"] + "/serve%d.log" % i, "a")
        pids[i] = subprocess.Popen(cmd.replace("PORT", str(ports[i])).split(), stdout=log,
                                   stderr=log).pid
        t0 = time.monotonic()
        while True:
            try:
                socket.create_connection((HOST, ports[i]), 1).close()
                break
            except OSError:
                if time.monotonic() - t0 > STALL:
                    fail("the restarted process did not listen")
                time.sleep(0.05)
        for p in ps:
            p.ws.close()
        say("kill %d: the next accepted action %.2f s after kill -9" % (k + 1, times[-1]))
        # nginx marked the dead process failed for fail_timeout (2 s):
        # the next table's connections wait until it counts again, so
        # that all of them hash alike
        time.sleep(3)
    times.sort()
    say("failover over %d kills (lease %s s): min %.2f s, median %.2f s, max %.2f s; %d "
        "connections moved again" % (kills, os.environ.get("CL_LEASE"), times[0],
                                     times[len(times) // 2], times[-1], moved[0]))
    with open(os.environ["CL_DIR"] + "/pids", "w") as f:
        f.write(" ".join(map(str, pids)))


if __name__ == "__main__":
    mode = os.environ.get("CL_MODE", "test")
    {"test": main, "load": bench_load, "failover": bench_failover}[mode]()
