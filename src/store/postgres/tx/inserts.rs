//! Rows written together: the events of a batch chunk (or of an import) in
//! one statement and their deliveries in another, each row given as one
//! element of arrays, so that writing 500 events costs two round trips,
//! not 1,000.

use super::PostgresTx;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, DeliveryStatus, Event, Stage};
use crate::store::postgres::rows::{delivery_with_meta, json_text, parsed};
use crate::store::sql::{DELIVERY_COLUMNS, DELIVERY_REPLACE, EVENT_COLUMNS, EVENT_REPLACE};
use postgres::types::ToSql;
use std::collections::HashSet;
use std::sync::LazyLock;

/// How many columns [`DELIVERY_COLUMNS`] names.
const DELIVERY_FIELDS: usize = 20;

/// Deliveries by id, locked, in id order (so two commands on overlapping
/// ids lock alike), each with its event's time, which a completion's
/// latency tally asks for: one round trip, not two.
pub(in crate::store::postgres) fn prefetch_sql() -> &'static str {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        let columns: Vec<String> = DELIVERY_COLUMNS
            .split(", ")
            .map(|c| format!("d.{c}"))
            .collect();
        assert_eq!(columns.len(), DELIVERY_FIELDS);
        format!(
            "SELECT {}, e.created_at FROM deliveries AS d \
             LEFT JOIN events AS e ON e.event_id = d.event_id \
             WHERE d.delivery_id = ANY($1) ORDER BY d.delivery_id FOR UPDATE OF d",
            columns.join(", ")
        )
    });
    &SQL
}

/// Events by their ids: those of a worker's claims.
pub(in crate::store::postgres) fn events_by_id_sql() -> &'static str {
    static SQL: LazyLock<String> =
        LazyLock::new(|| format!("SELECT {EVENT_COLUMNS} FROM events WHERE event_id = ANY($1)"));
    &SQL
}

/// When events were recorded, by their ids: a batch's latency tallies.
pub const EVENTS_RECORDED_AT: &str =
    "SELECT event_id, created_at FROM events WHERE event_id = ANY($1)";

/// The rows of `$1..$15`, one array per column of [`EVENT_COLUMNS`].
const EVENT_ROWS: &str = "SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], \
     $6::text[], $7::text[], $8::text[], $9::text[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[], \
     $14::text[], $15::text[])";

/// The rows of `$1..$20`, one array per column of [`DELIVERY_COLUMNS`].
const DELIVERY_ROWS: &str = "SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], \
     $6::text[], $7::text[], $8::bigint[], $9::text[], $10::text[], $11::text[], $12::bigint[], \
     $13::bigint[], $14::bigint[], $15::bigint[], $16::bigint[], $17::bigint[], $18::bigint[], $19::bigint[], \
     $20::bigint[])";

/// An array parameter per column, in the order of the columns.
type Arrays = Vec<Box<dyn ToSql + Sync>>;

fn event_arrays(events: &[&Event]) -> Arrays {
    let text = |f: fn(&Event) -> String| -> Box<dyn ToSql + Sync> {
        Box::new(events.iter().map(|e| f(e)).collect::<Vec<_>>())
    };
    let number = |f: fn(&Event) -> i64| -> Box<dyn ToSql + Sync> {
        Box::new(events.iter().map(|e| f(e)).collect::<Vec<_>>())
    };
    vec![
        text(|e| e.event_id.clone()),
        text(|e| e.event_type.clone()),
        text(|e| e.subject.clone()),
        text(|e| e.source.clone()),
        text(|e| e.target.clone()),
        text(|e| e.status.as_str().to_owned()),
        text(|e| json_text(&e.payload)),
        text(|e| json_text(&e.subscriptions)),
        text(|e| json_text(&e.ack)),
        number(|e| e.created_at),
        number(|e| e.updated_at),
        number(|e| e.ack_at),
        number(|e| e.seq),
        text(|e| e.traceparent.clone()),
        text(|e| e.tracestate.clone()),
    ]
}

