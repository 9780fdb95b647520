#!/usr/bin/env bash
# Browser journeys: starts a real `souk serve --demo` on a free loopback port with a fresh
# data dir (the development outbox on, so that journeys can read one-time codes), runs the
# client's Playwright tests in Debian's Chromium against it, stops it. SOUK_BIN names another
# souk binary (default ./target/debug/souk).
set -euo pipefail
cd "$(dirname "$0")/.."

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
log="$data/souk.log"
souk=${SOUK_BIN:-./target/debug/souk}
SOUK_AUTH__DEV_OUTBOX=true SOUK_DEMO__ADS=${SOUK_E2E_ADS:-600} "$souk" serve --demo --port "$port" --data-dir "$data" >"$log" 2>&1 &
pid=$!
stop() { kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap stop EXIT

for _ in $(seq 1 600); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "souk exited:" >&2; cat "$log" >&2; exit 1; fi
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "souk not ready:" >&2; cat "$log" >&2; exit 1; }

# The demo logins, as `souk serve --demo` prints them: "  <kind> <name...> <login> <password>".
demo_login() { awk -v kind="$1" '$1 == kind && NF >= 4 { print $(NF-1); exit }' "$log"; }
export DEMO_PRIVATE_LOGIN=${DEMO_PRIVATE_LOGIN:-$(demo_login private)}
export DEMO_SHOP_LOGIN=${DEMO_SHOP_LOGIN:-$(demo_login shop)}
# The second private account moderates (the journeys sign in as the first): `souk admin grant`
# writes the role beside the running server (SQLite in WAL mode); it applies at the next sign-in.
export DEMO_ADMIN_LOGIN=${DEMO_ADMIN_LOGIN:-$(awk '$1 == "private" && NF >= 4 && ++n == 2 { print $(NF-1); exit }' "$log")}
"$souk" admin grant "$DEMO_ADMIN_LOGIN" --data-dir "$data" 2>&1 | sed 's/^/e2e: /'

(cd client && BASE_URL="http://127.0.0.1:$port" CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium} npm run e2e)
