//! Deliveries in order per subject, through the binary on both backends:
//! one delivery of a subject claimable at a time, in recording order;
//! retries, expired leases and dead letters keeping (or, with `skip`,
//! giving up) the order; other subjects never waiting; and several worker
//! processes, each running several handlers at once, whose logged runs
//! never overlap within a subject and succeed in recording order.

mod common;

use common::db::{Db, NOW, ids};
use serde_json::Value;
use std::collections::HashMap;

/// An ordered subscription for `order.*`, and the flags given.
fn ordered(db: &Db, extra: &[&str]) -> String {
    let mut args = vec!["--types", "order.*", "--ordered-by", "subject"];
    args.extend_from_slice(extra);
    db.sub(&args)
}

/// Records `order.TYPE` for `subject`; the id of its one delivery.
fn record(db: &Db, now: i64, event_type: &str, subject: &str) -> String {
    let recorded = db.record(now, &format!("order.{event_type}"), subject);
    recorded["deliveries"][0]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The ids `delivery ready` lists, in claim order.
fn ready(db: &Db, now: i64) -> Vec<String> {
    ids(&db.json(now, &["delivery", "ready", "--limit", "500"]))
}

test_on_both!(
    a_subject_is_handed_out_one_at_a_time_in_recording_order,
    "ordered_one_at_a_time"
);
fn a_subject_is_handed_out_one_at_a_time_in_recording_order(db: Db) {
    let sub = ordered(&db, &[]);
    let card = db.text(NOW, &["sub", "get", &sub]);
    assert!(
        card.lines().any(|l| l.starts_with("ordering")
            && l.contains("by subject, one at a time; a dead letter holds its subject")),
        "{card}"
    );
    // All in one second: createdAt ties, the recording order decides.
    let a1 = record(&db, NOW, "created", "order-a");
    let b1 = record(&db, NOW, "created", "order-b");
    let a2 = record(&db, NOW, "paid", "order-a");
    let a3 = record(&db, NOW, "shipped", "order-a");
    let b2 = record(&db, NOW, "paid", "order-b");
    let no_subject = record(&db, NOW, "note", "");

    let mut heads = ready(&db, NOW);
    heads.sort();
    let mut want = vec![a1.clone(), b1.clone(), no_subject.clone()];
    want.sort();
    assert_eq!(heads, want, "one per subject, and the unordered one");
    // A claim of many takes the heads only.
    let claimed = db.json(
        NOW,
        &["delivery", "claim", "--batch", "10", "--worker", "w"],
    );
    assert_eq!(claimed["count"], 3, "{claimed}");
    assert!(
        ready(&db, NOW).is_empty(),
        "every subject has one in flight"
    );

    // Queued, in the reference's words, includes the held ones.
    let queued = db.json(NOW, &["delivery", "list", "--status", "queued"]);
    let mut queued = ids(&queued);
    queued.sort();
    let mut held = vec![a2.clone(), a3.clone(), b2.clone()];
    held.sort();
    assert_eq!(queued, held);
    let waiting = db.json(NOW, &["delivery", "list", "--waiting"]);
    let waits: HashMap<String, String> = waiting["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            assert_eq!(d["status"], "queued");
            (
                d["deliveryId"].as_str().unwrap().to_owned(),
                d["waitingFor"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        waits,
        HashMap::from([
            (a2.clone(), a1.clone()),
            (a3.clone(), a1.clone()),
            (b2.clone(), b1.clone())
        ])
    );
    let stats = db.text(NOW, &["stats", "--format", "prometheus"]);
    for line in [
        "outbox_waiting 3",
        "outbox_subjects_waiting 2",
        "outbox_subjects_held_by_dead_letter 0",
    ] {
        assert!(stats.lines().any(|l| l == line), "{line}:\n{stats}");
    }

    // Done, the head lets the next one of its subject go: only that one.
    db.complete(NOW, &a1);
    assert_eq!(ready(&db, NOW), std::slice::from_ref(&a2));
    db.complete(NOW, &b1);
    let mut next = ready(&db, NOW);
    next.sort();
    let mut want = vec![a2.clone(), b2.clone()];
    want.sort();
    assert_eq!(next, want);
    db.json(
        NOW,
        &["delivery", "claim", "--batch", "10", "--worker", "w"],
    );
    db.complete(NOW, &a2);
    assert_eq!(ready(&db, NOW), [a3], "b2 is claimed still");

    // Lifting the ordering queues what was held.
    let c1 = record(&db, NOW, "created", "order-c");
    let c2 = record(&db, NOW, "paid", "order-c");
    assert!(!ready(&db, NOW).contains(&c2));
    db.json(NOW, &["sub", "update", &sub, "--ordered-by", "none"]);
    let now_ready = ready(&db, NOW);
    assert!(now_ready.contains(&c1) && now_ready.contains(&c2));
    let stats = db.text(NOW, &["stats", "--format", "prometheus"]);
    assert!(stats.lines().any(|l| l == "outbox_waiting 0"), "{stats}");
}

test_on_both!(
    a_retry_or_an_expired_lease_keeps_the_subject_waiting,
    "ordered_retry_and_lease"
);
fn a_retry_or_an_expired_lease_keeps_the_subject_waiting(db: Db) {
    ordered(&db, &["--retry-schedule", "1m"]);
    let first = record(&db, NOW, "created", "order-a");
    let second = record(&db, NOW, "paid", "order-a");
    assert_eq!(db.claim(NOW), first);
    let failed = db.fail(NOW, &first, &[]);
    let retry = failed["retry"]["delivery"]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        ready(&db, NOW).is_empty(),
        "the retry is due in a minute and the next event waits for it"
    );
    assert_eq!(ready(&db, NOW + 60), std::slice::from_ref(&retry));
    let claimed = db.json(
        NOW + 60,
        &["delivery", "claim", "--worker", "w", "--lease", "30s"],
    );
    assert_eq!(claimed["delivery"]["deliveryId"], retry.as_str());
    // Its lease runs out: the same head is handed out again, not the next.
    assert!(ready(&db, NOW + 80).is_empty());
    assert_eq!(ready(&db, NOW + 100), std::slice::from_ref(&retry));
    let again = db.json(NOW + 100, &["delivery", "claim", "--worker", "w2"]);
    assert_eq!(again["delivery"]["deliveryId"], retry.as_str());
    db.json(
        NOW + 100,
        &["delivery", "complete", &retry, "--worker", "w2"],
    );
    assert_eq!(ready(&db, NOW + 100), [second]);
}

test_on_both!(
    a_dead_head_blocks_its_subject_until_redriven_and_skip_lets_the_next_go,
    "ordered_dead"
);
fn a_dead_head_blocks_its_subject_until_redriven_and_skip_lets_the_next_go(db: Db) {
    for (client, on_dead) in [("blocker", "block"), ("skipper", "skip")] {
        db.json(
            NOW,
            &[
                "sub",
                "create",
                "--client",
                client,
                "--any-target",
                "--types",
                "order.*",
                "--ordered-by",
                "subject",
                "--on-dead",
                on_dead,
            ],
        );
    }
    let first = db.record(NOW, "order.created", "order-a");
    let second = db.record(NOW, "order.paid", "order-a");
    let by_client = |recorded: &Value, client: &str| -> String {
        recorded["deliveries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["clientId"] == client)
            .unwrap()["deliveryId"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    for client in ["blocker", "skipper"] {
        let head = by_client(&first, client);
        let claimed = db.json(
            NOW,
            &["delivery", "claim", "--client", client, "--worker", "w"],
        );
        assert_eq!(claimed["delivery"]["deliveryId"], head.as_str());
        db.fail(NOW, &head, &["--no-retry"]);
    }
    let ready_now = ready(&db, NOW);
    assert_eq!(
        ready_now,
        [by_client(&second, "skipper")],
        "skip lets the next go; block holds it"
    );
    let stats = db.text(NOW, &["stats", "--format", "prometheus"]);
    assert!(
        stats
            .lines()
            .any(|l| l == "outbox_subjects_held_by_dead_letter 1"),
        "{stats}"
    );
    // Redriven, the dead head runs first; then the next one goes.
    let dead = by_client(&first, "blocker");
    let redriven = db.json(NOW, &["delivery", "redrive", &dead]);
    let redriven = redriven["deliveries"][0]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(ready(&db, NOW).contains(&redriven));
    assert!(!ready(&db, NOW).contains(&by_client(&second, "blocker")));
    let stats = db.text(NOW, &["stats", "--format", "prometheus"]);
    assert!(
        stats
            .lines()
            .any(|l| l == "outbox_subjects_held_by_dead_letter 0"),
        "{stats}"
    );
    db.json(
        NOW,
        &["delivery", "claim", "--client", "blocker", "--worker", "w"],
    );
    db.complete(NOW, &redriven);
    assert!(ready(&db, NOW).contains(&by_client(&second, "blocker")));
}

test_on_both!(
    a_dead_head_canceled_lets_its_subject_go_on,
    "ordered_dead_canceled"
);
fn a_dead_head_canceled_lets_its_subject_go_on(db: Db) {
    ordered(&db, &[]);
    let first = record(&db, NOW, "created", "order-a");
    let second = record(&db, NOW, "paid", "order-a");
    db.claim(NOW);
    db.fail(NOW, &first, &["--no-retry"]);
    assert!(ready(&db, NOW).is_empty());
    db.json(NOW, &["delivery", "cancel", &first]);
    assert_eq!(ready(&db, NOW), [second]);
}

/// A handler that logs each run (subject, event, start and end in
/// nanoseconds, result), fails a quarter of its runs at random, and fails
/// the events listed in `doomed` on every attempt up to the third.
const HANDLER: &str = r#"#!/bin/bash
start=$(date +%s%N)
sleep "0.0$((RANDOM % 4))"
if grep -q "$OUTBOX_EVENT_ID" "$DIR/doomed" && [ "$OUTBOX_ATTEMPT" -le 3 ]; then
    result=fail
elif [ $((RANDOM % 4)) = 0 ]; then
    result=fail
else
    result=ok
fi
echo "$OUTBOX_SUBJECT $OUTBOX_EVENT_ID $start $(date +%s%N) $result" >> "$DIR/runs.log"
[ "$result" = ok ]
"#;

test_on_both!(
    workers_at_once_run_each_subject_in_order_and_never_two_at_a_time,
    "ordered_workers"
);
fn workers_at_once_run_each_subject_in_order_and_never_two_at_a_time(db: Db) {
    const SUBJECTS: usize = 10;
    const ROUNDS: usize = 5;
    let dir = tempfile::tempdir().unwrap();
    let handler = dir.path().join("handler.sh");
    std::fs::write(&handler, HANDLER).unwrap();
    std::process::Command::new("chmod")
        .arg("+x")
        .arg(&handler)
        .status()
        .unwrap();
    ordered(&db, &["--retry-schedule", "1s", "--max-attempts", "3"]);
    // One batch, its lines interleaving the subjects: the recording order
    // is the order of the lines.
    let mut lines = String::new();
    for round in 0..ROUNDS {
        for s in 0..SUBJECTS {
            lines.push_str(&format!(
                "{{\"type\": \"order.step\", \"subject\": \"s{s}\", \"payload\": {{\"round\": {round}}}}}\n"
            ));
        }
    }
    let answers = db.json_with_stdin(NOW, &["event", "record", "--batch", "-"], &lines);
    let mut round_of = HashMap::new();
    for (i, answer) in answers.iter().enumerate() {
        round_of.insert(
            answer["event"]["eventId"].as_str().unwrap().to_owned(),
            i / SUBJECTS,
        );
    }
    // Two events fail for good and are redriven.
    let doomed = [&answers[3 + SUBJECTS], &answers[7]]
        .map(|a| a["event"]["eventId"].as_str().unwrap().to_owned());
    std::fs::write(dir.path().join("doomed"), doomed.join("\n")).unwrap();

    let work = || {
        std::process::Command::new(assert_cmd::cargo::cargo_bin("outbox"))
            .args(["work", "--drain", "--concurrency", "4", "--"])
            .arg(&handler)
            .env("OUTBOX_DB", &db.target)
            .env("DIR", dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    let mut finished = false;
    for _ in 0..80 {
        let mut workers = [work(), work()];
        for w in &mut workers {
            w.wait().unwrap();
        }
        if !db.dead().is_empty() {
            db.json(NOW, &["delivery", "redrive", "--all"]);
        }
        let stats = db.json(NOW, &["stats"]);
        let by_status = &stats["stats"]["byStatus"];
        if by_status["queued"].is_null() && by_status["claimed"].is_null() {
            finished = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    assert!(finished, "every delivery ends, within 80 rounds");

    let log = std::fs::read_to_string(dir.path().join("runs.log")).unwrap();
    let mut runs: HashMap<String, Vec<(u128, u128, String, bool)>> = HashMap::new();
    for line in log.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        runs.entry(f[0].to_owned()).or_default().push((
            f[2].parse().unwrap(),
            f[3].parse().unwrap(),
            f[1].to_owned(),
            f[4] == "ok",
        ));
    }
    assert_eq!(runs.len(), SUBJECTS, "{log}");
    let mut failures = 0;
    for (subject, mut runs) in runs {
        runs.sort();
        for pair in runs.windows(2) {
            assert!(
                pair[0].1 < pair[1].0,
                "two runs of {subject} overlap: {pair:?}"
            );
        }
        let succeeded: Vec<usize> = runs
            .iter()
            .filter(|r| r.3)
            .map(|r| round_of[&r.2])
            .collect();
        assert_eq!(
            succeeded,
            (0..ROUNDS).collect::<Vec<_>>(),
            "{subject} succeeded once per event, in recording order"
        );
        failures += runs.iter().filter(|r| !r.3).count();
    }
    assert!(failures >= 6, "the doomed events failed 3 times each");
    // Every event's delivery ended delivered, the doomed ones after a redrive.
    let stats = db.json(NOW, &["stats"]);
    assert_eq!(
        stats["stats"]["byStatus"]["delivered"],
        (SUBJECTS * ROUNDS) as i64
    );
}

/// Two events of one subject recorded in the same second, the later with
/// the lower id: walked by `(createdAt, eventId)`, a replay or a redrive
/// would queue them the wrong way round.
fn ids_against_recording_order(db: &Db) -> (Value, Value) {
    for n in 0.. {
        let first = db.json(
            NOW,
            &[
                "event",
                "record",
                "--type",
                "order.created",
                "--subject",
                "order-r",
                "--payload",
                &format!("{{\"n\": {n}}}"),
            ],
        );
        let second = db.json(
            NOW,
            &[
                "event",
                "record",
                "--type",
                "order.paid",
                "--subject",
                "order-r",
                "--payload",
                &format!("{{\"n\": {n}}}"),
            ],
        );
        if first["event"]["eventId"].as_str() > second["event"]["eventId"].as_str()
            && first["deliveries"][0]["deliveryId"].as_str()
                > second["deliveries"][0]["deliveryId"].as_str()
        {
            return (first, second);
        }
        for recorded in [&first, &second] {
            let id = recorded["deliveries"][0]["deliveryId"].as_str().unwrap();
            db.json(NOW, &["delivery", "cancel", id]);
        }
    }
    unreachable!()
}

test_on_both!(
    replay_and_redrive_queue_in_recording_order,
    "ordered_replay_redrive"
);
fn replay_and_redrive_queue_in_recording_order(db: Db) {
    ordered(&db, &["--on-dead", "skip"]);
    let (first, second) = ids_against_recording_order(&db);
    let delivery = |recorded: &Value| {
        recorded["deliveries"][0]["deliveryId"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (first, second) = (delivery(&first), delivery(&second));
    for id in [&first, &second] {
        assert_eq!(&db.claim(NOW), id);
        db.complete(NOW, id);
    }
    let replayed = db.json(
        NOW,
        &[
            "delivery",
            "replay",
            "--since",
            &NOW.to_string(),
            "--status",
            "delivered",
        ],
    );
    assert_eq!(replayed["count"], 2, "{replayed}");
    let parent = |id: &str| {
        let d = db.json(NOW, &["delivery", "get", id]);
        d["delivery"]["meta"]["replayOf"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let ready_now = ready(&db, NOW);
    assert_eq!(ready_now.len(), 1, "{ready_now:?}");
    assert_eq!(
        parent(&ready_now[0]),
        first,
        "the first recorded goes first"
    );
    // Both fail for good (skip: the next goes on), then are redriven.
    let mut dead = Vec::new();
    for _ in 0..2 {
        let id = db.claim(NOW);
        db.fail(NOW, &id, &["--no-retry"]);
        dead.push(id);
    }
    db.json(NOW, &["delivery", "redrive", "--all"]);
    let ready_now = ready(&db, NOW);
    assert_eq!(ready_now.len(), 1, "{ready_now:?}");
    let redriven = db.json(NOW, &["delivery", "get", &ready_now[0]]);
    assert_eq!(
        redriven["delivery"]["meta"]["parentDeliveryId"],
        dead[0].as_str()
    );
}

test_on_both!(
    a_drain_takes_each_next_delivery_its_own_completions_queue,
    "ordered_drain"
);
fn a_drain_takes_each_next_delivery_its_own_completions_queue(db: Db) {
    ordered(&db, &[]);
    for step in ["created", "paid", "shipped", "delivered"] {
        record(&db, NOW, step, "order-a");
    }
    // One worker, one at a time: each round completes the head and claims
    // in one transaction, which must find the next one queued.
    let out = db.output(NOW, &["work", "--drain", "--", "true"]);
    assert!(out.status.success(), "{out:?}");
    let stats = db.json(NOW, &["stats"]);
    assert_eq!(stats["stats"]["byStatus"]["delivered"], 4, "{stats}");
}

test_on_both!(
    a_backfill_joins_the_lanes_in_recording_order,
    "ordered_backfill"
);
fn a_backfill_joins_the_lanes_in_recording_order(db: Db) {
    // Two lines of one batch (one createdAt), the second with the lower
    // event id: walked by (createdAt, eventId), a backfill would queue the
    // second first.
    let (first, second) = (0..)
        .find_map(|n| {
            let lines = format!(
                "{{\"type\": \"order.created\", \"subject\": \"order-b{n}\", \"payload\": {{}}}}\n\
                 {{\"type\": \"order.paid\", \"subject\": \"order-b{n}\", \"payload\": {{}}}}\n"
            );
            let answers = db.json_with_stdin(NOW, &["event", "record", "--batch", "-"], &lines);
            let id = |i: usize| answers[i]["event"]["eventId"].as_str().unwrap().to_owned();
            (id(0) > id(1)).then(|| (id(0), id(1)))
        })
        .unwrap();
    let sub = ordered(&db, &[]);
    let backfilled = db.json(NOW, &["sub", "backfill", &sub, "--since", &NOW.to_string()]);
    let of_event = |event: &str| -> Vec<String> {
        backfilled["deliveries"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["eventId"] == event)
            .map(|d| d["deliveryId"].as_str().unwrap().to_owned())
            .collect()
    };
    let (first, second) = (of_event(&first), of_event(&second));
    assert_eq!((first.len(), second.len()), (1, 1), "{backfilled}");
    let ready_now = ready(&db, NOW);
    assert!(ready_now.contains(&first[0]), "{ready_now:?}");
    assert!(!ready_now.contains(&second[0]), "{ready_now:?}");
}
