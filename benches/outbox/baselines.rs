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

fn synchronous(sync: Durability) -> &'static str {
    match sync {
        Durability::Full => "FULL",
        Durability::Normal => "NORMAL",
    }
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
        let status = Command::new(sqlite3())
            .arg(&self.db)
            .arg(&self.sql)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
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

/// The order in which the shell replays a batch's rows.
#[derive(Clone, Copy)]
pub enum Replay {
    /// As `event record --batch` writes them: each event, then its
    /// deliveries by subscription. The equivalent INSERTs.
    AsWritten,
    /// Each table in its key order: every insert lands at the end of the
    /// table and of most indexes, which SQLite does without a search. A
    /// writer cannot choose this order without holding back the batch.
    KeyOrder,
}

impl Replay {
    pub fn name(self) -> &'static str {
        match self {
            Replay::AsWritten => "as written",
            Replay::KeyOrder => "in key order",
        }
    }
}

/// Appends `INSERT INTO table VALUES (...)` for every row `stmt` returns.
fn insert_rows(sql: &mut String, table: &str, stmt: &mut rusqlite::Statement<'_>, params: &[&str]) {
    let columns = stmt.column_count();
    let mut rows = stmt.query(rusqlite::params_from_iter(params)).unwrap();
    while let Some(row) = rows.next().unwrap() {
        let _ = write!(sql, "INSERT INTO {table} VALUES (");
        for i in 0..columns {
            if i > 0 {
                sql.push_str(", ");
            }
            sql_literal(sql, row.get_ref(i).unwrap());
        }
        sql.push_str(");\n");
    }
}

/// The rows `recorded` holds beyond `empty`, replayed by the sqlite3 shell
/// as plain INSERTs in one transaction on a copy of `empty`: the same rows
/// (the kept counts among them) and indexes, with none of outbox's hashing,
/// matching and counting.
pub fn replay_as_inserts(
    bench: &Bench,
    recorded: &Path,
    empty: &Path,
    sync: Durability,
    order: Replay,
) -> Duration {
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
    match order {
        Replay::AsWritten => {
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
            for id in &ids {
                insert_rows(&mut sql, "events", &mut event, &[id]);
                insert_rows(&mut sql, "deliveries", &mut deliveries, &[id]);
            }
        }
        Replay::KeyOrder => {
            all(&mut sql, "events", "rowid");
            all(&mut sql, "deliveries", "created_at, delivery_id");
        }
    }
    all(&mut sql, "delivery_counts", "status, transport, client_id");
    sql.push_str("COMMIT;\n");
    std::fs::write(&script, sql).unwrap();
    let target = bench.copy_db(empty, &name);
    time(|| {
        let status = Command::new(sqlite3())
            .arg(&target)
            .stdin(std::fs::File::open(&script).unwrap())
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    })
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
        self.conn
            .query_row("PRAGMA wal_checkpoint(RESTART)", [], |_| Ok(()))
            .unwrap();
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
            eprintln!("litequeue: cannot create a virtualenv; figure 3 has no baseline");
            return None;
        }
    }
    let has = Command::new(&python)
        .args(["-c", "import litequeue"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has
        && !Command::new(&python)
            .args(["-m", "pip", "install", "-q", "litequeue"])
            .status()
            .is_ok_and(|s| s.success())
    {
        eprintln!("litequeue: pip install failed; figure 3 has no baseline");
        return None;
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
