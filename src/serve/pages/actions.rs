//! The dashboard's forms that write: a bulk action (confirmed with the
//! count a dry run gives before it acts), a delivery's and a subscription's
//! actions, and signing in and out. Each checks the CSRF token and the
//! origin, and is refused on a read-only server.

use super::views::{BULK_FIELDS, line_for};
use super::{Page, command, failed, html, same, same_origin, session_cookie};
use crate::serve::Server;
use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use outbox::Error;
use std::sync::Arc;

type Fields = Vec<(String, String)>;

fn form(body: &[u8]) -> Fields {
    url::form_urlencoded::parse(body)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

fn field<'f>(fields: &'f Fields, name: &str) -> Option<&'f str> {
    fields
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// Whether a form did not come from this dashboard: its CSRF token is
/// missing or wrong, or another origin sent it.
fn forged(server: &Server, headers: &HeaderMap, fields: &Fields) -> Option<Error> {
    let token_ok = field(fields, "csrf").is_some_and(|t| same(t, &server.csrf));
    (!token_ok || !same_origin(headers)).then(|| {
        Error::input(
            "invalid:csrf",
            "the form did not come from this dashboard (its CSRF token or origin is missing or wrong); reload the page and try again",
        )
    })
}

/// A form that writes, read and checked: its fields and the page it
/// answers on, or the refusal (read-only server, forged form).
fn accepted(
    server: &Server,
    headers: &HeaderMap,
    body: &[u8],
    section: &'static str,
) -> Result<(Fields, Page), Box<Response>> {
    let fields = form(body);
    let page = Page::new(server, headers, section);
    let refusal = if server.read_only {
        Some(Error::input(
            "invalid:readOnly",
            "this server is read-only (outbox serve --read-only)",
        ))
    } else {
        forged(server, headers, &fields)
    };
    match refusal {
        Some(e) => Err(Box::new(failed(page, &e))),
        None => Ok((fields, page)),
    }
}

/// The line saying what a form did, from the fields the redirect carries.
pub fn notice(fields: &Fields) -> String {
    let Some(done) = field(fields, "done") else {
        return String::new();
    };
    let count = field(fields, "count")
        .and_then(|c| c.parse::<i64>().ok())
        .unwrap_or(0);
    let skipped = field(fields, "skipped")
        .and_then(|c| c.parse::<i64>().ok())
        .unwrap_or(0);
    let noun = if count == 1 { "delivery" } else { "deliveries" };
    let mut line = match done {
        "redrive" => format!("Redriven: {count} new {noun} queued."),
        "replay" => format!("Replayed: {count} new {noun} queued."),
        "cancel" => format!("Canceled {count} {noun}."),
        "pause" => "Paused: no new deliveries until it is resumed.".to_owned(),
        "resume" => "Resumed: new events are delivered again.".to_owned(),
        _ => return String::new(),
    };
    if skipped > 0 {
        line.push_str(&format!(" {skipped} left as they were."));
    }
    line
}

#[derive(Template)]
#[template(path = "confirm.html")]
struct Confirm {
    page: Page,
    title: String,
    verb: &'static str,
    count: i64,
    matched: i64,
    skipped: i64,
    why: String,
    fields: Fields,
    back: String,
}

