// Measures status requests per minute while a person watches a generating project with the
// production interval (30 s); with PAGE=list, the list requests while the projects list shows it.
// Run: cd e2e && node bench/status-rate.js   (MINUTES=…, INTERVAL=…, PAGE=list)
// scripts/bench measures the same (lib/watch.js) as part of its table.
import { launchBrowser, startSim, startWeb } from '../lib/harness.js';
import { statusRate } from './lib/watch.js';

const MINUTES = Number(process.env.MINUTES || 5);
const INTERVAL = Number(process.env.INTERVAL || 30);
const LIST = process.env.PAGE === 'list';
const sim = await startSim(['--speed', '0.5']); // a 5-scene project generates for about 17 minutes
const web = await startWeb(sim.api, { poll_interval_seconds: INTERVAL });
const browser = await launchBrowser();
try {
  const id = await sim.approvedProject(5);
  const r = await statusRate(browser, sim, web, { id, list: LIST, minutes: MINUTES });
  console.log(`${LIST ? 'list' : 'status'} requests in ${MINUTES} min at a ${INTERVAL} s interval: ${r.requests} (${r.per_minute.toFixed(2)} a minute after the first); gaps in s: ${r.gaps_s.map((g) => g.toFixed(1)).join(', ')}`);
} finally {
  await browser.close();
  await web.stop();
  await sim.stop();
}
