// Delivery: the release build's precompressed files as nginx (deploy/nginx.conf) sends them,
// config.json fetched in parallel with the wasm through the preload in index.html, and the pages'
// split-off code fetched after the first screen, not before.
import { test } from 'node:test';
import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { checkScreen, noteRequests, openPage, pauseClock, requestsNoted, screenInEveryVariant, startWeb, until, useRun } from '../lib/harness.js';
import { firstLoadFiles } from '../lib/bundle.js';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
// Every .wasm, .js and .css index.html loads (the boot script, the bindings, the wasm, the style sheet).
const assets = firstLoadFiles(dist).filter((name) => /\.(wasm|js|css)$/.test(name));
const mainWasm = `/${assets.find((a) => a.endsWith('.wasm'))}`;
const glueName = assets.find((a) => /^storyreel-[0-9a-f]+\.js$/.test(a));
const YEAR = 365 * 24 * 3600;

let sim, web, browser;
// The deployment's own config: the other pages' code fetched ahead, as every deployment has it unless
// it turns that off.
useRun(['--speed', '500'], { preload_pages: true }, (run) => ({ sim, web, browser } = run));

/** Holds back the page's request for `path` (or for the URLs a function of a URL matches) until the
 * function returned is called. */
async function holdBack(page, path) {
  let release;
  const held = new Promise((ok) => { release = ok; });
  const matches = typeof path === 'function' ? path : (url) => url.pathname === path;
  await page.route(matches, async (route) => { await held; await route.continue(); });
  return release;
}

/** How many times the service was asked for the list so far. */
const listReads = async () => (await sim.requests('GET', /\/scene-projects$/)).length;

