// net.js -- the one WebSocket to the server: connect, say hello with the
// remembered token, reconnect with growing pauses when the line drops,
// and hand every message to the listeners by its type.

const TOKEN_KEY = 'schafkopf.token';
const NAME_KEY = 'schafkopf.name';

export class Net {
  constructor() {
    this.ws = null;
    this.handlers = {};      // type -> [functions]
    this.state = 'closed';   // connecting | open | closed
    this.delay = 500;        // the next reconnect pause, ms
    this.timer = null;
    this.refs = 0;
    this.welcome = null;     // the last welcome message
    this.lang = null;        // 'de' or 'en': said with hello (the server's words)
  }

  // Registers a handler for messages of one type ("*" gets all; "conn"
  // gets the connection state's changes).
  on(type, f) { (this.handlers[type] ||= []).push(f); }

  emit(type, msg) {
    for (const f of this.handlers[type] || []) f(msg);
    if (type !== 'conn') for (const f of this.handlers['*'] || []) f(msg);
  }

  setState(s) { this.state = s; this.emit('conn', s); }

  // The address of the server's WebSocket: the page's own host, with
  // the table's code (/?room=CODE) at a table, by which nginx sends the
  // connection to the process that runs the room (docs/server.md
  // "Cluster"; one server ignores it).
  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const room = new URLSearchParams(location.search).get('table');
    return `${proto}//${location.host}/${room ? '?room=' + encodeURIComponent(room) : ''}`;
  }

  // Opens the socket (again); on open says hello with name and token.
  connect() {
    clearTimeout(this.timer);
    if (this.ws) { this.ws.onclose = null; this.ws.close(); }
    this.setState('connecting');
    let ws;
    try { ws = new WebSocket(this.url(), 'schafkopf'); } catch { this.retry(); return; }
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      const hello = { type: 'hello' };
      const name = this.name();
      if (name) hello.name = name;
      const token = this.token();
      if (token) hello.token = token;
      if (this.lang) hello.lang = this.lang;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === 'welcome') {
        this.welcome = msg;
        try { localStorage.setItem(TOKEN_KEY, msg.token); } catch { /* not kept */ }
        this.setState('open');
      }
      this.emit(msg.type, msg);
    };
    ws.onclose = () => { this.ws = null; this.retry(); };
  }

  // Waits, then reconnects; the pause doubles up to 15 s.
  retry() {
    this.setState('closed');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 15000);
  }

  // Sends a message if the socket is open (after the welcome); returns
  // whether it went out.  A `ref` is added so an error can be matched.
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    if (!msg.ref && msg.type !== 'hello') msg.ref = 'r' + (++this.refs);
    this.ws.send(JSON.stringify(msg));
    return msg.ref || true;
  }

  token() { try { return localStorage.getItem(TOKEN_KEY); } catch { return null; } }

  name() { try { return localStorage.getItem(NAME_KEY) || ''; } catch { return ''; } }

  // Keeps a new nickname and reconnects: the server takes a name only
  // with hello, once per connection.
  rename(name) {
    try { localStorage.setItem(NAME_KEY, name); } catch { /* not kept */ }
    this.connect();
  }
}
