//! The canonical JSON writer and the id functions against vectors computed
//! by the reference (tests/fixtures/ids.json, from dev/gen_fixtures.py).

use outbox::core::reference::ids;
use outbox::core::reference::json;
use serde_json::Value;
use std::path::Path;

fn vectors() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ids.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn text(value: &Value) -> &str {
    value.as_str().unwrap()
}

#[test]
fn canonical_json_matches_python_json_dumps() {
    let vectors = vectors();
    let cases = vectors["canonical"].as_array().unwrap();
    assert!(cases.len() > 400);
    let mut failures = Vec::new();
    for case in cases {
        let input = text(&case["json"]);
        let got = json::canonical(&json::parse(input).unwrap());
        if got != text(&case["canonical"]) {
            failures.push(format!(
                "{input}\n  got  {got}\n  want {}",
                text(&case["canonical"])
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn floats_print_as_python_repr() {
    let vectors = vectors();
    let cases = vectors["floats"].as_array().unwrap();
    assert!(cases.len() >= 3000);
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let f = f64::from_bits(text(&case["bits"]).parse().unwrap());
            let got = json::python_float(f);
            (got != text(&case["repr"]))
                .then(|| format!("{f:e}: got {got}, want {}", text(&case["repr"])))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn ids_match_the_reference() {
    let vectors = vectors();
    let cases = vectors["ids"].as_array().unwrap();
    let mut seen = std::collections::HashSet::new();
    for case in cases {
        let a = case["args"].as_array().unwrap();
        let got = match text(&case["kind"]) {
            "event" => {
                // The fixture holds the payload as Python printed it; parse as the CLI does.
                let payload = json::parse(&a[4].to_string()).unwrap();
                ids::event_id(
                    text(&a[0]),
                    text(&a[1]),
                    text(&a[2]),
                    text(&a[3]),
                    payload.as_object().unwrap(),
                    a[5].as_i64().unwrap(),
                )
            }
            "subscription" => {
                let types: Vec<String> = a[1]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| text(t).to_owned())
                    .collect();
                ids::subscription_id(text(&a[0]), &types, text(&a[2]), text(&a[3]), text(&a[4]))
            }
            "delivery" => ids::delivery_id(text(&a[0]), text(&a[1]), a[2].as_i64().unwrap()),
            other => panic!("unknown kind {other}"),
        };
        assert_eq!(
            got,
            text(&case["id"]),
            "{} id for {}",
            text(&case["kind"]),
            case["args"]
        );
        seen.insert(text(&case["kind"]).to_owned());
    }
    assert_eq!(seen.len(), 3, "vectors for every kind of id");
}
