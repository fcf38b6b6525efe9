//! `outbox relay` through the binary, with the application's rows written by
//! a real client of its own database (rusqlite, the `postgres` crate): every
//! committed row becomes one event with its deliveries, rolled-back rows
//! none; a relay killed at random while the application writes loses and
//! doubles nothing; two relays at once relay each row once; bad rows land in
//! the rejected table and the rows after them go on; a PostgreSQL row that
//! commits after a higher `seq` was relayed is relayed too. Each check runs
//! for SQLite and PostgreSQL applications, into SQLite and PostgreSQL
//! outboxes (the same PostgreSQL database: one transaction per batch).

mod common;

use common::db::{Db, NOW};
use serde_json::Value;
use std::collections::BTreeMap;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The application's database, holding its outbox table.
enum App {
    Sqlite {
        path: String,
        _dir: tempfile::TempDir,
    },
    Postgres {
        url: String,
    },
}

/// One row as the application writes it: type, subject, payload text.
type Row<'a> = (Option<&'a str>, &'a str, Option<&'a str>);

impl App {
    fn sqlite() -> App {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("app.db").to_string_lossy().into_owned();
        // The application's own file, its own settings: the relay keeps them.
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "PRAGMA journal_mode = WAL; PRAGMA application_id = 4242; PRAGMA user_version = 7;
             CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL);",
        )
        .unwrap();
        App::Sqlite { path, _dir: dir }
    }

    fn postgres(test: &str) -> App {
        let url = common::postgres(test).expect("OUTBOX_TEST_PG was set when the tests were built");
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client
            .batch_execute("CREATE TABLE orders (id bigserial PRIMARY KEY, total float8)")
            .unwrap();
        App::Postgres { url }
    }

    fn from(&self) -> &str {
        match self {
            App::Sqlite { path, .. } => path,
            App::Postgres { url } => url,
        }
    }

    /// Writes an order and the rows in one transaction, committed or not.
    fn write(&self, rows: &[Row], commit: bool) {
        match self {
            App::Sqlite { path, .. } => {
                let mut conn = rusqlite::Connection::open(path).unwrap();
                conn.busy_timeout(Duration::from_secs(10)).unwrap();
                let tx = conn.transaction().unwrap();
                tx.execute("INSERT INTO orders (total) VALUES (42.5)", [])
                    .unwrap();
                for (event_type, subject, payload) in rows {
                    tx.execute(
                        "INSERT INTO outbox (type, subject, payload) VALUES (?1, ?2, ?3)",
                        rusqlite::params![event_type, subject, payload],
                    )
                    .unwrap();
                }
                if commit {
                    tx.commit().unwrap();
                }
            }
            App::Postgres { url } => {
                let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
                let mut tx = client.transaction().unwrap();
                tx.execute("INSERT INTO orders (total) VALUES (42.5)", &[])
                    .unwrap();
                for (event_type, subject, payload) in rows {
                    tx.execute(
                        "INSERT INTO outbox (type, subject, payload) VALUES ($1, $2, $3::text::jsonb)",
                        &[event_type, subject, payload],
                    )
                    .unwrap();
                }
                if commit {
                    tx.commit().unwrap();
                }
            }
        }
    }

    /// Runs one statement in the application's database (a person's fix).
    fn execute(&self, sql: &str) {
        match self {
            App::Sqlite { path, .. } => {
                rusqlite::Connection::open(path)
                    .unwrap()
                    .execute_batch(sql)
                    .unwrap();
            }
            App::Postgres { url } => {
                postgres::Client::connect(url, postgres::NoTls)
                    .unwrap()
                    .batch_execute(sql)
                    .unwrap();
            }
        }
    }

    fn count(&self, table: &str) -> i64 {
        let sql = format!("SELECT count(*) FROM {table}");
        match self {
            App::Sqlite { path, .. } => rusqlite::Connection::open(path)
                .unwrap()
                .query_row(&sql, [], |r| r.get(0))
                .unwrap(),
            App::Postgres { url } => postgres::Client::connect(url, postgres::NoTls)
                .unwrap()
                .query_one(&sql, &[])
                .unwrap()
                .get(0),
        }
    }
}

