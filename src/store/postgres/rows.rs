//! Building PostgreSQL query text for the filters given, and reading rows
//! back into records.

use crate::core::records::error::{Error, Result, StorageCode};
use crate::core::records::model::{Delivery, Event, Place, Stage, Subscription};
use crate::core::reference::json::Object;
use crate::core::storage::DeliveryFilter;
use postgres::Row;
use postgres::types::ToSql;
use serde::de::DeserializeOwned;

pub(super) type Param = Box<dyn ToSql + Sync>;

/// SQL text with `$N` parameters, built for the filters actually given.
#[derive(Default)]
pub(super) struct Query {
    pub(super) sql: String,
    pub(super) params: Vec<Param>,
    /// The event type filtered on is rare (see `type_is_rare`): its
    /// deliveries are found through its events, not checked one by one.
    pub(super) rare_type: bool,
}

impl Query {
    pub(super) fn with_now(now: i64) -> Self {
        Query {
            params: vec![Box::new(now)],
            ..Query::default()
        }
    }

    /// A query for a list whose event type, if any, is `rare`.
    pub(super) fn of_type(rare: bool) -> Self {
        Query {
            rare_type: rare,
            ..Query::default()
        }
    }

    pub(super) fn eq(&mut self, column: &str, value: Option<&str>) {
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            self.params.push(Box::new(value.to_owned()));
            self.sql
                .push_str(&format!(" AND {column} = ${}", self.params.len()));
        }
    }

    /// `column = 'value'` for a value of outbox's own vocabulary (a
    /// status), written into the text rather than bound: the partial
    /// indexes are each for some states, and only a constant lets the
    /// planner prove a query reads rows of those states alone.
    pub(super) fn state(&mut self, column: &str, value: Option<&'static str>) {
        if let Some(value) = value {
            debug_assert!(value.bytes().all(|b| b.is_ascii_lowercase()));
            self.sql.push_str(&format!(" AND {column} = '{value}'"));
        }
    }

    /// The client and transport of `filter`, written so that no index can
    /// serve them (`column || ''`): for a count that a small partial index
    /// must serve, whatever the planner guesses without statistics.
    pub(super) fn unindexed(mut self, filter: &DeliveryFilter) -> Self {
        for (column, value) in [
            ("client_id", filter.client_id.as_deref()),
            ("transport", filter.transport.map(|t| t.as_str())),
        ] {
            if let Some(value) = value.filter(|v| !v.is_empty()) {
                self.params.push(Box::new(value.to_owned()));
                self.sql
                    .push_str(&format!(" AND {column} || '' = ${}", self.params.len()));
            }
        }
        self
    }

    pub(super) fn bind(&mut self, value: i64) -> String {
        self.params.push(Box::new(value));
        format!("${}", self.params.len())
    }

    /// `created_at` within `[since, until)`, each bound when given.
    pub(super) fn between(&mut self, since: Option<i64>, until: Option<i64>) {
        for (bound, op) in [(since, ">="), (until, "<")] {
            if let Some(at) = bound {
                self.params.push(Box::new(at));
                self.sql
                    .push_str(&format!(" AND created_at {op} ${}", self.params.len()));
            }
        }
    }

    /// ` AND delivery_id = ANY(...)` of the deliveries `keys` finds, a
    /// query of `delivery_keys` by event (the deliveries table has no index
    /// by event: its ids, read first, lead to the rows by their key).
    fn found_by_keys(&mut self, keys: String) {
        self.sql
            .push_str(&format!(" AND delivery_id = ANY(ARRAY({keys}))"));
    }

    /// The deliveries of the events whose `column` is the next parameter:
    /// each event by its own index, then its deliveries' keys by event.
    /// Fenced (`OFFSET 0`), so that no planner reads every key to join them.
    fn through_events(&mut self, column: &str) {
        let n = self.params.len();
        self.found_by_keys(format!(
            "SELECT k.delivery_id FROM events AS e CROSS JOIN LATERAL \
             (SELECT delivery_id FROM delivery_keys WHERE event_id = e.event_id OFFSET 0) AS k \
             WHERE e.{column} = ${n}"
        ));
    }

    pub(super) fn deliveries(mut self, filter: &DeliveryFilter) -> Self {
        if let Some(event_id) = filter.event_id.as_deref().filter(|v| !v.is_empty()) {
            self.params.push(Box::new(event_id.to_owned()));
            let n = self.params.len();
            self.found_by_keys(format!(
                "SELECT delivery_id FROM delivery_keys WHERE event_id = ${n}"
            ));
        }
        self.eq("sub_id", filter.sub_id.as_deref());
        self.eq("client_id", filter.client_id.as_deref());
        self.eq("transport", filter.transport.map(|t| t.as_str()));
        self.state("status", filter.stage().map(|s| s.as_str()));
        self.between(filter.since, filter.until);
        if filter.waiting && filter.in_lanes {
            self.sql.push_str(" AND lane > 0");
        }
        if let Some(event_type) = filter.event_type.as_deref().filter(|t| !t.is_empty()) {
            self.params.push(Box::new(event_type.to_owned()));
            let n = self.params.len();
            if self.rare_type {
                self.through_events("type");
            } else {
                self.sql.push_str(&format!(
                    " AND EXISTS (SELECT 1 FROM events WHERE events.event_id = deliveries.event_id AND events.type = ${n})"
                ));
            }
        }
        if let Some(subject) = filter.subject.as_deref() {
            self.params.push(Box::new(subject.to_owned()));
            self.through_events("subject");
        }
        if !filter.except_subs.is_empty() {
            self.params.push(Box::new(filter.except_subs.clone()));
            self.sql
                .push_str(&format!(" AND sub_id <> ALL(${})", self.params.len()));
        }
        self
    }
}

