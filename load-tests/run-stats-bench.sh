#!/usr/bin/env bash
# Live statistics benchmark (docs/benchmarks.md "Live statistics"): a release `souk` seeded with
# the demo plus a shop of STATS_ADS ads and a year of statistics history
# (`souk seed --demo --stats-shop N`), then `souk-load stats`: DURATION seconds of real view
# events (collectPerformanceEvent from a browser, a fresh visitor each) over CONNECTIONS
# keep-alive connections to VIEWED_ADS of the shop's active ads while the owner's Socket.IO
# connection receives `stats:update`; then QUERIES runs each of the shop's 30-day and all-time
# statistics (p50/p99). Loopback only; every step is bounded and the server is stopped at the end.
# Knobs: STATS_ADS (5000), VIEWED_ADS (200), CONNECTIONS (64), DURATION (20), QUERIES (200),
# EPHEMERAL (memory | redis: the 30-minute repeat-view keys in Redis on 127.0.0.1:6379),
# SKIP_BUILD=1 to use the binaries as they are.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${SKIP_BUILD:-0}" = 1 ] || cargo build --release -p souk-http -p souk-load-tests
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
trap 'kill -TERM ${pid:-0} 2>/dev/null; wait ${pid:-0} 2>/dev/null; rm -rf "$data"' EXIT
echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
echo "== seeding the demo and a statistics shop of ${STATS_ADS:-5000} ads"
timeout 900 ./target/release/souk seed --demo --ads 200 --stats-shop "${STATS_ADS:-5000}" --data-dir "$data" 2>&1 \
  | tee "$data/seed.log" | grep -E '^(history|shop|demo: statistics)' || true
line=$(grep 'demo: statistics shop' "$data/seed.log")
shop=$(echo "$line" | grep -o 'sign in with [^ ]*' | cut -d' ' -f4)
store=$(echo "$line" | grep -o 'store [0-9]*' | cut -d' ' -f2)
echo "== serving (ephemeral store: ${EPHEMERAL:-memory})"
# Every view comes from this one address: the once-per-address-per-day rule is off for the run.
SOUK_LOG__LEVEL=warn SOUK_EPHEMERAL__BACKEND="${EPHEMERAL:-memory}" SOUK_STATS__COUNT_VIEWS_PER_ADDRESS=false \
  ./target/release/souk serve --port "$port" --data-dir "$data" >"$data/souk.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
timeout $(( ${DURATION:-20} + 300 )) ./target/release/souk-load stats --url "http://127.0.0.1:$port" \
  --login "$shop" --store-id "$store" --ads "${STATS_ADS:-5000}" --viewed-ads "${VIEWED_ADS:-200}" \
  --connections "${CONNECTIONS:-64}" --duration "${DURATION:-20}" --queries "${QUERIES:-200}"
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg); server peak memory: $(grep VmHWM /proc/$pid/status | tr -s ' ' | cut -d' ' -f2-)"
