//! Durations (`30s`, `5m`, `1h30m`, `7d`, plain seconds) and points in time
//! (unix seconds, RFC 3339, `2026-11-29 18:00` in UTC, or a duration
//! meaning "that long ago") as the lifecycle's flags take them.

pub use crate::core::reference::calendar::{civil, rfc3339};
use crate::core::reference::calendar::{days_from_civil, days_in_month};

/// The longest duration any flag takes: 100 years, so that adding one to
/// any clock outbox accepts (years 1970-9999) never overflows.
pub const MAX_DURATION_SECONDS: i64 = 36_500 * 86_400;

/// Seconds in a duration such as `90`, `30s`, `5m`, `2h`, `7d`, `1h30m` or
/// `500ms`; a part of a second counts as a whole one (`1500ms` is 2), as
/// leases, delays and schedules are kept in whole seconds. A leading `-`
/// gives a negative duration, which each flag refuses in its own words;
/// anything over [`MAX_DURATION_SECONDS`] is "too long a duration".
pub fn parse_duration(text: &str) -> Result<i64, String> {
    let ms = parse_duration_ms(text)?;
    let seconds = ms.unsigned_abs().div_ceil(1000) as i64;
    Ok(if ms < 0 { -seconds } else { seconds })
}

/// Milliseconds in a duration, as [`parse_duration`] reads it, for the
/// flags that keep parts of a second (`--poll-max 200ms`, `--timeout`).
pub fn parse_duration_ms(text: &str) -> Result<i64, String> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix('-') {
        return parse_magnitude(text, rest).map(|ms| -ms);
    }
    parse_magnitude(text, text)
}

fn parse_magnitude(text: &str, digits_and_units: &str) -> Result<i64, String> {
    let too_long = || {
        format!(
            "{text:?} is too long a duration (at most {}d, 100 years)",
            MAX_DURATION_SECONDS / 86_400
        )
    };
    if digits_and_units.is_empty() {
        return Err("an empty duration".to_owned());
    }
    let mut total: i64 = 0;
    let mut rest = digits_and_units;
    while !rest.is_empty() {
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let unit_len = rest[digits..]
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len() - digits);
        let (number, unit) = (&rest[..digits], &rest[digits..digits + unit_len]);
        let scale = match unit {
            // Plain seconds: a number alone.
            "" if rest.len() == digits && rest == digits_and_units => 1000,
            "ms" => 1,
            "s" => 1000,
            "m" => 60_000,
            "h" => 3_600_000,
            "d" => 86_400_000,
            "w" => 604_800_000,
            _ => {
                return Err(format!(
                    "{text:?} is not a duration (use seconds or units ms, s, m, h, d, w: 500ms, 30s, 5m, 1h30m, 7d)"
                ));
            }
        };
        if number.is_empty() {
            return Err(format!(
                "{text:?} is not a duration (a number must come before {unit:?})"
            ));
        }
        // All digits: a number too big for i64 is too long, not malformed.
        let amount: i64 = number.parse().map_err(|_| too_long())?;
        total = amount
            .checked_mul(scale)
            .and_then(|part| total.checked_add(part))
            .filter(|total| *total <= MAX_DURATION_SECONDS * 1000)
            .ok_or_else(too_long)?;
        rest = &rest[digits + unit_len..];
    }
    Ok(total)
}

/// Unix seconds for `text`: unix seconds themselves, RFC 3339
/// (`2026-11-29T18:00:00Z`, `...+01:00`), `2026-11-29 18:00[:00]` or
/// `2026-11-29` in UTC, or a duration (`2h`, `7d`) before `now`.
pub fn parse_time(text: &str, now: i64) -> Result<i64, String> {
    let text = text.trim();
    if let Ok(unix) = text.parse::<i64>() {
        return Ok(unix);
    }
    if text.len() >= 10 && text.as_bytes()[4] == b'-' {
        return parse_date_time(text).ok_or_else(|| {
            format!("{text:?} is not a time (use unix seconds, 2026-11-29T18:00:00Z, 2026-11-29 18:00, or a duration ago such as 2h)")
        });
    }
    let ago = parse_duration(text).ok().filter(|ago| *ago >= 0).ok_or_else(|| {
        format!("{text:?} is not a time (use unix seconds, 2026-11-29T18:00:00Z, 2026-11-29 18:00, or a duration ago such as 2h)")
    })?;
    Ok(now - ago)
}

