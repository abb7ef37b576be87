// table.js -- draws the table of one room from the room model: seats,
// status line, the trick, the choices as buttons, the hand, the turn
// timer; and turns clicks, drags and keys into decisions.

import { t, contractName } from './i18n.js';
import { cardSvg } from './cards.js';
import { sortHand } from './sort.js';
import { choices, actingSeat, auctionHolder, challenged } from './room.js';
import { choiceWords, cardLabel, callList, scoresPoints, bidGames, gameWords } from './words.js';
import { rulesSummary, rulesBrief, fullRules } from './bookrules.js';

const $ = (id) => document.getElementById(id);
// The bot levels a player picks from (issue 40): the levels of
// src/ai/bot.c (docs/ai.md "The levels"): Anfänger plays as people do,
// Stammtisch is the table's level (the server's default,
// SK_BOT_TABLE_LEVEL, the spec "pimc"), Experte the strongest; the other
// specs stay selectable under "more" for who knows them.
export const BOT_LEVELS = [['beginner', 'bot_beginner'], ['stammtisch', 'bot_stammtisch'], ['expert', 'bot_expert']];
export const BOT_MORE = [['random', 'bot_random'], ['heuristic', 'bot_heuristic'], ['people', 'bot_people']];
const BOTS = [...BOT_LEVELS, ...BOT_MORE];
// Specs a seat may hold that a level stands for (bot.c LEVEL_*): named
// as that level ("pimc", the server's default, is the Stammtisch level).
const LEVEL_OF = { pimc: 'bot_stammtisch', 'pimc:fuse': 'bot_expert' };
// The bot a seat gets when nobody picks another: the table's level, as
// the server's hint and the terminal game use (SK_BOT_TABLE_LEVEL);
// index.html marks the same option selected in its two forms.
export const TABLE_BOT = 'stammtisch';
// How long a completed trick lies with its winner named before it goes.
const TRICK_SHOW_MS = 1300;

// Creates an element with attributes and children (strings become text).
export function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'html') el.innerHTML = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined && k !== false)
    el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return el;
}

// The seat's place seen from ours: 0 us (bottom), then clockwise; play
// goes clockwise, so the next seat sits on the left (2.2.2).
export function rel(r, seat) {
  const n = r.seats.length;
  const base = r.seat ?? 0;
  return ((seat - base) % n + n) % n;
}

// A sentence about a seat: in the second person when it is ours ("Du
// machst den Stich", "You lead"), from key + '_you'; else with its name.
export function aboutSeat(r, seat, key, ...args) {
  if (seat === r.seat && seat !== null && seat !== undefined) return t(key + '_you', ...args);
  return t(key, seatName(r, seat), ...args);
}

// Text whose hyphenated words ("Eichel-Sau", "Herz-Solo") never break
// at their hyphen: such a word goes whole to the next line of a narrow
// seat, as a word does (a phone at five seats).
export function keepWords(text) {
  return String(text).split(/(\S*\p{L}-\p{L}\S*)/u).map((x, i) => (i % 2 ? h('span', { class: 'nobr' }, x) : x)).filter((x) => x !== '');
}

// A seat's name for the table: the player's name, "du" for us.
export function seatName(r, seat) {
  if (seat === null || seat === undefined) return '?';
  if (seat === r.seat) return t('rel_0');
  const p = r.seats[seat];
  if (!p || p.kind === 'empty') return t('empty');
  return p.kind === 'bot' ? t('bot_n', seat + 1) : p.name;
}

// A bot spec in words ("expert" -> "Experte"); a spec not in the
// menus (an engine, "pimc:12") is named as a bot of its kind.
export function botName(spec) {
  const b = BOTS.find(([s]) => s === spec);
  if (b) return t(b[1]);
  if (LEVEL_OF[spec]) return t(LEVEL_OF[spec]);
  if (/^ext:/.test(spec || '')) return t('bot_engine', spec.slice(4));
  return spec && spec.startsWith('pimc') ? t('bot_pimc_n') : t('bot');
}

// The options of a bot menu: the three levels, then the other specs in
// a group of their own; `chosen` selected.
export function botOptions(chosen) {
  const opt = ([spec, key]) => h('option', { value: spec, ...(spec === chosen ? { selected: true } : {}) }, t(key));
  return [...BOT_LEVELS.map(opt), h('optgroup', { label: t('bot_more') }, BOT_MORE.map(opt))];
}

