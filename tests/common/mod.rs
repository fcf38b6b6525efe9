//! Shared by the integration tests: a fresh PostgreSQL schema per test when
//! `OUTBOX_TEST_PG` names a server (CI sets it), none otherwise.

#![allow(dead_code)]

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
