//! The PostgreSQL backend, for workers on many machines: connecting, the
//! versioned schema, and the mapping of server failures to error codes.
//! Selected by a `postgres://` URL in place of a file path.

pub mod app_table;
#[cfg(test)]
mod keys;
mod ledger;
mod notify;
mod password;
#[cfg(test)]
mod plans;
mod rejected;
mod rows;
mod tx;
#[cfg(test)]
mod upgrade;

pub use tx::{ORDER_PLANNER, Shape, update_deliveries};

use super::Durability;
use crate::core::records::error::{Error, Result, StorageCode};
use crate::core::storage::{Store, Tx};
use postgres::{Client, NoTls};
use std::collections::HashMap;

/// Migrations: entry `i` takes the schema from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    include_str!("../../../migrations/postgres/0001_schema.sql"),
    include_str!("../../../migrations/postgres/0002_subscription_secrets.sql"),
    include_str!("../../../migrations/postgres/0003_delivery_counts.sql"),
    include_str!("../../../migrations/postgres/0004_ordered_lanes.sql"),
    include_str!("../../../migrations/postgres/0005_recording_order.sql"),
    include_str!("../../../migrations/postgres/0006_subscription_health.sql"),
    include_str!("../../../migrations/postgres/0007_delivery_claims.sql"),
    include_str!("../../../migrations/postgres/0008_tallies.sql"),
    include_str!("../../../migrations/postgres/0009_event_trace_context.sql"),
    include_str!("../../../migrations/postgres/0010_indexes_by_state.sql"),
    include_str!("../../../migrations/postgres/0011_packed_indexes.sql"),
    include_str!("../../../migrations/postgres/0012_delivery_keys.sql"),
];
/// The schema version this binary writes.
pub const SCHEMA_VERSION: i32 = MIGRATIONS.len() as i32;

/// Whether `db` names a PostgreSQL server rather than a file.
pub fn is_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// How long a statement waits for a row lock (`--busy-timeout`), in
/// milliseconds; one setting for the whole process.
static LOCK_TIMEOUT_MS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(10_000);

/// Sets `lock_timeout` for connections made from now on.
pub fn set_lock_timeout(wait: std::time::Duration) {
    let ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX);
    LOCK_TIMEOUT_MS.store(ms, std::sync::atomic::Ordering::Relaxed);
}

pub use crate::core::records::model::mask;

/// A connection to the outbox schema of one PostgreSQL database.
pub struct PostgresStore {
    client: Client,
    /// This connection created the outbox schema (it was not there).
    created: bool,
    /// Statements prepared on this connection, by SQL text.
    statements: HashMap<String, postgres::Statement>,
    /// How this connection was made, for a second one that listens.
    config: postgres::Config,
}

impl PostgresStore {
    /// Connects and brings the schema to this binary's version; a schema
    /// from a newer outbox is refused untouched.
    pub fn connect(url: &str) -> Result<Self> {
        Self::connect_with(url, Durability::Full)
    }

    /// [`PostgresStore::connect`]; `Durability::Normal` turns off
    /// `synchronous_commit` for this session: a server crash may then lose
    /// the last commits, but never corrupts or half-applies one.
    pub fn connect_with(url: &str, durability: Durability) -> Result<Self> {
        let mut config: postgres::Config = url
            .parse()
            .map_err(|e| pg_error(&e, "not a PostgreSQL URL"))?;
        password::fill_in(&mut config);
        // Every statement outbox runs reads or writes a few rows through
        // an index. Parallel workers never pay for themselves there, and
        // the planner picks them on guessed row counts (after an initial
        // load has built the indexes, the table's size is known but none
        // of its statistics): an event's deliveries then took 13 ms to
        // start two workers instead of 0.08 ms to read two rows. JIT
        // compilation is the same bet on the same guesses: tens of
        // milliseconds compiling a plan that reads a hundred rows. Set as
        // the session starts (after any options of the URL's own, so these
        // win), not by a statement: one round trip fewer for every command.
        let lock_timeout = LOCK_TIMEOUT_MS.load(std::sync::atomic::Ordering::Relaxed);
        let mut options = config.get_options().unwrap_or_default().to_owned();
        options.push_str(&format!(
            " -c lock_timeout={lock_timeout} -c max_parallel_workers_per_gather=0 -c jit=off"
        ));
        if durability == Durability::Normal {
            options.push_str(" -c synchronous_commit=off");
        }
        config.options(options.trim_start());
        let client = config
            .connect(NoTls)
            .map_err(|e| pg_error(&e, "cannot connect to PostgreSQL"))?;
        let mut store = PostgresStore {
            client,
            created: false,
            statements: HashMap::new(),
            config,
        };
        store.check_schema()?;
        Ok(store)
    }

