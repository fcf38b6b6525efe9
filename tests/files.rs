//! What outbox does to files, through the binary: a file that is not an
//! outbox is refused untouched whatever its size, a damaged outbox is
//! refused before anything changes (its journal mode included), a command
//! that fails leaves no file behind, and a new outbox is its owner's alone.

mod common;

use assert_cmd::Command;
use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

fn outbox(db: &Path) -> Command {
    let mut cmd = Command::cargo_bin("outbox").unwrap();
    cmd.env("OUTBOX_DB", db).env("OUTBOX_NOW", "1795975331");
    cmd
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_file_too_short_for_sqlite_is_refused_and_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("one.db");
    for byte in 0..=255u8 {
        std::fs::write(&db, [byte]).unwrap();
        for args in [
            &["stats"][..],
            &["event", "list"],
            &["event", "record", "--type", "t"],
        ] {
            let out = outbox(&db).args(args).arg("--json").output().unwrap();
            assert_eq!(out.status.code(), Some(3), "byte {byte} {args:?}: {out:?}");
            assert!(
                String::from_utf8_lossy(&out.stdout).contains("storage:notOutbox"),
                "{out:?}"
            );
            assert_eq!(std::fs::read(&db).unwrap(), [byte], "byte {byte} {args:?}");
        }
    }
    // A real outbox cut to its first byte is no outbox either.
    let real = dir.path().join("real.db");
    outbox(&real).arg("init").assert().success();
    let bytes = std::fs::read(&real).unwrap();
    std::fs::write(&real, &bytes[..1]).unwrap();
    outbox(&real).args(["sub", "list"]).assert().code(3);
    assert_eq!(std::fs::read(&real).unwrap(), &bytes[..1]);
    // Not a regular file: nothing is created beside it.
    let out = outbox(Path::new("/dev/null"))
        .args(["event", "record", "--type", "t"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert!(!Path::new("/dev/null-journal").exists());
    assert!(!Path::new("/dev/null-wal").exists());
}

#[test]
fn a_damaged_outbox_is_refused_before_anything_changes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("damaged.db");
    outbox(&db).arg("init").assert().success();
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let mode: String = conn
            .query_row("PRAGMA journal_mode = DELETE", [], |row| row.get(0))
            .unwrap();
        assert_eq!(mode, "delete");
        conn.execute_batch("DROP TABLE deliveries").unwrap();
    }
    let before = std::fs::read(&db).unwrap();
    for args in [
        &["stats"][..],
        &["event", "list"],
        &["sub", "create", "--client", "c", "--types", "t"],
        &["init"],
        &["prune", "--older-than", "1d"],
    ] {
        let out = outbox(&db).args(args).arg("--json").output().unwrap();
        assert_eq!(out.status.code(), Some(3), "{args:?}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("storage:corrupt"),
            "{args:?}: {out:?}"
        );
        assert!(stderr(&out).contains("damaged.db"), "{}", stderr(&out));
        assert_eq!(
            std::fs::read(&db).unwrap(),
            before,
            "{args:?} changed the file"
        );
        assert!(!dir.path().join("damaged.db-wal").exists(), "{args:?}");
    }
}

#[test]
fn an_older_schema_that_cannot_be_migrated_says_so_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.db");
    outbox(&db).arg("init").assert().success();
    // Marked as version 3 while holding version 8's tables: the migration
    // to 4 fails, as on a file whose schema was changed by hand.
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch("PRAGMA user_version = 3")
        .unwrap();
    let out = outbox(&db).arg("stats").output().unwrap();
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let message = stderr(&out);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("schema version 3") && !message.contains("CREATE"),
        "{message}"
    );
}

