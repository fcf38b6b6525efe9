//! Ids as people type them: a unique prefix of at least four hex digits,
//! with or without `evt_` / `sub_` / `delv_`, stands for the whole id, as
//! git takes a short hash. Whole ids never cost a lookup.

/// Which records an id names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdKind {
    Event,
    Subscription,
    Delivery,
}

impl IdKind {
    pub fn prefix(self) -> &'static str {
        match self {
            IdKind::Event => "evt_",
            IdKind::Subscription => "sub_",
            IdKind::Delivery => "delv_",
        }
    }

    pub(crate) fn plural(self) -> &'static str {
        match self {
            IdKind::Event => "events",
            IdKind::Subscription => "subscriptions",
            IdKind::Delivery => "deliveries",
        }
    }
}

/// Hex digits in a whole id, after its prefix.
const WHOLE: usize = 24;
/// Fewest hex digits taken as a prefix.
const SHORTEST: usize = 4;
/// Candidates an ambiguous prefix lists.
pub(crate) const LISTED: i64 = 5;

/// The `prefix + digits` range start for `given`, when it can be a short
/// id of this kind; `None` when it is whole or not hex.
pub fn short_form(kind: IdKind, given: &str) -> Option<String> {
    let digits = given.strip_prefix(kind.prefix()).unwrap_or(given);
    let hex = digits.len() >= SHORTEST
        && digits.len() < WHOLE
        && digits.bytes().all(|b| b.is_ascii_hexdigit());
    hex.then(|| format!("{}{}", kind.prefix(), digits.to_ascii_lowercase()))
}

/// What to say beside "no delivery X" when X cannot be one: another kind's
/// id (`evt_...` given to `delivery get`), or a prefix too short to look up.
/// An id as typed, made safe for a one-line message: control characters
/// escaped (`\n`, `\0`, `\u{1b}`) and anything past 80 characters cut,
/// saying how long it was. The JSON answers keep it whole.
pub fn shown(given: &str) -> String {
    const SHOWN: usize = 80;
    let mut out = String::new();
    for (n, c) in given.chars().enumerate() {
        if n == SHOWN {
            out.push_str(&format!("… ({} bytes in all)", given.len()));
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

pub fn not_found_hint(kind: IdKind, given: &str) -> Option<String> {
    let given = &shown(given);
    for (other, noun, command) in [
        (IdKind::Event, "an event", "event"),
        (IdKind::Subscription, "a subscription", "sub"),
        (IdKind::Delivery, "a delivery", "delivery"),
    ] {
        if other != kind && given.starts_with(other.prefix()) {
            return Some(format!(
                "{given} is {noun} id: outbox {command} get {given}"
            ));
        }
    }
    let digits = given.strip_prefix(kind.prefix()).unwrap_or(given);
    let hex = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_hexdigit());
    (hex && digits.len() < SHORTEST).then(|| {
        format!(
            "a short id needs {SHORTEST} or more hex digits after {}",
            kind.prefix()
        )
    })
}

/// The first string after every string that starts with `prefix`: the end
/// of the index range holding them.
pub fn range_end(prefix: &str) -> String {
    let mut end = prefix.to_owned();
    match end.pop() {
        Some(last) if last.is_ascii() && last != '\x7f' => end.push(char::from(last as u8 + 1)),
        // Past every string with this prefix, whatever follows it.
        Some(last) => {
            end.push(last);
            end.push(char::MAX);
        }
        None => end.push(char::MAX),
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_forms() {
        let k = IdKind::Delivery;
        assert_eq!(short_form(k, "2d8e"), Some("delv_2d8e".into()));
        assert_eq!(short_form(k, "delv_2D8E6d3c"), Some("delv_2d8e6d3c".into()));
        assert_eq!(short_form(k, "2d8"), None, "too short");
        assert_eq!(
            short_form(k, "delv_c072dcd0adb1805ed511ee82"),
            None,
            "whole"
        );
        assert_eq!(short_form(k, "my-own-id"), None);
        assert_eq!(
            short_form(IdKind::Event, "evt_abcd"),
            Some("evt_abcd".into())
        );
        assert_eq!(range_end("delv_2d8e"), "delv_2d8f");
        assert_eq!(range_end("delv_2d8f"), "delv_2d8g");
    }
}
