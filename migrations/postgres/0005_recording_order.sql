-- Version 5: the order in which the outbox recorded its events (see the
-- SQLite schema's migrations/0007_recording_order.sql). A sequence gives
-- each recording transaction its block without a lock; every role that
-- may write the tables may take a block (a role granted only the tables'
-- rows, as workers often are, could not call nextval otherwise).

ALTER TABLE events ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
CREATE SEQUENCE recording_blocks;
GRANT USAGE ON SEQUENCE recording_blocks TO PUBLIC;
