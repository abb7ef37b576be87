#!/usr/bin/env python3
"""nginx_client.py -- tests/test_nginx.sh's client: talks to `schafkopf
serve` only through nginx running contrib/nginx-schafkopf.conf on
loopback, as a browser would, with the standard library alone.

    nginx_client.py TLS_PORT HTTP_PORT CAFILE WEBDIR

Over TLS (the certificate checked against CAFILE, HTTP/2 offered by
ALPN): the page and one of its modules are the files of WEBDIR, the
API answers; plain HTTP is sent to https.  A WebSocket whose Origin is
another site is refused; one from the page's own origin is upgraded
and plays a game: hello, a room, seat 0 taken, three bots seated, every
prompt answered with the first action on offer, until the game's
result, whose score sheet sums to zero with the Stock (5.3.3).  Every wait is for the next message:
nothing for STALL seconds is a failure, however long the whole takes.
Exit status 0 when all held; else 1 with what failed.
"""
import base64
import hashlib
import http.client
import json
import os
import re
import socket
import ssl
import struct
import sys

STALL = 60  # seconds without a byte: the server or nginx is stuck
HOST = "127.0.0.1"


def fail(msg):
    sys.exit("nginx_client: FAIL: " + msg)


def https(ctx, port):
    return http.client.HTTPSConnection(HOST, port, context=ctx, timeout=STALL)


def get(conn, path):
    conn.request("GET", path)
    r = conn.getresponse()
    return r.status, r.getheader("content-type") or "", r.getheader("location") or "", r.read()


def check_pages(ctx, port, webdir):
    """The page and a module it loads, byte for byte; the lobby API."""
    index = open(os.path.join(webdir, "index.html"), "rb").read()
    conn = https(ctx, port)
    status, ctype, _, body = get(conn, "/")
    if status != 200 or body != index:
        fail("GET / through nginx: status %d, %d bytes, not web/index.html" % (status, len(body)))
    m = re.search(rb'<script type="module" src="/?([^"?]+)', index)
    if not m:
        fail("web/index.html loads no module")
    name = m.group(1).decode()
    module = open(os.path.join(webdir, name), "rb").read()
    status, ctype, _, body = get(conn, "/" + name)
    if status != 200 or body != module or "javascript" not in ctype:
        fail("GET /%s through nginx: status %d, %s, %d bytes" % (name, status, ctype, len(body)))
    status, ctype, _, body = get(conn, "/api/lobby")
    if status != 200 or not isinstance(json.loads(body), (dict, list)):
        fail("GET /api/lobby through nginx: status %d" % status)
    conn.close()
    print("nginx_client: GET / and /%s are web/'s files, /api/lobby answers" % name)


def check_http2(cafile, port):
    """The server block's `listen ... ssl http2`: ALPN picks h2."""
    actx = ssl.create_default_context(cafile=cafile)
    actx.set_alpn_protocols(["h2", "http/1.1"])
    with socket.create_connection((HOST, port), timeout=STALL) as raw:
        with actx.wrap_socket(raw, server_hostname=HOST) as s:
            if s.selected_alpn_protocol() != "h2":
                fail("TLS: ALPN chose %r, not h2" % s.selected_alpn_protocol())
    print("nginx_client: TLS with the certificate checked, HTTP/2 on offer")


def check_redirect(port):
    """Port 80's server block sends everything to https."""
    conn = http.client.HTTPConnection(HOST, port, timeout=STALL)
    status, _, location, _ = get(conn, "/?table=abc")
    if status != 301 or location != "https://%s/?table=abc" % HOST:
        fail("GET http:/?table=abc: status %d, Location %r" % (status, location))
    conn.close()
    print("nginx_client: plain HTTP is sent to https (301)")


