//! The application's outbox table in a PostgreSQL database: its DDL (with
//! the trigger that wakes the relay), the relay's reads and deletes there
//! when it is another database than the outbox's, and the rows taken and
//! refused inside the outbox's own transaction when it is the same one.

use super::pg_error;
use crate::core::records::app_rows::{AppRow, Cell, FoundTable, Rejected, TableName};
use crate::core::records::error::{Error, Result, StorageCode};
use crate::core::storage::app_table::{AppTable, RejectedRow, TableStatus};
use postgres::fallible_iterator::FallibleIterator;
use postgres::{Client, GenericClient, NoTls, Row};
use std::time::Duration;

/// The first key of the relay's advisory locks; the second is the table's oid.
const LOCK_SPACE: i32 = 7_329_509;

/// The channel the table's trigger notifies.
fn channel(table: &TableName) -> String {
    format!("{}_relay", table.name)
}

/// The DDL of the table, its rejected table, and the trigger that wakes a
/// relay on each insert. Run again, it changes nothing.
pub fn schema(table: &TableName) -> String {
    let (t, r) = (table.sql(), table.rejected().sql());
    let function = TableName {
        schema: table.schema.clone(),
        name: format!("{}_notify", table.name),
    };
    let (f, trigger, channel) = (function.sql(), function.name, channel(table));
    format!(
        "CREATE TABLE IF NOT EXISTS {t} (
    seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    type       text,
    subject    text,
    source     text,
    target     text,
    payload    jsonb,
    event_id   text,
    created_at bigint NOT NULL DEFAULT floor(extract(epoch FROM now()))::bigint,
    traceparent text,
    tracestate  text
);
CREATE TABLE IF NOT EXISTS {r} (
    seq         bigint PRIMARY KEY,
    type        text,
    subject     text,
    source      text,
    target      text,
    payload     jsonb,
    event_id    text,
    created_at  bigint,
    error       text NOT NULL,
    rejected_at bigint NOT NULL,
    traceparent text,
    tracestate  text
);
CREATE OR REPLACE FUNCTION {f}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('{channel}', '');
    RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER \"{trigger}\" AFTER INSERT ON {t}
    FOR EACH STATEMENT EXECUTE FUNCTION {f}();
"
    )
}

/// Connects to the application's database, with the password rules of `--db`.
pub fn connect(url: &str) -> Result<Client> {
    let mut config: postgres::Config = url
        .parse()
        .map_err(|e| pg_error(&e, "not a PostgreSQL URL"))?;
    super::password::fill_in(&mut config);
    config
        .connect(NoTls)
        .map_err(|e| pg_error(&e, "cannot connect to the application's database"))
}

/// `relay init`: creates the tables and the trigger, and gives tables
/// made before trace context its columns.
pub fn init(url: &str, table: &TableName) -> Result<()> {
    let (t, r) = (table.sql(), table.rejected().sql());
    let columns =
        "ADD COLUMN IF NOT EXISTS traceparent text, ADD COLUMN IF NOT EXISTS tracestate text";
    connect(url)?
        .batch_execute(&format!(
            "{}ALTER TABLE {t} {columns};\nALTER TABLE {r} {columns};\n",
            schema(table)
        ))
        .map_err(|e| pg_error(&e, &format!("cannot create {table}")))
}

/// Whether the table named has both trace context columns.
fn traced(client: &mut Client, table: &TableName) -> Result<bool> {
    client
        .query_one(
            "SELECT count(*) = 2 FROM pg_attribute WHERE attrelid = to_regclass($1) \
             AND attname IN ('traceparent', 'tracestate') AND NOT attisdropped",
            &[&table.sql()],
        )
        .map(|row| row.get(0))
        .map_err(|e| pg_error(&e, &format!("cannot read the columns of {table}")))
}

