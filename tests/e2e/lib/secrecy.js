// What a browser may know, checked against what it received.
//
// A card is public once it is played, when it is in a finished game's
// course (a `result` event's `course`, a state's `last`), or while it is
// in a hand laid open (Bettel ouvert, `table.open`) or shown by a claim
// of the remaining tricks (a `claim` event's `hand`).  A seat also knows
// its own hand and, in a Hochzeit, the card exchanged with it
// (docs/room-messages.md, "Secrecy").  The called ace of a Sauspiel is
// named publicly (`called`), not where it is.
//
// These checks do not trust what they check: which cards a seat holds
// and which were played come from the finished game's course, which the
// server publishes after the game; every card a frame announces as
// played must be the next card of that course.  A game whose course was
// not received cannot be checked and is reported.

const CARD = /(?<![A-Za-z0-9])([EGHS][AZKOU987])(?![A-Za-z0-9])/g;

// Every card named in a JSON value: [{card, path}], skipping the
// members `skip(path, key, value)` says are checked elsewhere.
export function cardsIn(value, skip = () => false, at = '') {
  const out = [];
  const walk = (v, p) => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(CARD))
        out.push({ card: m[1], path: p });
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, `${p}[${i}]`));
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const q = p ? `${p}.${k}` : k;
        if (!skip(q, k, x))
          walk(x, q);
      }
    }
  };
  walk(value, at);
  return out;
}

const cardOf = (action) => (/^card ([EGHS][AZKOU987])$/.exec(action) || [])[1];

// The card actions of a course, in order: [{seat, card}].
function coursePlays(course) {
  return course.actions.filter((a) => cardOf(a.action)).map((a) => ({ seat: a.seat, card: cardOf(a.action) }));
}

// Every finished game's course found in the frames, by game number.
export function coursesIn(frames) {
  const courses = new Map();
  for (const { msg } of frames) {
    if (msg?.type === 'event' && msg.event?.kind === 'result')
      courses.set(msg.event.course.game, msg.event.course);
    if (msg?.type === 'state' && msg.state?.last)
      courses.set(msg.state.last.game, msg.state.last);
  }
  return courses;
}

// A finished game's course, as the protocol sends it: hands, actions,
// the seed and the settlement.
function isCourse(c) {
  return c && typeof c === 'object' && Number.isInteger(c.game) && Array.isArray(c.hands) &&
         Array.isArray(c.actions) && typeof c.seed === 'string' && c.result && typeof c.result === 'object';
}

