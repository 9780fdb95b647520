#!/usr/bin/env bash
# Browser journeys: starts a real `souk serve --demo` on a free loopback port with a fresh
# data dir, runs the client's Playwright tests in Debian's Chromium against it, stops it.
set -euo pipefail
cd "$(dirname "$0")/.."

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
log="$data/souk.log"
SOUK_DEMO__ADS=${SOUK_E2E_ADS:-600} ./target/debug/souk serve --demo --port "$port" --data-dir "$data" >"$log" 2>&1 &
pid=$!
stop() { kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap stop EXIT

for _ in $(seq 1 600); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "souk exited:" >&2; cat "$log" >&2; exit 1; fi
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "souk not ready:" >&2; cat "$log" >&2; exit 1; }

(cd client && BASE_URL="http://127.0.0.1:$port" CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium} npm run e2e)
