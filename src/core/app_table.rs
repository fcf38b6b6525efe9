//! The application's outbox table, as the relay reads it: the rows an
//! application inserts in its own transactions (`INSERT INTO outbox (type,
//! subject, payload) ...`), each turned into the event `event record` would
//! make of its columns, or refused with the reason it lands in the rejected
//! table. And the [`AppTable`] trait each backend implements over the
//! application's own database.

use super::error::{Error, Result};
use super::events::RecordEvent;
use super::json::Object;
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
    fn kind(&self) -> &'static str {
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
}

/// A row the outbox refused, and why: moved to the rejected table.
#[derive(Clone, Debug, PartialEq)]
pub struct Rejected {
    pub row: AppRow,
    pub error: String,
}

/// What the relay needs to know to turn rows into events.
#[derive(Clone, Debug)]
pub struct Conversion {
    /// `source` of rows that leave it empty (`--source`, `OUTBOX_SOURCE`).
    pub default_source: Option<String>,
    /// `--max-payload`, in bytes of the payload's JSON text.
    pub max_payload: usize,
}

impl AppRow {
    /// The event request `event record` would make of this row's columns,
    /// with `createdAt` the row's `created_at` (so the content id is the
    /// same however often the row is relayed), or why it cannot be one.
    pub fn to_request(&self, conversion: &Conversion) -> std::result::Result<RecordEvent, String> {
        let text = |column: &str, cell: &Cell| -> std::result::Result<Option<String>, String> {
            match cell {
                Cell::Null => Ok(None),
                Cell::Text(text) => Ok(Some(text.clone())),
                other => Err(format!("{column} must be text, not {}", other.kind())),
            }
        };
        let mut object = Object::new();
        match text("type", &self.event_type)? {
            Some(t) if !t.trim().is_empty() => object.insert("type".to_owned(), t.into()),
            _ => return Err("missing:type: the row has no type".to_owned()),
        };
        for (key, column, cell) in [
            ("subject", "subject", &self.subject),
            ("target", "target", &self.target),
            ("source", "source", &self.source),
            ("eventId", "event_id", &self.event_id),
        ] {
            if let Some(value) = text(column, cell)?.filter(|v| !v.is_empty()) {
                object.insert(key.to_owned(), value.into());
            }
        }
        let payload = match &self.payload {
            Cell::Null => None,
            Cell::Json(value) => Some(value.clone()),
            Cell::Text(text) => {
                if text.len() > conversion.max_payload {
                    return Err(format!(
                        "the payload is {} bytes, over the limit of {} (--max-payload)",
                        text.len(),
                        conversion.max_payload
                    ));
                }
                Some(
                    super::json::parse(text)
                        .map_err(|e| format!("the payload is not valid JSON: {e}"))?,
                )
            }
            other => return Err(format!("payload must be JSON text, not {}", other.kind())),
        };
        if let Some(payload) = payload {
            if !payload.is_object() {
                return Err(format!(
                    "the payload must be a JSON object, not {}",
                    super::events::kind_of(&payload)
                ));
            }
            if let Cell::Json(_) = self.payload
                && payload.to_string().len() > conversion.max_payload
            {
                return Err(format!(
                    "the payload is over the limit of {} bytes (--max-payload)",
                    conversion.max_payload
                ));
            }
            object.insert("payload".to_owned(), payload);
        }
        object.insert("createdAt".to_owned(), self.created_at.into());
        RecordEvent::from_json(&object, conversion.default_source.as_deref())
            .map_err(|e| e.to_string())
    }
}

/// What `relay status` tells of a table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStatus {
    /// Rows waiting to be relayed.
    pub waiting: i64,
    /// `created_at` of the oldest waiting row.
    pub oldest: Option<i64>,
    pub rejected: i64,
    /// Whether a relay holds the table now.
    pub running: bool,
}

/// The application's table in its own database (another database than
/// the outbox's): read in `seq` order, and rows removed only once their
/// events are committed in the outbox. Each backend implements it; the
/// relay knows nothing of SQL.
pub trait AppTable: Send {
    /// Takes the relay's lock on the table without waiting: `false` when
    /// another relay holds it. Held until this value is dropped (or the
    /// process dies).
    fn try_hold(&mut self) -> Result<bool>;
    /// Hands `each` up to `limit` rows, oldest `seq` first, as they are
    /// read: every committed row there is, with no cursor that a late
    /// commit could fall behind. A large backlog is streamed, never held.
    fn each_waiting(
        &mut self,
        limit: i64,
        each: &mut dyn FnMut(AppRow) -> Result<()>,
    ) -> Result<()>;

