// A table of the tournament preset plays for tournament points, not for
// money (option `score`, docs/rules.md "What a table plays for", 5.2.7,
// 5.2.8): the lobby, the status line, the settlement and the score
// sheet show points only, in German and in English.  The money tables'
// display is checked by table.test.js.  Screenshots go to $SK_E2E_OUT
// (desktop-tournament-result.png, desktop-tournament-sheet.png,
// desktop-tournament-result-en.png).

import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, person, DESKTOP } from './lib/browser.js';
import { Server, environment } from './lib/server.js';
import { NET } from './lib/stall.js';
import { coursesIn } from './lib/secrecy.js';
import { connected, createTable, openTable, sit, addBot, playUntilResult, engineCodes, untilText } from './lib/table.js';

const env = environment();
let browser;
let server;

before(async () => {
  browser = await launch();
  server = await Server.create(env, 'score');
  await server.start();
});

after(async () => {
  await browser?.close();
  await server?.dispose();
});

const shot = (page, name) => page.screenshot({ path: path.join(env.out, name), fullPage: false });
// Money as any page would write it: a euro sign or a decimal amount.
const MONEY = /€|\d[,.]\d\d\b/;

// Tournament points as the sheet writes them ("+3 Punkte", "−1 Punkt", "0").
function pointsOf(text) {
  const m = /([+\u2212-]?)(\d+)/.exec(text);
  assert.ok(m, `no points in "${text}"`);
  return (m[1] === '+' || m[1] === '' ? 1 : -1) * Number(m[2]);
}

test('5.2.7: a tournament table shows tournament points, never money', NET, async () => {
  const me = await person(browser, { device: DESKTOP });
  const other = await person(browser, { device: DESKTOP });
  try {
    const link = await createTable(me.page, server.url, { title: 'Preisschafkopf', preset: 'tournament' });
    const code = /[?&]table=([a-z0-9]+)/.exec(link)[1];
    // the lobby says what the table plays for
    await other.page.goto(server.url);
    await connected(other.page);
    const meta = other.page.locator(`#lobby-list .lobby-room[data-room="${code}"] .room-meta`);
    await meta.waitFor();
    await untilText(other.page, `#lobby-list .lobby-room[data-room="${code}"] .room-meta`, /^Turnier · um Turnierpunkte · /);

    await openTable(me.page, link);
    await sit(me.page, 0);
    for (let i = 1; i < 4; i++)
      await addBot(me.page, i, 'random');
    await untilText(me.page, '#status', /um Turnierpunkte/);
    // play until a game is played out (a tournament throws a deal in when all pass, 5.2.5)
    let res = null;
    for (let g = 0; g < 6 && !(res && !res.thrown_in); g++) {
      if (g)
        await me.page.locator('#next-game').click();
      await playUntilResult([me]);
      const courses = [...coursesIn(me.frames).values()];
      res = courses.reduce((a, b) => (b.game > a.game ? b : a)).result;
    }
    assert.ok(res && !res.thrown_in, 'six deals in a row were thrown in');
    await me.page.locator('#result').waitFor({ state: 'visible' });
    await shot(me.page, 'desktop-tournament-result.png');

    const result = await me.page.locator('#result').innerText();
    assert.doesNotMatch(result, MONEY, `the settlement shows money:\n${result}`);
    assert.doesNotMatch(result, /\bGeld\b/, 'the settlement has a money row');
    assert.match(result, /Turnier\u00ad?punkte/);
    assert.match(result, /je Gegner: \d+ Punkte?/);
    assert.deepEqual(await engineCodes(me.page), [], 'the German settlement shows engine codes');
    // the result's points row is the server's settlement
    const row = await me.page.$$eval('#result table.money tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    assert.equal(row.length, 2, `rows: card points and tournament points only: ${JSON.stringify(row)}`);
    assert.deepEqual(row[1].map(pointsOf), res.tournament);

    // the score sheet: points per game and in the totals, the server's
    const sheet = await me.page.locator('#sheet').innerText();
    assert.doesNotMatch(sheet, MONEY, `the score sheet shows money:\n${sheet}`);
    const totals = await me.page.$$eval('#sheet tr.sheet-total td .run', (xs) => xs.map((x) => x.textContent));
    assert.deepEqual(totals.map(pointsOf), res.totals.tournament);
    assert.equal(res.totals.tournament.reduce((a, b) => a + b, 0), 0, 'the points do not sum to zero (5.3.3)');
    await me.page.locator('#sheet-panel').screenshot({ path: path.join(env.out, 'desktop-tournament-sheet.png') });

    // English: the same without money, in English words
    await me.page.locator('#lang').selectOption('en');
    await me.page.waitForFunction(() => /tournament points/i.test(document.querySelector('#result').innerText));
    const en = await me.page.locator('#result').innerText();
    assert.doesNotMatch(en, MONEY, `the English settlement shows money:\n${en}`);
    assert.match(en, /per opponent: \d+ tournament points?/);
    await shot(me.page, 'desktop-tournament-result-en.png');
    // the player's decisions rated: in tournament points, never money
    await me.page.locator('#rate-game').click();
    await me.page.locator('#result .rating h4').waitFor();
    const rt = await me.page.locator('#result .rating').innerText();
    assert.doesNotMatch(rt, MONEY, `the rating shows money:\n${rt}`);
    assert.match(rt, /^Your decisions in game \d+/);
    assert.match(rt, /5 card points or 1 TP and more/);
    await shot(me.page, 'desktop-tournament-rating-en.png');
    assert.deepEqual([...me.errors, ...other.errors], [], 'a page threw');
  } finally {
    await me.context.close();
    await other.context.close();
  }
});

test('the create form\'s "Gespielt um" makes an official table play for points', NET, async () => {
  const me = await person(browser, { device: DESKTOP });
  try {
    await me.page.goto(server.url);
    await connected(me.page);
    const form = me.page.locator('#create-form');
    await form.locator('select[name=preset]').selectOption('official');
    await form.locator('input[name=title]').fill('Punkte am Stammtisch');
    await form.locator('details summary').click();
    await form.locator('select[name=o_score]').selectOption('points');
    await me.page.locator('#create').click();
    await me.page.locator('#table[data-room]').waitFor();
    await untilText(me.page, '#status', /um Turnierpunkte/);
    const code = await me.page.locator('#table').getAttribute('data-room');
    await me.page.goto(server.url);
    await connected(me.page);
    const meta = me.page.locator(`#lobby-list .lobby-room[data-room="${code}"] .room-meta`);
    await meta.waitFor();
    await untilText(me.page, `#lobby-list .lobby-room[data-room="${code}"] .room-meta`, /^Offiziell · um Turnierpunkte · /);
    assert.deepEqual(me.errors, [], 'the page threw');
  } finally {
    await me.context.close();
  }
});
