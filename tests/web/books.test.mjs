// Tests of score keeping's model without a browser (web/bookmodel.js):
// the lines the entry forms compose (the syntax `schafkopf sheet` and
// `schafkopf tournament` read, docs/rules.md "Score keeping",
// docs/tournament.md), what a `book` message comes to, the page's
// address and the keys this browser remembers.
// Run: node --test tests/web/

import test from 'node:test';
import assert from 'node:assert/strict';
import { composeLine, tableLine, tour, sheetModel, currentStage, tableModel, standingsModel, stageComplete,
  parseHash, makeHash, loadBooks, rememberBook, keyOf, nameOk, splitNames, entryOffers, takesPartner, CONTRACTS } from '../../web/bookmodel.js';
import { STRINGS, setLang } from '../../web/i18n.js';
import { OFFICIAL, PRESETS_API } from './presets.mjs';
import { HOUSE, houseFor, fieldShown, houseOverrides, fullRules, rulesSummary, rulesBrief } from '../../web/bookrules.js';

test('Score keeping: a game by card points names contract, declarer, partner and the points', () => {
  assert.deepEqual(composeLine({ kind: 'game', contract: 'sauspiel:E', declarer: 'Anna', partner: 'Bert', result: 'points', points: '75' }),
    { line: 'game sauspiel:E declarer=Anna partner=Bert points=75' });
});

test('Score keeping: won or lost with Schneider and Schwarz (Schwarz implies Schneider), Laufende, Kontra, Klopfen', () => {
  const r = composeLine({ kind: 'game', contract: 'solo:H', declarer: 'Carl', result: 'won', schwarz: true, laufende: '3', kontra: '2', laid: '1' });
  assert.equal(r.line, 'game solo:H declarer=Carl won schneider schwarz laufende=3 kontra=2 laid=1');
  assert.equal(composeLine({ contract: 'wenz', declarer: 'Dora', result: 'lost', schneider: true, laufende: '0' }).line,
    'game wenz declarer=Dora lost schneider');
});

test('4.1.4: Schwarz goes with card points too (120 or 0 do not show it); Schneider follows from them', () => {
  assert.equal(composeLine({ contract: 'solo:S', declarer: 'Anna', result: 'points', points: '120', schneider: true, schwarz: true }).line,
    'game solo:S declarer=Anna points=120 schwarz');
  assert.equal(composeLine({ contract: 'solo:S', declarer: 'Anna', result: 'points', points: '0', schwarz: true }).line,
    'game solo:S declarer=Anna points=0 schwarz');
});

test('2.4.4, 5.2.14: Tout is the contract\'s suffix, never twice, and a Sie has none', () => {
  assert.equal(composeLine({ contract: 'solo:E', tout: true, declarer: 'Anna', result: 'won' }).line, 'game solo:E:tout declarer=Anna won');
  assert.equal(composeLine({ contract: 'solo:E:tout', tout: true, declarer: 'Anna', result: 'won' }).line, 'game solo:E:tout declarer=Anna won');
  assert.equal(composeLine({ contract: 'sie', tout: true, declarer: 'Anna', result: 'won' }).line, 'game sie declarer=Anna won');
});

test('Score keeping: thrown in, Ramsch, penalty (3.4.17) and redeal (3.4.2)', () => {
  assert.equal(composeLine({ kind: 'thrown' }).line, 'thrown_in');
  assert.equal(composeLine({ kind: 'ramsch', losers: ['Bert'] }).line, 'ramsch losers=Bert');
  assert.equal(composeLine({ kind: 'ramsch', losers: ['Bert', 'Carl'] }).line, 'ramsch losers=Bert,Carl');
  assert.equal(composeLine({ kind: 'ramsch', durchmarsch: 'Anna' }).line, 'ramsch durchmarsch=Anna');
  assert.equal(composeLine({ kind: 'penalty', fault: '3.4.14', contract: 'solo:E', declarer: 'Carl', offender: 'Dora' }).line,
    'penalty 3.4.14 solo:E declarer=Carl offender=Dora');
  assert.equal(composeLine({ kind: 'redeal', fault: '3.4.2' }).line, 'redeal 3.4.2');
});

