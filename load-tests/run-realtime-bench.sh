#!/usr/bin/env bash
# Real-time benchmark (docs/benchmarks.md "Real-time chat"): the same generator (`souk-load chat`
# and `idle`) against the servers of issue 6 in one run —
#   souk       `souk serve` on a demo data dir (every message durable before its ack);
#   socketio   the reference Node socket.io relay (load-tests/reference/socketio-relay.mjs);
#   ws         the ceiling: `souk-load relay`, a minimal WebSocket relay with no protocol and no
#              storage, on every core (load-tests/src/relay.rs);
#   ws-node    the same wire on Node's one core (load-tests/reference/ws-relay.mjs), the ceiling
#              of earlier runs, kept as a column for comparison (NODE_WS=0 leaves it out).
# Bounded: each measurement stops by itself (DURATION s after a 2 s warm-up; the generator's own
# hard bound, and `timeout` around it), every wait for a server is bounded, the servers are
# stopped on exit and the relay ends by itself after the run's longest possible time.
# Progress: a line per measurement ([k/N] server, rate), the generator's second-by-second
# counters, and a summary of every result line at the end.
# Knobs: CONVERSATIONS (8), RATES ("10000 40000 80000 130000 170000"), DURATION (10), IDLE (19000:
# the most this machine allows, its open-files limit being 20,000 per process), NODE_WS (1),
# PROFILE (release; `debug` for a smoke run with the debug binaries), SKIP_BUILD (0; 1 uses the
# binaries of PROFILE as they are). Smoke run: PROFILE=debug SKIP_BUILD=1 RATES=2000 DURATION=3 IDLE=100.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${PROFILE:-release}
duration=${DURATION:-10}
rates=(${RATES:-10000 40000 80000 130000 170000})
idle=${IDLE:-19000}
case "$profile" in
  release) build=(cargo build --release -p souk-http -p souk-load-tests) ;;
  debug) build=(cargo build -p souk-http -p souk-load-tests) ;;
  *) echo "PROFILE must be release or debug" >&2; exit 2 ;;
esac
bin=./target/$profile
if [ "${SKIP_BUILD:-0}" = 1 ]; then
  for b in souk souk-load; do [ -x "$bin/$b" ] || { echo "$bin/$b is missing (SKIP_BUILD=1)" >&2; exit 2; }; done
else
  "${build[@]}"
fi
echo "== $profile binaries; load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
(cd load-tests/reference && timeout 300 npm install --no-audit --no-fund --loglevel=error >/dev/null)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# Waits (at most 20 s) until something listens on 127.0.0.1:$1.
wait_port() {
  for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.2; done
  echo "nothing listens on port $1 after 20 s" >&2; return 1
}
data=$(mktemp -d)
pids=()
# Stops the servers (waiting at most 10 s for them to go) before removing their data.
stop_servers() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for _ in $(seq 1 50); do
    local alive=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.2
  done
  rm -rf "$data"
}
trap stop_servers EXIT

servers=(souk socketio ws)
[ "${NODE_WS:-1}" = 1 ] && servers+=(ws-node)
# The longest the run can take (every measurement at its bound), for the relay's own end.
lifetime=$(( ${#rates[@]} * ${#servers[@]} * (duration + 95) + ${#servers[@]} * 330 + 1200 ))

echo "== seeding the demo (300 ads)"
timeout 900 "$bin/souk" seed --demo --ads 300 --data-dir "$data" >"$data/seed.log" 2>&1
# The accounts the generator signs in come from a bench population's manifest (the generator
# reads no server code): the demo's sellers first, then bench accounts.
timeout 300 "$bin/souk" seed --bench-users 64 --data-dir "$data" >>"$data/seed.log" 2>&1
declare -A port pid target
for s in "${servers[@]}"; do port[$s]=$(free_port); done
# The generator opens every socket from this one address, and `idle` all of them with one
# account: the socket caps (20 per account, 200 per address by default) are raised for the run.
SOUK_LOG__LEVEL=warn SOUK_REALTIME__SOCKETS_PER_ACCOUNT=$(( idle + 100 )) SOUK_REALTIME__SOCKETS_PER_ADDRESS=$(( idle + 10000 )) \
  "$bin/souk" serve --port "${port[souk]}" --data-dir "$data" >"$data/souk.log" 2>&1 &
pid[souk]=$!; pids+=("$!"); target[souk]=souk
node load-tests/reference/socketio-relay.mjs "${port[socketio]}" 2>/dev/null &
pid[socketio]=$!; pids+=("$!"); target[socketio]=socketio
"$bin/souk-load" relay --port "${port[ws]}" --lifetime "$lifetime" 2>"$data/relay.log" &
pid[ws]=$!; pids+=("$!"); target[ws]=ws
if [ "${NODE_WS:-1}" = 1 ]; then
  node load-tests/reference/ws-relay.mjs "${port[ws-node]}" 2>/dev/null &
  pid[ws-node]=$!; pids+=("$!"); target[ws-node]=ws
fi
echo "== waiting for the servers"
for _ in $(seq 1 300); do curl -fsS "http://127.0.0.1:${port[souk]}/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fsS "http://127.0.0.1:${port[souk]}/readyz" >/dev/null || { echo "souk is not ready after 60 s:" >&2; tail "$data/souk.log" >&2; exit 1; }
for s in "${servers[@]}"; do wait_port "${port[$s]}"; done
sleep 1

summary=()
failed=0
total=$(( ${#rates[@]} * ${#servers[@]} + ${#servers[@]} ))
k=0
# Runs one measurement under its time bound; keeps its result line for the summary.
measure() {
  local name=$1 bound=$2; shift 2
  k=$((k + 1))
  echo "== [$k/$total] $name: $*"
  local out
  if out=$(timeout -k 5 "$bound" "$bin/souk-load" "$@"); then
    echo "$out"
    summary+=("$name: $out")
  else
    echo "   failed (exit $?)"
    summary+=("$name: FAILED")
    failed=1
  fi
}
for rate in "${rates[@]}"; do
  for s in "${servers[@]}"; do
    population=()
    [ "${target[$s]}" = souk ] && population=(--population "$data/bench-population.json")
    measure "$s" $((duration + 90)) chat --target "${target[$s]}" --url "http://127.0.0.1:${port[$s]}" "${population[@]}" \
      --conversations "${CONVERSATIONS:-8}" --rate "$rate" --duration "$duration" --server-pid "${pid[$s]}"
  done
done
for s in "${servers[@]}"; do
  population=()
  [ "${target[$s]}" = souk ] && population=(--population "$data/bench-population.json")
  measure "$s" 330 idle --target "${target[$s]}" --url "http://127.0.0.1:${port[$s]}" "${population[@]}" \
    --connections "$idle" --server-pid "${pid[$s]}"
done
echo "== summary ($profile binaries; load average after: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%s\n' "${summary[@]}"
exit "$failed"
