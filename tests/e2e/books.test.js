// Score keeping in the browser (web/books.html, docs/web.md "Score
// keeping"): an organiser creates a tournament of 13 players and draws
// stage 1 with one five-seat table (5.2.2); the five-seat table's phone
// opens the link of its QR code (a table key: only that table) and
// enters a game; a live standings page in a second browser context
// updates without a reload.  An evening is kept at a phone's width, with
// a refusal shown in words and an undo.  An evening of house rules
// (Hochzeit, Schieberamsch, Klopfen), picked on the page under the
// preset, enters what only such rules play, and its rows say it.
// Screenshots at 360 px and at a desktop's width, German and English, go
// to $SK_E2E_OUT (build/e2e/).

import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, person, PHONE, DESKTOP } from './lib/browser.js';
import { Server, environment } from './lib/server.js';
import { NET } from './lib/stall.js';

const env = environment();
let browser;
let server;

const NAMES = ['Anna', 'Bert', 'Carl', 'Dora', 'Emil', 'Fritz', 'Gerti', 'Hans', 'Ida', 'Jakob', 'Kathi', 'Luise', 'Max'];

before(async () => {
  browser = await launch();
  server = await Server.create(env, 'books');
  await server.start();
});

after(async () => {
  await browser?.close();
  await server?.dispose();
});

async function shot(page, name) {
  await page.screenshot({ path: path.join(env.out, `books-${name}.png`), fullPage: true });
}

// The page's message line once it says something other than "entering".
async function said(page) {
  await page.waitForFunction(() => {
    const m = document.getElementById('bk-msg').textContent;
    return m && !/…$/.test(m);
  });
  return page.locator('#bk-msg').textContent();
}

// Submits one organiser form and waits for the server's answer.
async function submitLine(page, formId) {
  await page.evaluate(() => { document.getElementById('bk-msg').textContent = ''; });
  await page.locator(`#${formId} button[type=submit]`).click();
  return said(page);
}

// Enters Bert's Herz-Solo won with 75 on an evening's form and waits for
// its row.
async function soloWon(page) {
  await page.waitForSelector('#bk-entry');
  await page.selectOption('#bk-entry [name=contract]', 'solo:H');
  await page.selectOption('#bk-entry [name=declarer]', 'Bert');
  await page.fill('#bk-entry [name=points]', '75');
  await page.click('#bk-entry button[type=submit]');
  await page.waitForSelector('.bk-table tbody tr:not(.sum)');
}

