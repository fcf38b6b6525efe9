//! The delivery state machine through the core API, on a real store: the
//! transitions, their guards, and the timestamps each one sets.

use outbox::core::ledger::deliveries::Schedule;
use outbox::core::ledger::events::RecordEvent;
use outbox::core::ledger::leases::{Cancel, Claim, Complete, Release, Renew, Sweep};
use outbox::core::ledger::retries::{Fail, Retry, RetryOutcome};
use outbox::core::ledger::subscriptions::SubscriptionFields;
use outbox::core::records::error::{Error, Refusal};
use outbox::core::records::model::{Delivery, DeliveryStatus, SubscriptionStatus};
use outbox::core::{Clock, Outbox};
use outbox::store::sqlite::SqliteStore;

const T: i64 = 1_795_975_331;

struct Fixture {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
}

impl Fixture {
    /// A database with one subscription to "t" and one recorded event.
    fn new() -> (Self, String) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outbox.db");
        let fixture = Fixture { _dir: dir, path };
        let fields = SubscriptionFields {
            client_id: Some("c".into()),
            event_types: Some(vec!["t".into()]),
            target: Some(String::new()),
            ..SubscriptionFields::default()
        };
        fixture.at(T).create_subscription(&fields, None).unwrap();
        let recorded = fixture
            .at(T)
            .record_event(&RecordEvent {
                event_type: "t".into(),
                ..RecordEvent::default()
            })
            .unwrap();
        let id = recorded.deliveries[0].delivery_id.clone();
        (fixture, id)
    }

    fn at(&self, now: i64) -> Outbox {
        Outbox::new(
            Box::new(SqliteStore::open(&self.path).unwrap()),
            Clock::Fixed(now),
        )
    }

    fn claim(&self, now: i64, worker: &str, lease: i64) -> Result<Delivery, Error> {
        let claim = Claim {
            worker: Some(worker.into()),
            lease_seconds: Some(lease),
            ..Claim::default()
        };
        self.at(now).claim_next(&claim).map(|r| r.delivery)
    }
}

