"""Drives `outbox mcp` with the official Python SDK's client (`mcp` 2.x):
over stdio (the SDK starts the server) or Streamable HTTP.
Usage: python client.py stdio OUTBOX DB [--read-only] | python client.py http URL
Prints one JSON object: the tools listed, and the answers of a few calls."""

import asyncio
import json
import sys

from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError


def structured(result):
    return {"isError": bool(result.is_error), "structured": result.structured_content,
            "text": [c.text for c in result.content if getattr(c, "text", None) is not None]}


async def main():
    if sys.argv[1] == "stdio":
        outbox, db, *extra = sys.argv[2:]
        server = StdioServerParameters(command=outbox, args=["--db", db, "mcp", *extra])
    else:
        server = sys.argv[2]
    async with Client(server) as client:
        tools = await client.list_tools()
        answers = {"tools": {t.name: t.input_schema for t in tools.tools}}
        answers["stats"] = structured(await client.call_tool("stats", {}))
        if "claim_deliveries" in answers["tools"]:
            claimed = structured(await client.call_tool("claim_deliveries", {"worker": "python-agent", "lease": "2m"}))
            answers["claim"] = claimed
            delivery = claimed["structured"]["deliveries"][0]["deliveryId"]
            answers["complete"] = structured(await client.call_tool(
                "complete_delivery", {"delivery_id": delivery, "worker": "python-agent"}))
        else:
            # A tool the server does not list is unknown to it: a protocol
            # error (-32602), which the SDK raises.
            try:
                answers["claim"] = structured(await client.call_tool("claim_deliveries", {"worker": "python-agent"}))
            except MCPError as e:
                answers["claim"] = {"isError": True, "code": e.code, "message": str(e)}
        print(json.dumps(answers))


asyncio.run(main())
