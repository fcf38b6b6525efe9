//! The application's table in its own database, as the relay reads it:
//! the trait each backend implements there.

use crate::core::records::app_rows::{AppRow, Rejected};
use crate::core::records::error::Result;

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
    /// Shown only when the row had trace context.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub traceparent: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracestate: Option<String>,
}
