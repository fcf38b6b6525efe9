//! A large batch into a SQLite outbox with no events is loaded without the
//! WAL, unless another connection has the file open; either way the file
//! is back in WAL mode after, and one left out of it by a load cut short
//! goes back when outbox next opens it. Into a PostgreSQL outbox with no
//! events it builds its secondary indexes at its end.

mod common;

use rusqlite::Connection;
use std::path::Path;

/// Enough for a batch to set its indexes aside and build them again (see
/// `store::sqlite::bulk`), which a bulk load does with a larger sorter.
const EVENTS: usize = 10_000;

/// Some 72 MB of lines: past the 64 MiB that make a batch a bulk load.
fn write_batch(path: &Path) {
    let payload = "x".repeat(7_000);
    let lines: String = (0..EVENTS)
        .map(|i| {
            format!(
                "{{\"eventId\": \"e{i:05}\", \"type\": \"t\", \"payload\": {{\"pad\": \"{payload}\"}}}}\n"
            )
        })
        .collect();
    std::fs::write(path, lines).unwrap();
}

/// How the batch reaches outbox.
#[derive(Clone, Copy, PartialEq)]
enum Input {
    /// `--batch FILE`.
    Named,
    /// `--batch - < FILE`.
    Redirected,
    /// `--batch -`, written into a pipe.
    Piped,
}

/// Records the batch; its answers, and whether the file was seen out of
/// WAL mode while the batch ran (its header read every few milliseconds,
/// as bytes: no SQLite connection that would keep the batch in the WAL).
fn record(dir: &Path, db: &str) -> (String, bool) {
    record_from(dir, db, Input::Named)
}

fn record_from(dir: &Path, db: &str, input: Input) -> (String, bool) {
    record_watching(dir, db, input, &mut || !in_wal_mode(db))
}

/// Records the batch; its answers, and whether `seen` held at any of the
/// moments it was asked, every few milliseconds while the batch ran.
fn record_watching(
    dir: &Path,
    db: &str,
    input: Input,
    seen: &mut dyn FnMut() -> bool,
) -> (String, bool) {
    use std::process::Stdio;
    let batch = dir.join("batch.ndjson");
    if !batch.exists() {
        write_batch(&batch);
    }
    let (path, stdin) = match input {
        Input::Named => (batch.to_str().unwrap(), Stdio::null()),
        Input::Redirected => ("-", Stdio::from(std::fs::File::open(&batch).unwrap())),
        Input::Piped => ("-", Stdio::piped()),
    };
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("outbox"))
        .env("OUTBOX_DB", db)
        .args(["event", "record", "--batch", path, "--json"])
        .stdin(stdin)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let feeding = child.stdin.take().map(|mut pipe| {
        let lines = std::fs::read(&batch).unwrap();
        std::thread::spawn(move || std::io::Write::write_all(&mut pipe, &lines).unwrap())
    });
    let mut out = child.stdout.take().unwrap();
    let reading = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut out, &mut text).unwrap();
        text
    });
    let mut was_seen = false;
    while child.try_wait().unwrap().is_none() {
        was_seen |= seen();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(child.wait().unwrap().success());
    if let Some(feeding) = feeding {
        feeding.join().unwrap();
    }
    (reading.join().unwrap(), was_seen)
}

/// Bytes 18 and 19 of a SQLite file's header are 2 in WAL mode, 1 without.
fn in_wal_mode(db: &str) -> bool {
    let mut header = [0u8; 20];
    let read =
        std::fs::File::open(db).and_then(|mut f| std::io::Read::read_exact(&mut f, &mut header));
    read.is_err() || header[18] == 2
}

/// A new outbox `name` in `dir` with one subscription of every event.
fn subscribed(dir: &Path, name: &str) -> String {
    let db = dir.join(name).to_str().unwrap().to_owned();
    subscribe(&db);
    db
}

