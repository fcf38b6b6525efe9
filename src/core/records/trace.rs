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

/// The span id of one attempt, made from the delivery's id and its claim
/// (a lease that lapsed and was claimed again is another attempt): every
/// sender of the attempt names the same span, and the span outbox exports
/// for it (OpenTelemetry) is the one the receiver sees as its parent.
pub fn attempt_span_id(delivery_id: &str, claims: i64) -> u64 {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(delivery_id.as_bytes())
        .chain_update(claims.to_be_bytes())
        .finalize();
    let id = u64::from_be_bytes(digest[..8].try_into().expect("eight bytes"));
    // An all-zero span id is invalid; one in 2^64 digests would give it.
    id.max(1)
}

/// The context a delivery attempt sends on: the event's trace, with the
/// attempt's span id ([`attempt_span_id`]) in place of the parent's;
/// `None` for an event without trace context.
pub fn for_attempt(traceparent: &str, delivery_id: &str, claims: i64) -> Option<String> {
    let mut parts = traceparent.splitn(4, '-');
    let (version, trace, _parent, flags) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let span = attempt_span_id(delivery_id, claims);
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
        let sent = for_attempt(GIVEN, "delv_1", 1).unwrap();
        assert!(check_traceparent(&sent).is_ok(), "{sent}");
        assert!(sent.starts_with("00-4bf92f3577b34da6a3ce929d0e0e4736-"));
        assert!(sent.ends_with("-01"));
        assert_ne!(sent, GIVEN);
        let span = format!("{:016x}", attempt_span_id("delv_1", 1));
        assert_eq!(sent.split('-').nth(2), Some(span.as_str()));
        // Every sender of one attempt names one span; another claim or
        // another delivery is another span.
        assert_eq!(for_attempt(GIVEN, "delv_1", 1), Some(sent.clone()));
        assert_ne!(for_attempt(GIVEN, "delv_1", 2), Some(sent.clone()));
        assert_ne!(for_attempt(GIVEN, "delv_2", 1), Some(sent));
        assert_eq!(for_attempt("", "delv_1", 1), None);
    }
}