// Seconds from now until `ms` (epoch milliseconds), at least 0.
export function secondsTo(ms) { return Math.max(0, Math.ceil((ms - Date.now()) / 1000)); }

// Keeps every countdown of the page running: an element with
// data-until (epoch ms) and data-say (an i18n key with {0} the seconds)
// shows its text anew twice a second.
function tickCountdowns() {
  for (const el of document.querySelectorAll('[data-until][data-say]')) {
    const left = secondsTo(Number(el.dataset.until));
    const text = t(el.dataset.say, left);
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle('urgent', left <= 3);
  }
}
if (typeof window !== 'undefined') setInterval(tickCountdowns, 250);

// A countdown element: `key` says the seconds left until `until`.
export function countdown(tag, cls, key, until) {
  const el = h(tag, { class: `countdown ${cls}`, 'data-until': String(until), 'data-say': key }, t(key, secondsTo(until)));
  return el;
}

export class TableView {
  // `app` gives send(msg) and the room model (app.room).
  constructor(app) {
    this.app = app;
    this.focus = 0;        // index of the focused card in the hand
    this.typed = '';       // card code typed so far
    this.timerId = null;
    document.addEventListener('keydown', (e) => this.onKey(e));
    $('hand').addEventListener('pointerdown', (e) => this.dragStart(e));
  }

  // Draws everything of the table from the model.
  render() {
    const r = this.app.room;
    if (!r) return;
    $('table').dataset.room = r.code;
    $('table-title').textContent = r.title || t('untitled', r.code.slice(0, 4));
    // the rules in force in a few words, as a score book says them: the
    // preset and what the house rules change; a tap (or click) opens all
    // of them, as a phone has no hovering
    const brief = rulesBrief(r.rules, this.app.presets), all = rulesSummary(r.rules, this.app.presets);
    $('table-rules').hidden = !brief.length;
    $('table-rules-brief').textContent = brief.length ? `${t('hr_in_force')}: ${brief.join(' · ')}` : '';
    $('table-rules-all').textContent = all.join(' · ');
    $('invite-link').value = `${location.origin}/?table=${r.code}`;
    $('spectate').hidden = true;
    $('leave').hidden = false;
    this.renderSeats(r);
    this.renderStatus(r);
    this.renderTrick(r);
    this.renderOffers(r);
    this.renderHold(r);
    this.renderActions(r);
    this.renderHand(r);
    this.renderTools(r);
    this.renderTimer(r);
  }

