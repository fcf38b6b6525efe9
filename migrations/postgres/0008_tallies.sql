-- Version 8: counters that only grow, for `stats --format prometheus`
-- (events recorded, attempts by outcome, dead letters, and the buckets and
-- sums of two histograms), kept apart from the ledger so that prune and
-- restarts leave them as they were. One row per metric, label set and
-- slot: a transaction adds to each row it touches once, before its
-- commit, in a slot of its own choosing (as the kept counts do), so
-- concurrent workers do not wait for each other's row locks.
CREATE TABLE tallies (
    name   text NOT NULL,
    labels text NOT NULL,  -- JSON object, keys sorted
    slot   smallint NOT NULL,
    value  bigint NOT NULL,
    PRIMARY KEY (name, labels, slot)
);
