-- Version 5: signing secrets of subscriptions, in a table of their own so
-- that no subscription answer ever carries them. A subscription has one
-- secret, or several while one is being rotated (newest signs first).

CREATE TABLE subscription_secrets (
    sub_id     TEXT NOT NULL,
    secret     TEXT NOT NULL,        -- whsec_ + base64 of the key
    created_at INTEGER NOT NULL,
    seq        INTEGER NOT NULL,     -- order of addition: the highest signs first
    PRIMARY KEY (sub_id, secret)
) WITHOUT ROWID;
