// Trunk post-build hook: index.html's style sheets served as one file. The sources stay apart in
// style/ (tokens, layout, components, video: one concern each), but four files cost the first load
// four requests on a slow link and 0.9 KB of gzip (each compresses alone: 4,438 B against 3,534 B
// for the same text in one). Trunk 0.21 bundles no CSS, so this joins what it built, in the order
// index.html links them, and points index.html at the result with its integrity digest.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { attr, hashedName, sri, stagingDir } from './staged.mjs';

const dir = stagingDir('join-styles');

const indexFile = join(dir, 'index.html');
const index = readFileSync(indexFile, 'utf8');
// Trunk writes `<link rel="stylesheet" href="/name-<hash>.css" integrity=…>`, attributes quoted or
// not (release builds minify index.html).
const sheet = /<link\b[^>]*\bhref="?\/([\w.-]+\.css)"?[^>]*>/g;
const links = [...index.matchAll(sheet)];
if (links.length === 0) throw new Error('join-styles: index.html links no style sheet');
if (links.some((l) => !/\brel="?stylesheet\b/.test(l[0]))) throw new Error('join-styles: a .css link is not a style sheet');

const css = links.map((l) => readFileSync(join(dir, l[1]), 'utf8')).join('\n');
const name = hashedName('style.css', css);
const link = `<link rel=stylesheet href=${attr(`/${name}`)} integrity=${attr(sri(css))}>`;
let first = true;
const joined = index.replace(sheet, () => (first ? ((first = false), link) : ''));
writeFileSync(join(dir, name), css);
for (const l of links) unlinkSync(join(dir, l[1]));
writeFileSync(indexFile, joined);
console.log(`join-styles: ${links.map((l) => l[1]).join(' + ')} -> ${name} (${css.length} B)`);
