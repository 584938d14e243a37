// One start-up cell of the benchmark (bench/lib/start.js) with many rounds: the built dist/ against its
// plain copy, back to back, as `scripts/bench` measures every cell. The benchmark's 10-20 rounds give
// ratios whose 90% intervals span ±15 %, and the plain page's load moves with the host's moment far more
// than the app's; a few minutes of one cell on an idle host say how far it is from 2x.
//
//   cd e2e && SIM_BIN=../target/debug/storyreel-sim node bench/start-ratio.js
//
// SCREEN: sign-in (default), projects (the benchmark's 50 projects are made first) or video (a 10-scene
// generation under way); CONDITION: normal (default), cpu 4x or slow link; RUNS (60) rounds. Prints the
// app's and the plain page's medians and the ratio with its 90% interval.
import { launchBrowser, startSim, startWeb } from '../lib/harness.js';
import { CONDITIONS, loadOnce, screenPath, writePlainCopy } from './lib/start.js';
import { ms, ratioInterval, summary } from './lib/stats.js';

const runs = Number(process.env.RUNS ?? 60);
const screen = process.env.SCREEN ?? 'sign-in';
const condition = CONDITIONS[process.env.CONDITION ?? 'normal'];
if (!condition) throw new Error(`CONDITION is one of: ${Object.keys(CONDITIONS).join(', ')}`);

const sim = await startSim(['--speed', '8']);
let web;
let browser;
try {
  web = await startWeb(sim.api);
  browser = await launchBrowser();
  const path = await screenPath(sim, screen, screen === 'projects' ? 50 : 0);
  const signedIn = screen !== 'sign-in';
  const plain = await writePlainCopy(browser, web, screen, path, signedIn);
  const app = [];
  const plainTimes = [];
  for (let run = 0; run < runs; run++) {
    app.push(await loadOnce(browser, web.url + path, { mark: `storyreel:ready:${screen}`, signedIn, condition }));
    plainTimes.push(await loadOnce(browser, web.url + plain.path, { condition }));
  }
  const [lo, hi] = ratioInterval(app, plainTimes);
  const a = summary(app).median;
  const p = summary(plainTimes).median;
  console.log(`${screen}, ${process.env.CONDITION ?? 'normal'}, ${runs} rounds: app ${ms(a)}, plain page ${ms(p)}, `
    + `app / plain ${(a / p).toFixed(2)}x (90% interval ${lo.toFixed(2)}-${hi.toFixed(2)}); 2x would need ${ms(Math.max(0, a - 2 * p))} less`);
} finally {
  await browser?.close();
  await web?.stop();
  await sim.stop();
}
