#!/usr/bin/env python3
"""Fuzzes `outbox serve`'s API against the OpenAPI document it serves, with
schemathesis (a property-based API tester from PyPI; none of outbox's code
wrote it), on SQLite and, when OUTBOX_TEST_PG names a server, PostgreSQL.

Usage: python3 dev/check_serve.py path/to/outbox [--max-time SECONDS]

For every route schemathesis generates requests from the document (valid
ones, and invalid ones that must be refused with a 4xx) and fails the check
on a 5xx, a status the document does not list, an answer that does not
match the document's schema or content type, or an invalid request that
was accepted. Every route is tested. `sub test` sends a request to the
subscription's endpoint, so it is left out of the fuzzing (whose endpoints
are arbitrary hosts) and checked here instead against a receiver on
loopback, its answers held to the document's schemas.
"""

import http.server
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from devvenv import python_with  # noqa: E402

CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_schema_conformance",
        "negative_data_rejection",
    ]
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def outbox(binary, db, *args, stdin=None):
    env = dict(os.environ, OUTBOX_DB=db)
    env.pop("OUTBOX_SERVE_TOKEN", None)
    done = subprocess.run(
        [binary, *args, "--json"], env=env, input=stdin, capture_output=True, text=True
    )
    if done.returncode != 0:
        sys.exit(f"outbox {' '.join(args)} failed: {done.stdout}{done.stderr}")
    return json.loads(done.stdout) if done.stdout.strip() else None


def seed(binary, db):
    """Subscriptions, events and deliveries in every state, so reads find data."""
    outbox(binary, db, "sub", "create", "--client", "billing", "--types", "order.*", "--any-target", "--max-attempts", "1")
    outbox(binary, db, "sub", "create", "--client", "audit", "--types", "*", "--any-target")
    for n in range(5):
        outbox(binary, db, "event", "record", "--type", "order.created", "--subject", f"order-{n}")
    first = outbox(binary, db, "delivery", "claim", "--worker", "w")["delivery"]["deliveryId"]
    outbox(binary, db, "delivery", "complete", first, "--worker", "w")
    second = outbox(binary, db, "delivery", "claim", "--worker", "w")["delivery"]["deliveryId"]
    outbox(binary, db, "delivery", "fail", second, "--worker", "w", "--error", "boom")
    outbox(binary, db, "delivery", "claim", "--worker", "w")


def start(binary, db, relay_db):
    port = free_port()
    env = dict(os.environ, OUTBOX_DB=db)
    env.pop("OUTBOX_SERVE_TOKEN", None)
    log = tempfile.TemporaryFile()
    child = subprocess.Popen(
        [binary, "serve", "--listen", f"127.0.0.1:{port}", "--relay-from", relay_db],
        env=env,
        stderr=log,
    )
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return child, port, log
        except OSError:
            time.sleep(0.05)
    child.kill()
    sys.exit("outbox serve did not listen")


def fuzz(schemathesis, port, max_time, label, workdir):
    url = f"http://127.0.0.1:{port}/api/v1/openapi.json"
    done = subprocess.run(
        [
            schemathesis, "run", url,
            "--checks", CHECKS,
            "--exclude-operation-id", "testSubscription",
            "--max-time", str(max_time),
            "--workers", "2",
            "--suppress-health-check", "all",
            "--no-color",
        ],
        capture_output=True,
        text=True,
        # Where it keeps its own files (.schemathesis/), not the checkout.
        cwd=workdir,
    )
    out = done.stdout + done.stderr
    selected = re.search(r"Selected: (\d+)/(\d+)", out)
    tested = re.search(r"Tested: (\d+)", out)
    print(f"   {label}: " + " ".join(out.strip().splitlines()[-1:]))
    if done.returncode != 0:
        print(out)
        sys.exit(f"schemathesis found failures on {label}")
    if not (selected and tested and int(tested.group(1)) == int(selected.group(1))):
        print(out)
        sys.exit(f"schemathesis did not test every route on {label}")
    return int(tested.group(1))


class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length", 0)))
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"ok": true}')

    def log_message(self, *args):
        pass


