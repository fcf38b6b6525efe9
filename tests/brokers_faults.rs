//! Brokers that go away, on SQLite and PostgreSQL: one that cannot be
//! reached costs a delivery no attempt; each broker killed (`kill -9`)
//! mid-drain and started again leaves every delivery delivered, JetStream's
//! stream holding each event exactly once (it drops the repeats by the
//! event's id) and nothing lost on the other three (at least once, with
//! the stable id); a worker killed mid-drain the same. The servers here
//! are the test's own, on free ports, so they can be killed.

mod common;

use async_nats::jetstream::stream::StorageType;
use common::brokers::{
    amqp_messages, amqp_queue_in, block_on, broker_sub, nats_messages, nats_stream_in,
    redis_entries_at, unique,
};
use common::db::{Db, NOW};
use common::own_server::{OwnServer, free_port};
use lapin::Confirmation;
use serde_json::json;
use std::collections::HashSet;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Deliveries in each drain: enough that a kill lands mid-drain.
const COUNT: usize = 2000;

fn record_many(db: &Db, count: usize) {
    let lines: String = (0..count)
        .map(|n| {
            format!(
                "{}\n",
                json!({"type": "t", "subject": format!("o-{n}"), "payload": {"n": n}})
            )
        })
        .collect();
    db.json_with_stdin(NOW, &["event", "record", "--batch", "-"], &lines);
}

fn delivered(db: &Db) -> u64 {
    db.json(NOW, &["stats"])["stats"]["byStatus"]["delivered"]
        .as_u64()
        .unwrap_or(0)
}

