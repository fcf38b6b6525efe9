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
use std::borrow::Cow;
use std::collections::HashSet;

/// What a transition writes and the guards it is written under, after the
/// delivery's id (`$1`): each column's value is parameter `$2` onwards in
/// this order, whatever the statement's shape. `set` columns take their new
/// value; the others guard the row as it was read.
const COLUMNS: [Column; 13] = [
    Column::set("status", "text"),
    Column::set("claimed_by", "text"),
    Column::set("last_error", "text"),
    Column::set("meta", "text"),
    Column::set("updated_at", "bigint"),
    Column::set("next_attempt_at", "bigint"),
    Column::set("claimed_at", "bigint"),
    Column::set("lease_expires_at", "bigint"),
    Column::set("delivered_at", "bigint"),
    Column::set("claims", "bigint"),
    Column::guard("was", "status", "text"),
    Column::guard("transport", "transport", "text"),
    Column::guard("client_id", "client_id", "text"),
];

/// Where a delivery's meta is among [`COLUMNS`].
const META: usize = 3;

/// One of [`COLUMNS`].
struct Column {
    /// Its name among the statement's values.
    name: &'static str,
    /// The column of `deliveries` it sets or guards.
    column: &'static str,
    set: bool,
    sql_type: &'static str,
}

impl Column {
    const fn set(name: &'static str, sql_type: &'static str) -> Self {
        Column {
            name,
            column: name,
            set: true,
            sql_type,
        }
    }

    const fn guard(name: &'static str, column: &'static str, sql_type: &'static str) -> Self {
        Column {
            name,
            column,
            set: false,
            sql_type,
        }
    }
}

/// How one of the columns a transition writes or guards (`COLUMNS`) comes
/// in the statement of a batch of transitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One value every transition shares: a single parameter.
    Shared,
    /// A value per transition: an array beside the ids.
    PerRow,
    /// Not written: every transition leaves it as its row holds it. Only
    /// a delivery's meta, the one column whose value each row has its own
    /// of: a claim or a plain completion keeps it, and sending 500 of them
    /// back, each as an array element joined to its row, cost a tenth of
    /// the statement.
    Kept,
}

/// The statement of a transaction's transitions: each one updates one
/// delivery, found by its key. A column whose value differs between the
/// transitions ([`Shape::PerRow`], in the order of `COLUMNS`) comes as an
/// array beside the ids, each row of the arrays finding its delivery
/// through the key's index; one they all share comes as a single value,
/// and when every value is shared the ids alone find the rows
/// (`ANY($1)`). A column they all keep is not written. A batch's claims or
/// completions share every value, and keep each delivery's meta:
/// measured by SQL alone, 40 claims of 500 took 201, 208 and 246 ms with
/// the metas as an array, 242, 250 and 288 ms with all thirteen as arrays
/// joined by hash (a drain of 20,000 in process, median of ten: 0.886 s
/// against 0.928 s). The guards on status, transport and client are
/// written so that no index can serve them: without table statistics
/// (autovacuum off, right after a large import) the planner would
/// otherwise take an index on (transport, status, ...) and walk every
/// delivery of that group. Parameters are numbered from `$2` over the
/// columns written, in the order of `COLUMNS`.
pub fn update_deliveries(shapes: [Shape; 13]) -> String {
    let mut numbers = [0; 13];
    let mut next = 2;
    for (n, shape) in shapes.iter().enumerate() {
        if *shape != Shape::Kept {
            numbers[n] = next;
            next += 1;
        }
    }
    let value = |n: usize, c: &Column| match shapes[n] {
        Shape::PerRow => format!("v.{}", c.name),
        _ => format!("${}", numbers[n]),
    };
    let sets: Vec<String> = COLUMNS
        .iter()
        .enumerate()
        .filter(|(n, c)| c.set && shapes[*n] != Shape::Kept)
        .map(|(n, c)| format!("{} = {}", c.column, value(n, c)))
        .collect();
    let guards: String = COLUMNS
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.set)
        .map(|(n, c)| format!(" AND d.{} || '' = {}", c.column, value(n, c)))
        .collect();
    let arrays: Vec<(usize, &Column)> = COLUMNS
        .iter()
        .enumerate()
        .filter(|(n, _)| shapes[*n] == Shape::PerRow)
        .collect();
    let (from, key) = if arrays.is_empty() {
        (String::new(), "d.delivery_id = ANY($1)")
    } else {
        let types: String = arrays
            .iter()
            .map(|(n, c)| format!(", ${}::{}[]", numbers[*n], c.sql_type))
            .collect();
        let names: String = arrays
            .iter()
            .map(|(_, c)| format!(", {}", c.name))
            .collect();
        (
            format!(" FROM unnest($1::text[]{types}) AS v(delivery_id{names})"),
            "d.delivery_id = v.delivery_id",
        )
    };
    format!(
        "UPDATE deliveries AS d SET {}{from} WHERE {key}{guards}",
        sets.join(", ")
    )
}

