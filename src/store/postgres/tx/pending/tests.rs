//! The statement of a transaction's transitions, in each shape, and what
//! it writes.

use super::super::PostgresTx;
use super::{Shape, Transition, shifted, transition_params, update_deliveries};
use crate::core::records::model::{Delivery, DeliveryStatus, Stage};
use crate::core::storage::Tx;
use crate::store::postgres::rows::json_text;
use crate::store::postgres::{PostgresStore, test_schema};
use crate::store::test_delivery;
use postgres::{Client, NoTls};
use std::collections::HashMap;

#[test]
fn placeholders_move_on_and_nothing_else_changes() {
    assert_eq!(
        shifted("SELECT $1, $12::text[], '$' || x FROM t WHERE a = $2", 14),
        "SELECT $15, $26::text[], '$' || x FROM t WHERE a = $16"
    );
    assert_eq!(shifted("no placeholders", 3), "no placeholders");
}

#[test]
fn values_all_transitions_share_join_nothing_and_the_rest_come_as_arrays() {
    let shared = update_deliveries([Shape::Shared; 13]);
    assert!(!shared.contains("unnest"), "{shared}");
    assert!(
        shared.contains("WHERE d.delivery_id = ANY($1) AND"),
        "{shared}"
    );
    assert!(
        shared.contains("status = $2,") && shared.contains("claims = $11"),
        "{shared}"
    );
    assert!(shared.contains("d.status || '' = $12"), "{shared}");
    let mut shapes = [Shape::Shared; 13];
    shapes[3] = Shape::PerRow;
    shapes[12] = Shape::PerRow;
    let mixed = update_deliveries(shapes);
    assert!(
        mixed.contains(
            "FROM unnest($1::text[], $5::text[], $14::text[]) AS v(delivery_id, meta, client_id) \
                        WHERE d.delivery_id = v.delivery_id"
        ),
        "{mixed}"
    );
    assert!(
        mixed.contains("meta = v.meta") && mixed.contains("d.client_id || '' = v.client_id"),
        "{mixed}"
    );
    assert!(mixed.contains("claimed_by = $3"), "{mixed}");
    // The meta kept: not written, and the parameters after it move up.
    shapes[3] = Shape::Kept;
    let kept = update_deliveries(shapes);
    assert!(!kept.contains("meta"), "{kept}");
    assert!(
        kept.contains("FROM unnest($1::text[], $13::text[]) AS v(delivery_id, client_id)"),
        "{kept}"
    );
    assert!(
        kept.contains("last_error = $4, updated_at = $5,") && kept.contains("claims = $10"),
        "{kept}"
    );
    assert!(kept.contains("d.status || '' = $11"), "{kept}");
}

fn delivery(id: &str, meta: &str) -> Delivery {
    let mut d = test_delivery(id, DeliveryStatus::Claimed, 1);
    d.meta.insert("n".to_owned(), meta.into());
    d
}

#[test]
fn only_the_columns_whose_values_differ_are_arrays() {
    let claimed = Stage::Is(DeliveryStatus::Claimed);
    // Each meta given as read: the text its row holds, or not read.
    let pending = |read: [bool; 2]| {
        [("a", "x"), ("b", "y")]
            .into_iter()
            .zip(read)
            .map(|((id, n), read)| {
                let d = delivery(id, n);
                let text = json_text(&d.meta);
                Transition::of(claimed, &d, read.then_some(text.as_str()))
            })
            .collect::<Vec<_>>()
    };
    let (shapes, params) = transition_params(pending([false, false]));
    let mut expected = [Shape::Shared; 13];
    expected[3] = Shape::PerRow;
    assert_eq!(shapes, expected);
    assert_eq!(params.len(), 14);
    let (shapes, _) = transition_params(pending([false, false]).split_off(1));
    assert_eq!(shapes, [Shape::Shared; 13]);
    // Every meta as its row holds it: not written at all.
    let (shapes, params) = transition_params(pending([true, true]));
    expected[3] = Shape::Kept;
    assert_eq!(shapes, expected);
    assert_eq!(params.len(), 13);
    // One changed: each row's is written.
    let (shapes, params) = transition_params(pending([true, false]));
    expected[3] = Shape::PerRow;
    assert_eq!(shapes, expected);
    assert_eq!(params.len(), 14);
    // Read, but changed since: written.
    let d = delivery("a", "x");
    let kept = Transition::of(claimed, &d, Some(r#"{"n":"old"}"#));
    let (shapes, _) = transition_params(vec![kept]);
    assert_eq!(shapes[3], Shape::Shared);
}

/// Rows as a transaction wrote them: (id, status, claimed_by, meta, claims).
fn rows(client: &mut Client) -> Vec<(String, String, String, String, i64)> {
    client
        .query(
            "SELECT delivery_id, status, claimed_by, meta, claims FROM deliveries ORDER BY delivery_id",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4)))
        .collect()
}

