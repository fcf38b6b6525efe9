//! `outbox serve`'s API through HTTP, on both backends: every read answers
//! what the matching command's `--json` answers, writes answer and change
//! what the commands would, failures carry the command's failure object
//! under the status mapped for it, an NDJSON batch is all or nothing, and
//! the token, `--read-only` and `--base-path` hold.
//! (`dev/check_serve.py` fuzzes every route against the OpenAPI document.)

mod common;

use common::db::{Db, NOW};
use common::serve::serve;
use serde_json::{Value, json};

/// Two subscriptions, three events, a delivered, a dead and a queued
/// delivery; the dead letter's id.
fn seeded(db: &Db) -> String {
    db.sub(&["--types", "order.*", "--max-attempts", "1"]);
    let mut args = vec!["sub", "create", "--client", "audit", "--any-target"];
    args.extend(["--types", "*"]);
    db.json(NOW, &args);
    db.record(NOW, "order.created", "order-1");
    db.record(NOW + 1, "order.paid", "order-1");
    db.record(NOW + 2, "user.created", "user-7");
    let delivered = db.claim(NOW + 3);
    db.complete(NOW + 3, &delivered);
    let dead = db.claim(NOW + 4);
    db.fail(NOW + 4, &dead, &[]);
    dead
}

fn reads_answer_what_json_answers(db: Db) {
    let dead = seeded(&db);
    let event = db.json(NOW, &["delivery", "get", &dead])["delivery"]["eventId"]
        .as_str()
        .unwrap()
        .to_owned();
    let sub = db.json(NOW, &["delivery", "get", &dead])["delivery"]["subId"]
        .as_str()
        .unwrap()
        .to_owned();
    let server = serve(&db, None, &[]);
    let pairs: Vec<(String, Vec<&str>)> = vec![
        ("/api/v1/stats".into(), vec!["stats"]),
        (
            "/api/v1/stats?client=billing".into(),
            vec!["stats", "--client", "billing"],
        ),
        ("/api/v1/events".into(), vec!["event", "list"]),
        (
            "/api/v1/events?type=order.paid".into(),
            vec!["event", "list", "--type", "order.paid"],
        ),
        (
            "/api/v1/events?limit=1".into(),
            vec!["event", "list", "--limit", "1"],
        ),
        (
            format!("/api/v1/events/{event}"),
            vec!["event", "get", &event],
        ),
        ("/api/v1/subscriptions".into(), vec!["sub", "list"]),
        (
            "/api/v1/subscriptions?client=audit".into(),
            vec!["sub", "list", "--client", "audit"],
        ),
        (
            format!("/api/v1/subscriptions/{sub}"),
            vec!["sub", "get", &sub],
        ),
        ("/api/v1/subscriptions/health".into(), vec!["sub", "health"]),
        (
            format!("/api/v1/subscriptions/{sub}/health"),
            vec!["sub", "health", &sub],
        ),
        (
            "/api/v1/subscriptions/match?type=order.created".into(),
            vec!["sub", "match", "--explain", "--type", "order.created"],
        ),
        ("/api/v1/deliveries".into(), vec!["delivery", "list"]),
        (
            "/api/v1/deliveries?status=dead".into(),
            vec!["delivery", "list", "--dead"],
        ),
        (
            "/api/v1/deliveries?status=queued&client=audit".into(),
            vec![
                "delivery", "list", "--status", "queued", "--client", "audit",
            ],
        ),
        (
            "/api/v1/deliveries?type=order.paid&since=1795975332".into(),
            vec![
                "delivery",
                "list",
                "--type",
                "order.paid",
                "--since",
                "1795975332",
            ],
        ),
        (
            "/api/v1/deliveries?subject=order-1&limit=2".into(),
            vec!["delivery", "list", "--subject", "order-1", "--limit", "2"],
        ),
        ("/api/v1/deliveries/ready".into(), vec!["delivery", "ready"]),
        (
            format!("/api/v1/deliveries/{dead}"),
            vec!["delivery", "get", &dead],
        ),
        (
            format!("/api/v1/deliveries/{dead}/chain"),
            vec!["delivery", "chain", &dead],
        ),
    ];
    for (path, args) in &pairs {
        assert_eq!(server.read(path), db.json(NOW, args), "GET {path}");
    }
    // The chart's history: the one delivered and one failed attempt, in
    // the minute of now.
    let history = server.read("/api/v1/stats/history?window=1h");
    assert_eq!(history, db.json(NOW, &["stats", "--history", "1h"]));
    let history = &history["history"];
    assert_eq!(history["delivered"].as_array().unwrap().len(), 60);
    assert_eq!(history["delivered"][59], 1, "{history}");
    assert_eq!(history["failed"][59], 1, "{history}");
    let total = |key: &str| -> i64 {
        history[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_i64().unwrap())
            .sum()
    };
    assert_eq!((total("delivered"), total("failed")), (1, 1));
    // Paging by `before`, as the command pages.
    let first = server.read("/api/v1/deliveries?limit=2");
    let last = first["deliveries"][1]["deliveryId"].as_str().unwrap();
    assert_eq!(
        server.read(&format!("/api/v1/deliveries?limit=2&before={last}")),
        db.json(NOW, &["delivery", "list", "--limit", "2", "--before", last]),
    );
    let metrics = server.get("/metrics");
    assert_eq!(metrics.status, 200);
    assert_eq!(
        metrics.body.trim_end(),
        db.text(NOW, &["stats", "--format", "prometheus"])
            .trim_end()
    );
}

