//! Transitions written together: a transaction's updates of deliveries
//! wait in `pending` and go to the server as one statement before its next
//! statement or its commit, so a claim or completion of 500 deliveries is
//! one round trip, not 500.

use super::PostgresTx;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, Stage};
use crate::store::not_as_read;
use crate::store::postgres::pg_error;
use crate::store::postgres::rows::json_text;
use postgres::types::ToSql;
use std::collections::HashSet;

/// The transitions of a transaction, written as one statement: each row
/// of the arrays updates one delivery, found by its key (`ANY($1)` makes
/// the key the way in whatever the planner guesses of the arrays' length:
/// joined by hash, the table would be read whole). The guards on
/// status, transport and client are written so that no index can serve
/// them: without table statistics (autovacuum off, right after a large
/// import) the planner would otherwise take an index on (transport, status,
/// ...) and walk every delivery of that group.
pub const UPDATE_DELIVERIES: &str = "UPDATE deliveries AS d SET status = v.status, claimed_by = v.claimed_by, \
     last_error = v.last_error, meta = v.meta, updated_at = v.updated_at, next_attempt_at = v.next_attempt_at, \
     claimed_at = v.claimed_at, lease_expires_at = v.lease_expires_at, delivered_at = v.delivered_at, \
     claims = v.claims \
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], \
                 $8::bigint[], $9::bigint[], $10::bigint[], $11::text[], $12::text[], $13::text[], $14::bigint[]) \
       AS v(delivery_id, status, claimed_by, last_error, meta, updated_at, next_attempt_at, claimed_at, \
            lease_expires_at, delivered_at, was, transport, client_id, claims) \
     WHERE d.delivery_id = ANY($1) AND d.delivery_id = v.delivery_id AND d.status || '' = v.was \
       AND d.transport || '' = v.transport AND d.client_id || '' = v.client_id";

/// Transitions not yet written, each with the status it was read in, and
/// the ids they change: a second change of one delivery is found by its id
/// (a scan of the list made a completion of 500 compare ids 125,000 times,
/// a tenth of a drain's samples on PostgreSQL).
#[derive(Default)]
pub(super) struct Transitions {
    list: Vec<(Stage, Delivery)>,
    ids: HashSet<String>,
}

impl Transitions {
    pub(super) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Whether a transition of `delivery_id` waits.
    pub(super) fn holds(&self, delivery_id: &str) -> bool {
        self.ids.contains(delivery_id)
    }

    pub(super) fn push(&mut self, was: Stage, d: &Delivery) {
        self.ids.insert(d.delivery_id.clone());
        self.list.push((was, d.clone()));
    }

    /// Every waiting transition, in the order made; none wait after.
    fn take(&mut self) -> Vec<(Stage, Delivery)> {
        self.ids.clear();
        std::mem::take(&mut self.list)
    }
}

/// SQL text with each `$N` placeholder moved on by `by`, for a statement
/// joined into one with others before it.
fn shifted(sql: &str, by: usize) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '$' {
            let mut n = String::new();
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                n.push(d);
            }
            match n.parse::<usize>() {
                Ok(n) => out.push_str(&(n + by).to_string()),
                Err(_) => out.push_str(&n),
            }
        }
    }
    out
}

/// Statement parameters owned, to be joined from several writes.
pub(super) type Params = Vec<Box<dyn ToSql + Sync>>;

