//! Waking waiting workers on SQLite: a thread with a connection of its own
//! reads the file's `PRAGMA data_version` every few milliseconds, which
//! changes when any other connection commits, and tells the worker to look
//! at once. As the relay watches an application's file, and at its cost:
//! one cheap read per look, and nothing to tell an idle outbox apart.

use super::sql_error;
use crate::core::records::error::Result;
use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use std::time::Duration;

/// How often the file is looked at: a commit is seen within this.
const WATCH_EVERY: Duration = Duration::from_millis(5);

fn data_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA data_version", [], |row| row.get(0))
}

/// Calls `ready` after each commit to the file at `path` by another
/// connection, from a thread of its own, until `ready` returns false or
/// the file cannot be read.
pub(super) fn watch(path: &Path, ready: Box<dyn Fn() -> bool + Send>) -> Result<()> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(|e| sql_error(&e))?;
    let mut seen = data_version(&conn).map_err(|e| sql_error(&e))?;
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(WATCH_EVERY);
            // An error ends the watch: the worker polls as if it never watched.
            let Ok(version) = data_version(&conn) else {
                return;
            };
            if version != seen {
                seen = version;
                if !ready() {
                    return;
                }
            }
        }
    });
    Ok(())
}