test_on_both!(reads_answer_what_json_answers, "serve_reads");

fn failures_carry_the_command_failure_under_its_status(db: Db) {
    let dead = seeded(&db);
    let server = serve(&db, None, &[]);
    // Method, path, body, the status, and the command whose failure it is.
    type Case<'a> = (&'a str, String, Option<Value>, u16, Vec<&'a str>);
    let cases: Vec<Case> = vec![
        (
            "GET",
            "/api/v1/deliveries/delv_nope".into(),
            None,
            404,
            vec!["delivery", "get", "delv_nope"],
        ),
        (
            "GET",
            "/api/v1/events/evt_nope".into(),
            None,
            404,
            vec!["event", "get", "evt_nope"],
        ),
        (
            "POST",
            "/api/v1/events".into(),
            Some(json!({"subject": "s"})),
            422,
            vec!["event", "record", "--subject", "s"],
        ),
        (
            "POST",
            format!("/api/v1/deliveries/{dead}/complete"),
            Some(json!({"workerId": "w"})),
            409,
            vec!["delivery", "complete", &dead, "--worker", "w"],
        ),
        (
            "GET",
            "/api/v1/deliveries?status=bogus".into(),
            None,
            422,
            vec![],
        ),
    ];
    for (method, path, body, status, args) in cases {
        let reply = match &body {
            Some(body) => server.send(method, &path, body),
            None => server.get(&path),
        };
        assert_eq!(reply.status, status, "{method} {path}: {}", reply.body);
        let answer = reply.json();
        assert_eq!(answer["ok"], false, "{path}");
        if !args.is_empty() {
            let out = db.output(NOW, &args);
            let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(answer, printed, "{method} {path}");
        }
    }
    for (body, code) in [
        ("{\"type\": ", "invalid:json"),
        ("[1, 2]", "invalid:json"),
        // A form feed is whitespace to Rust but not to JSON: no body, and
        // no JSON either (found by schemathesis).
        ("\u{c}", "invalid:json"),
        ("{\"type\": 7}", "invalid:arguments"),
        ("{\"type\": \"t\", \"nope\": 1}", "invalid:arguments"),
    ] {
        let reply = server.request(
            "POST",
            "/api/v1/events",
            Some(("application/json", body)),
            &[],
        );
        assert_eq!(reply.status, 400, "{body}: {}", reply.body);
        assert_eq!(reply.json()["error"], code, "{body}");
    }
    // PostgreSQL's text cannot hold NUL: refused as input there, never a
    // storage failure (and never one hiding the first), kept by SQLite.
    let nul = server.send(
        "POST",
        "/api/v1/deliveries/complete",
        &json!({"deliveryIds": ["delv_\u{0}", "{"], "workerId": "w"}),
    );
    if db.is_sqlite() {
        assert_eq!(nul.status, 200, "{}", nul.body);
        assert_eq!(nul.json()[0]["error"], "deliveryNotFound");
    } else {
        assert_eq!(nul.status, 422, "{}", nul.body);
        assert_eq!(nul.json()["error"], "invalid:text");
    }
    // A switch in the query is true or false, spelled out.
    let reply = server.request(
        "DELETE",
        "/api/v1/subscriptions/sub_x?cancelPending=",
        None,
        &[],
    );
    assert_eq!(
        (reply.status, reply.json()["error"].clone()),
        (400, json!("invalid:arguments"))
    );
    let reply = server.get("/api/v1/deliveries?limit=many");
    assert_eq!(
        (reply.status, reply.json()["error"].clone()),
        (400, json!("invalid:arguments"))
    );
    let reply = server.get("/api/v1/no/such/route");
    assert_eq!(reply.status, 404);
}

