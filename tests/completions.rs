//! The completion scripts committed in completions/ must be what the binary
//! generates now; a flag added without regenerating them fails here.

use assert_cmd::Command;
use std::path::Path;

/// `outbox ARGS` and the file under the repository that holds its output.
const GENERATED: [(&[&str], &str); 14] = [
    (&["completions", "bash"], "completions/outbox.bash"),
    (&["completions", "zsh"], "completions/_outbox"),
    (&["completions", "fish"], "completions/outbox.fish"),
    (&["completions", "elvish"], "completions/outbox.elv"),
    (&["completions", "powershell"], "completions/_outbox.ps1"),
    (&["man"], "man/outbox.1"),
    (&["man", "delivery", "claim"], "man/outbox-delivery-claim.1"),
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

/// man/ holds exactly the pages `outbox man --dir` writes, each as it is
/// written now: one per command, and no page left of a command removed.
#[test]
fn committed_man_pages_are_every_page_and_current() {
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let fresh = tempfile::tempdir().unwrap();
    let output = Command::cargo_bin("outbox")
        .unwrap()
        .args(["man", "--dir"])
        .arg(fresh.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let names = |dir: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    };
    if std::env::var_os("OUTBOX_BLESS_COMPLETIONS").is_some() {
        for name in names(&committed) {
            std::fs::remove_file(committed.join(name)).unwrap();
        }
        for name in names(fresh.path()) {
            std::fs::copy(fresh.path().join(&name), committed.join(&name)).unwrap();
        }
    }
    let written = names(fresh.path());
    assert_eq!(
        names(&committed),
        written,
        "regenerate with: OUTBOX_BLESS_COMPLETIONS=1 cargo test --test completions"
    );
    for expected in [
        "outbox.1",
        "outbox-work.1",
        "outbox-delivery-claim.1",
        "outbox-sub-backfill.1",
    ] {
        assert!(
            written.iter().any(|n| n == expected),
            "no {expected} in {written:?}"
        );
    }
    for name in &written {
        let page = std::fs::read_to_string(fresh.path().join(name)).unwrap();
        assert_eq!(
            std::fs::read_to_string(committed.join(name)).unwrap(),
            page,
            "man/{name} is out of date; regenerate with: OUTBOX_BLESS_COMPLETIONS=1 cargo test --test completions"
        );
        // Every page another page names is shipped.
        for word in page.split_whitespace() {
            let Some(named) = word.strip_prefix("outbox\\-") else {
                continue;
            };
            let Some(end) = named.find("(1)") else {
                continue;
            };
            let file = format!("outbox-{}.1", named[..end].replace("\\-", "-"));
            assert!(
                written.contains(&file),
                "{name} names {file}, which is not shipped"
            );
        }
    }
}

#[test]
fn outbox_1_has_exit_status_and_environment() {
    let output = Command::cargo_bin("outbox")
        .unwrap()
        .arg("man")
        .output()
        .unwrap();
    let page = String::from_utf8(output.stdout).unwrap();
    for section in [".SH \"EXIT STATUS\"", ".SH \"ENVIRONMENT\""] {
        assert!(page.contains(section), "outbox.1 lacks {section}");
    }
    for name in ["OUTBOX_DB", "OUTBOX_NOW", "OUTBOX_BUSY_TIMEOUT", "NO_COLOR"] {
        assert!(page.contains(name), "outbox.1 does not name {name}");
    }
    let unknown = Command::cargo_bin("outbox")
        .unwrap()
        .args(["man", "nosuch"])
        .output()
        .unwrap();
    assert_eq!(unknown.status.code(), Some(2));
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

/// Each command's page names outbox and its version in its footer, as
/// outbox(1) does, not the subcommand alone (`"claim 0.1.0"`).
#[test]
fn every_page_footer_names_outbox_and_its_version() {
    let footer = format!("\"outbox {}\"", env!("CARGO_PKG_VERSION"));
    for command in [
        &["man"][..],
        &["man", "delivery", "claim"],
        &["man", "work"],
    ] {
        let output = Command::cargo_bin("outbox")
            .unwrap()
            .args(command)
            .output()
            .unwrap();
        let page = String::from_utf8(output.stdout).unwrap();
        let title = page.lines().find(|l| l.starts_with(".TH ")).unwrap();
        assert!(title.contains(&footer), "{command:?}: {title}");
    }
}

/// What follows a command's options reads as man pages do: NOTES, then
/// EXAMPLES, each kept line by line.
#[test]
fn pages_give_their_notes_and_examples_line_by_line() {
    for command in [
        &["man"][..],
        &["man", "delivery", "claim"],
        &["man", "work"],
    ] {
        let output = Command::cargo_bin("outbox")
            .unwrap()
            .args(command)
            .output()
            .unwrap();
        let page = String::from_utf8(output.stdout).unwrap();
        assert!(!page.contains(".SH EXTRA"), "{command:?}");
        let examples = page
            .split(".SH EXAMPLES\n")
            .nth(1)
            .unwrap_or_else(|| panic!("{command:?} has no EXAMPLES"));
        assert!(
            examples.starts_with(".nf\n") && examples.contains("outbox "),
            "{command:?}: {examples}"
        );
    }
    let work = Command::cargo_bin("outbox")
        .unwrap()
        .args(["man", "work"])
        .output()
        .unwrap();
    let work = String::from_utf8(work.stdout).unwrap();
    assert!(work.contains(".SH NOTES\n.nf\nThe handler"), "{work}");
}
