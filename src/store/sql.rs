//! SQL text that both backends speak alike: the column lists of the three
//! records, the upserts that replace a record by id, the tables that keep
//! a subscription's rows, and the indexes a large batch sets aside.

pub(crate) const EVENT_COLUMNS: &str = "event_id, type, subject, source, target, status, payload, subscriptions, \
                                        ack, created_at, updated_at, ack_at, seq, traceparent, tracestate";
pub(crate) const SUBSCRIPTION_COLUMNS: &str = "sub_id, client_id, event_types, target, transport, endpoint, \
                                               status, filters, meta, created_at, updated_at";
pub(crate) const DELIVERY_COLUMNS: &str = "delivery_id, event_id, sub_id, client_id, transport, endpoint, status, \
                                           attempt, claimed_by, last_error, meta, created_at, updated_at, \
                                           next_attempt_at, claimed_at, lease_expires_at, delivered_at, \
                                           lane, lane_seq, claims";

/// The tables that keep rows of a subscription, in the order a deletion
/// empties them (its event types go with it by ON DELETE CASCADE).
pub(crate) const SUBSCRIPTION_TABLES: [&str; 4] = [
    "subscription_secrets",
    "subscription_health",
    "lanes",
    "subscriptions",
];

/// Appended to an event INSERT: replace the event with the same id (its
/// place in the recording order, `seq`, stays the first one's).
pub(crate) const EVENT_REPLACE: &str = "ON CONFLICT (event_id) DO UPDATE SET type = excluded.type, \
     subject = excluded.subject, source = excluded.source, target = excluded.target, status = excluded.status, \
     payload = excluded.payload, subscriptions = excluded.subscriptions, ack = excluded.ack, \
     created_at = excluded.created_at, updated_at = excluded.updated_at, ack_at = excluded.ack_at, \
     traceparent = excluded.traceparent, tracestate = excluded.tracestate";
/// Appended to a subscription INSERT: replace the subscription with the same id.
pub(crate) const SUBSCRIPTION_REPLACE: &str = "ON CONFLICT (sub_id) DO UPDATE SET client_id = excluded.client_id, \
     event_types = excluded.event_types, target = excluded.target, transport = excluded.transport, \
     endpoint = excluded.endpoint, status = excluded.status, filters = excluded.filters, meta = excluded.meta, \
     created_at = excluded.created_at, updated_at = excluded.updated_at";
/// Appended to a delivery INSERT: replace the delivery with the same id.
pub(crate) const DELIVERY_REPLACE: &str = "ON CONFLICT (delivery_id) DO UPDATE SET event_id = excluded.event_id, \
     sub_id = excluded.sub_id, client_id = excluded.client_id, transport = excluded.transport, \
     endpoint = excluded.endpoint, status = excluded.status, attempt = excluded.attempt, \
     claimed_by = excluded.claimed_by, last_error = excluded.last_error, meta = excluded.meta, \
     created_at = excluded.created_at, updated_at = excluded.updated_at, next_attempt_at = excluded.next_attempt_at, \
     claimed_at = excluded.claimed_at, lease_expires_at = excluded.lease_expires_at, \
     delivered_at = excluded.delivered_at, lane = excluded.lane, lane_seq = excluded.lane_seq, \
     claims = excluded.claims";

/// A dead letter: failed, with no later attempt of the same event and
/// subscription (retries are queued in the transaction that fails, so none
/// will come). The later attempts are looked for in `attempts`: the
/// deliveries on SQLite, PostgreSQL's delivery keys (indexed by event there).
pub(crate) fn dead_letter(attempts: &str) -> String {
    format!(
        "status = 'failed' AND NOT EXISTS (SELECT 1 FROM {attempts} AS later \
         WHERE later.event_id = deliveries.event_id AND later.sub_id = deliveries.sub_id \
           AND later.attempt > deliveries.attempt)"
    )
}

/// At most this many events of a type, and `delivery list --type` finds
/// the type's deliveries through its events (the type index, then each
/// event's deliveries) and sorts them. A commoner type is read newest first
/// off the deliveries, each checked against its event, until the page is
/// full: quick when the type is common among recent deliveries, where
/// sorting all of them would not be.
pub(crate) const RARE_TYPE_EVENTS: i64 = 10_000;

/// Counts a type's events up to one past [`RARE_TYPE_EVENTS`], off the
/// type index; `param` is the backend's first placeholder.
pub(crate) fn rare_type_probe(param: &str) -> String {
    format!(
        "SELECT count(*) FROM (SELECT 1 FROM events WHERE type = {param} LIMIT {}) AS found",
        RARE_TYPE_EVENTS + 1
    )
}

/// The secondary indexes, in both schemas, that a batch's rows enter one by
/// one and nothing in its transaction reads: a large batch sets them aside
/// while it writes and builds them again at its end (each backend's `bulk`
/// says when). Kept: the keys and the unique index of delivery ids, which a
/// batch reads and its inserts' conflicts need; the partial indexes of
/// claimed and scheduled deliveries, which a batch's rows do not enter.
pub(crate) const BATCH_SET_ASIDE: [&str; 11] = [
    "events_by_time",
    "events_by_type",
    "events_by_status",
    "events_by_source",
    "events_by_target",
    "events_by_subject",
    "deliveries_by_status",
    "deliveries_by_sub",
    "deliveries_by_client",
    "deliveries_by_transport",
    "deliveries_queued",
];

/// Below this many events a batch writes every index as it goes.
pub(crate) const LARGE_BATCH: usize = 10_000;
