//! What the core asks of a database: the [`Store`] and [`Tx`] traits each
//! backend implements, and the filters, windows and counts they take and
//! give. The core owns them, so it depends on no backend; `crate::store`
//! holds the implementations and the only SQL.

pub mod app_table;
mod filters;
pub mod healths;
pub mod lanes;

pub use filters::{Cursor, DeliveryFilter, EventFilter, EventWindow, SubscriptionFilter};

use crate::core::records::app_rows::{AppRow, FoundTable, Rejected};
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, Event, Secret, Stage, Subscription};
use crate::core::records::prefix::IdKind;
use crate::core::reference::json::Object;
use crate::core::storage::healths::Healths;
use crate::core::storage::lanes::Lanes;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// The active subscriptions of each event type a transaction asked for,
/// kept until it writes a subscription (then [`Matches::clear`]).
#[derive(Debug, Default)]
pub struct Matches(HashMap<String, Vec<Arc<Subscription>>>);

impl Matches {
    /// Forgets every answer: a subscription was written.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

/// The size of a database, where the backend can tell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Space {
    /// Bytes the database takes on disk.
    pub file_bytes: u64,
    /// Of those, bytes free for reuse inside it.
    pub free_bytes: u64,
}

/// Counts behind `stats`, over the deliveries a filter selects; as kept,
/// and as `deliveryStats` answers them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryCounts {
    pub total: i64,
    /// Queued and due.
    pub ready: i64,
    /// Queued, due later.
    pub scheduled: i64,
    /// Claimed under a lease that has run out.
    pub expired: i64,
    /// Claimed under a live lease (or none).
    pub active_claims: i64,
    /// Queued, held behind an earlier delivery of their subject (counted
    /// as queued in `by_status`, never as ready).
    #[serde(skip)]
    pub waiting: i64,
    pub by_status: BTreeMap<String, i64>,
    pub by_transport: BTreeMap<String, i64>,
    pub by_client: BTreeMap<String, i64>,
}

impl DeliveryCounts {
    /// Totals from counts per (status, transport, client), each group with
    /// its `[all, ready, scheduled, expired, active claims]` counts.
    pub fn from_groups(
        groups: impl IntoIterator<Item = (String, String, String, [i64; 5])>,
    ) -> Self {
        let mut counts = DeliveryCounts::default();
        for (status, transport, client, [n, ready, scheduled, expired, active]) in groups {
            counts.total += n;
            if status == "held" {
                counts.waiting += n;
            }
            counts.ready += ready;
            counts.scheduled += scheduled;
            counts.expired += expired;
            counts.active_claims += active;
            counts.add_group(status, transport, client, n);
        }
        counts
    }

    /// Adds counts of other deliveries (the held ones, for `stats --status
    /// queued`) to these.
    pub fn merge(&mut self, other: DeliveryCounts) {
        self.total += other.total;
        self.ready += other.ready;
        self.scheduled += other.scheduled;
        self.expired += other.expired;
        self.active_claims += other.active_claims;
        self.waiting += other.waiting;
        for (mine, theirs) in [
            (&mut self.by_status, other.by_status),
            (&mut self.by_transport, other.by_transport),
            (&mut self.by_client, other.by_client),
        ] {
            for (key, n) in theirs {
                *mine.entry(key).or_default() += n;
            }
        }
    }

    /// Adds `n` deliveries of one (status, transport, client) to the totals
    /// per status, transport and client; empty names are not counted.
    pub fn add_group(&mut self, status: String, transport: String, client: String, n: i64) {
        // The reference's records show a held delivery as queued.
        let status = if status == "held" {
            "queued".to_owned()
        } else {
            status
        };
        for (key, map) in [
            (status, &mut self.by_status),
            (transport, &mut self.by_transport),
            (client, &mut self.by_client),
        ] {
            if !key.is_empty() {
                *map.entry(key).or_default() += n;
            }
        }
    }
}

/// Reads events by id on a connection apart from the one that writes
/// (see [`Store::event_reader`]). Events a committed delivery points at
/// are committed with it, so any later read finds them.
pub trait EventReader: Send {
    /// The events of these ids that exist, by id.
    fn events(&mut self, event_ids: &[String]) -> Result<HashMap<String, Event>>;
}

