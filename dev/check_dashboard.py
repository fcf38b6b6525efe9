#!/usr/bin/env python3
"""Drives `outbox serve`'s dashboard in headless Chromium with Playwright
(playwright-core from npm, Debian's chromium; neither written by outbox),
and checks what it saw against the CLI.

Usage: python3 dev/check_dashboard.py path/to/outbox [--screenshots DIR]

The check fails unless:
- the overview shows the counts `outbox stats` and `delivery list --dead`
  give;
- a filter (status dead, one client) narrows the table to what `delivery
  list` lists, and survives a reload (it lives in the URL);
- a bulk redrive of everything matching asks first with the count the
  CLI lists, and then redrives exactly those;
- a dead letter redriven from its page has a queued attempt after it in
  `delivery chain`;
- a form posted without its CSRF token is refused (403) and writes nothing;
- no page overflows a phone's width, dark mode follows the system, and no
  page logs a script error.
Screenshots of each page at a laptop's and a phone's width are kept
(target/dashboard-screenshots unless told).
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NODE_DIR = os.path.join(ROOT, "target", "dev-node")


def playwright() -> str:
    """The folder holding playwright-core, installed from npm on first use."""
    os.makedirs(NODE_DIR, exist_ok=True)
    package = os.path.join(NODE_DIR, "package.json")
    if not os.path.exists(package):
        with open(package, "w") as f:
            f.write('{"private": true}\n')
    if not os.path.exists(os.path.join(NODE_DIR, "node_modules", "playwright-core")):
        subprocess.run(
            ["npm", "install", "--silent", "--no-audit", "--no-fund", "playwright-core@1"],
            cwd=NODE_DIR,
            check=True,
        )
    return os.path.join(NODE_DIR, "node_modules")


def outbox(binary, db, *args):
    env = dict(os.environ, OUTBOX_DB=db)
    done = subprocess.run([binary, *args, "--json"], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"outbox {' '.join(args)} failed: {done.stdout}{done.stderr}")
    return json.loads(done.stdout)


def seed(binary, db):
    for client in ["billing", "audit"]:
        outbox(binary, db, "sub", "create", "--client", client, "--types", "order.*", "--any-target", "--max-attempts", "1", "--transport", "webhook", "--endpoint", "http://127.0.0.1:9/hook")
    for n in range(8):
        outbox(binary, db, "event", "record", "--type", "order.created", "--subject", f"order-{n}", "--payload", json.dumps({"total": n * 10}))
    # Claimed for each client in turn: deliveries of one event share their
    # creation time, and their ids alone would decide which client's comes
    # first (at random), so a seed could leave one client no dead letter.
    for n in range(7):
        client = ["billing", "audit"][n % 2]
        claimed = outbox(binary, db, "delivery", "claim", "--worker", "w1", "--client", client)["delivery"]["deliveryId"]
        if n % 3 == 0:
            outbox(binary, db, "delivery", "complete", claimed, "--worker", "w1")
        else:
            outbox(binary, db, "delivery", "fail", claimed, "--worker", "w1", "--error", "HTTP 503 from the receiver")
    outbox(binary, db, "delivery", "claim", "--worker", "w2")


def dead_ids(binary, db, client):
    listed = outbox(binary, db, "delivery", "list", "--dead", "--client", client)
    return sorted(d["deliveryId"] for d in listed["deliveries"])


def main():
    binary = os.path.abspath(sys.argv[1])
    shots = os.path.join(ROOT, "target", "dashboard-screenshots")
    if "--screenshots" in sys.argv:
        shots = os.path.abspath(sys.argv[sys.argv.index("--screenshots") + 1])
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("chromium is not installed (Debian's package chromium)")
    modules = playwright()
    os.makedirs(shots, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        db = os.path.join(work, "outbox.db")
        seed(binary, db)
        stats = outbox(binary, db, "stats")["stats"]["byStatus"]
        client = "billing"
        billing_dead = dead_ids(binary, db, client)
        audit_dead = dead_ids(binary, db, "audit")
        if not billing_dead or not audit_dead:
            sys.exit("the seed made no dead letters for both clients")
        counts = {s: stats.get(s, 0) for s in ["queued", "claimed", "delivered", "failed", "canceled"]}
        counts["dead"] = len(outbox(binary, db, "delivery", "list", "--dead")["deliveries"])
        sub = outbox(binary, db, "sub", "list", "--client", "audit")["subscriptions"][0]["subId"]
        expected = {
            "counts": counts,
            "client": client,
            "dead_letter": audit_dead[0],
            "subscription": sub,
        }
        port = None
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen(
            [binary, "serve", "--listen", f"127.0.0.1:{port}"],
            env=dict(os.environ, OUTBOX_DB=db),
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(200):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            driven = subprocess.run(
                ["node", os.path.join(ROOT, "dev", "check_dashboard.mjs"), f"http://127.0.0.1:{port}", shots],
                input=json.dumps(expected),
                capture_output=True,
                text=True,
                env=dict(os.environ, PLAYWRIGHT_FROM=modules, CHROMIUM=chromium),
                timeout=300,
            )
            if driven.returncode != 0:
                sys.exit(f"the browser run failed:\n{driven.stdout}\n{driven.stderr}")
            report = json.loads(driven.stdout.strip().splitlines()[-1])
        finally:
            server.terminate()
            server.wait(timeout=30)

        problems = []

        def check(ok, what):
            if not ok:
                problems.append(what)

        for state, count in counts.items():
            check(report["overview"].get(state) == count, f"overview shows {state} {report['overview'].get(state)}, the CLI {count}")
        check(report["filtered"] == len(billing_dead), f"the filter shows {report['filtered']} rows, delivery list {len(billing_dead)}")
        check(report["filtered"] < report["unfiltered"], "the filter did not narrow the table")
        check("status=dead" in report["filtered_url"] and f"client={client}" in report["filtered_url"], f"the filter is not in the URL: {report['filtered_url']}")
        check(report["reloaded"] == report["filtered"] and report["reloaded_client"] == client and report["reloaded_status"] == "dead", "the filter did not survive a reload")
        check(report["asked"] == len(billing_dead), f"the bulk redrive asked about {report['asked']}, delivery list lists {len(billing_dead)}")
        check(dead_ids(binary, db, client) == [], "the bulk redrive left dead letters of the filter")
        redriven = [
            d for d in outbox(binary, db, "delivery", "list", "--status", "queued", "--client", client)["deliveries"]
            if d["meta"].get("parentDeliveryId") in billing_dead
        ]
        check(len(redriven) == len(billing_dead), f"{len(redriven)} redriven attempts queued, {len(billing_dead)} expected")
        chain = outbox(binary, db, "delivery", "chain", audit_dead[0])["deliveries"]
        check(len(chain) == 2 and chain[-1]["status"] == "queued", f"the dead letter redriven from its page has no queued attempt after it: {[d['status'] for d in chain]}")
        check(chain[-1]["deliveryId"] in report["redriven_to"], "its page did not lead to the new attempt")
        check(report["without_csrf"] == 403, f"a form without its CSRF token got {report['without_csrf']}")
        check(outbox(binary, db, "sub", "get", sub)["subscription"]["status"] == "active", "the refused pause paused the subscription")
        for name in ["overview", "deliveries", "delivery", "events", "subscription"]:
            check(not report[f"{name}_phone_overflows"], f"the {name} page overflows a phone's width")
        check(report["dark_background"] not in ("rgb(255, 255, 255)", ""), f"dark mode: the background is {report['dark_background']}")
        check(report["console_errors"] == [], f"script errors: {report['console_errors']}")
        if problems:
            sys.exit("check_dashboard failed:\n- " + "\n- ".join(problems))
        print(f"ok: overview, filter, bulk redrive ({report['asked']}), redrive from a page, CSRF refusal; screenshots in {shots}")


if __name__ == "__main__":
    main()
