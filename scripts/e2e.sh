#!/usr/bin/env bash
# Browser journeys: starts a real `souk serve --demo` on a free loopback port with a fresh
# data dir (the development outbox on, so that journeys can read one-time codes; a paid boost
# pack starting 3 seconds after its payment, so that its effect can be seen; every journey's views
# come from this one loopback address, so a view is not also counted once per address a day), runs the
# client's Playwright tests in Debian's Chromium against it, stops it. SOUK_BIN names another
# souk binary (default ./target/debug/souk).
#
# Nothing is skipped here: a demo login that cannot be read from the server's output fails the
# run at once, and the journeys run with E2E_STRICT=1, which turns a missing login into a failure.
# Screenshots are kept in artifacts/e2e/ (E2E_ARTIFACTS overrides; git-ignored), replaced at each
# run; the run fails when a key page's screenshot was not written.
set -euo pipefail
cd "$(dirname "$0")/.."

# The key pages, each in French and Arabic, whose screenshots a passing run must leave.
KEY_SCREENSHOTS=(home-fr home-ar listing-fr listing-ar ad-view-fr ad-view-ar signin-fr signin-ar
  seller-orders-live-fr seller-orders-live-ar seller-products-phone-fr seller-products-phone-ar
  seller-checkout-fr seller-checkout-ar payment-success-fr payment-success-ar boost-fr boost-ar
  boost-success-fr boost-success-ar ad-view-phone-fr ad-view-phone-ar ad-view-photos-phone-fr
  ad-view-photos-phone-ar admin-desk-fr admin-desk-ar admin-desk-phone-fr admin-desk-phone-ar
  ad-form-fr ad-form-ar ad-form-phone-fr ad-form-phone-ar map-fallback-fr map-fallback-ar
  map-fallback-phone-fr map-fallback-phone-ar shop-page-desktop-fr shop-page-desktop-ar
  shop-page-phone-fr shop-page-phone-ar vehicles-home-fr vehicles-home-ar vehicles-home-phone-fr
  vehicles-home-phone-ar real-estate-home-fr real-estate-home-ar real-estate-home-phone-fr
  real-estate-home-phone-ar seller-phone-bar-fr seller-phone-bar-ar credit-simulator-desktop-fr credit-simulator-desktop-ar
  credit-simulator-phone-fr credit-simulator-phone-ar credit-admin-desktop-fr)

artifacts=${E2E_ARTIFACTS:-$PWD/artifacts/e2e}
mkdir -p "$artifacts"
# Last run's screenshots go, so that a page this run did not reach cannot pass for one.
find "$artifacts" -maxdepth 1 -type f -name '*.png' -delete

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
log="$data/souk.log"
souk=${SOUK_BIN:-./target/debug/souk}
SOUK_STATS__COUNT_VIEWS_PER_ADDRESS=false SOUK_PACKS__TEST_START_AFTER_SECONDS=3 SOUK_AUTH__DEV_OUTBOX=true SOUK_DEMO__ADS=${SOUK_E2E_ADS:-600} "$souk" serve --demo --port "$port" --data-dir "$data" >"$log" 2>&1 &
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
# The n-th account of a kind (1 = the first).
demo_login() { awk -v kind="$1" -v n="$2" '$1 == kind && NF >= 4 && ++seen == n { print $(NF-1); exit }' "$log"; }

# Fails the run, loudly, when a login is missing or is not what its name says.
require_login() {
  local name=$1 value=$2 pattern=$3 what=$4
  if [[ -z $value ]]; then
    echo "e2e FAILED: could not read $name ($what) from the output of souk serve --demo; its last lines:" >&2
    tail -n 30 "$log" | sed 's/^/  | /' >&2
    exit 1
  fi
  if ! [[ $value =~ $pattern ]]; then
    echo "e2e FAILED: $name='$value' is not $what" >&2
    exit 1
  fi
}

phone='^0[5-7][0-9]{8}$'
export DEMO_PRIVATE_LOGIN=${DEMO_PRIVATE_LOGIN:-$(demo_login private 1)}
require_login DEMO_PRIVATE_LOGIN "$DEMO_PRIVATE_LOGIN" "$phone" "a private account's phone number"
export DEMO_SHOP_LOGIN=${DEMO_SHOP_LOGIN:-$(demo_login shop 1)}
require_login DEMO_SHOP_LOGIN "$DEMO_SHOP_LOGIN" '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' "a shop's e-mail address"
# The second private account moderates (the journeys sign in as the first): `souk admin grant`
# writes the role beside the running server (SQLite in WAL mode); it applies at the next sign-in.
export DEMO_ADMIN_LOGIN=${DEMO_ADMIN_LOGIN:-$(demo_login private 2)}
require_login DEMO_ADMIN_LOGIN "$DEMO_ADMIN_LOGIN" "$phone" "a second private account's phone number"
# The seller centre's journeys (issue 23) sign in as the first demo e-commerce shop.
export DEMO_ECOMMERCE_LOGIN=${DEMO_ECOMMERCE_LOGIN:-$(demo_login ecommerce 1)}
require_login DEMO_ECOMMERCE_LOGIN "$DEMO_ECOMMERCE_LOGIN" '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' "an e-commerce shop's e-mail address"
if [[ $DEMO_ADMIN_LOGIN == "$DEMO_PRIVATE_LOGIN" ]]; then
  echo "e2e FAILED: DEMO_ADMIN_LOGIN must be another account than DEMO_PRIVATE_LOGIN ($DEMO_PRIVATE_LOGIN)" >&2
  exit 1
fi
"$souk" admin grant "$DEMO_ADMIN_LOGIN" --data-dir "$data" 2>&1 | sed 's/^/e2e: /'
# The boosts' journeys (issue 24): the first demo shop pays packs with its points; the second
# holds points that have already expired (ERROR_SOLDE_EXPIRED). `souk credit` writes beside the
# running server, as `admin grant` does.
export DEMO_SHOP2_LOGIN=${DEMO_SHOP2_LOGIN:-$(demo_login shop 2)}
require_login DEMO_SHOP2_LOGIN "$DEMO_SHOP2_LOGIN" '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' "a second shop's e-mail address"
"$souk" credit "$DEMO_SHOP_LOGIN" --balance points --amount 2000 --data-dir "$data" 2>&1 | sed 's/^/e2e: /'
"$souk" credit "$DEMO_SHOP2_LOGIN" --balance points --amount 500 --valid-days 0 --data-dir "$data" 2>&1 | sed 's/^/e2e: /'

status=0
(cd client && E2E_STRICT=1 E2E_ARTIFACTS="$artifacts" BASE_URL="http://127.0.0.1:$port" \
  CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium} npm run e2e) || status=$?

echo "e2e: screenshots in $artifacts"
missing=()
for name in "${KEY_SCREENSHOTS[@]}"; do
  file="$artifacts/$name.png"
  # A PNG starts with these 8 bytes; an empty or truncated file does not count.
  if [[ ! -s $file || $(head -c 8 "$file" | od -An -tx1 | tr -d ' \n') != 89504e470d0a1a0a ]]; then
    missing+=("$name.png")
  fi
done
if ((${#missing[@]} > 0)); then
  echo "e2e FAILED: key page screenshots not written: ${missing[*]}" >&2
  status=1
fi
exit "$status"
