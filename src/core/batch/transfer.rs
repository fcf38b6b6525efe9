//! Moving a whole outbox between databases (a SQLite file to PostgreSQL, or
//! back): every record as one NDJSON line, read back exactly as written.

use crate::core::batch::chunk::Chunk;
use crate::core::records::error::{Error, Result};
use crate::core::records::model::Secret;
use crate::core::records::model::{Delivery, Event, Subscription};
use crate::core::reference::json;
use crate::core::storage::Tx;
use serde::{Deserialize, Serialize};
use serde_json::Value;

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
    /// The record as one NDJSON line of an export: whole, its endpoint's
    /// password included (answers show it masked), for `import`.
    pub fn to_line(&self) -> String {
        let mut value = serde_json::to_value(self).expect("records serialise to JSON");
        let endpoint = match self {
            Record::Subscription(s) => Some(&s.endpoint),
            Record::Delivery(d) => Some(&d.endpoint),
            Record::Secret(_) | Record::Event(_) => None,
        };
        if let (Some(endpoint), Some(Value::Object(record))) = (
            endpoint,
            value.as_object_mut().and_then(|o| o.values_mut().next()),
        ) {
            record.insert("endpoint".to_owned(), Value::String(endpoint.clone()));
        }
        value.to_string()
    }

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

/// Writes the rows held, each with its input line; a failure names the
/// first line of the chunk.
fn flush<T>(chunk: &mut Chunk<(usize, T)>, write: impl FnOnce(Vec<T>) -> Result<()>) -> Result<()> {
    let rows = chunk.take();
    let Some(&(first_line, _)) = rows.first() else {
        return Ok(());
    };
    write(rows.into_iter().map(|(_, row)| row).collect()).map_err(|error| Error::AtLine {
        line: first_line,
        error: Box::new(error),
    })
}

/// Adds a row to its chunk, first writing the rows held when it must
/// (a repeated id replaces the one written).
fn push<T>(
    chunk: &mut Chunk<(usize, T)>,
    line: usize,
    id: String,
    row: T,
    write: impl FnOnce(Vec<T>) -> Result<()>,
) -> Result<()> {
    if chunk.ends_before(&id) {
        flush(chunk, write)?;
    }
    chunk.push(id, (line, row));
    Ok(())
}

fn put_events(tx: &mut dyn Tx, rows: Vec<Event>) -> Result<()> {
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
    let mut events = Chunk::default();
    let mut deliveries = Chunk::default();
    for (line, record) in records {
        let at_line = |error| Error::AtLine {
            line,
            error: Box::new(error),
        };
        match record.map_err(at_line)? {
            Record::Subscription(s) => {
                flush(&mut events, |rows| put_events(tx, rows))?;
                flush(&mut deliveries, |rows| tx.put_deliveries(&rows))?;
                tx.put_subscription(&s).map_err(at_line)?;
                // Its limits hold on the new outbox too; its health starts over.
                crate::core::ledger::subscriptions::limits_changed(tx, &s).map_err(at_line)?;
                imported.subscriptions += 1;
            }
            Record::Secret(secret) => {
                flush(&mut events, |rows| put_events(tx, rows))?;
                flush(&mut deliveries, |rows| tx.put_deliveries(&rows))?;
                tx.put_secret(&secret).map_err(at_line)?;
                imported.secrets += 1;
            }
            Record::Event(mut e) => {
                // Recorded again here, in the order of the lines.
                e.seq = tx.recording_seq(Some(line as i64)).map_err(at_line)?;
                let id = e.event_id.clone();
                push(&mut events, line, id, e, |rows| put_events(tx, rows))?;
                imported.events += 1;
            }
            Record::Delivery(d) => {
                let id = d.delivery_id.clone();
                push(&mut deliveries, line, id, d, |rows| {
                    tx.put_deliveries(&rows)
                })?;
                imported.deliveries += 1;
            }
        }
    }
    flush(&mut events, |rows| put_events(tx, rows))?;
    flush(&mut deliveries, |rows| tx.put_deliveries(&rows))?;
    tx.batch_written()?;
    Ok(imported)
}