test_on_both!(
    failures_carry_the_command_failure_under_its_status,
    "serve_failures"
);

fn a_worker_round_trips_over_http(db: Db) {
    db.sub(&["--types", "order.*"]);
    let server = serve(&db, None, &[]);
    let recorded = server.send(
        "POST",
        "/api/v1/events",
        &json!({"type": "order.created", "subject": "order-9", "payload": {"total": 42.5}}),
    );
    assert_eq!(recorded.status, 201, "{}", recorded.body);
    let recorded = recorded.json();
    let event = recorded["event"]["eventId"].as_str().unwrap();
    assert_eq!(
        db.json(NOW, &["event", "get", event])["event"],
        recorded["event"]
    );
    // The same event recorded by the command has the same id.
    let other = Db::sqlite();
    other.sub(&["--types", "order.*"]);
    let by_cli = other.json(
        NOW,
        &[
            "event",
            "record",
            "--type",
            "order.created",
            "--subject",
            "order-9",
            "--payload",
            r#"{"total": 42.5}"#,
        ],
    );
    assert_eq!(by_cli, recorded);

    let claimed = server.send(
        "POST",
        "/api/v1/deliveries/claim",
        &json!({"workerId": "w1", "limit": 10, "leaseSeconds": "2m"}),
    );
    assert_eq!(claimed.status, 200, "{}", claimed.body);
    let claimed = claimed.json();
    assert_eq!(claimed["count"], 1);
    assert_eq!(claimed["events"][0]["eventId"], event);
    let id = claimed["deliveries"][0]["deliveryId"].as_str().unwrap();
    assert_eq!(claimed["deliveries"][0]["leaseExpiresAt"], NOW + 120);
    assert_eq!(
        db.json(NOW, &["delivery", "get", id])["delivery"],
        claimed["deliveries"][0]
    );

    let renewed = server.send(
        "POST",
        &format!("/api/v1/deliveries/{id}/renew"),
        &json!({"worker": "w1", "lease": 600}),
    );
    assert_eq!(renewed.json()["delivery"]["leaseExpiresAt"], NOW + 600);
    let stolen = server.send(
        "POST",
        &format!("/api/v1/deliveries/{id}/complete"),
        &json!({"workerId": "w2"}),
    );
    assert_eq!(stolen.status, 409);
    assert_eq!(stolen.json()["error"], "invalid:claimOwner");
    let done = server.send(
        "POST",
        &format!("/api/v1/deliveries/{id}/complete"),
        &json!({"workerId": "w1"}),
    );
    assert_eq!(done.status, 200);
    assert_eq!(done.json(), db.json(NOW, &["delivery", "get", id]));
    assert_eq!(done.json()["delivery"]["status"], "delivered");

    // Several completions in one call: one answer per id, refusals among them.
    server.send(
        "POST",
        "/api/v1/events",
        &json!({"type": "order.paid", "subject": "order-9"}),
    );
    let next = server
        .send(
            "POST",
            "/api/v1/deliveries/claim",
            &json!({"workerId": "w1"}),
        )
        .json();
    let next = next["deliveries"][0]["deliveryId"]
        .as_str()
        .unwrap()
        .to_owned();
    let many = server.send(
        "POST",
        "/api/v1/deliveries/complete",
        &json!({"deliveryIds": [next, "delv_nope"], "workerId": "w1"}),
    );
    assert_eq!(many.status, 200);
    let many = many.json();
    assert_eq!(many[0]["delivery"]["status"], "delivered");
    assert_eq!(many[1]["error"], "deliveryNotFound");

    // Pause and resume a subscription.
    let sub = recorded["deliveries"][0]["subId"].as_str().unwrap();
    let paused = server.send(
        "POST",
        &format!("/api/v1/subscriptions/{sub}/pause"),
        &json!({}),
    );
    assert_eq!(paused.json()["subscription"]["status"], "paused");
    assert_eq!(db.json(NOW, &["sub", "get", sub]), paused.json());
    let patched = server.send(
        "PATCH",
        &format!("/api/v1/subscriptions/{sub}"),
        &json!({"status": "active", "eventTypes": ["order.*", "refund.*"]}),
    );
    assert_eq!(patched.status, 200, "{}", patched.body);
    assert_eq!(
        patched.json()["subscription"]["eventTypes"],
        json!(["order.*", "refund.*"])
    );
}

