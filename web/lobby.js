// lobby.js -- the list of open tables and the form that creates one:
// a preset plus a few house rules as overrides (names of `schafkopf
// rules`), title, listed, turn timer.

import { t } from './i18n.js';
import { scoresPoints } from './words.js';
import { h, botName } from './table.js';

const $ = (id) => document.getElementById(id);

// Draws the listed rooms, each with "open"/"sit down" and "watch".
export function renderLobby(app, rooms) {
  const list = $('lobby-list');
  if (!rooms.length) { list.replaceChildren(h('li', { class: 'muted' }, t('no_rooms'))); return; }
  list.replaceChildren(...rooms.map((rm) => {
    const names = rm.seats.map((s) => (s.kind === 'empty' ? '–' : s.kind === 'bot' ? `${t('bot')} (${botName(s.name)})` : s.name)).join(', ');
    return h('li', { class: 'lobby-room', 'data-room': rm.room },
      h('div', { class: 'room-title' }, rm.title || t('untitled', rm.room.slice(0, 4))),
      h('div', { class: 'room-meta' }, tableMeta(rm)),
      h('div', { class: 'room-seats' }, names),
      h('div', { class: 'room-buttons' },
        h('button', { type: 'button', class: 'join', onclick: () => app.openTable(rm.room) }, rm.free ? t('join') : t('open_table')),
        h('button', { type: 'button', class: 'spectate', onclick: () => app.openTable(rm.room) }, t('spectate'))));
  }));
}

// A listed table in one line: its preset, what it plays for when that
// is tournament points (or money at a tournament preset), free seats,
// games played.
export function tableMeta(rm) {
  const pts = scoresPoints(rm.rules);
  const score = pts ? t('score_points') : rm.rules.preset === 'tournament' ? t('score_money') : null;
  return [t('preset_' + rm.rules.preset) || rm.rules.preset, score, t('seats_free', rm.free), t('games_played', rm.games)]
    .filter(Boolean).join(' · ');
}

// Reads the create form into a `create` message; only rules the player
// changed from "as the preset" become overrides.
export function createMessage(form) {
  const f = new FormData(form);
  const overrides = {};
  for (const [k, v] of f.entries()) if (k.startsWith('o_') && String(v).trim() !== '') overrides[k.slice(2)] = String(v).trim();
  const msg = {
    type: 'create',
    rules: { preset: f.get('preset'), overrides },
    listed: form.elements.listed.checked,
    fallback: f.get('fallback') || 'heuristic',
  };
  const title = String(f.get('title') || '').trim();
  if (title) msg.title = title;
  const timer = parseInt(f.get('timer'), 10);
  if (timer > 0) msg.timer = Math.min(timer, 600); // contracts A.3; older servers know no timer
  return msg;
}
