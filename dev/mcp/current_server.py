"""An MCP server on the official Python SDK (`mcp` 2.x on PyPI), in
stateless mode, which speaks the 2026-07-28 revision (and the earlier ones).
Usage: python current_server.py PORT json|sse
Prints one JSON line per tool call; the subject "fail" makes the tool fail."""

import json
import sys

from mcp.server.mcpserver import Context, MCPServer

port, json_response = int(sys.argv[1]), sys.argv[2] == "json"
server = MCPServer("outbox-check")


@server.tool()
def record_order(event: dict, ctx: Context) -> str:
    """Records an order event."""
    print(json.dumps({"eventId": event.get("eventId"), "subject": event.get("subject")}), flush=True)
    if event.get("subject") == "fail":
        raise ValueError("inventory is closed")
    return "recorded " + str(event.get("eventId"))


server.run("streamable-http", host="127.0.0.1", port=port, json_response=json_response, stateless_http=True)