/// A database the outbox lives in.
pub trait Store {
    /// Starts a transaction that only reads, seeing one consistent snapshot.
    fn read(&mut self) -> Result<Box<dyn Tx + '_>>;
    /// Starts a transaction that holds the write lock from its first
    /// statement (SQLite `BEGIN IMMEDIATE`), so reads inside it stay true
    /// until it commits.
    fn write(&mut self) -> Result<Box<dyn Tx + '_>>;
    /// [`Store::write`] for a load of about `bytes` of input (a batch, an
    /// import): a backend may write a large one into an empty outbox its
    /// own faster way (SQLite: without the WAL, while no other connection
    /// has the file open). [`Store::end_bulk`] follows once it has ended.
    fn bulk_write(&mut self, _bytes: Option<u64>) -> Result<Box<dyn Tx + '_>> {
        self.write()
    }
    /// Undoes what [`Store::bulk_write`] changed for the load, whether it
    /// committed or not.
    fn end_bulk(&mut self) {}
    /// How much room the database takes, where the backend can tell.
    fn space(&mut self) -> Result<Option<Space>> {
        Ok(None)
    }
    /// Calls `ready`, from a thread of its own, whenever another connection
    /// commits deliveries that may be claimable, for as long as `ready`
    /// returns true: a waiting worker then claims at once rather than at its
    /// next poll. False where the backend cannot tell (SQLite): poll.
    fn on_ready(&mut self, _ready: Box<dyn Fn() -> bool + Send>) -> Result<bool> {
        Ok(false)
    }
    /// This connection will serve a worker for a long while, touching few
    /// pages at a time (the queue's head, the rows it claims and finishes):
    /// a backend may keep a smaller cache for it, so that the worker's
    /// memory does not grow with the backlog, and may keep the deliveries
    /// it claims to answer for them again while no one else writes.
    fn working(&mut self) {}
    /// A connection of its own that reads events, for a worker's sending
    /// threads to fetch the events of what it claimed while its own
    /// connection goes on recording; `None` where the backend has none to
    /// give (the worker then reads them in its turn).
    fn event_reader(&self) -> Result<Option<Box<dyn EventReader>>> {
        Ok(None)
    }
    /// Vacuums the database: SQLite gives free pages back to the file
    /// system; PostgreSQL removes dead rows and their index entries for the
    /// tables to reuse. False where the backend leaves it to the server.
    fn vacuum(&mut self) -> Result<bool> {
        Ok(false)
    }
}

/// Deliveries handed over one by one, by a function given the one to hand
/// each to (see [`Tx::insert_delivery_stream`]).
pub type DeliveryStream<'a> =
    &'a mut dyn FnMut(&mut dyn FnMut(Delivery) -> Result<()>) -> Result<()>;

/// How many rows are written together: enough that a round trip to a
/// server costs little per row, few enough that the chunk's memory does not
/// count.
pub(crate) const RECORD_CHUNK: usize = 500;

/// [`Tx::insert_delivery_stream`] [`RECORD_CHUNK`] at a time, through
/// [`Tx::insert_deliveries`].
pub(crate) fn insert_in_chunks<T: Tx + ?Sized>(tx: &mut T, each: DeliveryStream) -> Result<()> {
    let mut chunk = Vec::with_capacity(RECORD_CHUNK);
    each(&mut |delivery| {
        chunk.push(delivery);
        if chunk.len() == RECORD_CHUNK {
            tx.insert_deliveries(&chunk)?;
            chunk.clear();
        }
        Ok(())
    })?;
    tx.insert_deliveries(&chunk).map(drop)
}

/// One transaction. Dropping it without [`Tx::commit`] rolls it back.
pub trait Tx: Lanes + Healths {
    fn commit(self: Box<Self>) -> Result<()>;

    /// Adds `by` to the tally of `name` and `labels` (see
    /// [`crate::core::ledger::tallies`]), written once per tally before the commit.
    fn tally(&mut self, name: &str, labels: &str, by: i64);
    /// Every tally kept, by name and labels.
    fn tallies(&mut self) -> Result<Vec<crate::core::records::model::Tally>>;
    /// Attempts finished in each minute since `since` (unix seconds), as
    /// `(minute, delivered, failed)` with `minute` the unix minute, among
    /// the attempts created since `created_since`.
    fn finished_per_minute(
        &mut self,
        created_since: i64,
        since: i64,
    ) -> Result<Vec<(i64, i64, i64)>>;

