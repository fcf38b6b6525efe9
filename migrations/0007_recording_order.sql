-- Version 7: the order in which the outbox recorded its events.
--
-- createdAt has one-second ties, and a batch writes its events in id
-- order: neither says which of two events came first. Each transaction
-- that records events takes the next block of recording_blocks, and orders
-- its own events within it (a batch by its lines), so `seq` is
-- `block << 32 | index`; events of earlier versions keep 0. Replay and
-- backfill of an ordered subscription queue in this order.

ALTER TABLE events ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;

CREATE TABLE recording_blocks (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    n  INTEGER NOT NULL
);
INSERT INTO recording_blocks VALUES (1, 0);
