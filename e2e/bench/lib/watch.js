// Staying open: how often a watching page asks for status, and whether memory stays flat across many
// checks. Used by e2e/bench/run.js (scripts/bench) and by the single-purpose status-rate.js and
// polling-memory.js.

async function signedInPage(browser, init) {
  const context = await browser.newContext();
  await context.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  if (init) await context.addInitScript(init);
  return { context, page: await context.newPage() };
}

/** Requests to `path` the simulator logged since `fromMs` (its clock), as times in ms. */
async function requestTimes(sim, path, fromMs = 0) {
  return (await sim.requests('GET', path)).map((r) => r.at_ms).filter((at) => at >= fromMs);
}

/** Watches the video page of project `id` (or the projects list, `list`) for `minutes` on a web server
 * whose config.json has the interval to test; returns the requests, their gaps and the rate a minute
 * (requests after the first, over the time they span: 2 at a 30 s interval). */
export async function statusRate(browser, sim, web, { id, list = false, minutes = 2 }) {
  const path = list ? /\/scene-projects$/ : new RegExp(`/scene-projects/${id}/status$`);
  const { context, page } = await signedInPage(browser);
  try {
    const { requests: before } = await sim.control('GET', '/_sim/requests');
    const from = before.length ? before.at(-1).at_ms + 1 : 0;
    await page.goto(list ? `${web.url}/` : `${web.url}/projects/${id}/video`);
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, `storyreel:ready:${list ? 'projects' : 'video'}`);
    await page.waitForTimeout(minutes * 60_000);
    const times = await requestTimes(sim, path, from);
    const gaps = times.slice(1).map((at, i) => (at - times[i]) / 1000);
    // Requests after the first one, per minute of watching (the first answers the page's opening).
    const perMinute = (times.length - 1) / minutes;
    return { requests: times.length, after_first: times.length - 1, minutes, per_minute: perMinute, gaps_s: gaps };
  } finally {
    await context.close();
  }
}

/** The browser's memory on the video page of a generating project (a web server polling fast), after a
 * forced garbage collection, at each count of status checks in `checkpoints`. */
export async function pollingMemory(browser, sim, fastWeb, { id, checkpoints = [10, 1000], log = () => {} }) {
  const pattern = new RegExp(`/scene-projects/${id}/status$`);
  const { context, page } = await signedInPage(browser, () => {
    addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; });
  });
  try {
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
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const base = await checks();
    await page.goto(`${fastWeb.url}/projects/${id}/video`);
    await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
    const rows = [];
    const t0 = Date.now();
    for (const n of checkpoints) {
      await until(base + n);
      rows.push({ after: n, ...(await measure()), seconds: (Date.now() - t0) / 1000 });
      log(`memory: ${n} checks`);
    }
    return rows;
  } finally {
    await context.close();
  }
}
