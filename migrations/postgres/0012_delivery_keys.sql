-- Version 12: a delivery's unchanging keys in a table of their own.
--
-- A claim and a completion each write a new version of a delivery's row,
-- and a new version enters every index the row is in (no transition can
-- be a HOT update: each changes the status the partial indexes are
-- defined by). Two indexes held every delivery for the lists alone:
-- deliveries by time and deliveries by event. Each transition entered
-- both, a third of a drain's time on the server (measured).
--
-- What they index never changes once a delivery is written: its id, its
-- event, subscription and attempt, when it was created. So those keys live
-- in `delivery_keys`, written once with the delivery and never updated,
-- and its two indexes serve the lists by time and the reads by event; the
-- transitions leave them alone. The keys also carry the client and
-- transport (which never change either), so that a list of every status
-- filtered by them reads a delivery's row only when its keys match.
-- Triggers keep the table in step with `deliveries` however a row is
-- written or removed (a statement of outbox's, an import, a change by
-- hand), one statement per statement that inserts or deletes rows, not one
-- per row.
--
-- Delivered rows, the bulk of a ledger, get a partial index by time of
-- their own: a completion enters it once (where each transition used to
-- enter two indexes), and a list of delivered deliveries reads it rather
-- than every key newest first, each one's row by its key.

CREATE TABLE delivery_keys (
    delivery_id TEXT COLLATE "C" NOT NULL,
    event_id    TEXT COLLATE "C" NOT NULL,
    sub_id      TEXT COLLATE "C" NOT NULL,
    attempt     BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    client_id   TEXT NOT NULL,
    transport   TEXT NOT NULL
);
INSERT INTO delivery_keys
    SELECT delivery_id, event_id, sub_id, attempt, created_at, client_id, transport FROM deliveries;
-- New entries come at the end of the time index (the newest time): packed
-- as the indexes of version 11. Events come in any order of their ids, and
-- are indexed alone, as since version 10 (an event has a handful of
-- deliveries, told apart by reading them).
CREATE INDEX delivery_keys_by_time  ON delivery_keys (created_at, delivery_id) WITH (fillfactor = 100);
CREATE INDEX delivery_keys_by_event ON delivery_keys (event_id);

CREATE FUNCTION delivery_keys_added() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    INSERT INTO delivery_keys
        SELECT delivery_id, event_id, sub_id, attempt, created_at, client_id, transport FROM added;
    RETURN NULL;
END $$;

-- Each removed row's keys found by their time index, one row at a time
-- (the table of removed rows has no statistics: joined, the planner might
-- read every key to find a few).
CREATE FUNCTION delivery_keys_removed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    DELETE FROM delivery_keys WHERE ctid = ANY(ARRAY(
        SELECT found.ctid FROM removed CROSS JOIN LATERAL (
            SELECT k.ctid FROM delivery_keys AS k
            WHERE k.created_at = removed.created_at AND k.delivery_id = removed.delivery_id
        ) AS found));
    RETURN NULL;
END $$;

CREATE FUNCTION delivery_keys_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE delivery_keys SET delivery_id = NEW.delivery_id, event_id = NEW.event_id, sub_id = NEW.sub_id,
                             attempt = NEW.attempt, created_at = NEW.created_at,
                             client_id = NEW.client_id, transport = NEW.transport
    WHERE created_at = OLD.created_at AND delivery_id = OLD.delivery_id;
    RETURN NULL;
END $$;

CREATE FUNCTION delivery_keys_emptied() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    TRUNCATE delivery_keys;
    RETURN NULL;
END $$;

CREATE TRIGGER delivery_keys_added AFTER INSERT ON deliveries
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION delivery_keys_added();
CREATE TRIGGER delivery_keys_removed AFTER DELETE ON deliveries
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION delivery_keys_removed();
-- Only a statement that sets a key fires this (the transitions set none),
-- and only for a row whose keys it changed (an import replacing a row
-- with itself changes none).
CREATE TRIGGER delivery_keys_changed
    AFTER UPDATE OF delivery_id, event_id, sub_id, attempt, created_at, client_id, transport ON deliveries
    FOR EACH ROW
    WHEN ((OLD.delivery_id, OLD.event_id, OLD.sub_id, OLD.attempt, OLD.created_at, OLD.client_id, OLD.transport)
          IS DISTINCT FROM
          (NEW.delivery_id, NEW.event_id, NEW.sub_id, NEW.attempt, NEW.created_at, NEW.client_id, NEW.transport))
    EXECUTE FUNCTION delivery_keys_changed();
CREATE TRIGGER delivery_keys_emptied AFTER TRUNCATE ON deliveries
    FOR EACH STATEMENT EXECUTE FUNCTION delivery_keys_emptied();

CREATE INDEX deliveries_delivered ON deliveries (created_at, delivery_id) WITH (fillfactor = 100)
    WHERE status = 'delivered';

DROP INDEX deliveries_by_time, deliveries_by_event;
