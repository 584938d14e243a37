// Trunk post-build hook: moves the inline <script type="module"> that trunk writes into index.html
// (it imports the bindings and starts the wasm) into a hashed file of its own, so the app runs
// under a Content-Security-Policy of `script-src 'self'`, with no 'unsafe-inline' and no hash to
// keep in step with every build (see deploy/nginx.conf); its tag carries the file's integrity digest.
// The module's last lines, trunk's start of the wasm, are replaced by deploy/boot-start.js, which
// starts it the same way and says so when it cannot.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';
import { attr, hashedName, sri, stagingDir } from './staged.mjs';

const dir = stagingDir('externalize-boot');
const publicUrl = process.env.TRUNK_PUBLIC_URL || '/';
const index = join(dir, 'index.html');
const html = readFileSync(index, 'utf8');

// Trunk 0.21's start of the wasm, as it writes it (src/pipelines/rust/output.rs, default_initializer).
const trunkStart = /import init, \* as bindings from '([^']+)';\s*const wasm = await init\(\{ module_or_path: '([^']+)' \}\);\s*window\.wasmBindings = bindings;\s*dispatchEvent\(new CustomEvent\("TrunkApplicationStarted", \{detail: \{wasm\}\}\)\);\s*$/;
const start = readFileSync(new URL('./boot-start.js', import.meta.url), 'utf8');

/** The boot module with trunk's start replaced by ours, minified. */
async function ourStart(body) {
  const [trunks, bindings, wasm] = trunkStart.exec(body) ?? [];
  if (!trunks) throw new Error("externalize-boot: the boot module does not end with trunk's start of the wasm");
  const ours = start.replace('BINDINGS_ADDRESS', JSON.stringify(bindings)).replace('WASM_ADDRESS', JSON.stringify(wasm));
  return (await minify(body.slice(0, -trunks.length) + ours, { module: true, compress: true, mangle: true })).code;
}

// Inline scripts only: a <script> with no src attribute.
const inline = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
let out = html;
let moved = 0;
for (const [whole, attrs, text] of html.matchAll(inline)) {
  if (!text.trim()) continue;
  const module = /\btype=["']?module/.test(attrs);
  const body = module ? await ourStart(text) : text.trim();
  const file = `${body}\n`;
  const name = hashedName('boot.js', body);
  writeFileSync(join(dir, name), file);
  // With its integrity digest, as trunk writes its own tags: the script that loads the app runs only as
  // it was built (a changed one is refused, and src/boot_reads.js says the app did not come).
  const tag = `<script${module ? ' type=module' : ''} src=${attr(publicUrl + name)} integrity=${attr(sri(file))}></script>`;
  // A function, so a `$` in the public URL is not read as a replacement pattern.
  out = out.replace(whole, () => tag);
  moved += 1;
}
writeFileSync(index, out);
console.log(`externalize-boot: moved ${moved} inline script(s) out of index.html`);
