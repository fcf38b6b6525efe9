//! The core's rooms use only the rooms below them: no circle between
//! rooms, as `src/core/mod.rs` lists them. Read from the source, so a `use`
//! that reaches up fails here, naming the file.

use std::path::{Path, PathBuf};

/// Lowest first; each may use only those before it.
const ROOMS: [&str; 9] = [
    "reference",
    "records",
    "storage",
    "settings",
    "ordering",
    "ledger",
    "health",
    "batch",
    "outbox",
];

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The room a file of `src/core/` belongs to (`None`: the core's own
/// `mod.rs`, which only declares them).
fn room_of(core: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(core).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?.to_owned();
    let room = first.trim_end_matches(".rs").to_owned();
    (room != "mod").then_some(room)
}

/// The code of a file without comments and without its test module.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod tests {").next().unwrap();
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn rooms_use_only_the_rooms_below_them() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/core");
    let mut files = Vec::new();
    sources(&core, &mut files);
    let mut checked = 0;
    for file in files {
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let Some(room) = room_of(&core, &file) else {
            continue;
        };
        let rank = ROOMS
            .iter()
            .position(|r| *r == room)
            .unwrap_or_else(|| panic!("{} is in no room of ROOMS", file.display()));
        let code = code(&std::fs::read_to_string(&file).unwrap());
        for (at, _) in code.match_indices("crate::core::") {
            let used: String = code[at + "crate::core::".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let used = match used.as_str() {
                "Outbox" | "Clock" => "outbox",
                other => other,
            };
            if used == room {
                continue;
            }
            let used_rank = ROOMS.iter().position(|r| *r == used);
            assert!(
                used_rank.is_some_and(|r| r < rank),
                "{} (room {room}) uses crate::core::{used}, which is not below it",
                file.display()
            );
            checked += 1;
        }
        assert!(
            room == "outbox" || !code.contains("impl Outbox"),
            "{}: commands belong to the outbox room",
            file.display()
        );
    }
    assert!(checked > 100, "only {checked} uses read");
}

/// The OpenTelemetry export knows the core's records and errors, and
/// nothing of the worker, the relay or the SQL that use it; the core
/// knows nothing of it.
#[test]
fn the_telemetry_room_is_below_its_users_and_beside_the_core() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src.join("telemetry"), &mut files);
    assert!(!files.is_empty());
    for file in &files {
        let code = code(&std::fs::read_to_string(file).unwrap());
        for above in [
            "crate::worker",
            "crate::relay",
            "crate::store",
            "crate::cli",
            "crate::lifecycle",
        ] {
            assert!(!code.contains(above), "{} uses {above}", file.display());
        }
    }
    let mut core = Vec::new();
    sources(&src.join("core"), &mut core);
    for file in core {
        let code = code(&std::fs::read_to_string(&file).unwrap());
        assert!(
            !code.contains("telemetry::") && !code.contains("opentelemetry"),
            "{} reaches the OpenTelemetry export",
            file.display()
        );
    }
}
