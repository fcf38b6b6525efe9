//! The human side of the output: field/value cards for one record, tables
//! for lists, and the column rules that keep them inside 80 columns.

use super::{View, relative, timestamp};
use comfy_table::{Cell, Color, ColumnConstraint, Table, Width};
use outbox::core::ledger::retries::DEFAULT_MAX_ATTEMPTS;
use outbox::core::ordering::{OnDead, Ordering};
use outbox::core::records::model::mask;
use outbox::core::records::model::{Delivery, DeliveryStatus, Event, Subscription};
use outbox::core::reference::json::Object;
use outbox::core::settings::policy::RetryPolicy;
use outbox::worker::duration_text;

/// A time for a key/value table; 0 is "never".
pub(super) fn when(at: i64, now: i64) -> String {
    if at == 0 {
        "-".to_owned()
    } else {
        format!("{} ({})", timestamp(at), relative(at, now))
    }
}

/// Decides which columns give way in a narrow table: `whole` ones (ids,
/// statuses, numbers) never wrap, `preferred` ones wrap only past
/// `PREFERRED_WIDTH`, and the rest (free text) take what is left.
pub(super) fn fit(table: &mut Table, whole: &[usize], preferred: &[usize]) {
    const PREFERRED_WIDTH: u16 = 10;
    let widths = table.column_max_content_widths();
    for (index, width) in widths.into_iter().enumerate() {
        let Some(column) = table.column_mut(index) else {
            continue;
        };
        if whole.contains(&index) {
            column.set_constraint(ColumnConstraint::ContentWidth);
        } else if preferred.contains(&index) {
            // Never below the header's own lower bound, set by `View::table`.
            let header = match column.constraint() {
                Some(ColumnConstraint::LowerBoundary(Width::Fixed(w))) => *w,
                _ => 0,
            };
            let width = (width.min(PREFERRED_WIDTH) + 1).max(header);
            column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(width)));
        }
    }
}

/// An id cut to its prefix and first 8 hex digits (`delv_2d8e6d3c`):
/// enough to tell rows apart, and what is copied from a table works as an
/// id (a unique prefix stands for the whole id).
pub(super) fn short(id: &str) -> String {
    match id.split_once('_') {
        Some((kind, digits)) if digits.len() > 8 && digits.is_char_boundary(8) => {
            format!("{kind}_{}", &digits[..8])
        }
        _ => id.to_owned(),
    }
}

pub(super) fn object_text(object: &Object) -> String {
    if object.is_empty() {
        "-".to_owned()
    } else {
        serde_json::Value::Object(object.clone()).to_string()
    }
}

pub(super) fn or_dash(text: &str) -> &str {
    if text.is_empty() { "-" } else { text }
}

pub(super) fn key_values(view: &View, rows: Vec<(&str, String)>) -> String {
    let mut table = view.table(&["field", "value"]);
    for (key, value) in rows {
        table.add_row(vec![key.to_owned(), value]);
    }
    fit(&mut table, &[0], &[]);
    view.finish(table)
}

pub(super) fn event_card(event: &Event, view: &View) -> String {
    key_values(
        view,
        vec![
            ("eventId", event.event_id.clone()),
            ("type", event.event_type.clone()),
            ("subject", or_dash(&event.subject).to_owned()),
            ("source", event.source.clone()),
            ("target", or_dash(&event.target).to_owned()),
            ("status", event.status.to_string()),
            ("payload", object_text(&event.payload)),
            (
                "subscriptions",
                or_dash(&event.subscriptions.join(", ")).to_owned(),
            ),
            ("ack", object_text(&event.ack)),
            ("createdAt", when(event.created_at, view.now)),
            ("updatedAt", when(event.updated_at, view.now)),
            ("ackAt", when(event.ack_at, view.now)),
        ],
    )
}

