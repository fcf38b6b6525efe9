//! A request of the API becomes the command line of its route, and the
//! command's answer (or failure) becomes the response: the object `--json`
//! prints, with the HTTP status [`status_of`] gives it.

use super::routes::{self, Method, Route};
use super::{Answer, Call, Server};
use crate::call::{Kind, Param, Values, command_line};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodFilter, get, on};
use outbox::{Error, Refusal};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::Arc;

/// The largest request body: a batch of NDJSON events.
const MAX_BODY: usize = 64 << 20;

/// The HTTP status of a failure, by what the command's exit status says
/// and, within a kind, by its code: the one place they are mapped.
pub fn status_of(error: &Error) -> StatusCode {
    match error {
        Error::AtLine { error, .. } => status_of(error),
        Error::Refused(refusal) => match **refusal {
            Refusal::EventNotFound { .. }
            | Refusal::SubscriptionNotFound { .. }
            | Refusal::DeliveryNotFound { .. }
            | Refusal::NothingToClaim { .. } => StatusCode::NOT_FOUND,
            Refusal::MissingType
            | Refusal::InvalidSubscription { .. }
            | Refusal::InvalidDelivery { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Refusal::Transition { .. } | Refusal::SubscriptionStatus { .. } => StatusCode::CONFLICT,
        },
        Error::Input { code, .. } => match code.as_str() {
            "invalid:json" | "invalid:arguments" => StatusCode::BAD_REQUEST,
            "invalid:token" => StatusCode::UNAUTHORIZED,
            "invalid:readOnly" | "invalid:csrf" => StatusCode::FORBIDDEN,
            "invalid:route" => StatusCode::NOT_FOUND,
            "invalid:payloadTooLarge" => StatusCode::PAYLOAD_TOO_LARGE,
            // `sub delete` of a subscription with deliveries pending.
            "invalid:subscriptionPending" => StatusCode::CONFLICT,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        },
        Error::Storage { .. } | Error::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
    }
}

fn json_response(status: StatusCode, json: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        json.to_string(),
    )
        .into_response()
}

pub fn failure(error: &Error) -> Response {
    json_response(status_of(error), &error.to_json())
}

/// The API's routes, each calling its command, and the OpenAPI document.
pub fn router(server: Arc<Server>) -> Router {
    let mut api = Router::new();
    for route in routes::all() {
        let filter = match route.method {
            Method::Get => MethodFilter::GET,
            Method::Post => MethodFilter::POST,
            Method::Patch => MethodFilter::PATCH,
            Method::Delete => MethodFilter::DELETE,
        };
        api = api.route(
            route.path,
            on(
                filter,
                move |State(server): State<Arc<Server>>,
                      Path(path): Path<HashMap<String, String>>,
                      RawQuery(query): RawQuery,
                      headers: HeaderMap,
                      body: Bytes| async move {
                    call_route(&server, route, path, query, &headers, body).await
                },
            ),
        );
    }
    api = api
        .route("/relay/status", get(relay_status))
        .route(
            "/openapi.json",
            get(|State(server): State<Arc<Server>>| async move {
                json_response(StatusCode::OK, &super::openapi::document(&server.base))
            }),
        )
        .fallback(|| async {
            failure(&Error::input(
                "invalid:route",
                "no such route; the OpenAPI document at /api/v1/openapi.json lists them",
            ))
        });
    Router::new()
        .nest("/api/v1", api)
        .route("/metrics", get(metrics))
        .merge(super::pages::router(server.clone()))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(server)
}

/// The bearer token, when the server has one; compared in constant time.
fn authorized(server: &Server, headers: &HeaderMap) -> Result<(), Error> {
    let Some(token) = &server.token else {
        return Ok(());
    };
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    if super::pages::same(given, token) {
        Ok(())
    } else {
        Err(Error::input(
            "invalid:token",
            "this server needs Authorization: Bearer TOKEN (OUTBOX_SERVE_TOKEN)",
        ))
    }
}

