// bookrules.js -- the house rules of a new evening or group, and of a
// new table in the lobby, without the page: the options Stammtische
// differ in (by the ruleset's own names, `schafkopf rules`), which of
// them a form shows for what is chosen, the overrides a form's values
// come to against the preset, and a book's or a table's rules in a few
// words.  The presets' values come from the server (GET /api/rules,
// docs/server-protocol.md), never from a copy here.  No DOM:
// tests/web/books.test.mjs runs it under node; houseform.js draws it.

import { t, money } from './i18n.js';

const ramsch = (v) => v.all_pass === 'ramsch';
const forMoney = (v) => v.score !== 'points';
// a deal can be thrown in: all passed, or a Hochzeit went untaken (002)
const throwIn = (v) => v.all_pass === 'next_dealer' || v.all_pass === 'same_dealer' || v.allow_hochzeit === 'yes';
// an amount in units of the tariff, in money at the table's unit
const centsOf = (v, units) => money(Number(units) * Number(v.unit_cents));

// The form's sections and fields: `key` an option of the ruleset, `type`
// select (its `values`), check (yes/no) or number; `when` says whether
// the field applies to the values chosen (a hidden one is the preset's).
// Labels: t('hr_' + key), a select's values t('hr_' + key + '_' + value).
// `only: 'table'` marks a field of the online table's form alone (a
// book's players are its names).
export const HOUSE = [
  { section: 'hr_sec_table', fields: [
    { key: 'players', type: 'select', values: ['3', '4', '5'], only: 'table' },
    { key: 'score', type: 'select', values: ['money', 'points'] },
  ] },
  { section: 'hr_sec_pass', fields: [
    { key: 'all_pass', type: 'select', values: ['next_dealer', 'same_dealer', 'ramsch', 'muss', 'kreuzbock'] },
    { key: 'ramsch_schieben', type: 'check', when: ramsch },
    { key: 'ramsch_jungfrau', type: 'check', when: ramsch },
    { key: 'ramsch_durchmarsch', type: 'check', when: ramsch },
    { key: 'rate_ramsch', type: 'number', min: 0, max: 10000, when: (v) => ramsch(v) && forMoney(v) },
    { key: 'rate_durchmarsch', type: 'number', min: 0, max: 10000,
      when: (v) => ramsch(v) && v.ramsch_durchmarsch === 'yes' && forMoney(v) },
    { key: 'kreuzbock_on_throw_in', type: 'check', when: throwIn },
  ] },
  { section: 'hr_sec_games', fields: [
    { key: 'allow_hochzeit', type: 'check' }, { key: 'allow_geier', type: 'check' },
    { key: 'allow_farbwenz', type: 'check' }, { key: 'allow_farbgeier', type: 'check' },
    { key: 'allow_bettel', type: 'check' }, { key: 'allow_bettel_ouvert', type: 'check' },
  ] },
  { section: 'hr_sec_double', fields: [
    { key: 'klopfen', type: 'select', values: ['off', 'all', 'chain', 'forehand', 'one'] },
    { key: 'kontra_max', type: 'select', values: ['0', '1', '2', '3', '4'] },
  ] },
  { section: 'hr_sec_bock', when: forMoney, fields: [
    { key: 'bock_games', type: 'number', min: 0, max: 16 },
    { key: 'bock_on_throw_in', type: 'check', when: (v) => +v.bock_games > 0 && throwIn(v) },
    { key: 'bock_on_lost_solo', type: 'check', when: (v) => +v.bock_games > 0 },
    { key: 'bock_on_schwarz', type: 'check', when: (v) => +v.bock_games > 0 },
    { key: 'bock_on_retour', type: 'check', when: (v) => +v.bock_games > 0 && Number(v.kontra_max) >= 2 },
    { key: 'stock', type: 'select', values: ['off', 'declarer', 'side'] },
    { key: 'stock_rate', type: 'number', min: 0, max: 10000, when: (v) => v.stock !== 'off' },
  ] },
  { section: 'hr_sec_tariff', when: forMoney, fields: [
    { key: 'unit_cents', type: 'number', min: 1, max: 10000 },
    { key: 'rate_sauspiel', type: 'number', min: 0, max: 10000 },
    { key: 'rate_solo', type: 'number', min: 0, max: 10000 },
    { key: 'rate_laufende', type: 'number', min: 0, max: 10000 },
    { key: 'rate_schneider', type: 'number', min: 0, max: 10000 },
    { key: 'rate_schwarz', type: 'number', min: 0, max: 10000 },
    { key: 'rate_hochzeit', type: 'number', min: 0, max: 10000, when: (v) => v.allow_hochzeit === 'yes' },
  ] },
];

