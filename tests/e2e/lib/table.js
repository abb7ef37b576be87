// Driving the browser client through its DOM contract (docs of the web
// client: stable selectors such as #conn, #create, #invite-link,
// .seat[data-seat=i] button.sit, #actions button[data-action],
// #hand button.card[data-legal=true], #result, #sheet), as a person
// would: by clicking what the page offers.

import { STALL_MS } from './stall.js';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Waits until the page's connection indicator says open.
export async function connected(page) {
  await page.locator('#conn[data-state="open"]').waitFor({ state: 'attached', timeout: STALL_MS });
}

// Waits until an element's text matches re and returns the text; when
// the text stood still for the stall bound it fails with the text it
// last saw.  A page draws a room's state when the state message comes,
// which may be after #table has its data-room, so a text read at once
// can be the blank page's.
export async function untilText(page, selector, re) {
  let text = '';
  let last = null;
  let since = Date.now();
  for (;;) {
    text = await page.locator(selector).innerText().catch(() => '');
    if (re.test(text)) return text;
    if (text !== last) {
      last = text;
      since = Date.now();
    } else if (Date.now() - since > STALL_MS) {
      throw new Error(`${selector} did not match ${re}; it said ${JSON.stringify(text)} for ${STALL_MS / 1000} s`);
    }
    await sleep(50);
  }
}

// What the page shows now, in one round trip.
export function view(page) {
  return page.evaluate(() => {
    const shown = (e) => !!e && (e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null);
    const all = (sel) => [...document.querySelectorAll(sel)];
    const table = document.querySelector('#table');
    const result = document.querySelector('#result');
    return {
      conn: document.querySelector('#conn')?.getAttribute('data-state') ?? null,
      room: table?.getAttribute('data-room') ?? null,
      result: { shown: shown(result), game: result ? Number(result.getAttribute('data-game')) || null : null },
      actions: all('#actions button[data-action]').filter((b) => shown(b) && !b.disabled).map((b) => b.getAttribute('data-action')),
      legal: all('#hand button.card[data-legal="true"]').filter((b) => shown(b) && !b.disabled).map((b) => b.getAttribute('data-card')),
      hand: all('#hand button.card[data-card]').map((b) => b.getAttribute('data-card')),
      trick: all('#trick .played[data-card]').map((e) => ({ seat: Number(e.getAttribute('data-seat')), card: e.getAttribute('data-card') })),
      seats: all('.seat[data-seat]').map((e) => ({ seat: Number(e.getAttribute('data-seat')), kind: e.getAttribute('data-kind') })),
    };
  });
}

// Opens the lobby and creates a table; returns its invitation link.
// `hold`: seconds the table waits for a Kontra or Klopfen (issue 40).
export async function createTable(page, url, { title = 'E2E', preset = 'official', timer = 0, hold = null } = {}) {
  await page.goto(url);
  await connected(page);
  const form = page.locator('#create-form');
  await form.locator('select[name=preset]').selectOption(preset);
  await form.locator('input[name=title]').fill(title);
  if (timer)
    await form.locator('input[name=timer]').fill(String(timer));
  if (hold !== null)
    await form.locator('input[name=hold]').fill(String(hold));
  await page.locator('#create').click();
  await page.locator('#table[data-room]').waitFor();
  const link = await page.locator('#invite-link').inputValue();
  if (!/[?&]table=[a-z0-9]+/.test(link))
    throw new Error(`#invite-link holds "${link}", not an invitation link /?table=CODE`);
  return link;
}

// Opens an invitation link and waits for the table.
export async function openTable(page, link) {
  await page.goto(link);
  await connected(page);
  await page.locator('#table[data-room]').waitFor();
}

const seatSel = (i) => `.seat[data-seat="${i}"]`;

// Sits down in seat i (empty), unless the page sits there already
// (whoever creates a table sits in seat 0 at once, issue 40).
export async function sit(page, i) {
  await page.locator(seatSel(i)).waitFor();
  if (await page.locator(`${seatSel(i)}[data-mine="true"]`).count())
    return;
  await page.locator(`${seatSel(i)} button.sit`).click();
  await page.locator(`${seatSel(i)}[data-kind="human"]`).waitFor();
}

// Seats a bot of the given level in seat i (empty).
export async function addBot(page, i, level) {
  await page.locator(`${seatSel(i)} select.bot-level`).selectOption(level);
  await page.locator(`${seatSel(i)} button.add-bot`).click();
  await page.locator(`${seatSel(i)}[data-kind="bot"]`).waitFor();
}

