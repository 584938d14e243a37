// Benchmark: the browser's memory before and after 1,000 status checks of the video page at a fast
// interval, read through the Chrome DevTools Protocol after a forced garbage collection.
// Run: cd e2e && node bench/polling-memory.js   (CYCLES=… to change the count)
import { launchBrowser, startSim, startWeb } from '../lib/harness.js';

const CYCLES = Number(process.env.CYCLES || 1000);
// More rounds tell a one-off high-water mark (wasm memory only grows) from a leak (grows every round).
const ROUNDS = Number(process.env.ROUNDS || 1);
const sim = await startSim(['--speed', '0.01']); // the project stays generating for the whole run
const web = await startWeb(sim.api, { poll_interval_seconds: 0.05, request_timeout_seconds: 5 });
const browser = await launchBrowser();
try {
  const id = await sim.approvedProject(5);
  const pattern = new RegExp(`/scene-projects/${id}/status$`);
  const context = await browser.newContext();
  await context.addInitScript(() => {
    sessionStorage.setItem('storyreel.token', 'demo-token');
    addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const checks = async () => (await sim.requests('GET', pattern)).length;
  const measure = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
    const wasm = await page.evaluate(() => window.__wasm?.memory?.buffer.byteLength ?? null);
    return { checks: await checks(), js_heap_used: m.JSHeapUsedSize, wasm_memory: wasm, dom_nodes: m.Nodes, listeners: m.JSEventListeners };
  };
  const until = async (n) => {
    const started = Date.now();
    while ((await checks()) < n) {
      if (Date.now() - started > 10 * 60_000) throw new Error(`only ${await checks()} checks`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  await page.goto(`${web.url}/projects/${id}/video`);
  await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
  await until(20);
  const before = await measure();
  const rows = [['before', before]];
  const t0 = Date.now();
  for (let round = 1; round <= ROUNDS; round++) {
    await until(before.checks + round * CYCLES);
    rows.push([`after ${round * CYCLES}`, await measure()]);
  }
  const seconds = (Date.now() - t0) / 1000;
  const kib = (b) => (b / 1024).toFixed(0);
  console.log(`polling cycles: ${rows.at(-1)[1].checks - before.checks} in ${seconds.toFixed(1)} s`);
  console.log('| | checks | JS heap used (KiB) | wasm memory (KiB) | DOM nodes | listeners |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, m] of rows) {
    console.log(`| ${name} | ${m.checks} | ${kib(m.js_heap_used)} | ${kib(m.wasm_memory)} | ${m.dom_nodes} | ${m.listeners} |`);
  }
} finally {
  await browser.close();
  await web.stop();
  await sim.stop();
}
