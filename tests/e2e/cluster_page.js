// cluster_page.js -- the browser's part of tests/test_cluster.sh (run by
// tests/cluster_client.py's `browser` step, not by test_e2e.sh: its
// name does not end in .test.js).  A page of the browser client opens
// the site through nginx (argv[2], e.g. http://127.0.0.1:PORT/), makes a
// table in the lobby and sits at seat 0; it prints `code CODE` on
// stdout, so that the protocol players take seats 1 to 3 by the table's
// code; then it plays a whole game by clicking what the page offers, to
// the game's result (tests/e2e/lib/table.js).  The table is made through
// the lobby's connection (nginx: any process) and played by the table's
// code (nginx: the room's process), so the room moves between processes
// on the way (the connection closed as "room moved to another server",
// the lease wanted and given up): the page follows it by connecting
// again.  Exit status 0 when the page played
// the game without an error of its own; every wait has the stall bound.

import { launch, person } from './lib/browser.js';
import { createTable, playUntilResult, view } from './lib/table.js';
import { STALL_MS } from './lib/stall.js';

const url = process.argv[2];
if (!url) {
  console.error('cluster_page: usage: node cluster_page.js http://HOST:PORT/');
  process.exit(2);
}

const browser = await launch();
let status = 0;
try {
  const p = await person(browser, { lang: 'en' });
  const link = await createTable(p.page, url, { title: 'Cluster' });
  const code = new URL(link).searchParams.get('table');
  console.log(`code ${code}`);
  for (const i of [1, 2, 3])
    await p.page.locator(`.seat[data-seat="${i}"][data-kind="human"]`).waitFor({ timeout: STALL_MS });
  const r = await playUntilResult([p]);
  const v = await view(p.page);
  if (!v.result.shown)
    throw new Error(`the page shows no result: ${JSON.stringify(v)}`);
  if (p.errors.length)
    throw new Error(`the page's errors: ${p.errors.join('; ')}`);
  console.log(`played game ${v.result.game} to its result through nginx: ${r.clicks} clicks in ` +
              `${(r.ms / 1000).toFixed(1)} s, ${p.sockets.length} WebSocket(s) opened`);
} catch (err) {
  console.error(`cluster_page: FAIL: ${err.stack || err}`);
  status = 1;
} finally {
  await browser.close();
}
process.exit(status);