/** The raw answer of nginx (node's fetch would decode the body and hide Content-Encoding). */
async function get(path, acceptEncoding) {
  const { request } = await import('node:http');
  return new Promise((ok, fail) => {
    const req = request(`${web.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** Cache-Control and Expires as a cache reads them: max-age, and Expires relative to Date. */
function caching(headers) {
  return {
    cacheControl: headers['cache-control'],
    expiresIn: Math.round((Date.parse(headers.expires) - Date.parse(headers.date)) / 1000),
  };
}

test('the wasm, JS and CSS come brotli, gzip or plain as asked, each decoding to the built file', async () => {
  assert.ok(assets.some((a) => a.endsWith('.wasm')) && assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css')),
    `index.html loads a wasm, a script and a style sheet: ${assets.join(', ')}`);
  for (const name of assets) {
    const built = readFileSync(join(dist, name));
    const ways = [
      ['br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['identity', undefined, (b) => b],
      ['gzip, deflate, br', 'br', brotliDecompressSync], // what Chromium sends: brotli wins
    ];
    for (const [accept, encoding, decode] of ways) {
      const res = await get(`/${name}`, accept);
      assert.equal(res.status, 200, `${name} (${accept})`);
      assert.equal(res.headers['content-encoding'], encoding, `${name} with Accept-Encoding: ${accept}`);
      assert.match(res.headers.vary ?? '', /Accept-Encoding/i, `${name} (${accept}) varies by Accept-Encoding`);
      assert.ok(decode(res.body).equals(built), `${name} (${accept}) decodes to exactly the bytes in dist/`);
      if (encoding) assert.ok(res.body.length < built.length, `${name} (${accept}) is smaller than the file`);
      // The hashed assets are cached for a year, whatever the encoding (unchanged by precompression).
      assert.deepEqual(caching(res.headers), { cacheControl: `max-age=${YEAR}`, expiresIn: YEAR }, `${name} (${accept}) caching`);
    }
    if (name.endsWith('.wasm')) assert.equal((await get(`/${name}`, 'br')).headers['content-type'], 'application/wasm');
  }
});

test("the main wasm, its bindings and the parts' loader are named for what all three hold, so a change to a page's code alone renames them", () => {
  // Cached for a year by name: were the bindings' name to stay while the loader's name in them changed,
  // a browser holding the old file would refuse the new index.html's integrity digest (deploy/name-glue.mjs).
  const loaderName = readdirSync(partsDir).find((n) => /^wasm-split-[0-9a-f]+\.js$/.test(n));
  const glue = readFileSync(join(dist, glueName), 'utf8');
  const loader = readFileSync(join(partsDir, loaderName), 'utf8');
  assert.ok(glue.includes(loaderName) && loader.includes(glueName), 'they import each other by name');
  const hash = createHash('sha256').update(readFileSync(join(dist, mainWasm))).update('\0')
    .update(glue.split(loaderName).join('')).update('\0').update(loader.split(glueName).join('')).digest('hex');
  assert.equal(glueName, `storyreel-${hash.slice(0, 16)}.js`);
  assert.equal(mainWasm, `/storyreel-${hash.slice(0, 16)}_bg.wasm`);
  assert.equal(loaderName, `wasm-split-${hash.slice(0, 10)}.js`);
});

test('index.html and config.json stay fresh, and are not served from a precompressed copy', async () => {
  for (const path of ['/', '/index.html', '/projects/42/video', '/config.json']) {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await get(path, accept);
      assert.equal(res.status, 200, `${path} (${accept})`);
      assert.deepEqual([res.headers['cache-control'], res.headers.expires], ['no-cache', 'Thu, 01 Jan 1970 00:00:01 GMT'],
        `${path} (${accept}) is fetched fresh`);
      assert.equal(res.headers['content-encoding'], undefined, `${path} (${accept})`);
    }
  }
});

test("the tab's icon is named for its content and cached for a year; a missing one is not index.html", async () => {
  const html = (await get('/', 'identity')).body.toString();
  const href = html.match(/<link\b[^>]*\brel="?icon"?[^>]*>/)?.[0].match(/\bhref="?([^"\s>]+)/)?.[1];
  assert.match(href ?? '', /^\/icon-[0-9a-f]{8,16}\.svg$/, `an icon of the app, so the browser asks for no /favicon.ico: ${html}`);
  // That the browser draws it, under the page's policy, is checked in the page the app starts in, below.
  const res = await get(href, 'gzip');
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-type'], 'image/svg+xml');
  assert.deepEqual(caching(res.headers), { cacheControl: `max-age=${YEAR}`, expiresIn: YEAR });
  assert.equal((await get('/icon-0123456789abcdef.svg', 'gzip')).status, 404, 'an icon of another build is missing, not the page');
});

test("index.html asks the browser to open the API's connection at once; config.json and the assets do not", async () => {
  const preconnect = `<${new URL(sim.api).origin}>; rel=preconnect; crossorigin`;
  for (const path of ['/', '/projects/42/video']) {
    assert.equal((await get(path, 'gzip')).headers.link, preconnect, path);
  }
  for (const path of ['/config.json', `/${assets[0]}`]) {
    assert.equal((await get(path, 'gzip')).headers.link, undefined, path);
  }
});

// What the browser is told it may do with the app, sent with every answer (deploy/nginx.conf sets them
// once for the server: an add_header in any location would drop them there).
const PERMITTED = { autoplay: 'self', fullscreen: 'self', 'picture-in-picture': 'self' };
const DENIED = ['accelerometer', 'camera', 'clipboard-read', 'clipboard-write', 'display-capture', 'encrypted-media', 'gamepad',
  'geolocation', 'gyroscope', 'hid', 'identity-credentials-get', 'idle-detection', 'local-fonts', 'magnetometer', 'microphone', 'midi',
  'otp-credentials', 'payment', 'publickey-credentials-get', 'screen-wake-lock', 'serial', 'storage-access', 'sync-xhr', 'usb',
  'window-management', 'xr-spatial-tracking'];

test('every answer, from each of its locations, carries the security headers: HSTS, the Permissions-Policy, COOP, the CSP, nosniff and no referrer', async () => {
  const paths = ['/', '/projects/42/video', '/index.html', '/config.json', ...assets.map((a) => `/${a}`),
    `/snippets/wasm-split/${parts[0]}`, `/snippets/wasm-split/${bundles[0]}`, `/snippets/wasm-split/${digestsFile}`,
    '/icon-0123456789abcdef.svg']; // a hashed name that is not there: a 404 from the assets' location
  for (const path of paths) {
    for (const accept of ['br', 'identity']) {
      const { status, headers } = await get(path, accept);
      const at = `${path} (${accept}, ${status})`;
      assert.equal(headers['strict-transport-security'], 'max-age=31536000', at);
      assert.equal(headers['cross-origin-opener-policy'], 'same-origin', at);
      assert.equal(headers['x-content-type-options'], 'nosniff', at);
      assert.equal(headers['referrer-policy'], 'no-referrer', at);
      assert.match(headers['content-security-policy'] ?? '', /^default-src 'self'; script-src 'self' 'wasm-unsafe-eval';/, at);
      const policy = Object.fromEntries((headers['permissions-policy'] ?? '').split(/,\s*/).map((d) => d.split('=')));
      assert.deepEqual(Object.keys(policy).sort(), [...Object.keys(PERMITTED), ...DENIED].sort(), `${at}: the features named`);
      for (const [feature, origin] of Object.entries(PERMITTED)) assert.equal(policy[feature], `(${origin})`, `${at}: ${feature}`);
      for (const feature of DENIED) assert.equal(policy[feature], '()', `${at}: ${feature}`);
    }
  }
  // That the browser reads it so is checked in the page the app starts in, below (an unknown feature's
  // warning too: its console stays empty).
});

// One start of the app in the browser, and what can be checked of it in that same page: the start through
// compressed delivery, the tab's icon, and the Permissions-Policy as the browser reads it. A page load is
// the dearest part of a check (about half a second of CPU); each step is a test of its own (`t.test`).
test('one start of the app: compressed delivery, config.json, an empty console; the icon and the policy as the browser takes them', async (t) => {
  const page = await openPage(browser);
  const cdp = await page.context().newCDPSession(page);
  // A slow link, so "in parallel" is visible: the wasm alone takes over a second to arrive.
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (1.6e6 / 8),
  });
  const events = [];
  const encodings = new Map();
  const warnings = [];
  // Any warning: a preload not used, or one the browser ignores part of ("The `integrity` attribute is
  // currently ignored for preload destinations…", which trunk's wasm preload printed at every load).
  page.on('console', (m) => { if (['warning', 'error'].includes(m.type())) warnings.push(m.text()); });
  page.on('request', (r) => events.push(['request', new URL(r.url()).pathname]));
  page.on('requestfinished', (r) => events.push(['finished', new URL(r.url()).pathname]));
  // A response that arrives as the context closes (an API call after sign-in) has no headers left to
  // read; only the start-up files matter here, so such a late one is ignored rather than left unhandled.
  page.on('response', (r) => r.allHeaders().then(
    (h) => encodings.set(new URL(r.url()).pathname, h['content-encoding']),
    () => {},
  ));
  await page.goto(web.url + '/');

  await t.test('the app starts through compressed delivery, config.json is fetched once, in parallel with the wasm, and the console stays empty', async () => {
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 30_000 });

    assert.equal(encodings.get(mainWasm), 'br', 'Chromium gets the brotli wasm');
    const configAsked = events.filter(([kind, path]) => kind === 'request' && path === '/config.json');
    assert.equal(configAsked.length, 1, 'config.json is requested once');
    const configAt = events.findIndex(([kind, path]) => kind === 'request' && path === '/config.json');
    const wasmDone = events.findIndex(([kind, path]) => kind === 'finished' && path === mainWasm);
    assert.ok(wasmDone >= 0 && configAt < wasmDone, `config.json is asked for before the wasm has arrived: ${JSON.stringify(events)}`);
    // The app read the preloaded answer: one resource timing entry, and no "preloaded but not used"
    // warning, which Chromium prints a few seconds after the load event.
    assert.equal(await page.evaluate(() => performance.getEntriesByName(new URL('/config.json', location).href).length), 1);
    await page.waitForTimeout(4000);
    assert.deepEqual(warnings, [], 'nothing in the console: no preload unused or half read');
    assert.equal(events.filter(([kind, path]) => kind === 'request' && path === '/config.json').length, 1, 'still one request');

    // And it works: a sign-in reaches the projects list through the API.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByLabel('Access token').fill('demo-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  });

  await t.test("the tab's icon is the app's own picture, which the browser draws under the page's policy", async () => {
    const href = await page.locator('link[rel=icon]').getAttribute('href');
    assert.match(href, /^\/icon-[0-9a-f]{8,16}\.svg$/, 'an icon of the app, so the browser asks for no /favicon.ico');
    // Drawn as the browser draws a tab's icon: an image, here under the page's own Content-Security-Policy.
    const drawn = await page.evaluate((src) => new Promise((ok) => {
      const img = new Image();
      img.onload = () => ok({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => ok(null);
      img.src = src;
    }), href);
    assert.ok(drawn && drawn.width > 0 && drawn.height > 0, `the icon draws as an image: ${JSON.stringify(drawn)}`);
  });

  await t.test('the browser reads the Permissions-Policy as sent', async () => {
    const allowed = await page.evaluate((names) => Object.fromEntries(names.map((n) => [n, document.featurePolicy.allowsFeature(n)])),
      [...Object.keys(PERMITTED), ...DENIED]);
    assert.deepEqual(allowed, Object.fromEntries([...Object.keys(PERMITTED).map((f) => [f, true]), ...DENIED.map((f) => [f, false])]));
  });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// What the frame says when the app does not come (deploy/boot-start.js): a phone on hotel Wi-Fi loses
// the wasm's download more often than a desk does.
test("when the app's code does not arrive (refused, cut, or a Wi-Fi's page in its place), the frame says so and offers to reload, which starts the app", async () => {
  // A Wi-Fi's sign-in page sent in the wasm's place compiles no better than a cut download.
  const portal = (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Hotel Wi-Fi</title><p>Accept the terms to go on.' });
  const cases = [[mainWasm, (route) => route.abort('failed')], [`/${glueName}`, (route) => route.abort('connectionreset')], [mainWasm, portal]];
  for (const [missing, answer] of cases) {
    const page = await openPage(browser);
    const isMissing = (url) => url.pathname === missing;
    await page.route(isMissing, answer);
    await page.goto(`${web.url}/`);
    await page.getByRole('status').filter({ hasText: 'storyreel could not load. Check the connection, then reload.' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Sign in' }).count(), 0, `${missing}: the app has not started`);
    assert.equal(await page.locator('.skeleton').count(), 0, `${missing}: no placeholder left that looks like loading`);
    if (answer === cases[0][1]) await checkScreen(page, 'start-failed');
    await page.unroute(isMissing);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Reload' }).count(), 0, `${missing}: the frame went`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

/** `bytes` with one byte changed, as a proxy or a faulty cache could: the last character of the first
 * `text` in them becomes `to`. */
function oneByteChanged(bytes, text, to) {
  const at = bytes.indexOf(text);
  assert.ok(at >= 0, `the bytes hold "${text}"`);
  const changed = Buffer.from(bytes);
  changed[at + text.length - 1] = to.charCodeAt(0);
  assert.notEqual(changed[at + text.length - 1], bytes[at + text.length - 1], 'one byte changed');
  return changed;
}

test('every integrity digest in index.html is that of the file as served, in every encoding; the boot module has one', async () => {
  const html = (await get('/', 'identity')).body.toString();
  const digested = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map(([tag]) => tag)
    .filter((tag) => /\bintegrity=/.test(tag))
    .map((tag) => [tag.match(/\b(?:src|href)="?([^"\s>]+)/)[1], tag.match(/\bintegrity="?([^"\s>]+)/)[1]]);
  const boot = `/${assets.find((a) => /^boot-[0-9a-f]+\.js$/.test(a))}`;
  assert.ok(digested.some(([path]) => path === boot), `the boot module's tag carries a digest: ${html}`);
  // Every script and module index.html loads, and the style sheet: all but the wasm's preload, whose
  // digest Chromium ignores (deploy/minify-glue.mjs), and the icon's, which no browser checks.
  assert.deepEqual(digested.map(([path]) => path).sort(), assets.filter((a) => !a.endsWith('.wasm')).map((a) => `/${a}`).sort());
  for (const [path, integrity] of digested) {
    for (const [accept, decode] of [['identity', (b) => b], ['gzip', gunzipSync], ['br', brotliDecompressSync]]) {
      const res = await get(path, accept);
      assert.equal(res.status, 200, `${path} (${accept})`);
      assert.equal(`sha384-${createHash('sha384').update(decode(res.body)).digest('base64')}`, integrity, `${path} (${accept})`);
    }
  }
});

// The boot module, refused or missing, cannot say so itself: src/boot_reads.js does.
test('a boot module changed on the way is refused, and one that does not arrive runs nothing either: the frame says the app could not load and offers to reload, which starts it', async () => {
  const boot = `/${assets.find((a) => /^boot-[0-9a-f]+\.js$/.test(a))}`;
  // One letter of its words: still a script that would run.
  const changed = oneByteChanged(readFileSync(join(dist, boot)), 'Still loading storyreel', 'L');
  const cases = [
    ['changed', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: changed })],
    ['cut', (route) => route.abort('connectionreset')],
  ];
  for (const [how, answer] of cases) {
    const page = await openPage(browser);
    const said = [];
    page.on('console', (m) => said.push(m.text()));
    const isBoot = (url) => url.pathname === boot;
    await page.route(isBoot, answer);
    await page.goto(`${web.url}/`);
    await page.getByRole('status').filter({ hasText: 'storyreel could not load. Check the connection, then reload.' }).waitFor();
    assert.equal(await page.evaluate(() => 'storyreelPreloadPart' in window), false, `${how}: none of it ran`);
    assert.equal(await page.getByRole('heading', { name: 'Sign in' }).count(), 0, `${how}: the app has not started`);
    assert.equal(await page.locator('.skeleton').count(), 0, `${how}: no placeholder left that looks like loading`);
    if (how === 'changed') {
      assert.ok(said.some((text) => /integrity/.test(text) && text.includes(boot)), `${how}: refused for its digest: ${JSON.stringify(said)}`);
    }
    await page.unroute(isBoot);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Reload' }).count(), 0, `${how}: the frame went`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('offline, the frame says the device is offline; while the wasm downloads the frame says it is starting, then that a download that takes long is slow, and then the app takes its place', async () => {
  const offline = await openPage(browser);
  let cut;
  const wentOffline = new Promise((done) => { cut = done; });
  await offline.route((url) => url.pathname === mainWasm, async (route) => { await wentOffline; await route.abort('internetdisconnected'); });
  await offline.goto(`${web.url}/`, { waitUntil: 'commit' });
  // Offline once the start script has run (it sets storyreelPreloadPart first): a start script that
  // does not arrive cannot say anything, and index.html allows no inline script to say it instead.
  await offline.waitForFunction(() => 'storyreelPreloadPart' in window);
  await offline.context().setOffline(true);
  cut();
  await offline.getByRole('status').filter({ hasText: 'storyreel could not load: this device is offline. Reconnect, then reload.' }).waitFor();
  await offline.getByRole('button', { name: 'Reload' }).waitFor();
  await offline.context().close();

  // While the wasm downloads the page shows its frame and says it is starting; the app then takes its place.
  const slow = await openPage(browser);
  const release = await holdBack(slow, mainWasm);
  await slow.goto(`${web.url}/`, { waitUntil: 'commit' });
  await slow.getByRole('status').filter({ hasText: 'Starting storyreel…' }).waitFor();
  await slow.getByRole('banner').getByText('storyreel', { exact: true }).waitFor();
  assert.equal(await slow.getByRole('heading', { name: 'Sign in' }).count(), 0, 'the app has not started');
  // deploy/boot-start.js: SLOW_MS.
  await slow.getByRole('status').filter({ hasText: 'Still loading storyreel: the connection is slow.' }).waitFor({ timeout: 15_000 });
  assert.equal(await slow.getByRole('button', { name: 'Reload' }).count(), 0, 'nothing failed: nothing to reload');
  release();
  await slow.getByRole('heading', { name: 'Sign in' }).waitFor();
  assert.equal(await slow.getByText('Still loading').count(), 0, 'the frame went');
  assert.equal(await slow.getByText('Starting storyreel…').count(), 0, 'the frame went');
  assert.equal(await slow.getByRole('banner').count(), 1, 'one header');
  assert.equal(await slow.getByRole('main').count(), 1, 'one main region');
  assert.deepEqual(slow.problems, []);
  await slow.context().close();
});

// The pages' split-off code (src/page_code.rs, deploy/split-pages.mjs): every part, as built.
const partsDir = join(dist, 'snippets', 'wasm-split');
const parts = readdirSync(partsDir).filter((name) => name.endsWith('.wasm'));
// Each split page's parts in one file, for a page opened at its address: a line of JSON naming each
// part and its length, then their bytes (deploy/split-pages.mjs).
const bundles = readdirSync(partsDir).filter((name) => name.endsWith('.bin'));
const bundleOf = (page) => bundles.find((name) => name.startsWith(`parts_${page}-`));
// Every part's digest, which the loader checks each part's bytes against before compiling them.
const digestsFile = readdirSync(partsDir).find((name) => /^digests-[0-9a-f]+\.json$/.test(name));
function partsIn(bytes) {
  const end = bytes.indexOf(10);
  let at = end + 1;
  return JSON.parse(bytes.subarray(0, end).toString()).map(([name, length]) => [name, bytes.subarray(at, at += length)]);
}
const isPart = (url) => new URL(url).pathname.startsWith('/snippets/wasm-split/') && /\.(wasm|bin)$/.test(url);
const partsFetched = (page) => page.evaluate(() => performance.getEntriesByType('resource')
  .map((e) => new URL(e.name).pathname).filter((p) => p.startsWith('/snippets/wasm-split/') && /\.(wasm|bin)$/.test(p))
  .map((p) => p.split('/').pop()));

test("sign-in starts without any page's split-off code; the parts come once, after, and serve a page offline", async () => {
  // Each split page with an address, and each part of a page, has a file of parts (deploy/split-pages.json).
  const pages = JSON.parse(readFileSync(join(dist, '..', 'deploy', 'split-pages.json'), 'utf8'));
  const filed = Object.entries(pages).filter(([, at]) => typeof at === 'string' || at.of).map(([name]) => name).sort();
  assert.ok(parts.length >= filed.length, `one part or more for each split page and the finished video: ${parts.join(', ')}`);
  for (const name of parts) {
    const res = await get(`/snippets/wasm-split/${name}`, 'gzip, deflate, br');
    assert.equal(res.status, 200, name);
    assert.equal(res.headers['content-encoding'], 'br', `${name} comes brotli`);
    assert.equal(res.headers['content-type'], 'application/wasm', name);
    assert.ok(brotliDecompressSync(res.body).equals(readFileSync(join(partsDir, name))), `${name} decodes to the built file`);
    assert.deepEqual(caching(res.headers), { cacheControl: `max-age=${YEAR}`, expiresIn: YEAR }, `${name} is named for its content and cached for a year`);
  }
  assert.deepEqual(bundles.map((b) => b.replace(/^parts_|-[0-9a-f]+\.bin$/g, '')).sort(), filed, `one file of parts for each split page and the finished video: ${bundles.join(', ')}`);
  for (const name of bundles) {
    const res = await get(`/snippets/wasm-split/${name}`, 'gzip, deflate, br');
    assert.equal(res.status, 200, name);
    assert.equal(res.headers['content-encoding'], 'br', `${name} comes brotli`);
    assert.deepEqual(caching(res.headers), { cacheControl: `max-age=${YEAR}`, expiresIn: YEAR }, `${name} is cached for a year`);
    const held = partsIn(brotliDecompressSync(res.body));
    assert.ok(held.length >= 1, name);
    for (const [part, bytes] of held) assert.ok(bytes.equals(readFileSync(join(partsDir, part))), `${name} holds ${part} as built`);
  }
  // The digests: one for each part, of the part as built, and the loader holds the digest of the list.
  const res = await get(`/snippets/wasm-split/${digestsFile}`, 'gzip, deflate, br');
  assert.equal(res.status, 200, digestsFile);
  assert.equal(res.headers['content-encoding'], 'br', `${digestsFile} comes brotli`);
  assert.deepEqual(caching(res.headers), { cacheControl: `max-age=${YEAR}`, expiresIn: YEAR }, `${digestsFile} is cached for a year`);
  const listed = brotliDecompressSync(res.body);
  const sha256 = (bytes) => createHash('sha256').update(bytes).digest('base64');
  assert.deepEqual(JSON.parse(listed), Object.fromEntries(parts.map((p) => [p, sha256(readFileSync(join(partsDir, p)))])));
  const loaderName = readdirSync(partsDir).find((n) => /^wasm-split-[0-9a-f]+\.js$/.test(n));
  assert.ok(readFileSync(join(partsDir, loaderName), 'utf8').includes(`"${sha256(listed)}"`), 'the loader holds the digest of the list');

  const page = await openPage(browser);
  const asked = [];
  const isDigests = (url) => new URL(url).pathname === `/snippets/wasm-split/${digestsFile}`;
  page.on('request', (r) => { if (isPart(r.url()) || isDigests(r.url())) asked.push(new URL(r.url()).pathname); });
  await page.goto(`${web.url}/sign-in`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  assert.deepEqual(asked, [], 'the first screen asked for no part, nor any file of parts, nor their digests');

  // Once the first screen has had the connection to itself, every part is fetched, each once, and the
  // digests they are checked against once.
  await page.waitForFunction((n) => performance.getEntriesByType('resource')
    .filter((e) => e.name.includes('/snippets/wasm-split/') && e.name.endsWith('.wasm')).length >= n, parts.length, { timeout: 30_000 });
  assert.deepEqual([...asked].sort(), [...parts, digestsFile].map((p) => `/snippets/wasm-split/${p}`).sort(), 'every part, once');

  // The code is here now: with the connection gone, a page that was not open before still opens.
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  await page.context().setOffline(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New story' }).click();
  await page.getByRole('heading', { name: 'New story' }).waitFor();
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('with fetching ahead turned off (preload_pages: false), a page fetches its own code as it opens, and no other', async () => {
  const notAhead = await startWeb(sim.api, { preload_pages: false });
  try {
    // The same steps under the deployment's default (fetching ahead) and with it turned off: the clock
    // moved well past the moment the other pages' code is fetched (src/app.rs, 3 s after start).
    for (const [site, ahead] of [[web, true], [notAhead, false]]) {
      const page = await openPage(browser);
      await page.clock.install();
      const asked = [];
      page.on('request', (r) => { if (isPart(r.url())) asked.push(new URL(r.url()).pathname.split('/').pop()); });
      await page.goto(`${site.url}/sign-in`);
      await page.getByLabel('Access token').fill('demo-token');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Your projects' }).waitFor();
      const listed = asked.length;
      await page.clock.runFor(10_000);
      if (ahead) {
        await until('the other pages\' code, fetched ahead', () => asked.length >= parts.length);
      } else {
        assert.ok(listed > 0, 'the list fetched its own code');
        assert.equal(asked.length, listed, `no other page's code fetched ahead: ${asked.slice(listed).join(', ')}`);
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New story' }).click();
        await page.getByRole('heading', { name: 'New story' }).waitFor();
        assert.ok(asked.length > listed, 'New story fetched its code as it opened');
      }
      assert.deepEqual(page.problems, []);
      await page.context().close();
    }
  } finally {
    await notAhead.stop();
  }
});

test('a page whose code does not arrive says so under its own heading, keeps the header, and opens on "Try again"', async () => {
  const page = await openPage(browser);
  await page.route((url) => isPart(url.href), (route) => route.abort('internetdisconnected'));
  await page.goto(`${web.url}/new`);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded: check the connection.' });
  await alert.waitFor();
  await page.getByRole('heading', { level: 1, name: 'Page not loaded' }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'New story' }).count(), 0);
  await page.getByRole('navigation', { name: 'Main' }).waitFor(); // the rest of the app still works
  assert.deepEqual(await screenInEveryVariant(page, 'page-code-not-loaded'), []);

  await page.unroute((url) => isPart(url.href));
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('heading', { name: 'New story' }).waitFor();
  assert.equal(await alert.count(), 0, 'the message went with the failure');
  // The loader reports each failed fetch on the console; nothing else went wrong.
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test("opened at a split page's address, the page's parts are asked for beside the main wasm in one file, once, and used", async () => {
  for (const [path, part] of [['/projects/1/video', 'split_video'], ['/projects/1', 'split_project'], ['/new', 'split_new_story'],
    ['/persons', 'split_persons'], ['/spending', 'split_spending']]) {
    const page = await openPage(browser);
    await page.goto(web.url + path);
    await page.getByLabel('Access token').fill('demo-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**${path}`);
    await page.waitForFunction(() => !document.querySelector('#main [role="status"]')?.textContent.includes('Loading the page'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const fetched = await partsFetched(page);
    // The page's file of parts, which only the boot script asks for (before the app has run), once;
    // and none of the parts it holds asked for alone, so the loader took them from it. (After 3 s the
    // app fetches the other pages' parts, once each.)
    const bundle = bundleOf(part.slice('split_'.length));
    const held = partsIn(readFileSync(join(partsDir, bundle))).map(([name]) => name);
    assert.ok(held.some((name) => name.startsWith(`${part}-`)), `${bundle} holds ${part}`);
    assert.deepEqual(fetched.filter((f) => f.endsWith('.bin')), [bundle], `${path}: its parts in one file: ${JSON.stringify(fetched)}`);
    assert.deepEqual(fetched.filter((f) => held.includes(f)), [], `${path}: no part of it asked for alone: ${JSON.stringify(fetched)}`);
    assert.equal(new Set(fetched).size, fetched.length, `${path}: each part once: ${JSON.stringify(fetched)}`);
    assert.deepEqual(page.problems, [], path);
    await page.context().close();
  }
});

test("a page's file of parts that does not arrive costs nothing more: each part is fetched alone and the page opens", async () => {
  const page = await openPage(browser);
  await page.route((url) => isPart(url.href) && url.pathname.endsWith('.bin'), (route) => route.abort('internetdisconnected'));
  await page.goto(`${web.url}/new`);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'New story' }).waitFor();
  const alone = (await partsFetched(page)).filter((f) => f.endsWith('.wasm'));
  assert.ok(alone.some((f) => f.startsWith('split_new_story-')), `the page's part, alone: ${JSON.stringify(alone)}`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

/** Records, from the page's start, whether text holding `words` ever appeared in it. */
async function watchFor(page, words) {
  await page.addInitScript((w) => {
    window.sawWords = false;
    new MutationObserver(() => { if (document.body?.textContent.includes(w)) window.sawWords = true; })
      .observe(document, { subtree: true, childList: true, characterData: true });
  }, words);
}

// The persons page's part, its words changed by one letter: a module the browser would compile and run
// (it would say "Name the person idz"), where nothing but its digest tells it from the one built.
const personsPart = parts.find((name) => name.startsWith('split_persons-'));
const PERSONS_WORDS = 'Name the person ids';
const ALTERED_WORDS = 'Name the person idz';

test('a part altered on the way is refused before it is compiled, and its digests altered to match are refused too: the page says it could not be loaded, none of its code runs, and "Try again" brings it as built', async () => {
  const built = readFileSync(join(partsDir, personsPart));
  const altered = oneByteChanged(built, PERSONS_WORDS, 'z');
  assert.ok(WebAssembly.validate(altered), 'the altered part is still a module the browser would compile');
  const sha256 = (bytes) => createHash('sha256').update(bytes).digest('base64');
  const digests = JSON.parse(readFileSync(join(partsDir, digestsFile)));
  const alteredDigests = JSON.stringify({ ...digests, [personsPart]: sha256(altered) });
  const cases = [
    ['the part', { [personsPart]: [altered, 'application/wasm'] }, personsPart],
    // Whoever can change the part could change the list of digests too: the loader's own digest of it says.
    ['the part and its digest', { [personsPart]: [altered, 'application/wasm'], [digestsFile]: [alteredDigests, 'application/json'] }, digestsFile],
  ];
  for (const [what, served, refused] of cases) {
    const page = await openPage(browser);
    await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
    await watchFor(page, ALTERED_WORDS);
    const said = [];
    page.on('console', (m) => { if (m.type() === 'error') said.push(m.text()); });
    let asked = 0;
    const isAltered = (url) => url.pathname.startsWith('/snippets/wasm-split/') && url.pathname.split('/').pop() in served;
    await page.route(isAltered, (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop();
      if (name === refused) asked += 1;
      const [body, contentType] = served[name];
      return route.fulfill({ status: 200, contentType, body });
    });
    // Signed in at the list, itself a split page: with its digests altered it cannot load either, and
    // says so under its own heading; the header's links are still there.
    await page.goto(`${web.url}/`);
    await page.getByRole('heading', { level: 1, name: /^(Your projects|Page not loaded)$/ }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Persons' }).click();
    await until('the persons page asked for', async () => new URL(page.url()).pathname === '/persons');
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded: check the connection.' });
    await alert.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Page not loaded' }).waitFor();
    assert.equal(await page.locator('#persons-heading').count(), 0, `${what}: no persons page`);
    assert.equal(await page.evaluate(() => window.sawWords), false, `${what}: none of the altered code ran`);
    // Twice for each time the page's code was asked for (by this page, and perhaps before by the app's
    // fetch of every page's code 3 s after start): the second past the browser's cache.
    assert.ok(asked >= 2 && asked % 2 === 0, `${what}: ${refused} asked for twice each time: ${asked}`);
    assert.ok(said.some((text) => text.includes(`${refused} is not the file built`)), `${what}: the console says why: ${JSON.stringify(said)}`);

    // As built, it comes on "Try again".
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Persons' }).waitFor();
    await page.getByText(PERSONS_WORDS).waitFor();
    assert.equal(await alert.count(), 0, `${what}: the message went with the failure`);
    assert.equal(await page.evaluate(() => window.sawWords), false, `${what}: the altered words never showed`);
    assert.deepEqual(page.problems, [], what);
    await page.context().close();
  }
});

test('a part altered once (a bad copy in a cache on the way, or in the browser\'s) is asked for again, past the browser\'s cache, and then used as built', async () => {
  const altered = oneByteChanged(readFileSync(join(partsDir, personsPart)), PERSONS_WORDS, 'z');
  const page = await openPage(browser);
  await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  await watchFor(page, ALTERED_WORDS);
  let asked = 0;
  await page.route((url) => url.pathname === `/snippets/wasm-split/${personsPart}`, (route) => {
    asked += 1;
    return asked === 1 ? route.fulfill({ status: 200, contentType: 'application/wasm', body: altered }) : route.continue();
  });
  await page.goto(`${web.url}/`);
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Persons' }).click();
  await page.getByRole('heading', { name: 'Persons' }).waitFor();
  await page.getByText(PERSONS_WORDS).waitFor();
  assert.equal(asked, 2, 'the altered copy, then the one built');
  assert.equal(await page.evaluate(() => window.sawWords), false, 'none of the altered code ran');
  assert.equal(await page.getByText('could not be loaded').count(), 0, 'nothing to say: the page came');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test("a page's file of parts holding an altered part: that part is refused from the file and fetched alone, as built; the file's other parts are used", async () => {
  const bundle = bundleOf('persons');
  const held = partsIn(readFileSync(join(partsDir, bundle))).map(([name]) => name);
  assert.ok(held.includes(personsPart) && held.length > 1, `${bundle} holds the persons page's part and others: ${held}`);
  const altered = oneByteChanged(readFileSync(join(partsDir, bundle)), PERSONS_WORDS, 'z');
  assert.ok(WebAssembly.validate(partsIn(altered).find(([name]) => name === personsPart)[1]), 'the altered part would compile');
  const page = await openPage(browser);
  await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  await watchFor(page, ALTERED_WORDS);
  const asked = [];
  page.on('request', (r) => { if (isPart(r.url())) asked.push(new URL(r.url()).pathname.split('/').pop()); });
  await page.route((url) => url.pathname === `/snippets/wasm-split/${bundle}`,
    (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: altered }));
  await page.goto(`${web.url}/persons`);
  await page.getByRole('heading', { name: 'Persons' }).waitFor();
  await page.getByText(PERSONS_WORDS).waitFor();
  assert.equal(await page.evaluate(() => window.sawWords), false, 'none of the altered code ran');
  assert.equal(asked[0], bundle, `the page's file of parts, first: ${JSON.stringify(asked)}`);
  // (After 3 s the app fetches the other pages' parts; those the page took from the file it never asks for.)
  assert.deepEqual(asked.filter((name) => held.includes(name)), [personsPart], `only the altered part alone: ${JSON.stringify(asked)}`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a video page watching a generation starts without the finished view\'s code; a finished one asks for it before the wasm arrives, says so if it does not arrive, and shows it on "Try again"', async () => {
  // The finished view's own part, alone or in its file of parts (which also holds the chunks it needs).
  const isFinishedPart = (url) => isPart(url.href) && /\/(split|parts)_finished_part-/.test(url.pathname);
  const { id: generating } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A fox learns to swim', num_scenes: 2 });
  await sim.control('PUT', `/_sim/projects/${generating}/speed`, { speed: 1 }); // generating for the whole test
  await sim.call('POST', `/scene-projects/${generating}/approve`, { confirm_credits: true });
  const finished = await sim.approvedProject(2);
  await sim.completed(finished);

  const page = await openPage(browser);
  await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  const marked = (name) => page.evaluate((m) => performance.getEntriesByName(m)[0]?.startTime ?? null, name);
  const finishedParts = () => page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => /\/(split|parts)_finished_part-/.test(e.name)).map((e) => ({ start: e.startTime, file: new URL(e.name).pathname.split('/').pop() })));

  // Watching a generation: usable before any of the finished view's code was asked for (the app asks
  // for every page's code 3 s after it starts; that may come after, never before).
  await page.goto(`${web.url}/projects/${generating}/video`);
  await page.waitForFunction(() => performance.getEntriesByName('storyreel:ready:video').length > 0);
  await page.getByRole('progressbar').waitFor({ state: 'attached' });
  const ready = await marked('storyreel:ready:video');
  assert.ok(partsIn(readFileSync(join(partsDir, bundleOf('video')))).some(([name]) => name.startsWith('split_video-')), "the video page's file holds its part");
  assert.ok((await partsFetched(page)).includes(bundleOf('video')), "the page's own parts");
  assert.deepEqual((await finishedParts()).filter((f) => f.start < ready), [], "no finished view's code before the page was usable");

  // Finished, opened by its address: the status read before the wasm has arrived says so, and the
  // finished view's code is asked for then (the boot script's preload), once, and used.
  const release = await holdBack(page, mainWasm);
  const asked = [];
  const onRequest = (r) => { if (isFinishedPart(new URL(r.url()))) asked.push(r.url()); };
  page.on('request', onRequest);
  await page.goto(`${web.url}/projects/${finished}/video`, { waitUntil: 'commit' });
  for (const until = Date.now() + 10_000; Date.now() < until && asked.length === 0;) await new Promise((ok) => setTimeout(ok, 50));
  assert.equal(asked.length, 1, 'asked for while the main wasm was held back');
  assert.equal(await page.getByRole('heading', { level: 1 }).count(), 0, 'the app has not started');
  release();
  await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
  await page.waitForFunction(() => performance.getEntriesByName('storyreel:ready:video').length > 0);
  await page.unrouteAll();
  assert.equal(asked.length, 1, 'asked for once');
  assert.deepEqual((await finishedParts()).map((f) => f.file), [bundleOf('finished_part')], "the boot script's file of parts, used by the app");

  // Finished, with the status answering after the app has started (the project read says finished):
  // the app asks for the code itself, and the script no longer preloads it, so it comes once.
  asked.length = 0;
  const releaseStatus = await holdBack(page, `/api/v1/scene-projects/${finished}/status`);
  await page.goto(`${web.url}/projects/${finished}/video`);
  await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
  releaseStatus();
  await page.waitForFunction(() => performance.getEntriesByName('storyreel:ready:video-fresh').length > 0);
  await page.waitForTimeout(300);
  await page.unrouteAll();
  page.off('request', onRequest);
  assert.equal(asked.length, 1, 'asked for once, by the app');
  const byTheApp = await finishedParts();
  assert.equal(byTheApp.length, 1);
  assert.match(byTheApp[0].file, /^split_finished_part-[0-9a-f]+\.wasm$/, 'the part alone, by the app; no file of parts');

  // Finished, with its code not arriving: said under the page's own heading, which stays; the page is not
  // marked usable until the finished view is there.
  await page.route(isFinishedPart, (route) => route.abort('internetdisconnected'));
  await page.goto(`${web.url}/projects/${finished}/video`);
  const alert = page.getByRole('alert').filter({ hasText: 'The finished video could not be loaded: check the connection.' });
  await alert.waitFor();
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Your video is ready' }).count(), 0);
  assert.equal(await marked('storyreel:ready:video'), null, 'not usable without the finished view');
  assert.deepEqual(await screenInEveryVariant(page, 'finished-code-not-loaded'), []);
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  const heading = page.getByRole('heading', { name: 'Your video is ready' });
  await heading.waitFor();
  await page.locator('video[aria-label="Final video"]').waitFor();
  assert.equal(await alert.count(), 0, 'the message went with the failure');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Your video is ready');
  assert.notEqual(await marked('storyreel:ready:video'), null, 'usable once it is there');

  // "Try again", and while the code downloads the person moves on: the view that comes leaves the
  // focus where they put it.
  await page.route(isFinishedPart, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await alert.waitFor();
  await page.unrouteAll();
  const releasePart = await holdBack(page, isFinishedPart);
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByText('Loading the finished video…').waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).focus();
  releasePart();
  await heading.waitFor();
  await page.locator('video[aria-label="Final video"]').waitFor();
  await page.waitForFunction(() => performance.getEntriesByName('storyreel:ready:video').length > 0);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Projects', 'the focus stays where the person put it');
  await page.unrouteAll();
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a video page starts without the code of "Start a new story from this one"; it comes with the first press, and says so if it does not', async () => {
  const isQuestionPart = (url) => isPart(url.href) && /\/split_new_story_from-/.test(url.pathname);
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A heron waits out the rain', num_scenes: 2 });
  await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 1 }); // generating for the whole test
  await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  const page = await openPage(browser);
  // The question is the app's own dialog: a browser dialog would be dismissed here, and noted.
  const browserDialogs = [];
  page.on('dialog', (d) => { browserDialogs.push(d.message()); d.dismiss(); });
  // A story begun in the form, which starting from this project would replace.
  await page.goto(`${web.url}/new`);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Story idea').fill('A snail crosses the garden by night');

  const release = await holdBack(page, isQuestionPart);
  await page.goto(`${web.url}/projects/${id}/video`);
  await page.waitForFunction(() => performance.getEntriesByName('storyreel:ready:video').length > 0);
  assert.deepEqual((await partsFetched(page)).filter((f) => f.startsWith('split_new_story_from-')), [], 'usable without it');
  const offer = page.getByRole('button', { name: 'Start a new story from this one' });
  const question = page.getByRole('dialog', { name: 'Replace the story you began?' });
  await offer.click();
  await page.getByRole('status').filter({ hasText: 'Loading the new story…' }).waitFor();
  release();
  await question.waitFor();
  assert.ok((await question.textContent()).includes('“A snail crosses the garden by night”'), 'it names the story that would be replaced');
  await checkScreen(page, 'new-story-question');
  await page.keyboard.press('Escape');
  await question.waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent.trim()), 'Start a new story from this one', 'focus returns');
  await page.unrouteAll();

  // Its code does not arrive: said where the question would be, and asked again on "Try again".
  await page.route(isQuestionPart, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await offer.click();
  const alert = page.getByRole('alert').filter({ hasText: 'The new story could not be started: check the connection.' });
  await alert.waitFor();
  assert.deepEqual(await screenInEveryVariant(page, 'new-story-from-not-loaded'), []);
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await question.waitFor();
  assert.equal(await alert.count(), 0, 'the message went with the failure');
  await question.getByRole('button', { name: 'Keep my draft' }).click();
  await page.waitForURL('**/new');
  assert.equal(await page.getByLabel('Story idea').inputValue(), 'A snail crosses the garden by night');
  assert.deepEqual(browserDialogs, [], 'no browser dialog');
  // The loader reports each failed fetch on the console; nothing else went wrong.
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test("a screen's first reads start before the wasm has arrived, and the app takes them: nothing is asked twice", async () => {
  const generating = async () => {
    const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A lighthouse keeper counts ships', num_scenes: 2 });
    await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 1 }); // generating for the whole test
    await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
    return id;
  };
  const proposed = async () => (await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A baker wakes the town', num_scenes: 2 })).id;
  const page = await openPage(browser);
  // What the screen says while it waits for its reads, in every frame the browser draws: with the
  // answers here before the app runs, the first frame with the page in it has them.
  await page.addInitScript(() => {
    window.framesWaiting = new Set();
    const waiting = ['Loading your projects…', "Checking the project's status…", 'Loading the project…'];
    const frame = () => {
      const text = document.body?.textContent ?? '';
      for (const w of waiting) if (text.includes(w)) window.framesWaiting.add(w);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.goto(`${web.url}/sign-in`);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();

  // The list reads the list; the review the project; the video page the project and its status.
  // Each screen's fresh mark: its answers from the service are shown (the list from the sign-in is kept
  // on the device and shows at once); the review page has none of its own, its Approve button is it.
  const fresh = (mark) => () => page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark);
  // The sign-in's own read of the list has ended before counting starts: the simulator logs a request
  // when it ends, so one still under way would be counted as the next screen's (seen once, loaded).
  await fresh('storyreel:ready:projects-fresh')();
  for (const [path, reads, shown] of [
    ['/', { list: 1, project: 0, status: 0 }, fresh('storyreel:ready:projects-fresh')],
    [`/projects/${await generating()}/video`, { list: 0, project: 1, status: 1 }, fresh('storyreel:ready:video-fresh')],
    [`/projects/${await proposed()}`, { list: 0, project: 1, status: 0 }, () => page.getByRole('button', { name: /^Approve/ }).first().waitFor()],
  ]) {
    const id = path.match(/\d+/)?.[0] ?? 'none';
    // Counted from here: an earlier test may have asked for this id before it existed.
    const total = async () => ({
      list: await listReads(),
      project: (await sim.requests('GET', new RegExp(`/scene-projects/${id}$`))).length,
      status: (await sim.requests('GET', new RegExp(`/scene-projects/${id}/status$`))).length,
    });
    const before = await total();
    const count = async () => {
      const now = await total();
      return Object.fromEntries(Object.keys(now).map((k) => [k, now[k] - before[k]]));
    };
    // The main wasm is held back until the service has been asked for what the screen reads first.
    const release = await holdBack(page, mainWasm);
    await page.goto(web.url + path);
    let asked = await count();
    for (const until = Date.now() + 10_000; Date.now() < until && Object.keys(reads).some((k) => asked[k] < reads[k]);) {
      await new Promise((ok) => setTimeout(ok, 50));
      asked = await count();
    }
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 0, `${path}: the app has not started`);
    assert.deepEqual(asked, reads, `${path}: read while the wasm downloaded`);

    // Every answer is in before the wasm is let through.
    await page.waitForFunction((n) => performance.getEntriesByType('resource')
      .filter((e) => e.initiatorType === 'fetch' && /\/scene-projects(\/|$)/.test(new URL(e.name).pathname)).length >= n,
    Object.values(reads).reduce((a, b) => a + b));
    release();
    await shown();
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.deepEqual(await count(), reads, `${path}: the app took those answers; nothing asked twice`);
    assert.deepEqual([...await page.evaluate(() => [...window.framesWaiting])], [], `${path}: no frame said it was still reading`);
    await page.unrouteAll();
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('an early read answered while the app starts is waited for: the list is drawn once, with it; one not answered leaves "Loading" up', async () => {
  await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A tailor sews a coat for the wind', num_scenes: 2 });
  const isList = (url) => /\/scene-projects$/.test(url.pathname);
  // The early read's answer is let through once the main wasm is in: it comes while the wasm is
  // compiled and the app starts, and its task waits behind that start. The app waits for it at most
  // 100 ms from asking for the configuration (src/boot_reads.js), on the page's clock, which stands
  // still here: the answer comes within that wait however long this host takes to pass it through (on
  // the host's clock a loaded host let the timer win now and then, and such tries were not counted).
  const page = await openPage(browser);
  const context = page.context();
  await context.addInitScript(() => {
    // Counts the frames the browser draws that say the list is still loading: on the browser's own
    // frames, taken before the clock installed below puts its own requestAnimationFrame in its place.
    const frameAsIs = window.requestAnimationFrame.bind(window);
    window.framesLoading = 0;
    window.frames = 0;
    const frame = () => {
      window.frames += 1;
      if ((document.body?.textContent ?? '').includes('Loading your projects…')) window.framesLoading += 1;
      frameAsIs(frame);
    };
    frameAsIs(frame);
  });
  await context.clock.install();
  await pauseClock(page);
  await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  const releaseWasm = await holdBack(page, mainWasm);
  const releaseList = await holdBack(page, isList);
  const asked = page.waitForRequest((r) => isList(new URL(r.url())));
  await page.goto(web.url + '/', { waitUntil: 'commit' });
  await asked;
  page.waitForEvent('requestfinished', (r) => new URL(r.url()).pathname === mainWasm).then(releaseList);
  releaseWasm();
  await page.getByRole('list', { name: 'Projects, newest first' }).waitFor();
  const { frames, framesLoading } = await page.evaluate(() => ({ frames: window.frames, framesLoading: window.framesLoading }));
  assert.ok(frames > 0, 'the browser drew frames meanwhile');
  assert.equal(framesLoading, 0, 'no frame said the list was loading');
  assert.deepEqual(page.problems, []);
  await page.context().close();

  // An answer that does not come keeps the app waiting a moment only (a new tab: this one now keeps the
  // list): it says it is loading, and shows the answer when it comes.
  const later = await openPage(browser);
  await later.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  const held = await holdBack(later, isList);
  await later.goto(web.url + '/', { waitUntil: 'commit' });
  await later.getByText('Loading your projects…').waitFor();
  held();
  await later.getByRole('list', { name: 'Projects, newest first' }).waitFor();
  assert.deepEqual(later.problems, []);
  await later.context().close();
});

test('a first-reads script that arrives after the app has started reads nothing: the app has read for itself', async () => {
  const page = await openPage(browser);
  await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  const script = `/${assets.find((a) => a.startsWith('boot_reads-'))}`;
  const release = await holdBack(page, script);
  const configs = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/config.json') configs.push(r.url()); });
  const before = await listReads();
  await page.goto(web.url + '/', { waitUntil: 'commit' }); // the load event waits for the held script
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  await page.waitForFunction(() => performance.getEntriesByName('storyreel:ready:projects-fresh').length > 0);
  release();
  await page.waitForFunction((s) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(s)), script);
  await page.waitForTimeout(500);
  assert.equal(await listReads() - before, 1, 'the list is read once, by the app');
  assert.equal(configs.length, 1, 'config.json is read once, by the app');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

/** Opens the list with the main wasm held back until the service has been asked for it, so the one
 * read is the early one (src/boot_reads.js); then lets the wasm through. Returns the list reads before. */
async function openListReadEarly(page) {
  const before = await listReads();
  const release = await holdBack(page, mainWasm);
  await page.goto(web.url + '/', { waitUntil: 'commit' });
  await until('the list to be read before the wasm arrived', async () => await listReads() > before, { timeoutMs: 10_000 });
  assert.equal(await listReads() - before, 1, 'read before the wasm arrived');
  release();
  return before;
}

test('a read started early that the service answers 429 with Retry-After: the app says so, and reads again once that time is over', async () => {
  const page = await openPage(browser);
  await noteRequests(page.context(), /\/scene-projects$/);
  // The wait the service asks for is counted on the page's clock, which stands still from before the
  // page loads and moves only as the test moves it.
  await page.context().clock.install();
  await pauseClock(page);
  await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  await sim.control('PUT', '/_sim/faults', { rate_limit_count: 1, retry_after_seconds: 3, path_contains: '/scene-projects' });
  try {
    const before = await openListReadEarly(page);
    // The status and the Retry-After of the early read reach the app.
    await page.getByText(/too many requests; try again in 3 seconds/).waitFor();
    const [limited] = (await sim.requests('GET', /\/scene-projects$/)).slice(before);
    assert.equal(limited.status, 429);
    const refresh = page.getByRole('button', { name: 'Refresh list' });
    await refresh.click();
    assert.equal((await requestsNoted(page)).started, 1, 'asked again at once, nothing is sent');
    // A moment before the seconds they were told are over, still nothing; once they are, the person
    // is heard (the schedule's own next read is 30 s away).
    await page.clock.runFor(3_000 - 1);
    await refresh.click();
    assert.equal((await requestsNoted(page)).started, 1, 'asked again just before the wait is over, nothing is sent');
    await page.clock.runFor(1);
    await refresh.click();
    await page.getByText(/too many requests/).waitFor({ state: 'detached' });
    // (Not its fresh mark: Playwright's clock brings a performance.mark of its own, which keeps none.)
    await until('the read to be answered', async () => (await requestsNoted(page)).settled === 2);
    assert.equal((await requestsNoted(page)).started, 2, 'one read, once the wait was over');
    assert.equal(await listReads() - before, 2, 'the service was asked once more');
    assert.deepEqual(page.problems, []);
  } finally {
    await sim.control('PUT', '/_sim/faults', { path_contains: null });
    await page.context().close();
  }
});

test('a kept token the service no longer accepts: the read started early answers 401, and the app asks to sign in again', async () => {
  const page = await openPage(browser);
  await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'a-token-the-service-revoked'));
  const before = await openListReadEarly(page);
  await page.getByText('The service did not accept your access token').waitFor();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  assert.equal(await listReads() - before, 1, 'the early read was the one read: its 401 was taken');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('storyreel.token')), null, 'the token is gone');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