/// A status cell, in colour when the view has it: what needs a look
/// (failed) stands out, what is done (delivered) recedes.
fn status_cell(status: &str, view: &View) -> Cell {
    let cell = Cell::new(status);
    if !view.colour {
        return cell;
    }
    match status {
        "queued" => cell.fg(Color::Yellow),
        "claimed" => cell.fg(Color::Cyan),
        "delivered" | "acked" | "active" => cell.fg(Color::Green),
        "failed" | "disabled" => cell.fg(Color::Red),
        "canceled" | "paused" => cell.fg(Color::DarkGrey),
        _ => cell,
    }
}

pub(super) fn event_table(events: &[Event], view: &View) -> String {
    let mut table = view.table(&[
        "id", "type", "subject", "target", "status", "created", "subs",
    ]);
    for e in events {
        table.add_row(vec![
            Cell::new(short(&e.event_id)),
            Cell::new(&e.event_type),
            Cell::new(or_dash(&e.subject)),
            Cell::new(or_dash(&e.target)),
            status_cell(e.status.as_str(), view),
            Cell::new(relative(e.created_at, view.now)),
            Cell::new(e.subscriptions.len()),
        ]);
    }
    fit(&mut table, &[0, 4, 6], &[1, 3, 5]);
    view.finish(table)
}

pub(super) fn subscription_card(s: &Subscription, view: &View) -> String {
    // Secret-looking header values are never shown.
    let s = &outbox::core::settings::headers::masked(s.clone());
    key_values(
        view,
        vec![
            ("subId", s.sub_id.clone()),
            ("clientId", s.client_id.clone()),
            ("eventTypes", s.event_types.join(", ")),
            (
                "target",
                if s.target.is_empty() {
                    "(any)".to_owned()
                } else {
                    s.target.clone()
                },
            ),
            ("transport", s.transport.to_string()),
            ("endpoint", or_dash(&mask(&s.endpoint)).to_owned()),
            ("delivered when", delivered_when(s)),
            ("status", s.status.to_string()),
            ("filters", object_text(&s.filters)),
            ("retries", retries_in_force(s)),
            ("ordering", ordering_in_force(s)),
            ("protection", super::health::protection_in_force(s)),
            ("meta", object_text(&s.meta)),
            ("createdAt", when(s.created_at, view.now)),
            ("updatedAt", when(s.updated_at, view.now)),
        ],
    )
}

/// When outbox counts a delivery delivered: a 2xx answer, or the
/// broker's acknowledgement.
fn delivered_when(s: &Subscription) -> String {
    use outbox::core::records::model::Transport;
    use outbox::core::settings::endpoint::{BrokerEndpoint, is_broker};
    match s.transport {
        Transport::Poll => "its client completes it".to_owned(),
        t if is_broker(t) => BrokerEndpoint::parse(t, &s.endpoint)
            .map(|e| e.delivered_when().to_owned())
            .unwrap_or_else(|why| format!("never: {why}")),
        _ => "a 2xx answer (a2a and mcp: with no error in it)".to_owned(),
    }
}

/// Whether deliveries go one at a time per subject, and what a dead
/// letter does then.
fn ordering_in_force(s: &Subscription) -> String {
    match Ordering::from_meta(&s.meta) {
        Some(o) if o.on_dead == OnDead::Block => {
            "by subject, one at a time; a dead letter holds its subject until redriven or canceled"
                .to_owned()
        }
        Some(_) => "by subject, one at a time; a dead letter lets the next go".to_owned(),
        None => "none: deliveries go out in any order".to_owned(),
    }
}

/// The retry policy in force, as `outbox work` applies it (its default
/// backoff fills a policy without a schedule) and, where that differs, as
/// `delivery fail` by hand does (the reference's rule: due at once).
fn retries_in_force(s: &Subscription) -> String {
    let own = RetryPolicy::from_meta(&s.meta).unwrap_or_default();
    let attempts = own.max_attempts().unwrap_or(DEFAULT_MAX_ATTEMPTS);
    let schedule = |policy: &RetryPolicy| {
        let delays: Vec<String> = policy
            .schedule
            .iter()
            .map(|d| duration_text(std::time::Duration::from_secs(*d as u64)))
            .collect();
        let jitter = match policy.jitter {
            Some(j) if j > 0.0 => format!(" ±{}%", (j * 100.0).round()),
            _ => String::new(),
        };
        format!("after {}{jitter}", delays.join(", "))
    };
    if own.schedule.is_empty() {
        let by_work = own.clone().or_schedule_of(&RetryPolicy::worker_default());
        format!(
            "{attempts} attempts; outbox work retries {} (its default), delivery fail at once",
            schedule(&by_work)
        )
    } else {
        format!("{attempts} attempts, retried {}", schedule(&own))
    }
}

