// The build's versions that must agree, checked before cargo starts (Trunk.toml's pre_build hook) and at
// the end of scripts/setup, so a mismatch stops the build at once with every version named, instead of
// after cargo's build, when trunk finds the wasm-bindgen CLI is not Cargo.lock's (docs/build.md has both
// messages), or at the splitter or in the browser for wasm-split.
// - wasm-bindgen: the crate in Cargo.lock, Trunk.toml's [tools] wasm_bindgen if set, and the CLI on PATH
//   (the real one, past deploy/bin) must be one version: the CLI reads the schema the crate's macros wrote.
// - wasm_split: the helpers crate in Cargo.lock (leptos' wasm_split, which stamps the wasm with its format)
//   and the wasm-split-cli cargo installed (the crate wasm_split_cli_support, which reads that stamp and
//   refuses one it does not know). The two are released apart from one repository (the newest helpers are
//   0.2.3, the newest cli 0.2.4), so they need not be equal: the same 0.x series, the cli no older.
// Run from the repository's root (trunk runs its hooks there). CARGO_HOME says where cargo installs.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const lock = readFileSync('Cargo.lock', 'utf8');
/** The one version of `name` in Cargo.lock, or undefined. */
const locked = (name) => {
  const found = [...lock.matchAll(/^\[\[package\]\]\nname = "([^"]+)"\nversion = "([^"]+)"/gm)].filter((m) => m[1] === name);
  if (found.length > 1) fail(`Cargo.lock holds ${found.length} versions of ${name}: ${found.map((m) => m[2]).join(', ')}`);
  return found[0]?.[2];
};
const tools = readFileSync('Trunk.toml', 'utf8').split(/^(?=\[)/m).find((section) => section.startsWith('[tools]'));
const trunkTool = tools?.match(/^wasm_bindgen\s*=\s*"([^"]+)"/m)?.[1];

// The first executable `name` on PATH, deploy/bin's wrappers passed over.
const wrappers = resolve(dirname(fileURLToPath(import.meta.url)), 'bin');
const onPath = (name) => process.env.PATH.split(delimiter)
  .filter((dir) => dir && resolve(dir) !== wrappers)
  .map((dir) => join(dir, name))
  .find((path) => { try { accessSync(path, constants.X_OK); return true; } catch { return false; } });

const bindgenPath = onPath('wasm-bindgen');
const bindgenCli = bindgenPath && execFileSync(bindgenPath, ['--version'], { encoding: 'utf8' }).trim().split(/\s+/)[1];

// wasm-split-cli has no --version: its version is the one cargo recorded when it installed it.
const cargoHome = process.env.CARGO_HOME || join(homedir(), '.cargo');
let splitCli;
let splitCliNote = '';
const splitPath = onPath('wasm-split-cli');
if (!splitPath) {
  splitCliNote = ' (not on PATH)';
} else if (realpathSync(splitPath) !== join(realpathSync(cargoHome), 'bin', 'wasm-split-cli')) {
  splitCliNote = ` (${splitPath} is not the one cargo installed in ${cargoHome}/bin: its version is unknown)`;
} else {
  let installs = {};
  try {
    installs = JSON.parse(readFileSync(join(cargoHome, '.crates2.json'), 'utf8')).installs;
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
  const [key] = Object.entries(installs).find(([, v]) => v.bins?.includes('wasm-split-cli')) ?? [];
  const [crate, version] = key?.split(' ') ?? [];
  if (crate === 'wasm_split_cli_support') splitCli = version;
  else splitCliNote = ` (cargo's record in ${cargoHome}/.crates2.json names no wasm_split_cli_support for it)`;
}

const bindgen = locked('wasm-bindgen');
const helpers = locked('wasm_split_helpers');
const rows = [
  ['wasm-bindgen in Cargo.lock', bindgen, bindgen !== undefined],
  ...(trunkTool ? [['wasm-bindgen in Trunk.toml [tools]', trunkTool, trunkTool === bindgen]] : []),
  [`wasm-bindgen CLI (${bindgenPath ?? 'not on PATH'})`, bindgenCli, bindgenCli === bindgen],
];
if (helpers !== undefined) {
  rows.push(['wasm_split_helpers in Cargo.lock', helpers, true]);
  rows.push([`wasm-split-cli (wasm_split_cli_support)${splitCliNote}`, splitCli, splitCli !== undefined && compatible(splitCli, helpers)]);
}
const table = rows.map(([what, version, ok]) => `  ${ok ? '  ' : '✗ '}${what}: ${version ?? 'unknown'}`).join('\n');
if (rows.some(([, , ok]) => !ok)) {
  fail(`the build's tool versions disagree (✗):\n${table}\n`
    + 'wasm-bindgen: the CLI and Trunk.toml must equal Cargo.lock; wasm-split-cli: the helpers\' 0.x series, no older.\n'
    + 'scripts/setup installs what Cargo.lock names; docs/build.md has the upgrade checklist.');
}
console.log(`check-versions: wasm-bindgen ${bindgen}${helpers ? `, wasm_split helpers ${helpers} / cli ${splitCli}` : ''}`);

/** The cli reads what helpers of its 0.x series write, up to its own version. */
function compatible(cli, helper) {
  const [c, h] = [cli, helper].map((v) => v.split('.').map(Number));
  return c[0] === h[0] && c[1] === h[1] && c[2] >= h[2];
}

function fail(why) {
  console.error(`deploy/check-versions.mjs: ${why}`);
  process.exit(1);
}
