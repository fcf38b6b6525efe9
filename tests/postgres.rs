//! What only the PostgreSQL backend can get wrong: refused input and lost
//! connections that must write nothing, unreachable servers, a row another
//! session holds, and a schema from a newer outbox. Skipped with a reason
//! when OUTBOX_TEST_PG is unset.

mod common;

use assert_cmd::Command;
use serde_json::Value;
use std::io::Write;
use std::process::Stdio;

fn outbox(url: &str, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("outbox")
        .unwrap()
        .env("OUTBOX_DB", url)
        .env_remove("OUTBOX_NOW")
        .args(args)
        .arg("--json")
        .output()
        .unwrap()
}

/// Everything a user can read back, as one value.
fn state(url: &str) -> Value {
    let read =
        |args: &[&str]| -> Value { serde_json::from_slice(&outbox(url, args).stdout).unwrap() };
    serde_json::json!({
        "events": read(&["event", "list", "--limit", "500"]),
        "subscriptions": read(&["sub", "list", "--limit", "500"]),
        "deliveries": read(&["delivery", "list", "--limit", "500"]),
    })
}

/// Records `n` events of type `t` in one batch.
fn record_batch(url: &str, n: usize) {
    let lines: String = (0..n)
        .map(|i| format!("{{\"type\": \"t\", \"subject\": \"s{i}\"}}\n"))
        .collect();
    let recorded = Command::cargo_bin("outbox")
        .unwrap()
        .env("OUTBOX_DB", url)
        .args(["event", "record", "--batch", "-"])
        .write_stdin(lines)
        .output()
        .unwrap();
    assert!(recorded.status.success(), "{recorded:?}");
}

fn seeded(test: &str) -> Option<String> {
    let url = common::postgres(test)?;
    assert!(
        outbox(
            &url,
            &[
                "sub",
                "create",
                "--client",
                "c",
                "--types",
                "t",
                "--any-target"
            ]
        )
        .status
        .success()
    );
    assert!(
        outbox(
            &url,
            &["event", "record", "--type", "t", "--subject", "seed"]
        )
        .status
        .success()
    );
    Some(url)
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn refused_input_writes_nothing() {
    let Some(url) = seeded("refused") else { return };
    let before = state(&url);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["event", "record", "--type", "t", "--payload", "{oops"],
            "",
        ),
        (
            vec!["event", "record", "--type", "t", "--payload", "[1]"],
            "",
        ),
        (
            vec![
                "sub",
                "create",
                "--client",
                "c",
                "--types",
                "t",
                "--transport",
                "pigeon",
            ],
            "",
        ),
        (vec!["delivery", "claim", "--lease", "soon"], ""),
        (
            vec!["event", "record", "--batch", "-"],
            "{\"type\": \"t\", \"subject\": \"a\"}\n{\"type\": \"t\", \"payload\": 5}\n",
        ),
        (
            vec!["event", "record", "--batch", "-"],
            "{\"type\": \"t\", \"subject\": \"b\"}\n{\"subject\": \"no type\"}\n",
        ),
    ];
    for (args, stdin) in cases {
        let output = Command::cargo_bin("outbox")
            .unwrap()
            .env("OUTBOX_DB", &url)
            .args(&args)
            .write_stdin(stdin)
            .output()
            .unwrap();
        assert!(
            matches!(output.status.code(), Some(1 | 2)),
            "{args:?}: {output:?}"
        );
        assert_eq!(state(&url), before, "{args:?} changed the database");
    }
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn unreachable_servers_and_bad_credentials_exit_3() {
    let Ok(base) = std::env::var("OUTBOX_TEST_PG") else {
        eprintln!("skipped on PostgreSQL: OUTBOX_TEST_PG is not set");
        return;
    };
    let host = base
        .split('@')
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or("127.0.0.1:5432")
        .to_owned();
    for url in [
        "postgres://postgres@127.0.0.1:1/test".to_owned(),
        format!("postgres://no_such_role_outbox@{host}/test"),
        format!("postgres://postgres@{host}/no_such_database_outbox"),
    ] {
        let output = outbox(&url, &["stats"]);
        assert_eq!(output.status.code(), Some(3), "{url}: {output:?}");
        let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(answer["error"], "storage:open", "{url}");
        assert!(!output.stderr.is_empty());
    }
}

