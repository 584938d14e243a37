// Trunk post-build hook (release builds): makes the wasm and its bindings smaller, in three steps.
// 0. A second round of wasm-opt's size passes; functions ordered by name, then the names dropped.
//    index.html asks trunk's wasm-opt to keep the names (-g), so that here a monomorphised function sits beside its siblings (every
//    `tachys::…::build` closure together), within reach of gzip's and brotli's back-references:
//    the same code, 1.7 KB less gzip. Order does not change what the wasm does. With
//    STORYREEL_WASM_NAMES=keep the names stay, for twiggy.
// 1. Short import names. wasm-bindgen names each import `__wbg_<name>_<16 hex digits>`; the hex does
//    not compress, and every name is in the wasm's import section and again as a key of the JS
//    imports object (about 5.7 KB gzip together). Both are renamed to `a`, `b`, ... in step.
// 2. The JS minified by terser (trunk 0.21 minifies index.html and CSS, not this file). Terser keeps
//    property names, so the keys of step 1 stay as written. The first reads' script (src/boot_reads.js)
//    too: trunk's own minifier gives up on some syntax (a numeric separator, for one) and then ships it
//    as written, twice the bytes; index.html marks it data-no-minify.
// index.html's subresource-integrity digests of the bindings and the first reads' script are replaced by
// the new ones. The wasm's is dropped: Chromium ignores `integrity` on an `as=fetch` preload and says so
// in the console at every load (crbug.com/981419), and the bindings fetch the wasm without one, so the
// digest guarded nothing (Firefox, which reads it, fetched the wasm once either way).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { minify } from 'terser';
import { one, sri, stagingDir } from './staged.mjs';

const dir = stagingDir('minify-glue');
if (process.env.TRUNK_PROFILE !== 'release') process.exit(0); // debug builds keep readable bindings

const wasmFile = one('minify-glue', dir, /^storyreel-[0-9a-f]+_bg\.wasm$/);
const jsFile = one('minify-glue', dir, /^storyreel-[0-9a-f]+\.js$/);

const built = readFileSync(wasmFile);
const wasm = orderedByName(wasmFile);
const { bytes, renamed } = renameImports(wasm);
let js = readFileSync(jsFile, 'utf8');
for (const [old, short] of renamed) {
  // Only as a key of the imports object, and exactly once: anything else means the bindings'
  // shape changed, and the build stops rather than ship a wasm whose imports do not resolve.
  const key = new RegExp(`(^|[\\s{,])${old}(\\s*:)`, 'gm');
  const count = js.match(key)?.length ?? 0;
  if (count !== 1) throw new Error(`minify-glue: import ${old} is a key of the bindings ${count} times, not once`);
  js = js.replace(key, `$1${short}$2`);
}
const { code } = await minify(js, { module: true, compress: true, mangle: true });
const readsFile = one('minify-glue', dir, /^boot_reads-[0-9a-f]+\.js$/);
const reads = readFileSync(readsFile);
const { code: readsCode } = await minify(reads.toString('utf8'), { compress: true, mangle: true });
const indexFile = join(dir, 'index.html');
let index = readFileSync(indexFile, 'utf8');
for (const [before, after] of [[readFileSync(jsFile), Buffer.from(code)], [reads, Buffer.from(readsCode)]]) {
  if (!index.includes(sri(before))) throw new Error('minify-glue: index.html has no integrity digest of a file it minifies');
  index = index.split(sri(before)).join(sri(after));
}
const wasmDigest = new RegExp(`\\s+integrity=(["']?)${sri(built).replace(/[+/]/g, '\\$&')}\\1`);
if (!wasmDigest.test(index)) throw new Error("minify-glue: index.html has no integrity digest of the wasm's preload");
index = index.replace(wasmDigest, '');
writeFileSync(wasmFile, bytes);
writeFileSync(jsFile, code);
writeFileSync(readsFile, readsCode);
writeFileSync(indexFile, index);
console.log(`minify-glue: ${renamed.size} imports renamed; wasm ${built.length} -> ${bytes.length} B, js -> ${code.length} B`);