/// A query parameter's text as the value its argument takes.
fn query_value(param: Option<&Param>, name: &str, text: String) -> Result<Value, Error> {
    let wrong = |kind: &str| {
        Error::input(
            "invalid:arguments",
            format!("{name} must be {kind}, not {text:?}"),
        )
    };
    Ok(match param.map(|p| p.kind) {
        Some(Kind::Integer) => text
            .parse::<i64>()
            .map(Value::from)
            .map_err(|_| wrong("an integer"))?,
        // As the document says: a boolean, spelled out (`?dryRun=` is not one).
        Some(Kind::Switch | Kind::Boolean) => match text.as_str() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => return Err(wrong("true or false")),
        },
        Some(Kind::Object) => return Err(wrong("given in a JSON body")),
        _ => Value::String(text),
    })
}

/// The route's arguments: the path's, then the query's (reads) or the
/// JSON body's (writes).
pub fn arguments(
    route: &Route,
    path: HashMap<String, String>,
    query: Option<String>,
    body: &[u8],
) -> Result<Map<String, Value>, Error> {
    let mut arguments = Map::new();
    let param = |name: &str| {
        route
            .params
            .iter()
            .find(|p| p.name == name || p.alias == Some(name))
    };
    if let Some(query) = query {
        for (name, text) in url::form_urlencoded::parse(query.as_bytes()) {
            let (name, text) = (name.into_owned(), text.into_owned());
            let found = param(&name);
            if found.is_some_and(|p| p.kind == Kind::Texts) {
                let items = arguments
                    .entry(name)
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(items) = items {
                    items.push(Value::String(text));
                }
                continue;
            }
            if arguments.contains_key(&name) {
                return Err(Error::input(
                    "invalid:arguments",
                    format!("{name} is given twice"),
                ));
            }
            let value = query_value(found, &name, text)?;
            arguments.insert(name, value);
        }
    }
    let body = std::str::from_utf8(body)
        .map_err(|_| Error::input("invalid:json", "the body is not UTF-8"))?;
    // Empty is what JSON calls whitespace alone (space, tab, line feed,
    // carriage return); anything else must parse.
    if !body
        .trim_matches(|c| matches!(c, ' ' | '\t' | '\n' | '\r'))
        .is_empty()
    {
        if route.takes_query() {
            return Err(Error::input(
                "invalid:arguments",
                format!(
                    "{} {} takes its arguments in the query, not a body",
                    route.method.as_str().to_uppercase(),
                    route.path
                ),
            ));
        }
        match serde_json::from_str::<Value>(body) {
            Ok(Value::Object(given)) => {
                for (name, value) in given {
                    if arguments.insert(name.clone(), value).is_some() {
                        return Err(Error::input(
                            "invalid:arguments",
                            format!("{name} is given twice"),
                        ));
                    }
                }
            }
            Ok(_) => {
                return Err(Error::input(
                    "invalid:json",
                    "the body must be a JSON object",
                ));
            }
            Err(e) => {
                return Err(Error::input(
                    "invalid:json",
                    format!("the body is not valid JSON: {e}"),
                ));
            }
        }
    }
    for (name, value) in path {
        if route
            .params
            .iter()
            .any(|p| p.name == name && route.in_path(p))
        {
            if arguments.contains_key(&name) {
                return Err(Error::input(
                    "invalid:arguments",
                    format!("{name} is in the path; not again"),
                ));
            }
            arguments.insert(name, Value::String(value));
        }
    }
    Ok(arguments)
}

/// Runs a command off the reactor (SQLite and PostgreSQL calls block).
pub async fn run(server: &Server, call: Call) -> Result<Answer, Error> {
    let run = server.run.clone();
    tokio::task::spawn_blocking(move || run(call))
        .await
        .unwrap_or_else(|e| {
            Err(Error::input(
                "invalid:serve",
                format!("the command stopped: {e}"),
            ))
        })
}

