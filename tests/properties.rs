//! Property tests: the canonical JSON writer against Python's own
//! `json.dumps` on generated values, and NDJSON batches that never panic
//! and never write part of a batch.

use outbox::core::ledger::events::RecordEvent;
use outbox::core::reference::json;
use outbox::core::{Clock, Outbox};
use outbox::store::sqlite::SqliteStore;
use proptest::prelude::*;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;

/// JSON values with the awkward parts: any Unicode (control characters,
/// characters above U+FFFF), integers past 64 bits, floats of every
/// magnitude, nesting, duplicate-looking keys.
fn json_value() -> impl Strategy<Value = String> {
    let text = prop_oneof![any::<String>(), "[a-zé😀\\\\\"\\n\\t\\u{1}\\u{7f}]{0,8}",]
        .prop_map(|s| serde_json::to_string(&s).unwrap());
    let leaf = prop_oneof![
        Just("null".to_owned()),
        any::<bool>().prop_map(|b| b.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        (any::<u64>(), any::<u64>()).prop_map(|(a, b)| format!("{a}{b:020}")),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| format!("{f:e}")),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| format!("{f:?}")),
        (-400i32..400, 1u32..999)
            .prop_map(|(e, m)| format!("{m}e{e}"))
            .prop_filter("in range", |t| t.parse::<f64>().is_ok_and(f64::is_finite)),
        text.clone(),
    ];
    leaf.prop_recursive(4, 48, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6)
                .prop_map(|items| format!("[{}]", items.join(", "))),
            prop::collection::vec((text.clone(), inner), 0..6).prop_map(|pairs| {
                let body: Vec<String> = pairs
                    .into_iter()
                    .map(|(k, v)| format!("{k}: {v}"))
                    .collect();
                format!("{{{}}}", body.join(", "))
            }),
        ]
    })
}

/// A `python3` that answers each JSON line with its canonical dump.
struct Python {
    _child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

fn python() -> Option<&'static Mutex<Python>> {
    static PYTHON: std::sync::OnceLock<Option<Mutex<Python>>> = std::sync::OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let script = "import sys, json\nfor line in sys.stdin:\n    print(json.dumps(json.loads(line), ensure_ascii=True, sort_keys=True), flush=True)\n";
            let mut child = Command::new("python3")
                .args(["-c", script])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .ok()?;
            let stdin = child.stdin.take()?;
            let stdout = BufReader::new(child.stdout.take()?);
            Some(Mutex::new(Python { _child: child, stdin, stdout }))
        })
        .as_ref()
}

fn python_canonical(text: &str) -> String {
    let mut python = python().unwrap().lock().unwrap();
    writeln!(python.stdin, "{}", text.replace('\n', " ")).unwrap();
    python.stdin.flush().unwrap();
    let mut line = String::new();
    python.stdout.read_line(&mut line).unwrap();
    line.trim_end_matches('\n').to_owned()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn canonical_json_equals_python_json_dumps(text in json_value()) {
        if python().is_none() {
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| eprintln!("skipped: python3 is not installed; canonical JSON is still checked against tests/fixtures/ids.json"));
            return Ok(());
        }
        let ours = json::canonical(&json::parse(&text).unwrap());
        prop_assert_eq!(ours, python_canonical(&text), "input {}", text);
    }
}

/// NDJSON lines of every kind: good events, events with fields of the
/// wrong kind, other JSON, broken JSON, and noise.
fn ndjson_line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z.]{1,12}".prop_map(|t| format!("{{\"type\": \"{t}\", \"payload\": {{\"n\": 1}}}}")),
        1 => "[a-z]{0,6}".prop_map(|t| format!("{{\"subject\": \"{t}\"}}")),
        1 => json_value().prop_map(|v| format!("{{\"type\": \"t\", \"payload\": {v}}}")),
        1 => json_value().prop_map(|v| format!("{{\"type\": {v}, \"status\": {v}, \"createdAt\": {v}, \"ack\": {v}}}")),
        1 => json_value(),
        1 => "\\PC{0,30}",
        1 => Just(String::new()),
    ]
}

fn event_count(path: &std::path::Path) -> i64 {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.query_row("SELECT count(*) FROM events", [], |r| r.get(0))
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn ndjson_batches_are_all_or_nothing(lines in prop::collection::vec(ndjson_line(), 1..12)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outbox.db");
        let mut outbox = Outbox::new(Box::new(SqliteStore::open(&path).unwrap()), Clock::Fixed(1_795_975_331));
        let requests = lines
            .iter()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(i, line)| (i + 1, RecordEvent::from_line(line, None)));
        let result = outbox.record_events(requests);
        drop(outbox);
        match result {
            Ok(recorded) => {
                let distinct: std::collections::HashSet<_> = recorded.iter().map(|r| r.event.event_id.clone()).collect();
                prop_assert_eq!(event_count(&path), distinct.len() as i64);
            }
            Err(e) => {
                prop_assert!(matches!(e.code(), c if c.starts_with("invalid:") || c == "missing:type"), "{}", e);
                prop_assert_eq!(event_count(&path), 0, "a failed batch wrote something: {}", e);
            }
        }
    }

    #[test]
    fn the_binary_never_panics_on_batch_input(lines in prop::collection::vec(ndjson_line(), 1..6), raw in prop::collection::vec(any::<u8>(), 0..40)) {
        let dir = tempfile::tempdir().unwrap();
        let mut input = lines.join("\n").into_bytes();
        input.push(b'\n');
        input.extend(raw); // possibly invalid UTF-8
        let output = assert_cmd::Command::cargo_bin("outbox").unwrap()
            .current_dir(dir.path())
            .env_remove("OUTBOX_DB")
            .args(["event", "record", "--batch", "-", "--json"])
            .write_stdin(input)
            .output()
            .unwrap();
        let code = output.status.code();
        prop_assert!(matches!(code, Some(0..=2)), "exit {:?}: {}", code, String::from_utf8_lossy(&output.stderr));
        if code != Some(0) {
            let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
            prop_assert_eq!(&answer["ok"], &Value::Bool(false));
            let db = dir.path().join("outbox.db");
            if code == Some(2) {
                // Bad input writes nothing, not even the new file.
                prop_assert!(!db.exists());
            } else {
                prop_assert_eq!(event_count(&db), 0);
            }
        }
    }
}
