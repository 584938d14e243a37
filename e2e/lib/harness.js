// Starts what an end-to-end test needs, each on a free loopback port, and stops it afterwards:
// storyreel-sim (the API), nginx serving the release build (another origin), and headless Chromium.
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, linkSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { after, afterEach, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';

// Required, not imported: an import of this CommonJS package has node parse all of it for its
// export names first (0.13 s of CPU a process).
const { chromium } = createRequire(import.meta.url)('playwright-core');

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const artifacts = join(repo, 'e2e', 'artifacts');

export function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

async function waitForHttp(url, child, name) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`${name} did not answer at ${url}`);
}

function stopper(child) {
  return () =>
    new Promise((ok) => {
      if (child.exitCode !== null) return ok();
      child.once('exit', () => ok());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
}

/** The simulator's profile for this run: where the spec says "not shown", `default` answers one
 * reasonable way and `alt` the other (see sim/README.md). The test command runs every spec under both. */
export const profile = process.env.SIM_PROFILE || 'default';

/** `test`, for a test in a spec that runs in both profiles whose checks no "not shown" answer changes
 * (the answers it depends on are its own, or it checks look and layout): it runs under the default
 * profile only, and the alt run counts it as skipped, saying why. Each use says why (e2e/profiles.js too). */
export const testOnce = profile === 'alt' ? (name) => test(name, { skip: 'its checks depend on no open answer: run under the default profile' }) : test;

/** Where each started simulator serves its media, by API base URL, for the web server's policy. */
const mediaOrigins = new Map();

/**
 * Asks `probe` (which may be async) every `everyMs` until it answers something truthy, and answers that.
 * Every wait in a test has a deadline: past `timeoutMs` it fails, naming what it waited for.
 */
export async function until(what, probe, { timeoutMs = 30_000, everyMs = 50 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}, in vain`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** storyreel-sim (SIM_BIN, else the release build) on a free port, in this run's profile; `flags` as on
 * its command line. */
export async function startSim(flags = [], port = 0) {
  const bin = process.env.SIM_BIN ?? join(repo, 'target', 'release', 'storyreel-sim');
  const args = ['--addr', `127.0.0.1:${port}`, '--profile', profile, ...flags];
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const url = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`storyreel-sim did not start: ${log}`)), 15000);
    const read = (chunk) => {
      log += chunk;
      const m = log.match(/storyreel-sim listening on (http:\/\/\S+)/);
      // The alt profile serves media from a second origin, announced on the next line.
      const media = log.match(/storyreel-sim media on (http:\/\/\S+)/);
      if (m && (profile === 'default' || media)) {
        clearTimeout(timer);
        mediaOrigins.set(`${m[1]}/api/v1`, new URL(media ? media[1] : m[1]).origin);
        ok(m[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (c) => { log += c; });
    child.once('exit', (code) => { clearTimeout(timer); fail(new Error(`storyreel-sim exited ${code}: ${log}`)); });
  });
  const control = async (method, path, body) => {
    const r = await fetch(url + path, {
      method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(r.ok, `${method} ${path} answered ${r.status}`);
    const text = await r.text();
    return text ? JSON.parse(text) : null;
  };
  const api = async (method, path, body, token = 'demo-token') => {
    const r = await fetch(`${url}/api/v1${path}`, {
      method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(r.ok, `${method} ${path} answered ${r.status}`);
    return r.json();
  };
  return {
    url, api: `${url}/api/v1`, port: Number(new URL(url).port), stop: stopper(child), control,
    /** Calls the API as a signed-in person would, for set-up the test is not about. */
    call: api,
    /** Until project `id`'s status says completed (a deadline of `timeoutMs`). */
    completed: (id, token = 'demo-token', timeoutMs) => until(`project ${id} to complete`,
      async () => (await api('GET', `/scene-projects/${id}/status`, undefined, token)).status === 'completed', { timeoutMs }),
    /** Holds project `id`'s jobs still, now and later (its own speed, the slowest the simulator takes: a
     * year of the host's time moves them 30 s): they move only as `advance` moves them, so a test reads the
     * step it chose however slow or loaded the host. */
    hold: (id) => control('PUT', `/_sim/projects/${id}/speed`, { speed: 0.000001 }),
    /** Moves project `id`'s running job `seconds` of job time ahead (seconds as at speed 1: a 2-scene
     * generation is 230, a regeneration 115, an upscale 360; at most 1000 a call, longer than any job). */
    advance: (id, seconds) => control('POST', `/_sim/projects/${id}/advance`, { seconds }),
    /** Until project `id` has an upscaled video, and answers the project. */
    upscaled: (id) => until(`project ${id}'s upscaled video`, async () => {
      const p = await api('GET', `/scene-projects/${id}`);
      return p.final_video_url_upscaled && p;
    }),
    /** A project approved through the API: generating from now on. */
    async approvedProject(scenes = 2, idea = 'A paper boat sails to the sea') {
      const { id } = await api('POST', '/stories/create', { person_id: 1, story_idea: idea, num_scenes: scenes });
      await api('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
      return id;
    },
    /** Freezes the process (SIGSTOP) as an outage would, and thaws it (SIGCONT). */
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    /** API requests the simulator saw, optionally only those matching method and a path pattern. */
    async requests(method, pathPattern) {
      const { requests } = await control('GET', '/_sim/requests');
      return requests.filter((r) => (!method || r.method === method) && (!pathPattern || pathPattern.test(r.path)));
    },
  };
}