/// `outbox work` running in the background on the system clock.
fn worker(db: &Db, extra: &[&str]) -> Child {
    let mut args = vec!["work", "--timeout", "2s", "--poll-max", "200ms"];
    args.extend_from_slice(extra);
    Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .env_remove("OUTBOX_NOW")
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Waits until some deliveries, not all, are delivered.
fn wait_some_delivered(db: &Db) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while delivered(db) < 100 {
        assert!(Instant::now() < deadline, "nothing delivered");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits until every delivery is delivered, up to `limit`, while
/// `worker` keeps running.
fn wait_all_delivered(db: &Db, worker: &mut Child, count: u64, limit: Duration) {
    let deadline = Instant::now() + limit;
    while delivered(db) != count {
        if let Some(ended) = worker.try_wait().unwrap() {
            panic!(
                "the worker ended ({ended}) before all were delivered: {}",
                db.json(NOW, &["stats"])
            );
        }
        assert!(
            Instant::now() < deadline,
            "not all delivered: {}; the last failed: {}",
            db.json(NOW, &["stats"]),
            db.json(
                NOW,
                &["delivery", "list", "--status", "failed", "--limit", "3"]
            )
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn stop(mut child: Child) {
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    child.wait().unwrap();
}

/// A subscription to `endpoint` over `transport` with a short retry and
/// no breaker (the kill must not hold the drain for a cool-down), `COUNT`
/// events for it, and a worker draining them while `server` is killed
/// once some are delivered and started again 1.5 s later. Returns once
/// every delivery is delivered.
fn kill_mid_drain(db: &Db, server: &mut OwnServer, transport: &str, endpoint: &str) {
    broker_sub(
        db,
        "t",
        transport,
        endpoint,
        &["--retry-schedule", "1s", "--breaker", "off"],
    );
    record_many(db, COUNT);
    let mut running = worker(db, &["--concurrency", "8"]);
    wait_some_delivered(db);
    server.kill();
    let at_kill = delivered(db);
    eprintln!("{transport}: {at_kill} of {COUNT} delivered when the server was killed");
    assert!(at_kill < COUNT as u64, "the drain ended before the kill");
    std::thread::sleep(Duration::from_millis(1500));
    // The worker is held still while the broker starts again: a RabbitMQ
    // node takes publishes a moment before its bindings are back, and an
    // unroutable message fails its attempt, as it should. This test is of
    // the broker going away, not of that moment.
    signal(&running, libc::SIGSTOP);
    assert!(server.run());
    if transport == "amqp" {
        amqp_routes_again(server);
    }
    signal(&running, libc::SIGCONT);
    wait_all_delivered(db, &mut running, COUNT as u64, Duration::from_secs(120));
    stop(running);
    // A broker that went away spent no delivery's attempt: each event was
    // delivered by its first.
    let stats = db.json(NOW, &["stats"]);
    assert_eq!(stats["stats"]["total"], COUNT, "{transport}: {stats}");
}

fn signal(child: &Child, signal: i32) {
    unsafe { libc::kill(child.id() as i32, signal) };
}

/// Waits until the restarted RabbitMQ node routes a message to the test's
/// queue again (see `kill_mid_drain`): one published with a key of
/// `faults.#`, mandatory, confirmed and not returned. A node that is still
/// booting may take a connection and drop it: that is not yet, either.
fn amqp_routes_again(server: &OwnServer) {
    let url = format!("{}/%2f", server.url("amqp")).replacen("amqp://", "amqp://guest:guest@", 1);
    let deadline = Instant::now() + Duration::from_secs(60);
    block_on(async {
        loop {
            let last = match amqp_routes(&url).await {
                Ok(Confirmation::Ack(None)) => return,
                Ok(Confirmation::Ack(Some(_))) => "the probe came back unroutable".to_owned(),
                Ok(other) => format!("the probe was answered {other:?}"),
                Err(e) => format!("the node refused the probe: {e}"),
            };
            assert!(
                Instant::now() < deadline,
                "the node never routed again ({last}); its log ends:\n{}",
                server.log_tail(40)
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    });
}

/// How the node answered a probe published to `url`: `Ack(None)` once it
/// routed and confirmed it.
async fn amqp_routes(url: &str) -> Result<Confirmation, lapin::Error> {
    use lapin::options::{BasicPublishOptions, ConfirmSelectOptions};
    let connection =
        lapin::Connection::connect(url, lapin::ConnectionProperties::default()).await?;
    let channel = connection.create_channel().await?;
    channel
        .confirm_select(ConfirmSelectOptions::default())
        .await?;
    let confirm = channel
        .basic_publish(
            "amq.topic".into(),
            "faults.ready".into(),
            BasicPublishOptions {
                mandatory: true,
                immediate: false,
            },
            b"{}",
            lapin::BasicProperties::default().with_message_id("probe".into()),
        )
        .await?
        .await?;
    let _ = connection.close(0, "ready".into()).await;
    Ok(confirm)
}

/// Each event's id once in the stream, and nothing else.
fn exactly_once(server: &OwnServer, stream: &str, count: usize) {
    let jetstream = block_on(async {
        async_nats::jetstream::new(async_nats::connect(server.url("nats")).await.unwrap())
    });
    let arrived = block_on(nats_messages(&jetstream, stream));
    let ids: HashSet<&str> = arrived.iter().map(|m| m.header("Nats-Msg-Id")).collect();
    assert_eq!(arrived.len(), count, "a message stored twice or lost");
    assert_eq!(ids.len(), count);
}

/// Every event of `db` among the ids that arrived.
fn every_event_in(db: &Db, ids: &HashSet<String>) {
    assert!(ids.len() >= COUNT, "{} of {COUNT} arrived", ids.len());
    let mut before: Option<String> = None;
    loop {
        let mut args = vec!["event", "list", "--limit", "500"];
        if let Some(id) = &before {
            args.extend(["--before", id]);
        }
        let page = db.json(NOW, &args);
        let events = page["events"].as_array().unwrap();
        for event in events {
            let id = event["eventId"].as_str().unwrap();
            assert!(ids.contains(id), "{id} never arrived");
        }
        match events.last() {
            Some(last) if events.len() == 500 => {
                before = Some(last["eventId"].as_str().unwrap().to_owned());
            }
            _ => break,
        }
    }
}

fn an_unreachable_broker_costs_no_attempt_and_pauses_its_subscription(db: Db) {
    let port = free_port();
    let endpoint = format!("redis://127.0.0.1:{port}?stream=s");
    let sub = broker_sub(&db, "t", "redis", &endpoint, &[]);
    db.record(NOW, "t", "o-1");
    let output = db
        .cmd(NOW, &["work", "--drain", "--timeout", "2s"])
        .env_remove("OUTBOX_NOW")
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("unspent"), "{stderr}");
    let delivery = &db.json(NOW, &["delivery", "list"])["deliveries"][0];
    assert_eq!(delivery["status"], "queued", "{delivery}");
    assert_eq!(delivery["attempt"], 1);
    let error = delivery["lastError"].as_str().unwrap();
    assert!(
        error.contains(&format!("redis unreachable at 127.0.0.1:{port}")),
        "{error}"
    );
    // Resting until the broker can be tried again: the pause is counted
    // from the real clock, later than the test's fixed one.
    let health = db.json(NOW, &["sub", "health"]);
    let sub_health = &health["subscriptions"][0];
    assert_eq!(sub_health["subId"], sub.as_str());
    assert!(
        sub_health["pausedUntil"].as_i64().unwrap() > NOW,
        "{health}"
    );
    assert_eq!(sub_health["consecutiveFailures"], 1, "{health}");
}
test_on_both!(
    an_unreachable_broker_costs_no_attempt_and_pauses_its_subscription,
    "faults_unreachable"
);

/// A worker claims ahead of what it runs: the deliveries still waiting
/// when their broker turns out unreachable are held back by the first
/// failure and go back unsent, never tried, once the pause is recorded.
fn an_unreachable_broker_has_what_was_claimed_ahead_given_back_untried(db: Db) {
    let port = free_port();
    let endpoint = format!("redis://127.0.0.1:{port}?stream=s");
    let sub = broker_sub(&db, "t", "redis", &endpoint, &[]);
    record_many(&db, 20);
    let output = db
        .cmd(
            NOW,
            &["work", "--drain", "--concurrency", "4", "--timeout", "2s"],
        )
        .env_remove("OUTBOX_NOW")
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let tried = stderr
        .lines()
        .filter(|l| l.contains("unreachable at"))
        .count();
    // Those that took the four places before the first failure came back
    // were tried; the four more claimed ahead waited, held back, and went
    // back when the pause was recorded.
    assert!((1..=4).contains(&tried), "{stderr}");
    assert!(!stderr.contains("breaker"), "{stderr}");
    let all = db.json(NOW, &["delivery", "list", "--limit", "50"]);
    let deliveries = all["deliveries"].as_array().unwrap();
    assert_eq!(deliveries.len(), 20);
    for delivery in deliveries {
        assert_eq!(
            (&delivery["status"], &delivery["attempt"]),
            (&json!("queued"), &json!(1)),
            "{delivery}"
        );
    }
    let health = db.json(NOW, &["sub", "health", &sub]);
    assert_eq!(
        health["subscriptions"][0]["consecutiveFailures"].as_i64(),
        Some(tried as i64),
        "{health}"
    );
}
test_on_both!(
    an_unreachable_broker_has_what_was_claimed_ahead_given_back_untried,
    "faults_unreachable_ahead"
);

fn a_nats_server_killed_mid_drain_loses_nothing_and_stores_nothing_twice(db: Db) {
    let Some(mut server) = OwnServer::nats() else {
        return;
    };
    let stream = unique("faults_");
    block_on(nats_stream_in(
        &server.url("nats"),
        &stream,
        &[format!("{stream}.>")],
        StorageType::File,
    ));
    let endpoint = format!("{}/{stream}.{{subject}}", server.url("nats"));
    kill_mid_drain(&db, &mut server, "nats", &endpoint);
    exactly_once(&server, &stream, COUNT);
}
broker_test!(
    a_nats_server_killed_mid_drain_loses_nothing_and_stores_nothing_twice,
    "faults_nats_killed"
);

fn a_worker_killed_mid_drain_sends_again_with_the_same_id(db: Db) {
    let Some(server) = OwnServer::nats() else {
        return;
    };
    let stream = unique("killed_");
    block_on(nats_stream_in(
        &server.url("nats"),
        &stream,
        &[format!("{stream}.>")],
        StorageType::File,
    ));
    let endpoint = format!("{}/{stream}.{{subject}}", server.url("nats"));
    broker_sub(&db, "t", "nats", &endpoint, &[]);
    record_many(&db, COUNT);
    let mut first = worker(&db, &["--concurrency", "8", "--lease", "1s"]);
    wait_some_delivered(&db);
    // Killed with deliveries claimed and published, not yet completed.
    first.kill().unwrap();
    first.wait().unwrap();
    let mut second = worker(&db, &["--concurrency", "8", "--lease", "1s"]);
    wait_all_delivered(&db, &mut second, COUNT as u64, Duration::from_secs(90));
    stop(second);
    exactly_once(&server, &stream, COUNT);
}
broker_test!(
    a_worker_killed_mid_drain_sends_again_with_the_same_id,
    "faults_worker_killed"
);

fn a_redis_server_killed_mid_drain_loses_nothing(db: Db) {
    let Some(mut server) = OwnServer::redis() else {
        return;
    };
    let endpoint = format!("{}?stream=s", server.url("redis"));
    kill_mid_drain(&db, &mut server, "redis", &endpoint);
    // At least once: every event's id is in the stream (a message Redis
    // took just before it died may be there twice, with the same id).
    let ids: HashSet<String> = block_on(redis_entries_at(&server.url("redis"), "s"))
        .iter()
        .map(|entry| entry.header("id").to_owned())
        .collect();
    every_event_in(&db, &ids);
}
broker_test!(
    a_redis_server_killed_mid_drain_loses_nothing,
    "faults_redis_killed"
);

fn a_rabbitmq_node_killed_mid_drain_loses_nothing(db: Db) {
    let Some(mut server) = OwnServer::rabbitmq() else {
        return;
    };
    let url = format!("{}/%2f", server.url("amqp"));
    let guest = url.replacen("amqp://", "amqp://guest:guest@", 1);
    // A durable queue: it and the persistent messages a publisher confirm
    // covered outlive the node's death.
    block_on(amqp_queue_in(&guest, "kept", "amq.topic", "faults.#", true));
    // A node killed within a moment of confirming a definition may come
    // back without it (seen here: a node that never routed to the queue
    // again after its restart), which is no fault of a publisher's; its
    // definitions reach the disk within a second or two.
    std::thread::sleep(Duration::from_millis(2500));
    let endpoint = format!("{url}?exchange=amq.topic&routing_key=faults.{{subject}}");
    kill_mid_drain(&db, &mut server, "amqp", &endpoint);
    let ids: HashSet<String> = block_on(async {
        let channel = amqp_queue_in(&guest, "kept", "amq.topic", "faults.#", true).await;
        amqp_messages(&channel, "kept")
            .await
            .iter()
            .map(|message| message.header("message_id").to_owned())
            .collect()
    });
    every_event_in(&db, &ids);
}
broker_test!(
    a_rabbitmq_node_killed_mid_drain_loses_nothing,
    "faults_amqp_killed"
);

/// What an MQTT 5 subscriber of `filter` on `server` receives, kept as
/// the events' ids (their correlation data) until it is dropped; it
/// subscribes again whenever it connects, so it outlives its server's
/// restarts.
struct MqttReader {
    ids: Arc<Mutex<HashSet<String>>>,
    done: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl MqttReader {
    fn start(server: &OwnServer, filter: &str) -> MqttReader {
        use rumqttc::v5::mqttbytes::QoS;
        use rumqttc::v5::mqttbytes::v5::Packet;
        use rumqttc::v5::{Client, Event, MqttOptions};
        let ids = Arc::new(Mutex::new(HashSet::new()));
        let done = Arc::new(AtomicBool::new(false));
        let mut options = MqttOptions::new(unique("reader"), "127.0.0.1", server.port);
        options.set_keep_alive(Duration::from_secs(5));
        let (client, mut connection) = Client::new(options, 1024);
        let (subscribed_tx, subscribed) = std::sync::mpsc::channel();
        let filter = filter.to_owned();
        let thread = std::thread::spawn({
            let (ids, done) = (ids.clone(), done.clone());
            move || {
                while !done.load(Ordering::Relaxed) {
                    match connection.recv_timeout(Duration::from_millis(100)) {
                        Ok(Ok(Event::Incoming(Packet::ConnAck(_)))) => {
                            client.subscribe(filter.as_str(), QoS::AtLeastOnce).unwrap();
                        }
                        Ok(Ok(Event::Incoming(Packet::SubAck(_)))) => {
                            let _ = subscribed_tx.send(());
                        }
                        Ok(Ok(Event::Incoming(Packet::Publish(publish)))) => {
                            let data = publish.properties.and_then(|p| p.correlation_data);
                            let id = String::from_utf8_lossy(&data.unwrap_or_default()).into();
                            ids.lock().unwrap().insert(id);
                        }
                        // The server is down: try again shortly.
                        Ok(Err(_)) => std::thread::sleep(Duration::from_millis(50)),
                        _ => {}
                    }
                }
            }
        });
        subscribed
            .recv_timeout(Duration::from_secs(10))
            .expect("the reader subscribed");
        MqttReader {
            ids,
            done,
            thread: Some(thread),
        }
    }

    /// What arrived, once nothing more has for a while.
    fn ids(mut self) -> HashSet<String> {
        let mut seen = 0;
        loop {
            std::thread::sleep(Duration::from_millis(500));
            let now = self.ids.lock().unwrap().len();
            if now == seen {
                break;
            }
            seen = now;
        }
        self.done.store(true, Ordering::Relaxed);
        self.thread.take().unwrap().join().unwrap();
        std::mem::take(&mut self.ids.lock().unwrap())
    }
}

fn a_mosquitto_broker_killed_mid_drain_loses_nothing(db: Db) {
    let Some(mut server) = OwnServer::mosquitto() else {
        return;
    };
    let reader = MqttReader::start(&server, "faults/#");
    // QoS 1 (PUBACK). A broker that dies forgets what it had not handed
    // on; the deliveries it had not acknowledged are published again once
    // it is back, after their subscription's 5 s rest, by which time the
    // reader has subscribed again.
    let endpoint = format!("{}/faults/{{subject}}?qos=1", server.url("mqtt"));
    kill_mid_drain(&db, &mut server, "mqtt", &endpoint);
    every_event_in(&db, &reader.ids());
}
broker_test!(
    a_mosquitto_broker_killed_mid_drain_loses_nothing,
    "faults_mqtt_killed"
);
