#!/usr/bin/env python3
"""Checks `outbox relay` against applications that write their outbox rows
with their own database clients, which outbox's code did not write:
Python's `sqlite3` module and `psycopg` (installed into target/dev-venv).

Usage: python3 dev/check_relay.py path/to/outbox

For each pairing (a SQLite application into a SQLite outbox; with
OUTBOX_TEST_PG set, a PostgreSQL application into the same PostgreSQL
database and into a SQLite outbox), the application writes 200
transactions of a business row and an outbox row, every tenth rolled back,
while `outbox relay run` runs; the check then stops the relay (SIGTERM,
exit 0) and fails unless every committed row is exactly one event with one
delivery, and no rolled-back row is any.
"""

import json
import os
import signal
import subprocess
import sys
import tempfile
import time

from devvenv import python_with

APPLICATION = r'''
import json, sys
kind, dsn, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
if kind == "sqlite":
    import sqlite3
    conn = sqlite3.connect(dsn, isolation_level=None, timeout=10)
    conn.execute("CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, total REAL)")
    begin, mark = "BEGIN IMMEDIATE", "?"
else:
    import psycopg
    conn = psycopg.connect(dsn, autocommit=True)
    conn.execute("CREATE TABLE IF NOT EXISTS orders (id bigserial PRIMARY KEY, total float8)")
    begin, mark = "BEGIN", "%s"
committed = []
for n in range(count):
    subject = f"order-{n}"
    conn.execute(begin)
    conn.execute(f"INSERT INTO orders (total) VALUES ({mark})", (n + 0.5,))
    conn.execute(
        f"INSERT INTO outbox (type, subject, payload) VALUES ({mark}, {mark}, {mark})",
        ("order.created", subject, json.dumps({"total": n + 0.5})),
    )
    if n % 10 == 9:
        conn.execute("ROLLBACK")
    else:
        conn.execute("COMMIT")
        committed.append(subject)
print(json.dumps(committed))
'''


def check(outbox, python, name, db, source, env):
    env = dict(env, OUTBOX_DB=db)
    env.pop("OUTBOX_NOW", None)

    def run(*args):
        out = subprocess.run([outbox, *args], env=env, capture_output=True, text=True, timeout=120)
        if out.returncode != 0:
            sys.exit(f"{name}: outbox {' '.join(args)} failed: {out.stderr}")
        return out.stdout

    # A new application's SQLite file: --create makes it.
    run("relay", "init", "--from", source, *([] if source.startswith("postgres") else ["--create"]))
    run("sub", "create", "--client", "billing", "--types", "order.*", "--any-target")
    relay = subprocess.Popen([outbox, "relay", "run", "--from", source], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    kind = "postgres" if source.startswith("postgres") else "sqlite"
    written = subprocess.run([python, "-c", APPLICATION, kind, source, "200"],
                             capture_output=True, text=True, timeout=120)
    if written.returncode != 0:
        relay.kill()
        sys.exit(f"{name}: the application failed: {written.stderr}")
    committed = json.loads(written.stdout)
    deadline = time.time() + 30
    while json.loads(run("relay", "status", "--from", source, "--json"))["waiting"] > 0:
        if time.time() > deadline:
            relay.kill()
            sys.exit(f"{name}: rows still waiting after 30 s")
        time.sleep(0.05)
    relay.send_signal(signal.SIGTERM)
    _, said = relay.communicate(timeout=30)
    if relay.returncode != 0 or said:
        sys.exit(f"{name}: the relay exited {relay.returncode}, saying {said!r}")
    events, deliveries = {}, {}
    for line in run("export").splitlines():
        record = json.loads(line)
        if "event" in record:
            events[record["event"]["eventId"]] = record["event"]["subject"]
        elif "delivery" in record:
            deliveries[record["delivery"]["eventId"]] = deliveries.get(record["delivery"]["eventId"], 0) + 1
    subjects = sorted(events.values())
    if subjects != sorted(committed) or any(deliveries.get(e, 0) != 1 for e in events):
        sys.exit(f"{name}: {len(committed)} rows committed, {len(subjects)} events, "
                 f"lost {sorted(set(committed) - set(subjects))[:5]}, doubled "
                 f"{[s for s in set(subjects) if subjects.count(s) > 1][:5]}")
    print(f"   {name}: {len(committed)} committed rows, {len(subjects)} events, one delivery each; 20 rolled back, none relayed")


def main():
    outbox = os.path.abspath(sys.argv[1])
    python = python_with("psycopg", "psycopg[binary]")
    if python is None:
        print("relay check skipped: psycopg could not be installed from PyPI")
        return
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        check(outbox, python, "sqlite3 application, SQLite outbox",
              os.path.join(tmp, "outbox.db"), os.path.join(tmp, "app.db"), env)
        base = os.environ.get("OUTBOX_TEST_PG")
        if not base:
            print("   PostgreSQL pairings skipped: OUTBOX_TEST_PG is not set")
            return
        import_check = subprocess.run([python, "-c", "import psycopg"], capture_output=True)
        if import_check.returncode != 0:
            sys.exit("psycopg does not import")
        for n, (name, outbox_db) in enumerate([
            ("psycopg application, the same PostgreSQL database", "pg"),
            ("psycopg application, SQLite outbox", os.path.join(tmp, "outbox-from-postgres.db")),
        ]):
            app_schema = f"outbox_check_relay_app_{os.getpid()}_{n}"
            outbox_schema = f"outbox_check_relay_ob_{os.getpid()}_{n}"
            setup = f"DROP SCHEMA IF EXISTS {app_schema} CASCADE; CREATE SCHEMA {app_schema}; " \
                    f"DROP SCHEMA IF EXISTS {outbox_schema} CASCADE; CREATE SCHEMA {outbox_schema};"
            subprocess.run([python, "-c", f"import psycopg; psycopg.connect({base!r}, autocommit=True).execute({setup!r})"],
                           check=True)
            sep = "&" if "?" in base else "?"
            source = f"{base}{sep}options=-c%20search_path%3D{app_schema}"
            db = f"{base}{sep}options=-c%20search_path%3D{outbox_schema}" if outbox_db == "pg" else outbox_db
            try:
                check(outbox, python, name, db, source, env)
            finally:
                drop = f"DROP SCHEMA IF EXISTS {app_schema} CASCADE; DROP SCHEMA IF EXISTS {outbox_schema} CASCADE;"
                subprocess.run([python, "-c", f"import psycopg; psycopg.connect({base!r}, autocommit=True).execute({drop!r})"])


if __name__ == "__main__":
    main()
