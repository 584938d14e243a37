# Sourced by the scripts: the tools scripts/setup installed, first on PATH.
# deploy/bin first: its wasm-bindgen splits the release wasm, then runs the real one (it says why).
export PATH="$PWD/deploy/bin:$PWD/e2e/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
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

# The release build of the app: what ships, and what the end-to-end tests and the benchmark load.
# In a target folder of its own: cargo locks its build folder for the whole of a build, and the test
# command builds the app beside the native and browser-test builds (a fresh machine compiles all three).
# The dependencies' source paths stay in the wasm (panic locations): they are named from the registry's
# own folder, not from where this machine keeps it, so the bytes do not depend on CARGO_HOME (a clean
# clone's longer one once added 89 B gzip to the first load) and are shorter everywhere.
build_app() {
  local registry="${CARGO_HOME:-$HOME/.cargo}/registry/src/"
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$registry=" \
    CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}/app" trunk build --release --offline "$@"
}
