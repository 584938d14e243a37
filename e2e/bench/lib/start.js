// Start-up: navigation start to the app's ready mark (storyreel:ready:<screen>, set when the screen can be
// used), against a plain HTML copy of the same screen loaded in the same runs. Each load is a fresh browser
// context (empty cache), in headless Chromium on loopback, as is, with 4x CPU throttling, or on a slow link.

/** The conditions every screen is loaded under. */
export const CONDITIONS = {
  normal: {},
  'cpu 4x': { cpu: 4 },
  'slow link': { latency: 150, bitsPerSecond: 1.6e6 },
};

async function emulate(cdp, { cpu, latency, bitsPerSecond }) {
  if (cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  if (latency) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency, downloadThroughput: bitsPerSecond / 8, uploadThroughput: bitsPerSecond / 8,
    });
  }
}

/** The address of `screen` (sign-in, projects or video) for the one-cell scripts (start-ab.js,
 * start-ratio.js), after making in `sim` what it shows: `projects` projects first, and for the video page
 * a 10-scene generation held under way. */
export async function screenPath(sim, screen, projects = 0) {
  for (let i = 0; i < projects; i++) {
    await sim.call('POST', '/stories/create', { person_id: 1, story_idea: `A paper boat number ${i} sails to the sea and back again`, num_scenes: 5 });
  }
  if (screen === 'video') {
    const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A paper boat sails to the sea', num_scenes: 10 });
    await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 0.0001 });
    await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
    return `/projects/${id}/video`;
  }
  const path = { 'sign-in': '/sign-in', projects: '/' }[screen];
  if (!path) throw new Error('SCREEN is one of: sign-in, projects, video');
  return path;
}

/** Milliseconds from navigation start until the page is ready: the app's mark, or, for a plain page,
 * the load event (its HTML parsed and its style sheet applied; it has nothing else to load). With
 * `fresh`, also until that mark (the service's answer shown): `{ ready, fresh }`. `stored` is put
 * in the tab's storage before the app runs (a returning visitor's last known state). */
export async function loadOnce(browser, url, { mark, fresh, signedIn, stored, condition }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (signedIn) await context.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
    if (stored) {
      await context.addInitScript((entries) => entries.forEach(([k, v]) => sessionStorage.setItem(k, v)), Object.entries(stored));
    }
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const cdp = await context.newCDPSession(page);
    await emulate(cdp, condition);
    await page.goto(url, { waitUntil: 'commit' });
    const ready = await whenSeen(cdp, mark);
    const freshAt = fresh ? await whenSeen(cdp, fresh) : undefined;
    if (errors.length) throw new Error(`errors in ${url}: ${errors.join('; ')}`);
    return fresh ? { ready, fresh: freshAt } : ready;
  } finally {
    await context.close();
  }
}

/** The page's own time of `mark` (or, without one, of its load event), waited for without touching the
 * page: one `Runtime.evaluate` whose promise a PerformanceObserver resolves. Playwright's
 * `waitForFunction` would first inject its script into the page, 10-17 ms of the main thread at 1x
 * (measured in a trace) in the middle of the app's start-up, and poll it every 20 ms. */
