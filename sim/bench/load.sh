#!/bin/sh
# Measures storyreel-sim: requests per second on GET /api/v1/scene-projects/{id}/status (wrk, loopback) and
# resident memory idle and with 1,000 projects. Usage: sim/bench/load.sh [seconds]   (needs wrk and curl)
set -eu
cd "$(dirname "$0")/../.."
DURATION=${1:-10}
cargo build -q -p storyreel-sim --release
BIN=target/release/storyreel-sim
OUT=$(mktemp)
# Speed 1 keeps approved projects generating for the whole run, the state clients poll in.
"$BIN" --addr 127.0.0.1:0 --speed 1 --user "bench-token:1:100000000:1" > "$OUT" &
PID=$!
trap 'kill $PID 2>/dev/null; rm -f "$OUT"' EXIT
while ! grep -q listening "$OUT"; do sleep 0.1; done
URL=$(sed -n 's/^storyreel-sim listening on //p' "$OUT")
AUTH='Authorization: Bearer bench-token'
rss() { awk '/VmRSS/ {print $2 " kB"}' /proc/$PID/status; }

echo "idle RSS: $(rss)"
create() {
  curl -sf -o /dev/null -X POST "$URL/api/v1/stories/create" -H "$AUTH" -H 'Content-Type: application/json' \
    -d "{\"person_id\": 1, \"story_idea\": \"Benchmark story number $1 about a lighthouse keeper and a whale\", \"num_scenes\": 5}"
}
i=1
while [ $i -le 1000 ]; do
  create $i
  # Every fourth project is approved, so a quarter of them have a running generation.
  if [ $((i % 4)) -eq 0 ]; then
    curl -sf -o /dev/null -X POST "$URL/api/v1/scene-projects/$i/approve" -H "$AUTH" -H 'Content-Type: application/json' -d '{"confirm_credits": true}'
  fi
  i=$((i + 1))
done
echo "RSS with 1000 projects (250 generating): $(rss)"
SIZE=$(curl -sf -o /dev/null -w '%{size_download}' "$URL/api/v1/scene-projects" -H "$AUTH")
echo "RSS after listing all 1000 ($SIZE bytes): $(rss)"

echo "wrk on a generating project's status:"
wrk -t2 -c64 -d"${DURATION}s" -H "$AUTH" "$URL/api/v1/scene-projects/500/status"
echo "RSS after the load: $(rss)"
