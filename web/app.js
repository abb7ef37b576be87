// app.js -- boots the page: the connection, the header (name, language,
// theme, account), which view shows (lobby at "/", a table at
// "/?table=CODE") and the routing of every server message.

import { Net } from './net.js';
import { t, setLang, getLang, onLang, applyStatic, money, points, contractName, kindName } from './i18n.js';
import { fromState, applyEvent, applyOffer, applyPresence, choices } from './room.js';
import { TableView, seatName, aboutSeat, h } from './table.js';
import { showResult, hideResult, renderSheet, dockResult } from './result.js';
import { showRatingPanel } from './rating.js';
import { takeLobby, renderLobby, createMessage, initCreateForm, fillHouseOf } from './lobby.js';
import { redrawHouse } from './houseform.js';
import { fullRules } from './bookrules.js';
import { addChat, addNote, clearChat, relabelNotes } from './chat.js';
import { cardLabel, scoresPoints, hintWorth, hintItem, actionWords } from './words.js';

const $ = (id) => document.getElementById(id);
const THEME_KEY = 'schafkopf.theme';

class App {
  constructor() {
    this.net = new Net();
    this.room = null;         // the room model (room.js) of the table shown
    this.rooms = [];          // the lobby's rooms shown (its first pages)
    this.lobbyPages = 1;      // pages of the lobby asked for ("more" adds one)
    this.lobbyTimer = null;
    this.account = null;
    this.view = new TableView(this);
    this.lastTurnSaid = -1;
    this.quick = null;        // bot level while a quick table is being set up
    this.presets = null;      // every preset's options (GET /api/rules): house rules, rules lines
  }

  // Loads the presets' options once (what the create form's house rules
  // start from, what the rules lines are said from); then draws again
  // what needs them.
  loadPresets() {
    fetch('/api/rules').then((r) => (r.ok ? r.json() : null)).then((j) => {
      this.presets = (j && j.presets) || {};
    }).catch(() => { this.presets = {}; }).then(() => {
      fillHouseOf($('create-form'));
      if (this.room) this.view.render(); else renderLobby(this, this.rooms);
    });
  }

  // Wires the page and connects.
  start() {
    this.initTheme();
    $('lang').value = getLang();
    document.documentElement.lang = getLang();
    applyStatic();
    this.renderConn('connecting');
    $('lang').addEventListener('change', (e) => setLang(e.target.value));
    onLang(() => { applyStatic(); redrawHouse(this.house); relabelNotes(); this.renderAll(); });
    $('theme').addEventListener('click', () => this.setTheme(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark'));
    $('name').value = this.net.name();
    $('name').addEventListener('change', (e) => {
      const v = e.target.value.trim().slice(0, 31);
      if (v && (!this.net.welcome || v !== this.net.welcome.name)) this.net.rename(v);
    });
    this.house = initCreateForm($('create-form'), () => this.presets);
    this.loadPresets();
    $('create-form').addEventListener('submit', (e) => { e.preventDefault(); this.net.send(createMessage(e.target)); });
    // Alone against bots: an unlisted table of the chosen preset, we sit
    // in seat 0 and bots take the others once its state came.
    $('quick-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const msg = createMessage($('create-form'));
      msg.listed = false;
      this.quick = e.target.elements.level.value;
      this.net.send(msg);
    });
    $('copy-invite').addEventListener('click', () => this.copyInvite());
    $('leave').addEventListener('click', () => { if (this.room) this.net.send({ type: 'leave', room: this.room.code }); else this.goLobby(); });
    $('spectate').addEventListener('click', () => { if (this.room) this.net.send({ type: 'spectate', room: this.room.code }); });
    $('last-trick').addEventListener('click', () => this.view.showLastTrick());
    $('hint').addEventListener('click', () => { if (this.room) this.net.send({ type: 'hint', room: this.room.code }); });
    $('claim').addEventListener('click', () => { if (this.room) this.net.send({ type: 'claim', room: this.room.code, seen: this.room.seq }); });
    $('pause').addEventListener('click', () => {
      const r = this.room;
      if (r) this.net.send({ type: 'pause', room: r.code, pause: !(r.paused || r.votes.includes(r.seat)) });
    });
    $('play-on').addEventListener('click', () => {
      const r = this.room;
      if (r && r.seat !== null && this.net.send({ type: 'settings', room: r.code, play_on: !r.playOn })) {
        r.playOn = !r.playOn; // the next state says what the server kept
        this.renderTable();
      }
    });
    $('sheet-toggle').addEventListener('click', (e) => {
      const p = $('sheet-panel');
      p.hidden = !p.hidden;
      e.target.setAttribute('aria-expanded', String(!p.hidden));
    });
    $('chat-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const text = $('chat-input').value.trim();
      if (text && this.room && this.net.send({ type: 'chat', room: this.room.code, text })) $('chat-input').value = '';
    });
    $('home').addEventListener('click', (e) => { e.preventDefault(); this.leaveView(); });
    window.addEventListener('popstate', () => this.route());
    this.initAccount();
    this.wire();
    this.route(false);
    this.net.connect();
  }

