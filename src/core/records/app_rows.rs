//! The rows of an application's outbox table, as the relay reads them
//! (`INSERT INTO outbox (type, subject, payload) ...`), and those it set
//! aside. Turning one into an event is `crate::core::ledger::app_rows`; the
//! table itself is [`crate::core::storage::app_table::AppTable`].

use crate::core::records::error::{Error, Result};
use serde_json::Value;

/// The name of the application's table, as `--table` gives it: `outbox`,
/// or `app.outbox` (a schema, on PostgreSQL). Only plain identifiers, so
/// the name can be written into SQL as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableName {
    pub schema: Option<String>,
    pub name: String,
}

impl TableName {
    pub fn parse(text: &str) -> Result<TableName> {
        let plain = |part: &str| {
            let mut chars = part.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
                && part.len() <= 48
        };
        let (schema, name) = match text.split_once('.') {
            Some((schema, name)) => (Some(schema), name),
            None => (None, text),
        };
        if !plain(name) || schema.is_some_and(|s| !plain(s)) {
            return Err(Error::input(
                "invalid:table",
                format!(
                    "--table {text:?}: a table is a plain name (letters, digits, _), with a schema before a dot on PostgreSQL (app.outbox)"
                ),
            ));
        }
        Ok(TableName {
            schema: schema.map(str::to_owned),
            name: name.to_owned(),
        })
    }

    /// The table of rows the outbox refused, beside this one.
    pub fn rejected(&self) -> TableName {
        TableName {
            schema: self.schema.clone(),
            name: format!("{}_rejected", self.name),
        }
    }

    /// The name as SQL writes it: `"app"."outbox"`.
    pub fn sql(&self) -> String {
        match &self.schema {
            Some(schema) => format!("\"{schema}\".\"{}\"", self.name),
            None => format!("\"{}\"", self.name),
        }
    }
}

impl std::fmt::Display for TableName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.schema {
            Some(schema) => write!(f, "{schema}.{}", self.name),
            None => f.write_str(&self.name),
        }
    }
}

/// A value of a column the application writes, as its database holds it:
/// SQLite keeps any kind in any column.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Null,
    Text(String),
    Integer(i64),
    Real(f64),
    Blob(Vec<u8>),
    /// A `jsonb` column's value (PostgreSQL).
    Json(Value),
}

impl Cell {
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Cell::Null => "null",
            Cell::Text(_) => "text",
            Cell::Integer(_) => "an integer",
            Cell::Real(_) => "a real number",
            Cell::Blob(_) => "a blob",
            Cell::Json(_) => "JSON",
        }
    }
}

/// One row of the application's table.
#[derive(Clone, Debug, PartialEq)]
pub struct AppRow {
    pub seq: i64,
    pub event_type: Cell,
    pub subject: Cell,
    pub source: Cell,
    pub target: Cell,
    pub payload: Cell,
    pub event_id: Cell,
    pub created_at: i64,
    /// W3C trace context the application wrote with the row; `Null` from
    /// a table made before these columns (see [`FoundTable`]).
    pub traceparent: Cell,
    pub tracestate: Cell,
}

/// An application's table as the relay found it: its name (with the
/// schema its session found it in, on PostgreSQL) and whether it and its
/// rejected table have the trace context columns. A table made before
/// they existed is read as it is, its rows with no trace context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundTable {
    pub name: TableName,
    pub traced: bool,
    pub rejected_traced: bool,
}

impl FoundTable {
    /// The columns the relay reads, in [`AppRow`] order: the trace
    /// context as nulls from a table without it.
    pub fn columns(&self) -> &'static str {
        if self.traced {
            "seq, type, subject, source, target, payload, event_id, created_at, traceparent, tracestate"
        } else {
            "seq, type, subject, source, target, payload, event_id, created_at, CAST(NULL AS TEXT), CAST(NULL AS TEXT)"
        }
    }
}

/// A row the outbox refused, and why: moved to the rejected table.
#[derive(Clone, Debug, PartialEq)]
pub struct Rejected {
    pub row: AppRow,
    pub error: String,
}
