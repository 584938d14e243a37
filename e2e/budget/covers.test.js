// e2e/covers.js, the map --quick chooses end-to-end specs by, stays whole: every file of the app has an
// entry, and every spec it names exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COVERS, specsFor } from '../covers.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const files = (dir) =>
  readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [relative(repo, join(repo, dir, e.name))]);

test('every file of the app and its build has end-to-end specs that cover it', () => {
  for (const path of [...files('src'), ...files('style'), 'index.html', ...files('deploy').filter((p) => !p.includes('node_modules'))]) {
    assert.ok(specsFor(path).length > 0, `${path}: no entry in e2e/covers.js`);
  }
});

test('every spec the map names exists, and a changed spec runs itself', () => {
  for (const names of Object.values(COVERS)) {
    for (const name of names) assert.ok(existsSync(join(repo, 'e2e', 'specs', `${name}.test.js`)), `no spec ${name}`);
  }
  assert.deepEqual(specsFor('e2e/specs/tabs.test.js'), ['specs/tabs.test.js']);
  assert.deepEqual(specsFor('src/pages/video/watch/mod.rs'), specsFor('src/pages/video/finished.rs'));
  assert.ok(specsFor('src/pages/projects/row.rs').includes('specs/projects.test.js'));
});
