// Tests of the browser client's modules that need no browser: the hand's
// order per contract (sort.js), names and money (i18n.js), actions in
// words (words.js) and the room model (room.js).
// Run: node --test tests/web/

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sortHand, isTrump, countTrumps, callableSuits } from '../../web/sort.js';
import { setLang, contractName, kindName, money, STRINGS } from '../../web/i18n.js';
import { choiceWords, actionWords, callList, bidGames, gameWords } from '../../web/words.js';
import { fromState, applyEvent, choices, auctionHolder } from '../../web/room.js';

const ALL = ['E', 'G', 'H', 'S'].flatMap((s) => ['A', 'Z', 'K', 'O', 'U', '9', '8', '7'].map((r) => s + r));

test('1.2.5, 2.5.6: in a Sauspiel the Obers, Unters and Herz are trump, in that order', () => {
  const h = sortHand(ALL, 'sauspiel:G');
  assert.deepEqual(h.slice(0, 14), ['EO', 'GO', 'HO', 'SO', 'EU', 'GU', 'HU', 'SU', 'HA', 'HZ', 'HK', 'H9', 'H8', 'H7']);
  assert.deepEqual(h.slice(14, 20), ['EA', 'EZ', 'EK', 'E9', 'E8', 'E7']);
  assert.equal(countTrumps(ALL, null), 14);
});

test('2.6: a Gras-Solo makes Gras the trump suit', () => {
  const h = sortHand(['HA', 'GA', 'SO', 'G7', 'EU', 'HO'], 'solo:G:tout');
  assert.deepEqual(h, ['HO', 'SO', 'EU', 'GA', 'G7', 'HA']);
  assert.ok(isTrump('GK', 'solo:G') && !isTrump('HK', 'solo:G'));
});

test('2.7: in a Wenz only the Unters are trump; the Ober ranks between King and Nine', () => {
  const h = sortHand(['EO', 'EK', 'E9', 'HU', 'EU', 'EA'], 'wenz');
  assert.deepEqual(h, ['EU', 'HU', 'EA', 'EK', 'EO', 'E9']);
  assert.equal(countTrumps(ALL, 'wenz:tout'), 4);
  assert.equal(countTrumps(ALL, 'farbwenz:S'), 11);
});

test('002: a Geier has the Obers as trumps, a Farbgeier a suit too', () => {
  assert.equal(countTrumps(ALL, 'geier'), 4);
  assert.equal(countTrumps(ALL, 'farbgeier:E'), 11);
  assert.deepEqual(sortHand(['GU', 'GO', 'GK', 'G9'], 'geier'), ['GO', 'GK', 'GU', 'G9']);
});

test('002: a Bettel has no trumps and the order A K O U Z 9 8 7', () => {
  assert.equal(countTrumps(ALL, 'bettel'), 0);
  assert.deepEqual(sortHand(['EZ', 'EU', 'EO', 'EK', 'EA', 'E9'], 'bettel:ouvert'), ['EA', 'EK', 'EO', 'EU', 'EZ', 'E9']);
});

test('2.5.3: a Sau can be called only without it, not Herz, with a plain card of its suit', () => {
  assert.deepEqual(callableSuits(['E7', 'GA', 'G8', 'SO', 'H9']), ['E']);
  assert.deepEqual(callableSuits(['EA', 'GU', 'SO', 'HA']), []);
});

test('every text exists in both languages', () => {
  assert.deepEqual(Object.keys(STRINGS.de).sort(), Object.keys(STRINGS.en).sort());
});

// The keys of the object literal that opens at src[open] ('{'), in the
// order written: identifiers and quoted names alike ('bk_fault_3.4.18'),
// strings, comments and nested brackets skipped.
function literalKeys(src, open) {
  const keys = [];
  let depth = 0, expectKey = false;
  for (let i = open; i < src.length;) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') { i = src.indexOf('\n', i); continue; }
    if (c === '/' && src[i + 1] === '*') { i = src.indexOf('*/', i) + 2; continue; }
    let name = null;
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      name = src.slice(i + 1, j);
      i = j + 1;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[\w$]+/.exec(src.slice(i, i + 200));
      name = m[0];
      i += name.length;
    }
    if (name !== null) {
      if (expectKey && depth === 1 && /^\s*:/.test(src.slice(i, i + 50))) keys.push(name);
      expectKey = false;
      continue;
    }
    if ('{[('.includes(c)) { depth++; expectKey = depth === 1; }
    else if ('}])'.includes(c)) { depth--; if (depth === 0) return keys; }
    else if (c === ',' && depth === 1) expectKey = true;
    i++;
  }
  throw new Error('the object literal does not end');
}

