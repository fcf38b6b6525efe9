//! The rows the relay set aside in an application's SQLite file: listed,
//! moved back into its outbox table (once mended), or dropped.

use super::sql_error;
use crate::core::records::app_rows::FoundTable;
use crate::core::records::error::Result;
use crate::core::storage::app_table::RejectedRow;
use rusqlite::Connection;

/// `WHERE` of the rows named, as a JSON array bound to `?1` (or all).
fn chosen(seqs: Option<&[i64]>) -> (&'static str, String) {
    match seqs {
        Some(seqs) => (
            "WHERE seq IN (SELECT value FROM json_each(?1))",
            serde_json::to_string(seqs).expect("numbers serialise"),
        ),
        None => ("WHERE ?1 IS NOT NULL", "all".to_owned()),
    }
}

pub(super) fn list(conn: &Connection, table: &FoundTable, limit: i64) -> Result<Vec<RejectedRow>> {
    let trace = if table.rejected_traced {
        "CAST(traceparent AS TEXT), CAST(tracestate AS TEXT)"
    } else {
        "NULL, NULL"
    };
    let sql = format!(
        "SELECT seq, CAST(type AS TEXT), CAST(subject AS TEXT), CAST(source AS TEXT), CAST(target AS TEXT), \
         CAST(payload AS TEXT), CAST(event_id AS TEXT), created_at, error, rejected_at, {trace} \
         FROM {} ORDER BY seq LIMIT ?1",
        table.name.rejected().sql()
    );
    let mut statement = conn.prepare(&sql).map_err(|e| sql_error(&e))?;
    let rows = statement
        .query_map([limit], |row| {
            Ok(RejectedRow {
                seq: row.get(0)?,
                event_type: row.get(1)?,
                subject: row.get(2)?,
                source: row.get(3)?,
                target: row.get(4)?,
                payload: row.get(5)?,
                event_id: row.get(6)?,
                created_at: row.get(7)?,
                error: row.get(8)?,
                rejected_at: row.get(9)?,
                traceparent: row.get(10)?,
                tracestate: row.get(11)?,
            })
        })
        .map_err(|e| sql_error(&e))?;
    rows.collect::<rusqlite::Result<_>>()
        .map_err(|e| sql_error(&e))
}

pub(super) fn retry(
    conn: &mut Connection,
    table: &FoundTable,
    seqs: Option<&[i64]>,
) -> Result<u64> {
    let (filter, bound) = chosen(seqs);
    let (t, r) = (table.name.sql(), table.name.rejected().sql());
    // The trace context goes back with the row where both tables keep it.
    let trace = if table.traced && table.rejected_traced {
        ", traceparent, tracestate"
    } else {
        ""
    };
    let tx = conn
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .map_err(|e| sql_error(&e))?;
    let moved = tx
        .execute(
            &format!(
                "INSERT INTO {t} (seq, type, subject, source, target, payload, event_id, created_at{trace}) \
                 SELECT seq, type, subject, source, target, payload, event_id, \
                 coalesce(created_at, CAST(strftime('%s', 'now') AS INTEGER)){trace} FROM {r} {filter}"
            ),
            [&bound],
        )
        .map_err(|e| sql_error(&e))?;
    tx.execute(&format!("DELETE FROM {r} {filter}"), [&bound])
        .map_err(|e| sql_error(&e))?;
    tx.commit().map_err(|e| sql_error(&e))?;
    Ok(moved as u64)
}

pub(super) fn drop(conn: &Connection, table: &FoundTable, seqs: Option<&[i64]>) -> Result<u64> {
    let (filter, bound) = chosen(seqs);
    let sql = format!("DELETE FROM {} {filter}", table.name.rejected().sql());
    conn.execute(&sql, [&bound])
        .map(|n| n as u64)
        .map_err(|e| sql_error(&e))
}