    /// A batch of `events` (`None`: of a size not known, as an import) is
    /// about to write them, sorted by id, and their deliveries: a backend
    /// may set aside indexes those rows would enter one by one, to build
    /// them again in [`Tx::batch_written`] where that costs less.
    fn batch_writing(&mut self, _events: Option<usize>) -> Result<()> {
        Ok(())
    }
    /// The batch announced by [`Tx::batch_writing`] is written.
    fn batch_written(&mut self) -> Result<()> {
        Ok(())
    }
    /// Asked once [`Tx::batch_writing`] has returned: true when no delivery
    /// can be found by id in this transaction but those it writes itself,
    /// because the outbox holds none and no other writer can add one before
    /// it ends. A batch then does not look its first attempts up.
    fn no_deliveries_but_ours(&mut self) -> Result<bool> {
        Ok(false)
    }

    fn event(&mut self, event_id: &str) -> Result<Option<Event>>;
    /// Inserts or replaces the event with this id.
    fn put_event(&mut self, event: &Event) -> Result<()>;
    /// [`Tx::put_event`] for each event, whose ids all differ. A server
    /// backend writes them in one statement.
    fn put_events(&mut self, events: &[&Event]) -> Result<()> {
        events.iter().try_for_each(|e| self.put_event(e))
    }
    /// Inserts the event unless its id exists; false when it did.
    fn insert_event(&mut self, event: &Event) -> Result<bool>;
    /// [`Tx::insert_event`] for each event, whose ids all differ: for
    /// each, whether it was inserted. A server backend writes them in one
    /// statement.
    fn insert_events(&mut self, events: &[&Event]) -> Result<Vec<bool>> {
        events.iter().map(|e| self.insert_event(e)).collect()
    }
    /// Newest first by `(createdAt, eventId)`.
    fn events(&mut self, filter: &EventFilter, limit: i64) -> Result<Vec<Event>>;
    /// How many events `filter` selects (its `before` ignored).
    fn count_events(&mut self, filter: &EventFilter) -> Result<i64>;
    /// How many subscriptions `filter` selects (its `before` ignored).
    fn count_subscriptions(&mut self, filter: &SubscriptionFilter) -> Result<i64>;

    fn subscription(&mut self, sub_id: &str) -> Result<Option<Subscription>>;
    /// [`Tx::event`] and [`Tx::subscription`] without locking them where
    /// the backend locks rows read in a writing transaction: what a worker
    /// hands its handler along with a claim. Locking them would make every
    /// worker claiming for one subscription wait on the others' commits.
    fn event_unlocked(&mut self, event_id: &str) -> Result<Option<Event>> {
        self.event(event_id)
    }
    fn subscription_unlocked(&mut self, sub_id: &str) -> Result<Option<Subscription>> {
        self.subscription(sub_id)
    }
    /// [`Tx::event_unlocked`] for each of `event_ids`, those found by id:
    /// the events of a worker's claims. The backends read them in one
    /// statement, not a statement (or a server's round trip) each.
    fn events_unlocked(&mut self, event_ids: &[String]) -> Result<HashMap<String, Event>>;
    /// When the event was recorded (its `createdAt`), read without locking
    /// it: what a completion's latency tally needs, once per delivery. A
    /// server backend reads those of a whole batch in one statement.
    fn event_recorded_at(&mut self, event_id: &str) -> Result<Option<i64>> {
        Ok(self.event_unlocked(event_id)?.map(|e| e.created_at))
    }
    /// A subscription's meta (its retry policy lives there), read without
    /// locking the subscription: every failing worker asks for it.
    fn subscription_meta(&mut self, sub_id: &str) -> Result<Option<Object>>;
    fn put_subscription(&mut self, subscription: &Subscription) -> Result<()>;
    /// Removes a subscription with its event types, secrets, health and
    /// lanes; its deliveries stay.
    fn delete_subscription(&mut self, sub_id: &str) -> Result<()>;
    /// Newest first by `(createdAt, subId)`.
    fn subscriptions(
        &mut self,
        filter: &SubscriptionFilter,
        limit: i64,
    ) -> Result<Vec<Subscription>>;
    /// The answers of [`Tx::active_subscriptions_for`] this transaction
    /// keeps.
    fn matches(&mut self) -> &mut Matches;
    /// Active subscriptions that take `event_type` (see
    /// [`Tx::subscriptions_of_type`]), by `subId`.
    /// Must not read subscriptions of other types. Shared, not copied: a
    /// batch asks once per event, and the answer is kept per type.
    fn active_subscriptions_for(&mut self, event_type: &str) -> Result<Vec<Arc<Subscription>>> {
        if let Some(found) = self.matches().0.get(event_type) {
            return Ok(found.clone());
        }
        let found: Vec<Arc<Subscription>> = self
            .subscriptions_of_type(event_type, true)?
            .into_iter()
            .map(Arc::new)
            .collect();
        self.matches()
            .0
            .insert(event_type.to_owned(), found.clone());
        Ok(found)
    }
    /// Subscriptions whose types take `event_type` (the type, `*`, or a
    /// `prefix.*` pattern), by `subId`; with `active_only`, only active ones.
    /// Must not read subscriptions of other types.
    fn subscriptions_of_type(
        &mut self,
        event_type: &str,
        active_only: bool,
    ) -> Result<Vec<Subscription>>;

