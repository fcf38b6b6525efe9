-- Version 2: signing secrets of subscriptions, in a table of their own so
-- that no subscription answer ever carries them (see the SQLite schema's
-- migrations/0005_subscription_secrets.sql).

CREATE TABLE subscription_secrets (
    sub_id     TEXT COLLATE "C" NOT NULL,
    secret     TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    seq        BIGINT NOT NULL,     -- order of addition: the highest signs first
    PRIMARY KEY (sub_id, secret)
);
