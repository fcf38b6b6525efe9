//! Rendering answers: one line of JSON with `--json`, otherwise tables and
//! readable times for people.

use comfy_table::{
    ColumnConstraint, ContentArrangement, ContentLineStyle, LineStyle, Table, TableStyle, Width,
};
use outbox::core::deliveries::{Chain, DeliveryList, DeliveryPage, DeliveryReply, StatsReply};
use outbox::core::events::{EventList, EventRecorded, EventReply};
use outbox::core::json::Object;
use outbox::core::leases::{Failed, RetryOutcome};
use outbox::core::model::{Delivery, DeliveryStatus, Event, Subscription};
use outbox::core::subscriptions::{SubscriptionList, SubscriptionReply};
use serde::Serialize;
use std::io::IsTerminal;

/// How answers are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    Human,
    Json,
}

/// Columns separated by space, a rule under the header: easy to read, to
/// grep and to fit in 80 columns.
const PLAIN: TableStyle = TableStyle::new()
    .header_lines(ContentLineStyle::none().junction(' '))
    .header_separator(LineStyle::none().fill('─').junction(' '))
    .content_lines(ContentLineStyle::none().junction(' '));

/// What a human rendering needs to know about its surroundings.
#[derive(Clone, Copy, Debug)]
pub struct View {
    /// "Now", for relative times.
    pub now: i64,
    /// Stdout is a terminal: tables may take its full width.
    pub terminal: bool,
}

impl View {
    pub fn new(now: i64) -> Self {
        View {
            now,
            terminal: std::io::stdout().is_terminal(),
        }
    }

    fn table(&self, header: &[&str]) -> Table {
        let mut table = Table::new();
        table.load_style(PLAIN);
        table.set_content_arrangement(ContentArrangement::Dynamic);
        if !self.terminal {
            // Piped output still has to fit a terminal when it lands in one later.
            table.set_width(80);
        }
        table.set_header(header.iter().copied());
        for (column, name) in table.column_iter_mut().zip(header) {
            column.set_padding((0, 1));
            // Headers never wrap; long content does.
            column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(
                name.chars().count() as u16 + 1,
            )));
        }
        table
    }
}

/// An answer that can be printed either way.
pub trait Report {
    fn json(&self) -> serde_json::Value;
    fn human(&self, view: &View) -> String;
    /// The `--json` text: one line, or one line per answer for batches.
    fn json_text(&self) -> String {
        self.json().to_string()
    }
}

/// JSON for any serialisable answer.
fn to_json<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).expect("answers serialise to JSON")
}

/// The line printed for `report` in `format`, without a trailing newline.
pub fn render(report: &dyn Report, format: OutputFormat, view: &View) -> String {
    match format {
        OutputFormat::Json => report.json_text(),
        OutputFormat::Human => report.human(view).trim_end().to_owned(),
    }
}

/// `2026-11-29 18:02:11Z`.
pub fn timestamp(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}Z",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// `in 4m`, `3h ago`, `now`.
pub fn relative(at: i64, now: i64) -> String {
    let delta = at - now;
    let span = delta.unsigned_abs();
    let amount = match span {
        0 => return "now".to_owned(),
        1..=59 => format!("{span}s"),
        60..=3_599 => format!("{}m", span / 60),
        3_600..=86_399 => format!("{}h", span / 3_600),
        _ => format!("{}d", span / 86_400),
    };
    if delta > 0 {
        format!("in {amount}")
    } else {
        format!("{amount} ago")
    }
}

/// A time for a key/value table; 0 is "never".
fn when(at: i64, now: i64) -> String {
    if at == 0 {
        "-".to_owned()
    } else {
        format!("{} ({})", timestamp(at), relative(at, now))
    }
}

/// Decides which columns give way in a narrow table: `whole` ones (ids,
/// statuses, numbers) never wrap, `preferred` ones wrap only past
/// `PREFERRED_WIDTH`, and the rest (free text) take what is left.
fn fit(table: &mut Table, whole: &[usize], preferred: &[usize]) {
    const PREFERRED_WIDTH: u16 = 20;
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

/// The first 8 hex digits of an id, without its `evt_` / `sub_` / `delv_`
/// prefix (the table says what it lists): enough to tell rows apart.
fn short(id: &str) -> String {
    let digits = id.split_once('_').map_or(id, |(_, rest)| rest);
    if digits.len() > 8 && digits.is_char_boundary(8) {
        digits[..8].to_owned()
    } else {
        id.to_owned()
    }
}

fn object_text(object: &Object) -> String {
    if object.is_empty() {
        "-".to_owned()
    } else {
        serde_json::Value::Object(object.clone()).to_string()
    }
}

fn or_dash(text: &str) -> &str {
    if text.is_empty() { "-" } else { text }
}

fn key_values(view: &View, rows: Vec<(&str, String)>) -> String {
    let mut table = view.table(&["field", "value"]);
    for (key, value) in rows {
        table.add_row(vec![key.to_owned(), value]);
    }
    fit(&mut table, &[0], &[]);
    table.trim_fmt()
}

fn event_card(event: &Event, view: &View) -> String {
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

fn event_table(events: &[Event], view: &View) -> String {
    let mut table = view.table(&[
        "id", "type", "subject", "target", "status", "created", "subs",
    ]);
    for e in events {
        table.add_row(vec![
            short(&e.event_id),
            e.event_type.clone(),
            or_dash(&e.subject).to_owned(),
            or_dash(&e.target).to_owned(),
            e.status.to_string(),
            relative(e.created_at, view.now),
            e.subscriptions.len().to_string(),
        ]);
    }
    fit(&mut table, &[0, 4, 6], &[1, 3, 5]);
    table.trim_fmt()
}

fn subscription_card(s: &Subscription, view: &View) -> String {
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
            ("endpoint", or_dash(&s.endpoint).to_owned()),
            ("status", s.status.to_string()),
            ("filters", object_text(&s.filters)),
            ("meta", object_text(&s.meta)),
            ("createdAt", when(s.created_at, view.now)),
            ("updatedAt", when(s.updated_at, view.now)),
        ],
    )
}