test_on_both!(a_worker_round_trips_over_http, "serve_worker");

fn an_ndjson_batch_is_all_or_nothing(db: Db) {
    db.sub(&["--types", "*"]);
    let server = serve(&db, None, &[]);
    let before = db.state();
    let bad = "{\"type\": \"a\"}\n{\"type\": \"b\"}\nnot json\n";
    let reply = server.ndjson(bad);
    assert_eq!(reply.status, 400, "{}", reply.body);
    assert_eq!(reply.json()["line"], 3);
    let refused = "{\"type\": \"a\"}\n{\"subject\": \"no type\"}\n";
    let reply = server.ndjson(refused);
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert_eq!(db.state(), before, "a refused batch wrote nothing");

    let good =
        "{\"type\": \"a\", \"subject\": \"s1\"}\n\n{\"type\": \"b\", \"payload\": {\"n\": 1}}\n";
    let reply = server.ndjson(good);
    assert_eq!(reply.status, 201, "{}", reply.body);
    let other = Db::sqlite();
    other.sub(&["--types", "*"]);
    let by_cli = other.json_with_stdin(NOW, &["event", "record", "--batch", "-"], good);
    assert_eq!(reply.json(), Value::Array(by_cli));

    // An Idempotency-Key is the event's id: the second call records nothing new.
    let once = || {
        server
            .request(
                "POST",
                "/api/v1/events",
                Some(("application/json", "{\"type\": \"order.created\"}")),
                &[("Idempotency-Key", "order-1001-created")],
            )
            .json()
    };
    let (first, again) = (once(), once());
    assert_eq!(first["event"]["eventId"], "order-1001-created");
    assert_eq!(first["event"], again["event"]);
    let listed = db.json(NOW, &["event", "list", "--type", "order.created"]);
    assert_eq!(listed["count"], 1);
}

test_on_both!(an_ndjson_batch_is_all_or_nothing, "serve_batch");

#[test]
fn beyond_loopback_a_token_is_required() {
    let db = Db::sqlite();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .env_remove("OUTBOX_SERVE_TOKEN")
        .args(["serve", "--listen", "0.0.0.0:0", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["error"], "invalid:listen");

    db.sub(&["--types", "*"]);
    let server = serve(&db, Some("s3cret-token"), &[]);
    assert_eq!(server.get("/api/v1/stats").status, 200);
    let bare = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .new_agent();
    for wrong in [None, Some("Bearer nope"), Some("Bearer s3cret-toke")] {
        let mut request = bare.get(format!("{}/api/v1/stats", server.base));
        if let Some(wrong) = wrong {
            request = request.header("authorization", wrong);
        }
        let reply = request.call().unwrap();
        assert_eq!(reply.status().as_u16(), 401, "{wrong:?}");
        let mut reply = reply;
        let body: Value =
            serde_json::from_str(&reply.body_mut().read_to_string().unwrap()).unwrap();
        assert_eq!(body["error"], "invalid:token");
    }
    let metrics = bare.get(format!("{}/metrics", server.base)).call().unwrap();
    assert_eq!(metrics.status().as_u16(), 401);
}

#[test]
fn read_only_refuses_every_write_and_serves_every_read() {
    let db = Db::sqlite();
    let dead = seeded(&db);
    let server = serve(&db, None, &["--read-only"]);
    let before = db.state();
    let document = server.read("/api/v1/openapi.json");
    let mut writes = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, _) in item.as_object().unwrap() {
            let path = path
                .replace("{deliveryId}", &dead)
                .replace("{eventId}", "evt_x")
                .replace("{subId}", "sub_x");
            let reply = server.request(&method.to_uppercase(), &path, None, &[]);
            if method == "get" {
                assert_ne!(reply.status, 403, "GET {path}");
                continue;
            }
            writes += 1;
            assert_eq!(reply.status, 403, "{method} {path}: {}", reply.body);
            assert_eq!(reply.json()["error"], "invalid:readOnly");
        }
    }
    assert!(writes >= 20, "{writes} writes");
    assert_eq!(db.state(), before);
}