#[test]
#[cfg_attr(
    not(outbox_test_pg),
    ignore = "OUTBOX_TEST_PG is not set: no PostgreSQL server to test on"
)]
fn each_transition_writes_its_own_values_shared_or_not_and_only_as_read() {
    let Some((mut admin, schema, url)) = test_schema("outbox_transitions") else {
        return;
    };
    drop(PostgresStore::connect(&url).unwrap());
    let mut client = Client::connect(&url, NoTls).unwrap();
    client
        .execute(
            "INSERT INTO deliveries SELECT 'delv_' || i, 'evt_' || i, 'sub_a', 'c', 'poll', '', 'queued', 1, '', '', \
                 '{}', i, i, 0, 0, 0, 0 FROM generate_series(1, 3) AS i",
            &[],
        )
        .unwrap();
    let mut statements = HashMap::new();
    let queued = Stage::Is(DeliveryStatus::Queued);
    // Claimed alike but for one's meta and another's count of claims.
    let mut tx = PostgresTx::new(client.transaction().unwrap(), &mut statements, true);
    for (n, id) in ["delv_1", "delv_2", "delv_3"].into_iter().enumerate() {
        let mut d = tx.delivery(id).unwrap().unwrap();
        d.status = DeliveryStatus::Claimed;
        d.claimed_by = "w".to_owned();
        d.claims = 1 + i64::from(n == 2);
        if n == 1 {
            d.meta.insert("k".to_owned(), "v".into());
        }
        tx.update_delivery(queued, &d).unwrap();
    }
    Box::new(tx).commit().unwrap();
    let claimed = |id: &str, meta: &str, claims| {
        (
            id.to_owned(),
            "claimed".to_owned(),
            "w".to_owned(),
            meta.to_owned(),
            claims,
        )
    };
    assert_eq!(
        rows(&mut client),
        [
            claimed("delv_1", "{}", 1),
            claimed("delv_2", r#"{"k":"v"}"#, 1),
            claimed("delv_3", "{}", 2),
        ]
    );
    // Every value shared, the rows read as queued: none is written.
    let mut tx = PostgresTx::new(client.transaction().unwrap(), &mut statements, true);
    let read: Vec<Delivery> = ["delv_1", "delv_2"]
        .into_iter()
        .map(|id| tx.delivery(id).unwrap().unwrap())
        .collect();
    for mut d in read {
        d.status = DeliveryStatus::Delivered;
        d.meta.clear();
        tx.update_delivery(queued, &d).unwrap();
    }
    let refused = Box::new(tx).commit().unwrap_err();
    assert!(refused.to_string().contains("delv_1"), "{refused}");
    assert_eq!(rows(&mut client)[0], claimed("delv_1", "{}", 1));
    // A meta left as read is not written: the row keeps its own.
    let was = Stage::Is(DeliveryStatus::Claimed);
    let mut tx = PostgresTx::new(client.transaction().unwrap(), &mut statements, true);
    let mut d = tx.delivery("delv_2").unwrap().unwrap();
    d.status = DeliveryStatus::Delivered;
    tx.update_delivery(was, &d).unwrap();
    Box::new(tx).commit().unwrap();
    let delivered = |id: &str, meta: &str, claims| {
        (
            id.to_owned(),
            "delivered".to_owned(),
            "w".to_owned(),
            meta.to_owned(),
            claims,
        )
    };
    assert_eq!(rows(&mut client)[1], delivered("delv_2", r#"{"k":"v"}"#, 1));
    // A row written since it was read: its meta as read no longer holds,
    // and the transition's is written.
    let mut tx = PostgresTx::new(client.transaction().unwrap(), &mut statements, true);
    let mut d = tx.delivery("delv_3").unwrap().unwrap();
    let mut put = d.clone();
    put.meta.insert("put".to_owned(), "yes".into());
    tx.put_delivery(&put).unwrap();
    d.status = DeliveryStatus::Delivered;
    tx.update_delivery(was, &d).unwrap();
    Box::new(tx).commit().unwrap();
    assert_eq!(rows(&mut client)[2], delivered("delv_3", "{}", 2));
    admin
        .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
        .unwrap();
}
