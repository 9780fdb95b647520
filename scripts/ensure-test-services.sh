#!/usr/bin/env bash
# Installs and starts what the test suites need on a fresh Debian machine, on loopback only:
# a Redis server (when none answers on 127.0.0.1:6379) and Debian's Chromium for browser tests.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then
    echo "installing $*: apt-get update" >&2
    as_root apt-get update -qq
    apt_updated=1
  fi
  echo "installing $*" >&2
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

redis_answers() {
  if command -v redis-cli >/dev/null 2>&1; then
    [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = "PONG" ]
  else
    # No client: speak RESP directly.
    exec 3<>/dev/tcp/127.0.0.1/6379 2>/dev/null || return 1
    printf 'PING\r\n' >&3
    read -r -t 2 reply <&3 || true
    exec 3>&-
    [ "${reply%$'\r'}" = "+PONG" ]
  fi
}

if redis_answers; then
  echo "redis: answering on 127.0.0.1:6379" >&2
else
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  echo "redis: starting on 127.0.0.1:6379" >&2
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
    --logfile /tmp/souk-redis.log
  for _ in $(seq 1 50); do redis_answers && break; sleep 0.1; done
  redis_answers || { echo "redis: did not start (see /tmp/souk-redis.log)" >&2; exit 1; }
fi

if [ -x /usr/bin/chromium ]; then
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null | head -1)" >&2
else
  apt_install chromium
fi

# Debian's aiosmtpd for the SMTP sink of services/tests/notify_smtp.rs (scripts/smtp_sink.py),
# which the test starts itself on a free loopback port. /usr/bin/python3 is Debian's Python.
if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import aiosmtpd' >/dev/null 2>&1; then
  echo "aiosmtpd: available to /usr/bin/python3" >&2
else
  apt_install python3 python3-aiosmtpd
fi

bash "$(dirname "$0")/ensure-node.sh"