fn delivery_arrays(deliveries: &[Delivery]) -> Arrays {
    let text = |f: fn(&Delivery) -> String| -> Box<dyn ToSql + Sync> {
        Box::new(deliveries.iter().map(f).collect::<Vec<_>>())
    };
    let number = |f: fn(&Delivery) -> i64| -> Box<dyn ToSql + Sync> {
        Box::new(deliveries.iter().map(f).collect::<Vec<_>>())
    };
    vec![
        text(|d| d.delivery_id.clone()),
        text(|d| d.event_id.clone()),
        text(|d| d.sub_id.clone()),
        text(|d| d.client_id.clone()),
        text(|d| d.transport.as_str().to_owned()),
        text(|d| d.endpoint.clone()),
        text(|d| d.stage().as_str().to_owned()),
        number(|d| d.attempt),
        text(|d| d.claimed_by.clone()),
        text(|d| d.last_error.clone()),
        text(|d| json_text(&d.meta)),
        number(|d| d.created_at),
        number(|d| d.updated_at),
        number(|d| d.next_attempt_at),
        number(|d| d.claimed_at),
        number(|d| d.lease_expires_at),
        number(|d| d.delivered_at),
        number(|d| d.place.lane),
        number(|d| d.place.seq),
        number(|d| d.claims),
    ]
}

fn params(arrays: &Arrays) -> Vec<&(dyn ToSql + Sync)> {
    arrays.iter().map(|a| a.as_ref()).collect()
}

