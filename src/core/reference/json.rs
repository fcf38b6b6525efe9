//! JSON the way the reference's Python sees it: canonical text for ids and
//! number normalisation, so stored and printed numbers match `json.dumps`.

use serde_json::{Map, Number, Value};
use std::fmt::Write;

/// A JSON object, key order as given (Python dicts keep insertion order).
pub type Object = Map<String, Value>;

/// Writes `value` as Python's `json.dumps(value, ensure_ascii=True, sort_keys=True)`.
pub fn canonical(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(&mut out, value);
    out
}

fn write_canonical(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Number(n) => out.push_str(&python_number(n)),
        Value::String(s) => write_ascii_string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_canonical(out, item);
            }
            out.push(']');
        }
        Value::Object(map) => write_canonical_object(out, map),
    }
}

/// Writes `map` as [`canonical`] writes an object.
pub(crate) fn write_canonical_object(out: &mut String, map: &Object) {
    // Python sorts str keys by code point; UTF-8 byte order is the same order.
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    out.push('{');
    for (i, (key, item)) in entries.into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_ascii_string(out, key);
        out.push_str(": ");
        write_canonical(out, item);
    }
    out.push('}');
}

/// Python's `ensure_ascii` escaping: everything outside `' '..='~'` is escaped,
/// characters above U+FFFF as a surrogate pair.
pub(crate) fn write_ascii_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0c}' => out.push_str("\\f"),
            ' '..='~' => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
        }
    }
    out.push('"');
}

/// True when the JSON text of a number is a float to Python (`.`, `e` or `E`).
pub fn is_float(n: &Number) -> bool {
    n.to_string().contains(['.', 'e', 'E'])
}

/// The text Python's `json.dumps` writes for a number parsed by `json.loads`:
/// integers exact at any size, floats in `repr` form (`1.0`, `1e+16`, `1.5e-07`).
pub fn python_number(n: &Number) -> String {
    let text = n.to_string();
    if !is_float(n) {
        return if text == "-0" { "0".to_owned() } else { text };
    }
    match text.parse::<f64>() {
        Ok(f) => python_float(f),
        Err(_) => text,
    }
}

/// Python's `repr(float)`: shortest round-trip digits, scientific notation
/// when the decimal exponent is below -4 or at least 16.
pub fn python_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.to_owned();
    }
    let (digits, exp) = shortest_digits(f.abs());
    let sign = if f.is_sign_negative() { "-" } else { "" };
    let mut out = String::from(sign);
    if !(-4..16).contains(&exp) {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let _ = write!(out, "e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs());
    } else if exp < 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-exp - 1) as usize));
        out.push_str(&digits);
    } else {
        let point = exp as usize + 1;
        if digits.len() <= point {
            out.push_str(&digits);
            out.extend(std::iter::repeat_n('0', point - digits.len()));
            out.push_str(".0");
        } else {
            out.push_str(&digits[..point]);
            out.push('.');
            out.push_str(&digits[point..]);
        }
    }
    out
}

