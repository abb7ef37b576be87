// lobby.js -- the list of open tables, each with its rules in a few
// words, and the form that creates one: a preset and its house rules
// (houseform.js, the same block as a score book's), title, listed, turn
// timer, stand-in bot.

import { t } from './i18n.js';
import { scoresPoints } from './words.js';
import { h, botName, TABLE_BOT } from './table.js';
import { rulesBrief } from './bookrules.js';
import { houseBlock, houseRules, fillHouse as fillHouseFor } from './houseform.js';

const $ = (id) => document.getElementById(id);

// Takes a page of the lobby: the server sends it in pages of 50 rooms,
// newest first (server-protocol.md `lobby`).  Page 0 starts the list
// afresh (the refresh every few seconds asks for it); the pages after it
// follow, one request each, up to as many as "more" has asked for.
export function takeLobby(app, m) {
  app.rooms = m.page === 0 ? m.rooms : app.rooms.concat(m.rooms);
  const next = m.next ?? null;
  if (next !== null && next < app.lobbyPages) {
    app.net.send({ type: 'lobby', page: next });
    return;
  }
  app.lobbyRest = { more: next === null ? 0 : m.total - app.rooms.length, next };
  renderLobby(app, app.rooms);
}

// Draws the listed rooms, each with "open"/"sit down" and "watch", and
// a button for the next page when `more` rooms are not shown yet.
export function renderLobby(app, rooms) {
  const { more, next } = app.lobbyRest || { more: 0, next: null };
  const list = $('lobby-list');
  if (!rooms.length) { list.replaceChildren(h('li', { class: 'muted' }, t('no_rooms'))); return; }
  const items = rooms.map((rm) => {
    const names = rm.seats.map((s) => (s.kind === 'empty' ? '–' : s.kind === 'bot' ? `${t('bot')}: ${botName(s.name)}` : s.name)).join(', ');
    return h('li', { class: 'lobby-room', 'data-room': rm.room },
      h('div', { class: 'room-title' }, rm.title || t('untitled', rm.room.slice(0, 4))),
      h('div', { class: 'room-meta' }, tableMeta(rm, app.presets)),
      h('div', { class: 'room-seats' }, names),
      h('div', { class: 'room-buttons' },
        h('button', { type: 'button', class: 'join', onclick: () => app.openTable(rm.room) }, rm.free ? t('join') : t('open_table')),
        h('button', { type: 'button', class: 'spectate', onclick: () => app.openTable(rm.room) }, t('spectate'))));
  });
  if (more > 0 && next !== null) {
    items.push(h('li', { class: 'lobby-more' },
      h('button', { type: 'button', class: 'more', onclick: () => {
        app.lobbyPages = next + 1;
        app.net.send({ type: 'lobby', page: next });
      } }, t('lobby_more', more))));
  }
  list.replaceChildren(...items);
}

// A listed table in one line: its rules in a few words (the preset and
// what its house rules change; the preset alone while the presets are
// not known), what it plays for when that is tournament points (or
// money at a tournament preset), free seats, games played.
export function tableMeta(rm, presets) {
  const pts = scoresPoints(rm.rules);
  const score = pts ? t('score_points') : rm.rules.preset === 'tournament' ? t('score_money') : null;
  const rules = rulesBrief(rm.rules, presets);
  if (!rules.length) rules.push(t('preset_' + rm.rules.preset) || rm.rules.preset);
  return [...rules, rules.includes(score) ? null : score, t('seats_free', rm.free), t('games_played', rm.games)]
    .filter(Boolean).join(' · ');
}

// The create form's house rules: the shared block, collapsed, drawn for
// the form's preset and again when another is picked.
export function initCreateForm(form, presets) {
  const d = houseBlock(presets, form.elements.preset.value, 'table');
  form.querySelector('#create-house').replaceChildren(d);
  form.elements.preset.addEventListener('change', () => fillHouseOf(form));
  return d;
}

// Draws the create form's house rules again for its preset (the presets
// came, or another preset was picked).
export function fillHouseOf(form) {
  const d = form.querySelector('details.bk-house');
  if (d) fillHouseFor(d, form.elements.preset.value);
}

// Reads the create form into a `create` message: the preset and only
// the house rules that differ from it, as overrides.
export function createMessage(form) {
  const f = new FormData(form);
  const d = form.querySelector('details.bk-house');
  const msg = {
    type: 'create',
    rules: d ? houseRules(d) : { preset: f.get('preset'), overrides: {} },
    listed: form.elements.listed.checked,
    fallback: f.get('fallback') || TABLE_BOT,
  };
  const title = String(f.get('title') || '').trim();
  if (title) msg.title = title;
  const timer = parseInt(f.get('timer'), 10);
  if (timer > 0) msg.timer = Math.min(timer, 600); // contracts A.3; older servers know no timer
  // issue 40: how long the table waits for a Kontra or Klopfen that may
  // still come, and for "Weiter" after a settlement (sent only when set
  // to other than the server's defaults, 4 and 8)
  const hold = parseInt(f.get('hold'), 10), settle = parseInt(f.get('settle'), 10);
  if (Number.isInteger(hold) && hold >= 0 && hold !== 4) msg.hold = Math.min(hold, 30);
  if (Number.isInteger(settle) && settle >= 0 && settle !== 8) msg.settle = Math.min(settle, 60);
  return msg;
}
