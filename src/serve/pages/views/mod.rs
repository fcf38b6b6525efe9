//! The pages that read: each runs the commands whose answers it shows and
//! turns their `--json` objects into rows and facts for its template, one
//! file per page; what they share is here.

mod deliveries;
mod events;
mod overview;
mod subscriptions;

pub use deliveries::{BULK_FIELDS, deliveries, delivery};
pub use events::{event, events};
pub use overview::overview;
pub use subscriptions::{subscription, subscription_page, subscriptions};

use super::{Page, command, failed, html, words};
use crate::call::{Values, command_line};
use crate::output::{relative, timestamp};
use crate::serve::Server;
use crate::serve::routes;
use askama::Template;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use outbox::Error;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;

/// A text field of an answer's record ("" when absent).
pub fn text(v: &Value, key: &str) -> String {
    match &v[key] {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

pub(super) fn int(v: &Value, key: &str) -> i64 {
    v[key].as_i64().unwrap_or(0)
}

/// `delv_7b1c…`: enough of an id to tell it apart in a table.
pub(super) fn short(id: &str) -> String {
    id.chars().take(13).collect()
}

pub(super) fn when(at: i64) -> String {
    if at > 0 {
        timestamp(at)
    } else {
        "-".to_owned()
    }
}

pub(super) fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// The query's fields that are given (a form sends empty ones too).
pub fn given_fields(query: Option<&str>) -> Vec<(String, String)> {
    url::form_urlencoded::parse(query.unwrap_or("").as_bytes())
        .map(|(k, v)| (k.into_owned(), v.trim().to_owned()))
        .filter(|(_, v)| !v.is_empty())
        .collect()
}

/// The command line of API route `name` for these fields, as the API
/// reads a query.
pub fn line_for(name: &str, fields: &[(String, String)]) -> Result<Vec<String>, Error> {
    let route = routes::all()
        .find(|r| r.name == name)
        .expect("the route exists");
    let query: String = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(fields)
        .finish();
    let arguments = crate::serve::api::arguments(route, HashMap::new(), Some(query), b"")?;
    command_line(
        route.name,
        route.command,
        route.params,
        &arguments,
        Values::Strict,
    )
    .map_err(|m| Error::input("invalid:arguments", m))
}

/// One delivery as a row.
pub struct DeliveryRow {
    pub id: String,
    pub short: String,
    pub event_id: String,
    pub event_type: String,
    pub sub_id: String,
    pub client: String,
    pub transport: String,
    pub endpoint: String,
    pub status: String,
    pub attempt: i64,
    pub claimed_by: String,
    pub created_at: String,
    pub created_ago: String,
    pub due: String,
    pub last_error: String,
}

impl DeliveryRow {
    pub fn of(d: &Value, now: i64) -> DeliveryRow {
        let id = text(d, "deliveryId");
        let status = text(d, "status");
        let next = int(d, "nextAttemptAt");
        let due = match status.as_str() {
            "claimed" => format!("lease ends {}", relative(int(d, "leaseExpiresAt"), now)),
            "queued" if next > now => format!("due {}", relative(next, now)),
            "queued" => "now".to_owned(),
            _ => "-".to_owned(),
        };
        DeliveryRow {
            short: short(&id),
            id,
            event_id: text(d, "eventId"),
            event_type: text(&d["meta"], "eventType"),
            sub_id: text(d, "subId"),
            client: text(d, "clientId"),
            transport: text(d, "transport"),
            endpoint: text(d, "endpoint"),
            status,
            attempt: int(d, "attempt"),
            claimed_by: text(d, "claimedBy"),
            created_at: when(int(d, "createdAt")),
            created_ago: relative(int(d, "createdAt"), now),
            due,
            last_error: text(d, "lastError"),
        }
    }
}

pub(super) fn rows(answer: &Value, key: &str) -> Vec<Value> {
    answer[key].as_array().cloned().unwrap_or_default()
}

/// The link to the page after this one: the same fields, `before` the last id.
pub(super) fn next_page(
    base: &str,
    path: &str,
    fields: &[(String, String)],
    last: Option<String>,
    full: bool,
) -> Option<String> {
    let last = last.filter(|_| full)?;
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in fields.iter().filter(|(k, _)| k != "before") {
        query.append_pair(k, v);
    }
    query.append_pair("before", &last);
    Some(format!("{base}{path}?{}", query.finish()))
}

/// A list page's filter, field by field, as the form shows it.
#[derive(Default)]
pub struct Filter {
    pub status: String,
    pub client: String,
    pub sub: String,
    pub event: String,
    pub transport: String,
    pub event_type: String,
    pub subject: String,
    pub source: String,
    pub since: String,
    pub until: String,
    pub limit: String,
}

impl Filter {
    pub(super) fn of(fields: &[(String, String)]) -> Filter {
        let mut f = Filter::default();
        for (k, v) in fields {
            let slot = match k.as_str() {
                "status" => &mut f.status,
                "client" => &mut f.client,
                "sub" => &mut f.sub,
                "event" => &mut f.event,
                "transport" => &mut f.transport,
                "type" => &mut f.event_type,
                "subject" => &mut f.subject,
                "source" => &mut f.source,
                "since" => &mut f.since,
                "until" => &mut f.until,
                "limit" => &mut f.limit,
                _ => continue,
            };
            *slot = v.clone();
        }
        f
    }
}

/// A failure of what the form asked (a malformed time, an unknown status):
/// said beside the form, not instead of the page.
pub(super) fn api_input(e: &Error) -> bool {
    matches!(e, Error::Input { .. })
}
