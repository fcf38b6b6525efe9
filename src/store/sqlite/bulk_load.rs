//! A bulk load: a large batch or import into an outbox with no events,
//! written without the WAL. In WAL mode every page of one transaction goes
//! to the WAL and stays there until the commit, and SQLite searches the WAL
//! index of that transaction for each page it writes or reads back, which
//! grows with the square of the batch (ten million events: 512.7 s in WAL
//! mode, 296.4 s without); the checkpoint then copies every page again.
//! With a rollback journal the new pages go straight into the file, once.
//!
//! The cost: while the load holds the file, readers wait for it instead of
//! reading the file as it was. So the file leaves WAL mode only when no
//! other connection has it open (SQLite refuses the change at once
//! otherwise, and the load goes through the WAL), and goes back as soon as
//! the load ends, or, if the process died during it, when outbox next
//! opens the file (SQLite has rolled the load back on that first read).

use super::sql_error;
use crate::core::records::error::Result;
use rusqlite::Connection;

/// Input of at least this many bytes is a bulk load: some 800,000 small
/// events. Smaller batches gain little and would shut readers out.
pub(super) const BULK_LOAD_BYTES: u64 = 64 << 20;

/// Takes the file out of WAL mode for a load of `bytes` of input, when the
/// load is large, the outbox holds no events and no other connection has
/// the file open; returns whether it did.
pub(super) fn leave_wal(conn: &Connection, bytes: Option<u64>) -> Result<bool> {
    if bytes.is_none_or(|bytes| bytes < BULK_LOAD_BYTES) {
        return Ok(false);
    }
    let newest: Option<i64> = conn
        .query_row("SELECT max(rowid) FROM events", [], |row| row.get(0))
        .map_err(|e| sql_error(&e))?;
    if newest.is_some() {
        return Ok(false);
    }
    Ok(journal_mode(conn, "PRAGMA journal_mode = DELETE").as_deref() == Some("delete"))
}

/// Whether the file is out of WAL mode: inside a bulk load's transaction,
/// that it is one.
pub(super) fn without_wal(conn: &Connection) -> bool {
    journal_mode(conn, "PRAGMA journal_mode").is_some_and(|mode| mode != "wal")
}

/// Puts the file back in WAL mode if it is not; false where that could not
/// be done now (another connection holds it), to be tried again later.
pub(super) fn back_to_wal(conn: &Connection) -> bool {
    match journal_mode(conn, "PRAGMA journal_mode").as_deref() {
        Some("wal") => true,
        Some(_) => journal_mode(conn, "PRAGMA journal_mode = WAL").as_deref() == Some("wal"),
        None => false,
    }
}

/// The journal mode in force after `pragma` (a `PRAGMA journal_mode`,
/// reading or setting it), or `None` where SQLite refused.
fn journal_mode(conn: &Connection, pragma: &str) -> Option<String> {
    conn.query_row(pragma, [], |row| row.get(0)).ok()
}
