//! The command line as people and scripts meet it: tables, exit codes,
//! failure objects, refused input that writes nothing, foreign files, pipes.

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

const NOW: i64 = 1_795_975_331; // 2026-11-29 18:02:11Z

struct Sandbox {
    dir: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Self {
        Sandbox {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn db(&self) -> PathBuf {
        self.dir.path().join("outbox.db")
    }

    /// `outbox` in the sandbox folder, on its default database, at `NOW`.
    fn cmd(&self, args: &[&str]) -> Command {
        let mut cmd = Command::cargo_bin("outbox").unwrap();
        cmd.current_dir(self.dir.path())
            .env_remove("OUTBOX_DB")
            .env_remove("OUTBOX_SOURCE")
            .env("OUTBOX_NOW", NOW.to_string())
            .args(args);
        cmd
    }

    fn json(&self, args: &[&str]) -> Value {
        let output = self.cmd(args).arg("--json").output().unwrap();
        serde_json::from_slice(&output.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {output:?}"))
    }

    fn text(&self, args: &[&str]) -> String {
        let output = self.cmd(args).output().unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        String::from_utf8(output.stdout).unwrap()
    }

    /// A database with two subscriptions and one event fanned out to both.
    fn seeded() -> Self {
        let sandbox = Sandbox::new();
        sandbox
            .cmd(&[
                "sub",
                "create",
                "--client",
                "billing",
                "--types",
                "order.created",
                "--any-target",
            ])
            .assert()
            .success();
        sandbox
            .cmd(&[
                "sub",
                "create",
                "--client",
                "audit",
                "--types",
                "*",
                "--any-target",
                "--transport",
                "webhook",
            ])
            .assert()
            .success();
        sandbox
            .cmd(&[
                "event",
                "record",
                "--type",
                "order.created",
                "--subject",
                "o-1",
            ])
            .assert()
            .success();
        sandbox
    }
}

fn header(table: &str) -> Vec<String> {
    table
        .lines()
        .next()
        .unwrap()
        .split("  ")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The status line of a delivery's card: the lease beside a claimed one,
/// the status alone once it is finished.
#[test]
fn a_delivery_card_shows_the_lease_while_claimed_and_the_status_alone_when_finished() {
    let sandbox = Sandbox::seeded();
    let claimed = sandbox.json(&[
        "delivery", "claim", "--client", "audit", "--worker", "w1", "--lease", "240",
    ]);
    let id = claimed["delivery"]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned();
    let status_line = |card: &str| -> String {
        card.lines()
            .find(|line| line.starts_with("status "))
            .unwrap_or_else(|| panic!("no status line:\n{card}"))
            .split_whitespace()
            .skip(1)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        status_line(&sandbox.text(&["delivery", "get", &id])),
        "claimed (lease in 4m)"
    );
    sandbox
        .cmd(&["delivery", "fail", &id, "--worker", "w1", "--no-retry"])
        .assert()
        .success();
    assert_eq!(
        status_line(&sandbox.text(&["delivery", "get", &id])),
        "failed"
    );
}

#[test]
fn delivery_tables_show_the_worker_view_one_row_per_line_when_piped() {
    let sandbox = Sandbox::seeded();
    sandbox
        .cmd(&[
            "delivery", "claim", "--client", "audit", "--worker", "w1", "--lease", "240",
        ])
        .assert()
        .success();
    let table = sandbox.text(&["delivery", "list"]);
    assert_eq!(
        header(&table),
        [
            "id",
            "type",
            "client",
            "transport",
            "status",
            "try",
            "due/lease",
            "error"
        ]
    );
    assert!(table.contains("lease in 4m"), "{table}");
    assert!(table.contains("due now"), "{table}");
    assert!(table.contains("order.created"), "{table}");
    assert!(table.trim_end().ends_with("2 deliveries"), "{table}");
    // Piped, nothing wraps: a header, a rule, one line per row, the tally.
    assert_eq!(table.lines().count(), 2 + 2 + 1, "{table}");
    let ids = sandbox.json(&["delivery", "list"]);
    let full = ids["deliveries"][0]["deliveryId"].as_str().unwrap();
    assert!(
        table.contains(&full[..13]) && !table.contains(full),
        "short ids in tables:\n{table}"
    );
}

#[test]
fn one_record_is_a_key_value_table_with_readable_times() {
    let sandbox = Sandbox::seeded();
    let claimed = sandbox.json(&["delivery", "claim", "--worker", "w1"]);
    let id = claimed["delivery"]["deliveryId"].as_str().unwrap();
    let card = sandbox.text(&["delivery", "get", id]);
    assert_eq!(header(&card), ["field", "value"]);
    assert!(card.contains(id), "full id in the card:\n{card}");
    assert!(card.contains("2026-11-29 18:02:11Z (now)"), "{card}");
    assert!(card.contains("2026-11-29 18:07:11Z (in 5m)"), "{card}");
    let later = sandbox
        .cmd(&["event", "list"])
        .env("OUTBOX_NOW", (NOW + 3 * 3600).to_string())
        .output()
        .unwrap();
    assert!(String::from_utf8(later.stdout).unwrap().contains("3h ago"));
}

#[test]
fn event_subscription_and_stats_tables_have_their_columns() {
    let sandbox = Sandbox::seeded();
    assert_eq!(
        header(&sandbox.text(&["event", "list"])),
        [
            "id", "type", "subject", "target", "status", "created", "subs"
        ]
    );
    sandbox
        .cmd(&[
            "sub",
            "create",
            "--client",
            "shop",
            "--types",
            "shop.opened",
            "--any-target",
            "--transport",
            "webhook",
            "--endpoint",
            "http://127.0.0.1:9/hooks",
        ])
        .assert()
        .success();
    let subs = sandbox.text(&["sub", "list"]);
    assert!(
        subs.lines()
            .any(|l| l.contains("shop") && l.trim_end().ends_with("http://127.0.0.1:9/hooks")),
        "{subs}"
    );
    assert_eq!(
        header(&subs),
        [
            "id",
            "client",
            "types",
            "target",
            "transport",
            "status",
            "endpoint"
        ]
    );
    // Poll subscriptions alone have no endpoint to show.
    assert_eq!(
        header(&sandbox.text(&["sub", "list", "--transport", "poll"])),
        ["id", "client", "types", "target", "transport", "status"]
    );
    let stats = sandbox.text(&["stats"]);
    assert_eq!(header(&stats), ["deliveries", "count"]);
    for row in [
        "total",
        "ready to claim",
        "claimed, lease expired",
        "status queued",
        "transport webhook",
        "client billing",
    ] {
        assert!(stats.contains(row), "stats lacks {row:?}:\n{stats}");
    }
    let batch = sandbox
        .cmd(&["event", "record", "--batch", "-"])
        .write_stdin("{\"type\": \"order.created\"}\n")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(batch.stdout).unwrap().trim(),
        "recorded 1 event, 2 deliveries"
    );
}

#[test]
fn exit_codes_follow_the_result() {
    let sandbox = Sandbox::seeded();
    sandbox.cmd(&["delivery", "ready"]).assert().code(0);
    sandbox.cmd(&["event", "get", "evt_nope"]).assert().code(1);
    sandbox
        .cmd(&["delivery", "claim", "--client", "nobody"])
        .assert()
        .code(1);
    sandbox
        .cmd(&["delivery", "list", "--no-such-flag"])
        .assert()
        .code(2);
    sandbox
        .cmd(&["event", "record", "--type", "t", "--payload", "{"])
        .assert()
        .code(2);
    sandbox
        .cmd(&["delivery", "list"])
        .env("OUTBOX_NOW", "yesterday")
        .assert()
        .code(2);
    std::fs::write(
        sandbox.dir.path().join("notes.txt"),
        "just text, not a database\n",
    )
    .unwrap();
    sandbox
        .cmd(&["--db", "notes.txt", "event", "list"])
        .assert()
        .code(3);
}

#[test]
fn failures_print_one_json_object_and_one_stderr_line() {
    let sandbox = Sandbox::seeded();
    for (args, code, error) in [
        (vec!["event", "get", "evt_nope"], 1, "eventNotFound"),
        (
            vec!["event", "record", "--type", "t", "--payload", "[1]"],
            2,
            "invalid:payload",
        ),
        (
            vec!["event", "record", "--type", "t", "--payload", "{oops"],
            2,
            "invalid:json",
        ),
        (
            vec!["delivery", "list", "--status", "lost"],
            2,
            "invalid:usage",
        ),
        (
            vec!["delivery", "claim", "--lease", "soon"],
            2,
            "invalid:usage",
        ),
        (vec!["event", "list", "--bogus"], 2, "invalid:usage"),
        (
            vec![
                "event",
                "record",
                "--type",
                "t",
                "--payload",
                "@missing.json",
            ],
            2,
            "invalid:file",
        ),
    ] {
        let output = sandbox.cmd(&args).arg("--json").output().unwrap();
        assert_eq!(output.status.code(), Some(code), "{args:?}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(stdout.lines().count(), 1, "{args:?}: one object: {stdout}");
        let printed: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(printed["ok"], false);
        assert_eq!(printed["error"], error, "{args:?}");
        if code != 1 {
            assert!(
                printed["message"].as_str().is_some_and(|m| !m.is_empty()),
                "{args:?}: {printed}"
            );
        }
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(
            stderr.lines().count(),
            1,
            "{args:?}: one line on stderr: {stderr}"
        );
        assert!(stderr.starts_with("outbox: "), "{stderr}");
    }
}

/// The database file's bytes, with no WAL left behind.
fn snapshot(db: &Path) -> Vec<u8> {
    let wal = db.with_extension("db-wal");
    assert!(
        !wal.exists() || std::fs::metadata(&wal).unwrap().len() == 0,
        "a WAL with frames is left behind"
    );
    std::fs::read(db).unwrap()
}

#[test]
fn refused_input_leaves_the_database_byte_for_byte_unchanged() {
    let sandbox = Sandbox::seeded();
    let before = snapshot(&sandbox.db());
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["event", "record", "--type", "t", "--payload", "{not json"],
            "",
        ),
        (
            vec!["event", "record", "--type", "t", "--payload", "[1, 2]"],
            "",
        ),
        (
            vec!["event", "record", "--type", "t", "--status", "bogus"],
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
        (
            vec![
                "sub", "create", "--client", "c", "--types", "t", "--meta", "\"x\"",
            ],
            "",
        ),
        (vec!["event", "ack", "evt_x", "--ack", "7"], ""),
        (vec!["delivery", "claim", "--lease", "abc"], ""),
        (vec!["delivery", "claim", "--unknown"], ""),
        (
            vec!["event", "record", "--batch", "-"],
            "{\"type\": \"a\"}\n{\"type\": \"b\", \"payload\": 5}\n",
        ),
        (
            vec!["event", "record", "--batch", "-"],
            "{\"type\": \"a\"}\n{\"type\": \n",
        ),
        (
            vec!["event", "record", "--batch", "-"],
            "{\"type\": \"order.created\"}\n{\"subject\": \"no type\"}\n",
        ),
        (
            vec!["event", "record", "--batch", "-"],
            "{\"type\": \"a\"}\n[1]\n",
        ),
    ];
    for (args, stdin) in cases {
        let output = sandbox.cmd(&args).write_stdin(stdin).output().unwrap();
        assert!(
            matches!(output.status.code(), Some(1 | 2)),
            "{args:?} refused: {output:?}"
        );
        assert_eq!(
            snapshot(&sandbox.db()),
            before,
            "{args:?} changed the database"
        );
    }
    let output = sandbox
        .cmd(&["event", "record", "--batch", "-"])
        .write_stdin("{\"type\": \"a\"}\n\n{\"nope\": 1}\n")
        .output()
        .unwrap();
    assert!(
        String::from_utf8(output.stderr).unwrap().contains("line 3"),
        "the failing line is named"
    );
    sandbox
        .cmd(&["event", "list"])
        .env("OUTBOX_NOW", "later")
        .assert()
        .code(2);
    assert_eq!(snapshot(&sandbox.db()), before);
}

#[test]
fn foreign_files_are_refused_and_untouched() {
    let sandbox = Sandbox::new();
    let text = sandbox.dir.path().join("notes.txt");
    std::fs::write(&text, "hello\n").unwrap();

    let other = sandbox.dir.path().join("other.db");
    let conn = rusqlite::Connection::open(&other).unwrap();
    conn.execute_batch("CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('x');")
        .unwrap();
    drop(conn);

    let newer = sandbox.dir.path().join("newer.db");
    sandbox
        .cmd(&["--db", "newer.db", "init"])
        .assert()
        .success();
    let conn = rusqlite::Connection::open(&newer).unwrap();
    conn.execute_batch("PRAGMA user_version = 99;").unwrap();
    drop(conn);

    // An outbox whose schema page is overwritten past the file header.
    let damaged = sandbox.dir.path().join("damaged.db");
    sandbox
        .cmd(&["--db", "damaged.db", "init"])
        .assert()
        .success();
    let mut bytes = std::fs::read(&damaged).unwrap();
    bytes[200..4096].fill(0x5a);
    std::fs::write(&damaged, bytes).unwrap();

    for (file, error) in [
        ("notes.txt", "storage:notOutbox"),
        ("other.db", "storage:notOutbox"),
        ("newer.db", "storage:newer"),
        ("damaged.db", "storage:corrupt"),
    ] {
        let path = sandbox.dir.path().join(file);
        let before = std::fs::read(&path).unwrap();
        for args in [vec!["event", "record", "--type", "t"], vec!["stats"]] {
            let output = sandbox
                .cmd(&["--db", file])
                .args(&args)
                .arg("--json")
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(3), "{file} {args:?}");
            let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(printed["error"], error, "{file}");
        }
        assert_eq!(std::fs::read(&path).unwrap(), before, "{file} was modified");
    }
}

#[test]
fn the_database_comes_from_flag_env_or_default() {
    let sandbox = Sandbox::new();
    sandbox.cmd(&["init"]).assert().success();
    assert!(
        sandbox.db().exists(),
        "default outbox.db in the current folder"
    );
    sandbox
        .cmd(&["init"])
        .env("OUTBOX_DB", "from-env.db")
        .assert()
        .success();
    assert!(sandbox.dir.path().join("from-env.db").exists());
    sandbox
        .cmd(&["init", "--db", "from-flag.db"])
        .env("OUTBOX_DB", "from-env.db")
        .assert()
        .success();
    assert!(sandbox.dir.path().join("from-flag.db").exists());
    let conn = rusqlite::Connection::open(sandbox.db()).unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
}

#[test]
fn json_flags_read_files_and_stdin() {
    let sandbox = Sandbox::new();
    std::fs::write(sandbox.dir.path().join("body.json"), r#"{"from": "file"}"#).unwrap();
    let from_file = sandbox.json(&["event", "record", "--type", "t", "--payload", "@body.json"]);
    assert_eq!(from_file["event"]["payload"]["from"], "file");
    let output = sandbox
        .cmd(&["event", "record", "--type", "u", "--payload", "-", "--json"])
        .write_stdin(r#"{"from": "stdin"}"#)
        .output()
        .unwrap();
    let from_stdin: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(from_stdin["event"]["payload"]["from"], "stdin");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let sandbox = Sandbox::new();
    let mut batch = String::new();
    for n in 0..400 {
        batch.push_str(&format!(
            "{{\"type\": \"t\", \"subject\": \"s{n}\", \"payload\": {{\"pad\": \"{}\"}}}}\n",
            "x".repeat(300)
        ));
    }
    sandbox
        .cmd(&["event", "record", "--batch", "-"])
        .write_stdin(batch)
        .assert()
        .success();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("outbox"))
        .current_dir(sandbox.dir.path())
        .env_remove("OUTBOX_DB")
        .args(["event", "list", "--limit", "500", "--json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before the ~150 KB answer is written
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_batch_reads_ndjson_from_a_file_in_one_transaction() {
    let sandbox = Sandbox::seeded();
    let file = sandbox.dir.path().join("events.ndjson");
    std::fs::write(&file, "{\"type\": \"order.created\", \"subject\": \"o-2\"}\n\n{\"type\": \"order.created\", \"subject\": \"o-3\"}\n").unwrap();
    let output = sandbox
        .cmd(&["event", "record", "--batch", "events.ndjson", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let subjects: Vec<&str> = lines
        .iter()
        .map(|l| l["event"]["subject"].as_str().unwrap())
        .collect();
    assert_eq!(
        subjects,
        ["o-2", "o-3"],
        "one answer per event, in input order"
    );
    assert!(
        lines
            .iter()
            .all(|l| l["deliveries"].as_array().unwrap().len() == 2)
    );
    assert_eq!(sandbox.json(&["stats"])["stats"]["total"], 6);
    let missing = sandbox
        .cmd(&["event", "record", "--batch", "nope.ndjson", "--json"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        serde_json::from_slice::<Value>(&missing.stdout).unwrap()["error"],
        "invalid:file"
    );
}

#[test]
fn oversized_json_input_is_refused() {
    let sandbox = Sandbox::seeded();
    let before = snapshot(&sandbox.db());
    let big = format!("{{\"blob\": \"{}\"}}", "x".repeat(1024 * 1024 + 10));
    std::fs::write(sandbox.dir.path().join("big.json"), &big).unwrap();
    let refused = sandbox.json(&["event", "record", "--type", "t", "--payload", "@big.json"]);
    assert_eq!(
        refused["error"], "invalid:payloadTooLarge",
        "default limit is 1 MiB"
    );
    let line = format!("{{\"type\": \"t\", \"payload\": {big}}}\n");
    let output = sandbox
        .cmd(&["event", "record", "--batch", "-", "--json"])
        .write_stdin(line)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (printed["error"].as_str(), printed["line"].as_i64()),
        (Some("invalid:payloadTooLarge"), Some(1))
    );
    let small = sandbox
        .cmd(&[
            "event",
            "record",
            "--type",
            "t",
            "--payload",
            "{\"a\": 12345}",
        ])
        .env("OUTBOX_MAX_PAYLOAD", "8")
        .output()
        .unwrap();
    assert_eq!(small.status.code(), Some(2), "the limit is configurable");
    assert_eq!(snapshot(&sandbox.db()), before);
    let raised = sandbox.json(&[
        "event",
        "record",
        "--type",
        "t",
        "--payload",
        "@big.json",
        "--max-payload",
        "2000000",
    ]);
    assert_eq!(raised["ok"], true);
}

#[test]
fn a_read_only_database_answers_reads_and_refuses_writes() {
    let sandbox = Sandbox::seeded();
    let db = sandbox.db();
    let before = snapshot(&db);
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(sandbox.dir.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root ignores permission bits, so run as nobody there.
    let as_reader = |args: &[&str]| {
        let root = std::process::Command::new("id")
            .arg("-u")
            .output()
            .unwrap()
            .stdout
            == b"0\n";
        let bin = assert_cmd::cargo::cargo_bin("outbox");
        let mut cmd = if root {
            let mut c = std::process::Command::new("setpriv");
            c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
                .arg(bin);
            c
        } else {
            std::process::Command::new(bin)
        };
        cmd.current_dir(sandbox.dir.path())
            .env_remove("OUTBOX_DB")
            .args(args)
            .arg("--json")
            .output()
            .unwrap()
    };
    for args in [
        vec!["event", "list"],
        vec!["delivery", "list"],
        vec!["stats"],
        vec!["sub", "list"],
    ] {
        let output = as_reader(&args);
        assert!(
            output.status.success(),
            "{args:?} on a read-only file: {output:?}"
        );
    }
    for args in [
        vec!["event", "record", "--type", "t"],
        vec!["delivery", "claim"],
        vec!["delivery", "sweep"],
    ] {
        let output = as_reader(&args);
        assert_eq!(output.status.code(), Some(3), "{args:?}: {output:?}");
        let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(printed["error"], "storage:readonly");
        assert!(
            String::from_utf8(output.stderr)
                .unwrap()
                .contains("read-only")
        );
    }
    std::fs::set_permissions(sandbox.dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(std::fs::read(&db).unwrap(), before);
}

#[test]
fn several_ids_are_handled_in_one_command() {
    let sandbox = Sandbox::seeded();
    let batch: String = (0..4)
        .map(|i| format!("{{\"type\": \"order.created\", \"subject\": \"b{i}\"}}\n"))
        .collect();
    sandbox
        .cmd(&["event", "record", "--batch", "-"])
        .write_stdin(batch)
        .assert()
        .success();
    let claimed = sandbox.json(&["delivery", "claim", "--batch", "6", "--worker", "w"]);
    let ids: Vec<&str> = claimed["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["deliveryId"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 6);
    // Three completed from stdin, two failed and one released as arguments.
    let stdin = format!("{}\n{} {}\n", ids[0], ids[1], ids[2]);
    let output = sandbox
        .cmd(&["delivery", "complete", "-", "--worker", "w", "--json"])
        .write_stdin(stdin)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().zip(&ids[..3]).all(
        |(l, id)| l["delivery"]["deliveryId"] == *id && l["delivery"]["status"] == "delivered"
    ));
    let failed = sandbox
        .cmd(&["delivery", "fail", ids[3], ids[4], "--no-retry", "--json"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(failed.stdout).unwrap().lines().count(), 2);
    // A refusal answers for its own id; the others still happen, and the exit status is 1.
    let output = sandbox
        .cmd(&["delivery", "release", ids[5], "delv_missing", "--json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (
            lines[0]["delivery"]["status"].as_str(),
            lines[1]["error"].as_str()
        ),
        (Some("queued"), Some("deliveryNotFound"))
    );
    assert_eq!(String::from_utf8(output.stderr).unwrap().lines().count(), 1);
    let stats = sandbox.json(&["stats"]);
    assert_eq!(
        stats["stats"]["byStatus"],
        serde_json::json!({"delivered": 3, "failed": 2, "queued": 5})
    );
}

#[test]
fn stats_recount_takes_in_changes_made_by_hand() {
    let sandbox = Sandbox::seeded();
    let before = sandbox.json(&["stats"]);
    assert_eq!(before["stats"]["byStatus"]["queued"], 2, "{before}");
    assert_eq!(before["stats"]["byClient"]["audit"], 1, "{before}");
    let conn = rusqlite::Connection::open(sandbox.db()).unwrap();
    conn.execute(
        "UPDATE deliveries SET status = 'cancelled' WHERE client_id = 'audit'",
        [],
    )
    .unwrap();
    drop(conn);
    // The kept counts do not see the hand-made change until a recount.
    assert_eq!(sandbox.json(&["stats"])["stats"], before["stats"]);
    let recounted = sandbox.json(&["stats", "--recount"]);
    assert_eq!(
        recounted["stats"]["byStatus"],
        serde_json::json!({"queued": 1, "cancelled": 1}),
        "{recounted}"
    );
    assert_eq!(sandbox.json(&["stats"])["stats"], recounted["stats"]);
}

#[test]
fn only_commands_that_add_data_create_the_file() {
    let sandbox = Sandbox::new();
    let reads: Vec<Vec<&str>> = vec![
        vec!["stats"],
        vec!["event", "list"],
        vec!["event", "get", "evt_x"],
        vec!["event", "ack", "evt_x"],
        vec!["sub", "list"],
        vec!["sub", "match", "--type", "t"],
        vec!["sub", "pause", "sub_x"],
        vec!["delivery", "list"],
        vec!["delivery", "ready"],
        vec!["delivery", "claim"],
        vec!["delivery", "sweep"],
        vec!["delivery", "complete", "delv_x"],
        vec!["delivery", "replay", "--since", "1h"],
        vec!["prune", "--older-than", "7d"],
        vec!["export"],
        vec!["work", "--drain", "--", "true"],
    ];
    for args in reads {
        // --json first: after `--`, it would be the handler's.
        let output = sandbox
            .cmd(&["--db", "typo.db", "--json"])
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(3), "{args:?}: {output:?}");
        let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(printed["error"], "storage:missing", "{args:?}");
        let message = printed["message"].as_str().unwrap();
        assert!(
            message.contains("typo.db") && message.contains("outbox init"),
            "{message}"
        );
        assert!(
            !sandbox.dir.path().join("typo.db").exists(),
            "{args:?} created the file"
        );
    }
    let folder = sandbox
        .cmd(&["--db", "no/such/folder.db", "stats", "--json"])
        .output()
        .unwrap();
    let printed: Value = serde_json::from_slice(&folder.stdout).unwrap();
    assert!(
        printed["message"]
            .as_str()
            .unwrap()
            .contains("the folder no/such does not exist")
    );

    for (file, args) in [
        ("a.db", vec!["init"]),
        ("b.db", vec!["event", "record", "--type", "t"]),
        (
            "c.db",
            vec!["sub", "create", "--client", "c", "--types", "t"],
        ),
        (
            "d.db",
            vec!["delivery", "create", "--event", "e", "--sub", "s"],
        ),
    ] {
        sandbox.cmd(&["--db", file]).args(&args).assert().success();
        assert!(sandbox.dir.path().join(file).exists(), "{args:?}");
    }
    let again = sandbox.json(&["--db", "a.db", "init"]);
    assert_eq!(
        again,
        serde_json::json!({"ok": true, "db": "a.db", "created": false})
    );
}

#[test]
fn quiet_silences_expected_refusals_only() {
    let sandbox = Sandbox::seeded();
    sandbox
        .cmd(&["delivery", "claim", "--batch", "10", "--worker", "w"])
        .assert()
        .success();
    let loud = sandbox.cmd(&["delivery", "claim"]).output().unwrap();
    assert_eq!(loud.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&loud.stderr).contains("no delivery is ready"));
    let quiet = sandbox
        .cmd(&["delivery", "claim", "-q", "--json"])
        .output()
        .unwrap();
    assert_eq!(quiet.status.code(), Some(1));
    assert!(quiet.stderr.is_empty(), "{quiet:?}");
    let answer: Value = serde_json::from_slice(&quiet.stdout).unwrap();
    assert_eq!(answer["error"], "deliveryNotFound");
    // Bad usage still says why, quiet or not.
    let usage = sandbox
        .cmd(&["delivery", "claim", "-q", "--bogus"])
        .output()
        .unwrap();
    assert_eq!(usage.status.code(), Some(2));
    assert!(!usage.stderr.is_empty());
}

#[test]
fn busy_timeout_bounds_the_wait_for_a_locked_file() {
    let sandbox = Sandbox::seeded();
    let conn = rusqlite::Connection::open(sandbox.db()).unwrap();
    conn.execute_batch("BEGIN IMMEDIATE").unwrap();
    for how in [("--busy-timeout", "1s"), ("OUTBOX_BUSY_TIMEOUT", "1")] {
        let mut cmd = sandbox.cmd(&["event", "record", "--type", "t", "--json"]);
        if how.0.starts_with("--") {
            cmd.args([how.0, how.1]);
        } else {
            cmd.env(how.0, how.1);
        }
        let started = std::time::Instant::now();
        let output = cmd.output().unwrap();
        let waited = started.elapsed();
        assert_eq!(output.status.code(), Some(3), "{how:?}: {output:?}");
        let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(answer["error"], "storage:locked");
        assert!(
            waited >= std::time::Duration::from_millis(900)
                && waited < std::time::Duration::from_secs(8),
            "{how:?} waited {waited:?}"
        );
    }
    conn.execute_batch("ROLLBACK").unwrap();
}

#[test]
fn retry_takes_several_ids_and_says_when_the_next_attempt_exists() {
    let sandbox = Sandbox::seeded();
    let claimed = sandbox.json(&["delivery", "claim", "--batch", "10", "--worker", "w"]);
    let ids: Vec<&str> = claimed["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["deliveryId"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 2);
    let mut fail = vec!["delivery", "fail", "--no-retry", "--worker", "w"];
    fail.extend(&ids);
    sandbox.cmd(&fail).assert().success();
    let mut retry = vec!["delivery", "retry"];
    retry.extend(&ids);
    let output = sandbox.cmd(&retry).arg("--json").output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let answers: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 2);
    assert!(answers.iter().all(|a| a["delivery"]["attempt"] == 2));
    let again = sandbox.text(&["delivery", "retry", ids[0]]);
    assert!(
        again.contains("attempt 2 existed already (queued)"),
        "{again}"
    );
}

/// `outbox ARGS` on a pseudo-terminal `columns` wide (util-linux `script`),
/// its output without carriage returns; `None` where `script` is missing.
fn on_terminal(sandbox: &Sandbox, columns: u16, env: &str, args: &str) -> Option<String> {
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: terminal layout needs util-linux `script`, not installed here");
        return None;
    }
    let bin = assert_cmd::cargo::cargo_bin("outbox");
    let command = format!("bash -c 'COLUMNS={columns} {env} {} {args}'", bin.display());
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(sandbox.dir.path())
        .env("OUTBOX_NOW", NOW.to_string())
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    Some(String::from_utf8(output.stdout).unwrap().replace('\r', ""))
}

fn without_colour(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn on_a_terminal_tables_fit_the_width_cut_long_cells_and_colour_statuses() {
    let sandbox = Sandbox::seeded();
    let long_client = "a-client-name-of-27-letters";
    sandbox
        .cmd(&[
            "sub",
            "create",
            "--client",
            long_client,
            "--types",
            "order.created",
            "--any-target",
        ])
        .assert()
        .success();
    sandbox
        .cmd(&[
            "event",
            "record",
            "--type",
            "order.created",
            "--subject",
            "o-2",
        ])
        .assert()
        .success();
    let claimed = sandbox.json(&["delivery", "claim", "--worker", "w"]);
    let id = claimed["delivery"]["deliveryId"].as_str().unwrap();
    let error =
        "the receiver answered with a very long message that cannot fit any narrow terminal";
    sandbox
        .cmd(&[
            "delivery",
            "fail",
            id,
            "--worker",
            "w",
            "--no-retry",
            "--error",
            error,
        ])
        .assert()
        .success();
    let Some(narrow) = on_terminal(&sandbox, 80, "", "delivery list") else {
        return;
    };
    assert!(narrow.contains("\u{1b}["), "statuses in colour:\n{narrow}");
    let plain = without_colour(&narrow);
    for line in plain.lines() {
        assert!(line.chars().count() <= 80, "wider than 80: {line:?}");
    }
    assert!(plain.contains('…'), "long cells are cut:\n{plain}");
    let rows = plain.lines().filter(|l| l.starts_with("delv_")).count();
    assert_eq!(rows, 5, "one line per row:\n{plain}");
    // At 100 columns a dead letter's error keeps what the ids, statuses,
    // its subject and the headers leave: type and client give way first.
    let dead = on_terminal(&sandbox, 100, "", "delivery list --dead").unwrap();
    let dead = without_colour(&dead);
    assert!(dead.contains(" o-1 "), "the subject is whole:\n{dead}");
    assert!(
        dead.contains(&error[..25]),
        "the error is cut short:\n{dead}"
    );
    assert!(dead.lines().all(|l| l.chars().count() <= 100), "{dead}");
    // A type list at 60 columns is cut at its end, never broken across lines.
    sandbox
        .cmd(&[
            "sub",
            "create",
            "--client",
            "c",
            "--types",
            "order.created,order.paid,order.refunded,user.created",
            "--any-target",
        ])
        .assert()
        .success();
    let subs = without_colour(&on_terminal(&sandbox, 60, "", "sub list").unwrap());
    for line in subs.lines() {
        assert!(line.chars().count() <= 60, "wider than 60: {line:?}");
    }
    let types_line = subs
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some("c"))
        .unwrap();
    assert!(types_line.contains('…'), "{subs}");
    assert_eq!(
        subs.lines().filter(|l| l.starts_with("sub_")).count(),
        4,
        "{subs}"
    );
    let wide = on_terminal(&sandbox, 200, "NO_COLOR=1", "delivery list").unwrap();
    assert!(!wide.contains("\u{1b}["), "NO_COLOR is respected");
    assert!(
        wide.contains(long_client) && wide.contains(error),
        "wide enough for whole values:\n{wide}"
    );
    let never = on_terminal(&sandbox, 200, "", "delivery list --color never").unwrap();
    assert!(!never.contains("\u{1b}["));
    // Piped, colour only when asked for.
    let piped = sandbox.text(&["delivery", "list", "--color", "always"]);
    assert!(piped.contains("\u{1b}["));
    assert!(!sandbox.text(&["delivery", "list"]).contains("\u{1b}["));
}

#[test]
fn stats_in_the_prometheus_text_format() {
    let sandbox = Sandbox::seeded();
    let claimed = sandbox.json(&["delivery", "claim", "--client", "billing", "--worker", "w"]);
    let id = claimed["delivery"]["deliveryId"].as_str().unwrap();
    sandbox
        .cmd(&["delivery", "fail", id, "--worker", "w", "--no-retry"])
        .assert()
        .success();
    // The audit delivery has waited 90 s.
    let text = sandbox
        .cmd(&["stats", "--format", "prometheus"])
        .env("OUTBOX_NOW", (NOW + 90).to_string())
        .output()
        .unwrap();
    assert!(text.status.success());
    let text = String::from_utf8(text.stdout).unwrap();
    // Parsed by the format's rules: HELP and TYPE before a family's
    // samples, `name{label="value"} number` for each sample.
    let mut samples = std::collections::BTreeMap::new();
    let mut typed = std::collections::BTreeSet::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            let (name, kind) = rest.split_once(' ').unwrap();
            match kind {
                "gauge" | "counter" => {
                    typed.insert(name.to_owned());
                }
                // A histogram's samples are its buckets, sum and count.
                "histogram" => typed
                    .extend(["_bucket", "_sum", "_count"].map(|suffix| format!("{name}{suffix}"))),
                other => panic!("{name}: a {other}"),
            }
            continue;
        }
        if line.starts_with("# HELP ") {
            continue;
        }
        let (series, value) = line.rsplit_once(' ').unwrap();
        let name = series.split('{').next().unwrap();
        assert!(
            name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !name.is_empty(),
            "{line}"
        );
        assert!(
            typed.contains(name),
            "{name} has no TYPE before its samples"
        );
        if let Some(labels) = series.strip_prefix(name)
            && !labels.is_empty()
        {
            assert!(
                labels.starts_with('{') && labels.ends_with('}') && labels.contains("=\""),
                "{line}"
            );
        }
        samples.insert(series.to_owned(), value.parse::<f64>().unwrap());
    }
    assert_eq!(samples["outbox_deliveries{status=\"failed\"}"], 1.0);
    assert_eq!(samples["outbox_deliveries{status=\"queued\"}"], 1.0);
    assert_eq!(
        samples["outbox_deliveries_by_client{client=\"audit\"}"],
        1.0
    );
    assert_eq!(
        samples["outbox_deliveries_by_transport{transport=\"webhook\"}"],
        1.0
    );
    assert_eq!(samples["outbox_ready"], 1.0);
    assert_eq!(samples["outbox_dead_letters"], 1.0);
    assert_eq!(samples["outbox_oldest_ready_age_seconds"], 90.0);
}

#[test]
fn stats_watch_redraws_with_rates_and_a_sparkline() {
    let sandbox = Sandbox::seeded();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("outbox"))
        .args(["stats", "--watch", "1s"])
        .current_dir(sandbox.dir.path())
        .env_remove("OUTBOX_DB")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2500));
    child.kill().unwrap();
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.matches("ready to claim").count() >= 2,
        "two frames or more:\n{text}"
    );
    assert!(
        text.contains("claimed 0.0/s  completed 0.0/s  failed 0.0/s"),
        "{text}"
    );
    assert!(
        text.contains("ready  █"),
        "a sparkline of the ready count:\n{text}"
    );
}

#[test]
fn a_url_password_never_shows_in_messages() {
    let sandbox = Sandbox::new();
    for args in [vec!["stats"], vec!["init"], vec!["event", "list", "--json"]] {
        let output = sandbox
            .cmd(&["--db", "postgres://app:hunter2@127.0.0.1:1/outbox"])
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(3), "{args:?}: {output:?}");
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            !all.contains("hunter2"),
            "{args:?} printed the password: {all}"
        );
    }
}

