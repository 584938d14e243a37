# Sourced by scripts/test: runs its stages, in the foreground or side by side, each with its own log
# and time, and ends with one table of stage times and one line counting every test.

stage_logs=$(mktemp -d)
stage_names=()
declare -A stage_seconds=() stage_result=() stage_pid_name=()
# Every stage of scripts/test at once (the four browser runs, native, two end-to-end runs, the
# budget): the browser runs are mostly waiting, and fill what the release build leaves idle.
max_jobs=${TEST_JOBS:-8}

note_stage() { stage_names+=("$1"); stage_seconds[$1]=$2; stage_result[$1]=$3; }

# A stage in the foreground, output shown as it comes; a failure ends the run after the table.
stage() {
  local name=$1 start=$SECONDS rc=0
  shift
  echo "-- $name: $*"
  # Kept in a log as well, for the closing count of tests.
  "$@" 2>&1 | tee "$stage_logs/$name.log" || rc=$?
  note_stage "$name" $((SECONDS - start)) "$rc"
  [ "$rc" = 0 ] || { stop_background; summary; exit "$rc"; }
}

# A process and everything it started, children first.
kill_tree() {
  local child
  for child in $(pgrep -P "$1"); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

# Ends the background stages (their simulators, web servers and browsers too) when the run stops early.
stop_background() {
  local pid
  for pid in "${!stage_pid_name[@]}"; do kill_tree "$pid"; done
}

# Like `stage`, for a function whose standard output is the stage's answer.
stage_quiet() {
  local name=$1 start=$SECONDS rc=0 out
  shift
  echo "-- $name" >&2
  out=$("$@") || rc=$?
  note_stage "$name" $((SECONDS - start)) "$rc"
  [ "$rc" = 0 ] || { summary >&2; exit "$rc"; }
  # The array and maps above live in this subshell only: hand the figures back through a file.
  printf '%s %s %s\n' "$name" $((SECONDS - start)) "$rc" >>"$stage_logs/quiet"
  printf '%s\n' "$out"
}

# A stage in the background (at most $max_jobs at once), its output kept for `finish`.
start_in_background() {
  local name=$1
  shift
  # Polls rather than `wait -n`, which would reap a job before `finish` reads its end.
  while [ "$(jobs -rp | wc -l)" -ge "$max_jobs" ]; do sleep 1; done
  echo "-- $name (in the background): $*"
  (
    start=$SECONDS
    rc=0
    "$@" >"$stage_logs/$name.log" 2>&1 || rc=$?
    echo "$((SECONDS - start)) $rc" >"$stage_logs/$name.done"
    exit "$rc"
  ) &
  stage_pid_name[$!]=$name
}

# A background stage that has ended (its pid reaped): its time and result noted, its output printed.
# Answers its exit status; a failure also fails the whole run at the end (`finish`).
stages_failed=0
ended() {
  local pid=$1 name secs rc
  name=${stage_pid_name[$pid]}
  unset "stage_pid_name[$pid]"
  read -r secs rc <"$stage_logs/$name.done" || { secs=0; rc=1; }
  note_stage "$name" "$secs" "$rc"
  echo "==== $name: $([ "$rc" = 0 ] && echo ok || echo "FAILED ($rc)") in ${secs} s"
  cat "$stage_logs/$name.log"
  [ "$rc" = 0 ] || stages_failed=1
  return "$rc"
}

# Waits for one background stage; its failure ends the run as `stage`'s does, or with --keep-going
# only at the end, as `finish` does.
wait_stage() {
  local name=$1 keep_going=${2:-} pid rc=0
  for pid in "${!stage_pid_name[@]}"; do [ "${stage_pid_name[$pid]}" = "$name" ] && break; done
  [ "${stage_pid_name[$pid]:-}" = "$name" ] || { echo "no background stage $name"; return 1; }
  wait "$pid" || true
  ended "$pid" || rc=$?
  [ "$rc" = 0 ] || [ "$keep_going" = --keep-going ] || { stop_background; summary; exit "$rc"; }
}

# Waits for every background stage, printing each one's output as it ends, then the table.
finish() {
  local pid failed=0
  while [ "${#stage_pid_name[@]}" -gt 0 ]; do
    pid=
    wait -n -p pid "${!stage_pid_name[@]}" || true
    [ -n "$pid" ] || { echo "lost track of the background stages: ${stage_pid_name[*]}"; failed=1; break; }
    ended "$pid" || true
  done
  summary
  rm -rf "$stage_logs"
  [ "$stages_failed" = 0 ] || failed=1
  return "$failed"
}

summary() {
  local name passed=0 failed=0 skipped=0 p f s
  if [ -f "$stage_logs/quiet" ]; then
    while read -r name p f; do note_stage "$name" "$p" "$f"; done <"$stage_logs/quiet"
    rm -f "$stage_logs/quiet"
  fi
  echo
  echo "| stage | seconds | result |"
  echo "|---|---|---|"
  for name in "${stage_names[@]}"; do
    echo "| $name | ${stage_seconds[$name]} | $([ "${stage_result[$name]}" = 0 ] && echo ok || echo FAILED) |"
  done
  echo "| whole run | $SECONDS | |"
  # cargo test and wasm-bindgen-test-runner: "test result: ok. 12 passed; 0 failed; 1 ignored";
  # node --test: "# pass 12", "# fail 0", "# skipped 1".
  read -r p f s < <(cat "$stage_logs"/*.log 2>/dev/null | awk '
    /^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i; if ($(i+1) ~ /^ignored/) s += $i } }
    /^# pass / { p += $3 } /^# fail / { f += $3 } /^# skipped / { s += $3 }
    END { print p + 0, f + 0, s + 0 }')
  echo
  echo "all layers: $p passed, $f failed, $s skipped"
}

# leptos links wasm-streams for streaming server functions storyreel never calls; Cargo.toml patches
# in a stand-in that exports nothing (patches/wasm-streams). If the patch stops applying (a new
# wasm-streams version, say), the real crate and its exports return to the bundle unnoticed.
wasm_streams_patch_applied() {
  local tree
  # Not --offline: on a fresh machine nothing is downloaded yet when this runs first.
  tree=$(cargo tree -i wasm-streams --target wasm32-unknown-unknown --depth 0 2>&1)
  echo "$tree"
  grep -q "($repo/patches/wasm-streams)" <<<"$tree" || { echo "wasm-streams is not the stand-in in patches/wasm-streams"; return 1; }
}

# The browser-test binary (every tests/browser module in one wasm), compiled; prints its path. Its
# tests' names are listed beside it once (`browser_test_names`), not by each of the runs that use it.
browser_test_wasm() {
  local wasm
  wasm=$(cargo test -p storyreel --target wasm32-unknown-unknown --test browser --no-run --message-format=json-render-diagnostics \
    | grep -F '"kind":["test"],"crate_types":["bin"],"name":"browser"' \
    | sed -n 's/.*"executable":"\([^"]*\.wasm\)".*/\1/p' | tail -n1)
  browser_test_names "$wasm" >/dev/null || return
  echo "$wasm"
}

# The names of the tests in browser-test binary $1, one a line: kept in $1.tests, made again when the
# binary is newer (the runner reads the whole 45 MB binary to list them, 1 s of CPU).
browser_test_names() {
  if [ ! "$1.tests" -nt "$1" ]; then
    wasm-bindgen-test-runner "$1" --list --format terse | sed -n 's/: test$//p' >"$1.tests.new" && mv "$1.tests.new" "$1.tests" || return
  fi
  cat "$1.tests"
}

# Browser-test modules that never ask the service (hooks, the dialog's focus): the same under either
# profile, so they run against the default one only.
NO_SERVICE_MODULES=(confirm_dialog hooks load)
# Firefox runs against the alt profile only the tests where the engine itself handles what alt answers
# differently: Retry-After as an HTTP date (Date.parse) read across origins, and media on another origin
# behind signed links (the player, the captions, the upscaled copy, a regenerated cut and whether the
# earlier one is kept). The rest of what alt changes (list and error shapes, ids, timestamps, status
# words) only the app's Rust reads, the same in every engine: Chromium's alt run covers it, and Firefox's
# default run covers those tests in its engine. A module or test named here runs; a new test runs in
# Firefox against the default profile, and here once it depends on such an answer.
FIREFOX_ALT_ONLY=(
  captions
  client::server_errors_rate_limits_and_timeouts_are_told_apart
  revise::a_scene_is_regenerated_by_its_number_with_only_the_changed_prompt_and_the_new_video_follows
  revise::after_a_regeneration_the_versions_are_listed_checked_and_compared_from_the_scene
  revise::upscale_is_one_request_and_the_upscaled_version_appears
  video::a_rate_limit_is_explained_and_honoured
  video::generation_is_watched_to_completion_and_the_video_offered
  video::switching_to_the_upscaled_video_keeps_the_playback_position
)

# Runs the browser tests in one browser against a simulator of its own in one profile, leaving out the
# modules named after the profile, or, after `--only`, running only the modules and tests named. The
# address reaches the tests at run time: the runner serves its working folder, where sim-url.txt is
# written. The tests call /_sim from the runner's page, which the simulator answers only from an origin
# it was given: the runner's port is chosen first, the simulator told its origin (--app-origin), and the
# runner made to serve there (WASM_BINDGEN_TEST_ADDRESS).
run_browser_tests() {
  local wasm=$1 browser=$2 profile=$3 dir named name names skips=() port only=0
  shift 3
  [ "${1:-}" != --only ] || { only=1; shift; }
  # Tests are left out by their exact names: a name's part (--skip's substring, as in `load::` inside
  # `media_load::`) leaves out no other module's test, and a name here that is no module or test is a
  # mistake, said before anything runs.
  names=$(browser_test_names "$wasm") || return
  named=$(for name in "$@"; do
    grep -x -e "$name" -e "$name::.*" <<<"$names" || { echo "no browser-test module or test is named $name" >&2; return 1; }
  done) || return 1
  if [ "$only" = 1 ]; then
    while read -r name; do skips+=(--skip "$name"); done < <(grep -vxF -f <(echo "$named") <<<"$names")
  else
    while read -r name; do [ -z "$name" ] || skips+=(--skip "$name"); done <<<"$named"
  fi
  [ ${#skips[@]} = 0 ] || skips+=(--exact)
  dir=$(mktemp -d)
  port=$(free_port) || return
  start_sim --speed 2000 --profile "$profile" --app-origin "http://127.0.0.1:$port" || return
  # The folder is named now: `dir` is local, gone (unbound, under set -u) when the trap runs.
  trap "kill \$SIM_PID 2>/dev/null; rm -rf '$dir'" EXIT
  echo "$SIM_URL" >"$dir/sim-url.txt"
  cd "$dir" || return
  export WASM_BINDGEN_TEST_WEBDRIVER_JSON="$repo/webdriver.json" WASM_BINDGEN_TEST_TIMEOUT=400
  export WASM_BINDGEN_TEST_ADDRESS=127.0.0.1:$port
  # Chromium's headless shell, as the end-to-end specs use (e2e/lib/harness.js): the same engine
  # without the desktop browser's UI, 22 s of CPU a run against 26 s with the full browser. The program
  # itself, not Debian's /usr/bin wrapper, a shell that starts it without exec: chromedriver, stopped at
  # the end of a run, stopped the shell, and every run left a browser behind.
  if [ "$browser" = chromium ] && [ -x /usr/lib/chromium/chromium-headless-shell ]; then
    node -e 'const w = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      w["goog:chromeOptions"].binary = "/usr/lib/chromium/chromium-headless-shell";
      process.stdout.write(JSON.stringify(w));' "$repo/webdriver.json" >"$dir/webdriver.json"
    WASM_BINDGEN_TEST_WEBDRIVER_JSON=$dir/webdriver.json
  fi
  local driver=(env CHROMEDRIVER="$(command -v chromedriver)")
  [ "$browser" = chromium ] || driver=(env GECKODRIVER="$(command -v geckodriver)")
  "${driver[@]}" wasm-bindgen-test-runner "$wasm" "${skips[@]}" 2>&1 | tee "$dir/out"
  [ "${PIPESTATUS[0]}" = 0 ] || return 1
  # A run that ran nothing (every module skipped, a filter that matched none) tested nothing: it fails.
  ! grep -q '^test result: ok\. 0 passed' "$dir/out" || { echo "no browser test ran"; return 1; }
}

# "PROFILE PATH" for each spec named (all of e2e/specs/ when none are), for `run_e2e`.
e2e_runs() {
  local profile=$1 spec
  shift
  local specs=("${@#e2e/}")
  [ ${#specs[@]} -gt 0 ] || mapfile -t specs < <(cd "$repo/e2e" && ls specs/*.test.js)
  for spec in "${specs[@]}"; do echo "$profile $spec"; done
}

# End-to-end runs against the release build, each argument "PROFILE PATH" (`e2e_runs`): one spec file
# against one simulator profile, each with its own simulator and web server. Files of one profile run
# in groups, one after another in one process sharing node, Playwright and the browser (e2e/profiles.js
# `groups`, e2e/run-specs.js). One queue for both profiles, the longest group first,
# $E2E_FILES_AT_ONCE groups at a time until `widen_e2e` lets one more run at once: a browser run that
# ends gives its share of the cores to the queue then, not to a second queue that waited for all of them.
run_e2e() {
  local out rc=0 log
  cd "$repo/e2e" || return
  out=$(mktemp -d)
  printf '%s\n' "$@" | node profiles.js groups >"$out/queue" || return
  # In the background for its pid: GNU xargs runs one more command at once on each SIGUSR1.
  # No test may hang: each file ends after E2E_TEST_TIMEOUT_MS (run-specs.js, 180 s), its tests with it.
  # A test's own waits end sooner and say what they waited for (e2e/lib/harness.js `until`,
  # Playwright's 30 s); this ends one that waits on nothing. A group's log is named for its first file.
  xargs -P "${E2E_FILES_AT_ONCE:-3}" -L 1 sh -c \
    'log="$0/$1-$(basename "$2").log" profile=$1; shift; SIM_PROFILE=$profile node --test-reporter=tap run-specs.js "$@" >"$log" 2>&1' "$out" <"$out/queue" &
  echo $! >"$stage_logs/e2e.pid"
  wait $! || rc=$?
  rm -f "$stage_logs/e2e.pid"
  for log in "$out"/*.log; do
    echo "# $(basename "$log" .log)"
    cat "$log"
    # A group that passed no test tested nothing (a file alone that does fails itself: useRun).
    if grep -q '^# pass 0$' "$log"; then
      echo "not ok - $(basename "$log" .log) ran no test"
      rc=1
    fi
  done
  rm -rf "$out"
  return "$rc"
}

# One more end-to-end run at once as each of the background stages named ends (in the order they end),
# at most $1 more in all. A stage whose process is gone without writing its .done (killed) has ended too.
widen_e2e_as_each_ends() {
  local more=$1 name still
  shift
  local left=("$@")
  while [ ${#left[@]} -gt 0 ]; do
    still=()
    for name in "${left[@]}"; do
      if [ ! -f "$stage_logs/$name.done" ] && stage_running "$name"; then
        still+=("$name")
      elif [ "$more" -gt 0 ]; then
        widen_e2e
        more=$((more - 1))
      fi
    done
    left=("${still[@]}")
    [ ${#left[@]} -eq 0 ] || sleep 1
  done
}

# Whether the background stage `name` still has a process.
stage_running() {
  local pid
  for pid in "${!stage_pid_name[@]}"; do
    [ "${stage_pid_name[$pid]}" = "$1" ] && kill -0 "$pid" 2>/dev/null && return 0
  done
  return 1
}

# Lets the end-to-end queue run one more at once from now on (none if it has ended).
widen_e2e() {
  local pid=
  for _ in $(seq 50); do
    pid=$(cat "$stage_logs/e2e.pid" 2>/dev/null) && [ -n "$pid" ] && break
    sleep 0.1
  done
  # Only that xargs: SIGUSR1 would end another process the number now names.
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = xargs ] || return 0
  kill -USR1 "$pid"
  # Signals of one kind sent together can arrive as one: the next call's comes later.
  sleep 0.2
}

# The end-to-end specs a change touches, for --quick: a changed spec itself, and the specs e2e/covers.js
# lists for each changed file of the app.
specs_touching_changes() {
  { git diff --name-only HEAD; git ls-files --others --exclude-standard; } | sort -u | (cd "$repo/e2e" && node covers.js)
}
