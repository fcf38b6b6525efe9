//! The kept delivery counts in the SQLite file (`delivery_counts`, one row
//! per status, transport and client): writing a transaction's changes, and
//! counting every delivery again.

use super::sql_error;
use crate::error::Result;
use crate::store::counts::CountChanges;
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
