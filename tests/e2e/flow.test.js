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
import { launch, person, DESKTOP } from './lib/browser.js';
import { Server, environment } from './lib/server.js';
import { NET } from './lib/stall.js';
import { createTable, openTable, sit } from './lib/table.js';
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

// Sits in seat i unless the page sits there already (whoever creates a
// table sits in seat 0 at once).
async function seat(page, i) {
  const mine = await page.evaluate(() => document.querySelector('.seat[data-seat] .seat-where')?.textContent ?? '');
  if (await page.locator(`.seat[data-seat="${i}"][data-kind="human"]`).count() && i === 0 && mine) return;
  await sit(page, i);
}

test('four people play three games without doubling or laying: at most their own decision before the first card', NET, async (t) => {
  const ps = [];
  for (let i = 0; i < 4; i++)
    ps.push(await person(browser, { device: DESKTOP }));
  try {
    const link = await createTable(ps[0].page, server.url, { title: 'Ohne Klicks' });
    for (let i = 1; i < 4; i++)
      await openTable(ps[i].page, link);
    for (let i = 0; i < 4; i++)
      await seat(ps[i].page, i);
    const clicks = await playGames(ps, 3);
    const times = gameTimes(ps[0].frames);
    for (let g = 1; g <= 3; g++) {
      const per = clicks.map((c) => c[g] || { before: 0, own: 0, forced: 0, cards: 0 });
      const from = g > 1 ? times[g - 1].result : times[g].deal;
      const secs = ((times[g].result - from) / 1000).toFixed(1);
      note(t, `game ${g}: clicks before the first card ${per.map((c) => c.before).join('/')}; own decisions ${per.map((c) => c.own).join('/')}, forced ${per.map((c) => c.forced).join('/')}, cards ${per.map((c) => c.cards).join('/')}; ${secs} s`);
    }
    for (let g = 1; g <= 3; g++) {
      clicks.forEach((c, k) => {
        const x = c[g] || { before: 0, own: 0, forced: 0 };
        assert.equal(x.forced, 0, `game ${g}: player ${k} made ${x.forced} forced clicks`);
        // his bid or pass; the declarer names his game too
        assert.ok(x.before <= 1 + (x.own > 1 ? 1 : 0), `game ${g}: player ${k} clicked ${x.before} times before the first card`);
      });
    }
  } finally {
    await Promise.all(ps.map((p) => p.context.close()));
  }
});
