// The first-load bundle: every file index.html makes the browser fetch before the first screen, with its
// size raw, gzip -9 and brotli quality 11 (what a host serving the precompressed files sends).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { brotliCompressSync, constants } from 'node:zlib';

export function firstLoadFiles(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  // Quoted or not: the release build's index.html is minified (Trunk.toml), which drops the quotes it can.
  // The tab's icon is not among them: browsers ask for it after the page's load event, at idle priority
  // (its own request in delivery.test.js).
  const names = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)=(?:"\/?([^"]+)"|\/?([^\s">]+))[^>]*>/g)]
    .filter((m) => !/\brel=["']?icon\b/.test(m[0]))
    .map((m) => m[1] ?? m[2]);
  return ['index.html', ...new Set(names)];
}

export function sizes(bytes) {
  return {
    raw: bytes.length,
    // The gzip tool, not node's zlib: its -9 is what the budget is stated in (node's level 9 is ~1% larger).
    gzip: execFileSync('gzip', ['-9c'], { input: bytes, maxBuffer: 1 << 26 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

export function measureBundle(dist) {
  const files = firstLoadFiles(dist).map((name) => ({ name, ...sizes(readFileSync(join(dist, name))) }));
  const total = { name: 'total', raw: 0, gzip: 0, brotli: 0 };
  for (const f of files) for (const k of ['raw', 'gzip', 'brotli']) total[k] += f[k];
  return { files, total };
}
