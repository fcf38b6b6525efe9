//! Rows of the SQLite tables as records and back: JSON columns parsed,
//! vocabulary columns checked, the one JSON writer for the columns that
//! hold JSON, and the inserts of events and deliveries.

use super::sql_error;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, Event, Place, Stage, Subscription};
use crate::core::reference::json::Object;
use crate::store::sql::{DELIVERY_COLUMNS, DELIVERY_REPLACE, EVENT_COLUMNS, EVENT_REPLACE};
use rusqlite::types::ValueRef;
use rusqlite::{Row, Transaction, params};
use serde::de::DeserializeOwned;
use std::sync::LazyLock;

pub(super) fn json_text<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("records serialise to JSON")
}

/// A JSON column, parsed where SQLite keeps it (no copy of its text).
pub(super) fn from_json<T: DeserializeOwned>(row: &Row<'_>, index: usize) -> rusqlite::Result<T> {
    let text = text_at(row, index)?;
    serde_json::from_str(text).map_err(|e| damaged(row, index, format!("not JSON ({e})")))
}

/// A text column borrowed from the row, refused as `row.get::<String>`
/// refuses anything else.
fn text_at<'r>(row: &'r Row<'_>, index: usize) -> rusqlite::Result<&'r str> {
    match row.get_ref(index)? {
        ValueRef::Text(bytes) => {
            std::str::from_utf8(bytes).map_err(|e| rusqlite::Error::Utf8Error(index, e))
        }
        other => Err(rusqlite::Error::InvalidColumnType(
            index,
            row.as_ref().column_name(index).unwrap_or("?").to_owned(),
            other.data_type(),
        )),
    }
}

pub(super) fn parsed<T: std::str::FromStr<Err = String>>(
    row: &Row<'_>,
    index: usize,
) -> rusqlite::Result<T> {
    text_at(row, index)?
        .parse()
        .map_err(|e: String| damaged(row, index, e))
}

/// A cell no outbox wrote, named by its record (the row's id, its first
/// column) and column, so the damage can be found.
fn damaged(row: &Row<'_>, index: usize, why: String) -> rusqlite::Error {
    let id: String = row.get(0).unwrap_or_default();
    let column = row.as_ref().column_name(index).unwrap_or("?").to_owned();
    let message = format!("a damaged record: {id}, column {column}: {why}");
    rusqlite::Error::FromSqlConversionFailure(index, rusqlite::types::Type::Text, message.into())
}

pub(super) fn event_row(row: &Row<'_>) -> rusqlite::Result<Event> {
    Ok(Event {
        event_id: row.get(0)?,
        event_type: row.get(1)?,
        subject: row.get(2)?,
        source: row.get(3)?,
        target: row.get(4)?,
        status: parsed(row, 5)?,
        payload: from_json::<Object>(row, 6)?,
        subscriptions: from_json(row, 7)?,
        ack: from_json::<Object>(row, 8)?,
        created_at: row.get(9)?,
        updated_at: row.get(10)?,
        ack_at: row.get(11)?,
        seq: row.get(12)?,
        traceparent: row.get(13)?,
        tracestate: row.get(14)?,
    })
}

pub(super) fn subscription_row(row: &Row<'_>) -> rusqlite::Result<Subscription> {
    Ok(Subscription {
        sub_id: row.get(0)?,
        client_id: row.get(1)?,
        event_types: from_json(row, 2)?,
        target: row.get(3)?,
        transport: parsed(row, 4)?,
        endpoint: row.get(5)?,
        status: parsed(row, 6)?,
        filters: from_json::<Object>(row, 7)?,
        meta: from_json::<Object>(row, 8)?,
        created_at: row.get(9)?,
        updated_at: row.get(10)?,
    })
}

pub(super) fn delivery_row(row: &Row<'_>) -> rusqlite::Result<Delivery> {
    let stage: Stage = parsed(row, 6)?;
    Ok(Delivery {
        delivery_id: row.get(0)?,
        event_id: row.get(1)?,
        sub_id: row.get(2)?,
        client_id: row.get(3)?,
        transport: parsed(row, 4)?,
        endpoint: row.get(5)?,
        status: stage.status(),
        attempt: row.get(7)?,
        claimed_by: row.get(8)?,
        last_error: row.get(9)?,
        meta: from_json::<Object>(row, 10)?,
        created_at: row.get(11)?,
        updated_at: row.get(12)?,
        next_attempt_at: row.get(13)?,
        claimed_at: row.get(14)?,
        lease_expires_at: row.get(15)?,
        delivered_at: row.get(16)?,
        place: Place {
            lane: row.get(17)?,
            seq: row.get(18)?,
            held: stage == Stage::Held,
        },
        claims: row.get(19)?,
    })
}