  // Light or dark: the remembered choice, else the system's.
  initTheme() {
    let th = null;
    try { th = localStorage.getItem(THEME_KEY); } catch { /* none */ }
    if (th !== 'dark' && th !== 'light') th = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    this.setTheme(th, false);
  }

  setTheme(th, keep = true) {
    document.documentElement.dataset.theme = th;
    if (keep) try { localStorage.setItem(THEME_KEY, th); } catch { /* not kept */ }
    const b = $('theme');
    b.setAttribute('aria-pressed', th === 'dark' ? 'true' : 'false');
    b.textContent = th === 'dark' ? t('theme_light') : t('theme_dark');
  }

  // The connection indicator.
  renderConn(state) {
    const c = $('conn');
    c.dataset.state = state;
    c.querySelector('.conn-text').textContent = t('conn_' + state);
  }

  // Routes every server message.
  wire() {
    const n = this.net;
    n.on('conn', (s) => this.renderConn(s));
    n.on('welcome', (m) => {
      $('name').value = m.name;
      this.setAccount(m.account || null);
      this.route(false);
    });
    n.on('lobby', (m) => takeLobby(this, m));
    n.on('created', (m) => this.openTable(m.room));
    n.on('state', (m) => this.onState(m));
    n.on('event', (m) => this.onEvent(m));
    n.on('turn', (m) => {
      if (!this.room || m.room !== this.room.code) return;
      // The server asks again after a decision the rate limit dropped:
      // "too fast" is over, the cards are live again.
      if (this.tooFast) { this.tooFast = false; this.note(''); }
      this.room.turn = m;
      this.renderTable();
    });
    // issue 40: an offer that is not a turn, a seat's presence, what a
    // stand-in did while we were away
    n.on('offer', (m) => {
      if (!this.room || m.room !== this.room.code) return;
      applyOffer(this.room, m);
      this.renderTable();
    });
    n.on('presence', (m) => {
      if (!this.room || m.room !== this.room.code) return;
      applyPresence(this.room, m);
      if (m.away && m.seat !== this.room.seat) addNote(() => t('went_away', seatName(this.room, m.seat)));
      this.renderTable();
    });
    n.on('absence', (m) => this.onAbsence(m));
    // the settlement's wait: until when, for whom (null: over)
    n.on('next', (m) => {
      const r = this.room;
      if (!r || m.room !== r.code) return;
      r.next = m.until ? { until: m.until, waiting: m.waiting || [] } : null;
      const left = document.querySelector('#result .next-left');
      if (left && m.until) left.dataset.until = String(m.until);
      else if (left) left.remove();
    });
    n.on('chat', (m) => {
      if (!this.room || m.room !== this.room.code) return;
      // Following again (a reconnect) brings the last lines again: they
      // replace the log instead of repeating it.
      if (m.history && this.chatReset) clearChat();
      this.chatReset = false;
      addChat(m);
    });
    // a move to another seat leaves the old one first: its `left` keeps the page
    n.on('left', (m) => {
      if (this.moving && this.room && m.room === this.room.code) { this.moving = false; return; }
      this.goLobby();
    });
    n.on('error', (m) => this.onError(m));
    n.on('hint', (m) => this.onHint(m));
    n.on('rating', (m) => this.onRating(m));
    n.on('claim', (m) => { if (m.holds === false) this.note(t('claim_refused')); });
    n.on('history', (m) => this.renderHistory(m));
  }