/// Whether two URLs name the same database of the same server (a
/// `search_path` of their own aside): then the relay deletes rows and
/// records their events in one transaction.
pub fn same_database(a: &str, b: &str) -> bool {
    let place = |url: &str| {
        let config: postgres::Config = url.parse().ok()?;
        let hosts = format!("{:?}", config.get_hosts());
        let ports = format!("{:?}", config.get_ports());
        Some((hosts, ports, config.get_dbname().map(str::to_owned)))
    };
    matches!((place(a), place(b)), (Some(x), Some(y)) if x == y)
}

fn cells(row: &Row) -> Result<AppRow> {
    let text = |i: usize| -> Cell {
        match row.get::<_, Option<String>>(i) {
            Some(t) => Cell::Text(t),
            None => Cell::Null,
        }
    };
    let payload = match row.get::<_, Option<serde_json::Value>>(5) {
        Some(v) => Cell::Json(v),
        None => Cell::Null,
    };
    Ok(AppRow {
        seq: row.get(0),
        event_type: text(1),
        subject: text(2),
        source: text(3),
        target: text(4),
        payload,
        event_id: text(6),
        created_at: row.get(7),
        traceparent: text(8),
        tracestate: text(9),
    })
}

fn json_of(cell: &Cell) -> Option<serde_json::Value> {
    match cell {
        Cell::Null => None,
        Cell::Json(v) => Some(v.clone()),
        Cell::Text(t) => Some(serde_json::Value::String(t.clone())),
        Cell::Integer(n) => Some((*n).into()),
        Cell::Real(x) => Some((*x).into()),
        Cell::Blob(_) => None,
    }
}

fn text_of(cell: &Cell) -> Option<String> {
    match cell {
        Cell::Text(t) => Some(t.clone()),
        Cell::Null | Cell::Blob(_) => None,
        Cell::Integer(n) => Some(n.to_string()),
        Cell::Real(x) => Some(x.to_string()),
        Cell::Json(v) => Some(v.to_string()),
    }
}

/// Deletes up to `limit` rows, oldest `seq` first, and answers them. Rows
/// another transaction holds are skipped; rows not yet committed are not
/// seen, and are taken by a later call once they are: nothing is passed.
/// Deletes up to `limit` rows of `table`, oldest `seq` first, inside
/// `tx`, and leaves them in a portal, in `seq` order, for [`more`] to
/// read a part at a time: the server holds what is taken (spilling to disk
/// past its `work_mem`), so a large backlog never sits in this process.
pub(super) fn take(
    tx: &mut postgres::Transaction<'_>,
    table: &FoundTable,
    limit: i64,
) -> Result<postgres::Portal> {
    let (t, columns) = (table.name.sql(), table.columns());
    // The keys are read first (an init plan, once) and the rows deleted
    // through the key's index: without table statistics (autovacuum off,
    // a table just filled) a join of the two could scan the table per key.
    let sql = format!(
        "WITH taken AS (DELETE FROM {t} \
           WHERE seq = ANY(ARRAY(SELECT seq FROM {t} ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)) \
           RETURNING {columns}) \
         SELECT {columns} FROM taken ORDER BY seq"
    );
    tx.bind(sql.as_str(), &[&limit])
        .map_err(|e| pg_error(&e, &format!("cannot take rows from {}", table.name)))
}

/// Up to `max` more rows of a portal [`take`] made.
pub(super) fn more(
    tx: &mut postgres::Transaction<'_>,
    portal: &postgres::Portal,
    max: usize,
) -> Result<Vec<AppRow>> {
    let max = i32::try_from(max).unwrap_or(i32::MAX);
    let rows = tx
        .query_portal(portal, max)
        .map_err(|e| pg_error(&e, "cannot read the rows taken"))?;
    rows.iter().map(cells).collect()
}

