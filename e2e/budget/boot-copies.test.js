// The scripts that run before the app carry their own copies of its routes, config rules and storage
// keys: src/boot_reads.js (the first reads) and deploy/split-pages.json (which addresses open which
// split page). tests/fixtures/boot-copies.json states each case once; src/boot_copies_tests.rs checks
// the Rust answers it, and this runs the scripts on it as the browser would, so a copy that drifts
// fails one side or the other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (path) => readFileSync(join(repo, path), 'utf8');
const fixture = JSON.parse(read('tests/fixtures/boot-copies.json'));
const bootReads = read('src/boot_reads.js');
const pages = JSON.parse(read('deploy/split-pages.json'));
const APP = 'http://app.test';
const TOKEN = 'tok-123';

/** Runs src/boot_reads.js at `path` + `search` with `storage` and config.json's `config` text, and
 * answers the requests it made past config.json: their addresses and authorisation. */
async function firstReads({ path, search = '', config, storage }) {
  const requests = [];
  const store = {
    getItem: (key) => (key in storage ? storage[key] : null),
  };
  const context = vm.createContext({
    location: { pathname: path, search, href: `${APP}${path}${search}` },
    sessionStorage: store,
    localStorage: { getItem: () => null },
    addEventListener() {},
    document: { querySelector: () => null },
    performance: { now: () => 0 },
    setTimeout,
    URL,
    AbortController,
    fetch: (url, init) => {
      if (url === '/config.json') return Promise.resolve({ ok: true, text: async () => config });
      requests.push({ url, authorization: init?.headers?.Authorization });
      return new Promise(() => {});
    },
  });
  context.window = context;
  vm.runInContext(bootReads, context);
  // The reads start once config.json's text is in: a few turns of the event loop, no timer.
  for (let turn = 0; turn < 5; turn++) await new Promise((next) => setImmediate(next));
  return requests;
}

const signedIn = { [fixture.keys.token]: TOKEN };
const configAt = (base) => JSON.stringify({ api_base_url: base });

test('each address starts the first reads the app would make there, with the token the app keeps', async () => {
  for (const { path, search, reads } of fixture.addresses) {
    const requests = await firstReads({ path, search, config: configAt('http://api.test/v1'), storage: signedIn });
    assert.deepEqual(requests.map((r) => r.url), reads.map((endpoint) => `http://api.test/v1${endpoint}`), `reads at ${path}${search}`);
    for (const r of requests) assert.equal(r.authorization, `Bearer ${TOKEN}`);
  }
  assert.deepEqual(await firstReads({ path: '/', config: configAt('http://api.test/v1'), storage: {} }), [], 'signed out: nothing is read');
});

test('each config.json gives the API address the app would use, and an address the person chose wins', async () => {
  for (const { config, base } of fixture.configs) {
    const [list] = await firstReads({ path: '/', config, storage: signedIn });
    assert.equal(list?.url, new URL(`${base}/scene-projects`, `${APP}/`).href, `the list's address with ${config}`);
  }
  const chosen = { ...signedIn, [fixture.keys.api_base_url]: ' http://mine.test/api/ ' };
  const [list] = await firstReads({ path: '/', config: configAt('http://api.test/v1'), storage: chosen });
  assert.equal(list?.url, 'http://mine.test/api/scene-projects');
});

test("each address opens the split page the app's routes give it", () => {
  const addressed = Object.entries(pages).filter(([, at]) => typeof at === 'string');
  for (const { path, split } of fixture.addresses) {
    const trimmed = path.replace(/\/+$/, '');
    const opened = addressed.filter(([, at]) => new RegExp(at).test(trimmed)).map(([page]) => page);
    assert.deepEqual(opened, split ? [split] : [], `the split page of ${path}`);
  }
});