test('Score keeping: what the form lacks is said before anything is sent', () => {
  assert.equal(composeLine({ contract: '', declarer: 'Anna', result: 'won' }).error, 'bk_need_contract');
  assert.equal(composeLine({ contract: 'wenz', declarer: '', result: 'won' }).error, 'bk_need_declarer');
  assert.equal(composeLine({ contract: 'wenz', declarer: 'Anna', result: 'points', points: '121' }).error, 'bk_need_points');
  assert.equal(composeLine({ contract: 'wenz', declarer: 'Anna', result: 'points', points: '7x' }).error, 'bk_need_points');
  assert.equal(composeLine({ kind: 'ramsch', losers: [] }).error, 'bk_need_losers');
  assert.equal(composeLine({ kind: 'penalty', contract: 'wenz', declarer: 'Anna', offender: 'Bert' }).error, 'bk_need_fault');
  assert.equal(composeLine({ kind: 'redeal' }).error, 'bk_need_fault');
});

// The sheet's parser (src/table/sheet.c) reads these words; docs/rules.md
// "Score keeping" says what each means.
test('002: a Hochzeit names its taker as partner; a Sauspiel its Sau\'s holder; a Solo-type game none', () => {
  assert.equal(composeLine({ contract: 'hochzeit', declarer: 'Anna', partner: 'Bert', result: 'won' }).line,
    'game hochzeit declarer=Anna partner=Bert won');
  assert.equal(composeLine({ contract: 'hochzeit', declarer: 'Anna', result: 'won' }).error, 'bk_need_partner');
  assert.equal(composeLine({ contract: 'sauspiel:G', declarer: 'Anna', result: 'won' }).error, 'bk_need_partner');
  // 2.4.10: an invalid call may have no partner (docs/rules.md)
  assert.equal(composeLine({ kind: 'penalty', fault: '2.4.10', contract: 'sauspiel:G', declarer: 'Anna', offender: 'Anna' }).line,
    'penalty 2.4.10 sauspiel:G declarer=Anna offender=Anna');
  assert.equal(composeLine({ kind: 'penalty', fault: '3.4.14', contract: 'sauspiel:G', declarer: 'Anna', offender: 'Bert' }).error,
    'bk_need_partner');
  // 2.6.2: a partner left in a Solo's form is not sent
  assert.equal(composeLine({ contract: 'farbgeier:H', declarer: 'Carl', partner: 'Dora', result: 'points', points: '70' }).line,
    'game farbgeier:H declarer=Carl points=70');
  assert.ok(takesPartner('sauspiel:S') && takesPartner('hochzeit'));
  assert.ok(!takesPartner('kreuzbock') && !takesPartner('solo:E') && !takesPartner(''));
});

test('2.8: Tout only for a Solo, Wenz, Geier and their suit kin, never a Hochzeit or a Bettel', () => {
  assert.equal(composeLine({ contract: 'farbgeier:S', tout: true, declarer: 'Anna', result: 'won' }).line,
    'game farbgeier:S:tout declarer=Anna won');
  assert.equal(composeLine({ contract: 'geier', tout: true, declarer: 'Anna', result: 'won' }).line, 'game geier:tout declarer=Anna won');
  assert.equal(composeLine({ contract: 'hochzeit', tout: true, declarer: 'Anna', partner: 'Bert', result: 'won' }).line,
    'game hochzeit declarer=Anna partner=Bert won');
  assert.equal(composeLine({ contract: 'bettel:ouvert', tout: true, declarer: 'Anna', result: 'won' }).line,
    'game bettel:ouvert declarer=Anna won');
});

test('002, 003: a Kreuzbock game is the word kreuzbock; the sheet seats the partner across', () => {
  assert.equal(composeLine({ contract: 'kreuzbock', declarer: 'Bert', partner: 'Carl', result: 'lost', schneider: true }).line,
    'game kreuzbock declarer=Bert lost schneider');
  assert.equal(composeLine({ kind: 'penalty', fault: '3.4.14', contract: 'kreuzbock', declarer: 'Bert', offender: 'Anna' }).line,
    'penalty 3.4.14 kreuzbock declarer=Bert offender=Anna');
});