    fn delivery(&mut self, delivery_id: &str) -> Result<Option<Delivery>>;
    /// Reads these deliveries at once (locking them in a writing
    /// transaction) for the [`Tx::delivery`] lookups that follow, where a
    /// lookup costs a round trip to a server; a no-op elsewhere.
    fn prefetch_deliveries(&mut self, _delivery_ids: &[String]) -> Result<()> {
        Ok(())
    }
    /// Inserts or replaces the delivery with this id.
    fn put_delivery(&mut self, delivery: &Delivery) -> Result<()>;
    /// [`Tx::put_delivery`] for each delivery, whose ids all differ. A
    /// server backend writes them in one statement.
    fn put_deliveries(&mut self, deliveries: &[Delivery]) -> Result<()> {
        deliveries.iter().try_for_each(|d| self.put_delivery(d))
    }
    /// Inserts the delivery unless its id exists; false when it did.
    fn insert_delivery(&mut self, delivery: &Delivery) -> Result<bool>;
    /// [`Tx::insert_delivery`] for each delivery, whose ids all differ:
    /// for each, whether it was inserted.
    fn insert_deliveries(&mut self, deliveries: &[Delivery]) -> Result<Vec<bool>> {
        deliveries.iter().map(|d| self.insert_delivery(d)).collect()
    }
    /// [`Tx::insert_deliveries`] for every delivery `each` hands to the
    /// function it is given, however many, in delivery id order: written
    /// a chunk at a time, or by a server backend as one stream that it
    /// takes in while the next are made.
    fn insert_delivery_stream(&mut self, each: DeliveryStream) -> Result<()> {
        insert_in_chunks(self, each)
    }
    /// Stores the fields a transition can change (status, claim, lease,
    /// times, error, meta) of an existing delivery whose stage, as read in
    /// this transaction, `was`. Fails unless the stored delivery has that
    /// stage and the same creation time, transport and client (no
    /// transition changes them).
    fn update_delivery(&mut self, was: Stage, delivery: &Delivery) -> Result<()>;
    /// Newest first by `(createdAt, deliveryId)`.
    fn deliveries(&mut self, filter: &DeliveryFilter, limit: i64) -> Result<Vec<Delivery>>;
    /// Deliveries a worker may claim at `now` (queued and due, or under an
    /// expired lease), oldest first by `(createdAt, deliveryId)`.
    /// `filter.status` is ignored.
    fn claimable(&mut self, filter: &DeliveryFilter, now: i64, limit: i64)
    -> Result<Vec<Delivery>>;
    /// The deliveries a claim in this transaction takes: [`Tx::claimable`],
    /// reserved for this transaction where the backend can do so without
    /// blocking (PostgreSQL: `FOR UPDATE SKIP LOCKED`), so concurrent
    /// claimers never wait on each other or take the same delivery.
    fn claim_candidates(
        &mut self,
        filter: &DeliveryFilter,
        now: i64,
        limit: i64,
    ) -> Result<Vec<Delivery>> {
        self.claimable(filter, now, limit)
    }
    /// How many deliveries [`Tx::claimable`] would return without a limit.
    /// `filter.status` is ignored.
    fn count_claimable(&mut self, filter: &DeliveryFilter, now: i64) -> Result<i64>;
    /// Claimed deliveries whose lease ran out by `now`, by
    /// `(leaseExpiresAt, deliveryId)`. `filter.status` is ignored.
    fn expired_leases(
        &mut self,
        filter: &DeliveryFilter,
        now: i64,
        limit: i64,
    ) -> Result<Vec<Delivery>>;
    /// Every attempt for one event and subscription, by `(attempt, createdAt, deliveryId)`.
    fn attempts(&mut self, event_id: &str, sub_id: &str) -> Result<Vec<Delivery>>;
    /// Every delivery of one event, by `(subId, attempt)`.
    fn event_deliveries(&mut self, event_id: &str) -> Result<Vec<Delivery>>;
    /// Dead letters: failed deliveries with no later attempt in their chain,
    /// newest first by `(createdAt, deliveryId)`, after `before` when given.
    /// `filter.status` is ignored.
    fn dead_letters(
        &mut self,
        filter: &DeliveryFilter,
        before: Option<&Cursor>,
        limit: i64,
    ) -> Result<Vec<Delivery>>;
    /// How many [`Tx::dead_letters`] there are.
    fn count_dead(&mut self, filter: &DeliveryFilter) -> Result<i64>;
    /// Removes these deliveries (as read in this transaction).
    fn delete_deliveries(&mut self, deliveries: &[Delivery]) -> Result<()>;
    fn delete_event(&mut self, event_id: &str) -> Result<()>;
    /// Events in `window`, oldest first by `(createdAt, eventId)`, after
    /// `after` when given.
    fn events_in_window(
        &mut self,
        window: &EventWindow,
        after: Option<&Cursor>,
        limit: i64,
    ) -> Result<Vec<Event>>;
    fn delivery_counts(&mut self, filter: &DeliveryFilter, now: i64) -> Result<DeliveryCounts>;
    /// Rebuilds kept counts from the deliveries themselves, for a database
    /// changed by hand. Backends that count rows on every ask keep none.
    fn recount_deliveries(&mut self) -> Result<()> {
        Ok(())
    }

