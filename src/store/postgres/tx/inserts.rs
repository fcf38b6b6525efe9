//! Rows inserted together: the events of a batch chunk in one statement
//! and their deliveries in another, each row given as one element of
//! arrays, so that recording 500 events costs two round trips, not 1,000.

use super::PostgresTx;
use crate::core::model::{Delivery, DeliveryStatus, Event};
use crate::error::Result;
use crate::store::postgres::rows::json_text;
use crate::store::sql::{DELIVERY_COLUMNS, EVENT_COLUMNS};
use std::collections::HashSet;

/// New events; the ids of those inserted come back (an id that exists is
/// left as it is).
fn insert_events_sql() -> String {
    format!(
        "INSERT INTO events ({EVENT_COLUMNS}) \
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], \
                              $7::text[], $8::text[], $9::text[], $10::bigint[], $11::bigint[], $12::bigint[]) \
         ON CONFLICT (event_id) DO NOTHING RETURNING event_id"
    )
}

/// New deliveries; the ids of those inserted come back.
fn insert_deliveries_sql() -> String {
    format!(
        "INSERT INTO deliveries ({DELIVERY_COLUMNS}) \
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], \
                              $7::text[], $8::bigint[], $9::text[], $10::text[], $11::text[], $12::bigint[], \
                              $13::bigint[], $14::bigint[], $15::bigint[], $16::bigint[], $17::bigint[]) \
         ON CONFLICT (delivery_id) DO NOTHING RETURNING delivery_id"
    )
}

/// One column of `rows`, as an array parameter.
fn column<R, T>(rows: &[R], f: impl Fn(&R) -> T) -> Vec<T> {
    rows.iter().map(f).collect()
}

impl PostgresTx<'_> {
    pub(super) fn insert_event_rows(&mut self, events: &[&Event]) -> Result<Vec<bool>> {
        if events.is_empty() {
            return Ok(Vec::new());
        }
        let text = |f: fn(&&Event) -> String| column(events, f);
        let number = |f: fn(&&Event) -> i64| column(events, f);
        let inserted: HashSet<String> = self
            .rows(
                &insert_events_sql(),
                &[
                    &text(|e| e.event_id.clone()),
                    &text(|e| e.event_type.clone()),
                    &text(|e| e.subject.clone()),
                    &text(|e| e.source.clone()),
                    &text(|e| e.target.clone()),
                    &text(|e| e.status.as_str().to_owned()),
                    &text(|e| json_text(&e.payload)),
                    &text(|e| json_text(&e.subscriptions)),
                    &text(|e| json_text(&e.ack)),
                    &number(|e| e.created_at),
                    &number(|e| e.updated_at),
                    &number(|e| e.ack_at),
                ],
                |row| Ok(row.get(0)),
            )?
            .into_iter()
            .collect();
        Ok(column(events, |e| inserted.contains(&e.event_id)))
    }

    pub(super) fn insert_delivery_rows(&mut self, deliveries: &[Delivery]) -> Result<Vec<bool>> {
        if deliveries.is_empty() {
            return Ok(Vec::new());
        }
        let text = |f: fn(&Delivery) -> String| column(deliveries, f);
        let number = |f: fn(&Delivery) -> i64| column(deliveries, f);
        let inserted: HashSet<String> = self
            .rows(
                &insert_deliveries_sql(),
                &[
                    &text(|d| d.delivery_id.clone()),
                    &text(|d| d.event_id.clone()),
                    &text(|d| d.sub_id.clone()),
                    &text(|d| d.client_id.clone()),
                    &text(|d| d.transport.as_str().to_owned()),
                    &text(|d| d.endpoint.clone()),
                    &text(|d| d.status.as_str().to_owned()),
                    &number(|d| d.attempt),
                    &text(|d| d.claimed_by.clone()),
                    &text(|d| d.last_error.clone()),
                    &text(|d| json_text(&d.meta)),
                    &number(|d| d.created_at),
                    &number(|d| d.updated_at),
                    &number(|d| d.next_attempt_at),
                    &number(|d| d.claimed_at),
                    &number(|d| d.lease_expires_at),
                    &number(|d| d.delivered_at),
                ],
                |row| Ok(row.get(0)),
            )?
            .into_iter()
            .collect();
        let mut answers = Vec::with_capacity(deliveries.len());
        for d in deliveries {
            let was_inserted = inserted.contains(&d.delivery_id);
            if was_inserted {
                self.counts.add(d.status, d.transport, &d.client_id, 1);
                self.made_ready |= d.status == DeliveryStatus::Queued;
            }
            answers.push(was_inserted);
        }
        Ok(answers)
    }
}
