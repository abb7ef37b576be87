// cards.js — the 32 cards of the Bavarian (German-suited) deck as SVG markup.
//
// Everything is drawn here from a handful of shapes: one path builder per suit symbol
// (drawn in a 20x20 box centred on 0,0 and placed with translate/scale), a layout table for
// the pips of the number cards, a table of figures for König, Ober and Unter, the Sau's pig
// and one corner index. A card is a viewBox of 56x100 units (the 56 x 100 mm of rule 1.2 of
// the official rules), so it scales to any size; the markup carries no id attributes, so any
// number of cards can share a page.
//
// Card codes are the project's notation (DESIGN.md "Cards"): suit E G H S + rank A Z K O U 9 8 7.
// A bad code or suit throws a TypeError (cardSvg, cardName, suitSvg); isCard() tests first.
//
// Classes for styling: the root is <svg class="card card-EO"> (the back: "card card-back"),
// its outline rect is class "card-edge" (a page in dark mode may recolour its stroke), every
// pip of a number card is <g class="pip">. Fills are fixed: cards keep a light face in both
// themes, like real cards.

export const SUITS = Object.freeze(['E', 'G', 'H', 'S']);
export const RANKS = Object.freeze(['A', 'Z', 'K', 'O', 'U', '9', '8', '7']);

const W = 56;
const H = 100;
const FACE = '#fffdf6';
const INK = '#222';
const FONT = "Arial, Helvetica, 'DejaVu Sans', sans-serif";