test('002: a Muss game is marked muss (60 wins it); a penalty carries no Muss', () => {
  assert.equal(composeLine({ contract: 'sauspiel:E', muss: true, declarer: 'Anna', partner: 'Bert', result: 'points', points: '60' }).line,
    'game sauspiel:E muss declarer=Anna partner=Bert points=60');
  assert.equal(composeLine({ contract: 'solo:G', muss: false, declarer: 'Anna', result: 'won' }).line, 'game solo:G declarer=Anna won');
  assert.equal(composeLine({ kind: 'penalty', fault: '3.4.7', contract: 'solo:G', muss: true, declarer: 'Anna', offender: 'Bert' }).line,
    'penalty 3.4.7 solo:G declarer=Anna offender=Bert');
});

test('002: a Schieberamsch names its winners; Jungfrauen are a count; a Durchmarsch stands alone', () => {
  assert.equal(composeLine({ kind: 'ramsch', losers: ['Carl'], winners: ['Anna', 'Bert'], jungfrau: '1', schieberamsch: true }).line,
    'ramsch losers=Carl winners=Anna,Bert jungfrau=1');
  assert.equal(composeLine({ kind: 'ramsch', losers: ['Carl', 'Dora'], jungfrau: '2' }).line, 'ramsch losers=Carl,Dora jungfrau=2');
  assert.equal(composeLine({ kind: 'ramsch', losers: ['Carl'], jungfrau: '' }).line, 'ramsch losers=Carl');
  assert.equal(composeLine({ kind: 'ramsch', losers: ['Carl'], winners: [], schieberamsch: true }).error, 'bk_need_winners');
  assert.equal(composeLine({ kind: 'ramsch', losers: [], winners: ['Anna'], schieberamsch: true }).error, 'bk_need_losers');
  assert.equal(composeLine({ kind: 'ramsch', durchmarsch: 'Dora', losers: ['Carl'], winners: ['Anna'], jungfrau: '1' }).line,
    'ramsch durchmarsch=Dora');
});

test('3.4.18: the revealer loses instead of the offender, and only that fault names one', () => {
  const f = { kind: 'penalty', fault: '3.4.18', contract: 'solo:H', declarer: 'Anna', offender: 'Bert' };
  assert.equal(composeLine(f).error, 'bk_need_revealer');
  assert.equal(composeLine({ ...f, revealer: 'Carl' }).line, 'penalty 3.4.18 solo:H declarer=Anna offender=Bert revealer=Carl');
  assert.equal(composeLine({ ...f, fault: '3.4.14', revealer: 'Carl' }).line, 'penalty 3.4.14 solo:H declarer=Anna offender=Bert');
});

test('docs/rules.md: the offender loses a Ramsch alone; a Ramsch has no declarer', () => {
  assert.equal(composeLine({ kind: 'penalty', fault: '3.4.14', contract: 'ramsch', offender: 'Bert' }).line,
    'penalty 3.4.14 ramsch offender=Bert');
  assert.equal(composeLine({ kind: 'penalty', fault: '3.4.14', contract: 'ramsch' }).error, 'bk_need_offender');
});

test('every refusal of the form reads in German and English', () => {
  for (const key of ['bk_need_contract', 'bk_need_declarer', 'bk_need_partner', 'bk_need_fault', 'bk_need_offender',
    'bk_need_revealer', 'bk_need_losers', 'bk_need_winners', 'bk_need_points', 'bk_need_result', 'bk_winners',
    'bk_jungfrau', 'bk_muss', 'bk_revealer', 'bk_kreuzbock_round']) {
    for (const lang of ['de', 'en']) assert.ok(typeof STRINGS[lang][key] === 'string' && STRINGS[lang][key].length > 3, `${lang} ${key}`);
    assert.notEqual(STRINGS.de[key], STRINGS.en[key], key);
  }
});

// The server's `entry` for two rulesets (books_view.c asks the checker):
// the official rules, and a Stammtisch with Schieberamsch and Klopfen.
const OFFICIAL_ENTRY = { contracts: ['sauspiel:E', 'sauspiel:G', 'sauspiel:S', 'solo:E', 'solo:G', 'solo:H', 'solo:S', 'wenz', 'sie',
  'solo:E:tout', 'solo:G:tout', 'solo:H:tout', 'solo:S:tout', 'wenz:tout'], thrown_in: true, ramsch: false, winners: false,
  jungfrau: false, durchmarsch: false, muss: false, kreuzbock: false, kontra: 2, laid: 0 };
