// Tests of web/cards.js (the SVG card faces of the browser client).
// Run: node --test tests/web/
// 1.2: the deck is the 32-card Bavarian pack, suits E G H S (1.2.2), ranks A Z K O U 9 8 7
// (1.2.3); card notation as in DESIGN.md and docs/record-format.md.

import test from 'node:test';
import assert from 'node:assert/strict';
import {
  SUITS, RANKS, isCard, cardSvg, cardBackSvg, cardName, suitSvg, suitName,
} from '../../web/cards.js';

const CODES = SUITS.flatMap((s) => RANKS.map((r) => s + r));

// Checks that markup is one well-formed element tree: every tag is name + quoted attributes,
// every opening tag is closed in order, one root element, and no text outside it. Returns the
// list of element names opened (in document order), throws an Error saying where it broke.
function parseTags(markup) {
  const tagRe = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<>]*")*)\s*(\/?)>/y;
  const stack = [];
  const names = [];
  let roots = 0;
  let i = 0;
  while (i < markup.length) {
    const lt = markup.indexOf('<', i);
    const text = markup.slice(i, lt < 0 ? markup.length : lt);
    if (text.includes('>')) throw new Error(`stray '>' at ${i}`);
    if (text.trim() && stack.length === 0) throw new Error(`text outside the root at ${i}`);
    if (lt < 0) break;
    tagRe.lastIndex = lt;
    const m = tagRe.exec(markup);
    if (!m) throw new Error(`malformed tag at ${lt}: ${markup.slice(lt, lt + 40)}`);
    const [whole, closing, name, attrs, selfClosing] = m;
    if (closing) {
      if (attrs || selfClosing) throw new Error(`closing tag with attributes at ${lt}`);
      const top = stack.pop();
      if (top !== name) throw new Error(`</${name}> at ${lt} closes <${top}>`);
    } else {
      if (stack.length === 0 && ++roots > 1) throw new Error(`second root <${name}> at ${lt}`);
      const seen = new Set();
      for (const [, a] of attrs.matchAll(/([\w:.-]+)="/g)) {
        if (seen.has(a)) throw new Error(`attribute ${a} twice at ${lt}`);
        seen.add(a);
      }
      names.push(name);
      if (!selfClosing) stack.push(name);
    }
    i = lt + whole.length;
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('> <')}>`);
  if (roots !== 1) throw new Error('no root element');
  return names;
}

// Counts the elements whose class attribute lists cls.
function countClass(markup, cls) {
  let k = 0;
  for (const [, v] of markup.matchAll(/\sclass="([^"]*)"/g)) if (v.split(/\s+/).includes(cls)) k++;
  return k;
}

test('the tag checker itself rejects broken markup', () => {
  assert.deepEqual(parseTags('<svg a="1"><g><path d="M0 0"/></g></svg>'), ['svg', 'g', 'path']);
  for (const bad of ['<svg><g></svg>', '<svg></g>', '<svg/><svg/>', '<svg a=1></svg>',
    '<svg>', 'x<svg/>', '<svg a="1" a="2"/>', '<svg>></svg>', '<svg><g</svg>']) {
    assert.throws(() => parseTags(bad), Error, bad);
  }
});

test('the deck has 4 suits and 8 ranks, 32 distinct codes', () => {
  assert.deepEqual([...SUITS], ['E', 'G', 'H', 'S']);
  assert.deepEqual([...RANKS], ['A', 'Z', 'K', 'O', 'U', '9', '8', '7']);
  assert.equal(new Set(CODES).size, 32);
  for (const c of CODES) assert.ok(isCard(c), c);
});

test('every card is one well-formed <svg> with its classes and a viewBox', () => {
  for (const c of CODES) {
    const svg = cardSvg(c);
    const names = parseTags(svg);
    assert.equal(names[0], 'svg', c);
    assert.equal(names.filter((x) => x === 'svg').length, 1, c);
    assert.match(svg, /^<svg [^>]*viewBox="0 0 56 100"/, c);
    assert.match(svg, new RegExp(`^<svg [^>]*class="card card-${c}"`), c);
    assert.equal(countClass(svg, 'card-edge'), 1, c);
  }
});

test('the 32 cards are drawn differently', () => {
  const all = CODES.map((c) => cardSvg(c));
  assert.equal(new Set(all).size, 32);
  // The drawing, not only the class name, differs.
  const bodies = all.map((s) => s.replace(/class="card card-\w\w"/, ''));
  assert.equal(new Set(bodies).size, 32);
});

test('no id attributes anywhere, so 32 cards can share a page', () => {
  const markup = [...CODES.map((c) => cardSvg(c, { title: c })), cardBackSvg(),
    ...SUITS.map((s) => suitSvg(s, 20))].join('');
  assert.doesNotMatch(markup, /\sid="/);
  assert.doesNotMatch(markup, /url\(#/);
});

test('number cards carry the right number of pips, others none', () => {
  const want = { Z: 10, 9: 9, 8: 8, 7: 7 };
  for (const c of CODES) {
    assert.equal(countClass(cardSvg(c), 'pip'), want[c[1]] ?? 0, c);
  }
});

test('Ober and Unter differ in the corner: symbol above the bar for the Ober, below for the Unter', () => {
  for (const s of SUITS) {
    for (const r of ['O', 'U']) {
      const svg = cardSvg(s + r);
      // The corner index follows the face; find its bar (the only horizontal path from x 2.5).
      const bar = svg.match(/<path d="M2\.5 ([\d.]+)H14\.5"/);
      assert.ok(bar, `${s}${r} has an index bar`);
      const corner = [...svg.matchAll(/translate\(8\.5 ([\d.]+)\)/g)].map((m) => Number(m[1]));
      assert.equal(corner.length, 1, `${s}${r} has one index symbol`);
      if (r === 'O') assert.ok(corner[0] < Number(bar[1]), `${s}O symbol above the bar`);
      else assert.ok(corner[0] > Number(bar[1]), `${s}U symbol below the bar`);
    }
    for (const r of ['A', 'Z', 'K', '9', '8', '7']) {
      assert.doesNotMatch(cardSvg(s + r), /<path d="M2\.5 [\d.]+H14\.5"/, s + r);
    }
  }
});

test('the corner index shows A, 10, K, O, U, 9, 8, 7', () => {
  const idx = { A: 'A', Z: '10', K: 'K', O: 'O', U: 'U', 9: '9', 8: '8', 7: '7' };
  for (const c of CODES) {
    const texts = [...cardSvg(c).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    assert.deepEqual(texts, [idx[c[1]]], c);
  }
});

test('a title is added and escaped', () => {
  const svg = cardSvg('EO', { title: 'Eichel-Ober <&> "x"' });
  parseTags(svg);
  assert.match(svg, /<title>Eichel-Ober &#60;&#38;&#62; &#34;x&#34;<\/title>/);
  assert.match(svg, /^<svg [^>]*role="img"><title>/);
  // Without a title the picture is decoration: the element around it carries the name.
  assert.doesNotMatch(cardSvg('EO'), /<title>|role=/);
  assert.match(cardSvg('EO'), /^<svg [^>]*aria-hidden="true">/);
  assert.match(cardSvg('EO', null), /aria-hidden="true"/);
  const cls = cardSvg('EO', { className: 'raised' });
  assert.match(cls, /class="card card-EO raised"/);
});

test('card names: German and English, all 64 distinct and non-empty', () => {
  const de = CODES.map((c) => cardName(c));
  const en = CODES.map((c) => cardName(c, 'en'));
  assert.deepEqual(CODES.map((c) => cardName(c, 'de')), de);
  for (const list of [de, en]) {
    assert.equal(new Set(list).size, 32);
    for (const name of list) assert.ok(name.trim().length > 3, name);
  }
  assert.equal(cardName('EO'), 'Eichel-Ober');
  assert.equal(cardName('HA'), 'Herz-Sau');
  assert.equal(cardName('SZ'), 'Schellen-Zehn');
  assert.equal(cardName('G7'), 'Gras-Sieben');
  assert.equal(cardName('GK'), 'Gras-König');
  assert.equal(cardName('EO', 'en'), 'Acorn Ober');
  assert.equal(cardName('HA', 'en'), 'Heart Ace (Sau)');
  assert.equal(cardName('SZ', 'en'), 'Bell Ten');
  assert.equal(cardName('G7', 'en'), 'Leaf Seven');
  // German mode shows no English: no German name uses an English word of the other table.
  for (const name of de) assert.doesNotMatch(name, /Acorn|Leaf|Heart|Bell|Ace|Ten|King|Nine|Eight|Seven/);
  assert.equal(suitName('S'), 'Schellen');
  assert.equal(suitName('S', 'en'), 'Bell');
});

test('bad codes and suits throw a TypeError', () => {
  const bad = ['', 'E', 'EOO', 'eo', 'XA', 'E1', 'EX', 'AE', 'E10', null, undefined, 42, ['E', 'O'], { 0: 'E', 1: 'O', length: 2 }];
  for (const b of bad) {
    assert.equal(isCard(b), false, String(b));
    assert.throws(() => cardSvg(b), TypeError, String(b));
    assert.throws(() => cardName(b), TypeError, String(b));
  }
  for (const b of ['', 'X', 'e', 'EO', null, 1]) {
    assert.throws(() => suitSvg(b), TypeError, String(b));
    assert.throws(() => suitName(b), TypeError, String(b));
  }
});

test('the back and the suit symbols are well-formed', () => {
  const back = cardBackSvg({ title: 'Rückseite' });
  parseTags(back);
  assert.match(back, /^<svg [^>]*class="card card-back"/);
  assert.match(back, /<title>Rückseite<\/title>/);
  assert.equal(countClass(back, 'pip'), 0);
  const suits = SUITS.map((s) => suitSvg(s, 24));
  assert.equal(new Set(suits).size, 4);
  for (const [i, s] of SUITS.entries()) {
    parseTags(suits[i]);
    assert.match(suits[i], new RegExp(`^<svg [^>]*width="24" height="24" class="suit suit-${s}" aria-hidden="true"`));
    const named = suitSvg(s, 24, { title: suitName(s) });
    parseTags(named);
    assert.match(named, /role="img"><title>/);
  }
  assert.match(suitSvg('H'), /width="16"/);
});
