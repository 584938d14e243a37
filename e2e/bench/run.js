// The benchmark behind scripts/bench: bundle bytes, start-up against a plain HTML page, the cost of one
// status update, and what a page left open costs. Prints one Markdown table (progress goes to stderr) and
// writes every figure, with the raw runs, to e2e/bench/results/latest.json.
// Needs a release build in dist/ and target/release/storyreel-sim (scripts/bench makes both).
// Knobs: RUNS (start-up loads per cell, 10), ANSWERS (status answers timed, 200), WATCH_MINUTES (2),
// MEMORY_CHECKS (1000).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, profile, startSim, startWeb } from '../lib/harness.js';
import { measureBundle } from '../lib/bundle.js';
import { keptState, measureStart, writePlainCopy } from './lib/start.js';
import { measureUpdate } from './lib/update.js';
import { pollingMemory, statusRate } from './lib/watch.js';
import { bytes, mib, ms, ratioInterval, summary } from './lib/stats.js';

const started = Date.now();
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const results = join(repo, 'e2e', 'bench', 'results');
const RUNS = Number(process.env.RUNS || 10);
const ANSWERS = Number(process.env.ANSWERS || 200);
const WATCH_MINUTES = Number(process.env.WATCH_MINUTES || 2);
const MEMORY_CHECKS = Number(process.env.MEMORY_CHECKS || 1000);
const LIST_SIZE = 50;
const say = (m) => process.stderr.write(`bench: ${((Date.now() - started) / 1000).toFixed(0)} s: ${m}\n`);
const sleep = (t) => new Promise((r) => setTimeout(r, t));