async fn call_route(
    server: &Server,
    route: &'static Route,
    path: HashMap<String, String>,
    query: Option<String>,
    headers: &HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(e) = authorized(server, headers) {
        return failure(&e);
    }
    if route.writes && server.read_only {
        return failure(&Error::input(
            "invalid:readOnly",
            "this server is read-only (outbox serve --read-only)",
        ));
    }
    let ndjson = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-ndjson"));
    if ndjson && route.name == "recordEvent" {
        return record_batch(server, body).await;
    }
    let mut arguments = match arguments(route, path, query, &body) {
        Ok(arguments) => arguments,
        Err(e) => return failure(&e),
    };
    if route.name == "recordEvent"
        && let Some(key) = headers.get("idempotency-key")
    {
        let Ok(key) = key.to_str() else {
            return failure(&Error::input(
                "invalid:arguments",
                "Idempotency-Key must be text",
            ));
        };
        if arguments.contains_key("eventId") || arguments.contains_key("id") {
            return failure(&Error::input(
                "invalid:arguments",
                "Idempotency-Key and eventId are one id; give one",
            ));
        }
        arguments.insert("eventId".to_owned(), key.into());
    }
    let line = match command_line(
        route.name,
        route.command,
        route.params,
        &arguments,
        Values::Strict,
    ) {
        Ok(line) => line,
        Err(message) => return failure(&Error::input("invalid:arguments", message)),
    };
    match run(server, Call { line, text: false }).await {
        Ok(answer) => {
            let status = if route.creates {
                StatusCode::CREATED
            } else {
                StatusCode::OK
            };
            json_response(status, &answer.json)
        }
        Err(e) => failure(&e),
    }
}

/// An NDJSON body, recorded as `event record --batch` records a file: in
/// one transaction, all or nothing; the answer is one object per line.
async fn record_batch(server: &Server, body: Bytes) -> Response {
    use std::io::Write;
    let file = tempfile::NamedTempFile::new().and_then(|mut file| {
        file.write_all(&body)?;
        file.flush()?;
        Ok(file)
    });
    let file = match file {
        Ok(file) => file,
        Err(e) => {
            return failure(&Error::storage(
                outbox::StorageCode::Other,
                format!("cannot keep the batch for recording: {e}"),
            ));
        }
    };
    let line = vec![
        "event".to_owned(),
        "record".to_owned(),
        format!("--batch={}", file.path().display()),
    ];
    let answer = run(server, Call { line, text: false }).await;
    drop(file);
    match answer {
        Ok(answer) => json_response(StatusCode::CREATED, &answer.json),
        Err(e) => failure(&e),
    }
}

/// `relay status` of the table `--relay-from` names.
async fn relay_status(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    if let Err(e) = authorized(&server, &headers) {
        return failure(&e);
    }
    let Some((from, table)) = &server.relay else {
        return failure(&Error::input(
            "invalid:route",
            "no relay: start outbox serve with --relay-from SRC to see one",
        ));
    };
    let line = ["relay", "status"]
        .map(str::to_owned)
        .into_iter()
        .chain([format!("--from={from}"), format!("--table={table}")])
        .collect();
    match run(&server, Call { line, text: false }).await {
        Ok(answer) => json_response(StatusCode::OK, &answer.json),
        Err(e) => failure(&e),
    }
}

/// `stats --format prometheus`, and the relay's when there is one.
async fn metrics(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    if let Err(e) = authorized(&server, &headers) {
        return failure(&e);
    }
    let mut lines = vec![vec!["stats".to_owned(), "--format=prometheus".to_owned()]];
    if let Some((from, table)) = &server.relay {
        lines.push(vec![
            "relay".to_owned(),
            "status".to_owned(),
            format!("--from={from}"),
            format!("--table={table}"),
            "--format=prometheus".to_owned(),
        ]);
    }
    let mut page = String::new();
    for line in lines {
        match run(&server, Call { line, text: true }).await {
            Ok(answer) => {
                page.push_str(answer.text.as_deref().unwrap_or_default());
                page.push('\n');
            }
            Err(e) => return failure(&e),
        }
    }
    (
        StatusCode::OK,
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        page,
    )
        .into_response()
}
