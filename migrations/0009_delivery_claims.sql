-- Version 9: how many times each attempt has been claimed, for a handler
-- to tell a redelivery (OUTBOX_CLAIMS: above 1 once a lapsed lease was
-- claimed again). A new column with a constant default: no row rewritten.
ALTER TABLE deliveries ADD COLUMN claims INTEGER NOT NULL DEFAULT 0;
