//! What people who run outbox reach for, through the binary: a drain that
//! says what it left scheduled.

mod common;

use common::db::{Db, NOW};

#[test]
fn a_drain_says_how_many_retries_it_left_scheduled_and_when_the_next_is_due() {
    let db = Db::sqlite();
    // Nothing listens on port 9 of loopback: every attempt is refused.
    db.sub(&[
        "--types",
        "t",
        "--transport",
        "webhook",
        "--endpoint",
        "http://127.0.0.1:9/",
    ]);
    db.record(NOW, "t", "a");
    db.record(NOW, "t", "b");
    let out = db.cmd(NOW, &["work", "--drain"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last = stderr.lines().last().unwrap_or("");
    assert!(
        last.contains("2 retries are scheduled, the next due in")
            && last.contains("run outbox work --drain again"),
        "{stderr}"
    );
    // Nothing left to retry: no such line.
    let db = Db::sqlite();
    db.sub(&[
        "--types",
        "t",
        "--transport",
        "webhook",
        "--endpoint",
        "http://127.0.0.1:9/",
        "--max-attempts",
        "1",
    ]);
    db.record(NOW, "t", "a");
    let out = db.cmd(NOW, &["work", "--drain"]).output().unwrap();
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("scheduled"),
        "{out:?}"
    );
}