const STAMMTISCH_ENTRY = { contracts: ['sauspiel:E', 'sauspiel:G', 'sauspiel:S', 'solo:H', 'solo:H:tout', 'wenz', 'geier',
  'farbgeier:E', 'farbgeier:E:tout', 'bettel', 'bettel:ouvert', 'hochzeit'], thrown_in: true, ramsch: true, winners: true,
  jungfrau: true, durchmarsch: true, muss: false, kreuzbock: false, kontra: 2, laid: 4 };

test('the form offers what the ruleset plays: the official evening has no Ramsch, Hochzeit, lays or Muss', () => {
  const o = entryOffers({ entry: OFFICIAL_ENTRY, next: { kreuzbock: false } }, 4);
  assert.deepEqual(o.kinds, ['game', 'thrown', 'penalty', 'redeal']);
  assert.deepEqual(o.contracts, ['sauspiel:E', 'sauspiel:G', 'sauspiel:S', 'solo:E', 'solo:G', 'solo:H', 'solo:S', 'wenz', 'sie']);
  assert.deepEqual(o.tout, ['solo:E', 'solo:G', 'solo:H', 'solo:S', 'wenz']);
  assert.equal(o.muss, false);
  assert.equal(o.penaltyRamsch, false);
  assert.equal(o.laid, 0);
  assert.equal(o.kontra, 2);
});

test('the form offers what the ruleset plays: Hochzeit, Farbgeier, Bettel, Schieberamsch with Jungfrauen, lays', () => {
  const o = entryOffers({ entry: STAMMTISCH_ENTRY, next: { kreuzbock: false } }, 4);
  assert.deepEqual(o.kinds, ['game', 'thrown', 'ramsch', 'penalty', 'redeal']);
  assert.deepEqual(o.contracts, ['sauspiel:E', 'sauspiel:G', 'sauspiel:S', 'hochzeit', 'solo:H', 'wenz', 'geier', 'farbgeier:E',
    'bettel', 'bettel:ouvert']);
  assert.deepEqual(o.tout, ['solo:H', 'farbgeier:E']);
  assert.ok(o.winners && o.durchmarsch && o.penaltyRamsch);
  assert.equal(o.jungfrau, 2); // four seats: three without a trick is a Durchmarsch
  assert.equal(entryOffers({ entry: { ...STAMMTISCH_ENTRY, durchmarsch: false } }, 4).jungfrau, 3);
  assert.equal(entryOffers({ entry: { ...STAMMTISCH_ENTRY, winners: false, jungfrau: false } }, 4).jungfrau, 0);
  assert.equal(o.laid, 4);
  // Muss and Kreuzbock where all passing plays one
  const muss = entryOffers({ entry: { ...OFFICIAL_ENTRY, thrown_in: false, muss: true } }, 4);
  assert.ok(muss.muss && !muss.kinds.includes('thrown'));
  const kb = entryOffers({ entry: { ...OFFICIAL_ENTRY, thrown_in: false, kreuzbock: true } }, 4);
  assert.deepEqual(kb.contracts.slice(0, 4), ['sauspiel:E', 'sauspiel:G', 'sauspiel:S', 'kreuzbock']);
});

test('002: in a Kreuzbock round (after a throw-in) every game is a Kreuzbock game', () => {
  const o = entryOffers({ entry: { ...STAMMTISCH_ENTRY, ramsch: false }, next: { kreuzbock: true } }, 5);
  assert.deepEqual(o.contracts, ['kreuzbock']);
  assert.deepEqual(o.kinds, ['game', 'penalty', 'redeal']);
  assert.deepEqual(o.tout, []);
  assert.equal(o.kreuzbockRound, true);
});

test('a view without the server\'s entry offers every contract; the server refuses what does not fit', () => {
  const o = entryOffers({ players: ['A', 'B', 'C', 'D'] }, 4);
  assert.deepEqual(o.contracts, CONTRACTS);
  assert.deepEqual(o.kinds, ['game', 'thrown', 'ramsch', 'penalty', 'redeal']);
  assert.ok(o.tout.includes('farbwenz:G') && !o.tout.includes('sie') && !o.tout.includes('hochzeit'));
  assert.equal(entryOffers({}, 3).jungfrau, 1);
});

