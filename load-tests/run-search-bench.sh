#!/usr/bin/env bash
# Search benchmark (docs/benchmarks.md): a release `souk` with the demo plus SEARCH_ADS
# (default 1,000,000) active ads over every city (`souk seed --demo --search-ads N`, which
# prints the ingest rate), the index size, then `souk-load gateway` for keyword + city +
# category searches (searchKeyword) and filter-only searches (searchFilters) at 1, 10 and 50
# concurrent connections, DURATION seconds each. Loopback only; the server is stopped at the
# end. KEEP_DATA=dir reuses (or keeps) a seeded data dir; SKIP_BUILD=1 uses the release
# binaries already built; SOUK_SEARCH__LISTING_CACHE_MS=0 measures without the listing cache.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${SKIP_BUILD:-}" ] || cargo build --release -p souk-http -p souk-load-tests
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=${KEEP_DATA:-$(mktemp -d)}
mkdir -p "$data"
cleanup() {
  kill -TERM ${pid:-0} 2>/dev/null || true
  wait ${pid:-0} 2>/dev/null || true
  [ -n "${KEEP_DATA:-}" ] || rm -rf "$data"
}
trap cleanup EXIT
if [ ! -f "$data/souk.db" ] && [ ! -f "$data/seeded" ]; then
  ./target/release/souk seed --demo --search-ads "${SEARCH_ADS:-1000000}" --data-dir "$data" 2>&1 | tr '\r' '\n' | grep -v '^ *$' | tail -5
  touch "$data/seeded"
fi
du -sh "$data"/*.db* 2>/dev/null || true
python3 - "$data" <<'PY'
import sqlite3, sys, glob
db = [p for p in glob.glob(sys.argv[1] + "/*.db") if not p.endswith("-wal")][0]
c = sqlite3.connect(db)
try:
    rows = c.execute("SELECT name, sum(pgsize) FROM dbstat WHERE name LIKE 'search_%' OR name LIKE 'listing_%' GROUP BY name ORDER BY 2 DESC").fetchall()
    total = sum(r[1] for r in rows)
    print("listing index: %.1f MB" % (total / 1e6))
    for n, b in rows:
        print("  %-28s %8.1f MB" % (n, b / 1e6))
except Exception as e:
    print("index size: dbstat unavailable (%s)" % e)
print("active ads in the index:", c.execute("SELECT count(*) FROM search_listing").fetchone()[0])
PY
SOUK_LOG__LEVEL=warn ./target/release/souk serve --port "$port" --data-dir "$data" >"$data/souk.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
for op in searchKeyword searchFilters; do
  for c in ${CONNECTIONS:-1 10 50}; do
    echo "== $op, $c connections"
    ./target/release/souk-load gateway --url "http://127.0.0.1:$port" --operation "$op" \
      --connections "$c" --duration "${DURATION:-15}"
  done
done