const NAMES = {
  de: {
    suit: { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schellen' },
    rank: { A: 'Sau', Z: 'Zehn', K: 'König', O: 'Ober', U: 'Unter', 9: 'Neun', 8: 'Acht', 7: 'Sieben' },
    join: (s, r) => `${s}-${r}`,
  },
  en: {
    suit: { E: 'Acorn', G: 'Leaf', H: 'Heart', S: 'Bell' },
    rank: { A: 'Ace (Sau)', Z: 'Ten', K: 'King', O: 'Ober', U: 'Unter', 9: 'Nine', 8: 'Eight', 7: 'Seven' },
    join: (s, r) => `${s} ${r}`,
  },
};

// Corner index text per rank: the Sau has no number on real cards, so it shows "A".
const INDEX = { A: 'A', Z: '10', K: 'K', O: 'O', U: 'U', 9: '9', 8: '8', 7: '7' };

// Suit symbols in a 20x20 box centred on 0,0. Each differs in shape, not only in colour:
// acorn = dark cap over an oval nut with a stem, leaf = pointed top with veins and a stem,
// heart = two lobes over a point, bell = a ball with a ring on top, a band and a slit.
const SYMBOLS = {
  E: [
    '<path d="M0 -7V-10" stroke="#4a2c0e" stroke-width="1.8" stroke-linecap="round"/>',
    '<ellipse cx="0" cy="2.6" rx="5.6" ry="7" fill="#d9a441" stroke="#4a2c0e" stroke-width="0.9"/>',
    '<path d="M-2.6 1.5Q-2.8 5.5 -0.6 8" fill="none" stroke="#f6dc9a" stroke-width="1" stroke-linecap="round"/>',
    '<path d="M-7.6 -0.8C-7.6 -5.8 -4 -8.2 0 -8.2S7.6 -5.8 7.6 -0.8Z" fill="#6b3f16" stroke="#33200a" stroke-width="0.9"/>',
    '<path d="M-5 -5.5L-2.5 -1.2M-1.5 -7.6L1.8 -1.2M2.6 -7.2L5.3 -2.4M-6.2 -2.6L-4.6 -1.2" stroke="#b88550" stroke-width="0.6" fill="none"/>',
  ].join(''),
  G: [
    '<path d="M0 2V10" stroke="#1b5a18" stroke-width="1.9" stroke-linecap="round"/>',
    '<path d="M0 -10C3 -6.5 9 -3 9 1.8C9 6 5.5 7.6 2.5 6.6C1.4 6.2 0.6 5.6 0 5C-0.6 5.6 -1.4 6.2 -2.5 6.6C-5.5 7.6 -9 6 -9 1.8C-9 -3 -3 -6.5 0 -10Z" fill="#3c9b36" stroke="#1b5a18" stroke-width="0.9"/>',
    '<path d="M0 4.5V-7M0 -1.5L-4.2 -4.6M0 -1.5L4.2 -4.6M0 2.2L-5.6 -0.4M0 2.2L5.6 -0.4" fill="none" stroke="#1b5a18" stroke-width="0.8"/>',
  ].join(''),
  H: [
    '<path d="M0 9C-3 6 -10 1.5 -10 -3.5C-10 -7.5 -6.5 -9.6 -3.8 -9.1C-2 -8.8 -0.6 -7.4 0 -5.8C0.6 -7.4 2 -8.8 3.8 -9.1C6.5 -9.6 10 -7.5 10 -3.5C10 1.5 3 6 0 9Z" fill="#d8202a" stroke="#7a0d12" stroke-width="0.9"/>',
    '<ellipse cx="-5" cy="-4.6" rx="2.2" ry="1.2" transform="rotate(-40 -5 -4.6)" fill="#fff" opacity="0.55"/>',
  ].join(''),
  S: [
    '<circle cx="0" cy="-7.8" r="2" fill="none" stroke="#6a3a00" stroke-width="1.3"/>',
    '<circle cx="0" cy="1.4" r="8.2" fill="#f4b400" stroke="#6a3a00" stroke-width="0.9"/>',
    '<path d="M-8.1 -0.6Q0 2.6 8.1 -0.6L7.9 1.9Q0 5.1 -7.9 1.9Z" fill="#c8372d" stroke="#6a3a00" stroke-width="0.5"/>',
    '<path d="M-3.8 6.2H3.8" stroke="#4a2800" stroke-width="1.3" stroke-linecap="round"/>',
    '<circle cx="-3.8" cy="6.2" r="1.1" fill="#4a2800"/><circle cx="3.8" cy="6.2" r="1.1" fill="#4a2800"/>',
    '<ellipse cx="-3.6" cy="-2.8" rx="2" ry="1.2" transform="rotate(-30 -3.6 -2.8)" fill="#fff" opacity="0.5"/>',
  ].join(''),
};

// Pip centres of the number cards in card units: two columns (x 24.5 and 46.5) and a centre
// column (x 35.5), clear of the corner index on the left; rows 23 units apart.
const PIPS = {
  7: [[24.5, 16], [46.5, 16], [35.5, 33], [24.5, 50.5], [46.5, 50.5], [24.5, 85], [46.5, 85]],
  8: [[24.5, 16], [46.5, 16], [24.5, 39], [46.5, 39], [24.5, 62], [46.5, 62], [24.5, 85], [46.5, 85]],
  9: [[24.5, 16], [46.5, 16], [24.5, 39], [46.5, 39], [35.5, 50.5], [24.5, 62], [46.5, 62], [24.5, 85], [46.5, 85]],
  Z: [[24.5, 16], [46.5, 16], [35.5, 27.5], [24.5, 39], [46.5, 39], [24.5, 62], [46.5, 62], [35.5, 73.5], [24.5, 85], [46.5, 85]],
};
const PIP_SCALE = 0.66;

// The three figures, in card units. head: centre; hat: 'crown' or 'cap'; robe: outline;
// belt: [x1, x2, y] or null; arms: [shoulder x, y, hand x, y] each; sym: where the suit
// symbol is held [x, y, scale]; sceptre: [x, top, bottom] or null; collar: an ermine trim.
// The Ober holds his symbol above his head, the Unter at his knee, the König on his chest.
const FIGURES = {
  K: {
    colour: '#5b3f9a', head: [35, 33], hat: 'crown',
    robe: 'M22 46Q35 38 48 46L52 95H18Z', belt: null,
    arms: [[24.5, 48, 21.5, 70], [45.5, 48, 49, 64]],
    sceptre: [49, 40, 90], sym: [35, 64, 0.72], collar: 'M22 46Q35 38 48 46',
  },
  O: {
    colour: '#a23240', head: [34, 40], hat: 'cap',
    robe: 'M25 51Q34 45 43 51L48 95H20Z', belt: [22.7, 45.3, 71],
    arms: [[26.5, 53, 23, 74], [41.5, 53, 45, 30]],
    sceptre: null, sym: [45, 18, 0.82], collar: null,
  },
  U: {
    colour: '#2d6a8f', head: [34, 27], hat: 'cap',
    robe: 'M25 38Q34 32 43 38L48 95H20Z', belt: [22.6, 45.4, 60],
    arms: [[26.5, 40, 23, 61], [41.5, 40, 45, 65]],
    sceptre: null, sym: [45, 76, 0.82], collar: null,
  },
};

// True when code is one of the 32 card codes (a string: suit letter then rank letter).
export function isCard(code) {
  return typeof code === 'string' && code.length === 2 &&
    SUITS.includes(code[0]) && RANKS.includes(code[1]);
}

// Throws a TypeError unless code is a card code; the one check every entry point shares.
function checkCard(code) {
  if (!isCard(code)) throw new TypeError(`not a card code: ${JSON.stringify(code)}`);
}

// Escapes text for element content and attribute values.
function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Rounds to two decimals so the markup stays short.
function n(x) {
  return Math.round(x * 100) / 100;
}

// A suit symbol centred at x,y, scaled (1 = 20 units); cls names the group (e.g. "pip").
function symbol(suit, x, y, scale, cls) {
  const c = cls ? ` class="${cls}"` : '';
  return `<g${c} transform="translate(${n(x)} ${n(y)}) scale(${n(scale)})">${SYMBOLS[suit]}</g>`;
}

// A light disc behind a symbol that sits on a figure, so the symbol keeps its outline.
function halo(x, y, scale) {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(11 * scale)}" fill="${FACE}" stroke="#888" stroke-width="0.5"/>`;
}