/// The bulk form of the deliveries page: first a dry run and the count it
/// gives, asked to be confirmed; then, confirmed, the action.
pub async fn bulk(State(server): State<Arc<Server>>, headers: HeaderMap, body: Bytes) -> Response {
    let (fields, page) = match accepted(&server, &headers, &body, "deliveries") {
        Ok(accepted) => accepted,
        Err(refused) => return *refused,
    };
    let action = match field(&fields, "action") {
        Some(a @ ("redrive" | "replay" | "cancel")) => a.to_owned(),
        _ => {
            return failed(
                page,
                &Error::input("invalid:arguments", "choose redrive, replay or cancel"),
            );
        }
    };
    let filters: Fields = fields
        .iter()
        .filter(|(k, v)| BULK_FIELDS.contains(&k.as_str()) && !v.trim().is_empty())
        .cloned()
        .collect();
    let mut chosen: Fields = match field(&fields, "scope") {
        Some("matching") if filters.is_empty() => vec![("all".into(), "true".into())],
        Some("matching") => filters.clone(),
        _ => fields.iter().filter(|(k, _)| k == "id").cloned().collect(),
    };
    if chosen.is_empty() {
        return failed(
            page,
            &Error::input(
                "invalid:arguments",
                "no rows were selected: tick some, or act on everything matching the filter",
            ),
        );
    }
    let confirmed = field(&fields, "confirm") == Some("1");
    if !confirmed {
        chosen.push(("dryRun".into(), "true".into()));
    }
    let name = format!("{action}Deliveries");
    let Some(line) = bulk_line(&name, &chosen) else {
        return failed(page, &Error::input("invalid:arguments", "unknown action"));
    };
    let answer = match line {
        Ok(line) => command(&server, line).await,
        Err(e) => Err(e),
    };
    let answer = match answer {
        Ok(answer) => answer,
        Err(e) => return failed(page, &e),
    };
    let count = answer["count"].as_i64().unwrap_or(0);
    let skipped = answer["skipped"].as_array().map_or(0, Vec::len) as i64;
    let back_query: String = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(&filters)
        .finish();
    if confirmed {
        let mut to = url::form_urlencoded::Serializer::new(back_query);
        to.append_pair("done", &action);
        to.append_pair("count", &count.to_string());
        to.append_pair("skipped", &skipped.to_string());
        return Redirect::to(&format!("{}/deliveries?{}", server.base, to.finish()))
            .into_response();
    }
    let mut why: Vec<String> = answer["skipped"]
        .as_array()
        .map(|s| {
            s.iter()
                .filter_map(|s| s["error"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    why.sort();
    why.dedup();
    let (title, verb) = match action.as_str() {
        "redrive" => ("Redrive dead letters", "queue one more attempt of"),
        "replay" => ("Replay finished chains", "queue one more attempt of"),
        _ => ("Cancel deliveries", "cancel"),
    };
    let carried: Fields = fields
        .into_iter()
        .filter(|(k, _)| k != "csrf" && k != "confirm")
        .collect();
    html(
        StatusCode::OK,
        &Confirm {
            page,
            title: title.to_owned(),
            verb,
            count,
            matched: answer["matched"].as_i64().unwrap_or(0),
            skipped,
            why: why.join(", "),
            fields: carried,
            back: format!("{}/deliveries?{back_query}", server.base),
        },
    )
}

/// The command line of a bulk route for these fields; `None` for no route.
fn bulk_line(name: &str, chosen: &Fields) -> Option<Result<Vec<String>, Error>> {
    // Ids come as repeated fields; the route takes them as one list.
    let ids: Vec<&str> = chosen
        .iter()
        .filter(|(k, _)| k == "id")
        .map(|(_, v)| v.as_str())
        .collect();
    let mut rest: Fields = chosen.iter().filter(|(k, _)| k != "id").cloned().collect();
    for id in ids {
        rest.push(("deliveryIds".into(), id.to_owned()));
    }
    crate::serve::routes::all()
        .any(|r| r.name == name)
        .then(|| line_for(name, &rest))
}

/// A delivery's own actions: redrive, replay or cancel it (as a bulk
/// action of one), then its page again.
pub async fn on_delivery(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Path((id, action)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let (_, page) = match accepted(&server, &headers, &body, "deliveries") {
        Ok(accepted) => accepted,
        Err(refused) => return *refused,
    };
    if !matches!(action.as_str(), "redrive" | "replay" | "cancel") {
        return failed(page, &Error::input("invalid:route", "no such action"));
    }
    let line = vec![
        "delivery".into(),
        "bulk".into(),
        action.clone(),
        "--".into(),
        id.clone(),
    ];
    let answer = match command(&server, line).await {
        Ok(answer) => answer,
        Err(e) => return failed(page, &e),
    };
    if let Some(skipped) = answer["skipped"].as_array().and_then(|s| s.first()) {
        let why = skipped["error"].as_str().unwrap_or("refused");
        return failed(
            page,
            &Error::input(
                "invalid:arguments",
                format!("{action} does not apply to {id}: {why}"),
            ),
        );
    }
    // A new attempt is shown; a canceled delivery is shown again.
    let shown = answer["deliveries"][0]["deliveryId"]
        .as_str()
        .unwrap_or(&id)
        .to_owned();
    let count = answer["count"].as_i64().unwrap_or(0);
    Redirect::to(&format!(
        "{}/deliveries/{shown}?done={action}&count={count}",
        server.base
    ))
    .into_response()
}

/// A subscription's actions: pause, resume, or send a test event (whose
/// answer the page then shows).
pub async fn on_subscription(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Path((id, action)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let (_, page) = match accepted(&server, &headers, &body, "subscriptions") {
        Ok(accepted) => accepted,
        Err(refused) => return *refused,
    };
    let verb = match action.as_str() {
        "pause" | "resume" | "test" => action.clone(),
        _ => return failed(page, &Error::input("invalid:route", "no such action")),
    };
    let line = vec!["sub".into(), verb, "--".into(), id.clone()];
    let answer = match command(&server, line).await {
        Ok(answer) => answer,
        Err(e) => return failed(page, &e),
    };
    if action == "test" {
        let shown = serde_json::to_string_pretty(&answer).unwrap_or_default();
        return super::views::subscription_page(&server, page, &id, shown).await;
    }
    let sub_id = answer["subscription"]["subId"].as_str().unwrap_or(&id);
    Redirect::to(&format!(
        "{}/subscriptions/{sub_id}?done={action}",
        server.base
    ))
    .into_response()
}

#[derive(Template)]
#[template(path = "signin.html")]
struct SignIn {
    page: Page,
    next: String,
    failed: bool,
}

/// Where to go after signing in: a path of this server, nothing else.
fn next_of(server: &Server, fields: &Fields) -> String {
    let next = field(fields, "next").unwrap_or("");
    let ours = next.starts_with(&format!("{}/", server.base)) && !next.starts_with("//");
    if ours {
        next.to_owned()
    } else {
        format!("{}/", server.base)
    }
}

pub async fn signin_page(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let fields = form(query.unwrap_or_default().as_bytes());
    html(
        StatusCode::OK,
        &SignIn {
            page: Page::new(&server, &headers, ""),
            next: next_of(&server, &fields),
            failed: false,
        },
    )
}

pub async fn signin(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let fields = form(&body);
    let next = next_of(&server, &fields);
    let right = match (&server.token, field(&fields, "token")) {
        (Some(token), Some(given)) => same(given, token),
        (None, _) => true,
        _ => false,
    };
    if !right || !same_origin(&headers) {
        return html(
            StatusCode::UNAUTHORIZED,
            &SignIn {
                page: Page::new(&server, &headers, ""),
                next,
                failed: true,
            },
        );
    }
    let mut response = Redirect::to(&next).into_response();
    if let Ok(cookie) = session_cookie(&server, true).parse() {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

pub async fn signout(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let fields = form(&body);
    if let Some(e) = forged(&server, &headers, &fields) {
        return failed(Page::new(&server, &headers, ""), &e);
    }
    let mut response = Redirect::to(&format!("{}/signin", server.base)).into_response();
    if let Ok(cookie) = session_cookie(&server, false).parse() {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}
