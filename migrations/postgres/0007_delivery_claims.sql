-- Version 7: how many times each attempt has been claimed, for a handler
-- to tell a redelivery (OUTBOX_CLAIMS: above 1 once a lapsed lease was
-- claimed again). A constant default: no row is rewritten.
ALTER TABLE deliveries ADD COLUMN claims bigint NOT NULL DEFAULT 0;