test('docs/tournament.md: a table\'s game and the organiser\'s lines', () => {
  assert.equal(tableLine(3, { contract: 'sauspiel:E', declarer: 'Fritz', partner: 'Hans', result: 'won' }).line,
    'table 3 game sauspiel:E declarer=Fritz partner=Hans won');
  assert.equal(tableLine(3, { contract: '' }).error, 'bk_need_contract');
  assert.equal(tour.register('Anna', true), 'register Anna paid');
  assert.equal(tour.register('Anna', false), 'register Anna');
  assert.equal(tour.draw(2, true), 'draw 2 five');
  assert.equal(tour.draw(2, false), 'draw 2 byes');
  assert.equal(tour.strike(2, 1, 'Ref', 'not approved'), 'strike 2 1 by=Ref -- not approved');
  assert.equal(tour.correct(3, 3, 'Ref', 'game solo:S declarer=Jakob points=65', 'counted again'),
    'correct 3 3 by=Ref game solo:S declarer=Jakob points=65 -- counted again');
  assert.equal(tour.prize(1, '100'), 'prize 1 100');
});

test('names: letters, digits, - _ . and not only digits (as sk_sheet_name_ok)', () => {
  assert.ok(nameOk('Anna') && nameOk('Sepp_2') && nameOk('Jürgen'));
  assert.ok(!nameOk('12') && !nameOk('Anna Maria') && !nameOk('') && !nameOk('x'.repeat(24)));
  assert.deepEqual(splitNames('Anna, Bert\nCarl  Dora;Emil'), ['Anna', 'Bert', 'Carl', 'Dora', 'Emil']);
});

const SHEET = {
  type: 'book', book: 'k3mx9qa2hfj7tzwd', kind: 'sheet', title: 'Freitag', seq: 3, created: 1, updated: 2, may: 'edit',
  lines: [{ seq: 1, line: 'game solo:H declarer=Bert points=75', at: 1 }, { seq: 3, line: 'thrown_in', at: 2 }],
  view: { players: ['Anna', 'Bert', 'Carl', 'Dora'], rows: [
    { seq: 1, dealer: 'Anna', what: 'Bert Herz-Solo won (75)', kind: 'game', money: [-50, 150, -50, -50], points: [-2, 6, -2, -2],
      total: [-50, 150, -50, -50], total_points: [-2, 6, -2, -2], stock: 0, won: true },
    { seq: 3, dealer: 'Bert', what: 'thrown in', kind: 'thrown_in', money: [0, 0, 0, 0], points: [0, 0, 0, 0],
      total: [-50, 150, -50, -50], total_points: [-2, 6, -2, -2], stock: 0, won: false }],
  money: [-50, 150, -50, -50], points: [-2, 6, -2, -2], stock: 0,
  next: { dealer: 'Carl', bock: 0, kreuzbock: false, first_game: false },
  pay: [{ from: 'Anna', to: 'Bert', amount: 50 }], rules: { preset: 'official', overrides: {} } },
};

test('3.4.1: the sheet model takes back the last live line (its seq, not the count)', () => {
  const m = sheetModel(SHEET);
  assert.equal(m.undoSeq, 3);
  assert.equal(m.seq, 3);
  assert.deepEqual(m.rows.map((r) => r.no), [1, 2]);
  assert.equal(m.next.dealer, 'Carl');
  assert.equal(sheetModel({ ...SHEET, lines: [] }).undoSeq, null);
});

const TOUR = {
  seed: 'Feldmoching 2026', games: 4, players: [], approvals: [], prizes: [10000],
  stages: [{ stage: 1, seating: 'five', byes: [], cost: 0, tables: [
    { table: 1, start: [5, 7, 3, 9], names: ['Emil', 'Gerti', 'Carl', 'Ida'], games: [], total: [0, 0, 0, 0], checks: [], played: 4 },
    { table: 3, start: [12, 6, 8, 10, 2], names: ['Luise', 'Fritz', 'Hans', 'Jakob', 'Bert'], games: [], total: [0, 1, 1, -1, -1], checks: [], played: 1 }] }],
  standings: [{ place: 1, start: 13, name: 'Max', points: 21, stage_points: [8, 13], prize: 10000, replaced: 'Xaver' },
    { place: 2, start: 5, name: 'Emil', points: 21, stage_points: [13, 8], prize: 0 }],
};

