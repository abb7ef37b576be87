// houseform.js -- the collapsed "Hausregeln" block of a create form:
// an evening's or a group's (books.js) and a new table's (lobby.js).
// The fields are bookrules.js's for the form's kind, each as the chosen
// preset has it (GET /api/rules); only those that apply to what is
// chosen show, and only what differs from the preset is sent.

import { t } from './i18n.js';
import { h } from './table.js';
import { houseFor, fieldShown, houseOverrides, tariffText } from './bookrules.js';

// A select of [value, text] options with `value` chosen (books.js's
// forms use it too).
export function select(name, options, value = '') {
  return h('select', { name }, ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
}

// A collapsed block of house rules for a form of `ctx` ('book' or
// 'table'), drawn for `preset`; `presets()` gives the presets' options
// (null while they load).  The preset's select calls fillHouse.
export function houseBlock(presets, preset, ctx) {
  const d = h('details', { class: 'bk-house', 'data-preset': preset, 'data-ctx': ctx },
    h('summary', {}, t('house_rules')), h('div', { class: 'bk-house-body' }));
  d.presets = presets;
  d.addEventListener('input', () => showHouse(d));
  d.addEventListener('change', () => showHouse(d));
  fillHouse(d, preset);
  return d;
}

// Draws the house rules as preset `preset` has them.
export function fillHouse(d, preset) {
  const body = d.querySelector('.bk-house-body');
  d.dataset.preset = preset;
  const all = d.presets();
  const base = all && all[preset];
  if (!base) { body.replaceChildren(h('p', { class: 'muted' }, t(all ? 'hr_unknown' : 'bk_loading'))); return; }
  const label = (k, v) => { const x = t(k + '_' + v); return x === k + '_' + v ? v : x; };
  const input = (f) => {
    const name = 'o_' + f.key, v = base[f.key];
    if (f.type === 'check') return h('label', { class: 'bk-check', 'data-key': f.key }, h('input', { type: 'checkbox', name, checked: v === 'yes' }), t('hr_' + f.key));
    const inner = f.type === 'select'
      ? select(name, (f.values.includes(v) ? f.values : [...f.values, v]).map((x) => [x, label('hr_' + f.key, x)]), v)
      : h('input', { name, type: 'number', inputmode: 'numeric', min: f.min, max: f.max, value: v });
    return h('label', { class: 'bk-field', 'data-key': f.key }, h('span', {}, t('hr_' + f.key)), inner);
  };
  body.replaceChildren(h('p', { class: 'muted' }, t('hr_from_preset', t('preset_' + preset))),
    ...houseFor(d.dataset.ctx).map((sec) => h('fieldset', { class: 'bk-house-sec', 'data-sec': sec.section }, h('legend', {}, t(sec.section)),
      ...sec.fields.filter((f) => f.key in base).map(input))),
    h('p', { class: 'bk-tariff' }));
  showHouse(d);
}

// Draws the block again in the language now shown, keeping what was
// entered and whether it is open.
export function redrawHouse(d) {
  const kept = houseValues(d), open = d.open;
  d.querySelector('summary').textContent = t('house_rules');
  fillHouse(d, d.dataset.preset);
  for (const el of d.querySelectorAll('[name^="o_"]')) {
    const v = kept[el.name.slice(2)];
    if (v === undefined) continue;
    if (el.type === 'checkbox') el.checked = v === 'yes'; else el.value = v;
  }
  d.open = open;
  showHouse(d);
}

// The house rules' values as text, by option ({} before they are drawn).
export function houseValues(d) {
  const v = {};
  for (const el of d ? d.querySelectorAll('[name^="o_"]') : []) v[el.name.slice(2)] = el.type === 'checkbox' ? (el.checked ? 'yes' : 'no') : el.value;
  return v;
}

// The rules the block comes to: {preset, overrides} (none while the
// presets are not known: the preset alone).
export function houseRules(d) {
  const all = d.presets(), preset = d.dataset.preset;
  const base = all && all[preset];
  return { preset, overrides: base ? houseOverrides(houseValues(d), base) : {} };
}

// Shows the fields that apply to what is chosen (Ramsch's options only
// with a Ramsch ...) and the tariff in money.
export function showHouse(d) {
  const all = d.presets();
  const base = all && all[d.dataset.preset];
  if (!base) return;
  const v = { ...base }; // a number left empty is the preset's
  for (const [k, x] of Object.entries(houseValues(d))) if (x !== '') v[k] = x;
  for (const sec of houseFor(d.dataset.ctx)) {
    const fs = d.querySelector(`[data-sec="${sec.section}"]`);
    let any = false;
    for (const f of sec.fields) {
      const el = d.querySelector(`[data-key="${f.key}"]`);
      if (el) { el.hidden = !fieldShown(sec, f, v); any = any || !el.hidden; }
    }
    if (fs) fs.hidden = !any;
  }
  const tariff = d.querySelector('.bk-tariff');
  if (tariff) tariff.textContent = v.score === 'points' ? '' : tariffText(v);
}
