//! The kept delivery counts in the SQLite file (`delivery_counts`, one row
//! per status, transport and client): writing a transaction's changes,
//! reading them for `stats`, and counting every delivery again.

use super::SqliteTx;
use crate::core::records::error::Result;
use crate::core::storage::{DeliveryCounts, DeliveryFilter};
use crate::store::counts::{CountChanges, KeptCounts};
use crate::store::sqlite::queries;
use crate::store::sqlite::rows::counter_row;
use crate::store::sqlite::sql_error;
use rusqlite::{Transaction, params};

/// Writes the pending changes into `delivery_counts`, inside `tx`. Runs
/// before the commit and before any read of the counts.
pub(super) fn flush(changes: &mut CountChanges, tx: &Transaction<'_>) -> Result<()> {
    let changes = changes.take();
    if changes.is_empty() {
        return Ok(());
    }
    let mut stmt = tx
        .prepare_cached(
            "INSERT INTO delivery_counts (status, transport, client_id, n) VALUES (?1, ?2, ?3, ?4) \
             ON CONFLICT DO UPDATE SET n = n + excluded.n",
        )
        .map_err(|e| sql_error(&e))?;
    for (status, transport, client_id, n) in changes {
        stmt.execute(params![status.as_str(), transport.as_str(), client_id, n])
            .map_err(|e| sql_error(&e))?;
    }
    Ok(())
}

/// Counts every delivery again, for a database whose `deliveries` were
/// changed by hand.
pub(super) fn recount(tx: &Transaction<'_>) -> Result<()> {
    tx.execute_batch(
        "DELETE FROM delivery_counts; \
         INSERT INTO delivery_counts (status, transport, client_id, n) \
         SELECT status, transport, client_id, count(*) FROM deliveries GROUP BY status, transport, client_id;",
    )
    .map_err(|e| sql_error(&e))
}

impl KeptCounts for SqliteTx<'_> {
    fn kept(&mut self, filter: &DeliveryFilter) -> Result<Vec<(String, String, String, i64)>> {
        flush(&mut self.counts, &self.tx)?;
        self.run(queries::counters(filter), counter_row)
    }

    fn scheduled(&mut self, filter: &DeliveryFilter, now: i64) -> Result<i64> {
        self.run_count(queries::scheduled(filter, now))
    }

    fn expired(&mut self, filter: &DeliveryFilter, now: i64) -> Result<i64> {
        self.run_count(queries::expired(filter, now))
    }
}

impl SqliteTx<'_> {
    /// Counts by reading the deliveries a filter selects.
    pub(super) fn counted_from_rows(
        &mut self,
        filter: &DeliveryFilter,
        now: i64,
    ) -> Result<DeliveryCounts> {
        type Group = (String, String, String, [i64; 5]);
        let rare = self.type_is_rare(filter)?;
        let groups: Vec<Group> = self.run(queries::counts(filter, rare, now), |row| {
            Ok((
                row.get(0)?,
                row.get(1)?,
                row.get(2)?,
                [
                    row.get(3)?,
                    row.get(4)?,
                    row.get(5)?,
                    row.get(6)?,
                    row.get(7)?,
                ],
            ))
        })?;
        Ok(DeliveryCounts::from_groups(groups))
    }
}
