// result.js -- after each game: all four hands, every trick, the
// settlement explained line by line; and the table's score sheet with
// running totals.  Everything comes from the finished game's `course`
// (docs/room-messages.md, "result"); nothing is recomputed here but the
// wording.

import { t, contractName, money, signed, points } from './i18n.js';
import { cardSvg } from './cards.js';
import { sortHand } from './sort.js';
import { h, seatName, countdown } from './table.js';
import { cardLabel, callList, scoresPoints } from './words.js';
import { ratingBlock } from './rating.js';

const $ = (id) => document.getElementById(id);

// Small card pictures with their names for screen readers.
function cardRow(cards) {
  return h('div', { class: 'card-row' }, cards.map((c) => h('span', { class: 'card-img mini', role: 'img', 'aria-label': cardLabel(c), title: cardLabel(c), html: cardSvg(c, {}) })));
}

// What makes the game's own factor: a Tout, a Sie, a Bettel Brett, or
// in a Ramsch the Jungfrau (record-format.md's contract codes).
function factorName(code) {
  const c = code || '';
  if (c.endsWith(':tout')) return t('r_f_tout');
  if (c === 'sie') return t('r_f_sie');
  if (c === 'bettel:ouvert') return t('r_f_brett');
  if (c.startsWith('ramsch')) return t('r_f_jungfrau');
  return t('r_tout');
}

// A points table's settlement (5.2.7): the game with its Schneider or
// Schwarz and the tournament points per opponent -- the smallest amount
// any seat gets or gives (a soloist's is three of them) -- and the
// Laufende, which a tournament does not count (5.2.8).  No money.
function pointsLines(res, nameOf) {
  const lines = [];
  const per = Math.min(...res.tournament.map(Math.abs).filter((v) => v > 0));
  const extra = res.schwarz ? `, ${t('r_schwarz')}` : res.schneider ? `, ${t('r_schneider')}` : '';
  lines.push(`${contractName(res.contract)}${extra}: ${t('r_tp_pair', points(Number.isFinite(per) ? per : 0))}`);
  if (res.laufende_paid) lines.push(t('r_tp_laufende', res.laufende_paid));
  if (res.jungfrau) lines.push(t('r_jungfrau', res.jungfrau));
  if (res.durchmarsch !== null && res.durchmarsch !== undefined) lines.push(t('r_durchmarsch', nameOf(res.durchmarsch)));
  return lines;
}

// The settlement in lines: game, Laufende, Schneider/Schwarz, each
// factor, the amount per opponent.  At a table that plays for
// tournament points (`pts`, scoresPoints) the points instead, no money.
export function settlementLines(res, nameOf = (s) => String(s + 1), pts = false) {
  const lines = [];
  const unit = res.unit_cents;
  if (res.thrown_in) { lines.push(t('thrown_in')); return lines; }
  if (pts) return pointsLines(res, nameOf);
  const base = res.base_units * unit;
  lines.push(`${contractName(res.contract)}: ${t('r_base', money(base))}`);
  if (res.laufende_paid) lines.push(`+ ${t('r_laufende', res.laufende_paid)}: ${money(res.laufende_units * unit)}`);
  if (res.extra_units) lines.push(`+ ${t(res.schwarz ? 'r_schwarz' : 'r_schneider')}: ${money(res.extra_units * unit)}`);
  // The multiplier: a Tout/Sie/Brett (or Jungfrau) factor times two per
  // doubling and per seat that laid (record-format.md, `multiplier`).
  const pow = 2 ** ((res.doublings || 0) + (res.laid || 0));
  const factor = Math.round(res.multiplier / pow);
  if (factor > 1) lines.push(t('r_times', factor, factorName(res.contract)));
  for (let i = 0; i < (res.laid || 0); i++) lines.push(t('r_times', 2, t('r_laid')));
  for (let i = 0; i < (res.doublings || 0); i++)
    lines.push(t('r_times', 2, i === 0 ? t('r_kontra') : i === 1 ? t('r_retour') : `${i + 1}. ${t('r_doubling')}`));
  if (res.bock) lines.push(t('r_times', 2 ** res.bock, t('r_bock')));
  lines.push(t('r_pair', money(res.pair_units * unit * 2 ** (res.bock || 0))));
  if (res.jungfrau) lines.push(t('r_jungfrau', res.jungfrau));
  if (res.durchmarsch !== null && res.durchmarsch !== undefined) lines.push(t('r_durchmarsch', nameOf(res.durchmarsch)));
  return lines;
}

