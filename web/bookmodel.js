// bookmodel.js -- score keeping without the page: the lines the entry
// forms compose (the syntax of `schafkopf sheet` and `schafkopf
// tournament`, English words, docs/rules.md "Score keeping",
// docs/tournament.md), what a `book` message comes to for a page, the
// page's address (#b=CODE&k=KEY) and the keys remembered in this browser.
// No DOM here: tests/web/books.test.mjs runs it under node.

// The contracts the evening's form offers, as record codes.
export const CONTRACTS = ['sauspiel:E', 'sauspiel:G', 'sauspiel:S', 'solo:E', 'solo:G', 'solo:H', 'solo:S',
  'wenz', 'farbwenz:E', 'farbwenz:G', 'farbwenz:H', 'farbwenz:S', 'geier', 'bettel', 'bettel:ouvert', 'sie'];

// The faults of 2.4.10 and 3.4 a penalty or a redeal names.
export const FAULTS = ['2.4.10', '3.4.7', '3.4.8', '3.4.9', '3.4.11', '3.4.12', '3.4.14', '3.4.15', '3.4.18'];
export const MISDEALS = ['3.4.2', '3.4.5', '3.4.6', '3.4.13'];

const NAME = /^[\p{L}\p{N}._-]+$/u;

// Whether a player's name is one a sheet takes: letters, digits, - _ .,
// not only digits, at most 23 bytes (sk_sheet_name_ok).
export function nameOk(s) {
  return typeof s === 'string' && NAME.test(s) && !/^\d+$/.test(s) && new TextEncoder().encode(s).length <= 23;
}

// Splits a list of names typed with commas, spaces or new lines.
export function splitNames(text) {
  return String(text || '').split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
}

// A whole number from a form's text, or null.
function whole(v) {
  const s = String(v ?? '').trim();
  return /^\d+$/.test(s) ? Number(s) : null;
}

// Composes one deal's line from the entry form's fields:
//   {kind: 'game'|'thrown'|'ramsch'|'penalty'|'redeal', contract, tout,
//    declarer, partner, result: 'points'|'won'|'lost', points, schneider,
//    schwarz, laufende, kontra, laid, losers: [], durchmarsch, fault,
//    offender}
// Returns {line} or {error: KEY} (an i18n key) for what the form lacks;
// everything else is the server's to check (it names the rule).
export function composeLine(f) {
  const kind = f.kind || 'game';
  if (kind === 'thrown') return { line: 'thrown_in' };
  if (kind === 'redeal') {
    if (!f.fault) return { error: 'bk_need_fault' };
    return { line: `redeal ${f.fault}` };
  }
  if (kind === 'ramsch') {
    if (f.durchmarsch) return { line: `ramsch durchmarsch=${f.durchmarsch}` };
    const losers = (f.losers || []).filter(Boolean);
    if (!losers.length) return { error: 'bk_need_losers' };
    return { line: `ramsch losers=${losers.join(',')}` };
  }
  if (!f.contract) return { error: 'bk_need_contract' };
  if (!f.declarer) return { error: 'bk_need_declarer' };
  const contract = f.tout && !/:tout$/.test(f.contract) && f.contract !== 'sie' ? `${f.contract}:tout` : f.contract;
  const parts = [kind === 'penalty' ? `penalty ${f.fault || ''}`.trim() : 'game', contract, `declarer=${f.declarer}`];
  if (kind === 'penalty' && !f.fault) return { error: 'bk_need_fault' };
  if (f.partner) parts.push(`partner=${f.partner}`);
  if (kind === 'penalty') {
    if (!f.offender) return { error: 'bk_need_offender' };
    parts.push(`offender=${f.offender}`);
    return { line: parts.join(' ') };
  }
  if (f.result === 'points') {
    const p = whole(f.points);
    if (p === null || p > 120) return { error: 'bk_need_points' };
    parts.push(`points=${p}`);
  } else if (f.result === 'won' || f.result === 'lost') {
    parts.push(f.result);
    if (f.schwarz) parts.push('schneider', 'schwarz');
    else if (f.schneider) parts.push('schneider');
  } else {
    return { error: 'bk_need_result' };
  }
  for (const k of ['laufende', 'kontra', 'laid']) {
    const n = whole(f[k]);
    if (n) parts.push(`${k}=${n}`);
  }
  return { line: parts.join(' ') };
}