impl PostgresTx<'_> {
    /// Writes the pending transitions in one statement; every one must find
    /// its delivery as it was read.
    pub(super) fn flush(&mut self) -> Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        self.write(false, false)
    }

    /// A transaction's last writes, as one statement: the pending
    /// transitions, the kept counts and tallies they change and the
    /// notification of waiting workers, each part only when there is
    /// something to write. A batch's commit is then one round trip of
    /// writes, whatever it changed.
    pub(super) fn close(&mut self, notify: bool) -> Result<()> {
        self.write(true, notify)
    }

    /// The pending transitions and, `closing`, the rest of the
    /// transaction's writes, in one statement whose answer counts the
    /// transitions written: all of them, or the transaction fails.
    fn write(&mut self, closing: bool, notify: bool) -> Result<()> {
        let mut parts = Vec::new();
        let mut params: Params = Vec::new();
        let pending = self.pending.take();
        if !pending.is_empty() {
            parts.push(format!("moved AS ({UPDATE_DELIVERIES} RETURNING 1)"));
            params.extend(transition_params(&pending));
        }
        if closing {
            let rest = [
                ("counted", self.count_params()),
                ("tallied", self.tally_params()),
            ];
            for (name, (sql, more)) in rest.into_iter().filter_map(|(n, p)| Some((n, p?))) {
                parts.push(format!("{name} AS ({})", shifted(sql, params.len())));
                params.extend(more);
            }
        }
        if parts.is_empty() && !notify {
            return Ok(());
        }
        let count = if pending.is_empty() {
            "0::bigint"
        } else {
            "(SELECT count(*) FROM moved)"
        };
        let wake = if notify {
            super::super::notify::WAKE
        } else {
            ""
        };
        let with = if parts.is_empty() {
            String::new()
        } else {
            format!("WITH {} ", parts.join(", "))
        };
        let sql = format!("{with}SELECT {count}{wake}");
        let params: Vec<&(dyn ToSql + Sync)> = params.iter().map(|p| p.as_ref()).collect();
        let write = |tx: &mut Self| -> Result<i64> {
            let statement = tx.statement(&sql)?;
            tx.tx
                .query_one(&statement, &params)
                .map(|row| row.get(0))
                .map_err(|e| pg_error(&e, "write failed"))
        };
        // The transitions by their key, always: without statistics, 500 ids
        // of a table of 20,000 looked dearer through the key than reading
        // the whole table (7 ms of a 25 ms `UPDATE`, measured). The counts
        // and tallies alone are rows by their key, read alike by any planner.
        let changed = if pending.is_empty() {
            self.keyed(write)?
        } else {
            self.by_index(write)?
        };
        match pending.first() {
            Some((was, first)) if changed != pending.len() as i64 => {
                Err(not_as_read(&first.delivery_id, *was))
            }
            _ => Ok(()),
        }
    }
}

/// The arrays of [`UPDATE_DELIVERIES`], one row per pending transition.
fn transition_params(pending: &[(Stage, Delivery)]) -> Params {
    let text = |f: fn(&(Stage, Delivery)) -> String| -> Box<dyn ToSql + Sync> {
        Box::new(pending.iter().map(f).collect::<Vec<String>>())
    };
    let number = |f: fn(&Delivery) -> i64| -> Box<dyn ToSql + Sync> {
        Box::new(pending.iter().map(|(_, d)| f(d)).collect::<Vec<i64>>())
    };
    vec![
        text(|(_, d)| d.delivery_id.clone()),
        text(|(_, d)| d.stage().as_str().to_owned()),
        text(|(_, d)| d.claimed_by.clone()),
        text(|(_, d)| d.last_error.clone()),
        text(|(_, d)| json_text(&d.meta)),
        number(|d| d.updated_at),
        number(|d| d.next_attempt_at),
        number(|d| d.claimed_at),
        number(|d| d.lease_expires_at),
        number(|d| d.delivered_at),
        text(|(was, _)| was.as_str().to_owned()),
        text(|(_, d)| d.transport.as_str().to_owned()),
        text(|(_, d)| d.client_id.clone()),
        number(|d| d.claims),
    ]
}

#[cfg(test)]
mod tests {
    use super::shifted;

    #[test]
    fn placeholders_move_on_and_nothing_else_changes() {
        assert_eq!(
            shifted("SELECT $1, $12::text[], '$' || x FROM t WHERE a = $2", 14),
            "SELECT $15, $26::text[], '$' || x FROM t WHERE a = $16"
        );
        assert_eq!(shifted("no placeholders", 3), "no placeholders");
    }
}