  // Shows the lobby or the table the address names; `follow` asks the
  // server for the table's state.
  route(follow = true) {
    const code = new URLSearchParams(location.search).get('table');
    if (code) {
      $('lobby-view').hidden = true;
      $('table-view').hidden = false;
      clearInterval(this.lobbyTimer);
      if (!this.room || this.room.code !== code) { this.room = null; clearChat(); this.blankTable(code); }
      if (follow !== false || this.net.state === 'open') this.net.send({ type: 'spectate', room: code });
    } else {
      document.title = t('title');
      $('lobby-view').hidden = false;
      $('table-view').hidden = true;
      this.room = null;
      this.net.send({ type: 'lobby' });
      clearInterval(this.lobbyTimer);
      this.lobbyTimer = setInterval(() => this.net.send({ type: 'lobby' }), 5000);
    }
  }

  // The table page before its state came: only the invitation.
  blankTable(code) {
    $('table').dataset.room = code;
    $('invite-link').value = `${location.origin}/?table=${code}`;
    $('table-title').textContent = code;
    for (const id of ['seats', 'trick', 'actions', 'hand', 'status']) $(id).replaceChildren();
    $('result').hidden = true;
  }

  // Opens a table's page (the invitation link's address).
  openTable(code) {
    history.pushState(null, '', `/?table=${encodeURIComponent(code)}`);
    this.route(true);
  }

  // Back to the lobby from the table; stops following the room.
  leaveView() {
    if (this.room && this.room.seat === null) this.net.send({ type: 'leave', room: this.room.code });
    this.goLobby();
  }

  goLobby() {
    if (new URLSearchParams(location.search).get('table')) history.pushState(null, '', '/');
    this.route(true);
  }

  // A whole state: the model starts afresh (a seat change included).
  onState(m) {
    const code = new URLSearchParams(location.search).get('table');
    if (code !== m.room) return;
    const before = this.room;
    this.room = fromState(m);
    this.chatReset = true;
    if (before && before.seat !== this.room.seat) hideResult();
    // A quick table: we sit in seat 0 (the server seats whoever creates
    // a table at once; an older one needs the join), bots in the others.
    if (this.quick && !this.room.game && (this.room.seat === null || this.room.seat === 0)) {
      const r = this.room;
      if (r.seat === null) this.net.send({ type: 'join', room: r.code, seat: 0 });
      for (let i = 1; i < r.seats.length; i++) if (r.seats[i].kind === 'empty') this.net.send({ type: 'bot', room: r.code, seat: i, bot: this.quick });
      this.quick = null;
    }
    this.renderTable();
    renderSheet(this.room, this.openRating);
    if (!this.room.game || this.room.game.table.phase === 'done') {
      // a page that comes to a table waiting for the next deal shows the last settlement
      if (this.room.last && this.room.next && !before) showResult(this.room, this.room.last, this.askRating, () => this.nextGame());
    }
  }

