//! The README's worked example, run as written: a newcomer who copies it
//! gets a working worker loop.

use assert_cmd::cargo::cargo_bin;
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The fenced block after the `<!-- tested: worker loop` marker.
fn worker_loop_block() -> String {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let after = readme
        .split("<!-- tested: worker loop")
        .nth(1)
        .expect("README marks the worker loop");
    let block = after
        .split("```bash\n")
        .nth(1)
        .expect("a bash block follows the marker");
    block.split("\n```").next().unwrap().to_owned()
}

#[test]
fn the_readme_worker_loop_delivers_everything() {
    if Command::new("jq").arg("--version").output().is_err() {
        eprintln!("skipped: the README example needs jq, which is not installed here");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let bin_dir = cargo_bin("outbox").parent().unwrap().to_owned();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("bash")
        .args(["-e", "-c", &worker_loop_block()])
        .current_dir(dir.path())
        .env("PATH", path)
        .env_remove("OUTBOX_DB")
        .env_remove("OUTBOX_NOW")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "the README example failed: {output:?}"
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
