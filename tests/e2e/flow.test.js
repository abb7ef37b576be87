// The table flows as a real one (issue 40): nobody clicks to decline a
// doubling or laying he does not want (Kontra and Retour, 3.3.2 and
// 3.3.3, and Klopfen are offers, never questions), the settlement hides
// no prompt, a player who drops off is marked at once and told on his
// return what was played for him, and a table nobody is at does not go
// on dealing money games.  Clicks and seconds per game go to
// $SK_E2E_OUT/flow-timings.txt; screenshots of the trick going to its
// winner, the away mark and the countdown on the Kontra button, desktop
// and phone, to $SK_E2E_OUT.

import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, person, DESKTOP, PHONE } from './lib/browser.js';
import { Server, environment } from './lib/server.js';
import { NET, STALL_MS } from './lib/stall.js';
import { createTable, openTable, sit, addBot, playUntilResult, sleep } from './lib/table.js';
import { playGames, gameTimes } from './lib/flow.js';

const env = environment();
let browser;
let server;
const timings = [];

function note(t, text) {
  t.diagnostic(text);
  timings.push(text);
}

before(async () => {
  browser = await launch();
  server = await Server.create(env, 'flow');
  await server.start();
});

after(async () => {
  await browser?.close();
  await server?.dispose();
  fs.writeFileSync(path.join(env.out, 'flow-timings.txt'), timings.map((x) => `${x}\n`).join(''));
});

test('four people play three games without doubling or laying: at most their own decision before the first card', NET, async (t) => {
  const ps = [];
  for (let i = 0; i < 4; i++)
    ps.push(await person(browser, { device: DESKTOP }));
  try {
    const link = await createTable(ps[0].page, server.url, { title: 'Ohne Klicks' });
    for (let i = 1; i < 4; i++)
      await openTable(ps[i].page, link);
    for (let i = 0; i < 4; i++)
      await sit(ps[i].page, i);
    const clicks = await playGames(ps, 3);
    const times = gameTimes(ps[0].frames);
    for (let g = 1; g <= 3; g++) {
      const per = clicks.map((c) => c[g] || { before: 0, own: 0, forced: 0, cards: 0, what: [] });
      const from = g > 1 ? times[g - 1].result : times[g].deal;
      const secs = ((times[g].result - from) / 1000).toFixed(1);
      note(t, `game ${g}: clicks before the first card ${per.map((c) => c.before).join('/')}; own decisions ${per.map((c) => c.own).join('/')}, forced ${per.map((c) => c.forced).join('/')}, cards ${per.map((c) => c.cards).join('/')}; ${secs} s (${per.map((c) => c.what.join(', ') || '-').join(' / ')})`);
    }
    for (let g = 1; g <= 3; g++) {
      clicks.forEach((c, k) => {
        const x = c[g] || { before: 0, own: 0, forced: 0 };
        assert.equal(x.forced, 0, `game ${g}: player ${k} made ${x.forced} forced clicks`);
        // his bid or pass: the declarer names his game with his bid (issue 40)
        assert.ok(x.before <= 1, `game ${g}: player ${k} clicked ${x.before} times before the first card: ${(x.what || []).join(', ')}`);
      });
    }
  } finally {
    await Promise.all(ps.map((p) => p.context.close()));
  }
});

const shot = (page, name) => page.screenshot({ path: path.join(env.out, name), fullPage: false });

// Opens the page of a person again in his own context (his token: his
// seat), with the frames of the new page recorded as the first's were.
async function reopen(p, link) {
  const page = await p.context.newPage();
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    const text = typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8');
    let msg = null;
    try { msg = JSON.parse(text); } catch { /* kept as text */ }
    p.frames.push({ t: Date.now(), text, msg });
  }));
  page.on('pageerror', (err) => p.errors.push(String(err)));
  p.page = page;
  await openTable(page, link);
  return page;
}