test('a tournament of 13: the draw, a table key enters its game, the live standings follow', NET, async () => {
  const org = await person(browser, { device: DESKTOP });
  await org.page.goto(`${server.url}books.html`);
  await org.page.waitForSelector('#conn[data-state=open]');
  await shot(org.page, 'home-desktop-de');
  await org.page.fill('#bk-create-tournament [name=title]', 'Feldmoching');
  await org.page.fill('#bk-create-tournament [name=seed]', 'Feldmoching 2026');
  await org.page.click('#bk-create-tournament button[type=submit]');
  await org.page.waitForSelector('#bk-register');
  const code = new URLSearchParams((await org.page.evaluate(() => location.hash)).slice(1)).get('b');
  assert.match(code, /^[a-km-np-z2-9]{16}$/);
  for (const [i, name] of NAMES.entries()) {
    await org.page.fill('#bk-register [name=name]', name);
    assert.match(await submitLine(org.page, 'bk-register'), new RegExp(`${i + 1}: ${name}$`));
  }
  await org.page.fill('#bk-games [name=games]', '4');
  await submitLine(org.page, 'bk-games');
  await org.page.selectOption('#bk-draw [name=seating]', 'five');
  await submitLine(org.page, 'bk-draw');
  await org.page.waitForSelector('.bk-table-block >> nth=2');
  assert.equal(await org.page.locator('img.bk-qr').count(), 3);
  await shot(org.page, 'organiser-desktop-de');

  // The printed sheets carry each table's link (its QR code) for the organiser.
  const key = await org.page.evaluate((c) => JSON.parse(localStorage.getItem('schafkopf.books')).find((b) => b.book === c).key, code);
  // The QR codes came with the key in a header and show as data: images.
  await org.page.waitForFunction(() => [...document.querySelectorAll('img.bk-qr')].every((i) => i.src.startsWith('data:image/svg+xml') && i.naturalWidth > 0));
  // The key never in an address: an old ?key= link is refused; the
  // header (or the print form's POST) carries it.
  assert.equal((await org.page.request.get(`${server.url}api/books/${code}/sheets-1.html?key=${key}`)).status(), 400);
  const sheets = await (await org.page.request.get(`${server.url}api/books/${code}/sheets-1.html`, { headers: { 'X-Book-Key': key } })).text();
  const links = [...sheets.matchAll(/class=table-link href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  assert.equal(links.length, 3);
  const tableLink = links[2];
  assert.ok(!tableLink.includes(key), 'a table link never carries the organiser key');
  // The organiser's print link POSTs the key to a new tab: the sheets with their links, styled without inline styles.
  const [tab] = await Promise.all([org.context.waitForEvent('page'), org.page.click('form.bk-print button')]);
  await tab.waitForSelector('a.table-link >> nth=2');
  assert.equal(await tab.evaluate(() => getComputedStyle(document.querySelector('.qr')).float), 'right');
  assert.ok(!tab.url().includes(key), 'the print tab\'s address carries no key');
  await tab.close();
  const plain = await (await org.page.request.get(`${server.url}api/books/${code}/sheets-1.html`)).text();
  assert.ok(!plain.includes('table-link'), 'no table links without the organiser key');

  // The live standings, in a context of its own.
  const live = await person(browser, { device: DESKTOP, lang: 'en' });
  await live.page.goto(`${server.url}books.html`);
  await live.page.selectOption('#lang', 'en');
  await live.page.goto(`${server.url}books.html#b=${code}&live`);
  await live.page.waitForSelector('#bk-standings tbody tr >> nth=12');
  const before = await live.page.locator('#bk-standings tbody tr').first().textContent();

  // The five-seat table's phone: its own table only, big targets.
  const phone = await person(browser, { device: PHONE });
  await phone.page.goto(tableLink);
  await phone.page.waitForSelector('#bk-entry');
  assert.equal(await phone.page.locator('#bk-register').count(), 0, 'a table key shows no organiser forms');
  const seats = await phone.page.locator('#bk-entry [name=declarer] option').allTextContents();
  assert.equal(seats.length, 6); // "—" and five players
  // 5.2.15: game 1; at a five-seat table the first seat deals and sits out
  await phone.page.selectOption('#bk-entry [name=contract]', 'sauspiel:E');
  await phone.page.selectOption('#bk-entry [name=declarer]', seats[2]);
  await phone.page.click('#bk-entry [name=result][value=won]');
  await phone.page.click('#bk-entry button[type=submit]');
  // A Sauspiel needs its partner: the form says so in words before sending.
  const refusal = await said(phone.page);
  assert.ok(refusal.length > 5 && !/^bk_/.test(refusal), refusal);
  assert.ok(await phone.page.locator('#bk-msg.bad').count());
  await shot(phone.page, 'table-refused-phone-de');
  await phone.page.selectOption('#bk-entry [name=partner]', seats[3]);
  await phone.page.click('#bk-entry button[type=submit]');
  await phone.page.waitForSelector('.bk-table tbody tr:not(.sum)');
  await shot(phone.page, 'table-phone-de');

  // The live page updated by itself: the declarer's side leads with +1.
  await live.page.waitForFunction((old) => document.querySelector('#bk-standings tbody tr').textContent !== old, before);
  const top = await live.page.locator('#bk-standings tbody tr').first().locator('td').last().textContent();
  assert.ok(top === '' || /./.test(top));
  const points = await live.page.locator('#bk-standings tbody tr').first().locator('td b').textContent();
  assert.equal(points, '+1');
  await shot(live.page, 'live-desktop-en');
  await live.page.setViewportSize({ width: 360, height: 740 });
  await shot(live.page, 'live-phone-en');
  for (const p of [org, live, phone]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test('an evening at a phone: a deal, a refusal in words, undo, English', NET, async () => {
  const p = await person(browser, { device: PHONE });
  await p.page.goto(`${server.url}books.html`);
  await p.page.waitForSelector('#conn[data-state=open]');
  await shot(p.page, 'home-phone-de');
  await p.page.fill('#bk-create-sheet [name=players]', 'Anna, Bert, Carl, Dora');
  await p.page.click('#bk-create-sheet button[type=submit]');
  await soloWon(p.page);
  // 2.6.2: a Solo has no partner, so the form shows none to pick
  await p.page.selectOption('#bk-entry [name=contract]', 'solo:E');
  assert.equal(await p.page.locator('#bk-entry [name=partner]').isVisible(), false);
  // 4.1.4: Schwarz with 75 card points: refused by the server, nothing booked
  await p.page.selectOption('#bk-entry [name=declarer]', 'Carl');
  await p.page.fill('#bk-entry [name=points]', '75');
  await p.page.check('#bk-entry [name=schwarz]');
  await p.page.click('#bk-entry button[type=submit]');
  await p.page.waitForSelector('#bk-msg.bad');
  assert.match(await p.page.locator('#bk-msg').textContent(), /Schwarz/);
  // the official rules: no Ramsch, no Klopfen, no Hochzeit on the form
  assert.equal(await p.page.locator('#bk-entry input[name=kind][value=ramsch]').count(), 0);
  assert.equal(await p.page.locator('#bk-entry [name=laid]').count(), 0);
  assert.equal(await p.page.locator('#bk-entry [name=contract] option[value=hochzeit]').count(), 0);
  assert.equal(await p.page.locator('.bk-table tbody tr:not(.sum)').count(), 1);
  await shot(p.page, 'evening-phone-de');
  await p.page.selectOption('#lang', 'en');
  await p.page.waitForFunction(() => document.querySelector('.bk-sheet h2').textContent.includes('evening'));
  await shot(p.page, 'evening-phone-en');
  await p.page.click('#bk-undo');
  await p.page.waitForFunction(() => !document.querySelector('.bk-table tbody tr:not(.sum)'));
  await p.page.setViewportSize({ width: 1280, height: 800 });
  await shot(p.page, 'evening-desktop-en');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

// Creates an evening on the start page with the preset and house rules
// (the collapsed "Hausregeln" under the preset, docs/web.md): `checks`
// the checkboxes to tick, `selects` the selects to set, by option name.
async function createWithHouseRules(page, { players, preset, checks = [], selects = {}, shotName = null }) {
  await page.goto(`${server.url}books.html`);
  await page.waitForSelector('#conn[data-state=open]');
  const form = '#bk-create-sheet';
  await page.fill(`${form} [name=players]`, players);
  await page.selectOption(`${form} [name=preset]`, preset);
  await page.click(`${form} details.bk-house > summary`);
  await page.waitForSelector(`${form} [name=o_all_pass]`);
  for (const [k, v] of Object.entries(selects)) await page.selectOption(`${form} [name=o_${k}]`, v);
  for (const k of checks) await page.check(`${form} [name=o_${k}]`);
  if (shotName) await shot(page, shotName);
  await page.click(`${form} button[type=submit]`);
}

// The words of an evening's row n (1..), without its dealer.
async function rowText(page, n) {
  await page.waitForSelector(`.bk-table tbody tr:not(.sum) >> nth=${n - 1}`);
  return page.evaluate((i) => {
    const td = document.querySelectorAll('.bk-table tbody tr:not(.sum)')[i].querySelector('td.l');
    return td.textContent.replace(/^[^:]*: /, '');
  }, n - 1);
}

// The money of an evening's row n (1..) per player, as the page shows it.
async function rowMoney(page, n) {
  await page.waitForSelector(`.bk-table tbody tr:not(.sum) >> nth=${n - 1}`);
  return page.evaluate((i) => [...document.querySelectorAll('.bk-table tbody tr:not(.sum)')[i].querySelectorAll('td:not(.l) > span')]
    .map((x) => x.textContent), n - 1);
}

// Submits the entry form and waits for the row it books.
async function enter(page, rows) {
  await page.evaluate(() => { document.getElementById('bk-msg').textContent = ''; });
  await page.click('#bk-entry button[type=submit]');
  const msg = await said(page);
  assert.ok(!(await page.locator('#bk-msg.bad').count()), msg);
  await page.waitForSelector(`.bk-table tbody tr:not(.sum) >> nth=${rows - 1}`);
}

// A Stammtisch evening (002) made on the page with its house rules:
// the Stammtisch preset (Hochzeit, Ramsch with Jungfrau) and a
// Schieberamsch and Klopfen ticked under "Hausregeln".  The form offers
// what the ruleset plays and the fields each deal needs; the server
// books the lines it composes (the money as docs/rules.md prices them,
// 10 cents a unit) and each row says what was entered.
test('an evening of house rules: made on the page, a Hochzeit, a Schieberamsch with a Jungfrau, a 3.4.18 penalty', NET, async () => {
  const p = await person(browser, { device: DESKTOP });
  // a Muss needs four at the table: the server says so in German
  await createWithHouseRules(p.page, { players: 'Anna, Bert, Carl', preset: 'kurz', selects: { all_pass: 'muss' } });
  await p.page.waitForSelector('#bk-msg.bad');
  assert.match(await p.page.locator('#bk-msg').textContent(), /Muss und Kreuzbock brauchen vier Spieler/);
  // the house rules follow the preset: the Stammtisch's Hochzeit and Jungfrau are ticked
  await p.page.selectOption('#bk-create-sheet [name=preset]', 'stammtisch');
  assert.equal(await p.page.locator('#bk-create-sheet [name=o_allow_hochzeit]').isChecked(), true);
  assert.equal(await p.page.locator('#bk-create-sheet [name=o_ramsch_jungfrau]').isChecked(), true);
  assert.equal(await p.page.locator('#bk-create-sheet [name=o_all_pass]').inputValue(), 'ramsch');
  // the form in English and at a phone's width (not sent): another
  // language draws the page again and keeps what was picked
  await p.page.selectOption('#lang', 'en');
  await p.page.waitForSelector('#bk-create-sheet details.bk-house[open] [name=o_all_pass]');
  assert.equal(await p.page.locator('#bk-create-sheet [name=o_all_pass] option:checked').textContent(), 'Ramsch');
  await shot(p.page, 'house-create-desktop-en');
  await p.page.selectOption('#lang', 'de');
  await p.page.setViewportSize({ width: 360, height: 740 });
  await p.page.waitForSelector('#bk-create-sheet details.bk-house[open] [name=o_all_pass]');
  await shot(p.page, 'house-create-phone-de');
  await p.page.setViewportSize({ width: 1280, height: 800 });
  await createWithHouseRules(p.page, { players: 'Anna, Bert, Carl, Dora', preset: 'stammtisch',
    checks: ['ramsch_schieben'], selects: { klopfen: 'all' }, shotName: 'house-create-desktop-de' });
  await p.page.waitForSelector('#bk-entry');
  const rules = await p.page.locator('#bk-rules').textContent();
  for (const w of ['Stammtisch', 'Schieberamsch (Jungfrau, Durchmarsch)', 'auch Hochzeit', 'jeder darf klopfen', 'Tarif: Sauspiel 0,10 €'])
    assert.ok(rules.includes(w), `${w} in ${rules}`);
  const contracts = await p.page.locator('#bk-entry [name=contract] option').evaluateAll((os) => os.map((o) => o.value));
  for (const c of ['hochzeit', 'farbgeier:E', 'farbwenz:S', 'geier', 'bettel', 'bettel:ouvert', 'sie'])
    assert.ok(contracts.includes(c), `${c} in ${contracts}`);
  assert.ok(!contracts.includes('kreuzbock'), 'no Kreuzbock under these rules');
  assert.equal(await p.page.locator('#bk-entry [name=muss]').count(), 0, 'no Muss under these rules');

  // 1. Anna's Hochzeit with Bert, 75, one laid: 2 units doubled, 0.40 each
  await p.page.selectOption('#bk-entry [name=contract]', 'hochzeit');
  assert.equal(await p.page.locator('#bk-entry [name=tout]').isVisible(), false, 'no Hochzeit Tout');
  await p.page.selectOption('#bk-entry [name=declarer]', 'Anna');
  await p.page.click('#bk-entry button[type=submit]');
  assert.equal(await said(p.page), 'Wer hat mitgespielt?');
  await p.page.selectOption('#bk-entry [name=partner]', 'Bert');
  await p.page.fill('#bk-entry [name=points]', '75');
  await p.page.fill('#bk-entry [name=laid]', '1');
  await shot(p.page, 'house-hochzeit-desktop-de');
  await enter(p.page, 1);
  assert.deepEqual(await rowMoney(p.page, 1), ['+0,40 €', '+0,40 €', '−0,40 €', '−0,40 €']);

  // 2. a Schieberamsch: Carl lost, Anna had the fewest points, Dora took
  // no trick: 1 unit doubled, Carl pays the three and each pays Anna
  await p.page.click('#bk-entry input[name=kind][value=ramsch]');
  await p.page.check('#bk-entry input[name=loser][value=Carl]');
  await p.page.click('#bk-entry button[type=submit]');
  assert.equal(await said(p.page), 'Wer hat den Schieberamsch gewonnen?');
  await p.page.check('#bk-entry input[name=winner][value=Anna]');
  await p.page.selectOption('#bk-entry [name=jungfrau]', '1');
  assert.deepEqual(await p.page.locator('#bk-entry [name=jungfrau] option').allTextContents(), ['—', '1', '2']);
  await shot(p.page, 'house-ramsch-desktop-de');
  await enter(p.page, 2);
  assert.deepEqual(await rowMoney(p.page, 2), ['+0,80 €', '0,00 €', '−0,80 €', '0,00 €']);
  assert.equal(await rowText(p.page, 2), 'Ramsch, verloren: Carl; gewonnen: Anna; 1 Jungfrau');

  // 3. 3.4.18: Bert revoked in Anna's Herz-Solo and Carl showed his cards:
  // Carl pays the Solo with Schneider (6 units) as if he had erred
  await p.page.click('#bk-entry input[name=kind][value=penalty]');
  assert.equal(await p.page.locator('#bk-entry [name=revealer]').isVisible(), false);
  await p.page.selectOption('#bk-entry [name=fault]', '3.4.18');
  await p.page.selectOption('#bk-entry [name=contract]', 'solo:H');
  await p.page.selectOption('#bk-entry [name=declarer]', 'Anna');
  await p.page.selectOption('#bk-entry [name=offender]', 'Bert');
  await p.page.click('#bk-entry button[type=submit]');
  assert.equal(await said(p.page), 'Wer hat die Karten aufgedeckt?');
  await p.page.selectOption('#bk-entry [name=revealer]', 'Carl');
  await shot(p.page, 'house-penalty-desktop-de');
  await enter(p.page, 3);
  assert.deepEqual(await rowMoney(p.page, 3), ['+1,80 €', '0,00 €', '−1,80 €', '0,00 €']);

  // English, and a phone's width
  await p.page.click('#bk-entry input[name=kind][value=ramsch]');
  await p.page.selectOption('#lang', 'en');
  await p.page.waitForFunction(() => document.querySelector('.bk-sheet h2').textContent.includes('evening'));
  assert.match(await p.page.locator('#bk-entry').textContent(), /Winners \(fewest card points\)/);
  assert.equal(await rowText(p.page, 2), 'Ramsch, lost by: Carl; won by: Anna; 1 without a trick (Jungfrau)');
  assert.match(await p.page.locator('#bk-rules').textContent(), /all pass: Schieberamsch \(Jungfrau, Durchmarsch\)/);
  await shot(p.page, 'house-ramsch-desktop-en');
  await p.page.setViewportSize({ width: 360, height: 740 });
  await shot(p.page, 'house-ramsch-phone-en');
  await p.page.click('#bk-entry input[name=kind][value=game]');
  await p.page.selectOption('#bk-entry [name=contract]', 'farbgeier:E');
  await shot(p.page, 'house-game-phone-en');
  await p.page.selectOption('#lang', 'de');
  await p.page.waitForFunction(() => document.querySelector('.bk-sheet h2').textContent.includes('Abend'));
  await shot(p.page, 'house-game-phone-de');

  // 002: a throw-in starts a Kreuzbock round: its games are the pairs
  // across, and the form offers nothing else (the official rules with
  // that one house rule, ticked on the page at a phone's width, in English)
  await p.page.selectOption('#lang', 'en');
  await createWithHouseRules(p.page, { players: 'Anna, Bert, Carl, Dora', preset: 'official',
    checks: ['kreuzbock_on_throw_in'], shotName: 'house-create-phone-en' });
  await p.page.waitForSelector('#bk-entry');
  assert.match(await p.page.locator('#bk-rules').textContent(), /a throw-in starts a Kreuzbock round/);
  await p.page.selectOption('#lang', 'de');
  await p.page.waitForFunction(() => document.querySelector('.bk-sheet h2').textContent.includes('Abend'));
  await p.page.click('#bk-entry input[name=kind][value=thrown]');
  await enter(p.page, 1);
  await p.page.waitForFunction(() => document.querySelector('.bk-next').textContent.includes('Kreuzbock'));
  assert.deepEqual(await p.page.locator('#bk-entry input[name=kind]').evaluateAll((xs) => xs.map((x) => x.value)),
    ['game', 'penalty', 'redeal']);
  assert.deepEqual(await p.page.locator('#bk-entry [name=contract] option').evaluateAll((os) => os.map((o) => o.value)),
    ['', 'kreuzbock']);
  assert.equal(await p.page.locator('#bk-entry [name=contract]').inputValue(), 'kreuzbock');
  assert.equal(await p.page.locator('#bk-entry [name=partner]').isVisible(), false);
  await p.page.selectOption('#bk-entry [name=declarer]', 'Anna');
  await p.page.click('#bk-entry input[name=result][value=won]');
  await shot(p.page, 'kreuzbock-phone-de');
  await enter(p.page, 2);
  // a Sauspiel's 1 unit: Anna and Carl across from each other win
  assert.deepEqual(await rowMoney(p.page, 2), ['+0,10 €', '−0,10 €', '+0,10 €', '−0,10 €']);
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

// A group's statistics and chart show what the group plays for (5.2.7):
// money at a money table, tournament points at a points table -- never
// both.
test("a group's statistics: money for a money group, points for a tournament group", NET, async () => {
  const p = await person(browser, { device: DESKTOP });
  for (const [preset, shown, hidden] of [['official', 'Geld', 'Punkte'], ['tournament', 'Punkte', 'Geld']]) {
    await p.page.goto(`${server.url}books.html`);
    await p.page.waitForSelector('#conn[data-state=open]');
    await p.page.fill('#bk-create-group [name=players]', 'Anna Bert Carl Dora');
    await p.page.selectOption('#bk-create-group [name=preset]', preset);
    if (preset === 'official') { // a group's house rule, for all its evenings
      await p.page.click('#bk-create-group details.bk-house > summary');
      await p.page.selectOption('#bk-create-group [name=o_klopfen]', 'all');
    }
    await p.page.click('#bk-create-group button[type=submit]');
    await p.page.waitForSelector('#bk-new-evening');
    const group = new URLSearchParams((await p.page.evaluate(() => location.hash)).slice(1)).get('b');
    await p.page.click('#bk-new-evening button[type=submit]');
    await soloWon(p.page);
    await p.page.goto(`${server.url}books.html#b=${group}`);
    await p.page.waitForSelector('.bk-stats table');
    // the rules in force, in words: a points group has no tariff
    const rules = await p.page.locator('#bk-rules').textContent();
    assert.match(rules, preset === 'tournament' ? /kein Kontra · um Turnierpunkte/ : /jeder darf klopfen · Kontra und Retour · Tarif: Sauspiel 0,10 €/);
    const heads = (await p.page.locator('.bk-stats table').first().locator('thead th').allTextContents()).join('|');
    assert.ok(heads.includes(shown), `${preset}: ${heads}`);
    assert.ok(!heads.includes(hidden), `${preset}: ${heads}`);
    // the chart follows: money over time, or points over time with no euro
    const svg = await (await p.page.request.get(`${server.url}api/books/${group}/chart.svg?lang=de`)).text();
    assert.ok(svg.includes(preset === 'tournament' ? 'Punkte im Verlauf' : 'Geld im Verlauf'), svg.slice(0, 400));
    assert.equal(svg.includes('€'), preset !== 'tournament');
    assert.ok(svg.includes(preset === 'tournament' ? 'Bert (+6)' : 'Bert (1,50 €)'), svg.slice(-600));
    await shot(p.page, `group-${preset}-desktop-de`);
    await p.page.selectOption('#lang', 'en');
    await p.page.waitForFunction(() => document.querySelector('.bk-stats h3').textContent === 'Statistics');
    await shot(p.page, `group-${preset}-desktop-en`);
    await p.page.selectOption('#lang', 'de');
  }
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