#[test]
fn a_failed_command_leaves_no_outbox_file_behind() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ob.db");
    let out = outbox(&db)
        .args(["relay", "run", "--from", "nosuch.db", "--once"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let out = outbox(&db)
        .args(["event", "record", "--batch", "-"])
        .write_stdin("{\"type\": \"a\"}\n{\"type\": \n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn relay_init_refuses_a_missing_application_file_unless_told_to_create_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("outbox.db");
    let typo = dir.path().join("typo-app.db");
    let out = outbox(&db)
        .args(["relay", "init", "--from", typo.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert!(stderr(&out).contains("--create"), "{}", stderr(&out));
    assert!(!typo.exists());
    outbox(&db)
        .args([
            "relay",
            "init",
            "--create",
            "--from",
            typo.to_str().unwrap(),
        ])
        .assert()
        .success();
    assert!(typo.exists());
}

#[test]
fn a_new_outbox_is_readable_by_its_owner_alone_whatever_the_umask() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("outbox.db");
    let outbox_bin = assert_cmd::cargo::cargo_bin("outbox");
    let made = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "umask 000 && '{}' --db '{}' sub create --client c --types t --transport webhook --endpoint http://127.0.0.1:9/",
            outbox_bin.display(),
            db.display()
        ))
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    assert_eq!(mode(&db), 0o600);
    // While a worker holds it open, its WAL and shared memory are the
    // owner's alone too.
    let mut worker = std::process::Command::new(&outbox_bin)
        .args([
            "--db",
            db.to_str().unwrap(),
            "work",
            "--transport",
            "webhook",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let wal = dir.path().join("outbox.db-wal");
    let shm = dir.path().join("outbox.db-shm");
    let start = std::time::Instant::now();
    while !(wal.exists() && shm.exists()) && start.elapsed().as_secs() < 10 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let modes = (mode(&wal), mode(&shm));
    worker.kill().unwrap();
    worker.wait().unwrap();
    assert_eq!(modes, (0o600, 0o600));
    // Nothing to warn of.
    let out = outbox(&db).arg("export").output().unwrap();
    assert!(out.status.success() && out.stderr.is_empty(), "{out:?}");

    // An existing file others can read: the commands that read secrets say so.
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
    for args in [
        &["export"][..],
        &["sub", "secret", "sub_"],
        &["work", "--drain", "--transport", "a2a"],
    ] {
        let out = outbox(&db).args(args).output().unwrap();
        let message = stderr(&out);
        assert!(
            message.contains("readable by other users (mode 0644)")
                && message.contains("chmod 600"),
            "{args:?}: {message}"
        );
    }
    let quiet = outbox(&db).args(["event", "list"]).output().unwrap();
    assert!(quiet.stderr.is_empty(), "{quiet:?}");
    let export = dir.path().join("backup.ndjson");
    outbox(&db)
        .args(["export", "--output", export.to_str().unwrap()])
        .assert()
        .success();
    assert_eq!(mode(&export), 0o600);
}

/// A new outbox at `db` with one subscription that takes type `t`.
fn subscribed(db: &Path) {
    outbox(db)
        .args([
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
}

#[test]
fn a_damaged_page_names_the_file_and_how_to_look_into_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("paged.db");
    subscribed(&db);
    let lines: String = (0..200)
        .map(|i| {
            format!(
                "{{\"type\": \"t\", \"subject\": \"s{i}\", \"payload\": {{\"x\": \"{}\"}}}}\n",
                "y".repeat(300)
            )
        })
        .collect();
    outbox(&db)
        .args(["event", "record", "--batch", "-"])
        .write_stdin(lines)
        .assert()
        .success();
    // Pages in the middle overwritten, as a failing disk might.
    let mut bytes = std::fs::read(&db).unwrap();
    let end = bytes.len().min(4096 * 30);
    bytes[4096 * 20..end].fill(0xff);
    std::fs::write(&db, bytes).unwrap();
    let out = outbox(&db)
        .args(["event", "list", "--limit", "500"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let message = stderr(&out);
    assert!(
        message.contains("paged.db") && message.contains("integrity_check"),
        "{message}"
    );
}

#[test]
fn a_damaged_record_is_named_by_its_id_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rows.db");
    subscribed(&db);
    let out = outbox(&db)
        .args(["event", "record", "--type", "t", "--json"])
        .output()
        .unwrap();
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let id = answer["event"]["eventId"].as_str().unwrap().to_owned();
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch("UPDATE events SET payload = '{broken'")
        .unwrap();
    let out = outbox(&db)
        .args(["event", "list", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("storage:corrupt"));
    let message = stderr(&out);
    assert!(
        message.contains("rows.db") && message.contains(&id) && message.contains("column payload"),
        "{message}"
    );
}
