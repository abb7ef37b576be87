// rating.js -- "how did I play?": under a finished game's settlement a
// player who sat in it asks the server to rate his decisions (`rate`,
// docs/server-protocol.md) and reads the answer (`rating`) as a table:
// each decision with the best choice by what he knew and with every
// hand open, what it lost, and the flags ? and ! as `schafkopf analyze`
// sets them.  Answers are kept per game in r.ratings, so that a
// redrawn panel (another language) shows them again.

import { t, contractName, money, oneDecimal as one } from './i18n.js';
import { h } from './table.js';
import { hideResult } from './result.js';
import { cardLabel, actionWords } from './words.js';

// An amount of the table's unit: money (rounded to the cent), or
// tournament points with one decimal (a mean over deals).
function amount(m, x) {
  return m.score === 'points' ? t('rt_tp', one(x)) : money(Math.round(x));
}

// A choice in words: a card's name, a call as the course says it, a
// bid with the game its value is that of.
function choice(action, game = null) {
  if (action.startsWith('card ')) return cardLabel(action.slice(5));
  const words = actionWords(action, { phase: 'auction' });
  if (!game || !action.startsWith('bid ')) return words;
  const name = contractName(game);
  // a bid that names its game already: "Ich hätt einen Wenz", not "(Wenz)" again
  return words.toLowerCase().includes(name.toLowerCase()) ? words : `${words} (${name})`;
}

// What a decision lost by one measure ('' when nothing).
function lostText(m, row, e, exact) {
  if (row.kind === 'card') { // the parts that are not nothing
    const parts = [];
    if (e.lost >= 0.05) parts.push(t('rt_pts', exact ? String(Math.round(e.lost)) : one(e.lost)));
    if (e.money_lost >= (m.score === 'points' ? 0.05 : 0.5)) parts.push(amount(m, e.money_lost));
    return parts.join(' · ');
  }
  const lost = row.kind === 'doubling' ? e.without - e.with : e.money_lost;
  return lost >= (m.score === 'points' ? 0.05 : 0.5) ? amount(m, lost) : '';
}

// The best choice by one measure, or for a doubling its money with and
// without it.
function bestText(m, row, e) {
  if (row.kind === 'doubling') return t('rt_with', amount(m, e.with), amount(m, e.without));
  return choice(e.best, e.game);
}

// One row of the table.
function rowOf(m, row) {
  const move = choice(row.action);
  if (row.kind === 'hint')
    return h('tr', {}, h('td', {}, move), h('td', { colspan: 4 }, t('rt_rule', choice(row.hint))), h('td', {}, ''));
  const flag = row.flag || '';
  return h('tr', { class: flag.includes('?') ? 'rt-mistake' : '' },
    h('td', {}, move),
    h('td', {}, bestText(m, row, row.info)), h('td', { class: 'num' }, lostText(m, row, row.info, false)),
    h('td', {}, bestText(m, row, row.dd)), h('td', { class: 'num' }, lostText(m, row, row.dd, true)),
    h('td', { class: 'rt-flag', title: flag ? t('rt_flag_' + flag.replace('?', 'q').replace('!', 'x')) : '' }, flag));
}

// The rating of a game as a block of the result panel.
export function ratingTable(m) {
  const a = m.account;
  const unit = m.score === 'points' ? t('rt_tp', '1') : money(m.unit);
  if (!m.decisions.length)
    return h('div', { class: 'rating' }, h('h4', {}, t('rt_title', m.game)), h('p', {}, t('rt_nothing')));
  const head = h('thead', {}, h('tr', {},
    [t('rt_move'), t('rt_best_info'), t('rt_lost'), t('rt_best_dd'), t('rt_lost'), ''].map((x) => h('th', { scope: 'col' }, x))));
  const body = h('tbody', {}, m.decisions.map((row) => rowOf(m, row)));
  return h('div', { class: 'rating' },
    h('h4', {}, t('rt_title', m.game)),
    h('div', { class: 'sheet-wrap' }, h('table', { class: 'rating-table' }, head, body)),
    h('p', { class: 'rt-sum' }, t(a.rated === 1 ? 'rt_sum1' : 'rt_sum', a.rated, a.flagged)),
    h('p', {}, t('rt_lost_sum', one(a.lost_points), amount(m, a.lost_money), a.dd_lost_points, amount(m, a.dd_lost_money))),
    h('p', { class: 'muted' }, t('rt_legend', m.margin, unit, t(m.score === 'points' ? 'rt_tp_word' : 'rt_money_word'), m.samples)));
}

// The rating part of a finished game's panel: the button, the note
// while it is worked out, or the table.  `ask(game)` sends the request.
export function ratingBlock(r, course, ask) {
  const done = r.ratings && r.ratings[course.game];
  if (done) return ratingTable(done);
  const busy = r.rating === course.game;
  return h('div', { class: 'rating', id: 'rating' },
    h('button', { type: 'button', id: 'rate-game', disabled: busy, onclick: () => ask(course.game) }, t('rate_me')),
    busy ? h('p', { class: 'muted', role: 'status' }, t('rt_busy')) : null);
}

// The rating of an earlier game on its own, opened from the score
// sheet: the panel of the settlement with the rating block alone.
export function showRatingPanel(r, game, ask) {
  const box = document.getElementById('result');
  box.dataset.game = game;
  box.dataset.view = 'rating';
  box.replaceChildren(
    h('h3', {}, t('game_n', game)),
    ratingBlock(r, { game, out: null }, ask),
    h('button', { type: 'button', id: 'next-game', onclick: () => hideResult() }, t('close')));
  box.hidden = false;
  box.focus();
}