pub(super) fn json_text<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("records serialise to JSON")
}

pub(super) fn from_json<T: DeserializeOwned>(row: &Row, index: usize) -> Result<T> {
    // Parsed from the row's own bytes: an owned copy first was an
    // allocation and a copy of every JSON column of every row read.
    let text: &str = row.get(index);
    serde_json::from_str(text)
        .map_err(|e| corrupt(format!("column {index} holds malformed JSON: {e}")))
}

pub(super) fn parsed<T: std::str::FromStr<Err = String>>(row: &Row, index: usize) -> Result<T> {
    row.get::<_, &str>(index).parse().map_err(corrupt)
}

fn corrupt(message: String) -> Error {
    Error::storage(StorageCode::Corrupt, message)
}

pub(super) fn event_row(row: &Row) -> Result<Event> {
    Ok(Event {
        event_id: row.get(0),
        event_type: row.get(1),
        subject: row.get(2),
        source: row.get(3),
        target: row.get(4),
        status: parsed(row, 5)?,
        payload: from_json::<Object>(row, 6)?,
        subscriptions: from_json(row, 7)?,
        ack: from_json::<Object>(row, 8)?,
        created_at: row.get(9),
        updated_at: row.get(10),
        ack_at: row.get(11),
        seq: row.get(12),
        traceparent: row.get(13),
        tracestate: row.get(14),
    })
}

pub(super) fn subscription_row(row: &Row) -> Result<Subscription> {
    Ok(Subscription {
        sub_id: row.get(0),
        client_id: row.get(1),
        event_types: from_json(row, 2)?,
        target: row.get(3),
        transport: parsed(row, 4)?,
        endpoint: row.get(5),
        status: parsed(row, 6)?,
        filters: from_json::<Object>(row, 7)?,
        meta: from_json::<Object>(row, 8)?,
        created_at: row.get(9),
        updated_at: row.get(10),
    })
}

/// Where a delivery's meta is among the columns [`delivery_row`] reads.
const DELIVERY_META: usize = 10;

/// A delivery as [`delivery_row`] reads it, with its meta's text as its
/// row holds it.
pub(super) fn delivery_with_meta(row: &Row) -> Result<(Delivery, String)> {
    Ok((delivery_row(row)?, row.get(DELIVERY_META)))
}

pub(super) fn delivery_row(row: &Row) -> Result<Delivery> {
    let stage: Stage = parsed(row, 6)?;
    Ok(Delivery {
        delivery_id: row.get(0),
        event_id: row.get(1),
        sub_id: row.get(2),
        client_id: row.get(3),
        transport: parsed(row, 4)?,
        endpoint: row.get(5),
        status: stage.status(),
        attempt: row.get(7),
        claimed_by: row.get(8),
        last_error: row.get(9),
        meta: from_json::<Object>(row, DELIVERY_META)?,
        created_at: row.get(11),
        updated_at: row.get(12),
        next_attempt_at: row.get(13),
        claimed_at: row.get(14),
        lease_expires_at: row.get(15),
        delivered_at: row.get(16),
        place: Place {
            lane: row.get(17),
            seq: row.get(18),
            held: stage == Stage::Held,
        },
        claims: row.get(19),
    })
}

/// The values of a delivery that are made, not stored, to be written.
pub(super) struct DeliveryTexts {
    meta: String,
    transport: &'static str,
    stage: &'static str,
}

impl DeliveryTexts {
    pub(super) fn of(d: &Delivery) -> Self {
        DeliveryTexts {
            meta: json_text(&d.meta),
            transport: d.transport.as_str(),
            stage: d.stage().as_str(),
        }
    }
}

/// A delivery's values in the order of `DELIVERY_COLUMNS`.
pub(super) fn delivery_values<'a>(
    d: &'a Delivery,
    texts: &'a DeliveryTexts,
) -> [&'a (dyn ToSql + Sync); 20] {
    [
        &d.delivery_id,
        &d.event_id,
        &d.sub_id,
        &d.client_id,
        &texts.transport,
        &d.endpoint,
        &texts.stage,
        &d.attempt,
        &d.claimed_by,
        &d.last_error,
        &texts.meta,
        &d.created_at,
        &d.updated_at,
        &d.next_attempt_at,
        &d.claimed_at,
        &d.lease_expires_at,
        &d.delivered_at,
        &d.place.lane,
        &d.place.seq,
        &d.claims,
    ]
}

/// The values of an event that are made, not stored, to be written.
pub(super) struct EventTexts {
    status: &'static str,
    payload: String,
    subscriptions: String,
    ack: String,
}

impl EventTexts {
    pub(super) fn of(e: &Event) -> Self {
        EventTexts {
            status: e.status.as_str(),
            payload: json_text(&e.payload),
            subscriptions: json_text(&e.subscriptions),
            ack: json_text(&e.ack),
        }
    }
}

/// An event's values in the order of `EVENT_COLUMNS`.
pub(super) fn event_values<'a>(
    e: &'a Event,
    texts: &'a EventTexts,
) -> [&'a (dyn ToSql + Sync); 15] {
    [
        &e.event_id,
        &e.event_type,
        &e.subject,
        &e.source,
        &e.target,
        &texts.status,
        &texts.payload,
        &texts.subscriptions,
        &texts.ack,
        &e.created_at,
        &e.updated_at,
        &e.ack_at,
        &e.seq,
        &e.traceparent,
        &e.tracestate,
    ]
}
