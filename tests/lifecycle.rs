//! A delivery's life beyond the reference, through the binary, on SQLite
//! and (when `OUTBOX_TEST_PG` is set) PostgreSQL: retry policies, dead
//! letters and redrive, replay, backfill, pruning, sweeping as failure.

mod common;

use common::db::{Db, NOW, databases, ids};
use serde_json::Value;

test_on_both!(
    failures_follow_the_subscriptions_schedule_until_dead,
    "policy"
);
fn failures_follow_the_subscriptions_schedule_until_dead(db: Db) {
    db.sub(&[
        "--types",
        "t",
        "--retry-schedule",
        "5s,5m,30m",
        "--max-attempts",
        "3",
    ]);
    db.record(NOW, "t", "a");
    let failed = db.fail(NOW, &db.claim(NOW), &[]);
    let retry = &failed["retry"];
    assert_eq!(retry["maxAttempts"], 3);
    assert_eq!(retry["delivery"]["nextAttemptAt"], NOW + 5, "{failed}");
    // Not due before its time; due at it.
    let early = db.output(NOW + 4, &["delivery", "claim", "--worker", "w"]);
    assert_eq!(early.status.code(), Some(1));
    let t2 = NOW + 5;
    let failed = db.fail(t2, &db.claim(t2), &[]);
    assert_eq!(failed["retry"]["delivery"]["nextAttemptAt"], t2 + 300);
    let t3 = t2 + 300;
    let failed = db.fail(t3, &db.claim(t3), &[]);
    assert_eq!(failed["retry"]["scheduled"], false);
    assert_eq!(failed["retry"]["reason"], "maxAttempts");
    let dead = db.dead();
    assert_eq!(dead.len(), 1);
    assert_eq!(dead[0]["attempt"], 3);
    let stats = db.text(NOW, &["stats"]);
    assert!(
        stats
            .lines()
            .any(|l| l.starts_with("dead letters") && l.trim_end().ends_with(" 1")),
        "{stats}"
    );
    // The reference's stats object is unchanged by the dead count.
    let stats = db.json(NOW, &["stats"]);
    assert!(stats["stats"].get("dead").is_none(), "{stats}");
}

test_on_both!(flags_given_to_fail_win_over_the_policy, "policy_flags");
fn flags_given_to_fail_win_over_the_policy(db: Db) {
    db.sub(&[
        "--types",
        "t",
        "--retry-schedule",
        "1h",
        "--max-attempts",
        "2",
    ]);
    db.record(NOW, "t", "a");
    let failed = db.fail(NOW, &db.claim(NOW), &["--delay", "60"]);
    assert_eq!(failed["retry"]["delivery"]["nextAttemptAt"], NOW + 60);
    assert_eq!(failed["retry"]["maxAttempts"], 2);
    let t = NOW + 60;
    let failed = db.fail(t, &db.claim(t), &["--max-attempts", "5"]);
    assert_eq!(failed["retry"]["maxAttempts"], 5);
    // The policy's delay still applies when only --max-attempts is given.
    assert_eq!(failed["retry"]["delivery"]["nextAttemptAt"], t + 3600);
    let t = t + 3600;
    let failed = db.fail(t, &db.claim(t), &["--no-retry"]);
    assert_eq!(failed["retry"]["reason"], "disabled");
    assert_eq!(db.dead().len(), 1);
}