  // The seats around the table, with their controls when empty.
  renderSeats(r) {
    const box = $('seats');
    const n = r.seats.length;
    $('board').className = `n${n}`;
    box.replaceChildren();
    const g = r.game;
    const tb = g && g.table;
    const acting = actingSeat(r);
    const said = this.calls(r);
    for (let i = 0; i < n; i++) {
      const p = r.seats[i] || { kind: 'empty', name: '' };
      const k = rel(r, i);
      const roles = [];
      if (g && g.dealer === i) roles.push(t('dealer'));
      if (g && g.out === i) roles.push(t('out'));
      if (tb && tb.declarer === i) roles.push(t('declarer'));
      if (tb && tb.partner === i) roles.push(t('partner'));

      const tricks = g ? g.tricks.filter((x) => x.winner === i).length : 0;
      const left = tb && tb.phase === 'play' && i !== r.seat && i !== g.out ? cardsLeft(r, i) : null;
      // a spectator's page says no "Du": the seats by number
      const where = r.seat === null ? t('seat_n', i + 1) : n === 5 ? (k ? t('rel5_' + k) : t('rel_0')) : t('rel_' + k);
      const el = h('div', {
        class: `seat rel-${k}${acting === i && tb && tb.phase !== 'done' ? ' acting' : ''}${p.away ? ' away' : ''}`,
        'data-seat': i, 'data-kind': p.kind, 'data-away': p.away ? 'true' : null, 'data-mine': i === r.seat ? 'true' : null,
      },
      p.away && p.kind === 'human' ? awayMark(p) : null,
      h('div', { class: 'seat-name' }, p.kind === 'empty' ? t('empty') : i === r.seat ? p.name : seatName(r, i)),
      h('div', { class: 'seat-where' }, p.kind === 'bot' ? `${where} · ${botName(p.bot || p.name)}` : where),
      said[i] ? h('div', { class: 'seat-said' }, keepWords(said[i])) : null,
      roles.length ? h('div', { class: 'seat-roles' }, keepWords(roles.join(' · '))) : null,
      g && (tricks || left !== null) ? h('div', { class: 'seat-tricks' }, [tricks ? `${t('tricks')}: ${tricks}` : '', left !== null ? t('cards_left', left) : ''].filter(Boolean).join(' · ')) : null,
      // A hand laid open (Bettel Brett) is public: everyone sees it.
      tb && tb.open && tb.open.seat === i && i !== r.seat ? h('div', { class: 'open-hand', 'aria-label': `${t('open_hand')}: ${tb.open.cards.map(cardLabel).join(', ')}` },
        sortHand(tb.open.cards, tb.contract && tb.contract.code).map((c) => h('span', { class: 'card-img mini', html: cardSvg(c, {}) }))) : null);
      if (p.kind === 'empty') {
        // Seated players cannot take a second seat: the button stays, disabled.
        // a seated player may move to a free seat between games
        el.append(h('button', { type: 'button', class: 'sit', disabled: r.seat !== null && !!(g && tb.phase !== 'done'), onclick: () => (r.seat !== null ? this.app.moveTo(i) : this.app.send({ type: 'join', room: r.code, seat: i })) }, r.seat !== null ? t('sit_move') : t('sit')));
        const sel = h('select', { class: 'bot-level', 'aria-label': t('add_bot') }, botOptions(TABLE_BOT));
        el.append(h('span', { class: 'bot-pick' }, sel,
          h('button', { type: 'button', class: 'add-bot', onclick: () => this.app.send({ type: 'bot', room: r.code, seat: i, bot: sel.value }) }, t('add_bot'))));
      } else if (p.kind === 'bot') {
        el.prepend(h('button', { type: 'button', class: 'remove-bot', 'aria-label': t('remove_bot'), title: t('remove_bot'), onclick: () => this.app.send({ type: 'bot', room: r.code, seat: i, bot: '' }) }, '✕'));
      }
      box.append(el);
    }
  }

  // Each seat's last call in this game (auction, Kontra ...), in words.
  calls(r) {
    const said = [];
    if (!r.game) return said;
    for (const c of callList(r.game.actions, r.rules, r.seats.length)) said[c.seat] = c.text;
    // Once the play is under way only the doublings stay worth showing.
    if (r.game.table.phase === 'play' && r.game.tricks.length)
      return said.map((x, i) => ((r.game.table.doubled_by || []).includes(i) || r.game.table.declarer === i ? x : null));
    return said;
  }

  // The status line: whose turn, contract, declarer, multiplier, partner;
  // at a table that plays for tournament points that it does (5.2.7).
  renderStatus(r) {
    const st = $('status');
    const g = r.game;
    const parts = [];
    const free = r.seats.filter((p) => p.kind === 'empty').length;
    if (!g) {
      parts.push(free ? t('waiting_players', free) : t('waiting_deal'));
    } else {
      const tb = g.table;
      parts.push(t('game_n', g.no));
      if (tb.phase !== 'done') {
        const acting = actingSeat(r);
        if (r.pending && r.pending.offer && r.pending.seat === null) parts.push(t('offer_kontra'));
        else if (acting === r.seat && r.seat !== null) parts.push(t('your_turn'));
        else if (acting !== null && acting !== undefined) parts.push(t('turn_of', seatName(r, acting)));
      }
      if (tb.phase !== 'play' && tb.phase !== 'done') parts.push(t('phase_' + tb.phase));
      if (tb.phase === 'play' && tb.trick) parts.push(`${t('trick_n', tb.trick.no)}: ${aboutSeat(r, tb.trick.leader, 'leads')}`);
      if (tb.contract) parts.push(`${t('contract')}: ${contractName(tb.contract.code)}`);
      if (tb.declarer !== null && tb.declarer !== undefined) parts.push(`${t('declarer')}: ${seatName(r, tb.declarer)}`);
      if (tb.contract && (tb.contract.code.startsWith('sauspiel') || tb.contract.code === 'hochzeit' || (tb.partner !== null && tb.partner !== undefined)))
        parts.push(`${t('partner')}: ${tb.partner !== null && tb.partner !== undefined ? seatName(r, tb.partner) : partnerFromSides(r, tb)}`);
      const mult = [];
      if (tb.laid) mult.push(`${t('geklopft')} ${tb.laid}×`);
      if (tb.doublings) mult.push(tb.doublings === 1 ? 'Kontra' : tb.doublings === 2 ? 'Kontra, Retour' : t('doubled_n', tb.doublings));
      if (g.bock) mult.push(`Bock ${g.bock}×`);
      if (mult.length) parts.push(`${t('multiplier')}: ${mult.join(', ')}`);
    }
    if (r.paused) parts.push(t('paused'));
    if (r.idle) parts.push(t('idle'));
    if (scoresPoints(r.rules)) parts.push(t('score_points'));
    st.replaceChildren(...parts.map((p) => h('span', {}, keepWords(p))));
  }

