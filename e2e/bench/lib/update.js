// Update: main-thread time to apply one status answer to a 10-scene generation page.
//
// The status requests are answered by page.route with a 10-scene generation whose progress moves with every
// answer (scene images one after another, then the clips), so each answer changes what is shown, and the
// page polls fast (config.json's poll_interval_seconds is 0.05 on this web server). The app writes
// `console.timeStamp('storyreel:status-applied')` after it has applied an answer (a `TimeStamp` trace
// event; a Performance mark and its clearing cost the page six times as much); its rendering runs in microtasks of the same
// main-thread task as the answer's handling. So the cost of one answer is the duration of the main-thread
// task (RunTask in a devtools.timeline trace) that contains that mark: reading the body, decoding, applying
// and rendering. Style, layout and paint happen later in the browser's own frame task and are not counted.

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'retry-after,content-range,accept-ranges,content-length',
};

/** The k-th answer of a 10-scene generation: images 8 answers each, then clips 12 answers each. */
export function statusAt(template, k) {
  const n = template.scenes.length;
  const image1 = template.scenes.find((s) => s.image_url)?.image_url;
  const video1 = template.scenes.find((s) => s.video_url)?.video_url;
  const images = Math.min(n, Math.floor(k / 8));
  const videos = Math.max(0, Math.min(n, Math.floor((k - 8 * n) / 12)));
  const scenes = template.scenes.map((s, i) => {
    const scene = { ...s };
    delete scene.image_url;
    delete scene.video_url;
    const state = (done, started) => (done ? 'completed' : started ? 'generating' : 'pending');
    scene.image_status = state(i < images, i === images);
    scene.video_status = state(i < videos, images === n && i === videos);
    if (i < images && image1) scene.image_url = image1.replace(/\/scenes\/\d+\//, `/scenes/${s.scene_number}/`);
    if (i < videos && video1) scene.video_url = video1.replace(/\/scenes\/\d+\//, `/scenes/${s.scene_number}/`);
    return scene;
  });
  return {
    ...template,
    status: 'generating',
    current_step: images < n ? 'generating_scene_images' : 'generating_scene_videos',
    progress: Math.min(99, Math.floor((k * 99) / (20 * n + 10))),
    scenes,
  };
}

/** Durations (ms) of the main-thread tasks holding each status-applied mark, in trace order: `wall`
 * (the task's length, what a person waits; at 4x throttling this is the throttled time) and `cpu` (the
 * main thread's own CPU time in it, which leaves out time the thread was descheduled on a shared machine,
 * and also the pauses by which Chromium emulates a slower CPU). */
export function taskDurations(traceEvents) {
  // Builds before the time stamp set a Performance mark of the same name (kept for bench/update-ab.js).
  const marks = traceEvents.filter((e) => (e.name === 'TimeStamp' && e.args?.data?.message === 'storyreel:status-applied')
    || (e.name === 'storyreel:status-applied' && e.cat?.includes('blink.user_timing')));
  if (!marks.length) throw new Error('no storyreel:status-applied time stamps in the trace');
  const { pid, tid } = marks[0];
  const tasks = traceEvents
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
    .sort((a, b) => a.ts - b.ts);
  const wall = [];
  const cpu = [];
  for (const m of marks.filter((e) => e.pid === pid).sort((a, b) => a.ts - b.ts)) {
    const holding = tasks.filter((t) => t.ts <= m.ts && m.ts <= t.ts + t.dur).sort((a, b) => b.dur - a.dur);
    if (!holding.length) continue;
    wall.push(holding[0].dur / 1000);
    cpu.push((holding[0].tdur ?? NaN) / 1000);
  }
  return { wall, cpu, marks: marks.length };
}

/** Applies `warmup` answers untraced, then traces until `answers` more are applied. */
export async function measureUpdate(browser, sim, fastWeb, id, { answers = 200, warmup = 10, cpu = 1 } = {}) {
  const template = await sim.call('GET', `/scene-projects/${id}/status`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    let served = 0;
    await page.route(new RegExp(`/scene-projects/${id}/status$`), (route) => {
      if (route.request().method() === 'OPTIONS') {
        return route.fulfill({ status: 204, headers: { ...CORS, 'access-control-allow-headers': 'authorization,content-type', 'access-control-allow-methods': 'GET' } });
      }
      const body = JSON.stringify(statusAt(template, served++));
      return route.fulfill({ status: 200, headers: { ...CORS, 'content-type': 'application/json' }, body });
    });
    const until = async (n) => {
      const started = Date.now();
      while (served < n) {
        if (Date.now() - started > 120_000) throw new Error(`update: only ${served} status answers`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await page.goto(`${fastWeb.url}/projects/${id}/video`);
    await page.waitForFunction(() => performance.getEntriesByName('storyreel:ready:video').length > 0);
    await until(warmup);
    await browser.startTracing(page, { categories: CATEGORIES });
    await until(served + answers + 2);
    await page.waitForTimeout(300);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    const { wall, cpu: thread, marks } = taskDurations(trace.traceEvents ?? trace);
    if (wall.length < answers) throw new Error(`update: ${wall.length} of ${answers} answers found in the trace (${marks} marks)`);
    return { wall: wall.slice(0, answers), cpu: thread.slice(0, answers) };
  } finally {
    await context.close();
  }
}