test_on_both!(jitter_spreads_retries_within_its_band, "jitter");
fn jitter_spreads_retries_within_its_band(db: Db) {
    db.sub(&[
        "--types",
        "t",
        "--retry-schedule",
        "1000",
        "--retry-jitter",
        "20%",
    ]);
    let lines: String = (0..40)
        .map(|i| format!("{{\"type\": \"t\", \"subject\": \"s{i}\"}}\n"))
        .collect();
    db.json_with_stdin(NOW, &["event", "record", "--batch", "-"], &lines);
    let claimed = db.json(
        NOW,
        &["delivery", "claim", "--batch", "40", "--worker", "w"],
    );
    let claimed = ids(&claimed);
    assert_eq!(claimed.len(), 40);
    let mut args = vec!["delivery", "fail", "--worker", "w"];
    args.extend(claimed.iter().map(String::as_str));
    let out = db.output(NOW, &args);
    assert!(out.status.success(), "{out:?}");
    let delays: Vec<i64> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let answer: Value = serde_json::from_str(line).unwrap();
            answer["retry"]["delivery"]["nextAttemptAt"]
                .as_i64()
                .unwrap()
                - NOW
        })
        .collect();
    assert_eq!(delays.len(), 40);
    assert!(
        delays.iter().all(|d| (800..=1200).contains(d)),
        "{delays:?}"
    );
    let distinct: std::collections::BTreeSet<_> = delays.iter().collect();
    assert!(distinct.len() > 10, "jitter should vary: {delays:?}");
}

test_on_both!(
    the_policy_lives_in_meta_and_can_be_changed_or_cleared,
    "policy_meta"
);
fn the_policy_lives_in_meta_and_can_be_changed_or_cleared(db: Db) {
    let created = db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "c",
            "--types",
            "t",
            "--meta",
            r#"{"team": "ops"}"#,
            "--retry-schedule",
            "5s,1h30m",
            "--retry-jitter",
            "10",
            "--max-attempts",
            "4",
        ],
    );
    let sub = &created["subscription"];
    let id = sub["subId"].as_str().unwrap();
    // The id is the reference's: content without meta.
    let plain = db.json(NOW, &["sub", "create", "--client", "c", "--types", "t"]);
    assert_eq!(plain["subscription"]["subId"], sub["subId"]);
    assert_eq!(
        sub["meta"],
        serde_json::json!({"team": "ops", "retry": {"schedule": [5, 5400], "jitter": 0.1, "maxAttempts": 4}})
    );
    let updated = db.json(NOW, &["sub", "update", id, "--retry-schedule", "7d"]);
    assert_eq!(
        updated["subscription"]["meta"]["retry"],
        serde_json::json!({"schedule": [604800]})
    );
    let updated = db.json(NOW, &["sub", "update", id, "--max-attempts", "9"]);
    assert_eq!(
        updated["subscription"]["meta"]["retry"],
        serde_json::json!({"schedule": [604800], "maxAttempts": 9})
    );
    let cleared = db.json(NOW, &["sub", "update", id, "--retry-schedule", "none"]);
    assert!(
        cleared["subscription"]["meta"].get("retry").is_none(),
        "{cleared}"
    );
    assert_eq!(cleared["subscription"]["subId"], id);
}

test_on_both!(
    bad_lifecycle_input_exits_2_naming_the_flag_and_writes_nothing,
    "lifecycle_input"
);
fn bad_lifecycle_input_exits_2_naming_the_flag_and_writes_nothing(db: Db) {
    let sub = db.sub(&["--types", "t"]);
    db.record(NOW, "t", "a");
    let before = db.state();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["sub", "update", &sub, "--retry-schedule", "5x"],
            "--retry-schedule",
        ),
        (
            vec!["sub", "update", &sub, "--retry-schedule", "5s,0"],
            "--retry-schedule",
        ),
        (
            vec!["sub", "update", &sub, "--retry-schedule", "-5s"],
            "--retry-schedule",
        ),
        (
            vec!["sub", "update", &sub, "--retry-schedule", ""],
            "--retry-schedule",
        ),
        (
            vec!["sub", "update", &sub, "--retry-jitter", "150%"],
            "--retry-jitter",
        ),
        (
            vec!["sub", "update", &sub, "--retry-jitter", "-1%"],
            "--retry-jitter",
        ),
        (
            vec!["sub", "update", &sub, "--max-attempts", "0"],
            "--max-attempts",
        ),
        (
            vec![
                "sub",
                "create",
                "--client",
                "x",
                "--types",
                "t",
                "--max-attempts",
                "101",
            ],
            "--max-attempts",
        ),
        (vec!["prune", "--older-than", "soon"], "--older-than"),
        (
            vec!["prune", "--older-than", "1d", "--batch-size", "0"],
            "--batch-size",
        ),
        (
            vec!["delivery", "replay", "--since", "yesterday"],
            "--since",
        ),
        (
            vec![
                "delivery",
                "replay",
                "--since",
                "1h",
                "--until",
                "2026-13-01",
            ],
            "--until",
        ),
        (
            vec!["delivery", "replay", "--since", "1h", "--status", "queued"],
            "--status",
        ),
        (vec!["sub", "backfill", &sub, "--since", "1x"], "--since"),
    ];
    for (args, flag) in cases {
        let out = db.output(NOW, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(answer["ok"], false);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(flag),
            "{args:?} should name {flag}: {stderr}"
        );
    }
    assert_eq!(db.state(), before, "refused input wrote something");
}

