//! The baselines each figure is measured against: the sqlite3 shell, raw
//! rusqlite, and the litequeue Python package.

use crate::setup::{Bench, Durability, Named, time};
use rusqlite::types::ValueRef;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

fn sqlite3() -> &'static str {
    static FOUND: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let found = FOUND.get_or_init(|| {
        Command::new("sqlite3")
            .arg("-version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    assert!(
        found,
        "the sqlite3 shell is needed (bench/run.sh installs it; or: apt-get install sqlite3)"
    );
    "sqlite3"
}

pub fn synchronous(sync: Durability) -> &'static str {
    match sync {
        Durability::Full => "FULL",
        Durability::Normal => "NORMAL",
    }
}

/// One process of the sqlite3 shell running `sql` on `db`.
fn run_shell(db: &Path, sql: &str) {
    let status = Command::new(sqlite3())
        .arg(db)
        .arg(sql)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "sqlite3 {} failed", db.display());
}

/// A WAL database with one small table, written by the sqlite3 shell.
pub struct SqliteShell {
    db: PathBuf,
    sql: String,
}

impl SqliteShell {
    pub fn new(bench: &Bench, name: &str, sync: Durability) -> Self {
        let db = bench.fresh_db(&format!("shell-{name}"));
        let status = Command::new(sqlite3())
            .arg(&db)
            .arg("PRAGMA journal_mode = WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL);")
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        let sql = format!(
            "PRAGMA synchronous = {}; INSERT INTO t (v) VALUES ('x');",
            synchronous(sync)
        );
        SqliteShell { db, sql }
    }

    /// One process of the shell inserting one row.
    pub fn insert_one(&self) {
        run_shell(&self.db, &self.sql);
    }
}

fn sql_literal(out: &mut String, value: ValueRef<'_>) {
    match value {
        ValueRef::Null => out.push_str("NULL"),
        ValueRef::Integer(n) => {
            let _ = write!(out, "{n}");
        }
        ValueRef::Real(f) => {
            let _ = write!(out, "{f:?}");
        }
        ValueRef::Text(t) => {
            out.push('\'');
            out.push_str(&String::from_utf8_lossy(t).replace('\'', "''"));
            out.push('\'');
        }
        ValueRef::Blob(_) => unreachable!("outbox stores no blobs"),
    }
}

/// Where the shell replays a batch's rows, always as `event record
/// --batch` writes them: the events in id order, then their deliveries in
/// id order (every insert lands at the end of the table and of most
/// indexes, which SQLite does without a search).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Replay {
    /// Into outbox's own schema: the equivalent INSERTs.
    AsWritten,
    /// Into a plain schema: the same columns, an id primary key per table
    /// and one index for claims; no counts. What a queue with no lists,
    /// filters or statistics would write.
    PlainSchema,
}