// Whole view of the table on a phone at the player's turn: the board
// and the hand inside the screen without scrolling, nothing wider than
// the screen, and the words of the seats, the prompt and the offers
// that break inside a word over two lines.
async function fitsPhone(page) {
  return page.evaluate(() => {
    const broken = [];
    for (const el of document.querySelectorAll('.seat, #actions, #offers, #status, .name-field')) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const m of n.data.matchAll(/\S+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) broken.push(m[0]);
        }
      }
    }
    const b = document.querySelector('#board').getBoundingClientRect();
    const cards = [...document.querySelectorAll('#hand button.card')].map((e) => e.getBoundingClientRect().bottom);
    const name = document.querySelector('.name-field > span');
    return { top: b.top, bottom: Math.max(b.bottom, ...cards), height: innerHeight, scrollY,
             wide: document.documentElement.scrollWidth - innerWidth, broken,
             nameLabel: !!name && name.checkVisibility() && name.textContent.trim() !== '' };
  });
}

test('screenshots: the trick going to its winner, the countdown on the Kontra button, the whole table on a phone', NET, async (t) => {
  const desk = await person(browser, { device: DESKTOP });
  const phone = await person(browser, { device: PHONE, lang: 'en' }); // both languages' words
  const ps = [desk, phone];
  const names = ['desktop', 'phone'];
  const words = [{ won: /^(.+ sticht|Du stichst) – \d+ Augen$/, left: /^noch \d+ s$/ },
                 { won: /^(.+ takes it|You take it) – \d+ points$/, left: /^\d+ s left$/ }];
  const want = new Set(['desktop-trick-won', 'desktop-trick-taken', 'phone-trick-won', 'phone-trick-taken', 'desktop-kontra-offer', 'phone-kontra-offer', 'phone-turn',
                        'desktop-bid-games', 'phone-bid-games']);
  try {
    const link = await createTable(desk.page, server.url, { title: 'Bilder' });
    await openTable(phone.page, link);
    await phone.page.selectOption('#lang', 'en');
    await sit(desk.page, 0);
    await sit(phone.page, 1);
    await addBot(desk.page, 2, 'heuristic');
    await addBot(desk.page, 3, 'heuristic');
    const busy = new Set();
    for (let g = 0; g < 20 && want.size; g++) { // deals all pass are thrown in: quick
      await playUntilResult(ps, {
        shared: { bid: true }, // the bots play their games: the people may give Kontra
        each: async (p, v, k) => {
          const dev = names[k];
          if (busy.has(k)) return;
          busy.add(k);
          try {
            const s = await p.page.evaluate(() => ({
              won: !!document.querySelector('#trick .trick-won') && !document.querySelector('#trick.taken'),
              wonText: document.querySelector('#trick .trick-won')?.textContent ?? '',
              // the seats the winner's words cover (none: they stay within the trick)
              covers: (() => {
                const w = document.querySelector('#trick .trick-won')?.getBoundingClientRect();
                if (!w) return [];
                return [...document.querySelectorAll('#seats .seat')].filter((el) => {
                  const b = el.getBoundingClientRect();
                  return b.width > 0 && w.left < b.right && b.left < w.right && w.top < b.bottom && b.top < w.bottom;
                }).map((el) => el.dataset.seat);
              })(),
              kontra: document.querySelector('#offers button[data-offer] .offer-left')?.textContent ?? null,
              games: document.querySelectorAll('#actions button[data-game]').length,
              offers: document.querySelector('#offers').outerHTML,
            }));
            if (s.games && want.has(`${dev}-bid-games`)) { // the games a bid names at once
              await shot(p.page, `${dev}-bid-games.png`);
              want.delete(`${dev}-bid-games`);
            }
            if (s.won && want.has(`${dev}-trick-won`)) {
              assert.match(s.wonText, words[k].won);
              assert.deepEqual(s.covers, [], `${dev}: the words "${s.wonText}" cover seat(s) ${s.covers}`);
              await shot(p.page, `${dev}-trick-won.png`);
              want.delete(`${dev}-trick-won`);
              await p.page.locator('#trick.taken').waitFor({ state: 'attached', timeout: STALL_MS }).then(async () => {
                await sleep(250);
                await shot(p.page, `${dev}-trick-taken.png`);
                want.delete(`${dev}-trick-taken`);
              }).catch(() => { // a loaded machine missed the cards' flight: the next trick again
                want.add(`${dev}-trick-won`);
              });
            }
            if (s.kontra !== null && want.has(`${dev}-kontra-offer`)) {
              assert.match(s.kontra, words[k].left, s.offers);
              await shot(p.page, `${dev}-kontra-offer.png`);
              want.delete(`${dev}-kontra-offer`);
            }
            if (dev === 'phone' && v.legal.length && v.hand.length >= 6 && want.has('phone-turn')) {
              const f = await fitsPhone(p.page);
              await shot(p.page, 'phone-turn.png');
              want.delete('phone-turn');
              note(t, `phone at its turn: board top ${f.top.toFixed(0)} px, hand bottom ${f.bottom.toFixed(0)} px of ${f.height}, scrolled ${f.scrollY}`);
              assert.ok(f.top >= 0 && f.bottom <= f.height, `the table and the hand do not fit the phone's screen: ${JSON.stringify(f)}`);
              assert.ok(f.wide <= 0, `the page is ${f.wide} px wider than the phone`);
              assert.deepEqual(f.broken, [], 'words broken inside on the phone');
              assert.ok(f.nameLabel, 'the name field lost its label on the phone');
            }
          } finally {
            busy.delete(k);
          }
        },
      });
      for (const p of ps)
        await p.page.locator('#next-game').click().catch(() => {});
    }
    assert.deepEqual([...want], [], 'screenshots not taken in 20 deals');
    assert.deepEqual([...desk.errors, ...phone.errors], [], 'a page threw');
  } finally {
    await desk.context.close();
    await phone.context.close();
  }
});

