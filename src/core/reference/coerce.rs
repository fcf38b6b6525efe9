//! Python's `str()`, `int()` and truthiness applied to JSON values, for
//! reference payloads that arrive as free-form JSON (NDJSON batch lines).

use crate::core::reference::json::{is_float, python_float};
use serde_json::Value;

/// Python truthiness: null, false, 0, 0.0, "", [] and {} are false.
pub fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

/// Python's `str(value)` for a value decoded by `json.loads`.
pub fn py_str(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => py_repr(other),
    }
}

/// Python's `repr(value)`; containers print their items with `repr`.
fn py_repr(value: &Value) -> String {
    match value {
        Value::Null => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Number(n) if is_float(n) => n
            .as_f64()
            .map(|f| match python_float(f).as_str() {
                "Infinity" => "inf".to_owned(),
                "-Infinity" => "-inf".to_owned(),
                text => text.to_owned(),
            })
            .unwrap_or_else(|| n.to_string()),
        Value::Number(n) => n.to_string(),
        Value::String(s) => repr_str(s),
        Value::Array(items) => {
            let items: Vec<_> = items.iter().map(py_repr).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Object(map) => {
            let items: Vec<_> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", repr_str(k), py_repr(v)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
    }
}

/// `repr(str)`: single quotes unless the text holds `'` and no `"`; control
/// characters escaped. Other non-printable code points (rare in practice) are
/// kept as they are.
fn repr_str(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || (0x7f..0xa0).contains(&(c as u32)) => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// `str(value or default)`.
pub fn str_or(value: Option<&Value>, default: &str) -> String {
    match value {
        Some(v) if truthy(v) => py_str(v),
        _ => default.to_owned(),
    }
}

/// Python's `int(value)`, `None` where Python raises. Integers beyond 64 bits
/// are out of reach of storage, so they are `None` too.
pub fn py_int(value: &Value) -> Option<i64> {
    match value {
        Value::Bool(b) => Some(i64::from(*b)),
        Value::Number(n) if is_float(n) => {
            let f = n.as_f64()?.trunc();
            (f.is_finite() && f.abs() < 9.2e18).then_some(f as i64)
        }
        Value::Number(n) => n.as_i64(),
        Value::String(s) => parse_int_text(s),
        _ => None,
    }
}

/// `int(str)`: surrounding whitespace, a sign, digits with single underscores between.
fn parse_int_text(s: &str) -> Option<i64> {
    let t = s.trim();
    let (neg, digits) = match t.as_bytes().first()? {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
        || !digits.bytes().all(|b| b.is_ascii_digit() || b == b'_')
    {
        return None;
    }
    let clean: String = digits.chars().filter(|c| *c != '_').collect();
    let n: i64 = clean.parse().ok()?;
    Some(if neg { -n } else { n })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn str_matches_python() {
        assert_eq!(py_str(&json!("x")), "x");
        assert_eq!(py_str(&json!(5)), "5");
        assert_eq!(py_str(&json!(true)), "True");
        assert_eq!(py_str(&json!(null)), "None");
        assert_eq!(py_str(&json!(["a", 1, null])), "['a', 1, None]");
        assert_eq!(py_str(&json!({"k": "it's"})), "{'k': \"it's\"}");
        assert_eq!(
            py_str(&crate::core::reference::json::parse("2.0").unwrap()),
            "2.0"
        );
    }

    #[test]
    fn int_matches_python() {
        assert_eq!(py_int(&json!(" 12 ")), Some(12));
        assert_eq!(py_int(&json!("1_000")), Some(1000));
        assert_eq!(py_int(&json!("1__0")), None);
        assert_eq!(py_int(&json!("1.5")), None);
        assert_eq!(
            py_int(&crate::core::reference::json::parse("-2.7").unwrap()),
            Some(-2)
        );
        assert_eq!(py_int(&json!(true)), Some(1));
        assert_eq!(py_int(&json!(null)), None);
        assert_eq!(py_int(&json!([])), None);
    }

    #[test]
    fn truthiness_matches_python() {
        for falsy in [
            json!(null),
            json!(false),
            json!(0),
            json!(""),
            json!([]),
            json!({}),
        ] {
            assert!(!truthy(&falsy), "{falsy} is falsy");
        }
        assert!(!truthy(
            &crate::core::reference::json::parse("0.0").unwrap()
        ));
        assert!(truthy(&json!("0")));
    }
}
