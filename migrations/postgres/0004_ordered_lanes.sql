-- Version 4: deliveries in order per subject, for subscriptions that ask
-- (see the SQLite schema's migrations/0006_ordered_lanes.sql). A lane's row
-- is locked by every transaction that adds to it or moves its head, so
-- concurrent writers take their places in commit order.

ALTER TABLE deliveries ADD COLUMN lane     BIGINT NOT NULL DEFAULT 0;
ALTER TABLE deliveries ADD COLUMN lane_seq BIGINT NOT NULL DEFAULT 0;

CREATE TABLE lanes (
    lane_id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    sub_id  TEXT COLLATE "C" NOT NULL,
    subject TEXT COLLATE "C" NOT NULL,
    head    BIGINT NOT NULL DEFAULT 0,
    blocks  BIGINT NOT NULL DEFAULT 0,
    dead    BOOLEAN NOT NULL DEFAULT FALSE,
    UNIQUE (sub_id, subject)
);
CREATE INDEX lanes_held_by_dead ON lanes (sub_id) WHERE dead;

CREATE INDEX deliveries_in_lane ON deliveries (lane, lane_seq) WHERE lane > 0;
CREATE INDEX deliveries_held    ON deliveries (lane, lane_seq) WHERE status = 'held';