  // The cards of the trick on the table, each at its player's place.
  // A trick just completed stays a moment with its winner named ("Bert
  // sticht – 21 Augen"), then its cards go to the winner's side (a CSS
  // transition, class "taken"); the words stay until the next card.
  renderTrick(r) {
    const el = $('trick');
    el.replaceChildren();
    clearTimeout(this.trickTimer);
    const tb = r.game && r.game.table;
    const trick = tb && tb.trick;
    // Between tricks show the trick just taken until the next card.
    let shown = trick && trick.cards.length ? trick : null;
    if (!shown && r.lastTrick && tb && tb.phase !== 'auction') shown = r.lastTrick;
    const done = !!shown && shown !== trick;
    el.dataset.done = done ? 'true' : 'false'; // the trick just taken, still lying there
    el.dataset.no = shown ? shown.no : '';
    if (!done) { el.classList.remove('taken', 'instant'); delete el.dataset.to; }
    if (!shown) { el.setAttribute('aria-label', t('trick')); return; }
    const order = this.trickSeats(r, shown);
    shown.cards.forEach((c, i) => {
      const seat = order[i];
      const card = h('div', { class: `played rel-${rel(r, seat)}${shown.winner === seat ? ' winner' : ''}`, 'data-seat': seat, 'data-card': c, role: 'img', 'aria-label': `${seatName(r, seat)}: ${cardLabel(c)}`, html: cardSvg(c, {}) });
      card.append(h('span', { class: 'who', 'aria-hidden': 'true' }, seatName(r, seat))); // who played it, also for the eye
      el.append(card);
    });
    el.setAttribute('aria-label', `${t('trick_n', shown.no)}: ` + shown.cards.map((c, i) => `${seatName(r, order[i])} ${cardLabel(c)}`).join(', '));
    if (!done || shown.winner === null || shown.winner === undefined) return;
    // "– 21 Augen" stays on one line with its dash
    const said = aboutSeat(r, shown.winner, 'trick_won', shown.points).split(/ (?=– )/);
    el.append(h('div', { class: 'trick-won', 'data-winner': shown.winner }, said[0], said[1] ? [' ', h('span', { class: 'nobr' }, said[1])] : null));
    const key = `${r.game.no}/${shown.no}`;
    if (el.dataset.to && el.dataset.key === key) return; // on its way or gone already
    el.classList.remove('taken', 'instant');
    el.dataset.key = key;
    delete el.dataset.to;
    const age = r.trickAt ? Date.now() - r.trickAt : Infinity;
    const take = (instant) => {
      el.dataset.to = String(rel(r, shown.winner));
      // the way of each card to the middle of the winner's seat
      const seat = document.querySelector(`#seats .seat[data-seat="${shown.winner}"]`);
      if (seat && !instant) {
        const to = seat.getBoundingClientRect();
        for (const c of el.querySelectorAll('.played')) {
          const b = c.getBoundingClientRect();
          c.style.setProperty('--dx', `${Math.round(to.left + to.width / 2 - b.left - b.width / 2)}px`);
          c.style.setProperty('--dy', `${Math.round(to.top + to.height / 2 - b.top - b.height / 2)}px`);
        }
      }
      el.classList.toggle('instant', instant);
      el.classList.add('taken');
    };
    if (age >= TRICK_SHOW_MS + 700) take(true);
    else this.trickTimer = setTimeout(() => { if (el.dataset.key === key && el.dataset.done === 'true') take(false); }, Math.max(0, TRICK_SHOW_MS - age));
  }