/// Inserts refused rows into the rejected table beside `table`.
pub(super) fn reject(
    client: &mut impl GenericClient,
    table: &FoundTable,
    rejected: &[Rejected],
    now: i64,
) -> Result<()> {
    if rejected.is_empty() {
        return Ok(());
    }
    let traced = table.rejected_traced;
    let sql = format!(
        "INSERT INTO {} (seq, type, subject, source, target, payload, event_id, created_at, error, rejected_at{}) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10{}) \
         ON CONFLICT (seq) DO UPDATE SET error = excluded.error, rejected_at = excluded.rejected_at",
        table.name.rejected().sql(),
        if traced {
            ", traceparent, tracestate"
        } else {
            ""
        },
        if traced { ", $11, $12" } else { "" },
    );
    let statement = client
        .prepare(&sql)
        .map_err(|e| pg_error(&e, "cannot prepare the rejected rows' insert"))?;
    for Rejected { row, error } in rejected {
        let texts = [
            text_of(&row.event_type),
            text_of(&row.subject),
            text_of(&row.source),
            text_of(&row.target),
            text_of(&row.event_id),
            text_of(&row.traceparent),
            text_of(&row.tracestate),
        ];
        let payload = json_of(&row.payload);
        let mut params: Vec<&(dyn postgres::types::ToSql + Sync)> = vec![
            &row.seq,
            &texts[0],
            &texts[1],
            &texts[2],
            &texts[3],
            &payload,
            &texts[4],
            &row.created_at,
            error,
            &now,
        ];
        if traced {
            params.push(&texts[5]);
            params.push(&texts[6]);
        }
        client
            .execute(&statement, &params)
            .map_err(|e| pg_error(&e, &format!("cannot keep rejected row {}", row.seq)))?;
    }
    Ok(())
}

/// The application's table in a PostgreSQL database: the relay's lock and
/// wake-ups always go through it, and the rows too when it is another
/// database than the outbox's.
pub struct PgAppTable {
    client: Client,
    table: FoundTable,
    /// The table's oid: the second key of the relay's advisory lock.
    oid: i32,
    held: bool,
    listening: bool,
}

impl PgAppTable {
    pub fn open(url: &str, table: &TableName) -> Result<Self> {
        let mut client = connect(url)?;
        let found = client
            .query_one(
                "SELECT c.oid::bigint, n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
                 WHERE c.oid = to_regclass($1)",
                &[&table.sql()],
            )
            .ok();
        let Some(found) = found else {
            return Err(Error::storage(
                StorageCode::Missing,
                format!(
                    "the application's database has no table {table}: outbox relay init --from URL --table {table} creates it"
                ),
            ));
        };
        let oid: i64 = found.get(0);
        let schema: String = found.get(1);
        let name = TableName {
            schema: Some(schema),
            name: table.name.clone(),
        };
        let table = FoundTable {
            traced: traced(&mut client, &name)?,
            rejected_traced: traced(&mut client, &name.rejected())?,
            name,
        };
        Ok(PgAppTable {
            client,
            table,
            oid: (oid % i64::from(i32::MAX)) as i32,
            held: false,
            listening: false,
        })
    }

    /// The table with the schema its session found it in: how the outbox's
    /// own session names it in the same-database mode.
    pub fn qualified(&self) -> &FoundTable {
        &self.table
    }

    fn sql_error(&self, doing: &str) -> impl Fn(postgres::Error) -> Error + '_ {
        let doing = doing.to_owned();
        move |e| pg_error(&e, &doing)
    }
}

impl AppTable for PgAppTable {
    fn try_hold(&mut self) -> Result<bool> {
        if !self.held {
            let row = self
                .client
                .query_one(
                    "SELECT pg_try_advisory_lock($1, $2)",
                    &[&LOCK_SPACE, &self.oid],
                )
                .map_err(self.sql_error("cannot take the relay's lock"))?;
            self.held = row.get(0);
        }
        Ok(self.held)
    }

