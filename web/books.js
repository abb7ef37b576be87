// books.js -- the score keeping pages (books.html): create a group, an
// evening or a tournament; a group's roster, evenings and statistics; an
// evening's sheet with its entry form; the tournament organiser's page;
// the entry page of one tournament table (what its QR code opens); and
// the live standings.  Everything comes from the server's `book`
// messages (docs/server-protocol.md "Score keeping"): the page composes
// lines (bookmodel.js), the server checks, stores and sends the book
// again to everyone who looks at it, so every page updates live.

import { Net } from './net.js';
import { t, setLang, getLang, onLang, applyStatic, money, signed } from './i18n.js';
import { h } from './table.js';
import { FAULTS, MISDEALS, composeLine, entryOffers, takesPartner, tableLine, tour, sheetModel, currentStage, tableModel,
  standingsModel, stageComplete, parseHash, makeHash, loadBooks, rememberBook, keyOf, splitNames, nameOk } from './bookmodel.js';
import { contractName } from './i18n.js';
import { scoresPoints } from './words.js';
import { rulesSummary } from './bookrules.js';
import { houseBlock, fillHouse, showHouse, houseRules, select } from './houseform.js';

const $ = (id) => document.getElementById(id);
const THEME_KEY = 'schafkopf.theme';
const PRESETS = ['official', 'sauspiel', 'kurz', 'stammtisch', 'tournament'];

// A labelled form field.
function field(label, input) { return h('label', { class: 'bk-field' }, h('span', {}, label), input); }
function num(name, attrs = {}) { return h('input', { name, type: 'number', inputmode: 'numeric', min: 0, ...attrs }); }
function contractLabel(code) { return code === 'sie' ? 'Sie' : contractName(code === 'kreuzbock' ? 'sauspiel' : code); }

class Books {
  constructor() {
    this.net = new Net();
    this.net.lang = getLang();
    this.book = null;        // the last `book` message of the book shown
    this.route = parseHash(location.hash);
    this.entry = {};         // the entry form's last values (kept across updates)
    this.presets = null;     // every preset's options (GET /api/rules), for house rules
  }

  // Loads the presets' options once (what the house rules start from and
  // what a book's rules are summed up from); then draws what needs them.
  loadPresets() {
    fetch('/api/rules').then((r) => (r.ok ? r.json() : null)).then((j) => {
      this.presets = (j && j.presets) || {};
      if (this.route.book) this.render();
      else for (const d of document.querySelectorAll('details.bk-house')) fillHouse(d, d.dataset.preset);
    }).catch(() => { this.presets = {}; });
  }