#[test]
fn a_base_path_serves_under_its_prefix() {
    let db = Db::sqlite();
    db.sub(&["--types", "*"]);
    let server = serve(&db, None, &["--base-path", "/outbox/"]);
    assert_eq!(server.read("/api/v1/stats"), db.json(NOW, &["stats"]));
    let document = server.read("/api/v1/openapi.json");
    assert_eq!(document["servers"][0]["url"], "/outbox");
    let root = server.base.trim_end_matches("/outbox").to_owned();
    let bare = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .new_agent();
    let outside = bare.get(format!("{root}/api/v1/stats")).call().unwrap();
    assert_eq!(outside.status().as_u16(), 404);
}

/// A stop drops the stores kept between requests outside any runtime: a
/// PostgreSQL client dropped inside one aborted the process.
fn sigterm_stops_it_cleanly_and_sigint_with_130(db: Db) {
    for (signal, code) in [(libc::SIGTERM, 0), (libc::SIGINT, 130)] {
        let mut server = serve(&db, None, &[]);
        assert_eq!(server.get("/api/v1/stats").status, 200);
        assert_eq!(server.get("/").status, 200);
        // SAFETY: kill(2) on our own child.
        unsafe { libc::kill(server.child.id() as i32, signal) };
        let status = server.child.wait().unwrap();
        assert_eq!(status.code(), Some(code), "signal {signal}");
    }
}

test_on_both!(sigterm_stops_it_cleanly_and_sigint_with_130, "serve_stop");

