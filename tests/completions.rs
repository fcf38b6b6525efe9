//! The completion scripts committed in completions/ must be what the binary
//! generates now; a flag added without regenerating them fails here.

use assert_cmd::Command;
use std::path::Path;

const SHELLS: [(&str, &str); 5] = [
    ("bash", "outbox.bash"),
    ("zsh", "_outbox"),
    ("fish", "outbox.fish"),
    ("elvish", "outbox.elv"),
    ("powershell", "_outbox.ps1"),
];

#[test]
fn committed_completions_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("completions");
    let bless = std::env::var_os("OUTBOX_BLESS_COMPLETIONS").is_some();
    let mut stale = Vec::new();
    for (shell, file) in SHELLS {
        let output = Command::cargo_bin("outbox")
            .unwrap()
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(output.status.success(), "outbox completions {shell} failed");
        assert!(!output.stdout.is_empty(), "empty {shell} script");
        let path = dir.join(file);
        if bless {
            std::fs::write(&path, &output.stdout).unwrap();
        } else if std::fs::read(&path).ok().as_deref() != Some(output.stdout.as_slice()) {
            stale.push(file);
        }
    }
    assert!(
        stale.is_empty(),
        "completions/{} out of date; regenerate with: OUTBOX_BLESS_COMPLETIONS=1 cargo test --test completions",
        stale.join(", completions/")
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
