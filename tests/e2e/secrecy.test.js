// The secrecy checks of lib/secrecy.js on made-up frames: they pass a
// clean game and catch each kind of leak (docs/room-messages.md,
// "Secrecy").  The browser tests rely on them; a check that cannot fail
// would prove nothing there.

import test from 'node:test';
import assert from 'node:assert/strict';
import { checkFrames, checkDom, cardsIn } from './lib/secrecy.js';

const HANDS = [
  ['EO', 'GO', 'HO', 'SO', 'EU', 'GU', 'HU', 'SU'],
  ['HA', 'HZ', 'HK', 'H9', 'H8', 'H7', 'EA', 'EZ'],
  ['GA', 'GZ', 'GK', 'G9', 'G8', 'G7', 'EK', 'E9'],
  ['SA', 'SZ', 'SK', 'S9', 'S8', 'S7', 'E8', 'E7'],
];
const PLAYS = [[1, 'EA'], [2, 'EK'], [3, 'E8'], [0, 'EO']];
const COURSE = {
  game: 1, dealer: 0, forehand: 1, seed_hash: 'ab'.repeat(32), seed: 'cd'.repeat(32), hands: HANDS,
  actions: [{ seat: 1, action: 'bid sauspiel' }, { seat: 2, action: 'pass' }, { seat: 3, action: 'pass' },
            { seat: 0, action: 'pass' }, { seat: 1, action: 'declare sauspiel:S' },
            ...PLAYS.map(([seat, c]) => ({ seat, action: `card ${c}` }))],
  tricks: [{ no: 1, leader: 1, cards: PLAYS.map((p) => p[1]), winner: 0, points: 17 }],
  result: { contract: 'sauspiel:S', declarer: 1, money: [10, -10, 10, -10] },
};

const frame = (msg) => ({ t: 0, text: JSON.stringify(msg), msg });
const event = (seq, ev) => frame({ type: 'event', room: 'r', seq, event: { seq, ...ev } });
const table = (cards) => ({ phase: 'play', called: 'SA', trick: { no: 1, leader: 1, cards } });

// The frames a recipient gets for the game above; hand: its own or none.
function game(hand) {
  const fs = [event(1, { kind: 'deal', game: 1, ...(hand ? { hand } : {}), table: { phase: 'auction', called: null } })];
  PLAYS.forEach(([seat, c], k) => fs.push(event(2 + k, { kind: 'action', game: 1, seat, action: `card ${c}`,
                                                         table: table(PLAYS.slice(0, k + 1).map((p) => p[1])) })));
  fs.push(event(9, { kind: 'result', course: COURSE }));
  return fs;
}

test('cards are found in every string, not in other words', () => {
  assert.deepEqual(cardsIn({ a: 'card EO', b: ['HZ'], c: 'Gast 1234', d: 'sauspiel:G', e: 'S7 and GA' }).map((x) => x.card),
                   ['EO', 'HZ', 'S7', 'GA']);
});

test('a clean game passes for the spectator and for a seat', () => {
  assert.deepEqual(checkFrames(game(null)).problems, []);
  assert.deepEqual(checkFrames(game(HANDS[2]), { seat: 2 }).problems, []);
});

test('a hand sent to the spectator is caught', () => {
  const fs = game(HANDS[2]);
  const p = checkFrames(fs).problems;
  assert.ok(p.some((x) => /spectator's deal event has a hand/.test(x)), p.join('\n'));
  assert.ok(p.some((x) => /names GA at event.hand/.test(x)), p.join('\n'));
});

test('another seat\'s card is caught, also in a turn prompt', () => {
  const fs = game(HANDS[2]);
  assert.ok(checkFrames(fs, { seat: 1 }).problems.length > 0);
  fs.splice(1, 0, frame({ type: 'turn', room: 'r', seat: 2, seq: 1, legal: ['card GA', 'card SA'] }));
  const p = checkFrames(fs, { seat: 2 }).problems;
  assert.equal(p.length, 1, p.join('\n'));
  assert.match(p[0], /names SA at legal\[1\]/);
});

test('a card on the table before it is played is caught', () => {
  const fs = game(null);
  fs[2].msg.event.table.trick.cards.push('SA');
  const p = checkFrames(fs).problems;
  assert.equal(p.length, 1, p.join('\n'));
  assert.match(p[0], /names SA at event.table.trick.cards\[2\]/);
});

test('a play that is not the course\'s next card is caught', () => {
  const fs = game(null);
  fs[2].msg.event.action = 'card GZ'; // seat 2 holds GZ, but played EK
  const p = checkFrames(fs).problems;
  assert.ok(p.some((x) => /play 2 announced as seat 2 GZ, the course says seat 2 EK/.test(x)), p.join('\n'));
});

test('the running game\'s course and a called card that is not an ace are caught', () => {
  const fs = game(null);
  fs[2].msg.event.course = COURSE;
  fs[3].msg.event.table.called = 'S7';
  const p = checkFrames(fs).problems;
  assert.ok(p.some((x) => /course of game 1, which is still running/.test(x)), p.join('\n'));
  assert.ok(p.some((x) => /names S7 at event.table.called/.test(x)), p.join('\n'));
});

test('an open hand must be a Bettel ouvert declarer\'s', () => {
  const fs = game(null);
  fs[1].msg.event.table.open = { seat: 1, cards: HANDS[1] };
  const p = checkFrames(fs).problems;
  assert.ok(p.some((x) => /not an open Bettel ouvert hand/.test(x)), p.join('\n'));
});

test('the DOM check: a spectator\'s hand, an unplayed card, a result before the end', () => {
  const fs = game(null);
  const snaps = [
    { n: 2, cards: [{ card: 'EA', where: 'trick', game: null }] },
    { n: 2, cards: [{ card: 'EK', where: 'trick', game: null }] },
    { n: 3, cards: [{ card: 'GA', where: 'hand', game: null }] },
    { n: 4, cards: [{ card: 'EO', where: 'result', game: '1' }] },
    { n: 6, cards: [{ card: 'EO', where: 'result', game: '1' }] },
  ];
  const p = checkDom(snaps, fs);
  assert.equal(p.length, 3, p.join('\n'));
  assert.match(p[0], /view 1 .*trick shows EK/);
  assert.match(p[1], /view 2 .*spectator's #hand shows GA/);
  assert.match(p[2], /view 3 .*#result of game 1 shows EO before that game is over/);
  assert.deepEqual(checkDom([{ n: 3, cards: [{ card: 'GA', where: 'hand', game: null }] }], game(HANDS[2]), { seat: 2 }), []);
});

test('a claim shows the claimer\'s remaining cards to everyone, and only those', () => {
  const fs = game(null);
  // After the first trick seat 0 claims the rest: its seven cards.
  fs.splice(5, 0, event(6, { kind: 'claim', game: 1, seat: 0, hand: HANDS[0].slice(1) }));
  fs.splice(6, 0, event(7, { kind: 'action', game: 1, seat: 0, action: 'card GO', table: table([]) }));
  COURSE.actions.push({ seat: 0, action: 'card GO' });
  try {
    assert.deepEqual(checkFrames(fs).problems, []);
    fs[5].msg.event.hand = [...HANDS[0].slice(1), 'SA'];
    const p = checkFrames(fs).problems;
    assert.ok(p.some((x) => /claim of seat 0 shows .* not the cards that seat still holds/.test(x)), p.join('\n'));
  } finally {
    COURSE.actions.pop();
  }
});