/// A delivery row another session holds: the completion waits
/// `--busy-timeout` for it, then fails with storage:locked (exit 3) having
/// written nothing, and goes through once the row is free.
#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_row_held_by_another_session_fails_with_storage_locked() {
    let Some(url) = seeded("row_lock") else {
        return;
    };
    let claimed: Value =
        serde_json::from_slice(&outbox(&url, &["delivery", "claim", "--worker", "w"]).stdout)
            .unwrap();
    let id = claimed["delivery"]["deliveryId"]
        .as_str()
        .expect("the seed's delivery is claimed")
        .to_owned();
    let complete = [
        "--busy-timeout",
        "1s",
        "delivery",
        "complete",
        &id,
        "--worker",
        "w",
    ];

    let mut holder = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let mut held = holder.transaction().unwrap();
    held.execute(
        "SELECT 1 FROM deliveries WHERE delivery_id = $1 FOR UPDATE",
        &[&id],
    )
    .unwrap();
    let output = outbox(&url, &complete);
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(answer["error"], "storage:locked", "{answer}");
    held.rollback().unwrap();

    let got: Value =
        serde_json::from_slice(&outbox(&url, &["delivery", "get", &id]).stdout).unwrap();
    assert_eq!(got["delivery"]["status"], "claimed", "{got}");
    let output = outbox(&url, &complete);
    assert!(output.status.success(), "{output:?}");
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_server_that_goes_away_mid_batch_leaves_nothing_half_written() {
    let Some(url) = seeded("goes_away") else {
        return;
    };
    let name = format!("outbox_goes_away_{}", std::process::id());
    let tagged = format!("{url}&application_name={name}");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("outbox"))
        .env("OUTBOX_DB", &tagged)
        .args(["event", "record", "--batch", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for i in 0..50 {
        writeln!(stdin, "{{\"type\": \"t\", \"subject\": \"lost-{i}\"}}").unwrap();
    }
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    let base = std::env::var("OUTBOX_TEST_PG").unwrap();
    let mut admin = postgres::Client::connect(&base, postgres::NoTls).unwrap();
    let killed: i64 = admin
        .query_one(
            "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1) AS t",
            &[&name],
        )
        .unwrap()
        .get(0);
    assert_eq!(killed, 1, "the batch's connection was found and ended");
    for i in 50..60 {
        let _ = writeln!(stdin, "{{\"type\": \"t\", \"subject\": \"lost-{i}\"}}");
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(
        answer["error"].as_str().unwrap().starts_with("storage:"),
        "{answer}"
    );
    let events = state(&url)["events"]["count"].clone();
    assert_eq!(events, 1, "only the seed event; nothing of the batch");
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_schema_from_a_newer_outbox_is_refused() {
    let Some(url) = seeded("newer") else { return };
    let schema = url.rsplit("search_path%3D").next().unwrap().to_owned();
    let base = std::env::var("OUTBOX_TEST_PG").unwrap();
    let mut admin = postgres::Client::connect(&base, postgres::NoTls).unwrap();
    admin
        .batch_execute(&format!(
            "UPDATE {schema}.outbox_schema SET version = version + 1"
        ))
        .unwrap();
    let output = outbox(&url, &["event", "record", "--type", "t"]);
    assert_eq!(output.status.code(), Some(3));
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(answer["error"], "storage:newer");
    let count: i64 = admin
        .query_one(&format!("SELECT count(*) FROM {schema}.events"), &[])
        .unwrap()
        .get(0);
    assert_eq!(count, 1, "nothing was written");
}

/// Without table statistics (autovacuum off, right after a large import)
/// a transition's update must still find its row by the primary key, not
/// walk an index on (transport, status, ...) of every delivery alike.
#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_transition_finds_its_row_by_key_on_a_never_analyzed_table() {
    let Some(url) = common::postgres("unanalyzed") else {
        return;
    };
    outbox(
        &url,
        &[
            "sub",
            "create",
            "--client",
            "c",
            "--types",
            "t",
            "--any-target",
        ],
    );
    record_batch(&url, 3000);
    let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let analyzed: i64 = client
        .query_one(
            "SELECT count(*) FROM pg_stats WHERE tablename = 'deliveries' AND schemaname = current_schema()",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(analyzed, 0, "the table must never have been analyzed");
    // The statement in both its shapes (a value per row, one value shared),
    // with literals for its parameters, highest number first so that $1
    // does not eat into $10.
    let values = [
        (14, "c"),
        (13, "poll"),
        (12, "queued"),
        (11, "1"),
        (10, "0"),
        (9, "0"),
        (8, "0"),
        (7, "0"),
        (6, "0"),
        (5, "\\{\\}"),
        (4, "x"),
        (3, "w"),
        (2, "claimed"),
    ];
    for per_row in [true, false] {
        use outbox::store::postgres::Shape;
        let shape = if per_row {
            Shape::PerRow
        } else {
            Shape::Shared
        };
        let mut statement = outbox::store::postgres::update_deliveries([shape; 13]);
        for (n, value) in values {
            let literal = if per_row {
                format!("'{{{value}}}'")
            } else {
                format!("'{}'", value.replace('\\', ""))
            };
            statement = statement.replace(&format!("${n}"), &literal);
        }
        statement = statement.replace("$1", "'{delv_x}'");
        let explain = format!("EXPLAIN {statement}");
        let plan: Vec<String> = client
            .query(&explain, &[])
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect();
        let plan = plan.join("\n");
        assert!(
            plan.contains("deliveries_pkey"),
            "the update goes through the key:\n{plan}"
        );
        assert!(!plan.contains("deliveries_by_transport"), "{plan}");
    }
}

/// The counts `stats` keeps on PostgreSQL: several workers claiming,
/// completing, failing (with retries queued), releasing and recording at
/// once must leave them equal to a count of the rows.
#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn kept_counts_equal_a_recount_after_concurrent_writers() {
    let Some(url) = common::postgres("counts") else {
        return;
    };
    for client in ["a", "b"] {
        let args = [
            "sub",
            "create",
            "--client",
            client,
            "--types",
            "t",
            "--any-target",
        ];
        assert!(outbox(&url, &args).status.success());
    }
    record_batch(&url, 200);
    let workers: Vec<_> = (0..4)
        .map(|w| {
            let url = url.clone();
            std::thread::spawn(move || {
                for round in 0..8 {
                    let worker = format!("w{w}");
                    let claimed = outbox(
                        &url,
                        &["delivery", "claim", "--worker", &worker, "--batch", "12"],
                    );
                    let claimed: Value = serde_json::from_slice(&claimed.stdout).unwrap();
                    let ids: Vec<&str> = claimed["deliveries"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|d| d["deliveryId"].as_str().unwrap())
                        .collect();
                    for (i, id) in ids.iter().enumerate() {
                        let verb = ["complete", "fail", "release", "complete"][(i + round) % 4];
                        let done = outbox(&url, &["delivery", verb, id, "--worker", &worker]);
                        assert!(done.status.success(), "{verb} {id}: {done:?}");
                    }
                    let subject = format!("late-{w}-{round}");
                    let recorded = outbox(
                        &url,
                        &["event", "record", "--type", "t", "--subject", &subject],
                    );
                    assert!(recorded.status.success(), "{recorded:?}");
                }
                // Some are left claimed.
                let claimed = outbox(&url, &["delivery", "claim", "--batch", "3"]);
                assert!(claimed.status.success(), "{claimed:?}");
            })
        })
        .collect();
    for worker in workers {
        worker.join().unwrap();
    }
    let stats: Value = serde_json::from_slice(&outbox(&url, &["stats"]).stdout).unwrap();
    let recounted: Value =
        serde_json::from_slice(&outbox(&url, &["stats", "--recount"]).stdout).unwrap();
    assert_eq!(stats["stats"], recounted["stats"]);
    // The writers did move deliveries through every state counted.
    for status in ["queued", "claimed", "delivered", "failed"] {
        assert!(
            recounted["stats"]["byStatus"][status].as_i64() > Some(0),
            "{status}: {recounted}"
        );
    }
    // Each failed delivery with an attempt left queued one retry; one that
    // failed its last attempt (a dead letter) queued none. Dead letters are
    // rare here but possible: every row is created within a second or two,
    // `createdAt` is in seconds, and within one second the claim order
    // falls to delivery ids, so a retry may be claimed (and failed again)
    // before the first attempts run out.
    let dead = outbox(&url, &["delivery", "list", "--dead", "--limit", "1000"]);
    let dead: Value = serde_json::from_slice(&dead.stdout).unwrap();
    let dead = dead["deliveries"].as_array().unwrap();
    for letter in dead {
        assert_eq!(
            letter["attempt"], 3,
            "a dead letter before its last attempt: {letter}"
        );
    }
    let failed = recounted["stats"]["byStatus"]["failed"].as_i64().unwrap();
    let expected = 2 * (200 + 4 * 8) + failed - dead.len() as i64;
    assert_eq!(
        recounted["stats"]["total"].as_i64(),
        Some(expected),
        "{recounted}\ndead letters: {dead:?}"
    );
}

/// A database at schema version 2 (before kept counts) is brought to this
/// version in place, its counts taken from its rows.
#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn a_schema_from_before_kept_counts_is_migrated_in_place() {
    let Some(url) = seeded("migrate") else { return };
    for i in 0..5 {
        let subject = format!("s{i}");
        outbox(
            &url,
            &["event", "record", "--type", "t", "--subject", &subject],
        );
    }
    assert!(
        outbox(&url, &["delivery", "claim", "--batch", "2"])
            .status
            .success()
    );
    let expected: Value = serde_json::from_slice(&outbox(&url, &["stats"]).stdout).unwrap();
    let schema = url.rsplit("search_path%3D").next().unwrap().to_owned();
    let base = std::env::var("OUTBOX_TEST_PG").unwrap();
    let mut admin = postgres::Client::connect(&base, postgres::NoTls).unwrap();
    admin
        .batch_execute(&format!(
            "DROP TABLE {schema}.delivery_counts; DROP INDEX {schema}.deliveries_scheduled; DROP INDEX {schema}.deliveries_queued; \
             DROP TABLE {schema}.lanes; \
             ALTER TABLE {schema}.deliveries DROP COLUMN lane, DROP COLUMN lane_seq, DROP COLUMN claims; \
             ALTER TABLE {schema}.events DROP COLUMN seq, DROP COLUMN traceparent, DROP COLUMN tracestate; \
             DROP SEQUENCE {schema}.recording_blocks; \
             DROP TABLE {schema}.subscription_health; DROP TABLE {schema}.tallies; \
             DROP TABLE {schema}.delivery_keys; DROP INDEX {schema}.deliveries_delivered; \
             DROP FUNCTION {schema}.delivery_keys_added, {schema}.delivery_keys_removed, \
               {schema}.delivery_keys_changed, {schema}.delivery_keys_emptied CASCADE; \
             CREATE INDEX deliveries_by_time ON {schema}.deliveries (created_at, delivery_id); \
             CREATE INDEX deliveries_by_event ON {schema}.deliveries (event_id, sub_id, attempt); \
             UPDATE {schema}.outbox_schema SET version = 2"
        ))
        .unwrap();
    let migrated: Value = serde_json::from_slice(&outbox(&url, &["stats"]).stdout).unwrap();
    assert_eq!(migrated["stats"], expected["stats"]);
    assert_eq!(migrated["stats"]["byStatus"]["queued"], 4, "{migrated}");
    let version: i32 = admin
        .query_one(&format!("SELECT version FROM {schema}.outbox_schema"), &[])
        .unwrap()
        .get(0);
    assert_eq!(version, outbox::store::postgres::SCHEMA_VERSION);
}

/// `prune --vacuum` on PostgreSQL vacuums outbox's tables at once, for
/// servers whose autovacuum is off or behind.
#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn prune_vacuum_runs_vacuum_on_postgresql() {
    let Some(url) = seeded("vacuum") else { return };
    let pruned = Command::cargo_bin("outbox")
        .unwrap()
        .env("OUTBOX_DB", &url)
        .args(["prune", "--older-than", "1s", "--vacuum"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&pruned.stdout);
    assert!(pruned.status.success(), "{pruned:?}");
    assert!(said.contains("VACUUM ran"), "{said}");
    let schema = url.rsplit("search_path%3D").next().unwrap().to_owned();
    let base = std::env::var("OUTBOX_TEST_PG").unwrap();
    let mut admin = postgres::Client::connect(&base, postgres::NoTls).unwrap();
    let vacuumed: i64 = admin
        .query_one(
            "SELECT count(*) FROM pg_stat_user_tables WHERE schemaname = $1 \
             AND relname IN ('deliveries', 'events', 'delivery_counts') AND vacuum_count > 0",
            &[&schema],
        )
        .unwrap()
        .get(0);
    assert_eq!(vacuumed, 3);
}