// An arm from shoulder to hand: a dark outline under a sleeve of the robe's colour, a hand.
function arm([x1, y1, x2, y2], colour) {
  const d = `M${x1} ${y1}L${x2} ${y2}`;
  return `<path d="${d}" stroke="${INK}" stroke-width="5.6" stroke-linecap="round"/>` +
    `<path d="${d}" stroke="${colour}" stroke-width="4" stroke-linecap="round"/>` +
    `<circle cx="${x2}" cy="${y2}" r="2.2" fill="#f1c9a0" stroke="${INK}" stroke-width="0.6"/>`;
}

// A head at x,y with a crown (König) or a feathered cap (Ober, Unter).
function head(x, y, hat) {
  const face = `<circle cx="${x}" cy="${y}" r="6.5" fill="#f1c9a0" stroke="${INK}" stroke-width="0.8"/>`;
  if (hat === 'crown') {
    const beard = `<path d="M${x - 5} ${y + 2}Q${x} ${y + 12} ${x + 5} ${y + 2}Q${x} ${y + 5} ${x - 5} ${y + 2}Z" fill="#eee" stroke="${INK}" stroke-width="0.6"/>`;
    const crown = `<path d="M${x - 7} ${y - 4}L${x - 7.5} ${y - 13}L${x - 3.5} ${y - 8}L${x} ${y - 14.5}L${x + 3.5} ${y - 8}L${x + 7.5} ${y - 13}L${x + 7} ${y - 4}Z" fill="#e8b923" stroke="#6b4e00" stroke-width="0.8"/>`;
    return face + beard + crown;
  }
  const cap = `<path d="M${x - 7.5} ${y - 2}Q${x - 6} ${y - 10} ${x + 1} ${y - 9}Q${x + 8} ${y - 8} ${x + 7.5} ${y - 2}Z" fill="#333" stroke="${INK}" stroke-width="0.6"/>`;
  const feather = `<path d="M${x + 4} ${y - 8}Q${x + 10} ${y - 15} ${x + 12} ${y - 12}Q${x + 8} ${y - 11} ${x + 5} ${y - 6}Z" fill="#e6e0c8" stroke="${INK}" stroke-width="0.5"/>`;
  return face + feather + cap;
}