  // What our seat may give now without being asked (issue 40): Kontra,
  // Retour or Klopfen as a button with the seconds left to give it, and
  // its "Kein Kontra" / "Nicht klopfen" that closes the wait early.
  // Ignoring both is declining.
  renderOffers(r) {
    const box = $('offers');
    const o = r.seat !== null ? r.offer : null;
    if (!o || !o.offer) { box.hidden = true; box.replaceChildren(); return; }
    box.hidden = false;
    box.setAttribute('aria-label', t('offer_may'));
    const w = choiceWords(o.offer, { doublings: r.game ? r.game.table.doublings : 0 });
    const word = o.offer === 'kontra' ? 'Kontra' : 'Retour';
    box.replaceChildren(
      h('button', { type: 'button', class: 'offer-yes', 'data-offer': o.offer, onclick: () => this.app.answerOffer(o.offer) },
        h('span', { class: 'a-label' }, w.label),
        o.until ? countdown('span', 'offer-left', 'offer_left', o.until) : null),
      h('button', { type: 'button', class: 'offer-no', 'data-offer-decline': o.offer, onclick: () => this.app.answerOffer('pass') },
        o.offer === 'klopfen' ? t('a_no_klopfen') : t('a_no_double', word)));
  }

  // The table's public wait while someone may still double or lay: a
  // countdown for everyone (the room's `hold`).
  renderHold(r) {
    const el = $('hold');
    const until = r.hold && r.hold.until;
    if (!until || until <= Date.now() || !r.game || r.game.table.phase === 'done') { el.hidden = true; el.replaceChildren(); return; }
    el.hidden = false;
    el.replaceChildren(countdown('span', 'hold-left', 'hold_wait', until));
    clearTimeout(this.holdTimer);
    this.holdTimer = setTimeout(() => { el.hidden = true; }, until - Date.now() + 300);
  }

  // The seat of each card of a trick, from its leader clockwise, skipping
  // the seat that sits out at five.
  trickSeats(r, trick) {
    const n = r.seats.length;
    const out = r.game ? r.game.out : null;
    const seats = [];
    for (let s = trick.leader; seats.length < trick.cards.length && seats.length < n; s = (s + 1) % n)
      if (s !== out) seats.push(s);
    return seats;
  }

  // Buttons for every choice that is not a card, in words.
  renderActions(r) {
    const box = $('actions');
    box.replaceChildren();
    const list = choices(r).filter((a) => !a.startsWith('card '));
    if (!list.length) { box.hidden = true; return; }
    box.hidden = false;
    box.setAttribute('aria-label', t('choices'));
    const g = r.game;
    const ctx = {
      phase: g && g.table.phase, hand: g && g.hand, seat: r.seat, holder: challenged(r) ? r.seat : auctionHolder(r),
      challenged: challenged(r), offer: r.pending && r.pending.offer, doublings: g ? g.table.doublings : 0,
      higher: ['wenz', 'solo'],
    };
    // a declaration the page sends by itself for the game chosen with
    // the bid (below) shows no buttons meanwhile
    if (this.app.declaring && this.app.declaring(r)) { box.hidden = true; return; }
    // the concrete games with the bid: one click names the game too
    // (issue 40); the class buttons below still bid and name it later
    const games = ctx.phase === 'auction' ? bidGames(list, ctx, fullRules(this.app.presets, r.rules)) : [];
    if (games.length) {
      const head = ctx.holder === null || ctx.holder === undefined ? 'g_play' : ctx.challenged ? 'g_self' : 'g_have';
      box.append(h('div', { class: 'games', role: 'group', 'aria-label': t(head) }, h('span', { class: 'games-head' }, t(head)),
        games.map(({ game, bid }) => {
          const w = gameWords(game, g && g.hand);
          return h('button', { type: 'button', class: 'game', 'data-game': game, 'data-bid': bid, title: contractName(game), onclick: () => this.app.bidGame(bid, game) },
            h('span', { class: 'a-label' }, w.label), w.detail ? h('span', { class: 'a-detail' }, w.detail) : null);
        })));
    }
    box.classList.toggle('with-games', games.length > 0);
    for (const a of list) {
      const w = choiceWords(a, ctx);
      // beside the games, the opening bid is the one that names it later
      if (games.length && a === 'bid sauspiel' && (ctx.holder === null || ctx.holder === undefined)) w.label = t('g_later');
      const b = h('button', { type: 'button', 'data-action': a, class: a === 'pass' ? 'pass' : '', onclick: () => this.app.decide(a) },
        h('span', { class: 'a-label' }, w.label), w.detail ? h('span', { class: 'a-detail' }, w.detail) : null);
      box.append(b);
    }
  }

