-- Version 12: index what is read hot, in the states it is read in (as the
-- PostgreSQL schema does since its version 10).
--
-- A claim and a completion each change a delivery's status, and SQLite
-- moves the row in every index that names the status: four indexes held
-- every delivery by (group, status, time), so each transition deleted and
-- inserted an entry in all four, and a delivered row stayed in them for
-- good. Now:
--
-- * queued deliveries in claim order, and by subscription, client and
--   transport: claims read the head of their range, and so do lists of
--   queued rows; a claim leaves them, a completion touches none of them;
-- * held, failed and canceled deliveries by status, where they are few;
-- * claimed ones stay indexed by lease (`deliveries_by_lease`);
-- * delivered rows, and lists of every status, are read in the table's own
--   order (time, newest first), filtered as they go.
--
-- The partial indexes' conditions are written as the queries write theirs
-- (a status as a constant), so SQLite can prove a query's rows are in them.

DROP INDEX deliveries_by_status;
DROP INDEX deliveries_by_sub;
DROP INDEX deliveries_by_client;
DROP INDEX deliveries_by_transport;

CREATE INDEX deliveries_queued       ON deliveries (created_at, delivery_id) WHERE status = 'queued';
CREATE INDEX deliveries_by_sub       ON deliveries (sub_id, created_at, delivery_id) WHERE status = 'queued';
CREATE INDEX deliveries_by_client    ON deliveries (client_id, created_at, delivery_id) WHERE status = 'queued';
CREATE INDEX deliveries_by_transport ON deliveries (transport, created_at, delivery_id) WHERE status = 'queued';
CREATE INDEX deliveries_by_status    ON deliveries (status, created_at, delivery_id)
    WHERE status = 'held' OR status = 'failed' OR status = 'canceled';
