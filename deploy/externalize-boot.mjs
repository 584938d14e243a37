// Trunk post-build hook: moves the inline <script type="module"> that trunk writes into index.html
// (it imports the bindings and starts the wasm) into a hashed file of its own, so the app runs
// under a Content-Security-Policy of `script-src 'self'`, with no 'unsafe-inline' and no hash to
// keep in step with every build. See deploy/nginx.conf.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { attr, hashedName, stagingDir } from './staged.mjs';

const dir = stagingDir('externalize-boot');
const publicUrl = process.env.TRUNK_PUBLIC_URL || '/';
const index = join(dir, 'index.html');
const html = readFileSync(index, 'utf8');

// Inline scripts only: a <script> with no src attribute.
const inline = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
let moved = 0;
const out = html.replace(inline, (whole, attrs, body) => {
  if (!body.trim()) return whole;
  const module = /\btype=["']?module/.test(attrs);
  const name = hashedName('boot.js', body);
  writeFileSync(join(dir, name), body.trim() + '\n');
  moved += 1;
  return `<script${module ? ' type=module' : ''} src=${attr(publicUrl + name)}></script>`;
});
writeFileSync(index, out);
console.log(`externalize-boot: moved ${moved} inline script(s) out of index.html`);
