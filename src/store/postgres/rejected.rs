//! The rows the relay set aside in an application's PostgreSQL database:
//! listed, moved back into its outbox table (once mended), or dropped.

use super::pg_error;
use crate::core::records::app_rows::FoundTable;
use crate::core::records::error::Result;
use crate::core::storage::app_table::RejectedRow;
use postgres::Client;

/// `WHERE` of the rows named (`$1`, an array), or of all of them.
fn chosen(seqs: Option<&[i64]>) -> (&'static str, Vec<i64>) {
    match seqs {
        Some(seqs) => ("WHERE seq = ANY($1)", seqs.to_vec()),
        None => ("WHERE $1::bigint[] IS NOT NULL", Vec::new()),
    }
}

pub(super) fn list(
    client: &mut Client,
    table: &FoundTable,
    limit: i64,
) -> Result<Vec<RejectedRow>> {
    let trace = if table.rejected_traced {
        "traceparent, tracestate"
    } else {
        "NULL::text, NULL::text"
    };
    let sql = format!(
        "SELECT seq, type, subject, source, target, payload::text, event_id, created_at, error, rejected_at, {trace} \
         FROM {} ORDER BY seq LIMIT $1",
        table.name.rejected().sql()
    );
    let rows = client
        .query(&sql, &[&limit])
        .map_err(|e| pg_error(&e, "cannot read the rejected rows"))?;
    Ok(rows
        .iter()
        .map(|row| RejectedRow {
            seq: row.get(0),
            event_type: row.get(1),
            subject: row.get(2),
            source: row.get(3),
            target: row.get(4),
            payload: row.get(5),
            event_id: row.get(6),
            created_at: row.get(7),
            error: row.get(8),
            rejected_at: row.get(9),
            traceparent: row.get(10),
            tracestate: row.get(11),
        })
        .collect())
}

pub(super) fn retry(client: &mut Client, table: &FoundTable, seqs: Option<&[i64]>) -> Result<u64> {
    let (filter, bound) = chosen(seqs);
    let (t, r) = (table.name.sql(), table.name.rejected().sql());
    // The trace context goes back with the row where both tables keep it.
    let trace = if table.traced && table.rejected_traced {
        ", traceparent, tracestate"
    } else {
        ""
    };
    let mut tx = client
        .transaction()
        .map_err(|e| pg_error(&e, "cannot start a transaction"))?;
    let moved = tx
        .execute(
            &format!(
                "INSERT INTO {t} (seq, type, subject, source, target, payload, event_id, created_at{trace}) \
                 OVERRIDING SYSTEM VALUE \
                 SELECT seq, type, subject, source, target, payload, event_id, \
                 coalesce(created_at, floor(extract(epoch FROM now()))::bigint){trace} FROM {r} {filter}"
            ),
            &[&bound],
        )
        .map_err(|e| pg_error(&e, "cannot move the rejected rows back"))?;
    tx.execute(&format!("DELETE FROM {r} {filter}"), &[&bound])
        .map_err(|e| pg_error(&e, "cannot move the rejected rows back"))?;
    tx.commit()
        .map_err(|e| pg_error(&e, "cannot move the rejected rows back"))?;
    Ok(moved)
}

pub(super) fn drop(client: &mut Client, table: &FoundTable, seqs: Option<&[i64]>) -> Result<u64> {
    let (filter, bound) = chosen(seqs);
    let sql = format!("DELETE FROM {} {filter}", table.name.rejected().sql());
    client
        .execute(&sql, &[&bound])
        .map_err(|e| pg_error(&e, "cannot drop the rejected rows"))
}