fn outbox(db: &Db) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_outbox"));
    cmd.env("OUTBOX_DB", &db.target).env_remove("OUTBOX_NOW");
    cmd
}

fn relay(db: &Db, app: &App, args: &[&str]) -> Output {
    outbox(db)
        .args(["relay", "run", "--from", app.from()])
        .args(args)
        .output()
        .unwrap()
}

fn spawn_relay(db: &Db, app: &App) -> Child {
    outbox(db)
        .args(["relay", "run", "--from", app.from(), "--batch-size", "7"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn signal(child: &Child, signal: i32) {
    // SAFETY: kill(2) on a child this test started and has not reaped.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
}

fn init(db: &Db, app: &App) {
    let out = outbox(db)
        .args(["relay", "init", "--from", app.from()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    db.sub(&["--types", "order.*"]);
}

/// Per subject: how many events, and how many deliveries they have.
fn recorded(db: &Db) -> BTreeMap<String, (usize, usize)> {
    let out = outbox(db).arg("export").output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let mut found: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut subject_of = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        if let Some(event) = record.get("event") {
            let subject = event["subject"].as_str().unwrap().to_owned();
            subject_of.insert(
                event["eventId"].as_str().unwrap().to_owned(),
                subject.clone(),
            );
            found.entry(subject).or_default().0 += 1;
        } else if let Some(delivery) = record.get("delivery") {
            // An export read while a relay runs may hold a delivery whose
            // event was recorded after the events were read: not counted.
            if let Some(subject) = subject_of.get(delivery["eventId"].as_str().unwrap()) {
                found.entry(subject.clone()).or_default().1 += 1;
            }
        }
    }
    found
}

macro_rules! on_every_pairing {
    ($check:ident, $schema:literal) => {
        mod $check {
            use super::*;

            #[test]
            fn sqlite_app_sqlite_outbox() {
                super::$check(App::sqlite(), Db::sqlite());
            }

            #[test]
            #[cfg_attr(
                not(outbox_test_pg),
                ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
            )]
            fn postgres_app_same_database() {
                super::$check(
                    App::postgres(concat!("app_", $schema)),
                    Db::postgres(concat!("ob_", $schema)),
                );
            }

            #[test]
            #[cfg_attr(
                not(outbox_test_pg),
                ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
            )]
            fn postgres_app_sqlite_outbox() {
                super::$check(App::postgres(concat!("app2_", $schema)), Db::sqlite());
            }

            #[test]
            #[cfg_attr(
                not(outbox_test_pg),
                ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
            )]
            fn sqlite_app_postgres_outbox() {
                super::$check(App::sqlite(), Db::postgres(concat!("ob2_", $schema)));
            }
        }
    };
}

