// Benchmark: the browser's memory before and after 1,000 status checks of the video page at a fast
// interval, read through the Chrome DevTools Protocol after a forced garbage collection.
// Run: cd e2e && node bench/polling-memory.js   (CYCLES=… to change the count, ROUNDS=… for more rounds)
// scripts/bench measures the same (lib/watch.js) after 10 and 1,000 checks as part of its table.
import { launchBrowser, startSim, startWeb } from '../lib/harness.js';
import { pollingMemory } from './lib/watch.js';

const CYCLES = Number(process.env.CYCLES || 1000);
// More rounds tell a one-off high-water mark (wasm memory only grows) from a leak (grows every round).
const ROUNDS = Number(process.env.ROUNDS || 1);
const sim = await startSim(['--speed', '0.01']); // the project stays generating for the whole run
const web = await startWeb(sim.api, { poll_interval_seconds: 0.05, request_timeout_seconds: 5 });
const browser = await launchBrowser();
try {
  const id = await sim.approvedProject(5);
  const checkpoints = [20, ...Array.from({ length: ROUNDS }, (_, i) => 20 + (i + 1) * CYCLES)];
  const rows = await pollingMemory(browser, sim, web, { id, checkpoints });
  const kib = (b) => (b / 1024).toFixed(0);
  console.log(`polling cycles: ${rows.at(-1).checks - rows[0].checks} in ${(rows.at(-1).seconds - rows[0].seconds).toFixed(1)} s`);
  console.log('| | checks | JS heap used (KiB) | wasm memory (KiB) | DOM nodes | listeners |');
  console.log('|---|---|---|---|---|---|');
  for (const m of rows) {
    console.log(`| after ${m.after} | ${m.checks} | ${kib(m.js_heap_used)} | ${kib(m.wasm_memory)} | ${m.dom_nodes} | ${m.listeners} |`);
  }
} finally {
  await browser.close();
  await web.stop();
  await sim.stop();
}
