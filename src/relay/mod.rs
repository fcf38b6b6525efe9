//! The relay: the transactional outbox's polling publisher. An application
//! inserts rows into an outbox table of its own database in the same
//! transaction as its business write; the relay moves them into the outbox
//! as events, oldest `seq` first, never losing or doubling one.
//!
//! - In the **same** PostgreSQL database as the outbox, a batch is one
//!   transaction that deletes the rows and records their events: exactly once.
//! - In **another** database (an application's SQLite file, another server),
//!   a batch is recorded and committed in the outbox first, and only then
//!   deleted from the application's table. A relay killed between the two
//!   records the same rows again: their events keep their ids (the row's
//!   `created_at` is the event's `createdAt`), and an event recorded again
//!   keeps the deliveries it has, so nothing is delivered twice.
//!
//! Rows are taken as they are found, with no "last seq" cursor, so a row
//! that commits after one with a higher `seq` was relayed is relayed too.

use crate::core::Outbox;
use crate::core::batch::{self, BatchSink};
use crate::core::ledger::announce;
use crate::core::ledger::app_rows::Conversion;
use crate::core::ledger::events::{EventRecorded, RecordEvent};
use crate::core::records::app_rows::{AppRow, FoundTable, Rejected, TableName};
use crate::core::records::error::{Error, ErrorKind, Result, StorageCode};
use crate::core::storage::Tx;
use crate::core::storage::app_table::AppTable;
use crate::telemetry::{Finished, Telemetry};
use opentelemetry::KeyValue;
use opentelemetry::trace::SpanKind;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

/// Rows deleted from an application's table per transaction of its own.
const DELETE_CHUNK: usize = 20_000;
/// Rows read ahead of the batch that records them.
const STREAM_BUFFER: usize = 1_024;

/// How long the relay runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One batch, then exit.
    Once,
    /// Until the table is empty (cron).
    Drain,
    /// Until SIGTERM or SIGINT.
    Forever,
}

/// What a relay does and where.
#[derive(Clone, Debug)]
pub struct Relay {
    pub table: TableName,
    /// Rows per batch while the relay keeps up.
    pub batch_size: i64,
    /// The most rows of one batch under a backlog: the batch after a full
    /// one takes up to this many.
    pub max_batch_size: i64,
    pub conversion: Conversion,
    pub mode: Mode,
    /// Longest wait between looks at an idle table, beside wake-ups.
    pub poll_max: Duration,
    /// When the table is in the outbox's own PostgreSQL database: its name
    /// as the outbox's session reaches it (schema-qualified).
    pub same_database: Option<FoundTable>,
    /// The OpenTelemetry export of a span per batch, when asked for.
    pub telemetry: Option<Arc<Telemetry>>,
}

/// What one batch did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Batch {
    /// Rows relayed (deleted from the table once their events were recorded).
    pub relayed: usize,
    /// Distinct events they made (identical rows of one second are one event).
    pub events: usize,
    /// Deliveries those events have.
    pub deliveries: usize,
    /// Rows moved to the rejected table, with why.
    pub rejected: Vec<Rejected>,
}

impl Batch {
    fn rows(&self) -> usize {
        self.relayed + self.rejected.len()
    }
}

/// What the relay tells as it runs.
#[derive(Debug)]
pub enum Said {
    /// A batch was relayed (every batch with `Once`; those with rows otherwise).
    Batch(Batch),
    /// Another relay holds the table: this one waits to take over.
    Standby,
    /// The one that held the table stopped; this one relays now.
    TookOver,
    /// Another relay holds the table and this one (`--once`) leaves it.
    HeldElsewhere,
    /// A database could not be used; the relay tries again after `after`.
    Retrying { error: Error, after: Duration },
}

/// Whether a failure may pass by itself: a server that restarts, a file
/// locked past the busy timeout, a full disk.
fn passing(error: &Error) -> bool {
    matches!(
        error,
        Error::Storage {
            code: StorageCode::Locked | StorageCode::Open | StorageCode::Other | StorageCode::Full,
            ..
        }
    )
}

/// What a batch's answers add up to: each event once (identical rows of
/// one second are one event), with the deliveries it has. Counted as the
/// answers come, so a large batch holds none of them.
#[derive(Default)]
struct Tally(HashMap<String, usize>);

