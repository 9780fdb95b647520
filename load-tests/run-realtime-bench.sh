#!/usr/bin/env bash
# Real-time benchmark: the same generator (`souk-load chat` and `idle`) against three servers in
# one run — a release `souk serve` on a demo data dir (every message durable before its ack), the
# reference Node socket.io relay, and the minimal WebSocket relay (the ceiling) of
# load-tests/reference/. Bounded: DURATION seconds per measurement (default 10).
# Knobs: CONVERSATIONS (8), RATES ("10000 40000 80000 130000 170000"), DURATION (10), IDLE (19000:
# the most this machine allows, its open-files limit being 20,000 per process).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p souk-http -p souk-load-tests
(cd load-tests/reference && npm install --no-audit --no-fund --loglevel=error >/dev/null)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
data=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done; rm -rf "$data"' EXIT
./target/release/souk seed --demo --ads 300 --data-dir "$data" >/dev/null 2>&1
souk_port=$(free_port); sio_port=$(free_port); ws_port=$(free_port)
SOUK_LOG__LEVEL=warn ./target/release/souk serve --port "$souk_port" --data-dir "$data" >"$data/souk.log" 2>&1 &
souk_pid=$!; pids+=("$souk_pid")
node load-tests/reference/socketio-relay.mjs "$sio_port" 2>/dev/null & sio_pid=$!; pids+=("$sio_pid")
node load-tests/reference/ws-relay.mjs "$ws_port" 2>/dev/null & ws_pid=$!; pids+=("$ws_pid")
for _ in $(seq 1 300); do curl -fsS "http://127.0.0.1:$souk_port/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
sleep 1
load=./target/release/souk-load
for rate in ${RATES:-10000 40000 80000 130000 170000}; do
  for t in souk:$souk_port:$souk_pid socketio:$sio_port:$sio_pid ws:$ws_port:$ws_pid; do
    IFS=: read -r target port pid <<<"$t"
    $load chat --target "$target" --url "http://127.0.0.1:$port" --conversations "${CONVERSATIONS:-8}" \
      --rate "$rate" --duration "${DURATION:-10}" --server-pid "$pid"
  done
done
for t in souk:$souk_port:$souk_pid socketio:$sio_port:$sio_pid ws:$ws_port:$ws_pid; do
  IFS=: read -r target port pid <<<"$t"
  $load idle --target "$target" --url "http://127.0.0.1:$port" --connections "${IDLE:-19000}" --server-pid "$pid"
done