  // Our hand, sorted by the game being played; legal cards raised.
  renderHand(r) {
    const el = $('hand');
    const g = r.game;
    el.setAttribute('aria-label', t('your_hand'));
    if (r.seat === null) { el.replaceChildren(h('p', { class: 'muted' }, t('spectator_hand'))); el.className = ''; return; }
    const hand = g && g.hand ? g.hand : [];
    const code = g && g.table.contract ? g.table.contract.code : null;
    const ch = choices(r);
    const legal = new Set(ch.filter((a) => a.startsWith('card ')).map((a) => a.slice(5)));
    el.className = legal.size ? 'my-turn' : '';
    const cards = sortHand(hand, code);
    el.style.setProperty('--n', Math.max(cards.length, 5)); // fewer cards, bigger cards on a phone
    this.focus = Math.min(this.focus, Math.max(0, cards.length - 1));
    const prev = document.activeElement && document.activeElement.closest && document.activeElement.closest('#hand');
    el.replaceChildren(...cards.map((c, i) => h('button', {
      type: 'button', class: 'card', 'data-card': c, 'data-legal': legal.has(c) ? 'true' : 'false',
      'aria-label': cardLabel(c), 'aria-disabled': legal.has(c) ? 'false' : 'true',
      tabindex: i === this.focus ? '0' : '-1', html: cardSvg(c, {}),
      onclick: () => this.play(c), onfocus: () => { this.focus = i; },
    })));
    if (prev && el.children[this.focus]) el.children[this.focus].focus();
    if (!cards.length && g) el.append(h('p', { class: 'muted' }, g.out === r.seat ? t('you_sit_out') : t('hand_empty')));
  }

  // Hint, claim, last trick and pause: shown only where they make sense.
  renderTools(r) {
    const g = r.game;
    const seated = r.seat !== null;
    const playing = g && g.table.phase !== 'done';
    $('hint').hidden = !(seated && (choices(r).length || (r.offer && r.offer.offer)));
    $('claim').hidden = !(seated && playing && g.table.phase === 'play' && g.hand && g.hand.length > 0);
    $('last-trick').disabled = !r.lastTrick;
    $('pause').hidden = !seated;
    $('pause').setAttribute('aria-pressed', r.votes.includes(r.seat) || r.paused ? 'true' : 'false');
    $('pause').textContent = r.paused ? t('resume') : t('pause');
    // "play on with bots": the table goes on while no person is at it
    $('play-on').hidden = !seated;
    $('play-on').setAttribute('aria-pressed', r.playOn ? 'true' : 'false');
    $('play-on').textContent = r.playOn ? t('play_on_yes') : t('play_on_no');
  }

