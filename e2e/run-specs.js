// Runs the spec files named, one after another, in this one process, against one simulator profile
// (SIM_PROFILE), as `node --test` runs one: each file a suite of its own, ended after
// E2E_TEST_TIMEOUT_MS (default 180 s) as `--test-timeout` ended a file, its tests ended with it.
// The files share what node --test started for each: node itself, Playwright and the browser (each
// test still opens contexts of its own; each file keeps its own simulator and web server). The test
// command runs the specs in groups this way (e2e/profiles.js `groups`, scripts/stages.sh `run_e2e`).
//
//   SIM_PROFILE=alt node --test-reporter=tap e2e/run-specs.js e2e/specs/a.test.js e2e/specs/b.test.js
import { after, describe } from 'node:test';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { closeSharedBrowser, shareBrowser } from './lib/harness.js';

const limit = Number(process.env.E2E_TEST_TIMEOUT_MS || 180_000);
const files = process.argv.slice(2);
if (!files.length) throw new Error('e2e/run-specs.js: name the spec files to run');

shareBrowser();
// Each file is loaded as its suite is built, so its hooks and tests are the suite's own.
for (const file of files) describe(file, { timeout: limit }, () => import(pathToFileURL(resolve(file)).href));

after(async () => {
  await closeSharedBrowser();
  // Whatever a file left running (a server, a timer) would keep this process alive, and the queue
  // waiting on it, with every test done: it is said, and the run fails.
  setTimeout(() => {
    const what = process.getActiveResourcesInfo().join(', ');
    console.error(`e2e/run-specs.js: still running 10 s after the last file ended: ${what}`);
    process.exit(1);
  }, 10_000).unref();
});