impl BatchSink for Tally {
    fn answer(&mut self, _index: usize, recorded: EventRecorded) -> Result<()> {
        self.0
            .insert(recorded.event.event_id, recorded.deliveries.len());
        Ok(())
    }
}

impl Tally {
    fn batch(self, relayed: usize, rejected: Vec<Rejected>) -> Batch {
        Batch {
            relayed,
            events: self.0.len(),
            deliveries: self.0.values().sum(),
            rejected,
        }
    }
}

/// Splits rows into the requests the outbox takes and the rows it refuses.
fn convert(
    rows: Vec<AppRow>,
    conversion: &Conversion,
) -> (Vec<(AppRow, RecordEvent)>, Vec<Rejected>) {
    let mut good = Vec::with_capacity(rows.len());
    let mut rejected = Vec::new();
    for row in rows {
        match row.to_request(conversion) {
            Ok(req) => good.push((row, req)),
            Err(error) => rejected.push(Rejected { row, error }),
        }
    }
    (good, rejected)
}

/// A refusal of one row (not of the database): it goes to the rejected table.
fn refused(error: &Error) -> bool {
    matches!(error.kind(), ErrorKind::Input | ErrorKind::Refused)
}

impl Relay {
    /// Relays one batch of up to `limit` rows.
    pub fn batch(
        &self,
        outbox: &mut Outbox,
        source: &mut dyn AppTable,
        limit: i64,
    ) -> Result<Batch> {
        match &self.same_database {
            Some(table) => self.batch_in_one_transaction(outbox, table, limit),
            None => self.batch_recorded_then_removed(outbox, source, limit),
        }
    }

    fn batch_recorded_then_removed(
        &self,
        outbox: &mut Outbox,
        source: &mut dyn AppTable,
        limit: i64,
    ) -> Result<Batch> {
        // A look first, so an idle relay never opens a write transaction.
        if source.waiting(1)?.is_empty() {
            return Ok(Batch::default());
        }
        let mut relayed = Vec::new();
        let mut rejected = Vec::new();
        let mut tally = Tally::default();
        let conversion = &self.conversion;
        // The rows are read on a thread of their own and recorded as they
        // come, so a backlog of any size is one batch in bounded memory.
        let reading = &mut *source;
        let (recorded, read) = std::thread::scope(|scope| {
            let (send, receive) = std::sync::mpsc::sync_channel::<AppRow>(STREAM_BUFFER);
            let reader = scope.spawn(move || {
                reading.each_waiting(limit, &mut |row| {
                    send.send(row).map_err(|_| {
                        Error::input("invalid:relay", "the batch stopped reading rows")
                    })
                })
            });
            let requests = receive
                .into_iter()
                .filter_map(|row| match row.to_request(conversion) {
                    Ok(req) => {
                        relayed.push(row.seq);
                        Some(req)
                    }
                    Err(error) => {
                        rejected.push(Rejected { row, error });
                        None
                    }
                })
                .enumerate()
                .map(|(i, req)| (i + 1, Ok(req)));
            let recorded = outbox.record_events_into(requests, &mut tally, None);
            (recorded, reader.join().expect("the reader does not panic"))
        });
        match recorded {
            // Rows the outbox refuses past `to_request`'s checks must not
            // hold back the rest: each is recorded alone, and the ones
            // refused are rejected.
            Err(e) if refused(&e) => {
                let (good, refused_rows) = convert(source.waiting(limit)?, &self.conversion);
                (relayed, rejected, tally) = (Vec::new(), refused_rows, Tally::default());
                for (row, req) in good {
                    match outbox.record_events_into([(1, Ok(req))], &mut tally, None) {
                        Ok(()) => relayed.push(row.seq),
                        Err(e) if refused(&e) => rejected.push(Rejected {
                            row,
                            error: e.to_string(),
                        }),
                        Err(e) => return Err(e),
                    }
                }
            }
            Err(e) => return Err(e),
            // A read that failed part way: what was recorded is recorded
            // again next time, under the same ids; nothing is deleted now.
            Ok(()) => read?,
        }
        // Deleted in short transactions, so the application's own writes
        // never wait long for its table: a relay stopped between two
        // records the rest again, under the same ids.
        let now = outbox.clock.now();
        // Announced before the rows move: a relay stopped between the two
        // sets them aside, and announces them, again.
        outbox.announce_rejected(&self.table.to_string(), &rejected)?;
        let mut rejected_left = rejected.as_slice();
        for chunk in relayed.chunks(DELETE_CHUNK) {
            source.remove(chunk, rejected_left, now)?;
            rejected_left = &[];
        }
        if !rejected_left.is_empty() {
            source.remove(&[], rejected_left, now)?;
        }
        Ok(tally.batch(relayed.len(), rejected))
    }