/** The wasm in `file` with its functions ordered by name and, unless asked to keep them, no names. */
function orderedByName(file) {
  const tmp = mkdtempSync(join(tmpdir(), 'storyreel-wasm-'));
  try {
    const out = join(tmp, 'ordered.wasm');
    // -g: the size passes above drop the names otherwise.
    const strip = process.env.STORYREEL_WASM_NAMES === 'keep' ? ['-g'] : ['--strip-debug', '--strip-producers', '--strip-target-features'];
    // The wasm-opt on PATH is the one trunk used (scripts/setup puts npm's binaryen first).
    // A second round of size passes after trunk's -Oz: flattened and re-looped, the code gives -Oz
    // more to fold (3.2 KB gzip less; each further -Oz gains less: 264,440 B with one, 264,187 with
    // two, 263,996 with three, against 267,184 without). The features are read from the wasm's
    // target_features section, which is stripped only after.
    const size = ['--low-memory-unused', '--flatten', '--rereloop', '-Oz', '-Oz', '-Oz'];
    execFileSync('wasm-opt', [...size, '--reorder-functions-by-name', ...strip, file, '-o', out], { stdio: 'inherit' });
    return readFileSync(out);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The wasm with every `__wbg…`/`__wbindgen…` import field renamed; the map old name -> new name. */
function renameImports(b) {
  const readLeb = (i) => { let r = 0, s = 0, x; do { x = b[i++]; r += (x & 0x7f) * 2 ** s; s += 7; } while (x & 0x80); return [r, i]; };
  const leb = (n) => { const o = []; do { let x = n % 128; n = Math.floor(n / 128); if (n) x |= 0x80; o.push(x); } while (n); return Buffer.from(o); };
  const shortName = (k) => { let s = ''; for (k += 1; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(97 + ((k - 1) % 26)) + s; return s; };
  // Skips an import's description (function, table, memory or global), returning where it ends.
  const skipLimits = (i) => { const flags = b[i]; i = readLeb(i + 1)[1]; return flags & 1 ? readLeb(i)[1] : i; };
  const skipDesc = (kind, i) => {
    if (kind === 0) return readLeb(i)[1];
    if (kind === 1) return skipLimits(i + 1);
    if (kind === 2) return skipLimits(i);
    if (kind === 3) return i + 2;
    throw new Error(`minify-glue: import kind ${kind} is not known`);
  };
  const renamed = new Map();
  const out = [b.subarray(0, 8)];
  for (let i = 8; i < b.length;) {
    const id = b[i];
    const [size, start] = readLeb(i + 1);
    const end = start + size;
    if (id !== 2) { out.push(b.subarray(i, end)); i = end; continue; }
    let [count, p] = readLeb(start);
    const parts = [leb(count)];
    for (let k = 0; k < count; k++) {
      const [moduleLen, m] = readLeb(p);
      const module = b.subarray(m, m + moduleLen);
      const [fieldLen, f] = readLeb(m + moduleLen);
      const field = b.subarray(f, f + fieldLen).toString();
      const kind = b[f + fieldLen];
      const descEnd = skipDesc(kind, f + fieldLen + 1);
      let name = field;
      if (/^__wbg|^__wbindgen/.test(field)) {
        if (!renamed.has(field)) renamed.set(field, shortName(renamed.size));
        name = renamed.get(field);
      }
      parts.push(leb(module.length), module, leb(Buffer.byteLength(name)), Buffer.from(name), b.subarray(f + fieldLen, descEnd));
      p = descEnd;
    }
    if (p !== end) throw new Error('minify-glue: the import section did not parse to its end');
    const body = Buffer.concat(parts);
    out.push(Buffer.from([2]), leb(body.length), body);
    i = end;
  }
  return { bytes: Buffer.concat(out), renamed };
}