/// The shortest digits that read back as `f` (non-negative), and the
/// decimal exponent of the first one. Where two such digit strings are
/// equally close to `f`, Python takes the one ending in an even digit;
/// Rust's formatter rounds the tie up, so the tie is settled here.
fn shortest_digits(f: f64) -> (String, i32) {
    let split = |text: &str| -> (String, i32) {
        let (mantissa, exp) = text.split_once('e').expect("{:e} always has an exponent");
        (
            mantissa.replace('.', ""),
            exp.parse().expect("{:e} exponent is an integer"),
        )
    };
    let (digits, exp) = split(&format!("{f:e}"));
    let n = digits.len();
    // Two n-digit decimals lie 10^-n apart relative to f, and a normal
    // double reads back from an interval 2^-52 wide relative to it: both
    // fit only when n >= 16. Below that there is no tie to settle.
    if f.is_normal() && n < 16 {
        return (digits, exp);
    }
    // A tie's exact expansion is one digit longer than the shortest digits,
    // at most 18 digits, so 41 show it whole; most doubles fail this cheap
    // test and need no 800-digit expansion.
    let (prefix, prefix_exp) = split(&format!("{f:.40e}"));
    let may_tie = prefix_exp == exp
        && prefix.as_bytes()[n] == b'5'
        && prefix[n + 1..].bytes().all(|b| b == b'0');
    if !may_tie {
        return (digits, exp);
    }
    // Every double has a finite decimal expansion; 800 digits hold all of it.
    let (exact, exact_exp) = split(&format!("{f:.800e}"));
    let tie = exact_exp == exp
        && exact.as_bytes()[n] == b'5'
        && exact[n + 1..].bytes().all(|b| b == b'0');
    let odd = digits.as_bytes()[n - 1] % 2 == 1;
    if tie && odd {
        let lower = &exact[..n];
        let other = if digits == lower {
            increment(lower)
        } else {
            lower.to_owned()
        };
        let reads_back = format!("0.{other}e{}", exp + 1).parse::<f64>() == Ok(f);
        if other.len() == n && reads_back {
            return (other, exp);
        }
    }
    (digits, exp)
}

/// A decimal digit string plus one in its last place.
fn increment(digits: &str) -> String {
    let mut bytes = digits.as_bytes().to_vec();
    for b in bytes.iter_mut().rev() {
        if *b == b'9' {
            *b = b'0';
        } else {
            *b += 1;
            return String::from_utf8(bytes).expect("ASCII digits");
        }
    }
    format!("1{}", String::from_utf8(bytes).expect("ASCII digits"))
}

/// Rewrites every number in `value` into the form Python would print, so what
/// we store and print matches the reference. Fails on floats beyond f64 range,
/// which JSON cannot carry back out.
pub fn normalize_numbers(value: &mut Value) -> Result<(), String> {
    match value {
        Value::Number(n) => {
            let text = python_number(n);
            if text.ends_with("Infinity") {
                return Err(format!("number {n} is out of range"));
            }
            if text != n.to_string() {
                *n = text.parse().map_err(|e| format!("number {n}: {e}"))?;
            }
        }
        Value::Array(items) => items.iter_mut().try_for_each(normalize_numbers)?,
        Value::Object(map) => map.values_mut().try_for_each(normalize_numbers)?,
        _ => {}
    }
    Ok(())
}

/// Edits the object kept under `key` in `meta` (a new one if there is
/// none), and removes the key when the object is left empty.
pub fn edit_object(meta: &mut Object, key: &str, edit: impl FnOnce(&mut Object)) {
    let mut object = meta
        .get(key)
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    edit(&mut object);
    if object.is_empty() {
        meta.remove(key);
    } else {
        meta.insert(key.to_owned(), Value::Object(object));
    }
}

/// The deepest nesting a payload, ack or meta object may have (`{}` is 1).
/// JSON parsers stop at 128 levels; an export wraps a payload in two more,
/// so anything recorded can be imported again.
pub const MAX_DEPTH: usize = 100;

/// How deeply `value` nests arrays and objects: 0 for a scalar.
pub fn depth(value: &Value) -> usize {
    // Iterative: a value nested past any limit must not overflow the stack.
    let mut deepest = 0;
    let mut stack = vec![(value, 1)];
    while let Some((value, level)) = stack.pop() {
        let children: Box<dyn Iterator<Item = &Value>> = match value {
            Value::Array(items) => Box::new(items.iter()),
            Value::Object(map) => Box::new(map.values()),
            _ => continue,
        };
        deepest = deepest.max(level);
        stack.extend(children.map(|child| (child, level + 1)));
    }
    deepest
}

