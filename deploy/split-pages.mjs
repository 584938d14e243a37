// Trunk post-build hook: the pages' split-off wasm (deploy/bin/wasm-bindgen put them, with their
// loader, in snippets/wasm-split/) made ready to ship, before deploy/minify-glue.mjs.
// 1. Each part optimised for size like the main module (release builds) and named for its content
//    (NAME-<16 hex>.wasm), so deploy/nginx.conf caches it for a year like every hashed asset.
// 2. The loader: its import of the bindings pointed at their hashed name, its parts at theirs, each
//    part's bytes checked against the digest the build wrote (digests-<hash>.json) before they are
//    compiled, minified, and itself named for its content; the bindings' import of it follows.
// 3. index.html: trunk preloads every snippet; the parts must not be (that would download them all
//    with the first screen, the very thing the split avoids), the loader must (the bindings import
//    it, so without the preload it would cost a round trip more before the app starts).
// 4. The boot script: opened at one of the split pages' addresses (a deep link, a reload), the page's
//    parts are asked for at once, beside the main wasm, rather than after it has started (a round
//    trip and their bytes later), and as one file (parts_<page>-<hash>.bin): one compressed stream
//    finds what the parts share (the video page's ten: 63.6 KB brotli against 71.6 KB one by one),
//    and one request instead of up to fourteen. Each part is compiled as soon as the file is in,
//    while the main wasm is still coming (on the slow link the parts' file ends about 250 ms before
//    it), once its bytes are found to be those built; the loader instantiates the compiled modules.
//    Any part not there (the other pages' code, fetched later; every part after a failed download)
//    it fetches alone, as before. PAGES (split-pages.json) mirrors src/routes.rs for the split pages only;
//    e2e/specs/delivery.test.js opens each address and checks its parts come early, once.
// Nothing to do when the build has no parts (a build without the `split` feature).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { basename, join } from 'node:path';
import { minify } from 'terser';
import { hashedName, one, sri, stagingDir } from './staged.mjs';

const dir = stagingDir('split-pages');
const parts = join(dir, 'snippets', 'wasm-split');
if (!existsSync(parts)) process.exit(0);
const release = process.env.TRUNK_PROFILE === 'release';
const run = promisify(execFile);

const glueFile = one('split-pages', dir, /^storyreel-[0-9a-f]+\.js$/);
const glueName = basename(glueFile);

// The split point names (src/page_code.rs and pages/video) and the addresses that open them
// (src/routes.rs), in split-pages.json; for a part of a page, the page it is part of: asked for by that
// page when it shows it, or earlier by src/boot_reads.js (storyreelBoot.want) when the first reads say
// it will. A part asked for only when the person does something ("Start a new story from this one",
// components/new_story_from.rs) has no file of parts: its own come alone, then or with the other
// pages' code. tests/fixtures/boot-copies.json holds the addresses both sides are checked against.
const PAGES = JSON.parse(readFileSync(new URL('./split-pages.json', import.meta.url), 'utf8'));