// The other Solo-type games' rates: they follow the Solo's where the
// preset has them equal (the form's one field "Solo, Wenz, Geier ...").
const SOLO_KIN = ['rate_wenz', 'rate_geier', 'rate_farbwenz', 'rate_farbgeier', 'rate_bettel'];

// Whether a field (and its section) applies to the values chosen.
export function fieldShown(section, field, values) {
  return (!section.when || section.when(values)) && (!field.when || field.when(values));
}

// Every field's key, for reading a form.
export const HOUSE_KEYS = HOUSE.flatMap((s) => s.fields.map((f) => f.key));

// The sections and fields a form of `ctx` offers: 'book' (an evening or
// a group) or 'table' (the lobby's new table).
export function houseFor(ctx) {
  return HOUSE.map((s) => ({ ...s, fields: s.fields.filter((f) => !f.only || f.only === ctx) }))
    .filter((s) => s.fields.length);
}

// The overrides a form's values come to against the preset's values
// `base` (every option as text): each field that applies and differs;
// a number left empty is the preset's, a Solo's rate takes its kin along.
export function houseOverrides(values, base) {
  const v = { ...base };
  for (const [k, x] of Object.entries(values)) if (x !== '' && x !== null && x !== undefined) v[k] = String(x);
  const out = {};
  for (const s of HOUSE) {
    for (const f of s.fields) {
      if (!fieldShown(s, f, v)) continue;
      let x = v[f.key] === undefined || v[f.key] === null ? '' : String(v[f.key]).trim();
      if (f.type === 'number') x = x === '' ? base[f.key] : String(Number(x));
      if (x !== base[f.key]) out[f.key] = x;
    }
  }
  if (out.rate_solo !== undefined) for (const k of SOLO_KIN) if (base[k] === base.rate_solo) out[k] = out.rate_solo;
  return out;
}

// A book's rules ({preset, overrides}) with every option, from the
// presets of GET /api/rules; null while they are not known.
export function fullRules(presets, rules) {
  const base = presets && rules && presets[rules.preset];
  return base ? { ...base, ...(rules.overrides || {}) } : null;
}

