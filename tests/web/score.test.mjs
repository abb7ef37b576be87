// What a table plays for (option `score`, docs/rules.md "What a table
// plays for"): a table of the tournament preset, or any ruleset with
// score = points, shows tournament points only (5.2.7, 5.2.8); a money
// table keeps its money.  The settlement lines and the lobby's line need
// no browser; the panels are checked by tests/e2e/table.test.js.
// Run: node --test tests/web/

import test from 'node:test';
import { PRESETS_API } from './presets.mjs';
import assert from 'node:assert/strict';
import { setLang, points, STRINGS } from '../../web/i18n.js';
import { scoresPoints } from '../../web/words.js';
import { settlementLines } from '../../web/result.js';
import { tableMeta } from '../../web/lobby.js';

// A won Herz-Solo with Schneider and three Laufende at the official
// tariff (as core's sk_result_json writes it): 5 + 3 + 1 = 9 units a
// pair, tournament points 3 from each opponent, 9 to the soloist (5.2.7).
const SOLO = {
  thrown_in: false, contract: 'solo:H', declarer: 0, partner: null, won: true,
  schneider: true, schwarz: false, laufende: 3, laufende_paid: 3, doublings: 0,
  multiplier: 1, money: [270, -90, -90, -90], tournament: [9, -3, -3, -3],
  bock: 0, laid: 0, base_units: 5, laufende_units: 3, extra_units: 1, pair_units: 9,
  unit_cents: 10, points: [95, 10, 15, 0], declarer_side_points: 95,
};
// A lost Sauspiel, plain: one point per player (5.2.7).
const SAUSPIEL = {
  ...SOLO, contract: 'sauspiel:E', partner: 2, won: false, schneider: false, laufende: 0,
  laufende_paid: 0, money: [-10, 10, -10, 10], tournament: [-1, 1, -1, 1], base_units: 1,
  laufende_units: 0, extra_units: 0, pair_units: 1,
};
// Money in any of the two languages: a euro sign, or a decimal amount.
const MONEY = /€|\d[,.]\d\d/;

test('5.2.7: the tournament preset plays for points, every other preset for money', () => {
  assert.equal(scoresPoints({ preset: 'tournament', overrides: {} }), true);
  for (const p of ['official', 'sauspiel', 'kurz', 'stammtisch'])
    assert.equal(scoresPoints({ preset: p, overrides: {} }), false, p);
  // the option wins over the preset, both ways
  assert.equal(scoresPoints({ preset: 'tournament', overrides: { score: 'money' } }), false);
  assert.equal(scoresPoints({ preset: 'official', overrides: { score: 'points' } }), true);
  assert.equal(scoresPoints(undefined), false);
});

test('5.2.7, 5.2.8: a points table settles a Solo in tournament points, Laufende not counted, no money', () => {
  for (const lang of ['de', 'en']) {
    setLang(lang);
    const lines = settlementLines(SOLO, (s) => `S${s}`, true);
    const text = lines.join('\n');
    assert.doesNotMatch(text, MONEY, `${lang}: ${text}`);
    assert.doesNotMatch(text, /solo:|sauspiel:|_/, `${lang}: no engine codes: ${text}`);
    // per opponent 3 points (Solo Schneider, 5.2.7), Laufende named as not counted (5.2.8)
    assert.match(lines[0], lang === 'de' ? /^Herz-Solo, Schneider: je Gegner: 3 Punkte$/ : /^Hearts Solo, Schneider: per opponent: 3 tournament points$/);
    assert.equal(lines.length, 2);
    assert.match(lines[1], lang === 'de' ? /3 Laufende: zählen im Turnier nicht/ : /not counted in a tournament/);
  }
});

test('5.2.7: a lost Sauspiel is one point per player at a points table', () => {
  setLang('de');
  assert.deepEqual(settlementLines(SAUSPIEL, String, true), ['Sauspiel mit der Eichel-Sau: je Gegner: 1 Punkt']);
  setLang('en');
  assert.deepEqual(settlementLines(SAUSPIEL, String, true), ['Sauspiel calling the Acorns Ace: per opponent: 1 tournament point']);
});

test('4.2.4: a money table keeps its money settlement', () => {
  setLang('de');
  const lines = settlementLines(SOLO, String);
  assert.equal(lines[0], 'Herz-Solo: Grundtarif 0,50 €');
  assert.ok(lines.some((l) => l === 'je Gegner: 0,90 €'), lines.join('\n'));
  assert.ok(lines.some((l) => /Laufende: 0,30 €/.test(l)), lines.join('\n'));
});

test('a game thrown in says so at either table', () => {
  setLang('de');
  const thrown = { thrown_in: true, money: [0, 0, 0, 0], tournament: [0, 0, 0, 0] };
  assert.deepEqual(settlementLines(thrown, String, true), [STRINGS.de.thrown_in]);
  assert.deepEqual(settlementLines(thrown, String, false), [STRINGS.de.thrown_in]);
});

test('tournament points in words, signed, singular for one', () => {
  setLang('de');
  assert.equal(points(6, true), '+6 Punkte');
  assert.equal(points(-1, true), '−1 Punkt');
  assert.equal(points(0, true), '0 Punkte');
  assert.equal(points(-4), '−4 Punkte');
  setLang('en');
  assert.equal(points(-2, true), '−2 tournament points');
  assert.equal(points(1, true), '+1 tournament point');
});

test('the lobby says what a table plays for when it is not the usual money', () => {
  const room = (rules) => ({ rules, free: 2, games: 3 });
  setLang('de');
  assert.equal(tableMeta(room({ preset: 'tournament', overrides: {} })), 'Turnier · um Turnierpunkte · 2 frei · 3 Spiele');
  assert.equal(tableMeta(room({ preset: 'tournament', overrides: { score: 'money' } })), 'Turnier · um Geld · 2 frei · 3 Spiele');
  assert.equal(tableMeta(room({ preset: 'official', overrides: {} })), 'Offiziell (Schafkopfschule) · 2 frei · 3 Spiele');
  setLang('en');
  assert.match(tableMeta(room({ preset: 'official', overrides: { score: 'points' } })), /^Official \(Schafkopfschule\) · for tournament points · /);
});

// With the presets known (GET /api/rules) the line says the house rules
// too: the preset and what they change of it, never a word twice.
test('the lobby line says a table\'s house rules in both languages', () => {
  const room = (rules) => ({ rules, free: 1, games: 0 });
  setLang('de');
  assert.equal(tableMeta(room({ preset: 'official', overrides: { klopfen: 'all', all_pass: 'ramsch' } }), PRESETS_API),
    'Offiziell · alle weiter: Ramsch (Jungfrau, Durchmarsch) · jeder darf klopfen · 1 frei · 0 Spiele');
  assert.equal(tableMeta(room({ preset: 'tournament', overrides: {} }), PRESETS_API), 'Turnier · um Turnierpunkte · 1 frei · 0 Spiele');
  assert.equal(tableMeta(room({ preset: 'official', overrides: { score: 'points' } }), PRESETS_API),
    'Offiziell · um Turnierpunkte · 1 frei · 0 Spiele');
  setLang('en');
  assert.equal(tableMeta(room({ preset: 'official', overrides: { klopfen: 'all', all_pass: 'ramsch' } }), PRESETS_API),
    'Official · all pass: Ramsch (Jungfrau, Durchmarsch) · everyone may knock · 1 free · 0 games');
  setLang('de');
});
