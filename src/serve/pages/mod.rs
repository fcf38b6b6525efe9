//! The dashboard: server-rendered pages over the same commands the API
//! calls (the templates live in `templates/`, the view of each answer in
//! `views.rs`, the forms that write in `actions.rs`). Pages read without
//! JavaScript; every form that writes carries a CSRF token and is refused
//! from another origin; every page carries the security headers; off
//! loopback a sign-in with the server's token sets the session cookie.

mod actions;
mod views;

use super::api;
use super::{Call, Server};
use askama::Template;
use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use outbox::Error;
use serde_json::Value;
use std::sync::Arc;

/// What every page's frame needs.
#[derive(Clone)]
pub struct Page {
    pub base: String,
    /// The section of the navigation the page belongs to.
    pub section: &'static str,
    pub read_only: bool,
    pub hide_payloads: bool,
    pub csrf: String,
    pub signed_in: bool,
    /// A line saying what a form just did.
    pub notice: String,
}

impl Page {
    pub fn new(server: &Server, headers: &HeaderMap, section: &'static str) -> Page {
        Page {
            base: server.base.clone(),
            section,
            read_only: server.read_only,
            hide_payloads: server.hide_payloads,
            csrf: server.csrf.clone(),
            signed_in: server.token.is_some() && signed_in(server, headers),
            notice: String::new(),
        }
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    page: Page,
    title: String,
    message: String,
}

/// A template as the page's answer.
pub fn html(status: StatusCode, page: &impl Template) -> Response {
    match page.render() {
        Ok(body) => (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            body,
        )
            .into_response(),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the page could not be drawn: {e}"),
        )
            .into_response(),
    }
}

/// A failed command as a page, under the status the API gives it.
pub fn failed(page: Page, error: &Error) -> Response {
    let status = api::status_of(error);
    let title = match status {
        StatusCode::NOT_FOUND => "Not found",
        StatusCode::FORBIDDEN => "Not allowed",
        StatusCode::SERVICE_UNAVAILABLE => "The database could not be used",
        _ => "Refused",
    };
    html(
        status,
        &ErrorPage {
            page,
            title: title.to_owned(),
            message: error.to_string(),
        },
    )
}

/// Runs a command for a page: its `--json` answer.
pub async fn command(server: &Server, line: Vec<String>) -> Result<Value, Error> {
    api::run(server, Call { line, text: false })
        .await
        .map(|answer| answer.json)
}

/// Words as a command line.
pub fn words(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_owned()).collect()
}

/// The session cookie's value for the server's token: never the token.
fn session_value(token: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(format!("outbox serve session:{token}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Equal, compared in constant time.
pub fn same(given: &str, expected: &str) -> bool {
    given.len() == expected.len()
        && given
            .bytes()
            .zip(expected.bytes())
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
}

const SESSION: &str = "outbox_session";

fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value)
}

fn signed_in(server: &Server, headers: &HeaderMap) -> bool {
    match &server.token {
        None => true,
        Some(token) => cookie(headers, SESSION).is_some_and(|v| same(v, &session_value(token))),
    }
}

/// Whether a write comes from this server's own pages: the CSRF token it
/// put in the form, and no sign of another origin (`Origin` of another
/// host, `Sec-Fetch-Site` other than same-origin).
pub fn same_origin(headers: &HeaderMap) -> bool {
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let origin_ok = match headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        None => true,
        Some(origin) => {
            let origin_host = origin.split_once("://").map_or(origin, |(_, rest)| rest);
            host.is_some_and(|host| origin_host.eq_ignore_ascii_case(host))
        }
    };
    let site_ok = headers
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .is_none_or(|site| site == "same-origin" || site == "none");
    origin_ok && site_ok
}

/// The security headers of every page: no script but the server's own
/// file, no framing, no referrer beyond the origin, nothing cached (pages
/// show payloads).
async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in [
        (
            "content-security-policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        ),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "same-origin"),
        ("x-content-type-options", "nosniff"),
        ("cache-control", "no-store"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Pages need the session when the server has a token: without it, the
/// sign-in page, coming back here after.
async fn require_session(
    axum::extract::State(server): axum::extract::State<Arc<Server>>,
    request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path().to_owned();
    let open = path.ends_with("/signin") || path.contains("/assets/");
    if open || signed_in(&server, request.headers()) {
        return next.run(request).await;
    }
    let back = request
        .uri()
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_owned();
    let next: String = url::form_urlencoded::byte_serialize(back.as_bytes()).collect();
    Redirect::to(&format!("{}/signin?next={next}", server.base)).into_response()
}

/// The dashboard's routes.
pub fn router(server: Arc<Server>) -> Router<Arc<Server>> {
    Router::new()
        .route("/", get(views::overview))
        .route("/deliveries", get(views::deliveries))
        .route("/deliveries/bulk", post(actions::bulk))
        .route("/deliveries/{id}", get(views::delivery))
        .route("/deliveries/{id}/{action}", post(actions::on_delivery))
        .route("/events", get(views::events))
        .route("/events/{id}", get(views::event))
        .route("/subscriptions", get(views::subscriptions))
        .route("/subscriptions/{id}", get(views::subscription))
        .route(
            "/subscriptions/{id}/{action}",
            post(actions::on_subscription),
        )
        .route("/signin", get(actions::signin_page).post(actions::signin))
        .route("/signout", post(actions::signout))
        .route(
            "/assets/outbox.css",
            get(|| async { asset("text/css", include_str!("../../../assets/outbox.css")) }),
        )
        .route(
            "/assets/outbox.js",
            get(|| async { asset("text/javascript", include_str!("../../../assets/outbox.js")) }),
        )
        .layer(axum::middleware::from_fn_with_state(
            server,
            require_session,
        ))
        .layer(axum::middleware::from_fn(security_headers))
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// `Set-Cookie` for a signed-in session (or its end, with `None`).
pub fn session_cookie(server: &Server, signed_in: bool) -> String {
    let path = if server.base.is_empty() {
        "/"
    } else {
        &server.base
    };
    match (&server.token, signed_in) {
        (Some(token), true) => format!(
            "{SESSION}={}; HttpOnly; SameSite=Strict; Path={path}",
            session_value(token)
        ),
        _ => format!("{SESSION}=; HttpOnly; SameSite=Strict; Path={path}; Max-Age=0"),
    }
}
