//! Pruning: deleting what is finished and older than a cut-off, in short
//! transactions so workers claiming meanwhile wait a moment at most.
//!
//! A chain (every attempt of one event for one subscription) goes once its
//! latest attempt finished before the cut-off: delivered, canceled, or
//! failed with no later attempt (dead, unless dead letters are kept). A
//! chain still queued, claimed or scheduled keeps every attempt. An event
//! goes once none of its deliveries remain.

use super::replay::chains;
use crate::core::Outbox;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, DeliveryStatus, Event};
use crate::core::reference::OkTrue;
use crate::core::storage::{Cursor, EventWindow, Space, Tx};
use serde::Serialize;

/// How long a prune leaves the write lock free between its batches.
const YIELD: std::time::Duration = std::time::Duration::from_millis(3);

/// Rows a prune deletes per transaction unless told otherwise. Deleting in
/// time order touches index pages all over the file (ids are hashes), so a
/// transaction's cost is mostly pages written: measured on SQLite, 2,000
/// rows held the write lock for ~150 ms, 200 rows for ~20 ms, at nearly the
/// same overall rate while a worker claims (BENCHMARKS.md, figure 7).
pub const DEFAULT_BATCH_SIZE: i64 = 200;

/// `outbox prune`: what to delete.
#[derive(Clone, Debug)]
pub struct Prune {
    /// Finished longer ago than this many seconds.
    pub older_than: i64,
    /// Rows per transaction (deliveries and events together).
    pub batch_size: i64,
    pub keep_dead: bool,
    pub dry_run: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Deleted {
    pub deliveries: u64,
    pub events: u64,
}

/// `{"ok": true, "deleted": {...}, "dryRun": bool}`, and for people the
/// database's size before and after.
#[derive(Clone, Debug, Serialize)]
pub struct Pruned {
    pub ok: OkTrue,
    pub deleted: Deleted,
    #[serde(rename = "dryRun")]
    pub dry_run: bool,
    /// Deleted before this time (unix seconds).
    #[serde(skip)]
    pub cutoff: i64,
    #[serde(skip)]
    pub space_before: Option<Space>,
    #[serde(skip)]
    pub space_after: Option<Space>,
    /// Whether the database was vacuumed afterwards.
    #[serde(skip)]
    pub vacuumed: bool,
}

impl Outbox {
    /// Deletes (or with `dry_run` counts) what `prune` selects, a batch of
    /// rows per transaction, walking events from the oldest.
    pub fn prune(&mut self, prune: &Prune) -> Result<Pruned> {
        let cutoff = self.clock.now() - prune.older_than.max(0);
        let space_before = self.store.space()?;
        let mut deleted = Deleted::default();
        let mut cursor: Option<Cursor> = None;
        loop {
            let batch = |tx: &mut dyn Tx, _now: i64| {
                prune_batch(tx, prune, cutoff, &mut cursor, &mut deleted)
            };
            let more = if prune.dry_run {
                self.read(batch)?
            } else {
                self.write(batch)?
            };
            if !more {
                break;
            }
            if !prune.dry_run {
                // Between batches the write lock is free: give writers
                // waiting for it (workers claiming) a moment to take it.
                std::thread::sleep(YIELD);
            }
        }
        Ok(Pruned {
            ok: OkTrue,
            deleted,
            dry_run: prune.dry_run,
            cutoff,
            space_before,
            space_after: None,
            vacuumed: false,
        })
    }

    /// Vacuums the database after a prune (see [`crate::core::storage::Store::vacuum`]);
    /// false where the backend leaves it to the server.
    pub fn vacuum(&mut self) -> Result<bool> {
        self.store.vacuum()
    }

    pub fn space(&mut self) -> Result<Option<Space>> {
        self.store.space()
    }
}

/// One transaction's worth: events from the cursor on until `batch_size`
/// rows are deleted. False once no event before the cut-off is left.
fn prune_batch(
    tx: &mut dyn Tx,
    prune: &Prune,
    cutoff: i64,
    cursor: &mut Option<Cursor>,
    deleted: &mut Deleted,
) -> Result<bool> {
    let window = EventWindow {
        until: Some(cutoff),
        ..EventWindow::default()
    };
    let batch = prune.batch_size.max(1);
    let mut rows = 0;
    loop {
        let page = tx.events_in_window(&window, cursor.as_ref(), super::PAGE)?;
        for event in &page {
            *cursor = Some((event.created_at, event.event_id.clone()));
            rows += prune_event(tx, event, prune, cutoff, deleted)?;
            if rows >= batch {
                return Ok(true);
            }
        }
        if (page.len() as i64) < super::PAGE {
            return Ok(false);
        }
    }
}

/// Deletes an event's finished chains, and the event once none is left;
/// the rows deleted (or, in a dry run, that would be).
fn prune_event(
    tx: &mut dyn Tx,
    event: &Event,
    prune: &Prune,
    cutoff: i64,
    deleted: &mut Deleted,
) -> Result<i64> {
    let mut doomed: Vec<Delivery> = Vec::new();
    let mut kept_any = false;
    for chain in chains(tx.event_deliveries(&event.event_id)?) {
        let latest = chain.last().expect("a chain has an attempt");
        if finished(latest, prune.keep_dead) && latest.updated_at < cutoff {
            doomed.extend(chain);
        } else {
            kept_any = true;
        }
    }
    if !prune.dry_run && !doomed.is_empty() {
        tx.delete_deliveries(&doomed)?;
    }
    deleted.deliveries += doomed.len() as u64;
    let mut rows = doomed.len() as i64;
    if !kept_any {
        if !prune.dry_run {
            tx.delete_event(&event.event_id)?;
        }
        deleted.events += 1;
        rows += 1;
    }
    Ok(rows)
}

/// A chain's latest attempt is done with: nothing will send it again.
fn finished(latest: &Delivery, keep_dead: bool) -> bool {
    match latest.status {
        DeliveryStatus::Delivered | DeliveryStatus::Canceled => true,
        DeliveryStatus::Failed => !keep_dead,
        DeliveryStatus::Queued | DeliveryStatus::Claimed => false,
    }
}