impl PostgresTx<'_> {
    /// Runs an insert of `arrays` that returns the ids it inserted: for
    /// each of `ids`, whether it was.
    fn which_inserted<'a>(
        &mut self,
        sql: &str,
        arrays: &Arrays,
        ids: impl Iterator<Item = &'a str>,
    ) -> Result<Vec<bool>> {
        let inserted: HashSet<String> = self
            .rows(sql, &params(arrays), |row| Ok(row.get(0)))?
            .into_iter()
            .collect();
        Ok(ids.map(|id| inserted.contains(id)).collect())
    }

    /// New events; for each, whether it was inserted (an id that exists
    /// is left as it is).
    pub(super) fn insert_event_rows(&mut self, events: &[&Event]) -> Result<Vec<bool>> {
        if events.is_empty() {
            return Ok(Vec::new());
        }
        if let Some(inserted) = self.load_events(events)? {
            return Ok(inserted);
        }
        let sql = format!(
            "INSERT INTO events ({EVENT_COLUMNS}) {EVENT_ROWS} \
             ON CONFLICT (event_id) DO NOTHING RETURNING event_id"
        );
        let ids = events.iter().map(|e| e.event_id.as_str());
        self.which_inserted(&sql, &event_arrays(events), ids)
    }

    /// Events inserted or replaced, whose ids all differ.
    pub(super) fn put_event_rows(&mut self, events: &[&Event]) -> Result<()> {
        if events.is_empty() {
            return Ok(());
        }
        for e in events {
            self.load.met_event(&e.event_id);
        }
        let sql = format!("INSERT INTO events ({EVENT_COLUMNS}) {EVENT_ROWS} {EVENT_REPLACE}");
        let arrays = event_arrays(events);
        self.execute(&sql, &params(&arrays)).map(drop)
    }

    /// New deliveries; for each, whether it was inserted.
    pub(super) fn insert_delivery_rows(&mut self, deliveries: &[Delivery]) -> Result<Vec<bool>> {
        if deliveries.is_empty() {
            return Ok(Vec::new());
        }
        for d in deliveries {
            self.row_written(&d.delivery_id);
        }
        let answers = match self.load_deliveries(deliveries)? {
            Some(answers) => answers,
            None => {
                let sql = format!(
                    "INSERT INTO deliveries ({DELIVERY_COLUMNS}) {DELIVERY_ROWS} \
                     ON CONFLICT (delivery_id) DO NOTHING RETURNING delivery_id"
                );
                let ids = deliveries.iter().map(|d| d.delivery_id.as_str());
                self.which_inserted(&sql, &delivery_arrays(deliveries), ids)?
            }
        };
        for (d, _) in deliveries.iter().zip(&answers).filter(|(_, new)| **new) {
            self.counts.added(d);
            self.made_ready |= d.stage() == Stage::Is(DeliveryStatus::Queued);
        }
        Ok(answers)
    }

    /// Deliveries inserted or replaced, whose ids all differ. The rows
    /// replaced are read in the same statement, as they were before it,
    /// so that their counts move with them.
    pub(super) fn put_delivery_rows(&mut self, deliveries: &[Delivery]) -> Result<()> {
        if deliveries.is_empty() {
            return Ok(());
        }
        for d in deliveries {
            self.row_written(&d.delivery_id);
            self.load.met_delivery(&d.delivery_id);
        }
        let sql = format!(
            "WITH replaced AS (SELECT status, transport, client_id FROM deliveries \
                               WHERE delivery_id = ANY($1) FOR UPDATE), \
                  written AS (INSERT INTO deliveries ({DELIVERY_COLUMNS}) {DELIVERY_ROWS} {DELIVERY_REPLACE}) \
             SELECT status, transport, client_id FROM replaced"
        );
        let arrays = delivery_arrays(deliveries);
        let replaced = self.rows(&sql, &params(&arrays), |row| {
            Ok((parsed(row, 0)?, parsed(row, 1)?, row.get::<_, String>(2)))
        })?;
        for (status, transport, client_id) in replaced {
            self.counts.add(status, transport, &client_id, -1);
        }
        for d in deliveries {
            self.counts.added(d);
            self.made_ready |= d.stage() == Stage::Is(DeliveryStatus::Queued);
        }
        Ok(())
    }

    /// Reads when the event `event_id` was recorded, with those of every
    /// delivery still read ahead: the completions of a batch ask one by one,
    /// and this makes them one query. Unlocked: an event's `createdAt` never
    /// changes.
    pub(super) fn read_recorded_at(&mut self, event_id: &str) -> Result<()> {
        let mut ids: Vec<String> = self
            .prefetched
            .values()
            .flatten()
            .map(|d| d.event_id.clone())
            .filter(|id| !self.recorded_at.contains_key(id))
            .collect();
        ids.push(event_id.to_owned());
        ids.sort_unstable();
        ids.dedup();
        let found = self.by_index(|tx| {
            tx.rows_beside_pending(EVENTS_RECORDED_AT, &[&ids], |row| {
                Ok((row.get::<_, String>(0), row.get::<_, i64>(1)))
            })
        })?;
        self.recorded_at.extend(found);
        Ok(())
    }

    /// The deliveries of `delivery_ids`, read and locked ahead of their
    /// lookups in one statement (see `Tx::prefetch_deliveries`).
    pub(super) fn prefetch_rows(&mut self, delivery_ids: &[String]) -> Result<()> {
        if !self.write || delivery_ids.len() < 2 {
            return Ok(());
        }
        let ids: Vec<&str> = delivery_ids.iter().map(String::as_str).collect();
        // Without table statistics the planner may read all deliveries for
        // a few hundred ids; measured: 650 ms a lookup at 200,000 rows,
        // where the key's index takes a few.
        let found = self.by_index(|tx| {
            tx.rows(prefetch_sql(), &[&ids], |row| {
                Ok((
                    delivery_with_meta(row)?,
                    row.get::<_, Option<i64>>(DELIVERY_FIELDS),
                ))
            })
        })?;
        // Room for them all at once: grown a rehash at a time, the map
        // moved every delivery already in it again (5% of the drain
        // thread's time in a profile of figure 9).
        self.prefetched.reserve(delivery_ids.len());
        for id in delivery_ids {
            self.prefetched.insert(id.clone(), None);
        }
        for (found, recorded_at) in found {
            let found = self.read_to_write(found);
            if let Some(at) = recorded_at {
                self.recorded_at.insert(found.event_id.clone(), at);
            }
            self.prefetched
                .insert(found.delivery_id.clone(), Some(found));
        }
        Ok(())
    }
}