    /// Whether connecting created the outbox schema.
    pub fn created(&self) -> bool {
        self.created
    }

    /// Refuses, naming it, a `search_path` none of whose schemas exists:
    /// the server would only say "no schema has been selected to create
    /// in", and a mistyped schema in the URL is the usual cause.
    fn check_search_path(&mut self) -> Result<()> {
        let row = self
            .client
            .query_one(
                "SELECT current_schema(), current_setting('search_path')",
                &[],
            )
            .map_err(|e| pg_error(&e, "cannot read the search_path"))?;
        let (schema, path): (Option<String>, String) = (row.get(0), row.get(1));
        if schema.is_some() {
            return Ok(());
        }
        let first = path
            .split(',')
            .map(|s| s.trim().trim_matches('"'))
            .find(|s| !s.is_empty() && *s != "$user")
            .unwrap_or("outbox")
            .to_owned();
        Err(Error::storage(
            StorageCode::Open,
            format!(
                "no schema of the search_path ({path}) exists in this database: create it (psql -c 'CREATE SCHEMA {first}') or correct search_path in the URL"
            ),
        ))
    }

    fn check_schema(&mut self) -> Result<()> {
        let version = self.version()?;
        if version == SCHEMA_VERSION {
            return Ok(());
        }
        if version > SCHEMA_VERSION {
            return Err(newer(version));
        }
        self.check_search_path()?;
        // Several processes may start on an empty database at once: one
        // migrates under an advisory lock, the others find it done.
        let mut tx = self
            .client
            .transaction()
            .map_err(|e| pg_error(&e, "cannot start a transaction"))?;
        tx.batch_execute("SELECT pg_advisory_xact_lock(7329508153)")
            .map_err(|e| pg_error(&e, "cannot lock the schema"))?;
        let version = current_version(&mut tx)?;
        if version > SCHEMA_VERSION {
            return Err(newer(version));
        }
        let creating = version == 0;
        if creating {
            refuse_tables_in_the_way(&mut tx)?;
            tx.batch_execute("CREATE TABLE outbox_schema (version INTEGER NOT NULL); INSERT INTO outbox_schema VALUES (0);")
                .map_err(|e| pg_error(&e, "cannot create the outbox schema"))?;
        }
        for step in MIGRATIONS.iter().skip(version as usize) {
            tx.batch_execute(step)
                .map_err(|e| pg_error(&e, "cannot migrate the outbox schema"))?;
        }
        tx.execute("UPDATE outbox_schema SET version = $1", &[&SCHEMA_VERSION])
            .map_err(|e| pg_error(&e, "cannot record the schema version"))?;
        tx.commit()
            .map_err(|e| pg_error(&e, "cannot commit the schema"))?;
        self.created = creating;
        Ok(())
    }

    /// The schema version, 0 when there is none yet: one statement
    /// outside any transaction, not prepared (every command asks it first,
    /// once: preparing it and a transaction around it were five round
    /// trips more). A missing table is an error here, which would abort a
    /// transaction: the migration's own check, under its lock, is
    /// `current_version`, which asks whether the table exists first.
    fn version(&mut self) -> Result<i32> {
        use postgres::SimpleQueryMessage;
        use postgres::error::SqlState;
        match self
            .client
            .simple_query("SELECT version FROM outbox_schema")
        {
            Ok(messages) => Ok(messages
                .iter()
                .find_map(|m| match m {
                    SimpleQueryMessage::Row(row) => row.get(0).and_then(|v| v.parse().ok()),
                    _ => None,
                })
                .unwrap_or(0)),
            Err(e) if e.code() == Some(&SqlState::UNDEFINED_TABLE) => Ok(0),
            Err(e) => Err(pg_error(&e, "cannot read the schema version")),
        }
    }

    fn begin(&mut self, write: bool) -> Result<Box<dyn Tx + '_>> {
        let tx = self
            .client
            .transaction()
            .map_err(|e| pg_error(&e, "cannot start a transaction"))?;
        Ok(Box::new(tx::PostgresTx::new(
            tx,
            &mut self.statements,
            write,
        )))
    }
}