    /// [`AppTable::each_waiting`], collected.
    fn waiting(&mut self, limit: i64) -> Result<Vec<AppRow>> {
        let mut rows = Vec::new();
        self.each_waiting(limit, &mut |row| {
            rows.push(row);
            Ok(())
        })?;
        Ok(rows)
    }
    /// Deletes the relayed rows and moves the rejected ones to the
    /// rejected table, in one transaction of the application's database.
    fn remove(&mut self, relayed: &[i64], rejected: &[Rejected], now: i64) -> Result<()>;
    /// Waits until a new row may be there (a notification, the file
    /// changing) or `timeout` passes; `true` when something changed.
    fn wait(&mut self, timeout: std::time::Duration) -> Result<bool>;
    fn status(&mut self) -> Result<TableStatus>;
    /// The rows the relay set aside, oldest first, at most `limit`.
    fn rejected_rows(&mut self, limit: i64) -> Result<Vec<RejectedRow>>;
    /// Moves the rejected rows named by `seq` (every one with `None`)
    /// back into the table, as they are now (mended by hand, say), in one
    /// transaction: how many moved.
    fn retry_rejected(&mut self, seqs: Option<&[i64]>) -> Result<u64>;
    /// Deletes the rejected rows named (every one with `None`): how many.
    fn drop_rejected(&mut self, seqs: Option<&[i64]>) -> Result<u64>;
}

/// A row of the rejected table as `relay rejected list` shows it: its
/// columns as text, why it was refused and when.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RejectedRow {
    pub seq: i64,
    #[serde(rename = "type")]
    pub event_type: Option<String>,
    pub subject: Option<String>,
    pub source: Option<String>,
    pub target: Option<String>,
    pub payload: Option<String>,
    pub event_id: Option<String>,
    pub created_at: Option<i64>,
    pub error: String,
    pub rejected_at: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(payload: Cell) -> AppRow {
        AppRow {
            seq: 1,
            event_type: Cell::Text("order.created".into()),
            subject: Cell::Text("order-1".into()),
            source: Cell::Text(String::new()),
            target: Cell::Null,
            payload,
            event_id: Cell::Null,
            created_at: 1_000,
        }
    }

    fn conversion() -> Conversion {
        Conversion {
            default_source: Some("shop".into()),
            max_payload: 64,
        }
    }

    #[test]
    fn a_row_becomes_the_event_its_columns_say() {
        let req = row(Cell::Text(r#"{"total": 42.5}"#.into()))
            .to_request(&conversion())
            .unwrap();
        assert_eq!(req.event_type, "order.created");
        assert_eq!(req.subject.as_deref(), Some("order-1"));
        assert_eq!(
            req.source.as_deref(),
            Some("shop"),
            "an empty source takes the default"
        );
        assert_eq!(req.created_at, Some(1_000));
        assert_eq!(req.payload.unwrap()["total"], serde_json::json!(42.5));
    }

    #[test]
    fn rows_the_outbox_cannot_record_say_why() {
        let c = conversion();
        let mut no_type = row(Cell::Null);
        no_type.event_type = Cell::Text("  ".into());
        assert!(no_type.to_request(&c).unwrap_err().contains("missing:type"));
        let list = row(Cell::Text("[1]".into())).to_request(&c).unwrap_err();
        assert!(list.contains("JSON object"), "{list}");
        let bad = row(Cell::Text("{oops".into())).to_request(&c).unwrap_err();
        assert!(bad.contains("not valid JSON"), "{bad}");
        let large = row(Cell::Text(format!("{{\"a\": \"{}\"}}", "x".repeat(80))));
        assert!(large.to_request(&c).unwrap_err().contains("--max-payload"));
        let mut numeric_id = row(Cell::Null);
        numeric_id.event_id = Cell::Integer(7);
        let error = numeric_id.to_request(&c).unwrap_err();
        assert_eq!(error, "event_id must be text, not an integer");
    }

    #[test]
    fn table_names_are_plain_identifiers() {
        assert_eq!(
            TableName::parse("app.outbox").unwrap().sql(),
            "\"app\".\"outbox\""
        );
        assert_eq!(
            TableName::parse("outbox").unwrap().rejected().name,
            "outbox_rejected"
        );
        for bad in ["", "a b", "x;drop", "1x", "a.b.c", "\"q\""] {
            assert!(TableName::parse(bad).is_err(), "{bad:?}");
        }
    }
}