fn subscribe(db: &str) {
    let args: Vec<&str> = "sub create --client c --types t --any-target"
        .split(' ')
        .collect();
    common::ok(common::outbox_on(db, &args, ""));
}

fn journal_mode(db: &str) -> String {
    Connection::open(db)
        .unwrap()
        .query_row("PRAGMA journal_mode", [], |row| row.get(0))
        .unwrap()
}

/// Bytes in the file's WAL while a connection keeps it: a load through
/// the WAL leaves every page it wrote there.
fn wal_bytes(db: &str) -> u64 {
    std::fs::metadata(format!("{db}-wal")).map_or(0, |m| m.len())
}

fn assert_loaded(db: &str, answers: &str) {
    assert_eq!(answers.lines().count(), EVENTS);
    let conn = Connection::open(db).unwrap();
    let count = |sql: &str| -> i64 { conn.query_row(sql, [], |row| row.get(0)).unwrap() };
    assert_eq!(count("SELECT count(*) FROM events"), EVENTS as i64);
    assert_eq!(count("SELECT count(*) FROM deliveries"), EVENTS as i64);
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    assert_eq!(journal_mode(db), "wal");
    // Every index a batch sets aside is built again.
    let fresh = format!("{db}.fresh");
    subscribe(&fresh);
    assert_eq!(common::schema(db), common::schema(&fresh));
}

#[test]
fn a_large_batch_into_an_empty_outbox_is_loaded_without_the_wal() {
    let dir = tempfile::tempdir().unwrap();
    let db = &subscribed(dir.path(), "bulk.db");
    let (answers, left_wal) = record(dir.path(), db);
    assert!(left_wal, "the file was out of WAL mode during the load");
    assert_loaded(db, &answers);

    // The same batch again, into an outbox that now holds events: through
    // the WAL, as any batch.
    let (again, left_wal) = record(dir.path(), db);
    assert_eq!(again.lines().count(), EVENTS);
    assert!(!left_wal);
    assert_eq!(journal_mode(db), "wal");
}

#[test]
fn a_large_batch_redirected_to_stdin_is_a_bulk_load_and_a_piped_one_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let db = &subscribed(dir.path(), "redirected.db");
    let (answers, left_wal) = record_from(dir.path(), db, Input::Redirected);
    assert!(left_wal, "the file was out of WAL mode during the load");
    assert_loaded(db, &answers);

    let piped = &subscribed(dir.path(), "piped.db");
    let (answers, left_wal) = record_from(dir.path(), piped, Input::Piped);
    assert!(!left_wal, "a pipe's size is unknown: through the WAL");
    assert_loaded(piped, &answers);
}

#[test]
fn a_large_batch_goes_through_the_wal_while_another_connection_reads() {
    let dir = tempfile::tempdir().unwrap();
    let db = &subscribed(dir.path(), "shared.db");
    let reader = Connection::open(db).unwrap();
    let _: i64 = reader
        .query_row("SELECT count(*) FROM events", [], |row| row.get(0))
        .unwrap();
    let (answers, left_wal) = record(dir.path(), db);
    assert!(!left_wal);
    assert!(
        wal_bytes(db) > 60 << 20,
        "{} bytes in the WAL",
        wal_bytes(db)
    );
    drop(reader);
    assert_loaded(db, &answers);
}

#[test]
fn a_file_left_out_of_wal_mode_goes_back_when_opened() {
    let dir = tempfile::tempdir().unwrap();
    let db = &subscribed(dir.path(), "left.db");
    let conn = Connection::open(db).unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode = DELETE", [], |row| row.get(0))
        .unwrap();
    assert_eq!(mode, "delete");
    drop(conn);
    assert_eq!(journal_mode(db), "delete");
    common::ok(common::outbox_on(db, &["stats"], ""));
    assert_eq!(journal_mode(db), "wal");
}

/// The schema named by a URL of `common::postgres`.
fn schema_of(url: &str) -> &str {
    url.rsplit("search_path%3D").next().unwrap()
}

