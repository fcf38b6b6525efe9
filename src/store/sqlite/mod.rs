//! The SQLite backend: opening (and creating, and refusing) database files,
//! the schema version, and the mapping of SQLite failures to error codes.

pub mod app_table;
mod bulk;
mod bulk_load;
mod file;
mod held;
mod ledger;
#[cfg(test)]
mod plans;
mod queries;
mod rejected;
mod rows;
mod schema;
mod tx;
mod watch;

use file::{check_file, create_private};
pub use file::{forget_created, readable_by_others};
pub use schema::{APPLICATION_ID, SCHEMA, SCHEMA_VERSION};

use super::Durability;
use crate::core::records::error::{Error, Result, StorageCode};
use crate::core::records::model::Event;
use crate::core::storage::{EventReader, Space, Store, Tx};
use rusqlite::{Connection, ErrorCode, OpenFlags, TransactionBehavior};
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

/// The page cache of a connection, in KiB (see [`SqliteStore::open`]).
const CACHE_KIB: i64 = 32 * 1024;
/// The page cache of a worker's connection, in KiB (see `Store::working`):
/// a drain of 1,000,000 deliveries works on a few hundred pages at a time.
const WORKER_CACHE_KIB: i64 = 4 * 1024;
/// The page cache of a worker's event reader (see `Store::event_reader`):
/// the events it reads are spread over the whole table, so a larger one
/// would fill without being read again.
const READER_CACHE_KIB: i64 = 1024;

/// How long a writer waits for another process's write lock, unless told.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The wait in force, in milliseconds: one setting for the whole process
/// (`--busy-timeout`), read by the busy handler, which can hold no state.
static BUSY_TIMEOUT_MS: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(BUSY_TIMEOUT.as_millis() as u64);

/// Plans that do not depend on the values bound (SQLite's query planner
/// stability guarantee): without it, a statement whose plan could use a
/// bound value (a `LIMIT`, a value a partial index names) is prepared
/// again whenever that value changes, as the worker's turns did with
/// every claim. The plan tests run on connections made the same way.
pub(super) fn plan_stably(conn: &Connection) -> rusqlite::Result<()> {
    conn.set_db_config(
        rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG,
        true,
    )
    .map(drop)
}

/// Sets how long connections opened from now on wait for a locked file.
pub fn set_busy_timeout(wait: Duration) {
    let ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX);
    BUSY_TIMEOUT_MS.store(ms, std::sync::atomic::Ordering::Relaxed);
}

/// SQLite's own busy handler backs off to 100 ms between tries, so a
/// writer that frees the lock for a moment (a prune between batches, a
/// worker between claims) is rarely seen by those waiting and one process
/// can hold the file for long runs. Trying again every millisecond, up to
/// the busy timeout, lets waiters in at the first gap.
fn wait_for_the_lock(tries: i32) -> bool {
    const STEP: Duration = Duration::from_millis(1);
    let limit = BUSY_TIMEOUT_MS.load(std::sync::atomic::Ordering::Relaxed);
    if u128::from(tries.unsigned_abs()) * STEP.as_millis() >= u128::from(limit) {
        return false;
    }
    std::thread::sleep(STEP);
    true
}

/// One outbox database file.
pub struct SqliteStore {
    conn: Connection,
    path: std::path::PathBuf,
    /// A bulk load took the file out of WAL mode (see `bulk_load`).
    without_wal: bool,
    /// The claimed deliveries a worker's connection wrote (see `held`);
    /// none for any other.
    held: Option<held::Held>,
}

impl SqliteStore {
    /// Opens the outbox at `path`, creating it with its schema when the file
    /// does not exist or is empty. A file that is not SQLite, belongs to
    /// another application, or comes from a newer outbox is refused before
    /// anything is written to it.
    pub fn open(path: &Path) -> Result<Self> {
        Self::open_with(path, Durability::Full)
    }

    /// Opens the outbox at `path` only if it is there: commands that just
    /// read or move what exists never leave an empty file behind a typo.
    pub fn open_existing(path: &Path, durability: Durability) -> Result<Self> {
        let missing = |why: String| {
            Error::storage(
                StorageCode::Missing,
                format!("{why}; `outbox init` (or a command that adds data) creates it"),
            )
        };
        match std::fs::metadata(path) {
            Ok(meta) if meta.len() > 0 => Self::open_with(path, durability),
            Ok(_) => Err(missing(format!(
                "{} is empty, not yet an outbox",
                path.display()
            ))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
                match folder {
                    // `outbox init` cannot help here: the folder comes first.
                    Some(folder) if !folder.is_dir() => Err(Error::storage(
                        StorageCode::Missing,
                        format!(
                            "no outbox at {}: the folder {} does not exist; make it (mkdir -p {}), then outbox init",
                            path.display(),
                            folder.display(),
                            folder.display()
                        ),
                    )),
                    _ => Err(missing(format!("no outbox at {}", path.display()))),
                }
            }
            Err(e) => Err(Error::storage(
                StorageCode::Open,
                format!("cannot open {}: {e}", path.display()),
            )),
        }
    }

