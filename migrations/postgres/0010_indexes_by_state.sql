-- Version 10: index what is read hot, in the states it is read in.
--
-- A claim and a completion each change a delivery's status, so each writes
-- a new version of the row into every index whose rows it belongs to. Four
-- indexes held every delivery by (group, status, time): each transition
-- entered all four, and a delivered row stayed in them for good. Now:
--
-- * the queue by subscription, client and transport holds queued rows
--   only: claims that name one read the head of its range, and so do the
--   lists of queued rows; a claim leaves them and nothing enters them again
--   until a row is queued again;
-- * the rest of a list's rows are read where they are few (claimed rows by
--   lease, held, failed and canceled rows by status) or, for delivered rows
--   and lists of every status, by time, newest first, filtered as they go;
-- * leases by expiry alone, equal expiries sharing one entry (a batch's
--   claims are leased to the same second);
-- * an event's deliveries by the event alone (an event has a handful).
--
-- Events: target and status indexed only where they say something (a
-- target named; a status other than the `queued` every event starts in,
-- whose events are the newest and found first by time).

DROP INDEX deliveries_by_status, deliveries_by_sub, deliveries_by_client, deliveries_by_transport,
           deliveries_by_event, deliveries_by_lease, events_by_target, events_by_status;

CREATE INDEX deliveries_by_status    ON deliveries (status, created_at, delivery_id)
    WHERE status IN ('held', 'failed', 'canceled');
CREATE INDEX deliveries_by_sub       ON deliveries (sub_id, created_at, delivery_id) WHERE status = 'queued';
CREATE INDEX deliveries_by_client    ON deliveries (client_id, created_at, delivery_id) WHERE status = 'queued';
CREATE INDEX deliveries_by_transport ON deliveries (transport, created_at, delivery_id) WHERE status = 'queued';
CREATE INDEX deliveries_by_event     ON deliveries (event_id);
CREATE INDEX deliveries_by_lease     ON deliveries (lease_expires_at) WHERE status = 'claimed';

CREATE INDEX events_by_target ON events (target, created_at, event_id) WHERE target <> '';
CREATE INDEX events_by_status ON events (status, created_at, event_id) WHERE status <> 'queued';

-- Half of each page of deliveries left free: a claim's or completion's new
-- version of a row then goes on the row's own page (the old version, once
-- no transaction sees it, pruned there as the page fills), not at the end
-- of the table, so a transition of 500 rows dirties the pages they are on
-- and no new ones.
ALTER TABLE deliveries SET (fillfactor = 50);