test('the key reader reads quoted keys with dots and skips strings and comments', () => {
  const src = "x = {\n  a: 'b: c, d: e', 'k.1': \"z\", // f: 'g'\n  h: { i: 1 }, /* j: 2 */ l_2: `m`, a: 'again' };";
  assert.deepEqual(literalKeys(src, src.indexOf('{')), ['a', 'k.1', 'h', 'l_2', 'a']);
});

// A key written twice in one language's table is silently the last one:
// "1 Eintrag" became "Zeile" on a group's list of evenings.  Every key
// is read from the source (those with dots, 'bk_fault_3.4.18', too):
// the keys read are exactly the table's, and none comes twice.
test('no text key is written twice in a language', () => {
  const src = readFileSync(new URL('../../web/i18n.js', import.meta.url), 'utf8');
  for (const lang of ['de', 'en']) {
    const at = src.indexOf(`\n  ${lang}: {`);
    assert.ok(at > 0, lang);
    const keys = literalKeys(src, src.indexOf('{', at));
    const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
    assert.deepEqual(twice, [], `${lang}: ${twice.join(', ')}`);
    assert.deepEqual([...keys].sort(), Object.keys(STRINGS[lang]).sort(), `${lang}: every key read`);
    assert.ok(keys.includes('bk_fault_3.4.18'), `${lang}: the keys with dots`);
  }
});

test('contract names come from the code in the language shown', () => {
  setLang('de');
  assert.equal(contractName('sauspiel:G'), 'Sauspiel mit der Gras-Sau');
  assert.equal(contractName('solo:H:tout'), 'Herz-Solo Tout');
  assert.equal(contractName('farbwenz:E'), 'Eichel-Wenz');
  assert.equal(contractName('bettel:ouvert'), 'Bettel Brett');
  setLang('en');
  assert.equal(contractName('sauspiel:S'), 'Sauspiel calling the Bells Ace');
  assert.equal(contractName('solo:H:tout'), 'Hearts Solo Tout');
  for (const c of ['wenz', 'geier', 'ramsch', 'hochzeit', 'sie', 'bettel', 'farbgeier:G:tout', 'wenz:tout'])
    assert.ok(!/undefined|c_|suit_/.test(contractName(c)), contractName(c));
  setLang('de');
  assert.deepEqual(['sauspiel', 'solo', 'wenz', 'farbwenz', 'bettel', 'ramsch'].map(kindName), ['Sauspiel', 'Solo', 'Wenz', 'Farbwenz', 'Bettel', 'Ramsch']);
});

test('money: euros with a decimal comma in German, a point in English', () => {
  setLang('de');
  assert.equal(money(350), '3,50 €');
  assert.equal(money(-5, true), '−0,05 €');
  assert.equal(money(1200, true), '+12,00 €');
  setLang('en');
  assert.equal(money(350), '€3.50');
  setLang('de');
});

test('every choice reads in words, never as its code', () => {
  const actions = ['pass', 'klopfen', 'kontra', 'retour', 'bid sauspiel', 'bid solo', 'bid wenz:tout',
    'bid farbwenz', 'bid bettel:ouvert', 'bid hochzeit', 'declare sauspiel:E', 'declare solo:S:tout',
    'declare wenz', 'declare farbgeier:H', 'declare bettel', 'declare sie', 'accept S7', 'card EO'];
  for (const lang of ['de', 'en']) {
    setLang(lang);
    for (const a of actions) {
      for (const holder of [null, 0, 1]) {
        const w = choiceWords(a, { phase: 'auction', hand: ['EA', 'GU', 'HO', 'H7', 'S9'], seat: 0, holder, doublings: 0, higher: ['wenz', 'solo'] });
        const text = w.label + ' ' + (w.detail || '');
        assert.ok(!/\b(bid|declare|sauspiel:|solo:|undefined|cls_|w_|d_|a_)\b/.test(text), `${lang} ${a}: ${text}`);
      }
    }
  }
  setLang('de');
  assert.equal(choiceWords('pass', { offer: 'kontra' }).label, 'Kein Kontra');
  assert.equal(choiceWords('bid sauspiel', { holder: null, hand: ['EA', 'GA', 'SA', 'HO'], higher: ['wenz', 'solo'] }).detail, 'ohne rufbare Sau nur Wenz oder Solo');
  assert.equal(choiceWords('declare solo:H', { hand: ['EO', 'HU', 'HA', 'E7'] }).detail, 'allein gegen drei, Herz ist Trumpf – 3 Trümpfe auf der Hand');
  assert.equal(actionWords('bid solo', { holder: 2, seat: 1 }), 'Ich hätt ein Solo');
  // what a bid would be for this hand: the suit with the most trumps, the Saus it can call
  assert.equal(choiceWords('bid solo', { holder: 2, seat: 1, hand: ['EO', 'GU', 'SA', 'SZ', 'S7', 'HA', 'E7'] }).detail,
    'höher als das Spiel davor – für deine Karten: Schellen-Solo, 5 Trümpfe auf der Hand');
  assert.equal(choiceWords('bid sauspiel', { holder: null, hand: ['EO', 'E7', 'GA', 'S8'], higher: ['wenz', 'solo'] }).detail,
    'ein Sauspiel oder mehr; welches, sage ich nach dem Reizen – rufen kannst du die Eichel- oder Schellen-Sau');
});

