//! `outbox mcp`: the outbox served to agents as an MCP server, over stdio
//! (for agent hosts that start it as a subprocess) or Streamable HTTP, on
//! the official Rust SDK (`rmcp`). Its tools (`tools.rs`) are outbox's own
//! commands; it knows nothing of how they run: the binary hands it a
//! function that runs a command line and answers its `--json` object.

mod tool;
pub mod tools;

use bytes::Bytes;
use clap::Args;
use http_body_util::{BodyExt, Full};
use outbox::Error;
use rmcp::ServiceExt;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::Value;
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
        let Some(tool) = tools::find(&request.name, self.read_only) else {
            let message = match tools::find(&request.name, false) {
                Some(_) => format!(
                    "{} changes the outbox, and this server is read-only (outbox mcp --read-only)",
                    request.name
                ),
                None => format!("there is no tool {:?}", request.name),
            };
            let json = Error::input("invalid:tool", message.clone()).to_json();
            return Ok(refused("invalid:tool", &message, json));
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

/// Serves until stdin closes (stdio) or the process is stopped (HTTP).
pub fn serve(args: McpArgs, run: Run) -> Result<(), Error> {
    let server = Outbox {
        run,
        read_only: args.read_only,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Error::input("invalid:mcp", format!("cannot start the MCP server: {e}")))?;
    runtime.block_on(async move {
        match args.http {
            None => {
                let running = server
                    .serve(rmcp::transport::stdio())
                    .await
                    .map_err(|e| Error::input("invalid:mcp", format!("MCP over stdio: {e}")))?;
                running
                    .waiting()
                    .await
                    .map_err(|e| Error::input("invalid:mcp", format!("MCP over stdio: {e}")))?;
                Ok(())
            }
            Some(addr) => serve_http(server, addr).await,
        }
    })
}

async fn serve_http(server: Outbox, addr: SocketAddr) -> Result<(), Error> {
    let token = std::env::var("OUTBOX_MCP_TOKEN")
        .ok()
        .filter(|t| !t.is_empty());
    if !addr.ip().is_loopback() && token.is_none() {
        return Err(Error::input(
            "invalid:http",
            format!(
                "--http {addr} listens beyond this machine: set OUTBOX_MCP_TOKEN, the bearer token clients must send"
            ),
        ));
    }
    let mut config = StreamableHttpServerConfig::default();
    if !addr.ip().is_loopback() {
        // Reached by its own names; the token guards it instead of the Host check.
        config = config.disable_allowed_hosts();
    }
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| Error::input("invalid:http", format!("cannot listen on {addr}: {e}")))?;
    let bound = listener.local_addr().map_or(addr, |a| a);
    eprintln!("outbox mcp: serving http://{bound}/mcp");
    let token: Option<Arc<str>> = token.map(Into::into);
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let service = service.clone();
        let token = token.clone();
        tokio::spawn(async move {
            let handle =
                hyper::service::service_fn(move |request: http::Request<hyper::body::Incoming>| {
                    let mut service = service.clone();
                    let token = token.clone();
                    async move {
                        let plain = |status: u16, text: &'static str| {
                            let body = Full::new(Bytes::from_static(text.as_bytes()))
                                .map_err(|never| match never {})
                                .boxed();
                            let mut response = http::Response::new(body);
                            *response.status_mut() =
                                http::StatusCode::from_u16(status).expect("a status");
                            response
                        };
                        if request.uri().path() != "/mcp" {
                            return Ok::<_, std::convert::Infallible>(plain(
                                404,
                                "outbox serves MCP at /mcp\n",
                            ));
                        }
                        if let Some(token) = &token {
                            let given = request
                                .headers()
                                .get(http::header::AUTHORIZATION)
                                .and_then(|v| v.to_str().ok());
                            if given != Some(&format!("Bearer {token}")) {
                                return Ok(plain(401, "a bearer token is required\n"));
                            }
                        }
                        tower_service::Service::call(&mut service, request).await
                    }
                });
            let io = hyper_util::rt::TokioIo::new(stream);
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(io, handle)
                .await;
        });
    }
}