async function whenSeen(cdp, mark) {
  const expression = `new Promise((resolve) => {
    const mark = ${JSON.stringify(mark ?? null)};
    const time = () => {
      if (mark) return performance.getEntriesByName(mark)[0]?.startTime;
      const nav = performance.getEntriesByType('navigation')[0];
      return nav && nav.loadEventStart > 0 ? nav.loadEventStart : undefined;
    };
    if (time() !== undefined) return resolve(time());
    if (!mark) return addEventListener('load', () => setTimeout(() => resolve(time())));
    new PerformanceObserver((_, observer) => {
      if (time() !== undefined) { observer.disconnect(); resolve(time()); }
    }).observe({ type: 'mark' });
  })`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    // Sent just after the commit, the call can land in the document being replaced; it is then asked again.
    let timer;
    const answer = await Promise.race([
      cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }).catch((e) => ({ error: e })),
      new Promise((resolve) => { timer = setTimeout(() => resolve({ error: new Error('timeout') }), Math.max(0, deadline - Date.now())); }),
    ]);
    // Otherwise each load leaves a timer of up to 60 s behind, and the last one holds the process open.
    clearTimeout(timer);
    if (!answer.error && !answer.exceptionDetails && typeof answer.result?.value === 'number') return answer.result.value;
    if (Date.now() >= deadline) throw new Error(`${mark ?? 'load'} not seen in 60 s: ${answer.error ?? JSON.stringify(answer.exceptionDetails ?? answer.result)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What the app keeps in the tab's storage once `path` has shown the service's answer (`fresh`
 * mark): the last known state a returning visitor starts from. */
export async function keptState(browser, web, path, fresh) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
    const page = await context.newPage();
    await page.goto(web.url + path);
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, fresh);
    // Some of it is written in tasks after the screen is drawn (browser::kept_times): a returning
    // visitor comes back later, so what is kept is read once it has stopped changing.
    const read = () => page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)
      .filter(([k]) => k.startsWith('storyreel.last_known.'))));
    let kept = await read();
    for (let last; JSON.stringify(kept) !== last;) {
      last = JSON.stringify(kept);
      await page.waitForTimeout(200);
      kept = await read();
    }
    if (Object.keys(kept).length === 0) throw new Error(`nothing kept after ${path}`);
    return kept;
  } finally {
    await context.close();
  }
}

/** Writes plain-<screen>.html into the served folder: the screen as the app rendered it, as static HTML
 * with the same style sheet, no script, and no image or video sources (the app's mark does not wait for
 * media either), so the baseline carries the same markup and styles and nothing of the app's start-up. */
export async function writePlainCopy(browser, web, screen, path, signedIn) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (signedIn) await context.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
    const page = await context.newPage();
    await page.goto(web.url + path);
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, `storyreel:ready:${screen}`);
    const { body, css, title } = await page.evaluate(() => {
      const copy = document.body.cloneNode(true);
      copy.querySelectorAll('script, noscript').forEach((e) => e.remove());
      copy.querySelectorAll('[src], [srcset], [poster]').forEach((e) => ['src', 'srcset', 'poster'].forEach((a) => e.removeAttribute(a)));
      return {
        body: copy.innerHTML, title: document.title,
        css: [...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.getAttribute('href')),
      };
    });
    const html = `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n`
      + `<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${title}</title>\n`
      + css.map((href) => `<link rel="stylesheet" href="${href}">\n`).join('')
      + `</head>\n<body>\n${body}\n</body>\n</html>\n`;
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    writeFileSync(join(web.root, `plain-${screen}.html`), html);
    return { path: `/plain-${screen}.html`, bytes: Buffer.byteLength(html) };
  } finally {
    await context.close();
  }
}

/** Every screen under every condition, `runs` times, the app and its plain copy back to back in each run
 * (so both see the same moment of a shared machine). Returns the raw times per cell: `app` until the
 * screen is usable, `fresh` (screens with a `fresh` mark) until the service's answer shows. */
export async function measureStart(browser, web, screens, runs, log = () => {}) {
  const cells = {};
  for (const s of screens) for (const c of Object.keys(CONDITIONS)) cells[`${s.name}|${c}`] = { screen: s.name, condition: c, app: [], plain: [] };
  for (let run = 1; run <= runs; run++) {
    for (const [c, condition] of Object.entries(CONDITIONS)) {
      for (const s of screens) {
        const cell = cells[`${s.name}|${c}`];
        const mark = `storyreel:ready:${s.mark ?? s.name}`;
        const fresh = s.fresh && `storyreel:ready:${s.fresh}`;
        const app = await loadOnce(browser, web.url + s.path, { mark, fresh, signedIn: s.signedIn, stored: s.stored, condition });
        if (fresh) (cell.fresh ??= []).push(app.fresh);
        cell.app.push(fresh ? app.ready : app);
        cell.plain.push(await loadOnce(browser, web.url + s.plain, { condition }));
      }
    }
    log(`start: run ${run}/${runs}`);
  }
  return Object.values(cells);
}