#[test]
fn a_long_batch_shows_progress_on_a_terminal_only() {
    let sandbox = Sandbox::new();
    let lines: String = (0..3000)
        .map(|i| format!("{{\"type\": \"t\", \"subject\": \"s{i}\"}}\n"))
        .collect();
    std::fs::write(sandbox.dir.path().join("events.ndjson"), &lines).unwrap();
    // Piped: nothing on stderr but what goes wrong.
    let piped = sandbox
        .cmd(&["event", "record", "--batch", "events.ndjson"])
        .output()
        .unwrap();
    assert!(piped.status.success());
    assert!(piped.stderr.is_empty(), "{piped:?}");
    // On a terminal, a batch that takes longer than a second says how far it is.
    let Some(shown) = on_terminal(
        &sandbox,
        80,
        "",
        "--db slow.db event record --batch - < <(sleep 1.2; cat events.ndjson)",
    ) else {
        return;
    };
    assert!(shown.contains("lines read"), "{shown}");
    assert!(shown.contains("/s"), "{shown}");
}

#[test]
fn a_batch_larger_than_any_buffer_answers_line_for_line_after_its_commit() {
    let sandbox = Sandbox::new();
    sandbox
        .cmd(&[
            "sub",
            "create",
            "--client",
            "c",
            "--types",
            "t",
            "--any-target",
        ])
        .assert()
        .success();
    let count = 20_000;
    let lines: String = (0..count)
        .map(|i| {
            format!("{{\"type\": \"t\", \"subject\": \"s{i}\", \"payload\": {{\"i\": {i}}}}}\n")
        })
        .collect();
    std::fs::write(sandbox.dir.path().join("big.ndjson"), &lines).unwrap();
    let output = sandbox
        .cmd(&["event", "record", "--batch", "big.ndjson", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.len() > 4 * 1024 * 1024,
        "more than any buffer: {} bytes",
        text.len()
    );
    let answers: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), count);
    for (i, answer) in answers.iter().enumerate() {
        assert_eq!(
            answer["event"]["subject"],
            format!("s{i}"),
            "line {i} answers line {i}"
        );
        assert_eq!(answer["event"]["payload"]["i"], i);
        assert_eq!(answer["deliveries"].as_array().unwrap().len(), 1);
    }
    // A batch that fails at its last line prints no answers at all.
    let bad = format!("{lines}{{\"type\": \"t\", \"paylaod\": 1}}\n");
    std::fs::write(sandbox.dir.path().join("bad.ndjson"), bad).unwrap();
    let output = sandbox
        .cmd(&["event", "record", "--batch", "bad.ndjson", "--json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let printed: Vec<&str> = std::str::from_utf8(&output.stdout)
        .unwrap()
        .lines()
        .collect();
    assert_eq!(printed.len(), 1, "only the failure object");
    assert!(
        printed[0].contains("invalid:key") && printed[0].contains("\"line\":20001"),
        "{}",
        printed[0]
    );
}
