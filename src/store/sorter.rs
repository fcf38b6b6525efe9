//! An external sort in bounded memory: rows of text pushed in any order
//! come back ordered by key, rows of one key in the order pushed. A batch
//! writes its rows in key order through it, so that they land in order in
//! the id-keyed indexes instead of all over them.
//!
//! Up to [`IN_MEMORY`] bytes are sorted in memory; past that every row goes
//! to a private temporary SQLite database (a file that goes with the
//! process) and SQLite's own merge sorter orders them.

use super::sqlite::sql_error;
use crate::error::Result;
use rusqlite::Connection;

/// Bytes of rows held in memory before they spill to disk.
const IN_MEMORY: usize = 4 << 20;

/// SQLite's page cache and sort buffer for spilled rows, in KiB.
const SPILL_CACHE_KIB: i64 = 2048;

#[derive(Default)]
pub(crate) struct Sorter {
    rows: Vec<(String, String)>,
    held: usize,
    spilled: Option<Connection>,
    len: usize,
}

impl Sorter {
    pub fn new() -> Self {
        Self::default()
    }

    /// Rows pushed and not yet drained.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn push(&mut self, key: String, row: String) -> Result<()> {
        self.len += 1;
        if let Some(db) = &self.spilled {
            return spill(db, &key, &row);
        }
        self.held += key.len() + row.len();
        self.rows.push((key, row));
        if self.held > IN_MEMORY {
            let db = open_spill()?;
            for (key, row) in self.rows.drain(..) {
                spill(&db, &key, &row)?;
            }
            self.held = 0;
            self.rows = Vec::new();
            self.spilled = Some(db);
        }
        Ok(())
    }

    /// Hands every row to `each` in key order, then forgets them.
    pub fn drain(&mut self, each: &mut dyn FnMut(String) -> Result<()>) -> Result<()> {
        self.len = 0;
        self.held = 0;
        match self.spilled.take() {
            None => {
                let mut rows = std::mem::take(&mut self.rows);
                // Stable: rows of one key keep the order they came in.
                rows.sort_by(|a, b| a.0.cmp(&b.0));
                rows.into_iter().try_for_each(|(_, row)| each(row))
            }
            Some(db) => {
                let mut sorted = db
                    .prepare("SELECT row FROM spilled ORDER BY key, rowid")
                    .map_err(|e| sql_error(&e))?;
                let mut rows = sorted.query([]).map_err(|e| sql_error(&e))?;
                while let Some(row) = rows.next().map_err(|e| sql_error(&e))? {
                    each(row.get(0).map_err(|e| sql_error(&e))?)?;
                }
                Ok(())
            }
        }
    }
}

/// A private temporary database: SQLite makes it a file of its own, deleted
/// when the connection closes. Nothing in it needs to survive a crash.
fn open_spill() -> Result<Connection> {
    let db = Connection::open("").map_err(|e| sql_error(&e))?;
    db.execute_batch(&format!(
        "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA temp_store = FILE; \
         PRAGMA cache_size = -{SPILL_CACHE_KIB}; \
         CREATE TABLE spilled (key TEXT NOT NULL, row TEXT NOT NULL);"
    ))
    .map_err(|e| sql_error(&e))?;
    // One transaction for all the spilled rows: nothing to sync per row.
    db.execute_batch("BEGIN").map_err(|e| sql_error(&e))?;
    Ok(db)
}

fn spill(db: &Connection, key: &str, row: &str) -> Result<()> {
    db.prepare_cached("INSERT INTO spilled (key, row) VALUES (?1, ?2)")
        .and_then(|mut insert| insert.execute([key, row]))
        .map(drop)
        .map_err(|e| sql_error(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of `n` keys, several rows per key, pushed out of order.
    fn rows(n: usize) -> Vec<(String, String)> {
        (0..n * 3)
            .map(|i| {
                let key = format!("k{:08}", (i * 7_919) % n);
                (key.clone(), format!("{key}:{i}:{}", "x".repeat(100)))
            })
            .collect()
    }

    fn sorted(rows: &[(String, String)]) -> Vec<String> {
        let mut sorter = Sorter::new();
        for (key, row) in rows {
            sorter.push(key.clone(), row.clone()).unwrap();
        }
        assert_eq!(sorter.len(), rows.len());
        let mut out = Vec::new();
        sorter
            .drain(&mut |row| {
                out.push(row);
                Ok(())
            })
            .unwrap();
        assert_eq!(sorter.len(), 0);
        out
    }

    /// What a stable sort by key in memory gives.
    fn expected(rows: &[(String, String)]) -> Vec<String> {
        let mut rows = rows.to_vec();
        rows.sort_by(|a, b| a.0.cmp(&b.0));
        rows.into_iter().map(|(_, row)| row).collect()
    }

    #[test]
    fn sorts_in_memory_keeping_the_order_of_equal_keys() {
        let rows = rows(1_000);
        let out = sorted(&rows);
        assert_eq!(out, expected(&rows));
        assert_ne!(
            out,
            rows.iter().map(|r| r.1.clone()).collect::<Vec<_>>(),
            "the input was not in order already"
        );
    }

    #[test]
    fn sorts_past_memory_on_disk_the_same_way() {
        // Some 150 bytes a row: well past what is held in memory.
        let rows = rows(30_000);
        assert!(rows.iter().map(|r| r.0.len() + r.1.len()).sum::<usize>() > IN_MEMORY);
        assert_eq!(sorted(&rows), expected(&rows));
    }
}
