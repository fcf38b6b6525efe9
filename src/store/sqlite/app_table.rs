//! The application's outbox table in its own SQLite file: its DDL, and the
//! relay's reads and deletes there. The file is the application's: this
//! opens it with no persistent pragma (journal mode, `application_id`,
//! `user_version` stay the application's), and the relay's lock is a file
//! beside it, not a table in it.

use super::sql_error;
use crate::core::records::app_rows::{AppRow, Cell, FoundTable, Rejected, TableName};
use crate::core::records::error::{Error, Result, StorageCode};
use crate::core::storage::app_table::{AppTable, RejectedRow, TableStatus};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags, params_from_iter};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How often an idle relay looks at the file's `data_version`: a commit by
/// the application is seen within this, at the cost of one cheap read.
const WATCH_EVERY: Duration = Duration::from_millis(5);

/// The columns a table made before trace context lacks, and their type.
const TRACE_COLUMNS: [&str; 2] = ["traceparent", "tracestate"];

/// The DDL of the table and its rejected table: no index but the key, so an
/// insert costs the application as little as a row can. Run again, it
/// changes nothing.
pub fn schema(table: &TableName) -> String {
    let (t, r) = (table.sql(), table.rejected().sql());
    format!(
        "CREATE TABLE IF NOT EXISTS {t} (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    type       TEXT,
    subject    TEXT,
    source     TEXT,
    target     TEXT,
    payload    TEXT,
    event_id   TEXT,
    created_at INTEGER NOT NULL DEFAULT (CAST(strftime('%s', 'now') AS INTEGER)),
    traceparent TEXT,
    tracestate  TEXT
);
CREATE TABLE IF NOT EXISTS {r} (
    seq         INTEGER PRIMARY KEY,
    type        TEXT,
    subject     TEXT,
    source      TEXT,
    target      TEXT,
    payload     TEXT,
    event_id    TEXT,
    created_at  INTEGER,
    error       TEXT NOT NULL,
    rejected_at INTEGER NOT NULL,
    traceparent TEXT,
    tracestate  TEXT
);
"
    )
}

/// The application's table in its SQLite file.
pub struct SqliteAppTable {
    conn: Connection,
    path: PathBuf,
    table: FoundTable,
    /// The relay's lock, held while this is open.
    lock: Option<std::fs::File>,
    /// `PRAGMA data_version` when last looked at.
    version: i64,
}

fn storage(message: String) -> Error {
    Error::storage(StorageCode::Open, message)
}

/// Opens the application's file; `create` only for `relay init --create`.
fn open(path: &Path, create: bool) -> Result<Connection> {
    if !create && !path.exists() {
        return Err(Error::storage(
            StorageCode::Missing,
            format!(
                "no database at {}: give the application's SQLite file (outbox relay init --from FILE creates its table; with --create, the file too)",
                path.display()
            ),
        ));
    }
    let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    if create {
        flags |= OpenFlags::SQLITE_OPEN_CREATE;
    }
    let mut conn = Connection::open_with_flags(path, flags).map_err(|e| sql_error(&e))?;
    conn.busy_handler(Some(super::wait_for_the_lock))
        .map_err(|e| sql_error(&e))?;
    Ok(conn)
}

/// `relay init`: creates the tables in the application's file, and the
/// file itself only when asked to (`create`); tables made before trace
/// context get its columns (SQLite has no `ADD COLUMN IF NOT EXISTS`, so
/// this is not in [`schema`]).
pub fn init(path: &Path, table: &TableName, create: bool) -> Result<()> {
    if table.schema.is_some() {
        return Err(Error::input(
            "invalid:table",
            format!("--table {table}: SQLite has no schemas; give a plain name"),
        ));
    }
    let conn = open(path, create)?;
    conn.execute_batch(&schema(table))
        .map_err(|e| sql_error(&e))?;
    for name in [table.clone(), table.rejected()] {
        for column in TRACE_COLUMNS {
            if !has_column(&conn, &name, column)? {
                conn.execute_batch(&format!(
                    "ALTER TABLE {} ADD COLUMN {column} TEXT",
                    name.sql()
                ))
                .map_err(|e| sql_error(&e))?;
            }
        }
    }
    Ok(())
}

