"""The `mcp` sender as a client under the MCP conformance suite: the suite
starts a server for its scenario and runs this with the server's URL last.
It points an mcp subscription at that URL with the tool the scenario's
server offers, records one event and runs `outbox work --drain` on it.
Usage (by the suite): python3 conformance_client.py OUTBOX URL"""

import json
import os
import subprocess
import sys
import tempfile

# The tool each scenario's server offers, and the event payload that is
# its arguments.
TOOLS = {
    "initialize": ("noop", {}),
    "tools_call": ("add_numbers", {"a": 2, "b": 3}),
    "sse-retry": ("test_reconnection", {}),
    # The server asks for elicitation, which a worker refuses (-32601).
    "elicitation-sep1034-client-defaults": ("test_client_elicitation_defaults", {}),
}


def main():
    outbox, url = sys.argv[1], sys.argv[-1]
    scenario = os.environ.get("MCP_CONFORMANCE_SCENARIO", "tools_call")
    tool, payload = TOOLS.get(scenario, ("noop", {}))
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, OUTBOX_DB=os.path.join(tmp, "outbox.db"))
        env.pop("OUTBOX_NOW", None)

        def run(*args):
            out = subprocess.run([outbox, *args], env=env, capture_output=True, text=True, timeout=60)
            if out.returncode != 0:
                sys.exit(f"outbox {' '.join(args)}: exit {out.returncode}: {out.stderr}")
            return out.stdout

        run("sub", "create", "--client", "conformance", "--types", "check.*", "--any-target",
            "--transport", "mcp", "--endpoint", url, "--mcp-tool", tool, "--mcp-arguments", "payload")
        run("event", "record", "--type", "check.run", "--payload", json.dumps(payload))
        done = [json.loads(line) for line in run("work", "--drain", "--json", "--timeout", "10s").splitlines()]
        for answer in done:
            delivery = answer["delivery"]
            print(f"{delivery['deliveryId']} {delivery['status']} {delivery.get('lastError', '')}")


main()
