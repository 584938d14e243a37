// Trunk post-build hook: moves the inline <script type="module"> that trunk writes into index.html
// (it imports the bindings and starts the wasm) into a hashed file of its own, so the app runs
// under a Content-Security-Policy of `script-src 'self'`, with no 'unsafe-inline' and no hash to
// keep in step with every build. See deploy/nginx.conf.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('externalize-boot: run me as a trunk hook (TRUNK_STAGING_DIR is not set)');
const publicUrl = process.env.TRUNK_PUBLIC_URL || '/';
const index = join(dir, 'index.html');
const html = readFileSync(index, 'utf8');

// Inline scripts only: a <script> with no src attribute.
const inline = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
let moved = 0;
const out = html.replace(inline, (whole, attrs, body) => {
  if (!body.trim()) return whole;
  const module = /\btype=["']?module/.test(attrs);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  const name = `boot-${hash}.js`;
  writeFileSync(join(dir, name), body.trim() + '\n');
  moved += 1;
  return `<script${module ? ' type="module"' : ''} src="${publicUrl}${name}"></script>`;
});
writeFileSync(index, out);
console.log(`externalize-boot: moved ${moved} inline script(s) out of index.html`);
