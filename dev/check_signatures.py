#!/usr/bin/env python3
"""Checks outbox's webhook signatures with the Standard Webhooks reference
library (`standardwebhooks` on PyPI), which outbox's code did not write.

Usage: python3 dev/check_signatures.py path/to/outbox

Installs the library into target/dev-venv on first use, starts a receiver
on 127.0.0.1 that verifies every request with it, points a webhook
subscription (with a rotated secret, so two signatures travel) at the
receiver, runs `outbox work --drain`, and fails unless every delivery was
verified and delivered.
"""

import json
import os
import subprocess
import sys
import tempfile

from devvenv import python_with


RECEIVER = r'''
import http.server, json, sys
from standardwebhooks.webhooks import Webhook
secret = sys.argv[1]
verified = []
class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers["content-length"]))
        headers = {k.lower(): v for k, v in self.headers.items()}
        try:
            payload = Webhook(secret).verify(body, headers)
            print("verified", payload["eventId"], flush=True)
            self.send_response(200)
        except Exception as e:
            print("REFUSED", repr(e), flush=True)
            self.send_response(400)
        self.send_header("content-length", "0")
        self.end_headers()
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
'''


def main():
    outbox = os.path.abspath(sys.argv[1])
    python = python_with("standardwebhooks", "standardwebhooks")
    if python is None:
        print("signature check skipped: standardwebhooks could not be installed from PyPI")
        return
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, OUTBOX_DB=os.path.join(tmp, "outbox.db"))
        env.pop("OUTBOX_NOW", None)

        def run(*args):
            out = subprocess.run([outbox, *args, "--json"], env=env, capture_output=True, text=True)
            if out.returncode != 0:
                sys.exit(f"outbox {' '.join(args)} failed: {out.stderr}")
            return json.loads(out.stdout) if out.stdout.strip() else None

        sub = run("sub", "create", "--client", "receiver", "--types", "order.created",
                  "--any-target", "--transport", "webhook", "--endpoint", "http://127.0.0.1:1/")
        sub_id = sub["subscription"]["subId"]
        old = run("sub", "secret", sub_id)["secret"]
        new = run("sub", "secret", sub_id, "--rotate")["secret"]
        results = {}
        for name, secret in [("old", old), ("new", new)]:
            receiver = subprocess.Popen([python, "-c", RECEIVER, secret], stdout=subprocess.PIPE, text=True)
            port = receiver.stdout.readline().strip()
            run("sub", "update", sub_id, "--endpoint", f"http://127.0.0.1:{port}/hook")
            run("event", "record", "--type", "order.created", "--subject", f"check-{name}",
                "--payload", json.dumps({"total": 42.5, "note": "ü"}))
            subprocess.run([outbox, "work", "--drain", "--timeout", "5s"], env=env, check=True, timeout=60)
            receiver.terminate()
            lines = receiver.stdout.read().splitlines()
            results[name] = lines
            if not lines or not all(line.startswith("verified") for line in lines):
                sys.exit(f"signatures under the {name} secret not verified: {lines}")
        delivered = run("delivery", "list", "--status", "delivered")["count"]
        if delivered != 2:
            sys.exit(f"expected 2 delivered deliveries, found {delivered}")
        print("signatures verified by the standardwebhooks library under both secrets:", results)


if __name__ == "__main__":
    main()
