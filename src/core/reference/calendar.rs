//! The UTC calendar: unix seconds as dates and times and back, for the
//! times outbox shows (`2026-11-29T18:02:11Z`) and reads, and the range of
//! times and deadlines it takes, so no arithmetic on them can wrap.

/// The UTC calendar date and time of unix seconds:
/// `(year, month, day, hour, minute, second)`.
pub fn civil(unix: i64) -> (i64, i64, i64, i64, i64, i64) {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    // Howard Hinnant's algorithm, from days since 1970-01-01.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, secs / 3600, secs / 60 % 60, secs % 60)
}

/// `2026-11-29T18:02:11Z`.
pub fn rfc3339(unix: i64) -> String {
    let (y, mo, d, h, mi, s) = civil(unix);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
}

pub fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
pub fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The last second of year 9999, the latest time outbox takes (from
/// `OUTBOX_NOW`, `--created-at` or a batch's `createdAt`): with durations
/// capped at 100 years, arithmetic on times never wraps.
pub const LAST_UNIX_SECOND: i64 = 253_402_300_799;

/// The instant `wait` from now, or a century on where that would not fit:
/// a deadline never overflows, however long a wait it is given.
pub fn instant_after(wait: std::time::Duration) -> std::time::Instant {
    let now = std::time::Instant::now();
    const CENTURY: std::time::Duration = std::time::Duration::from_secs(100 * 365 * 86_400);
    now.checked_add(wait)
        .or_else(|| now.checked_add(CENTURY))
        .unwrap_or(now)
}