fn subscription_table(subscriptions: &[Subscription], view: &View) -> String {
    let mut table = view.table(&["id", "client", "types", "target", "transport", "status"]);
    for s in subscriptions {
        table.add_row(vec![
            short(&s.sub_id),
            s.client_id.clone(),
            s.event_types.join(","),
            if s.target.is_empty() {
                "(any)".to_owned()
            } else {
                s.target.clone()
            },
            s.transport.to_string(),
            s.status.to_string(),
        ]);
    }
    fit(&mut table, &[0, 4, 5], &[1, 3]);
    table.trim_fmt()
}

/// The "due / lease" column: what the delivery is waiting for.
fn due(d: &Delivery, now: i64) -> String {
    match d.status {
        DeliveryStatus::Queued if d.next_attempt_at > now => {
            format!("due {}", relative(d.next_attempt_at, now))
        }
        DeliveryStatus::Queued => "due now".to_owned(),
        DeliveryStatus::Claimed if d.lease_expires_at == 0 => "no lease".to_owned(),
        DeliveryStatus::Claimed if d.lease_expires_at <= now => {
            format!("expired {}", relative(d.lease_expires_at, now))
        }
        DeliveryStatus::Claimed => format!("lease {}", relative(d.lease_expires_at, now)),
        DeliveryStatus::Delivered => relative(d.delivered_at, now),
        _ => relative(d.updated_at, now),
    }
}

