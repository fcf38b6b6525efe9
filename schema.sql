-- The outbox schema for SQLite, version 1. A new database gets this file and
-- then every file of migrations/ in order (0002, 0003, ...), each raising
-- PRAGMA user_version by one; an older database gets the migrations it lacks.
-- Both happen in src/store/sqlite/mod.rs.
--
-- JSON-valued columns hold the text of a JSON object or array. Deliveries
-- name their event and subscription without foreign keys: the reference lets
-- `delivery create` point at any ids, and retries outlive nothing.

CREATE TABLE events (
    event_id      TEXT PRIMARY KEY NOT NULL,
    type          TEXT NOT NULL,
    subject       TEXT NOT NULL,
    source        TEXT NOT NULL,
    target        TEXT NOT NULL,
    status        TEXT NOT NULL,
    payload       TEXT NOT NULL,     -- JSON object
    subscriptions TEXT NOT NULL,     -- JSON array of subIds matched at record time
    ack           TEXT NOT NULL,     -- JSON object
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    ack_at        INTEGER NOT NULL
);
-- `event list` is newest first, optionally filtered by one of these columns.
CREATE INDEX events_by_time    ON events (created_at, event_id);
CREATE INDEX events_by_type    ON events (type, created_at, event_id);
CREATE INDEX events_by_status  ON events (status, created_at, event_id);
CREATE INDEX events_by_source  ON events (source, created_at, event_id);
CREATE INDEX events_by_target  ON events (target, created_at, event_id);
CREATE INDEX events_by_subject ON events (subject, created_at, event_id);

CREATE TABLE subscriptions (
    sub_id      TEXT PRIMARY KEY NOT NULL,
    client_id   TEXT NOT NULL,
    event_types TEXT NOT NULL,       -- JSON array, in the order given
    target      TEXT NOT NULL,
    transport   TEXT NOT NULL,
    endpoint    TEXT NOT NULL,
    status      TEXT NOT NULL,
    filters     TEXT NOT NULL,       -- JSON object
    meta        TEXT NOT NULL,       -- JSON object
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
CREATE INDEX subscriptions_by_time   ON subscriptions (created_at, sub_id);
CREATE INDEX subscriptions_by_client ON subscriptions (client_id, created_at, sub_id);

-- One row per (type, subscription), so matching an event reads only the
-- subscriptions of its type and of "*".
CREATE TABLE subscription_types (
    event_type TEXT NOT NULL,
    sub_id     TEXT NOT NULL REFERENCES subscriptions (sub_id) ON DELETE CASCADE,
    PRIMARY KEY (event_type, sub_id)
) WITHOUT ROWID;
CREATE INDEX subscription_types_by_sub ON subscription_types (sub_id);

CREATE TABLE deliveries (
    delivery_id      TEXT PRIMARY KEY NOT NULL,
    event_id         TEXT NOT NULL,
    sub_id           TEXT NOT NULL,
    client_id        TEXT NOT NULL,
    transport        TEXT NOT NULL,
    endpoint         TEXT NOT NULL,
    status           TEXT NOT NULL,
    attempt          INTEGER NOT NULL,
    claimed_by       TEXT NOT NULL,
    last_error       TEXT NOT NULL,
    meta             TEXT NOT NULL,  -- JSON object
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    next_attempt_at  INTEGER NOT NULL,
    claimed_at       INTEGER NOT NULL,
    lease_expires_at INTEGER NOT NULL,
    delivered_at     INTEGER NOT NULL
);
-- Unfiltered `delivery list`, newest first.
CREATE INDEX deliveries_by_time      ON deliveries (created_at, delivery_id);
-- Claim order of queued deliveries; lists and counts by status.
CREATE INDEX deliveries_by_status    ON deliveries (status, created_at, delivery_id);
-- Claimed deliveries by lease deadline: sweep, and re-claiming expired leases.
CREATE INDEX deliveries_by_lease     ON deliveries (lease_expires_at, delivery_id) WHERE status = 'claimed';
-- An event's deliveries, and the attempt chain of one (event, subscription).
CREATE INDEX deliveries_by_event     ON deliveries (event_id, sub_id, attempt);
CREATE INDEX deliveries_by_sub       ON deliveries (sub_id, status, created_at, delivery_id);
CREATE INDEX deliveries_by_client    ON deliveries (client_id, status, created_at, delivery_id);
CREATE INDEX deliveries_by_transport ON deliveries (transport, status, created_at, delivery_id);
