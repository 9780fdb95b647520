#!/usr/bin/python3
"""SMTP sink for Souk's tests: a real SMTP server on loopback that accepts every message and saves
it, exactly as received, to DIR/<unix_millis>-<n>.eml (with the envelope beside it in
<same name>.envelope.json). Needs Debian's python3-aiosmtpd: run it with /usr/bin/python3.

    /usr/bin/python3 scripts/smtp_sink.py --port 2525 --dir /tmp/mail [--max-seconds 600]

Prints "smtp sink: listening on 127.0.0.1:PORT" once it accepts connections; stops on SIGTERM or
SIGINT, or after --max-seconds so that a sink whose test died does not linger.
"""

import argparse
import itertools
import json
import os
import signal
import sys
import threading
import time

from aiosmtpd.controller import Controller


class SaveToDirectory:
    def __init__(self, directory):
        self.directory = directory
        self.counter = itertools.count(1)
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            name = "%d-%06d" % (time.time() * 1000, next(self.counter))
        content = envelope.original_content or b""
        meta = {"mailFrom": envelope.mail_from, "rcptTos": list(envelope.rcpt_tos)}
        # Envelope first, then the message: a reader that sees the .eml also finds its envelope.
        self._write(name + ".envelope.json", json.dumps(meta).encode("utf-8"))
        self._write(name + ".eml", content)
        return "250 Message accepted for delivery"

    def _write(self, name, data):
        temporary = os.path.join(self.directory, "." + name + ".tmp")
        with open(temporary, "wb") as f:
            f.write(data)
        os.replace(temporary, os.path.join(self.directory, name))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--max-seconds", type=float, default=0, help="stop after this long (0: never)")
    args = parser.parse_args()

    os.makedirs(args.dir, exist_ok=True)
    controller = Controller(SaveToDirectory(args.dir), hostname=args.host, port=args.port)
    controller.start()
    print("smtp sink: listening on %s:%d, saving to %s" % (args.host, args.port, args.dir), flush=True)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait(args.max_seconds if args.max_seconds > 0 else None)
    controller.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
