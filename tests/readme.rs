//! The worked examples of the docs, run as written and checked for what
//! they promise: a newcomer who copies them gets a working worker, with
//! `outbox work` and as a shell loop, and a broker that holds the event.
//! (tests/docs.rs runs every block; these look at what the blocks made.)

use assert_cmd::cargo::cargo_bin;
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The fenced block after the `<!-- tested: NAME` marker of `page`.
fn tested_block(page: &str, name: &str) -> String {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(page)).unwrap();
    let after = text
        .split(&format!("<!-- tested: {name}"))
        .nth(1)
        .unwrap_or_else(|| panic!("{page} marks the {name} block"));
    let block = after
        .split("```bash\n")
        .nth(1)
        .expect("a bash block follows the marker");
    block.split("\n```").next().unwrap().to_owned()
}

/// `bash -e -c script` in `dir`, with `outbox` first on the PATH and no
/// `OUTBOX_DB` or `OUTBOX_NOW` from the environment.
fn bash_in(dir: &Path, script: &str) -> std::process::Output {
    let bin_dir = cargo_bin("outbox").parent().unwrap().to_owned();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("bash")
        .args(["-e", "-c", script])
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("OUTBOX_DB")
        .env_remove("OUTBOX_NOW")
        .output()
        .unwrap()
}

/// Runs `script` with bash in a new folder, `outbox` on the PATH, and
/// checks that it handled the three deliveries of the example.
fn delivers_everything(script: &str) {
    if Command::new("jq").arg("--version").output().is_err() {
        eprintln!("skipped: the worked example needs jq, which is not installed here");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let output = bash_in(dir.path(), script);
    assert!(
        output.status.success(),
        "the worked example failed: {output:?}"
    );
    let handled = std::fs::read_to_string(dir.path().join("handled.log")).unwrap();
    // Claim order within one second follows the ids, so compare as a set.
    let mut handled: Vec<&str> = handled.lines().collect();
    handled.sort_unstable();
    assert_eq!(
        handled,
        ["\"order.created\"", "\"order.created\"", "\"order.paid\""]
    );
    let stats = Command::new(cargo_bin("outbox"))
        .args(["stats", "--json"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&stats.stdout).unwrap();
    assert_eq!(
        stats["stats"]["byStatus"],
        serde_json::json!({"delivered": 3}),
        "{stats}"
    );
}

#[test]
fn the_readme_worked_example_delivers_everything() {
    delivers_everything(&tested_block("docs/workers.md", "outbox work"));
}

#[test]
fn the_readme_worker_loop_delivers_everything() {
    // The loop works on what the example's first lines set up.
    let example = tested_block("docs/workers.md", "outbox work");
    let setup = example
        .split("# A handler gets")
        .next()
        .expect("the example sets up before its handler");
    delivers_everything(&format!(
        "{setup}\n{}",
        tested_block("docs/workers.md", "worker loop")
    ));
}

#[test]
#[cfg_attr(
    not(outbox_test_brokers),
    ignore = "OUTBOX_TEST_BROKERS is not set: no Redis to publish to"
)]
fn the_readme_broker_example_publishes_to_redis() {
    let script = tested_block("docs/transports.md", "brokers");
    assert!(script.contains("stream=orders"), "{script}");
    if Command::new("redis-cli").arg("--version").output().is_err() {
        eprintln!("skipped: the broker example reads with redis-cli, not installed here");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The example's stream, emptied first: only this test writes it.
    let run = |script: &str| bash_in(dir.path(), script);
    run("redis-cli DEL orders >/dev/null");
    let output = run(&script);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    for field in ["order.paid", "o-1", "specversion", "{\"total\":42}"] {
        assert!(stdout.contains(field), "{field} not in {stdout}");
    }
    run("redis-cli DEL orders >/dev/null");
}
