#!/usr/bin/env bash
# Starts or stops the test SMTP sink (scripts/smtp_sink.py, Debian's python3-aiosmtpd) on
# 127.0.0.1:PORT, saving every message it receives as DIR/<unix_millis>-<n>.eml.
#
#   scripts/smtp-sink.sh start PORT DIR   # returns once the port accepts connections
#   scripts/smtp-sink.sh stop PORT
#
# The Rust test services/tests/notify_smtp.rs starts its own sink; this is for running Souk
# against a sink by hand (MailTransport::Smtp { host = "127.0.0.1", port = PORT, tls = "none" }).
set -euo pipefail

usage() { echo "usage: $0 start PORT DIR | stop PORT" >&2; exit 2; }
[ $# -ge 2 ] || usage
action=$1
port=$2
[[ "$port" =~ ^[0-9]+$ ]] || usage
pidfile="${TMPDIR:-/tmp}/souk-smtp-sink-$port.pid"
logfile="${TMPDIR:-/tmp}/souk-smtp-sink-$port.log"
python=/usr/bin/python3

port_answers() { (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; }

running() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }

case "$action" in
  start)
    [ $# -eq 3 ] || usage
    dir=$3
    if running; then
      echo "smtp sink: already running on 127.0.0.1:$port (pid $(cat "$pidfile"))" >&2
      exit 0
    fi
    if ! "$python" -c 'import aiosmtpd' 2>/dev/null; then
      echo "smtp sink: $python cannot import aiosmtpd (apt-get install python3-aiosmtpd)" >&2
      exit 1
    fi
    if port_answers; then
      echo "smtp sink: something else already listens on 127.0.0.1:$port" >&2
      exit 1
    fi
    mkdir -p "$dir"
    nohup "$python" "$(dirname "$0")/smtp_sink.py" --port "$port" --dir "$dir" >"$logfile" 2>&1 &
    echo $! >"$pidfile"
    for _ in $(seq 1 100); do
      port_answers && { echo "smtp sink: listening on 127.0.0.1:$port, saving to $dir" >&2; exit 0; }
      running || break
      sleep 0.1
    done
    echo "smtp sink: did not start (see $logfile)" >&2
    exit 1
    ;;
  stop)
    if running; then
      pid=$(cat "$pidfile")
      kill "$pid"
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      echo "smtp sink: stopped (pid $pid)" >&2
    else
      echo "smtp sink: not running on port $port" >&2
    fi
    rm -f "$pidfile"
    ;;
  *) usage ;;
esac
