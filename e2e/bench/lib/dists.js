// Builds compared in one run (bench/update-ab.js, bench/start-ab.js): each a copy of a built dist/.
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWeb } from '../../lib/harness.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The copies of dist/ named on the command line, or a usage line and exit 2. */
export function distsFromArgs(script) {
  const dists = process.argv.slice(2);
  if (dists.length < 2 || !dists.every((d) => existsSync(join(d, 'index.html')))) {
    console.error(`usage: node bench/${script} DIST_A DIST_B [...] (copies of a built dist/)`);
    process.exit(2);
  }
  return dists;
}

/** One web server for each build, against `api` with `config`. startWeb serves a copy of dist/: each
 * build is put there in turn, and the tree's own put back. */
export async function serveEach(dists, api, config) {
  const dist = join(repo, 'dist');
  const kept = `${dist}.ab`;
  if (existsSync(dist)) renameSync(dist, kept);
  const webs = [];
  try {
    for (const d of dists) {
      cpSync(d, dist, { recursive: true });
      webs.push(await startWeb(api, config));
      rmSync(dist, { recursive: true });
    }
  } catch (e) {
    for (const web of webs) await web.stop();
    throw e;
  } finally {
    // A failed copy or start leaves a build in dist/; the tree's own goes back in its place.
    rmSync(dist, { recursive: true, force: true });
    if (existsSync(kept)) renameSync(kept, dist);
  }
  return webs;
}
