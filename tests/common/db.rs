//! An outbox database for tests that drive the binary: a SQLite file in a
//! temporary folder, or a fresh PostgreSQL schema when one is at hand.

use assert_cmd::Command;
use serde_json::Value;
use std::process::Output;

pub const NOW: i64 = 1_795_975_331; // 2026-11-29 18:02:11Z

/// One outbox database: a SQLite file in a temporary folder, or a fresh
/// PostgreSQL schema.
pub struct Db {
    pub target: String,
    _dir: Option<tempfile::TempDir>,
}

/// The databases a test runs on: SQLite always, PostgreSQL when at hand.
pub fn databases(test: &str) -> Vec<Db> {
    let mut dbs = vec![Db::sqlite()];
    if let Some(url) = super::postgres(test) {
        dbs.push(Db {
            target: url,
            _dir: None,
        });
    }
    dbs
}

impl Db {
    /// A new SQLite file in a temporary folder.
    pub fn sqlite() -> Db {
        let dir = tempfile::tempdir().unwrap();
        Db {
            target: dir.path().join("outbox.db").to_string_lossy().into_owned(),
            _dir: Some(dir),
        }
    }

    /// A new schema on the server at `OUTBOX_TEST_PG`, which must be set
    /// (tests that need it are ignored without it: see `test_on_both!`).
    pub fn postgres(test: &str) -> Db {
        let url = super::postgres(test).expect("OUTBOX_TEST_PG was set when the tests were built");
        Db {
            target: url,
            _dir: None,
        }
    }

    /// The database another `Db` made, for a thread of the same test.
    pub fn at(target: &str) -> Db {
        Db {
            target: target.to_owned(),
            _dir: None,
        }
    }

    pub fn is_sqlite(&self) -> bool {
        self._dir.is_some()
    }

    pub fn cmd(&self, now: i64, args: &[&str]) -> Command {
        let mut cmd = Command::cargo_bin("outbox").unwrap();
        cmd.env("OUTBOX_DB", &self.target)
            .env("OUTBOX_NOW", now.to_string())
            .env_remove("OUTBOX_SOURCE")
            // A developer's own collector is not the tests' business.
            .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
            .env_remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
            .args(args);
        cmd
    }

    pub fn output(&self, now: i64, args: &[&str]) -> Output {
        self.cmd(now, args).arg("--json").output().unwrap()
    }

    /// The JSON answer of a command that must succeed.
    pub fn json(&self, now: i64, args: &[&str]) -> Value {
        let out = self.output(now, args);
        assert!(out.status.success(), "{args:?} on {}: {out:?}", self.target);
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}: {out:?}"))
    }

    /// The status and attempt of every delivery (up to 500), sorted.
    pub fn statuses(&self) -> Vec<(String, i64)> {
        let all = self.json(NOW, &["delivery", "list", "--limit", "500"]);
        let mut found: Vec<(String, i64)> = all["deliveries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                (
                    d["status"].as_str().unwrap().to_owned(),
                    d["attempt"].as_i64().unwrap(),
                )
            })
            .collect();
        found.sort();
        found
    }

    /// The JSON answers (one per line) of a command fed `input` on stdin.
    pub fn json_with_stdin(&self, now: i64, args: &[&str], input: &str) -> Vec<Value> {
        let out = self
            .cmd(now, args)
            .arg("--json")
            .write_stdin(input)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    /// `outbox work --drain` and `extra` on the system clock (so sends
    /// time out and retries come due as they would), which must succeed.
    pub fn drain(&self, extra: &[&str]) -> Output {
        let out = self
            .cmd(NOW, &["work", "--drain"])
            .args(extra)
            .env_remove("OUTBOX_NOW")
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        out
    }

    pub fn text(&self, now: i64, args: &[&str]) -> String {
        let out = self.cmd(now, args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    }

    /// Every record, to show that a refused command wrote nothing.
    pub fn state(&self) -> Value {
        let out = self.cmd(NOW, &["export"]).output().unwrap();
        assert!(out.status.success(), "export: {out:?}");
        Value::String(String::from_utf8(out.stdout).unwrap())
    }

    pub fn sub(&self, args: &[&str]) -> String {
        let mut all = vec!["sub", "create", "--client", "billing", "--any-target"];
        all.extend_from_slice(args);
        let answer = self.json(NOW, &all);
        answer["subscription"]["subId"].as_str().unwrap().to_owned()
    }

    pub fn record(&self, now: i64, event_type: &str, subject: &str) -> Value {
        self.json(
            now,
            &[
                "event",
                "record",
                "--type",
                event_type,
                "--subject",
                subject,
            ],
        )
    }

    /// Claims the next ready delivery as `w`; its id.
    pub fn claim(&self, now: i64) -> String {
        let answer = self.json(now, &["delivery", "claim", "--worker", "w"]);
        answer["delivery"]["deliveryId"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    pub fn fail(&self, now: i64, id: &str, extra: &[&str]) -> Value {
        let mut args = vec!["delivery", "fail", id, "--worker", "w", "--error", "boom"];
        args.extend_from_slice(extra);
        self.json(now, &args)
    }

    pub fn complete(&self, now: i64, id: &str) {
        self.json(now, &["delivery", "complete", id, "--worker", "w"]);
    }

    pub fn dead(&self) -> Vec<Value> {
        self.json(NOW, &["delivery", "list", "--dead"])["deliveries"]
            .as_array()
            .unwrap()
            .clone()
    }
}

pub fn ids(answer: &Value) -> Vec<String> {
    answer["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["deliveryId"].as_str().unwrap().to_owned())
        .collect()
}