/** Where Debian's libnginx-mod-http-brotli-static puts the module deploy/nginx.conf's brotli_static needs;
 * it is loaded in nginx's main context, which this harness writes itself. */
const brotliModules = ['/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
  '/usr/share/nginx/modules/ngx_http_brotli_static_module.so'];
function brotliModule() {
  const found = brotliModules.find((p) => existsSync(p));
  if (!found) {
    throw new Error(`deploy/nginx.conf uses brotli_static, but nginx's brotli module is not installed (looked for ${brotliModules.join(', ')}); `
      + 'run scripts/setup, or: apt-get install -y libnginx-mod-http-brotli-static');
  }
  return found;
}

/** `from`'s files in a new folder `to`, each a hard link (no bytes copied: a copy of dist/'s 480 files
 * and 6 MB was 0.2 s of CPU a file of specs), but `config.json`, which each server writes its own of. */
function linkTree(from, to) {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === 'config.json') continue;
    if (entry.isDirectory()) linkTree(join(from, entry.name), join(to, entry.name));
    else linkSync(join(from, entry.name), join(to, entry.name));
  }
}

/** nginx serving dist/ (hard links, `linkTree`) with deploy/nginx.conf (its Content-Security-Policy in
 * force), and a config.json pointing at `apiBaseUrl`. A file written into `root` is the server's own;
 * one of dist/'s is not to be written there (it is the same file). */
export async function startWeb(apiBaseUrl, config = {}) {
  const dist = join(repo, 'dist');
  const prefix = mkdtempSync(join(tmpdir(), 'storyreel-web-'));
  chmodSync(prefix, 0o755); // nginx's workers drop root and must still read the files
  const root = join(prefix, 'www');
  try {
    linkTree(dist, root);
  } catch (e) {
    // Where no link can be made (another file system), a copy, once, of the whole folder.
    if (e.code !== 'EXDEV' && e.code !== 'EPERM') throw e;
    rmSync(root, { recursive: true, force: true });
    cpSync(dist, root, { recursive: true });
  }
  writeFileSync(join(root, 'config.json'), JSON.stringify({
    api_base_url: apiBaseUrl, poll_interval_seconds: 30, request_timeout_seconds: 15, ...config,
  }));
  const port = await freePort();
  const block = readFileSync(join(repo, 'deploy', 'nginx.conf'), 'utf8')
    .replace(/listen\s+\d+;/, `listen 127.0.0.1:${port};`)
    .replace(/root\s+[^;]+;/, `root ${root};`)
    // The simulator is the API and the media host; its origin is what the policy must let in.
    .replace(/set \$api_origin "[^"]*";/, `set $api_origin "${new URL(apiBaseUrl).origin}";`)
    .replace(/set \$media_origin "[^"]*";/, `set $media_origin "${mediaOrigins.get(apiBaseUrl) || new URL(apiBaseUrl).origin}";`);
  assert.match(block, /Content-Security-Policy/, 'deploy/nginx.conf sets a Content-Security-Policy');
  mkdirSync(join(prefix, 'logs'));
  writeFileSync(join(prefix, 'nginx.conf'), `
worker_processes 1;
${block.match(/^\s*brotli_static\b/m) ? `load_module ${brotliModule()};` : ''}
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  ${block}
}`);
  const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url, child, 'nginx');
  const stop = stopper(child);
  // `root` is the served folder: a benchmark may add pages of its own there.
  return { url, root, stop: async () => { await stop(); rmSync(prefix, { recursive: true, force: true }); } };
}