  // One event: applied in order; a gap asks for the missing ones.
  onEvent(m) {
    const r = this.room;
    if (!r || m.room !== r.code) return;
    if (m.seq <= r.seq) return;
    if (m.seq > r.seq + 1) {
      // Missed events: ask once for those after the last one applied (the
      // server sends them all again), not again for every later event.
      if (!this.syncAt || Date.now() - this.syncAt > 2000) {
        this.syncAt = Date.now();
        this.net.send({ type: 'sync', room: r.code, after: r.seq });
      }
      return;
    }
    this.syncAt = 0;
    const ev = applyEvent(r, m.event);
    this.announce(ev);
    if (ev.kind === 'result') { showResult(r, ev.course, this.askRating, () => this.nextGame()); renderSheet(r, this.openRating); }
    // a new deal: the settlement still open moves out of the way of the new hand
    if (ev.kind === 'deal') dockResult();
    if (ev.kind === 'sit' || ev.kind === 'leave') renderSheet(r, this.openRating);
    this.renderTable();
  }

  // Says what matters to a screen reader (and the log): a trick taken,
  // a claim, a pause; "your turn" is said by renderTable.
  announce(ev) {
    const r = this.room;
    if ((ev.kind === 'action' || ev.kind === 'decline') && ev.stand_in) this.standIn(ev);
    if (ev.kind === 'action' && ev.done) {
      const s = aboutSeat(r, ev.done.winner, 'trick_to', ev.done.points);
      this.say(s);
    } else if (ev.kind === 'action' && ev.action.startsWith('card ') && ev.seat !== r.seat) {
      this.say(t('played', seatName(r, ev.seat), cardLabel(ev.action.slice(5))));
    } else if (ev.kind === 'claim') {
      const say = () => aboutSeat(r, ev.seat, 'claimed') + ' ' + (ev.hand || []).map(cardLabel).join(', ');
      const s = say();
      addNote(say); this.note(s); this.say(s);
    } else if (ev.kind === 'pause') {
      const s = ev.paused ? t('paused') : t('pause_votes', (ev.votes || []).map((x) => seatName(r, x)).join(', ') || '–');
      this.note(s);
    } else if (ev.kind === 'result') {
      const res = ev.course.result;
      const mine = r.seat === null ? '' : scoresPoints(r.rules) ? points(res.tournament[r.seat], true) : money(res.money[r.seat], true);
      this.say(res.thrown_in ? t('thrown_in') : `${contractName(res.contract)}: ${res.won ? t('won') : t('lost')}. ${mine}`);
    }
  }

  // The fallback bot decided in a player's place (a person's timer ran
  // out or he was not connected, an engine failed): the log says so once
  // a game for each seat, the note line and the screen reader tell the
  // player himself every time.
  standIn(ev) {
    const r = this.room;
    const game = r.game ? r.game.no : 0;
    if (!this.stoodIn || this.stoodIn.game !== game) this.stoodIn = { game, seats: new Set() };
    const first = !this.stoodIn.seats.has(ev.seat);
    this.stoodIn.seats.add(ev.seat);
    if (ev.seat !== r.seat) { if (first) addNote(() => t('stood_in', seatName(r, ev.seat))); return; }
    const card = ev.kind === 'action' && ev.action.startsWith('card ') ? ev.action.slice(5) : null;
    const passed = ev.kind === 'decline' || ev.action === 'pass'; // it passes rather than bid, lay or double
    const say = () => card ? t('stood_in_you_card', cardLabel(card)) : passed ? t('stood_in_you_pass') : t('stood_in_you');
    const s = say();
    if (first) addNote(say);
    this.note(s); this.say(s);
  }

  // Draws the table and says "your turn" once per prompt.
  renderTable() {
    if (!this.room) return;
    this.view.render();
    const r = this.room;
    const mine = choices(r).length > 0;
    if (mine && this.lastTurnSaid !== r.seq) {
      this.lastTurnSaid = r.seq;
      this.say(t('your_turn'));
      this.showTurn();
    }
    // The tab's title tells a player in another tab that it is his turn.
    document.title = mine ? `${t('your_turn')} – ${t('title')}` : `${r.title || r.code} – ${t('title')}`;
    $('spectate').hidden = r.seat !== null;
  }

