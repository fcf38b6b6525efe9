//! `outbox mcp`: the outbox served to agents as an MCP server, over stdio
//! (for agent hosts that start it as a subprocess) or Streamable HTTP, on
//! the official Rust SDK (`rmcp`). Its tools (`tools.rs`) are outbox's own
//! commands; it knows nothing of how they run: the binary hands it a
//! function that runs a command line and answers its `--json` object.

mod http;
mod jsonrpc;
mod stdio;
pub mod tools;

use clap::Args;
use outbox::Error;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig,
    Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::Value;
use std::borrow::Cow;
use std::net::SocketAddr;
use std::sync::Arc;

#[derive(Debug, Args)]
pub struct McpArgs {
    /// Serve only the tools that read: no claims, completions or records.
    #[arg(long)]
    pub read_only: bool,
    /// Serve Streamable HTTP at http://ADDR/mcp instead of stdio (e.g.
    /// 127.0.0.1:8765). Off loopback, a bearer token from OUTBOX_MCP_TOKEN
    /// is required.
    #[arg(long, value_name = "ADDR")]
    pub http: Option<SocketAddr>,
    /// With --http: also take requests from browser pages of this origin
    /// (`https://agent.example.com`; repeatable). A request with any other
    /// Origin than the server's own is refused (403).
    #[arg(long, value_name = "ORIGIN", requires = "http")]
    pub allow_origin: Vec<String>,
}

/// How serving ended: the client went (stdio closed), SIGTERM, or SIGINT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Closed,
    Terminated,
    Interrupted,
}

/// Runs one outbox command line (`["delivery", "claim", ...]`) and answers
/// the object its `--json` prints, or the failure it refuses with.
pub type Run = Arc<dyn Fn(Vec<String>) -> Result<Value, Error> + Send + Sync>;

#[derive(Clone)]
struct Outbox {
    run: Run,
    read_only: bool,
}

fn served(read_only: bool) -> Vec<Tool> {
    tools::TOOLS
        .iter()
        .filter(|t| !(read_only && t.writes))
        .map(|t| Tool::new(t.name, t.description, t.input_schema()))
        .collect()
}

/// A tool's failure: its error code and message as text, and the failure
/// object `--json` prints as structured content.
fn refused(code: &str, message: &str, json: Value) -> CallToolResponse {
    let mut result = CallToolResult::error(vec![ContentBlock::text(format!("{code}: {message}"))]);
    result.structured_content = Some(json);
    result.into()
}

/// A line an agent can read at a glance beside the whole answer.
fn summary(tool: &str, answer: &Value) -> String {
    let count = answer.get("count").and_then(Value::as_i64);
    let id = ["delivery", "event", "subscription"]
        .iter()
        .find_map(|noun| {
            let record = answer.get(*noun)?;
            let id = ["deliveryId", "eventId", "subId"]
                .iter()
                .find_map(|key| record.get(*key)?.as_str())?;
            let status = record.get("status").and_then(Value::as_str).unwrap_or("");
            Some(format!("{noun} {id} {status}"))
        });
    match (id, count) {
        (Some(id), _) => format!("{tool}: {}", id.trim_end()),
        (None, Some(n)) => format!("{tool}: {n} found"),
        (None, None) => format!("{tool}: done"),
    }
}

impl rmcp::ServerHandler for Outbox {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("outbox", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "An integration event outbox: events are fanned out to subscriptions as deliveries, \
                 which workers claim under a lease and then complete, fail or release. Each tool is an \
                 outbox command and answers with the JSON object its --json prints.",
            )
    }

    /// Every revision the SDK knows but 2025-03-26, whose JSON-RPC batches
    /// this server does not take: a client asking for it is offered a
    /// later one.
    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Owned(
            ProtocolVersion::KNOWN_VERSIONS
                .iter()
                .filter(|v| **v != ProtocolVersion::V_2025_03_26)
                .cloned()
                .collect(),
        )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, rmcp::ErrorData> {
        Ok(ListToolsResult::with_all_items(served(self.read_only)))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, rmcp::ErrorData> {
        // A tool this server does not list is a protocol error (-32602),
        // as every revision says: a client then knows not to try again.
        let Some(tool) = tools::find(&request.name, self.read_only) else {
            let message = match tools::find(&request.name, false) {
                Some(_) => format!(
                    "Unknown tool: {} changes the outbox, and this server is read-only (outbox mcp --read-only)",
                    request.name
                ),
                None => format!("Unknown tool: {:?}", request.name),
            };
            let json = Error::input("invalid:tool", message.clone()).to_json();
            return Err(rmcp::ErrorData::invalid_params(message, Some(json)));
        };
        let arguments = request.arguments.unwrap_or_default();
        let line = match tool.command_line(&arguments) {
            Ok(line) => line,
            Err(message) => {
                let json = Error::input("invalid:arguments", message.clone()).to_json();
                return Ok(refused("invalid:arguments", &message, json));
            }
        };
        let run = self.run.clone();
        // The outbox's own calls block (SQLite, PostgreSQL): off the reactor.
        let answer = tokio::task::spawn_blocking(move || run(line))
            .await
            .map_err(|e| rmcp::ErrorData::internal_error(e.to_string(), None))?;
        Ok(match answer {
            Ok(answer) => {
                let mut result = CallToolResult::success(vec![
                    ContentBlock::text(summary(tool.name, &answer)),
                    ContentBlock::text(answer.to_string()),
                ]);
                result.structured_content = Some(answer);
                result.into()
            }
            Err(e) => refused(e.code(), &e.to_string(), e.to_json()),
        })
    }
}

/// Serves until stdin closes (stdio) or the process is stopped.
pub fn serve(args: McpArgs, run: Run) -> Result<Stop, Error> {
    let server = Outbox {
        run,
        read_only: args.read_only,
    };
    // The last reference is dropped after the runtime: the stores kept
    // for tool calls (a PostgreSQL client runs a runtime of its own)
    // cannot be dropped inside one.
    let keep = server.clone();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Error::input("invalid:mcp", format!("cannot start the MCP server: {e}")))?;
    let served = runtime.block_on(async move {
        match args.http {
            None => stdio::serve(server).await,
            Some(addr) => http::serve(server, addr, args.allow_origin).await,
        }
    });
    drop(runtime);
    drop(keep);
    served
}
