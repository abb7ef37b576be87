// Debian's chromium driven by playwright-core: one browser per test
// file, one context (its own localStorage, so its own player token) per
// person at the table, and the capture of every WebSocket frame a page
// receives.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { STALL_MS } from './stall.js';

export const CHROMIUM = process.env.SK_CHROMIUM || '/usr/bin/chromium';

// Flags for a headless run on a shared machine: no sandbox (CI runs as
// root), no GPU, nothing that talks to the network by itself (only
// loopback traffic is allowed).
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
              '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

// chromium.launch gives every browser a fresh temporary profile.
export async function launch() {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} not found: install Debian's chromium package`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

// The in-page record the DOM checks need: every WebSocket message the
// document received (by a listener added before the client's own), and
// every set of card elements the page showed with the number of
// messages received by then.  A MutationObserver sees every change, not
// samples of them.  (The DOM check reads the document's own messages:
// the frames of page.on('websocket') go on over navigations, the
// document's count starts again.)
function pageProbe() {
  const sk = { texts: [], snaps: [] };
  window.__sk = sk;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => { sk.texts.push(String(e.data)); });
    }
  };
  let last = '';
  const where = (e) => (e.closest('#result') ? 'result' : e.closest('#hand') ? 'hand'
                        : e.closest('#trick') ? 'trick' : 'other');
  const snap = () => {
    const cards = [];
    for (const e of document.querySelectorAll('[data-card]')) {
      const r = e.closest('#result');
      cards.push({ card: e.getAttribute('data-card'), where: where(e),
                   game: r ? r.getAttribute('data-game') : null });
    }
    const key = JSON.stringify(cards);
    if (key !== last) {
      last = key;
      sk.snaps.push({ n: sk.texts.length, cards });
    }
  };
  const start = () => {
    snap();
    new MutationObserver(snap).observe(document.documentElement,
      { subtree: true, childList: true, attributes: true, attributeFilter: ['data-card', 'data-game'] });
  };
  if (document.documentElement)
    start();
  else
    document.addEventListener('DOMContentLoaded', start);
}

// A person: a browser context and its page, with every WebSocket frame
// the page receives recorded in order ({t, text, msg}).  Every wait and
// action of its pages without a timeout of its own has the stall bound
// (playwright's default, 30 s, was a guess at the machine's speed).
export async function person(browser, { device = DESKTOP, probe = false, lang = 'de' } = {}) {
  const context = await browser.newContext({ ...device, locale: lang === 'de' ? 'de-DE' : 'en-US' });
  context.setDefaultTimeout(STALL_MS);
  context.setDefaultNavigationTimeout(STALL_MS);
  if (probe)
    await context.addInitScript(pageProbe);
  const page = await context.newPage();
  const frames = [];
  const sockets = [];
  page.on('websocket', (ws) => {
    sockets.push(ws.url());
    ws.on('framereceived', (f) => {
      const text = typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8');
      let msg = null;
      try { msg = JSON.parse(text); } catch { /* kept as text: the checks report it */ }
      frames.push({ t: Date.now(), text, msg });
    });
  });
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  // What the server's Content-Security-Policy refused (an inline style
  // or script, a source it does not allow) is an error of the page too.
  page.on('console', (m) => { if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text()); });
  // The probe's record of the page now: {frames, snaps} for checkDom.
  const probed = async () => {
    const sk = await page.evaluate(() => window.__sk);
    const parse = (text) => { try { return JSON.parse(text); } catch { return null; } };
    return { frames: sk.texts.map((text) => ({ t: 0, text, msg: parse(text) })), snaps: sk.snaps };
  };
  return { context, page, frames, sockets, errors, probed };
}