// Fills and opens the result panel for a finished game's course; a
// player who sat in it may have his decisions rated (`ask(game)` sends
// the request, rating.js).
export function showResult(r, course, ask = null, onNext = null) {
  const box = $('result');
  const res = course.result;
  const pts = scoresPoints(r.rules);
  const n = r.seats.length;
  const seats = [...Array(n).keys()];
  box.dataset.game = course.game;
  box.dataset.view = 'result';
  const nobody = res.declarer === null || res.declarer === undefined; // a Ramsch: everyone for himself
  const head = res.thrown_in ? t('thrown_in')
    : nobody ? `${contractName(res.contract)} – ${t('r_ramsch_losers', (res.losers || []).map((s) => seatName(r, s)).join(', '))}`
    : `${contractName(res.contract)} – ${seatName(r, res.declarer)}: ${res.won ? t('won') : t('lost')}`
      + (res.schwarz ? ` (${t('r_schwarz')})` : res.schneider ? ` (${t('r_schneider')})` : '');
  const sidePts = res.thrown_in || nobody ? null : t('side_points', res.declarer_side_points);
  const table = h('table', { class: 'money' },
    h('thead', {}, h('tr', {}, h('th', {}, ''), seats.map((s) => h('th', { scope: 'col' }, seatName(r, s))))),
    h('tbody', {},
      h('tr', {}, h('th', { scope: 'row' }, t('card_points')), seats.map((s) => h('td', {}, String(res.points[s] ?? 0)))),
      // a points table shows no money (5.2.7), a money table no
      // tournament points (issue 40)
      pts ? null : h('tr', {}, h('th', { scope: 'row' }, t('r_money')), seats.map((s) => h('td', { class: res.money[s] < 0 ? 'neg' : res.money[s] > 0 ? 'pos' : '' }, money(res.money[s], true)))),
      pts ? h('tr', {}, h('th', { scope: 'row' }, t('r_points')), seats.map((s) => h('td', { class: res.tournament[s] < 0 ? 'neg' : res.tournament[s] > 0 ? 'pos' : '' }, signed(res.tournament[s])))) : null));
  const hands = h('div', { class: 'hands' }, seats.filter((s) => course.hands[s] && course.hands[s].length).map((s) =>
    h('div', { class: 'hand-line' }, h('span', { class: 'who' }, seatName(r, s)), cardRow(sortHand(course.hands[s], res.contract)))));
  const tricks = h('ol', { class: 'tricks' }, (course.tricks || []).map((tr) => {
    const order = [];
    for (let s = tr.leader; order.length < tr.cards.length; s = (s + 1) % n) if (s !== course.out) order.push(s);
    return h('li', {}, h('span', { class: 'who' }, `${seatName(r, tr.winner)} (${tr.points})`),
      h('span', { class: 'trick-cards' }, tr.cards.map((c, i) => `${seatName(r, order[i])}: ${cardLabel(c)}`).join(' · ')));
  }));
  const callText = callList(course.actions || [], r.rules, n).map((c) => `${seatName(r, c.seat)}: ${c.text}`).join(' · ');
  box.replaceChildren(...[
    h('h3', {}, `${t('result')} – ${t('game_n', course.game)}`),
    h('p', { class: 'headline' }, head),
    sidePts ? h('p', {}, sidePts) : null,
    res.thrown_in ? null : h('ul', { class: 'settle' }, settlementLines(res, (s) => seatName(r, s), pts).map((l) => h('li', {}, l))),
    h('div', { class: 'sheet-wrap' }, table),
    res.stock && !pts ? h('p', {}, t('r_stock', money(res.stock))) : null,
    h('details', { class: 'course' },
      h('summary', {}, t('course')),
      h('h4', {}, t('bidding')), h('p', {}, callText),
      h('h4', {}, t('hands_dealt')), hands,
      h('h4', {}, t('tricks')), tricks),
    ask && r.seat !== null && r.seat !== undefined && course.out !== r.seat ? ratingBlock(r, course, ask) : null,
    // "Weiter": the next deal need not wait for this seat (the
    // server deals when everyone said so or its settle timer ran out)
    h('p', { class: 'next-row' },
      h('button', { type: 'button', id: 'next-game', onclick: () => { if (onNext) onNext(); hideResult(); } }, t('next_game')),
      r.next && r.next.until && !(r.game && r.game.no > course.game) ? countdown('span', 'next-left', 'next_in', r.next.until) : null)].filter(Boolean));
  box.classList.toggle('docked', !!(r.game && r.game.no > course.game));
  box.hidden = false;
  if (!box.classList.contains('docked')) box.focus();
}