/// Whether `table` exists with `column`.
fn has_column(conn: &Connection, table: &TableName, column: &str) -> Result<bool> {
    conn.query_row(
        "SELECT count(*) FROM pragma_table_info(?1) WHERE name = ?2",
        [&table.name, column],
        |row| row.get::<_, i64>(0),
    )
    .map(|n| n > 0)
    .map_err(|e| sql_error(&e))
}

impl SqliteAppTable {
    pub fn open(path: &Path, table: &TableName) -> Result<Self> {
        let conn = open(path, false)?;
        let traced = |name: &TableName| -> Result<bool> {
            for column in TRACE_COLUMNS {
                if !has_column(&conn, name, column)? {
                    return Ok(false);
                }
            }
            Ok(true)
        };
        let found = FoundTable {
            name: table.clone(),
            traced: traced(table)?,
            rejected_traced: traced(&table.rejected())?,
        };
        let mut this = SqliteAppTable {
            conn,
            path: path.to_owned(),
            table: found,
            lock: None,
            version: 0,
        };
        this.version = this.data_version()?;
        let found: i64 = this
            .conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
                [&table.name],
                |row| row.get(0),
            )
            .map_err(|e| sql_error(&e))?;
        if found == 0 {
            return Err(Error::storage(
                StorageCode::Missing,
                format!(
                    "{} has no table {table}: outbox relay init --from {} --table {table} creates it",
                    path.display(),
                    path.display()
                ),
            ));
        }
        Ok(this)
    }

    fn data_version(&self) -> Result<i64> {
        self.conn
            .query_row("PRAGMA data_version", [], |row| row.get(0))
            .map_err(|e| sql_error(&e))
    }

    /// The lock file: one per table, beside the application's file.
    fn lock_path(&self) -> PathBuf {
        let mut name = self.path.file_name().unwrap_or_default().to_owned();
        name.push(format!(".outbox-relay-{}.lock", self.table.name.name));
        self.path.with_file_name(name)
    }

    fn lock_file(&self) -> Result<Option<std::fs::File>> {
        use std::os::fd::AsRawFd;
        let path = self.lock_path();
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| {
                storage(format!(
                    "cannot open the relay's lock {}: {e}",
                    path.display()
                ))
            })?;
        // SAFETY: flock on a descriptor this function owns; it is released
        // when the file closes, or when the process dies.
        let taken = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0;
        Ok(taken.then_some(file))
    }
}

fn cell(value: ValueRef<'_>) -> Cell {
    match value {
        ValueRef::Null => Cell::Null,
        ValueRef::Integer(n) => Cell::Integer(n),
        ValueRef::Real(x) => Cell::Real(x),
        ValueRef::Text(t) => Cell::Text(String::from_utf8_lossy(t).into_owned()),
        ValueRef::Blob(b) => Cell::Blob(b.to_vec()),
    }
}

fn value(cell: &Cell) -> rusqlite::types::Value {
    use rusqlite::types::Value;
    match cell {
        Cell::Null => Value::Null,
        Cell::Text(t) => Value::Text(t.clone()),
        Cell::Integer(n) => Value::Integer(*n),
        Cell::Real(x) => Value::Real(*x),
        Cell::Blob(b) => Value::Blob(b.clone()),
        Cell::Json(v) => Value::Text(v.to_string()),
    }
}

impl AppTable for SqliteAppTable {
    fn try_hold(&mut self) -> Result<bool> {
        if self.lock.is_none() {
            self.lock = self.lock_file()?;
        }
        Ok(self.lock.is_some())
    }

    fn each_waiting(
        &mut self,
        limit: i64,
        each: &mut dyn FnMut(AppRow) -> Result<()>,
    ) -> Result<()> {
        let sql = format!(
            "SELECT {} FROM {} ORDER BY seq LIMIT ?1",
            self.table.columns(),
            self.table.name.sql()
        );
        let mut statement = self.conn.prepare_cached(&sql).map_err(|e| sql_error(&e))?;
        let mut rows = statement.query([limit]).map_err(|e| sql_error(&e))?;
        while let Some(row) = rows.next().map_err(|e| sql_error(&e))? {
            let read = |i: usize| row.get_ref(i).map(cell).map_err(|e| sql_error(&e));
            each(AppRow {
                seq: row.get(0).map_err(|e| sql_error(&e))?,
                event_type: read(1)?,
                subject: read(2)?,
                source: read(3)?,
                target: read(4)?,
                payload: read(5)?,
                event_id: read(6)?,
                created_at: match row.get_ref(7).map_err(|e| sql_error(&e))? {
                    ValueRef::Integer(n) => n,
                    ValueRef::Real(x) => x as i64,
                    _ => 0,
                },
                traceparent: read(8)?,
                tracestate: read(9)?,
            })?;
        }
        Ok(())
    }