  // At our turn the table and the hand are on the screen together: a
  // page scrolled away from them (a phone, the sheet read) scrolls back
  // so that the board's top is at the screen's, unless they are in
  // view already or cannot fit anyway.
  showTurn() {
    const b = $('board').getBoundingClientRect(), hand = $('hand').getBoundingClientRect();
    if (b.top >= 0 && hand.bottom <= innerHeight) return;
    const from = $('status').getBoundingClientRect().top;
    if (hand.bottom - from <= innerHeight) window.scrollBy({ top: from, behavior: 'instant' });
    else if (hand.bottom - b.top <= innerHeight) window.scrollBy({ top: b.top, behavior: 'instant' });
  }

  renderAll() {
    this.setTheme(document.documentElement.dataset.theme, false);
    this.renderConn(this.net.state);
    if (this.room) {
      if (!$('absence').hidden && this.absenceDraw) this.absenceDraw();
      this.renderTable();
      renderSheet(this.room, this.openRating);
      if (!$('result').hidden) this.redrawRating(Number($('result').dataset.game));
    }
    else renderLobby(this, this.rooms);
    this.setAccount(this.account);
  }

  // Sends our seat's decision, quoting the last event seen.
  decide(action) {
    const r = this.room;
    if (!r) return;
    this.note('');
    this.net.send({ type: 'decide', room: r.code, action, seen: r.seq });
  }

  send(msg) { return this.net.send(msg); }

  // Moves our seat to the free seat `seat` between games: the server
  // wants the old seat left first (server-protocol.md `join`); the join
  // follows the room again and its state redraws the page.
  moveTo(seat) {
    const r = this.room;
    if (!r || r.seat === null) return;
    this.moving = true;
    if (this.net.send({ type: 'leave', room: r.code })) this.net.send({ type: 'join', room: r.code, seat });
    else this.moving = false;
  }

  // Gives (or with "pass" declines) what our seat is offered: quoting
  // the offer's seq; the buttons go at once (the server's `offer` null
  // follows).
  answerOffer(action) {
    const r = this.room;
    if (!r || !r.offer) return;
    const seen = Math.max(r.seq, r.offer.seq || 0);
    r.offer = null;
    this.note('');
    this.net.send({ type: 'decide', room: r.code, action, seen });
    this.renderTable();
  }

  // "Weiter" under the settlement: the next deal need not wait for us.
  nextGame() {
    const r = this.room;
    if (r && r.seat !== null && r.next) this.net.send({ type: 'next', room: r.code });
  }

  // What the stand-in did for us while we were away: which game, what
  // it decided and played, what it cost; a panel above the table until
  // it is closed.
  onAbsence(m) {
    const r = this.room;
    if (!r || m.room !== r.code) return;
    const box = $('absence');
    const pts = scoresPoints(r.rules);
    const draw = () => {
      const items = (m.games || []).map((g) => {
        const words = (g.actions || []).map((a) => actionWords(a, { phase: a.startsWith('pass') && !g.contract ? 'auction' : undefined })).join(', ');
        const cost = pts ? (g.points !== null && g.points !== undefined ? points(g.points, true) : null)
          : (g.money !== null && g.money !== undefined ? money(g.money, true) : null);
        return h('li', { 'data-game': g.game },
          h('strong', {}, `${t('game_n', g.game)}${g.contract ? ' – ' + contractName(g.contract) : ''}`), ': ',
          words || t('abs_nothing'),
          g.finished ? (cost !== null ? ` – ${t('abs_cost', cost)}` : '') : ` – ${t('abs_running')}`);
      });
      box.replaceChildren(h('h3', {}, t('abs_title')), h('ul', {}, items),
        h('button', { type: 'button', class: 'close', onclick: () => { box.hidden = true; } }, t('close')));
    };
    draw();
    this.absenceDraw = draw;
    box.hidden = false;
    this.say(t('abs_title'));
  }

  closeOverlays() {
    $('last-trick-view').hidden = true;
    if (!$('result').hidden) this.nextGame();
    hideResult();
  }

  // Asks for the rating of the player's decisions in finished game
  // `game` (rating.js); the panel says it is being worked out.
  askRating = (game) => {
    const r = this.room;
    if (!r) return;
    r.rating = game;
    this.ratingRef = this.net.send({ type: 'rate', room: r.code, game });
    this.redrawRating(game);
  };

