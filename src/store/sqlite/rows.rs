//! Rows of the SQLite tables as records: JSON columns parsed, vocabulary
//! columns checked, and the one JSON writer for the columns that hold JSON.

use crate::core::json::Object;
use crate::core::model::{Delivery, Event, Subscription};
use rusqlite::Row;
use serde::de::DeserializeOwned;

pub(super) fn json_text<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("records serialise to JSON")
}

pub(super) fn from_json<T: DeserializeOwned>(row: &Row<'_>, index: usize) -> rusqlite::Result<T> {
    let text: String = row.get(index)?;
    serde_json::from_str(&text).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(index, rusqlite::types::Type::Text, Box::new(e))
    })
}

pub(super) fn parsed<T: std::str::FromStr<Err = String>>(
    row: &Row<'_>,
    index: usize,
) -> rusqlite::Result<T> {
    let text: String = row.get(index)?;
    text.parse().map_err(|e: String| {
        rusqlite::Error::FromSqlConversionFailure(index, rusqlite::types::Type::Text, e.into())
    })
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
    Ok(Delivery {
        delivery_id: row.get(0)?,
        event_id: row.get(1)?,
        sub_id: row.get(2)?,
        client_id: row.get(3)?,
        transport: parsed(row, 4)?,
        endpoint: row.get(5)?,
        status: parsed(row, 6)?,
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
    })
}

pub(super) fn first<T>(rows: Vec<T>) -> Option<T> {
    rows.into_iter().next()
}

pub(super) fn counter_row(row: &Row<'_>) -> rusqlite::Result<(String, String, String, i64)> {
    Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
}