    /// A subscription's signing secrets, the last added first.
    fn secrets(&mut self, sub_id: &str) -> Result<Vec<Secret>>;
    /// Adds a secret after the subscription's others (or moves it there).
    fn put_secret(&mut self, secret: &Secret) -> Result<()>;
    /// Removes a subscription's secrets, but `keep` when given.
    fn delete_secrets(&mut self, sub_id: &str, keep: Option<&str>) -> Result<()>;

    /// Whether a record of this kind has exactly this id.
    fn id_exists(&mut self, kind: IdKind, id: &str) -> Result<bool> {
        // The id itself, when it exists, is the first to start with it.
        let first = self.ids_starting(kind, id, 1)?;
        Ok(first.first().is_some_and(|found| found == id))
    }
    /// Up to `limit` ids of this kind that start with `prefix`, in order:
    /// one range of the id index.
    fn ids_starting(&mut self, kind: IdKind, prefix: &str, limit: i64) -> Result<Vec<String>>;

    /// Up to `limit` events with ids after `after`, by id (export).
    fn events_after(&mut self, after: &str, limit: i64) -> Result<Vec<Event>>;
    /// Up to `limit` subscriptions with ids after `after`, by id (export).
    fn subscriptions_after(&mut self, after: &str, limit: i64) -> Result<Vec<Subscription>>;
    /// Up to `limit` deliveries with ids after `after`, by id (export).
    fn deliveries_after(&mut self, after: &str, limit: i64) -> Result<Vec<Delivery>>;

    /// The relay's same-database mode: deletes up to `limit` rows of an
    /// application's table in this database, oldest `seq` first, inside
    /// this transaction, and answers the first `first` of them (the rest
    /// come from [`Tx::more_app_rows`], while the transaction goes on
    /// writing); `None` where the backend cannot reach an application's
    /// table from its own transaction.
    fn take_app_rows(
        &mut self,
        _table: &FoundTable,
        _limit: i64,
        _first: usize,
    ) -> Result<Option<Vec<AppRow>>> {
        Ok(None)
    }
    /// Up to `max` more of the rows the last [`Tx::take_app_rows`] deleted,
    /// in `seq` order; none once all are answered.
    fn more_app_rows(&mut self, _max: usize) -> Result<Vec<AppRow>> {
        Ok(Vec::new())
    }
    /// Keeps refused rows in the rejected table beside `table`, inside this
    /// transaction (after [`Tx::take_app_rows`] answered them).
    fn put_rejected_rows(
        &mut self,
        table: &FoundTable,
        _rows: &[Rejected],
        _now: i64,
    ) -> Result<()> {
        Err(crate::core::records::error::Error::input(
            "invalid:relay",
            format!(
                "this outbox cannot reach the table {} in its own transaction",
                table.name
            ),
        ))
    }
}