/// `what` (`payload`, `--meta`) refused when it nests deeper than
/// [`MAX_DEPTH`]: one limit for every way in, checked when recorded.
pub fn check_depth(what: &str, object: &Object) -> Result<(), String> {
    let found = 1 + object.values().map(depth).max().unwrap_or(0);
    if found > MAX_DEPTH {
        return Err(format!(
            "{what} nests {found} levels deep, over the limit of {MAX_DEPTH}"
        ));
    }
    Ok(())
}

/// Parses JSON text as the reference's `json.loads` would, numbers normalised.
/// A parse error's message says where by column alone when the text is one
/// line (an NDJSON line, a flag's value), so a batch's "line 2: ..." is not
/// followed by serde's "at line 1".
pub fn parse(text: &str) -> Result<Value, String> {
    let mut value: Value = serde_json::from_str(text).map_err(|e| {
        let whole = e.to_string();
        if whole.starts_with("recursion limit exceeded") {
            return format!(
                "it nests more than 127 levels deep, over the limit of {MAX_DEPTH} (at column {})",
                e.column()
            );
        }
        let at = format!(" at line {} column {}", e.line(), e.column());
        match whole.strip_suffix(&at) {
            Some(what) if !text.trim_end().contains('\n') => {
                format!("{what} at column {}", e.column())
            }
            _ => whole,
        }
    })?;
    normalize_numbers(&mut value)?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(text: &str) -> String {
        canonical(&parse(text).unwrap())
    }

    #[test]
    fn floats_follow_python_repr() {
        let cases = [
            (1.0, "1.0"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (1.5e-7, "1.5e-07"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-0.0, "-0.0"),
            (123.456, "123.456"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
            (0.1 + 0.2, "0.30000000000000004"),
            // Halfway between two shortest candidates: Python rounds to even.
            (2.5442733376299663e14, "254427333762996.62"),
        ];
        for (f, want) in cases {
            assert_eq!(python_float(f), want, "repr of {f:e}");
        }
    }

    #[test]
    fn numbers_keep_ints_exact_and_normalise_floats() {
        assert_eq!(
            canon("123456789012345678901234567890"),
            "123456789012345678901234567890"
        );
        assert_eq!(canon("-0"), "0");
        assert_eq!(canon("1E16"), "1e+16");
        assert_eq!(canon("2.50"), "2.5");
        assert!(parse("1e400").is_err());
    }

    #[test]
    fn strings_are_ascii_escaped_with_surrogate_pairs() {
        assert_eq!(
            canon(r#""é😀\u0001\u007f\"\\/""#),
            r#""\u00e9\ud83d\ude00\u0001\u007f\"\\/""#
        );
        assert_eq!(canon(r#""\b\f\n\r\t""#), r#""\b\f\n\r\t""#);
    }

    #[test]
    fn depth_counts_nesting_and_the_limit_is_checked() {
        assert_eq!(depth(&parse("1").unwrap()), 0);
        assert_eq!(depth(&parse("{}").unwrap()), 1);
        assert_eq!(depth(&parse(r#"{"a": [1, {"b": 2}], "c": 3}"#).unwrap()), 3);
        let nested = |n: usize| parse(&format!("{}1{}", "[".repeat(n), "]".repeat(n))).unwrap();
        let wrapped = |n: usize| {
            let mut object = Object::new();
            object.insert("a".to_owned(), nested(n - 1));
            object
        };
        assert!(check_depth("payload", &wrapped(MAX_DEPTH)).is_ok());
        let refused = check_depth("payload", &wrapped(MAX_DEPTH + 1)).unwrap_err();
        assert!(refused.contains("101 levels"), "{refused}");
    }

    #[test]
    fn objects_sort_keys_at_every_depth_with_python_separators() {
        assert_eq!(
            canon(r#"{"b": [1, {"z": 1, "a": null}], "a": true, "é": false}"#),
            r#"{"a": true, "b": [1, {"a": null, "z": 1}], "\u00e9": false}"#
        );
    }
}
