-- Version 8: the health of each subscription's endpoint, as `outbox work`
-- records it (consecutive failures, the circuit breaker, a receiver's
-- Retry-After pause, disabling what keeps failing) and the recent claims
-- its rate limit counts. Apart from `subscriptions`, so an attempt never
-- rewrites a subscription. A subscription with no row is healthy and
-- unlimited; `guards` marks the rows every worker's claim must read.

CREATE TABLE subscription_health (
    sub_id          TEXT PRIMARY KEY,
    limited         INTEGER NOT NULL DEFAULT 0,
    failures        INTEGER NOT NULL DEFAULT 0,
    failing_since   INTEGER NOT NULL DEFAULT 0,
    last_success_at INTEGER NOT NULL DEFAULT 0,
    last_failure_at INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT NOT NULL DEFAULT '',
    trips           INTEGER NOT NULL DEFAULT 0,
    open_until      INTEGER NOT NULL DEFAULT 0,
    probe           TEXT NOT NULL DEFAULT '',
    probe_until     INTEGER NOT NULL DEFAULT 0,
    paused_until    INTEGER NOT NULL DEFAULT 0,
    disabled_at     INTEGER NOT NULL DEFAULT 0,
    disabled_reason TEXT NOT NULL DEFAULT '',
    rate_window     TEXT NOT NULL DEFAULT '[]',  -- JSON [[unix ms, claims], ...]
    guards          INTEGER NOT NULL DEFAULT 0,
    breaker         INTEGER NOT NULL DEFAULT 0  -- failures that open it; 0: off
) WITHOUT ROWID;

CREATE INDEX subscription_health_guarding ON subscription_health (sub_id) WHERE guards = 1;