test('5.2.2, 5.2.1: the current stage, a table with its players, whether the stage is done', () => {
  assert.equal(currentStage(TOUR).stage, 1);
  assert.equal(currentStage({ ...TOUR, stages: [] }), null);
  const tb = tableModel(TOUR, 1, 3);
  assert.deepEqual(tb.players.map((p) => p.name), ['Luise', 'Fritz', 'Hans', 'Jakob', 'Bert']);
  assert.equal(tb.done, false);
  assert.equal(tableModel(TOUR, 1, 1).done, true);
  assert.equal(tableModel(TOUR, 1, 2), null);
  assert.equal(tableModel(TOUR, 2, 1), null);
  assert.equal(stageComplete(TOUR), false);
  assert.equal(stageComplete({ ...TOUR, games: 1 }), true);
});

test('5.2.11: a substitute is shown with the player he replaced', () => {
  const rows = standingsModel(TOUR);
  assert.equal(rows[0].shown, 'Max (Xaver)');
  assert.equal(rows[1].shown, 'Emil');
});

test('the address: #b=CODE&k=KEY&live, checked; keys are remembered per book', () => {
  const key = 'ab'.repeat(32);
  assert.deepEqual(parseHash(makeHash('k3mx9qa2hfj7tzwd', { key, live: true })), { book: 'k3mx9qa2hfj7tzwd', key, live: true });
  assert.deepEqual(parseHash('#b=k3mx9qa2hfj7tzwd&k=' + '0f'.repeat(16)), { book: 'k3mx9qa2hfj7tzwd', key: '0f'.repeat(16), live: false });
  assert.deepEqual(parseHash('#b=not-a-code&k=xyz'), { book: null, key: null, live: false });
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  rememberBook(storage, { book: 'k3mx9qa2hfj7tzwd', kind: 'tournament', title: 'A', key });
  rememberBook(storage, { book: 'k3mx9qa2hfj7tzwd', title: 'B' }); // a later visit keeps the key
  rememberBook(storage, { book: 'aaaaaaaaaaaaaaaa', kind: 'sheet' });
  assert.equal(keyOf(storage, 'k3mx9qa2hfj7tzwd'), key);
  assert.equal(keyOf(storage, 'aaaaaaaaaaaaaaaa'), null);
  assert.deepEqual(loadBooks(storage).map((b) => b.book), ['aaaaaaaaaaaaaaaa', 'k3mx9qa2hfj7tzwd']);
  assert.equal(loadBooks(storage)[1].title, 'B');
  store.set('schafkopf.books', 'not json');
  assert.deepEqual(loadBooks(storage), []);
});

// ---- house rules of a new evening or group (web/bookrules.js) ----
test('house rules: only what differs from the preset is sent, by the ruleset\'s own names', () => {
  const base = PRESETS_API.stammtisch;
  assert.deepEqual(houseOverrides({ ...base, ramsch_schieben: 'yes', klopfen: 'all', allow_hochzeit: 'yes' }, base),
    { ramsch_schieben: 'yes', klopfen: 'all' });
  assert.deepEqual(houseOverrides({}, base), {});
  // a field that does not apply is the preset's: no Schieberamsch without a Ramsch
  assert.deepEqual(houseOverrides({ ...base, all_pass: 'next_dealer', ramsch_schieben: 'yes' }, base), { all_pass: 'next_dealer' });
  // Bock's triggers only with Bock games; a number left empty is the preset's
  assert.deepEqual(houseOverrides({ ...OFFICIAL, bock_on_schwarz: 'yes', unit_cents: '' }, OFFICIAL), {});
  assert.deepEqual(houseOverrides({ ...OFFICIAL, bock_games: '04', bock_on_schwarz: 'yes', unit_cents: '20' }, OFFICIAL),
    { bock_games: '4', bock_on_schwarz: 'yes', unit_cents: '20' });
  // an emptied number is the preset's, and what depends on it still applies
  assert.deepEqual(houseOverrides({ ...base, bock_games: '', bock_on_retour: 'yes' }, base), { bock_on_retour: 'yes' });
  // the Solo's rate takes Wenz, Geier, Bettel along where the preset has them equal
  assert.deepEqual(houseOverrides({ ...OFFICIAL, rate_solo: '10' }, { ...OFFICIAL, rate_bettel: '7' }),
    { rate_solo: '10', rate_wenz: '10', rate_geier: '10', rate_farbwenz: '10', rate_farbgeier: '10' });
  // 5.2.7: a table for tournament points has no tariff, Bock or Stock to set
  assert.deepEqual(houseOverrides({ ...PRESETS_API.tournament, bock_games: '4', unit_cents: '50' }, PRESETS_API.tournament), {});
  assert.deepEqual(fullRules(PRESETS_API, { preset: 'official', overrides: { klopfen: 'all' } }).klopfen, 'all');
  assert.equal(fullRules(null, { preset: 'official' }), null);
  assert.equal(fullRules(PRESETS_API, { preset: 'nope' }), null);
});