/** The tests' browser: Debian's chromium-headless-shell (the headless build Playwright itself uses for
 * headless runs: the same engine without the desktop browser's UI, about half the CPU per page, measured
 * in the README), else the full chromium. CHROMIUM picks another; scripts/bench sets the full one. */
export const chromiumPath = process.env.CHROMIUM
  || ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p));

export async function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // No spare renderer: Chromium starts one ahead for the next page, but every test's page has a context
    // of its own, which never takes another context's process, so each spare was started for nothing
    // (four spec files alone, twice in each order: 69.4 and 69.7 core-s with it, 62.7 and 58.6 without).
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync', '--autoplay-policy=no-user-gesture-required',
      '--disable-features=SpareRendererForSitePerProcess'],
  });
}

/** A spec file's own simulator (`simFlags`, as on its command line), nginx serving the release build
 * with `config` in its config.json, and browser: started before the file's tests (each file has its own,
 * so files run side by side) and stopped after them. `bind` receives them once started, for the file's
 * own variables, and is awaited: a file's own set-up goes there, not in a `before` of its own, which
 * node 20 would run beside this one, before anything has started.
 *
 * The other pages' code is not fetched ahead (`preload_pages: false`) unless `config` asks for it
 * (delivery.test.js checks that fetching): a test's page then fetches the code of each page it opens
 * as it opens it. Fetched ahead, it came in every test's fresh context, about 140 requests and 0.6 s of
 * the browser's CPU a page, a tenth of the end-to-end run's (docs/tests.md, 2026-12-07). */
export function useRun(simFlags, config, bind) {
  const run = {};
  let ran = 0;
  beforeEach(() => { ran += 1; testsRunning += 1; });
  afterEach(endOfTest);
  before(async () => {
    run.sim = await startSim(simFlags);
    run.web = await startWeb(run.sim.api, { preload_pages: false, ...config });
    run.browser = shared ? (shared.browser ??= await launchBrowser()) : await launchBrowser();
    await bind(run);
  });
  after(async () => {
    // A shared browser stays for the next file, with nothing of this one's left open in it.
    if (shared) await Promise.all(run.browser?.contexts().map((c) => c.close().catch(() => {})) ?? []);
    else await run.browser?.close();
    await run.web?.stop();
    await run.sim?.stop();
    // Every test skipped (its profile's), or none there: the file tested nothing, which is a failure.
    assert.ok(ran > 0, 'this file ran no test');
  });
}

/** The browser the files this process runs share, once `shareBrowser` is called (e2e/run-specs.js,
 * which runs several files one after another); otherwise each file launches and closes its own. */
let shared = null;
export function shareBrowser() {
  shared = { browser: null };
}
export async function closeSharedBrowser() {
  await shared?.browser?.close();
}

/** The pages `openPage` and `openTabs` opened since no test last ran: a test that fails leaves its own open. */
const openPages = new Set();
/** How many tests have begun and not ended (the fault matrix's cells run two at a time). */
let testsRunning = 0;

/** After a failed test, each page it left open, pictured with its text, in e2e/artifacts: what the
 * person would have seen when the wait ran out (a run on a loaded machine cannot be watched). Tests
 * that run side by side (the fault matrix's cells, two at a time) picture their own pages as well.
 * Then, once no test runs, the pages the tests left open are closed: kept to the end of their file, the
 * app in each went on checking its service and drawing while the file's later tests ran. */