    /// [`SqliteStore::open`] with a choice of `synchronous` setting.
    pub fn open_with(path: &Path, durability: Durability) -> Result<Self> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty())
            && !folder.is_dir()
        {
            return Err(Error::storage(
                StorageCode::Open,
                format!(
                    "cannot create {}: the folder {} does not exist; make it first (mkdir -p {})",
                    path.display(),
                    folder.display(),
                    folder.display()
                ),
            ));
        }
        check_file(path)?;
        let created = create_private(path)?;
        let opened = Self::open_checked(path, durability);
        if created {
            match opened {
                Ok(_) => file::remember_created(path),
                Err(_) => {
                    let _ = std::fs::remove_file(path);
                }
            }
        }
        opened
    }

    fn open_checked(path: &Path, durability: Durability) -> Result<Self> {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut store = Self::connect(path, path.to_string_lossy().as_ref(), flags)?;
        match store.check_schema(path) {
            Err(Error::Storage {
                code: StorageCode::ReadOnly,
                ..
            }) => {
                // A read-only file in a folder we cannot write: SQLite cannot
                // create the WAL index beside it, so read it as immutable.
                // Reads still answer; every write fails as read-only.
                let uri = format!("file:{}?immutable=1", uri_path(path));
                let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
                    | OpenFlags::SQLITE_OPEN_URI
                    | OpenFlags::SQLITE_OPEN_NO_MUTEX;
                store = Self::connect(path, &uri, flags)?;
                store.check_schema(path)?;
            }
            checked => checked?,
        }
        // Per-connection settings, set once the file is known to be ours.
        // The page cache (allocated only as pages are touched) is most of
        // what a long batch's memory grows to: 32 MiB bounds it. A batch
        // writes in id order (see core::batch), so it needs few pages at
        // once: 1,000,000 events took 113 s and 58 MB at 32 MiB, 101 s and
        // 99 MB at 64 MiB; the WAL index grows by some 8 bytes per page
        // written besides, which a batch of ten million must have room for.
        let synchronous = match durability {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        };
        store
            .conn
            .execute_batch(&format!(
                "PRAGMA foreign_keys = ON; PRAGMA synchronous = {synchronous}; PRAGMA cache_size = -{CACHE_KIB}; PRAGMA temp_store = MEMORY;"
            ))
            .map_err(|e| storage_error(&e, path))?;
        // A bulk load cut short leaves the file out of WAL mode.
        if !store.conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(true) {
            bulk_load::back_to_wal(&store.conn);
        }
        Ok(store)
    }

    fn connect(path: &Path, name: &str, flags: OpenFlags) -> Result<Self> {
        let mut conn = Connection::open_with_flags(name, flags).map_err(|e| {
            Error::storage(
                StorageCode::Open,
                format!("cannot open {}: {e}", path.display()),
            )
        })?;
        conn.busy_handler(Some(wait_for_the_lock))
            .map_err(|e| storage_error(&e, path))?;
        conn.set_prepared_statement_cache_capacity(64);
        plan_stably(&conn).map_err(|e| storage_error(&e, path))?;
        Ok(SqliteStore {
            conn,
            path: path.to_owned(),
            without_wal: false,
            held: None,
        })
    }

    fn begin(&mut self, behavior: TransactionBehavior) -> Result<Box<dyn Tx + '_>> {
        let tx = self
            .conn
            .transaction_with_behavior(behavior)
            .map_err(|e| sql_error(&e))?;
        // Kept rows are trusted only where the write lock is held.
        let holding = match (&mut self.held, behavior) {
            (Some(held), TransactionBehavior::Immediate) => {
                let version = tx
                    .prepare_cached("PRAGMA data_version")
                    .and_then(|mut stmt| stmt.query_row([], |row| row.get(0)))
                    .map_err(|e| sql_error(&e))?;
                Some(held.begin(version))
            }
            _ => None,
        };
        Ok(Box::new(tx::SqliteTx::new(tx, holding)))
    }
}

impl EventReader for SqliteStore {
    fn events(&mut self, event_ids: &[String]) -> Result<HashMap<String, Event>> {
        let mut tx = self.read()?;
        let events = tx.events_unlocked(event_ids)?;
        tx.commit()?;
        Ok(events)
    }
}

impl Store for SqliteStore {
    fn working(&mut self) {
        self.held.get_or_insert_with(held::Held::default);
        // A cache of its own size, best effort: the default serves too.
        let _ = self
            .conn
            .execute_batch(&format!("PRAGMA cache_size = -{WORKER_CACHE_KIB};"));
    }