    fn each_waiting(
        &mut self,
        limit: i64,
        each: &mut dyn FnMut(AppRow) -> Result<()>,
    ) -> Result<()> {
        let sql = format!(
            "SELECT {} FROM {} ORDER BY seq LIMIT $1",
            self.table.columns(),
            self.table.name.sql()
        );
        let read = |e: postgres::Error| pg_error(&e, "cannot read the application's table");
        let mut rows = self.client.query_raw(&sql, [&limit]).map_err(read)?;
        while let Some(row) = rows.next().map_err(read)? {
            each(cells(&row)?)?;
        }
        Ok(())
    }

    fn remove(&mut self, relayed: &[i64], rejected: &[Rejected], now: i64) -> Result<()> {
        let table = self.table.clone();
        let mut tx = self
            .client
            .transaction()
            .map_err(|e| pg_error(&e, "cannot start a transaction"))?;
        reject(&mut tx, &table, rejected, now)?;
        let mut seqs: Vec<i64> = relayed.to_vec();
        seqs.extend(rejected.iter().map(|r| r.row.seq));
        tx.execute(
            &format!("DELETE FROM {} WHERE seq = ANY($1)", table.name.sql()),
            &[&seqs],
        )
        .map_err(|e| {
            pg_error(
                &e,
                &format!("cannot delete relayed rows from {}", table.name),
            )
        })?;
        tx.commit()
            .map_err(|e| pg_error(&e, "cannot commit the relayed rows' deletion"))
    }

    fn wait(&mut self, timeout: Duration) -> Result<bool> {
        if !self.listening {
            self.client
                .batch_execute(&format!("LISTEN \"{}\"", channel(&self.table.name)))
                .map_err(self.sql_error("cannot listen for new rows"))?;
            self.listening = true;
        }
        let mut notifications = self.client.notifications();
        let woken = notifications
            .timeout_iter(timeout)
            .next()
            .map_err(|e| pg_error(&e, "lost the connection while waiting for rows"))?
            .is_some();
        // One wake-up covers every row inserted so far.
        while let Ok(Some(_)) = notifications.iter().next() {}
        Ok(woken)
    }

    fn rejected_rows(&mut self, limit: i64) -> Result<Vec<RejectedRow>> {
        super::rejected::list(&mut self.client, &self.table, limit)
    }

    fn retry_rejected(&mut self, seqs: Option<&[i64]>) -> Result<u64> {
        super::rejected::retry(&mut self.client, &self.table, seqs)
    }

    fn drop_rejected(&mut self, seqs: Option<&[i64]>) -> Result<u64> {
        super::rejected::drop(&mut self.client, &self.table, seqs)
    }

    fn status(&mut self) -> Result<TableStatus> {
        let t = self.table.name.sql();
        let row = self
            .client
            .query_one(
                &format!(
                    "SELECT count(*), (SELECT created_at FROM {t} ORDER BY seq LIMIT 1), \
                     to_regclass($1) IS NOT NULL FROM {t}"
                ),
                &[&self.table.name.rejected().sql()],
            )
            .map_err(self.sql_error("cannot count the waiting rows"))?;
        let (waiting, oldest, has_rejected): (i64, Option<i64>, bool) =
            (row.get(0), row.get(1), row.get(2));
        let rejected: i64 = if has_rejected {
            self.client
                .query_one(
                    &format!("SELECT count(*) FROM {}", self.table.name.rejected().sql()),
                    &[],
                )
                .map_err(self.sql_error("cannot count the rejected rows"))?
                .get(0)
        } else {
            0
        };
        let running = if self.held {
            true
        } else {
            let free: bool = self
                .client
                .query_one(
                    "SELECT pg_try_advisory_lock($1, $2)",
                    &[&LOCK_SPACE, &self.oid],
                )
                .map_err(self.sql_error("cannot look at the relay's lock"))?
                .get(0);
            if free {
                self.client
                    .query_one(
                        "SELECT pg_advisory_unlock($1, $2)",
                        &[&LOCK_SPACE, &self.oid],
                    )
                    .map_err(self.sql_error("cannot let go of the relay's lock"))?;
            }
            !free
        };
        Ok(TableStatus {
            waiting,
            oldest,
            rejected,
            running,
        })
    }
}
