//! W3C trace context (`traceparent`, `tracestate`) as an event carries it:
//! checked when it is recorded, and made into the context of each attempt
//! to deliver it, whose span (outbox's own) becomes the receiver's parent.

use super::error::{Error, Result};

/// The longest `tracestate` the W3C recommendation lets a vendor send on.
const MOST_TRACESTATE: usize = 512;

/// `traceparent` as the W3C recommendation writes it: version, trace id,
/// parent id and flags in lowercase hex (`00-<32>-<16>-<2>`), neither id
/// all zeros, and not the invalid version `ff`.
pub fn check_traceparent(value: &str) -> Result<()> {
    let parts: Vec<&str> = value.split('-').collect();
    let hex = |s: &str, len: usize| {
        s.len() == len
            && s.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    };
    let zero = |s: &str| s.bytes().all(|b| b == b'0');
    let fine = match parts.as_slice() {
        [version, trace, parent, flags] => {
            hex(version, 2)
                && *version != "ff"
                && hex(trace, 32)
                && hex(parent, 16)
                && hex(flags, 2)
                && !zero(trace)
                && !zero(parent)
                // Version 00 has exactly these four parts; later versions
                // may add more, which this one cannot read.
                && (*version != "00" || value.len() == 55)
        }
        _ => false,
    };
    if fine {
        Ok(())
    } else {
        Err(Error::input(
            "invalid:traceparent",
            format!(
                "traceparent {value:?} is not W3C trace context (00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>)"
            ),
        ))
    }
}

/// `tracestate`: printable ASCII, at most 512 characters.
pub fn check_tracestate(value: &str) -> Result<()> {
    if value.len() <= MOST_TRACESTATE && value.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        Ok(())
    } else {
        Err(Error::input(
            "invalid:tracestate",
            format!("tracestate must be printable ASCII of at most {MOST_TRACESTATE} characters"),
        ))
    }
}

/// The context a delivery attempt sends on: the event's trace, with a new
/// span id of the attempt's own in place of the parent's; `None` for an
/// event without trace context.
pub fn for_attempt(traceparent: &str) -> Option<String> {
    let mut parts = traceparent.splitn(4, '-');
    let (version, trace, _parent, flags) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let span = loop {
        let id = fastrand::u64(..);
        if id != 0 {
            break id;
        }
    };
    Some(format!("{version}-{trace}-{span:016x}-{flags}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GIVEN: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    #[test]
    fn traceparents_are_checked_as_the_recommendation_writes_them() {
        assert!(check_traceparent(GIVEN).is_ok());
        for bad in [
            "",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-x",
        ] {
            let error = check_traceparent(bad).unwrap_err();
            assert_eq!(error.code(), "invalid:traceparent", "{bad:?}");
        }
        assert!(check_tracestate("rojo=00f067aa0ba902b7,congo=t61rcWkgMzE").is_ok());
        assert!(check_tracestate("a=\u{e9}").is_err());
        assert!(check_tracestate(&"a".repeat(513)).is_err());
    }

    #[test]
    fn an_attempt_keeps_the_trace_and_flags_with_a_span_of_its_own() {
        let sent = for_attempt(GIVEN).unwrap();
        assert!(check_traceparent(&sent).is_ok(), "{sent}");
        assert!(sent.starts_with("00-4bf92f3577b34da6a3ce929d0e0e4736-"));
        assert!(sent.ends_with("-01"));
        assert_ne!(sent, GIVEN);
        assert_ne!(for_attempt(GIVEN), for_attempt(GIVEN));
        assert_eq!(for_attempt(""), None);
    }
}
