// deploy/check-versions.mjs, which stops a build whose tools disagree, run on made-up machines: a
// Cargo.lock, a Trunk.toml, and a CARGO_HOME whose wasm-bindgen and wasm-split-cli say what the test wants.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const checker = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), 'deploy', 'check-versions.mjs');

function check({ lock = '0.2.130', trunk = '0.2.130', cli = '0.2.130', helpers = '0.2.3', splitCli = '0.2.4' } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'storyreel-versions-'));
  try {
    const home = join(root, 'cargo');
    mkdirSync(join(home, 'bin'), { recursive: true });
    const pkg = (name, version) => `[[package]]\nname = "${name}"\nversion = "${version}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n`;
    writeFileSync(join(root, 'Cargo.lock'), `version = 4\n\n${pkg('wasm-bindgen', lock)}\n${pkg('wasm_split_helpers', helpers)}`);
    writeFileSync(join(root, 'Trunk.toml'), `[build]\ntarget = "index.html"\n\n[tools]\n${trunk ? `wasm_bindgen = "${trunk}"\n` : ''}wasm_opt = "version_132"\n`);
    writeFileSync(join(home, 'bin', 'wasm-bindgen'), `#!/bin/sh\necho "wasm-bindgen ${cli}"\n`);
    writeFileSync(join(home, 'bin', 'wasm-split-cli'), '#!/bin/sh\nexit 2\n');
    for (const tool of ['wasm-bindgen', 'wasm-split-cli']) chmodSync(join(home, 'bin', tool), 0o755);
    writeFileSync(join(home, '.crates2.json'), JSON.stringify({
      installs: { [`wasm_split_cli_support ${splitCli} (registry+https://github.com/rust-lang/crates.io-index)`]: { bins: ['wasm-split-cli'] } },
    }));
    const run = spawnSync(process.execPath, [checker], {
      cwd: root, encoding: 'utf8', env: { PATH: join(home, 'bin'), CARGO_HOME: home },
    });
    return { status: run.status, said: run.stdout + run.stderr };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test('versions that agree pass', () => {
  const { status, said } = check();
  assert.equal(status, 0, said);
  assert.match(said, /wasm-bindgen 0\.2\.130, wasm_split helpers 0\.2\.3 \/ cli 0\.2\.4/);
  assert.equal(check({ trunk: undefined }).status, 0, 'Trunk.toml need not name wasm-bindgen');
  assert.equal(check({ splitCli: '0.2.3' }).status, 0, 'the cli equal to the helpers');
});

test('a wasm-bindgen CLI other than Cargo.lock\'s stops the build, naming both', () => {
  const { status, said } = check({ cli: '0.2.129' });
  assert.equal(status, 1, said);
  assert.match(said, /wasm-bindgen in Cargo\.lock: 0\.2\.130/);
  assert.match(said, /✗ wasm-bindgen CLI \([^)]+\): 0\.2\.129/);
});

test('Trunk.toml\'s wasm_bindgen other than Cargo.lock\'s stops the build', () => {
  const { status, said } = check({ trunk: '0.2.131', cli: '0.2.130' });
  assert.equal(status, 1, said);
  assert.match(said, /✗ wasm-bindgen in Trunk\.toml \[tools\]: 0\.2\.131/);
});

test('a wasm-split-cli older than the helpers, or of another series, stops the build', () => {
  for (const splitCli of ['0.2.2', '0.3.0', '0.1.9']) {
    const { status, said } = check({ splitCli });
    assert.equal(status, 1, `${splitCli}: ${said}`);
    assert.match(said, new RegExp(`✗ wasm-split-cli \\(wasm_split_cli_support\\): ${splitCli.replace(/\./g, '\\.')}`));
    assert.match(said, /wasm_split_helpers in Cargo\.lock: 0\.2\.3/);
  }
});
