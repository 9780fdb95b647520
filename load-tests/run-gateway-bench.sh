#!/usr/bin/env bash
# Gateway benchmark: a release `souk serve --demo` on a free loopback port with a fresh data
# dir, then `souk-load gateway` for each catalog operation. Bounded: 20 s per operation.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p souk-http -p souk-load-tests
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
SOUK_LOG__LEVEL=warn ./target/release/souk serve --demo --port "$port" --data-dir "$data" >"$data/souk.log" 2>&1 &
pid=$!
trap 'kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 600); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
for op in ${OPERATIONS:-getCategories getCitiesFormattedNext}; do
  ./target/release/souk-load gateway --url "http://127.0.0.1:$port" --operation "$op" \
    --connections "${CONNECTIONS:-32}" --duration "${DURATION:-20}"
done