    fn batch_in_one_transaction(
        &self,
        outbox: &mut Outbox,
        table: &FoundTable,
        limit: i64,
    ) -> Result<Batch> {
        match self.take_and_record(outbox, table, limit, None) {
            Err(e) if refused(&e) => {}
            done => return done,
        }
        // A row refused past the checks of `to_request`: the batch rolled
        // back whole; the rows go again one at a time, and the one refused
        // is taken into the rejected table alone.
        let mut total = Batch::default();
        for _ in 0..limit {
            let one = match self.take_and_record(outbox, table, 1, None) {
                Err(e) if refused(&e) => {
                    self.take_and_record(outbox, table, 1, Some(e.to_string()))?
                }
                other => other?,
            };
            if one.rows() == 0 {
                break;
            }
            total.relayed += one.relayed;
            total.events += one.events;
            total.deliveries += one.deliveries;
            total.rejected.extend(one.rejected);
        }
        Ok(total)
    }

    /// One transaction of the outbox's database: takes up to `limit` rows,
    /// records their events and keeps the refused rows; with `reject`, every
    /// row taken is refused for that reason instead.
    fn take_and_record(
        &self,
        outbox: &mut Outbox,
        table: &FoundTable,
        limit: i64,
        reject: Option<String>,
    ) -> Result<Batch> {
        outbox.write(|tx, now| {
            let first = tx
                .take_app_rows(table, limit, STREAM_BUFFER)?
                .ok_or_else(|| {
                    Error::input(
                        "invalid:relay",
                        "this outbox's database cannot hold the application's table",
                    )
                })?;
            // The rows are read a part at a time as the batch records them:
            // the server keeps what is taken, this process a part of it.
            let mut taken: std::collections::VecDeque<AppRow> = first.into();
            let mut rejected = Vec::new();
            let mut good = 0;
            let mut next = |tx: &mut dyn Tx| -> Result<Option<(usize, Result<RecordEvent>)>> {
                loop {
                    if taken.is_empty() {
                        taken.extend(tx.more_app_rows(STREAM_BUFFER)?);
                    }
                    let Some(row) = taken.pop_front() else {
                        return Ok(None);
                    };
                    let request = match &reject {
                        Some(error) => Err(error.clone()),
                        None => row.to_request(&self.conversion),
                    };
                    match request {
                        Ok(req) => {
                            good += 1;
                            return Ok(Some((good, Ok(req))));
                        }
                        Err(error) => rejected.push(Rejected { row, error }),
                    }
                }
            };
            let mut tally = Tally::default();
            batch::record_pulled(tx, &mut next, now, &mut tally)?;
            tx.put_rejected_rows(table, &rejected, now)?;
            announce::rejected(tx, &table.name.to_string(), &rejected, now)?;
            Ok(tally.batch(good, rejected))
        })
    }

    /// Relays until the mode says to stop or `stop` is set: takes the
    /// table's lock (waiting as a standby while another relay holds it),
    /// then relays batch after batch, waiting for wake-ups while the table
    /// is empty. A database that goes away is opened again with back-off.
    pub fn run(
        &self,
        open: &mut dyn FnMut() -> Result<(Outbox, Box<dyn AppTable>)>,
        stop: &AtomicBool,
        say: &mut dyn FnMut(Said),
    ) -> Result<()> {
        const FIRST_BACKOFF: Duration = Duration::from_millis(250);
        let mut backoff = FIRST_BACKOFF;
        let mut standby = false;
        while !stop.load(Ordering::Relaxed) {
            let outcome = self.run_connected(open, stop, say, &mut standby);
            match outcome {
                Ok(()) => return Ok(()),
                Err(error) if passing(&error) && self.mode != Mode::Once => {
                    let after = backoff.min(self.poll_max.max(FIRST_BACKOFF));
                    say(Said::Retrying { error, after });
                    sleep(after, stop);
                    backoff = (backoff * 2).min(Duration::from_secs(30));
                }
                Err(error) => return Err(error),
            }
        }
        Ok(())
    }