    fn read(&mut self) -> Result<Box<dyn Tx + '_>> {
        self.begin(TransactionBehavior::Deferred)
    }

    /// A read-only connection to the same file, only in WAL mode, where
    /// its reads never hold up the worker's writes.
    fn event_reader(&self) -> Result<Option<Box<dyn EventReader>>> {
        if self.without_wal {
            return Ok(None);
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let path = &self.path;
        let reader = Self::connect(path, path.to_string_lossy().as_ref(), flags)?;
        let journal: String = reader
            .conn
            .query_row("PRAGMA journal_mode", [], |row| row.get(0))
            .map_err(|e| sql_error(&e))?;
        if !journal.eq_ignore_ascii_case("wal") {
            return Ok(None);
        }
        reader
            .conn
            .execute_batch(&format!("PRAGMA cache_size = -{READER_CACHE_KIB};"))
            .map_err(|e| sql_error(&e))?;
        Ok(Some(Box::new(reader)))
    }

    fn write(&mut self) -> Result<Box<dyn Tx + '_>> {
        // Refuse before starting, so a write that would find nothing to change
        // still tells its caller the file cannot take writes.
        if self.conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(false) {
            let message = format!(
                "{} is read-only; this command writes to it",
                self.path.display()
            );
            return Err(Error::storage(StorageCode::ReadOnly, message));
        }
        self.begin(TransactionBehavior::Immediate)
    }

    fn bulk_write(&mut self, bytes: Option<u64>) -> Result<Box<dyn Tx + '_>> {
        let writable = !self.conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(true);
        if writable && bulk_load::leave_wal(&self.conn, bytes)? {
            self.without_wal = true;
        }
        self.write()
    }

    fn end_bulk(&mut self) {
        if self.without_wal && bulk_load::back_to_wal(&self.conn) {
            self.without_wal = false;
        }
    }

    fn space(&mut self) -> Result<Option<Space>> {
        let (pages, free, page_size): (i64, i64, i64) = self
            .conn
            .query_row(
                "SELECT (SELECT page_count FROM pragma_page_count), \
                        (SELECT freelist_count FROM pragma_freelist_count), \
                        (SELECT page_size FROM pragma_page_size)",
                [],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .map_err(|e| sql_error(&e))?;
        let bytes = |n: i64| u64::try_from(n * page_size).unwrap_or(0);
        Ok(Some(Space {
            file_bytes: bytes(pages),
            free_bytes: bytes(free),
        }))
    }

    /// Watches the file's commits from a thread of its own (see `watch`).
    fn on_ready(&mut self, ready: Box<dyn Fn() -> bool + Send>) -> Result<bool> {
        watch::watch(&self.path, ready).map(|()| true)
    }

    /// `VACUUM` rewrites the whole file without its free pages, holding the
    /// write lock until it is done; then the WAL it went through is emptied
    /// so the file system gets the room back at once.
    fn vacuum(&mut self) -> Result<bool> {
        self.conn
            .execute_batch("VACUUM")
            .map_err(|e| sql_error(&e))?;
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .map_err(|e| sql_error(&e))?;
        Ok(true)
    }
}

/// `path` escaped for a `file:` URI.
fn uri_path(path: &Path) -> String {
    let mut out = String::new();
    for byte in path.to_string_lossy().bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'/' | b'-' | b'.' | b'_' | b'~' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// The first read of a file: "not a database" means it is no outbox.
fn refuse_unreadable(e: &rusqlite::Error, path: &Path) -> Error {
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => Error::storage(
            StorageCode::NotOutbox,
            format!(
                "{} is not an outbox database (not a SQLite file)",
                path.display()
            ),
        ),
        _ => storage_error(e, path),
    }
}

fn storage_error(e: &rusqlite::Error, path: &Path) -> Error {
    let err = sql_error(e);
    match err {
        Error::Storage { code, message } => {
            Error::storage(code, format!("{}: {message}", path.display()))
        }
        other => other,
    }
}

impl Drop for SqliteStore {
    fn drop(&mut self) {
        self.end_bulk();
    }
}

/// Maps a SQLite failure to a storage error code.
pub(crate) fn sql_error(e: &rusqlite::Error) -> Error {
    let code = match e.sqlite_error_code() {
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StorageCode::Locked,
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => StorageCode::Corrupt,
        Some(ErrorCode::DiskFull) => StorageCode::Full,
        Some(ErrorCode::ReadOnly | ErrorCode::PermissionDenied) => StorageCode::ReadOnly,
        Some(ErrorCode::CannotOpen) => StorageCode::Open,
        _ => StorageCode::Other,
    };
    // A cell that cannot be read back is damage, named by its record.
    if let rusqlite::Error::FromSqlConversionFailure(_, _, why) = e
        && why.to_string().starts_with("a damaged record")
    {
        return Error::storage(StorageCode::Corrupt, why.to_string());
    }
    let message = match code {
        StorageCode::Locked => {
            format!("database is locked by another process past the busy timeout ({e})")
        }
        StorageCode::ReadOnly => format!("the database is read-only and this command writes ({e})"),
        _ => e.to_string(),
    };
    Error::storage(code, message)
}

#[cfg(test)]
mod tests;
