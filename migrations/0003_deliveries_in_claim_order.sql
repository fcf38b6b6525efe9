-- Version 3: deliveries are stored in claim order.
--
-- Workers take queued deliveries by (created_at, delivery_id). With rows in
-- insertion order and ids that are hashes, a batch of 500 claims touched
-- about 500 scattered table pages, each written to the WAL and again to the
-- file; kept in claim order, the same batch touches a few dozen neighbouring
-- pages. The key also serves the unfiltered, newest-first `delivery list`,
-- so the index that did is gone. Ids stay unique through their own index.

CREATE TABLE deliveries_in_claim_order (
    delivery_id      TEXT NOT NULL,
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
    delivered_at     INTEGER NOT NULL,
    PRIMARY KEY (created_at, delivery_id)
) WITHOUT ROWID;

INSERT INTO deliveries_in_claim_order
SELECT delivery_id, event_id, sub_id, client_id, transport, endpoint, status, attempt, claimed_by,
       last_error, meta, created_at, updated_at, next_attempt_at, claimed_at, lease_expires_at, delivered_at
FROM deliveries;

-- Dropping the table drops its indexes and its count triggers; the counts
-- themselves stay right, since the same rows come back.
DROP TABLE deliveries;
ALTER TABLE deliveries_in_claim_order RENAME TO deliveries;

CREATE UNIQUE INDEX deliveries_by_id ON deliveries (delivery_id);
-- Claim order of queued deliveries; lists and counts by status.
CREATE INDEX deliveries_by_status    ON deliveries (status, created_at, delivery_id);
-- Claimed deliveries by lease deadline: sweep, and re-claiming expired leases.
CREATE INDEX deliveries_by_lease     ON deliveries (lease_expires_at, delivery_id) WHERE status = 'claimed';
-- An event's deliveries, and the attempt chain of one (event, subscription).
CREATE INDEX deliveries_by_event     ON deliveries (event_id, sub_id, attempt);
CREATE INDEX deliveries_by_sub       ON deliveries (sub_id, status, created_at, delivery_id);
CREATE INDEX deliveries_by_client    ON deliveries (client_id, status, created_at, delivery_id);
CREATE INDEX deliveries_by_transport ON deliveries (transport, status, created_at, delivery_id);
-- Queued deliveries due later, by due time (see 0002).
CREATE INDEX deliveries_scheduled    ON deliveries (next_attempt_at) WHERE status = 'queued' AND next_attempt_at > 0;

CREATE TRIGGER delivery_counts_on_insert AFTER INSERT ON deliveries BEGIN
    INSERT INTO delivery_counts (status, transport, client_id, n)
    VALUES (new.status, new.transport, new.client_id, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER delivery_counts_on_delete AFTER DELETE ON deliveries BEGIN
    UPDATE delivery_counts SET n = n - 1
    WHERE status = old.status AND transport = old.transport AND client_id = old.client_id;
END;

CREATE TRIGGER delivery_counts_on_update AFTER UPDATE OF status, transport, client_id ON deliveries
WHEN old.status IS NOT new.status OR old.transport IS NOT new.transport OR old.client_id IS NOT new.client_id
BEGIN
    UPDATE delivery_counts SET n = n - 1
    WHERE status = old.status AND transport = old.transport AND client_id = old.client_id;
    INSERT INTO delivery_counts (status, transport, client_id, n)
    VALUES (new.status, new.transport, new.client_id, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
