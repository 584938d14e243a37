// Trunk post-build hook, after minify-glue.mjs: the main wasm, its bindings (storyreel-*.js) and the
// parts' loader (snippets/wasm-split/wasm-split-*.js) named for what they hold. Trunk names the bindings
// for the main wasm, but split-pages.mjs writes the loader's name into them, and the loader holds the
// parts' names: a change to a page's code alone would leave the bindings' name as it was and their
// content not, and a browser holding the old file (cached for a year, deploy/nginx.conf) would refuse
// the new index.html's integrity digest and never start. The bindings and the loader import each
// other, so the three are named for one hash of all three, each read without the others' names (the
// wasm and its bindings keep one name between them, as trunk gives it, which index.html's compression
// shares).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { one, sri, stagingDir } from './staged.mjs';

const dir = stagingDir('name-glue');
const parts = join(dir, 'snippets', 'wasm-split');
if (!existsSync(parts)) process.exit(0); // a build without the `split` feature: trunk's name is the content's

const wasmFile = one('name-glue', dir, /^storyreel-[0-9a-f]+_bg\.wasm$/);
const glueFile = one('name-glue', dir, /^storyreel-[0-9a-f]+\.js$/);
const loaderFile = one('name-glue', parts, /^wasm-split-[0-9a-f]+\.js$/);
const [wasmName, glueName, loaderName] = [basename(wasmFile), basename(glueFile), basename(loaderFile)];
const glue = readFileSync(glueFile, 'utf8');
const loader = readFileSync(loaderFile, 'utf8');
if (!glue.includes(loaderName) || !loader.includes(glueName)) throw new Error('name-glue: the bindings and the loader do not import each other by name');

const hash = createHash('sha256').update(readFileSync(wasmFile)).update('\0')
  .update(glue.split(loaderName).join('')).update('\0').update(loader.split(glueName).join('')).digest('hex');
const [newWasmName, newGlueName, newLoaderName] = [`storyreel-${hash.slice(0, 16)}_bg.wasm`, `storyreel-${hash.slice(0, 16)}.js`, `wasm-split-${hash.slice(0, 10)}.js`];
const newGlue = glue.split(loaderName).join(newLoaderName);
const newLoader = loader.split(glueName).join(newGlueName);

const indexFile = join(dir, 'index.html');
let index = readFileSync(indexFile, 'utf8');
for (const [before, after] of [[sri(glue), sri(newGlue)], [sri(loader), sri(newLoader)], [`/${wasmName}`, `/${newWasmName}`],
  [`/${glueName}`, `/${newGlueName}`], [`/${loaderName}`, `/${newLoaderName}`]]) {
  if (!index.includes(before)) throw new Error(`name-glue: index.html does not name ${before}`);
  index = index.split(before).join(after);
}
writeFileSync(glueFile, newGlue);
writeFileSync(loaderFile, newLoader);
renameSync(glueFile, join(dir, newGlueName));
renameSync(wasmFile, join(dir, newWasmName));
renameSync(loaderFile, join(parts, newLoaderName));
writeFileSync(indexFile, index);
console.log(`name-glue: ${glueName} -> ${newGlueName} (and its wasm), ${loaderName} -> ${newLoaderName}`);