/// The schema version in the current schema; 0 when there is none yet.
/// The tables outbox creates, as its migrations name them.
fn table_names() -> Vec<String> {
    MIGRATIONS
        .iter()
        .flat_map(|step| step.split("CREATE TABLE ").skip(1))
        .filter_map(|rest| {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

/// Before a new outbox is created: a table of one of outbox's names in the
/// schema it would go into (an application's own `subscriptions`, say) is
/// refused, showing the fix, rather than failing halfway with "relation
/// already exists".
fn refuse_tables_in_the_way(tx: &mut postgres::Transaction<'_>) -> Result<()> {
    let names = table_names();
    let rows = tx
        .query(
            "SELECT table_name::text, current_schema()::text FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_name = ANY($1) ORDER BY 1",
            &[&names],
        )
        .map_err(|e| pg_error(&e, "cannot list the schema's tables"))?;
    let Some(first) = rows.first() else {
        return Ok(());
    };
    let taken: Vec<String> = rows.iter().map(|r| r.get(0)).collect();
    let schema: String = first.get(1);
    Err(Error::storage(
        StorageCode::NotOutbox,
        format!(
            "schema {schema} already has tables of outbox's names that outbox did not make ({}); give outbox a schema of its own: psql -c 'CREATE SCHEMA outbox', then add options=-c%20search_path%3Doutbox to the URL (postgres://HOST/DB?options=-c%20search_path%3Doutbox)",
            taken.join(", ")
        ),
    ))
}

fn current_version(tx: &mut postgres::Transaction<'_>) -> Result<i32> {
    let exists: bool = tx
        .query_one("SELECT to_regclass('outbox_schema') IS NOT NULL", &[])
        .map_err(|e| pg_error(&e, "cannot read the schema version"))?
        .get(0);
    if !exists {
        return Ok(0);
    }
    let row = tx
        .query_opt("SELECT version FROM outbox_schema", &[])
        .map_err(|e| pg_error(&e, "cannot read the schema version"))?;
    Ok(row.map_or(0, |r| r.get(0)))
}

fn newer(version: i32) -> Error {
    Error::storage(
        StorageCode::Newer,
        format!(
            "the PostgreSQL outbox schema is version {version}, newer than this binary's {SCHEMA_VERSION}; upgrade outbox"
        ),
    )
}

impl Store for PostgresStore {
    fn read(&mut self) -> Result<Box<dyn Tx + '_>> {
        self.begin(false)
    }

    fn write(&mut self) -> Result<Box<dyn Tx + '_>> {
        self.begin(true)
    }

    /// Removes dead rows and their index entries now, where autovacuum is
    /// off or behind: the space stays with the tables for reuse, and claims
    /// stop stepping over the entries of deleted or finished deliveries.
    fn vacuum(&mut self) -> Result<bool> {
        self.client
            .batch_execute("VACUUM (ANALYZE) deliveries, events, delivery_counts")
            .map_err(|e| pg_error(&e, "cannot vacuum"))?;
        Ok(true)
    }

    fn on_ready(&mut self, ready: Box<dyn Fn() -> bool + Send>) -> Result<bool> {
        notify::listen(&self.config, ready).map(|()| true)
    }
}

/// Maps a PostgreSQL failure to a storage error code.
pub(crate) fn pg_error(e: &postgres::Error, doing: &str) -> Error {
    use postgres::error::SqlState;
    if e.code() == Some(&SqlState::CHARACTER_NOT_IN_REPERTOIRE) {
        // The reference takes any string; PostgreSQL's text holds every
        // character but NUL (SQLite's holds it too).
        return Error::input(
            "invalid:text",
            format!("{doing}: PostgreSQL cannot keep the NUL character (\\u0000) in text"),
        );
    }
    let code = match e.code() {
        Some(state)
            if *state == SqlState::INVALID_PASSWORD
                || *state == SqlState::INVALID_AUTHORIZATION_SPECIFICATION =>
        {
            StorageCode::Open
        }
        Some(state) if *state == SqlState::INVALID_CATALOG_NAME => StorageCode::Open,
        Some(state)
            if *state == SqlState::T_R_SERIALIZATION_FAILURE
                || *state == SqlState::T_R_DEADLOCK_DETECTED
                || *state == SqlState::LOCK_NOT_AVAILABLE =>
        {
            StorageCode::Locked
        }
        Some(state) if *state == SqlState::DISK_FULL => StorageCode::Full,
        Some(state) if *state == SqlState::READ_ONLY_SQL_TRANSACTION => StorageCode::ReadOnly,
        Some(_) => StorageCode::Other,
        // No SQLSTATE: the connection failed or the server went away.
        None => StorageCode::Open,
    };
    // The crate's own message is terse ("db error"): say what the server or the socket said.
    let detail = match (e.as_db_error(), std::error::Error::source(e)) {
        (Some(db), _) => format!("{} ({})", db.message(), db.code().code()),
        (None, Some(source)) => format!("{e}: {source}"),
        (None, None) => e.to_string(),
    };
    Error::storage(code, format!("{doing}: {detail}"))
}

/// A new, empty schema `{prefix}_{pid}` on the server at OUTBOX_TEST_PG
/// for a test: a connection to the server, the schema's name and a URL
/// whose sessions use it. `None`, saying so, without a server.
#[cfg(test)]
pub(crate) fn test_schema(prefix: &str) -> Option<(Client, String, String)> {
    let Ok(base) = std::env::var("OUTBOX_TEST_PG") else {
        eprintln!("skipped the PostgreSQL tests of {prefix}: OUTBOX_TEST_PG is not set");
        return None;
    };
    let schema = format!("{prefix}_{}", std::process::id());
    let mut admin = Client::connect(&base, NoTls).unwrap();
    admin
        .batch_execute(&format!(
            "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
        ))
        .unwrap();
    let separator = if base.contains('?') { '&' } else { '?' };
    let url = format!("{base}{separator}options=-c%20search_path%3D{schema}");
    Some((admin, schema, url))
}

#[cfg(test)]
mod tests {
    use super::{PostgresStore, test_schema};

    #[test]
    #[cfg_attr(
        not(outbox_test_pg),
        ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
    )]
    fn sessions_never_plan_parallel_workers_nor_compile_and_keep_the_urls_options() {
        let Some((mut admin, schema, url)) = test_schema("outbox_session") else {
            return;
        };
        let show = |store: &mut PostgresStore, setting: &str| -> String {
            store
                .client
                .query_one(&format!("SHOW {setting}"), &[])
                .unwrap()
                .get(0)
        };
        let mut store = PostgresStore::connect(&url).unwrap();
        let full = [
            "max_parallel_workers_per_gather",
            "jit",
            "lock_timeout",
            "search_path",
            "synchronous_commit",
        ]
        .map(|setting| show(&mut store, setting));
        let mut store = PostgresStore::connect_with(&url, super::Durability::Normal).unwrap();
        let normal = show(&mut store, "synchronous_commit");
        admin
            .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
            .unwrap();
        // The lock timeout is the default of `--busy-timeout` (only the
        // binary sets another).
        assert_eq!(full, ["0", "off", "10s", schema.as_str(), "on"]);
        assert_eq!(normal, "off");
    }

    /// A subscription's meta, kept for the transaction once read, is read
    /// again once the transaction writes the subscription.
    #[test]
    #[cfg_attr(
        not(outbox_test_pg),
        ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
    )]
    fn a_meta_read_in_a_transaction_follows_its_own_writes() {
        use crate::core::records::model::{Subscription, SubscriptionStatus, Transport};
        use crate::core::storage::Store;
        let Some((mut admin, schema, url)) = test_schema("outbox_metas") else {
            return;
        };
        let mut store = PostgresStore::connect(&url).unwrap();
        let meta = |attempts: i64| {
            let mut meta = crate::core::reference::json::Object::new();
            meta.insert("maxAttempts".into(), attempts.into());
            meta
        };
        let mut sub = Subscription {
            sub_id: "sub_1".into(),
            client_id: "c".into(),
            event_types: vec!["*".into()],
            target: String::new(),
            transport: Transport::Poll,
            endpoint: String::new(),
            status: SubscriptionStatus::Active,
            filters: Default::default(),
            meta: meta(3),
            created_at: 1,
            updated_at: 1,
        };
        let mut tx = store.write().unwrap();
        tx.put_subscription(&sub).unwrap();
        let first = tx.subscription_meta("sub_1").unwrap();
        assert_eq!(tx.subscription_meta("sub_1").unwrap(), first);
        sub.meta = meta(7);
        tx.put_subscription(&sub).unwrap();
        let second = tx.subscription_meta("sub_1").unwrap();
        tx.delete_subscription("sub_1").unwrap();
        let gone = tx.subscription_meta("sub_1").unwrap();
        drop(tx);
        admin
            .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
            .unwrap();
        assert_eq!(first, Some(meta(3)));
        assert_eq!(second, Some(meta(7)));
        assert_eq!(gone, None);
    }
}