// A figure card's face (König, Ober, Unter) from its row in FIGURES.
function figure(suit, rank) {
  const f = FIGURES[rank];
  const [hx, hy] = f.head;
  const [sx, sy, ss] = f.sym;
  const parts = [`<path d="${f.robe}" fill="${f.colour}" stroke="${INK}" stroke-width="0.8"/>`];
  if (f.belt) parts.push(`<path d="M${f.belt[0]} ${f.belt[2]}H${f.belt[1]}" stroke="#e8c15a" stroke-width="2"/>`);
  if (f.sceptre) {
    const [x, top, bottom] = f.sceptre;
    parts.push(`<path d="M${x} ${top}V${bottom}" stroke="#6b4e00" stroke-width="1.6"/>`,
      `<circle cx="${x}" cy="${top - 1}" r="2.2" fill="#e8b923" stroke="#6b4e00" stroke-width="0.6"/>`);
  }
  if (f.collar) parts.push(`<path d="${f.collar}" fill="none" stroke="#f4f1e6" stroke-width="3"/>`);
  parts.push(...f.arms.map((a) => arm(a, f.colour)), head(hx, hy, f.hat));
  parts.push(halo(sx, sy, ss), symbol(suit, sx, sy, ss));
  return parts.join('');
}

// The Sau's pig (the card's name: a sow once stood on the aces), drawn around 0,0, facing right.
const PIG = [
  ['M-7 3V10', 'M-2.5 4V10', 'M3.5 4V10', 'M7.5 3V10']
    .map((d) => `<path d="${d}" stroke="#5a2a36" stroke-width="3" stroke-linecap="round"/>` +
      `<path d="${d}" stroke="#f4a7b9" stroke-width="1.6" stroke-linecap="round"/>`).join(''),
  '<path d="M-11 -2Q-15 -6 -15.5 -2Q-16 1 -13.5 0" fill="none" stroke="#5a2a36" stroke-width="0.9"/>',
  '<ellipse cx="0" cy="0" rx="11.5" ry="7" fill="#f4a7b9" stroke="#5a2a36" stroke-width="0.9"/>',
  '<circle cx="11" cy="-2.5" r="5.2" fill="#f4a7b9" stroke="#5a2a36" stroke-width="0.9"/>',
  '<path d="M8.5 -6.5L10 -11.5L13.2 -7Z" fill="#e68aa0" stroke="#5a2a36" stroke-width="0.7"/>',
  '<ellipse cx="16" cy="-1.5" rx="2" ry="2.6" fill="#e68aa0" stroke="#5a2a36" stroke-width="0.7"/>',
  '<circle cx="16" cy="-2.5" r="0.5" fill="#5a2a36"/><circle cx="16" cy="-0.5" r="0.5" fill="#5a2a36"/>',
  '<circle cx="12" cy="-4" r="0.8" fill="#222"/>',
].join('');

// The face right of the corner index: a big symbol and the pig (Sau), a figure or the pips.
function face(suit, rank) {
  if (rank === 'A') return symbol(suit, 35.5, 40, 1.55) + `<g transform="translate(34.5 80)">${PIG}</g>`;
  if (FIGURES[rank]) return figure(suit, rank);
  return PIPS[rank].map(([x, y]) => symbol(suit, x, y, PIP_SCALE, 'pip')).join('');
}

// The top-left index: a large rank, a small suit symbol, and for Ober/Unter a bar with the
// symbol above it (Ober) or below it (Unter), as on the real cards.
function cornerIndex(suit, rank) {
  const t = INDEX[rank];
  const fit = t.length > 1 ? ' textLength="14" lengthAdjust="spacingAndGlyphs"' : '';
  const text = `<text x="8.5" y="17.5" text-anchor="middle" font-family="${FONT}" font-size="18" font-weight="700" fill="${INK}"${fit}>${t}</text>`;
  const bar = (y) => `<path d="M2.5 ${y}H14.5" stroke="${INK}" stroke-width="1.8"/>`;
  if (rank === 'O') return text + symbol(suit, 8.5, 27, 0.7) + bar(36);
  if (rank === 'U') return text + bar(21.5) + symbol(suit, 8.5, 31, 0.7);
  return text + symbol(suit, 8.5, 27, 0.7);
}

