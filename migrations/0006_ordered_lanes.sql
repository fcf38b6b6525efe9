-- Version 6: deliveries in order per subject, for subscriptions that ask.
--
-- A lane holds the deliveries of one (subscription, subject) in recording
-- order; only its head may be claimed. The others are kept with status
-- 'held' (shown as queued), out of every range a claim reads, and queued
-- one at a time as the head before them is done (src/core/ordering.rs).
-- Unordered deliveries have lane 0 and enter neither new index.

ALTER TABLE deliveries ADD COLUMN lane     INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deliveries ADD COLUMN lane_seq INTEGER NOT NULL DEFAULT 0;

CREATE TABLE lanes (
    lane_id INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: old deliveries keep their lane id
    sub_id  TEXT NOT NULL,
    subject TEXT NOT NULL,
    -- The head's place (deliveries.lane_seq); 0 while the lane has none.
    head    INTEGER NOT NULL DEFAULT 0,
    -- Blocks of places given out, one per transaction that added to the lane.
    blocks  INTEGER NOT NULL DEFAULT 0,
    -- 1 while the head is a dead letter that holds the lane.
    dead    INTEGER NOT NULL DEFAULT 0,
    UNIQUE (sub_id, subject)
);
CREATE INDEX lanes_held_by_dead ON lanes (sub_id) WHERE dead = 1;

-- A lane's deliveries by place: the delivery a held one waits for.
CREATE INDEX deliveries_in_lane ON deliveries (lane, lane_seq) WHERE lane > 0;
-- A lane's held deliveries by place: the next to queue.
CREATE INDEX deliveries_held    ON deliveries (lane, lane_seq) WHERE status = 'held';