async function endOfTest(t) {
  testsRunning -= 1;
  const pages = [...openPages].filter((p) => !p.isClosed());
  if (!t.passed) {
    const stem = `failed-${t.name.replace(/[^\w]+/g, '-').slice(0, 60)}`;
    await Promise.all(pages.map(async (page, i) => {
      const name = `${stem}-${i + 1}`;
      await picture(page, name, [t.name]);
      const text = await page.locator('body').innerText({ timeout: 2_000 }).catch((e) => `(no text: ${e.message})`);
      writeFileSync(join(artifacts, `${name}.txt`), `${page.url()}\n\n${text}\n`);
    }));
  }
  if (testsRunning > 0) return;
  openPages.clear();
  // A context the test closed itself, or one closing as the browser stops, has nothing left to close.
  await Promise.all([...new Set(pages.map((p) => p.context()))].map((c) => c.close().catch(() => {})));
}

/** A page in a fresh context (given `contextOptions`: a locale or a time zone, say) that fails the test on
 * uncaught errors in the app. */
export async function openPage(browser, contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  const page = await context.newPage();
  openPages.add(page);
  const problems = [];
  // Anything the Content-Security-Policy blocks is a failure: the app must work under the documented policy.
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation',
    (e) => console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`)));
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && /panicked|RuntimeError|unreachable|CSP violation|Content Security Policy/.test(m.text())) problems.push(m.text());
  });
  page.problems = problems;
  return page;
}

/** `count` pages in ONE context, so they share storage as tabs of one browser do (and, with `clock`, one
 * Playwright clock, which a test moves on with `context.clock`); each fails its test on app errors, and
 * accepts the question a page asks before it is left with unsaved edits. */
export async function openTabs(browser, count, { clock = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (clock) await context.clock.install();
  const pages = [];
  for (let i = 0; i < count; i++) {
    const page = await context.newPage();
    openPages.add(page);
    page.problems = [];
    page.on('pageerror', (e) => page.problems.push(String(e)));
    page.on('dialog', (d) => d.accept());
    pages.push(page);
  }
  return pages;
}

/** Stops the app's timers in `page`'s context (Playwright's clock, installed before the page loaded):
 * from now on its checks, pauses and time-outs come only as the test moves the clock
 * (`context.clock.runFor`), so a test counts what each step of the clock set off rather than what a
 * loaded host got done within some seconds. A timer's work starts within `runFor`: a request it sends is
 * noted (`noteRequests`) by the time `runFor` returns. Axe needs the timers: `clock.resume()` before
 * `checkScreen`. */
export async function pauseClock(page) {
  // Playwright pauses only at a moment to come, and the clock runs on meanwhile: a moment a little ahead
  // of the page's time (the timers due by then fire once), further ahead whenever a loaded host let the
  // clock pass it first.
  for (let ahead = 50; ; ahead *= 4) {
    const at = await page.evaluate(() => Date.now()) + ahead;
    try {
      return await page.context().clock.pauseAt(at);
    } catch (e) {
      if (!/to the past/.test(e.message) || ahead >= 3_200) throw e;
    }
  }
}

/** From the next page loaded in `context` on, notes in each page every request the app (or the boot
 * script) starts to a path matching `path`: `window.requestsStarted` (the page's clock time of each) and
 * `window.requestsSettled` (how many answered or failed). Read in the page at once, with no wait: so a
 * test can say that nothing was sent, which the simulator's log (written when a request ends) cannot. */
export async function noteRequests(context, path) {
  await context.addInitScript((source) => {
    const matches = new RegExp(source);
    const fetchAsIs = window.fetch;
    window.requestsStarted = [];
    window.requestsSettled = 0;
    window.fetch = (input, init) => {
      const answer = fetchAsIs(input, init);
      if (matches.test(new URL(typeof input === 'string' ? input : input.url ?? String(input), location.href).pathname)) {
        window.requestsStarted.push(Date.now());
        const settled = () => { window.requestsSettled += 1; };
        answer.then(settled, settled);
      }
      return answer;
    };
  }, path.source);
}

/** How many requests `noteRequests` saw `page` start, and how many of them have settled. */
export const requestsNoted = (page) => page.evaluate(() => ({ started: window.requestsStarted.length, settled: window.requestsSettled }));

/** Signs in as a person does, at `url` when given (a signed-out visitor is sent to sign in and back), with
 * "Remember me" when `remember`; resolves once the app has kept the token and moved on. */
export async function signIn(page, { url, token = 'demo-token', remember = false } = {}) {
  if (url) await page.goto(url);
  await page.getByLabel('Access token').fill(token);
  if (remember) await page.getByLabel('Remember me on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Access token').waitFor({ state: 'detached' });
}

/** A route handler answering with the service's real answer, its JSON changed by `change` (which
 * returns the new body, or changes the one given); an error answer passes unchanged. A request can
 * be in the middle of this when its test clears the route or closes the page; that request then has
 * no one to answer, and its failure is nobody's (an unanswered one the test would see on screen). */
export const changedAnswer = (change) => async (route) => {
  try {
    const response = await route.fetch();
    if (!response.ok()) return await route.fulfill({ response });
    const body = await response.json();
    await route.fulfill({ response, json: (await change(body)) ?? body });
  } catch (e) {
    if (!/already handled|closed|disposed/i.test(String(e))) throw e;
  }
};

/** Whether every screen checked is kept as a picture (`E2E_PICTURES=all`, to look the screens over
 * or renew docs/screenshots/); otherwise only a screen whose check found something, to show what
 * failed. A full-page picture is the browser's dearest step of a check: screens.test.js took 65 s
 * of CPU with all of them, 44 s without. */
const everyPicture = process.env.E2E_PICTURES === 'all';

/** Saves `name.png` (full page) in e2e/artifacts/ when every picture is asked for or `found` is not
 * empty. A picture only illustrates: one that cannot be taken is said, never in place of what failed. */
async function picture(page, name, found) {
  if (!everyPicture && !found.length) return;
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true })
    .catch((e) => console.error(`no picture of ${name}: ${e.message}`));
}

/** The problems `checks()` finds, with a picture of the screen when it finds any, when the page has
 * had errors, or when it throws. */
async function pictured(page, name, checks) {
  let found;
  try {
    found = await checks();
  } catch (e) {
    await picture(page, name, [e]);
    throw e;
  }
  await picture(page, name, [...found, ...page.problems ?? []]);
  return found;
}

/** Fails on serious or critical axe violations or errors in the page, with a picture of the screen
 * when it does. */
export async function checkScreen(page, name) {
  const problems = await pictured(page, name, () => axeProblems(page));
  assert.deepEqual(problems, [], `accessibility violations on ${name}`);
  assert.deepEqual(page.problems, [], `errors in the page on ${name}`);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious or critical axe violations on the page as it is now, one line each (empty when none).
 * axe-core is put into the page once per document and run there, every rule as axe ships them:
 * @axe-core/playwright's analyze() put its 560 KB in again and opened a blank page to gather the
 * results at every call, 0.68 s of CPU a check against 0.1 s (docs/tests.md); the app has no frames
 * for that to matter. */
export async function axeProblems(page, { skip = [] } = {}) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (skip) => {
    const rules = Object.fromEntries(skip.map((id) => [id, { enabled: false }]));
    const { violations } = await window.axe.run(document, { resultTypes: ['violations'], rules });
    return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((n) => n.target.join(' ')) }));
  }, skip);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`);
}

