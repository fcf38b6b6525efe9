//! The schema of an outbox file: written into a new one, checked on
//! every open (the application id, the version, every table there), and
//! brought forward one migration per version in one transaction.

use super::{SqliteStore, refuse_unreadable, sql_error, storage_error};
use crate::core::records::error::{Error, Result, StorageCode};
use rusqlite::TransactionBehavior;
use std::path::Path;

/// Marks a SQLite file as an outbox database ("OTBX").
pub const APPLICATION_ID: i32 = 0x4F54_4258;
/// The schema of a new database, version 1.
pub const SCHEMA: &str = include_str!("../../../schema.sql");
/// Forward migrations: entry `i` takes a database from version `i + 1` to
/// `i + 2`. A new database gets them all after [`SCHEMA`].
pub(super) const MIGRATIONS: &[&str] = &[
    include_str!("../../../migrations/0002_delivery_counts.sql"),
    include_str!("../../../migrations/0003_deliveries_in_claim_order.sql"),
    include_str!("../../../migrations/0004_counts_kept_per_transaction.sql"),
    include_str!("../../../migrations/0005_subscription_secrets.sql"),
    include_str!("../../../migrations/0006_ordered_lanes.sql"),
    include_str!("../../../migrations/0007_recording_order.sql"),
    include_str!("../../../migrations/0008_subscription_health.sql"),
    include_str!("../../../migrations/0009_delivery_claims.sql"),
    include_str!("../../../migrations/0010_tallies.sql"),
    include_str!("../../../migrations/0011_event_trace_context.sql"),
    include_str!("../../../migrations/0012_indexes_by_state.sql"),
];
/// Every table of an outbox at [`SCHEMA_VERSION`].
const TABLES: [&str; 10] = [
    "events",
    "subscriptions",
    "subscription_types",
    "delivery_counts",
    "deliveries",
    "subscription_secrets",
    "lanes",
    "recording_blocks",
    "subscription_health",
    "tallies",
];
/// The schema version this binary writes.
pub const SCHEMA_VERSION: i32 = 1 + MIGRATIONS.len() as i32;

impl SqliteStore {
    /// The file's application id and schema version, how many objects its
    /// schema holds, and how many of [`TABLES`] are among them: one read.
    fn header(&self) -> rusqlite::Result<(i32, i32, i64, i64)> {
        self.conn.query_row(
            "SELECT (SELECT application_id FROM pragma_application_id), \
                    (SELECT user_version FROM pragma_user_version), \
                    (SELECT count(*) FROM sqlite_schema), \
                    (SELECT count(*) FROM sqlite_schema WHERE type = 'table' \
                        AND name IN (SELECT value FROM json_each(?1)))",
            [serde_json::to_string(&TABLES).expect("names serialise")],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
        )
    }

    pub(super) fn check_schema(&mut self, path: &Path) -> Result<()> {
        let (app, version, objects, tables) =
            self.header().map_err(|e| refuse_unreadable(&e, path))?;
        match (app, version) {
            (APPLICATION_ID, SCHEMA_VERSION) => check_tables(tables, path),
            (APPLICATION_ID, v) if v > SCHEMA_VERSION => Err(Error::storage(
                StorageCode::Newer,
                format!(
                    "{} was written by a newer outbox (schema version {v}; this binary knows up to {SCHEMA_VERSION}); upgrade outbox",
                    path.display()
                ),
            )),
            (APPLICATION_ID, _) => self.migrate(path),
            (0, 0) if objects == 0 => self.create(path),
            _ => Err(Error::storage(
                StorageCode::NotOutbox,
                format!(
                    "{} is a SQLite database of another application, not an outbox",
                    path.display()
                ),
            )),
        }
    }

    /// Writes the schema into an empty file. Two processes may race here;
    /// the write lock decides, and the loser finds the schema in place.
    fn create(&mut self, path: &Path) -> Result<()> {
        // WAL cannot be switched on inside a transaction; on an empty file this changes nothing else.
        self.conn
            .query_row("PRAGMA journal_mode = WAL", [], |_| Ok(()))
            .map_err(|e| storage_error(&e, path))?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| storage_error(&e, path))?;
        let (app, _, objects): (i32, i32, i64) = tx
            .query_row(
                "SELECT (SELECT application_id FROM pragma_application_id), 0, (SELECT count(*) FROM sqlite_schema)",
                [],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .map_err(|e| storage_error(&e, path))?;
        if app == APPLICATION_ID {
            return Ok(());
        }
        if objects != 0 {
            return Err(Error::storage(
                StorageCode::NotOutbox,
                format!("{} is not an outbox database", path.display()),
            ));
        }
        tx.execute_batch(SCHEMA)
            .map_err(|e| storage_error(&e, path))?;
        for step in MIGRATIONS {
            tx.execute_batch(step)
                .map_err(|e| storage_error(&e, path))?;
        }
        tx.execute_batch(&format!(
            "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {SCHEMA_VERSION};"
        ))
        .map_err(|e| storage_error(&e, path))?;
        tx.commit().map_err(|e| storage_error(&e, path))
    }

    /// Brings an older outbox database up to [`SCHEMA_VERSION`], one step
    /// per version, in one transaction.
    fn migrate(&mut self, path: &Path) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| storage_error(&e, path))?;
        let version: i32 = tx
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(|e| storage_error(&e, path))?;
        if version < 1 {
            return Err(Error::storage(
                StorageCode::Corrupt,
                format!(
                    "{} is marked as an outbox but has no schema version",
                    path.display()
                ),
            ));
        }
        // One line says what was found and what to do, never the SQL.
        let failed = |e: rusqlite::Error| {
            let why = match &e {
                rusqlite::Error::SqlInputError { msg, .. } => msg.clone(),
                other => sql_error(other).to_string(),
            };
            let code = match sql_error(&e) {
                Error::Storage { code, .. } => code,
                _ => StorageCode::Other,
            };
            Error::storage(
                code,
                format!(
                    "{} is an outbox of schema version {version}, and bringing it to version {SCHEMA_VERSION} failed ({why}); nothing was changed: restore a backup, or export it with the outbox that wrote it",
                    path.display()
                ),
            )
        };
        for step in MIGRATIONS.iter().skip(version as usize - 1) {
            tx.execute_batch(step).map_err(failed)?;
        }
        tx.execute_batch(&format!("PRAGMA user_version = {SCHEMA_VERSION};"))
            .map_err(failed)?;
        tx.commit().map_err(failed)
    }
}

/// An outbox whose tables are not all there (one dropped by hand) is
/// damaged: refused before anything reads or writes it. `found` is how
/// many of [`TABLES`] its schema holds.
fn check_tables(found: i64, path: &Path) -> Result<()> {
    if found == TABLES.len() as i64 {
        return Ok(());
    }
    Err(Error::storage(
        StorageCode::Corrupt,
        format!(
            "{} is a damaged outbox: {} of its {} tables are missing; restore it from a backup",
            path.display(),
            TABLES.len() as i64 - found,
            TABLES.len()
        ),
    ))
}
