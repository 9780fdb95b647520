#!/usr/bin/env bash
# Order alerts benchmark (docs/benchmarks.md "Order alerts (issue 23)"): for each rate of
# RATES, a fresh release `souk serve --demo` (a new temporary data dir, seeded on start) on a
# free loopback port, then `souk-load orders`: the demo's first e-commerce shop owner's socket
# receives `order:new` while BUYERS registered buyers place cash-on-delivery orders of ONE
# product (every checkout reserves stock on the same row) at the rate, open loop, for
# DURATION s after WARMUP s. The first rate is the target's (p99 alert latency < 100 ms at 200
# checkouts/s); the higher ones look for the ceiling of checkouts with contention on one
# product. A fresh server per rate: every order stays open (PENDING, with its workflow actor
# and its e-mail in the outbox), so a shared server would carry the earlier runs' tens of
# thousands of orders into the next one.
# Bounded: each run stops by itself (the generator's own bound, and `timeout` around it), the
# wait for each server is bounded, each server is stopped and its data removed.
# Knobs: RATES ("200 1000 2000 3000 4000"), DURATION (20), WARMUP (2), BUYERS (50), SKIP_BUILD=1
# to use the release binaries as they are.
set -euo pipefail
cd "$(dirname "$0")/.."
rates=(${RATES:-200 1000 2000 3000 4000})
duration=${DURATION:-20}
warmup=${WARMUP:-2}
buyers=${BUYERS:-50}
bin=./target/release
if [ "${SKIP_BUILD:-0}" = 1 ]; then
  for b in souk souk-load; do [ -x "$bin/$b" ] || { echo "$bin/$b is missing (SKIP_BUILD=1)" >&2; exit 2; }; done
else
  cargo build --release -p souk-http -p souk-load-tests
fi
pid=
data=
# Stops the server (at most 15 s: in-flight requests, then the store's flush), then removes its data.
stop_server() {
  if [ -n "$pid" ]; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 75); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=
  fi
  [ -n "$data" ] && rm -rf "$data"
  data=
}
trap stop_server EXIT
# Starts a fresh server with the demo on a free port (sets pid, data, port); waits at most 120 s.
start_server() {
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  data=$(mktemp -d)
  SOUK_LOG__LEVEL=warn "$bin/souk" serve --demo --port "$port" --data-dir "$data" >"$data/souk.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return 0; sleep 0.2; done
  echo "souk is not ready after 120 s:" >&2
  tail "$data/souk.log" >&2
  return 1
}
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

summary=()
failed=0
k=0
for rate in "${rates[@]}"; do
  k=$((k + 1))
  echo "== [$k/${#rates[@]}] a fresh souk serve --demo; then $rate checkouts/s for $duration s (+$warmup s warm-up), $buyers buyers"
  start_server
  [ "$k" = 1 ] && { grep -E '^ +ecommerce ' "$data/souk.log" | sed 's/^ */   demo: /' || true; }
  echo "   load average $(cut -d' ' -f1-3 /proc/loadavg)"
  if out=$(timeout -k 5 $((warmup + duration + 200)) "$bin/souk-load" orders --url "http://127.0.0.1:$port" \
      --rate "$rate" --duration "$duration" --warmup "$warmup" --buyers "$buyers" --server-pid "$pid"); then
    status=ok
  else
    status="exit $?"
    # The target rate must pass; above it, errors and missing alerts are what a ceiling looks like.
    [ "$k" = 1 ] && failed=1
  fi
  echo "$out"
  peak=$(grep VmHWM "/proc/$pid/status" 2>/dev/null | tr -s ' ' | cut -d' ' -f2- || true)
  summary+=("$rate/s ($status, load $(cut -d' ' -f1 /proc/loadavg), server peak $peak): $(echo "$out" | grep '^orders Souk:' || echo 'no result')")
  stop_server
done
echo "== summary (load average after: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%s\n' "${summary[@]}"
exit "$failed"
