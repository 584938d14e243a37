// The benchmark's start-up cell (bench/lib/start.js) for two or more builds of dist/, in turn in one
// browser: on this shared 2-core host a start's median moves between runs minutes apart by more than
// most changes move it, so builds are compared in the same minutes, load after load.
//
//   cd e2e && SIM_BIN=../target/debug/storyreel-sim node bench/start-ab.js DIST_A DIST_B [...]
//
// Each DIST is a copy of a built dist/ (`cp -r dist /tmp/dist-a` after each build). SCREEN: sign-in
// (default), projects or video (a 10-scene generation under way); CONDITION: normal (default), cpu 4x
// or slow link; RUNS (15) loads of each build, alternating; PROJECTS (0) projects made first, for the list
// (the benchmark's list has 50); RETURNING=1 starts the list from what each build kept after showing it
// (the benchmark's returning visitor). Prints each build's median and spread, and
// each later build's median against the first's with a 90% interval (a paired bootstrap of the rounds:
// loads made back to back share the host's moment), so a change is kept only when the interval says so.
import { launchBrowser, startSim } from '../lib/harness.js';
import { distsFromArgs, serveEach } from './lib/dists.js';
import { CONDITIONS, keptState, loadOnce, screenPath } from './lib/start.js';
import { ratioInterval, summary } from './lib/stats.js';

const dists = distsFromArgs('start-ab.js');
const runs = Number(process.env.RUNS ?? 15);
const screen = process.env.SCREEN ?? 'sign-in';
const condition = CONDITIONS[process.env.CONDITION ?? 'normal'];
if (!condition) throw new Error(`CONDITION is one of: ${Object.keys(CONDITIONS).join(', ')}`);

const sim = await startSim(['--speed', '8']);
const times = dists.map(() => []);
let webs = [];
let browser;
try {
  webs = await serveEach(dists, sim.api);
  browser = await launchBrowser();
  const path = await screenPath(sim, screen, Number(process.env.PROJECTS ?? 0));
  const mark = `storyreel:ready:${screen}`;
  const returning = process.env.RETURNING === '1';
  if (returning && screen !== 'projects') throw new Error('RETURNING=1 is for SCREEN=projects');
  const stored = [];
  for (const web of webs) stored.push(returning ? await keptState(browser, web, path, 'storyreel:ready:projects-fresh') : undefined);
  for (let run = 0; run < runs; run++) {
    const order = dists.map((_, i) => i);
    for (const i of run % 2 ? order.reverse() : order) {
      times[i].push(await loadOnce(browser, webs[i].url + path, { mark, signedIn: screen !== 'sign-in', stored: stored[i], condition }));
    }
  }
  dists.forEach((d, i) => {
    const s = summary(times[i]);
    console.log(`${d}: ${screen}, ${process.env.CONDITION ?? 'normal'}: median ${s.median.toFixed(1)} ms (p10 ${s.p10.toFixed(1)}, p90 ${s.p90.toFixed(1)}; ${runs} loads)`);
  });
  for (let i = 1; i < dists.length; i++) {
    const ratio = summary(times[i]).median / summary(times[0]).median;
    const [lo, hi] = ratioInterval(times[i], times[0]);
    console.log(`${dists[i]} / ${dists[0]}: ${ratio.toFixed(3)} (90% interval ${lo.toFixed(3)}-${hi.toFixed(3)})`);
  }
} finally {
  await browser?.close();
  for (const web of webs) await web.stop();
  await sim.stop();
}
