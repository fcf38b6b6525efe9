-- Version 10: counters that only grow, for `stats --format prometheus`
-- (events recorded, attempts by outcome, dead letters, and the buckets and
-- sums of two histograms), kept apart from the ledger so that prune and
-- restarts leave them as they were. One row per metric and label set; a
-- transaction adds to each row it touches once, before its commit.
CREATE TABLE tallies (
    name   TEXT NOT NULL,
    labels TEXT NOT NULL,  -- JSON object, keys sorted
    value  INTEGER NOT NULL,
    PRIMARY KEY (name, labels)
) WITHOUT ROWID;