// A tournament table's game: "table T DEAL" (the table's phone and the
// organiser both write it so).
export function tableLine(table, f) {
  const r = composeLine(f);
  return r.line ? { line: `table ${table} ${r.line}` } : r;
}

// The organiser's lines (English words, docs/tournament.md).
export const tour = {
  register: (name, paid) => `register ${name}${paid ? ' paid' : ''}`,
  paid: (n) => `paid ${n}`,
  withdraw: (n) => `withdraw ${n}`,
  substitute: (n, name) => `substitute ${n} ${name}`,
  games: (n) => `games ${n}`,
  draw: (stage, five) => `draw ${stage} ${five ? 'five' : 'byes'}`,
  approve: (table, game, by) => `approve ${table} ${game} by=${by}`,
  strike: (table, game, by, why) => `strike ${table} ${game} by=${by} -- ${why}`,
  correct: (table, game, by, deal, why) => `correct ${table} ${game} by=${by} ${deal} -- ${why}`,
  prize: (place, euros) => `prize ${place} ${euros}`,
};

// What an evening's `book` comes to for its page: the players, each row
// with the running totals, the totals, who pays whom, the next deal,
// and the line `book_undo` would take back.
export function sheetModel(book) {
  const v = book.view;
  const rows = v.rows.map((r, i) => ({ ...r, no: i + 1 }));
  const last = book.lines.length ? book.lines[book.lines.length - 1].seq : null;
  return { players: v.players, rows, money: v.money, points: v.points, stock: v.stock, pay: v.pay, next: v.next,
    undoSeq: last, seq: book.seq, rules: v.rules };
}

// A tournament's current stage (the last drawn), or null.
export function currentStage(view) {
  return view.stages.length ? view.stages[view.stages.length - 1] : null;
}

// One table of a stage with its players named: {table, players: [{start,
// name}], games, total, checks, played}.
export function tableModel(view, stage, table) {
  const st = view.stages.find((s) => s.stage === stage);
  const tb = st && st.tables.find((x) => x.table === table);
  if (!tb) return null;
  return { ...tb, stage, players: tb.start.map((s, i) => ({ start: s, name: tb.names[i] })),
    done: tb.played >= view.games };
}

// The standings rows for the live page: place, name (with "für OLD"),
// points, stage points and the prize.
export function standingsModel(view) {
  return view.standings.map((s) => ({ ...s, shown: s.replaced ? `${s.name} (${s.replaced})` : s.name }));
}

// Whether every table of the current stage has played the stage's games
// (the next stage may be drawn).
export function stageComplete(view) {
  const st = currentStage(view);
  return !st || st.tables.every((tb) => tb.played >= view.games);
}

// The page's address: #b=CODE[&k=KEY][&live]; null fields when absent.
export function parseHash(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const b = p.get('b');
  const k = p.get('k');
  return { book: b && /^[a-km-np-z2-9]{16}$/.test(b) ? b : null,
    key: k && /^([0-9a-f]{64}|[0-9a-f]{32})$/.test(k) ? k : null, live: p.has('live') };
}

export function makeHash(book, { key = null, live = false } = {}) {
  return `#b=${book}${key ? `&k=${key}` : ''}${live ? '&live' : ''}`;
}

// The books this browser keeps a key or a visit of: [{book, kind, title,
// key}], newest first, at most 50.
const BOOKS_KEY = 'schafkopf.books';

export function loadBooks(storage) {
  try { const a = JSON.parse(storage.getItem(BOOKS_KEY) || '[]'); return Array.isArray(a) ? a : []; } catch { return []; }
}

export function rememberBook(storage, entry) {
  const old = loadBooks(storage).find((b) => b.book === entry.book) || {};
  const merged = { ...old, ...Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined && v !== null)) };
  const list = [merged, ...loadBooks(storage).filter((b) => b.book !== entry.book)].slice(0, 50);
  try { storage.setItem(BOOKS_KEY, JSON.stringify(list)); } catch { /* not kept */ }
  return merged;
}

export function keyOf(storage, book) {
  const e = loadBooks(storage).find((b) => b.book === book);
  return e && e.key ? e.key : null;
}