fn refusal(result: Result<impl std::fmt::Debug, Error>) -> String {
    match result {
        Err(Error::Refused(refusal)) => refusal.code().to_owned(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn claim_sets_the_lease_and_complete_ends_it() {
    let (f, id) = Fixture::new();
    let claimed = f.claim(T + 10, "w1", 60).unwrap();
    assert_eq!(
        (claimed.status, claimed.claimed_by.as_str()),
        (DeliveryStatus::Claimed, "w1")
    );
    assert_eq!(
        (claimed.claimed_at, claimed.lease_expires_at),
        (T + 10, T + 70)
    );
    assert_eq!(refusal(f.claim(T + 11, "w2", 60)), "deliveryNotFound");

    let done = |w: &str, now| {
        f.at(now).complete_delivery(
            &id,
            &Complete {
                worker: Some(w.into()),
                ..Complete::default()
            },
        )
    };
    assert_eq!(refusal(done("w2", T + 12)), "invalid:claimOwner");
    let delivered = done("w1", T + 13).unwrap().delivery;
    assert_eq!(
        (
            delivered.status,
            delivered.delivered_at,
            delivered.lease_expires_at
        ),
        (DeliveryStatus::Delivered, T + 13, 0)
    );
    assert_eq!(
        done("anyone", T + 14).unwrap().delivery,
        delivered,
        "completing twice changes nothing"
    );
}

#[test]
fn an_expired_lease_can_be_claimed_again_keeping_the_first_claim_time() {
    let (f, id) = Fixture::new();
    f.claim(T + 10, "w1", 30).unwrap();
    assert_eq!(
        refusal(f.claim(T + 39, "w2", 30)),
        "deliveryNotFound",
        "lease still live"
    );
    let again = f.claim(T + 40, "w2", 30).unwrap();
    assert_eq!(
        (again.delivery_id, again.claimed_by.as_str()),
        (id.clone(), "w2")
    );
    assert_eq!((again.claimed_at, again.lease_expires_at), (T + 10, T + 70));
    // The first worker's lease is gone: it is fenced out.
    let late = f.at(T + 41).complete_delivery(
        &id,
        &Complete {
            worker: Some("w1".into()),
            ..Complete::default()
        },
    );
    assert_eq!(refusal(late), "invalid:claimOwner");
    let renew = f.at(T + 41).renew_lease(
        &id,
        &Renew {
            worker: Some("w1".into()),
            lease_seconds: None,
        },
    );
    assert_eq!(refusal(renew), "invalid:leaseOwner");
}

#[test]
fn failing_queues_attempts_until_max_attempts() {
    let (f, first) = Fixture::new();
    let mut current = first.clone();
    for attempt in 1..=3 {
        f.claim(T + attempt * 100, "w", 60).unwrap();
        let fail = Fail {
            worker: Some("w".into()),
            last_error: Some(format!("e{attempt}")),
            ..Fail::default()
        };
        let failed = f
            .at(T + attempt * 100 + 1)
            .fail_delivery(&current, &fail)
            .unwrap();
        assert_eq!(
            (failed.delivery.status, failed.delivery.attempt),
            (DeliveryStatus::Failed, attempt)
        );
        match failed.retry {
            RetryOutcome::Scheduled {
                delivery,
                max_attempts,
                ..
            } => {
                assert!(attempt < 3);
                assert_eq!(
                    (delivery.attempt, max_attempts, delivery.status),
                    (attempt + 1, 3, DeliveryStatus::Queued)
                );
                assert_eq!(delivery.meta["parentDeliveryId"], current.as_str());
                current = delivery.delivery_id.clone();
            }
            RetryOutcome::Exhausted { max_attempts, .. } => {
                assert_eq!((attempt, max_attempts), (3, 3))
            }
            RetryOutcome::Disabled { .. } => panic!("retries are on by default"),
        }
    }
    let chain = f.at(T + 999).delivery_chain(&first, None).unwrap();
    assert_eq!(
        (
            chain.total,
            chain.root_delivery_id,
            chain.latest_delivery_id
        ),
        (3, first, current)
    );
}

#[test]
fn a_retry_never_overwrites_a_later_attempt() {
    let (f, id) = Fixture::new();
    f.claim(T + 1, "w", 60).unwrap();
    let fail = Fail {
        schedule: Schedule {
            delay_seconds: Some(30),
            ..Schedule::default()
        },
        ..Fail::default()
    };
    let next = match f.at(T + 2).fail_delivery(&id, &fail).unwrap().retry {
        RetryOutcome::Scheduled { delivery, .. } => *delivery,
        other => panic!("{other:?}"),
    };
    assert_eq!(next.next_attempt_at, T + 32);
    f.claim(T + 40, "w", 60).unwrap();
    f.at(T + 41)
        .complete_delivery(&next.delivery_id, &Complete::default())
        .unwrap();
    let again = f
        .at(T + 50)
        .retry_delivery(&id, &Retry::default())
        .unwrap()
        .delivery;
    assert_eq!(
        (again.delivery_id, again.status),
        (next.delivery_id, DeliveryStatus::Delivered)
    );
}

#[test]
fn release_checks_the_owner_and_requeues() {
    let (f, id) = Fixture::new();
    assert_eq!(
        refusal(f.at(T).release_delivery(&id, &Release::default())),
        "invalid:releaseStatus"
    );
    f.claim(T + 1, "w1", 60).unwrap();
    let by = |w: &str| Release {
        worker: Some(w.into()),
        schedule: Schedule {
            delay_seconds: Some(5),
            ..Schedule::default()
        },
        ..Release::default()
    };
    assert_eq!(
        refusal(f.at(T + 2).release_delivery(&id, &by("w2"))),
        "invalid:claimOwner"
    );
    let released = f
        .at(T + 2)
        .release_delivery(&id, &by("w1"))
        .unwrap()
        .delivery;
    assert_eq!(released.status, DeliveryStatus::Queued);
    assert_eq!(
        (
            released.claimed_by.as_str(),
            released.claimed_at,
            released.next_attempt_at
        ),
        ("", 0, T + 7)
    );
}

#[test]
fn cancel_is_final_for_workers_but_retryable() {
    let (f, id) = Fixture::new();
    let cancel = Cancel {
        reason: Some("gone".into()),
        ..Cancel::default()
    };
    let canceled = f.at(T + 1).cancel_delivery(&id, &cancel).unwrap().delivery;
    assert_eq!(
        (canceled.status, canceled.last_error.as_str()),
        (DeliveryStatus::Canceled, "gone")
    );
    assert_eq!(
        refusal(f.at(T + 2).fail_delivery(&id, &Fail::default())),
        "invalid:failStatus"
    );
    assert_eq!(
        refusal(f.at(T + 2).complete_delivery(&id, &Complete::default())),
        "invalid:completeStatus"
    );
    let retried = f
        .at(T + 3)
        .retry_delivery(&id, &Retry::default())
        .unwrap()
        .delivery;
    assert_eq!(
        (retried.attempt, retried.status),
        (2, DeliveryStatus::Queued)
    );
}

#[test]
fn sweep_requeues_only_expired_leases() {
    let (f, id) = Fixture::new();
    let second = RecordEvent {
        event_type: "t".into(),
        subject: Some("second".into()),
        ..RecordEvent::default()
    };
    f.at(T + 1).record_event(&second).unwrap(); // created later, so claimed second
    f.claim(T + 2, "short", 10).unwrap();
    f.claim(T + 2, "long", 1000).unwrap();
    let swept = f
        .at(T + 20)
        .sweep_expired_leases(&Sweep {
            last_error: Some("lease expired".into()),
            ..Sweep::default()
        })
        .unwrap();
    assert_eq!(swept.count, 1);
    assert_eq!(
        (
            swept.deliveries[0].delivery_id.as_str(),
            swept.deliveries[0].last_error.as_str()
        ),
        (id.as_str(), "lease expired")
    );
    let stats = f
        .at(T + 20)
        .delivery_stats(&Default::default())
        .unwrap()
        .stats;
    assert_eq!((stats.ready, stats.active_claims, stats.expired), (1, 1, 0));
}

#[test]
fn paused_subscriptions_get_no_deliveries() {
    let (f, _) = Fixture::new();
    let sub_id = f
        .at(T)
        .list_subscriptions(&Default::default(), None)
        .unwrap()
        .subscriptions[0]
        .sub_id
        .clone();
    let paused = SubscriptionFields {
        status: Some(SubscriptionStatus::Paused),
        ..SubscriptionFields::default()
    };
    f.at(T + 1).update_subscription(&sub_id, &paused).unwrap();
    let recorded = f
        .at(T + 2)
        .record_event(&RecordEvent {
            event_type: "t".into(),
            subject: Some("x".into()),
            ..RecordEvent::default()
        })
        .unwrap();
    assert!(recorded.deliveries.is_empty() && recorded.event.subscriptions.is_empty());
    assert!(matches!(
        f.at(T + 3).record_event(&RecordEvent::default()),
        Err(Error::Refused(r)) if *r == Refusal::MissingType
    ));
}
