//! Transitions written together: a transaction's updates of deliveries
//! wait in `pending` and go to the server as one statement before its next
//! statement or its commit, so a claim or completion of 500 deliveries is
//! one round trip, not 500.

use super::PostgresTx;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, Stage};
use crate::store::not_as_read;
use crate::store::postgres::pg_error;
use crate::store::postgres::rows::json_text;

/// The transitions of a transaction, written as one statement: each row
/// of the arrays updates one delivery, found by its key (`ANY($1)` makes
/// the key the way in whatever the planner guesses of the arrays' length:
/// joined by hash, the table would be read whole). The guards on
/// status, transport and client are written so that no index can serve
/// them: without table statistics (autovacuum off, right after a large
/// import) the planner would otherwise take an index on (transport, status,
/// ...) and walk every delivery of that group.
pub const UPDATE_DELIVERIES: &str = "UPDATE deliveries AS d SET status = v.status, claimed_by = v.claimed_by, \
     last_error = v.last_error, meta = v.meta, updated_at = v.updated_at, next_attempt_at = v.next_attempt_at, \
     claimed_at = v.claimed_at, lease_expires_at = v.lease_expires_at, delivered_at = v.delivered_at, \
     claims = v.claims \
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], \
                 $8::bigint[], $9::bigint[], $10::bigint[], $11::text[], $12::text[], $13::text[], $14::bigint[]) \
       AS v(delivery_id, status, claimed_by, last_error, meta, updated_at, next_attempt_at, claimed_at, \
            lease_expires_at, delivered_at, was, transport, client_id, claims) \
     WHERE d.delivery_id = ANY($1) AND d.delivery_id = v.delivery_id AND d.status || '' = v.was \
       AND d.transport || '' = v.transport AND d.client_id || '' = v.client_id";

impl PostgresTx<'_> {
    /// Writes the pending transitions in one statement; every one must find
    /// its delivery as it was read.
    pub(super) fn flush(&mut self) -> Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let pending = std::mem::take(&mut self.pending);
        let text = |f: fn(&(Stage, Delivery)) -> String| -> Vec<String> {
            pending.iter().map(f).collect()
        };
        let number =
            |f: fn(&Delivery) -> i64| -> Vec<i64> { pending.iter().map(|(_, d)| f(d)).collect() };
        let columns = (
            text(|(_, d)| d.delivery_id.clone()),
            text(|(_, d)| d.stage().as_str().to_owned()),
            text(|(_, d)| d.claimed_by.clone()),
            text(|(_, d)| d.last_error.clone()),
            text(|(_, d)| json_text(&d.meta)),
            number(|d| d.updated_at),
            number(|d| d.next_attempt_at),
            number(|d| d.claimed_at),
            number(|d| d.lease_expires_at),
            number(|d| d.delivered_at),
            text(|(was, _)| was.as_str().to_owned()),
            text(|(_, d)| d.transport.as_str().to_owned()),
            text(|(_, d)| d.client_id.clone()),
            number(|d| d.claims),
        );
        let statement = self.statement(UPDATE_DELIVERIES)?;
        let changed = self
            .tx
            .execute(
                &statement,
                &[
                    &columns.0,
                    &columns.1,
                    &columns.2,
                    &columns.3,
                    &columns.4,
                    &columns.5,
                    &columns.6,
                    &columns.7,
                    &columns.8,
                    &columns.9,
                    &columns.10,
                    &columns.11,
                    &columns.12,
                    &columns.13,
                ],
            )
            .map_err(|e| pg_error(&e, "write failed"))?;
        if changed != pending.len() as u64 {
            let (was, first) = &pending[0];
            return Err(not_as_read(&first.delivery_id, *was));
        }
        Ok(())
    }
}
