//! A subscription's health row as stored: what protection reads and
//! writes (its behaviour is in `crate::core::health`).

/// One subscription's health row. Times are unix seconds, 0 for none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Health {
    pub sub_id: String,
    /// The subscription has a rate or an in-flight cap: every claim reads
    /// this row. Kept in step with its meta by `sub create|update`.
    pub limited: bool,
    /// The failures in a row that open its breaker (0: none), kept in
    /// step with its meta: until a first success, and while it fails, no
    /// more go out at once than would open it.
    pub breaker: i64,
    /// Failed attempts since the last success.
    pub failures: i64,
    pub failing_since: i64,
    pub last_success_at: i64,
    pub last_failure_at: i64,
    pub last_error: String,
    /// Trips in a row without a success: the next cool-down doubles.
    pub trips: i64,
    /// Nonzero: the breaker is open until then, and probing after.
    pub open_until: i64,
    /// The probe out while probing, and when its lease ends.
    pub probe: String,
    pub probe_until: i64,
    /// A receiver's `Retry-After`: nothing is claimed before it.
    pub paused_until: i64,
    pub disabled_at: i64,
    pub disabled_reason: String,
    /// Sends the rate counts, as runs (the first one's unix ms, how many)
    /// oldest first, each run's sends evenly spaced by the rate (see
    /// [`ClaimTime`](crate::core::health::ClaimTime)). The last run paces the next send.
    pub window: Vec<(i64, i64)>,
}
