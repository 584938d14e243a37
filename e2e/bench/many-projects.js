// The benchmark of a long-time customer's list (issue 60), run by scripts/bench after run.js: 2,000 seeded
// projects of about 6 KB each (storyreel-sim --seed), on loopback, at 1x and 4x CPU. Prints one Markdown
// table and writes the figures to e2e/bench/results/many-projects.json. Needs the release build in dist/
// and target/release/storyreel-sim (scripts/bench makes both). Knobs: RUNS (start-up loads a cell, 5).
//
// Measured: the list's first screen after sign-in (the service's answer shown, `projects-fresh`) against a
// plain HTML copy of that screen; the longest main-thread task while the list draws, filters and searches
// (PerformanceObserver `longtask`); the time from a key in the search box, or a status chosen, to the list
// that answers it; the page's memory (JS heap and the wasm's memory, after a collection) with 2,000
// projects and with 50; and the time a key takes in a 10-scene review's narration (Event Timing).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startSim, startWeb } from '../lib/harness.js';
import { CONDITIONS, loadOnce, writePlainCopy } from './lib/start.js';
import { ms, mib, summary } from './lib/stats.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNS = Number(process.env.RUNS || 5);
const say = (m) => process.stderr.write(`bench many-projects: ${m}\n`);
const CPU = { '1x': CONDITIONS.normal, '4x': CONDITIONS['cpu 4x'] };

/** Records the main thread's long tasks and the wasm's memory in every page of a context. */
async function instrumented(browser, condition) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    sessionStorage.setItem('storyreel.token', 'demo-token');
    window.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => window.longTasks.push(e.duration)))
      .observe({ type: 'longtask', buffered: true });
    window.keyTimes = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => {
      if (['keydown', 'keypress', 'input', 'keyup'].includes(e.name)) window.keyTimes.push([e.name, e.duration, e.processingEnd - e.processingStart]);
    })).observe({ type: 'event', durationThreshold: 16, buffered: true });
    // The app's wasm memory, for the page's memory figure: the instance the bindings make.
    for (const name of ['instantiate', 'instantiateStreaming']) {
      const original = WebAssembly[name];
      WebAssembly[name] = async (...args) => {
        const made = await original.apply(WebAssembly, args);
        const memory = (made.instance ?? made).exports?.memory;
        if (memory && !window.wasmMemory) window.wasmMemory = memory;
        return made;
      };
    }
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (condition.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpu });
  return { context, page, cdp };
}

const longest = async (page) => page.evaluate(() => { const t = Math.max(0, ...window.longTasks); window.longTasks = []; return t; });
const fresh = (page) => page.waitForFunction(() => performance.getEntriesByName('storyreel:ready:projects-fresh').length > 0, null, { timeout: 120_000 });
const pagerText = (page) => page.locator('.pager p').textContent();

/** Milliseconds from `act` (run in the page) until `done()` (in the page) holds, measured in the page. */
async function timeInPage(page, act, done) {
  return page.evaluate(async ([act, done]) => {
    const start = performance.now();
    new Function(act)();
    const check = new Function(`return (${done})`);
    for (;;) {
      if (check()) return performance.now() - start;
      await new Promise((r) => requestAnimationFrame(r));
    }
  }, [act, done]);
}

async function memoryOf(browser, web) {
  const { context, page, cdp } = await instrumented(browser, {});
  await page.goto(`${web.url}/`);
  await fresh(page);
  await page.waitForTimeout(1000);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  const nodes = metrics.find((m) => m.name === 'Nodes')?.value ?? 0;
  const wasm = await page.evaluate(() => window.wasmMemory?.buffer.byteLength ?? 0);
  await context.close();
  return { heap, wasm, total: heap + wasm, nodes };
}

