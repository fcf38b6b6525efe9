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

/// The statement of a transaction's transitions: each one updates one
/// delivery, found by its key. A column whose value differs between the
/// transitions (`per_row`, in the order of `COLUMNS`) comes as an array
/// beside the ids, each row of the arrays finding its delivery through the
/// key's index; one they all share comes as a single value, and when every
/// value is shared the ids alone find the rows (`ANY($1)`). A batch's
/// claims or completions share every value but each delivery's meta:
/// measured by SQL alone, 40 claims of 500 took 201, 208 and 246 ms in
/// this shape, 242, 250 and 288 ms with all thirteen as arrays joined by
/// hash (a drain of 20,000 in process, median of ten: 0.886 s against
/// 0.928 s). The guards on status, transport and client are written so
/// that no index can serve them: without table statistics (autovacuum
/// off, right after a large import) the planner would otherwise take an
/// index on (transport, status, ...) and walk every delivery of that group.
pub fn update_deliveries(per_row: [bool; 13]) -> String {
    let value = |n: usize, c: &Column| {
        if per_row[n] {
            format!("v.{}", c.name)
        } else {
            format!("${}", n + 2)
        }
    };
    let sets: Vec<String> = COLUMNS
        .iter()
        .enumerate()
        .filter(|(_, c)| c.set)
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
        .filter(|(n, _)| per_row[*n])
        .collect();
    let (from, key) = if arrays.is_empty() {
        (String::new(), "d.delivery_id = ANY($1)")
    } else {
        let types: String = arrays
            .iter()
            .map(|(n, c)| format!(", ${}::{}[]", n + 2, c.sql_type))
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

    pub(super) fn push(&mut self, was: Stage, d: &Delivery) {
        self.ids.insert(d.delivery_id.clone());
        self.list.push(Transition::of(was, d));
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
}

/// A value of one of [`COLUMNS`].
#[derive(PartialEq)]
enum Value {
    Text(Cow<'static, str>),
    Number(i64),
}

impl Transition {
    fn of(was: Stage, d: &Delivery) -> Self {
        let text = |s: &str| Value::Text(Cow::Owned(s.to_owned()));
        let word = |s: &'static str| Value::Text(Cow::Borrowed(s));
        Transition {
            delivery_id: d.delivery_id.clone(),
            was,
            values: [
                word(d.stage().as_str()),
                text(&d.claimed_by),
                text(&d.last_error),
                Value::Text(Cow::Owned(json_text(&d.meta))),
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
            let (per_row, values) = transition_params(pending);
            parts.push(format!(
                "moved AS ({} RETURNING 1)",
                update_deliveries(per_row)
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
/// and which of them are arrays of a value per transition (the rest are
/// one value all of them share). The values are moved, not copied.
fn transition_params(pending: Vec<Transition>) -> ([bool; 13], Params) {
    let per_row: [bool; 13] = std::array::from_fn(|n| {
        pending
            .windows(2)
            .any(|pair| pair[0].values[n] != pair[1].values[n])
    });
    let mut ids = Vec::with_capacity(pending.len());
    let mut columns: [Vec<Value>; 13] = std::array::from_fn(|_| Vec::new());
    for transition in pending {
        ids.push(transition.delivery_id);
        for (n, value) in transition.values.into_iter().enumerate() {
            if per_row[n] || columns[n].is_empty() {
                columns[n].push(value);
            }
        }
    }
    let mut params: Params = vec![Box::new(ids)];
    for (values, per_row) in columns.into_iter().zip(per_row) {
        params.push(param(values, per_row));
    }
    (per_row, params)
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
mod tests {
    use super::super::PostgresTx;
    use super::{Transition, shifted, transition_params, update_deliveries};
    use crate::core::records::model::{Delivery, DeliveryStatus, Stage};
    use crate::core::storage::Tx;
    use crate::store::postgres::{PostgresStore, test_schema};
    use crate::store::test_delivery;
    use postgres::{Client, NoTls};
    use std::collections::HashMap;

    #[test]
    fn placeholders_move_on_and_nothing_else_changes() {
        assert_eq!(
            shifted("SELECT $1, $12::text[], '$' || x FROM t WHERE a = $2", 14),
            "SELECT $15, $26::text[], '$' || x FROM t WHERE a = $16"
        );
        assert_eq!(shifted("no placeholders", 3), "no placeholders");
    }

    #[test]
    fn values_all_transitions_share_join_nothing_and_the_rest_come_as_arrays() {
        let shared = update_deliveries([false; 13]);
        assert!(!shared.contains("unnest"), "{shared}");
        assert!(
            shared.contains("WHERE d.delivery_id = ANY($1) AND"),
            "{shared}"
        );
        assert!(
            shared.contains("status = $2,") && shared.contains("claims = $11"),
            "{shared}"
        );
        assert!(shared.contains("d.status || '' = $12"), "{shared}");
        let mut per_row = [false; 13];
        per_row[3] = true;
        per_row[12] = true;
        let mixed = update_deliveries(per_row);
        assert!(
            mixed.contains("FROM unnest($1::text[], $5::text[], $14::text[]) AS v(delivery_id, meta, client_id) \
                            WHERE d.delivery_id = v.delivery_id"),
            "{mixed}"
        );
        assert!(
            mixed.contains("meta = v.meta") && mixed.contains("d.client_id || '' = v.client_id"),
            "{mixed}"
        );
        assert!(mixed.contains("claimed_by = $3"), "{mixed}");
    }

    fn delivery(id: &str, meta: &str) -> Delivery {
        let mut d = test_delivery(id, DeliveryStatus::Claimed, 1);
        d.meta.insert("n".to_owned(), meta.into());
        d
    }

    #[test]
    fn only_the_columns_whose_values_differ_are_arrays() {
        let claimed = Stage::Is(DeliveryStatus::Claimed);
        let pending = || {
            vec![
                Transition::of(claimed, &delivery("a", "x")),
                Transition::of(claimed, &delivery("b", "y")),
            ]
        };
        let (per_row, params) = transition_params(pending());
        let mut expected = [false; 13];
        expected[3] = true;
        assert_eq!(per_row, expected);
        assert_eq!(params.len(), 14);
        let (per_row, _) = transition_params(pending().split_off(1));
        assert_eq!(per_row, [false; 13]);
    }

    /// Rows as a transaction wrote them: (id, status, claimed_by, meta, claims).
    fn rows(client: &mut Client) -> Vec<(String, String, String, String, i64)> {
        client
            .query(
                "SELECT delivery_id, status, claimed_by, meta, claims FROM deliveries ORDER BY delivery_id",
                &[],
            )
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4)))
            .collect()
    }

    #[test]
    #[cfg_attr(
        not(outbox_test_pg),
        ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
    )]
    fn each_transition_writes_its_own_values_shared_or_not_and_only_as_read() {
        let Some((mut admin, schema, url)) = test_schema("outbox_transitions") else {
            return;
        };
        drop(PostgresStore::connect(&url).unwrap());
        let mut client = Client::connect(&url, NoTls).unwrap();
        client
            .execute(
                "INSERT INTO deliveries SELECT 'delv_' || i, 'evt_' || i, 'sub_a', 'c', 'poll', '', 'queued', 1, '', '', \
                     '{}', i, i, 0, 0, 0, 0 FROM generate_series(1, 3) AS i",
                &[],
            )
            .unwrap();
        let mut statements = HashMap::new();
        let queued = Stage::Is(DeliveryStatus::Queued);
        // Claimed alike but for one's meta and another's count of claims.
        let mut tx = PostgresTx::new(client.transaction().unwrap(), &mut statements, true);
        for (n, id) in ["delv_1", "delv_2", "delv_3"].into_iter().enumerate() {
            let mut d = tx.delivery(id).unwrap().unwrap();
            d.status = DeliveryStatus::Claimed;
            d.claimed_by = "w".to_owned();
            d.claims = 1 + i64::from(n == 2);
            if n == 1 {
                d.meta.insert("k".to_owned(), "v".into());
            }
            tx.update_delivery(queued, &d).unwrap();
        }
        Box::new(tx).commit().unwrap();
        let claimed = |id: &str, meta: &str, claims| {
            (
                id.to_owned(),
                "claimed".to_owned(),
                "w".to_owned(),
                meta.to_owned(),
                claims,
            )
        };
        assert_eq!(
            rows(&mut client),
            [
                claimed("delv_1", "{}", 1),
                claimed("delv_2", r#"{"k":"v"}"#, 1),
                claimed("delv_3", "{}", 2),
            ]
        );
        // Every value shared, the rows read as queued: none is written.
        let mut tx = PostgresTx::new(client.transaction().unwrap(), &mut statements, true);
        let read: Vec<Delivery> = ["delv_1", "delv_2"]
            .into_iter()
            .map(|id| tx.delivery(id).unwrap().unwrap())
            .collect();
        for mut d in read {
            d.status = DeliveryStatus::Delivered;
            d.meta.clear();
            tx.update_delivery(queued, &d).unwrap();
        }
        let refused = Box::new(tx).commit().unwrap_err();
        assert!(refused.to_string().contains("delv_1"), "{refused}");
        assert_eq!(rows(&mut client)[0], claimed("delv_1", "{}", 1));
        admin
            .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
            .unwrap();
    }
}
