#!/usr/bin/env bash
# Ads benchmarks (docs/benchmarks.md): a release `souk` with the demo plus 10,000 ads for the
# first demo shop, then
#   1. `souk-load gateway --operation getMyAds` signed in as that shop (pages 1-40 of its active
#      ads and the first page of every other status), DURATION seconds;
#   2. `souk-load publish`: ADS ads of 8 photos of 4000 x 3000 by a demo private seller, one
#      after the other, with the server's peak resident memory.
# Loopback only; every step is bounded and the server is stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p souk-http -p souk-load-tests
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
trap 'kill -TERM ${pid:-0} 2>/dev/null; wait ${pid:-0} 2>/dev/null; rm -rf "$data"' EXIT
./target/release/souk seed --demo --shop-ads "${SHOP_ADS:-10000}" --data-dir "$data" 2>&1 | tee "$data/seed.log"
shop=$(grep -o 'sign in with [^)]*' "$data/seed.log" | tail -1 | cut -d' ' -f4)
SOUK_LOG__LEVEL=warn ./target/release/souk serve --port "$port" --data-dir "$data" >"$data/souk.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
./target/release/souk-load gateway --url "http://127.0.0.1:$port" --operation getMyAds --login "$shop" \
  --connections "${CONNECTIONS:-16}" --duration "${DURATION:-20}"
./target/release/souk-load publish --url "http://127.0.0.1:$port" --login "${SELLER:-0608573663}" \
  --photos 8 --width 4000 --height 3000 --ads "${ADS:-5}" --pid "$pid"