// A book's rules ({preset, overrides}) in a few words, for an evening's
// or a group's page: the preset, what all passing plays, the games
// beyond Sauspiel, Solo and Wenz, Klopfen, Kontra, Bock, Stock and the
// tariff (or tournament points); `presets` as GET /api/rules gives them.
// An empty list while they are not known.
export function rulesSummary(rules, presets) {
  const v = fullRules(presets, rules);
  if (!v) return [];
  const base = presets[rules.preset];
  const name = t('preset_' + rules.preset);
  const out = [name === 'preset_' + rules.preset ? rules.preset : name.replace(/ \(.*\)$/, '')];
  if (v.players === '3') out.push(t('hr_s_three'));
  if (v.players === '5') out.push(t('hr_s_five'));
  if (v.deck !== base.deck && v.players !== '3') out.push(t('hr_s_deck_' + v.deck));
  let pass = t('hr_s_all_pass_' + v.all_pass);
  if (ramsch(v)) {
    const extra = [v.ramsch_jungfrau === 'yes' ? 'Jungfrau' : '', v.ramsch_durchmarsch === 'yes' ? 'Durchmarsch' : ''].filter(Boolean);
    pass = (v.ramsch_schieben === 'yes' ? 'Schieberamsch' : 'Ramsch') + (extra.length ? ` (${extra.join(', ')})` : '');
  }
  out.push(t('hr_s_pass', pass));
  if (v.kreuzbock_on_throw_in === 'yes' && throwIn(v)) out.push(t('hr_s_kreuzbock_round'));
  const games = ['hochzeit', 'geier', 'farbwenz', 'farbgeier', 'bettel', 'bettel_ouvert'].filter((g) => v['allow_' + g] === 'yes');
  if (games.length) out.push(t('hr_s_games', games.map((g) => t('hr_allow_' + g)).join(', ')));
  const without = ['tout', 'sie'].filter((g) => v['allow_' + g] === 'no');
  if (without.length) out.push(t('hr_s_without', without.map((g) => t('hr_s_' + g)).join(', ')));
  if (v.klopfen !== 'off') out.push(t('hr_s_klopfen_' + v.klopfen));
  out.push(Number(v.kontra_max) <= 4 ? t('hr_kontra_max_' + Number(v.kontra_max)) : t('hr_s_kontra_n', v.kontra_max));
  if (!forMoney(v)) {
    out.push(t('score_points'));
    return out;
  }
  const triggers = ['throw_in', 'lost_solo', 'schwarz', 'retour'].filter((k) => v['bock_on_' + k] === 'yes')
    .filter((k) => k !== 'throw_in' || throwIn(v)).filter((k) => k !== 'retour' || Number(v.kontra_max) >= 2);
  if (+v.bock_games > 0 && triggers.length) {
    out.push(t('hr_s_bock', v.bock_games, triggers.map((k) => t('hr_s_bock_' + k)).join(', ')));
  }
  if (v.stock !== 'off') out.push(t('hr_s_stock_' + v.stock, centsOf(v, v.stock_rate)));
  out.push(tariffText(v), ...rateLines(v).map((r) => r.text));
  return out;
}

// The rates of the games the tariff line does not name, each with its
// option: a Ramsch's (and its Durchmarsch's) where all passing is one, a
// Hochzeit's where it is played and not at the Sauspiel's rate.
function rateLines(v) {
  const lines = [];
  if (ramsch(v)) lines.push({ key: 'rate_ramsch', text: t('hr_s_rate_ramsch', centsOf(v, v.rate_ramsch)) });
  if (ramsch(v) && v.ramsch_durchmarsch === 'yes') lines.push({ key: 'rate_durchmarsch', text: t('hr_s_rate_durchmarsch', centsOf(v, v.rate_durchmarsch)) });
  if (v.allow_hochzeit === 'yes' && v.rate_hochzeit !== v.rate_sauspiel) lines.push({ key: 'rate_hochzeit', text: t('hr_s_rate_hochzeit', centsOf(v, v.rate_hochzeit)) });
  return lines;
}

// The same in fewer words, for a line of the lobby: the preset and what
// the house rules change of its summary (the tariff only when it
// differs); an empty list while the presets are not known.
export function rulesBrief(rules, presets) {
  const all = rulesSummary(rules, presets);
  if (!all.length) return all;
  const base = new Set(rulesSummary({ preset: rules.preset, overrides: {} }, presets));
  // a rate the house rules left as the preset has it is no news here
  const v = fullRules(presets, rules), pv = presets[rules.preset];
  const same = new Set(rateLines(v).filter((r) => v[r.key] === pv[r.key]).map((r) => r.text));
  return [all[0], ...all.slice(1).filter((x) => !base.has(x) && !same.has(x))];
}

// The tariff in money: "Tarif: Sauspiel 0,10 €, Solo 0,50 €, Laufender
// 0,10 €, Schneider 0,10 €, Schwarz 0,20 €" (Schwarz replaces Schneider).
export function tariffText(v) {
  return t('hr_s_tariff', centsOf(v, v.rate_sauspiel), centsOf(v, v.rate_solo), centsOf(v, v.rate_laufende), centsOf(v, v.rate_schneider),
    centsOf(v, v.rate_schwarz));
}
