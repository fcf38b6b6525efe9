//! The relay's answers: a batch line (`--json`), the status of an
//! application's table as a card, JSON or Prometheus metrics, and the line
//! said for each rejected row.

use super::tables::key_values;
use super::{Human, View};
use outbox::core::records::app_rows::{Rejected, TableName};
use outbox::core::storage::app_table::TableStatus;
use outbox::relay::Batch;
use serde::Serialize;
use std::fmt::Write as _;

/// `relay run --json`: one line per batch.
#[derive(Serialize)]
pub struct BatchLine {
    pub ok: bool,
    pub relayed: usize,
    pub events: usize,
    pub deliveries: usize,
    pub rejected: usize,
}

impl From<&Batch> for BatchLine {
    fn from(batch: &Batch) -> Self {
        BatchLine {
            ok: true,
            relayed: batch.relayed,
            events: batch.events,
            deliveries: batch.deliveries,
            rejected: batch.rejected.len(),
        }
    }
}

/// The stderr line for a row moved to the rejected table.
pub fn rejected_line(table: &TableName, rejected: &Rejected) -> String {
    format!(
        "row {} of {table} rejected, kept in {}: {}",
        rejected.row.seq,
        table.rejected(),
        rejected.error
    )
}

/// `relay status`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RelayStatus {
    pub ok: bool,
    pub waiting: i64,
    /// The relay's lag: how long the oldest waiting row has waited.
    pub oldest_age_seconds: i64,
    pub rejected: i64,
    pub running: bool,
    #[serde(skip)]
    pub table: String,
}

impl RelayStatus {
    pub fn new(table: &TableName, status: TableStatus, now: i64) -> Self {
        RelayStatus {
            ok: true,
            waiting: status.waiting,
            oldest_age_seconds: status.oldest.map_or(0, |at| (now - at).max(0)),
            rejected: status.rejected,
            running: status.running,
            table: table.to_string(),
        }
    }
}

impl Human for RelayStatus {
    fn human(&self, view: &View) -> String {
        key_values(
            view,
            vec![
                ("table", self.table.clone()),
                ("waiting", self.waiting.to_string()),
                ("oldest waiting", format!("{}s", self.oldest_age_seconds)),
                ("rejected", self.rejected.to_string()),
                (
                    "relay",
                    if self.running {
                        "running"
                    } else {
                        "not running"
                    }
                    .to_owned(),
                ),
            ],
        )
    }
}

/// `relay status --format prometheus`.
pub struct RelayMetrics(pub RelayStatus);

impl RelayMetrics {
    pub fn text(&self) -> String {
        let s = &self.0;
        let table = s.table.replace('\\', "\\\\").replace('"', "\\\"");
        let mut out = String::new();
        for (name, help, value) in [
            (
                "outbox_relay_waiting",
                "Rows of the application's outbox table waiting to be relayed.",
                s.waiting,
            ),
            (
                "outbox_relay_oldest_age_seconds",
                "Seconds the oldest waiting row has waited: the relay's lag.",
                s.oldest_age_seconds,
            ),
            (
                "outbox_relay_rejected",
                "Rows the outbox refused, kept in the rejected table.",
                s.rejected,
            ),
            (
                "outbox_relay_running",
                "1 while a relay holds the table.",
                i64::from(s.running),
            ),
        ] {
            let _ = writeln!(out, "# HELP {name} {help}");
            let _ = writeln!(out, "# TYPE {name} gauge");
            let _ = writeln!(out, "{name}{{table=\"{table}\"}} {value}");
        }
        out
    }
}

/// `relay init`: the tables there now.
#[derive(Serialize)]
pub struct Initialised {
    pub ok: bool,
    pub table: String,
    pub rejected: String,
}

impl Human for Initialised {
    fn human(&self, _view: &View) -> String {
        format!(
            "{} and {} are ready (created where missing; nothing else changed)",
            self.table, self.rejected
        )
    }
}

/// `relay rejected list`.
#[derive(Serialize)]
pub struct RejectedList {
    pub ok: bool,
    pub rejected: Vec<outbox::core::storage::app_table::RejectedRow>,
    pub count: usize,
}

impl Human for RejectedList {
    fn human(&self, view: &View) -> String {
        let mut table = view.table(&["seq", "type", "subject", "rejected", "error"]);
        for row in &self.rejected {
            table.add_row(vec![
                row.seq.to_string(),
                row.event_type.clone().unwrap_or_else(|| "-".to_owned()),
                row.subject.clone().unwrap_or_else(|| "-".to_owned()),
                super::relative(row.rejected_at, view.now),
                row.error.clone(),
            ]);
        }
        let noun = if self.count == 1 { "row" } else { "rows" };
        format!("{}\n{} rejected {noun}", view.finish(table), self.count)
    }
}

/// `relay rejected retry|drop`: how many rows moved back or went.
#[derive(Serialize)]
pub struct RejectedMoved {
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retried: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dropped: Option<u64>,
    pub table: String,
}

impl Human for RejectedMoved {
    fn human(&self, _view: &View) -> String {
        match (self.retried, self.dropped) {
            (Some(n), _) => format!(
                "{n} rejected rows moved back into {}; the relay takes them again",
                self.table
            ),
            (_, n) => format!("{} rejected rows dropped", n.unwrap_or(0)),
        }
    }
}