/// The ids of a list's deliveries, sorted.
fn listed(answer: &Value) -> Vec<String> {
    let mut ids: Vec<String> = answer["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["deliveryId"].as_str().unwrap().to_owned())
        .collect();
    ids.sort();
    ids
}

fn bulk_actions_by_filter_touch_what_the_list_lists(db: Db) {
    db.sub(&["--types", "order.*", "--max-attempts", "1"]);
    let mut args = vec!["sub", "create", "--client", "audit", "--any-target"];
    args.extend(["--types", "order.*", "--max-attempts", "1"]);
    db.json(NOW, &args);
    // Dead letters of both clients, some an hour old, some new.
    for (n, at) in [(0, NOW - 3600), (1, NOW - 3600), (2, NOW), (3, NOW)] {
        db.record(at, "order.created", &format!("order-{n}"));
        for _ in 0..2 {
            let id = db.claim(at);
            db.fail(at, &id, &[]);
        }
    }
    let server = serve(&db, None, &[]);
    let filter = json!({"client": "billing", "status": "dead", "since": "30m"});
    let by_cli = db.json(
        NOW,
        &[
            "delivery", "list", "--dead", "--client", "billing", "--since", "30m",
        ],
    );
    assert_eq!(by_cli["count"], 2, "{by_cli}");

    let mut dry = filter.clone();
    dry["dryRun"] = true.into();
    let counted = server.send("POST", "/api/v1/deliveries/redrive", &dry);
    assert_eq!(counted.status, 200, "{}", counted.body);
    let counted = counted.json();
    assert_eq!(counted["matched"], by_cli["count"]);
    assert_eq!(counted["count"], by_cli["count"]);
    assert_eq!(listed(&counted), listed(&by_cli));
    assert_eq!(
        db.json(NOW, &["delivery", "list", "--dead"])["count"],
        8,
        "a dry run writes nothing"
    );

    let done = server
        .send("POST", "/api/v1/deliveries/redrive", &filter)
        .json();
    assert_eq!(done["count"], 2);
    let mut parents: Vec<String> = done["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["meta"]["parentDeliveryId"].as_str().unwrap().to_owned())
        .collect();
    parents.sort();
    assert_eq!(parents, listed(&by_cli), "exactly the listed dead letters");
    assert_eq!(db.json(NOW, &["delivery", "list", "--dead"])["count"], 6);
    let queued = db.json(NOW, &["delivery", "list", "--status", "queued"]);
    assert_eq!(listed(&queued), listed(&done));

    // Cancel by filter: the queued ones just made, nothing else.
    let canceled = server
        .send(
            "POST",
            "/api/v1/deliveries/cancel",
            &json!({"status": "queued"}),
        )
        .json();
    assert_eq!(listed(&canceled), listed(&queued));
    assert!(
        canceled["deliveries"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["status"] == "canceled")
    );
    // By ids, and what an action does not apply to is answered apart.
    let dead = db.json(NOW, &["delivery", "list", "--dead", "--client", "audit"]);
    let one = dead["deliveries"][0]["deliveryId"].as_str().unwrap();
    let replayed = server
        .send(
            "POST",
            "/api/v1/deliveries/replay",
            &json!({"deliveryIds": [one, "delv_nope"]}),
        )
        .json();
    assert_eq!(replayed["count"], 1);
    assert_eq!(replayed["deliveries"][0]["meta"]["replayOf"], one);
    assert_eq!(replayed["skipped"][0]["error"], "deliveryNotFound");
    // Neither ids and a filter together, nor nothing at all.
    for body in [json!({"deliveryIds": [one], "client": "audit"}), json!({})] {
        let reply = server.send("POST", "/api/v1/deliveries/cancel", &body);
        assert_eq!(reply.status, 422, "{body}: {}", reply.body);
    }
}

test_on_both!(
    bulk_actions_by_filter_touch_what_the_list_lists,
    "serve_bulk"
);

fn backfill_by_ids_or_a_client(db: Db) {
    for n in 0..3 {
        db.record(NOW, "order.created", &format!("order-{n}"));
    }
    let late = |client: &str, types: &str| {
        let mut args = vec!["sub", "create", "--client", client, "--any-target"];
        args.extend(["--types", types]);
        db.json(NOW, &args)["subscription"]["subId"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (first, second) = (late("late", "order.*"), late("late", "order.created"));
    let other = late("other", "order.*");
    let server = serve(&db, None, &[]);
    let dry = server.send(
        "POST",
        "/api/v1/subscriptions/backfill",
        &json!({"client": "late", "dryRun": true}),
    );
    assert_eq!(dry.status, 200, "{}", dry.body);
    assert_eq!(dry.json()["count"], 6);
    assert_eq!(
        dry.json(),
        db.json(NOW, &["sub", "backfill", "--client", "late", "--dry-run"])
    );
    let done = server
        .send(
            "POST",
            "/api/v1/subscriptions/backfill",
            &json!({"client": "late"}),
        )
        .json();
    assert_eq!(done["count"], 6);
    let subs: std::collections::BTreeSet<&str> = done["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["subId"].as_str().unwrap())
        .collect();
    assert_eq!(
        subs,
        [first.as_str(), second.as_str()].into_iter().collect()
    );
    let again = server
        .send(
            "POST",
            "/api/v1/subscriptions/backfill",
            &json!({"subIds": [first, second]}),
        )
        .json();
    assert_eq!(again["count"], 0, "nothing twice");
    // A paused one among those named refuses them all, before any is written.
    db.json(NOW, &["sub", "pause", &other]);
    let before = db.state();
    let refused = server.send(
        "POST",
        "/api/v1/subscriptions/backfill",
        &json!({"subIds": [first, other]}),
    );
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert_eq!(refused.json()["error"], "invalid:subscriptionStatus");
    assert_eq!(db.state(), before);
}

test_on_both!(backfill_by_ids_or_a_client, "serve_backfill");