test('a player closes his page mid-game: the others see him away within 2 s; back, he sees what was played for him', NET, async (t) => {
  const own = await Server.create(env, 'away', { away: 3 });
  await own.start();
  const a = await person(browser, { device: DESKTOP });
  const b = await person(browser, { device: DESKTOP });
  const watch = await person(browser, { device: PHONE, lang: 'en' });
  try {
    const link = await createTable(a.page, own.url, { title: 'Weg' });
    await openTable(b.page, link);
    await openTable(watch.page, link);
    await watch.page.selectOption('#lang', 'en');
    await sit(a.page, 0);
    await sit(b.page, 1);
    await addBot(a.page, 2, 'random');
    await addBot(a.page, 3, 'random');
    const r = await playUntilResult([a, b], { until: (p, v) => p === b && v.hand.length <= 6 && v.hand.length > 2 });
    assert.equal(r.ended, 'until', 'the game ended before seat 1 held six cards');
    const t0 = Date.now();
    await b.page.close();
    await Promise.all([a, watch].map((p) => p.page.locator('.seat[data-seat="1"][data-away="true"] .away-word').waitFor({ timeout: STALL_MS })));
    // the wait ends on the mark (a stall fails); the issue's "within two
    // seconds" is the measured figure asserted below
    const seen = Date.now() - t0;
    note(t, `away mark on the others' pages ${seen} ms after the page closed`);
    assert.ok(seen <= 2000, `the away mark came after ${seen} ms`);
    assert.match(await a.page.locator('.seat[data-seat="1"] .away-mark').innerText(), /^weg\s*Ersatz spielt in \d+ s$/);
    await shot(a.page, 'desktop-away.png');
    await shot(watch.page, 'phone-away.png');
    // the stand-in plays a card for him (--away 3 s) while the others go on
    const cardsOf1 = () => a.frames.filter((f) => f.t > t0 && f.msg?.type === 'event' && f.msg.event.kind === 'action' && f.msg.event.seat === 1 && /^card /.test(f.msg.event.action)).map((f) => f.msg.event.action.slice(5));
    await playUntilResult([a], { until: () => cardsOf1().length >= 1 });
    const played = cardsOf1();
    assert.ok(played.length >= 1, 'the stand-in played no card for seat 1');
    await reopen(b, link);
    await b.page.locator('#absence li').first().waitFor();
    const text = await b.page.locator('#absence').innerText();
    note(t, `back after ${Date.now() - t0} ms: ${text.replace(/\s+/g, ' ')}`);
    // the report names the card the stand-in played for him
    const name = await b.page.evaluate(async (c) => (await import('/cards.js')).cardName(c, 'de'), played[0]);
    assert.ok(text.includes(name), `the report does not name ${name}, the card played for him:\n${text}`);
    assert.match(text, /Während du weg warst/);
    assert.match(text, /Spiel 1/);
    await shot(b.page, 'desktop-absence.png');
    assert.deepEqual([...a.errors, ...b.errors, ...watch.errors], [], 'a page threw');
  } finally {
    await Promise.all([a, b, watch].map((p) => p.context.close()));
    await own.dispose();
  }
});