    fn remove(&mut self, relayed: &[i64], rejected: &[Rejected], now: i64) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(|e| sql_error(&e))?;
        {
            let traced = self.table.rejected_traced;
            let mut reject = tx
                .prepare_cached(&format!(
                    "INSERT OR REPLACE INTO {} (seq, type, subject, source, target, payload, event_id, created_at, error, rejected_at{}) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10{})",
                    self.table.name.rejected().sql(),
                    if traced { ", traceparent, tracestate" } else { "" },
                    if traced { ", ?11, ?12" } else { "" },
                ))
                .map_err(|e| sql_error(&e))?;
            let mut delete = tx
                .prepare_cached(&format!(
                    "DELETE FROM {} WHERE seq = ?1",
                    self.table.name.sql()
                ))
                .map_err(|e| sql_error(&e))?;
            for Rejected { row, error } in rejected {
                let cells = [
                    &row.event_type,
                    &row.subject,
                    &row.source,
                    &row.target,
                    &row.payload,
                    &row.event_id,
                ];
                let mut values = vec![rusqlite::types::Value::Integer(row.seq)];
                values.extend(cells.into_iter().map(value));
                values.push(row.created_at.into());
                values.push(error.clone().into());
                values.push(now.into());
                if traced {
                    values.extend([&row.traceparent, &row.tracestate].into_iter().map(value));
                }
                reject
                    .execute(params_from_iter(values))
                    .map_err(|e| sql_error(&e))?;
                delete.execute([row.seq]).map_err(|e| sql_error(&e))?;
            }
            for seq in relayed {
                delete.execute([seq]).map_err(|e| sql_error(&e))?;
            }
        }
        tx.commit().map_err(|e| sql_error(&e))
    }

    fn wait(&mut self, timeout: Duration) -> Result<bool> {
        let until = crate::core::reference::calendar::instant_after(timeout);
        loop {
            let version = self.data_version()?;
            if version != self.version {
                self.version = version;
                return Ok(true);
            }
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(false);
            }
            std::thread::sleep(left.min(WATCH_EVERY));
        }
    }

    fn rejected_rows(&mut self, limit: i64) -> Result<Vec<RejectedRow>> {
        super::rejected::list(&self.conn, &self.table, limit)
    }

    fn retry_rejected(&mut self, seqs: Option<&[i64]>) -> Result<u64> {
        super::rejected::retry(&mut self.conn, &self.table, seqs)
    }

    fn drop_rejected(&mut self, seqs: Option<&[i64]>) -> Result<u64> {
        super::rejected::drop(&self.conn, &self.table, seqs)
    }

    fn status(&mut self) -> Result<TableStatus> {
        let (waiting, oldest): (i64, Option<i64>) = self
            .conn
            .query_row(
                &format!(
                    "SELECT count(*), (SELECT created_at FROM {t} ORDER BY seq LIMIT 1) FROM {t}",
                    t = self.table.name.sql()
                ),
                [],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .map_err(|e| sql_error(&e))?;
        let rejected_exists: i64 = self
            .conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
                [&self.table.name.rejected().name],
                |row| row.get(0),
            )
            .map_err(|e| sql_error(&e))?;
        let rejected = if rejected_exists == 0 {
            0
        } else {
            self.conn
                .query_row(
                    &format!("SELECT count(*) FROM {}", self.table.name.rejected().sql()),
                    [],
                    |row| row.get(0),
                )
                .map_err(|e| sql_error(&e))?
        };
        // Running: another process holds the lock this one cannot take.
        let running = match &self.lock {
            Some(_) => true,
            None => self.lock_file()?.is_none(),
        };
        Ok(TableStatus {
            waiting,
            oldest,
            rejected,
            running,
        })
    }
}