const git = (...args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
const commit = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';

const bundle = measureBundle(join(repo, 'dist'));

const sim = await startSim(['--speed', '8']);
const web = await startWeb(sim.api); // production config: a 30 s poll interval
const fastWeb = await startWeb(sim.api, { poll_interval_seconds: 0.05, request_timeout_seconds: 5 });
const browser = await launchBrowser();
const out = { commit: commit + (dirty ? ' (with uncommitted changes)' : ''), date: new Date().toISOString(), profile };
try {
  out.machine = { cpus: cpus().length, cpu: cpus()[0]?.model, loadavg_at_start: loadavg(), chromium: browser.version() };
  out.bundle = bundle;

  // --- Set-up through the simulator: 50 projects in the list, one of them a 10-scene generation held
  // mid-way (its own speed nearly zero), 10 of them finished, the rest proposed.
  say('seeding the simulator');
  await sim.control('PUT', '/_sim/users/1/credits', { credits: 1_000_000 });
  const setSpeed = (id, speed) => sim.control('PUT', `/_sim/projects/${id}/speed`, { speed });
  const status = (id) => sim.call('GET', `/scene-projects/${id}/status`);
  const create = async (scenes, idea) => (await sim.call('POST', '/stories/create', { person_id: 1, story_idea: idea, num_scenes: scenes })).id;
  const approve = (id) => sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  const until = async (what, test) => {
    for (let i = 0; i < 600; i++) { if (await test()) return; await sleep(100); }
    throw new Error(`the simulator never reached: ${what}`);
  };
  const finished = [];
  for (let i = 1; i < LIST_SIZE; i++) {
    const id = await create(3, `Story ${i}: a paper boat sails down the river to the sea, past the mill and the bridge`);
    if (i % 5 === 0) { await setSpeed(id, 5000); await approve(id); finished.push(id); }
  }
  const videoId = await create(10, 'A lighthouse keeper teaches a gull to read the weather, one scene a season');
  await setSpeed(videoId, 100);
  await approve(videoId);
  await until('the video project half-way', async () => (await status(videoId)).progress >= 40);
  await setSpeed(videoId, 0.0001);
  await until('10 finished projects', async () => (await Promise.all(finished.map(status))).every((s) => s.status === 'completed'));
  const listed = await sim.call('GET', '/scene-projects');
  const listCount = Array.isArray(listed) ? listed.length : listed.items.length;
  if (listCount !== LIST_SIZE) throw new Error(`the list has ${listCount} projects, not ${LIST_SIZE}`);
  out.video_project = { scenes: 10, progress: (await status(videoId)).progress };

  // --- Start-up.
  // The list twice: a first visit, usable when the service's answer shows, and a returning visitor's,
  // whose tab holds the list last read (storage seeded, cache still empty), usable when that shows.
  const screens = [
    { name: 'sign-in', path: '/sign-in', signedIn: false },
    { name: 'projects', path: '/', signedIn: true, fresh: 'projects-fresh' },
    { name: 'projects, returning', mark: 'projects', path: '/', signedIn: true, fresh: 'projects-fresh', plainOf: 'projects',
      stored: await keptState(browser, web, '/', 'storyreel:ready:projects-fresh') },
    { name: 'video', path: `/projects/${videoId}/video`, signedIn: true, fresh: 'video-fresh' },
  ];
  for (const s of screens.filter((s) => !s.plainOf)) {
    const copy = await writePlainCopy(browser, web, s.name, s.path, s.signedIn);
    Object.assign(s, { plain: copy.path, plain_bytes: copy.bytes });
  }
  for (const s of screens.filter((s) => s.plainOf)) {
    const of = screens.find((o) => o.name === s.plainOf);
    Object.assign(s, { plain: of.plain, plain_bytes: of.plain_bytes });
  }
  say(`start-up: ${RUNS} runs of ${screens.length} screens x 3 conditions, app and plain page`);
  const cells = await measureStart(browser, web, screens, RUNS, say);
  out.start = cells.map((c) => ({
    screen: c.screen, condition: c.condition, runs: c.app.length,
    plain_page_bytes: screens.find((s) => s.name === c.screen).plain_bytes,
    app: summary(c.app), plain: summary(c.plain),
    ratio: summary(c.app).median / summary(c.plain).median,
    ratio_interval_90: ratioInterval(c.app, c.plain),
    ...(c.fresh && { fresh: summary(c.fresh) }),
    raw: { app: c.app, plain: c.plain, ...(c.fresh && { fresh: c.fresh }) },
  }));

  // --- One status update, normal and at 4x CPU throttling.
  out.update = {};
  for (const [name, cpu] of [['normal', 1], ['cpu 4x', 4]]) {
    say(`update: ${ANSWERS} status answers (${name})`);
    const { wall, cpu: thread } = await measureUpdate(browser, sim, fastWeb, videoId, { answers: ANSWERS, cpu });
    out.update[name] = { ...summary(wall), thread_cpu: summary(thread), raw: wall, raw_thread_cpu: thread };
  }

  // --- Staying open, all three at once (counts and memory, not timings): a generating project watched at
  // the production 30 s interval, a finished one, and 1,000 fast checks for memory.
  say(`staying open: watching for ${WATCH_MINUTES} min, and ${MEMORY_CHECKS} fast checks for memory`);
  const watched = await create(5, 'A kite that will not come down');
  await setSpeed(watched, 0.5); // generating for the whole watch
  await approve(watched);
  const done = await create(2, 'A snail wins a race by taking a shortcut');
  await setSpeed(done, 5000);
  await approve(done);
  await until('the finished project', async () => (await status(done)).status === 'completed');
  const memoryProject = await create(5, 'A clock that runs backwards on Sundays');
  await setSpeed(memoryProject, 0.01);
  await approve(memoryProject);
  const [generating, completed, memory] = await Promise.all([
    statusRate(browser, sim, web, { id: watched, minutes: WATCH_MINUTES }),
    statusRate(browser, sim, web, { id: done, minutes: WATCH_MINUTES }),
    pollingMemory(browser, sim, fastWeb, { id: memoryProject, checkpoints: [10, MEMORY_CHECKS], log: say }),
  ]);
  out.staying_open = { interval_s: 30, generating, finished: completed, memory };
} finally {
  await browser.close();
  await fastWeb.stop();
  await web.stop();
  await sim.stop();
}
out.seconds = Math.round((Date.now() - started) / 1000);

// --- Targets and the table.
const MB = 1e6;
const rows = [];
const row = (measure, median, spread = '', plain = '', ratio = '', target = '', result = '') =>
  rows.push([measure, median, spread, plain, ratio, target, result]);
const verdict = (ok) => (ok ? 'pass' : '**fail**');
out.targets = [];
const check = (name, value, target, ok) => { out.targets.push({ name, value, target, pass: ok }); return verdict(ok); };

for (const f of [...out.bundle.files, out.bundle.total]) {
  row(`bundle: ${f.name === 'total' ? '**first load, total**' : `\`${f.name.replace(/-[0-9a-f]{8,16}/, '-*')}\``} (raw / gzip -9 / brotli 11)`,
    `${bytes(f.raw)} / ${bytes(f.gzip)} / ${bytes(f.brotli)}`);
}
for (const c of out.start) {
  const name = `start: ${c.screen}${c.condition === 'normal' ? '' : `, ${c.condition}`}`;
  const spread = `${ms(c.app.min)}–${ms(c.app.max)}`;
  const plain = `${ms(c.plain.median)} (${ms(c.plain.min)}–${ms(c.plain.max)})`;
  // With 10 runs a cell the ratio moves by tenths between runs: its 90% interval says how much.
  const [low, high] = c.ratio_interval_90;
  const ratio = `${c.ratio.toFixed(2)}x (${low.toFixed(2)}–${high.toFixed(2)})`;
  // The issue's targets: 2x the plain page on loopback and at 4x CPU; on the slow link 1.5 s (its ratio
  // is shown, not a target: a 3 KB page against the app's 150 KB, which 1.6 Mbps alone makes 3x).
  const slowLink = c.condition === 'slow link';
  const target = slowLink ? '≤ 1.5 s' : '≤ 2x plain';
  const result = slowLink
    ? check(`${name} ≤ 1.5 s`, c.app.median, 1500, c.app.median <= 1500)
    : check(`${name} ≤ 2x plain`, c.ratio, 2, c.ratio <= 2);
  row(name, ms(c.app.median), spread, plain, ratio, target, result);
  if (c.fresh) {
    // The service's answer shown: after the usable screen when a kept state came first.
    const slow = c.condition === 'slow link';
    row(`${name}: fresh data shown`, ms(c.fresh.median), `${ms(c.fresh.min)}–${ms(c.fresh.max)}`, '', '', slow ? '≤ 2 s' : '',
      slow ? check(`${name}, fresh data ≤ 2 s`, c.fresh.median, 2000, c.fresh.median <= 2000) : '');
  }
}
for (const [name, u] of Object.entries(out.update)) {
  const throttled = name !== 'normal';
  row(`update: one status answer, 10 scenes${throttled ? `, ${name}` : ''} (median of ${u.n})`, ms(u.median),
    `p10–p90 ${ms(u.p10)}–${ms(u.p90)}; max ${ms(u.max)}; thread CPU median ${ms(u.thread_cpu.median)}`, '', '',
    throttled ? '≤ 4 ms' : '', throttled ? check('update at cpu 4x ≤ 4 ms', u.median, 4, u.median <= 4) : '');
}
const so = out.staying_open;
const gaps = (g) => (g.length ? `gaps ${Math.min(...g).toFixed(1)}–${Math.max(...g).toFixed(1)} s` : 'no gaps');
row(`staying open: status requests a minute, generating, 30 s interval (${so.generating.minutes} min)`, so.generating.per_minute.toFixed(2),
  `${so.generating.requests} requests; ${gaps(so.generating.gaps_s)}`, '', '', '2',
  check('status requests a minute while generating = 2', so.generating.per_minute, 2, Math.abs(so.generating.per_minute - 2) <= 0.25));
row(`staying open: status requests a minute, finished (${so.finished.minutes} min)`, so.finished.per_minute.toFixed(2),
  `${so.finished.requests} request(s) in all, ${so.finished.after_first} after the first answer`, '', '', '0',
  check('status requests a minute once finished = 0', so.finished.per_minute, 0, so.finished.after_first === 0));
const [m10, m1000] = so.memory;
row(`staying open: JS heap used after 10 / ${MEMORY_CHECKS} checks`, `${mib(m10.js_heap_used)} / ${mib(m1000.js_heap_used)}`,
  `${m1000.checks - m10.checks} checks in ${(m1000.seconds - m10.seconds).toFixed(0)} s`);
row(`staying open: wasm memory after 10 / ${MEMORY_CHECKS} checks`, `${mib(m10.wasm_memory)} / ${mib(m1000.wasm_memory)}`,
  `DOM nodes ${m10.dom_nodes} / ${m1000.dom_nodes}; listeners ${m10.listeners} / ${m1000.listeners}`);
const growth = (m1000.js_heap_used - m10.js_heap_used) + (m1000.wasm_memory - m10.wasm_memory);
row(`staying open: memory growth, 10 → ${MEMORY_CHECKS} checks (JS heap + wasm)`, `${growth >= 0 ? '+' : ''}${(growth / 1024).toFixed(0)} KiB`, '', '', '',
  '≤ 1 MB', check('memory flat within 1 MB', growth, MB, Math.abs(growth) <= MB));

const header = ['measure', 'median', 'spread (start: min–max)', 'plain page: median (min–max)', 'app / plain (90% interval)', 'target', 'result'];
const table = [
  `Commit ${out.commit}, ${out.date.slice(0, 10)}; ${RUNS} runs a start-up cell, fresh context each; Chromium ${out.machine.chromium}; ${out.machine.cpus} cores, load average ${out.machine.loadavg_at_start[0].toFixed(1)} at the start; ${out.seconds} s in all.`,
  '',
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
out.table = table;
mkdirSync(results, { recursive: true });
writeFileSync(join(results, 'latest.json'), JSON.stringify(out, null, 1) + '\n');
console.log(table);
const failed = out.targets.filter((t) => !t.pass).length;
say(`${out.targets.length - failed} of ${out.targets.length} targets met; figures in e2e/bench/results/latest.json`);
