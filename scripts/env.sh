# Sourced by the scripts: the tools scripts/setup installed, first on PATH.
# deploy/bin first: its wasm-bindgen splits the release wasm, then runs the real one (it says why); then
# deploy's npm packages (binaryen's wasm-opt 132: Debian's 108 breaks the app at load).
export PATH="$PWD/deploy/bin:$PWD/deploy/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

# Starts storyreel-sim (SIM_BIN, else the release build: cargo build -p storyreel-sim --release) on a
# free loopback port with the given flags and sets SIM_URL and SIM_PID. The caller's EXIT trap stops it.
start_sim() {
  local out
  out=$(mktemp)
  "${SIM_BIN:-target/release/storyreel-sim}" --addr 127.0.0.1:0 "$@" >"$out" 2>&1 &
  SIM_PID=$!
  for _ in $(seq 1 100); do
    SIM_URL=$(sed -n 's/^storyreel-sim listening on \(http[^ ]*\).*/\1/p' "$out" | head -n1)
    [ -n "$SIM_URL" ] && return 0
    kill -0 "$SIM_PID" 2>/dev/null || break
    sleep 0.1
  done
  echo "storyreel-sim did not start:" >&2
  cat "$out" >&2
  return 1
}

# Prints a loopback port free now, for a server that must be told its port before it starts (the browser
# tests' runner, whose origin the simulator is given first).
free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# The release build of the app: what ships, and what the end-to-end tests and the benchmark load.
# In a target folder of its own: cargo locks its build folder for the whole of a build, and the test
# command builds the app beside the native and browser-test builds (a fresh machine compiles all three).
# The dependencies' source paths stay in the wasm (panic locations): they are named from the registry's
# own folder, not from where this machine keeps it, so the bytes do not depend on CARGO_HOME (a clean
# clone's longer one once added 89 B gzip to the first load) and are shorter everywhere.
# A build whose inputs are those of the last one, its folder untouched since, is not made again: the
# warm test run spent 11 s of CPU (28 s of wall time on its critical path) remaking the same files.
build_app() {
  local registry="${CARGO_HOME:-$HOME/.cargo}/registry/src/" target="${CARGO_TARGET_DIR:-$PWD/target}/app"
  local dist inputs
  dist=$(app_dist "$@")
  inputs=$(app_build_inputs "$@")
  if [ -f "$target/last-build.key" ] && [ "$(cat "$target/last-build.key")" = "$inputs $(folder_print "$dist")" ]; then
    echo "storyreel: $dist holds the release build of these inputs already"
    return 0
  fi
  rm -f "$target/last-build.key"
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$registry=" \
    CARGO_TARGET_DIR="$target" trunk build --release --offline "$@" || return
  echo "$inputs $(folder_print "$dist")" >"$target/last-build.key"
}

# The folder a build writes: trunk's --dist, else Trunk.toml's.
app_dist() {
  local dist=dist
  while [ $# -gt 0 ]; do
    case $1 in --dist) dist=$2; shift ;; --dist=*) dist=${1#--dist=} ;; esac
    shift
  done
  echo "$dist"
}

# What a release build reads, hashed: its arguments and switches, the tools' versions, and every file of
# the clone, committed or not, but those only tests, documents and the other scripts read.
app_build_inputs() {
  # Outside a git clone the files cannot be listed: a key that matches nothing, so it always builds.
  git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "unlisted-$(date +%s%N)"; return; }
  {
    printf '%s\n' "$*" "${STORYREEL_WASM_NAMES:-}" "${TRUNK_PUBLIC_URL:-}" "$(trunk --version)" \
      "$(wasm-bindgen --version)" "$(wasm-opt --version)" "$(sha256sum "$(command -v wasm-split-cli)")" "$(rustc -V)" "$(node --version)"
    { git ls-files -z -co --exclude-standard -- . ':!e2e' ':!docs' ':!tests' ':!sim' ':!.ci' ':!*.md' ':!scripts'
      git ls-files -z -co -- scripts/env.sh; } | sort -z | xargs -0 sha256sum 2>&1
  } | sha256sum | cut -d' ' -f1
}

# A folder's files, sizes and times, hashed: changed when anything in it is.
folder_print() {
  { [ -d "$1" ] && find "$1" -type f -printf '%P %s %T@\n' | sort; } | sha256sum | cut -d' ' -f1
}
