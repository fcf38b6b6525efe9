//! An initial load's rows copied in (`COPY ... FROM STDIN BINARY`) rather
//! than inserted with a conflict clause. While a large batch holds the
//! tables against every other session and found them empty (the same rule
//! as setting their indexes aside), the only rows an id can meet are the
//! batch's own; the batch writes its events and first attempts in id
//! order, so an id met again is the one written just before it. Such a
//! duplicate is answered as not inserted, as the conflict clause would
//! answer it, and the rest go in as one stream (100,000 events with their
//! first attempts: 1.16 s of `COPY` in the server's log, where
//! `INSERT ... ON CONFLICT DO NOTHING RETURNING` from arrays took 1.82 s).
//! Rows that come out of id order (never from a batch) go through that
//! statement.

use super::PostgresTx;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, DeliveryStatus, Event, Stage};
use crate::core::storage::{DeliveryStream, RECORD_CHUNK, insert_in_chunks};
use crate::store::postgres::pg_error;
use crate::store::postgres::rows::{DeliveryTexts, EventTexts, delivery_values, event_values};
use crate::store::sql::{DELIVERY_COLUMNS, EVENT_COLUMNS};
use postgres::binary_copy::BinaryCopyInWriter;
use postgres::types::Type;

/// The highest ids an initial load has written so far, per table; `None`
/// where that table had rows of others when the load began.
#[derive(Default)]
pub(super) struct Load {
    pub(super) events: Option<Written>,
    pub(super) deliveries: Option<Written>,
}

/// Ids written in ascending order, the last one kept; `out_of_order` once
/// some came otherwise, after which the conflict clause decides.
#[derive(Default)]
pub(super) struct Written {
    last: Option<String>,
    out_of_order: bool,
}

impl Written {
    /// An id written some other way (replaced, or one row at a time): the
    /// load's order holds only if it is the last one written.
    fn met(&mut self, id: &str) {
        if self.last.as_deref() != Some(id) {
            self.out_of_order = true;
        }
    }

    /// For ids to be written next: whether each is new (not the one before
    /// it), or `None` if they are not in ascending order after the last
    /// written (the caller inserts them with the conflict clause).
    fn take<'a>(&mut self, mut ids: impl Iterator<Item = &'a str>) -> Option<Vec<bool>> {
        // Once out of order, always: what `next` wrote before it no longer counts.
        ids.try_fold(Vec::new(), |mut new, id| {
            new.push(self.next(id)?);
            Some(new)
        })
    }

    /// [`Written::take`] for one id.
    fn next(&mut self, id: &str) -> Option<bool> {
        if self.out_of_order {
            return None;
        }
        let new = match self.last.as_deref().map(|last| id.cmp(last)) {
            Some(std::cmp::Ordering::Less) => {
                self.out_of_order = true;
                return None;
            }
            Some(std::cmp::Ordering::Equal) => false,
            _ => true,
        };
        if new {
            let last = self.last.get_or_insert_with(String::new);
            last.clear();
            last.push_str(id);
        }
        Some(new)
    }
}

const TEXT: Type = Type::TEXT;
const INT8: Type = Type::INT8;

fn copy_deliveries() -> String {
    format!("COPY deliveries ({DELIVERY_COLUMNS}) FROM STDIN BINARY")
}

/// The binary types of [`DELIVERY_COLUMNS`], in order.
fn delivery_types() -> Vec<Type> {
    let mut types = vec![TEXT; 20];
    for at in [7, 11, 12, 13, 14, 15, 16, 17, 18, 19] {
        types[at] = INT8;
    }
    types
}

impl Load {
    /// An event written other than by [`PostgresTx::load_events`].
    pub(super) fn met_event(&mut self, id: &str) {
        if let Some(written) = self.events.as_mut() {
            written.met(id);
        }
    }

    /// A delivery written other than by [`PostgresTx::load_deliveries`].
    pub(super) fn met_delivery(&mut self, id: &str) {
        if let Some(written) = self.deliveries.as_mut() {
            written.met(id);
        }
    }
}

