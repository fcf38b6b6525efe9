//! Every command block of the README and of `docs/`, run as written: each
//! page's `sh` and `bash` blocks in order, in a folder of the page's own,
//! so what a reader copies works.
//!
//! A page's blocks share the folder and the shell variables they export
//! (each block runs with `bash -e -o pipefail`, after the ones above it).
//! `HOME` is the folder too, so `~/...` paths stay in it. The docs write
//! PostgreSQL as `postgres://app@db.internal/shop`: a page that names it
//! runs on a schema of its own on `OUTBOX_TEST_PG`'s server, and is skipped
//! with a reason without one. A block after `<!-- needs: brokers -->` needs
//! the brokers `.ci/run` starts (`OUTBOX_TEST_BROKERS`). A block of
//! `cargo` lines alone builds or tests outbox itself: `.ci/run` does that,
//! not a test.

mod common;

use assert_cmd::cargo::cargo_bin;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The URL the docs give for an application's PostgreSQL database.
const DOCS_PG: &str = "postgres://app@db.internal/shop";
/// No block may run longer: a block that waits for ever is a defect.
const BLOCK_LIMIT: Duration = Duration::from_secs(120);

/// A fenced command block and what it needs.
struct Block {
    line: usize,
    script: String,
    needs_brokers: bool,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `sh` and `bash` blocks of a page, in order.
fn blocks(page: &str) -> Vec<Block> {
    let text = std::fs::read_to_string(root().join(page)).unwrap();
    let mut found = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    let mut needs_brokers = false;
    while let Some((n, line)) = lines.next() {
        if line.trim() == "<!-- needs: brokers -->" {
            needs_brokers = true;
            continue;
        }
        if line == "```sh" || line == "```bash" {
            let mut script = String::new();
            for (_, inner) in lines.by_ref() {
                if inner == "```" {
                    break;
                }
                script.push_str(inner);
                script.push('\n');
            }
            let builds_outbox = script
                .lines()
                .all(|l| l.starts_with("cargo ") || l.trim().is_empty());
            if builds_outbox {
                continue;
            }
            found.push(Block {
                line: n + 1,
                script,
                needs_brokers,
            });
        }
        if line.starts_with("```") {
            needs_brokers = false;
        }
    }
    found
}

/// `bash` running `script` in `dir`, `outbox` first on the PATH.
fn bash(dir: &Path, script: &str) -> Command {
    let bin_dir = cargo_bin("outbox").parent().unwrap().to_owned();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cmd = Command::new("timeout");
    cmd.arg(BLOCK_LIMIT.as_secs().to_string())
        .args(["bash", "-e", "-o", "pipefail", "-c", script])
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir)
        .env_remove("OUTBOX_DB")
        .env_remove("OUTBOX_NOW")
        .env_remove("OUTBOX_SOURCE");
    cmd
}

/// Runs every block of `page`; returns the folder for checks of its own.
fn run_page(page: &str) -> Option<tempfile::TempDir> {
    let blocks = blocks(page);
    assert!(!blocks.is_empty(), "{page} has no command blocks");
    let brokers = std::env::var_os("OUTBOX_TEST_BROKERS").is_some();
    if !brokers && blocks.iter().any(|b| b.needs_brokers) {
        eprintln!("skipped {page}: it publishes to brokers and OUTBOX_TEST_BROKERS is not set");
        return None;
    }
    let pg = if blocks.iter().any(|b| b.script.contains(DOCS_PG)) {
        let name = page.trim_end_matches(".md").replace(['/', '-', '.'], "_");
        match common::postgres(&format!("docs_{name}")) {
            Some(url) => Some(url),
            None => {
                eprintln!("skipped {page}: it runs on PostgreSQL");
                return None;
            }
        }
    } else {
        None
    };
    let dir = tempfile::tempdir().unwrap();
    // Each block runs after the ones above it, in one shell, so variables
    // carry; the marker line says which block failed.
    let mut script = String::new();
    for block in &blocks {
        let text = match &pg {
            Some(url) => block.script.replace(DOCS_PG, url),
            None => block.script.clone(),
        };
        script.push_str(&format!("echo '>>> {page}:{}' >&2\n{text}\n", block.line));
    }
    let out = bash(dir.path(), &script).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let failed_at = stderr
        .lines()
        .rev()
        .find(|l| l.starts_with(">>> "))
        .unwrap_or("");
    assert!(
        out.status.success(),
        "{page}: the block at {} failed ({}):\nstdout:\n{}\nstderr:\n{stderr}",
        failed_at.trim_start_matches(">>> "),
        out.status,
        String::from_utf8_lossy(&out.stdout),
    );
    Some(dir)
}

macro_rules! pages {
    ($($test:ident: $page:literal,)*) => {
        $(
            #[test]
            fn $test() {
                run_page($page);
            }
        )*

        /// Every page with command blocks is run by a test above.
        #[test]
        fn every_page_is_run() {
            let run = ["README.md", $($page),*];
            let mut pages = vec!["README.md".to_owned()];
            for entry in std::fs::read_dir(root().join("docs")).unwrap() {
                let name = entry.unwrap().file_name().into_string().unwrap();
                if name.ends_with(".md") {
                    pages.push(format!("docs/{name}"));
                }
            }
            for page in pages {
                if !blocks(&page).is_empty() {
                    assert!(run.contains(&page.as_str()), "{page} has command blocks no test runs");
                }
            }
        }
    };
}

/// The README's five minutes: the receiver got the event, and the ledger
/// says delivered.
#[test]
fn readme() {
    let dir = run_page("README.md").expect("the README needs no server");
    let received = std::fs::read_to_string(dir.path().join("received.log")).unwrap();
    assert!(
        received.starts_with("evt_") && received.contains(r#""type":"order.paid""#),
        "{received}"
    );
    let listed = bash(dir.path(), "outbox delivery list --type order.paid --json")
        .output()
        .unwrap();
    let listed: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    assert_eq!(listed["deliveries"][0]["status"], "delivered", "{listed}");
}

pages! {
    workers: "docs/workers.md",
    relay: "docs/relay.md",
    transports: "docs/transports.md",
    ordering: "docs/ordering.md",
    protection: "docs/protection.md",
    operations: "docs/operations.md",
    postgres: "docs/postgres.md",
    serve: "docs/serve.md",
}