  // The score sheet's rating of an earlier game: its panel, and the
  // request unless the answer is here already.
  openRating = (game) => {
    const r = this.room;
    if (!r) return;
    showRatingPanel(r, game, this.askRating);
    if (!(r.ratings && r.ratings[game]) && r.rating !== game) this.askRating(game);
  };

  // Draws the open panel again if it shows game `game`: the settlement
  // with its rating part, or the rating alone.
  redrawRating(game) {
    const r = this.room, box = $('result');
    if (!r || box.hidden || Number(box.dataset.game) !== game) return;
    if (box.dataset.view === 'rating') showRatingPanel(r, game, this.askRating);
    else if (r.last && r.last.game === game) showResult(r, r.last, this.askRating, () => this.nextGame());
  }

  // A rating came: kept for the game and shown if its panel is open.
  onRating(m) {
    const r = this.room;
    if (!r || m.room !== r.code) return;
    r.ratings = r.ratings || {};
    r.ratings[m.game] = m;
    if (r.rating === m.game) r.rating = null;
    this.redrawRating(m.game);
    const box = document.querySelector('#result .rating');
    if (box && !$('result').hidden) box.scrollIntoView({ block: 'nearest' });
    this.say(t(m.account.rated === 1 ? 'rt_sum1' : 'rt_sum', m.account.rated, m.account.flagged));
  }

  // A refused rating: why, in the page's language; the button is back.
  ratingRefused(m) {
    const r = this.room;
    const game = r.rating;
    r.rating = null;
    this.redrawRating(game);
    const why = m.message || '';
    const s = /did not play|sat out/.test(why) ? t('rt_not_played')
      : /being worked out|busy/.test(why) ? t('rt_later')
      : /no finished game/.test(why) ? t('rt_no_game') : t('rt_failed');
    this.note(s);
    this.say(s);
  }

  // An error reply: said in words; a table that does not exist leads
  // back to the lobby.
  onError(m) {
    if (this.room && this.room.rating && m.ref && m.ref === this.ratingRef) { this.ratingRefused(m); return; }
    this.quick = null; // a quick table that was refused is not set up later
    this.tooFast = m.code === 'rate';
    const stale = m.code === 'refused' && /stale/.test(m.message || '');
    const known = ['not_found', 'rate', 'refused', 'illegal', 'bad_login', 'taken', 'unsupported', 'bad_message', 'internal'];
    // A fair share refused (limit_*): the server says it in the hello's language.
    const share = /^limit_/.test(m.code || '') && m.message;
    let s = share ? m.message : stale ? t('err_stale') : known.includes(m.code) ? t('err_' + m.code) : t('err_other');
    // The server's own message is English: shown only in English.
    if (!share && getLang() === 'en' && m.message && !stale) s += ` (${m.message})`;
    else if (m.rule) s += ` (${t('rule')} ${m.rule})`;
    if (['bad_login', 'taken', 'unsupported'].includes(m.code)) $('account-status').textContent = s;
    if (m.code === 'not_found' && !this.room) this.goLobby();
    this.note(s);
    if (stale && this.room) this.net.send({ type: 'spectate', room: this.room.code });
  }