// Checks every frame a page received.  seat: null for a spectator, or
// the seat the page sits in.  Returns {problems: [text], games: n
// checked, frames: n} -- an empty problems list is a pass.  `track`
// (optional) receives, after each frame i, the public cards of the
// running game (for the DOM check).
export function checkFrames(frames, { seat = null, track = null } = {}) {
  const problems = [];
  const courses = coursesIn(frames);
  const finished = new Set();
  let cur = null; // {game, plays: [{seat, card}], open: [cards]}
  const checked = new Set();
  const say = (i, text) => problems.push(`frame ${i}: ${text}`);

  // The running game's plays are a prefix of its course's plays.
  const verifyPlays = (i) => {
    const course = courses.get(cur.game);
    if (!course)
      return;
    const truth = coursePlays(course);
    cur.plays.forEach((p, k) => {
      const t = truth[k];
      if (!t || t.seat !== p.seat || t.card !== p.card)
        say(i, `game ${cur.game}: play ${k + 1} announced as seat ${p.seat} ${p.card}, the course says ${t ? `seat ${t.seat} ${t.card}` : 'nothing'}`);
    });
  };

  // The cards this recipient may name now in the running game.
  const allowed = () => {
    const ok = new Set(cur ? cur.plays.map((p) => p.card) : []);
    if (cur)
      cur.open.forEach((c) => ok.add(c));
    if (cur && seat !== null) {
      const course = courses.get(cur.game);
      if (course) {
        course.hands[seat].forEach((c) => ok.add(c));
        // 3.5 Hochzeit: the taker gives a card face down to the declarer.
        for (const a of course.actions) {
          const m = /^accept ([EGHS][AZKOU987])$/.exec(a.action);
          if (m && (a.seat === seat || course.result.declarer === seat))
            ok.add(m[1]);
        }
      }
    }
    return ok;
  };

  // A hand laid open must be the declarer's of a Bettel ouvert.
  const noteOpen = (i, table) => {
    if (!table?.open || !cur)
      return;
    const course = courses.get(cur.game);
    const { seat: s, cards } = table.open;
    if (course && (!/ouvert/.test(String(course.result.contract)) || course.result.declarer !== s ||
                   !cards.every((c) => course.hands[s].includes(c))))
      say(i, `table.open shows ${cards.join(' ')} of seat ${s}, not an open Bettel ouvert hand (course: ${course.result.contract})`);
    cards.forEach((c) => cur.open.includes(c) || cur.open.push(c));
  };

  const unverified = new Set();
  const startGame = (i, game) => {
    cur = { game, plays: [], open: [] };
    checked.add(game);
    if (!courses.has(game)) {
      unverified.add(game);
      if (seat !== null)
        say(i, `game ${game}: no course received, so seat ${seat}'s hand cannot be checked`);
    }
  };

  const snapshot = () => ({ game: cur ? cur.game : null, finished: new Set(finished),
                            public: new Set(cur ? [...cur.plays.map((p) => p.card), ...cur.open] : []) });
  frames.forEach(({ text, msg }, i) => {
    if (!msg || typeof msg !== 'object') {
      say(i, `not a JSON object: ${text.slice(0, 80)}`);
      if (track)
        track(i, snapshot());
      return;
    }
    // A finished game's course is public; it must be one (the seed is
    // in it) and not the course of the game still running.
    const skip = (p, k, v) => {
      if (k === 'course' || k === 'last') {
        if (v === null)
          return true;
        if (!isCourse(v))
          say(i, `${p} is not a finished game's course`);
        else if (cur && v.game === cur.game && !finished.has(v.game) && !(msg.type === 'event' && msg.event?.kind === 'result'))
          say(i, `${p} is the course of game ${v.game}, which is still running`);
        return true;
      }
      // The called ace is named, not placed (2.5.2).
      if (k === 'called')
        return v === null || /^[EGHS]A$/.test(v);
      return false;
    };
    if (msg.type === 'state') {
      const st = msg.state || {};
      if (seat === null && st.game && 'hand' in st.game)
        say(i, 'a spectator\'s state has a hand');
      if (st.game) {
        if (!cur || cur.game !== st.game.game)
          startGame(i, st.game.game);
        cur.plays = (st.game.actions || []).filter((a) => cardOf(a.action)).map((a) => ({ seat: a.seat, card: cardOf(a.action) }));
        cur.open = [];
        noteOpen(i, st.game.table);
        verifyPlays(i);
      }
      if (st.last)
        finished.add(st.last.game);
    } else if (msg.type === 'event') {
      const ev = msg.event || {};
      if (seat === null && 'hand' in ev && ev.kind !== 'claim')
        say(i, `a spectator's ${ev.kind} event has a hand`);
      if (ev.kind === 'deal')
        startGame(i, ev.game);
      if (ev.kind === 'action' && cur) {
        const c = cardOf(ev.action);
        if (c) {
          cur.plays.push({ seat: ev.seat, card: c });
          verifyPlays(i);
        }
        noteOpen(i, ev.table);
      }
      // "Der Rest gehört mir": the claimer shows the cards he still
      // holds; they are public from then on.
      if (ev.kind === 'claim' && cur && Array.isArray(ev.hand)) {
        const course = courses.get(cur.game);
        const played = new Set(cur.plays.map((p) => p.card));
        if (course && !ev.hand.every((c) => course.hands[ev.seat]?.includes(c) && !played.has(c)))
          say(i, `the claim of seat ${ev.seat} shows ${ev.hand.join(' ')}, not the cards that seat still holds`);
        ev.hand.forEach((c) => cur.open.includes(c) || cur.open.push(c));
      }
      if (ev.kind === 'result')
        finished.add(ev.course.game);
    }
    const ok = allowed();
    for (const { card, path } of cardsIn(msg, skip))
      if (!ok.has(card))
        say(i, `${msg.type}${msg.event ? ` ${msg.event.kind}` : ''} names ${card} at ${path}, not public${seat === null ? '' : ` nor seat ${seat}'s`} (game ${cur ? cur.game : 'none'}, ${cur ? cur.plays.length : 0} cards played)`);
    if (track)
      track(i, snapshot());
  });
  // Games seen without their course: a spectator's frames are still
  // checked (only announced plays are public), but the plays are not
  // checked against the deal.
  return { problems, games: checked.size, unverified: [...unverified], frames: frames.length };
}

// The frames up to the last finished game's result: a seated page's
// frames after it (the next deal) cannot be checked without that game's
// course.
export function untilLastResult(frames) {
  let end = -1;
  frames.forEach(({ msg }, i) => {
    if (msg?.type === 'event' && msg.event?.kind === 'result')
      end = i;
  });
  return frames.slice(0, end + 1);
}

// Checks every set of card elements a page showed (the probe's
// snapshots: {n: messages received by then, cards: [{card, where,
// game}]}) against the frames: outside #result only cards public in the
// running game by the n-th frame, or cards of the last trick of the
// game before while the new game has no trick yet; a spectator's
// #hand empty; #result only a finished game.  seat: as in checkFrames
// (a seated page may show its own hand in #hand).  Views shown after
// the frames given (n beyond them) are not checked: a seated page's
// frames are cut at the last result (untilLastResult).
export function checkDom(snaps, frames, { seat = null } = {}) {
  const problems = [];
  const states = [];
  checkFrames(frames, { seat, track: (i, s) => { states[i] = s; } });
  const courses = coursesIn(frames);
  for (const [k, { n, cards }] of snaps.entries()) {
    if (n > frames.length)
      break; // shown after the last frame given: not checkable here
    const st = n > 0 ? states[Math.min(n, states.length) - 1] : { game: null, public: new Set(), finished: new Set() };
    const ok = new Set(st.public);
    const before = courses.get(st.game - 1);
    if (before && st.public.size < 4)
      (before.tricks.at(-1)?.cards || []).forEach((c) => ok.add(c));
    const own = seat !== null && courses.get(st.game) ? new Set(courses.get(st.game).hands[seat]) : new Set();
    for (const { card, where, game } of cards) {
      if (where === 'result') {
        if (!st.finished.has(Number(game)))
          problems.push(`view ${k} (after ${n} frames): #result of game ${game} shows ${card} before that game is over`);
      } else if (where === 'hand') {
        if (seat === null)
          problems.push(`view ${k} (after ${n} frames): a spectator's #hand shows ${card}`);
        else if (!own.has(card))
          problems.push(`view ${k} (after ${n} frames): #hand shows ${card}, not in seat ${seat}'s hand`);
      } else if (!ok.has(card) && !own.has(card)) {
        problems.push(`view ${k} (after ${n} frames): ${where} shows ${card}, not public in game ${st.game}`);
      }
    }
  }
  return problems;
}