test_on_both!(dead_letters_are_listed_and_redriven, "redrive");
fn dead_letters_are_listed_and_redriven(db: Db) {
    db.sub(&["--types", "order.created,order.paid"]);
    let mut dead = Vec::new();
    for (i, event_type) in ["order.created", "order.paid", "order.created"]
        .iter()
        .enumerate()
    {
        db.record(NOW + i as i64, event_type, &format!("o{i}"));
        let id = db.claim(NOW + 10);
        db.fail(NOW + 10, &id, &["--no-retry"]);
        dead.push(id);
    }
    // A failure with a retry queued is no dead letter.
    db.record(NOW + 5, "order.created", "retrying");
    db.fail(NOW + 10, &db.claim(NOW + 10), &[]);
    let listed = db.dead();
    let listed: Vec<&str> = listed
        .iter()
        .map(|d| d["deliveryId"].as_str().unwrap())
        .collect();
    let newest_first: Vec<&str> = dead.iter().rev().map(String::as_str).collect();
    assert_eq!(listed, newest_first);

    // Something that is not a dead letter refuses the whole redrive.
    let before = db.state();
    let queued = db.json(NOW, &["delivery", "list", "--status", "queued"]);
    let queued = ids(&queued);
    let out = db.output(NOW + 20, &["delivery", "redrive", &dead[0], &queued[0]]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["error"], "invalid:redriveStatus");
    assert_eq!(db.state(), before);

    let redriven = &db.json_with_stdin(
        NOW + 20,
        &["delivery", "redrive", "-"],
        &format!("{}\n", dead[0]),
    )[0];
    assert_eq!(redriven["count"], 1);
    let next = &redriven["deliveries"][0];
    assert_eq!(next["attempt"], 2);
    assert_eq!(next["status"], "queued");
    assert_eq!(next["meta"]["parentDeliveryId"], dead[0].as_str());
    assert_eq!(db.dead().len(), 2);

    let by_type = db.json(
        NOW + 20,
        &["delivery", "redrive", "--all", "--type", "order.paid"],
    );
    assert_eq!(by_type["count"], 1);
    assert_eq!(
        by_type["deliveries"][0]["meta"]["parentDeliveryId"],
        dead[1].as_str()
    );
    let by_client = db.json(
        NOW + 20,
        &["delivery", "redrive", "--all", "--client", "nobody"],
    );
    assert_eq!(by_client["count"], 0);
    let rest = db.json(NOW + 20, &["delivery", "redrive", "--all"]);
    assert_eq!(rest["count"], 1);
    assert!(db.dead().is_empty());
    // Past maxAttempts: the redriven attempt fails for good after one try.
    let t = NOW + 30;
    let id = db.claim(t);
    let failed = db.fail(t, &id, &[]);
    assert_eq!(failed["delivery"]["attempt"], 2);
}

