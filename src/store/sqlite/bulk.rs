//! A large batch into a small file: the secondary indexes a batch enters
//! are set aside while it writes and built again at its end, by one sort
//! each, inside the same transaction. Entering rows one by one costs a
//! B-tree insert each (and, where a batch's rows scatter even in id order,
//! as in events by subject and deliveries by event, a page read and write
//! each once the index has outgrown the cache); building an index sorts its
//! entries once and fills its pages in order.

use super::{CACHE_KIB, bulk_load, sql_error};
use crate::core::records::error::Result;
use crate::store::sql::{BATCH_SET_ASIDE, LARGE_BATCH};
use rusqlite::Transaction;

/// Set aside beside [`BATCH_SET_ASIDE`]: deliveries by event, an index of
/// this schema's alone (PostgreSQL's is on the delivery keys).
const ONLY_HERE: [&str; 1] = ["deliveries_by_event"];

/// The page cache while an index is built, in KiB: SQLite's sorter holds as
/// much in memory before it spills to temporary files.
const BUILD_CACHE_KIB: i64 = 8192;

/// The same in a bulk load (see `bulk_load`), which has no WAL index to
/// hold: ten million entries of an index then sort in one merge pass
/// instead of two, within the memory the WAL index would have taken.
const BULK_BUILD_CACHE_KIB: i64 = 32768;

/// Drops the indexes of [`BATCH_SET_ASIDE`] when the batch of `events` is
/// large and at least as large as the events stored (building them again
/// then costs at most twice what the batch adds), or, for a batch of
/// unknown size (an import), when no event is stored; returns how to build
/// them again.
pub(super) fn set_aside(tx: &Transaction<'_>, events: Option<usize>) -> Result<Vec<String>> {
    if events.is_some_and(|n| n < LARGE_BATCH) {
        return Ok(Vec::new());
    }
    let stored: i64 = tx
        .query_row("SELECT coalesce(max(rowid), 0) FROM events", [], |row| {
            row.get(0)
        })
        .map_err(|e| sql_error(&e))?;
    if events.map_or(stored > 0, |n| (n as i64) < stored) {
        return Ok(Vec::new());
    }
    let mut set_aside = Vec::new();
    for name in BATCH_SET_ASIDE.iter().chain(&ONLY_HERE) {
        let sql: String = tx
            .query_row(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?1",
                [name],
                |row| row.get(0),
            )
            .map_err(|e| sql_error(&e))?;
        tx.execute_batch(&format!("DROP INDEX {name}"))
            .map_err(|e| sql_error(&e))?;
        set_aside.push(sql);
    }
    Ok(set_aside)
}

/// Builds the indexes set aside again, sorting in temporary files with a
/// small cache so that memory stays bounded, then restores the settings.
pub(super) fn build_again(tx: &Transaction<'_>, set_aside: &[String]) -> Result<()> {
    if set_aside.is_empty() {
        return Ok(());
    }
    let kib = if bulk_load::without_wal(tx) {
        BULK_BUILD_CACHE_KIB
    } else {
        BUILD_CACHE_KIB
    };
    tx.execute_batch(&format!(
        "PRAGMA temp_store = FILE; PRAGMA cache_size = -{kib};"
    ))
    .map_err(|e| sql_error(&e))?;
    for sql in set_aside {
        tx.execute_batch(sql).map_err(|e| sql_error(&e))?;
    }
    tx.execute_batch(&format!(
        "PRAGMA temp_store = MEMORY; PRAGMA cache_size = -{CACHE_KIB};"
    ))
    .map_err(|e| sql_error(&e))
}
