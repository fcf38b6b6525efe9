//! `outbox serve`: the outbox over HTTP, for applications and workers in
//! any language (a JSON API under `/api/v1/`, described by the OpenAPI
//! document it serves), Prometheus (`/metrics`), and the people who run
//! it (a dashboard under `/`, `pages/`). Each route is an outbox
//! command (`routes.rs`); the server knows nothing of how commands run: the
//! binary hands it a function that runs a command line and gives back its
//! answer, as `outbox mcp` is handed one.

mod api;
mod openapi;
mod pages;
mod routes;

use axum::Router;
use clap::Args;
use outbox::Error;
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on. Beyond loopback, a token from
    /// OUTBOX_SERVE_TOKEN is required (`Authorization: Bearer TOKEN`).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Serve every read and refuse every write (403).
    #[arg(long)]
    pub read_only: bool,
    /// Serve under this path (`/outbox`), as a reverse proxy forwards it.
    #[arg(long, value_name = "/PREFIX", value_parser = base_path)]
    pub base_path: Option<String>,
    /// Show event payloads on the dashboard only behind a click.
    #[arg(long)]
    pub hide_payloads: bool,
    /// The application's database the relay reads (as `relay status
    /// --from`): its backlog at /api/v1/relay/status and in /metrics.
    #[arg(long, value_name = "SRC")]
    pub relay_from: Option<String>,
    /// The application's outbox table, with --relay-from.
    #[arg(
        long,
        value_name = "NAME",
        default_value = "outbox",
        requires = "relay_from"
    )]
    pub relay_table: String,
}

/// `/outbox`: one leading slash, none trailing, nothing a URL path cannot hold.
fn base_path(text: &str) -> Result<String, String> {
    let trimmed = text.trim_end_matches('/');
    let ok = trimmed.starts_with('/')
        && !trimmed.contains("//")
        && trimmed
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/-._~".contains(c));
    if !ok {
        return Err(format!(
            "{text:?} is not a path prefix: /NAME, of letters, digits and - . _ ~"
        ));
    }
    Ok(trimmed.to_owned())
}

/// A command a route calls, as its words after `outbox`; `text`: the
/// answer for people is wanted too (the Prometheus page).
pub struct Call {
    pub line: Vec<String>,
    pub text: bool,
}

/// What a command answered: the object its `--json` prints, and with
/// [`Call::text`] what it prints for people.
pub struct Answer {
    pub json: Value,
    pub text: Option<String>,
}

/// Runs one command line for the server.
pub type Run = Arc<dyn Fn(Call) -> Result<Answer, Error> + Send + Sync>;

/// The outbox's clock (unix seconds), for the pages' "3m ago".
pub type Now = Arc<dyn Fn() -> i64 + Send + Sync>;

/// How serving ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Terminated,
    Interrupted,
}

/// What every request shares.
pub(crate) struct Server {
    run: Run,
    now: Now,
    read_only: bool,
    hide_payloads: bool,
    token: Option<String>,
    /// The token every form that writes carries: new each start.
    csrf: String,
    relay: Option<(String, String)>,
    base: String,
}

/// Serves until SIGTERM or SIGINT, then finishes the requests in flight.
pub fn serve(args: ServeArgs, run: Run, now: Now) -> Result<Stop, Error> {
    let token = std::env::var("OUTBOX_SERVE_TOKEN")
        .ok()
        .filter(|t| !t.is_empty());
    if !args.listen.ip().is_loopback() && token.is_none() {
        return Err(Error::input(
            "invalid:listen",
            format!(
                "--listen {} is reachable beyond this machine: set OUTBOX_SERVE_TOKEN, the token every request must carry",
                args.listen
            ),
        ));
    }
    let base = args.base_path.clone().unwrap_or_default();
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).map_err(|e| {
        Error::input(
            "invalid:serve",
            format!("no randomness for CSRF tokens: {e}"),
        )
    })?;
    let server = Arc::new(Server {
        run,
        now,
        read_only: args.read_only,
        hide_payloads: args.hide_payloads,
        token,
        csrf: secret.iter().map(|b| format!("{b:02x}")).collect(),
        relay: args.relay_from.map(|from| (from, args.relay_table)),
        base: base.clone(),
    });
    // The last reference is dropped after the runtime: the stores kept
    // for commands (a PostgreSQL client runs a runtime of its own) cannot
    // be dropped inside one.
    let keep = Arc::clone(&server);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Error::input("invalid:serve", format!("cannot start the server: {e}")))?;
    let served = runtime.block_on(async move {
        // Signals are watched before the port opens: a client that sees it
        // open may stop the server at once, and is answered as a stop.
        let mut stopped = crate::signals::channel(Stop::Terminated, Stop::Interrupted)?;
        let listener = tokio::net::TcpListener::bind(args.listen)
            .await
            .map_err(|e| {
                let code = match e.kind() {
                    std::io::ErrorKind::AddrInUse => "listen:inUse",
                    _ => "listen:unavailable",
                };
                Error::unavailable(
                    code,
                    format!("outbox serve cannot listen on {}: {e}", args.listen),
                )
            })?;
        let bound = listener.local_addr().map_or(args.listen, |a| a);
        let app = api::router(server.clone());
        let app = if base.is_empty() {
            app
        } else {
            Router::new().nest(&base, app)
        };
        let app = app.layer(axum::middleware::from_fn(log_line));
        eprintln!(
            "outbox serve: the dashboard at http://{bound}{base}/, the API at {base}/api/v1/ (its OpenAPI document at {base}/api/v1/openapi.json)"
        );
        let how = Arc::new(std::sync::Mutex::new(Stop::Terminated));
        let said = how.clone();
        let shutdown = async move {
            if let Some(stop) = stopped.recv().await {
                *said.lock().expect("not poisoned") = stop;
            }
        };
        axum::serve(listener, app)
            .with_graceful_shutdown(shutdown)
            .await
            .map_err(|e| Error::unavailable("listen:failed", format!("outbox serve: {e}")))?;
        let how = *how.lock().expect("not poisoned");
        Ok(how)
    });
    drop(runtime);
    drop(keep);
    served
}

/// One line on stderr per request: method, path (never the query, which
/// may name what an operator searched for), status and duration. Never a
/// token or a body.
async fn log_line(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    let took = started.elapsed();
    eprintln!(
        "outbox serve: {method} {path} {} {:.1}ms",
        response.status().as_u16(),
        took.as_secs_f64() * 1000.0
    );
    response
}
