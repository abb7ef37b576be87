// bookmodel.js -- score keeping without the page: the lines the entry
// forms compose (the syntax of `schafkopf sheet` and `schafkopf
// tournament`, English words, docs/rules.md "Score keeping",
// docs/tournament.md), what a `book` message comes to for a page, the
// page's address (#b=CODE&k=KEY) and the keys remembered in this browser.
// No DOM here: tests/web/books.test.mjs runs it under node.

// Every contract the entry form can name, in the order it lists them:
// record codes (src/core/contract.c), and `kreuzbock`, the word a line
// uses for a Kreuzbock game (a Sauspiel of the pairs across, no Sau
// called); a Tout is a checkbox that adds ":tout".
export const CONTRACTS = ['sauspiel:E', 'sauspiel:G', 'sauspiel:S', 'kreuzbock', 'hochzeit',
  'solo:E', 'solo:G', 'solo:H', 'solo:S', 'wenz', 'geier',
  'farbwenz:E', 'farbwenz:G', 'farbwenz:H', 'farbwenz:S', 'farbgeier:E', 'farbgeier:G', 'farbgeier:H', 'farbgeier:S',
  'bettel', 'bettel:ouvert', 'sie'];

// Whether a contract is played with a partner who must be named: a
// Sauspiel's called Sau (2.5.1), a Hochzeit's taker (002).  A Kreuzbock
// game's partner is the seat across; the sheet fills him in.
export function takesPartner(contract) {
  return /^sauspiel:/.test(contract || '') || contract === 'hochzeit';
}

// Whether a contract may be announced Tout (2.8 and its kin).
function toutable(contract) {
  return /^(solo|wenz|geier|farbwenz|farbgeier)(:[EGHS])?$/.test(contract || '');
}

// What the entry form offers for a book's view: the server's `entry`
// (what the ruleset plays, asked of the checker, docs/server-protocol.md
// "book") and, for an evening, the next deal (a Kreuzbock round plays
// only Kreuzbock games).  Without an `entry` everything is offered and
// the server refuses what does not fit.
//   {kinds, contracts (form values, CONTRACTS order), tout (contracts that
//    may be Tout), muss, penaltyRamsch, winners, jungfrau (most), durchmarsch,
//    kontra (most), laid (most), kreuzbockRound}
export function entryOffers(view, nplayers = 4) {
  const e = (view && view.entry) || null;
  const seats = nplayers === 3 ? 3 : 4;
  const round = !!(view && view.next && view.next.kreuzbock);
  const codes = new Set(e ? e.contracts : CONTRACTS.flatMap((c) => [c, `${c}:tout`]));
  const all = e ? { ...e } : { thrown_in: true, ramsch: true, winners: true, jungfrau: true, durchmarsch: true,
    muss: true, kreuzbock: true, kontra: 4, laid: seats };
  let contracts = CONTRACTS.filter((c) => (c === 'kreuzbock' ? all.kreuzbock || round : codes.has(c)));
  if (e) contracts.push(...e.contracts.filter((c) => !/:tout$/.test(c) && !CONTRACTS.includes(c))); // newer contracts
  if (round) contracts = ['kreuzbock'];
  const ramsch = !!all.ramsch && !round;
  const kinds = ['game', ...(all.thrown_in && !round ? ['thrown'] : []), ...(ramsch ? ['ramsch'] : []), 'penalty', 'redeal'];
  return { kinds, contracts, tout: contracts.filter((c) => toutable(c) && codes.has(`${c}:tout`)),
    muss: !!all.muss && !round, penaltyRamsch: ramsch, winners: ramsch && !!all.winners,
    jungfrau: ramsch && all.jungfrau ? seats - (all.durchmarsch ? 2 : 1) : 0, durchmarsch: ramsch && !!all.durchmarsch,
    kontra: all.kontra || 0, laid: all.laid || 0, kreuzbockRound: round };
}

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
//   {kind: 'game'|'thrown'|'ramsch'|'penalty'|'redeal', contract (a
//    CONTRACTS value, or 'ramsch' for a penalty in a Ramsch), tout, muss,
//    declarer, partner, result: 'points'|'won'|'lost', points, schneider,
//    schwarz, laufende, kontra, laid, losers: [], winners: [], schieberamsch
//    (the ruleset's Ramsch has winners), jungfrau, durchmarsch, fault,
//    offender, revealer}
// in the syntax of the sheet's parser (src/table/sheet.c): `kreuzbock`
// for a Kreuzbock game (the sheet names the partner across), a partner
// only where the contract takes one, `muss`, `revealer=` for 3.4.18,
// `winners=A,B` and `jungfrau=N` in a Ramsch.  Returns {line} or {error:
// KEY} (an i18n key) for what the form lacks; everything else is the
// server's to check (it names the rule).
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
    const winners = (f.winners || []).filter(Boolean);
    if (!losers.length) return { error: 'bk_need_losers' };
    if (f.schieberamsch && !winners.length) return { error: 'bk_need_winners' };
    const parts = ['ramsch', `losers=${losers.join(',')}`];
    if (winners.length) parts.push(`winners=${winners.join(',')}`);
    const j = whole(f.jungfrau);
    if (j) parts.push(`jungfrau=${j}`);
    return { line: parts.join(' ') };
  }
  if (kind === 'penalty' && !f.fault) return { error: 'bk_need_fault' };
  if (!f.contract) return { error: 'bk_need_contract' };
  const head = kind === 'penalty' ? `penalty ${f.fault}` : 'game';
  if (kind === 'penalty' && f.contract === 'ramsch') { // the offender loses the Ramsch alone
    if (!f.offender) return { error: 'bk_need_offender' };
    return { line: `${head} ramsch offender=${f.offender}` };
  }
  if (!f.declarer) return { error: 'bk_need_declarer' };
  const contract = f.tout && toutable(f.contract) ? `${f.contract}:tout` : f.contract;
  const parts = [head, contract];
  if (kind === 'game' && f.muss) parts.push('muss');
  parts.push(`declarer=${f.declarer}`);
  if (takesPartner(f.contract) && f.partner) parts.push(`partner=${f.partner}`);
  else if (takesPartner(f.contract) && !(kind === 'penalty' && f.fault === '2.4.10')) return { error: 'bk_need_partner' };
  if (kind === 'penalty') {
    if (!f.offender) return { error: 'bk_need_offender' };
    parts.push(`offender=${f.offender}`);
    if (f.fault === '3.4.18') {
      if (!f.revealer) return { error: 'bk_need_revealer' };
      parts.push(`revealer=${f.revealer}`);
    }
    return { line: parts.join(' ') };
  }
  if (f.result === 'points') {
    const p = whole(f.points);
    if (p === null || p > 120) return { error: 'bk_need_points' };
    parts.push(`points=${p}`);
    if (f.schwarz) parts.push('schwarz'); // card points do not show it (4.1.4)
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