/// Transitions not yet written, each with the status it was read in, and
/// the ids they change: a second change of one delivery is found by its id
/// (a scan of the list made a completion of 500 compare ids 125,000 times,
/// a tenth of a drain's samples on PostgreSQL).
#[derive(Default)]
pub(super) struct Transitions {
    list: Vec<Transition>,
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

    /// A transition of `d` from `was`; `meta_read` is its meta as this
    /// transaction read it from its row (and locked it), if it did.
    pub(super) fn push(&mut self, was: Stage, d: &Delivery, meta_read: Option<&str>) {
        self.ids.insert(d.delivery_id.clone());
        self.list.push(Transition::of(was, d, meta_read));
    }

    /// Every waiting transition, in the order made; none wait after.
    fn take(&mut self) -> Vec<Transition> {
        self.ids.clear();
        std::mem::take(&mut self.list)
    }
}

/// A transition as it is written: the delivery's id, the status it was
/// read in, and the values of [`COLUMNS`]. Only these are kept of the
/// delivery (its meta as the JSON text written), not a copy of it whole.
struct Transition {
    delivery_id: String,
    was: Stage,
    values: [Value; 13],
    /// Its meta is the text its row holds: it need not be written.
    meta_kept: bool,
}

/// A value of one of [`COLUMNS`].
#[derive(PartialEq)]
enum Value {
    Text(Cow<'static, str>),
    Number(i64),
}

impl Transition {
    fn of(was: Stage, d: &Delivery, meta_read: Option<&str>) -> Self {
        let text = |s: &str| Value::Text(Cow::Owned(s.to_owned()));
        let word = |s: &'static str| Value::Text(Cow::Borrowed(s));
        let meta = json_text(&d.meta);
        Transition {
            meta_kept: meta_read == Some(meta.as_str()),
            delivery_id: d.delivery_id.clone(),
            was,
            values: [
                word(d.stage().as_str()),
                text(&d.claimed_by),
                text(&d.last_error),
                Value::Text(Cow::Owned(meta)),
                Value::Number(d.updated_at),
                Value::Number(d.next_attempt_at),
                Value::Number(d.claimed_at),
                Value::Number(d.lease_expires_at),
                Value::Number(d.delivered_at),
                Value::Number(d.claims),
                word(was.as_str()),
                word(d.transport.as_str()),
                text(&d.client_id),
            ],
        }
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
        // What a refusal names: the first transition, as it was read.
        let first = pending.first().map(|t| (t.delivery_id.clone(), t.was));
        let transitions = pending.len() as i64;
        if !pending.is_empty() {
            let (shapes, values) = transition_params(pending);
            parts.push(format!(
                "moved AS ({} RETURNING 1)",
                update_deliveries(shapes)
            ));
            params.extend(values);
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
        let count = if first.is_none() {
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
        let changed = if first.is_none() {
            self.keyed(write)?
        } else {
            self.off_table_scans(write)?
        };
        match first {
            Some((delivery_id, was)) if changed != transitions => {
                Err(not_as_read(&delivery_id, was))
            }
            _ => Ok(()),
        }
    }
}

/// The parameters of [`update_deliveries`] for the pending transitions,
/// and the shape of each column: an array of a value per transition, one
/// value all of them share, or (a meta every one of them keeps as read)
/// none. The values are moved, not copied.
fn transition_params(pending: Vec<Transition>) -> ([Shape; 13], Params) {
    let meta_kept = pending.iter().all(|t| t.meta_kept);
    let shapes: [Shape; 13] = std::array::from_fn(|n| {
        if n == META && meta_kept {
            Shape::Kept
        } else if pending
            .windows(2)
            .any(|pair| pair[0].values[n] != pair[1].values[n])
        {
            Shape::PerRow
        } else {
            Shape::Shared
        }
    });
    let mut ids = Vec::with_capacity(pending.len());
    let mut columns: [Vec<Value>; 13] = std::array::from_fn(|_| Vec::new());
    for transition in pending {
        ids.push(transition.delivery_id);
        for (n, value) in transition.values.into_iter().enumerate() {
            if shapes[n] == Shape::PerRow || columns[n].is_empty() {
                columns[n].push(value);
            }
        }
    }
    let mut params: Params = vec![Box::new(ids)];
    for (values, shape) in columns.into_iter().zip(shapes) {
        if shape != Shape::Kept {
            params.push(param(values, shape == Shape::PerRow));
        }
    }
    (shapes, params)
}

/// One column's parameter: the array of its values, or the one value all
/// transitions share (the only one kept, and there is at least one).
fn param(values: Vec<Value>, per_row: bool) -> Box<dyn ToSql + Sync> {
    let (mut numbers, mut texts) = (Vec::new(), Vec::new());
    for value in values {
        match value {
            Value::Number(n) => numbers.push(n),
            Value::Text(text) => texts.push(text.into_owned()),
        }
    }
    match (texts.is_empty(), per_row) {
        (true, true) => Box::new(numbers),
        (true, false) => Box::new(numbers[0]),
        (false, true) => Box::new(texts),
        (false, false) => Box::new(texts.swap_remove(0)),
    }
}

#[cfg(test)]
mod tests;