const loaderFile = join(parts, '__wasm_split.js');
let loader = readFileSync(loaderFile, 'utf8');
// Each loader of the loader script: the file it fetches and the loaders it waits for first.
const loads = new Map();
for (const m of loader.matchAll(/const (\w+) = (?:wrapAsyncCb\()?makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/([^"]+)", import\.meta\.url\)\);[\s\S]*?\n\}\n, \[([^\]]*)\]\)/g)) {
  loads.set(m[1], { file: m[2], deps: m[3].split(',').map((d) => d.trim()).filter(Boolean) });
}
// Every part is fetched through `part` (written in below, once the parts' digests are known) and
// instantiated through `instantiate`, which takes a compiled module or the bytes.
const fetches = /fetch\(new URL\(("\.\/[^"]+"), import\.meta\.url\)\)/g;
if ([...loader.matchAll(fetches)].length !== loads.size) throw new Error('split-pages: the loader fetches its parts in a way this script does not know');
loader = loader.replace(fetches, 'part($1)');
const streaming = /WebAssembly\.instantiateStreaming\(src, imports\)/g;
if ([...loader.matchAll(streaming)].length !== loads.size) throw new Error('split-pages: the loader instantiates its parts in a way this script does not know');
loader = loader.replace(streaming, 'instantiate(src, imports)');
const filesOf = (name, seen = new Set()) => {
  const load = loads.get(name);
  if (!load) throw new Error(`split-pages: the loader has no ${name}`);
  if (!seen.has(name)) {
    seen.add(name);
    for (const dep of load.deps) filesOf(dep, seen);
  }
  return [...seen].map((n) => loads.get(n).file);
};
const pageFiles = Object.fromEntries(Object.keys(PAGES).map((page) => [page, filesOf(`__wasm_split_load_${page}`)]));
const splitPoints = [...loads.keys()].filter((n) => n.startsWith('__wasm_split_load_')).map((n) => n.slice(18)).sort();
if (splitPoints.join() !== Object.keys(PAGES).sort().join()) {
  throw new Error(`split-pages: the split points (${splitPoints}) are not the pages PAGES knows (${Object.keys(PAGES)})`);
}
const PART_DIGITS = 10;
let total = 0;
const renamed = new Map();
const wasmNames = readdirSync(parts).filter((f) => f.endsWith('.wasm'));
if (release) {
  // (Its stderr is kept for a failure: on success it only says, once a part, that it does not know
  // the name section's field names, which the strip drops anyway.)
  // STORYREEL_WASM_NAMES=keep keeps the functions' names, as minify-glue.mjs does for the main
  // module: for twiggy, and for a CPU profile that names what it measures.
  const strip = process.env.STORYREEL_WASM_NAMES === 'keep' ? ['-g'] : ['--strip-debug', '--strip-producers', '--strip-target-features'];
  // As many at once as there are cores: most parts are small, and a wasm-opt process spends much of
  // such a part's time starting (binaryen.js); deploy/bin/wasm-opt answers an unchanged one from its
  // cache.
  const queue = [...wasmNames];
  const worker = async () => {
    for (let name; (name = queue.shift());) {
      const path = join(parts, name);
      await run('wasm-opt', ['-Oz', ...strip, path, '-o', path]);
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
}
for (const name of wasmNames) {
  const path = join(parts, name);
  const bytes = readFileSync(path);
  // 10 hex digits, not trunk's 16: the boot script and the loader list every part by name, in the first
  // load (190 B gzip less); 40 bits still tell one build's part from another's.
  const named = hashedName(name, bytes, PART_DIGITS);
  renameSync(path, join(parts, named));
  const reference = `"./${name}"`;
  if (!loader.includes(reference)) throw new Error(`split-pages: the loader does not fetch ${name}`);
  loader = loader.split(reference).join(`"./${named}"`);
  renamed.set(name, named);
  total += bytes.length;
}
// Each part's digest (SHA-256, base64), which the loader checks its bytes against before they are
// compiled, wherever they came from: a part altered on the way (a proxy, a cache, a storage that is not
// ours) is refused, and its page says it could not be loaded. The digests are in a file of their own,
// which the loader fetches with the first part and checks against the one digest it carries: the loader is
// in the first load (the bindings import it), where the 32 parts' digests would weigh 1.4 KB gzip.
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('base64');
const table = JSON.stringify(Object.fromEntries([...renamed.values()].map((name) => [name, sha256(readFileSync(join(parts, name)))])));
const tableName = hashedName('digests.json', table, PART_DIGITS);
writeFileSync(join(parts, tableName), table);
// `fetched` refetches past the HTTP cache once before it refuses: a copy altered on the way may be in the
// cache for a year under its name, and "Try again" would read it again. Without Web Crypto (a page not
// in a secure context: plain HTTP from another address than localhost) nothing can be checked, so
// nothing is compiled.
const prelude = `
const sha256 = async (bytes) => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))));
const fetched = async (url, digest) => {
    for (const cache of ["default", "reload"]) {
        // (An error page in its place, a 404 say, is not the file built either.)
        const [response, expected] = await Promise.all([fetch(url, { cache }), digest]);
        const bytes = await response.arrayBuffer();
        if (await sha256(bytes) === expected) return bytes;
    }
    throw Error(\`\${url} is not the file built: refused\`);
};
let digests;
const digestOf = (name) => {
    digests ??= fetched(new URL(${JSON.stringify(`./${tableName}`)}, import.meta.url), ${JSON.stringify(sha256(table))})
        .then((bytes) => JSON.parse(new TextDecoder().decode(bytes)))
        .catch((error) => {
            digests = undefined;
            throw error;
        });
    return digests.then((all) => all[name]);
};
// A page's parts as the boot script read them in one file (see \`early\` in deploy/split-pages.mjs):
// each compiled once its bytes are found to be those built, 0 for one that is not (fetched alone then).
export const unpack = (buffer) => {
    const bytes = new Uint8Array(buffer), end = bytes.indexOf(10), found = {};
    let at = end + 1;
    for (const [name, length] of JSON.parse(new TextDecoder().decode(bytes.subarray(0, end)))) {
        const own = bytes.subarray(at, at += length);
        found[name] = Promise.all([sha256(own), digestOf(name)])
            .then(([got, digest]) => got === digest && WebAssembly.compile(own)).catch(() => 0);
    }
    return found;
};
const part = async (file) => {
    const name = file.slice(2);
    for (const bundle of window.storyreelBundles ?? []) {
        const parts = await bundle;
        const compiled = parts[name];
        if (compiled) {
            delete parts[name];
            const module = await compiled;
            if (module) return module;
        }
    }
    return fetched(new URL(file, import.meta.url), digestOf(name));
};
const instantiate = async (src, imports) => WebAssembly.instantiate(await src, imports);
`;
if (!/^import [^\n]*\n/.test(loader)) throw new Error('split-pages: the loader does not start with an import');
loader = loader.replace(/^(import [^\n]*\n)/, (line) => line + prelude);
const main = /import \{ initSync \} from "\.\/storyreel\.js";/;
if (!main.test(loader)) throw new Error('split-pages: the loader does not import initSync from ./storyreel.js');
loader = loader.replace(main, `import { initSync } from "../../${glueName}";`);
if (release) loader = (await minify(loader, { module: true, compress: true, mangle: true })).code;
const loaderName = hashedName('wasm-split.js', loader, PART_DIGITS);
rmSync(loaderFile);
writeFileSync(join(parts, loaderName), loader);

const indexFile = join(dir, 'index.html');
let index = readFileSync(indexFile, 'utf8');
const preloads = index.match(/<link\b[^>]*\/snippets\/wasm-split\/[^>]*>/g) ?? [];
const loaderLink = preloads.filter((l) => l.includes('/__wasm_split.js'));
if (loaderLink.length !== 1) throw new Error(`split-pages: expected trunk's one preload of the loader in index.html, found ${loaderLink.length}`);
for (const link of preloads) {
  index = index.replace(link, link === loaderLink[0]
    ? link.replace('/__wasm_split.js', `/${loaderName}`).replace(/sha384-[A-Za-z0-9+/=]+/, `${sri(loader)}`)
    : '');
}

// Prepended to trunk's boot module (deploy/externalize-boot.mjs then moves it to a file): it runs as
// soon as the bindings have arrived, before their `await init(...)` of the main wasm.
const publicUrl = process.env.TRUNK_PUBLIC_URL || '/';
const shipped = (files) => files.map((f) => renamed.get(f));
// One file of a page's parts: a line of JSON naming each part and its length, then their bytes.
const fileOfParts = (page, files) => {
  const bytes = files.map((f) => readFileSync(join(parts, f)));
  const head = Buffer.from(`${JSON.stringify(files.map((f, i) => [f, bytes[i].length]))}\n`);
  const contents = Buffer.concat([head, ...bytes]);
  const name = hashedName(`parts_${page}.bin`, contents, PART_DIGITS);
  writeFileSync(join(parts, name), contents);
  return name;
};
const byAddress = Object.entries(PAGES).filter(([, at]) => typeof at === 'string')
  .map(([page, at]) => [at, fileOfParts(page, shipped(pageFiles[page]))]);
// A part's file holds only what its page has not asked for already.
const byPart = Object.entries(PAGES).filter(([, at]) => at.of)
  .map(([part, { of }]) => [part, fileOfParts(part, shipped(pageFiles[part].filter((f) => !pageFiles[of].includes(f))))]);
// b: asks for a file of parts and hands it to the loader's `unpack`, which reads it into { name: compiled
// module } for the loader's `part` ({} if it does not arrive, 0 for a part that is not as built or does not
// compile: each such part is then fetched alone, and fails or not on its own). The loader is imported
// here rather than its checks copied in: it carries the digest the parts are checked against, and it
// is coming anyway (the bindings import it; index.html preloads it with its integrity digest).
const loaderAddress = `${publicUrl}snippets/wasm-split/${loaderName}`;
const early = `{const p=location.pathname.replace(/\\/+$/,""),f=${JSON.stringify(Object.fromEntries(byAddress))},g=${JSON.stringify(Object.fromEntries(byPart))},`
  + `b=n=>{n&&(window.storyreelBundles??=[]).push(Promise.all([import(${JSON.stringify(loaderAddress)}),fetch(${JSON.stringify(`${publicUrl}snippets/wasm-split/`)}+n).then(r=>{if(!r.ok)throw 0;return r.arrayBuffer()})])`
  + '.then(([l,a])=>l.unpack(a)).catch(()=>({})))};'
  + 'for(const [r,n] of Object.entries(f))if(new RegExp(r).test(p))b(n);'
  + 'window.storyreelPreloadPart=k=>{b(g[k]);g[k]=0};for(const k of window.storyreelBoot?.wanted??[])storyreelPreloadPart(k)}';
const boot = /(<script\b(?![^>]*\bsrc=)[^>]*\btype=["']?module["']?[^>]*>)/;
if (!boot.test(index)) throw new Error('split-pages: no inline boot module in index.html');
index = index.replace(boot, `$1${early}`);

const glue = readFileSync(glueFile, 'utf8');
const from = 'from "./snippets/wasm-split/__wasm_split.js"';
if (!glue.includes(from)) throw new Error(`split-pages: ${glueName} does not import ${from}`);
const linked = glue.split(from).join(`from "./snippets/wasm-split/${loaderName}"`);
if (!index.includes(sri(glue))) throw new Error(`split-pages: index.html has no integrity digest of ${glueName}`);
index = index.split(sri(glue)).join(sri(linked));
writeFileSync(glueFile, linked);
writeFileSync(indexFile, index);
console.log(`split-pages: ${wasmNames.length} parts, ${total} B of wasm, loader ${loaderName}`);
