#!/usr/bin/env python3
"""Checks outbox's MCP against the official SDKs, which outbox's code did
not write. The `mcp` sender: against servers on the Python SDK (`mcp` 2.x,
in stateless mode, JSON and SSE answers: the 2026-07-28 revision) and the
TypeScript SDK 1.x (`@modelcontextprotocol/sdk`, which speaks only the
earlier revisions, with sessions: the fallback). `outbox mcp`: driven by
the Python SDK's client over stdio and Streamable HTTP.

Usage: python3 dev/check_mcp.py path/to/outbox

Installs the SDKs into target/dev-venv and target/dev-node on first use,
starts each server on 127.0.0.1, points an mcp subscription at it, records
events and runs `outbox work --drain`, and fails unless every delivery was
one tool call with its event id, answered as the revision says.
"""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time

from devvenv import ROOT, python_with

HERE = os.path.join(ROOT, "dev", "mcp")
NODE_DIR = os.path.join(ROOT, "target", "dev-node")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def node_sdk():
    """node and the TypeScript SDK 1.x in target/dev-node, or None."""
    if subprocess.run(["sh", "-c", "command -v node && command -v npm"], capture_output=True).returncode != 0:
        return None
    if not os.path.exists(os.path.join(NODE_DIR, "node_modules", "@modelcontextprotocol", "sdk")):
        os.makedirs(NODE_DIR, exist_ok=True)
        installed = subprocess.run(
            ["npm", "install", "--silent", "--prefix", NODE_DIR, "@modelcontextprotocol/sdk@1", "zod@3"],
            capture_output=True, text=True, timeout=600)
        if installed.returncode != 0:
            print(installed.stderr)
            return None
    return NODE_DIR


def wait_for(port, server, name):
    deadline = time.time() + 30
    while time.time() < deadline:
        if server.poll() is not None:
            sys.exit(f"{name}: the server exited: {server.stderr.read()}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    sys.exit(f"{name}: the server did not listen within 30 s")


def check(outbox, name, command, cwd, revision, subjects):
    port = free_port()
    argv = [str(port) if arg == "PORT" else arg for arg in command]
    server = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(port, server, name)
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, OUTBOX_DB=os.path.join(tmp, "outbox.db"))
            env.pop("OUTBOX_NOW", None)

            def run(*args):
                out = subprocess.run([outbox, *args, "--json"], env=env, capture_output=True, text=True, timeout=120)
                if out.returncode != 0:
                    sys.exit(f"{name}: outbox {' '.join(args)} failed: {out.stderr}")
                return [json.loads(line) for line in out.stdout.splitlines()]

            run("sub", "create", "--client", "agent", "--types", "order.created", "--any-target",
                "--transport", "mcp", "--endpoint", f"http://127.0.0.1:{port}/mcp", "--mcp-tool", "record_order")
            events = {}
            for subject in subjects:
                recorded = run("event", "record", "--type", "order.created", "--subject", subject,
                               "--payload", json.dumps({"total": 42.5}))[0]
                events[recorded["event"]["eventId"]] = subject
            answers = run("work", "--drain", "--timeout", "10s")
    finally:
        server.terminate()
        seen, _ = server.communicate(timeout=30)
    calls = [json.loads(line) for line in seen.splitlines() if line.startswith("{")]
    called = sorted(c["eventId"] for c in calls)
    if called != sorted(events):
        sys.exit(f"{name}: tool calls for {called}, events {sorted(events)}")
    for answer in answers:
        delivery = answer["delivery"]
        subject = events[delivery["eventId"]]
        want = "failed" if subject == "fail" else "delivered"
        got = delivery["meta"]["response"]["protocolVersion"]
        if delivery["status"] != want or not got.startswith(revision):
            sys.exit(f"{name}: {subject} is {delivery['status']} over {got}: {delivery}")
        if subject == "fail" and not answer["retry"]["scheduled"]:
            sys.exit(f"{name}: a tool error is retried: {answer}")
    print(f"   {name}: {len(calls)} tool calls, one per delivery with its event id, over {got}")