const out = { date: new Date().toISOString(), runs: RUNS };
const sims = [];
const browser = await launchBrowser();
try {
  const sim = await startSim(['--speed', '8', '--seed', '2000']);
  sims.push(sim);
  const web = await startWeb(sim.api);
  const listBytes = (await (await fetch(`${sim.api}/scene-projects`, { headers: { authorization: 'Bearer demo-token' } })).text()).length;
  out.list = { projects: 2000, bytes: listBytes };
  say(`the list answer is ${listBytes} B`);

  // --- The first screen after sign-in, against a plain copy of it.
  const plain = await writePlainCopy(browser, web, 'projects', '/', true);
  out.start = {};
  for (const [name, condition] of Object.entries(CPU)) {
    const app = [];
    const copy = [];
    for (let run = 0; run < RUNS; run++) {
      app.push((await loadOnce(browser, `${web.url}/`, { mark: 'storyreel:ready:projects', fresh: 'storyreel:ready:projects-fresh', signedIn: true, condition })).fresh);
      copy.push(await loadOnce(browser, web.url + plain.path, { condition }));
    }
    out.start[name] = { app: summary(app), plain: summary(copy) };
    say(`start ${name}: ${ms(out.start[name].app.median)} against ${ms(out.start[name].plain.median)}`);
  }

  // --- Long tasks and response times: drawing, searching, filtering.
  out.tasks = {};
  for (const [name, condition] of Object.entries(CPU)) {
    const { context, page } = await instrumented(browser, condition);
    await page.goto(`${web.url}/`);
    await fresh(page);
    await page.waitForTimeout(500);
    const draw = await longest(page);
    const search = [];
    for (const word of ['lighthouse', 'marrakesh', 'pepper', 'keeper', 'river']) {
      const took = await timeInPage(page,
        `const box = document.querySelector('#filter-search'); box.value = ${JSON.stringify(word)}; box.dispatchEvent(new Event('input', { bubbles: true }));`,
        `document.querySelector('.found')?.textContent.includes(${JSON.stringify(word)})`);
      search.push(took);
    }
    const searchTask = await longest(page);
    await timeInPage(page, `const box = document.querySelector('#filter-search'); box.value = ''; box.dispatchEvent(new Event('input', { bubbles: true }));`,
      `document.querySelector('.found')?.textContent === ''`);
    await page.waitForTimeout(800);
    await longest(page);
    const before = await pagerText(page);
    const filter = await timeInPage(page,
      `const s = document.querySelector('#filter-status'); s.value = 'completed'; s.dispatchEvent(new Event('change', { bubbles: true }));`,
      `((t) => t !== '' && t !== ${JSON.stringify(before)})(document.querySelector('.pager p')?.textContent ?? '')`);
    await page.waitForTimeout(500);
    const filterTask = await longest(page);
    out.tasks[name] = { draw, search: summary(search), searchTask, filter, filterTask };
    say(`tasks ${name}: draw ${ms(draw)}, search ${ms(summary(search).median)} (task ${ms(searchTask)}), filter ${ms(filter)} (task ${ms(filterTask)})`);
    await context.close();
  }

  // --- Typing in a 10-scene review's narration.
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A lighthouse keeper counts the ships that pass in the night', num_scenes: 10 });
  const { context, page } = await instrumented(browser, {});
  await page.goto(`${web.url}/projects/${id}`);
  const narration = page.getByLabel('Narration').nth(4);
  await narration.waitFor({ timeout: 60_000 });
  await narration.click();
  await page.evaluate(() => { window.keyTimes = []; });
  await page.keyboard.type(' and the sea answers in a voice of its own', { delay: 60 });
  await page.waitForTimeout(300);
  const keys = await page.evaluate(() => window.keyTimes);
  await context.close();
  // Event Timing lists events over 16 ms only: a key not listed took less.
  const typed = ' and the sea answers in a voice of its own'.length;
  out.typing = { keys: typed, over_16ms: keys.length, slowest: Math.max(0, ...keys.map((k) => k[1])) };
  say(`typing: ${keys.length} events over 16 ms in ${typed} keys`);

  // --- Memory with 2,000 projects and with 50.
  out.memory = { with2000: await memoryOf(browser, web) };
  await sim.stop();
  const small = await startSim(['--speed', '8', '--seed', '50']);
  sims.push(small);
  out.memory.with50 = await memoryOf(browser, await startWeb(small.api));
  out.memory.ratio = out.memory.with2000.total / out.memory.with50.total;
  say(`memory: ${mib(out.memory.with2000.total)} against ${mib(out.memory.with50.total)}`);
} finally {
  await browser.close();
  for (const s of sims) await s.stop().catch(() => {});
}

const verdict = (ok) => (ok ? 'met' : '**missed**');
const rows = [];
for (const [name, s] of Object.entries(out.start)) {
  const ratio = s.app.median / s.plain.median;
  const target = name === '1x' ? s.app.median <= 1500 && ratio <= 2 : ratio <= 2;
  rows.push([`first screen after sign-in, ${name} CPU`, ms(s.app.median), `${ms(s.app.min)}–${ms(s.app.max)}`, ms(s.plain.median), ratio.toFixed(2),
    name === '1x' ? '≤ 1,500 ms and ≤ 2x plain' : '≤ 2x plain', verdict(target)]);
}
for (const [name, t] of Object.entries(out.tasks)) {
  const limit = name === '1x' ? 50 : 200;
  rows.push([`longest task drawing the list, ${name}`, ms(t.draw), '', '', '', `≤ ${limit} ms`, verdict(t.draw <= limit)]);
  rows.push([`longest task searching, ${name}`, ms(t.searchTask), '', '', '', `≤ ${limit} ms`, verdict(t.searchTask <= limit)]);
  rows.push([`longest task filtering (a new list read), ${name}`, ms(t.filterTask), '', '', '', `≤ ${limit} ms`, verdict(t.filterTask <= limit)]);
  rows.push([`a search word to its result, ${name}`, ms(t.search.median), `${ms(t.search.min)}–${ms(t.search.max)}`, '', '', name === '1x' ? '≤ 100 ms' : '', name === '1x' ? verdict(t.search.median <= 100) : '']);
  rows.push([`a status to its list (read from the service), ${name}`, ms(t.filter), '', '', '', name === '1x' ? '≤ 100 ms' : '', name === '1x' ? verdict(t.filter <= 100) : '']);
}
const m = out.memory;
rows.push(['page memory, 2,000 projects against 50', `${mib(m.with2000.total)} / ${mib(m.with50.total)}`, `JS heap ${mib(m.with2000.heap)} / ${mib(m.with50.heap)}, wasm ${mib(m.with2000.wasm)} / ${mib(m.with50.wasm)}`, '', m.ratio.toFixed(2), '≤ 2x', verdict(m.ratio <= 2)]);
rows.push(['a key in a 10-scene review\'s narration, 1x', `${out.typing.over_16ms} of ${out.typing.keys} events over 16 ms`, out.typing.slowest ? `slowest ${ms(out.typing.slowest)}` : '', '', '', '≤ 16 ms a key', verdict(out.typing.over_16ms === 0)]);
const table = [
  `2,000 projects (${out.list.bytes.toLocaleString('en-US')} B in one answer), ${RUNS} start-up loads a cell, ${out.date.slice(0, 10)}.`,
  '',
  '| measure | median | spread | plain page | ratio | target | result |',
  '|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
out.table = table;
mkdirSync(join(repo, 'e2e', 'bench', 'results'), { recursive: true });
writeFileSync(join(repo, 'e2e', 'bench', 'results', 'many-projects.json'), JSON.stringify(out, null, 2));
console.log(table);
