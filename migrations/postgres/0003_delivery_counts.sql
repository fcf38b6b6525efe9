-- Version 3: delivery counts kept in the same transaction as the writes, so
-- that `stats` and the `total` of a claim cost the same at a thousand
-- deliveries as at a million (the SQLite schema keeps them since its
-- version 2).
--
-- Each group (status, transport, client) has up to 16 rows, one per slot: a
-- transaction adds its changes to the rows of one slot picked at random, so
-- that concurrent writers rarely wait on the same row; reads sum the slots.
-- Changes made to `deliveries` by hand do not move the counts;
-- `outbox stats --recount` counts the rows again.

CREATE TABLE delivery_counts (
    status    TEXT NOT NULL,
    transport TEXT NOT NULL,
    client_id TEXT NOT NULL,
    slot      SMALLINT NOT NULL,
    n         BIGINT NOT NULL,
    PRIMARY KEY (status, transport, client_id, slot)
);

INSERT INTO delivery_counts (status, transport, client_id, slot, n)
SELECT status, transport, client_id, 0, count(*) FROM deliveries GROUP BY status, transport, client_id;

-- Queued deliveries due later, by due time: the ready count is all queued
-- (kept) less these, read without touching the ones already due.
CREATE INDEX deliveries_scheduled ON deliveries (next_attempt_at) WHERE status = 'queued' AND next_attempt_at > 0;

-- The queue in claim order: a claim reads its first rows and stops. Smaller
-- than any other index that could give that order, so the planner takes it
-- with statistics or without.
CREATE INDEX deliveries_queued ON deliveries (created_at, delivery_id) WHERE status = 'queued';
