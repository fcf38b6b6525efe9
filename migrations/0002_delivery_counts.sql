-- Version 2: delivery counts kept in step with the deliveries table, so
-- `stats` and the `total` of `delivery ready` cost the same at a thousand
-- deliveries as at a million.

-- Deliveries per (status, transport, client); rows may reach n = 0.
CREATE TABLE delivery_counts (
    status    TEXT NOT NULL,
    transport TEXT NOT NULL,
    client_id TEXT NOT NULL,
    n         INTEGER NOT NULL,
    PRIMARY KEY (status, transport, client_id)
) WITHOUT ROWID;

INSERT INTO delivery_counts (status, transport, client_id, n)
SELECT status, transport, client_id, count(*) FROM deliveries GROUP BY status, transport, client_id;

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

-- Queued deliveries due later, by due time: `stats` counts the ones still
-- in the future without reading the ones already due.
CREATE INDEX deliveries_scheduled ON deliveries (next_attempt_at) WHERE status = 'queued' AND next_attempt_at > 0;
