// ad-hoc (not committed): inject issue-40 messages into a real page to look at them
import { launch, person, DESKTOP, PHONE } from './lib/browser.js';
import { Server, environment } from './lib/server.js';
import { createTable, sit, addBot, playUntilResult } from './lib/table.js';
const env = environment();
const browser = await launch();
const srv = await Server.create(env, 'adhoc');
await srv.start();
try {
  for (const [dev, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const p = await person(browser, { device });
    await p.context.addInitScript(() => {
      const N = window.WebSocket;
      window.WebSocket = class extends N { constructor(...a) { super(...a); window.__ws = this; } };
    });
    await createTable(p.page, srv.url, { title: 'Adhoc' });
    if (!(await p.page.locator('.seat[data-seat="0"][data-kind="human"]').count())) await sit(p.page, 0);
    for (let i = 1; i < 4; i++) await addBot(p.page, i, 'random');
    await playUntilResult([p], { until: (q, v) => v.legal.length > 0 && v.trick.length >= 1, shared: { bid: true } });
    const code = await p.page.locator('#table').getAttribute('data-room');
    const inject = (m) => p.page.evaluate((t) => window.__ws.dispatchEvent(new MessageEvent('message', { data: t })), JSON.stringify(m));
    const now = Date.now();
    await inject({ type: 'presence', room: code, seat: 2, away: true, since: now, stand_in_at: now + 25000 });
    await inject({ type: 'offer', room: code, seat: 0, seq: 1, offer: 'kontra', until: now + 4000 });
    await p.page.waitForTimeout(600);
    await p.page.screenshot({ path: `/tmp/wtweb-adhoc/${dev}-inject.png` });
    await inject({ type: 'absence', room: code, seat: 0, since: now - 60000, games: [{ game: 1, contract: 'solo:H', actions: ['pass', 'card EO', 'card HA'], money: -150, points: null, finished: true }, { game: 2, contract: null, actions: ['pass'], money: null, points: null, finished: false }] });
    await p.page.waitForTimeout(300);
    await p.page.screenshot({ path: `/tmp/wtweb-adhoc/${dev}-absence.png` });
    console.log(dev, p.errors);
    await p.context.close();
  }
} finally { await browser.close(); await srv.dispose(); }