class WebSocket:
    """A minimal RFC 6455 client over TLS: masked text frames out, frames in."""

    def __init__(self, ctx, port, origin):
        raw = socket.create_connection((HOST, port), timeout=STALL)
        self.s = ctx.wrap_socket(raw, server_hostname=HOST)  # http/1.1: no ALPN offered
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall(("GET / HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\n"
                        "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: schafkopf\r\n"
                        "Origin: %s\r\n\r\n" % (HOST, port, key, origin)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            b = self.s.recv(1)
            if not b:
                break
            head += b
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split()[1]) if len(lines[0].split()) > 1 else -1
        headers = {l.split(":", 1)[0].strip().lower(): l.split(":", 1)[1].strip()
                   for l in lines[1:] if ":" in l}
        want = base64.b64encode(hashlib.sha1(
            (key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
        if self.status == 101 and headers.get("sec-websocket-accept") != want:
            fail("WebSocket: Sec-WebSocket-Accept %r, not %r"
                 % (headers.get("sec-websocket-accept"), want))
        self.buf = b""

    def frame(self, opcode, data):
        mask = os.urandom(4)
        n = len(data)
        head = bytes([0x80 | opcode]) + (bytes([0x80 | n]) if n < 126 else
                                         bytes([0x80 | 126]) + struct.pack(">H", n))
        self.s.sendall(head + mask + bytes(b ^ mask[i & 3] for i, b in enumerate(data)))

    def send(self, obj):
        self.frame(1, json.dumps(obj).encode())

    def _take(self, n):
        while len(self.buf) < n:
            try:
                chunk = self.s.recv(65536)
            except socket.timeout:
                fail("stalled: nothing from the server through nginx for %d s" % STALL)
            if not chunk:
                fail("the WebSocket closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def recv(self):
        """The next message as an object (fragments joined, pings answered)."""
        text = b""
        while True:
            b0, b1 = self._take(2)
            n = b1 & 0x7f
            if n == 126:
                n = struct.unpack(">H", self._take(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._take(8))[0]
            payload = self._take(n)
            op = b0 & 0x0f
            if op == 8:
                fail("the server closed the WebSocket")
            if op == 9:  # RFC 6455 5.5.2: a ping is answered with its pong (serve --ping)
                self.frame(10, payload)
                continue
            if op in (0, 1, 2):
                text += payload
                if b0 & 0x80:
                    return json.loads(text)

    def expect(self, kind):
        """Messages up to the first of type `kind`; an error fails."""
        while True:
            m = self.recv()
            if m.get("type") == "error":
                fail("error %s: %s" % (m.get("code"), m.get("message")))
            if m.get("type") == kind:
                return m

    def close(self):
        try:
            self.frame(8, struct.pack(">H", 1000))  # a normal closure
        except OSError:
            pass
        self.s.close()


def check_foreign_origin(ctx, port):
    """The server's Origin check works behind nginx: another site's page
    gets no WebSocket."""
    w = WebSocket(ctx, port, "https://evil.example")
    if w.status == 101:
        fail("a WebSocket from Origin https://evil.example was let in")
    w.s.close()
    print("nginx_client: a WebSocket from another site's page is refused (%d)" % w.status)


def play(ctx, port):
    origin = "https://%s:%d" % (HOST, port)
    w = WebSocket(ctx, port, origin)
    if w.status != 101:
        fail("WebSocket upgrade through nginx: status %d, not 101" % w.status)
    w.send({"type": "hello", "name": "Sepp"})
    if len(w.expect("welcome").get("token", "")) != 64:
        fail("welcome without a token")
    w.send({"type": "create", "rules": {"preset": "official"}, "title": "nginx",
            "listed": False})
    room = w.expect("created")["room"]
    w.expect("state")
    w.send({"type": "join", "room": room, "seat": 0})
    w.expect("state")
    for seat in (1, 2, 3):
        w.send({"type": "bot", "room": room, "seat": seat, "bot": "random"})
    decisions = events = 0
    while True:
        m = w.recv()
        t = m.get("type")
        if t == "error":
            fail("error %s: %s" % (m.get("code"), m.get("message")))
        if t == "turn" and m.get("room") == room:
            w.send({"type": "decide", "room": room, "action": m["legal"][0], "seen": m["seq"]})
            decisions += 1
        if t == "event" and m.get("room") == room:
            events += 1
            ev = m["event"]
            if ev.get("kind") == "result":
                res = ev["course"]["result"]
                totals = res["totals"]["money"]
                if sum(totals) + res["stock"] != 0:  # rule 5.3.3
                    fail("the score sheet does not sum to zero with the Stock: %r, %r"
                         % (totals, res["stock"]))
                break
    w.close()
    if decisions == 0:
        fail("the game ended without a decision of seat 0")
    print("nginx_client: a game played through nginx's WebSocket to its settlement: %d events, "
          "%d decisions of seat 0, %s" % (events, decisions, res.get("explain")))


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: nginx_client.py TLS_PORT HTTP_PORT CAFILE WEBDIR")
    tls, plain, cafile, webdir = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    ctx = ssl.create_default_context(cafile=cafile)
    check_pages(ctx, tls, webdir)
    check_http2(cafile, tls)
    check_redirect(plain)
    check_foreign_origin(ctx, tls)
    play(ctx, tls)


if __name__ == "__main__":
    main()
