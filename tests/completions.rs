//! The completion scripts committed in completions/ must be what the binary
//! generates now; a flag added without regenerating them fails here.

use assert_cmd::Command;
use std::path::Path;

/// `outbox ARGS` and the file under the repository that holds its output.
const GENERATED: [(&[&str], &str); 13] = [
    (&["completions", "bash"], "completions/outbox.bash"),
    (&["completions", "zsh"], "completions/_outbox"),
    (&["completions", "fish"], "completions/outbox.fish"),
    (&["completions", "elvish"], "completions/outbox.elv"),
    (&["completions", "powershell"], "completions/_outbox.ps1"),
    (&["man"], "man/outbox.1"),
    // Help snapshots: a changed flag or description shows in review.
    (&["--help"], "tests/help/outbox.txt"),
    (
        &["event", "record", "--help"],
        "tests/help/event-record.txt",
    ),
    (&["sub", "create", "--help"], "tests/help/sub-create.txt"),
    (
        &["delivery", "claim", "--help"],
        "tests/help/delivery-claim.txt",
    ),
    (
        &["delivery", "list", "--help"],
        "tests/help/delivery-list.txt",
    ),
    (&["work", "--help"], "tests/help/work.txt"),
    (&["prune", "--help"], "tests/help/prune.txt"),
];

#[test]
fn committed_completions_and_man_page_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("OUTBOX_BLESS_COMPLETIONS").is_some();
    let mut stale = Vec::new();
    for (args, file) in GENERATED {
        let output = Command::cargo_bin("outbox")
            .unwrap()
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "outbox {args:?} failed");
        assert!(!output.stdout.is_empty(), "empty output of {args:?}");
        let path = dir.join(file);
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &output.stdout).unwrap();
        } else if std::fs::read(&path).ok().as_deref() != Some(output.stdout.as_slice()) {
            stale.push(file);
        }
    }
    assert!(
        stale.is_empty(),
        "{} out of date; regenerate with: OUTBOX_BLESS_COMPLETIONS=1 cargo test --test completions",
        stale.join(", ")
    );
}

#[test]
fn scripts_complete_the_nouns_and_their_flags() {
    let output = Command::cargo_bin("outbox")
        .unwrap()
        .args(["completions", "bash"])
        .output()
        .unwrap();
    let script = String::from_utf8(output.stdout).unwrap();
    for word in [
        "event",
        "sub",
        "delivery",
        "stats",
        "--worker",
        "--lease",
        "--batch",
        "queued claimed delivered",
    ] {
        assert!(script.contains(word), "bash completion lacks {word:?}");
    }
}

#[test]
fn the_man_page_names_every_command() {
    let output = Command::cargo_bin("outbox")
        .unwrap()
        .arg("man")
        .output()
        .unwrap();
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH outbox 1"),
        "{}",
        &page[..200.min(page.len())]
    );
    for command in [
        "event", "sub", "delivery", "stats", "prune", "work", "init", "export", "import",
    ] {
        assert!(page.contains(command), "the man page lacks {command}");
    }
}