// The choice a test player makes: one bid per game so that a game is
// played rather than thrown in (the first player offered a bid takes
// it, a Sauspiel where it can), pass otherwise and to every doubling,
// the first declaration offered; a random legal card.
function choose(v, shared) {
  if (v.actions.length) {
    const bid = v.actions.find((a) => a === 'bid sauspiel') || v.actions.find((a) => a.startsWith('bid '));
    if (bid && !shared.bid) {
      shared.bid = true;
      return { action: bid };
    }
    if (v.actions.includes('pass'))
      return { action: 'pass' };
    return { action: v.actions[0] };
  }
  if (v.legal.length)
    return { card: v.legal[Math.floor(Math.random() * v.legal.length)] };
  return null;
}

// Clicks the choice and waits until the page took it: the clicked
// element is no longer in the page (the client draws the hand and the
// choices anew for every message, and the server answers every decision
// it gets: the stall bound).  Returns false when the choice went away
// or could not be clicked within 3 s (then the caller looks again: a
// retry, not a failure).
async function take(page, c) {
  const sel = c.action !== undefined
    ? `#actions button[data-action="${c.action}"]`
    : `#hand button.card[data-card="${c.card}"]`;
  const el = await page.$(sel);
  if (!el)
    return false;
  try {
    await el.click({ timeout: 3000 });
    await page.waitForFunction((e) => !e.isConnected, el, { timeout: STALL_MS, polling: 50 });
    return true;
  } catch (err) {
    if (process.env.SK_E2E_DEBUG)
      console.error(`take ${JSON.stringify(c)}: ${String(err).split('\n')[0]}`);
    return false;
  } finally {
    await el.dispose().catch(() => {});
  }
}

// Plays at every page until each shows #result for a game other than
// the one its #result showed at the start (or `until(player, view)`
// holds for one of them: then returns early; `each(player, view, k)`
// sees every view first).  players: [{page, ...}].
// Every decision is a click on what the page offers; a page that
// offers nothing waits.  It fails when no page's view changed and no
// click was taken for the stall bound.  Returns {ended:
// 'result'|'until', views, clicks, ms}.
export async function playUntilResult(players, { until = null, each = null, shared = { bid: false } } = {}) {
  const t0 = Date.now();
  let moved = t0;
  const seen = [];
  const start = await Promise.all(players.map((p) => view(p.page)));
  const doneGame = start.map((v) => (v.result.shown ? v.result.game : null));
  let stop = null;
  let clicks = 0;
  const finals = [];
  await Promise.all(players.map(async (p, k) => {
    for (;;) {
      if (stop)
        return;
      if (Date.now() - moved > STALL_MS)
        throw new Error(`no page moved for ${STALL_MS / 1000} s (player ${k}: ${JSON.stringify(finals[k] || start[k])})`);
      let v;
      try {
        v = await view(p.page);
      } catch (err) {
        if (/navigat|context was destroyed/i.test(String(err))) {
          await sleep(100);
          continue;
        }
        throw err;
      }
      finals[k] = v;
      const key = JSON.stringify(v);
      if (key !== seen[k]) {
        seen[k] = key;
        moved = Date.now();
      }
      if (each)
        await each(p, v, k);
      if (v.result.shown && v.result.game !== doneGame[k])
        return;
      if (until && (await until(p, v))) {
        stop = 'until';
        return;
      }
      const c = choose(v, shared);
      if (c && (await take(p.page, c))) {
        clicks++;
        moved = Date.now();
      } else
        await sleep(c ? 20 : 60);
    }
  }));
  return { ended: stop || 'result', views: finals, clicks, ms: Date.now() - t0 };
}

// Money in a cell of the score sheet ("-0,30 €", "−1.20", "+20") as cents.
export function cents(text) {
  const t = text.replace(/\u2212/g, '-').replace(/[^\d,.+-]/g, '');
  if (!/\d/.test(t))
    return null;
  const m = /^([+-]?)(\d+)(?:[.,](\d{1,2}))?$/.exec(t);
  if (!m)
    return null;
  const v = Number(m[2]) * 100 + (m[3] ? Number(m[3].padEnd(2, '0')) : 0);
  return m[1] === '-' ? -v : v;
}

// Engine notation in the page's visible text (a contract code such as
// "sauspiel:G", an action such as "card EO" or "bid solo", a bare card
// code): the page must speak words, never the protocol's codes.
export async function engineCodes(page) {
  const text = await page.evaluate(() => document.body.innerText);
  const codes = [/\b(?:sauspiel|solo|wenz|geier|bettel|ramsch|hochzeit)(?::[A-Za-z]+)+/g,
                 /\b(?:card|bid|declare|accept) [A-Za-z]+/g,
                 /(?<![A-Za-z0-9])[EGHS][AZKOU987](?![A-Za-z0-9])/g];
  return codes.flatMap((re) => [...text.matchAll(re)].map((m) => m[0]));
}

// The full names of the cards in the hand (aria-label), by card code.
export function cardNames(page) {
  return page.$$eval('#hand button.card[data-card]', (bs) => bs.map((b) => [b.getAttribute('data-card'), b.getAttribute('aria-label') || '']));
}