impl PostgresTx<'_> {
    /// `events` copied in if they follow the load's order: whether each
    /// was written; `None` when they must be inserted otherwise.
    pub(super) fn load_events(&mut self, events: &[&Event]) -> Result<Option<Vec<bool>>> {
        let Some(written) = self.load.events.as_mut() else {
            return Ok(None);
        };
        let Some(new) = written.take(events.iter().map(|e| e.event_id.as_str())) else {
            return Ok(None);
        };
        let types = [
            TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, INT8, INT8, INT8, INT8, TEXT,
            TEXT,
        ];
        let sql = format!("COPY events ({EVENT_COLUMNS}) FROM STDIN BINARY");
        self.copy_in(&sql, &types, events.iter().zip(&new), |writer, e| {
            writer.write(&event_values(e, &EventTexts::of(e)))
        })?;
        Ok(Some(new))
    }

    /// [`PostgresTx::load_events`] for first attempts.
    pub(super) fn load_deliveries(&mut self, deliveries: &[Delivery]) -> Result<Option<Vec<bool>>> {
        let Some(written) = self.load.deliveries.as_mut() else {
            return Ok(None);
        };
        let Some(new) = written.take(deliveries.iter().map(|d| d.delivery_id.as_str())) else {
            return Ok(None);
        };
        self.copy_in(
            &copy_deliveries(),
            &delivery_types(),
            deliveries.iter().zip(&new),
            |writer, d| writer.write(&delivery_values(d, &DeliveryTexts::of(d))),
        )?;
        Ok(Some(new))
    }

    /// An initial load's first attempts, handed over in id order, copied in
    /// as one stream: the server takes in each row while the next is made,
    /// where a `COPY` per chunk left it waiting for each chunk to be made
    /// (the first attempts of 20,000 events: 0.20 s with the server busy
    /// two thirds of the time). Anything but a load goes a chunk at a time.
    pub(super) fn stream_deliveries(&mut self, each: DeliveryStream) -> Result<()> {
        if self.load.deliveries.as_ref().is_none_or(|w| w.out_of_order) {
            return insert_in_chunks(self, each);
        }
        self.flush()?;
        let statement = self.statement(&copy_deliveries())?;
        let failed = |e: postgres::Error| pg_error(&e, "cannot copy a batch's rows in");
        let PostgresTx {
            tx,
            load,
            counts,
            made_ready,
            prefetched,
            meta_read,
            ..
        } = self;
        let Some(written) = load.deliveries.as_mut() else {
            unreachable!("a load's deliveries, checked above");
        };
        // Rows out of id order (never from a batch, whose first attempts come
        // sorted) are inserted after the stream with the conflict clause.
        let mut late = Vec::new();
        let mut writer =
            BinaryCopyInWriter::new(tx.copy_in(&statement).map_err(failed)?, &delivery_types());
        each(&mut |d| {
            prefetched.remove(&d.delivery_id);
            meta_read.remove(&d.delivery_id);
            match written.next(&d.delivery_id) {
                Some(true) => {
                    writer
                        .write(&delivery_values(&d, &DeliveryTexts::of(&d)))
                        .map_err(failed)?;
                    counts.added(&d);
                    *made_ready |= d.stage() == Stage::Is(DeliveryStatus::Queued);
                }
                // The id just written: not inserted, as the conflict clause answers.
                Some(false) => {}
                None => late.push(d),
            }
            Ok(())
        })?;
        writer.finish().map_err(failed)?;
        late.chunks(RECORD_CHUNK)
            .try_for_each(|chunk| self.insert_delivery_rows(chunk).map(drop))
    }

    /// Streams the rows marked new through `COPY`, each written by `row`.
    fn copy_in<'r, T: 'r>(
        &mut self,
        sql: &str,
        types: &[Type],
        rows: impl Iterator<Item = (&'r T, &'r bool)>,
        mut row: impl FnMut(&mut BinaryCopyInWriter, &T) -> std::result::Result<(), postgres::Error>,
    ) -> Result<()> {
        self.flush()?;
        let failed = |e: postgres::Error| pg_error(&e, "cannot copy a batch's rows in");
        // Prepared once per connection, as every statement: a load of
        // 100,000 events with one subscription copies 400 chunks of 500
        // (events, then first attempts).
        let statement = self.statement(sql)?;
        let sink = self.tx.copy_in(&statement).map_err(failed)?;
        let mut writer = BinaryCopyInWriter::new(sink, types);
        for (one, _) in rows.filter(|(_, new)| **new) {
            row(&mut writer, one).map_err(failed)?;
        }
        writer.finish().map_err(failed)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Written;
    use crate::core::records::model::DeliveryStatus;
    use crate::core::storage::Store;
    use crate::store::postgres::{PostgresStore, test_schema};
    use crate::store::sql::LARGE_BATCH;
    use crate::store::test_delivery;

    /// An initial load's first attempts streamed in: an id met again right
    /// after itself is written once, and ids that come out of order are
    /// still written once each, after the stream, as the conflict clause
    /// answers them; the kept counts count each row once.
    #[test]
    #[cfg_attr(
        not(outbox_test_pg),
        ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
    )]
    fn a_loads_streamed_first_attempts_are_each_written_once_in_any_order() {
        let Some((mut admin, schema, url)) = test_schema("outbox_stream") else {
            return;
        };
        let mut store = PostgresStore::connect(&url).unwrap();
        let mut tx = store.write().unwrap();
        tx.batch_writing(Some(LARGE_BATCH)).unwrap();
        assert!(tx.no_deliveries_but_ours().unwrap(), "an initial load");
        let handed = ["d2", "d2", "d3", "d1", "d4", "d3"];
        tx.insert_delivery_stream(&mut |put| {
            handed
                .iter()
                .try_for_each(|id| put(test_delivery(id, DeliveryStatus::Queued, 1)))
        })
        .unwrap();
        tx.batch_written().unwrap();
        tx.commit().unwrap();
        let counted = store
            .read()
            .unwrap()
            .delivery_counts(&Default::default(), 2)
            .unwrap();
        let ids: Vec<String> = admin
            .query(
                &format!("SELECT delivery_id FROM {schema}.deliveries ORDER BY delivery_id"),
                &[],
            )
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect();
        admin
            .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
            .unwrap();
        assert_eq!(ids, ["d1", "d2", "d3", "d4"]);
        assert_eq!(counted.total, 4);
    }

    #[test]
    fn ids_in_order_are_new_once_and_any_out_of_order_ends_the_load_order() {
        let mut written = Written::default();
        assert_eq!(
            written.take(["a", "b", "b"].into_iter()),
            Some(vec![true, true, false])
        );
        assert_eq!(
            written.take(["b", "c"].into_iter()),
            Some(vec![false, true])
        );
        assert_eq!(written.take(["d", "a"].into_iter()), None);
        assert_eq!(written.take(["e"].into_iter()), None);
    }
}
