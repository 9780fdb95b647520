# Souk — the two commands: `make run` and `make test`. Everything else is a step of them.
SHELL := /bin/bash
CARGO ?= cargo
NPM ?= npm
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: run test client client-deps server server-release lint-rust test-rust test-client test-socketio e2e services bench bench-ads bench-orders clean rules

## make run — build the client and the server, seed the demo on first run, serve on http://127.0.0.1:8080
run: client server-release
	./target/release/souk serve --demo

## make test — install what is missing (Redis, Chromium), then every check and every suite
test: services lint-rust test-rust test-client test-socketio e2e
	@echo "make test: all suites passed"

services:
	@bash scripts/ensure-test-services.sh

client-deps: client/node_modules/.package-lock.json

client/node_modules/.package-lock.json: client/package.json client/package-lock.json
	@bash scripts/ensure-node.sh
	cd client && $(NPM) ci --no-audit --no-fund --loglevel=error

client: client-deps
	cd client && $(NPM) run build

server:
	$(CARGO) build -p souk-http

## The rules and wording the client is built from, written from the server (a test fails when they differ).
rules: server
	./target/debug/souk rules client/src/generated

server-release:
	$(CARGO) build --release -p souk-http

lint-rust:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

test-rust: services
	SOUK_REQUIRE_REDIS=1 SOUK_REQUIRE_SMTP=1 $(CARGO) test --workspace

test-client: client-deps
	cd client && $(NPM) run typecheck && $(NPM) run lint && $(NPM) test

## Socket.IO protocol conformance with the official socket.io-client against `souk socketio-echo`.
test-socketio: server
	@bash scripts/ensure-node.sh
	cd tests/socketio && $(NPM) ci --no-audit --no-fund --loglevel=error && $(NPM) test

## Browser journeys in Debian's Chromium against a real `souk serve --demo`.
e2e: client server services
	bash scripts/e2e.sh

## Throughput and latency of the gateway (see docs/benchmarks.md).
bench: client server-release
	bash load-tests/run-gateway-bench.sh

## Order alerts: checkouts of one product at 200/s and beyond, the owner's order:new latency (see docs/benchmarks.md).
bench-orders:
	bash load-tests/run-orders-bench.sh

## getMyAds for a shop with 10,000 ads; publishing ads of 8 large photos (see docs/benchmarks.md).
bench-ads:
	bash load-tests/run-ads-bench.sh

clean:
	$(CARGO) clean
	rm -rf client/dist client/node_modules
