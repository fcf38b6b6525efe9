//! Help as people read it: global options under their own heading, a line
//! for every option (checked in src/cli), examples, and never the value of
//! an environment variable (a database URL may hold a password).

use assert_cmd::Command;

fn help(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut cmd = Command::cargo_bin("outbox").unwrap();
    for (k, v) in env {
        cmd.env(k, v);
    }
    let output = cmd.args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn help_keeps_global_options_apart_and_shows_examples() {
    // Told in full once, by outbox --help.
    let top = help(&["--help"], &[]);
    let global = top.find("Global options:").expect("a heading of their own");
    let db = top.find("--db <PATH>").unwrap();
    assert!(db > global, "--db is listed under Global options");
    assert!(top.contains("[env: OUTBOX_DB]"), "{top}");
    // Named in one line by every other command, long help or short.
    for args in [
        vec!["delivery", "claim", "--help"],
        vec!["delivery", "claim", "-h"],
        vec!["work", "--help"],
        vec!["delivery", "get", "--help"],
    ] {
        let text = help(&args, &[]);
        let line = text
            .lines()
            .find(|l| l.starts_with("Global options:"))
            .unwrap_or_else(|| panic!("{args:?}:\n{text}"));
        for flag in ["--db", "--json", "--sync", "--busy-timeout", "-q"] {
            assert!(line.contains(flag), "{args:?}: {line}");
        }
        assert!(line.contains("see outbox --help"), "{line}");
        assert!(
            !text.contains("--db <PATH>"),
            "{args:?} repeats --db:\n{text}"
        );
        assert!(!text.contains("OUTBOX_SYNC"), "{args:?}:\n{text}");
        // The command's own options stay, and its examples.
        assert!(text.contains("Usage: outbox "), "{args:?}");
    }
    assert!(help(&["work", "--help"], &[]).contains("Examples:"));
    assert!(help(&["delivery", "claim", "--help"], &[]).contains("--worker"));
}

#[test]
fn help_never_prints_environment_values() {
    let secret = "postgres://app:hunter2@db.internal/outbox";
    for args in [vec!["--help"], vec!["stats", "--help"], vec!["work", "-h"]] {
        let text = help(
            &args,
            &[("OUTBOX_DB", secret), ("OUTBOX_BUSY_TIMEOUT", "3s")],
        );
        assert!(!text.contains("hunter2"), "{args:?} printed the password");
        // Where the global options are told in full, the variable is named.
        if args == ["--help"] {
            assert!(text.contains("[env: OUTBOX_DB]"), "the variable is named");
        }
        assert!(!text.contains("OUTBOX_BUSY_TIMEOUT=3s"));
    }
}

#[test]
fn work_help_and_its_man_page_give_the_handler_contract() {
    let text = help(&["work", "--help"], &[]);
    for words in [
        "stdin",
        "exit 0",
        "exit 65",
        "OUTBOX_ATTEMPT",
        "OUTBOX_DELIVERY_ID",
        "--grace",
    ] {
        assert!(text.contains(words), "work --help lacks {words:?}:\n{text}");
    }
    let page = help(&["man", "work"], &[]);
    assert!(
        page.contains("OUTBOX_ATTEMPT") && page.contains("65"),
        "{page}"
    );
    let top = help(&["--help"], &[]);
    assert!(top.lines().next().unwrap().contains("PostgreSQL"), "{top}");
}

/// On a terminal `outbox man` shows the page through man(1); piped, it
/// prints the roff (as `outbox man > outbox.1` wants).
#[test]
fn outbox_man_on_a_terminal_shows_the_page() {
    let have = |tool: &str| {
        std::process::Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !have("man") || !have("script") {
        eprintln!("skipped: man(1) or script(1) is not installed here");
        return;
    }
    let outbox = assert_cmd::cargo::cargo_bin("outbox");
    let line = format!("MANPAGER=cat '{}' man work", outbox.display());
    let out = std::process::Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(!shown.contains(".TH "), "roff on a terminal:\n{shown}");
    assert!(shown.contains("outbox-work(1)"), "{shown}");
    let piped = help(&["man", "work"], &[]);
    assert!(piped.contains(".TH outbox-work"), "{piped}");
}