pub(super) fn subscription_table(subscriptions: &[Subscription], view: &View) -> String {
    // The endpoint column is there when some subscription has one: poll
    // subscriptions (the reference's default) have none to show.
    let endpoints = subscriptions.iter().any(|s| !s.endpoint.is_empty());
    let mut header = vec!["id", "client", "types", "target", "transport", "status"];
    if endpoints {
        header.push("endpoint");
    }
    let mut table = view.table(&header);
    for s in subscriptions {
        let mut row = vec![
            Cell::new(short(&s.sub_id)),
            Cell::new(&s.client_id),
            Cell::new(s.event_types.join(",")),
            Cell::new(if s.target.is_empty() {
                "(any)"
            } else {
                s.target.as_str()
            }),
            Cell::new(s.transport),
            status_cell(s.status.as_str(), view),
        ];
        if endpoints {
            row.push(Cell::new(or_dash(&mask(&s.endpoint))));
        }
        table.add_row(row);
    }
    fit(&mut table, &[0, 4, 5], &[1, 3]);
    view.finish(table)
}

/// What the delivery is waiting for (the "due/lease" column): its due time
/// while queued, its lease while claimed; nothing once it is finished.
pub(super) fn due(d: &Delivery, now: i64) -> Option<String> {
    Some(match d.status {
        DeliveryStatus::Queued if d.next_attempt_at > now => {
            format!("due {}", relative(d.next_attempt_at, now))
        }
        DeliveryStatus::Queued => "due now".to_owned(),
        DeliveryStatus::Claimed if d.lease_expires_at == 0 => "no lease".to_owned(),
        DeliveryStatus::Claimed if d.lease_expires_at <= now => {
            format!("expired {}", relative(d.lease_expires_at, now))
        }
        DeliveryStatus::Claimed => format!("lease {}", relative(d.lease_expires_at, now)),
        DeliveryStatus::Delivered | DeliveryStatus::Failed | DeliveryStatus::Canceled => {
            return None;
        }
    })
}

/// A card's status line: the status, and beside it what is due or how the
/// lease stands while there is one.
fn status_and_due(d: &Delivery, now: i64) -> String {
    match due(d, now) {
        Some(due) => format!("{} ({due})", d.status),
        None => d.status.to_string(),
    }
}

pub(super) fn delivery_card(d: &Delivery, view: &View) -> String {
    key_values(
        view,
        vec![
            ("deliveryId", d.delivery_id.clone()),
            ("eventId", d.event_id.clone()),
            ("subId", d.sub_id.clone()),
            ("clientId", or_dash(&d.client_id).to_owned()),
            ("transport", d.transport.to_string()),
            ("endpoint", or_dash(&mask(&d.endpoint)).to_owned()),
            ("status", status_and_due(d, view.now)),
            ("attempt", d.attempt.to_string()),
            ("claimedBy", or_dash(&d.claimed_by).to_owned()),
            ("lastError", or_dash(&d.last_error).to_owned()),
            ("meta", object_text(&d.meta)),
            ("createdAt", when(d.created_at, view.now)),
            ("updatedAt", when(d.updated_at, view.now)),
            ("nextAttemptAt", when(d.next_attempt_at, view.now)),
            ("claimedAt", when(d.claimed_at, view.now)),
            ("leaseExpiresAt", when(d.lease_expires_at, view.now)),
            ("deliveredAt", when(d.delivered_at, view.now)),
        ],
    )
}