    fn run_connected(
        &self,
        open: &mut dyn FnMut() -> Result<(Outbox, Box<dyn AppTable>)>,
        stop: &AtomicBool,
        say: &mut dyn FnMut(Said),
        standby: &mut bool,
    ) -> Result<()> {
        let (mut outbox, mut source) = open()?;
        while !source.try_hold()? {
            // --once leaves at once; --drain and a long-running relay wait
            // for the one that holds the table (an earlier cron run, a
            // relay that is stopping), then relay.
            if self.mode == Mode::Once {
                say(Said::HeldElsewhere);
                return Ok(());
            }
            if !*standby {
                *standby = true;
                say(Said::Standby);
            }
            if sleep(Duration::from_secs(1), stop) {
                return Ok(());
            }
        }
        if std::mem::take(standby) {
            say(Said::TookOver);
        }
        // A relay that starts (or takes over) finds whatever backlog there
        // is: its first batch takes all of it, up to the most, so a backlog
        // into an empty outbox is one batch, loaded as a batch into an
        // empty outbox is. Keeping up, batches are then small.
        let mut size = self.max_batch_size.max(self.batch_size);
        loop {
            if stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let started = SystemTime::now();
            let batch = self.batch(&mut outbox, source.as_mut(), size)?;
            let rows = batch.rows() as i64;
            if let Some(telemetry) = &self.telemetry {
                if rows > 0 {
                    telemetry.record(self.span_of(&batch, started));
                }
                outbox.count_spans_dropped(telemetry.dropped_to_count(false))?;
            }
            if rows > 0 || self.mode == Mode::Once {
                say(Said::Batch(batch));
            }
            // A full batch means a backlog: the next one takes all of it, up
            // to the most, since a commit's cost is mostly the index pages it
            // touches and many rows share them (and a batch of 10,000 or more
            // into an outbox holding fewer events builds its indexes once).
            // Keeping up, batches stay small.
            let full = rows >= size;
            size = if full {
                self.max_batch_size.max(self.batch_size)
            } else {
                self.batch_size
            };
            match self.mode {
                Mode::Once => return Ok(()),
                Mode::Drain if rows == 0 => return Ok(()),
                _ if full => continue,
                Mode::Drain => continue,
                Mode::Forever => {}
            }
            // Idle: wake on a notification or a change of the file, and
            // look anyway after --poll-max, since a wake-up can be missed.
            let until = crate::core::reference::calendar::instant_after(self.poll_max);
            while !stop.load(Ordering::Relaxed) {
                let left = until.saturating_duration_since(Instant::now());
                if left.is_zero() || source.wait(left.min(Duration::from_millis(200)))? {
                    break;
                }
            }
        }
    }
}

impl Relay {
    /// The span of one batch that took rows.
    fn span_of(&self, batch: &Batch, started: SystemTime) -> Finished<'static> {
        let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        Finished {
            name: format!("relay {}", self.table),
            kind: SpanKind::Consumer,
            traceparent: "",
            tracestate: "",
            span_id: None,
            started,
            ended: SystemTime::now(),
            attributes: vec![
                KeyValue::new("outbox.relay.table", self.table.to_string()),
                KeyValue::new("outbox.relay.rows", count(batch.relayed)),
                KeyValue::new("outbox.relay.rejected", count(batch.rejected.len())),
                KeyValue::new("outbox.relay.events", count(batch.events)),
                KeyValue::new("outbox.relay.deliveries", count(batch.deliveries)),
            ],
            error: None,
        }
    }
}

/// Sleeps up to `wait`, in short steps so a stop is seen; `true` if stopped.
fn sleep(wait: Duration, stop: &AtomicBool) -> bool {
    let until = crate::core::reference::calendar::instant_after(wait);
    while !stop.load(Ordering::Relaxed) {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        std::thread::sleep(left.min(Duration::from_millis(50)));
    }
    true
}
