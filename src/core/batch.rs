//! Recording a batch of any size in one transaction, its rows written in id
//! order. Every event of a batch has the same `createdAt`, so in each index
//! whose key is some columns, `createdAt` and an id, a batch's rows sit in
//! id order: written as they come they land all over those indexes (a page
//! read and written per row once the indexes outgrow the cache); written in
//! id order they land one after another. So the events are sorted by id
//! before they are written, and their first attempts are held back and
//! written at the end sorted by delivery id. Answers are made on the way,
//! in id order, each with the index of its request.

use super::RECORD_CHUNK;
use super::events::{self, EventRecorded, Prepared, RecordEvent};
use super::model::{Delivery, Event};
use crate::error::{Error, Result, StorageCode};
use crate::store::Tx;
use crate::store::sorter::Sorter;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// Where a batch's answers go, and who hears how it goes.
pub trait BatchSink {
    /// The answer to the request at `index` (0 for the batch's first
    /// request). Answers come in id order, not in the order of requests.
    fn answer(&mut self, index: usize, recorded: EventRecorded) -> Result<()>;
    /// Every request is read and checked; writing starts.
    fn read_all(&mut self, _requests: usize) {}
    /// Events written so far, after each chunk.
    fn written(&mut self, _events: usize) {}
    /// Everything is written; the transaction commits next.
    fn committing(&mut self) {}
}

/// A prepared request while the batch sorts: its index, input line, event
/// and which fields an existing event keeps.
#[derive(Deserialize)]
struct Held {
    index: usize,
    line: usize,
    event: Event,
    keeps: [bool; 3],
}

/// [`Held`] as written.
#[derive(Serialize)]
struct Holding<'a> {
    index: usize,
    line: usize,
    event: &'a Event,
    keeps: [bool; 3],
}

/// Records the batch into `tx`; the caller commits.
pub(crate) fn record<I>(
    tx: &mut dyn Tx,
    requests: I,
    now: i64,
    sink: &mut dyn BatchSink,
) -> Result<()>
where
    I: IntoIterator<Item = (usize, Result<RecordEvent>)>,
{
    let mut held = Sorter::new();
    for (index, (line, req)) in requests.into_iter().enumerate() {
        let prepared = req
            .and_then(|req| events::prepare(tx, &req, now))
            .map_err(|error| at_line(line, error))?;
        let (event, keeps) = prepared.held();
        let row = serde_json::to_string(&Holding {
            index,
            line,
            event,
            keeps,
        })
        .map_err(spill_error)?;
        held.push(event.event_id.clone(), row)?;
    }
    sink.read_all(held.len());
    tx.batch_writing(Some(held.len()))?;
    let mut firsts = HeldFirsts::default();
    let mut chunk = Chunk::default();
    held.drain(&mut |row| {
        let Held {
            index,
            line,
            event,
            keeps,
        } = serde_json::from_str(&row).map_err(spill_error)?;
        // A chunk ends before an id it holds, so a repeated id sees the
        // first written.
        if chunk.prepared.len() == RECORD_CHUNK || chunk.ids.contains(&event.event_id) {
            chunk.write(tx, now, &mut firsts, sink)?;
        }
        let prepared = Prepared::again(tx, event, keeps).map_err(|e| at_line(line, e))?;
        chunk.ids.insert(prepared.held().0.event_id.clone());
        chunk.prepared.push(prepared);
        chunk.requests.push((index, line));
        Ok(())
    })?;
    chunk.write(tx, now, &mut firsts, sink)?;
    firsts.write(tx)?;
    tx.batch_written()?;
    sink.committing();
    Ok(())
}

/// Events written together.
#[derive(Default)]
struct Chunk {
    prepared: Vec<Prepared>,
    ids: HashSet<String>,
    /// The index and input line of each.
    requests: Vec<(usize, usize)>,
    written: usize,
}

impl Chunk {
    fn write(
        &mut self,
        tx: &mut dyn Tx,
        now: i64,
        firsts: &mut HeldFirsts,
        sink: &mut dyn BatchSink,
    ) -> Result<()> {
        if self.prepared.is_empty() {
            return Ok(());
        }
        let prepared = std::mem::take(&mut self.prepared);
        let recorded =
            events::write_with(tx, prepared, now, &mut |tx, made| firsts.hold(tx, made))?;
        for ((index, line), recorded) in self.requests.drain(..).zip(recorded) {
            sink.answer(index, recorded)
                .map_err(|error| at_line(line, error))?;
        }
        self.written += self.ids.len();
        self.ids.clear();
        sink.written(self.written);
        Ok(())
    }
}

/// First attempts held back to be written at the end of the batch in id
/// order.
#[derive(Default)]
struct HeldFirsts {
    sorted: Sorter,
    /// The event whose first attempts were held last, and those attempts:
    /// events come in id order, so a repeated event id finds its own here.
    latest_event: String,
    latest: HashMap<String, Delivery>,
}

impl HeldFirsts {
    /// Answers each first attempt as stored where its id exists (written
    /// before the batch, or held for the same event earlier in it), and
    /// otherwise as made, holding it back to be written.
    fn hold(&mut self, tx: &mut dyn Tx, made: Vec<Delivery>) -> Result<Vec<Delivery>> {
        let ids: Vec<String> = made.iter().map(|d| d.delivery_id.clone()).collect();
        tx.prefetch_deliveries(&ids)?;
        made.into_iter()
            .map(|delivery| {
                if delivery.event_id != self.latest_event {
                    self.latest.clear();
                    self.latest_event.clone_from(&delivery.event_id);
                }
                if let Some(held) = self.latest.get(&delivery.delivery_id) {
                    return Ok(held.clone());
                }
                if let Some(stored) = tx.delivery(&delivery.delivery_id)? {
                    return Ok(stored);
                }
                let row = serde_json::to_string(&delivery).map_err(spill_error)?;
                self.sorted.push(delivery.delivery_id.clone(), row)?;
                self.latest
                    .insert(delivery.delivery_id.clone(), delivery.clone());
                Ok(delivery)
            })
            .collect()
    }

    /// Writes every held first attempt, in id order.
    fn write(mut self, tx: &mut dyn Tx) -> Result<()> {
        let mut chunk = Vec::with_capacity(RECORD_CHUNK);
        self.sorted.drain(&mut |row| {
            chunk.push(serde_json::from_str::<Delivery>(&row).map_err(spill_error)?);
            if chunk.len() == RECORD_CHUNK {
                tx.insert_deliveries(&chunk)?;
                chunk.clear();
            }
            Ok(())
        })?;
        tx.insert_deliveries(&chunk).map(drop)
    }
}

fn at_line(line: usize, error: Error) -> Error {
    match error {
        // Already placed (a failure inside a chunk names the chunk's first line).
        Error::AtLine { .. } => error,
        error => Error::AtLine {
            line,
            error: Box::new(error),
        },
    }
}

fn spill_error(e: serde_json::Error) -> Error {
    Error::storage(
        StorageCode::Other,
        format!("a batch's row could not be held for sorting: {e}"),
    )
}