/// Whether some session holds the events table of `schema` against every
/// other: a batch that dropped indexes of it, until it commits.
fn events_held(client: &mut postgres::Client, schema: &str) -> bool {
    client
        .query_one(
            "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation \
               JOIN pg_namespace n ON n.oid = c.relnamespace \
             WHERE n.nspname = $1 AND c.relname = 'events' AND l.mode = 'AccessExclusiveLock' AND l.granted",
            &[&schema],
        )
        .unwrap()
        .get::<_, i64>(0)
        > 0
}

/// The definitions of a schema's indexes, without its name.
fn indexes(client: &mut postgres::Client, schema: &str) -> Vec<String> {
    client
        .query(
            "SELECT replace(indexdef, $1 || '.', '') FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname",
            &[&schema],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect()
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_large_batch_into_an_empty_postgresql_outbox_builds_its_indexes_at_its_end() {
    let (Some(url), Some(fresh)) = (common::postgres("bulk"), common::postgres("bulk_new")) else {
        return;
    };
    subscribe(&url);
    subscribe(&fresh);
    let base = std::env::var("OUTBOX_TEST_PG").unwrap();
    let mut watcher = postgres::Client::connect(&base, postgres::NoTls).unwrap();
    let schema = schema_of(&url);
    let dir = tempfile::tempdir().unwrap();
    let (answers, held) = record_watching(dir.path(), &url, Input::Named, &mut || {
        events_held(&mut watcher, schema)
    });
    assert!(held, "the batch dropped indexes of the events table");
    assert_eq!(answers.lines().count(), EVENTS);
    let rows = |client: &mut postgres::Client, table: &str| -> i64 {
        client
            .query_one(&format!("SELECT count(*) FROM {schema}.{table}"), &[])
            .unwrap()
            .get(0)
    };
    assert_eq!(rows(&mut watcher, "events"), EVENTS as i64);
    assert_eq!(rows(&mut watcher, "deliveries"), EVENTS as i64);
    // Every index dropped is built again, as a new outbox has it.
    assert_eq!(
        indexes(&mut watcher, schema),
        indexes(&mut watcher, schema_of(&fresh))
    );

    // Into an outbox that now holds events, other sessions go on reading
    // and writing beside the batch: nothing is dropped.
    let (again, held) = record_watching(dir.path(), &url, Input::Named, &mut || {
        events_held(&mut watcher, schema)
    });
    assert!(!held);
    assert_eq!(again.lines().count(), EVENTS);
}

/// `url` (of `common::postgres`) connecting as `role` instead.
fn as_role(url: &str, role: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap();
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let host = rest[..authority_end].rsplit('@').next().unwrap();
    format!("{scheme}://{role}@{host}{}", &rest[authority_end..])
}

/// A login role with the rights to read and write the rows of `schema`,
/// as a deployment may give its workers; dropped with everything granted
/// to it when the test ends, passed or not.
struct Writer {
    admin: postgres::Client,
    name: String,
}

impl Writer {
    fn new(base: &str, schema: &str) -> Self {
        let name = format!("outbox_test_writer_{}", std::process::id());
        let mut admin = postgres::Client::connect(base, postgres::NoTls).unwrap();
        admin
            .batch_execute(&format!(
                "DROP ROLE IF EXISTS {name}; CREATE ROLE {name} LOGIN; \
                 GRANT USAGE ON SCHEMA {schema} TO {name}; \
                 GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {schema} TO {name};"
            ))
            .unwrap();
        Writer { admin, name }
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        let name = &self.name;
        if let Err(e) = self
            .admin
            .batch_execute(&format!("DROP OWNED BY {name}; DROP ROLE {name};"))
        {
            eprintln!("could not drop the test role {name}: {e}");
        }
    }
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_role_that_does_not_own_the_tables_writes_a_large_batch_as_any_other() {
    let Some(url) = common::postgres("bulk_role") else {
        return;
    };
    subscribe(&url);
    let schema = schema_of(&url);
    let base = std::env::var("OUTBOX_TEST_PG").unwrap();
    let writer = Writer::new(&base, schema);
    let mut watcher = postgres::Client::connect(&base, postgres::NoTls).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (answers, held) = record_watching(
        dir.path(),
        &as_role(&url, &writer.name),
        Input::Named,
        &mut || events_held(&mut watcher, schema),
    );
    assert!(!held, "a role that may not drop the indexes leaves them");
    assert_eq!(answers.lines().count(), EVENTS);
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn two_large_batches_at_once_into_an_empty_postgresql_outbox_both_commit() {
    let Some(url) = common::postgres("bulk_twice") else {
        return;
    };
    subscribe(&url);
    let dir = tempfile::tempdir().unwrap();
    let batches: Vec<_> = ["a", "b"]
        .iter()
        .map(|name| {
            let path = dir.path().join(format!("{name}.ndjson"));
            let lines: String = (0..EVENTS)
                .map(|i| format!("{{\"type\": \"t\", \"subject\": \"{name}{i}\"}}\n"))
                .collect();
            std::fs::write(&path, lines).unwrap();
            path
        })
        .collect();
    // Each reads the outbox before it writes; neither may wait to hold
    // what the other reads (a deadlock the server would end by failing one).
    let children: Vec<_> = batches
        .iter()
        .map(|path| {
            std::process::Command::new(assert_cmd::cargo::cargo_bin("outbox"))
                .env("OUTBOX_DB", &url)
                .args(["--busy-timeout", "120", "event", "record", "--batch"])
                .arg(path)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{output:?}");
    }
    let stats = common::ok(common::outbox_on(&url, &["stats", "--json"], ""));
    let stats: serde_json::Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(stats["stats"]["total"], 2 * EVENTS, "{stats}");
}

/// An initial load into PostgreSQL copies its rows in, meeting no rows but
/// its own: an event recorded twice in the batch (the second time with
/// another status) is answered and stored as the same batch into SQLite
/// answers and stores it, first attempts and all.
#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn an_initial_load_with_events_recorded_twice_answers_and_stores_as_sqlite_does() {
    let Some(url) = common::postgres("load_twice") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let sqlite = dir.path().join("load.db").to_str().unwrap().to_owned();
    let mut lines = String::new();
    for i in 0..EVENTS {
        lines.push_str(&format!(
            "{{\"eventId\": \"e{i:05}\", \"type\": \"t\", \"subject\": \"s{}\"}}\n",
            i % 7
        ));
        if i % 50 == 0 {
            lines.push_str(&format!(
                "{{\"eventId\": \"e{i:05}\", \"type\": \"t\", \"status\": \"acked\", \"payload\": {{\"again\": true}}}}\n"
            ));
        }
    }
    let batch = dir.path().join("twice.ndjson");
    std::fs::write(&batch, lines).unwrap();
    let run = |db: &str, args: &[&str]| -> String {
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("outbox"))
            .env("OUTBOX_DB", db)
            .env("OUTBOX_NOW", "1700000000")
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let loaded: Vec<(String, String)> = [url.as_str(), sqlite.as_str()]
        .into_iter()
        .map(|db| {
            let subscribe: Vec<&str> = "sub create --client c --types t --any-target"
                .split(' ')
                .collect();
            run(db, &subscribe);
            let answers = run(
                db,
                &[
                    "event",
                    "record",
                    "--batch",
                    batch.to_str().unwrap(),
                    "--json",
                ],
            );
            (answers, run(db, &["export"]))
        })
        .collect();
    let (pg, lite) = (&loaded[0], &loaded[1]);
    assert_eq!(pg.0.lines().count(), EVENTS + EVENTS / 50);
    assert_eq!(pg.0, lite.0, "the batch's answers");
    assert_eq!(pg.1, lite.1, "what each outbox holds");
    assert!(
        pg.1.contains("\"again\":true"),
        "the second recording replaced the first"
    );
}