  start() {
    this.initTheme();
    $('lang').value = getLang();
    document.documentElement.lang = getLang();
    applyStatic();
    $('lang').addEventListener('change', (e) => setLang(e.target.value));
    onLang((l) => {
      this.net.lang = l;
      applyStatic();
      this.say('');
      $('conn').querySelector('.conn-text').textContent = t('conn_' + this.net.state);
      this.setTheme(document.documentElement.dataset.theme, false);
      if (this.route.book) this.open(); else this.render();
    });
    $('theme').addEventListener('click', () => this.setTheme(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark'));
    window.addEventListener('hashchange', () => { this.closeBook(); this.route = parseHash(location.hash); this.book = null; this.say(''); this.open(); this.render(); });
    const n = this.net;
    n.on('conn', (s) => { const c = $('conn'); c.dataset.state = s; c.querySelector('.conn-text').textContent = t('conn_' + s); });
    n.on('welcome', () => { if (this.route.book) this.open(); });
    n.on('book_created', (m) => {
      rememberBook(localStorage, { book: m.book, kind: m.kind, title: this.pendingTitle || '', key: m.key });
      location.hash = makeHash(m.book);
    });
    n.on('book', (m) => {
      if (m.book !== this.route.book) return;
      this.book = m;
      rememberBook(localStorage, { book: m.book, kind: m.kind, title: m.title });
      this.render();
    });
    n.on('book_done', (m) => { this.say(m.said ? m.said.trim() : t(this.undoing ? 'bk_undone' : 'bk_saved'), false); this.afterDone(); });
    n.on('error', (m) => this.say(m.message, true));
    this.render();
    this.loadPresets();
    n.connect();
  }

  initTheme() {
    let th = null;
    try { th = localStorage.getItem(THEME_KEY); } catch { /* none */ }
    if (th !== 'dark' && th !== 'light') th = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    this.setTheme(th, false);
  }

  setTheme(th, keep = true) {
    document.documentElement.dataset.theme = th;
    if (keep) try { localStorage.setItem(THEME_KEY, th); } catch { /* not kept */ }
    $('theme').setAttribute('aria-pressed', th === 'dark' ? 'true' : 'false');
    $('theme').textContent = th === 'dark' ? t('theme_light') : t('theme_dark');
  }

  // A message under the header: what the server said (a refusal in words).
  say(text, bad = false) {
    const m = $('bk-msg');
    m.textContent = text;
    m.classList.toggle('bad', bad);
  }

  // The key for the book shown: the address's (remembered), else ours.
  key() {
    if (this.route.key) return this.route.key;
    return this.route.book ? keyOf(localStorage, this.route.book) : null;
  }

  open() {
    const r = this.route;
    if (!r.book) return;
    if (r.key) rememberBook(localStorage, { book: r.book, key: r.key });
    const msg = { type: 'book_open', book: r.book, lang: getLang() };
    const key = this.key();
    if (key) msg.key = key;
    this.net.send(msg);
  }

  closeBook() { if (this.route.book) this.net.send({ type: 'book_close', book: this.route.book }); }

  // Sends a line of the book shown (with the key and the last line seen).
  line(text) {
    const b = this.book;
    if (!b) return;
    const msg = { type: 'book_line', book: b.book, line: text, seq: b.seq };
    this.undoing = false;
    const key = this.key();
    if (key) msg.key = key;
    this.say(t('bk_sending'));
    this.net.send(msg);
  }

  // A line was booked: the next form starts empty (the book follows).
  afterDone() {
    if (!this.undoing) this.entry = { kind: this.entry.kind };
    this.undoing = false;
    this.clearForm = true;
  }

  render() {
    const v = $('bk-view');
    const b = this.book;
    document.body.classList.toggle('bk-live', !!(this.route.live));
    if (!this.route.book) {
      const kept = this.formState();
      v.replaceChildren(this.home());
      this.restoreForms(kept);
      return;
    }
    if (!b) { v.replaceChildren(h('p', { class: 'muted' }, t('bk_loading'))); return; }
    document.title = `${b.title || t('bk_untitled')} – Schafkopf`;
    let page;
    if (b.kind === 'group') page = this.groupPage(b);
    else if (b.kind === 'sheet') page = this.sheetPage(b);
    else if (this.route.live || b.may === 'read') page = this.livePage(b);
    else if (b.may === 'table') page = this.tablePage(b);
    else page = this.organiserPage(b);
    const focus = document.activeElement && document.activeElement.name;
    v.replaceChildren(page);
    if (focus && !this.clearForm) { const el = v.querySelector(`[name="${focus}"]`); if (el) el.focus(); }
    this.clearForm = false;
  }

  // What the start page's create forms hold (values, house rules open),
  // so that drawing the page again (another language) keeps it.
  formState() {
    const kept = {};
    for (const f of document.querySelectorAll('.bk-home form[id]')) {
      const d = f.querySelector('details.bk-house');
      kept[f.id] = { open: !!(d && d.open),
        values: new Map([...f.elements].filter((el) => el.name).map((el) => [el.name, el.type === 'checkbox' ? el.checked : el.value])) };
    }
    return kept;
  }

  // Puts back what formState kept: the preset first (it draws the house
  // rules), then every field.
  restoreForms(kept) {
    for (const [id, { open, values }] of Object.entries(kept)) {
      const f = document.getElementById(id);
      if (!f) continue;
      const d = f.querySelector('details.bk-house');
      if (f.elements.preset && values.has('preset')) {
        f.elements.preset.value = values.get('preset');
        if (d) fillHouse(d, f.elements.preset.value);
      }
      for (const el of f.elements) {
        if (!el.name || el.name === 'preset' || !values.has(el.name)) continue;
        if (el.type === 'checkbox') el.checked = values.get(el.name); else el.value = values.get(el.name);
      }
      if (d) { d.open = open; showHouse(d); }
    }
  }

  // ---- the start: my books, open by code, create ----
  home() {
    const mine = loadBooks(localStorage);
    const kinds = { group: t('bk_group'), sheet: t('bk_sheet'), tournament: t('bk_tournament') };
    const create = (kind, extra) => (e) => {
      e.preventDefault();
      const f = e.target.elements;
      const msg = { type: 'book_create', kind, ...extra(f) };
      if (!msg) return;
      const title = f.title.value.trim();
      if (title) msg.title = title;
      this.pendingTitle = title;
      if (msg.players && msg.players.some((p) => !nameOk(p))) { this.say(t('bk_bad_name', msg.players.find((p) => !nameOk(p))), true); return; }
      this.net.send(msg);
    };
    const presets = PRESETS.map((p) => [p, t('preset_' + p)]);
    // the preset, then its house rules (collapsed, filled from the preset)
    const rulesOf = (f) => houseRules(f.preset.form.querySelector('details.bk-house'));
    const presetField = () => {
      const sel = select('preset', presets, 'official');
      sel.addEventListener('change', () => fillHouse(sel.form.querySelector('details.bk-house'), sel.value));
      return field(t('preset'), sel);
    };
    return h('div', { class: 'bk-home' },
      h('section', { class: 'panel' }, h('h2', {}, t('bk_mine')),
        mine.length ? h('ul', { class: 'bk-list' }, ...mine.map((m) => h('li', {},
          h('a', { href: makeHash(m.book) }, m.title || t('bk_untitled')), ' ',
          h('span', { class: 'muted' }, `${kinds[m.kind] || ''}${m.key ? ' · ' + t('bk_can_write') : ''}`))))
          : h('p', { class: 'muted' }, t('bk_none')),
        h('form', { class: 'bk-row', onsubmit: (e) => { e.preventDefault(); const c = e.target.elements.code.value.trim(); if (/^[a-km-np-z2-9]{16}$/.test(c)) location.hash = makeHash(c); else this.say(t('bk_bad_code'), true); } },
          field(t('bk_code'), h('input', { name: 'code', maxlength: 16, autocomplete: 'off' })),
          h('button', { type: 'submit' }, t('bk_open')))),
      h('section', { class: 'panel' }, h('h2', {}, t('bk_new_sheet')),
        h('p', { class: 'muted' }, t('bk_new_sheet_help')),
        h('form', { id: 'bk-create-sheet', onsubmit: create('sheet', (f) => ({ players: splitNames(f.players.value),
          first_dealer: Math.max(0, (parseInt(f.dealer.value, 10) || 1) - 1), rules: rulesOf(f) })) },
          field(t('bk_name_of', t('bk_sheet')), h('input', { name: 'title', maxlength: 64 })),
          field(t('bk_players_order'), h('input', { name: 'players', required: true, placeholder: 'Anna, Bert, Carl, Dora' })),
          field(t('bk_first_dealer_no'), num('dealer', { min: 1, max: 5, value: 1 })),
          presetField(), houseBlock(() => this.presets, 'official', 'book'),
          h('button', { type: 'submit' }, t('bk_create')))),
      h('section', { class: 'panel' }, h('h2', {}, t('bk_new_group')),
        h('form', { id: 'bk-create-group', onsubmit: create('group', (f) => ({ players: splitNames(f.players.value), rules: rulesOf(f) })) },
          field(t('bk_name_of', t('bk_group')), h('input', { name: 'title', maxlength: 64 })),
          field(t('bk_roster'), h('textarea', { name: 'players', rows: 3, required: true, placeholder: 'Anna Bert Carl Dora Emil' })),
          presetField(), houseBlock(() => this.presets, 'official', 'book'),
          h('button', { type: 'submit' }, t('bk_create')))),
      h('section', { class: 'panel' }, h('h2', {}, t('bk_new_tournament')),
        h('form', { id: 'bk-create-tournament', onsubmit: create('tournament', (f) => ({ seed: f.seed.value.trim() })) },
          field(t('bk_name_of', t('bk_tournament')), h('input', { name: 'title', maxlength: 64 })),
          field(t('bk_seed'), h('input', { name: 'seed', maxlength: 63, required: true })),
          h('p', { class: 'muted' }, t('bk_seed_help')),
          h('button', { type: 'submit' }, t('bk_create')))));
  }

  // The rules in force, in a few words (empty until the presets are known).
  rulesLine(rules) {
    const items = rulesSummary(rules, this.presets);
    return items.length ? h('p', { class: 'bk-rules', id: 'bk-rules' }, h('b', {}, `${t('hr_in_force')}: `), items.join(' · ')) : null;
  }

  // ---- a group ----
  groupPage(b) {
    const v = b.view;
    const edit = b.may === 'edit';
    const seats = [0, 1, 2, 3, 4].map((i) => field(t('bk_seat_no', i + 1),
      select('seat' + i, [['', '—'], ...v.players.map((p) => [p, p])], i < 4 ? v.players[i] : '')));
    return h('div', { class: 'bk-group' },
      h('h2', {}, b.title || t('bk_untitled'), ' ', h('span', { class: 'muted' }, t('bk_group'))),
      h('p', {}, `${t('bk_roster')}: ${v.players.join(', ')}`),
      this.rulesLine(v.rules),
      h('section', { class: 'panel' }, h('h3', {}, t('bk_evenings')),
        v.evenings.length ? h('ul', { class: 'bk-list' }, ...v.evenings.map((e) => h('li', {},
          h('a', { href: makeHash(e.book) }, e.title || new Date(e.created * 1000).toLocaleDateString(getLang())), ' ',
          h('span', { class: 'muted' }, `${(e.players || []).join(', ')} · ${e.lines === 1 ? t('bk_one_line') : t('bk_lines', e.lines)}`))))
          : h('p', { class: 'muted' }, t('bk_no_evenings'))),
      this.statsPanel(b),
      edit ? h('section', { class: 'panel' }, h('h3', {}, t('bk_new_evening')),
        h('form', { id: 'bk-new-evening', class: 'bk-grid', onsubmit: (e) => {
          e.preventDefault();
          const f = e.target.elements;
          const players = [0, 1, 2, 3, 4].map((i) => f['seat' + i].value).filter(Boolean);
          const msg = { type: 'book_create', kind: 'sheet', group: b.book, players, first_dealer: Math.max(0, (parseInt(f.dealer.value, 10) || 1) - 1) };
          const key = this.key();
          if (key) msg.key = key;
          const title = f.title.value.trim();
          if (title) msg.title = title;
          this.pendingTitle = title;
          this.net.send(msg);
        } }, ...seats, field(t('bk_first_dealer_no'), num('dealer', { min: 1, max: 5, value: 1 })),
        field(t('bk_name_of', t('bk_sheet')), h('input', { name: 'title', maxlength: 64 })),
        h('button', { type: 'submit' }, t('bk_start_evening')))) : null,
      this.shareBox(b));
  }

  // A group's statistics (the server's, counted by the table layer as
  // `schafkopf sheet`'s stats): deals and money; won of played as
  // declarer, partner, defender, with Kontra and Retour; the declared
  // games by class; the money chart.  Narrow tables that scroll
  // sideways on a phone.
  statsPanel(b) {
    const v = b.view;
    const rows = v.stats.filter((s) => s.games > 0);
    const table = (label, heads, cells) => h('div', { class: 'bk-scroll' }, h('table', { class: 'bk-table', 'aria-label': label },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'l' }, t('bk_st_name')), ...heads.map((x) => h('th', { scope: 'col' }, x)))),
      h('tbody', {}, ...rows.map((s) => h('tr', {}, h('th', { scope: 'row', class: 'l' }, s.name), ...cells(s).map((c) => (c instanceof Node ? c : h('td', {}, c))))))));
    const of = (won, played) => (played ? `${won}/${played}` : '–');
    // a column only when somebody has a figure in it (narrower on a phone)
    const any = (...keys) => rows.some((s) => keys.some((k) => s[k] !== 0));
    const col = (show, head, cell) => (show ? [[head, cell]] : []);
    // a group plays for money or for tournament points (5.2.7): one of the two
    const points = scoresPoints(v.rules);
    const cols1 = [...col(!points, t('bk_money'), (s) => h('td', { class: s.money < 0 ? 'neg' : 'pos' }, money(s.money, true))),
      ...col(points, t('bk_points_total'), (s) => h('td', { class: s.points < 0 ? 'neg' : 'pos' }, signed(s.points))),
      ...col(true, t('bk_games'), (s) => s.games), ...col(v.played_evenings > 1, t('bk_evenings'), (s) => s.evenings),
      ...col(any('sat_out'), t('bk_st_sat_out'), (s) => s.sat_out), ...col(any('laid'), t('bk_st_laid'), (s) => s.laid)];
    const cols2 = [...col(true, t('bk_declarer'), (s) => of(s.won, s.declared)),
      ...col(any('partner'), t('bk_partner'), (s) => of(s.partner_won, s.partner)),
      ...col(true, t('bk_st_defender'), (s) => of(s.defender_won, s.defender)),
      ...col(any('kontra'), 'Kontra', (s) => of(s.kontra_won, s.kontra)),
      ...col(any('retour'), 'Retour', (s) => of(s.retour_won, s.retour))];
    const tableOf = (label, cols) => table(label, cols.map((c) => c[0]), (s) => cols.map((c) => c[1](s)));
    const classes = [...new Set(rows.flatMap((s) => Object.keys(s.by_class)))];
    return h('section', { class: 'panel bk-stats' }, h('h3', {}, t('bk_stats')),
      h('p', { class: 'muted' }, t('bk_st_summary',
        v.played_evenings === 1 ? t('bk_st_one_evening') : t('bk_st_evenings', v.played_evenings),
        v.games === 1 ? t('bk_st_one_game') : t('bk_st_games', v.games))),
      ...(rows.length ? [
        tableOf(t('bk_stats'), cols1),
        h('h4', {}, t('bk_st_won_of')),
        tableOf(t('bk_st_won_of'), cols2),
        ...(classes.length ? [h('h4', {}, t('bk_st_by_class')),
          table(t('bk_st_by_class'), classes, (s) => classes.map((c) => (s.by_class[c] ? of(s.by_class[c].won, s.by_class[c].played) : '–')))] : []),
        this.chart(b, `${v.games}-${Math.max(0, ...v.evenings.map((e) => e.updated))}`)] : [h('p', { class: 'muted' }, t('bk_no_games'))]));
  }

  // The money over the games as the server draws it (an SVG).
  // `version` changes with the games, so the browser fetches it anew.
  chart(b, version) {
    const alt = t(scoresPoints(b.view && b.view.rules) ? 'bk_chart_points' : 'bk_chart');
    return h('figure', { class: 'bk-chart' }, h('img', { src: `/api/books/${b.book}/chart.svg?lang=${getLang()}&v=${encodeURIComponent(version)}`, alt }));
  }

  // The code, the links to share, and the key (only for who has it).
  shareBox(b) {
    const base = `${location.origin}${location.pathname}`;
    const key = this.key();
    return h('details', { class: 'panel bk-share' }, h('summary', {}, t('bk_share')),
      h('p', {}, `${t('bk_code')}: `, h('code', {}, b.book)),
      h('p', {}, t('bk_read_link'), ' ', h('a', { href: base + makeHash(b.book) }, base + makeHash(b.book))),
      key && b.may === 'edit' && key.length === 64 ? h('p', {}, t('bk_key_help'), ' ', h('code', { class: 'bk-key' }, base + makeHash(b.book, { key }))) : null);
  }

  // ---- the entry form of a deal (an evening, or a tournament table) ----
  // `offers` (entryOffers): what the ruleset plays; a field it never
  // uses is not drawn, one that depends on another (the partner on the
  // contract, the revealer on 3.4.18, Kontra on a Muss) is shown by
  // showFields as the form changes.
  entryForm(players, offers, submit, { big = false } = {}) {
    const e = this.entry;
    const opts = [['', '—'], ...players.map((p) => [p, p])];
    const o = offers;
    const kind = o.kinds.includes(e.kind) ? e.kind : 'game';
    const contract = o.kreuzbockRound ? 'kreuzbock' : e.contract || '';
    const checks = (name, legend, picked = []) => h('fieldset', {}, h('legend', {}, legend),
      ...players.map((p) => h('label', { class: 'bk-check' }, h('input', { type: 'checkbox', name, value: p, checked: picked.includes(p) }), p)));
    const upTo = (n, name = (i) => String(i + 1)) => [['', '—'], ...Array.from({ length: n }, (_, i) => [String(i + 1), name(i)])];
    const doublings = ['Kontra', 'Retour', 'Sub', 'Resub'];
    const contracts = [['', '—'], ...o.contracts.map((c) => [c, contractLabel(c)]),
      ...(o.penaltyRamsch ? [['ramsch', contractLabel('ramsch')]] : [])];
    const form = h('form', { class: 'bk-entry' + (big ? ' big' : ''), id: 'bk-entry', 'aria-label': t('bk_enter'), onsubmit: (ev) => {
      ev.preventDefault();
      const f = this.readEntry(ev.target, players);
      this.entry = f;
      const r = submit(f);
      if (r.error) this.say(t(r.error), true);
    }, oninput: (ev) => { this.entry = this.readEntry(ev.currentTarget, players); this.showFields(ev.currentTarget); } },
      h('fieldset', { class: 'bk-kinds' }, h('legend', {}, t('bk_what')),
        ...o.kinds.map((k) => h('label', { class: 'bk-radio' }, h('input', { type: 'radio', name: 'kind', value: k, checked: kind === k }), t('bk_kind_' + k)))),
      h('div', { class: 'bk-grid', 'data-for': 'game penalty' },
        field(t('bk_contract'), select('contract', contracts, contract)),
        o.tout.length ? h('label', { class: 'bk-check', 'data-tout': '' }, h('input', { type: 'checkbox', name: 'tout', checked: !!e.tout }), 'Tout') : null,
        o.muss ? h('label', { class: 'bk-check', 'data-for': 'game' }, h('input', { type: 'checkbox', name: 'muss', checked: !!e.muss }), t('bk_muss')) : null,
        h('span', { 'data-declarer': '' }, field(t('bk_declarer'), select('declarer', opts, e.declarer || ''))),
        h('span', { 'data-partner': '' }, field(t('bk_partner'), select('partner', opts, e.partner || '')))),
      h('fieldset', { class: 'bk-kinds', 'data-for': 'game' }, h('legend', {}, t('bk_result')),
        ...['points', 'won', 'lost'].map((k) => h('label', { class: 'bk-radio' }, h('input', { type: 'radio', name: 'result', value: k, checked: (e.result || 'points') === k }), t('bk_res_' + k)))),
      h('div', { class: 'bk-grid', 'data-for': 'game' },
        field(t('bk_points'), num('points', { max: 120, value: e.points ?? '' })),
        h('label', { class: 'bk-check' }, h('input', { type: 'checkbox', name: 'schneider', checked: !!e.schneider }), 'Schneider'),
        h('label', { class: 'bk-check' }, h('input', { type: 'checkbox', name: 'schwarz', checked: !!e.schwarz }), 'Schwarz'),
        field(t('bk_laufende'), num('laufende', { max: 14 })),
        o.kontra ? h('span', { 'data-kontra': '' }, field(t('bk_kontra'), select('kontra', upTo(o.kontra, (i) => doublings[i] || `${i + 1}×`)))) : null,
        o.laid ? field(t('bk_laid'), num('laid', { max: o.laid })) : null),
      h('div', { class: 'bk-grid', 'data-for': 'ramsch' },
        checks('loser', t('bk_losers'), e.losers),
        o.winners ? checks('winner', t('bk_winners'), e.winners) : null,
        o.jungfrau ? field(t('bk_jungfrau'), select('jungfrau', upTo(o.jungfrau), e.jungfrau || '')) : null,
        o.durchmarsch ? field('Durchmarsch', select('durchmarsch', opts)) : null),
      h('div', { class: 'bk-grid', 'data-for': 'penalty redeal' },
        field(t('bk_fault'), select('fault', [['', '—'], ...FAULTS.map((f) => [f, `${f} ${t('bk_fault_' + f)}`]), ...MISDEALS.map((f) => [f, `${f} ${t('bk_fault_' + f)}`])], e.fault || ''))),
      h('div', { class: 'bk-grid', 'data-for': 'penalty' }, field(t('bk_offender'), select('offender', opts, e.offender || '')),
        h('span', { 'data-revealer': '' }, field(t('bk_revealer'), select('revealer', opts, e.revealer || '')))),
      h('button', { type: 'submit', class: 'bk-submit' }, t('bk_enter')));
    form.offers = o;
    this.showFields(form);
    return form;
  }

  // Shows the parts of the entry form the kind of deal needs, and the
  // fields the contract, the fault and Muss call for.
  showFields(form) {
    const f = form.elements;
    const kind = f.kind.value || 'game';
    const contract = f.contract.value;
    const show = (sel, on) => { const el = form.querySelector(sel); if (el) el.hidden = !on; };
    for (const el of form.querySelectorAll('[data-for]')) el.hidden = !el.dataset.for.split(' ').includes(kind);
    for (const el of form.querySelectorAll('option[value="ramsch"]')) { el.hidden = kind !== 'penalty'; el.disabled = el.hidden; }
    show('[data-tout]', form.offers.tout.includes(contract));
    show('[data-declarer]', !(kind === 'penalty' && contract === 'ramsch'));
    show('[data-partner]', takesPartner(contract));
    show('[data-kontra]', !(f.muss && f.muss.checked));
    show('[data-revealer]', f.fault.value === '3.4.18');
  }

  // The form's fields as composeLine reads them; a field hidden now
  // (another kind of deal, a contract without a partner) counts as empty.
  readEntry(form, players) {
    const f = form.elements;
    const shown = (el) => !!el && !el.closest('[hidden]');
    const val = (name) => (shown(f[name]) ? f[name].value : '');
    const on = (name) => shown(f[name]) && f[name].checked;
    const picked = (name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].filter(shown).map((x) => x.value).filter((x) => players.includes(x));
    return { kind: f.kind.value || 'game', contract: val('contract'), tout: on('tout'), muss: on('muss'), declarer: val('declarer'),
      partner: val('partner'), result: f.result.value || 'points', points: val('points'), schneider: on('schneider'),
      schwarz: on('schwarz'), laufende: val('laufende'), kontra: val('kontra'), laid: val('laid'),
      losers: picked('loser'), winners: picked('winner'), schieberamsch: shown(form.querySelector('input[name="winner"]')),
      jungfrau: val('jungfrau'), durchmarsch: val('durchmarsch'), fault: val('fault'), offender: val('offender'), revealer: val('revealer') };
  }

  // ---- an evening ----
  sheetPage(b) {
    const m = sheetModel(b);
    const edit = b.may === 'edit';
    const pointsOnly = scoresPoints(m.rules);
    const amount = (c, p) => (pointsOnly ? signed(p) : money(c, true));
    const head = h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col', class: 'l' }, t('bk_deal')),
      ...m.players.map((p) => h('th', { scope: 'col' }, p)));
    const rows = m.rows.map((r) => h('tr', {}, h('td', {}, r.no), h('td', { class: 'l' }, h('span', { class: 'muted' }, `${r.dealer}: `), r.what),
      ...m.players.map((_, i) => h('td', {}, h('span', { class: (pointsOnly ? r.points[i] : r.money[i]) < 0 ? 'neg' : 'pos' }, amount(r.money[i], r.points[i])),
        h('br'), h('small', { class: 'muted' }, amount(r.total[i], r.total_points[i]))))));
    const total = h('tr', { class: 'sum' }, h('td', {}), h('td', { class: 'l' }, t('bk_total')),
      ...m.players.map((_, i) => h('td', {}, amount(m.money[i], m.points[i]))));
    const next = m.next;
    const nextText = [t('bk_next_dealer', next.dealer), next.out ? t('bk_sits_out', next.out) : '', next.bock ? t('bk_bock', next.bock) : '',
      next.kreuzbock ? t('bk_kreuzbock_round') : '',
      m.stock ? `Stock ${money(m.stock)}` : ''].filter(Boolean).join(' · ');
    return h('div', { class: 'bk-sheet' },
      h('h2', {}, b.title || new Date(b.created * 1000).toLocaleDateString(getLang()), ' ', h('span', { class: 'muted' }, t('bk_sheet'))),
      b.group ? h('p', {}, h('a', { href: makeHash(b.group) }, t('bk_to_group'))) : null,
      this.rulesLine(m.rules),
      h('p', { class: 'bk-next' }, nextText),
      edit ? this.entryForm(m.players, entryOffers(b.view, m.players.length), (f) => { const r = composeLine(f); if (r.line) this.line(r.line); return r; }) : null,
      h('div', { class: 'bk-scroll' }, h('table', { class: 'bk-table', 'aria-label': t('bk_sheet') }, h('thead', {}, head), h('tbody', {}, ...rows, total))),
      m.rows.length ? this.chart(b, b.seq) : null,
      h('div', { class: 'bk-row' },
        edit && m.undoSeq ? h('button', { type: 'button', id: 'bk-undo', onclick: () => {
          const msg = { type: 'book_undo', book: b.book, seq: m.undoSeq };
          this.undoing = true;
          const key = this.key();
          if (key) msg.key = key;
          this.net.send(msg);
        } }, t('bk_undo')) : null,
        h('a', { class: 'button', href: `/api/books/${b.book}/sheet.csv?lang=${getLang()}`, download: `${b.book}.csv` }, t('bk_csv'))),
      m.pay.length ? h('section', { class: 'panel' }, h('h3', {}, t('bk_pay')),
        h('ul', {}, ...m.pay.map((p) => h('li', {}, t('bk_pays', p.from, p.to, money(p.amount)))))) : null,
      this.shareBox(b));
  }

  // ---- a tournament: the table's sheet (shared by every page) ----
  tableSheet(view, tb) {
    return h('div', { class: 'bk-scroll' }, h('table', { class: 'bk-table', 'aria-label': `${t('table')} ${tb.table}` },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col', class: 'l' }, t('bk_deal')),
        ...tb.names.map((n, i) => h('th', { scope: 'col' }, `${n} (${tb.start[i]})`)))),
      h('tbody', {}, ...tb.games.map((g) => h('tr', { class: g.struck ? 'struck' : '' }, h('td', {}, g.game),
        h('td', { class: 'l' }, g.what, g.needs_approval && !g.approved ? h('span', { class: 'bk-flag' }, ` ${t('bk_needs_approval')}`) : null,
          g.versions > 1 ? h('span', { class: 'muted' }, ` (${t('bk_corrected')})`) : null),
        ...g.points.map((p) => h('td', { class: p < 0 ? 'neg' : p > 0 ? 'pos' : '' }, signed(p))))),
        h('tr', { class: 'sum' }, h('td', {}), h('td', { class: 'l' }, `${t('bk_total')} (${t('bk_games_of', tb.played, view.games)})`),
          ...tb.total.map((p) => h('td', {}, signed(p)))))));
  }

  // ---- the live standings (and what a reader sees of a tournament) ----
  livePage(b) {
    const v = b.view;
    const st = currentStage(v);
    const rows = standingsModel(v);
    return h('div', { class: 'bk-live-page' },
      h('h2', {}, b.title || t('bk_untitled'), ' ', h('span', { class: 'muted' }, t('bk_standings'))),
      h('p', { class: 'muted', 'aria-live': 'polite' }, t('bk_updated', new Date(b.updated * 1000).toLocaleTimeString(getLang())),
        st ? ` · ${t('bk_stage_progress', st.stage, st.tables.reduce((a, x) => a + x.played, 0), st.tables.length * v.games)}` : ''),
      h('div', { class: 'bk-scroll' }, h('table', { class: 'bk-table bk-standings', id: 'bk-standings' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('bk_place')), h('th', { scope: 'col' }, t('bk_no')), h('th', { scope: 'col', class: 'l' }, t('bk_player')),
          ...v.stages.map((s) => h('th', { scope: 'col' }, t('bk_stage_n', s.stage))), h('th', { scope: 'col' }, t('bk_points_total')), h('th', { scope: 'col' }, t('bk_prize')))),
        h('tbody', {}, ...rows.map((r) => h('tr', { class: r.withdrawn ? 'muted' : '' }, h('td', {}, r.place), h('td', {}, r.start),
          h('td', { class: 'l' }, r.shown), ...r.stage_points.map((p) => h('td', {}, signed(p))),
          h('td', {}, h('b', {}, signed(r.points))), h('td', {}, r.prize ? money(r.prize) : '')))))),
      this.route.live ? null : h('p', {}, h('a', { href: makeHash(b.book, { live: true }) }, t('bk_live_link')), ' · ',
        h('a', { href: `/api/books/${b.book}/standings.html?lang=${getLang()}` }, t('bk_print_standings'))),
      st && !this.route.live ? h('section', { class: 'panel' }, h('h3', {}, t('bk_stage_n', st.stage)),
        ...st.tables.map((tb) => h('div', {}, h('h4', {}, `${t('table')} ${tb.table}`), this.tableSheet(v, tb)))) : null);
  }

  // ---- the page a table's QR code opens: that table only ----
  tablePage(b) {
    const v = b.view;
    const tm = tableModel(v, b.table.stage, b.table.table);
    if (!tm) return h('p', {}, t('bk_stage_over'));
    const names = tm.players.map((p) => p.name);
    return h('div', { class: 'bk-tablepage' },
      h('h2', {}, `${t('table')} ${tm.table} · ${t('bk_stage_n', tm.stage)}`, ' ', h('span', { class: 'muted' }, b.title)),
      h('p', { class: 'bk-next' }, tm.done ? t('bk_table_done') : t('bk_game_next', tm.played + 1, v.games)),
      tm.done ? null : this.entryForm(names, entryOffers(v, names.length), (f) => { const r = tableLine(tm.table, f); if (r.line) this.line(r.line); return r; }, { big: true }),
      this.tableSheet(v, tm));
  }

  // ---- the organiser: registration, draw, tables, approvals, prizes ----
  organiserPage(b) {
    const v = b.view;
    const st = currentStage(v);
    const key = this.key();
    const lineForm = (id, label, fields, make) => h('form', { id, class: 'bk-row', onsubmit: (e) => {
      e.preventDefault();
      const text = make(e.target.elements);
      if (text) this.line(text);
    } }, ...fields, h('button', { type: 'submit' }, label));
    const nextStage = v.stages.length + 1;
    const players = h('div', { class: 'bk-scroll' }, h('table', { class: 'bk-table' },
      h('thead', {}, h('tr', {}, h('th', {}, t('bk_no')), h('th', { class: 'l' }, t('bk_player')), h('th', {}, t('bk_paid')), h('th', {}, ''))),
      h('tbody', {}, ...v.players.map((p) => h('tr', { class: p.withdrawn ? 'muted' : '' }, h('td', {}, p.start),
        h('td', { class: 'l' }, p.replaced ? `${p.name} (${p.replaced})` : p.name, p.withdrawn ? ` (${t('bk_withdrawn')})` : ''),
        h('td', {}, p.paid ? '✓' : h('button', { type: 'button', onclick: () => this.line(tour.paid(p.start)) }, t('bk_mark_paid'))),
        h('td', {}, p.withdrawn ? '' : h('button', { type: 'button', onclick: () => this.line(tour.withdraw(p.start)) }, t('bk_withdraw'))))))));
    return h('div', { class: 'bk-organiser' },
      h('h2', {}, b.title || t('bk_untitled'), ' ', h('span', { class: 'muted' }, t('bk_tournament'))),
      h('p', {}, `${t('bk_seed')}: `, h('code', {}, v.seed), ` · ${t('bk_games_per_stage', v.games)} · `,
        h('a', { href: makeHash(b.book, { live: true }) }, t('bk_live_link'))),
      h('section', { class: 'panel' }, h('h3', {}, t('bk_registration'), ` (${v.players.length})`),
        lineForm('bk-register', t('bk_register'), [field(t('bk_player'), h('input', { name: 'name', maxlength: 23, required: true })),
          h('label', { class: 'bk-check' }, h('input', { type: 'checkbox', name: 'paid', checked: true }), t('bk_paid'))],
        (f) => (nameOk(f.name.value.trim()) ? tour.register(f.name.value.trim(), f.paid.checked) : (this.say(t('bk_bad_name', f.name.value), true), null))),
        players,
        lineForm('bk-substitute', t('bk_substitute'), [field(t('bk_no'), num('no', { min: 1 })), field(t('bk_player'), h('input', { name: 'name', maxlength: 23 }))],
          (f) => tour.substitute(f.no.value, f.name.value.trim()))),
      h('section', { class: 'panel' }, h('h3', {}, t('bk_draw')),
        v.stages.length ? null : lineForm('bk-games', t('bk_set'), [field(t('bk_games_per_stage_label'), num('games', { min: 1, max: 64, value: v.games }))], (f) => tour.games(f.games.value)),
        lineForm('bk-draw', t('bk_draw_stage', nextStage), [field(t('bk_seating'), select('seating', [['five', t('bk_five')], ['byes', t('bk_byes')]]))],
          (f) => tour.draw(nextStage, f.seating.value === 'five')),
        stageComplete(v) ? null : h('p', { class: 'muted' }, t('bk_stage_running'))),
      st ? h('section', { class: 'panel' }, h('h3', {}, t('bk_stage_n', st.stage), ' ',
        h('a', { href: `/api/books/${b.book}/plan-${st.stage}.html?lang=${getLang()}` }, t('bk_print_plan')), ' · ',
        key ? this.printForm(b.book, `sheets-${st.stage}.html`, key, t('bk_print_sheets'))
          : h('a', { href: `/api/books/${b.book}/sheets-${st.stage}.html?lang=${getLang()}` }, t('bk_print_sheets'))),
        st.byes.length ? h('p', {}, `${t('bk_byes')}: ${st.byes.join(', ')}`) : null,
        ...st.tables.map((tb) => h('div', { class: 'bk-table-block' },
          h('h4', {}, `${t('table')} ${tb.table}`),
          key ? this.qrImage(b.book, st.stage, tb.table, key) : null,
          this.tableSheet(v, tb))),
        h('h4', {}, t('bk_enter_for')),
        this.organiserEntry(v, st)) : null,
      h('section', { class: 'panel' }, h('h3', {}, t('bk_approvals')),
        v.approvals.length ? h('ul', {}, ...v.approvals.map((a) => h('li', {}, `${t('table')} ${a.table}, ${t('bk_game')} ${a.game}: ${a.what} `,
          a.stage === (st && st.stage) ? h('button', { type: 'button', onclick: () => this.line(tour.approve(a.table, a.game, this.referee())) }, t('bk_approve')) : null)))
          : h('p', { class: 'muted' }, t('bk_no_approvals')),
        field(t('bk_referee'), h('input', { name: 'referee', id: 'bk-referee', value: this.refereeName || t('bk_referee'), maxlength: 23, onchange: (e) => { this.refereeName = e.target.value.trim(); } })),
        lineForm('bk-strike', t('bk_strike'), [field(t('table'), num('table', { min: 1 })), field(t('bk_game'), num('game', { min: 1 })), field(t('bk_why'), h('input', { name: 'why', required: true }))],
          (f) => tour.strike(f.table.value, f.game.value, this.referee(), f.why.value.trim())),
        lineForm('bk-correct', t('bk_correct'), [field(t('table'), num('table', { min: 1 })), field(t('bk_game'), num('game', { min: 1 })),
          field(t('bk_deal_line'), h('input', { name: 'deal', required: true, placeholder: 'game solo:H declarer=1 points=75' })), field(t('bk_why'), h('input', { name: 'why', required: true }))],
        (f) => tour.correct(f.table.value, f.game.value, this.referee(), f.deal.value.trim(), f.why.value.trim()))),
      h('section', { class: 'panel' }, h('h3', {}, t('bk_prizes')),
        v.prizes.length ? h('p', {}, v.prizes.map((c, i) => `${i + 1}. ${money(c)}`).join(' · ')) : null,
        lineForm('bk-prize', t('bk_set'), [field(t('bk_place'), num('place', { min: 1, max: 32 })), field(t('bk_euros'), h('input', { name: 'euros', inputmode: 'decimal', required: true }))],
          (f) => tour.prize(f.place.value, f.euros.value.trim().replace(',', '.'))),
        h('p', {}, h('a', { href: `/api/books/${b.book}/standings.html?lang=${getLang()}` }, t('bk_print_standings')))),
      h('section', { class: 'panel' }, h('h3', {}, t('bk_standings')), this.livePage({ ...b, title: '' }).querySelector('.bk-scroll')),
      h('details', { class: 'panel' }, h('summary', {}, t('bk_any_line')),
        lineForm('bk-any', t('bk_enter'), [field(t('bk_line'), h('input', { name: 'line', required: true, maxlength: 1024 }))], (f) => f.line.value.trim())),
      this.shareBox(b));
  }

  referee() { const r = (this.refereeName || t('bk_referee')).replace(/\s+/g, '_'); return r; }

  // The organiser enters a table's game too (a table without a phone).
  // A printable page that needs the organiser's key (the sheets with
  // their QR codes): a form that POSTs the key to a new tab -- a key
  // never goes in an address (docs/server.md, "Keys").
  printForm(book, page, key, label) {
    return h('form', { class: 'bk-print', method: 'post', action: `/api/books/${book}/${page}`, target: '_blank' },
      h('input', { type: 'hidden', name: 'key', value: key }),
      h('input', { type: 'hidden', name: 'lang', value: getLang() }),
      h('button', { type: 'submit' }, label));
  }

  // A table's QR code for the organiser: fetched with the key in the
  // X-Book-Key header and shown as a data: image (the server's policy
  // allows those); kept per table, so a redraw fetches nothing again.
  qrImage(book, stage, table, key) {
    const img = h('img', { class: 'bk-qr', width: 120, height: 120, alt: t('bk_qr_alt', table) });
    const id = `${book}/${stage}-${table}`;
    this.qrs = this.qrs || new Map();
    if (!this.qrs.has(id)) {
      this.qrs.set(id, fetch(`/api/books/${book}/qr/${stage}-${table}.svg`, { headers: { 'X-Book-Key': key } })
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
        .then((svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)
        .catch((e) => { this.qrs.delete(id); throw e; }));
    }
    this.qrs.get(id).then((url) => { img.src = url; }, () => {});
    return img;
  }

  organiserEntry(v, st) {
    const tableNo = this.orgTable && st.tables.some((x) => x.table === this.orgTable) ? this.orgTable : st.tables[0].table;
    const tm = tableModel(v, st.stage, tableNo);
    return h('div', {},
      field(t('table'), select('orgtable', st.tables.map((x) => [String(x.table), String(x.table)]), String(tableNo))),
      this.entryForm(tm.players.map((p) => p.name), entryOffers(v, tm.players.length), (f) => { const r = tableLine(tableNo, f); if (r.line) this.line(r.line); return r; }));
  }
}

const app = new Books();
document.addEventListener('change', (e) => {
  if (e.target.name === 'orgtable') { app.orgTable = Number(e.target.value); app.render(); }
});
app.start();
