//! Shared by the integration tests: a fresh PostgreSQL schema per test when
//! `OUTBOX_TEST_PG` names a server (CI sets it), none otherwise.

#![allow(dead_code)]

pub mod brokers;
pub mod db;
pub mod mcp;
pub mod own_server;
pub mod receiver;
pub mod serve;

use std::sync::atomic::{AtomicUsize, Ordering};

/// A URL for a new, empty schema on the test server, or `None` (with the
/// reason printed) when `OUTBOX_TEST_PG` is unset.
pub fn postgres(test: &str) -> Option<String> {
    let Ok(base) = std::env::var("OUTBOX_TEST_PG") else {
        eprintln!(
            "skipped {test} on PostgreSQL: OUTBOX_TEST_PG is not set (e.g. postgres://postgres@127.0.0.1:5432/test)"
        );
        return None;
    };
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let schema = format!(
        "outbox_test_{}_{}_{}",
        test,
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    );
    let mut client =
        postgres::Client::connect(&base, postgres::NoTls).expect("OUTBOX_TEST_PG is reachable");
    static SWEPT: std::sync::Once = std::sync::Once::new();
    SWEPT.call_once(|| drop_stale_schemas(&mut client));
    client
        .batch_execute(&format!(
            "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema};"
        ))
        .expect("can create a test schema");
    let separator = if base.contains('?') { '&' } else { '?' };
    Some(format!(
        "{base}{separator}options=-c%20search_path%3D{schema}"
    ))
}

/// Drops the schemas that earlier test runs left behind: those named after
/// a process that no longer runs.
fn drop_stale_schemas(client: &mut postgres::Client) {
    let rows = client
        .query(
            "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'outbox_test_%'",
            &[],
        )
        .expect("can list schemas");
    for row in rows {
        let name: String = row.get(0);
        let pid = name.rsplit('_').nth(1).and_then(|p| p.parse::<u32>().ok());
        let running = pid.is_some_and(|pid| std::path::Path::new(&format!("/proc/{pid}")).exists());
        if !running
            && let Err(e) = client.batch_execute(&format!("DROP SCHEMA IF EXISTS {name} CASCADE"))
        {
            eprintln!("could not drop the stale test schema {name}: {e}");
        }
    }
}

/// Two tests of `check(db)`: `$sqlite` on a new SQLite file, `$postgres` on
/// a new schema named after `$schema` (skipped, saying so, without a server).
#[macro_export]
macro_rules! on_both_backends {
    ($check:path, $sqlite:ident, $postgres:ident, $schema:literal) => {
        #[test]
        fn $sqlite() {
            let dir = tempfile::tempdir().unwrap();
            $check(dir.path().join("outbox.db").to_str().unwrap());
        }

        #[test]
        #[cfg_attr(
            not(outbox_test_pg),
            ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
        )]
        fn $postgres() {
            let Some(url) = common::postgres($schema) else {
                return;
            };
            $check(&url);
        }
    };
}

/// Two tests of `$check(db: Db)`: `$check::sqlite` on a new SQLite file
/// and `$check::postgres` on a new schema named after `$schema`, marked
/// ignored when `OUTBOX_TEST_PG` was not set at build time, so the test
/// summary counts what did not run.
#[macro_export]
macro_rules! test_on_both {
    ($check:ident, $schema:literal) => {
        mod $check {
            #[test]
            fn sqlite() {
                super::$check(super::common::db::Db::sqlite());
            }

            #[test]
            #[cfg_attr(
                not(outbox_test_pg),
                ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
            )]
            fn postgres() {
                super::$check(super::common::db::Db::postgres($schema));
            }
        }
    };
}

/// `outbox ARGS` on `db` at a fixed now, with `stdin`.
pub fn outbox_on(db: &str, args: &[&str], stdin: &str) -> std::process::Output {
    assert_cmd::Command::cargo_bin("outbox")
        .unwrap()
        .env("OUTBOX_DB", db)
        .env("OUTBOX_NOW", "1795975331")
        .args(args)
        .write_stdin(stdin.to_owned())
        .output()
        .unwrap()
}

/// The stdout of a command that must have succeeded.
pub fn ok(output: std::process::Output) -> String {
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// The schema of a SQLite file: every table and index as created.
pub fn schema(db: &str) -> Vec<(String, String)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut rows = conn
        .prepare("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
        .unwrap();
    rows.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}
