// The benchmark's start-up cell (bench/lib/start.js) for two or more builds of dist/, in turn in one
// browser: on this shared 2-core host a start's median moves between runs minutes apart by more than
// most changes move it, so builds are compared in the same minutes, load after load.
//
//   cd e2e && SIM_BIN=../target/debug/storyreel-sim node bench/start-ab.js DIST_A DIST_B [...]
//
// Each DIST is a copy of a built dist/ (`cp -r dist /tmp/dist-a` after each build). SCREEN: sign-in
// (default), projects or video (a 10-scene generation under way); CONDITION: normal (default), cpu 4x
// or slow link; RUNS (15) loads of each build, alternating. Prints each build's median and spread.
import { launchBrowser, startSim } from '../lib/harness.js';
import { distsFromArgs, serveEach } from './lib/dists.js';
import { CONDITIONS, loadOnce } from './lib/start.js';
import { summary } from './lib/stats.js';

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
  let path = { 'sign-in': '/sign-in', projects: '/' }[screen];
  if (screen === 'video') {
    const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A paper boat sails to the sea', num_scenes: 10 });
    await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 0.0001 });
    await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
    path = `/projects/${id}/video`;
  }
  if (!path) throw new Error('SCREEN is one of: sign-in, projects, video');
  const mark = `storyreel:ready:${screen}`;
  for (let run = 0; run < runs; run++) {
    const order = dists.map((_, i) => i);
    for (const i of run % 2 ? order.reverse() : order) {
      times[i].push(await loadOnce(browser, webs[i].url + path, { mark, signedIn: screen !== 'sign-in', condition }));
    }
  }
  dists.forEach((d, i) => {
    const s = summary(times[i]);
    console.log(`${d}: ${screen}, ${process.env.CONDITION ?? 'normal'}: median ${s.median.toFixed(1)} ms (p10 ${s.p10.toFixed(1)}, p90 ${s.p90.toFixed(1)}; ${runs} loads)`);
  });
} finally {
  await browser?.close();
  for (const web of webs) await web.stop();
  await sim.stop();
}