on_every_pairing!(
    committed_rows_become_one_event_each_and_rolled_back_ones_none,
    "committed"
);
fn committed_rows_become_one_event_each_and_rolled_back_ones_none(app: App, db: Db) {
    init(&db, &app);
    app.write(
        &[
            (Some("order.created"), "order-1", Some(r#"{"total": 42.5}"#)),
            (Some("order.paid"), "order-1", None),
        ],
        true,
    );
    app.write(&[(Some("order.created"), "never", None)], false);
    app.write(&[(Some("order.created"), "order-2", None)], true);
    let out = relay(&db, &app, &["--once", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        line,
        serde_json::json!({"ok": true, "relayed": 3, "events": 3, "deliveries": 3, "rejected": 0})
    );
    assert!(out.stderr.is_empty(), "silent on success: {out:?}");
    let found = recorded(&db);
    assert_eq!(found.get("order-1"), Some(&(2, 2)), "{found:?}");
    assert_eq!(found.get("order-2"), Some(&(1, 1)), "{found:?}");
    assert!(!found.contains_key("never"), "a rolled-back row: {found:?}");
    assert_eq!(app.count("outbox"), 0, "relayed rows are deleted");
    assert_eq!(
        app.count("orders"),
        2,
        "the application's own committed rows stay"
    );

    // The event is the one `event record` makes of the same columns.
    let events = db.json(
        NOW,
        &[
            "event",
            "list",
            "--subject",
            "order-1",
            "--type",
            "order.created",
        ],
    );
    let event = &events["events"][0];
    assert_eq!(event["payload"], serde_json::json!({"total": 42.5}));
    let again = db.json(
        NOW,
        &[
            "event",
            "record",
            "--type",
            "order.created",
            "--subject",
            "order-1",
            "--payload",
            r#"{"total": 42.5}"#,
            "--created-at",
            &event["createdAt"].to_string(),
        ],
    );
    assert_eq!(again["event"]["eventId"], event["eventId"]);

    // Nothing waits: --once answers an empty batch, --drain exits at once.
    let out = relay(&db, &app, &["--once", "--json"]);
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["relayed"], 0);
    let out = relay(&db, &app, &["--drain"]);
    assert!(out.status.success() && out.stdout.is_empty(), "{out:?}");

    if let App::Sqlite { path, .. } = &app {
        // Nothing else in the application's file changed.
        let conn = rusqlite::Connection::open(path).unwrap();
        let pragma = |name: &str| -> String {
            conn.query_row(&format!("PRAGMA {name}"), [], |r| {
                r.get::<_, rusqlite::types::Value>(0)
                    .map(|v| format!("{v:?}"))
            })
            .unwrap()
        };
        assert_eq!(pragma("journal_mode"), "Text(\"wal\")");
        assert_eq!(pragma("application_id"), "Integer(4242)");
        assert_eq!(pragma("user_version"), "Integer(7)");
        let mut tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        tables.sort();
        assert_eq!(
            tables,
            ["orders", "outbox", "outbox_rejected", "sqlite_sequence"]
        );
    }
}

on_every_pairing!(
    bad_rows_are_rejected_and_the_rows_after_them_relayed,
    "bad_rows"
);
fn bad_rows_are_rejected_and_the_rows_after_them_relayed(app: App, db: Db) {
    init(&db, &app);
    // Operations hear of each row set aside.
    db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "ops",
            "--types",
            "outbox.relay.rejected",
            "--any-target",
        ],
    );
    app.write(
        &[
            (Some("order.created"), "before", None),
            (None, "no-type", None),
            (Some("order.paid"), "a-list", Some("[1, 2]")),
            (Some("order.created"), "after", Some(r#"{"n": 1}"#)),
        ],
        true,
    );
    let out = relay(&db, &app, &["--drain", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["relayed"], 2, "{line}");
    assert_eq!(line["rejected"], 2, "{line}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(said.lines().count(), 2, "one line per rejected row: {said}");
    assert!(
        said.contains("missing:type") && said.contains("JSON object"),
        "{said}"
    );
    let found = recorded(&db);
    let subjects: Vec<&String> = found.keys().filter(|s| !s.contains(':')).collect();
    assert_eq!(subjects, ["after", "before"]);
    assert_eq!(app.count("outbox"), 0);
    assert_eq!(app.count("outbox_rejected"), 2);
    let announced = outbox(&db)
        .args(["event", "list", "--type", "outbox.relay.rejected", "--json"])
        .output()
        .unwrap();
    let announced: Value = serde_json::from_slice(&announced.stdout).unwrap();
    let mut reasons: Vec<(String, String)> = announced["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            assert_eq!(e["source"], "outbox");
            (
                e["payload"]["reason"].as_str().unwrap().to_owned(),
                e["subject"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    reasons.sort();
    assert_eq!(reasons.len(), 2, "{announced}");
    assert!(reasons[0].0.contains("missing:type"), "{reasons:?}");
    assert!(reasons[1].0.contains("JSON object"), "{reasons:?}");
    assert!(reasons.iter().all(|(_, subject)| subject.contains(':')));
    let status = outbox(&db)
        .args(["relay", "status", "--from", app.from(), "--json"])
        .output()
        .unwrap();
    let status: Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(
        status,
        serde_json::json!({"ok": true, "waiting": 0, "oldestAgeSeconds": 0, "rejected": 2, "running": false})
    );
    // The same as metrics, one gauge each, for a monitoring system.
    app.write(&[(Some("order.created"), "waits", None)], true);
    let metrics = outbox(&db)
        .args([
            "relay",
            "status",
            "--from",
            app.from(),
            "--format",
            "prometheus",
        ])
        .output()
        .unwrap();
    assert!(metrics.status.success(), "{metrics:?}");
    let metrics = String::from_utf8(metrics.stdout).unwrap();
    for (gauge, value) in [
        ("outbox_relay_waiting", "1"),
        ("outbox_relay_rejected", "2"),
        ("outbox_relay_running", "0"),
    ] {
        // Labelled with the table: `outbox_relay_waiting{table="..."} 1`.
        assert!(
            metrics
                .lines()
                .any(|l| l.starts_with(&format!("{gauge}{{table=\""))
                    && l.ends_with(&format!("}} {value}"))),
            "{gauge} {value}:\n{metrics}"
        );
        assert!(
            metrics.contains(&format!("# TYPE {gauge} gauge")),
            "{metrics}"
        );
    }
    assert!(
        metrics
            .lines()
            .any(|l| l.starts_with("outbox_relay_oldest_age_seconds{")),
        "{metrics}"
    );
}

/// The application writes `rounds` transactions of 1 to 3 rows (every
/// fifth rolled back) while `disturb` starts and stops relays; answers the
/// subjects of the rows committed.
fn while_writing(app: &App, rounds: usize, mut disturb: impl FnMut(usize)) -> Vec<String> {
    let mut committed = Vec::new();
    for round in 0..rounds {
        let rows: Vec<String> = (0..1 + round % 3)
            .map(|i| format!("r{round}-{i}"))
            .collect();
        let commit = round % 5 != 4;
        let batch: Vec<Row> = rows
            .iter()
            .map(|s| (Some("order.created"), s.as_str(), None))
            .collect();
        app.write(&batch, commit);
        if commit {
            committed.extend(rows);
        }
        disturb(round);
    }
    committed.sort();
    committed
}

/// Every committed row is one event with one delivery, and nothing else is.
fn each_once(db: &Db, app: &App, mut committed: Vec<String>) {
    committed.sort();
    let found = recorded(db);
    let doubled: Vec<_> = found.iter().filter(|(_, n)| **n != (1, 1)).collect();
    assert!(
        doubled.is_empty(),
        "doubled or without its delivery: {doubled:?}"
    );
    assert_eq!(
        found.keys().cloned().collect::<Vec<_>>(),
        committed,
        "lost or invented rows"
    );
    assert_eq!(app.count("outbox"), 0);
}

on_every_pairing!(a_relay_killed_at_random_loses_and_doubles_nothing, "killed");
fn a_relay_killed_at_random_loses_and_doubles_nothing(app: App, db: Db) {
    init(&db, &app);
    let mut rng = fastrand::Rng::with_seed(26);
    let mut running: Option<Child> = None;
    let mut kills = 0;
    let committed = while_writing(&app, 120, |_| {
        match running.take() {
            Some(mut child) if rng.bool() => {
                std::thread::sleep(Duration::from_millis(rng.u64(0..40)));
                child.kill().unwrap(); // SIGKILL: no chance to finish a batch
                child.wait().unwrap();
                kills += 1;
            }
            Some(child) => running = Some(child),
            None => running = Some(spawn_relay(&db, &app)),
        }
    });
    if let Some(mut child) = running {
        child.kill().unwrap();
        child.wait().unwrap();
    }
    assert!(kills >= 10, "the relay was killed {kills} times");
    let out = relay(&db, &app, &["--drain"]);
    assert!(out.status.success(), "{out:?}");
    each_once(&db, &app, committed);
}

on_every_pairing!(two_relays_at_once_relay_every_row_once, "two");
fn two_relays_at_once_relay_every_row_once(app: App, db: Db) {
    init(&db, &app);
    let first = spawn_relay(&db, &app);
    let second = spawn_relay(&db, &app);
    let committed = while_writing(&app, 60, |_| {});
    let started = Instant::now();
    while app.count("outbox") > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the relays fell behind"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    each_once(&db, &app, committed);
    let mut said = String::new();
    for child in [first, second] {
        signal(&child, libc::SIGTERM);
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{out:?}");
        said.push_str(&String::from_utf8_lossy(&out.stderr));
    }
    assert!(
        said.contains("this one waits to take over"),
        "one was a standby: {said}"
    );
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_postgresql_row_committed_after_a_higher_seq_was_relayed_is_relayed_too() {
    for (app, db) in [
        (
            App::postgres("relay_late"),
            Db::postgres("relay_late_outbox"),
        ),
        (App::postgres("relay_late_b"), Db::sqlite()),
    ] {
        init(&db, &app);
        let App::Postgres { url } = &app else {
            unreachable!()
        };
        let mut early = postgres::Client::connect(url, postgres::NoTls).unwrap();
        let mut early = early.transaction().unwrap();
        early
            .execute(
                "INSERT INTO outbox (type, subject) VALUES ('order.created', 'late')",
                &[],
            )
            .unwrap();
        app.write(&[(Some("order.created"), "higher", None)], true);
        let out = relay(&db, &app, &["--drain", "--json"]);
        assert!(out.status.success(), "{out:?}");
        assert_eq!(recorded(&db).keys().collect::<Vec<_>>(), ["higher"]);
        early.commit().unwrap();
        let out = relay(&db, &app, &["--drain"]);
        assert!(out.status.success(), "{out:?}");
        assert_eq!(recorded(&db).keys().collect::<Vec<_>>(), ["higher", "late"]);
    }
}

on_every_pairing!(a_running_relay_relays_a_new_row_at_once, "woken");
fn a_running_relay_relays_a_new_row_at_once(app: App, db: Db) {
    init(&db, &app);
    // --poll-max far longer than the wait below: only a wake-up relays it.
    let mut child = outbox(&db)
        .args(["relay", "run", "--from", app.from(), "--poll-max", "1h"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    app.write(&[(Some("order.created"), "woken", None)], true);
    let started = Instant::now();
    while !recorded(&db).contains_key("woken") {
        assert!(started.elapsed() < Duration::from_secs(10), "not relayed");
        std::thread::sleep(Duration::from_millis(20));
    }
    signal(&child, libc::SIGINT);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "SIGINT exits 130");
}

#[test]
fn schema_prints_the_ddl_and_init_changes_nothing_the_second_time() {
    let db = Db::sqlite();
    let out = outbox(&db)
        .args([
            "relay",
            "schema",
            "--dialect",
            "postgres",
            "--table",
            "app.outbox",
        ])
        .output()
        .unwrap();
    let ddl = String::from_utf8(out.stdout).unwrap();
    assert!(
        ddl.contains("CREATE TABLE IF NOT EXISTS \"app\".\"outbox\""),
        "{ddl}"
    );
    assert!(
        ddl.contains("GENERATED ALWAYS AS IDENTITY") && ddl.contains("pg_notify"),
        "{ddl}"
    );
    let out = outbox(&db)
        .args([
            "relay",
            "schema",
            "--dialect",
            "sqlite",
            "--table",
            "app.outbox",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "SQLite has no schemas: {out:?}");

    let app = App::sqlite();
    let App::Sqlite { path, .. } = &app else {
        unreachable!()
    };
    // The DDL printed is the DDL init runs.
    let ddl = outbox(&db)
        .args(["relay", "schema", "--dialect", "sqlite"])
        .output()
        .unwrap();
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute_batch(&String::from_utf8(ddl.stdout).unwrap())
        .unwrap();
    let schema = || common::schema(path);
    let before = schema();
    for _ in 0..2 {
        let out = outbox(&db)
            .args(["relay", "init", "--from", path])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        assert_eq!(schema(), before);
    }
    let out = outbox(&db)
        .args([
            "relay", "run", "--from", path, "--table", "nosuch", "--once",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("relay init"),
        "{out:?}"
    );
}

#[test]
fn a_relay_outlasts_an_application_file_locked_past_its_busy_timeout() {
    let app = App::sqlite();
    let db = Db::sqlite();
    init(&db, &app);
    app.write(
        &[
            (Some("order.created"), "held-1", None),
            (Some("order.created"), "held-2", None),
        ],
        true,
    );
    let App::Sqlite { path, .. } = &app else {
        unreachable!()
    };
    // The application holds its file's write lock for a while: the relay's
    // deletion waits 1 s, says so, and tries again until it is free.
    let holder = rusqlite::Connection::open(path).unwrap();
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let relay = outbox(&db)
        .args([
            "--busy-timeout",
            "1s",
            "relay",
            "run",
            "--from",
            path,
            "--drain",
        ])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(3000));
    holder.execute_batch("COMMIT").unwrap();
    let out = relay.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("storage:locked") || said.contains("locked"),
        "{said}"
    );
    assert!(said.contains("trying again in"), "{said}");
    each_once(&db, &app, vec!["held-1".to_owned(), "held-2".to_owned()]);
}

on_every_pairing!(
    rejected_rows_are_listed_mended_and_retried_or_dropped,
    "rejected_rows"
);
fn rejected_rows_are_listed_mended_and_retried_or_dropped(app: App, db: Db) {
    init(&db, &app);
    app.write(
        &[
            (None, "no-type", None),
            (Some("order.paid"), "a-list", Some("[1, 2]")),
        ],
        true,
    );
    assert!(relay(&db, &app, &["--drain"]).status.success());
    let rejected = |args: &[&str]| {
        outbox(&db)
            .args(["relay", "rejected"])
            .args(args)
            .args(["--from", app.from(), "--json"])
            .output()
            .unwrap()
    };
    let listed: Value = serde_json::from_slice(&rejected(&["list"]).stdout).unwrap();
    assert_eq!(listed["count"], 2, "{listed}");
    let rows = listed["rejected"].as_array().unwrap();
    let no_type = rows.iter().find(|r| r["subject"] == "no-type").unwrap();
    assert!(
        no_type["error"].as_str().unwrap().contains("missing:type"),
        "{no_type}"
    );
    assert_eq!(no_type["type"], Value::Null);
    // Mended by hand, then moved back: the relay takes it.
    app.execute("UPDATE outbox_rejected SET type = 'order.created' WHERE subject = 'no-type'");
    let seq = no_type["seq"].to_string();
    let out = rejected(&["retry", &seq]);
    assert!(out.status.success(), "{out:?}");
    let moved: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(moved["retried"], 1, "{moved}");
    assert_eq!((app.count("outbox"), app.count("outbox_rejected")), (1, 1));
    assert!(relay(&db, &app, &["--drain"]).status.success());
    assert!(recorded(&db).contains_key("no-type"));
    // Naming no row is a mistake; --all drops what is left.
    assert_eq!(rejected(&["drop"]).status.code(), Some(2));
    let dropped: Value = serde_json::from_slice(&rejected(&["drop", "--all"]).stdout).unwrap();
    assert_eq!(dropped["dropped"], 1, "{dropped}");
    assert_eq!(app.count("outbox_rejected"), 0);
}

on_every_pairing!(rows_carry_their_trace_context, "trace_rows");
fn rows_carry_their_trace_context(app: App, db: Db) {
    const GIVEN: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    init(&db, &app);
    // The application writes its current span's context with the row.
    app.execute(&format!(
        "INSERT INTO outbox (type, subject, traceparent, tracestate) \
         VALUES ('order.created', 'traced', '{GIVEN}', 'shop=1'), \
                ('order.created', 'torn', '00-not-a-context', NULL)"
    ));
    assert!(relay(&db, &app, &["--drain"]).status.success());
    let event = |subject: &str| -> Value {
        let out = outbox(&db)
            .args(["event", "list", "--subject", subject, "--json"])
            .output()
            .unwrap();
        let listed: Value = serde_json::from_slice(&out.stdout).unwrap();
        listed["events"][0].clone()
    };
    let traced = event("traced");
    assert_eq!(traced["traceparent"], GIVEN, "{traced}");
    assert_eq!(traced["tracestate"], "shop=1", "{traced}");
    // A malformed context sets the row aside, as `event record` refuses it;
    // the rejected table keeps what the application wrote.
    let listed = outbox(&db)
        .args(["relay", "rejected", "list", "--from", app.from(), "--json"])
        .output()
        .unwrap();
    let listed: Value = serde_json::from_slice(&listed.stdout).unwrap();
    let torn = &listed["rejected"][0];
    assert_eq!(torn["subject"], "torn", "{listed}");
    assert_eq!(torn["traceparent"], "00-not-a-context");
    assert!(
        torn["error"]
            .as_str()
            .unwrap()
            .starts_with("invalid:traceparent"),
        "{torn}"
    );
    // Mended and retried, it goes back with its (mended) context.
    app.execute(&format!(
        "UPDATE outbox_rejected SET traceparent = '{GIVEN}' WHERE subject = 'torn'"
    ));
    let out = outbox(&db)
        .args(["relay", "rejected", "retry", "--all", "--from", app.from()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(relay(&db, &app, &["--drain"]).status.success());
    assert_eq!(event("torn")["traceparent"], GIVEN);

    // A table made before trace context is relayed as it is, its rows with
    // none; `relay init` gives it the columns.
    let postgres = matches!(app, App::Postgres { .. });
    let (seq, payload) = if postgres {
        ("bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY", "jsonb")
    } else {
        ("INTEGER PRIMARY KEY AUTOINCREMENT", "TEXT")
    };
    let columns = format!(
        "type TEXT, subject TEXT, source TEXT, target TEXT, payload {payload}, event_id TEXT"
    );
    app.execute(&format!(
        "CREATE TABLE legacy (seq {seq}, {columns}, created_at BIGINT NOT NULL DEFAULT 1700000000);
         CREATE TABLE legacy_rejected (seq BIGINT PRIMARY KEY, {columns}, created_at BIGINT, error TEXT NOT NULL, rejected_at BIGINT NOT NULL);
         INSERT INTO legacy (type, subject) VALUES ('order.created', 'old'), (NULL, 'old-bad');"
    ));
    let legacy = |args: &[&str]| {
        outbox(&db)
            .args(args)
            .args(["--from", app.from(), "--table", "legacy"])
            .output()
            .unwrap()
    };
    let out = legacy(&["relay", "run", "--drain"]);
    assert!(out.status.success(), "{out:?}");
    assert!(
        event("old").get("traceparent").is_none(),
        "{}",
        event("old")
    );
    let out = legacy(&["relay", "rejected", "list", "--json"]);
    let listed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(listed["rejected"][0]["subject"], "old-bad", "{out:?}");
    assert!(
        legacy(&["relay", "rejected", "drop", "--all"])
            .status
            .success()
    );
    assert!(legacy(&["relay", "init"]).status.success());
    app.execute(&format!(
        "INSERT INTO legacy (type, subject, traceparent) VALUES ('order.created', 'upgraded', '{GIVEN}')"
    ));
    assert!(legacy(&["relay", "run", "--drain"]).status.success());
    assert_eq!(event("upgraded")["traceparent"], GIVEN);
}