fn delivery_card(d: &Delivery, view: &View) -> String {
    key_values(
        view,
        vec![
            ("deliveryId", d.delivery_id.clone()),
            ("eventId", d.event_id.clone()),
            ("subId", d.sub_id.clone()),
            ("clientId", or_dash(&d.client_id).to_owned()),
            ("transport", d.transport.to_string()),
            ("endpoint", or_dash(&d.endpoint).to_owned()),
            ("status", format!("{} ({})", d.status, due(d, view.now))),
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

fn delivery_table(deliveries: &[Delivery], view: &View) -> String {
    let mut table = view.table(&[
        "id",
        "type",
        "client",
        "transport",
        "status",
        "try",
        "due / lease",
        "error",
    ]);
    for d in deliveries {
        let event_type = d
            .meta
            .get("eventType")
            .and_then(|v| v.as_str())
            .unwrap_or("-");
        table.add_row(vec![
            short(&d.delivery_id),
            event_type.to_owned(),
            or_dash(&d.client_id).to_owned(),
            d.transport.to_string(),
            d.status.to_string(),
            d.attempt.to_string(),
            due(d, view.now),
            or_dash(&d.last_error).to_owned(),
        ]);
    }
    fit(&mut table, &[0, 3, 4, 5], &[1, 2, 6]);
    table.trim_fmt()
}

/// "N things", and of how many when a total is known.
fn tally(count: usize, total: Option<i64>, noun: Noun) -> String {
    let (one, many) = noun;
    let word = if count == 1 { one } else { many };
    match total {
        Some(total) if total != count as i64 => format!("{count} {word} (of {total})"),
        _ => format!("{count} {word}"),
    }
}

type Noun = (&'static str, &'static str);
const EVENTS: Noun = ("event", "events");
const SUBSCRIPTIONS: Noun = ("subscription", "subscriptions");
const DELIVERIES: Noun = ("delivery", "deliveries");
const ATTEMPTS: Noun = ("attempt", "attempts");

impl Report for EventRecorded {
    fn json(&self) -> serde_json::Value {
        to_json(self)
    }
    fn human(&self, view: &View) -> String {
        let mut out = event_card(&self.event, view);
        if !self.deliveries.is_empty() {
            out.push('\n');
            out.push_str(&delivery_table(&self.deliveries, view));
        }
        out
    }
}

impl Report for EventReply {
    fn json(&self) -> serde_json::Value {
        to_json(self)
    }
    fn human(&self, view: &View) -> String {
        event_card(&self.event, view)
    }
}

impl Report for EventList {
    fn json(&self) -> serde_json::Value {
        to_json(self)
    }
    fn human(&self, view: &View) -> String {
        format!(
            "{}\n{}",
            event_table(&self.events, view),
            tally(self.count, None, EVENTS)
        )
    }
}

impl Report for SubscriptionReply {
    fn json(&self) -> serde_json::Value {
        to_json(self)
    }
    fn human(&self, view: &View) -> String {
        subscription_card(&self.subscription, view)
    }
}

impl Report for SubscriptionList {
    fn json(&self) -> serde_json::Value {
        to_json(self)
    }
    fn human(&self, view: &View) -> String {
        format!(
            "{}\n{}",
            subscription_table(&self.subscriptions, view),
            tally(self.count, None, SUBSCRIPTIONS)
        )
    }
}

impl Report for DeliveryReply {
    fn json(&self) -> serde_json::Value {
        to_json(self)
    }
    fn human(&self, view: &View) -> String {
        delivery_card(&self.delivery, view)
    }
}

impl Report for DeliveryList {
    fn json(&self) -> serde_json::Value {
        to_json(self)
    }
    fn human(&self, view: &View) -> String {
        format!(
            "{}\n{}",
            delivery_table(&self.deliveries, view),
            tally(self.count, None, DELIVERIES)
        )
    }
}

impl Report for DeliveryPage {
    fn json(&self) -> serde_json::Value {
        to_json(self)
    }
    fn human(&self, view: &View) -> String {
        format!(
            "{}\n{}",
            delivery_table(&self.deliveries, view),
            tally(self.count, Some(self.total), DELIVERIES)
        )
    }
}

impl Report for Chain {
    fn json(&self) -> serde_json::Value {
        to_json(self)
    }
    fn human(&self, view: &View) -> String {
        format!(
            "{}\n{} for event {} and subscription {}; latest {}",
            delivery_table(&self.deliveries, view),
            tally(self.count, Some(self.total as i64), ATTEMPTS),
            self.event_id,
            self.sub_id,
            self.latest_delivery_id
        )
    }
}

impl Report for Failed {
    fn json(&self) -> serde_json::Value {
        to_json(self)
    }
    fn human(&self, view: &View) -> String {
        let retry = match &self.retry {
            RetryOutcome::Scheduled {
                delivery,
                max_attempts,
                ..
            } => format!(
                "retry: attempt {} of {max_attempts} queued as {} ({})",
                delivery.attempt,
                delivery.delivery_id,
                due(delivery, view.now)
            ),
            RetryOutcome::Exhausted { max_attempts, .. } => {
                format!("retry: none, all {max_attempts} attempts used")
            }
            RetryOutcome::Disabled { .. } => "retry: none, retries disabled".to_owned(),
        };
        format!("{}\n{retry}", delivery_card(&self.delivery, view))
    }
}

impl Report for StatsReply {
    fn json(&self) -> serde_json::Value {
        to_json(self)
    }
    fn human(&self, view: &View) -> String {
        let s = &self.stats;
        let mut table = view.table(&["deliveries", "count"]);
        for (label, n) in [
            ("total", s.total),
            ("ready to claim", s.ready),
            ("scheduled later", s.scheduled),
            ("claimed, lease live", s.active_claims),
            ("claimed, lease expired", s.expired),
        ] {
            table.add_row(vec![label.to_owned(), n.to_string()]);
        }
        for (group, counts) in [
            ("status", &s.by_status),
            ("transport", &s.by_transport),
            ("client", &s.by_client),
        ] {
            for (key, n) in counts {
                table.add_row(vec![format!("{group} {key}"), n.to_string()]);
            }
        }
        table.trim_fmt()
    }
}

/// The answer to a whole `event record --batch`.
pub struct Batch(pub Vec<EventRecorded>);

impl Report for Batch {
    fn json(&self) -> serde_json::Value {
        serde_json::Value::Array(self.0.iter().map(Report::json).collect())
    }
    fn json_text(&self) -> String {
        let lines: Vec<String> = self.0.iter().map(|r| r.json().to_string()).collect();
        lines.join("\n")
    }
    fn human(&self, _view: &View) -> String {
        let deliveries: usize = self.0.iter().map(|r| r.deliveries.len()).sum();
        format!(
            "recorded {}, {}",
            tally(self.0.len(), None, EVENTS),
            tally(deliveries, None, DELIVERIES)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        assert_eq!(timestamp(0), "1970-01-01 00:00:00Z");
        assert_eq!(timestamp(1_795_975_331), "2026-11-29 18:02:11Z");
        assert_eq!(timestamp(951_782_400), "2000-02-29 00:00:00Z");
    }

    #[test]
    fn relative_times_read_naturally() {
        assert_eq!(relative(1_000 + 240, 1_000), "in 4m");
        assert_eq!(relative(1_000, 1_000 + 3 * 3600 + 5), "3h ago");
        assert_eq!(relative(1_000, 1_000), "now");
        assert_eq!(relative(1_000 + 2 * 86_400, 1_000), "in 2d");
    }
}
