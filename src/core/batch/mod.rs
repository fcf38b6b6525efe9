//! Recording a batch of any size in one transaction, its rows written in id
//! order. Every event of a batch has the same `createdAt`, so in each index
//! whose key is some columns, `createdAt` and an id, a batch's rows sit in
//! id order: written as they come they land all over those indexes (a page
//! read and written per row once the indexes outgrow the cache); written in
//! id order they land one after another. So the events are sorted by id
//! before they are written, and their first attempts are held back and
//! written at the end sorted by delivery id. Answers are made on the way,
//! in id order, each with the index of its request.

pub mod chunk;
mod held;
mod sorter;
pub mod transfer;

use crate::core::batch::chunk::Chunk;
use crate::core::batch::sorter::Sorter;
use crate::core::ledger::events::{self, EventRecorded, Prepared, RecordEvent};
use crate::core::records::error::{Error, Result, StorageCode};
use crate::core::records::model::Delivery;
use crate::core::storage::Tx;
use std::collections::HashMap;

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
    let mut requests = requests.into_iter();
    record_pulled(tx, &mut |_| Ok(requests.next()), now, sink)
}

/// The next request of a batch (its input line, and the request or why
/// it is refused), read through the batch's own transaction (the relay
/// reads the rows it deletes there as the batch goes); `None` at the end.
pub(crate) type Pull<'a> =
    &'a mut dyn FnMut(&mut dyn Tx) -> Result<Option<(usize, Result<RecordEvent>)>>;

/// [`record`], with each request pulled as the batch reads it.
pub(crate) fn record_pulled(
    tx: &mut dyn Tx,
    next: Pull,
    now: i64,
    sink: &mut dyn BatchSink,
) -> Result<()> {
    let mut held = Sorter::new();
    let mut index = 0;
    while let Some((line, req)) = next(tx)? {
        let prepared = req
            .and_then(|req| events::prepare(tx, &req, now))
            .map_err(|error| at_line(line, error))?;
        let (event, keeps) = prepared.held();
        let row = held::encode_event(index, line, event, keeps);
        held.push(event.event_id.clone(), row)?;
        index += 1;
    }
    sink.read_all(held.len());
    tx.batch_writing(Some(held.len()))?;
    let mut writer = Writer {
        chunk: Chunk::default(),
        firsts: HeldFirsts {
            none_stored: tx.no_deliveries_but_ours()?,
            ..HeldFirsts::default()
        },
        written: 0,
        now,
    };
    held.drain(&mut |row| {
        let held::HeldEvent {
            index,
            line,
            event,
            keeps,
        } = held::decode_event(&row)?;
        if writer.chunk.ends_before(&event.event_id) {
            writer.write(tx, sink)?;
        }
        let id = event.event_id.clone();
        // After the write above: an event seen again is prepared against
        // what the first one stored.
        let mut prepared = Prepared::again(tx, event, keeps).map_err(|e| at_line(line, e))?;
        // Written in id order, its deliveries keep the batch's order in their lanes.
        prepared.order = Some(index as i64);
        writer.chunk.push(id, (prepared, index, line));
        Ok(())
    })?;
    writer.write(tx, sink)?;
    writer.firsts.write(tx)?;
    tx.batch_written()?;
    sink.committing();
    Ok(())
}

/// Writes a batch's events a chunk at a time, in id order.
struct Writer {
    /// Each event with the index and input line of its request.
    chunk: Chunk<(Prepared, usize, usize)>,
    firsts: HeldFirsts,
    written: usize,
    now: i64,
}

impl Writer {
    fn write(&mut self, tx: &mut dyn Tx, sink: &mut dyn BatchSink) -> Result<()> {
        let rows = self.chunk.take();
        if rows.is_empty() {
            return Ok(());
        }
        let written = rows.len();
        let (prepared, requests): (Vec<_>, Vec<_>) = rows
            .into_iter()
            .map(|(prepared, index, line)| (prepared, (index, line)))
            .unzip();
        let firsts = &mut self.firsts;
        let recorded = events::write_with(tx, prepared, self.now, &mut |tx, made| {
            firsts.hold(tx, made)
        })?;
        for ((index, line), recorded) in requests.into_iter().zip(recorded) {
            sink.answer(index, recorded)
                .map_err(|error| at_line(line, error))?;
        }
        self.written += written;
        sink.written(self.written);
        Ok(())
    }
}

/// First attempts held back to be written at the end of the batch in id
/// order.
#[derive(Default)]
struct HeldFirsts {
    /// No delivery is stored but those this batch writes at its end: no
    /// first attempt needs looking up.
    none_stored: bool,
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
        if !self.none_stored {
            let ids: Vec<String> = made.iter().map(|d| d.delivery_id.clone()).collect();
            tx.prefetch_deliveries(&ids)?;
        }
        made.into_iter()
            .map(|delivery| {
                if delivery.event_id != self.latest_event {
                    self.latest.clear();
                    self.latest_event.clone_from(&delivery.event_id);
                }
                if let Some(held) = self.latest.get(&delivery.delivery_id) {
                    return Ok(held.clone());
                }
                if !self.none_stored
                    && let Some(stored) = tx.delivery(&delivery.delivery_id)?
                {
                    return Ok(stored);
                }
                self.sorted.push(
                    delivery.delivery_id.clone(),
                    held::encode_delivery(&delivery),
                )?;
                self.latest
                    .insert(delivery.delivery_id.clone(), delivery.clone());
                Ok(delivery)
            })
            .collect()
    }

    /// Writes every held first attempt, in id order.
    fn write(mut self, tx: &mut dyn Tx) -> Result<()> {
        let sorted = &mut self.sorted;
        tx.insert_delivery_stream(&mut |put| {
            sorted.drain(&mut |row| put(held::decode_delivery(&row)?))
        })
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

fn spill_error(e: impl std::fmt::Display) -> Error {
    Error::storage(
        StorageCode::Other,
        format!("a batch's row could not be held for sorting: {e}"),
    )
}