/** When the page scrolls sideways, what sticks out furthest (widest first), described so a person
 * can find it: tag, id, classes, role or label, and the start of its text. `null` when nothing does. */
export async function horizontalOverflow(page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const describe = (el) => {
      const name = el.getAttribute('aria-label') || el.getAttribute('role') || '';
      const text = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`
        + `${name ? ` [${name}]` : ''} "${text}"`;
    };
    const out = [...document.body.querySelectorAll('*')]
      .map((el) => ({ el, right: Math.round(el.getBoundingClientRect().right) }))
      .filter(({ el, right }) => right > width && el.getClientRects().length > 0)
      // The innermost offenders say most: drop an element whose child sticks out as far.
      .filter(({ el, right }) => ![...el.children].some((c) => Math.round(c.getBoundingClientRect().right) >= right))
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(({ el, right }) => `${describe(el)} reaches ${right}px`);
    return `the page is ${document.documentElement.scrollWidth}px wide at ${width}px: ${out.join('; ')}`;
  });
}

/** The widths and themes every screen is shown in: phone, tablet and desktop, light and dark. */
export const SCREEN_VARIANTS = [360, 768, 1280].flatMap((width) => ['light', 'dark'].map((theme) => ({ width, theme })));

/** Beyond those, the modes WCAG 2.2 asks for (issue 27): reflow at 320 CSS px (1.4.10) in both themes;
 * the 1280 px layout at 200 % zoom, which is 640 CSS px on the same screen (1.4.4); text spacing forced
 * by a user style sheet (1.4.12); and forced colours, as Windows' contrast themes set them. */
export const ACCESS_MODES = [
  { width: 320, theme: 'light' },
  { width: 320, theme: 'dark' },
  { width: 640, theme: 'light', mode: 'zoom200' },
  { width: 1280, theme: 'light', mode: 'forced' },
  { width: 360, theme: 'dark', mode: 'forced' },
  // Last: the spacing is taken out of the page's style sheet after the last variant.
  { width: 360, theme: 'light', mode: 'spacing' },
];

/** WCAG 1.4.12's figures, as a person's own style sheet would force them. Put in through the CSS
 * object model: the Content-Security-Policy refuses a <style> element, as it would a bookmarklet's. */
const TEXT_SPACING = [
  '*, *::before, *::after { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }',
  'p, li, dd, dt, label { margin-bottom: 2em !important; }',
];

/** Shows the page in every width, theme and mode: runs axe on each, checks each for sideways scrolling,
 * for text cut off by its box and for controls drawn over each other, and in forced colours for what
 * would vanish; saves `name-width-theme[-mode].png` (full page) of each variant with a problem, or of
 * every one with `E2E_PICTURES=all`. Returns every problem found, so one run lists them all; the caller
 * asserts. */
export async function screenInEveryVariant(page, name, variants = [...SCREEN_VARIANTS, ...ACCESS_MODES]) {
  const problems = [];
  let spaced = false;
  for (const { width, theme, mode } of variants) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce', forcedColors: mode === 'forced' ? 'active' : 'none' });
    if (mode === 'spacing') {
      await page.evaluate((rules) => {
        const sheet = [...document.styleSheets].at(-1);
        for (const rule of rules) sheet.insertRule(rule, sheet.cssRules.length);
      }, TEXT_SPACING);
      spaced = true;
    }
    // Layout and any transition settle before the checks.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const file = `${name}-${width}-${theme}${mode ? `-${mode}` : ''}`;
    const found = await pictured(page, file, async () => {
      // In forced colours the colours are the person's theme, not the page's: axe would measure the
      // page's own, which the browser no longer shows.
      const all = [...await axeProblems(page, { skip: mode === 'forced' ? ['color-contrast'] : [] }), ...await layoutProblems(page)];
      all.push(await horizontalOverflow(page));
      if (mode === 'forced') all.push(...await forcedColorProblems(page));
      return all.filter(Boolean);
    });
    for (const p of found) problems.push(`${file}: ${p}`);
  }
  await page.emulateMedia({ forcedColors: 'none' });
  // The page goes on as the person had it: a later screen in it is not checked in forced spacing alone.
  if (spaced) {
    await page.evaluate((count) => {
      const sheet = [...document.styleSheets].at(-1);
      for (let i = 0; i < count; i++) sheet.deleteRule(sheet.cssRules.length - 1);
    }, TEXT_SPACING.length);
  }
  if (page.problems?.length) problems.push(`${name}: errors in the page: ${page.problems.join(' | ')}`);
  return problems;
}

/** Text cut off by its own box (a box that hides what overflows it and is smaller than its content),
 * and controls or badges drawn over one another; each named so a person can find it. */
export async function layoutProblems(page) {
  return page.evaluate(() => {
    const describe = (el) => {
      const text = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')} "${text}"`;
    };
    // Not shown: no box, hidden, or inside a closed <details> (whose content keeps boxes of its own).
    const shown = (el) => el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
    const problems = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (!shown(el) || el.closest('.visually-hidden, .skip-link, video, svg, select, textarea, input')) continue;
      const style = getComputedStyle(el);
      const hides = (o) => o === 'hidden' || o === 'clip';
      const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!ownText && !el.matches('button, .button, .badge, a, label, h1, h2, h3')) continue;
      const cutX = hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
      const cutY = hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
      if (cutX || cutY) problems.push(`text cut off: ${describe(el)} (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
    }
    // Controls and badges: no two drawn over each other (one inside the other is fine). An open modal
    // dialog is drawn over the page: then only what is in it.
    const layer = document.querySelector('dialog[open]') ?? document.body;
    const boxes = [...layer.querySelectorAll('button, .button, a, input, select, textarea, .badge, label, h1, h2')]
      .filter((el) => shown(el) && !el.closest('.visually-hidden, .skip-link, dialog:not([open])'))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        if (a.el.tagName === 'LABEL' && a.el.control === b.el) continue;
        if (b.el.tagName === 'LABEL' && b.el.control === a.el) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 2 && h > 2) problems.push(`drawn over each other: ${describe(a.el)} and ${describe(b.el)}`);
      }
    }
    return problems.slice(0, 8);
  });
}

/** In forced colours, what a contrast theme would make vanish: a progress bar whose filled part looks
 * like its track, a status badge without its icon or border, a dialog without its edge, a control with
 * no edge of its own (only a background, which the theme replaces), and a focus ring that does not show. */
export async function forcedColorProblems(page) {
  const problems = await page.evaluate(() => {
    const out = [];
    const css = (el, pseudo) => getComputedStyle(el, pseudo);
    const edge = (el) => {
      const s = css(el);
      return ['Top', 'Right', 'Bottom', 'Left'].some((side) => s[`border${side}Style`] !== 'none' && parseFloat(s[`border${side}Width`]) > 0);
    };
    const shown = (el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('.visually-hidden, .skip-link');
    for (const bar of document.querySelectorAll('.bar')) {
      // The theme would paint the filled part as the track: it must keep a colour of its own.
      const fill = bar.querySelector('.bar-fill');
      if (fill && css(fill).forcedColorAdjust !== 'none') out.push('a progress bar\'s filled part takes the theme\'s background');
      if (!edge(bar)) out.push('a progress bar has no edge');
    }
    for (const badge of document.querySelectorAll('.badge')) {
      if (!edge(badge)) out.push(`the badge "${badge.textContent.trim()}" has no edge`);
      if (['none', 'normal', '""'].includes(css(badge, '::before').content)) out.push(`the badge "${badge.textContent.trim()}" has no icon`);
    }
    for (const dialog of document.querySelectorAll('dialog[open]')) if (!edge(dialog)) out.push('the open dialog has no edge');
    // A choice (Original or Upscaled) drawn by the browser shows which is chosen in the theme's colours.
    for (const choice of document.querySelectorAll('input[type=radio], input[type=checkbox]')) {
      if (shown(choice) && css(choice).appearance === 'none') out.push(`the choice "${choice.labels?.[0]?.textContent.trim()}" is drawn by the page`);
    }
    // A control drawn as a link (`.link`) reads as one: underlined text in the theme's link colour.
    for (const el of document.querySelectorAll('button:not(.link), .button:not(.link), input:not([type=radio]):not([type=checkbox]), select, textarea')) {
      if (shown(el) && !edge(el)) out.push(`a control has no edge: ${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`);
    }
    return out;
  });
  // The focus ring: the first control reached by Tab draws one.
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    return { name: `${el.tagName.toLowerCase()} "${(el.textContent || '').trim().slice(0, 30)}"`, style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  if (ring && (ring.style === 'none' || ring.width < 1)) problems.push(`the focus ring does not show on ${ring.name}`);
  await page.evaluate(() => document.activeElement?.blur());
  return [...new Set(problems)];
}
