//! The kept delivery counts (`delivery_counts`): the changes a transaction
//! makes, added up and written once per (status, transport, client).

use super::sql_error;
use crate::core::model::{DeliveryStatus, Transport};
use crate::error::Result;
use rusqlite::{Transaction, params};
use std::collections::HashMap;

/// Count changes not yet written. A claim of 500 deliveries of one client
/// moves two counts by 500 each: two row writes at the end instead of a
/// thousand along the way.
#[derive(Default)]
pub(super) struct CountChanges {
    /// By client first, so the common case (a group already seen) looks up
    /// by `&str` without allocating a key.
    pending: HashMap<String, HashMap<(DeliveryStatus, Transport), i64>>,
}

impl CountChanges {
    /// One delivery more (`by` = 1) or fewer (`by` = -1) in this group.
    pub(super) fn add(
        &mut self,
        status: DeliveryStatus,
        transport: Transport,
        client_id: &str,
        by: i64,
    ) {
        let groups = match self.pending.get_mut(client_id) {
            Some(groups) => groups,
            None => self.pending.entry(client_id.to_owned()).or_default(),
        };
        *groups.entry((status, transport)).or_default() += by;
    }

    /// Writes the pending changes into `delivery_counts`, inside `tx`. Runs
    /// before the commit and before any read of the counts.
    pub(super) fn flush(&mut self, tx: &Transaction<'_>) -> Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let mut stmt = tx
            .prepare_cached(
                "INSERT INTO delivery_counts (status, transport, client_id, n) VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT DO UPDATE SET n = n + excluded.n",
            )
            .map_err(|e| sql_error(&e))?;
        for (client_id, groups) in self.pending.drain() {
            for ((status, transport), n) in groups {
                if n != 0 {
                    stmt.execute(params![status.as_str(), transport.as_str(), client_id, n])
                        .map_err(|e| sql_error(&e))?;
                }
            }
        }
        Ok(())
    }
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
