//! A large batch into an empty outbox: the secondary indexes its rows would
//! enter one by one are dropped inside its transaction and built again at
//! its end, one sort each. Rows in id order still land at random places of
//! events by subject and deliveries by event; once those outgrow the
//! server's buffers, each such insert reads a page and, after every
//! checkpoint, writes it whole to the WAL. A batch of ten million took
//! 533 s entering every index, 280 s setting them aside (0.85 of the rate
//! of a batch of 100,000, where entering them cost 0.70).
//!
//! Dropping an index locks its table against every other session until
//! the batch commits, so this happens only where there is nothing yet to
//! read: the same rule as SQLite's bulk load; only for a role that owns
//! the tables (one that may only write rows cannot drop an index); and
//! only when no other session is using them at that moment. Other sessions
//! then wait for the batch (up to their lock timeout), as they would for
//! any writer holding the tables; a failed batch rolls the drop back with
//! everything else.

use super::super::pg_error;
use super::PostgresTx;
use super::load;
use crate::core::records::error::Result;
use crate::store::sql::{BATCH_SET_ASIDE, LARGE_BATCH};
use postgres::error::SqlState;

/// Set aside beside [`BATCH_SET_ASIDE`]: the indexes only this schema has,
/// of the delivery keys by time and by event (SQLite keeps its deliveries
/// in time order and indexes them by event itself).
const ONLY_HERE: [&str; 2] = ["delivery_keys_by_time", "delivery_keys_by_event"];

/// No events yet, and this session may drop and build the tables'
/// indexes (it owns them): a role given only the rights to read and write
/// rows writes its batches as any other.
const EMPTY_AND_OURS: &str = "SELECT NOT EXISTS (SELECT 1 FROM events) \
     AND (SELECT bool_and(pg_has_role(relowner, 'USAGE')) FROM pg_class \
          WHERE oid IN ('events'::regclass, 'deliveries'::regclass))";

impl PostgresTx<'_> {
    /// A batch of `events` (`None`: an import) begins: its indexes set
    /// aside and its rows copied in where it is an initial load.
    pub(super) fn begin_batch(&mut self, events: Option<usize>) -> Result<()> {
        self.set_aside = self.set_indexes_aside(events)?;
        // Holding the tables, empty of events: only this load's own rows
        // are there to meet (see `load`).
        if !self.set_aside.is_empty() {
            self.load.events = Some(load::Written::default());
            let none: bool =
                self.rows("SELECT NOT EXISTS (SELECT 1 FROM deliveries)", &[], |row| {
                    Ok(row.get(0))
                })?[0];
            if none {
                self.load.deliveries = Some(load::Written::default());
            }
        }
        Ok(())
    }

    /// The batch is written: the indexes set aside are built again.
    pub(super) fn end_batch(&mut self) -> Result<()> {
        self.load = load::Load::default();
        let definitions = std::mem::take(&mut self.set_aside);
        self.build_again(&definitions)
    }

    /// Drops the indexes of [`BATCH_SET_ASIDE`] and [`ONLY_HERE`] when a
    /// batch of `events` (`None`: an import, of a size not known) is large,
    /// the outbox holds no events and this session owns its tables;
    /// returns how to build them again.
    pub(super) fn set_indexes_aside(&mut self, events: Option<usize>) -> Result<Vec<String>> {
        if events.is_some_and(|n| n < LARGE_BATCH) || !self.empty_and_ours()? {
            return Ok(Vec::new());
        }
        if !self.hold_tables()? {
            return Ok(Vec::new());
        }
        // Another batch may have written since: decide again holding the
        // tables, so no session writes between the check and the drop.
        if !self.empty_and_ours()? {
            return Ok(Vec::new());
        }
        let names: Vec<String> = BATCH_SET_ASIDE
            .iter()
            .chain(&ONLY_HERE)
            .map(|&n| n.to_owned())
            .collect();
        let definitions: Vec<String> = self.rows(
            "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ANY($1) \
             ORDER BY indexname",
            &[&names],
            |row| Ok(row.get(0)),
        )?;
        if definitions.len() == names.len() {
            self.ddl(&format!("DROP INDEX {}", names.join(", ")))?;
            Ok(definitions)
        } else {
            // A schema changed by hand: leave its indexes as they are.
            Ok(Vec::new())
        }
    }

    /// Builds the indexes [`PostgresTx::set_indexes_aside`] dropped.
    pub(super) fn build_again(&mut self, definitions: &[String]) -> Result<()> {
        self.flush()?;
        definitions.iter().try_for_each(|sql| self.ddl(sql))
    }

    /// Locks events, deliveries and their keys against every other session, if no
    /// other holds them now. Never waits: this transaction has read them
    /// already, and two batches each waiting to hold what the other reads
    /// would deadlock; a batch that finds them in use writes its rows as
    /// any other batch.
    fn hold_tables(&mut self) -> Result<bool> {
        self.ddl("SAVEPOINT outbox_hold_tables")?;
        match self.tx.batch_execute(
            "LOCK TABLE events, deliveries, delivery_keys IN ACCESS EXCLUSIVE MODE NOWAIT",
        ) {
            Ok(()) => {
                self.ddl("RELEASE SAVEPOINT outbox_hold_tables")?;
                Ok(true)
            }
            Err(e) if e.code() == Some(&SqlState::LOCK_NOT_AVAILABLE) => {
                self.ddl("ROLLBACK TO SAVEPOINT outbox_hold_tables")?;
                Ok(false)
            }
            Err(e) => Err(pg_error(&e, "cannot set indexes aside for a batch")),
        }
    }

    fn empty_and_ours(&mut self) -> Result<bool> {
        Ok(self.rows(EMPTY_AND_OURS, &[], |row| Ok(row.get(0)))?[0])
    }

    /// A statement of the schema's own, run once: not kept prepared.
    fn ddl(&mut self, sql: &str) -> Result<()> {
        self.tx
            .batch_execute(sql)
            .map_err(|e| pg_error(&e, "cannot set indexes aside for a batch"))
    }
}