// Opening tag shared by fronts and back; cls are the root's classes. With opts.title the
// svg is an image named by its <title>; without, it is hidden from screen readers (the
// button or element around it carries the label, e.g. cardName as aria-label).
function open(cls, opts) {
  const o = opts || {};
  const extra = o.className ? ` ${esc(o.className)}` : '';
  const label = o.title != null ? `role="img"><title>${esc(o.title)}</title>` : 'aria-hidden="true">';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="${cls}${extra}" ${label}`;
}

// The card's rounded outline; class card-edge lets a dark page recolour the stroke.
function edge(fill) {
  return `<rect class="card-edge" x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" rx="4" fill="${fill}" stroke="#555" stroke-width="1"/>`;
}

// SVG markup of the card code ("EO", "HZ", "S7"); opts.title adds a <title> (and role="img";
// without it the svg is aria-hidden), opts.className more classes on the root.
// Throws a TypeError for anything but the 32 codes.
export function cardSvg(code, opts = {}) {
  checkCard(code);
  const [suit, rank] = code;
  return open(`card card-${code}`, opts) + edge(FACE) + face(suit, rank) +
    cornerIndex(suit, rank) + '</svg>';
}

// SVG markup of the card back: a blue field with a diamond lattice and a medallion of the
// four suits. opts as for cardSvg.
export function cardBackSvg(opts = {}) {
  const diamonds = [];
  for (let y = 10; y <= H - 10; y += 8) {
    for (let x = 10 + ((y - 10) / 8 % 2) * 4; x <= W - 10; x += 8) {
      diamonds.push(`M${x} ${y - 2.6}L${x + 2.6} ${y}L${x} ${y + 2.6}L${x - 2.6} ${y}Z`);
    }
  }
  const medallion = `<ellipse cx="${W / 2}" cy="${H / 2}" rx="15" ry="19" fill="${FACE}" stroke="#c9a94a" stroke-width="1.5"/>` +
    [['E', -6, -7], ['G', 6, -7], ['H', -6, 7], ['S', 6, 7]]
      .map(([s, dx, dy]) => symbol(s, W / 2 + dx, H / 2 + dy, 0.5)).join('');
  return open('card card-back', opts) + edge('#24508a') +
    `<rect x="4" y="4" width="${W - 8}" height="${H - 8}" rx="2.5" fill="none" stroke="#f3ead2" stroke-width="1"/>` +
    `<path d="${diamonds.join('')}" fill="#3d6fb0"/>` + medallion + '</svg>';
}

// A lone suit symbol as an SVG of size x size pixels (default 16), for the table's called
// ace, trump suit and so on; opts.title names it for screen readers, otherwise it is hidden.
export function suitSvg(suit, size = 16, opts = {}) {
  if (!SUITS.includes(suit)) throw new TypeError(`not a suit: ${JSON.stringify(suit)}`);
  const s = Number(size) > 0 ? Number(size) : 16;
  const title = opts && opts.title != null ? opts.title : null;
  const label = title != null ? `role="img"><title>${esc(title)}</title>` : 'aria-hidden="true">';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-10.5 -10.5 21 21" width="${s}" height="${s}" class="suit suit-${suit}" ${label}${SYMBOLS[suit]}</svg>`;
}

// The full name of a card for labels: "Eichel-Ober" (lang "de", the default) or
// "Acorn Ober" (lang "en"); any other lang gives German. Throws a TypeError for a bad code.
export function cardName(code, lang = 'de') {
  checkCard(code);
  const t = NAMES[lang] || NAMES.de;
  return t.join(t.suit[code[0]], t.rank[code[1]]);
}

// The name of a suit alone ("Eichel" / "Acorn"), for labels next to suitSvg.
export function suitName(suit, lang = 'de') {
  if (!SUITS.includes(suit)) throw new TypeError(`not a suit: ${JSON.stringify(suit)}`);
  return (NAMES[lang] || NAMES.de).suit[suit];
}