test('house rules in force, in a few words, German and English', () => {
  const rules = { preset: 'stammtisch', overrides: { ramsch_schieben: 'yes', klopfen: 'all', unit_cents: '20', kontra_max: '4' } };
  setLang('de');
  const de = rulesSummary(rules, PRESETS_API);
  assert.equal(de[0], 'Stammtisch');
  for (const w of ['alle weiter: Schieberamsch (Jungfrau, Durchmarsch)', 'auch Hochzeit, Geier, Farbwenz, Farbgeier, Bettel, Bettel Brett',
    'jeder darf klopfen', 'bis Resub', 'Bock (4 Spiele) nach Zusammenwerfen, verlorenem Solo, Schwarz', 'Stock (0,20 € je Kopf) für den nächsten Spieler',
    'Tarif: Sauspiel 0,20 €, Solo 1,00 €, Laufender 0,20 €, Schneider 0,20 €, Schwarz 0,40 €'])
    assert.ok(de.includes(w), `${w} in ${de.join(' · ')}`);
  setLang('en');
  const en = rulesSummary(rules, PRESETS_API);
  for (const w of ['all pass: Schieberamsch (Jungfrau, Durchmarsch)', 'everyone may knock', 'up to Resub',
    'Bock (4 games) after a throw-in, a lost Solo, a Schwarz', 'tariff: Sauspiel €0.20, Solo €1.00, per Laufender €0.20, Schneider €0.20, Schwarz €0.40'])
    assert.ok(en.includes(w), `${w} in ${en.join(' · ')}`);
  assert.ok(en.some((x) => x.startsWith('also Wedding (Hochzeit)')), en.join(' · '));
  // the rates the tariff line leaves out: a Ramsch's, its Durchmarsch's,
  // a Hochzeit's where it differs from the Sauspiel's
  const v = fullRules(PRESETS_API, rules);
  const eur = (units) => `€${(Number(units) * Number(v.unit_cents) / 100).toFixed(2)}`;
  assert.ok(en.includes(`Ramsch: each loser pays everyone ${eur(v.rate_ramsch)}`), en.join(' · '));
  assert.ok(en.includes(`Durchmarsch: ${eur(v.rate_durchmarsch)} from each`), en.join(' · '));
  assert.equal(en.some((x) => x.startsWith('Wedding (Hochzeit) €')), v.rate_hochzeit !== v.rate_sauspiel, en.join(' · '));
  const wed = rulesSummary({ ...rules, overrides: { ...rules.overrides, rate_hochzeit: String(Number(v.rate_sauspiel) + 1) } }, PRESETS_API);
  assert.ok(wed.includes(`Wedding (Hochzeit) ${eur(Number(v.rate_sauspiel) + 1)}`), wed.join(' · '));
  // the official rules: thrown in, Kontra and Retour, the tariff; no Bock (no Bock games)
  const off = rulesSummary({ preset: 'official', overrides: {} }, PRESETS_API);
  assert.deepEqual(off.slice(1, 3), ['all pass: thrown in', 'Kontra and Retour']);
  assert.ok(!off.some((x) => /Bock|knock|also/.test(x)), off.join(' · '));
  // a tournament table plays for points: no tariff, no money
  const tour = rulesSummary({ preset: 'tournament', overrides: {} }, PRESETS_API);
  assert.ok(tour.includes('no Kontra') && tour.includes(STRINGS.en.score_points) && !tour.some((x) => /€/.test(x)), tour.join(' · '));
  setLang('de');
  assert.deepEqual(rulesSummary(rules, null), []);
});