test('002: a pass in the laying round reads as not knocking', () => {
  setLang('de');
  const acts = [{ seat: 1, action: 'klopfen' }, { seat: 2, action: 'pass' }, { seat: 3, action: 'pass' }, { seat: 0, action: 'pass' },
    { seat: 1, action: 'pass' }, { seat: 2, action: 'bid sauspiel' }];
  const calls = callList(acts, { preset: 'sauspiel', overrides: {} }, 4).map((c) => c.text);
  assert.deepEqual(calls, ['Klopfen', 'Nicht klopfen', 'Nicht klopfen', 'Nicht klopfen', 'Weiter', 'Ich spiele']);
});

test('2.4.6-2.4.9: the holder who yields to a challenge says "ist recht"', () => {
  setLang('de');
  const acts = [{ seat: 1, action: 'bid sauspiel' }, { seat: 2, action: 'bid solo' }, { seat: 1, action: 'pass' }, { seat: 3, action: 'pass' }];
  assert.deepEqual(callList(acts, { preset: 'official', overrides: {} }, 4).map((c) => c.text), ['Ich spiele', 'Ich hätt ein Solo', 'Ist recht', 'Weiter']);
  const keep = [{ seat: 1, action: 'bid sauspiel' }, { seat: 2, action: 'bid wenz' }, { seat: 1, action: 'bid wenz' }, { seat: 2, action: 'pass' }];
  assert.deepEqual(callList(keep, { preset: 'official', overrides: {} }, 4).map((c) => c.text), ['Ich spiele', 'Ich hätt einen Wenz', 'Ich spiel selbst (einen Wenz)', 'Weiter']);
});

// A state as the server sends it (docs/room-messages.md), seat 0 in the auction.
function sampleState() {
  return {
    type: 'state', room: 'abc', title: 'T', seat: 0, seq: 7,
    state: {
      seq: 7, kind: 'state', you: 0, rules: { preset: 'official', overrides: {} }, fallback: 'heuristic',
      seats: [{ kind: 'human', name: 'A', away: false }, { kind: 'bot', name: 'heuristic', away: false, bot: 'heuristic' },
        { kind: 'bot', name: 'random', away: false, bot: 'random' }, { kind: 'bot', name: 'pimc', away: false, bot: 'pimc' }],
      sheet: { rows: [], totals: { money: [0, 0, 0, 0], tournament: [0, 0, 0, 0] }, stock: 0 },
      game: { game: 1, dealer: 3, forehand: 0, first_game: true, bock: 0, kreuzbock: false, seed_hash: 'x',
        hand: ['EO', 'GO', 'HA', 'HZ', 'E7', 'G7', 'SA', 'S9'], actions: [], tricks: [],
        table: { phase: 'auction', to_move: 0, contract: null, declarer: null, partner: null, called: null,
          doublings: 0, laid: 0, doubled_by: [], sides: ['none', 'none', 'none', 'none'] } },
      last: null, pending: { seat: 0, choices: ['pass', 'bid sauspiel'] },
    },
  };
}

