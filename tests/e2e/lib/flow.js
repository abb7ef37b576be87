// How a table flows for the people at it (issue 40): every click each
// person makes, which game it was for and whether it was his own
// decision (a bid, a pass in the auction, the declaration of his game)
// or one the page forced on him (declining a doubling or laying it
// asked about, closing a settlement that covered his cards).  The
// players here never want to double or lay: they leave every offer
// alone and click only when the page gives them nothing else to do.

import { STALL_MS } from './stall.js';
import { sleep } from './table.js';

// The game a page's frames are in now and whether its first card was
// played: {game, carded, results: [game numbers finished]}.
export function progress(frames) {
  let game = 0;
  let carded = false;
  const results = [];
  for (const { msg } of frames) {
    const ev = msg?.type === 'event' ? msg.event : null;
    if (msg?.type === 'state' && msg.state?.game) {
      game = msg.state.game.game;
      carded = (msg.state.game.actions || []).some((a) => a.action.startsWith('card '));
    }
    if (!ev) continue;
    if (ev.kind === 'deal') { game = ev.game; carded = false; }
    if (ev.kind === 'action' && ev.action.startsWith('card ')) carded = true;
    if (ev.kind === 'result') results.push(ev.course.game);
  }
  return { game, carded, results };
}

// When each game was dealt, its first card played and its result came,
// by the frames' clock: {game: {deal, first, result}}.
export function gameTimes(frames) {
  const at = {};
  let game = 0;
  for (const { t, msg } of frames) {
    const ev = msg?.type === 'event' ? msg.event : null;
    if (!ev) continue;
    if (ev.kind === 'deal') { game = ev.game; at[game] = { deal: t }; }
    if (ev.kind === 'action' && ev.action.startsWith('card ') && at[game] && !at[game].first) at[game].first = t;
    if (ev.kind === 'result') (at[ev.course.game] ||= {}).result = t;
  }
  return at;
}

// What the page asks of this person now: the prompt's buttons (#actions:
// a turn; #offers holds what may be ignored), the legal cards, whether
// the settlement is open.
function look(page) {
  return page.evaluate(() => {
    const shown = (e) => !!e && (e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null);
    const all = (sel) => [...document.querySelectorAll(sel)].filter((b) => shown(b) && !b.disabled);
    return {
      actions: all('#actions button[data-action]').map((b) => b.getAttribute('data-action')),
      // the games a bid names at once (issue 40): [game, its bid]
      games: all('#actions button[data-game]').map((b) => [b.getAttribute('data-game'), b.getAttribute('data-bid')]),
      legal: all('#hand button.card[data-legal="true"]').map((b) => b.getAttribute('data-card')),
      result: shown(document.querySelector('#result')),
      // the game on the page and whether a card of it lies on the table
      game: Number((/(?:Spiel|Game) (\d+)/.exec(document.querySelector('#status')?.textContent || '') || [0, 0])[1]),
      carded: document.querySelectorAll('#trick .played').length > 0,
    };
  });
}

// Whether a click on `sel` would reach it (nothing covers it).
async function reachable(page, sel) {
  try {
    await page.locator(sel).first().click({ trial: true, timeout: 300 });
    return true;
  } catch {
    return false;
  }
}

// Clicks `sel` and waits until the element left the page (the client
// draws anew what a decision changed); false when it could not.
async function press(page, sel) {
  const el = await page.$(sel);
  if (!el) return false;
  try {
    // not a bound on the test: a button the table took away meanwhile
    // makes press() answer false, and the caller looks at the page again
    await el.click({ timeout: 2000 });
    await page.waitForFunction((e) => !e.isConnected || e.disabled || !e.checkVisibility(), el, { timeout: STALL_MS, polling: 50 });
    return true;
  } catch {
    return false;
  } finally {
    await el.dispose().catch(() => {});
  }
}

const DOUBLE = /^(kontra|retour|klopfen)$/;

// Four (or more) people play until every page has the result of game
// `games`.  Per game one bid (the first person offered one takes it, so
// that a game is played), passes otherwise; a random legal card.  An
// offer is never taken.  Returns per player and game the clicks
// {before: before the game's first card, own: bids, passes and
// declarations, forced: the rest but cards, cards, what: the clicks
// before the first card}.
export async function playGames(players, games) {
  const clicks = players.map(() => ({}));
  const bidIn = new Set();
  let moved = Date.now();
  const count = (k, g, kind, before, what) => {
    const c = (clicks[k][g] ||= { before: 0, own: 0, forced: 0, cards: 0, what: [] });
    c[kind]++;
    if (before && kind !== 'cards') { c.before++; c.what.push(what); }
    moved = Date.now();
  };
  await Promise.all(players.map(async (p, k) => {
    let lastKey = '';
    for (;;) {
      const pr = progress(p.frames);
      if (pr.results.includes(games)) return;
      if (Date.now() - moved > STALL_MS)
        throw new Error(`no page moved for ${STALL_MS / 1000} s (player ${k}, game ${pr.game})`);
      let v;
      try { v = await look(p.page); } catch { await sleep(100); continue; }
      const key = JSON.stringify(v) + p.frames.length;
      if (key !== lastKey) { lastKey = key; moved = Date.now(); }
      const g = v.game;
      let sel = null;
      let kind = 'own';
      let bidding = false;
      let what = null;
      if (v.actions.length) {
        const bid = v.actions.find((a) => a === 'bid sauspiel') || v.actions.find((a) => a.startsWith('bid '));
        // a bid names its game with the same click where the page offers
        // the games (a Sauspiel where it can)
        const game = v.games.find(([x]) => x.startsWith('sauspiel:')) || v.games[0];
        let a;
        if (v.actions.some((x) => DOUBLE.test(x))) { a = v.actions.includes('pass') ? 'pass' : null; kind = 'forced'; }
        else if (bid && !bidIn.has(g)) { a = bid; bidding = true; }
        else if (v.actions.includes('pass')) a = 'pass';
        else a = v.actions[0];
        if (bidding && game) { sel = `#actions button[data-game="${game[0]}"]`; a = `${game[1]} (${game[0]})`; }
        else if (a) sel = `#actions button[data-action="${a}"]`;
        what = a;
      } else if (v.legal.length) {
        what = v.legal[Math.floor(Math.random() * v.legal.length)];
        sel = `#hand button.card[data-card="${what}"]`;
        kind = 'cards';
      }
      if (sel && v.result && !(await reachable(p.page, sel))) {
        // the settlement covers what must be clicked: close it first
        if (await press(p.page, '#next-game')) count(k, g, 'forced', !v.carded, 'close the settlement');
        continue;
      }
      // the game's one bid is claimed before the click: another page
      // looking meanwhile must not challenge it (that would be a second
      // bid, and the duel a second decision for the first bidder)
      if (bidding) bidIn.add(g);
      if (sel && (await press(p.page, sel))) count(k, g, kind, !v.carded, what);
      else {
        if (bidding) bidIn.delete(g);
        await sleep(sel ? 30 : 80);
      }
    }
  }));
  return clicks;
}