  // The bots' hint: the best choice in words, its card raised.
  onHint(m) {
    const r = this.room;
    if (!r || m.room !== r.code || (m.seq !== undefined && m.seq < r.seq)) return; // the table moved on
    const best = m.hints && m.hints[0];
    if (!best) { this.note(t('hint_none')); return; }
    const phase = r.game && r.game.table ? r.game.table.phase : null, rules = fullRules(this.presets, r.rules);
    const contract = r.game && r.game.table && r.game.table.contract ? r.game.table.contract.code : null;
    const list = m.hints.slice(0, 3).map((x) => {
      const words = x.action.startsWith('card ') ? cardLabel(x.action.slice(5))
        : (document.querySelector(`#actions [data-action="${CSS.escape(x.action)}"] .a-label`)
          || document.querySelector(x.action === 'pass' ? '#offers [data-offer-decline]' : `#offers [data-offer="${CSS.escape(x.action)}"] .a-label`) || {}).textContent
        || actionWords(x.action);
      return hintItem(words, x.action, hintWorth(x.action, x.value, phase, rules, contract), x.game);
    });
    this.note(t('hint_best', list.join(' · ')));
    document.querySelectorAll('.hinted').forEach((e) => e.classList.remove('hinted'));
    // an offer's hint marks its button (or its decline)
    const el = best.action.startsWith('card ')
      ? document.querySelector(`#hand button.card[data-card="${best.action.slice(5)}"]`)
      : document.querySelector(`#actions [data-action="${CSS.escape(best.action)}"]`)
        || document.querySelector(best.action === 'pass' ? '#offers [data-offer-decline]' : `#offers [data-offer="${CSS.escape(best.action)}"]`);
    if (el) { el.classList.add('hinted'); el.focus(); }
  }

  // A line under the table (errors, hints, claims) and for the screen reader.
  note(s) { $('note').textContent = s; }

  say(s) {
    const live = $('live');
    live.textContent = '';
    setTimeout(() => { live.textContent = s; }, 30);
  }

  copyInvite() {
    const inp = $('invite-link');
    inp.select();
    const done = () => { $('copy-invite').textContent = t('copied'); setTimeout(() => { $('copy-invite').textContent = t('copy'); }, 1500); };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(inp.value).then(done, () => { document.execCommand('copy'); done(); });
    else { document.execCommand('copy'); done(); }
  }

  // The account panel (contracts A.7, A.8): login, register, history.
  initAccount() {
    $('account-toggle').addEventListener('click', (e) => {
      const p = $('account');
      p.hidden = !p.hidden;
      e.target.setAttribute('aria-expanded', String(!p.hidden));
    });
    const form = $('login-form');
    const creds = () => ({ name: form.elements.account.value.trim(), password: form.elements.password.value });
    form.addEventListener('submit', (e) => { e.preventDefault(); this.net.send({ type: 'login', ...creds() }); });
    $('register').addEventListener('click', () => { if (form.reportValidity()) this.net.send({ type: 'register', ...creds() }); });
    $('logout').addEventListener('click', () => { this.net.send({ type: 'logout' }); this.setAccount(null); });
    $('history-load').addEventListener('click', () => this.net.send({ type: 'history' }));
  }

  setAccount(name) {
    if (name) $('login-form').elements.password.value = ''; // not kept in the page once logged in
    this.account = name;
    $('account-status').textContent = name ? t('logged_in_as', name) : '';
    $('logout').hidden = !name;
    $('login').hidden = !!name;
    $('register').hidden = !!name;
  }

  // The account's finished games and statistics.
  renderHistory(m) {
    const box = $('history');
    const st = m.stats || {};
    const p = document.createElement('p');
    p.textContent = t('stats_line', st.games || 0, st.declared || 0, st.won_declared || 0, money(st.money || 0, true), st.points || 0);
    const kinds = Object.entries(st.by_contract || {}).map(([k, v]) => t('kind_stat', kindName(k), v.won, v.played));
    const byKind = document.createElement('p');
    byKind.textContent = kinds.join(' · ');
    const ol = document.createElement('ol');
    for (const g of (m.games || []).slice(0, 50)) { // newest first
      const li = document.createElement('li');
      const when = new Date(g.at * 1000).toLocaleString(getLang() === 'de' ? 'de-DE' : 'en-GB');
      li.textContent = `${when} – ${contractName(g.contract)}${g.declarer ? ' (' + t('declarer') + ')' : ''}: ${g.won ? t('won') : t('lost')}, ${g.score === 'points' ? points(g.points, true) : money(g.money, true)}`;
      ol.append(li);
    }
    box.replaceChildren(p, byKind, ol);
  }
}

new App().start();