test('the room model follows the events: own card leaves the hand, tricks, the sheet', () => {
  const r = fromState(sampleState());
  assert.deepEqual(choices(r), ['pass', 'bid sauspiel']);
  const table = { phase: 'play', to_move: 1, contract: { code: 'sauspiel:G', name: '' }, declarer: 0, partner: null,
    called: 'GA', doublings: 0, laid: 0, doubled_by: [], sides: ['declarer', 'unknown', 'unknown', 'unknown'], trick: { no: 1, leader: 0, cards: ['EO'] } };
  applyEvent(r, { seq: 8, kind: 'action', game: 1, seat: 0, action: 'bid sauspiel', table: { ...table, phase: 'auction' }, pending: { seat: 1 } });
  assert.equal(auctionHolder(r), 0);
  assert.deepEqual(choices(r), []);
  applyEvent(r, { seq: 9, kind: 'action', game: 1, seat: 0, action: 'card EO', table, pending: { seat: 1 } });
  assert.equal(r.game.hand.length, 7);
  assert.ok(!r.game.hand.includes('EO'));
  const done = { no: 1, leader: 0, cards: ['EO', 'E8', 'E9', 'EK'], winner: 0, points: 7 };
  applyEvent(r, { seq: 10, kind: 'action', game: 1, seat: 3, action: 'card EK', trick_done: done, table, pending: { seat: 0, choices: ['card GO'] } });
  assert.equal(r.lastTrick, done);
  assert.deepEqual(choices(r), ['card GO']);
  const result = { thrown_in: false, contract: 'sauspiel:G', money: [10, -10, 10, -10], totals: { money: [10, -10, 10, -10], tournament: [1, -1, 1, -1] }, stock: 0 };
  applyEvent(r, { seq: 11, kind: 'result', course: { game: 1, dealer: 3, result }, pending: null });
  assert.equal(r.sheet.rows.length, 1);
  assert.deepEqual(r.sheet.totals.money, [10, -10, 10, -10]);
  assert.equal(r.seq, 11);
});

test('a new state forgets everything of the seat before', () => {
  const r = fromState(sampleState());
  const m = sampleState();
  m.seat = null;
  m.state.you = null;
  delete m.state.game.hand;
  m.state.pending = { seat: 0 };
  const r2 = fromState(m);
  assert.equal(r2.game.hand, null);
  assert.deepEqual(choices(r2), []);
  assert.notEqual(r.game, r2.game);
});

// "Du macht den Stich" and "You leads" were on the table: a sentence
// about the reader's own seat is in the second person, in both languages.
test('a sentence about one\'s own seat is in the second person', async () => {
  const { aboutSeat } = await import('../../web/table.js');
  const r = { seat: 2, seats: [{ kind: 'human', name: 'Sepp' }, { kind: 'bot' }, { kind: 'human', name: 'Me' }, { kind: 'bot' }] };
  setLang('de');
  assert.equal(aboutSeat(r, 2, 'leads'), 'Du kommst raus.');
  assert.equal(aboutSeat(r, 0, 'leads'), 'Sepp kommt raus.');
  assert.equal(aboutSeat(r, 2, 'trick_to', 11), 'Du machst den Stich (11 Augen).');
  assert.equal(aboutSeat(r, 1, 'trick_to', 11), 'Bot 2 macht den Stich (11 Augen).');
  assert.equal(aboutSeat(r, 2, 'claimed'), 'Du sagst: der Rest gehört mir.');
  setLang('en');
  assert.equal(aboutSeat(r, 2, 'leads'), 'You lead.');
  assert.equal(aboutSeat(r, 3, 'leads'), 'Bot 4 leads.');
  assert.equal(aboutSeat(r, 2, 'trick_to', 11), 'You take the trick (11 points).');
  assert.equal(aboutSeat(r, 2, 'claimed'), 'You say: the rest is mine.');
  // a spectator has no seat of his own
  assert.equal(aboutSeat({ seat: null, seats: r.seats }, 0, 'leads'), 'Sepp leads.');
  for (const lang of ['de', 'en'])
    for (const k of Object.keys(STRINGS[lang]).filter((x) => x.endsWith('_you')))
      assert.ok(k.slice(0, -4) in STRINGS[lang], `${lang}: ${k} without ${k.slice(0, -4)}`);
  setLang('de');
});