pub(super) fn first<T>(rows: Vec<T>) -> Option<T> {
    rows.into_iter().next()
}

pub(super) fn counter_row(row: &Row<'_>) -> rusqlite::Result<(String, String, String, i64)> {
    Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
}

/// What an insert does with a row whose key is stored already.
#[derive(Clone, Copy)]
pub(super) enum OnConflict {
    Replace = 0,
    Keep = 1,
}

/// The inserts' text, made once rather than for every row of a batch.
static EVENT_INSERTS: LazyLock<[String; 2]> = LazyLock::new(|| {
    [EVENT_REPLACE, "ON CONFLICT (event_id) DO NOTHING"].map(|conflict| {
        format!(
            "INSERT INTO events ({EVENT_COLUMNS}) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15) {conflict}"
        )
    })
});
static DELIVERY_INSERTS: LazyLock<[String; 2]> = LazyLock::new(|| {
    [DELIVERY_REPLACE, "ON CONFLICT (delivery_id) DO NOTHING"].map(|conflict| {
        format!(
            "INSERT INTO deliveries ({DELIVERY_COLUMNS}) VALUES \
             (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20) {conflict}"
        )
    })
});

/// Inserts events through one statement, an existing one replaced or
/// kept; rows changed by each. A batch passes thousands at once: finding
/// the cached statement hashes its whole text, once per call, not per row.
pub(super) fn write_events<'e>(
    tx: &Transaction<'_>,
    events: impl IntoIterator<Item = &'e Event>,
    conflict: OnConflict,
) -> Result<Vec<usize>> {
    write_each(tx, &EVENT_INSERTS[conflict as usize], events, |stmt, e| {
        stmt.execute(params![
            e.event_id,
            e.event_type,
            e.subject,
            e.source,
            e.target,
            e.status.as_str(),
            json_text(&e.payload),
            json_text(&e.subscriptions),
            json_text(&e.ack),
            e.created_at,
            e.updated_at,
            e.ack_at,
            e.seq,
            e.traceparent,
            e.tracestate,
        ])
    })
}

/// Inserts deliveries as [`write_events`] inserts events.
pub(super) fn write_deliveries<'d>(
    tx: &Transaction<'_>,
    deliveries: impl IntoIterator<Item = &'d Delivery>,
    conflict: OnConflict,
) -> Result<Vec<usize>> {
    write_each(
        tx,
        &DELIVERY_INSERTS[conflict as usize],
        deliveries,
        |stmt, d| {
            stmt.execute(params![
                d.delivery_id,
                d.event_id,
                d.sub_id,
                d.client_id,
                d.transport.as_str(),
                d.endpoint,
                d.stage().as_str(),
                d.attempt,
                d.claimed_by,
                d.last_error,
                json_text(&d.meta),
                d.created_at,
                d.updated_at,
                d.next_attempt_at,
                d.claimed_at,
                d.lease_expires_at,
                d.delivered_at,
                d.place.lane,
                d.place.seq,
                d.claims,
            ])
        },
    )
}

/// Runs `sql`, prepared once, for each of `rows`; rows changed by each.
fn write_each<T>(
    tx: &Transaction<'_>,
    sql: &str,
    rows: impl IntoIterator<Item = T>,
    mut execute: impl FnMut(&mut rusqlite::CachedStatement<'_>, T) -> rusqlite::Result<usize>,
) -> Result<Vec<usize>> {
    let mut stmt = tx.prepare_cached(sql).map_err(|e| sql_error(&e))?;
    rows.into_iter()
        .map(|row| execute(&mut stmt, row).map_err(|e| sql_error(&e)))
        .collect()
}

/// Runs one statement, prepared once per connection; rows changed.
pub(super) fn execute(
    tx: &Transaction<'_>,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<usize> {
    let mut stmt = tx.prepare_cached(sql).map_err(|e| sql_error(&e))?;
    stmt.execute(params).map_err(|e| sql_error(&e))
}
