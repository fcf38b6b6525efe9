-- Version 6: the health of each subscription's endpoint (see the SQLite
-- schema's migrations/0008_subscription_health.sql). Claims lock a limited
-- subscription's row (FOR UPDATE SKIP LOCKED) while they take its room,
-- so workers on every host count against the same limit.

CREATE TABLE subscription_health (
    sub_id          TEXT PRIMARY KEY,
    limited         BOOLEAN NOT NULL DEFAULT FALSE,
    failures        BIGINT NOT NULL DEFAULT 0,
    failing_since   BIGINT NOT NULL DEFAULT 0,
    last_success_at BIGINT NOT NULL DEFAULT 0,
    last_failure_at BIGINT NOT NULL DEFAULT 0,
    last_error      TEXT NOT NULL DEFAULT '',
    trips           BIGINT NOT NULL DEFAULT 0,
    open_until      BIGINT NOT NULL DEFAULT 0,
    probe           TEXT NOT NULL DEFAULT '',
    probe_until     BIGINT NOT NULL DEFAULT 0,
    paused_until    BIGINT NOT NULL DEFAULT 0,
    disabled_at     BIGINT NOT NULL DEFAULT 0,
    disabled_reason TEXT NOT NULL DEFAULT '',
    rate_window     TEXT NOT NULL DEFAULT '[]',
    guards          BOOLEAN NOT NULL DEFAULT FALSE,
    breaker         BIGINT NOT NULL DEFAULT 0
);

CREATE INDEX subscription_health_guarding ON subscription_health (sub_id) WHERE guards;
