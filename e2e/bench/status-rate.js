// Measures status requests per minute while a person watches a generating project with the
// production interval (30 s); with PAGE=list, the list requests while the projects list shows it.
// Run: cd e2e && node bench/status-rate.js   (MINUTES=…, INTERVAL=…, PAGE=list)
import { launchBrowser, startSim, startWeb } from '../lib/harness.js';

const MINUTES = Number(process.env.MINUTES || 5);
const INTERVAL = Number(process.env.INTERVAL || 30);
const LIST = process.env.PAGE === 'list';
const sim = await startSim(['--speed', '0.5']); // a 5-scene project generates for about 17 minutes
const web = await startWeb(sim.api, { poll_interval_seconds: INTERVAL });
const browser = await launchBrowser();
try {
  const id = await sim.approvedProject(5);
  const context = await browser.newContext();
  await context.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  const page = await context.newPage();
  await page.goto(LIST ? `${web.url}/` : `${web.url}/projects/${id}/video`);
  await page.getByRole('progressbar', { name: LIST ? /^Progress of / : 'Overall progress' }).waitFor();
  await page.waitForTimeout(MINUTES * 60_000);
  const path = LIST ? /\/scene-projects$/ : new RegExp(`/scene-projects/${id}/status$`);
  const checks = (await sim.requests('GET', path)).map((r) => r.at_ms);
  const gaps = checks.slice(1).map((at, i) => ((at - checks[i]) / 1000).toFixed(1));
  console.log(`${LIST ? 'list' : 'status'} requests in ${MINUTES} min at a ${INTERVAL} s interval: ${checks.length} (${(checks.length / MINUTES).toFixed(2)} a minute); gaps in s: ${gaps.join(', ')}`);
} finally {
  await browser.close();
  await web.stop();
  await sim.stop();
}