/// The plain schema of [`Replay::PlainSchema`]: the columns outbox's own
/// tables have in `conn` (so it follows every column a migration adds),
/// untyped, with only the id keys and one index for claims.
fn plain_schema(conn: &rusqlite::Connection) -> String {
    let columns = |table: &str| -> Vec<String> {
        let mut stmt = conn
            .prepare(&format!(
                "SELECT name FROM pragma_table_info('{table}') ORDER BY cid"
            ))
            .unwrap();
        stmt.query_map([], |row| row.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    let table = |name: &str, key: &str| {
        let rest: Vec<String> = columns(name).into_iter().filter(|c| c != key).collect();
        assert!(!rest.is_empty(), "{name} has columns");
        format!(
            "CREATE TABLE {name} ({key} TEXT PRIMARY KEY, {});",
            rest.join(", ")
        )
    };
    format!(
        "{} {} CREATE INDEX deliveries_claim ON deliveries (status, next_attempt_at);",
        table("events", "event_id"),
        table("deliveries", "delivery_id")
    )
}

impl Replay {
    pub fn name(self) -> &'static str {
        match self {
            Replay::AsWritten => "as written",
            Replay::PlainSchema => "as written into a plain schema (id keys, one claim index)",
        }
    }
}

/// Appends `INSERT INTO table VALUES (...)` for every row `stmt` returns.
fn insert_rows(sql: &mut String, table: &str, stmt: &mut rusqlite::Statement<'_>, params: &[&str]) {
    let columns = stmt.column_count();
    let mut rows = stmt.query(rusqlite::params_from_iter(params)).unwrap();
    while let Some(row) = rows.next().unwrap() {
        let _ = write!(sql, "INSERT INTO {table} VALUES (");
        values(sql, row, columns);
        sql.push_str(");\n");
    }
}

/// The first `columns` values of `row` as SQL literals, comma-separated.
fn values(sql: &mut String, row: &rusqlite::Row<'_>, columns: usize) {
    for i in 0..columns {
        if i > 0 {
            sql.push_str(", ");
        }
        sql_literal(sql, row.get_ref(i).unwrap());
    }
}

/// Each event of `conn` in the order recorded, with the INSERTs of its row
/// and then its deliveries, as one `event record` each writes them.
fn inserts_as_written(conn: &rusqlite::Connection) -> Vec<(String, String)> {
    let mut events = conn
        .prepare("SELECT event_id FROM events ORDER BY rowid")
        .unwrap();
    let ids: Vec<String> = events
        .query_map([], |row| row.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let mut event = conn
        .prepare("SELECT * FROM events WHERE event_id = ?1")
        .unwrap();
    let mut deliveries = conn
        .prepare("SELECT * FROM deliveries WHERE event_id = ?1 ORDER BY sub_id, attempt")
        .unwrap();
    ids.into_iter()
        .map(|id| {
            let mut sql = String::new();
            insert_rows(&mut sql, "events", &mut event, &[&id]);
            insert_rows(&mut sql, "deliveries", &mut deliveries, &[&id]);
            (id, sql)
        })
        .collect()
}

/// The rows `recorded` holds beyond `empty`, replayed by the sqlite3 shell
/// as plain INSERTs in one transaction on a copy of `empty`: the same rows
/// (the kept counts among them) and indexes, with none of outbox's hashing,
/// matching and counting.
pub struct Inserts {
    script: PathBuf,
    name: String,
    order: Replay,
    empty: PathBuf,
    /// The schema a plain replay writes into.
    plain: String,
}

impl Inserts {
    /// Writes the script that replays `recorded`'s rows.
    pub fn new(
        bench: &Bench,
        recorded: &Path,
        empty: &Path,
        sync: Durability,
        order: Replay,
    ) -> Self {
        let conn = rusqlite::Connection::open(recorded).unwrap();
        let name = format!("replay-{}-{}", sync.name(), order.name().replace(' ', "-"));
        let script = bench.dir.join(format!("{name}.sql"));
        let mut sql = format!(
            "PRAGMA synchronous = {}; PRAGMA cache_size = -262144;\nBEGIN IMMEDIATE;\n",
            synchronous(sync)
        );
        let all = |sql: &mut String, table: &str, order_by: &str| {
            let mut stmt = conn
                .prepare(&format!("SELECT * FROM {table} ORDER BY {order_by}"))
                .unwrap();
            insert_rows(sql, table, &mut stmt, &[]);
        };
        // A batch's rows share createdAt: its deliveries' key order is id order.
        all(&mut sql, "events", "event_id");
        all(&mut sql, "deliveries", "created_at, delivery_id");
        if order != Replay::PlainSchema {
            all(&mut sql, "delivery_counts", "status, transport, client_id");
        }
        sql.push_str("COMMIT;\n");
        std::fs::write(&script, sql).unwrap();
        Inserts {
            script,
            name,
            order,
            empty: empty.to_owned(),
            plain: plain_schema(&conn),
        }
    }

    /// Times one replay into a new file: a copy of `empty`, or for the
    /// plain schema a file holding only that schema.
    pub fn time(&self, bench: &Bench) -> Duration {
        let target = if self.order == Replay::PlainSchema {
            let target = bench.fresh_db(&self.name);
            let plain = rusqlite::Connection::open(&target).unwrap();
            plain
                .execute_batch(&format!("PRAGMA journal_mode = WAL; {}", self.plain))
                .unwrap();
            target
        } else {
            bench.copy_db(&self.empty, &self.name)
        };
        time(|| {
            let status = Command::new(sqlite3())
                .arg(&target)
                .stdin(std::fs::File::open(&self.script).unwrap())
                .stdout(Stdio::null())
                .status()
                .unwrap();
            assert!(status.success());
        })
    }
}

/// What one `event record` writes, written by the sqlite3 shell: per event,
/// one process inserting its row, its deliveries and their counts in one
/// transaction, with the store's connection settings. Beside the shell's
/// one-row insert it shows how much of a record's time is outbox's schema.
pub struct ShellRecords {
    db: PathBuf,
    scripts: Vec<String>,
}

impl ShellRecords {
    /// The events of `recorded` (each recorded by its own command on a copy
    /// of `empty`), to be written again on another copy of `empty`.
    pub fn new(bench: &Bench, recorded: &Path, empty: &Path, name: &str, sync: Durability) -> Self {
        let conn = rusqlite::Connection::open(recorded).unwrap();
        let mut counts = conn
            .prepare(
                "SELECT status, transport, client_id, count(*) FROM deliveries WHERE event_id = ?1 \
                 GROUP BY status, transport, client_id",
            )
            .unwrap();
        let scripts = inserts_as_written(&conn)
            .into_iter()
            .map(|(id, inserts)| {
                let mut sql = format!(
                    "PRAGMA foreign_keys = ON; PRAGMA synchronous = {};\nBEGIN IMMEDIATE;\n{inserts}",
                    synchronous(sync)
                );
                let mut rows = counts.query([&id]).unwrap();
                while let Some(row) = rows.next().unwrap() {
                    sql.push_str("INSERT INTO delivery_counts (status, transport, client_id, n) VALUES (");
                    values(&mut sql, row, 4);
                    sql.push_str(") ON CONFLICT DO UPDATE SET n = n + excluded.n;\n");
                }
                sql.push_str("COMMIT;\n");
                sql
            })
            .collect();
        let db = bench.copy_db(empty, &format!("shell-records-{name}"));
        ShellRecords { db, scripts }
    }

    pub fn len(&self) -> usize {
        self.scripts.len()
    }

    /// One process of the shell writing event `i`.
    pub fn insert(&self, i: usize) {
        run_shell(&self.db, &self.scripts[i]);
    }
}

/// Copies the WAL into the file and starts it over, keeping its size.
pub fn restart_wal(conn: &rusqlite::Connection) {
    conn.query_row("PRAGMA wal_checkpoint(RESTART)", [], |_| Ok(()))
        .unwrap();
}

/// One-row `BEGIN IMMEDIATE` updates, each its own transaction, on a side
/// table of the same database file.
pub struct RawUpdates {
    conn: rusqlite::Connection,
}

impl RawUpdates {
    pub fn new(db: &Path, sync: Durability) -> Self {
        let conn = rusqlite::Connection::open(db).unwrap();
        conn.execute_batch(&format!(
            "PRAGMA synchronous = {}; CREATE TABLE IF NOT EXISTS bench_raw (id INTEGER PRIMARY KEY, v INTEGER NOT NULL);
             INSERT OR REPLACE INTO bench_raw VALUES (1, 0);",
            synchronous(sync)
        ))
        .unwrap();
        RawUpdates { conn }
    }

    /// Copies the WAL into the file, so that the next round of either side
    /// starts from the start of the WAL and pays only for its own
    /// checkpoints. The WAL file keeps its size (RESTART, not TRUNCATE), as
    /// in a long-running worker: commits overwrite it rather than grow it.
    pub fn checkpoint(&self) {
        restart_wal(&self.conn);
    }

    /// Times `count` transactions.
    pub fn run(&self, count: usize) -> Duration {
        let mut begin = self.conn.prepare_cached("BEGIN IMMEDIATE").unwrap();
        let mut update = self
            .conn
            .prepare_cached("UPDATE bench_raw SET v = v + 1 WHERE id = 1")
            .unwrap();
        let mut commit = self.conn.prepare_cached("COMMIT").unwrap();
        time(|| {
            for _ in 0..count {
                begin.execute([]).unwrap();
                update.execute([]).unwrap();
                commit.execute([]).unwrap();
            }
        })
    }
}

/// A Python with litequeue (PyPI), installed into a virtualenv under
/// target/bench on first use.
pub fn litequeue_python(bench: &Bench) -> Option<PathBuf> {
    venv_python(bench, &[("litequeue", "litequeue")], "figure 3")
}

/// The bench's virtualenv Python (target/bench/venv) once each module of
/// `imports` (module, PyPI package) imports there, installing what is
/// missing; `None`, saying so, when it cannot be had.
pub fn venv_python(bench: &Bench, imports: &[(&str, &str)], figure: &str) -> Option<PathBuf> {
    let venv = bench.dir.join("venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        let made = Command::new("python3")
            .arg("-m")
            .arg("venv")
            .arg(&venv)
            .status()
            .is_ok_and(|s| s.success());
        if !made {
            eprintln!("cannot create a virtualenv; {figure} has no baseline");
            return None;
        }
    }
    for (module, package) in imports {
        let has = Command::new(&python)
            .args(["-c", &format!("import {module}")])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !has
            && !Command::new(&python)
                .args(["-m", "pip", "install", "-q", package])
                .status()
                .is_ok_and(|s| s.success())
        {
            eprintln!("{package}: pip install failed; {figure} has no baseline");
            return None;
        }
    }
    Some(python)
}

/// litequeue draining its own queue: `pop` + `done` in a Python loop.
pub fn litequeue(bench: &Bench, python: &Path) -> Option<(usize, Duration)> {
    let count = crate::setup::env_size("OUTBOX_BENCH_LITEQUEUE", 10_000);
    let db = bench.fresh_db("litequeue");
    let script = format!(
        "import time, litequeue\n\
         q = litequeue.LiteQueue({db:?})\n\
         for i in range({count}):\n    q.put('{{\"n\": %d}}' % i)\n\
         started = time.perf_counter()\n\
         while True:\n    m = q.pop()\n    if m is None:\n        break\n    q.done(m.message_id)\n\
         print(time.perf_counter() - started)\n",
        db = db.display().to_string()
    );
    let output = Command::new(python).args(["-c", &script]).output().ok()?;
    let seconds: f64 = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .ok()?;
    Some((count, Duration::from_secs_f64(seconds)))
}