test_on_both!(replay_sends_finished_chains_again_once, "replay");
fn replay_sends_finished_chains_again_once(db: Db) {
    db.sub(&["--types", "t"]);
    db.record(NOW - 7200, "t", "old");
    db.record(NOW - 60, "t", "delivered");
    db.record(NOW - 50, "t", "dead");
    db.record(NOW - 40, "t", "queued");
    let t = NOW;
    let old = db.claim(t);
    db.complete(t, &old);
    let delivered = db.claim(t);
    db.complete(t, &delivered);
    let dead = db.claim(t);
    db.fail(t, &dead, &["--no-retry"]);

    let before = db.state();
    let dry = db.json(t, &["delivery", "replay", "--since", "1h", "--dry-run"]);
    assert_eq!(dry["dryRun"], true);
    assert_eq!(ids(&dry), [delivered.clone(), dead.clone()]);
    assert_eq!(db.state(), before, "a dry run wrote something");

    let only = db.json(
        t,
        &[
            "delivery",
            "replay",
            "--since",
            "1h",
            "--status",
            "failed",
            "--dry-run",
        ],
    );
    assert_eq!(ids(&only), [dead.as_str()]);
    let window = db.json(
        t,
        &[
            "delivery",
            "replay",
            "--since",
            "3h",
            "--until",
            "1h",
            "--dry-run",
        ],
    );
    assert_eq!(ids(&window), [old.as_str()]);

    let replayed = db.json(t, &["delivery", "replay", "--since", "1h"]);
    assert_eq!(replayed["count"], 2);
    assert_eq!(replayed["dryRun"], false);
    for (next, of) in replayed["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .zip([&delivered, &dead])
    {
        assert_eq!(next["attempt"], 2);
        assert_eq!(next["status"], "queued");
        assert_eq!(next["meta"]["replayOf"], of.as_str());
        assert_eq!(next["meta"]["parentDeliveryId"], of.as_str());
    }
    let again = db.json(t, &["delivery", "replay", "--since", "1h"]);
    assert_eq!(again["count"], 0, "{again}");
    let rfc = db.json(
        t,
        &[
            "delivery",
            "replay",
            "--since",
            "2026-11-29T15:00:00Z",
            "--client",
            "billing",
            "--dry-run",
        ],
    );
    assert_eq!(ids(&rfc), [old]);
}

test_on_both!(backfill_catches_a_new_subscription_up_once, "backfill");
fn backfill_catches_a_new_subscription_up_once(db: Db) {
    db.record(NOW - 300, "order.created", "a");
    db.json(
        NOW - 200,
        &[
            "event",
            "record",
            "--type",
            "order.created",
            "--subject",
            "b",
            "--target",
            "shop",
        ],
    );
    db.record(NOW - 100, "order.paid", "c");
    db.record(NOW - 7200, "order.created", "too-old");
    let sub = db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "shop",
            "--types",
            "order.created",
        ],
    );
    let sub = sub["subscription"]["subId"].as_str().unwrap().to_owned();
    let dry = db.json(
        NOW,
        &["sub", "backfill", &sub, "--since", "1h", "--dry-run"],
    );
    assert_eq!(dry["count"], 1, "only the event targeted at shop: {dry}");
    assert!(db.json(NOW, &["delivery", "list"])["count"] == 0);

    let filled = db.json(NOW, &["sub", "backfill", &sub, "--since", "1h"]);
    assert_eq!(filled["count"], 1);
    let delivery = &filled["deliveries"][0];
    assert_eq!(delivery["attempt"], 1);
    assert_eq!(delivery["clientId"], "shop");
    assert_eq!(delivery["meta"]["subject"], "b");
    assert_eq!(
        db.json(NOW, &["sub", "backfill", &sub, "--since", "1h"])["count"],
        0
    );

    let star = db.json(
        NOW,
        &[
            "sub",
            "create",
            "--client",
            "audit",
            "--types",
            "*",
            "--any-target",
        ],
    );
    let star = star["subscription"]["subId"].as_str().unwrap().to_owned();
    assert_eq!(db.json(NOW, &["sub", "backfill", &star])["count"], 4);

    db.json(NOW, &["sub", "pause", &star]);
    let paused = db.output(NOW, &["sub", "backfill", &star]);
    assert_eq!(paused.status.code(), Some(1));
    let answer: Value = serde_json::from_slice(&paused.stdout).unwrap();
    assert_eq!(answer["error"], "invalid:subscriptionStatus");
}