// A new game was dealt while the settlement is open: it moves below the
// hand, out of the way of the new game's prompt, until "Weiter".
export function dockResult() {
  const box = $('result');
  if (box.hidden) return;
  box.classList.add('docked');
  const left = box.querySelector('.next-left');
  if (left) left.remove();
}

// Closes the result panel.
export function hideResult() {
  const box = $('result');
  if (box.hidden) return;
  box.hidden = true;
  box.classList.remove('docked');
  const hand = document.querySelector('#hand button.card');
  if (hand) hand.focus();
}

// The score sheet: one row per game with each seat's money and running
// total, and the totals (money only, issue 40); at a table
// that plays for points the tournament points alone (5.2.7, 5.3).  A
// seated player may open the rating of any game (`rate(game)`).
export function renderSheet(r, rate = null) {
  const el = $('sheet');
  const pts = scoresPoints(r.rules);
  const n = r.seats.length;
  const seats = [...Array(n).keys()];
  const rows = r.sheet.rows || [];
  const head = h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('contract')),
    seats.map((s) => h('th', { scope: 'col' }, seatName(r, s)))));
  const body = h('tbody', {}, rows.map((row) => {
    const st = row.settlement;
    const tot = st.totals ? st.totals[pts ? 'tournament' : 'money'] : pts ? st.tournament : st.money;
    const cell = (v, sign) => (pts ? signed(v) : money(v, sign));
    return h('tr', { class: 'sheet-row', 'data-game': row.game },
      h('td', {}, String(row.game), rate && r.seat !== null && r.seat !== undefined
        ? h('button', { type: 'button', class: 'rate-row', 'aria-label': t('rate_game_n', row.game), onclick: () => rate(row.game) }, t('rate_short'))
        : null),
      h('td', {}, st.thrown_in ? t('thrown_in').split(':')[0] : `${contractName(st.contract)}${st.declarer !== null && st.declarer !== undefined ? ' – ' + seatName(r, st.declarer) : ''}`),
      seats.map((s) => h('td', { class: 'num' }, h('span', { class: 'delta' }, cell((pts ? st.tournament : st.money)[s], true)), h('span', { class: 'run' }, cell(tot[s], false)))));
  }));
  const totals = r.sheet.totals;
  const foot = h('tfoot', {}, h('tr', { class: 'sheet-total' }, h('th', { scope: 'row', colspan: 2 }, t('total')),
    seats.map((s) => h('td', { class: 'num' }, !totals ? '–'
      : pts ? h('span', { class: 'run' }, signed(totals.tournament ? totals.tournament[s] || 0 : 0))
      : h('span', { class: 'run' }, money(totals.money[s] || 0))))));
  el.replaceChildren(...[pts ? h('caption', {}, t('r_points')) : null, head, body, foot].filter(Boolean));
  if (!rows.length) el.caption = h('caption', {}, t('sheet_empty'));
  // the finished games as records, for `schafkopf analyze` and `replay`
  const dl = $('games-download');
  if (dl) {
    dl.href = `/api/rooms/${encodeURIComponent(r.code)}/games.jsonl`;
    dl.download = `schafkopf-${r.code}.jsonl`;
    dl.hidden = !rows.length;
  }
}