def check_sub_test(python, port, binary, db):
    """`POST /subscriptions/{subId}/test` to a receiver on loopback: its
    answers (taken and refused) match the document's schemas."""
    receiver = http.server.HTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    endpoint = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
    sub = outbox(binary, db, "sub", "create", "--client", "hooks", "--types", "t", "--transport", "webhook", "--endpoint", endpoint)["subscription"]["subId"]
    base = f"http://127.0.0.1:{port}/api/v1"
    cases = [
        (f"{base}/subscriptions/{sub}/test", {"type": "t"}, 200),
        (f"{base}/subscriptions/sub_nope/test", {}, 404),
        (f"{base}/subscriptions/{sub}/test", {"record": "yes"}, 400),
    ]
    answers = []
    for url, body, status in cases:
        request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(request) as reply:
                got, text = reply.status, reply.read().decode()
        except urllib.error.HTTPError as e:
            got, text = e.code, e.read().decode()
        if got != status:
            sys.exit(f"sub test: {url} {body}: {got}, not {status}: {text}")
        answers.append((str(status), json.loads(text)))
    receiver.shutdown()
    document = json.loads(urllib.request.urlopen(f"{base}/openapi.json").read())
    script = """
import json, sys
import jsonschema_rs
document, answers = json.load(sys.stdin)
def resolved(schema):
    if isinstance(schema, dict):
        if "$ref" in schema:
            return resolved(document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]])
        return {k: resolved(v) for k, v in schema.items()}
    if isinstance(schema, list):
        return [resolved(v) for v in schema]
    return schema
op = document["paths"]["/api/v1/subscriptions/{subId}/test"]["post"]
for status, answer in answers:
    schema = resolved(op["responses"][status]["content"]["application/json"]["schema"])
    jsonschema_rs.Draft202012Validator(schema).validate(answer)
"""
    done = subprocess.run([python, "-c", script], input=json.dumps([document, answers]), capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"sub test answers do not match the document: {done.stderr}")
    print("   sub test: taken, not found and malformed answers match the document")


def run_on(binary, schemathesis, python, db, label, max_time, workdir):
    seed(binary, db)
    relay_db = os.path.join(workdir, f"app-{label}.db")
    outbox(binary, db, "relay", "init", "--from", relay_db, "--create")
    child, port, log = start(binary, db, relay_db)
    try:
        tested = fuzz(schemathesis, port, max_time, label, workdir)
        check_sub_test(python, port, binary, db)
    finally:
        child.terminate()
        child.wait(timeout=30)
    if child.returncode != 0:
        log.seek(0)
        sys.exit(f"outbox serve stopped with {child.returncode}: {log.read().decode()[-2000:]}")
    return tested


def postgres_schema(url):
    """A fresh schema on the server, as the tests make one."""
    schema = f"outbox_check_serve_{os.getpid()}"
    quiet = dict(os.environ, PGOPTIONS="--client-min-messages=warning")
    subprocess.run(["psql", url, "-qc", f"DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema};"], check=True, env=quiet)
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options=-c%20search_path%3D{schema}", schema


def main():
    binary = os.path.abspath(sys.argv[1])
    max_time = 45
    if "--max-time" in sys.argv:
        max_time = int(sys.argv[sys.argv.index("--max-time") + 1])
    python = python_with("schemathesis", "schemathesis>=4,<5")
    if python is None:
        sys.exit("schemathesis could not be installed from PyPI")
    schemathesis = os.path.join(os.path.dirname(python), "schemathesis")
    with tempfile.TemporaryDirectory() as workdir:
        tested = run_on(binary, schemathesis, python, os.path.join(workdir, "outbox.db"), "sqlite", max_time, workdir)
        pg = os.environ.get("OUTBOX_TEST_PG")
        if pg:
            url, schema = postgres_schema(pg)
            try:
                run_on(binary, schemathesis, python, url, "postgres", max_time, workdir)
            finally:
                quiet = dict(os.environ, PGOPTIONS="--client-min-messages=warning")
                subprocess.run(["psql", pg, "-qc", f"DROP SCHEMA IF EXISTS {schema} CASCADE"], env=quiet)
        else:
            print("   PostgreSQL side skipped: OUTBOX_TEST_PG is not set")
    print(f"ok: {tested} routes fuzzed (and sub test checked) with no 5xx and every answer as documented")


if __name__ == "__main__":
    main()
