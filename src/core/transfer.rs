//! Moving a whole outbox between databases (a SQLite file to PostgreSQL, or
//! back): every record as one NDJSON line, read back exactly as written.

use super::json;
use super::model::{Delivery, Event, Subscription};
use crate::error::{Error, Result};
use crate::store::Tx;
use crate::worker::secrets::Secret;
use serde::{Deserialize, Serialize};

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

/// Writes every record as it is, replacing any with the same id.
pub(crate) fn import(
    tx: &mut dyn Tx,
    records: &mut dyn Iterator<Item = (usize, Result<Record>)>,
) -> Result<Imported> {
    let mut imported = Imported::default();
    for (line, record) in records {
        let at_line = |error| Error::AtLine {
            line,
            error: Box::new(error),
        };
        match record.map_err(at_line)? {
            Record::Subscription(s) => {
                tx.put_subscription(&s).map_err(at_line)?;
                imported.subscriptions += 1;
            }
            Record::Secret(secret) => {
                tx.put_secret(&secret).map_err(at_line)?;
                imported.secrets += 1;
            }
            Record::Event(e) => {
                tx.put_event(&e).map_err(at_line)?;
                imported.events += 1;
            }
            Record::Delivery(d) => {
                tx.put_delivery(&d).map_err(at_line)?;
                imported.deliveries += 1;
            }
        }
    }
    Ok(imported)
}