def check_server(outbox, python):
    """`outbox mcp` under the Python SDK's client, over stdio and HTTP."""
    client = os.path.join(HERE, "client.py")
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "outbox.db")
        env = dict(os.environ, OUTBOX_DB=db)
        env.pop("OUTBOX_NOW", None)

        def run(*args):
            out = subprocess.run([outbox, *args, "--json"], env=env, capture_output=True, text=True, timeout=60)
            if out.returncode != 0:
                sys.exit(f"outbox mcp: outbox {' '.join(args)} failed: {out.stderr}")
            return json.loads(out.stdout)

        run("sub", "create", "--client", "agent", "--types", "order.*", "--any-target")
        for n in range(3):
            run("event", "record", "--type", "order.created", "--subject", f"order-{n}")

        def drive(name, *argv):
            expected = run("stats")
            out = subprocess.run([python, client, *argv], capture_output=True, text=True, timeout=120)
            if out.returncode != 0:
                sys.exit(f"outbox mcp, {name}: the Python SDK client failed: {out.stderr[-2000:]}")
            answers = json.loads(out.stdout)
            if answers["stats"]["structured"] != expected:
                sys.exit(f"outbox mcp, {name}: stats {answers['stats']} is not --json's {expected}")
            return answers

        answers = drive("stdio", "stdio", outbox, db)
        schema = answers["tools"]["claim_deliveries"]
        if len(answers["tools"]) != 19 or schema["required"] != ["worker"]:
            sys.exit(f"outbox mcp, stdio: tools {sorted(answers['tools'])}, claim schema {schema}")
        if answers["complete"]["structured"]["delivery"]["status"] != "delivered":
            sys.exit(f"outbox mcp, stdio: claim and complete did not round trip: {answers}")
        answers = drive("stdio --read-only", "stdio", outbox, db, "--read-only")
        if "claim_deliveries" in answers["tools"] or answers["claim"].get("code") != -32602:
            sys.exit(f"outbox mcp --read-only served or ran a write tool: {answers}")
        port = free_port()
        server = subprocess.Popen([outbox, "mcp", "--http", f"127.0.0.1:{port}"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            wait_for(port, server, "outbox mcp --http")
            answers = drive("http", "http", f"http://127.0.0.1:{port}/mcp")
        finally:
            server.terminate()
            server.wait(timeout=30)
        if answers["complete"]["structured"]["delivery"]["status"] != "delivered":
            sys.exit(f"outbox mcp, http: claim and complete did not round trip: {answers}")
        print(f"   outbox mcp under the Python SDK's client: {len(answers['tools'])} tools, reads equal to --json, "
              "claim and complete over stdio and HTTP, --read-only refuses writes")


def main():
    outbox = os.path.abspath(sys.argv[1])
    python = python_with("mcp.server.mcpserver", "mcp>=2.3")
    if python is None:
        print("MCP check skipped: the mcp SDK could not be installed from PyPI")
    else:
        server = [python, os.path.join(HERE, "current_server.py"), "PORT"]
        check(outbox, "Python SDK, JSON answers", [*server, "json"], HERE, "2026-07-28", ["a", "b", "fail"])
        check(outbox, "Python SDK, SSE answers", [*server, "sse"], HERE, "2026-07-28", ["c", "d", "fail"])
        check_server(outbox, python)
    node = node_sdk()
    if node is None:
        print("   TypeScript SDK fallback skipped: node and npm (and the registry) are needed")
        return
    script = os.path.join(node, "earlier_server.mjs")
    with open(os.path.join(HERE, "earlier_server.mjs")) as src, open(script, "w") as dst:
        dst.write(src.read())
    check(outbox, "TypeScript SDK 1.x, earlier revisions with sessions", ["node", script, "PORT"], node, "2025-",
          ["e", "f", "g"])


if __name__ == "__main__":
    main()
