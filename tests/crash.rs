//! A batch killed at any moment leaves all of it or none of it, and a
//! database that the next command can use; Ctrl-C writes nothing; a full
//! disk refuses the write and leaves the outbox as it was.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const LINES: usize = 3_000;

fn outbox(db: &Path) -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("outbox"));
    cmd.env("OUTBOX_DB", db).env_remove("OUTBOX_NOW");
    cmd
}

fn counts(db: &Path) -> (i64, i64, String) {
    let conn = rusqlite::Connection::open(db).unwrap();
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    let events: i64 = conn
        .query_row("SELECT count(*) FROM events", [], |r| r.get(0))
        .unwrap();
    let deliveries: i64 = conn
        .query_row("SELECT count(*) FROM deliveries", [], |r| r.get(0))
        .unwrap();
    (events, deliveries, integrity)
}

fn batch_file(dir: &Path, round: usize) -> std::path::PathBuf {
    let path = dir.join(format!("batch-{round}.ndjson"));
    let lines: String = (0..LINES)
        .map(|i| {
            format!(
                "{{\"type\": \"t\", \"subject\": \"{round}-{i}\", \"payload\": {{\"n\": {i}}}}}\n"
            )
        })
        .collect();
    std::fs::write(&path, lines).unwrap();
    path
}

#[test]
fn kill_9_at_any_moment_leaves_all_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("outbox.db");
    let status = outbox(&db)
        .args([
            "sub",
            "create",
            "--client",
            "c",
            "--types",
            "t",
            "--any-target",
        ])
        .output()
        .unwrap();
    assert!(status.status.success());
    // Time one whole batch, then kill others at points spread across it.
    let started = std::time::Instant::now();
    assert!(
        outbox(&db)
            .args(["event", "record", "--batch"])
            .arg(batch_file(dir.path(), 0))
            .output()
            .unwrap()
            .status
            .success()
    );
    let whole = started.elapsed();
    let mut expected = LINES as i64;
    let (mut killed, mut finished) = (0, 0);
    for round in 1..=12 {
        let file = batch_file(dir.path(), round);
        let mut child = outbox(&db)
            .args(["event", "record", "--batch"])
            .arg(&file)
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(whole.mul_f64(round as f64 / 10.0));
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap(); // SIGKILL
            killed += 1;
        } else {
            finished += 1;
        }
        child.wait().unwrap();
        let (events, deliveries, integrity) = counts(&db);
        assert_eq!(integrity, "ok", "round {round}");
        assert!(
            events == expected || events == expected + LINES as i64,
            "round {round}: {events} events, a partial batch"
        );
        assert_eq!(
            deliveries, events,
            "round {round}: every event has its delivery"
        );
        expected = events;
        // The next command works.
        let stats = outbox(&db).args(["stats", "--json"]).output().unwrap();
        assert!(stats.status.success(), "round {round}: {stats:?}");
    }
    assert!(killed > 0, "no batch was killed mid-way");
    eprintln!(
        "kill -9: {killed} batches killed mid-way, {finished} finished, every one all or nothing"
    );
}

#[test]
fn ctrl_c_during_a_batch_writes_nothing_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("outbox.db");
    assert!(
        outbox(&db)
            .args([
                "sub",
                "create",
                "--client",
                "c",
                "--types",
                "t",
                "--any-target"
            ])
            .output()
            .unwrap()
            .status
            .success()
    );
    let mut child = outbox(&db)
        .args(["event", "record", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    use std::io::Write;
    for i in 0..200 {
        writeln!(stdin, "{{\"type\": \"t\", \"subject\": \"{i}\"}}").unwrap();
    }
    stdin.flush().unwrap();
    // The batch is mid-way, waiting for more input, when Ctrl-C comes.
    std::thread::sleep(Duration::from_millis(500));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        said.trim(),
        "outbox: interrupted: nothing of the batch was written",
        "one line says what happened"
    );
    let (events, deliveries, integrity) = counts(&db);
    assert_eq!((events, deliveries, integrity.as_str()), (0, 0, "ok"));
}

/// The exit status of a script run by [`in_own_mounts`] that could not
/// mount its filesystem.
const NO_MOUNT: i32 = 90;

/// Runs `script` with `sh` in a mount namespace of its own (util-linux
/// `unshare` as an unprivileged root), where it can mount a filesystem of
/// any size; `None` where this machine allows no such namespace or mount.
fn in_own_mounts(script: &str, env: &[(&str, &Path)]) -> Option<std::process::ExitStatus> {
    let mut cmd = Command::new("unshare");
    cmd.args(["--map-root-user", "--mount", "sh", "-c", script]);
    for (name, path) in env {
        cmd.env(name, path);
    }
    let status = cmd.status().ok()?;
    // unshare itself fails with 1 when namespaces are not allowed.
    let ran = !matches!(status.code(), Some(1 | NO_MOUNT));
    ran.then_some(status)
}

#[test]
fn a_full_disk_refuses_the_event_with_storage_full_and_keeps_the_outbox() {
    let dir = tempfile::tempdir().unwrap();
    let disk = dir.path().join("disk");
    std::fs::create_dir(&disk).unwrap();
    // A payload larger than the whole filesystem the outbox lives on.
    let payload = dir.path().join("payload.json");
    std::fs::write(
        &payload,
        format!("{{\"blob\": \"{}\"}}", "x".repeat(600_000)),
    )
    .unwrap();
    // Every answer lands beside the disk, which is gone with the namespace.
    let script = r#"
        set -u
        mount -t tmpfs -o size=400k tmpfs "$DISK" || exit 90  # NO_MOUNT
        db="$DISK/outbox.db"
        "$OUTBOX" sub create --db "$db" --client c --types t --any-target >/dev/null || exit 91
        "$OUTBOX" event record --db "$db" --type t --payload "@$PAYLOAD" --json \
            >"$OUT/large.json" 2>"$OUT/large.err"
        echo $? >"$OUT/large.rc"
        "$OUTBOX" stats --db "$db" --json >"$OUT/after.json" || exit 92
        "$OUTBOX" event list --db "$db" --json >"$OUT/events.json" || exit 92
        "$OUTBOX" event record --db "$db" --type t --json >"$OUT/small.json" || exit 93
    "#;
    let outbox = assert_cmd::cargo::cargo_bin("outbox");
    let Some(status) = in_own_mounts(
        script,
        &[
            ("OUTBOX", &outbox),
            ("DISK", &disk),
            ("PAYLOAD", &payload),
            ("OUT", dir.path()),
        ],
    ) else {
        eprintln!(
            "skipped: no filesystem of its own here (`unshare --map-root-user --mount` or its tmpfs mount refused)"
        );
        return;
    };
    assert!(status.success(), "the script stopped: {status:?}");
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    let json = |name: &str| serde_json::from_str::<serde_json::Value>(&read(name)).unwrap();

    assert_eq!(read("large.rc").trim(), "3", "storage errors exit 3");
    let refused = json("large.json");
    assert_eq!(refused["ok"], false);
    assert_eq!(refused["error"], "storage:full");
    assert!(
        read("large.err").starts_with("outbox: "),
        "one line on stderr says why"
    );
    // Nothing of the refused event or its delivery was kept.
    let after = json("after.json");
    assert_eq!(after["stats"]["total"], 0, "{after}");
    assert_eq!(json("events.json")["count"], 0);
    // And the outbox takes the next event.
    let small = json("small.json");
    assert_eq!(small["ok"], true, "{small}");
    assert_eq!(
        small["deliveries"].as_array().map(Vec::len),
        Some(1),
        "{small}"
    );
}