test('house rules: every field, section and value has its words in both languages', () => {
  for (const s of HOUSE) {
    const keys = [s.section, ...s.fields.map((f) => 'hr_' + f.key), ...s.fields.flatMap((f) => (f.values || []).map((v) => `hr_${f.key}_${v}`))];
    for (const k of keys) for (const lang of ['de', 'en']) assert.ok(STRINGS[lang][k], `${lang} ${k}`);
    for (const f of s.fields) assert.ok(f.key in OFFICIAL, `${f.key} in the fixture`);
  }
  for (const sec of HOUSE) for (const f of sec.fields) assert.equal(typeof fieldShown(sec, f, OFFICIAL), 'boolean');
});

// The Hochzeit's and the Durchmarsch's rates are on the form where they
// apply: a Hochzeit's when one may be played (and for money), a
// Durchmarsch's with a Ramsch in which a Durchmarsch wins.
test('house rules: the Hochzeit\'s and the Durchmarsch\'s rates where they apply', () => {
  const shown = (key, v) => { const sec = HOUSE.find((x) => x.fields.some((f) => f.key === key)); return fieldShown(sec, sec.fields.find((f) => f.key === key), v); };
  assert.equal(shown('rate_hochzeit', OFFICIAL), false);
  assert.equal(shown('rate_hochzeit', PRESETS_API.stammtisch), true);
  assert.equal(shown('rate_hochzeit', { ...PRESETS_API.stammtisch, score: 'points' }), false);
  assert.equal(shown('rate_durchmarsch', OFFICIAL), false);
  assert.equal(shown('rate_durchmarsch', PRESETS_API.stammtisch), true);
  assert.equal(shown('rate_durchmarsch', { ...PRESETS_API.stammtisch, ramsch_durchmarsch: 'no' }), false);
  const base = PRESETS_API.stammtisch;
  assert.deepEqual(houseOverrides({ ...base, rate_hochzeit: '4', rate_durchmarsch: '10' }, base), { rate_hochzeit: '4', rate_durchmarsch: '10' });
  // not applying, they stay the preset's
  assert.deepEqual(houseOverrides({ ...OFFICIAL, rate_hochzeit: '4', rate_durchmarsch: '10' }, OFFICIAL), {});
});

// The lobby's table takes the same block; its players are a field there
// (a book's are its names); what it plays for is one in both.
test('house rules: a table\'s form has the players, a book\'s not; both the score', () => {
  const keys = (ctx) => houseFor(ctx).flatMap((s) => s.fields.map((f) => f.key));
  assert.ok(keys('table').includes('players') && !keys('book').includes('players'));
  assert.ok(keys('table').includes('score') && keys('book').includes('score'));
  assert.deepEqual(keys('table').filter((k) => k !== 'players'), keys('book'));
  assert.deepEqual(houseOverrides({ ...OFFICIAL, players: '5', klopfen: 'all', all_pass: 'ramsch' }, OFFICIAL),
    { players: '5', klopfen: 'all', all_pass: 'ramsch' });
  // for points: no tariff to set, and the choice itself is sent
  assert.deepEqual(houseOverrides({ ...OFFICIAL, score: 'points', unit_cents: '50' }, OFFICIAL), { score: 'points' });
});

// The lobby's line: the preset and only what the house rules change.
test('the rules of a table in fewer words: the preset and what differs, German and English', () => {
  setLang('de');
  assert.deepEqual(rulesBrief({ preset: 'official', overrides: {} }, PRESETS_API), ['Offiziell']);
  assert.deepEqual(rulesBrief({ preset: 'official', overrides: { klopfen: 'all', all_pass: 'ramsch' } }, PRESETS_API),
    ['Offiziell', 'alle weiter: Ramsch (Jungfrau, Durchmarsch)', 'jeder darf klopfen']);
  assert.deepEqual(rulesBrief({ preset: 'official', overrides: { players: '3' } }, PRESETS_API), ['Offiziell', 'zu dritt (kurzes Blatt)']);
  setLang('en');
  assert.deepEqual(rulesBrief({ preset: 'official', overrides: { klopfen: 'all', all_pass: 'ramsch', unit_cents: '20' } }, PRESETS_API),
    ['Official', 'all pass: Ramsch (Jungfrau, Durchmarsch)', 'everyone may knock',
      'tariff: Sauspiel €0.20, Solo €1.00, per Laufender €0.20, Schneider €0.20, Schwarz €0.40']);
  assert.deepEqual(rulesBrief({ preset: 'official', overrides: {} }, null), []);
  setLang('de');
});