  // The turn timer: seconds left until the deadline of the prompt (A.3).
  renderTimer(r) {
    clearInterval(this.timerId);
    const el = $('turn-timer');
    const deadline = (r.turn && r.turn.deadline) || (r.timer && r.timer.deadline);
    if (!deadline || r.paused) { el.hidden = true; return; }
    el.hidden = false;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      el.textContent = t('timer_left', left);
      el.classList.toggle('urgent', left <= 5);
      if (!left) clearInterval(this.timerId);
    };
    tick();
    this.timerId = setInterval(tick, 500);
  }

  // Plays a card if it is a legal choice now.
  play(card) {
    const r = this.app.room;
    if (!r) return;
    const ch = choices(r);
    if (!ch.includes('card ' + card)) {
      // A dimmed card while it is our turn: say why nothing happens.
      if (ch.some((a) => a.startsWith('card '))) this.app.note(t('not_legal', cardLabel(card)));
      return;
    }
    this.app.decide('card ' + card);
  }

  // Keys: arrows move along the hand, Enter plays (the button's own
  // click), typing a card code ("eo", "hz") plays it; Escape closes
  // overlays.
  onKey(e) {
    if (e.target.closest && e.target.closest('input, select, textarea')) return;
    if (e.key === 'Escape') { this.app.closeOverlays(); return; }
    const hand = $('hand');
    const cards = [...hand.querySelectorAll('button.card')];
    if (!cards.length || $('table-view').hidden) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const i = cards.indexOf(document.activeElement);
      const at = i < 0 ? this.focus : (i + (e.key === 'ArrowRight' ? 1 : -1) + cards.length) % cards.length;
      cards.forEach((c, j) => { c.tabIndex = j === at ? 0 : -1; });
      cards[at].focus();
      this.focus = at;
      e.preventDefault();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
    const ch = e.key.toUpperCase();
    if (!/[EGHSAZKOU987]/.test(ch)) { this.typed = ''; return; }
    this.typed = /[EGHS]/.test(ch) && this.typed.length !== 1 ? ch : (this.typed + ch).slice(-2);
    if (this.typed.length === 2) {
      const code = this.typed;
      this.typed = '';
      const btn = hand.querySelector(`button.card[data-card="${code}"]`);
      if (btn) { btn.focus(); this.play(code); }
    }
  }

  // Drag a card (mouse or finger) onto the table to play it; a short
  // movement is a click, handled by the button itself.
  dragStart(e) {
    const btn = e.target.closest('button.card');
    if (!btn || btn.dataset.legal !== 'true' || e.button > 0) return;
    const x0 = e.clientX, y0 = e.clientY;
    let moved = false;
    const move = (ev) => {
      const dx = ev.clientX - x0, dy = ev.clientY - y0;
      if (!moved && Math.hypot(dx, dy) < 12) return;
      moved = true;
      btn.classList.add('dragging');
      btn.style.transform = `translate(${dx}px, ${dy}px)`;
    };
    const up = (ev) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      btn.style.transform = '';
      btn.classList.remove('dragging');
      if (!moved) return;
      const box = $('board').getBoundingClientRect();
      if (ev.clientY < box.bottom && ev.clientY > box.top) this.play(btn.dataset.card);
      const swallow = (ce) => { ce.stopPropagation(); ce.preventDefault(); };
      btn.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => btn.removeEventListener('click', swallow, { capture: true }), 50);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  // The last trick on request (3.1.8), with who played what.
  showLastTrick() {
    const r = this.app.room;
    const box = $('last-trick-view');
    const tr = r && r.lastTrick;
    const seats = tr ? this.trickSeats(r, tr) : [];
    box.replaceChildren(...[
      h('h3', {}, tr ? `${t('last_trick')} (${t('trick_n', tr.no)})` : t('last_trick')),
      tr ? h('div', { class: 'trick-row' }, tr.cards.map((c, i) => h('figure', { class: 'mini' + (tr.winner === seats[i] ? ' winner' : '') },
        h('div', { class: 'card-img', role: 'img', 'aria-label': cardLabel(c), html: cardSvg(c, {}) }),
        h('figcaption', {}, seatName(r, seats[i]))))) : h('p', {}, t('no_last_trick')),
      tr ? h('p', {}, aboutSeat(r, tr.winner, 'trick_to', tr.points)) : null,
      h('button', { type: 'button', class: 'close', onclick: () => { box.hidden = true; $('last-trick').focus(); } }, t('close'))].filter(Boolean));
    box.hidden = false;
    box.querySelector('.close').focus();
  }
}

// The mark of a seat whose player dropped off: "weg", and the seconds
// until the stand-in takes his decisions (presence, issue 40).
function awayMark(p) {
  return h('div', { class: 'away-mark', role: 'status' }, h('span', { class: 'away-word' }, t('away')),
    p.stand_in_at ? countdown('span', 'away-left', 'stand_in_in', p.stand_in_at) : null);
}

// How many cards a seat still holds in the play phase: the ruleset's
// cards per player (32, 24 or 20 cards dealt to the players of a game)
// less the cards it played.  Public knowledge, no hand needed.
function cardsLeft(r, seat) {
  const ov = (r.rules && r.rules.overrides) || {};
  const deck = ov.deck || (r.rules && r.rules.preset === 'kurz' ? 'short' : 'long');
  const players = String(ov.players || '4') === '3' ? 3 : 4;
  const per = ({ long: 32, short: 24, 20: 20 }[deck] || 32) / players;
  const played = r.game.actions.filter((a) => a.seat === seat && a.action.startsWith('card ')).length;
  return per - played;
}

// What the seat knows of the partner while the table does not name him:
// from table.sides, only what the server says this seat knows.
function partnerFromSides(r, tb) {
  const sides = tb.sides || [];
  const known = [];
  sides.forEach((s, i) => { if (s === 'declarer' && i !== tb.declarer) known.push(i); });
  return known.length ? seatName(r, known[0]) : t('partner_unknown');
}

