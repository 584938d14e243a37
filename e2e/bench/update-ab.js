// The benchmark's update cell (bench/lib/update.js) for two or more builds of dist/, alternating in one
// browser: on this shared 2-core host the same build's median moves by 50% between runs minutes apart,
// far more than most changes move it, so builds are compared in the same minutes, in turn.
//
//   cd e2e && SIM_BIN=../target/debug/storyreel-sim node bench/update-ab.js DIST_A DIST_B [...]
//
// Each DIST is a copy of a built dist/ (`cp -r dist /tmp/dist-a` after each build). ROUNDS (5) rounds,
// each measuring every build once (in reverse order every other round), 200 answers a measure, at CPU
// (4) times slower; prints each measure's median and, per build, the median of its medians.
import { launchBrowser, startSim } from '../lib/harness.js';
import { distsFromArgs, serveEach } from './lib/dists.js';
import { measureUpdate } from './lib/update.js';

const dists = distsFromArgs('update-ab.js');
const rounds = Number(process.env.ROUNDS ?? 5);
const cpu = Number(process.env.CPU ?? 4);
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

const sim = await startSim(['--speed', '8']);
const medians = dists.map(() => []);
let webs = [];
let browser;
try {
  webs = await serveEach(dists, sim.api, { poll_interval_seconds: 0.05, request_timeout_seconds: 5 });
  browser = await launchBrowser();
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A paper boat sails to the sea', num_scenes: 10 });
  await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 1 });
  await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  for (let round = 0; round < rounds; round++) {
    const order = dists.map((_, i) => i);
    for (const i of round % 2 ? order.reverse() : order) {
      const { wall } = await measureUpdate(browser, sim, webs[i], id, { answers: 200, cpu });
      medians[i].push(median(wall));
      console.log(`round ${round + 1}: ${dists[i]}: ${median(wall).toFixed(2)} ms`);
    }
  }
  dists.forEach((d, i) => console.log(`${d}: median of ${rounds} medians ${median(medians[i]).toFixed(2)} ms at ${cpu}x (${medians[i].map((m) => m.toFixed(2)).join(', ')})`));
} finally {
  await browser?.close();
  for (const web of webs) await web.stop();
  await sim.stop();
}
