// cardpage.js -- fills cards.html with every card face (a file, not an inline
// script: the server's Content-Security-Policy allows no inline script).
import { SUITS, RANKS, cardSvg, cardBackSvg, cardName, suitSvg, suitName } from './cards.js';

const codes = SUITS.flatMap((s) => RANKS.map((r) => s + r));
const put = (id, html) => { document.getElementById(id).insertAdjacentHTML('beforeend', html); };
const card = (c) => cardSvg(c, { title: cardName(c) });

put('hand', ['EO', 'GU', 'HU', 'HA', 'HK', 'EA', 'GZ', 'S7'].map(card).join(''));
put('fan', ['GO', 'SO', 'EU', 'SU', 'H9', 'GA', 'G8', 'SK'].map(card).join(''));
put('suits', SUITS.map((s) => suitSvg(s, 24, { title: suitName(s) })).join('') +
  SUITS.map((s) => suitSvg(s, 14)).join(''));
for (const s of SUITS) {
  put('small', `<div class="row">${RANKS.map((r) => card(s + r)).join('')}${s === 'S' ? cardBackSvg() : ''}</div>`);
}
put('dark', ['EO', 'GU', 'HK', 'SA', 'EZ'].map(card).join('') + cardBackSvg());
put('large', codes.map(card).join('') + cardBackSvg({ title: 'Rückseite' }));

// cards.html?only=EO,GU,back&w=200 shows just those cards at that width (for close looks);
// &gray=1 shows everything without colour, to check that shapes alone tell the suits apart.
const q = new URLSearchParams(location.search);
if (q.has('gray')) document.documentElement.style.filter = 'grayscale(1)';
if (q.has('only')) {
  document.body.innerHTML = '<div id="only" class="row"></div>';
  put('only', q.get('only').split(',').map((c) => (c === 'back' ? cardBackSvg() : card(c))).join(''));
  for (const el of document.querySelectorAll('#only svg')) el.style.width = `${Number(q.get('w')) || 200}px`;
}
