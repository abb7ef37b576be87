// room.js -- the client's picture of one room, built from the server's
// `state` and then kept up to date event by event (docs/room-messages.md).
// A new `state` replaces everything: nothing of an earlier seat survives.

// Makes the room model from a `state` message.
export function fromState(msg) {
  const s = msg.state;
  const r = {
    code: msg.room,
    title: msg.title || '',
    seat: msg.seat ?? null,      // our seat, null when watching
    seq: s.seq,
    rules: s.rules,
    fallback: s.fallback,
    seats: s.seats,
    sheet: s.sheet || { rows: [], totals: null, stock: 0 },
    game: null,
    last: s.last || null,
    pending: s.pending || null,
    turn: null,                  // the last `turn` message for our seat
    timer: s.timer || null,      // {seconds, deadline} (contracts A.3)
    paused: !!s.paused,
    votes: s.votes || [],
    out: s.out ?? null,          // the seat sitting out at five (A.5)
    lastTrick: null,
    trickAt: 0,                  // when the last trick was completed here (0: before this page came)
    claim: null,
    // issue 40: what the seat may give now (an offer, never a turn), the
    // table's public hold, the settlement's wait, the pause of a table
    // nobody is at
    offer: s.offer ? { ...s.offer, seq: s.seq } : null,
    hold: s.hold || null,        // {seconds, until}
    next: s.next || null,        // {until, waiting}
    settle: s.settle ?? null,    // seconds the settlement waits (room setting)
    idle: !!s.idle,
    playOn: !!s.play_on,
  };
  if (s.game) {
    const g = s.game;
    r.game = {
      no: g.game, dealer: g.dealer, forehand: g.forehand, bock: g.bock, kreuzbock: g.kreuzbock,
      hand: g.hand || null, actions: g.actions || [], tricks: g.tricks || [], table: g.table,
      out: g.out ?? s.out ?? null,
    };
    r.lastTrick = r.game.tricks.length ? r.game.tricks[r.game.tricks.length - 1] : null;
  }
  return r;
}

// Applies one event to the model; returns a short description of what
// happened for the page ({kind, ...}) so it can announce it.
export function applyEvent(r, ev) {
  r.seq = ev.seq;
  if ('pending' in ev) r.pending = ev.pending;
  if ('hold' in ev) r.hold = ev.hold;
  if ('next' in ev) r.next = ev.next;
  if (r.turn && r.turn.seq < ev.seq) r.turn = null;
  switch (ev.kind) {
    case 'sit':
    case 'leave':
      r.seats[ev.seat] = ev.player;
      break;
    case 'deal':
      r.game = {
        no: ev.game, dealer: ev.dealer, forehand: ev.forehand, bock: ev.bock,
        kreuzbock: ev.kreuzbock, hand: ev.hand || null, actions: [], tricks: [], table: ev.table,
        out: ev.out ?? null,
      };
      r.lastTrick = null;
      r.claim = null;
      r.next = null;
      break;
    case 'action':
      if (!r.game) break;
      r.game.actions.push({ seat: ev.seat, action: ev.action, phase: r.game.table.phase });
      if (ev.hand) r.game.hand = ev.hand;
      else if (ev.seat === r.seat && r.game.hand && ev.action.startsWith('card ')) {
        const c = ev.action.slice(5);
        r.game.hand = r.game.hand.filter((x) => x !== c);
      }
      {
        const done = trickDone(r, ev);
        if (done) { r.game.tricks.push(done); r.lastTrick = done; r.trickAt = Date.now(); }
        ev = { ...ev, done };
      }
      r.game.table = ev.table;
      break;
    case 'result':
      r.last = ev.course;
      if (r.game) r.game.table = { ...r.game.table, phase: 'done' };
      r.sheet.rows.push({ game: ev.course.game, dealer: ev.course.dealer, settlement: ev.course.result });
      r.sheet.totals = ev.course.result.totals;
      r.sheet.stock = ev.course.result.stock;
      r.offer = null;
      // the next deal waits for every seated person's "next" or the
      // settle timer (the server's `next` when it sends one)
      if (!('next' in ev)) r.next = { until: Date.now() + (r.settle ?? 8) * 1000, estimated: true };
      break;
    case 'claim':
      r.claim = { seat: ev.seat, hand: ev.hand };
      break;
    case 'settings':
      if ('settle' in ev) r.settle = ev.settle;
      if ('play_on' in ev) r.playOn = !!ev.play_on;
      break;
    case 'pause':
      r.paused = ev.paused;
      r.votes = ev.votes || [];
      break;
    case 'timer':
      r.timer = { seconds: ev.seconds, deadline: null };
      break;
    default:
      break;
  }
  estimateDeadline(r);
  return ev;
}