// The hint's value in words: a bid's money at a money table (the bot's
// units times the tariff's unit), a pass in the auction without a
// number, a card's value as is, a doubling and its pass in the play
// without a number, an unpriced bid in words, a points table without
// money.
test('a hint says a bid\'s value as the money it would bring', async () => {
  const { hintWorth } = await import('../../web/words.js');
  const money = { score: 'money', unit_cents: '10' }, pts = { score: 'points', unit_cents: '10' };
  setLang('de');
  assert.equal(hintWorth('bid solo', 13.1, 'auction', money), 'erwartet +1,31 €');
  assert.equal(hintWorth('declare solo:E', -2.5, 'declare', money), 'erwartet −0,25 €');
  assert.equal(hintWorth('pass', 0, 'auction', money), '');
  assert.equal(hintWorth('bid wenz', null, 'auction', money), 'kommt nicht in Frage');
  assert.equal(hintWorth('card EO', 7.5, 'play', money), '7,5'); // the contract not known yet
  // a card of a game with a declarer: the seat's own money; a Ramsch's
  // values are the rules of thumb's
  assert.equal(hintWorth('card EO', -1.9, 'play', money, 'solo:H'), 'erwartet −0,19 €');
  assert.equal(hintWorth('card EO', 1, 'play', money, 'ramsch'), '');
  // laying and a Hochzeit's answer: the rules of thumb's yes or no
  assert.equal(hintWorth('klopfen', 0.7, 'klopfen', money), '');
  assert.equal(hintWorth('pass', 0, 'klopfen', pts), '');
  assert.equal(hintWorth('accept', 1.2, 'hochzeit', money), '');
  assert.equal(hintWorth('card EO', 7.5, 'play', pts, 'sauspiel:E'), '7,5');
  // the bot's Kontra and its pass in the play are a yes or no, not priced
  assert.equal(hintWorth('kontra', 7.5, 'play', money), '');
  assert.equal(hintWorth('pass', -3, 'play', money), '');
  assert.equal(hintWorth('retour', 0, 'play', pts), '');
  assert.equal(hintWorth('bid solo', 13.1, 'auction', pts), '13,1');
  assert.equal(hintWorth('bid solo', 13.1, 'auction', null), '13,1'); // rules not loaded yet
  setLang('en');
  assert.equal(hintWorth('bid solo', 13.1, 'auction', money), 'expected +€1.31');
  assert.equal(hintWorth('card EO', -0.4, 'play', money), '-0.4');
  assert.equal(hintWorth('card EO', 2.35, 'play', money, 'wenz'), 'expected +€0.24');
  setLang('de');
  // a bid names the game its value is that of; nothing else does
  const { hintItem } = await import('../../web/words.js');
  assert.equal(hintItem('ich spiele', 'bid sauspiel', 'erwartet +1,31 €', 'solo:S'), 'ich spiele (Schellen-Solo: erwartet +1,31 €)');
  assert.equal(hintItem('ich spiele', 'bid sauspiel', 'erwartet +0,25 €'), 'ich spiele (erwartet +0,25 €)');
  assert.equal(hintItem('Eichel-Ober', 'card EO', 'erwartet +0,08 €', 'solo:S'), 'Eichel-Ober (erwartet +0,08 €)');
  assert.equal(hintItem('weiter', 'pass', '', 'solo:S'), 'weiter');
  setLang('en');
  assert.equal(hintItem('I play', 'bid sauspiel', 'expected +€1.31', 'solo:S'), 'I play (Bells Solo: expected +€1.31)');
  assert.equal(hintItem('I have a Wenz', 'bid wenz', 'expected +€0.39', 'geier'), 'I have a Wenz (Geier: expected +€0.39)');
  setLang('de');
});

test('2.4.2, 2.4.6, issue 40: the games a bid names at once -- the opening "ich spiele" allows every game, a challenge only its class', () => {
  setLang('de');
  const hand = ['EO', 'GU', 'HA', 'HZ', 'E7', 'GA', 'S9', 'SK'];
  const open = bidGames(['pass', 'bid sauspiel'], { hand, holder: null }, null);
  // the Sau called must be one he lacks, with a card of its suit (2.5.3): only Eichel and Schellen
  assert.deepEqual(open.map((x) => x.game), ['sauspiel:E', 'sauspiel:S', 'wenz', 'solo:E', 'solo:G', 'solo:H', 'solo:S']);
  assert.ok(open.every((x) => x.bid === 'bid sauspiel'));
  // a challenger bids the game's own class; Tout keeps its class button
  const ch = bidGames(['pass', 'bid wenz', 'bid solo', 'bid wenz:tout'], { hand, holder: 1, seat: 2 }, null);
  assert.deepEqual(ch.map((x) => `${x.bid}/${x.game}`), ['bid wenz/wenz', 'bid solo/solo:E', 'bid solo/solo:G', 'bid solo/solo:H', 'bid solo/solo:S']);
  // the house rules' games only where they are played (002)
  const house = bidGames(['pass', 'bid sauspiel'], { hand, holder: null }, { allow_geier: 'yes', allow_bettel: 'yes', allow_farbwenz: 'no' });
  assert.ok(house.some((x) => x.game === 'geier') && house.some((x) => x.game === 'bettel') && !house.some((x) => x.game.startsWith('farbwenz')));
  assert.deepEqual(bidGames(['pass'], { hand, holder: null }, null), []);
  assert.deepEqual(gameWords('sauspiel:E', hand), { label: 'auf die Eichel-Sau', detail: '4 Trümpfe' });
  assert.equal(gameWords('solo:H', hand).label, 'Herz-Solo');
  setLang('en');
  assert.deepEqual(gameWords('solo:H', hand), { label: 'Hearts Solo', detail: '4 trumps' });
  setLang('de');
});