test('a Stammtisch table (Klopfen): all four close their pages after the deal; no money moves until one returns', NET, async (t) => {
  const own = await Server.create(env, 'idle', { away: 2 });
  await own.start();
  const ps = [];
  for (let i = 0; i < 4; i++)
    ps.push(await person(browser, { device: DESKTOP }));
  const spy = await person(browser, { device: DESKTOP });
  try {
    const link = await createTable(ps[0].page, own.url, { title: 'Alle weg', preset: 'stammtisch' });
    const code = /[?&]table=([a-z0-9]+)/.exec(link)[1];
    for (let i = 1; i < 4; i++)
      await openTable(ps[i].page, link);
    await openTable(spy.page, link);
    for (let i = 0; i < 4; i++)
      await sit(ps[i].page, i);
    await Promise.all(ps.map((p) => p.page.waitForFunction(() => document.querySelectorAll('#hand button.card').length > 0)));
    const t0 = Date.now();
    for (const p of ps)
      await p.page.close();
    // every seat away: each stand-in's time passes, and more
    await Promise.all([0, 1, 2, 3].map((i) => spy.page.locator(`.seat[data-seat="${i}"][data-away="true"]`).waitFor()));
    const until = await spy.page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('.seat .away-left')].map((e) => Number(e.dataset.until))));
    await sleep(Math.max(0, until - Date.now()) + 4000);
    const moved = () => spy.frames.filter((f) => f.msg?.type === 'event' && ['result', 'action'].includes(f.msg.event.kind) && f.t > t0);
    assert.deepEqual(moved().map((f) => f.msg.event.action || f.msg.event.kind), [], 'the table went on with nobody at it');
    const games = await spy.page.evaluate(async (c) => (await fetch(`/api/rooms/${c}/games.jsonl`)).text(), code);
    assert.equal(games.trim(), '', 'a game was booked while nobody was at the table');
    note(t, `all four away for ${((Date.now() - t0) / 1000).toFixed(1)} s: no decision and no money`);
    // one comes back: the table goes on (the stand-ins play the others' seats)
    const back = Date.now();
    await reopen(ps[0], link);
    await playUntilResult([ps[0]], { shared: { bid: true } });
    const first = spy.frames.find((f) => f.t > t0 && f.msg?.type === 'event' && f.msg.event.kind === 'result');
    assert.ok(first && first.t >= back, 'the settlement came before anyone returned');
    assert.deepEqual(spy.errors, [], 'the spectator\'s page threw');
  } finally {
    await Promise.all([...ps, spy].map((p) => p.context.close()));
    await own.dispose();
  }
});