// The trick a card completed, {no, leader, cards, winner, points}: the
// event's `won` (trick winner and card points) with the cards from the
// table before it; else its `trick_done`; else worked out from the
// tables: the trick on the table before, plus this card, no longer on
// the table after (then the winner is the seat that leads next).
function trickDone(r, ev) {
  if (ev.trick_done) return ev.trick_done;
  const before = r.game.table && r.game.table.trick;
  const after = ev.table && ev.table.trick;
  if (!ev.action.startsWith('card ') || !before) return null;
  const cards = [...before.cards, ev.action.slice(5)];
  const finished = ev.won || !after || after.no !== before.no || (ev.table.phase && ev.table.phase !== 'play');
  if (!finished) return null;
  const winner = ev.won ? ev.won.seat : after && after.no !== before.no ? after.leader : ev.table.to_move;
  if (winner === null || winner === undefined) return null;
  return { no: before.no, leader: before.leader, cards, winner, points: ev.won ? ev.won.points : cardPoints(cards) };
}

// The card points of some cards (Ace 11, Ten 10, King 4, Ober 3, Unter 2).
function cardPoints(cards) {
  const v = { A: 11, Z: 10, K: 4, O: 3, U: 2 };
  return cards.reduce((s, c) => s + (v[c[1]] || 0), 0);
}

// An `offer` message for our seat: what it may give now (Kontra, Retour,
// Klopfen) and until when, or null when it no longer may.
export function applyOffer(r, m) {
  if (r.seat === null || m.seat !== r.seat) return;
  r.offer = m.offer ? { offer: m.offer, until: m.until ?? null, seq: m.seq } : null;
  if ('hold' in m) r.hold = m.hold;
}

// A `presence` message: a seated person dropped off or came back.
export function applyPresence(r, m) {
  const p = r.seats[m.seat];
  if (!p) return;
  r.seats[m.seat] = m.away
    ? { ...p, away: true, away_since: m.since ?? Date.now(), stand_in_at: m.stand_in_at ?? null }
    : { ...p, away: false, away_since: undefined, stand_in_at: undefined };
}

// The deadline of the decision pending, as far as this client can tell:
// events carry none, so a human's decision gets the room's full period
// from now (our own `turn` brings the server's exact deadline).
function estimateDeadline(r) {
  if (!r.timer || !r.timer.seconds) return;
  const p = r.pending;
  const seat = p && p.seat !== null && p.seat !== undefined ? r.seats[p.seat] : null;
  r.timer.deadline = seat && seat.kind === 'human' && !seat.away && !r.paused ? Date.now() + r.timer.seconds * 1000 : null;
}

// The choices our seat has now ([] when it need not decide).
export function choices(r) {
  if (r.seat === null || !r.pending || r.pending.seat !== r.seat) return [];
  return r.pending.choices || (r.turn ? r.turn.legal : []);
}

// Which seat acts now: the pending seat, else the table's to_move.
export function actingSeat(r) {
  if (r.pending && r.pending.seat !== null && r.pending.seat !== undefined) return r.pending.seat;
  return r.game && r.game.table ? r.game.table.to_move : null;
}

// The seat of the player who holds the game in the auction so far (the
// last seat that bid), or null; tells "ich spiele" from "ich spiel auch".
export function auctionHolder(r) {
  if (!r.game) return null;
  let holder = null;
  for (const a of r.game.actions) if (a.action.startsWith('bid ')) holder = a.seat;
  return holder;
}

// Whether the holder was challenged and must now answer (his pass then
// means "ist recht").
export function challenged(r) {
  if (!r.game) return false;
  const bids = r.game.actions.filter((a) => a.action.startsWith('bid '));
  return bids.length >= 2 && bids[bids.length - 2].seat === r.seat && bids[bids.length - 1].seat !== r.seat;
}