test_on_both!(
    backfill_matches_events_as_fan_out_does_for_every_pattern_kind,
    "backfill_patterns"
);
/// The events a subscription of `types` takes, found two ways: by fan-out
/// (a subscription made before the events) and by backfill (one made after,
/// dry run and real): both must use the one matching rule.
fn backfill_matches_events_as_fan_out_does_for_every_pattern_kind(db: Db) {
    let types = [
        "order.created",
        "order.paid.late",
        "orders.created",
        "order",
        "invoice.sent",
    ];
    let cases: [(&str, &[&str]); 5] = [
        ("order.created", &["order.created"]),
        ("order.*", &["order.created", "order.paid.late"]),
        ("order.paid.*", &["order.paid.late"]),
        ("*", &types),
        // Overlapping types: each event is found once.
        (
            "order.created,order.*,order.paid.*",
            &["order.created", "order.paid.late"],
        ),
    ];
    let event_types = |answer: &Value| -> Vec<String> {
        let mut found: Vec<String> = answer["deliveries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["meta"]["eventType"].as_str().unwrap().to_owned())
            .collect();
        found.sort();
        found
    };
    let mut fanned_out = Vec::new();
    for (pattern, _) in &cases {
        let client = format!("early-{pattern}");
        let sub = db.json(
            NOW - 1000,
            &[
                "sub",
                "create",
                "--client",
                &client,
                "--types",
                pattern,
                "--any-target",
            ],
        );
        fanned_out.push(sub["subscription"]["subId"].as_str().unwrap().to_owned());
    }
    for (i, event_type) in types.iter().enumerate() {
        db.record(NOW - 500 + i as i64, event_type, "s");
    }
    for ((pattern, expected), early) in cases.iter().zip(&fanned_out) {
        let mut expected: Vec<String> = expected.iter().map(|t| (*t).to_owned()).collect();
        expected.sort();
        let by_fan_out = db.json(NOW, &["delivery", "list", "--sub", early]);
        assert_eq!(event_types(&by_fan_out), expected, "fan-out of {pattern}");

        let client = format!("late-{pattern}");
        let late = db.json(
            NOW,
            &[
                "sub",
                "create",
                "--client",
                &client,
                "--types",
                pattern,
                "--any-target",
            ],
        );
        let late = late["subscription"]["subId"].as_str().unwrap().to_owned();
        let dry = db.json(NOW, &["sub", "backfill", &late, "--dry-run"]);
        assert_eq!(event_types(&dry), expected, "dry backfill of {pattern}");
        let filled = db.json(NOW, &["sub", "backfill", &late]);
        assert_eq!(event_types(&filled), expected, "backfill of {pattern}");
        let stored = db.json(NOW, &["delivery", "list", "--sub", &late]);
        assert_eq!(event_types(&stored), expected, "stored for {pattern}");
    }
}

test_on_both!(
    sweep_as_failure_ends_a_poison_delivery_dead,
    "sweep_failure"
);
fn sweep_as_failure_ends_a_poison_delivery_dead(db: Db) {
    db.sub(&[
        "--types",
        "t",
        "--retry-schedule",
        "1m",
        "--max-attempts",
        "2",
    ]);
    db.record(NOW, "t", "poison");
    db.json(
        NOW,
        &["delivery", "claim", "--worker", "w", "--lease", "10"],
    );
    let swept = db.json(NOW + 20, &["delivery", "sweep", "--as-failure"]);
    assert_eq!(swept["count"], 1);
    assert_eq!(swept["deliveries"][0]["status"], "failed");
    assert_eq!(swept["deliveries"][0]["lastError"], "lease expired");
    assert_eq!(swept["retries"][0]["nextAttemptAt"], NOW + 20 + 60);
    assert_eq!(swept["dead"], 0);
    let t = NOW + 80;
    db.json(t, &["delivery", "claim", "--worker", "w", "--lease", "10"]);
    let swept = db.json(
        t + 20,
        &[
            "delivery",
            "sweep",
            "--as-failure",
            "--error",
            "worker died",
        ],
    );
    assert_eq!(swept["dead"], 1);
    assert_eq!(swept["deliveries"][0]["lastError"], "worker died");
    assert_eq!(db.dead().len(), 1);
    // The reference's sweep is unchanged: same attempt back in the queue.
    db.record(t, "t", "slow");
    db.json(t, &["delivery", "claim", "--worker", "w", "--lease", "10"]);
    let plain = db.json(t + 20, &["delivery", "sweep"]);
    assert_eq!(plain["deliveries"][0]["status"], "queued");
    assert!(plain.get("retries").is_none());
}

test_on_both!(prune_deletes_only_what_is_finished_and_old, "prune");
fn prune_deletes_only_what_is_finished_and_old(db: Db) {
    db.sub(&["--types", "t"]);
    let old = NOW - 10 * 86_400;
    let mut events = std::collections::HashMap::new();
    for subject in [
        "delivered",
        "canceled",
        "dead",
        "queued",
        "claimed",
        "retried-then-delivered",
        "dead-recently",
    ] {
        let recorded = db.record(old, "t", subject);
        events.insert(
            subject,
            recorded["event"]["eventId"].as_str().unwrap().to_owned(),
        );
    }
    db.record(old, "nobody.listens", "no-deliveries");
    let recent = db.record(NOW - 60, "t", "recent");
    events.insert(
        "recent",
        recent["event"]["eventId"].as_str().unwrap().to_owned(),
    );
    // Claims one subject's next attempt, then does `how` to it.
    let step = |subject: &str, at: i64, how: &[&str]| {
        let claimed = db.json(
            at,
            &[
                "delivery",
                "claim",
                "--worker",
                "w",
                "--event",
                &events[subject],
            ],
        );
        let id = claimed["delivery"]["deliveryId"]
            .as_str()
            .unwrap()
            .to_owned();
        if !how.is_empty() {
            let mut args: Vec<&str> = vec!["delivery"];
            args.extend_from_slice(how);
            args.extend(["--worker", "w", id.as_str()]);
            db.json(at, &args);
        }
    };
    let t = old + 60;
    step("delivered", t, &["complete"]);
    step("canceled", t, &["cancel"]);
    step("dead", t, &["fail", "--no-retry"]);
    step("claimed", t, &[]);
    step("retried-then-delivered", t, &["fail"]);
    step("retried-then-delivered", t, &["complete"]);
    step("dead-recently", NOW - 60, &["fail", "--no-retry"]);
    step("recent", NOW - 30, &["complete"]);
    let count = |args: &[&str]| db.json(NOW, args)["count"].as_i64().unwrap();
    assert_eq!(count(&["delivery", "list", "--limit", "500"]), 9);

    let before = db.state();
    let dry = db.json(NOW, &["prune", "--older-than", "7d", "--dry-run"]);
    assert_eq!(
        dry["deleted"],
        serde_json::json!({"deliveries": 5, "events": 5}),
        "{dry}"
    );
    assert_eq!(dry["dryRun"], true);
    assert_eq!(db.state(), before, "a dry run wrote something");

    let kept_dead = db.json(
        NOW,
        &[
            "prune",
            "--older-than",
            "7d",
            "--keep-dead",
            "--batch-size",
            "1",
        ],
    );
    assert_eq!(
        kept_dead["deleted"],
        serde_json::json!({"deliveries": 4, "events": 4})
    );
    assert_eq!(db.dead().len(), 2);
    let pruned = db.json(NOW, &["prune", "--older-than", "7d"]);
    assert_eq!(
        pruned["deleted"],
        serde_json::json!({"deliveries": 1, "events": 1})
    );
    assert_eq!(
        db.json(NOW, &["prune", "--older-than", "7d"])["deleted"]["deliveries"],
        0
    );

    let left = db.json(NOW, &["delivery", "list", "--limit", "500"]);
    let mut subjects: Vec<&str> = left["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["meta"]["subject"].as_str().unwrap())
        .collect();
    subjects.sort_unstable();
    assert_eq!(subjects, ["claimed", "dead-recently", "queued", "recent"]);
    let events = db.json(NOW, &["event", "list", "--limit", "500"]);
    assert_eq!(
        events["count"], 4,
        "events with deliveries left stay: {events}"
    );
    let stats = db.json(NOW, &["stats"]);
    let recount = db.json(NOW, &["stats", "--recount"]);
    assert_eq!(stats, recount);
    assert_eq!(stats["stats"]["total"], 4);
}

#[test]
fn prune_vacuum_gives_space_back_to_the_file_system() {
    let dbs = databases("prune_vacuum");
    let db = &dbs[0];
    assert!(db.is_sqlite());
    db.sub(&["--types", "t"]);
    let big = "x".repeat(2000);
    let lines: String = (0..2000)
        .map(|i| {
            format!(
                "{{\"type\": \"t\", \"subject\": \"s{i}\", \"payload\": {{\"pad\": \"{big}\"}}}}\n"
            )
        })
        .collect();
    db.json_with_stdin(NOW - 86_400, &["event", "record", "--batch", "-"], &lines);
    for _ in 0..3 {
        let claimed = db.json(
            NOW - 86_400,
            &["delivery", "claim", "--batch", "500", "--worker", "w"],
        );
        let ids = ids(&claimed).join("\n");
        db.json_with_stdin(NOW - 86_400, &["delivery", "complete", "-"], &ids);
    }
    let size = || std::fs::metadata(&db.target).unwrap().len();
    let before = size();
    let human = db.text(NOW, &["prune", "--older-than", "1h", "--vacuum"]);
    assert!(human.contains("given back to the file system"), "{human}");
    let after = size();
    // 1,500 delivered go with their events; 500 queued stay.
    assert!(after * 2 < before, "{before} -> {after}");
    assert_eq!(
        db.json(NOW, &["event", "list", "--limit", "500"])["count"],
        500
    );
}

#[test]
fn human_answers_say_what_happened() {
    let dbs = databases("lifecycle_human");
    let db = &dbs[0];
    db.sub(&["--types", "t", "--max-attempts", "1"]);
    db.record(NOW - 86_400, "t", "a");
    db.json(
        NOW - 86_400,
        &["delivery", "claim", "--worker", "w", "--lease", "10"],
    );
    let swept = db.text(NOW - 86_000, &["delivery", "sweep", "--as-failure"]);
    assert!(
        swept.contains("failed 1 delivery whose lease expired: 0 retried, 1 dead"),
        "{swept}"
    );
    let dead = db.text(NOW, &["delivery", "list", "--dead"]);
    assert!(
        dead.contains("lease expired") && dead.contains("1 delivery"),
        "{dead}"
    );
    let replay = db.text(NOW, &["delivery", "replay", "--since", "2d", "--dry-run"]);
    assert!(
        replay.contains("dry run: 1 delivery would be queued; nothing written"),
        "{replay}"
    );
    let pruned = db.text(NOW, &["prune", "--older-than", "1h"]);
    assert!(
        pruned.starts_with("deleted 1 delivery and 1 event finished before 2026-11-29 17:02:11Z"),
        "{pruned}"
    );
    assert!(
        pruned.contains("freed inside the file for reuse"),
        "{pruned}"
    );
    let redrive = db.text(NOW, &["delivery", "redrive", "--all"]);
    assert_eq!(redrive.trim(), "queued 0 deliveries");
}
