//! Durations and times as flags take them: `500ms`, `30s`, `1h30m` or
//! plain seconds, never negative, never past 100 years; unix seconds
//! within years 1970-9999.

use outbox::{Error, Result};

const NEGATIVE: &str = "must not be negative";

/// A duration kept to the millisecond (`--busy-timeout`, and each one
/// [`duration_flag`] reads): `500ms`, `30s`, `2m` or seconds.
pub(super) fn duration_ms(text: &str) -> std::result::Result<std::time::Duration, String> {
    match outbox::lifecycle::when::parse_duration_ms(text) {
        Ok(ms) if ms >= 0 => Ok(std::time::Duration::from_millis(ms as u64)),
        Ok(_) => Err(NEGATIVE.to_owned()),
        Err(e) => Err(e),
    }
}

/// A duration flag (`30s`, `5m`, `1h30m`, plain seconds) as a `Duration`;
/// a malformed or negative one is refused naming the flag.
pub fn duration_flag(flag: &str, text: &str) -> Result<std::time::Duration> {
    duration_ms(text).map_err(|e| {
        let message = if e == NEGATIVE {
            format!("--{flag}: {text:?} {NEGATIVE}")
        } else {
            format!("--{flag}: {e}")
        };
        Error::input("invalid:duration", message)
    })
}

/// A time-valued flag in whole seconds (`--lease`, `--delay`): `30s`, `5m`,
/// `1h30m` or plain seconds, as every duration flag takes. A negative one
/// is a mistake, refused when given (exit 2) rather than clamped when used.
pub fn seconds(text: &str) -> std::result::Result<i64, String> {
    match outbox::lifecycle::when::parse_duration(text) {
        Ok(seconds) if seconds >= 0 => Ok(seconds),
        Ok(_) => Err(NEGATIVE.to_owned()),
        Err(e) => Err(e),
    }
}

/// A time in unix seconds (`--created-at`, `--ack-at`), within years
/// 1970-9999 as every time outbox takes from outside.
pub fn unix_time(text: &str) -> std::result::Result<i64, String> {
    let unix: i64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not unix seconds"))?;
    outbox::core::records::model::unix_in_range("the time", "invalid:time", unix)
        .map_err(|e| e.to_string())
}