/// What a delivery list may show beyond its usual columns.
#[derive(Default)]
pub(super) struct Extras<'a> {
    /// Why each held delivery (by id) is not claimable: it is shown as
    /// `held`, with this in place of when it is due.
    pub why: Option<&'a std::collections::HashMap<String, String>>,
    /// A subject column (dead letters: which subject each holds).
    pub subject: bool,
}

pub(super) fn delivery_table(deliveries: &[Delivery], view: &View) -> String {
    delivery_table_with(deliveries, view, &Extras::default())
}

/// A delivery list: the error comes last.
pub(super) fn delivery_table_with(deliveries: &[Delivery], view: &View, extras: &Extras) -> String {
    let mut columns = vec!["id", "type"];
    if extras.subject {
        columns.push("subject");
    }
    columns.extend(["client", "transport", "status", "try", "due/lease", "error"]);
    let mut table = view.table(&columns);
    for d in deliveries {
        let meta = |key: &str| {
            d.meta
                .get(key)
                .and_then(|v| v.as_str())
                .unwrap_or("-")
                .to_owned()
        };
        let why = extras.why.and_then(|why| why.get(&d.delivery_id));
        let (status, due) = match why {
            Some(why) => ("held", Some(why.clone())),
            None => (d.status.as_str(), due(d, view.now)),
        };
        let mut row = vec![
            Cell::new(short(&d.delivery_id)),
            Cell::new(meta("eventType")),
        ];
        if extras.subject {
            row.push(Cell::new(meta("subject")));
        }
        row.extend([
            Cell::new(or_dash(&d.client_id)),
            Cell::new(d.transport),
            status_cell(status, view),
            Cell::new(d.attempt),
            Cell::new(due.as_deref().unwrap_or("-")),
            Cell::new(or_dash(&d.last_error)),
        ]);
        table.add_row(row);
    }
    // The error is what a person reads a list of failures for: it keeps up
    // to ERROR_WIDTH of what the whole columns (ids, statuses, numbers) and
    // the other headers leave, and type, client and due give way first.
    const ERROR_WIDTH: u16 = 40;
    let whole: Vec<usize> = ["id", "transport", "status", "try"]
        .iter()
        .filter_map(|name| columns.iter().position(|c| c == name))
        .collect();
    fit(&mut table, &whole, &[]);
    let content = table.column_max_content_widths();
    let error = columns.len() - 1;
    let taken: u16 = columns[..error]
        .iter()
        .enumerate()
        .map(|(i, name)| {
            1 + if whole.contains(&i) {
                content[i]
            } else {
                name.len() as u16
            }
        })
        .sum();
    // One separator between each two columns.
    let left = table
        .width()
        .unwrap_or(u16::MAX)
        .saturating_sub(taken + error as u16);
    let error_width = (content[error] + 1).min(ERROR_WIDTH + 1).min(left).max(6);
    if let Some(column) = table.column_mut(error) {
        column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(error_width)));
    }
    view.finish(table)
}

/// "N things", and of how many when a total is known.
pub(super) fn tally(count: usize, total: Option<i64>, noun: Noun) -> String {
    let (one, many) = noun;
    let word = if count == 1 { one } else { many };
    match total {
        Some(total) if total != count as i64 => format!("{count} {word} (of {total})"),
        _ => format!("{count} {word}"),
    }
}

/// `word` (either form of one of the nouns below) as it reads after
/// `count`: "1 event", "800 events"; another word is left as it is.
pub(super) fn counted(word: &str, count: i64) -> &str {
    [EVENTS, SUBSCRIPTIONS, DELIVERIES, ATTEMPTS]
        .into_iter()
        .find(|(one, many)| word == *one || word == *many)
        .map_or(word, |(one, many)| if count == 1 { one } else { many })
}

pub(super) type Noun = (&'static str, &'static str);
pub(super) const EVENTS: Noun = ("event", "events");
pub(super) const SUBSCRIPTIONS: Noun = ("subscription", "subscriptions");
pub(super) const DELIVERIES: Noun = ("delivery", "deliveries");
pub(super) const ATTEMPTS: Noun = ("attempt", "attempts");
