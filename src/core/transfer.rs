//! Moving a whole outbox between databases (a SQLite file to PostgreSQL, or
//! back): every record as one NDJSON line, read back exactly as written.

use super::model::{Delivery, Event, Subscription};
use super::{RECORD_CHUNK, json};
use crate::error::{Error, Result};
use crate::store::Tx;
use crate::worker::secrets::Secret;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// One exported record: `{"subscription": {...}}`, `{"secret": {...}}`
/// (a subscription's signing secret), `{"event": {...}}` or
/// `{"delivery": {...}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Record {
    Subscription(Subscription),
    Secret(Secret),
    Event(Event),
    Delivery(Delivery),
}

impl Record {
    /// Reads one NDJSON line of an export.
    pub fn from_line(line: &str) -> Result<Self> {
        let value = json::parse(line)
            .map_err(|e| Error::input("invalid:json", format!("not valid JSON: {e}")))?;
        serde_json::from_value(value)
            .map_err(|e| Error::input("invalid:record", format!("not an outbox record: {e}")))
    }
}

/// How many records an import wrote, by kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Imported {
    pub subscriptions: usize,
    pub secrets: usize,
    pub events: usize,
    pub deliveries: usize,
}

/// Rows read per query while exporting.
const PAGE: i64 = 1000;

/// Calls `emit` with every record: subscriptions, then events, then
/// deliveries, each by id, all from one consistent snapshot.
pub(crate) fn export(tx: &mut dyn Tx, emit: &mut dyn FnMut(Record) -> Result<()>) -> Result<usize> {
    let mut count = 0;
    let mut after = String::new();
    loop {
        let page = tx.subscriptions_after(&after, PAGE)?;
        let Some(last) = page.last() else { break };
        after = last.sub_id.clone();
        for record in page {
            let secrets = tx.secrets(&record.sub_id)?;
            emit(Record::Subscription(record))?;
            count += 1;
            for secret in secrets.into_iter().rev() {
                emit(Record::Secret(secret))?;
                count += 1;
            }
        }
    }
    after.clear();
    loop {
        let page = tx.events_after(&after, PAGE)?;
        let Some(last) = page.last() else { break };
        after = last.event_id.clone();
        for record in page {
            emit(Record::Event(record))?;
            count += 1;
        }
    }
    after.clear();
    loop {
        let page = tx.deliveries_after(&after, PAGE)?;
        let Some(last) = page.last() else { break };
        after = last.delivery_id.clone();
        for record in page {
            emit(Record::Delivery(record))?;
            count += 1;
        }
    }
    Ok(count)
}

/// Events or deliveries waiting to be written together (a server then
/// sees one statement per chunk, not one per row), with the line of the
/// first, which a failure of the write names.
struct Chunk<T> {
    first_line: usize,
    rows: Vec<T>,
    ids: HashSet<String>,
}

impl<T> Chunk<T> {
    fn new() -> Self {
        Chunk {
            first_line: 0,
            rows: Vec::new(),
            ids: HashSet::new(),
        }
    }

    /// Adds a row, first writing those held when the chunk is full or
    /// already holds its id (a repeated id replaces the one written).
    fn push(
        &mut self,
        line: usize,
        id: &str,
        row: T,
        write: &mut dyn FnMut(&[T]) -> Result<()>,
    ) -> Result<()> {
        if self.rows.len() == RECORD_CHUNK || self.ids.contains(id) {
            self.flush(write)?;
        }
        if self.rows.is_empty() {
            self.first_line = line;
        }
        self.ids.insert(id.to_owned());
        self.rows.push(row);
        Ok(())
    }

    fn flush(&mut self, write: &mut dyn FnMut(&[T]) -> Result<()>) -> Result<()> {
        if self.rows.is_empty() {
            return Ok(());
        }
        write(&self.rows).map_err(|error| Error::AtLine {
            line: self.first_line,
            error: Box::new(error),
        })?;
        self.rows.clear();
        self.ids.clear();
        Ok(())
    }
}

fn put_events(tx: &mut dyn Tx, rows: &[Event]) -> Result<()> {
    tx.put_events(&rows.iter().collect::<Vec<_>>())
}

/// Writes every record as it is, replacing any with the same id. Events
/// and deliveries are written a chunk at a time; a subscription or secret
/// first writes what is held, so records land in the order given.
pub(crate) fn import(
    tx: &mut dyn Tx,
    records: &mut dyn Iterator<Item = (usize, Result<Record>)>,
) -> Result<Imported> {
    let mut imported = Imported::default();
    // An export comes in id order, so its rows append to most indexes.
    tx.batch_writing(None)?;
    let mut events = Chunk::new();
    let mut deliveries = Chunk::new();
    for (line, record) in records {
        let at_line = |error| Error::AtLine {
            line,
            error: Box::new(error),
        };
        match record.map_err(at_line)? {
            Record::Subscription(s) => {
                events.flush(&mut |rows| put_events(tx, rows))?;
                deliveries.flush(&mut |rows| tx.put_deliveries(rows))?;
                tx.put_subscription(&s).map_err(at_line)?;
                imported.subscriptions += 1;
            }
            Record::Secret(secret) => {
                events.flush(&mut |rows| put_events(tx, rows))?;
                deliveries.flush(&mut |rows| tx.put_deliveries(rows))?;
                tx.put_secret(&secret).map_err(at_line)?;
                imported.secrets += 1;
            }
            Record::Event(e) => {
                let id = e.event_id.clone();
                events.push(line, &id, e, &mut |rows| put_events(tx, rows))?;
                imported.events += 1;
            }
            Record::Delivery(d) => {
                let id = d.delivery_id.clone();
                deliveries.push(line, &id, d, &mut |rows| tx.put_deliveries(rows))?;
                imported.deliveries += 1;
            }
        }
    }
    events.flush(&mut |rows| put_events(tx, rows))?;
    deliveries.flush(&mut |rows| tx.put_deliveries(rows))?;
    tx.batch_written()?;
    Ok(imported)
}
