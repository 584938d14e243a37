// Trunk post-build hook: writes NAME.br (brotli, quality 11) and NAME.gz (gzip -9) beside every .wasm,
// .js and .css file of the build, each file of a page's parts (.bin) and the parts' digests (.json, both
// deploy/split-pages.mjs), so a web server can send them as they are (nginx: brotli_static and
// gzip_static in deploy/nginx.conf) instead of compressing on every request, or not at all.
// Runs after deploy/externalize-boot.mjs, so the boot script is compressed too.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stagingDir } from './staged.mjs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = stagingDir('precompress');

// JSON only when named for its content (the parts' digests, deploy/split-pages.mjs): config.json is
// written on each host after the build, and a NAME.br left beside it would be served in its place.
const compressible = /\.(wasm|js|css|bin)$|-[0-9a-f]{8,16}\.json$/;
function* files(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name)) yield path;
  }
}

// The gzip tool's -9 (as e2e/lib/bundle.js measures the budget): about 1% smaller than node's zlib at
// level 9 on the wasm. Node's zlib only where the tool is missing.
function gzip9(bytes) {
  try {
    return execFileSync('gzip', ['-9nc'], { input: bytes, maxBuffer: 1 << 28 });
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
    return gzipSync(bytes, { level: 9 });
  }
}

let count = 0;
for (const path of files(dir)) {
  const bytes = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [constants.BROTLI_PARAM_MODE]: /\.(wasm|bin)$/.test(path) ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
    },
  }));
  writeFileSync(`${path}.gz`, gzip9(bytes));
  count += 1;
}
console.log(`precompress: wrote .br and .gz beside ${count} file(s)`);
