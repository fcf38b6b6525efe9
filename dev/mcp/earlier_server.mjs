// An MCP server on the official TypeScript SDK 1.x, which speaks only the
// revisions before 2026-07-28: sessions (Mcp-Session-Id) opened by
// `initialize`, as the SDK's README shows. Usage: node earlier_server.mjs PORT
// Prints "ready" once listening, then one JSON line per tool call.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

const port = Number(process.argv[2]);
const transports = {};

function newServer() {
  const server = new McpServer({ name: "outbox-check-earlier", version: "1.0.0" });
  server.tool("record_order", { event: z.record(z.any()) }, async ({ event }, extra) => {
    console.log(JSON.stringify({ eventId: event.eventId, subject: event.subject, meta: extra._meta ?? null }));
    return { content: [{ type: "text", text: `recorded ${event.eventId}` }] };
  });
  return server;
}

http
  .createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const sessionId = req.headers["mcp-session-id"];
    let transport = sessionId ? transports[sessionId] : undefined;
    if (!transport) {
      if (sessionId || body?.method !== "initialize") {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: "Bad Request: No valid session ID provided" }, id: null }));
        return;
      }
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => { transports[id] = transport; },
      });
      await newServer().connect(transport);
    }
    await transport.handleRequest(req, res, body);
  })
  .listen(port, "127.0.0.1", () => console.log("ready"));
