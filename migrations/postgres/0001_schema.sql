-- The outbox schema for PostgreSQL, version 1: the same tables as the
-- SQLite schema (schema.sql), in the connection's current schema. Times are
-- unix seconds as BIGINT, as the reference keeps them; JSON-valued columns
-- hold JSON text exactly as written (jsonb would reorder keys and rewrite
-- numbers, and ids are hashes of that text). Ids sort by code point, as the
-- reference sorts them, so they are COLLATE "C" whatever the database's
-- collation.

CREATE TABLE events (
    event_id      TEXT COLLATE "C" PRIMARY KEY,
    type          TEXT NOT NULL,
    subject       TEXT NOT NULL,
    source        TEXT NOT NULL,
    target        TEXT NOT NULL,
    status        TEXT NOT NULL,
    payload       TEXT NOT NULL,
    subscriptions TEXT NOT NULL,
    ack           TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    ack_at        BIGINT NOT NULL
);
CREATE INDEX events_by_time    ON events (created_at, event_id);
CREATE INDEX events_by_type    ON events (type, created_at, event_id);
CREATE INDEX events_by_status  ON events (status, created_at, event_id);
CREATE INDEX events_by_source  ON events (source, created_at, event_id);
CREATE INDEX events_by_target  ON events (target, created_at, event_id);
CREATE INDEX events_by_subject ON events (subject, created_at, event_id);

CREATE TABLE subscriptions (
    sub_id      TEXT COLLATE "C" PRIMARY KEY,
    client_id   TEXT NOT NULL,
    event_types TEXT NOT NULL,
    target      TEXT NOT NULL,
    transport   TEXT NOT NULL,
    endpoint    TEXT NOT NULL,
    status      TEXT NOT NULL,
    filters     TEXT NOT NULL,
    meta        TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX subscriptions_by_time   ON subscriptions (created_at, sub_id);
CREATE INDEX subscriptions_by_client ON subscriptions (client_id, created_at, sub_id);

CREATE TABLE subscription_types (
    event_type TEXT NOT NULL,
    sub_id     TEXT COLLATE "C" NOT NULL REFERENCES subscriptions (sub_id) ON DELETE CASCADE,
    PRIMARY KEY (event_type, sub_id)
);
CREATE INDEX subscription_types_by_sub ON subscription_types (sub_id);

CREATE TABLE deliveries (
    delivery_id      TEXT COLLATE "C" PRIMARY KEY,
    event_id         TEXT COLLATE "C" NOT NULL,
    sub_id           TEXT COLLATE "C" NOT NULL,
    client_id        TEXT NOT NULL,
    transport        TEXT NOT NULL,
    endpoint         TEXT NOT NULL,
    status           TEXT NOT NULL,
    attempt          BIGINT NOT NULL,
    claimed_by       TEXT NOT NULL,
    last_error       TEXT NOT NULL,
    meta             TEXT NOT NULL,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    next_attempt_at  BIGINT NOT NULL,
    claimed_at       BIGINT NOT NULL,
    lease_expires_at BIGINT NOT NULL,
    delivered_at     BIGINT NOT NULL
);
CREATE INDEX deliveries_by_time      ON deliveries (created_at, delivery_id);
CREATE INDEX deliveries_by_status    ON deliveries (status, created_at, delivery_id);
CREATE INDEX deliveries_by_lease     ON deliveries (lease_expires_at, delivery_id) WHERE status = 'claimed';
CREATE INDEX deliveries_by_event     ON deliveries (event_id, sub_id, attempt);
CREATE INDEX deliveries_by_sub       ON deliveries (sub_id, status, created_at, delivery_id);
CREATE INDEX deliveries_by_client    ON deliveries (client_id, status, created_at, delivery_id);
CREATE INDEX deliveries_by_transport ON deliveries (transport, status, created_at, delivery_id);
