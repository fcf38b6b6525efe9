//! `outbox mcp --http`: Streamable HTTP at `/mcp`, with what the transport
//! asks of a server beyond the SDK's defaults: a present Origin that is not
//! the server's own (or one allowed by `--allow-origin`) is refused with
//! 403 against DNS rebinding, malformed bodies get JSON-RPC errors with 400,
//! a bearer token off loopback, and a clean stop on SIGTERM or SIGINT.

use super::{Outbox, Stop, jsonrpc};
use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use outbox::Error;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::net::SocketAddr;
use std::sync::Arc;

/// The largest request body taken, as the SDK's own default.
const MAX_BODY: usize = 4 << 20;

type Body = http_body_util::combinators::BoxBody<Bytes, std::convert::Infallible>;

/// The origins a browser page may call from: the address listened on, by
/// each of its names on loopback, and those given with `--allow-origin`.
fn origins(bound: SocketAddr, allowed: &[String]) -> Vec<String> {
    let port = bound.port();
    let mut origins = vec![format!("http://{bound}")];
    if bound.ip().is_loopback() {
        for host in ["127.0.0.1", "localhost", "[::1]"] {
            origins.push(format!("http://{host}:{port}"));
        }
    }
    origins.extend(allowed.iter().cloned());
    origins
}

fn answer(status: u16, content_type: &str, body: Vec<u8>) -> http::Response<Body> {
    let mut response = http::Response::new(Full::new(Bytes::from(body)).boxed());
    *response.status_mut() = http::StatusCode::from_u16(status).expect("a status");
    if let Ok(value) = http::HeaderValue::from_str(content_type) {
        response
            .headers_mut()
            .insert(http::header::CONTENT_TYPE, value);
    }
    response
}

pub(super) async fn serve(
    server: Outbox,
    addr: SocketAddr,
    allowed_origins: Vec<String>,
) -> Result<Stop, Error> {
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
    // Signals are watched before the port opens: a client that sees it
    // open may stop the server at once, and is answered as a stop.
    let mut stop = crate::signals::channel(Stop::Terminated, Stop::Interrupted)?;
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| {
        let code = match e.kind() {
            std::io::ErrorKind::AddrInUse => "listen:inUse",
            _ => "listen:unavailable",
        };
        Error::unavailable(code, format!("outbox mcp cannot listen on {addr}: {e}"))
    })?;
    let bound = listener.local_addr().map_or(addr, |a| a);
    let origins: Arc<[String]> = origins(bound, &allowed_origins).into();
    let mut config = StreamableHttpServerConfig::default()
        .with_allowed_origins(origins.iter().cloned())
        .enforce_origin_validation();
    if !addr.ip().is_loopback() {
        // Reached by its own names; the token guards it instead of the Host check.
        config = config.disable_allowed_hosts();
    }
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    eprintln!("outbox mcp: serving http://{bound}/mcp");
    let token: Option<Arc<str>> = token.map(Into::into);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            how = stop.recv() => return Ok(how.unwrap_or(Stop::Terminated)),
        };
        let Ok((stream, _)) = accepted else {
            continue;
        };
        let service = service.clone();
        let token = token.clone();
        let origins = origins.clone();
        tokio::spawn(async move {
            let handle =
                hyper::service::service_fn(move |request: http::Request<hyper::body::Incoming>| {
                    let service = service.clone();
                    let token = token.clone();
                    let origins = origins.clone();
                    async move {
                        Ok::<_, std::convert::Infallible>(
                            route(service, token.as_deref(), &origins, request).await,
                        )
                    }
                });
            let io = hyper_util::rt::TokioIo::new(stream);
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(io, handle)
                .await;
        });
    }
}

/// One request: the path, the token, a POST body's shape, then the SDK.
async fn route(
    mut service: StreamableHttpService<Outbox, LocalSessionManager>,
    token: Option<&str>,
    origins: &[String],
    request: http::Request<hyper::body::Incoming>,
) -> http::Response<Body> {
    let plain = |status, text: &str| {
        answer(
            status,
            "text/plain; charset=utf-8",
            text.as_bytes().to_vec(),
        )
    };
    if request.uri().path() != "/mcp" {
        return plain(404, "outbox serves MCP at /mcp\n");
    }
    if let Some(token) = token {
        let given = request
            .headers()
            .get(http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok());
        if given != Some(&format!("Bearer {token}")) {
            return plain(401, "a bearer token is required\n");
        }
    }
    let (parts, body) = request.into_parts();
    let bytes = match Limited::new(body, MAX_BODY).collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => return plain(413, "the request body is over 4 MiB, or was cut short\n"),
    };
    let json_body = parts
        .headers
        .get(http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("application/json"));
    // The Origin check comes first (the SDK's): a page of another origin
    // learns nothing, not even whether its body was well formed.
    let foreign_origin = parts
        .headers
        .get(http::header::ORIGIN)
        .is_some_and(|origin| {
            !origins
                .iter()
                .any(|o| origin.as_bytes().eq_ignore_ascii_case(o.as_bytes()))
        });
    if parts.method == http::Method::POST
        && json_body
        && !foreign_origin
        && let Some(error) = jsonrpc::refusal(&bytes)
    {
        return answer(400, "application/json", error.to_string().into_bytes());
    }
    let request = http::Request::from_parts(parts, Full::new(bytes));
    let response = match tower_service::Service::call(&mut service, request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    response.map(|body| body.map_err(|never| match never {}).boxed())
}
