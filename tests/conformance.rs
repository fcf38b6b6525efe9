//! Replays the golden fixtures (generated from the reference implementation
//! by dev/gen_fixtures.py) through the built binary: one process per step,
//! one database per scenario, `OUTBOX_NOW` set per step, and whole result
//! objects compared.

mod common;

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

fn fixtures() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/conformance.json");
    let text = std::fs::read_to_string(&path)
        .expect("tests/fixtures/conformance.json (run dev/gen_fixtures.py)");
    serde_json::from_str(&text).expect("fixture is JSON")
}

/// Runs one recorded step and describes every way its outcome differs.
/// `db` is a SQLite file or a PostgreSQL URL.
fn replay(db: &std::ffi::OsStr, step: &Value) -> Vec<String> {
    let args: Vec<&str> = step["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    let mut cmd = Command::cargo_bin("outbox").unwrap();
    cmd.args(&args)
        .arg("--json")
        .arg("--db")
        .arg(db)
        .env_remove("OUTBOX_DB")
        .env_remove("OUTBOX_SOURCE")
        .env("OUTBOX_NOW", step["now"].to_string());
    if let Some(env) = step.get("env").and_then(Value::as_object) {
        for (key, value) in env {
            cmd.env(key, value.as_str().unwrap());
        }
    }
    cmd.write_stdin(
        step.get("stdin")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned(),
    );
    let output = cmd.output().unwrap();
    let mut problems = Vec::new();
    let want_exit = step["exit"].as_i64().unwrap();
    if output.status.code() != Some(want_exit as i32) {
        problems.push(format!(
            "exit {:?}, want {want_exit}; stderr: {}",
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let stdout = String::from_utf8(output.stdout).expect("stdout is UTF-8");
    let printed: Vec<Value> = stdout
        .lines()
        .map(|line| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| Value::String(format!("not JSON ({e}): {line}")))
        })
        .collect();
    let expected = step["stdout"].as_array().unwrap();
    if printed.len() != expected.len() {
        problems.push(format!(
            "printed {} objects, want {}: {stdout}",
            printed.len(),
            expected.len()
        ));
        return problems;
    }
    // Exits 2 and 3 carry free-text messages: only the keys the fixture names count.
    let partial = step
        .get("partial")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    for (got, want) in printed.iter().zip(expected) {
        let matches = if partial {
            want.as_object()
                .unwrap()
                .iter()
                .all(|(k, v)| got.get(k) == Some(v))
        } else {
            got == want
        };
        if !matches {
            problems.push(format!("printed\n      {got}\n    want\n      {want}"));
        }
    }
    problems
}

#[test]
fn every_fixture_step_matches_the_reference() {
    replay_all(|_| {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("outbox.db").into_os_string();
        (db, Some(dir))
    });
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn every_fixture_step_matches_the_reference_on_postgres() {
    if common::postgres("conformance").is_none() {
        return;
    }
    replay_all(|name| (common::postgres(name).unwrap().into(), None));
}

/// Replays every scenario, each on the fresh database `fresh` gives for it.
fn replay_all(fresh: impl Fn(&str) -> (std::ffi::OsString, Option<tempfile::TempDir>)) {
    let fixtures = fixtures();
    let scenarios = fixtures["scenarios"].as_array().unwrap();
    assert!(!scenarios.is_empty(), "the fixture holds no scenarios");
    let mut failures = Vec::new();
    let mut steps = 0;
    for scenario in scenarios {
        let name = scenario["name"].as_str().unwrap();
        let (db, _dir) = fresh(name);
        for (index, step) in scenario["steps"].as_array().unwrap().iter().enumerate() {
            steps += 1;
            for problem in replay(&db, step) {
                failures.push(format!(
                    "{name} step {index} `outbox {}`:\n    {problem}",
                    args_text(step)
                ));
            }
        }
    }
    assert!(steps > 200, "only {steps} steps in the fixture");
    assert!(
        failures.is_empty(),
        "{} of {steps} steps differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

fn args_text(step: &Value) -> String {
    let args: Vec<&str> = step["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    args.join(" ")
}