fn parse_date_time(text: &str) -> Option<i64> {
    let number = |s: &str| -> Option<i64> {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let (date, time) = match text.get(10..11) {
        None => (text, ""),
        Some("T" | "t" | " ") => (&text[..10], &text[11..]),
        Some(_) => return None,
    };
    let year = number(date.get(0..4)?)?;
    let month = number(date.get(5..7)?)?;
    let day = number(date.get(8..10)?)?;
    if date.len() != 10 || date.as_bytes()[7] != b'-' || !(1..=12).contains(&month) {
        return None;
    }
    if !(1..=days_in_month(year, month)).contains(&day) {
        return None;
    }
    // The clock part, then an optional zone: Z, +hh:mm or -hh:mm (UTC without one).
    let zone_at = time.find(['Z', 'z', '+', '-']).unwrap_or(time.len());
    let (clock, zone) = time.split_at(zone_at);
    let clock = clock.split('.').next()?; // fractions of a second are dropped
    let (hour, minute, second) = if clock.is_empty() {
        (0, 0, 0)
    } else {
        let mut parts = clock.split(':');
        let hour = number(parts.next()?)?;
        let minute = number(parts.next()?)?;
        let second = parts.next().map_or(Some(0), number)?;
        if parts.next().is_some() {
            return None;
        }
        (hour, minute, second)
    };
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let offset = match zone {
        "" | "Z" | "z" => 0,
        _ => {
            let sign = if zone.starts_with('-') { -1 } else { 1 };
            let (h, m) = zone[1..].split_once(':')?;
            let (h, m) = (number(h)?, number(m)?);
            // RFC 3339 offsets run from -23:59 to +23:59.
            if h > 23 || m > 59 {
                return None;
            }
            sign * (h * 3600 + m * 60)
        }
    };
    Some(days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset)
}

/// Unix seconds of an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`), as a
/// `Retry-After` header may give one.
pub fn parse_http_date(text: &str) -> Option<i64> {
    let mut parts = text.split_whitespace().skip(1);
    let day: i64 = parts.next()?.parse().ok()?;
    let month = match parts.next()? {
        "Jan" => 1,
        "Feb" => 2,
        "Mar" => 3,
        "Apr" => 4,
        "May" => 5,
        "Jun" => 6,
        "Jul" => 7,
        "Aug" => 8,
        "Sep" => 9,
        "Oct" => 10,
        "Nov" => 11,
        "Dec" => 12,
        _ => return None,
    };
    let year: i64 = parts.next()?.parse().ok()?;
    let mut clock = parts.next()?.split(':').map(|p| p.parse::<i64>().ok());
    let (h, mi, s) = (clock.next()??, clock.next()??, clock.next()??);
    Some(days_from_civil(year, month, day) * 86_400 + h * 3600 + mi * 60 + s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        for (text, seconds) in [
            ("90", 90),
            ("30s", 30),
            ("5m", 300),
            ("2h", 7200),
            ("7d", 604_800),
            ("1h30m", 5400),
            ("1d2h3m4s", 93_784),
            ("2w", 1_209_600),
        ] {
            assert_eq!(parse_duration(text), Ok(seconds), "{text}");
        }
        assert_eq!(parse_duration("-5m"), Ok(-300));
        assert_eq!(parse_duration("-90"), Ok(-90));
        for bad in ["", "-", "5x", "m", "1.5h", "h5", "--5m", "5m-"] {
            let message = parse_duration(bad).unwrap_err();
            assert!(!message.contains("too long"), "{bad}: {message}");
        }
        for huge in [
            "99999999999999999d",
            "9223372036854775807",
            "9223372036854775807s",
            "18446744073709551615s",
            "2562047788015215h",
            "36501d",
        ] {
            let message = parse_duration(huge).unwrap_err();
            assert!(message.contains("too long a duration"), "{huge}: {message}");
        }
        assert_eq!(parse_duration("36500d"), Ok(MAX_DURATION_SECONDS));
        assert_eq!(parse_duration_ms("500ms"), Ok(500));
        assert_eq!(parse_duration_ms("1s250ms"), Ok(1250));
        assert_eq!(parse_duration_ms("-200ms"), Ok(-200));
        assert_eq!(
            parse_duration("500ms"),
            Ok(1),
            "a part of a second counts whole"
        );
        assert_eq!(parse_duration("1500ms"), Ok(2));
        assert_eq!(parse_duration("-1500ms"), Ok(-2));
    }

    #[test]
    fn calendar_forms() {
        assert_eq!(rfc3339(1_795_975_331), "2026-11-29T18:02:11Z");
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(
            parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT"),
            Some(784_111_777)
        );
        assert_eq!(parse_http_date("soon"), None);
    }

    #[test]
    fn times() {
        let now = 1_795_975_331; // 2026-11-29 18:02:11Z
        for (text, unix) in [
            ("1795975331", 1_795_975_331),
            ("2026-11-29T18:02:11Z", 1_795_975_331),
            ("2026-11-29T19:02:11+01:00", 1_795_975_331),
            ("2026-11-29T18:02:11.250Z", 1_795_975_331),
            ("2026-11-29 18:02:11", 1_795_975_331),
            ("2026-11-29 18:00", 1_795_975_200),
            ("2026-11-29", 1_795_910_400),
            ("2000-02-29T00:00:00Z", 951_782_400),
            ("1970-01-01T00:00:00Z", 0),
            ("2h", now - 7200),
            ("7d", now - 604_800),
        ] {
            assert_eq!(parse_time(text, now), Ok(unix), "{text}");
        }
        for bad in [
            "yesterday",
            "2026-13-01",
            "2026-02-30",
            "2026-11-29T25:00",
            "2026-11-29X18:00",
            "2026-11-29 18",
            "2026-11-29T18:00:00+99:99",
            "2026-11-29T18:00:00+24:00",
            "2026-11-29T18:00:00+00:60",
            "2026-11-29T18:00:00-24:00",
            "-2h",
        ] {
            assert!(parse_time(bad, now).is_err(), "{bad} should be refused");
        }
    }
}
